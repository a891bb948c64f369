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

/// `convert --json`: the NDJSON lines of a run, parsed.
fn ndjson(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[test]
fn convert_json_reports_each_file_with_its_repairs_and_whether_it_was_written() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join("in")).expect("mkdir");
    std::fs::write(dir.path().join("in/odd.sgf"), ODD).expect("write");
    std::fs::write(dir.path().join("in/none.sgf"), "no record here").expect("write");
    let out = kifu(
        &["convert", "--json", "in", "-t", "sgf", "--out-dir", "out"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "", "JSON says it all");
    let lines = ndjson(&out);
    let expected = [
        r#"{"type":"diagnostic","path":"in/none.sgf","line":1,"column":1,"offset":0,"severity":"warning","code":"sgf::text-outside-game","message":"text outside a game tree (ignored)"}"#,
        r#"{"type":"diagnostic","path":"in/none.sgf","line":1,"column":1,"offset":0,"severity":"error","code":"sgf::no-game","message":"no SGF game tree `(;…)` found"}"#,
        r#"{"type":"file","path":"in/none.sgf","valid":false,"format":"sgf","encoding":"UTF-8","encoding_decided_by":"utf8-valid","games":0,"errors":1,"warnings":1,"infos":0,"losses":0,"written":false,"output":"out/none.sgf","failure":"in/none.sgf: not converted: no game could be read (1 error(s))"}"#,
        r#"{"type":"diagnostic","path":"in/odd.sgf","line":1,"column":20,"offset":19,"severity":"error","code":"sgf::bad-value","message":"TM[forever] is not a real number (kept as a private property)"}"#,
        r#"{"type":"file","path":"in/odd.sgf","valid":false,"format":"sgf","encoding":"UTF-8","encoding_decided_by":"utf8-valid","games":1,"errors":1,"warnings":0,"infos":0,"losses":0,"written":true,"output":"out/odd.sgf"}"#,
        r#"{"type":"summary","files":2,"written":1,"not_written":1,"errors":2,"warnings":1,"infos":0,"losses":0,"skipped":0}"#,
    ];
    let expected: Vec<serde_json::Value> = expected
        .iter()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines, expected);
    assert!(dir.path().join("out/odd.sgf").exists());
    assert!(!dir.path().join("out/none.sgf").exists());
}

#[test]
fn convert_json_reports_losses_and_strict_refuses_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("g.sgf"),
        "(;GM[4]FF[4]SZ[15]RU[gomoku];B[hh](;W[hi])(;W[ih]))",
    )
    .expect("write");
    for (strict, written) in [(false, true), (true, false)] {
        let mut args = vec!["convert", "--json", "g.sgf", "-t", "psq", "-o", "g.psq"];
        if strict {
            args.push("--strict");
        }
        let out = kifu(&args, dir.path());
        assert_eq!(out.status.code(), Some(i32::from(strict)), "{out:?}");
        let lines = ndjson(&out);
        assert_eq!(lines.len(), 3, "{lines:?}");
        let loss: serde_json::Value = serde_json::from_str(
            r#"{"type":"loss","path":"g.sgf","game":1,"severity":"loss","code":"loss::variations","message":"psq holds the main line only: 1 variation(s) (1 node(s)) left out"}"#,
        )
        .expect("JSON");
        assert_eq!(lines[0], loss);
        assert_eq!(lines[1]["type"], "file");
        assert_eq!(lines[1]["losses"], 1);
        assert_eq!(lines[1]["written"], written);
        assert_eq!(lines[2]["losses"], 1);
        assert_eq!(dir.path().join("g.psq").exists(), written);
        std::fs::remove_file(dir.path().join("g.psq")).ok();
    }
}

#[test]
fn convert_json_needs_the_records_written_elsewhere_than_standard_output() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("odd.sgf"), ODD).expect("write");
    let out = kifu(&["convert", "--json", "odd.sgf", "-t", "sgf"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with(
        "error: convert --json reports on standard output: write the records with -o FILE or --out-dir DIR"
    ));
}
