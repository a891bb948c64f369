//! Engine analysis checked and seen (#35 points 4 and 5): `validate` replays every
//! principal variation with the rules and checks each evaluation's figures; `info`,
//! `list` and `filter --analysed` summarise and pick analysed games; `show --graph`
//! draws the evaluations along the moves. Fixtures: `fixtures/analysis/checks.json`
//! (hand-written JSON models), and the real files of `../shared/corpus/analysis/`
//! where present.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/analysis")
        .join(name)
}

fn kifu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .output()
        .expect("kifu runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

/// `validate` reports each illegal or unreadable move of a principal variation, a
/// win rate outside 0–1 and a score against its own win rate, as warnings with the
/// node's move number; the legal variations (Go, and shogi in CSA, KIF and KI2
/// notation with 同, 成, drops and 右) draw nothing.
#[test]
fn validate_reports_illegal_variations_and_contradicting_figures() {
    let path = fixture("checks.json");
    let out = kifu(&["validate", path.to_str().expect("UTF-8 path")]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = text(&out.stderr);
    let warnings: Vec<&str> = stderr
        .lines()
        .filter_map(|l| l.split_once(": warning[").map(|(_, w)| w))
        .collect();
    assert_eq!(
        warnings,
        [
            "analysis::winrate-range]: evaluation 1: win rate 56.3 is outside 0 to 1 (move 2)",
            "analysis::score-contradicts]: evaluation 2: score 3 favours Black, but Black's win rate 0.2 favours White (move 2)",
            "analysis::pv-illegal]: evaluation 1 (KataGo): principal variation move 2 of 2, \"E5\", is illegal: black plays at E5, where a black stone stands (move 1)",
            "analysis::pv-unreadable]: evaluation 2: principal variation move 3 of 3, \"dd\", cannot be read: expected a GTP vertex (a column letter without I, a row number) or pass (move 2)",
            "analysis::pv-illegal]: evaluation 1: principal variation move 1 of 1, \"Q16\", is illegal: Q16 is off the 9x9 board (move 3)",
            "analysis::pv-illegal]: evaluation 1: principal variation move 1 of 1, \"+2726FU\", is illegal: black (先手) moves, but it is not its turn (move 1)",
        ],
        "{stderr}"
    );
    assert_eq!(
        text(&out.stdout),
        format!(
            "{}: ok (2 game(s), 0 error(s), 6 warning(s))\n",
            path.display()
        )
    );
}

/// `info` summarises each game's analysis: analysed moves (count and share), the
/// engines, the largest swing (move, before → after); a game without analysis has
/// no such line, and the JSON object no `analysis` key.
#[test]
fn info_summarises_the_analysis() {
    let path = fixture("seen.json");
    let p = path.to_str().expect("UTF-8 path");
    let out = kifu(&["info", p]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        format!(
            "{p}
  format: json, encoding: UTF-8 (utf8-valid)
  game 1: go 9x9
    black: Black
    white: White
    komi: 7
    moves: 5, variations: 0, comments: 0
    analysis: 4 of 5 moves (80%), engines: KataGo, Leela Zero, largest swing: move 4, 56.25% → 25%
  game 2: shogi 9x9
    black: 先手
    white: 後手
    handicap: 平手
    moves: 4, variations: 0, comments: 0
    analysis: 4 of 4 moves (100%), engines: YaneuraOu, largest swing: move 4, -20 → -2500
  game 3: go 9x9
    black: Plain
    white: Game
    moves: 2, variations: 0, comments: 0
  diagnostics: 0 error(s), 0 warning(s), 0 info
"
        )
    );
    let out = kifu(&["info", "--json", p]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        v["games"][0]["analysis"],
        serde_json::json!({"analysed": 4, "share": 0.8, "engines": ["KataGo", "Leela Zero"],
            "measure": "winrate", "swing": {"move": 4, "by": "white", "before": 0.5625, "after": 0.25}})
    );
    assert_eq!(
        v["games"][1]["analysis"],
        serde_json::json!({"analysed": 4, "share": 1.0, "engines": ["YaneuraOu"],
            "measure": "score", "swing": {"move": 4, "by": "white", "before": -20.0, "after": -2500.0}})
    );
    assert_eq!(v["games"][2].get("analysis"), None);
}

/// `list` has the columns analysed (share), final_evaluation, largest_drop and
/// largest_drop_move, in CSV and JSON: the drop is the mover's own loss (Black's
/// 0.25 → 0.125 at move 5; sente's +30 → -20 at move 3), not the largest swing.
#[test]
fn list_has_the_analysis_columns() {
    let path = fixture("seen.json");
    let p = path.to_str().expect("UTF-8 path");
    let out = kifu(&["list", "--csv", p]);
    assert_eq!(out.status.code(), Some(0));
    let csv = text(&out.stdout);
    let tails: Vec<String> = csv
        .lines()
        .map(|l| l.split(',').skip(22).collect::<Vec<_>>().join(","))
        .collect();
    assert_eq!(
        tails,
        [
            "analysed,final_evaluation,largest_drop,largest_drop_move",
            "0.8,0.125,0.125,5",
            "1.0,-2500.0,50.0,3",
            "0.0,,,",
        ]
    );
    let out = kifu(&["list", "--json", p]);
    let rows: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let pick = |r: &serde_json::Value| {
        [
            "analysed",
            "final_evaluation",
            "largest_drop",
            "largest_drop_move",
        ]
        .map(|k| r[k].clone())
    };
    assert_eq!(
        rows.iter().map(pick).collect::<Vec<_>>(),
        [
            [0.8.into(), 0.125.into(), 0.125.into(), 5.into()],
            [1.0.into(), (-2500.0).into(), 50.0.into(), 3.into()],
            [
                0.0.into(),
                serde_json::Value::Null,
                serde_json::Value::Null,
                serde_json::Value::Null
            ],
        ]
    );
}

/// `filter --analysed` keeps exactly the games with an evaluation, `--no-analysed`
/// exactly the others, with `--list` and with `-o`.
#[test]
fn filter_picks_the_analysed_games() {
    let path = fixture("seen.json");
    let p = path.to_str().expect("UTF-8 path");
    let out = kifu(&["filter", "--analysed", "--list", p]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), format!("{p}\t1\n{p}\t2\n"));
    assert_eq!(text(&out.stderr), "2 of 3 game(s) matched in 1 file(s)\n");
    let out = kifu(&["filter", "--no-analysed", "--list", p]);
    assert_eq!(text(&out.stdout), format!("{p}\t3\n"));
    let out = kifu(&["filter", "--analysed", "-t", "json", "-o", "-", p]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let blacks: Vec<&str> = v["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["info"]["black"]["name"].as_str().expect("name"))
        .collect();
    assert_eq!(blacks, ["Black", "先手"]);
    let out = kifu(&["filter", "--analysed", "--no-analysed", "--list", p]);
    assert_eq!(out.status.code(), Some(2));
}

/// The `show --graph` SVG: one dot per evaluated main-line position whose move and
/// value are the model's, placed on the axes (x from the move number over the
/// line's moves, y from Black's win rate 0–1, or the shogi score clamped to ±2000
/// as ShogiHome clamps it); the curve through the dots; the largest swing marked;
/// a PNG of the same; and a line without evaluations refused.
#[test]
fn the_graph_svg_holds_the_evaluations() {
    let path = fixture("seen.json");
    let p = path.to_str().expect("UTF-8 path");
    // (game, moves, the (move, value) of each evaluation, the scale's low and high,
    // the swing's move)
    type Case = (&'static str, f64, Vec<(u32, f64)>, (f64, f64), &'static str);
    let cases: [Case; 2] = [
        (
            "1",
            5.0,
            vec![(0, 0.5), (1, 0.625), (2, 0.5625), (4, 0.25), (5, 0.125)],
            (0.0, 1.0),
            "4",
        ),
        (
            "2",
            4.0,
            vec![(1, 50.0), (2, 30.0), (3, -20.0), (4, -2500.0)],
            (-2000.0, 2000.0),
            "4",
        ),
    ];
    for (game, moves, evaluations, (low, high), swing) in cases {
        let out = kifu(&["show", "--graph", "--game", game, p]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let svg = text(&out.stdout);
        let doc = roxmltree::Document::parse(&svg).expect("XML");
        let attr = |n: &roxmltree::Node<'_, '_>, a: &str| -> f64 {
            n.attribute(a)
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{a} of {n:?}"))
        };
        let dots: Vec<(u32, f64, f64, f64)> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("point"))
            .map(|n| {
                (
                    attr(&n, "data-move") as u32,
                    attr(&n, "data-value"),
                    attr(&n, "cx"),
                    attr(&n, "cy"),
                )
            })
            .collect();
        assert_eq!(
            dots.iter().map(|d| (d.0, d.1)).collect::<Vec<_>>(),
            evaluations,
            "game {game}"
        );
        for &(number, value, cx, cy) in &dots {
            let x = 72.0 + f64::from(number) / moves * (776.0 - 72.0);
            let y = 352.0 - (value.clamp(low, high) - low) / (high - low) * (352.0 - 40.0);
            assert!(
                (cx - x).abs() < 0.01 && (cy - y).abs() < 0.01,
                "game {game}: move {number} at ({cx}, {cy}), not ({x}, {y})"
            );
        }
        let curve: Vec<(f64, f64)> = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("curve"))
            .and_then(|n| n.attribute("points"))
            .expect("a curve")
            .split(' ')
            .map(|xy| {
                let (x, y) = xy.split_once(',').expect("x,y");
                (x.parse().expect("x"), y.parse().expect("y"))
            })
            .collect();
        assert_eq!(
            curve,
            dots.iter().map(|d| (d.2, d.3)).collect::<Vec<_>>(),
            "game {game}"
        );
        let swings: Vec<&str> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("swing"))
            .filter_map(|n| n.attribute("data-move"))
            .collect();
        assert_eq!(swings, [swing], "game {game}");
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let png = dir.path().join("g.png");
    let out = kifu(&["show", "--graph", p, "-o", png.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let bytes = std::fs::read(&png).expect("a PNG");
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    // Width 800 (the default) by 400.
    assert_eq!(bytes.get(16..24), Some(&[0, 0, 3, 32, 0, 0, 1, 144][..]));
    let out = kifu(&["show", "--graph", "--game", "3", p]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "error: {p}: the line has no engine evaluation with a win rate or a score to draw\n"
        )
    );
}

/// Runs `kifu validate` on `text` written to a file named `name`; the exit code and
/// the warning lines (code and message).
fn validate_text(name: &str, text: &str) -> (Option<i32>, Vec<String>) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("writes");
    let out = kifu(&["validate", path.to_str().expect("UTF-8 path")]);
    let stderr = String::from_utf8(out.stderr).expect("UTF-8");
    let warnings = stderr
        .lines()
        .filter_map(|l| l.split_once(": warning[").map(|(_, w)| w.to_string()))
        .collect();
    (out.status.code(), warnings)
}

/// KIF engine lines read by `kifu validate` (whose KIF reader checks moves as it
/// reads, without a tree: a game with analysis is read whole instead): a game-mode
/// line whose first move is the node's own starts before that move (ShogiGUI's
/// layout), the others after it; an illegal move is reported at its node.
#[test]
fn validate_replays_kif_engine_lines() {
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n**対局 深さ 2 ノード数 960 評価値 45 読み筋 ▲７六歩(77) △３四歩(33) \n   2 ８四歩(83)   ( 0:01/00:00:02)\n**対局 深さ 2 ノード数 960 評価値 -30 読み筋 △８四歩(83) ▲２二角成(88) \n   3 ２六歩(27)   ( 0:01/00:00:03)\n**解析 0 深さ 20 ノード数 5000000 評価値 80 読み筋 △８五歩(84) ▲２五歩(26) ▲２四歩(25) \n";
    let (code, warnings) = validate_text("pv.kif", kif);
    assert_eq!(code, Some(0));
    assert_eq!(
        warnings,
        [
            "analysis::pv-illegal]: evaluation 1: principal variation move 2 of 2, \"▲２二角成(88)\", is illegal: 角 cannot move to ２二 from there (move 2)",
            "analysis::pv-illegal]: evaluation 1: principal variation move 3 of 3, \"▲２四歩(25)\", is illegal: black (先手) moves, but it is not its turn (move 3)",
        ]
    );
}

/// An SGF Go game with a Lizzie `LZ` property, which `kifu validate` would check as
/// it reads without a tree, is read again whole and its variation replayed: the
/// candidates are the side to move's (White after B[pd]), so Q16 for Black is taken.
#[test]
fn validate_replays_sgf_variations() {
    let sgf = "(;GM[1]FF[4]SZ[19]\n;B[pd]LZ[0.7.4 52.1 1.5k\nmove D4 visits 1500 winrate 4790 pv D4 Q16 Q3 info ]\n;W[dp]LZ[0.7.4 46.8 800\nmove Q4 visits 800 winrate 5320 pv Q4 D16 pass info ])";
    let (code, warnings) = validate_text("pv.sgf", sgf);
    assert_eq!(code, Some(0));
    assert_eq!(
        warnings,
        ["analysis::pv-illegal]: evaluation 1: principal variation move 2 of 3, \"Q16\", is illegal: black plays at Q16, where a black stone stands (move 1)"]
    );
}

/// Every candidate of a Lizzie value with several (Lizzie's own layout, which kifu
/// kept as text before it read candidates) is replayed, each from the side to move,
/// by `validate` on every path: a file, a folder, standard input, and a long
/// collection read in parts (the game with analysis in the middle of it). Each
/// illegal candidate is reported with its evaluation's place in the node's list.
#[test]
fn validate_replays_every_lizzie_candidate_on_every_path() {
    let game = "(;GM[1]FF[4]SZ[19]\n;B[pd]LZ[0.7.4 47.9 2.0k\nmove D4 visits 1500 winrate 5210 pv D4 Q4 info move Q16 visits 500 winrate 5200 pv Q16 info ]\n;W[dp]LZ[0.7.4 46.8 2.2k\nmove Q4 visits 1800 winrate 5320 scoreMean 1.5 pv Q4 D16 info move D4 visits 400 winrate 5100 pv D4 info ])\n";
    let expected = [
        "analysis::pv-illegal]: evaluation 3: principal variation move 1 of 1, \"Q16\", is illegal: white plays at Q16, where a black stone stands (move 1)",
        "analysis::pv-illegal]: evaluation 3: principal variation move 1 of 1, \"D4\", is illegal: black plays at D4, where a white stone stands (move 2)",
    ];
    let expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    assert_eq!(validate_text("lz.sgf", game), (Some(0), expected.clone()));
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = dir.path().join("games");
    std::fs::create_dir(&folder).expect("mkdir");
    std::fs::write(folder.join("lz.sgf"), game).expect("writes");
    let plain = "(;GM[1]FF[4]SZ[19];B[pd];W[dp];B[pp];W[dd])\n".repeat(20_000);
    let long = dir.path().join("long.sgf");
    std::fs::write(&long, format!("{plain}{game}{plain}")).expect("writes");
    let warnings_of = |out: Output| -> (Option<i32>, Vec<String>) {
        let stderr = String::from_utf8(out.stderr).expect("UTF-8");
        let w = stderr
            .lines()
            .filter_map(|l| l.split_once(": warning[").map(|(_, w)| w.to_string()))
            .collect();
        (out.status.code(), w)
    };
    let from_folder = warnings_of(kifu(&["validate", folder.to_str().expect("UTF-8")]));
    assert_eq!(from_folder, (Some(0), expected.clone()));
    let from_long = warnings_of(kifu(&["validate", long.to_str().expect("UTF-8")]));
    assert_eq!(from_long, (Some(0), expected.clone()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["validate", "-f", "sgf", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(game.as_bytes()).expect("writes");
    }
    let from_stdin = warnings_of(child.wait_with_output().expect("waits"));
    assert_eq!(from_stdin, (Some(0), expected.clone()));
}

/// KIF and KI2 engine lines are replayed by `validate` on every path: a KIF in a
/// folder among files without analysis, a KIF on standard input, a KI2 file, and an
/// engine line in a KIF variation (`変化`).
#[test]
fn validate_replays_kif_and_ki2_lines_on_every_path() {
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n**対局 評価値 0 読み筋 ▲７六歩(77) ▲２六歩(27) \n   2 ３四歩(33)\n";
    let bad = "analysis::pv-illegal]: evaluation 1: principal variation move 2 of 2, \"▲２六歩(27)\", is illegal: black (先手) moves, but it is not its turn (move 1)";
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = dir.path().join("kif");
    std::fs::create_dir(&folder).expect("mkdir");
    let plain = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n";
    for i in 0..40 {
        std::fs::write(folder.join(format!("{i:02}.kif")), plain).expect("writes");
    }
    std::fs::write(folder.join("20a.kif"), kif).expect("writes");
    let warnings_of = |out: Output| -> (Option<i32>, Vec<String>) {
        let stderr = String::from_utf8(out.stderr).expect("UTF-8");
        let w = stderr
            .lines()
            .filter_map(|l| l.split_once(": warning[").map(|(_, w)| w.to_string()))
            .collect();
        (out.status.code(), w)
    };
    let expected = (Some(0), vec![bad.to_string()]);
    assert_eq!(
        warnings_of(kifu(&["validate", folder.to_str().expect("UTF-8")])),
        expected
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["validate", "-f", "kif", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(kif.as_bytes()).expect("writes");
    }
    assert_eq!(
        warnings_of(child.wait_with_output().expect("waits")),
        expected
    );
    let ki2 = "手合割：平手\n\n▲７六歩\n**対局 評価値 0 読み筋 ▲７六歩 ▲２六歩 \n△３四歩\n";
    assert_eq!(
        validate_text("pv.ki2", ki2),
        (
            Some(0),
            vec!["analysis::pv-illegal]: evaluation 1: principal variation move 2 of 2, \"▲２六歩\", is illegal: no 歩 of black (先手) can move to ２六 (move 1)".to_string()]
        )
    );
    let variation = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)+\n\n変化：2手\n   2 ８四歩(83)\n**対局 評価値 0 読み筋 △８四歩(83) △８五歩(84) \n";
    assert_eq!(
        validate_text("var.kif", variation),
        (
            Some(0),
            vec!["analysis::pv-illegal]: evaluation 1: principal variation move 2 of 2, \"△８五歩(84)\", is illegal: white (後手) moves, but it is not its turn (move 2)".to_string()]
        )
    );
}

/// The real files of `../shared/corpus/analysis/` (ShogiGUI's `**対局` lines,
/// floodgate's `'**` remarks): every evaluation is read, and every principal
/// variation replays legally (none reported).
#[test]
fn real_variations_are_legal() {
    let Some(dir) = common::corpus::path("analysis/shogi/muzudho-kif-parser") else {
        return;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the corpus folder reads")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "kif" || e == "csa"))
        .collect();
    files.sort();
    let mut variations = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("reads");
        let out = kifu::read(&kifu::Input {
            bytes: (&bytes).into(),
            path: Some(path),
            format: None,
            encoding: None,
        })
        .expect("the format is known");
        variations.push(
            out.parsed
                .collection
                .games
                .iter()
                .flat_map(|g| g.tree.iter())
                .flat_map(|(_, n)| n.analysis.iter())
                .filter(|e| !e.pv.is_empty())
                .count(),
        );
        let out = kifu(&["validate", path.to_str().expect("UTF-8 path")]);
        assert_eq!(out.status.code(), Some(0), "{}", path.display());
        let stderr = text(&out.stderr);
        assert!(
            !stderr.contains("analysis::"),
            "{}: {stderr}",
            path.display()
        );
    }
    eprintln!("variations replayed per file: {variations:?}");
    // ShogiGUI's 281 lines, then the floodgate remarks with a variation.
    assert_eq!(variations.len(), 2);
    assert!(variations.iter().all(|&n| n > 100), "{variations:?}");
}
