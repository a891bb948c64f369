//! The SGF syntax layer: game trees, nodes, property identifiers and raw values.
//!
//! It scans the decoded text byte by byte. Every syntax character of SGF (`( ) ; [ ]
//! \`) is ASCII and UTF-8 never uses ASCII bytes inside a multibyte character, so a
//! byte scan over `&str` is exact; it is simpler and faster than parser combinators
//! for a grammar this small whose hot loop is "find the next `]` or `\`". Nesting is
//! an explicit stack, so the depth of variations is data, not call depth.
//!
//! The layer recovers where SGFC recovers and hands each finished node to a
//! [`Sink`](super::raw::Sink), which types it (see `build.rs`). A node that is only a move goes to the
//! sink's fast lane first (see `plain.rs`).

use std::borrow::Cow;

use crate::diag::{codes, Diagnostic, Span};
use crate::model::NodeId;

use super::classes::Key;
use super::plain;
use super::raw::{RawNode, RawProp, RawValue, Sink};

/// The code of a game tree the text ends inside of.
pub(super) const MISSING_CLOSE: &str = codes::SGF_MISSING_CLOSE.name;

/// Longest property identifier kept (SGFC's limit).
const MAX_IDENT: usize = 100;

/// Parses a whole text into `sink`, returning the syntax diagnostics.
pub(super) fn parse<'a>(text: &'a str, sink: &mut impl Sink<'a>) -> Vec<Diagnostic> {
    parse_range(text, 0..text.len(), sink)
}

/// Parses the part `range` of `text` as if it were the whole text, with offsets
/// counted from the start of `text`. `range` must lie on character boundaries.
pub(super) fn parse_range<'a>(
    text: &'a str,
    range: std::ops::Range<usize>,
    sink: &mut impl Sink<'a>,
) -> Vec<Diagnostic> {
    let text = text.get(..range.end).unwrap_or(text);
    let mut p = Parser {
        text,
        bytes: text.as_bytes(),
        pos: range.start.min(text.len()),
        diags: Vec::new(),
        compact_at: COMPACT_FROM,
    };
    // Room for a root's usual properties (a score of game-information fields), so
    // that the first node of each file read does not grow it step by step.
    let mut raw = RawNode {
        props: Vec::with_capacity(32),
        values: Vec::with_capacity(32),
        ..RawNode::default()
    };
    p.collection(sink, &mut raw);
    p.diags
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    diags: Vec<Diagnostic>,
    /// When `diags` grows this long it is collapsed (see [`Parser::compact`]).
    compact_at: usize,
}

/// The length of the diagnostics list at which the parser first collapses it.
const COMPACT_FROM: usize = 4096;

/// What the game-tree loop expects next.
#[derive(PartialEq, Eq, Clone, Copy)]
enum State {
    /// Just after `(`: a node must come.
    AfterOpen,
    /// Inside a sequence of nodes.
    InSequence,
    /// Just after a `)` that closed a variation.
    AfterClose,
}

