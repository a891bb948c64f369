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
         {\"type\":\"summary\",\"files\":1,\"valid\":0,\"invalid\":1,\"errors\":1,\"warnings\":0,\"infos\":0,\"skipped\":0}\n"
    );
}

#[test]
fn convert_info_and_other_formats_read_stdin_whole_within_the_limit() {
    let whole = "error: -: standard input holds more than 1M (1048576 bytes), the most read as one record; give a larger --max-game-size\n";
    // An SGF collection is read game by game, as `validate -` reads it (#22).
    let by_game = "error: -: more than 1M (1048576 bytes) of standard input without a complete game; give a larger --max-game-size\n";
    for (args, message) in [
        (
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
            by_game,
        ),
        (
            &["info", "-", "-f", "sgf", "--max-game-size", "1M"][..],
            by_game,
        ),
        (
            &[
                "convert",
                "-",
                "-f",
                "kif",
                "-t",
                "json",
                "--max-game-size",
                "1M",
            ][..],
            whole,
        ),
        (
            &["validate", "-", "-f", "kif", "--max-game-size", "1M"][..],
            whole,
        ),
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
         {\"type\":\"summary\",\"files\":1,\"valid\":1,\"invalid\":0,\"errors\":0,\"warnings\":0,\"infos\":0,\"skipped\":0}\n"
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

fn temp_file(dir: &tempfile::TempDir, name: &str, bytes: &[u8]) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).expect("write");
    path.display().to_string()
}

#[test]
fn messages_quote_a_short_window_of_a_long_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let long = "x".repeat(1 << 20);
    let cases = [
        (
            "a.kif",
            format!("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n{long}\n"),
            "4:1: error[kif::unknown-line]: this line is ignored: ",
        ),
        (
            "a.csa",
            format!("V2.2\nPI\n+\n+7776FU\n{long}\n"),
            "5:1: error[csa::unknown-line]: this statement is ignored: ",
        ),
        (
            "a.sgf",
            format!("(;GM[1];B[aa]{})", "~".repeat(1 << 20)),
            "1:14: error[sgf::illegal-characters]: characters that are not SGF syntax: ",
        ),
        (
            "b.sgf",
            format!("(;GM[1];B[aa]{long})"),
            "1:14: error[sgf::property-without-value]: property ",
        ),
    ];
    for (name, text, head) in cases {
        let path = temp_file(&dir, name, text.as_bytes());
        let (_, _, err) = run(&["validate", &path]);
        let first = err.lines().next().unwrap_or("");
        let window = match name {
            "a.sgf" => format!("\"{}…\" (ignored)", "~".repeat(60)),
            "b.sgf" => format!("{}… has no value (ignored)", "x".repeat(60)),
            _ => format!("\"{}…\"", "x".repeat(60)),
        };
        let expected = format!("{path}:{head}{window}");
        // (Compared so that a failure does not print a megabyte.)
        assert!(
            first == expected,
            "{name}: {}",
            first.get(..300).unwrap_or(first)
        );
        // The whole output stays small: the message and the excerpt are cut.
        assert!(err.len() < 1000, "{name}: {} bytes", err.len());
    }
    // JSON: serde's message quotes the unknown name; kept to 240 characters.
    let path = temp_file(
        &dir,
        "a.json",
        format!("{{\"version\":1,\"games\":[{{\"kind\":\"{long}\"}}]}}").as_bytes(),
    );
    let (_, _, err) = run(&["validate", &path]);
    let first = err.lines().next().unwrap_or("");
    let expected = format!(
        "{path}:1:{}: error[json::invalid]: unknown variant `{}…",
        (1 << 20) + 32,
        "x".repeat(240 - "unknown variant `".len())
    );
    assert!(
        first == expected,
        "json: {}",
        first.get(..300).unwrap_or(first)
    );
    // gonu: a long word out of place.
    let path = temp_file(&dir, "a.gonu", format!("{long}\n").as_bytes());
    let (_, _, err) = run(&["validate", &path]);
    assert!(err.len() < 2000, "gonu: {} bytes", err.len());
}

