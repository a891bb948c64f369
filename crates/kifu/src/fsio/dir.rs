//! Directory handles: a path is trusted once. A walk's root (the path the user named,
//! followed if it is a link) is opened as a directory; everything below it is reached
//! relative to an open directory with `openat(…, O_NOFOLLOW)`, so a directory swapped
//! for a symbolic link after the walk can be neither read through nor written through.
//! Temporary files are created, renamed, linked and removed relative to the same
//! handle (`openat(O_CREAT|O_EXCL|O_NOFOLLOW)`, `renameat`, `linkat`, `unlinkat`).
//!
//! Off Linux the same interface works by path (what the platform's standard library
//! offers): links are refused where they can be seen, but not atomically.

use std::ffi::{OsStr, OsString};
use std::fs::{File, Metadata};
use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;

use super::identity::Identity;
use super::signals::Registered;
use super::stage::{apply, CommitError, Keep};
use super::stale::{TEMP_PREFIX, TEMP_SUFFIX};

/// Why a directory below a root could not be reached.
#[derive(Debug, thiserror::Error)]
pub enum ReachError {
    /// A directory on the way is a symbolic link now, or another directory than the
    /// walk saw: it changed during the run.
    #[error("changed during the run")]
    Changed,
    /// It could not be opened (or created).
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// The (device, inode) of a directory as a walk saw it.
pub type DirId = (u64, u64);

/// The (device, inode) of what `meta` describes; `None` where there are no inodes.
pub fn dir_id(meta: &Metadata) -> Option<DirId> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        None
    }
}

/// Opens `root` (following a link there: the user named it), checks it is still the
/// directory `root_id` says, and descends through `steps` (each a name and the
/// identity the walk saw) without following any link.
pub fn reach(
    root: &Path,
    root_id: Option<DirId>,
    steps: &[(OsString, Option<DirId>)],
) -> Result<Dir, ReachError> {
    let mut dir = Dir::open_path(root)?;
    if differs(root_id, dir.id()) {
        return Err(ReachError::Changed);
    }
    for (name, id) in steps {
        dir = dir.open_dir(name).map_err(changed_if_link)?;
        if differs(*id, dir.id()) {
            return Err(ReachError::Changed);
        }
    }
    Ok(dir)
}

/// True when both identities are known and not the same.
fn differs(saw: Option<DirId>, now: Option<DirId>) -> bool {
    matches!((saw, now), (Some(a), Some(b)) if a != b)
}

/// Opens (creating it and its parents by path if missing) the output root `root`,
/// then each of `parts` below it, creating what is missing with `mkdirat`, following
/// no link.
pub fn make_path<'a>(
    root: &Path,
    parts: impl IntoIterator<Item = &'a OsStr>,
) -> Result<Dir, ReachError> {
    if !root.is_dir() {
        std::fs::create_dir_all(root)?;
    }
    let mut dir = Dir::open_path(root)?;
    for name in parts {
        dir = dir.enter_or_make(name)?;
    }
    Ok(dir)
}

impl Dir {
    /// Opens the subdirectory `name`, creating it (`mkdirat`) when missing, without
    /// following a link: a link there is [`ReachError::Changed`].
    fn enter_or_make(&self, name: &OsStr) -> Result<Dir, ReachError> {
        match self.open_dir(name) {
            Ok(d) => Ok(d),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                match self.mkdir(name) {
                    Ok(()) => {}
                    Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                    Err(e) => return Err(e.into()),
                }
                self.open_dir(name).map_err(changed_if_link)
            }
            Err(e) => Err(changed_if_link(e)),
        }
    }

    /// The directory `parts` below this one (this one itself when there are none),
    /// each made where missing and entered without following a link, as
    /// [`make_path`] does from a path: an output root opened once serves a whole
    /// run, and a directory below it swapped for a link is [`ReachError::Changed`].
    pub fn make_below<'a>(
        self: &Arc<Dir>,
        parts: impl IntoIterator<Item = &'a OsStr>,
    ) -> Result<Arc<Dir>, ReachError> {
        let mut parts = parts.into_iter();
        let Some(first) = parts.next() else {
            return Ok(Arc::clone(self));
        };
        let mut dir = self.enter_or_make(first)?;
        for name in parts {
            dir = dir.enter_or_make(name)?;
        }
        Ok(Arc::new(dir))
    }
}

