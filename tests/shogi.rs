//! Shogi through the library: the KIF corpus, round trips, broken records with
//! exact diagnostics, a very long game, and the engine's published figures.

use std::path::{Path, PathBuf};

use kifu::diag::Severity;
use kifu::model::{Collection, Color, Game, GameKind, GameResult, Handicap, ShogiStart, WinReason};
use kifu::text::{LineIndex, TextEncoding};

mod common;
use common::corpus;

const CORPUS: &str = "shogi/json-kifu-format/kif";

/// What validation says of json-kifu-format's fork.kif (and fork.ki2), a test file
/// that ends its lines with every special ending after a few moves: 持将棋 with no
/// king in the enemy camp, 千日手 with no repetition, 詰み with no check.
const FORK_CLAIMS: [&str; 3] = [
    "shogi::doubtful-impasse",
    "shogi::false-repetition",
    "shogi::false-checkmate",
];

fn corpus_dir() -> PathBuf {
    corpus::root().join(CORPUS)
}

/// True (after one line saying the test skipped) when the real records are not beside
/// the checkout; `tests/shogi_fixtures.rs` reads our own in every checkout.
fn no_corpus() -> bool {
    corpus::path(CORPUS).is_none()
}

/// A diagnostic as tests compare it: code, severity, line, column, move.
type Diag = (&'static str, Severity, usize, usize, Option<u32>);

fn read_path(path: &Path) -> kifu::ReadOutcome {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let input = kifu::Input {
        bytes: (&bytes).into(),
        path: Some(path),
        format: None,
        encoding: None,
    };
    let mut out = kifu::read(&input).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    kifu::validate(&mut out);
    out
}

fn read_kif(text: &str) -> kifu::ReadOutcome {
    let input = kifu::Input {
        bytes: text.as_bytes().into(),
        path: Some(Path::new("test.kifu")),
        format: None,
        encoding: None,
    };
    let mut out = kifu::read(&input).unwrap_or_else(|e| panic!("{e}"));
    kifu::validate(&mut out);
    out
}

/// (code, severity, line, column, move) of every diagnostic.
fn diags(out: &kifu::ReadOutcome) -> Vec<Diag> {
    let text = out.text.as_deref().unwrap_or("");
    let index = LineIndex::new(text);
    out.parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (l, c) = index.line_col_in(text, d.span.start);
            (d.code, d.severity, l, c, d.move_number)
        })
        .collect()
}

fn main_moves(game: &Game) -> usize {
    game.tree
        .main_line()
        .filter(|(_, n)| n.mv.is_some())
        .count()
}

fn start_name(game: &Game) -> String {
    match &game.info.shogi_start {
        Some(ShogiStart::Preset(h)) => h.japanese().to_string(),
        Some(ShogiStart::Other(_)) => "その他".to_string(),
        None => "none".to_string(),
    }
}

fn win(winner: Color, reason: WinReason) -> Option<GameResult> {
    Some(GameResult::Win { winner, reason })
}

#[test]
fn every_corpus_kif_reads_with_the_expected_game() {
    use Color::{Black as B, White as W};
    use WinReason::{Forfeit, Resign, Unspecified};
    #[allow(clippy::type_complexity)]
    let expected: [(
        &str,
        usize,
        usize,
        usize,
        &str,
        Option<&str>,
        Option<&str>,
        Option<GameResult>,
    ); 27] = [
        (
            "20081220kyoochi.kif",
            142,
            144,
            0,
            "香落ち",
            Some("糸谷哲郎"),
            Some("深浦康市"),
            win(B, Resign),
        ),
        (
            "32ryu-cumbersome.kif",
            9,
            11,
            0,
            "その他",
            None,
            None,
            win(B, Unspecified),
        ),
        (
            "8mai.kif",
            25,
            27,
            0,
            "八枚落ち",
            Some("shitate"),
            Some("uwate"),
            None,
        ),
        (
            "9fu.kif",
            61,
            63,
            0,
            "その他",
            Some("shitate"),
            Some("uwate"),
            win(B, Unspecified),
        ),
        (
            "chudan.kif",
            3,
            5,
            0,
            "平手",
            Some("sente"),
            Some("gote"),
            None,
        ),
        (
            "doh_branch.kifu",
            3,
            10,
            2,
            "平手",
            Some(""),
            Some(""),
            None,
        ),
        (
            "fork-notime.kif",
            3,
            15,
            7,
            "平手",
            Some(""),
            Some(""),
            None,
        ),
        ("fork-test.kif", 3, 10, 2, "平手", Some(""), Some(""), None),
        (
            "fork.kif",
            3,
            23,
            7,
            "平手",
            Some(""),
            Some(""),
            win(B, Resign),
        ),
        (
            "henka.kif",
            12,
            36,
            5,
            "平手",
            Some("先手56789012全3456789"),
            Some("後手567890全123456789"),
            None,
        ),
        (
            "illegal.kif",
            2,
            7,
            1,
            "平手",
            Some(""),
            Some(""),
            win(W, Forfeit),
        ),
        (
            "jt201409130101.kif",
            107,
            109,
            0,
            "平手",
            Some("渡辺明"),
            Some("佐藤康光"),
            win(B, Resign),
        ),
        (
            "kifu_for_iphone.kif",
            3,
            5,
            0,
            "その他",
            None,
            None,
            win(B, Unspecified),
        ),
        (
            "kiou201403160101.kif",
            85,
            87,
            0,
            "平手",
            Some("渡辺明"),
            Some("三浦弘行"),
            win(B, Resign),
        ),
        (
            "last-fork.kifu",
            10,
            14,
            1,
            "平手",
            Some(""),
            Some(""),
            None,
        ),
        (
            "last_comment.kif",
            3,
            4,
            0,
            "平手",
            Some(""),
            Some(""),
            None,
        ),
        (
            "meijinsen_20180508_M7_10034.kif",
            52,
            54,
            0,
            "平手",
            Some("羽生 善治竜王"),
            Some("佐藤 天彦名人"),
            None,
        ),
        (
            "no_henka.kif",
            11,
            12,
            0,
            "平手",
            Some("先手56789012全3456789"),
            Some("後手567890全123456789"),
            None,
        ),
        (
            "no_henka.kifu",
            11,
            12,
            0,
            "平手",
            Some("先手56789012全3456789"),
            Some("後手567890全123456789"),
            None,
        ),
        (
            "noeol.kif",
            3,
            5,
            0,
            "平手",
            Some("sente"),
            Some("gote"),
            None,
        ),
        (
            "oui201407080101.kif",
            116,
            118,
            0,
            "平手",
            Some("羽生善治"),
            Some("木村一基"),
            win(W, Resign),
        ),
        (
            "ouza201410070101.kif",
            103,
            104,
            0,
            "平手",
            Some("豊島将之"),
            Some("羽生善治"),
            None,
        ),
        (
            "ryuou201409020101.kif",
            117,
            119,
            0,
            "平手",
            Some("羽生善治"),
            Some("糸谷哲郎"),
            win(B, Resign),
        ),
        (
            "ryuou4.kif",
            101,
            103,
            0,
            "平手",
            Some("渡辺\u{3000}明竜王"),
            Some("木村一基七段"),
            win(B, Resign),
        ),
        (
            "shogidb2.kifu",
            110,
            112,
            0,
            "平手",
            Some("加藤一二三"),
            Some("藤井聡太"),
            win(W, Resign),
        ),
        (
            "shogidokoro.kifu",
            19,
            20,
            0,
            "その他",
            Some(""),
            Some(""),
            None,
        ),
        (
            "taichitsume.kif",
            7,
            9,
            0,
            "その他",
            Some(""),
            Some(""),
            win(B, Unspecified),
        ),
    ];
    if no_corpus() {
        return;
    }
    let dir = corpus_dir();
    let mut listed: Vec<String> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    listed.sort();
    let names: Vec<&str> = expected.iter().map(|e| e.0).collect();
    assert_eq!(listed, names, "the corpus listing changed");
    for (name, moves, nodes, vars, start, black, white, result) in expected {
        let out = read_path(&dir.join(name));
        assert_eq!(out.format.name, "kif", "{name}");
        let game = &out.parsed.collection.games[0];
        assert_eq!(game.kind, GameKind::Shogi, "{name}");
        assert_eq!(main_moves(game), moves, "{name}: main-line moves");
        assert_eq!(game.tree.len(), nodes, "{name}: nodes");
        assert_eq!(game.tree.variation_count(), vars, "{name}: variations");
        assert_eq!(start_name(game), start, "{name}: start");
        assert_eq!(game.info.black.name.as_deref(), black, "{name}: black");
        assert_eq!(game.info.white.name.as_deref(), white, "{name}: white");
        assert_eq!(game.info.result, result, "{name}: result");
        let found = diags(&out);
        let allowed: Vec<Diag> = match name {
            // Declares UTF-8 but is Shift_JIS (森けい二 written in kana).
            "no_henka.kif" => vec![("text::declared-mismatch", Severity::Warning, 1, 1, None)],
            // Two moves numbered 5 in a row: the second is read as move 6.
            "fork-test.kif" => vec![("kif::move-number", Severity::Warning, 18, 6, Some(6))],
            // A test file that writes every special ending after three moves: the
            // claims the position contradicts are reported.
            "fork.kif" => vec![
                ("shogi::doubtful-impasse", Severity::Warning, 23, 6, None),
                ("shogi::false-repetition", Severity::Error, 40, 6, None),
                ("shogi::false-checkmate", Severity::Error, 46, 6, None),
            ],
            _ => vec![],
        };
        assert_eq!(found, allowed, "{name}: diagnostics");
    }
}

