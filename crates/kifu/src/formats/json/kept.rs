//! Writing back the fields the reader kept as written ([`super::fields`]): an extra
//! `json:<key>` of a node goes back into the node's object under `<key>`, and
//! `json:info.<key>`, `json:game.<key>`, `json:tree.<key>` of the game's information
//! into the information, the game and its tree. So a document read with a field the
//! model could not hold is written as it came (the field after the model's own).
//!
//! An extra stays in `extras` when its key is one the object already writes (a
//! second value of a field that was read), when it is there twice, or when its value
//! is not one JSON value. A game without such extras is written by the model's own
//! serialisation, unchanged.

use std::borrow::Cow;
use std::collections::HashSet;

use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::Serialize;
use serde_json::value::RawValue;

use super::fields::{GAME, INFO, PREFIX, TREE};
use crate::model::{Extras, Game, Node, Tree};

/// A game as JSON, compact or pretty, its kept fields back under their keys.
pub(crate) fn game_json(game: &Game, pretty: bool) -> Result<String, serde_json::Error> {
    let kept = game.info.extras.of_format("json").next().is_some()
        || game
            .tree
            .iter()
            .any(|(_, n)| n.extras.of_format("json").next().is_some());
    if !kept {
        return to_string(game, pretty);
    }
    to_string(&GameOut(game), pretty)
}

/// `value` as JSON, compact or pretty.
fn to_string(value: &impl Serialize, pretty: bool) -> Result<String, serde_json::Error> {
    if pretty {
        serde_json::to_string_pretty(value)
    } else {
        serde_json::to_string(value)
    }
}

/// Fields to write after an object's own: key and value as written.
type Back = Vec<(String, Box<RawValue>)>;

/// Takes out of `extras` the entries under `prefix` that can go back under their
/// key: not one of `taken`, not twice, one JSON value.
fn take_back(extras: &mut Extras, prefix: &str, taken: &HashSet<String>) -> Back {
    let mut back: Back = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    extras.0.retain(|extra| {
        let Some(key) = extra.key.strip_prefix(prefix) else {
            return true;
        };
        let [value] = extra.values.as_slice() else {
            return true;
        };
        if taken.contains(key) || !seen.insert(key.to_string()) {
            return true;
        }
        match RawValue::from_string(value.clone()) {
            Ok(raw) => {
                back.push((key.to_string(), raw));
                false
            }
            Err(_) => true,
        }
    });
    back
}

/// When some extras stay, the object writes its `extras` key: a kept `extras` field
/// then stays among them too (no key is written twice).
fn settle(extras: &mut Extras, back: &mut Back, prefix: &str) {
    if extras.is_empty() {
        return;
    }
    if let Some(i) = back.iter().position(|(k, _)| k == "extras") {
        let (key, value) = back.remove(i);
        extras.push(format!("{prefix}{key}"), vec![value.get().to_string()]);
    }
}

/// The keys `value` writes as a JSON object.
fn keys_of(value: &impl Serialize) -> HashSet<String> {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::Object(map)) => map.into_iter().map(|(k, _)| k).collect(),
        _ => HashSet::new(),
    }
}

/// An object of the model followed by the fields written back into it.
struct WithBack<'a, T: Clone> {
    inner: Cow<'a, T>,
    back: Back,
}

impl<T: Serialize + Clone> Serialize for WithBack<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Flat<'b, T: Serialize> {
            #[serde(flatten)]
            inner: &'b T,
            #[serde(flatten)]
            back: Entries<'b>,
        }
        Flat {
            inner: self.inner.as_ref(),
            back: Entries(&self.back),
        }
        .serialize(s)
    }
}

/// Fields as a map's entries.
struct Entries<'a>(&'a Back);

impl Serialize for Entries<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (key, value) in self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// A node with its `json:` extras back under their keys.
fn node_out(node: &Node) -> WithBack<'_, Node> {
    if node.extras.of_format("json").next().is_none() {
        return WithBack {
            inner: Cow::Borrowed(node),
            back: Vec::new(),
        };
    }
    let mut own = node.clone();
    own.extras.0.retain(|e| !e.key.starts_with(PREFIX));
    let taken = keys_of(&own);
    let mut extras = node.extras.clone();
    let mut back = take_back(&mut extras, PREFIX, &taken);
    settle(&mut extras, &mut back, PREFIX);
    own.extras = extras;
    WithBack {
        inner: Cow::Owned(own),
        back,
    }
}

/// A game whose information or nodes hold `json:` extras.
struct GameOut<'a>(&'a Game);

impl Serialize for GameOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let game = self.0;
        let mut extras = game.info.extras.clone();
        let taken = |keys: &[&str]| keys.iter().map(|k| k.to_string()).collect();
        let game_back = take_back(&mut extras, GAME, &taken(&["kind", "info", "tree"]));
        let tree_back = take_back(&mut extras, TREE, &taken(&["nodes"]));
        let mut info = game.info.clone();
        info.extras = Extras(
            extras
                .0
                .iter()
                .filter(|e| !e.key.starts_with(INFO))
                .cloned()
                .collect(),
        );
        let mut info_back = take_back(&mut extras, INFO, &keys_of(&info));
        settle(&mut extras, &mut info_back, INFO);
        info.extras = extras;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("kind", &game.kind)?;
        map.serialize_entry(
            "info",
            &WithBack {
                inner: Cow::<crate::model::GameInfo>::Owned(info),
                back: info_back,
            },
        )?;
        map.serialize_entry(
            "tree",
            &TreeOut {
                tree: &game.tree,
                back: tree_back,
            },
        )?;
        for (key, value) in &game_back {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// A tree's object: its nodes, then the fields written back into it.
struct TreeOut<'a> {
    tree: &'a Tree,
    back: Back,
}

impl Serialize for TreeOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("nodes", &Nodes(self.tree))?;
        for (key, value) in &self.back {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// The arena, each node with its kept fields back.
struct Nodes<'a>(&'a Tree);

impl Serialize for Nodes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for (_, node) in self.0.iter() {
            seq.serialize_element(&node_out(node))?;
        }
        seq.end()
    }
}
