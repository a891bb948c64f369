//! Reading inputs game by game, for every command that reads records: `convert`,
//! `info`, `show`, `split`, `merge` (and `validate -`, which shares the cutting of
//! standard input). An SGF collection in UTF-8, in a file or on standard input, is
//! cut between its game trees as it arrives ([`Format::cut`]) into parts of about
//! [`PART`] bytes, and each part is read game by game ([`kifu::read_in_order`]): memory
//! holds one part and one game, whatever the file's length. NDJSON is read game by
//! game within its part too. Every other input (other formats, and SGF in Shift_JIS,
//! GBK, Big5 or UTF-16, whose bytes cannot be cut by a byte scan) is read whole, as
//! before: those files hold one game, or few.
//!
//! `--game N|A..B` is applied here, once, for every command.

use std::io::Read;

use super::inputs::{fill, problem_of, too_large, Filled, InputFile, RegularFile};
use super::load::Resolved;
use super::{ByteSize, Fatal, Ui};
use kifu::diag::{Counts, Shift};
use kifu::formats::{self, Format, SourceInfo};
use kifu::model::{Game, GomokuRule};
use kifu::text::TextEncoding;
use kifu::Input;

/// How much of an input is read at a time: input that ends within this is read
/// whole, exactly as before.
pub const PART: usize = 16 << 20;

/// How an input read part by part ended.
pub enum Parts {
    /// It is not an SGF collection that can be cut, or it ended within its first
    /// part: here it is, whole, to read as one.
    Whole(Vec<u8>),
    /// It was handed on part by part.
    Cut,
}

/// Whether to read on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Read on.
    Continue,
    /// Nothing more is wanted: stop reading.
    Stop,
}

/// Reads `reader` part by part: a collection that its format can cut
/// ([`Format::cut`]: SGF in UTF-8) is handed to `on_part` in parts of whole games of
/// about `part` bytes; anything else comes back whole ([`Parts::Whole`]). `limit` (standard input's
/// `--max-game-size`) bounds what may be read without a complete game, or for a
/// record read whole; files have none. `Ok(Err((reason, format)))`: the input could
/// not be read to its end (after the parts already handed on), with the format it
/// was being cut as, if it was.
pub fn read_parts(
    reader: &mut impl Read,
    display: &str,
    format: Option<&'static Format>,
    encoding: Option<TextEncoding>,
    part: usize,
    limit: Option<ByteSize>,
    on_part: &mut dyn FnMut(&'static Format, Vec<u8>) -> Result<Flow, Fatal>,
) -> Result<Result<Parts, (String, Option<&'static Format>)>, Fatal> {
    let max = limit.map_or(usize::MAX, |l| l.0);
    let part = part.min(max);
    let cannot = |e: std::io::Error| format!("{display}: cannot read: {e}");
    let mut buf = Vec::new();
    match fill(reader, &mut buf, part) {
        Ok(Filled::Ended) => return Ok(Ok(Parts::Whole(buf))),
        Ok(Filled::Full) => {}
        Err(e) => return Ok(Err((cannot(e), None))),
    }
    let cutting = format
        .or_else(|| formats::sniff(&buf))
        .and_then(|f| f.cut.map(|cut| (f, cut)))
        .filter(|(_, cut)| (cut.cuttable)(&buf, encoding));
    let Some((format, cutting)) = cutting else {
        // One record: read whole, within the limit.
        return Ok(match fill(reader, &mut buf, max) {
            Ok(Filled::Ended) => Ok(Parts::Whole(buf)),
            Ok(Filled::Full) => Err((
                limit.map_or_else(
                    || format!("{display}: too large to read"),
                    |l| too_large(display, l),
                ),
                None,
            )),
            Err(e) => Err((cannot(e), None)),
        });
    };
    let mut cuts = (cutting.boundaries)();
    let mut parts = 0usize;
    loop {
        cuts.scan(&buf);
        if buf.len() > part {
            if let Some(cut) = cuts.cut() {
                let rest = buf.split_off(cut);
                let done = std::mem::replace(&mut buf, rest);
                cuts.drop_front(cut);
                parts += 1;
                if on_part(format, done)? == Flow::Stop {
                    return Ok(Ok(Parts::Cut));
                }
            } else if buf.len() > max {
                let size = limit.map_or_else(|| "its limit".to_string(), |l| l.to_string());
                return Ok(Err((
                    format!(
                        "{display}: more than {size} of standard input without a complete game; give a larger --max-game-size"
                    ),
                    Some(format),
                )));
            }
        }
        // Read on: to a part's worth, or further while no game has ended.
        let upto = if buf.len() > part {
            buf.len().saturating_add(part).min(max)
        } else {
            part
        };
        match fill(reader, &mut buf, upto) {
            Ok(Filled::Full) => {}
            Ok(Filled::Ended) => break,
            Err(e) => return Ok(Err((cannot(e), Some(format)))),
        }
    }
    // The rest: read unless it is only blanks after some games.
    if parts == 0 || !buf.iter().all(u8::is_ascii_whitespace) {
        on_part(format, buf)?;
    }
    Ok(Ok(Parts::Cut))
}

/// The games `--game` selects: numbers from 1, both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRange {
    /// The first game selected.
    pub first: usize,
    /// The last game selected (`usize::MAX`: to the end).
    pub last: usize,
}

