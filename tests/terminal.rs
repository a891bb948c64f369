//! Nothing from a record or a file name reaches a terminal as a control sequence: every
//! human-readable output shows C0 and C1 controls, DEL and the bidirectional controls
//! escaped (`\x1b`, `\n`, `\u{202e}`, `\xff` for a byte that is not UTF-8), and a
//! newline in a file name cannot forge a verdict line. JSON and CSV quote by their own
//! rules and keep the text; `list --csv` neutralises cells that a spreadsheet would
//! run as formulas.
#![cfg(unix)]

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::Command;

use assert_cmd::cargo::CommandCargoExt;

/// A record whose names, rank, event, round and date carry ESC/CSI, OSC ended by BEL,
/// CR, NUL, U+202E, a C1 control and formula starts, with a bad move holding CSI.
const RECORD: &str = "(;GM[1]FF[4]SZ[9]PB[Evil\x1b[31mRed\x1b\\]0;title\x07]\
PW[cr\rnul\0bidi\u{202e}C1\u{9b}]WR[+3k]EV[=HYPERLINK(\"http://x\")]RO[@SUM(1)]DT[-2+3]C[note]\n\
;B[cc]\n;W[zz\x1b[1m])\n";

/// The file names: CSI, a newline, and a byte that is not UTF-8 followed by BEL.
const NAMES: [&[u8]; 3] = [b"a\x1b[31m.sgf", b"n\nb.sgf", b"x\xff\x07.sgf"];

/// The same names as kifu shows them to people.
const SHOWN: [&str; 3] = [r"./a\x1b[31m.sgf", r"./n\nb.sgf", r"./x\xff\x07.sgf"];

fn corpus() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in NAMES {
        std::fs::write(dir.path().join(OsStr::from_bytes(name)), RECORD).expect("write");
    }
    dir
}

/// Runs kifu in `dir`: exit code, stdout, stderr (bytes).
fn run_in(dir: &Path, args: &[&str]) -> (i32, Vec<u8>, Vec<u8>) {
    let out = Command::cargo_bin("kifu")
        .expect("the kifu binary is built")
        .env_remove("NO_COLOR")
        .current_dir(dir)
        .args(args)
        .output()
        .expect("kifu runs");
    (out.status.code().unwrap_or(-1), out.stdout, out.stderr)
}

/// No ESC, BEL, CR, NUL, C1 CSI (U+009B in UTF-8, or a raw 0x9B) or U+202E.
fn assert_clean(what: &str, bytes: &[u8]) {
    for bad in [
        &b"\x1b"[..],
        b"\x07",
        b"\r",
        b"\0",
        b"\x9b",
        b"\xc2\x9b",
        "\u{202e}".as_bytes(),
    ] {
        assert!(
            !bytes.windows(bad.len()).any(|w| w == bad),
            "{what} holds {bad:?}: {}",
            String::from_utf8_lossy(bytes)
        );
    }
}

/// Runs a human-readable command and checks both streams hold no control sequence.
fn human(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let (code, out, err) = run_in(dir, args);
    assert_clean("stdout", &out);
    assert_clean("stderr", &err);
    (
        code,
        String::from_utf8(out).expect("UTF-8 stdout"),
        String::from_utf8(err).expect("UTF-8 stderr"),
    )
}

/// `f(name)` for each shown name, joined.
fn each(f: impl Fn(&str) -> String) -> String {
    SHOWN.iter().map(|n| f(n)).collect()
}

#[test]
fn validate_escapes_names_and_diagnostics_and_aligns_carets() {
    let dir = corpus();
    let (code, out, err) = human(dir.path(), &["validate", "."]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        each(|n| format!("{n}: invalid (1 game(s), 1 error(s), 2 warning(s))\n"))
            + "3 file(s) checked: 0 valid, 3 invalid; 3 error(s), 6 warning(s)\n"
    );
    // A lone CR ends a line in SGF as anywhere (text::LineIndex): the PW value's CR
    // starts line 2.
    let line1 = r#"(;GM[1]FF[4]SZ[9]PB[Evil\x1b[31mRed\x1b\]0;title\x07]PW[cr"#;
    let line2 = r#"nul\x00bidi\u{202e}C1\u{9b}]WR[+3k]EV[=HYPERLINK("http://x")]RO[@SUM(1)]DT[-2+3]C[note]"#;
    assert_eq!(
        err,
        each(|n| {
            format!(
            "{n}:1:47: warning[sgf::nul-byte]: a NUL character in a PW value (read as a space)\n  |\n1 | {line1}\n  | {}{}\n\
             {n}:2:60: warning[sgf::non-iso-date]: DT[-2+3] is not an FF[4] date (YYYY-MM-DD …); kept as written\n  |\n2 | {line2}\n  | {}{}\n\
             {n}:4:3: error[sgf::bad-point]: W[zz\\x1b[1m] is not a point\n  |\n4 | ;W[zz\\x1b[1m])\n  |   {}\n",
            " ".repeat(55),
            "^".repeat(3),
            " ".repeat(74),
            "^".repeat(6),
            "^".repeat(11),
        )
        })
    );
}