#[test]
fn corpus_details_comments_bookmarks_times_and_handicap_sides() {
    if no_corpus() {
        return;
    }
    let dir = corpus_dir();
    let out = read_path(&dir.join("henka.kif"));
    let g = &out.parsed.collection.games[0];
    assert_eq!(
        g.info.game_comment.as_deref().map(|c| c.lines().count()),
        Some(10)
    );
    assert_eq!(
        g.tree.root_node().bookmarks,
        vec!["読み込み時表示".to_string()]
    );
    let (_, first) = g.tree.main_line().nth(1).expect("a first move");
    assert_eq!(first.comment.as_deref(), Some("初手のコメント"));
    assert_eq!(first.time_used_ms(), Some(2000));
    assert_eq!(first.time_total_ms(), Some(2000));

    // 9fu: その他 with 上手/下手 words, hands, 下手番.
    let out = read_path(&dir.join("9fu.kif"));
    let g = &out.parsed.collection.games[0];
    let Some(ShogiStart::Other(p)) = &g.info.shogi_start else {
        panic!("9fu starts from a diagram")
    };
    assert_eq!(p.to_move, Color::Black);
    assert_eq!(p.hands[1].silver, 4);
    assert_eq!(p.hands[1].knight, 4);
    assert_eq!(p.hands[0].rook, 2);
    assert_eq!(p.hands[0].lance, 4);

    // meijinsen: 封じ手 as the recorded end, with its time.
    let out = read_path(&dir.join("meijinsen_20180508_M7_10034.kif"));
    let g = &out.parsed.collection.games[0];
    let (_, last) = g.tree.main_line().last().expect("nodes");
    assert_eq!(
        last.ending.map(|e| e.kind),
        Some(kifu::model::EndingKind::SealedMove)
    );
    assert_eq!(last.time_used_ms(), Some(25 * 60 * 1000));
    assert_eq!(last.time_total_ms(), Some((4 * 3600 + 7 * 60) * 1000));
}

fn kif_format() -> &'static kifu::formats::Format {
    kifu::formats::by_name("kif").expect("kif is registered")
}

/// Files Kifu for Windows V7 wrote are reproduced byte for byte.
#[test]
fn kakinoki_files_round_trip_byte_for_byte() {
    if no_corpus() {
        return;
    }
    let dir = corpus_dir();
    for name in [
        "8mai.kif",
        "9fu.kif",
        "chudan.kif",
        "fork.kif",
        "fork-notime.kif",
        "illegal.kif",
        "last_comment.kif",
        "taichitsume.kif",
        "kifu_for_iphone.kif",
    ] {
        let bytes = std::fs::read(dir.join(name)).expect("corpus file");
        let out = read_path(&dir.join(name));
        let written = kifu::write(
            &out.parsed.collection,
            kif_format(),
            Some(TextEncoding::SHIFT_JIS),
            None,
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            String::from_utf8_lossy(&written.bytes),
            String::from_utf8_lossy(&bytes),
            "{name}"
        );
        assert_eq!(written.bytes, bytes, "{name}");
        assert!(written.losses.is_empty(), "{name}");
    }
    // UTF-8 with a BOM: the same text.
    let out = read_path(&dir.join("doh_branch.kifu"));
    let written = kifu::write(
        &out.parsed.collection,
        kif_format(),
        Some(TextEncoding::UTF_8),
        None,
    )
    .expect("writes");
    let original = std::fs::read(dir.join("doh_branch.kifu")).expect("corpus file");
    assert_eq!(
        kifu::text::decode(&written.bytes, &Default::default()).text,
        out.text.clone().unwrap_or_default()
    );
    assert!(original.starts_with(b"\xEF\xBB\xBF"));
}

/// Every corpus file reads back to the same model after writing.
#[test]
fn every_corpus_kif_round_trips_through_the_model() {
    if no_corpus() {
        return;
    }
    let dir = corpus_dir();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    names.sort();
    assert_eq!(names.len(), 27);
    for path in names {
        let out = read_path(&path);
        let written = kifu::write(
            &out.parsed.collection,
            kif_format(),
            Some(TextEncoding::UTF_8),
            None,
        )
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let again = read_kif(std::str::from_utf8(&written.bytes).expect("UTF-8 output"));
        assert_eq!(
            again.parsed.collection,
            out.parsed.collection,
            "{}",
            path.display()
        );
        assert!(
            diags(&again).iter().all(|d| FORK_CLAIMS.contains(&d.0)),
            "{}: {:?}",
            path.display(),
            diags(&again)
        );
    }
}

/// A KIF document starting from `sfen` (written by kifu's own writer), plus moves.
fn kif_from(sfen: &str, moves: &str) -> String {
    let (pos, _) = kifu::rules::shogi::from_sfen(sfen).expect("test SFEN");
    let mut game = Game::new(GameKind::Shogi);
    game.info.shogi_start = Some(ShogiStart::Other(Box::new(pos)));
    let written = kifu::write(
        &Collection { games: vec![game] },
        kif_format(),
        Some(TextEncoding::UTF_8),
        None,
    )
    .expect("writes");
    let mut text = String::from_utf8(written.bytes).expect("UTF-8");
    text.push_str(moves);
    text
}

const EVEN: &str = "手合割：平手\n手数----指手---------消費時間--\n";

#[test]
fn moves_that_cannot_be_built_are_reader_errors() {
    use Severity::Error as E;
    // (moves, code, line, column, move)
    let cases: [(&str, &str, usize, usize, u32); 8] = [
        ("   1 ７六歩(76)\n", "shogi::no-piece", 3, 6, 1),
        ("   1 ７六銀(77)\n", "shogi::wrong-piece", 3, 6, 1),
        ("   1 ７九金(69)\n", "shogi::own-piece", 3, 6, 1),
        ("   1 ５五角打\n", "shogi::not-in-hand", 3, 6, 1),
        ("   1 ５八金成(69)\n", "shogi::not-promotable", 3, 6, 1),
        (
            "   1 ７六歩(77)\n   2 ７六歩打\n",
            "shogi::not-in-hand",
            4,
            6,
            2,
        ),
        ("   1 同　歩(77)\n", "kif::same-without-previous", 3, 6, 1),
        (
            "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７六角(88)\n",
            "shogi::own-piece",
            5,
            6,
            3,
        ),
    ];
    for (moves, code, line, col, mv) in cases {
        let out = read_kif(&format!("{EVEN}{moves}"));
        assert_eq!(diags(&out), vec![(code, E, line, col, Some(mv))], "{moves}");
        // The line stops before the bad move.
        assert_eq!(
            main_moves(&out.parsed.collection.games[0]),
            mv as usize - 1,
            "{moves}"
        );
    }
}

#[test]
fn moves_against_the_rules_are_validation_errors_naming_their_kind() {
    use Severity::Error as E;
    // Black to move, kings on 5九 and 5一 unless the case says otherwise.
    let cases: [(&str, &str, &str, usize); 8] = [
        // A pawn cannot move two squares.
        (
            "4k4/9/9/9/9/9/4P4/9/4K4 b - 1",
            "   1 ５五歩(57)\n",
            "shogi::unreachable",
            0,
        ),
        // 二歩.
        (
            "4k4/9/9/9/9/9/4P4/9/4K4 b P 1",
            "   1 ５五歩打\n",
            "shogi::double-pawn",
            0,
        ),
        // A pawn dropped on the last rank could never move.
        (
            "4k4/9/9/9/9/9/9/9/4K4 b P 1",
            "   1 ２一歩打\n",
            "shogi::dead-piece",
            0,
        ),
        // A knight dropped on the second rank could never move.
        (
            "4k4/9/9/9/9/9/9/9/4K4 b N 1",
            "   1 ２二桂打\n",
            "shogi::dead-piece",
            0,
        ),
        // A pawn reaching the last rank must promote.
        (
            "4k4/1P7/9/9/9/9/9/9/4K4 b - 1",
            "   1 ８一歩(82)\n",
            "shogi::dead-piece",
            0,
        ),
        // Promotion outside the zone.
        (
            "4k4/9/9/9/9/9/4P4/9/4K4 b - 1",
            "   1 ５六歩成(57)\n",
            "shogi::outside-zone",
            0,
        ),
        // The silver on 5八 is pinned by the rook on 5一... of white: moving it exposes the king.
        (
            "4r3k/9/9/9/9/9/9/4S4/4K4 b - 1",
            "   1 ４七銀(58)\n",
            "shogi::self-check",
            0,
        ),
        // 打ち歩詰め: the pawn on 1二 is guarded by the lance, the king has nowhere to go.
        (
            "7nk/7b1/9/9/9/9/9/9/4K3L b P 1",
            "   1 １二歩打\n",
            "shogi::drop-pawn-mate",
            0,
        ),
    ];
    for (sfen, moves, code, _) in cases {
        let text = kif_from(sfen, moves);
        let line = text.lines().count();
        let out = read_kif(&text);
        assert_eq!(
            diags(&out),
            vec![(code, E, line, 6, Some(1))],
            "{sfen} {moves}"
        );
        assert_eq!(
            main_moves(&out.parsed.collection.games[0]),
            1,
            "the move is kept"
        );
    }
}

#[test]
fn a_pawn_drop_check_that_is_not_mate_is_legal() {
    // The king can take the unguarded pawn.
    let text = kif_from("7nk/7b1/9/9/9/9/9/9/4K4 b P 1", "   1 １二歩打\n");
    assert_eq!(diags(&read_kif(&text)), vec![]);
    // A promoted pawn, not a pawn, on the file: no 二歩.
    let text = kif_from("4k4/9/9/9/9/9/4+P4/9/4K4 b P 1", "   1 ５五歩打\n");
    assert_eq!(diags(&read_kif(&text)), vec![]);
}

