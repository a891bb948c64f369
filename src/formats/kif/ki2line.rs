//! KI2 move tokens: `▲７六歩`, `△同　銀`, `▲５八金右`, `▲２二角成`, `△５五角打`.

use super::notation::{parse_piece, parse_square};
use crate::model::{Color, PieceKind, Square};
use crate::rules::shogi::Relative;

/// One KI2 move as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ki2Move {
    /// The side the mark names.
    pub color: Color,
    /// The destination; `None` for 同.
    pub to: Option<Square>,
    /// The piece named.
    pub piece: PieceKind,
    /// 右 左 直 上 引 寄.
    pub relative: Relative,
    /// 成.
    pub promote: bool,
    /// 不成 (or 生).
    pub no_promote: bool,
    /// 打.
    pub drop: bool,
}

/// Splits a line into move tokens at each mark; returns (byte offset, token).
pub fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut starts: Vec<usize> = line
        .char_indices()
        .filter(|&(_, c)| mark(c).is_some())
        .map(|(i, _)| i)
        .collect();
    starts.push(line.len());
    starts
        .windows(2)
        .filter_map(|w| {
            let (a, b) = (*w.first()?, *w.get(1)?);
            Some((a, line.get(a..b)?.trim_end()))
        })
        .collect()
}

fn mark(c: char) -> Option<Color> {
    match c {
        '▲' | '☗' => Some(Color::Black),
        '△' | '▽' | '☖' => Some(Color::White),
        _ => None,
    }
}

/// Reads one token; the error names what could not be read.
pub fn parse_token(token: &str) -> Result<Ki2Move, String> {
    let mut chars = token.chars();
    let color = chars
        .next()
        .and_then(mark)
        .ok_or("a KI2 move starts with ▲ or △")?;
    let body = chars.as_str().trim_start();
    let (to, rest) = if let Some(r) = body.strip_prefix('同') {
        (None, r.trim_start_matches([' ', '　']))
    } else {
        let (sq, r) =
            parse_square(body).ok_or_else(|| format!("cannot read the square in {body:?}"))?;
        (Some(sq), r)
    };
    let (piece, mut rest) =
        parse_piece(rest).ok_or_else(|| format!("unknown piece in {body:?}"))?;
    let mut m = Ki2Move {
        color,
        to,
        piece,
        relative: Relative::default(),
        promote: false,
        no_promote: false,
        drop: false,
    };
    while let Some(c) = rest.chars().next() {
        if let Some(r) = rest.strip_prefix("不成") {
            m.no_promote = true;
            rest = r;
            continue;
        }
        match c {
            '成' => m.promote = true,
            '生' => m.no_promote = true,
            '打' => m.drop = true,
            c if m.relative.add(c) => {}
            c if c.is_whitespace() => {}
            other => return Err(format!("unexpected {other:?} in {body:?}")),
        }
        rest = &rest[c.len_utf8()..];
    }
    Ok(m)
}
