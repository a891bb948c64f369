//! `kifu index`: builds or updates the position index of a collection (an SQLite
//! file, `kifu::search::store`). Files whose size and time are unchanged are not
//! read; a file whose time changed but whose bytes hash alike is only touched; new
//! and changed files are read on all cores through the engine, and one writer
//! thread stores their games in the run's one transaction.

use std::collections::HashSet;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::mpsc;

use clap::Args;

use super::engine::{each_input, Flow, GameAt, InputRead, Reading, Sink, Want};
use super::inputs::{expand, InputFile};
use super::load::Resolved;
use super::output::stdout_line;
use super::{Fatal, ReadOptions, Status, Ui};
use kifu::collect::read::Needs;
use kifu::model::Game;
use kifu::search::positions::{positions, Options, Visit};
use kifu::search::store::{content_hash_of, FileRow, GameRow, Index};

/// Arguments of `kifu index`.
#[derive(Debug, Args)]
pub struct IndexArgs {
    /// Files or directories of records.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// The index to build or update (an SQLite database).
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    /// Go and gomoku: a position and its colour-swapped copy are one position.
    #[arg(long)]
    pub colours: bool,
    /// Index every line of each game tree, not only the main line.
    #[arg(long)]
    pub variations: bool,
    /// Input options.
    #[command(flatten)]
    pub read: ReadOptions,
}

/// What the writer thread is told, in order.
enum Msg {
    /// Drop a file the index holds.
    Remove(i64),
    /// A file's time changed, its bytes did not.
    Touch(i64, i64),
    /// The next games are this file's.
    File {
        path: Vec<u8>,
        size: u64,
        mtime: i64,
        hash: u64,
        format: Option<String>,
        encoding: Option<String>,
    },
    /// Games of the last file, in order (a batch: one message for many games).
    Games(Vec<(GameRow, Vec<Visit>)>),
    /// The last file could not be read to its end: drop it (the next run reads it
    /// again).
    Failed,
}

/// A file to read: its key and what the stat and the hash said.
#[derive(Clone)]
struct Fresh {
    key: Vec<u8>,
    size: u64,
    mtime: i64,
    hash: u64,
}

/// A file's size and time (nanoseconds since the epoch).
fn stat(path: &Path) -> Option<(u64, i64)> {
    let meta = std::fs::metadata(path).ok()?;
    let mtime = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX));
    Some((meta.len(), mtime))
}

/// The content hash of a file (0 when it cannot be read: reading it fails later).
fn hash_file(path: &Path) -> u64 {
    std::fs::File::open(path)
        .and_then(content_hash_of)
        .unwrap_or(0)
}

/// Hands each game's row and positions to the writer, file by file.
struct Feed<'a> {
    ui: &'a Ui,
    tx: mpsc::SyncSender<Msg>,
    /// The files to read, in the order of the inputs read.
    fresh: &'a [Fresh],
    /// The input being read.
    k: usize,
    /// Whether its file row was sent.
    sent: bool,
    failed: bool,
    games: usize,
    /// Games not sent yet (sent [`BATCH`] at a time, or once they hold
    /// [`BATCH_POSITIONS`], and before any other message).
    batch: Vec<(GameRow, Vec<Visit>)>,
    /// The positions of the games in `batch`.
    positions: usize,
}

/// Games handed to the writer in one message, at most.
const BATCH: usize = 64;

/// Positions handed to the writer in one message, about (a batch is sent once it
/// holds this many).
const BATCH_POSITIONS: usize = 8192;

/// How many messages may wait for the writer: about a position for every 8 bytes of
/// a part (a part of 32 MiB, about 15 positions for every 100 bytes of SGF: half its
/// games; 4 Mi positions, 64 MiB), at least 4. The games of a part are handed on as
/// they come and the reading goes on to the next part on all cores while the writer
/// stores them; with only a few batches waiting, the reading of a long file stopped
/// until the writer had stored all but those few of its last part's games (the two
/// took turns). Bounded by the part, not the collection.
fn waiting() -> usize {
    (super::engine::part_size() / 8 / BATCH_POSITIONS).max(4)
}

