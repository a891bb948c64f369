//! What `kifu.read` and friends accept as a source: a path (`str` or `os.PathLike`),
//! the record's bytes (`bytes`, `bytearray`, `memoryview`), or a binary file object
//! (anything with `read(n)` returning bytes), read as a stream of bytes.

use std::fs::File;
use std::io::{Cursor, Read};
use std::path::PathBuf;

use kifu::formats::{self, Format};
use kifu::text::TextEncoding;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};

use crate::errors::kifu_error;

/// A source, as given.
pub enum Given {
    /// A file to open.
    Path(PathBuf),
    /// The record's bytes (copied: the reading goes on without the GIL).
    Bytes(Vec<u8>),
    /// A binary file object.
    File(Py<PyAny>),
}

impl Given {
    /// The source `obj` names.
    pub fn of(obj: &Bound<'_, PyAny>) -> PyResult<Given> {
        if let Ok(b) = obj.cast::<PyBytes>() {
            return Ok(Given::Bytes(b.as_bytes().to_vec()));
        }
        if let Ok(b) = obj.cast::<PyByteArray>() {
            return Ok(Given::Bytes(b.to_vec()));
        }
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(Given::Path(s.extract::<PathBuf>()?));
        }
        if obj.hasattr("__fspath__")? {
            return Ok(Given::Path(obj.extract::<PathBuf>()?));
        }
        if obj.hasattr("read")? {
            return Ok(Given::File(obj.clone().unbind()));
        }
        if let Ok(view) = obj.call_method0("tobytes") {
            if let Ok(b) = view.cast::<PyBytes>() {
                return Ok(Given::Bytes(b.as_bytes().to_vec()));
            }
        }
        Err(PyTypeError::new_err(
            "a source is a path (str or os.PathLike), bytes, or a binary file object",
        ))
    }

    /// The path, when it is one.
    pub fn path_text(&self) -> Option<String> {
        match self {
            Given::Path(p) => Some(p.display().to_string()),
            _ => None,
        }
    }

    /// Opens it for reading (a file is opened here, without the GIL).
    pub fn open(self) -> std::io::Result<Stream> {
        Ok(match self {
            Given::Path(p) => Stream::File(File::open(p)?),
            Given::Bytes(b) => Stream::Bytes(Cursor::new(b)),
            Given::File(obj) => Stream::Py(obj),
        })
    }
}

/// An open source: a stream of bytes.
pub enum Stream {
    /// A file.
    File(File),
    /// Bytes given.
    Bytes(Cursor<Vec<u8>>),
    /// A Python file object, read with the GIL taken for each `read`.
    Py(Py<PyAny>),
}

impl Stream {
    /// A stream of no bytes.
    pub fn empty() -> Stream {
        Stream::Bytes(Cursor::new(Vec::new()))
    }

    /// How long it is, when it can tell (for [`kifu::source::Parts::with_len_hint`]).
    pub fn len_hint(&self) -> Option<u64> {
        match self {
            Stream::File(f) => f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len()),
            Stream::Bytes(c) => Some(c.get_ref().len() as u64),
            Stream::Py(_) => None,
        }
    }
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Stream::File(f) => f.read(buf),
            Stream::Bytes(c) => c.read(buf),
            Stream::Py(obj) => Python::attach(|py| {
                let got = obj
                    .call_method1(py, "read", (buf.len(),))
                    .map_err(std::io::Error::other)?;
                let got = got.bind(py);
                let bytes: &[u8] = if let Ok(b) = got.cast::<PyBytes>() {
                    b.as_bytes()
                } else if got.is_none() {
                    &[]
                } else {
                    return Err(std::io::Error::other(
                        "the file object's read() must return bytes: open the file in binary mode",
                    ));
                };
                let n = bytes.len().min(buf.len());
                if let (Some(to), Some(from)) = (buf.get_mut(..n), bytes.get(..n)) {
                    to.copy_from_slice(from);
                }
                Ok(n)
            }),
        }
    }
}

/// The format named `name` (None: detect it).
pub fn format_named(name: Option<&str>) -> PyResult<Option<&'static Format>> {
    match name {
        None => Ok(None),
        Some(n) => formats::by_name(n).map(Some).ok_or_else(|| {
            kifu_error(
                "unknown-format",
                format!(
                    "unknown format {n:?}; kifu knows: {}",
                    formats::names().join(", ")
                ),
                None,
            )
        }),
    }
}

/// The encoding labelled `label` (None: detect it).
pub fn encoding_named(label: Option<&str>) -> PyResult<Option<TextEncoding>> {
    match label {
        None => Ok(None),
        Some(l) => TextEncoding::for_label(l)
            .map(Some)
            .ok_or_else(|| kifu_error("unknown-encoding", format!("unknown encoding {l:?}"), None)),
    }
}
