//! SGF value types: Text and SimpleText unescaping, compose values, points, point
//! lists, numbers, reals, colours and doubles.

use crate::model::{BoardSize, Color, Emphasis, Point};

/// Unescapes a Text (`simple == false`) or SimpleText value: `\` + line break is
/// removed (soft line break, all four conventions), `\` + any other character is that
/// character, line breaks become `\n` (Text) or a space (SimpleText), other
/// whitespace becomes a space.
pub(super) fn text(raw: &str, simple: bool) -> String {
    unescape(raw, simple, String::with_capacity(raw.len()))
}

/// [`text`] for a node's comment or a label: with `reuse`, in a string this
/// thread kept for texts (`model::texts`), which comments and labels give back
/// when their game is dropped (a reading that hands each game on and drops it);
/// without, in a string of the text's own length (a reading that keeps its games
/// keeps no room beyond their texts).
pub(super) fn node_text(raw: &str, simple: bool, reuse: bool) -> String {
    if reuse {
        unescape(raw, simple, crate::model::texts::with_room(raw.len()))
    } else {
        text(raw, simple)
    }
}

/// [`text`] into `out`, an empty string with room for `raw`.
#[inline]
fn unescape(raw: &str, simple: bool, mut out: String) -> String {
    let bytes = raw.as_bytes();
    let special = |b: u8| TEXT_SPECIAL[usize::from(b)];
    let Some(first) = first_special(bytes) else {
        out.push_str(raw);
        return out;
    };
    // Every byte the rules change is ASCII, and UTF-8 never uses ASCII bytes inside
    // a character: the text is copied in runs between them, which start and end on
    // character boundaries.
    out.push_str(raw.get(..first).unwrap_or(""));
    let mut i = first;
    while let Some(&b) = bytes.get(i) {
        let next = bytes.get(i + 1).copied();
        match b {
            b'\\' => match next {
                // A soft line break: `\` and the break (of any convention) go.
                Some(n @ (b'\n' | b'\r')) => {
                    let other = if n == b'\n' { b'\r' } else { b'\n' };
                    i += if bytes.get(i + 2) == Some(&other) {
                        3
                    } else {
                        2
                    };
                }
                Some(n) if is_space(n) => {
                    out.push(' ');
                    i += 2;
                }
                // Any other ASCII character stands for itself; a character beyond
                // ASCII is copied with the run that follows.
                Some(n) if n.is_ascii() => {
                    out.push(char::from(n));
                    i += 2;
                }
                Some(_) => i += 1,
                None => i += 1,
            },
            b'\n' | b'\r' => {
                let other = if b == b'\n' { b'\r' } else { b'\n' };
                i += if next == Some(other) { 2 } else { 1 };
                out.push(if simple { ' ' } else { '\n' });
            }
            _ if special(b) => {
                out.push(' ');
                i += 1;
            }
            _ => {
                let run = bytes
                    .get(i..)
                    .and_then(first_special)
                    .map_or(bytes.len(), |k| i + k);
                out.push_str(raw.get(i..run).unwrap_or(""));
                i = run;
            }
        }
    }
    out
}

/// The bytes [`text`] changes: `\\` and the whitespace it converts but the space
/// (one look a byte, where the text has none of them, as most have).
const TEXT_SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        t[b] = byte == b'\\'
            || (byte != b' ' && (byte.is_ascii_whitespace() || byte == 0x0B || byte == 0));
        b += 1;
    }
    t
};

/// The offset of the first byte [`text`] changes ([`TEXT_SPECIAL`]): eight bytes
/// at a time while a word holds none (each is below 14, or `\\`), then byte by
/// byte within the word that does.
fn first_special(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = ONES * 0x80;
    // A byte below 14 (the whitespace and NUL), and a byte equal to `\\`: each test
    // is exact for "some byte of the word" (a borrow needs such a byte).
    let marked = |word: &[u8; 8]| {
        let x = u64::from_le_bytes(*word);
        let low = x.wrapping_sub(ONES * 14) & !x & HIGHS;
        let y = x ^ (ONES * u64::from(b'\\'));
        let slash = y.wrapping_sub(ONES) & !y & HIGHS;
        low | slash != 0
    };
    let mut at = 0;
    for word in bytes.chunks_exact(8) {
        if word.first_chunk::<8>().is_some_and(marked) {
            break;
        }
        at += 8;
    }
    // Fewer than eight bytes left unread: the text's last eight (over bytes
    // already read) say at once whether they hold one.
    if bytes.len() - at < 8 && bytes.last_chunk::<8>().is_some_and(|w| !marked(w)) {
        return None;
    }
    let rest = bytes.get(at..)?;
    rest.iter()
        .position(|&b| TEXT_SPECIAL[usize::from(b)])
        .map(|k| at + k)
}

