//! `kifu.Diagnostic` and `kifu.Loss`: a problem found in a record, located in its
//! input, and something a writer left out.

use kifu::diag::{self, Shift};
use pyo3::prelude::*;

/// One problem in a record: `code` (e.g. `sgf::unclosed-value`), `severity`
/// (`error`, `warning`, `info`), `message`, 1-based `line`/`column` in the decoded
/// text (None for binary formats), `offset` (bytes of text, or raw bytes for binary
/// formats), `move_number`, `path`.
#[pyclass(module = "kifu._kifu", frozen, get_all)]
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// The registered code.
    pub code: &'static str,
    /// `error`, `warning` or `info`.
    pub severity: &'static str,
    /// What is wrong, for people.
    pub message: String,
    /// 1-based line, for text inputs.
    pub line: Option<usize>,
    /// 1-based column in characters, for text inputs.
    pub column: Option<usize>,
    /// Byte offset of the problem in the input's text (raw bytes for binary formats).
    pub offset: usize,
    /// The 1-based number of the move concerned, if any.
    pub move_number: Option<u32>,
    /// On a summary: how many diagnostics of its code it stands for.
    pub omitted: usize,
    /// The input's path (None for bytes and file objects).
    pub path: Option<String>,
}

impl Diagnostic {
    /// `d`, of a part of an input whose text is `text` (None: binary) and which
    /// starts at `shift` in the whole input.
    pub fn located(
        d: &diag::Diagnostic,
        text: Option<(&str, &kifu::text::LineIndex)>,
        shift: Shift,
        path: Option<&str>,
    ) -> Diagnostic {
        let source = match text {
            Some((text, index)) => diag::Source::Part(text, index, shift),
            None => diag::Source::Bytes,
        };
        let located = diag::locate(path.unwrap_or("-"), d, source);
        let offset = match text {
            Some(_) => located.offset,
            None => d.span.start + shift.bytes,
        };
        Diagnostic {
            code: d.code,
            severity: d.severity.as_str(),
            message: d.message.clone(),
            line: located.line,
            column: located.column,
            offset,
            move_number: d.move_number,
            omitted: d.omitted,
            path: path.map(str::to_string),
        }
    }

    /// True for an error.
    pub fn is_error(&self) -> bool {
        self.severity == "error"
    }
}

#[pymethods]
impl Diagnostic {
    fn __repr__(&self) -> String {
        let place = match (self.line, self.column) {
            (Some(l), Some(c)) => format!("{l}:{c}"),
            _ => format!("@{}", self.offset),
        };
        format!(
            "<Diagnostic {} {} at {place}: {:?}>",
            self.severity, self.code, self.message
        )
    }

    fn __str__(&self) -> String {
        let place = match (self.line, self.column) {
            (Some(l), Some(c)) => format!("{l}:{c}"),
            _ => format!("byte {}", self.offset),
        };
        let path = self.path.as_deref().unwrap_or("-");
        format!(
            "{path}:{place}: {}[{}]: {}",
            self.severity, self.code, self.message
        )
    }
}

/// Something a writer could not carry: `code` (e.g. `loss::variations`), `message`,
/// `game` (0-based, in what was written), `move_number`.
#[pyclass(module = "kifu._kifu", frozen, get_all)]
#[derive(Debug, Clone)]
pub struct Loss {
    /// The registered loss code.
    pub code: &'static str,
    /// What was lost, for people.
    pub message: String,
    /// The game it concerns (0-based, among the games written).
    pub game: usize,
    /// The 1-based number of the move concerned, if any.
    pub move_number: Option<u32>,
}

impl From<&diag::Loss> for Loss {
    fn from(l: &diag::Loss) -> Loss {
        Loss {
            code: l.code.name,
            message: l.message.clone(),
            game: l.game,
            move_number: l.move_number,
        }
    }
}

#[pymethods]
impl Loss {
    fn __repr__(&self) -> String {
        format!("<Loss {}: {:?}>", self.code, self.message)
    }
}
