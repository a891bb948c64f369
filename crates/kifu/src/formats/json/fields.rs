//! Reading a game whose fields are not all readable (issue #32, point 6): a key the
//! model does not know, or a value of the wrong type, never takes its node (and so its
//! move, or the game's other moves) with it. The field is kept as written, as an
//! extra `json:<key>` holding the value's JSON text, and a positioned diagnostic says
//! what could not be read. The writer ([`super::write`]) puts each such extra back
//! under its own key.
//!
//! Fast lane: the typed read of the whole object, as before, with a check that no key
//! was left unread. Only an object that fails it is read key by key (each key alone,
//! then the readable ones together), which costs in proportion to that object.

use std::collections::HashSet;
use std::fmt;

use serde::de::{Deserialize, DeserializeOwned, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

use crate::diag::{codes, quote, Diagnostic, Span};
use crate::model::{Game, GameInfo, GameKind, Node, Tree};

/// The prefix of the extras that hold a field as written.
pub(crate) const PREFIX: &str = "json:";
/// Where in `GameInfo::extras` a key of the game object itself is kept.
pub(crate) const GAME: &str = "json:game.";
/// Where in `GameInfo::extras` a key of the game's `tree` object is kept.
pub(crate) const TREE: &str = "json:tree.";
/// Where in `GameInfo::extras` a key of the game's `info` object is kept.
pub(crate) const INFO: &str = "json:info.";

/// `T` from `json`, with the paths of the keys that `T` does not know (left unread).
pub(super) fn typed<'a, T: Deserialize<'a>>(
    json: &'a str,
) -> Result<(T, Vec<String>), serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(json);
    let mut unknown = Vec::new();
    let value = serde_ignored::deserialize(&mut de, |path| {
        unknown.push(path_name(&path));
    })?;
    de.end()?;
    Ok((value, unknown))
}

/// A path as keys and indices joined by `.` (`move.stone.weight`); serde_ignored's
/// own display writes `?` for the steps into an `Option` or an enum's variant.
fn path_name(path: &serde_ignored::Path<'_>) -> String {
    use serde_ignored::Path;
    let mut steps = Vec::new();
    let mut at = path;
    loop {
        at = match at {
            Path::Root => break,
            Path::Seq { parent, index } => {
                steps.push(index.to_string());
                parent
            }
            Path::Map { parent, key } => {
                steps.push(key.clone());
                parent
            }
            Path::Some { parent }
            | Path::NewtypeStruct { parent }
            | Path::NewtypeVariant { parent } => parent,
        };
    }
    steps.reverse();
    steps.join(".")
}

/// The entries of one JSON object in order, each value as its text in the input.
pub(super) struct Entries<'a>(pub(super) Vec<(String, &'a RawValue)>);

impl<'de> Deserialize<'de> for Entries<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Object;
        impl<'de> Visitor<'de> for Object {
            type Value = Entries<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries<'de>, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry::<String, &'de RawValue>()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        d.deserialize_map(Object)
    }
}

/// Why a field was set aside.
enum Why {
    /// The key is not the model's (`path` names it, or a key inside its value).
    Unknown(String),
    /// The value cannot be read as the model's field: serde's reason.
    Unread(String),
}

/// A field set aside: its key, its value as written, where the value starts.
struct Aside<'a> {
    key: String,
    raw: &'a RawValue,
    why: Why,
}

