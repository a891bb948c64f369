//! Kiseong (기성) ANSI records: the seed's examples, a professional game written as a
//! 1996 BBS record, exact diagnostics, byte-for-byte round trips, SGF both ways.

use kifu::formats::{self, Parsed, WriteOptions};
use kifu::model::*;
use kifu::text::LineIndex;
use kifu::Input;

mod common;

fn read_file(path: &str) -> (kifu::ReadOutcome, String) {
    let bytes = std::fs::read(path).expect("fixture");
    let mut outcome = kifu::read(&Input {
        bytes: (&bytes).into(),
        path: Some(std::path::Path::new(path)),
        format: None,
        encoding: None,
    })
    .expect("readable");
    kifu::validate(&mut outcome);
    let text = outcome.text.clone().unwrap_or_default();
    (outcome, text)
}

/// (code, line, column) of every diagnostic.
fn positions(outcome: &kifu::ReadOutcome, text: &str) -> Vec<(&'static str, usize, usize)> {
    let index = LineIndex::new(text);
    outcome
        .parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (l, c) = index.line_col_in(text, d.span.start);
            (d.code, l, c)
        })
        .collect()
}

fn kiseong() -> &'static formats::Format {
    formats::by_name("kiseong").expect("registered")
}

fn write_text(c: &Collection) -> (String, Vec<kifu::diag::Loss>) {
    let written = kifu::internals::kiseong::write(c, &WriteOptions::default()).expect("writes");
    (written.output, written.losses)
}

fn strip_breaks(s: &str) -> String {
    s.chars().filter(|&c| c != '\r' && c != '\n').collect()
}

fn moves(game: &Game) -> Vec<(Color, Option<Point>)> {
    game.tree
        .main_line()
        .filter_map(|(_, n)| match n.mv {
            Some(Move::Stone(m)) => Some((m.color, m.point)),
            _ => None,
        })
        .collect()
}

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

#[test]
fn the_seeds_examples_are_sniffed_read_and_checked() {
    let (outcome, text) = read_file("fixtures/kiseong/seed-examples.kis");
    assert_eq!(outcome.format.name, "kiseong");
    assert_eq!(outcome.source.encoding.as_deref(), Some("EUC-KR"));
    assert_eq!(
        positions(&outcome, &text),
        // The two variations open with black right after black's move (#24).
        vec![
            ("go::setup-no-effect", 9, 1),
            ("go::same-colour-twice", 14, 1),
            ("go::occupied", 18, 1),
            ("go::setup-no-effect", 20, 1),
            ("go::same-colour-twice", 25, 1),
        ]
    );
    let game = &outcome.parsed.collection.games[0];
    assert_eq!(game.info.title.as_deref(), Some("응창기배 결승 제2국"));
    assert_eq!(game.info.black.name.as_deref(), Some("홍길동"));
    assert_eq!(game.info.black.rank.as_deref(), Some("4급"));
    assert_eq!(game.info.white.name.as_deref(), Some("임꺽정"));
    assert_eq!(game.info.white.rank.as_deref(), Some("3급"));
    assert_eq!(
        game.info.extras.get("kiseong:version"),
        Some(&["7".to_string(), "기성[96.12]".to_string()][..])
    );
    // Rows are n2 (from the top), columns n3 (A–S without skipping I).
    assert_eq!(
        moves(game),
        vec![
            (Color::Black, Some(p(2, 9))),
            (Color::White, Some(p(3, 3))),
            (Color::Black, Some(p(15, 15))),
        ]
    );
}

