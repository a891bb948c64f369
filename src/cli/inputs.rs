//! Turning command-line paths into inputs: files as given, directories walked for
//! record files (symlinks not followed), `-` as standard input.
//!
//! A walk never stops at the first problem: an entry that cannot be read (a directory
//! without permission, a path too long for the system) becomes an input of its own
//! whose reading fails with the reason, so each command reports it as a failed file
//! and goes on. Files a walk leaves out (unknown extension, symbolic link, FIFO,
//! socket, device) are counted and named in [`Expanded::skipped`]. A FIFO is never
//! opened, so a walk never blocks on one.

use std::fs::FileType;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

use super::ByteSize;
use kifu::formats;

/// One input named on the command line or found in a directory.
#[derive(Debug, Clone)]
pub struct InputFile {
    /// The path as shown to people (`-` for standard input): control characters and
    /// bytes that are not UTF-8 escaped ([`shown`]), so a name cannot forge a line.
    pub display: String,
    /// The path as text for machine-readable output (JSON, CSV): not escaped, bytes
    /// that are not UTF-8 replaced by U+FFFD.
    pub name: String,
    /// The file to read; `None` for standard input.
    pub path: Option<PathBuf>,
    /// The path relative to the argument it came from, for mirroring into an
    /// output directory.
    pub relative: PathBuf,
    /// Why this entry cannot be read, found while expanding (an unreadable directory,
    /// a special file named on the command line): reading it fails with
    /// `DISPLAY: PROBLEM`.
    pub problem: Option<String>,
    /// The directory argument a walk found it under (`None` for a file named on the
    /// command line or standard input).
    pub walked_from: Option<std::sync::Arc<Path>>,
    /// Set by [`anchor`]: the file is then opened through directory handles from its
    /// walk's root, never through a directory swapped for a link after the walk.
    pub place: Option<Box<kifu::fsio::Place>>,
}

/// A file a directory walk left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// The path as shown to people (escaped, see [`shown`]).
    pub display: String,
    /// The path as text for machine-readable output (not escaped).
    pub name: String,
    /// Why it was left out (`unknown extension .txt`, `not a regular file (a FIFO)` …).
    pub reason: String,
}

/// What the command-line paths expand to.
#[derive(Debug, Clone, Default)]
pub struct Expanded {
    /// The inputs, in the order given (each directory's files sorted by path).
    pub inputs: Vec<InputFile>,
    /// The files directory walks left out, sorted by path within each walk.
    pub skipped: Vec<Skipped>,
}

impl Expanded {
    /// Reports the skipped files on standard error unless quiet (for commands whose
    /// standard output is data): each one with `verbose`, then their number.
    pub fn note_skipped(&self, ui: &super::Ui, verbose: bool) {
        if self.skipped.is_empty() {
            return;
        }
        if verbose {
            for s in &self.skipped {
                ui.note(&format!(
                    "skipped {}: {}",
                    s.display,
                    kifu::text::escape_controls(&s.reason)
                ));
            }
        }
        ui.note(&skipped_line(self.skipped.len(), verbose));
    }
}

/// `N file(s) skipped …`: the count of left-out files, with a hint to `-v` when the
/// files were not named.
pub fn skipped_line(n: usize, verbose: bool) -> String {
    let hint = if verbose { "" } else { "; -v names them" };
    format!("{n} file(s) skipped (not record files{hint})")
}

/// Expands arguments: directories are walked (sorted, iteratively) for files whose
/// extension some format claims; files and `-` are taken as given.
pub fn expand(args: &[PathBuf]) -> Expanded {
    let mut out = Expanded::default();
    for arg in args {
        if arg.as_os_str() == "-" {
            out.inputs.push(InputFile {
                display: "-".into(),
                name: "-".into(),
                path: None,
                relative: PathBuf::from("stdin"),
                problem: None,
                walked_from: None,
                place: None,
            });
            continue;
        }
        // A path that cannot be inspected is kept as a file: reading it reports why,
        // and the batch goes on.
        let meta = std::fs::metadata(arg);
        if meta.as_ref().is_ok_and(|m| m.is_dir()) {
            walk(arg, &mut out);
            continue;
        }
        let problem = match &meta {
            Ok(m) if !m.is_file() => Some(not_regular(&m.file_type())),
            _ => None,
        };
        out.inputs.push(InputFile {
            display: shown(arg),
            name: arg.display().to_string(),
            path: Some(arg.clone()),
            relative: relative_of_file(arg),
            problem,
            walked_from: None,
            place: None,
        });
    }
    out
}

