use serde::{Deserialize, Serialize};

use super::Node;

/// The index of a node in its [`Tree`]'s arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The root of every tree.
    pub const ROOT: NodeId = NodeId(0);

    fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a serialised tree was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    /// There is no root node.
    #[error("a tree needs at least its root node")]
    Empty,
    /// A child id points outside the arena.
    #[error("node {node} lists child {child}, but there are only {len} nodes")]
    OutOfRange {
        /// The listing node.
        node: u32,
        /// The bad id.
        child: u32,
        /// The arena size.
        len: usize,
    },
    /// A node is listed as a child twice, or the root is listed as a child.
    #[error("node {0} has more than one parent")]
    SharedChild(u32),
    /// A node is not reachable from the root.
    #[error("node {0} is not reachable from the root")]
    Unreachable(u32),
    /// The arena is too large for 32-bit ids.
    #[error("a tree holds at most 4294967295 nodes")]
    TooLarge,
}

/// A game tree held as an arena: `nodes[0]` is the root; each node lists its children,
/// the first child being the main line. Every walk is iterative, so depth is data.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(try_from = "TreeRepr")]
pub struct Tree {
    nodes: Vec<Node>,
}

impl Default for Tree {
    fn default() -> Tree {
        Tree::new()
    }
}

impl Tree {
    /// A tree holding only an empty root.
    pub fn new() -> Tree {
        Tree {
            nodes: vec![Node::default()],
        }
    }

    /// The root's id.
    pub fn root(&self) -> NodeId {
        NodeId::ROOT
    }

    /// Makes room for `additional` more nodes, so a reader that can estimate the
    /// size of a record does not regrow (and copy) the arena move after move.
    pub(crate) fn reserve(&mut self, additional: usize) {
        self.nodes.reserve(additional);
    }

    /// Frees the arena's unused room when it is more than an eighth of what is used:
    /// a reader calls it once a tree is complete, before the tree is checked.
    pub(crate) fn shrink_to_fit(&mut self) {
        if self.nodes.capacity() - self.nodes.len() > self.nodes.len() / 8 {
            self.nodes.shrink_to_fit();
        }
    }

