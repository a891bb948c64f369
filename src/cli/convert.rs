//! `kifu convert`: read records and write them in another format.

use std::collections::{HashMap, HashSet};
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use clap::Args;
use serde::Serialize;

use super::engine::{each_input, Begin, GameAt, PartSize, Sink, Want};
use super::inputs::{expand, InputFile};
use super::load::Resolved;
use super::ndjson::{print_located, FileReport, LossReport, SkippedReport};
use super::output::stdout_json;
use super::stream::{Flow, InputRead, Output, Reading};
use super::{encoding_arg, format_arg, Fatal, ReadOptions, Status, Ui};
use kifu::diag::{Counts, Loss};
use kifu::formats::analysis::writing::{AnalysisMode, Stripped};
use kifu::formats::{CsaVersion, Format, FormatOption, SourceInfo, UsiOption, WriteOptions};
use kifu::fsio;
use kifu::model::Game;
use kifu::text::TextEncoding;
use kifu::{Draft, GameWriter};

/// Arguments of `kifu convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// Input files or directories (`-` for standard input).
    #[arg(required = true, value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,
    /// The target format.
    #[arg(short = 't', long = "to", value_name = "FORMAT")]
    pub to: String,
    /// Output file (`-` for standard output, the default for one input).
    #[arg(short, long, value_name = "OUTPUT", conflicts_with = "out_dir")]
    pub output: Option<PathBuf>,
    /// Write each converted file under DIR, keeping its relative path.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// With --out-dir: keep the source's extension in the output name
    /// (`game.kif` → `game.kif.json`), so that `game.kif` and `game.sgf` do not both
    /// become `game.json`.
    #[arg(long, requires = "out_dir")]
    pub keep_extension: bool,
    /// Input options.
    #[command(flatten)]
    pub read: ReadOptions,
    /// Encoding of the output (default: the target format's usual one, UTF-8 for most).
    #[arg(long, value_name = "ENC")]
    pub output_encoding: Option<String>,
    /// Fail instead of writing when the target cannot express everything.
    #[arg(long)]
    pub strict: bool,
    /// Wrap long text values at about N columns (default 76) with soft line breaks
    /// that never split a character; SGF only, off by default.
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "76")]
    pub wrap: Option<usize>,
    /// The CSA version to write: 2.2 or 3.0 (default: the source's, V2.2 unless the
    /// record was read from CSA V3.0). CSA only.
    #[arg(long, value_name = "VERSION", value_parser = parse_csa_version)]
    pub csa_version: Option<CsaVersion>,
    /// End each USI line with the game's end token (`resign`, `win`, `draw` …) as
    /// ShogiHome writes; USI engines accept moves only, so by default the end is
    /// left out and reported as a loss. USI only.
    #[arg(long)]
    pub usi_endings: bool,
    /// Indent JSON for people (the default only when writing to a terminal; compact
    /// otherwise).
    #[arg(long)]
    pub pretty: bool,
    /// Report as NDJSON on standard output, as `validate --json` does: one object per
    /// diagnostic and per loss, one per file (with `"written": true|false`), then a
    /// summary. The converted records then need `-o FILE` or `--out-dir DIR`.
    #[arg(long)]
    pub json: bool,
    /// Engine analysis: keep (each evaluation in its own program's convention when
    /// the target holds it, else the target's usual one), strip (none written; how
    /// many went is told), or as=PROGRAM (lizzie, sabaki, ogatak, shogihome, kif,
    /// floodgate, katago).
    #[arg(long, value_name = "MODE", default_value = "keep", value_parser = super::analysis::parse)]
    pub analysis: AnalysisMode,
}

fn parse_csa_version(s: &str) -> Result<CsaVersion, String> {
    CsaVersion::parse(s).ok_or_else(|| format!("unknown CSA version {s:?}: give 2.2 or 3.0"))
}

/// The options of single formats' writers the arguments give: each writer reads its
/// own and passes the others by.
fn format_options(args: &ConvertArgs) -> Vec<FormatOption> {
    let csa = args.csa_version.map(FormatOption::Csa);
    let usi = args
        .usi_endings
        .then_some(FormatOption::Usi(UsiOption::Endings));
    csa.into_iter().chain(usi).collect()
}

