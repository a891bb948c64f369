//! A JKF document read entry by entry: each entry of `moves` (and of its forks) is
//! read into the few values the reader needs as soon as it is parsed, so the
//! document is never held as a `serde_json::Value` (a map of about 600 bytes per
//! JSON object, some 36 bytes a byte of input). Only one entry's own fields are a
//! `Value` at a time, which keeps the reader's judgements (unread fields kept as
//! written, comments, times) exactly as they were on the whole document.
//!
//! Every JSON value is accepted where the reader once looked into a `Value` and
//! ignored what it did not expect: a `moves` that is not an array is no moves, an
//! entry that is not an object has no fields, a fork that is not an array is none.
//! Nesting is bounded by serde_json's recursion limit, as it was for `Value`.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::{color_of, kind_of, square_of};
use crate::model::{Color, PieceKind, Square};

/// The parts of a JKF document the reader uses.
#[derive(Default)]
pub(super) struct Doc {
    /// `header`, as written.
    pub header: Option<Value>,
    /// `initial`, as written.
    pub initial: Option<Value>,
    /// `moves` when it is an array (its first entry is the position before any move).
    pub moves: Vec<Entry>,
}

/// One entry of a list of moves, read.
#[derive(Default)]
pub(super) struct Entry {
    /// `comments` joined with `\n`, when they are readable and any is a string.
    pub comment: Option<String>,
    /// The fields the reader cannot read, each with its JSON text, in key order.
    pub unread: Vec<(String, String)>,
    /// `time.now` in milliseconds, when `time` is readable and has `now`.
    pub time_used_ms: Option<u64>,
    /// `time.total` in milliseconds, when `time` is readable and has `total`.
    pub time_total_ms: Option<u64>,
    /// `special`, when it is a string.
    pub special: Option<String>,
    /// `move`, when the entry has one.
    pub mv: Option<MoveFields>,
    /// The forks: the alternatives to this entry, each a list of entries.
    pub forks: Vec<Vec<Entry>>,
}

/// What an entry's `move` says, read.
pub(super) struct MoveFields {
    /// `color`, when it is 0 or 1.
    pub color: Option<Color>,
    /// `to`, when it is a square.
    pub to: Option<Square>,
    /// `piece`, when it is a CSA piece name.
    pub piece: Option<PieceKind>,
    /// `from`.
    pub from: From,
    /// `promote`, false unless `true`.
    pub promote: bool,
}

/// An entry's `from`.
pub(super) enum From {
    /// Absent or `null`: a drop.
    Absent,
    /// A square.
    At(Square),
    /// Present but not a square.
    Bad,
}

impl Entry {
    /// Reads an entry's own fields (all but `forks`).
    fn digest(entry: &Value) -> Entry {
        let unread = unread_fields(entry);
        let is_unread = |key: &str| unread.iter().any(|(k, _)| k == key);
        let comment = if is_unread("comments") {
            // Kept whole as written: the strings among them are not also a comment.
            None
        } else {
            comments(entry)
        };
        let (mut time_used_ms, mut time_total_ms) = (None, None);
        if let Some(t) = entry.get("time").filter(|_| !is_unread("time")) {
            let now = t.get("now");
            let total = t.get("total");
            let secs = |v: Option<&Value>, k: &str| {
                v.and_then(|v| v.get(k))
                    .and_then(Value::as_u64)
                    .unwrap_or(0)
            };
            if now.is_some() {
                time_used_ms = Some((secs(now, "m") * 60 + secs(now, "s")) * 1000);
            }
            if total.is_some() {
                time_total_ms = Some(
                    (secs(total, "h") * 3600 + secs(total, "m") * 60 + secs(total, "s")) * 1000,
                );
            }
        }
        let special = entry
            .get("special")
            .and_then(Value::as_str)
            .map(str::to_owned);
        let mv = entry.get("move").map(|mv| MoveFields {
            color: mv.get("color").and_then(color_of),
            to: mv.get("to").and_then(square_of),
            piece: kind_of(mv.get("piece")),
            from: match mv.get("from") {
                None | Some(Value::Null) => From::Absent,
                Some(f) => square_of(f).map_or(From::Bad, From::At),
            },
            promote: mv.get("promote").and_then(Value::as_bool).unwrap_or(false),
        });
        Entry {
            comment,
            unread,
            time_used_ms,
            time_total_ms,
            special,
            mv,
            forks: Vec::new(),
        }
    }
}

