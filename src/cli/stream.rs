//! Streamed outputs: what the commands that read game by game (`convert`, `info`,
//! `show`, `split`, `merge`) write as they read, to standard output or to files
//! staged until their input is read. The reading itself is the engine's
//! (`engine.rs`), re-exported here for those commands.

pub use super::engine::{each_game, Flow, InputRead, Item, Reading};
use super::Fatal;

/// Where a streamed output goes: standard output as it is written, a file through
/// its exclusive temporary file (renamed over the file at the end, removed if the
/// run fails), or memory, for output that must wait for the whole input (a format
/// holding one game, `--strict` to standard output). A file that cannot be written
/// (a full disk) fails its input, not the run: the first error is kept, later
/// writes are skipped, and [`Output::commit`] reports it.
pub enum Output {
    /// Standard output.
    Stdout,
    /// A file being staged (or an output written directly: a device, a FIFO), the
    /// first error writing it, and the games' bytes handed over and not yet written
    /// ([`Output::write_owned`]).
    File(kifu::fsio::OutputWriter, Option<String>, Gathered),
    /// Held until the end, then written to the inner output.
    Held(Vec<u8>, Box<Output>),
    /// A file being staged in an open directory of an output tree (`--out-dir`,
    /// reached without following links), its path for messages, the first error
    /// writing it, and whether its directory's listing at the run's start held its
    /// name (only then is a file there to keep the mode and owner of).
    InDir(InDirFile, std::path::PathBuf, Option<String>, bool),
}

impl Output {
    /// Standard output, or a file staged beside `path`; `Ok(Err(reason))` when the
    /// file cannot be created.
    pub fn open(path: Option<&std::path::Path>) -> Result<Output, String> {
        match path {
            None => Ok(Output::Stdout),
            Some(p) => kifu::fsio::OutputWriter::staged(p)
                .map(|s| Output::File(s, None, Gathered::default()))
                .map_err(|e| format!("cannot write {}: {e}", p.display())),
        }
    }

    /// Standard output, or the output named with `-o` (see
    /// [`kifu::fsio::OutputTarget`]: a device, FIFO or descriptor name written
    /// directly, a link through to its target, a file staged beside it); stale
    /// temporary files where it is staged are removed first.
    pub fn open_named(path: Option<&std::path::Path>, ui: &super::Ui) -> Result<Output, String> {
        let Some(p) = path else {
            return Ok(Output::Stdout);
        };
        let fail = |e: std::io::Error| format!("cannot write {}: {e}", p.display());
        let target = super::output::resolve_named(p).map_err(fail)?;
        super::output::note_swept(target.sweep_stale(), ui);
        target
            .open()
            .map(|w| Output::File(w, None, Gathered::default()))
            .map_err(fail)
    }

    /// A file `relative` below the output directory `root`, staged in its directory:
    /// the root is opened as named, each directory below it is made where missing and
    /// entered without following a link ([`kifu::fsio::make_path`]), so a directory
    /// swapped for a link is never written through. `Err(reason)` when it cannot be.
    /// Directories are opened once per run, in `tree`. `listed`: whether the listing
    /// of the output's directory at the run's start held its name (or could not
    /// tell); when it did not, no file is asked for its mode and owner to keep.
    pub fn open_in(
        tree: &mut kifu::fsio::OutTree,
        root: &std::path::Path,
        relative: &std::path::Path,
        listed: bool,
    ) -> Result<Output, String> {
        let shown = root.join(relative);
        let staged = tree.stage(relative).map_err(|e| match e {
            kifu::fsio::ReachError::Changed => format!(
                "cannot write {}: changed during the run; left untouched",
                shown.display()
            ),
            kifu::fsio::ReachError::Io(e) => format!("cannot write {}: {e}", shown.display()),
        })?;
        Ok(Output::InDir(
            InDirFile {
                file: staged,
                buf: SPARE.with(std::cell::RefCell::take),
            },
            shown,
            None,
            listed,
        ))
    }

    /// Ends a file staged in an output tree without making it durable or renaming
    /// it: its mode and owner are set as the file it replaces had them, and it is
    /// closed, to be made durable with others ([`kifu::fsio::sync_dir_closed`]: one
    /// `syncfs` a batch) and renamed after. Any other output is committed now
    /// ([`Output::commit`]) and gives `None`.
    pub fn close_staged(self) -> Result<Result<Option<kifu::fsio::DirClosed>, String>, Fatal> {
        match self {
            Output::InDir(_, _, Some(failed), _) => Ok(Err(failed)),
            Output::InDir(out, shown, None, listed) => {
                let cannot =
                    |e: &dyn std::fmt::Display| format!("cannot write {}: {e}", shown.display());
                let staged = out.into_inner().map_err(|e| cannot(&e));
                Ok(staged.and_then(|staged| {
                    // A name the listing did not hold is a new file (one made since
                    // by someone else is replaced as it would be anyway): no
                    // `fstatat` that can only fail.
                    if listed {
                        staged
                            .finish(&staged.keep_of_dest())
                            .map_err(|e| cannot(&e))?;
                    }
                    Ok(Some(staged.close()))
                }))
            }
            other => Ok(other.commit()?.map(|()| None)),
        }
    }

