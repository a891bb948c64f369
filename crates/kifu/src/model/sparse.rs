//! [`Sparse`]: a part of a node that most nodes leave empty (markup, setup), kept
//! behind a pointer only while it holds something. An empty part costs one pointer
//! instead of its whole size, which halves the size of a node and with it the memory
//! and copying of large game trees.

use std::fmt;
use std::ops::{Deref, DerefMut};
use std::thread::LocalKey;

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
    /// A box holding the empty value, for a value about to be stored: a new one, or
    /// one a value of this thread gave back ([`SparsePart::give_back`]).
    fn new_box() -> Box<Self> {
        Box::default()
    }
    /// Takes the box of a value no longer stored (freed by default).
    fn give_back(boxed: Box<Self>) {
        drop(boxed);
    }
}

/// Boxes a thread keeps for the values stored next ([`SparsePart::new_box`]): a
/// game's tree, freed once it is written, hands its boxes to the next game's,
/// each taken and given back in a few instructions instead of a `malloc` and a
/// `free` of the C library.
pub(crate) type Kept<T> = std::cell::RefCell<Vec<Box<T>>>;

/// The most boxes of one type a thread keeps (a few hundred KB).
const MOST_KEPT: usize = 4096;

/// A kept box of `kept`, emptied when it was given back, or a new one.
#[inline]
pub(crate) fn take_kept<T: SparsePart>(kept: &'static LocalKey<Kept<T>>) -> Box<T> {
    kept.try_with(|k| k.try_borrow_mut().ok().and_then(|mut k| k.pop()))
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Empties `boxed` (dropping what it held) and keeps it in `kept`, unless the
/// thread keeps enough already (then it is freed).
#[inline]
pub(crate) fn keep<T: SparsePart>(kept: &'static LocalKey<Kept<T>>, mut boxed: Box<T>) {
    *boxed = T::default();
    keep_emptied(kept, boxed);
}

/// Keeps `boxed`, which its type has emptied itself (keeping the room of its
/// lists, say), in `kept`, unless the thread keeps enough already.
#[inline]
pub(crate) fn keep_emptied<T: SparsePart>(kept: &'static LocalKey<Kept<T>>, boxed: Box<T>) {
    // A box not kept (full, or the thread ending) is freed with the closure.
    let _ = kept.try_with(move |k| {
        if let Ok(mut k) = k.try_borrow_mut() {
            if k.len() < MOST_KEPT {
                k.push(boxed);
            }
        }
    });
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
                if let Some(boxed) = self.0.take() {
                    T::give_back(boxed);
                }
            }
        }
    }

    /// The value itself (the empty value when nothing is stored).
    pub fn into_inner(mut self) -> T {
        self.0.take().map(|b| *b).unwrap_or_default()
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
            let mut boxed = T::new_box();
            *boxed = value;
            Sparse(Some(boxed))
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
        self.0.get_or_insert_with(T::new_box)
    }
}

impl<T: SparsePart> Drop for Sparse<T> {
    fn drop(&mut self) {
        if let Some(boxed) = self.0.take() {
            T::give_back(boxed);
        }
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
