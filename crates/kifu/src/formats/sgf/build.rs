//! Builds games from the parser's nodes: each game's context (FF, GM, SZ, CA), board
//! size, mixed charsets and file formats, the HA check, node spans. Typing a node is in
//! `node.rs` (whole-node checks and splits) and `props.rs` (single properties).

use crate::diag::{codes, Diagnostic, Span};
use crate::formats::{GameCheck, GameSink, PlaceFindings};
use crate::model::{
    BoardSize, Game, GameKind, GomokuRule, Move, Node, NodeId, Point, StoneMove, Tree,
};
use crate::rules::go::{LineWalk, Mark};

use super::node::type_node;
use super::plain::PlainMove;
use super::raw::{RawNode, RawValue, Sink};
use super::typing::Context;
use super::values::{self, number, split_compose};
use crate::formats::analysis::properties::may_be_katago;

/// What a [`Builder`] does with each game it finishes: one choice, made when the
/// builder is made.
#[derive(Default)]
pub(super) enum Mode<'e> {
    /// Keeps every game and its node spans ([`read`](super::read)).
    #[default]
    Keep,
    /// Hands each game, whole (node comments, names and markup kept), to the sink on
    /// the reading thread, then drops it and reuses its arena.
    Whole(&'e mut GameSink<'e>),
    /// Hands each game to the sink without its node comments, names and markup,
    /// which a check does not need (see `Context::keep_text` and
    /// `Context::markup_scratch`), then drops it.
    Moves(&'e mut GameSink<'e>),
    /// Checks Go games by the rules as they are read, without building their trees
    /// (see [`Inline`]), placing their findings with the [`PlaceFindings`]; the other
    /// games go, as for [`Mode::Moves`], to the [`GameCheck`]. What both return is
    /// kept in [`Builder::found`], in game order.
    CheckAsRead(&'e GameCheck<'e>, &'e PlaceFindings<'e>),
}

/// Collects games from the parser, or hands each on and drops it, as its [`Mode`] says.
#[derive(Default)]
pub(super) struct Builder<'e> {
    /// What is done with each finished game.
    mode: Mode<'e>,
    /// Finished games ([`Mode::Keep`]).
    pub games: Vec<Game>,
    /// Node spans per finished game ([`Mode::Keep`]).
    pub spans: Vec<Vec<Span>>,
    /// How many games were handed on (every mode but [`Mode::Keep`]).
    pub checked: usize,
    /// What the checks found, in game order ([`Mode::CheckAsRead`]).
    pub found: Vec<Diagnostic>,
    /// Handing on: the last game's arena and span list, emptied, for the next game.
    spare: Spare,
    /// The charset the first game declared, to warn about mixed collections.
    pub first_charset: Option<String>,
    /// The FF of the first game that declares one, to warn about mixed collections
    /// (games without FF are not compared).
    pub first_ff: Option<u8>,
    current: Option<GameState>,
    /// Room for points, lent to each node's typing (see `Context::points`).
    points: Vec<crate::model::Point>,
    /// Handing on without markup: where nodes' markup is checked instead of kept (see
    /// `Context::markup_scratch`).
    markup: crate::model::Markup,
    /// Checking as games are read: the last game's walk and lists, for the next game.
    spare_inline: Option<Inline>,
    /// Checking as games are read: where each node below the root is typed, then
    /// played and dropped.
    scratch: Node,
}

/// A Go game checked by the rules as it is read, node by node in source order (the
/// order of the rules' own walk of the tree): nodes below the root are typed, played
/// and dropped, and no tree is built. Only the root stays, for the game's checks.
pub(super) struct Inline {
    walk: LineWalk,
    /// The walk's positions at the open variations' branch points, innermost last.
    marks: Vec<Mark>,
    /// The position the walk comes back to before the next node or variation: the
    /// branch point of the variations closed last. (Coming back only then saves
    /// taking back, move by move, the last variation of each branch point, and at
    /// the end of a game, every move: nothing follows them.)
    pending: Option<Mark>,
    /// The id the next node gets (ids count nodes in source order, as a tree's).
    next: u32,
    /// Where each finding of the walk so far stands: its node's span and move number
    /// (what `Tree::move_numbers` gives), in the findings' order. Only nodes with a
    /// finding are noted, not every node.
    spans: Vec<Span>,
    /// See `spans`.
    numbers: Vec<Option<u32>>,
    /// The root's move number, for the findings about the whole game.
    root_number: Option<u32>,
    /// The game's `RU` when the walk started, which chose the rule set: a game whose
    /// `RU` is another at its end is read again (see `finish_inline`).
    ru: Option<String>,
    /// The last node of the game's trunk (the line every variation goes through)
    /// as far as read: the nodes up to this id, in source order, are the trunk (see
    /// [`Inline::follow`]).
    trunk_end: u32,
    /// Game information of nodes below the root, by node id, in source order: it
    /// joins the game's if its node turns out to be on the trunk.
    infos: Vec<(NodeId, crate::model::GameInfo)>,
}

