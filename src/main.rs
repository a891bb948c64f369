//! The `kifu` command: everything happens in [`cli::run`]; the work itself is done by
//! the `kifu` library (crates/kifu), which knows no command line.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
