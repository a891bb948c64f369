use serde::{Deserialize, Serialize};

use super::children::Children;
use std::ops::{Deref, DerefMut};

use super::{
    Color, Extras, Markup, Move, MoveAnnotation, NodeId, PositionAnnotation, Setup, Sparse,
    SparsePart,
};

/// A special end of the game recorded in the move sequence (shogi's 投了, 千日手 …;
/// a Go resignation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndingKind {
    /// 投了: the side to move resigns.
    Resign,
    /// 中断: play stopped.
    Interrupt,
    /// 千日手: fourfold repetition.
    Repetition,
    /// 持将棋: impasse (draw).
    Impasse,
    /// 詰み: checkmated.
    Checkmate,
    /// 不詰: no mate exists (tsume problems).
    NoMate,
    /// 切れ負け: lost on time.
    Timeout,
    /// 反則勝ち: won because the opponent's previous move broke a rule.
    IllegalWin,
    /// 反則負け: lost by breaking a rule.
    IllegalLoss,
    /// 入玉勝ち: won by entering king declaration.
    EnteringKing,
    /// 不戦勝: won by default.
    WinByDefault,
    /// 不戦敗: lost by default.
    LossByDefault,
    /// 封じ手: sealed move (adjournment).
    SealedMove,
    /// A draw agreed or declared (CSA %HIKIWAKE).
    Draw,
}

impl EndingKind {
    /// Every kind, in KIF's order.
    pub const ALL: [EndingKind; 14] = [
        EndingKind::Resign,
        EndingKind::Interrupt,
        EndingKind::Repetition,
        EndingKind::Impasse,
        EndingKind::Checkmate,
        EndingKind::NoMate,
        EndingKind::Timeout,
        EndingKind::IllegalWin,
        EndingKind::IllegalLoss,
        EndingKind::EnteringKing,
        EndingKind::WinByDefault,
        EndingKind::LossByDefault,
        EndingKind::SealedMove,
        EndingKind::Draw,
    ];

    /// The Japanese word KIF writes in the move column.
    pub fn japanese(self) -> &'static str {
        match self {
            EndingKind::Resign => "投了",
            EndingKind::Interrupt => "中断",
            EndingKind::Repetition => "千日手",
            EndingKind::Impasse => "持将棋",
            EndingKind::Checkmate => "詰み",
            EndingKind::NoMate => "不詰",
            EndingKind::Timeout => "切れ負け",
            EndingKind::IllegalWin => "反則勝ち",
            EndingKind::IllegalLoss => "反則負け",
            EndingKind::EnteringKing => "入玉勝ち",
            EndingKind::WinByDefault => "不戦勝",
            EndingKind::LossByDefault => "不戦敗",
            EndingKind::SealedMove => "封じ手",
            EndingKind::Draw => "引き分け",
        }
    }

    /// The kind for a KIF word.
    pub fn from_japanese(word: &str) -> Option<EndingKind> {
        EndingKind::ALL.into_iter().find(|k| k.japanese() == word)
    }
}

/// A special end and the side it is said of (the side to move, for most kinds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// What happened.
    pub kind: EndingKind,
    /// The side that resigned, ran out of time, declared …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
}

impl EndingKind {
    /// The result this ending gives when `side` is the side it is said of (the side to
    /// move: the one that resigned, ran out of time, declared …); `None` when the game
    /// has no result yet (中断, 封じ手, 不詰).
    pub fn result_for(self, side: Color) -> Option<super::GameResult> {
        use super::{GameResult, WinReason};
        let win = |winner, reason| Some(GameResult::Win { winner, reason });
        match self {
            EndingKind::Resign => win(side.opponent(), WinReason::Resign),
            EndingKind::Checkmate => win(side.opponent(), WinReason::Unspecified),
            EndingKind::Timeout => win(side.opponent(), WinReason::Time),
            EndingKind::IllegalLoss | EndingKind::LossByDefault => {
                win(side.opponent(), WinReason::Forfeit)
            }
            EndingKind::IllegalWin | EndingKind::WinByDefault => win(side, WinReason::Forfeit),
            EndingKind::EnteringKing => win(side, WinReason::Unspecified),
            EndingKind::Repetition | EndingKind::Impasse | EndingKind::Draw => {
                Some(GameResult::Draw)
            }
            EndingKind::Interrupt | EndingKind::SealedMove | EndingKind::NoMate => None,
        }
    }
}

