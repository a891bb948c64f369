//! The starting forces: normal deploy pieces, or free deploy counts.

use super::graph::list;
use super::{player_name, BoardFault, Subject, MAX_PIECES};
use crate::diag::codes;
use crate::model::{GonuBoard, GonuDeploy, GONU_RANGES};

pub(super) fn check(board: &GonuBoard, faults: &mut Vec<BoardFault>) {
    match &board.deploy {
        GonuDeploy::Normal { pieces } => normal(board, pieces, faults),
        GonuDeploy::Free { counts } => free(board, counts, faults),
    }
}

fn normal(
    board: &GonuBoard,
    pieces: &[Vec<crate::model::GonuPiece>; 2],
    faults: &mut Vec<BoardFault>,
) {
    let n = board.vertices.len();
    // The first piece on each vertex: (player, index).
    let mut holder: Vec<Option<(usize, usize)>> = vec![None; n];
    for (player, list) in pieces.iter().enumerate() {
        let who = player_name(player);
        if list.is_empty() || list.len() > MAX_PIECES {
            faults.push(BoardFault::new(
                Subject::PieceCount(player),
                codes::GONU_PIECE_COUNT,
                format!(
                    "{who} has {} pieces; each player has 1 to {MAX_PIECES}",
                    list.len()
                ),
            ));
        }
        for (index, piece) in list.iter().enumerate() {
            let at = |field| Subject::Piece {
                player,
                index,
                field,
            };
            let v = usize::from(piece.vertex);
            match board.vertices.get(v) {
                None => faults.push(BoardFault::new(
                    at(0),
                    codes::GONU_NO_SUCH_VERTEX,
                    format!(
                        "{who}'s piece {index} stands on vertex {v}, but the board has vertices 0 to {}",
                        n.saturating_sub(1)
                    ),
                )),
                Some(vertex) => {
                    if let Some(Some((p0, i0))) = holder.get(v) {
                        faults.push(BoardFault::new(
                            at(0),
                            codes::GONU_SHARED_VERTEX,
                            format!(
                                "{who}'s piece {index} stands on vertex {v}, where {}'s piece {i0} already stands",
                                player_name(*p0)
                            ),
                        ));
                    } else if let Some(slot) = holder.get_mut(v) {
                        *slot = Some((player, index));
                    }
                    if !vertex.access.get(player).copied().unwrap_or(true) {
                        faults.push(BoardFault::new(
                            at(0),
                            codes::GONU_PIECE_IN_OWN_CASTLE,
                            format!("{who}'s piece {index} stands on vertex {v}, {who}'s own castle"),
                        ));
                    }
                }
            }
            for (field, colour) in [(1, piece.fg), (2, piece.bg)] {
                if colour > 15 {
                    faults.push(BoardFault::new(
                        at(field),
                        codes::GONU_COLOUR,
                        format!("colour {colour} of {who}'s piece {index} is not a console colour (0–15)"),
                    ));
                }
            }
            if !(1..=5).contains(&piece.range) {
                faults.push(BoardFault::new(
                    at(3),
                    codes::GONU_RANGE,
                    format!(
                        "{who}'s piece {index} has range {}; ranges are 1 to 5 ({})",
                        piece.range,
                        GONU_RANGES.iter().collect::<String>()
                    ),
                ));
            }
            if piece.stackable {
                faults.push(BoardFault::new(
                    at(4),
                    codes::GONU_STACKABLE,
                    format!("{who}'s piece {index} is stackable; the field must be 0"),
                ));
            }
        }
    }
}

fn free(board: &GonuBoard, counts: &[u16; 5], faults: &mut Vec<BoardFault>) {
    for (k, &c) in counts.iter().enumerate() {
        if usize::from(c) > MAX_PIECES {
            faults.push(BoardFault::new(
                Subject::FreeCounts(Some(k)),
                codes::GONU_FREE_COUNT,
                format!(
                    "{c} pieces of range {} ({}); a count is 0 to {MAX_PIECES}",
                    k + 1,
                    GONU_RANGES.get(k).copied().unwrap_or('?')
                ),
            ));
        }
    }
    let total: usize = counts.iter().map(|&c| usize::from(c)).sum();
    if !(1..=MAX_PIECES).contains(&total) {
        faults.push(BoardFault::new(
            Subject::FreeCounts(None),
            codes::GONU_FREE_TOTAL,
            format!("each player gets {total} pieces; the counts must add up to 1 to {MAX_PIECES}"),
        ));
        return;
    }
    for player in 0..2 {
        let glyph = if player == 0 { '*' } else { '+' };
        let cells: Vec<usize> = board
            .vertices
            .iter()
            .enumerate()
            .filter(|(_, v)| v.glyph == glyph && v.access.get(player).copied().unwrap_or(false))
            .map(|(i, _)| i)
            .collect();
        if cells.len() < total {
            let shown = if cells.is_empty() {
                "none".to_string()
            } else {
                list(&cells)
            };
            faults.push(BoardFault::new(
                Subject::FreeCounts(None),
                codes::GONU_TOO_FEW_CELLS,
                format!(
                    "{} deploys {total} pieces on `{glyph}` vertices it may enter, but there are {} ({shown})",
                    player_name(player),
                    cells.len()
                ),
            ));
        }
    }
}
