//! What the SGF syntax layer (`parse.rs`) hands a sink: raw values, properties and
//! nodes, and the [`Sink`] trait the typing layer (`build.rs`) implements; with
//! [`GeneralOnly`], the sink adapter that closes the fast lane (`plain.rs`) for the
//! tests and the fuzz target.

use std::borrow::Cow;

use crate::diag::{Diagnostic, Span};
use crate::model::NodeId;

use super::classes::Key;
use super::plain::PlainMove;

/// One raw value: the text between `[` and `]`, escapes untouched.
#[derive(Debug, Clone, Copy)]
pub(super) struct RawValue<'a> {
    /// The text between the brackets, verbatim.
    pub text: &'a str,
    /// Offset of the `[`.
    pub start: usize,
    /// The text holds a NUL byte (escaped or not).
    pub has_nul: bool,
}

impl RawValue<'_> {
    /// The span of the value with its brackets.
    pub fn span(&self) -> Span {
        Span::new(self.start, self.start + self.text.len() + 2)
    }
}

/// One property: its identifier (old-style lowercase letters removed) and values.
#[derive(Debug, Clone)]
pub(super) struct RawProp<'a> {
    /// Uppercase letters of the identifier (`GaMe` → `GM`).
    pub ident: Cow<'a, str>,
    /// The identifier's key, for typing.
    pub key: Key,
    /// The identifier as written.
    pub written: &'a str,
    /// Offset of the identifier.
    pub start: usize,
    /// Indices into [`RawNode::values`].
    pub values: std::ops::Range<usize>,
}

/// A node's properties, reused from node to node to avoid allocation.
#[derive(Debug, Default)]
pub(super) struct RawNode<'a> {
    /// Properties in source order.
    pub props: Vec<RawProp<'a>>,
    /// Values of all properties.
    pub values: Vec<RawValue<'a>>,
    /// From the `;` to the end of the last property.
    pub span: Span,
}

impl<'a> RawNode<'a> {
    /// The values of a property.
    pub fn values_of(&self, prop: &RawProp<'a>) -> &[RawValue<'a>] {
        self.values.get(prop.values.clone()).unwrap_or(&[])
    }

    /// Empties the node for the next one, which starts at `start`.
    pub(super) fn clear(&mut self, start: usize) {
        self.props.clear();
        self.values.clear();
        self.span = Span::at(start);
    }
}

/// Receives the parsed structure.
pub(super) trait Sink<'a> {
    /// A game tree starts at `start` (its `(`).
    fn start_game(&mut self, start: usize);
    /// A node was read; `parent` is `None` for the game's first node. Returns the id
    /// later nodes attach to.
    fn node(
        &mut self,
        node: &RawNode<'a>,
        parent: Option<NodeId>,
        diags: &mut Vec<Diagnostic>,
    ) -> NodeId;
    /// A node was read that holds only a move (see `plain.rs`); `parent` as for
    /// [`Sink::node`]. Returns the id later nodes attach to, or `None` when the sink
    /// wants the node read in full and given to [`Sink::node`] instead.
    fn plain_move(&mut self, node: &PlainMove<'a>, parent: Option<NodeId>) -> Option<NodeId>;
    /// Whether [`Sink::plain_move`] may take a node with markup now: when not, the
    /// fast lane gives up on such a node at its first markup property, before it
    /// reads the markup only for the sink to refuse it.
    fn lane_takes_markup(&self) -> bool {
        true
    }
    /// A variation starts (a `(` inside a game tree, or a node after a `)` read as
    /// one): the nodes up to its [`Sink::close_variation`] hang from the node read
    /// last. Ignored unless the sink follows the lines as they come.
    fn open_variation(&mut self) {}
    /// The variation opened last ends: the next nodes hang from the node it hung from.
    fn close_variation(&mut self) {}
    /// The game tree ended (or the text did) at `end`, in `text` (the text the
    /// parser reads, whose offsets spans count).
    fn end_game(&mut self, text: &'a str, end: usize, diags: &mut Vec<Diagnostic>);
}

/// A sink that takes every node in full, never through the fast lane: the reference
/// the fast lane is held to (by the tests, and by the sgf fuzz target).
#[cfg(any(test, fuzzing))]
pub(super) struct GeneralOnly<S>(pub S);

#[cfg(any(test, fuzzing))]
impl<'a, S: Sink<'a>> Sink<'a> for GeneralOnly<S> {
    fn start_game(&mut self, start: usize) {
        self.0.start_game(start);
    }
    fn node(
        &mut self,
        node: &RawNode<'a>,
        parent: Option<crate::model::NodeId>,
        diags: &mut Vec<crate::diag::Diagnostic>,
    ) -> crate::model::NodeId {
        self.0.node(node, parent, diags)
    }
    fn plain_move(
        &mut self,
        _: &PlainMove<'a>,
        _: Option<crate::model::NodeId>,
    ) -> Option<crate::model::NodeId> {
        None
    }
    fn open_variation(&mut self) {
        self.0.open_variation();
    }
    fn close_variation(&mut self) {
        self.0.close_variation();
    }
    fn end_game(&mut self, text: &'a str, end: usize, diags: &mut Vec<crate::diag::Diagnostic>) {
        self.0.end_game(text, end, diags);
    }
}
