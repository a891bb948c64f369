//! The positions of the index as buckets of packed records: 4,096 buckets by the top
//! 12 bits of the hash, each one SQLite blob of 16-byte records sorted by (hash,
//! game, move number, move): the hash (8 bytes), the game's id (4), the move number
//! (2) and the move's code (2), little-endian. 16 bytes a position and a few bytes a
//! bucket; a lookup reads one blob and searches it by halves.
//!
//! A run gathers its new records bucket by bucket in memory; past [`BUDGET`] records
//! it writes them, bucket after bucket, to a temporary file (a run of its own) and
//! starts again, the vectors keeping their memory, so memory stays bounded whatever
//! the collection. At the end each bucket
//! that gains records, or may lose some (games dropped), is read, merged with its
//! new records from memory and the runs, sorted and written back once.

use std::collections::HashSet;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};

/// Buckets: the top [`BITS`] bits of a hash.
pub const BITS: u32 = 12;
/// How many buckets.
pub const COUNT: usize = 1 << BITS;
/// Records held in memory before they are written to a run: 1 Mi records, 16 MiB,
/// in vectors reserving about twice that (at most four times, [`Pending`]).
pub const BUDGET: usize = 1 << 20;
/// Bytes a record.
pub const SIZE: usize = 16;

/// One position of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rec {
    /// The position's hash.
    pub hash: u64,
    /// The game's id (`games.id`).
    pub game: u32,
    /// Moves made before it.
    pub ply: u16,
    /// The move played from it.
    pub mv: u16,
}

impl Rec {
    /// Its bucket.
    pub fn bucket(&self) -> usize {
        (self.hash >> (64 - BITS)) as usize
    }

    /// Its 16 bytes.
    pub fn bytes(&self) -> [u8; SIZE] {
        let mut b = [0u8; SIZE];
        b[..8].copy_from_slice(&self.hash.to_le_bytes());
        b[8..12].copy_from_slice(&self.game.to_le_bytes());
        b[12..14].copy_from_slice(&self.ply.to_le_bytes());
        b[14..].copy_from_slice(&self.mv.to_le_bytes());
        b
    }

    /// A record from its 16 bytes.
    pub fn from_bytes(b: &[u8; SIZE]) -> Rec {
        let [h0, h1, h2, h3, h4, h5, h6, h7, g0, g1, g2, g3, p0, p1, m0, m1] = *b;
        Rec {
            hash: u64::from_le_bytes([h0, h1, h2, h3, h4, h5, h6, h7]),
            game: u32::from_le_bytes([g0, g1, g2, g3]),
            ply: u16::from_le_bytes([p0, p1]),
            mv: u16::from_le_bytes([m0, m1]),
        }
    }
}

/// The records of a blob (a trailing partial record is ignored).
pub fn decode(blob: &[u8]) -> impl Iterator<Item = Rec> + '_ {
    blob.chunks_exact(SIZE).filter_map(|c| {
        let arr: &[u8; SIZE] = c.try_into().ok()?;
        Some(Rec::from_bytes(arr))
    })
}

