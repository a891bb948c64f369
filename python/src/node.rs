//! `kifu.Node`: a node of a game tree, to walk the variations.

use std::sync::Arc;

use kifu::model::{self, NodeId};
use pyo3::prelude::*;

use crate::notation::{color_name, move_text};

/// A node of a game's tree: `.move` (None when it holds no move), `.color`,
/// `.comment`, `.name`, `.number` (the move's number in its line), `.children` (the
/// first continues the main line).
#[pyclass(module = "kifu._kifu", frozen)]
pub struct Node {
    game: Arc<model::Game>,
    id: NodeId,
}

impl Node {
    /// Node `id` of `game`.
    pub fn new(game: Arc<model::Game>, id: NodeId) -> Node {
        Node { game, id }
    }

    fn node(&self) -> Option<&model::Node> {
        self.game.tree.get(self.id)
    }
}

#[pymethods]
impl Node {
    /// The move in the family's notation (see `Game.moves`), None when there is none.
    #[getter]
    fn r#move(&self) -> Option<String> {
        self.node().and_then(|n| n.mv.as_ref()).map(move_text)
    }

    /// Who plays the move (`black`, `white`), None without a move.
    #[getter]
    fn color(&self) -> Option<&'static str> {
        self.node()
            .and_then(|n| n.mv.as_ref())
            .map(|m| color_name(m.color()))
    }

    /// The node's comment.
    #[getter]
    fn comment(&self) -> Option<String> {
        self.node().and_then(|n| n.comment.clone())
    }

    /// The node's name (SGF N).
    #[getter]
    fn name(&self) -> Option<String> {
        self.node()
            .and_then(|n| n.name.as_deref().map(str::to_string))
    }

    /// The move's number in its line of play, from 1 (None without a move).
    #[getter]
    fn number(&self) -> Option<u32> {
        self.game.tree.move_number(self.id)
    }

    /// The nodes that follow, the main line's first.
    #[getter]
    fn children(&self) -> Vec<Node> {
        self.node()
            .map(|n| {
                n.children()
                    .iter()
                    .map(|&c| Node::new(self.game.clone(), c))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn __repr__(&self) -> String {
        match self.r#move() {
            Some(m) => format!("<Node {m:?}>"),
            None => "<Node>".to_string(),
        }
    }
}
