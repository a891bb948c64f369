//! The gomoku archive formats of issue #21 (points 4–6): PSQ (Piskvork/Gomocup), RenLib
//! libraries and RIF databases. Exact models, exact diagnostics, conversions to SGF
//! `GM[4]` that validate, JSON and omok, and sniffing against every fixture.

use std::path::{Path, PathBuf};

use kifu::diag::{Diagnostic, Severity};
use kifu::formats::{self, Format};
use kifu::model::{
    BoardSize, Color, Game, GameKind, GameResult, GomokuRule, Label, Move, NodeId, Point, WinReason,
};
use kifu::{Input, ReadOutcome};

fn format(name: &str) -> &'static Format {
    formats::by_name(name).unwrap()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(rel: &str) -> Vec<u8> {
    std::fs::read(root().join(rel)).unwrap()
}

fn read_path(rel: &str) -> ReadOutcome {
    let bytes = fixture(rel);
    let path = root().join(rel);
    kifu::read(&Input {
        bytes: (&bytes).into(),
        path: Some(&path),
        format: None,
        encoding: None,
    })
    .unwrap()
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

/// (colour, x, y) of the main line's stones.
fn main_moves(game: &Game) -> Vec<(Color, u8, u8)> {
    game.tree
        .main_line()
        .filter_map(|(_, n)| match n.mv {
            Some(Move::Stone(s)) => s.point.map(|p| (s.color, p.x, p.y)),
            _ => None,
        })
        .collect()
}

/// Diagnostics of a text format as (code, line, column, message), 1-based.
fn located(o: &ReadOutcome) -> Vec<(&'static str, usize, usize, String)> {
    let text = o.text.clone().unwrap();
    o.parsed
        .diagnostics
        .iter()
        .map(|d| {
            let before = &text[..d.span.start];
            let line = before.matches('\n').count() + 1;
            let col = before.rsplit('\n').next().unwrap().chars().count() + 1;
            (d.code, line, col, d.message.clone())
        })
        .collect()
}

/// Diagnostics of a binary format as (code, byte offset, severity, message).
fn at_bytes(o: &ReadOutcome) -> Vec<(&'static str, Option<usize>, Severity, String)> {
    o.parsed
        .diagnostics
        .iter()
        .map(|d: &Diagnostic| (d.code, d.byte_offset, d.severity, d.message.clone()))
        .collect()
}

/// Writes to SGF, reads it back, validates it: no error, and the same main line.
fn sgf_round(o: &ReadOutcome) -> String {
    let sgf = kifu::write(&o.parsed.collection, format("sgf"), None, None).unwrap();
    let mut back = read_as(&sgf.bytes, "sgf");
    kifu::validate(&mut back);
    let errors: Vec<_> = back
        .parsed
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        back.parsed.collection.games.len(),
        o.parsed.collection.games.len()
    );
    for (a, b) in o
        .parsed
        .collection
        .games
        .iter()
        .zip(&back.parsed.collection.games)
    {
        assert_eq!(main_moves(a), main_moves(b));
        assert_eq!(a.kind, b.kind);
        assert_eq!(a.tree.variation_count(), b.tree.variation_count());
    }
    String::from_utf8(sgf.bytes).unwrap()
}

// ---------------------------------------------------------------- PSQ

#[test]
fn psq_gomocup_game_reads_with_names_times_and_end_code() {
    let o = read_path("fixtures/psq/freestyle-20x20.psq");
    assert!(
        o.parsed.diagnostics.is_empty(),
        "{:?}",
        o.parsed.diagnostics
    );
    let game = &o.parsed.collection.games[0];
    assert_eq!(
        game.kind,
        GameKind::Gomoku {
            size: BoardSize::square(20),
            rule: GomokuRule::Gomoku
        }
    );
    assert_eq!(
        game.info.black.name.as_deref(),
        Some("pbrain-embryo21_e.exe")
    );
    assert_eq!(game.info.white.name.as_deref(), Some("pbrain-rapfi21.exe"));
    assert_eq!(
        game.info.extras.get("psq:end-code"),
        Some(&["-1".to_string()][..])
    );
    assert_eq!(
        game.info.extras.get("psq:layout"),
        Some(&["crlf".to_string()][..])
    );
    let moves = main_moves(game);
    assert_eq!(moves.len(), 9);
    assert_eq!(moves[0], (Color::Black, 9, 9));
    assert_eq!(moves[8], (Color::Black, 7, 11));
    let times: Vec<Option<u64>> = game
        .tree
        .main_line()
        .skip(1)
        .map(|(_, n)| n.time_used_ms())
        .collect();
    assert_eq!(
        times,
        [0, 1703, 812, 2031, 1500, 3000, 906, 1203, 640].map(Some)
    );
    assert_eq!(
        kifu::rules::renju::result_line(game).as_deref(),
        Some("black wins: five in a row at move 9 (rule gomoku)")
    );
}

