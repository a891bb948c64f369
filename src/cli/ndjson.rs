//! The NDJSON objects `validate --json` and `convert --json` print: one per
//! diagnostic, per loss, per file and per skipped file. One home, so the two commands
//! report a file the same way.

use serde::Serialize;

use kifu::diag::Loss;

/// The per-file object: what was read, and (for `convert`) whether it was written.
#[derive(Serialize)]
pub struct FileReport<'a> {
    /// Always `"file"`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The input as named.
    pub path: &'a str,
    /// True when the input has no error.
    pub valid: bool,
    /// The format it was read as.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<&'a str>,
    /// The encoding it was decoded with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<&'a str>,
    /// What decided the encoding.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding_decided_by: Option<&'a str>,
    /// Games read (or checked).
    pub games: usize,
    /// Errors in the input.
    pub errors: usize,
    /// Warnings (repairs with nothing lost, legacy usage).
    pub warnings: usize,
    /// Informational notes.
    pub infos: usize,
    /// `convert`: what the writer could not carry.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub losses: Option<usize>,
    /// `convert`: whether the output was written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub written: Option<bool>,
    /// `convert`: where the output went (`-` for standard output).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<&'a str>,
    /// Why the input could not be read or written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<&'a str>,
}

impl<'a> FileReport<'a> {
    /// The report of `path` with nothing read yet: change what is known with
    /// struct update syntax.
    pub fn new(path: &'a str) -> FileReport<'a> {
        FileReport {
            kind: "file",
            path,
            valid: true,
            format: None,
            encoding: None,
            encoding_decided_by: None,
            games: 0,
            errors: 0,
            warnings: 0,
            infos: 0,
            losses: None,
            written: None,
            output: None,
            failure: None,
        }
    }
}

/// A loss (something the target format could not carry) as an NDJSON object.
#[derive(Serialize)]
pub struct LossReport<'a> {
    /// Always `"loss"`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The input as named.
    pub path: &'a str,
    /// The game it concerns, from 1 (as `--game` counts).
    pub game: usize,
    /// The 1-based move number it concerns, if any.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub move_number: Option<u32>,
    /// Always `"loss"`: a loss is reported as a warning, refused under `--strict`.
    pub severity: &'static str,
    /// The registered loss code.
    pub code: &'static str,
    /// What was lost.
    pub message: &'a str,
}

impl<'a> LossReport<'a> {
    /// The report of `loss`, from the input `path`.
    pub fn of(path: &'a str, loss: &'a Loss) -> LossReport<'a> {
        LossReport {
            kind: "loss",
            path,
            game: loss.game + 1,
            move_number: loss.move_number,
            severity: "loss",
            code: loss.code.name,
            message: &loss.message,
        }
    }
}

/// A file a directory walk left out, as an NDJSON object (with `--verbose`).
#[derive(Serialize)]
pub struct SkippedReport<'a> {
    /// Always `"skipped"`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The file as found.
    pub path: &'a str,
    /// Why it was left out.
    pub reason: &'a str,
}

/// Prints diagnostics located by `stream::each_game` (JSON objects without their
/// type) as `"diagnostic"` objects.
pub fn print_located(located: &[String]) -> Result<(), super::Fatal> {
    for one in located {
        let fields = one.strip_prefix('{').unwrap_or(one);
        super::output::stdout_line(&format!("{{\"type\":\"diagnostic\",{fields}"))?;
    }
    Ok(())
}
