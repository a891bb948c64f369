//! Gomoku in SGF (`GM[4]`): the rule from `RU[]`, logs to SGF and back, and the renju
//! checks positioned in SGF text.

use kifu::formats::{self, Format};
use kifu::model::{GameKind, GomokuRule};
use kifu::rules::renju;
use kifu::{Input, ReadOutcome};

fn format(name: &str) -> &'static Format {
    formats::by_name(name).unwrap()
}

fn read_as(bytes: &[u8], name: &str) -> ReadOutcome {
    kifu::read(&Input {
        bytes: bytes.into(),
        path: None,
        format: Some(format(name)),
        encoding: None,
    })
    .unwrap()
}

fn rule_of(o: &ReadOutcome) -> GomokuRule {
    match &o.parsed.collection.games[0].kind {
        GameKind::Gomoku { rule, .. } => rule.clone(),
        other => panic!("not gomoku: {other:?}"),
    }
}

/// Diagnostics as (code, line, column, move, message) with 1-based line and column
/// (an SGF node's span starts at its `;`).
fn validate_sgf(text: &str) -> Vec<(&'static str, usize, usize, Option<u32>, String)> {
    let mut o = read_as(text.as_bytes(), "sgf");
    kifu::validate(&mut o);
    let text = o.text.clone().unwrap();
    o.parsed
        .diagnostics
        .iter()
        .map(|d| {
            let before = &text[..d.span.start];
            let line = before.matches('\n').count() + 1;
            let col = before.rsplit('\n').next().unwrap().chars().count() + 1;
            (d.code, line, col, d.move_number, d.message.clone())
        })
        .collect()
}

#[test]
fn the_rule_comes_from_ru_and_defaults_to_renju() {
    for (ru, rule) in [
        ("", GomokuRule::Renju),
        ("RU[renju]", GomokuRule::Renju),
        ("RU[RIF]", GomokuRule::Renju),
        ("RU[Standard]", GomokuRule::Gomoku),
        ("RU[gomoku]", GomokuRule::Gomoku),
        ("RU[Freestyle]", GomokuRule::Freestyle),
        ("RU[seed]", GomokuRule::Seed),
        ("RU[Pro]", GomokuRule::Other("Pro".into())),
    ] {
        let o = read_as(format!("(;FF[4]GM[4]SZ[15]{ru};B[hh])").as_bytes(), "sgf");
        assert_eq!(rule_of(&o), rule, "{ru}");
    }
}

#[test]
fn a_log_goes_to_sgf_and_back_byte_for_byte() {
    let log = [5u8, 0x77, 0x78, 0x66, 0x88, 0x55];
    let o = read_as(&log, "omok");
    let sgf = kifu::write(&o.parsed.collection, format("sgf"), None, None).unwrap();
    let text = String::from_utf8(sgf.bytes.clone()).unwrap();
    assert_eq!(
        text,
        "(;FF[4]CA[UTF-8]GM[4]SZ[15]RU[seed]\n;B[hh];W[hi];B[gg];W[ii];B[ff])\n"
    );
    let back = read_as(&sgf.bytes, "sgf");
    assert!(back.parsed.diagnostics.is_empty());
    assert_eq!(rule_of(&back), GomokuRule::Seed);
    let again = kifu::write(&back.parsed.collection, format("omok"), None, None).unwrap();
    assert_eq!(again.bytes, log);
    assert!(again.losses.is_empty(), "{:?}", again.losses);
    // And through json too: the same model.
    let json = kifu::write(&back.parsed.collection, format("json"), None, None).unwrap();
    let from_json = read_as(&json.bytes, "json");
    assert_eq!(from_json.parsed.collection, back.parsed.collection);
}

#[test]
fn an_sgf_renju_game_reports_forbidden_moves_and_turns_at_their_nodes() {
    // Black's move 11 at (10, 9) = SGF `kj` is a double-three under renju.
    let text =
        "(;FF[4]GM[4]SZ[15]\n;B[hh];W[aa];B[hj];W[ab];B[ij];W[ac];B[kh];W[ad];B[ki];W[ao]\n;B[kj])";
    assert_eq!(
        validate_sgf(text),
        vec![(
            "renju::double-three",
            3,
            1,
            Some(11),
            "black's move 11 at (10, 9) is a forbidden double-three (3-3) under the renju rule"
                .into()
        )]
    );
    let o = read_as(text.as_bytes(), "sgf");
    assert_eq!(
        renju::result_line(&o.parsed.collection.games[0]).as_deref(),
        Some("white wins: black's move 11 is a forbidden double-three (3-3) (rule renju)")
    );
    // Black twice in a row.
    let text = "(;FF[4]GM[4]SZ[15]\n;B[hh]\n;B[ii])";
    assert_eq!(
        validate_sgf(text),
        vec![(
            "renju::not-alternating",
            3,
            1,
            Some(2),
            "move 2 is black's, but it is white's turn".into()
        )]
    );
}

#[test]
fn a_recorded_result_that_disagrees_with_the_moves_is_an_error() {
    let text = "(;FF[4]GM[4]SZ[15]RU[freestyle]RE[W+R]\n;B[hh];W[aa];B[hi];W[ab];B[hj];W[ac];B[hk];W[ad];B[hl])";
    let d = validate_sgf(text);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].0, "renju::false-result");
    assert_eq!(
        d[0].4,
        "the record says white won, but black made five at move 9"
    );
    // Which side won is uncertain: an error (the code registry's rule).
    let mut o = read_as(text.as_bytes(), "sgf");
    kifu::validate(&mut o);
    assert_eq!(
        o.parsed.diagnostics[0].severity,
        kifu::diag::Severity::Error
    );
}

#[test]
fn set_rule_rewrites_the_kept_ru_text() {
    let mut o = read_as(b"(;FF[4]GM[4]SZ[15]RU[Renju];B[hh])", "sgf");
    renju::set_rule(&mut o.parsed.collection, &GomokuRule::Freestyle);
    let sgf = kifu::write(&o.parsed.collection, format("sgf"), None, None).unwrap();
    assert_eq!(
        String::from_utf8(sgf.bytes).unwrap(),
        "(;FF[4]CA[UTF-8]GM[4]SZ[15]RU[freestyle]\n;B[hh])\n"
    );
}