#[test]
fn psq_reads_back_byte_for_byte() {
    for rel in [
        "fixtures/psq/freestyle-20x20.psq",
        "fixtures/psq/human-vs-engine-15x15.psq",
    ] {
        let bytes = fixture(rel);
        let o = read_path(rel);
        let w = kifu::write(&o.parsed.collection, format("psq"), None, None).unwrap();
        assert_eq!(
            String::from_utf8(w.bytes).unwrap(),
            String::from_utf8(bytes).unwrap(),
            "{rel}"
        );
        assert!(w.losses.is_empty(), "{:?}", w.losses);
        // Through JSON and back, too.
        let j = kifu::write(&o.parsed.collection, format("json"), None, None).unwrap();
        let back = read_as(&j.bytes, "json");
        assert_eq!(back.parsed.collection, o.parsed.collection);
    }
}

#[test]
fn psq_first_player_one_puts_the_second_name_on_black() {
    let o = read_path("fixtures/psq/human-vs-engine-15x15.psq");
    assert!(o.parsed.diagnostics.is_empty());
    let game = &o.parsed.collection.games[0];
    assert_eq!(game.info.black.name.as_deref(), Some("pbrain-embryo.zip"));
    assert_eq!(game.info.white.name.as_deref(), Some("homo-1"));
    assert_eq!(
        game.info.extras.get("psq:levels"),
        Some(&["0".to_string(), "11".to_string()][..])
    );
    assert_eq!(
        game.info.extras.get("psq:first"),
        Some(&["1".to_string()][..])
    );
    let moves = main_moves(game);
    assert_eq!(moves.len(), 7);
    assert_eq!(moves[0], (Color::Black, 7, 7));
    assert_eq!(moves[6], (Color::Black, 8, 7));
}

#[test]
fn broken_psq_has_exact_diagnostics() {
    let o = read_path("fixtures/psq/broken.psq");
    assert_eq!(
        located(&o),
        vec![
            ("psq::off-board", 4, 1, "move 3 at 16,2 is off the 15x15 board (columns 1 to 15, rows 1 to 15)".to_string()),
            ("psq::bad-move", 5, 1, "move 4: expected `x,y,time` (whole numbers), found \"7,x,5\"".to_string()),
            ("psq::point-played-twice", 6, 1, "move 5 plays 9,9 again: move 2 was played there".to_string()),
            ("psq::unexpected-lines", 8, 1, "3 line(s) after the moves where Piskvork writes two players' names and an end code: kept as they are".to_string()),
        ]
    );
    // The game holds the moves before the first bad one.
    assert_eq!(main_moves(&o.parsed.collection.games[0]).len(), 2);
    let moves: Vec<_> = o.parsed.diagnostics.iter().map(|d| d.move_number).collect();
    assert_eq!(moves, vec![Some(3), Some(4), Some(5), None]);
}

#[test]
fn psq_headers_that_are_wrong() {
    let o = read_as(b"Piskvorky 60x60, 0:0, 0\n1,1,0\n", "psq");
    assert_eq!(
        located(&o),
        vec![(
            "psq::bad-size",
            1,
            1,
            "the header gives a board of 60x60: kifu holds boards of 1 to 52 a side; the moves are read on 20x20".to_string()
        )]
    );
    let o = read_as(b"10,10,0\n11,11,0\n", "psq");
    assert_eq!(o.parsed.diagnostics[0].code, "psq::bad-header");
    assert_eq!(main_moves(&o.parsed.collection.games[0]).len(), 2);
    let o = read_as(b"Piskvorky 15x15, 0:0, 7\n", "psq");
    assert_eq!(
        located(&o),
        vec![(
            "psq::bad-first",
            1,
            1,
            "the header's last field is 7: Piskvork writes 0 or 1 (which player began); read as 0"
                .to_string()
        )]
    );
}

