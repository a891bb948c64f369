//! What a writer writes of the model: the game-information fields, the node fields,
//! which lines of play, and which formats' extras. Each [`super::Format`] declares
//! it once; [`super::account`] reports every filled field outside it as a loss.

use crate::model::{GameInfo, Node, Player, ShogiStart};

/// A field of [`GameInfo`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InfoField {
    /// The first player's name.
    BlackName,
    /// The first player's rank.
    BlackRank,
    /// The first player's team.
    BlackTeam,
    /// The second player's name.
    WhiteName,
    /// The second player's rank.
    WhiteRank,
    /// The second player's team.
    WhiteTeam,
    /// The game's name or title.
    Title,
    /// The event.
    Event,
    /// The round.
    Round,
    /// The date.
    Date,
    /// The place.
    Place,
    /// The result.
    Result,
    /// The rule set's name.
    Rules,
    /// Komi.
    Komi,
    /// The handicap stone count.
    Handicap,
    /// The main time.
    MainTime,
    /// The time control.
    TimeControl,
    /// The annotator.
    Annotator,
    /// The source.
    Source,
    /// The copyright.
    Copyright,
    /// The opening.
    Opening,
    /// The recorder.
    Recorder,
    /// The application.
    Application,
    /// The comment on the whole game.
    GameComment,
    /// The shogi starting position.
    ShogiStart,
}

impl InfoField {
    /// Every field, in the model's order.
    pub const ALL: [InfoField; 25] = [
        InfoField::BlackName,
        InfoField::BlackRank,
        InfoField::BlackTeam,
        InfoField::WhiteName,
        InfoField::WhiteRank,
        InfoField::WhiteTeam,
        InfoField::Title,
        InfoField::Event,
        InfoField::Round,
        InfoField::Date,
        InfoField::Place,
        InfoField::Result,
        InfoField::Rules,
        InfoField::Komi,
        InfoField::Handicap,
        InfoField::MainTime,
        InfoField::TimeControl,
        InfoField::Annotator,
        InfoField::Source,
        InfoField::Copyright,
        InfoField::Opening,
        InfoField::Recorder,
        InfoField::Application,
        InfoField::GameComment,
        InfoField::ShogiStart,
    ];

    /// The field's name in loss messages.
    pub fn name(self) -> &'static str {
        match self {
            InfoField::BlackName => "black player's name",
            InfoField::BlackRank => "black player's rank",
            InfoField::BlackTeam => "black player's team",
            InfoField::WhiteName => "white player's name",
            InfoField::WhiteRank => "white player's rank",
            InfoField::WhiteTeam => "white player's team",
            InfoField::Title => "title",
            InfoField::Event => "event",
            InfoField::Round => "round",
            InfoField::Date => "date",
            InfoField::Place => "place",
            InfoField::Result => "result",
            InfoField::Rules => "rules",
            InfoField::Komi => "komi",
            InfoField::Handicap => "handicap",
            InfoField::MainTime => "main time",
            InfoField::TimeControl => "time control",
            InfoField::Annotator => "annotator",
            InfoField::Source => "source",
            InfoField::Copyright => "copyright",
            InfoField::Opening => "opening",
            InfoField::Recorder => "recorder",
            InfoField::Application => "application",
            InfoField::GameComment => "game comment",
            InfoField::ShogiStart => "shogi starting position",
        }
    }

    /// The field's value as text, `None` when it is empty.
    pub fn value(self, info: &GameInfo) -> Option<String> {
        let player = |p: &Player, f: fn(&Player) -> &Option<String>| f(p).clone();
        match self {
            InfoField::BlackName => player(&info.black, |p| &p.name),
            InfoField::BlackRank => player(&info.black, |p| &p.rank),
            InfoField::BlackTeam => player(&info.black, |p| &p.team),
            InfoField::WhiteName => player(&info.white, |p| &p.name),
            InfoField::WhiteRank => player(&info.white, |p| &p.rank),
            InfoField::WhiteTeam => player(&info.white, |p| &p.team),
            InfoField::Title => info.title.clone(),
            InfoField::Event => info.event.clone(),
            InfoField::Round => info.round.clone(),
            InfoField::Date => info.date.clone(),
            InfoField::Place => info.place.clone(),
            InfoField::Result => info.result.as_ref().map(|r| format!("{r:#}")),
            InfoField::Rules => info.rules.clone(),
            InfoField::Komi => info.komi.map(|k| k.to_string()),
            InfoField::Handicap => info.handicap.map(|h| h.to_string()),
            InfoField::MainTime => info.main_time.map(|t| format!("{t} s")),
            InfoField::TimeControl => info.time_control.clone(),
            InfoField::Annotator => info.annotator.clone(),
            InfoField::Source => info.source.clone(),
            InfoField::Copyright => info.copyright.clone(),
            InfoField::Opening => info.opening.clone(),
            InfoField::Recorder => info.recorder.clone(),
            InfoField::Application => info.application.clone(),
            InfoField::GameComment => info.game_comment.clone(),
            InfoField::ShogiStart => info.shogi_start.as_ref().map(|s| match s {
                ShogiStart::Preset(h) => h.japanese().to_string(),
                ShogiStart::Other(_) => "a position".to_string(),
            }),
        }
    }
}

