//! Node typing: property classes, the checks that span a whole node (duplicates,
//! move with setup, two moves, annotations without a move), and the splits SGFC makes.

use crate::diag::{codes, Diagnostic, Span};
use crate::model::{Color, Markup, Move, Node, StoneMove};

use super::classes::{k, Key, KeySet};
use super::dialect;
use super::info::is_iso_date;
use super::props::{defer_time, type_move, type_prop, type_time};
use super::raw::{RawNode, RawValue};
use super::typing::{keep_raw, span_of, Context, NodeTyping};
use super::values::{self, double};
use crate::formats::analysis::properties::is_analysis_property;

/// Types one raw node into `node` (an empty node in place in the arena) and returns
/// the nodes split off it (a move mixed with setup, a second move), which follow it as
/// a chain.
pub(super) fn type_node(
    ctx: &mut Context<'_>,
    node: &mut Node,
    raw: &RawNode<'_>,
    is_root: bool,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Node> {
    let mut t = NodeTyping {
        node,
        split: Vec::new(),
        deferred_time: [None; 4],
    };
    // Duplicates: identifiers of one or two letters (all but private ones) by their
    // bits, private ones by comparing them with those before; a node with many
    // properties (a damaged or generated file can hold 100,000) is checked with a
    // set, so it costs linear time.
    let mut seen = (raw.props.len() > 40).then(std::collections::HashSet::new);
    let mut keys = KeySet::default();
    for (i, prop) in raw.props.iter().enumerate() {
        let id: &str = prop.ident.as_ref();
        let key = prop.key;
        let vals = raw.values_of(prop);
        let pspan = span_of(prop, vals);
        if prop.written.len() != id.len() {
            if ctx.ff >= 4 {
                diags.push(Diagnostic::new(
                    codes::SGF_LOWERCASE_IDENTIFIER,
                    format!("lowercase letters in property identifier {} (read as {id}; FF[4] forbids them)", crate::diag::quote(prop.written)),
                    Span::new(prop.start, prop.start + prop.written.len()),
                ));
            } else {
                let ff = if ctx.ff_declared {
                    ""
                } else {
                    " (no FF: FF[1], where long identifiers are legal)"
                };
                diags.push(Diagnostic::new(
                    codes::SGF_OLD_IDENTIFIER,
                    format!(
                        "old-style identifier {} read as {id}{ff}",
                        crate::diag::quote(prop.written)
                    ),
                    Span::new(prop.start, prop.start + prop.written.len()),
                ));
            }
        }
        // Sabaki's and Ogatak's analysis properties are read as analysis.
        if id.len() > 2 && !is_analysis_property(id) {
            diags.push(Diagnostic::new(
                codes::SGF_LONG_IDENTIFIER,
                format!("property identifier {id} has more than two letters (kept as a private property)"),
                Span::new(prop.start, prop.start + prop.written.len()),
            ));
        }
        let duplicate = if let Some(seen) = seen.as_mut() {
            !seen.insert(id)
        } else if key == Key::OTHER {
            raw.props.get(..i).is_some_and(|before| {
                before
                    .iter()
                    .any(|p| p.key == Key::OTHER && p.ident == prop.ident)
            })
        } else {
            !keys.insert(key)
        };
        let merged = key.is_list_prop() || matches!(key, k::C | k::GC);
        if duplicate && key.is_known() && !merged && !matches!(key, k::B | k::W) {
            diags.push(Diagnostic::new(
                codes::SGF_DUPLICATE_PROPERTY,
                format!("property {id} appears twice in one node (the second is deleted)"),
                pspan,
            ));
            continue;
        }
        if duplicate && merged {
            diags.push(Diagnostic::new(
                codes::SGF_DUPLICATE_PROPERTY_MERGED,
                format!("property {id} appears twice in one node (values merged)"),
                pspan,
            ));
        }
        for v in vals.iter().filter(|v| v.has_nul) {
            diags.push(Diagnostic::new(
                codes::SGF_NUL_BYTE,
                format!("a NUL character in a {id} value (read as a space)"),
                v.span(),
            ));
        }
        if is_root && root_dialect(ctx.info, key, vals, pspan, diags) {
            continue;
        }
        if !key.is_known() {
            // An analysis property is lifted when the game ends (or reported there).
            if is_analysis_property(id) {
                *ctx.analysis = true;
            } else {
                diags.push(Diagnostic::new(
                    codes::SGF_UNKNOWN_PROPERTY,
                    format!("unknown property {id} (kept as a private property)"),
                    Span::new(prop.start, prop.start + prop.written.len()),
                ));
            }
            keep_raw(t.node, id, vals);
            continue;
        }
        if key.is_root_prop() && !is_root {
            diags.push(Diagnostic::new(
                codes::SGF_ROOT_PROPERTY_OUTSIDE_ROOT,
                format!("root property {id} outside the root node (kept as a private property, without effect)"),
                pspan,
            ));
            keep_raw(t.node, id, vals);
            continue;
        }
        // Game information below the root is typed into the node's own: the builder
        // moves it to the game's when the node turns out to stand before any branch,
        // and keeps it at the node when it holds for one variation only.
        let node_info = key.is_info_prop() && !is_root;
        if node_info
            && (info_is_set(ctx.info, key)
                || t.node.info.as_deref().is_some_and(|i| info_is_set(i, key)))
        {
            diags.push(Diagnostic::new(
                codes::SGF_GAME_INFO_OUTSIDE_ROOT,
                format!("game-info property {id} outside the root node, and the game already has it (kept where it stands as a private property)"),
                pspan,
            ));
            keep_raw(t.node, id, vals);
            continue;
        }
        let single = !key.is_list_prop();
        let vals: &[RawValue<'_>] = if single && vals.len() > 1 && key != k::KO {
            if let (Some(second), Some(last)) = (vals.get(1), vals.last()) {
                diags.push(Diagnostic::new(
                    codes::SGF_TOO_MANY_VALUES,
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
        // The most frequent properties (moves, times, comments) skip the general
        // dispatch, whose set-up costs more than what they need.
        match key {
            k::B | k::W => type_move(ctx, &mut t, key, id, vals, pspan, diags),
            k::BL | k::WL | k::OB | k::OW => defer_time(&mut t, id, vals),
            k::C | k::N if !ctx.keep_text => {}
            _ if node_info => {
                ctx.node_info_props.push((pspan, id.to_string()));
                let mut own = t.node.info.take().map(|b| *b).unwrap_or_default();
                type_prop(
                    &mut ctx.with_info(&mut own),
                    &mut t,
                    key,
                    id,
                    vals,
                    pspan,
                    diags,
                );
                if own != crate::model::GameInfo::default() {
                    t.node.info = Some(Box::new(own));
                }
            }
            _ => type_prop(ctx, &mut t, key, id, vals, pspan, diags),
        }
    }
    for slot in 0..t.deferred_time.len() {
        if let Some((id, v)) = t.deferred_time.get_mut(slot).and_then(Option::take) {
            type_time(&mut t, id, std::slice::from_ref(&v), diags);
        }
    }
    if !t.node.setup.is_empty() {
        drop_setup_repeating_move(ctx, &mut t, raw, diags);
    }
    // (`Sparse::is_empty` first: most nodes have no setup part at all.)
    let has_setup = !t.node.setup.is_empty()
        && (!t.node.setup.add_black.is_empty()
            || !t.node.setup.add_white.is_empty()
            || !t.node.setup.clear.is_empty());
    if t.node.mv.is_some() && has_setup {
        let at = raw
            .props
            .iter()
            .find(|p| matches!(p.key, k::B | k::W))
            .map_or(raw.span, |p| Span::new(p.start, p.start + p.written.len()));
        diags.push(Diagnostic::new(
            codes::SGF_MOVE_WITH_SETUP,
            "a move and setup stones (AB/AW/AE) in one node (split: setup first, then the move)",
            at,
        ));
        let mut mv_node = Node {
            mv: t.node.mv.take(),
            ..Node::default()
        };
        mv_node.move_annotation = t.node.move_annotation.take();
        let time_left = t.node.time_left();
        t.node.set_time_left(None);
        mv_node.set_time_left(time_left);
        if !t.node.times.is_empty() {
            mv_node.rest.times = std::mem::take(&mut t.node.rest.times);
        }
        mv_node.move_number = t.node.move_number.take();
        let (ko, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut t.node.extras.0)
            .into_iter()
            .partition(|e| e.key == "sgf:KO");
        t.node.extras.0 = rest.into();
        mv_node.extras.0 = ko.into();
        t.split.insert(0, mv_node);
    }
    // The same for markup.
    let m: &Markup = match ctx.markup_scratch.as_deref() {
        Some(scratch) => scratch,
        None => &t.node.markup,
    };
    if !m.is_empty() {
        let pts = &mut *ctx.points;
        pts.clear();
        pts.extend(m.symbols.iter().map(|s| s.point));
        pts.extend(m.labels.iter().map(|l| l.point));
        let n = pts.len();
        pts.sort_unstable();
        pts.dedup();
        if pts.len() != n {
            diags.push(Diagnostic::new(
                codes::SGF_DUPLICATE_MARKUP,
                format!(
                    "{} markup on a point already marked in this node (kept)",
                    n - pts.len()
                ),
                raw.span,
            ));
        }
    }
    if let Some(scratch) = ctx.markup_scratch.as_deref_mut() {
        scratch.clear();
    }
    if t.node.mv.is_none() && t.split.is_empty() && t.node.move_annotation.is_some() {
        let at = raw
            .props
            .iter()
            .find(|p| matches!(p.key, k::BM | k::TE | k::DO | k::IT))
            .map_or(raw.span, |p| Span::new(p.start, p.start + p.written.len()));
        diags.push(Diagnostic::new(
            codes::SGF_ANNOTATION_WITHOUT_MOVE,
            "a move annotation (BM/TE/DO/IT) in a node without a move",
            at,
        ));
    }
    if is_root && t.node.mv.is_some() {
        let at = raw
            .props
            .iter()
            .find(|p| matches!(p.key, k::B | k::W))
            .map_or(raw.span, |p| Span::new(p.start, p.start + p.written.len()));
        diags.push(Diagnostic::new(
            codes::SGF_MOVE_IN_ROOT,
            "a move in the root node",
            at,
        ));
    }
    t.split
}

/// A setup stone on the node's own move, of the mover's colour (`W[qk]AW[qk]`): the
/// move places that stone, so the setup stone is dropped (`sgf::setup-repeats-move`)
/// rather than set up first and then played onto (a follow-on `go::occupied`).
fn drop_setup_repeating_move(
    ctx: &mut Context<'_>,
    t: &mut NodeTyping<'_, '_>,
    raw: &RawNode<'_>,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(Move::Stone(StoneMove {
        color,
        point: Some(p),
    })) = t.node.mv
    else {
        return;
    };
    let (list, key, id, mv) = match color {
        Color::Black => (&mut t.node.setup.add_black, k::AB, "AB", "B"),
        Color::White => (&mut t.node.setup.add_white, k::AW, "AW", "W"),
    };
    if !list.contains(&p) {
        return;
    }
    list.retain(|&q| q != p);
    // The value that placed it, for the position.
    let mut at = raw.span;
    let points = &mut *ctx.points;
    'find: for prop in raw.props.iter().filter(|q| q.key == key) {
        for v in raw.values_of(prop) {
            points.clear();
            if values::point_list_value(v.text, ctx.size, points).is_ok() && points.contains(&p) {
                at = v.span();
                break 'find;
            }
        }
    }
    let [x, y] = values::point_str(p);
    diags.push(Diagnostic::new(
        codes::SGF_SETUP_REPEATS_MOVE,
        format!("{id}[{x}{y}] repeats the node's move {mv}[{x}{y}] (dropped: the move places the stone)"),
        at,
    ));
}

/// The Nihon Kiin's root dialect: `TE` that is not a Double is the title, `RD` the date,
/// `KO` with Japanese komi text the komi. Returns true when the property was taken.
pub(super) fn root_dialect(
    info: &mut crate::model::GameInfo,
    key: Key,
    vals: &[RawValue<'_>],
    pspan: Span,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    const RD: Key = Key::of("RD");
    if !matches!(key, k::TE | k::KO | RD) {
        return false;
    }
    let Some(v) = vals.first() else { return false };
    let text = values::text(v.text, true);
    let (what, taken) = match key {
        k::TE
            if double(v.text).is_none()
                && !values::trim(v.text).is_empty()
                && info.title.is_none() =>
        {
            info.title = Some(text);
            ("TE as the title (GN)", true)
        }
        RD if info.date.is_none() && is_iso_date(&text) => {
            info.date = Some(text);
            ("RD as the date (DT)", true)
        }
        k::KO if info.komi.is_none() => match dialect::komi(&text) {
            Some(k) => {
                info.komi = Some(k);
                ("KO as the komi (KM)", true)
            }
            None => ("", false),
        },
        _ => ("", false),
    };
    if taken {
        diags.push(Diagnostic::new(
            codes::SGF_NIHON_KIIN_DIALECT,
            format!("Nihon Kiin root property read: {what}"),
            pspan,
        ));
    }
    taken
}

/// True when the game information already holds what property `id` sets.
pub(super) fn info_is_set(i: &crate::model::GameInfo, key: Key) -> bool {
    match key {
        k::AN => i.annotator.is_some(),
        k::BR => i.black.rank.is_some(),
        k::BT => i.black.team.is_some(),
        k::CP => i.copyright.is_some(),
        k::DT => i.date.is_some(),
        k::EV => i.event.is_some(),
        k::GN => i.title.is_some(),
        k::GC => i.game_comment.is_some(),
        k::ON => i.opening.is_some(),
        k::OT => i.time_control.is_some(),
        k::PB => i.black.name.is_some(),
        k::PC => i.place.is_some(),
        k::PW => i.white.name.is_some(),
        k::RE => i.result.is_some(),
        k::RO => i.round.is_some(),
        k::RU => i.rules.is_some(),
        k::SO => i.source.is_some(),
        k::TM => i.main_time.is_some(),
        k::US => i.recorder.is_some(),
        k::WR => i.white.rank.is_some(),
        k::WT => i.white.team.is_some(),
        k::HA => i.handicap.is_some(),
        _ => i.komi.is_some(),
    }
}
