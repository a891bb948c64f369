//! `kifu split`: one file per game (or, with `--variations`, per line of play).
//!
//! Names: the input's file stem, `-`, the game's number zero-padded, the target's
//! extension (`bench-0001.sgf`); with `--variations`, the line's number after it
//! (`bench-0001-01.sgf`, the main line first). So that names sort in game order the
//! width is fixed before the first file is written: an input read whole (one that
//! ends within its first 16 MiB part) is held until its games are counted, and its
//! width is the count's digits, at least 4; an input streamed in parts (larger, its
//! count unknown until its end) gets 6 digits, enough for 999,999 games, and wider
//! numbers only past that. Lines of play take the digits of their game's count of
//! lines, at least 2. Names are made of the input's bytes, never of a lossy string.
//!
//! Nothing is overwritten that this run wrote: two inputs with one stem (`in/a/g.sgf`
//! and `in/b/g.sgf`, `-` and `stdin.sgf`) are refused before anything is written,
//! naming both (a stem collision implies a name collision, and only one does: every
//! name has as many `-NUMBER` parts after its stem); so is an input in the output
//! directory named as another input's file would be. Each game's files are written
//! on any thread and handed on, in order, to the thread that names them, which
//! stages each in a temporary file beside its destination and closes it: one thread
//! creates the files of the directory, so creations do not wait on each other for
//! it (on ext4 they do, and a creation can cost hundreds of microseconds), and they
//! go on while the next games are read. Past [`HELD`] bytes of one game's files
//! (its lines of play, with `--variations`) the rest are staged as they are written,
//! so what is held stays bounded however many lines there are. When the names are
//! known (an input's end, or every [`BATCH`] files of an input streamed in parts)
//! the files are made durable by one `syncfs` and renamed into place. A failed
//! write (a full disk) fails the input: exit 1, its staged files removed.

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use super::engine::{each_input, Begin, GameAt, PartSize, Sink, Want};
use super::inputs::{expand, InputFile};
use super::load::Resolved;
use super::progress;
use super::stream::{Flow, InputRead, Reading};
use super::{encoding_arg, format_arg, Fatal, ReadOptions, Status, Ui};
use kifu::formats::analysis::writing::{AnalysisMode, Stripped};
use kifu::formats::{Format, SourceInfo, WriteOptions};
use kifu::fsio::{Dir, DirClosed};
use kifu::model::{Game, NodeId};
use kifu::GameWriter;
use std::sync::Arc;

/// Arguments of `kifu split`.
#[derive(Debug, Args)]
pub struct SplitArgs {
    /// Input files or directories (`-` for standard input).
    #[arg(required = true, value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,
    /// The directory the games are written to (created if needed).
    #[arg(long, value_name = "DIR")]
    pub out_dir: PathBuf,
    /// The format of the files (default: each input's own).
    #[arg(short = 't', long = "to", value_name = "FORMAT")]
    pub to: Option<String>,
    /// Split each game further into its lines of play: every path from the root to
    /// a leaf becomes a game of its own (sgfvarsplit).
    #[arg(long)]
    pub variations: bool,
    /// Encoding of the files (default: the format's usual one).
    #[arg(long, value_name = "ENC")]
    pub output_encoding: Option<String>,
    /// Input options.
    #[command(flatten)]
    pub read: ReadOptions,
    /// Engine analysis: keep (each evaluation in its own program's convention when
    /// the target holds it, else the target's usual one), strip (none written; how
    /// many went is told), or as=PROGRAM (lizzie, sabaki, ogatak, shogihome, kif,
    /// floodgate, katago).
    #[arg(long, value_name = "MODE", default_value = "keep", value_parser = super::analysis::parse)]
    pub analysis: kifu::formats::analysis::writing::AnalysisMode,
}

/// The width of numbers in the names of an input streamed in parts.
pub const STREAMED_WIDTH: usize = 6;

/// The narrowest width of game numbers.
const MIN_WIDTH: usize = 4;