#[test]
fn psq_converts_to_sgf_json_and_omok() {
    let o = read_path("fixtures/psq/freestyle-20x20.psq");
    let sgf = sgf_round(&o);
    assert_eq!(
        sgf,
        "(;FF[4]CA[UTF-8]GM[4]SZ[20]PB[pbrain-embryo21_e.exe]PW[pbrain-rapfi21.exe]\nRU[gomoku]\n;B[jj];W[kk];B[ki];W[lj];B[lh];W[mg];B[ik];W[jk];B[hl])\n"
    );
    // 20x20 does not fit a log; 15x15 does, with its losses reported.
    assert!(kifu::write(&o.parsed.collection, format("omok"), None, None).is_err());
    let o = read_path("fixtures/psq/human-vs-engine-15x15.psq");
    let log = kifu::write(&o.parsed.collection, format("omok"), None, None).unwrap();
    assert_eq!(log.bytes.len(), 8);
    let codes: Vec<_> = log.losses.iter().map(|l| l.code.name).collect();
    assert!(codes.contains(&"omok::rule-dropped"));
    assert!(codes.contains(&"loss::game-info"));
    assert!(codes.contains(&"loss::times"));
    // SGF's times are reported lost, once, with their count.
    let sgf = kifu::write(&o.parsed.collection, format("sgf"), None, None).unwrap();
    assert_eq!(
        sgf.losses
            .iter()
            .filter(|l| l.code == "loss::times")
            .count(),
        1
    );
}

#[test]
fn psq_writer_reports_what_it_drops() {
    let o = read_path("fixtures/rif/sample.rif");
    let mut first = o.parsed.collection.clone();
    first.games.truncate(1);
    let w = kifu::write(&first, format("psq"), None, None).unwrap();
    assert_eq!(
        String::from_utf8(w.bytes).unwrap(),
        "Piskvorky 15x15, 0:0, 0\n8,8\n10,11\n8,7\n10,12\n8,6\n10,13\n8,5\n10,14\n8,4\nAnna Karlsson\nMakoto Tanaka\n"
    );
    let codes: Vec<_> = w
        .losses
        .iter()
        .map(|l| (l.code.name, l.message.as_str()))
        .collect();
    assert_eq!(
        codes,
        vec![
            (
                "loss::game-info",
                "psq has no place for the event: \"World Championship\""
            ),
            ("loss::game-info", "psq has no place for the round: \"3\""),
            (
                "loss::game-info",
                "psq has no place for the date: \"2019-08-05\""
            ),
            (
                "loss::game-info",
                "psq has no place for the place: \"Tallinn, Sweden\""
            ),
            (
                "loss::game-info",
                "psq has no place for the result: \"Black wins\""
            ),
            (
                "loss::game-info",
                "psq has no place for the opening: \"Kagetsu\""
            ),
            (
                "loss::game-info",
                "psq has no place for the recorder: \"Pavel Ivanov\""
            ),
            (
                "loss::comments",
                "psq has no place for the game comment: \"Black makes five down the h column.\""
            ),
            (
                "loss::extras",
                "psq has no place for the rif:id field: \"101\""
            ),
            (
                "loss::extras",
                "psq has no place for the rif:rule field: \"RIF\""
            ),
            (
                "loss::extras",
                "psq has no place for the rif:btime field: \"12\""
            ),
            (
                "loss::extras",
                "psq has no place for the rif:wtime field: \"30\""
            ),
            (
                "psq::rule-dropped",
                "the rule \"renju\" is not recorded: a PSQ reads back under the gomoku rule"
            ),
        ]
    );
    assert!(kifu::write(&o.parsed.collection, format("psq"), None, None).is_err());
}

// ---------------------------------------------------------------- RenLib

