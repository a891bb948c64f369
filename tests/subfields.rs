//! An unreadable sub-field never takes its move with it (issue #32, point 6): for
//! each reader, a record with one bad field on a move reads the same number of moves
//! as the record without it, says exactly what it could not read, and (where the
//! format is writable) keeps the field's text through a same-format conversion.

use std::path::Path;

use kifu::diag::Severity;
use kifu::model::Collection;

/// Reads `bytes` as a file named `name`.
fn read(name: &str, bytes: &[u8]) -> kifu::ReadOutcome {
    kifu::read(&kifu::Input {
        bytes: bytes.into(),
        path: Some(Path::new(name)),
        format: None,
        encoding: None,
    })
    .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The moves of every game, in every line.
fn moves(c: &Collection) -> usize {
    c.games
        .iter()
        .map(|g| g.tree.iter().filter(|(_, n)| n.mv.is_some()).count())
        .sum()
}

/// Each diagnostic as (severity, code, line of its span's start, move number).
fn diags(o: &kifu::ReadOutcome) -> Vec<(Severity, String, usize, Option<u32>)> {
    let text = o.text.as_deref().unwrap_or("");
    o.parsed
        .diagnostics
        .iter()
        .map(|d| {
            let line = text
                .get(..d.span.start.min(text.len()))
                .map_or(0, |t| t.matches('\n').count() + 1);
            (d.severity, d.code.to_string(), line, d.move_number)
        })
        .collect()
}

/// Writes the collection in the format it was read as (UTF-8).
fn write_back(o: &kifu::ReadOutcome) -> String {
    let out = kifu::write(
        &o.parsed.collection,
        o.format,
        Some(kifu::text::TextEncoding::UTF_8),
        None,
    )
    .expect("writes");
    String::from_utf8(out.bytes).expect("UTF-8")
}

const KIF_GOOD: &str = "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:07/00:00:07)\n   2 ３四歩(33)   ( 0:01/00:00:01)\n   3 ２六歩(27)   ( 0:02/00:00:09)\n   4 投了\n";

#[test]
fn kif_time_column_81dojo_style_keeps_the_move_and_its_text() {
    let good = read("g.kif", KIF_GOOD.as_bytes());
    assert_eq!(moves(&good.parsed.collection), 3);
    assert_eq!(diags(&good), vec![]);
    let bad_text = KIF_GOOD.replace("( 0:07/00:00:07)", "( 0:7/)");
    let bad = read("g.kif", bad_text.as_bytes());
    assert_eq!(moves(&bad.parsed.collection), 3);
    assert_eq!(
        diags(&bad),
        vec![(Severity::Error, "kif::bad-time".to_string(), 5, Some(1))]
    );
    let d = &bad.parsed.diagnostics[0];
    assert_eq!(
        d.message,
        "cannot read the time \" 0:7/\": the move is kept, and the time as written"
    );
    assert_eq!(
        bad.text
            .as_deref()
            .and_then(|t| t.get(d.span.start..d.span.end)),
        Some("( 0:7/)")
    );
    // KIF → KIF writes the column back as it was; the other times are kept too.
    let out = write_back(&bad);
    assert!(
        out.contains("\n   1 ７六歩(77)   ( 0:7/)\n   2 ３四歩(33)   ( 0:01/00:00:01)\n"),
        "{out}"
    );
    let again = read("g.kif", out.as_bytes());
    assert_eq!(moves(&again.parsed.collection), 3);
    assert_eq!(write_back(&again), out);
}

#[test]
fn kif_time_column_without_its_parenthesis_keeps_the_move() {
    let bad_text = KIF_GOOD.replace("( 0:01/00:00:01)", "( 0:01/00:00");
    let bad = read("g.kif", bad_text.as_bytes());
    assert_eq!(moves(&bad.parsed.collection), 3);
    assert_eq!(
        diags(&bad),
        vec![(Severity::Error, "kif::bad-time".to_string(), 6, Some(2))]
    );
    assert!(write_back(&bad).contains("\n   2 ３四歩(33)   ( 0:01/00:00\n"));
}

#[test]
fn kif_bad_time_on_the_ending_keeps_the_ending() {
    let bad_text = KIF_GOOD.replace("   4 投了\n", "   4 投了         ( 0:x/00:00:01)\n");
    let bad = read("g.kif", bad_text.as_bytes());
    let endings = bad.parsed.collection.games[0]
        .tree
        .iter()
        .filter(|(_, n)| n.ending.is_some())
        .count();
    assert_eq!((moves(&bad.parsed.collection), endings), (3, 1));
    assert_eq!(
        diags(&bad),
        vec![(Severity::Error, "kif::bad-time".to_string(), 8, Some(4))]
    );
    assert!(write_back(&bad).contains("   4 投了         ( 0:x/00:00:01)\n"));
}

const CSA_GOOD: &str = "V2.2\nPI\n+\n+7776FU\nT1\n-3334FU\nT5\n+2726FU\n%TORYO\n";

#[test]
fn csa_time_statement_that_cannot_be_read_keeps_the_move_and_its_text() {
    let good = read("g.csa", CSA_GOOD.as_bytes());
    assert_eq!(moves(&good.parsed.collection), 3);
    assert_eq!(diags(&good), vec![]);
    let bad_text = CSA_GOOD.replace("T1\n", "Tx1\n");
    let bad = read("g.csa", bad_text.as_bytes());
    assert_eq!(moves(&bad.parsed.collection), 3);
    assert_eq!(
        diags(&bad),
        vec![(Severity::Error, "csa::bad-time".to_string(), 5, None)]
    );
    assert_eq!(
        bad.parsed.diagnostics[0].message,
        "cannot read the time \"Tx1\": the move is kept, and the time as written"
    );
    let out = write_back(&bad);
    assert!(out.contains("\n+7776FU,Tx1\n-3334FU,T5\n"), "{out}");
    // Another format reports the statement it has no place for.
    let kif = kifu::write(
        &bad.parsed.collection,
        kifu::formats::by_name("kif").expect("kif"),
        None,
        None,
    )
    .expect("writes");
    assert_eq!(
        kif.losses
            .iter()
            .map(|l| (l.code.name, l.message.as_str()))
            .collect::<Vec<_>>(),
        vec![(
            "loss::extras",
            "kif has no place for the csa:time field at move 1: \"Tx1\""
        )]
    );
}

const JKF_GOOD: &str = r#"{"header":{},"initial":{"preset":"HIRATE"},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},"time":{"now":{"m":0,"s":7},"total":{"h":0,"m":0,"s":7}}},{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"},"comments":["ok"]},{"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"}}]}"#;

#[test]
fn jkf_fields_that_cannot_be_read_keep_the_move_and_their_json() {
    let good = read("g.jkf", JKF_GOOD.as_bytes());
    assert_eq!(moves(&good.parsed.collection), 3);
    assert_eq!(diags(&good), vec![]);
    // Before: a time of another shape read as 0 s, other fields vanished unsaid.
    let bad_text = JKF_GOOD
        .replace(
            r#"{"now":{"m":0,"s":7},"total":{"h":0,"m":0,"s":7}}"#,
            r#"{"now":"0:07"}"#,
        )
        .replace(r#"["ok"]"#, r#"["ok",5]"#)
        .replace(r#""piece":"FU"}}]}"#, r#""piece":"FU"},"eval":-12}]}"#);
    let bad = read("g.jkf", bad_text.as_bytes());
    assert_eq!(moves(&bad.parsed.collection), 3);
    let w = Severity::Warning;
    let code = "jkf::unread-field".to_string();
    assert_eq!(
        diags(&bad),
        vec![
            (w, code.clone(), 1, Some(1)),
            (w, code.clone(), 1, Some(2)),
            (w, code, 1, Some(3))
        ]
    );
    assert_eq!(
        bad.parsed.diagnostics[0].message,
        "cannot read the entry's \"time\" \"{\\\"now\\\":\\\"0:07\\\"}\": the move is kept, and the field as written"
    );
    let nodes = &bad.parsed.collection.games[0].tree;
    assert!(nodes
        .iter()
        .all(|(_, n)| n.time_used_ms().is_none() && n.comment.is_none()));
    // JKF → JKF puts each field back as written.
    let out: serde_json::Value = serde_json::from_str(&write_back(&bad)).expect("JSON");
    assert_eq!(out["moves"][1]["time"], serde_json::json!({"now": "0:07"}));
    assert_eq!(out["moves"][2]["comments"], serde_json::json!(["ok", 5]));
    assert_eq!(out["moves"][3]["eval"], serde_json::json!(-12));
}

const PSQ_GOOD: &str = "Piskvorky 15x15, 0:11, 1\n8,8,0\n9,9,5210\n7,9,3120\n9,7,1500\n";

#[test]
fn psq_time_that_cannot_be_read_keeps_the_move_and_its_text() {
    let good = read("g.psq", PSQ_GOOD.as_bytes());
    assert_eq!(moves(&good.parsed.collection), 4);
    assert_eq!(diags(&good), vec![]);
    // Before, the moves stopped at the bad time: 1 of 4 read.
    for (bad_time, message) in [
        ("52x0", "move 2: cannot read the time \"52x0\" as milliseconds: the move is kept, and the time as written"),
        ("-5", "move 2: cannot read the time \"-5\" as milliseconds: the move is kept, and the time as written"),
    ] {
        let bad_text = PSQ_GOOD.replace("9,9,5210", &format!("9,9,{bad_time}"));
        let bad = read("g.psq", bad_text.as_bytes());
        assert_eq!(moves(&bad.parsed.collection), 4, "{bad_time}");
        assert_eq!(
            diags(&bad),
            vec![(Severity::Warning, "psq::bad-time".to_string(), 3, Some(2))]
        );
        assert_eq!(bad.parsed.diagnostics[0].message, message);
        let out = write_back(&bad);
        assert!(
            out.contains(&format!("\n8,8,0\n9,9,{bad_time}\n7,9,3120\n")),
            "{out}"
        );
    }
}

#[test]
fn sgf_bad_values_on_a_move_node_keep_the_move() {
    let good = "(;GM[1]FF[4]SZ[9];B[aa]BL[10]OB[1];W[bb]TR[cc]LB[dd:x];B[cc]C[ok]MN[3]V[1.5])";
    let bad = "(;GM[1]FF[4]SZ[9];B[aa]BL[xx]OB[y];W[bb]TR[zz]LB[cc];B[cc]C[ok]MN[q]V[w])";
    let g = read("g.sgf", good.as_bytes());
    assert_eq!((moves(&g.parsed.collection), diags(&g)), (3, vec![]));
    let b = read("g.sgf", bad.as_bytes());
    assert_eq!(moves(&b.parsed.collection), 3);
    let d = |c: &str| (Severity::Error, c.to_string(), 1, None);
    assert_eq!(
        diags(&b),
        [
            "sgf::bad-value",
            "sgf::bad-value",
            "sgf::bad-point",
            "sgf::expected-compose",
            "sgf::bad-value",
            "sgf::bad-value",
        ]
        .map(d)
        .to_vec()
    );
    // Every value that cannot be read is kept as a private property and written
    // back (markup whose point cannot be read, TR[zz] and LB[cc], too: it used to be
    // deleted).
    assert!(
        b.parsed
            .diagnostics
            .iter()
            .all(|d| d.message.ends_with("(kept as a private property)")),
        "{:?}",
        b.parsed.diagnostics
    );
    let out = write_back(&b);
    assert!(
        out.contains(";B[aa]BL[xx]OB[y];W[bb]TR[zz]LB[cc];B[cc]C[ok]MN[q]V[w])"),
        "{out}"
    );
}

#[test]
fn gib_and_ugf_move_columns_beyond_the_point_keep_the_move() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let gib = std::fs::read_to_string(root.join("gib/global.gib")).expect("fixture");
    let good = read("g.gib", gib.as_bytes());
    let bad_text = gib.replacen("STO 0 3 1 5 16 ", "STO 0 3 1 5 16 xyz", 1);
    assert_ne!(bad_text, gib);
    let bad = read("g.gib", bad_text.as_bytes());
    assert_eq!(
        moves(&bad.parsed.collection),
        moves(&good.parsed.collection)
    );
    assert_eq!(
        diags(&bad)
            .into_iter()
            .filter(|d| !diags(&good).contains(d))
            .collect::<Vec<_>>(),
        vec![(Severity::Error, "gib::trailing-text".to_string(), 21, None)]
    );
    // Shift_JIS: the time column is replaced in the bytes.
    let ugf = std::fs::read(root.join("ugf/game.ugf")).expect("fixture");
    let good = read("g.ugf", &ugf);
    let (from, to): (&[u8], &[u8]) = (b"\nDD,W1,2,0\n", b"\nDD,W1,2,x7\n");
    let at = ugf
        .windows(from.len())
        .position(|w| w == from)
        .expect("the second move's line");
    let bad_bytes = [&ugf[..at], to, &ugf[at + from.len()..]].concat();
    let bad = read("g.ugf", &bad_bytes);
    // UGF's time column is not read at all (docs/formats/ugf.md): a bad one is
    // neither an error nor a lost move.
    assert_eq!(
        (moves(&bad.parsed.collection), diags(&bad)),
        (moves(&good.parsed.collection), diags(&good))
    );
}

#[test]
fn kiseong_marks_out_of_range_keep_the_moves_and_their_commands() {
    let good = "&[1w&[2;4;16@&[3;16;4@&[2;10;10@&[3;11;11@&[2w";
    let bad = "&[1w&[2;4;16@&[3;16;4@&[1;5;5;99@&[2;10;10@&[11;3;3;77@&[3;11;11@&[2w";
    let g = read("g.kis", good.as_bytes());
    let b = read("g.kis", bad.as_bytes());
    assert_eq!(moves(&g.parsed.collection), 4);
    assert_eq!(moves(&b.parsed.collection), 4);
    let e = |c: &str| (Severity::Error, c.to_string(), 1, None);
    let new: Vec<_> = diags(&b)
        .into_iter()
        .filter(|d| !diags(&g).contains(d))
        .collect();
    assert_eq!(
        new,
        vec![
            e("kiseong::label-out-of-range"),
            e("kiseong::label-out-of-range")
        ]
    );
    let out = write_back(&b).replace("\r\n", "");
    assert!(
        out.contains("&[3;16;4@&[1;5;5;99@&[2;10;10@&[11;3;3;77@&[3;11;11@"),
        "{out}"
    );
}
