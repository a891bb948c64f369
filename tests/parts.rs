//! Every command reads a collection part by part (issue #33, point 5) and gives
//! exactly what a whole read gives: the same diagnostics at the same lines, columns
//! and offsets, the same games, the same outputs. Each collection is given on
//! standard input twice: once whole (it ends within the default part), once cut into
//! parts of a few hundred bytes (`KIFU_PART_BYTES`, read by debug builds) with a
//! `--max-game-size` far below the input's size, which a whole read refuses.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use kifu::text::{encode_strict, TextEncoding};

/// Games in each collection.
const GAMES: usize = 40;

/// Runs kifu with `stdin`; `part`: the part size to read in. Returns the exit
/// code, standard output and standard error.
fn run(args: &[&str], stdin: &[u8], part: Option<usize>) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kifu"));
    cmd.args(args)
        .env_remove("NO_COLOR")
        .env_remove("KIFU_PART_BYTES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(n) = part {
        cmd.env("KIFU_PART_BYTES", n.to_string());
    }
    let mut child = cmd.spawn().expect("kifu runs");
    let mut input = child.stdin.take().expect("stdin");
    let bytes = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().expect("kifu ends");
    let _ = feeder.join();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// An SGF collection: game information in Japanese and Latin letters, comments with
/// `)`, `(`, `\]` and line breaks, a few games with a move on an occupied point (a
/// diagnostic with a place), and repeated games (for dedup).
fn sgf_text(charset: &str) -> String {
    let mut text = String::new();
    for i in 0..GAMES {
        let p = |n: usize| char::from(b'a' + (n % 9) as u8);
        let first = format!("{}{}", p(i), p(i / 9 + 1));
        let moves = if i % 7 == 3 {
            format!(";B[{first}];W[{first}]")
        } else if i % 5 == 4 {
            ";B[ee];W[cc];B[gg]".to_string()
        } else {
            format!(";B[{first}];W[ee]C[表ソ ) ( \\] 能\n{i}]")
        };
        text.push_str(&format!(
            "(;GM[1]FF[4]CA[{charset}]SZ[9]PB[黒{i}]PW[White {i}]DT[2020-01-{:02}]RE[B+R]C[ソ表 {i}]{moves})\n",
            i % 28 + 1
        ));
    }
    text
}

/// A CSA collection: games separated by `/` lines, some with an illegal move.
fn csa_text() -> String {
    let games: Vec<String> = (0..GAMES)
        .map(|i| {
            let third = if i % 7 == 3 { "+7776FU" } else { "+2726FU" };
            format!("V2.2\nN+先手{i}\nN-Gote{i}\n$EVENT:Test\nPI\n+\n+7776FU\n-3334FU\n{third}\n%TORYO\n")
        })
        .collect();
    games.join("/\n")
}

/// A USI collection: a game a line, some with an illegal move.
fn usi_text() -> String {
    (0..GAMES)
        .map(|i| {
            if i % 7 == 3 {
                "position startpos moves 7g7f 7g7f\n".to_string()
            } else if i % 2 == 0 {
                "position startpos moves 7g7f 3c3d 2g2f\n".to_string()
            } else {
                "position startpos moves 2g2f 8c8d\n".to_string()
            }
        })
        .collect()
}