/// One node of a game tree: at most one move, plus everything said or drawn there.
///
/// Small on purpose: the children, the move, the parent and the time the move took
/// are held in the node; everything else (setup, markup, comment, other times,
/// annotations …) is a [`NodeRest`] kept behind one pointer only when the node has any
/// of it. The node reads and writes as if those were its own fields (`node.comment`,
/// `node.setup.add_black`): through `Deref` an unset rest reads as empty, through
/// `DerefMut` writing stores one. A move-only node is 48 bytes on x86-64, and so is a
/// move with its time (a CSA `T` line, most KIF and JKF moves) or with the time left
/// after it (SGF `BL`/`WL` of whole milliseconds, as servers write on every move), or
/// with the mover's total time (KIF's second figure, on every move of a timed
/// record): those are read and written with [`Node::time_used_ms`],
/// [`Node::time_left`], [`Node::time_total_ms`] and their setters. JSON is
/// unchanged: the rest's fields and the time are written and read in the node's own
/// object, in the same order as before.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// Children in order; the first is the main line.
    pub(crate) children: Children,
    /// The move made in this node.
    pub mv: Option<Move>,
    /// Everything else, usually reached through the node itself (`node.comment`).
    pub rest: Sparse<NodeRest>,
    /// The parent's index, [`NO_PARENT`] for the root. Not serialised: rebuilt from
    /// `children`. Read as an `Option` through [`Node::parent`].
    pub(crate) parent: u32,
    /// The time spent on the move in milliseconds, when it is less than
    /// [`NO_TIME`]; a longer one is in the rest's second tier.
    pub(crate) time_used: u32,
    /// The time left after the move in whole milliseconds, when it is less than
    /// [`TOTAL_BASE`]; else the mover's total time so far as [`TOTAL_BASE`] plus its
    /// milliseconds, when that is less than [`NO_TIME`]. Any other (a fraction of a
    /// millisecond, a negative or a longer time, a total beside a time left held
    /// here) is in the rest's [`NodeTimes`]. Where each goes depends on the two
    /// values only ([`Node::place_times`]), so equal times compare equal. Read
    /// through [`Node::time_left`] and [`Node::time_total_ms`].
    pub(crate) time_held: u32,
}

/// [`Node::parent`]'s value for the root.
const NO_PARENT: u32 = u32::MAX;

/// [`Node::time_used`]'s value when the node holds no time of its own (none, or one
/// too long for 32 bits).
const NO_TIME: u32 = u32::MAX;

/// Where totals start in [`Node::time_held`]: below it, a time left (under 24 days);
/// from it, a total time (under 24 days too).
const TOTAL_BASE: u32 = 1 << 31;

impl Default for Node {
    fn default() -> Node {
        Node {
            children: Children::default(),
            mv: None,
            rest: Sparse::NONE,
            parent: NO_PARENT,
            time_used: NO_TIME,
            time_held: NO_TIME,
        }
    }
}

/// The fields of a [`Node`] that most nodes leave empty, reached through the node
/// (`node.comment`); stored only when one of them is set. Kept small, so that a node
/// with one short field (a comment, a name, a private property) costs little more
/// than its text: the times are their own part, [`NodeTimes`] (`node.times.time_left`),
/// and the fields fewer records use are a second tier, [`NodeMore`], behind one more
/// pointer, reached through the node (`node.ending`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NodeRest {
    /// Stones added or removed without a move.
    pub setup: Sparse<Setup>,
    /// Markers, labels, arrows drawn here.
    pub markup: Sparse<Markup>,
    /// Commentary (lines joined with `\n`).
    pub comment: Option<String>,
    /// The node's name (SGF N).
    pub name: Option<Box<str>>,
    /// Format-specific data, in source order.
    pub extras: Extras,
    /// The times said after the move, other than the time it took.
    pub times: Sparse<NodeTimes>,
    /// The fields fewer nodes have, usually reached through the node (`node.ending`).
    pub more: Sparse<NodeMore>,
}

/// The times a node can hold besides the time its move took ([`Node::time_used_ms`]):
/// stored only when one is set, reached as `node.times.time_left`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NodeTimes {
    /// Time left for the mover after the move, in seconds (SGF BL/WL), when the node
    /// cannot hold it itself; read and written through [`Node::time_left`].
    time_left_wide: Option<f64>,
    /// Byo-yomi periods or stones left after the move (SGF OB/OW).
    pub periods_left: Option<u32>,
    /// The mover's total time spent so far in milliseconds (KIF's second figure),
    /// when the node cannot hold it itself; read and written through
    /// [`Node::time_total_ms`].
    time_total_wide_ms: Option<u64>,
}

/// The second tier of a node's fields: those few records set on many nodes (and the
/// ending, on one node of a game), stored only when one of them is set and reached
/// through the node (`node.ending`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NodeMore {
    /// Judgement of the move.
    pub move_annotation: Option<MoveAnnotation>,
    /// Judgement of the position.
    pub position_annotation: Option<PositionAnnotation>,
    /// A hotspot (SGF HO).
    pub hotspot: Option<super::Emphasis>,
    /// An estimated score (SGF V).
    pub value: Option<f64>,
    /// The move number shown for this move, when the record sets it (SGF MN).
    pub move_number: Option<u32>,
    /// A special end of the game recorded here (one node of a game at most).
    pub ending: Option<Ending>,
    /// Bookmarks (KIF `&` lines).
    pub bookmarks: Vec<String>,
    /// Game information that holds for this node's subtree only: a game-info node
    /// inside a variation (SGF allows one per path), as collections of several games
    /// in one tree use it. The game's own information (`Game::info`) holds for every
    /// line; this adds to it for the lines through this node.
    pub info: Option<Box<super::GameInfo>>,
    /// The time spent on the move when it does not fit the node's 32 bits (49 days
    /// and more); read and written through [`Node::time_used_ms`].
    time_used_wide_ms: Option<u64>,
    /// Engine evaluations of this node's position (after its move), one per engine
    /// or candidate line, in source order; one pointer, stored only when there are any.
    pub analysis: Sparse<super::Analysis>,
}