/// Reads one object as `T`, setting aside the fields it cannot read. `Err` when `raw`
/// is not an object whose readable fields make a `T`.
fn lenient<'a, T: DeserializeOwned>(
    raw: &'a RawValue,
) -> Result<(T, Vec<Aside<'a>>), serde_json::Error> {
    if let Ok((value, false)) = super::watch::watched::<T>(raw.get()) {
        return Ok((value, Vec::new()));
    }
    let Entries(entries) = serde_json::from_str(raw.get())?;
    let mut good = String::with_capacity(raw.get().len());
    good.push('{');
    let mut seen = HashSet::new();
    let mut aside = Vec::new();
    for (key, value) in entries {
        let quoted = serde_json::to_string(&key)?;
        let one = format!("{{{quoted}:{}}}", value.get());
        let why = if !seen.insert(key.clone()) {
            Some(Why::Unread(format!(
                "a second {} in this object",
                quote(&key)
            )))
        } else {
            match typed::<T>(&one) {
                Ok((_, unknown)) if unknown.first().is_some_and(|p| *p == key) => {
                    Some(Why::Unknown(key.clone()))
                }
                Ok((_, unknown)) => {
                    // Read, but a key inside its value is not the model's: the value
                    // is kept as read and as written.
                    if good.len() > 1 {
                        good.push(',');
                    }
                    good.push_str(one.get(1..one.len() - 1).unwrap_or(""));
                    unknown.into_iter().next().map(Why::Unknown)
                }
                Err(e) => Some(Why::Unread(super::serde_message(&e))),
            }
        };
        if let Some(why) = why {
            aside.push(Aside {
                key,
                raw: value,
                why,
            });
        }
    }
    good.push('}');
    let (value, _) = typed::<T>(&good)?;
    Ok((value, aside))
}

/// Text positions: offsets of borrowed raw values in the file.
#[derive(Clone, Copy)]
pub(crate) struct Place<'t> {
    /// The text the raw values are borrowed from.
    pub text: &'t str,
    /// The offset of `text` in the file.
    pub base: usize,
}

impl Place<'_> {
    /// The file offset of a value borrowed from `text`.
    fn of(&self, raw: &RawValue) -> usize {
        let at = (raw.get().as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize);
        self.base + at.min(self.text.len())
    }

    /// The file offset where serde_json stopped in `raw` with `e`.
    fn at_error(&self, raw: &RawValue, e: &serde_json::Error) -> usize {
        let json = raw.get();
        let mut start = 0;
        for _ in 1..e.line() {
            match memchr::memchr(b'\n', json.as_bytes().get(start..).unwrap_or(&[])) {
                Some(i) => start += i + 1,
                None => break,
            }
        }
        self.of(raw) + (start + e.column().saturating_sub(1)).min(json.len())
    }

    /// The file offset of the key whose value is `raw` (the value's, when the text
    /// before it is not `"key":`).
    pub(super) fn key_of(&self, raw: &RawValue) -> usize {
        let value = self.of(raw) - self.base;
        let bytes = self.text.as_bytes();
        let before = |mut i: usize| {
            while i > 0 && bytes.get(i - 1).is_some_and(|b| b" \t\r\n".contains(b)) {
                i -= 1;
            }
            i
        };
        let colon = before(value);
        if colon == 0 || bytes.get(colon - 1) != Some(&b':') {
            return self.base + value;
        }
        let close = before(colon - 1);
        if close == 0 || bytes.get(close - 1) != Some(&b'"') {
            return self.base + value;
        }
        // The opening quote: the nearest `"` before the closing one that is not
        // escaped (preceded by an even number of backslashes).
        let mut i = close - 1;
        while i > 0 {
            i -= 1;
            if bytes.get(i) == Some(&b'"') {
                let slashes = bytes
                    .get(..i)
                    .unwrap_or(&[])
                    .iter()
                    .rev()
                    .take_while(|&&b| b == b'\\')
                    .count();
                if slashes % 2 == 0 {
                    return self.base + i;
                }
            }
        }
        self.base + value
    }
}

