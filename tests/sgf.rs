//! SGF through the library API: the SGFC test catalogue, charsets, round trips,
//! canonical output, Go rules, depth and length.

use std::path::{Path, PathBuf};

use kifu::diag::Severity;
use kifu::formats::{self, Format};
use kifu::model::{
    Collection, Color, Emphasis, Game, GameKind, GameResult, Label, Line, Move, MoveAnnotation,
    Node, NodeId, Point, PositionAnnotation, Shape, StoneMove, Symbol, WinReason,
};
use kifu::text::{LineIndex, TextEncoding};
use kifu::{Input, ReadOutcome};

fn sgf() -> &'static Format {
    formats::by_name("sgf").expect("sgf is registered")
}

fn read(bytes: &[u8]) -> ReadOutcome {
    kifu::read(&Input {
        bytes: bytes.into(),
        path: None,
        format: Some(sgf()),
        encoding: None,
    })
    .expect("sgf reads")
}

fn write(c: &Collection) -> String {
    let out = kifu::write(c, sgf(), None, None).expect("writes");
    String::from_utf8(out.bytes).expect("utf-8")
}

/// (line, column, code) of every diagnostic.
fn positions(out: &ReadOutcome) -> Vec<(usize, usize, &'static str)> {
    let text = out.text.as_deref().unwrap_or("");
    let index = LineIndex::new(text);
    out.parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (l, c) = index.line_col_in(text, d.span.start);
            (l, c, d.code)
        })
        .collect()
}

mod common;

/// The real records of `../shared/corpus`, or `None` (the test skips, saying so) when
/// they are not beside the checkout.
fn corpus() -> Option<PathBuf> {
    common::corpus::path("")
}

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            sgf_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "sgf") {
            out.push(p);
        }
    }
}

fn stone(color: Color, x: u8, y: u8) -> Option<Move> {
    Some(Move::Stone(StoneMove {
        color,
        point: Some(Point::new(x, y)),
    }))
}

#[test]
fn sgfc_test_catalogue_gets_a_diagnostic_on_every_error_line() {
    let Some(corpus) = corpus() else {
        return;
    };
    let path = corpus.join("sgf/sgfc/test.sgf");
    let bytes = std::fs::read(&path).expect("corpus file");
    let mut out = read(&bytes);
    kifu::validate(&mut out);
    let got: Vec<_> = positions(&out)
        .into_iter()
        .filter(|(_, _, code)| !code.starts_with("text::"))
        .collect();
    let expected = vec![
        (1, 1, "sgf::text-outside-game"),
        (8, 4, "sgf::illegal-characters"),
        (11, 1, "sgf::identifier-too-long"),
        (12, 1, "sgf::empty-variation"),
        (13, 8, "sgf::too-many-values"),
        (14, 3, "sgf::bad-value"),
        (14, 25, "sgf::bad-point"),
        (15, 3, "sgf::spaces-in-point"),
        (15, 21, "sgf::bad-value"),
        (15, 30, "sgf::empty-double"),
        (15, 47, "sgf::bad-value"),
        (15, 56, "sgf::game-info-moved"),
        (15, 58, "sgf::non-iso-date"),
        (15, 83, "sgf::game-info-moved"),
        (15, 85, "sgf::legacy-komi"),
        (15, 93, "sgf::game-info-moved"),
        (15, 95, "sgf::legacy-time"),
        (15, 105, "sgf::game-info-moved"),
        (15, 108, "sgf::nonstandard-result"),
        (16, 2, "sgf::lowercase-identifier"),
        (17, 2, "sgf::empty-value"),
        (18, 10, "sgf::bad-value"),
        (18, 24, "sgf::bad-board-size"),
        (19, 5, "sgf::unsupported-game"),
        (20, 15, "sgf::property-without-value"),
        (21, 2, "sgf::bad-variation-start"),
        (22, 2, "sgf::nul-byte"),
        (23, 4, "sgf::expected-compose"),
        (23, 8, "sgf::expected-compose"),
        (24, 13, "sgf::move-in-root"),
        (25, 3, "sgf::spaces-in-point"),
        (25, 16, "sgf::spaces-in-point"),
        (28, 11, "sgf::duplicate-property-merged"),
        (28, 27, "sgf::duplicate-property-merged"),
        (28, 40, "sgf::duplicate-property"),
        (30, 13, "sgf::move-with-setup"),
        (31, 2, "sgf::long-identifier"),
        (31, 2, "sgf::unknown-property"),
        (32, 2, "sgf::root-property-outside-root"),
        (33, 1, "sgf::variation-game-info"),
        (33, 3, "sgf::nonstandard-result"),
        (33, 15, "sgf::variation-game-info"),
        (33, 17, "sgf::non-iso-date"),
        (35, 1, "sgf::unknown-property"),
        (36, 1, "sgf::missing-semicolon"),
        (36, 3, "sgf::missing-semicolon"),
        (37, 9, "sgf::two-moves"),
        (38, 1, "sgf::duplicate-markup"),
        (38, 20, "sgf::duplicate-markup"),
        (40, 2, "sgf::old-property"),
        (40, 7, "sgf::old-property"),
        (40, 13, "sgf::unknown-property"),
        (41, 6, "sgf::contradicting-annotation"),
        (42, 11, "sgf::contradicting-annotation"),
        (42, 27, "sgf::contradicting-annotation"),
        (43, 2, "sgf::annotation-without-move"),
        (44, 2, "sgf::game-info-moved"),
        (44, 22, "sgf::game-info-moved"),
        (45, 2, "sgf::mixed-file-formats"),
        (46, 5, "sgf::unknown-file-format"),
        (47, 3, "sgf::square-as-rectangle"),
        (50, 10, "sgf::bad-board-size"),
        (50, 25, "sgf::bad-board-size"),
        (51, 2, "sgf::mixed-file-formats"),
        (54, 2, "sgf::value-without-identifier"),
        (59, 3, "sgf::obsolete-property"),
        (59, 3, "sgf::variation-game-info"),
        (61, 15, "sgf::handicap-without-stones"),
        (65, 2, "sgf::mixed-file-formats"),
        (65, 15, "sgf::ff4-pass-in-old-format"),
        (66, 20, "sgf::node-outside-variation"),
        (67, 21, "sgf::missing-semicolon"),
        (72, 1, "sgf::missing-close"),
        (76, 10, "sgf::unclosed-value"),
        (39, 1, "go::setup-no-effect"),
        (39, 1, "go::setup-no-effect"),
        (39, 1, "go::setup-no-effect"),
        (58, 8, "go::occupied"),
        // `;W[ee];W[ff]` (#24).
        (63, 13, "go::same-colour-twice"),
    ];
    assert_eq!(got, expected);
    let occupied = out
        .parsed
        .diagnostics
        .iter()
        .find(|d| d.code == "go::occupied")
        .expect("occupied");
    assert_eq!(occupied.move_number, Some(2));
}

