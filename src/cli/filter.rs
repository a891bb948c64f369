//! `kifu filter`: the games that meet every criterion, listed or written out.

use std::collections::{HashMap, HashSet};
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use clap::{ArgGroup, Args};

use super::engine::{each_input, Flow, GameAt, InputRead, Reading, Sink, Want};
use super::games::{output_format, write_games_below, Collector, Kept, Writing};
use super::inputs::{expand, InputFile};
use super::load::Resolved;
use super::output::stdout_line;
use super::{encoding_arg, Fatal, ReadOptions, Status, Ui};
use kifu::collect::date::DateRange;
use kifu::collect::filter::{Bounds, Criteria, SizeCriterion};
use kifu::collect::meta::Winner;
use kifu::collect::names::Needle;
use kifu::collect::read::Needs;
use kifu::model::{Game, GameKind};

/// Arguments of `kifu filter`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("output_kind").required(true).args(["output", "out_dir", "list"])))]
pub struct FilterArgs {
    /// Files or directories (`-` for standard input).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// The criteria.
    #[command(flatten)]
    pub criteria: CriteriaArgs,
    /// Only games with engine analysis: a node carrying an evaluation (score, win
    /// rate, principal variation …).
    #[arg(long, conflicts_with = "no_analysed")]
    pub analysed: bool,
    /// Only games without engine analysis.
    #[arg(long)]
    pub no_analysed: bool,
    /// Write the matching games as one collection to FILE (`-` for standard output).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Write each matching game to its own file under DIR (the input's relative path;
    /// `NAME-GAME.EXT` when the input holds several games).
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Print `PATH<TAB>GAME` (GAME from 1) for each matching game.
    #[arg(long)]
    pub list: bool,
    /// The format to write (default: from the output file's extension, else SGF for
    /// -o; the input's format for --out-dir).
    #[arg(short = 't', long = "to", value_name = "FORMAT")]
    pub to: Option<String>,
    /// Encoding of the output (default: the format's usual one).
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

/// The criteria of `kifu filter` (and `kifu search`): every one given must hold.
#[derive(Debug, Args)]
pub struct CriteriaArgs {
    /// A player of either colour whose name contains NAME (case-insensitive, full-
    /// and half-width forms alike: Unicode NFKC).
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// The first player (black, 先手) has a name containing NAME.
    #[arg(long, value_name = "NAME")]
    pub black: Option<String>,
    /// The second player (white, 後手) has a name containing NAME.
    #[arg(long, value_name = "NAME")]
    pub white: Option<String>,
    /// The event contains TEXT.
    #[arg(long, value_name = "TEXT")]
    pub event: Option<String>,
    /// The game's date lies in FROM..TO (YYYY, YYYY-MM or YYYY-MM-DD; either end open,
    /// or one date alone). Games without a readable date are left out.
    #[arg(long, value_name = "FROM..TO", value_parser = DateRange::parse)]
    pub date: Option<DateRange>,
    /// The winner: black, white, draw or none (no winner known).
    #[arg(long, value_name = "WHO", value_parser = parse_winner)]
    pub winner: Option<Winner>,
    /// Main-line moves: N, MIN..MAX, MIN.. or ..MAX.
    #[arg(long, value_name = "MIN..MAX", value_parser = Bounds::<usize>::parse)]
    pub moves: Option<Bounds<usize>>,
    /// Handicap stones (0 for an even game): N or MIN..MAX.
    #[arg(long, value_name = "N", value_parser = Bounds::<u32>::parse)]
    pub handicap: Option<Bounds<u32>>,
    /// Komi: N or MIN..MAX. Games without komi are left out.
    #[arg(long, value_name = "N", value_parser = Bounds::<f64>::parse)]
    pub komi: Option<Bounds<f64>>,
    /// The game: go, gomoku, shogi or gonu.
    #[arg(long, value_name = "KIND", value_parser = ["go", "gomoku", "shogi", "gonu"])]
    pub kind: Option<String>,
    /// The board size: N (square) or WxH.
    #[arg(long, value_name = "N", value_parser = SizeCriterion::parse)]
    pub size: Option<SizeCriterion>,
}

/// `black`, `white`, `draw` or `none`.
fn parse_winner(s: &str) -> Result<Winner, String> {
    Winner::from_name(s).ok_or_else(|| format!("{s:?}: give black, white, draw or none"))
}

impl CriteriaArgs {
    /// The criteria given.
    pub fn criteria(&self) -> Criteria {
        let needle = |s: &Option<String>| s.as_deref().map(Needle::new);
        Criteria {
            player: needle(&self.player),
            black: needle(&self.black),
            white: needle(&self.white),
            event: needle(&self.event),
            date: self.date,
            winner: self.winner,
            moves: self.moves,
            handicap: self.handicap,
            komi: self.komi,
            kind: self.kind.clone(),
            size: self.size,
            analysed: None,
        }
    }
}

/// `filter --list`: prints each matching game as it is read.
struct Listed<'a> {
    ui: &'a Ui,
    failed: bool,
    total: usize,
    matched: usize,
}

