//! Diagnostics: positioned problems found while reading, checking or writing a record,
//! and `Loss` reports for what a writer could not express. Every code is registered
//! once, with its severity, in [`codes`].

pub mod codes;

use std::fmt::Write as _;

use serde::Serialize;

use crate::text::{escape_controls, escaped_len, is_wide, push_escaped, LineIndex};

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// The input is wrong: the file fails validation.
    Error,
    /// Suspicious but recoverable; the result may not be what the author meant.
    Warning,
    /// A fact worth knowing (a normalisation applied, a guess made).
    Info,
}

impl Severity {
    /// The word used in rendered output.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// A half-open byte range `[start, end)`: in the decoded text for text formats, in the
/// raw bytes for binary ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from start to end.
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// An empty span at one position.
    pub const fn at(pos: usize) -> Span {
        Span {
            start: pos,
            end: pos,
        }
    }
}

/// One problem, with a stable code such as `sgf::unclosed-value`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// How serious.
    pub severity: Severity,
    /// Stable machine-readable code, `<area>::<kebab-case-name>`: the name of the
    /// registered code ([`codes`]) it was made from by [`Diagnostic::new`].
    pub code: &'static str,
    /// What is wrong, for people.
    pub message: String,
    /// Where.
    pub span: Span,
    /// The 1-based number of the move concerned in its line of play, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_number: Option<u32>,
    /// The offset in the raw input bytes, when the problem is about bytes (decoding).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub byte_offset: Option<usize>,
    /// Non-zero on a summary that stands for this many diagnostics of its code left
    /// out (see [`collapse`]); 0 on every ordinary diagnostic.
    #[serde(skip_serializing_if = "is_zero")]
    pub omitted: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Diagnostic {
    /// A diagnostic of a registered code, with the severity the registry gives it.
    /// The code is one of the registry's constants, so a misspelt one does not compile:
    ///
    /// ```
    /// use kifu::diag::{codes, Diagnostic, Severity, Span};
    /// let d = Diagnostic::new(codes::SGF_MISSING_CLOSE, "a `)` is missing", Span::at(7));
    /// assert_eq!((d.code, d.severity), ("sgf::missing-close", Severity::Error));
    /// ```
    ///
    /// ```compile_fail
    /// use kifu::diag::{codes, Diagnostic, Span};
    /// let d = Diagnostic::new(codes::SGF_MISSING_CLOSED, "a `)` is missing", Span::at(7));
    /// ```
    ///
    /// ```compile_fail
    /// use kifu::diag::{Diagnostic, Span};
    /// let d = Diagnostic::new("sgf::missing-close", "a `)` is missing", Span::at(7));
    /// ```
    ///
    /// No constructor takes a code by name (as `Diagnostic::error` did, which a
    /// misspelt name got through):
    ///
    /// ```compile_fail
    /// use kifu::diag::{Diagnostic, Span};
    /// let d = Diagnostic::error("sgf::missing-close", "a `)` is missing", Span::at(7));
    /// ```
    pub fn new(code: &'static codes::Code, message: impl Into<String>, span: Span) -> Self {
        debug_assert!(
            code.kind != codes::Kind::Loss,
            "{} is a loss code, not a diagnostic",
            code.name
        );
        Diagnostic {
            severity: code.severity().unwrap_or(Severity::Error),
            code: code.name,
            message: message.into(),
            span,
            move_number: None,
            byte_offset: None,
            omitted: 0,
        }
    }

    /// The same diagnostic, about move `n` (1-based) of its line.
    pub fn with_move(mut self, n: u32) -> Self {
        self.move_number = Some(n);
        self
    }

    /// The same diagnostic, about this raw byte offset.
    pub fn with_byte_offset(mut self, offset: usize) -> Self {
        self.byte_offset = Some(offset);
        self
    }
}

/// Something a writer had to leave out because its format cannot express it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Loss {
    /// Its registered code, e.g. [`codes::LOSS_VARIATIONS`]; serialised as its
    /// name, `loss::variations`.
    pub code: &'static codes::Code,
    /// What was lost, for people.
    pub message: String,
    /// The game (0-based) it concerns.
    pub game: usize,
    /// The 1-based move number it concerns, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_number: Option<u32>,
}

