//! `kifu stats`: totals over collections: games by kind and format, moves, results,
//! players, dates, encodings.

use std::path::PathBuf;

use clap::Args;

use super::games::each_file;
use super::inputs::expand;
use super::load::Resolved;
use super::output::{stdout_json, stdout_line};
use super::{Fatal, ReadOptions, Status, Ui};
use kifu::collect::read::Needs;
use kifu::collect::stats::{GameFacts, Report, Stats};

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

/// Runs `kifu stats`.
pub fn run(args: &StatsArgs, ui: &Ui) -> Result<Status, Fatal> {
    let opts = Resolved::new(&args.read)?;
    let expanded = expand(&args.paths);
    let mut stats = Stats::new();
    let mut failed = false;
    each_file(
        &expanded.inputs,
        opts,
        Needs::Moves,
        ui,
        false,
        &|g| GameFacts::of(g),
        |_, outcome| {
            match outcome {
                Ok(file) => stats.add_file(
                    file.format.name,
                    file.source.encoding.as_deref(),
                    &file.games,
                ),
                Err(reason) => {
                    ui.error(&reason);
                    failed = true;
                    stats.add_failed_file();
                }
            }
            Ok(())
        },
    )?;
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