/// Runs `kifu split`.
pub fn run(args: &SplitArgs, ui: &Ui) -> Result<Status, Fatal> {
    let opts = Resolved::new(&args.read)?;
    let target = format_arg(args.to.as_deref())?;
    let encoding = encoding_arg(args.output_encoding.as_deref())?;
    let expanded = expand(&args.inputs);
    let stems: Vec<OsString> = expanded.inputs.iter().map(stem_of).collect();
    refuse_collisions(&expanded.inputs, &stems, &args.out_dir, args.variations)?;
    let stale = kifu::fsio::remove_stale_in(&args.out_dir, false);
    if stale > 0 {
        ui.note(&format!(
            "removed {stale} temporary file(s) left by an interrupted run"
        ));
    }
    // The directory is opened once (following a link there: the user named it), and
    // every file is staged and renamed in it through that handle: a directory swapped
    // for a link during the run is never written through.
    let dir = kifu::fsio::make_path(&args.out_dir, [])
        .map(Arc::new)
        .map_err(|e| {
            Fatal::Other(format!(
                "cannot write under {}: {e}",
                args.out_dir.display()
            ))
        })?;
    super::inputs::pause_after_walk();
    let out = Out {
        dir: &dir,
        shown: &args.out_dir,
    };
    // Each game is written and staged in its temporary file on any thread; the
    // files are named and put in place in order.
    let variations = args.variations;
    let made = |i: usize, source: &SourceInfo, game: &mut Game| -> Made {
        let stem = stems
            .get(i)
            .map_or(OsStr::new("stdin"), OsString::as_os_str);
        make(
            out,
            stem,
            Writing {
                target,
                encoding,
                analysis: args.analysis,
            },
            variations,
            source,
            game,
        )
    };
    let mut splitting = Splitting {
        out,
        stems: &stems,
        ui,
        current: None,
        failed: false,
    };
    let reading = Reading {
        report: true,
        check: false,
        locate: false,
    };
    each_input(
        &expanded.inputs,
        opts,
        ui,
        reading,
        Want::Mapped(&made, PartSize::Default),
        false,
        &mut splitting,
    )?;
    expanded.note_skipped(ui, args.read.verbose);
    Ok(Status::from_failed(splitting.failed))
}

/// The stem of an input's file names, from the path's bytes: its file stem, or
/// `stdin` for standard input.
fn stem_of(input: &InputFile) -> OsString {
    input
        .path
        .as_deref()
        .and_then(Path::file_stem)
        .map_or_else(|| OsString::from("stdin"), OsStr::to_os_string)
}

