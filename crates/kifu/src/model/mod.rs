//! The shared game-tree model: every format reads into it and writes from it.
//!
//! It knows no formats and does no I/O. See `docs/ARCHITECTURE.md` for the mapping
//! rules; coordinates and colours are documented on their types.

mod analysis;
mod annotation;
mod children;
mod collection;
mod color;
mod extras;
mod game;
mod go;
mod gonu;
mod info;
mod markup;
mod moves;
mod node;
mod shogi;
mod sparse;
pub(crate) mod texts;
mod tree;

pub use analysis::{Analysis, Convention, Evaluation};
pub use annotation::{Emphasis, MoveAnnotation, PositionAnnotation};
pub use collection::Collection;
pub use color::Color;
pub use extras::{Extra, ExtraList, Extras, Values};
pub use game::{BoardSize, Game, GameKind, GomokuRule, MAX_GO_SIZE};
pub use go::{Point, Setup};
pub use gonu::{GonuBoard, GonuDeploy, GonuPiece, GonuVertex, GONU_RANGES};
pub use info::{GameInfo, GameResult, InfoRest, Player, WinReason};
pub use markup::{Label, Line, Markup, NumberedStone, Shape, Symbol};
pub use moves::{GonuMove, Move, ShogiMove, StoneMove};
pub use node::{Ending, EndingKind, Node, NodeMore, NodeRest, NodeTimes};
pub use shogi::{Hand, Handicap, Piece, PieceKind, ShogiPosition, ShogiStart, Square};
pub use sparse::{Sparse, SparsePart};
pub use tree::{NodeId, Tree, TreeError};
