//! `kifu.read`: an input's games as an iterator, read part by part through the
//! library's reading contract ([`kifu::source::Parts`], [`kifu::read_into`]) with the
//! GIL released, so an input of any length is read in memory bounded by a part
//! (32 MiB) and its games.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use kifu::diag::{self, Shift, Span};
use kifu::formats::{Flow, Format, FoundWhileReading, Piece, Pieces, Places, Sink, SourceInfo};
use kifu::model;
use kifu::source::{Part, PartError, Parts, PART};
use kifu::text::{LineIndex, TextEncoding};
use kifu::Input;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::diagnostics::Diagnostic;
use crate::errors::{from_library, from_part, kifu_error};
use crate::game::Game;
use crate::input::{encoding_named, format_named, Given, Stream};

/// A game as read: the game, where it starts, and the rules' findings on it (with
/// `check`).
type Kept = (model::Game, usize, Vec<diag::Diagnostic>);

/// Takes `game` (leaving an empty one), with its start and, when `check`, the rules'
/// findings on it.
fn keep(game: &mut model::Game, spans: &[Span], check: bool) -> Kept {
    let start = spans.first().map_or(0, |s| s.start);
    let found = if check {
        kifu::check_game(game, Places::nodes(spans))
    } else {
        Vec::new()
    };
    let kind = game.kind.clone();
    (
        std::mem::replace(game, model::Game::new(kind)),
        start,
        found,
    )
}

/// The sink of a part: keeps every game, in order; a reader that reads a long text in
/// pieces on several threads (SGF) hands each piece's games to a [`KeepPiece`].
struct Keep<'a> {
    check: bool,
    into: &'a Mutex<Vec<Kept>>,
}

impl Sink for Keep<'_> {
    fn game(&mut self, game: &mut model::Game, places: Places<'_>) -> Flow {
        let kept = if self.check && places.parts.is_some() {
            // A board's parts are placed by the reader's places, not node spans.
            let found = kifu::check_game(game, places);
            let mut kept = keep(game, places.nodes, false);
            kept.2 = found;
            kept
        } else {
            keep(game, places.nodes, self.check)
        };
        self.into
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(kept);
        Flow::Continue
    }

    fn pieces(&self) -> Option<&dyn Pieces> {
        Some(self)
    }

    /// With `check`, a reader that checks the moves as it makes them (CSA, KIF, KI2)
    /// hands each game to [`Sink::checked`] with the findings: no second replay.
    fn checks_games(&self) -> bool {
        self.check
    }

    fn checked(
        &mut self,
        game: &mut model::Game,
        places: Places<'_>,
        found: FoundWhileReading,
    ) -> Flow {
        let found = kifu::place_checked(game, places, found);
        let mut kept = keep(game, places.nodes, false);
        kept.2 = found;
        self.into
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(kept);
        Flow::Continue
    }
}

impl Pieces for Keep<'_> {
    fn piece(&self) -> Box<dyn Piece + '_> {
        Box::new(KeepPiece {
            check: self.check,
            made: Vec::new(),
            into: self.into,
        })
    }
}

/// The games of one piece of a text, appended to the part's when the piece is
/// committed (its games were a whole read's).
struct KeepPiece<'a> {
    check: bool,
    made: Vec<Kept>,
    into: &'a Mutex<Vec<Kept>>,
}

impl Piece for KeepPiece<'_> {
    fn game(&mut self, game: &mut model::Game, spans: &[Span]) {
        self.made.push(keep(game, spans, self.check));
    }

    fn commit(mut self: Box<Self>) {
        self.into
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .append(&mut self.made);
    }
}

/// Why a read stopped.
pub enum Failure {
    /// The input could not be read to its end.
    Part(PartError),
    /// The library refused the input (its format could not be told …).
    Library(kifu::Error),
    /// `strict`: the first error in the input.
    Strict(Box<Diagnostic>),
}

impl Failure {
    /// What went wrong, for people: the message of [`Failure::into_py_err`]'s
    /// exception, made without the GIL.
    pub fn message(&self) -> String {
        match self {
            Failure::Part(e) => e.to_string(),
            Failure::Library(e) => e.to_string(),
            Failure::Strict(d) => d.message.clone(),
        }
    }