#[test]
fn every_corpus_sgf_reads_and_round_trips_to_an_equal_model() {
    let Some(corpus) = corpus() else {
        return;
    };
    let mut files = Vec::new();
    sgf_files(&corpus.join("sgf"), &mut files);
    sgf_files(&corpus.join("go-servers"), &mut files);
    assert!(files.len() >= 50, "corpus found: {}", files.len());
    for path in files {
        let bytes = std::fs::read(&path).expect("readable");
        let first = read(&bytes);
        let text = write(&first.parsed.collection);
        let second = read(text.as_bytes());
        assert_eq!(
            first.parsed.collection,
            second.parsed.collection,
            "{}",
            path.display()
        );
        // The canonical text is a fixed point.
        assert_eq!(write(&second.parsed.collection), text, "{}", path.display());
    }
}

#[test]
fn canonical_fixture_rewrites_byte_for_byte() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sgf/canonical.sgf");
    let bytes = std::fs::read(&path).expect("fixture");
    let out = read(&bytes);
    let diags: Vec<_> = out.parsed.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(diags, vec!["sgf::unknown-property"]);
    assert_eq!(write(&out.parsed.collection).as_bytes(), bytes.as_slice());
}

/// The seed's examples, encoded in Shift_JIS: 表 is 95 5C, 十 is 8F 5C, ソ is 83 5C.
fn shift_jis(s: &str) -> Vec<u8> {
    let (b, _, bad) = encoding_rs::SHIFT_JIS.encode(s);
    assert!(!bad);
    b.into_owned()
}

#[test]
fn shift_jis_trail_bytes_5c_5d_read_character_wise_with_ca() {
    let cases = [
        ("C[表]", "表"),
        ("C[十[分]", "十[分"),
        ("C[[表\\]2]", "[表]2"),
        ("C[表\\\\示]", "表\\示"),
        ("C[表\\\n示]", "表示"),
        ("C[ソ能十]", "ソ能十"),
    ];
    for (prop, comment) in cases {
        let bytes = shift_jis(&format!("(;FF[4]CA[Shift_JIS]GM[1]{prop})"));
        assert!(bytes.contains(&0x5C));
        let out = read(&bytes);
        assert_eq!(out.source.encoding.as_deref(), Some("Shift_JIS"));
        assert!(
            out.parsed.diagnostics.is_empty(),
            "{prop}: {:?}",
            out.parsed.diagnostics
        );
        let root = out.parsed.collection.games[0].tree.root_node();
        assert_eq!(root.comment.as_deref(), Some(comment), "{prop}");
    }
    // C[表\]);B[dd];W[de]: the escaped ] keeps the value open up to B[dd's ].
    let bytes = shift_jis("(;FF[4]CA[Shift_JIS]GM[1]C[表\\]);B[dd];W[de])");
    let out = read(&bytes);
    let tree = &out.parsed.collection.games[0].tree;
    assert_eq!(tree.root_node().comment.as_deref(), Some("表]);B[dd"));
    let moves: Vec<_> = tree.main_line().filter_map(|(_, n)| n.mv).collect();
    assert_eq!(moves, vec![stone(Color::White, 3, 4).unwrap()]);
}

#[test]
fn shift_jis_without_ca_is_detected_and_read_character_wise() {
    let text = "(;FF[4]GM[1]SZ[19]PB[山田太郎]PW[田中一郎]EV[第十回本因坊戦]C[表示：ソフトの能力は十分です。]\n;B[pd]C[十[分]\n;W[dp]C[表\\]);B[dd])";
    let out = read(&shift_jis(text));
    assert_eq!(out.source.encoding.as_deref(), Some("Shift_JIS"));
    let game = &out.parsed.collection.games[0];
    assert_eq!(game.info.event.as_deref(), Some("第十回本因坊戦"));
    let comments: Vec<_> = game
        .tree
        .main_line()
        .filter_map(|(_, n)| n.comment.clone())
        .collect();
    assert_eq!(
        comments,
        vec!["表示：ソフトの能力は十分です。", "十[分", "表]);B[dd"]
    );
}

#[test]
fn shift_jis_corpus_files_decode_and_write_back() {
    let Some(corpus) = corpus() else {
        return;
    };
    for name in [
        "sabaki-sgf/japanese.sgf",
        "libsgfcplusplus/encoding-japanese-shiftjis.sgf",
    ] {
        let bytes = std::fs::read(corpus.join("sgf").join(name)).expect("corpus");
        let out = read(&bytes);
        assert_eq!(out.source.encoding.as_deref(), Some("Shift_JIS"), "{name}");
        assert!(
            !out.parsed
                .diagnostics
                .iter()
                .any(|d| d.code == "text::malformed"),
            "{name}"
        );
        let enc = TextEncoding::SHIFT_JIS;
        let written = kifu::write(&out.parsed.collection, sgf(), Some(enc), None).expect("sjis");
        assert!(written.bytes.starts_with(b"(;FF[4]CA[Shift_JIS]"));
        let again = read(&written.bytes);
        assert_eq!(again.source.encoding.as_deref(), Some("Shift_JIS"));
        assert_eq!(again.parsed.collection, out.parsed.collection, "{name}");
    }
}

#[test]
fn cjk_files_without_ca_decode_as_with_ca() {
    let Some(corpus) = corpus() else {
        return;
    };
    let files = [
        "libsgfcplusplus/encoding-chinese-gb18030.sgf",
        "libsgfcplusplus/encoding-chinese-gbk.sgf",
        "libsgfcplusplus/encoding-japanese-iso2022jp.sgf",
        "libsgfcplusplus/encoding-japanese-macos.sgf",
        "libsgfcplusplus/encoding-japanese-shiftjis.sgf",
        "libsgfcplusplus/encoding-korean-macos.sgf",
        "libsgfcplusplus/encoding-simplifiedchinese-gb2312.sgf",
        "libsgfcplusplus/encoding-simplifiedchinese-macos.sgf",
        "libsgfcplusplus/encoding-traditionalchinese-big5.sgf",
        "libsgfcplusplus/encoding-traditionalchinese-macos.sgf",
        "sabaki-sgf/chinese.sgf",
        "sabaki-sgf/japanese.sgf",
        "sabaki-sgf/korean.sgf",
    ];
    for name in files {
        let bytes = std::fs::read(corpus.join("sgf").join(name)).expect("corpus");
        let with = read(&bytes);
        let at = bytes
            .windows(3)
            .position(|w| w == b"CA[")
            .expect("declares CA");
        let len = bytes[at..].iter().position(|&b| b == b']').expect("closed") + 1;
        let mut stripped = bytes.clone();
        stripped.drain(at..at + len);
        let without = read(&stripped);
        assert_eq!(with.parsed.collection, without.parsed.collection, "{name}");
        assert!(with.parsed.collection.games[0]
            .tree
            .preorder()
            .any(|(_, n)| n.comment.as_deref().is_some_and(|c| !c.is_ascii())));
    }
}

