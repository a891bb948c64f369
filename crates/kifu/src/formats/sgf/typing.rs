//! The typing context shared by node typing (`node.rs`) and property typing
//! (`props.rs`): what typing a node reads and changes besides the node ([`Context`]),
//! the node being typed ([`NodeTyping`]), and how a property is kept raw.

use crate::diag::Span;
use crate::model::{BoardSize, GameInfo, Markup, Node};

use super::raw::{RawProp, RawValue};

/// The span of a property: from its identifier to the end of its last value.
pub(super) fn span_of(prop: &RawProp<'_>, values: &[RawValue<'_>]) -> Span {
    let end = values
        .last()
        .map_or(prop.start + prop.written.len(), |v| v.span().end);
    Span::new(prop.start, end)
}

/// Stores a property verbatim (raw values, escapes kept) in a node's extras.
pub(super) fn keep_raw(node: &mut Node, id: &str, values: &[RawValue<'_>]) {
    node.extras.push(format!("sgf:{id}"), raw_values(values));
}

/// Raw values as kept: verbatim, but NUL (already reported) becomes a space, as in
/// every typed text, so no output ever carries a NUL.
pub(super) fn raw_values(values: &[RawValue<'_>]) -> Vec<String> {
    values.iter().map(|v| v.text.replace('\0', " ")).collect()
}

/// What typing a node reads and changes besides the node itself.
pub(super) struct Context<'g> {
    /// The game's FF (1, the specification's default, when the root has none).
    pub ff: u8,
    /// Whether the root declares FF (a file without FF is read as FF[1], but its
    /// FF[4] habits, such as the pass `B[]`, are not reported as out of place).
    pub ff_declared: bool,
    /// Whether the game is Go (for `RU`, whose names differ by game).
    pub go: bool,
    /// Legacy readings settled when the game ends.
    pub legacy: &'g mut super::legacy::Pending,
    /// The game's board size.
    pub size: BoardSize,
    /// The game information, which game-info properties fill wherever they stand.
    pub info: &'g mut GameInfo,
    /// Whether to store node comments and names. A check (`kifu validate`) looks at
    /// neither, and they are most of the text and allocations of a large file.
    pub keep_text: bool,
    /// Whether node comments and labels take strings the thread kept for texts
    /// (`values::node_text`): when each game is handed on and dropped.
    pub reuse_texts: bool,
    /// Whether to store the texts of game information that no check reads (names,
    /// ranks, teams, title, event, round, place, source, …, the application and the
    /// game comment). A check of a Go game as it is read (`Builder::checking_as_read`)
    /// keeps only that each is set, as an empty text: the checks of game
    /// information below the root ask no more, and copying them was a tenth of the
    /// check of a large collection.
    pub keep_info_text: bool,
    /// The game-info properties typed into the node's own game information (below
    /// the root), with their spans: the builder reports each once it knows whether
    /// the node stands before the first branch or inside a variation.
    pub node_info_props: &'g mut Vec<(Span, String)>,
    /// Room for the points of one property or node, kept from node to node so that
    /// point lists and the markup check allocate nothing.
    pub points: &'g mut Vec<crate::model::Point>,
    /// Where markup goes when nodes are not to keep it (a check looks at none): it
    /// is checked there and cleared for the next node; `None` stores it in the node.
    pub markup_scratch: Option<&'g mut Markup>,
    /// Set when an unknown property kept raw is a Go analysis convention's (`LZ`,
    /// `SBKV`, `OGSC`): the game's analysis is lifted when it ends, and only then.
    pub analysis: &'g mut bool,
}

/// Per-node typing state.
pub(super) struct NodeTyping<'s, 'n> {
    /// The node being typed, in place in the game's arena.
    pub(super) node: &'n mut Node,
    /// The move split off because the node also has setup, or a second move.
    pub(super) split: Vec<Node>,
    /// BL/WL/OB/OW, typed once the node's move is known (each at most once: a second
    /// one is a deleted duplicate).
    pub(super) deferred_time: [Option<(&'s str, RawValue<'s>)>; 4],
}

impl NodeTyping<'_, '_> {
    /// Where this node's markup goes: the node, or `ctx`'s scratch when nodes keep
    /// none.
    pub(super) fn markup<'m>(&'m mut self, ctx: &'m mut Context<'_>) -> &'m mut Markup {
        match ctx.markup_scratch.as_deref_mut() {
            Some(scratch) => scratch,
            None => &mut self.node.markup,
        }
    }
}

impl<'g> Context<'g> {
    /// The same context, but typing game-info properties into `info` (a node's own
    /// game information) instead of the game's.
    pub(super) fn with_info<'a>(&'a mut self, info: &'a mut GameInfo) -> Context<'a> {
        Context {
            ff: self.ff,
            ff_declared: self.ff_declared,
            go: self.go,
            legacy: &mut *self.legacy,
            size: self.size,
            info,
            keep_text: self.keep_text,
            reuse_texts: self.reuse_texts,
            keep_info_text: self.keep_info_text,
            node_info_props: &mut *self.node_info_props,
            points: &mut *self.points,
            markup_scratch: self.markup_scratch.as_deref_mut(),
            analysis: &mut *self.analysis,
        }
    }
}