/// The whitespace SGF converts: ASCII spaces, tabs, line breaks, VT, FF, and NUL.
/// Unicode spaces (NBSP, the ideographic space of CJK text) are text and kept.
fn is_space(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0B || b == 0
}

/// A raw value without surrounding spaces; NUL counts as one (it reads as a space
/// everywhere, and kept raw values store it as one).
pub(super) fn trim(raw: &str) -> &str {
    raw.trim_matches(|c: char| c.is_whitespace() || c == '\0')
}

/// Splits a compose value at its first unescaped `:`.
pub(super) fn split_compose(raw: &str) -> Option<(&str, &str)> {
    let bytes = raw.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\\' => i += 2,
            b':' => return Some((raw.get(..i)?, raw.get(i + 1..)?)),
            _ => i += 1,
        }
    }
    None
}

/// A coordinate letter: `a`–`z` are 0–25, `A`–`Z` are 26–51.
fn coord(b: u8) -> Option<u8> {
    match b {
        b'a'..=b'z' => Some(b - b'a'),
        b'A'..=b'Z' => Some(b - b'A' + 26),
        _ => None,
    }
}

/// The letter for a coordinate 0–51.
pub(super) fn coord_char(c: u8) -> char {
    match c {
        0..=25 => char::from(b'a' + c),
        _ => char::from(b'A' + (c - 26).min(25)),
    }
}

/// Why a point value was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum PointError {
    /// Not two coordinate letters.
    Syntax,
    /// Outside the board.
    OffBoard(Point),
}

/// Outcome of reading a point: the point and whether spaces had to be removed.
pub(super) fn point(raw: &str, size: BoardSize) -> Result<(Point, bool), PointError> {
    // Nearly every point is two lowercase letters: no space to drop, no uppercase.
    if let &[x @ b'a'..=b'z', y @ b'a'..=b'z'] = raw.as_bytes() {
        let p = Point::new(x - b'a', y - b'a');
        return if size.contains(p) {
            Ok((p, false))
        } else {
            Err(PointError::OffBoard(p))
        };
    }
    // The same spaces `text` converts (NUL included), so a kept raw value reads alike.
    let mut letters = [0u8; 2];
    let mut count = 0usize;
    let mut cleaned = false;
    for b in raw.bytes() {
        if is_space(b) {
            cleaned = true;
            continue;
        }
        let Some(slot) = letters.get_mut(count) else {
            return Err(PointError::Syntax);
        };
        *slot = b;
        count += 1;
    }
    if count != 2 {
        return Err(PointError::Syntax);
    }
    let [x, y] = letters;
    let (Some(x), Some(y)) = (coord(x), coord(y)) else {
        return Err(PointError::Syntax);
    };
    let p = Point::new(x, y);
    if size.contains(p) {
        Ok((p, cleaned))
    } else {
        Err(PointError::OffBoard(p))
    }
}

/// The two letters of a point.
pub(super) fn point_str(p: Point) -> [char; 2] {
    [coord_char(p.x), coord_char(p.y)]
}

/// Expands one value of a point list, a point or a rectangle `aa:cc`, onto `out`;
/// true when spaces were taken out of a point (see [`point`]).
pub(super) fn point_list_value(
    raw: &str,
    size: BoardSize,
    out: &mut Vec<Point>,
) -> Result<bool, PointError> {
    match split_compose(raw) {
        None => point(raw, size).map(|(p, cleaned)| {
            out.push(p);
            cleaned
        }),
        Some((a, b)) => {
            let (a, cleaned_a) = point(a, size)?;
            let (b, cleaned_b) = point(b, size)?;
            let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
            let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
            out.reserve(usize::from(x1 - x0 + 1) * usize::from(y1 - y0 + 1));
            for y in y0..=y1 {
                for x in x0..=x1 {
                    out.push(Point::new(x, y));
                }
            }
            Ok(cleaned_a || cleaned_b)
        }
    }
}