/// A field of a [`Node`] besides its move and children.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeField {
    /// The comment.
    Comment,
    /// The node's name.
    Name,
    /// The judgement of the move.
    MoveAnnotation,
    /// The judgement of the position.
    PositionAnnotation,
    /// The hotspot.
    Hotspot,
    /// The estimated score.
    Value,
    /// The move number shown.
    MoveNumber,
    /// Time left after the move.
    TimeLeft,
    /// Periods left after the move.
    PeriodsLeft,
    /// Time spent on the move.
    TimeUsed,
    /// The mover's total time spent.
    TimeTotal,
    /// A special end of the game.
    Ending,
    /// Bookmarks.
    Bookmarks,
    /// Setup stones or pieces, cleared points, the side to play.
    Setup,
    /// Shapes on points.
    Symbols,
    /// Text labels.
    Labels,
    /// Arrows.
    Arrows,
    /// Lines.
    Lines,
    /// Dimmed points.
    Dimmed,
    /// Numbered stones.
    Numbered,
    /// Engine evaluations.
    Analysis,
}

impl NodeField {
    /// Every field, in the model's order.
    pub const ALL: [NodeField; 21] = [
        NodeField::Comment,
        NodeField::Name,
        NodeField::MoveAnnotation,
        NodeField::PositionAnnotation,
        NodeField::Hotspot,
        NodeField::Value,
        NodeField::MoveNumber,
        NodeField::TimeLeft,
        NodeField::PeriodsLeft,
        NodeField::TimeUsed,
        NodeField::TimeTotal,
        NodeField::Ending,
        NodeField::Bookmarks,
        NodeField::Setup,
        NodeField::Symbols,
        NodeField::Labels,
        NodeField::Arrows,
        NodeField::Lines,
        NodeField::Dimmed,
        NodeField::Numbered,
        NodeField::Analysis,
    ];

