//! The one engine of every command that reads records (`validate`, `filter`,
//! `stats`, `dedup`, `list`, `info`, `convert`, `show`, `split`, `merge`):
//! [`each_input`] reads each input part by part ([`kifu::source::Parts`]: whole when
//! it ends within a part, else cut between games), reads each part through the
//! library as the command wants it ([`Want`]), and hands games, diagnostics and the
//! input's end to the command's [`Sink`], in the order of the inputs and of their
//! games.
//!
//! Inputs are opened and read on the in-order pool (`ordered::in_order`): a worker
//! reads an input that ends within its first part and reads its games (checks them,
//! or makes each game's value) in parallel with the other workers, and the results
//! are committed in input order on the calling thread. An input longer than a part
//! is read on by the calling thread part after part, each part read by the library
//! on all cores (SGF), so memory holds a part and its games, whatever the input's
//! length. Diagnostics keep their positions in the whole input ([`Shift`]), and
//! across the parts of an input the first 100 of each code are shown, as a whole
//! read shows them; the summaries of the rest come at the input's end.
//!
//! `--game N|A..B` is applied here, once, for every command.

use std::borrow::Cow;
use std::io::{IsTerminal, Read};

use super::inputs::{problem_of, too_large, InputFile, RegularFile};
use super::load::Resolved;
use super::{Fatal, Ui};
use kifu::collect::read::{read_games_checked, Needs};
use kifu::diag::{self, Collapser, Counts, Diagnostic, Shift, Source};
use kifu::formats::{Format, SourceInfo};
use kifu::model::{Game, GomokuRule};
use kifu::source::{Part, PartError, Parts, PART};
use kifu::text::LineIndex;
use kifu::Input;

/// How many threads read: `RAYON_NUM_THREADS` when it is a number above 0, else the
/// processors this process may use, as rayon's pool would be given. Asked without
/// starting that pool: a run over files reads them on threads of its own
/// (`ordered.rs`), and the pool's threads, started for nothing, spun at the start
/// of the run on the processors its own threads wanted.
pub fn threads() -> usize {
    std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
        .or_else(|| std::thread::available_parallelism().ok().map(usize::from))
        .unwrap_or(1)
}

/// The part size: [`PART`], or in debug builds `KIFU_PART_BYTES` (tests use small
/// parts to cut small inputs).
pub fn part_size() -> usize {
    #[cfg(debug_assertions)]
    if let Some(n) = std::env::var("KIFU_PART_BYTES")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        return n.max(1);
    }
    PART
}

/// Whether to read on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Read on.
    Continue,
    /// Nothing more is wanted: stop reading.
    Stop,
}

/// How a command wants each part read.
pub enum Want<'f, T> {
    /// Checked by the rules, keeping the verdicts only (`validate`): no games.
    Check,
    /// Each game made into a value by the function, on any thread ([`Sink::value`]).
    Values(Needs, &'f (dyn Fn(&mut Game) -> T + Sync)),
    /// [`Want::Values`] of whole games, the readers asked for each game's first
    /// illegal move ([`kifu::collect::read::read_games_checked`]): a game a reader
    /// checked so goes to the second function with the finding, the others to the
    /// first.
    Checked(
        &'f (dyn Fn(&mut Game) -> T + Sync),
        kifu::collect::read::Checked<'f, T>,
    ),
    /// Each game whole, in order, on the calling thread ([`Sink::game`]).
    InOrder,
    /// Each game whole, made into a value by the function on any thread — given the
    /// input's index, the source of the input's first part and the game — and the
    /// values handed to [`Sink::value`] in order: the games of a file and the files
    /// of a folder are worked on all cores. What reaches the sink, and the
    /// diagnostics shown, are what [`Want::InOrder`] gives (the games `--game`
    /// selects, up to the first [`Flow::Stop`]); no check by the rules. The values
    /// of a part are held until it is read: with [`PartSize::Small`] inputs are read
    /// in parts of [`MAPPED_PART`], so that memory holds a window of games, not a
    /// long file's.
    Mapped(&'f Map<'f, T>, PartSize),
}

/// The parts a [`Want::Mapped`] reading cuts inputs into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartSize {
    /// [`PART`]: an input is whole up to it (a command whose output depends on
    /// whether an input was read whole: `split`'s names).
    Default,
    /// [`MAPPED_PART`]: for commands whose output is the same in parts.
    Small,
}

/// The part size of [`PartSize::Small`]. Two parts are made into values at once
/// while one is read and one written out ([`Run::mapped_ahead`]): at 4 MiB the
/// conversion of the 21 MB benchmark touched 6,500 pages of fresh memory, at 2 MiB
/// 3,900, and a part of 2 MiB is still read in pieces on all cores (SGF).
pub const MAPPED_PART: usize = 2 << 20;

/// The first part of an input longer than [`MAPPED_PART`] read with
/// [`PartSize::Small`]: the pool starts on its games after this much is read and
/// cut, not a whole part (on the 21 MB benchmark, a 4 MiB first part kept both
/// cores waiting for its read and cut). Cut at its last game's end, it stays at
/// least the 1 MiB the SGF reader reads on several threads (a quarter of a MiB is
/// room for the game cut off): at exactly 1 MiB, the part's games were read on one
/// thread while the other had nothing to do.
const FIRST_MAPPED_PART: usize = (1 << 20) + (256 << 10);

/// The function of [`Want::Mapped`]: the input's index, the source of its first
/// part, the game.
pub type Map<'f, T> = dyn Fn(usize, &SourceInfo, &mut Game) -> T + Sync + 'f;

/// An input whose first part ends within this is read and its games made into
/// values by a worker ([`Want::Mapped`]); a longer one by the calling thread, its
/// games on all cores (SGF), so that the values held are a window of inputs this
/// size, or one part.
const MAPPED_BY_WORKER: usize = MAPPED_PART;