/// ELOOP and ENOTDIR from an `O_NOFOLLOW | O_DIRECTORY` open: a link (or a file) is
/// where a directory was.
fn changed_if_link(e: io::Error) -> ReachError {
    #[cfg(target_os = "linux")]
    if matches!(e.raw_os_error(), Some(libc::ELOOP) | Some(libc::ENOTDIR)) {
        return ReachError::Changed;
    }
    if e.kind() == io::ErrorKind::NotADirectory {
        return ReachError::Changed;
    }
    ReachError::Io(e)
}

/// A temporary file's name: `.kifu-<pid>-<12 letters and digits>.tmp`, the random
/// part from the standard library's randomly keyed hasher (seeded by the system).
fn temp_name(attempt: u32) -> OsString {
    use std::hash::{BuildHasher, Hasher};
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // Two independently keyed hashes, six characters from each.
    let halves = [0u8, 1].map(|half| {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u8(half);
        h.write_u32(attempt);
        h.write_u128(nanos);
        h.finish()
    });
    // The process id is asked once: a system call per temporary file otherwise.
    static PID: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    let mut name = format!("{TEMP_PREFIX}{}-", PID.get_or_init(std::process::id));
    for mut bits in halves {
        for _ in 0..6 {
            let n = ALPHABET.len() as u64;
            let c = ALPHABET.get((bits % n) as usize).copied().unwrap_or(b'x');
            name.push(char::from(c));
            bits /= n;
        }
    }
    name.push_str(TEMP_SUFFIX);
    OsString::from(name)
}

/// How a file is reached without trusting a path twice: the root (the argument, or a
/// named file's directory; a link there is followed, as the user named it), the
/// directories below it with the identities the walk saw, and the file's name in the
/// last one. Each directory is opened with `O_NOFOLLOW` relative to the one above it
/// (see [`reach`]).
#[derive(Debug, Clone, Default)]
pub struct Place {
    /// The directory the walk started from.
    pub root: std::path::PathBuf,
    /// Its (device, inode) when the walk began.
    pub root_id: Option<DirId>,
    /// The directories below the root, each with the identity the walk saw.
    pub steps: Vec<(OsString, Option<DirId>)>,
    /// The file's name in the last directory.
    pub name: OsString,
}

impl Place {
    /// Reaches the file's directory (see [`reach`]) and opens the file for reading,
    /// not through a link and without waiting on a FIFO. A directory or the file
    /// swapped for a link is [`ReachError::Changed`].
    pub fn open(&self) -> Result<File, ReachError> {
        let dir = reach(&self.root, self.root_id, &self.steps)?;
        dir.open_file(&self.name).map_err(changed_if_link)
    }

    /// True when `other` lies in the same directory, reached the same way.
    fn same_dir(&self, other: &Place) -> bool {
        self.root == other.root && self.root_id == other.root_id && self.steps == other.steps
    }
}

/// How many directories [`Reached`] keeps open.
const REACHED_KEPT: usize = 4;

/// Directory handles reached for [`Place`]s, kept open for the next files of the
/// same directories: the files of a walk come in path order, so a folder's files
/// cost one `open` of their directory (and one check that it is the directory the
/// walk saw), not one each. A directory swapped for a link after it was reached is
/// never read through: the handle is the directory itself. Holds a few handles
/// (the directories used last), shared by the threads reading.
#[derive(Debug, Default)]
pub struct Reached {
    /// The directories reached last, the latest first: a place in each, and its
    /// handle.
    recent: std::sync::Mutex<Vec<(Place, Arc<Dir>)>>,
}

impl Reached {
    /// Nothing reached yet.
    pub fn new() -> Reached {
        Reached::default()
    }

    /// Opens `place`'s file as [`Place::open`] does, through its directory's handle
    /// when one is kept. A directory not kept is reached under the lock, so threads
    /// that miss it together open it once, not once each.
    pub fn open(&self, place: &Place) -> Result<File, ReachError> {
        let dir = {
            let mut recent = self
                .recent
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            match recent.iter().position(|(p, _)| p.same_dir(place)) {
                Some(at) => {
                    let found = recent.remove(at);
                    let dir = Arc::clone(&found.1);
                    recent.insert(0, found);
                    dir
                }
                None => {
                    let dir = Arc::new(reach(&place.root, place.root_id, &place.steps)?);
                    let key = Place {
                        name: OsString::new(),
                        ..place.clone()
                    };
                    // The one used least lately goes when more than
                    // [`REACHED_KEPT`] are kept.
                    recent.insert(0, (key, Arc::clone(&dir)));
                    recent.truncate(REACHED_KEPT);
                    dir
                }
            }
        };
        dir.open_file(&place.name).map_err(changed_if_link)
    }
}

