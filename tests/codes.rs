//! The code registry (`crates/kifu/src/diag/codes.rs`) against the code: every code a source emits
//! is registered, every registered code is emitted (or reserved with a reason), every
//! code the tests expect exists, `docs/codes.md` is the registry's, and `kifu explain`
//! prints it. `KIFU_BLESS=1 cargo test --test codes` rewrites `docs/codes.md`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use assert_cmd::cargo::CommandCargoExt;
use kifu::diag::codes;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir` whose name ends with one of `exts`.
fn files(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            exts.iter().any(|x| name.ends_with(x))
        })
        .collect()
}

/// The string literals of `text` that look like codes: `"area::kebab-name"`.
/// A literal right after `starts_with(` is a prefix, not a code.
fn code_literals(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut before = "";
    for (i, piece) in text.split('"').enumerate() {
        // Odd pieces lie between quotes (close enough for this scan: a stray quote
        // shifts the pairing, but a code never holds one).
        if i % 2 == 1 && looks_like_code(piece) && !before.ends_with("starts_with(") {
            out.push(piece.to_string());
        }
        before = piece;
    }
    out
}

fn looks_like_code(s: &str) -> bool {
    let Some((area, name)) = s.split_once("::") else {
        return false;
    };
    !area.is_empty()
        && !name.is_empty()
        && area
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// The constant name of a code: `sgf::missing-close` is `SGF_MISSING_CLOSE`.
fn const_name(code: &str) -> String {
    code.to_ascii_uppercase()
        .replace("::", "_")
        .replace('-', "_")
}

/// True when `text` names the constant `codes::NAME` itself (not a longer name that
/// starts with it, as `SGF_DUPLICATE_PROPERTY_MERGED` starts with
/// `SGF_DUPLICATE_PROPERTY`).
fn uses_const(text: &str, name: &str) -> bool {
    let needle = format!("codes::{name}");
    text.match_indices(&needle).any(|(at, _)| {
        !text[at + needle.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// The source files outside the registry, with their text.
fn sources() -> Vec<(PathBuf, String)> {
    let registry = root().join("crates/kifu/src/diag/codes.rs");
    // The library's sources and the command line's.
    let mut all = files(&root().join("crates/kifu/src"), &[".rs"]);
    all.extend(files(&root().join("src"), &[".rs"]));
    all.into_iter()
        .filter(|p| *p != registry)
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a readable source file");
            (p, text)
        })
        .collect()
}

#[test]
fn every_code_in_the_sources_is_registered_and_every_registered_code_is_emitted() {
    let mut unregistered = BTreeSet::new();
    let mut used = BTreeSet::new();
    for (path, text) in sources() {
        for code in code_literals(&text) {
            if codes::lookup(&code).is_none() {
                let rel = path
                    .strip_prefix(root())
                    .unwrap_or(&path)
                    .display()
                    .to_string();
                unregistered.insert(format!("{code} (in {rel})"));
            }
        }
        for c in codes::ALL {
            if uses_const(&text, &const_name(c.name)) {
                used.insert(c.name.to_string());
            }
        }
    }
    assert!(
        unregistered.is_empty(),
        "codes used in the sources but missing from the registry (add them to crates/kifu/src/diag/codes.rs): {unregistered:#?}"
    );
    let unused: Vec<&str> = codes::ALL
        .iter()
        .filter(|c| c.reserved.is_none() && !used.contains(c.name))
        .map(|c| c.name)
        .collect();
    assert!(
        unused.is_empty(),
        "registered codes no source emits (remove them, or give them `reserved: \"why\"` in the registry): {unused:#?}"
    );
}

