//! `kifu::check` (what `kifu validate` runs), of bytes borrowed and of bytes given away: the same verdicts
//! as `read` followed by `validate`, for every corpus file, and for large SGF collections that are read in
//! pieces on several threads, with exact positions.

use std::path::{Path, PathBuf};

use kifu::text::LineIndex;
use kifu::{Checked, Input};

mod common;
use common::corpus;

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .collect();
    out.sort();
    out
}

fn input<'a>(bytes: &'a [u8], path: Option<&'a Path>) -> Input<'a> {
    Input {
        bytes: bytes.into(),
        path,
        format: path
            .is_none()
            .then(|| kifu::formats::by_name("sgf"))
            .flatten(),
        encoding: None,
    }
}

/// Asserts that `check` gives what `read` + `validate` give.
fn assert_same_as_read_and_validate(bytes: &[u8], path: Option<&Path>) -> Checked {
    let checked = kifu::check(input(bytes, path), None).expect("checks");
    let mut read = kifu::read(&input(bytes, path)).expect("reads");
    kifu::validate(&mut read);
    let what = path.map_or("generated".into(), |p| p.display().to_string());
    assert_eq!(checked.format.name, read.format.name, "{what}");
    assert_eq!(checked.source, read.source, "{what}");
    assert_eq!(checked.text, read.text, "{what}");
    assert_eq!(checked.games, read.parsed.collection.games.len(), "{what}");
    assert_eq!(checked.diagnostics, read.parsed.diagnostics, "{what}");
    // The same with the bytes given away (what `kifu validate` does).
    let given = kifu::Input {
        bytes: std::borrow::Cow::Owned(bytes.to_vec()),
        ..input(bytes, path)
    };
    let owned = kifu::check(given, None).expect("checks");
    assert_eq!(owned.source, checked.source, "{what}");
    assert_eq!(owned.text, checked.text, "{what}");
    assert_eq!(owned.games, checked.games, "{what}");
    assert_eq!(owned.diagnostics, checked.diagnostics, "{what}");
    checked
}

#[test]
fn every_corpus_file_checks_as_it_reads_and_validates() {
    let Some(root) = corpus::path("") else {
        return;
    };
    let mut seen = 0;
    let folders = ["go-servers", "sgf", "shogi"].map(|f| files(&root.join(f)));
    for path in folders.into_iter().flatten() {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let probe = input(&bytes, Some(&path));
        if kifu::detect_format(&probe).is_err() {
            continue;
        }
        assert_same_as_read_and_validate(&bytes, Some(&path));
        seen += 1;
    }
    // 109 once Pandanet's files were no longer taken for CSA (#19); the GIB, NGF and
    // UGF readers read all eight Go server archives.
    assert_eq!(seen, 117, "corpus files with a format kifu reads");
}

/// A legal little game with CJK comments, escapes and a variation.
fn game(i: usize) -> String {
    format!(
        "(;FF[4]CA[UTF-8]GM[1]SZ[19]PB[黒 {i}]PW[백]C[対局 \\] {i}]\n;B[dd];W[pp]C[好手]\n(;B[dp];W[pd])(;B[pd]C[변화];W[dp]))\n"
    )
}

/// 14,000 little games (about 1.8 MB: large enough to be read in pieces on several
/// threads), with `odd` inserted before game number `at`.
fn collection_with(at: usize, odd: &str) -> String {
    let mut text = String::new();
    for i in 0..14_000 {
        if i == at {
            text.push_str(odd);
        }
        text.push_str(&game(i));
    }
    assert!(text.len() > 1 << 20);
    text
}

/// Offset, line and column (1-based) of the `n`th occurrence of `needle`.
fn locate(text: &str, needle: &str) -> (usize, usize, usize) {
    let offset = text.find(needle).expect("needle is there");
    let (line, column) = LineIndex::new(text).line_col_in(text, offset);
    (offset, line, column)
}

#[test]
fn a_large_collection_read_in_pieces_reports_exact_positions() {
    // Black plays on its own stone at dd: occupied.
    let mut text = collection_with(7_000, "(;FF[4]GM[1]SZ[19];B[dd];W[pp];B[dd])\n");
    // White captures nothing and has no liberty at aa: suicide, in the last game.
    text.push_str("(;FF[4]GM[1]SZ[9];B[ba];W[ee];B[ab];W[aa])\n");
    let checked = assert_same_as_read_and_validate(text.as_bytes(), None);
    assert_eq!(checked.games, 14_002);
    let index = LineIndex::new(&text);
    let found: Vec<(usize, usize, &str, Option<u32>)> = checked
        .diagnostics
        .iter()
        .map(|d| {
            let (line, col) = index.line_col_in(&text, d.span.start);
            (line, col, d.code, d.move_number)
        })
        .collect();
    let (_, occupied_line, _) = locate(&text, "(;FF[4]GM[1]SZ[19];B[dd];W[pp];B[dd])");
    let (_, suicide_line, _) = locate(&text, "(;FF[4]GM[1]SZ[9]");
    assert_eq!(
        found,
        vec![
            (occupied_line, 31, "go::occupied", Some(3)),
            (suicide_line, 36, "go::suicide", Some(4)),
        ]
    );
    assert_eq!(
        checked.diagnostics[0].message,
        "black plays at dd, where a black stone stands"
    );
}

