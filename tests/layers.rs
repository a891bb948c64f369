//! The layers, enforced: every `.rs` file of the library (`crates/kifu/src`) and of the
//! command line (`src`) is read, each path it names into the crate (`use crate::…`,
//! `super::…`, `self::…`, `kifu::…`, a name a `use` brought in or a child module, and
//! the same paths written inline in expressions, types and macros) is resolved to the
//! module file it reaches, and the test fails naming the file and line of
//!
//! - every **upward edge**: a module naming a module of a higher layer (`LAYERS`), and
//! - every **mutual pair**: two module files naming each other (a module and its own
//!   submodules are one tree, not a pair: a parent declares its children, and a child
//!   using its parent's items is how Rust's module tree works).
//!
//! The layers, low to high, are the table `LAYERS`: model; text and diag; rules;
//! formats; the library's reading API (`api.rs` and the crate root that re-exports
//! it: reading at the registry, above the formats); collect, render, reencode, search and
//! fsio; the command line.
//! A module of the library that is in no row fails the test, so a new top-level
//! module must be placed. Comments, strings and character literals are skipped, so
//! a doc comment naming a higher module is no edge.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, low to high: each row names the library's top-level modules that form
/// it. `""` is the crate root (`lib.rs`). The command line (the `kifu-cli` package,
/// `src/`) is one layer above every row.
const LAYERS: &[(&str, &[&str])] = &[
    ("model", &["model", "testing"]),
    ("text", &["text", "diag"]),
    ("rules", &["rules"]),
    ("formats", &["formats"]),
    ("api", &["api", "", "source"]),
    (
        "jobs",
        &[
            "collect",
            "render",
            "reencode",
            "fsio",
            "training",
            "search",
            "internals",
        ],
    ),
];

/// The layer of the command line: above every row of `LAYERS`.
const CLI_LAYER: usize = LAYERS.len();

/// The library's modules that read every format through the registry and name no
/// single format: the reading API, the crate root (`""`) and the opening of inputs
/// part by part (`source`).
const FORMAT_NEUTRAL: &[&str] = &["api", "", "source"];

/// The modules of `formats` that belong to no single format: the registry's own
/// helpers, which a format-neutral module may name.
const SHARED_IN_FORMATS: &[&str] = &["account", "analysis", "cutting", "declaration", "writes"];

/// Problems known today and left to other work: (file, file, why). An upward edge
/// (or a format-neutral module naming a single format) is allowed by (from, to), a
/// mutual pair by its two files in sorted order. The test
/// fails when an entry here is no longer found, so the list only shrinks: the lead
/// removes an entry when the work it names is merged.
const ALLOWED: &[(&str, &str, &str)] = &[];

/// Which crate a module belongs to.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Krate {
    /// `crates/kifu`: the library.
    Lib,
    /// The package at the root: the `kifu` binary.
    Cli,
}

/// A module: its crate and its path from the crate root (`["formats", "sgf", "parse"]`).
type ModPath = (Krate, Vec<String>);

/// One module file.
struct ModFile {
    /// The file, relative to the repository root (for messages).
    shown: String,
    /// Its source.
    text: String,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, in a stable order.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file below a crate's `src` (`lib.rs`/`main.rs` the root,
/// `a/mod.rs` and `a.rs` the module `a`).
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    let stem = last.strip_suffix(".rs").expect(".rs");
    if !(stem == "mod" || (parts.is_empty() && (stem == "lib" || stem == "main"))) {
        parts.push(stem.to_owned());
    }
    parts
}

/// All module files of both crates.
fn modules() -> BTreeMap<ModPath, ModFile> {
    let mut out = BTreeMap::new();
    for (krate, dir) in [(Krate::Lib, "crates/kifu/src"), (Krate::Cli, "src")] {
        let base = root().join(dir);
        let mut files = Vec::new();
        rust_files(&base, &mut files);
        for file in files {
            let rel = file.strip_prefix(&base).expect("below src");
            let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{dir}: {e}"));
            let shown = format!("{dir}/{}", rel.display());
            out.insert((krate, module_of(rel)), ModFile { shown, text });
        }
    }
    out
}

