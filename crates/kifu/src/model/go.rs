use serde::{Deserialize, Serialize};

use super::Color;

/// A point on a rectangular board: `x` is the column counted from the left, `y` the
/// row counted from the top, both 0-based (SGF `aa` is (0, 0); omok (x, y) as is).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "[u8; 2]", into = "[u8; 2]")]
pub struct Point {
    /// Column from the left, 0-based.
    pub x: u8,
    /// Row from the top, 0-based.
    pub y: u8,
}

impl Point {
    /// A point from column and row.
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }
}

impl From<[u8; 2]> for Point {
    fn from([x, y]: [u8; 2]) -> Point {
        Point { x, y }
    }
}

impl From<Point> for [u8; 2] {
    fn from(p: Point) -> [u8; 2] {
        [p.x, p.y]
    }
}

/// Setup placements of a node (SGF AB, AW, AE, PL): stones put on or taken off the
/// board without being moves. A Go handicap lives in the root node's setup.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Black stones added.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_black: Vec<Point>,
    /// White stones added.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_white: Vec<Point>,
    /// Points cleared.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clear: Vec<Point>,
    /// Whose turn it is after the setup.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_play: Option<Color>,
}

impl super::SparsePart for Setup {
    fn empty() -> &'static Setup {
        static EMPTY: Setup = Setup {
            add_black: Vec::new(),
            add_white: Vec::new(),
            clear: Vec::new(),
            to_play: None,
        };
        &EMPTY
    }

    fn is_empty(&self) -> bool {
        Setup::is_empty(self)
    }
}

impl Setup {
    /// True when the node places nothing and says nothing about the turn.
    pub fn is_empty(&self) -> bool {
        self.add_black.is_empty()
            && self.add_white.is_empty()
            && self.clear.is_empty()
            && self.to_play.is_none()
    }
}