/// A RIF database: a table row without an id (a warning in the tables, which every
/// part is read after), players with names in Cyrillic and Japanese, games with a
/// reference to no row, a result RIF does not have, a point played twice, a move off
/// the board, a five, a CDATA section holding `</game>`, and empty `<game/>`
/// elements. With `results`, every game says black won, which the rules deny for
/// all but the five (`renju::false-result`); without, only the five says so.
fn rif_text(results: bool) -> String {
    let mut text = String::from(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<database>\n<rules><rule id=\"1\" name=\"RIF\"/><rule name=\"no id\"/></rules>\n<players>\n<player id=\"1\" name=\"Анна\" surname=\"Карлссон\"/>\n<player id=\"2\" name=\"誠\" surname=\"田中\"/>\n</players>\n<games>\n",
    );
    for i in 0..GAMES {
        let (black, white) = if i % 2 == 0 { (1, 2) } else { (2, 1) };
        let white = if i % 11 == 5 { 9 } else { white };
        let result = match (i % 13 == 6, results || i % 6 == 5) {
            (true, _) => " bresult=\"2\"",
            (false, true) => " bresult=\"1\"",
            (false, false) => "",
        };
        let moves = match i % 6 {
            1 => "h8 i9 h8 j10",
            3 => "h8 i9 z1",
            5 => "h8 i9 h9 i10 h10 i11 h11 i12 h12",
            _ => "h8 i9 j10 g7 k11",
        };
        if i % 9 == 8 {
            text.push_str(&format!(
                "<game id=\"{i}\" black=\"{black}\" white=\"{white}\" rule=\"1\"/>\n"
            ));
            continue;
        }
        text.push_str(&format!(
            "<game id=\"{i}\" black=\"{black}\" white=\"{white}\"{result} rule=\"1\">\n<move>{moves}</move>\n<info><![CDATA[партия {i} </game>]]></info>\n</game>\n"
        ));
    }
    text.push_str("</games>\n</database>\n");
    text
}

/// The collections: name, bytes, and the format to name with `-f` (standard input
/// has no extension).
fn collections(dir: &Path) -> Vec<(&'static str, Vec<u8>, &'static str)> {
    let sgf = sgf_text("UTF-8");
    let sjis = encode_strict(&sgf_text("Shift_JIS"), TextEncoding::SHIFT_JIS)
        .expect("the text is Shift_JIS");
    let csa = encode_strict(&csa_text(), TextEncoding::SHIFT_JIS).expect("Shift_JIS");
    // NDJSON written by kifu itself from the SGF collection.
    let path = dir.join("games.sgf");
    std::fs::write(&path, &sgf).expect("write");
    let ndjson_path = dir.join("games.ndjson");
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["convert", "-q", "-t", "ndjson", "-o"])
        .arg(&ndjson_path)
        .arg(&path)
        .output()
        .expect("kifu runs");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let ndjson = std::fs::read(&ndjson_path).expect("written");
    vec![
        ("sgf utf-8", sgf.into_bytes(), "sgf"),
        ("sgf shift_jis", sjis, "sgf"),
        ("csa", csa, "csa"),
        ("usi", usi_text().into_bytes(), "usi"),
        ("ndjson", ndjson, "ndjson"),
        ("rif", rif_text(false).into_bytes(), "rif"),
    ]
}

/// The command lines compared (each given `-` and `-f FORMAT` after these).
const COMMANDS: &[&[&str]] = &[
    &["validate"],
    &["validate", "--json"],
    &["validate", "--game", "5.."],
    &["stats", "--json"],
    &["list", "--csv"],
    &["list", "--json"],
    &["filter", "--list", "--moves", "3.."],
    &["filter", "--moves", "3..", "-t", "json", "-o", "-"],
    &["dedup"],
    &["info", "--json"],
    &["convert", "-t", "json", "-o", "-"],
    &["show", "--game", "40"],
];

#[test]
fn every_command_reads_a_collection_in_parts_as_it_reads_it_whole() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, bytes, format) in collections(dir.path()) {
        assert!(bytes.len() > 1000, "{name}: {} bytes", bytes.len());
        for command in COMMANDS {
            let mut args: Vec<&str> = command.to_vec();
            args.extend(["-", "-f", format]);
            let whole = run(&args, &bytes, None);
            args.extend(["--max-game-size", "1K"]);
            let parts = run(&args, &bytes, Some(300));
            assert_eq!(parts, whole, "{name}: kifu {}", args.join(" "));
            assert!(
                !whole.1.is_empty() || !whole.2.is_empty(),
                "{name}: kifu {} says something",
                args.join(" ")
            );
        }
    }
}

