use serde::{Deserialize, Serialize};

use super::{Color, PieceKind, Point, Square};

/// A move of Go or gomoku: a stone on a point, or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoneMove {
    /// Who plays.
    pub color: Color,
    /// Where; `None` is a pass.
    pub point: Option<Point>,
}

/// A shogi move: from a square or a drop from hand, to a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShogiMove {
    /// Who moves.
    pub color: Color,
    /// The origin square; `None` is a drop (打).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Square>,
    /// The destination.
    pub to: Square,
    /// The piece as it stood before the move (the kind dropped, for a drop).
    pub piece: PieceKind,
    /// Whether the piece promotes with this move (成).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub promote: bool,
    /// The piece captured on `to`, as it stood there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture: Option<PieceKind>,
}

/// A gonu move: a piece from one vertex to another along the graph, or a deployment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GonuMove {
    /// Who moves (black = player 1).
    pub color: Color,
    /// The vertex left; `None` places a piece (free deploy).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<u16>,
    /// The vertex reached.
    pub to: u16,
}

/// A move of any game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Move {
    /// Go or gomoku.
    Stone(StoneMove),
    /// Shogi.
    Shogi(ShogiMove),
    /// Gonu.
    Gonu(GonuMove),
}

impl Move {
    /// Who makes the move.
    pub fn color(&self) -> Color {
        match self {
            Move::Stone(m) => m.color,
            Move::Shogi(m) => m.color,
            Move::Gonu(m) => m.color,
        }
    }
}