#[test]
fn diagnostics_of_one_code_are_collapsed_after_a_hundred_with_exact_counts() {
    let dir = tempfile::tempdir().expect("tempdir");
    // 250 illegal characters, 3 NUL bytes outside values.
    let text = format!("(;GM[1]{} \0 \0 \0;B[aa])", " ~".repeat(250));
    let path = temp_file(&dir, "many.sgf", text.as_bytes());
    let (code, out, _) = run(&["validate", "--json", &path]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    // 100 shown, one summary, 3 warnings, the file, the summary line.
    assert_eq!(lines.len(), 100 + 1 + 3 + 2);
    assert_eq!(
        lines[100],
        format!(
            "{{\"type\":\"diagnostic\",\"path\":\"{path}\",\"line\":1,\"column\":209,\"offset\":208,\"severity\":\"error\",\"code\":\"sgf::illegal-characters\",\"message\":\"… and 150 more sgf::illegal-characters diagnostic(s) like it (the first 100 of each code are shown)\",\"omitted\":150}}"
        )
    );
    assert!(lines[104].contains("\"games\":1,\"errors\":250,\"warnings\":3,\"infos\":0"));
    assert_eq!(
        lines[105],
        "{\"type\":\"summary\",\"files\":1,\"valid\":0,\"invalid\":1,\"errors\":250,\"warnings\":3,\"infos\":0,\"skipped\":0}"
    );
    let (_, out, err) = run(&["validate", &path]);
    assert_eq!(
        out,
        format!("{path}: invalid (1 game(s), 250 error(s), 3 warning(s))\n")
    );
    assert!(err.contains(&format!(
        "{path}:1:209: error[sgf::illegal-characters]: … and 150 more sgf::illegal-characters diagnostic(s) like it (the first 100 of each code are shown)\n"
    )));
    assert_eq!(err.matches("error[sgf::illegal-characters]").count(), 101);
}

#[test]
fn collapsing_goes_on_across_the_parts_of_stdin() {
    // 300 games, each with one error: parts of 1 KiB hold a few games each.
    let text: String = (0..300).map(|_| "(;GM[1];B[aa]~)\n").collect();
    let (code, out, err) = run_with_stdin(
        &["validate", "-", "--max-game-size", "1K"],
        text.into_bytes(),
    );
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "-: invalid (300 game(s), 300 error(s), 0 warning(s))\n"
    );
    assert_eq!(err.matches("error[sgf::illegal-characters]").count(), 101);
    assert!(err.ends_with(
        "-:101:14: error[sgf::illegal-characters]: … and 200 more sgf::illegal-characters diagnostic(s) like it (the first 100 of each code are shown)\n    |\n101 | (;GM[1];B[aa]~)\n    |              ^\n"
    ), "{err}");
    let text: String = (0..300).map(|_| "(;GM[1];B[aa]~)\n").collect();
    let (_, out, _) = run_with_stdin(
        &["validate", "--json", "-", "--max-game-size", "1K"],
        text.into_bytes(),
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 103);
    assert_eq!(
        lines[100],
        "{\"type\":\"diagnostic\",\"path\":\"-\",\"line\":101,\"column\":14,\"offset\":1613,\"severity\":\"error\",\"code\":\"sgf::illegal-characters\",\"message\":\"… and 200 more sgf::illegal-characters diagnostic(s) like it (the first 100 of each code are shown)\",\"omitted\":200}"
    );
}

#[test]
fn a_csa_time_too_large_is_an_error_and_the_move_is_kept() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = temp_file(
        &dir,
        "t.csa",
        b"V2.2\nPI\n+\n+7776FU\nT99999999999999999999\n-3334FU\nT5\n",
    );
    let (code, out, err) = run(&["validate", &path]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        format!("{path}: invalid (1 game(s), 1 error(s), 0 warning(s))\n")
    );
    assert!(err.starts_with(&format!(
        "{path}:5:1: error[csa::time-out-of-range]: the time \"T99999999999999999999\" is more than 1000000000000 seconds (ignored; the move is kept)\n"
    )), "{err}");
    let (_, out, _) = run(&["info", "--json", &path]);
    assert!(out.contains("\"moves\":2,"), "{out}");
}

#[test]
fn empty_shogi_records_are_a_warning_at_the_start() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, bytes, games) in [
        ("e.kif", &b""[..], 1),
        ("b.ki2", &b"\n \r\n\n"[..], 1),
        ("e.csa", &b""[..], 0),
        ("b.usi", &b"\n\n"[..], 0),
    ] {
        let path = temp_file(&dir, name, bytes);
        let (code, out, err) = run(&["validate", &path]);
        assert_eq!(code, 0, "{name}");
        assert_eq!(
            out,
            format!("{path}: ok, but empty ({games} game(s), 0 error(s), 1 warning(s))\n")
        );
        assert_eq!(
            err,
            format!("{path}:1:1: warning[record::empty]: the file holds no record: it is empty or only blank lines\n  |\n1 | \n  | ^\n"),
            "{name}"
        );
    }
    // A record with something in it is not empty.
    let path = temp_file(&dir, "one.usi", b"position startpos moves 7g7f\n");
    let (code, out, _) = run(&["validate", &path]);
    assert_eq!(
        (code, out),
        (
            0,
            format!("{path}: ok (1 game(s), 0 error(s), 0 warning(s))\n")
        )
    );
}

#[test]
fn shift_jis_on_stdin_is_cut_by_characters() {
    // A trail byte 0x5C (`ソ` is 0x83 0x5C) would look like an escape to a byte scan:
    // Shift_JIS is scanned character by character, so the game ends where it ends.
    let mut game = b"(;CA[Shift_JIS]GM[1]C[".to_vec();
    game.extend(std::iter::repeat_n(&[0x83u8, 0x5C][..], 1000).flatten());
    game.extend(b"];B[aa])\n");
    let (code, out, err) =
        run_with_stdin(&["validate", "-", "--max-game-size", "1K"], game.clone());
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "error: -: more than 1K (1024 bytes) of standard input without a complete game; give a larger --max-game-size\n"
    );
    // Ten such games, each within the limit, though the input is not.
    let (code, out, err) =
        run_with_stdin(&["validate", "-", "--max-game-size", "4K"], game.repeat(10));
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "-: ok (10 game(s), 0 error(s), 0 warning(s))\n", "")
    );
}
