//! [`Sparse`]: a part of a node that most nodes leave empty (markup, setup), kept
//! behind a pointer only while it holds something. An empty part costs one pointer
//! instead of its whole size, which halves the size of a node and with it the memory
//! and copying of large game trees.

use std::fmt;
use std::ops::{Deref, DerefMut};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A value type that can live in a [`Sparse`].
pub trait SparsePart: Default + PartialEq + 'static {
    /// A shared empty value: what an unset part reads as.
    fn empty() -> &'static Self;
    /// True when the value holds nothing.
    fn is_empty(&self) -> bool;
    /// Frees the parts of the value that are stored but empty ([`Sparse`]s of its
    /// own); [`Sparse::tidy`] calls it before asking whether the value is empty.
    fn tidy_parts(&mut self) {}
}

/// A `T` that is stored only when not empty. It reads as `T` (an unset one as the
/// empty `T`); writing through it stores a `T` first.
#[derive(Clone, Default)]
pub struct Sparse<T: SparsePart>(Option<Box<T>>);

impl<T: SparsePart> Sparse<T> {
    /// Nothing stored.
    pub const NONE: Sparse<T> = Sparse(None);

    /// Frees what is stored when it is empty (written through `DerefMut` but left
    /// empty, e.g. a field set to `None`), so it costs one pointer again; and the
    /// stored value's own empty parts when it is not.
    #[inline]
    pub fn tidy(&mut self) {
        if let Some(value) = self.0.as_deref_mut() {
            value.tidy_parts();
            if value.is_empty() {
                self.0 = None;
            }
        }
    }

    /// The value itself (the empty value when nothing is stored).
    pub fn into_inner(self) -> T {
        self.0.map(|b| *b).unwrap_or_default()
    }

    /// What is stored, `None` when nothing is (reading through the `Sparse` gives
    /// the empty value then): lets a reader skip a part it would find empty.
    pub fn get(&self) -> Option<&T> {
        self.0.as_deref()
    }

    /// True when nothing is stored at all (not even an empty value).
    pub fn is_none(&self) -> bool {
        self.0.is_none()
    }

    /// True when nothing is stored or what is stored is empty.
    pub fn is_empty(&self) -> bool {
        self.0.as_deref().is_none_or(T::is_empty)
    }
}

impl<T: SparsePart> From<T> for Sparse<T> {
    fn from(value: T) -> Self {
        if value.is_empty() {
            Sparse(None)
        } else {
            Sparse(Some(Box::new(value)))
        }
    }
}

impl<T: SparsePart> Deref for Sparse<T> {
    type Target = T;
    fn deref(&self) -> &T {
        self.0.as_deref().unwrap_or_else(|| T::empty())
    }
}

impl<T: SparsePart> DerefMut for Sparse<T> {
    fn deref_mut(&mut self) -> &mut T {
        self.0.get_or_insert_with(Box::default)
    }
}

impl<T: SparsePart> PartialEq for Sparse<T> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: SparsePart + Eq> Eq for Sparse<T> {}

impl<T: SparsePart + fmt::Debug> fmt::Debug for Sparse<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (**self).fmt(f)
    }
}

impl<T: SparsePart + Serialize> Serialize for Sparse<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

impl<'de, T: SparsePart + Deserialize<'de>> Deserialize<'de> for Sparse<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize(deserializer).map(Sparse::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Point, Setup};

    #[test]
    fn empty_reads_as_empty_and_writing_stores() {
        let mut s: Sparse<Setup> = Sparse::default();
        assert!(s.is_empty());
        assert!(s.add_black.is_empty());
        assert_eq!(s, Sparse::from(Setup::default()));
        s.add_black.push(Point::new(3, 3));
        assert!(!s.is_empty());
        assert_eq!(s.add_black, vec![Point::new(3, 3)]);
        assert_ne!(s, Sparse::default());
        // Stored but emptied again equals never stored.
        s.add_black.clear();
        assert_eq!(s, Sparse::default());
        assert!(s.is_empty());
    }

    #[test]
    fn serialises_as_the_value_itself() {
        let s = Sparse::from(Setup {
            add_white: vec![Point::new(0, 1)],
            ..Setup::default()
        });
        let json = serde_json::to_string(&s).expect("serialises");
        assert_eq!(json, serde_json::to_string(&*s).expect("serialises"));
        let back: Sparse<Setup> = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, s);
    }
}
