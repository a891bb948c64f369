//! Staging a file's new content in a temporary file beside it, then committing it by
//! a rename that happens only if the destination is still what was read.

use std::fs::{self, File, Metadata, Permissions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::identity::Identity;
use super::signals::Registered;
use super::stale::{TEMP_PREFIX, TEMP_SUFFIX};

/// The metadata a new file takes over from the file it replaces.
#[derive(Debug, Clone, Default)]
pub struct Keep {
    /// Permission bits; `None`: a new file's (0666 less the umask).
    pub mode: Option<Permissions>,
    /// Owner and group, set where permitted (as root, or to one's own groups).
    pub owner: Option<(u32, u32)>,
    /// Access and modification times; `None`: now.
    pub times: Option<(SystemTime, SystemTime)>,
}

impl Keep {
    /// Everything of `meta`: mode, owner and group, and (unless `touch`) its times.
    pub fn all_of(meta: &Metadata, touch: bool) -> Keep {
        Keep {
            mode: Some(meta.permissions()),
            owner: owner_of(meta),
            times: if touch {
                None
            } else {
                meta.accessed().ok().zip(meta.modified().ok())
            },
        }
    }

    /// What an output replacing an existing file keeps of it: its mode, and its owner
    /// where permitted; the times are now's.
    pub fn mode_and_owner_of(meta: &Metadata) -> Keep {
        Keep {
            mode: Some(meta.permissions()),
            owner: owner_of(meta),
            times: None,
        }
    }
}

#[cfg(unix)]
fn owner_of(meta: &Metadata) -> Option<(u32, u32)> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.uid(), meta.gid()))
}

#[cfg(not(unix))]
fn owner_of(_meta: &Metadata) -> Option<(u32, u32)> {
    None
}

/// New content waiting in its temporary file; dropping it removes the file.
#[derive(Debug)]
pub struct Staged {
    tmp: tempfile::NamedTempFile,
    dest: PathBuf,
    /// Listed for removal on a signal until committed or dropped.
    _registered: Registered,
}

/// Why a commit did not replace its destination (the temporary file is gone).
#[derive(Debug, thiserror::Error)]
pub enum CommitError {
    /// The destination is no longer the file that was read.
    #[error("it changed during the run")]
    Changed,
    /// The rename or a check failed.
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// Writes `bytes` to a new temporary file in `dest`'s directory (creating the
/// directory): created exclusively (a link or any file already at its name makes the
/// creation fail, so nothing is ever written through a planted link), with a name no
/// other process can predict, holding the metadata `keep` asks for.
pub fn stage(dest: &Path, bytes: &[u8], keep: &Keep) -> io::Result<Staged> {
    let mut staging = Staging::create(dest)?;
    staging.write_all(bytes)?;
    staging.finish(keep)
}

/// A file's new content being written piece by piece into its exclusive temporary
/// file (see [`stage`]), for outputs too large to hold in memory: [`Staging::finish`]
/// then gives the [`Staged`] file to commit, or [`Staging::commit`] does both.
/// Dropping it removes the temporary file, so an output abandoned half-way leaves
/// the destination as it was.
#[derive(Debug)]
pub struct Staging {
    out: io::BufWriter<tempfile::NamedTempFile>,
    dest: PathBuf,
    /// Listed for removal on a signal until committed or dropped.
    registered: Registered,
}

impl Staging {
    /// Creates the temporary file beside `dest` (and `dest`'s directory if needed).
    pub fn create(dest: &Path) -> io::Result<Staging> {
        let dir = match dest.parent().filter(|d| !d.as_os_str().is_empty()) {
            Some(d) => d,
            None => Path::new("."),
        };
        if !dir.is_dir() {
            fs::create_dir_all(dir)?;
        }
        let prefix = format!("{TEMP_PREFIX}{}-", std::process::id());
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(TEMP_SUFFIX).rand_bytes(12);
        let mut registered = None;
        let tmp = builder.make_in(dir, |path| {
            // Listed for removal on a signal from the moment it exists.
            let (file, listed) = Registered::create(path, create_new)?;
            registered = Some(listed);
            Ok(file)
        })?;
        let registered = registered.ok_or_else(|| io::Error::other("temporary file not listed"))?;
        Ok(Staging {
            out: io::BufWriter::with_capacity(256 << 10, tmp),
            dest: dest.to_path_buf(),
            registered,
        })
    }

