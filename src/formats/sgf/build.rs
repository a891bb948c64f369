//! Typing: turns each raw node into model nodes and game information, with a
//! diagnostic for every value that is wrong, converted or moved.

use crate::diag::{Diagnostic, Span};
use crate::model::{
    BoardSize, Color, Game, GameKind, GomokuRule, Label, Line, Move, MoveAnnotation, Node, NodeId,
    PositionAnnotation, Shape, StoneMove, Symbol,
};

use super::dialect;
use super::info::{format_result, is_iso_date, normalize_date, parse_result};
use super::parse::{RawNode, RawProp, RawValue, Sink};
use super::values::{
    self, double, number, point, point_list_value, real, split_compose, PointError,
};

/// Collects games from the parser.
#[derive(Default)]
pub(super) struct Builder {
    /// Finished games.
    pub games: Vec<Game>,
    /// Node spans per finished game.
    pub spans: Vec<Vec<Span>>,
    /// The charset the first game declared, to warn about mixed collections.
    first_charset: Option<String>,
    /// The FF of the first game, to warn about mixed collections.
    first_ff: Option<u8>,
    current: Option<GameState>,
}

struct GameState {
    game: Game,
    spans: Vec<Span>,
    ff: u8,
    size: BoardSize,
    skip: bool,
    start: usize,
}

/// Root-only properties (FF[4] "root" type).
fn is_root_prop(id: &str) -> bool {
    matches!(id, "AP" | "CA" | "FF" | "GM" | "ST" | "SZ")
}

/// Game-info properties.
fn is_info_prop(id: &str) -> bool {
    matches!(
        id,
        "AN" | "BR"
            | "BT"
            | "CP"
            | "DT"
            | "EV"
            | "GN"
            | "GC"
            | "ON"
            | "OT"
            | "PB"
            | "PC"
            | "PW"
            | "RE"
            | "RO"
            | "RU"
            | "SO"
            | "TM"
            | "US"
            | "WR"
            | "WT"
            | "HA"
            | "KM"
            | "KI"
    )
}

/// Properties whose values form a list (duplicates are merged).
fn is_list_prop(id: &str) -> bool {
    matches!(
        id,
        "AB" | "AW"
            | "AE"
            | "TR"
            | "SQ"
            | "CR"
            | "MA"
            | "SL"
            | "DD"
            | "LB"
            | "AR"
            | "LN"
            | "VW"
            | "M"
            | "L"
    )
}

/// Properties kifu knows (FF[1]–FF[4]); others are kept as private properties.
fn is_known(id: &str) -> bool {
    is_root_prop(id)
        || is_info_prop(id)
        || is_list_prop(id)
        || matches!(
            id,
            "B" | "W"
                | "KO"
                | "MN"
                | "PL"
                | "C"
                | "N"
                | "DM"
                | "GB"
                | "GW"
                | "UC"
                | "HO"
                | "V"
                | "BM"
                | "TE"
                | "DO"
                | "IT"
                | "BL"
                | "WL"
                | "OB"
                | "OW"
                | "FG"
                | "PM"
        )
}

fn span_of(prop: &RawProp<'_>, values: &[RawValue<'_>]) -> Span {
    let end = values
        .last()
        .map_or(prop.start + prop.written.len(), |v| v.span().end);
    Span::new(prop.start, end)
}

