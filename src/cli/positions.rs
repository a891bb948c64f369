//! `kifu positions`: training positions of every game read (`kifu::training`), as
//! dlshogi's HCPE, YaneuraOu's PSV, SFEN lines, NDJSON or a NumPy `.npz`, with the
//! filters of dlshogi's scripts and a report of what each filter dropped. Games are
//! encoded on all cores (the engine's `Want::Values`) and written in input order.

use std::collections::HashSet;
use std::path::PathBuf;

use clap::Args;

use super::engine::{each_input, Flow, GameAt, InputRead, Reading, Sink, Want};
use super::inputs::{expand, InputFile};
use super::load::Resolved;
use super::stream::Output;
use super::{Fatal, ReadOptions, Status, Ui};
use kifu::formats::FoundWhileReading;
use kifu::model::Game;
use kifu::training::{self, Filters, GameDrop, GameRecords, Npz};

/// Arguments of `kifu positions`.
#[derive(Debug, Args)]
pub struct PositionsArgs {
    /// Files or directories (`-` for standard input).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// What to write: hcpe (dlshogi, 38 bytes a position), psv (YaneuraOu
    /// PackedSfenValue, 40 bytes), sfen (`sfen … moves …` lines), ndjson (one object
    /// a position), npz (NumPy arrays of Go and gomoku boards).
    #[arg(short = 't', long = "to", value_name = "TYPE",
          value_parser = clap::builder::PossibleValuesParser::new(["hcpe", "psv", "sfen", "ndjson", "npz"]))]
    pub to: String,
    /// The file to write (`-` for standard output).
    #[arg(short, long, value_name = "OUTPUT")]
    pub output: PathBuf,
    /// Drop games whose lower floodgate rating (`'black_rate:`, `'white_rate:`) is
    /// below N; a game without ratings counts as 0.
    #[arg(long, value_name = "N")]
    pub min_rating: Option<f64>,
    /// Drop games with a player below this rank (SGF BR/WR: 30k … 1k, 1d … 9d,
    /// 1p … 9p) or without a rank.
    #[arg(long, value_name = "RANK")]
    pub min_rank: Option<String>,
    /// Keep only games that ended so (comma-separated: resign, checkmate, timeout,
    /// repetition, impasse, declaration, illegal, draw, interrupt, default, sealed,
    /// no-mate, score, none).
    #[arg(long, value_name = "ENDINGS", value_delimiter = ',')]
    pub ending: Vec<String>,
    /// Drop games of fewer moves.
    #[arg(long, value_name = "N")]
    pub min_moves: Option<u32>,
    /// End a game's positions before the first whose evaluation is beyond N either
    /// way (dlshogi's --eval).
    #[arg(long, value_name = "N")]
    pub eval_cap: Option<i32>,
    /// Drop the positions before move N+1 of each game.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub skip_first: u32,
    /// Write each position once (the first time it is met).
    #[arg(long)]
    pub unique: bool,
    /// Input options.
    #[command(flatten)]
    pub read: ReadOptions,
}

/// The names of the game filters, in the order they are tried.
const GAME_FILTERS: [&str; 6] = [
    "family",
    "ending",
    "min-moves",
    "min-rating",
    "min-rank",
    "illegal",
];

/// Writes each game's records as they come, counting.
struct Writer<'a> {
    ui: &'a Ui,
    out: Output,
    npz: Option<Npz>,
    unique: Option<HashSet<Box<[u8]>>>,
    games: usize,
    used: usize,
    dropped: [usize; 6],
    /// Go or gomoku games of another size than the npz's first.
    other_size: usize,
    written: usize,
    skipped_first: usize,
    eval_capped: usize,
    repeated: usize,
    failed: bool,
}

