use serde::{Deserialize, Serialize};

use super::{Color, Point};

/// A marker shape on a point (SGF TR, SQ, CR, MA, SL).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// Triangle (TR, Kiseong ▲).
    Triangle,
    /// Square (SQ, Kiseong ▣).
    Square,
    /// Circle (CR, Kiseong ⊙).
    Circle,
    /// Cross (MA).
    Cross,
    /// Selected point (SL).
    Selected,
}

/// A shape drawn on a point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Symbol {
    /// Where.
    pub point: Point,
    /// What.
    pub shape: Shape,
}

/// A text label on a point (SGF LB; Kiseong letter and Hangul labels).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Label {
    /// Where.
    pub point: Point,
    /// The text.
    pub text: String,
}

/// A line or arrow between two points (SGF LN, AR).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// Start.
    pub from: Point,
    /// End.
    pub to: Point,
}

/// A stone drawn with a number on it (Kiseong numbered stones), shown in diagrams.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NumberedStone {
    /// Where.
    pub point: Point,
    /// The stone's colour.
    pub color: Color,
    /// The number shown.
    pub number: u32,
}

/// Everything drawn on the board in a node without changing the position.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Markup {
    /// Shapes on points.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub symbols: Vec<Symbol>,
    /// Text labels.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<Label>,
    /// Arrows.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arrows: Vec<Line>,
    /// Lines.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<Line>,
    /// Points shown dimmed (SGF DD).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dimmed: Vec<Point>,
    /// Numbered stones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub numbered: Vec<NumberedStone>,
}

impl super::SparsePart for Markup {
    fn empty() -> &'static Markup {
        static EMPTY: Markup = Markup {
            symbols: Vec::new(),
            labels: Vec::new(),
            arrows: Vec::new(),
            lines: Vec::new(),
            dimmed: Vec::new(),
            numbered: Vec::new(),
        };
        &EMPTY
    }

    fn is_empty(&self) -> bool {
        Markup::is_empty(self)
    }

    fn new_box() -> Box<Markup> {
        super::sparse::take_kept(&KEPT_MARKUP)
    }

    /// Kept emptied with the room of its lists (the labels' texts kept for the
    /// thread's next texts), unless a list is longer than most: then emptied anew.
    fn give_back(mut boxed: Box<Markup>) {
        for label in boxed.labels.drain(..) {
            super::texts::keep(label.text);
        }
        boxed.clear();
        if boxed.most_room() > MOST_ROOM {
            *boxed = Markup::default();
        }
        super::sparse::keep_emptied(&KEPT_MARKUP, boxed);
    }
}

/// The most items a list of a kept markup keeps room for.
const MOST_ROOM: usize = 64;

thread_local! {
    /// The boxes of markup this thread keeps ([`super::sparse::Kept`]).
    static KEPT_MARKUP: super::sparse::Kept<Markup> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Markup {
    /// Empties every list, keeping their memory.
    pub fn clear(&mut self) {
        let Markup {
            symbols,
            labels,
            arrows,
            lines,
            dimmed,
            numbered,
        } = self;
        symbols.clear();
        labels.clear();
        arrows.clear();
        lines.clear();
        dimmed.clear();
        numbered.clear();
    }

    /// The room of its longest list, in items.
    fn most_room(&self) -> usize {
        self.symbols
            .capacity()
            .max(self.labels.capacity())
            .max(self.arrows.capacity())
            .max(self.lines.capacity())
            .max(self.dimmed.capacity())
            .max(self.numbered.capacity())
    }

    /// True when nothing is drawn.
    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
            && self.labels.is_empty()
            && self.arrows.is_empty()
            && self.lines.is_empty()
            && self.dimmed.is_empty()
            && self.numbered.is_empty()
    }
}

#[cfg(test)]
mod kept_tests {
    use super::*;
    use crate::model::Sparse;
    use std::ops::DerefMut;

    /// A box given back is kept, emptied, for the next value of its type on the
    /// thread; past the most a thread keeps (4,096) boxes are freed.
    #[test]
    fn a_dropped_box_is_kept_empty_for_the_next_value() {
        let marked = || {
            let mut s: Sparse<Markup> = Sparse::default();
            s.symbols.push(Symbol {
                point: Point::new(2, 2),
                shape: Shape::Triangle,
            });
            s
        };
        let first = marked();
        let at: *const Markup = &*first;
        drop(first);
        let mut next: Sparse<Markup> = Sparse::default();
        assert!(next.is_none());
        let again: *const Markup = &*next.deref_mut();
        assert_eq!(again, at, "the kept box");
        assert!(next.symbols.is_empty(), "emptied when given back");
        drop(next);
        // Tidied away when emptied: kept too.
        let mut tidied = marked();
        let at: *const Markup = &*tidied;
        tidied.symbols.clear();
        tidied.tidy();
        assert!(tidied.is_none());
        assert_eq!(&*marked() as *const Markup, at);
        // No more than MOST_KEPT are kept.
        let many: Vec<Sparse<Markup>> = (0..4096 + 10).map(|_| marked()).collect();
        drop(many);
        let count = KEPT_MARKUP.with(|k| k.borrow().len());
        assert_eq!(count, 4096, "the most kept");
    }

    /// A kept markup keeps the room of its lists (not past 64 items) and gives its
    /// labels' texts to the thread's kept texts.
    #[test]
    fn a_kept_markup_keeps_its_room_and_its_labels_texts() {
        let mut s: Sparse<Markup> = Sparse::default();
        s.symbols.push(Symbol {
            point: Point::new(2, 2),
            shape: Shape::Triangle,
        });
        let text = String::with_capacity(20);
        let text_at = text.as_ptr();
        s.labels.push(Label {
            point: Point::new(1, 1),
            text,
        });
        drop(s);
        let mut next: Sparse<Markup> = Sparse::default();
        let room = next.deref_mut().symbols.capacity();
        assert!(room >= 1, "the symbols' room kept");
        assert!(next.is_empty());
        let taken = crate::model::texts::with_room(16);
        assert_eq!(taken.as_ptr(), text_at, "the label's text kept");
        drop(next);
        // A list past 64 items: the box is kept, the room is not.
        let mut long: Sparse<Markup> = Sparse::default();
        long.dimmed
            .extend((0..65).map(|i| Point::new(i % 19, i / 19)));
        drop(long);
        let mut next: Sparse<Markup> = Sparse::default();
        assert_eq!(next.deref_mut().dimmed.capacity(), 0);
    }
}