impl GameRange {
    /// True when game `n` (from 1) is selected.
    pub fn contains(&self, n: usize) -> bool {
        self.first <= n && n <= self.last
    }
}

impl std::fmt::Display for GameRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.first, self.last) {
            (a, b) if a == b => write!(f, "{a}"),
            (a, usize::MAX) => write!(f, "{a}.."),
            (a, b) => write!(f, "{a}..{b}"),
        }
    }
}

/// Parses `N`, `A..B`, `A..` or `..B` (numbers from 1).
pub fn parse_game_range(s: &str) -> Result<GameRange, String> {
    let bad = || format!("{s:?} is not a game: give N, A..B, A.. or ..B (games count from 1)");
    let number = |t: &str| -> Result<usize, String> {
        match t.trim().parse::<usize>() {
            Ok(n) if n >= 1 => Ok(n),
            _ => Err(bad()),
        }
    };
    let range = match s.split_once("..") {
        None => {
            let n = number(s)?;
            GameRange { first: n, last: n }
        }
        Some((a, b)) => GameRange {
            first: if a.trim().is_empty() { 1 } else { number(a)? },
            last: if b.trim().is_empty() {
                usize::MAX
            } else {
                number(b)?
            },
        },
    };
    if range.first > range.last {
        return Err(format!("{s:?} is an empty range of games"));
    }
    Ok(range)
}

/// One game of an input, as it is read.
pub struct Item<'a> {
    /// Its number in its input, from 1.
    pub number: usize,
    /// Where it was read from (format, encoding).
    pub source: &'a SourceInfo,
    /// The game, lent: it is dropped after the call.
    pub game: &'a mut Game,
    /// True when the input is read in parts (a large SGF collection): how many
    /// games it holds is not known until its end.
    pub streamed: bool,
}

/// What reading one input game by game gave, besides the games.
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
}

/// What [`each_game`] does besides handing games on.
#[derive(Debug, Clone, Copy)]
pub struct Reading {
    /// Print the diagnostics to standard error as each part is read.
    pub report: bool,
    /// Check each game by its rules (as `kifu validate` does), adding the findings
    /// to the diagnostics.
    pub check: bool,
    /// Keep each diagnostic, located in the whole input, as a JSON object
    /// ([`InputRead::located`], for `validate --json`).
    pub locate: bool,
}

