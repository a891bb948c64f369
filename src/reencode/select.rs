//! Choosing the files to re-encode: record files by extension, Kiseong records by
//! content, every text file with `--all`; symlinks only with `--follow`; leftovers of
//! interrupted runs recognised.

use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use super::{Options, Outcome, Profile};
use crate::formats::kiseong_sniff::looks_like_kiseong;

/// One file to consider.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// The path as found (shown in reports).
    pub path: PathBuf,
    /// The file to read and replace: the link's target when a symlink is followed.
    pub real: PathBuf,
    /// Its path relative to the argument it was found under (for `--out-dir`).
    pub relative: PathBuf,
    /// Its encoding conventions.
    pub profile: Profile,
    /// Set when the file is not to be converted: the outcome and why.
    pub verdict: Option<(Outcome, String)>,
}

/// The files of a run, and temporary files left by interrupted runs.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// The files, in walk order (sorted by name within each directory).
    pub candidates: Vec<Candidate>,
    /// Stale temporary files (`.<name>.kifu-<pid>.tmp` of a process that is gone).
    pub stale_temps: Vec<PathBuf>,
}

/// Walks the arguments and picks the files.
pub fn select(paths: &[PathBuf], opts: &Options) -> Selection {
    let mut sel = Selection::default();
    let mut seen = HashSet::new();
    for arg in paths {
        let explicit_file = std::fs::symlink_metadata(arg).is_ok_and(|m| !m.is_dir())
            && !std::fs::metadata(arg).is_ok_and(|m| m.is_dir());
        let walker = WalkDir::new(arg)
            .follow_links(opts.follow)
            .follow_root_links(opts.follow || !explicit_file)
            .sort_by_file_name();
        for entry in walker {
            let entry = match entry {
                Ok(e) => e,
                Err(e) => {
                    let path = e.path().map_or_else(|| arg.clone(), Path::to_path_buf);
                    sel.candidates.push(problem(
                        &path,
                        arg,
                        Outcome::Failed,
                        format!("cannot read: {e}"),
                    ));
                    continue;
                }
            };
            let path = entry.path().to_path_buf();
            let ftype = entry.file_type();
            if entry.path_is_symlink() && !opts.follow {
                if !ftype.is_dir() {
                    sel.candidates.push(problem(
                        &path,
                        arg,
                        Outcome::Skipped,
                        "symbolic link, not followed (use --follow)".into(),
                    ));
                }
                continue;
            }
            if !ftype.is_file() {
                continue;
            }
            if let Some(pid) = temp_owner(&path) {
                if !process_alive(pid) {
                    sel.stale_temps.push(path);
                }
                continue;
            }
            if is_backup(&path, opts) && !explicit_file {
                continue;
            }
            let Some(profile) = choose_profile(&path, opts.all || explicit_file) else {
                continue;
            };
            let real = if entry.path_is_symlink() {
                std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone())
            } else {
                path.clone()
            };
            // The same file reached twice (through a link, or two overlapping
            // arguments) is taken once: identified by device and inode.
            if !seen.insert(file_id(&entry, &real)) {
                continue;
            }
            let relative = relative_to(&path, arg, explicit_file);
            sel.candidates.push(Candidate {
                path,
                real,
                relative,
                profile,
                verdict: None,
            });
        }
    }
    sel
}

/// Backups are never re-encoded by a directory walk: files ending in this run's
/// `--backup` suffix, and (when found by content or `--all`) the usual backup names.
fn is_backup(path: &Path, opts: &Options) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    if let super::Mode::InPlace {
        backup: Some(suffix),
    } = &opts.mode
    {
        if name.ends_with(suffix.as_str()) {
            return true;
        }
    }
    Profile::for_path(path).is_none()
        && (name.ends_with('~') || name.ends_with(".bak") || name.ends_with(".orig"))
}

/// A file's identity: (device, inode) on Unix, its resolved path elsewhere.
#[cfg(unix)]
fn file_id(entry: &walkdir::DirEntry, _real: &Path) -> (u64, u64, PathBuf) {
    use std::os::unix::fs::MetadataExt;
    match entry.metadata() {
        Ok(m) => (m.dev(), m.ino(), PathBuf::new()),
        Err(_) => (0, 0, entry.path().to_path_buf()),
    }
}

/// A file's identity: (device, inode) on Unix, its resolved path elsewhere.
#[cfg(not(unix))]
fn file_id(_entry: &walkdir::DirEntry, real: &Path) -> (u64, u64, PathBuf) {
    (
        0,
        0,
        std::fs::canonicalize(real).unwrap_or_else(|_| real.to_path_buf()),
    )
}

/// A candidate that is reported without being converted.
fn problem(path: &Path, arg: &Path, outcome: Outcome, why: String) -> Candidate {
    Candidate {
        path: path.to_path_buf(),
        real: path.to_path_buf(),
        relative: relative_to(path, arg, false),
        profile: Profile::TEXT,
        verdict: Some((outcome, why)),
    }
}

/// The profile by extension, else Kiseong by content, else plain text when every
/// file is wanted.
fn choose_profile(path: &Path, every_text_file: bool) -> Option<Profile> {
    if let Some(p) = Profile::for_path(path) {
        return Some(p);
    }
    let mut head = Vec::with_capacity(8192);
    let read = std::fs::File::open(path).and_then(|f| f.take(8192).read_to_end(&mut head));
    if read.is_ok() && looks_like_kiseong(&head) {
        return Some(Profile::KISEONG);
    }
    every_text_file.then_some(Profile::TEXT)
}

/// Where a file goes under `--out-dir`: relative to the directory argument, or its
/// file name for a file argument.
fn relative_to(path: &Path, arg: &Path, explicit_file: bool) -> PathBuf {
    if explicit_file {
        return path
            .file_name()
            .map_or_else(|| path.to_path_buf(), PathBuf::from);
    }
    path.strip_prefix(arg)
        .map(Path::to_path_buf)
        .unwrap_or_else(|_| path.to_path_buf())
}

/// The name of the temporary file kifu writes next to `path`.
pub fn temp_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.kifu-{}.tmp", std::process::id()))
}

/// The process id in a kifu temporary file's name (`.<name>.kifu-<pid>.tmp`).
fn temp_owner(path: &Path) -> Option<u32> {
    let name = path.file_name()?.to_str()?;
    let stem = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (_, pid) = stem.rsplit_once(".kifu-")?;
    pid.parse().ok()
}

/// Whether a process runs (Linux: /proc; elsewhere every owner counts as gone).
fn process_alive(pid: u32) -> bool {
    pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temp_names_are_recognised() {
        let t = temp_name(Path::new("dir/game.kif"));
        let name = t.file_name().and_then(|n| n.to_str()).unwrap_or("");
        assert!(
            name.starts_with(".game.kif.kifu-") && name.ends_with(".tmp"),
            "{name}"
        );
        assert_eq!(temp_owner(&t), Some(std::process::id()));
        assert_eq!(temp_owner(Path::new(".a.sgf.kifu-12.tmp")), Some(12));
        assert_eq!(temp_owner(Path::new("a.sgf.kifu-12.tmp")), None);
        assert_eq!(temp_owner(Path::new(".a.sgf.tmp")), None);
    }
}