/// A Number: optional sign and digits.
pub(super) fn number(raw: &str) -> Option<i64> {
    let t = trim(raw);
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.strip_prefix('+').unwrap_or(t).parse().ok()
}

/// A Real: a Number with an optional fraction.
pub(super) fn real(raw: &str) -> Option<f64> {
    // The common case, a few digits (seconds left): exact without the float parser.
    if (1..=15).contains(&raw.len()) {
        // One pass: digits accumulate until something else turns up.
        let mut n = 0u64;
        let all_digits = raw.bytes().all(|b| {
            let d = b.wrapping_sub(b'0');
            n = n * 10 + u64::from(d);
            d <= 9
        });
        if all_digits {
            // Below 10^15 < 2^53: every such integer is an exact f64.
            return Some(n as f64);
        }
    }
    let t = trim(raw);
    let body = t.strip_prefix(['+', '-']).unwrap_or(t);
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    let ok = !(int.is_empty() && frac.is_empty())
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.bytes().all(|b| b.is_ascii_digit());
    if !ok {
        return None;
    }
    t.strip_prefix('+')
        .unwrap_or(t)
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())
}

/// A Color: `B` or `W` (other spellings are `legacy::color`'s).
pub(super) fn color(raw: &str) -> Option<Color> {
    match trim(raw) {
        "B" => Some(Color::Black),
        "W" => Some(Color::White),
        _ => None,
    }
}

/// A Double: `1` normal, `2` emphasised.
pub(super) fn double(raw: &str) -> Option<Emphasis> {
    match trim(raw) {
        "1" => Some(Emphasis::Normal),
        "2" => Some(Emphasis::Strong),
        _ => None,
    }
}

/// Writes a real the shortest way (`6.5`, `0`, `-3`).
pub(super) fn fmt_real(v: f64) -> String {
    let mut out = String::new();
    let _ = write_real(v, &mut out);
    out
}