/// `not a regular file (a FIFO)`, for a file type that is neither a regular file nor
/// a directory.
fn not_regular(kind: &FileType) -> String {
    format!("not a regular file ({})", kind_name(kind))
}

/// What a special file is, with its article.
fn kind_name(kind: &FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
    }
    if kind.is_symlink() {
        return "a symbolic link";
    }
    if kind.is_dir() {
        return "a directory";
    }
    "of an unknown kind"
}

/// A file argument's place under an output directory: its relative path without
/// `..` or root components, else its file name.
fn relative_of_file(path: &Path) -> PathBuf {
    let clean: PathBuf = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(s) => Some(s),
            _ => None,
        })
        .collect();
    if path.is_absolute() || path.components().any(|c| c == Component::ParentDir) {
        path.file_name().map(PathBuf::from).unwrap_or(clean)
    } else {
        clean
    }
}

/// Walks a directory iteratively, collecting files with a known record extension,
/// entries that cannot be read (as inputs with a problem) and what it leaves out.
fn walk(root: &Path, out: &mut Expanded) {
    let mut stack = vec![root.to_path_buf()];
    // (path, problem) in one list so that both come out in path order.
    let mut found: Vec<(PathBuf, Option<String>)> = Vec::new();
    let mut skipped: Vec<(PathBuf, String)> = Vec::new();
    while let Some(dir) = stack.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) => {
                found.push((dir, Some(format!("cannot read directory: {e}"))));
                continue;
            }
        };
        for entry in entries {
            let entry = match entry {
                Ok(entry) => entry,
                Err(e) => {
                    // The listing broke off: what was listed stays, the rest is lost.
                    found.push((dir.clone(), Some(format!("cannot read directory: {e}"))));
                    break;
                }
            };
            let path = entry.path();
            let kind = match entry.file_type() {
                Ok(kind) => kind,
                Err(e) => {
                    found.push((path, Some(format!("cannot inspect: {e}"))));
                    continue;
                }
            };
            if kind.is_dir() {
                stack.push(path);
            } else if kind.is_file() {
                if formats::by_extension(&path).is_some() {
                    found.push((path, None));
                } else {
                    let reason = match path.extension() {
                        Some(ext) => format!("unknown extension .{}", ext.to_string_lossy()),
                        None => "no extension".to_string(),
                    };
                    skipped.push((path, reason));
                }
            } else if kind.is_symlink() {
                skipped.push((path, "symbolic link, not followed".into()));
            } else {
                // Never opened: opening a FIFO waits for a writer.
                skipped.push((path, not_regular(&kind)));
            }
        }
    }
    found.sort();
    skipped.sort();
    let walked_from: std::sync::Arc<Path> = std::sync::Arc::from(root);
    for (path, problem) in found {
        let relative = relative_to(&path, root);
        out.inputs.push(InputFile {
            display: shown(&path),
            // As `display()` shows it (U+FFFD for bytes that are not UTF-8), without
            // the formatting machinery.
            name: path.to_string_lossy().into_owned(),
            path: Some(path),
            relative,
            problem,
            walked_from: Some(std::sync::Arc::clone(&walked_from)),
            place: None,
        });
    }
    out.skipped
        .extend(skipped.into_iter().map(|(path, reason)| Skipped {
            display: shown(&path),
            name: path.display().to_string(),
            reason,
        }));
}

/// `path` relative to `root`, a path a walk of `root` found (`root` joined with
/// entry names): its bytes after `root`'s and the separator, not compared component
/// by component, where they begin so; else [`Path::strip_prefix`]'s answer.
fn relative_to(path: &Path, root: &Path) -> PathBuf {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let (bytes, prefix) = (path.as_os_str().as_bytes(), root.as_os_str().as_bytes());
        if let Some(rest) = bytes.strip_prefix(prefix) {
            let joined = prefix.ends_with(b"/") || rest.starts_with(b"/");
            let rest = rest.strip_prefix(b"/").unwrap_or(rest);
            // Entry names hold no separator; a root with `.` or `//` inside is
            // left to the component-wise answer.
            if joined && !rest.is_empty() && !rest.starts_with(b"/") && !prefix.contains(&b'.') {
                return PathBuf::from(std::ffi::OsStr::from_bytes(rest));
            }
        }
    }
    path.strip_prefix(root).unwrap_or(path).to_path_buf()
}

