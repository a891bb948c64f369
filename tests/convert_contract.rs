//! The converter's contract: every input that could be read is written, with each
//! repair reported; only an input with no game in it is refused; `--strict` refuses
//! any input with an error or a loss. Exit 0 when everything was written, 1 when an
//! input was not.

use std::process::{Command, Output};

fn kifu(args: &[&str], dir: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("kifu runs")
}

/// A legal game with a time limit kifu cannot read as seconds (an error today, kept
/// as a private property).
const ODD: &str = "(;FF[4]GM[1]SZ[9]TM[forever];B[ee];W[cc])";

#[test]
fn an_input_with_errors_is_written_and_its_diagnostics_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("odd.sgf"), ODD).expect("write");
    let out = kifu(
        &["convert", "odd.sgf", "-t", "sgf", "-o", "out.sgf"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("odd.sgf:1:20: error[sgf::bad-value]: TM[forever] is not a real number"),
        "{err}"
    );
    let written = std::fs::read_to_string(dir.path().join("out.sgf")).expect("written");
    assert!(
        written.contains(";B[ee]") && written.contains(";W[cc]"),
        "{written}"
    );
}

#[test]
fn strict_refuses_an_input_with_an_error_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("odd.sgf"), ODD).expect("write");
    let out = kifu(
        &[
            "convert", "odd.sgf", "-t", "sgf", "--strict", "-o", "out.sgf",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.ends_with("error: odd.sgf: not converted: 1 error(s) in the input and --strict\n"),
        "{err}"
    );
    assert!(!dir.path().join("out.sgf").exists());
}

#[test]
fn an_input_with_no_game_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("empty.sgf"), "no game here").expect("write");
    let out = kifu(&["convert", "empty.sgf", "-t", "json"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("error: empty.sgf: not converted: no game could be read"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}
