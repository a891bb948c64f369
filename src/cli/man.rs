//! `kifu man` (hidden): the man page in roff on standard output.

use super::output::stdout_bytes;
use super::{Fatal, Status, Ui};

/// Runs `kifu man`.
pub fn run(_ui: &Ui) -> Result<Status, Fatal> {
    let mut buf = Vec::new();
    clap_mangen::Man::new(super::command())
        .render(&mut buf)
        .map_err(|e| Fatal::Other(format!("cannot render the man page: {e}")))?;
    stdout_bytes(&buf)?;
    Ok(Status::Success)
}
