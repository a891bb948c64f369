use std::fmt;
use std::ops::{Deref, DerefMut};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One piece of format-specific data kept for a lossless round trip through the same
/// format: an SGF private property, a KIF header no typed field holds, a Kiseong
/// control code. Keys are namespaced by format, e.g. `sgf:XY`, `kif:棋戦詳細`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Extra {
    /// Namespaced key: `<format>:<name>`.
    pub key: String,
    /// The values, in source order (SGF properties may have several).
    pub values: Values,
}

/// The values of an [`Extra`]: a list of strings, used as a slice (`&[String]`
/// through `Deref`). One value, what most entries hold, is kept in place: no list is
/// allocated for it (an SGF private property costs its key and its value, not a
/// third allocation). Serialised as a plain list.
#[derive(Clone, PartialEq, Eq)]
pub struct Values(Repr);

#[derive(Clone, PartialEq, Eq)]
enum Repr {
    One(String),
    Many(Vec<String>),
}

impl Values {
    /// No values.
    pub const fn new() -> Values {
        Values(Repr::Many(Vec::new()))
    }

    /// The values as a slice.
    pub fn as_slice(&self) -> &[String] {
        self
    }

    /// Appends a value.
    pub fn push(&mut self, value: String) {
        match &mut self.0 {
            Repr::Many(v) if !v.is_empty() => v.push(value),
            Repr::Many(_) => self.0 = Repr::One(value),
            Repr::One(first) => {
                let first = std::mem::take(first);
                self.0 = Repr::Many(vec![first, value]);
            }
        }
    }

    /// The values as a list.
    pub fn into_vec(self) -> Vec<String> {
        match self.0 {
            Repr::One(s) => vec![s],
            Repr::Many(v) => v,
        }
    }
}

impl Default for Values {
    fn default() -> Values {
        Values::new()
    }
}

impl Deref for Values {
    type Target = [String];
    fn deref(&self) -> &[String] {
        match &self.0 {
            Repr::One(s) => std::slice::from_ref(s),
            Repr::Many(v) => v,
        }
    }
}

impl DerefMut for Values {
    fn deref_mut(&mut self) -> &mut [String] {
        match &mut self.0 {
            Repr::One(s) => std::slice::from_mut(s),
            Repr::Many(v) => v,
        }
    }
}

impl From<Vec<String>> for Values {
    fn from(mut v: Vec<String>) -> Values {
        match (v.pop(), v.is_empty()) {
            (Some(one), true) => Values(Repr::One(one)),
            (Some(last), false) => {
                v.push(last);
                Values(Repr::Many(v))
            }
            (None, _) => Values(Repr::Many(v)),
        }
    }
}

impl Extend<String> for Values {
    fn extend<I: IntoIterator<Item = String>>(&mut self, iter: I) {
        for v in iter {
            self.push(v);
        }
    }
}

impl IntoIterator for Values {
    type Item = String;
    type IntoIter = std::vec::IntoIter<String>;
    fn into_iter(self) -> Self::IntoIter {
        self.into_vec().into_iter()
    }
}

impl<'a> IntoIterator for &'a Values {
    type Item = &'a String;
    type IntoIter = std::slice::Iter<'a, String>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq<Vec<String>> for Values {
    fn eq(&self, other: &Vec<String>) -> bool {
        **self == **other
    }
}

impl fmt::Debug for Values {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (**self).fmt(f)
    }
}