/// Keeps the fields set aside in `extras` under `prefix`, each with its diagnostic.
fn keep(
    aside: Vec<Aside<'_>>,
    what: &str,
    prefix: &str,
    extras: &mut crate::model::Extras,
    place: Place<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for Aside { key, raw, why } in aside {
        let name = format!("{prefix}{key}");
        diagnostics.push(match why {
            Why::Unknown(path) if path == key => Diagnostic::new(
                codes::JSON_UNKNOWN_KEY,
                format!(
                    "{what} has a key the model does not know, {}: kept as written (the extra {})",
                    quote(&key),
                    quote(&name)
                ),
                Span::at(place.key_of(raw)),
            ),
            Why::Unknown(path) => {
                let inside = path
                    .strip_prefix(key.as_str())
                    .and_then(|p| p.strip_prefix('.'))
                    .unwrap_or(&path);
                Diagnostic::new(
                    codes::JSON_UNKNOWN_KEY,
                    format!(
                        "{what}'s {} holds a key the model does not know, {}: the field is read, and kept as written too (the extra {})",
                        quote(&key),
                        quote(inside),
                        quote(&name)
                    ),
                    Span::at(place.of(raw)),
                )
            }
            Why::Unread(reason) => Diagnostic::new(
                codes::JSON_UNREAD_FIELD,
                format!(
                    "cannot read {what}'s {}: {reason}; kept as written (the extra {})",
                    quote(&key),
                    quote(&name)
                ),
                Span::at(place.of(raw)),
            ),
        });
        extras.push(name, vec![compact(raw.get())]);
    }
}

/// JSON text without the whitespace between its tokens (strings are kept as they
/// are), so a value kept from a pretty document writes back on one line.
pub(crate) fn compact(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in json.chars() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
        } else if matches!(c, ' ' | '\t' | '\n' | '\r') {
            continue;
        }
        out.push(c);
    }
    out
}

/// An error that fails the game: `json::invalid` at `at`.
fn invalid(message: impl Into<String>, at: usize) -> Diagnostic {
    Diagnostic::new(codes::JSON_INVALID, message, Span::at(at))
}

/// Reads one game key by key (the slow lane): a field of a node or of the
/// information that cannot be read is kept as written beside what can. `None`, with
/// a `json::invalid` diagnostic, when the game itself cannot be made: it is not an
/// object, its kind cannot be read, or its tree is not one.
pub(crate) fn read_game(
    raw: &RawValue,
    place: Place<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Game> {
    let at = place.of(raw);
    // The other games of a document that has a bad one read as fast as ever.
    if let Ok((game, false)) = super::watch::watched::<Game>(raw.get()) {
        return Some(game);
    }
    let Ok(Entries(entries)) = serde_json::from_str::<Entries<'_>>(raw.get()) else {
        diagnostics.push(invalid("a game is a JSON object", at));
        return None;
    };
    let mut kind = None;
    let mut info = GameInfo::default();
    let mut info_seen = false;
    let mut tree = None;
    let mut aside_game = Vec::new();
    let mut aside_info = Vec::new();
    let mut aside_tree = Vec::new();
    let mut said = Vec::new();
    let mut at_nodes = Vec::new();
    for (key, value) in entries {
        match key.as_str() {
            "kind" if kind.is_none() => match typed::<GameKind>(value.get()) {
                Ok((k, unknown)) => {
                    kind = Some(k);
                    if let Some(path) = unknown.into_iter().next() {
                        aside_game.push(Aside {
                            key,
                            raw: value,
                            why: Why::Unknown(format!("kind.{path}")),
                        });
                    }
                }
                Err(e) => {
                    diagnostics.push(invalid(super::serde_message(&e), place.at_error(value, &e)));
                    return None;
                }
            },
            "info" if !info_seen => {
                info_seen = true;
                match lenient::<GameInfo>(value) {
                    Ok((i, aside)) => {
                        info = i;
                        aside_info = aside;
                    }
                    Err(e) => aside_game.push(Aside {
                        key,
                        raw: value,
                        why: Why::Unread(super::serde_message(&e)),
                    }),
                }
            }
            "tree" if tree.is_none() => {
                let Some(nodes) =
                    read_tree(value, place, &mut aside_tree, &mut said, &mut at_nodes)
                else {
                    said.extend(at_nodes.into_iter().map(|(_, d)| d));
                    said.sort_by_key(|d| d.span.start);
                    diagnostics.append(&mut said);
                    return None;
                };
                tree = Some(nodes);
            }
            _ => {
                let why = if matches!(key.as_str(), "kind" | "info" | "tree") {
                    Why::Unread(format!("a second {} in this game", quote(&key)))
                } else {
                    Why::Unknown(key.clone())
                };
                aside_game.push(Aside {
                    key,
                    raw: value,
                    why,
                });
            }
        }
    }
    let Some(kind) = kind else {
        diagnostics.push(invalid("a game needs its \"kind\"", at));
        return None;
    };
    let Some(nodes) = tree else {
        diagnostics.push(invalid("a game needs its \"tree\"", at));
        return None;
    };
    let tree = match Tree::from_nodes(nodes) {
        Ok(tree) => tree,
        Err(e) => {
            diagnostics.push(invalid(e.to_string(), at));
            return None;
        }
    };
    // Kept in the information: its own keys, the tree's, the game's, as the writer
    // puts them back (so a document read, written and read again keeps the order).
    let mut extras = std::mem::take(&mut info.extras);
    keep(
        aside_info,
        "the information",
        INFO,
        &mut extras,
        place,
        &mut said,
    );
    keep(aside_tree, "the tree", TREE, &mut extras, place, &mut said);
    keep(aside_game, "the game", GAME, &mut extras, place, &mut said);
    info.extras = extras;
    // A node's diagnostics carry its move's number.
    if !at_nodes.is_empty() {
        let numbers = tree.move_numbers();
        said.extend(
            at_nodes
                .into_iter()
                .map(|(i, d)| match numbers.get(i).copied().flatten() {
                    Some(n) => d.with_move(n),
                    None => d,
                }),
        );
    }
    // In the order of the text.
    said.sort_by_key(|d| d.span.start);
    diagnostics.append(&mut said);
    Some(Game { kind, info, tree })
}