#[test]
fn diagrams_become_variations_with_numbered_moves_and_markup() {
    let (outcome, _) = read_file("fixtures/kiseong/seed-examples.kis");
    let tree = &outcome.parsed.collection.games[0].tree;
    let last = tree
        .main_line()
        .last()
        .map(|(id, _)| id)
        .expect("a main line");
    let last_move = tree
        .main_line()
        .filter(|(_, n)| n.mv.is_some())
        .last()
        .map(|(id, _)| id)
        .expect("a move");
    let node = tree.get(last_move).expect("node");
    // The record ends after move 3: an empty node keeps the main line, and the diagram
    // and the {{ }} block branch after move 3 as variations.
    assert_eq!(node.children().len(), 3);
    assert_eq!(tree.get(node.children()[0]).map(|n| n.mv), Some(None));
    assert_eq!(Some(node.children()[0]), Some(last));
    let children = node.children()[1..].to_vec();
    // The diagram: its first node holds the empty-point and Hangul markers, then the
    // normal and numbered stones follow as moves.
    let d0 = tree.get(children[0]).expect("diagram root");
    assert_eq!(d0.markup.dimmed, vec![p(8, 12)]);
    assert_eq!(
        d0.markup.labels,
        vec![Label {
            point: p(9, 12),
            text: "가".into()
        }]
    );
    let mut line = Vec::new();
    let mut at = Some(children[0]);
    while let Some(id) = at {
        let n = tree.get(id).expect("node");
        line.push((n.mv, n.move_number, n.setup.clone(), n.markup.clone()));
        at = n.children().first().copied();
    }
    let stone = |color, x, y| {
        Some(Move::Stone(StoneMove {
            color,
            point: Some(p(x, y)),
        }))
    };
    assert_eq!(line[1].0, stone(Color::Black, 10, 12));
    assert_eq!(line[2].0, stone(Color::White, 11, 12));
    // Letter stones B and C open a setup node after the move.
    assert_eq!(line[3].0, None);
    assert_eq!(line[3].2.add_black, vec![p(12, 12)]);
    assert_eq!(line[3].2.add_white, vec![p(13, 12)]);
    assert_eq!(
        line[3].3.labels,
        vec![
            Label {
                point: p(12, 12),
                text: "B".into()
            },
            Label {
                point: p(13, 12),
                text: "C".into()
            }
        ]
    );
    assert_eq!(
        (line[4].0, line[4].1),
        (stone(Color::Black, 13, 12), Some(3))
    );
    assert_eq!(
        (line[5].0, line[5].1),
        (stone(Color::White, 14, 12), Some(4))
    );
    assert_eq!(
        line[6].3.symbols,
        vec![
            Symbol {
                point: p(13, 12),
                shape: Shape::Triangle
            },
            Symbol {
                point: p(14, 12),
                shape: Shape::Square
            },
        ]
    );
    // The {{ }} block: four moves, with its commentary and line breaks.
    let block: Vec<_> = {
        let mut v = Vec::new();
        let mut at = Some(children[1]);
        while let Some(id) = at {
            let n = tree.get(id).expect("node");
            v.push((n.mv, n.comment.clone()));
            at = n.children().first().copied();
        }
        v
    };
    assert_eq!(block.len(), 4);
    assert_eq!(block[1].1.as_deref(), Some("해설해설해설해설...\n\n"));
    assert_eq!(block[3].0, stone(Color::White, 11, 7));
}

#[test]
fn clear_empties_the_board_where_it_stands() {
    let text = "&[1w&[2;4;4@&[3;16;16@&[8@&[10@&[6;10;10;1@&[9@&[2w";
    let parsed = kifu::internals::kiseong::read(text);
    let tree = &parsed.collection.games[0].tree;
    let diagram = tree
        .iter()
        .find(|(_, n)| n.move_number == Some(1))
        .map(|(_, n)| n)
        .expect("the diagram's numbered stone");
    assert_eq!(diagram.setup.clear, vec![p(3, 3), p(15, 15)]);
}

#[test]
fn records_round_trip_byte_for_byte_up_to_line_breaks() {
    for path in [
        "fixtures/kiseong/seed-examples.kis",
        "fixtures/kiseong/bbs-game.kis",
    ] {
        let (outcome, text) = read_file(path);
        let (written, losses) = write_text(&outcome.parsed.collection);
        assert_eq!(strip_breaks(&written), strip_breaks(&text), "{path}");
        assert!(losses.is_empty(), "{path}: {losses:?}");
        // And through the binary with the default EUC-KR encoding.
        let encoded =
            kifu::write(&outcome.parsed.collection, kiseong(), None, None).expect("encodes");
        let (back, _, bad) = encoding_rs::EUC_KR.decode(&encoded.bytes);
        assert!(!bad);
        assert_eq!(strip_breaks(&back), strip_breaks(&text), "{path}");
    }
}

