//! `kifu completions SHELL`: a completion script on standard output.

use clap::Args;
use clap_complete::Shell;

use super::output::stdout_bytes;
use super::{Fatal, Status, Ui};

/// Arguments of `kifu completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Runs `kifu completions`.
pub fn run(args: &CompletionsArgs, _ui: &Ui) -> Result<Status, Fatal> {
    let mut cmd = super::command();
    let mut buf = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "kifu", &mut buf);
    stdout_bytes(&buf)?;
    Ok(Status::Success)
}
