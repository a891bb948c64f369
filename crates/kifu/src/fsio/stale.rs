//! kifu's own temporary files: how they are named, and removing those that runs
//! killed before they finished left behind.

use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::path::Path;

/// Every temporary file's name starts with this, then the writer's process id and `-`.
pub(super) const TEMP_PREFIX: &str = ".kifu-";
/// … then twelve random letters and digits, then this.
pub(super) const TEMP_SUFFIX: &str = ".tmp";
const RANDOM_LEN: usize = 12;

/// The process id in the name of a kifu temporary file (`.kifu-<pid>-<12 random>.tmp`),
/// or `None` for any other name.
pub fn is_temp_name(name: &OsStr) -> Option<u32> {
    let name = name.to_str()?;
    let rest = name.strip_prefix(TEMP_PREFIX)?.strip_suffix(TEMP_SUFFIX)?;
    let (pid, random) = rest.split_once('-')?;
    let random_ok = random.len() == RANDOM_LEN && random.bytes().all(|b| b.is_ascii_alphanumeric());
    let pid_ok = !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit());
    (random_ok && pid_ok).then(|| pid.parse().ok()).flatten()
}

/// Removes (unless `dry_run`) the temporary files that kifu runs no longer alive left
/// in `dir`, and returns how many there were. A file counts only if more than its name
/// says it is kifu's: a regular file (not a link), with one name, owned by the user
/// running kifu, whose writer's process is gone.
pub fn remove_stale_in(dir: &Path, dry_run: bool) -> usize {
    sweep_and_list(dir, dry_run).0
}

/// Removes stale temporary files from `dir` as [`remove_stale_in`] does, in the
/// same listing noting the names of its other entries: what is there, so that a
/// name not listed needs no system call of its own to be known absent. The names
/// are `None` when the directory could not be listed whole, and empty when it does
/// not exist.
pub fn sweep_and_list(dir: &Path, dry_run: bool) -> (usize, Option<HashSet<OsString>>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (0, Some(HashSet::new())),
        Err(_) => return (0, None),
    };
    let mut count = 0;
    let mut names = Some(HashSet::new());
    for entry in entries {
        let Ok(entry) = entry else {
            names = None;
            continue;
        };
        let name = entry.file_name();
        let Some(pid) = is_temp_name(&name) else {
            if let Some(names) = names.as_mut() {
                names.insert(name);
            }
            continue;
        };
        let Ok(meta) = entry.path().symlink_metadata() else {
            continue;
        };
        if !meta.file_type().is_file() || !ours(&meta) || process_alive(pid) {
            continue;
        }
        if dry_run || std::fs::remove_file(entry.path()).is_ok() {
            count += 1;
        }
    }
    (count, names)
}

/// A regular file with one name, owned by the effective user.
#[cfg(target_os = "linux")]
fn ours(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    // SAFETY: geteuid has no preconditions and cannot fail.
    meta.nlink() == 1 && meta.uid() == unsafe { libc::geteuid() }
}

/// A regular file with one name.
#[cfg(not(target_os = "linux"))]
fn ours(_meta: &std::fs::Metadata) -> bool {
    true
}

/// Whether a process runs. Where this cannot be told, every process counts as alive,
/// so nothing is removed.
fn process_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    if cfg!(target_os = "linux") {
        Path::new(&format!("/proc/{pid}")).exists()
    } else {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_names_of_the_exact_shape_are_temporary_files() {
        assert_eq!(
            is_temp_name(OsStr::new(".kifu-42-abcDEF012345.tmp")),
            Some(42)
        );
        assert_eq!(is_temp_name(OsStr::new(".kifu-42-abcDEF01234.tmp")), None);
        assert_eq!(is_temp_name(OsStr::new(".kifu--abcDEF012345.tmp")), None);
        assert_eq!(is_temp_name(OsStr::new(".kifu-4x-abcDEF012345.tmp")), None);
        assert_eq!(is_temp_name(OsStr::new(".a.sgf.kifu-12.tmp")), None);
        assert_eq!(is_temp_name(OsStr::new("kifu-42-abcDEF012345.tmp")), None);
    }

    #[test]
    fn stale_files_are_removed_but_not_links_live_runs_or_other_names() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        let stale = d.join(".kifu-0-aaaaaaaaaaaa.tmp");
        let live = d.join(format!(".kifu-{}-bbbbbbbbbbbb.tmp", std::process::id()));
        let other = d.join(".game.kif.kifu-0.tmp");
        std::fs::write(&stale, "x").expect("write");
        std::fs::write(&live, "x").expect("write");
        std::fs::write(&other, "x").expect("write");
        let target = d.join("precious");
        std::fs::write(&target, "keep").expect("write");
        #[cfg(unix)]
        std::os::unix::fs::symlink(&target, d.join(".kifu-0-cccccccccccc.tmp")).expect("link");
        assert_eq!(remove_stale_in(d, true), 1);
        assert!(stale.exists());
        assert_eq!(remove_stale_in(d, false), 1);
        assert!(!stale.exists());
        assert!(live.exists() && other.exists());
        assert_eq!(std::fs::read_to_string(&target).expect("read"), "keep");
        #[cfg(unix)]
        assert!(d
            .join(".kifu-0-cccccccccccc.tmp")
            .symlink_metadata()
            .is_ok());
    }
}