/// Reads one input game by game and hands each game `--game` selects to `each`, in
/// order. Stops reading once `each` says [`Flow::Stop`] or the selection is behind.
pub fn each_game(
    input: &InputFile,
    opts: Resolved,
    ui: &Ui,
    how: Reading,
    each: &mut dyn FnMut(Item<'_>) -> Result<Flow, Fatal>,
) -> Result<InputRead, Fatal> {
    let mut read = InputRead::default();
    if let Some(problem) = problem_of(input) {
        read.failure = Some(problem);
        return Ok(read);
    }
    let rule = opts.rule.map(GomokuRule::from_name);
    let mut state = State {
        input,
        opts,
        ui,
        how,
        rule,
        shift: Shift::default(),
        fatal: None,
        stop: false,
        read: &mut read,
        each,
    };
    let hint = opts
        .format
        .or_else(|| input.path.as_deref().and_then(formats::by_extension));
    let cut = match &input.path {
        Some(path) => {
            let mut file = match RegularFile::open(path, input.place.as_deref()) {
                Ok(file) => file,
                Err(e) => {
                    state.read.failure = Some(format!("{}: cannot read: {e}", input.display));
                    return Ok(read);
                }
            };
            read_parts(
                &mut file,
                &input.display,
                hint,
                opts.encoding,
                PART,
                None,
                &mut |format, bytes| state.part(Some(format), bytes, true),
            )?
        }
        None => read_parts(
            &mut std::io::stdin().lock(),
            &input.display,
            hint,
            opts.encoding,
            PART,
            Some(opts.max_game_size),
            &mut |format, bytes| state.part(Some(format), bytes, true),
        )?,
    };
    match cut {
        Ok(Parts::Whole(bytes)) => {
            state.part(opts.format, bytes, false)?;
        }
        Ok(Parts::Cut) => {}
        Err((reason, _)) => state.read.failure = Some(reason),
    }
    if let Some(fatal) = state.fatal.take() {
        return Err(fatal);
    }
    Ok(read)
}

/// The reading of one input, across its parts.
struct State<'a, 'e> {
    input: &'a InputFile,
    opts: Resolved,
    ui: &'a Ui,
    how: Reading,
    rule: Option<GomokuRule>,
    /// Where the next part starts in the whole input.
    shift: Shift,
    /// What stopped the run inside a game's handling.
    fatal: Option<Fatal>,
    /// Nothing more is wanted.
    stop: bool,
    read: &'a mut InputRead,
    each: &'a mut (dyn FnMut(Item<'_>) -> Result<Flow, Fatal> + 'e),
}

impl State<'_, '_> {
    /// Reads one part (or the whole input) and hands its games on.
    fn part(
        &mut self,
        format: Option<&'static Format>,
        bytes: Vec<u8>,
        streamed: bool,
    ) -> Result<Flow, Fatal> {
        if self.stop || self.read.failure.is_some() {
            return Ok(Flow::Stop);
        }
        let first = self.read.format.is_none();
        let shift = self.shift;
        self.shift = shift.after_bytes(&bytes, bytes.len());
        let selection = self.opts.games;
        let rule = &self.rule;
        let each = &mut *self.each;
        let fatal = &mut self.fatal;
        let stop = &mut self.stop;
        let counted = &mut self.read.games;
        let selected = &mut self.read.selected;
        let check = self.how.check;
        let mut found = Vec::new();
        let mut hand = |source: &SourceInfo, game: &mut Game, places: kifu::Places<'_>| {
            if *stop {
                return;
            }
            *counted += 1;
            let number = *counted;
            if selection.is_some_and(|r| number > r.last) {
                *stop = true;
                return;
            }
            if !selection.is_none_or(|r| r.contains(number)) {
                return;
            }
            if let Some(rule) = rule {
                kifu::rules::renju::set_game_rule(game, rule);
            }
            *selected += 1;
            if check {
                found.extend(kifu::check_game(game, places));
            }
            match each(Item {
                number,
                source,
                game,
                streamed,
            }) {
                Ok(Flow::Continue) => {}
                Ok(Flow::Stop) => *stop = true,
                Err(e) => {
                    *fatal = Some(e);
                    *stop = true;
                }
            }
        };
        let outcome = kifu::read_in_order(
            bytes,
            &Input {
                bytes: (&[]).into(),
                path: self.input.path.as_deref(),
                format,
                encoding: self.opts.encoding,
            },
            &mut hand,
        );
        let outcome = match outcome {
            Ok(o) => o,
            Err(e) => {
                self.read.failure = Some(format!("{}: {e}", self.input.display));
                return Ok(Flow::Stop);
            }
        };
        let mut diagnostics = outcome.diagnostics;
        if !found.is_empty() {
            diagnostics.extend(found);
            kifu::diag::collapse(&mut diagnostics);
        }
        // "No game" belongs to the whole input, which has games.
        if !first || self.read.games > 0 {
            diagnostics.retain(|d| {
                !(d.code == kifu::diag::codes::SGF_NO_GAME.name && self.read.games > 0)
            });
        }
        if first {
            self.read.format = Some(outcome.format);
            self.read.source = Some(outcome.source);
        }
        for d in &diagnostics {
            self.read.counts.add(d);
        }
        if self.how.locate {
            let text = outcome.text.as_deref();
            let index = text.map(kifu::text::LineIndex::new);
            for d in &diagnostics {
                let source = match (text, &index) {
                    (Some(t), Some(i)) if shift != Shift::default() => {
                        kifu::diag::Source::Part(t, i, shift)
                    }
                    (Some(t), Some(i)) => kifu::diag::Source::Text(t, i),
                    _ => kifu::diag::Source::Bytes,
                };
                let located = kifu::diag::locate(&self.input.name, d, source);
                if let Ok(value) = serde_json::to_string(&located) {
                    self.read.located.push(value);
                }
            }
        }
        if self.how.report {
            let shift = (shift != Shift::default()).then_some(shift);
            self.ui.diagnostics_in_part(
                &self.input.display,
                outcome.text.as_deref(),
                &diagnostics,
                shift,
            );
        }
        if let Some(fatal) = self.fatal.take() {
            return Err(fatal);
        }
        Ok(if self.stop {
            Flow::Stop
        } else {
            Flow::Continue
        })
    }
}

