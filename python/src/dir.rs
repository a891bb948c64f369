//! `kifu.read_dir`: every record under a folder, read on several threads without the
//! GIL, handed on in path order.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};

use kifu::formats;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

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

/// How many files' readings the program waits for when it finds none done.
const BATCH: usize = 8;

/// How many files from the front of `done` are read.
fn ready(done: &VecDeque<Option<FileRead>>) -> usize {
    done.iter().take_while(|d| d.is_some()).count()
}

/// What reading one file gave.
struct FileRead {
    games: Vec<Game>,
    diagnostics: Vec<Diagnostic>,
    failure: Option<(String, String)>,
}

/// Reads the file at `path` whole (part by part), keeping its games.
fn read_file(path: &Path, options: Options) -> FileRead {
    let state = match slurp(path, options.part) {
        Ok(Some(bytes)) => Ok(ReadState::of_file(path, bytes, options)),
        // Longer than a part, or a read that failed: read part by part (which
        // meets the same failure, and tells it as before).
        Ok(None) | Err(Slurp::Read) => ReadState::open(Given::Path(path.to_path_buf()), options),
        Err(Slurp::Open(e)) => Err(e),
    };
    let mut state = match state {
        Ok(state) => state,
        Err(e) => {
            return FileRead {
                games: Vec::new(),
                diagnostics: Vec::new(),
                failure: Some((path.display().to_string(), format!("cannot open: {e}"))),
            }
        }
    };
    let failure = state
        .read_all()
        .err()
        .map(|f| (path.display().to_string(), f.message()));
    FileRead {
        games: state.queue.into_iter().collect(),
        diagnostics: state.diagnostics,
        failure,
    }
}

/// Why [`slurp`] did not read a file.
enum Slurp {
    /// It could not be opened.
    Open(std::io::Error),
    /// A read failed.
    Read,
}

thread_local! {
    /// A worker's buffer for reading files ([`slurp`]).
    static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The bytes of the file at `path` when it holds at most `most` (else `None`), read
/// through the thread's buffer into storage of their length: four system calls a
/// short file (open, read, the read that finds its end, close), no length asked
/// for and no buffer zeroed a file.
fn slurp(path: &Path, most: usize) -> Result<Option<Vec<u8>>, Slurp> {
    use std::io::Read;
    const ROOM: usize = 64 << 10;
    let mut file = std::fs::File::open(path).map_err(Slurp::Open)?;
    BUFFER.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        if buffer.len() < ROOM {
            buffer.resize(ROOM, 0);
        }
        let mut bytes = Vec::new();
        loop {
            let n = match file.read(&mut buffer) {
                Ok(0) => return Ok(Some(bytes)),
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => return Err(Slurp::Read),
            };
            if bytes.len() + n > most {
                return Ok(None);
            }
            bytes.extend_from_slice(buffer.get(..n).unwrap_or(&[]));
        }
    })
}

/// The files of a folder and how far their reading has gone: the workers take the
/// files in order, at most [`Ahead::window`] ahead of the file the program is at,
/// and leave each file's reading in its slot; the program takes the slots in order.
struct Ahead {
    files: Vec<PathBuf>,
    options: Options,
    /// How many files may be read ahead of the program's.
    window: usize,
    slots: Mutex<Slots>,
    /// Told when a file's reading is left in its slot.
    ready: Condvar,
    /// Told when the program takes a slot, or lets the reader go.
    room: Condvar,
}

/// The shared part of [`Ahead`] that changes.
struct Slots {
    /// The next file a worker takes.
    taken: usize,
    /// The next file the program takes; `done[k]` is file `next + k`'s reading.
    next: usize,
    done: VecDeque<Option<FileRead>>,
    /// The program let the reader go: the workers stop.
    stop: bool,
    /// The program waits until this many files from `next` on are done (0: it does
    /// not wait; told through `ready`).
    want: usize,
    /// Workers waiting for room (told through `room`).
    idle: usize,
}

