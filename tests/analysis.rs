//! Engine analysis (#35): the JSON model's `"analysis"` lists; each convention read
//! by its format's reader into evaluations and written back by its writer, on our
//! own fixtures (`fixtures/analysis/`) and on the real files in
//! `../shared/corpus/analysis/`; `--analysis keep|strip|as=PROGRAM`; what looks like
//! analysis but does not read kept as written, with a warning; and no move lost on
//! an engine line (KIF, KI2, CSA).

use std::path::{Path, PathBuf};
use std::process::Command;

use kifu::formats::analysis::writing::{AnalysisMode, Program};
use kifu::formats::WriteOptions;
use kifu::internals::json;
use kifu::model::{Collection, Convention, Evaluation};
use kifu::text::TextEncoding;

mod common;
use common::corpus;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/analysis")
        .join(name)
}

/// The games of a file, read as its extension says; no error allowed.
fn read(path: &Path) -> Collection {
    let bytes = std::fs::read(path).expect("the file reads");
    let out = kifu::read(&kifu::Input {
        bytes: (&bytes).into(),
        path: Some(path),
        format: None,
        encoding: None,
    })
    .expect("the format is known");
    assert!(!out.has_errors(), "{:?}", out.parsed.diagnostics);
    out.parsed.collection
}

#[test]
fn json_model_reads_and_writes_analysis_lists() {
    let doc = r#"{"version":1,"games":[{"kind":{"go":{"size":{"width":19,"height":19}}},"info":{},"tree":{"nodes":[{"children":[1]},{"move":{"stone":{"color":"black","point":[15,3]}},"analysis":[{"engine":"KataGo","score":-2.5,"winrate":0.4,"visits":800,"pv":["Q16","D4"],"convention":"lizzie"},{"winrate":0.5}]}]}}]}"#;
    let parsed = json::read(doc);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let node = parsed.collection.games[0]
        .tree
        .iter()
        .nth(1)
        .map(|(_, n)| n.clone())
        .expect("two nodes");
    assert_eq!(
        node.analysis.as_slice(),
        [
            Evaluation {
                engine: Some("KataGo".into()),
                score: Some(-2.5),
                winrate: Some(0.4),
                visits: Some(800),
                pv: vec!["Q16".into(), "D4".into()],
                convention: Some(Convention::Lizzie),
                ..Evaluation::default()
            },
            Evaluation {
                winrate: Some(0.5),
                ..Evaluation::default()
            },
        ]
    );
    let text = json::write(&parsed.collection, &WriteOptions::default())
        .expect("writes")
        .output;
    assert!(
        text.contains(r#""analysis":[{"engine":"KataGo","score":-2.5,"winrate":0.4,"visits":800,"pv":["Q16","D4"],"convention":"lizzie"},{"winrate":0.5}]"#),
        "{text}"
    );
    let back = json::read(&text);
    assert!(back.diagnostics.is_empty(), "{:?}", back.diagnostics);
    assert_eq!(back.collection, parsed.collection);
}

/// The games and diagnostics of `bytes` read as `format`.
fn read_as(bytes: &[u8], format: &str) -> (Collection, Vec<kifu::diag::Diagnostic>) {
    let out = kifu::read(&kifu::Input {
        bytes: bytes.into(),
        path: None,
        format: kifu::formats::by_name(format),
        encoding: None,
    })
    .expect("the format is known");
    assert!(!out.has_errors(), "{:?}", out.parsed.diagnostics);
    (out.parsed.collection, out.parsed.diagnostics)
}

/// The diagnostics of a file with the code `analysis::kept-as-text`.
fn kept_as_text(path: &Path) -> Vec<String> {
    let bytes = std::fs::read(path).expect("reads");
    let out = kifu::read(&kifu::Input {
        bytes: (&bytes).into(),
        path: Some(path),
        format: None,
        encoding: None,
    })
    .expect("the format is known");
    out.parsed
        .diagnostics
        .iter()
        .filter(|d| d.code == "analysis::kept-as-text")
        .map(|d| d.message.clone())
        .collect()
}

/// Every node's evaluations, by node, in every game (nodes without any left out).
fn evaluations(c: &Collection) -> Vec<(usize, usize, Vec<Evaluation>)> {
    c.games
        .iter()
        .enumerate()
        .flat_map(|(g, game)| {
            game.tree
                .iter()
                .filter(|(_, n)| !n.analysis.is_empty())
                .map(move |(id, n)| (g, id.0 as usize, n.analysis.to_vec()))
        })
        .collect()
}

/// All evaluations of a collection, in order.
fn all(c: &Collection) -> Vec<Evaluation> {
    evaluations(c).into_iter().flat_map(|(_, _, e)| e).collect()
}

/// The comment lines of every node, in order.
fn comment_lines(c: &Collection) -> Vec<String> {
    c.games
        .iter()
        .flat_map(|g| g.tree.iter())
        .filter_map(|(_, n)| n.comment.clone())
        .flat_map(|c| c.split('\n').map(str::to_string).collect::<Vec<_>>())
        .collect()
}

/// The kept SGF properties (extras keys) of every node, in order.
fn extras_keys(c: &Collection) -> Vec<String> {
    c.games
        .iter()
        .flat_map(|g| g.tree.iter())
        .flat_map(|(_, n)| n.extras.0.iter().map(|e| e.key.clone()).collect::<Vec<_>>())
        .collect()
}

/// `c` written as `format` in UTF-8 with `mode`: the text and the losses' messages.
fn write(c: &Collection, format: &str, mode: AnalysisMode) -> (String, Vec<String>) {
    let format = kifu::formats::by_name(format).expect("a format");
    let out = kifu::write_with(
        c,
        format,
        Some(TextEncoding::UTF_8),
        &WriteOptions {
            analysis: mode,
            ..WriteOptions::default()
        },
    )
    .expect("writes");
    (
        String::from_utf8(out.bytes).expect("UTF-8"),
        out.losses.iter().map(|l| l.message.clone()).collect(),
    )
}

/// Reads a fixture, writes it in its own format and convention, reads that again:
/// the same evaluations on the same nodes; writing again gives the same bytes (what
/// kifu writes is canonical, so a canonical source comes back byte for byte).
fn round_trip(name: &str, format: &str, expected: usize) -> Collection {
    let (first, _) = read_as(&std::fs::read(fixture(name)).expect("reads"), format);
    let evals = evaluations(&first);
    assert_eq!(
        evals.iter().map(|e| e.2.len()).sum::<usize>(),
        expected,
        "{name}"
    );
    let (text, losses) = write(&first, format, AnalysisMode::Keep);
    assert_eq!(losses, Vec::<String>::new(), "{name}");
    let (second, diags) = read_as(text.as_bytes(), format);
    assert!(
        diags.iter().all(|d| d.code != "analysis::kept-as-text")
            || name == "lizzie.sgf"
            || name == "katago.sgf",
        "{name}: {diags:?}"
    );
    assert_eq!(evaluations(&second), evals, "{name}: the same evaluations");
    let (again, _) = write(&second, format, AnalysisMode::Keep);
    assert_eq!(again, text, "{name}: written again byte for byte");
    first
}

#[test]
fn json_analysis_written_to_csa_is_a_floodgate_remark() {
    let dir = std::env::temp_dir().join(format!("kifu-analysis-loss-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("an.json");
    std::fs::write(
        &path,
        r#"{"version":1,"games":[{"kind":"shogi","info":{"shogi_start":{"preset":"even"}},"tree":{"nodes":[{"children":[1]},{"move":{"shogi":{"color":"black","from":[7,7],"to":[7,6],"piece":"pawn"}},"analysis":[{"score":45,"depth":3,"pv":["+7776FU"],"convention":"floodgate"}]}]}}]}"#,
    )
    .expect("writes");
    let run = |to: &str| {
        Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(["convert", "-t", to])
            .arg(&path)
            .output()
            .expect("runs")
    };
    let csa = run("csa");
    let usi = run("usi");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(csa.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&csa.stderr),
        "warning: -: [loss::analysis] csa writes the engine evaluations as floodgate, which has no place for their depth: left out of 1 evaluation(s), the first at move 1\n"
            .replace("-:", &format!("{}:", path.display()))
    );
    assert!(String::from_utf8_lossy(&csa.stdout).ends_with("+\n+7776FU\n'** 45 +7776FU\n"));
    // USI has no place for analysis: the accounting reports it.
    assert_eq!(usi.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&usi.stderr);
    assert!(
        stderr.contains(
            "[loss::analysis] usi has no place for the engine evaluation at move 1: \"1 evaluation(s)\""
        ),
        "{stderr}"
    );
}

#[test]
fn lizzie_lz_is_read_and_written_back() {
    let c = round_trip("lizzie.sgf", "sgf", 9);
    let by_node: Vec<(usize, Vec<Evaluation>)> = evaluations(&c)
        .into_iter()
        .map(|(_, n, e)| (n, e))
        .collect();
    let nodes: Vec<(usize, usize)> = by_node.iter().map(|(n, e)| (*n, e.len())).collect();
    // Node 2 and node 5 list two candidates each; node 6 is kept (below).
    assert_eq!(nodes, vec![(1, 1), (2, 3), (3, 1), (4, 1), (5, 3)]);
    let e = &by_node[0].1[0];
    // Black's own 52.1 %, 1.5k playouts, the one candidate's line (its figures are
    // the node's: folded into the node's evaluation).
    assert_eq!(
        (e.winrate, e.visits, e.rank),
        (Some(0.521), Some(1500), None)
    );
    assert_eq!(e.pv, vec!["D4", "Q16", "Q3"]);
    assert_eq!(e.convention, Some(Convention::Lizzie));
    // White moved; the node's evaluation, then Black's two candidates, ranked.
    let two = &by_node[1].1;
    // Rank, win rate, visits, variation.
    type Line = (Option<u32>, Option<f64>, Option<u64>, Vec<String>);
    let got: Vec<Line> = two
        .iter()
        .map(|e| (e.rank, e.winrate, e.visits, e.pv.clone()))
        .collect();
    assert_eq!(
        got,
        vec![
            (None, Some(0.532), Some(2200), vec![]),
            (
                Some(1),
                Some(0.532),
                Some(1800),
                vec!["Q4".to_string(), "D16".to_string()]
            ),
            (Some(2), Some(0.51), Some(400), vec!["Q3".to_string()]),
        ]
    );
    // An empty candidate line: the node's figures only.
    assert_eq!(by_node[2].1[0].pv, Vec::<String>::new());
    // White's move, 12k playouts: Black's rate is the rest.
    assert_eq!(by_node[3].1[0].winrate, Some(0.598));
    assert_eq!(by_node[3].1[0].visits, Some(12000));
    assert_eq!(by_node[3].1[0].pv, vec!["pass", "C3"]);
    // Black moved: White's candidates, their score means turned to Black's side.
    let scored: Vec<(Option<f64>, Option<f64>)> =
        by_node[4].1.iter().map(|e| (e.winrate, e.score)).collect();
    assert_eq!(
        scored,
        vec![
            (Some(0.41), None),
            (Some(0.41), Some(-1.25)),
            (Some(0.43), Some(-0.5))
        ]
    );
    // The last value has keys of Lizzie's forks (prior, lcb, order): it does not
    // write back as it is, so it is kept as the property it was, with a warning.
    assert_eq!(extras_keys(&c), vec!["sgf:LZ"]);
    assert_eq!(
        kept_as_text(&fixture("lizzie.sgf")),
        vec!["LZ[0.7.4 50.0 900\nmove R3 visits 900 winrate 5000 prior 1828 lcb 5301 order 0 pv R3 info ] is kept as a property: kifu would not write it back as it is (docs/analysis.md says what is not mapped)"]
    );
    // Written back byte for byte.
    let (text, _) = write(&c, "sgf", AnalysisMode::Keep);
    let source = std::fs::read_to_string(fixture("lizzie.sgf")).expect("reads");
    for value in source.split("LZ[").skip(1) {
        let value = value.split(']').next().unwrap_or_default();
        assert!(
            text.contains(&format!("LZ[{value}]")),
            "{value:?} in {text}"
        );
    }
}

/// KataGo's self-play figures at the start of a move node's comment (White's win,
/// loss and no-result rates, White's score, `v=` visits): read as Black's, the rest
/// of the comment kept, written back byte for byte; a line whose win and loss rates
/// do not add up stays a comment, with a warning.
#[test]
fn katago_self_play_comments_are_read_and_written_back() {
    let c = round_trip("katago.sgf", "sgf", 4);
    let got: Vec<(Option<f64>, Option<f64>, Option<u64>)> = all(&c)
        .iter()
        .map(|e| (e.winrate, e.score, e.visits))
        .collect();
    assert_eq!(
        got,
        vec![
            (Some(0.45), Some(-0.6), Some(400)),
            (Some(0.48), Some(-0.3), Some(600)),
            (Some(0.6), Some(1.5), Some(400)),
            (Some(0.39), Some(-1.0), Some(400)),
        ]
    );
    assert!(all(&c)
        .iter()
        .all(|e| e.convention == Some(Convention::KataGo)));
    // What follows the figures stays the comment.
    assert_eq!(
        comment_lines(&c),
        vec![
            "startTurnIdx=0,initTurnNum=0,gameHash=1A2B3C,gtype=normal",
            "weight=1.00",
            "rv=1200 weight=0.85",
            "weight=1.00 result=W+1",
            "0.50 0.49 0.00 0.0 v=400 weight=1.00",
        ]
    );
    assert_eq!(
        kept_as_text(&fixture("katago.sgf")),
        vec!["the comment \"0.50 0.49 0.00 0.0 v=400 weight=1.00\" is kept as a comment: it does not read in KataGo's layout (byte 0: the win rate is not 1 − the loss rate)"]
    );
    let (text, losses) = write(&c, "sgf", AnalysisMode::Keep);
    assert_eq!(losses, Vec::<String>::new());
    let source = std::fs::read_to_string(fixture("katago.sgf")).expect("reads");
    for comment in source.split("C[").skip(2) {
        let comment = comment.split(']').next().unwrap_or_default();
        assert!(
            text.contains(&format!("C[{comment}]")),
            "{comment:?} in {text}"
        );
    }
    // To Ogatak: the win rate and the score; the visits are a loss.
    let (text, losses) = write(&c, "sgf", AnalysisMode::As(Program::Ogatak));
    assert_eq!(
        losses,
        vec!["sgf writes the engine evaluations as ogatak, which has no place for their visits: left out of 4 evaluation(s), the first at move 1"]
    );
    assert!(
        text.contains(";B[pd]C[weight=1.00]SBKV[45.0]OGSC[-0.6]"),
        "{text}"
    );
    // And back from Ogatak's figures with visits (the JSON model) to KataGo's.
    let doc = r#"{"version":1,"games":[{"kind":{"go":{"size":{"width":19,"height":19}}},"info":{},"tree":{"nodes":[{"children":[1]},{"move":{"stone":{"color":"black","point":[15,3]}},"comment":"nice","analysis":[{"score":2.5,"winrate":0.61,"visits":800,"convention":"ogatak"}]}]}}]}"#;
    let (j, _) = read_as(doc.as_bytes(), "json");
    let (text, losses) = write(&j, "sgf", AnalysisMode::As(Program::KataGo));
    assert_eq!(losses, Vec::<String>::new());
    assert!(
        text.contains(";B[pd]C[0.39 0.61 0.00 -2.5 v=800 nice])"),
        "{text}"
    );
}

#[test]
fn sabaki_sbkv_is_read_and_written_back() {
    let c = round_trip("sabaki.sgf", "sgf", 4);
    let rates: Vec<Option<f64>> = all(&c).iter().map(|e| e.winrate).collect();
    assert_eq!(rates, vec![Some(0.4837), Some(0.51), Some(0.0), Some(1.0)]);
    assert!(all(&c)
        .iter()
        .all(|e| e.convention == Some(Convention::Sabaki)));
    assert!(extras_keys(&c).is_empty());
    let (text, _) = write(&c, "sgf", AnalysisMode::Keep);
    assert!(
        text.contains(
            ";B[pd]SBKV[48.37];W[dp]SBKV[51];B[pp]C[a user comment]SBKV[0];W[dd]SBKV[100])"
        ),
        "{text}"
    );
}

#[test]
fn ogatak_pairs_are_read_and_written_back() {
    let c = round_trip("ogatak.sgf", "sgf", 4);
    let e = all(&c);
    assert_eq!((e[0].winrate, e[0].score), (Some(0.479), Some(-0.8)));
    assert_eq!((e[3].winrate, e[3].score), (None, Some(-12.3)));
    assert!(e.iter().all(|e| e.convention == Some(Convention::Ogatak)));
    let (text, _) = write(&c, "sgf", AnalysisMode::Keep);
    for piece in [
        ";B[pd]SBKV[47.9]OGSC[-0.8]",
        ";W[dp]SBKV[52.4]OGSC[0.5]",
        ";B[pp]SBKV[50.0]OGSC[0.0]",
        ";W[dd]OGSC[-12.3])",
    ] {
        assert!(text.contains(piece), "{text}");
    }
}

#[test]
fn shogihome_lines_are_read_and_written_back() {
    let c = round_trip("shogihome.kifu", "kif", 3);
    let e = all(&c);
    assert_eq!(e[0].score, Some(58.0));
    assert_eq!(e[0].engine.as_deref(), Some("Engine A"));
    assert_eq!(e[0].pv, vec!["△３四歩", "▲２六歩", "△８四歩"]);
    assert_eq!(e[1].pv, vec!["▲２二角成(88)", "△同　銀"]);
    assert_eq!((e[2].mate, e[2].score), (Some(-9), None));
    // The situation word and the user's line stay comments.
    assert_eq!(comment_lines(&c), vec!["互角", "良い手です。", "先手有望"]);
    let (text, _) = write(&c, "kif", AnalysisMode::Keep);
    assert!(
        text.contains(
            "*良い手です。\n*先手有望\n*#評価値=312\n*#読み筋=▲２二角成(88)△同　銀\n*#深さ=20\n"
        ),
        "{text}"
    );
}

#[test]
fn kif_engine_lines_are_read_and_written_back() {
    let c = round_trip("kif_engine.kifu", "kif", 5);
    let e = all(&c);
    assert_eq!(
        (
            e[0].time_ms,
            e[0].depth,
            e[0].seldepth,
            e[0].visits,
            e[0].score
        ),
        (Some(1200), Some(12), Some(24), Some(150_000), Some(45.0))
    );
    assert_eq!(e[0].pv.len(), 3);
    assert_eq!(
        (e[3].convention, e[3].rank),
        (Some(Convention::KifStudy), Some(1))
    );
    assert_eq!(e[2].convention, Some(Convention::KifAnalysis));
    assert!(comment_lines(&c).is_empty());
    // The source is kifu's own layout but for the end line's spaces: the rest comes
    // back byte for byte.
    let (text, _) = write(&c, "kif", AnalysisMode::Keep);
    let source = std::fs::read_to_string(fixture("kif_engine.kifu")).expect("reads");
    let lines = |t: &str| {
        t.lines()
            .filter(|l| l.starts_with("**"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(lines(&text), lines(&source));
    // KI2 writes them the same way, and reads them back.
    let (ki2, losses) = write(&c, "ki2", AnalysisMode::Keep);
    assert!(
        losses.iter().all(|l| !l.contains("evaluation")),
        "{losses:?}"
    );
    let (back, _) = read_as(ki2.as_bytes(), "ki2");
    assert_eq!(all(&back), e);
}

#[test]
fn floodgate_remarks_are_read_and_written_back() {
    let c = round_trip("floodgate.csa", "csa", 4);
    let e = all(&c);
    let scores: Vec<Option<f64>> = e.iter().map(|e| e.score).collect();
    assert_eq!(
        scores,
        vec![Some(30.0), Some(-12.0), Some(0.0), Some(1000.0)]
    );
    assert_eq!(e[1].pv, vec!["+2726FU", "-8384FU", "+2625FU"]);
    assert!(comment_lines(&c).is_empty());
    let (text, _) = write(&c, "csa", AnalysisMode::Keep);
    assert!(
        text.ends_with("+7776FU,T1\n'** 30 -3334FU +2726FU\n-3334FU,T2\n'** -12 +2726FU -8384FU +2625FU\n+2726FU,T1\n'** 0\n-8384FU,T3\n'** 1000 +2625FU\n%TORYO\n"),
        "{text}"
    );
}

/// A text that looks like analysis but does not read stays as it was, with a
/// warning naming why; nothing is dropped.
#[test]
fn what_does_not_read_is_kept_as_written_with_a_warning() {
    let kif = "#KIF version=2.0 encoding=UTF-8\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n**対局 深さ x 評価値 12\n   2 ３四歩(33)   ( 0:01/00:00:02)\n**対局 評価値 5\n*良い手\n";
    let (c, diags) = read_as(kif.as_bytes(), "kif");
    let kept: Vec<&str> = diags
        .iter()
        .filter(|d| d.code == "analysis::kept-as-text")
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        kept,
        vec![
            "the comment line \"*対局 深さ x 評価値 12\" is kept as a comment: it does not read as a KIF engine line (byte 15: expected a depth)",
            "the comment line \"*対局 評価値 5\" is kept as a comment: a line that is not analysis follows it",
        ]
    );
    assert!(all(&c).is_empty());
    assert_eq!(
        comment_lines(&c),
        vec!["*対局 深さ x 評価値 12", "*対局 評価値 5", "良い手"]
    );
    let (text, losses) = write(&c, "kif", AnalysisMode::Keep);
    assert!(losses.is_empty(), "{losses:?}");
    assert!(text.contains("**対局 深さ x 評価値 12\n"), "{text}");
    assert!(text.contains("**対局 評価値 5\n*良い手\n"), "{text}");
    let csa = "V2.2\nPI\n+\n+7776FU\n'** 12 +77\n";
    let (c, diags) = read_as(csa.as_bytes(), "csa");
    assert_eq!(
        diags
            .iter()
            .filter(|d| d.code == "analysis::kept-as-text")
            .map(|d| d.message.as_str())
            .collect::<Vec<_>>(),
        vec!["the comment line \"* 12 +77\" is kept as a comment: it does not read as a floodgate remark (byte 5: expected a CSA move such as -2324FU or a USI move such as 7g7f)"]
    );
    assert_eq!(comment_lines(&c), vec!["* 12 +77"]);
    let sgf = "(;GM[1]FF[4]SZ[19];B[pd]SBKV[high])";
    let (c, diags) = read_as(sgf.as_bytes(), "sgf");
    assert_eq!(
        diags
            .iter()
            .filter(|d| d.code == "analysis::kept-as-text")
            .map(|d| d.message.as_str())
            .collect::<Vec<_>>(),
        vec!["SBKV[high] is kept as a property: it does not read in its program's layout (byte 0: expected a win rate from 0 to 100)"]
    );
    assert_eq!(
        write(&c, "sgf", AnalysisMode::Keep).0,
        "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[pd]SBKV[high])\n"
    );
}

/// `as=PROGRAM` between the conventions of one family keeps what both hold and
/// reports the rest.
#[test]
fn as_program_converts_within_a_family_and_reports_the_rest() {
    let (c, _) = read_as(&std::fs::read(fixture("lizzie.sgf")).expect("reads"), "sgf");
    let (text, losses) = write(&c, "sgf", AnalysisMode::As(Program::Sabaki));
    assert_eq!(
        losses,
        vec![
            // Sabaki holds one win rate a node: Lizzie's candidates have no place.
            "sgf has no place for the engine evaluation: 2 left out, the first at move 2: \"2 evaluation(s)\"",
            "sgf writes the engine evaluations as sabaki, which has no place for their visits: left out of 5 evaluation(s), the first at move 1",
            "sgf writes the engine evaluations as sabaki, which has no place for their pv: left out of 2 evaluation(s), the first at move 1",
        ]
    );
    // Ogatak writes a win rate without a score as Sabaki's property alone: the same.
    assert_eq!(
        write(&c, "sgf", AnalysisMode::As(Program::Ogatak)),
        (text.clone(), losses)
    );
    let (back, _) = read_as(text.as_bytes(), "sgf");
    let rates: Vec<(Option<f64>, Option<Convention>)> = all(&back)
        .iter()
        .map(|e| (e.winrate, e.convention))
        .collect();
    assert_eq!(
        rates,
        vec![
            (Some(0.521), Some(Convention::Sabaki)),
            (Some(0.532), Some(Convention::Sabaki)),
            (Some(0.55), Some(Convention::Sabaki)),
            (Some(0.598), Some(Convention::Sabaki)),
            (Some(0.41), Some(Convention::Sabaki)),
        ]
    );
    // KIF engine lines as ShogiHome's, in a KIF file and in a CSA file.
    let (k, _) = read_as(
        &std::fs::read(fixture("kif_engine.kifu")).expect("reads"),
        "kif",
    );
    let (text, losses) = write(&k, "kif", AnalysisMode::As(Program::ShogiHome));
    assert_eq!(
        losses,
        vec![
            // Move 3 has two evaluations: one ShogiHome block a node.
            "kif has no place for the engine evaluation at move 3: \"1 evaluation(s)\"",
            "kif writes the engine evaluations as shogi_home, which has no place for their seldepth: left out of 1 evaluation(s), the first at move 1",
            "kif writes the engine evaluations as shogi_home, which has no place for their time_ms: left out of 1 evaluation(s), the first at move 1",
            "kif writes the engine evaluations as shogi_home, which has no place for their rank: left out of 1 evaluation(s), the first at move 3",
        ]
    );
    let (back, _) = read_as(text.as_bytes(), "kif");
    let e = all(&back);
    assert_eq!(e.len(), 4);
    assert!(e
        .iter()
        .all(|e| e.convention == Some(Convention::ShogiHome)));
    assert_eq!(e[0].pv, vec!["▲７六歩(77)", "△３四歩(33)", "▲２六歩(27)"]);
    // KIF to CSA keeps: floodgate, the usual one of CSA, holds the score only (the
    // KIF moves of a variation are not CSA moves).
    let (text, losses) = write(&k, "csa", AnalysisMode::Keep);
    assert!(
        losses
            .iter()
            .any(|l| l.ends_with("their pv: left out of 5 evaluation(s), the first at move 1")),
        "{losses:?}"
    );
    let (back, _) = read_as(text.as_bytes(), "csa");
    let scores: Vec<Option<f64>> = all(&back).iter().map(|e| e.score).collect();
    assert_eq!(
        scores,
        vec![
            Some(45.0),
            Some(-30.0),
            Some(80.0),
            Some(-7.0),
            Some(1000001.0)
        ]
    );
    // A program of the other family leaves the game's evaluations as they were.
    assert_eq!(
        write(&k, "kif", AnalysisMode::As(Program::Lizzie)).0,
        write(&k, "kif", AnalysisMode::Keep).0
    );
}

/// `--analysis strip` on the command line: nothing left, one note per file.
#[test]
fn strip_takes_every_evaluation_out_and_says_how_much() {
    for (name, to, note) in [
        ("kif_engine.kifu", "kif", "5 evaluation(s), 516 byte(s)"),
        ("floodgate.csa", "csa", "4 evaluation(s), 74 byte(s)"),
        ("sabaki.sgf", "sgf", "4 evaluation(s), 35 byte(s)"),
        ("lizzie.sgf", "sgf", "10 evaluation(s), 502 byte(s)"),
    ] {
        let path = fixture(name);
        let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args([
                "convert",
                "-q",
                "--analysis",
                "strip",
                "--output-encoding",
                "utf-8",
                "-t",
                to,
            ])
            .arg(&path)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0), "{name}");
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        let (c, diags) = read_as(text.as_bytes(), to);
        assert!(all(&c).is_empty(), "{name}");
        assert!(
            diags.iter().all(|d| d.code != "analysis::kept-as-text"),
            "{name}"
        );
        assert!(
            !text.contains("LZ[")
                && !text.contains("SBKV[")
                && !text.contains("'**")
                && !text.contains("**対局"),
            "{text}"
        );
        let noisy = Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(["convert", "--analysis", "strip", "-t", to])
            .arg(&path)
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&noisy.stderr);
        let line = format!("{}: analysis stripped: {note}\n", path.display());
        assert!(stderr.contains(&line), "{name}: {stderr}");
    }
    let bad = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["convert", "--analysis", "as=katrain", "-t", "sgf"])
        .arg(fixture("sabaki.sgf"))
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown program \"katrain\" for --analysis as=: give one of lizzie, sabaki, ogatak, shogihome, kif, floodgate, katago"));
}