/// A node as JSON gets it: every field in one object, in the order they always came
/// (the node's own, then its rest's), borrowed from the node.
#[derive(Serialize)]
struct NodeOut<'a> {
    #[serde(skip_serializing_if = "no_children")]
    children: &'a Children,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: &'a Option<Move>,
    #[serde(skip_serializing_if = "empty_part")]
    setup: &'a Sparse<Setup>,
    #[serde(skip_serializing_if = "empty_part")]
    markup: &'a Sparse<Markup>,
    #[serde(skip_serializing_if = "Option::is_none")]
    comment: &'a Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: &'a Option<Box<str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    move_annotation: &'a Option<MoveAnnotation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    position_annotation: &'a Option<PositionAnnotation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hotspot: &'a Option<super::Emphasis>,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: &'a Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    move_number: &'a Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_left: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    periods_left: &'a Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_used_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_total_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ending: &'a Option<Ending>,
    #[serde(skip_serializing_if = "no_bookmarks")]
    bookmarks: &'a Vec<String>,
    #[serde(skip_serializing_if = "no_extras")]
    extras: &'a Extras,
    #[serde(skip_serializing_if = "Option::is_none")]
    info: &'a Option<Box<super::GameInfo>>,
    #[serde(skip_serializing_if = "empty_part")]
    analysis: &'a Sparse<super::Analysis>,
}

fn no_children(c: &&Children) -> bool {
    c.is_empty()
}

fn empty_part<T: SparsePart>(s: &&Sparse<T>) -> bool {
    s.is_empty()
}

fn no_bookmarks(b: &&Vec<String>) -> bool {
    b.is_empty()
}

fn no_extras(e: &&Extras) -> bool {
    e.is_empty()
}

impl Serialize for Node {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        NodeOut {
            children: &self.children,
            mv: &self.mv,
            setup: &self.setup,
            markup: &self.markup,
            comment: &self.comment,
            name: &self.name,
            move_annotation: &self.move_annotation,
            position_annotation: &self.position_annotation,
            hotspot: &self.hotspot,
            value: &self.value,
            move_number: &self.move_number,
            time_left: self.time_left(),
            periods_left: &self.times.periods_left,
            time_used_ms: self.time_used_ms(),
            time_total_ms: self.time_total_ms(),
            ending: &self.ending,
            bookmarks: &self.bookmarks,
            extras: &self.extras,
            info: &self.info,
            analysis: &self.analysis,
        }
        .serialize(serializer)
    }
}

/// A node as JSON holds it: every field in one object, read without `flatten` (which
/// would buffer the object and hide from the reader a key the model does not know:
/// `formats::json` reports those). Turned into a [`Node`] whose rest is stored only
/// when one of its fields is set. The fields are [`NodeOut`]'s, one for one (the
/// unit test `every_field_in_the_old_order_and_back` reads every one back).
#[derive(Deserialize)]
struct NodeIn {
    /// Children in order.
    #[serde(default)]
    children: Children,
    /// The move made in this node.
    #[serde(default, rename = "move")]
    mv: Option<Move>,
    /// Stones added or removed without a move.
    #[serde(default)]
    setup: Sparse<Setup>,
    /// Markers, labels, arrows drawn here.
    #[serde(default)]
    markup: Sparse<Markup>,
    /// Commentary (lines joined with `\n`).
    #[serde(default)]
    comment: Option<String>,
    /// The node's name (SGF N).
    #[serde(default)]
    name: Option<String>,
    /// Judgement of the move.
    #[serde(default)]
    move_annotation: Option<MoveAnnotation>,
    /// Judgement of the position.
    #[serde(default)]
    position_annotation: Option<PositionAnnotation>,
    /// A hotspot (SGF HO).
    #[serde(default)]
    hotspot: Option<super::Emphasis>,
    /// An estimated score (SGF V).
    #[serde(default)]
    value: Option<f64>,
    /// The move number shown for this move, when the record sets it (SGF MN).
    #[serde(default)]
    move_number: Option<u32>,
    /// Time left for the mover after the move, in seconds (SGF BL/WL).
    #[serde(default)]
    time_left: Option<f64>,
    /// Byo-yomi periods or stones left after the move (SGF OB/OW).
    #[serde(default)]
    periods_left: Option<u32>,
    /// Time spent on this move in milliseconds (KIF, CSA `T`).
    #[serde(default)]
    time_used_ms: Option<u64>,
    /// The mover's total time spent so far in milliseconds (KIF's second figure).
    #[serde(default)]
    time_total_ms: Option<u64>,
    /// A special end of the game recorded here.
    #[serde(default)]
    ending: Option<Ending>,
    /// Bookmarks (KIF `&` lines).
    #[serde(default)]
    bookmarks: Vec<String>,
    /// Format-specific data, in source order.
    #[serde(default)]
    extras: Extras,
    /// Game information that holds for this node's subtree only: a game-info node
    /// inside a variation (SGF allows one per path), as collections of several games
    /// in one tree use it. The game's own information (`Game::info`) holds for every
    /// line; this adds to it for the lines through this node.
    #[serde(default)]
    info: Option<Box<super::GameInfo>>,
    /// Engine evaluations of this node's position.
    #[serde(default)]
    analysis: Sparse<super::Analysis>,
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Node, D::Error> {
        let n = NodeIn::deserialize(deserializer)?;
        let more = NodeMore {
            move_annotation: n.move_annotation,
            position_annotation: n.position_annotation,
            hotspot: n.hotspot,
            value: n.value,
            move_number: n.move_number,
            ending: n.ending,
            bookmarks: n.bookmarks,
            info: n.info,
            time_used_wide_ms: None,
            analysis: n.analysis,
        };
        let times = NodeTimes {
            time_left_wide: None,
            periods_left: n.periods_left,
            time_total_wide_ms: None,
        };
        let rest = NodeRest {
            setup: n.setup,
            markup: n.markup,
            comment: n.comment,
            name: n.name.map(Into::into),
            extras: n.extras,
            times: Sparse::from(times),
            more: Sparse::from(more),
        };
        let mut node = Node {
            children: n.children,
            mv: n.mv,
            rest: Sparse::from(rest),
            ..Node::default()
        };
        node.set_time_used_ms(n.time_used_ms);
        node.place_times(n.time_left, n.time_total_ms);
        Ok(node)
    }
}

