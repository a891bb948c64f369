//! The positions of the index as buckets of packed records: 4,096 buckets by the top
//! 12 bits of the hash, each held in one or more SQLite blobs (parts) of 16-byte
//! records sorted by (hash, game, move number, move): the hash (8 bytes), the game's
//! id (4), the move number (2) and the move's code (2), little-endian. 16 bytes a
//! position and a few bytes a part; a lookup reads a bucket's parts and searches each
//! by halves.
//!
//! A run gathers its new records in memory in the order they come; past [`BUDGET`]
//! records (at the end of a game) it puts them in bucket order, sorts each bucket's
//! share and hands them over as one new part a bucket ([`Pending::drain`]): the
//! index stores them as they are, nothing is read back or merged, and memory stays
//! bounded whatever the collection. Parts are merged only when games are dropped or a
//! bucket has many ([`sorted_blob`]).

use std::collections::HashSet;

/// Buckets: the top [`BITS`] bits of a hash.
pub const BITS: u32 = 12;
/// How many buckets.
pub const COUNT: usize = 1 << BITS;
/// Records held in memory before they are stored as parts: 1 Mi records, 16 MiB,
/// and as many bytes again to put them in bucket order ([`Pending`]).
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

/// The blob of these records (of one bucket, as [`Rec::key`]s) sorted, each once
/// ([`sort_into`]).
pub fn sorted_blob(keys: Vec<u128>) -> Vec<u8> {
    let mut out = Vec::new();
    sort_into(&keys, &mut Vec::new(), &mut out);
    out
}

/// Writes the blob of these records (of one bucket, as [`Rec::key`]s) sorted, each
/// once, to `out` (cleared first), with `sorted` as room: sorted as numbers, first by
/// counting on the [`SPLIT`] bits of the hash below the bucket's (a few records
/// each), then each of those parts on its own: a fraction of the comparisons of one
/// sort of the whole bucket.
pub fn sort_into(keys: &[u128], sorted: &mut Vec<u128>, out: &mut Vec<u8>) {
    const SHIFT: u32 = 128 - BITS - SPLIT;
    out.clear();
    sorted.clear();
    if keys.len() <= 32 {
        sorted.extend_from_slice(keys);
        sorted.sort_unstable();
    } else {
        let part = |k: &u128| (k >> SHIFT) as usize & ((1 << SPLIT) - 1);
        let mut ends = [0usize; 1 << SPLIT];
        for k in keys {
            if let Some(c) = ends.get_mut(part(k)) {
                *c += 1;
            }
        }
        let mut at = [0usize; 1 << SPLIT];
        let mut sum = 0;
        for (a, c) in at.iter_mut().zip(ends.iter_mut()) {
            *a = sum;
            sum += *c;
            *c = sum;
        }
        sorted.resize(keys.len(), 0);
        for k in keys {
            if let Some(o) = at.get_mut(part(k)) {
                if let Some(x) = sorted.get_mut(*o) {
                    *x = *k;
                }
                *o += 1;
            }
        }
        let mut from = 0;
        for &to in &ends {
            if let Some(slice) = sorted.get_mut(from..to) {
                slice.sort_unstable();
            }
            from = to;
        }
    }
    sorted.dedup();
    out.reserve(sorted.len() * SIZE);
    for &k in sorted.iter() {
        out.extend_from_slice(&Rec::of_key(k).bytes());
    }
}

/// Writes the blob of a bucket's records `recs` sorted, each once, to `out`
/// (cleared first), sorting them in `room` (as long): as [`sort_into`] does, on the
/// records themselves (ordered as their keys are).
fn sort_bucket(recs: &[Rec], room: &mut [Rec], out: &mut Vec<u8>) {
    const SHIFT: u32 = 64 - BITS - SPLIT;
    out.clear();
    if room.len() != recs.len() {
        return;
    }
    if recs.len() <= 32 {
        room.copy_from_slice(recs);
        room.sort_unstable();
    } else {
        let part = |r: &Rec| (r.hash >> SHIFT) as usize & ((1 << SPLIT) - 1);
        let mut ends = [0usize; 1 << SPLIT];
        for r in recs {
            if let Some(c) = ends.get_mut(part(r)) {
                *c += 1;
            }
        }
        let mut at = [0usize; 1 << SPLIT];
        let mut sum = 0;
        for (a, c) in at.iter_mut().zip(ends.iter_mut()) {
            *a = sum;
            sum += *c;
            *c = sum;
        }
        for r in recs {
            if let Some(o) = at.get_mut(part(r)) {
                if let Some(x) = room.get_mut(*o) {
                    *x = *r;
                }
                *o += 1;
            }
        }
        let mut from = 0;
        for &to in &ends {
            if let Some(slice) = room.get_mut(from..to) {
                if slice.len() > 1 {
                    slice.sort_unstable();
                }
            }
            from = to;
        }
    }
    out.reserve(room.len() * SIZE);
    let mut last: Option<&Rec> = None;
    for r in room.iter() {
        if last != Some(r) {
            out.extend_from_slice(&r.bytes());
        }
        last = Some(r);
    }
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

/// Each bucket's count of `recs`.
fn bucket_counts(recs: &[Rec]) -> Vec<u32> {
    let mut counts = vec![0u32; COUNT];
    for r in recs {
        if let Some(c) = counts.get_mut(r.bucket()) {
            *c += 1;
        }
    }
    counts
}

/// A group of buckets to order: its number, its buckets' counts, its stretch of the
/// records and of the room.
type Group<'a> = (usize, &'a [u32], &'a mut [Rec], &'a mut [Rec]);