    /// The path it will replace.
    pub fn dest(&self) -> &Path {
        &self.dest
    }

    /// Flushes what was written and sets the metadata `keep` asks for.
    pub fn finish(self, keep: &Keep) -> io::Result<Staged> {
        let tmp = self.out.into_inner().map_err(|e| e.into_error())?;
        apply(tmp.as_file(), keep)?;
        Ok(Staged {
            tmp,
            dest: self.dest,
            _registered: self.registered,
        })
    }

    /// Finishes the file as [`write_atomic`] does (an existing destination's mode and
    /// owner kept), makes it durable and renames it over the destination.
    pub fn commit(self) -> io::Result<()> {
        let keep = keep_of(&self.dest);
        let staged = self.finish(&keep)?;
        staged.sync()?;
        staged.commit(None).map_err(io::Error::other)
    }
}

impl Write for Staging {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.out.write_all(buf)
    }

    /// Pieces that fill the buffer go to the file in one `writev`, not copied (the
    /// buffer cannot tell that the temporary file takes them: its `writev` test is
    /// not stable Rust).
    fn write_vectored(&mut self, bufs: &[io::IoSlice<'_>]) -> io::Result<usize> {
        let total = bufs
            .iter()
            .map(|b| b.len())
            .fold(0usize, usize::saturating_add);
        if total < self.out.capacity() {
            return self.out.write_vectored(bufs);
        }
        self.out.flush()?;
        self.out.get_mut().as_file_mut().write_vectored(bufs)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Creates a new file exclusively (a link or anything else at `path` makes it
/// fail), for reading and writing: with 0666 less the umask, like any new file (a
/// kept mode is set once the content is in).
fn create_new(path: &Path) -> io::Result<File> {
    let mut options = fs::OpenOptions::new();
    options.read(true).write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o666);
    }
    options.open(path)
}

/// Sets what `keep` asks for on the open temporary file.
pub(super) fn apply(file: &File, keep: &Keep) -> io::Result<()> {
    #[cfg(unix)]
    if let Some((uid, gid)) = keep.owner {
        use std::os::fd::AsRawFd;
        // SAFETY: fchown only reads the descriptor, which `file` keeps open.
        let done = unsafe { libc_fchown(file.as_raw_fd(), uid, gid) };
        if !done {
            // Not permitted to give the file away: keep at least the group if we may.
            // SAFETY: as above; u32::MAX (-1) leaves the owner unchanged.
            let _ = unsafe { libc_fchown(file.as_raw_fd(), u32::MAX, gid) };
        }
    }
    if let Some(mode) = &keep.mode {
        file.set_permissions(mode.clone())?;
    }
    if let Some((accessed, modified)) = keep.times {
        file.set_times(
            fs::FileTimes::new()
                .set_accessed(accessed)
                .set_modified(modified),
        )?;
    }
    Ok(())
}

/// `fchown(2)`; true when it succeeded.
///
/// # Safety
/// `fd` must be an open descriptor.
#[cfg(target_os = "linux")]
unsafe fn libc_fchown(fd: i32, uid: u32, gid: u32) -> bool {
    libc::fchown(fd, uid, gid) == 0
}

/// Owners are not changed where the platform's `fchown` is not linked in.
///
/// # Safety
/// Nothing to uphold.
#[cfg(all(unix, not(target_os = "linux")))]
unsafe fn libc_fchown(_fd: i32, _uid: u32, _gid: u32) -> bool {
    false
}

impl Staged {
    /// The temporary file's path.
    pub fn path(&self) -> &Path {
        self.tmp.path()
    }

    /// The open temporary file.
    pub fn file(&self) -> &File {
        self.tmp.as_file()
    }

    /// The path it replaces.
    pub fn dest(&self) -> &Path {
        &self.dest
    }

    /// Makes the content durable (`fdatasync`).
    pub fn sync(&self) -> io::Result<()> {
        self.tmp.as_file().sync_data()
    }

    /// Renames the temporary file over the destination. With `expect`, only if the
    /// destination is still that file with that content (else [`CommitError::Changed`]);
    /// without, whatever is there is replaced. On failure the temporary file is removed
    /// and the destination is as it was.
    pub fn commit(self, expect: Option<&Identity>) -> Result<(), CommitError> {
        if let Some(expect) = expect {
            let now = fs::symlink_metadata(&self.dest)?;
            if !expect.unchanged(&Identity::of(&now)) {
                return Err(CommitError::Changed);
            }
        }
        self.tmp
            .persist(&self.dest)
            .map(drop)
            .map_err(|e| CommitError::Io(e.error))
    }
}

/// Why a file could not be read as one consistent whole.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Another program changed it while it was read.
    #[error("it changed while it was read")]
    Changed,
    /// It could not be opened or read.
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// Writes a whole file atomically: the bytes go to an exclusive temporary file beside
/// it, are flushed, and replace it by a rename; an existing file's mode and owner are
/// kept. A failure (a full disk) leaves whatever was at `path` as it was. A link at
/// `path` is replaced, never written through.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let keep = keep_of(path);
    let staged = stage(path, bytes, &keep)?;
    staged.sync()?;
    staged.commit(None).map_err(io::Error::other)
}

/// What an output written to `path` keeps of the file it replaces.
fn keep_of(path: &Path) -> Keep {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_file() => Keep::mode_and_owner_of(&meta),
        _ => Keep::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }

