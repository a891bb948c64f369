//! Doing it to the file system, in three steps per batch of files:
//! `prepare` reads, transforms and writes a temporary file beside the destination
//! (original permissions); `flush` makes the batch's temporary files durable (one
//! `syncfs` per file system on Linux, `fdatasync` per file elsewhere); `commit`
//! renames each over its destination. A process killed at any instant leaves each file
//! either whole and old or whole and new, plus temporary files the next run removes.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

use super::select::temp_name;
use super::{transform, Candidate, FileReport, Mode, Options, Outcome};

/// A file whose new content sits in a temporary file, waiting to be renamed.
#[derive(Debug)]
pub struct Pending {
    /// The report, filled as if the rename succeeded.
    report: FileReport,
    /// The temporary file.
    tmp: PathBuf,
    /// What it replaces (or creates).
    dest: PathBuf,
    /// A backup to make first: hard link (or copy) `dest` → this path.
    backup: Option<PathBuf>,
}

/// The result of preparing one candidate.
#[derive(Debug)]
pub enum Step {
    /// Nothing to write: the report is final.
    Done(FileReport),
    /// A temporary file was written; `commit` finishes it.
    Pending(Pending),
}

/// Reads, transforms and (unless a dry run) writes the temporary file.
pub fn prepare(c: &Candidate, opts: &Options) -> Step {
    let mut report = FileReport {
        path: c.path.display().to_string(),
        from: None,
        to: opts.to.name().to_string(),
        outcome: Outcome::Failed,
        detail: String::new(),
        bytes_in: 0,
        bytes_out: 0,
    };
    if let Some((outcome, why)) = &c.verdict {
        report.outcome = *outcome;
        report.detail = why.clone();
        return Step::Done(report);
    }
    let meta = match fs::metadata(&c.real) {
        Ok(m) => m,
        Err(e) => return fail(report, format!("cannot read: {e}")),
    };
    let in_place = matches!(opts.mode, Mode::InPlace { .. });
    if in_place && meta.permissions().readonly() {
        return fail(report, "read-only file; left untouched".into());
    }
    let bytes = match fs::read(&c.real) {
        Ok(b) => b,
        Err(e) => return fail(report, format!("cannot read: {e}")),
    };
    report.bytes_in = bytes.len() as u64;
    let t = match transform(&bytes, c.profile, opts) {
        Ok(t) => t,
        Err((outcome, why, from)) => {
            report.outcome = outcome;
            report.detail = why;
            report.from = from.map(|e| e.name().to_string());
            return Step::Done(report);
        }
    };
    report.from = Some(t.from.name().to_string());
    let decided = format!("{} ({})", t.from.name(), t.decided_by.as_str());
    let (output, outcome) = match t.output {
        Some(output) => {
            let mut detail = format!("{decided} → {}", opts.to.name());
            for n in &t.notes {
                detail.push_str("; ");
                detail.push_str(n);
            }
            report.detail = detail;
            if opts.dry_run {
                report.outcome = Outcome::WouldConvert;
                return Step::Done(report);
            }
            (output, Outcome::Converted)
        }
        None => {
            report.outcome = Outcome::Unchanged;
            report.detail = format!("already {decided}");
            // In place there is nothing to do; a mirror still gets its copy.
            if in_place || opts.dry_run {
                return Step::Done(report);
            }
            (bytes.clone(), Outcome::Unchanged)
        }
    };
    let (dest, backup) = match &opts.mode {
        Mode::InPlace { backup } => (
            c.real.clone(),
            backup.as_deref().map(|s| with_suffix(&c.real, s)),
        ),
        Mode::OutDir(dir) => (dir.join(&c.relative), None),
    };
    if let Some(b) = &backup {
        match fs::read(b) {
            Ok(existing) if existing != bytes => {
                return fail(
                    report,
                    format!(
                        "{} exists and holds something else; left untouched",
                        b.display()
                    ),
                )
            }
            _ => {}
        }
    }
    match write_temp(&dest, &output, &meta) {
        Ok(tmp) => {
            report.outcome = outcome;
            report.bytes_out = output.len() as u64;
            Step::Pending(Pending {
                report,
                tmp,
                dest,
                backup,
            })
        }
        Err(e) => fail(report, format!("cannot write: {e}; left untouched")),
    }
}

