//! Streaming (issue #22): collections written game by game equal whole writes,
//! `convert`, `info`, `split` and `merge` read game by game, `--game` selects, and
//! the JSON forms (compact, pretty, NDJSON) read back to the same models.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use kifu::formats::{self, WriteOptions};
use kifu::model::Collection;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn kifu() -> Command {
    Command::cargo_bin("kifu").expect("binary")
}

/// Reads a file (or bytes) with the library.
fn read(bytes: &[u8], path: Option<&Path>) -> Collection {
    kifu::read(&kifu::Input {
        bytes: bytes.into(),
        path,
        format: None,
        encoding: None,
    })
    .expect("reads")
    .parsed
    .collection
}

/// A collection of `n` small games with variations, comments and markup.
fn collection(n: usize) -> String {
    (1..=n)
        .map(|i| {
            format!(
                "(;FF[4]CA[UTF-8]GM[1]SZ[19]PB[Black {i}]PW[White]GN[game {i}]C[a \\] comment]\n;B[pd]C[first];W[dp]\n(;B[pp]LB[pp:A];W[dd])\n(;B[dd]TR[cc];W[pp]))\n"
            )
        })
        .collect()
}

/// Writes `collection` game by game through a `GameWriter`.
fn streamed(collection: &Collection, format: &'static formats::Format, pretty: bool) -> Vec<u8> {
    let mut writer = kifu::GameWriter::new(
        format,
        None,
        &WriteOptions {
            pretty,
            ..WriteOptions::default()
        },
    )
    .expect("writer");
    let mut out = writer.prefix().expect("prefix");
    for game in &collection.games {
        let mut game = game.clone();
        out.extend(writer.game(&mut game).expect("game").bytes);
        assert_eq!(
            &game,
            collection.games.get(writer.written() - 1).expect("game")
        );
    }
    out.extend(writer.suffix().expect("suffix"));
    out
}

#[test]
fn games_written_one_by_one_join_to_the_whole_write() {
    let go = read(collection(5).as_bytes(), None);
    let csa_path = root().join("fixtures/shogi/opening.csa");
    let one = read(&std::fs::read(&csa_path).expect("csa"), Some(&csa_path));
    let mut shogi = one.clone();
    shogi.games.extend(one.games.iter().cloned());
    shogi.games.extend(one.games.iter().cloned());
    let cases = [
        ("sgf", &go),
        ("json", &go),
        ("ndjson", &go),
        ("csa", &shogi),
        ("usi", &shogi),
        ("json", &shogi),
    ];
    for (name, games) in cases {
        let format = formats::by_name(name).expect("format");
        for pretty in [false, true] {
            let whole = kifu::write_with(
                games,
                format,
                None,
                &WriteOptions {
                    pretty,
                    ..WriteOptions::default()
                },
            )
            .expect("whole")
            .bytes;
            assert_eq!(
                String::from_utf8_lossy(&streamed(games, format, pretty)),
                String::from_utf8_lossy(&whole),
                "{name}, pretty {pretty}"
            );
        }
    }
}