impl SparsePart for NodeRest {
    fn empty() -> &'static NodeRest {
        static EMPTY: NodeRest = NodeRest {
            setup: Sparse::NONE,
            markup: Sparse::NONE,
            comment: None,
            name: None,
            extras: Extras::NONE,
            times: Sparse::NONE,
            more: Sparse::NONE,
        };
        &EMPTY
    }
    fn is_empty(&self) -> bool {
        self == Self::empty()
    }
    fn tidy_parts(&mut self) {
        self.setup.tidy();
        self.markup.tidy();
        self.extras.tidy();
        self.times.tidy();
        self.more.tidy();
    }
    fn new_box() -> Box<NodeRest> {
        super::sparse::take_kept(&KEPT_RESTS)
    }
    fn give_back(mut boxed: Box<NodeRest>) {
        // The comment's storage is kept for the thread's next texts.
        if let Some(comment) = boxed.comment.take() {
            super::texts::keep(comment);
        }
        super::sparse::keep(&KEPT_RESTS, boxed);
    }
}

thread_local! {
    /// The boxes of node rests this thread keeps ([`super::sparse::Kept`]).
    static KEPT_RESTS: super::sparse::Kept<NodeRest> = const { std::cell::RefCell::new(Vec::new()) };
}

impl SparsePart for NodeTimes {
    fn empty() -> &'static NodeTimes {
        static EMPTY: NodeTimes = NodeTimes {
            time_left_wide: None,
            periods_left: None,
            time_total_wide_ms: None,
        };
        &EMPTY
    }
    fn is_empty(&self) -> bool {
        self == Self::empty()
    }
    fn new_box() -> Box<NodeTimes> {
        super::sparse::take_kept(&KEPT_TIMES)
    }
    fn give_back(boxed: Box<NodeTimes>) {
        super::sparse::keep(&KEPT_TIMES, boxed);
    }
}

thread_local! {
    /// The boxes of node times this thread keeps ([`super::sparse::Kept`]): a KIF
    /// record's moves each hold the mover's total time in one.
    static KEPT_TIMES: super::sparse::Kept<NodeTimes> = const { std::cell::RefCell::new(Vec::new()) };
}

impl SparsePart for NodeMore {
    fn empty() -> &'static NodeMore {
        static EMPTY: NodeMore = NodeMore {
            move_annotation: None,
            position_annotation: None,
            hotspot: None,
            value: None,
            move_number: None,
            ending: None,
            bookmarks: Vec::new(),
            info: None,
            time_used_wide_ms: None,
            analysis: Sparse::NONE,
        };
        &EMPTY
    }
    fn is_empty(&self) -> bool {
        self == Self::empty()
    }
}

/// `seconds` as whole milliseconds when that is exactly the same number (the one
/// reading the decimal gives: a division by 1,000 rounds as the parse does) and
/// fits under [`TOTAL_BASE`]; `None` for a fraction of a millisecond, a negative
/// number (-0 too), NaN or a time of 24 days and more.
fn whole_ms(seconds: f64) -> Option<u32> {
    // NaN and every negative number (-0 too) are kept as they are.
    if seconds.is_nan() || seconds.is_sign_negative() {
        return None;
    }
    // Rounded by adding a half and truncating (`round` is a call of libm); the
    // cast saturates, and the comparison below keeps only an exact candidate.
    let ms = (seconds * 1000.0 + 0.5) as u32;
    (ms < TOTAL_BASE && f64::from(ms) / 1000.0 == seconds).then_some(ms)
}

impl Deref for Node {
    type Target = NodeRest;
    fn deref(&self) -> &NodeRest {
        &self.rest
    }
}

impl DerefMut for Node {
    fn deref_mut(&mut self) -> &mut NodeRest {
        &mut self.rest
    }
}

impl Deref for NodeRest {
    type Target = NodeMore;
    fn deref(&self) -> &NodeMore {
        &self.more
    }
}

impl DerefMut for NodeRest {
    fn deref_mut(&mut self) -> &mut NodeMore {
        &mut self.more
    }
}

impl Node {
    /// A node holding only a move.
    pub fn with_move(mv: Move) -> Node {
        Node {
            mv: Some(mv),
            ..Node::default()
        }
    }

    /// A node holding the move `mv`, under the node `parent`, and the time the move
    /// took as the node holds it itself (`time_used`: [`Node::held_time_used`]): a
    /// reader's usual move, built whole.
    #[inline(always)]
    pub(crate) fn of_move(parent: NodeId, mv: Move, time_used: Option<u32>) -> Node {
        Node {
            children: Children::default(),
            mv: Some(mv),
            rest: Sparse::NONE,
            parent: parent.0,
            time_used: time_used.unwrap_or(NO_TIME),
            time_held: NO_TIME,
        }
    }

