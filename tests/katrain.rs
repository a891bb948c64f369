//! KaTrain's `KT` (#35): read as evaluations (the JSON's root and its candidates),
//! written back byte for byte with `--analysis keep`, converted with `as=lizzie`
//! (the grids reported lost), stripped, and kept as written with a warning when it
//! does not decode. Every `KT` here is built by the test from JSON with flate2.

use std::io::Write;

use kifu::formats::analysis::writing::{AnalysisMode, Program};
use kifu::formats::WriteOptions;
use kifu::model::{Collection, Convention, Evaluation};
use kifu::text::TextEncoding;

/// Standard padded base64.
fn encode64(data: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in data.chunks(3) {
        let v = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &b)| acc | u32::from(b) << (16 - 8 * i));
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(char::from(A[(v >> (18 - 6 * k) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// base64 of gzip of `data`, as KaTrain writes each `KT` value.
fn packed(data: &[u8]) -> String {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(data).expect("writes");
    encode64(&gz.finish().expect("finishes"))
}

const JSON: &str = r#"{"root":{"winrate":0.45,"scoreLead":-1.5,"visits":500},"moves":{"D16":{"move":"D16","visits":300,"winrate":0.44,"scoreLead":-1.7,"pv":["D16","Q3"],"order":0},"Q3":{"move":"Q3","visits":150,"winrate":0.47,"scoreLead":-1.2,"pv":["Q3"],"order":1}},"completed":true}"#;

/// `KT[…][…][…]` for `json`, with small grids.
fn kt(json: &str) -> String {
    format!(
        "KT[{}][{}][{}]",
        packed(&[0; 722]),
        packed(&[0; 724]),
        packed(json.as_bytes())
    )
}

fn sgf(kt: &str) -> String {
    format!("(;GM[1]FF[4]SZ[19]KTV[1.0];B[pd]{kt};W[dd])")
}

fn read(text: &str) -> (Collection, Vec<String>) {
    let out = kifu::read(&kifu::Input {
        bytes: text.as_bytes().into(),
        path: None,
        format: kifu::formats::by_name("sgf"),
        encoding: None,
    })
    .expect("the format is known");
    assert!(!out.has_errors(), "{:?}", out.parsed.diagnostics);
    let diags = out
        .parsed
        .diagnostics
        .iter()
        .map(|d| format!("{}: {}", d.code, d.message))
        .collect();
    (out.parsed.collection, diags)
}

fn write(c: &Collection, mode: AnalysisMode) -> (String, Vec<String>) {
    let out = kifu::write_with(
        c,
        kifu::formats::by_name("sgf").expect("sgf"),
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

fn node_evaluations(c: &Collection, node: usize) -> Vec<Evaluation> {
    c.games[0]
        .tree
        .iter()
        .nth(node)
        .map(|(_, n)| n.analysis.to_vec())
        .expect("the node")
}

#[test]
fn kt_reads_as_the_json_says() {
    let (c, diags) = read(&sgf(&kt(JSON)));
    assert_eq!(diags, Vec::<String>::new());
    let e = node_evaluations(&c, 1);
    let line = |e: &Evaluation| {
        (
            e.rank,
            e.winrate,
            e.score,
            e.visits,
            e.pv.clone(),
            e.engine.clone(),
            e.convention,
        )
    };
    let katago = Some("KataGo".to_string());
    let kt = Some(Convention::KaTrain);
    assert_eq!(
        e.iter().map(line).collect::<Vec<_>>(),
        vec![
            (
                None,
                Some(0.45),
                Some(-1.5),
                Some(500),
                vec![],
                katago.clone(),
                kt
            ),
            (
                Some(1),
                Some(0.44),
                Some(-1.7),
                Some(300),
                vec!["D16".to_string(), "Q3".to_string()],
                katago.clone(),
                kt
            ),
            (
                Some(2),
                Some(0.47),
                Some(-1.2),
                Some(150),
                vec!["Q3".to_string()],
                katago,
                kt
            ),
        ]
    );
    assert!(node_evaluations(&c, 0).is_empty());
}

#[test]
fn kt_is_written_back_byte_for_byte() {
    let value = kt(JSON);
    let (c, _) = read(&sgf(&value));
    let (text, losses) = write(&c, AnalysisMode::Keep);
    assert_eq!(losses, Vec::<String>::new());
    assert!(text.contains(&value), "{text}");
    assert!(text.contains("KTV[1.0]"), "{text}");
    assert!(!text.contains("LZ["), "{text}");
    let (again, _) = read(&text);
    assert_eq!(node_evaluations(&again, 1), node_evaluations(&c, 1));
    assert_eq!(write(&again, AnalysisMode::Keep).0, text);
}

#[test]
fn kt_as_lizzie_keeps_what_lz_holds_and_reports_the_rest() {
    let (c, _) = read(&sgf(&kt(JSON)));
    let (text, losses) = write(&c, AnalysisMode::As(Program::Lizzie));
    assert!(!text.contains("KT"), "{text}");
    assert!(
        text.contains("LZ[0.7.4 45.0 500\nmove D16 visits 300 winrate 5600 scoreMean 1.7 pv D16 Q3 info move Q3 visits 150 winrate 5300 scoreMean 1.2 pv Q3 info ]"),
        "{text}"
    );
    assert_eq!(
        losses,
        [
            "sgf writes KaTrain's evaluations in another convention, which has no place for KaTrain's ownership and policy grids: 1 KT property left out, the first at move 1",
            "sgf writes the engine evaluations as lizzie, which has no place for their engine: left out of 3 evaluation(s), the first at move 1",
            "sgf writes the engine evaluations as lizzie, which has no place for their score: left out of 1 evaluation(s), the first at move 1",
        ]
    );
}

#[test]
fn kt_strip_takes_kt_and_ktv_out() {
    let (c, _) = read(&sgf(&kt(JSON)));
    let (text, losses) = write(&c, AnalysisMode::Strip);
    assert!(!text.contains("KT"), "{text}");
    assert_eq!(losses, Vec::<String>::new());
    assert_eq!(text, "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[pd];W[dd])\n");
}

#[test]
fn corrupt_kt_stays_a_property_with_a_warning() {
    let good = kt(JSON);
    let bomb = format!(
        "KT[{}][{}][{}]",
        packed(&vec![0; 1 << 20]),
        packed(&[0; 724]),
        packed(JSON.as_bytes())
    );
    let bad_json = kt("{\"root\":{}}");
    let bad_gzip = good.replacen("KT[", &format!("KT[{}][", encode64(b"not gzip data")), 1);
    let bad_gzip = {
        // Three values still: drop the last.
        let cut = bad_gzip.rfind('[').expect("a value");
        bad_gzip[..cut].to_string()
    };
    let bad_base64 = good.replacen("KT[H", "KT[!", 1);
    for (value, why) in [
        (
            &bad_base64,
            "byte 0: the ownership value is not standard base64",
        ),
        (&bad_gzip, "byte 0: the ownership value is not gzip data"),
        (
            &bad_json,
            "byte 0: the analysis value is not KataGo's analysis JSON",
        ),
        (
            &bomb,
            "byte 0: the ownership value decompresses to more than 64 times its size or 8 MiB",
        ),
    ] {
        let (c, diags) = read(&sgf(value));
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(
            diags[0].starts_with("analysis::kept-as-text: KT[")
                && diags[0].ends_with(&format!(
                    "] is kept as a property: it does not read in KaTrain's layout ({why})"
                )),
            "{diags:?}"
        );
        assert!(node_evaluations(&c, 1).is_empty());
        let (text, losses) = write(&c, AnalysisMode::Keep);
        assert_eq!(losses, Vec::<String>::new());
        assert!(text.contains(value.as_str()), "{text}");
    }
}

/// `validate` replays each KaTrain candidate's variation as it does Lizzie's.
#[test]
fn validate_replays_kt_variations() {
    let json = JSON.replace(r#""pv":["Q3"]"#, r#""pv":["Q3","Q16"]"#);
    let dir = std::env::temp_dir().join(format!("kifu-katrain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("kt.sgf");
    std::fs::write(&path, sgf(&kt(&json))).expect("writes");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("validate")
        .arg(&path)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr).replace(&*path.to_string_lossy(), "F");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        stderr.lines().next(),
        Some("F:1:27: warning[analysis::pv-illegal]: evaluation 3 (KataGo): principal variation move 2 of 2, \"Q16\", is illegal: black plays at Q16, where a black stone stands (move 1)")
    );
    assert_eq!(stderr.matches("warning[").count(), 1, "{stderr}");
    assert_eq!(out.status.code(), Some(0));
}