    /// The field's name in loss messages.
    pub fn name(self) -> &'static str {
        match self {
            NodeField::Comment => "comment",
            NodeField::Name => "node name",
            NodeField::MoveAnnotation => "move judgement",
            NodeField::PositionAnnotation => "position judgement",
            NodeField::Hotspot => "hotspot",
            NodeField::Value => "estimated score",
            NodeField::MoveNumber => "shown move number",
            NodeField::TimeLeft => "time left",
            NodeField::PeriodsLeft => "periods left",
            NodeField::TimeUsed => "time spent",
            NodeField::TimeTotal => "total time spent",
            NodeField::Ending => "special end",
            NodeField::Bookmarks => "bookmark",
            NodeField::Setup => "setup",
            NodeField::Symbols => "symbol",
            NodeField::Labels => "label",
            NodeField::Arrows => "arrow",
            NodeField::Lines => "line",
            NodeField::Dimmed => "dimmed point",
            NodeField::Numbered => "numbered stone",
            NodeField::Analysis => "engine evaluation",
        }
    }

    /// The field's bit in a set of fields ([`NodeField::filled`]).
    pub const fn bit(self) -> u32 {
        1 << (self as u32)
    }

    /// The set of the fields of `fields` ([`NodeField::bit`]).
    pub fn set_of(fields: &[NodeField]) -> u32 {
        fields.iter().fold(0, |set, f| set | f.bit())
    }

    /// True when the node has this field filled: [`NodeField::value`] is `Some`,
    /// known without building the text.
    pub fn is_filled(self, n: &Node) -> bool {
        NodeField::filled_among(n, self.bit()) != 0
    }

    /// The set of the fields the node has filled ([`NodeField::bit`]), in one pass
    /// over the node.
    pub fn filled(n: &Node) -> u32 {
        NodeField::filled_among(n, u32::MAX)
    }

    /// The fields of `set` the node has filled: `filled(n) & set`, looking only
    /// into the parts of the node that hold a field of `set` (the loss accounting
    /// asks for the few fields a target leaves out, on every node).
    #[inline]
    pub fn filled_among(n: &Node, set: u32) -> u32 {
        use NodeField as F;
        const OWN: u32 = F::Comment.bit() | F::Name.bit();
        const TIMES: u32 = F::PeriodsLeft.bit();
        const MARKUP: u32 = F::Symbols.bit()
            | F::Labels.bit()
            | F::Arrows.bit()
            | F::Lines.bit()
            | F::Dimmed.bit()
            | F::Numbered.bit();
        const MORE: u32 = F::MoveAnnotation.bit()
            | F::PositionAnnotation.bit()
            | F::Hotspot.bit()
            | F::Value.bit()
            | F::MoveNumber.bit()
            | F::Ending.bit()
            | F::Bookmarks.bit()
            | F::Analysis.bit();
        let on = |filled: bool, f: NodeField| if filled { f.bit() } else { 0 };
        let mut out = 0;
        if set & F::TimeUsed.bit() != 0 {
            out |= on(n.time_used_ms().is_some(), F::TimeUsed);
        }
        if set & F::TimeLeft.bit() != 0 {
            out |= on(n.time_left().is_some(), F::TimeLeft);
        }
        if set & F::TimeTotal.bit() != 0 {
            out |= on(n.time_total_ms().is_some(), F::TimeTotal);
        }
        let Some(rest) = n.rest.get() else {
            return out & set;
        };
        if set & OWN != 0 {
            out |= on(rest.comment.is_some(), F::Comment) | on(rest.name.is_some(), F::Name);
        }
        if let Some(s) = rest.setup.get().filter(|_| set & F::Setup.bit() != 0) {
            out |= on(
                !(s.add_black.is_empty()
                    && s.add_white.is_empty()
                    && s.clear.is_empty()
                    && s.to_play.is_none()),
                F::Setup,
            );
        }
        if let Some(t) = rest.times.get().filter(|_| set & TIMES != 0) {
            out |= on(t.periods_left.is_some(), F::PeriodsLeft);
        }
        if let Some(m) = rest.markup.get().filter(|_| set & MARKUP != 0) {
            out |= on(!m.symbols.is_empty(), F::Symbols)
                | on(!m.labels.is_empty(), F::Labels)
                | on(!m.arrows.is_empty(), F::Arrows)
                | on(!m.lines.is_empty(), F::Lines)
                | on(!m.dimmed.is_empty(), F::Dimmed)
                | on(!m.numbered.is_empty(), F::Numbered);
        }
        if let Some(more) = rest.more.get().filter(|_| set & MORE != 0) {
            out |= on(more.move_annotation.is_some(), F::MoveAnnotation)
                | on(more.position_annotation.is_some(), F::PositionAnnotation)
                | on(more.hotspot.is_some(), F::Hotspot)
                | on(more.value.is_some(), F::Value)
                | on(more.move_number.is_some(), F::MoveNumber)
                | on(more.ending.is_some(), F::Ending)
                | on(!more.bookmarks.is_empty(), F::Bookmarks)
                | on(!more.analysis.is_empty(), F::Analysis);
        }
        out & set
    }

    /// The field's value as text, `None` when it is empty.
    pub fn value(self, n: &Node) -> Option<String> {
        let count = |len: usize, what: &str| (len > 0).then(|| format!("{len} {what}"));
        let m = &n.markup;
        match self {
            NodeField::Comment => n.comment.clone(),
            NodeField::Name => n.name.as_deref().map(str::to_string),
            NodeField::MoveAnnotation => n.move_annotation.map(|a| format!("{a:?}")),
            NodeField::PositionAnnotation => n.position_annotation.map(|a| format!("{a:?}")),
            NodeField::Hotspot => n.hotspot.map(|h| format!("{h:?}")),
            NodeField::Value => n.value.map(|v| v.to_string()),
            NodeField::MoveNumber => n.move_number.map(|v| v.to_string()),
            NodeField::TimeLeft => n.time_left().map(|t| format!("{t} s")),
            NodeField::PeriodsLeft => n.times.periods_left.map(|p| p.to_string()),
            NodeField::TimeUsed => n.time_used_ms().map(|t| format!("{t} ms")),
            NodeField::TimeTotal => n.time_total_ms().map(|t| format!("{t} ms")),
            NodeField::Ending => n.ending.map(|e| e.kind.japanese().to_string()),
            NodeField::Bookmarks => (!n.bookmarks.is_empty()).then(|| n.bookmarks.join(", ")),
            NodeField::Setup => {
                let s = &n.setup;
                let stones = s.add_black.len() + s.add_white.len() + s.clear.len();
                match (stones, s.to_play) {
                    (0, None) => None,
                    (0, Some(c)) => Some(format!("{c:?} to play")),
                    (k, _) => Some(format!("{k} point(s)")),
                }
            }
            NodeField::Symbols => count(m.symbols.len(), "symbol(s)"),
            NodeField::Labels => (!m.labels.is_empty()).then(|| {
                m.labels
                    .iter()
                    .map(|l| l.text.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            }),
            NodeField::Arrows => count(m.arrows.len(), "arrow(s)"),
            NodeField::Lines => count(m.lines.len(), "line(s)"),
            NodeField::Dimmed => count(m.dimmed.len(), "point(s)"),
            NodeField::Numbered => count(m.numbered.len(), "stone(s)"),
            NodeField::Analysis => count(n.analysis.len(), "evaluation(s)"),
        }
    }
}

