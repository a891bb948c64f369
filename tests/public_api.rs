//! The library's public surface is what a binding wraps and nothing else (issue #33,
//! point 2): its public modules are the list `PUBLIC` below, exactly. The test reads
//! the library's source (as `tests/layers.rs` does, without building its docs): from
//! `lib.rs` it follows every `pub mod` (a `pub(crate)` or private module is not
//! followed) and fails on a public module not in the list, and on one in the list
//! that is no longer public (so the list is the surface as it is). A `pub use` in a
//! public module that re-exports a module of the crate publishes that module too, and
//! fails the same way. Items (functions, types) are not listed: a private module's
//! `pub` items are seen only where a public module re-exports them.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The public modules of the library, by path from the crate root, and why each is
/// public.
const PUBLIC: &[(&str, &str)] = &[
    (
        "collect",
        "collection jobs (filter, stats, dedup, list) the CLI runs",
    ),
    (
        "collect::analysis",
        "summaries of a game's engine analysis (info, list, filter)",
    ),
    ("collect::date", "dates of games, for --date ranges"),
    (
        "collect::dedup",
        "canonical hashes under the board's symmetries",
    ),
    ("collect::filter", "the criteria of kifu filter"),
    ("collect::list", "rows of kifu list"),
    ("collect::meta", "a game's facts: result, winner"),
    ("collect::names", "NFKC matching of player names"),
    (
        "collect::read",
        "the games of an input made into values in parallel",
    ),
    ("collect::stats", "the sums of kifu stats"),
    ("diag", "diagnostics and losses, rendered human or JSON"),
    ("diag::codes", "the registry of every code"),
    (
        "formats",
        "the registry of formats, the sink contract, write options",
    ),
    (
        "formats::analysis",
        "engine-analysis conventions (#35): parse/write pairs; writing is the CLI's --analysis",
    ),
    ("formats::analysis::comments", "see formats::analysis"),
    ("formats::analysis::go", "see formats::analysis"),
    ("formats::analysis::properties", "see formats::analysis"),
    ("formats::analysis::shogi", "see formats::analysis"),
    (
        "formats::analysis::writing",
        "what the writers do with analysis (--analysis)",
    ),
    (
        "fsio",
        "atomic writes and directory handles the CLI writes through",
    ),
    (
        "internals",
        "doc-hidden: only for the fuzz crate and the integration tests",
    ),
    ("internals::account", "see internals"),
    ("internals::declaration", "see internals"),
    ("internals::json", "see internals"),
    ("internals::kiseong", "see internals"),
    ("internals::psq", "see internals"),
    ("internals::renlib", "see internals"),
    ("internals::sgf", "see internals"),
    ("internals::shogi_header", "see internals"),
    ("internals::usi", "see internals"),
    ("model", "the game-tree model"),
    ("reencode", "batch re-encoding (kifu reencode)"),
    (
        "search",
        "the position index (kifu index, kifu search): an SQLite file others open too",
    ),
    (
        "search::pattern",
        "Go patterns: a region found under the symmetries by replaying stored lines",
    ),
    (
        "search::positions",
        "a game's positions hashed as the index keys them (a query's key)",
    ),
    (
        "search::query",
        "the games of a position and the moves played next",
    ),
    (
        "search::store",
        "the index file: building, updating, reading its rows",
    ),
    (
        "training",
        "positions for engine training: kifu positions and the Python package's Game.positions()",
    ),
    ("render", "pictures of positions"),
    ("render::go", "Go diagrams and SVG"),
    ("render::gonu", "gonu drawings and SVG"),
    ("render::picture", "options to bytes: what kifu show calls"),
    ("render::shogi", "shogi BOD and SVG"),
    ("rules", "game logic: rules::check"),
    ("rules::go", "Go boards, captures, rule sets"),
    ("rules::gonu", "gonu graph checks"),
    ("rules::renju", "renju and gomoku rules"),
    ("rules::renju::rif", "RIF forbidden moves, searched"),
    ("rules::shogi", "shogi positions, moves, SFEN"),
    ("source", "inputs read part by part"),
    ("text", "encodings, strict decoding and encoding, lines"),
];

/// The library's source folder.
fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/kifu/src")
}

/// A module's file: `dir/name.rs` or `dir/name/mod.rs`.
fn module_file(dir: &Path, name: &str) -> Option<PathBuf> {
    [
        dir.join(format!("{name}.rs")),
        dir.join(name).join("mod.rs"),
    ]
    .into_iter()
    .find(|p| p.is_file())
}

/// The folder a module file's children are in.
fn children_dir(file: &Path) -> PathBuf {
    let parent = file.parent().unwrap_or(Path::new(""));
    match file.file_name().and_then(|n| n.to_str()) {
        Some("mod.rs" | "lib.rs") => parent.to_path_buf(),
        _ => parent.join(file.file_stem().unwrap_or_default()),
    }
}

/// The source without comments (line comments, doc comments and block comments).
fn code_of(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |i| &after[i..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |i| &after[i + 2..]);
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The word after `keyword` at `at`, up to a character that cannot be in a name.
fn name_at(text: &str, at: usize) -> &str {
    let rest = text[at..].trim_start();
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    &rest[..end]
}

/// The paths a `use` tree names: `a::{b, c::d as e}` gives `a::b`, `a::c::d`.
fn use_paths(tree: &str) -> Vec<String> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = Vec::new();
    expand("", &tree, &mut out);
    out
}

fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head = tree[..open].trim().trim_end_matches("::");
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let base = join(prefix, head);
        // Split at the commas of this level only.
        let (mut depth, mut start) = (0, 0);
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&base, &inner[start..i], out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(&base, &inner[start..], out);
    } else if !tree.is_empty() {
        let path = tree.split(" as ").next().unwrap_or(tree).trim();
        out.push(join(prefix, path));
    }
}

fn join(prefix: &str, path: &str) -> String {
    match (prefix.is_empty(), path.is_empty()) {
        (true, _) => path.to_string(),
        (_, true) => prefix.to_string(),
        _ => format!("{prefix}::{path}"),
    }
}

/// Where a `use` path leads when it leads to a module of the crate: the module's
/// path from the root, else `None` (an item, or another crate).
fn module_of_use(
    path: &str,
    module: &[String],
    files: &BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    let mut at: Vec<String> = module.to_vec();
    let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    for (i, segment) in segments.iter().enumerate() {
        match *segment {
            "crate" if i == 0 => at.clear(),
            "self" => {}
            "super" => {
                at.pop();
            }
            name => {
                let mut next = at.clone();
                next.push(name.to_string());
                if !files.contains(&next) {
                    return None;
                }
                at = next;
            }
        }
    }
    (!segments.is_empty()).then_some(at)
}

/// Every module file of the library, by path (public or not), with its file.
fn all_modules() -> Vec<(Vec<String>, PathBuf)> {
    let mut out = Vec::new();
    let mut stack = vec![(Vec::new(), src().join("lib.rs"))];
    while let Some((path, file)) = stack.pop() {
        let text = code_of(&fs::read_to_string(&file).expect("a module file"));
        let dir = children_dir(&file);
        for (at, _) in text.match_indices("mod ") {
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let name = name_at(&text, at + 4);
            if let Some(child) = (!name.is_empty())
                .then(|| module_file(&dir, name))
                .flatten()
            {
                let mut p = path.clone();
                p.push(name.to_string());
                stack.push((p, child));
            }
        }
        out.push((path, file));
    }
    out
}

/// The public modules: followed from the root through `pub mod` (a file or inline),
/// and the modules a public module re-exports with `pub use`.
fn public_modules() -> BTreeSet<String> {
    let modules = all_modules();
    let files: BTreeSet<Vec<String>> = modules.iter().map(|(p, _)| p.clone()).collect();
    let mut public = BTreeSet::new();
    let mut stack = vec![(Vec::<String>::new(), src().join("lib.rs"))];
    let mut seen = BTreeSet::new();
    while let Some((path, file)) = stack.pop() {
        if !seen.insert((path.clone(), file.clone())) {
            continue;
        }
        let text = code_of(&fs::read_to_string(&file).expect("a module file"));
        let dir = children_dir(&file);
        for (at, _) in text.match_indices("pub mod ") {
            let name = name_at(&text, at + 8);
            let mut p = path.clone();
            p.push(name.to_string());
            public.insert(p.join("::"));
            if let Some(child) = module_file(&dir, name) {
                stack.push((p, child));
            }
        }
        for (at, _) in text.match_indices("pub use ") {
            let end = text[at..].find(';').map_or(text.len(), |i| at + i);
            for used in use_paths(&text[at + 8..end]) {
                if let Some(module) = module_of_use(&used, &path, &files) {
                    let file = modules
                        .iter()
                        .find(|(p, _)| *p == module)
                        .map(|(_, f)| f.clone())
                        .expect("a module found has a file");
                    let name = used.rsplit("::").next().unwrap_or_default().to_string();
                    let mut p = path.clone();
                    p.push(name);
                    public.insert(format!(
                        "{} (re-exported {})",
                        p.join("::"),
                        module.join("::")
                    ));
                    stack.push((p, file));
                }
            }
        }
    }
    public
}

#[test]
fn the_public_modules_are_the_list() {
    let public = public_modules();
    let listed: BTreeSet<String> = PUBLIC.iter().map(|(p, _)| p.to_string()).collect();
    let unlisted: Vec<&String> = public.difference(&listed).collect();
    let gone: Vec<&String> = listed.difference(&public).collect();
    assert!(
        unlisted.is_empty(),
        "public modules not in PUBLIC (make them pub(crate), or give what a binding needs a public home): {unlisted:?}"
    );
    assert!(
        gone.is_empty(),
        "modules in PUBLIC that are no longer public (take them out of the list): {gone:?}"
    );
}

#[test]
fn the_scan_sees_a_module_made_public() {
    let files: BTreeSet<Vec<String>> = all_modules().into_iter().map(|(p, _)| p).collect();
    let formats = vec!["formats".to_string()];
    // A re-export of a single format's module is a module; of an item, not.
    assert_eq!(
        module_of_use("sgf", &formats, &files),
        Some(vec!["formats".to_string(), "sgf".to_string()])
    );
    assert_eq!(
        module_of_use("crate::formats::sgf::read", &[], &files),
        None
    );
    assert_eq!(
        use_paths("a::{b, c::{d as e, f}}"),
        ["a::b", "a::c::d", "a::c::f"]
    );
    // Every per-format module is a file the scan knows, and none is public.
    assert!(files.contains(
        &formats
            .iter()
            .cloned()
            .chain(["kif".to_string()])
            .collect::<Vec<_>>()
    ));
    assert!(!public_modules()
        .iter()
        .any(|m| m.starts_with("formats::sgf")));
}
