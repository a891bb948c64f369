//! Pictures of positions: text diagrams for the terminal, standalone SVG whose text is
//! drawn as outlines (`glyphs`), and PNG and animated GIF rendered from the SVG
//! (`raster`); and the evaluation graph of a game's engine analysis (`graph`).

pub(crate) mod glyphs;
pub mod go;
pub mod gonu;
pub(crate) mod graph;
pub mod picture;
pub(crate) mod raster;
pub mod shogi;

use crate::model::{Game, NodeId};

/// The nodes of a line of play, root first: the main line for 0, else the path to
/// the `n`-th leaf of the tree in pre-order (the main line's leaf is leaf 0), as
/// sgf-render counts variations. `None` when the tree has fewer leaves.
pub fn variation(game: &Game, n: usize) -> Option<Vec<NodeId>> {
    if n == 0 {
        return Some(game.tree.main_line().map(|(id, _)| id).collect());
    }
    let leaf = game
        .tree
        .preorder()
        .filter(|(_, node)| node.children().is_empty())
        .nth(n)?
        .0;
    Some(game.tree.path_to(leaf))
}

/// How many moves a line holds.
pub(crate) fn move_count(game: &Game, line: &[NodeId]) -> usize {
    line.iter()
        .filter_map(|&id| game.tree.get(id))
        .filter(|n| n.mv.is_some())
        .count()
}