/// Stores a property verbatim (raw values, escapes kept) in a node's extras.
fn keep_raw(node: &mut Node, id: &str, values: &[RawValue<'_>]) {
    node.extras.push(
        format!("sgf:{id}"),
        values.iter().map(|v| v.text.to_string()).collect(),
    );
}

impl<'a> Sink<'a> for Builder {
    fn start_game(&mut self, start: usize) {
        self.current = Some(GameState {
            game: Game::new(GameKind::go(19)),
            spans: Vec::new(),
            ff: 4,
            size: BoardSize::square(19),
            skip: false,
            start,
        });
    }

    fn node(
        &mut self,
        raw: &RawNode<'a>,
        parent: Option<NodeId>,
        diags: &mut Vec<Diagnostic>,
    ) -> NodeId {
        let Some(state) = self.current.as_mut() else {
            return NodeId::ROOT;
        };
        if parent.is_none() {
            let charset = root_context(state, raw, diags);
            if let Some(cs) = charset {
                match &self.first_charset {
                    None => self.first_charset = Some(cs),
                    Some(first) if !first.eq_ignore_ascii_case(&cs) => diags.push(Diagnostic::warning(
                        "sgf::mixed-charsets",
                        format!("this game declares charset {cs:?}, an earlier one {first:?} (each game is decoded with its own; many programs read such files wrongly)"),
                        Span::new(state.start, state.start + 1),
                    )),
                    Some(_) => {}
                }
            }
        }
        if parent.is_none() {
            match self.first_ff {
                None => self.first_ff = Some(state.ff),
                Some(ff) if ff != state.ff => diags.push(Diagnostic::warning(
                    "sgf::mixed-file-formats",
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
        let (first, parts) = type_node(state, raw, is_root, diags);
        state.spans.push(raw.span);
        let mut last = match parent {
            None => {
                *state.game.tree.root_node_mut() = first;
                NodeId::ROOT
            }
            Some(p) => state.game.tree.add_child(p, first),
        };
        for more in parts {
            state.spans.push(raw.span);
            last = state.game.tree.add_child(last, more);
        }
        last
    }

    fn end_game(&mut self, diags: &mut Vec<Diagnostic>) {
        let Some(mut state) = self.current.take() else {
            return;
        };
        if state.skip {
            return;
        }
        check_handicap(&mut state, diags);
        // The gomoku rule follows RU wherever it stood (the root or a game-info node).
        if let (GameKind::Gomoku { rule, .. }, Some(ru)) =
            (&mut state.game.kind, &state.game.info.rules)
        {
            *rule = crate::rules::renju::rule_from_ru(ru);
        }
        if state.spans.is_empty() {
            state.spans.push(Span::at(state.start));
        }
        self.games.push(state.game);
        self.spans.push(state.spans);
    }
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
                Some(v @ 1..=4) => state.ff = v as u8,
                _ => diags.push(Diagnostic::error(
                    "sgf::unknown-file-format",
                    format!(
                        "unknown file format FF[{}] (kifu reads FF[1]–FF[4]; read as FF[4])",
                        first.text
                    ),
                    first.span(),
                )),
            },
            "GM" => match number(first.text) {
                Some(v) => gm = Some((v, first.span())),
                None => diags.push(Diagnostic::error(
                    "sgf::bad-value",
                    format!("GM[{}] is not a number (GM[1] assumed)", first.text),
                    first.span(),
                )),
            },
            "CA" => charset = Some(values::text(first.text, true)),
            "SZ" => size = Some(board_size(first, diags)),
            _ => {}
        }
    }
    let (kind, default) = match gm {
        None | Some((1, _)) => ("go", 19),
        Some((4, _)) => ("gomoku", 15),
        Some((other, span)) => {
            diags.push(Diagnostic::error(
                "sgf::unsupported-game",
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
                crate::rules::renju::rule_from_ru(&values::text(v.text, true))
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
            diags.push(Diagnostic::error(
                "sgf::bad-board-size",
                format!("board size {n} is below 1 (19 assumed)"),
                v.span(),
            ));
            None
        } else if n > 52 {
            diags.push(Diagnostic::error(
                "sgf::bad-board-size",
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
                diags.push(Diagnostic::error(
                    "sgf::bad-board-size",
                    format!("SZ[{}] is not a size (19 assumed)", v.text),
                    v.span(),
                ));
                BoardSize::square(19)
            }
        },
        Some((w, h)) => match (number(w), number(h)) {
            (Some(w), Some(h)) => {
                if w == h {
                    diags.push(Diagnostic::warning(
                        "sgf::square-as-rectangle",
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
                diags.push(Diagnostic::error(
                    "sgf::bad-board-size",
                    format!("SZ[{}] is not a size (19 assumed)", v.text),
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
        diags.push(Diagnostic::warning(
            "sgf::handicap-without-stones",
            format!("HA[{ha}] but the root places no black stones (AB); HA alone places no stones"),
            at,
        ));
    } else if ha >= 2 && ab != ha as usize {
        diags.push(Diagnostic::warning(
            "sgf::handicap-mismatch",
            format!("HA[{ha}] but the root places {ab} black stones"),
            at,
        ));
    }
}

/// Per-node typing state.
struct NodeTyping<'s> {
    node: Node,
    /// The move split off because the node also has setup, or a second move.
    split: Vec<Node>,
    /// BL/WL/OB/OW, typed once the node's move is known (each at most once: a second
    /// one is a deleted duplicate).
    deferred_time: [Option<(&'s str, RawValue<'s>)>; 4],
}

/// Types one raw node into a model node, plus the nodes split off it (a move mixed
/// with setup, a second move), which follow it as a chain.
fn type_node(
    state: &mut GameState,
    raw: &RawNode<'_>,
    is_root: bool,
    diags: &mut Vec<Diagnostic>,
) -> (Node, Vec<Node>) {
    let mut t = NodeTyping {
        node: Node::default(),
        split: Vec::new(),
        deferred_time: [None; 4],
    };
    for (k, prop) in raw.props.iter().enumerate() {
        let id: &str = prop.ident.as_ref();
        let vals = raw.values_of(prop);
        let pspan = span_of(prop, vals);
        if prop.written.len() != id.len() {
            if state.ff >= 4 {
                diags.push(Diagnostic::error(
                    "sgf::lowercase-identifier",
                    format!("lowercase letters in property identifier {:?} (read as {id}; FF[4] forbids them)", prop.written),
                    Span::new(prop.start, prop.start + prop.written.len()),
                ));
            } else {
                diags.push(Diagnostic::info(
                    "sgf::old-identifier",
                    format!("old-style identifier {:?} read as {id}", prop.written),
                    Span::new(prop.start, prop.start + prop.written.len()),
                ));
            }
        }
        if id.len() > 2 {
            diags.push(Diagnostic::warning(
                "sgf::long-identifier",
                format!("property identifier {id} has more than two letters (kept as a private property)"),
                Span::new(prop.start, prop.start + prop.written.len()),
            ));
        }
        let duplicate = raw
            .props
            .get(..k)
            .is_some_and(|before| before.iter().any(|p| p.ident == prop.ident));
        if duplicate && is_known(id) && !is_list_prop(id) && !matches!(id, "C" | "GC" | "B" | "W") {
            diags.push(Diagnostic::error(
                "sgf::duplicate-property",
                format!("property {id} appears twice in one node (the second is deleted)"),
                pspan,
            ));
            continue;
        }
        if duplicate && (is_list_prop(id) || matches!(id, "C" | "GC")) {
            diags.push(Diagnostic::warning(
                "sgf::duplicate-property",
                format!("property {id} appears twice in one node (values merged)"),
                pspan,
            ));
        }
        for v in vals.iter().filter(|v| v.text.contains('\0')) {
            diags.push(Diagnostic::warning(
                "sgf::nul-byte",
                format!("a NUL character in a {id} value (read as a space)"),
                v.span(),
            ));
        }
        if is_root && root_dialect(&mut state.game.info, id, vals, pspan, diags) {
            continue;
        }
        if !is_known(id) {
            diags.push(Diagnostic::info(
                "sgf::unknown-property",
                format!("unknown property {id} (kept as a private property)"),
                Span::new(prop.start, prop.start + prop.written.len()),
            ));
            keep_raw(&mut t.node, id, vals);
            continue;
        }
        if is_root_prop(id) && !is_root {
            diags.push(Diagnostic::error(
                "sgf::root-property-outside-root",
                format!("root property {id} outside the root node (kept as a private property, without effect)"),
                pspan,
            ));
            keep_raw(&mut t.node, id, vals);
            continue;
        }
        if is_info_prop(id) && !is_root {
            if info_is_set(&state.game.info, id) {
                diags.push(Diagnostic::warning(
                    "sgf::game-info-outside-root",
                    format!("game-info property {id} outside the root node, and the game already has it (kept where it stands as a private property)"),
                    pspan,
                ));
                keep_raw(&mut t.node, id, vals);
                continue;
            }
            diags.push(Diagnostic::info(
                "sgf::game-info-moved",
                format!(
                    "game-info property {id} in a node below the root (moved to the game information, written in the root)"
                ),
                pspan,
            ));
        }
        let single = !is_list_prop(id);
        let vals: &[RawValue<'_>] = if single && vals.len() > 1 && id != "KO" {
            if let (Some(second), Some(last)) = (vals.get(1), vals.last()) {
                diags.push(Diagnostic::error(
                    "sgf::too-many-values",
                    format!(
                        "property {id} takes one value; {} more deleted",
                        vals.len() - 1
                    ),
                    Span::new(second.start, last.span().end),
                ));
            }
            vals.get(..1).unwrap_or(vals)
        } else {
            vals
        };
        type_prop(state, &mut t, id, vals, pspan, diags);
    }
    for (id, v) in std::mem::take(&mut t.deferred_time).into_iter().flatten() {
        type_time(&mut t, id, std::slice::from_ref(&v), diags);
    }
    let has_setup = !t.node.setup.add_black.is_empty()
        || !t.node.setup.add_white.is_empty()
        || !t.node.setup.clear.is_empty();
    if t.node.mv.is_some() && has_setup {
        let at = raw
            .props
            .iter()
            .find(|p| matches!(p.ident.as_ref(), "B" | "W"))
            .map_or(raw.span, |p| Span::new(p.start, p.start + p.written.len()));
        diags.push(Diagnostic::error(
            "sgf::move-with-setup",
            "a move and setup stones (AB/AW/AE) in one node (split: setup first, then the move)",
            at,
        ));
        let mut mv_node = Node {
            mv: t.node.mv.take(),
            move_annotation: t.node.move_annotation.take(),
            time_left: t.node.time_left.take(),
            periods_left: t.node.periods_left.take(),
            move_number: t.node.move_number.take(),
            ..Node::default()
        };
        let (ko, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut t.node.extras.0)
            .into_iter()
            .partition(|e| e.key == "sgf:KO");
        t.node.extras.0 = rest;
        mv_node.extras.0 = ko;
        t.split.insert(0, mv_node);
    }
    {
        let m = &t.node.markup;
        let mut pts: Vec<crate::model::Point> = m.symbols.iter().map(|s| s.point).collect();
        pts.extend(m.labels.iter().map(|l| l.point));
        let n = pts.len();
        pts.sort_unstable();
        pts.dedup();
        if pts.len() != n {
            diags.push(Diagnostic::warning(
                "sgf::duplicate-markup",
                format!(
                    "{} markup on a point already marked in this node (kept)",
                    n - pts.len()
                ),
                raw.span,
            ));
        }
    }
    if t.node.mv.is_none() && t.split.is_empty() && t.node.move_annotation.is_some() {
        let at = raw
            .props
            .iter()
            .find(|p| matches!(p.ident.as_ref(), "BM" | "TE" | "DO" | "IT"))
            .map_or(raw.span, |p| Span::new(p.start, p.start + p.written.len()));
        diags.push(Diagnostic::warning(
            "sgf::annotation-without-move",
            "a move annotation (BM/TE/DO/IT) in a node without a move",
            at,
        ));
    }
    if is_root && t.node.mv.is_some() {
        let at = raw
            .props
            .iter()
            .find(|p| matches!(p.ident.as_ref(), "B" | "W"))
            .map_or(raw.span, |p| Span::new(p.start, p.start + p.written.len()));
        diags.push(Diagnostic::warning(
            "sgf::move-in-root",
            "a move in the root node",
            at,
        ));
    }
    (t.node, t.split)
}

/// The Nihon Kiin's root dialect: `TE` that is not a Double is the title, `RD` the date,
/// `KO` with Japanese komi text the komi. Returns true when the property was taken.
fn root_dialect(
    info: &mut crate::model::GameInfo,
    id: &str,
    vals: &[RawValue<'_>],
    pspan: Span,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let Some(v) = vals.first() else { return false };
    let text = values::text(v.text, true);
    let (what, taken) = match id {
        "TE" if double(v.text).is_none() && !v.text.trim().is_empty() && info.title.is_none() => {
            info.title = Some(text);
            ("TE as the title (GN)", true)
        }
        "RD" if info.date.is_none() && is_iso_date(&text) => {
            info.date = Some(text);
            ("RD as the date (DT)", true)
        }
        "KO" if info.komi.is_none() => match dialect::komi(&text) {
            Some(k) => {
                info.komi = Some(k);
                ("KO as the komi (KM)", true)
            }
            None => ("", false),
        },
        _ => ("", false),
    };
    if taken {
        diags.push(Diagnostic::info(
            "sgf::nihon-kiin-dialect",
            format!("Nihon Kiin root property read: {what}"),
            pspan,
        ));
    }
    taken
}

/// True when the game information already holds what property `id` sets.
fn info_is_set(i: &crate::model::GameInfo, id: &str) -> bool {
    match id {
        "AN" => i.annotator.is_some(),
        "BR" => i.black.rank.is_some(),
        "BT" => i.black.team.is_some(),
        "CP" => i.copyright.is_some(),
        "DT" => i.date.is_some(),
        "EV" => i.event.is_some(),
        "GN" => i.title.is_some(),
        "GC" => i.game_comment.is_some(),
        "ON" => i.opening.is_some(),
        "OT" => i.time_control.is_some(),
        "PB" => i.black.name.is_some(),
        "PC" => i.place.is_some(),
        "PW" => i.white.name.is_some(),
        "RE" => i.result.is_some(),
        "RO" => i.round.is_some(),
        "RU" => i.rules.is_some(),
        "SO" => i.source.is_some(),
        "TM" => i.main_time.is_some(),
        "US" => i.recorder.is_some(),
        "WR" => i.white.rank.is_some(),
        "WT" => i.white.team.is_some(),
        "HA" => i.handicap.is_some(),
        _ => i.komi.is_some(),
    }
}

fn simple(v: Option<&RawValue<'_>>) -> Option<String> {
    v.map(|v| values::text(v.text, true))
}

/// Types one known property.
#[allow(clippy::too_many_arguments)]
fn type_prop<'s>(
    state: &mut GameState,
    t: &mut NodeTyping<'s>,
    id: &'s str,
    vals: &[RawValue<'s>],
    pspan: Span,
    diags: &mut Vec<Diagnostic>,
) {
    let first = vals.first();
    let size = state.size;
    let bad = |diags: &mut Vec<Diagnostic>, what: &str| {
        let v = first.map_or("", |v| v.text);
        diags.push(Diagnostic::error(
            "sgf::bad-value",
            format!("{id}[{v}] is not {what} (kept as a private property)"),
            first.map_or(pspan, |v| v.span()),
        ));
    };
    let info = &mut state.game.info;
    match id {
        "B" | "W" => {
            let color = if id == "B" {
                Color::Black
            } else {
                Color::White
            };
            let Some(v) = first else { return };
            let pt = if v.text.is_empty() {
                if state.ff < 4 {
                    diags.push(Diagnostic::warning(
                        "sgf::ff4-pass-in-old-format",
                        format!(
                            "{id}[] is the FF[4] pass; this file is FF[{}] (read as a pass)",
                            state.ff
                        ),
                        v.span(),
                    ));
                }
                None
            } else if v.text == "tt" && size.width <= 19 && size.height <= 19 {
                diags.push(Diagnostic::info(
                    "sgf::tt-pass",
                    format!("{id}[tt] read as a pass (the FF[3] convention; written as {id}[])"),
                    v.span(),
                ));
                None
            } else {
                match point(v.text, size) {
                    Ok((p, cleaned)) => {
                        if cleaned {
                            diags.push(Diagnostic::error(
                                "sgf::spaces-in-point",
                                format!(
                                    "{id}[{}] has spaces (read as {id}[{}{}])",
                                    v.text,
                                    values::coord_char(p.x),
                                    values::coord_char(p.y)
                                ),
                                v.span(),
                            ));
                        }
                        Some(p)
                    }
                    Err(e) => {
                        point_error(diags, id, v, e);
                        keep_raw(&mut t.node, id, vals);
                        return;
                    }
                }
            };
            let mv = Move::Stone(StoneMove { color, point: pt });
            match t.node.mv {
                None => t.node.mv = Some(mv),
                Some(existing) if existing.color() == color => {
                    diags.push(Diagnostic::error(
                        "sgf::duplicate-property",
                        format!("a second {id} move in one node (deleted)"),
                        pspan,
                    ));
                }
                Some(_) => {
                    diags.push(Diagnostic::error(
                        "sgf::two-moves",
                        "a black and a white move in one node (split into two nodes)",
                        pspan,
                    ));
                    t.split.push(Node {
                        mv: Some(mv),
                        ..Node::default()
                    });
                }
            }
        }
        "AB" | "AW" | "AE" | "TR" | "SQ" | "CR" | "MA" | "SL" | "DD" | "M" => {
            if vals.len() == 1 && first.is_some_and(|v| v.text.is_empty()) {
                if id == "DD" {
                    keep_raw(&mut t.node, id, vals);
                } else {
                    diags.push(Diagnostic::error(
                        "sgf::empty-value",
                        format!("{id}[] has no point (deleted)"),
                        pspan,
                    ));
                }
                return;
            }
            let mut points = Vec::new();
            for v in vals {
                match point_list_value(v.text, size) {
                    Ok(mut ps) => points.append(&mut ps),
                    Err(e) => point_error(diags, id, v, e),
                }
            }
            if id == "M" {
                diags.push(Diagnostic::warning(
                    "sgf::old-property",
                    "FF[3] property M read as MA",
                    pspan,
                ));
            }
            let n = &mut t.node;
            let shape = |s| points.iter().map(move |&p| Symbol { point: p, shape: s });
            match id {
                "AB" => n.setup.add_black.extend(points.iter()),
                "AW" => n.setup.add_white.extend(points.iter()),
                "AE" => n.setup.clear.extend(points.iter()),
                "TR" => n.markup.symbols.extend(shape(Shape::Triangle)),
                "SQ" => n.markup.symbols.extend(shape(Shape::Square)),
                "CR" => n.markup.symbols.extend(shape(Shape::Circle)),
                "MA" | "M" => n.markup.symbols.extend(shape(Shape::Cross)),
                "SL" => n.markup.symbols.extend(shape(Shape::Selected)),
                _ => n.markup.dimmed.extend(points.iter()),
            }
        }
        "L" => {
            diags.push(Diagnostic::warning(
                "sgf::old-property",
                "FF[3] property L read as LB with letters a, b, c …",
                pspan,
            ));
            let start = t.node.markup.labels.len();
            for (i, v) in vals.iter().enumerate() {
                match point(v.text, size) {
                    Ok((p, _)) => {
                        let letter = char::from(b'a' + ((start + i) % 26) as u8);
                        t.node.markup.labels.push(Label {
                            point: p,
                            text: letter.to_string(),
                        });
                    }
                    Err(e) => point_error(diags, id, v, e),
                }
            }
        }
        "LB" => {
            for v in vals {
                let Some((p, text)) = split_compose(v.text) else {
                    diags.push(Diagnostic::error(
                        "sgf::expected-compose",
                        format!("LB[{}] is not point:text (deleted)", v.text),
                        v.span(),
                    ));
                    continue;
                };
                match point(p, size) {
                    Ok((p, cleaned)) => t.node.markup.labels.push({
                        if cleaned {
                            spaces(diags, id, v);
                        }
                        Label {
                            point: p,
                            text: values::text(text, true),
                        }
                    }),
                    Err(e) => point_error(diags, id, v, e),
                }
            }
        }
        "AR" | "LN" => {
            for v in vals {
                let pair = split_compose(v.text)
                    .and_then(|(a, b)| Some((point(a, size).ok()?, point(b, size).ok()?)));
                match pair {
                    Some(((from, c1), (to, c2))) => {
                        if c1 || c2 {
                            spaces(diags, id, v);
                        }
                        let line = Line { from, to };
                        if id == "AR" {
                            t.node.markup.arrows.push(line)
                        } else {
                            t.node.markup.lines.push(line)
                        }
                    }
                    None => diags.push(Diagnostic::error(
                        "sgf::expected-compose",
                        format!("{id}[{}] is not point:point (deleted)", v.text),
                        v.span(),
                    )),
                }
            }
        }
        "PL" => match first.and_then(|v| values::color(v.text)) {
            Some(c) => t.node.setup.to_play = Some(c),
            None => {
                bad(diags, "B or W");
                keep_raw(&mut t.node, id, vals);
            }
        },
        "C" => {
            let Some(v) = first else { return };
            let text = values::text(v.text, false);
            t.node.comment = Some(match t.node.comment.take() {
                Some(prev) => format!("{prev}\n\n{text}"),
                None => text,
            });
        }
        "N" => t.node.name = simple(first),
        "DM" | "GB" | "GW" | "UC" => match first.and_then(|v| empty_double(v, id, diags)) {
            Some(e) => {
                let a = match id {
                    "DM" => PositionAnnotation::Even(e),
                    "GB" => PositionAnnotation::GoodForBlack(e),
                    "GW" => PositionAnnotation::GoodForWhite(e),
                    _ => PositionAnnotation::Unclear(e),
                };
                if t.node.position_annotation.is_some() {
                    diags.push(Diagnostic::error(
                        "sgf::contradicting-annotation",
                        format!("{id} contradicts an earlier position annotation (deleted)"),
                        pspan,
                    ));
                } else {
                    t.node.position_annotation = Some(a);
                }
            }
            None => {
                bad(diags, "a double (1 or 2)");
                keep_raw(&mut t.node, id, vals);
            }
        },
        "HO" => match first.and_then(|v| empty_double(v, id, diags)) {
            Some(e) => t.node.hotspot = Some(e),
            None => {
                bad(diags, "a double (1 or 2)");
                keep_raw(&mut t.node, id, vals);
            }
        },
        "V" => match first.and_then(|v| real(v.text)) {
            Some(x) => t.node.value = Some(x),
            None => {
                bad(diags, "a real number");
                keep_raw(&mut t.node, id, vals);
            }
        },
        "BM" | "TE" | "DO" | "IT" => {
            let a = match id {
                "DO" => Some(MoveAnnotation::Doubtful),
                "IT" => Some(MoveAnnotation::Interesting),
                "BM" => first
                    .and_then(|v| empty_double(v, id, diags))
                    .map(MoveAnnotation::Bad),
                _ => first
                    .and_then(|v| empty_double(v, id, diags))
                    .map(MoveAnnotation::Good),
            };
            match a {
                Some(_) if t.node.move_annotation.is_some() => {
                    diags.push(Diagnostic::error(
                        "sgf::contradicting-annotation",
                        format!("{id} contradicts an earlier move annotation (deleted)"),
                        pspan,
                    ));
                }
                Some(a) => t.node.move_annotation = Some(a),
                None => {
                    bad(diags, "a double (1 or 2)");
                    keep_raw(&mut t.node, id, vals);
                }
            }
        }
        "MN" => match first
            .and_then(|v| number(v.text))
            .and_then(|n| u32::try_from(n).ok())
        {
            Some(n) => t.node.move_number = Some(n),
            None => {
                bad(diags, "a move number");
                keep_raw(&mut t.node, id, vals);
            }
        },
        "BL" | "WL" | "OB" | "OW" => {
            if let (Some(slot), Some(v)) = (t.deferred_time.iter_mut().find(|s| s.is_none()), first)
            {
                *slot = Some((id, *v));
            }
        }
        "KO" | "FG" | "PM" | "VW" | "ST" => keep_raw(&mut t.node, id, vals),
        "AP" => {
            info.application = first.map(|v| match split_compose(v.text) {
                Some((a, b)) => format!("{}:{}", values::text(a, true), values::text(b, true)),
                None => values::text(v.text, true),
            })
        }
        "FF" | "GM" | "SZ" | "CA" => {}
        "PB" => info.black.name = simple(first),
        "PW" => info.white.name = simple(first),
        "BR" => info.black.rank = simple(first),
        "WR" => info.white.rank = simple(first),
        "BT" => info.black.team = simple(first),
        "WT" => info.white.team = simple(first),
        "AN" => info.annotator = simple(first),
        "CP" => info.copyright = simple(first),
        "EV" => info.event = simple(first),
        "GN" => info.title = simple(first),
        "GC" => {
            let Some(v) = first else { return };
            let text = values::text(v.text, false);
            info.game_comment = Some(match info.game_comment.take() {
                Some(prev) => format!("{prev}\n\n{text}"),
                None => text,
            });
        }
        "ON" => info.opening = simple(first),
        "OT" => info.time_control = simple(first),
        "PC" => info.place = simple(first),
        "RO" => info.round = simple(first),
        "RU" => info.rules = simple(first),
        "SO" => info.source = simple(first),
        "US" => info.recorder = simple(first),
        "RE" => {
            let Some(v) = first else { return };
            let text = values::text(v.text, true);
            let parsed = parse_result(&text);
            if let Some(note) = parsed.nonstandard {
                diags.push(Diagnostic::warning(
                    "sgf::nonstandard-result",
                    format!("RE[{text}]: {note}"),
                    v.span(),
                ));
            }
            if format_result(&parsed.result) != text {
                info.extras.push("sgf:RE", vec![text]);
            }
            info.result = Some(parsed.result);
        }
        "DT" => {
            let Some(v) = first else { return };
            let text = values::text(v.text, true);
            if is_iso_date(&text) {
                info.date = Some(text);
            } else if let Some(fixed) = normalize_date(&text) {
                diags.push(Diagnostic::warning(
                    "sgf::date-normalized",
                    format!("DT[{text}] is not ISO; read as DT[{fixed}]"),
                    v.span(),
                ));
                info.date = Some(fixed);
            } else {
                diags.push(Diagnostic::warning(
                    "sgf::non-iso-date",
                    format!("DT[{text}] is not an FF[4] date (YYYY-MM-DD …); kept as written"),
                    v.span(),
                ));
                info.date = Some(text);
            }
        }
        "HA" => match first
            .and_then(|v| number(v.text))
            .and_then(|n| u32::try_from(n).ok())
        {
            Some(n) => info.handicap = Some(n),
            None => {
                bad(diags, "a number of stones");
                info.extras
                    .push("sgf:HA", vals.iter().map(|v| v.text.to_string()).collect());
            }
        },
        "KM" | "TM" => match first.and_then(|v| real(v.text)) {
            Some(x) if id == "KM" => info.komi = Some(x),
            Some(x) => info.main_time = Some(x),
            None if id == "TM" && first.is_some_and(|v| dialect::seconds(v.text).is_some()) => {
                let v = first.map_or("", |v| v.text);
                let secs = dialect::seconds(v).unwrap_or(0.0);
                diags.push(Diagnostic::warning(
                    "sgf::japanese-time",
                    format!(
                        "TM[{v}] is Japanese; read as TM[{}] (seconds)",
                        values::fmt_real(secs)
                    ),
                    first.map_or(pspan, |v| v.span()),
                ));
                info.main_time = Some(secs);
            }
            None => {
                bad(diags, "a real number");
                info.extras.push(
                    format!("sgf:{id}"),
                    vals.iter().map(|v| v.text.to_string()).collect(),
                );
            }
        },
        "KI" => match first.and_then(|v| number(v.text)) {
            Some(n) => {
                let km = n as f64 / 2.0;
                diags.push(Diagnostic::warning(
                    "sgf::obsolete-property",
                    format!("obsolete KI[{n}] read as KM[{}]", values::fmt_real(km)),
                    pspan,
                ));
                if info.komi.is_none() {
                    info.komi = Some(km);
                }
            }
            None => {
                bad(diags, "a number");
                info.extras
                    .push("sgf:KI", vals.iter().map(|v| v.text.to_string()).collect());
            }
        },
        _ => keep_raw(&mut t.node, id, vals),
    }
}

/// A Double; an empty value (FF[3] style) is read as 1 with a warning.
fn empty_double(
    v: &RawValue<'_>,
    id: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<crate::model::Emphasis> {
    if v.text.trim().is_empty() {
        diags.push(Diagnostic::warning(
            "sgf::empty-double",
            format!("{id}[] has no value (read as {id}[1])"),
            v.span(),
        ));
        return Some(crate::model::Emphasis::Normal);
    }
    double(v.text)
}

fn spaces(diags: &mut Vec<Diagnostic>, id: &str, v: &RawValue<'_>) {
    diags.push(Diagnostic::error(
        "sgf::spaces-in-point",
        format!("{id}[{}] has spaces in a point (removed)", v.text),
        v.span(),
    ));
}

fn point_error(diags: &mut Vec<Diagnostic>, id: &str, v: &RawValue<'_>, e: PointError) {
    let msg = match e {
        PointError::Syntax => format!("{id}[{}] is not a point", v.text),
        PointError::OffBoard(p) => format!(
            "{id}[{}] is off the board (column {}, row {})",
            v.text,
            p.x + 1,
            p.y + 1
        ),
    };
    diags.push(Diagnostic::error("sgf::bad-point", msg, v.span()));
}

/// BL/WL/OB/OW: typed when they belong to the node's mover, kept raw otherwise.
fn type_time(t: &mut NodeTyping<'_>, id: &str, vals: &[RawValue<'_>], diags: &mut Vec<Diagnostic>) {
    let color = if matches!(id, "BL" | "OB") {
        Color::Black
    } else {
        Color::White
    };
    let mover = t.node.mv.map(|m| m.color());
    let Some(v) = vals.first() else { return };
    if mover != Some(color) {
        keep_raw(&mut t.node, id, vals);
        return;
    }
    if matches!(id, "BL" | "WL") {
        match real(v.text) {
            Some(x) if t.node.time_left.is_none() => t.node.time_left = Some(x),
            Some(_) => keep_raw(&mut t.node, id, vals),
            None => {
                diags.push(Diagnostic::error(
                    "sgf::bad-value",
                    format!(
                        "{id}[{}] is not a time in seconds (kept as a private property)",
                        v.text
                    ),
                    v.span(),
                ));
                keep_raw(&mut t.node, id, vals);
            }
        }
    } else {
        match number(v.text).and_then(|n| u32::try_from(n).ok()) {
            Some(n) if t.node.periods_left.is_none() => t.node.periods_left = Some(n),
            Some(_) => keep_raw(&mut t.node, id, vals),
            None => {
                diags.push(Diagnostic::error(
                    "sgf::bad-value",
                    format!(
                        "{id}[{}] is not a count (kept as a private property)",
                        v.text
                    ),
                    v.span(),
                ));
                keep_raw(&mut t.node, id, vals);
            }
        }
    }
}
