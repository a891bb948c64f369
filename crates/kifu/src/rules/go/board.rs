//! A Go board of any size up to 52×52 with captures, suicide and simple ko, and an
//! undo log so a tree walk can step back without copying positions.

use crate::model::{BoardSize, Color, Point};

/// What stands on a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// Nothing.
    Empty,
    /// A stone.
    Stone(Color),
}

/// Why a move is illegal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Illegal {
    /// The point is not on the board.
    OffBoard,
    /// A stone already stands there.
    Occupied(Color),
    /// The move would leave its own group without liberties and captures nothing.
    Suicide,
    /// The move retakes a ko at once.
    Ko,
}

/// What a point of the padded board holds.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
/// Outside the board: the frame around it.
const BORDER: u8 = 3;

/// Room for the padded points of the largest board ((52 + 2) × 53 + 1 = 2,863), as a
/// power of two: every index is taken modulo it, so the compiler sees each access in
/// bounds and no lookup on the hot path needs a check or can panic.
const CAP: usize = 4096;

/// The slot of padded index `i` (always `i` itself for the indices the board uses).
fn slot(i: u32) -> usize {
    i as usize & (CAP - 1)
}

fn code(c: Cell) -> u8 {
    match c {
        Cell::Empty => EMPTY,
        Cell::Stone(Color::Black) => BLACK,
        Cell::Stone(Color::White) => WHITE,
    }
}

fn stone(color: Color) -> u8 {
    code(Cell::Stone(color))
}

/// A board with an undo log.
///
/// Points are kept in a padded array: each row is followed by one border point (which
/// is also the left border of the next row) and there is a border row above and
/// below, so the four neighbours of any point are `i ± 1` and `i ± stride`, with no
/// division and no edge cases.
#[derive(Debug, Clone)]
pub struct Board {
    size: BoardSize,
    stride: u32,
    cells: Box<[u8; CAP]>,
    /// The point the side to move may not retake, and who may not.
    ko: Option<(Point, Color)>,
    /// Changes `(index, old code)` in order, for [`Board::undo_to`].
    log: Vec<(u32, u8)>,
    mark: Box<[u32; CAP]>,
    generation: u32,
    stack: Vec<u32>,
    members: Vec<u32>,
    /// Whether suicide is played (the own group removed) rather than refused.
    suicide_allowed: bool,
    /// The Zobrist hash of the stones ([`Board::hash`]), kept by every change.
    hash: u64,
}

/// The hash key of code `c` on padded index `i`: 0 for an empty point, else a
/// SplitMix64 mix of both (the same in every run), read from [`KEYS`].
#[inline(always)]
fn key(i: u32, c: u8) -> u64 {
    KEYS[slot(i)][usize::from(c & 3)]
}

/// [`key`] of every slot and code, made when kifu is compiled: a lookup costs less
/// than the mix (two per stone placed or taken).
static KEYS: [[u64; 4]; CAP] = keys();

/// The table of [`KEYS`].
const fn keys() -> [[u64; 4]; CAP] {
    let mut table = [[0u64; 4]; CAP];
    let mut i = 0;
    while i < CAP {
        table[i][BLACK as usize] = mix(i as u32, BLACK);
        table[i][WHITE as usize] = mix(i as u32, WHITE);
        i += 1;
    }
    table
}

