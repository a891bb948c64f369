//! Where an output named on the command line (`-o PATH`) goes, decided once, as the
//! shell's `>` decides it: a device, a FIFO, a socket or a descriptor name
//! (`/dev/stdout`, `/dev/fd/N`) is written directly, as it is; a symbolic link is
//! written through (the link stays, its final target gets the new content); a
//! regular file or a new name is staged beside it and renamed over it, so it holds
//! either its old bytes or the whole new content.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use super::stage::Staging;

/// The most links followed from one output name (as the kernel's `ELOOP` limit).
const MAX_LINKS: usize = 40;

/// An output path, resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutputTarget {
    /// Something that is not a regular file (a device, FIFO or socket, after
    /// following links), or a name of an open descriptor: opened for writing as it
    /// is (never created, replaced or truncated).
    Direct {
        /// The path as given.
        path: PathBuf,
        /// The descriptor the path names (`/dev/stdout`: 1, `/dev/fd/N`: N).
        fd: Option<i32>,
    },
    /// A regular file or a new name: staged beside `dest` and renamed over it.
    Replace {
        /// The path as given.
        path: PathBuf,
        /// Where the content goes: the path with every link of its last component
        /// followed.
        dest: PathBuf,
    },
}

impl OutputTarget {
    /// Decides how `path` is written. Fails for a directory and for a loop of links.
    pub fn resolve(path: &Path) -> io::Result<OutputTarget> {
        if let Some(fd) = descriptor_of(path) {
            return Ok(OutputTarget::Direct {
                path: path.to_path_buf(),
                fd: Some(fd),
            });
        }
        match fs::metadata(path) {
            Ok(meta) if meta.is_dir() => Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "it is a directory",
            )),
            Ok(meta) if !meta.is_file() => Ok(OutputTarget::Direct {
                path: path.to_path_buf(),
                fd: None,
            }),
            Ok(_) => Ok(OutputTarget::Replace {
                path: path.to_path_buf(),
                dest: follow_links(path)?,
            }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(OutputTarget::Replace {
                path: path.to_path_buf(),
                // A link to a missing file: the file is created, as `>` does.
                dest: follow_links(path)?,
            }),
            Err(e) => Err(e),
        }
    }

    /// The path as given.
    pub fn path(&self) -> &Path {
        match self {
            OutputTarget::Direct { path, .. } | OutputTarget::Replace { path, .. } => path,
        }
    }

    /// The directory temporary files are staged in (`None` for a direct output).
    pub fn staging_dir(&self) -> Option<&Path> {
        match self {
            OutputTarget::Direct { .. } => None,
            OutputTarget::Replace { dest, .. } => Some(
                dest.parent()
                    .filter(|d| !d.as_os_str().is_empty())
                    .unwrap_or(Path::new(".")),
            ),
        }
    }

    /// Removes the temporary files killed runs left where this output is staged (see
    /// [`super::remove_stale_in`]); returns how many.
    pub fn sweep_stale(&self) -> usize {
        self.staging_dir()
            .map_or(0, |dir| super::remove_stale_in(dir, false))
    }

    /// Opens the output for writing: a direct output as it is (`O_WRONLY`, no
    /// creation, no truncation), a replaced one through its temporary file.
    pub fn open(&self) -> io::Result<OutputWriter> {
        match self {
            OutputTarget::Direct { path, fd } => {
                let file = match fd {
                    Some(fd) => duplicate(*fd)?,
                    None if is_socket(path) => connect(path)?,
                    None => OpenOptions::new().write(true).open(path)?,
                };
                Ok(OutputWriter::Direct {
                    out: BufWriter::with_capacity(64 << 10, file),
                    path: path.clone(),
                })
            }
            OutputTarget::Replace { dest, .. } => Ok(OutputWriter::Staged(Staging::create(dest)?)),
        }
    }
}

/// An output being written: directly, or into its temporary file until
/// [`OutputWriter::commit`]. Dropping a staged one removes its temporary file.
#[derive(Debug)]
pub enum OutputWriter {
    /// Written as it goes.
    Direct {
        /// The open output.
        out: BufWriter<File>,
        /// Its path as given.
        path: PathBuf,
    },
    /// Staged beside its destination.
    Staged(Staging),
}

impl OutputWriter {
    /// A new file's content staged beside `dest` and renamed over it (whatever is
    /// at `dest` is replaced, never written through): for outputs kifu names itself.
    pub fn staged(dest: &Path) -> io::Result<OutputWriter> {
        Staging::create(dest).map(OutputWriter::Staged)
    }

    /// The path written (for a staged output, the one renamed over).
    pub fn dest(&self) -> &Path {
        match self {
            OutputWriter::Direct { path, .. } => path,
            OutputWriter::Staged(s) => s.dest(),
        }
    }

    /// Ends the output: a direct one is flushed; a staged one made durable and
    /// renamed over its destination (an existing file's mode and owner kept).
    pub fn commit(self) -> io::Result<()> {
        match self {
            OutputWriter::Direct { mut out, .. } => out.flush(),
            OutputWriter::Staged(s) => s.commit(),
        }
    }
}

impl Write for OutputWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            OutputWriter::Direct { out, .. } => out.write(buf),
            OutputWriter::Staged(s) => s.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            OutputWriter::Direct { out, .. } => out.write_all(buf),
            OutputWriter::Staged(s) => s.write_all(buf),
        }
    }

    fn write_vectored(&mut self, bufs: &[io::IoSlice<'_>]) -> io::Result<usize> {
        match self {
            OutputWriter::Direct { out, .. } => out.write_vectored(bufs),
            OutputWriter::Staged(s) => s.write_vectored(bufs),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            OutputWriter::Direct { out, .. } => out.flush(),
            OutputWriter::Staged(s) => s.flush(),
        }
    }
}

