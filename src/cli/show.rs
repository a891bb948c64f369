//! `kifu show`: the position of a game as a terminal diagram, SVG, PNG or animated
//! GIF; one picture per record (or per N moves) of many records with `--out-dir`.

use std::collections::{BTreeSet, HashMap};
use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use rayon::prelude::*;

use super::inputs::{expand, problem_of, InputFile};
use super::load::Resolved;
use super::output::stdout_bytes;
use super::stream::{each_game, Flow, Item, Reading};
use super::{Fatal, ReadOptions, Status, Ui};
use kifu::fsio::{Dir, DirClosed, ReachError};
use kifu::model::Game;
use kifu::render::picture::{self, Crop, Format, Options};

/// Arguments of `kifu show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The records (`-` for standard input); directories are walked with `--out-dir`.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
    /// Which game of a collection (1-based).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub game: usize,
    /// Show the position after move N of the line, or `last` (the default).
    #[arg(long = "move", value_name = "N|last")]
    pub at: Option<String>,
    /// Write a standalone SVG.
    #[arg(long, conflicts_with_all = ["png", "gif"])]
    pub svg: bool,
    /// Write a PNG (implied by `-o NAME.png`).
    #[arg(long, conflicts_with = "gif")]
    pub png: bool,
    /// Write an animated GIF, one frame per move (implied by `-o NAME.gif`).
    #[arg(long)]
    pub gif: bool,
    /// Width of a PNG or GIF in pixels.
    #[arg(long, value_name = "PX", default_value_t = 800)]
    pub size: u32,
    /// Number the moves of RANGE (`A-B`, `A-`, or `N`; all when left out) on their
    /// stones, as printed diagrams do (Go and gomoku). Without a range, put it after
    /// PATH, or it takes PATH for the range.
    #[arg(long, value_name = "RANGE", num_args = 0..=1, default_missing_value = "all")]
    pub numbers: Option<String>,
    /// Number every move of the game on one diagram (as --numbers with no range).
    #[arg(long, conflicts_with_all = ["numbers", "from_move"])]
    pub kifu: bool,
    /// Show moves A.. (to --move) numbered on the position before move A.
    #[arg(long = "from", value_name = "A")]
    pub from_move: Option<usize>,
    /// The line of play: 0 is the main line, N the N-th variation in tree order.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub variation: usize,
    /// Crop the board: `auto` (to the stones and marks), or an area like `A1-K10`.
    #[arg(long, value_name = "auto|AREA")]
    pub crop: Option<String>,
    /// Draw the evaluation graph of the game's engine analysis (Black's win rate for
    /// Go, the evaluation for shogi, along the moves) instead of the position: an
    /// SVG, or a PNG with `-o NAME.png` or --png.
    #[arg(long, conflicts_with_all = ["gif", "numbers", "kifu", "from_move", "crop", "at", "every"])]
    pub graph: bool,
    /// Milliseconds per GIF frame (the last shows four times as long).
    #[arg(long, value_name = "MS", default_value_t = 500)]
    pub delay: u32,
    /// Write to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE", conflicts_with = "out_dir")]
    pub output: Option<PathBuf>,
    /// Write one picture per record under DIR (relative paths kept, the extension
    /// replaced); a PNG unless --svg or --gif says otherwise.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// With --out-dir, one picture every N moves (NAME-0010.png, …) and the last.
    #[arg(long, value_name = "N", requires = "out_dir")]
    pub every: Option<usize>,
    /// Input options.
    #[command(flatten)]
    pub read: ShowReadOptions,
}

/// Input options of `kifu show`: as the other commands', but the format is only
/// `-f`/`--format`, since `--from` is the first move of a numbered range here.
#[derive(Debug, Clone, Args)]
pub struct ShowReadOptions {
    /// Input format (default: from the extension, else from the content).
    #[arg(short = 'f', long = "format", value_name = "FORMAT")]
    pub format: Option<String>,
    /// Input encoding, overriding BOM, declaration and detection (e.g. Shift_JIS, cp949).
    #[arg(long, value_name = "ENC")]
    pub encoding: Option<String>,
    /// Name each file a directory walk leaves out; without it only their number is
    /// given.
    #[arg(short = 'v', long)]
    pub verbose: bool,
    /// The most standard input may hold (bytes, or with K, M or G).
    #[arg(long, value_name = "SIZE", default_value = "12M", value_parser = super::parse_size)]
    pub max_game_size: super::ByteSize,
}