#[test]
fn a_foul_the_record_ends_with_is_noted_not_an_error() {
    let out = read_kif(&format!(
        "{EVEN}   1 ７五歩(77)\n   2 反則勝ち\nまで1手で後手の反則勝ち\n"
    ));
    assert_eq!(
        diags(&out),
        vec![("shogi::recorded-foul", Severity::Info, 3, 6, Some(1))]
    );
    assert!(out.parsed.diagnostics[0]
        .message
        .contains("(shogi::unreachable; the record ends the game with this foul)"));
    let g = &out.parsed.collection.games[0];
    assert_eq!(g.info.result, win(Color::White, WinReason::Forfeit));
}

#[test]
fn syntax_problems_are_positioned() {
    use Severity::{Error as E, Warning as W};
    let cases: [(&str, Vec<Diag>); 7] = [
        (
            "手合割：九枚落ち\n手数----指手--\n   1 ７六歩(77)\n",
            vec![("kif::unknown-handicap", E, 1, 1, None)],
        ),
        (
            "手数----指手--\n   1 ７六蛇(77)\n",
            vec![("kif::unknown-piece", E, 2, 6, None)],
        ),
        (
            "手数----指手--\n   1 ７六歩(77)   ( 0:1O/00:00:10)\n",
            vec![("kif::bad-time", E, 2, 16, Some(1))],
        ),
        (
            "手数----指手--\n   1 ７六歩(77)\n   2 投了\n   3 ２六歩(27)\n",
            vec![("kif::move-after-end", E, 4, 6, Some(2))],
        ),
        (
            "手数----指手--\n   1 ７六歩(77)\n\n変化：5手\n   5 ２六歩(27)\n",
            vec![("kif::variation-parent", E, 4, 1, None)],
        ),
        (
            "手数----指手--\n   1 ７六歩(77)\n   3 ３四歩(33)\n",
            vec![("kif::move-number", W, 3, 6, Some(2))],
        ),
        (
            "手数----指手--\n   1 ７六歩(77)\nこれは何\n",
            vec![("kif::unknown-line", E, 3, 1, None)],
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(diags(&read_kif(text)), expected, "{text}");
    }
}

#[test]
fn variations_attach_to_the_right_line_at_any_depth() {
    let text = format!(
        "{EVEN}   1 ７六歩(77)   ( 0:01/00:00:01)+\n   2 ３四歩(33)   ( 0:01/00:00:01)+\n   3 ２六歩(27)   ( 0:01/00:00:02)\n\n\
         変化：2手\n   2 ８四歩(83)   ( 0:01/00:00:01)\n   3 ６八銀(79)   ( 0:01/00:00:02)+\n\n\
         変化：3手\n*variation comment\n   3 ２六歩(27)   ( 0:01/00:00:02)\n   4 ８五歩(84)   ( 0:01/00:00:02)\n\n\
         変化：1手\n   1 ２六歩(27)   ( 0:01/00:00:01)\n"
    );
    let out = read_kif(&text);
    assert_eq!(diags(&out), vec![]);
    let g = &out.parsed.collection.games[0];
    assert_eq!(g.tree.variation_count(), 3);
    let root = g.tree.root_node();
    assert_eq!(root.children().len(), 2);
    let m1 = root.children()[0];
    let n1 = g.tree.get(m1).expect("move 1");
    assert_eq!(n1.children().len(), 2, "move 2 has an alternative");
    // 変化：3手 hangs under ８四歩: ６八銀 and ２六歩 are its two children.
    let eight_four = n1.children()[1];
    let kids = g
        .tree
        .get(eight_four)
        .map(|n| n.children().to_vec())
        .unwrap_or_default();
    assert_eq!(kids.len(), 2);
    let var3 = g.tree.get(kids[1]).expect("２六歩");
    assert_eq!(
        var3.extras.get("kif:pre-comment"),
        Some(&["variation comment".to_string()][..])
    );
    // Written back in the same order with the same markers.
    let written = kifu::write(
        &out.parsed.collection,
        kif_format(),
        Some(TextEncoding::UTF_8),
        None,
    )
    .expect("writes");
    let back = String::from_utf8(written.bytes).expect("UTF-8");
    let tail = back
        .split_once("手数----指手---------消費時間--\n")
        .map(|(_, t)| t)
        .unwrap_or("");
    let body = text
        .split_once("手数----指手---------消費時間--\n")
        .map(|(_, t)| t)
        .unwrap_or("");
    // Kakinoki leaves an empty line where a line without an end has no `まで` line.
    assert_eq!(tail, body.replace("\n\n変化", "\n\n\n変化") + "\n");
}

#[test]
fn a_fifty_thousand_move_game_reads_validates_and_writes() {
    let shuffle = ["５八玉(59)", "５二玉(51)", "５九玉(58)", "５一玉(52)"];
    let mut text = String::from(EVEN);
    for i in 0..50_000usize {
        text.push_str(&format!("{:>4} {}\n", i + 1, shuffle[i % 4]));
    }
    let out = read_kif(&text);
    // The kings' shuffle brings the start position back for the fourth time after
    // move 12: the game had ended in 千日手 (said once for the line).
    assert_eq!(
        diags(&out),
        vec![(
            "shogi::unclaimed-repetition",
            Severity::Warning,
            15,
            6,
            Some(13)
        )]
    );
    let g = &out.parsed.collection.games[0];
    assert_eq!(main_moves(g), 50_000);
    let written = kifu::write(
        &out.parsed.collection,
        kif_format(),
        Some(TextEncoding::UTF_8),
        None,
    )
    .expect("writes");
    let again = read_kif(std::str::from_utf8(&written.bytes).expect("UTF-8"));
    assert_eq!(again.parsed.collection, out.parsed.collection);
}

#[test]
fn handicap_presets_read_and_write() {
    for h in Handicap::ALL {
        let first = if h == Handicap::Even {
            "７六歩(77)"
        } else {
            "３四歩(33)"
        };
        let text = format!("手合割：{}\n手数----指手--\n   1 {first}\n", h.japanese());
        let out = read_kif(&text);
        assert_eq!(diags(&out), vec![], "{}", h.japanese());
        let g = &out.parsed.collection.games[0];
        assert_eq!(g.info.shogi_start, Some(ShogiStart::Preset(h)));
        assert_eq!(main_moves(g), 1);
    }
}

#[test]
fn shift_jis_kif_is_detected_and_sniffed() {
    let text = format!("{EVEN}   1 ７六歩(77)\n");
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(&text);
    let input = kifu::Input {
        bytes: sjis,
        path: None,
        format: None,
        encoding: None,
    };
    let out = kifu::read(&input).expect("sniffed");
    assert_eq!(out.format.name, "kif");
    assert_eq!(out.source.encoding.as_deref(), Some("Shift_JIS"));
    assert_eq!(main_moves(&out.parsed.collection.games[0]), 1);
}

/// Mangled corpus files never panic a reader, the validator or a writer, and every
/// diagnostic points inside the text.
#[test]
fn mangled_records_never_panic() {
    let tokens = [
        "同",
        "　",
        "(",
        ")",
        "+",
        "変化：",
        "1手",
        "打",
        "成",
        "*",
        "&",
        "\n",
        "まで",
        "投了",
        "99",
        "|",
        "v",
        "手数----",
        "０",
        "：",
        "9999999999999999999999",
        "(0:1/",
        "\r",
        "▲",
        "△",
        "右",
        "直",
        "%TORYO",
        "P1",
        "00AL",
        ",",
        "'",
        "{",
        "}",
        "[",
        "]",
        "\"x\":",
        "null",
        "-1",
        "\"forks\":[[",
    ];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for (sub, ext) in [
        ("kif", "kifu"),
        ("ki2", "ki2u"),
        ("csa", "csa"),
        ("jkf", "jkf"),
    ] {
        let dir = corpus_dir().with_file_name(sub);
        let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        // Our own record of the format, in every checkout (the corpus only beside one).
        names.push(Path::new("fixtures/shogi/opening").with_extension(sub));
        names.sort();
        let format = kifu::formats::by_name(sub).expect("registered");
        for path in names {
            let text = read_path(&path).text.unwrap_or_default();
            let chars: Vec<char> = text.chars().collect();
            for _ in 0..25 {
                let mut c = chars.clone();
                for _ in 0..(1 + next() % 4) {
                    let at = (next() as usize) % (c.len() + 1);
                    match next() % 3 {
                        0 if at < c.len() => {
                            c.remove(at);
                        }
                        1 => {
                            let t = tokens[(next() as usize) % tokens.len()];
                            for (k, ch) in t.chars().enumerate() {
                                c.insert(at + k, ch);
                            }
                        }
                        _ => {
                            let at = at.min(c.len());
                            let len = (next() as usize % 40).min(c.len() - at);
                            c.drain(at..at + len);
                        }
                    }
                }
                let mangled: String = c.into_iter().collect();
                let out = reread(mangled.as_bytes(), &format!("mangled.{ext}"));
                for d in &out.parsed.diagnostics {
                    assert!(d.span.start <= mangled.len() && d.span.end <= mangled.len() + 1);
                }
                let _ = kifu::write(
                    &out.parsed.collection,
                    format,
                    Some(TextEncoding::UTF_8),
                    None,
                );
            }
        }
    }
}

fn ki2_dir() -> PathBuf {
    corpus_dir().with_file_name("ki2")
}

fn ki2_format() -> &'static kifu::formats::Format {
    kifu::formats::by_name("ki2").expect("ki2 is registered")
}

