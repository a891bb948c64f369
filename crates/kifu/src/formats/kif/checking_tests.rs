//! The KIF and KI2 readers that check while reading ([`super::read_checking`],
//! [`super::read_ki2_checking`]) find exactly what the replay of validation finds
//! ([`crate::rules::check`]) on the game they read, and so does the reader that reads
//! the game whole and checks it as it reads ([`super::read::read_whole_checking`]):
//! illegal moves in the main line
//! and in variations, a foul the record ends the game with, a repetition played
//! past, a claimed ending the position contradicts.

use super::read::{read_checking, read_ki2_checking, read_whole_checking};
use super::{read, read_ki2};
use crate::diag::Severity;
use crate::formats::FoundWhileReading;
use crate::model::NodeId;
use crate::rules;

/// Reads `text` both ways; the findings, the move numbers of the nodes, the
/// reader's reports and the nodes' spans must agree. Returns the findings as (node,
/// code, severity).
fn both_ways(text: &str, ki2: bool) -> Vec<(NodeId, &'static str, Severity)> {
    let (parsed, found) = if ki2 {
        read_ki2_checking(text)
    } else {
        read_checking(text)
    };
    let plain = if ki2 { read_ki2(text) } else { read(text) };
    assert_eq!(parsed.diagnostics, plain.diagnostics, "the reports differ");
    assert_eq!(parsed.node_spans, plain.node_spans, "the spans differ");
    let replayed: Vec<FoundWhileReading> = plain
        .collection
        .games
        .iter()
        .map(|g| FoundWhileReading {
            findings: rules::check(g),
            move_numbers: g.tree.move_numbers(),
            analysis: false,
        })
        .collect();
    assert_eq!(found, replayed);
    // A check keeps no tree.
    assert!(parsed.collection.games.iter().all(|g| g.tree.len() == 1));
    // Read whole and checked: the games of a plain read, the same findings, the
    // move numbers left to the tree.
    let (whole, whole_found) = read_whole_checking(text, ki2);
    assert_eq!(whole.collection, plain.collection, "the games differ");
    assert_eq!(whole.diagnostics, plain.diagnostics, "the reports differ");
    assert_eq!(whole.node_spans, plain.node_spans, "the spans differ");
    let without_numbers: Vec<FoundWhileReading> = replayed
        .iter()
        .map(|f| FoundWhileReading {
            move_numbers: Vec::new(),
            ..f.clone()
        })
        .collect();
    assert_eq!(whole_found, without_numbers);
    found
        .into_iter()
        .flat_map(|f| f.findings)
        .map(|f| (f.node, f.code.name, f.severity()))
        .collect()
}

const HEAD: &str = "手合割：平手\n手数----指手---------消費時間--\n";

/// Move 3 (a rook through its own pawn) is a foul the record ends the game with;
/// the variation from move 3 plays the same foul without that ending, then a
/// variation from move 5 leaves the king in check.
const KIF_WITH_FOULS: &str = "手合割：平手
手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)
   3 ２四飛(28)
   4 反則負け
変化：3手
   3 ２四飛(28)
   4 ８四歩(83)
   5 ６八玉(59)
   6 ８八角成(22)
   7 投了
変化：5手
   5 ４八銀(39)
   6 ５二玉(51)
   7 ５八金(49)
   8 ２二角成(88)
   9 ４二玉(52)
";

#[test]
fn fouls_in_the_main_line_and_variations_are_found_as_the_replay_finds_them() {
    let found = both_ways(KIF_WITH_FOULS, false);
    let codes: Vec<(u32, &str, Severity)> = found.iter().map(|f| (f.0 .0, f.1, f.2)).collect();
    // Nodes: 1–4 the main line (4: 反則負け), 5–9 the variation from move 3.
    assert_eq!(
        codes,
        vec![
            (3, "shogi::recorded-foul", Severity::Info),
            (5, "shogi::unreachable", Severity::Error),
        ]
    );
}

#[test]
fn a_repetition_played_past_and_a_wrong_claim_are_found_while_reading() {
    let mut text = String::from(HEAD);
    let shuffle = ["５八玉(59)", "５二玉(51)", "５九玉(58)", "５一玉(52)"];
    let mut n = 0;
    for m in shuffle.iter().cycle().take(16) {
        n += 1;
        text.push_str(&format!("{n:>4} {m}\n"));
    }
    text.push_str(&format!("{:>4} ７六歩(77)\n{:>4} 詰み\n", n + 1, n + 2));
    let found = both_ways(&text, false);
    let codes: Vec<(u32, &str, Severity)> = found.iter().map(|f| (f.0 .0, f.1, f.2)).collect();
    // The start position stands for the fourth time after move 12.
    assert_eq!(
        codes,
        vec![
            (13, "shogi::unclaimed-repetition", Severity::Warning),
            (18, "shogi::false-checkmate", Severity::Error),
        ]
    );
}

#[test]
fn ki2_fouls_are_found_while_reading() {
    // Move 7 drops a pawn on a file that holds one of black's (二歩); the record
    // ends the game with it; the variation plays it again without that ending.
    let text = "手合割：平手\n\n▲２六歩 △２四歩 ▲２五歩 △同歩 ▲同飛 △３四歩\n▲７五歩打\nまで7手で後手の反則勝ち\n\n変化：7手\n▲７五歩打 △８四歩\n";
    let found = both_ways(text, true);
    let codes: Vec<(u32, &str, Severity)> = found.iter().map(|f| (f.0 .0, f.1, f.2)).collect();
    // Nodes: 1–8 the main line (8: the foul), 9–10 the variation.
    assert_eq!(
        codes,
        vec![
            (7, "shogi::recorded-foul", Severity::Info),
            (9, "shogi::double-pawn", Severity::Error),
        ]
    );
}
