//! The `kifu` binary: everything happens in [`kifu::cli::run`].

fn main() -> std::process::ExitCode {
    kifu::cli::run()
}