/// Refuses, before anything is written, two inputs whose files would have one stem
/// (and so, for some game, one name), as `convert` refuses two inputs written to one
/// output: exit 2, naming both.
fn refuse_collisions(
    inputs: &[InputFile],
    stems: &[OsString],
    dir: &Path,
    variations: bool,
) -> Result<(), Fatal> {
    let mut by_stem: HashMap<&OsStr, &InputFile> = HashMap::new();
    let mut problems = Vec::new();
    for (input, stem) in inputs.iter().zip(stems) {
        if let Some(first) = by_stem.insert(stem, input) {
            let mut pattern = stem.clone();
            pattern.push("-*");
            problems.push(format!(
                "{} and {} would both be written to {}",
                first.display,
                input.display,
                dir.join(pattern).display()
            ));
        }
    }
    // An input in DIR named as another input's file would be (`g-0001.sgf` beside
    // `g.sgf`): refused as `convert` refuses an output over an input.
    let dir_id = file_id(dir);
    for input in inputs {
        let Some(path) = input.path.as_deref() else {
            continue;
        };
        let parent = match path.parent().filter(|p| !p.as_os_str().is_empty()) {
            Some(p) => p,
            None => Path::new("."),
        };
        if dir_id.is_none() || file_id(parent) != dir_id {
            continue;
        }
        let owner = path
            .file_stem()
            .and_then(|s| stem_of_name(s, variations))
            .and_then(|s| by_stem.get(s));
        if let Some(other) = owner {
            problems.push(format!(
                "{} would be written to {}, which is the input {}",
                other.display,
                dir.join(path.file_name().unwrap_or_default()).display(),
                input.display
            ));
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    Err(Fatal::Usage(format!(
        "nothing written: {}; split them separately or into different directories",
        problems.join("; ")
    )))
}

/// The stem a file name of this command would come from: `g` for `g-0001` (and,
/// with `--variations`, for `g-0001-01`), `None` for any other name.
fn stem_of_name(name: &OsStr, variations: bool) -> Option<&OsStr> {
    let bytes = name.as_encoded_bytes();
    let mut len = bytes.len();
    let groups: &[usize] = if variations {
        &[2, MIN_WIDTH]
    } else {
        &[MIN_WIDTH]
    };
    for &min in groups {
        let rest = bytes.get(..len)?;
        let dash = rest.iter().rposition(|&b| b == b'-')?;
        let digits = rest.get(dash + 1..)?;
        if digits.len() < min || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        len = dash;
    }
    os_prefix(name, len)
}

/// The first `len` bytes of a name (cut before an ASCII `-`).
#[cfg(unix)]
fn os_prefix(name: &OsStr, len: usize) -> Option<&OsStr> {
    use std::os::unix::ffi::OsStrExt;
    name.as_bytes().get(..len).map(OsStr::from_bytes)
}

/// The first `len` bytes of a name that is Unicode (cut before an ASCII `-`).
#[cfg(not(unix))]
fn os_prefix(name: &OsStr, len: usize) -> Option<&OsStr> {
    name.to_str().and_then(|s| s.get(..len)).map(OsStr::new)
}

/// The (device, inode) of an existing file or directory.
#[cfg(unix)]
fn file_id(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// Directories are not told apart where there are no inodes.
#[cfg(not(unix))]
fn file_id(_path: &Path) -> Option<(u64, u64)> {
    None
}

/// Files staged under a run's output directory, waiting for their names.
const BATCH: usize = 4096;

/// The bytes of one game's files held for the naming thread to stage; past them,
/// the game's further files are staged where they are written.
const HELD: usize = 1 << 20;

/// One of a game's files as it is handed on: its bytes, to be staged by the thread
/// that names it, or (past [`HELD`]) staged already.
enum GameFile {
    Bytes(Vec<u8>),
    Staged(DirClosed),
}

/// One file waiting for its name: its game number, its line number (with
/// `--variations`) and line count, its extension, and its closed temporary file.
struct Piece {
    game: usize,
    line: Option<(usize, usize)>,
    ext: &'static str,
    file: DirClosed,
}

/// The output directory: its open handle, and its path for messages.
#[derive(Clone, Copy)]
struct Out<'a> {
    dir: &'a Arc<Dir>,
    shown: &'a Path,
}

/// What one game gave, on any thread: its files written (their bytes, or staged:
/// closed, not yet durable nor named), or why not.
enum Made {
    /// The files, in order (with `--variations`, one per line of play and its
    /// number and count), their extension, and what `--analysis strip` took.
    Files(
        &'static str,
        Vec<(Option<(usize, usize)>, GameFile)>,
        Stripped,
    ),
    /// No format to write in: the input's own is not known.
    NoFormat,
    /// The game could not be written in the format named.
    Write(&'static str, kifu::Error),
    /// A file could not be staged: the line to report.
    Stage(String),
}

/// How the files are written: in `target` (else the input's own format), in
/// `encoding` (else the format's usual one), with `--analysis`.
#[derive(Clone, Copy)]
struct Writing {
    target: Option<&'static Format>,
    encoding: Option<kifu::text::TextEncoding>,
    analysis: AnalysisMode,
}

/// Writes one game (or each of its lines of play): its files' bytes, those past
/// [`HELD`] staged.
fn make(
    out: Out<'_>,
    stem: &OsStr,
    writing: Writing,
    variations: bool,
    source: &SourceInfo,
    game: &mut Game,
) -> Made {
    let Writing {
        target,
        encoding,
        analysis,
    } = writing;
    let Some(format) = target.or_else(|| kifu::formats::by_name(&source.format)) else {
        return Made::NoFormat;
    };
    let ext = format.extensions.first().copied().unwrap_or(format.name);
    let mut files = Vec::new();
    let mut stripped = Stripped::default();
    let mut held = 0usize;
    let mut put = |game: &mut Game, line: Option<(usize, usize)>| {
        let (bytes, took) = one_game(format, encoding, analysis, source, game)
            .map_err(|e| Made::Write(format.name, e))?;
        super::analysis::add(&mut stripped, took);
        held = held.saturating_add(bytes.len());
        let file = if held <= HELD || files.is_empty() {
            GameFile::Bytes(bytes)
        } else {
            GameFile::Staged(stage(out, stem, &bytes).map_err(Made::Stage)?)
        };
        files.push((line, file));
        Ok::<(), Made>(())
    };
    let staged = if variations {
        // One line of play at a time: only the leaves are held.
        let leaves: Vec<NodeId> = game.leaves().collect();
        let count = leaves.len();
        leaves
            .iter()
            .enumerate()
            .try_for_each(|(i, &leaf)| put(&mut game.line_to(leaf), Some((i + 1, count))))
    } else {
        let kind = game.kind.clone();
        let mut whole = std::mem::replace(game, Game::new(kind));
        let put = put(&mut whole, None);
        *game = whole;
        put
    };
    match staged {
        Ok(()) => Made::Files(ext, files, stripped),
        Err(why) => why,
    }
}

/// The splitting of every input, as a sink of the engine: each game's files come
/// written ([`make`]), are staged here, in order, and wait for their names (an
/// input's end, or every [`BATCH`] files of an input streamed in parts).
struct Splitting<'a> {
    out: Out<'a>,
    stems: &'a [OsString],
    ui: &'a Ui,
    current: Option<Current<'a>>,
    /// An input failed.
    failed: bool,
}

/// The input being split.
struct Current<'a> {
    stem: &'a OsStr,
    pending: Vec<Piece>,
    failure: Option<String>,
    written: usize,
    last_game: usize,
    streamed: bool,
    /// What `--analysis strip` took from its games.
    stripped: Stripped,
    progress: progress::Games,
}

impl<'a> Sink<Made> for Splitting<'a> {
    fn begin(&mut self, index: usize, input: &InputFile) -> Result<Begin, Fatal> {
        let Some(stem) = self.stems.get(index) else {
            return Ok(Begin::Skip);
        };
        self.current = Some(Current {
            stem,
            pending: Vec::new(),
            failure: None,
            written: 0,
            last_game: 0,
            streamed: false,
            stripped: Stripped::default(),
            progress: progress::Games::new(self.ui, &input.display),
        });
        Ok(Begin::Read)
    }

    fn value(&mut self, at: GameAt<'_>, made: Made) -> Result<Flow, Fatal> {
        let out = self.out;
        let Some(c) = self.current.as_mut() else {
            return Ok(Flow::Stop);
        };
        let input = at.input;
        c.last_game = at.number;
        c.streamed |= at.streamed;
        let (ext, files) = match made {
            Made::Files(ext, files, took) => {
                super::analysis::add(&mut c.stripped, took);
                (ext, files)
            }
            Made::NoFormat => {
                c.failure = Some(format!(
                    "{}: give the format to write with -t",
                    input.display
                ));
                return Ok(Flow::Stop);
            }
            Made::Write(format, e) => {
                c.failure = Some(format!(
                    "{}: game {}: cannot write {format}: {e}",
                    input.display, at.number
                ));
                return Ok(Flow::Stop);
            }
            Made::Stage(reason) => {
                c.failure = Some(reason);
                return Ok(Flow::Stop);
            }
        };
        for (line, file) in files {
            let file = match file {
                GameFile::Bytes(bytes) => match stage(out, c.stem, &bytes) {
                    Ok(file) => file,
                    Err(reason) => {
                        c.failure = Some(reason);
                        return Ok(Flow::Stop);
                    }
                },
                GameFile::Staged(file) => file,
            };
            c.pending.push(Piece {
                game: at.number,
                line,
                ext,
                file,
            });
        }
        if at.streamed && c.pending.len() >= BATCH {
            match commit(out, c.stem, std::mem::take(&mut c.pending), STREAMED_WIDTH) {
                Ok(n) => c.written += n,
                Err(reason) => {
                    c.failure = Some(reason);
                    return Ok(Flow::Stop);
                }
            }
        }
        c.progress.tick();
        Ok(Flow::Continue)
    }

    fn end(&mut self, input: &InputFile, read: InputRead) -> Result<(), Fatal> {
        let Some(c) = self.current.take() else {
            return Ok(());
        };
        let stripped = c.stripped;
        match finish(self.out, input, c, read) {
            Ok(()) => super::analysis::note_stripped(self.ui, &input.display, stripped),
            Err(reason) => {
                self.ui.error(&reason);
                self.failed = true;
            }
        }
        Ok(())
    }
}

/// Ends one input: names and puts in place what is staged, or gives why the input
/// failed (its staged files are then removed).
fn finish(out: Out<'_>, input: &InputFile, c: Current<'_>, read: InputRead) -> Result<(), String> {
    c.progress.finish();
    if let Some(reason) = c.failure.or(read.failure) {
        // The staged files of the input are removed as `pending` is dropped.
        return Err(reason);
    }
    let width = if c.streamed {
        STREAMED_WIDTH
    } else {
        c.last_game.to_string().len().max(MIN_WIDTH)
    };
    let written = c.written + commit(out, c.stem, c.pending, width)?;
    if written == 0 {
        return Err(format!("{}: no game to split", input.display));
    }
    Ok(())
}

/// Stages one file's bytes in a temporary file of the output directory, closed.
fn stage(out: Out<'_>, stem: &OsStr, bytes: &[u8]) -> Result<DirClosed, String> {
    let cannot =
        |e: std::io::Error| format!("cannot write under {}: {}", out.shown.display(), plain(&e));
    let mut staged = out.dir.stage(stem).map_err(cannot)?;
    staged.write_all(bytes).map_err(cannot)?;
    staged
        .finish(&kifu::fsio::Keep::default())
        .map_err(cannot)?;
    Ok(staged.close())
}

/// An I/O error's own message, without the temporary file's random name that the
/// tempfile crate adds to it (`… at path "DIR/.kifu-…tmp"`).
fn plain(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" at path \"") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// Makes the staged files durable together and renames each to its name; how many
/// were renamed, or why not all (those not renamed are removed).
fn commit(out: Out<'_>, stem: &OsStr, pieces: Vec<Piece>, width: usize) -> Result<usize, String> {
    if pieces.is_empty() {
        return Ok(0);
    }
    let dir = out.shown;
    kifu::fsio::sync_dir_closed(pieces.iter().map(|p| &p.file))
        .map_err(|e| format!("cannot write under {}: {}", dir.display(), plain(&e)))?;
    let mut n = 0;
    for piece in pieces {
        let file_name = name(stem, &piece, width);
        let path = dir.join(&file_name);
        piece
            .file
            .commit_to(&file_name)
            .map_err(|e| format!("cannot write {}: {}", path.display(), plain(&e)))?;
        n += 1;
    }
    Ok(n)
}

/// One game as a file of its own.
fn one_game(
    format: &'static Format,
    encoding: Option<kifu::text::TextEncoding>,
    analysis: AnalysisMode,
    source: &SourceInfo,
    game: &mut Game,
) -> Result<(Vec<u8>, Stripped), kifu::Error> {
    let mut writer = GameWriter::new(
        format,
        encoding,
        &WriteOptions {
            source: Some(source),
            analysis,
            ..WriteOptions::default()
        },
    )?;
    let mut bytes = writer.prefix()?;
    let mut encoded = writer.game(game)?;
    bytes.append(&mut encoded.bytes);
    bytes.append(&mut writer.suffix()?);
    Ok((bytes, encoded.stripped))
}

/// The file name of a piece: `STEM-GAME[-LINE].EXT`, of the stem's bytes.
fn name(stem: &OsStr, piece: &Piece, width: usize) -> OsString {
    let mut file = stem.to_os_string();
    file.push(format!("-{:0width$}", piece.game));
    if let Some((line, lines)) = piece.line {
        let w = lines.to_string().len().max(2);
        file.push(format!("-{line:0w$}"));
    }
    file.push(".");
    file.push(piece.ext);
    file
}
