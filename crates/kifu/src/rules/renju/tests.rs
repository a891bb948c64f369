//! Hand-built positions for every rule, the hard renju cases among them. Boards are
//! drawn row by row from y = 0: `X` black, `O` white, `.` empty, `*` the point asked
//! about (empty).

use super::board::Board;
use super::referee::{judge, Checked, Verdict};
use super::{rif, seed, Forbidden};
use crate::model::{BoardSize, Color};

/// The board drawn, and the `*` point.
fn draw(rows: &[&str]) -> (Board, i32, i32) {
    let mut board = Board::new(BoardSize::square(15));
    let mut star = (-1, -1);
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let (x, y) = (x as i32, y as i32);
            match c {
                'X' => board.set(x, y, Some(Color::Black)),
                'O' => board.set(x, y, Some(Color::White)),
                '*' => {
                    star = (x, y);
                    None
                }
                _ => None,
            };
        }
    }
    (board, star.0, star.1)
}

fn verdict(rule: Checked, color: Color, rows: &[&str]) -> Verdict {
    let (mut board, x, y) = draw(rows);
    let (v, undecided) = judge(&mut board, rule, color, x, y);
    assert!(!undecided);
    v
}

fn renju(rows: &[&str]) -> Option<Forbidden> {
    let (mut board, x, y) = draw(rows);
    let mut search = rif::Search::default();
    let f = rif::forbidden(&mut board, x, y, &mut search);
    assert!(!search.exhausted);
    f
}

/// Black's two threes through the centre: across (5,7)(6,7) and down (7,5)(7,6).
const DOUBLE_THREE: [&str; 15] = [
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . X . . . . . . .",
    ". . . . . . . X . . . . . . .",
    ". . . . . X X * . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
];

#[test]
fn renju_double_three_is_forbidden_for_black_only() {
    assert_eq!(renju(&DOUBLE_THREE), Some(Forbidden::DoubleThree));
    assert_eq!(
        verdict(Checked::Renju, Color::Black, &DOUBLE_THREE),
        Verdict::Forbidden(Forbidden::DoubleThree)
    );
    assert_eq!(
        verdict(Checked::Renju, Color::White, &DOUBLE_THREE),
        Verdict::Plain
    );
    assert_eq!(
        verdict(Checked::Gomoku, Color::Black, &DOUBLE_THREE),
        Verdict::Plain
    );
    assert_eq!(
        verdict(Checked::Freestyle, Color::Black, &DOUBLE_THREE),
        Verdict::Plain
    );
    assert_eq!(
        verdict(Checked::Seed, Color::Black, &DOUBLE_THREE),
        Verdict::Forbidden(Forbidden::DoubleThree)
    );
}

/// The same, with white at (4,7) and (9,7): only four points lie between them, so
/// the horizontal three can never become a straight four (a dead three).
const DEAD_THREE: [&str; 15] = [
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . X . . . . . . .",
    ". . . . . . . X . . . . . . .",
    ". . . . O X X * . O . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
];

#[test]
fn a_three_that_cannot_become_a_straight_four_does_not_count_in_renju_but_does_in_seed() {
    // No straight four fits between the white stones.
    assert_eq!(renju(&DEAD_THREE), None);
    // The seed counts stones by 위상, dead or alive.
    assert_eq!(
        seed::forbidden(&draw(&DEAD_THREE).0, 7, 7),
        Some(Forbidden::DoubleThree)
    );
}

/// The horizontal three (5,7)(6,7)* can become a straight four only at (4,7), and a
/// black stone there makes six down column 4 (4,4)…(4,9): an overline, forbidden. So
/// that three is not real, and the move is not a double-three.
const FAKE_THREE: [&str; 15] = [
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . X . . . . . . . . . .",
    ". . . . X . . X . . . . . . .",
    ". . . . X . . X . . . . . . .",
    ". . . . . X X * . O . . . . .",
    ". . . . X . . . . . . . . . .",
    ". . . . X . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
];