impl Feed<'_> {
    /// Sends the games held, then `msg`.
    fn send(&mut self, msg: Msg) -> Result<(), Fatal> {
        self.flush()?;
        self.post(msg)
    }

    fn post(&self, msg: Msg) -> Result<(), Fatal> {
        self.tx
            .send(msg)
            .map_err(|_| Fatal::Other("the index's writer stopped".into()))
    }

    /// Sends the games held.
    fn flush(&mut self) -> Result<(), Fatal> {
        if self.batch.is_empty() {
            return Ok(());
        }
        let games = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        self.positions = 0;
        self.post(Msg::Games(games))
    }

    fn file(&mut self, format: Option<&str>, encoding: Option<&str>) -> Result<(), Fatal> {
        if self.sent {
            return Ok(());
        }
        self.sent = true;
        let Some(f) = self.fresh.get(self.k) else {
            return Ok(());
        };
        self.send(Msg::File {
            path: f.key.clone(),
            size: f.size,
            mtime: f.mtime,
            hash: f.hash,
            format: format.map(str::to_string),
            encoding: encoding.map(str::to_string),
        })
    }
}

impl Sink<(GameRow, Vec<Visit>)> for Feed<'_> {
    fn value(&mut self, at: GameAt<'_>, value: (GameRow, Vec<Visit>)) -> Result<Flow, Fatal> {
        self.file(Some(at.format.name), at.source.encoding.as_deref())?;
        let (mut row, visits) = value;
        row.number = at.number;
        self.games += 1;
        self.positions += visits.len();
        self.batch.push((row, visits));
        if self.batch.len() >= BATCH || self.positions >= BATCH_POSITIONS {
            self.flush()?;
        }
        Ok(Flow::Continue)
    }

    fn end(&mut self, _input: &InputFile, read: InputRead) -> Result<(), Fatal> {
        let format = read.format.map(|f| f.name);
        let encoding = read.source.as_ref().and_then(|s| s.encoding.clone());
        if let Some(reason) = read.failure {
            self.ui.error(&reason);
            self.failed = true;
            if self.sent {
                self.send(Msg::Failed)?;
            }
        } else {
            self.file(format, encoding.as_deref())?;
        }
        self.k += 1;
        self.sent = false;
        Ok(())
    }
}

/// What the writer did.
struct Written {
    positions: u64,
    games: u64,
    files: u64,
}

/// The writer thread: applies the messages to the index in one transaction.
fn write(mut index: Index, opts: Options, rx: mpsc::Receiver<Msg>) -> Result<Written, String> {
    index.begin(opts)?;
    let mut file: Option<i64> = None;
    for msg in rx {
        match msg {
            Msg::Remove(id) => index.remove_file(id)?,
            Msg::Touch(id, mtime) => index.touch_file(id, mtime)?,
            Msg::File {
                path,
                size,
                mtime,
                hash,
                format,
                encoding,
            } => {
                file = Some(index.add_file(
                    &path,
                    size,
                    mtime,
                    hash,
                    format.as_deref(),
                    encoding.as_deref(),
                )?);
            }
            Msg::Games(games) => {
                if let Some(f) = file {
                    for (row, visits) in &games {
                        index.add_game(f, row, visits)?;
                    }
                }
            }
            Msg::Failed => {
                if let Some(f) = file.take() {
                    index.remove_file(f)?;
                }
            }
        }
    }
    let positions = index.finish(true)?;
    let (_, games, files) = index.counts()?;
    Ok(Written {
        positions,
        games,
        files,
    })
}

