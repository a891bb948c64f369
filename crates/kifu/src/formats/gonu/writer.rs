//! Writes a board as the canonical `.gonu` the game reads: tab-separated fields, no
//! remarks, each edge listed once (a row left empty repeats one of its edges, as
//! the seed's last row does), `end` with nothing after it.

use std::fmt::Write as _;

use crate::diag::{codes, Loss};
use crate::formats::{WriteError, WriteOptions, Written};
use crate::model::{Collection, GonuBoard, GonuDeploy};

/// Writes the one game of `collection`.
pub fn write(
    collection: &Collection,
    _options: &WriteOptions<'_>,
) -> Result<Written<String>, WriteError> {
    let game = crate::formats::the_game(collection)?;
    let crate::model::GameKind::Gonu(board) = &game.kind else {
        return Err(WriteError::Invalid(format!(
            "gonu holds gonu boards, not {} games",
            game.kind.family()
        )));
    };
    let (text, losses) = board_text(board)?;
    Ok(Written {
        output: text,
        losses,
    })
}

fn loss(code: &'static codes::Code, what: &str) -> Loss {
    Loss {
        code,
        message: format!("not written: {what}"),
        game: 0,
        move_number: None,
    }
}

/// The canonical text of a board, and what it could not keep.
pub fn board_text(board: &GonuBoard) -> Result<(String, Vec<Loss>), WriteError> {
    let mut out = String::new();
    let mut losses = Vec::new();
    let n = board.vertices.len();
    let _ = writeln!(out, "{n}");
    for v in &board.vertices {
        let _ = writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            v.x,
            v.y,
            v.glyph,
            u8::from(v.access[0]),
            u8::from(v.access[1]),
            v.fg,
            v.bg,
            v.occupier
        );
    }
    out.push_str("L\n");
    let (rows, reordered) = rows(board)?;
    if reordered {
        losses.push(loss(
            codes::GONU_EDGE_ORDER,
            "the order of the edges (no row-by-row listing keeps it; they are listed by their lower id)",
        ));
    }
    for row in rows {
        let ids: Vec<String> = row.iter().map(ToString::to_string).collect();
        out.push_str(&ids.join("\t"));
        out.push('\n');
    }
    match &board.deploy {
        GonuDeploy::Normal { pieces } => {
            out.push_str("N\n");
            for list in pieces {
                let _ = writeln!(out, "{}", list.len());
                for p in list {
                    let _ = writeln!(
                        out,
                        "{}\t{}\t{}\t{}\t{}",
                        p.vertex,
                        p.fg,
                        p.bg,
                        p.range,
                        u8::from(p.stackable)
                    );
                }
            }
        }
        GonuDeploy::Free { counts } => {
            out.push_str("F\n");
            let c: Vec<String> = counts.iter().map(ToString::to_string).collect();
            out.push_str(&c.join("\t"));
            out.push('\n');
        }
    }
    if let Some(c) = board.edge_char {
        if c.is_whitespace() || c == '\0' {
            return Err(WriteError::Invalid(format!(
                "the edge character {c:?} cannot be written: it must be visible"
            )));
        }
        let _ = writeln!(out, "{c}");
    }
    out.push_str("end");
    Ok((out, losses))
}

/// The adjacency rows: each edge in a row such that reading the rows back lists
/// the edges in the model's order (lowest possible row first), then a row left
/// empty repeats an edge already listed. Returns whether the order had to change.
fn rows(board: &GonuBoard) -> Result<(Vec<Vec<u16>>, bool), WriteError> {
    let n = board.vertices.len();
    let mut rows: Vec<Vec<u16>> = vec![Vec::new(); n];
    let mut current = 0usize;
    let mut reordered = false;
    let mut order: Vec<(usize, [u16; 2])> = Vec::with_capacity(board.edges.len());
    for &[a, b] in &board.edges {
        let (lo, hi) = (usize::from(a.min(b)), usize::from(a.max(b)));
        if lo == hi || hi >= n {
            return Err(WriteError::Invalid(format!(
                "the edge {a}–{b} does not join two of the {n} vertices"
            )));
        }
        let row = if lo >= current {
            lo
        } else if hi >= current {
            hi
        } else {
            reordered = true;
            lo
        };
        current = current.max(row);
        order.push((row, [a.min(b), a.max(b)]));
    }
    if reordered {
        // Fall back to listing every edge under its lower id.
        for (row, [lo, _]) in &mut order {
            *row = usize::from(*lo);
        }
    }
    // For each vertex: its first edge listed in an earlier row, and its first edge.
    let mut earlier: Vec<Option<(usize, u16)>> = vec![None; n];
    let mut any: Vec<Option<(usize, u16)>> = vec![None; n];
    for &(row, [lo, hi]) in &order {
        let other = if row == usize::from(lo) { hi } else { lo };
        if let Some(r) = rows.get_mut(row) {
            r.push(other);
        }
        for (v, w) in [(lo, hi), (hi, lo)] {
            let v = usize::from(v);
            if let Some(slot) = any.get_mut(v) {
                slot.get_or_insert((row, w));
            }
            if row < v {
                if let Some(slot) = earlier.get_mut(v) {
                    slot.get_or_insert((row, w));
                }
            }
        }
    }
    for (v, row) in rows.iter_mut().enumerate() {
        if !row.is_empty() {
            continue;
        }
        // Repeat an edge already listed (keeps the order); failing that, any edge.
        let pick = earlier.get(v).copied().flatten();
        let Some((at, other)) = pick.or(any.get(v).copied().flatten()) else {
            return Err(WriteError::Invalid(format!(
                "vertex {v} has no edge: every row of the neighbour list must name one"
            )));
        };
        if at > v {
            reordered = true;
        }
        row.push(other);
    }
    Ok((rows, reordered))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::GonuVertex;

    fn board(n: usize, edges: Vec<[u16; 2]>) -> GonuBoard {
        let v = GonuVertex {
            x: 2,
            y: 1,
            glyph: ',',
            access: [true, true],
            fg: 15,
            bg: 0,
            occupier: 0,
        };
        GonuBoard {
            vertices: vec![v; n],
            edges,
            deploy: GonuDeploy::Free {
                counts: [1, 0, 0, 0, 0],
            },
            edge_char: None,
        }
    }

    #[test]
    fn rows_list_each_edge_once_and_repeat_for_empty_rows() {
        let (listed, reordered) = rows(&board(3, vec![[0, 1], [0, 2]])).unwrap();
        assert_eq!(listed, [vec![1, 2], vec![0], vec![0]]);
        assert!(!reordered);
    }

    #[test]
    fn rows_follow_the_model_order() {
        let (listed, reordered) = rows(&board(3, vec![[0, 2], [1, 2]])).unwrap();
        assert_eq!(listed, [vec![2], vec![2], vec![0]]);
        assert!(!reordered);
        // [0, 1] cannot follow [2, 3] row by row: listed under lower ids instead.
        let (listed, reordered) = rows(&board(4, vec![[2, 3], [0, 1]])).unwrap();
        assert_eq!(listed, [vec![1], vec![0], vec![3], vec![2]]);
        assert!(reordered);
    }

    #[test]
    fn no_row_for_a_vertex_without_edges() {
        assert!(rows(&board(3, vec![[0, 1]])).is_err());
        assert!(rows(&board(2, vec![[0, 5]])).is_err());
    }
}
