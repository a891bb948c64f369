//! Doing it to the file system, in three steps per batch of files:
//! `prepare` reads each file through one descriptor (noting its identity), transforms
//! it and stages the result in an exclusive temporary file beside the destination,
//! with the original's metadata; `flush` makes the batch's temporary files durable
//! (one `syncfs` per file system on Linux, `fdatasync` per file elsewhere); `commit`
//! renames each over its destination if the original is still the file that was read.
//! A process killed at any instant leaves each file either whole and old or whole and
//! new, plus temporary files the next run removes.
//!
//! No path is trusted twice: each file is reached from its walk's root through
//! directory handles ([`crate::fsio::reach`]: `O_NOFOLLOW`, and every directory must
//! be the one the walk saw), read, staged, checked, backed up and renamed relative to
//! its open directory; an output tree is made with `mkdirat` and entered the same way
//! ([`crate::fsio::make_path`]). A directory swapped for a link meanwhile makes the
//! file "changed during the run; left untouched", and nothing is read or written
//! through it.

use std::ffi::{OsStr, OsString};
use std::fs;
use std::path::{Component, PathBuf};
use std::sync::Arc;

use super::{transform, Candidate, FileReport, Mode, Options, Outcome};
use crate::fsio::{self, Dir, DirTemp, Identity, Keep, ReachError};

/// A file whose new content sits in a temporary file, waiting to be renamed.
#[derive(Debug)]
pub struct Pending {
    /// The report, filled as if the rename succeeded.
    report: FileReport,
    /// The new content, in its destination's open directory.
    staged: DirTemp,
    /// The open directory of the file that was read, its name there, and what it was.
    source_dir: Arc<Dir>,
    source_name: OsString,
    identity: Identity,
    /// Whether the destination is the source itself.
    in_place: bool,
    /// A backup to make first: hard link (or copy) the original → this name beside it.
    backup: Option<OsString>,
}

/// The result of preparing one candidate.
#[derive(Debug)]
pub enum Step {
    /// Nothing to write: the report is final.
    Done(FileReport),
    /// A temporary file was written; `commit` finishes it.
    Pending(Pending),
}

/// What a report says of a file that changed under kifu.
const CHANGED: &str = "changed during the run; left untouched";

/// Reads, transforms and (unless a dry run) stages the new content.
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
    let in_place = matches!(opts.mode, Mode::InPlace { .. });
    let place = &c.place;
    let source_dir = match fsio::reach(&place.root, place.root_id, &place.steps) {
        Ok(d) => Arc::new(d),
        Err(ReachError::Changed) => return fail(report, CHANGED.into()),
        Err(ReachError::Io(e)) => return fail(report, format!("cannot read: {e}")),
    };
    let (bytes, identity, meta) = match source_dir.read_identified(&place.name) {
        Ok(read) => read,
        Err(fsio::ReadError::Changed) => return fail(report, CHANGED.into()),
        Err(fsio::ReadError::Io(e)) => return fail(report, format!("cannot read: {e}")),
    };
    if in_place && meta.permissions().readonly() {
        return fail(report, "read-only file; left untouched".into());
    }
    report.bytes_in = bytes.len() as u64;
    if in_place && identity.links > 1 && !opts.break_links {
        report.outcome = Outcome::Skipped;
        report.detail = format!(
            "{} names share this file (hard links); left alone (--break-links converts this name on its own)",
            identity.links
        );
        return Step::Done(report);
    }
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
            if in_place && identity.links > 1 {
                detail.push_str("; its hard links to other names are broken (--break-links)");
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
    let backup = match &opts.mode {
        Mode::InPlace {
            backup: Some(suffix),
        } => Some(with_suffix(&place.name, suffix)),
        _ => None,
    };
    if let Some(b) = &backup {
        // A backup name already taken must hold the original (an interrupted earlier
        // run); anything else there (another file, a link) is not overwritten.
        match source_dir.metadata(b) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            _ => {
                if !source_dir
                    .read_identified(b)
                    .is_ok_and(|(existing, _, _)| existing == bytes)
                {
                    return fail(
                        report,
                        format!(
                            "{} exists and holds something else; left untouched",
                            c.real.with_file_name(b).display()
                        ),
                    );
                }
            }
        }
    }
    let (dest_dir, dest_name) = match &opts.mode {
        Mode::InPlace { .. } => (Arc::clone(&source_dir), place.name.clone()),
        Mode::OutDir(dir) => match out_dir_place(dir, c) {
            Ok(found) => found,
            Err(ReachError::Changed) => return fail(report, CHANGED.into()),
            Err(ReachError::Io(e)) => {
                return fail(report, format!("cannot write: {e}; left untouched"))
            }
        },
    };
    // In place the new file is the old one's in every way but its bytes; a mirror
    // keeps the mode and times, and belongs to whoever runs kifu.
    let mut keep = Keep::all_of(&meta, opts.touch);
    if !in_place {
        keep.owner = None;
    }
    match stage(&dest_dir, &dest_name, &output, &keep) {
        Ok(staged) => {
            report.outcome = outcome;
            report.bytes_out = output.len() as u64;
            Step::Pending(Pending {
                report,
                staged,
                source_dir,
                source_name: place.name.clone(),
                identity,
                in_place,
                backup,
            })
        }
        Err(e) => fail(report, format!("cannot write: {e}; left untouched")),
    }
}

