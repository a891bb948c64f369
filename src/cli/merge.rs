//! `kifu merge`: the games of several inputs, in the order given, into one
//! collection, written game by game as they are read (memory holds one game).

use std::path::PathBuf;

use clap::Args;

use super::inputs::expand;
use super::load::Resolved;
use super::progress;
use super::stream::{each_game, Flow, Item, Output, Reading};
use super::{encoding_arg, format_arg, Fatal, ReadOptions, Status, Ui};
use kifu::formats::WriteOptions;
use kifu::GameWriter;

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
    /// floodgate).
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
    if let Some(same) = expanded.inputs.iter().find(|i| {
        i.path
            .as_deref()
            .is_some_and(|p| !to_stdout && same_file(p, &args.output))
    }) {
        return Err(Fatal::Usage(format!(
            "nothing written: {} is both an input and the output",
            same.display
        )));
    }
    let pretty = args.pretty || (to_stdout && super::convert::to_terminal(None));
    let mut writer = GameWriter::new(
        target,
        encoding,
        &WriteOptions {
            pretty,
            analysis: args.analysis,
            ..WriteOptions::default()
        },
    )
    .map_err(|e| Fatal::Usage(e.to_string()))?;
    let mut out = Output::open_named((!to_stdout).then_some(args.output.as_path()), ui)
        .map_err(Fatal::Other)?;
    out.write(&writer.prefix().map_err(|e| Fatal::Other(e.to_string()))?)?;
    let mut failed = false;
    let mut stripped = kifu::formats::analysis::writing::Stripped::default();
    let progress = progress::Games::new(ui, &args.output.display().to_string());
    for input in &expanded.inputs {
        let mut failure = None;
        let reading = Reading {
            report: true,
            check: false,
            locate: false,
        };
        let read = each_game(input, opts, ui, reading, &mut |item: Item<'_>| match writer
            .game(item.game)
        {
            Ok(encoded) => {
                ui.losses(&input.display, &encoded.losses, false);
                super::analysis::add(&mut stripped, encoded.stripped);
                out.write(&encoded.bytes)?;
                progress.tick();
                Ok(Flow::Continue)
            }
            Err(e) => {
                failure = Some(format!(
                    "{}: game {}: cannot write {}: {e}",
                    input.display, item.number, target.name
                ));
                Ok(Flow::Stop)
            }
        })?;
        if let Some(reason) = failure.or(read.failure) {
            progress.finish();
            ui.error(&reason);
            ui.error("nothing merged");
            return Ok(Status::SomeFailed);
        }
        super::analysis::note_stripped(ui, &input.display, std::mem::take(&mut stripped));
        if read.selected == 0 {
            ui.warning(&format!("{}: no game merged", input.display));
            failed = true;
        }
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

/// True when both paths name one existing regular file (links followed; compared
/// by device and inode, so a hard link counts too). A device or FIFO written
/// directly is never replaced, so it is not refused.
#[cfg(unix)]
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.is_file() && a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// True when both paths name one existing file, told by their canonical paths where
/// there are no inodes.
#[cfg(not(unix))]
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