/// How many parts of a cut input are made into values at once on the pool
/// ([`Run::mapped_ahead`]).
const MAPPED_AT_ONCE: usize = 2;

/// What a sink says before an input is handed on ([`Sink::begin`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Begin {
    /// Hand it on.
    Read,
    /// Pass it by: nothing of it is handed on or shown, and no [`Sink::end`].
    Skip,
    /// Hand on no more inputs.
    Stop,
}

/// What the engine does besides handing games on.
#[derive(Debug, Clone, Copy, Default)]
pub struct Reading {
    /// Print the diagnostics to standard error as each part is read.
    pub report: bool,
    /// Check each game by its rules (as `kifu validate` does), adding the findings
    /// to the diagnostics ([`Want::InOrder`]).
    pub check: bool,
    /// Keep each diagnostic, located in the whole input, as a JSON object
    /// ([`InputRead::located`]).
    pub locate: bool,
}

/// One game of an input, as it is read ([`Want::InOrder`]).
pub struct Item<'a> {
    /// Its number in its input, from 1.
    pub number: usize,
    /// Where it was read from (format, encoding).
    pub source: &'a SourceInfo,
    /// The game, lent: it is dropped after the call.
    pub game: &'a mut Game,
}

/// Where a game's value comes from ([`Want::Values`]).
pub struct GameAt<'a> {
    /// The input.
    pub input: &'a InputFile,
    /// The game's number in its input, from 1.
    pub number: usize,
    /// The input's format.
    pub format: &'static Format,
    /// Its format and encoding, as the first part was read.
    pub source: &'a SourceInfo,
    /// True when the input is read in parts: how many games it holds is not known
    /// until its end.
    pub streamed: bool,
}

/// What reading one input gave, besides the games.
#[derive(Debug, Default)]
pub struct InputRead {
    /// The format it was read as.
    pub format: Option<&'static Format>,
    /// Its format and encoding, as the first part was read.
    pub source: Option<SourceInfo>,
    /// Games read (selected or not).
    pub games: usize,
    /// Games handed on (those `--game` selects).
    pub selected: usize,
    /// Diagnostics of the reading.
    pub counts: Counts,
    /// Why the input could not be read (to its end).
    pub failure: Option<String>,
    /// The diagnostics located, each a JSON object (with [`Reading::locate`]).
    pub located: Vec<String>,
    /// True when the input is an empty record (a [`kifu::EMPTY_RECORD`] diagnostic).
    pub empty: bool,
    /// The format the input was being cut as when it failed with no game read
    /// (more than `--max-game-size` of standard input without a complete game).
    pub cut_as: Option<&'static Format>,
}

/// A command: what it does with each game, and at each input's end. Every method
/// runs on the calling thread, in order.
pub trait Sink<T> {
    /// Before anything of input number `index` (from 0) is handed on.
    fn begin(&mut self, _index: usize, _input: &InputFile) -> Result<Begin, Fatal> {
        Ok(Begin::Read)
    }

    /// A game's value ([`Want::Values`]).
    fn value(&mut self, _at: GameAt<'_>, _value: T) -> Result<Flow, Fatal> {
        Ok(Flow::Continue)
    }

    /// A game read whole ([`Want::InOrder`]).
    fn game(&mut self, _input: &InputFile, _item: Item<'_>) -> Result<Flow, Fatal> {
        Ok(Flow::Continue)
    }

    /// The input ended (or could not be read on: [`InputRead::failure`]).
    fn end(&mut self, input: &InputFile, read: InputRead) -> Result<(), Fatal>;
}

/// What a part gave.
struct PartOut<T> {
    format: &'static Format,
    source: SourceInfo,
    /// The decoded text, kept when there are diagnostics to place in it.
    text: Option<String>,
    games: usize,
    /// One value per game; `None` for a game `--game` does not select
    /// ([`Want::Mapped`]).
    values: Vec<Option<T>>,
    diagnostics: Vec<Diagnostic>,
    /// Where the next part starts, counted from this one's start (cut inputs).
    after: Option<Shift>,
    /// The part's storage (its text's, when that is not kept), to give back to the
    /// reading of the next parts ([`Parts::recycle`]).
    storage: Option<Vec<u8>>,
}

/// Standard input or a file.
enum Src {
    File(RegularFile),
    Stdin(std::io::Stdin),
}

impl Read for Src {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Src::File(f) => f.read(buf),
            Src::Stdin(s) => s.read(buf),
        }
    }
}