/// A path as shown to people: its bytes with control characters and bytes that are
/// not UTF-8 escaped (`kifu::text::escape_bytes`: `a\x1b[31m.sgf`, `a\nb.sgf`,
/// `\xff.sgf`).
pub fn shown(path: &Path) -> String {
    // Printable ASCII, the common case, is shown as it is: not looked at character
    // by character for something to escape.
    if let Some(text) = path
        .to_str()
        .filter(|t| t.bytes().all(|b| (b' '..=b'~').contains(&b)))
    {
        return text.to_owned();
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        kifu::text::escape_bytes(path.as_os_str().as_bytes()).into_owned()
    }
    #[cfg(not(unix))]
    {
        kifu::text::escape_controls(&path.to_string_lossy()).into_owned()
    }
}

/// Holds every walked input to its walk's root: notes the device and inode of the root
/// and of each directory below it now, and sets [`InputFile::place`], so that reading
/// the file later goes through directory handles (`O_NOFOLLOW`, each directory checked
/// to be the one noted) and a directory swapped for a link meanwhile is never read
/// through. For commands that write what they read elsewhere (`convert --out-dir`).
pub fn anchor(inputs: &mut [InputFile]) {
    use kifu::fsio::{dir_id, DirId, Place};
    use std::collections::HashMap;
    let mut ids: HashMap<PathBuf, Option<DirId>> = HashMap::new();
    let mut id_of = |path: &Path, follow: bool| -> Option<DirId> {
        *ids.entry(path.to_path_buf()).or_insert_with(|| {
            let meta = if follow {
                std::fs::metadata(path)
            } else {
                std::fs::symlink_metadata(path)
            };
            meta.ok().filter(|m| m.is_dir()).as_ref().and_then(dir_id)
        })
    };
    // The walk root of the input before and its identity: a walk's files come one
    // after another, and its root is looked up once for them.
    let mut last_root: Option<(std::sync::Arc<Path>, Option<DirId>)> = None;
    for input in inputs.iter_mut() {
        let (Some(root), Some(path), None) = (&input.walked_from, &input.path, &input.problem)
        else {
            continue;
        };
        let root = std::sync::Arc::clone(root);
        let Some(name) = path.file_name() else {
            continue;
        };
        let root_id = match &last_root {
            Some((seen, id)) if std::sync::Arc::ptr_eq(seen, &root) => *id,
            _ => {
                let id = id_of(&root, true);
                last_root = Some((std::sync::Arc::clone(&root), id));
                id
            }
        };
        let mut steps = Vec::new();
        let mut at = root.to_path_buf();
        for part in input
            .relative
            .parent()
            .into_iter()
            .flat_map(Path::components)
        {
            at.push(part);
            steps.push((part.as_os_str().to_os_string(), id_of(&at, false)));
        }
        input.place = Some(Box::new(Place {
            // `at` is the root itself for a file at the top of its walk.
            root: if steps.is_empty() {
                at
            } else {
                root.to_path_buf()
            },
            root_id,
            steps,
            name: name.to_os_string(),
        }));
    }
}

/// Test-only, in debug builds (release builds ignore it): when the environment variable
/// `KIFU_TEST_PAUSE_AFTER_WALK` names a FIFO, waits after a command's walk until a test
/// has opened that FIFO for writing and closed it, so that the test can change the
/// tree at exactly that moment (tests/faults.rs swaps directories for links there).
pub fn pause_after_walk() {
    #[cfg(debug_assertions)]
    if let Some(path) = std::env::var_os("KIFU_TEST_PAUSE_AFTER_WALK") {
        if let Ok(mut fifo) = std::fs::File::open(path) {
            let mut sink = Vec::new();
            let _ = fifo.read_to_end(&mut sink);
        }
    }
}

/// `DISPLAY: PROBLEM` for an input found unreadable while expanding.
pub fn problem_of(input: &InputFile) -> Option<String> {
    let problem = input.problem.as_ref()?;
    Some(format!("{}: {problem}", input.display))
}

/// The message for standard input read whole that holds more than `limit`.
pub fn too_large(display: &str, limit: ByteSize) -> String {
    format!(
        "{display}: standard input holds more than {limit}, the most read as one record; give a larger --max-game-size"
    )
}

