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