/// An input as a worker left it.
enum Opened<T> {
    /// It could not be read (the format it was being cut as, if it was).
    Failed(String, Option<&'static Format>),
    /// Read whole, and its games read.
    Done(Result<Box<PartOut<T>>, String>),
    /// Read whole, its games to read on the calling thread.
    Raw(Part),
    /// Longer than a part: the first part, and the rest to read.
    Cut(Box<Parts<Src>>, Part),
}

/// Reads every input as `want` says and hands what it gave to `sink`, in order.
/// With `bar`, a bar on standard error counts inputs and games when it is a terminal
/// (not with `-q`).
pub fn each_input<T: Send>(
    inputs: &[InputFile],
    opts: Resolved,
    ui: &Ui,
    how: Reading,
    want: Want<'_, T>,
    bar: bool,
    sink: &mut dyn Sink<T>,
) -> Result<(), Fatal> {
    let rule = opts.rule.map(GomokuRule::from_name);
    let part = match want {
        Want::Mapped(_, PartSize::Small) => part_size().min(MAPPED_PART),
        _ => part_size(),
    };
    let in_order = matches!(want, Want::InOrder);
    let bar = (bar && !ui.quiet() && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(inputs.len() as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:30} {pos}/{len} files  {msg}  {elapsed} elapsed, {eta} left",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        bar
    });
    // Games are read on the calling thread in order: workers would only read ahead.
    let threads = if in_order { 1 } else { threads() };
    let window = threads.max(1) * 4;
    let mut games_seen = 0usize;
    // The directories of walked inputs, each opened once for its files.
    let reached = kifu::fsio::Reached::new();
    let indices: Vec<usize> = (0..inputs.len()).collect();
    let outcome = super::ordered::in_order(
        &indices,
        threads,
        window,
        |&i| match inputs.get(i) {
            Some(input) => open(i, input, opts, part, &want, rule.as_ref(), &reached),
            None => Opened::Failed(String::new(), None),
        },
        |&i, opened| {
            let Some(input) = inputs.get(i) else {
                return Ok(());
            };
            match sink.begin(i, input).map_err(Halt::Fatal)? {
                Begin::Read => {}
                Begin::Skip => return Ok(()),
                Begin::Stop => return Err(Halt::Done),
            }
            let mut run = Run::new(i, input, opts, ui, how, rule.as_ref());
            let fed = feed(&mut run, opened, &want, sink);
            if let Some(bar) = &bar {
                bar.inc(1);
                games_seen += run.read.games;
                bar.set_message(format!("{games_seen} games"));
            }
            fed.map_err(Halt::Fatal)?;
            let read = run.finish().map_err(Halt::Fatal)?;
            match &bar {
                // Lines printed meanwhile go above the bar.
                Some(bar) => bar.suspend(|| sink.end(input, read)),
                None => sink.end(input, read),
            }
            .map_err(Halt::Fatal)
        },
    );
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    #[cfg(debug_assertions)]
    threads_seen::report();
    match outcome {
        Ok(()) | Err(Halt::Done) => Ok(()),
        Err(Halt::Fatal(e)) => Err(e),
    }
}

/// Why the inputs stopped being handed on early.
enum Halt {
    /// The sink wants no more ([`Begin::Stop`]).
    Done,
    /// The run stops.
    Fatal(Fatal),
}

/// Opens an input and reads its first part; an input that ends there is read whole
/// (unless its games are wanted in order, on the calling thread).
fn open<T: Send>(
    index: usize,
    input: &InputFile,
    opts: Resolved,
    part: usize,
    want: &Want<'_, T>,
    rule: Option<&GomokuRule>,
    reached: &kifu::fsio::Reached,
) -> Opened<T> {
    if let Some(problem) = problem_of(input) {
        return Opened::Failed(problem, None);
    }
    let (src, limit) = match &input.path {
        Some(path) => match RegularFile::open(path, input.place.as_deref(), Some(reached)) {
            Ok(file) => (Src::File(file), None),
            Err(e) => return Opened::Failed(format!("{}: cannot read: {e}", input.display), None),
        },
        None => (Src::Stdin(std::io::stdin()), Some(opts.max_game_size.0)),
    };
    let first = match want {
        Want::Mapped(_, PartSize::Small) => FIRST_MAPPED_PART,
        _ => part,
    };
    let parts = Parts::new(src, opts.format, opts.encoding, part, limit)
        .with_first_part(first)
        .with_len_hint(|src| match src {
            Src::File(file) => file.known_len(),
            Src::Stdin(_) => None,
        });
    let mut parts = Box::new(parts);
    let first = match parts.next_part() {
        Ok(Some(p)) => p,
        Ok(None) => return Opened::Failed(format!("{}: nothing to read", input.display), None),
        Err(e) => return Opened::Failed(reason(input, opts, &e), cut_as(&e)),
    };
    if !first.whole {
        return Opened::Cut(parts, first);
    }
    match want {
        Want::InOrder => Opened::Raw(first),
        Want::Mapped(..) if first.bytes.len() > MAPPED_BY_WORKER => Opened::Raw(first),
        Want::Mapped(map, _) => {
            let at = MappingAt::new(index, input, opts, rule, 0, None);
            Opened::Done(read_mapped(at, first, *map).map(Box::new))
        }
        _ => Opened::Done(read_part(input, first, want, rule).map(Box::new)),
    }
}

/// The format an input was being cut as when it failed.
fn cut_as(e: &PartError) -> Option<&'static Format> {
    match e {
        PartError::NoCompleteGame(format) => *format,
        _ => None,
    }
}

/// The line reporting why an input could not be read on.
fn reason(input: &InputFile, opts: Resolved, e: &PartError) -> String {
    let display = &input.display;
    match e {
        PartError::Io(e) => format!("{display}: cannot read: {e}"),
        PartError::NoCompleteGame(_) => format!(
            "{display}: more than {} of standard input without a complete game; give a larger --max-game-size",
            opts.max_game_size
        ),
        PartError::TooLarge if input.path.is_none() => too_large(display, opts.max_game_size),
        PartError::TooLarge => format!("{display}: too large to read"),
    }
}

/// The input `bytes` of `input` are, read as `format` and `encoding` say.
fn given<'a>(
    input: &'a InputFile,
    format: Option<&'static Format>,
    encoding: Option<kifu::text::TextEncoding>,
    bytes: Cow<'a, [u8]>,
) -> Input<'a> {
    Input {
        bytes,
        path: input.path.as_deref(),
        format,
        encoding,
    }
}