#[test]
fn a_newline_in_a_file_name_cannot_forge_a_verdict_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    // A name that, printed raw, would put a line `ok.sgf: ok (1 game(s))` of its own.
    let name = "x.sgf: invalid\nok.sgf";
    std::fs::write(dir.path().join(name), "(;GM[1]SZ[9];B[cc])").expect("write");
    let (code, out, err) = human(dir.path(), &["validate", name]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "x.sgf: invalid\\nok.sgf: ok (1 game(s), 0 error(s), 0 warning(s))\n"
    );
    assert_eq!(err, "");
}

#[test]
fn error_messages_escape_the_path() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (code, out, err) = human(dir.path(), &["validate", "nope\x1b[2J\n\u{202e}.sgf"]);
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "error: nope\\x1b[2J\\n\\u{202e}.sgf: cannot read: No such file or directory (os error 2)\n"
    );
}

#[test]
fn info_escapes_names_and_record_text() {
    let dir = corpus();
    let (code, out, err) = human(dir.path(), &["info", "."]);
    assert_eq!(code, 0);
    assert_eq!(err, "");
    assert_eq!(
        out,
        each(|n| format!(
            "{n}\n  format: sgf, encoding: UTF-8 (utf8-valid)\n  game 1: go 9x9\n\
             \x20   black: Evil\\x1b[31mRed\\x1b]0;title\\x07\n\
             \x20   white: cr nul bidi\\u{{202e}}C1\\u{{9b}} (+3k)\n\
             \x20   event: =HYPERLINK(\"http://x\")\n    date: -2+3\n\
             \x20   moves: 1, variations: 0, comments: 1\n\
             \x20 diagnostics: 1 error(s), 2 warning(s), 0 info\n"
        ))
    );
}

#[test]
fn list_stats_filter_and_dedup_escape_names_and_record_text() {
    let dir = corpus();
    let players = r"Evil\x1b[31mRed\x1b]0;title\x07 – cr nul bidi\u{202e}C1\u{9b} (+3k)";
    let (code, out, err) = human(dir.path(), &["list", "."]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        each(|n| format!("{n}:1  go 9  {players}  -2+3  -  1 moves\n"))
    );

    let (code, out, err) = human(dir.path(), &["stats", "."]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "files: 3\ngames: 3\n  by kind: go 3\n  by format: sgf 3\n\
         moves (main lines): 3 total, 1.0 per game\n\
         results: black 0, white 0, draw 0, other 3\ndates: none readable\n\
         encodings (files): UTF-8 3\nplayers: 2\n\
         \x20 Evil\\x1b[31mRed\\x1b]0;title\\x07: 3 game(s), 0 win(s)\n\
         \x20 cr nul bidi\\u{202e}C1\\u{9b}: 3 game(s), 0 win(s)\n"
    );

    let (code, out, err) = human(dir.path(), &["filter", ".", "--player", "evil", "--list"]);
    assert_eq!(code, 0);
    assert_eq!(out, each(|n| format!("{n}\t1\n")));
    assert_eq!(err, "3 of 3 game(s) matched in 3 file(s)\n");

    let (code, out, err) = human(dir.path(), &["dedup", "."]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "group 1 (3 games, 27bcf631fa899a50):\n".to_string()
            + &each(|n| format!("  {n}\t1\n"))
            + "3 game(s) in 3 file(s): 1 group(s) of duplicates, 2 duplicate(s)\n"
    );
}

