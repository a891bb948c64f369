//! Bounded resources (#17): standard input read with a bound (`--max-game-size`), SGF
//! collections on standard input checked game by game, diagnostics collapsed per
//! code, messages quoting a short window of their input.

use std::io::Write;
use std::process::{Command, Stdio};

use assert_cmd::cargo::CommandCargoExt;

fn kifu() -> Command {
    let mut c = Command::cargo_bin("kifu").expect("the kifu binary is built");
    c.env_remove("NO_COLOR");
    c
}

/// Runs kifu with `input` on standard input (written from another thread).
fn run_with_stdin(args: &[&str], input: Vec<u8>) -> (i32, String, String) {
    let mut child = kifu()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kifu runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        // kifu may stop reading early: a broken pipe is expected then.
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("kifu ends");
    writer.join().expect("writer");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = kifu().args(args).output().expect("kifu runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `n` small valid games, one a line.
fn games(n: usize) -> String {
    (0..n)
        .map(|i| format!("(;GM[1]FF[4]SZ[19]C[game {i}];B[aa];W[bb])\n"))
        .collect()
}

#[test]
fn zeros_on_stdin_stop_at_the_limit_in_bounded_memory() {
    // 600 MB of zeros under a 500 MB address-space limit: read whole, they would not
    // fit; read with a bound of 64M they stop with the error.
    let bin = assert_cmd::cargo::cargo_bin("kifu");
    let script = format!(
        "ulimit -v 500000; head -c 600M /dev/zero | {} validate - -f sgf --max-game-size 64M",
        bin.display()
    );
    let out = Command::new("sh")
        .args(["-c", &script])
        .env_remove("NO_COLOR")
        .output()
        .expect("sh runs");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: -: more than 64M (67108864 bytes) of standard input without a complete game; give a larger --max-game-size\n"
    );
}

#[test]
fn validate_json_reports_the_limit_as_the_files_failure() {
    let (code, out, err) = run_with_stdin(
        &[
            "validate",
            "--json",
            "-",
            "-f",
            "sgf",
            "--max-game-size",
            "1M",
        ],
        vec![0u8; 3 << 20],
    );
    assert_eq!(code, 1);
    assert_eq!(err, "");
    assert_eq!(
        out,
        "{\"type\":\"file\",\"path\":\"-\",\"valid\":false,\"format\":\"sgf\",\"games\":0,\"errors\":1,\"warnings\":0,\"infos\":0,\"failure\":\"-: more than 1M (1048576 bytes) of standard input without a complete game; give a larger --max-game-size\"}\n\
         {\"type\":\"summary\",\"files\":1,\"valid\":0,\"invalid\":1,\"errors\":1,\"warnings\":0,\"infos\":0}\n"
    );
}

#[test]
fn convert_info_and_other_formats_read_stdin_whole_within_the_limit() {
    let message = "error: -: standard input holds more than 1M (1048576 bytes), the most read as one record; give a larger --max-game-size\n";
    for args in [
        &[
            "convert",
            "-",
            "-f",
            "sgf",
            "-t",
            "json",
            "--max-game-size",
            "1M",
        ][..],
        &["info", "-", "-f", "sgf", "--max-game-size", "1M"][..],
        &["validate", "-", "-f", "kif", "--max-game-size", "1M"][..],
    ] {
        let (code, out, err) = run_with_stdin(args, vec![0u8; 3 << 20]);
        assert_eq!(code, 1, "{args:?}");
        assert_eq!(out, "", "{args:?}");
        assert_eq!(err, message, "{args:?}");
    }
    // Within the limit, the same input is read as before.
    let (code, out, _) = run_with_stdin(
        &[
            "convert",
            "-",
            "-f",
            "sgf",
            "-t",
            "sgf",
            "--max-game-size",
            "1K",
        ],
        b"(;GM[1]SZ[9];B[aa])".to_vec(),
    );
    assert_eq!(
        (code, out.as_str()),
        (0, "(;FF[4]CA[UTF-8]GM[1]SZ[9]\n;B[aa])\n")
    );
}

#[test]
fn sizes_are_bytes_or_k_m_g() {
    let (code, _, err) = run(&["validate", "-", "--max-game-size", "12X"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("\"12X\" is not a size: give bytes, or a number with K, M or G (e.g. 256M)"),
        "{err}"
    );
}

#[test]
fn fifty_thousand_games_on_stdin_are_checked_part_by_part() {
    let text = games(50_000);
    assert_eq!(text.len(), 2_238_890);
    // Parts of 64 KiB: some 35 of them.
    let (code, out, err) = run_with_stdin(
        &["validate", "-", "--max-game-size", "64K"],
        text.clone().into_bytes(),
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, "-: ok (50000 game(s), 0 error(s), 0 warning(s))\n");
    let (code, out, _) = run_with_stdin(
        &["validate", "--json", "-", "--max-game-size", "64K"],
        text.into_bytes(),
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "{\"type\":\"file\",\"path\":\"-\",\"valid\":true,\"format\":\"sgf\",\"encoding\":\"UTF-8\",\"encoding_decided_by\":\"utf8-valid\",\"games\":50000,\"errors\":0,\"warnings\":0,\"infos\":0}\n\
         {\"type\":\"summary\",\"files\":1,\"valid\":1,\"invalid\":0,\"errors\":0,\"warnings\":0,\"infos\":0}\n"
    );
}

/// A collection with problems on many lines, some games sharing a line.
fn troubled(n: usize) -> String {
    (0..n)
        .map(|i| {
            if i % 97 == 0 {
                format!(
                    "(;GM[1]FF[4]SZ[9]C[bad \\] ( {i}]\n;B[aa];W[aa]XX;B[zz])(;GM[1];B[bb]) junk "
                )
            } else if i % 5 == 0 {
                format!("(;GM[1]FF[4]SZ[19]C[é {i}];B[aa]\n;W[bb])")
            } else {
                format!("(;GM[1]FF[4]SZ[19]C[game {i}];B[aa];W[bb])\n")
            }
        })
        .collect()
}

#[test]
fn stdin_read_part_by_part_gives_the_diagnostics_and_positions_of_a_whole_read() {
    let text = troubled(3000);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("t.sgf");
    std::fs::write(&path, &text).expect("write");
    let (code, whole, _) = run(&["validate", "--json", path.to_str().expect("utf-8")]);
    assert_eq!(code, 1);
    let whole = whole.replace(&format!("\"{}\"", path.display()), "\"-\"");
    let mut expected: Vec<&str> = whole.lines().collect();
    expected.sort_unstable();
    // 31 games with three errors and a warning each, the file, the summary.
    assert_eq!(expected.len(), 31 * 4 + 2);
    for size in ["1K", "8K", "64K"] {
        let (code, streamed, _) = run_with_stdin(
            &["validate", "--json", "-", "--max-game-size", size],
            text.clone().into_bytes(),
        );
        assert_eq!(code, 1);
        let mut got: Vec<&str> = streamed.lines().collect();
        got.sort_unstable();
        assert_eq!(got, expected, "parts of {size}");
    }
    // For people: the same lines and columns (the last problem, on line 2912).
    let (_, _, err) = run_with_stdin(
        &["validate", "-", "--max-game-size", "8K"],
        text.into_bytes(),
    );
    assert!(
        err.contains("-:2912:7: error[go::occupied]: white plays at aa, where a black stone stands (move 2)\n     |\n2912 | ;B[aa];W[aa]XX;B[zz])"),
        "{err}"
    );
}

#[test]
fn a_game_larger_than_the_limit_after_good_ones_fails_after_they_are_checked() {
    let mut text = games(1000);
    text.push_str("(;GM[1]C[");
    text.push_str(&"x".repeat(300 << 10));
    text.push_str("])\n");
    let (code, out, err) = run_with_stdin(
        &["validate", "-", "--max-game-size", "256K"],
        text.into_bytes(),
    );
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "error: -: more than 256K (262144 bytes) of standard input without a complete game; give a larger --max-game-size\n"
    );
}
