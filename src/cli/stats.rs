//! `kifu stats`: totals over collections: games by kind and format, moves, results,
//! players, dates, encodings.

use std::path::PathBuf;

use clap::Args;

use super::engine::{each_input, Flow, GameAt, InputRead, Reading, Sink, Want};
use super::inputs::{expand, InputFile};
use super::load::Resolved;
use super::output::{stdout_json, stdout_line};
use super::{Fatal, ReadOptions, Status, Ui};
use kifu::collect::read::Needs;
use kifu::collect::stats::{GameFacts, Report, Stats};
use kifu::model::Game;

/// Arguments of `kifu stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Files or directories (`-` for standard input).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// How many players to show (most games first); the JSON lists all.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub top: usize,
    /// Input options.
    #[command(flatten)]
    pub read: ReadOptions,
}

/// Counts each game as it is read, and each file at its end.
struct Totals<'a> {
    ui: &'a Ui,
    stats: Stats,
    failed: bool,
}

impl Sink<GameFacts> for Totals<'_> {
    fn value(&mut self, at: GameAt<'_>, facts: GameFacts) -> Result<Flow, Fatal> {
        self.stats.add_game_of(at.format.name, &facts);
        Ok(Flow::Continue)
    }

    fn end(&mut self, _input: &InputFile, read: InputRead) -> Result<(), Fatal> {
        match read.failure {
            Some(reason) => {
                self.ui.error(&reason);
                self.failed = true;
                self.stats.add_failed_file();
            }
            None => self
                .stats
                .add_file_read(read.source.as_ref().and_then(|s| s.encoding.as_deref())),
        }
        Ok(())
    }
}

/// Runs `kifu stats`.
pub fn run(args: &StatsArgs, ui: &Ui) -> Result<Status, Fatal> {
    let opts = Resolved::new(&args.read)?;
    let expanded = expand(&args.paths);
    let mut sink = Totals {
        ui,
        stats: Stats::new(),
        failed: false,
    };
    let facts = |g: &mut Game| GameFacts::of(g);
    each_input(
        &expanded.inputs,
        opts,
        ui,
        Reading::default(),
        Want::Values(Needs::Moves, &facts),
        true,
        &mut sink,
    )?;
    let Totals { stats, failed, .. } = sink;
    expanded.note_skipped(ui, args.read.verbose);
    let report = stats.finish();
    if args.json {
        stdout_json(&report)?;
    } else {
        print_report(&report, args.top)?;
    }
    Ok(Status::from_failed(failed))
}

/// `a 3, b 2` from a map of counts.
fn counts(map: &std::collections::BTreeMap<String, usize>) -> String {
    map.iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The report for people.
/// Control characters from the records (player names, dates) are shown escaped.
fn print_report(r: &Report, top: usize) -> Result<(), Fatal> {
    let stdout_line = |line: &str| stdout_line(&kifu::text::escape_controls(line));
    let failed = if r.failed > 0 {
        format!(" ({} could not be read)", r.failed)
    } else {
        String::new()
    };
    stdout_line(&format!("files: {}{failed}", r.files))?;
    stdout_line(&format!("games: {}", r.games))?;
    if !r.kinds.is_empty() {
        stdout_line(&format!("  by kind: {}", counts(&r.kinds)))?;
        stdout_line(&format!("  by format: {}", counts(&r.formats)))?;
    }
    stdout_line(&format!(
        "moves (main lines): {} total, {:.1} per game",
        r.moves.total, r.moves.mean
    ))?;
    let res = r.results;
    stdout_line(&format!(
        "results: black {}, white {}, draw {}, other {}",
        res.black, res.white, res.draw, res.other
    ))?;
    match (&r.dates.first, &r.dates.last) {
        (Some(first), Some(last)) => stdout_line(&format!(
            "dates: {first} to {last} ({} of {} games dated)",
            r.dates.dated, r.games
        ))?,
        _ => stdout_line("dates: none readable")?,
    }
    stdout_line(&format!("encodings (files): {}", counts(&r.encodings)))?;
    stdout_line(&format!("players: {}", r.players.len()))?;
    for p in r.players.iter().take(top) {
        stdout_line(&format!(
            "  {}: {} game(s), {} win(s)",
            p.name, p.games, p.wins
        ))?;
    }
    if r.players.len() > top {
        stdout_line(&format!(
            "  … and {} more (--top N, or --json for all)",
            r.players.len() - top
        ))?;
    }
    Ok(())
}