#[test]
fn renlib_library_reads_as_a_tree_with_comments_and_labels() {
    let o = read_path("fixtures/renlib/openings.lib");
    assert_eq!(o.format.name, "renlib");
    assert!(
        o.parsed.diagnostics.is_empty(),
        "{:?}",
        o.parsed.diagnostics
    );
    let game = &o.parsed.collection.games[0];
    assert_eq!(game.kind, GameKind::gomoku(GomokuRule::Gomoku));
    let tree = &game.tree;
    assert_eq!(tree.len(), 8);
    assert_eq!(tree.variation_count(), 2);
    let root = tree.root_node();
    assert_eq!(root.name.as_deref(), Some("kifu test library"));
    assert_eq!(
        root.comment.as_deref(),
        Some("Made by hand for kifu's tests.")
    );
    assert_eq!(
        main_moves(game),
        vec![
            (Color::Black, 7, 7),
            (Color::White, 8, 6),
            (Color::Black, 9, 5)
        ]
    );
    let j10 = tree.get(NodeId(3)).unwrap();
    assert_eq!(j10.name.as_deref(), Some("Sun"));
    assert_eq!(
        j10.markup.labels,
        vec![
            Label {
                point: Point::new(9, 5),
                text: "3".into()
            },
            Label {
                point: Point::new(8, 5),
                text: "A".into()
            },
        ]
    );
    let h10 = tree.get(NodeId(4)).unwrap();
    assert_eq!(
        h10.comment.as_deref(),
        Some("Black is better.\nA second line.")
    );
    let g11 = tree.get(NodeId(5)).unwrap();
    assert_eq!(g11.extras.get("renlib:mark"), Some(&[][..]));
    assert_eq!(g11.mv.unwrap().color(), Color::White);
    // Spans: each node is its two-byte record.
    assert_eq!(o.parsed.node_spans[0][0], kifu::diag::Span::new(20, 22));
    assert_eq!(o.parsed.node_spans[0][1], kifu::diag::Span::new(72, 74));
}

#[test]
fn renlib_converts_to_sgf_that_validates() {
    let o = read_path("fixtures/renlib/openings.lib");
    assert_eq!(
        sgf_round(&o),
        "(;FF[4]CA[UTF-8]GM[4]SZ[15]RU[gomoku]N[kifu test library]C[Made by hand for kifu's tests.]\n;B[hh]\n(;W[ig]N[direct]\n(;B[jf]N[Sun]LB[jf:3][if:A])\n(;B[hf]C[Black is better.\nA second line.];W[ge]))\n(;W[ih]N[indirect];B[ji]))\n"
    );
    let mut o = o;
    kifu::validate(&mut o);
    assert!(o.parsed.diagnostics.is_empty());
    // JSON keeps everything.
    let j = kifu::write(&o.parsed.collection, format("json"), None, None).unwrap();
    assert!(j.losses.is_empty());
    assert_eq!(
        read_as(&j.bytes, "json").parsed.collection,
        o.parsed.collection
    );
    // omok holds the main line only, and says so.
    let log = kifu::write(&o.parsed.collection, format("omok"), None, None).unwrap();
    assert_eq!(log.bytes, vec![3, 0x77, 0x86, 0x95]);
    assert!(log.losses.iter().any(|l| l.code == "loss::variations"
        && l.message == "omok holds the main line only: 2 variation(s) (4 node(s)) left out"));
}

#[test]
fn renlib_non_utf8_texts_are_guessed_and_said() {
    let o = read_path("fixtures/renlib/cp1252.lib");
    assert_eq!(
        at_bytes(&o),
        vec![(
            "renlib::guessed-encoding",
            Some(26),
            Severity::Warning,
            "the library's texts are not UTF-8 (the first such text starts at byte 26): read as windows-1252, a guess from their bytes".to_string()
        )]
    );
    let game = &o.parsed.collection.games[0];
    let i9 = game.tree.get(NodeId(2)).unwrap();
    assert_eq!(i9.name.as_deref(), Some("Åke's opening: ça va"));
}

#[test]
fn broken_renlib_has_exact_byte_offsets() {
    let o = read_path("fixtures/renlib/broken.lib");
    assert_eq!(
        at_bytes(&o),
        vec![
            ("renlib::off-board", Some(24), Severity::Error, "the record's point byte F3 names no point of the 15x15 board (column 3, row 16): RenLib stops reading here".to_string()),
            ("renlib::truncated", Some(28), Severity::Error, "the file ends inside a comment (no NUL ends it) (byte 28)".to_string()),
        ]
    );
    assert_eq!(main_moves(&o.parsed.collection.games[0]).len(), 1);
}