/// Runs `kifu index`.
pub fn run(args: &IndexArgs, ui: &Ui) -> Result<Status, Fatal> {
    let read_opts = Resolved::new(&args.read)?;
    let opts = Options {
        colours: args.colours,
        variations: args.variations,
    };
    let expanded = expand(&args.paths);
    if expanded.inputs.iter().any(|i| i.path.is_none()) {
        return Err(Fatal::Usage(
            "kifu index reads files and directories, not standard input".into(),
        ));
    }
    let index = Index::open(&args.output)
        .map_err(|e| Fatal::Other(format!("{}: {e}", args.output.display())))?;
    let known = index.files().map_err(Fatal::Other)?;
    // Other options than the index was built with: every file is read again.
    let same_options = index
        .options()
        .map_err(Fatal::Other)?
        .is_none_or(|o| o == opts);
    let mut removes: Vec<i64> = Vec::new();
    let mut touches: Vec<(i64, i64)> = Vec::new();
    let mut to_read: Vec<(InputFile, Fresh, bool)> = Vec::new();
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    let mut unchanged = 0usize;
    for input in &expanded.inputs {
        let Some(path) = &input.path else { continue };
        let key = std::path::absolute(path)
            .unwrap_or_else(|_| path.clone())
            .as_os_str()
            .as_bytes()
            .to_vec();
        if !seen.insert(key.clone()) {
            continue;
        }
        let (size, mtime) = stat(path).unwrap_or((0, 0));
        let old: Option<&FileRow> = known.get(&key);
        match old {
            Some(o) if same_options && o.size == size && o.mtime == mtime => {
                unchanged += 1;
                continue;
            }
            _ => {}
        }
        // Hashed below, in parallel, when the size is the old one.
        to_read.push((
            input.clone(),
            Fresh {
                key,
                size,
                mtime,
                hash: 0,
            },
            old.is_some_and(|o| same_options && o.size == size),
        ));
    }
    {
        use rayon::prelude::*;
        to_read.par_iter_mut().for_each(|(input, fresh, _)| {
            if let Some(p) = &input.path {
                fresh.hash = hash_file(p);
            }
        });
    }
    let mut reading: Vec<(InputFile, Fresh)> = Vec::new();
    for (input, fresh, maybe_same) in to_read {
        let old = known.get(&fresh.key);
        if let Some(o) = old {
            if maybe_same && o.hash == fresh.hash {
                touches.push((o.id, fresh.mtime));
                unchanged += 1;
                continue;
            }
            removes.push(o.id);
        }
        reading.push((input, fresh));
    }
    let mut gone = 0usize;
    for (key, row) in &known {
        if !seen.contains(key) {
            removes.push(row.id);
            gone += 1;
        }
    }
    let (inputs, fresh): (Vec<InputFile>, Vec<Fresh>) = reading.into_iter().unzip();
    let (tx, rx) = mpsc::sync_channel::<Msg>(waiting());
    let writer = std::thread::spawn(move || write(index, opts, rx));
    let mut feed = Feed {
        ui,
        tx,
        fresh: &fresh,
        k: 0,
        sent: false,
        failed: false,
        games: 0,
        batch: Vec::with_capacity(BATCH),
        positions: 0,
    };
    let mut outcome = Ok(());
    for id in removes {
        if feed.send(Msg::Remove(id)).is_err() {
            break;
        }
    }
    for (id, mtime) in touches {
        if feed.send(Msg::Touch(id, mtime)).is_err() {
            break;
        }
    }
    let each = move |g: &mut Game| {
        let row = GameRow::of(g, 0);
        // A main line has a position a move and one at its end: reserved exactly, so
        // that a part's games held at once hold no spare capacity.
        let mut visits = Vec::with_capacity(if opts.variations { 0 } else { row.moves + 2 });
        positions(g, opts, &mut visits);
        visits.shrink_to_fit();
        (row, visits)
    };
    if !inputs.is_empty() {
        outcome = each_input(
            &inputs,
            read_opts,
            ui,
            Reading::default(),
            Want::Values(Needs::Moves, &each),
            true,
            &mut feed,
        );
    }
    let outcome = outcome.and(feed.flush());
    let Feed {
        tx, failed, games, ..
    } = feed;
    drop(tx);
    let written = writer
        .join()
        .map_err(|_| Fatal::Other("the index's writer failed".into()))?;
    let written = written.map_err(|e| Fatal::Other(format!("{}: {e}", args.output.display())))?;
    outcome?;
    stdout_line(&format!(
        "{} file(s) read ({games} games), {unchanged} unchanged, {gone} removed; the index holds {} file(s), {} game(s), {} position(s)",
        inputs.len(),
        written.files,
        written.games,
        written.positions
    ))?;
    expanded.note_skipped(ui, args.read.verbose);
    Ok(Status::from_failed(failed))
}