/// Where one converted file goes.
enum Destination {
    Stdout,
    File(PathBuf),
}

/// Runs `kifu convert`.
pub fn run(args: &ConvertArgs, ui: &Ui) -> Result<Status, Fatal> {
    let Some(target) = format_arg(Some(&args.to))? else {
        return Err(Fatal::Usage("give the target format with -t".into()));
    };
    let opts = Resolved::new(&args.read)?;
    let out_encoding = encoding_arg(args.output_encoding.as_deref())?;
    let mut expanded = expand(&args.inputs);
    if args.out_dir.is_some() {
        // What is written into the output tree is only what was found in the input
        // trees: each walked input is read through directory handles.
        super::inputs::anchor(&mut expanded.inputs);
    }
    let inputs = &expanded.inputs;
    let many = inputs.len() > 1 || args.inputs.iter().any(|p| p.is_dir());
    if many && args.out_dir.is_none() {
        return Err(Fatal::Usage(
            "several inputs need --out-dir DIR (or convert one file at a time)".into(),
        ));
    }
    if inputs.is_empty() {
        ui.warning("no record files found in the given directories");
    }
    let records_to_stdout =
        args.out_dir.is_none() && args.output.as_ref().is_none_or(|p| p.as_os_str() == "-");
    if args.json && records_to_stdout {
        return Err(Fatal::Usage(
            "convert --json reports on standard output: write the records with -o FILE or --out-dir DIR".into(),
        ));
    }
    let dests: Vec<Destination> = inputs
        .iter()
        .map(|input| destination(args, target, input))
        .collect();
    let dirs: std::collections::BTreeSet<&Path> = dests
        .iter()
        .filter_map(|d| match d {
            Destination::File(p) => p.parent().filter(|d| !d.as_os_str().is_empty()),
            Destination::Stdout => None,
        })
        .collect();
    // One listing of each output directory removes what killed runs left and tells
    // which outputs exist already: only those are looked at before writing.
    let mut stale = 0;
    let mut listed = Listed::new();
    for dir in dirs {
        let (removed, names) = fsio::sweep_and_list(dir, false);
        stale += removed;
        listed.insert(dir, names);
    }
    // Whether each output's name was in its directory's listing (or it is not
    // known): only those outputs have a file whose mode and owner are kept.
    let existed = may_exist_each(&dests, &listed);
    refuse_collisions(inputs, &dests, &existed)?;
    if stale > 0 {
        ui.note(&format!(
            "removed {stale} temporary file(s) left by an interrupted run"
        ));
    }
    let how = How {
        target,
        opts,
        strict: args.strict,
        wrap: args.wrap,
        format_options: format_options(args),
        pretty: args.pretty || (args.out_dir.is_none() && to_terminal(args.output.as_deref())),
        json: args.json,
        named: args.out_dir.is_none(),
        out_dir: args.out_dir.clone(),
        analysis: args.analysis,
    };
    // Each output's encoding and convention, for the games written on any thread.
    let writing: Vec<(Option<TextEncoding>, bool)> = dests
        .iter()
        .map(|dest| {
            let path = match dest {
                Destination::File(path) => Some(path.as_path()),
                Destination::Stdout => None,
            };
            let encoding =
                out_encoding.or_else(|| path.map(|p| target.output_encoding_for(Some(p))));
            (encoding, kifu::formats::utf8_by_convention(path))
        })
        .collect();
    super::inputs::pause_after_walk();
    if args.out_dir.is_some() {
        // Many inputs, often a warning or two each: held to go out in fewer calls.
        super::stderr::hold(ui.stderr_is_terminal());
    }
    let mut converting = Converting {
        inputs,
        dests: &dests,
        existed: &existed,
        writing: &writing,
        how: &how,
        tree: args.out_dir.as_deref().map(fsio::OutTree::new),
        ui,
        current: None,
        settled: Settled::default(),
        waiting: Vec::new(),
        staged: 0,
    };
    let draft = |i: usize, source: &SourceInfo, game: &mut Game| -> Draft {
        let (encoding, utf8_by_convention) = writing.get(i).copied().unwrap_or_default();
        let options = WriteOptions {
            source: Some(source),
            wrap: how.wrap,
            format_options: &how.format_options,
            utf8_by_convention,
            pretty: how.pretty,
            analysis: how.analysis,
            ..WriteOptions::default()
        };
        match GameWriter::new(target, encoding, &options) {
            Ok(writer) => writer.draft(game),
            Err(e) => Draft::Encoded(Err(e)),
        }
    };
    let reading = Reading {
        report: !args.json,
        check: false,
        locate: args.json,
    };
    each_input(
        inputs,
        opts,
        ui,
        reading,
        Want::Mapped(&draft, PartSize::Small),
        false,
        &mut converting,
    )?;
    let Converting {
        mut settled,
        mut waiting,
        ..
    } = converting;
    settled.flush(&mut waiting, args.json, ui)?;
    let Settled { failed, total } = settled;
    if args.json {
        if args.read.verbose {
            for s in &expanded.skipped {
                stdout_json(&SkippedReport {
                    kind: "skipped",
                    path: &s.name,
                    reason: &s.reason,
                })?;
            }
        }
        stdout_json(&Summary {
            kind: "summary",
            files: inputs.len(),
            written: inputs.len() - failed.len(),
            not_written: failed.len(),
            errors: total.counts.errors,
            warnings: total.counts.warnings,
            infos: total.counts.infos,
            losses: total.losses,
            skipped: expanded.skipped.len(),
        })?;
        return Ok(Status::from_failed(!failed.is_empty()));
    }
    expanded.note_skipped(ui, args.read.verbose);
    if !failed.is_empty() && inputs.len() > 1 {
        ui.error(&format!(
            "{} of {} files not converted: {}",
            failed.len(),
            inputs.len(),
            failed.join(", ")
        ));
    }
    Ok(Status::from_failed(!failed.is_empty()))
}

