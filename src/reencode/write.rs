//! Doing it to the file system: read, transform, and replace atomically (temporary
//! file in the same directory, original permissions, flushed, renamed over).

use std::fs::{self, File};
use std::io::Write;
use std::path::Path;

use super::select::temp_name;
use super::{transform, Candidate, FileReport, Mode, Options, Outcome};

/// Handles one candidate from start to end; never panics, never leaves a partial file.
pub fn process(c: &Candidate, opts: &Options) -> FileReport {
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
        return report;
    }
    let in_place = matches!(opts.mode, Mode::InPlace { .. });
    let meta = match fs::metadata(&c.real) {
        Ok(m) => m,
        Err(e) => return fail(report, format!("cannot read: {e}")),
    };
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
            return report;
        }
    };
    report.from = Some(t.from.name().to_string());
    let decided = format!("{} ({})", t.from.name(), t.decided_by.as_str());
    let Some(output) = t.output else {
        report.outcome = Outcome::Unchanged;
        report.detail = format!("already {decided}");
        if let Mode::OutDir(dir) = &opts.mode {
            if !opts.dry_run {
                if let Err(e) = write_new(&dir.join(&c.relative), &bytes, &meta) {
                    return fail(report, format!("cannot copy to the output directory: {e}"));
                }
                report.bytes_out = bytes.len() as u64;
            }
        }
        return report;
    };
    let mut detail = format!("{decided} → {}", opts.to.name());
    for n in &t.notes {
        detail.push_str("; ");
        detail.push_str(n);
    }
    report.detail = detail;
    if opts.dry_run {
        report.outcome = Outcome::WouldConvert;
        return report;
    }
    let written = match &opts.mode {
        Mode::InPlace { backup } => replace(&c.real, &bytes, &output, &meta, backup.as_deref()),
        Mode::OutDir(dir) => write_new(&dir.join(&c.relative), &output, &meta),
    };
    match written {
        Ok(()) => {
            report.outcome = Outcome::Converted;
            report.bytes_out = output.len() as u64;
            report
        }
        Err(e) => fail(report, format!("cannot write: {e}; left untouched")),
    }
}

fn fail(mut report: FileReport, why: String) -> FileReport {
    report.outcome = Outcome::Failed;
    report.detail = why;
    report
}

/// Replaces `path` with `output`: temporary file beside it, same permissions, synced,
/// renamed over. With a backup suffix the original is first linked (or copied) to
/// `<path><suffix>`; an existing backup is only accepted if it holds the original.
fn replace(
    path: &Path,
    original: &[u8],
    output: &[u8],
    meta: &fs::Metadata,
    backup: Option<&str>,
) -> std::io::Result<()> {
    if let Some(suffix) = backup {
        let mut name = path.as_os_str().to_os_string();
        name.push(suffix);
        let backup_path = std::path::PathBuf::from(name);
        match fs::read(&backup_path) {
            Ok(existing) if existing == original => {}
            Ok(_) => {
                return Err(std::io::Error::other(format!(
                    "{} exists and holds something else",
                    backup_path.display()
                )))
            }
            Err(_) => {
                if fs::hard_link(path, &backup_path).is_err() {
                    write_new(&backup_path, original, meta)?;
                }
            }
        }
    }
    write_atomic(path, output, meta)
}

/// Writes a new file (creating its directory) atomically.
fn write_new(path: &Path, bytes: &[u8], meta: &fs::Metadata) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir)?;
    }
    write_atomic(path, bytes, meta)
}

/// Temporary file in the destination's directory, then rename: the destination is
/// always either its old content or the complete new one.
fn write_atomic(path: &Path, bytes: &[u8], meta: &fs::Metadata) -> std::io::Result<()> {
    let tmp = temp_name(path);
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.set_permissions(meta.permissions())?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            if let Ok(d) = File::open(dir) {
                let _ = d.sync_all();
            }
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}
