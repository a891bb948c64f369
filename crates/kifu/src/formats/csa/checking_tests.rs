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

#[test]
fn the_usual_move_line_is_read_at_once_as_the_general_reading_reads_it() {
    // Each line read at once (a move, maybe a whole-second time, LF, CRLF or the
    // end) reads as the same line does when something sends it to the general
    // reading: a blank before it (its spans one byte later), or a comment after it.
    let lines = [
        "+7776FU",
        "-3334FU,T0",
        "+2726FU,T999999999999",
        "-8384FU,T1234567890123",
        "+2625FU,T12.5",
        "-8485FU,T",
        "+6978KI,T7",
    ];
    // Lines ended by LF, by CRLF, and by LF with the last at the end of the text.
    for (between, end) in [("\n", "\n"), ("\r\n", "\r\n"), ("\n", "")] {
        let fast = lines.join(between) + end;
        let plain = read(&format!("PI\n+\n{fast}"));
        let spaced: Vec<String> = lines.iter().map(|l| format!(" {l}")).collect();
        let slow = read(&format!("PI\n+\n{}{end}", spaced.join(between)));
        assert_eq!(plain.collection, slow.collection, "{end:?}");
        let shift = |spans: &[crate::diag::Span]| -> Vec<(usize, usize)> {
            spans.iter().map(|s| (s.start, s.end)).collect()
        };
        let moved: Vec<(usize, usize)> = shift(&slow.node_spans[0])
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| {
                // Move i stands i blanks later (one on each line up to its own).
                (a - i, b - i)
            })
            .collect();
        assert_eq!(shift(&plain.node_spans[0])[1..], moved[1..], "{end:?}");
        let codes: Vec<&str> = plain.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(
            codes,
            vec!["csa::time-out-of-range", "csa::bad-time"],
            "{end:?}"
        );
        let times: Vec<Option<u64>> = plain.collection.games[0]
            .tree
            .main_line()
            .skip(1)
            .map(|(_, n)| n.time_used_ms())
            .collect();
        assert_eq!(
            times,
            vec![
                None,
                Some(0),
                Some(999_999_999_999_000),
                None,
                Some(12_500),
                None,
                Some(7_000)
            ],
            "{end:?}"
        );
    }
}

/// A comment's first line leaves room for a second as long, so a comment of two
/// such lines is built without growing (11 bytes, where `String`'s growth made
/// 16); the text is the lines joined.
#[test]
fn a_two_line_comment_is_built_in_its_first_room() {
    let text = "PI\n+\n+7776FU\n'*first\n'*secon\n-3334FU\n'*one\n";
    let parsed = read(text);
    let game = &parsed.collection.games[0];
    let first = game
        .tree
        .get(crate::model::NodeId(1))
        .expect("the first move");
    let comment = first.comment.as_ref().expect("its comment");
    assert_eq!(comment, "first\nsecon");
    assert_eq!(comment.capacity(), 11);
    let second = game
        .tree
        .get(crate::model::NodeId(2))
        .expect("the second move");
    assert_eq!(second.comment.as_deref(), Some("one"));
}