/// Outputs of `--out-dir` staged and closed before a batch is made durable (one
/// `syncfs`) and renamed: few enough that their directory entries and the list of
/// those waiting stay cheap, many enough that a folder of a few thousand files takes
/// one `syncfs` (each costs a flush of the disk: about 12 ms on this VM's).
const BATCH: usize = 4096;

/// One input converted, its output (of `--out-dir`) staged and closed but not yet
/// durable or in place.
struct Waiting<'a> {
    input: &'a InputFile,
    dest: &'a Destination,
    converted: Converted,
    file: Option<fsio::DirClosed>,
}

/// What the run reported so far: the inputs not written and the totals.
#[derive(Default)]
struct Settled {
    failed: Vec<String>,
    total: Totals,
}

impl Settled {
    /// Reports one input whose output is in place (or refused).
    fn settle(&mut self, w: Waiting<'_>, json: bool, ui: &Ui) -> Result<(), Fatal> {
        self.total.add(&w.converted);
        if json {
            report_json(w.input, w.dest, &w.converted)?;
        } else if let Err(reason) = &w.converted.result {
            ui.error(reason);
        }
        if w.converted.result.is_err() {
            self.failed.push(w.input.display.clone());
        }
        Ok(())
    }

    /// Makes the waiting outputs durable together (one `syncfs` per file system),
    /// renames each into place, and reports them in order. An output that cannot be
    /// made durable or renamed fails its input and is removed; whatever was at its
    /// name is as it was.
    fn flush(&mut self, waiting: &mut Vec<Waiting<'_>>, json: bool, ui: &Ui) -> Result<(), Fatal> {
        let synced = fsio::sync_dir_closed(waiting.iter().filter_map(|w| w.file.as_ref()))
            .map_err(|e| e.to_string());
        for mut w in waiting.drain(..) {
            if let Some(file) = w.file.take() {
                let done = match &synced {
                    Ok(()) => file.commit().map_err(|e| e.to_string()),
                    // Dropped: the temporary file is removed.
                    Err(e) => Err(e.clone()),
                };
                if let Err(e) = done {
                    let shown = match w.dest {
                        Destination::File(p) => p.display().to_string(),
                        Destination::Stdout => "-".into(),
                    };
                    w.converted.result =
                        Err(format!("{}: cannot write {shown}: {e}", w.input.display));
                }
            }
            self.settle(w, json, ui)?;
        }
        Ok(())
    }
}