/// Runs `kifu show`.
pub fn run(args: &ShowArgs, ui: &Ui) -> Result<Status, Fatal> {
    let opts = Resolved::new(&ReadOptions {
        format: args.read.format.clone(),
        encoding: args.read.encoding.clone(),
        rule: None,
        verbose: args.read.verbose,
        max_game_size: args.read.max_game_size,
        games: None,
    })?;
    let options = options(args)?;
    let expanded = expand(&args.paths);
    expanded.note_skipped(ui, args.read.verbose);
    let inputs = &expanded.inputs;
    if let Some(dir) = &args.out_dir {
        return many(args, inputs, dir, opts, &options, ui);
    }
    if args.paths.len() > 1 {
        return Err(Fatal::Usage(format!(
            "one record at a time without --out-dir ({} given)",
            args.paths.len()
        )));
    }
    // In a directory, the first record that can be read; the entries that cannot are
    // reported, and make the exit code 1.
    let chosen = inputs.iter().position(|i| i.problem.is_none()).unwrap_or(0);
    let mut unreadable = false;
    for (i, input) in inputs.iter().enumerate() {
        if let Some(problem) = problem_of(input) {
            unreadable = true;
            // The chosen input's own problem is reported when it is read.
            if i != chosen {
                ui.error(&problem);
            }
        }
    }
    let Some(input) = inputs.get(chosen) else {
        return Err(Fatal::Usage(format!(
            "no record at {}",
            args.paths
                .first()
                .map_or_else(String::new, |p| p.display().to_string())
        )));
    };
    let game = match nth_game(input, opts, ui, args.game, true)? {
        Ok(g) => g,
        Err(reason) => {
            ui.error(&reason);
            return Ok(Status::SomeFailed);
        }
    };
    let game = &game;
    if options.format == Format::Gif {
        return gif(args, input, game, &options, ui).map(|s| match s {
            Status::Success if unreadable => Status::SomeFailed,
            s => s,
        });
    }
    let picture = match picture::draw(game, &options) {
        Ok(p) => p,
        Err(reason) => {
            ui.error(&format!("{}: {reason}", input.display));
            return Ok(Status::SomeFailed);
        }
    };
    match &args.output {
        Some(path) if path.as_os_str() != "-" => {
            super::output::write_named(path, &picture, ui)?;
        }
        _ => stdout_bytes(&picture)?,
    }
    Ok(Status::from_failed(unreadable))
}

/// An animated GIF to `-o FILE` (staged beside it, renamed when whole) or standard
/// output, each frame encoded as it is drawn: memory holds two frames, whatever the
/// number of moves.
fn gif(
    args: &ShowArgs,
    input: &InputFile,
    game: &Game,
    options: &Options,
    ui: &Ui,
) -> Result<Status, Fatal> {
    let failed = |reason: String| {
        ui.error(&format!("{}: {reason}", input.display));
        Ok(Status::SomeFailed)
    };
    match &args.output {
        Some(path) if path.as_os_str() != "-" => {
            let cannot =
                |e: std::io::Error| Fatal::Other(format!("cannot write {}: {e}", path.display()));
            let staging = kifu::fsio::Staging::create(path).map_err(cannot)?;
            let mut out = Recording::new(staging);
            match picture::draw_to(game, options, &mut out) {
                Ok(_) => {}
                Err(reason) => {
                    return match out.error.take() {
                        Some(e) => Err(cannot(e)),
                        None => failed(reason),
                    }
                }
            }
            out.inner.commit().map_err(cannot)?;
        }
        _ => {
            let stdout = std::io::stdout();
            let mut out = Recording::new(std::io::BufWriter::new(stdout.lock()));
            if let Err(reason) = picture::draw_to(game, options, &mut out) {
                return match out.error.take() {
                    Some(e) => Err(e.into()),
                    None => failed(reason),
                };
            }
            std::io::Write::flush(&mut out.inner)?;
        }
    }
    Ok(Status::Success)
}

/// A writer that keeps the first error of the writer it wraps, so that a failed write
/// is told apart from a picture that cannot be drawn.
struct Recording<W> {
    inner: W,
    error: Option<std::io::Error>,
}