#[test]
fn a_large_collection_with_a_syntax_error_reports_everything_once() {
    let text = collection_with(9_000, "(;FF[4]GM[1]SZ[19];B[dd]XY;W[pp])\n");
    let checked = assert_same_as_read_and_validate(text.as_bytes(), None);
    assert_eq!(checked.games, 14_001);
    let codes: Vec<&str> = checked.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, vec!["sgf::property-without-value"]);
    let (offset, _, _) = locate(&text, "XY;W[pp]");
    assert_eq!(checked.diagnostics[0].span.start, offset);
}

#[test]
fn legacy_values_rules_and_repairs_check_as_they_read_and_validate() {
    // Readings settled when a game ends (TM with OT), Fox komi with AP after KM,
    // suicide by RU, a setup stone repeating the move, a file without FF.
    let text = "(;FF[4]GM[1]KM[375]AP[foxwq]TM[10:00(5x1:00)]OT[x]RU[Foo];B[aa])\n\
                (;GM[1]SZ[9]RU[NZ];B[ca];W[ee];B[bb];W[ba];B[ab];W[aa];B[ba])\n\
                (;CoPyright[c];W[qk]AE[sj]AW[qk]AB[rj];B[tt])";
    let checked = assert_same_as_read_and_validate(text.as_bytes(), None);
    let codes: Vec<&str> = checked.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        vec![
            "sgf::fox-komi",
            "sgf::legacy-time",
            "sgf::unknown-rules",
            "sgf::old-identifier",
            "sgf::move-with-setup",
            "sgf::setup-repeats-move",
            "sgf::tt-pass",
            "go::setup-no-effect",
        ]
    );
}

/// Games whose lines, variations, setup, passes, repeats and game information below
/// the root put the check made as an SGF is read (Go games walked in source order,
/// no tree built) to the test: each checks exactly as it reads and validates, and
/// the findings are where the rules put them.
/// Move nodes with markup, which a check takes through the reader's fast lane when
/// the general path would report nothing on them: each checks exactly as it reads
/// and validates (the general path), with what the general path reports.
#[test]
fn move_nodes_with_markup_check_as_they_read_and_validate() {
    let cases: &[(&str, &[(&str, &str)])] = &[
        // Taken by the lane: symbols, pairs, labels (a label may hold `:` or nothing).
        ("(;SZ[9];B[ee]TR[aa]SQ[bb][cc]CR[dd]MA[ef]SL[ii];W[ff]AR[aa:ii]LN[ii:aa]LB[ab:A][ac:b:c][ad:])", &[]),
        ("(;SZ[9];B[ee]BL[30]OB[2]C[x]TR[ee]LB[ff:A];W[ee])", &[("go::occupied", ";W[ee]")]),
        // Reported by the general path: a point off the board, marked twice, a
        // property twice, a value of the wrong shape, a NUL in a label.
        ("(;SZ[9];B[ee]TR[ji])", &[("sgf::bad-point", "[ji]")]),
        ("(;SZ[9];B[ee]AR[aa:aj])", &[("sgf::expected-compose", "[aa:aj")]),
        ("(;SZ[9];B[ee]TR[aa]LB[aa:A])", &[("sgf::duplicate-markup", ";B[ee]")]),
        ("(;SZ[9];B[ee]TR[aa]TR[bb])", &[("sgf::duplicate-property-merged", "TR[bb]")]),
        ("(;SZ[9];B[ee]TR[])", &[("sgf::empty-value", "TR[]")]),
        ("(;SZ[9];B[ee]LB[aa])", &[("sgf::expected-compose", "[aa]")]),
        ("(;SZ[9];B[ee]LB[aa:a\0b])", &[("sgf::nul-byte", "[aa:a\0")]),
        ("(;SZ[9];B[ee]AR[a a:bb])", &[("sgf::spaces-in-point", "[a a:b")]),
        ("(;SZ[9];B[ee]TR[a a])", &[("sgf::spaces-in-point", "[a a]")]),
        ("(;SZ[9]AB[bb:c c];W[ee])", &[("sgf::spaces-in-point", "[bb:c ")]),
        // Not for the lane, but nothing to report: blanks, an escape, markup in
        // another order.
        ("(;SZ[9];B[ee]TR[aa] SQ[bb]LB[cc:\\]];W[aa]C[x]TR[bb])", &[]),
    ];
    for (text, expected) in cases {
        let checked = assert_same_as_read_and_validate(text.as_bytes(), None);
        let found: Vec<(&str, &str)> = checked
            .diagnostics
            .iter()
            .map(|d| {
                let at = text.get(d.span.start..d.span.end).unwrap_or("");
                (d.code, at.get(..at.len().min(6)).unwrap_or(at))
            })
            .collect();
        assert_eq!(&found, expected, "{text}");
    }
}

