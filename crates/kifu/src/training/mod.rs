//! Positions for training engines (#36): each position of a game's main line with
//! the move played from it, the game's result and the evaluation a record holds, and
//! the binary layouts engine trainers read — cshogi's and Apery's HuffmanCodedPos
//! ([`hcp`], HCPE records of dlshogi), YaneuraOu's PackedSfen ([`psfen`], PSV
//! records) — besides SFEN and plain boards of Go and gomoku. `docs/TRAINING.md`
//! says what each byte means and which dlshogi script each filter stands for.
//!
//! ```
//! use kifu::training::{positions, Board};
//! let text = "V2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n";
//! let csa = kifu::formats::by_name("csa").expect("a registered format");
//! let read = kifu::read(&kifu::Input::bytes(text.as_bytes()).format(csa)).expect("reads");
//! let game = &read.parsed.collection.games[0];
//! let list = positions(game).expect("legal");
//! assert_eq!(list.len(), 3); // before each move, and the last position
//! assert_eq!(list[0].ply, 1);
//! let Board::Shogi(start) = &list[0].board else { panic!("shogi") };
//! assert_eq!(kifu::training::sfen(start, 1), kifu::rules::shogi::to_sfen(start, 1));
//! ```

mod eval;
mod filter;
mod job;
mod npz;
mod pack;
#[cfg(test)]
mod pack_tests;
mod packed;
mod replay;
mod shogi;

pub use eval::{eval_i16, evaluation_for, EVAL_LIMIT};
pub use filter::{
    ending, ending_name, floodgate_ratings, min_rating, outcome, parse_ending, parse_rank,
    rank_value, ranks, Outcome, ENDING_NAMES,
};
pub use job::{game_records, game_records_checked, Filters, GameDrop, GameRecords, Output, Record};
pub use npz::{npy_header, Npz};
pub use replay::Positions;
pub use shogi::{hcp, hcpe_record, move16, move16_psv, psfen, psv_record, sfen};

use crate::diag::Diagnostic;
use crate::model::{BoardSize, Color, Evaluation, Game, Move, ShogiPosition};

/// The game family a position belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// Go (baduk, weiqi).
    Go,
    /// Gomoku or renju.
    Gomoku,
    /// Shogi.
    Shogi,
}

impl Family {
    /// The family's name: `go`, `gomoku`, `shogi`.
    pub fn name(self) -> &'static str {
        match self {
            Family::Go => "go",
            Family::Gomoku => "gomoku",
            Family::Shogi => "shogi",
        }
    }
}

/// What stands on the board of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Board {
    /// A shogi position: board, hands and side to move.
    Shogi(ShogiPosition),
    /// A Go or gomoku board, row-major from the top-left (`cells[y * width + x]`):
    /// 0 empty, 1 black, 2 white.
    Stones {
        /// The board's width and height.
        size: BoardSize,
        /// `width × height` cells.
        cells: Vec<u8>,
    },
}

/// One position of a game's main line: the board before a move, the move played from
/// it, and what the record says of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    /// The game family.
    pub family: Family,
    /// The board.
    pub board: Board,
    /// The side to move.
    pub to_move: Color,
    /// The number of the move played from this position, 1-based (the last position
    /// of a game, with no move played, has the number the next move would have).
    pub ply: u32,
    /// The move the record plays from here; `None` for the last position.
    pub played: Option<Move>,
    /// The engine evaluation the record holds for this position (see
    /// [`evaluation_for`]); `None` when it holds none.
    pub eval: Option<Evaluation>,
}

impl Position {
    /// The shogi position, for a shogi game.
    pub fn shogi(&self) -> Option<&ShogiPosition> {
        match &self.board {
            Board::Shogi(p) => Some(p),
            Board::Stones { .. } => None,
        }
    }

    /// The cells of a Go or gomoku board (see [`Board::Stones`]).
    pub fn stones(&self) -> Option<&[u8]> {
        match &self.board {
            Board::Stones { cells, .. } => Some(cells),
            Board::Shogi(_) => None,
        }
    }

    /// The board's width and height (9 × 9 for shogi).
    pub fn size(&self) -> BoardSize {
        match &self.board {
            Board::Stones { size, .. } => *size,
            Board::Shogi(_) => BoardSize::square(9),
        }
    }

    /// The evaluation's score from the side to move, in the record's unit
    /// (centipawns for shogi), capped to ±[`EVAL_LIMIT`]; 0 without one.
    pub fn score(&self) -> i16 {
        eval_i16(self.eval.as_ref(), self.to_move)
    }
}

/// Every position of a game's main line, the rules replaying each move: the position
/// before each move, then the last position (with no move played). An illegal move,
/// a move of another game, or a gonu game gives the diagnostic instead, carrying the
/// move's number.
pub fn positions(game: &Game) -> Result<Vec<Position>, Diagnostic> {
    Positions::new(game).collect()
}

#[cfg(test)]
mod tests;
