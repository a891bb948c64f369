//! Writing back the fields the reader kept as written ([`super::fields`]): an extra
//! `json:<key>` of a node goes back into the node's object under `<key>`, and
//! `json:info.<key>`, `json:tree.<key>`, `json:game.<key>` of the game's information
//! into the information, the tree and the game. So a document read with a field the
//! model could not hold is written as it came (the field after the model's own).
//!
//! Only what reads back the same goes back: the run of such extras at the end of the
//! list, in the order they are read back, each as the reader keeps it, under a key its
//! object does not write itself, and one the reader would set aside again. Every other
//! extra stays in `extras`. A game without `json:` extras is written by the model's
//! own serialisation, unchanged.

use std::borrow::Cow;
use std::collections::HashSet;

use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::Serialize;
use serde_json::value::RawValue;

use super::fields::{self, GAME, INFO, PREFIX, TREE};
use crate::model::{Extras, Game, GameInfo, Node, Tree};

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

/// Where kept fields of one object are written back: their prefix in `extras`, the
/// keys the object writes itself, and whether a field would be set aside again when
/// the output is read (a key the object does not know, or a value it cannot read).
struct Group<'a> {
    prefix: &'a str,
    taken: HashSet<String>,
    again: fn(&str, &str) -> bool,
}

/// Takes from the end of `extras` the entries that go back under their own key: the
/// longest run whose groups come in the order the output is read back (a group's
/// entries never after a later group's), each entry one value, as the reader keeps it
/// (compact JSON), not a key its object writes, not twice, and set aside again on
/// reading. So reading the output gives the same extras in the same order. The rest
/// stay in `extras`. One list of fields per group, in order.
fn take_back(extras: &mut Extras, groups: &[Group<'_>]) -> Vec<Back> {
    let mut backs: Vec<Back> = groups.iter().map(|_| Vec::new()).collect();
    let mut seen: Vec<HashSet<String>> = groups.iter().map(|_| HashSet::new()).collect();
    let mut rank = groups.len();
    while let Some(extra) = extras.0.last() {
        let Some((g, group, key)) = groups
            .iter()
            .enumerate()
            .find_map(|(i, g)| extra.key.strip_prefix(g.prefix).map(|k| (i, g, k)))
        else {
            break;
        };
        let [value] = extra.values.as_slice() else {
            break;
        };
        let fits = g <= rank
            && key != "extras"
            && !group.taken.contains(key)
            && fields::compact(value) == *value
            && (group.again)(key, value)
            && seen.get_mut(g).is_some_and(|s| s.insert(key.to_string()));
        let raw = match RawValue::from_string(value.clone()) {
            Ok(raw) if fits => raw,
            _ => break,
        };
        if let Some(back) = backs.get_mut(g) {
            back.push((key.to_string(), raw));
        }
        rank = g;
        extras.0.pop();
    }
    for back in &mut backs {
        back.reverse();
    }
    backs
}

/// Would `{"key": value}` be set aside when read as a `T`?
fn aside_in<T: serde::de::DeserializeOwned>(key: &str, value: &str) -> bool {
    let Ok(quoted) = serde_json::to_string(key) else {
        return false;
    };
    match fields::typed::<T>(&format!("{{{quoted}:{value}}}")) {
        Err(_) => true,
        Ok((_, unknown)) => unknown.first().is_some_and(|p| p == key),
    }
}

/// Always: every key of the game or tree object but its own is set aside.
fn always(_: &str, _: &str) -> bool {
    true
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
    own.extras = Extras::default();
    let group = Group {
        prefix: PREFIX,
        taken: keys_of(&own),
        again: aside_in::<Node>,
    };
    let mut extras = node.extras.clone();
    let back = take_back(&mut extras, &[group]).pop().unwrap_or_default();
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
        let mut info = game.info.clone();
        info.extras = Extras::default();
        let fixed = |keys: &[&str]| keys.iter().map(|k| k.to_string()).collect();
        // Read back in this order: the information's keys, the tree's, the game's.
        let groups = [
            Group {
                prefix: INFO,
                taken: keys_of(&info),
                again: aside_in::<GameInfo>,
            },
            Group {
                prefix: TREE,
                taken: fixed(&["nodes"]),
                again: always,
            },
            Group {
                prefix: GAME,
                taken: fixed(&["kind", "info", "tree"]),
                again: always,
            },
        ];
        let mut extras = game.info.extras.clone();
        let mut backs = take_back(&mut extras, &groups).into_iter();
        let (info_back, tree_back, game_back) = (
            backs.next().unwrap_or_default(),
            backs.next().unwrap_or_default(),
            backs.next().unwrap_or_default(),
        );
        info.extras = extras;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("kind", &game.kind)?;
        map.serialize_entry(
            "info",
            &WithBack {
                inner: Cow::<GameInfo>::Owned(info),
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