/// Chooses where an input's conversion is written.
fn destination(args: &ConvertArgs, target: &Format, input: &InputFile) -> Destination {
    if let Some(dir) = &args.out_dir {
        let ext = target.extensions.first().copied().unwrap_or(target.name);
        let ext = ext.trim_start_matches('.');
        let path = dir.join(&input.relative);
        let path = if args.keep_extension {
            let mut name = path.clone().into_os_string();
            name.push(".");
            name.push(ext);
            PathBuf::from(name)
        } else {
            path.with_extension(ext)
        };
        return Destination::File(path);
    }
    match &args.output {
        Some(p) if p.as_os_str() != "-" => Destination::File(p.clone()),
        _ => Destination::Stdout,
    }
}

/// How every input of a run is converted.
struct How {
    target: &'static Format,
    opts: Resolved,
    strict: bool,
    wrap: Option<usize>,
    /// `--csa-version`, `--usi-endings`: each read by its format's writer only.
    format_options: Vec<FormatOption>,
    pretty: bool,
    /// Report as NDJSON: diagnostics and losses are kept for [`report_json`], not
    /// printed as they come.
    json: bool,
    /// The output is the one named with `-o` (written as the shell's `>` would: a
    /// device or FIFO directly, a link through), not one of `--out-dir`'s files.
    named: bool,
    /// `--out-dir`: outputs below it are written through directory handles.
    out_dir: Option<PathBuf>,
    /// `--analysis`.
    analysis: AnalysisMode,
}

/// What converting one input gave.
struct Converted {
    /// What reading it gave (format, encoding, counts, located diagnostics).
    read: InputRead,
    /// What the writer could not carry.
    losses: Vec<Loss>,
    /// `Err(reason)` when nothing was written for it.
    result: Result<(), String>,
}

/// The run's totals, for the `--json` summary.
#[derive(Default)]
struct Totals {
    counts: Counts,
    losses: usize,
}

impl Totals {
    fn add(&mut self, c: &Converted) {
        self.counts.errors += c.read.counts.errors;
        self.counts.warnings += c.read.counts.warnings;
        self.counts.infos += c.read.counts.infos;
        self.losses += c.losses.len();
    }
}

/// The final `--json` object.
#[derive(Serialize)]
struct Summary {
    #[serde(rename = "type")]
    kind: &'static str,
    files: usize,
    written: usize,
    not_written: usize,
    errors: usize,
    warnings: usize,
    infos: usize,
    losses: usize,
    skipped: usize,
}

/// Prints one input's diagnostics, losses and outcome as NDJSON.
fn report_json(input: &InputFile, dest: &Destination, c: &Converted) -> Result<(), Fatal> {
    print_located(&c.read.located)?;
    for loss in &c.losses {
        stdout_json(&LossReport::of(&input.name, loss))?;
    }
    let source = c.read.source.as_ref();
    let output = match dest {
        Destination::File(p) => p.to_string_lossy(),
        Destination::Stdout => "-".into(),
    };
    stdout_json(&FileReport {
        valid: c.read.counts.errors == 0,
        format: c.read.format.map(|f| f.name),
        encoding: source.and_then(|s| s.encoding.as_deref()),
        encoding_decided_by: source.and_then(|s| s.encoding_decided_by.as_deref()),
        games: c.read.selected,
        errors: c.read.counts.errors,
        warnings: c.read.counts.warnings,
        infos: c.read.counts.infos,
        losses: Some(c.losses.len()),
        written: Some(c.result.is_ok()),
        output: Some(&output),
        failure: c.result.as_ref().err().map(String::as_str),
        ..FileReport::new(&input.name)
    })
}

