//! Line ends: every line-based reader reads LF, CRLF, CR-only (classic Mac OS) and
//! mixed line ends alike — the same games, the same diagnostics at the same line and
//! column — and content detection finds the format whatever the line ends.
//!
//! The shogi records are generated here (a deterministic playout of legal moves,
//! written by kifu's own writers); the other inputs are the repository's fixtures
//! with their line ends rewritten in the test.

use std::path::Path;

use kifu::diag::Severity;
use kifu::model::Collection;
use kifu::rules::shogi::Position;
use kifu::text::{LineIndex, TextEncoding};

/// How a test rewrites line ends.
#[derive(Debug, Clone, Copy)]
enum Ends {
    Lf,
    CrLf,
    Cr,
    /// LF, CRLF and CR in turn, line by line.
    Mixed,
}

const ALL_ENDS: [Ends; 4] = [Ends::Lf, Ends::CrLf, Ends::Cr, Ends::Mixed];

/// `bytes` (LF or CRLF line ends) with every line end made `ends`.
fn with_ends(bytes: &[u8], ends: Ends) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 8);
    let mut line = 0usize;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let crlf = b == b'\r' && bytes.get(i + 1) == Some(&b'\n');
        if b == b'\n' || crlf {
            let end: &[u8] = match ends {
                Ends::Lf => b"\n",
                Ends::CrLf => b"\r\n",
                Ends::Cr => b"\r",
                Ends::Mixed => [&b"\n"[..], b"\r\n", b"\r"][line % 3],
            };
            out.extend_from_slice(end);
            line += 1;
            i += if crlf { 2 } else { 1 };
        } else {
            out.push(b);
            i += 1;
        }
    }
    out
}

/// A diagnostic as compared here: code, severity, line, column.
type Diag = (&'static str, Severity, usize, usize);

fn read(bytes: &[u8], path: Option<&Path>) -> (Collection, Vec<Diag>, &'static str) {
    let input = kifu::Input {
        bytes: bytes.into(),
        path,
        format: None,
        encoding: None,
    };
    let mut out = kifu::read(&input).expect("reads");
    kifu::validate(&mut out);
    let text = out.text.clone().unwrap_or_default();
    let index = LineIndex::new(&text);
    let diags = out
        .parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (l, c) = index.line_col_in(&text, d.span.start);
            (d.code, d.severity, l, c)
        })
        .collect();
    (out.parsed.collection, diags, out.format.name)
}

fn moves(c: &Collection) -> usize {
    c.games
        .iter()
        .map(|g| g.tree.main_line().filter(|(_, n)| n.mv.is_some()).count())
        .sum()
}

/// A game of `plies` legal moves from the even position, chosen by a small LCG.
fn playout_usi(plies: usize) -> String {
    let start = kifu::model::Handicap::Even.position();
    let mut pos = Position::from_model(&start);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut usi = String::from("position startpos moves");
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let mv = &legal[(seed >> 33) as usize % legal.len()];
        usi.push(' ');
        usi.push_str(&kifu::internals::usi::usi_move(mv));
        pos.make(mv);
    }
    usi.push('\n');
    usi
}

/// The generated game in `format` (UTF-8), with names, an event and two comments, one
/// of two lines.
fn shogi_record(format: &str) -> Vec<u8> {
    let usi = playout_usi(120);
    let mut out = kifu::read(&kifu::Input {
        bytes: usi.as_bytes().into(),
        path: Some(Path::new("g.usi")),
        format: None,
        encoding: None,
    })
    .expect("USI reads");
    let game = out.parsed.collection.games.first_mut().expect("a game");
    game.info.black.name = Some("先手太郎".into());
    game.info.white.name = Some("後手花子".into());
    game.info.event = Some("練習対局".into());
    let ids: Vec<_> = game.tree.main_line().map(|(id, _)| id).collect();
    for (at, text) in [(10, "ここで長考"), (41, "一行目\n二行目")] {
        if let Some(n) = ids.get(at).and_then(|&id| game.tree.get_mut(id)) {
            n.comment = Some(text.into());
        }
    }
    let format = kifu::formats::by_name(format).expect("format");
    kifu::write(
        &out.parsed.collection,
        format,
        Some(TextEncoding::UTF_8),
        None,
    )
    .expect("writes")
    .bytes
}

#[test]
fn kif_ki2_and_csa_read_the_same_game_whatever_the_line_ends() {
    for (format, ext) in [("kif", "kifu"), ("ki2", "ki2u"), ("csa", "csa")] {
        let lf = shogi_record(format);
        let name = format!("g.{ext}");
        let (want, want_diags, _) = read(&lf, Some(Path::new(&name)));
        assert_eq!(moves(&want), 120, "{format}");
        assert_eq!(want_diags, vec![], "{format}");
        assert!(
            want.games[0]
                .tree
                .main_line()
                .any(|(_, n)| n.comment.as_deref() == Some("一行目\n二行目")),
            "{format}: the two-line comment"
        );
        for ends in ALL_ENDS {
            let bytes = with_ends(&lf, ends);
            // By extension, and by content alone (KI2 with a KIF header is taken for
            // KIF by content, whatever its line ends: by extension only).
            let by_content = (format != "ki2").then_some(None);
            for path in std::iter::once(Some(Path::new(name.as_str()))).chain(by_content) {
                let (got, diags, read_as) = read(&bytes, path);
                assert_eq!(read_as, format, "{format} {ends:?} {path:?}");
                assert_eq!(moves(&got), 120, "{format} {ends:?} {path:?}");
                assert_eq!(got, want, "{format} {ends:?} {path:?}");
                assert_eq!(diags, want_diags, "{format} {ends:?} {path:?}");
            }
        }
    }
}