/// An open directory: every name given to its methods is one entry of it (no `/`).
#[derive(Debug)]
pub struct Dir {
    #[cfg(target_os = "linux")]
    file: File,
    #[cfg(not(target_os = "linux"))]
    path: std::path::PathBuf,
}

#[cfg(target_os = "linux")]
mod sys {
    use std::ffi::{CString, OsStr};
    use std::io;
    use std::os::unix::ffi::OsStrExt;

    /// A name as a C string; a name with a NUL byte or a `/` is refused.
    pub fn cname(name: &OsStr) -> io::Result<CString> {
        if name.as_bytes().contains(&b'/') || name.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "not a single file name",
            ));
        }
        CString::new(name.as_bytes())
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a NUL byte in a name"))
    }

    /// -1 → the last OS error.
    pub fn check(ret: libc::c_int) -> io::Result<libc::c_int> {
        if ret < 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok(ret)
        }
    }
}

#[cfg(target_os = "linux")]
impl Dir {
    /// Opens the directory at `path`, following a link there.
    pub fn open_path(path: &Path) -> io::Result<Dir> {
        use std::os::unix::fs::OpenOptionsExt;
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_DIRECTORY)
            .open(path)?;
        Ok(Dir { file })
    }

    fn openat(&self, name: &OsStr, flags: libc::c_int, mode: libc::c_uint) -> io::Result<File> {
        use std::os::fd::{AsRawFd, FromRawFd};
        let c = sys::cname(name)?;
        // SAFETY: the descriptor is open (owned by `self.file`), `c` is a valid C string
        // that outlives the call; a new descriptor is owned by the File made from it.
        let fd = sys::check(unsafe {
            libc::openat(
                self.file.as_raw_fd(),
                c.as_ptr(),
                flags | libc::O_CLOEXEC,
                mode,
            )
        })?;
        // SAFETY: `fd` was just returned by openat and is owned by nobody else.
        Ok(unsafe { File::from_raw_fd(fd) })
    }

    /// Opens the subdirectory `name`; a link there fails (ELOOP or ENOTDIR).
    pub fn open_dir(&self, name: &OsStr) -> io::Result<Dir> {
        let file = self.openat(
            name,
            libc::O_RDONLY | libc::O_DIRECTORY | libc::O_NOFOLLOW,
            0,
        )?;
        Ok(Dir { file })
    }

    /// Creates the subdirectory `name` (mode 0777 less the umask).
    pub fn mkdir(&self, name: &OsStr) -> io::Result<()> {
        use std::os::fd::AsRawFd;
        let c = sys::cname(name)?;
        // SAFETY: as in `openat`.
        sys::check(unsafe { libc::mkdirat(self.file.as_raw_fd(), c.as_ptr(), 0o777) })?;
        Ok(())
    }

    /// Opens the file `name` for reading, not through a link, without waiting on a FIFO.
    pub fn open_file(&self, name: &OsStr) -> io::Result<File> {
        self.openat(
            name,
            libc::O_RDONLY | libc::O_NOFOLLOW | libc::O_NONBLOCK,
            0,
        )
    }

    /// The metadata of the entry `name` itself (a link is not followed).
    pub fn metadata(&self, name: &OsStr) -> io::Result<Metadata> {
        self.openat(name, libc::O_PATH | libc::O_NOFOLLOW, 0)?
            .metadata()
    }

    /// What a file replacing the entry `name` keeps of it (its mode and owner when it
    /// is a regular file, else nothing), in one `fstatat` that follows no link.
    pub fn keep_of(&self, name: &OsStr) -> Keep {
        use std::os::fd::AsRawFd;
        use std::os::unix::fs::PermissionsExt;
        let Ok(c) = sys::cname(name) else {
            return Keep::default();
        };
        let mut st = std::mem::MaybeUninit::<libc::stat>::uninit();
        // SAFETY: the descriptor is open (owned by `self.file`), `c` is a valid C
        // string and `st` a buffer of the right type, filled when the call succeeds.
        let ret = unsafe {
            libc::fstatat(
                self.file.as_raw_fd(),
                c.as_ptr(),
                st.as_mut_ptr(),
                libc::AT_SYMLINK_NOFOLLOW,
            )
        };
        if ret != 0 {
            return Keep::default();
        }
        // SAFETY: fstatat succeeded, so it filled `st`.
        let st = unsafe { st.assume_init() };
        if st.st_mode & libc::S_IFMT != libc::S_IFREG {
            return Keep::default();
        }
        Keep {
            mode: Some(std::fs::Permissions::from_mode(st.st_mode)),
            owner: Some((st.st_uid, st.st_gid)),
            times: None,
        }
    }

    /// Creates a new, empty file `name` exclusively (never through a link), 0666 less
    /// the umask.
    fn create_new(&self, name: &OsStr) -> io::Result<File> {
        self.openat(
            name,
            libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_NOFOLLOW,
            0o666,
        )
    }

    /// Renames the entry `from` to `to` within this directory, replacing `to`.
    pub fn rename(&self, from: &OsStr, to: &OsStr) -> io::Result<()> {
        use std::os::fd::AsRawFd;
        let (f, t) = (sys::cname(from)?, sys::cname(to)?);
        let fd = self.file.as_raw_fd();
        // SAFETY: as in `openat`; both names outlive the call.
        sys::check(unsafe { libc::renameat(fd, f.as_ptr(), fd, t.as_ptr()) })?;
        Ok(())
    }

    /// Gives the file `from` a second name `to` in this directory (a hard link).
    pub fn link(&self, from: &OsStr, to: &OsStr) -> io::Result<()> {
        use std::os::fd::AsRawFd;
        let (f, t) = (sys::cname(from)?, sys::cname(to)?);
        let fd = self.file.as_raw_fd();
        // SAFETY: as in `rename`; flags 0 does not follow a link at `from`.
        sys::check(unsafe { libc::linkat(fd, f.as_ptr(), fd, t.as_ptr(), 0) })?;
        Ok(())
    }

    /// Removes the entry `name` (not a directory).
    pub fn unlink(&self, name: &OsStr) -> io::Result<()> {
        use std::os::fd::AsRawFd;
        let c = sys::cname(name)?;
        // SAFETY: as in `openat`.
        sys::check(unsafe { libc::unlinkat(self.file.as_raw_fd(), c.as_ptr(), 0) })?;
        Ok(())
    }

    /// The directory's own (device, inode).
    pub fn id(&self) -> Option<DirId> {
        self.file.metadata().ok().as_ref().and_then(dir_id)
    }

    /// The open directory (for `syncfs`).
    pub fn file(&self) -> &File {
        &self.file
    }
}