impl<W> Recording<W> {
    fn new(inner: W) -> Recording<W> {
        Recording { inner, error: None }
    }
}

impl<W: std::io::Write> std::io::Write for Recording<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.inner.write(buf).inspect_err(|e| {
            if self.error.is_none() {
                self.error = Some(std::io::Error::new(e.kind(), e.to_string()));
            }
        })
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush().inspect_err(|e| {
            if self.error.is_none() {
                self.error = Some(std::io::Error::new(e.kind(), e.to_string()));
            }
        })
    }
}

/// Game `n` (from 1) of an input, read game by game and not past it (a large
/// collection is never held); with `report`, the reader's diagnostics are printed.
/// The inner `Err` is why there is no such game.
fn nth_game(
    input: &InputFile,
    opts: Resolved,
    ui: &Ui,
    n: usize,
    report: bool,
) -> Result<Result<Game, String>, Fatal> {
    let mut chosen: Option<Game> = None;
    let reading = Reading {
        report,
        check: false,
        locate: false,
    };
    let read = each_game(input, opts, ui, reading, &mut |item: Item<'_>| {
        if item.number >= n {
            let kind = item.game.kind.clone();
            chosen = Some(std::mem::replace(item.game, Game::new(kind)));
            return Ok(Flow::Stop);
        }
        Ok(Flow::Continue)
    })?;
    if let Some(reason) = read.failure {
        return Ok(Err(reason));
    }
    Ok(chosen.ok_or_else(|| {
        format!(
            "{}: there is no game {n} (the file holds {})",
            input.display, read.games
        )
    }))
}

/// The picture options of the arguments, checked before any file is read.
fn options(args: &ShowArgs) -> Result<Options, Fatal> {
    let at = match args.at.as_deref() {
        None | Some("last") => None,
        Some(n) => Some(
            n.parse()
                .map_err(|_| Fatal::Usage(format!("--move takes a number or `last`, not {n:?}")))?,
        ),
    };
    let by_name = args
        .output
        .as_deref()
        .and_then(|p| p.extension())
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let format = if args.svg {
        Format::Svg
    } else if args.png {
        Format::Png
    } else if args.gif {
        Format::Gif
    } else {
        match by_name.as_deref() {
            Some("svg") => Format::Svg,
            Some("png") => Format::Png,
            Some("gif") => Format::Gif,
            _ if args.out_dir.is_some() => Format::Png,
            _ if args.graph => Format::Svg,
            _ => Format::Text,
        }
    };
    let numbers = if args.kifu {
        Some((1, None))
    } else if let Some(first) = args.from_move {
        if first == 0 {
            return Err(Fatal::Usage("--from counts moves from 1".into()));
        }
        Some((first, None))
    } else {
        match args.numbers.as_deref() {
            None => None,
            Some(range) => Some(parse_range(range)?),
        }
    };
    if args.every == Some(0) {
        return Err(Fatal::Usage(
            "--every takes a number of moves above 0".into(),
        ));
    }
    if args.every.is_some() && format == Format::Gif {
        return Err(Fatal::Usage("--every makes stills, not GIFs".into()));
    }
    let crop = match args.crop.as_deref() {
        None => Crop::None,
        Some("auto") => Crop::Auto,
        Some(area) => Crop::Area(area.to_string()),
    };
    Ok(Options {
        format,
        width: args.size,
        variation: args.variation,
        at,
        numbers,
        crop,
        delay_ms: args.delay,
        hold: 4,
        graph: args.graph,
    })
}

/// `A-B`, `A-`, `-B`, `N` or `all`, 1-based.
fn parse_range(text: &str) -> Result<(usize, Option<usize>), Fatal> {
    let bad = || Fatal::Usage(format!("--numbers takes a range like 1-50, not {text:?}"));
    let num = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
    let (first, last) = match text.split_once('-') {
        _ if text == "all" => (1, None),
        Some((a, b)) => (
            if a.trim().is_empty() { 1 } else { num(a)? },
            if b.trim().is_empty() {
                None
            } else {
                Some(num(b)?)
            },
        ),
        None => {
            let n = num(text)?;
            (n, Some(n))
        }
    };
    if first == 0 || last.is_some_and(|l| l < first) {
        return Err(bad());
    }
    Ok((first, last))
}