#[test]
fn positions_in_cr_only_and_mixed_text_are_the_lines_of_the_lf_text() {
    // A KIF whose move 3 is illegal (a pawn two squares), and an unknown line.
    let kif = "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７四歩(76)\nこれは棋譜ではない\n";
    let (_, want, _) = read(kif.as_bytes(), Some(Path::new("t.kifu")));
    assert_eq!(
        want,
        vec![
            ("kif::unknown-line", Severity::Error, 8, 1),
            ("shogi::unreachable", Severity::Error, 7, 6),
        ]
    );
    for ends in ALL_ENDS {
        let bytes = with_ends(kif.as_bytes(), ends);
        let (_, got, _) = read(&bytes, Some(Path::new("t.kifu")));
        assert_eq!(got, want, "{ends:?}");
    }
}

#[test]
fn usi_and_ndjson_read_the_same_games_whatever_the_line_ends() {
    // Two USI games, and the same two as NDJSON.
    let usi = format!("{}{}", playout_usi(30), playout_usi(12));
    let (want, want_diags, _) = read(usi.as_bytes(), Some(Path::new("g.usi")));
    assert_eq!((want.games.len(), moves(&want)), (2, 42));
    let ndjson = kifu::write(
        &want,
        kifu::formats::by_name("ndjson").expect("ndjson"),
        None,
        None,
    )
    .expect("writes")
    .bytes;
    for (bytes, name) in [(usi.into_bytes(), "g.usi"), (ndjson, "g.ndjson")] {
        for ends in ALL_ENDS {
            let (got, diags, _) = read(&with_ends(&bytes, ends), Some(Path::new(name)));
            assert_eq!(got, want, "{name} {ends:?}");
            assert_eq!(diags, want_diags, "{name} {ends:?}");
        }
    }
}

/// The repository's fixtures of the other line-based formats: the same games and
/// diagnostics whatever the line ends, by extension and by content.
#[test]
fn go_gomoku_and_gonu_archives_read_the_same_whatever_the_line_ends() {
    let cases = [
        ("fixtures/gib/global.gib", "gib", 18),
        ("fixtures/gib/korea.gib", "gib", 0),
        ("fixtures/ngf/even.ngf", "ngf", 21),
        ("fixtures/ugf/game.ugf", "ugf", 21),
        ("fixtures/ugf/review.ugi", "ugf", 0),
        ("fixtures/psq/freestyle-20x20.psq", "psq", 9),
        ("fixtures/psq/human-vs-engine-15x15.psq", "psq", 0),
        ("fixtures/gonu/simple.gonu", "gonu", 0),
        ("fixtures/gonu/free-annotated.gonu", "gonu", 0),
        ("fixtures/kiseong/bbs-game.kis", "kiseong", 220),
        ("fixtures/rif/sample.rif", "rif", 0),
    ];
    for (path, format, count) in cases {
        let original = std::fs::read(path).expect(path);
        let (want, want_diags, read_as) = read(&original, Some(Path::new(path)));
        assert_eq!(read_as, format, "{path}");
        if count > 0 {
            assert_eq!(moves(&want), count, "{path}");
        }
        for ends in ALL_ENDS {
            let bytes = with_ends(&original, ends);
            for p in [Some(Path::new(path)), None] {
                let (mut got, diags, read_as) = read(&bytes, p);
                assert_eq!(read_as, format, "{path} {ends:?} {p:?}");
                // PSQ keeps a file's CRLF layout to write it back; nothing else differs.
                let mut want = want.clone();
                for g in got.games.iter_mut().chain(want.games.iter_mut()) {
                    g.info.extras.0.retain(|e| e.key != "psq:layout");
                }
                assert_eq!(moves(&got), moves(&want), "{path} {ends:?} {p:?}");
                assert_eq!(got, want, "{path} {ends:?} {p:?}");
                assert_eq!(diags, want_diags, "{path} {ends:?} {p:?}");
            }
        }
    }
}

#[test]
fn a_cr_only_kif_converts_to_every_move() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("mac.kif");
    let cr = with_ends(&shogi_record("kif"), Ends::Cr);
    assert!(!cr.contains(&b'\n'));
    std::fs::write(&input, &cr).expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("validate")
        .arg(&input)
        .output()
        .expect("runs");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "{}: ok (1 game(s), 0 error(s), 0 warning(s))\n",
            input.display()
        )
    );
    assert_eq!(out.status.code(), Some(0));
    let json = dir.path().join("mac.json");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["convert", "-t", "json", "-o"])
        .arg(&json)
        .arg(&input)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let bytes = std::fs::read(&json).expect("output");
    let (c, diags, read_as) = read(&bytes, Some(&json));
    assert_eq!((read_as, moves(&c), diags), ("json", 120, vec![]));
}