impl Loss {
    /// A loss of a registered loss code; its code is a constant of the registry, never
    /// a name:
    ///
    /// ```
    /// use kifu::diag::{codes, Loss};
    /// let l = Loss::new(codes::LOSS_VARIATIONS, "variations left out", 0, None);
    /// assert_eq!(l.code.name, "loss::variations");
    /// ```
    ///
    /// ```compile_fail
    /// use kifu::diag::Loss;
    /// let l = Loss { code: "loss::variations", message: String::new(), game: 0, move_number: None };
    /// ```
    pub fn new(
        code: &'static codes::Code,
        message: impl Into<String>,
        game: usize,
        move_number: Option<u32>,
    ) -> Loss {
        debug_assert!(
            code.kind == codes::Kind::Loss,
            "{} is a diagnostic code, not a loss",
            code.name
        );
        Loss {
            code,
            message: message.into(),
            game,
            move_number,
        }
    }
}

/// Counts of diagnostics by severity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Errors.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// Informational notes.
    pub infos: usize,
}

impl Counts {
    /// Counts a list of diagnostics; a summary of diagnostics left out (see
    /// [`collapse`]) counts as the diagnostics it stands for, so the counts are exact.
    pub fn of(diags: &[Diagnostic]) -> Counts {
        let mut c = Counts::default();
        for d in diags {
            c.add(d);
        }
        c
    }

    /// Counts one diagnostic (a summary as the diagnostics it stands for).
    pub fn add(&mut self, d: &Diagnostic) {
        let n = d.omitted.max(1);
        match d.severity {
            Severity::Error => self.errors += n,
            Severity::Warning => self.warnings += n,
            Severity::Info => self.infos += n,
        }
    }
}

/// How many diagnostics of one code a file shows before the rest are summed up in one
/// summary diagnostic (see [`collapse`]).
pub const SHOWN_PER_CODE: usize = 100;

/// How many characters of input text a message quotes (see [`quote`]).
pub(crate) const QUOTED_CHARS: usize = 60;

/// Input text for a message, Rust-quoted like `{:?}` but cut to its first
/// [`QUOTED_CHARS`] characters followed by `…`, so a message costs the same however
/// long the text it quotes (a 100 MB line makes a short message).
pub(crate) fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((cut, _)) => format!("{:?}", format!("{}…", text.get(..cut).unwrap_or(""))),
        None => format!("{text:?}"),
    }
}

/// Input text for a message without quotes: cut like [`quote`] (first
/// [`QUOTED_CHARS`] characters, then `…`).
pub(crate) fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((cut, _)) => format!("{}…", text.get(..cut).unwrap_or("")).into(),
        None => text.into(),
    }
}

/// Counts diagnostics per code and lets the first [`SHOWN_PER_CODE`] of each code
/// through; the others are summed up in one summary per code (a diagnostic with
/// [`Diagnostic::omitted`] set, placed where the first one left out stood). A summary
/// met on the way (from an earlier collapse) is merged into the same count.
#[derive(Debug, Default)]
pub struct Collapser {
    /// Per code: how many were let through, and where its summary stands in the
    /// list being built by [`Collapser::push`] (if any).
    codes: std::collections::HashMap<&'static str, (usize, Option<usize>)>,
    /// Summaries made by [`Collapser::admit`], in the order of their first left-out
    /// diagnostic.
    pending: Vec<Diagnostic>,
}

impl Collapser {
    /// A collapser that has seen nothing.
    pub fn new() -> Collapser {
        Collapser::default()
    }

    /// Appends `d` to `out` when fewer than [`SHOWN_PER_CODE`] of its code went
    /// through; otherwise counts it in its code's summary in `out` (made at the first
    /// one left out). `out` must not be reordered or shortened while it is used.
    pub fn push(&mut self, out: &mut Vec<Diagnostic>, d: Diagnostic) {
        let entry = self.codes.entry(d.code).or_insert((0, None));
        if d.omitted == 0 && entry.0 < SHOWN_PER_CODE {
            entry.0 += 1;
            out.push(d);
            return;
        }
        let n = d.omitted.max(1);
        match entry.1.and_then(|i| out.get_mut(i)) {
            Some(summary) => summary.omitted += n,
            None => {
                entry.1 = Some(out.len());
                out.push(summary_of(d, n));
            }
        }
    }