#[cfg(not(target_os = "linux"))]
impl Dir {
    /// Opens the directory at `path`, following a link there.
    pub fn open_path(path: &Path) -> io::Result<Dir> {
        if !std::fs::metadata(path)?.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::NotADirectory,
                "not a directory",
            ));
        }
        Ok(Dir {
            path: path.to_path_buf(),
        })
    }

    /// Opens the subdirectory `name`; a link there fails.
    pub fn open_dir(&self, name: &OsStr) -> io::Result<Dir> {
        let path = self.path.join(name);
        if !std::fs::symlink_metadata(&path)?.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::NotADirectory,
                "not a directory",
            ));
        }
        Ok(Dir { path })
    }

    /// Creates the subdirectory `name`.
    pub fn mkdir(&self, name: &OsStr) -> io::Result<()> {
        std::fs::create_dir(self.path.join(name))
    }

    /// Opens the file `name` for reading.
    pub fn open_file(&self, name: &OsStr) -> io::Result<File> {
        let path = self.path.join(name);
        if std::fs::symlink_metadata(&path)?.file_type().is_symlink() {
            return Err(io::Error::other("a symbolic link"));
        }
        File::open(path)
    }

    /// The metadata of the entry `name` itself.
    pub fn metadata(&self, name: &OsStr) -> io::Result<Metadata> {
        std::fs::symlink_metadata(self.path.join(name))
    }

    /// What a file replacing the entry `name` keeps of it (its mode and owner when it
    /// is a regular file, else nothing).
    pub fn keep_of(&self, name: &OsStr) -> Keep {
        match self.metadata(name) {
            Ok(meta) if meta.is_file() => Keep::mode_and_owner_of(&meta),
            _ => Keep::default(),
        }
    }

    fn create_new(&self, name: &OsStr) -> io::Result<File> {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(self.path.join(name))
    }

    /// Renames the entry `from` to `to` within this directory, replacing `to`.
    pub fn rename(&self, from: &OsStr, to: &OsStr) -> io::Result<()> {
        std::fs::rename(self.path.join(from), self.path.join(to))
    }

    /// Gives the file `from` a second name `to` in this directory (a hard link).
    pub fn link(&self, from: &OsStr, to: &OsStr) -> io::Result<()> {
        std::fs::hard_link(self.path.join(from), self.path.join(to))
    }

    /// Removes the entry `name`.
    pub fn unlink(&self, name: &OsStr) -> io::Result<()> {
        std::fs::remove_file(self.path.join(name))
    }

    /// The directory's (device, inode) where the platform has them.
    pub fn id(&self) -> Option<DirId> {
        std::fs::metadata(&self.path).ok().as_ref().and_then(dir_id)
    }
}