/// The conversion of every input, as a sink of the engine: each game is drafted on
/// any thread ([`GameWriter::draft`]) and placed, written and its losses reported
/// here, in order, as it comes, so memory holds a window of games (see `engine.rs`).
/// A file output is staged and renamed into place at the input's end, or removed if
/// the conversion fails. Standard output is written as the games come, except where
/// the output must wait for the whole input: a format holding one game (a second
/// game refuses the file), and `--strict` (an error anywhere refuses the file). A
/// file of `--out-dir` is staged in `tree`, closed at its input's end, and made
/// durable and put in place with its batch. A failed file is `Err(reason)` in its
/// result; `Err` stops the run.
struct Converting<'a> {
    inputs: &'a [InputFile],
    dests: &'a [Destination],
    /// Whether each output's name was listed in its directory at the start.
    existed: &'a [bool],
    /// Each output's encoding and whether UTF-8 is its convention.
    writing: &'a [(Option<TextEncoding>, bool)],
    how: &'a How,
    tree: Option<fsio::OutTree>,
    ui: &'a Ui,
    /// The input being converted.
    current: Option<Current<'a>>,
    settled: Settled,
    /// Inputs converted, waiting for their batch (or, under --json, for those
    /// before them) to be reported.
    waiting: Vec<Waiting<'a>>,
    /// Outputs of `--out-dir` staged in `waiting`.
    staged: usize,
}

/// The conversion of one input under way.
struct Current<'a> {
    /// Its index among the inputs.
    index: usize,
    input: &'a InputFile,
    dest: &'a Destination,
    out: Output,
    /// The writer, made at the first game (with its source).
    writer: Option<GameWriter>,
    /// Why it fails, once it does.
    failure: Option<String>,
    losses: Vec<Loss>,
    /// What `--analysis strip` took from its games.
    stripped: Stripped,
    progress: super::progress::Games,
}

impl<'a> Converting<'a> {
    /// Reports a converted input in order, making a batch of `--out-dir` outputs
    /// durable when it is full.
    fn done(&mut self, w: Waiting<'a>) -> Result<(), Fatal> {
        let json = self.how.json;
        // Reports keep the input order: under --json one waits for those staged
        // before it.
        if w.file.is_none() && (!json || self.waiting.is_empty()) {
            return self.settled.settle(w, json, self.ui);
        }
        self.staged += usize::from(w.file.is_some());
        self.waiting.push(w);
        if self.staged >= BATCH {
            self.settled.flush(&mut self.waiting, json, self.ui)?;
            self.staged = 0;
        }
        Ok(())
    }
}

impl<'a> Sink<Draft> for Converting<'a> {
    fn begin(&mut self, index: usize, _input: &InputFile) -> Result<Begin, Fatal> {
        let (Some(input), Some(dest)) = (self.inputs.get(index), self.dests.get(index)) else {
            return Ok(Begin::Skip);
        };
        let how = self.how;
        let path = match dest {
            Destination::File(path) => Some(path.as_path()),
            Destination::Stdout => None,
        };
        let opened = match (path, &how.out_dir, self.tree.as_mut()) {
            _ if how.named => Output::open_named(path, self.ui),
            (Some(p), Some(root), Some(tree)) => match p.strip_prefix(root) {
                Ok(relative) => {
                    let existed = self.existed.get(index).copied().unwrap_or(true);
                    Output::open_in(tree, root, relative, existed)
                }
                Err(_) => Output::open(path),
            },
            _ => Output::open(path),
        };
        let mut out = match opened {
            Ok(out) => out,
            Err(reason) => {
                let converted = Converted {
                    read: InputRead::default(),
                    losses: Vec::new(),
                    result: Err(format!("{}: {reason}", input.display)),
                };
                self.done(Waiting {
                    input,
                    dest,
                    converted,
                    file: None,
                })?;
                return Ok(Begin::Skip);
            }
        };
        // A device or FIFO named with -o cannot take back what it was given either.
        let direct = matches!(dest, Destination::Stdout) || out.is_direct();
        if direct && (how.strict || !how.target.holds_many()) {
            out = Output::Held(Vec::new(), Box::new(out));
        }
        self.current = Some(Current {
            index,
            input,
            dest,
            out,
            writer: None,
            failure: None,
            losses: Vec::new(),
            stripped: Stripped::default(),
            progress: super::progress::Games::new(self.ui, &input.display),
        });
        Ok(Begin::Read)
    }