    #[test]
    fn staging_writes_piece_by_piece_and_commits_by_a_rename() {
        let dir = tempfile::tempdir().expect("tempdir");
        let dest = dir.path().join("out.sgf");
        fs::write(&dest, b"old").expect("old");
        let mut staging = Staging::create(&dest).expect("create");
        staging.write_all(b"(;GM[1])").expect("write");
        staging.write_all(b"\n(;GM[1])\n").expect("write");
        // Until the commit, the destination is what it was, beside one temporary file.
        assert_eq!(fs::read(&dest).expect("read"), b"old");
        assert_eq!(names(dir.path()).len(), 2);
        staging.commit().expect("commit");
        assert_eq!(fs::read(&dest).expect("read"), b"(;GM[1])\n(;GM[1])\n");
        assert_eq!(names(dir.path()), vec!["out.sgf".to_string()]);
    }

    #[test]
    fn a_temporary_file_is_listed_for_signals_until_committed_or_dropped() {
        let dir = tempfile::tempdir().expect("tempdir");
        let dest = dir.path().join("out.sgf");
        let staging = Staging::create(&dest).expect("create");
        let tmp = staging.out.get_ref().path().to_path_buf();
        assert!(crate::fsio::signals::is_listed(&tmp));
        let staged = staging.finish(&Keep::default()).expect("finish");
        assert!(crate::fsio::signals::is_listed(&tmp));
        staged.commit(None).expect("commit");
        assert!(!crate::fsio::signals::is_listed(&tmp));
        let staging = Staging::create(&dest).expect("create");
        let tmp = staging.out.get_ref().path().to_path_buf();
        drop(staging);
        assert!(!crate::fsio::signals::is_listed(&tmp));
        assert!(!tmp.exists());
    }

    #[test]
    fn staging_dropped_leaves_the_destination_and_no_temporary_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        let dest = dir.path().join("out.sgf");
        fs::write(&dest, b"old").expect("old");
        let mut staging = Staging::create(&dest).expect("create");
        staging.write_all(b"half of it").expect("write");
        drop(staging);
        assert_eq!(fs::read(&dest).expect("read"), b"old");
        assert_eq!(names(dir.path()), vec!["out.sgf".to_string()]);
    }
}