/// Writes a whole output named on the command line (see [`OutputTarget`]): a device,
/// FIFO or descriptor directly; a link through to its target; a regular file or a
/// new name atomically, its mode and owner kept. (The commands write through
/// [`OutputTarget::open`]; the tests write whole outputs through this.)
#[cfg(test)]
fn write_output(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut out = OutputTarget::resolve(path)?.open()?;
    out.write_all(bytes)?;
    out.commit()
}

/// The descriptor a path names: `/dev/stdin`, `/dev/stdout`, `/dev/stderr`,
/// `/dev/fd/N`, `/proc/self/fd/N` (the way the shell's `>(cmd)` names a pipe).
fn descriptor_of(path: &Path) -> Option<i32> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let s = path.to_str()?;
    let number = match s {
        "/dev/stdin" => return Some(0),
        "/dev/stdout" => return Some(1),
        "/dev/stderr" => return Some(2),
        _ => s
            .strip_prefix("/dev/fd/")
            .or_else(|| s.strip_prefix("/proc/self/fd/"))?,
    };
    if number.is_empty() || number.len() > 9 || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    number.parse().ok()
}

/// A new descriptor for the open descriptor `fd` (sharing its offset), closed on exec.
#[cfg(target_os = "linux")]
fn duplicate(fd: i32) -> io::Result<File> {
    use std::os::fd::FromRawFd;
    // SAFETY: fcntl(F_DUPFD_CLOEXEC) only reads `fd` and fails with EBADF when it is
    // not open; a new descriptor it returns is ours alone.
    let new = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 3) };
    if new < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `new` is a fresh, open descriptor that nothing else owns.
    Ok(unsafe { File::from_raw_fd(new) })
}

/// Descriptor names are not recognised off Linux.
#[cfg(not(target_os = "linux"))]
fn duplicate(_fd: i32) -> io::Result<File> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// True when `path` (links followed) is a socket, which is connected to, not opened.
#[cfg(unix)]
fn is_socket(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    fs::metadata(path).is_ok_and(|m| m.file_type().is_socket())
}

#[cfg(not(unix))]
fn is_socket(_path: &Path) -> bool {
    false
}

/// A connection to the stream socket at `path`, to write to as to a file.
#[cfg(unix)]
fn connect(path: &Path) -> io::Result<File> {
    let stream = std::os::unix::net::UnixStream::connect(path)?;
    Ok(File::from(std::os::fd::OwnedFd::from(stream)))
}

#[cfg(not(unix))]
fn connect(_path: &Path) -> io::Result<File> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// `path` with every symbolic link of its last component followed (a relative
/// target taken from the link's directory), as far as links go; the directories on
/// the way are left to the kernel.
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&at)?;
                at = match at.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(at),
        }
    }
    Err(io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links to follow"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptor_names_are_recognised_exactly() {
        let fd = |s: &str| descriptor_of(Path::new(s));
        if cfg!(target_os = "linux") {
            assert_eq!(fd("/dev/stdout"), Some(1));
            assert_eq!(fd("/dev/fd/63"), Some(63));
            assert_eq!(fd("/proc/self/fd/5"), Some(5));
        }
        assert_eq!(fd("/dev/fd/"), None);
        assert_eq!(fd("/dev/fd/6x"), None);
        assert_eq!(fd("/dev/null"), None);
        assert_eq!(fd("out.sgf"), None);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_written_through_and_stays_a_link() {
        let dir = tempfile::tempdir().expect("tempdir");
        let target = dir.path().join("sub").join("real.sgf");
        fs::create_dir(dir.path().join("sub")).expect("mkdir");
        fs::write(&target, b"old").expect("write");
        let link = dir.path().join("link.sgf");
        std::os::unix::fs::symlink("sub/real.sgf", &link).expect("link");
        let resolved = OutputTarget::resolve(&link).expect("resolve");
        assert_eq!(
            resolved,
            OutputTarget::Replace {
                path: link.clone(),
                dest: dir.path().join("sub/real.sgf"),
            }
        );
        write_output(&link, b"new").expect("write");
        assert!(fs::symlink_metadata(&link)
            .expect("link")
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&target).expect("read"), b"new");
        // A dangling link gets its target created.
        let dangling = dir.path().join("dangling.sgf");
        std::os::unix::fs::symlink("made.sgf", &dangling).expect("link");
        write_output(&dangling, b"made").expect("write");
        assert_eq!(
            fs::read(dir.path().join("made.sgf")).expect("read"),
            b"made"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_directory_or_a_loop_of_links_is_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        assert!(OutputTarget::resolve(dir.path()).is_err());
        let a = dir.path().join("a");
        std::os::unix::fs::symlink("b", &a).expect("link");
        std::os::unix::fs::symlink("a", dir.path().join("b")).expect("link");
        assert!(OutputTarget::resolve(&a).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn a_socket_is_connected_to_and_written() {
        use std::io::Read;
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("out.sock");
        let listener = std::os::unix::net::UnixListener::bind(&path).expect("bind");
        let reader = std::thread::spawn(move || {
            let mut got = Vec::new();
            let (mut stream, _) = listener.accept().expect("accept");
            stream.read_to_end(&mut got).expect("read");
            got
        });
        write_output(&path, b"(;GM[1])").expect("write");
        assert_eq!(reader.join().expect("reader"), b"(;GM[1])");
        assert!(fs::symlink_metadata(&path).is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_directly() {
        let target = OutputTarget::resolve(Path::new("/dev/null")).expect("resolve");
        assert!(matches!(target, OutputTarget::Direct { fd: None, .. }));
        assert_eq!(target.staging_dir(), None);
        write_output(Path::new("/dev/null"), b"x").expect("write");
    }
}
