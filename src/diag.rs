//! Diagnostics: positioned problems found while reading, checking or writing a record,
//! and `Loss` reports for what a writer could not express.

use std::fmt::Write as _;

use serde::Serialize;

use crate::text::LineIndex;

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
    /// Stable machine-readable code: `<area>::<kebab-case-name>`.
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
}

impl Diagnostic {
    /// A diagnostic of any severity.
    pub fn new(
        severity: Severity,
        code: &'static str,
        message: impl Into<String>,
        span: Span,
    ) -> Self {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            span,
            move_number: None,
            byte_offset: None,
        }
    }

    /// An error.
    pub fn error(code: &'static str, message: impl Into<String>, span: Span) -> Self {
        Diagnostic::new(Severity::Error, code, message, span)
    }

    /// A warning.
    pub fn warning(code: &'static str, message: impl Into<String>, span: Span) -> Self {
        Diagnostic::new(Severity::Warning, code, message, span)
    }

    /// An informational note.
    pub fn info(code: &'static str, message: impl Into<String>, span: Span) -> Self {
        Diagnostic::new(Severity::Info, code, message, span)
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
    /// Stable code, e.g. `kif::variation-dropped`.
    pub code: &'static str,
    /// What was lost, for people.
    pub message: String,
    /// The game (0-based) it concerns.
    pub game: usize,
    /// The 1-based move number it concerns, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_number: Option<u32>,
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
    /// Counts a list of diagnostics.
    pub fn of(diags: &[Diagnostic]) -> Counts {
        let mut c = Counts::default();
        for d in diags {
            match d.severity {
                Severity::Error => c.errors += 1,
                Severity::Warning => c.warnings += 1,
                Severity::Info => c.infos += 1,
            }
        }
        c
    }
}

/// Where a diagnostic's span points: decoded text (line and column known) or raw bytes.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    /// Decoded text with its line index.
    Text(&'a str, &'a LineIndex),
    /// A binary input: positions are byte offsets.
    Bytes,
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
}

/// Places a diagnostic in its source.
pub fn locate<'a>(path: &'a str, d: &'a Diagnostic, source: Source<'_>) -> Located<'a> {
    let (line, column) = match source {
        Source::Text(text, index) => {
            let (l, c) = index.line_col_in(text, d.span.start);
            (Some(l), Some(c))
        }
        Source::Bytes => (None, None),
    };
    Located {
        path,
        line,
        column,
        offset: d.span.start,
        severity: d.severity,
        code: d.code,
        message: &d.message,
        move_number: d.move_number,
        byte: d.byte_offset,
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
pub fn render_human(path: &str, d: &Diagnostic, source: Source<'_>, style: Style) -> String {
    let mut out = String::new();
    let colour = match d.severity {
        Severity::Error => style.error,
        Severity::Warning => style.warning,
        Severity::Info => style.note,
    };
    let mv = d
        .move_number
        .map(|n| format!(" (move {n})"))
        .unwrap_or_default();
    match source {
        Source::Text(text, index) => {
            let (line, col) = index.line_col_in(text, d.span.start);
            let _ = writeln!(
                out,
                "{b}{path}:{line}:{col}:{r} {colour}{sev}[{code}]{r}{b}: {msg}{mv}{r}",
                b = style.bold,
                r = style.reset,
                sev = d.severity.as_str(),
                code = d.code,
                msg = d.message,
            );
            let (shown, lead, room) = excerpt(text, index, line, d.span.start);
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
        Source::Bytes => {
            let _ = writeln!(
                out,
                "{b}{path}: byte {off}:{r} {colour}{sev}[{code}]{r}{b}: {msg}{mv}{r}",
                b = style.bold,
                r = style.reset,
                off = d.span.start,
                sev = d.severity.as_str(),
                code = d.code,
                msg = d.message,
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
    let blank = |c: char| if c == '\t' { ' ' } else { c };
    let mut shown = String::new();
    let mut lead = String::new();
    if cut_left {
        shown.push('…');
        lead.push(' ');
    }
    shown.extend(src.get(from..to).unwrap_or("").chars().map(blank));
    if cut_right {
        shown.push('…');
    }
    lead.extend(src.get(from..caret).unwrap_or("").chars().map(|c| {
        if is_wide(c) {
            "  "
        } else {
            " "
        }
    }));
    let room = src
        .get(caret..to)
        .unwrap_or("")
        .chars()
        .map(|c| if is_wide(c) { 2 } else { 1 })
        .sum();
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
        .map(|c| if is_wide(c) { 2 } else { 1 })
        .sum::<usize>()
        .clamp(1, room.max(1))
}

/// East Asian wide characters take two terminal columns.
fn is_wide(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF |
        0x4E00..=0x9FFF | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF |
        0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD)
}
