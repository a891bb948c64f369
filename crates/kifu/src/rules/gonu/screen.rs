//! Vertex fields: on the screen, one vertex per spot, colours, occupier, glyph.

use crate::diag::codes;
use std::collections::HashMap;

use super::{BoardFault, Subject, SCREEN_X, SCREEN_Y};
use crate::model::GonuBoard;

/// The console has 16 colours.
const MAX_COLOUR: u8 = 15;

pub(super) fn check(board: &GonuBoard, faults: &mut Vec<BoardFault>) {
    let mut spots: HashMap<(i32, i32), usize> = HashMap::new();
    for (id, v) in board.vertices.iter().enumerate() {
        let on_x = SCREEN_X.contains(&v.x);
        let on_y = SCREEN_Y.contains(&v.y);
        if !on_x || !on_y {
            faults.push(BoardFault::new(
                Subject::Vertex {
                    id,
                    field: usize::from(on_x),
                },
                codes::GONU_OFF_SCREEN,
                format!(
                    "vertex {id} at ({}, {}) is off the game's screen (x 2–78, y 1–38)",
                    v.x, v.y
                ),
            ));
        } else if let Some(first) = spots.get(&(v.x, v.y)) {
            faults.push(BoardFault::new(
                Subject::Vertex { id, field: 0 },
                codes::GONU_SAME_SPOT,
                format!(
                    "vertex {id} stands on ({}, {}), where vertex {first} already stands",
                    v.x, v.y
                ),
            ));
        } else {
            spots.insert((v.x, v.y), id);
        }
        if !v.glyph.is_ascii() || v.glyph.is_ascii_control() {
            faults.push(BoardFault::new(
                Subject::Vertex { id, field: 2 },
                codes::GONU_WIDE_GLYPH,
                format!(
                    "vertex {id}'s glyph {:?} is not a printable ASCII character: the game reads one byte",
                    v.glyph
                ),
            ));
        }
        for (field, colour) in [(5, v.fg), (6, v.bg)] {
            if colour > MAX_COLOUR {
                faults.push(BoardFault::new(
                    Subject::Vertex { id, field },
                    codes::GONU_COLOUR,
                    format!("colour {colour} of vertex {id} is not a console colour (0–15)"),
                ));
            }
        }
        if v.occupier != 0 {
            faults.push(BoardFault::new(
                Subject::Vertex { id, field: 7 },
                codes::GONU_OCCUPIER,
                format!(
                    "vertex {id}'s occupier is {}; the game expects 0",
                    v.occupier
                ),
            ));
        }
    }
    if let Some(c) = board.edge_char {
        if !c.is_ascii_graphic() {
            faults.push(BoardFault::new(
                Subject::EdgeChar,
                codes::GONU_WIDE_GLYPH,
                format!("the edge character {c:?} is not a printable ASCII character: the game reads one byte"),
            ));
        }
    }
}
