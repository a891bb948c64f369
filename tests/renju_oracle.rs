//! kifu's RIF renju judgement against an independent referee: the fixture
//! `tests/data/renju_oracle.txt` holds positions judged by the PyPI package `renju`
//! (a port of the Piskvork judge), made by `tests/data/gen_renju_oracle.py`.

use kifu::model::{BoardSize, Color};
use kifu::rules::renju::{rif, Board, Forbidden};

fn nibbles(hex: &str) -> Vec<(i32, i32)> {
    if hex == "-" {
        return Vec::new();
    }
    hex.as_bytes()
        .chunks(2)
        .map(|c| {
            let d = |b: u8| i32::from((b as char).to_digit(16).expect("hex digit") as u8);
            (d(c[0]), d(c[1]))
        })
        .collect()
}

/// The verdict, and how many points the search examined.
fn judge(moves: &[(i32, i32)], (x, y): (i32, i32)) -> (String, u32) {
    let mut board = Board::new(BoardSize::square(15));
    for (i, &(mx, my)) in moves.iter().enumerate() {
        let c = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        board.set(mx, my, Some(c));
    }
    if board.makes_exact_five(x, y, Color::Black) {
        return ("five".into(), 0);
    }
    let mut search = rif::Search::default();
    let verdict = rif::forbidden(&mut board, x, y, &mut search);
    assert!(!search.exhausted, "search limit reached");
    let v = match verdict {
        None => "0",
        Some(Forbidden::DoubleThree) => "1",
        Some(Forbidden::DoubleFour) => "2",
        Some(Forbidden::Overline) => "3",
    };
    (v.into(), search.examined())
}

#[test]
fn agrees_with_the_piskvork_judge_on_every_fixture_position() {
    let text = include_str!("data/renju_oracle.txt");
    let mut checked = 0;
    let mut wrong = Vec::new();
    let mut most = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(' ').collect();
        let (moves, cand, expected) = (nibbles(f[0]), nibbles(f[1])[0], f[2]);
        let (got, examined) = judge(&moves, cand);
        most = most.max(examined);
        checked += 1;
        if got != expected {
            wrong.push(format!("{line}  -> kifu says {got}"));
        }
    }
    assert_eq!(checked, 4458);
    // The deepest search in real positions stays far below the budget.
    assert!(most <= 20, "{most} points examined");
    assert!(
        wrong.is_empty(),
        "{} disagreements:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The hand-built positions of `crates/kifu/src/rules/renju/tests.rs` (the hard cases among them),
/// judged by the same referee: `tests/data/renju_hand.txt`, made by
/// `tests/data/gen_renju_hand.py`.
#[test]
fn the_hand_built_positions_agree_with_the_piskvork_judge() {
    let text = include_str!("data/renju_hand.txt");
    let mut names = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(' ').collect();
        let (name, black, white, cand, expected) = (f[0], f[1], f[2], f[3], f[4]);
        let mut board = Board::new(BoardSize::square(15));
        for (stones, color) in [(black, Color::Black), (white, Color::White)] {
            for (x, y) in nibbles(stones) {
                board.set(x, y, Some(color));
            }
        }
        let (x, y) = nibbles(cand)[0];
        let got = if board.makes_exact_five(x, y, Color::Black) {
            "five"
        } else {
            let mut search = rif::Search::default();
            match rif::forbidden(&mut board, x, y, &mut search) {
                None => "0",
                Some(Forbidden::DoubleThree) => "1",
                Some(Forbidden::DoubleFour) => "2",
                Some(Forbidden::Overline) => "3",
            }
        };
        assert_eq!(got, expected, "{name}");
        names.push(name);
    }
    assert_eq!(names.len(), 13);
    assert!(names.contains(&"fake-three") && names.contains(&"four-four-one-line"));
}
