//! The fast lane for plain move nodes: `;B[pd]`, `;W[dp]WL[1795.3]`, `;B[qq]BL[28]OB[3]`,
//! `;B[pd]BL[28]C[a comment]`, which are nearly every node of a large collection.
//!
//! The general path gathers each node's properties into a `RawNode`, then types them
//! one by one with every whole-node check. For a node that is only a move, perhaps
//! with the mover's time, all of that work finds nothing to report and builds the same
//! node: a stone move and its time. [`recognise`] tells such a node from its bytes and
//! types its values with the functions the general path uses, and the sink builds it
//! directly when the game's context allows (see `Builder::plain_move`); anything else
//! takes the general path.
//!
//! What qualifies, byte for byte (after the `;`, or where the node's first property
//! starts when the `;` is missing):
//! - `B[` or `W[`, two lowercase letters, `]`: one property, one value, no space, no
//!   NUL, no escape, so no reader diagnostic, and a point that the sink checks is on
//!   the board (so it is neither off the board nor the FF[3] pass `tt`);
//! - then, optionally, `BL[` after `B` or `WL[` after `W`, whose value is a Real that
//!   `values::real` reads: the mover's time left;
//! - then, optionally, `OB[` after `B` or `OW[` after `W`, whose value is a count that
//!   `values::number` reads and a `u32` holds: the mover's periods or stones left;
//! - each of those values of at most [`MAX_NUMBER`] bytes, all digits, signs or points
//!   (no space, NUL or escape);
//! - then, optionally, `C[` and a comment without NUL (escaped or not) up to its
//!   first `]` not escaped (so no reader diagnostic), typed by `values::text`, which
//!   takes the escapes out, as the general path types it when the reader keeps
//!   comments;
//! - then, optionally, markup: `TR`, `SQ`, `CR`, `MA` or `SL` with points, `AR` or
//!   `LN` with pairs of points (`[pd:qq]`), `LB` with a point and a text without
//!   escape or NUL (`[pd:A]`); each property at most once, its values back to back,
//!   every point two lowercase letters, and no point marked twice by the symbols and
//!   labels (so none of the general path's duplicate reports). The sink holds the
//!   furthest column and row named ([`MarkupReach`]) against the board; a check as
//!   it reads keeps no markup, a reading that keeps it builds it from the text
//!   ([`build_markup`]), and a sink that would refuse the node says so before the
//!   markup is read (the general path types it);
//! - then only blanks (no NUL) up to `;`, `(`, `)` or the end of the text: the node has
//!   no further property or value.
//!
//! The general path gives such a node no diagnostic and the same move, time and count:
//! the values are typed by the same functions, and each property is the first of its
//! kind in the node and belongs to its mover. (A time of the other player, a second
//! value, a value the functions refuse: all take the general path, which reports them
//! or keeps them raw.)

use crate::diag::Span;
use crate::model::{Color, Label, Line, Markup, Point, Shape, Symbol};

use super::values::{number, real};

/// A node holding only a stone move, perhaps with the mover's time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct PlainMove<'t> {
    /// Who moves.
    pub color: Color,
    /// Column and row, from the letters (`a` = 0): not yet checked against the board.
    pub x: u8,
    /// See `x`.
    pub y: u8,
    /// BL or WL of the mover, in seconds.
    pub time_left: Option<f64>,
    /// The same in milliseconds when it is a whole number of seconds written in
    /// digits that fits a node's own field (the usual server's `BL[3584]`).
    pub time_left_ms: Option<u32>,
    /// OB or OW of the mover.
    pub periods_left: Option<u32>,
    /// The text of a `C` value, verbatim (escapes untouched, as a raw value).
    pub comment: Option<&'t str>,
    /// The node's markup, if it has any (see the module comment).
    pub markup: Option<MarkupReach>,
    /// The markup's properties as written (empty without markup), for a reading to
    /// build ([`build_markup`]).
    pub markup_text: &'t str,
    /// From the node's start to the end of its last value, as the general path spans it.
    pub span: Span,
}

/// How far the markup of a lane node reaches: the largest column and the largest
/// row any of its points names (`a` = 0), not yet checked against the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct MarkupReach {
    /// The largest column.
    pub x: u8,
    /// The largest row.
    pub y: u8,
}

/// Most points the lane takes in one node's symbols and labels (more take the
/// general path, whose duplicate check sorts them).
const MAX_MARKED: usize = 16;

