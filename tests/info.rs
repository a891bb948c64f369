//! `kifu info --json` on real files of the corpus: the fields users script against.

use std::process::Command;

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
fn a_professional_sgf() {
    let v = &info(&["fixtures/real/kisei-1976.sgf"])[0];
    assert_eq!(v["format"], "sgf");
    assert_eq!(v["encoding"], "UTF-8");
    assert_eq!(v["encoding_decided_by"], "utf8-valid");
    let g = &v["games"][0];
    assert_eq!(
        (&g["kind"], &g["board"], &g["black"], &g["white"]),
        (
            &"go".into(),
            &"19x19".into(),
            &"Maruyama Toyoji (1p)".into(),
            &"Ito Yoji (1p)".into()
        )
    );
    assert_eq!(
        (&g["event"], &g["date"], &g["result"]),
        (&"1st Kisei".into(), &"1976-01-28".into(), &"W+6.5".into())
    );
    assert_eq!(
        (&g["komi"], &g["moves"], &g["variations"], &g["comments"]),
        (&5.5.into(), &235.into(), &0.into(), &0.into())
    );
    assert_eq!(
        v["diagnostics"],
        serde_json::json!({"errors": 0, "warnings": 0, "infos": 0})
    );
}

#[test]
fn shogi_records_in_shift_jis() {
    let all = info(&[
        "fixtures/corpus/shogi/json-kifu-format/ki2/20091203.ki2",
        "fixtures/corpus/shogi/json-kifu-format/kif/8mai.kif",
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
    let v = &info(&["fixtures/corpus/sgf/sgfc/test.sgf"])[0];
    let games = v["games"].as_array().expect("games");
    assert_eq!(games.len(), 21);
    assert_eq!(games[0]["result"], "black wins by 5 3/4 points");
    assert_eq!(games[8]["board"], "52x52");
    assert_eq!(games[9]["board"], "10x52");
    assert!(v["diagnostics"]["errors"].as_u64().unwrap_or(0) > 0);
}

#[test]
fn korean_records() {
    let all = info(&["fixtures/kiseong/pro-game.kis", "fixtures/sgf/gomoku.sgf"]);
    assert_eq!(all[0]["format"], "kiseong");
    assert_eq!(all[0]["encoding"], "EUC-KR");
    assert_eq!(all[0]["games"][0]["title"], "제1기 기성전 (재현 기보)");
    assert_eq!(all[0]["games"][0]["variations"], 2);
    assert_eq!(all[1]["games"][0]["kind"], "gomoku");
    assert_eq!(all[1]["games"][0]["rule"], "renju");
    assert_eq!(all[1]["games"][0]["board"], "15x15");
}

#[test]
fn people_get_one_block_per_file() {
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["info", "fixtures/real/kisei-1976.sgf"])
        .output()
        .expect("runs");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "fixtures/real/kisei-1976.sgf
  format: sgf, encoding: UTF-8 (utf8-valid)
  game 1: go 19x19
    black: Maruyama Toyoji (1p)
    white: Ito Yoji (1p)
    event: 1st Kisei
    date: 1976-01-28
    result: W+6.5
    komi: 5.5
    moves: 235, variations: 0, comments: 0
  diagnostics: 0 error(s), 0 warning(s), 0 info
"
    );
}