#[test]
fn every_corpus_ki2_reads_with_the_expected_game() {
    use Color::{Black as B, White as W};
    use WinReason::{Forfeit, Resign, Unspecified};
    #[allow(clippy::type_complexity)]
    let expected: [(
        &str,
        usize,
        usize,
        usize,
        &str,
        Option<&str>,
        Option<&str>,
        Option<GameResult>,
    ); 12] = [
        (
            "20091203.ki2",
            172,
            174,
            0,
            "平手",
            Some("伊奈祐介六段"),
            Some("西尾\u{3000}明五段"),
            win(W, Resign),
        ),
        (
            "7mai.ki2u",
            2,
            4,
            0,
            "左七枚落ち",
            Some("shitate"),
            Some("uwate"),
            None,
        ),
        (
            "8mai.ki2",
            25,
            27,
            0,
            "八枚落ち",
            Some("shitate"),
            Some("uwate"),
            None,
        ),
        (
            "8mai.ki2u",
            25,
            27,
            0,
            "八枚落ち",
            Some("shitate"),
            Some("uwate"),
            None,
        ),
        (
            "9fu.ki2",
            61,
            63,
            0,
            "その他",
            Some("shitate"),
            Some("uwate"),
            win(B, Unspecified),
        ),
        (
            "chudan.ki2",
            3,
            5,
            0,
            "平手",
            Some("sente"),
            Some("gote"),
            None,
        ),
        (
            "denou3-1.ki2",
            98,
            100,
            0,
            "平手",
            Some("菅井竜也五段"),
            Some("習甦"),
            win(W, Resign),
        ),
        ("fork.ki2", 3, 23, 7, "平手", None, None, win(B, Resign)),
        (
            "fuujite.ki2u",
            2,
            4,
            0,
            "八枚落ち",
            Some("shitate"),
            Some("uwate"),
            None,
        ),
        ("illegal.ki2", 2, 7, 1, "平手", None, None, win(W, Forfeit)),
        (
            "kobayashi_kinsho196702.ki2",
            49,
            51,
            0,
            "その他",
            None,
            None,
            win(B, Unspecified),
        ),
        (
            "noeol.ki2",
            3,
            5,
            0,
            "平手",
            Some("sente"),
            Some("gote"),
            None,
        ),
    ];
    if no_corpus() {
        return;
    }
    let dir = ki2_dir();
    let mut listed: Vec<String> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    listed.sort();
    assert_eq!(listed, expected.iter().map(|e| e.0).collect::<Vec<_>>());
    for (name, moves, nodes, vars, start, black, white, result) in expected {
        let out = read_path(&dir.join(name));
        assert_eq!(out.format.name, "ki2", "{name}");
        let game = &out.parsed.collection.games[0];
        assert_eq!(main_moves(game), moves, "{name}: main-line moves");
        assert_eq!(game.tree.len(), nodes, "{name}: nodes");
        assert_eq!(game.tree.variation_count(), vars, "{name}: variations");
        assert_eq!(start_name(game), start, "{name}: start");
        assert_eq!(game.info.black.name.as_deref(), black, "{name}: black");
        assert_eq!(game.info.white.name.as_deref(), white, "{name}: white");
        assert_eq!(game.info.result, result, "{name}: result");
        let allowed: Vec<Diag> = match name {
            // Every special ending after three moves (see fork.kif).
            "fork.ki2" => vec![
                ("shogi::doubtful-impasse", Severity::Warning, 13, 1, None),
                ("shogi::false-repetition", Severity::Error, 25, 1, None),
                ("shogi::false-checkmate", Severity::Error, 29, 1, None),
            ],
            _ => vec![],
        };
        assert_eq!(diags(&out), allowed, "{name}: diagnostics");
    }
}

/// The moves and special ends of every node in pre-order.
fn moves_of(game: &Game) -> Vec<(Option<kifu::model::Move>, Option<kifu::model::EndingKind>)> {
    game.tree
        .preorder()
        .map(|(_, n)| (n.mv, n.ending.map(|e| e.kind)))
        .collect()
}

#[test]
fn kif_and_ki2_of_the_same_game_give_the_same_moves() {
    if no_corpus() {
        return;
    }
    for (kif, ki2) in [
        ("8mai.kif", "8mai.ki2"),
        ("9fu.kif", "9fu.ki2"),
        ("chudan.kif", "chudan.ki2"),
        ("fork.kif", "fork.ki2"),
        ("illegal.kif", "illegal.ki2"),
        ("noeol.kif", "noeol.ki2"),
    ] {
        let a = read_path(&corpus_dir().join(kif));
        let b = read_path(&ki2_dir().join(ki2));
        let (ga, gb) = (&a.parsed.collection.games[0], &b.parsed.collection.games[0]);
        assert_eq!(moves_of(ga), moves_of(gb), "{kif} / {ki2}");
        assert_eq!(ga.info.shogi_start, gb.info.shogi_start, "{kif} / {ki2}");
        assert_eq!(ga.info.result, gb.info.result, "{kif} / {ki2}");
    }
}

#[test]
fn ki2_round_trips_byte_for_byte_and_through_the_model() {
    if no_corpus() {
        return;
    }
    let dir = ki2_dir();
    for name in ["7mai.ki2u", "8mai.ki2u", "fuujite.ki2u"] {
        let bytes = std::fs::read(dir.join(name)).expect("corpus file");
        let out = read_path(&dir.join(name));
        // As `convert -o x.ki2u` writes it: UTF-8 by the extension's convention.
        let written = kifu::write_with(
            &out.parsed.collection,
            ki2_format(),
            Some(TextEncoding::UTF_8),
            &kifu::formats::WriteOptions {
                utf8_by_convention: true,
                ..kifu::formats::WriteOptions::default()
            },
        )
        .expect("writes");
        assert_eq!(
            String::from_utf8_lossy(&written.bytes),
            String::from_utf8_lossy(&bytes),
            "{name}"
        );
    }
    for name in [
        "8mai.ki2",
        "9fu.ki2",
        "chudan.ki2",
        "fork.ki2",
        "illegal.ki2",
    ] {
        let bytes = std::fs::read(dir.join(name)).expect("corpus file");
        let out = read_path(&dir.join(name));
        let written = kifu::write(
            &out.parsed.collection,
            ki2_format(),
            Some(TextEncoding::SHIFT_JIS),
            None,
        )
        .expect("writes");
        assert_eq!(written.bytes, bytes, "{name}");
    }
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    names.sort();
    for path in names {
        let out = read_path(&path);
        let written = kifu::write(
            &out.parsed.collection,
            ki2_format(),
            Some(TextEncoding::UTF_8),
            None,
        )
        .expect("writes");
        let input = kifu::Input {
            bytes: (&written.bytes).into(),
            path: Some(Path::new("again.ki2u")),
            format: None,
            encoding: None,
        };
        let again = kifu::read(&input).expect("reads");
        assert_eq!(
            again.parsed.collection,
            out.parsed.collection,
            "{}",
            path.display()
        );
    }
}

fn read_ki2(text: &str) -> kifu::ReadOutcome {
    let input = kifu::Input {
        bytes: text.as_bytes().into(),
        path: Some(Path::new("test.ki2u")),
        format: None,
        encoding: None,
    };
    let mut out = kifu::read(&input).unwrap_or_else(|e| panic!("{e}"));
    kifu::validate(&mut out);
    out
}

/// A KI2 document from an SFEN start, written by kifu itself, plus moves.
fn ki2_from(sfen: &str, moves: &str) -> String {
    let (pos, _) = kifu::rules::shogi::from_sfen(sfen).expect("test SFEN");
    let mut game = Game::new(GameKind::Shogi);
    game.info.shogi_start = Some(ShogiStart::Other(Box::new(pos)));
    let written = kifu::write(
        &Collection { games: vec![game] },
        ki2_format(),
        Some(TextEncoding::UTF_8),
        None,
    )
    .expect("writes");
    let mut text = String::from_utf8(written.bytes).expect("UTF-8");
    text.push_str(moves);
    text
}

#[test]
fn a_pinned_piece_is_no_ki2_candidate() {
    // Golds on 6九 and 4九 can both reach 5八, but the white rook on 9九 pins the
    // 6九 gold against the king on 5九.
    let sfen = "4k4/9/9/9/9/9/9/9/r2GKG3 b - 1";
    let out = read_ki2(&ki2_from(sfen, "▲５八金\n"));
    assert_eq!(diags(&out), vec![]);
    let g = &out.parsed.collection.games[0];
    let (_, n) = g.tree.main_line().nth(1).expect("a move");
    let Some(kifu::model::Move::Shogi(m)) = n.mv else {
        panic!("a shogi move")
    };
    assert_eq!(m.from, kifu::model::Square::new(4, 9));
    // The writer does not count the pinned gold either (JSA): no 右.
    let written = kifu::write(
        &out.parsed.collection,
        ki2_format(),
        Some(TextEncoding::UTF_8),
        None,
    )
    .expect("writes");
    let text = String::from_utf8(written.bytes).expect("UTF-8");
    assert!(text.ends_with("\n▲５八金\n"), "{text}");
    assert_eq!(read_ki2(&text).parsed.collection, out.parsed.collection);
    // A writer that counts pinned pieces writes 右: the same move, with a warning.
    let counted = read_ki2(&ki2_from(sfen, "▲５八金右\n"));
    assert_eq!(
        diags(&counted),
        vec![("ki2::unneeded-modifier", Severity::Warning, 17, 1, Some(1))]
    );
    assert_eq!(counted.parsed.collection, out.parsed.collection);
}

#[test]
fn a_token_without_da_is_the_drop_when_the_only_piece_that_reaches_is_pinned() {
    // White's silver on 3一 is pinned by the dragon on 2一 against the king on 7一,
    // and white holds a silver: △３二銀 is the drop (the issue's position).
    let sfen = "l1k3s+R+B/r8/2n+N+S1+L2/pppp3gp/9/BPP1P2p1/P2l4P/L8/1N3K2+n w 3GSPs6p 138";
    let out = read_ki2(&ki2_from(sfen, "△３二銀\n"));
    assert_eq!(diags(&out), vec![]);
    let g = &out.parsed.collection.games[0];
    let (_, n) = g.tree.main_line().nth(1).expect("a move");
    let Some(kifu::model::Move::Shogi(m)) = n.mv else {
        panic!("a shogi move")
    };
    assert_eq!(
        (m.from, m.to),
        (None, kifu::model::Square::new(3, 2).expect("3二"))
    );
    // Written back without 打 (no legal piece competes), and read back the same.
    let written = kifu::write(
        &out.parsed.collection,
        ki2_format(),
        Some(TextEncoding::UTF_8),
        None,
    )
    .expect("writes");
    let text = String::from_utf8(written.bytes).expect("UTF-8");
    assert!(text.ends_with("\n△３二銀\n"), "{text}");
    assert_eq!(read_ki2(&text).parsed.collection, out.parsed.collection);
}

