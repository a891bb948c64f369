//! The check made as games are read ([`super::check_each`]): Go games are walked by
//! the rules in source order, with no tree and no call of the game check, but for
//! the games the walk must read again.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::diag::{Diagnostic, Span};
use crate::model::Game;
use crate::rules::Finding;

/// A finding as the tests show it: its code, the start of its node and its move
/// number.
fn shown(f: Finding, numbers: &[Option<u32>], spans: &[Span]) -> Diagnostic {
    let i = f.node.0 as usize;
    let at = spans.get(i).map_or(0, |s| s.start);
    let number = numbers.get(i).copied().flatten();
    let message = format!("{} at {at} move {number:?}", f.code.name);
    Diagnostic::new(f.code, message, Span::at(0))
}

/// The game check's calls, and what the reader found, by `check_each`.
fn check(text: &str) -> (usize, Vec<String>) {
    let calls = AtomicUsize::new(0);
    let each = |game: &mut Game, spans: &[Span]| -> Vec<Diagnostic> {
        calls.fetch_add(1, Ordering::Relaxed);
        let numbers = game.tree.move_numbers();
        crate::rules::check(game)
            .into_iter()
            .map(|f| shown(f, &numbers, spans))
            .collect()
    };
    let place = |findings: Vec<Finding>, numbers: &[Option<u32>], spans: &[Span]| {
        findings
            .into_iter()
            .map(|f| shown(f, numbers, spans))
            .collect()
    };
    let streamed = super::check_each(text, &each, &place);
    let found = streamed.found.iter().map(|d| d.message.clone()).collect();
    (calls.load(Ordering::Relaxed), found)
}

/// Debug builds read every game walked as it was read again, to compare.
const AGAIN: usize = if cfg!(debug_assertions) { 1 } else { 0 };

#[test]
fn go_games_are_walked_as_read_and_others_go_to_the_check() {
    // Two Go games: no call, but the debug builds' comparisons; the findings placed
    // at their nodes, with their move numbers.
    let text = "(;SZ[9];B[aa](;W[aa])(;W[bb];B[cc];W[cc]))(;SZ[9];B[ee];B[ff])";
    let (calls, found) = check(text);
    assert_eq!(calls, 2 * AGAIN);
    assert_eq!(
        found,
        [
            "go::occupied at 14 move Some(2)",
            "go::occupied at 34 move Some(4)",
            "go::same-colour-twice at 55 move Some(2)",
        ]
    );
    // Gomoku goes to the check, once.
    let (calls, found) = check("(;GM[4]SZ[15];B[hh];W[hh])");
    assert_eq!(calls, 1);
    assert_eq!(found, ["renju::occupied at 19 move Some(2)"]);
}

#[test]
fn rules_named_below_the_root_on_the_trunk_make_the_game_read_again() {
    // RU on the trunk changes the rules the moves were walked by: read again, once.
    let (calls, found) = check("(;SZ[3];RU[NZ]AB[ba][ab];W[cc];B[ca];W[aa];B[bb])");
    assert_eq!(calls, 1);
    assert_eq!(found, Vec::<String>::new());
    // In a variation it holds for that variation only: the game's rules stand.
    let (calls, found) = check("(;SZ[3]AB[ba][ab](;RU[NZ]W[aa])(;W[aa]))");
    assert_eq!(calls, AGAIN);
    assert_eq!(
        found,
        [
            "go::suicide at 18 move Some(1)",
            "go::suicide at 32 move Some(1)"
        ]
    );
}
