//! The positions of the line a tree walk stands on, counted by hash: how many times
//! each has stood and at which ply first. Shogi's 千日手 and Go's superko and long
//! cycles are found with it.

use std::cell::Cell;

/// The most slots [`LinePositions::clear_for`] makes room for at once (128 KB); a
/// line of more positions grows the table as its distinct positions need, so a long
/// line that repeats a few positions (passes, a cycle) keeps a small table.
const MAX_PRESIZE: usize = 1 << 13;

thread_local! {
    /// The table and path a line of this thread left when it was dropped, for the
    /// next line to start with ([`LinePositions::clear_for`]): a reader checking
    /// many short games one after another (the package reads a file a call) then
    /// neither allocates nor fills a table for each.
    static SPARE: Cell<Option<(Vec<Slot>, Vec<u64>)>> = const { Cell::new(None) };
}

/// One position of the line (16 bytes: a table has two to four per position).
#[derive(Clone, Copy, Default)]
struct Slot {
    hash: u64,
    /// Occurrences in the line; 0 for an empty slot.
    count: u32,
    /// The ply it first stood at.
    first: u32,
}

/// The slot of `hash` in `slots` (a power of two long), or the empty slot where it
/// would go.
#[inline]
fn find_in(slots: &[Slot], hash: u64) -> usize {
    let mask = slots.len().wrapping_sub(1);
    let mut i = hash as usize & mask;
    for _ in 0..slots.len() {
        match slots.get(i) {
            Some(s) if s.count != 0 && s.hash != hash => i = (i + 1) & mask,
            _ => return i,
        }
    }
    i
}

/// The positions of a line, added as the walk goes down and taken off, last first,
/// as it comes back.
///
/// The table is open addressing by position hash (the hashes are random already)
/// with linear probing, never more than half full of distinct positions. Positions leave in the reverse
/// order they came, so a slot emptied (its position leaves the line for the last
/// time) is the one filled last: every slot a probe passed it to fill has been
/// emptied before, and it can simply be cleared.
#[derive(Default)]
pub(crate) struct LinePositions {
    slots: Vec<Slot>,
    /// The hash of each position of the line, in order.
    path: Vec<u64>,
    /// How many slots are filled: the distinct positions of the line.
    distinct: usize,
}

impl LinePositions {
    /// An empty line with room for `positions` without growing (a tree of N nodes
    /// has lines of at most N positions).
    pub(crate) fn clear_for(&mut self, positions: usize) {
        if self.slots.capacity() == 0 {
            // A new line: start from the table the thread's last line left, if any
            // (its counts are cleared below, as a table used before).
            if let Some((slots, path)) = SPARE.try_with(Cell::take).ok().flatten() {
                self.slots = slots;
                self.path = path;
            }
        }
        let size = positions
            .saturating_mul(2)
            .checked_next_power_of_two()
            .unwrap_or(usize::MAX)
            .clamp(64, MAX_PRESIZE);
        if (size..=size.saturating_mul(4)).contains(&self.slots.len()) {
            // Room enough already: a slot is empty when its count is 0 (`find` and
            // `push` read nothing else of an empty slot), so only the counts are
            // cleared, and the table is not freed and filled again for every game.
            for slot in &mut self.slots {
                slot.count = 0;
            }
            self.path.clear();
        } else {
            self.slots.clear();
            self.slots.resize(size, Slot::default());
            self.path.clear();
        }
        self.distinct = 0;
        self.path.reserve(positions.min(MAX_PRESIZE));
    }

    /// How many positions the line holds (repeats included).
    pub(crate) fn len(&self) -> usize {
        self.path.len()
    }

    /// The slot of `hash`, or the empty slot where it would go.
    #[inline]
    fn find(&self, hash: u64) -> usize {
        find_in(&self.slots, hash)
    }

    /// Adds a position to the line, at `ply`; returns how many times it has now
    /// stood and the ply it stood at first.
    #[inline(always)]
    pub(crate) fn push(&mut self, hash: u64, ply: u32) -> (u32, u32) {
        if self.slots.len() < 64 || self.distinct * 2 >= self.slots.len() {
            self.grow();
        }
        let i = self.find(hash);
        let got = match self.slots.get_mut(i) {
            Some(s) if s.count == 0 => {
                *s = Slot {
                    hash,
                    count: 1,
                    first: ply,
                };
                self.distinct += 1;
                (1, ply)
            }
            Some(s) => {
                s.count = s.count.saturating_add(1);
                (s.count, s.first)
            }
            None => (0, ply),
        };
        self.path.push(hash);
        got
    }