/// Where a streamed output goes: standard output as it is written, a file through
/// its exclusive temporary file (renamed over the file at the end, removed if the
/// run fails), or memory, for output that must wait for the whole input (a format
/// holding one game, `--strict` to standard output). A file that cannot be written
/// (a full disk) fails its input, not the run: the first error is kept, later
/// writes are skipped, and [`Output::commit`] reports it.
pub enum Output {
    /// Standard output.
    Stdout,
    /// A file being staged (or an output written directly: a device, a FIFO), and
    /// the first error writing it.
    File(kifu::fsio::OutputWriter, Option<String>),
    /// Held until the end, then written to the inner output.
    Held(Vec<u8>, Box<Output>),
    /// A file being staged in an open directory of an output tree (`--out-dir`,
    /// reached without following links), its path for messages, and the first error
    /// writing it.
    InDir(
        std::io::BufWriter<kifu::fsio::DirTemp>,
        std::path::PathBuf,
        Option<String>,
    ),
}

impl Output {
    /// Standard output, or a file staged beside `path`; `Ok(Err(reason))` when the
    /// file cannot be created.
    pub fn open(path: Option<&std::path::Path>) -> Result<Output, String> {
        match path {
            None => Ok(Output::Stdout),
            Some(p) => kifu::fsio::OutputWriter::staged(p)
                .map(|s| Output::File(s, None))
                .map_err(|e| format!("cannot write {}: {e}", p.display())),
        }
    }

    /// Standard output, or the output named with `-o` (see
    /// [`kifu::fsio::OutputTarget`]: a device, FIFO or descriptor name written
    /// directly, a link through to its target, a file staged beside it); stale
    /// temporary files where it is staged are removed first.
    pub fn open_named(path: Option<&std::path::Path>, ui: &super::Ui) -> Result<Output, String> {
        let Some(p) = path else {
            return Ok(Output::Stdout);
        };
        let fail = |e: std::io::Error| format!("cannot write {}: {e}", p.display());
        let target = super::output::resolve_named(p).map_err(fail)?;
        super::output::note_swept(target.sweep_stale(), ui);
        target.open().map(|w| Output::File(w, None)).map_err(fail)
    }

    /// A file `relative` below the output directory `root`, staged in its directory:
    /// the root is opened as named, each directory below it is made where missing and
    /// entered without following a link ([`kifu::fsio::make_path`]), so a directory
    /// swapped for a link is never written through. `Err(reason)` when it cannot be.
    /// Directories are opened once per run, in `tree`.
    pub fn open_in(
        tree: &mut kifu::fsio::OutTree,
        root: &std::path::Path,
        relative: &std::path::Path,
    ) -> Result<Output, String> {
        let shown = root.join(relative);
        let staged = tree.stage(relative).map_err(|e| match e {
            kifu::fsio::ReachError::Changed => format!(
                "cannot write {}: changed during the run; left untouched",
                shown.display()
            ),
            kifu::fsio::ReachError::Io(e) => format!("cannot write {}: {e}", shown.display()),
        })?;
        Ok(Output::InDir(
            std::io::BufWriter::with_capacity(256 << 10, staged),
            shown,
            None,
        ))
    }

    /// Ends a file staged in an output tree without making it durable or renaming
    /// it: its mode and owner are set as the file it replaces had them, and it is
    /// closed, to be made durable with others ([`kifu::fsio::sync_dir_closed`]: one
    /// `syncfs` a batch) and renamed after. Any other output is committed now
    /// ([`Output::commit`]) and gives `None`.
    pub fn close_staged(self) -> Result<Result<Option<kifu::fsio::DirClosed>, String>, Fatal> {
        match self {
            Output::InDir(_, _, Some(failed)) => Ok(Err(failed)),
            Output::InDir(out, shown, None) => {
                let cannot =
                    |e: &dyn std::fmt::Display| format!("cannot write {}: {e}", shown.display());
                let staged = out.into_inner().map_err(|e| cannot(e.error()));
                Ok(staged.and_then(|staged| {
                    staged
                        .finish(&staged.keep_of_dest())
                        .map_err(|e| cannot(&e))?;
                    Ok(Some(staged.close()))
                }))
            }
            other => Ok(other.commit()?.map(|()| None)),
        }
    }

