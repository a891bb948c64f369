//! The omok seed's simplified rule, built on 위상 (the "phase" of a stone in one
//! direction): among the windows of six consecutive points along the direction that
//! contain the stone, the most stones of its colour in one window, where a stone of
//! the other colour (or the edge of the board) ends the count on its side.
//!
//! A black move whose stone has 위상 3 in two or more directions is 3-3, 위상 4 in
//! two or more directions is 4-4, and 위상 6 in any direction (a run of six or more)
//! is 장목 (overline). See `docs/rules-renju.md` for the decisions taken where the
//! seed is silent.

use super::board::{Board, DIRECTIONS};
use super::Forbidden;
use crate::model::Color;

/// The window the seed counts in.
const WINDOW: i32 = 6;

/// The 위상 of a `color` stone on (x, y) along `(dx, dy)` (the point counts as that
/// stone whatever stands there).
pub fn phase(board: &Board, x: i32, y: i32, (dx, dy): (i32, i32), color: Color) -> usize {
    // How far the count may reach on each side: up to five points, not past a stone
    // of the other colour nor past the edge.
    let reach = |sign: i32| {
        let mut k = 0;
        while k < WINDOW - 1 {
            let (cx, cy) = (x + sign * (k + 1) * dx, y + sign * (k + 1) * dy);
            if !board.on_board(cx, cy) || board.get(cx, cy) == Some(color.opponent()) {
                break;
            }
            k += 1;
        }
        k
    };
    let (back, ahead) = (reach(-1), reach(1));
    let mine = |k: i32| k == 0 || board.get(x + k * dx, y + k * dy) == Some(color);
    (-(WINDOW - 1)..=0)
        .map(|start| {
            (start..start + WINDOW)
                .filter(|&k| (-back..=ahead).contains(&k) && mine(k))
                .count()
        })
        .max()
        .unwrap_or(1)
}

/// The 위상 of a `color` stone on (x, y) in each of the four directions.
pub fn phases(board: &Board, x: i32, y: i32, color: Color) -> [usize; 4] {
    DIRECTIONS.map(|d| phase(board, x, y, d, color))
}

/// What the seed rule forbids black on the empty point (x, y): overline first, then
/// 4-4, then 3-3. A move that makes exactly five is checked by the caller first.
pub fn forbidden(board: &Board, x: i32, y: i32) -> Option<Forbidden> {
    let p = phases(board, x, y, Color::Black);
    let count = |n: usize| p.iter().filter(|&&v| v == n).count();
    if p.iter().any(|&v| v >= 6) {
        Some(Forbidden::Overline)
    } else if count(4) >= 2 {
        Some(Forbidden::DoubleFour)
    } else if count(3) >= 2 {
        Some(Forbidden::DoubleThree)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::BoardSize;

    fn board(black: &[(i32, i32)], white: &[(i32, i32)]) -> Board {
        let mut b = Board::new(BoardSize::square(15));
        for &(x, y) in black {
            b.set(x, y, Some(Color::Black));
        }
        for &(x, y) in white {
            b.set(x, y, Some(Color::White));
        }
        b
    }

    #[test]
    fn phase_counts_in_a_window_of_six() {
        // ● ● · ◎ · · ● on row 7 from x = 2: no window of six holds all four stones.
        let b = board(&[(2, 7), (3, 7), (8, 7)], &[]);
        assert_eq!(phase(&b, 5, 7, (1, 0), Color::Black), 3);
        // ● ● · ◎ · ● from x = 3: the window 3..=8 holds four.
        let b = board(&[(3, 7), (4, 7), (8, 7)], &[]);
        assert_eq!(phase(&b, 6, 7, (1, 0), Color::Black), 4);
        assert_eq!(phase(&b, 2, 7, (1, 0), Color::Black), 3);
    }

    #[test]
    fn phase_stops_at_an_opponent_stone_and_the_edge() {
        // ● ○ ◎ ● ● : the white stone cuts the left black stone off.
        let b = board(&[(1, 7), (4, 7), (5, 7)], &[(2, 7)]);
        assert_eq!(phase(&b, 3, 7, (1, 0), Color::Black), 3);
        // A dead three against the edge still has 위상 3: the seed counts stones only.
        let b = board(&[(0, 0), (1, 0)], &[]);
        assert_eq!(phase(&b, 2, 0, (1, 0), Color::Black), 3);
    }

    #[test]
    fn seed_forbids_by_phase() {
        // 3-3: a horizontal and a vertical 위상 3 through (7, 7).
        let b = board(&[(5, 7), (6, 7), (7, 5), (7, 6)], &[(0, 0)]);
        assert_eq!(forbidden(&b, 7, 7), Some(Forbidden::DoubleThree));
        // Even when one of them is dead (closed by white on both sides).
        let b = board(&[(5, 7), (6, 7), (7, 5), (7, 6)], &[(4, 7), (8, 7)]);
        assert_eq!(forbidden(&b, 7, 7), Some(Forbidden::DoubleThree));
        // 4-4.
        let b = board(&[(4, 7), (5, 7), (6, 7), (7, 4), (7, 5), (7, 6)], &[]);
        assert_eq!(forbidden(&b, 7, 7), Some(Forbidden::DoubleFour));
        // 4-3 is allowed.
        let b = board(&[(4, 7), (5, 7), (6, 7), (7, 5), (7, 6)], &[]);
        assert_eq!(forbidden(&b, 7, 7), None);
        // 장목: six in a row.
        let b = board(&[(2, 7), (3, 7), (4, 7), (5, 7), (6, 7)], &[]);
        assert_eq!(forbidden(&b, 7, 7), Some(Forbidden::Overline));
    }
}