impl Inline {
    /// The id of the next node, which it takes.
    #[inline(always)]
    fn take_id(&mut self) -> NodeId {
        let id = NodeId(self.next);
        self.next = self.next.wrapping_add(1);
        id
    }

    /// Notes where the findings of a node stand, if it has any: those the walk made
    /// since it had `before`.
    #[inline(always)]
    fn note(&mut self, before: usize, span: Span, number: Option<u32>) {
        let now = self.walk.found();
        if now != before {
            self.noted(now - before, span, number);
        }
    }

    /// Notes the place of a node's `count` findings (rare: kept out of the hot path).
    #[cold]
    fn noted(&mut self, count: usize, span: Span, number: Option<u32>) {
        self.spans.extend(std::iter::repeat_n(span, count));
        self.numbers.extend(std::iter::repeat_n(number, count));
    }

    /// Comes back to the branch point of the variations closed last, if any (see
    /// [`Inline::pending`]); true when no open variation will need the walk's
    /// history.
    #[inline(always)]
    fn come_back(&mut self) -> bool {
        if self.pending.is_some() {
            if let Some(mark) = self.pending.take() {
                self.walk.back_to(mark);
            }
        }
        self.marks.is_empty()
    }

    /// Notes node `id`, hanging from `parent`, for the trunk: a node's first child
    /// is read right after it (its id is the next), so a node hanging from another
    /// one ends the trunk at that one, which has two children.
    #[inline(always)]
    fn follow(&mut self, id: NodeId, parent: NodeId) {
        if parent.0.wrapping_add(1) != id.0 {
            self.trunk_end = self.trunk_end.min(parent.0);
        }
    }
}

impl<'e> Builder<'e> {
    /// A builder that does with each game what `mode` says.
    pub fn new(mode: Mode<'e>) -> Builder<'e> {
        Builder {
            mode,
            ..Builder::default()
        }
    }
}

impl Builder<'_> {
    /// Whether node comments and names are kept: not when games are only checked.
    fn keeps_text(&self) -> bool {
        matches!(self.mode, Mode::Keep | Mode::Whole(_))
    }

    /// Whether node comments and labels take strings the thread kept for texts:
    /// when each game is handed on whole and dropped, giving them back for the
    /// next game's (see `values::node_text`).
    fn reuses_texts(&self) -> bool {
        matches!(self.mode, Mode::Whole(_))
    }
}

pub(super) struct GameState {
    pub(super) game: Game,
    pub(super) spans: Vec<Span>,
    pub(super) ff: u8,
    /// Whether the root declares FF.
    pub(super) ff_declared: bool,
    /// Legacy readings settled when the game ends.
    pub(super) legacy: super::legacy::Pending,
    pub(super) size: BoardSize,
    pub(super) skip: bool,
    pub(super) start: usize,
    /// Nodes below the root with game-info properties, and those properties' spans
    /// and identifiers (see [`settle_node_info`]).
    pub(super) node_info: Vec<(NodeId, Vec<(Span, String)>)>,
    /// Checked as it is read: set once the root is read, for a Go game when the
    /// builder checks so.
    pub(super) inline: Option<Inline>,
    /// Whether a node kept a Go analysis property (see `Context::analysis`).
    pub(super) analysis: bool,
}

/// Most nodes a spare arena left to the thread keeps room for (3 MiB of nodes):
/// a larger game's room is given back.
const THREAD_SPARE_NODES: usize = 1 << 16;