fn header() -> Vec<u8> {
    let mut h = vec![0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, 4];
    h.extend([0xFF; 10]);
    h
}

#[test]
fn renlib_structure_problems() {
    // Not a library; a cut header; a newer version.
    let o = read_as(b"GIF89a", "renlib");
    assert_eq!(
        at_bytes(&o),
        vec![("renlib::bad-header", Some(0), Severity::Error, "not a RenLib library: it starts with 47 49 46 38 39 61 instead of FF 52 65 6E 4C 69 62 FF (\\xFFRenLib\\xFF)".to_string())]
    );
    let o = read_as(&header()[..12], "renlib");
    assert_eq!(o.parsed.diagnostics[0].code, "renlib::truncated");
    assert_eq!(o.parsed.diagnostics[0].byte_offset, Some(12));
    let mut newer = header();
    newer[8] = 4;
    let o = read_as(&newer, "renlib");
    assert_eq!(
        at_bytes(&o),
        vec![(
            "renlib::newer-version",
            Some(8),
            Severity::Warning,
            "version 4.4: RenLib reads up to 3.4; read as 3.4".to_string()
        )]
    );
    // Headerless (RenLib's first versions): starts with the centre.
    let o = read_as(&[0x78, 0x00, 0x79, 0x40], "renlib");
    assert_eq!(o.parsed.diagnostics[0].code, "renlib::no-header");
    assert_eq!(main_moves(&o.parsed.collection.games[0]).len(), 2);
    // A sibling promised and never written; a record after the last leaf; unknown bits;
    // the same move twice under one position.
    let mut b = header();
    b.extend([0x00, 0x00, 0x78, 0x80 | 0x40]);
    let o = read_as(&b, "renlib");
    assert_eq!(
        at_bytes(&o),
        vec![(
            "renlib::missing-sibling",
            Some(22),
            Severity::Warning,
            "the file ends with 1 promised sibling(s) (flag 80) never written: it may be cut short"
                .to_string()
        )]
    );
    let mut b = header();
    b.extend([0x00, 0x00, 0x78, 0x40, 0x79, 0x41, 0x02, 0x00]);
    let o = read_as(&b, "renlib");
    let codes: Vec<_> = o
        .parsed
        .diagnostics
        .iter()
        .map(|d| (d.code, d.byte_offset))
        .collect();
    assert_eq!(
        codes,
        vec![
            ("renlib::after-last-leaf", Some(24)),
            ("renlib::unknown-flags", Some(26))
        ]
    );
    let mut b = header();
    b.extend([0x00, 0x00, 0x78, 0x00, 0x79, 0xC0, 0x79, 0x40]);
    let o = read_as(&b, "renlib");
    assert_eq!(
        at_bytes(&o),
        vec![("renlib::duplicate-move", Some(26), Severity::Warning, "this move is already a variation of the same position: its data is merged into the first, as RenLib does".to_string())]
    );
    assert_eq!(o.parsed.collection.games[0].tree.len(), 3);
}

#[test]
fn renlib_old_comments_are_swedish_seven_bit() {
    let mut b = header();
    // h8 with an old-style comment "S{ker" (ä): the last byte has its high bit set.
    b.extend([0x00, 0x00, 0x78, 0x60]);
    b.extend([b'S', b'{', b'k', b'e', b'r' | 0x80, 0x00]);
    let o = read_as(&b, "renlib");
    assert!(
        o.parsed.diagnostics.is_empty(),
        "{:?}",
        o.parsed.diagnostics
    );
    let n = o.parsed.collection.games[0].tree.get(NodeId(1)).unwrap();
    assert_eq!(n.name.as_deref(), Some("Säker"));
}

#[test]
fn a_deep_renlib_line_reads_without_recursion() {
    // 200,000 records, each the only child of the one before (the points repeat: the
    // reader does not replay them). A reader that recursed on depth would overflow.
    let mut b = header();
    b.extend([0x00, 0x00]);
    for i in 0..200_000u32 {
        b.push(0x11 + (i % 14) as u8);
        b.push(0x00);
    }
    let o = read_as(&b, "renlib");
    assert!(o.parsed.diagnostics.is_empty());
    assert_eq!(o.parsed.collection.games[0].tree.len(), 200_001);
    let j = kifu::write(&o.parsed.collection, format("sgf"), None, None).unwrap();
    assert!(j.bytes.len() > 1_000_000);
}