impl Dir {
    /// Reads the whole file `name` through one descriptor (not through a link), with
    /// its identity and metadata; `Changed` when it changed while it was read or is
    /// not a regular file.
    pub fn read_identified(
        &self,
        name: &OsStr,
    ) -> Result<(Vec<u8>, Identity, Metadata), super::ReadError> {
        use std::io::Read;
        let mut file = self.open_file(name).map_err(|e| match changed_if_link(e) {
            ReachError::Changed => super::ReadError::Changed,
            ReachError::Io(e) => super::ReadError::Io(e),
        })?;
        let before = file.metadata()?;
        if !before.is_file() {
            return Err(super::ReadError::Changed);
        }
        let mut bytes = Vec::with_capacity(usize::try_from(before.len()).unwrap_or(0));
        file.read_to_end(&mut bytes)?;
        let after = file.metadata()?;
        let id = Identity::of(&before);
        if !id.unchanged(&Identity::of(&after)) || bytes.len() as u64 != before.len() {
            return Err(super::ReadError::Changed);
        }
        Ok((bytes, id, before))
    }

    /// The path by which the signal thread removes `name` in this directory: on Linux
    /// through the open handle (`/proc/self/fd/N/name`), elsewhere the directory's path.
    fn path_for_signals(&self, name: &OsStr) -> std::path::PathBuf {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd;
            std::path::Path::new(&format!("/proc/self/fd/{}", self.file.as_raw_fd())).join(name)
        }
        #[cfg(not(target_os = "linux"))]
        {
            self.path.join(name)
        }
    }

    /// Creates an exclusive, unpredictably named temporary file in this directory that
    /// will replace `dest` (an entry of the same directory) when committed.
    pub fn stage(self: &Arc<Dir>, dest: &OsStr) -> io::Result<DirTemp> {
        let mut attempt = 0;
        loop {
            let tmp = temp_name(attempt);
            // Listed for the signal thread under the name that reaches it through this
            // very directory handle, however the tree is changed meanwhile.
            let listed = self.path_for_signals(&tmp);
            match Registered::create(&listed, |_| self.create_new(&tmp)) {
                Ok((file, registered)) => {
                    return Ok(DirTemp {
                        dir: Arc::clone(self),
                        tmp,
                        dest: dest.to_os_string(),
                        file,
                        done: false,
                        registered: Some(registered),
                    })
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => {
                    attempt += 1;
                }
                Err(e) => return Err(e),
            }
        }
    }
}

/// New content in a temporary file of an open directory, waiting to be renamed over
/// its destination there; dropping it removes the temporary file.
#[derive(Debug)]
pub struct DirTemp {
    dir: Arc<Dir>,
    tmp: OsString,
    dest: OsString,
    file: File,
    done: bool,
    /// Listed for removal on SIGINT, SIGTERM and SIGHUP while it exists (handed on
    /// to a [`DirClosed`] by [`DirTemp::close`]).
    registered: Option<Registered>,
}

