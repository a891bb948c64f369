//! Golden files, one harness for every format: each fixture `X` in the directories
//! below has its model as JSON beside it in `X.json`, and reading `X` must give
//! exactly that JSON. After a reviewed change, `KIFU_BLESS=1 cargo test --test golden`
//! rewrites the goldens (then `git diff` shows what changed).
//!
//! A fixture without a golden fails the test unless it is listed in [`NO_GOLDEN`] with
//! the reason, so a golden cannot silently disappear.

use std::path::{Path, PathBuf};

/// The directories whose fixtures have goldens.
const DIRS: &[&str] = &[
    "fixtures/sgf",
    "fixtures/gonu",
    "fixtures/omok",
    "fixtures/kiseong",
    "fixtures/go",
    "fixtures/shogi",
    "fixtures/psq",
    "fixtures/renlib",
    "fixtures/rif",
];

/// Fixtures without a golden, and why.
const NO_GOLDEN: &[(&str, &str)] = &[
    (
        "fixtures/psq/broken.psq",
        "a broken record: its exact diagnostics are tested in tests/gomoku_archives.rs",
    ),
    (
        "fixtures/renlib/broken.lib",
        "a broken library: its exact diagnostics are tested in tests/gomoku_archives.rs",
    ),
    (
        "fixtures/rif/broken.rif",
        "a broken database: its exact diagnostics are tested in tests/gomoku_archives.rs",
    ),
    (
        "fixtures/omok/broken.omok",
        "a broken log: its exact diagnostics are tested in tests/omok.rs",
    ),
    (
        "fixtures/kiseong/broken.kis",
        "a broken record: its exact diagnostics are tested in tests/kiseong.rs",
    ),
    (
        "fixtures/gonu/fortress.gonu",
        "its board and diagnostics are tested in tests/gonu.rs",
    ),
    (
        "fixtures/gonu/free-annotated.gonu",
        "the annotated form of free.gonu: tests/gonu.rs reads both to one model",
    ),
    (
        "fixtures/gonu/simple-annotated.gonu",
        "the annotated form of simple.gonu: tests/gonu.rs reads both to one model",
    ),
];

/// Files in a fixture directory that are not records.
fn is_record(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    !(name.ends_with(".json")
        || name.ends_with(".md")
        || name.ends_with(".py")
        || name.starts_with("LICENSE"))
}

fn fixtures() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in DIRS {
        for entry in std::fs::read_dir(root.join(dir)).expect("fixture directory") {
            let path = entry.expect("entry").path();
            if path.is_file() && is_record(&path) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn model_json(path: &Path) -> Vec<u8> {
    let bytes = std::fs::read(path).expect("fixture");
    let outcome = kifu::read(&kifu::Input {
        bytes: (&bytes).into(),
        path: Some(path),
        format: None,
        encoding: None,
    })
    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let json = kifu::formats::by_name("json").expect("json");
    // Pretty, so that a golden's diff reads well (the CLI writes compact JSON off a
    // terminal; the model is the same).
    kifu::write_with(
        &outcome.parsed.collection,
        json,
        None,
        &kifu::formats::WriteOptions {
            pretty: true,
            ..kifu::formats::WriteOptions::default()
        },
    )
    .expect("json writes")
    .bytes
}

#[test]
fn every_fixture_reads_to_its_golden_model() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("KIFU_BLESS").is_some_and(|v| v == "1");
    let mut missing = Vec::new();
    let mut compared = Vec::new();
    for path in fixtures() {
        let relative = path
            .strip_prefix(root)
            .expect("under the root")
            .to_string_lossy()
            .into_owned();
        if NO_GOLDEN.iter().any(|(f, _)| *f == relative) {
            continue;
        }
        let mut golden = path.clone().into_os_string();
        golden.push(".json");
        let golden = PathBuf::from(golden);
        let got = model_json(&path);
        if bless {
            std::fs::write(&golden, &got).expect("bless");
        }
        match std::fs::read(&golden) {
            Ok(want) => {
                assert_eq!(
                    String::from_utf8_lossy(&got),
                    String::from_utf8_lossy(&want),
                    "{relative} differs from {relative}.json (KIFU_BLESS=1 rewrites it after review)"
                );
                compared.push(relative);
            }
            Err(_) => missing.push(relative),
        }
    }
    assert!(
        missing.is_empty(),
        "fixtures without a golden (add one with KIFU_BLESS=1, or list them in NO_GOLDEN with a reason): {missing:?}"
    );
    // Every listed exception still exists: a stale list hides nothing.
    for (f, _) in NO_GOLDEN {
        assert!(
            root.join(f).is_file(),
            "{f} is listed in NO_GOLDEN but gone"
        );
    }
    assert!(
        compared.len() + NO_GOLDEN.len() == fixtures().len(),
        "{compared:?}"
    );
}
