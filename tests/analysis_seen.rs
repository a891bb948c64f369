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