impl DirTemp {
    /// Closes the temporary file (its content is written: there is no buffer), to be
    /// renamed later ([`DirClosed`]): many outputs wait without one open file each.
    pub fn close(mut self) -> DirClosed {
        // From now on the DirClosed removes it.
        self.done = true;
        DirClosed {
            dir: Arc::clone(&self.dir),
            tmp: std::mem::take(&mut self.tmp),
            dest: std::mem::take(&mut self.dest),
            done: false,
            _registered: self.registered.take(),
        }
    }

    /// The open temporary file.
    pub fn file(&self) -> &File {
        &self.file
    }

    /// The directory it is in.
    pub fn dir(&self) -> &Arc<Dir> {
        &self.dir
    }

    /// The name it replaces.
    pub fn dest(&self) -> &OsStr {
        &self.dest
    }

    /// Sets what `keep` asks for (owner, mode, times) on the temporary file.
    pub fn finish(&self, keep: &Keep) -> io::Result<()> {
        apply(&self.file, keep)
    }

    /// What an output replacing the destination keeps of it: its mode and owner when
    /// it is a regular file.
    pub fn keep_of_dest(&self) -> Keep {
        self.dir.keep_of(&self.dest)
    }

    /// Makes the content durable (`fdatasync`).
    pub fn sync(&self) -> io::Result<()> {
        self.file.sync_data()
    }

    /// Renames the temporary file over the destination. With `expect`, only if the
    /// destination is still that file with that content. On failure the temporary file
    /// is removed and the destination is as it was.
    pub fn commit(mut self, expect: Option<&Identity>) -> Result<(), CommitError> {
        if let Some(expect) = expect {
            let now = self.dir.metadata(&self.dest)?;
            if !expect.unchanged(&Identity::of(&now)) {
                return Err(CommitError::Changed);
            }
        }
        self.dir.rename(&self.tmp, &self.dest)?;
        self.done = true;
        Ok(())
    }
}

impl Write for DirTemp {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.file.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl Drop for DirTemp {
    fn drop(&mut self) {
        if !self.done {
            let _ = self.dir.unlink(&self.tmp);
        }
    }
}

/// Stages a new file at `relative`, a path below the output root `root` (no `..`,
/// no root of its own): the root is opened as named, each directory below it is
/// made where missing and entered without following a link ([`make_path`]), and the
/// temporary file is made in the last one. A directory swapped for a link is
/// [`ReachError::Changed`].
pub fn stage_below(root: &Path, relative: &Path) -> Result<DirTemp, ReachError> {
    use std::path::Component;
    let not_below = || io::Error::other("not a path below the output directory");
    let mut parts = Vec::new();
    for part in relative.components() {
        match part {
            Component::Normal(p) => parts.push(p),
            _ => return Err(not_below().into()),
        }
    }
    let name = parts.pop().ok_or_else(not_below)?;
    let dir = Arc::new(make_path(root, parts)?);
    Ok(dir.stage(name)?)
}

/// An output root and the directories below it, each opened once per run (made
/// where missing, entered without following a link, as `stage_below` does) and
/// kept open: many outputs in one directory cost no `open` of it each. Holds one
/// handle per directory written to.
#[derive(Debug)]
pub struct OutTree {
    root: std::path::PathBuf,
    dirs: std::collections::HashMap<std::path::PathBuf, Arc<Dir>>,
}

impl OutTree {
    /// The tree below `root`; nothing is opened yet.
    pub fn new(root: &Path) -> OutTree {
        OutTree {
            root: root.to_path_buf(),
            dirs: std::collections::HashMap::new(),
        }
    }

