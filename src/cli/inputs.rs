//! Turning command-line paths into inputs: files as given, directories walked for
//! record files (symlinks not followed), `-` as standard input.

use std::io::Read;
use std::path::{Component, Path, PathBuf};

use super::ByteSize;
use crate::formats;

/// One input named on the command line or found in a directory.
#[derive(Debug, Clone)]
pub struct InputFile {
    /// The path as shown in messages (`-` for standard input).
    pub display: String,
    /// The file to read; `None` for standard input.
    pub path: Option<PathBuf>,
    /// The path relative to the argument it came from, for mirroring into an
    /// output directory.
    pub relative: PathBuf,
}

/// Expands arguments: directories are walked (sorted, iteratively) for files whose
/// extension some format claims; files and `-` are taken as given.
pub fn expand(args: &[PathBuf]) -> Result<Vec<InputFile>, String> {
    let mut out = Vec::new();
    for arg in args {
        if arg.as_os_str() == "-" {
            out.push(InputFile {
                display: "-".into(),
                path: None,
                relative: PathBuf::from("stdin"),
            });
            continue;
        }
        // A path that cannot be inspected is kept as a file: reading it reports why,
        // and the batch goes on.
        let is_dir = std::fs::metadata(arg).is_ok_and(|m| m.is_dir());
        if is_dir {
            walk(arg, &mut out).map_err(|e| format!("{}: {e}", arg.display()))?;
        } else {
            out.push(InputFile {
                display: arg.display().to_string(),
                path: Some(arg.clone()),
                relative: relative_of_file(arg),
            });
        }
    }
    Ok(out)
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

/// Walks a directory iteratively, collecting files with a known record extension.
fn walk(root: &Path, out: &mut Vec<InputFile>) -> std::io::Result<()> {
    let mut stack = vec![root.to_path_buf()];
    let mut found = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let kind = entry.file_type()?;
            let path = entry.path();
            if kind.is_dir() {
                stack.push(path);
            } else if kind.is_file() && formats::by_extension(&path).is_some() {
                found.push(path);
            }
        }
    }
    found.sort();
    for path in found {
        let relative = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
        out.push(InputFile {
            display: path.display().to_string(),
            path: Some(path),
            relative,
        });
    }
    Ok(())
}

/// Reads an input's bytes (standard input for `-`, at most `limit` of them). `Err`
/// holds the line to report: the input could not be read, or standard input holds
/// more than `limit`.
pub fn read_bytes(input: &InputFile, limit: ByteSize) -> Result<Vec<u8>, String> {
    let cannot = |e: std::io::Error| format!("{}: cannot read: {e}", input.display);
    match &input.path {
        Some(p) => read_file(p).map_err(cannot),
        None => {
            let mut buf = Vec::new();
            let mut stdin = std::io::stdin().lock();
            if fill(&mut stdin, &mut buf, limit.0).map_err(cannot)? == Filled::Full {
                return Err(too_large(&input.display, limit));
            }
            Ok(buf)
        }
    }
}

/// The message for standard input read whole that holds more than `limit`.
pub fn too_large(display: &str, limit: ByteSize) -> String {
    format!(
        "{display}: standard input holds more than {limit}, the most read as one record; give a larger --max-game-size"
    )
}

/// How [`fill`] stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filled {
    /// The input ended.
    Ended,
    /// The buffer holds more than the bytes asked for; the input may go on.
    Full,
}

/// Bytes read from standard input at a time.
const CHUNK: usize = 64 << 10;

/// Reads from `reader` into `buf` until it holds more than `upto` bytes (then
/// [`Filled::Full`]) or the input ends. The buffer grows at most to `upto` plus one
/// chunk, never by doubling past it, so a limit of 256 MiB never costs 512.
pub fn fill(reader: &mut impl Read, buf: &mut Vec<u8>, upto: usize) -> std::io::Result<Filled> {
    while buf.len() <= upto {
        let want = (upto + 1 - buf.len()).min(CHUNK);
        if buf.capacity() - buf.len() < want {
            let grown = buf.capacity().saturating_mul(2).max(CHUNK);
            let target = grown.min(upto.saturating_add(CHUNK));
            buf.reserve_exact(target.saturating_sub(buf.len()).max(want));
        }
        let start = buf.len();
        buf.resize(start + want, 0);
        let read = loop {
            match reader.read(buf.get_mut(start..).unwrap_or(&mut [])) {
                Ok(n) => break Ok(n),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => break Err(e),
            }
        };
        match read {
            Ok(0) => {
                buf.truncate(start);
                return Ok(Filled::Ended);
            }
            Ok(n) => buf.truncate(start + n),
            Err(e) => {
                buf.truncate(start);
                return Err(e);
            }
        }
    }
    Ok(Filled::Full)
}

/// Regular files this large are mapped into memory by [`map_large`].
const MAP_FROM: u64 = 4 << 20;

/// A large regular file mapped into memory, read-only, instead of read: the page
/// cache then serves the bytes as they are, without the copy into fresh memory (and
/// its 5,300 page faults) that reading costs: about 5 % of what `kifu validate` spends
/// on the 21 MB bench collection. `None` for standard input, small or special files,
/// and when mapping fails (the caller then reads the file).
pub fn map_large(input: &InputFile) -> Option<memmap2::Mmap> {
    let file = std::fs::File::open(input.path.as_ref()?).ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() || meta.len() < MAP_FROM {
        return None;
    }
    // SAFETY: the map is read-only and private, and kifu never writes the file. What
    // Rust cannot rule out is another program changing the file while it is mapped:
    // its bytes would then change under the text validated from them, or, if it is
    // truncated, reading the lost pages stops the process with SIGBUS. Both only
    // happen to a file that is rewritten while kifu checks it, whose result would be
    // meaningless anyway; `--no-mmap` reads instead.
    let map = unsafe { memmap2::MmapOptions::new().populate().map(&file) }.ok()?;
    Some(map)
}

/// Files this large are read in two halves at once: copying from the page cache into
/// fresh memory (page faults included) is then done by two cores.
const PARALLEL_READ: u64 = 4 << 20;

/// Reads a whole file; large ones in two halves on the rayon pool.
fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt;
        let file = std::fs::File::open(path)?;
        let len = file.metadata()?.len();
        if len >= PARALLEL_READ && rayon::current_num_threads() > 1 {
            if let Ok(size) = usize::try_from(len) {
                let mut buf = vec![0u8; size];
                let half = size / 2;
                let (front, back) = buf.split_at_mut(half);
                let (a, b) = rayon::join(
                    || file.read_exact_at(front, 0),
                    || file.read_exact_at(back, half as u64),
                );
                if a.is_ok() && b.is_ok() {
                    // A file that grew meanwhile: its tail, read the usual way.
                    let mut tail = &file;
                    std::io::Seek::seek(&mut tail, std::io::SeekFrom::Start(len))?;
                    tail.read_to_end(&mut buf)?;
                    return Ok(buf);
                }
                // It shrank meanwhile: read it again as a whole.
            }
        }
    }
    std::fs::read(path)
}