#[test]
fn json_keeps_names_and_text_as_they_are() {
    let dir = corpus();
    let (code, out, _) = run_in(dir.path(), &["info", "--json", "a\x1b[31m.sgf"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_slice(&out).expect("one JSON object");
    assert_eq!(v["path"], "a\x1b[31m.sgf");
    assert_eq!(v["games"][0]["black"], "Evil\x1b[31mRed\x1b]0;title\x07");
    let (_, out, _) = run_in(dir.path(), &["validate", "--json", "n\nb.sgf"]);
    let last = out
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .nth(3)
        .expect("a file line");
    let v: serde_json::Value = serde_json::from_slice(last).expect("JSON");
    assert_eq!(v["type"], "file");
    assert_eq!(v["path"], "n\nb.sgf");
}

#[test]
fn reencode_reports_escape_paths() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("r\x1b]0;t\x07.sgf"),
        b"(;GM[1]FF[4]CA[ISO-8859-1]SZ[9]PB[Jos\xe9]C[\x1b[2J])\n",
    )
    .expect("write");
    let (code, out, err) = human(dir.path(), &["reencode", ".", "--to", "utf-8", "--dry-run"]);
    assert_eq!(code, 0);
    assert_eq!(err, "");
    assert_eq!(
        out,
        "would convert ./r\\x1b]0;t\\x07.sgf: windows-1252 (declared) → UTF-8; declaration set to UTF-8\n\
         would convert 1, unchanged 0, skipped 0, failed 0 (1 files); 48 B read, 0 B written\n"
    );
}

#[test]
fn loss_warnings_escape_the_path_and_the_text() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("l\x1bx.sgf"),
        "(;GM[1]FF[4]SZ[19]EV[ev\x1b]\n;B[cc])\n",
    )
    .expect("write");
    let (code, out, err) = human(
        dir.path(),
        &["convert", "l\x1bx.sgf", "-t", "kiseong", "-o", "out.kis"],
    );
    assert_eq!(code, 0);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "warning: l\\x1bx.sgf: [loss::game-info] kiseong has no place for the event: \"ev\\u{1b}\"\n"
    );
}

#[test]
fn list_csv_neutralises_formulas_unless_raw_cells() {
    let dir = corpus();
    let header = "path,game,format,encoding,kind,size,black,black_rank,white,white_rank,event,round,date,result,winner,komi,handicap,moves,variations,comments,signature,hash,analysed,final_evaluation,largest_drop,largest_drop_move\n";
    let row = |path: &str, q: &str| {
        format!(
            "{path},1,sgf,UTF-8,go,9,Evil\x1b[31mRed\x1b]0;title\x07,,cr nul bidi\u{202e}C1\u{9b},{q}+3k,\"{q}=HYPERLINK(\"\"http://x\"\")\",{q}@SUM(1),{q}-2+3,,none,,,1,0,1,------ ------,27bcf631fa899a50,0.0,,,\n"
        )
    };
    let rows = |q: &str| {
        row("./a\x1b[31m.sgf", q) + &row("\"./n\nb.sgf\"", q) + &row("./x\u{fffd}\x07.sgf", q)
    };
    let (code, out, err) = run_in(dir.path(), &["list", "--csv", "."]);
    assert_eq!((code, err.as_slice()), (0, &b""[..]));
    assert_eq!(
        String::from_utf8(out).expect("UTF-8"),
        header.to_string() + &rows("'")
    );
    let (code, out, _) = run_in(
        dir.path(),
        &["list", "--csv", "--no-header", "--raw-cells", "."],
    );
    assert_eq!(code, 0);
    assert_eq!(String::from_utf8(out).expect("UTF-8"), rows(""));
}

#[test]
fn list_csv_guards_paths_tabs_and_carriage_returns_but_not_computed_columns() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("=1+1.json"),
        r#"{"version":1,"games":[{"kind":{"go":{"size":{"width":9,"height":9}}},"info":{"black":{"name":"\tx","rank":"\r9d"},"white":{"name":"-"},"event":"plain","result":{"other":"-2"},"komi":-6.5},"tree":{"nodes":[{}]}}]}"#,
    )
    .expect("write");
    let (code, out, err) = run_in(dir.path(), &["list", "--csv", "--no-header", "=1+1.json"]);
    assert_eq!((code, err.as_slice()), (0, &b""[..]));
    assert_eq!(
        String::from_utf8(out).expect("UTF-8"),
        "'=1+1.json,1,json,UTF-8,go,9,'\tx,\"'\r9d\",'-,,plain,,,'-2,none,-6.5,,0,0,0,------ ------,f09d529485135f0a,0.0,,,\n"
    );
}