/// `--analysis` on split, merge and filter -o too.
#[test]
fn every_writing_command_takes_analysis() {
    let dir = std::env::temp_dir().join(format!("kifu-analysis-cmds-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(args)
            .output()
            .expect("runs");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    let sabaki = fixture("sabaki.sgf");
    let sabaki = sabaki.to_str().expect("a UTF-8 path");
    let ogatak = fixture("ogatak.sgf");
    let ogatak = ogatak.to_str().expect("a UTF-8 path");
    let merged = dir.join("m.sgf");
    let merged = merged.to_str().expect("a UTF-8 path");
    let stderr = run(&[
        "merge",
        "--analysis",
        "as=sabaki",
        "-o",
        merged,
        sabaki,
        ogatak,
    ]);
    assert!(
        stderr.contains("no place for their score: left out of 4 evaluation(s)"),
        "{stderr}"
    );
    let text = std::fs::read_to_string(merged).expect("written");
    assert_eq!(text.matches("SBKV[").count(), 7, "{text}");
    assert!(!text.contains("OGSC"), "{text}");
    let filtered = dir.join("f.sgf");
    let filtered = filtered.to_str().expect("a UTF-8 path");
    let stderr = run(&[
        "filter",
        "--moves",
        "1..",
        "--analysis",
        "strip",
        "-o",
        filtered,
        sabaki,
    ]);
    assert!(
        stderr.contains(&format!(
            "{filtered}: analysis stripped: 4 evaluation(s), 35 byte(s)"
        )),
        "{stderr}"
    );
    assert!(!std::fs::read_to_string(filtered)
        .expect("written")
        .contains("SBKV"));
    let split = dir.join("s");
    let split = split.to_str().expect("a UTF-8 path");
    let stderr = run(&["split", "--analysis", "strip", "--out-dir", split, ogatak]);
    assert!(
        stderr.contains(&format!(
            "{ogatak}: analysis stripped: 4 evaluation(s), 69 byte(s)"
        )),
        "{stderr}"
    );
    let one = std::fs::read_to_string(dir.join("s/ogatak-0001.sgf")).expect("written");
    assert!(!one.contains("OGSC") && !one.contains("SBKV"), "{one}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The cshogi case (#35 point 6): engine lines between the moves of a KIF, a KI2
/// and a CSA record: each validates with no diagnostic and converts with every move.
#[test]
fn no_move_is_lost_on_an_engine_line() {
    let dir = std::env::temp_dir().join(format!("kifu-analysis-moves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let ki2 = dir.join("engine.ki2u");
    std::fs::write(
        &ki2,
        "手合割：平手\n\n▲７六歩\n**対局 評価値 45 読み筋 △３四歩 ▲２六歩 \n△３四歩\n**対局 深さ 2 評価値 -30 読み筋 ▲２六歩 \n▲２六歩\n*#評価値=12\n△８四歩\nまで4手\n",
    )
    .expect("writes");
    let csa = dir.join("engine.csa");
    std::fs::write(
        &csa,
        "V2.2\nPI\n+\n+7776FU\n'** 45 -3334FU\n-3334FU\n'** -30 +2726FU\n+2726FU\n'*#評価値=12\n-8384FU\n",
    )
    .expect("writes");
    for path in [fixture("kif_engine.kifu"), ki2.clone(), csa.clone()] {
        let run = |args: &[&str]| {
            Command::new(env!("CARGO_BIN_EXE_kifu"))
                .args(args)
                .arg(&path)
                .output()
                .expect("runs")
        };
        let v = run(&["validate"]);
        assert_eq!(v.status.code(), Some(0));
        assert_eq!(
            String::from_utf8_lossy(&v.stdout).trim_end(),
            format!(
                "{}: ok (1 game(s), 0 error(s), 0 warning(s))",
                path.display()
            )
        );
        let c = run(&["convert", "-t", "usi"]);
        assert_eq!(c.status.code(), Some(0));
        assert_eq!(
            String::from_utf8_lossy(&c.stdout),
            "position startpos moves 7g7f 3c3d 2g2f 8c8d\n",
            "{}",
            path.display()
        );
        let (read, _) = read_as(
            &std::fs::read(&path).expect("reads"),
            match path.extension().and_then(|e| e.to_str()) {
                Some("csa") => "csa",
                Some("ki2u") => "ki2",
                _ => "kif",
            },
        );
        assert!(all(&read).len() >= 3, "{}", path.display());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Lines of `bytes` that start with `prefix`, counted on the raw file.
fn raw_lines(bytes: &[u8], prefix: &[u8]) -> usize {
    bytes
        .split(|&b| b == b'\n')
        .filter(|l| l.starts_with(prefix))
        .count()
}

/// Every real file in `corpus/analysis` (#35): every evaluation line is read as an
/// evaluation (counted against the lines of the file), none is kept as text, and
/// `--analysis strip` gives a file with none left and the same moves.
#[test]
fn real_files_read_every_evaluation_line_and_strip_to_the_same_moves() {
    let Some(dir) = corpus::path("analysis/shogi/muzudho-kif-parser") else {
        return;
    };
    let kif = dir.join("20211002_223506_KifuwarabeW31B22vsKifuwarabeW31B22[shogigui].kif");
    let csa = {
        let nested = dir.join("docs/examples/csa/[floodgate]wdoor+floodgate-300-10F+Titanda_L+SILENT_MAJORITY_sf170225_6950XEE+20170302210003.csa");
        if nested.exists() {
            nested
        } else {
            dir.join("[floodgate]wdoor+floodgate-300-10F+Titanda_L+SILENT_MAJORITY_sf170225_6950XEE+20170302210003.csa")
        }
    };
    // `**対局` in Shift_JIS; `'**`.
    for (path, prefix, format, count) in [
        (&kif, &b"**\x91\xce\x8b\xc7"[..], "kif", 281),
        (&csa, &b"'**"[..], "csa", 255),
    ] {
        let bytes = std::fs::read(path).expect("reads");
        let raw = raw_lines(&bytes, prefix);
        assert_eq!(raw, count, "{}", path.display());
        let c = read(path);
        assert_eq!(
            all(&c).len(),
            raw,
            "{}: every line an evaluation",
            path.display()
        );
        assert_eq!(kept_as_text(path), Vec::<String>::new());
        assert!(
            comment_lines(&c).iter().all(|l| !l.starts_with('*')),
            "{}",
            path.display()
        );
        // Written back in the same convention (and the file's encoding): the same
        // lines, byte for byte.
        let written = kifu::write_with(
            &c,
            kifu::formats::by_name(format).expect("a format"),
            None,
            &WriteOptions::default(),
        )
        .expect("writes");
        assert!(written.losses.is_empty(), "{:?}", written.losses);
        let engine_lines = |b: &[u8]| -> Vec<Vec<u8>> {
            b.split(|&x| x == b'\n')
                .filter(|l| l.starts_with(prefix))
                .map(|l| l.strip_suffix(b"\r").unwrap_or(l).to_vec())
                .collect()
        };
        assert_eq!(
            engine_lines(&written.bytes),
            engine_lines(&bytes),
            "{}",
            path.display()
        );
        let ours: &[u8] = if format == "kif" {
            "**対局".as_bytes()
        } else {
            b"'**"
        };
        // Stripped: none left, the same moves.
        let usi = |args: &[&str], input: &Path| {
            let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
                .args(args)
                .arg(input)
                .output()
                .expect("runs");
            assert_eq!(out.status.code(), Some(0));
            out.stdout
        };
        let stripped = usi(
            &[
                "convert",
                "-q",
                "--analysis",
                "strip",
                "--output-encoding",
                "utf-8",
                "-t",
                format,
            ],
            path,
        );
        let (s, _) = read_as(&stripped, format);
        assert!(all(&s).is_empty());
        assert_eq!(raw_lines(&stripped, ours), 0);
        let out = std::env::temp_dir().join(format!(
            "kifu-analysis-strip-{}.{format}",
            std::process::id()
        ));
        std::fs::write(&out, &stripped).expect("writes");
        let after = usi(&["convert", "-t", "usi"], &out);
        let _ = std::fs::remove_file(&out);
        assert_eq!(
            after,
            usi(&["convert", "-t", "usi"], path),
            "{}",
            path.display()
        );
    }
}

/// Sabaki writes `SBKV` on any analysed node, the root among them: Black's win rate
/// needs no mover. Lizzie's `LZ` (the mover's rate) on the root stays a property.
#[test]
fn sabaki_on_the_root_is_read_and_lizzie_there_is_kept() {
    let sgf = "(;FF[4]CA[UTF-8]GM[1]SZ[19]SBKV[50.5]\n;B[pd]SBKV[48])\n";
    let (c, diags) = read_as(sgf.as_bytes(), "sgf");
    assert!(diags.is_empty(), "{diags:?}");
    let rates: Vec<Option<f64>> = all(&c).iter().map(|e| e.winrate).collect();
    assert_eq!(rates, vec![Some(0.505), Some(0.48)]);
    assert_eq!(write(&c, "sgf", AnalysisMode::Keep).0, sgf);
    let (c, diags) = read_as(b"(;GM[1]FF[4]SZ[19]LZ[0.7.4 50.0 10])", "sgf");
    assert!(all(&c).is_empty());
    assert_eq!(
        diags.iter().map(|d| d.message.as_str()).collect::<Vec<_>>(),
        vec!["LZ[0.7.4 50.0 10] is kept as a property: the node has no move, and the value is the mover's"]
    );
}