// ---------------------------------------------------------------- RIF

#[test]
fn rif_database_reads_one_game_per_game_element() {
    let o = read_path("fixtures/rif/sample.rif");
    assert!(
        o.parsed.diagnostics.is_empty(),
        "{:?}",
        o.parsed.diagnostics
    );
    let games = &o.parsed.collection.games;
    assert_eq!(games.len(), 3);
    let g = &games[0];
    assert_eq!(g.info.black.name.as_deref(), Some("Anna Karlsson"));
    assert_eq!(g.info.white.name.as_deref(), Some("Makoto Tanaka"));
    assert_eq!(g.info.event.as_deref(), Some("World Championship"));
    assert_eq!(g.info.round.as_deref(), Some("3"));
    assert_eq!(g.info.date.as_deref(), Some("2019-08-05"));
    assert_eq!(g.info.place.as_deref(), Some("Tallinn, Sweden"));
    assert_eq!(g.info.opening.as_deref(), Some("Kagetsu"));
    assert_eq!(g.info.recorder.as_deref(), Some("Pavel Ivanov"));
    assert_eq!(
        g.info.game_comment.as_deref(),
        Some("Black makes five down the h column.")
    );
    assert_eq!(
        g.info.result,
        Some(GameResult::Win {
            winner: Color::Black,
            reason: WinReason::Unspecified
        })
    );
    assert_eq!(g.kind, GameKind::gomoku(GomokuRule::Renju));
    let m = main_moves(g);
    assert_eq!(m.len(), 9);
    assert_eq!(m[0], (Color::Black, 7, 7));
    assert_eq!(m[8], (Color::Black, 7, 3));
    let g = &games[1];
    assert_eq!(g.info.black.name.as_deref(), Some("Pavel Ivanov"));
    assert_eq!(g.info.event.as_deref(), Some("Test Cup & Open"));
    assert_eq!(g.info.date.as_deref(), Some("2020"));
    assert_eq!(g.kind, GameKind::gomoku(GomokuRule::Renju));
    assert_eq!(
        g.info.extras.get("rif:rule"),
        Some(&["Yamaguchi".to_string()][..])
    );
    assert_eq!(
        g.info.result,
        Some(GameResult::Win {
            winner: Color::White,
            reason: WinReason::Unspecified
        })
    );
    let m = main_moves(g);
    assert_eq!((m.len(), m[9]), (10, (Color::White, 8, 2)));
    let g = &games[2];
    assert_eq!(g.info.result, Some(GameResult::Draw));
    assert_eq!(g.kind, GameKind::gomoku(GomokuRule::Gomoku));
    assert_eq!(
        main_moves(g),
        vec![(Color::Black, 7, 7), (Color::White, 8, 6)]
    );
    // Validation under each game's rule: nothing to say.
    let mut o = o;
    kifu::validate(&mut o);
    assert!(
        o.parsed.diagnostics.is_empty(),
        "{:?}",
        o.parsed.diagnostics
    );
    let lines: Vec<_> = o
        .parsed
        .collection
        .games
        .iter()
        .map(|g| kifu::rules::renju::result_line(g).unwrap_or_default())
        .collect();
    assert_eq!(
        lines,
        vec![
            "black wins: five in a row at move 9 (rule renju)",
            "white wins: five in a row at move 10 (rule renju)",
            "unfinished after 2 moves (rule gomoku)",
        ]
    );
}

#[test]
fn rif_converts_to_sgf_that_validates() {
    let o = read_path("fixtures/rif/sample.rif");
    let sgf = sgf_round(&o);
    assert!(sgf.starts_with("(;FF[4]CA[UTF-8]GM[4]SZ[15]EV[World Championship]RO[3]DT[2019-08-05]PC[Tallinn, Sweden]\nPB[Anna Karlsson]PW[Makoto Tanaka]US[Pavel Ivanov]ON[Kagetsu]RE[B+]"), "{sgf}");
    let j = kifu::write(&o.parsed.collection, format("json"), None, None).unwrap();
    assert_eq!(
        read_as(&j.bytes, "json").parsed.collection,
        o.parsed.collection
    );
}

