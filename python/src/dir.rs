//! `kifu.read_dir`: every record under a folder, read on several threads without the
//! GIL, handed on in path order.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use kifu::formats;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::diagnostics::Diagnostic;
use crate::game::Game;
use crate::input::Given;
use crate::reading::{locked, options, Options, ReadState};

/// The files under `root` whose extension a format knows, sorted by path (as the
/// `kifu` command walks a folder: iteratively, symbolic links not followed), and the
/// folders that could not be listed with why.
fn walk(root: &Path) -> (Vec<PathBuf>, Vec<(String, String)>) {
    let mut stack = vec![root.to_path_buf()];
    let mut files = Vec::new();
    let mut failures = Vec::new();
    while let Some(dir) = stack.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) => {
                failures.push((
                    dir.display().to_string(),
                    format!("cannot read directory: {e}"),
                ));
                continue;
            }
        };
        for entry in entries {
            let Ok(entry) = entry else {
                failures.push((dir.display().to_string(), "cannot read directory".into()));
                break;
            };
            let path = entry.path();
            match entry.file_type() {
                Ok(kind) if kind.is_dir() => stack.push(path),
                Ok(kind) if kind.is_file() && formats::by_extension(&path).is_some() => {
                    files.push(path)
                }
                _ => {}
            }
        }
    }
    files.sort();
    failures.sort();
    (files, failures)
}

/// What reading one file gave.
struct FileRead {
    games: Vec<Game>,
    diagnostics: Vec<Diagnostic>,
    failure: Option<(String, String)>,
}

/// Reads the file at `path` whole (part by part), keeping its games.
fn read_file(path: &Path, options: Options) -> FileRead {
    let shown = path.display().to_string();
    let mut state = match ReadState::open(Given::Path(path.to_path_buf()), options) {
        Ok(state) => state,
        Err(e) => {
            return FileRead {
                games: Vec::new(),
                diagnostics: Vec::new(),
                failure: Some((shown, format!("cannot open: {e}"))),
            }
        }
    };
    let failure = state.read_all().err().map(|f| {
        let message = Python::attach(|py| f.into_py_err().value(py).to_string());
        (shown, message)
    });
    FileRead {
        games: state.queue.into_iter().collect(),
        diagnostics: state.diagnostics,
        failure,
    }
}

/// The state of a folder's reading.
struct DirState {
    files: VecDeque<PathBuf>,
    options: Options,
    pool: rayon::ThreadPool,
    batch: usize,
    queue: VecDeque<Game>,
    diagnostics: Vec<Diagnostic>,
    failures: Vec<(String, String)>,
}

impl DirState {
    /// Reads the next batch of files on the pool, in order.
    fn fill(&mut self) {
        let take = self.batch.min(self.files.len());
        let batch: Vec<PathBuf> = self.files.drain(..take).collect();
        let options = self.options;
        let read: Vec<FileRead> = self
            .pool
            .install(|| batch.par_iter().map(|p| read_file(p, options)).collect());
        for file in read {
            self.queue.extend(file.games);
            self.diagnostics.extend(file.diagnostics);
            self.failures.extend(file.failure);
        }
    }
}

/// The iterator `kifu.read_dir` returns: every game of every record under the folder,
/// file by file in path order. Besides the games, `.diagnostics` (every diagnostic
/// so far) and `.failures` (`(path, message)` of each file that could not be read).
#[pyclass(module = "kifu._kifu")]
pub struct DirReader {
    state: Mutex<DirState>,
}

#[pymethods]
impl DirReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Game>> {
        let mut guard = locked(&self.state)?;
        let state: &mut DirState = &mut guard;
        loop {
            if let Some(game) = state.queue.pop_front() {
                return Ok(Some(game));
            }
            if state.files.is_empty() {
                return Ok(None);
            }
            py.detach(|| state.fill());
        }
    }

    /// Every diagnostic of the files read so far.
    #[getter]
    fn diagnostics(&self) -> PyResult<Vec<Diagnostic>> {
        Ok(locked(&self.state)?.diagnostics.clone())
    }

    /// `(path, message)` for each file or folder that could not be read so far.
    #[getter]
    fn failures(&self) -> PyResult<Vec<(String, String)>> {
        Ok(locked(&self.state)?.failures.clone())
    }

    /// How many files are still to be read.
    #[getter]
    fn remaining(&self) -> PyResult<usize> {
        Ok(locked(&self.state)?.files.len())
    }
}

/// Reads every record under the folder `path` (files with an extension kifu knows,
/// sorted by path) on `threads` threads (all cores by default) without the GIL, and
/// returns an iterator of their games in order.
#[pyfunction]
#[pyo3(signature = (path, threads=None, *, format=None, encoding=None, check=false))]
pub fn read_dir(
    py: Python<'_>,
    path: PathBuf,
    threads: Option<usize>,
    format: Option<&str>,
    encoding: Option<&str>,
    check: bool,
) -> PyResult<DirReader> {
    let options = options(format, encoding, check, false, None)?;
    if !path.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("{} is not a folder", path.display()),
        )
        .into());
    }
    let (files, failures) = py.detach(|| walk(&path));
    let threads = threads.unwrap_or(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let batch = pool.current_num_threads().max(1) * 8;
    Ok(DirReader {
        state: Mutex::new(DirState {
            files: files.into(),
            options,
            pool,
            batch,
            queue: VecDeque::new(),
            diagnostics: Vec::new(),
            failures,
        }),
    })
}
