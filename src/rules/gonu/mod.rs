//! The checks of a KUR GONU board that belong to the game itself: the screen, the
//! graph (isolated vertices, connectivity), the castles and the starting forces.
//!
//! [`check_board`] returns faults tied to a [`Subject`] (a vertex, a piece, a count
//! line …) so the `.gonu` reader can put each one on its line; [`check`] turns them
//! into root-node findings for boards that come from elsewhere (JSON).

mod deploy;
mod graph;
mod screen;

use crate::diag::Severity;
use crate::model::{GonuBoard, NodeId};

use super::Finding;

/// The game's console screen: the columns and rows a vertex may stand on.
pub const SCREEN_X: std::ops::RangeInclusive<i32> = 2..=78;
/// The rows of the game's console screen.
pub const SCREEN_Y: std::ops::RangeInclusive<i32> = 1..=38;
/// The most castles a player may have.
pub const MAX_CASTLES: usize = 6;
/// The most pieces a player may have.
pub const MAX_PIECES: usize = 10;

/// What a fault is about, so a reader can point at the line that says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    /// The board as a whole (a reader points at its first line).
    Board,
    /// Field `field` (0-based: x y glyph p1 p2 fg bg occupier) of vertex `id`.
    Vertex {
        /// The vertex id.
        id: usize,
        /// The field index.
        field: usize,
    },
    /// The piece count of player `0` or `1` (normal deploy).
    PieceCount(usize),
    /// Field `field` (vertex fg bg range stackable) of piece `index` of `player`.
    Piece {
        /// 0 or 1.
        player: usize,
        /// The index of the piece among its player's pieces.
        index: usize,
        /// The field index.
        field: usize,
    },
    /// The free-deploy counts; `Some(k)` for the count of range `k + 1`.
    FreeCounts(Option<usize>),
    /// The edge-character line.
    EdgeChar,
}

/// One fault of a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardFault {
    /// What it is about.
    pub subject: Subject,
    /// How serious.
    pub severity: Severity,
    /// Stable code, `gonu::…`.
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
}

impl BoardFault {
    fn error(subject: Subject, code: &'static str, message: String) -> BoardFault {
        BoardFault {
            subject,
            severity: Severity::Error,
            code,
            message,
        }
    }

    fn warning(subject: Subject, code: &'static str, message: String) -> BoardFault {
        BoardFault {
            subject,
            severity: Severity::Warning,
            code,
            message,
        }
    }
}

/// The name of player `p` (0 or 1) in messages.
pub fn player_name(p: usize) -> &'static str {
    if p == 0 {
        "player 1"
    } else {
        "player 2"
    }
}

/// Every fault of a board, in the order: vertices, edges, graph, castles, forces.
pub fn check_board(board: &GonuBoard) -> Vec<BoardFault> {
    let mut faults = Vec::new();
    screen::check(board, &mut faults);
    graph::check(board, &mut faults);
    deploy::check(board, &mut faults);
    faults
}

/// The faults of a board as findings at the root node.
pub fn check(board: &GonuBoard) -> Vec<Finding> {
    check_board(board)
        .into_iter()
        .map(|f| Finding {
            node: NodeId::ROOT,
            severity: f.severity,
            code: f.code,
            message: f.message,
        })
        .collect()
}
