//! The `.gonu` format: the seed's examples, kifu's own 49-vertex board, every
//! validator rule with its code, line and column, round trips, and the pictures.

use std::path::Path;

use kifu::diag::Severity;
use kifu::formats::{self, Format};
use kifu::model::{Collection, GameKind, GonuBoard, GonuDeploy};
use kifu::text::LineIndex;
use kifu::{Input, ReadOutcome};

fn gonu() -> &'static Format {
    formats::by_name("gonu").unwrap()
}

fn json() -> &'static Format {
    formats::by_name("json").unwrap()
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/gonu")
            .join(name),
    )
    .unwrap()
}

fn read_as(bytes: &[u8], format: &'static Format) -> ReadOutcome {
    kifu::read(&Input {
        bytes,
        path: None,
        format: Some(format),
        encoding: None,
    })
    .unwrap()
}

fn read(text: &str) -> ReadOutcome {
    read_as(text.as_bytes(), gonu())
}

/// Each diagnostic as (severity, code, line, column).
fn found(outcome: &ReadOutcome) -> Vec<(&'static str, &'static str, usize, usize)> {
    let text = outcome.text.as_deref().unwrap();
    let index = LineIndex::new(text);
    outcome
        .parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (l, c) = index.line_col_in(text, d.span.start);
            (d.severity.as_str(), d.code, l, c)
        })
        .collect()
}

fn board(outcome: &ReadOutcome) -> &GonuBoard {
    match &outcome.parsed.collection.games[0].kind {
        GameKind::Gonu(b) => b,
        other => panic!("not a gonu game: {other:?}"),
    }
}

fn write(collection: &Collection, format: &'static Format) -> Vec<u8> {
    kifu::write(collection, format, None, None).unwrap().bytes
}

#[test]
fn dump() {
    for f in [
        "simple-annotated.gonu",
        "free-annotated.gonu",
        "simple.gonu",
        "free.gonu",
        "fortress.gonu",
    ] {
        let o = read_as(&fixture(f), gonu());
        println!("{f}: {:?}", found(&o));
        for d in &o.parsed.diagnostics {
            println!("   {}", d.message);
        }
    }
    let o = read_as(&fixture("fortress.gonu"), gonu());
    println!("{}", kifu::render::gonu::text(board(&o)));
    let o = read_as(&fixture("simple.gonu"), gonu());
    println!("{}", kifu::render::gonu::text(board(&o)));
    std::fs::write("/tmp/simple.svg", kifu::render::gonu::svg(board(&o))).unwrap();
}