/// Games drafted on other threads, last first (`GameWriter::draft`), and placed in
/// order (`GameWriter::place`) give the bytes and losses of `GameWriter::game` one by
/// one, which are the whole write's: what `convert` and `merge` do on all cores.
#[test]
fn games_drafted_on_threads_and_placed_in_order_join_to_the_whole_write() {
    let go = read(collection(6).as_bytes(), None);
    let csa_path = root().join("fixtures/shogi/opening.csa");
    let one = read(&std::fs::read(&csa_path).expect("csa"), Some(&csa_path));
    let mut shogi = one.clone();
    shogi.games.extend(one.games.iter().cloned());
    for (name, games) in [
        ("sgf", &go),
        ("json", &go),
        ("ndjson", &go),
        ("csa", &shogi),
        ("usi", &shogi),
        ("json", &shogi),
    ] {
        let format = formats::by_name(name).expect("format");
        for pretty in [false, true] {
            let options = WriteOptions {
                pretty,
                ..WriteOptions::default()
            };
            let mut one_by_one = kifu::GameWriter::new(format, None, &options).expect("writer");
            let mut want = one_by_one.prefix().expect("prefix");
            let mut want_losses = Vec::new();
            for game in &games.games {
                let e = one_by_one.game(&mut game.clone()).expect("game");
                want.extend(e.bytes);
                want_losses.extend(e.losses.into_iter().map(|l| (l.game, l.message)));
            }
            want.extend(one_by_one.suffix().expect("suffix"));
            let drafter = kifu::GameWriter::new(format, None, &options).expect("writer");
            let mut drafts: Vec<(usize, kifu::Draft)> = std::thread::scope(|scope| {
                let handles: Vec<_> = games
                    .games
                    .iter()
                    .enumerate()
                    .rev()
                    .map(|(i, game)| {
                        let drafter = &drafter;
                        scope.spawn(move || (i, drafter.draft(&mut game.clone())))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("drafted"))
                    .collect()
            });
            drafts.sort_by_key(|(i, _)| *i);
            let mut placer = kifu::GameWriter::new(format, None, &options).expect("writer");
            let mut got = placer.prefix().expect("prefix");
            let mut got_losses = Vec::new();
            for (_, draft) in drafts {
                let e = placer.place(draft).expect("placed");
                got.extend(e.bytes);
                got_losses.extend(e.losses.into_iter().map(|l| (l.game, l.message)));
            }
            got.extend(placer.suffix().expect("suffix"));
            assert_eq!(
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(&want),
                "{name}, pretty {pretty}"
            );
            assert_eq!(got_losses, want_losses, "{name}, pretty {pretty}");
        }
    }
    // A format of one game refuses a second draft when it is placed.
    let kif = formats::by_name("kif").expect("kif");
    let options = WriteOptions::default();
    let drafter = kifu::GameWriter::new(kif, None, &options).expect("writer");
    let mut placer = kifu::GameWriter::new(kif, None, &options).expect("writer");
    let first = drafter.draft(&mut shogi.games[0].clone());
    let second = drafter.draft(&mut shogi.games[1].clone());
    assert!(placer.place(first).is_ok());
    let refused = placer.place(second).expect_err("a second game");
    assert!(refused.to_string().contains("kif"), "{refused}");
}

#[test]
fn pretty_json_is_serde_s_pretty_document_and_compact_json_one_line() {
    let go = read(collection(2).as_bytes(), None);
    let json = formats::by_name("json").expect("json");
    let pretty = kifu::write_with(
        &go,
        json,
        None,
        &WriteOptions {
            pretty: true,
            ..WriteOptions::default()
        },
    )
    .expect("pretty")
    .bytes;
    #[derive(serde::Serialize)]
    struct Document<'a> {
        version: u32,
        games: &'a [kifu::model::Game],
    }
    let want = serde_json::to_string_pretty(&Document {
        version: 1,
        games: &go.games,
    })
    .expect("serde")
        + "\n";
    assert_eq!(String::from_utf8_lossy(&pretty), want);
    let compact = kifu::write(&go, json, None, None).expect("compact").bytes;
    assert_eq!(compact.iter().filter(|&&b| b == b'\n').count(), 1);
    assert_eq!(read(&compact, None), go);
    assert_eq!(read(&pretty, None), go);
    // Empty collections too.
    let empty = Collection::default();
    assert_eq!(
        streamed(&empty, json, false),
        b"{\"version\":1,\"games\":[]}\n"
    );
    assert_eq!(
        String::from_utf8_lossy(&streamed(&empty, json, true)),
        "{\n  \"version\": 1,\n  \"games\": []\n}\n"
    );
}

#[test]
fn ndjson_is_one_game_a_line_sniffed_and_read_back() {
    let go = read(collection(3).as_bytes(), None);
    let ndjson = formats::by_name("ndjson").expect("ndjson");
    let bytes = kifu::write(&go, ndjson, None, None).expect("ndjson").bytes;
    let text = String::from_utf8(bytes.clone()).expect("utf-8");
    assert_eq!(text.lines().count(), 3);
    for (line, game) in text.lines().zip(&go.games) {
        assert_eq!(line, serde_json::to_string(game).expect("game"));
    }
    assert_eq!(formats::sniff(&bytes).map(|f| f.name), Some("ndjson"));
    let json = kifu::write(&go, formats::by_name("json").expect("json"), None, None)
        .expect("json")
        .bytes;
    assert_eq!(formats::sniff(&json).map(|f| f.name), Some("json"));
    assert_eq!(read(&bytes, None), go);
    // A broken line is one diagnostic at its place; the lines after it are read.
    let broken = format!("{}\n{{\"kind\": \n\n", text.lines().next().unwrap_or(""));
    let broken = format!("{broken}{}\n", text.lines().nth(1).unwrap_or(""));
    let outcome = kifu::read(&kifu::Input {
        bytes: broken.as_bytes().into(),
        path: Some(Path::new("x.ndjson")),
        format: None,
        encoding: None,
    })
    .expect("reads");
    assert_eq!(outcome.parsed.collection.games.len(), 2);
    let codes: Vec<&str> = outcome.parsed.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, vec!["json::syntax"]);
    let at = outcome.parsed.diagnostics.first().map(|d| d.span.start);
    assert_eq!(at, text.lines().next().map(|l| l.len() + 1 + 8));
}