    /// Doubles the table and fills it again in the order the slots were first
    /// filled (so that the slots filled last are still the ones probes pass last):
    /// the order of each position's first place in the line, since a slot emptied
    /// leaves the line with its position.
    #[cold]
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(64);
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); size]);
        for &hash in &self.path {
            let i = find_in(&self.slots, hash);
            if self.slots.get(i).is_none_or(|s| s.count != 0) {
                continue; // placed already, at its first place in the line
            }
            let was = old.get(find_in(&old, hash)).copied();
            if let (Some(was), Some(slot)) = (was, self.slots.get_mut(i)) {
                if was.count != 0 {
                    *slot = was;
                }
            }
        }
    }

    /// Takes the last position off the line.
    pub(crate) fn pop(&mut self) {
        let Some(hash) = self.path.pop() else {
            return;
        };
        let i = self.find(hash);
        if let Some(s) = self.slots.get_mut(i) {
            if s.count == 1 {
                self.distinct = self.distinct.saturating_sub(1);
            }
            s.count = s.count.saturating_sub(1);
        }
    }

    /// Takes positions off the line until it holds `len`.
    pub(crate) fn truncate(&mut self, len: usize) {
        while self.path.len() > len {
            self.pop();
        }
    }

    /// How many times `hash` has stood in the line, and the ply it stood at first.
    pub(crate) fn get(&self, hash: u64) -> Option<(u32, u32)> {
        self.slots
            .get(self.find(hash))
            .filter(|s| s.count != 0)
            .map(|s| (s.count, s.first))
    }
}

impl Drop for LinePositions {
    /// Leaves the table (at most [`MAX_PRESIZE`] slots) and the path's room to the
    /// thread's next line; larger ones are freed.
    fn drop(&mut self) {
        if self.slots.is_empty() || self.slots.len() > MAX_PRESIZE {
            return;
        }
        let slots = std::mem::take(&mut self.slots);
        let mut path = std::mem::take(&mut self.path);
        if path.capacity() > MAX_PRESIZE {
            path = Vec::new();
        }
        let _ = SPARE.try_with(|spare| spare.set(Some((slots, path))));
    }
}

#[cfg(test)]
mod tests {
    use super::LinePositions;

    /// Against a plain list, through pushes and pops in a walk's order, with hashes
    /// that collide in the table's low bits.
    #[test]
    fn counts_agree_with_a_list() {
        let mut line = LinePositions::default();
        line.clear_for(0);
        let mut plain: Vec<u64> = Vec::new();
        let mut seed = 0x1234_5678_9abc_def1u64;
        for step in 0..20_000u32 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            if seed % 3 == 0 && !plain.is_empty() {
                line.pop();
                plain.pop();
                continue;
            }
            // Few distinct hashes, many sharing their low bits.
            let h = (seed % 40) << 20 | (seed % 7);
            let got = line.push(h, step);
            plain.push(h);
            let count = plain.iter().filter(|&&x| x == h).count() as u32;
            assert_eq!(got.0, count);
            assert_eq!(line.get(h).map(|g| g.0), Some(count));
            assert_eq!(line.len(), plain.len());
        }
        line.truncate(3);
        assert_eq!(line.len(), 3.min(plain.len()));
    }

    /// A long line of few distinct positions (passes, a cycle) keeps a small table:
    /// the table grows with the distinct positions, not with the line.
    #[test]
    fn a_long_line_of_few_positions_keeps_a_small_table() {
        let mut line = LinePositions::default();
        line.clear_for(1 << 16);
        for ply in 0..(1u32 << 16) {
            let h = u64::from(ply % 4) << 40 | 9;
            assert_eq!(line.push(h, ply), (ply / 4 + 1, ply % 4));
        }
        assert_eq!(line.slots.len(), super::MAX_PRESIZE);
        assert_eq!(line.distinct, 4);
        // Many distinct positions grow it, and still find every one.
        line.clear_for(0);
        for h in 0..100_000u64 {
            assert_eq!(line.push(h.wrapping_mul(0x9e37_79b9_7f4a_7c15), 0).0, 1);
        }
        assert_eq!(line.slots.len(), 1 << 18);
        line.truncate(1);
        assert_eq!(line.distinct, 1);
    }

    /// A line dropped leaves its table to the thread's next line, which starts
    /// with it (a table of 512 slots where a new one would have had 256) and
    /// finds none of the last line's positions in it.
    #[test]
    fn a_new_line_takes_the_last_ones_table_empty() {
        let mut first = LinePositions::default();
        first.clear_for(8);
        for h in 0..200u64 {
            first.push(h << 20 | 3, 0);
        }
        assert_eq!(first.slots.len(), 512);
        drop(first);
        let mut next = LinePositions::default();
        next.clear_for(100);
        assert_eq!(next.slots.len(), 512);
        assert_eq!(next.len(), 0);
        for h in 0..200u64 {
            assert_eq!(next.get(h << 20 | 3), None, "{h}");
        }
        assert_eq!(next.push(3, 1), (1, 1));
        // One too large to keep is freed: the next line gets a table of its size.
        let mut big = LinePositions::default();
        big.clear_for(0);
        for h in 0..20_000u64 {
            big.push(h << 20 | 3, 0);
        }
        drop(next);
        drop(big);
        let mut after = LinePositions::default();
        after.clear_for(100);
        assert_eq!(after.slots.len(), 512);
    }

    /// A line started again in the same table forgets every position of the last
    /// one, however it grew, and counts from one again.
    #[test]
    fn a_table_started_again_is_empty() {
        let mut line = LinePositions::default();
        for round in 0..3u64 {
            line.clear_for(8);
            assert_eq!(line.len(), 0);
            for h in 0..(40 + round * 50) {
                assert_eq!(line.get(h << 20 | 5), None, "round {round}: {h}");
                assert_eq!(line.push(h << 20 | 5, 0).0, 1);
            }
            assert_eq!(line.push(5, 0).0, 2);
        }
    }
}
