//! `kifu.KifuError`: what stops a read or a write, as a Python exception with a code
//! and, where there is one, a position.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(
    kifu,
    KifuError,
    PyException,
    "A read or write that kifu could not do: `.code`, and `.line`/`.column` (1-based) \
     when the problem has a place in the input, else None."
);

/// A `KifuError` with `code`, `message` and an optional place.
pub fn kifu_error(code: &str, message: impl Into<String>, place: Option<(usize, usize)>) -> PyErr {
    let message = message.into();
    Python::attach(|py| {
        let err = KifuError::new_err(message.clone());
        let value = err.value(py);
        let set = || -> PyResult<()> {
            value.setattr("code", code)?;
            value.setattr("message", &message)?;
            value.setattr("line", place.map(|p| p.0))?;
            value.setattr("column", place.map(|p| p.1))?;
            Ok(())
        };
        match set() {
            Ok(()) => err,
            Err(e) => e,
        }
    })
}

/// A library error as a `KifuError` (codes: `unknown-format`, `undetected-format`,
/// `no-writer`, `write`, `unmappable`).
pub fn from_library(e: kifu::Error) -> PyErr {
    let code = match &e {
        kifu::Error::UnknownFormat { .. } => "unknown-format",
        kifu::Error::UndetectedFormat { .. } => "undetected-format",
        kifu::Error::NoWriter(_) => "no-writer",
        kifu::Error::Write(_) => "write",
        kifu::Error::Unmappable { characters, .. } => {
            let place = characters.first().map(|&(_, l, c)| (l, c));
            return kifu_error("unmappable", e.to_string(), place);
        }
        _ => "error",
    };
    kifu_error(code, e.to_string(), None)
}

/// A failure to read an input part by part (`io` errors become `OSError`).
pub fn from_part(e: kifu::source::PartError) -> PyErr {
    match e {
        kifu::source::PartError::Io(io) => io.into(),
        kifu::source::PartError::NoCompleteGame(_) => {
            kifu_error("no-complete-game", e.to_string(), None)
        }
        kifu::source::PartError::TooLarge => kifu_error("too-large", e.to_string(), None),
    }
}