    fn value(&mut self, at: GameAt<'_>, draft: Draft) -> Result<Flow, Fatal> {
        let how = self.how;
        let ui = self.ui;
        let Some(c) = self.current.as_mut() else {
            return Ok(Flow::Stop);
        };
        let input = c.input;
        let target = how.target;
        let writer = match &mut c.writer {
            Some(w) => w,
            None => {
                if how.strict
                    && at.source.encoding_decided_by.as_deref()
                        == Some(kifu::text::Decision::Guess.as_str())
                {
                    c.failure = Some(format!(
                        "{}: not converted: its encoding ({}) is a statistical guess and --strict (give --encoding to be sure)",
                        input.display,
                        at.source.encoding.as_deref().unwrap_or("?")
                    ));
                    return Ok(Flow::Stop);
                }
                let (encoding, utf8_by_convention) =
                    self.writing.get(c.index).copied().unwrap_or_default();
                let options = WriteOptions {
                    source: Some(at.source),
                    wrap: how.wrap,
                    format_options: &how.format_options,
                    utf8_by_convention,
                    pretty: how.pretty,
                    analysis: how.analysis,
                    ..WriteOptions::default()
                };
                let mut w = match GameWriter::new(target, encoding, &options) {
                    Ok(w) => w,
                    Err(e) => {
                        c.failure = Some(format!(
                            "{}: cannot convert to {}: {e}",
                            input.display, target.name
                        ));
                        return Ok(Flow::Stop);
                    }
                };
                match w.prefix() {
                    Ok(bytes) => c.out.write(&bytes)?,
                    Err(e) => {
                        c.failure = Some(format!(
                            "{}: cannot convert to {}: {e}",
                            input.display, target.name
                        ));
                        return Ok(Flow::Stop);
                    }
                }
                c.writer.insert(w)
            }
        };
        let encoded = match writer.place(draft) {
            Ok(e) => e,
            Err(e) => {
                c.failure = Some(format!(
                    "{}: cannot convert to {}: {e}",
                    input.display, target.name
                ));
                return Ok(Flow::Stop);
            }
        };
        if !how.json {
            ui.losses(&input.display, &encoded.losses, how.strict);
        }
        super::analysis::add(&mut c.stripped, encoded.stripped);
        let lost = encoded.losses.len();
        c.losses.extend(encoded.losses);
        if how.strict && lost > 0 {
            c.failure = Some(format!(
                "{}: not converted: {lost} loss(es) and --strict",
                input.display
            ));
            return Ok(Flow::Stop);
        }
        c.out.write_owned(encoded.bytes)?;
        c.progress.tick();
        super::stderr::tick();
        Ok(if c.out.failed() {
            Flow::Stop
        } else {
            Flow::Continue
        })
    }

    fn end(&mut self, _input: &InputFile, read: InputRead) -> Result<(), Fatal> {
        let Some(c) = self.current.take() else {
            return Ok(());
        };
        c.progress.finish();
        super::stderr::tick();
        let (result, file) = match finish(c.input, self.how, &read, c.failure, c.writer, c.out)? {
            Ok(file) => (Ok(()), file),
            Err(reason) => (Err(reason), None),
        };
        if result.is_ok() && !self.how.json {
            super::analysis::note_stripped(self.ui, &c.input.display, c.stripped);
        }
        let converted = Converted {
            read,
            losses: c.losses,
            result,
        };
        self.done(Waiting {
            input: c.input,
            dest: c.dest,
            converted,
            file,
        })
    }
}