    /// Empties the tree back to a lone empty root, keeping the arena's memory for the
    /// next game a streaming reader builds.
    /// How many nodes the arena holds without growing.
    pub(crate) fn capacity(&self) -> usize {
        self.nodes.capacity()
    }

    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node::default());
    }

    /// How many nodes, root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a tree has at least its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The node with this id, if it exists.
    pub fn get(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id.index())
    }

    /// The node with this id, mutably.
    pub fn get_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        self.nodes.get_mut(id.index())
    }

    /// The root node.
    pub fn root_node(&self) -> &Node {
        &self.nodes[0]
    }

    /// The root node, mutably.
    pub fn root_node_mut(&mut self) -> &mut Node {
        &mut self.nodes[0]
    }

    /// Every node, in arena order (a node's id is its index).
    #[inline]
    pub(crate) fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Every node with its id, in arena order.
    pub fn iter(&self) -> impl Iterator<Item = (NodeId, &Node)> {
        self.nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (NodeId(i as u32), n))
    }

    /// The id the next node will get. A tree holds fewer than 2³² nodes: the readers'
    /// inputs are bounded far below that (`--max-game-size`).
    fn next_id(&self) -> NodeId {
        let len = self.nodes.len();
        debug_assert!(
            u32::try_from(len).is_ok(),
            "a tree of {len} nodes: node ids are 32-bit"
        );
        NodeId(u32::try_from(len).unwrap_or(u32::MAX))
    }

    /// The parent a new node is added under: `parent` itself, which must be in the
    /// tree. A caller that passes another tree's id has a bug: debug builds stop at
    /// once; release builds add the node under the root rather than fail a user's run.
    fn checked_parent(&self, parent: NodeId) -> NodeId {
        let len = self.nodes.len();
        debug_assert!(
            parent.index() < len,
            "add a child to {parent:?}, which is not in this tree of {len} nodes"
        );
        if parent.index() < len {
            parent
        } else {
            NodeId::ROOT
        }
    }

    /// Makes room for one more node, growing the arena by half when it is full
    /// (not doubling it, as `Vec` would): a tree read node by node then holds at
    /// most a third of its arena unused, 16 bytes a node, not 48.
    #[inline]
    fn make_room(&mut self) {
        let len = self.nodes.len();
        if len == self.nodes.capacity() {
            self.nodes.reserve_exact((len / 2).max(8));
        }
    }

    /// Adds `node` as the last child of `parent` (a node of this tree) and returns its
    /// id.
    pub fn add_child(&mut self, parent: NodeId, mut node: Node) -> NodeId {
        let parent = self.checked_parent(parent);
        let id = self.next_id();
        node.set_parent(Some(parent));
        node.children.clear();
        node.rest.tidy();
        self.make_room();
        self.nodes.push(node);
        self.nodes[parent.index()].children.push(id);
        id
    }

    /// Adds an empty node as the last child of `parent` and returns its id, like
    /// [`Tree::add_child`] with `Node::default()`, but built where it stands in the
    /// arena: a reader that fills nodes in place saves a copy of each.
    #[inline]
    pub(crate) fn add_empty_child(&mut self, parent: NodeId) -> NodeId {
        let parent = self.checked_parent(parent);
        let len = self.nodes.len();
        let id = self.next_id();
        self.make_room();
        self.nodes.resize_with(len + 1, || Node {
            parent: parent.0,
            ..Node::default()
        });
        self.nodes[parent.index()].children.push(id);
        id
    }

    /// Adds a node holding `mv` and the time it took (`time_used_ms`) as the last
    /// child of `parent` and returns its id: [`Tree::add_empty_child`] with the node
    /// filled as it is built (a reader's usual move: no second look-up to fill it).
    #[inline(always)]
    pub(crate) fn add_move_child(
        &mut self,
        parent: NodeId,
        mv: super::Move,
        time_used_ms: Option<u64>,
    ) -> NodeId {
        let parent = self.checked_parent(parent);
        let id = self.next_id();
        self.make_room();
        let held = Node::held_time_used(time_used_ms);
        self.nodes
            .push(Node::of_move(parent, mv, held.unwrap_or_default()));
        if held.is_none() {
            // Too long to be held in the node: its rest takes it.
            if let Some(n) = self.nodes.last_mut() {
                n.set_time_used_ms(time_used_ms);
            }
        }
        self.nodes[parent.index()].children.push(id);
        id
    }

    /// Moves `child` to the front of `parent`'s children, making it the main line
    /// there. Does nothing when `child` is not a child of `parent`.
    pub fn promote_child(&mut self, parent: NodeId, child: NodeId) {
        if let Some(node) = self.nodes.get_mut(parent.index()) {
            if let Some(pos) = node.children.iter().position(|&c| c == child) {
                node.children[..=pos].rotate_right(1);
            }
        }
    }

    /// The main line from the root: the root, its first child, that child's first child …
    pub fn main_line(&self) -> MainLine<'_> {
        MainLine {
            tree: self,
            next: Some(NodeId::ROOT),
        }
    }

    /// The path from the root to `id`, root first.
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut cur = self.get(id).map(|_| id);
        while let Some(c) = cur {
            path.push(c);
            cur = self.get(c).and_then(|n| n.parent());
        }
        path.reverse();
        path
    }

    /// The line of play through `id`: the path from the root to it, then its first
    /// children to the end.
    pub fn line_through(&self, id: NodeId) -> Vec<NodeId> {
        let mut line = self.path_to(id);
        let mut cur = self.get(id).and_then(|n| n.children.first().copied());
        while let Some(c) = cur {
            line.push(c);
            cur = self.get(c).and_then(|n| n.children.first().copied());
        }
        line
    }

    /// Every node in depth-first pre-order (main line before variations), iteratively.
    pub fn preorder(&self) -> Preorder<'_> {
        Preorder {
            tree: self,
            stack: vec![NodeId::ROOT],
        }
    }

    /// Counts the branch points' extra children: the number of variations.
    pub fn variation_count(&self) -> usize {
        self.nodes
            .iter()
            .map(|n| n.children.len().saturating_sub(1))
            .sum()
    }

    /// The 1-based number of the move at `id` in its line of play (moves only counted).
    pub fn move_number(&self, id: NodeId) -> Option<u32> {
        self.get(id)?.mv?;
        let count = self
            .path_to(id)
            .iter()
            .filter(|&&n| self.get(n).is_some_and(|n| n.mv.is_some()))
            .count();
        u32::try_from(count).ok()
    }
}

impl Tree {
    /// [`Tree::move_number`] of every node, indexed by id, in one walk of the tree:
    /// asking it of each of many nodes walks each one's path, which is quadratic on a
    /// long line.
    pub fn move_numbers(&self) -> Vec<Option<u32>> {
        let mut counts = vec![0u32; self.nodes.len()];
        let mut numbers = vec![None; self.nodes.len()];
        // Pre-order: a parent is counted before its children.
        for (id, node) in self.preorder() {
            let before = node
                .parent()
                .and_then(|p| counts.get(p.index()).copied())
                .unwrap_or(0);
            let here = before.saturating_add(u32::from(node.mv.is_some()));
            if let Some(c) = counts.get_mut(id.index()) {
                *c = here;
            }
            if node.mv.is_some() {
                if let Some(n) = numbers.get_mut(id.index()) {
                    *n = Some(here);
                }
            }
        }
        numbers
    }
}

/// Iterator over the main line; see [`Tree::main_line`].
pub struct MainLine<'a> {
    tree: &'a Tree,
    next: Option<NodeId>,
}

