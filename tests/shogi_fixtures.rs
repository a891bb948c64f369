//! Shogi on records of our own (`fixtures/shogi/`, an invented game in KIF, KIF in
//! CP932, KI2, CSA and JKF): read in every checkout with exact values, the five formats
//! agreeing, and each written back reading the same. The real records of
//! `../shared/corpus/shogi/` are read by `tests/shogi.rs` when they are beside the
//! checkout.

use std::path::Path;

use kifu::model::{Color, Game, GameResult, WinReason};

fn read(name: &str) -> kifu::ReadOutcome {
    let path = Path::new("fixtures/shogi").join(name);
    let bytes = std::fs::read(&path).expect("fixture");
    let mut out = kifu::read(&kifu::Input {
        bytes: (&bytes).into(),
        path: Some(&path),
        format: None,
        encoding: None,
    })
    .expect("reads");
    kifu::validate(&mut out);
    out
}

/// The main line as a USI command line (the USI writer's own output).
fn usi(game: &Game) -> String {
    let c = kifu::model::Collection {
        games: vec![game.clone()],
    };
    let usi = kifu::formats::by_name("usi").expect("usi");
    let written = kifu::write(&c, usi, None, None).expect("writes USI");
    String::from_utf8(written.bytes).expect("UTF-8")
}

const LINE: &str =
    "position startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d P*2c 2d2h\n";

#[test]
fn every_own_shogi_record_reads_with_its_game() {
    for (name, format, encoding, decided_by, variations) in [
        ("opening.kifu", "kif", "UTF-8", "declared", 1),
        ("opening.kif", "kif", "Shift_JIS", "format-default", 1),
        ("opening.ki2", "ki2", "UTF-8", "utf8-valid", 1),
        ("opening.csa", "csa", "UTF-8", "utf8-valid", 0),
        ("opening.jkf", "jkf", "UTF-8", "utf8-valid", 1),
    ] {
        let out = read(name);
        assert_eq!(out.format.name, format, "{name}");
        assert_eq!(out.source.encoding.as_deref(), Some(encoding), "{name}");
        assert_eq!(
            out.source.encoding_decided_by.as_deref(),
            Some(decided_by),
            "{name}"
        );
        assert_eq!(out.parsed.diagnostics, vec![], "{name}");
        let games = &out.parsed.collection.games;
        assert_eq!(games.len(), 1, "{name}");
        let g = &games[0];
        assert_eq!(g.info.black.name.as_deref(), Some("山田一郎"), "{name}");
        assert_eq!(g.info.white.name.as_deref(), Some("川上次郎"), "{name}");
        assert_eq!(g.info.event.as_deref(), Some("第1回キフ杯"), "{name}");
        assert_eq!(
            g.info.result,
            Some(GameResult::Win {
                winner: Color::Black,
                reason: WinReason::Resign
            }),
            "{name}"
        );
        assert_eq!(g.tree.variation_count(), variations, "{name}");
        assert_eq!(usi(g), LINE, "{name}");
        let comments: Vec<&str> = g
            .tree
            .preorder()
            .filter_map(|(_, n)| n.comment.as_deref())
            .collect();
        assert!(comments.contains(&"飛車先の歩を交換する。"), "{name}");
        if variations == 1 {
            assert!(comments.contains(&"振り飛車も考えられた。"), "{name}");
        }
    }
}

/// Each record written back in its own format (and KIF in UTF-8) reads to the same
/// main line, variations and comments.
#[test]
fn every_own_shogi_record_reads_back_after_writing() {
    for (name, format) in [
        ("opening.kifu", "kif"),
        ("opening.kif", "kif"),
        ("opening.ki2", "ki2"),
        ("opening.csa", "csa"),
        ("opening.jkf", "jkf"),
    ] {
        let out = read(name);
        let f = kifu::formats::by_name(format).expect("registered");
        let written = kifu::write(
            &out.parsed.collection,
            f,
            Some(kifu::text::TextEncoding::UTF_8),
            None,
        )
        .expect("writes");
        let losses: Vec<&str> = written.losses.iter().map(|l| l.message.as_str()).collect();
        // Nothing is lost (JKF's 手合割 names the start it writes: framing, #32).
        assert_eq!(losses, Vec::<&str>::new(), "{name}");
        let mut back = kifu::read(&kifu::Input {
            bytes: (&written.bytes).into(),
            path: None,
            format: Some(f),
            encoding: None,
        })
        .expect("reads back");
        kifu::validate(&mut back);
        assert_eq!(back.parsed.diagnostics, vec![], "{name}");
        let (a, b) = (
            &out.parsed.collection.games[0],
            &back.parsed.collection.games[0],
        );
        assert_eq!(usi(b), usi(a), "{name}");
        assert_eq!(b.tree.variation_count(), a.tree.variation_count(), "{name}");
        let comments = |g: &Game| -> Vec<String> {
            g.tree
                .preorder()
                .filter_map(|(_, n)| n.comment.clone())
                .collect()
        };
        assert_eq!(comments(b), comments(a), "{name}");
    }
}

/// The UTF-8 KIF is kifu's canonical form: written back in UTF-8 it comes back byte
/// for byte.
#[test]
fn the_utf8_kif_rewrites_byte_for_byte() {
    let bytes = std::fs::read("fixtures/shogi/opening.kifu").expect("fixture");
    let out = read("opening.kifu");
    let kif = kifu::formats::by_name("kif").expect("kif");
    let written = kifu::write(
        &out.parsed.collection,
        kif,
        Some(kifu::text::TextEncoding::UTF_8),
        None,
    )
    .expect("writes");
    assert_eq!(
        String::from_utf8_lossy(&written.bytes),
        String::from_utf8_lossy(&bytes)
    );
}