    /// As a Python exception.
    pub fn into_py_err(self) -> PyErr {
        match self {
            Failure::Part(e) => from_part(e),
            Failure::Library(e) => from_library(e),
            Failure::Strict(d) => {
                let place = d.line.zip(d.column);
                kifu_error(d.code, d.message.clone(), place)
            }
        }
    }
}

/// How to read.
#[derive(Clone, Copy)]
pub struct Options {
    /// The format given (else told by the extension or the content).
    pub format: Option<&'static Format>,
    /// The encoding given (else told by BOM, declaration or detection).
    pub encoding: Option<TextEncoding>,
    /// Check each game by its rules, adding the findings to its diagnostics.
    pub check: bool,
    /// Stop at the first error diagnostic.
    pub strict: bool,
    /// How much is read at a time: a longer input is cut between games.
    pub part: usize,
}

/// An input being read: its parts, what was read of them and not yet handed on.
pub struct ReadState {
    parts: Parts<Stream>,
    /// The bytes given, when they are one part: handed on whole as [`Parts`] would
    /// hand them, without copying them into its buffer.
    whole: Option<Vec<u8>>,
    path: Option<String>,
    options: Options,
    /// Where the next part starts in the whole input.
    shift: Shift,
    /// Games handed on so far.
    number: usize,
    /// Games read and not yet handed on.
    pub queue: VecDeque<Game>,
    /// Every diagnostic of the input so far, in order.
    pub diagnostics: Vec<Diagnostic>,
    /// The format and encoding, as the first part was read.
    pub source: Option<Arc<SourceInfo>>,
    /// True once the input is read to its end.
    pub done: bool,
}

impl ReadState {
    /// Opens `given` (a file here, without the GIL).
    pub fn open(given: Given, options: Options) -> std::io::Result<ReadState> {
        let path = given.path_text();
        let (stream, whole) = match given {
            Given::Bytes(bytes) if bytes.len() <= options.part => (Stream::empty(), Some(bytes)),
            given => (given.open()?, None),
        };
        Ok(ReadState::with(stream, whole, path, options))
    }

    /// The file at `path`, read already into `bytes` (at most a part): handed on
    /// whole, as [`Parts`] would hand it.
    pub fn of_file(path: &std::path::Path, bytes: Vec<u8>, options: Options) -> ReadState {
        let path = Some(path.display().to_string());
        ReadState::with(Stream::empty(), Some(bytes), path, options)
    }

    /// A state reading `stream`, or `whole` (one part) first.
    fn with(
        stream: Stream,
        whole: Option<Vec<u8>>,
        path: Option<String>,
        options: Options,
    ) -> ReadState {
        let parts = Parts::new(stream, options.format, options.encoding, options.part, None)
            .with_len_hint(Stream::len_hint);
        ReadState {
            parts,
            whole,
            path,
            options,
            shift: Shift::default(),
            number: 0,
            queue: VecDeque::new(),
            diagnostics: Vec::new(),
            source: None,
            done: false,
        }
    }

    /// Reads the next part into the queue (or marks the input done).
    pub fn fill(&mut self) -> Result<(), Failure> {
        let next = match self.whole.take() {
            Some(bytes) => Ok(Some(Part {
                bytes,
                format: self.options.format,
                encoding: self.options.encoding,
                at: 0,
                index: 0,
                whole: true,
                lead: 0,
                trail: 0,
            })),
            None => self.parts.next_part(),
        };
        let part = match next {
            Ok(Some(part)) => part,
            Ok(None) => {
                self.done = true;
                return Ok(());
            }
            Err(e) => {
                self.done = true;
                return Err(Failure::Part(e));
            }
        };
        self.fill_with(
            Cow::Owned(part.bytes),
            part.format,
            part.encoding,
            part.whole,
        )
    }

    /// Reads `bytes`, the whole input (bytes of one part, borrowed from the
    /// caller's immutable `bytes` object: not copied), into the queue.
    pub fn fill_borrowed(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.whole = None;
        self.fill_with(Cow::Borrowed(bytes), None, None, true)
    }

