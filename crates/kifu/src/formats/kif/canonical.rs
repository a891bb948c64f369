//! KIF's canonical forms, in one place for the reader and the writers (KIF and KI2):
//! the words for the sides, the `まで` summary, the line that opens the moves, and the
//! extras keys under which the reader keeps what it read as written, so that the
//! writers reproduce it.

use crate::model::{Color, Ending, EndingKind, Handicap, ShogiStart};

/// Extras key on the first node of a variation: comment lines written between the
/// `変化：N手` line and its first move.
pub const PRE_COMMENT_KEY: &str = "kif:pre-comment";
/// Extras key of the game: a diagram footer `手数＝N …` (after the `＝`).
pub const MOVE_COUNT_KEY: &str = "kif:手数＝";
/// Extras key on the last node of a line: the `まで…` summary as written.
pub const SUMMARY_KEY: &str = "kif:summary";
/// Extras key on the last node of a line that ends with a special move but has no
/// `まで…` summary: a layout hint (`Extra::is_layout`; the end is in the model), so
/// the KIF writer leaves the summary out too.
pub const NO_SUMMARY_KEY: &str = "kif:no-summary:layout";

/// Extras key of the game: the `手数----` line as written, when it is not the one
/// the writer would choose; a layout hint (`Extra::is_layout`).
pub const SEPARATOR_KEY: &str = "kif:separator:layout";

/// Extras key on a node whose move was written with an explicit 不成.
pub const NO_PROMOTE_KEY: &str = "kif:no-promote";

/// Extras key on a node whose time column could not be read (`( 0:7/)`): the
/// column as written, parentheses and all, which the KIF writer writes back in
/// its place.
pub const TIME_TEXT_KEY: &str = "kif:time";

/// The `まで` line Kakinoki writes after a line that ends with `ending` after `n`
/// moves; `words` names black and white (先手/後手 or 下手/上手).
pub fn summary_text(ending: Ending, n: u32, words: (&str, &str)) -> String {
    let side = ending.color.unwrap_or(Color::Black);
    let name = |c: Color| if c == Color::Black { words.0 } else { words.1 };
    let (me, them) = (name(side), name(side.opponent()));
    match ending.kind {
        EndingKind::Resign => format!("まで{n}手で{them}の勝ち"),
        EndingKind::Checkmate => format!("まで{n}手詰"),
        EndingKind::Timeout => format!("まで{n}手で時間切れにより{them}の勝ち"),
        EndingKind::IllegalWin => format!("まで{n}手で{me}の反則勝ち"),
        EndingKind::IllegalLoss => format!("まで{n}手で{me}の反則負け"),
        // No KIF program has a phrase of its own for a declaration: the declarer,
        // who is the side to move, wins.
        EndingKind::EnteringKing => format!("まで{n}手で{me}の勝ち"),
        other => format!("まで{n}手で{}", other.japanese()),
    }
}

/// The side words for a start: 下手/上手 for handicap presets, else 先手/後手.
pub fn words_for(start: Option<&ShogiStart>) -> (&'static str, &'static str) {
    match start {
        Some(ShogiStart::Preset(h)) if *h != Handicap::Even => ("下手", "上手"),
        _ => ("先手", "後手"),
    }
}

/// The line that opens the moves: with the time column when any move is timed.
pub fn separator(timed: bool) -> &'static str {
    if timed {
        "手数----指手---------消費時間--"
    } else {
        "手数----指手--"
    }
}