#[test]
fn ff3_input_is_converted_and_each_change_reported() {
    let text =
        "(;FF[3]GaMe[1]SZ[19]KI[13]DT[1996/5/6]\n;B[tt]\n;W[]\n;AddBlack[aa]\n;L[bb][cc]M[dd])";
    let out = read(text.as_bytes());
    assert_eq!(
        positions(&out),
        vec![
            (1, 8, "sgf::old-identifier"),
            (1, 21, "sgf::obsolete-property"),
            (1, 29, "sgf::date-normalized"),
            (2, 3, "sgf::tt-pass"),
            (3, 3, "sgf::ff4-pass-in-old-format"),
            (4, 2, "sgf::old-identifier"),
            (5, 2, "sgf::old-property"),
            (5, 11, "sgf::old-property"),
        ]
    );
    let game = &out.parsed.collection.games[0];
    assert_eq!(game.info.komi, Some(6.5));
    assert_eq!(game.info.date.as_deref(), Some("1996-05-06"));
    assert_eq!(
        write(&out.parsed.collection),
        "(;FF[4]CA[UTF-8]GM[1]SZ[19]DT[1996-05-06]KM[6.5]\n;B[];W[];AB[aa];MA[dd]LB[bb:a][cc:b])\n"
    );
}

#[test]
fn results_dates_and_handicap() {
    let text = "(;GM[1]FF[4]RE[O]DT[1996-12-27,28,1997-01-03]HA[2]AB[dd]\n;B[pp])(;RE[B+Resign]DT[27/12/1996]HA[3])(;RE[W+2.5]HA[2]AB[dd][pp])";
    let out = read(text.as_bytes());
    assert_eq!(
        positions(&out),
        vec![
            (1, 2, "sgf::handicap-mismatch"),
            (1, 15, "sgf::nonstandard-result"),
            (2, 9, "sgf::handicap-without-stones"),
            (2, 24, "sgf::legacy-date"),
        ]
    );
    let games = &out.parsed.collection.games;
    assert_eq!(games[0].info.result, Some(GameResult::Other("O".into())));
    assert_eq!(
        games[0].info.date.as_deref(),
        Some("1996-12-27,28,1997-01-03")
    );
    assert_eq!(
        games[1].info.result,
        Some(GameResult::Win {
            winner: Color::Black,
            reason: WinReason::Resign
        })
    );
    // The raw text is kept and written back.
    assert_eq!(
        games[1].info.extras.get("sgf:RE"),
        Some(&["B+Resign".to_string()][..])
    );
    assert!(write(&out.parsed.collection).contains("RE[B+Resign]"));
    assert_eq!(
        games[2].info.result,
        Some(GameResult::Win {
            winner: Color::White,
            reason: WinReason::Score(2.5)
        })
    );
}

#[test]
fn go_rules_report_illegal_moves_where_they_stand() {
    // 4x4: black captures at cb making a ko; white retakes at once (ko), then plays on
    // an occupied point, then a suicide in the corner.
    let text = "(;GM[1]FF[4]SZ[4]AB[ba][ab][bc]AW[ca][db][cc][bb]\n;B[cb]\n;W[bb]\n;W[cb]\n;B[dd]\n;W[ac])";
    let mut out = read(text.as_bytes());
    assert!(out.parsed.diagnostics.is_empty());
    kifu::validate(&mut out);
    let got: Vec<_> = positions(&out);
    // White's refused retake still counts as its move: white plays twice (#24).
    assert_eq!(
        got,
        vec![
            (3, 1, "go::ko"),
            (4, 1, "go::same-colour-twice"),
            (4, 1, "go::occupied")
        ]
    );
    let moves: Vec<_> = out
        .parsed
        .diagnostics
        .iter()
        .map(|d| d.move_number)
        .collect();
    assert_eq!(moves, vec![Some(2), Some(3), Some(3)]);
    let suicide = "(;GM[1]FF[4]SZ[9]\n;B[ba];W[ee];B[ab];W[aa])";
    let mut out = read(suicide.as_bytes());
    kifu::validate(&mut out);
    assert_eq!(positions(&out), vec![(2, 19, "go::suicide")]);
    assert_eq!(out.parsed.diagnostics[0].move_number, Some(4));
    assert_eq!(
        out.parsed.diagnostics[0].message,
        "white at aa would leave its own group without liberties (suicide)"
    );
}

#[test]
fn go_rules_start_every_variation_from_its_own_position() {
    // After black's capture at cb (a ko for white at bb), three variations: white
    // retakes at once (ko: an error); white plays elsewhere first and then retakes
    // (legal, on a board where the first variation's retake was undone); white ends
    // the ko at da, then three nested variations play dd, dd again and ad (each legal
    // only if its sibling's stones were taken back).
    let text = "(;GM[1]FF[4]SZ[4]AB[ba][ab][bc]AW[ca][db][cc][bb]\n;B[cb]\n\
                (;W[bb])\n\
                (;W[dd];B[ad];W[bb])\n\
                (;W[da](;B[dd])(;B[dd];W[ad])(;B[ad];W[bb])))";
    let mut out = read(text.as_bytes());
    assert!(
        out.parsed.diagnostics.is_empty(),
        "{:?}",
        out.parsed.diagnostics
    );
    kifu::validate(&mut out);
    assert_eq!(positions(&out), vec![(3, 2, "go::ko")]);
    assert_eq!(out.parsed.diagnostics[0].move_number, Some(2));
}

#[test]
fn deep_nesting_reads_writes_and_validates_without_recursion() {
    let depth = 100_000;
    let mut text = String::from("(;GM[1]FF[4]SZ[19]");
    for i in 0..depth {
        text.push_str(if i % 2 == 0 { "(;B[]" } else { "(;W[]" });
    }
    text.push_str(&")".repeat(depth + 1));
    let mut out = read(text.as_bytes());
    assert!(out.parsed.diagnostics.is_empty());
    let tree = &out.parsed.collection.games[0].tree;
    assert_eq!(tree.len(), depth + 1);
    assert_eq!(tree.main_line().count(), depth + 1);
    let written = write(&out.parsed.collection);
    let again = read(written.as_bytes());
    assert_eq!(again.parsed.collection, out.parsed.collection);
    kifu::validate(&mut out);
    assert!(out.parsed.diagnostics.is_empty());
    // Unclosed: every `(` still open is reported once, at the innermost.
    let open = format!("(;GM[1]{}", "(;B[aa]".repeat(1000));
    let out = read(open.as_bytes());
    assert_eq!(positions(&out), vec![(1, 7001, "sgf::missing-close")]);
}