impl<'a> Parser<'a> {
    /// Keeps the diagnostics list short on damaged text (a diagnostic every two bytes
    /// of `~ ~ ~ …`): once it doubles past [`COMPACT_FROM`], `diag::collapse` keeps the
    /// first 100 of each code and counts the rest, so memory follows the number of
    /// codes, not of faults. Amortised, a cheap comparison per call.
    #[inline]
    fn compact(&mut self) {
        if self.diags.len() >= self.compact_at {
            crate::diag::collapse(&mut self.diags);
            self.compact_at = (self.diags.len() * 2).max(COMPACT_FROM);
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    #[inline]
    fn skip_ws(&mut self) {
        while let Some(b) = self.peek() {
            if b.is_ascii_whitespace() || b == 0 {
                if b == 0 {
                    self.diags.push(Diagnostic::new(
                        codes::SGF_NUL_BYTE,
                        "a NUL byte outside a value (ignored; is this a binary file?)",
                        Span::new(self.pos, self.pos + 1),
                    ));
                    self.compact();
                }
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    /// Finds each game tree; text outside game trees is reported once per stretch.
    /// (`raw` is the node being read, reused from node to node to avoid allocation;
    /// it lives outside the parser so that nothing moves it.)
    fn collection(&mut self, sink: &mut impl Sink<'a>, raw: &mut RawNode<'a>) {
        loop {
            self.compact();
            let junk_start = self.pos;
            let mut junk_end = None;
            // Find the next `(` followed (after spaces) by `;` or a property letter.
            let open = loop {
                let Some(rel) = self
                    .bytes
                    .get(self.pos..)
                    .and_then(|r| r.iter().position(|&b| b == b'('))
                else {
                    break None;
                };
                let at = self.pos + rel;
                let mut look = at + 1;
                while self
                    .bytes
                    .get(look)
                    .is_some_and(|b| b.is_ascii_whitespace())
                {
                    look += 1;
                }
                match self.bytes.get(look) {
                    Some(b';') => break Some((at, look, false)),
                    Some(b) if b.is_ascii_uppercase() && self.looks_like_property(look) => {
                        break Some((at, look, true))
                    }
                    _ => self.pos = at + 1,
                }
            };
            let stop = open.map_or(self.bytes.len(), |(at, _, _)| at);
            if let Some(rel) = self
                .bytes
                .get(junk_start..stop)
                .and_then(|r| r.iter().position(|b| !b.is_ascii_whitespace()))
            {
                junk_end = Some(junk_start + rel);
            }
            if let Some(first) = junk_end {
                let end = self.bytes.get(..stop).map_or(stop, |r| {
                    r.iter()
                        .rposition(|b| !b.is_ascii_whitespace())
                        .map_or(stop, |i| i + 1)
                });
                self.diags.push(Diagnostic::new(
                    codes::SGF_TEXT_OUTSIDE_GAME,
                    "text outside a game tree (ignored)",
                    Span::new(first, end.max(first)),
                ));
            }
            let Some((at, look, missing_semicolon)) = open else {
                self.pos = self.bytes.len();
                return;
            };
            if missing_semicolon {
                self.diags.push(Diagnostic::new(
                    codes::SGF_MISSING_SEMICOLON,
                    "a game tree starts without `;` (assumed)",
                    Span::new(at, look),
                ));
            }
            self.pos = at + 1;
            self.game_tree(sink, at, raw);
        }
    }

    /// True when an uppercase letter run at `at` is followed by `[` (after spaces).
    fn looks_like_property(&self, at: usize) -> bool {
        let mut i = at;
        while self.bytes.get(i).is_some_and(|b| b.is_ascii_alphabetic()) {
            i += 1;
        }
        while self.bytes.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
            i += 1;
        }
        self.bytes.get(i) == Some(&b'[')
    }

    /// One game tree; `self.pos` is just after its `(`.
    fn game_tree(&mut self, sink: &mut impl Sink<'a>, open: usize, raw: &mut RawNode<'a>) {
        sink.start_game(open);
        // For each open `(`: the node its variation hangs from (None: the game itself),
        // and the offset of the `(`.
        let mut stack: Vec<(Option<NodeId>, usize)> = vec![(None, open)];
        let mut current: Option<NodeId> = None;
        let mut state = State::AfterOpen;
        loop {
            self.compact();
            self.skip_ws();
            let Some(b) = self.peek() else {
                let (_, at) = stack.last().copied().unwrap_or((None, open));
                self.diags.push(Diagnostic::new(
                    codes::SGF_MISSING_CLOSE,
                    format!(
                        "the text ends inside a game tree: {} `)` missing (the `(` at the caret is not closed)",
                        stack.len()
                    ),
                    Span::new(at, at + 1),
                ));
                break;
            };
            match b {
                b';' => {
                    if state == State::AfterClose {
                        self.diags.push(Diagnostic::new(
                            codes::SGF_NODE_OUTSIDE_VARIATION,
                            "a node follows the end of a variation; a `(` is missing (assumed)",
                            Span::new(self.pos, self.pos + 1),
                        ));
                        stack.push((current, self.pos));
                        sink.open_variation();
                    }
                    let start = self.pos;
                    self.pos += 1;
                    let mut last = self.node(sink, start, current, raw);
                    // Runs of plain moves written back to back (`;B[pd];W[dp]…`, the
                    // bulk of a collection) are read here, one after the other: what
                    // the loop does between two nodes (blanks, a state to keep)
                    // comes to nothing for them.
                    while self.bytes.get(self.pos) == Some(&b';') {
                        let start = self.pos;
                        let Some(plain) = plain::recognise(self.text, start, start + 1, || {
                            sink.lane_takes_markup()
                        }) else {
                            break;
                        };
                        let Some(id) = sink.plain_move(&plain, Some(last)) else {
                            break;
                        };
                        self.pos = plain.span.end;
                        last = id;
                    }
                    current = Some(last);
                    state = State::InSequence;
                }
                b'(' => {
                    if state == State::AfterOpen {
                        self.diags.push(Diagnostic::new(
                            codes::SGF_BAD_VARIATION_START,
                            "a `(` where a node must come (ignored)",
                            Span::new(self.pos, self.pos + 1),
                        ));
                    } else {
                        stack.push((current, self.pos));
                        sink.open_variation();
                        state = State::AfterOpen;
                    }
                    self.pos += 1;
                }
                b')' => {
                    if state == State::AfterOpen {
                        let at = stack.last().map_or(self.pos, |&(_, at)| at);
                        self.diags.push(Diagnostic::new(
                            codes::SGF_EMPTY_VARIATION,
                            "an empty variation `()` (ignored)",
                            Span::new(at, self.pos + 1),
                        ));
                    }
                    self.pos += 1;
                    let Some((back, _)) = stack.pop() else { break };
                    if stack.is_empty() {
                        break;
                    }
                    sink.close_variation();
                    current = back;
                    state = State::AfterClose;
                }
                b'[' | b'A'..=b'Z' | b'a'..=b'z' if state == State::AfterOpen => {
                    self.diags.push(Diagnostic::new(
                        codes::SGF_MISSING_SEMICOLON,
                        "a node starts without `;` (assumed)",
                        Span::new(self.pos, self.pos + 1),
                    ));
                    let start = self.pos;
                    current = Some(self.node(sink, start, current, raw));
                    state = State::InSequence;
                }
                _ => self.illegal_chars(),
            }
        }
        sink.end_game(self.text, self.pos, &mut self.diags);
    }

    /// Reports and skips a run of characters that are not SGF syntax.
    fn illegal_chars(&mut self) {
        let start = self.pos;
        while let Some(b) = self.peek() {
            if b.is_ascii_whitespace() || matches!(b, b'(' | b')' | b';' | b'[') {
                break;
            }
            self.pos += 1;
        }
        if self.pos == start {
            // A stray `]`: the loop above stops on none of these, so step over it.
            self.pos += 1;
        }
        let end = self.text.ceil_char_boundary_compat(self.pos);
        self.pos = end;
        let shown = self.text.get(start..end).unwrap_or("");
        self.diags.push(Diagnostic::new(
            codes::SGF_ILLEGAL_CHARACTERS,
            format!(
                "characters that are not SGF syntax: {} (ignored)",
                crate::diag::quote(shown)
            ),
            Span::new(start, end),
        ));
    }

    /// Reads one node starting at `start` (`self.pos` is after its `;`, or on its first
    /// property when the `;` is missing) and hands it to the sink.
    fn node(
        &mut self,
        sink: &mut impl Sink<'a>,
        start: usize,
        parent: Option<NodeId>,
        raw: &mut RawNode<'a>,
    ) -> NodeId {
        if let Some(plain) =
            plain::recognise(self.text, start, self.pos, || sink.lane_takes_markup())
        {
            if let Some(id) = sink.plain_move(&plain, parent) {
                self.pos = plain.span.end;
                return id;
            }
        }
        raw.clear(start);
        let mut end = self.pos;
        loop {
            self.compact();
            self.skip_ws();
            let Some(b) = self.peek() else { break };
            match b {
                b'A'..=b'Z' | b'a'..=b'z' => {
                    // One pass over the identifier: its end, and whether it has
                    // lowercase letters (old style, rare).
                    let id_start = self.pos;
                    let mut id_end = id_start;
                    let mut lowercase = false;
                    // Nearly every identifier is one or two capitals right before `[`.
                    match self.bytes.get(id_start..) {
                        Some([b'A'..=b'Z', b'[', ..]) => id_end += 1,
                        Some([b'A'..=b'Z', b'A'..=b'Z', b'[', ..]) => id_end += 2,
                        _ => {
                            while let Some(&c) = self.bytes.get(id_end) {
                                if c.is_ascii_uppercase() {
                                    id_end += 1;
                                } else if c.is_ascii_lowercase() {
                                    lowercase = true;
                                    id_end += 1;
                                } else {
                                    break;
                                }
                            }
                        }
                    }
                    self.pos = id_end;
                    let written = self.text.get(id_start..id_end).unwrap_or("");
                    match self.peek() {
                        Some(b'[') => {}
                        Some(b) if !b.is_ascii_whitespace() && !matches!(b, b'(' | b')' | b';') => {
                            self.pos = id_start;
                            self.illegal_chars();
                            continue;
                        }
                        _ => {
                            self.skip_ws();
                            if self.peek() != Some(b'[') {
                                self.diags.push(Diagnostic::new(
                                    codes::SGF_PROPERTY_WITHOUT_VALUE,
                                    format!(
                                        "property {} has no value (ignored)",
                                        crate::diag::clip(written)
                                    ),
                                    Span::new(id_start, id_end),
                                ));
                                end = id_end;
                                continue;
                            }
                        }
                    }
                    let first = raw.values.len();
                    end = self.values(&mut raw.values);
                    if raw.values.len() == first {
                        // The only value was unclosed (already reported).
                        continue;
                    }
                    if written.len() > MAX_IDENT {
                        self.diags.push(Diagnostic::new(
                            codes::SGF_IDENTIFIER_TOO_LONG,
                            format!(
                                "a property identifier of {} letters (more than {MAX_IDENT}; deleted)",
                                written.len()
                            ),
                            Span::new(id_start, id_end),
                        ));
                        raw.values.truncate(first);
                        continue;
                    }
                    let ident = if lowercase {
                        Cow::Owned(written.chars().filter(char::is_ascii_uppercase).collect())
                    } else {
                        Cow::Borrowed(written)
                    };
                    if ident.is_empty() {
                        self.diags.push(Diagnostic::new(
                            codes::SGF_NO_UPPERCASE_IDENTIFIER,
                            format!(
                                "property identifier {} has no uppercase letter (deleted)",
                                crate::diag::quote(written)
                            ),
                            Span::new(id_start, id_end),
                        ));
                        raw.values.truncate(first);
                        continue;
                    }
                    let values = first..raw.values.len();
                    raw.props.push(RawProp {
                        key: Key::of(&ident),
                        ident,
                        written,
                        start: id_start,
                        values,
                    });
                }
                b'[' => {
                    let at = self.pos;
                    let mut sink_values = Vec::new();
                    end = self.values(&mut sink_values);
                    self.diags.push(Diagnostic::new(
                        codes::SGF_VALUE_WITHOUT_IDENTIFIER,
                        "values without a property identifier (deleted)",
                        Span::new(at, end),
                    ));
                }
                b';' | b'(' | b')' => break,
                _ => {
                    self.illegal_chars();
                    end = self.pos;
                }
            }
        }
        raw.span = Span::new(start, end.max(start));
        sink.node(raw, parent, &mut self.diags)
    }

    /// Reads `[…]` values (at least one; `self.pos` is on the first `[`) and returns
    /// the offset after the last `]`.
    #[inline(always)]
    fn values(&mut self, out: &mut Vec<RawValue<'a>>) -> usize {
        loop {
            let open = self.pos;
            let body = open + 1;
            let mut i = body;
            let mut has_nul = false;
            let close = loop {
                // The hot loop: find the next `]`, `\` or NUL.
                let Some(at) = self.bytes.get(i..).and_then(value_stop).map(|rel| i + rel) else {
                    break None;
                };
                match self.bytes.get(at) {
                    Some(b'\\') => {
                        has_nul |= self.bytes.get(at + 1) == Some(&0);
                        i = at + 2;
                    }
                    Some(0) => {
                        has_nul = true;
                        i = at + 1;
                    }
                    _ => break Some(at),
                }
            };
            let Some(close) = close else {
                self.diags.push(Diagnostic::new(
                    codes::SGF_UNCLOSED_VALUE,
                    "a value is not closed by `]` before the end of the text (deleted)",
                    Span::new(open, open + 1),
                ));
                self.pos = self.bytes.len();
                return self.pos;
            };
            out.push(RawValue {
                text: self.text.get(body..close).unwrap_or(""),
                start: open,
                has_nul,
            });
            let end = close + 1;
            self.pos = end;
            // Most values are followed at once by the next `[` or identifier.
            match self.peek() {
                Some(b'[') => continue,
                Some(b) if b.is_ascii_whitespace() || b == 0 => {
                    self.skip_ws();
                    if self.peek() != Some(b'[') {
                        return end;
                    }
                }
                _ => return end,
            }
        }
    }
}

/// The offset of the first `]`, `\` or NUL in `rest`. Most values are a few bytes (a
/// point, a number): the first 16 bytes are tested eight at a time in a machine word,
/// which beats both a byte loop and the set-up of a vectorised search; longer values
/// (comments) go on with memchr.
#[inline]
fn value_stop(rest: &[u8]) -> Option<usize> {
    const WORDS: usize = 2;
    for w in 0..WORDS {
        let at = w * 8;
        let Some(chunk) = rest.get(at..at + 8) else {
            // Fewer than eight bytes left: byte by byte.
            let tail = rest.get(at..)?;
            return tail.iter().position(|&b| is_stop(b)).map(|i| at + i);
        };
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let found = stop_bytes(u64::from_le_bytes(word));
        if found != 0 {
            return Some(at + (found.trailing_zeros() / 8) as usize);
        }
    }
    let start = WORDS * 8;
    memchr::memchr3(b']', b'\\', 0, rest.get(start..)?).map(|i| start + i)
}

fn is_stop(b: u8) -> bool {
    b == b']' || b == b'\\' || b == 0
}

/// A word with the high bit set in the bytes of `word` that are `]`, `\` or NUL.
/// Bytes above the first such byte may be flagged wrongly (a borrow carries into
/// them), so only the lowest flag is meaningful, and it is exact.
fn stop_bytes(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    zero(word) | zero(word ^ (ONES * u64::from(b']'))) | zero(word ^ (ONES * u64::from(b'\\')))
}

/// `str::ceil_char_boundary` is unstable; this is the same for our use.
trait CeilBoundary {
    fn ceil_char_boundary_compat(&self, i: usize) -> usize;
}

impl CeilBoundary for str {
    fn ceil_char_boundary_compat(&self, mut i: usize) -> usize {
        while i < self.len() && !self.is_char_boundary(i) {
            i += 1;
        }
        i.min(self.len())
    }
}

#[cfg(test)]
mod tests {
    use super::value_stop;
    use crate::diag::Diagnostic;
    use crate::formats::sgf::plain::PlainMove;
    use crate::formats::sgf::raw::{RawNode, Sink};
    use crate::model::NodeId;

    /// A sink that numbers the nodes and keeps nothing: the parser's own reports.
    struct Nodes(usize);

    impl<'a> Sink<'a> for Nodes {
        fn start_game(&mut self, _: usize) {}
        fn node(&mut self, _: &RawNode<'a>, _: Option<NodeId>, _: &mut Vec<Diagnostic>) -> NodeId {
            self.0 += 1;
            NodeId(self.0 as u32)
        }
        fn plain_move(&mut self, _: &PlainMove<'a>, _: Option<NodeId>) -> Option<NodeId> {
            None
        }
        fn end_game(&mut self, _: &'a str, _: usize, _: &mut Vec<Diagnostic>) {}
    }

    #[test]
    fn a_fault_every_two_bytes_keeps_the_list_short_and_the_count_exact() {
        // 100,000 runs of illegal characters and 10,000 NUL bytes in one node.
        let text = format!("(;GM[1]{}{})", " ~".repeat(100_000), " \0".repeat(10_000));
        let diags = super::parse(&text, &mut Nodes(0));
        assert!(diags.len() <= super::COMPACT_FROM, "{} kept", diags.len());
        let counts = crate::diag::Counts::of(&diags);
        assert_eq!((counts.errors, counts.warnings), (100_000, 10_000));
        // After the final collapse: 100 of each code and a summary of each.
        let mut all = diags;
        crate::diag::collapse(&mut all);
        assert_eq!(all.len(), 202);
        assert_eq!(
            all.get(100).map(|d| (d.code, d.omitted)),
            Some(("sgf::illegal-characters", 99_900))
        );
    }

    fn naive(rest: &[u8]) -> Option<usize> {
        rest.iter().position(|&b| b == b']' || b == b'\\' || b == 0)
    }

    #[test]
    fn value_stop_finds_the_first_stop_byte_at_every_offset_and_length() {
        // Bytes next to the stop bytes in value and in the borrow arithmetic
        // (0x01, 0x5B, 0x5C, 0x5D, 0x5E, 0x80, 0xFF) around each of the stops.
        let fillers = [b'a', 0x01, b'[', b'^', 0x80, 0xFF, 0xE3, b'\\' + 1];
        for len in 0..40 {
            for stop_at in 0..=len {
                for &stop in &[b']', b'\\', 0u8] {
                    for (k, &fill) in fillers.iter().enumerate() {
                        let mut v: Vec<u8> = (0..len)
                            .map(|i| if (i + k) % 3 == 0 { fill } else { b'x' })
                            .collect();
                        if let Some(slot) = v.get_mut(stop_at) {
                            *slot = stop;
                        }
                        // A second stop byte after the first must not win.
                        if stop_at + 1 < len {
                            v[stop_at + 1] = b']';
                        }
                        assert_eq!(value_stop(&v), naive(&v), "{v:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn value_stop_on_text_without_stops() {
        assert_eq!(value_stop(b""), None);
        assert_eq!(value_stop(b"abcdefg"), None);
        assert_eq!(
            value_stop("表示：ソフトの能力は十分です。".as_bytes()),
            None
        );
        assert_eq!(value_stop(b"dd]BL[3584]"), Some(2));
        assert_eq!(value_stop(b"0123456789abcdef0123\\]"), Some(20));
    }
}
