//! `kifu merge`: the games of several inputs, in the order given, into one
//! collection, written game by game as they are read: the games are written on all
//! cores and joined in order (memory holds a window of games).

use std::path::PathBuf;

use clap::Args;

use super::engine::{each_input, Begin, GameAt, PartSize, Sink, Want};
use super::inputs::{expand, InputFile};
use super::load::Resolved;
use super::progress;
use super::stream::{Flow, InputRead, Output, Reading};
use super::{encoding_arg, format_arg, Fatal, ReadOptions, Status, Ui};
use kifu::formats::analysis::writing::Stripped;
use kifu::formats::{SourceInfo, WriteOptions};
use kifu::model::Game;
use kifu::{Draft, GameWriter};

/// Arguments of `kifu merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Input files or directories (`-` for standard input), in the order wanted.
    #[arg(required = true, value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,
    /// The collection to write (`-` for standard output).
    #[arg(short, long, value_name = "OUTPUT")]
    pub output: PathBuf,
    /// The format of the collection (default: from the output's extension).
    #[arg(short = 't', long = "to", value_name = "FORMAT")]
    pub to: Option<String>,
    /// Encoding of the output (default: the format's usual one).
    #[arg(long, value_name = "ENC")]
    pub output_encoding: Option<String>,
    /// Indent JSON for people (the default only when writing to a terminal).
    #[arg(long)]
    pub pretty: bool,
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

/// Runs `kifu merge`.
pub fn run(args: &MergeArgs, ui: &Ui) -> Result<Status, Fatal> {
    let opts = Resolved::new(&args.read)?;
    let to_stdout = args.output.as_os_str() == "-";
    let target = match format_arg(args.to.as_deref())? {
        Some(f) => f,
        None => (!to_stdout)
            .then(|| kifu::formats::by_extension(&args.output))
            .flatten()
            .ok_or_else(|| {
                Fatal::Usage(format!(
                    "cannot tell the format of {} by its extension: give it with -t",
                    args.output.display()
                ))
            })?,
    };
    if !target.holds_many() || target.writer.is_none() {
        let many: Vec<&str> = kifu::formats::all()
            .iter()
            .filter(|f| f.holds_many() && f.writer.is_some())
            .map(|f| f.name)
            .collect();
        return Err(Fatal::Usage(format!(
            "{} holds one game per file: merge into a format that holds many ({})",
            target.name,
            many.join(", ")
        )));
    }
    let encoding = encoding_arg(args.output_encoding.as_deref())?;
    let expanded = expand(&args.inputs);
    // The output is looked at once; only when it exists are the inputs compared
    // with it (a merge into a new file asks nothing of its thousands of inputs).
    let output_id = (!to_stdout).then(|| file_id(&args.output)).flatten();
    if let Some(same) = output_id.and_then(|out| {
        expanded
            .inputs
            .iter()
            .find(|i| i.path.as_deref().and_then(file_id).as_ref() == Some(&out))
    }) {
        return Err(Fatal::Usage(format!(
            "nothing written: {} is both an input and the output",
            same.display
        )));
    }
    let pretty = args.pretty || (to_stdout && super::convert::to_terminal(None));
    let options = WriteOptions {
        pretty,
        analysis: args.analysis,
        ..WriteOptions::default()
    };
    let mut writer =
        GameWriter::new(target, encoding, &options).map_err(|e| Fatal::Usage(e.to_string()))?;
    // Games are drafted on any thread by a writer of the same options, and placed
    // in order by `writer`.
    let drafter =
        GameWriter::new(target, encoding, &options).map_err(|e| Fatal::Usage(e.to_string()))?;
    let mut out = Output::open_named((!to_stdout).then_some(args.output.as_path()), ui)
        .map_err(Fatal::Other)?;
    out.write(&writer.prefix().map_err(|e| Fatal::Other(e.to_string()))?)?;
    let mut merging = Merging {
        writer,
        out,
        ui,
        progress: progress::Games::new(ui, &args.output.display().to_string()),
        failure: None,
        aborted: false,
        failed: false,
        stripped: Stripped::default(),
    };
    let draft = |_: usize, _: &SourceInfo, game: &mut Game| drafter.draft(game);
    let reading = Reading {
        report: true,
        check: false,
        locate: false,
    };
    each_input(
        &expanded.inputs,
        opts,
        ui,
        reading,
        Want::Mapped(&draft, PartSize::Small),
        false,
        &mut merging,
    )?;
    let Merging {
        mut writer,
        mut out,
        progress,
        aborted,
        failed,
        ..
    } = merging;
    if aborted {
        return Ok(Status::SomeFailed);
    }
    progress.finish();
    out.write(&writer.suffix().map_err(|e| Fatal::Other(e.to_string()))?)?;
    expanded.note_skipped(ui, args.read.verbose);
    if let Err(reason) = out.commit()? {
        ui.error(&reason);
        return Ok(Status::SomeFailed);
    }
    Ok(Status::from_failed(failed))
}

/// The merging of every input into one output, as a sink of the engine: each game
/// is drafted on any thread and placed, written and its losses reported here, in
/// order. The first input that fails ends the run with nothing merged.
struct Merging<'a> {
    writer: GameWriter,
    out: Output,
    ui: &'a Ui,
    progress: progress::Games,
    /// Why the input being read fails.
    failure: Option<String>,
    /// An input failed: nothing is merged, no more inputs are read.
    aborted: bool,
    /// An input gave no game.
    failed: bool,
    /// What `--analysis strip` took from the input being read.
    stripped: Stripped,
}

impl Sink<Draft> for Merging<'_> {
    fn begin(&mut self, _index: usize, _input: &InputFile) -> Result<Begin, Fatal> {
        Ok(if self.aborted {
            Begin::Stop
        } else {
            Begin::Read
        })
    }

    fn value(&mut self, at: GameAt<'_>, draft: Draft) -> Result<Flow, Fatal> {
        match self.writer.place(draft) {
            Ok(encoded) => {
                self.ui.losses(&at.input.display, &encoded.losses, false);
                super::analysis::add(&mut self.stripped, encoded.stripped);
                self.out.write_owned(encoded.bytes)?;
                self.progress.tick();
                Ok(Flow::Continue)
            }
            Err(e) => {
                self.failure = Some(format!(
                    "{}: game {}: cannot write {}: {e}",
                    at.input.display,
                    at.number,
                    self.writer.format().name
                ));
                Ok(Flow::Stop)
            }
        }
    }

    fn end(&mut self, input: &InputFile, read: InputRead) -> Result<(), Fatal> {
        if let Some(reason) = self.failure.take().or(read.failure) {
            self.progress.finish();
            self.ui.error(&reason);
            self.ui.error("nothing merged");
            self.aborted = true;
            return Ok(());
        }
        let stripped = std::mem::take(&mut self.stripped);
        super::analysis::note_stripped(self.ui, &input.display, stripped);
        if read.selected == 0 {
            self.ui
                .warning(&format!("{}: no game merged", input.display));
            self.failed = true;
        }
        Ok(())
    }
}

/// What tells one existing regular file from another (links followed): its device
/// and inode, so a hard link counts as the same file. A device or FIFO written
/// directly is never replaced, so it has none and is never refused.
#[cfg(unix)]
fn file_id(path: &std::path::Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).ok()?;
    meta.is_file().then(|| (meta.dev(), meta.ino()))
}

/// What tells one existing file from another where there are no inodes: its
/// canonical path.
#[cfg(not(unix))]
fn file_id(path: &std::path::Path) -> Option<std::path::PathBuf> {
    std::fs::canonicalize(path).ok()
}
