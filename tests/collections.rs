//! `kifu filter`, `stats`, `dedup` and `list` on generated collections whose counts the
//! test knows (from the generator's parameters, and from the files' text).

use std::path::{Path, PathBuf};
use std::process::Command;

const NAMES: [&str; 6] = [
    "Lee Sedol",
    "Ｌｅｅ Ｓｅｄｏｌ",
    "井山裕太",
    "Gu Li",
    "박정환",
    "Cho Chikun",
];
const EVENTS: [&str; 3] = ["Kisei", "Samsung Cup", "名人戦"];
/// `""` is a game without RE.
const RESULTS: [&str; 5] = ["B+R", "W+3.5", "0", "?", ""];

/// What the generator put in game `i`.
struct Facts {
    black: usize,
    white: usize,
    event: usize,
    result: usize,
    year: u32,
    month: u32,
    day: u32,
    moves: usize,
    size: u8,
    handicap: bool,
}

fn facts(i: usize) -> Facts {
    Facts {
        black: i % 6,
        white: (i / 6 + 1 + i) % 6,
        event: i % 3,
        result: i % 5,
        year: 1990 + (i % 30) as u32,
        month: 1 + (i % 12) as u32,
        day: 1 + (i % 28) as u32,
        moves: 5 + (i * 7) % 40,
        size: if i % 9 == 0 { 13 } else { 19 },
        handicap: i % 10 == 0,
    }
}

fn letter(v: usize) -> char {
    (b'a' + v as u8) as char
}

fn sgf_game(i: usize) -> String {
    let f = facts(i);
    let mut s = format!(
        "(;GM[1]FF[4]CA[UTF-8]SZ[{}]PB[{}]PW[{}]EV[{}]DT[{}-{:02}-{:02}]",
        f.size, NAMES[f.black], NAMES[f.white], EVENTS[f.event], f.year, f.month, f.day
    );
    if !RESULTS[f.result].is_empty() {
        s.push_str(&format!("RE[{}]", RESULTS[f.result]));
    }
    if f.handicap {
        s.push_str("HA[2]KM[0.5]AB[cc][kk]");
    } else {
        s.push_str("KM[6.5]");
    }
    let n = usize::from(f.size);
    for k in 0..f.moves {
        let colour = if (k % 2 == 0) != f.handicap { "B" } else { "W" };
        let (x, y) = (k % n, (k / n + i) % n);
        s.push_str(&format!(";{colour}[{}{}]C[move {k}]", letter(x), letter(y)));
    }
    s.push_str(")\n");
    s
}

const KIF: &str = "開始日時：2020/01/02\n先手：羽生善治\n後手：藤井聡太\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n";

/// A directory: `one.sgf` (games 0–119), `sub/two.sgf` (120–199), `sub/a.kif`, and a
/// file the walk skips.
fn corpus(dir: &Path) -> (PathBuf, String) {
    let one: String = (0..120).map(sgf_game).collect();
    let two: String = (120..200).map(sgf_game).collect();
    std::fs::create_dir_all(dir.join("sub")).expect("mkdir");
    std::fs::write(dir.join("one.sgf"), &one).expect("write");
    std::fs::write(dir.join("sub/two.sgf"), &two).expect("write");
    std::fs::write(dir.join("sub/a.kif"), KIF).expect("write");
    std::fs::write(dir.join("notes.txt"), "not a record").expect("write");
    (dir.to_path_buf(), one + &two)
}

