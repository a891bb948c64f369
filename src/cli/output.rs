//! Where output goes: results to stdout (a closed pipe stops quietly; a standard
//! output closed before the start is an error), diagnostics and messages to stderr,
//! coloured only when allowed; outputs named with `-o`.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{ColorChoice, Fatal};
use kifu::diag::{self, Diagnostic, Loss, Source, Style};

/// The user interface settings of one run.
#[derive(Debug)]
pub struct Ui {
    quiet: bool,
    style: Style,
    /// Whether standard error is a terminal, asked once (an `ioctl`) for the run.
    stderr_terminal: bool,
}

impl Ui {
    /// Settles quietness and colour: `auto` colours only a terminal; NO_COLOR (set and
    /// not empty) always wins.
    pub fn new(quiet: bool, choice: ColorChoice) -> Ui {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let stderr_terminal = std::io::stderr().is_terminal();
        let colour = !no_color
            && match choice {
                ColorChoice::Always => true,
                ColorChoice::Never => false,
                ColorChoice::Auto => stderr_terminal,
            };
        Ui {
            quiet,
            style: if colour { Style::ANSI } else { Style::PLAIN },
            stderr_terminal,
        }
    }

    /// True when standard error is a terminal (asked once, when the run began).
    pub fn stderr_is_terminal(&self) -> bool {
        self.stderr_terminal
    }

    /// True with `-q`.
    pub fn quiet(&self) -> bool {
        self.quiet
    }

    /// Prints an error message (always, even with `-q`). Here and in the other
    /// message methods control characters are shown escaped, all but the line feeds
    /// of a message of several lines (a path or record text in a message comes
    /// escaped already, newlines too: see `inputs::shown`).
    pub fn error(&self, msg: &str) {
        let msg = kifu::text::escape_controls_in_lines(msg);
        let s = self.style;
        print_line(&format!("{}error{}: {msg}\n", s.error, s.reset));
    }

    /// Prints a warning message unless quiet.
    pub fn warning(&self, msg: &str) {
        if !self.quiet {
            let msg = kifu::text::escape_controls_in_lines(msg);
            let s = self.style;
            print_line(&format!("{}warning{}: {msg}\n", s.warning, s.reset));
        }
    }

    /// Prints a note to stderr unless quiet.
    pub fn note(&self, msg: &str) {
        if !self.quiet {
            let msg = kifu::text::escape_controls_in_lines(msg);
            print_line(&format!("{msg}\n"));
        }
    }

    /// One diagnostic rendered for people, or `None` when `-q` hides it (it is not an
    /// error).
    pub fn render(&self, path: &str, d: &Diagnostic, source: Source<'_>) -> Option<String> {
        (!self.quiet || d.severity == diag::Severity::Error)
            .then(|| diag::render_human(path, d, source, self.style))
    }

    /// Writes diagnostics rendered by [`Ui::render`] to standard error.
    pub fn print_rendered(&self, rendered: &str) {
        super::stderr::write(rendered.as_bytes());
    }

    /// Prints what a writer lost, as warnings (errors under `--strict`), all in
    /// one write.
    pub fn losses(&self, path: &str, losses: &[Loss], strict: bool) {
        if losses.is_empty() || (self.quiet && !strict) {
            return;
        }
        let s = self.style;
        let (colour, word) = if strict {
            (s.error, "error")
        } else {
            (s.warning, "warning")
        };
        let path = kifu::text::escape_controls(path);
        let mut lines = String::new();
        for l in losses {
            let msg = format!(
                "{path}: [{}] {}",
                l.code.name,
                kifu::text::escape_controls(&l.message)
            );
            let msg = kifu::text::escape_controls_in_lines(&msg);
            lines.push_str(&format!("{colour}{word}{}: {msg}\n", s.reset));
        }
        print_line(&lines);
    }
}

/// Writes whole lines to standard error in one call (standard error has no
/// buffer: a formatted write would make one call per piece), or holds them to go
/// out with others ([`super::stderr`]).
fn print_line(text: &str) {
    super::stderr::write(text.as_bytes());
}