/// Longest time or count value the lane takes, in bytes (longer ones are rare enough
/// for the general path).
pub(super) const MAX_NUMBER: usize = 24;

/// The plain move node whose first property starts at `at` in `text` and whose span
/// starts at `start`, if the node is one (see the module comment).
#[inline(always)]
pub(super) fn recognise(
    text: &str,
    start: usize,
    at: usize,
    takes_markup: impl FnOnce() -> bool,
) -> Option<PlainMove<'_>> {
    let bytes = text.as_bytes();
    let (color, x, y) = match bytes.get(at..)? {
        [b'B', b'[', x @ b'a'..=b'z', y @ b'a'..=b'z', b']', ..] => (Color::Black, x, y),
        [b'W', b'[', x @ b'a'..=b'z', y @ b'a'..=b'z', b']', ..] => (Color::White, x, y),
        _ => return None,
    };
    let mover = if color == Color::Black { b'B' } else { b'W' };
    let mut end = at + 5;
    let mut time_left = None;
    let mut time_left_ms = None;
    if let Some(&[id, b'L', b'[']) = bytes.get(end..end + 3) {
        if id != mover {
            return None;
        }
        let value = number_value(text, end + 3)?;
        time_left = Some(value.real()?);
        time_left_ms = value.whole_ms();
        end = value.after;
    }
    let mut periods_left = None;
    if let Some(&[b'O', id, b'[']) = bytes.get(end..end + 3) {
        if id != mover {
            return None;
        }
        let value = number_value(text, end + 3)?;
        periods_left = Some(value.count()?);
        end = value.after;
    }
    let mut comment = None;
    if bytes.get(end..end + 2) == Some(b"C[") {
        let from = end + 2;
        // The first `]` not escaped closes the value; a NUL, escaped or not, sends
        // the node to the general path (which reports it).
        let mut i = from;
        let close = loop {
            let at = i + memchr::memchr3(b']', b'\\', 0, bytes.get(i..)?)?;
            match bytes.get(at) {
                Some(b']') => break at,
                Some(b'\\') if bytes.get(at + 1).is_some_and(|&b| b != 0) => i = at + 2,
                _ => return None,
            }
        };
        comment = Some(text.get(from..close)?);
        end = close + 1;
    }
    let mut markup = None;
    let mut markup_text = "";
    if bytes.get(end).is_some_and(u8::is_ascii_uppercase) {
        // A sink that would refuse the node (a check of games it does not walk as
        // it reads, which keeps no markup) is not made to wait for it to be read.
        if !takes_markup() {
            return None;
        }
        let (reach, after) = markup_props(bytes, end)?;
        markup = Some(reach);
        markup_text = text.get(end..after)?;
        end = after;
    }
    let next = bytes
        .get(end..)?
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .copied();
    if !matches!(next, None | Some(b';' | b'(' | b')')) {
        return None;
    }
    Some(PlainMove {
        color,
        x: x - b'a',
        y: y - b'a',
        time_left,
        time_left_ms,
        periods_left,
        comment,
        markup,
        markup_text,
        span: Span::new(start, end),
    })
}

/// Builds the markup of a lane node (`props`, its [`PlainMove::markup_text`], which
/// [`markup_props`] took) into `markup`, as the general path types the same
/// properties: symbols in the order written, a label's text as `values::node_text`
/// types a SimpleText (`reuse` as there), arrows and lines as pairs.
pub(super) fn build_markup(props: &str, markup: &mut Markup, reuse: bool) {
    let bytes = props.as_bytes();
    let letter = |at: usize| bytes.get(at).map_or(0, |&b| b.wrapping_sub(b'a'));
    let point = |at: usize| Point::new(letter(at), letter(at + 1));
    let mut at = 0;
    while let Some(&[a, b, b'[']) = bytes.get(at..at + 3) {
        at += 2;
        let shape = match [a, b] {
            [b'T', b'R'] => Some(Shape::Triangle),
            [b'S', b'Q'] => Some(Shape::Square),
            [b'C', b'R'] => Some(Shape::Circle),
            [b'M', b'A'] => Some(Shape::Cross),
            [b'S', b'L'] => Some(Shape::Selected),
            _ => None,
        };
        while bytes.get(at) == Some(&b'[') {
            match ([a, b], shape) {
                (_, Some(shape)) => {
                    markup.symbols.push(Symbol {
                        point: point(at + 1),
                        shape,
                    });
                    at += 4;
                }
                ([b'L', b'B'], None) => {
                    // `[`, the point, `:`, then the text up to its `]` (no escape).
                    let from = at + 4;
                    let Some(stop) = bytes.get(from..).and_then(|r| memchr::memchr(b']', r)) else {
                        return;
                    };
                    let text = props.get(from..from + stop).unwrap_or_default();
                    markup.labels.push(Label {
                        point: point(at + 1),
                        text: super::values::node_text(text, true, reuse),
                    });
                    at = from + stop + 1;
                }
                ([b'A', b'R'], None) | ([b'L', b'N'], None) => {
                    let line = Line {
                        from: point(at + 1),
                        to: point(at + 4),
                    };
                    if a == b'A' {
                        markup.arrows.push(line);
                    } else {
                        markup.lines.push(line);
                    }
                    at += 7;
                }
                _ => return,
            }
        }
    }
}