    /// Writes (or holds) bytes. A closed standard output stops the run.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), Fatal> {
        use std::io::Write;
        match self {
            Output::Stdout => super::output::stdout_bytes(bytes),
            Output::File(staging, failed, gathered) => {
                gathered.write_out(staging, failed)?;
                if failed.is_none() {
                    if let Err(e) = staging.write_all(bytes) {
                        *failed = Some(write_failure(staging, e)?);
                    }
                }
                Ok(())
            }
            Output::Held(held, _) => {
                held.extend_from_slice(bytes);
                Ok(())
            }
            Output::InDir(out, shown, failed, _) => {
                if failed.is_none() {
                    if let Err(e) = out.write(bytes) {
                        *failed = Some(format!("cannot write {}: {e}", shown.display()));
                    }
                }
                Ok(())
            }
        }
    }

    /// Writes bytes handed over: a file takes them as they are, and writes what it
    /// was handed in one `writev` once it holds [`GATHER`] bytes (a game's bytes are
    /// not copied into a buffer first); any other output as [`Output::write`].
    pub fn write_owned(&mut self, bytes: Vec<u8>) -> Result<(), Fatal> {
        match self {
            Output::File(staging, failed, gathered) => {
                if failed.is_none() {
                    gathered.len += bytes.len();
                    gathered.pieces.push(bytes);
                    if gathered.len >= GATHER {
                        gathered.write_out(staging, failed)?;
                    }
                }
                Ok(())
            }
            other => other.write(&bytes),
        }
    }

    /// True when what is written goes out at once and cannot be taken back:
    /// standard output, or a device, FIFO or descriptor named with `-o`.
    pub fn is_direct(&self) -> bool {
        match self {
            Output::Stdout => true,
            Output::File(w, ..) => matches!(w, kifu::fsio::OutputWriter::Direct { .. }),
            Output::Held(..) | Output::InDir(..) => false,
        }
    }

    /// True when a file could not be written: nothing more is worth writing.
    pub fn failed(&self) -> bool {
        match self {
            Output::File(_, failed, _) | Output::InDir(_, _, failed, _) => failed.is_some(),
            Output::Stdout | Output::Held(..) => false,
        }
    }

    /// Writes what was held and renames a staged file over its destination;
    /// `Ok(Err(reason))` when the file could not be written (it is then removed,
    /// and whatever was at its name is as it was).
    pub fn commit(self) -> Result<Result<(), String>, Fatal> {
        match self {
            Output::Stdout => Ok(Ok(())),
            Output::File(mut staging, mut failed, mut gathered) => {
                gathered.write_out(&mut staging, &mut failed)?;
                if let Some(failed) = failed {
                    return Ok(Err(failed));
                }
                let dest = staging.dest().to_path_buf();
                match staging.commit() {
                    Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Fatal::BrokenPipe),
                    done => Ok(done.map_err(|e| format!("cannot write {}: {e}", dest.display()))),
                }
            }
            Output::Held(held, mut inner) => {
                inner.write(&held)?;
                inner.commit()
            }
            Output::InDir(_, _, Some(failed), _) => Ok(Err(failed)),
            Output::InDir(out, shown, None, _) => {
                let cannot =
                    |e: &dyn std::fmt::Display| format!("cannot write {}: {e}", shown.display());
                let staged = out.into_inner().map_err(|e| cannot(&e));
                Ok(staged.and_then(|staged| {
                    staged
                        .finish(&staged.keep_of_dest())
                        .map_err(|e| cannot(&e))?;
                    staged.sync().map_err(|e| cannot(&e))?;
                    staged.commit(None).map_err(|e| cannot(&e))
                }))
            }
        }
    }
}

/// How many bytes handed over ([`Output::write_owned`]) a file holds before it writes
/// them: as much as its buffer, so that the pieces go out in one `writev`.
const GATHER: usize = 256 << 10;

/// Pieces handed over to a file ([`Output::write_owned`]) and not yet written, in
/// order, and how many bytes they hold.
#[derive(Default)]
pub struct Gathered {
    pieces: Vec<Vec<u8>>,
    len: usize,
}

impl Gathered {
    /// Writes the pieces held to `out` (none once a write has failed: the failure is
    /// kept in `failed`), and lets them go.
    fn write_out(
        &mut self,
        out: &mut kifu::fsio::OutputWriter,
        failed: &mut Option<String>,
    ) -> Result<(), Fatal> {
        if self.pieces.is_empty() {
            return Ok(());
        }
        if failed.is_none() {
            if let Err(e) = write_all_pieces(out, &self.pieces) {
                *failed = Some(write_failure(out, e)?);
            }
        }
        self.pieces.clear();
        self.len = 0;
        Ok(())
    }
}

