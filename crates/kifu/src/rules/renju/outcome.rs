//! How the main line of a gomoku game ended, for `kifu info` and result checks.

use super::referee::Checked;
use super::replay::{side, End, LineState, Replay};
use crate::model::{Game, GameResult, WinReason};

/// The outcome of the main line under the game's rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Someone won: by five, or white by black's forbidden move.
    Win(End),
    /// The board filled up with no winner.
    Draw {
        /// Moves played.
        moves: u32,
    },
    /// The record stops before the game was decided.
    Unfinished {
        /// Moves played.
        moves: u32,
    },
}

impl Outcome {
    /// The outcome as a game result: a five is `Unspecified` (the model's reason for
    /// five in a row), a forbidden move `Forfeit`; an unfinished game has none.
    pub fn to_result(self) -> Option<GameResult> {
        match self {
            Outcome::Win(end @ End::Five { .. }) => Some(GameResult::Win {
                winner: end.winner(),
                reason: WinReason::Unspecified,
            }),
            Outcome::Win(end @ End::Forbidden { .. }) => Some(GameResult::Win {
                winner: end.winner(),
                reason: WinReason::Forfeit,
            }),
            Outcome::Draw { .. } => Some(GameResult::Draw),
            Outcome::Unfinished { .. } => None,
        }
    }

    /// One line for people: "black wins: five in a row at move 9", …
    pub fn describe(self) -> String {
        match self {
            Outcome::Win(End::Five {
                winner,
                move_number,
            }) => format!("{} wins: five in a row at move {move_number}", side(winner)),
            Outcome::Win(End::Forbidden { move_number, kind }) => format!(
                "white wins: black's move {move_number} is a forbidden {}",
                kind.name()
            ),
            Outcome::Draw { moves } => format!("draw: the board is full after {moves} moves"),
            Outcome::Unfinished { moves } => format!("unfinished after {moves} moves"),
        }
    }
}

/// How the main line of a gomoku game ended under its rule; `None` for other games.
/// Moves the checks reject (a taken point, off the board) are skipped.
pub fn judge(game: &Game) -> Option<Outcome> {
    let super::GameKind::Gomoku { size, rule } = &game.kind else {
        return None;
    };
    if !size.is_valid() {
        return None;
    }
    let mut replay = Replay::new(*size, Checked::of(rule));
    let mut state = LineState::start();
    for (_, node) in game.tree.main_line() {
        let (after, _, _) = replay.apply(node, state);
        state = after;
        if let Some(end) = state.end {
            return Some(Outcome::Win(end));
        }
    }
    let full = usize::try_from(state.stones).is_ok_and(|s| s >= replay.board.points());
    Some(if full {
        Outcome::Draw { moves: state.moves }
    } else {
        Outcome::Unfinished { moves: state.moves }
    })
}

/// The line `kifu info` shows for a gomoku game's judged result, with the rule:
/// "black wins: five in a row at move 9 (rule renju)"; `None` for other games.
pub fn result_line(game: &Game) -> Option<String> {
    let outcome = judge(game)?;
    let rule = match &game.kind {
        super::GameKind::Gomoku { rule, .. } => rule.name().to_string(),
        _ => String::new(),
    };
    Some(format!("{} (rule {rule})", outcome.describe()))
}