#[test]
fn broken_rif_has_exact_diagnostics_and_streams_alike() {
    let o = read_path("fixtures/rif/broken.rif");
    assert_eq!(
        located(&o),
        vec![
            ("rif::missing-id", 5, 1, "a <player> without an id: it cannot be referred to and is skipped".to_string()),
            ("rif::unknown-reference", 8, 26, "game 201: the white player \"9\" is not in the <players> table read before it".to_string()),
            ("rif::bad-result", 8, 36, "game 201: bresult \"2\" is none of 1 (black won), 0 (white won), 0.5 (draw): kept as text".to_string()),
            ("rif::bad-move", 9, 13, "game 201, move 3: \"z3\" is not a point of the 15x15 board (a1 to o15); the game stops before it".to_string()),
            ("rif::point-played-twice", 12, 13, "game 202, move 3 plays h8 again: move 1 was played there; the game stops before it".to_string()),
            ("rif::syntax", 16, 1, "the XML is malformed: ill-formed document: expected `</game>`, but `</games>` was found; reading stops here".to_string()),
        ]
    );
    assert_eq!(o.parsed.collection.games.len(), 2);
    // The streaming check gives the list read + validate gives.
    let bytes = fixture("fixtures/rif/broken.rif");
    let checked = kifu::check(
        &Input {
            bytes: (&bytes).into(),
            path: None,
            format: Some(format("rif")),
            encoding: None,
        },
        None,
    )
    .unwrap();
    let mut whole = o;
    kifu::validate(&mut whole);
    assert_eq!(checked.diagnostics, whole.parsed.diagnostics);
    assert_eq!(checked.games, 2);
}

#[test]
fn rif_that_is_not_a_database() {
    let o = read_as(b"<?xml version=\"1.0\"?><html/>", "rif");
    assert_eq!(
        located(&o),
        vec![(
            "rif::not-a-database",
            1,
            1,
            "no <database> element: this is not a RIF database".to_string()
        )]
    );
    assert!(o.parsed.collection.games.is_empty());
}

// ---------------------------------------------------------------- sniffing