/// A Go game checked as it is read keeps only that its names, event, comment … are
/// set: enough for game information repeated below the root, found as a reading
/// finds it.
#[test]
fn game_information_repeated_below_the_root_is_found_as_read() {
    let text = "(;SZ[9]PB[Lee]EV[Cup]GC[x]AP[k:1](;B[aa]PB[Cho];W[bb]GC[y]EV[Cup])(;B[cc]PW[Kim]))";
    let checked = assert_same_as_read_and_validate(text.as_bytes(), None);
    let found: Vec<(&str, &str)> = checked
        .diagnostics
        .iter()
        .map(|d| (d.code, text.get(d.span.start..d.span.end).unwrap_or("")))
        .collect();
    assert_eq!(
        found,
        [
            ("sgf::game-info-outside-root", "PB[Cho]"),
            ("sgf::game-info-outside-root", "GC[y]"),
            ("sgf::game-info-outside-root", "EV[Cup]"),
            ("sgf::variation-game-info", "PW[Kim]"),
        ]
    );
}

#[test]
fn go_games_checked_as_read_find_what_the_tree_walk_finds() {
    let cases: &[(&str, &[(&str, &str)])] = &[
        // Variations nested and single, each line from its branch point.
        (
            "(;GM[1]SZ[9];B[ee];W[ec](;B[cc];W[gg](;B[gc])(;B[gc];W[gd]))(;B[ec]))",
            &[("go::occupied", ";B[ec]")],
        ),
        ("(;SZ[9];B[aa](;W[bb];B[cc]))(;SZ[9];B[aa];B[bb])", &[("go::same-colour-twice", ";B[bb]")]),
        // A ko retaken at once in one variation, after threats in the next.
        (
            "(;SZ[5]RU[Chinese]AB[ba][ab][bc]AW[bb][ca][db][cc];B[cb](;W[bb])(;W[ee];B[ed];W[bb];B[dd]))",
            &[("go::ko", ";W[bb]")],
        ),
        // Suicide: illegal under Japanese rules, played under New Zealand rules.
        ("(;SZ[3]AB[ba][ab];W[aa])", &[("go::suicide", ";W[aa]")]),
        ("(;SZ[3]RU[NZ]AB[ba][ab];W[cc];B[ca];W[aa];B[bb])", &[]),
        // Setup in a variation, with PL; a move with setup; AE of an empty point.
        (
            "(;SZ[9];B[cc](;AB[dd]PL[B];B[ee])(;W[dd]AE[cc];W[ee];AE[aa]))",
            &[
                ("go::same-colour-twice", ";W[ee]"),
                ("go::setup-no-effect", ";AE[aa"),
            ],
        ),
        // Passes (FF[4] `B[]`, FF[3] `tt`) and a move off the board.
        ("(;FF[3]SZ[19];B[tt];W[];B[dd])", &[]),
        ("(;SZ[9];B[jj])", &[]),
        // A root with a move, split from it.
        ("(;SZ[9]B[ee];W[ee])", &[("go::occupied", ";W[ee]")]),
        // Game information below the root: on the trunk (joins the game's, RU there
        // changes the rules: the game is read again) and in a variation (stays).
        ("(;SZ[3];RU[NZ]AB[ba][ab];W[cc];B[ca];W[aa];B[bb])", &[]),
        (
            "(;SZ[3]AB[ba][ab](;RU[NZ]W[aa])(;W[aa]))",
            &[("go::suicide", ";RU[NZ"), ("go::suicide", ";W[aa]")],
        ),
        ("(;SZ[9]KM[6.5];B[aa];RE[B+1])", &[("go::komi-margin", ";SZ[9]")]),
        ("(;SZ[9];HA[2];B[aa])", &[]),
        // A node after a closed variation (a `(` missing), an unclosed game, an
        // empty variation.
        ("(;SZ[9];B[aa](;W[bb]);W[bb];B[cc])", &[]),
        ("(;SZ[9];B[aa](;W[bb];B[aa]", &[("go::occupied", ";B[aa]")]),
        ("(;SZ[9];B[aa]()(;W[aa]))", &[("go::occupied", ";W[aa]")]),
        // Gomoku and a skipped game between Go games.
        ("(;GM[4]SZ[15];B[hh];W[hi])(;GM[3];B[aa])(;SZ[9];B[aa];W[aa])", &[("go::occupied", ";W[aa]")]),
    ];
    for (text, expected) in cases {
        let checked = assert_same_as_read_and_validate(text.as_bytes(), None);
        let found: Vec<(&str, &str)> = checked
            .diagnostics
            .iter()
            .filter(|d| d.code.starts_with("go::"))
            .map(|d| {
                let at = text.get(d.span.start..d.span.end).unwrap_or("");
                (d.code, at.get(..at.len().min(6)).unwrap_or(at))
            })
            .collect();
        assert_eq!(&found, expected, "{text}");
    }
}