    /// How a node without a rest holds the time spent `ms` itself
    /// ([`Node::set_time_used_ms`] on it): `Some(None)` for no time, `Some(Some(t))`
    /// for a time held in the node; `None` when it is too long to be held there.
    #[inline(always)]
    pub(crate) fn held_time_used(ms: Option<u64>) -> Option<Option<u32>> {
        match ms.map(u32::try_from) {
            None => Some(None),
            Some(Ok(t)) if t != NO_TIME => Some(Some(t)),
            Some(_) => None,
        }
    }

    /// A node holding only a special end.
    pub fn with_ending(ending: Ending) -> Node {
        let more = NodeMore {
            ending: Some(ending),
            ..NodeMore::default()
        };
        let rest = NodeRest {
            more: Sparse::from(more),
            ..NodeRest::default()
        };
        Node {
            rest: Sparse::from(rest),
            ..Node::default()
        }
    }

    /// True when the node holds nothing but its move and children.
    pub fn is_bare(&self) -> bool {
        self.time_used == NO_TIME && self.time_held == NO_TIME && self.rest.is_empty()
    }

    /// Time spent on this move in milliseconds (KIF, CSA `T`, JKF).
    #[inline]
    pub fn time_used_ms(&self) -> Option<u64> {
        if self.time_used != NO_TIME {
            Some(u64::from(self.time_used))
        } else {
            self.time_used_wide_ms
        }
    }

    /// Sets (or with `None` clears) the time spent on this move, in milliseconds. A
    /// time under 49 days is held in the node itself and stores no rest.
    #[inline]
    pub fn set_time_used_ms(&mut self, ms: Option<u64>) {
        let small = ms
            .and_then(|t| u32::try_from(t).ok())
            .filter(|&t| t != NO_TIME);
        if let (Some(t), true) = (small, self.rest.is_none()) {
            // The usual case (a reader's fresh node): nothing stored beside the node,
            // so no wide time to clear.
            self.time_used = t;
            return;
        }
        self.time_used = small.unwrap_or(NO_TIME);
        let wide = if small.is_some() { None } else { ms };
        // Read first: clearing what is not stored stores nothing.
        if self.time_used_wide_ms != wide {
            self.rest.more.time_used_wide_ms = wide;
            self.rest.tidy();
        }
    }

    /// Time left for the mover after the move, in seconds (SGF BL/WL).
    #[inline]
    pub fn time_left(&self) -> Option<f64> {
        if self.time_held < TOTAL_BASE {
            Some(f64::from(self.time_held) / 1000.0)
        } else {
            self.times.time_left_wide
        }
    }

    /// Whether the node holds a time spent, a time left and a total time in itself
    /// (not in its rest): for a node without a rest, whether it has them at all.
    #[inline]
    pub(crate) fn own_times(&self) -> (bool, bool, bool) {
        (
            self.time_used != NO_TIME,
            self.time_held < TOTAL_BASE,
            self.time_held >= TOTAL_BASE && self.time_held != NO_TIME,
        )
    }

    /// The time left after the move in whole milliseconds, when the node holds it
    /// itself (see [`Node::set_time_left`]): a writer spells it without the float
    /// formatter.
    #[inline]
    pub fn time_left_whole_ms(&self) -> Option<u32> {
        (self.time_held < TOTAL_BASE).then_some(self.time_held)
    }

    /// Sets (or with `None` clears) the time left after the move, in seconds. A
    /// time of whole milliseconds under 24 days is held in the node itself and
    /// stores no rest; any other is kept as it is in the rest.
    #[inline]
    pub fn set_time_left(&mut self, seconds: Option<f64>) {
        let total = self.time_total_ms();
        self.place_times(seconds, total);
    }

    /// Sets the time left after the move to `ms` whole milliseconds: what
    /// [`Node::set_time_left`] does with `ms / 1000` seconds, without its checks of a
    /// float when the node can hold it itself (a reader's fast path).
    #[inline]
    pub(crate) fn set_time_left_ms(&mut self, ms: u32) {
        // Nothing stored beside the node, and no total held in it: the time is
        // all there is to place.
        if ms < TOTAL_BASE && self.rest.is_none() && !self.own_times().2 {
            self.time_held = ms;
        } else {
            self.set_time_left(Some(f64::from(ms) / 1000.0));
        }
    }

    /// The mover's total time spent so far, in milliseconds (KIF's second figure,
    /// JKF's `total`).
    #[inline]
    pub fn time_total_ms(&self) -> Option<u64> {
        if self.own_times().2 {
            Some(u64::from(self.time_held - TOTAL_BASE))
        } else {
            self.times.time_total_wide_ms
        }
    }

    /// Sets (or with `None` clears) the mover's total time so far, in milliseconds.
    /// A total under 24 days is held in the node itself, unless it holds a time
    /// left: a KIF move's time and total store no rest.
    #[inline]
    pub fn set_time_total_ms(&mut self, ms: Option<u64>) {
        // A reader's fresh node: nothing stored beside it and no time left in it.
        if self.rest.is_none() && self.time_held >= TOTAL_BASE {
            match ms.and_then(|t| u32::try_from(t).ok()) {
                Some(t) if t < NO_TIME - TOTAL_BASE => {
                    self.time_held = TOTAL_BASE + t;
                    return;
                }
                _ if ms.is_none() => {
                    self.time_held = NO_TIME;
                    return;
                }
                _ => {}
            }
        }
        let left = self.time_left();
        self.place_times(left, ms);
    }

