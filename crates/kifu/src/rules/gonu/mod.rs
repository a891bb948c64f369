//! The checks of a KUR GONU board that belong to the game itself: the screen, the
//! graph (isolated vertices, connectivity), the castles and the starting forces.
//!
//! [`check_board`] returns faults tied to a [`Subject`] (a vertex, a piece, a count
//! line …); [`check`] turns them into root-node findings that keep their subject, so
//! that validation puts each on the line of the `.gonu` file that said it (the
//! reader's `BoardPlaces`), or on the root for boards read from elsewhere (JSON).

mod deploy;
mod graph;
mod screen;

use crate::diag::codes;
use crate::model::{GonuBoard, NodeId};

use super::Finding;

/// The game's console screen: the columns and rows a vertex may stand on.
pub const SCREEN_X: std::ops::RangeInclusive<i32> = 2..=78;
/// The rows of the game's console screen.
pub const SCREEN_Y: std::ops::RangeInclusive<i32> = 1..=38;
/// The most castles a player may have.
pub const MAX_CASTLES: usize = 6;
/// The most pieces a player may have.
pub const MAX_PIECES: usize = 10;

/// What a fault is about, so a reader can point at the line that says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    /// The board as a whole (a reader points at its first line).
    Board,
    /// Vertex `id` as a whole (its line).
    VertexLine(usize),
    /// Field `field` (0-based: x y glyph p1 p2 fg bg occupier) of vertex `id`.
    Vertex {
        /// The vertex id.
        id: usize,
        /// The field index.
        field: usize,
    },
    /// The piece count of player `0` or `1` (normal deploy).
    PieceCount(usize),
    /// Field `field` (vertex fg bg range stackable) of piece `index` of `player`.
    Piece {
        /// 0 or 1.
        player: usize,
        /// The index of the piece among its player's pieces.
        index: usize,
        /// The field index.
        field: usize,
    },
    /// The free-deploy counts; `Some(k)` for the count of range `k + 1`.
    FreeCounts(Option<usize>),
    /// The edge-character line.
    EdgeChar,
}

/// One fault of a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardFault {
    /// What it is about.
    pub subject: Subject,
    /// Its registered code, `gonu::…`, which gives its severity.
    pub code: &'static codes::Code,
    /// What is wrong.
    pub message: String,
}

impl BoardFault {
    fn new(subject: Subject, code: &'static codes::Code, message: String) -> BoardFault {
        BoardFault {
            subject,
            code,
            message,
        }
    }
}

/// The name of player `p` (0 or 1) in messages.
pub fn player_name(p: usize) -> &'static str {
    if p == 0 {
        "player 1"
    } else {
        "player 2"
    }
}

/// Every fault of a board, in the order: vertices, edges, graph, castles, forces.
pub fn check_board(board: &GonuBoard) -> Vec<BoardFault> {
    let mut faults = Vec::new();
    screen::check(board, &mut faults);
    graph::check(board, &mut faults);
    deploy::check(board, &mut faults);
    faults
}

/// The faults of a board as findings at the root node, each naming the part of the
/// board it is about (for a reader's places: `formats::gonu::BoardPlaces`).
pub fn check(board: &GonuBoard) -> Vec<Finding> {
    check_board(board)
        .into_iter()
        .map(|f| Finding {
            omitted: 0,
            part: Some(super::Part::Gonu(f.subject)),
            node: NodeId::ROOT,
            code: f.code,
            message: f.message,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{GonuDeploy, GonuPiece, GonuVertex};

    fn vertex(x: i32, access: [bool; 2]) -> GonuVertex {
        GonuVertex {
            x,
            y: 5,
            glyph: ',',
            access,
            fg: 15,
            bg: 0,
            occupier: 0,
        }
    }

    fn piece(vertex: u16) -> GonuPiece {
        GonuPiece {
            vertex,
            fg: 15,
            bg: 0,
            range: 1,
            stackable: false,
        }
    }

    /// 0 (castle 1) – 1 – 2 – 3 (castle 2), pieces on 1 and 2.
    fn line_board() -> GonuBoard {
        GonuBoard {
            vertices: vec![
                vertex(2, [false, true]),
                vertex(10, [true, true]),
                vertex(20, [true, true]),
                vertex(30, [true, false]),
            ],
            edges: vec![[0, 1], [1, 2], [2, 3]],
            deploy: GonuDeploy::Normal {
                pieces: [vec![piece(1)], vec![piece(2)]],
            },
            edge_char: None,
        }
    }

    fn codes(board: &GonuBoard) -> Vec<(&'static str, Subject)> {
        check_board(board)
            .into_iter()
            .map(|f| (f.code.name, f.subject))
            .collect()
    }

    #[test]
    fn a_sound_board_has_no_faults() {
        assert_eq!(codes(&line_board()), []);
    }

    #[test]
    fn a_blocked_path_leaves_a_castle_unreachable() {
        let mut b = line_board();
        b.vertices[1].access[1] = false; // vertex 1 becomes a castle of player 2
        assert_eq!(
            codes(&b),
            [(
                "gonu::unreachable-castle",
                Subject::Vertex { id: 0, field: 3 }
            )]
        );
    }

    #[test]
    fn bad_edges_from_json_are_reported_not_followed() {
        let mut b = line_board();
        b.edges.push([3, 9]);
        b.edges.push([2, 2]);
        let found = codes(&b);
        assert_eq!(
            found,
            [
                ("gonu::bad-edge", Subject::Board),
                ("gonu::bad-edge", Subject::Board)
            ]
        );
    }

    #[test]
    fn parts_of_the_board_are_reported_once_each() {
        let mut b = line_board();
        b.edges = vec![[0, 1], [2, 3]];
        assert_eq!(
            codes(&b),
            [
                ("gonu::disconnected", Subject::VertexLine(2)),
                (
                    "gonu::unreachable-castle",
                    Subject::Vertex { id: 0, field: 3 }
                ),
                (
                    "gonu::unreachable-castle",
                    Subject::Vertex { id: 3, field: 4 }
                ),
            ]
        );
    }

    #[test]
    fn findings_for_json_boards_sit_at_the_root() {
        let mut b = line_board();
        b.vertices[2].x = 100;
        let found = check(&b);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].node, NodeId::ROOT);
        assert_eq!(found[0].code, codes::GONU_OFF_SCREEN);
        assert_eq!(
            found[0].message,
            "vertex 2 at (100, 5) is off the game's screen (x 2–78, y 1–38)"
        );
    }
}