/// Puts group `g`'s records (`held`, in the order of the high half of the bucket
/// number, the group's buckets' counts `counts`) in bucket order by the low half,
/// from `room` (which holds them) into `held`, and gives each bucket's blob, sorted
/// in its stretch of `room`.
fn order_group(
    g: usize,
    counts: &[u32],
    held: &mut [Rec],
    room: &mut [Rec],
) -> Vec<(usize, Vec<u8>)> {
    let low = (1 << HALF) - 1;
    let lows: Vec<usize> = counts.iter().map(|&c| c as usize).collect();
    by_digit(room, held, &lows, |r| r.bucket() & low);
    let mut out = Vec::new();
    let mut at = 0usize;
    for (i, &c) in counts.iter().enumerate() {
        let to = at + c as usize;
        if c > 0 {
            let mut blob = Vec::new();
            let recs = held.get(at..to).unwrap_or(&[]);
            let room = room.get_mut(at..to).unwrap_or(&mut []);
            sort_bucket(recs, room, &mut blob);
            out.push((g << HALF | i, blob));
        }
        at = to;
    }
    out
}

/// The new records of a run of `kifu index`, up to a budget of records in memory;
/// and the games dropped.
///
/// Records are held in the order they come (one vector, appended to: no scattered
/// writes while games are read); once they reach the budget ([`Pending::full`]) they
/// are put in bucket order by counting (one pass to count each bucket's records, two
/// to place them), each bucket's share is sorted, and each is handed over as a blob
/// ([`Pending::drain`]). Memory: the budget's records, and as many again to order
/// them.
pub struct Pending {
    /// Records held, in the order they came.
    held: Vec<Rec>,
    budget: usize,
    /// Room to put records in bucket order, kept from one drain to the next.
    scratch: Vec<Rec>,
    /// Games dropped in this run: their records go.
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
            scratch: Vec::new(),
            dead: HashSet::new(),
        }
    }

    /// Adds a record (the caller drains the records held once [`Pending::full`]).
    #[cfg(test)]
    pub fn push(&mut self, r: Rec) {
        if self.held.capacity() == 0 {
            // Reserved once (pages are only taken as they are filled).
            self.held.reserve_exact(self.budget);
        }
        self.held.push(r);
    }

    /// Adds the records of a game (as [`Pending::push`] each).
    pub fn extend(&mut self, recs: impl Iterator<Item = Rec>) {
        if self.held.capacity() == 0 {
            self.held.reserve_exact(self.budget);
        }
        self.held.extend(recs);
    }

    /// True when the records held reached the budget.
    pub fn full(&self) -> bool {
        self.held.len() >= self.budget
    }

    /// True when no record is held.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.held.is_empty()
    }

    /// The bytes held for the records: the vector of records and the room to
    /// order them.
    #[cfg(test)]
    pub fn reserved(&self) -> usize {
        (self.held.capacity() + self.scratch.capacity()) * std::mem::size_of::<Rec>()
    }

    /// Hands each bucket's records held to `each` (bucket number and its sorted
    /// blob, buckets in increasing order, those without records skipped) and holds
    /// none after.
    pub fn drain<E>(
        &mut self,
        mut each: impl FnMut(usize, &[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        // In bucket order by counting, the high half of the bucket number first (one
        // pass of 64 ways over the whole: a pass writes to 64 places at a time, where
        // 4,096 would miss the processor's page table cache at almost every record),
        // then each group of 64 buckets by the low half while it is in the cache,
        // and its buckets sorted and handed over at once. Records of a bucket stay
        // in the order they came until they are sorted.
        let counts = bucket_counts(&self.held);
        let n = self.held.len();
        // Written over whole: sized once (no clearing at each run).
        self.scratch.truncate(n);
        self.scratch.resize(n, ZERO);
        let mut highs = [0usize; 1 << HALF];
        for (b, &c) in counts.iter().enumerate() {
            if let Some(h) = highs.get_mut(b >> HALF) {
                *h += c as usize;
            }
        }
        by_digit(&self.held, &mut self.scratch, &highs, |r| {
            r.bucket() >> HALF
        });
        // The groups split into their stretches of the records and of the room
        // (disjoint), worked on all cores a round of groups at a time (their blobs
        // held until handed over in bucket order: a sixteenth of the records a round).
        let mut groups: Vec<Group<'_>> = Vec::new();
        {
            let (mut held, mut room) = (self.held.as_mut_slice(), self.scratch.as_mut_slice());
            for (g, group) in counts.chunks(1 << HALF).enumerate() {
                let size = highs
                    .get(g)
                    .copied()
                    .unwrap_or(0)
                    .min(held.len())
                    .min(room.len());
                let (h, hr) = std::mem::take(&mut held).split_at_mut(size);
                let (r, rr) = std::mem::take(&mut room).split_at_mut(size);
                held = hr;
                room = rr;
                groups.push((g, group, h, r));
            }
        }
        let mut outcome = Ok(());
        const ROUND: usize = 4;
        while !groups.is_empty() && outcome.is_ok() {
            let round: Vec<_> = groups.drain(..ROUND.min(groups.len())).collect();
            let blobs: Vec<Vec<(usize, Vec<u8>)>> = if rayon::current_num_threads() > 1 {
                use rayon::prelude::*;
                round
                    .into_par_iter()
                    .map(|(g, group, held, room)| order_group(g, group, held, room))
                    .collect()
            } else {
                // One reading thread: this thread works beside it rather than
                // waiting for it.
                round
                    .into_iter()
                    .map(|(g, group, held, room)| order_group(g, group, held, room))
                    .collect()
            };
            for (b, blob) in blobs.iter().flatten() {
                outcome = each(*b, blob);
                if outcome.is_err() {
                    break;
                }
            }
        }
        self.held.clear();
        outcome
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
    fn records_held_are_drained_by_bucket_sorted_within_the_budget() {
        let mut p = Pending::with_budget(30_000);
        let mut all = Vec::new();
        let mut back = Vec::new();
        let mut most = 0;
        let mut drains = 0;
        let drain = |p: &mut Pending, back: &mut Vec<Rec>| {
            let mut last = None;
            p.drain(|b, blob| {
                assert!(last < Some(b), "buckets in increasing order");
                last = Some(b);
                let recs: Vec<Rec> = decode(blob).collect();
                assert!(!recs.is_empty());
                assert!(recs.iter().all(|r| r.bucket() == b));
                assert!(recs.windows(2).all(|w| w[0] < w[1]), "sorted, each once");
                back.extend(recs);
                Ok::<(), ()>(())
            })
            .unwrap();
            assert!(p.is_empty());
        };
        for i in 0..200_000u64 {
            let r = Rec {
                hash: i.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                game: i as u32,
                ply: 0,
                mv: 0,
            };
            all.push(r);
            p.push(r);
            if i % 7 == 0 {
                // The same record twice is stored once.
                p.push(r);
            }
            if p.full() {
                drain(&mut p, &mut back);
                drains += 1;
            }
            if i % 64 == 0 {
                most = most.max(p.reserved());
            }
        }
        drain(&mut p, &mut back);
        // Memory is the budget's (twice: the records, and room to order them).
        assert!(most <= 2 * 30_000 * SIZE, "{most}");
        assert_eq!(drains, 7);
        // However the buckets' shares shift from drain to drain: all in one bucket,
        // then all in the next, and so on.
        let mut q = Pending::with_budget(3_000);
        let mut most = 0;
        let mut parts = 0;
        for i in 0..1_200_000u64 {
            let bucket = i / 3_000;
            q.push(Rec {
                hash: bucket << (64 - BITS) | i,
                game: 0,
                ply: 0,
                mv: 0,
            });
            if q.full() {
                q.drain(|b, blob| {
                    assert_eq!(b as u64, bucket);
                    assert_eq!(blob.len(), 3_000 * SIZE);
                    parts += 1;
                    Ok::<(), ()>(())
                })
                .unwrap();
            }
            if i % 500 == 0 {
                most = most.max(q.reserved());
            }
        }
        assert_eq!(parts, 400);
        assert!(most <= 2 * 3_000 * SIZE, "{most}");
        back.sort_unstable();
        all.sort_unstable();
        assert_eq!(back, all);
    }
}