/// What the values of a markup property hold.
#[derive(Clone, Copy)]
enum MarkupValues {
    /// Points: `TR`, `SQ`, `CR`, `MA`, `SL`.
    Points,
    /// Pairs of points: `AR`, `LN`.
    Pairs,
    /// A point and a text: `LB`.
    Labels,
}

/// The markup properties from `at` on, as the lane takes them (see the module
/// comment): how far they reach, and the offset after the last `]`. `None` when
/// any of them is not for the lane.
fn markup_props(bytes: &[u8], mut at: usize) -> Option<(MarkupReach, usize)> {
    let mut marked = [(0u8, 0u8); MAX_MARKED];
    let mut count = 0usize;
    let mut seen = 0u8;
    let mut reach = MarkupReach { x: 0, y: 0 };
    let mut extend = |x: u8, y: u8| {
        reach.x = reach.x.max(x - b'a');
        reach.y = reach.y.max(y - b'a');
    };
    while let Some(&[a @ b'A'..=b'Z', b, b'[']) = bytes.get(at..at + 3) {
        let (values, bit) = match [a, b] {
            [b'T', b'R'] => (MarkupValues::Points, 1),
            [b'S', b'Q'] => (MarkupValues::Points, 2),
            [b'C', b'R'] => (MarkupValues::Points, 4),
            [b'M', b'A'] => (MarkupValues::Points, 8),
            [b'S', b'L'] => (MarkupValues::Points, 16),
            [b'A', b'R'] => (MarkupValues::Pairs, 32),
            [b'L', b'N'] => (MarkupValues::Pairs, 64),
            [b'L', b'B'] => (MarkupValues::Labels, 128),
            _ => return None,
        };
        if seen & bit != 0 {
            return None;
        }
        seen |= bit;
        at += 2;
        while bytes.get(at) == Some(&b'[') {
            match values {
                MarkupValues::Points | MarkupValues::Labels => {
                    let (x, y) = match (values, bytes.get(at..at + 4)?) {
                        (MarkupValues::Points, &[_, x @ b'a'..=b'z', y @ b'a'..=b'z', b']'])
                        | (MarkupValues::Labels, &[_, x @ b'a'..=b'z', y @ b'a'..=b'z', b':']) => {
                            (x, y)
                        }
                        _ => return None,
                    };
                    extend(x, y);
                    *marked.get_mut(count)? = (x, y);
                    count += 1;
                    at += 4;
                    if let MarkupValues::Labels = values {
                        // The text, up to the `]`: no escape, no NUL. (Labels are
                        // a letter or two: a loop costs less than a search's set-up.)
                        let rest = bytes.get(at..)?;
                        let stop = at + rest.iter().position(|&b| matches!(b, b']' | b'\\' | 0))?;
                        if bytes.get(stop) != Some(&b']') {
                            return None;
                        }
                        at = stop + 1;
                    }
                }
                MarkupValues::Pairs => match *bytes.get(at..at + 7)? {
                    [_, x1 @ b'a'..=b'z', y1 @ b'a'..=b'z', b':', x2 @ b'a'..=b'z', y2 @ b'a'..=b'z', b']'] =>
                    {
                        extend(x1, y1);
                        extend(x2, y2);
                        at += 7;
                    }
                    _ => return None,
                },
            }
        }
    }
    let marked = marked.get(..count)?;
    for (i, p) in marked.iter().enumerate() {
        if marked.get(..i)?.contains(p) {
            return None;
        }
    }
    Some((reach, at))
}