/// Ends one input's conversion after its last game: refuses it (nothing written)
/// when reading or writing failed, no game was read, or `--strict` and the input has
/// errors; else writes the tail and puts the output in place, or closes a file of
/// `--out-dir` to be made durable and put in place with its batch.
fn finish(
    input: &InputFile,
    how: &How,
    read: &InputRead,
    failure: Option<String>,
    writer: Option<GameWriter>,
    mut out: Output,
) -> Result<Result<Option<fsio::DirClosed>, String>, Fatal> {
    let (target, opts, strict) = (how.target, how.opts, how.strict);
    if let Some(reason) = failure.or_else(|| read.failure.clone()) {
        return Ok(Err(reason));
    }
    // The contract: whatever could be read is written, with every repair reported
    // as it was read; only an input with no game in it is refused, and under
    // --strict any input with an error.
    let errors = read.counts.errors;
    let Some(mut writer) = writer else {
        let what = match opts.games {
            Some(range) if read.games > 0 => {
                format!("no game {range} (the input holds {})", read.games)
            }
            _ => format!("no game could be read ({errors} error(s))"),
        };
        return Ok(Err(format!("{}: not converted: {what}", input.display)));
    };
    if strict && errors > 0 {
        return Ok(Err(format!(
            "{}: not converted: {errors} error(s) in the input and --strict",
            input.display
        )));
    }
    match writer.suffix() {
        Ok(bytes) => out.write(&bytes)?,
        Err(e) => {
            return Ok(Err(format!(
                "{}: cannot convert to {}: {e}",
                input.display, target.name
            )))
        }
    }
    Ok(out
        .close_staged()?
        .map_err(|reason| format!("{}: {reason}", input.display)))
}

/// The names each output directory held when it was listed (`None`: it could not
/// be listed whole).
type Listed<'a> = HashMap<&'a Path, Option<HashSet<OsString>>>;

/// For each output, false when the listing of its directory says nothing is at its
/// path; true when something is, or when that is not known (standard output too).
/// Outputs side by side share a directory: it is looked up once for them.
fn may_exist_each(dests: &[Destination], listed: &Listed<'_>) -> Vec<bool> {
    // The directory looked up last, and its names (`None`: not known).
    let mut last: Option<(&Path, Option<&HashSet<OsString>>)> = None;
    dests
        .iter()
        .map(|dest| {
            let Destination::File(path) = dest else {
                return true;
            };
            let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
                return true;
            };
            let names = match last {
                // Equal bytes are an equal path: no hashing of its components.
                Some((seen, names)) if seen.as_os_str() == dir.as_os_str() => names,
                _ => {
                    let names = listed.get(dir).and_then(Option::as_ref);
                    last = Some((dir, names));
                    names
                }
            };
            names.is_none_or(|names| names.contains(name))
        })
        .collect()
}

