//! The command line as users and scripts see it: exit codes, streams, JSON shapes.

use std::path::Path;
use std::process::{Command, Stdio};

use assert_cmd::cargo::CommandCargoExt;

fn kifu() -> Command {
    let mut c = Command::cargo_bin("kifu").expect("the kifu binary is built");
    c.env_remove("NO_COLOR");
    c
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = kifu().args(args).output().expect("kifu runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const GAME: &str = r#"{"version":1,"games":[{"kind":{"go":{"size":{"width":9,"height":9}}},"tree":{"nodes":[{"children":[1]},{"move":{"stone":{"color":"black","point":[2,2]}}}]}}]}"#;

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("mkdir");
    }
    std::fs::write(&path, text).expect("write fixture");
    path.display().to_string()
}

#[test]
fn formats_json_lists_every_format_with_its_capabilities() {
    let (code, out, _) = run(&["formats", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON array");
    let formats = v.as_array().expect("an array");
    let json = formats
        .iter()
        .find(|f| f["name"] == "json")
        .expect("json is listed");
    assert_eq!(json["extensions"], serde_json::json!(["json"]));
    assert_eq!(json["read"], true);
    assert_eq!(json["write"], true);
    assert_eq!(
        json["kinds"],
        serde_json::json!(["go", "gomoku", "shogi", "gonu"])
    );
    for f in formats {
        for key in ["name", "extensions", "read", "write", "kinds"] {
            assert!(f.get(key).is_some(), "{key} missing in {f}");
        }
    }
}

#[test]
fn formats_prints_a_table_with_a_header() {
    let (code, out, _) = run(&["formats"]);
    assert_eq!(code, 0);
    let first = out.lines().next().unwrap_or("");
    let columns: Vec<&str> = first.split_whitespace().collect();
    assert_eq!(
        columns,
        [
            "FORMAT",
            "EXTENSIONS",
            "READ",
            "WRITE",
            "GAMES",
            "LEGACY",
            "ENCODING",
            "HOLDS"
        ]
    );
    // Columns line up: every row has its READ cell under the header's.
    let read_at = first.find("READ").unwrap_or(0);
    for row in out.lines().skip(1) {
        assert_eq!(row.get(read_at..read_at + 3), Some("yes"), "{row}");
    }
    assert!(out.lines().any(|l| l.starts_with("json ")));
}

#[test]
fn convert_json_to_json_prints_the_model_with_its_source() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write(dir.path(), "g.json", GAME);
    let (code, out, err) = run(&["convert", &path, "-t", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON output");
    assert_eq!(v["version"], 1);
    assert_eq!(v["source"]["path"], path.as_str());
    assert_eq!(v["source"]["format"], "json");
    assert_eq!(v["source"]["encoding"], "UTF-8");
    assert_eq!(v["source"]["encoding_decided_by"], "utf8-valid");
    assert_eq!(
        v["games"][0]["tree"]["nodes"][1]["move"]["stone"]["point"],
        serde_json::json!([2, 2])
    );
}

#[test]
fn stdin_and_stdout_are_dash() {
    use std::io::Write;
    let mut child = kifu()
        .args(["convert", "-", "-f", "json", "-t", "json", "-o", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(GAME.as_bytes())
        .expect("feed");
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["source"]["path"], serde_json::Value::Null);
    assert_eq!(v["source"]["format"], "json");
}

#[test]
fn stdin_format_is_sniffed_without_f() {
    use std::io::Write;
    let mut child = kifu()
        .args(["info", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(GAME.as_bytes())
        .expect("feed");
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["path"], "-");
    assert_eq!(v["format"], "json");
    assert_eq!(v["games"][0]["kind"], "go");
    assert_eq!(v["games"][0]["board"], "9x9");
    assert_eq!(v["games"][0]["moves"], 1);
}

#[test]
fn exit_codes_tell_success_input_failure_and_usage() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = write(dir.path(), "good.json", GAME);
    let bad = write(dir.path(), "bad.json", "{\"version\": 1, \"games\": [}");
    assert_eq!(run(&["validate", &good]).0, 0);
    assert_eq!(run(&["validate", &bad]).0, 1);
    assert_eq!(run(&["validate", &good, &bad]).0, 1);
    assert_eq!(run(&["validate", "/no/such/file.json"]).0, 1);
    assert_eq!(run(&["convert", &good, "-t", "nope"]).0, 2);
    assert_eq!(run(&["convert", &good]).0, 2, "missing -t");
    assert_eq!(
        run(&["convert", &good, &good, "-t", "json"]).0,
        2,
        "many inputs need --out-dir"
    );
    assert_eq!(run(&["validate", &good, "--encoding", "klingon"]).0, 2);
    assert_eq!(run(&["frobnicate"]).0, 2);
    assert_eq!(run(&["--help"]).0, 0);
    assert_eq!(run(&["--version"]).0, 0);
}

#[test]
fn version_fast_path_prints_what_clap_prints() {
    // `kifu --version` and `-V` alone skip clap (start-up time); with anything
    // else clap answers. Both must print the same (a unit test of the binary checks
    // the fast path's line against clap's rendering).
    let clap = format!("kifu {}\n", env!("CARGO_PKG_VERSION"));
    for flag in ["--version", "-V"] {
        let (code, out, err) = run(&[flag]);
        assert_eq!((code, out.as_str(), err.as_str()), (0, clap.as_str(), ""));
    }
    let (code, out, _) = run(&["-q", "--version"]);
    assert_eq!((code, out.as_str()), (0, clap.as_str()), "through clap");
}

#[test]
fn an_unknown_format_names_the_known_ones() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write(dir.path(), "x.txt", "hello");
    let (code, _, err) = run(&["validate", &path]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot tell the format of"), "{err}");
    assert!(err.contains("give it with -f"), "{err}");
}

#[test]
fn validate_json_is_ndjson_with_positions_and_a_summary() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = write(dir.path(), "good.json", GAME);
    let bad = write(dir.path(), "bad.json", "{\"version\": 1,\n \"games\": [}");
    let (code, out, _) = run(&["validate", "--json", &good, &bad]);
    assert_eq!(code, 1);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0]["type"], "file");
    assert_eq!(lines[0]["path"], good.as_str());
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[0]["format"], "json");
    assert_eq!(lines[1]["type"], "diagnostic");
    assert_eq!(lines[1]["path"], bad.as_str());
    assert_eq!(lines[1]["severity"], "error");
    assert_eq!(lines[1]["code"], "json::syntax");
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[1]["column"], 12);
    assert_eq!(lines[2]["type"], "file");
    assert_eq!(lines[2]["valid"], false);
    assert_eq!(lines[2]["errors"], 1);
    assert_eq!(lines[3]["type"], "summary");
    assert_eq!(lines[3]["files"], 2);
    assert_eq!(lines[3]["valid"], 1);
    assert_eq!(lines[3]["invalid"], 1);
}