#[test]
fn skipped_files_are_named_escaped() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("s\r.t\x1bx"), "x").expect("write");
    let (code, out, err) = human(dir.path(), &["validate", ".", "-v"]);
    assert_eq!(code, 0);
    assert_eq!(err, "");
    assert_eq!(
        out,
        "skipped ./s\\r.t\\x1bx: unknown extension .t\\x1bx\n\
         0 file(s) checked: 0 valid, 0 invalid; 0 error(s), 0 warning(s); 1 file(s) skipped (not record files)\n"
    );
    let (code, out, err) = human(dir.path(), &["info", ".", "-v"]);
    assert_eq!((code, out.as_str()), (0, ""));
    assert_eq!(
        err,
        "skipped ./s\\r.t\\x1bx: unknown extension .t\\x1bx\n1 file(s) skipped (not record files)\n"
    );
}

/// Runs `sh -c SCRIPT` in `dir` on a pseudo terminal 200 columns wide (util-linux
/// `script`, else python3's `pty` module), with `env` set: the bytes that reached
/// the terminal, or `None` when neither is there.
fn on_a_terminal(dir: &Path, script: &str, env: &[(&str, &OsStr)]) -> Option<Vec<u8>> {
    let works = |cmd: &mut Command| {
        cmd.stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let script = format!("stty cols 200 rows 40 2>/dev/null; {script}");
    let mut cmd = if works(Command::new("script").args(["-qec", "true", "/dev/null"])) {
        let mut c = Command::new("script");
        c.args(["-qec", &script, "/dev/null"]);
        c
    } else if works(Command::new("python3").args(["-c", "import pty"])) {
        let mut c = Command::new("python3");
        c.args([
            "-c",
            "import pty, sys; pty.spawn(['sh', '-c', sys.argv[1]])",
            &script,
        ]);
        c
    } else {
        return None;
    };
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    assert!(out.status.success(), "{out:?}");
    Some(out.stdout)
}

#[test]
fn progress_bars_show_names_escaped() {
    // The bar's label is the output's name for `merge`, the input's for `convert`:
    // ESC/CSI, BEL and U+202E in them reach the terminal escaped. (The bar draws its
    // own ESC [2K and CR; none of the name's sequences is among them.)
    let dir = tempfile::tempdir().expect("tempdir");
    let game = "(;GM[1]FF[4]SZ[19];B[aa];W[bb];B[cc];W[dd];B[ee];W[ff];B[gg])\n";
    let name = "g\x1b[31mX\x07\u{202e}Y";
    let input = format!("{name}.sgf");
    // Enough games that the bar is drawn at least once after it starts.
    std::fs::write(dir.path().join(&input), game.repeat(3000)).expect("write");
    let kifu = assert_cmd::cargo::cargo_bin("kifu");
    let output = format!("o{name}.sgf");
    let env = [
        ("KIFU_BIN", kifu.as_os_str()),
        ("KIFU_IN", OsStr::new(&input)),
        ("KIFU_OUT", OsStr::new(&output)),
    ];
    let cases = [
        (
            "merge",
            r#"exec "$KIFU_BIN" merge "$KIFU_IN" -o "$KIFU_OUT""#,
        ),
        (
            "convert",
            r#"exec "$KIFU_BIN" convert "$KIFU_IN" -t sgf -o out.sgf"#,
        ),
    ];
    for (what, script) in cases {
        let Some(seen) = on_a_terminal(dir.path(), script, &env) else {
            eprintln!(
                "skipped: neither `script` nor python3's pty module to run kifu on a terminal"
            );
            return;
        };
        let text = String::from_utf8_lossy(&seen);
        let shown = if what == "merge" {
            r"og\x1b[31mX\x07\u{202e}Y.sgf"
        } else {
            r"g\x1b[31mX\x07\u{202e}Y.sgf"
        };
        for bad in [&b"\x1b[31m"[..], b"\x1b]", b"\x07", "\u{202e}".as_bytes()] {
            assert!(
                !seen.windows(bad.len()).any(|w| w == bad),
                "{what}: {bad:?} reached the terminal raw: {text:?}"
            );
        }
        assert!(
            text.contains("games") && text.contains(shown),
            "{what}: no bar with the name escaped: {text:?}"
        );
    }
}
