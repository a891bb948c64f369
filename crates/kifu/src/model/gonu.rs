use serde::{Deserialize, Serialize};

/// The glyphs of piece ranges 1–5 in the KUR GONU game: ● ★ ③ ④ ⑤.
pub const GONU_RANGES: [char; 5] = ['●', '★', '③', '④', '⑤'];

/// A KUR GONU board: a graph of vertices joined by undirected edges, and the
/// starting forces (the `.gonu` file of seed 001).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GonuBoard {
    /// The vertices; a vertex's id is its index here.
    pub vertices: Vec<GonuVertex>,
    /// Undirected edges `[a, b]` with `a < b`, each once, in the order first listed.
    pub edges: Vec<[u16; 2]>,
    /// How the pieces are put on the board.
    pub deploy: GonuDeploy,
    /// The character the game draws edges with, when the file names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge_char: Option<char>,
}

impl GonuBoard {
    /// The ids of the vertices joined to `v`.
    pub fn neighbours(&self, v: u16) -> impl Iterator<Item = u16> + '_ {
        self.edges.iter().filter_map(move |&[a, b]| {
            if a == v {
                Some(b)
            } else if b == v {
                Some(a)
            } else {
                None
            }
        })
    }

    /// The vertices player `p` (0 or 1) may not enter: that player's castles.
    pub fn castles(&self, player: usize) -> impl Iterator<Item = u16> + '_ {
        self.vertices
            .iter()
            .enumerate()
            .filter(move |(_, v)| !v.access.get(player).copied().unwrap_or(true))
            .filter_map(|(i, _)| u16::try_from(i).ok())
    }
}

/// One vertex of a gonu board: a line `x y glyph p1 p2 fg bg occupier`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GonuVertex {
    /// Screen column.
    pub x: i32,
    /// Screen row.
    pub y: i32,
    /// Display glyph: `*` player 1 may deploy here, `+` player 2, `$` and `,` cosmetic.
    pub glyph: char,
    /// Whether player 1 and player 2 may enter.
    pub access: [bool; 2],
    /// Text colour (console colour 0–15).
    pub fg: u8,
    /// Background colour (console colour 0–15).
    pub bg: u8,
    /// The occupier field, 0 in every file the game ships.
    pub occupier: i32,
}

/// A piece of normal deploy mode: a line `vertex fg bg range stackable`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GonuPiece {
    /// The vertex it starts on.
    pub vertex: u16,
    /// Text colour.
    pub fg: u8,
    /// Background colour.
    pub bg: u8,
    /// How far it moves, 1–5 (● ★ ③ ④ ⑤).
    pub range: u8,
    /// The stackable flag (unused by the game, kept).
    pub stackable: bool,
}

/// How the starting forces are given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GonuDeploy {
    /// `N`: each player's pieces on fixed vertices, indexed by player (0, 1).
    Normal {
        /// The pieces of player 1 and player 2.
        pieces: [Vec<GonuPiece>; 2],
    },
    /// `F`: each player places pieces on their own `*` / `+` cells; how many of each
    /// range 1–5.
    Free {
        /// Counts of pieces of range 1, 2, 3, 4, 5.
        counts: [u16; 5],
    },
}