/// A number value of the lane: the offset after its `]`, and what it holds.
struct NumberValue<'t> {
    after: usize,
    value: Number<'t>,
}

/// What a number value of the lane holds.
enum Number<'t> {
    /// 1 to 15 plain digits, read (the common case, which `values::real` and
    /// `values::number` read the same way: every integer below 10^15 is an exact
    /// f64); the text is then never looked at, so it is not even cut out.
    Digits(u64),
    /// Anything else, as written.
    Text(&'t str),
}

impl NumberValue<'_> {
    /// The value as `values::real` reads it.
    #[inline(always)]
    fn real(&self) -> Option<f64> {
        match self.value {
            // Below 10^15, so an i64, whose conversion is one instruction (a u64's
            // takes several).
            Number::Digits(n) => Some(i64::try_from(n).map_or(n as f64, |i| i as f64)),
            Number::Text(text) => real(text),
        }
    }

    /// Whole seconds in digits as milliseconds, when they fit below `u32::MAX`.
    #[inline(always)]
    fn whole_ms(&self) -> Option<u32> {
        match self.value {
            Number::Digits(n) => u32::try_from(n)
                .ok()
                .and_then(|s| s.checked_mul(1000))
                .filter(|&ms| ms != u32::MAX),
            Number::Text(_) => None,
        }
    }

    /// The value as `values::number` reads it, if a `u32` holds it.
    #[inline(always)]
    fn count(&self) -> Option<u32> {
        match self.value {
            Number::Digits(n) => u32::try_from(n).ok(),
            Number::Text(text) => number(text).and_then(|n| u32::try_from(n).ok()),
        }
    }
}

/// The value starting at `from` (just after its `[`), when it has at most
/// [`MAX_NUMBER`] bytes, each a digit, a sign or a point.
#[inline(always)]
fn number_value(text: &str, from: usize) -> Option<NumberValue<'_>> {
    let bytes = text.as_bytes();
    // Up to seven digits and the `]`, read as one word (the usual time left).
    if let Some(word) = bytes.get(from..from + 8) {
        let (count, n) = leading_digits(word);
        if (1..8).contains(&count) && bytes.get(from + count) == Some(&b']') {
            return Some(NumberValue {
                after: from + count + 1,
                value: Number::Digits(n),
            });
        }
    }
    // Plain digits first, accumulated on the way.
    let mut i = from;
    let mut n = 0u64;
    while let Some(d) = bytes
        .get(i)
        .map(|b| b.wrapping_sub(b'0'))
        .filter(|&d| d <= 9)
    {
        n = n.wrapping_mul(10).wrapping_add(u64::from(d));
        i += 1;
    }
    let digits = i - from;
    if bytes.get(i) == Some(&b']') && (1..=15).contains(&digits) {
        return Some(NumberValue {
            after: i + 1,
            value: Number::Digits(n),
        });
    }
    // Anything else a number may hold.
    while bytes
        .get(i)
        .is_some_and(|b| matches!(b, b'0'..=b'9' | b'+' | b'-' | b'.'))
    {
        i += 1;
    }
    if i - from > MAX_NUMBER || bytes.get(i) != Some(&b']') {
        return None;
    }
    Some(NumberValue {
        after: i + 1,
        value: Number::Text(text.get(from..i)?),
    })
}