    /// Places a time left (seconds) and a total time (milliseconds) where they go,
    /// by their values only: a time left of whole milliseconds under 24 days in the
    /// node, else a total under 24 days in the node; the rest of them in the rest's
    /// [`NodeTimes`], which is stored only when it holds something.
    fn place_times(&mut self, left: Option<f64>, total: Option<u64>) {
        let left_held = left.and_then(whole_ms);
        let total_held = total
            .and_then(|t| u32::try_from(t).ok())
            .filter(|&t| t < NO_TIME - TOTAL_BASE);
        let (held, left_wide, total_wide) = match (left_held, total_held) {
            (Some(l), _) => (l, None, total),
            (None, Some(t)) => (TOTAL_BASE + t, left, None),
            (None, None) => (NO_TIME, left, total),
        };
        self.time_held = held;
        if left_wide.is_none() && total_wide.is_none() && self.rest.is_none() {
            // Nothing wide to store, and none stored: no rest to look into.
            return;
        }
        let times = &self.times;
        // Compared by bits: NaN is a value to keep, and -0 is not 0.
        if times.time_left_wide.map(f64::to_bits) != left_wide.map(f64::to_bits)
            || times.time_total_wide_ms != total_wide
        {
            let times = &mut self.rest.times;
            times.time_left_wide = left_wide;
            times.time_total_wide_ms = total_wide;
            self.rest.tidy();
        }
    }

    /// The parent node; `None` for the root.
    #[inline]
    pub fn parent(&self) -> Option<NodeId> {
        (self.parent != NO_PARENT).then_some(NodeId(self.parent))
    }

    /// Sets the parent (`None` for the root).
    #[inline]
    pub(crate) fn set_parent(&mut self, parent: Option<NodeId>) {
        self.parent = parent.map_or(NO_PARENT, |p| p.0);
    }

    /// The children, main line first.
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }
}

#[cfg(test)]
mod json_tests {
    use super::*;
    use crate::model::{Emphasis, Point, StoneMove};

    /// Every field set: the keys come in the order they always came (the node's own,
    /// then its rest's, flattened), and the JSON reads back as the same node.
    #[test]
    fn every_field_in_the_old_order_and_back() {
        let mut n = Node::with_move(Move::Stone(StoneMove {
            color: Color::Black,
            point: Some(Point::new(3, 3)),
        }));
        n.children = Children::from(vec![NodeId(1)]);
        n.setup.add_black.push(Point::new(0, 0));
        n.markup.symbols.push(crate::model::Symbol {
            point: Point::new(1, 1),
            shape: crate::model::Shape::Circle,
        });
        n.comment = Some("c".into());
        n.name = Some("n".into());
        n.move_annotation = Some(MoveAnnotation::Doubtful);
        n.position_annotation = Some(PositionAnnotation::Unclear(Emphasis::Normal));
        n.hotspot = Some(Emphasis::Strong);
        n.value = Some(1.5);
        n.move_number = Some(7);
        n.set_time_left(Some(30.5));
        n.times.periods_left = Some(3);
        n.set_time_used_ms(Some(1000));
        n.set_time_total_ms(Some(2000));
        n.ending = Some(Ending {
            kind: EndingKind::Resign,
            color: Some(Color::White),
        });
        n.bookmarks.push("b".into());
        n.extras.push("sgf:XX", vec!["v".into()]);
        n.info = Some(Box::default());
        n.analysis.push(crate::model::Evaluation {
            score: Some(0.5),
            pv: vec!["D4".into()],
            ..crate::model::Evaluation::default()
        });
        let json = serde_json::to_string(&n).expect("serialises");
        let at = |key: &str| json.find(&format!("\"{key}\":"));
        let order = [
            "children",
            "move",
            "setup",
            "markup",
            "comment",
            "name",
            "move_annotation",
            "position_annotation",
            "hotspot",
            "value",
            "move_number",
            "time_left",
            "periods_left",
            "time_used_ms",
            "time_total_ms",
            "ending",
            "bookmarks",
            "extras",
            "info",
            "analysis",
        ];
        let places: Vec<Option<usize>> = order.iter().map(|k| at(k)).collect();
        assert!(places.iter().all(Option::is_some), "{json}");
        assert!(places.windows(2).all(|w| w[0] < w[1]), "{json}");
        let back: Node = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, n);
        // A move-only node stores no rest, and neither does one read back.
        let only_move = Node::with_move(Move::Stone(StoneMove {
            color: Color::White,
            point: None,
        }));
        let text = serde_json::to_string(&only_move).expect("serialises");
        let bare: Node = serde_json::from_str(&text).expect("reads back");
        assert!(bare.is_bare() && bare.mv.is_some());
        assert_eq!(
            serde_json::to_string(&Node::default()).ok().as_deref(),
            Some("{}")
        );
    }
}

#[cfg(test)]
mod time_tests {
    use super::*;
    use crate::model::{Color, ShogiMove, Square};