/// Reads a game's `tree` object: its nodes, each key by key (the diagnostics about a
/// node in `at_nodes`, with its index). `None` (with the diagnostic in `said`) when
/// `nodes` is missing or not a list of objects.
fn read_tree<'a>(
    raw: &'a RawValue,
    place: Place<'_>,
    aside: &mut Vec<Aside<'a>>,
    said: &mut Vec<Diagnostic>,
    at_nodes: &mut Vec<(usize, Diagnostic)>,
) -> Option<Vec<Node>> {
    let Ok(Entries(entries)) = serde_json::from_str::<Entries<'a>>(raw.get()) else {
        said.push(invalid("a game's tree is a JSON object", place.of(raw)));
        return None;
    };
    let mut nodes = None;
    for (key, value) in entries {
        if key == "nodes" && nodes.is_none() {
            let Ok(list) = serde_json::from_str::<Vec<&RawValue>>(value.get()) else {
                said.push(invalid("a tree's nodes are a JSON list", place.of(value)));
                return None;
            };
            let mut read = Vec::with_capacity(list.len());
            for node in list {
                match lenient::<Node>(node) {
                    Ok((mut n, kept)) => {
                        let mut here = Vec::new();
                        keep(kept, "the node", PREFIX, &mut n.extras, place, &mut here);
                        at_nodes.extend(here.into_iter().map(|d| (read.len(), d)));
                        read.push(n);
                    }
                    Err(e) => {
                        said.push(invalid(
                            format!("cannot read a node: {}", super::serde_message(&e)),
                            place.at_error(node, &e),
                        ));
                        return None;
                    }
                }
            }
            nodes = Some(read);
        } else {
            let why = if key == "nodes" {
                Why::Unread("a second \"nodes\" in this tree".to_string())
            } else {
                Why::Unknown(key.clone())
            };
            aside.push(Aside {
                key,
                raw: value,
                why,
            });
        }
    }
    if nodes.is_none() {
        said.push(invalid("a game's tree needs its \"nodes\"", place.of(raw)));
    }
    nodes
}