#[test]
fn a_three_whose_completing_move_is_itself_forbidden_is_not_real() {
    let (mut board, _, _) = draw(&FAKE_THREE);
    let mut search = rif::Search::default();
    // The completing point is an overline for black …
    board.set(7, 7, Some(Color::Black));
    assert_eq!(
        rif::forbidden(&mut board, 4, 7, &mut search),
        Some(Forbidden::Overline)
    );
    board.set(7, 7, None);
    // … so the move makes one real three and one fake: allowed.
    assert_eq!(renju(&FAKE_THREE), None);
    // Without the column, the same three is real and the move is 3-3.
    let mut open = FAKE_THREE;
    for y in [4, 5, 6, 8, 9] {
        open[y] = if y == 5 || y == 6 {
            ". . . . . . . X . . . . . . ."
        } else {
            ". . . . . . . . . . . . . . ."
        };
    }
    assert_eq!(renju(&open), Some(Forbidden::DoubleThree));
    // The seed rule does not look that deep.
    assert_eq!(
        seed::forbidden(&draw(&FAKE_THREE).0, 7, 7),
        Some(Forbidden::DoubleThree)
    );
}

#[test]
fn two_fours_on_one_line_are_a_double_four() {
    // X . X * X . X : (4,7) and (8,7) each make a different five.
    let mut rows = [". . . . . . . . . . . . . . ."; 15];
    rows[7] = ". . . X . X * X . X . . . . .";
    assert_eq!(renju(&rows), Some(Forbidden::DoubleFour));
    // X X X . * . X X X : the same with three and three.
    rows[7] = ". . X X X . * . X X X . . . .";
    assert_eq!(renju(&rows), Some(Forbidden::DoubleFour));
    // A straight four is one four, not two.
    rows[7] = ". . . . X X X * . . . . . . .";
    assert_eq!(renju(&rows), None);
    let (mut board, x, y) = draw(&rows);
    board.set(x, y, Some(Color::Black));
    assert_eq!(rif::fours(&mut board, x, y, (1, 0)), 1);
}

#[test]
fn double_four_across_two_lines_and_four_three() {
    let mut rows = [". . . . . . . . . . . . . . ."; 15];
    rows[4] = ". . . . . . . X . . . . . . .";
    rows[5] = ". . . . . . . X . . . . . . .";
    rows[6] = ". . . . . . . X . . . . . . .";
    rows[7] = ". . . . X X X * . . . . . . .";
    assert_eq!(renju(&rows), Some(Forbidden::DoubleFour));
    assert_eq!(
        verdict(Checked::Seed, Color::Black, &rows),
        Verdict::Forbidden(Forbidden::DoubleFour)
    );
    // Four and three: allowed under both.
    rows[4] = ". . . . . . . . . . . . . . .";
    assert_eq!(renju(&rows), None);
    assert_eq!(verdict(Checked::Seed, Color::Black, &rows), Verdict::Plain);
}

/// Black's (3..6, 7) plus * is exactly five, and * also makes two open threes.
const FIVE_AND_DOUBLE_THREE: [&str; 15] = [
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . X . X . . . . . . .",
    ". . . . . . X X . . . . . . .",
    ". . . X X X X * . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
];

#[test]
fn an_exact_five_wins_even_when_it_also_makes_a_double_three() {
    assert_eq!(renju(&FIVE_AND_DOUBLE_THREE), None);
    assert_eq!(
        verdict(Checked::Renju, Color::Black, &FIVE_AND_DOUBLE_THREE),
        Verdict::Five
    );
    assert_eq!(
        verdict(Checked::Seed, Color::Black, &FIVE_AND_DOUBLE_THREE),
        Verdict::Five
    );
    // Without the five, the threes alone are forbidden.
    let mut rows = FIVE_AND_DOUBLE_THREE;
    rows[7] = ". . . . . . . * . . . . . . .";
    assert_eq!(renju(&rows), Some(Forbidden::DoubleThree));
}