    /// Stages a new file at `relative` below the root (no `..`, no root of its own),
    /// in its directory's handle, opened (and made) the first time it is needed.
    pub fn stage(&mut self, relative: &Path) -> Result<DirTemp, ReachError> {
        use std::path::Component;
        let not_below = || io::Error::other("not a path below the output directory");
        let mut parts = Vec::new();
        for part in relative.components() {
            match part {
                Component::Normal(p) => parts.push(p),
                _ => return Err(not_below().into()),
            }
        }
        let name = parts.pop().ok_or_else(not_below)?;
        let parent = relative.parent().unwrap_or(Path::new(""));
        let dir = match self.dirs.get(parent) {
            Some(dir) => Arc::clone(dir),
            None => {
                let dir = Arc::new(make_path(&self.root, parts)?);
                self.dirs.insert(parent.to_path_buf(), Arc::clone(&dir));
                dir
            }
        };
        Ok(dir.stage(name)?)
    }
}

/// Writes a whole file atomically at `dest`, a path below the output root `root`,
/// through directory handles (`stage_below`): staged, made durable and renamed in
/// its directory, an existing file's mode and owner kept.
pub fn write_below(root: &Path, dest: &Path, bytes: &[u8]) -> Result<(), ReachError> {
    let relative = dest
        .strip_prefix(root)
        .map_err(|_| io::Error::other("not a path below the output directory"))?;
    let mut staged = stage_below(root, relative)?;
    staged.write_all(bytes)?;
    staged.finish(&staged.keep_of_dest())?;
    staged.sync()?;
    staged.commit(None).map_err(|e| match e {
        CommitError::Changed => ReachError::Changed,
        CommitError::Io(e) => ReachError::Io(e),
    })
}

/// New content in a closed temporary file of an open directory, waiting to be renamed
/// to its name there ([`DirClosed::commit_to`]); dropping it removes the file.
#[derive(Debug)]
pub struct DirClosed {
    dir: Arc<Dir>,
    tmp: OsString,
    dest: OsString,
    done: bool,
    /// Listed for removal on a signal until committed or dropped.
    _registered: Option<Registered>,
}

impl DirClosed {
    /// Makes the content durable by itself: opens it in its directory, `fdatasync`.
    pub fn sync(&self) -> io::Result<()> {
        self.dir.open_file(&self.tmp)?.sync_data()
    }

    /// The name it was staged for (in its directory).
    pub fn dest(&self) -> &OsStr {
        &self.dest
    }

    /// Renames it to its own name in its directory ([`DirClosed::dest`]), replacing
    /// whatever is there.
    pub fn commit(self) -> io::Result<()> {
        let dest = self.dest.clone();
        self.commit_to(&dest)
    }

