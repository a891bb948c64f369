//! The board the gomoku rules look at: a grid of empty, black and white points, and
//! the four lines through a point.

use crate::model::{BoardSize, Color, Point};

/// The four directions of a line: across, down, and the two diagonals.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A rectangular grid of stones. Coordinates are `i32` so that a walk may step off
/// the board and simply find nothing there.
#[derive(Debug, Clone)]
pub struct Board {
    width: i32,
    height: i32,
    cells: Vec<Option<Color>>,
}

impl Board {
    /// An empty board of this size.
    pub fn new(size: BoardSize) -> Board {
        let (width, height) = (i32::from(size.width), i32::from(size.height));
        Board {
            width,
            height,
            cells: vec![None; (size.width as usize) * (size.height as usize)],
        }
    }

    /// The number of points.
    pub fn points(&self) -> usize {
        self.cells.len()
    }

    fn index(&self, x: i32, y: i32) -> Option<usize> {
        if (0..self.width).contains(&x) && (0..self.height).contains(&y) {
            usize::try_from(y * self.width + x).ok()
        } else {
            None
        }
    }

    /// True when (x, y) is on the board.
    pub fn on_board(&self, x: i32, y: i32) -> bool {
        self.index(x, y).is_some()
    }

    /// True when `p` is on the board.
    pub fn contains(&self, p: Point) -> bool {
        self.on_board(i32::from(p.x), i32::from(p.y))
    }

    /// The stone at (x, y); `None` when empty or off the board.
    pub fn get(&self, x: i32, y: i32) -> Option<Color> {
        self.index(x, y)
            .and_then(|i| self.cells.get(i).copied())
            .flatten()
    }

    /// True when (x, y) is on the board and empty.
    pub fn is_empty_at(&self, x: i32, y: i32) -> bool {
        self.index(x, y)
            .and_then(|i| self.cells.get(i))
            .is_some_and(Option::is_none)
    }

    /// Puts a stone on (or, with `None`, clears) a point on the board; returns what
    /// was there. Off-board points are left alone.
    pub fn set(&mut self, x: i32, y: i32, stone: Option<Color>) -> Option<Color> {
        match self.index(x, y).and_then(|i| self.cells.get_mut(i)) {
            Some(cell) => std::mem::replace(cell, stone),
            None => None,
        }
    }

    /// The number of consecutive `color` stones through (x, y) along `(dx, dy)`,
    /// counting (x, y) itself as one of them whatever stands there.
    pub fn run(&self, x: i32, y: i32, (dx, dy): (i32, i32), color: Color) -> usize {
        let mut n = 1;
        for sign in [1, -1] {
            let (mut cx, mut cy) = (x + sign * dx, y + sign * dy);
            while self.get(cx, cy) == Some(color) {
                n += 1;
                cx += sign * dx;
                cy += sign * dy;
            }
        }
        n
    }

    /// The longest run of `color` through (x, y) over the four directions, counting
    /// (x, y) as `color`.
    pub fn longest_run(&self, x: i32, y: i32, color: Color) -> usize {
        DIRECTIONS
            .iter()
            .map(|&d| self.run(x, y, d, color))
            .max()
            .unwrap_or(1)
    }

    /// True when a `color` stone on (x, y) makes a run of exactly five in some direction.
    pub fn makes_exact_five(&self, x: i32, y: i32, color: Color) -> bool {
        DIRECTIONS.iter().any(|&d| self.run(x, y, d, color) == 5)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_count_the_point_itself_and_stop_at_other_stones() {
        let mut b = Board::new(BoardSize::square(15));
        for x in 3..6 {
            b.set(x, 7, Some(Color::Black));
        }
        b.set(7, 7, Some(Color::White));
        assert_eq!(b.run(6, 7, (1, 0), Color::Black), 4);
        assert_eq!(b.run(6, 7, (0, 1), Color::Black), 1);
        assert_eq!(b.longest_run(2, 7, Color::Black), 4);
        assert!(!b.makes_exact_five(6, 7, Color::Black));
        assert_eq!(b.get(-1, 7), None);
        assert!(!b.is_empty_at(15, 0));
        assert_eq!(b.set(99, 99, Some(Color::Black)), None);
    }
}