thread_local! {
    /// The last builder's spare arena and span list on this thread, for the next
    /// builder: reading file after file (a folder, `merge`), each game's arena and
    /// spans then grow from what the last file needed, not from nothing.
    static THREAD_SPARE: std::cell::Cell<Option<(Tree, Vec<Span>)>> =
        const { std::cell::Cell::new(None) };
}

/// A builder's spare arena and span list ([`Builder::spare`]), left to the thread
/// when the builder is dropped ([`THREAD_SPARE`]).
#[derive(Default)]
struct Spare(Option<(Tree, Vec<Span>)>);

impl Drop for Spare {
    fn drop(&mut self) {
        if let Some((tree, spans)) = self.0.take() {
            if tree.capacity() <= THREAD_SPARE_NODES && spans.capacity() <= THREAD_SPARE_NODES {
                THREAD_SPARE.set(Some((tree, spans)));
            }
        }
    }
}

impl<'a> Sink<'a> for Builder<'_> {
    fn start_game(&mut self, start: usize) {
        let mut game = Game::new(GameKind::go(19));
        let (tree, spans) = self
            .spare
            .0
            .take()
            .or_else(|| THREAD_SPARE.take())
            .unwrap_or_default();
        game.tree = tree;
        self.current = Some(GameState {
            game,
            spans,
            ff: 1,
            ff_declared: false,
            legacy: super::legacy::Pending::default(),
            size: BoardSize::square(19),
            skip: false,
            start,
            node_info: Vec::new(),
            inline: None,
            analysis: false,
        });
    }

    fn node(
        &mut self,
        raw: &RawNode<'a>,
        parent: Option<NodeId>,
        diags: &mut Vec<Diagnostic>,
    ) -> NodeId {
        // The parser calls `node` only between `start_game` and `end_game`.
        debug_assert!(
            self.current.is_some(),
            "sgf::Builder::node called with no game open (the parser must call start_game first)"
        );
        let keep_text = self.keeps_text();
        let reuse_texts = self.reuses_texts();
        let Some(state) = self.current.as_mut() else {
            return NodeId::ROOT;
        };
        if parent.is_none() {
            let charset = root_context(state, raw, diags);
            if let Some(cs) = charset {
                match &self.first_charset {
                    None => self.first_charset = Some(cs),
                    Some(first) if !first.eq_ignore_ascii_case(&cs) => diags.push(Diagnostic::new(
                        codes::SGF_MIXED_CHARSETS,
                        format!("this game declares charset {}, an earlier one {} (each game is decoded with its own; many programs read such files wrongly)", crate::diag::quote(&cs), crate::diag::quote(first)),
                        Span::new(state.start, state.start + 1),
                    )),
                    Some(_) => {}
                }
            }
        }
        // Only declared FFs are compared: a game without FF (read as FF[1]) after an
        // FF[4] one is the usual collection whose first game declares for all.
        if parent.is_none() && state.ff_declared {
            match self.first_ff {
                None => self.first_ff = Some(state.ff),
                Some(ff) if ff != state.ff => diags.push(Diagnostic::new(
                    codes::SGF_MIXED_FILE_FORMATS,
                    format!("this game is FF[{}], an earlier one FF[{ff}]", state.ff),
                    raw.span,
                )),
                Some(_) => {}
            }
        }
        if state.skip {
            return NodeId::ROOT;
        }
        let is_root = parent.is_none();
        if let (Some(parent), true) = (parent, state.inline.is_some()) {
            return inline_node(
                state,
                raw,
                parent,
                keep_text,
                &mut self.points,
                &mut self.markup,
                &mut self.scratch,
                diags,
            );
        }
        // The node is typed in place in the arena: nodes are large, and moving each
        // one into the tree once it is typed was a tenth of the reading time.
        let first = match parent {
            None => {
                *state.game.tree.root_node_mut() = Node::default();
                NodeId::ROOT
            }
            Some(p) => state.game.tree.add_empty_child(p),
        };
        let mut node_info_props = Vec::new();
        let mut ctx = Context {
            ff: state.ff,
            ff_declared: state.ff_declared,
            go: matches!(state.game.kind, GameKind::Go { .. }),
            legacy: &mut state.legacy,
            size: state.size,
            info: &mut state.game.info,
            node_info_props: &mut node_info_props,
            keep_text,
            reuse_texts,
            // A Go game's root checked as it is read (its other nodes are typed by
            // `inline_node`).
            keep_info_text: !(matches!(self.mode, Mode::CheckAsRead(..))
                && matches!(state.game.kind, GameKind::Go { .. })
                && !state.skip),
            points: &mut self.points,
            markup_scratch: matches!(self.mode, Mode::Moves(_) | Mode::CheckAsRead(..))
                .then_some(&mut self.markup),
            analysis: &mut state.analysis,
        };
        let parts = match state.game.tree.get_mut(first) {
            Some(node) => {
                let parts = type_node(&mut ctx, node, raw, is_root, diags);
                // A property typed as nothing may have stored an empty rest.
                node.rest.tidy();
                parts
            }
            None => Vec::new(),
        };
        if !node_info_props.is_empty() {
            state.node_info.push((first, node_info_props));
        }
        state.spans.push(raw.span);
        let mut last = first;
        for more in parts {
            state.spans.push(raw.span);
            last = state.game.tree.add_child(last, more);
        }
        if is_root && matches!(self.mode, Mode::CheckAsRead(..)) {
            start_inline(state, &mut self.spare_inline);
        }
        last
    }

    /// A node with markup goes through the lane for a check as it reads and for a
    /// reading that keeps markup (see [`Builder::plain_move`]); a check that hands
    /// games on without markup types it on the general path.
    #[inline(always)]
    fn lane_takes_markup(&self) -> bool {
        let keeps = self.keeps_text();
        self.current
            .as_ref()
            .is_some_and(|s| !s.skip && (s.inline.is_some() || keeps))
    }

    /// Builds a plain move node straight into the arena, as [`Sink::node`] would type
    /// it, when that gives the same node and no diagnostic: not a game's first node
    /// (root checks), not in a skipped game, and a point on the board (neither off it
    /// nor the `tt` pass, which the general path reports). A node with markup is
    /// taken when the markup's points are on the board too, by a check as it reads
    /// (which keeps no markup) and by a reading that keeps markup (which builds it,
    /// [`super::plain::build_markup`]); a check handing games on without markup
    /// types it on the general path.
    #[inline(always)]
    fn plain_move(&mut self, plain: &PlainMove<'a>, parent: Option<NodeId>) -> Option<NodeId> {
        let parent = parent?;
        let keep_text = self.keeps_text();
        let reuse = self.reuses_texts();
        let state = self.current.as_mut().filter(|s| !s.skip)?;
        let point = Point::new(plain.x, plain.y);
        if !state.size.contains(point) {
            return None;
        }
        if let Some(inline) = state.inline.as_mut() {
            // A check keeps no markup: only a point off the board would be reported.
            if let Some(reach) = plain.markup {
                if !state.size.contains(Point::new(reach.x, reach.y)) {
                    return None;
                }
            }
            let id = inline.take_id();
            inline.follow(id, parent);
            let keep_history = !inline.come_back();
            let before = inline.walk.found();
            let number = inline.walk.stone(
                id,
                plain.color,
                point,
                state.game.info.rules.as_deref(),
                keep_history,
            );
            inline.note(before, plain.span, Some(number));
            return Some(id);
        }
        // A reading that keeps markup builds it here when every point is on the
        // board (else the general path reports the point); one that hands games on
        // without it (a check) types it on the general path.
        if let Some(reach) = plain.markup {
            if !keep_text || !state.size.contains(Point::new(reach.x, reach.y)) {
                return None;
            }
        }
        let id = state.game.tree.add_empty_child(parent);
        if let Some(node) = state.game.tree.get_mut(id) {
            node.mv = Some(Move::Stone(StoneMove {
                color: plain.color,
                point: Some(point),
            }));
            // Typed as `props::type_prop` types a node's only `C`.
            let comment = plain
                .comment
                .filter(|_| keep_text)
                .map(|c| super::values::node_text(c, false, reuse));
            // A comment like KataGo's self-play figures: the game is walked for them.
            if comment.as_deref().is_some_and(may_be_katago) {
                state.analysis = true;
            }
            // The time left is usually held in the node; only a node with any of the
            // others stores the rest of a node.
            if let Some(ms) = plain.time_left_ms {
                node.set_time_left_ms(ms);
            } else if plain.time_left.is_some() {
                node.set_time_left(plain.time_left);
            }
            if plain.periods_left.is_some() {
                node.times.periods_left = plain.periods_left;
            }
            if comment.is_some() {
                node.comment = comment;
            }
            if plain.markup.is_some() {
                super::plain::build_markup(plain.markup_text, &mut node.markup, reuse);
            }
        }
        state.spans.push(plain.span);
        Some(id)
    }

    fn open_variation(&mut self) {
        if let Some(inline) = self.current.as_mut().and_then(|s| s.inline.as_mut()) {
            inline.come_back();
            inline.marks.push(inline.walk.mark());
        }
    }

    fn close_variation(&mut self) {
        if let Some(inline) = self.current.as_mut().and_then(|s| s.inline.as_mut()) {
            // Variations close innermost first, so a later one's branch point is
            // the earlier position: the one to come back to.
            if let Some(mark) = inline.marks.pop() {
                inline.pending = Some(mark);
            }
        }
    }

    fn end_game(&mut self, text: &'a str, end: usize, diags: &mut Vec<Diagnostic>) {
        let Some(mut state) = self.current.take() else {
            return;
        };
        if state.skip {
            return;
        }
        match state.inline.as_mut() {
            Some(inline) => {
                let trunk_end = inline.trunk_end;
                for (id, info) in inline.infos.drain(..) {
                    if id.0 <= trunk_end {
                        state.game.info.fill_from(info);
                    }
                }
                let node_info = std::mem::take(&mut state.node_info);
                report_node_info(node_info, |id| id.0 <= trunk_end, diags);
            }
            None => settle_node_info(&mut state, diags),
        }
        check_handicap(&mut state, diags);
        super::legacy::finish(&mut state.legacy, &mut state.game.info, diags);
        // A field written as None leaves an empty rest behind: one pointer again.
        state.game.info.tidy();
        // The gomoku rule follows RU wherever it stood (the root or a game-info node).
        if let (GameKind::Gomoku { rule, .. }, Some(ru)) =
            (&mut state.game.kind, &state.game.info.rules)
        {
            *rule = GomokuRule::named_by(ru);
        }
        if state.spans.is_empty() {
            state.spans.push(Span::at(state.start));
        }
        // Only a game that kept an analysis property is walked for them.
        if state.analysis && state.inline.is_none() {
            crate::formats::analysis::properties::lift_reporting(
                &mut state.game.tree,
                &state.spans,
                diags,
            );
        }
        match &mut self.mode {
            Mode::Keep => {
                // Held for the checks that follow: only the room the game needs.
                state.game.tree.shrink_to_fit();
                if state.spans.capacity() - state.spans.len() > state.spans.len() / 8 {
                    state.spans.shrink_to_fit();
                }
                self.games.push(state.game);
                self.spans.push(state.spans);
                return;
            }
            Mode::Whole(hand) | Mode::Moves(hand) => hand(&mut state.game, &state.spans),
            Mode::CheckAsRead(each, place) => {
                let found = match state.inline.take() {
                    Some(mut inline) => {
                        let found = finish_inline(&mut inline, &mut state, text, end, each, place);
                        inline.marks.clear();
                        inline.spans.clear();
                        inline.numbers.clear();
                        self.spare_inline = Some(inline);
                        found
                    }
                    None => each(&mut state.game, &state.spans),
                };
                self.found.extend(found);
            }
        }
        self.checked += 1;
        let mut tree = std::mem::take(&mut state.game.tree);
        tree.clear();
        state.spans.clear();
        self.spare = Spare(Some((tree, state.spans)));
    }
}

