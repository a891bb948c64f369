//! Shogi rules: a position made and unmade in place, legal move generation (drops,
//! 二歩, 打ち歩詰め, pieces that could never move again, check and pins, the promotion
//! zone), the classification of illegal recorded moves, SFEN, perft, and the replay
//! of a whole game tree for validation, with the special endings a record claims
//! (詰み, 千日手, 入玉宣言 …) checked on the position.

mod endings;
mod legality;
mod line_check;
mod movegen;
mod position;
mod relative;
mod replay;
mod sfen;

pub use legality::{square_name, Illegal};
pub use line_check::{is_foul, LineCheck};
pub use position::{Position, Squares};
pub use relative::{filter as filter_relative, Relative};
pub use replay::check_game;
pub use sfen::{from_sfen, to_sfen};

#[cfg(test)]
mod perft_tests;