/// The open directory (made where missing, entered without following links) and the
/// name a candidate's mirror takes under `dir`.
fn out_dir_place(dir: &std::path::Path, c: &Candidate) -> Result<(Arc<Dir>, OsString), ReachError> {
    let mut parts: Vec<&OsStr> = Vec::new();
    for part in c.relative.components() {
        match part {
            Component::Normal(p) => parts.push(p),
            _ => {
                return Err(ReachError::Io(std::io::Error::other(format!(
                    "{} is not a path below the output directory",
                    c.relative.display()
                ))))
            }
        }
    }
    let Some(name) = parts.pop() else {
        return Err(ReachError::Io(std::io::Error::other("no file name")));
    };
    let d = fsio::make_path(dir, parts)?;
    Ok((Arc::new(d), name.to_os_string()))
}

/// Writes `bytes` to a new exclusive temporary file in `dir` that will replace `name`,
/// with the metadata `keep` asks for.
fn stage(dir: &Arc<Dir>, name: &OsStr, bytes: &[u8], keep: &Keep) -> std::io::Result<DirTemp> {
    use std::io::Write;
    let mut staged = dir.stage(name)?;
    staged.write_all(bytes)?;
    staged.finish(keep)?;
    Ok(staged)
}

/// Makes every pending temporary file durable. Returns, for each, whether it is.
pub fn flush(pending: &[&Pending]) -> Vec<bool> {
    #[cfg(target_os = "linux")]
    {
        if crate::fsio::syncfs_files(pending.iter().map(|p| p.staged.file())) {
            return vec![true; pending.len()];
        }
    }
    pending.iter().map(|p| p.staged.sync().is_ok()).collect()
}

/// Checks that the source is still what was read, makes the backup (if any) and
/// renames the temporary file over its destination.
pub fn commit(p: Pending, durable: bool) -> FileReport {
    let Pending {
        mut report,
        staged,
        source_dir,
        source_name,
        identity,
        in_place,
        backup,
    } = p;
    let unchanged = source_dir
        .metadata(&source_name)
        .is_ok_and(|m| identity.unchanged(&Identity::of(&m)));
    let result = if !durable {
        Err("cannot write: the new content could not be flushed to disk; left untouched".into())
    } else if !unchanged {
        Err(CHANGED.to_string())
    } else {
        make_backup(&source_dir, &source_name, backup.as_deref())
            .map_err(|e| format!("cannot write the backup: {e}; left untouched"))
            .and_then(|()| {
                let expect = if backup.is_some() {
                    identity.after_own_link()
                } else {
                    identity
                };
                staged
                    .commit(in_place.then_some(&expect))
                    .map_err(|e| match e {
                        fsio::CommitError::Changed => CHANGED.to_string(),
                        fsio::CommitError::Io(e) => format!("cannot write: {e}; left untouched"),
                    })
            })
    };
    if let Err(why) = result {
        report.outcome = Outcome::Failed;
        report.bytes_out = 0;
        report.detail = why;
    }
    report
}

/// Hard-links the original to its backup name in the same open directory (a copy
/// where links are impossible); a backup that already holds the original (an
/// interrupted earlier run) is kept.
fn make_backup(dir: &Arc<Dir>, original: &OsStr, backup: Option<&OsStr>) -> std::io::Result<()> {
    let Some(backup) = backup else {
        return Ok(());
    };
    if dir.metadata(backup).is_ok() {
        return Ok(()); // checked in `prepare` to hold the original
    }
    if dir.link(original, backup).is_ok() {
        return Ok(());
    }
    let (bytes, _, meta) = dir
        .read_identified(original)
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    let staged = stage(dir, backup, &bytes, &Keep::all_of(&meta, false))?;
    staged.sync()?;
    staged.commit(None).map_err(std::io::Error::other)
}

