//! kifu's own JSON and NDJSON (issue #32, point 6): a key the model does not know, or
//! a field whose value cannot be read, never takes its node (its move) or the
//! document with it. The move count is the good document's, each field is named by a
//! positioned diagnostic (`json::unknown-key`, `json::unread-field`), JSON → JSON
//! writes the field back where it was, and other formats report it as a loss.

use std::path::Path;

use kifu::diag::Severity;
use kifu::model::Collection;

/// Reads `text` as a file named `name`.
fn read(name: &str, text: &str) -> kifu::ReadOutcome {
    kifu::read(&kifu::Input {
        bytes: text.as_bytes().into(),
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

/// Each diagnostic as (severity, code, line, column) of its span's start.
fn diags(o: &kifu::ReadOutcome) -> Vec<(Severity, String, usize, usize)> {
    let text = o.text.as_deref().unwrap_or("");
    let index = kifu::text::LineIndex::new(text);
    o.parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (line, column) = index.line_col_in(text, d.span.start);
            (d.severity, d.code.to_string(), line, column)
        })
        .collect()
}

/// Each diagnostic's move number.
fn move_numbers(o: &kifu::ReadOutcome) -> Vec<Option<u32>> {
    o.parsed.diagnostics.iter().map(|d| d.move_number).collect()
}

/// Writes the collection as `format` (no source), with the losses' codes.
fn write(o: &kifu::ReadOutcome, format: &str) -> (String, Vec<String>) {
    let format = kifu::formats::by_name(format).expect("format");
    let out = kifu::write(&o.parsed.collection, format, None, None).expect("writes");
    let losses = out.losses.iter().map(|l| l.message.clone()).collect();
    (String::from_utf8(out.bytes).expect("UTF-8"), losses)
}

/// A Go game of three moves: a time on the first, a comment on the second, a mark on
/// the third. One object per line, so the positions below are easy to read; the
/// writer's compact document is these lines joined.
const GOOD: &str = r#"{"version":1,"games":[
{"kind":{"go":{"size":{"width":9,"height":9}}},"info":{"black":{"name":"A"}},"tree":{"nodes":[
{"children":[1]},
{"children":[2],"move":{"stone":{"color":"black","point":[0,0]}},"time_used_ms":7000},
{"children":[3],"move":{"stone":{"color":"white","point":[1,1]}},"comment":"ok"},
{"move":{"stone":{"color":"black","point":[2,2]}},"markup":{"symbols":[{"point":[3,3],"shape":"triangle"}]}}
]}}
]}
"#;

/// `GOOD` with `from` replaced by `to` (each exactly once).
fn edit(text: &str, edits: &[(&str, &str)]) -> String {
    let mut out = text.to_string();
    for (from, to) in edits {
        assert_eq!(out.matches(from).count(), 1, "{from}");
        out = out.replace(from, to);
    }
    out
}

/// What the JSON writer gives for a document of this test: its lines joined.
fn compact(text: &str) -> String {
    format!("{}\n", text.replace('\n', ""))
}

#[test]
fn the_good_document_reads_clean_and_writes_back_as_it_came() {
    let good = read("g.json", GOOD);
    assert_eq!(moves(&good.parsed.collection), 3);
    assert_eq!(diags(&good), vec![]);
    assert_eq!(write(&good, "json").0, compact(GOOD));
}

