//! `kifu.validate`, `kifu.convert`, `kifu.explain`, `kifu.formats`.

use kifu::diag::{codes, Shift};

use kifu::model::Collection;
use kifu::source::{Parts, PART};
use kifu::text::LineIndex;
use kifu::Input;
use pyo3::prelude::*;

use crate::diagnostics::Diagnostic;
use crate::errors::{from_library, kifu_error};
use crate::game::write_collection;
use crate::input::{encoding_named, format_named, Given, Stream};
use crate::reading::{options, py_open, Failure};

/// Reads and checks `source` as `kifu validate` does: the decoding's, the reader's and
/// the rules' diagnostics, in order.
#[pyfunction]
#[pyo3(signature = (source, format=None, encoding=None, *, part_size=None))]
pub fn validate(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    format: Option<&str>,
    encoding: Option<&str>,
    part_size: Option<usize>,
) -> PyResult<Vec<Diagnostic>> {
    let format = format_named(format)?;
    let encoding = encoding_named(encoding)?;
    let part = part_size.unwrap_or(PART).max(1);
    let given = Given::of(source)?;
    let path = given.path_text();
    let check = || -> Result<Vec<Diagnostic>, Failure> {
        let stream = given
            .open()
            .map_err(|e| Failure::Part(kifu::source::PartError::Io(e)))?;
        let mut parts =
            Parts::new(stream, format, encoding, part, None).with_len_hint(Stream::len_hint);
        let mut shift = Shift::default();
        let mut out = Vec::new();
        while let Some(part) = parts.next_part().map_err(Failure::Part)? {
            let raw = part.bytes.len();
            let mut input = Input::bytes(part.bytes);
            if let Some(p) = path.as_deref() {
                input = input.path(std::path::Path::new(p));
            }
            if let Some(f) = part.format.or(format) {
                input = input.format(f);
            }
            if let Some(e) = part.encoding.or(encoding) {
                input = input.encoding(e);
            }
            let checked = kifu::check(input, None).map_err(Failure::Library)?;
            let index = checked
                .text
                .as_deref()
                .filter(|_| !checked.diagnostics.is_empty())
                .map(LineIndex::new);
            let text = checked.text.as_deref().zip(index.as_ref());
            out.extend(
                checked
                    .diagnostics
                    .iter()
                    .map(|d| Diagnostic::located(d, text, shift, path.as_deref())),
            );
            shift = match checked.text.as_deref() {
                Some(text) => shift.after(text, raw),
                None => Shift {
                    bytes: shift.bytes + raw,
                    ..shift
                },
            };
        }
        Ok(out)
    };
    py.detach(check).map_err(Failure::into_py_err)
}

/// Reads `source` whole and writes its games in format `to`: a `kifu.Written`
/// (bytes) with `.losses`.
#[pyfunction]
#[pyo3(signature = (source, to, format=None, encoding=None, *, to_encoding=None, wrap=None, pretty=false))]
#[allow(clippy::too_many_arguments)]
pub fn convert(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    to: &str,
    format: Option<&str>,
    encoding: Option<&str>,
    to_encoding: Option<&str>,
    wrap: Option<usize>,
    pretty: bool,
) -> PyResult<Py<PyAny>> {
    let options = options(format, encoding, false, false, None)?;
    let target = format_named(Some(to))?;
    if let Some(t) = target {
        if t.writer.is_none() {
            return Err(from_library(kifu::Error::NoWriter(t.name)));
        }
    }
    let mut state = py_open(py, Given::of(source)?, options)?;
    py.detach(|| state.read_all())
        .map_err(Failure::into_py_err)?;
    let collection = Collection {
        games: state.queue.iter().map(|g| (*g.game).clone()).collect(),
    };
    write_collection(
        py,
        &collection,
        to,
        to_encoding,
        wrap,
        pretty,
        state.source.as_deref(),
    )
}

/// What the diagnostic or loss code `code` means (as `kifu explain CODE` prints it).
#[pyfunction]
pub fn explain(code: &str) -> PyResult<String> {
    match codes::lookup(code) {
        Some(c) => Ok(c.explanation()),
        None => {
            let near: Vec<&str> = codes::closest(code, 3).iter().map(|c| c.name).collect();
            Err(kifu_error(
                "unknown-code",
                format!("no code {code:?}; the nearest: {}", near.join(", ")),
                None,
            ))
        }
    }
}

/// The formats kifu knows: (name, reads, writes) each.
#[pyfunction]
pub fn formats() -> Vec<(&'static str, bool, bool)> {
    kifu::formats::all()
        .iter()
        .map(|f| (f.name, true, f.writer.is_some()))
        .collect()
}