#[test]
fn split_and_merge_write_the_same_files_from_parts() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, bytes, format) in collections(dir.path()) {
        let mut outputs = Vec::new();
        for (i, part) in [None, Some(300)].into_iter().enumerate() {
            let split_dir = dir.path().join(format!("split{i}"));
            let merged = dir.path().join(format!("merged{i}.json"));
            let limit = if part.is_some() { "1K" } else { "12M" };
            let split_dir_s = split_dir.to_string_lossy().into_owned();
            let merged_s = merged.to_string_lossy().into_owned();
            let mut split_args = vec![
                "split",
                "-q",
                "--out-dir",
                &split_dir_s,
                "-",
                "-f",
                format,
                "--max-game-size",
                limit,
            ];
            // kifu does not write RIF: its games are split into JSON.
            if format == "rif" {
                split_args.extend(["-t", "json"]);
            }
            let split = run(&split_args, &bytes, part);
            assert_eq!(split.0, 0, "{name}: split {split:?}");
            let merge = run(
                &[
                    "merge",
                    "-q",
                    "-t",
                    "json",
                    "-o",
                    &merged_s,
                    "-",
                    "-f",
                    format,
                    "--max-game-size",
                    limit,
                ],
                &bytes,
                part,
            );
            // Names sort in game order; an input read in parts, whose count of games
            // is known only at its end, gets wider numbers (README, `split`).
            let mut names: Vec<std::path::PathBuf> = std::fs::read_dir(&split_dir)
                .expect("split wrote a folder")
                .map(|e| e.expect("entry").path())
                .collect();
            names.sort();
            let files: Vec<Vec<u8>> = names
                .iter()
                .map(|p| std::fs::read(p).expect("read"))
                .collect();
            assert_eq!(files.len(), GAMES, "{name}");
            outputs.push((files, merge, std::fs::read(&merged).ok()));
            std::fs::remove_dir_all(&split_dir).expect("clean");
            let _ = std::fs::remove_file(&merged);
        }
        assert!(outputs[0].0 == outputs[1].0, "{name}: split differs");
        assert_eq!(outputs[0].1, outputs[1].1, "{name}: merge says otherwise");
        assert!(outputs[0].2 == outputs[1].2, "{name}: merge differs");
    }
}

#[test]
fn files_longer_than_a_part_read_as_whole_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, bytes, format) in collections(dir.path()) {
        let ext = if format == "sgf" && name.contains("shift") {
            "sjis.sgf".to_string()
        } else {
            format.to_string()
        };
        let path = dir.path().join(format!("input.{ext}"));
        std::fs::write(&path, &bytes).expect("write");
        let path_s = path.to_string_lossy().into_owned();
        for command in [&["validate", "--json"][..], &["stats"], &["list", "--json"]] {
            let mut args: Vec<&str> = command.to_vec();
            args.push(&path_s);
            let whole = run(&args, b"", None);
            let parts = run(&args, b"", Some(300));
            assert_eq!(parts, whole, "{name}: kifu {}", args.join(" "));
        }
    }
}

/// A RIF database read in parts gives the findings of the rules at the places a
/// whole read gives them, through the frame every part is read in. Within a part the
/// reader's diagnostics come before the findings, as they do in a whole read, so the
/// lines are compared as sets.
#[test]
fn rif_findings_keep_their_places_in_parts() {
    let bytes = rif_text(true).into_bytes();
    let args = ["validate", "--json", "-", "-f", "rif"];
    let (code, out, err) = run(&args, &bytes, None);
    let mut whole: Vec<&str> = out.lines().collect();
    whole.sort_unstable();
    assert_eq!((code, err.as_str()), (1, ""));
    // 40 games but the 4 empty ones, the 4 other fives and the 3 results RIF
    // does not have.
    assert_eq!(
        whole
            .iter()
            .filter(|l| l.contains("renju::false-result"))
            .count(),
        29
    );
    let mut args = args.to_vec();
    args.extend(["--max-game-size", "1K"]);
    let (code, out, err) = run(&args, &bytes, Some(300));
    let mut parts: Vec<&str> = out.lines().collect();
    parts.sort_unstable();
    assert_eq!((code, err.as_str()), (1, ""));
    assert_eq!(parts, whole);
}