    /// Reads one part (`whole`: the input ends with it), of the format and
    /// encoding the part was told to be, into the queue.
    fn fill_with(
        &mut self,
        bytes: Cow<'_, [u8]>,
        format: Option<&'static Format>,
        encoding: Option<TextEncoding>,
        whole: bool,
    ) -> Result<(), Failure> {
        let raw = bytes.len();
        // An input that ends within its first part is handed on whole: nothing follows.
        let path = self.path.as_deref().map(std::path::Path::new);
        let mut input = Input::bytes(bytes);
        if let Some(p) = path {
            input = input.path(p);
        }
        if let Some(f) = format.or(self.options.format) {
            input = input.format(f);
        }
        if let Some(e) = encoding.or(self.options.encoding) {
            input = input.encoding(e);
        }
        let into = Mutex::new(Vec::new());
        let mut sink = Keep {
            check: self.options.check,
            into: &into,
        };
        let read = match kifu::read_into(input, &mut sink) {
            Ok(read) => read,
            Err(e) => {
                self.done = true;
                return Err(Failure::Library(e));
            }
        };
        let kept = into.into_inner().unwrap_or_else(|e| e.into_inner());
        // The line index is made only when there is a diagnostic to place.
        let index = std::cell::OnceCell::new();
        let path = self.path.as_deref();
        let shift = self.shift;
        let text = read.text.as_deref();
        let locate = |d: &diag::Diagnostic| {
            let text = text.map(|t| (t, index.get_or_init(|| LineIndex::new(t))));
            Diagnostic::located(d, text, shift, path)
        };
        // Each of the reader's diagnostics goes with the game it falls in: the last
        // game starting at or before it (the first game for what comes before any).
        let starts: Vec<usize> = kept.iter().map(|k| k.1).collect();
        let mut per_game: Vec<Vec<Diagnostic>> = vec![Vec::new(); kept.len()];
        for d in &read.diagnostics {
            let located = locate(d);
            if self.options.strict && located.is_error() {
                self.done = true;
                return Err(Failure::Strict(Box::new(located)));
            }
            let g = starts
                .partition_point(|&s| s <= d.span.start)
                .saturating_sub(1);
            if let Some(list) = per_game.get_mut(g) {
                list.push(located.clone());
            }
            self.diagnostics.push(located);
        }
        // The path as the games tell it (the library's source has the one given);
        // the same source kept for the reader when the paths agree (no copy).
        let first = self.source.is_none();
        let library = (first && read.source.path != self.path).then(|| read.source.clone());
        let source = Arc::new(SourceInfo {
            path: self.path.clone(),
            ..read.source
        });
        for ((game, _, found), mut diagnostics) in kept.into_iter().zip(per_game) {
            for d in &found {
                let located = locate(d);
                if self.options.strict && located.is_error() {
                    self.done = true;
                    return Err(Failure::Strict(Box::new(located)));
                }
                diagnostics.push(located.clone());
                self.diagnostics.push(located);
            }
            self.number += 1;
            self.queue.push_back(Game::new(
                Arc::new(game),
                source.clone(),
                self.number,
                diagnostics,
            ));
        }
        self.shift = match read.text.as_deref() {
            Some(text) => self.shift.after(text, raw),
            None => Shift {
                bytes: self.shift.bytes + raw,
                ..self.shift
            },
        };
        if first {
            self.source = Some(library.map_or_else(|| source.clone(), Arc::new));
        }
        self.done = whole;
        Ok(())
    }

    /// Reads the input to its end, keeping every game.
    pub fn read_all(&mut self) -> Result<(), Failure> {
        while !self.done {
            self.fill()?;
        }
        Ok(())
    }
}

/// The iterator `kifu.read` returns: each game of the input, in order. Besides the
/// games, `.diagnostics` (every diagnostic so far, those of no game included),
/// `.format` and `.encoding` (once the first game is read).
#[pyclass(module = "kifu._kifu")]
pub struct Reader {
    state: Mutex<ReadState>,
    /// Why the first part, read when the reader was made, could not be read: raised
    /// by the first `next()`, as a read in `next()` would have raised it.
    failed: Mutex<Option<Failure>>,
}

