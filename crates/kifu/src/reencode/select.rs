//! Choosing the files to re-encode: record files by extension, Kiseong records by
//! content, every text file with `--all`; symlinks only with `--follow`; kifu's own
//! temporary files never taken; two files that would be written to one place refused.

use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use super::{Options, Outcome, Profile};
use crate::formats::kiseong_sniff::looks_like_kiseong;
use crate::fsio::{dir_id, DirId, Place};

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
    /// How the file is reached through directory handles.
    pub place: Place,
}

/// The files of a run.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// The files, in walk order (sorted by name within each directory).
    pub candidates: Vec<Candidate>,
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
        let root_id = std::fs::metadata(arg).ok().as_ref().and_then(dir_id);
        // The identity of every directory the walk went through, for the checks when
        // each file is read and written.
        let mut dirs: HashMap<PathBuf, DirId> = HashMap::new();
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
            if ftype.is_dir() && entry.depth() > 0 && !entry.path_is_symlink() {
                if let Some(id) = entry.metadata().ok().as_ref().and_then(dir_id) {
                    dirs.insert(path.clone(), id);
                }
            }
            if entry.depth() == 0 && !explicit_file {
                // The directory named (a link to one is followed: it was named).
                continue;
            }
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
            if crate::fsio::is_temp_name(entry.file_name()).is_some() {
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
            let place = if opts.follow || explicit_file {
                // Links are followed by choice (or the file was named): the file's
                // own directory is the root.
                Place {
                    root: parent_of(&real),
                    root_id: None,
                    steps: Vec::new(),
                    name: real.file_name().map(OsString::from).unwrap_or_default(),
                }
            } else {
                place_below(arg, root_id, &relative, &dirs)
            };
            sel.candidates.push(Candidate {
                path,
                real,
                relative,
                profile,
                verdict: None,
                place,
            });
        }
    }
    if let super::Mode::OutDir(dir) = &opts.mode {
        refuse_collisions(&mut sel.candidates, dir);
    }
    sel
}

/// A file's directory, `.` for a bare name.
fn parent_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The place of a file found `relative` below the walk's root `arg`.
fn place_below(
    arg: &Path,
    root_id: Option<DirId>,
    relative: &Path,
    dirs: &HashMap<PathBuf, DirId>,
) -> Place {
    let mut steps = Vec::new();
    let mut at = arg.to_path_buf();
    if let Some(parent) = relative.parent() {
        for part in parent.components() {
            at.push(part);
            steps.push((part.as_os_str().to_os_string(), dirs.get(&at).copied()));
        }
    }
    Place {
        root: arg.to_path_buf(),
        root_id,
        steps,
        name: relative.file_name().map(OsString::from).unwrap_or_default(),
    }
}

impl Selection {
    /// With `--out-dir`: every destination that is an existing input (another file of
    /// the walk, or the file itself), as `convert` refuses them: `A would be written to
    /// B, which is the input C`. The run must then write nothing.
    pub fn overwrites(&self, opts: &Options) -> Vec<String> {
        let super::Mode::OutDir(dir) = &opts.mode else {
            return Vec::new();
        };
        let dests: Vec<(usize, (u64, u64))> = self
            .candidates
            .iter()
            .enumerate()
            .filter(|(_, c)| c.verdict.is_none())
            .filter_map(|(i, c)| Some((i, existing_id(&dir.join(&c.relative))?)))
            .collect();
        if dests.is_empty() {
            return Vec::new();
        }
        let inputs: HashMap<(u64, u64), &Candidate> = self
            .candidates
            .iter()
            .filter_map(|c| Some((existing_id(&c.real)?, c)))
            .collect();
        dests
            .into_iter()
            .filter_map(|(i, id)| {
                let c = self.candidates.get(i)?;
                let other = inputs.get(&id)?;
                Some(format!(
                    "{} would be written to {}, which is the input {}",
                    c.path.display(),
                    dir.join(&c.relative).display(),
                    other.path.display()
                ))
            })
            .collect()
    }
}

/// The (device, inode) of an existing file (a link followed).
fn existing_id(path: &Path) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// Files that would be written to one path under the output directory (two trees
/// that both hold `game.kif`) are all refused: whichever came last would replace the
/// others in silence.
fn refuse_collisions(candidates: &mut [Candidate], dir: &Path) {
    let mut by_dest: std::collections::HashMap<PathBuf, Vec<usize>> = Default::default();
    for (i, c) in candidates.iter().enumerate() {
        if c.verdict.is_none() {
            by_dest.entry(dir.join(&c.relative)).or_default().push(i);
        }
    }
    for (dest, group) in by_dest.into_iter().filter(|(_, g)| g.len() > 1) {
        let names: Vec<String> = group
            .iter()
            .filter_map(|&i| candidates.get(i))
            .map(|c| c.path.display().to_string())
            .collect();
        for &i in &group {
            if let Some(c) = candidates.get_mut(i) {
                c.verdict = Some((
                    Outcome::Failed,
                    format!(
                        "{} would all be written to {}; left untouched (give each tree its own --out-dir)",
                        names.join(" and "),
                        dest.display()
                    ),
                ));
            }
        }
    }
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

/// A file's identity: (device, inode) on Unix, its resolved path elsewhere. A file
/// with several names (hard links) is identified by each name as well: every name is
/// reported (left alone, or converted on its own with `--break-links`).
#[cfg(unix)]
fn file_id(entry: &walkdir::DirEntry, real: &Path) -> (u64, u64, PathBuf) {
    use std::os::unix::fs::MetadataExt;
    match std::fs::metadata(real) {
        Ok(m) if m.nlink() > 1 => (
            m.dev(),
            m.ino(),
            std::fs::canonicalize(real).unwrap_or_else(|_| real.to_path_buf()),
        ),
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
        place: Place::default(),
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
