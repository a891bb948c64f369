//! The CSA reader that checks while reading ([`super::read::read_checking`]) reads
//! the games [`super::read`] reads and finds exactly what the replay of validation
//! finds ([`crate::rules::check`]) on them: illegal moves, a foul the record ends
//! the game with, a repetition played past, a claimed ending the position
//! contradicts, in every game of a collection.

use super::read;
use super::read::read_checking;
use crate::diag::Severity;
use crate::rules;

/// Reads `text` both ways; the games, the reader's reports, the spans and the
/// findings must agree (the move numbers given when there is a finding). Returns
/// the findings of each game as (node, code, severity).
fn both_ways(text: &str) -> Vec<Vec<(u32, &'static str, Severity)>> {
    let (parsed, found) = read_checking(text);
    let plain = read(text);
    assert_eq!(parsed.diagnostics, plain.diagnostics, "the reports differ");
    assert_eq!(parsed.node_spans, plain.node_spans, "the spans differ");
    assert_eq!(parsed.collection, plain.collection, "the games differ");
    assert_eq!(found.len(), plain.collection.games.len());
    for (f, g) in found.iter().zip(&plain.collection.games) {
        assert_eq!(f.findings, rules::check(g), "the findings differ");
        let numbers = if f.findings.is_empty() {
            Vec::new()
        } else {
            g.tree.move_numbers()
        };
        assert_eq!(f.move_numbers, numbers);
        assert!(!f.analysis);
    }
    found
        .into_iter()
        .map(|f| {
            f.findings
                .into_iter()
                .map(|f| (f.node.0, f.code.name, f.severity()))
                .collect()
        })
        .collect()
}

const HEAD: &str = "V2.2\nPI\n+\n";

#[test]
fn a_foul_the_record_ends_with_and_an_illegal_move_are_found_while_reading() {
    // Game 1: move 3 (a rook through its own pawn) is a foul the record ends the
    // game with. Game 2: the same move with no such ending, then the game goes on.
    let text = format!(
        "{HEAD}+7776FU\n-3334FU\n+2824HI\n%ILLEGAL_MOVE\n/\n{HEAD}+7776FU,T3\n-3334FU,T1\n+2824HI\n-8384FU\n"
    );
    assert_eq!(
        both_ways(&text),
        vec![
            vec![(3, "shogi::recorded-foul", Severity::Info)],
            vec![(3, "shogi::unreachable", Severity::Error)],
        ]
    );
}

#[test]
fn a_repetition_played_past_and_a_wrong_claim_are_found_while_reading() {
    let mut text = String::from(HEAD);
    let shuffle = ["+5958OU", "-5152OU", "+5859OU", "-5251OU"];
    for m in shuffle.iter().cycle().take(16) {
        text.push_str(m);
        text.push('\n');
    }
    text.push_str("+7776FU\n%TSUMI\n");
    // The start position stands for the fourth time after move 12; 詰み is claimed
    // after move 17 (node 18) where no one is mated.
    assert_eq!(
        both_ways(&text),
        vec![vec![
            (13, "shogi::unclaimed-repetition", Severity::Warning),
            (18, "shogi::false-checkmate", Severity::Error),
        ]]
    );
}

#[test]
fn a_game_without_findings_has_no_move_numbers() {
    let text = format!("{HEAD}+7776FU,T12\n-3334FU,T0.5\n%TORYO\n");
    assert_eq!(both_ways(&text), vec![Vec::new()]);
    let (_, found) = read_checking(&text);
    assert_eq!(found[0].move_numbers, Vec::<Option<u32>>::new());
    assert_eq!(found[0].findings, Vec::new());
}
