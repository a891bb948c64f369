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

/// The list inside [`Extras`]: the entries (a slice through `Deref`) kept behind one
/// pointer, and only while it holds something, so that a node without extras pays
/// 8 bytes for them, not 24; one entry, what most nodes that have any hold, is kept
/// in that one allocation, without a list. Reading an unset list reads an empty
/// one; writing through it stores one.
#[derive(Clone, Default)]
pub struct ExtraList(Option<Box<Store>>);

/// What an [`ExtraList`] stores: one entry, or a list of them.
#[derive(Clone)]
enum Store {
    One(Extra),
    Many(Vec<Extra>),
}

impl ExtraList {
    /// Nothing stored.
    pub const NONE: ExtraList = ExtraList(None);

    /// Runs `f` on the entries as a list, stored as one from here on (the list
    /// operations), or nothing when `f` leaves it empty.
    fn with_list<R>(&mut self, f: impl FnOnce(&mut Vec<Extra>) -> R) -> R {
        let store = self
            .0
            .get_or_insert_with(|| Box::new(Store::Many(Vec::new())));
        let mut v = match std::mem::replace(&mut **store, Store::Many(Vec::new())) {
            Store::One(e) => {
                let mut v = Vec::with_capacity(2);
                v.push(e);
                v
            }
            Store::Many(v) => v,
        };
        let r = f(&mut v);
        if v.is_empty() {
            self.0 = None;
        } else {
            **store = Store::Many(v);
        }
        r
    }

    /// Appends an entry: the first is kept in place, without a list.
    pub fn push(&mut self, e: Extra) {
        if self.is_empty() {
            self.0 = Some(Box::new(Store::One(e)));
        } else {
            self.with_list(|v| v.push(e));
        }
    }

    /// Keeps the entries for which `keep` is true, in order.
    pub fn retain(&mut self, keep: impl FnMut(&Extra) -> bool) {
        if !self.is_empty() {
            self.with_list(|v| v.retain(keep));
        }
    }

    /// Moves every entry of `other` to the end of this list.
    pub fn append(&mut self, other: &mut ExtraList) {
        for e in std::mem::take(other) {
            self.push(e);
        }
    }

    /// Removes and returns the last entry.
    pub fn pop(&mut self) -> Option<Extra> {
        if self.is_empty() {
            return None;
        }
        self.with_list(Vec::pop)
    }

    /// Removes and returns the entry at `i`, when there is one.
    pub fn remove(&mut self, i: usize) -> Option<Extra> {
        if i >= self.len() {
            return None;
        }
        Some(self.with_list(|v| v.remove(i)))
    }
}

impl Extend<Extra> for ExtraList {
    fn extend<I: IntoIterator<Item = Extra>>(&mut self, iter: I) {
        for e in iter {
            self.push(e);
        }
    }
}

impl Deref for ExtraList {
    type Target = [Extra];
    fn deref(&self) -> &[Extra] {
        match self.0.as_deref() {
            None => &[],
            Some(Store::One(e)) => std::slice::from_ref(e),
            Some(Store::Many(v)) => v,
        }
    }
}

impl DerefMut for ExtraList {
    fn deref_mut(&mut self) -> &mut [Extra] {
        match self.0.as_deref_mut() {
            None => &mut [],
            Some(Store::One(e)) => std::slice::from_mut(e),
            Some(Store::Many(v)) => v,
        }
    }
}

impl From<Vec<Extra>> for ExtraList {
    fn from(v: Vec<Extra>) -> ExtraList {
        let mut list = ExtraList::NONE;
        list.extend(v);
        list
    }
}

impl IntoIterator for ExtraList {
    type Item = Extra;
    type IntoIter = std::vec::IntoIter<Extra>;
    fn into_iter(self) -> Self::IntoIter {
        match self.0.map(|b| *b) {
            None => Vec::new(),
            Some(Store::One(e)) => vec![e],
            Some(Store::Many(v)) => v,
        }
        .into_iter()
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
        if self.0.is_empty() {
            self.0 .0 = None;
        }
    }

    /// True when nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Appends a key with its values.
    pub fn push(&mut self, key: impl Into<String>, values: Vec<String>) {
        // Most nodes that keep any keep one: it is kept in place, without a list.
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

    /// A list of entries: empty is no allocation, one entry is kept in place, more
    /// make a list; the list operations keep the order, and JSON is a plain list
    /// whatever the list holds.
    #[test]
    fn an_extra_list_keeps_one_entry_in_place_and_more_in_order() {
        let e = |k: &str| Extra {
            key: k.to_string(),
            values: Values::from(vec!["v".to_string()]),
        };
        let keys = |l: &ExtraList| l.iter().map(|e| e.key.clone()).collect::<Vec<_>>();
        let mut x = Extras::default();
        assert!(x.0 .0.is_none() && x.is_empty());
        x.push("sgf:A", vec!["v".into()]);
        assert!(matches!(x.0 .0.as_deref(), Some(Store::One(_))));
        assert_eq!(
            serde_json::to_string(&x).expect("json"),
            r#"[{"key":"sgf:A","values":["v"]}]"#
        );
        x.push("sgf:B", vec!["v".into()]);
        x.0.extend([e("sgf:C"), e("sgf:D")]);
        assert_eq!(keys(&x.0), ["sgf:A", "sgf:B", "sgf:C", "sgf:D"]);
        x.0.retain(|e| e.key != "sgf:B");
        assert_eq!(x.0.remove(1).map(|e| e.key), Some("sgf:C".to_string()));
        assert_eq!(x.0.remove(5), None);
        assert_eq!(x.0.pop().map(|e| e.key), Some("sgf:D".to_string()));
        let mut other = ExtraList::from(vec![e("sgf:E")]);
        x.0.append(&mut other);
        assert!(other.0.is_none());
        assert_eq!(keys(&x.0), ["sgf:A", "sgf:E"]);
        let back: Extras =
            serde_json::from_str(&serde_json::to_string(&x).expect("json")).expect("reads");
        assert_eq!(back, x);
        x.0.retain(|_| false);
        assert!(x.0 .0.is_none());
        assert_eq!(x.0.pop().map(|e| e.key), None);
        assert!(ExtraList::from(Vec::new()).0.is_none());
        // One pointer in a node's rest; one entry in one allocation of its size.
        assert_eq!(std::mem::size_of::<ExtraList>(), 8);
        assert_eq!(std::mem::size_of::<Store>(), std::mem::size_of::<Extra>());
    }
}