/// Starts checking a game as it is read, once its root is read and played: for a
/// Go game (not one skipped).
fn start_inline(state: &mut GameState, spare: &mut Option<Inline>) {
    let GameKind::Go { size } = state.game.kind else {
        return;
    };
    if state.skip {
        return;
    }
    let ru = state.game.info.rules.clone();
    let rules = crate::rules::go::rules_of_ru(ru.as_deref());
    // A game's nodes are about a fiftieth of its bytes; the hint only sizes a table.
    let mut inline = match spare.take() {
        Some(mut inline) => {
            inline.walk.restart(size, rules, 256);
            inline.ru = ru;
            inline.trunk_end = u32::MAX;
            inline.pending = None;
            inline
        }
        None => Inline {
            walk: LineWalk::new(size, rules, 256),
            marks: Vec::new(),
            pending: None,
            next: 0,
            spans: Vec::new(),
            numbers: Vec::new(),
            root_number: None,
            ru,
            trunk_end: u32::MAX,
            infos: Vec::new(),
        },
    };
    // The root and the nodes split from it, already in the tree (and their spans).
    let ru = state.game.info.rules.as_deref();
    let mut id = Some(NodeId::ROOT);
    inline.next = 0;
    while let Some((i, node)) = id.and_then(|i| state.game.tree.get(i).map(|n| (i, n))) {
        let before = inline.walk.found();
        let number = inline.walk.node(i, node, ru, false);
        if i == NodeId::ROOT {
            inline.root_number = number;
        }
        let span = state
            .spans
            .get(i.0 as usize)
            .copied()
            .unwrap_or(Span::at(state.start));
        inline.note(before, span, number);
        inline.next = i.0.wrapping_add(1);
        id = node.children().first().copied();
    }
    state.inline = Some(inline);
}