#[test]
fn million_move_main_line_reads_writes_and_validates() {
    let n = 1_000_000;
    let mut text = String::with_capacity(n * 7 + 32);
    text.push_str("(;GM[1]FF[4]SZ[19]");
    // Black and white fill two far corners' columns and pass in between.
    for i in 0..n {
        let c = if i % 2 == 0 { 'B' } else { 'W' };
        if i < 4 {
            text.push_str(&format!(";{c}[{}{}]", ['a', 's'][i % 2], ['a', 'b'][i / 2]));
        } else {
            text.push_str(&format!(";{c}[]"));
        }
    }
    text.push(')');
    let mut out = read(text.as_bytes());
    assert!(out.parsed.diagnostics.is_empty());
    assert_eq!(out.parsed.collection.games[0].tree.len(), n + 1);
    assert_eq!(out.parsed.node_spans[0].len(), n + 1);
    let written = write(&out.parsed.collection);
    assert!(written.len() > n * 4);
    kifu::validate(&mut out);
    assert!(out.parsed.diagnostics.is_empty());
}

#[test]
fn writer_escapes_declares_the_charset_and_refuses_unmappable_text() {
    let mut game = Game::new(GameKind::go(9));
    game.info.black.name = Some("a]b\\c".into());
    let root = game.tree.root();
    let mut node = Node::default();
    node.mv = stone(Color::Black, 2, 2);
    node.comment = Some("表 ] \\ :".into());
    node.markup.labels.push(Label {
        point: Point::new(0, 0),
        text: "x:y]".into(),
    });
    game.tree.add_child(root, node);
    let c = Collection { games: vec![game] };
    assert_eq!(
        write(&c),
        "(;FF[4]CA[UTF-8]GM[1]SZ[9]PB[a\\]b\\\\c]\n;B[cc]LB[aa:x\\:y\\]]C[表 \\] \\\\ :])\n"
    );
    let sjis = kifu::write(&c, sgf(), Some(TextEncoding::SHIFT_JIS), None).expect("sjis");
    assert!(sjis.bytes.starts_with(b"(;FF[4]CA[Shift_JIS]GM[1]"));
    assert_eq!(read(&sjis.bytes).parsed.collection, c);
    let mut korean = c.clone();
    korean.games[0].info.white.name = Some("한국".into());
    let err = kifu::write(&korean, sgf(), Some(TextEncoding::SHIFT_JIS), None).unwrap_err();
    assert!(matches!(err, kifu::Error::Unmappable { .. }), "{err}");
}

#[test]
fn wrapping_uses_soft_breaks_that_never_split_a_character() {
    let mut game = Game::new(GameKind::go(19));
    let long = "囲碁は二人で行うボードゲームの一種である。".repeat(8) + " and ]\\ in it";
    game.tree.root_node_mut().comment = Some(long.clone());
    let c = Collection { games: vec![game] };
    let w =
        kifu::internals::sgf::write_wrapped(&c, &kifu::formats::WriteOptions::default(), Some(76))
            .expect("writes");
    let lines: Vec<&str> = w.output.lines().collect();
    assert!(lines.len() > 4);
    for line in &lines {
        let width: usize = line
            .chars()
            .map(|ch| if ch.is_ascii() { 1 } else { 2 })
            .sum();
        assert!(width <= 77, "{line:?} is {width} wide");
    }
    assert!(w.output.contains("\\\n"));
    let back = read(w.output.as_bytes());
    assert_eq!(
        back.parsed.collection.games[0].tree.root_node().comment,
        Some(long)
    );
}

#[test]
fn gomoku_games_read_and_write() {
    let text = "(;FF[4]GM[4]RU[renju]PB[흑]\n;B[hh];W[hi];B[ii])";
    let out = read(text.as_bytes());
    assert!(out.parsed.diagnostics.is_empty());
    let game = &out.parsed.collection.games[0];
    assert_eq!(game.kind.family(), "gomoku");
    assert_eq!(game.kind.board_size().map(|s| s.width), Some(15));
    let written = write(&out.parsed.collection);
    assert_eq!(
        written,
        "(;FF[4]CA[UTF-8]GM[4]SZ[15]PB[흑]RU[renju]\n;B[hh];W[hi];B[ii])\n"
    );
}

/// A small deterministic generator (xorshift) for property-style round trips.
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
    fn point(&mut self, size: u8) -> Point {
        Point::new(
            self.below(u64::from(size)) as u8,
            self.below(u64::from(size)) as u8,
        )
    }
    fn text(&mut self, simple: bool) -> String {
        const PIECES: [&str; 12] = [
            "黒",
            "백",
            "中文",
            "Привет",
            "]",
            "\\",
            ":",
            " ",
            "ソ表十",
            "a",
            "(;B[aa])",
            "\n",
        ];
        let n = self.below(6) + 1;
        let mut s = String::new();
        for _ in 0..n {
            let p = PIECES[self.below(PIECES.len() as u64) as usize];
            if simple && p == "\n" {
                continue;
            }
            s.push_str(p);
        }
        s
    }
}

fn random_game(rng: &mut Rng) -> Game {
    let size = [9u8, 13, 19, 25][rng.below(4) as usize];
    let mut game = Game::new(if rng.below(5) == 0 {
        GameKind::Gomoku {
            size: kifu::model::BoardSize::square(size),
            // Renju is what a gomoku game without RU[] reads as (issue 7).
            rule: kifu::model::GomokuRule::Renju,
        }
    } else {
        GameKind::go(size)
    });
    game.info.black.name = Some(rng.text(true));
    game.info.event = Some(rng.text(true));
    game.info.game_comment = Some(rng.text(false));
    game.info.komi = Some(6.5);
    let mut open = vec![NodeId::ROOT];
    let count = rng.below(60) + 1;
    for i in 0..count {
        let parent = open[rng.below(open.len() as u64) as usize];
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut node = Node::default();
        node.mv = if rng.below(10) == 0 {
            Some(Move::Stone(StoneMove { color, point: None }))
        } else {
            Some(Move::Stone(StoneMove {
                color,
                point: Some(rng.point(size)),
            }))
        };
        if rng.below(3) == 0 {
            node.comment = Some(rng.text(false));
        }
        if rng.below(4) == 0 {
            node.markup.symbols.push(Symbol {
                point: rng.point(size),
                shape: Shape::Triangle,
            });
            node.markup.labels.push(Label {
                point: rng.point(size),
                text: rng.text(true),
            });
            node.markup.arrows.push(Line {
                from: rng.point(size),
                to: rng.point(size),
            });
        }
        if rng.below(5) == 0 {
            node.move_annotation = Some(MoveAnnotation::Good(Emphasis::Strong));
            node.position_annotation = Some(PositionAnnotation::Unclear(Emphasis::Normal));
            node.set_time_left(Some(rng.below(3000) as f64 + 0.5));
            node.name = Some(rng.text(true).into());
        }
        if rng.below(7) == 0 {
            node.extras.push("sgf:XZ", vec!["private \\] raw".into()]);
        }
        let id = game.tree.add_child(parent, node);
        open.push(id);
    }
    game
}

