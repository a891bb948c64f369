//! The facts of one game that the collection jobs read, filter and count.

use crate::model::{Color, Game, GameKind, GameResult, ShogiStart};

/// Who won, as far as the record says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    /// The first player (black, 先手/下手).
    Black,
    /// The second player (white, 後手/上手).
    White,
    /// A draw (jigo, 持将棋, 千日手).
    Draw,
    /// No winner known: no result, void, unknown, or a result kifu cannot type.
    None,
}

impl Winner {
    /// `black`, `white`, `draw` or `none`.
    pub fn name(self) -> &'static str {
        match self {
            Winner::Black => "black",
            Winner::White => "white",
            Winner::Draw => "draw",
            Winner::None => "none",
        }
    }

    /// The winner named `black`, `white`, `draw` or `none` (any case).
    pub fn from_name(name: &str) -> Option<Winner> {
        [Winner::Black, Winner::White, Winner::Draw, Winner::None]
            .into_iter()
            .find(|w| w.name().eq_ignore_ascii_case(name))
    }
}

/// The game's result: its stated one, else the one a special ending at the end of the
/// main line gives (投了, 詰み …).
pub fn result(game: &Game) -> Option<GameResult> {
    if let Some(r) = &game.info.result {
        return Some(r.clone());
    }
    let ending = game.tree.main_line().filter_map(|(_, n)| n.ending).last()?;
    ending.kind.result_for(ending.color?)
}

/// The winner a result names.
pub fn winner_of(result: Option<&GameResult>) -> Winner {
    match result {
        Some(GameResult::Win {
            winner: Color::Black,
            ..
        }) => Winner::Black,
        Some(GameResult::Win {
            winner: Color::White,
            ..
        }) => Winner::White,
        Some(GameResult::Draw) => Winner::Draw,
        _ => Winner::None,
    }
}

/// The number of moves on the main line.
pub fn main_line_moves(game: &Game) -> usize {
    game.tree
        .main_line()
        .filter(|(_, n)| n.mv.is_some())
        .count()
}

/// The board's size as `kifu list` writes it and `--size` takes it: `19` for a
/// square board, `19x13` otherwise; `9` for shogi; `None` for gonu's graph boards.
pub(crate) fn size_text(kind: &GameKind) -> Option<String> {
    match kind {
        GameKind::Go { size } | GameKind::Gomoku { size, .. } if size.width == size.height => {
            Some(size.width.to_string())
        }
        GameKind::Go { size } | GameKind::Gomoku { size, .. } => Some(size.to_string()),
        GameKind::Shogi => Some("9".into()),
        GameKind::Gonu(_) => None,
    }
}

/// The handicap as a number of stones (Go and gomoku: HA, 0 when absent; shogi: 0
/// for an even game), or `None` for a shogi handicap preset or position, and gonu.
pub(crate) fn handicap_stones(game: &Game) -> Option<u32> {
    match &game.kind {
        GameKind::Go { .. } | GameKind::Gomoku { .. } => Some(game.info.handicap.unwrap_or(0)),
        GameKind::Shogi => match &game.info.shogi_start {
            None | Some(ShogiStart::Preset(crate::model::Handicap::Even)) => Some(0),
            Some(_) => None,
        },
        GameKind::Gonu(_) => None,
    }
}

/// The handicap as `kifu list` writes it: the number of stones when the record gives
/// one (HA), the preset's Japanese name for a shogi handicap (`香落ち`), `その他` for
/// another shogi start.
pub fn handicap_text(game: &Game) -> Option<String> {
    match (&game.info.shogi_start, game.info.handicap) {
        (Some(ShogiStart::Preset(h)), _) => Some(h.japanese().to_string()),
        (Some(ShogiStart::Other(_)), _) => Some("その他".to_string()),
        (None, Some(n)) => Some(n.to_string()),
        (None, None) => None,
    }
}

/// The number of nodes with a comment.
pub(crate) fn comment_count(game: &Game) -> usize {
    game.tree
        .iter()
        .filter(|(_, n)| n.comment.is_some())
        .count()
}
