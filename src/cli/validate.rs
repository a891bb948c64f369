//! `kifu validate`: read records, check them against their game's rules, and report
//! every problem.

use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use super::inputs::{expand, skipped_line, InputFile};
use super::load::{load_checked, Resolved};
use super::ndjson::{print_located, DiagReport, FileReport, SkippedReport};
use super::output::{stdout_json, stdout_line};
use super::{Fatal, ReadOptions, Status, Ui};
use kifu::diag::{self, Counts, Source};
use kifu::text::LineIndex;
use kifu::Checked;

mod stdin;

/// Arguments of `kifu validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Files or directories to check (`-` for standard input).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Print NDJSON: one object per diagnostic and per file, then a summary.
    #[arg(long)]
    pub json: bool,
    /// Map files of 4 MiB or more into memory instead of reading them: saves a copy,
    /// but UNSAFE if another program may truncate a file meanwhile (kifu then dies of a
    /// bus error, SIGBUS). Off by default.
    #[arg(long)]
    pub mmap: bool,
    /// Read files instead of mapping them: the default; accepted for compatibility.
    #[arg(long, hide = true, overrides_with = "mmap")]
    pub no_mmap: bool,
    /// Input options.
    #[command(flatten)]
    pub read: ReadOptions,
}

/// Checks the games `--game` selects of one input, read game by game: the reader's
/// diagnostics for the whole input (the parts read), the rules' for the games
/// selected. Returns the counts (with one error more when it could not be read).
fn selected(
    args: &ValidateArgs,
    ui: &Ui,
    input: &InputFile,
    opts: super::load::Resolved,
) -> Result<Counts, Fatal> {
    let reading = super::stream::Reading {
        report: !args.json,
        check: true,
        locate: args.json,
    };
    let read = super::stream::each_game(input, opts, ui, reading, &mut |_| {
        Ok(super::stream::Flow::Continue)
    })?;
    let mut counts = read.counts;
    if read.failure.is_some() {
        counts.errors += 1;
    }
    let source = read.source.as_ref();
    if args.json {
        print_located(&read.located)?;
        stdout_json(&FileReport {
            valid: counts.errors == 0,
            format: read.format.map(|f| f.name),
            encoding: source.and_then(|s| s.encoding.as_deref()),
            encoding_decided_by: source.and_then(|s| s.encoding_decided_by.as_deref()),
            games: read.selected,
            errors: counts.errors,
            warnings: counts.warnings,
            infos: counts.infos,
            failure: read.failure.as_deref(),
            ..FileReport::new(&input.name)
        })?;
    } else {
        if let Some(reason) = &read.failure {
            ui.error(reason);
        }
        if !ui.quiet() {
            let verdict = if counts.errors == 0 { "ok" } else { "invalid" };
            stdout_line(&format!(
                "{}: {verdict} ({} of {} game(s) checked; {} error(s), {} warning(s))",
                input.display, read.selected, read.games, counts.errors, counts.warnings
            ))?;
        }
    }
    Ok(counts)
}

/// The final NDJSON object.
#[derive(Serialize)]
struct Summary {
    #[serde(rename = "type")]
    kind: &'static str,
    files: usize,
    valid: usize,
    invalid: usize,
    errors: usize,
    warnings: usize,
    infos: usize,
    skipped: usize,
}

impl ValidateArgs {
    /// Whether large files are mapped rather than read: only with `--mmap` (a later
    /// `--no-mmap` wins), since a mapped file truncated by another program kills the
    /// process.
    pub fn maps(&self) -> bool {
        self.mmap && !self.no_mmap
    }
}