fn kifu(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .output()
        .expect("runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kifu-collections-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("tmp");
    dir
}

/// Where game `i` is: `PATH<TAB>GAME`.
fn place(dir: &Path, i: usize) -> String {
    if i < 120 {
        format!("{}\t{}", dir.join("one.sgf").display(), i + 1)
    } else {
        format!("{}\t{}", dir.join("sub/two.sgf").display(), i - 119)
    }
}

fn expected_list(dir: &Path, keep: impl Fn(&Facts) -> bool) -> String {
    (0..200)
        .filter(|&i| keep(&facts(i)))
        .map(|i| place(dir, i) + "\n")
        .collect()
}

/// Which generated games a criterion keeps.
type Keep = Box<dyn Fn(&Facts) -> bool>;

#[test]
fn filter_lists_exactly_the_games_the_generator_made_so() {
    let (dir, _) = corpus(&tmp("filter"));
    let d = dir.to_str().expect("utf-8 path");
    let lee = |f: &Facts| f.black <= 1 || f.white <= 1;
    let cases: Vec<(Vec<&str>, Keep)> = vec![
        // Full-width ＬＥＥ matches half-width Lee and the reverse (NFKC), any case.
        (vec!["--player", "ＬＥＥ sedol"], Box::new(lee)),
        (vec!["--white", "lee"], Box::new(|f: &Facts| f.white <= 1)),
        (
            vec!["--black", "井山", "--winner", "black"],
            Box::new(|f: &Facts| f.black == 2 && f.result == 0),
        ),
        (
            vec!["--event", "SAMSUNG", "--date", "2000..2009-06"],
            Box::new(|f: &Facts| {
                f.event == 1 && (2000..=2008).contains(&f.year)
                    || f.event == 1 && f.year == 2009 && f.month <= 6
            }),
        ),
        (
            vec!["--winner", "none"],
            Box::new(|f: &Facts| f.result >= 3),
        ),
        (
            vec!["--winner", "draw", "--moves", "10..20", "--size", "19"],
            Box::new(|f: &Facts| f.result == 2 && (10..=20).contains(&f.moves) && f.size == 19),
        ),
        (
            vec!["--handicap", "2", "--komi", "0.5"],
            Box::new(|f: &Facts| f.handicap),
        ),
        (
            vec![
                "--handicap",
                "0",
                "--komi",
                "6..7",
                "--kind",
                "go",
                "--date",
                "..1995",
            ],
            Box::new(|f: &Facts| !f.handicap && f.year <= 1995),
        ),
        (
            vec!["--size", "13x13", "--moves", "..30"],
            Box::new(|f: &Facts| f.size == 13 && f.moves <= 30),
        ),
    ];
    for (criteria, keep) in cases {
        let mut args = vec!["filter", d, "--list"];
        args.extend(&criteria);
        let (out, err, code) = kifu(&args);
        assert_eq!(code, 0, "{criteria:?}: {err}");
        let want = expected_list(&dir, keep);
        assert!(!want.is_empty(), "{criteria:?} should match some games");
        assert_eq!(out, want, "{criteria:?}");
    }
    // The shogi record is found by kind, listed once.
    let (out, _, _) = kifu(&["filter", d, "--list", "--kind", "shogi", "--player", "藤井"]);
    assert_eq!(out, format!("{}\t1\n", dir.join("sub/a.kif").display()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn filter_writes_the_matches_as_one_collection_or_one_file_each() {
    let root = tmp("filter-out");
    let (dir, _) = corpus(&root.join("in"));
    let d = dir.to_str().expect("utf-8 path");
    let out = root.join("out.sgf");
    let o = out.to_str().expect("utf-8");
    let (_, err, code) = kifu(&["filter", d, "--player", "lee sedol", "-o", o, "-q"]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out).expect("written");
    let want = (0..200).filter(|&i| {
        let f = facts(i);
        f.black <= 1 || f.white <= 1
    });
    let ids: Vec<usize> = want.collect();
    assert_eq!(text.matches("(;").count(), ids.len());
    // Comments are written too: the games were read whole.
    let comments: usize = ids.iter().map(|&i| facts(i).moves).sum();
    assert_eq!(text.matches("C[move ").count(), comments);
    // Every written game is one the generator made, in order.
    let (listed, _, _) = kifu(&["filter", o, "--list", "--player", "lee"]);
    assert_eq!(listed.lines().count(), ids.len());

    let dir_out = root.join("each");
    let e = dir_out.to_str().expect("utf-8");
    let (_, err, code) = kifu(&[
        "filter",
        d,
        "--winner",
        "draw",
        "--size",
        "13",
        "--out-dir",
        e,
    ]);
    assert_eq!(code, 0, "{err}");
    let mut files: Vec<String> = walk(&dir_out);
    files.sort();
    let mut want: Vec<String> = (0..200)
        .filter(|&i| facts(i).result == 2 && facts(i).size == 13)
        .map(|i| {
            if i < 120 {
                format!("one-{}.sgf", i + 1)
            } else {
                format!("sub/two-{}.sgf", i - 119)
            }
        })
        .collect();
    want.sort();
    assert_eq!(files, want);
    // A record file of one game keeps its name and format.
    let shogi = root.join("shogi");
    let (_, err, code) = kifu(&[
        "filter",
        d,
        "--kind",
        "shogi",
        "--out-dir",
        shogi.to_str().expect("utf-8"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(walk(&shogi), vec!["sub/a.kif".to_string()]);
    // One of -o, --out-dir, --list is required.
    let (_, _, code) = kifu(&["filter", d, "--kind", "go"]);
    assert_eq!(code, 2);
    let _ = std::fs::remove_dir_all(&root);
}

fn walk(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("dir") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).expect("under");
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn stats_agree_with_the_generator_and_the_text() {
    let (dir, text) = corpus(&tmp("stats"));
    let d = dir.to_str().expect("utf-8 path");
    let (out, err, code) = kifu(&["stats", "--json", d]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["files"], 3);
    assert_eq!(v["games"], 201);
    assert_eq!(v["kinds"], serde_json::json!({"go": 200, "shogi": 1}));
    assert_eq!(v["formats"], serde_json::json!({"sgf": 200, "kif": 1}));
    // Counted from the text: RE[B+…] and so on; the KIF game is 投了 by black (move 3).
    let black = text.matches("RE[B+").count();
    let white = text.matches("RE[W+").count() + 1;
    let draw = text.matches("RE[0]").count();
    assert_eq!(
        v["results"],
        serde_json::json!({"black": black, "white": white, "draw": draw, "other": 201 - black - white - draw})
    );
    let moves = text.matches(";B[").count() + text.matches(";W[").count() + 2;
    assert_eq!(v["moves"]["total"], moves);
    assert_eq!(moves, (0..200).map(|i| facts(i).moves).sum::<usize>() + 2);
    let mean = v["moves"]["mean"].as_f64().expect("mean");
    assert!((mean - moves as f64 / 201.0).abs() < 1e-9);
    // Players: each name's games from the text (PB[name] or PW[name]) and its wins.
    let players = v["players"].as_array().expect("players");
    // Full-width Ｌｅｅ Ｓｅｄｏｌ is counted with Lee Sedol (NFKC); plus the KIF's two.
    assert_eq!(players.len(), NAMES.len() - 1 + 2);
    for (n, name) in NAMES.iter().enumerate().skip(1) {
        let forms: &[&str] = if n == 1 { &NAMES[..2] } else { &NAMES[n..=n] };
        let name = if n == 1 { &"Lee Sedol" } else { name };
        let games: usize = forms
            .iter()
            .map(|f| {
                text.matches(&format!("PB[{f}]")).count()
                    + text.matches(&format!("PW[{f}]")).count()
            })
            .sum();
        let is = |k: usize| forms.contains(&NAMES[k]);
        let wins = (0..200)
            .filter(|&i| {
                let f = facts(i);
                (is(f.black) && f.result == 0) || (is(f.white) && f.result == 1)
            })
            .count();
        let p = players
            .iter()
            .find(|p| p["name"] == *name)
            .unwrap_or_else(|| panic!("{name} listed"));
        assert_eq!(
            (p["games"].as_u64(), p["wins"].as_u64()),
            (Some(games as u64), Some(wins as u64)),
            "{name}"
        );
    }
    assert_eq!(v["dates"]["first"], "1990-01-01");
    // The KIF record's 2020/01/02 is the latest.
    assert_eq!(v["dates"]["last"], "2020-01-02");
    assert_eq!(v["dates"]["dated"], 201);
    assert_eq!(v["encodings"], serde_json::json!({"UTF-8": 3}));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The 8 symmetries of a 19×19 board, as the test computes them.
fn sym(s: usize, x: usize, y: usize) -> (usize, usize) {
    let n = 18;
    match s {
        0 => (x, y),
        1 => (n - y, x),
        2 => (n - x, n - y),
        3 => (y, n - x),
        4 => (n - x, y),
        5 => (x, n - y),
        6 => (y, x),
        _ => (n - y, n - x),
    }
}

const BASE: [(usize, usize); 12] = [
    (15, 3),
    (3, 15),
    (16, 15),
    (2, 3),
    (14, 16),
    (4, 2),
    (9, 9),
    (13, 2),
    (2, 12),
    (16, 9),
    (10, 16),
    (6, 5),
];

fn dedup_game(s: usize, moves: &[(usize, usize)], name: &str) -> String {
    let (hx, hy) = sym(s, 3, 3);
    let mut g = format!(
        "(;GM[1]FF[4]SZ[19]PB[{name} black]PW[{name} white]EV[{name} cup]AB[{}{}]C[copy {s}]",
        letter(hx),
        letter(hy)
    );
    for (k, &(x, y)) in moves.iter().enumerate() {
        let (x, y) = sym(s, x, y);
        let c = if k % 2 == 0 { "W" } else { "B" };
        g.push_str(&format!(";{c}[{}{}]", letter(x), letter(y)));
    }
    g.push_str(")\n");
    g
}

#[test]
fn dedup_finds_every_rotated_or_mirrored_copy_and_nothing_else() {
    let dir = tmp("dedup");
    // The game and its 7 transforms, with other game info, in two files.
    let mut first = String::new();
    let mut second = String::new();
    for s in 0..8 {
        let g = dedup_game(s, &BASE, &format!("player{s}"));
        if s < 4 {
            first.push_str(&g);
        } else {
            second.push_str(&g);
        }
    }
    // Near misses: one move moved, for several moves (each its own game), one of them
    // rotated; one with the colours swapped; one without the setup stone.
    for k in [0, 5, 11] {
        let mut moves = BASE.to_vec();
        moves[k] = (moves[k].0, (moves[k].1 + 1) % 19);
        first.push_str(&dedup_game(if k == 5 { 1 } else { 0 }, &moves, "near"));
    }
    second.push_str(&dedup_game(0, &BASE[1..], "short"));
    let no_setup = dedup_game(0, &BASE, "bare").replace("AB[dd]", "");
    second.push_str(&no_setup);
    std::fs::write(dir.join("a.sgf"), &first).expect("write");
    std::fs::write(dir.join("b.sgf"), &second).expect("write");
    let d = dir.to_str().expect("utf-8");
    let (out, err, code) = kifu(&["dedup", "--json", d]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(lines.len(), 2, "{out}");
    let a = dir.join("a.sgf").display().to_string();
    let b = dir.join("b.sgf").display().to_string();
    let games: Vec<serde_json::Value> = (0..8)
        .map(|s| {
            let (path, game) = if s < 4 { (&a, s + 1) } else { (&b, s - 3) };
            serde_json::json!({"path": path, "game": game})
        })
        .collect();
    assert_eq!(lines[0]["type"], "group");
    assert_eq!(lines[0]["games"], serde_json::Value::Array(games));
    assert_eq!(
        lines[1],
        serde_json::json!({"type": "summary", "files": 2, "games": 13, "groups": 1, "duplicates": 7})
    );
    // -o keeps the first of each group: 13 - 7 games, the first being the original.
    let out_dir = tmp("dedup-out");
    let unique = out_dir.join("unique.sgf");
    let (_, err, code) = kifu(&["dedup", d, "-q", "-o", unique.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&unique).expect("written");
    assert_eq!(text.matches("(;").count(), 6);
    assert!(text.contains("player0 black") && !text.contains("player1 black"));
    assert!(
        text.contains("C[copy 0]"),
        "written whole, comments included"
    );
    // The hash column of `list` is the same for the 8 copies.
    let (csv, _, _) = kifu(&["list", "--csv", d]);
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let hashes: Vec<String> = reader
        .records()
        .map(|r| r.expect("row").get(21).expect("hash").to_string())
        .collect();
    assert_eq!(hashes.len(), 13);
    let base = &hashes[0];
    let same = hashes.iter().filter(|h| *h == base).count();
    assert_eq!(same, 8);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&out_dir);
}

#[test]
fn list_writes_a_row_per_game() {
    let (dir, _) = corpus(&tmp("list"));
    let d = dir.to_str().expect("utf-8 path");
    let (out, err, code) = kifu(&["list", "--csv", d]);
    assert_eq!(code, 0, "{err}");
    let mut reader = csv::Reader::from_reader(out.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("header")
        .iter()
        .map(str::to_string)
        .collect();
    assert_eq!(
        header.join(","),
        "path,game,format,encoding,kind,size,black,black_rank,white,white_rank,event,round,date,result,winner,komi,handicap,moves,variations,comments,signature,hash,analysed,final_evaluation,largest_drop,largest_drop_move"
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("row")).collect();
    assert_eq!(rows.len(), 201);
    let one = dir.join("one.sgf").display().to_string();
    let row: Vec<&str> = rows[0].iter().collect();
    // Game 0: 13×13, Lee Sedol v Gu Li … (see `facts`); hash checked by dedup's test.
    assert_eq!(
        &row[..21],
        &[
            one.as_str(),
            "1",
            "sgf",
            "UTF-8",
            "go",
            "13",
            "Lee Sedol",
            "",
            "Ｌｅｅ Ｓｅｄｏｌ",
            "",
            "Kisei",
            "",
            "1990-01-01",
            "B+R",
            "black",
            "0.5",
            "2",
            "5",
            "0",
            "5",
            "------ ------",
        ]
    );
    assert_eq!(row[21].len(), 16);
    // The KIF record's row: shogi, no signature.
    let kif = rows
        .iter()
        .find(|r| r.get(2) == Some("kif"))
        .expect("kif row");
    assert_eq!(kif.get(4), Some("shogi"));
    assert_eq!(kif.get(20), Some(""));
    // NDJSON: the same rows, one object each.
    let (json, _, _) = kifu(&["list", "--json", d]);
    assert_eq!(json.lines().count(), 201);
    let first: serde_json::Value =
        serde_json::from_str(json.lines().next().expect("line")).expect("json");
    assert_eq!(first["komi"], 0.5);
    assert_eq!(first["round"], serde_json::Value::Null);
    // --no-header leaves the header out.
    let (bare, _, _) = kifu(&["list", "--csv", "--no-header", d]);
    assert_eq!(bare.lines().count(), out.lines().count() - 1);
    let _ = std::fs::remove_dir_all(&dir);
}