    /// Writes (or holds) bytes. A closed standard output stops the run.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), Fatal> {
        use std::io::Write;
        match self {
            Output::Stdout => super::output::stdout_bytes(bytes),
            Output::File(staging, failed) => {
                if failed.is_none() {
                    if let Err(e) = staging.write_all(bytes) {
                        // A pipe named with -o (`/dev/stdout`, `>(cmd)`) whose reader
                        // left stops the run quietly, as standard output does.
                        if e.kind() == std::io::ErrorKind::BrokenPipe {
                            return Err(Fatal::BrokenPipe);
                        }
                        *failed = Some(format!("cannot write {}: {e}", staging.dest().display()));
                    }
                }
                Ok(())
            }
            Output::Held(held, _) => {
                held.extend_from_slice(bytes);
                Ok(())
            }
            Output::InDir(out, shown, failed) => {
                if failed.is_none() {
                    if let Err(e) = out.write_all(bytes) {
                        *failed = Some(format!("cannot write {}: {e}", shown.display()));
                    }
                }
                Ok(())
            }
        }
    }

    /// True when what is written goes out at once and cannot be taken back:
    /// standard output, or a device, FIFO or descriptor named with `-o`.
    pub fn is_direct(&self) -> bool {
        match self {
            Output::Stdout => true,
            Output::File(w, _) => matches!(w, kifu::fsio::OutputWriter::Direct { .. }),
            Output::Held(..) | Output::InDir(..) => false,
        }
    }

    /// True when a file could not be written: nothing more is worth writing.
    pub fn failed(&self) -> bool {
        match self {
            Output::File(_, failed) | Output::InDir(_, _, failed) => failed.is_some(),
            Output::Stdout | Output::Held(..) => false,
        }
    }

    /// Writes what was held and renames a staged file over its destination;
    /// `Ok(Err(reason))` when the file could not be written (it is then removed,
    /// and whatever was at its name is as it was).
    pub fn commit(self) -> Result<Result<(), String>, Fatal> {
        match self {
            Output::Stdout => Ok(Ok(())),
            Output::File(_, Some(failed)) => Ok(Err(failed)),
            Output::File(staging, None) => {
                let dest = staging.dest().to_path_buf();
                match staging.commit() {
                    Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Fatal::BrokenPipe),
                    done => Ok(done.map_err(|e| format!("cannot write {}: {e}", dest.display()))),
                }
            }
            Output::Held(held, mut inner) => {
                inner.write(&held)?;
                inner.commit()
            }
            Output::InDir(_, _, Some(failed)) => Ok(Err(failed)),
            Output::InDir(out, shown, None) => {
                let cannot =
                    |e: &dyn std::fmt::Display| format!("cannot write {}: {e}", shown.display());
                let staged = out.into_inner().map_err(|e| cannot(e.error()));
                Ok(staged.and_then(|staged| {
                    staged
                        .finish(&staged.keep_of_dest())
                        .map_err(|e| cannot(&e))?;
                    staged.sync().map_err(|e| cannot(&e))?;
                    staged.commit(None).map_err(|e| cannot(&e))
                }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{parse_game_range, GameRange};

    #[test]
    fn game_ranges_take_one_number_or_two_ends() {
        let r = |first, last| Ok(GameRange { first, last });
        assert_eq!(parse_game_range("3"), r(3, 3));
        assert_eq!(parse_game_range("2..5"), r(2, 5));
        assert_eq!(parse_game_range("4.."), r(4, usize::MAX));
        assert_eq!(parse_game_range("..7"), r(1, 7));
        assert!(parse_game_range("0").is_err());
        assert!(parse_game_range("5..2").is_err());
        assert!(parse_game_range("x").is_err());
        assert!(parse_game_range("1..2..3").is_err());
        assert_eq!(
            parse_game_range("2..").map(|g| g.to_string()),
            Ok("2..".to_string())
        );
    }
}