/// A token of Rust source, as far as paths need: identifiers (with `$crate`), `::`, and
/// single punctuation characters; comments, strings and literals are dropped.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Colons,
    Punct(char),
}

/// The tokens of `src`, each with its 1-based line.
fn tokens(src: &str) -> Vec<(Tok, usize)> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if (c == 'r' || (c == 'b' && at(i + 1) == 'r'))
            && matches!(at(i + 1 + usize::from(c == 'b')), '"' | '#')
            && {
                // A raw string: r"…", r#"…"#, br"…" (not a raw identifier r#name).
                let mut j = i + 1 + usize::from(c == 'b');
                while at(j) == '#' {
                    j += 1;
                }
                at(j) == '"'
            }
        {
            let mut j = i + 1 + usize::from(c == 'b');
            let mut hashes = 0;
            while at(j) == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1; // the opening quote
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '\n' {
                    line += 1;
                }
                if chars[j] == '"' && (1..=hashes).all(|k| at(j + k) == '#') {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            i = j;
        } else if c == '"' || (c == 'b' && at(i + 1) == '"') {
            let mut j = i + if c == 'b' { 2 } else { 1 };
            while j < chars.len() && chars[j] != '"' {
                if chars[j] == '\\' {
                    j += 1;
                }
                if at(j) == '\n' {
                    line += 1;
                }
                j += 1;
            }
            i = j + 1;
        } else if c == '\'' || (c == 'b' && at(i + 1) == '\'') {
            // A character literal ('a', '\n', '\u{..}', b'x') or a lifetime ('a).
            let s = i + if c == 'b' { 2 } else { 1 };
            if at(s) == '\\' {
                let mut j = s + 2;
                while j < chars.len() && chars[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
            } else if at(s + 1) == '\'' {
                i = s + 2;
            } else {
                // A lifetime or label: skip the quote, the name follows as an ident.
                i = s;
            }
        } else if c == '$' || c == '_' || c.is_alphabetic() {
            let mut j = i + 1;
            if c == 'r' && at(j) == '#' && (at(j + 1) == '_' || at(j + 1).is_alphabetic()) {
                j += 1; // a raw identifier
            }
            while j < chars.len() && (chars[j] == '_' || chars[j].is_alphanumeric()) {
                j += 1;
            }
            let word: String = chars[i..j].iter().collect();
            out.push((Tok::Ident(word.trim_start_matches("r#").to_owned()), line));
            i = j;
        } else if c.is_ascii_digit() {
            let mut j = i + 1;
            while j < chars.len() && (chars[j] == '_' || chars[j].is_alphanumeric()) {
                j += 1;
            }
            i = j;
        } else if c == ':' && at(i + 1) == ':' {
            out.push((Tok::Colons, line));
            i += 2;
        } else {
            out.push((Tok::Punct(c), line));
            i += 1;
        }
    }
    out
}

/// A path a file names: its segments as written, and the line.
struct Named {
    segments: Vec<String>,
    line: usize,
    /// The module the path was written in (the file's module and any inline modules).
    scope: Vec<String>,
}

/// Expands the `use` tree starting at `toks[*i]` (after the keyword) into full paths,
/// each with the name it binds (the last segment or its `as` name; empty for a glob).
fn use_tree(
    toks: &[(Tok, usize)],
    i: &mut usize,
    prefix: &[String],
    out: &mut Vec<(Vec<String>, String)>,
) {
    let mut path = prefix.to_vec();
    let mut is_self = false;
    loop {
        match toks.get(*i).map(|t| &t.0) {
            Some(Tok::Colons) => *i += 1,
            Some(Tok::Ident(word)) if word == "as" => {
                *i += 1;
                if let Some((Tok::Ident(alias), _)) = toks.get(*i) {
                    out.push((path.clone(), alias.clone()));
                    *i += 1;
                }
                return;
            }
            Some(Tok::Ident(word))
                if word == "self" && path.len() == prefix.len() && !path.is_empty() =>
            {
                // `{self, …}`: the prefix itself.
                is_self = true;
                *i += 1;
            }
            Some(Tok::Ident(word)) => {
                path.push(word.clone());
                *i += 1;
            }
            Some(Tok::Punct('*')) => {
                *i += 1;
                out.push((path.clone(), String::new()));
                return;
            }
            Some(Tok::Punct('{')) => {
                *i += 1;
                loop {
                    match toks.get(*i).map(|t| &t.0) {
                        Some(Tok::Punct('}')) => {
                            *i += 1;
                            return;
                        }
                        Some(Tok::Punct(',')) => *i += 1,
                        None => return,
                        _ => use_tree(toks, i, &path, out),
                    }
                }
            }
            _ => {
                let name = path.last().cloned().unwrap_or_default();
                if path.len() > prefix.len() || is_self {
                    out.push((path, name));
                }
                return;
            }
        }
    }
}