/// Refuses, before anything is written, a run in which two inputs would be written to
/// one output, or an output would replace an input that is still to be read. Only an
/// output that exists can be an input: the inputs are asked their identity (once
/// each) only when one does, and an output its own only when its directory's listing
/// holds its name.
fn refuse_collisions(
    inputs: &[InputFile],
    dests: &[Destination],
    existed: &[bool],
) -> Result<(), Fatal> {
    let mut by_dest: HashMap<(usize, &OsStr), &InputFile> = HashMap::new();
    let mut dirs = Dirs::default();
    let mut problems = Vec::new();
    let mut existing = Vec::new();
    for (i, ((input, dest), &may_exist)) in inputs.iter().zip(dests).zip(existed).enumerate() {
        let Destination::File(path) = dest else {
            continue;
        };
        if let Some(first) = by_dest.insert(dirs.key(path), input) {
            problems.push((
                i,
                format!(
                    "{} and {} would both be written to {}",
                    first.display,
                    input.display,
                    path.display()
                ),
            ));
        }
        if let Some(id) = may_exist.then(|| file_id(path)).flatten() {
            existing.push((i, path, id));
        }
    }
    if !existing.is_empty() {
        let ids: Vec<Option<(u64, u64)>> = inputs
            .iter()
            .map(|i| i.path.as_deref().and_then(file_id))
            .collect();
        let input_ids: HashMap<(u64, u64), &InputFile> = inputs
            .iter()
            .zip(&ids)
            .filter_map(|(input, id)| Some(((*id)?, input)))
            .collect();
        for (i, path, id) in existing {
            let (Some(input), own) = (inputs.get(i), ids.get(i).copied().flatten()) else {
                continue;
            };
            if let Some(other) = Some(id)
                .filter(|id| Some(*id) != own)
                .and_then(|id| input_ids.get(&id))
            {
                problems.push((
                    i,
                    format!(
                        "{} would be written to {}, which is the input {}",
                        input.display,
                        path.display(),
                        other.display
                    ),
                ));
            }
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    // In the inputs' order (a stable sort: an input's own two problems keep theirs).
    problems.sort_by_key(|(i, _)| *i);
    let problems: Vec<String> = problems.into_iter().map(|(_, p)| p).collect();
    Err(Fatal::Usage(format!(
        "nothing written: {}; convert them separately or use --keep-extension",
        problems.join("; ")
    )))
}

/// Numbers the output directories of a run, so that an output path is told apart
/// by its directory's number and its name: equal keys are equal paths, and the
/// components of a directory's path are hashed once, not once per output in it.
#[derive(Default)]
struct Dirs<'p> {
    numbers: HashMap<&'p Path, usize>,
    /// The directory numbered last (by its bytes) and its number.
    last: Option<(&'p OsStr, usize)>,
}

impl<'p> Dirs<'p> {
    /// The key of an output path: its directory's number and its name (a path
    /// without a name is its own directory, with an empty name).
    fn key(&mut self, path: &'p Path) -> (usize, &'p OsStr) {
        let (dir, name) = match (path.parent(), path.file_name()) {
            (Some(dir), Some(name)) => (dir, name),
            _ => (path, OsStr::new("")),
        };
        let number = match self.last {
            Some((seen, number)) if seen == dir.as_os_str() => number,
            _ => {
                let next = self.numbers.len();
                let number = *self.numbers.entry(dir).or_insert(next);
                self.last = Some((dir.as_os_str(), number));
                number
            }
        };
        (number, name)
    }
}

/// The (device, inode) of an existing file.
#[cfg(unix)]
fn file_id(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// Files are told apart by path only where there are no inodes.
#[cfg(not(unix))]
fn file_id(_path: &Path) -> Option<(u64, u64)> {
    None
}

/// True when the output is standard output and standard output is a terminal.
pub(super) fn to_terminal(output: Option<&Path>) -> bool {
    use std::io::IsTerminal;
    output.is_none_or(|p| p.as_os_str() == "-") && std::io::stdout().is_terminal()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(p: &str) -> Destination {
        Destination::File(PathBuf::from(p))
    }

    #[test]
    fn output_keys_are_equal_exactly_when_the_paths_are() {
        let paths = [
            "out/a.csa",
            "out/b.csa",
            "out//a.csa",
            "out/./b.csa",
            "out/sub/a.csa",
            "other/a.csa",
            "a.csa",
        ];
        let mut dirs = Dirs::default();
        let keys: Vec<(usize, &OsStr)> = paths.iter().map(|p| dirs.key(Path::new(p))).collect();
        for (i, a) in paths.iter().enumerate() {
            for (j, b) in paths.iter().enumerate() {
                assert_eq!(
                    keys[i] == keys[j],
                    Path::new(a) == Path::new(b),
                    "{a} against {b}"
                );
            }
        }
    }

    #[test]
    fn the_listing_says_which_outputs_may_exist() {
        let names: HashSet<OsString> = [OsString::from("a.csa")].into_iter().collect();
        let mut listed: Listed<'_> = HashMap::new();
        listed.insert(Path::new("out"), Some(names));
        listed.insert(Path::new("unlisted"), None);
        let dests = [
            file("out/a.csa"),
            file("out/b.csa"),
            file("out//a.csa"),
            file("unlisted/a.csa"),
            file("elsewhere/a.csa"),
            Destination::Stdout,
            file("out/b.csa"),
        ];
        assert_eq!(
            may_exist_each(&dests, &listed),
            [true, false, true, true, true, true, false]
        );
    }
}