#[test]
fn a_bbs_game_reads_and_matches_its_sgf_source() {
    let (outcome, _) = read_file("fixtures/kiseong/bbs-game.kis");
    assert!(
        outcome.parsed.diagnostics.is_empty(),
        "{:?}",
        outcome.parsed.diagnostics
    );
    let game = &outcome.parsed.collection.games[0];
    assert_eq!(game.info.black.name.as_deref(), Some("아오키 하루"));
    assert_eq!(game.info.white.name.as_deref(), Some("브란트 레나"));
    assert_eq!(game.info.white.rank.as_deref(), Some("4단"));
    assert_eq!(game.tree.variation_count(), 2);
    let first = game
        .tree
        .main_line()
        .nth(1)
        .map(|(_, n)| n.comment.clone())
        .expect("move 1");
    assert_eq!(first.as_deref(), Some("흑의 첫 수는 화점입니다."));
    let sgf = std::fs::read("fixtures/go/kifu-cup-2024.sgf").expect("fixture");
    let source = kifu::read(&Input {
        bytes: (&sgf).into(),
        path: Some(std::path::Path::new("kifu-cup-2024.sgf")),
        format: None,
        encoding: None,
    })
    .expect("reads");
    let expected = moves(&source.parsed.collection.games[0]);
    assert_eq!(expected.len(), 220);
    assert_eq!(moves(game), expected);
}

#[test]
fn kiseong_to_sgf_to_kiseong_keeps_the_game_and_reports_the_cues() {
    let (outcome, _) = read_file("fixtures/kiseong/bbs-game.kis");
    let sgf_format = formats::by_name("sgf").expect("sgf");
    let sgf = kifu::write(&outcome.parsed.collection, sgf_format, None, None).expect("to sgf");
    let mut codes: Vec<&str> = sgf.losses.iter().map(|l| l.code.name).collect();
    codes.dedup();
    assert_eq!(codes, vec!["loss::extras"]);
    let cue_losses: Vec<&str> = sgf.losses.iter().map(|l| l.message.as_str()).collect();
    assert!(
        cue_losses.contains(&"sgf has no place for the kiseong:cues field: 3 left out, the first at the start: \"&[21w, &[1w\""),
        "{cue_losses:?}"
    );
    assert!(
        cue_losses
            .iter()
            .any(|m| m.starts_with("sgf has no place for the kiseong:version field")),
        "{cue_losses:?}"
    );
    assert!(
        !cue_losses.iter().any(|m| m.contains("layout")),
        "layout hints are not data"
    );
    let text = String::from_utf8(sgf.bytes).expect("utf-8");
    for prop in [
        "GN[제1회 기보컵 결승 (재현 기보)]",
        "PB[아오키 하루]",
        "BR[3단]",
        "PW[브란트 레나]",
        "WR[4단]",
    ] {
        assert!(text.contains(prop), "{prop} in {}", &text[..300]);
    }
    let back = kifu::internals::sgf::read(&text);
    let (kis, _) = write_text(&back.collection);
    let again = kifu::internals::kiseong::read(&kis);
    let g0 = &outcome.parsed.collection.games[0];
    let g1 = &again.collection.games[0];
    assert_eq!(moves(g1), moves(g0));
    assert_eq!(g1.info.black, g0.info.black);
    assert_eq!(g1.info.white, g0.info.white);
    assert_eq!(g1.info.title, g0.info.title);
    assert_eq!(g1.tree.variation_count(), 2);
    let comments = |g: &Game| -> Vec<String> {
        g.tree
            .preorder()
            .filter_map(|(_, n)| n.comment.clone())
            .collect()
    };
    assert_eq!(comments(g1), comments(g0));
}

#[test]
fn broken_records_get_every_diagnostic_in_place() {
    let (outcome, text) = read_file("fixtures/kiseong/broken.kis");
    assert_eq!(
        positions(&outcome, &text),
        vec![
            ("kiseong::unterminated-name", 1, 5),
            ("kiseong::off-board", 2, 1),
            ("kiseong::label-out-of-range", 3, 1),
            ("kiseong::argument-count", 4, 1),
            ("kiseong::unknown-placement", 5, 1),
            ("kiseong::unknown-control", 6, 1),
            ("kiseong::restore-without-save", 7, 1),
            ("kiseong::unbalanced-variation", 8, 1),
            ("kiseong::nested-variation", 9, 11),
            ("kiseong::move-count", 10, 1),
            ("kiseong::forbidden-character", 11, 3),
            ("kiseong::argument-count", 13, 1),
            ("kiseong::bad-command", 13, 9),
            ("kiseong::forbidden-character", 13, 9),
            ("kiseong::forbidden-character", 13, 20),
            ("kiseong::save-without-restore", 14, 1),
            ("kiseong::missing-end", 15, 1),
            ("go::occupied", 12, 9),
        ]
    );
    let occupied = outcome.parsed.diagnostics.last().expect("rule finding");
    assert_eq!(occupied.move_number, Some(2));
}