    /// Returns `d` when it is to be shown; otherwise counts it in its code's summary,
    /// which [`Collapser::summaries`] gives at the end (for output written as it goes).
    pub fn admit(&mut self, d: Diagnostic) -> Option<Diagnostic> {
        let entry = self.codes.entry(d.code).or_insert((0, None));
        if d.omitted == 0 && entry.0 < SHOWN_PER_CODE {
            entry.0 += 1;
            return Some(d);
        }
        let n = d.omitted.max(1);
        match entry.1.and_then(|i| self.pending.get_mut(i)) {
            Some(summary) => summary.omitted += n,
            None => {
                entry.1 = Some(self.pending.len());
                self.pending.push(summary_of(d, n));
            }
        }
        None
    }

    /// The summaries made by [`Collapser::admit`] so far, their counts still growing
    /// and their messages not yet written.
    pub fn pending(&self) -> &[Diagnostic] {
        &self.pending
    }

    /// The summaries made by [`Collapser::admit`], with their final messages.
    pub fn summaries(mut self) -> Vec<Diagnostic> {
        for d in &mut self.pending {
            d.message = summary_message(d.code, d.omitted);
        }
        self.pending
    }
}

/// A summary standing for `n` diagnostics like `d`, at `d`'s place.
fn summary_of(d: Diagnostic, n: usize) -> Diagnostic {
    Diagnostic {
        message: String::new(),
        omitted: n,
        ..d
    }
}

/// The message of a summary of `n` left-out diagnostics of `code`.
fn summary_message(code: &str, n: usize) -> String {
    format!(
        "… and {} more {code} diagnostic(s) like it (the first {SHOWN_PER_CODE} of each code are shown)",
        thousands(n)
    )
}

/// `1234567` as `1,234,567`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Keeps the first [`SHOWN_PER_CODE`] diagnostics of each code, in order, and puts in
/// place of the first one left out of each code a summary, `… and N more CODE
/// diagnostic(s) like it`, whose [`Diagnostic::omitted`] is N (so [`Counts::of`] still
/// counts every one). Applied once to each input's final list (`api.rs`); applying it
/// again changes nothing.
pub fn collapse(diags: &mut Vec<Diagnostic>) {
    if diags.len() <= SHOWN_PER_CODE && diags.iter().all(|d| d.omitted == 0) {
        return;
    }
    let mut collapser = Collapser::new();
    let mut out = Vec::with_capacity(diags.len().min(64 * SHOWN_PER_CODE));
    for d in diags.drain(..) {
        collapser.push(&mut out, d);
    }
    finish_summaries(&mut out);
    *diags = out;
}

/// Gives every summary in `diags` its message (from its final count).
pub(crate) fn finish_summaries(diags: &mut [Diagnostic]) {
    for d in diags.iter_mut().filter(|d| d.omitted > 0) {
        d.message = summary_message(d.code, d.omitted);
    }
}

/// Where a diagnostic's span points: decoded text (line and column known) or raw bytes.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    /// Decoded text with its line index.
    Text(&'a str, &'a LineIndex),
    /// A binary input: positions are byte offsets.
    Bytes,
    /// A part of a longer text read piece by piece (standard input), with where the
    /// part starts in the whole: positions are given as in the whole text.
    Part(&'a str, &'a LineIndex, Shift),
}

/// Where a part of a text starts in the whole text: diagnostics of the part are
/// located by adding these.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Shift {
    /// Whole lines before the part.
    pub lines: usize,
    /// Characters before the part on its first line.
    pub columns: usize,
    /// Bytes of text before the part.
    pub offset: usize,
    /// Raw input bytes before the part.
    pub bytes: usize,
}

impl Shift {
    /// The shift of the part that follows `text` (whose own shift is `self`, and
    /// which came from `raw` input bytes).
    pub fn after(self, text: &str, raw: usize) -> Shift {
        self.after_bytes(text.as_bytes(), raw)
    }

    /// [`Shift::after`] of a part given as its UTF-8 bytes.
    pub fn after_bytes(self, bytes: &[u8], raw: usize) -> Shift {
        let newlines = memchr::memchr_iter(b'\n', bytes).count();
        let tail =
            memchr::memrchr(b'\n', bytes).map_or(bytes, |i| bytes.get(i + 1..).unwrap_or(&[]));
        let tail_chars = tail.iter().filter(|&&b| (b as i8) >= -0x40).count();
        Shift {
            lines: self.lines + newlines,
            columns: if newlines > 0 {
                tail_chars
            } else {
                self.columns + tail_chars
            },
            offset: self.offset + bytes.len(),
            bytes: self.bytes + raw,
        }
    }

