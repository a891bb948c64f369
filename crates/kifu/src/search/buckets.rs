//! The positions of the index as buckets of packed records: 4,096 buckets by the top
//! 12 bits of the hash, each one SQLite blob of 16-byte records sorted by (hash,
//! game, move number, move): the hash (8 bytes), the game's id (4), the move number
//! (2) and the move's code (2), little-endian. 16 bytes a position and a few bytes a
//! bucket; a lookup reads one blob and searches it by halves.
//!
//! A run gathers its new records in memory in the order they come; past [`BUDGET`]
//! records it puts them in bucket order and writes them to a temporary file (a run of
//! its own) and starts again, so memory stays bounded whatever the collection
//! ([`Pending`]). At the end each bucket
//! that gains records, or may lose some (games dropped), is read, merged with its
//! new records from memory and the runs, sorted and written back once.

use std::collections::HashSet;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};

/// Buckets: the top [`BITS`] bits of a hash.
pub const BITS: u32 = 12;
/// How many buckets.
pub const COUNT: usize = 1 << BITS;
/// Records held in memory before they are written to a run: 1 Mi records, 16 MiB,
/// and as many bytes again to write a run ([`Pending`]).
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
    pub fn key(&self) -> u128 {
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

/// The bits below a bucket's that [`sorted_blob`] splits a bucket by first.
const SPLIT: u32 = 8;

/// The blob of these records (of one bucket, as [`Rec::key`]s) sorted, each once:
/// sorted as numbers, first by counting on the [`SPLIT`] bits of the hash below the
/// bucket's (a few records each), then each of those parts on its own: a fraction of
/// the comparisons of one sort of the whole bucket.
pub fn sorted_blob(keys: Vec<u128>) -> Vec<u8> {
    const SHIFT: u32 = 128 - BITS - SPLIT;
    let part = |k: &u128| (k >> SHIFT) as usize & ((1 << SPLIT) - 1);
    let mut ends = [0usize; 1 << SPLIT];
    for k in &keys {
        if let Some(c) = ends.get_mut(part(k)) {
            *c += 1;
        }
    }
    let mut sum = 0;
    for c in &mut ends {
        sum += *c;
        *c = sum;
    }
    let mut at = [0usize; 1 << SPLIT];
    for (a, (i, e)) in at.iter_mut().zip(ends.iter().enumerate()) {
        *a = if i == 0 {
            0
        } else {
            ends.get(i - 1).copied().unwrap_or(*e)
        };
    }
    let mut sorted = vec![0u128; keys.len()];
    for k in &keys {
        if let Some(o) = at.get_mut(part(k)) {
            if let Some(x) = sorted.get_mut(*o) {
                *x = *k;
            }
            *o += 1;
        }
    }
    drop(keys);
    let mut from = 0;
    for &to in &ends {
        if let Some(slice) = sorted.get_mut(from..to) {
            slice.sort_unstable();
        }
        from = to;
    }
    sorted.dedup();
    let mut out = Vec::with_capacity(sorted.len() * SIZE);
    for &k in &sorted {
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

/// A record of zeros (to size vectors that are then written over).
const ZERO: Rec = Rec {
    hash: 0,
    game: 0,
    ply: 0,
    mv: 0,
};

/// Half a bucket number's bits: the records are put in bucket order in two passes.
const HALF: u32 = BITS / 2;

/// Copies `from` into `to` (as long) ordered by `digit` (below `1 << HALF`), whose
/// counts are `counts`, keeping the order of records with the same digit: counting
/// sort.
fn by_digit(from: &[Rec], to: &mut [Rec], counts: &[usize], digit: impl Fn(&Rec) -> usize) {
    let mut at = [0usize; 1 << HALF];
    let mut sum = 0;
    for (a, &n) in at.iter_mut().zip(counts) {
        *a = sum;
        sum += n;
    }
    for r in from {
        if let Some(o) = at.get_mut(digit(r)) {
            if let Some(x) = to.get_mut(*o) {
                *x = *r;
            }
            *o += 1;
        }
    }
}

/// Puts `recs` in bucket order (records of a bucket in the order they came), with
/// `tmp` as room; gives each bucket's count. Two passes of 64 ways (the low half of
/// the bucket number, then the high half) rather than one of 4,096: a pass writes to
/// 64 places at a time, where 4,096 would miss the processor's page table cache at
/// almost every record. One pass counts for both.
fn bucket_order(recs: &mut [Rec], tmp: &mut Vec<Rec>) -> Vec<u32> {
    let low = (1 << HALF) - 1;
    let mut counts = vec![0u32; COUNT];
    for r in recs.iter() {
        if let Some(c) = counts.get_mut(r.bucket()) {
            *c += 1;
        }
    }
    let (mut lows, mut highs) = ([0usize; 1 << HALF], [0usize; 1 << HALF]);
    for (b, &c) in counts.iter().enumerate() {
        if let Some(l) = lows.get_mut(b & low) {
            *l += c as usize;
        }
        if let Some(h) = highs.get_mut(b >> HALF) {
            *h += c as usize;
        }
    }
    // Written over whole: sized once (no clearing at each run).
    tmp.truncate(recs.len());
    tmp.resize(recs.len(), ZERO);
    by_digit(recs, tmp, &lows, |r| r.bucket() & low);
    by_digit(tmp, recs, &highs, |r| r.bucket() >> HALF);
    counts
}

/// The new records of a run of `kifu index`, by bucket: up to a budget of records in
/// memory, the rest in runs on disk; and the games dropped.
///
/// Records are held in the order they come (one vector, appended to: no scattered
/// writes while games are read); once they reach the budget they are put in bucket
/// order by counting (one pass to count each bucket's records, one to place them) and
/// written as a run. At the end the records still held are put in bucket order the
/// same way. Memory: the budget's records, and as many again while a run is written.
pub struct Pending {
    /// Records held, in the order they came.
    held: Vec<Rec>,
    budget: usize,
    runs: Vec<Run>,
    /// The records held in bucket order, with each bucket's start (once the last run
    /// is written: [`Pending::gains`] and [`Pending::take`] seal the records held).
    sealed: Option<(Vec<Rec>, Vec<usize>)>,
    /// Room to put records in bucket order, kept from one run to the next.
    scratch: Vec<Rec>,
    /// Where runs are written (the system's temporary directory when `None`, or when
    /// a file cannot be made there).
    dir: Option<std::path::PathBuf>,
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
            budget: budget.max(1),
            runs: Vec::new(),
            sealed: None,
            scratch: Vec::new(),
            dir: None,
            dead: HashSet::new(),
        }
    }

    /// Runs go to temporary files in `dir` (unnamed: none is left behind, however
    /// the process ends).
    pub fn in_dir(mut self, dir: Option<std::path::PathBuf>) -> Pending {
        self.dir = dir;
        self
    }

    /// Adds a record (the records held go to a run once the budget is reached).
    pub fn push(&mut self, r: Rec) -> std::io::Result<()> {
        if self.held.capacity() == 0 {
            // Reserved once (pages are only taken as they are filled).
            self.held.reserve_exact(self.budget);
        }
        self.held.push(r);
        if self.held.len() >= self.budget {
            self.spill()?;
        }
        Ok(())
    }

    /// The bytes held for the records: the vector of records and the room to
    /// order them.
    #[cfg(test)]
    pub fn reserved(&self) -> usize {
        (self.held.capacity() + self.scratch.capacity()) * std::mem::size_of::<Rec>()
    }

    /// Writes the records held to a new run, bucket after bucket.
    fn spill(&mut self) -> std::io::Result<()> {
        let counts = bucket_order(&mut self.held, &mut self.scratch);
        let file = match &self.dir {
            Some(d) => tempfile::tempfile_in(d).or_else(|_| tempfile::tempfile())?,
            None => tempfile::tempfile()?,
        };
        let mut w = BufWriter::with_capacity(1 << 16, file);
        let mut chunk = [0u8; 64 * SIZE];
        for recs in self.held.chunks(64) {
            for (dst, r) in chunk.chunks_exact_mut(SIZE).zip(recs) {
                dst.copy_from_slice(&r.bytes());
            }
            w.write_all(chunk.get(..recs.len() * SIZE).unwrap_or(&[]))?;
        }
        let mut file = w.into_inner().map_err(|e| e.into_error())?;
        file.seek(SeekFrom::Start(0))?;
        self.runs.push(Run {
            file: BufReader::with_capacity(1 << 13, file),
            counts,
        });
        self.held.clear();
        Ok(())
    }

    /// Puts the records held in bucket order (once: no record may come after).
    fn seal(&mut self) -> &(Vec<Rec>, Vec<usize>) {
        self.sealed.get_or_insert_with(|| {
            let mut held = std::mem::take(&mut self.held);
            let counts = bucket_order(&mut held, &mut self.scratch);
            self.scratch = Vec::new();
            let mut at = 0usize;
            let first = counts
                .iter()
                .map(|&c| {
                    let here = at;
                    at += c as usize;
                    here
                })
                .collect();
            (held, first)
        })
    }

    /// The records held in bucket `b` (sealed).
    fn held_in(&mut self, b: usize) -> &[Rec] {
        let (sorted, first) = self.seal();
        let from = first.get(b).copied().unwrap_or(sorted.len());
        let to = first.get(b + 1).copied().unwrap_or(sorted.len());
        sorted.get(from..to).unwrap_or(&[])
    }

    /// True when the run adds nothing and drops nothing.
    pub fn is_empty(&self) -> bool {
        let sealed = self.sealed.as_ref().map_or(0, |s| s.0.len());
        self.held.is_empty() && sealed == 0 && self.runs.is_empty() && self.dead.is_empty()
    }

    /// How many new records bucket `b` has.
    pub fn gains(&mut self, b: usize) -> usize {
        self.held_in(b).len()
            + self
                .runs
                .iter()
                .map(|r| r.counts.get(b).map_or(0, |&c| c as usize))
                .sum::<usize>()
    }

    /// Bucket `b`'s new records as [`Rec::key`]s, taken from memory and from the runs
    /// (buckets must be taken in increasing order: each run is read straight
    /// through).
    pub fn take(&mut self, b: usize, out: &mut Vec<u128>) -> std::io::Result<()> {
        // The runs first, then memory: the order the records came in (a position's
        // records then come in game order, which the sort finds already in place).
        let mut bytes = Vec::new();
        for run in &mut self.runs {
            let n = run.counts.get(b).copied().unwrap_or(0) as usize;
            bytes.resize(n * SIZE, 0);
            run.file.read_exact(&mut bytes)?;
            out.reserve(n);
            out.extend(decode(&bytes).map(|r| r.key()));
        }
        out.extend(self.held_in(b).iter().map(Rec::key));
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
            sorted_blob(shuffled.iter().map(Rec::key).collect()),
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
        // Memory is the budget's (twice: the records, and a run's bytes), never more.
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
        assert!(most <= 2 * 3_000 * SIZE, "{most}");
        assert_eq!(p.runs.len(), 6);
        assert_eq!(p.held.len(), 20_000);
        let mut back = Vec::new();
        let mut gained = 0;
        for b in 0..COUNT {
            let mut v = Vec::new();
            let gains = p.gains(b);
            gained += gains;
            p.take(b, &mut v).unwrap();
            assert_eq!(v.len(), gains);
            let v: Vec<Rec> = v.into_iter().map(Rec::of_key).collect();
            assert!(v.iter().all(|r| r.bucket() == b));
            back.extend(v);
        }
        assert_eq!(gained, 200_000);
        back.sort_unstable();
        all.sort_unstable();
        assert_eq!(back, all);
    }
}