fn all_fixture_files() -> Vec<PathBuf> {
    walkdir::WalkDir::new(root().join("fixtures"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .collect()
}

#[test]
fn every_fixture_is_sniffed_by_its_own_format_only() {
    let ours = [
        ("psq", "fixtures/psq"),
        ("renlib", "fixtures/renlib"),
        ("rif", "fixtures/rif"),
    ];
    let mut claimed = 0;
    for path in all_fixture_files() {
        let bytes = std::fs::read(&path).unwrap();
        let rel = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let record = !(rel.ends_with(".md") || rel.ends_with(".json") || rel.ends_with(".py"));
        for (name, dir) in ours {
            let mine = rel.starts_with(dir) && record;
            assert_eq!((format(name).sniff)(&bytes), mine, "{name} sniffing {rel}");
            if mine {
                claimed += 1;
                for other in formats::all().iter().filter(|f| f.name != name) {
                    assert!(!(other.sniff)(&bytes), "{} claims {rel}", other.name);
                }
                assert_eq!(formats::sniff(&bytes).map(|f| f.name), Some(name));
            }
        }
    }
    assert_eq!(claimed, 8);
}

#[test]
fn formats_lists_the_archives() {
    let names = formats::names();
    for n in ["psq", "renlib", "rif"] {
        assert!(names.contains(&n));
    }
    assert_eq!(
        formats::by_extension(Path::new("a.PSQ")).unwrap().name,
        "psq"
    );
    assert_eq!(
        formats::by_extension(Path::new("a.lib")).unwrap().name,
        "renlib"
    );
    assert_eq!(
        formats::by_extension(Path::new("a.rif")).unwrap().name,
        "rif"
    );
}

#[test]
fn a_rif_cut_short_keeps_the_games_read_and_says_so() {
    let text = String::from_utf8(fixture("fixtures/rif/sample.rif")).unwrap();
    let cut = text.find("a1 i10").unwrap() + "a1 i10".len();
    let o = read_as(&text.as_bytes()[..cut], "rif");
    assert_eq!(
        located(&o).last().cloned(),
        Some((
            "rif::unclosed",
            39,
            19,
            "the file ends inside a <game>, which is read as far as it goes: it may be cut short"
                .to_string()
        ))
    );
    assert_eq!(o.parsed.diagnostics.len(), 1);
    let games = &o.parsed.collection.games;
    assert_eq!(games.len(), 2);
    assert_eq!(main_moves(&games[1]).len(), 4);
}

#[test]
fn psq_names_that_would_not_read_back_are_changed_and_said() {
    // First player 1: white's name is the first line after the moves, which must not
    // hold a comma; black's, the second, may.
    let mut o = read_path("fixtures/psq/human-vs-engine-15x15.psq");
    let info = &mut o.parsed.collection.games[0].info;
    info.black.name = Some("Smith, John".into());
    info.white.name = Some("Doe, Jane \n".into());
    let w = kifu::write(&o.parsed.collection, format("psq"), None, None).unwrap();
    let text = String::from_utf8(w.bytes.clone()).unwrap();
    assert!(text.ends_with("\nDoe  Jane\nSmith, John\n0\n"), "{text}");
    assert_eq!(
        w.losses.iter().map(|l| (l.code.name, l.message.as_str())).collect::<Vec<_>>(),
        vec![(
            "psq::name-changed",
            "white's name \"Doe, Jane \\n\" is written \"Doe  Jane\": a PSQ name is one line, and the first name line has no comma"
        )]
    );
    let back = read_as(&w.bytes, "psq");
    assert!(back.parsed.diagnostics.is_empty());
    assert_eq!(
        back.parsed.collection.games[0].info.black.name.as_deref(),
        Some("Smith, John")
    );
}

#[test]
fn psq_a_second_name_line_may_hold_commas_and_still_round_trips() {
    // Found by the fuzz target: after the first name line (which ends the moves), a
    // comma is part of the name.
    let text = String::from_utf8(fixture("fixtures/psq/freestyle-20x20.psq"))
        .unwrap()
        .replace("pbrain-rapfi21.exe\r\n-1\r\n", "pbrain-rapfi21.6,2,1-1\r\n");
    let o = read_as(text.as_bytes(), "psq");
    assert!(o.parsed.diagnostics.is_empty());
    let game = &o.parsed.collection.games[0];
    assert_eq!(
        game.info.white.name.as_deref(),
        Some("pbrain-rapfi21.6,2,1-1")
    );
    let w = kifu::write(&o.parsed.collection, format("psq"), None, None).unwrap();
    assert!(w.losses.is_empty(), "{:?}", w.losses);
    assert_eq!(String::from_utf8(w.bytes).unwrap(), text);
}

/// A PSQ whose moves are broken by a line that is not a move: the move lines after it
/// are not read as moves, and that is an error at the first of them, not only the
/// warning about unexpected lines (the lines are kept as text, as before).
#[test]
fn psq_move_lines_after_a_break_are_an_error() {
    let text = "Piskvorky 20x20, 11:11, 0\r\n10,10,0\r\n11,11,1703\r\n??\r\n11,9,812\r\n12,10,2031\r\nA\r\nB\r\n-1\r\n";
    let parsed = kifu::internals::psq::read(text);
    let index = kifu::text::LineIndex::new(text);
    let diags: Vec<_> = parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (l, c) = index.line_col_in(text, d.span.start);
            (d.code, d.severity, l, c, d.message.as_str())
        })
        .collect();
    assert_eq!(
        diags,
        [
            (
                "psq::unread-moves",
                Severity::Error,
                5,
                1,
                "2 move line(s) after the moves stopped at a line that is not a move: not read as moves"
            ),
            (
                "psq::unexpected-lines",
                Severity::Warning,
                4,
                1,
                "5 line(s) after the moves where Piskvork writes two players' names and an end code: kept as they are"
            ),
        ]
    );
    let game = &parsed.collection.games[0];
    assert_eq!(
        game.tree
            .main_line()
            .filter(|(_, n)| n.mv.is_some())
            .count(),
        2
    );
    // Names and an end code after the moves are no move lines: no error.
    let fine = "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,1703\nA\nB\n-1\n";
    assert!(kifu::internals::psq::read(fine).diagnostics.is_empty());
}