/// True when the program started with no standard output (`kifu … >&-`). Rust's
/// start-up then opens /dev/null in its place and its writes ignore `EBADF`, so this
/// is told before: [`record_closed_stdout`] runs from `.init_array`, before `main`.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Runs before Rust's start-up code (which would put /dev/null on a closed
/// descriptor 1) and records whether standard output is closed.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static RECORD_CLOSED_STDOUT: extern "C" fn(
    libc::c_int,
    *const *const libc::c_char,
    *const *const libc::c_char,
) = record_closed_stdout;

/// Records whether descriptor 1 is open; called with `main`'s arguments, unused.
#[cfg(target_os = "linux")]
extern "C" fn record_closed_stdout(
    _argc: libc::c_int,
    _argv: *const *const libc::c_char,
    _env: *const *const libc::c_char,
) {
    // SAFETY: fcntl(F_GETFD) only asks about descriptor 1; it fails (EBADF) when
    // the descriptor is not open.
    if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
    }
}

/// Why nothing can be written to a standard output closed at the start.
pub const STDOUT_CLOSED_MESSAGE: &str =
    "cannot write output: standard output is closed (Bad file descriptor)";

/// True when standard output was closed at the start (`>&-`).
pub fn stdout_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// An error when standard output was closed at the start: writing to it cannot work.
fn stdout_open() -> Result<(), Fatal> {
    // Standard error may be the same file: what it holds goes first.
    super::stderr::flush();
    if stdout_closed() {
        return Err(Fatal::Other(STDOUT_CLOSED_MESSAGE.into()));
    }
    Ok(())
}

/// Writes bytes to standard output; a closed pipe becomes [`Fatal::BrokenPipe`], a
/// closed standard output an error.
pub fn stdout_bytes(bytes: &[u8]) -> Result<(), Fatal> {
    stdout_open()?;
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}

/// Writes a line to standard output.
pub fn stdout_line(line: &str) -> Result<(), Fatal> {
    stdout_open()?;
    let mut out = std::io::stdout().lock();
    out.write_all(line.as_bytes())?;
    out.write_all(b"\n")?;
    Ok(())
}

/// Writes one JSON value as a line (NDJSON).
pub fn stdout_json(value: &impl serde::Serialize) -> Result<(), Fatal> {
    let line = serde_json::to_string(value)
        .map_err(|e| Fatal::Other(format!("cannot serialise JSON output: {e}")))?;
    stdout_line(&line)
}

/// Writes a whole output named with `-o` (see [`kifu::fsio::OutputTarget`]): a
/// device, FIFO or descriptor name directly, a link through to its target, a file
/// atomically; first removes the temporary files killed runs left where it is staged.
pub fn write_named(path: &Path, bytes: &[u8], ui: &Ui) -> Result<(), Fatal> {
    // A pipe named with -o (`/dev/stdout`, `>(cmd)`) whose reader left stops the run
    // quietly, as standard output does.
    let fail = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::BrokenPipe => Fatal::BrokenPipe,
        _ => Fatal::Other(format!("cannot write {}: {e}", path.display())),
    };
    let target = resolve_named(path).map_err(fail)?;
    note_swept(target.sweep_stale(), ui);
    let mut out = target.open().map_err(fail)?;
    out.write_all(bytes).map_err(fail)?;
    out.commit().map_err(fail)
}

/// Resolves an output named with `-o` ([`kifu::fsio::OutputTarget::resolve`]); a
/// name of standard output (`/dev/stdout`, `/dev/fd/1`) when it was closed at the
/// start fails as the closed descriptor would (`EBADF`), not into the /dev/null
/// Rust's start-up put in its place.
pub fn resolve_named(path: &Path) -> std::io::Result<kifu::fsio::OutputTarget> {
    let target = kifu::fsio::OutputTarget::resolve(path)?;
    if stdout_closed() && matches!(target, kifu::fsio::OutputTarget::Direct { fd: Some(1), .. }) {
        return Err(std::io::Error::from_raw_os_error(9));
    }
    Ok(target)
}

/// Notes how many stale temporary files were removed, if any.
pub fn note_swept(count: usize, ui: &Ui) {
    if count > 0 {
        ui.note(&format!(
            "removed {count} temporary file(s) left by an interrupted run"
        ));
    }
}