/// Reads one part's games as `want` says ([`Want::Check`] or [`Want::Values`]), on
/// any thread. `Err` holds the line to report.
fn read_part<T: Send>(
    input: &InputFile,
    part: Part,
    want: &Want<'_, T>,
    rule: Option<&GomokuRule>,
) -> Result<PartOut<T>, String> {
    let whole = part.whole;
    let (lead, trail) = (part.lead, part.trail);
    let raw = part.bytes.len().saturating_sub(lead + trail);
    let given = |bytes| given(input, part.format, part.encoding, bytes);
    let failed = |e: kifu::Error| format!("{}: {e}", input.display);
    let mut out = match want {
        Want::Check => {
            // The bytes are given away: a UTF-8 part becomes its own text, uncopied.
            let c = kifu::check(given(Cow::Owned(part.bytes)), rule).map_err(failed)?;
            PartOut {
                format: c.format,
                source: c.source,
                text: c.text,
                games: c.games,
                values: Vec::new(),
                diagnostics: c.diagnostics,
                after: None,
                storage: None,
            }
        }
        Want::Values(..) | Want::Checked(..) => {
            let (needs, each, checked) = match want {
                Want::Checked(each, checked) => (Needs::Everything, *each, Some(*checked)),
                Want::Values(needs, each) => (*needs, *each, None),
                _ => return Err(format!("{}: not read for values", input.display)),
            };
            let f = read_games_checked(&given(Cow::Borrowed(&part.bytes)), needs, each, checked)
                .map_err(failed)?;
            PartOut {
                format: f.format,
                source: f.source,
                text: None,
                games: f.games.len(),
                values: f.games.into_iter().map(Some).collect(),
                diagnostics: Vec::new(),
                // No diagnostics to place: only the raw bytes count.
                after: (!whole).then_some(Shift {
                    bytes: raw,
                    ..Shift::default()
                }),
                storage: None,
            }
        }
        Want::InOrder | Want::Mapped(..) => {
            return Err(format!("{}: not read in order", input.display))
        }
    };
    out.text = unframe(&mut out.diagnostics, out.text, lead, trail);
    if !whole {
        if let Some(text) = &out.text {
            out.after = Some(Shift::default().after(text, raw));
        }
    }
    if out.diagnostics.is_empty() {
        out.text = None;
    }
    Ok(out)
}

/// Hands on what an input gave, reading its later parts.
fn feed<T: Send>(
    run: &mut Run<'_>,
    opened: Opened<T>,
    want: &Want<'_, T>,
    sink: &mut dyn Sink<T>,
) -> Result<(), Fatal> {
    match opened {
        Opened::Failed(reason, format) => {
            run.read.failure = Some(reason);
            run.read.cut_as = format;
        }
        Opened::Done(Ok(out)) => {
            match want {
                Want::Mapped(..) => run.commit_mapped(*out, sink)?,
                _ => run.commit(*out, sink)?,
            };
        }
        Opened::Done(Err(reason)) => run.read.failure = Some(reason),
        Opened::Raw(part) => {
            match want {
                Want::Mapped(map, _) => run.mapped(part, *map, sink)?,
                _ => run.in_order(part, sink)?,
            };
        }
        Opened::Cut(mut parts, first) => {
            if let Want::Mapped(map, _) = want {
                if run.opts.games.is_none() && threads() > 1 {
                    return run.mapped_ahead(&mut parts, first, *map, sink);
                }
            }
            let mut next = Some(first);
            while let Some(part) = next.take() {
                let flow = match want {
                    Want::InOrder => run.in_order(part, sink)?,
                    Want::Mapped(map, _) => run.mapped(part, *map, sink)?,
                    _ => match read_part(run.input, part, want, run.rule) {
                        Ok(out) => run.commit(out, sink)?,
                        Err(reason) => {
                            run.read.failure = Some(reason);
                            Flow::Stop
                        }
                    },
                };
                if let Some(storage) = run.spare.take() {
                    parts.recycle(storage);
                }
                if flow == Flow::Stop {
                    break;
                }
                match parts.next_part() {
                    Ok(p) => next = p,
                    Err(e) => {
                        run.read.failure = Some(reason(run.input, run.opts, &e));
                        run.read.cut_as = cut_as(&e);
                    }
                }
            }
        }
    }
    Ok(())
}

/// Stands in a summary's message until its count is known (see
/// [`Run::finish`]); `usize::MAX` stands in its `omitted`.
const COUNT_LATER: &str = "\u{1}count\u{1}";

/// The reading of one input, across its parts, on the calling thread.
struct Run<'a> {
    /// The input's index among the inputs.
    index: usize,
    input: &'a InputFile,
    opts: Resolved,
    ui: &'a Ui,
    how: Reading,
    rule: Option<&'a GomokuRule>,
    read: InputRead,
    /// Parts read.
    parts: usize,
    /// Where the next part starts in the whole input.
    shift: Shift,
    /// Across the parts of a cut input, the first diagnostics of each code go
    /// through; the rest are counted.
    collapser: Collapser,
    /// Each summary of the collapser, rendered where it stands with
    /// [`COUNT_LATER`] for its message.
    summaries: Vec<Option<String>>,
    /// Nothing more is wanted.
    stop: bool,
    /// The storage of the part committed last, to give back to the reading of the
    /// input's parts ([`Parts::recycle`]).
    spare: Option<Vec<u8>>,
}