/// The fields of an entry the reader cannot read, with their JSON text: a key it
/// does not know, a `time` not of the shape `now {m,s}` / `total {h,m,s}` in whole
/// numbers, `comments` that are not all strings.
fn unread_fields(entry: &Value) -> Vec<(String, String)> {
    let Some(map) = entry.as_object() else {
        return Vec::new();
    };
    let whole = |v: &Value, keys: &[&str]| {
        v.as_object().is_some_and(|o| {
            o.iter()
                .all(|(k, x)| keys.contains(&k.as_str()) && x.as_u64().is_some())
        })
    };
    let mut out = Vec::new();
    for (key, v) in map {
        let readable = match key.as_str() {
            "move" | "special" | "forks" => true,
            "comments" => v.as_array().is_some_and(|a| a.iter().all(Value::is_string)),
            "time" => v.as_object().is_some_and(|o| {
                o.iter().all(|(k, x)| match k.as_str() {
                    "now" => whole(x, &["m", "s"]),
                    "total" => whole(x, &["h", "m", "s"]),
                    _ => false,
                })
            }),
            _ => false,
        };
        if !readable {
            out.push((key.clone(), v.to_string()));
        }
    }
    out
}

fn comments(entry: &Value) -> Option<String> {
    let c = entry.get("comments")?.as_array()?;
    let lines: Vec<&str> = c.iter().filter_map(Value::as_str).collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// Implements the visits of a JSON value the caller does not expect: each gives
/// `$none` (a map or an array is read through and dropped).
macro_rules! anything_else {
    ($none:expr) => {
        fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Self::Value, E> {
            Ok($none)
        }
        fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<Self::Value, E> {
            Ok($none)
        }
        fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<Self::Value, E> {
            Ok($none)
        }
        fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Self::Value, E> {
            Ok($none)
        }
        fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Self::Value, E> {
            Ok($none)
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok($none)
        }
    };
}

/// Drains a map, keys and values unread.
fn skip_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<(), A::Error> {
    while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
    Ok(())
}

/// Drains an array, elements unread.
fn skip_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<IgnoredAny>()?.is_some() {}
    Ok(())
}

impl<'de> Deserialize<'de> for Doc {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Doc, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Doc;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Doc, A::Error> {
                let mut doc = Doc::default();
                // A key written twice counts as written last, as in a `Value`.
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "header" => doc.header = Some(map.next_value()?),
                        "initial" => doc.initial = Some(map.next_value()?),
                        "moves" => {
                            doc.moves = map.next_value::<List<Entry>>()?.0.unwrap_or_default()
                        }
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(doc)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Doc, A::Error> {
                skip_seq(seq).map(|()| Doc::default())
            }
            anything_else!(Doc::default());
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Entry, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Entry;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entry, A::Error> {
                let mut fields = Map::new();
                let mut forks = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    if key == "forks" {
                        // Forks that are not arrays are none, as before.
                        forks = map
                            .next_value::<List<List<Entry>>>()?
                            .0
                            .unwrap_or_default()
                            .into_iter()
                            .filter_map(|l| l.0)
                            .collect();
                    } else {
                        let v: Value = map.next_value()?;
                        fields.insert(key, v);
                    }
                }
                let mut entry = Entry::digest(&Value::Object(fields));
                entry.forks = forks;
                Ok(entry)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Entry, A::Error> {
                skip_seq(seq).map(|()| Entry::default())
            }
            anything_else!(Entry::default());
        }
        d.deserialize_any(V)
    }
}

/// A JSON array of `T`s, or `None` for any other JSON value.
struct List<T>(Option<Vec<T>>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for List<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<List<T>, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = List<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<List<T>, A::Error> {
                let mut out = Vec::new();
                while let Some(x) = seq.next_element::<T>()? {
                    out.push(x);
                }
                Ok(List(Some(out)))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<List<T>, A::Error> {
                skip_map(map).map(|()| List(None))
            }
            anything_else!(List(None));
        }
        d.deserialize_any(V(PhantomData))
    }
}