/// The records of a sorted blob whose hash is `hash`.
pub fn find(blob: &[u8], hash: u64) -> Vec<Rec> {
    let n = blob.len() / SIZE;
    let at = |i: usize| -> u64 {
        let mut w = [0u8; 8];
        if let Some(s) = blob.get(i * SIZE..i * SIZE + 8) {
            w.copy_from_slice(s);
        }
        u64::from_le_bytes(w)
    };
    // The first record whose hash is not below `hash`.
    let (mut lo, mut hi) = (0usize, n);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if at(mid) < hash {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    let mut out = Vec::new();
    let mut i = lo;
    while i < n && at(i) == hash {
        if let Some(r) = blob
            .get(i * SIZE..(i + 1) * SIZE)
            .and_then(|c| c.try_into().ok())
        {
            out.push(Rec::from_bytes(r));
        }
        i += 1;
    }
    out
}

impl Rec {
    /// The record as one number ordered as records are (hash, game, move number,
    /// move): one comparison instead of four when sorting.
    fn key(&self) -> u128 {
        u128::from(self.hash) << 64
            | u128::from(self.game) << 32
            | u128::from(self.ply) << 16
            | u128::from(self.mv)
    }

    /// The record of a [`Rec::key`].
    fn of_key(k: u128) -> Rec {
        Rec {
            hash: (k >> 64) as u64,
            game: (k >> 32) as u32,
            ply: (k >> 16) as u16,
            mv: k as u16,
        }
    }
}

/// The blob of these records sorted, each once (sorted as numbers, [`Rec::key`]).
pub fn sorted_blob(recs: Vec<Rec>) -> Vec<u8> {
    let mut keys: Vec<u128> = recs.iter().map(Rec::key).collect();
    drop(recs);
    keys.sort_unstable();
    keys.dedup();
    let mut out = Vec::with_capacity(keys.len() * SIZE);
    for &k in &keys {
        out.extend_from_slice(&Rec::of_key(k).bytes());
    }
    out
}

/// The blob of sorted records.
#[cfg(test)]
pub fn encode(recs: &[Rec]) -> Vec<u8> {
    let mut out = Vec::with_capacity(recs.len() * SIZE);
    for r in recs {
        out.extend_from_slice(&r.bytes());
    }
    out
}

/// A run written to a temporary file: each bucket's records, bucket after bucket,
/// with how many each has.
struct Run {
    file: BufReader<std::fs::File>,
    counts: Vec<u32>,
}

/// The new records of a run of `kifu index`, by bucket: up to a budget of records in
/// memory, the rest in runs on disk; and the games dropped.
///
/// Each bucket's vector keeps its memory when a run is written (records land in
/// every bucket alike, so the vectors are refilled to about the same length) unless
/// the run used less than half of it, and a run is written once the records held
/// reach the budget: what the vectors keep is at most twice a run's records (and 64
/// a bucket), what they grow by doubling during a run at most twice again.
pub struct Pending {
    buckets: Vec<Vec<Rec>>,
    held: usize,
    budget: usize,
    runs: Vec<Run>,
    /// Games dropped in this run: their old records go.
    pub dead: HashSet<u32>,
}

impl Default for Pending {
    fn default() -> Pending {
        Pending::with_budget(BUDGET)
    }
}

impl Pending {
    /// Pending records held in memory up to `budget` at a time.
    pub fn with_budget(budget: usize) -> Pending {
        Pending {
            buckets: vec![Vec::new(); COUNT],
            held: 0,
            budget: budget.max(1),
            runs: Vec::new(),
            dead: HashSet::new(),
        }
    }

    /// Adds a record (the records held go to a run once the budget is reached).
    pub fn push(&mut self, r: Rec) -> std::io::Result<()> {
        if let Some(b) = self.buckets.get_mut(r.bucket()) {
            b.push(r);
            self.held += 1;
        }
        if self.held >= self.budget {
            self.spill()?;
        }
        Ok(())
    }

    /// The bytes the buckets' vectors reserve.
    #[cfg(test)]
    pub fn reserved(&self) -> usize {
        self.buckets.iter().map(Vec::capacity).sum::<usize>() * std::mem::size_of::<Rec>()
    }

    /// Writes the records held to a new run, bucket after bucket.
    fn spill(&mut self) -> std::io::Result<()> {
        let mut file = tempfile::tempfile()?;
        let mut counts = Vec::with_capacity(COUNT);
        {
            let mut w = BufWriter::with_capacity(1 << 16, &mut file);
            for b in &mut self.buckets {
                counts.push(b.len() as u32);
                for r in b.iter() {
                    w.write_all(&r.bytes())?;
                }
                // A vector keeps its memory for the next run unless this run filled
                // less than half of it: what is kept is at most twice the records
                // written, so memory stays bounded however the buckets' shares shift.
                if b.capacity() > 2 * b.len() + 64 {
                    *b = Vec::new();
                } else {
                    b.clear();
                }
            }
            w.flush()?;
        }
        file.seek(SeekFrom::Start(0))?;
        self.runs.push(Run {
            file: BufReader::with_capacity(1 << 13, file),
            counts,
        });
        self.held = 0;
        Ok(())
    }

    /// True when the run adds nothing and drops nothing.
    pub fn is_empty(&self) -> bool {
        self.held == 0 && self.runs.is_empty() && self.dead.is_empty()
    }

    /// How many new records bucket `b` has.
    pub fn gains(&self, b: usize) -> usize {
        self.buckets.get(b).map_or(0, Vec::len)
            + self
                .runs
                .iter()
                .map(|r| r.counts.get(b).map_or(0, |&c| c as usize))
                .sum::<usize>()
    }

    /// Bucket `b`'s new records, taken from memory and from the runs (buckets must be
    /// taken in increasing order: each run is read straight through).
    pub fn take(&mut self, b: usize, out: &mut Vec<Rec>) -> std::io::Result<()> {
        if let Some(v) = self.buckets.get_mut(b) {
            out.append(v);
            *v = Vec::new();
        }
        let mut bytes = Vec::new();
        for run in &mut self.runs {
            let n = run.counts.get(b).copied().unwrap_or(0) as usize;
            bytes.resize(n * SIZE, 0);
            run.file.read_exact(&mut bytes)?;
            out.extend(decode(&bytes));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_are_found_by_halves() {
        let mut recs: Vec<Rec> = (0..100u64)
            .map(|i| Rec {
                hash: (i / 3) << 40 | 7,
                game: i as u32,
                ply: (i % 5) as u16,
                mv: (i % 7) as u16,
            })
            .collect();
        recs.sort_unstable();
        let blob = encode(&recs);
        assert_eq!(blob.len(), 100 * SIZE);
        let mut shuffled = recs.clone();
        shuffled.reverse();
        shuffled.extend_from_slice(&recs[..10]);
        assert_eq!(
            sorted_blob(shuffled),
            blob,
            "sorted as records are, each once"
        );
        assert_eq!(decode(&blob).collect::<Vec<_>>(), recs);
        let found = find(&blob, 5 << 40 | 7);
        assert_eq!(
            found.iter().map(|r| r.game).collect::<Vec<_>>(),
            vec![15, 16, 17]
        );
        assert!(find(&blob, 5 << 40).is_empty());
        assert!(find(&blob, u64::MAX).is_empty());
    }

    #[test]
    fn records_past_the_budget_go_to_runs_and_come_back_by_bucket() {
        let mut p = Pending::with_budget(30_000);
        let mut all = Vec::new();
        let mut most = 0;
        for i in 0..200_000u64 {
            let r = Rec {
                hash: i.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                game: i as u32,
                ply: 0,
                mv: 0,
            };
            all.push(r);
            p.push(r).unwrap();
            if i % 64 == 0 {
                most = most.max(p.reserved());
            }
        }
        // Memory is the budget's (twice, the vectors' doubling), never more.
        assert!(most <= 2 * 30_000 * SIZE, "{most}");
        // However the buckets' shares shift from run to run: all in one bucket,
        // then all in the next, and so on.
        let mut q = Pending::with_budget(3_000);
        let mut most = 0;
        for i in 0..1_200_000u64 {
            let bucket = i / 3_000;
            q.push(Rec {
                hash: bucket << (64 - BITS) | i,
                game: 0,
                ply: 0,
                mv: 0,
            })
            .unwrap();
            if i % 500 == 0 {
                most = most.max(q.reserved());
            }
        }
        assert!(most <= 4 * 3_000 * SIZE + COUNT * 64 * SIZE, "{most}");
        assert_eq!(p.runs.len(), 6);
        assert_eq!(p.held, 20_000);
        let mut back = Vec::new();
        let mut gained = 0;
        for b in 0..COUNT {
            let mut v = Vec::new();
            let gains = p.gains(b);
            gained += gains;
            p.take(b, &mut v).unwrap();
            assert_eq!(v.len(), gains);
            assert!(v.iter().all(|r| r.bucket() == b));
            back.extend(v);
        }
        assert_eq!(gained, 200_000);
        back.sort_unstable();
        all.sort_unstable();
        assert_eq!(back, all);
    }
}
