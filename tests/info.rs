//! `kifu info --json` on records of our own and, when `../shared/corpus` is beside the
//! checkout, on real files of the corpus: the fields users script against.

use std::process::Command;

mod common;
use common::corpus;

const GAME: &str = "fixtures/go/kifu-cup-2024.sgf";

fn info(paths: &[&str]) -> Vec<serde_json::Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("info")
        .arg("--json")
        .args(paths)
        .output()
        .expect("runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

#[test]
fn a_long_sgf_game() {
    let v = &info(&[GAME])[0];
    assert_eq!(v["format"], "sgf");
    assert_eq!(v["encoding"], "UTF-8");
    assert_eq!(v["encoding_decided_by"], "declared");
    let g = &v["games"][0];
    assert_eq!(
        (&g["kind"], &g["board"], &g["black"], &g["white"]),
        (
            &"go".into(),
            &"19x19".into(),
            &"Aoki Haru (3d)".into(),
            &"Brandt Lena (4d)".into()
        )
    );
    assert_eq!(
        (&g["event"], &g["date"], &g["result"]),
        (&"1st Kifu Cup".into(), &"2024-01-07".into(), &"W+R".into())
    );
    assert_eq!(
        (&g["komi"], &g["moves"], &g["variations"], &g["comments"]),
        (&6.5.into(), &220.into(), &0.into(), &0.into())
    );
    assert_eq!(
        v["diagnostics"],
        serde_json::json!({"errors": 0, "warnings": 0, "infos": 0})
    );
}

#[test]
fn shogi_records_in_shift_jis() {
    let Some(dir) = corpus::path("shogi/json-kifu-format") else {
        return;
    };
    let all = info(&[
        dir.join("ki2/20091203.ki2").to_str().expect("UTF-8 path"),
        dir.join("kif/8mai.kif").to_str().expect("UTF-8 path"),
    ]);
    let ki2 = &all[0];
    assert_eq!(
        (
            &ki2["format"],
            &ki2["encoding"],
            &ki2["encoding_decided_by"]
        ),
        (&"ki2".into(), &"Shift_JIS".into(), &"format-default".into())
    );
    let g = &ki2["games"][0];
    assert_eq!(g["black"], "伊奈祐介六段");
    assert_eq!(g["white"], "西尾　明五段");
    assert_eq!(g["event"], "第18回銀河戦本戦Hブロック05回戦");
    assert_eq!(g["result"], "W+R", "後手の勝ち by 投了");
    assert_eq!(g["handicap"], "平手");
    assert_eq!(g["moves"], 172);
    let kif = &all[1];
    assert_eq!(kif["encoding_decided_by"], "declared");
    assert_eq!(kif["games"][0]["handicap"], "八枚落ち");
    assert_eq!(kif["games"][0]["moves"], 25);
    assert_eq!(kif["games"][0].get("result"), None, "中断 has no result");
}

#[test]
fn an_sgf_collection_with_its_problems_counted() {
    let Some(path) = corpus::path("sgf/sgfc/test.sgf") else {
        return;
    };
    let v = &info(&[path.to_str().expect("UTF-8 path")])[0];
    let games = v["games"].as_array().expect("games");
    assert_eq!(games.len(), 21);
    assert_eq!(games[0]["result"], "black wins by 5 3/4 points");
    assert_eq!(games[8]["board"], "52x52");
    assert_eq!(games[9]["board"], "10x52");
    assert!(v["diagnostics"]["errors"].as_u64().unwrap_or(0) > 0);
}

#[test]
fn korean_records() {
    let all = info(&["fixtures/kiseong/bbs-game.kis", "fixtures/sgf/gomoku.sgf"]);
    assert_eq!(all[0]["format"], "kiseong");
    assert_eq!(all[0]["encoding"], "EUC-KR");
    assert_eq!(all[0]["games"][0]["title"], "제1회 기보컵 결승 (재현 기보)");
    assert_eq!(all[0]["games"][0]["variations"], 2);
    assert_eq!(all[1]["games"][0]["kind"], "gomoku");
    assert_eq!(all[1]["games"][0]["rule"], "renju");
    assert_eq!(all[1]["games"][0]["board"], "15x15");
}

#[test]
fn people_get_one_block_per_file() {
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["info", GAME])
        .output()
        .expect("runs");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "fixtures/go/kifu-cup-2024.sgf
  format: sgf, encoding: UTF-8 (declared)
  game 1: go 19x19
    black: Aoki Haru (3d)
    white: Brandt Lena (4d)
    event: 1st Kifu Cup
    date: 2024-01-07
    result: W+R
    komi: 6.5
    moves: 220, variations: 0, comments: 0
  diagnostics: 0 error(s), 0 warning(s), 0 info
"
    );
}
