//! Texts a thread keeps for the next ones it reads: the `String`s of node comments
//! and labels, given back with their node's rest or markup
//! ([`super::SparsePart::give_back`]) once a game is written and dropped, and
//! taken again by a reader for a text of their size, instead of a `malloc` and a
//! `free` of the C library each (a collection's comments are most of its texts).
//!
//! Strings are kept in five classes by capacity (16, 32, 64, 128 and 256 bytes and
//! up to the next): a text of up to a class's size takes a string of that class,
//! which holds it without growing. A string made for a text of a class gets the
//! class's size, so that it can be kept and taken again for any text of the class.

use std::cell::RefCell;

/// How many classes: capacities of 16 bytes up to 511.
const CLASSES: usize = 5;

/// The smallest class's size, as a power of two.
const SMALLEST_LOG: u32 = 4;

/// The most strings a thread keeps in a class (at most about 1 MB in all).
const MOST_KEPT: usize = 1024;

thread_local! {
    /// The strings this thread keeps, by class, emptied.
    static KEPT: RefCell<[Vec<String>; CLASSES]> =
        const { RefCell::new([const { Vec::new() }; CLASSES]) };
}

/// The class whose strings hold `len` bytes without growing, `None` past the
/// largest.
#[inline]
fn class_for(len: usize) -> Option<usize> {
    // The least k with 16 << k ≥ len.
    let log = usize::BITS - (len.max(1 << SMALLEST_LOG) - 1).leading_zeros();
    let class = (log - SMALLEST_LOG) as usize;
    (class < CLASSES).then_some(class)
}

/// An empty string with room for `len` bytes: one this thread kept, or a new one
/// with its class's room (or exactly `len` past the largest class).
#[inline]
pub(crate) fn with_room(len: usize) -> String {
    if len == 0 {
        return String::new();
    }
    let Some(class) = class_for(len) else {
        return String::with_capacity(len);
    };
    let kept = KEPT
        .try_with(|k| {
            k.try_borrow_mut()
                .ok()
                .and_then(|mut k| k.get_mut(class).and_then(Vec::pop))
        })
        .ok()
        .flatten();
    kept.unwrap_or_else(|| String::with_capacity(1 << (SMALLEST_LOG as usize + class)))
}

/// Keeps `text`'s storage, emptied, for a later [`with_room`] of this thread, when
/// its capacity fits a class and the class is not full (else it is freed).
#[inline]
pub(crate) fn keep(mut text: String) {
    let cap = text.capacity();
    if cap < 1 << SMALLEST_LOG {
        return;
    }
    // The greatest k with 16 << k ≤ capacity: every text of class k fits.
    let class = (cap.ilog2() - SMALLEST_LOG) as usize;
    if class >= CLASSES {
        return;
    }
    text.clear();
    // A string not kept (full, or the thread ending) is freed with the closure.
    let _ = KEPT.try_with(move |k| {
        if let Ok(mut k) = k.try_borrow_mut() {
            if let Some(list) = k.get_mut(class) {
                if list.len() < MOST_KEPT {
                    list.push(text);
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_class_holds_every_text_of_its_size() {
        assert_eq!(class_for(0), Some(0));
        assert_eq!(class_for(1), Some(0));
        assert_eq!(class_for(16), Some(0));
        assert_eq!(class_for(17), Some(1));
        assert_eq!(class_for(32), Some(1));
        assert_eq!(class_for(33), Some(2));
        assert_eq!(class_for(256), Some(4));
        assert_eq!(class_for(257), None);
        for len in 1..300 {
            let s = with_room(len);
            assert!(s.is_empty());
            assert!(s.capacity() >= len, "{len}");
        }
    }

    #[test]
    fn a_kept_string_is_taken_again_for_a_text_it_holds() {
        // Capacity 40 is kept in the class of 32: a text of 32 bytes takes it, one
        // of 33 does not.
        let mut s = String::with_capacity(40);
        s.push_str("a comment");
        let at = s.as_ptr();
        keep(s);
        let big = with_room(33);
        assert_ne!(big.as_ptr(), at);
        let again = with_room(32);
        assert_eq!(again.as_ptr(), at, "the kept string");
        assert!(again.is_empty(), "emptied when kept");
        // Too small or too large to keep: freed.
        keep(String::with_capacity(8));
        keep(String::with_capacity(600));
        KEPT.with(|k| {
            let k = k.borrow();
            assert!(k
                .iter()
                .all(|c| c.iter().all(|s| (16..512).contains(&s.capacity()))));
        });
        // No more than MOST_KEPT in a class.
        for _ in 0..MOST_KEPT + 10 {
            keep(String::with_capacity(16));
        }
        KEPT.with(|k| assert_eq!(k.borrow()[0].len(), MOST_KEPT));
    }
}