/// Which lines of play a writer writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lines {
    /// The whole tree.
    All,
    /// The main line and variations that leave it, none nested (Kiseong).
    OneLevel,
    /// The main line only.
    MainLine,
    /// The root only: no moves (a .gonu board).
    Root,
}

/// What a writer writes of the model.
#[derive(Debug, Clone, Copy)]
pub struct Writes {
    /// The game-information fields it writes.
    pub info: &'static [InfoField],
    /// The node fields it writes.
    pub node: &'static [NodeField],
    /// The lines of play it writes.
    pub lines: Lines,
    /// Game information of one variation, at its node.
    pub variation_info: bool,
    /// The extras it writes, by key prefix (`sgf:`, `csa:'`).
    pub extras: &'static [&'static str],
    /// Extras under those prefixes that it does not write, by exact key.
    pub extras_dropped: &'static [&'static str],
    /// True when its reader gives the result a special end implies, so a result
    /// that the main line's end implies is written with the end.
    pub result_from_ending: bool,
}

impl Writes {
    /// Everything (the kifu JSON model).
    pub const EVERYTHING: Writes = Writes {
        info: &InfoField::ALL,
        node: &NodeField::ALL,
        lines: Lines::All,
        variation_info: true,
        extras: &[""],
        extras_dropped: &[],
        result_from_ending: false,
    };

    /// Nothing: a format kifu only reads.
    pub const NOTHING: Writes = Writes {
        info: &[],
        node: &[],
        lines: Lines::Root,
        variation_info: false,
        extras: &[],
        extras_dropped: &[],
        result_from_ending: false,
    };

    /// True when it writes this game-information field.
    pub fn info(&self, f: InfoField) -> bool {
        self.info.contains(&f)
    }

    /// True when it writes this node field.
    pub fn node(&self, f: NodeField) -> bool {
        self.node.contains(&f)
    }

    /// True when it writes the extra with this key.
    pub fn extra(&self, key: &str) -> bool {
        self.extras.iter().any(|p| key.starts_with(p)) && !self.extras_dropped.contains(&key)
    }
}

#[cfg(test)]
mod tests {
    use super::NodeField;
    use crate::model::Node;
    use crate::model::{
        Color, Emphasis, Ending, EndingKind, Evaluation, Label, Line, MoveAnnotation,
        NumberedStone, Point, PositionAnnotation, Shape, Symbol,
    };

    /// Each field's bit is its place in [`NodeField::ALL`]: the loss accounting
    /// goes through a node's fields by their bits, in that order.
    #[test]
    fn a_fields_bit_is_its_place_in_all() {
        for (place, f) in NodeField::ALL.into_iter().enumerate() {
            assert_eq!(f.bit(), 1 << place, "{f:?}");
        }
    }

    /// A node with only `field` filled.
    fn with(field: NodeField) -> Node {
        let mut n = Node::default();
        fill(&mut n, field);
        n
    }