impl Sink<bool> for Listed<'_> {
    fn value(&mut self, at: GameAt<'_>, matches: bool) -> Result<Flow, Fatal> {
        self.total += 1;
        if matches {
            self.matched += 1;
            stdout_line(&format!("{}\t{}", at.input.display, at.number))?;
        }
        Ok(Flow::Continue)
    }

    fn end(&mut self, _input: &InputFile, read: InputRead) -> Result<(), Fatal> {
        if let Some(reason) = read.failure {
            self.ui.error(&reason);
            self.failed = true;
        }
        Ok(())
    }
}

/// `filter -o` and `--out-dir`: keeps each matching game (to write at the end), or
/// writes it to its own file below the output directory.
struct Written<'a> {
    args: &'a FilterArgs,
    ui: &'a Ui,
    out_encoding: Option<kifu::text::TextEncoding>,
    /// Where `-o` writes the games as they come (SGF, USI, NDJSON).
    writing: Option<Writing>,
    /// The games kept for `-o` to the end (formats whose collection is more than
    /// its games).
    kept: Vec<Kept>,
    /// The files written in this run (`--out-dir`).
    written: HashSet<PathBuf>,
    /// The first game of an input, when it matches: where it goes depends on
    /// whether the input holds one game or more, known at the second game or at the
    /// input's end (`--out-dir`).
    pending: Option<(usize, &'static kifu::formats::Format, Kept)>,
    failed: bool,
    total: usize,
    matched: usize,
}

impl Written<'_> {
    /// Writes game `number` of `input` (of `count` games: only whether it is one
    /// matters) below the output directory.
    fn write_one(
        &mut self,
        input: &InputFile,
        source_format: &'static kifu::formats::Format,
        count: usize,
        number: usize,
        game: Kept,
    ) -> Result<(), Fatal> {
        let Some(dir) = &self.args.out_dir else {
            return Ok(());
        };
        let ui = self.ui;
        let format = match super::format_arg(self.args.to.as_deref())? {
            Some(f) => f,
            None => source_format,
        };
        let dest = destination(dir, input, format, count, number);
        if !self.written.insert(dest.clone()) {
            ui.error(&format!(
                "{}: game {} not written: {} is already written in this run",
                input.display,
                number,
                super::inputs::shown(&dest)
            ));
            self.failed = true;
            return Ok(());
        }
        let Kept::Game(game) = game else {
            return Ok(());
        };
        if let Err(e) = write_games_below(
            vec![*game],
            format,
            dir,
            &dest,
            self.out_encoding,
            self.args.analysis,
            ui,
        ) {
            match e {
                Fatal::Other(msg) | Fatal::Usage(msg) => {
                    ui.error(&format!("{}: game {}: {msg}", input.display, number));
                    self.failed = true;
                }
                Fatal::BrokenPipe => return Err(Fatal::BrokenPipe),
            }
        }
        Ok(())
    }
}

impl Sink<Option<Kept>> for Written<'_> {
    fn value(&mut self, at: GameAt<'_>, kept: Option<Kept>) -> Result<Flow, Fatal> {
        self.total += 1;
        if at.number == 2 {
            // The input holds more than one game.
            if let Some((number, format, game)) = self.pending.take() {
                self.write_one(at.input, format, 2, number, game)?;
            }
        }
        let Some(game) = kept else {
            return Ok(Flow::Continue);
        };
        self.matched += 1;
        if let Some(writing) = &mut self.writing {
            writing.keep(game)?;
        } else if self.args.out_dir.is_none() {
            self.kept.push(game);
        } else if at.number == 1 {
            self.pending = Some((1, at.format, game));
        } else {
            self.write_one(at.input, at.format, at.number, at.number, game)?;
        }
        Ok(Flow::Continue)
    }

    fn end(&mut self, input: &InputFile, read: InputRead) -> Result<(), Fatal> {
        if let Some((number, format, game)) = self.pending.take() {
            self.write_one(input, format, read.games, number, game)?;
        }
        if let Some(reason) = read.failure {
            self.ui.error(&reason);
            self.failed = true;
        }
        Ok(())
    }
}

