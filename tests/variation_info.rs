//! Game information that holds for one variation (SGF game-info nodes below a
//! branch, once per path): kept at its node, written back there, reported by `info`
//! as a game of its own, and reported as a loss by formats without a place for it.

use std::process::Command;

use kifu::model::NodeId;

fn read(text: &str) -> kifu::ReadOutcome {
    kifu::read(&kifu::Input {
        bytes: text.as_bytes().into(),
        path: None,
        format: kifu::formats::by_name("sgf"),
        encoding: None,
    })
    .expect("reads")
}

fn write(c: &kifu::model::Collection, format: &str) -> kifu::Encoded {
    kifu::write(
        c,
        kifu::formats::by_name(format).expect("format"),
        None,
        None,
    )
    .expect("writes")
}

const TWO: &str = "(;FF[4]GM[1]SZ[19];B[pd](;PW[A]W[dp])(;PW[B]W[cp]))";

#[test]
fn information_of_one_variation_stays_at_its_node_and_is_written_back_there() {
    let out = read(TWO);
    let diags: Vec<_> = out
        .parsed
        .diagnostics
        .iter()
        .map(|d| (d.code, d.span.start, d.severity))
        .collect();
    use kifu::diag::Severity::Info;
    assert_eq!(
        diags,
        vec![
            ("sgf::variation-game-info", 26, Info),
            ("sgf::variation-game-info", 39, Info)
        ]
    );
    let game = &out.parsed.collection.games[0];
    assert_eq!(game.info.white.name, None, "nothing moved to the root");
    let named: Vec<(NodeId, Option<String>)> = game
        .tree
        .preorder()
        .filter_map(|(id, n)| n.info.as_ref().map(|i| (id, i.white.name.clone())))
        .collect();
    assert_eq!(named.len(), 2);
    assert_eq!(named[0].1.as_deref(), Some("A"));
    assert_eq!(named[1].1.as_deref(), Some("B"));
    let sgf = String::from_utf8(write(&out.parsed.collection, "sgf").bytes).expect("utf-8");
    assert_eq!(
        sgf,
        "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[pd]\n(;PW[A]W[dp])\n(;PW[B]W[cp]))\n"
    );
    assert_eq!(read(&sgf).parsed.collection, out.parsed.collection);
    // JSON keeps it too.
    let json = write(&out.parsed.collection, "json");
    let back = kifu::read(&kifu::Input {
        bytes: (&json.bytes).into(),
        path: None,
        format: kifu::formats::by_name("json"),
        encoding: None,
    })
    .expect("json reads");
    assert_eq!(back.parsed.collection, out.parsed.collection);
    assert_eq!(json.losses, vec![]);
}

#[test]
fn information_before_the_first_branch_holds_for_the_whole_game() {
    let out = read("(;FF[4]GM[1]SZ[19];PB[x]B[pd](;W[dd])(;W[dp]))");
    let game = &out.parsed.collection.games[0];
    assert_eq!(game.info.black.name.as_deref(), Some("x"));
    assert!(game.tree.iter().all(|(_, n)| n.info.is_none()));
    let codes: Vec<_> = out.parsed.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, vec!["sgf::game-info-moved"]);
}

#[test]
fn formats_without_a_place_for_it_report_a_loss() {
    let out = read(TWO);
    let kis = write(&out.parsed.collection, "kiseong");
    let codes: Vec<_> = kis.losses.iter().map(|l| l.code.name).collect();
    assert!(codes.contains(&"loss::variation-info"), "{codes:?}");
}

#[test]
fn info_reports_each_game_of_the_tree() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("two.sgf");
    std::fs::write(
        &path,
        "(;FF[4]GM[1]SZ[19]EV[Cup];B[pd](;PW[A]KM[6.5]W[dp];B[dd])(;PW[B]KM[7.5]W[cp]))",
    )
    .expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["info", "--json"])
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let games = v["games"].as_array().expect("games");
    assert_eq!(games.len(), 2);
    assert_eq!(
        (
            &games[0]["white"],
            &games[0]["komi"],
            &games[0]["moves"],
            &games[0]["event"]
        ),
        (
            &serde_json::json!("A"),
            &serde_json::json!(6.5),
            &serde_json::json!(3),
            &serde_json::json!("Cup")
        )
    );
    assert_eq!(
        (&games[1]["white"], &games[1]["komi"], &games[1]["moves"]),
        (
            &serde_json::json!("B"),
            &serde_json::json!(7.5),
            &serde_json::json!(2)
        )
    );
}