/// Records drawn in parallel before their pictures are synced and renamed.
const BATCH: usize = 64;

/// `--out-dir`: every record in parallel, one picture each (or one per `--every`
/// moves), reported in the order given. Two records whose pictures would have one
/// name are refused before anything is drawn. DIR is opened once (following a link
/// there: the user named it) and every picture is staged, renamed and its
/// directories made through directory handles from it ([`Dir::make_below`]), so a
/// directory of DIR swapped for a link during the run is never written through: its
/// record is reported as changed and left alone. Each picture is staged in a
/// temporary file and closed (so a record of thousands of pictures holds no open
/// file); each batch's pictures are made durable together
/// ([`kifu::fsio::sync_dir_closed`]: one `syncfs`) and renamed into place.
fn many(
    args: &ShowArgs,
    inputs: &[InputFile],
    dir: &Path,
    opts: Resolved,
    options: &Options,
    ui: &Ui,
) -> Result<Status, Fatal> {
    refuse_collisions(args, inputs, dir, options)?;
    let dirs: BTreeSet<PathBuf> = inputs
        .iter()
        .filter_map(|i| dir.join(&i.relative).parent().map(Path::to_path_buf))
        .collect();
    let stale: usize = dirs
        .iter()
        .map(|d| kifu::fsio::remove_stale_in(d, false))
        .sum();
    if stale > 0 {
        ui.note(&format!(
            "removed {stale} temporary file(s) left by an interrupted run"
        ));
    }
    let root = kifu::fsio::make_path(dir, []).map(Arc::new).map_err(|e| {
        Fatal::Other(format!(
            "cannot write under {}: {e}",
            super::inputs::shown(dir)
        ))
    })?;
    super::inputs::pause_after_walk();
    let mut written = 0;
    let mut failed = 0;
    for chunk in inputs.chunks(BATCH) {
        let results: Vec<Result<Vec<Picture>, String>> = chunk
            .par_iter()
            .map(|input| one_record(args, input, &root, dir, opts, options))
            .collect();
        let mut staged = Vec::new();
        for r in results {
            match r {
                Ok(s) => staged.extend(s),
                Err(reason) => {
                    failed += 1;
                    ui.error(&reason);
                }
            }
        }
        if let Err(e) = kifu::fsio::sync_dir_closed(staged.iter().map(|p| &p.file)) {
            return Err(Fatal::Other(format!(
                "cannot flush pictures under {}: {e}",
                super::inputs::shown(dir)
            )));
        }
        for picture in staged {
            match picture.file.commit() {
                Ok(()) => written += 1,
                Err(e) => {
                    failed += 1;
                    ui.error(&format!(
                        "cannot write {}: {e}",
                        super::inputs::shown(&picture.path)
                    ));
                }
            }
        }
    }
    ui.note(&format!(
        "{written} pictures of {} records written under {}{}",
        inputs.len().saturating_sub(failed),
        super::inputs::shown(dir),
        if failed > 0 {
            format!(" ({failed} failed)")
        } else {
            String::new()
        }
    ));
    Ok(Status::from_failed(failed > 0))
}

/// One picture staged in its directory, closed, waiting to be renamed to its name;
/// its path (below DIR) for messages.
struct Picture {
    file: DirClosed,
    path: PathBuf,
}

/// A record's relative path without its extension, of the path's bytes: records
/// with the same one would write pictures of the same names (`g.sgf` and `g.omok`
/// both `g.png`; with `--every`, both `g-0010.png`).
fn picture_stem(relative: &Path) -> PathBuf {
    let stem = relative.file_stem().unwrap_or(relative.as_os_str());
    relative.with_file_name(stem)
}