impl Serialize for Values {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Values {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Values, D::Error> {
        Vec::<String>::deserialize(deserializer).map(Values::from)
    }
}

impl Extra {
    /// True for presentation hints (`<format>:layout`): how the source arranged data
    /// the model already holds. Only their own format's writer reads them; other
    /// writers leave them out without a loss, since nothing is lost.
    pub fn is_layout(&self) -> bool {
        self.key.ends_with(":layout")
    }
}

/// An ordered list of [`Extra`]s; order is the source order and is kept.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Extras(pub ExtraList);

/// The list inside [`Extras`]: a `Vec<Extra>` (through `Deref`) kept behind one
/// pointer, and only while it holds something, so that a node without extras pays
/// 8 bytes for them, not 24. Reading an unset list reads an empty one; writing
/// through it stores one.
#[derive(Clone, Default)]
// The box is the point: one pointer in every node's rest, not a `Vec`'s three.
#[allow(clippy::box_collection)]
pub struct ExtraList(Option<Box<Vec<Extra>>>);

/// What an unset [`ExtraList`] reads as.
static NO_EXTRAS: Vec<Extra> = Vec::new();

impl ExtraList {
    /// Nothing stored.
    pub const NONE: ExtraList = ExtraList(None);
}

impl Deref for ExtraList {
    type Target = Vec<Extra>;
    fn deref(&self) -> &Vec<Extra> {
        self.0.as_deref().unwrap_or(&NO_EXTRAS)
    }
}

impl DerefMut for ExtraList {
    fn deref_mut(&mut self) -> &mut Vec<Extra> {
        self.0.get_or_insert_with(Box::default)
    }
}

impl From<Vec<Extra>> for ExtraList {
    fn from(v: Vec<Extra>) -> ExtraList {
        ExtraList((!v.is_empty()).then(|| Box::new(v)))
    }
}

impl IntoIterator for ExtraList {
    type Item = Extra;
    type IntoIter = std::vec::IntoIter<Extra>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.map(|b| *b).unwrap_or_default().into_iter()
    }
}

impl<'a> IntoIterator for &'a ExtraList {
    type Item = &'a Extra;
    type IntoIter = std::slice::Iter<'a, Extra>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut ExtraList {
    type Item = &'a mut Extra;
    type IntoIter = std::slice::IterMut<'a, Extra>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl PartialEq for ExtraList {
    fn eq(&self, other: &ExtraList) -> bool {
        **self == **other
    }
}

impl Eq for ExtraList {}

impl fmt::Debug for ExtraList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (**self).fmt(f)
    }
}

impl Serialize for ExtraList {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for ExtraList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ExtraList, D::Error> {
        Vec::<Extra>::deserialize(deserializer).map(ExtraList::from)
    }
}

impl Extras {
    /// Nothing kept.
    pub const NONE: Extras = Extras(ExtraList::NONE);

    /// Frees the list when it was stored but is empty, so it costs one pointer again.
    pub fn tidy(&mut self) {
        if self.0 .0.as_deref().is_some_and(Vec::is_empty) {
            self.0 .0 = None;
        }
    }

    /// True when nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Appends a key with its values.
    pub fn push(&mut self, key: impl Into<String>, values: Vec<String>) {
        // Most nodes that keep any keep one: room for one, not the four a first
        // push would make.
        if self.0.capacity() == 0 {
            self.0.reserve_exact(1);
        }
        self.0.push(Extra {
            key: key.into(),
            values: Values::from(values),
        });
    }

    /// The values of the first entry with this key.
    pub fn get(&self, key: &str) -> Option<&[String]> {
        self.0
            .iter()
            .find(|e| e.key == key)
            .map(|e| e.values.as_slice())
    }

    /// Iterates the entries whose key starts with `<format>:`.
    pub fn of_format<'a>(&'a self, format: &'a str) -> impl Iterator<Item = &'a Extra> + 'a {
        self.0.iter().filter(move |e| {
            e.key
                .strip_prefix(format)
                .is_some_and(|rest| rest.starts_with(':'))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One value is kept in place and reads as a one-element slice; pushing more,
    /// or reading a list, gives the same values in order; JSON is a plain list.
    #[test]
    fn values_read_as_a_list() {
        let mut e = Extras::default();
        e.push("sgf:XX", vec!["a".into()]);
        e.push("sgf:YY", vec![]);
        e.push("sgf:ZZ", vec!["1".into(), "2".into()]);
        assert_eq!(e.get("sgf:XX"), Some(&["a".to_string()][..]));
        assert_eq!(e.get("sgf:YY"), Some(&[][..]));
        assert_eq!(e.get("sgf:ZZ").map(|v| v.len()), Some(2));
        let json = serde_json::to_string(&e).expect("serialises");
        assert_eq!(
            json,
            r#"[{"key":"sgf:XX","values":["a"]},{"key":"sgf:YY","values":[]},{"key":"sgf:ZZ","values":["1","2"]}]"#
        );
        let back: Extras = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, e);
        let mut v = Values::new();
        v.push("x".into());
        assert_eq!(v, vec!["x".to_string()]);
        v.extend(["y".to_string(), "z".to_string()]);
        assert_eq!(v.into_vec(), ["x", "y", "z"]);
        // In place: an entry is its key and its values, no list for one value.
        assert_eq!(std::mem::size_of::<Values>(), 32);
    }
}
