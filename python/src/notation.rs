//! Moves in each family's notation: SGF points for Go and gomoku (`pd`; a pass is
//! the empty text, as SGF's `B[]`), USI for shogi (`7g7f`, `P*5e`), vertex numbers
//! for gonu (`3-7`, a piece placed `*7`).

use kifu::model::{Move, Point};

/// A point in SGF letters (`a`–`z`, then `A`–`Z` past 26).
pub fn sgf_point(p: Point) -> String {
    let letter = |v: u8| match v {
        0..=25 => char::from(b'a' + v),
        26..=51 => char::from(b'A' + (v - 26)),
        _ => '?',
    };
    [letter(p.x), letter(p.y)].iter().collect()
}

/// A move in its family's notation.
pub fn move_text(mv: &Move) -> String {
    match mv {
        Move::Stone(m) => m.point.map(sgf_point).unwrap_or_default(),
        Move::Shogi(m) => kifu::formats::usi_move(m),
        Move::Gonu(m) => match m.from {
            Some(from) => format!("{from}-{}", m.to),
            None => format!("*{}", m.to),
        },
    }
}

/// `"black"` or `"white"` (the first and second player of every family).
pub fn color_name(color: kifu::model::Color) -> &'static str {
    match color {
        kifu::model::Color::Black => "black",
        kifu::model::Color::White => "white",
    }
}
