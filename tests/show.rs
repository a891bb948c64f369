//! `kifu show`: exact text diagrams for fixed positions of every kind, and SVG stone
//! and piece counts equal to the board's after captures.

use std::process::Command;

mod common;

fn show(args: &[&str], input: Option<(&str, &str)>) -> String {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kifu"));
    cmd.arg("show");
    if let Some((name, text)) = input {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("write");
        cmd.arg(&path);
    }
    let out = cmd.args(args).output().expect("runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

const CAPTURE: &str =
    "(;GM[1]FF[4]SZ[9]PB[B]PW[W];B[ee];W[ed];B[dd];W[aa];B[fd];W[ba];B[ec]LB[gg:A]TR[cg])";

#[test]
fn go_diagram_applies_captures_marks_the_last_move_and_shows_markup() {
    let text = show(&[], Some(("cap.sgf", CAPTURE)));
    assert_eq!(
        text,
        "    A B C D E F G H J
  9 O O . . . . . . . 9
  8 . . . . . . . . . 8
  7 . . + .(X). + . . 7
  6 . . . X . X . . . 6
  5 . . . . X . . . . 5
  4 . . . . . . . . . 4
  3 . . ^ . . . A . . 3
  2 . . . . . . . . . 2
  1 . . . . . . . . . 1
    A B C D E F G H J
moves: 7, last: E7, black stones: 4, white stones: 2
"
    );
    let early = show(&["--move", "2"], Some(("cap.sgf", CAPTURE)));
    assert!(early.contains("\n  6 . . . .(O). . . . 6\n"), "{early}");
    assert!(early.ends_with("moves: 2, last: E6, black stones: 1, white stones: 1\n"));
}

#[test]
fn go_svg_has_one_element_per_stone_after_captures() {
    let svg = show(&["--svg"], Some(("cap.sgf", CAPTURE)));
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("class=\"stone black\"").count(), 4);
    assert_eq!(svg.matches("class=\"stone white\"").count(), 2);
    assert_eq!(svg.matches("class=\"last\"").count(), 1);
    assert_eq!(svg.matches("class=\"star\"").count(), 5);
    assert_eq!(svg.matches("class=\"label\"").count(), 1);
    balanced_tags(&svg);
}

#[test]
fn the_real_kisei_game_matches_its_own_count() {
    let Some(kisei) = common::corpus::path("sgf/sabaki-app/sgf_pro_game.sgf") else {
        return;
    };
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("show")
        .arg(&kisei)
        .args(["--move", "60"])
        .output()
        .expect("runs");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.ends_with("moves: 60, last: E3, black stones: 29, white stones: 28\n"),
        "{text}"
    );
    let svg = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("show")
        .arg(&kisei)
        .args(["--move", "60", "--svg"])
        .output()
        .expect("runs");
    let svg = String::from_utf8(svg.stdout).expect("utf-8");
    assert_eq!(svg.matches("class=\"stone black\"").count(), 29);
    assert_eq!(svg.matches("class=\"stone white\"").count(), 28);
}

#[test]
fn gomoku_stones_are_never_captured() {
    // Under Go rules W[ed] would be captured; in gomoku it stays.
    let gomoku = CAPTURE.replace("GM[1]", "GM[4]");
    let text = show(&[], Some(("g.sgf", &gomoku)));
    assert!(
        text.ends_with("black stones: 4, white stones: 3\n"),
        "{text}"
    );
}

const KIF: &str = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n";

#[test]
fn shogi_is_drawn_as_kakinoki_writes_a_board_diagram() {
    let text = show(&[], Some(("k.kif", KIF)));
    assert_eq!(
        text,
        "後手の持駒：角　
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
|v香v桂v銀v金v玉v金 ・v桂v香|一
| ・v飛 ・ ・ ・ ・ ・v銀 ・|二
|v歩v歩v歩v歩v歩v歩 ・v歩v歩|三
| ・ ・ ・ ・ ・ ・v歩 ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ 歩 ・ ・ ・ ・ ・ ・|六
| 歩 歩 ・ 歩 歩 歩 歩 歩 歩|七
| ・ ・ ・ ・ ・ ・ ・ 飛 ・|八
| 香 桂 銀 金 玉 金 銀 桂 香|九
+---------------------------+
先手の持駒：角　
手数＝4  △同　銀(31)  まで
"
    );
    let first = show(&["--move", "1"], Some(("k.kif", KIF)));
    assert!(first.ends_with("手数＝1  ▲７六歩(77)  まで\n"), "{first}");
}

#[test]
fn shogi_svg_has_every_piece_and_both_hands() {
    let svg = show(&["--svg"], Some(("k.kif", KIF)));
    // 19 pieces each on the board (one bishop each went to hand), one in each hand.
    assert_eq!(svg.matches("class=\"piece black\"").count(), 19);
    assert_eq!(svg.matches("class=\"piece white\"").count(), 19);
    assert_eq!(svg.matches("class=\"piece black hand\"").count(), 1);
    assert_eq!(svg.matches("class=\"piece white hand\"").count(), 1);
    assert_eq!(
        svg.matches("rotate(180").count(),
        20,
        "white's pieces upside down"
    );
    balanced_tags(&svg);
}

/// A light well-formedness check: every opened element is closed, in order.
fn balanced_tags(svg: &str) {
    let mut stack: Vec<String> = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find('<') {
        rest = &rest[i + 1..];
        let end = rest.find('>').expect("tag closes");
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name), "mismatched </{name}>");
        } else if !tag.ends_with('/') {
            let name = tag.split_whitespace().next().unwrap_or("");
            stack.push(name.to_string());
        }
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
}

#[test]
fn gomoku_diagram_of_the_renju_fixture() {
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["show", "fixtures/sgf/gomoku.sgf"])
        .output()
        .expect("runs");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[0], "    A B C D E F G H J K L M N O P");
    assert_eq!(rows[7], "  9 . . . . . . O . X . O . . . . 9");
    assert_eq!(rows[8], "  8 . . . . . . . X O X(X). . . . 8");
    assert_eq!(rows[9], "  7 . . . . . . . O X . . . . . . 7");
    assert_eq!(rows[12], "  4 . . . + . . . . . . . + . . . 4");
    assert_eq!(
        rows[17],
        "moves: 11, last: L8, black stones: 6, white stones: 5"
    );
}