/// The same trees with their arenas in pre-order, the order a reader creates nodes in.
fn preordered(mut c: Collection) -> Collection {
    for game in &mut c.games {
        let old = std::mem::take(&mut game.tree);
        let mut tree = kifu::model::Tree::new();
        *tree.root_node_mut() = root_data(&old, NodeId::ROOT);
        let mut stack: Vec<(NodeId, NodeId)> = old
            .root_node()
            .children()
            .iter()
            .rev()
            .map(|&c| (c, NodeId::ROOT))
            .collect();
        while let Some((id, parent)) = stack.pop() {
            let new = tree.add_child(parent, root_data(&old, id));
            if let Some(n) = old.get(id) {
                stack.extend(n.children().iter().rev().map(|&c| (c, new)));
            }
        }
        game.tree = tree;
    }
    c
}

/// A node's data without its links.
fn root_data(tree: &kifu::model::Tree, id: NodeId) -> Node {
    let n = tree.get(id).expect("node");
    let mut copy = Node::default();
    copy.mv = n.mv;
    copy.setup = n.setup.clone();
    copy.markup = n.markup.clone();
    copy.comment = n.comment.clone();
    copy.name = n.name.clone();
    copy.move_annotation = n.move_annotation;
    copy.position_annotation = n.position_annotation;
    copy.set_time_left(n.time_left());
    copy.extras = n.extras.clone();
    copy
}

#[test]
fn generated_games_round_trip() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..200 {
        let games = (0..rng.below(3) + 1)
            .map(|_| random_game(&mut rng))
            .collect();
        let c = preordered(Collection { games });
        let text = write(&c);
        let back = read(text.as_bytes());
        let codes: Vec<_> = back
            .parsed
            .diagnostics
            .iter()
            .map(|d| d.code)
            .filter(|c| {
                !matches!(
                    *c,
                    "sgf::unknown-property"
                        | "sgf::annotation-without-move"
                        | "sgf::duplicate-markup"
                )
            })
            .collect();
        assert!(codes.is_empty(), "{codes:?}\n{text}");
        assert_eq!(back.parsed.collection, c, "{text}");
    }
}

#[test]
fn recovery_in_one_pass_with_positions() {
    let text = "junk (;FF[4]C[a]B[aa]AB[bb]\n;B[cc]W[dd](;W[ee]) ;B[ff]\n()(;W[gg]";
    let out = read(text.as_bytes());
    assert_eq!(
        positions(&out),
        vec![
            (1, 1, "sgf::text-outside-game"),
            (1, 17, "sgf::move-with-setup"),
            (2, 7, "sgf::two-moves"),
            (2, 21, "sgf::node-outside-variation"),
            (3, 1, "sgf::empty-variation"),
            (3, 3, "sgf::missing-close"),
        ]
    );
    let tree = &out.parsed.collection.games[0].tree;
    // root (setup) → B[aa] → B[cc] → W[dd] → {W[ee], B[ff] → W[gg]}: the `(` assumed
    // before B[ff] stays open, so `(;W[gg]` continues B[ff]'s line.
    let root = tree.root_node();
    assert_eq!(root.setup.add_black, vec![Point::new(1, 1)]);
    assert_eq!(root.comment.as_deref(), Some("a"));
    let line: Vec<_> = tree.main_line().filter_map(|(_, n)| n.mv).collect();
    assert_eq!(
        line,
        vec![
            stone(Color::Black, 0, 0).unwrap(),
            stone(Color::Black, 2, 2).unwrap(),
            stone(Color::White, 3, 3).unwrap(),
            stone(Color::White, 4, 4).unwrap(),
        ]
    );
    assert_eq!(tree.variation_count(), 1);
    assert_eq!(tree.len(), 7);
}

#[test]
fn fuzz_findings_round_trip() {
    let utf16ish: Vec<u8> = b"(;GM[1]KM[7.\n"
        .iter()
        .copied()
        .chain(
            "this kept raw value looks like UTF-16"
                .bytes()
                .flat_map(|b| [0, b]),
        )
        .chain(*b"])")
        .collect();
    let cases: [&[u8]; 7] = [
        // NUL around a number is a space too: TM[3600\0] reads as 3600 both times.
        b"(;GM[1]TM[3600\0])",
        // NUL in a kept raw value is written as a space (else the output reads as UTF-16).
        &utf16ish,
        // NUL in a point is a space like any other, so the point reads the same twice.
        b"(;GM[1];W[\0le])",
        // A property whose only value is unclosed is dropped, not kept empty.
        b"(\nKKKKKKKKKKKKK[K",
        // Unicode spaces are text (NBSP, the ideographic space), only ASCII ones convert.
        "(;C[a\u{a0}b\u{3000}c\\]\td])".as_bytes(),
        // A kept raw RE text stays in its place among the other kept values.
        b"(;FF[3]KI[13 x]RE[B+Resign];B[aa])",
        // RU in a game-info node below the root still sets the gomoku rule.
        b"(;FF[4]GM[4];RU[renju];B[hh])",
    ];
    for bytes in cases {
        let first = read(bytes);
        let again = read(write(&first.parsed.collection).as_bytes());
        assert_eq!(
            again.parsed.collection, first.parsed.collection,
            "{bytes:?}"
        );
    }
    let nbsp = read("(;C[a\u{a0}b\u{3000}c\\]\td])".as_bytes());
    assert_eq!(
        nbsp.parsed.collection.games[0]
            .tree
            .root_node()
            .comment
            .as_deref(),
        Some("a\u{a0}b\u{3000}c] d")
    );
    let unclosed = read(b"(\nKKKKKKKKKKKKK[K");
    assert!(unclosed.parsed.collection.games[0]
        .tree
        .root_node()
        .extras
        .is_empty());
    let gomoku = read(b"(;FF[4]GM[4];RU[renju];B[hh])");
    assert_eq!(
        gomoku.parsed.collection.games[0].kind,
        GameKind::Gomoku {
            size: kifu::model::BoardSize::square(15),
            rule: kifu::model::GomokuRule::Renju
        }
    );
}

#[test]
fn utf16_files_with_and_without_bom_decode() {
    let Some(corpus) = corpus() else {
        return;
    };
    for (name, enc) in [
        ("libsgfcplusplus/encoding-utf16-withbom.sgf", "UTF-16BE"),
        ("libsgfcplusplus/encoding-utf16-nobom.sgf", "UTF-16BE"),
        ("sabaki-sgf/utf16le.sgf", "UTF-16LE"),
    ] {
        let bytes = std::fs::read(corpus.join("sgf").join(name)).expect("corpus");
        let out = read(&bytes);
        assert_eq!(out.source.encoding.as_deref(), Some(enc), "{name}");
        assert!(
            out.parsed.diagnostics.is_empty(),
            "{name}: {:?}",
            out.parsed.diagnostics
        );
        assert!(!out.parsed.collection.games.is_empty());
    }
}

