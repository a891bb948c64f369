//! Game rules, each held once: readers that need a legal position and the validator
//! call these, never their own copies.
//!
//! [`check`] runs the checks for a game's kind over its whole tree and returns
//! findings tied to nodes (and, for a gonu board, to the part of the board they are
//! about); the library turns them into positioned diagnostics with the reader's node
//! spans and board places.

pub mod go;
pub mod gonu;
pub mod renju;
mod repetition;
pub mod shogi;

use crate::diag::Severity;
use crate::model::{Game, GameKind, NodeId};

/// A rule broken (or a notable fact) at one node of a game tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The node concerned.
    pub node: NodeId,
    /// The part of the board concerned, for findings about a gonu board (a vertex,
    /// a piece, a count line …): a reader that knows where each part was written
    /// places the finding there.
    pub part: Option<gonu::Subject>,
    /// How serious.
    pub severity: Severity,
    /// Stable code, e.g. `go::occupied`, `renju::double-three`.
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
}

/// Checks a game against the rules of its kind: Go (captures, ko, suicide), shogi
/// (legal moves), gomoku (the rule in force), gonu (the board graph).
pub fn check(game: &Game) -> Vec<Finding> {
    match &game.kind {
        GameKind::Go { .. } => go::check(game),
        GameKind::Shogi => shogi::check_game(game),
        GameKind::Gonu(board) => gonu::check(board),
        GameKind::Gomoku { .. } => renju::check(game),
    }
}