/// How many of the eight bytes `word` are ASCII digits before the first that is not
/// one, and the number they make.
#[inline(always)]
fn leading_digits(word: &[u8]) -> (usize, u64) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(word.get(..8).unwrap_or(&[0; 8]));
    // A digit less `0` is 0–9: its high half clear, and its low half plus 6 below
    // 0x10 (the low halves alone, so no carry crosses a byte).
    let x = u64::from_le_bytes(bytes) ^ (ONES * u64::from(b'0'));
    let low = x & (ONES * 0x0F);
    let odd = (x & (ONES * 0xF0)) | ((low + ONES * 6) & (ONES * 0x10));
    // The top bit of each byte that is not a digit.
    let flags = (((odd & (ONES * 0x7F)) + ONES * 0x7F) | odd) & (ONES * 0x80);
    let count = (flags.trailing_zeros() / 8) as usize;
    if count == 0 {
        return (0, 0);
    }
    // The digits moved to the word's top bytes, zeros below them (leading zeros),
    // then combined in pairs, fours and eights.
    let mut v = low << (8 * (8 - count));
    v = (v.wrapping_mul(10 << 8 | 1) >> 8) & 0x00FF_00FF_00FF_00FF;
    v = (v.wrapping_mul(100 << 16 | 1) >> 16) & 0x0000_FFFF_0000_FFFF;
    v = v.wrapping_mul(10_000 << 32 | 1) >> 32;
    (count, v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(text: &str) -> Option<PlainMove<'_>> {
        recognise(text, 0, 1, || true)
    }

    #[test]
    fn a_move_with_or_without_the_movers_time_is_plain() {
        assert_eq!(
            plain(";B[pd];W[dp]"),
            Some(PlainMove {
                color: Color::Black,
                x: 15,
                y: 3,
                time_left: None,
                time_left_ms: None,
                periods_left: None,
                comment: None,
                markup: None,
                markup_text: "",
                span: Span::new(0, 6),
            })
        );
        assert_eq!(
            plain(";W[dp]WL[1795.312]\n\n(;B[aa])"),
            Some(PlainMove {
                color: Color::White,
                x: 3,
                y: 15,
                time_left: Some(1795.312),
                time_left_ms: None,
                periods_left: None,
                comment: None,
                markup: None,
                markup_text: "",
                span: Span::new(0, 18),
            })
        );
        assert_eq!(
            plain(";B[qq]BL[28]OB[3])"),
            Some(PlainMove {
                color: Color::Black,
                x: 16,
                y: 16,
                time_left: Some(28.0),
                time_left_ms: Some(28_000),
                periods_left: Some(3),
                comment: None,
                markup: None,
                markup_text: "",
                span: Span::new(0, 17),
            })
        );
        assert_eq!(
            plain(";B[qq]BL[28]C[a\nb\t表])"),
            Some(PlainMove {
                color: Color::Black,
                x: 16,
                y: 16,
                time_left: Some(28.0),
                time_left_ms: Some(28_000),
                periods_left: None,
                comment: Some("a\nb\t表"),
                markup: None,
                markup_text: "",
                span: Span::new(0, 22),
            })
        );
        // Escapes stay in the comment as written (the builder takes them out).
        let comment = |text| plain(text).map(|m| (m.comment, m.span.end));
        assert_eq!(comment(";B[pd]C[a\\]b];"), Some((Some("a\\]b"), 13)));
        assert_eq!(comment(";B[pd]C[a\\\\]b];"), None);
        assert_eq!(comment(";B[pd]C[a\\\\];"), Some((Some("a\\\\"), 12)));
        assert_eq!(
            comment(";B[pd]C[soft\\\nbreak]"),
            Some((Some("soft\\\nbreak"), 20))
        );
        assert_eq!(comment(";B[pd]C[\\表\\]]("), Some((Some("\\表\\]"), 15)));
        let timed = |text| plain(text).map(|m| (m.time_left, m.periods_left, m.span.end));
        assert_eq!(timed(";W[ab]OW[0];"), Some((None, Some(0), 11)));
        assert_eq!(timed(";B[ab]BL[-3];"), Some((Some(-3.0), None, 12)));
        assert_eq!(timed(";B[ab]BL[+2.5];"), Some((Some(2.5), None, 14)));
        assert_eq!(timed(";B[ab]BL[7.];"), Some((Some(7.0), None, 12)));
        assert_eq!(timed(";B[ab]BL[.5];"), Some((Some(0.5), None, 12)));
        assert_eq!(
            timed(";B[ab]OB[+4294967295];"),
            Some((None, Some(u32::MAX), 21))
        );
        // Whole seconds in digits are also given in milliseconds while they fit
        // below u32::MAX (the node's own field); a sign, a point or more do not.
        let ms = |text| plain(text).map(|m| m.time_left_ms);
        assert_eq!(ms(";B[ab]BL[0];"), Some(Some(0)));
        assert_eq!(ms(";B[ab]BL[4294967];"), Some(Some(4_294_967_000)));
        assert_eq!(ms(";B[ab]BL[4294968];"), Some(None));
        assert_eq!(ms(";B[ab]BL[+2];"), Some(None));
        assert_eq!(ms(";B[ab]BL[7.];"), Some(None));
        assert_eq!(ms(";B[ab];"), Some(None));
        // The longest value taken.
        let long = format!(";B[zz]BL[{}])", "9".repeat(MAX_NUMBER));
        assert_eq!(
            plain(&long).map(|m| (m.x, m.y, m.time_left, m.span)),
            Some((
                25,
                25,
                Some(999_999_999_999_999_999_999_999.0),
                Span::new(0, 34)
            ))
        );
        assert_eq!(plain(";B[aa]").map(|m| m.span), Some(Span::new(0, 6)));
        assert_eq!(plain(";B[aa]  \t").map(|m| m.span), Some(Span::new(0, 6)));
        // Where the `;` is missing the node starts at its property.
        assert_eq!(
            recognise("(B[ab];W[cd])", 1, 1, || true).map(|m| m.span),
            Some(Span::new(1, 6))
        );
    }

    #[test]
    fn markup_is_taken_for_a_check_with_how_far_it_reaches() {
        let reach = |x, y| Some(MarkupReach { x, y });
        let markup = |text| plain(text).map(|m| (m.markup, m.span.end));
        assert_eq!(markup(";B[pd]TR[aa];"), Some((reach(0, 0), 12)));
        assert_eq!(
            markup(";W[dp]WL[30]TR[pq]SQ[qp]LB[qq:A][pr:壱];"),
            Some((reach(16, 17), 40))
        );
        assert_eq!(
            markup(";B[pd]AR[aa:sc]LN[cb:ab]CR[ee][fg]MA[hh]SL[ii]\n"),
            Some((reach(18, 8), 46))
        );
        assert_eq!(markup(";B[pd]C[x]LB[ab:a:b]"), Some((reach(0, 1), 20)));
        assert_eq!(markup(";B[pd]LB[ab:]TR[ba]"), Some((reach(1, 1), 19)));
        // The move's own point may be marked; a pair may join a point to itself.
        assert_eq!(markup(";B[pd]TR[pd]AR[zz:zz])"), Some((reach(25, 25), 21)));
        assert_eq!(markup(";B[pd]BL[3]"), Some((None, 11)));
    }

    /// A sink that would refuse markup is asked at the first markup property only,
    /// and the node is then left to the general path; a node without markup never
    /// asks.
    #[test]
    fn a_sink_that_refuses_markup_is_asked_at_the_markup_only() {
        let asked = std::cell::Cell::new(0);
        let refuse = || {
            asked.set(asked.get() + 1);
            false
        };
        assert!(recognise(";W[dp]WL[30]C[x]TR[pq]LB[qq:A];", 0, 1, refuse).is_none());
        assert_eq!(asked.get(), 1);
        let never = || -> bool { unreachable!("a node without markup asks nothing") };
        let m = recognise(";B[pd]BL[3]C[x];", 0, 1, never).map(|m| (m.markup, m.span.end));
        assert_eq!(m, Some((None, 15)));
    }

    #[test]
    fn leading_digits_are_counted_and_read_as_a_loop_reads_them() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for round in 0..200_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Digits with, in places, bytes just outside them (`/`, `:`, 0xB0 …).
            let mut word = [0u8; 8];
            for (k, b) in word.iter_mut().enumerate() {
                let r = (x >> (k * 8)) as u8;
                *b = match (r % 16, round % 3) {
                    (0, _) => r,
                    (1, 0) => b'/',
                    (2, 0) => b':',
                    (3, 1) => b']',
                    _ => b'0' + r % 10,
                };
            }
            let count = word.iter().take_while(|b| b.is_ascii_digit()).count();
            let n = word
                .iter()
                .take(count)
                .fold(0u64, |n, &d| n * 10 + u64::from(d - b'0'));
            let want = if count == 0 { (0, 0) } else { (count, n) };
            assert_eq!(leading_digits(&word), want, "{word:?}");
        }
        assert_eq!(leading_digits(b"12345678"), (8, 12_345_678));
        assert_eq!(leading_digits(b"0000007]"), (7, 7));
        assert_eq!(leading_digits(b"]1234567"), (0, 0));
        assert_eq!(leading_digits(b"9999999]"), (7, 9_999_999));
    }

    #[test]
    fn number_values_read_as_values_real_reads_them() {
        for len in 0..=MAX_NUMBER {
            for fill in ["9", "0", "1", "5.", "-", "+"] {
                let value: String = fill.repeat(len).chars().take(len).collect();
                let text = format!("[{value}]");
                let read = number_value(&text, 1).expect("number bytes");
                if let Number::Text(written) = read.value {
                    assert_eq!(written, value);
                }
                assert_eq!(read.after, len + 2);
                assert_eq!(read.real(), real(&value), "{value:?}");
            }
        }
        assert!(number_value("[12 ]", 1).is_none());
        assert!(number_value("[12", 1).is_none());
        assert!(number_value(&format!("[{}]", "1".repeat(MAX_NUMBER + 1)), 1).is_none());
    }

    #[test]
    fn anything_more_or_different_takes_the_general_path() {
        for text in [
            // Another property, value or syntax error after the move.
            ";B[pd] C[hi]",
            ";B[pd][qq];",
            ";B[pd] [qq];",
            ";B[pd]BL[12][13];",
            ";B[pd]BL[12] OB[3];",
            // A comment with a NUL (escaped or not), twice, with two values, before
            // the time, unclosed (after an escaped `]`, or at an escape), or followed
            // by more.
            ";B[pd]C[a\0b];",
            ";B[pd]C[a\\\0b];",
            ";B[pd]C[a\\]",
            ";B[pd]C[a\\",
            ";B[pd]C[a\\]b\\];x",
            ";B[pd]C[x]C[y];",
            ";B[pd]C[x][y];",
            ";B[pd]C[x]BL[3];",
            ";B[pd]C[x",
            ";B[pd]C [x];",
            ";B[pd]x;",
            ";B[pd]]",
            ";B[pd]\0;",
            // The other player's time, times out of order or twice, values that are
            // not numbers or that the typing refuses, a value too long for the lane.
            ";B[pd]WL[12];",
            ";W[pd]BL[12];",
            ";B[pd]OW[1];",
            ";W[pd]OB[1];",
            ";B[pd]OB[1]BL[12];",
            ";B[pd]BL[1]BL[2];",
            ";B[pd]BL[];",
            ";B[pd]BL[.];",
            ";B[pd]BL[-];",
            ";B[pd]BL[1.2.3];",
            ";B[pd]BL[1-2];",
            ";B[pd]BL[ 12];",
            ";B[pd]BL[1e3];",
            ";B[pd]BL[12\\]];",
            ";B[pd]OB[1.5];",
            ";B[pd]OB[-1];",
            ";B[pd]OB[4294967296];",
            ";B[pd]OB[];",
            ";B[pd]BL[1234567890123456789012345];",
            ";B[pd]BL[12",
            ";B[pd]BL[12]OB[3",
            // Points that are not two lowercase letters, passes, old identifiers.
            ";B[];",
            ";B[pD];",
            ";B[p d];",
            ";B[pdq];",
            ";B[p];",
            ";B[p\\d];",
            ";Black[pd];",
            ";b[pd];",
            "; B[pd];",
            ";AB[pd];",
            ";B[pd",
            // Markup twice (a property, or a point by symbols and labels), with a
            // blank or a comment after it, values that are not plain points, pairs
            // or labels, an escape or NUL in a label, markup the lane does not take
            // (old properties, DD), too many points, another property after it.
            ";B[pd]TR[aa]TR[bb];",
            ";B[pd]TR[aa]SQ[aa];",
            ";B[pd]LB[aa:x][aa:y];",
            ";B[pd]AR[aa:bb]AR[cc:dd];",
            ";B[pd]TR[aa] SQ[bb];",
            ";B[pd]TR[aa] [bb];",
            ";B[pd]TR[aa]C[x];",
            ";B[pd]TR[];",
            ";B[pd]TR[a];",
            ";B[pd]TR[aA];",
            ";B[pd]TR[ aa];",
            ";B[pd]TR[aa:bb];",
            ";B[pd]AR[aa];",
            ";B[pd]AR[aa:b];",
            ";B[pd]LB[aa];",
            ";B[pd]LB[aa:\\]];",
            ";B[pd]LB[aa:\0];",
            ";B[pd]LB[aa:x",
            ";B[pd]M[aa];",
            ";B[pd]L[aa];",
            ";B[pd]DD[aa];",
            ";B[pd]TR[aa]BM[1];",
            ";B[pd]MA[aa][ab][ac][ad][ae][af][ag][ah][ai][aj][ak][al][am][an][ao][ap][aq];",
        ] {
            assert_eq!(plain(text), None, "{text:?}");
        }
    }
}