/// [`fmt_real`] onto `out`.
pub(super) fn write_real(v: f64, out: &mut impl std::fmt::Write) -> std::fmt::Result {
    // A whole number (times left, komi: most values) is written as the integer it
    // is, which is what `{v}` gives for it, without the float formatter's cost.
    // -0.0 (written "-0") and large values take the general way.
    if v.fract() == 0.0 && v.abs() < 1e15 && !(v == 0.0 && v.is_sign_negative()) {
        return write!(out, "{}", v as i64);
    }
    write!(out, "{v}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-at-a-time search finds what a byte-by-byte search finds: every byte
    /// value at every place of texts of 0 to 24 bytes, among bytes next to the
    /// special ones (13, 14, `[`, `]`, 0x7F, 0x80, 0xDC, 0xFF).
    #[test]
    fn the_first_special_byte_is_found_word_by_word() {
        let fillers = [b'a', 14, 0x5B, 0x5D, 0x7F, 0x80, 0xDC, 0xFF, 0x20];
        for len in 0..24usize {
            for filler in fillers {
                for at in 0..len.max(1) {
                    for b in 0..=255u8 {
                        let mut bytes = vec![filler; len];
                        if let Some(x) = bytes.get_mut(at) {
                            *x = b;
                        }
                        let plain = bytes.iter().position(|&b| TEXT_SPECIAL[usize::from(b)]);
                        assert_eq!(first_special(&bytes), plain, "{bytes:?}");
                    }
                }
            }
        }
    }

    /// The table of bytes [`text`] changes is the rule it stands for.
    #[test]
    fn text_special_bytes_are_the_escape_and_the_converted_whitespace() {
        for b in 0..=255u8 {
            let rule = b == b'\\' || (is_space(b) && b != b' ');
            assert_eq!(TEXT_SPECIAL[usize::from(b)], rule, "{b:#x}");
        }
    }

    /// [`text`] as it was written first, character by character: the reference.
    fn text_by_chars(raw: &str, simple: bool) -> String {
        let mut out = String::with_capacity(raw.len());
        let mut chars = raw.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some('\n') => {
                        chars.next_if_eq(&'\r');
                    }
                    Some('\r') => {
                        chars.next_if_eq(&'\n');
                    }
                    Some(c) if c.is_ascii() && is_space(c as u8) => out.push(' '),
                    Some(c) => out.push(c),
                    None => {}
                },
                '\n' | '\r' => {
                    let other = if c == '\n' { '\r' } else { '\n' };
                    if chars.peek() == Some(&other) {
                        chars.next();
                    }
                    out.push(if simple { ' ' } else { '\n' });
                }
                c if c.is_ascii() && is_space(c as u8) => out.push(' '),
                c => out.push(c),
            }
        }
        out
    }

    #[test]
    fn text_reads_as_the_character_reading_on_every_mix() {
        let pieces = [
            "a", " ", "\\", "\n", "\r", "\t", "\x0B", "\x0C", "\0", "]", ":", "表", "é", "\u{3000}",
        ];
        let mut next = crate::testing::below(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 {
            let len = next(12);
            let raw: String = (0..len).map(|_| pieces[next(pieces.len())]).collect();
            for simple in [false, true] {
                assert_eq!(text(&raw, simple), text_by_chars(&raw, simple), "{raw:?}");
            }
        }
    }

    #[test]
    fn soft_line_breaks_in_all_conventions() {
        for nl in ["\n", "\r", "\r\n", "\n\r"] {
            assert_eq!(text(&format!("won\\{nl}derful"), false), "wonderful");
        }
        assert_eq!(text("a\r\nb\n\rc\rd", false), "a\nb\nc\nd");
        assert_eq!(text("a\r\nb\tc", true), "a b c");
        assert_eq!(
            text("全角\u{3000}空白\u{a0}x\\]", false),
            "全角\u{3000}空白\u{a0}x]"
        );
    }

    #[test]
    fn escapes() {
        assert_eq!(
            text("Can anyone\\\n explain [me\\] k4?", false),
            "Can anyone explain [me] k4?"
        );
        assert_eq!(text("a\\\\b\\:c", false), "a\\b:c");
        assert_eq!(text("表\\]);B[dd", false), "表]);B[dd");
    }

    #[test]
    fn compose_splits_at_first_unescaped_colon() {
        assert_eq!(split_compose("a\\:b:c:d"), Some(("a\\:b", "c:d")));
        assert_eq!(split_compose("abc"), None);
    }

    #[test]
    fn points_and_rectangles() {
        let s = BoardSize::square(19);
        assert_eq!(point("cd", s), Ok((Point::new(2, 3), false)));
        assert_eq!(point("c   c", s), Ok((Point::new(2, 2), true)));
        assert_eq!(point("90", s), Err(PointError::Syntax));
        assert_eq!(
            point("zz", s),
            Err(PointError::OffBoard(Point::new(25, 25)))
        );
        let mut out = vec![Point::new(5, 5)];
        assert_eq!(point_list_value("bb:ac", s, &mut out), Ok(false));
        assert_eq!(
            out,
            vec![
                Point::new(5, 5),
                Point::new(0, 1),
                Point::new(1, 1),
                Point::new(0, 2),
                Point::new(1, 2)
            ]
        );
        assert_eq!(
            point("AZ", BoardSize::square(52)),
            Ok((Point::new(26, 51), false))
        );
    }

    #[test]
    fn numbers() {
        assert_eq!(number("+12"), Some(12));
        assert_eq!(number("1 kk"), None);
        assert_eq!(real("1380"), Some(1380.0));
        assert_eq!(real("007"), Some(7.0));
        assert_eq!(real("999999999999999"), Some(999_999_999_999_999.0));
        assert_eq!(real("9999999999999999"), Some(9_999_999_999_999_999.0));
        assert_eq!(real("34."), Some(34.0));
        assert_eq!(real("-.5"), Some(-0.5));
        assert_eq!(real("5 1/2"), None);
        assert_eq!(fmt_real(6.5), "6.5");
        assert_eq!(fmt_real(6.0), "6");
    }
}
