//! Batch re-encoding of record archives: decide each file's encoding, decode strictly,
//! encode strictly, update the file's own charset declaration, verify, and replace the
//! file atomically (or mirror it into another directory).
//!
//! The library never prints: [`run`] returns one [`FileReport`] per file and calls a
//! callback as each finishes, so the CLI can draw progress.

mod profile;
mod select;
mod transform;
mod write;

use std::path::PathBuf;

use rayon::prelude::*;
use serde::Serialize;

use crate::text::TextEncoding;

pub use crate::fsio::Place;
pub use profile::Profile;
pub use select::{select, Candidate, Selection};
pub use transform::{transform, Transformed};

/// Where converted files go.
#[derive(Debug, Clone)]
pub enum Mode {
    /// Replace each file; keep the original as `<name><suffix>` when a suffix is given.
    InPlace {
        /// The backup suffix (`--backup`).
        backup: Option<String>,
    },
    /// Mirror the tree under this directory; the originals are not touched.
    OutDir(PathBuf),
}

/// What to do.
#[derive(Debug, Clone)]
pub struct Options {
    /// The target encoding.
    pub to: TextEncoding,
    /// The source encoding, overriding detection.
    pub from: Option<TextEncoding>,
    /// In place or into a directory.
    pub mode: Mode,
    /// Report what would change; change nothing.
    pub dry_run: bool,
    /// Replace undecodable bytes and unencodable characters instead of failing,
    /// reporting every replacement.
    pub lossy: bool,
    /// Follow symbolic links.
    pub follow: bool,
    /// Take every regular text file, not only record files.
    pub all: bool,
    /// Give converted files the current time instead of keeping their modification time.
    pub touch: bool,
    /// Convert a file with several names (hard links) under each name given, making
    /// it a file of its own; otherwise such files are left alone.
    pub break_links: bool,
}

/// How one file ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Re-encoded (and verified) and written.
    Converted,
    /// Would be converted (`--dry-run`).
    WouldConvert,
    /// Already in the target encoding with the right declaration; not rewritten.
    Unchanged,
    /// Not a file kifu re-encodes (symlink, binary, JSON record to a non-UTF-8 target).
    Skipped,
    /// Left untouched because something was wrong; `detail` says what.
    Failed,
}

/// The report of one file.
#[derive(Debug, Clone, Serialize)]
pub struct FileReport {
    /// The path as found.
    pub path: String,
    /// The encoding it was in, when known.
    pub from: Option<String>,
    /// The target encoding.
    pub to: String,
    /// How it ended.
    pub outcome: Outcome,
    /// Why, or what changed.
    pub detail: String,
    /// Size before.
    pub bytes_in: u64,
    /// Size after (0 when not written).
    pub bytes_out: u64,
}

/// Totals of a run.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Summary {
    /// Files looked at.
    pub files: usize,
    /// Converted (or would be, in a dry run).
    pub converted: usize,
    /// Already right.
    pub unchanged: usize,
    /// Not handled.
    pub skipped: usize,
    /// Left untouched because of a problem.
    pub failed: usize,
    /// Bytes read.
    pub bytes_in: u64,
    /// Bytes written.
    pub bytes_out: u64,
    /// Stale temporary files from interrupted runs removed.
    pub stale_removed: usize,
}

impl Summary {
    /// Adds up reports.
    pub fn of(reports: &[FileReport], stale_removed: usize) -> Summary {
        let mut s = Summary {
            files: reports.len(),
            stale_removed,
            ..Summary::default()
        };
        for r in reports {
            match r.outcome {
                Outcome::Converted | Outcome::WouldConvert => s.converted += 1,
                Outcome::Unchanged => s.unchanged += 1,
                Outcome::Skipped => s.skipped += 1,
                Outcome::Failed => s.failed += 1,
            }
            s.bytes_in += r.bytes_in;
            s.bytes_out += r.bytes_out;
        }
        s
    }
}

/// How many files are prepared before their temporary files are flushed together and
/// renamed. Small, because a file changed between its read and its rename is only
/// noticed up to the moment of the check: the window is one batch.
const BATCH: usize = 64;

/// Re-encodes every selected file in parallel; `done` is called after each file (from
/// worker threads). Reports come back in selection order.
pub fn run(
    selection: &Selection,
    opts: &Options,
    done: &(dyn Fn(&FileReport) + Sync),
) -> Vec<FileReport> {
    let mut reports = Vec::with_capacity(selection.candidates.len());
    for chunk in selection.candidates.chunks(BATCH) {
        let steps: Vec<write::Step> = chunk.par_iter().map(|c| write::prepare(c, opts)).collect();
        let pending: Vec<&write::Pending> = steps
            .iter()
            .filter_map(|s| match s {
                write::Step::Pending(p) => Some(p),
                write::Step::Done(_) => None,
            })
            .collect();
        let mut durable = write::flush(&pending).into_iter();
        let steps: Vec<(write::Step, bool)> = steps
            .into_iter()
            .map(|s| {
                let ok = matches!(s, write::Step::Pending(_)) && durable.next().unwrap_or(false);
                (s, ok)
            })
            .collect();
        let finished: Vec<FileReport> = steps
            .into_par_iter()
            .map(|(s, ok)| {
                let report = match s {
                    write::Step::Done(r) => r,
                    write::Step::Pending(p) => write::commit(p, ok),
                };
                done(&report);
                report
            })
            .collect();
        reports.extend(finished);
    }
    write::sync_dirs(
        selection
            .candidates
            .iter()
            .zip(&reports)
            .filter(|(_, r)| r.bytes_out > 0)
            .map(|(c, _)| write::written_dir(c, opts)),
    );
    reports
}

/// Removes (unless `dry_run`) the temporary files that interrupted runs left in the
/// directories this run writes (see [`crate::fsio::remove_stale_in`]); returns how
/// many there were.
pub fn clean_stale(selection: &Selection, opts: &Options, dry_run: bool) -> usize {
    let dirs: std::collections::BTreeSet<PathBuf> = selection
        .candidates
        .iter()
        .filter(|c| c.verdict.is_none())
        .map(|c| write::written_dir(c, opts))
        .collect();
    dirs.iter()
        .map(|d| crate::fsio::remove_stale_in(d, dry_run))
        .sum()
}
