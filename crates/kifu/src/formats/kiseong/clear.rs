//! Clear `&[10@`: kifu reads it as "the diagram starts from an empty board" (outside a
//! diagram: the display is wiped). In the model that is a setup that removes every
//! stone standing at that point of the game, so the position is replayed (captures
//! applied, by the Go rules) to know which stones those are.

use crate::model::{BoardSize, Game, Move, NodeId, Point};
use crate::rules::go::{Board, Cell};

/// The marker the reader leaves on nodes holding a clear.
pub const MARKER: &str = "kiseong:clear";

/// Turns each clear marker into `setup.clear` listing the stones on the board there
/// (before the node's own stones), and drops the marker.
pub fn apply_clears(game: &mut Game) {
    let marked: Vec<NodeId> = game
        .tree
        .iter()
        .filter(|(_, n)| n.extras.get(MARKER).is_some())
        .map(|(id, _)| id)
        .collect();
    let size = game.kind.board_size().unwrap_or(BoardSize::square(19));
    for id in marked {
        let stones = stones_before(game, id, size);
        let Some(node) = game.tree.get_mut(id) else {
            continue;
        };
        node.extras.0.retain(|e| e.key != MARKER);
        let own: Vec<Point> = node
            .setup
            .add_black
            .iter()
            .chain(&node.setup.add_white)
            .copied()
            .collect();
        node.setup.clear = stones.into_iter().filter(|p| !own.contains(p)).collect();
    }
}

/// The stones on the board when play reaches `id`, before its own setup and move.
fn stones_before(game: &Game, id: NodeId, size: BoardSize) -> Vec<Point> {
    let mut board = Board::new(size);
    let path = game.tree.path_to(id);
    for &n in path.iter().take(path.len().saturating_sub(1)) {
        let Some(node) = game.tree.get(n) else {
            continue;
        };
        for &p in &node.setup.clear {
            let _ = board.setup(p, Cell::Empty);
        }
        for &p in &node.setup.add_black {
            let _ = board.setup(p, Cell::Stone(crate::model::Color::Black));
        }
        for &p in &node.setup.add_white {
            let _ = board.setup(p, Cell::Stone(crate::model::Color::White));
        }
        if let Some(Move::Stone(m)) = node.mv {
            if let Some(p) = m.point {
                let _ = board.play(p, m.color);
            }
        }
    }
    let mut out = Vec::new();
    for y in 0..size.height {
        for x in 0..size.width {
            let p = Point::new(x, y);
            if board.at(p) != Cell::Empty {
                out.push(p);
            }
        }
    }
    out
}