#[test]
fn the_writer_replaces_forbidden_characters_and_refuses_what_cp949_cannot_hold() {
    let mut g = Game::new(GameKind::go(19));
    g.info.black.name = Some("이창호".into());
    g.info.black.rank = Some("9단".into());
    let mut m = Node::with_move(Move::Stone(StoneMove {
        color: Color::Black,
        point: Some(p(3, 15)),
    }));
    m.comment = Some("좋은 수 - 50% 확률\n다음 줄".into());
    g.tree.add_child(NodeId::ROOT, m);
    let c = Collection { games: vec![g] };
    let (text, losses) = write_text(&c);
    assert_eq!(
        text,
        "&[21w&[23;10w&[1w&[4w이창호 9단&[5w&[20;1w\r\n\r\n&[2;16;4@좋은 수 － 50％ 확률&[9w다음 줄\r\n&[2w&[22w\r\n"
    );
    let codes: Vec<(&str, &str)> = losses
        .iter()
        .map(|l| (l.code.name, l.message.as_str()))
        .collect();
    assert_eq!(
        codes,
        vec![
            (
                "kiseong::replaced-character",
                "'-' written as '－': the seed reserves it"
            ),
            (
                "kiseong::replaced-character",
                "'%' written as '％': the seed reserves it"
            ),
        ]
    );
    let mut emoji = c.clone();
    emoji.games[0].tree.root_node_mut().comment = Some("🀄".into());
    let err = kifu::write(&emoji, kiseong(), None, None).expect_err("EUC-KR cannot hold it");
    assert!(
        err.to_string()
            .starts_with("EUC-KR cannot hold 1 character(s): '🀄'"),
        "{err}"
    );
    let utf8 = kifu::write(
        &emoji,
        kiseong(),
        Some(kifu::text::TextEncoding::UTF_8),
        None,
    );
    assert!(utf8.is_ok());
}

/// A small deterministic generator (xorshift), so the property test needs no crate.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[test]
fn any_go_game_keeps_its_main_line_comments_and_names_through_kiseong() {
    let words = [
        "좋은 수",
        "악수",
        "호착",
        "형세 판단",
        "double: a/b",
        "{괄호}",
        "~물결~",
        "a\nb",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for case in 0..200 {
        let mut g = Game::new(GameKind::go(19));
        g.info.black.name = Some(format!("흑{case}"));
        g.info.white.name = Some(format!("백{case}"));
        g.info.white.rank = (case % 3 == 0).then(|| "5단".to_string());
        let mut at = NodeId::ROOT;
        let mut used = std::collections::HashSet::new();
        let len = rng.below(60);
        for i in 0..len {
            let pt = p(rng.below(19) as u8, rng.below(19) as u8);
            if !used.insert(pt) {
                continue;
            }
            let color = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let mut n = Node::with_move(Move::Stone(StoneMove {
                color,
                point: Some(pt),
            }));
            if rng.below(4) == 0 {
                n.comment = Some(words[rng.below(words.len() as u64) as usize].to_string());
            }
            let child = g.tree.add_child(at, n);
            if rng.below(8) == 0 {
                // A variation the writer keeps as {{ }}.
                let alt = p(rng.below(19) as u8, rng.below(19) as u8);
                if !used.contains(&alt) {
                    g.tree.add_child(
                        at,
                        Node::with_move(Move::Stone(StoneMove {
                            color,
                            point: Some(alt),
                        })),
                    );
                }
            }
            at = child;
        }
        let c = Collection {
            games: vec![g.clone()],
        };
        let (text, _) = write_text(&c);
        let Parsed {
            collection,
            diagnostics,
            ..
        } = kifu::internals::kiseong::read(&text);
        assert!(
            diagnostics
                .iter()
                .all(|d| d.severity != kifu::diag::Severity::Error),
            "{diagnostics:?}"
        );
        let back = &collection.games[0];
        assert_eq!(moves(back), moves(&g), "case {case}");
        assert_eq!(back.info.black, g.info.black, "case {case}");
        assert_eq!(back.info.white, g.info.white, "case {case}");
        let fullwidth = |s: &str| -> String {
            s.chars()
                .map(|c| match c {
                    '/' => '／',
                    '{' => '｛',
                    '}' => '｝',
                    '~' => '～',
                    c => c,
                })
                .collect()
        };
        let main_comments = |g: &Game| -> Vec<Option<String>> {
            g.tree
                .main_line()
                .filter(|(_, n)| n.mv.is_some())
                .map(|(_, n)| n.comment.clone())
                .collect()
        };
        let expected: Vec<Option<String>> = main_comments(&g)
            .into_iter()
            .map(|c| c.map(|s| fullwidth(&s)))
            .collect();
        assert_eq!(main_comments(back), expected, "case {case}");
    }
}

#[test]
fn content_sniffing_finds_kiseong_without_an_extension() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("BBS0042.TXT");
    std::fs::copy("fixtures/kiseong/bbs-game.kis", &path).expect("copy");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["info", "--json"])
        .arg(&path)
        .output()
        .expect("runs");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["format"], "kiseong");
    assert_eq!(v["encoding"], "EUC-KR");
    assert_eq!(v["games"][0]["moves"], 220);
    assert_eq!(v["games"][0]["black"], "아오키 하루 (3단)");
}