impl<'a> Run<'a> {
    fn new(
        index: usize,
        input: &'a InputFile,
        opts: Resolved,
        ui: &'a Ui,
        how: Reading,
        rule: Option<&'a GomokuRule>,
    ) -> Run<'a> {
        Run {
            index,
            input,
            opts,
            ui,
            how,
            rule,
            read: InputRead::default(),
            parts: 0,
            shift: Shift::default(),
            collapser: Collapser::new(),
            summaries: Vec::new(),
            stop: false,
            spare: None,
        }
    }

    /// True when game `number` is one `--game` selects; sets `stop` past them.
    fn selects(&mut self, number: usize) -> bool {
        match self.opts.games {
            None => true,
            Some(r) if number > r.last => {
                self.stop = true;
                false
            }
            Some(r) => r.contains(number),
        }
    }

    /// Hands on a part read by a worker or by [`read_part`].
    fn commit<T>(&mut self, out: PartOut<T>, sink: &mut dyn Sink<T>) -> Result<Flow, Fatal> {
        self.first(out.format, &out.source);
        let source = self.read.source.clone().unwrap_or_default();
        let format = self.read.format.unwrap_or(out.format);
        let before = self.read.games;
        self.read.games += out.games;
        for (i, value) in out.values.into_iter().enumerate() {
            if self.stop {
                break;
            }
            let number = before + i + 1;
            if !self.selects(number) {
                continue;
            }
            let Some(value) = value else {
                continue;
            };
            self.read.selected += 1;
            let at = GameAt {
                input: self.input,
                number,
                format,
                source: &source,
                streamed: out.after.is_some(),
            };
            if sink.value(at, value)? == Flow::Stop {
                self.stop = true;
            }
        }
        if self.opts.games.is_none() {
            self.read.selected = self.read.games;
        }
        self.diagnostics(out.diagnostics, out.text.as_deref(), out.after)?;
        Ok(self.flow())
    }

    /// Notes the format and source of the first part.
    fn first(&mut self, format: &'static Format, source: &SourceInfo) {
        if self.read.format.is_none() {
            self.read.format = Some(format);
            self.read.source = Some(source.clone());
        }
    }

    fn flow(&self) -> Flow {
        if self.stop || self.read.failure.is_some() {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }

    /// Reads a part game by game on this thread, handing each game `--game` selects
    /// to the sink ([`Want::InOrder`]).
    fn in_order<T>(&mut self, part: Part, sink: &mut dyn Sink<T>) -> Result<Flow, Fatal> {
        let whole = part.whole;
        let (lead, trail) = (part.lead, part.trail);
        let raw = part.bytes.len().saturating_sub(lead + trail);
        let input = self.input;
        let check = self.how.check;
        let rule = self.rule;
        let mut found = Vec::new();
        let mut fatal = None;
        let mut counted = self.read.games;
        let mut selected = self.read.selected;
        let mut stop = self.stop;
        let selection = self.opts.games;
        let mut hand = |source: &SourceInfo, game: &mut Game, places: kifu::Places<'_>| {
            if stop {
                return;
            }
            counted += 1;
            let number = counted;
            if selection.is_some_and(|r| number > r.last) {
                stop = true;
                return;
            }
            if !selection.is_none_or(|r| r.contains(number)) {
                return;
            }
            if let Some(rule) = rule {
                kifu::rules::renju::set_game_rule(game, rule);
            }
            selected += 1;
            if check {
                found.extend(kifu::check_game(game, places));
            }
            let item = Item {
                number,
                source,
                game,
            };
            match sink.game(input, item) {
                Ok(Flow::Continue) => {}
                Ok(Flow::Stop) => stop = true,
                Err(e) => {
                    fatal = Some(e);
                    stop = true;
                }
            }
        };
        let outcome = kifu::read_into(
            Input {
                bytes: Cow::Owned(part.bytes),
                path: input.path.as_deref(),
                format: part.format,
                encoding: part.encoding,
            },
            &mut Handing {
                source: SourceInfo::default(),
                hand: &mut hand,
            },
        );
        self.read.games = counted;
        self.read.selected = selected;
        self.stop = stop;
        let outcome = match outcome {
            Ok(o) => o,
            Err(e) => {
                self.read.failure = Some(format!("{}: {e}", input.display));
                return Ok(Flow::Stop);
            }
        };
        self.first(outcome.format, &outcome.source);
        let mut diagnostics = outcome.diagnostics;
        if !found.is_empty() {
            diagnostics.extend(found);
            diag::collapse(&mut diagnostics);
        }
        let text = unframe(&mut diagnostics, outcome.text, lead, trail);
        let after = match (&text, whole) {
            (_, true) => None,
            (Some(text), false) => Some(Shift::default().after(text, raw)),
            (None, false) => Some(Shift {
                bytes: raw,
                offset: raw,
                ..Shift::default()
            }),
        };
        self.diagnostics(diagnostics, text.as_deref(), after)?;
        if let Some(fatal) = fatal {
            return Err(fatal);
        }
        Ok(self.flow())
    }

    /// Reads a part on this thread, its games made into values on all cores
    /// ([`Want::Mapped`]), and hands them on.
    fn mapped<T: Send>(
        &mut self,
        part: Part,
        map: &Map<'_, T>,
        sink: &mut dyn Sink<T>,
    ) -> Result<Flow, Fatal> {
        let first = self.read.source.clone();
        let at = MappingAt::new(
            self.index,
            self.input,
            self.opts,
            self.rule,
            self.read.games,
            first.as_ref(),
        );
        match read_mapped(at, part, map) {
            Ok(out) => self.commit_mapped(out, sink),
            Err(reason) => {
                self.read.failure = Some(reason);
                Ok(Flow::Stop)
            }
        }
    }

    /// Reads a cut input's parts as [`Run::mapped`] does, ahead of their commit:
    /// [`MAPPED_AT_ONCE`] parts are made into values at once on the pool while this
    /// thread reads (cuts) the next one and commits the oldest, so that cutting and
    /// writing out in order take no time of the pool, and the pool, when the older
    /// part's last pieces keep one thread, has the next part's pieces for the other.
    /// Only without `--game` (every part read ahead is then wanted, unless the run
    /// stops; the games' numbers are then not needed while mapping) and with a pool of
    /// two threads or more (one thread means one). The first part is mapped alone:
    /// the later ones are made with its source. At most four parts are held: one
    /// committed, two mapped, one read.
    fn mapped_ahead<T: Send>(
        &mut self,
        parts: &mut Parts<Src>,
        first: Part,
        map: &Map<'_, T>,
        sink: &mut dyn Sink<T>,
    ) -> Result<(), Fatal> {
        let (index, input, opts, rule) = (self.index, self.input, self.opts, self.rule);
        std::thread::scope(|scope| {
            let spawn = |part: Part, before: usize, first: Option<SourceInfo>| {
                scope.spawn(move || {
                    let at = MappingAt::new(index, input, opts, rule, before, first.as_ref());
                    read_mapped(at, part, map)
                })
            };
            let mut before = self.read.games;
            let mut first_source = self.read.source.clone();
            let mut mapping = std::collections::VecDeque::with_capacity(MAPPED_AT_ONCE);
            mapping.push_back(spawn(first, before, first_source.clone()));
            // The part read and not yet mapped; the read that failed, after every
            // part read before it.
            let (mut ready, mut failed, mut read_all) = (None, None, false);
            loop {
                if ready.is_none() && !read_all {
                    match parts.next_part() {
                        Ok(Some(part)) => ready = Some(part),
                        Ok(None) => read_all = true,
                        Err(e) => (failed, read_all) = (Some(e), true),
                    }
                }
                if first_source.is_some() && mapping.len() < MAPPED_AT_ONCE {
                    if let Some(part) = ready.take() {
                        // `before` counts the games of the parts committed so far, not
                        // of those still mapped: without `--game` it is not looked at.
                        mapping.push_back(spawn(part, before, first_source.clone()));
                        continue;
                    }
                }
                let Some(oldest) = mapping.pop_front() else {
                    break;
                };
                let out = match oldest.join() {
                    Ok(Ok(out)) => out,
                    Ok(Err(reason)) => {
                        self.read.failure = Some(reason);
                        return Ok(());
                    }
                    Err(panic) => std::panic::resume_unwind(panic),
                };
                before += out.values.len();
                if first_source.is_none() {
                    first_source = Some(out.source.clone());
                }
                if mapping.len() < MAPPED_AT_ONCE {
                    if let Some(part) = ready.take() {
                        mapping.push_back(spawn(part, before, first_source.clone()));
                    }
                }
                // Parts mapped ahead and not wanted (the sink stopped) are joined by
                // the scope and dropped.
                let flow = self.commit_mapped(out, sink)?;
                if let Some(storage) = self.spare.take() {
                    parts.recycle(storage);
                }
                if flow == Flow::Stop {
                    // A read that failed right after this part is reported, as it
                    // is when reading one part at a time.
                    if !(mapping.is_empty() && ready.is_none()) {
                        failed = None;
                    }
                    break;
                }
            }
            if let Some(e) = failed {
                self.read.failure = Some(reason(input, opts, &e));
                self.read.cut_as = cut_as(&e);
            }
            Ok(())
        })
    }

    /// Hands on the values of a part read by [`read_mapped`] as [`Run::in_order`]
    /// hands on games: those `--game` selects, until the sink says stop, the games
    /// counted up to there; then the part's diagnostics.
    fn commit_mapped<T>(&mut self, out: PartOut<T>, sink: &mut dyn Sink<T>) -> Result<Flow, Fatal> {
        self.first(out.format, &out.source);
        let source = self.read.source.clone().unwrap_or_default();
        let format = self.read.format.unwrap_or(out.format);
        let selection = self.opts.games;
        let mut fatal = None;
        for value in out.values {
            if self.stop {
                break;
            }
            self.read.games += 1;
            let number = self.read.games;
            if selection.is_some_and(|r| number > r.last) {
                self.stop = true;
                break;
            }
            if !selection.is_none_or(|r| r.contains(number)) {
                continue;
            }
            let Some(value) = value else {
                continue;
            };
            self.read.selected += 1;
            let at = GameAt {
                input: self.input,
                number,
                format,
                source: &source,
                streamed: out.after.is_some(),
            };
            match sink.value(at, value) {
                Ok(Flow::Continue) => {}
                Ok(Flow::Stop) => self.stop = true,
                Err(e) => {
                    fatal = Some(e);
                    self.stop = true;
                }
            }
        }
        self.diagnostics(out.diagnostics, out.text.as_deref(), out.after)?;
        self.spare = out.storage.or(out.text.map(String::into_bytes));
        if let Some(fatal) = fatal {
            return Err(fatal);
        }
        Ok(self.flow())
    }

    /// Counts, shows and keeps a part's diagnostics, placed in the whole input;
    /// `after`: the next part's start from this one's (`None`: the input is whole).
    fn diagnostics(
        &mut self,
        mut diags: Vec<Diagnostic>,
        text: Option<&str>,
        after: Option<Shift>,
    ) -> Result<(), Fatal> {
        let shift = self.shift;
        self.parts += 1;
        if let Some(after) = after {
            self.shift = join(shift, after);
        }
        // "No game" belongs to the whole input, which has games.
        if self.read.games > 0 {
            diags.retain(|d| d.code != "sgf::no-game");
        }
        if diags.is_empty() {
            return Ok(());
        }
        // Lines are counted only when something is shown or kept.
        let shown = |d: &Diagnostic| !self.ui.quiet() || d.severity == diag::Severity::Error;
        let placed = self.how.locate || (self.how.report && diags.iter().any(shown));
        let index = text.filter(|_| placed).map(LineIndex::new);
        let source = match (text, &index) {
            (Some(t), Some(i)) if after.is_some() => Source::Part(t, i, shift),
            (Some(t), Some(i)) => Source::Text(t, i),
            _ => Source::Bytes,
        };
        for d in diags {
            self.read.counts.add(&d);
            self.read.empty |= d.code == kifu::EMPTY_RECORD;
            if after.is_none() {
                // A whole input: its list is the library's, summaries in place.
                self.emit(&d, source, None)?;
                continue;
            }
            let before = self.collapser.pending().len();
            match self.collapser.admit(d) {
                Some(d) => self.emit(&d, source, None)?,
                None => {
                    if let Some(summary) = self.collapser.pending().get(before) {
                        let mut d: Diagnostic = summary.clone();
                        d.message = COUNT_LATER.to_string();
                        d.omitted = usize::MAX;
                        let rendered = self.render(&d, source);
                        self.summaries.push(rendered);
                    }
                }
            }
        }
        Ok(())
    }

    /// A diagnostic rendered: human, or a JSON object when located.
    fn render(&self, d: &Diagnostic, source: Source<'_>) -> Option<String> {
        if self.how.locate {
            return serde_json::to_string(&diag::locate(&self.input.name, d, source)).ok();
        }
        if self.how.report {
            return self.ui.render(&self.input.display, d, source);
        }
        None
    }

    /// Shows or keeps one diagnostic (or one rendered before).
    fn emit(
        &mut self,
        d: &Diagnostic,
        source: Source<'_>,
        rendered: Option<String>,
    ) -> Result<(), Fatal> {
        if !self.how.locate && !self.how.report {
            return Ok(());
        }
        let Some(out) = rendered.or_else(|| self.render(d, source)) else {
            return Ok(());
        };
        if self.how.locate {
            self.read.located.push(out);
        } else {
            self.ui.print_rendered(&out);
        }
        Ok(())
    }

    /// Shows the summaries of what was left out (each where its first left-out
    /// diagnostic stood, now that its count is known), and gives what was read.
    fn finish(mut self) -> Result<InputRead, Fatal> {
        let collapser = std::mem::take(&mut self.collapser);
        let rendered = std::mem::take(&mut self.summaries);
        for (summary, shown) in collapser.summaries().iter().zip(rendered) {
            let Some(shown) = shown else { continue };
            let message = if self.how.locate {
                serde_json::to_string(&summary.message)
                    .unwrap_or_default()
                    .trim_matches('"')
                    .to_string()
            } else {
                summary.message.clone()
            };
            // As rendered: JSON escapes the control characters one way, the human
            // rendering (text::escape_controls) another.
            let human = kifu::text::escape_controls(COUNT_LATER);
            let placeholder = if self.how.locate {
                "\\u0001count\\u0001"
            } else {
                human.as_ref()
            };
            let out = shown.replacen(placeholder, &message, 1).replacen(
                &format!("\"omitted\":{}", usize::MAX),
                &format!("\"omitted\":{}", summary.omitted),
                1,
            );
            self.emit(summary, Source::Bytes, Some(out))?;
        }
        Ok(self.read)
    }
}