    /// Fills `field` of `n`.
    fn fill(n: &mut Node, field: NodeField) {
        let p = Point { x: 1, y: 2 };
        match field {
            NodeField::Comment => n.comment = Some("c".into()),
            NodeField::Name => n.name = Some("n".into()),
            NodeField::MoveAnnotation => n.move_annotation = Some(MoveAnnotation::Doubtful),
            NodeField::PositionAnnotation => {
                n.position_annotation = Some(PositionAnnotation::Even(Emphasis::Normal))
            }
            NodeField::Hotspot => n.hotspot = Some(Emphasis::Strong),
            NodeField::Value => n.value = Some(0.5),
            NodeField::MoveNumber => n.move_number = Some(7),
            NodeField::TimeLeft => n.set_time_left(Some(30.0)),
            NodeField::PeriodsLeft => n.times.periods_left = Some(2),
            NodeField::TimeUsed => n.set_time_used_ms(Some(1500)),
            NodeField::TimeTotal => n.set_time_total_ms(Some(9000)),
            NodeField::Ending => {
                n.ending = Some(Ending {
                    kind: EndingKind::Resign,
                    color: Some(Color::White),
                })
            }
            NodeField::Bookmarks => n.bookmarks.push("b".into()),
            NodeField::Setup => n.setup.to_play = Some(Color::White),
            NodeField::Symbols => n.markup.symbols.push(Symbol {
                point: p,
                shape: Shape::Circle,
            }),
            NodeField::Labels => n.markup.labels.push(Label {
                point: p,
                text: "A".into(),
            }),
            NodeField::Arrows => n.markup.arrows.push(Line { from: p, to: p }),
            NodeField::Lines => n.markup.lines.push(Line { from: p, to: p }),
            NodeField::Dimmed => n.markup.dimmed.push(p),
            NodeField::Numbered => n.markup.numbered.push(NumberedStone {
                point: p,
                color: Color::Black,
                number: 3,
            }),
            NodeField::Analysis => n.analysis.0.push(Evaluation::default()),
        }
    }

    #[test]
    fn is_filled_says_what_value_says_of_every_field() {
        let empty = Node::default();
        for f in NodeField::ALL {
            assert!(!f.is_filled(&empty), "{f:?} of an empty node");
            assert_eq!(f.value(&empty), None, "{f:?} of an empty node");
            let n = with(f);
            for g in NodeField::ALL {
                assert_eq!(
                    g.is_filled(&n),
                    g.value(&n).is_some(),
                    "{g:?} of a node with {f:?}"
                );
                assert_eq!(g.is_filled(&n), g == f, "{g:?} of a node with {f:?}");
            }
        }
    }

    /// `filled_among` with a set of several fields says what `filled` says of
    /// them, for nodes holding two fields in the same or different parts, and a
    /// wide time (in the rest) beside a part the set does not look into.
    #[test]
    fn filled_among_is_filled_within_the_set() {
        let mut nodes: Vec<Node> = Vec::new();
        for f in NodeField::ALL {
            for g in NodeField::ALL {
                let mut n = with(f);
                fill(&mut n, g);
                nodes.push(n);
            }
        }
        let mut wide = with(NodeField::Symbols);
        wide.set_time_used_ms(Some(u64::from(u32::MAX) + 5));
        wide.set_time_left(Some(0.0005));
        nodes.push(wide);
        let sets = [
            0,
            u32::MAX,
            NodeField::set_of(&[NodeField::TimeUsed, NodeField::Numbered]),
            NodeField::set_of(&[NodeField::TimeLeft, NodeField::Comment]),
            NodeField::set_of(&[NodeField::Ending, NodeField::Setup, NodeField::Labels]),
            NodeField::set_of(&[
                NodeField::TimeUsed,
                NodeField::TimeTotal,
                NodeField::Ending,
                NodeField::Bookmarks,
                NodeField::Numbered,
                NodeField::Analysis,
            ]),
        ];
        for n in &nodes {
            let all = NodeField::ALL
                .into_iter()
                .filter(|f| f.value(n).is_some())
                .fold(0, |s, f| s | f.bit());
            assert_eq!(NodeField::filled(n), all, "{n:?}");
            for set in sets.into_iter().chain(NodeField::ALL.map(NodeField::bit)) {
                assert_eq!(
                    NodeField::filled_among(n, set),
                    all & set,
                    "{set:#x} of {n:?}"
                );
            }
        }
    }
}
