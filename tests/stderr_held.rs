//! `kifu convert --out-dir` holds what it prints to standard error (when that is not
//! a terminal) to write it in fewer calls: the bytes and their order are those of a
//! run that writes each line at once, and nothing is lost at the run's end, after
//! a failed input, or when a signal ends the run. Debug builds take
//! `KIFU_STDERR_HOLD_MS` (how long a line may wait; 0: not at all) and
//! `KIFU_STDERR_HOLD_BYTES` (how much may wait) so that a test can hold everything.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn kifu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/shogi")
        .join(name)
}

/// `kifu convert in -t csa --out-dir out` in `dir`, lines held for `ms`.
fn convert_held(dir: &Path, ms: &str) -> Output {
    let _ = std::fs::remove_dir_all(dir.join("out"));
    std::fs::create_dir_all(dir.join("out/b.csa/x")).expect("mkdir");
    kifu()
        .args(["convert", "in", "-t", "csa", "--out-dir", "out"])
        .env("KIFU_STDERR_HOLD_MS", ms)
        .env("KIFU_STDERR_HOLD_BYTES", "1000000000")
        .current_dir(dir)
        .output()
        .expect("kifu runs")
}

#[test]
fn held_warnings_keep_their_bytes_and_order_and_the_errors_at_the_end_follow_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join("in/sub")).expect("mkdir");
    for name in ["a", "b", "sub/c"] {
        std::fs::copy(
            fixture("opening.kif"),
            dir.path().join(format!("in/{name}.kif")),
        )
        .expect("copy a fixture");
    }
    // out/b.csa is a directory (convert_held makes it): b's output cannot be put
    // in place, and the run ends with errors after every warning.
    let expected = "\
warning: in/a.kif: [loss::variations] csa holds the main line only: 1 variation(s) (2 node(s)) left out
warning: in/b.kif: [loss::variations] csa holds the main line only: 1 variation(s) (2 node(s)) left out
warning: in/sub/c.kif: [loss::variations] csa holds the main line only: 1 variation(s) (2 node(s)) left out
error: in/b.kif: cannot write out/b.csa: Is a directory (os error 21)
error: 1 of 3 files not converted: in/b.kif
";
    // Held for the whole run, and each line written at once.
    for ms in ["600000", "0"] {
        let out = convert_held(dir.path(), ms);
        assert_eq!(out.status.code(), Some(1), "held {ms} ms: {out:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            expected,
            "held {ms} ms"
        );
        assert!(out.stdout.is_empty());
        assert!(dir.path().join("out/a.csa").is_file());
        assert!(dir.path().join("out/sub/c.csa").is_file());
    }
}

/// The temporary files kifu stages in `dir`.
fn temporaries(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.to_string_lossy().ends_with(".tmp"))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_signal_writes_what_was_held_before_the_run_ends() {
    let dir = tempfile::tempdir().expect("tempdir");
    // 20,000 games of a CSA collection, each with eight warnings converting it to
    // USI: seconds of work, the signal comes long before the end.
    let game = std::fs::read_to_string(fixture("opening.csa")).expect("the fixture");
    let games = vec![game.trim_end(); 20_000].join("\n/\n");
    let input = dir.path().join("many.csa");
    std::fs::write(&input, games + "\n").expect("write");
    let out_dir = dir.path().join("out");
    std::fs::create_dir(&out_dir).expect("mkdir");
    let err = dir.path().join("stderr.txt");
    let mut child = kifu()
        .args(["convert", "-t", "usi", "--out-dir"])
        .arg(&out_dir)
        .arg(&input)
        .env("KIFU_STDERR_HOLD_MS", "600000")
        .env("KIFU_STDERR_HOLD_BYTES", "1000000000")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&err).expect("create"))
        .spawn()
        .expect("spawn");
    // Until the output has its first bytes (written 16 KiB at a time): games have
    // been converted, their warnings held.
    let start = Instant::now();
    let written = |p: &PathBuf| std::fs::metadata(p).is_ok_and(|m| m.len() > 0);
    while !temporaries(&out_dir).iter().any(written) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no temporary file was written"
        );
        if let Ok(Some(status)) = child.try_wait() {
            panic!("kifu ended before it was interrupted: {status:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let sent = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(sent.success());
    let status = child.wait().expect("wait");
    assert_eq!(status.code(), Some(143), "{status:?}");
    assert_eq!(temporaries(&out_dir), Vec::<PathBuf>::new());
    let text = std::fs::read_to_string(&err).expect("stderr");
    let shown = format!("warning: {}: ", input.display());
    assert!(
        text.lines().count() >= 8,
        "the warnings of at least one game: {text:?}"
    );
    assert!(text.ends_with('\n'), "whole lines");
    assert!(
        text.lines().all(|l| l.starts_with(&shown)),
        "warnings only: {text:?}"
    );
}
