//! `kifu reencode`: batch re-encoding of record archives, lossless and crash-safe.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use clap::{ArgGroup, Args};
use serde::Serialize;

use super::output::{stdout_json, stdout_line};
use super::{encoding_arg, Fatal, Status, Ui};
use kifu::reencode::{self, FileReport, Mode, Options, Outcome, Summary};

/// Arguments of `kifu reencode`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("mode").required(true).args(["in_place", "out_dir", "dry_run"]).multiple(true)))]
pub struct ReencodeArgs {
    /// Files or directories (directories are walked).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// The target encoding (UTF-8, Shift_JIS, EUC-KR, …).
    #[arg(long, value_name = "ENC")]
    pub to: String,
    /// Replace each file in place (atomically).
    #[arg(long, conflicts_with = "out_dir")]
    pub in_place: bool,
    /// With --in-place: keep each original as `<name><SUFFIX>`.
    #[arg(long, value_name = "SUFFIX", requires = "in_place")]
    pub backup: Option<String>,
    /// Write the converted tree under DIR instead; originals stay as they are.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// The source encoding, overriding detection.
    #[arg(long, value_name = "ENC")]
    pub from: Option<String>,
    /// Report what would change; change nothing. Alone it needs neither --in-place nor
    /// --out-dir (it reports as --in-place would).
    #[arg(long)]
    pub dry_run: bool,
    /// Worker threads (default: one per core).
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    /// Print NDJSON: one object per file, then a summary.
    #[arg(long)]
    pub json: bool,
    /// Take every regular text file, not only record files.
    #[arg(long)]
    pub all: bool,
    /// Follow symbolic links.
    #[arg(long)]
    pub follow: bool,
    /// Replace undecodable bytes and unencodable characters instead of leaving the
    /// file untouched; every replacement is reported.
    #[arg(long)]
    pub lossy: bool,
    /// Give converted files the current time (by default they keep their
    /// modification time, like their mode and owner).
    #[arg(long)]
    pub touch: bool,
    /// Convert files with several names (hard links) under each name given, which
    /// makes each name a file of its own; by default they are reported and left alone.
    #[arg(long)]
    pub break_links: bool,
}

#[derive(Serialize)]
struct JsonFile<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(flatten)]
    report: &'a FileReport,
}

#[derive(Serialize)]
struct JsonSummary {
    #[serde(rename = "type")]
    kind: &'static str,
    dry_run: bool,
    #[serde(flatten)]
    summary: Summary,
}

/// Runs `kifu reencode`.
pub fn run(args: &ReencodeArgs, ui: &Ui) -> Result<Status, Fatal> {
    let Some(to) = encoding_arg(Some(&args.to))? else {
        return Err(Fatal::Usage("give the target encoding with --to".into()));
    };
    let from = encoding_arg(args.from.as_deref())?;
    let mode = match &args.out_dir {
        Some(dir) => Mode::OutDir(dir.clone()),
        None => Mode::InPlace {
            backup: args.backup.clone(),
        },
    };
    if args.backup.as_deref() == Some("") {
        return Err(Fatal::Usage("--backup needs a non-empty suffix".into()));
    }
    let opts = Options {
        to,
        from,
        mode,
        dry_run: args.dry_run,
        lossy: args.lossy,
        follow: args.follow,
        touch: args.touch,
        break_links: args.break_links,
        all: args.all,
    };
    let selection = reencode::select(&args.paths, &opts);
    let overwrites = selection.overwrites(&opts);
    if !overwrites.is_empty() {
        return Err(Fatal::Usage(format!(
            "nothing written: {}; give an --out-dir outside the inputs",
            overwrites.join("; ")
        )));
    }
    super::inputs::pause_after_walk();
    let stale = reencode::clean_stale(&selection, &opts, opts.dry_run);
    let total = selection.candidates.len() as u64;

    let progress = (!args.json && !ui.quiet() && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(total);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:30} {pos}/{len} files  {msg}  {elapsed} elapsed, {eta} left",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    let started = Instant::now();
    let bytes_done = AtomicU64::new(0);
    let done = |r: &FileReport| {
        if let Some(bar) = &progress {
            let bytes = bytes_done.fetch_add(r.bytes_in, Ordering::Relaxed) + r.bytes_in;
            let secs = started.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!("{:.1} MB/s", bytes as f64 / secs / 1e6));
            bar.inc(1);
        }
    };
    let reports = match args.jobs {
        Some(0) => return Err(Fatal::Usage("--jobs needs at least 1".into())),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| Fatal::Other(format!("cannot start {n} worker threads: {e}")))?
            .install(|| reencode::run(&selection, &opts, &done)),
        None => reencode::run(&selection, &opts, &done),
    };
    if let Some(bar) = &progress {
        bar.finish_and_clear();
    }
    let summary = Summary::of(&reports, stale);
    if args.json {
        for r in &reports {
            stdout_json(&JsonFile {
                kind: "file",
                report: r,
            })?;
        }
        stdout_json(&JsonSummary {
            kind: "summary",
            dry_run: opts.dry_run,
            summary,
        })?;
    } else {
        print_human(&reports, &summary, &opts, ui)?;
    }
    Ok(Status::from_failed(summary.failed > 0))
}

/// Failures always; skipped files and dry-run plans unless quiet; then the summary.
/// Control characters in paths and details are shown escaped.
fn print_human(reports: &[FileReport], s: &Summary, opts: &Options, ui: &Ui) -> Result<(), Fatal> {
    use kifu::text::escape_controls as esc;
    for r in reports {
        match r.outcome {
            Outcome::Failed => ui.error(&format!("{}: {}", esc(&r.path), esc(&r.detail))),
            Outcome::Skipped if !ui.quiet() => {
                stdout_line(&format!("skipped {}: {}", esc(&r.path), esc(&r.detail)))?
            }
            Outcome::WouldConvert if !ui.quiet() => stdout_line(&format!(
                "would convert {}: {}",
                esc(&r.path),
                esc(&r.detail)
            ))?,
            _ => {}
        }
    }
    if ui.quiet() {
        return Ok(());
    }
    let verb = if opts.dry_run {
        "would convert"
    } else {
        "converted"
    };
    let mut line = format!(
        "{verb} {}, unchanged {}, skipped {}, failed {} ({} files); {} read, {} written",
        s.converted,
        s.unchanged,
        s.skipped,
        s.failed,
        s.files,
        human_bytes(s.bytes_in),
        human_bytes(s.bytes_out)
    );
    if s.stale_removed > 0 {
        let verb = if opts.dry_run {
            "would remove"
        } else {
            "removed"
        };
        line.push_str(&format!(
            "; {verb} {} temporary file(s) left by an interrupted run",
            s.stale_removed
        ));
    }
    stdout_line(&line)
}

fn human_bytes(n: u64) -> String {
    match n {
        0..=9_999 => format!("{n} B"),
        10_000..=9_999_999 => format!("{:.1} kB", n as f64 / 1e3),
        _ => format!("{:.1} MB", n as f64 / 1e6),
    }
}