#[test]
fn human_diagnostics_show_path_line_column_code_and_a_caret() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = write(dir.path(), "bad.json", "{\"version\": 1,\n \"games\": [}");
    let (code, _, err) = run(&["validate", "--color", "never", &bad]);
    assert_eq!(code, 1);
    let expected = format!(
        "{bad}:2:12: error[json::syntax]: expected value\n  |\n2 |  \"games\": [}}\n  |            ^\n"
    );
    assert!(
        err.starts_with(&expected),
        "got:\n{err}\nwanted:\n{expected}"
    );
}

#[test]
fn colour_only_when_asked_and_never_with_no_color() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = write(dir.path(), "bad.json", "{");
    let (_, _, plain) = run(&["validate", &bad]);
    assert!(!plain.contains('\x1b'), "not a terminal: no colour");
    let (_, _, coloured) = run(&["validate", "--color", "always", &bad]);
    assert!(coloured.contains("\x1b[1;31merror"), "{coloured:?}");
    let out = kifu()
        .args(["validate", "--color", "always", &bad])
        .env("NO_COLOR", "1")
        .output()
        .expect("runs");
    assert!(!String::from_utf8_lossy(&out.stderr).contains('\x1b'));
}

#[test]
fn quiet_prints_errors_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = write(dir.path(), "good.json", GAME);
    let bad = write(dir.path(), "bad.json", "{");
    let (code, out, err) = run(&["-q", "validate", &good]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
    let (code, out, err) = run(&["validate", &bad, "-q"]);
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert!(err.contains("error[json::syntax]"), "{err}");
}

