//! Where output goes: results to stdout (a closed pipe stops quietly), diagnostics and
//! messages to stderr, coloured only when allowed.

use std::io::{IsTerminal, Write};

use super::{ColorChoice, Fatal};
use kifu::diag::{self, Diagnostic, Loss, Source, Style};
use kifu::text::LineIndex;

/// The user interface settings of one run.
#[derive(Debug)]
pub struct Ui {
    quiet: bool,
    style: Style,
}

impl Ui {
    /// Settles quietness and colour: `auto` colours only a terminal; NO_COLOR (set and
    /// not empty) always wins.
    pub fn new(quiet: bool, choice: ColorChoice) -> Ui {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let colour = !no_color
            && match choice {
                ColorChoice::Always => true,
                ColorChoice::Never => false,
                ColorChoice::Auto => std::io::stderr().is_terminal(),
            };
        Ui {
            quiet,
            style: if colour { Style::ANSI } else { Style::PLAIN },
        }
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
        let _ = writeln!(
            std::io::stderr().lock(),
            "{}error{}: {msg}",
            s.error,
            s.reset
        );
    }

    /// Prints a warning message unless quiet.
    pub fn warning(&self, msg: &str) {
        if !self.quiet {
            let msg = kifu::text::escape_controls_in_lines(msg);
            let s = self.style;
            let _ = writeln!(
                std::io::stderr().lock(),
                "{}warning{}: {msg}",
                s.warning,
                s.reset
            );
        }
    }

    /// Prints a note to stderr unless quiet.
    pub fn note(&self, msg: &str) {
        if !self.quiet {
            let msg = kifu::text::escape_controls_in_lines(msg);
            let _ = writeln!(std::io::stderr().lock(), "{msg}");
        }
    }

    /// Prints diagnostics for people; with `-q` only errors.
    pub fn diagnostics(&self, path: &str, text: Option<&str>, diags: &[Diagnostic]) {
        self.diagnostics_in_part(path, text, diags, None);
    }

    /// [`Ui::diagnostics`] of a part of a longer input (`shift`: where the part
    /// starts), located as in the whole input.
    pub fn diagnostics_in_part(
        &self,
        path: &str,
        text: Option<&str>,
        diags: &[Diagnostic],
        shift: Option<diag::Shift>,
    ) {
        let shown = |d: &Diagnostic| !self.quiet || d.severity == diag::Severity::Error;
        // Lines are counted only when something is shown.
        let index = text.filter(|_| diags.iter().any(shown)).map(LineIndex::new);
        let mut err = std::io::stderr().lock();
        for d in diags.iter().filter(|d| shown(d)) {
            let source = match (text, &index, shift) {
                (Some(t), Some(i), Some(shift)) => Source::Part(t, i, shift),
                (Some(t), Some(i), None) => Source::Text(t, i),
                _ => Source::Bytes,
            };
            let _ = err.write_all(diag::render_human(path, d, source, self.style).as_bytes());
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
        let _ = std::io::stderr().lock().write_all(rendered.as_bytes());
    }

    /// Prints what a writer lost, as warnings (errors under `--strict`).
    pub fn losses(&self, path: &str, losses: &[Loss], strict: bool) {
        for l in losses {
            let msg = format!(
                "{}: [{}] {}",
                kifu::text::escape_controls(path),
                l.code,
                kifu::text::escape_controls(&l.message)
            );
            if strict {
                self.error(&msg);
            } else {
                self.warning(&msg);
            }
        }
    }
}

/// Writes bytes to standard output; a closed pipe becomes [`Fatal::BrokenPipe`].
pub fn stdout_bytes(bytes: &[u8]) -> Result<(), Fatal> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}

/// Writes a line to standard output.
pub fn stdout_line(line: &str) -> Result<(), Fatal> {
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