impl Sink<GameRecords> for Writer<'_> {
    fn value(&mut self, at: GameAt<'_>, got: GameRecords) -> Result<Flow, Fatal> {
        self.games += 1;
        if let Some(why) = &got.dropped {
            if let GameDrop::Illegal(d) = why {
                self.ui.warning(&format!(
                    "{}: game {}: {}: {}",
                    at.input.display, at.number, d.code, d.message
                ));
            }
            if let Some(i) = GAME_FILTERS.iter().position(|n| *n == why.name()) {
                self.dropped[i] += 1;
            }
            return Ok(Flow::Continue);
        }
        if let (Some(npz), Some(size)) = (&mut self.npz, got.size) {
            if npz.is_empty() && npz.size() != size {
                *npz = Npz::new(size);
            } else if npz.size() != size {
                self.other_size += 1;
                return Ok(Flow::Continue);
            }
        }
        self.used += 1;
        self.skipped_first += got.skipped_first;
        self.eval_capped += got.eval_capped;
        // The game's records are written at once (one write, not one a position).
        if got.record_size > 0 {
            let size = got.record_size;
            match &mut self.unique {
                None => {
                    self.written += got.fixed.len() / size;
                    self.out.write(&got.fixed)?;
                }
                Some(seen) => {
                    let mut bytes = Vec::with_capacity(got.fixed.len());
                    for r in got.fixed.chunks_exact(size) {
                        if seen.insert(r[..32].into()) {
                            bytes.extend_from_slice(r);
                            self.written += 1;
                        } else {
                            self.repeated += 1;
                        }
                    }
                    self.out.write(&bytes)?;
                }
            }
        }
        let mut bytes = Vec::new();
        for r in got.records {
            if let Some(seen) = &mut self.unique {
                if !seen.insert(r.key) {
                    self.repeated += 1;
                    continue;
                }
            }
            match &mut self.npz {
                Some(npz) => {
                    npz.push(&r.bytes);
                }
                None => bytes.extend_from_slice(&r.bytes),
            }
            self.written += 1;
        }
        if !bytes.is_empty() {
            self.out.write(&bytes)?;
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

/// Runs `kifu positions`.
pub fn run(args: &PositionsArgs, ui: &Ui) -> Result<Status, Fatal> {
    let opts = Resolved::new(&args.read)?;
    let output = training::Output::from_name(&args.to)
        .ok_or_else(|| Fatal::Usage(format!("unknown output type {}", args.to)))?;
    let mut endings = Vec::new();
    for word in &args.ending {
        let name = training::parse_ending(word).ok_or_else(|| {
            Fatal::Usage(format!(
                "unknown ending {word}: give one of {}",
                training::ENDING_NAMES
                    .iter()
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?;
        endings.push(name);
    }
    let min_rank = match &args.min_rank {
        None => None,
        Some(r) => Some(training::parse_rank(r).ok_or_else(|| {
            Fatal::Usage(format!("unknown rank {r}: give one such as 3k, 5d or 1p"))
        })?),
    };
    let filters = Filters {
        min_rating: args.min_rating,
        min_rank,
        endings,
        min_moves: args.min_moves,
        eval_cap: args.eval_cap,
        skip_first: args.skip_first,
    };
    let to_stdout = args.output.as_os_str() == "-";
    let out = Output::open_named((!to_stdout).then_some(args.output.as_path()), ui)
        .map_err(Fatal::Other)?;
    let mut expanded = expand(&args.paths);
    // The files of a folder are opened through its directory handle, kept (one
    // `openat` of the name, not a walk of the whole path for each file).
    super::inputs::anchor(&mut expanded.inputs);
    let encode = |g: &mut Game| training::game_records(g, output, &filters);
    // A game whose reader checked its moves for legality (CSA) is not checked again.
    let checked = |g: &mut Game, found: &FoundWhileReading| {
        training::game_records_checked(g, output, &filters, found)
    };
    let mut sink = Writer {
        ui,
        out,
        npz: (output == training::Output::Npz)
            .then(|| Npz::new(kifu::model::BoardSize::square(19))),
        unique: args.unique.then(HashSet::new),
        games: 0,
        used: 0,
        dropped: [0; 6],
        other_size: 0,
        written: 0,
        skipped_first: 0,
        eval_capped: 0,
        repeated: 0,
        failed: false,
    };
    each_input(
        &expanded.inputs,
        opts,
        ui,
        Reading {
            report: true,
            ..Reading::default()
        },
        Want::Checked(&encode, &checked),
        true,
        &mut sink,
    )?;
    expanded.note_skipped(ui, args.read.verbose);
    if let Some(npz) = &sink.npz {
        let bytes = npz.finish().map_err(Fatal::Other)?;
        sink.out.write(&bytes)?;
    }
    report(&sink, args, ui);
    let failed = sink.failed;
    if let Err(reason) = sink.out.commit()? {
        ui.error(&reason);
        return Ok(Status::SomeFailed);
    }
    Ok(Status::from_failed(failed))
}

/// The report on standard error: games read and used, what each game filter
/// dropped, positions written and what each position filter dropped. Filters not
/// asked for are left out (but for family and illegal, always counted).
fn report(w: &Writer<'_>, args: &PositionsArgs, ui: &Ui) {
    let asked = [
        true,
        !args.ending.is_empty(),
        args.min_moves.is_some(),
        args.min_rating.is_some(),
        args.min_rank.is_some(),
        true,
    ];
    let mut lines = vec![format!("games: {} read, {} used", w.games, w.used)];
    for ((name, n), asked) in GAME_FILTERS.iter().zip(w.dropped).zip(asked) {
        if asked {
            lines.push(format!("  dropped by {name}: {n}"));
        }
    }
    if w.npz.is_some() {
        lines.push(format!("  dropped by board size: {}", w.other_size));
    }
    lines.push(format!("positions: {} written as {}", w.written, args.to));
    for (name, n, asked) in [
        ("skip-first", w.skipped_first, args.skip_first > 0),
        ("eval-cap", w.eval_capped, args.eval_cap.is_some()),
        ("unique", w.repeated, args.unique),
    ] {
        if asked {
            lines.push(format!("  dropped by {name}: {n}"));
        }
    }
    ui.note(&lines.join("\n"));
}