/// A node below the root of a game checked as it is read: typed into `scratch`,
/// checked and played, then dropped; the id of the last node it made (a node may be
/// split in several).
#[allow(clippy::too_many_arguments)]
fn inline_node(
    state: &mut GameState,
    raw: &RawNode<'_>,
    parent: NodeId,
    keep_text: bool,
    points: &mut Vec<Point>,
    markup: &mut crate::model::Markup,
    scratch: &mut Node,
    diags: &mut Vec<Diagnostic>,
) -> NodeId {
    let mut node_info_props = Vec::new();
    let mut ctx = Context {
        ff: state.ff,
        ff_declared: state.ff_declared,
        go: true,
        legacy: &mut state.legacy,
        size: state.size,
        info: &mut state.game.info,
        node_info_props: &mut node_info_props,
        keep_text,
        reuse_texts: false,
        keep_info_text: false,
        points,
        markup_scratch: Some(markup),
        analysis: &mut state.analysis,
    };
    *scratch = Node::default();
    let parts = type_node(&mut ctx, scratch, raw, false, diags);
    let Some(inline) = state.inline.as_mut() else {
        return NodeId::ROOT;
    };
    let mut id = inline.take_id();
    inline.follow(id, parent);
    if !node_info_props.is_empty() {
        state.node_info.push((id, node_info_props));
    }
    if let Some(info) = scratch.info.take() {
        inline.infos.push((id, *info));
    }
    let ru = state.game.info.rules.as_deref();
    let keep_history = !inline.come_back();
    let before = inline.walk.found();
    let number = inline.walk.node(id, scratch, ru, keep_history);
    inline.note(before, raw.span, number);
    for part in &parts {
        id = inline.take_id();
        let before = inline.walk.found();
        let number = inline.walk.node(id, part, ru, keep_history);
        inline.note(before, raw.span, number);
    }
    id
}