impl Ahead {
    /// A worker's loop: reads the next file in order while there is one and room
    /// for it, until the files run out or the reader is let go.
    fn work(&self) {
        loop {
            let i = {
                let mut s = self.slots.lock().unwrap_or_else(|e| e.into_inner());
                loop {
                    if s.stop || s.taken >= self.files.len() {
                        return;
                    }
                    if s.taken < s.next + self.window {
                        break;
                    }
                    s.idle += 1;
                    s = self.room.wait(s).unwrap_or_else(|e| e.into_inner());
                    s.idle -= 1;
                }
                s.taken += 1;
                s.taken - 1
            };
            let Some(path) = self.files.get(i) else {
                return;
            };
            // A reading that panicked still fills its slot, so the program never
            // waits for it.
            let read = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                read_file(path, self.options)
            }))
            .unwrap_or_else(|_| FileRead {
                games: Vec::new(),
                diagnostics: Vec::new(),
                failure: Some((path.display().to_string(), "kifu failed on it".into())),
            });
            let mut s = self.slots.lock().unwrap_or_else(|e| e.into_inner());
            let k = i - s.next;
            while s.done.len() <= k {
                s.done.push_back(None);
            }
            if let Some(slot) = s.done.get_mut(k) {
                *slot = Some(read);
            }
            // The program is woken only once the files it waits for are all done
            // (a wake-up is a system call and a switch of threads).
            let wake = k < s.want && ready(&s.done) >= s.want;
            drop(s);
            if wake {
                self.ready.notify_one();
            }
        }
    }

    /// The readings of the next files that are done, in order, into `into`, waiting
    /// for [`BATCH`] of them (or the rest) when none is; false when every file was
    /// taken. Taking the files a few at a time wakes the program once a few files,
    /// not once a file.
    fn take(&self, into: &mut VecDeque<FileRead>) -> bool {
        let mut s = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        if s.next >= self.files.len() {
            return false;
        }
        if s.done.front().is_none_or(Option::is_none) {
            s.want = BATCH.min(self.files.len() - s.next);
            while ready(&s.done) < s.want {
                s = self.ready.wait(s).unwrap_or_else(|e| e.into_inner());
            }
            s.want = 0;
        }
        while let Some(read) = s.done.front_mut().and_then(Option::take) {
            s.done.pop_front();
            s.next += 1;
            into.push_back(read);
        }
        let wake = s.idle > 0;
        drop(s);
        if wake {
            self.room.notify_all();
        }
        true
    }

    /// How many files the program has not taken yet.
    fn remaining(&self) -> usize {
        let s = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        self.files.len().saturating_sub(s.next)
    }

    /// Lets the workers go.
    fn stop(&self) {
        self.slots.lock().unwrap_or_else(|e| e.into_inner()).stop = true;
        self.room.notify_all();
    }
}

/// The state of a folder's reading, on the program's side.
struct DirState {
    ahead: Arc<Ahead>,
    queue: VecDeque<Game>,
    diagnostics: Vec<Diagnostic>,
    failures: Vec<(String, String)>,
    /// The files taken from the workers and not yet handed on, in order.
    files: VecDeque<FileRead>,
}

impl DirState {
    /// Moves the next file taken from the workers into the queue, its diagnostics
    /// and failure with it (false when none is waiting).
    fn next_file(&mut self) -> bool {
        let Some(file) = self.files.pop_front() else {
            return false;
        };
        self.queue.extend(file.games);
        self.diagnostics.extend(file.diagnostics);
        self.failures.extend(file.failure);
        true
    }
}

impl Drop for DirState {
    fn drop(&mut self) {
        self.ahead.stop();
    }
}

/// The iterator `kifu.read_dir` returns: every game of every record under the folder,
/// file by file in path order. Besides the games, `.diagnostics` (every diagnostic
/// so far) and `.failures` (`(path, message)` of each file that could not be read).
/// The files are read ahead of the program, on worker threads that hold no GIL.
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
            if state.next_file() {
                continue;
            }
            let (ahead, files) = (&state.ahead, &mut state.files);
            if !py.detach(|| ahead.take(files)) {
                return Ok(None);
            }
        }
    }

    /// Every diagnostic of the files handed on so far.
    #[getter]
    fn diagnostics(&self) -> PyResult<Vec<Diagnostic>> {
        Ok(locked(&self.state)?.diagnostics.clone())
    }

    /// `(path, message)` for each file or folder that could not be read so far.
    #[getter]
    fn failures(&self) -> PyResult<Vec<(String, String)>> {
        Ok(locked(&self.state)?.failures.clone())
    }

    /// How many files are still to be handed on.
    #[getter]
    fn remaining(&self) -> PyResult<usize> {
        let state = locked(&self.state)?;
        Ok(state.ahead.remaining() + state.files.len())
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
    let threads = match threads {
        Some(n) if n > 0 => n,
        _ => std::thread::available_parallelism().map_or(1, usize::from),
    }
    .min(files.len().max(1));
    let ahead = Arc::new(Ahead {
        files,
        options,
        window: (threads * 8).max(2 * BATCH),
        slots: Mutex::new(Slots {
            taken: 0,
            next: 0,
            done: VecDeque::new(),
            stop: false,
            want: 0,
            idle: 0,
        }),
        ready: Condvar::new(),
        room: Condvar::new(),
    });
    for _ in 0..threads {
        let worker = ahead.clone();
        crate::pool::run(Box::new(move || worker.work()))
            .map_err(|e| PyValueError::new_err(format!("cannot start a thread: {e}")))?;
    }
    Ok(DirReader {
        state: Mutex::new(DirState {
            ahead,
            queue: VecDeque::new(),
            diagnostics: Vec::new(),
            failures,
            files: VecDeque::new(),
        }),
    })
}