#[test]
fn batch_convert_keeps_relative_paths_and_names_each_failure() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path().join("src");
    write(&src, "a.json", GAME);
    write(&src, "deep/er/b.json", GAME);
    write(&src, "deep/broken.json", "{");
    write(&src, "notes.txt", "not a record");
    let out_dir = dir.path().join("out");
    let (code, _, err) = run(&[
        "convert",
        &src.display().to_string(),
        "-t",
        "json",
        "--out-dir",
        &out_dir.display().to_string(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(out_dir.join("a.json").is_file());
    assert!(out_dir.join("deep/er/b.json").is_file());
    assert!(!out_dir.join("deep/broken.json").exists());
    assert!(!out_dir.join("notes.json").exists());
    assert!(err.contains("1 of 3 files not converted"), "{err}");
    assert!(err.contains("broken.json"), "{err}");
    let converted: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out_dir.join("deep/er/b.json")).expect("read"))
            .expect("JSON");
    assert_eq!(converted["games"][0]["kind"]["go"]["size"]["height"], 9);
}

#[test]
fn a_closed_pipe_ends_quietly_with_success() {
    let dir = tempfile::tempdir().expect("tempdir");
    // A big document so the writer is still writing when the reader goes away.
    let mut nodes = vec![r#"{"children":[1]}"#.to_string()];
    for i in 1..200_000 {
        let next = if i + 1 < 200_000 {
            format!(r#","children":[{}]"#, i + 1)
        } else {
            String::new()
        };
        nodes.push(format!(
            r#"{{"move":{{"stone":{{"color":"black","point":null}}}}{next}}}"#
        ));
    }
    let doc = format!(
        r#"{{"version":1,"games":[{{"kind":{{"go":{{"size":{{"width":19,"height":19}}}}}},"tree":{{"nodes":[{}]}}}}]}}"#,
        nodes.join(",")
    );
    let path = write(dir.path(), "big.json", &doc);
    let mut child = kifu()
        .args(["convert", &path, "-t", "json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    {
        use std::io::Read;
        let mut stdout = child.stdout.take().expect("stdout");
        let mut first = [0u8; 16];
        stdout.read_exact(&mut first).expect("some output");
        // stdout dropped here: the pipe closes.
    }
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn completions_for_every_shell_and_a_man_page() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let (code, out, _) = run(&["completions", shell]);
        assert_eq!(code, 0, "{shell}");
        assert!(
            out.contains("convert") && out.contains("validate"),
            "{shell}"
        );
    }
    assert_eq!(run(&["completions", "tcsh"]).0, 2);
    let (code, out, _) = run(&["man"]);
    assert_eq!(code, 0);
    assert!(out.contains(".TH kifu 1"), "{out}");
    let (_, help, _) = run(&["--help"]);
    assert!(!help.contains("man "), "man is hidden");
}

#[test]
fn unmappable_output_characters_fail_with_their_position() {
    let dir = tempfile::tempdir().expect("tempdir");
    let doc = GAME.replace(
        r#""tree""#,
        r#""info":{"black":{"name":"이세돌"},"white":{"name":"〜山"}},"tree""#,
    );
    let path = write(dir.path(), "k.json", &doc);
    let out_path = dir.path().join("out.json");
    let (code, _, err) = run(&[
        "convert",
        &path,
        "-t",
        "json",
        "--output-encoding",
        "cp932",
        "--pretty",
        "-o",
        &out_path.display().to_string(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(!out_path.exists(), "nothing is written on failure");
    // The output is pretty JSON: the name sits on line 21, after 10 spaces and `"name": "`.
    assert!(
        err.contains("Shift_JIS cannot hold 3 character(s): '이' (U+C774) at output line 21, column 20, '세' (U+C138) at output line 21, column 21, '돌' (U+B3CC) at output line 21, column 22"),
        "{err}"
    );
    // 〜 alone is normalised for Shift_JIS and reported, not fatal.
    let doc = GAME.replace(r#""tree""#, r#""info":{"white":{"name":"〜山"}},"tree""#);
    let path = write(dir.path(), "j.json", &doc);
    let (code, _, err) = run(&[
        "convert",
        &path,
        "-t",
        "json",
        "--output-encoding",
        "sjis",
        "-o",
        &out_path.display().to_string(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("[text::normalized] '〜' (U+301C) written as '～' (U+FF5E) for Shift_JIS"),
        "{err}"
    );
    let bytes = std::fs::read(&out_path).expect("written");
    assert!(
        bytes.windows(4).any(|w| w == b"\x81\x60\x8e\x52"),
        "～山 in CP932"
    );
    let (code, _, err) = run(&[
        "convert",
        &path,
        "-t",
        "json",
        "--output-encoding",
        "sjis",
        "--strict",
        "-o",
        "-",
    ]);
    assert_eq!(
        code, 1,
        "--strict turns the normalisation into a failure: {err}"
    );
}

#[test]
fn show_draws_a_gonu_board_as_text_and_svg() {
    let (code, out, err) = run(&["show", "fixtures/gonu/simple.gonu"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // Screen row 1 holds vertices 0–2 at x = 2, 39, 78 with glyphs * $ *.
    assert_eq!(lines[0].chars().nth(2), Some('*'));
    assert_eq!(lines[0].chars().nth(39), Some('$'));
    assert_eq!(lines[0].chars().nth(78), Some('*'));
    assert!(out.contains("player 1 castles: 1\n"), "{out}");
    let dir = tempfile::tempdir().expect("tempdir");
    let svg = dir.path().join("b.svg");
    let (code, _, err) = run(&[
        "show",
        "fixtures/gonu/simple.gonu",
        "--svg",
        "-o",
        &svg.display().to_string(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&svg).expect("svg written");
    assert!(
        text.starts_with("<svg") || text.starts_with("<?xml"),
        "{}",
        &text[..40.min(text.len())]
    );
    assert_eq!(text.matches("class=\"piece black\"").count(), 5);
    assert_eq!(text.matches("class=\"piece white\"").count(), 5);
}

#[test]
fn wrap_puts_soft_breaks_into_long_sgf_text_without_changing_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let comment = "한국어 기보 설명입니다. ".repeat(20);
    let path = write(dir.path(), "w.sgf", &format!("(;FF[4]C[{comment}])"));
    let (code, plain, _) = run(&["convert", &path, "-t", "sgf"]);
    assert_eq!(code, 0);
    assert!(
        !plain.lines().any(|l| l.ends_with('\\')),
        "off by default: {plain}"
    );
    let (code, wrapped, _) = run(&["convert", &path, "-t", "sgf", "--wrap"]);
    assert_eq!(code, 0);
    let width = |l: &str| {
        l.chars()
            .map(|c| if c.is_ascii() { 1 } else { 2 })
            .sum::<usize>()
    };
    assert!(wrapped.lines().count() > 5);
    assert!(wrapped.lines().all(|l| width(l) <= 78), "{wrapped}");
    assert!(
        wrapped.lines().filter(|l| l.ends_with('\\')).count() >= 5,
        "soft breaks: {wrapped}"
    );
    let again = write(dir.path(), "again.sgf", &wrapped);
    let (_, json, _) = run(&["convert", &again, "-t", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(
        v["games"][0]["tree"]["nodes"][0]["comment"],
        comment.as_str()
    );
}

/// The even start as every CSA writer prints it.
const CSA_EVEN: &str = "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
+
";

#[test]
fn convert_csa_version_chooses_the_written_version() {
    let dir = tempfile::tempdir().expect("tempdir");
    let v3 = write(
        dir.path(),
        "v3.csa",
        "V3.0\nN+A\nN-B\nPI\n+\n+7776FU,T1.500\n-3334FU,T2\n%TORYO\n",
    );
    let v2 = write(dir.path(), "v2.csa", "V2.2\nPI\n+\n+7776FU,T1\n%TORYO\n");
    let utf8 = ["--output-encoding", "utf-8"];

    // Without the flag the source's version is kept.
    let (code, out, err) = run(&[&["convert", &*v3, "-t", "csa"][..], &utf8].concat());
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        format!(
            "'CSA encoding=UTF-8\nV3.0\nN+A\nN-B\n{CSA_EVEN}+7776FU,T1.500\n-3334FU,T2\n%TORYO\n"
        )
    );

    // V3.0 down to V2.2: whole seconds, the rounding reported as a loss.
    let (code, out, err) = run(&[
        &["convert", &*v3, "-t", "csa", "--csa-version", "2.2"][..],
        &utf8,
    ]
    .concat());
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!("'encoding=UTF-8\nV2.2\nN+A\nN-B\n{CSA_EVEN}+7776FU,T1\n-3334FU,T2\n%TORYO\n")
    );
    assert_eq!(
        err,
        format!(
            "warning: {v3}: [csa::time-fractions-dropped] CSA V2.2 times are whole seconds: \
             1 time(s) rounded down\n"
        )
    );

    // V2.2 up to V3.0.
    let (code, out, err) = run(&[
        &["convert", &*v2, "-t", "csa", "--csa-version", "3.0"][..],
        &utf8,
    ]
    .concat());
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        format!("'CSA encoding=UTF-8\nV3.0\n{CSA_EVEN}+7776FU,T1\n%TORYO\n")
    );

    // Anything else is a usage error.
    let (code, out, err) = run(&["convert", &*v2, "-t", "csa", "--csa-version", "4"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with(
            "error: invalid value '4' for '--csa-version <VERSION>': unknown CSA version \"4\": give 2.2 or 3.0\n"
        ),
        "{err}"
    );
}

#[test]
fn validate_checks_many_files_in_parallel_and_reports_them_in_order() {
    // More files than one parallel window, valid and invalid mixed, one SGF renju
    // game whose verdict depends on --rule (checked while its collection streams).
    let dir = tempfile::tempdir().expect("tempdir");
    let renju =
        "(;FF[4]GM[4]SZ[15]\n;B[hh];W[aa];B[hj];W[ab];B[ij];W[ac];B[kh];W[ad];B[ki];W[ao]\n;B[kj])";
    let mut expected = Vec::new();
    for i in 0..40 {
        let name = format!("g{i:02}.sgf");
        let text = match i % 4 {
            0 => "(;GM[1]SZ[9];B[aa];W[bb];B[aa])".to_string(),
            1 => renju.to_string(),
            _ => format!("(;GM[1]SZ[9];B[{}a])", char::from(b'a' + (i % 9) as u8)),
        };
        write(dir.path(), &name, &text);
        expected.push(name);
    }
    let root = dir.path().display().to_string();
    let (code, out, _) = run(&["validate", "--json", &root]);
    assert_eq!(code, 1);
    let files: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
        .filter(|v| v["type"] == "file")
        .collect();
    let paths: Vec<String> = files
        .iter()
        .filter_map(|f| f["path"].as_str())
        .filter_map(|p| Path::new(p).file_name()?.to_str().map(str::to_string))
        .collect();
    assert_eq!(paths, expected);
    let verdicts: Vec<(bool, u64)> = files
        .iter()
        .map(|f| (f["valid"] == true, f["errors"].as_u64().unwrap_or(99)))
        .collect();
    let want: Vec<(bool, u64)> = (0..40)
        .map(|i| match i % 4 {
            0 | 1 => (false, 1),
            _ => (true, 0),
        })
        .collect();
    assert_eq!(verdicts, want);
    // Under freestyle rules the renju game's move 11 is legal.
    let (_, out, _) = run(&["validate", "--json", "--rule", "freestyle", &root]);
    let summary: serde_json::Value =
        serde_json::from_str(out.lines().last().expect("a summary")).expect("JSON");
    assert_eq!(summary["invalid"], 10);
    assert_eq!(summary["valid"], 30);
}

#[test]
fn a_large_sgf_file_is_read_and_checked_in_parallel_with_exact_positions() {
    // Over 4 MiB: checked in pieces on all cores; the old mapping options are
    // accepted and change nothing (files are read part by part, never mapped).
    let dir = tempfile::tempdir().expect("tempdir");
    let game = "(;FF[4]CA[UTF-8]GM[1]SZ[19]PB[黒]PW[백]C[a \\] comment]\n;B[dd];W[pp](;B[dp];W[pd])(;B[pd];W[dp]))\n";
    let clean = game.repeat(60_000);
    let mut text = clean.clone();
    text.push_str("(;FF[4]GM[1]SZ[19];B[dd]\n;W[pp];B[dd])\n");
    assert!(text.len() > 4 << 20);
    let path = write(dir.path(), "big.sgf", &text);
    let clean_path = write(dir.path(), "clean.sgf", &clean);
    for flags in [&[][..], &["--mmap"][..], &["--no-mmap"][..]] {
        let (code, out, _) = run(&[&["validate", "--json"][..], flags, &[&path]].concat());
        assert_eq!(code, 1);
        let lines: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        assert_eq!(lines.len(), 3, "{out}");
        assert_eq!(lines[0]["code"], "go::occupied");
        assert_eq!(lines[0]["line"], 2 * 60_000 + 2);
        assert_eq!(lines[0]["column"], 7);
        assert_eq!(lines[0]["move"], 3);
        assert_eq!(lines[1]["games"], 60_001);
        assert_eq!(lines[1]["errors"], 1);
        let (_, _, err) = run(&[&["validate", "--color", "never"][..], flags, &[&path]].concat());
        assert_eq!(
            err,
            format!(
                "{path}:120002:7: error[go::occupied]: black plays at dd, where a black stone stands (move 3)\n       |\n120002 | ;W[pp];B[dd])\n       |       ^^^^^^\n"
            )
        );
        let (code, out, _) = run(&[&["validate"][..], flags, &[&clean_path]].concat());
        assert_eq!(code, 0);
        assert_eq!(
            out,
            format!("{clean_path}: ok (60000 game(s), 0 error(s), 0 warning(s))\n")
        );
    }
}

#[test]
fn diagnostics_on_a_long_line_show_the_text_around_the_caret() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = format!(
        "(;FF[4]SZ[19]C[{}]B[zz]C[{}])\n",
        "a".repeat(1000),
        "표".repeat(500)
    );
    let path = write(dir.path(), "long.sgf", &text);
    let (code, _, err) = run(&["validate", "--color", "never", &path]);
    assert_eq!(code, 1);
    // Sixty characters on each side of the caret, cut with `…`; a wide character
    // takes two columns, so the carets stand under `[zz]`.
    let want = format!(
        "{path}:1:1018: error[sgf::bad-point]: B[zz] is off the board (column 26, row 26)\n  |\n1 | …{}]B[zz]C[{}…\n  | {}^^^^\n",
        "a".repeat(58),
        "표".repeat(54),
        " ".repeat(61),
    );
    assert!(err.starts_with(&want), "{err}");
}

#[test]
fn many_diagnostics_on_one_long_line_stay_linear() {
    // 20,000 errors on a 20 KB line: each used to print (and count columns over)
    // the whole line, 400 MB of output here; now each prints at most 121 characters.
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write(
        dir.path(),
        "parens.sgf",
        &format!("(;FF[4]{}\n", "(".repeat(20_000)),
    );
    let (code, out, err) = run(&["validate", "--color", "never", &path]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        format!("{path}: invalid (1 game(s), 20000 error(s), 0 warning(s))\n")
    );
    // The game tree never closed, the first 100 of the 19,999 `(` out of place, and
    // one diagnostic for the rest (#17).
    assert_eq!(err.lines().count(), 4 * (1 + 100 + 1));
    let last = err.lines().rev().take(4).collect::<Vec<_>>();
    assert_eq!(
        last,
        vec![
            format!("  | {}^", " ".repeat(61)),
            // The 101st `(`: sixty before it, then itself and 59 more.
            format!("1 | …{}…", "(".repeat(120)),
            "  |".to_string(),
            format!("{path}:1:109: error[sgf::bad-variation-start]: … and 19,899 more sgf::bad-variation-start diagnostic(s) like it (the first 100 of each code are shown)"),
        ]
    );
}

#[test]
fn deep_lines_and_crowded_nodes_are_checked_in_linear_time() {
    let dir = tempfile::tempdir().expect("tempdir");
    // 30,000 nested variations, each a black stone on the same point: every move
    // but the first is an error that names its move number (found by walking the
    // whole path per error before: 450 million steps), and black's second move in
    // a row (a warning, #24).
    let deep = write(
        dir.path(),
        "deep.sgf",
        &format!("(;FF[4]{}{}", "(;B[aa]".repeat(30_000), ")".repeat(30_001)),
    );
    let (code, out, err) = run(&["validate", "--color", "never", &deep]);
    assert_eq!(code, 1);
    assert!(
        out.ends_with("invalid (1 game(s), 29999 error(s), 29999 warning(s))\n"),
        "{out}"
    );
    // The first 100 findings, then one for the other 29,899, at move 102 (#17).
    assert!(
        err.contains(":1:709: error[go::occupied]: black plays at aa, where a black stone stands (move 101)\n"),
        "{}",
        err.lines().last().unwrap_or("")
    );
    assert!(
        err.contains(":1:716: error[go::occupied]: … and 29,899 more go::occupied diagnostic(s) like it (the first 100 of each code are shown) (move 102)\n"),
        "{}",
        err.lines().last().unwrap_or("")
    );
    // One node with 40,000 different unknown properties: each is reported once
    // (the duplicate check and the de-duplication of findings were quadratic).
    let names: String = (0..40_000u32)
        .map(|i| {
            let l = |k: u32| char::from(b'A' + (i / 26u32.pow(k) % 26) as u8);
            format!("{}{}{}{}[1]", l(3), l(2), l(1), l(0))
        })
        .collect();
    let crowded = write(dir.path(), "crowded.sgf", &format!("(;FF[4]{names})"));
    let (code, out, _) = run(&["validate", &crowded]);
    assert_eq!(code, 0);
    assert!(
        out.ends_with("ok (1 game(s), 0 error(s), 40000 warning(s))\n"),
        "{out}"
    );
}

/// `text` in Shift_JIS.
fn shift_jis(text: &str) -> Vec<u8> {
    let (bytes, _, bad) = encoding_rs::SHIFT_JIS.encode(text);
    assert!(!bad, "test text fits Shift_JIS");
    bytes.into_owned()
}

const KIF: &str = "手合割：平手\r\n先手：甲\r\n後手：乙\r\n手数----指手---------消費時間--\r\n   1 ７六歩(77)   ( 0:01/00:00:01)\r\n   2 投了\r\n";

/// The `kifu reencode` commands of the README's examples, in order.
fn readme_reencode_examples() -> Vec<String> {
    let readme = include_str!("../README.md");
    let mut in_sh = false;
    let mut commands = Vec::new();
    for line in readme.lines() {
        if line.starts_with("```") {
            in_sh = line == "```sh";
            continue;
        }
        if in_sh && line.starts_with("kifu reencode ") {
            let command = line.split('#').next().unwrap_or(line).trim_end();
            commands.push(command.to_string());
        }
    }
    commands
}

#[test]
fn every_reencode_example_of_the_readme_runs() {
    let commands = readme_reencode_examples();
    assert_eq!(
        commands,
        [
            "kifu reencode ~/kifu --to UTF-8 --dry-run",
            "kifu reencode ~/kifu --to UTF-8 --in-place --backup .orig",
            "kifu reencode ~/kifu --to UTF-8 --out-dir ~/kifu-utf8",
        ]
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let home = dir.path();
    let sjis = shift_jis(KIF);
    std::fs::create_dir(home.join("kifu")).expect("mkdir");
    std::fs::write(home.join("kifu/a.kif"), &sjis).expect("write");
    write(home, "kifu/b.sgf", "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa])");
    let mut outputs = Vec::new();
    for command in &commands {
        // `~` is this test's home; the shell would expand it the same way.
        let args: Vec<String> = command
            .split_whitespace()
            .skip(1)
            .map(|a| a.replace('~', &home.display().to_string()))
            .collect();
        let out = kifu().args(&args).output().expect("kifu runs");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{command}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        outputs.push(String::from_utf8_lossy(&out.stdout).into_owned());
        if outputs.len() == 1 {
            assert_eq!(
                std::fs::read(home.join("kifu/a.kif")).expect("read"),
                sjis,
                "a dry run changes nothing"
            );
        }
    }
    let a = home.join("kifu/a.kif").display().to_string();
    assert_eq!(
        outputs[0],
        format!(
            "would convert {a}: Shift_JIS (format-default) → UTF-8; declaration set to UTF-8\nwould convert 1, unchanged 1, skipped 0, failed 0 (2 files); {} B read, 0 B written\n",
            sjis.len() + 33
        )
    );
    let converted = format!("#KIF version=2.0 encoding=UTF-8\r\n{KIF}");
    assert_eq!(
        std::fs::read_to_string(home.join("kifu/a.kif")).expect("UTF-8 now"),
        converted
    );
    assert_eq!(
        std::fs::read(home.join("kifu/a.kif.orig")).expect("the backup"),
        sjis
    );
    assert_eq!(
        std::fs::read_to_string(home.join("kifu-utf8/a.kif")).expect("mirrored"),
        converted
    );
}

#[test]
fn reencode_dry_run_needs_no_mode_but_in_place_and_out_dir_still_exclude_each_other() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(dir.path(), "a.sgf", "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa])");
    let out_dir = dir.path().join("out").display().to_string();
    let (code, out, err) = run(&["reencode", &file, "--to", "UTF-8", "--dry-run", "--json"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines[0]["outcome"], "unchanged");
    assert_eq!(lines[1]["dry_run"], true);
    let (code, _, err) = run(&[
        "reencode",
        &file,
        "--to",
        "UTF-8",
        "--in-place",
        "--out-dir",
        &out_dir,
    ]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: the argument '--in-place' cannot be used with '--out-dir <DIR>'"),
        "{err}"
    );
    let (code, _, err) = run(&["reencode", &file, "--to", "UTF-8"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--in-place|--out-dir <DIR>|--dry-run"),
        "the error names the three ways: {err}"
    );
}

#[test]
fn an_undeclared_utf8_kif_gets_its_declaration_and_the_report_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(dir.path(), "u.kif", KIF);
    let reencode = || {
        let (code, out, err) = run(&["reencode", &file, "--to", "UTF-8", "--in-place", "--json"]);
        assert_eq!((code, err.as_str()), (0, ""));
        let first = out.lines().next().expect("a file object");
        serde_json::from_str::<serde_json::Value>(first).expect("JSON")
    };
    let report = reencode();
    assert_eq!(report["outcome"], "converted");
    assert_eq!(
        report["detail"],
        "UTF-8 (utf8-valid) → UTF-8; declaration added (the bytes were already UTF-8)"
    );
    assert_eq!(
        std::fs::read_to_string(&file).expect("read"),
        format!("#KIF version=2.0 encoding=UTF-8\r\n{KIF}"),
        "only the declaration is new"
    );
    let again = reencode();
    assert_eq!(again["outcome"], "unchanged");
    assert_eq!(again["detail"], "already UTF-8 (declared)");
}