    /// A line and column of the part as line and column of the whole.
    fn place(self, (line, col): (usize, usize)) -> (usize, usize) {
        let col = if line == 1 { col + self.columns } else { col };
        (line + self.lines, col)
    }
}

/// A diagnostic located for output: path, 1-based line and column (for text).
#[derive(Debug, Clone, Serialize)]
pub struct Located<'a> {
    /// The input's path (`-` for stdin).
    pub path: &'a str,
    /// 1-based line, for text inputs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// 1-based column in characters, for text inputs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// Byte offset of the span's start (in the text, or in the raw bytes).
    pub offset: usize,
    /// Severity.
    pub severity: Severity,
    /// Code.
    pub code: &'static str,
    /// Message.
    pub message: &'a str,
    /// 1-based move number, if the diagnostic is about a move.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub move_number: Option<u32>,
    /// Raw byte offset, for problems with bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub byte: Option<usize>,
    /// On a summary: how many diagnostics of its code it stands for.
    #[serde(skip_serializing_if = "is_zero")]
    pub omitted: usize,
}

/// Places a diagnostic in its source.
pub fn locate<'a>(path: &'a str, d: &'a Diagnostic, source: Source<'_>) -> Located<'a> {
    let (line, column) = match source {
        Source::Text(text, index) => {
            let (l, c) = index.line_col_in(text, d.span.start);
            (Some(l), Some(c))
        }
        Source::Part(text, index, shift) => {
            let (l, c) = shift.place(index.line_col_in(text, d.span.start));
            (Some(l), Some(c))
        }
        Source::Bytes => (None, None),
    };
    let shift = match source {
        Source::Part(_, _, shift) => shift,
        _ => Shift::default(),
    };
    Located {
        path,
        line,
        column,
        offset: d.span.start + shift.offset,
        severity: d.severity,
        code: d.code,
        message: &d.message,
        move_number: d.move_number,
        byte: d.byte_offset.map(|b| b + shift.bytes),
        omitted: d.omitted,
    }
}

/// ANSI styles for human output; all empty when colour is off.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// Start of an error word.
    pub error: &'static str,
    /// Start of a warning word.
    pub warning: &'static str,
    /// Start of an info word / gutter.
    pub note: &'static str,
    /// Bold.
    pub bold: &'static str,
    /// Reset.
    pub reset: &'static str,
}

impl Style {
    /// No colour.
    pub const PLAIN: Style = Style {
        error: "",
        warning: "",
        note: "",
        bold: "",
        reset: "",
    };
    /// ANSI colour.
    pub const ANSI: Style = Style {
        error: "\x1b[1;31m",
        warning: "\x1b[1;33m",
        note: "\x1b[1;36m",
        bold: "\x1b[1m",
        reset: "\x1b[0m",
    };
}

/// Renders a diagnostic for people: `path:line:col: error[code]: message`, then the
/// source line and a caret under the span (text inputs), or `path: byte N: …`.
/// Control characters in the path, the message and the source line are shown escaped
/// ([`crate::text::escape_controls`]), and the caret stands under the escaped text.
pub fn render_human(path: &str, d: &Diagnostic, source: Source<'_>, style: Style) -> String {
    let mut out = String::new();
    let path = escape_controls(path);
    let message = escape_controls(&d.message);
    let colour = match d.severity {
        Severity::Error => style.error,
        Severity::Warning => style.warning,
        Severity::Info => style.note,
    };
    let mv = d
        .move_number
        .map(|n| format!(" (move {n})"))
        .unwrap_or_default();
    let (text, index, shift) = match source {
        Source::Text(text, index) => (Some(text), Some(index), Shift::default()),
        Source::Part(text, index, shift) => (Some(text), Some(index), shift),
        Source::Bytes => (None, None, Shift::default()),
    };
    match (text, index) {
        (Some(text), Some(index)) => {
            let (local, col) = index.line_col_in(text, d.span.start);
            let (line, col) = shift.place((local, col));
            let _ = writeln!(
                out,
                "{b}{path}:{line}:{col}:{r} {colour}{sev}[{code}]{r}{b}: {msg}{mv}{r}",
                b = style.bold,
                r = style.reset,
                sev = d.severity.as_str(),
                code = d.code,
                msg = message,
            );
            let (shown, lead, room) = excerpt(text, index, local, d.span.start);
            let gutter = line.to_string();
            let pad = " ".repeat(gutter.len());
            let width = caret_width(text, d.span, room.max(1));
            let _ = writeln!(out, "{n}{pad} |{r}", n = style.note, r = style.reset);
            let _ = writeln!(
                out,
                "{n}{gutter} |{r} {shown}",
                n = style.note,
                r = style.reset
            );
            let _ = writeln!(
                out,
                "{n}{pad} |{r} {lead}{colour}{carets}{r}",
                n = style.note,
                r = style.reset,
                carets = "^".repeat(width),
            );
        }
        _ => {
            let _ = writeln!(
                out,
                "{b}{path}: byte {off}:{r} {colour}{sev}[{code}]{r}{b}: {msg}{mv}{r}",
                b = style.bold,
                r = style.reset,
                off = d.span.start + shift.bytes,
                sev = d.severity.as_str(),
                code = d.code,
                msg = message,
            );
        }
    }
    out
}