#[test]
fn ki2_resolution_errors_are_positioned() {
    use Severity::Error as E;
    // Two golds (6九, 4九) can both reach 5八.
    let two_golds = "4k4/9/9/9/9/9/9/9/3GKG3 b - 1";
    let pinned = "4k4/9/9/9/9/9/9/9/r2GKG3 b - 1";
    let cases: [(&str, &str, Vec<Diag>); 6] = [
        (
            two_golds,
            "▲５八金\n",
            vec![("ki2::ambiguous", E, 0, 1, Some(1))],
        ),
        (
            two_golds,
            "▲５八金引\n",
            vec![("ki2::no-candidate", E, 0, 1, Some(1))],
        ),
        (
            two_golds,
            "▲５五金\n",
            vec![("shogi::no-movable-piece", E, 0, 1, Some(1))],
        ),
        (
            two_golds,
            "△５二玉\n",
            vec![("shogi::wrong-side", E, 0, 1, Some(1))],
        ),
        (
            two_golds,
            "▲５八金右 △５八玉\n",
            vec![("shogi::no-movable-piece", E, 0, 7, Some(2))],
        ),
        // The record names the pinned gold: read, and reported by validation.
        (
            pinned,
            "▲５八金左\n",
            vec![("shogi::self-check", E, 0, 1, Some(1))],
        ),
    ];
    for (sfen, moves, mut expected) in cases {
        let text = ki2_from(sfen, moves);
        let line = text.lines().count();
        for e in &mut expected {
            e.2 = line;
        }
        assert_eq!(diags(&read_ki2(&text)), expected, "{moves}");
    }
    // Right-hand gold, then the king takes nothing: a legal pair.
    let text = ki2_from(two_golds, "▲５八金右 △５二玉 ▲４八金\n");
    assert_eq!(diags(&read_ki2(&text)), vec![]);
}

#[test]
fn kif_converts_to_usi_for_engines() {
    if no_corpus() {
        return;
    }
    let out = read_path(&corpus_dir().join("chudan.kif"));
    let usi = kifu::formats::by_name("usi").expect("usi is registered");
    // Engines take moves only: by default the end is left out, and reported.
    let written = kifu::write(&out.parsed.collection, usi, None, None).expect("writes");
    assert_eq!(
        String::from_utf8_lossy(&written.bytes),
        "position startpos moves 7g7f 3c3d 8h2b+\n",
    );
    let endings = kifu::write_with(
        &out.parsed.collection,
        usi,
        None,
        &kifu::formats::WriteOptions {
            format_options: &[kifu::formats::FormatOption::Usi(
                kifu::formats::UsiOption::Endings,
            )],
            ..kifu::formats::WriteOptions::default()
        },
    )
    .expect("writes");
    assert_eq!(
        String::from_utf8_lossy(&endings.bytes),
        "position startpos moves 7g7f 3c3d 8h2b+ break\n",
        "中断 is USI's end token `break`"
    );
    // USI holds the moves only: the players, the date, the header lines and the
    // times are reported lost.
    assert_eq!(
        written
            .losses
            .iter()
            .map(|l| (l.code.name, l.message.as_str()))
            .collect::<Vec<_>>(),
        vec![
            ("loss::game-info", "usi has no place for the black player's name: \"sente\""),
            ("loss::game-info", "usi has no place for the white player's name: \"gote\""),
            ("loss::game-info", "usi has no place for the date: \"2014/10/12 14:46:51\""),
            ("loss::extras", "usi has no place for the kif:# field: \" ---- Kifu for Windows V7 V7.08 棋譜ファイル ----\""),
            ("loss::extras", "usi has no place for the kif:終了日時 field: \"2014/10/12 14:47:55\""),
            ("loss::times", "usi has no place for the time spent: 4 left out, the first at move 1: \"2000 ms\""),
            ("loss::times", "usi has no place for the total time spent: 4 left out, the first at move 1: \"2000 ms\""),
            ("usi::ending-dropped", "USI engines take moves only: the end 中断 (break) is left out (--usi-endings writes it)"),
        ]
    );
    // A diagram start becomes an SFEN; reading the line back gives the same moves.
    let out = read_path(&corpus_dir().join("9fu.kif"));
    let written = kifu::write(&out.parsed.collection, usi, None, None).expect("writes");
    let line = String::from_utf8(written.bytes).expect("UTF-8");
    assert!(
        line.starts_with(
            "position sfen 7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1 moves L*1c N*1b 1c1b+ "
        ),
        "{line}"
    );
    let again = kifu::read(&kifu::Input {
        bytes: line.as_bytes().into(),
        path: None,
        format: None,
        encoding: None,
    })
    .expect("sniffed as usi");
    assert_eq!(again.format.name, "usi");
    let a: Vec<_> = out.parsed.collection.games[0]
        .tree
        .main_line()
        .filter_map(|(_, n)| n.mv)
        .collect();
    let b: Vec<_> = again.parsed.collection.games[0]
        .tree
        .main_line()
        .filter_map(|(_, n)| n.mv)
        .collect();
    assert_eq!(a, b);
}

fn csa_dir() -> PathBuf {
    corpus_dir().with_file_name("csa")
}

fn csa_format() -> &'static kifu::formats::Format {
    kifu::formats::by_name("csa").expect("csa is registered")
}

#[test]
fn every_corpus_csa_reads_with_the_expected_game() {
    use Color::{Black as B, White as W};
    use WinReason::{Forfeit, Resign, Unspecified};
    #[allow(clippy::type_complexity)]
    let expected: [(
        &str,
        &str,
        usize,
        usize,
        &str,
        Option<&str>,
        Option<&str>,
        Option<GameResult>,
    ); 14] = [
        (
            "2005_GPS_K-SHOGI.csa",
            "UTF-8",
            173,
            175,
            "平手",
            Some("sente"),
            Some("gote"),
            win(B, Resign),
        ),
        (
            "2005_YAMADA_GPS.csa",
            "EUC-JP",
            107,
            109,
            "平手",
            Some("gps"),
            Some("山田将棋 Version 2.18 (LEVEL5)"),
            win(B, Resign),
        ),
        (
            "8mai.csa",
            "Shift_JIS",
            25,
            27,
            "八枚落ち",
            Some("shitate"),
            Some("uwate"),
            None,
        ),
        (
            "8mai_hirate.csa",
            "Shift_JIS",
            25,
            27,
            "八枚落ち",
            Some("shitate"),
            Some("uwate"),
            None,
        ),
        (
            "9fu.csa",
            "Shift_JIS",
            61,
            63,
            "その他",
            Some("shitate"),
            Some("uwate"),
            win(B, Unspecified),
        ),
        (
            "9fu_komabetsu.csa",
            "Shift_JIS",
            61,
            63,
            "その他",
            Some("shitate"),
            Some("uwate"),
            win(B, Unspecified),
        ),
        (
            "chudan.csa",
            "Shift_JIS",
            3,
            5,
            "平手",
            Some("sente"),
            Some("gote"),
            None,
        ),
        (
            "dr1test1test0+tu-1_aobazero_viper-300-5F+aobazero+viper+20200719201040.csa",
            "UTF-8",
            400,
            402,
            "平手",
            Some("aobazero"),
            Some("viper"),
            win(B, Unspecified),
        ),
        (
            "example.csa",
            "Shift_JIS",
            2,
            4,
            "平手",
            Some("NAKAHARA"),
            Some("YONENAGA"),
            None,
        ),
        (
            "formal.csa",
            "Shift_JIS",
            2,
            4,
            "平手",
            Some("NAKAHARA"),
            Some("YONENAGA"),
            None,
        ),
        (
            "illegal_lose.csa",
            "Shift_JIS",
            2,
            4,
            "平手",
            Some("sent0"),
            Some("gote"),
            win(W, Forfeit),
        ),
        (
            "illegal_win.csa",
            "Shift_JIS",
            2,
            4,
            "平手",
            None,
            None,
            win(B, Forfeit),
        ),
        (
            "noeol.csa",
            "Shift_JIS",
            2,
            4,
            "平手",
            Some("NAKAHARA"),
            Some("YONENAGA"),
            None,
        ),
        (
            "v2.csa",
            "UTF-8",
            196,
            198,
            "平手",
            Some("Titanda_L"),
            Some("HarrySan"),
            win(W, Resign),
        ),
    ];
    if no_corpus() {
        return;
    }
    let dir = csa_dir();
    let mut listed: Vec<String> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    listed.sort();
    assert_eq!(listed, expected.iter().map(|e| e.0).collect::<Vec<_>>());
    for (name, encoding, moves, nodes, start, black, white, result) in expected {
        let out = read_path(&dir.join(name));
        assert_eq!(out.format.name, "csa", "{name}");
        assert_eq!(out.source.encoding.as_deref(), Some(encoding), "{name}");
        let game = &out.parsed.collection.games[0];
        assert_eq!(out.parsed.collection.games.len(), 1, "{name}");
        assert_eq!(main_moves(game), moves, "{name}: main-line moves");
        assert_eq!(game.tree.len(), nodes, "{name}: nodes");
        assert_eq!(start_name(game), start, "{name}: start");
        assert_eq!(game.info.black.name.as_deref(), black, "{name}: black");
        assert_eq!(game.info.white.name.as_deref(), white, "{name}: white");
        assert_eq!(game.info.result, result, "{name}: result");
        let found = diags(&out);
        let allowed: Vec<Diag> = match name {
            // EUC-JP without a declaration: chardetng's guess, reported.
            "2005_YAMADA_GPS.csa" => {
                vec![("text::guessed-encoding", Severity::Warning, 1, 1, None)]
            }
            _ => vec![],
        };
        assert_eq!(found, allowed, "{name}: diagnostics");
    }
}

