//! The result a shogi record implies: the special end of its main line (投了, 詰み,
//! 千日手 …) and the side to move when it came.

use crate::model::{Color, EndingKind, Game, GameResult};

/// The special end of the game's main line and the side to move when it came, when
/// the line ends with one that names its side.
pub fn main_line_end(game: &Game) -> Option<(EndingKind, Color)> {
    let ending = game.tree.main_line().last()?.1.ending?;
    Some((ending.kind, ending.color?))
}

/// The result the special end of the main line implies, if any.
pub fn main_line_result(game: &Game) -> Option<GameResult> {
    main_line_end(game).and_then(|(kind, side)| kind.result_for(side))
}