/// Lines longer than this many bytes are shown only around the caret.
const LONG_LINE: usize = 400;

/// Characters shown on each side of the caret on a long line.
const CONTEXT: usize = 60;

/// The source line to show for a diagnostic at byte `at`, the blanks that lead to its
/// caret, and how many columns the caret may take before the shown text ends. A long
/// line (a whole collection on one line is common) is cut to [`CONTEXT`] characters
/// on each side of the caret, marked `…`, so each diagnostic costs the same however
/// long its line is.
fn excerpt(text: &str, index: &LineIndex, line: usize, at: usize) -> (String, String, usize) {
    let src = index.line_text(text, line);
    let start = index.line_start(line).unwrap_or(0);
    let mut caret = at.saturating_sub(start).min(src.len());
    // Inside a character: after it, as the column counts it.
    while caret < src.len() && !src.is_char_boundary(caret) {
        caret += 1;
    }
    let (before, after) = src.split_at(caret);
    let (from, to) = if src.len() > LONG_LINE {
        let from = before
            .char_indices()
            .rev()
            .take(CONTEXT)
            .last()
            .map_or(caret, |(i, _)| i);
        let to = after
            .char_indices()
            .nth(CONTEXT)
            .map_or(src.len(), |(i, _)| caret + i);
        (from, to)
    } else {
        (0, src.len())
    };
    let cut_left = from > 0;
    let cut_right = to < src.len();
    let mut shown = String::new();
    let mut lead = String::new();
    if cut_left {
        shown.push('…');
        lead.push(' ');
    }
    for c in src.get(from..to).unwrap_or("").chars() {
        // A tab is one blank (the caret line counts it as one column); every other
        // control character is shown escaped.
        if c == '\t' {
            shown.push(' ');
        } else {
            push_escaped(&mut shown, c);
        }
    }
    if cut_right {
        shown.push('…');
    }
    let blanks: usize = src
        .get(from..caret)
        .unwrap_or("")
        .chars()
        .map(columns)
        .sum();
    lead.extend(std::iter::repeat_n(' ', blanks));
    let room = src.get(caret..to).unwrap_or("").chars().map(columns).sum();
    (shown, lead, room)
}

/// How many carets to draw under a span: its display width on its first line, at least
/// 1 and at most `room` (where the shown line ends).
fn caret_width(text: &str, span: Span, room: usize) -> usize {
    // Each column takes at least one byte and a character at most four: no need to
    // look further than this into a long span.
    let end = span
        .end
        .max(span.start)
        .min(span.start.saturating_add(4 * room));
    let Some(slice) = text.get(span.start..end).or_else(|| {
        let mut e = end;
        while e > span.start && !text.is_char_boundary(e) {
            e -= 1;
        }
        text.get(span.start..e)
    }) else {
        return 1;
    };
    let first_line = slice.split('\n').next().unwrap_or("");
    first_line
        .trim_end_matches('\r')
        .chars()
        .map(columns)
        .sum::<usize>()
        .clamp(1, room.max(1))
}