    /// Renames it to `name` in its directory (a name known only once it was written:
    /// `kifu split` numbers its files after counting), replacing whatever is there.
    pub fn commit_to(mut self, name: &OsStr) -> io::Result<()> {
        self.dir.rename(&self.tmp, name)?;
        self.done = true;
        Ok(())
    }
}

impl Drop for DirClosed {
    fn drop(&mut self) {
        if !self.done {
            let _ = self.dir.unlink(&self.tmp);
        }
    }
}

/// Makes closed files durable: on Linux one `syncfs` per file system, through their
/// directories' descriptors (no file of them open); elsewhere, or when that fails,
/// an `fdatasync` per file, one open at a time.
pub fn sync_dir_closed<'a, I>(closed: I) -> io::Result<()>
where
    I: IntoIterator<Item = &'a DirClosed>,
    I::IntoIter: Clone,
{
    let closed = closed.into_iter();
    #[cfg(target_os = "linux")]
    if super::batch::syncfs_files(closed.clone().map(|c| c.dir.file())) {
        return Ok(());
    }
    closed.into_iter().try_for_each(DirClosed::sync)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn a_directory_swapped_for_a_link_is_not_reached_and_nothing_is_written_there() {
        let base = tempfile::tempdir().expect("tempdir");
        let tree = base.path().join("tree");
        let outside = base.path().join("outside");
        std::fs::create_dir_all(tree.join("sub")).expect("mkdir");
        std::fs::create_dir(&outside).expect("mkdir");
        std::fs::create_dir(base.path().join("other")).expect("mkdir");
        let root_id = std::fs::metadata(&tree).ok().as_ref().and_then(dir_id);
        let sub_id = std::fs::metadata(tree.join("sub"))
            .ok()
            .as_ref()
            .and_then(dir_id)
            .expect("id");
        let steps = vec![(OsString::from("sub"), Some(sub_id))];
        assert!(reach(&tree, root_id, &steps).is_ok());
        std::fs::remove_dir(tree.join("sub")).expect("rmdir");
        std::os::unix::fs::symlink(&outside, tree.join("sub")).expect("link");
        assert!(matches!(
            reach(&tree, root_id, &steps),
            Err(ReachError::Changed)
        ));
        assert!(matches!(
            make_path(&tree, [OsStr::new("sub")]),
            Err(ReachError::Changed)
        ));
        // Another real directory in its place is a change too.
        std::fs::remove_file(tree.join("sub")).expect("rm");
        std::fs::rename(base.path().join("other"), tree.join("sub")).expect("mv");
        assert!(matches!(
            reach(&tree, root_id, &steps),
            Err(ReachError::Changed)
        ));
        assert_eq!(std::fs::read_dir(&outside).expect("dir").count(), 0);
    }

    #[test]
    fn a_staged_file_replaces_its_destination_or_leaves_nothing_behind() {
        let base = tempfile::tempdir().expect("tempdir");
        let dir =
            Arc::new(make_path(base.path(), [OsStr::new("a"), OsStr::new("b")]).expect("mkdir"));
        let mut t = dir.stage(OsStr::new("g.sgf")).expect("stage");
        assert_eq!(
            super::super::is_temp_name(&t.tmp),
            Some(std::process::id()),
            "a name the stale sweep knows"
        );
        t.write_all(b"(;)").expect("write");
        t.commit(None).expect("commit");
        let g = base.path().join("a/b/g.sgf");
        assert_eq!(std::fs::read(&g).expect("read"), b"(;)");
        let mut t = dir.stage(OsStr::new("g.sgf")).expect("stage");
        t.write_all(b"new").expect("write");
        drop(t);
        assert_eq!(std::fs::read(&g).expect("read"), b"(;)");
        assert_eq!(
            std::fs::read_dir(base.path().join("a/b"))
                .expect("dir")
                .count(),
            1
        );
    }

    #[test]
    fn a_staged_file_is_listed_for_signals_by_a_path_through_its_handle() {
        let base = tempfile::tempdir().expect("tempdir");
        let dir = Arc::new(make_path(base.path(), [OsStr::new("a")]).expect("mkdir"));
        let t = dir.stage(OsStr::new("g.sgf")).expect("stage");
        let listed = dir.path_for_signals(&t.tmp);
        assert!(crate::fsio::signals::is_listed(&listed));
        // The listed path reaches the temporary file itself, even after the tree is
        // renamed: the signal thread removes it through the open directory.
        std::fs::rename(base.path().join("a"), base.path().join("moved")).expect("rename");
        assert!(std::fs::symlink_metadata(&listed).is_ok_and(|m| m.is_file()));
        drop(t);
        assert!(!crate::fsio::signals::is_listed(&listed));
        assert_eq!(
            std::fs::read_dir(base.path().join("moved"))
                .expect("dir")
                .count(),
            0
        );
    }

    #[test]
    fn closed_files_below_a_handle_are_synced_together_then_renamed_or_removed() {
        let base = tempfile::tempdir().expect("tempdir");
        let root = Arc::new(make_path(base.path(), []).expect("root"));
        assert!(Arc::ptr_eq(&root.make_below([]).expect("itself"), &root));
        let sub = root
            .make_below([OsStr::new("a"), OsStr::new("b")])
            .expect("mkdir");
        let mut closed: Vec<DirClosed> = ["x", "y"]
            .iter()
            .map(|n| {
                let mut t = sub.stage(OsStr::new(n)).expect("stage");
                t.write_all(n.as_bytes()).expect("write");
                t.close()
            })
            .collect();
        sync_dir_closed(&closed).expect("sync");
        let y = closed.pop().expect("y");
        assert_eq!(y.dest(), "y");
        drop(y);
        for c in closed {
            c.commit().expect("commit");
        }
        let listed = |p: &Path| -> Vec<OsString> {
            std::fs::read_dir(p)
                .expect("dir")
                .map(|e| e.expect("entry").file_name())
                .collect()
        };
        assert_eq!(listed(&base.path().join("a/b")), ["x"]);
        assert_eq!(
            std::fs::read(base.path().join("a/b/x")).expect("read"),
            b"x"
        );
        // A directory below the handle swapped for a link is not entered.
        std::fs::remove_dir_all(base.path().join("a")).expect("rm");
        std::os::unix::fs::symlink(base.path().join("elsewhere"), base.path().join("a"))
            .expect("link");
        assert!(matches!(
            root.make_below([OsStr::new("a"), OsStr::new("b")]),
            Err(ReachError::Changed)
        ));
        assert_eq!(listed(base.path()), ["a"]);
    }
}