#[test]
fn unknown_keys_on_a_node_the_game_and_its_info_are_kept_and_said() {
    // Before: each key vanished without a word.
    let text = edit(
        GOOD,
        &[
            (r#""name":"A"}}"#, r#""name":"A"},"mood":"calm"}"#),
            (
                r#""time_used_ms":7000}"#,
                r#""time_used_ms":7000,"eval":-12}"#,
            ),
            ("\n]}}\n]}", "\n]},\"server\":{\"id\":7}}\n]}"),
        ],
    );
    let bad = read("g.json", &text);
    assert_eq!(moves(&bad.parsed.collection), 3);
    let w = Severity::Warning;
    let code = "json::unknown-key".to_string();
    assert_eq!(
        diags(&bad),
        vec![
            (w, code.clone(), 2, 77),
            (w, code.clone(), 4, 86),
            (w, code, 7, 4),
        ]
    );
    // A node's diagnostic names its move.
    assert_eq!(move_numbers(&bad), vec![None, Some(1), None]);
    assert_eq!(
        bad.parsed.diagnostics[1].message,
        "the node has a key the model does not know, \"eval\": kept as written (the extra \"json:eval\")"
    );
    let game = &bad.parsed.collection.games[0];
    assert_eq!(
        game.info.extras.get("json:info.mood"),
        Some(&["\"calm\"".to_string()][..])
    );
    assert_eq!(
        game.info.extras.get("json:game.server"),
        Some(&["{\"id\":7}".to_string()][..])
    );
    let node = game.tree.iter().nth(1).expect("node 1").1;
    assert_eq!(node.time_used_ms(), Some(7000));
    assert_eq!(node.extras.get("json:eval"), Some(&["-12".to_string()][..]));
    // JSON → JSON: every key back where it was, byte for byte.
    assert_eq!(write(&bad, "json").0, compact(&text));
    // → SGF: the fields have no place there, and say so.
    let (_, losses) = write(&bad, "sgf");
    assert_eq!(
        losses,
        vec![
            "sgf has no place for the json:info.mood field: \"\\\"calm\\\"\"",
            "sgf has no place for the json:game.server field: \"{\\\"id\\\":7}\"",
            "sgf has no place for the time spent at move 1: \"7000 ms\"",
            "sgf has no place for the json:eval field at move 1: \"-12\"",
        ]
    );
}

#[test]
fn fields_of_the_wrong_type_keep_their_moves_and_their_text() {
    // Before: the whole document was json::invalid, and no move was read.
    let text = edit(
        GOOD,
        &[
            (r#""time_used_ms":7000"#, r#""time_used_ms":"abc""#),
            (r#""comment":"ok""#, r#""comment":5"#),
            (r#""shape":"triangle""#, r#""shape":"star""#),
        ],
    );
    let bad = read("g.json", &text);
    assert_eq!(moves(&bad.parsed.collection), 3);
    // A warning, as jkf::unread-field: the field is kept as written, nothing dropped.
    let e = Severity::Warning;
    let code = "json::unread-field".to_string();
    assert_eq!(
        diags(&bad),
        vec![
            (e, code.clone(), 4, 81),
            (e, code.clone(), 5, 76),
            (e, code, 6, 60),
        ]
    );
    assert_eq!(move_numbers(&bad), vec![Some(1), Some(2), Some(3)]);
    assert_eq!(
        bad.parsed.diagnostics[0].message,
        "cannot read the node's \"time_used_ms\": invalid type: string \"abc\", expected u64; kept as written (the extra \"json:time_used_ms\")"
    );
    let nodes: Vec<_> = bad.parsed.collection.games[0]
        .tree
        .iter()
        .map(|(_, n)| n.clone())
        .collect();
    assert_eq!(nodes[1].time_used_ms(), None);
    assert_eq!(
        nodes[1].extras.get("json:time_used_ms"),
        Some(&["\"abc\"".to_string()][..])
    );
    assert_eq!(nodes[2].comment, None);
    assert_eq!(
        nodes[2].extras.get("json:comment"),
        Some(&["5".to_string()][..])
    );
    assert!(nodes[3].markup.is_empty());
    assert_eq!(
        nodes[3].extras.get("json:markup"),
        Some(&[r#"{"symbols":[{"point":[3,3],"shape":"star"}]}"#.to_string()][..])
    );
    // JSON → JSON gives the document back; reading it again says the same.
    let (out, losses) = write(&bad, "json");
    assert_eq!(out, compact(&text));
    assert_eq!(losses, Vec::<String>::new());
    let again = read("g.json", &out);
    assert_eq!(moves(&again.parsed.collection), 3);
    assert_eq!(again.parsed.diagnostics.len(), 3);
    // → SGF: each is a loss at its move.
    let (_, losses) = write(&bad, "sgf");
    assert_eq!(
        losses,
        vec![
            "sgf has no place for the json:time_used_ms field at move 1: \"\\\"abc\\\"\"",
            "sgf has no place for the json:comment field at move 2: \"5\"",
            "sgf has no place for the json:markup field at move 3: \"{\\\"symbols\\\":[{\\\"point\\\":[3,3],\\\"shape\\\":\\\"star\\\"}]}\"",
        ]
    );
}

#[test]
fn a_game_that_cannot_be_made_leaves_the_others() {
    // A game of an unknown kind is one json::invalid; the game after it is read.
    let game = GOOD
        .strip_prefix("{\"version\":1,\"games\":[\n")
        .and_then(|g| g.strip_suffix("\n]}\n"))
        .expect("one game");
    let other = game.replacen(r#"{"go":{"size":{"width":9,"height":9}}}"#, r#""chess""#, 1);
    let text = format!("{{\"version\":1,\"games\":[\n{other},\n{game}\n]}}\n");
    let read = read("g.json", &text);
    assert_eq!(read.parsed.collection.games.len(), 1);
    assert_eq!(moves(&read.parsed.collection), 3);
    assert_eq!(
        diags(&read),
        vec![(Severity::Error, "json::invalid".to_string(), 2, 15)]
    );
    // Not JSON at all still fails the document.
    let broken = read_text("g.json", &text.replace("\"games\":[", "\"games\":[}"));
    assert_eq!(broken.0, 0);
    assert_eq!(broken.1, vec!["json::syntax".to_string()]);
}

/// Games and diagnostic codes of a read.
fn read_text(name: &str, text: &str) -> (usize, Vec<String>) {
    let o = read(name, text);
    (
        o.parsed.collection.games.len(),
        o.parsed
            .diagnostics
            .iter()
            .map(|d| d.code.to_string())
            .collect(),
    )
}

/// `GOOD`'s game as one NDJSON line.
fn ndjson_line() -> String {
    GOOD.strip_prefix("{\"version\":1,\"games\":[\n")
        .and_then(|g| g.strip_suffix("\n]}\n"))
        .expect("one game")
        .replace('\n', "")
}

#[test]
fn ndjson_lines_keep_their_moves_and_fields() {
    let line = ndjson_line();
    let bad_line = edit(
        &line,
        &[
            (r#""time_used_ms":7000"#, r#""time_used_ms":"abc""#),
            (r#""comment":"ok""#, r#""comment":"ok","eval":-12"#),
            (r#""shape":"triangle""#, r#""shape":"star""#),
            (r#""name":"A"}}"#, r#""name":"A"},"mood":"calm"}"#),
            ("}]}}]}}", r#"}]}}]},"server":{"id":7}}"#),
        ],
    );
    let text = format!("{line}\n{bad_line}\n{line}\n");
    let good = read("g.ndjson", &format!("{line}\n{line}\n{line}\n"));
    assert_eq!(moves(&good.parsed.collection), 9);
    let bad = read("g.ndjson", &text);
    let w = Severity::Warning;
    let unknown = "json::unknown-key".to_string();
    let unread = "json::unread-field".to_string();
    // Before: the second line was one json::invalid, and its game was lost.
    assert_eq!(bad.parsed.collection.games.len(), 3);
    assert_eq!(moves(&bad.parsed.collection), 9);
    assert_eq!(
        diags(&bad),
        vec![
            (w, unknown.clone(), 2, 77),
            (w, unread.clone(), 2, 206),
            (w, unknown.clone(), 2, 293),
            (w, unread, 2, 364),
            (w, unknown, 2, 412),
        ]
    );
    // NDJSON → NDJSON gives the lines back.
    assert_eq!(write(&bad, "ndjson").0, text);
}

#[test]
fn an_unknown_key_inside_a_field_keeps_the_field_read_and_as_written() {
    // Before: "weight" vanished without a word.
    let text = edit(
        GOOD,
        &[(r#""point":[1,1]}}"#, r#""point":[1,1],"weight":2}}"#)],
    );
    let bad = read("g.json", &text);
    assert_eq!(moves(&bad.parsed.collection), 3);
    assert_eq!(
        diags(&bad),
        vec![(Severity::Warning, "json::unknown-key".to_string(), 5, 24)]
    );
    assert_eq!(
        bad.parsed.diagnostics[0].message,
        "the node's \"move\" holds a key the model does not know, \"weight\": the field is read, and kept as written too (the extra \"json:move\")"
    );
    let node = bad.parsed.collection.games[0]
        .tree
        .iter()
        .nth(2)
        .expect("node 2")
        .1
        .clone();
    assert!(node.mv.is_some());
    let kept = r#"{"stone":{"color":"white","point":[1,1],"weight":2}}"#;
    assert_eq!(node.extras.get("json:move"), Some(&[kept.to_string()][..]));
    // The node writes its own "move": the text stays in its extras.
    let (out, _) = write(&bad, "json");
    let expected = edit(
        &compact(GOOD),
        &[(
            r#""comment":"ok"}"#,
            r#""comment":"ok","extras":[{"key":"json:move","values":["{\"stone\":{\"color\":\"white\",\"point\":[1,1],\"weight\":2}}"]}]}"#,
        )],
    );
    assert_eq!(out, expected);
}

#[test]
fn what_is_read_writes_back_and_reads_the_same() {
    // The fuzz target's promise (read, write, read: the same model), with kept fields
    // among extras of the model's own, keys kept on the game before its information,
    // and extras that name a field the model would read.
    let node = r#"{"children":[1]}"#;
    let cases = [
        edit(
            GOOD,
            &[
                (r#""kind":"#, r#""server":1,"kind":"#),
                (r#""name":"A"}}"#, r#""name":"A"},"mood":"calm"}"#),
            ],
        ),
        edit(
            GOOD,
            &[(
                node,
                r#"{"children":[1],"extras":[{"key":"json:bar","values":["1"]},{"key":"sgf:XY","values":["z"]}],"eval":2}"#,
            )],
        ),
        edit(
            GOOD,
            &[(
                node,
                r#"{"children":[1],"extras":[{"key":"json:time_used_ms","values":["5"]},{"key":"json:x","values":["1 "]},{"key":"json:extras","values":["3"]}]}"#,
            )],
        ),
        edit(
            GOOD,
            &[(
                node,
                r#"{"children":[1],"extras":5,"comment":["a"],"eval":{"a" : [1, 2]}}"#,
            )],
        ),
        edit(
            GOOD,
            &[
                (r#""kind":"#, r#""info":7,"kind":"#),
                (r#""info":{"black":{"name":"A"}},"#, ""),
            ],
        ),
    ];
    for text in cases {
        let first = read("g.json", &text);
        assert_eq!(moves(&first.parsed.collection), 3, "{text}");
        let (out, _) = write(&first, "json");
        let second = read("g.json", &out);
        assert_eq!(
            second.parsed.collection, first.parsed.collection,
            "{text}\n{out}"
        );
        let (again, _) = write(&second, "json");
        assert_eq!(again, out);
    }
}

#[test]
fn the_command_line_keeps_every_move_and_says_where() {
    // Before: `validate` said json::invalid, and `convert -t json` wrote no game.
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("g.json");
    let text = edit(
        GOOD,
        &[(r#""time_used_ms":7000"#, r#""time_used_ms":"abc""#)],
    );
    std::fs::write(&path, &text).expect("write");
    let kifu = env!("CARGO_BIN_EXE_kifu");
    let out = std::process::Command::new(kifu)
        .arg("validate")
        .arg(&path)
        .output()
        .expect("runs");
    // A warning: the field is kept as written, nothing is dropped.
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    let first = err.lines().next().unwrap_or("");
    assert_eq!(
        first,
        format!(
            "{}:4:81: warning[json::unread-field]: cannot read the node's \"time_used_ms\": invalid type: string \"abc\", expected u64; kept as written (the extra \"json:time_used_ms\") (move 1)",
            path.display()
        )
    );
    let out = std::process::Command::new(kifu)
        .arg("convert")
        .arg(&path)
        .args(["-t", "json"])
        .output()
        .expect("runs");
    let written: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let given: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(written["games"], given["games"]);
}

#[test]
fn the_document_s_own_unknown_keys_are_dropped_with_an_error_at_the_key() {
    // Before: read past without a word. A collection holds only its games, so the
    // model has no place for them: an error, at the key, that says they are dropped.
    let e = Severity::Error;
    let dropped = "json::dropped-key".to_string();
    let fast = edit(
        GOOD,
        &[(
            r#"{"version":1,"games":["#,
            r#"{"version":1,"generator":"tool 2","source":{"path":"a.sgf"},"games":["#,
        )],
    );
    let fast = fast.replacen("\n]}\n", "\n],\n\"extra\":[1,2]}\n", 1);
    let read_fast = read("g.json", &fast);
    assert_eq!(moves(&read_fast.parsed.collection), 3);
    assert_eq!(
        diags(&read_fast),
        vec![(e, dropped.clone(), 1, 14), (e, dropped.clone(), 9, 1)]
    );
    assert_eq!(
        read_fast.parsed.diagnostics[0].message,
        "the document has a key the model has no place for, \"generator\": dropped (a document holds \"version\", \"source\" and \"games\"; a game's own keys are kept)"
    );
    // JSON → JSON: the games as they came, the document's own keys gone.
    assert_eq!(write(&read_fast, "json").0, compact(GOOD));
    // The slow lane (a node with a key the model does not know) says the same.
    let slow = edit(
        &fast,
        &[(
            r#""time_used_ms":7000}"#,
            r#""time_used_ms":7000,"eval":-12}"#,
        )],
    );
    let read_slow = read("g.json", &slow);
    assert_eq!(moves(&read_slow.parsed.collection), 3);
    assert_eq!(
        diags(&read_slow),
        vec![
            (e, dropped.clone(), 1, 14),
            (Severity::Warning, "json::unknown-key".to_string(), 4, 86),
            (e, dropped, 9, 1),
        ]
    );
    // `source` alone draws nothing: it describes the file, and convert writes it.
    let with_source = edit(
        GOOD,
        &[(
            r#"{"version":1,"games":["#,
            r#"{"version":1,"source":{"path":"a.sgf"},"games":["#,
        )],
    );
    assert_eq!(diags(&read("g.json", &with_source)), vec![]);
}

#[test]
fn an_ndjson_line_s_unknown_key_is_a_game_key_kept_as_written() {
    // Each line is a game: a key beside `kind`, `info` and `tree` is the game's,
    // kept (json:game.<key>) and written back; nothing is read past in silence.
    let line = r#"{"kind":"shogi","tree":{"nodes":[{}]},"server":7}"#;
    let o = read("g.ndjson", &format!("{line}\n"));
    assert_eq!(
        diags(&o),
        vec![(Severity::Warning, "json::unknown-key".to_string(), 1, 39)]
    );
    assert_eq!(
        o.parsed.collection.games[0]
            .info
            .extras
            .get("json:game.server"),
        Some(&["7".to_string()][..])
    );
    assert_eq!(
        write(&o, "ndjson").0,
        "{\"kind\":\"shogi\",\"info\":{},\"tree\":{\"nodes\":[{}]},\"server\":7}\n"
    );
}