#[test]
fn csa_round_trips_and_agrees_with_kif() {
    if no_corpus() {
        return;
    }
    let dir = csa_dir();
    for name in [
        "8mai.csa",
        "9fu.csa",
        "chudan.csa",
        "illegal_lose.csa",
        "illegal_win.csa",
    ] {
        let bytes = std::fs::read(dir.join(name)).expect("corpus file");
        let out = read_path(&dir.join(name));
        let written = kifu::write(
            &out.parsed.collection,
            csa_format(),
            Some(TextEncoding::SHIFT_JIS),
            None,
        )
        .expect("writes");
        assert_eq!(
            String::from_utf8_lossy(&written.bytes),
            String::from_utf8_lossy(&bytes),
            "{name}"
        );
        assert_eq!(written.bytes, bytes, "{name}");
    }
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    names.sort();
    for path in names {
        let out = read_path(&path);
        let written = kifu::write(
            &out.parsed.collection,
            csa_format(),
            Some(TextEncoding::UTF_8),
            None,
        )
        .expect("writes");
        let input = kifu::Input {
            bytes: (&written.bytes).into(),
            path: Some(Path::new("again.csa")),
            format: None,
            encoding: None,
        };
        let again = kifu::read(&input).expect("reads");
        assert_eq!(
            again.parsed.collection,
            out.parsed.collection,
            "{}",
            path.display()
        );
    }
    // The same games in KIF and CSA: the same moves and ends.
    for (kif, csa) in [
        ("8mai.kif", "8mai.csa"),
        ("9fu.kif", "9fu.csa"),
        ("chudan.kif", "chudan.csa"),
        ("9fu.kif", "9fu_komabetsu.csa"),
        ("8mai.kif", "8mai_hirate.csa"),
    ] {
        let a = read_path(&corpus_dir().join(kif));
        let b = read_path(&dir.join(csa));
        let (ga, gb) = (&a.parsed.collection.games[0], &b.parsed.collection.games[0]);
        assert_eq!(moves_of(ga), moves_of(gb), "{kif} / {csa}");
        assert_eq!(ga.info.shogi_start, gb.info.shogi_start, "{kif} / {csa}");
    }
    // CSA → KIF: `$END_TIME` is KIF's 終了日時, no loss; the `'` remarks are
    // written as comments.
    let out = read_path(&dir.join("example.csa"));
    let written = kifu::write(
        &out.parsed.collection,
        kif_format(),
        Some(TextEncoding::UTF_8),
        None,
    )
    .expect("writes");
    assert_eq!(written.losses, vec![]);
    let text = String::from_utf8(written.bytes).expect("UTF-8");
    assert!(text.contains("\n終了日時：2003/05/03 11:11:05\n"), "{text}");
    // KIF → CSA keeps the moves; variations are a loss.
    let out = read_path(&corpus_dir().join("fork.kif"));
    let written = kifu::write(&out.parsed.collection, csa_format(), None, None).expect("writes");
    assert!(written.losses.iter().any(|l| l.code == "loss::variations"));
}

#[test]
fn csa_errors_are_positioned() {
    use Severity::Error as E;
    let head = "V2.2\nPI\n+\n";
    let cases: [(&str, Diag); 4] = [
        ("+7776FU\n-7776FU\n", ("shogi::no-piece", E, 5, 1, Some(2))),
        (
            "+7776FU\n+3334FU\n",
            ("shogi::wrong-side", E, 5, 1, Some(2)),
        ),
        ("+7776KI\n", ("shogi::wrong-piece", E, 4, 1, Some(1))),
        ("+77XXFU\n", ("csa::bad-move", E, 4, 1, Some(1))),
    ];
    for (moves, expected) in cases {
        let text = format!("{head}{moves}");
        let input = kifu::Input {
            bytes: text.as_bytes().into(),
            path: Some(Path::new("test.csa")),
            format: None,
            encoding: None,
        };
        let mut out = kifu::read(&input).expect("reads");
        kifu::validate(&mut out);
        assert_eq!(diags(&out), vec![expected], "{moves}");
    }
}

fn jkf_format() -> &'static kifu::formats::Format {
    kifu::formats::by_name("jkf").expect("jkf is registered")
}

fn reread(bytes: &[u8], name: &str) -> kifu::ReadOutcome {
    let input = kifu::Input {
        bytes: bytes.into(),
        path: Some(Path::new(name)),
        format: None,
        encoding: None,
    };
    let mut out = kifu::read(&input).expect("reads");
    kifu::validate(&mut out);
    out
}

#[test]
fn jkf_reads_and_agrees_with_kif() {
    if no_corpus() {
        return;
    }
    let dir = corpus_dir().with_file_name("jkf");
    let jkf = read_path(&dir.join("ryuou201409020101.jkf"));
    assert_eq!(jkf.format.name, "jkf");
    assert_eq!(diags(&jkf), vec![]);
    let kif = read_path(&corpus_dir().join("ryuou201409020101.kif"));
    let (a, b) = (
        &jkf.parsed.collection.games[0],
        &kif.parsed.collection.games[0],
    );
    assert_eq!(moves_of(a), moves_of(b));
    assert_eq!(a.info.black.name.as_deref(), Some("羽生善治"));
    assert_eq!(a.info.result, b.info.result);
    assert_eq!(a.info.game_comment, b.info.game_comment);
    let min = read_path(&dir.join("same_move_minimal.jkf"));
    assert_eq!(diags(&min), vec![]);
    assert_eq!(main_moves(&min.parsed.collection.games[0]), 5);
}