#[test]
fn convert_to_ndjson_reads_back_to_the_same_models() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sgf = dir.path().join("c.sgf");
    std::fs::write(&sgf, collection(4)).expect("write");
    let out = dir.path().join("c.ndjson");
    kifu()
        .args(["convert", "-t", "ndjson", "-o"])
        .arg(&out)
        .arg(&sgf)
        .assert()
        .success();
    let want = read(&std::fs::read(&sgf).expect("sgf"), Some(&sgf));
    assert_eq!(
        read(&std::fs::read(&out).expect("ndjson"), Some(&out)),
        want
    );
    // And through a pipe, read by its first line.
    let piped = kifu()
        .args(["convert", "-t", "sgf", "-"])
        .write_stdin(std::fs::read(&out).expect("ndjson"))
        .output()
        .expect("runs");
    assert!(piped.status.success());
    assert_eq!(read(&piped.stdout, None), want);
}

#[test]
fn convert_json_is_compact_off_a_terminal_and_pretty_on_request() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sgf = dir.path().join("c.sgf");
    std::fs::write(&sgf, "(;GM[1]SZ[9];B[aa])").expect("write");
    let compact = kifu()
        .args(["convert", "-t", "json"])
        .arg(&sgf)
        .output()
        .expect("runs");
    let path = sgf.display().to_string();
    let path_json = serde_json::to_string(&path).expect("path");
    assert_eq!(
        String::from_utf8_lossy(&compact.stdout),
        format!(
            "{{\"version\":1,\"source\":{{\"path\":{path_json},\"format\":\"sgf\",\"encoding\":\"UTF-8\",\"encoding_decided_by\":\"utf8-valid\"}},\"games\":[{{\"kind\":{{\"go\":{{\"size\":{{\"width\":9,\"height\":9}}}}}},\"info\":{{}},\"tree\":{{\"nodes\":[{{\"children\":[1]}},{{\"move\":{{\"stone\":{{\"color\":\"black\",\"point\":[0,0]}}}}}}]}}}}]}}\n"
        )
    );
    let pretty = kifu()
        .args(["convert", "-t", "json", "--pretty"])
        .arg(&sgf)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&pretty.stdout);
    assert!(
        text.starts_with("{\n  \"version\": 1,\n  \"source\": {\n    \"path\": "),
        "{text}"
    );
}

#[test]
fn split_then_merge_gives_back_the_same_games_in_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = dir.path().join("a.sgf");
    let b = dir.path().join("b.sgf");
    std::fs::write(&a, collection(3)).expect("a");
    std::fs::write(
        &b,
        collection(12)
            .split_inclusive("))\n")
            .skip(3)
            .collect::<String>(),
    )
    .expect("b");
    let parts = dir.path().join("parts");
    kifu()
        .args(["split", "--out-dir"])
        .arg(&parts)
        .arg(&a)
        .arg(&b)
        .assert()
        .success();
    let mut names: Vec<String> = std::fs::read_dir(&parts)
        .expect("parts")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let want_names: Vec<String> = (1..=3)
        .map(|i| format!("a-{i:04}.sgf"))
        .chain((1..=9).map(|i| format!("b-{i:04}.sgf")))
        .collect();
    assert_eq!(names, want_names);
    let merged = dir.path().join("all.sgf");
    let mut cmd = kifu();
    cmd.args(["merge", "-o"]).arg(&merged);
    for n in &names {
        cmd.arg(parts.join(n));
    }
    cmd.assert().success();
    let mut want = read(&std::fs::read(&a).expect("a"), Some(&a));
    want.games
        .extend(read(&std::fs::read(&b).expect("b"), Some(&b)).games);
    assert_eq!(
        read(&std::fs::read(&merged).expect("merged"), Some(&merged)),
        want
    );
    // The merged bytes are the whole write of the games.
    let whole = kifu::write(&want, formats::by_name("sgf").expect("sgf"), None, None)
        .expect("sgf")
        .bytes;
    assert_eq!(std::fs::read(&merged).expect("merged"), whole);
}