/// The terminal columns a character of a source line takes as [`excerpt`] shows it:
/// two for an East Asian wide character, one for a tab (shown as a blank), the length
/// of its escape for any other control character, one for the rest.
fn columns(c: char) -> usize {
    if c == '\t' {
        1
    } else if is_wide(c) {
        2
    } else {
        escaped_len(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbered(code: &'static codes::Code, n: usize) -> Vec<Diagnostic> {
        (0..n)
            .map(|i| Diagnostic::new(code, format!("{} {i}", code.name), Span::at(i)))
            .collect()
    }

    #[test]
    fn collapse_keeps_the_first_of_each_code_and_counts_the_rest() {
        let mut diags = numbered(codes::SGF_BAD_POINT, 250);
        diags.insert(
            150,
            Diagnostic::new(codes::SGF_MOVE_IN_ROOT, "other", Span::at(7)),
        );
        collapse(&mut diags);
        assert_eq!(diags.len(), 102);
        let summary = &diags[100];
        assert_eq!(summary.code, "sgf::bad-point");
        assert_eq!(summary.span, Span::at(100));
        assert_eq!(summary.omitted, 150);
        assert_eq!(
            summary.message,
            "… and 150 more sgf::bad-point diagnostic(s) like it (the first 100 of each code are shown)"
        );
        assert_eq!(diags[101].message, "other");
        let counts = Counts::of(&diags);
        assert_eq!((counts.errors, counts.warnings), (250, 1));
        // Again: nothing changes.
        let before = diags.clone();
        collapse(&mut diags);
        assert_eq!(diags, before);
        // More of the same code later join the summary.
        diags.extend(numbered(codes::SGF_BAD_POINT, 3));
        collapse(&mut diags);
        assert_eq!(diags.len(), 102);
        assert_eq!(diags[100].omitted, 153);
        assert_eq!(Counts::of(&diags).errors, 253);
    }

    #[test]
    fn admit_lets_the_first_through_and_sums_the_rest_at_the_end() {
        let mut c = Collapser::new();
        let shown = numbered(codes::SGF_BAD_POINT, 1_000_100)
            .into_iter()
            .filter_map(|d| c.admit(d))
            .count();
        assert_eq!(shown, 100);
        let sums = c.summaries();
        assert_eq!(sums.len(), 1);
        assert_eq!(
            sums[0].message,
            "… and 1,000,000 more sgf::bad-point diagnostic(s) like it (the first 100 of each code are shown)"
        );
        assert_eq!(sums[0].span, Span::at(100));
    }

    /// A typed code is written as its name: the JSON of a loss is what it was when
    /// the code was a string.
    #[test]
    fn a_loss_serialises_its_code_as_the_name() {
        let l = Loss::new(codes::LOSS_VARIATIONS, "two variations", 1, Some(3));
        assert_eq!(
            serde_json::to_string(&l).expect("a loss serialises"),
            r#"{"code":"loss::variations","message":"two variations","game":1,"move_number":3}"#
        );
    }

    #[test]
    fn render_human_escapes_controls_and_aligns_the_caret_with_the_escaped_line() {
        let text = "PB[\x1b]0;t\x07]XX\u{202e}\r\nnext";
        let index = LineIndex::new(text);
        let d = Diagnostic::new(codes::SGF_BAD_POINT, "bad \x1b[2J\nok", Span::new(10, 15));
        let out = render_human("a\nb\x1b.sgf", &d, Source::Text(text, &index), Style::PLAIN);
        assert_eq!(
            out,
            "a\\nb\\x1b.sgf:1:11: error[sgf::bad-point]: bad \\x1b[2J\\nok\n\
             \x20 |\n\
             1 | PB[\\x1b]0;t\\x07]XX\\u{202e}\n\
             \x20 |                 ^^^^^^^^^^\n"
        );
        let bytes = render_human("\u{9b}", &d, Source::Bytes, Style::PLAIN);
        assert_eq!(
            bytes,
            "\\u{9b}: byte 10: error[sgf::bad-point]: bad \\x1b[2J\\nok\n"
        );
    }

    #[test]
    fn quote_cuts_long_text_to_sixty_characters() {
        assert_eq!(quote("short \"one\""), "\"short \\\"one\\\"\"");
        let long = "가".repeat(61);
        assert_eq!(quote(&long), format!("\"{}…\"", "가".repeat(60)));
        assert_eq!(quote(&"x".repeat(60)), format!("\"{}\"", "x".repeat(60)));
    }
}