#[test]
fn jkf_round_trips_forks_times_comments_and_positions() {
    if no_corpus() {
        return;
    }
    for (dir, name) in [
        (corpus_dir(), "fork.kif"),
        (corpus_dir(), "henka.kif"),
        (corpus_dir(), "9fu.kif"),
        (corpus_dir(), "doh_branch.kifu"),
        (corpus_dir().with_file_name("jkf"), "ryuou201409020101.jkf"),
    ] {
        let out = read_path(&dir.join(name));
        let written =
            kifu::write(&out.parsed.collection, jkf_format(), None, None).expect("writes");
        let again = reread(&written.bytes, "again.jkf");
        let codes: Vec<&str> = diags(&again).iter().map(|d| d.0).collect();
        let expected: &[&str] = if name == "fork.kif" {
            &FORK_CLAIMS
        } else {
            &[]
        };
        assert_eq!(codes, expected, "{name}");
        let (a, b) = (
            &out.parsed.collection.games[0],
            &again.parsed.collection.games[0],
        );
        assert_eq!(moves_of(a), moves_of(b), "{name}");
        assert_eq!(a.info.shogi_start, b.info.shogi_start, "{name}");
        let times = |g: &Game| {
            g.tree
                .preorder()
                .map(|(_, n)| (n.time_used_ms(), n.time_total_ms(), n.comment.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(times(a), times(b), "{name}");
        // JKF → JKF is stable.
        let twice =
            kifu::write(&again.parsed.collection, jkf_format(), None, None).expect("writes");
        assert_eq!(
            String::from_utf8_lossy(&twice.bytes),
            String::from_utf8_lossy(&written.bytes),
            "{name}"
        );
    }
}

#[test]
fn ki2_reads_every_move_spelling() {
    // Marks ▲△☗☖▽, moves with and without spaces, ７六 / ７６ / 76, 同 with and
    // without the full-width space, 不成, 打.
    let text = "手合割：平手\n\n☗７六歩☖３四歩▲２二角不成 △同　銀 ▲75歩△8八角打\n▲５５角打▽４四歩 ▲２六歩 △７九角成\n";
    let out = read_ki2(text);
    assert_eq!(diags(&out), vec![]);
    let g = &out.parsed.collection.games[0];
    let moves: Vec<_> = g
        .tree
        .main_line()
        .filter_map(|(_, n)| match n.mv {
            Some(kifu::model::Move::Shogi(m)) => Some((m.from, m.to, m.piece, m.promote)),
            _ => None,
        })
        .collect();
    let sq = |f, r| kifu::model::Square::new(f, r).expect("square");
    use kifu::model::PieceKind::{Bishop, Pawn, Silver};
    assert_eq!(
        moves,
        vec![
            (Some(sq(7, 7)), sq(7, 6), Pawn, false),
            (Some(sq(3, 3)), sq(3, 4), Pawn, false),
            (Some(sq(8, 8)), sq(2, 2), Bishop, false),
            (Some(sq(3, 1)), sq(2, 2), Silver, false),
            (Some(sq(7, 6)), sq(7, 5), Pawn, false),
            (None, sq(8, 8), Bishop, false),
            (None, sq(5, 5), Bishop, false),
            (Some(sq(4, 3)), sq(4, 4), Pawn, false),
            (Some(sq(2, 7)), sq(2, 6), Pawn, false),
            (Some(sq(8, 8)), sq(7, 9), Bishop, true),
        ]
    );
}

#[test]
fn validation_goes_on_after_an_illegal_move() {
    // Move 1 jumps two squares; move 3 jumps over the bishop on 2二: both reported.
    let text =
        format!("{EVEN}   1 ７五歩(77)\n   2 ３四歩(33)\n   3 １一角成(88)\n   4 ８四歩(83)\n");
    let out = read_kif(&text);
    assert_eq!(
        diags(&out),
        vec![
            ("shogi::unreachable", Severity::Error, 3, 6, Some(1)),
            ("shogi::unreachable", Severity::Error, 5, 6, Some(3)),
        ]
    );
}

#[test]
fn csa_times_become_kif_running_totals() {
    let text = "V2.2\nPI\n+\n+7776FU,T3\n-3334FU,T5\n+2726FU,T10\n%TORYO,T2\n";
    let out = reread(text.as_bytes(), "t.csa");
    let written = kifu::write(
        &out.parsed.collection,
        kif_format(),
        Some(TextEncoding::UTF_8),
        None,
    )
    .expect("writes");
    let kif = String::from_utf8(written.bytes).expect("UTF-8");
    let moves: Vec<&str> = kif
        .lines()
        .skip_while(|l| !l.starts_with("手数"))
        .skip(1)
        .collect();
    assert_eq!(
        moves,
        vec![
            "   1 ７六歩(77)   ( 0:03/00:00:03)",
            "   2 ３四歩(33)   ( 0:05/00:00:05)",
            "   3 ２六歩(27)   ( 0:10/00:00:13)",
            "   4 投了         ( 0:02/00:00:07)",
            "まで3手で先手の勝ち",
        ]
    );
}

/// A small deterministic generator of random legal games with variations, times,
/// comments, bookmarks, handicaps and diagram starts, for round-trip properties.
fn generated_games(count: usize) -> Vec<Game> {
    use kifu::model::{Ending, EndingKind, Move, Node, NodeId};
    use kifu::rules::shogi::Position;
    let mut seed: u64 = 0x1234_5678_9abc_def1;
    let mut rng = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    let mut games = Vec::new();
    for i in 0..count {
        let mut game = Game::new(GameKind::Shogi);
        game.info.black.name = Some(format!("先手{i}"));
        game.info.white.name = Some(format!("後手{i}"));
        let start = match rng(4) {
            0 => ShogiStart::Preset(Handicap::ALL[rng(16)]),
            1 => {
                let mut p = Position::from_model(&Handicap::Even.position());
                for _ in 0..(5 + rng(30)) {
                    let moves = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[rng(moves.len())];
                    p.make(&m);
                }
                ShogiStart::Other(Box::new(p.to_model()))
            }
            _ => ShogiStart::Preset(Handicap::Even),
        };
        let mut pos = Position::from_model(&start.position());
        game.info.shogi_start = Some(start);
        // Main line, then a few variations from random points of it.
        let mut line = vec![NodeId::ROOT];
        let mut made = Vec::new();
        for _ in 0..(10 + rng(60)) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng(moves.len())];
            let mut node = Node::default();
            node.mv = Some(Move::Shogi(m));
            node.set_time_used_ms(Some(rng(100) as u64 * 1000));
            if rng(8) == 0 {
                node.comment = Some(format!("コメント{}", rng(100)));
            }
            if rng(30) == 0 {
                node.bookmarks.push("しおり".into());
            }
            let parent = *line.last().unwrap_or(&NodeId::ROOT);
            line.push(game.tree.add_child(parent, node));
            pos.make(&m);
            made.push(m);
        }
        if rng(2) == 0 {
            let mut node = Node::default();
            node.ending = Some(Ending {
                // Endings validation cannot contradict (a 千日手 in a random game
                // would be false, and reported).
                kind: [
                    EndingKind::Resign,
                    EndingKind::Interrupt,
                    EndingKind::Timeout,
                ][rng(3)],
                color: Some(pos.to_move()),
            });
            let parent = *line.last().unwrap_or(&NodeId::ROOT);
            game.tree.add_child(parent, node);
        }
        for _ in 0..rng(3) {
            let at = rng(made.len().max(1));
            let mut p = Position::from_model(
                &game
                    .info
                    .shogi_start
                    .as_ref()
                    .map_or_else(|| Handicap::Even.position(), ShogiStart::position),
            );
            for m in made.iter().take(at) {
                p.make(m);
            }
            let mut parent = line.get(at).copied().unwrap_or(NodeId::ROOT);
            for _ in 0..(1 + rng(6)) {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng(moves.len())];
                let mut node = Node::default();
                node.mv = Some(Move::Shogi(m));
                node.set_time_used_ms(Some(rng(100) as u64 * 1000));
                parent = game.tree.add_child(parent, node);
                p.make(&m);
            }
        }
        games.push(game);
    }
    games
}

/// One node as the round-trip property compares it: move, comment, time, children.
type NodeShape = (
    Option<kifu::model::Move>,
    Option<String>,
    Option<u64>,
    usize,
);

/// The moves of every node in pre-order, with comments and times per move.
fn shape(game: &Game) -> Vec<NodeShape> {
    game.tree
        .preorder()
        .map(|(_, n)| {
            (
                n.mv,
                n.comment.clone(),
                n.time_used_ms(),
                n.children().len(),
            )
        })
        .collect()
}

#[test]
fn generated_games_round_trip_through_every_shogi_format() {
    for (i, game) in generated_games(60).into_iter().enumerate() {
        let c = Collection { games: vec![game] };
        let original = &c.games[0];
        for (name, ext) in [
            ("kif", "kifu"),
            ("ki2", "ki2u"),
            ("jkf", "jkf"),
            ("csa", "csa"),
            ("usi", "usi"),
        ] {
            let format = kifu::formats::by_name(name).expect("registered");
            let written = kifu::write(&c, format, Some(TextEncoding::UTF_8), None)
                .unwrap_or_else(|e| panic!("game {i} as {name}: {e}"));
            let back = reread(&written.bytes, &format!("g.{ext}"));
            assert_eq!(diags(&back), vec![], "game {i} as {name}");
            let g = &back.parsed.collection.games[0];
            let main = |g: &Game| {
                g.tree
                    .main_line()
                    .filter_map(|(_, n)| n.mv)
                    .collect::<Vec<_>>()
            };
            assert_eq!(main(g), main(original), "game {i} as {name}: main line");
            assert_eq!(
                g.info.shogi_start, original.info.shogi_start,
                "game {i} as {name}: start"
            );
            match name {
                "kif" | "jkf" => assert_eq!(shape(g), shape(original), "game {i} as {name}"),
                "ki2" => assert_eq!(
                    g.tree
                        .preorder()
                        .map(|(_, n)| (n.mv, n.comment.clone()))
                        .collect::<Vec<_>>(),
                    original
                        .tree
                        .preorder()
                        .map(|(_, n)| (n.mv, n.comment.clone()))
                        .collect::<Vec<_>>(),
                    "game {i} as ki2"
                ),
                _ => {}
            }
            // Writing what was read gives the same text again.
            let again = kifu::write(
                &back.parsed.collection,
                format,
                Some(TextEncoding::UTF_8),
                None,
            )
            .expect("writes");
            assert_eq!(
                String::from_utf8_lossy(&again.bytes),
                String::from_utf8_lossy(&written.bytes),
                "game {i} as {name}: stable"
            );
        }
    }
}

#[test]
fn old_diagram_footers_and_date_aliases_are_kept() {
    let text = "対局日：1999/07/15\n後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：金\n手数＝171  ▲６二角成  まで\n手数----指手--\n   1 ５二金打\n";
    let out = read_kif(text);
    assert_eq!(diags(&out), vec![]);
    let g = &out.parsed.collection.games[0];
    assert_eq!(g.info.date.as_deref(), Some("1999/07/15"));
    let written = kifu::write(
        &out.parsed.collection,
        kif_format(),
        Some(TextEncoding::UTF_8),
        None,
    )
    .expect("writes");
    let back = String::from_utf8(written.bytes).expect("UTF-8");
    // The move line comes back in Kakinoki's layout (padded, an empty line for the
    // missing `まで`).
    let expected = text.replace("   1 ５二金打\n", "   1 ５二金打    \n\n");
    assert_eq!(back, format!("#KIF version=2.0 encoding=UTF-8\n{expected}"));
}

/// A diagram drawn from 後手's side (`盤面回転`, files １ to ９, ranks 九 to 一) is
/// placed on the right squares and written back rotated, byte for byte.
#[test]
fn a_rotated_board_diagram_reads_and_writes_back_rotated() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/shogi/rotated.kifu");
    let bytes = std::fs::read(&path).expect("fixture");
    let out = read_path(&path);
    assert_eq!(diags(&out), vec![]);
    let game = &out.parsed.collection.games[0];
    let Some(ShogiStart::Other(start)) = &game.info.shogi_start else {
        panic!("a diagram start: {:?}", game.info.shogi_start)
    };
    assert_eq!(
        kifu::rules::shogi::to_sfen(start, 1),
        "5k3/6g2/p8/9/9/9/2P6/7R1/4K4 b G 1"
    );
    assert_eq!(main_moves(game), 2);
    let written = kifu::write(
        &out.parsed.collection,
        kif_format(),
        Some(TextEncoding::UTF_8),
        None,
    )
    .expect("writes");
    assert_eq!(
        String::from_utf8_lossy(&written.bytes),
        String::from_utf8_lossy(&bytes)
    );
    assert!(written.losses.is_empty());
    // KI2 shares the header: the diagram goes out rotated and comes back the same.
    let ki2 = kifu::write(
        &out.parsed.collection,
        ki2_format(),
        Some(TextEncoding::UTF_8),
        None,
    )
    .expect("writes KI2");
    let ki2_text = String::from_utf8_lossy(&ki2.bytes).into_owned();
    assert!(ki2_text.contains(
        "  １ ２ ３ ４ ５ ６ ７ ８ ９\n+---------------------------+\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n"
    ));
    let back = kifu::read(&kifu::Input {
        bytes: (&ki2.bytes).into(),
        path: Some(Path::new("rotated.ki2u")),
        format: None,
        encoding: None,
    })
    .expect("reads KI2");
    assert_eq!(
        back.parsed.collection.games[0].info.shogi_start,
        game.info.shogi_start
    );
}