/// A part's own text and diagnostics, out of the frame it was read in
/// ([`Part::lead`], [`Part::trail`]: as long in the text as in the bytes): what the
/// reading said of the frame is left out, and positions are counted from the part's
/// own start.
fn unframe(
    diags: &mut Vec<Diagnostic>,
    text: Option<String>,
    lead: usize,
    trail: usize,
) -> Option<String> {
    if lead == 0 && trail == 0 {
        return text;
    }
    let mut text = text?;
    let end = text.len().saturating_sub(trail).max(lead);
    diags.retain(|d| d.span.start >= lead && (trail == 0 || d.span.start < end));
    for d in diags.iter_mut() {
        d.span.start -= lead;
        d.span.end = d.span.end.clamp(lead, end) - lead;
        d.byte_offset = d.byte_offset.map(|b| b.saturating_sub(lead));
    }
    // The frame is where it was put, unless a part was decoded otherwise than the
    // head (then the positions stay as read; nothing is cut mid-character).
    if text.is_char_boundary(end) && text.is_char_boundary(lead) {
        text.truncate(end);
        text.drain(..lead);
    }
    Some(text)
}

/// The shift of what follows two pieces: `first`'s, then `then` counted from the
/// second piece's start.
fn join(first: Shift, then: Shift) -> Shift {
    Shift {
        lines: first.lines + then.lines,
        columns: if then.lines > 0 {
            then.columns
        } else {
            first.columns + then.columns
        },
        offset: first.offset + then.offset,
        bytes: first.bytes + then.bytes,
    }
}

