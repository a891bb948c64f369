//! The positions of the index as buckets of packed records: 4,096 buckets by the top
//! 12 bits of the hash, each one SQLite blob of 16-byte records sorted by (hash,
//! game, move number, move): the hash (8 bytes), the game's id (4), the move number
//! (2) and the move's code (2), little-endian. 16 bytes a position and a few bytes a
//! bucket; a lookup reads one blob and searches it by halves.
//!
//! A run gathers its new records in one vector of [`BUDGET`] records; full, it is
//! sorted by bucket and written to a temporary file (a run of its own) and starts
//! again, so memory stays bounded whatever the collection. At the end each bucket
//! that gains records, or may lose some (games dropped), is read, merged with its
//! new records from memory and the runs, sorted and written back once.

use std::collections::HashSet;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};

/// Buckets: the top [`BITS`] bits of a hash.
pub const BITS: u32 = 12;
/// How many buckets.
pub const COUNT: usize = 1 << BITS;
/// Records held in memory before they are written to a run (2 Mi records, 32 MiB).
pub const BUDGET: usize = 2 << 20;
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

/// The blob of sorted records.
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

/// The new records of a run of `kifu index`: up to [`BUDGET`] in one vector (its
/// memory fixed, not doubled as it grows), the rest in runs on disk; and the games
/// dropped.
pub struct Pending {
    held: Vec<Rec>,
    /// After [`Pending::seal`]: how many of `held` each bucket has (`held` sorted by
    /// bucket), and where the next bucket's start.
    counts: Vec<u32>,
    next: usize,
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
            held: Vec::new(),
            counts: Vec::new(),
            next: 0,
            budget: budget.max(1),
            runs: Vec::new(),
            dead: HashSet::new(),
        }
    }

    /// Adds a record (the records held go to a run once the budget is reached).
    pub fn push(&mut self, r: Rec) -> std::io::Result<()> {
        if self.held.capacity() == 0 {
            self.held.reserve_exact(self.budget);
        }
        self.held.push(r);
        if self.held.len() >= self.budget {
            self.spill()?;
        }
        Ok(())
    }

    /// Sorts the records held by bucket and counts each bucket's.
    fn by_bucket(&mut self) -> Vec<u32> {
        self.held.sort_unstable_by_key(Rec::bucket);
        let mut counts = vec![0u32; COUNT];
        for r in &self.held {
            if let Some(c) = counts.get_mut(r.bucket()) {
                *c += 1;
            }
        }
        counts
    }

    /// Writes the records held to a new run.
    fn spill(&mut self) -> std::io::Result<()> {
        let counts = self.by_bucket();
        let mut file = tempfile::tempfile()?;
        {
            let mut w = BufWriter::new(&mut file);
            for r in &self.held {
                w.write_all(&r.bytes())?;
            }
            w.flush()?;
        }
        self.held.clear();
        file.seek(SeekFrom::Start(0))?;
        self.runs.push(Run {
            file: BufReader::with_capacity(1 << 13, file),
            counts,
        });
        Ok(())
    }

    /// Ends the adding: the records held are sorted by bucket, to be taken.
    pub fn seal(&mut self) {
        self.counts = self.by_bucket();
        self.next = 0;
    }

    /// True when the run adds nothing and drops nothing.
    pub fn is_empty(&self) -> bool {
        self.held.is_empty() && self.runs.is_empty() && self.dead.is_empty()
    }

    /// How many new records bucket `b` has (after [`Pending::seal`]).
    pub fn gains(&self, b: usize) -> usize {
        let mem = self.counts.get(b).map_or(0, |&c| c as usize);
        mem + self
            .runs
            .iter()
            .map(|r| r.counts.get(b).map_or(0, |&c| c as usize))
            .sum::<usize>()
    }

    /// Bucket `b`'s new records, taken from memory and from the runs (after
    /// [`Pending::seal`]; buckets must be taken in increasing order: memory and each
    /// run are read straight through).
    pub fn take(&mut self, b: usize, out: &mut Vec<Rec>) -> std::io::Result<()> {
        while let Some(r) = self.held.get(self.next) {
            match r.bucket().cmp(&b) {
                std::cmp::Ordering::Less => self.next += 1,
                std::cmp::Ordering::Equal => {
                    out.push(*r);
                    self.next += 1;
                }
                std::cmp::Ordering::Greater => break,
            }
        }
        let mut rec = [0u8; SIZE];
        for run in &mut self.runs {
            let n = run.counts.get(b).copied().unwrap_or(0);
            for _ in 0..n {
                run.file.read_exact(&mut rec)?;
                out.push(Rec::from_bytes(&rec));
            }
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
        let mut p = Pending::with_budget(300);
        let mut all = Vec::new();
        for i in 0..1000u64 {
            let r = Rec {
                hash: i.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                game: i as u32,
                ply: 0,
                mv: 0,
            };
            all.push(r);
            p.push(r).unwrap();
            // Memory is the budget's, never more.
            assert!(p.held.len() < 300 && p.held.capacity() == 300);
        }
        assert_eq!(p.runs.len(), 3);
        assert_eq!(p.held.len(), 100);
        p.seal();
        let mut back = Vec::new();
        let mut gained = 0;
        for b in 0..COUNT {
            let mut v = Vec::new();
            gained += p.gains(b);
            p.take(b, &mut v).unwrap();
            assert_eq!(v.len(), p.gains(b));
            assert!(v.iter().all(|r| r.bucket() == b));
            back.extend(v);
        }
        assert_eq!(gained, 1000);
        back.sort_unstable();
        all.sort_unstable();
        assert_eq!(back, all);
    }
}
