//! `kifu list`: one row per game, as CSV (RFC 4180, with a header row) or NDJSON, for
//! DuckDB, pandas or a spreadsheet; a short line per game for people by default.

use std::path::PathBuf;

use clap::Args;

use super::engine::{each_input, Flow, GameAt, InputRead, Reading, Sink, Want};
use super::inputs::{expand, InputFile};
use super::load::Resolved;
use super::output::{stdout_bytes, stdout_json, stdout_line};
use super::{Fatal, ReadOptions, Status, Ui};
use kifu::collect::list::{Row, COLUMNS};
use kifu::collect::read::Needs;
use kifu::model::Game;

/// Arguments of `kifu list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// Files or directories (`-` for standard input).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Print CSV: a header row, then one row per game (RFC 4180 quoting).
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,
    /// With --csv: leave out the header row (for shards whose outputs are joined).
    #[arg(long, requires = "csv")]
    pub no_header: bool,
    /// With --csv: write text cells as the records hold them. By default a cell of
    /// record text (path, players, ranks, event, round, date, result, handicap) that
    /// begins with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`,
    /// so a spreadsheet does not run it as a formula.
    #[arg(long, requires = "csv")]
    pub raw_cells: bool,
    /// Print NDJSON: one object per game.
    #[arg(long)]
    pub json: bool,
    /// Input options.
    #[command(flatten)]
    pub read: ReadOptions,
}

/// Prints each game's row as it is read.
struct Rows<'a> {
    args: &'a ListArgs,
    ui: &'a Ui,
    failed: bool,
}

impl Sink<Row> for Rows<'_> {
    fn value(&mut self, at: GameAt<'_>, mut row: Row) -> Result<Flow, Fatal> {
        let args = self.args;
        // People see the escaped path (`\xff` for a byte that is not UTF-8), CSV and
        // JSON the path as text.
        let human_output = !args.csv && !args.json;
        row.path.clone_from(if human_output {
            &at.input.display
        } else {
            &at.input.name
        });
        row.game = at.number;
        row.format = at.format.name.to_string();
        row.encoding.clone_from(&at.source.encoding);
        if args.csv && !args.raw_cells {
            guard_formulas(&mut row);
        }
        if args.csv {
            stdout_bytes(&csv_bytes(|w| w.serialize(&row))?)?;
        } else if args.json {
            stdout_json(&row)?;
        } else {
            stdout_line(&human(&row))?;
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

/// Runs `kifu list`.
pub fn run(args: &ListArgs, ui: &Ui) -> Result<Status, Fatal> {
    let opts = Resolved::new(&args.read)?;
    let expanded = expand(&args.paths);
    if args.csv && !args.no_header {
        stdout_bytes(&csv_bytes(|w| w.write_record(COLUMNS))?)?;
    }
    let row = |g: &mut Game| Row::of(g, "", 0, "", None);
    let mut sink = Rows {
        args,
        ui,
        failed: false,
    };
    each_input(
        &expanded.inputs,
        opts,
        ui,
        Reading::default(),
        Want::Values(Needs::Everything, &row),
        false,
        &mut sink,
    )?;
    let failed = sink.failed;
    expanded.note_skipped(ui, args.read.verbose);
    Ok(Status::from_failed(failed))
}

/// Prefixes with `'` each cell of record text that a spreadsheet would read as a
/// formula (see [`guard_cell`]); the numeric and computed columns (game, format,
/// encoding, kind, size, winner, komi, moves, variations, comments, signature, hash)
/// are left as they are.
fn guard_formulas(row: &mut Row) {
    guard_cell(&mut row.path);
    for cell in [
        &mut row.black,
        &mut row.black_rank,
        &mut row.white,
        &mut row.white_rank,
        &mut row.event,
        &mut row.round,
        &mut row.date,
        &mut row.result,
        &mut row.handicap,
    ]
    .into_iter()
    .flatten()
    {
        guard_cell(cell);
    }
}

/// Prefixes `cell` with `'` when it begins with a character that starts a formula in
/// a spreadsheet (`=`, `+`, `-`, `@`) or that one skips before a formula (a tab, a
/// carriage return), as OWASP's advice on CSV injection says.
fn guard_cell(cell: &mut String) {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        cell.insert(0, '\'');
    }
}

/// CSV records written by `write`, as bytes (no header row).
fn csv_bytes(
    write: impl FnOnce(&mut csv::Writer<Vec<u8>>) -> Result<(), csv::Error>,
) -> Result<Vec<u8>, Fatal> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    write(&mut w).map_err(|e| Fatal::Other(format!("cannot write CSV: {e}")))?;
    w.into_inner()
        .map_err(|e| Fatal::Other(format!("cannot write CSV: {e}")))
}

/// One line for people: `PATH:GAME  kind size  black – white  date  result  N moves`.
/// Control characters in the record's text are shown escaped (the path comes escaped).
fn human(r: &Row) -> String {
    let player = |name: &Option<String>, rank: &Option<String>| match (name, rank) {
        (Some(n), Some(k)) => format!("{n} ({k})"),
        (Some(n), None) => n.clone(),
        (None, Some(k)) => format!("? ({k})"),
        (None, None) => "?".into(),
    };
    let line = format!(
        "{}:{}  {} {}  {} – {}  {}  {}  {} moves",
        r.path,
        r.game,
        r.kind,
        r.size.as_deref().unwrap_or("-"),
        player(&r.black, &r.black_rank),
        player(&r.white, &r.white_rank),
        r.date.as_deref().unwrap_or("-"),
        r.result.as_deref().unwrap_or("-"),
        r.moves
    );
    kifu::text::escape_controls(&line).into_owned()
}