/// The lock of a reader, or the error of reading one from two threads at once.
pub fn locked<T>(m: &Mutex<T>) -> PyResult<std::sync::MutexGuard<'_, T>> {
    match m.try_lock() {
        Ok(g) => Ok(g),
        Err(std::sync::TryLockError::Poisoned(p)) => Ok(p.into_inner()),
        Err(std::sync::TryLockError::WouldBlock) => Err(PyRuntimeError::new_err(
            "this reader is being read by another thread",
        )),
    }
}

#[pymethods]
impl Reader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Game>> {
        let mut guard = locked(&self.state)?;
        let state: &mut ReadState = &mut guard;
        if let Some(failure) = locked(&self.failed)?.take() {
            return Err(failure.into_py_err());
        }
        loop {
            if let Some(game) = state.queue.pop_front() {
                return Ok(Some(game));
            }
            if state.done {
                return Ok(None);
            }
            py.detach(|| state.fill()).map_err(Failure::into_py_err)?;
        }
    }

    /// Every diagnostic of the input read so far (all of them once iterated to the
    /// end), those in no game included.
    #[getter]
    fn diagnostics(&self) -> PyResult<Vec<Diagnostic>> {
        Ok(locked(&self.state)?.diagnostics.clone())
    }

    /// The format read (None before the first part is read: bytes of one part are
    /// read when the reader is made).
    #[getter]
    fn format(&self) -> PyResult<Option<String>> {
        Ok(locked(&self.state)?
            .source
            .as_ref()
            .map(|s| s.format.clone()))
    }

    /// The encoding read (None before the first part is read, and for binary
    /// formats).
    #[getter]
    fn encoding(&self) -> PyResult<Option<String>> {
        Ok(locked(&self.state)?
            .source
            .as_ref()
            .and_then(|s| s.encoding.clone()))
    }
}

/// The options of a read, from the Python arguments.
pub fn options(
    format: Option<&str>,
    encoding: Option<&str>,
    check: bool,
    strict: bool,
    part_size: Option<usize>,
) -> PyResult<Options> {
    Ok(Options {
        format: format_named(format)?,
        encoding: encoding_named(encoding)?,
        check,
        strict,
        part: part_size.unwrap_or(PART).max(1),
    })
}

/// Reads `source` (a path, bytes, or a binary file object) and returns an iterator of
/// its games, read part by part without the GIL.
#[pyfunction]
#[pyo3(signature = (source, format=None, encoding=None, *, check=false, strict=false, part_size=None))]
pub fn read(
    source: &Bound<'_, PyAny>,
    format: Option<&str>,
    encoding: Option<&str>,
    check: bool,
    strict: bool,
    part_size: Option<usize>,
) -> PyResult<Reader> {
    let options = options(format, encoding, check, strict, part_size)?;
    // Bytes that are one part are read at once, in the same release of the GIL as
    // the opening (releasing it costs about as much as reading a short record),
    // from the bytes object itself: it cannot change, and it outlives the call.
    if let Ok(b) = source.cast::<PyBytes>() {
        let bytes = b.as_bytes();
        if bytes.len() <= options.part {
            let (state, failed) = source.py().detach(|| {
                let mut state = ReadState::open(Given::Bytes(Vec::new()), options)?;
                let failed = state.fill_borrowed(bytes).err();
                Ok::<_, std::io::Error>((state, failed))
            })?;
            return Ok(Reader {
                state: Mutex::new(state),
                failed: Mutex::new(failed),
            });
        }
    }
    let given = Given::of(source)?;
    let one_part = matches!(&given, Given::Bytes(b) if b.len() <= options.part);
    let (state, failed) = source.py().detach(|| {
        let mut state = ReadState::open(given, options)?;
        let failed = if one_part { state.fill().err() } else { None };
        Ok::<_, std::io::Error>((state, failed))
    })?;
    Ok(Reader {
        state: Mutex::new(state),
        failed: Mutex::new(failed),
    })
}

/// Opens a source without the GIL.
pub fn py_open(py: Python<'_>, given: Given, options: Options) -> PyResult<ReadState> {
    Ok(py.detach(|| ReadState::open(given, options))?)
}