#[test]
fn the_registry_is_sorted_unique_and_complete() {
    for pair in codes::ALL.windows(2) {
        assert!(
            pair[0].name < pair[1].name,
            "the registry must be sorted and unique: {} then {}",
            pair[0].name,
            pair[1].name
        );
    }
    for c in codes::ALL {
        assert!(
            looks_like_code(c.name),
            "{} is not `area::kebab-name`",
            c.name
        );
        for (what, text) in [
            ("summary", c.summary),
            ("meaning", c.meaning),
            ("example", c.example),
            ("action", c.action),
            ("fix", c.fix),
        ] {
            assert!(!text.trim().is_empty(), "{} has no {what}", c.name);
        }
        assert!(
            !c.summary.ends_with('.') && !c.summary.contains('\n'),
            "{}: a summary is one line without a final full stop",
            c.name
        );
        assert_eq!(codes::lookup(c.name), Some(*c), "lookup finds {}", c.name);
    }
}

#[test]
fn every_code_the_tests_expect_is_registered() {
    let areas: BTreeSet<&str> = codes::ALL
        .iter()
        .filter_map(|c| c.name.split_once("::").map(|(a, _)| a))
        .collect();
    let mut unknown = BTreeSet::new();
    let own = root().join("tests/codes.rs");
    for path in files(&root().join("tests"), &[".rs", ".json", ".txt"]) {
        if path == own {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        for code in code_literals(&text) {
            let area = code.split_once("::").map_or("", |(a, _)| a);
            if areas.contains(area) && codes::lookup(&code).is_none() {
                let rel = path
                    .strip_prefix(root())
                    .unwrap_or(&path)
                    .display()
                    .to_string();
                unknown.insert(format!("{code} (in {rel})"));
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "tests expect codes the registry does not have: {unknown:#?}"
    );
}

#[test]
fn docs_codes_md_is_generated_from_the_registry() {
    let path = root().join("docs/codes.md");
    let want = codes::markdown();
    if std::env::var_os("KIFU_BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &want).expect("write docs/codes.md");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "docs/codes.md is not the registry's (KIFU_BLESS=1 cargo test --test codes rewrites it)"
    );
}

fn kifu(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("kifu")
        .expect("the kifu binary is built")
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("kifu runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn explain_prints_the_explanation_of_a_code() {
    let (status, out, err) = kifu(&["explain", "sgf::missing-close"]);
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "sgf::missing-close (error): the text ends inside a game tree: a `)` is missing\n\
         \n\
         Every `(` must be closed by `)`; the file ends before the game tree (or a variation in it) is closed, so the record may have been cut short.\n\
         \n\
         Example:\n\
         \x20   (;GM[1]SZ[19];B[pd];W[dd]\n\
         \n\
         What happens: kifu closes what is open at the end of the text and keeps every node read.\n\
         \n\
         How to fix it: Add the missing `)`; check that the file was not truncated.\n"
    );
}

#[test]
fn explain_list_json_has_every_code() {
    let (status, out, _) = kifu(&["explain", "--list", "--json"]);
    assert_eq!(status, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON array");
    let list = v.as_array().expect("an array");
    assert_eq!(list.len(), codes::ALL.len());
    for (entry, code) in list.iter().zip(codes::ALL) {
        assert_eq!(entry["code"], code.name);
        assert_eq!(entry["severity"], code.kind.as_str());
        assert_eq!(entry["summary"], code.summary);
    }
    let (status, out, _) = kifu(&["explain", "--list"]);
    assert_eq!(status, 0);
    assert_eq!(out.lines().count(), codes::ALL.len());
    assert!(out
        .lines()
        .any(|l| l.starts_with("sgf::missing-close ") && l.contains(" error ")));
}

#[test]
fn explain_of_an_unknown_code_suggests_the_closest() {
    let (status, out, err) = kifu(&["explain", "sgf::missing-clse"]);
    assert_eq!((status, out.as_str()), (2, ""));
    assert!(
        err.contains("unknown code \"sgf::missing-clse\"; did you mean sgf::missing-close"),
        "{err}"
    );
    let (status, _, err) = kifu(&["explain", "missing-close"]);
    assert_eq!(status, 2);
    assert!(err.contains("did you mean sgf::missing-close"), "{err}");
}

/// The severities the rule changed (issue #18): each with the reason, so that a change
/// back is a decision, not an accident.
#[test]
fn severities_follow_the_rule() {
    use codes::Kind::{Error, Info, Warning};
    let changed = [
        // Repaired with nothing lost: warnings.
        ("sgf::empty-variation", Warning),
        ("sgf::lowercase-identifier", Warning),
        ("sgf::missing-semicolon", Warning),
        ("sgf::spaces-in-point", Warning),
        ("sgf::duplicate-property-merged", Warning),
        // Legacy usage the specification tolerates: warnings.
        ("sgf::old-identifier", Warning),
        ("sgf::tt-pass", Warning),
        // Meaning uncertain: errors.
        ("sgf::handicap-mismatch", Error),
        ("sgf::no-uppercase-identifier", Error),
        ("renju::false-result", Error),
        // Something dropped: errors.
        ("csa::bad-time", Error),
        ("csa::unknown-line", Error),
        ("csa::unknown-special", Error),
        ("jkf::unknown-special", Error),
        ("kif::unknown-line", Error),
        // Notes: nothing wrong with the record.
        ("renju::undecided", Info),
        ("shogi::recorded-foul", Info),
    ];
    for (name, kind) in changed {
        let code = codes::lookup(name).unwrap_or_else(|| panic!("{name} is registered"));
        assert_eq!(code.kind, kind, "{name}");
    }
}

/// The format an explanation's example is written in, and the input to read, when
/// the example is a record (not a description such as "A kifu JSON model of …"): a
/// KIF move line gets a header, a KI2 move the even position, and a closing remark
/// `(from …)`, `(with …)` or `(a …)` is dropped.
fn example_input(code: &codes::Code) -> Option<(&'static str, String)> {
    let area = code.name.split_once("::").map_or("", |(a, _)| a);
    let ex = code.example;
    let first = ex.lines().next().unwrap_or("");
    let format = if ex.starts_with("(;") || ex.starts_with("(GM") {
        "sgf"
    } else if ex.starts_with("position ") {
        "usi"
    } else if ex.starts_with('{') && matches!(area, "jkf" | "json") {
        area
    } else if area == "kiseong"
        && (ex.starts_with("&[") || ex.starts_with("{{") || ex.starts_with("}}"))
    {
        "kiseong"
    } else if matches!(area, "csa" | "shogi") && ex.starts_with(['+', '-', 'P', 'V', '%']) {
        "csa"
    } else if matches!(area, "kif" | "shogi")
        && (ex.starts_with("   ") || ex.starts_with("  ９") || first.contains('：'))
    {
        "kif"
    } else if matches!(area, "ki2" | "shogi") && ex.starts_with('▲') {
        "ki2"
    } else {
        return None;
    };
    let mut text: Vec<&str> = ex.lines().collect();
    if let Some(last) = text.last_mut() {
        for remark in [" (from ", " (with ", "(a "] {
            if let Some(at) = last.find(remark) {
                *last = last.get(..at).unwrap_or("");
            }
        }
    }
    let mut text = text.join("\n");
    if format == "kif" && !first.contains('：') && !first.starts_with("  ９") {
        text = format!("手数----指手---------消費時間--\n{text}");
    }
    if format == "ki2" {
        text = format!("手合割：平手\n{text}");
    }
    Some((format, text + "\n"))
}

#[test]
fn every_example_that_is_a_record_draws_its_code() {
    let mut tried = 0;
    let mut wrong = Vec::new();
    for code in codes::ALL.iter().filter(|c| c.kind != codes::Kind::Loss) {
        let Some((format, text)) = example_input(code) else {
            continue;
        };
        tried += 1;
        let mut out = kifu::read(&kifu::Input {
            bytes: text.as_bytes().into(),
            path: None,
            format: kifu::formats::by_name(format),
            encoding: None,
        })
        .expect("an example is read");
        kifu::validate(&mut out);
        let drawn: Vec<&str> = out.parsed.diagnostics.iter().map(|d| d.code).collect();
        if !drawn.contains(&code.name) {
            wrong.push(format!("{} ({format} {text:?}) draws {drawn:?}", code.name));
        }
    }
    assert!(tried > 100, "only {tried} examples are records");
    assert!(
        wrong.is_empty(),
        "examples that do not draw their code: {wrong:#?}"
    );
}