impl<'a> Iterator for MainLine<'a> {
    type Item = (NodeId, &'a Node);
    fn next(&mut self) -> Option<Self::Item> {
        let id = self.next?;
        let node = self.tree.get(id)?;
        self.next = node.children.first().copied();
        Some((id, node))
    }
}

/// Iterator in pre-order; see [`Tree::preorder`].
pub struct Preorder<'a> {
    tree: &'a Tree,
    stack: Vec<NodeId>,
}

impl<'a> Iterator for Preorder<'a> {
    type Item = (NodeId, &'a Node);
    fn next(&mut self) -> Option<Self::Item> {
        let id = self.stack.pop()?;
        let node = self.tree.get(id)?;
        self.stack.extend(node.children.iter().rev());
        Some((id, node))
    }
}

/// The serialised form: the arena as is; parents are rebuilt and checked on reading.
#[derive(Deserialize)]
struct TreeRepr {
    nodes: Vec<Node>,
}

/// The serialised form written from a borrow: serialising a tree copies nothing
/// (through `into = "TreeRepr"` it cloned the whole tree first).
#[derive(Serialize)]
struct TreeReprRef<'a> {
    nodes: &'a [Node],
}

impl Serialize for Tree {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        TreeReprRef { nodes: &self.nodes }.serialize(s)
    }
}

impl TryFrom<TreeRepr> for Tree {
    type Error = TreeError;
    fn try_from(r: TreeRepr) -> Result<Tree, TreeError> {
        Tree::from_nodes(r.nodes)
    }
}

impl Tree {
    /// Builds a tree from an arena whose nodes list their children: checks that every
    /// node but the root has exactly one parent and is reachable, and sets parents.
    pub fn from_nodes(mut nodes: Vec<Node>) -> Result<Tree, TreeError> {
        let len = nodes.len();
        if len == 0 {
            return Err(TreeError::Empty);
        }
        if u32::try_from(len).is_err() {
            return Err(TreeError::TooLarge);
        }
        let mut parent: Vec<Option<u32>> = vec![None; len];
        for (i, node) in nodes.iter().enumerate() {
            for &child in &node.children {
                let c = child.index();
                if c >= len {
                    return Err(TreeError::OutOfRange {
                        node: i as u32,
                        child: child.0,
                        len,
                    });
                }
                if c == 0 || parent[c].is_some() {
                    return Err(TreeError::SharedChild(child.0));
                }
                parent[c] = Some(i as u32);
            }
        }
        // Every node has at most one parent; a node is reachable iff following
        // parents ends at the root. Walk from the root instead (cycles are then
        // detected as unreachable nodes).
        let mut seen = vec![false; len];
        let mut stack = vec![0usize];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            for &child in &nodes[i].children {
                let c = child.index();
                if !seen[c] {
                    seen[c] = true;
                    stack.push(c);
                }
            }
        }
        if let Some(i) = seen.iter().position(|s| !s) {
            return Err(TreeError::Unreachable(i as u32));
        }
        for (node, p) in nodes.iter_mut().zip(parent) {
            node.set_parent(p.map(NodeId));
        }
        Ok(Tree { nodes })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Color, Move, Point, StoneMove};

    fn stone(i: u32) -> Node {
        Node::with_move(Move::Stone(StoneMove {
            color: if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            },
            point: Some(Point::new((i % 19) as u8, (i / 19 % 19) as u8)),
        }))
    }

    #[test]
    fn move_numbers_agree_with_move_number_on_every_node() {
        // A main line with moveless nodes, and variations hanging off it at
        // several depths, some of them branching again.
        let mut tree = Tree::new();
        let mut line = vec![NodeId::ROOT];
        for i in 0..60u32 {
            let parent = *line.last().unwrap_or(&NodeId::ROOT);
            let node = if i % 7 == 3 {
                Node::default()
            } else {
                stone(i)
            };
            line.push(tree.add_child(parent, node));
        }
        for (k, &from) in line.iter().enumerate().step_by(9) {
            let mut at = from;
            for j in 0..(k as u32 % 5 + 2) {
                at = tree.add_child(at, if j == 1 { Node::default() } else { stone(j) });
                if j == 2 {
                    tree.add_child(at, stone(99));
                }
            }
        }
        let numbers = tree.move_numbers();
        assert_eq!(numbers.len(), tree.len());
        for (id, _) in tree.iter() {
            assert_eq!(numbers[id.index()], tree.move_number(id), "{id:?}");
        }
        // Spot checks: the 59th main-line node is the 51st move (8 moveless before
        // it), the 60th has no move.
        assert_eq!(numbers[line[59].index()], Some(51));
        assert_eq!(numbers[line[60].index()], None);
        assert_eq!(numbers[line[4].index()], None);
    }
}
