//! JSON values (rows, game information) as Python values: objects as `dict`, arrays
//! as `list`, numbers as `int` or `float`. The values made here have the fixed shapes
//! of kifu's rows and game information, a few levels deep whatever the input.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use pyo3::IntoPyObjectExt;
use serde_json::Value;

/// `value` as a Python object.
pub fn to_py(py: Python<'_>, value: &Value) -> PyResult<Py<PyAny>> {
    Ok(match value {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_py_any(py)?,
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.into_py_any(py)?,
            (None, Some(u), _) => u.into_py_any(py)?,
            (None, None, Some(f)) => f.into_py_any(py)?,
            (None, None, None) => py.None(),
        },
        Value::String(s) => s.into_py_any(py)?,
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, to_py(py, v)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

/// A serialisable value as a Python object (through its JSON value).
pub fn serialized_to_py<T: serde::Serialize>(py: Python<'_>, value: &T) -> PyResult<Py<PyAny>> {
    let value = serde_json::to_value(value)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    to_py(py, &value)
}