/// What one file names: the paths of its `use` items and the paths written inline.
fn named_paths(text: &str, module: &[String]) -> (Vec<Named>, Vec<Named>, BTreeSet<String>) {
    let toks = tokens(text);
    let mut uses = Vec::new();
    let mut inline = Vec::new();
    // The child modules this file declares (`mod x;`), at the file's own level.
    let mut children = BTreeSet::new();
    // Inline modules: (name, the brace depth inside them).
    let mut scope: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let scope_path = |scope: &[(String, usize)]| {
        let mut p = module.to_vec();
        p.extend(scope.iter().map(|(n, _)| n.clone()));
        p
    };
    while i < toks.len() {
        let (tok, line) = &toks[i];
        match tok {
            Tok::Punct('{') => {
                depth += 1;
                i += 1;
            }
            Tok::Punct('}') => {
                if scope.last().is_some_and(|(_, d)| *d == depth) {
                    scope.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            Tok::Ident(w) if w == "mod" => {
                if let Some((Tok::Ident(name), _)) = toks.get(i + 1) {
                    match toks.get(i + 2).map(|t| &t.0) {
                        Some(Tok::Punct('{')) => {
                            scope.push((name.clone(), depth + 1));
                        }
                        Some(Tok::Punct(';')) if scope.is_empty() => {
                            children.insert(name.clone());
                        }
                        _ => {}
                    }
                }
                i += 2;
            }
            Tok::Ident(w) if w == "use" => {
                i += 1;
                let mut found = Vec::new();
                use_tree(&toks, &mut i, &[], &mut found);
                for (segments, alias) in found {
                    uses.push((
                        Named {
                            segments,
                            line: *line,
                            scope: scope_path(&scope),
                        },
                        alias,
                    ));
                }
            }
            Tok::Ident(first) => {
                // A path written inline: IDENT (:: IDENT)+, not preceded by `::`.
                let after_colons = i > 0 && toks[i - 1].0 == Tok::Colons;
                let mut segments = vec![first.clone()];
                let mut j = i + 1;
                while toks.get(j).map(|t| &t.0) == Some(&Tok::Colons) {
                    match toks.get(j + 1) {
                        Some((Tok::Ident(next), _)) => {
                            segments.push(next.clone());
                            j += 2;
                        }
                        _ => break,
                    }
                }
                if !after_colons && segments.len() > 1 {
                    inline.push(Named {
                        segments,
                        line: *line,
                        scope: scope_path(&scope),
                    });
                }
                i = j;
            }
            _ => i += 1,
        }
    }
    // The names `use` items bind, to resolve inline paths that start with one.
    let mut bound = Vec::new();
    let mut use_named = Vec::new();
    for (named, alias) in uses {
        if !alias.is_empty() {
            bound.push((alias, named.segments.clone(), named.scope.clone()));
        }
        use_named.push(named);
    }
    // Inline paths starting with a bound name become the full path.
    let mut resolved_inline = Vec::new();
    for named in inline {
        let first = named.segments[0].as_str();
        if matches!(first, "crate" | "$crate" | "super" | "self" | "kifu") {
            resolved_inline.push(named);
        } else if let Some((_, full, scope)) = bound.iter().find(|(a, _, _)| a == first) {
            let mut segments = full.clone();
            segments.extend(named.segments[1..].iter().cloned());
            resolved_inline.push(Named {
                segments,
                line: named.line,
                scope: scope.clone(),
            });
        } else if children.contains(first) {
            let mut segments = vec!["self".to_owned()];
            segments.extend(named.segments.iter().cloned());
            resolved_inline.push(Named {
                segments,
                line: named.line,
                scope: module.to_vec(),
            });
        }
    }
    (use_named, resolved_inline, children)
}

/// The module file a path reaches: the longest prefix that is a module file, or `None`
/// for paths outside both crates (std, other crates).
fn resolve(
    krate: Krate,
    named: &Named,
    files: &BTreeMap<ModPath, ModFile>,
    children: &BTreeSet<String>,
) -> Option<ModPath> {
    let mut segs = named.segments.iter().map(String::as_str).peekable();
    let (target_crate, mut path): (Krate, Vec<String>) = match *segs.peek()? {
        "crate" | "$crate" => {
            segs.next();
            (krate, Vec::new())
        }
        "kifu" if krate == Krate::Cli => {
            segs.next();
            (Krate::Lib, Vec::new())
        }
        "self" => {
            segs.next();
            (krate, named.scope.clone())
        }
        "super" => {
            let mut p = named.scope.clone();
            while segs.peek() == Some(&"super") {
                segs.next();
                p.pop()?;
            }
            (krate, p)
        }
        first => {
            // 2018 paths in `use`: a child module of the scope, or a top-level module
            // from the root.
            if children.contains(first) {
                (krate, named.scope.clone())
            } else if named.scope.is_empty() && files.contains_key(&(krate, vec![first.to_owned()]))
            {
                (krate, Vec::new())
            } else {
                return None;
            }
        }
    };
    path.extend(segs.map(str::to_owned));
    while !path.is_empty() {
        if files.contains_key(&(target_crate, path.clone())) {
            return Some((target_crate, path));
        }
        path.pop();
    }
    files
        .contains_key(&(target_crate, Vec::new()))
        .then_some((target_crate, path))
}

/// The layer of a module.
fn layer(module: &ModPath) -> Result<usize, String> {
    if module.0 == Krate::Cli {
        return Ok(CLI_LAYER);
    }
    let top = module.1.first().map(String::as_str).unwrap_or("");
    LAYERS
        .iter()
        .position(|(_, mods)| mods.contains(&top))
        .ok_or_else(|| format!("the library module `{top}` is in no layer: add it to LAYERS"))
}

/// Whether one module is the other or contains it.
fn nested(a: &ModPath, b: &ModPath) -> bool {
    a.0 == b.0 && (a.1.starts_with(&b.1) || b.1.starts_with(&a.1))
}

/// Every edge between module files: (from, to) → the first line naming it.
fn edges(files: &BTreeMap<ModPath, ModFile>) -> BTreeMap<(ModPath, ModPath), usize> {
    let mut out = BTreeMap::new();
    for ((krate, module), file) in files {
        let (uses, inline, children) = named_paths(&file.text, module);
        for named in uses.iter().chain(&inline) {
            // Children are resolved from the file's own module only.
            let kids = if named.scope == *module {
                children.clone()
            } else {
                BTreeSet::new()
            };
            let Some(target) = resolve(*krate, named, files, &kids) else {
                continue;
            };
            let from = (*krate, module.clone());
            if target != from {
                let entry = out.entry((from, target)).or_insert(named.line);
                *entry = (*entry).min(named.line);
            }
        }
    }
    out
}

/// A problem found: the two files (from, to for an upward edge; sorted for a mutual
/// pair) and the message, `file:line: …`.
type Problem = (String, String, String);

/// The problems found: upward edges, then mutual pairs.
fn problems(files: &BTreeMap<ModPath, ModFile>) -> Vec<Problem> {
    let edges = edges(files);
    let mut upward = Vec::new();
    let mut mutual = Vec::new();
    for ((from, to), line) in &edges {
        let shown = |m: &ModPath| files[m].shown.clone();
        match (layer(from), layer(to)) {
            (Ok(a), Ok(b)) if b > a => upward.push((
                shown(from),
                shown(to),
                format!(
                    "{}:{line}: upward import: layer `{}` names `{}` of layer `{}`",
                    shown(from),
                    LAYERS[a].0,
                    shown(to),
                    LAYERS.get(b).map_or("cli", |l| l.0),
                ),
            )),
            (Err(e), _) | (_, Err(e)) => upward.push((
                shown(from),
                shown(to),
                format!("{}:{line}: {e}", shown(from)),
            )),
            _ => {}
        }
        if from < to && !nested(from, to) {
            if let Some(back) = edges.get(&(to.clone(), from.clone())) {
                let (a, b) = (shown(from), shown(to));
                let message = format!("{a}:{line} and {b}:{back}: the two import each other");
                mutual.push((a, b, message));
            }
        }
    }
    for ((from, to), line) in &edges {
        let neutral = from.0 == Krate::Lib
            && FORMAT_NEUTRAL.contains(&from.1.first().map_or("", String::as_str));
        let single = to.0 == Krate::Lib
            && to.1.first().is_some_and(|m| m == "formats")
            && to
                .1
                .get(1)
                .is_some_and(|m| !SHARED_IN_FORMATS.contains(&m.as_str()));
        if neutral && single {
            let (a, b) = (files[from].shown.clone(), files[to].shown.clone());
            let message = format!("{a}:{line}: the reading API names the single format `{b}`");
            upward.push((a, b, message));
        }
    }
    upward.extend(mutual);
    upward
}

#[test]
fn no_layer_imports_a_higher_one_and_no_two_modules_import_each_other() {
    let files = modules();
    assert!(files.len() > 100, "the sources were not found");
    let mut report = Vec::new();
    let mut allowed_seen = BTreeSet::new();
    for (a, b, message) in problems(&files) {
        match ALLOWED
            .iter()
            .find(|(x, y, _)| (*x, *y) == (a.as_str(), b.as_str()))
        {
            Some(allowed) => {
                allowed_seen.insert(*allowed);
            }
            None => report.push(message),
        }
    }
    for allowed in ALLOWED {
        if !allowed_seen.contains(allowed) {
            report.push(format!(
                "{} → {}: allowed in ALLOWED but no longer found: remove the entry",
                allowed.0, allowed.1
            ));
        }
    }
    assert!(
        report.is_empty(),
        "{} layer problem(s):\n{}",
        report.len(),
        report.join("\n")
    );
}

/// The checker itself: an edge written inline (`crate::a::b::f()`), through a `use`
/// group, through a bound name, and from a nested test module are all found; comments
/// and strings are not edges.
#[test]
fn the_checker_finds_inline_grouped_and_aliased_paths() {
    let mut files = BTreeMap::new();
    let add = |files: &mut BTreeMap<ModPath, ModFile>, path: &[&str], text: &str| {
        files.insert(
            (Krate::Lib, path.iter().map(|s| s.to_string()).collect()),
            ModFile {
                shown: path.join("/"),
                text: text.to_owned(),
            },
        );
    };
    add(
        &mut files,
        &[],
        "pub mod model; pub mod formats; pub mod rules; mod api;",
    );
    add(
        &mut files,
        &["api"],
        "fn r() { crate::formats::sgf::read(); crate::formats::read(); }",
    );
    add(
        &mut files,
        &["model"],
        "// crate::formats::x in a comment\nconst S: &str = \"crate::rules::y\";\nfn f() { let c = '\"'; crate::formats::sgf::read(); }",
    );
    add(&mut files, &["formats"], "pub mod sgf;");
    add(
        &mut files,
        &["formats", "sgf"],
        "use crate::{model::{self as m}, rules::{go}};\nfn g() { go::f(); }",
    );
    add(
        &mut files,
        &["rules"],
        "pub mod go;\nmod tests { use super::super::formats; fn t() { formats::x(); } }",
    );
    add(
        &mut files,
        &["rules", "go"],
        "fn h() { crate::formats::sgf::z(); }\nuse super::super::rules as r;\n",
    );
    let found: Vec<String> = problems(&files).into_iter().map(|p| p.2).collect();
    assert_eq!(
        found,
        [
            "model:3: upward import: layer `model` names `formats/sgf` of layer `formats`",
            "rules:2: upward import: layer `rules` names `formats` of layer `formats`",
            "rules/go:1: upward import: layer `rules` names `formats/sgf` of layer `formats`",
            "api:1: the reading API names the single format `formats/sgf`",
            "formats/sgf:1 and model:3: the two import each other",
            "formats/sgf:1 and rules/go:1: the two import each other",
        ]
    );
}
