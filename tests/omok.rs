//! The omok move log: reading, writing, round trips through json, broken logs with
//! their exact diagnostics, and the rule checks seen through `kifu::validate`.

use std::process::Command;

use assert_cmd::cargo::CommandCargoExt;
use kifu::diag::{Diagnostic, Severity, Span};
use kifu::formats::{self, Format};
use kifu::model::{Collection, Color, GameKind, GameResult, GomokuRule, Move, WinReason};
use kifu::rules::renju;
use kifu::{Input, ReadOutcome};

fn omok() -> &'static Format {
    formats::by_name("omok").unwrap()
}

fn json() -> &'static Format {
    formats::by_name("json").unwrap()
}

fn read_as(bytes: &[u8], format: &'static Format) -> ReadOutcome {
    kifu::read(&Input {
        bytes: bytes.into(),
        path: None,
        format: Some(format),
        encoding: None,
    })
    .unwrap()
}

/// A log of these (x, y) moves.
fn log(moves: &[(u8, u8)]) -> Vec<u8> {
    let mut b = vec![moves.len() as u8];
    b.extend(moves.iter().map(|&(x, y)| (x << 4) | y));
    b
}

/// Reads and validates; returns the diagnostics as (code, span start, move, message).
fn validate(bytes: &[u8]) -> Vec<(&'static str, usize, Option<u32>, String)> {
    let mut o = read_as(bytes, omok());
    kifu::validate(&mut o);
    o.parsed
        .diagnostics
        .iter()
        .map(|d: &Diagnostic| (d.code, d.span.start, d.move_number, d.message.clone()))
        .collect()
}

fn moves_of(o: &ReadOutcome) -> Vec<(Color, u8, u8)> {
    o.parsed.collection.games[0]
        .tree
        .main_line()
        .filter_map(|(_, n)| match n.mv {
            Some(Move::Stone(s)) => s.point.map(|p| (s.color, p.x, p.y)),
            _ => None,
        })
        .collect()
}

/// Black makes five down column 7 at move 9; white plays column 0.
const FIVE: [(u8, u8); 9] = [
    (7, 7),
    (0, 0),
    (7, 8),
    (0, 1),
    (7, 9),
    (0, 2),
    (7, 10),
    (0, 3),
    (7, 11),
];

/// Move 11, black (10, 9), makes the threes (7,9)(8,9)·(10,9) and (10,7)(10,8)(10,9).
const DOUBLE_THREE: [(u8, u8); 11] = [
    (7, 7),
    (0, 0),
    (7, 9),
    (0, 1),
    (8, 9),
    (0, 2),
    (10, 7),
    (0, 3),
    (10, 8),
    (0, 14),
    (10, 9),
];

/// Move 11, black (10, 9), makes a dead three (white at (7,9) and (12,9)) and an open
/// one: 3-3 by the seed's 위상, allowed in renju.
const DEAD_THREE: [(u8, u8); 11] = [
    (7, 7),
    (7, 9),
    (8, 9),
    (12, 9),
    (9, 9),
    (0, 0),
    (10, 7),
    (0, 1),
    (10, 8),
    (0, 2),
    (10, 9),
];

#[test]
fn a_log_reads_as_alternating_stones_from_black_with_byte_spans() {
    let o = read_as(&log(&FIVE[..3]), omok());
    assert!(o.parsed.diagnostics.is_empty());
    assert_eq!(
        moves_of(&o),
        vec![
            (Color::Black, 7, 7),
            (Color::White, 0, 0),
            (Color::Black, 7, 8)
        ]
    );
    let game = &o.parsed.collection.games[0];
    assert_eq!(game.kind, GameKind::gomoku(GomokuRule::Seed));
    assert_eq!(
        o.parsed.node_spans,
        vec![vec![
            Span::new(0, 1),
            Span::new(1, 2),
            Span::new(2, 3),
            Span::new(3, 4)
        ]]
    );
}

#[test]
fn log_to_json_and_back_is_byte_for_byte() {
    for moves in [&FIVE[..], &DOUBLE_THREE[..], &[][..]] {
        let bytes = log(moves);
        let o = read_as(&bytes, omok());
        let j = kifu::write(&o.parsed.collection, json(), None, None).unwrap();
        let back = read_as(&j.bytes, json());
        assert!(back.parsed.diagnostics.is_empty());
        assert_eq!(back.parsed.collection, o.parsed.collection);
        let again = kifu::write(&back.parsed.collection, omok(), None, None).unwrap();
        assert_eq!(again.bytes, bytes);
        assert!(again.losses.is_empty());
    }
}