#[test]
fn split_variations_gives_every_line_of_play() {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = dir.path().join("v.sgf");
    std::fs::write(
        &a,
        "(;GM[1]SZ[9];B[aa](;W[bb];B[cc])(;W[dd](;B[ee])(;B[ff])))",
    )
    .expect("a");
    let parts = dir.path().join("lines");
    kifu()
        .args(["split", "--variations", "--out-dir"])
        .arg(&parts)
        .arg(&a)
        .assert()
        .success();
    let line = |n: usize| {
        let p = parts.join(format!("v-0001-{n:02}.sgf"));
        String::from_utf8(std::fs::read(&p).expect("line")).expect("utf-8")
    };
    assert!(line(1).contains(";B[aa];W[bb];B[cc])"), "{}", line(1));
    assert!(line(2).contains(";B[aa];W[dd];B[ee])"), "{}", line(2));
    assert!(line(3).contains(";B[aa];W[dd];B[ff])"), "{}", line(3));
    assert_eq!(std::fs::read_dir(&parts).expect("dir").count(), 3);
}

#[test]
fn merge_into_a_format_of_one_game_is_refused_naming_those_of_many() {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = dir.path().join("a.sgf");
    std::fs::write(&a, collection(2)).expect("a");
    let out = kifu()
        .args(["merge", "-o"])
        .arg(dir.path().join("x.kif"))
        .arg(&a)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("kif holds one game per file: merge into a format that holds many (sgf, csa, usi, json, ndjson)"),
        "{err}"
    );
    assert!(!dir.path().join("x.kif").exists());
}

#[test]
fn game_selects_games_on_every_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = dir.path().join("a.sgf");
    std::fs::write(&a, collection(5)).expect("a");
    let all = read(&std::fs::read(&a).expect("a"), Some(&a));
    let out = kifu()
        .args(["convert", "-t", "sgf", "--game", "2..3"])
        .arg(&a)
        .output()
        .expect("runs");
    assert!(out.status.success());
    assert_eq!(read(&out.stdout, None).games, all.games[1..3].to_vec());
    let info = kifu()
        .args(["info", "--json", "--game", "4.."])
        .arg(&a)
        .output()
        .expect("runs");
    let v: serde_json::Value = serde_json::from_slice(&info.stdout).expect("json");
    let titles: Vec<&str> = v["games"]
        .as_array()
        .expect("games")
        .iter()
        .filter_map(|g| g["title"].as_str())
        .collect();
    assert_eq!(titles, vec!["game 4", "game 5"]);
    let none = kifu()
        .args(["convert", "-t", "sgf", "--game", "9"])
        .arg(&a)
        .output()
        .expect("runs");
    assert_eq!(none.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&none.stderr).contains("no game 9 (the input holds 5)"));
    let bad = kifu()
        .args(["convert", "-t", "sgf", "--game", "3..2"])
        .arg(&a)
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
}

/// A collection larger than one part of the streaming reader (parts of 4 MiB here,
/// through `KIFU_PART_BYTES`), so that it is cut and read part by part.
const PART: &str = "4194304";

fn large() -> String {
    let one = collection(1);
    one.repeat((17 << 20) / one.len() + 1)
}

#[test]
fn a_collection_read_in_parts_converts_as_a_whole_read_would() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sgf = dir.path().join("big.sgf");
    let text = large();
    std::fs::write(&sgf, &text).expect("write");
    let out = dir.path().join("big.ndjson");
    kifu()
        .env("KIFU_PART_BYTES", PART)
        .args(["convert", "-t", "ndjson", "-o"])
        .arg(&out)
        .arg(&sgf)
        .assert()
        .success();
    let want = read(text.as_bytes(), None);
    let ndjson = formats::by_name("ndjson").expect("ndjson");
    let whole = kifu::write(&want, ndjson, None, None).expect("whole").bytes;
    assert!(std::fs::read(&out).expect("out") == whole);
    // Standard input, the same.
    let piped = kifu()
        .env("KIFU_PART_BYTES", PART)
        .args(["convert", "-t", "ndjson", "-"])
        .write_stdin(text.clone())
        .output()
        .expect("runs");
    assert!(piped.status.success());
    assert!(piped.stdout == whole);
    // info counts every game.
    let info = kifu()
        .env("KIFU_PART_BYTES", PART)
        .args(["info", "--json"])
        .arg(&sgf)
        .output()
        .expect("runs");
    let v: serde_json::Value = serde_json::from_slice(&info.stdout).expect("json");
    assert_eq!(v["games"].as_array().map(Vec::len), Some(want.games.len()));
}