/// Refuses, before anything is drawn, two records whose pictures would have one name,
/// as `convert` refuses two inputs written to one output: exit 2, naming both.
fn refuse_collisions(
    args: &ShowArgs,
    inputs: &[InputFile],
    dir: &Path,
    options: &Options,
) -> Result<(), Fatal> {
    let ext = options.format.extension();
    let mut by_stem: HashMap<PathBuf, &InputFile> = HashMap::new();
    let mut problems = Vec::new();
    for input in inputs {
        let stem = picture_stem(&input.relative);
        let mut file: OsString = stem.file_name().map(OsString::from).unwrap_or_default();
        file.push(if args.every.is_some() { "-*." } else { "." });
        file.push(ext);
        let shown = dir.join(stem.with_file_name(file));
        if let Some(first) = by_stem.insert(stem, input) {
            problems.push(format!(
                "{} and {} would both be written to {}",
                first.display,
                input.display,
                shown.display()
            ));
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    Err(Fatal::Usage(format!(
        "nothing written: {}; draw them separately or into different directories",
        problems.join("; ")
    )))
}

/// The pictures of one record of a batch, staged in their directory below `root`
/// (the open handle of `dir`), or why there are none.
fn one_record(
    args: &ShowArgs,
    input: &InputFile,
    root: &Arc<Dir>,
    dir: &Path,
    opts: Resolved,
    options: &Options,
) -> Result<Vec<Picture>, String> {
    // Worker threads print nothing: the batch reports each record's outcome.
    let quiet = Ui::new(true, super::ColorChoice::Never);
    let game = nth_game(input, opts, &quiet, args.game, false)
        .map_err(|e| format!("{}: {e:?}", input.display))??;
    let game = &game;
    let why = |e: String| format!("{}: {e}", input.display);
    let stem = picture_stem(&input.relative);
    let ext = options.format.extension();
    let named = |suffix: String| {
        let mut file: OsString = stem.file_name().map(OsString::from).unwrap_or_default();
        file.push(suffix);
        file
    };
    let mut shots: Vec<(OsString, Options)> = Vec::new();
    match args.every {
        None => shots.push((named(format!(".{ext}")), options.clone())),
        Some(n) => {
            let total = picture::moves(game, options).map_err(why)?;
            let end = options.at.unwrap_or(total).min(total);
            let mut at = Vec::new();
            let mut k = n;
            while k < end {
                at.push(k);
                k += n;
            }
            at.push(end);
            for m in at {
                shots.push((
                    named(format!("-{m:04}.{ext}")),
                    Options {
                        at: Some(m),
                        ..options.clone()
                    },
                ));
            }
        }
    }
    // The record's directory below DIR, entered (and made) through handles: a
    // directory swapped for a link is refused, and its record left alone.
    let shown_dir = dir.join(stem.parent().unwrap_or(Path::new("")));
    let mut parts = Vec::new();
    for part in stem.parent().into_iter().flat_map(Path::components) {
        match part {
            Component::Normal(p) => parts.push(p),
            _ => {
                return Err(format!(
                    "{}: cannot write under {}: not a path below it",
                    input.display,
                    super::inputs::shown(dir)
                ))
            }
        }
    }
    let first_path = |shots: &[(OsString, Options)]| {
        shots
            .first()
            .map_or_else(|| shown_dir.clone(), |(name, _)| shown_dir.join(name))
    };
    let place = root.make_below(parts).map_err(|e| match e {
        ReachError::Changed => format!(
            "{}: cannot write {}: changed during the run; left untouched",
            input.display,
            super::inputs::shown(&first_path(&shots))
        ),
        ReachError::Io(e) => format!(
            "{}: cannot write under {}: {e}",
            input.display,
            super::inputs::shown(&shown_dir)
        ),
    })?;
    // Each picture is staged and closed before the next is drawn: one open file. A
    // GIF is encoded into its temporary file frame by frame.
    let mut staged = Vec::with_capacity(shots.len());
    for (name, o) in &shots {
        let path = shown_dir.join(name);
        let cannot =
            |e: std::io::Error| format!("cannot write {}: {e}", super::inputs::shown(&path));
        let mut file = place.stage(name).map_err(cannot)?;
        if o.format == Format::Gif {
            let mut out = std::io::BufWriter::with_capacity(256 << 10, &mut file);
            picture::draw_to(game, o, &mut out).map_err(why)?;
            std::io::Write::flush(&mut out).map_err(cannot)?;
        } else {
            let bytes = picture::draw(game, o).map_err(why)?;
            std::io::Write::write_all(&mut file, &bytes).map_err(cannot)?;
        }
        file.finish(&file.keep_of_dest()).map_err(cannot)?;
        staged.push(Picture {
            file: file.close(),
            path,
        });
    }
    Ok(staged)
}