#[test]
fn a_full_board_of_225_moves_round_trips() {
    // Every point once, column by column (the diagonals make fives: reading does not
    // judge, and writing keeps every move).
    let mut moves = Vec::new();
    for x in 0..15u8 {
        for y in 0..15u8 {
            moves.push((x, y));
        }
    }
    let bytes = log(&moves);
    assert_eq!(bytes[0], 225);
    let o = read_as(&bytes, omok());
    assert!(o.parsed.diagnostics.is_empty());
    assert_eq!(moves_of(&o).len(), 225);
    let again = kifu::write(&o.parsed.collection, omok(), None, None).unwrap();
    assert_eq!(again.bytes, bytes);
}

#[test]
fn broken_logs_are_rejected_at_their_bytes() {
    assert_eq!(
        validate(&[]),
        vec![(
            "omok::empty",
            0,
            None,
            "the log is empty: it has no count byte".into()
        )]
    );
    assert_eq!(
        validate(&[3, 0x77, 0x00]),
        vec![(
            "omok::count-mismatch",
            0,
            None,
            "the count byte says 3 moves, but only 2 byte(s) follow".into()
        )]
    );
    assert_eq!(
        validate(&[1, 0x77, 0x00, 0x01]),
        vec![(
            "omok::count-mismatch",
            2,
            None,
            "the count byte says 1 moves, but 3 byte(s) follow: 2 byte(s) after the last move"
                .into()
        )]
    );
    assert_eq!(
        validate(&[3, 0x77, 0xF0, 0x7F]),
        vec![
            (
                "omok::off-board",
                2,
                Some(2),
                "move 2 (byte 0xF0) has x = 15: the board's points are 0 to 14".into()
            ),
            (
                "omok::off-board",
                3,
                Some(3),
                "move 3 (byte 0x7F) has y = 15: the board's points are 0 to 14".into()
            ),
        ]
    );
    assert_eq!(
        validate(&[4, 0x77, 0x00, 0x78, 0x77]),
        vec![(
            "omok::point-played-twice",
            4,
            Some(4),
            "move 4 plays (7, 7) again: move 1 was played there".into()
        )]
    );
}

#[test]
fn a_broken_log_keeps_the_moves_before_the_first_bad_byte() {
    let o = read_as(&[4, 0x77, 0x00, 0xFF, 0x78], omok());
    assert_eq!(
        moves_of(&o),
        vec![(Color::Black, 7, 7), (Color::White, 0, 0)]
    );
    assert_eq!(o.parsed.diagnostics.len(), 2);
}

#[test]
fn more_than_225_moves_is_an_error_on_the_count_byte() {
    let mut moves: Vec<(u8, u8)> = (0..15u8)
        .flat_map(|x| (0..15u8).map(move |y| (x, y)))
        .collect();
    moves.push((7, 7));
    let bytes = log(&moves);
    assert_eq!(bytes[0], 226);
    let o = read_as(&bytes, omok());
    let d: Vec<_> = o
        .parsed
        .diagnostics
        .iter()
        .map(|d| (d.code, d.span.start, d.move_number, d.message.clone()))
        .collect();
    assert_eq!(
        d[0],
        (
            "omok::too-many-moves",
            0,
            None,
            "the count byte says 226 moves; the 15x15 board holds at most 225".into()
        )
    );
    assert_eq!(
        d[1],
        (
            "omok::point-played-twice",
            226,
            Some(226),
            "move 226 plays (7, 7) again: move 113 was played there".into()
        )
    );
    assert_eq!(d.len(), 2);
}

#[test]
fn a_forbidden_move_is_an_error_with_its_move_number() {
    let bytes = log(&DOUBLE_THREE);
    assert_eq!(
        validate(&bytes),
        vec![(
            "renju::double-three",
            11,
            Some(11),
            "black's move 11 at (10, 9) is a forbidden double-three (3-3) under the seed rule"
                .into()
        )]
    );
    let o = read_as(&bytes, omok());
    let game = &o.parsed.collection.games[0];
    assert_eq!(
        renju::result_line(game).as_deref(),
        Some("white wins: black's move 11 is a forbidden double-three (3-3) (rule seed)")
    );
    assert_eq!(
        renju::judge(game).and_then(|r| r.to_result()),
        Some(GameResult::Win {
            winner: Color::White,
            reason: WinReason::Forfeit
        })
    );
}

