//! `kifu convert`: read records and write them in another format.

use std::path::{Path, PathBuf};

use clap::Args;

use super::inputs::{expand, InputFile};
use super::load::{load, Resolved};
use super::output::stdout_bytes;
use super::{encoding_arg, format_arg, Fatal, ReadOptions, Status, Ui};
use crate::formats::csa::CsaVersion;
use crate::formats::{Format, WriteOptions};
use crate::text::TextEncoding;

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
}

fn parse_csa_version(s: &str) -> Result<CsaVersion, String> {
    CsaVersion::parse(s).ok_or_else(|| format!("unknown CSA version {s:?}: give 2.2 or 3.0"))
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
    let expanded = expand(&args.inputs);
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
    let how = How {
        target,
        opts,
        out_encoding,
        strict: args.strict,
        wrap: args.wrap,
        csa_version: args.csa_version,
    };
    let mut failed = Vec::new();
    for input in inputs {
        let dest = destination(args, target, input);
        if let Err(reason) = convert_one(input, &dest, &how, ui)? {
            ui.error(&reason);
            failed.push(input.display.clone());
        }
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

/// Chooses where an input's conversion is written.
fn destination(args: &ConvertArgs, target: &Format, input: &InputFile) -> Destination {
    if let Some(dir) = &args.out_dir {
        let ext = target.extensions.first().copied().unwrap_or(target.name);
        return Destination::File(dir.join(&input.relative).with_extension(ext));
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
    out_encoding: Option<TextEncoding>,
    strict: bool,
    wrap: Option<usize>,
    csa_version: Option<CsaVersion>,
}

/// Converts one input. `Ok(Err(reason))` is a failed file; `Err` stops the run.
fn convert_one(
    input: &InputFile,
    dest: &Destination,
    how: &How,
    ui: &Ui,
) -> Result<Result<(), String>, Fatal> {
    let How {
        target,
        opts,
        out_encoding,
        strict,
        wrap,
        csa_version,
    } = *how;
    let outcome = match load(input, opts) {
        Ok(o) => o,
        Err(reason) => return Ok(Err(reason)),
    };
    ui.diagnostics(
        &input.display,
        outcome.text.as_deref(),
        &outcome.parsed.diagnostics,
    );
    if outcome.has_errors() {
        let n = outcome
            .parsed
            .diagnostics
            .iter()
            .filter(|d| d.severity == crate::diag::Severity::Error)
            .count();
        return Ok(Err(format!(
            "{}: not converted: {n} error(s) in the input",
            input.display
        )));
    }
    let encoded = match crate::write_with(
        &outcome.parsed.collection,
        target,
        out_encoding,
        &WriteOptions {
            source: Some(&outcome.source),
            wrap,
            csa_version,
            ..WriteOptions::default()
        },
    ) {
        Ok(e) => e,
        Err(e) => {
            return Ok(Err(format!(
                "{}: cannot convert to {}: {e}",
                input.display, target.name
            )))
        }
    };
    ui.losses(&input.display, &encoded.losses, strict);
    if strict && !encoded.losses.is_empty() {
        return Ok(Err(format!(
            "{}: not converted: {} loss(es) and --strict",
            input.display,
            encoded.losses.len()
        )));
    }
    match dest {
        Destination::Stdout => stdout_bytes(&encoded.bytes)?,
        Destination::File(path) => {
            if let Err(e) = write_file(path, &encoded.bytes) {
                return Ok(Err(format!(
                    "{}: cannot write {}: {e}",
                    input.display,
                    path.display()
                )));
            }
        }
    }
    Ok(Ok(()))
}

/// Writes a file, creating its directory.
fn write_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, bytes)
}