/// The SplitMix64 mix of index `i` and code `c`.
const fn mix(i: u32, c: u8) -> u64 {
    let mut z = ((i as u64) << 2 | c as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Board {
    /// An empty board.
    pub fn new(size: BoardSize) -> Board {
        let mut board = Board {
            size,
            stride: 0,
            cells: Box::new([BORDER; CAP]),
            ko: None,
            log: Vec::new(),
            mark: Box::new([0; CAP]),
            generation: 0,
            stack: Vec::new(),
            members: Vec::new(),
            suicide_allowed: false,
            hash: 0,
        };
        board.clear(size);
        board
    }

    /// Empties the board and gives it a new size, keeping its memory: checking many
    /// games with one board saves allocating and zeroing 20 KB per game.
    pub fn clear(&mut self, size: BoardSize) {
        let old_end = self.padded_len();
        self.size = size;
        self.stride = u32::from(size.width) + 1;
        let end = self.padded_len().max(old_end).min(CAP);
        if let Some(used) = self.cells.get_mut(..end) {
            used.fill(BORDER);
        }
        // Each row's points, one run of cells (the border point after it stays).
        let width = usize::from(size.width);
        for y in 0..size.height {
            let first = Self::padded(self.stride, 0, y) as usize;
            if let Some(row) = self.cells.get_mut(first..first + width) {
                row.fill(EMPTY);
            }
        }
        self.ko = None;
        self.log.clear();
        self.hash = 0;
    }

    /// A Zobrist hash of the stones on the board (not of the ko or the side to
    /// move), updated with every change and undo: equal boards have equal hashes,
    /// different ones almost never do. Superko and long cycles are found with it.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How many slots the padded board uses (none before the first `clear`).
    fn padded_len(&self) -> usize {
        if self.stride == 0 {
            return 0;
        }
        (usize::from(self.size.height) + 2) * self.stride as usize + 1
    }

    fn padded(stride: u32, x: u8, y: u8) -> u32 {
        (u32::from(y) + 1) * stride + u32::from(x) + 1
    }

    fn index(&self, p: Point) -> Option<u32> {
        self.size
            .contains(p)
            .then(|| Self::padded(self.stride, p.x, p.y))
    }

    /// The point of a padded index (only called on indices of board points).
    fn point(&self, i: u32) -> Point {
        let (row, col) = (i / self.stride, i % self.stride);
        // On-board indices have 1 ≤ row ≤ height and 1 ≤ col ≤ width (≤ 52).
        Point::new(col.saturating_sub(1) as u8, row.saturating_sub(1) as u8)
    }

    fn cell(&self, i: u32) -> u8 {
        self.cells[slot(i)]
    }

    #[inline(always)]
    fn set(&mut self, i: u32, c: u8) {
        let cell = &mut self.cells[slot(i)];
        self.log.push((i, *cell));
        self.hash ^= key(i, *cell) ^ key(i, c);
        *cell = c;
    }

    /// What stands on `p` (`Empty` off the board).
    pub fn at(&self, p: Point) -> Cell {
        match self.index(p).map(|i| self.cell(i)) {
            Some(BLACK) => Cell::Stone(Color::Black),
            Some(WHITE) => Cell::Stone(Color::White),
            _ => Cell::Empty,
        }
    }

    /// A mark of the current state: pass it to [`Board::undo_to`] to come back.
    pub fn checkpoint(&self) -> (usize, Option<(Point, Color)>) {
        (self.log.len(), self.ko)
    }

    /// The points changed since the checkpoint whose log length is `mark`
    /// ([`Board::checkpoint`]`.0`), each once, with what stood there at the mark and
    /// what stands there now, pushed to `out` (cleared first). A caller keeping
    /// hashes of its own (the position index's, under the board's symmetries) updates
    /// them from these after each move.
    pub fn changes_since(&self, mark: usize, out: &mut Vec<(Point, Cell, Cell)>) {
        out.clear();
        let cell = |c: u8| match c {
            BLACK => Cell::Stone(Color::Black),
            WHITE => Cell::Stone(Color::White),
            _ => Cell::Empty,
        };
        let log = self.log.get(mark..).unwrap_or(&[]);
        for (k, &(i, old)) in log.iter().enumerate() {
            // The first change of a point gives what stood there at the mark.
            if log
                .get(..k)
                .is_some_and(|before| before.iter().any(|e| e.0 == i))
            {
                continue;
            }
            let now = self.cell(i);
            if now != old {
                out.push((self.point(i), cell(old), cell(now)));
            }
        }
    }

    /// Restores the state of a checkpoint.
    pub fn undo_to(&mut self, cp: (usize, Option<(Point, Color)>)) {
        while self.log.len() > cp.0 {
            if let Some((i, old)) = self.log.pop() {
                let cell = &mut self.cells[slot(i)];
                self.hash ^= key(i, *cell) ^ key(i, old);
                *cell = old;
            }
        }
        self.ko = cp.1;
    }

    /// Sets whether suicide is legal (New Zealand, Ing, Tromp-Taylor rules): a
    /// suicide is then played and removes the mover's own group. Off for a new board;
    /// [`Board::clear`] keeps the setting.
    pub fn allow_suicide(&mut self, allowed: bool) {
        self.suicide_allowed = allowed;
    }

    /// Forgets the undo history (when nothing will be undone any more).
    pub fn forget_history(&mut self) {
        self.log.clear();
    }

    /// Sets a point for setup (AB/AW/AE); returns false when it changes nothing.
    pub fn setup(&mut self, p: Point, c: Cell) -> Result<bool, Illegal> {
        let i = self.index(p).ok_or(Illegal::OffBoard)?;
        if self.cell(i) == code(c) {
            return Ok(false);
        }
        self.set(i, code(c));
        self.ko = None;
        Ok(true)
    }

    /// A pass: clears the ko.
    pub fn pass(&mut self) {
        self.ko = None;
    }

    /// The four neighbours of padded index `i` (border points included).
    fn neighbours(&self, i: u32) -> [u32; 4] {
        [
            i.saturating_sub(1),
            i + 1,
            i.saturating_sub(self.stride),
            i + self.stride,
        ]
    }

    /// Collects the group at `start` into `self.members` and counts its liberties,
    /// stopping early at `enough` liberties (the members are then incomplete).
    fn group(&mut self, start: u32, enough: usize) -> usize {
        let color = self.cell(start);
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.generation = 1;
        }
        let gen = self.generation;
        let mut libs = 0usize;
        self.members.clear();
        self.stack.clear();
        self.stack.push(start);
        self.mark[slot(start)] = gen;
        while let Some(i) = self.stack.pop() {
            self.members.push(i);
            for n in self.neighbours(i) {
                let m = &mut self.mark[slot(n)];
                if *m == gen {
                    continue;
                }
                let c = self.cells[slot(n)];
                if c == EMPTY {
                    *m = gen;
                    libs += 1;
                    if libs >= enough {
                        return libs;
                    }
                } else if c == color {
                    *m = gen;
                    self.stack.push(n);
                }
            }
        }
        libs
    }

    /// Plays a stone: captures, then refuses suicide (or, where the rules allow it,
    /// removes the suicided group) and an immediate ko retake. An illegal move leaves
    /// the board as it was. Returns how many of the opponent's stones it took.
    #[inline(always)]
    pub fn play(&mut self, p: Point, color: Color) -> Result<usize, Illegal> {
        let i = self.index(p).ok_or(Illegal::OffBoard)?;
        match self.cell(i) {
            BLACK => return Err(Illegal::Occupied(Color::Black)),
            WHITE => return Err(Illegal::Occupied(Color::White)),
            _ => {}
        }
        if self.ko == Some((p, color)) {
            return Err(Illegal::Ko);
        }
        let cp = self.checkpoint();
        let own = stone(color);
        let enemy = stone(color.opponent());
        self.set(i, own);
        let mut captured = 0usize;
        let mut last_captured = None;
        let neighbours = self.neighbours(i);
        // The neighbours holding an enemy stone, as bits, found without a branch per
        // neighbour (whether one is an enemy is as good as random).
        let mut enemies = neighbours.iter().enumerate().fold(0u8, |bits, (k, &n)| {
            bits | u8::from(self.cell(n) == enemy) << k
        });
        while enemies != 0 {
            let k = enemies.trailing_zeros() as usize;
            enemies &= enemies - 1;
            let Some(&n) = neighbours.get(k) else {
                break;
            };
            // Taken already with a group reached from another side.
            if self.cell(n) != enemy {
                continue;
            }
            // Most groups touch an empty point right at this stone: no walk needed.
            let touches_empty = self
                .neighbours(n)
                .iter()
                .fold(false, |any, &m| any | (self.cell(m) == EMPTY));
            if touches_empty {
                continue;
            }
            if self.group(n, 1) == 0 {
                captured += self.members.len();
                last_captured = self.members.first().copied();
                let members = std::mem::take(&mut self.members);
                for &m in &members {
                    self.set(m, EMPTY);
                }
                self.members = members;
            }
        }
        // The stone's own liberties and friends, after the captures.
        let around = neighbours.map(|n| self.cell(n));
        let empty_neighbours: usize = around.iter().map(|&c| usize::from(c == EMPTY)).sum();
        let alone = || !around.iter().fold(false, |any, &c| any | (c == own));
        // An empty neighbour is a liberty; without one, the group may still have one.
        if empty_neighbours == 0 && (alone() || self.group(i, 1) == 0) {
            if !self.suicide_allowed {
                self.undo_to(cp);
                return Err(Illegal::Suicide);
            }
            // Played: the group (complete, since the walk found no liberty) goes.
            if alone() {
                self.set(i, EMPTY);
            } else {
                let members = std::mem::take(&mut self.members);
                for &m in &members {
                    self.set(m, EMPTY);
                }
                self.members = members;
            }
            self.ko = None;
            return Ok(0);
        }
        self.ko = None;
        // A lone stone that took one stone and has that point as its only liberty:
        // the opponent may not retake at once.
        if captured == 1 && empty_neighbours == 1 && alone() {
            if let Some(k) = last_captured {
                self.ko = Some((self.point(k), color.opponent()));
            }
        }
        Ok(captured)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_table_is_the_mix_of_every_stone_and_zero_for_the_rest() {
        for i in 0..CAP as u32 {
            assert_eq!(key(i, BLACK), mix(i, BLACK));
            assert_eq!(key(i, WHITE), mix(i, WHITE));
            assert_eq!(key(i, EMPTY), 0);
            assert_eq!(key(i, BORDER), 0);
        }
        // The first keys as the mix gave them before the table (hashes of earlier
        // runs stay the same).
        assert_eq!(mix(0, BLACK), 0xe220_a839_7b1d_cdaf);
    }

    fn pt(s: &str) -> Point {
        let b = s.as_bytes();
        Point::new(b[0] - b'a', b[1] - b'a')
    }

    #[test]
    fn changes_since_give_each_point_once_with_its_net_change() {
        let mut b = Board::new(BoardSize::square(9));
        b.play(pt("aa"), Color::White).unwrap();
        b.play(pt("ba"), Color::Black).unwrap();
        let mut out = Vec::new();
        let cp = b.checkpoint();
        b.play(pt("ab"), Color::Black).unwrap();
        b.changes_since(cp.0, &mut out);
        assert_eq!(
            out,
            vec![
                (pt("ab"), Cell::Empty, Cell::Stone(Color::Black)),
                (pt("aa"), Cell::Stone(Color::White), Cell::Empty),
            ]
        );
        // A suicide where the rules allow it: the stone is placed and taken again,
        // so the point's net change is nothing; the group it joined goes.
        let mut b = Board::new(BoardSize::square(9));
        b.allow_suicide(true);
        b.play(pt("ba"), Color::White).unwrap();
        b.play(pt("bb"), Color::White).unwrap();
        b.play(pt("ab"), Color::Black).unwrap();
        b.play(pt("ac"), Color::White).unwrap();
        let cp = b.checkpoint();
        b.play(pt("aa"), Color::Black).unwrap();
        b.changes_since(cp.0, &mut out);
        // Black's ab and aa have no liberty: both are removed (ab was there before).
        assert_eq!(
            out,
            vec![(pt("ab"), Cell::Stone(Color::Black), Cell::Empty)]
        );
    }

    #[test]
    fn capture_in_the_corner_and_undo() {
        let mut b = Board::new(BoardSize::square(9));
        b.play(pt("aa"), Color::White).unwrap();
        b.play(pt("ba"), Color::Black).unwrap();
        let cp = b.checkpoint();
        assert_eq!(b.play(pt("ab"), Color::Black), Ok(1));
        assert_eq!(b.at(pt("aa")), Cell::Empty);
        b.undo_to(cp);
        assert_eq!(b.at(pt("aa")), Cell::Stone(Color::White));
        assert_eq!(b.at(pt("ab")), Cell::Empty);
    }

    #[test]
    fn a_cleared_board_is_a_new_board_of_the_new_size() {
        let mut b = Board::new(BoardSize::square(19));
        // Stones where the 9×9 board's edge and outside will be.
        for p in ["ia", "ja", "ai", "aj", "jj", "ss"] {
            b.play(pt(p), Color::White).unwrap();
        }
        b.clear(BoardSize::square(9));
        assert_eq!(b.at(pt("ia")), Cell::Empty);
        assert_eq!(b.play(pt("ja"), Color::Black), Err(Illegal::OffBoard));
        // The edge is an edge again: a white stone at ia dies to two black stones.
        b.play(pt("ia"), Color::White).unwrap();
        b.play(pt("ha"), Color::Black).unwrap();
        assert_eq!(b.play(pt("ib"), Color::Black), Ok(1));
        // And back to a larger board: nothing of the 9×9 game is left.
        b.clear(BoardSize::square(13));
        for p in ["ha", "ib", "ia", "ja"] {
            assert_eq!(b.at(pt(p)), Cell::Empty, "{p}");
        }
        assert_eq!(b.play(pt("ja"), Color::Black), Ok(0));
        assert_eq!(b.play(pt("mm"), Color::Black), Ok(0));
        assert_eq!(b.play(pt("nn"), Color::Black), Err(Illegal::OffBoard));
    }

    #[test]
    fn suicide_where_the_rules_allow_it_removes_the_group() {
        // White aa between black ba and ab: a lone stone without liberties.
        let mut b = Board::new(BoardSize::square(5));
        b.allow_suicide(true);
        b.play(pt("ba"), Color::Black).unwrap();
        b.play(pt("ab"), Color::Black).unwrap();
        let cp = b.checkpoint();
        assert_eq!(b.play(pt("aa"), Color::White), Ok(0));
        assert_eq!(b.at(pt("aa")), Cell::Empty);
        b.undo_to(cp);
        // A white pair in the corner walled in by black (ca, bb, ab).
        let mut g = Board::new(BoardSize::square(5));
        g.allow_suicide(true);
        for p in ["ca", "bb", "ab"] {
            g.play(pt(p), Color::Black).unwrap();
        }
        g.play(pt("ba"), Color::White).unwrap();
        // White aa joins ba: the pair has no liberty and both go.
        assert_eq!(g.play(pt("aa"), Color::White), Ok(0));
        for p in ["aa", "ba"] {
            assert_eq!(g.at(pt(p)), Cell::Empty, "{p}");
        }
        assert_eq!(g.at(pt("ca")), Cell::Stone(Color::Black));
        // Cleared for another game, the setting stays; switched off, suicide is
        // refused again.
        g.clear(BoardSize::square(5));
        g.allow_suicide(false);
        for p in ["ca", "bb", "ab"] {
            g.play(pt(p), Color::Black).unwrap();
        }
        g.play(pt("ba"), Color::White).unwrap();
        assert_eq!(g.play(pt("aa"), Color::White), Err(Illegal::Suicide));
        assert_eq!(g.at(pt("ba")), Cell::Stone(Color::White));
    }

    #[test]
    fn suicide_occupied_and_ko() {
        let mut b = Board::new(BoardSize::square(5));
        b.play(pt("ba"), Color::Black).unwrap();
        b.play(pt("ab"), Color::Black).unwrap();
        assert_eq!(b.play(pt("aa"), Color::White), Err(Illegal::Suicide));
        assert_eq!(b.at(pt("aa")), Cell::Empty);
        assert_eq!(
            b.play(pt("ba"), Color::White),
            Err(Illegal::Occupied(Color::Black))
        );
        let mut k = Board::new(BoardSize::square(4));
        // . B W .
        // B W . W
        // . B W .
        for (p, c) in [
            ("ba", Color::Black),
            ("ab", Color::Black),
            ("bc", Color::Black),
            ("ca", Color::White),
            ("db", Color::White),
            ("cc", Color::White),
            ("bb", Color::White),
        ] {
            k.play(pt(p), c).unwrap();
        }
        // Black takes the white stone at bb by playing cb.
        assert_eq!(k.play(pt("cb"), Color::Black), Ok(1));
        // White may not retake at bb at once.
        assert_eq!(k.play(pt("bb"), Color::White), Err(Illegal::Ko));
        // After a move elsewhere, it may.
        k.play(pt("dd"), Color::White).unwrap();
        k.play(pt("ad"), Color::Black).unwrap();
        assert_eq!(k.play(pt("bb"), Color::White), Ok(1));
    }

    /// The rules written as plainly as possible: whole groups, whole liberty sets.
    struct Reference {
        size: u8,
        cells: Vec<Option<Color>>,
        ko: Option<(u8, u8, Color)>,
    }

    impl Reference {
        fn neighbours(&self, x: u8, y: u8) -> Vec<(u8, u8)> {
            let mut v = Vec::new();
            if x > 0 {
                v.push((x - 1, y));
            }
            if x + 1 < self.size {
                v.push((x + 1, y));
            }
            if y > 0 {
                v.push((x, y - 1));
            }
            if y + 1 < self.size {
                v.push((x, y + 1));
            }
            v
        }

        fn get(&self, x: u8, y: u8) -> Option<Color> {
            self.cells[usize::from(y) * usize::from(self.size) + usize::from(x)]
        }

        fn put(&mut self, x: u8, y: u8, c: Option<Color>) {
            let n = usize::from(self.size);
            self.cells[usize::from(y) * n + usize::from(x)] = c;
        }

        /// The group at (x, y) and its number of liberties.
        fn group(&self, x: u8, y: u8) -> (Vec<(u8, u8)>, usize) {
            let color = self.get(x, y);
            let mut seen = vec![(x, y)];
            let mut libs = Vec::new();
            let mut i = 0;
            while i < seen.len() {
                let (px, py) = seen[i];
                for (nx, ny) in self.neighbours(px, py) {
                    match self.get(nx, ny) {
                        None if !libs.contains(&(nx, ny)) => libs.push((nx, ny)),
                        c if c == color && !seen.contains(&(nx, ny)) => seen.push((nx, ny)),
                        _ => {}
                    }
                }
                i += 1;
            }
            (seen, libs.len())
        }

        fn play(&mut self, x: u8, y: u8, color: Color) -> Result<usize, Illegal> {
            if let Some(c) = self.get(x, y) {
                return Err(Illegal::Occupied(c));
            }
            if self.ko == Some((x, y, color)) {
                return Err(Illegal::Ko);
            }
            let before = self.cells.clone();
            self.put(x, y, Some(color));
            let mut taken = Vec::new();
            for (nx, ny) in self.neighbours(x, y) {
                if self.get(nx, ny) == Some(color.opponent()) {
                    let (stones, libs) = self.group(nx, ny);
                    if libs == 0 {
                        for &(sx, sy) in &stones {
                            self.put(sx, sy, None);
                        }
                        taken.extend(stones);
                    }
                }
            }
            let (own, libs) = self.group(x, y);
            if libs == 0 {
                self.cells = before;
                return Err(Illegal::Suicide);
            }
            self.ko = match (taken.as_slice(), own.len(), libs) {
                ([(kx, ky)], 1, 1) => Some((*kx, *ky, color.opponent())),
                _ => None,
            };
            Ok(taken.len())
        }
    }

    #[test]
    fn agrees_with_the_plain_reference_on_random_games() {
        let mut below = crate::testing::below(0x2545_f491_4f6c_dd1d);
        let mut next = move |n: u8| below(usize::from(n)) as u8;
        let mut captures = 0;
        let mut illegal = [0usize; 3];
        for game in 0..300 {
            let size = [3u8, 4, 5, 7, 9][game % 5];
            let mut board = Board::new(BoardSize::square(size));
            let mut reference = Reference {
                size,
                cells: vec![None; usize::from(size) * usize::from(size)],
                ko: None,
            };
            let start = board.checkpoint();
            for ply in 0..200 {
                let (x, y) = (next(size), next(size));
                let color = if next(2) == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let got = board.play(Point::new(x, y), color);
                let want = reference.play(x, y, color);
                assert_eq!(got, want, "game {game} ply {ply} at ({x}, {y})");
                match want {
                    Ok(n) => captures += n,
                    Err(Illegal::Suicide) => illegal[0] += 1,
                    Err(Illegal::Ko) => illegal[1] += 1,
                    Err(_) => illegal[2] += 1,
                }
                let mut recount = 0u64;
                for py in 0..size {
                    for px in 0..size {
                        let want = reference.get(px, py).map_or(Cell::Empty, Cell::Stone);
                        assert_eq!(board.at(Point::new(px, py)), want, "game {game} ply {ply}");
                        let i = Board::padded(board.stride, px, py);
                        recount ^= key(i, board.cell(i));
                    }
                }
                // The hash kept move by move is the hash of the board.
                assert_eq!(board.hash(), recount, "game {game} ply {ply}");
            }
            board.undo_to(start);
            assert_eq!(board.hash(), 0, "an empty board again");
        }
        // The games really exercised captures, suicide, ko and occupied points.
        // (Counted with the reference: 6,635 stones taken; 2,104 suicides, 7 ko
        // retakes and 42,261 moves on occupied points refused.)
        assert_eq!((captures, illegal), (6635, [2104, 7, 42261]));
    }
}