#[test]
fn the_rule_decides_and_set_rule_changes_it() {
    let bytes = log(&DEAD_THREE);
    let mut o = read_as(&bytes, omok());
    let seed = kifu::rules::check(&o.parsed.collection.games[0]);
    assert_eq!(seed.len(), 1);
    assert_eq!(seed[0].code, "renju::double-three");
    let rule = renju::parse_rule("RENJU").unwrap();
    assert_eq!(renju::set_rule(&mut o.parsed.collection, &rule), 1);
    kifu::validate(&mut o);
    assert!(o.parsed.diagnostics.is_empty());
    assert_eq!(
        renju::result_line(&o.parsed.collection.games[0]).as_deref(),
        Some("unfinished after 11 moves (rule renju)")
    );
    assert_eq!(
        renju::parse_rule("pro"),
        Err("unknown rule \"pro\"; kifu checks: seed, renju, gomoku, freestyle".into())
    );
}

#[test]
fn five_ends_the_game_and_later_moves_are_errors() {
    let o = read_as(&log(&FIVE), omok());
    assert_eq!(
        renju::result_line(&o.parsed.collection.games[0]).as_deref(),
        Some("black wins: five in a row at move 9 (rule seed)")
    );
    let mut more = FIVE.to_vec();
    more.extend([(14, 14), (13, 13)]);
    assert_eq!(
        validate(&log(&more)),
        vec![(
            "renju::after-end",
            10,
            Some(10),
            "move 10 comes after the end of the game: black made five at move 9".into()
        )]
    );
}

#[test]
fn the_first_move_must_be_on_the_centre_under_seed_and_renju() {
    let bytes = log(&[(0, 0), (7, 7)]);
    assert_eq!(
        validate(&bytes),
        vec![(
            "renju::off-centre",
            1,
            Some(1),
            "the first move is at (0, 0), not on the centre (7, 7)".into()
        )]
    );
    let mut o = read_as(&bytes, omok());
    renju::set_rule(&mut o.parsed.collection, &GomokuRule::Freestyle);
    kifu::validate(&mut o);
    assert!(o.parsed.diagnostics.is_empty());
}

#[test]
fn colours_that_do_not_alternate_are_errors_in_other_formats() {
    let mut o = read_as(&log(&FIVE[..4]), omok());
    let game = &mut o.parsed.collection.games[0];
    let third = game.tree.main_line().nth(3).map(|(id, _)| id).unwrap();
    if let Some(Move::Stone(s)) = &mut game.tree.get_mut(third).unwrap().mv {
        s.color = Color::White;
    }
    // Black, white, white, white: moves 3 and 4 both come out of turn.
    let f = kifu::rules::check(game);
    let found: Vec<_> = f
        .iter()
        .map(|f| (f.code.name, f.severity(), f.message.as_str()))
        .collect();
    assert_eq!(
        found,
        vec![
            (
                "renju::not-alternating",
                Severity::Error,
                "move 3 is white's, but it is black's turn"
            ),
            (
                "renju::not-alternating",
                Severity::Error,
                "move 4 is white's, but it is black's turn"
            ),
        ]
    );
    // The writer refuses what a log cannot say.
    let err = kifu::write(&o.parsed.collection, omok(), None, None).unwrap_err();
    assert_eq!(
        err.to_string(),
        "an omok log alternates from black, and move 3 is not black's"
    );
}

#[test]
fn the_writer_reports_what_a_log_cannot_hold() {
    let mut o = read_as(&log(&FIVE[..2]), omok());
    let game = &mut o.parsed.collection.games[0];
    game.info.black.name = Some("흑돌".into());
    game.info.result = Some(GameResult::Win {
        winner: Color::Black,
        reason: WinReason::Resign,
    });
    game.kind = GameKind::gomoku(GomokuRule::Renju);
    let second = game.tree.main_line().nth(2).map(|(id, _)| id).unwrap();
    game.tree.get_mut(second).unwrap().comment = Some("좋은 수".into());
    let w = kifu::write(&o.parsed.collection, omok(), None, None).unwrap();
    assert_eq!(w.bytes, log(&FIVE[..2]));
    let losses: Vec<(&str, String)> = w
        .losses
        .iter()
        .map(|l| (l.code.name, l.message.clone()))
        .collect();
    assert_eq!(
        losses,
        vec![
            (
                "loss::game-info",
                "omok has no place for the black player's name: \"흑돌\"".into()
            ),
            (
                "loss::game-info",
                "omok has no place for the result: \"Black wins by resignation\"".into()
            ),
            (
                "loss::comments",
                "omok has no place for the comment at move 2: \"좋은 수\"".into()
            ),
            (
                "omok::rule-dropped",
                "the rule \"renju\" is not recorded: a log reads back under the seed rule".into()
            ),
        ]
    );
    // Two games, or another board size, cannot be written at all.
    let two = Collection {
        games: vec![o.parsed.collection.games[0].clone(); 2],
    };
    assert!(kifu::write(&two, omok(), None, None).is_err());
}