/// Opens a file for reading, on Linux without waiting (`O_NONBLOCK`), so a file
/// replaced by a FIFO since the walk reads as empty instead of blocking. One system
/// call: whether it is still a regular file is asked only once it has given more than
/// [`FIRST_READ`] bytes (see [`RegularFile`]).
fn open_for_reading(
    path: &Path,
    place: Option<&kifu::fsio::Place>,
    reached: Option<&kifu::fsio::Reached>,
) -> std::io::Result<std::fs::File> {
    if let Some(place) = place {
        let opened = match reached {
            Some(reached) => reached.open(place),
            None => place.open(),
        };
        return opened.map_err(|e| match e {
            kifu::fsio::ReachError::Changed => {
                std::io::Error::other("changed during the run; left untouched")
            }
            kifu::fsio::ReachError::Io(e) => e,
        });
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The length of an open file, or an error if it is not (any longer) a regular file.
fn regular_len(file: &std::fs::File) -> std::io::Result<u64> {
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(std::io::Error::other(not_regular(&meta.file_type())));
    }
    Ok(meta.len())
}

/// Bytes asked for by the first read of a file: most record files are smaller, so a
/// file costs one open, one read, the read that sees its end and one close.
pub(super) const FIRST_READ: usize = 64 << 10;

/// A file being read that was found a regular file by the walk (from the directory
/// listing, without a system call of its own): once it has given [`FIRST_READ`]
/// bytes, it is asked once whether it still is one, so that a device
/// put in its place meanwhile is refused instead of read without end.
pub(super) struct RegularFile {
    file: std::fs::File,
    given: usize,
    checked: bool,
    /// Its length when it was asked whether it still is a regular file.
    len: Option<u64>,
}

impl RegularFile {
    /// Opens `path` (see [`open_for_reading`]), through a directory handle kept
    /// in `reached` when it has one for `place`'s directory.
    pub(super) fn open(
        path: &Path,
        place: Option<&kifu::fsio::Place>,
        reached: Option<&kifu::fsio::Reached>,
    ) -> std::io::Result<RegularFile> {
        Ok(RegularFile {
            file: open_for_reading(path, place, reached)?,
            given: 0,
            checked: false,
            len: None,
        })
    }

    /// Its length, once it has been asked (when it has given [`FIRST_READ`]
    /// bytes): a hint for how much memory reading it needs.
    pub(super) fn known_len(&self) -> Option<u64> {
        self.len
    }
}

impl Read for RegularFile {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.file.read(buf)?;
        self.given = self.given.saturating_add(n);
        if !self.checked && self.given >= FIRST_READ {
            // Asked as soon as it has given a first read's worth, so that the rest
            // is read at once into storage of its length.
            self.len = Some(regular_len(&self.file)?);
            self.checked = true;
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use std::path::Path;

    use super::{relative_to, RegularFile, FIRST_READ};

    #[test]
    fn relative_to_is_strip_prefix() {
        for (root, path) in [
            ("d", "d/a.csa"),
            ("d/", "d/a.csa"),
            ("/x/y", "/x/y/s/t/a.csa"),
            ("a//b", "a//b/c.sgf"),
            ("a//b/", "a//b/c.sgf"),
            ("./d", "./d/e/f.kif"),
            ("d/.", "d/./f.kif"),
            ("../d", "../d/f.kif"),
            ("/", "/f.kif"),
        ] {
            let (root, path) = (Path::new(root), Path::new(path));
            assert_eq!(
                relative_to(path, root),
                path.strip_prefix(root).expect("a prefix"),
                "{root:?} {path:?}"
            );
        }
    }

    /// Bytes that differ from position to position, so a misplaced block shows.
    fn pattern(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i % 251) as u8).collect()
    }

    #[test]
    fn files_of_every_size_around_the_first_read_are_read_exactly() {
        let dir = tempfile::tempdir().expect("tempdir");
        let big = (4 << 20) + 3;
        for len in [
            0,
            1,
            FIRST_READ - 1,
            FIRST_READ,
            FIRST_READ + 1,
            3 * FIRST_READ,
            big,
        ] {
            let path = dir.path().join(format!("f{len}"));
            let bytes = pattern(len);
            std::fs::write(&path, &bytes).expect("write");
            let mut streamed = Vec::new();
            RegularFile::open(&path, None, None)
                .expect("open")
                .read_to_end(&mut streamed)
                .expect("read in parts");
            assert!(
                streamed == bytes,
                "the bytes of a {len}-byte file, in parts"
            );
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_device_in_the_place_of_a_file_is_refused_after_the_first_read() {
        let mut sink = Vec::new();
        let err = RegularFile::open(std::path::Path::new("/dev/zero"), None, None)
            .expect("open")
            .read_to_end(&mut sink)
            .expect_err("refused");
        assert_eq!(err.to_string(), "not a regular file (a character device)");
        assert!(
            sink.len() <= 2 * FIRST_READ + 8192,
            "read {} bytes",
            sink.len()
        );
    }
}