/// A sink of one closure over the games of one input read in order, for the
/// commands that read input by input ([`each_game`]).
struct Each<'a, 'e> {
    each: &'a mut (dyn FnMut(Item<'_>) -> Result<Flow, Fatal> + 'e),
    read: Option<InputRead>,
}

impl Sink<()> for Each<'_, '_> {
    fn game(&mut self, _input: &InputFile, item: Item<'_>) -> Result<Flow, Fatal> {
        (self.each)(item)
    }

    fn end(&mut self, _input: &InputFile, read: InputRead) -> Result<(), Fatal> {
        self.read = Some(read);
        Ok(())
    }
}

/// Reads one input game by game and hands each game `--game` selects to `each`, in
/// order ([`each_input`] with [`Want::InOrder`]). Stops reading once `each` says
/// [`Flow::Stop`] or the selection is behind.
pub fn each_game(
    input: &InputFile,
    opts: Resolved,
    ui: &Ui,
    how: Reading,
    each: &mut dyn FnMut(Item<'_>) -> Result<Flow, Fatal>,
) -> Result<InputRead, Fatal> {
    let mut sink = Each { each, read: None };
    each_input(
        std::slice::from_ref(input),
        opts,
        ui,
        how,
        Want::InOrder,
        false,
        &mut sink,
    )?;
    Ok(sink.read.unwrap_or_default())
}

/// A reading sink that hands each game, with its source, to a closure, never
/// stopping the reading (the closure notes when nothing more is wanted).
struct Handing<'h> {
    /// Where the games come from, as the reading tells it.
    source: SourceInfo,
    /// What each game goes to.
    hand: &'h mut dyn FnMut(&SourceInfo, &mut Game, kifu::Places<'_>),
}

impl kifu::formats::Sink for Handing<'_> {
    fn source(&mut self, source: &SourceInfo) {
        self.source = source.clone();
    }
    fn game(&mut self, game: &mut Game, places: kifu::Places<'_>) -> kifu::formats::Flow {
        (self.hand)(&self.source, game, places);
        kifu::formats::Flow::Continue
    }
}

/// Where a part read by [`read_mapped`] stands: its input, and what its games need.
struct MappingAt<'a> {
    index: usize,
    input: &'a InputFile,
    selection: Option<super::range::GameRange>,
    rule: Option<&'a GomokuRule>,
    /// Games of the input before this part.
    before: usize,
    /// The source of the input's first part, when this is a later one.
    first: Option<&'a SourceInfo>,
}