    fn shogi() -> Node {
        let (Some(from), Some(to)) = (Square::new(2, 7), Square::new(2, 6)) else {
            unreachable!("squares of the board")
        };
        Node::with_move(Move::Shogi(ShogiMove {
            color: Color::Black,
            from: Some(from),
            to,
            piece: crate::model::PieceKind::Pawn,
            promote: false,
            capture: None,
        }))
    }

    /// A move with its time stores no rest; the time reads back, and JSON writes it
    /// where it always stood.
    #[test]
    fn a_time_is_held_in_the_node() {
        let mut n = shogi();
        n.set_time_used_ms(Some(1000));
        assert!(n.rest.is_none());
        assert!(!n.is_bare());
        assert_eq!(n.time_used_ms(), Some(1000));
        // A KIF move's two times, both held in the node.
        n.set_time_total_ms(Some(5000));
        assert!(n.rest.is_none());
        assert_eq!(n.time_total_ms(), Some(5000));
        n.times.periods_left = Some(2);
        let json = serde_json::to_string(&n).expect("serialises");
        assert!(
            json.ends_with(r#""periods_left":2,"time_used_ms":1000,"time_total_ms":5000}"#),
            "{json}"
        );
        let back: Node = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, n);
        n.set_time_used_ms(None);
        assert_eq!(n.time_used_ms(), None);
        n.times.periods_left = None;
        n.rest.tidy();
        assert!(n.rest.is_none() && !n.is_bare());
        n.set_time_total_ms(None);
        assert!(n.is_bare());
    }

    /// A node's times dropped with it are kept, emptied, for the next node of the
    /// thread that stores times (an SGF record's moves each hold their periods).
    #[test]
    fn the_box_of_a_nodes_times_is_kept_for_the_next_node() {
        let timed = || {
            let mut n = shogi();
            n.times.periods_left = Some(2);
            n
        };
        let mut first = timed();
        first.set_time_total_ms(Some(1 << 40));
        let at = first.times.get().map(|t| t as *const NodeTimes);
        let kept = || KEPT_TIMES.with(|k| k.borrow().len());
        let before = kept();
        drop(first);
        assert_eq!(kept(), before + 1);
        // A box of the same size from the allocator: not the one kept (freed, the
        // allocator would hand it out again here).
        let other = Box::new(NodeTimes::default());
        let next = timed();
        assert_ne!(Some(&*other as *const NodeTimes), at);
        assert_eq!(next.times.get().map(|t| t as *const NodeTimes), at);
        assert_eq!(next.time_total_ms(), None, "emptied when given back");
        assert_eq!(next.times.periods_left, Some(2));
    }