#[test]
fn overline_is_forbidden_for_black_and_wins_for_white_in_renju() {
    let mut rows = [". . . . . . . . . . . . . . ."; 15];
    rows[7] = ". . X X X X X * . . . . . . .";
    assert_eq!(renju(&rows), Some(Forbidden::Overline));
    assert_eq!(
        verdict(Checked::Renju, Color::Black, &rows),
        Verdict::Forbidden(Forbidden::Overline)
    );
    assert_eq!(
        verdict(Checked::Seed, Color::Black, &rows),
        Verdict::Forbidden(Forbidden::Overline)
    );
    assert_eq!(
        verdict(Checked::Freestyle, Color::Black, &rows),
        Verdict::Five
    );
    assert_eq!(
        verdict(Checked::Gomoku, Color::Black, &rows),
        Verdict::Plain
    );
    // White's overline.
    rows[7] = ". . O O O O O * . . . . . . .";
    assert_eq!(verdict(Checked::Renju, Color::White, &rows), Verdict::Five);
    assert_eq!(verdict(Checked::Seed, Color::White, &rows), Verdict::Five);
    assert_eq!(
        verdict(Checked::Freestyle, Color::White, &rows),
        Verdict::Five
    );
    assert_eq!(
        verdict(Checked::Gomoku, Color::White, &rows),
        Verdict::Plain
    );
    // Exactly five wins under every rule, for both.
    rows[7] = ". . . O O O O * . . . . . . .";
    for rule in [
        Checked::Seed,
        Checked::Renju,
        Checked::Gomoku,
        Checked::Freestyle,
    ] {
        assert_eq!(verdict(rule, Color::White, &rows), Verdict::Five);
    }
}

#[test]
fn an_exact_five_beats_an_overline_on_another_line() {
    let mut rows = [". . . . . . . . . . . . . . ."; 15];
    rows[2] = ". . . . . . . X . . . . . . .";
    rows[3] = ". . . . . . . X . . . . . . .";
    rows[4] = ". . . . . . . X . . . . . . .";
    rows[5] = ". . . . . . . X . . . . . . .";
    rows[6] = ". . . . . . . X . . . . . . .";
    rows[7] = ". . . . . X X * X X . . . . .";
    assert_eq!(verdict(Checked::Renju, Color::Black, &rows), Verdict::Five);
}

#[test]
fn a_search_cut_short_takes_undecided_points_as_allowed_and_says_so() {
    let (mut board, x, y) = draw(&FAKE_THREE);
    // One point's worth of work: the move itself; the completing point is not asked.
    let mut search = rif::Search::with_budget(1);
    assert_eq!(
        rif::forbidden(&mut board, x, y, &mut search),
        Some(Forbidden::DoubleThree)
    );
    assert!(search.exhausted);
    // With the default budget the fake three is found out.
    let mut search = rif::Search::default();
    assert_eq!(rif::forbidden(&mut board, x, y, &mut search), None);
    assert!(!search.exhausted);
}

#[test]
fn a_long_renju_game_is_checked_quickly() {
    // Every black point of a crowded board asked in turn: no limit is reached.
    let mut board = Board::new(BoardSize::square(15));
    let mut state = 0x2545_f491_u32;
    for _ in 0..150 {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let (x, y) = ((state % 15) as i32, ((state / 15) % 15) as i32);
        let c = if state % 3 == 0 {
            Color::White
        } else {
            Color::Black
        };
        board.set(x, y, Some(c));
    }
    for y in 0..15 {
        for x in 0..15 {
            if board.is_empty_at(x, y) {
                let mut search = rif::Search::default();
                let _ = rif::forbidden(&mut board, x, y, &mut search);
                assert!(!search.exhausted);
            }
        }
    }
}