/// The diagnostics of the rules on a game checked as it was read. A game whose
/// rule set turned out other than the one it was walked by (an `RU` below the root,
/// on its trunk) is read again from its text, in full, and checked by `each`.
/// (Debug builds read every game again so, and hold the two results equal.)
fn finish_inline(
    inline: &mut Inline,
    state: &mut GameState,
    text: &str,
    end: usize,
    each: &GameCheck<'_>,
    place: &PlaceFindings<'_>,
) -> Vec<Diagnostic> {
    // A game that kept an engine analysis property is read again too: its
    // evaluations are read, and the check replays their variations on its tree.
    let again = state.game.info.rules != inline.ru || state.analysis;
    let full = || {
        let mut found = Vec::new();
        let mut check = |game: &mut Game, spans: &[Span]| found.extend(each(game, spans));
        let mut builder = Builder::new(Mode::Moves(&mut check));
        let _ = super::parse::parse_range(text, state.start..end, &mut builder);
        debug_assert_eq!(builder.checked, 1, "a game read again is one game");
        drop(builder);
        found
    };
    if again {
        return full();
    }
    let mut findings = inline.walk.take_findings();
    if let Some(komi) = crate::rules::go::claims::komi_margin(&state.game) {
        findings.push(komi);
        let root = state
            .spans
            .first()
            .copied()
            .unwrap_or(Span::at(state.start));
        inline.spans.push(root);
        inline.numbers.push(inline.root_number);
    }
    // Each finding's place is noted by its own number.
    for (k, f) in findings.iter_mut().enumerate() {
        f.node = NodeId(k as u32);
    }
    let found = place(findings, &inline.numbers, &inline.spans);
    debug_assert_eq!(
        found,
        full(),
        "a Go game checked as it was read and the same game read in full, then checked, differ"
    );
    found
}