/// Makes every pending temporary file durable. Returns, for each, whether it is.
pub fn flush(pending: &[&Pending]) -> Vec<bool> {
    #[cfg(target_os = "linux")]
    {
        if syncfs_all(pending.iter().map(|p| p.tmp.as_path())) {
            return vec![true; pending.len()];
        }
    }
    pending
        .iter()
        .map(|p| File::open(&p.tmp).and_then(|f| f.sync_data()).is_ok())
        .collect()
}

/// One `syncfs` per file system holding the given files; false if any call fails.
#[cfg(target_os = "linux")]
fn syncfs_all<'a>(files: impl Iterator<Item = &'a Path>) -> bool {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::MetadataExt;
    let mut devices = std::collections::BTreeMap::new();
    for f in files {
        if let Ok(m) = fs::metadata(f) {
            devices.entry(m.dev()).or_insert_with(|| f.to_path_buf());
        }
    }
    devices.values().all(|f| {
        File::open(f).is_ok_and(|file| {
            // SAFETY: syncfs only reads the descriptor, which `file` keeps open.
            unsafe { libc::syncfs(file.as_raw_fd()) == 0 }
        })
    })
}

/// Makes the backup (if any) and renames the temporary file over its destination.
pub fn commit(p: Pending, durable: bool) -> FileReport {
    let Pending {
        mut report,
        tmp,
        dest,
        backup,
    } = p;
    let result = if !durable {
        Err(std::io::Error::other(
            "the new content could not be flushed to disk",
        ))
    } else {
        make_backup(&dest, backup.as_deref()).and_then(|()| fs::rename(&tmp, &dest))
    };
    match result {
        Ok(()) => report,
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            report.outcome = Outcome::Failed;
            report.bytes_out = 0;
            report.detail = format!("cannot write: {e}; left untouched");
            report
        }
    }
}

/// Hard-links the original to its backup name (a copy where links are impossible);
/// a backup that already holds the original (an interrupted earlier run) is kept.
fn make_backup(dest: &Path, backup: Option<&Path>) -> std::io::Result<()> {
    let Some(backup) = backup else {
        return Ok(());
    };
    if backup.exists() {
        return Ok(()); // checked in `prepare` to hold the original
    }
    if fs::hard_link(dest, backup).is_ok() {
        return Ok(());
    }
    let meta = fs::metadata(dest)?;
    let bytes = fs::read(dest)?;
    let tmp = write_temp(backup, &bytes, &meta)?;
    File::open(&tmp)?.sync_data()?;
    fs::rename(&tmp, backup)
}

/// Writes `bytes` to a new temporary file beside `dest` (creating the directory),
/// with `meta`'s permissions.
fn write_temp(dest: &Path, bytes: &[u8], meta: &fs::Metadata) -> std::io::Result<PathBuf> {
    if let Some(dir) = dest
        .parent()
        .filter(|d| !d.as_os_str().is_empty() && !d.is_dir())
    {
        fs::create_dir_all(dir)?;
    }
    let tmp = temp_name(dest);
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.set_permissions(meta.permissions())
    })();
    match result {
        Ok(()) => Ok(tmp),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}

fn fail(mut report: FileReport, why: String) -> Step {
    report.outcome = Outcome::Failed;
    report.detail = why;
    Step::Done(report)
}

/// Where a candidate's new content is written, if anywhere.
pub fn written_dir(c: &Candidate, opts: &Options) -> Option<PathBuf> {
    let dest = match &opts.mode {
        Mode::InPlace { .. } => c.real.clone(),
        Mode::OutDir(dir) => dir.join(&c.relative),
    };
    dest.parent().map(Path::to_path_buf)
}

/// Flushes the directory entries of renamed files to disk: one `syncfs` per file
/// system on Linux (a directory `fsync` costs a journal commit each), else one
/// `fsync` per directory.
pub fn sync_dirs(dirs: impl IntoIterator<Item = PathBuf>) {
    let unique: std::collections::BTreeSet<_> = dirs
        .into_iter()
        .map(|d| {
            if d.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                d
            }
        })
        .collect();
    #[cfg(target_os = "linux")]
    {
        if syncfs_all(unique.iter().map(PathBuf::as_path)) {
            return;
        }
    }
    for dir in unique {
        if let Ok(d) = File::open(&dir) {
            let _ = d.sync_all();
        }
    }
}