/// Runs `kifu filter`.
pub fn run(args: &FilterArgs, ui: &Ui) -> Result<Status, Fatal> {
    let opts = Resolved::new(&args.read)?;
    let out_encoding = encoding_arg(args.output_encoding.as_deref())?;
    let criteria = criteria_or_all(args, ui);
    let expanded = expand(&args.paths);
    if let Some(dir) = &args.out_dir {
        let given = match super::format_arg(args.to.as_deref())? {
            Some(f) => Some(f),
            None => super::format_arg(args.read.format.as_deref())?,
        };
        refuse_collisions(&expanded.inputs, dir, given)?;
    }
    super::inputs::pause_after_walk();
    let inputs = &expanded.inputs;
    let (failed, total, matched);
    if args.list {
        let matches = |g: &mut Game| criteria.matches(g);
        let mut sink = Listed {
            ui,
            failed: false,
            total: 0,
            matched: 0,
        };
        each_input(
            inputs,
            opts,
            ui,
            Reading::default(),
            // Readers may leave a node's analysis out when only moves are wanted.
            Want::Values(
                if criteria.analysed.is_some() {
                    Needs::Everything
                } else {
                    Needs::Moves
                },
                &matches,
            ),
            false,
            &mut sink,
        )?;
        (failed, total, matched) = (sink.failed, sink.total, sink.matched);
    } else {
        let path = args.output.as_deref();
        let collector = Collector {
            format: output_format(args.to.as_deref(), path)?,
            path,
            encoding: out_encoding,
            analysis: args.analysis,
        };
        let to_dir = args.out_dir.is_some();
        let take = |g: &mut Game| {
            criteria.matches(g).then(|| {
                if to_dir {
                    Kept::Game(Box::new(std::mem::replace(g, Game::new(GameKind::Shogi))))
                } else {
                    collector.keep(g)
                }
            })
        };
        let writing = if to_dir { None } else { collector.writing(ui)? };
        let mut sink = Written {
            args,
            ui,
            out_encoding,
            writing,
            kept: Vec::new(),
            written: HashSet::new(),
            pending: None,
            failed: false,
            total: 0,
            matched: 0,
        };
        each_input(
            inputs,
            opts,
            ui,
            Reading::default(),
            Want::Values(Needs::Everything, &take),
            false,
            &mut sink,
        )?;
        (failed, total, matched) = (sink.failed, sink.total, sink.matched);
        match sink.writing {
            Some(writing) => writing.finish(ui)?,
            None if !to_dir => collector.finish(sink.kept, ui)?,
            None => {}
        }
    }
    expanded.note_skipped(ui, args.read.verbose);
    ui.note(&format!(
        "{matched} of {total} game(s) matched in {} file(s)",
        inputs.len()
    ));
    Ok(Status::from_failed(failed))
}

/// The criteria, with a note when there are none (every game matches).
fn criteria_or_all(args: &FilterArgs, ui: &Ui) -> Criteria {
    let mut c = args.criteria.criteria();
    // Only filter's: the position index keeps no analysis.
    c.analysed = match (args.analysed, args.no_analysed) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    };
    if c.is_empty() {
        ui.note("no criteria given: every game matches");
    }
    c
}

/// Where `--out-dir` writes the `number`-th of `count` games of `input`: the
/// input's relative path with the format's extension, `STEM-NUMBER.EXT` when it
/// holds several games; made of the path's bytes, never of a lossy string, so inputs
/// whose names differ only in bytes that are not UTF-8 keep distinct outputs.
fn destination(
    dir: &Path,
    input: &InputFile,
    format: &kifu::formats::Format,
    count: usize,
    number: usize,
) -> PathBuf {
    let ext = format.extensions.first().copied().unwrap_or(format.name);
    let base = dir.join(&input.relative);
    if count == 1 {
        return base.with_extension(ext);
    }
    let mut name = base
        .file_stem()
        .map_or_else(|| OsString::from("game"), OsStr::to_os_string);
    name.push(format!("-{number}.{ext}"));
    base.with_file_name(name)
}

/// Refuses, before anything is read or written, two inputs whose games `--out-dir`
/// would write to one name (exit 2, naming both), as `split` does: the same relative
/// path but for the extension (`in/a/g.sgf` and `in/b/g.sgf` given as `in/a` and
/// `in/b`; `-` and `stdin.sgf`; `g.sgf` and `g.kif` with `-t`), when the format
/// written is the same: the one given with `-t` (or `-f`), else the one the input's
/// extension names. Two outputs that meet only through formats found in the content,
/// or through game counts (`g.sgf` of two games and a `g-1.sgf`), are still caught
/// when written: the second is not written.
fn refuse_collisions(
    inputs: &[InputFile],
    dir: &Path,
    given: Option<&'static kifu::formats::Format>,
) -> Result<(), Fatal> {
    let mut by_name: HashMap<PathBuf, &InputFile> = HashMap::new();
    let mut problems = Vec::new();
    for input in inputs {
        let format = given.or_else(|| input.path.as_deref().and_then(kifu::formats::by_extension));
        let Some(format) = format else { continue };
        let ext = format.extensions.first().copied().unwrap_or(format.name);
        let name = input.relative.with_extension(ext);
        if let Some(first) = by_name.insert(name.clone(), input) {
            let mut pattern = name.file_stem().unwrap_or_default().to_os_string();
            pattern.push(format!("[-N].{ext}"));
            problems.push(format!(
                "{} and {} would both be written to {}",
                first.display,
                input.display,
                super::inputs::shown(&dir.join(name.with_file_name(pattern)))
            ));
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    Err(Fatal::Usage(format!(
        "nothing written: {}; filter them separately or into different directories",
        problems.join("; ")
    )))
}