/// Reads FF, GM, SZ and CA of a game's first node before anything else is typed;
/// returns the declared charset.
fn root_context(
    state: &mut GameState,
    raw: &RawNode<'_>,
    diags: &mut Vec<Diagnostic>,
) -> Option<String> {
    let mut gm: Option<(i64, Span)> = None;
    let mut size: Option<BoardSize> = None;
    let mut charset = None;
    for prop in &raw.props {
        let vals = raw.values_of(prop);
        let Some(first) = vals.first() else { continue };
        match prop.ident.as_ref() {
            "FF" => match number(first.text) {
                Some(v @ 1..=4) => {
                    state.ff = v as u8;
                    state.ff_declared = true;
                }
                _ => {
                    state.ff = 4;
                    state.ff_declared = true;
                    diags.push(Diagnostic::new(
                        codes::SGF_UNKNOWN_FILE_FORMAT,
                        format!(
                            "unknown file format FF[{}] (kifu reads FF[1]–FF[4]; read as FF[4])",
                            first.text
                        ),
                        first.span(),
                    ))
                }
            },
            "GM" => match number(first.text) {
                Some(v) => gm = Some((v, first.span())),
                None => diags.push(Diagnostic::new(
                    codes::SGF_BAD_VALUE,
                    format!(
                        "GM[{}] is not a number (GM[1] assumed)",
                        crate::diag::clip(first.text)
                    ),
                    first.span(),
                )),
            },
            "CA" => charset = Some(values::text(first.text, true)),
            // Fox writes komi × 50; its AP may stand after KM, or be one of two.
            "AP" => {
                state.legacy.fox |= vals
                    .iter()
                    .any(|v| v.text.to_ascii_lowercase().contains("foxwq"))
            }
            "SZ" => size = Some(board_size(first, diags)),
            _ => {}
        }
    }
    let (kind, default) = match gm {
        None | Some((1, _)) => ("go", 19),
        Some((4, _)) => ("gomoku", 15),
        Some((other, span)) => {
            diags.push(Diagnostic::new(
                codes::SGF_UNSUPPORTED_GAME,
                format!("GM[{other}] is not Go (1) or gomoku (4); kifu skips this game"),
                span,
            ));
            state.skip = true;
            ("go", 19)
        }
    };
    let size = size.unwrap_or(BoardSize::square(default));
    state.size = size;
    state.game.kind = if kind == "gomoku" {
        let rule = raw
            .props
            .iter()
            .find(|p| p.ident == "RU")
            .and_then(|p| raw.values_of(p).first())
            .map_or(GomokuRule::Renju, |v| {
                GomokuRule::named_by(&values::text(v.text, true))
            });
        GameKind::Gomoku { size, rule }
    } else {
        GameKind::Go { size }
    };
    charset
}

