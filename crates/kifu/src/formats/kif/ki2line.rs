//! KI2 move tokens: `▲７六歩`, `△同　銀`, `▲５八金右`, `▲２二角成`, `△５五角打`; and the
//! `まで` summary line's words (the special end, the side it names).

use crate::model::{Color, EndingKind, PieceKind, Square};
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

/// Splits a line into move tokens at each mark; yields (byte offset, token), each
/// token without its trailing whitespace. Text before the first mark is no token.
pub fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut next = mark_from(line, 0);
    std::iter::from_fn(move || {
        let a = next?;
        // Every mark is three bytes long.
        next = mark_from(line, a + 3);
        let b = next.unwrap_or(line.len());
        Some((a, trim_end_space(line.get(a..b)?)))
    })
}

/// The byte offset of the first mark at or after `from`, by the marks' UTF-8:
/// ▲ E2 96 B2, △ E2 96 B3, ▽ E2 96 BD, ☖ E2 98 96, ☗ E2 98 97.
fn mark_from(line: &str, from: usize) -> Option<usize> {
    let b = line.as_bytes();
    let mut i = from;
    loop {
        let at = i + b.get(i..)?.iter().position(|&c| c == 0xE2)?;
        if let Some(&[0xE2, 0x96, 0xB2 | 0xB3 | 0xBD] | &[0xE2, 0x98, 0x96 | 0x97]) =
            b.get(at..at + 3)
        {
            return Some(at);
        }
        i = at + 1;
    }
}

/// `s.trim_end()`, looking at ASCII bytes directly.
fn trim_end_space(s: &str) -> &str {
    let mut end = s.len();
    while let Some(&last) = s.as_bytes().get(end.wrapping_sub(1)) {
        if last < 0x80 {
            if !char::from(last).is_whitespace() {
                break;
            }
            end -= 1;
            continue;
        }
        match s.get(..end).and_then(|h| h.chars().next_back()) {
            Some(c) if c.is_whitespace() => end -= c.len_utf8(),
            _ => break,
        }
    }
    s.get(..end).unwrap_or(s)
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
    let rest = chars.as_str();
    let body = rest.get(super::line::lead_space(rest)..).unwrap_or(rest);
    let (to, rest) = if let Some(r) = body.strip_prefix('同') {
        (None, super::line::skip_spaces(r))
    } else {
        let (sq, r) = super::line::square_fast(body)
            .ok_or_else(|| format!("cannot read the square in {}", crate::diag::quote(body)))?;
        (Some(sq), r)
    };
    let (piece, mut rest) = super::line::piece_fast(rest)
        .ok_or_else(|| format!("unknown piece in {}", crate::diag::quote(body)))?;
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
            other => {
                return Err(format!(
                    "unexpected {other:?} in {}",
                    crate::diag::quote(body)
                ))
            }
        }
        rest = &rest[c.len_utf8()..];
    }
    Ok(m)
}

/// True when `needle` occurs in `hay`: `str::contains` without its searcher's
/// set-up, which costs more than the search in a summary line. A byte match is a
/// character match, UTF-8 being self-synchronising.
fn has(hay: &str, needle: &str) -> bool {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    let Some(&first) = n.first() else {
        return true;
    };
    h.iter()
        .enumerate()
        .any(|(i, &c)| c == first && h.get(i..).is_some_and(|rest| rest.starts_with(n)))
}

/// The special end a KI2 `まで` line names.
pub(super) fn ki2_ending(t: &str) -> Option<EndingKind> {
    let rest = t.trim_start_matches("まで");
    Some(if has(rest, "中断") {
        EndingKind::Interrupt
    } else if has(rest, "千日手") {
        EndingKind::Repetition
    } else if has(rest, "持将棋") {
        EndingKind::Impasse
    } else if has(rest, "封じ手") {
        EndingKind::SealedMove
    } else if has(rest, "反則勝ち") {
        EndingKind::IllegalWin
    } else if has(rest, "反則負け") {
        EndingKind::IllegalLoss
    } else if has(rest, "時間切れ") || has(rest, "切れ負け") {
        EndingKind::Timeout
    } else if has(rest, "入玉") {
        EndingKind::EnteringKing
    } else if has(rest, "不詰") {
        EndingKind::NoMate
    } else if has(rest, "詰") {
        EndingKind::Checkmate
    } else if has(rest, "勝ち") {
        EndingKind::Resign
    } else {
        return None;
    })
}

/// The side a summary names before の: 先手/下手 or 後手/上手.
pub(super) fn named_side(t: &str) -> Option<Color> {
    if has(t, "先手の") || has(t, "下手の") {
        Some(Color::Black)
    } else if has(t, "後手の") || has(t, "上手の") {
        Some(Color::White)
    } else {
        None
    }
}
