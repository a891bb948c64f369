//! `kifu._kifu`: the Python extension module of the `kifu` package (issue #36), a thin
//! layer over the `kifu` library. The pure-Python `kifu/__init__.py` re-exports it;
//! `docs/PYTHON.md` is its guide and `kifu/_kifu.pyi` its types.
//!
//! Reading goes through the library's reading contract: an input is read part by part
//! ([`kifu::source::Parts`]), each part through [`kifu::read_into`], with the GIL
//! released while the library works. No input makes the interpreter crash: problems in
//! records are diagnostics, problems that stop a read are `kifu.KifuError`.

use pyo3::prelude::*;

/// The extension's own allocations (games, nodes, texts) come from mimalloc: a
/// record's reading makes many small ones, and games are freed on another thread
/// ([`dropper`]), which the system allocator does at a cost. Python's objects keep
/// Python's allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod calls;
mod diagnostics;
mod dir;
mod dropper;
mod errors;
mod game;
mod input;
mod node;
mod notation;
mod pool;
mod positions;
mod reading;
mod values;
mod warm;

/// The module `kifu._kifu`.
#[pymodule]
fn _kifu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("KifuError", m.py().get_type::<errors::KifuError>())?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::Info>()?;
    m.add_class::<node::Node>()?;
    m.add_class::<diagnostics::Diagnostic>()?;
    m.add_class::<diagnostics::Loss>()?;
    m.add_class::<positions::Position>()?;
    m.add_class::<reading::Reader>()?;
    m.add_class::<dir::DirReader>()?;
    m.add_function(wrap_pyfunction!(reading::read, m)?)?;
    m.add_function(wrap_pyfunction!(dir::read_dir, m)?)?;
    m.add_function(wrap_pyfunction!(positions::positions_array, m)?)?;
    m.add_function(wrap_pyfunction!(calls::validate, m)?)?;
    m.add_function(wrap_pyfunction!(calls::convert, m)?)?;
    m.add_function(wrap_pyfunction!(calls::explain, m)?)?;
    m.add_function(wrap_pyfunction!(calls::formats, m)?)?;
    warm::up();
    Ok(())
}