/// Runs `kifu validate`.
pub fn run(args: &ValidateArgs, ui: &Ui) -> Result<Status, Fatal> {
    let opts = Resolved::new(&args.read)?;
    let expanded = expand(&args.paths);
    let inputs = &expanded.inputs;
    let map = args.maps();
    let mut total = Counts::default();
    let mut invalid = 0usize;
    // Files are read and checked in parallel, at most a window of them ahead of the
    // one reported, and reported in the order given (`ordered::in_order`).
    let window = rayon::current_num_threads().max(1) * 4;
    if opts.games.is_some() {
        // Only some games: each input read game by game, in order.
        for input in inputs {
            let counts = selected(args, ui, input, opts)?;
            total.errors += counts.errors;
            total.warnings += counts.warnings;
            total.infos += counts.infos;
            if counts.errors > 0 {
                invalid += 1;
            }
        }
    }
    let all = if opts.games.is_some() {
        0
    } else {
        inputs.len()
    };
    super::ordered::in_order(
        inputs.get(..all).unwrap_or(&[]),
        rayon::current_num_threads(),
        window,
        // Standard input is read below, in order, game by game.
        |input| input.path.is_some().then(|| load_checked(input, opts, map)),
        |input, outcome| -> Result<(), Fatal> {
            let outcome = match outcome {
                Some(Ok(o)) => o,
                None => {
                    let counts = stdin::check(args, ui, input, opts)?;
                    total.errors += counts.errors;
                    total.warnings += counts.warnings;
                    total.infos += counts.infos;
                    if counts.errors > 0 {
                        invalid += 1;
                    }
                    return Ok(());
                }
                Some(Err(reason)) => {
                    invalid += 1;
                    total.errors += 1;
                    if args.json {
                        stdout_json(&FileReport {
                            valid: false,
                            format: None,
                            encoding: None,
                            encoding_decided_by: None,
                            games: 0,
                            errors: 1,
                            warnings: 0,
                            infos: 0,
                            failure: Some(&reason),
                            ..FileReport::new(&input.name)
                        })?;
                    } else {
                        ui.error(&reason);
                    }
                    return Ok(());
                }
            };
            let counts = Counts::of(&outcome.diagnostics);
            total.errors += counts.errors;
            total.warnings += counts.warnings;
            total.infos += counts.infos;
            if counts.errors > 0 {
                invalid += 1;
            }
            report(args, ui, input, &outcome, &counts)
        },
    )?;
    let skipped = expanded.skipped.len();
    if args.read.verbose && (args.json || !ui.quiet()) {
        for s in &expanded.skipped {
            if args.json {
                stdout_json(&SkippedReport {
                    kind: "skipped",
                    path: &s.name,
                    reason: &s.reason,
                })?;
            } else {
                stdout_line(&format!(
                    "skipped {}: {}",
                    s.display,
                    kifu::text::escape_controls(&s.reason)
                ))?;
            }
        }
    }
    if args.json {
        stdout_json(&Summary {
            kind: "summary",
            files: inputs.len(),
            valid: inputs.len() - invalid,
            invalid,
            errors: total.errors,
            warnings: total.warnings,
            infos: total.infos,
            skipped,
        })?;
    } else if !ui.quiet() && (inputs.len() > 1 || skipped > 0) {
        let mut line = format!(
            "{} file(s) checked: {} valid, {invalid} invalid; {} error(s), {} warning(s)",
            inputs.len(),
            inputs.len() - invalid,
            total.errors,
            total.warnings
        );
        if skipped > 0 {
            line.push_str("; ");
            line.push_str(&skipped_line(skipped, args.read.verbose));
        }
        stdout_line(&line)?;
    }
    Ok(Status::from_failed(invalid > 0))
}

/// Prints one file's diagnostics and verdict (human or NDJSON).
fn report(
    args: &ValidateArgs,
    ui: &Ui,
    input: &InputFile,
    outcome: &Checked,
    counts: &Counts,
) -> Result<(), Fatal> {
    let diags = &outcome.diagnostics;
    let valid = counts.errors == 0;
    if args.json {
        let index = outcome.text.as_deref().map(LineIndex::new);
        for d in diags {
            let source = match (outcome.text.as_deref(), &index) {
                (Some(t), Some(i)) => Source::Text(t, i),
                _ => Source::Bytes,
            };
            stdout_json(&DiagReport {
                kind: "diagnostic",
                located: diag::locate(&input.name, d, source),
            })?;
        }
        stdout_json(&FileReport {
            valid,
            format: Some(outcome.format.name),
            encoding: outcome.source.encoding.as_deref(),
            encoding_decided_by: outcome.source.encoding_decided_by.as_deref(),
            games: outcome.games,
            errors: counts.errors,
            warnings: counts.warnings,
            infos: counts.infos,
            failure: None,
            ..FileReport::new(&input.name)
        })?;
    } else {
        ui.diagnostics(&input.display, outcome.text.as_deref(), diags);
        if !ui.quiet() {
            let empty = diags.iter().any(|d| d.code == kifu::EMPTY_RECORD);
            let verdict = match (valid, empty) {
                (true, false) => "ok",
                (true, true) => "ok, but empty",
                (false, _) => "invalid",
            };
            stdout_line(&format!(
                "{}: {verdict} ({} game(s), {} error(s), {} warning(s))",
                input.display, outcome.games, counts.errors, counts.warnings
            ))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::super::{Cli, Command};

    /// Whether `kifu validate ARGS… x.sgf` would map large files.
    fn maps(args: &[&str]) -> bool {
        let argv = ["kifu", "validate"].iter().chain(args).chain(&["x.sgf"]);
        match Cli::try_parse_from(argv) {
            Ok(Cli {
                command: Command::Validate(v),
                ..
            }) => v.maps(),
            other => panic!("not a validate command line: {other:?}"),
        }
    }

    #[test]
    fn files_are_read_not_mapped_unless_mmap_is_asked_for() {
        assert!(!maps(&[]), "the default reads: no SIGBUS possible");
        assert!(!maps(&["--no-mmap"]), "still accepted, and the default");
        assert!(maps(&["--mmap"]));
        assert!(!maps(&["--mmap", "--no-mmap"]), "the last one wins");
        assert!(maps(&["--no-mmap", "--mmap"]), "the last one wins");
    }
}