/// `SZ[n]` or `SZ[w:h]`, corrected into 1–52.
fn board_size(v: &RawValue<'_>, diags: &mut Vec<Diagnostic>) -> BoardSize {
    let fix = |n: i64, diags: &mut Vec<Diagnostic>| -> Option<u8> {
        if n < 1 {
            diags.push(Diagnostic::new(
                codes::SGF_BAD_BOARD_SIZE,
                format!("board size {n} is below 1 (19 assumed)"),
                v.span(),
            ));
            None
        } else if n > 52 {
            diags.push(Diagnostic::new(
                codes::SGF_BAD_BOARD_SIZE,
                format!("board size {n} is above 52 (52 used)"),
                v.span(),
            ));
            Some(52)
        } else {
            Some(n as u8)
        }
    };
    match split_compose(v.text) {
        None => match number(v.text) {
            Some(n) => BoardSize::square(fix(n, diags).unwrap_or(19)),
            None => {
                diags.push(Diagnostic::new(
                    codes::SGF_BAD_BOARD_SIZE,
                    format!(
                        "SZ[{}] is not a size (19 assumed)",
                        crate::diag::clip(v.text)
                    ),
                    v.span(),
                ));
                BoardSize::square(19)
            }
        },
        Some((w, h)) => match (number(w), number(h)) {
            (Some(w), Some(h)) => {
                if w == h {
                    diags.push(Diagnostic::new(
                        codes::SGF_SQUARE_AS_RECTANGLE,
                        format!(
                            "SZ[{}] names a square board as a rectangle (SZ[{w}] meant)",
                            v.text
                        ),
                        v.span(),
                    ));
                }
                BoardSize {
                    width: fix(w, diags).unwrap_or(19),
                    height: fix(h, diags).unwrap_or(19),
                }
            }
            _ => {
                diags.push(Diagnostic::new(
                    codes::SGF_BAD_BOARD_SIZE,
                    format!(
                        "SZ[{}] is not a size (19 assumed)",
                        crate::diag::clip(v.text)
                    ),
                    v.span(),
                ));
                BoardSize::square(19)
            }
        },
    }
}

/// Warns when HA and the root's black setup stones disagree.
fn check_handicap(state: &mut GameState, diags: &mut Vec<Diagnostic>) {
    let Some(ha) = state.game.info.handicap else {
        return;
    };
    let at = state
        .spans
        .first()
        .copied()
        .unwrap_or(Span::at(state.start));
    let ab = state.game.tree.root_node().setup.add_black.len();
    if ha >= 2 && ab == 0 {
        diags.push(Diagnostic::new(
            codes::SGF_HANDICAP_WITHOUT_STONES,
            format!("HA[{ha}] but the root places no black stones (AB); HA alone places no stones"),
            at,
        ));
    } else if ha >= 2 && ab != ha as usize {
        diags.push(Diagnostic::new(
            codes::SGF_HANDICAP_MISMATCH,
            format!("HA[{ha}] but the root places {ab} black stones"),
            at,
        ));
    }
}

/// Game information read below the root: on a node before the first branch (a line
/// every variation goes through) it holds for the whole game, so it joins the game's
/// information (`sgf::game-info-moved`, written in the root); on a node inside a
/// variation it holds for that variation only and stays at its node
/// (`sgf::variation-game-info`), as FF[4] allows once per path.
fn settle_node_info(state: &mut GameState, diags: &mut Vec<Diagnostic>) {
    if state.node_info.is_empty() {
        return;
    }
    let mut trunk = std::collections::HashSet::new();
    let mut id = NodeId::ROOT;
    while let Some(node) = state.game.tree.get_mut(id) {
        trunk.insert(id);
        if let Some(info) = node.info.take() {
            state.game.info.fill_from(*info);
        }
        match node.children() {
            [only] => id = *only,
            _ => break,
        }
    }
    let node_info = std::mem::take(&mut state.node_info);
    report_node_info(node_info, |id| trunk.contains(&id), diags);
}

/// Reports the game-info properties of nodes below the root: moved to the game's
/// information when their node is on the trunk, kept at it otherwise.
fn report_node_info(
    node_info: Vec<(NodeId, Vec<(Span, String)>)>,
    on_trunk: impl Fn(NodeId) -> bool,
    diags: &mut Vec<Diagnostic>,
) {
    for (id, props) in node_info {
        for (span, prop) in props {
            diags.push(if on_trunk(id) {
                Diagnostic::new(
                    codes::SGF_GAME_INFO_MOVED,
                    format!("game-info property {prop} in a node below the root, before any variation (moved to the game information, written in the root)"),
                    span,
                )
            } else {
                Diagnostic::new(
                    codes::SGF_VARIATION_GAME_INFO,
                    format!("game-info property {prop} in a variation: it holds for the lines through this node only (kept at its node)"),
                    span,
                )
            });
        }
    }
}
