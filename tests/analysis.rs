//! Engine analysis (#35): the JSON model's `"analysis"` lists, each convention's
//! parse/write pair on our own fixtures (`fixtures/analysis/`) and on the real files
//! in `../shared/corpus/analysis/`, and no move lost on a KIF engine line.

use std::path::{Path, PathBuf};
use std::process::Command;

use kifu::formats::analysis::{comments, go, properties, shogi};
use kifu::formats::WriteOptions;
use kifu::internals::json;
use kifu::model::{Collection, Color, Convention, Evaluation, Node};

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

/// Every node of every game with the colour of its move (nodes without one skipped).
fn moves(c: &Collection) -> Vec<(Color, Node)> {
    c.games
        .iter()
        .flat_map(|g| g.tree.iter())
        .filter_map(|(_, n)| n.mv.map(|m| (m.color(), n.clone())))
        .collect()
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

/// The values of one private SGF property on each node that has it.
fn property(c: &Collection, key: &str) -> Vec<(Color, String)> {
    moves(c)
        .into_iter()
        .filter_map(|(color, n)| {
            n.extras
                .get(&format!("sgf:{key}"))
                .and_then(|v| v.first().cloned())
                .map(|v| (color, v))
        })
        .collect()
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

#[test]
fn json_analysis_written_to_csa_is_a_reported_loss() {
    let dir = std::env::temp_dir().join(format!("kifu-analysis-loss-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("an.json");
    std::fs::write(
        &path,
        r#"{"version":1,"games":[{"kind":"shogi","info":{"shogi_start":{"preset":"even"}},"tree":{"nodes":[{"children":[1]},{"move":{"shogi":{"color":"black","from":[7,7],"to":[7,6],"piece":"pawn"}},"analysis":[{"score":45,"pv":["+7776FU"],"convention":"floodgate"}]}]}}]}"#,
    )
    .expect("writes");
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["convert", "-t", "csa"])
        .arg(&path)
        .output()
        .expect("runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "[loss::analysis] csa has no place for the engine evaluation at move 1: \"1 evaluation(s)\""
        ),
        "{stderr}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("+\n+7776FU\n"));
}

#[test]
fn lizzie_lz_values_parse_and_write_back() {
    let values = property(&read(&fixture("lizzie.sgf")), "LZ");
    assert_eq!(values.len(), 4);
    let evals: Vec<Evaluation> = values
        .iter()
        .map(|(mover, v)| go::parse_lz(v, *mover).expect(v))
        .collect();
    // The first: Black's own 52.1 %, 1500 playouts, the best candidate's line.
    assert_eq!(evals[0].winrate, Some(52.1 / 100.0));
    assert_eq!(evals[0].visits, Some(1500));
    assert_eq!(evals[0].pv, vec!["D4", "Q16", "Q3"]);
    // The second: White moved, so Black's rate is the rest; `2.3k` playouts.
    assert_eq!(evals[1].winrate, Some(1.0 - 46.8 / 100.0));
    assert_eq!(evals[1].visits, Some(2300));
    assert_eq!(evals[1].pv, vec!["Q16", "D16"]);
    assert!(evals[2].pv.is_empty());
    assert_eq!(evals[3].pv, vec!["pass", "C3"]);
    // Lizzie's own layout (one candidate, `%.1f`) comes back byte for byte; the
    // second value's other candidate and extra keys are not mapped.
    for i in [0, 2, 3] {
        assert_eq!(
            go::write_lz(&evals[i], values[i].0),
            Some(values[i].1.clone())
        );
    }
    assert_ne!(
        go::write_lz(&evals[1], values[1].0),
        Some(values[1].1.clone())
    );
    for ((mover, _), e) in values.iter().zip(&evals) {
        let text = go::write_lz(e, *mover).expect("has rate and visits");
        assert_eq!(go::parse_lz(&text, *mover).as_ref(), Ok(e), "{text}");
    }
}

#[test]
fn sabaki_sbkv_values_parse_and_write_back() {
    let values = property(&read(&fixture("sabaki.sgf")), "SBKV");
    let rates: Vec<Option<f64>> = values
        .iter()
        .map(|(_, v)| go::parse_sbkv(v).expect(v).winrate)
        .collect();
    assert_eq!(
        rates,
        vec![Some(48.37 / 100.0), Some(0.51), Some(0.0), Some(1.0)]
    );
    for (_, v) in &values {
        let e = go::parse_sbkv(v).expect(v);
        let text = go::write_sbkv(&e).expect("has a rate");
        assert_eq!(&text, v, "Sabaki's own values come back as written");
        assert_eq!(go::parse_sbkv(&text), Ok(e));
    }
}

#[test]
fn ogatak_pairs_parse_and_write_back() {
    let c = read(&fixture("ogatak.sgf"));
    let mut count = 0;
    for (_, n) in moves(&c) {
        let Some(ogsc) = n.extras.get("sgf:OGSC").and_then(|v| v.first()) else {
            continue;
        };
        let sbkv = n.extras.get("sgf:SBKV").and_then(|v| v.first());
        let e = go::parse_ogatak(sbkv.map(String::as_str), ogsc).expect(ogsc);
        assert_eq!(e.convention, Some(Convention::Ogatak));
        let (s, o) = go::write_ogatak(&e).expect("has a score");
        // Ogatak's own values come back as written.
        assert_eq!((s.as_ref(), &o), (sbkv, ogsc));
        assert_eq!(go::parse_ogatak(s.as_deref(), &o), Ok(e), "{s:?} {o}");
        count += 1;
    }
    assert_eq!(count, 4);
    let last = go::parse_ogatak(None, "-12.3").expect("parses");
    assert_eq!((last.score, last.winrate), (Some(-12.3), None));
}

#[test]
fn shogihome_comments_parse_and_write_back() {
    let c = read(&fixture("shogihome.kifu"));
    let mut evals = Vec::new();
    for (_, n) in moves(&c) {
        let comment = n.comment.clone().unwrap_or_default();
        if let Some(e) = shogi::parse_shogihome(&comment).expect(&comment) {
            let ours: Vec<&str> = comment
                .split('\n')
                .filter(|l| shogi::is_shogihome_line(l))
                .collect();
            assert_eq!(shogi::write_shogihome(&e), ours.join("\n"));
            evals.push(e);
        }
    }
    assert_eq!(evals.len(), 3);
    assert_eq!(evals[0].score, Some(58.0));
    assert_eq!(evals[0].engine.as_deref(), Some("Engine A"));
    assert_eq!(evals[0].pv, vec!["△３四歩", "▲２六歩", "△８四歩"]);
    assert_eq!(evals[1].pv, vec!["▲２二角成(88)", "△同　銀"]);
    assert_eq!((evals[2].mate, evals[2].score), (Some(-9), None));
}

/// The KIF engine lines of a collection (as the model holds them).
fn kif_engine_lines(c: &Collection) -> Vec<String> {
    comment_lines(c)
        .into_iter()
        .filter(|l| ["*対局", "*解析", "*検討"].iter().any(|p| l.starts_with(p)))
        .collect()
}

#[test]
fn kif_engine_lines_parse_and_write_back() {
    let lines = kif_engine_lines(&read(&fixture("kif_engine.kifu")));
    assert_eq!(lines.len(), 5);
    for line in &lines {
        let e = shogi::parse_kif_line(line).expect(line);
        assert_eq!(&shogi::write_kif_line(&e), line);
    }
    let first = shogi::parse_kif_line(&lines[0]).expect("parses");
    assert_eq!(
        (
            first.time_ms,
            first.depth,
            first.seldepth,
            first.visits,
            first.score
        ),
        (Some(1200), Some(12), Some(24), Some(150_000), Some(45.0))
    );
    assert_eq!(first.pv.len(), 3);
    let study = shogi::parse_kif_line(&lines[3]).expect("parses");
    assert_eq!(
        (study.convention, study.rank),
        (Some(Convention::KifStudy), Some(1))
    );
}

#[test]
fn floodgate_remarks_parse_and_write_back() {
    let lines: Vec<String> = comment_lines(&read(&fixture("floodgate.csa")));
    assert_eq!(lines.len(), 4);
    let evals: Vec<Evaluation> = lines
        .iter()
        .map(|l| shogi::parse_floodgate(l).expect(l))
        .collect();
    for (line, e) in lines.iter().zip(&evals) {
        assert_eq!(shogi::write_floodgate(e).as_ref(), Some(line));
    }
    let scores: Vec<Option<f64>> = evals.iter().map(|e| e.score).collect();
    assert_eq!(
        scores,
        vec![Some(30.0), Some(-12.0), Some(0.0), Some(1000.0)]
    );
    assert_eq!(evals[1].pv, vec!["+2726FU", "-8384FU", "+2625FU"]);
}

/// Lines of `bytes` that start with `prefix`, counted on the raw file.
fn raw_lines(bytes: &[u8], prefix: &[u8]) -> usize {
    bytes
        .split(|&b| b == b'\n')
        .filter(|l| l.starts_with(prefix))
        .count()
}

#[test]
fn real_shogigui_kif_engine_lines_all_parse() {
    let Some(dir) = corpus::path("analysis/shogi/muzudho-kif-parser") else {
        return;
    };
    let path = dir.join("20211002_223506_KifuwarabeW31B22vsKifuwarabeW31B22[shogigui].kif");
    let bytes = std::fs::read(&path).expect("reads");
    // `**対局` in Shift_JIS.
    let raw = raw_lines(&bytes, b"**\x91\xce\x8b\xc7");
    assert_eq!(raw, 281);
    let c = read(&path);
    let lines = kif_engine_lines(&c);
    assert_eq!(lines.len(), raw, "every engine line reaches the model");
    for line in &lines {
        let e = shogi::parse_kif_line(line).expect(line);
        assert_eq!(e.convention, Some(Convention::KifGame));
        assert_eq!(
            &shogi::write_kif_line(&e),
            line,
            "written back byte for byte"
        );
    }
    // One engine line after each move: none of the moves is lost.
    assert_eq!(moves(&c).len(), raw);
}

#[test]
fn real_floodgate_remarks_all_parse() {
    let Some(dir) = corpus::path("analysis/shogi/muzudho-kif-parser") else {
        return;
    };
    let path = dir.join(
        "docs/examples/csa/[floodgate]wdoor+floodgate-300-10F+Titanda_L+SILENT_MAJORITY_sf170225_6950XEE+20170302210003.csa",
    );
    let path = if path.exists() {
        path
    } else {
        dir.join("[floodgate]wdoor+floodgate-300-10F+Titanda_L+SILENT_MAJORITY_sf170225_6950XEE+20170302210003.csa")
    };
    let bytes = std::fs::read(&path).expect("reads");
    let raw = raw_lines(&bytes, b"'**");
    assert_eq!(raw, 255);
    let lines: Vec<String> = comment_lines(&read(&path))
        .into_iter()
        .filter(|l| l.starts_with("* "))
        .collect();
    assert_eq!(lines.len(), raw);
    let mut with_pv = 0;
    for line in &lines {
        let e = shogi::parse_floodgate(line).expect(line);
        assert_eq!(shogi::write_floodgate(&e).as_ref(), Some(line));
        with_pv += usize::from(!e.pv.is_empty());
    }
    assert!(with_pv > 0 && with_pv < raw, "{with_pv}");
}

/// The cshogi case (#35 point 6): a KIF with `**対局 … 評価値 … 読み筋 …` lines between
/// the moves validates and converts with every move.
#[test]
fn no_move_is_lost_on_a_kif_engine_line() {
    let path = fixture("kif_engine.kifu");
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
        "position startpos moves 7g7f 3c3d 2g2f 8c8d\n"
    );
}

/// Lifts a file's shogi analysis comments into evaluations, checks how many and that
/// no analysis line is left in a comment, lowers them back and checks the collection
/// is what was read.
fn lift_and_lower(path: &Path, shapes: comments::Shapes, expected: usize) {
    let original = read(path);
    let mut c = original.clone();
    let made: usize = c
        .games
        .iter_mut()
        .map(|g| comments::lift(&mut g.tree, shapes))
        .sum();
    assert_eq!(made, expected, "{}", path.display());
    let evaluations: usize = c
        .games
        .iter()
        .flat_map(|g| g.tree.iter())
        .map(|(_, n)| n.analysis.len())
        .sum();
    assert_eq!(evaluations, expected);
    let left: Vec<String> = comment_lines(&c)
        .into_iter()
        .filter(|l| {
            shogi::parse_kif_line(l).is_ok()
                || shogi::parse_floodgate(l).is_ok()
                || shogi::is_shogihome_line(l)
        })
        .collect();
    assert!(left.is_empty(), "{left:?}");
    let lowered: usize = c
        .games
        .iter_mut()
        .map(|g| comments::lower(&mut g.tree))
        .sum();
    assert_eq!(lowered, expected);
    assert_eq!(c, original, "{}", path.display());
}

#[test]
fn shogi_analysis_comments_lift_and_lower_back() {
    lift_and_lower(&fixture("kif_engine.kifu"), comments::KIF, 5);
    lift_and_lower(&fixture("shogihome.kifu"), comments::KIF, 3);
    lift_and_lower(&fixture("floodgate.csa"), comments::CSA, 4);
    let Some(dir) = corpus::path("analysis/shogi/muzudho-kif-parser") else {
        return;
    };
    lift_and_lower(
        &dir.join("20211002_223506_KifuwarabeW31B22vsKifuwarabeW31B22[shogigui].kif"),
        comments::KIF,
        281,
    );
    lift_and_lower(
        &dir.join("[floodgate]wdoor+floodgate-300-10F+Titanda_L+SILENT_MAJORITY_sf170225_6950XEE+20170302210003.csa"),
        comments::CSA,
        255,
    );
}

/// Lifts a file's Go analysis properties into evaluations, checks how many, lowers
/// them back and checks the collection is what was read.
fn lift_and_lower_properties(name: &str, expected: usize, left: usize) {
    let original = read(&fixture(name));
    let mut c = original.clone();
    let made: usize = c
        .games
        .iter_mut()
        .map(|g| properties::lift(&mut g.tree))
        .sum();
    assert_eq!(made, expected, "{name}");
    let kept: usize = c
        .games
        .iter()
        .flat_map(|g| g.tree.iter())
        .map(|(_, n)| n.extras.0.len())
        .sum();
    assert_eq!(kept, left, "{name}: properties left as they were");
    let lowered: usize = c
        .games
        .iter_mut()
        .map(|g| properties::lower(&mut g.tree))
        .sum();
    assert_eq!(lowered, expected);
    assert_eq!(c, original, "{name}");
}

#[test]
fn go_analysis_properties_lift_and_lower_back() {
    // Lizzie's second value (a second candidate, prior and lcb) is not lifted.
    lift_and_lower_properties("lizzie.sgf", 3, 1);
    lift_and_lower_properties("sabaki.sgf", 4, 0);
    lift_and_lower_properties("ogatak.sgf", 4, 0);
}