/// Writes every byte of `pieces`, in order, with as few `writev` calls as the writer
/// takes (what `Write::write_all_vectored` does, not yet stable).
fn write_all_pieces(out: &mut impl std::io::Write, pieces: &[Vec<u8>]) -> std::io::Result<()> {
    let mut slices: Vec<std::io::IoSlice<'_>> =
        pieces.iter().map(|p| std::io::IoSlice::new(p)).collect();
    let mut rest = &mut slices[..];
    std::io::IoSlice::advance_slices(&mut rest, 0);
    while !rest.is_empty() {
        match out.write_vectored(rest) {
            Ok(0) => return Err(std::io::ErrorKind::WriteZero.into()),
            Ok(n) => std::io::IoSlice::advance_slices(&mut rest, n),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// What a failed write of a file says; a pipe named with -o (`/dev/stdout`,
/// `>(cmd)`) whose reader left stops the run quietly, as standard output does.
fn write_failure(out: &kifu::fsio::OutputWriter, e: std::io::Error) -> Result<String, Fatal> {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return Err(Fatal::BrokenPipe);
    }
    Ok(format!("cannot write {}: {e}", out.dest().display()))
}

/// How much an output of a tree holds before it is written: most outputs are one
/// record written in one piece, passed straight through when it is longer.
const IN_DIR_BUFFER: usize = 16 << 10;

thread_local! {
    /// The buffer of the last output of a tree closed on this thread, emptied, for
    /// the next: a buffer of this size is a large allocation, and its freeing, per
    /// file otherwise (4.7 % of converting a folder of KIF files to CSA, later 2.9 %
    /// of the instructions).
    static SPARE: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A file staged in an output tree, written through a buffer of
/// [`IN_DIR_BUFFER`] bytes handed from one output to the next.
pub struct InDirFile {
    file: kifu::fsio::DirTemp,
    buf: Vec<u8>,
}

impl InDirFile {
    /// Writes `bytes` (held while they fit the buffer).
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        use std::io::Write;
        if self.buf.len() + bytes.len() > IN_DIR_BUFFER {
            self.write_held()?;
        }
        if bytes.len() >= IN_DIR_BUFFER {
            return self.file.write_all(bytes);
        }
        self.buf.extend_from_slice(bytes);
        Ok(())
    }

    /// Writes what the buffer holds.
    fn write_held(&mut self) -> std::io::Result<()> {
        use std::io::Write;
        let done = self.file.write_all(&self.buf);
        self.buf.clear();
        done
    }

    /// Writes what is held and gives the file; the buffer goes to the next output.
    fn into_inner(mut self) -> std::io::Result<kifu::fsio::DirTemp> {
        self.write_held()?;
        let InDirFile { file, buf } = self;
        SPARE.with(|spare| spare.replace(buf));
        Ok(file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that takes at most `most` bytes a call, fails once with
    /// `Interrupted`, and keeps what it took.
    struct Trickle {
        most: usize,
        interrupted: bool,
        got: Vec<u8>,
    }

    impl std::io::Write for Trickle {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            let n = buf.len().min(self.most);
            self.got.extend_from_slice(&buf[..n]);
            Ok(n)
        }

        fn write_vectored(&mut self, bufs: &[std::io::IoSlice<'_>]) -> std::io::Result<usize> {
            if !self.interrupted {
                self.interrupted = true;
                return Err(std::io::ErrorKind::Interrupted.into());
            }
            let mut left = self.most;
            for b in bufs {
                let n = b.len().min(left);
                self.got.extend_from_slice(&b[..n]);
                left -= n;
                if left == 0 {
                    break;
                }
            }
            Ok(self.most - left)
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn pieces_are_written_whole_and_in_order_through_short_writes() {
        let pieces = vec![
            b"(;GM[1]".to_vec(),
            Vec::new(),
            b";B[aa])".to_vec(),
            b"\n".to_vec(),
        ];
        for most in [1, 3, 7, 64] {
            let mut out = Trickle {
                most,
                interrupted: false,
                got: Vec::new(),
            };
            write_all_pieces(&mut out, &pieces).unwrap();
            assert_eq!(out.got, b"(;GM[1];B[aa])\n", "{most} bytes a call");
        }
    }

    #[test]
    fn a_writer_that_takes_nothing_is_an_error() {
        let mut out = Trickle {
            most: 0,
            interrupted: true,
            got: Vec::new(),
        };
        let e = write_all_pieces(&mut out, &[b"x".to_vec()]).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::WriteZero);
    }

    #[test]
    fn bytes_handed_over_keep_their_place_among_bytes_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.sgf");
        let mut out = Output::open(Some(&path)).unwrap();
        out.write(b"<").unwrap();
        let big = vec![b'x'; GATHER + 5];
        out.write_owned(b"ab".to_vec()).unwrap();
        out.write(b"-").unwrap();
        out.write_owned(b"cd".to_vec()).unwrap();
        out.write_owned(big.clone()).unwrap();
        out.write_owned(b"ef".to_vec()).unwrap();
        out.write(b">").unwrap();
        out.commit().unwrap().unwrap();
        let mut want = b"<ab-cd".to_vec();
        want.extend_from_slice(&big);
        want.extend_from_slice(b"ef>");
        assert_eq!(std::fs::read(&path).unwrap(), want);
    }
}
