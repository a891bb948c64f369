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

/// A board with an undo log.
#[derive(Debug, Clone)]
pub struct Board {
    size: BoardSize,
    cells: Vec<Cell>,
    /// The point the side to move may not retake, and who may not.
    ko: Option<(Point, Color)>,
    /// Changes `(index, old cell)` in order, for [`Board::undo_to`].
    log: Vec<(u32, Cell)>,
    mark: Vec<u32>,
    generation: u32,
    stack: Vec<u32>,
    members: Vec<u32>,
}

impl Board {
    /// An empty board.
    pub fn new(size: BoardSize) -> Board {
        let n = usize::from(size.width) * usize::from(size.height);
        Board {
            size,
            cells: vec![Cell::Empty; n],
            ko: None,
            log: Vec::new(),
            mark: vec![0; n],
            generation: 0,
            stack: Vec::new(),
            members: Vec::new(),
        }
    }

    fn index(&self, p: Point) -> Option<u32> {
        self.size
            .contains(p)
            .then(|| u32::from(p.y) * u32::from(self.size.width) + u32::from(p.x))
    }

    fn cell(&self, i: u32) -> Cell {
        self.cells.get(i as usize).copied().unwrap_or(Cell::Empty)
    }

    fn set(&mut self, i: u32, c: Cell) {
        if let Some(slot) = self.cells.get_mut(i as usize) {
            self.log.push((i, *slot));
            *slot = c;
        }
    }

    /// What stands on `p` (`Empty` off the board).
    pub fn at(&self, p: Point) -> Cell {
        self.index(p).map_or(Cell::Empty, |i| self.cell(i))
    }

    /// A mark of the current state: pass it to [`Board::undo_to`] to come back.
    pub fn checkpoint(&self) -> (usize, Option<(Point, Color)>) {
        (self.log.len(), self.ko)
    }

    /// Restores the state of a checkpoint.
    pub fn undo_to(&mut self, cp: (usize, Option<(Point, Color)>)) {
        while self.log.len() > cp.0 {
            if let Some((i, old)) = self.log.pop() {
                if let Some(slot) = self.cells.get_mut(i as usize) {
                    *slot = old;
                }
            }
        }
        self.ko = cp.1;
    }

    /// Forgets the undo history (when nothing will be undone any more).
    pub fn forget_history(&mut self) {
        self.log.clear();
    }

    /// Sets a point for setup (AB/AW/AE); returns false when it changes nothing.
    pub fn setup(&mut self, p: Point, c: Cell) -> Result<bool, Illegal> {
        let i = self.index(p).ok_or(Illegal::OffBoard)?;
        if self.cell(i) == c {
            return Ok(false);
        }
        self.set(i, c);
        self.ko = None;
        Ok(true)
    }

    /// A pass: clears the ko.
    pub fn pass(&mut self) {
        self.ko = None;
    }

    /// The up to four neighbours of point index `i`, as a fixed array and a count.
    fn neighbours(&self, i: u32) -> ([u32; 4], usize) {
        let w = u32::from(self.size.width);
        let h = u32::from(self.size.height);
        let (x, y) = (i % w, i / w);
        let mut out = [0u32; 4];
        let mut n = 0;
        if x > 0 {
            out[n] = i - 1;
            n += 1;
        }
        if x + 1 < w {
            out[n] = i + 1;
            n += 1;
        }
        if y > 0 {
            out[n] = i - w;
            n += 1;
        }
        if y + 1 < h {
            out[n] = i + w;
            n += 1;
        }
        (out, n)
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
        if let Some(m) = self.mark.get_mut(start as usize) {
            *m = gen;
        }
        while let Some(i) = self.stack.pop() {
            self.members.push(i);
            let (ns, count) = self.neighbours(i);
            for &n in ns.iter().take(count) {
                let Some(m) = self.mark.get_mut(n as usize) else {
                    continue;
                };
                if *m == gen {
                    continue;
                }
                let c = self.cells.get(n as usize).copied().unwrap_or(Cell::Empty);
                if c == Cell::Empty {
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

    /// Plays a stone: captures, then refuses suicide and an immediate ko retake.
    /// An illegal move leaves the board as it was. Returns how many stones it took.
    pub fn play(&mut self, p: Point, color: Color) -> Result<usize, Illegal> {
        let i = self.index(p).ok_or(Illegal::OffBoard)?;
        if let Cell::Stone(c) = self.cell(i) {
            return Err(Illegal::Occupied(c));
        }
        if self.ko == Some((p, color)) {
            return Err(Illegal::Ko);
        }
        let cp = self.checkpoint();
        self.set(i, Cell::Stone(color));
        let enemy = Cell::Stone(color.opponent());
        let mut captured = 0usize;
        let mut last_captured = None;
        let (ns, count) = self.neighbours(i);
        for &n in ns.iter().take(count) {
            if self.cell(n) != enemy {
                continue;
            }
            if self.group(n, 1) == 0 {
                captured += self.members.len();
                last_captured = self.members.first().copied();
                let members = std::mem::take(&mut self.members);
                for &m in &members {
                    self.set(m, Cell::Empty);
                }
                self.members = members;
            }
        }
        let libs = self.group(i, 2);
        if libs == 0 {
            self.undo_to(cp);
            return Err(Illegal::Suicide);
        }
        let own_single = self.members.len() == 1 && libs == 1 && {
            // With one liberty found the walk may have stopped early; a lone stone has
            // no same-coloured neighbour.
            let (ns, count) = self.neighbours(i);
            !ns.iter()
                .take(count)
                .any(|&n| self.cell(n) == Cell::Stone(color))
        };
        self.ko = None;
        if captured == 1 && own_single {
            if let Some(k) = last_captured {
                let w = u32::from(self.size.width);
                // k < width*height ≤ 52*52, so both fit in u8.
                let kp = Point::new((k % w) as u8, (k / w) as u8);
                self.ko = Some((kp, color.opponent()));
            }
        }
        Ok(captured)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(s: &str) -> Point {
        let b = s.as_bytes();
        Point::new(b[0] - b'a', b[1] - b'a')
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
}