fn with_suffix(name: &OsStr, suffix: &str) -> OsString {
    let mut name = name.to_os_string();
    name.push(suffix);
    name
}

fn fail(mut report: FileReport, why: String) -> Step {
    report.outcome = Outcome::Failed;
    report.detail = why;
    Step::Done(report)
}

/// Where a candidate's new content is written.
pub fn destination(c: &Candidate, opts: &Options) -> PathBuf {
    match &opts.mode {
        Mode::InPlace { .. } => c.real.clone(),
        Mode::OutDir(dir) => dir.join(&c.relative),
    }
}

/// The directory a candidate's new content is written in.
pub fn written_dir(c: &Candidate, opts: &Options) -> PathBuf {
    match destination(c, opts).parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Flushes the directory entries of renamed files to disk: one `syncfs` per file
/// system on Linux (a directory `fsync` costs a journal commit each), else one
/// `fsync` per directory.
pub fn sync_dirs(dirs: impl IntoIterator<Item = PathBuf>) {
    let unique: std::collections::BTreeSet<_> = dirs.into_iter().collect();
    let opened: Vec<fs::File> = unique
        .iter()
        .filter_map(|d| fs::File::open(d).ok())
        .collect();
    #[cfg(target_os = "linux")]
    {
        if crate::fsio::syncfs_files(opened.iter()) {
            return;
        }
    }
    for d in opened {
        let _ = d.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reencode::Profile;
    use crate::text::TextEncoding;
    use std::path::Path;

    fn options() -> Options {
        Options {
            to: TextEncoding::UTF_8,
            from: None,
            mode: Mode::InPlace { backup: None },
            dry_run: false,
            lossy: false,
            follow: false,
            all: false,
            touch: false,
            break_links: false,
        }
    }

    fn candidate(path: &Path) -> Candidate {
        Candidate {
            path: path.to_path_buf(),
            real: path.to_path_buf(),
            relative: PathBuf::from("g.kif"),
            profile: Profile::for_path(path).expect("a .kif profile"),
            verdict: None,
            place: crate::reencode::Place {
                root: path.parent().expect("a directory").to_path_buf(),
                root_id: None,
                steps: Vec::new(),
                name: path.file_name().expect("a name").to_os_string(),
            },
        }
    }

    /// Shift_JIS `先手：甲` and a line break.
    const SJIS: &[u8] = b"\x90\xe6\x8e\xe8\x81\x46\x8d\x62\r\n";

    #[test]
    fn a_file_appended_to_between_read_and_rename_is_left_with_the_appended_bytes() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("g.kif");
        fs::write(&path, SJIS).expect("write");
        let Step::Pending(pending) = prepare(&candidate(&path), &options()) else {
            panic!("a Shift_JIS file is to be converted");
        };
        let mut appended = SJIS.to_vec();
        appended.extend_from_slice(b"*note\r\n");
        fs::write(&path, &appended).expect("append");
        let report = commit(pending, true);
        assert_eq!(report.outcome, Outcome::Failed);
        assert_eq!(report.detail, "changed during the run; left untouched");
        assert_eq!(fs::read(&path).expect("read"), appended);
        let names: Vec<_> = fs::read_dir(dir.path()).expect("dir").collect();
        assert_eq!(names.len(), 1, "the temporary file is gone");
    }

    #[test]
    fn an_unchanged_file_is_replaced_by_its_conversion() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("g.kif");
        fs::write(&path, SJIS).expect("write");
        let Step::Pending(pending) = prepare(&candidate(&path), &options()) else {
            panic!("a Shift_JIS file is to be converted");
        };
        let report = commit(pending, true);
        assert_eq!(report.outcome, Outcome::Converted, "{}", report.detail);
        assert_eq!(
            fs::read_to_string(&path).expect("utf-8"),
            "#KIF version=2.0 encoding=UTF-8\r\n先手：甲\r\n"
        );
    }

    #[test]
    fn a_backup_link_is_not_taken_for_a_change() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("g.kif");
        fs::write(&path, SJIS).expect("write");
        // Let the clock move on, so that the backup link changes the change time.
        std::thread::sleep(std::time::Duration::from_millis(30));
        let opts = Options {
            mode: Mode::InPlace {
                backup: Some(".orig".into()),
            },
            ..options()
        };
        let Step::Pending(pending) = prepare(&candidate(&path), &opts) else {
            panic!("a Shift_JIS file is to be converted");
        };
        let report = commit(pending, true);
        assert_eq!(report.outcome, Outcome::Converted, "{}", report.detail);
        assert_eq!(
            fs::read(dir.path().join("g.kif.orig")).expect("backup"),
            SJIS
        );
    }
}