#[test]
fn a_million_broken_commands_keep_a_hundred_diagnostics_of_each_code() {
    // `&[` a million times: each a broken command and a reserved `&` in commentary;
    // then the end `&[2w`, a command, so that the text is a (broken) Kiseong record.
    let text = format!("{}&[2w", "&[".repeat(1_000_000));
    let parsed = kifu::internals::kiseong::read(&text);
    // The reader itself keeps 100 of each code and one summary of the rest.
    let codes: Vec<(&str, usize)> = parsed
        .diagnostics
        .iter()
        .filter(|d| d.omitted > 0)
        .map(|d| (d.code, d.omitted))
        .collect();
    assert_eq!(
        codes,
        vec![
            ("kiseong::bad-command", 999_900),
            ("kiseong::forbidden-character", 999_900)
        ]
    );
    assert_eq!(parsed.diagnostics.len(), 2 * 101 + 1);
    let counts = kifu::diag::Counts::of(&parsed.diagnostics);
    assert_eq!((counts.errors, counts.warnings), (1_000_000, 1_000_001));
    let summary = parsed
        .diagnostics
        .iter()
        .find(|d| d.omitted > 0)
        .map(|d| (d.span, d.message.as_str()));
    assert_eq!(
        summary,
        Some((
            kifu::diag::Span::new(200, 202),
            "… and 999,900 more kiseong::bad-command diagnostic(s) like it (the first 100 of each code are shown)"
        ))
    );
}

/// 4 KiB of pseudo-random bytes (a fixed LCG), with no `&[` in them.
fn random_bytes() -> Vec<u8> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut out = Vec::with_capacity(4096);
    while out.len() < 4096 {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let b = (x >> 56) as u8;
        // No `&` at all: not even a broken command.
        if b != b'&' {
            out.push(b);
        }
    }
    out
}

#[test]
fn bytes_without_a_kiseong_command_are_not_a_kiseong_record() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("noise.bin");
    std::fs::write(&path, random_bytes()).expect("write");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(args)
            .arg(&path)
            .output()
            .expect("runs")
    };
    // Named as Kiseong: an error, no game.
    let out = run(&["validate", "-f", "kiseong", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("NDJSON"))
        .collect();
    let codes: Vec<&str> = lines
        .iter()
        .filter(|v| v["type"] == "diagnostic")
        .filter_map(|d| d["code"].as_str())
        .collect();
    let file = lines
        .iter()
        .find(|v| v["type"] == "file")
        .expect("file line");
    assert_eq!(
        (
            &file["valid"],
            &file["format"],
            &file["games"],
            &file["errors"]
        ),
        (
            &serde_json::json!(false),
            &serde_json::json!("kiseong"),
            &serde_json::json!(0),
            &serde_json::json!(1)
        )
    );
    assert_eq!(codes, ["text::guessed-encoding", "kiseong::no-command"]);
    // By content, nothing takes it for Kiseong (or anything else).
    let out = run(&["validate"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains(&format!(
        "error: {}: cannot tell the format of {}: give it with -f",
        path.display(),
        path.display()
    )));
    // Text with no command at all, in the library: no game, one error at 1:1.
    let parsed = kifu::internals::kiseong::read("기보가 아닌 글입니다.\r\n그냥 글.");
    assert_eq!(parsed.collection.games.len(), 0);
    let diags: Vec<_> = parsed
        .diagnostics
        .iter()
        .map(|d| (d.code, d.severity, d.span.start))
        .collect();
    assert_eq!(
        diags,
        [("kiseong::no-command", kifu::diag::Severity::Error, 0)]
    );
}
