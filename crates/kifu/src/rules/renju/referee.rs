//! One rule applied to one move: does it win, is it forbidden.

use super::board::Board;
use super::{rif, seed, Forbidden};
use crate::model::{Color, GomokuRule};

/// The rules kifu checks, as the referee applies them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Checked {
    /// The seed's rule: black's 3-3, 4-4 and 장목 by 위상; black wins with exactly
    /// five, white with five or more.
    Seed,
    /// RIF renju: black's real double-three, double-four and overline; black wins
    /// with exactly five, white with five or more.
    Renju,
    /// Exactly five wins, for both; nothing is forbidden.
    Gomoku,
    /// Five or more wins; nothing is forbidden.
    Freestyle,
}

impl Checked {
    /// The rule kifu applies for a game's rule; an unknown rule is checked as
    /// freestyle (the caller says so).
    pub fn of(rule: &GomokuRule) -> Checked {
        match rule {
            GomokuRule::Seed => Checked::Seed,
            GomokuRule::Renju => Checked::Renju,
            GomokuRule::Gomoku => Checked::Gomoku,
            GomokuRule::Freestyle | GomokuRule::Other(_) => Checked::Freestyle,
        }
    }

    /// True when the rule wants black's first stone on the centre point.
    pub fn centre_opening(self) -> bool {
        matches!(self, Checked::Seed | Checked::Renju)
    }
}

/// What a stone on an empty point does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Nothing that ends the game.
    Plain,
    /// A winning five.
    Five,
    /// A move black may not make.
    Forbidden(Forbidden),
}

/// Judges a `color` stone on the empty point (x, y) of `board` under `rule`. The
/// second value is true when the renju search hit a limit and took an undecided
/// point as allowed.
pub fn judge(board: &mut Board, rule: Checked, color: Color, x: i32, y: i32) -> (Verdict, bool) {
    let run = board.longest_run(x, y, color);
    let exact = board.makes_exact_five(x, y, color);
    let five = match (rule, color) {
        (Checked::Seed | Checked::Renju, Color::Black) | (Checked::Gomoku, _) => exact,
        _ => run >= 5,
    };
    if five {
        return (Verdict::Five, false);
    }
    if color == Color::White {
        return (Verdict::Plain, false);
    }
    let (forbidden, undecided) = match rule {
        Checked::Seed => (seed::forbidden(board, x, y), false),
        Checked::Renju => {
            let mut search = rif::Search::default();
            let f = rif::forbidden(board, x, y, &mut search);
            (f, search.exhausted)
        }
        Checked::Gomoku | Checked::Freestyle => (None, false),
    };
    match forbidden {
        Some(f) => (Verdict::Forbidden(f), undecided),
        None => (Verdict::Plain, undecided),
    }
}