/// The reading sink of [`Want::Mapped`]: each game, its rule set, made into a value
/// by the map (in pieces on several threads when the reader reads so and no
/// `--game` asks for games by number).
struct Mapping<'a, T> {
    at: MappingAt<'a>,
    map: &'a Map<'a, T>,
    /// The source the reading told.
    told: SourceInfo,
    /// Games handed to [`kifu::formats::Sink::game`] so far.
    seen: usize,
    into: std::sync::Mutex<Vec<Option<T>>>,
}

impl MappingAt<'_> {
    /// Where a part stands.
    fn new<'a>(
        index: usize,
        input: &'a InputFile,
        opts: Resolved,
        rule: Option<&'a GomokuRule>,
        before: usize,
        first: Option<&'a SourceInfo>,
    ) -> MappingAt<'a> {
        MappingAt {
            index,
            input,
            selection: opts.games,
            rule,
            before,
            first,
        }
    }
}

impl<T: Send> Mapping<'_, T> {
    /// The value of one game.
    fn make(&self, game: &mut Game) -> T {
        #[cfg(debug_assertions)]
        threads_seen::note();
        if let Some(rule) = self.at.rule {
            kifu::rules::renju::set_game_rule(game, rule);
        }
        let source = self.at.first.unwrap_or(&self.told);
        (self.map)(self.at.index, source, game)
    }

    fn push(&self, mut made: Vec<Option<T>>) {
        self.into
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .append(&mut made);
    }
}

impl<T: Send> kifu::formats::Sink for Mapping<'_, T> {
    fn source(&mut self, source: &SourceInfo) {
        self.told = source.clone();
    }
    fn game(&mut self, game: &mut Game, _: kifu::Places<'_>) -> kifu::formats::Flow {
        self.seen += 1;
        let number = self.at.before + self.seen;
        let wanted = self.at.selection.is_none_or(|r| r.contains(number));
        let value = wanted.then(|| self.make(game));
        self.into
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(value);
        kifu::formats::Flow::Continue
    }
    fn pieces(&self) -> Option<&dyn kifu::formats::Pieces> {
        // Games are selected by number: read in order, counting them.
        match self.at.selection {
            Some(_) => None,
            None => Some(self),
        }
    }
}

impl<T: Send> kifu::formats::Pieces for Mapping<'_, T> {
    fn piece(&self) -> Box<dyn kifu::formats::Piece + '_> {
        Box::new(MappedPiece {
            owner: self,
            made: Vec::new(),
        })
    }
}

/// The values of one piece's games, kept when the piece is committed.
struct MappedPiece<'a, T> {
    owner: &'a Mapping<'a, T>,
    made: Vec<Option<T>>,
}

impl<T: Send> kifu::formats::Piece for MappedPiece<'_, T> {
    fn game(&mut self, game: &mut Game, _: &[kifu::diag::Span]) {
        self.made.push(Some(self.owner.make(game)));
    }
    fn commit(self: Box<Self>) {
        self.owner.push(self.made);
    }
}

/// Reads one part, making each game's value ([`Want::Mapped`]), on any thread.
/// `Err` holds the line to report.
fn read_mapped<T: Send>(
    at: MappingAt<'_>,
    part: Part,
    map: &Map<'_, T>,
) -> Result<PartOut<T>, String> {
    let whole = part.whole;
    let (lead, trail) = (part.lead, part.trail);
    let raw = part.bytes.len().saturating_sub(lead + trail);
    let input = at.input;
    let mut sink = Mapping {
        at,
        map,
        told: SourceInfo::default(),
        seen: 0,
        into: std::sync::Mutex::new(Vec::new()),
    };
    let outcome = kifu::read_into(
        Input {
            bytes: Cow::Owned(part.bytes),
            path: input.path.as_deref(),
            format: part.format,
            encoding: part.encoding,
        },
        &mut sink,
    )
    .map_err(|e| format!("{}: {e}", input.display))?;
    let values = sink.into.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut diagnostics = outcome.diagnostics;
    let text = unframe(&mut diagnostics, outcome.text, lead, trail);
    let after = match (&text, whole) {
        (_, true) => None,
        (Some(text), false) => Some(Shift::default().after(text, raw)),
        (None, false) => Some(Shift {
            bytes: raw,
            offset: raw,
            ..Shift::default()
        }),
    };
    let (text, storage) = match text {
        Some(text) if diagnostics.is_empty() => (None, Some(text.into_bytes())),
        text => (text, None),
    };
    Ok(PartOut {
        format: outcome.format,
        source: outcome.source,
        text,
        games: values.len(),
        values,
        diagnostics,
        after,
        storage,
    })
}

/// In debug builds, with `KIFU_REPORT_THREADS` set: the threads that made values
/// ([`Want::Mapped`]) are counted and their number printed to standard error at the
/// run's end, so tests can tell that the work was spread.
#[cfg(debug_assertions)]
mod threads_seen {
    use std::collections::HashSet;
    use std::sync::{Mutex, OnceLock};
    use std::thread::ThreadId;

    fn seen() -> Option<&'static Mutex<HashSet<ThreadId>>> {
        static SEEN: OnceLock<Option<Mutex<HashSet<ThreadId>>>> = OnceLock::new();
        SEEN.get_or_init(|| {
            std::env::var_os("KIFU_REPORT_THREADS").map(|_| Mutex::new(HashSet::new()))
        })
        .as_ref()
    }

    /// Notes the current thread.
    pub fn note() {
        if let Some(seen) = seen() {
            seen.lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(std::thread::current().id());
        }
    }

    /// Prints how many threads made values, and forgets them.
    pub fn report() {
        if let Some(seen) = seen() {
            let mut seen = seen.lock().unwrap_or_else(|e| e.into_inner());
            eprintln!("kifu: values made on {} thread(s)", seen.len());
            seen.clear();
        }
    }
}