#[test]
fn the_cli_detects_a_log_on_stdin_and_reports_move_numbers_in_json() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.omok");
    std::fs::write(&path, log(&DOUBLE_THREE)).unwrap();
    let out = Command::cargo_bin("kifu")
        .unwrap()
        .args(["validate", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let first = String::from_utf8(out.stdout).unwrap();
    let first: serde_json::Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
    assert_eq!(first["code"], "renju::double-three");
    assert_eq!(first["move"], 11);
    assert_eq!(first["offset"], 11);
    // No extension, no -f: the content says omok.
    let plain = dir.path().join("game");
    std::fs::write(&plain, log(&FIVE)).unwrap();
    let out = Command::cargo_bin("kifu")
        .unwrap()
        .args(["convert", "-t", "json"])
        .arg(&plain)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"format\":\"omok\""));
}

#[test]
fn generated_logs_round_trip_through_json_and_sgf_and_every_rule_judges_them() {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let sgf = formats::by_name("sgf").unwrap();
    for _ in 0..100 {
        // Distinct points: a shuffled board, cut at a random length, the centre first.
        let mut points: Vec<(u8, u8)> = (0..225u32)
            .map(|i| ((i / 15) as u8, (i % 15) as u8))
            .filter(|&p| p != (7, 7))
            .collect();
        for i in (1..points.len()).rev() {
            points.swap(i, next(i as u64 + 1) as usize);
        }
        let len = next(225) as usize;
        let mut moves = vec![(7, 7)];
        moves.extend(points.into_iter().take(len));
        let bytes = log(&moves);
        let o = read_as(&bytes, omok());
        assert!(o.parsed.diagnostics.is_empty());
        for via in [json(), sgf] {
            let w = kifu::write(&o.parsed.collection, via, None, None).unwrap();
            let back = read_as(&w.bytes, via);
            let again = kifu::write(&back.parsed.collection, omok(), None, None).unwrap();
            assert_eq!(again.bytes, bytes);
            assert!(again.losses.is_empty());
        }
        let mut c = o.parsed.collection.clone();
        for rule in renju::RULE_NAMES {
            renju::set_rule(&mut c, &renju::parse_rule(rule).unwrap());
            let game = &c.games[0];
            let findings = kifu::rules::check(game);
            assert!(findings.iter().all(|f| f.code != "renju::undecided"));
            assert!(renju::result_line(game).is_some());
        }
    }
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/omok")
            .join(name),
    )
    .unwrap()
}

#[test]
fn fixture_diagnostics_and_bytes() {
    // The models themselves are golden files (tests/golden.rs).
    assert_eq!(validate(&fixture("five.omok")), vec![]);
    assert_eq!(fixture("double-three.omok"), log(&DOUBLE_THREE));
    assert_eq!(fixture("dead-three.omok"), log(&DEAD_THREE));
    let codes: Vec<(&str, usize)> = validate(&fixture("broken.omok"))
        .into_iter()
        .map(|(code, at, _, _)| (code, at))
        .collect();
    assert_eq!(
        codes,
        vec![
            ("omok::count-mismatch", 6),
            ("omok::off-board", 3),
            ("omok::point-played-twice", 5),
        ]
    );
    let o = read_as(&fixture("broken.omok"), omok());
    assert_eq!(
        moves_of(&o),
        vec![(Color::Black, 7, 7), (Color::White, 0, 0)]
    );
}

#[test]
fn the_cli_rule_override_and_the_judged_result_in_info() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(args)
            .output()
            .expect("runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (code, json) = run(&["info", "--json", "fixtures/omok/double-three.omok"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(v["games"][0]["rule"], "seed");
    assert_eq!(
        v["games"][0]["judged"],
        "white wins: black's move 11 is a forbidden double-three (3-3) (rule seed)"
    );
    let (_, json) = run(&[
        "info",
        "--json",
        "--rule",
        "gomoku",
        "fixtures/omok/double-three.omok",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(v["games"][0]["rule"], "gomoku");
    assert_eq!(
        v["games"][0]["judged"],
        "unfinished after 11 moves (rule gomoku)"
    );
    assert_eq!(
        run(&["validate", "fixtures/omok/double-three.omok"]).0,
        Some(1)
    );
    assert_eq!(
        run(&[
            "validate",
            "--rule",
            "freestyle",
            "fixtures/omok/double-three.omok"
        ])
        .0,
        Some(0)
    );
    assert_eq!(
        run(&[
            "validate",
            "--rule",
            "nonsense",
            "fixtures/omok/double-three.omok"
        ])
        .0,
        Some(2)
    );
}
