//! `kifu validate`: read records, check them against their game's rules, and report
//! every problem.

use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use super::engine::{each_input, InputRead, Reading, Sink, Want};
use super::inputs::{expand, skipped_line, InputFile};
use super::load::Resolved;
use super::ndjson::{print_located, FileReport, SkippedReport};
use super::output::{stdout_json, stdout_line};
use super::{Fatal, ReadOptions, Status, Ui};
use kifu::diag::Counts;

/// Arguments of `kifu validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Files or directories to check (`-` for standard input).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Print NDJSON: one object per diagnostic and per file, then a summary.
    #[arg(long)]
    pub json: bool,
    /// Accepted for compatibility, and ignored: files are read part by part, never
    /// mapped (a mapped file's pages count in memory, and a file truncated meanwhile
    /// would kill kifu with SIGBUS).
    #[arg(long, hide = true)]
    pub mmap: bool,
    /// Read files instead of mapping them: what kifu always does; accepted for
    /// compatibility.
    #[arg(long, hide = true, overrides_with = "mmap")]
    pub no_mmap: bool,
    /// Input options.
    #[command(flatten)]
    pub read: ReadOptions,
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

/// Reports each input as it is checked: its diagnostics (shown by the engine as
/// each part is read), then its verdict.
struct Report<'a> {
    args: &'a ValidateArgs,
    ui: &'a Ui,
    /// Only some games are checked (`--game`).
    selection: bool,
    total: Counts,
    invalid: usize,
}

impl Sink<()> for Report<'_> {
    fn end(&mut self, input: &InputFile, read: InputRead) -> Result<(), Fatal> {
        let mut counts = read.counts;
        if read.failure.is_some() {
            counts.errors += 1;
        }
        self.total.errors += counts.errors;
        self.total.warnings += counts.warnings;
        self.total.infos += counts.infos;
        if counts.errors > 0 {
            self.invalid += 1;
        }
        let source = read.source.as_ref();
        let valid = counts.errors == 0;
        if self.args.json {
            print_located(&read.located)?;
            return stdout_json(&FileReport {
                valid,
                format: read.format.or(read.cut_as).map(|f| f.name),
                encoding: source.and_then(|s| s.encoding.as_deref()),
                encoding_decided_by: source.and_then(|s| s.encoding_decided_by.as_deref()),
                games: read.selected,
                errors: counts.errors,
                warnings: counts.warnings,
                infos: counts.infos,
                failure: read.failure.as_deref(),
                ..FileReport::new(&input.name)
            });
        }
        if let Some(reason) = &read.failure {
            self.ui.error(reason);
            if !self.selection {
                return Ok(());
            }
        }
        if self.ui.quiet() {
            return Ok(());
        }
        let verdict = match (valid, read.empty) {
            (true, false) => "ok",
            (true, true) => "ok, but empty",
            (false, _) => "invalid",
        };
        let line = if self.selection {
            format!(
                "{}: {} ({} of {} game(s) checked; {} error(s), {} warning(s))",
                input.display,
                if valid { "ok" } else { "invalid" },
                read.selected,
                read.games,
                counts.errors,
                counts.warnings
            )
        } else {
            format!(
                "{}: {verdict} ({} game(s), {} error(s), {} warning(s))",
                input.display, read.games, counts.errors, counts.warnings
            )
        };
        stdout_line(&line)
    }
}

/// Runs `kifu validate`.
pub fn run(args: &ValidateArgs, ui: &Ui) -> Result<Status, Fatal> {
    let opts = Resolved::new(&args.read)?;
    let expanded = expand(&args.paths);
    let inputs = &expanded.inputs;
    let selection = opts.games.is_some();
    let mut report = Report {
        args,
        ui,
        selection,
        total: Counts::default(),
        invalid: 0,
    };
    let how = Reading {
        report: !args.json,
        check: true,
        locate: args.json,
    };
    // Every input checked whole by the rules, in parallel; with `--game`, game by
    // game, the games selected only.
    let want = if selection {
        Want::InOrder
    } else {
        Want::Check
    };
    each_input(inputs, opts, ui, how, want, false, &mut report)?;
    let (total, invalid) = (report.total, report.invalid);
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

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::super::{Cli, Command};

    #[test]
    fn the_old_mapping_options_are_still_accepted() {
        for args in [
            &[][..],
            &["--mmap"],
            &["--no-mmap"],
            &["--mmap", "--no-mmap"],
        ] {
            let argv = ["kifu", "validate"].iter().chain(args).chain(&["x.sgf"]);
            assert!(
                matches!(
                    Cli::try_parse_from(argv),
                    Ok(Cli {
                        command: Command::Validate(_),
                        ..
                    })
                ),
                "{args:?}"
            );
        }
    }
}