/// Two thousand random legal games (handicaps and middle-game starts among them, so
/// pinned pieces, drops that compete with a pinned piece, and relative words between
/// a free and a pinned piece all occur) read back from KI2 with exactly their moves.
#[test]
fn two_thousand_generated_games_read_back_exactly_from_ki2() {
    let mut pinned_cases = 0;
    for (i, game) in generated_games(2000).into_iter().enumerate() {
        let main: Vec<_> = game.tree.main_line().filter_map(|(_, n)| n.mv).collect();
        let c = Collection { games: vec![game] };
        let written = kifu::write(&c, ki2_format(), Some(TextEncoding::UTF_8), None)
            .unwrap_or_else(|e| panic!("game {i}: {e}"));
        let back = reread(&written.bytes, "g.ki2u");
        assert_eq!(diags(&back), vec![], "game {i}");
        let g = &back.parsed.collection.games[0];
        let read: Vec<_> = g.tree.main_line().filter_map(|(_, n)| n.mv).collect();
        assert_eq!(read, main, "game {i}");
        // Count the moves where a piece reached the square but was no candidate.
        let mut pos = kifu::rules::shogi::Position::from_model(
            &g.info
                .shogi_start
                .as_ref()
                .map_or_else(|| Handicap::Even.position(), ShogiStart::position),
        );
        for mv in &read {
            let kifu::model::Move::Shogi(m) = mv else {
                continue;
            };
            if pos.reaching(m.color, m.piece, m.to).len()
                > pos.candidates(m.color, m.piece, m.to, true).len()
            {
                pinned_cases += 1;
            }
            pos.make(m);
        }
    }
    assert!(
        pinned_cases >= 5,
        "only {pinned_cases} moves with a pinned piece"
    );
}

/// USI end tokens become the special ends of KIF and CSA, and come back.
#[test]
fn usi_end_tokens_round_trip_through_kif_and_csa() {
    // After two moves a 千日手 or an entering-king win is false, and reported.
    for (token, kif_word, csa_word, claim) in [
        ("resign", "投了", "%TORYO", None),
        (
            "rep_draw",
            "千日手",
            "%SENNICHITE",
            Some("shogi::false-repetition"),
        ),
        ("timeout", "切れ負け", "%TIME_UP", None),
        (
            "win",
            "入玉勝ち",
            "%KACHI",
            Some("shogi::false-declaration"),
        ),
        ("break", "中断", "%CHUDAN", None),
    ] {
        let usi = format!("position startpos moves 7g7f 3c3d {token}\n");
        let read = reread(usi.as_bytes(), "g.usi");
        let expected: Vec<Diag> = claim
            .map(|code| (code, Severity::Error, 1, 35, None))
            .into_iter()
            .collect();
        assert_eq!(diags(&read), expected, "{token}");
        for (name, ext, word) in [("kif", "kifu", kif_word), ("csa", "csa", csa_word)] {
            let format = kifu::formats::by_name(name).expect("registered");
            let written = kifu::write(
                &read.parsed.collection,
                format,
                Some(TextEncoding::UTF_8),
                None,
            )
            .expect("writes");
            let text = String::from_utf8(written.bytes.clone()).expect("UTF-8");
            assert!(text.contains(word), "{token} as {name}: {text}");
            let back = reread(&written.bytes, &format!("g.{ext}"));
            let usi_again = kifu::write_with(
                &back.parsed.collection,
                kifu::formats::by_name("usi").expect("usi"),
                None,
                &kifu::formats::WriteOptions {
                    format_options: &[kifu::formats::FormatOption::Usi(
                        kifu::formats::UsiOption::Endings,
                    )],
                    ..kifu::formats::WriteOptions::default()
                },
            )
            .expect("writes");
            assert_eq!(
                String::from_utf8_lossy(&usi_again.bytes),
                usi,
                "{token} through {name}"
            );
        }
    }
}

/// CSA is claimed by content only when most lines are CSA: every corpus CSA file
/// under another name is, Pandanet's UGF (one line `PI,B1,19,0`) is not.
#[test]
fn csa_sniffing_needs_most_lines_to_be_csa() {
    if no_corpus() {
        return;
    }
    let dir = corpus_dir().with_file_name("csa");
    let mut sniffed = 0;
    for entry in std::fs::read_dir(&dir).expect("csa corpus") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("csa") {
            continue;
        }
        let bytes = std::fs::read(&path).expect("read");
        assert_eq!(
            kifu::formats::sniff(&bytes).map(|f| f.name),
            Some("csa"),
            "{}",
            path.display()
        );
        sniffed += 1;
    }
    assert_eq!(sniffed, 14);
    let ugf = corpus::root().join("go-servers/sabaki/ugf_amateur.ugf");
    let bytes = std::fs::read(&ugf).expect("ugf");
    let csa = kifu::formats::by_name("csa").expect("csa");
    assert!(!(csa.sniff)(&bytes));
    // Since the UGF reader, the file is sniffed as what it is.
    assert_eq!(kifu::formats::sniff(&bytes).map(|f| f.name), Some("ugf"));
}

/// A CSA game without a start position (no `PI`, no `P1`..`P9`, `P+`, `P-`) is read
/// from the even game, and a warning at its first move (or, without moves, at its
/// first statement) names the position assumed; with `PI` there is no word.
#[test]
fn csa_without_a_start_position_warns_that_the_even_game_is_assumed() {
    let read = |text: &str| {
        let mut out = kifu::read(&kifu::Input {
            bytes: text.as_bytes().into(),
            path: Some(Path::new("t.csa")),
            format: None,
            encoding: None,
        })
        .expect("reads");
        kifu::validate(&mut out);
        out
    };
    let w = |line, col| ("csa::no-start-position", Severity::Warning, line, col, None);
    let moves = "V2.2\nN+A\nN-B\n+\n+7776FU\n-3334FU\n%TORYO\n";
    let out = read(moves);
    assert_eq!(diags(&out), vec![w(4, 1)]);
    let warning = &out.parsed.diagnostics[0];
    assert_eq!(
        warning.message,
        "no start position (no PI line and no P1 to P9, P+ or P- lines): the even game (平手) is assumed"
    );
    let game = &out.parsed.collection.games[0];
    assert_eq!(start_name(game), "平手");
    assert_eq!(main_moves(game), 2);
    // The first move stands for the side-to-move line when there is none.
    assert_eq!(diags(&read("V2.2\n+7776FU\n-3334FU\n")), vec![w(2, 1)]);
    // No moves: at the first statement.
    assert_eq!(diags(&read("'a remark\nV2.2\nN+A\n")), vec![w(2, 1)]);
    // With `PI`, or with the board's lines, not a word.
    assert_eq!(diags(&read("V2.2\nPI\n+\n+7776FU\n")), vec![]);
    let board = "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n+\n+7776FU\n";
    assert_eq!(diags(&read(board)), vec![]);
    // Every game of a collection is judged on its own.
    assert_eq!(
        diags(&read("V2.2\nPI\n+\n+7776FU\n/\nN+C\n+\n+2726FU\n")),
        vec![w(7, 1)]
    );
}

/// Every KIF and KI2 fixture, whole and damaged (cut short, a line left out, two
/// lines swapped): a check gives exactly the diagnostics of a read and validation
/// (the KIF readers that check while reading, held to the replay through the API).
#[test]
fn a_check_of_every_fixture_and_its_damaged_copies_equals_read_and_validate() {
    let mut files = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("fixtures/shogi"), root.join("tests/data/shogi")];
    // The real records, when the corpus is beside the checkout.
    let real = corpus::path("shogi/json-kifu-format");
    dirs.extend(
        real.iter()
            .flat_map(|dir| [dir.join("kif"), dir.join("ki2")]),
    );
    for dir in &dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            panic!("{} is missing", dir.display());
        };
        for e in entries.flatten() {
            let path = e.path();
            if matches!(
                path.extension().and_then(|x| x.to_str()),
                Some("kif" | "ki2" | "kifu")
            ) {
                files.push(path);
            }
        }
    }
    files.sort();
    let wanted = if real.is_some() { 40 } else { 4 };
    assert!(files.len() >= wanted, "{} fixtures", files.len());
    let mut with_findings = 0;
    for path in &files {
        let Ok(bytes) = std::fs::read(path) else {
            panic!("{} cannot be read", path.display());
        };
        let lines: Vec<&[u8]> = bytes.split_inclusive(|&b| b == b'\n').collect();
        let mut copies = vec![bytes.clone()];
        for cut in [bytes.len() / 3, bytes.len() / 2, bytes.len() * 2 / 3] {
            copies.push(bytes.get(..cut).unwrap_or(&bytes).to_vec());
        }
        for k in [lines.len() / 2, lines.len() * 3 / 4] {
            let mut left_out = lines.clone();
            if k < left_out.len() {
                left_out.remove(k);
            }
            copies.push(left_out.concat());
            let mut swapped = lines.clone();
            if k + 1 < swapped.len() {
                swapped.swap(k, k + 1);
            }
            copies.push(swapped.concat());
        }
        for copy in &copies {
            let input = kifu::Input {
                bytes: copy.into(),
                path: Some(path),
                format: None,
                encoding: None,
            };
            let Ok(mut outcome) = kifu::read(&input) else {
                continue;
            };
            kifu::validate(&mut outcome);
            let Ok(checked) = kifu::check(&input, None) else {
                panic!("{}: read but not checked", path.display());
            };
            assert_eq!(
                checked.diagnostics,
                outcome.parsed.diagnostics,
                "{}",
                path.display()
            );
            with_findings += usize::from(
                outcome
                    .parsed
                    .diagnostics
                    .iter()
                    .any(|d| d.code.starts_with("shogi::")),
            );
        }
    }
    // The damage makes the rules find things: the comparison is not of empty lists.
    let wanted = if real.is_some() { 60 } else { 5 };
    assert!(
        with_findings >= wanted,
        "{with_findings} copies with rule findings"
    );
}