#[test]
fn collections_mixing_charsets_decode_each_game_with_its_own() {
    let Some(corpus) = corpus() else {
        return;
    };
    let bytes = std::fs::read(corpus.join("sgf/sgfc/mixed-encoding.sgf")).expect("corpus");
    let out = read(&bytes);
    assert_eq!(
        out.source.encoding.as_deref(),
        Some("UTF-16LE, ISO-8859-15, windows-1252, gb18030, Shift_JIS")
    );
    assert_eq!(
        out.source.encoding_decided_by.as_deref(),
        Some("declared-per-game")
    );
    let comments: Vec<String> = out
        .parsed
        .collection
        .games
        .iter()
        .map(|g| g.tree.root_node().comment.clone().unwrap_or_default())
        .collect();
    assert_eq!(comments[0], "hallö! DÜ! ßüper dich zu s€h€n-");
    assert_eq!(comments[1], "hallö! DÜ! ßüper dich zu s€h€n-");
    assert_eq!(comments[2], "s¤h¤n");
    // Character-wise reading (the seed's rule): 0x93 0x5C is one GB18030 character, so
    // the `]` after it ends the value; SGFC, escaping bytes, reads 揮權 here.
    assert_eq!(
        comments[3],
        "Cho Chikun (Cho Chihun, Japanese: 趙 治勲, Korean: 조치훈)\n交通運輸\n指揬"
    );
    assert_eq!(comments[4], "Yen: \\");
    let codes: Vec<_> = positions(&out);
    assert_eq!(
        codes,
        vec![
            (3, 1, "sgf::default-charset"),
            (2, 1, "sgf::mixed-charsets"),
            (4, 1, "sgf::mixed-charsets"),
            (6, 4, "sgf::illegal-characters"),
            (7, 1, "sgf::mixed-charsets"),
        ]
    );
}

#[test]
fn nihon_kiin_dialect_is_read() {
    let Some(corpus) = corpus() else {
        return;
    };
    let bytes = std::fs::read(corpus.join("sgf/sabaki-sgf/nihon-kiin.sgf")).expect("corpus");
    let out = read(&bytes);
    let info = &out.parsed.collection.games[0].info;
    assert_eq!(
        info.title.as_deref(),
        Some("第1回ソパルコサノル世界最高棋士決定戦第9戦")
    );
    assert_eq!(info.date.as_deref(), Some("2025-06-12"));
    assert_eq!(info.komi, Some(6.5));
    assert_eq!(info.main_time, Some(3600.0));
    assert_eq!(
        info.result,
        Some(GameResult::Win {
            winner: Color::Black,
            reason: WinReason::Resign
        })
    );
    assert_eq!(
        info.extras.get("sgf:RE"),
        Some(&["257手完, 黒中押し勝ち".to_string()][..])
    );
    let codes: Vec<_> = positions(&out)
        .into_iter()
        .filter(|c| c.2.starts_with("sgf::n") || c.2 == "sgf::japanese-time")
        .collect();
    assert_eq!(
        codes,
        vec![
            (2, 1, "sgf::nihon-kiin-dialect"),
            (3, 1, "sgf::nihon-kiin-dialect"),
            (5, 3, "sgf::japanese-time"),
            (8, 1, "sgf::nihon-kiin-dialect"),
            (9, 3, "sgf::nonstandard-result"),
        ]
    );
    let moves = out.parsed.collection.games[0]
        .tree
        .main_line()
        .filter(|(_, n)| n.mv.is_some())
        .count();
    assert_eq!(moves, 8);
}

/// (line, column, code, severity) of every diagnostic.
fn findings(out: &ReadOutcome) -> Vec<(usize, usize, &'static str, Severity)> {
    let text = out.text.as_deref().unwrap_or("");
    let index = LineIndex::new(text);
    out.parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (l, c) = index.line_col_in(text, d.span.start);
            (l, c, d.code, d.severity)
        })
        .collect()
}

/// The message of the diagnostic at `line:col` with `code`.
fn message(out: &ReadOutcome, line: usize, col: usize, code: &str) -> String {
    let text = out.text.as_deref().unwrap_or("");
    let index = LineIndex::new(text);
    out.parsed
        .diagnostics
        .iter()
        .find(|d| d.code == code && index.line_col_in(text, d.span.start) == (line, col))
        .map(|d| d.message.clone())
        .unwrap_or_default()
}

/// Writes the collection, reads it back and checks the model is the same; returns
/// what was written.
fn round_trip(out: &ReadOutcome) -> String {
    let written = write(&out.parsed.collection);
    let again = read(written.as_bytes());
    assert_eq!(again.parsed.collection, out.parsed.collection, "{written}");
    written
}

#[test]
fn legacy_time_limits_are_read_into_tm_and_ot_with_a_warning() {
    let text = "(;FF[4]GM[1]TM[10:00(5x1:00)])\n\
                (;FF[4]TM[5:00:00(5x1:00)])\n\
                (;FF[4]TM[30:00])\n\
                (;FF[4]TM[13h])\n\
                (;FF[4]TM[10 h])\n\
                (;FF[4]TM[9 hours each])\n\
                (;FF[4]TM[1 hr/125 moves])\n\
                (;FF[4]TM[30:00+30:00/25])\n\
                (;FF[4]TM[-])\n\
                (;FF[4]TM[90 min])\n\
                (;FF[4]OT[5x30 byo-yomi]TM[1h30m])\n\
                (;FF[4]TM[10:00(5x30)]OT[5x30 byo-yomi])\n\
                (;FF[4]TM[soon])";
    let out = read(text.as_bytes());
    let w = Severity::Warning;
    assert_eq!(
        findings(&out),
        vec![
            (1, 15, "sgf::legacy-time", w),
            (2, 10, "sgf::legacy-time", w),
            (3, 10, "sgf::legacy-time", w),
            (4, 10, "sgf::legacy-time", w),
            (5, 10, "sgf::legacy-time", w),
            (6, 10, "sgf::legacy-time", w),
            (7, 10, "sgf::legacy-time", w),
            (8, 10, "sgf::legacy-time", w),
            (9, 10, "sgf::legacy-time", w),
            (10, 10, "sgf::legacy-time", w),
            (11, 27, "sgf::legacy-time", w),
            (12, 10, "sgf::legacy-time", w),
            (13, 10, "sgf::bad-value", Severity::Error),
        ]
    );
    assert_eq!(
        message(&out, 1, 15, "sgf::legacy-time"),
        "TM[10:00(5x1:00)] read as TM[600] with OT[5x1:00 byo-yomi]"
    );
    assert_eq!(
        message(&out, 7, 10, "sgf::legacy-time"),
        "TM[1 hr/125 moves] read as TM[3600]; not all of it is main time, so the text is kept in OT[1 hr/125 moves]"
    );
    assert_eq!(
        message(&out, 9, 10, "sgf::legacy-time"),
        "TM[-] means no time limit (property dropped: FF[4] writes no TM)"
    );
    assert_eq!(
        message(&out, 11, 27, "sgf::legacy-time"),
        "TM[1h30m] read as TM[5400]"
    );
    assert_eq!(
        message(&out, 12, 10, "sgf::legacy-time"),
        "TM[10:00(5x30)] read as TM[600] with OT[5x30 byo-yomi] (the game's OT[5x30 byo-yomi] already says so)"
    );
    let got: Vec<(Option<f64>, Option<&str>)> = out
        .parsed
        .collection
        .games
        .iter()
        .map(|g| (g.info.main_time, g.info.time_control.as_deref()))
        .collect();
    assert_eq!(
        got,
        vec![
            (Some(600.0), Some("5x1:00 byo-yomi")),
            (Some(18000.0), Some("5x1:00 byo-yomi")),
            (Some(1800.0), None),
            (Some(46800.0), None),
            (Some(36000.0), None),
            (Some(32400.0), None),
            (Some(3600.0), Some("1 hr/125 moves")),
            (Some(1800.0), Some("30:00/25 Canadian")),
            (None, None),
            (Some(5400.0), None),
            (Some(5400.0), Some("5x30 byo-yomi")),
            (Some(600.0), Some("5x30 byo-yomi")),
            (None, None),
        ]
    );
    assert_eq!(
        out.parsed.collection.games[12].info.extras.get("sgf:TM"),
        Some(&["soon".to_string()][..])
    );
    assert_eq!(
        round_trip(&out),
        "(;FF[4]CA[UTF-8]GM[1]SZ[19]OT[5x1:00 byo-yomi]TM[600]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]OT[5x1:00 byo-yomi]TM[18000]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]TM[1800]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]TM[46800]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]TM[36000]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]TM[32400]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]OT[1 hr/125 moves]TM[3600]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]OT[30:00/25 Canadian]TM[1800]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]TM[5400]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]OT[5x30 byo-yomi]TM[5400]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]OT[5x30 byo-yomi]TM[600]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]TM[soon]\n)\n"
    );
    // The canonical output reads without a word (but the kept TM[soon]).
    let again = read(round_trip(&out).as_bytes());
    assert_eq!(
        findings(&again),
        vec![(25, 30, "sgf::bad-value", Severity::Error)]
    );
}