#[test]
fn a_failed_conversion_leaves_no_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = dir.path().join("a.sgf");
    std::fs::write(&a, collection(2)).expect("a");
    let out = dir.path().join("a.kif");
    let run = kifu()
        .args(["convert", "-t", "kif", "-o"])
        .arg(&out)
        .arg(&a)
        .output()
        .expect("runs");
    assert_eq!(run.status.code(), Some(1));
    assert!(!out.exists());
    let left: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .collect();
    assert_eq!(left, vec![a]);
}

#[test]
fn validate_and_show_take_game_too() {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = dir.path().join("v.sgf");
    std::fs::write(
        &a,
        "(;GM[1]SZ[9];B[aa])\n(;GM[1]SZ[9];B[aa];W[aa])\n(;GM[1]SZ[9];B[bb])\n",
    )
    .expect("a");
    let path = a.display().to_string();
    let out = kifu()
        .args(["validate", "--json", "--game", "2"])
        .arg(&a)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "{{\"type\":\"diagnostic\",\"path\":{p},\"line\":2,\"column\":19,\"offset\":38,\"severity\":\"error\",\"code\":\"go::occupied\",\"message\":\"white plays at aa, where a black stone stands\",\"move\":2}}\n\
             {{\"type\":\"file\",\"path\":{p},\"valid\":false,\"format\":\"sgf\",\"encoding\":\"UTF-8\",\"encoding_decided_by\":\"utf8-valid\",\"games\":1,\"errors\":1,\"warnings\":0,\"infos\":0}}\n\
             {{\"type\":\"summary\",\"files\":1,\"valid\":0,\"invalid\":1,\"errors\":1,\"warnings\":0,\"infos\":0,\"skipped\":0}}\n",
            p = serde_json::to_string(&path).expect("path")
        )
    );
    let ok = kifu()
        .args(["validate", "--game", "3"])
        .arg(&a)
        .output()
        .expect("runs");
    assert_eq!(ok.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&ok.stdout),
        format!("{path}: ok (1 of 3 game(s) checked; 0 error(s), 0 warning(s))\n")
    );
    let show = kifu()
        .args(["show", "--game", "3"])
        .arg(&a)
        .output()
        .expect("runs");
    assert!(show.status.success());
    let third = kifu().args(["show"]).arg(&a).output().expect("runs");
    assert_ne!(show.stdout, third.stdout, "game 3 is not game 1");
}

/// A format that frames its collection in a document writes through
/// `GameWriter` with the pieces its registry entry carries (`Join::Document`):
/// the writer names no format, so a made-up document's pieces are what it writes.
#[test]
fn game_writer_writes_the_document_pieces_the_registry_carries() {
    static FRAMED: formats::Format = formats::Format {
        name: "framed",
        join: formats::Join::Document(formats::Document {
            prefix: |_| Ok("<".to_string()),
            separator: |index, _| if index == 0 { "" } else { "," }.to_string(),
            game: |_, _| Ok("g".to_string()),
            suffix: |games, _| format!(">{games}\n"),
        }),
        ..kifu::internals::json::FORMAT
    };
    let collection = read(collection(2).as_bytes(), Some(Path::new("two.sgf")));
    let options = formats::WriteOptions::default();
    let mut writer = kifu::GameWriter::new(&FRAMED, None, &options).expect("a writer");
    let mut out = writer.prefix().expect("prefix");
    for game in &collection.games {
        let mut game = game.clone();
        out.extend(writer.game(&mut game).expect("a game").bytes);
    }
    out.extend(writer.suffix().expect("suffix"));
    assert_eq!(String::from_utf8_lossy(&out), "<g,g>2\n");
}