    /// Times of 32 bits and more (49 days and longer, and the sentinel itself) are
    /// kept whole in the rest's second tier, and leave it when cleared.
    #[test]
    fn a_time_too_long_for_32_bits_is_kept_whole() {
        for ms in [
            u64::from(u32::MAX) - 1,
            u64::from(u32::MAX),
            1 << 40,
            u64::MAX,
        ] {
            let mut n = shogi();
            n.set_time_used_ms(Some(ms));
            assert_eq!(n.time_used_ms(), Some(ms));
            assert_eq!(n.rest.is_none(), ms < u64::from(u32::MAX), "{ms}");
            let json = serde_json::to_string(&n).expect("serialises");
            assert!(json.contains(&format!(r#""time_used_ms":{ms}"#)), "{json}");
            let back: Node = serde_json::from_str(&json).expect("reads back");
            assert_eq!(back, n);
            assert_eq!(back.time_used_ms(), Some(ms));
            n.set_time_used_ms(Some(7));
            assert_eq!(n.time_used_ms(), Some(7));
            assert!(n.rest.is_none(), "{ms}: the wide time left the rest");
            n.set_time_used_ms(Some(ms));
            n.set_time_used_ms(None);
            assert!(n.is_bare() && n.rest.is_none());
        }
    }

    /// A time left and a total share the node's second slot: the time left is held
    /// there when it can be, the total when the time left is not, and where each
    /// goes depends on the values only, not on the order they were set in.
    #[test]
    fn a_time_left_and_a_total_are_placed_by_their_values() {
        let lefts = [
            None,
            Some(0.0),
            Some(30.5),
            Some(0.0005),
            Some(3e6),
            Some(-1.0),
        ];
        let totals = [
            None,
            Some(0),
            Some(5000),
            Some(u64::from(TOTAL_BASE) - 2),
            Some(u64::from(TOTAL_BASE) - 1),
            Some(1 << 40),
        ];
        for left in lefts {
            for total in totals {
                let mut a = shogi();
                a.set_time_left(left);
                a.set_time_total_ms(total);
                let mut b = shogi();
                b.set_time_total_ms(total);
                b.set_time_left(left);
                // Set, changed and set back.
                let mut c = shogi();
                c.set_time_total_ms(Some(7));
                c.set_time_left(Some(1e9));
                c.set_time_left(left);
                c.set_time_total_ms(total);
                for n in [&a, &b, &c] {
                    assert_eq!(n.time_left().map(f64::to_bits), left.map(f64::to_bits));
                    assert_eq!(n.time_total_ms(), total, "{left:?} {total:?}");
                }
                assert_eq!(a, b, "{left:?} {total:?}");
                assert_eq!(a, c, "{left:?} {total:?}");
                let json = serde_json::to_string(&a).expect("serialises");
                let back: Node = serde_json::from_str(&json).expect("reads back");
                assert_eq!(back, a, "{json}");
                // Nothing stored beside the node when both fit in it.
                let left_fits = left.is_none_or(|l| whole_ms(l).is_some());
                let total_fits = total.is_none_or(|t| t < u64::from(NO_TIME - TOTAL_BASE));
                let one_held = left.is_none() || total.is_none();
                assert_eq!(
                    a.rest.is_none(),
                    left_fits && total_fits && one_held,
                    "{left:?} {total:?}"
                );
                a.set_time_left(None);
                a.set_time_total_ms(None);
                assert!(a.is_bare() && a.rest.is_none(), "{left:?} {total:?}");
            }
        }
    }

    /// The reader's fast path sets the same node as the seconds do: in the node,
    /// or beside a rest's wide time left, which it replaces.
    #[test]
    fn a_time_left_in_milliseconds_sets_what_its_seconds_set() {
        for ms in [0u32, 1, 3_584_000, 4_294_967_000, u32::MAX] {
            for wide_first in [false, true] {
                let (mut fast, mut slow) = (shogi(), shogi());
                if wide_first {
                    fast.set_time_left(Some(1e12));
                    slow.set_time_left(Some(1e12));
                    fast.comment = Some("kept".into());
                    slow.comment = Some("kept".into());
                }
                fast.set_time_left_ms(ms);
                slow.set_time_left(Some(f64::from(ms) / 1000.0));
                assert_eq!(fast, slow, "{ms} ms");
                assert_eq!(fast.time_left(), Some(f64::from(ms) / 1000.0), "{ms} ms");
            }
        }
    }

    /// A time left of whole milliseconds under 24 days is held in the node (no rest);
    /// any other reads back bit for bit from the rest, and JSON writes both alike.
    #[test]
    fn a_time_left_is_held_in_the_node_when_exact() {
        let held = [0.0, 0.001, 12.5, 28.0, 1795.312, 3584.0, 2_147_483.647];
        let kept = [
            0.0005,
            1.0 / 3.0,
            -1.0,
            -0.0,
            f64::NAN,
            f64::INFINITY,
            2_147_483.648,
            4_294_967.294,
            4_294_967.295,
            1e12,
        ];
        for (seconds, inline) in held
            .iter()
            .map(|&s| (s, true))
            .chain(kept.iter().map(|&s| (s, false)))
        {
            let mut n = shogi();
            n.set_time_left(Some(seconds));
            assert_eq!(n.rest.is_none(), inline, "{seconds}");
            assert_eq!(
                n.time_left().map(f64::to_bits),
                Some(seconds.to_bits()),
                "{seconds}"
            );
            assert!(!n.is_bare());
            if seconds.is_finite() {
                let json = serde_json::to_string(&n).expect("serialises");
                let back: Node = serde_json::from_str(&json).expect("reads back");
                assert_eq!(
                    back.time_left().map(f64::to_bits),
                    Some(seconds.to_bits()),
                    "{json}"
                );
                assert_eq!(back.rest.is_none(), inline, "{json}");
            }
            n.set_time_left(Some(7.0));
            assert!(n.rest.is_none(), "{seconds}: the kept time left the rest");
            n.set_time_left(Some(seconds));
            n.set_time_left(None);
            assert!(n.is_bare() && n.rest.is_none(), "{seconds}");
            assert_eq!(n.time_left(), None);
        }
        // Every time of whole milliseconds written with three decimals reads as the
        // number the node gives back.
        for ms in (0..2_000_000u32).step_by(997).chain([TOTAL_BASE - 1]) {
            let text = format!("{}.{:03}", ms / 1000, ms % 1000);
            let seconds: f64 = text.parse().expect("a number");
            let mut n = shogi();
            n.set_time_left(Some(seconds));
            assert!(n.rest.is_none(), "{text}");
            assert_eq!(n.time_left(), Some(seconds), "{text}");
        }
    }

    /// A second-tier field is reached through the node and stores both tiers; a
    /// rest left empty is freed tier by tier.
    #[test]
    fn the_second_tier_is_stored_for_its_fields_only() {
        let mut n = shogi();
        n.comment = Some("c".into());
        n.name = Some("n".into());
        assert!(n.rest.more.is_none() && n.rest.times.is_none());
        n.times.periods_left = Some(1);
        assert!(n.rest.more.is_none() && !n.rest.times.is_none());
        n.move_number = Some(3);
        assert!(!n.rest.more.is_none());
        n.move_number = None;
        n.times.periods_left = None;
        n.rest.tidy();
        assert!(n.rest.more.is_none() && n.rest.times.is_none() && !n.rest.is_none());
        n.comment = None;
        n.name = None;
        n.rest.tidy();
        assert!(n.rest.is_none());
    }
}

#[cfg(test)]
mod size_tests {
    /// The node's size, as docs/ARCHITECTURE.md gives it: a change shows here first.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_node_is_48_bytes() {
        assert_eq!(std::mem::size_of::<super::Node>(), 48);
    }

    /// The rest's first tier, its times and its second tier: a node with a comment,
    /// a name or private properties stores the first only (engine analysis is in the
    /// second).
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn the_rest_is_80_bytes_its_times_40_and_the_second_tier_88() {
        assert_eq!(std::mem::size_of::<super::NodeRest>(), 80);
        assert_eq!(std::mem::size_of::<super::NodeTimes>(), 40);
        assert_eq!(std::mem::size_of::<super::NodeMore>(), 88);
    }
}