#[test]
fn legacy_komi_colours_and_dates_are_read_with_a_warning() {
    let text = "(;FF[4]KM[5 1/2]PL[1]DT[18.10.1996])\n\
                (;FF[4]KM[6.5 ]PL[2]DT[Oct 18, 1996])\n\
                (;FF[4]KM[5,5]PL[b]DT[1996-10-18,19])\n\
                (;FF[4]KM[375]AP[foxwq])\n\
                (;FF[4]AP[FoxWQ:1.0]KM[325]PL[black])\n\
                (;FF[4]AP[MultiGo:4.4][foxwq]KM[-375])\n\
                (;FF[4]AP[foxwq]KM[0])\n\
                (;FF[4]AP[CGoban:3]KM[375]DT[10/11/1996])\n\
                (;FF[4]KM[five]PL[3])";
    let out = read(text.as_bytes());
    let w = Severity::Warning;
    let e = Severity::Error;
    assert_eq!(
        findings(&out),
        vec![
            (1, 10, "sgf::legacy-komi", w),
            (1, 19, "sgf::legacy-color", w),
            (1, 24, "sgf::legacy-date", w),
            (2, 10, "sgf::legacy-komi", w),
            (2, 18, "sgf::legacy-color", w),
            (2, 23, "sgf::legacy-date", w),
            (3, 10, "sgf::legacy-komi", w),
            (3, 17, "sgf::legacy-color", w),
            (4, 10, "sgf::fox-komi", w),
            (5, 23, "sgf::fox-komi", w),
            (5, 30, "sgf::legacy-color", w),
            (6, 23, "sgf::too-many-values", e),
            (6, 32, "sgf::fox-komi", w),
            (8, 29, "sgf::non-iso-date", w),
            (9, 10, "sgf::bad-value", e),
            (9, 18, "sgf::bad-value", e),
        ]
    );
    assert_eq!(
        message(&out, 1, 10, "sgf::legacy-komi"),
        "KM[5 1/2] read as KM[5.5]"
    );
    assert_eq!(
        message(&out, 1, 19, "sgf::legacy-color"),
        "PL[1] read as PL[B]"
    );
    assert_eq!(
        message(&out, 1, 24, "sgf::legacy-date"),
        "DT[18.10.1996] is the date 1996-10-18 (kept as written; FF[4] writes DT[1996-10-18])"
    );
    assert_eq!(
        message(&out, 4, 10, "sgf::fox-komi"),
        "KM[375] from Fox (AP[foxwq]) is the komi × 50: read as KM[7.5]"
    );
    let games = &out.parsed.collection.games;
    let komi: Vec<Option<f64>> = games.iter().map(|g| g.info.komi).collect();
    assert_eq!(
        komi,
        vec![
            Some(5.5),
            Some(6.5),
            Some(5.5),
            Some(7.5),
            Some(6.5),
            Some(-7.5),
            Some(0.0),
            Some(375.0),
            None
        ]
    );
    let to_play: Vec<Option<Color>> = games
        .iter()
        .map(|g| g.tree.root_node().setup.to_play)
        .collect();
    use Color::{Black as B, White as W};
    assert_eq!(
        to_play,
        vec![
            Some(B),
            Some(W),
            Some(B),
            None,
            Some(B),
            None,
            None,
            None,
            None
        ]
    );
    let dates: Vec<Option<&str>> = games.iter().map(|g| g.info.date.as_deref()).collect();
    assert_eq!(
        dates,
        vec![
            Some("18.10.1996"),
            Some("Oct 18, 1996"),
            Some("1996-10-18,19"),
            None,
            None,
            None,
            None,
            Some("10/11/1996"),
            None
        ]
    );
    assert_eq!(
        round_trip(&out),
        "(;FF[4]CA[UTF-8]GM[1]SZ[19]DT[18.10.1996]KM[5.5]PL[B]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]DT[Oct 18, 1996]KM[6.5]PL[W]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]DT[1996-10-18,19]KM[5.5]PL[B]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]AP[foxwq]KM[7.5]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]AP[FoxWQ:1.0]KM[6.5]PL[B]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]AP[MultiGo:4.4]KM[-7.5]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]AP[foxwq]KM[0]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]AP[CGoban:3]DT[10/11/1996]KM[375]\n)\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]KM[five]PL[3]\n)\n"
    );
}

#[test]
fn a_file_without_ff_is_ff1_where_long_identifiers_are_legal() {
    // No FF: FF[1], the specification's default. Long identifiers are read as their
    // capitals with a warning, `tt` is a pass, and the FF[4] pass `B[]` is not out of
    // place (most such files come from programs that write FF[4] without saying so).
    let text =
        "(;GaMe[1]CoPyright[(c) 1996]\n;Black[pd]Comment[hi]\n;White[tt]\n;B[]\n;AddBlack[aa])\n\
                (;FF[4]GM[1];B[pd])\n\
                (;FF[3]GM[1];Black[pd];W[])\n\
                (;FF[4]GM[1]CoPyright[x])";
    let out = read(text.as_bytes());
    // Legacy usage the specification tolerates: warnings (the registry's rule).
    let i = Severity::Warning;
    assert_eq!(
        findings(&out),
        vec![
            (1, 3, "sgf::old-identifier", i),
            (1, 10, "sgf::old-identifier", i),
            (2, 2, "sgf::old-identifier", i),
            (2, 11, "sgf::old-identifier", i),
            (3, 2, "sgf::old-identifier", i),
            (3, 7, "sgf::tt-pass", i),
            (5, 2, "sgf::old-identifier", i),
            (7, 2, "sgf::mixed-file-formats", Severity::Warning),
            (7, 14, "sgf::old-identifier", i),
            (7, 25, "sgf::ff4-pass-in-old-format", Severity::Warning),
            (8, 13, "sgf::lowercase-identifier", Severity::Warning),
        ]
    );
    assert_eq!(
        message(&out, 1, 10, "sgf::old-identifier"),
        "old-style identifier \"CoPyright\" read as CP (no FF: FF[1], where long identifiers are legal)"
    );
    let g = &out.parsed.collection.games[0];
    assert_eq!(g.info.copyright.as_deref(), Some("(c) 1996"));
    let nodes: Vec<&Node> = g.tree.main_line().map(|(_, n)| n).collect();
    assert_eq!(nodes[1].mv, stone(Color::Black, 15, 3));
    assert_eq!(nodes[1].comment.as_deref(), Some("hi"));
    assert_eq!(
        nodes[2].mv,
        Some(Move::Stone(StoneMove {
            color: Color::White,
            point: None
        }))
    );
    assert_eq!(nodes[4].setup.add_black, vec![Point::new(0, 0)]);
    assert_eq!(
        round_trip(&out),
        "(;FF[4]CA[UTF-8]GM[1]SZ[19]CP[(c) 1996]\n;B[pd]C[hi];W[];B[];AB[aa])\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[pd])\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[pd];W[])\n\
         (;FF[4]CA[UTF-8]GM[1]SZ[19]CP[x]\n)\n"
    );
}

#[test]
fn suicide_is_played_where_ru_allows_it_and_an_error_elsewhere() {
    // White's pair ba-aa walled in by black ca, bb, ab: W[aa] is a suicide. Where
    // the rules allow it the pair is removed, so black may then play ba.
    let moves = ";B[ca];W[ee];B[bb];W[ba];B[ab];W[aa];B[ba]";
    let rules = [
        "RU[NZ]",
        "RU[New Zealand]",
        "RU[ing]",
        "RU[GOE]",
        "RU[Tromp-Taylor]",
        "RU[Japanese]",
        "RU[AGA]",
        "RU[cn]",
        "",
        "RU[Foo]",
    ];
    let text: String = rules
        .iter()
        .map(|ru| format!("(;FF[4]GM[1]SZ[9]{ru}\n{moves})\n"))
        .collect();
    let mut out = read(text.as_bytes());
    kifu::validate(&mut out);
    let e = Severity::Error;
    // Game n (from 0) starts on line 2n + 1; its moves are on line 2n + 2.
    let mut expected = vec![];
    for game in 5..10 {
        let line = 2 * game + 2;
        if game == 9 {
            expected.push((line - 1, 20, "sgf::unknown-rules", Severity::Info));
        }
        expected.push((line, 31, "go::suicide", e));
        expected.push((line, 37, "go::occupied", e));
    }
    let mut got = findings(&out);
    got.sort_by_key(|f| (f.0, f.1));
    assert_eq!(got, expected);
    assert_eq!(
        message(&out, 19, 20, "sgf::unknown-rules"),
        "RU[Foo] is not a Go rule set kifu knows; moves are checked by Japanese rules (suicide illegal)"
    );
    // The rule set names live in one table.
    use kifu::rules::go::RuleSet;
    assert_eq!(RuleSet::from_ru("new zealand"), Some(RuleSet::NewZealand));
    assert_eq!(RuleSet::from_ru("JP"), Some(RuleSet::Japanese));
    assert_eq!(RuleSet::from_ru("Foo"), None);
    // RU is written as it was read.
    let written = round_trip(&out);
    assert!(written.starts_with(
        "(;FF[4]CA[UTF-8]GM[1]SZ[9]RU[NZ]\n;B[ca];W[ee];B[bb];W[ba];B[ab];W[aa];B[ba])\n"
    ));
    assert_eq!(written.matches("(;FF[4]").count(), 10);
    // The position after a played suicide: ba is black, aa empty.
    let nz = &out.parsed.collection.games[0];
    let pos = kifu::render::go::position(nz, None).expect("a Go position");
    assert_eq!(pos.at(Point::new(1, 0)), Some(Color::Black));
    assert_eq!(pos.at(Point::new(0, 0)), None);
}

#[test]
fn a_setup_stone_repeating_the_move_is_dropped_without_a_follow_on_error() {
    let text = "(;FF[4]GM[1]SZ[19]\n;B[pd]\n;W[qk]AE[sj]AW[qk]AB[rj]\n;B[dd]\n;W[dp]AW[dp])";
    let mut out = read(text.as_bytes());
    kifu::validate(&mut out);
    assert_eq!(
        findings(&out),
        vec![
            (3, 2, "sgf::move-with-setup", Severity::Error),
            (3, 15, "sgf::setup-repeats-move", Severity::Warning),
            (5, 9, "sgf::setup-repeats-move", Severity::Warning),
            (3, 1, "go::setup-no-effect", Severity::Warning),
        ]
    );
    assert_eq!(
        message(&out, 3, 15, "sgf::setup-repeats-move"),
        "AW[qk] repeats the node's move W[qk] (dropped: the move places the stone)"
    );
    let g = &out.parsed.collection.games[0];
    let nodes: Vec<&Node> = g.tree.main_line().map(|(_, n)| n).collect();
    // The node split: setup (AE sj, AB rj) first, then the move; W[dp] alone.
    assert_eq!(nodes.len(), 6);
    assert_eq!(nodes[2].mv, None);
    assert_eq!(nodes[2].setup.clear, vec![Point::new(18, 9)]);
    assert_eq!(nodes[2].setup.add_black, vec![Point::new(17, 9)]);
    assert!(nodes[2].setup.add_white.is_empty());
    assert_eq!(nodes[3].mv, stone(Color::White, 16, 10));
    assert_eq!(nodes[5].mv, stone(Color::White, 3, 15));
    assert!(nodes[5].setup.add_white.is_empty());
    assert_eq!(
        round_trip(&out),
        "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[pd];AB[rj]AE[sj];W[qk];B[dd];W[dp])\n"
    );
}
