//! Typing of single properties into the model, with a diagnostic for every value that
//! is wrong, converted or kept raw.

use crate::diag::{codes, Diagnostic, Span};
use crate::model::{
    Color, Label, Line, Move, MoveAnnotation, Node, PositionAnnotation, Shape, StoneMove, Symbol,
};

use super::classes::{k, Key};
use super::dialect;
use super::info::{is_canonical_result, is_iso_date, normalize_date, parse_result};
use super::legacy;
use super::raw::RawValue;
use super::values::{
    self, double, number, point, point_list_value, real, split_compose, PointError,
};

use super::typing::{keep_raw, raw_values, Context, NodeTyping};

pub(super) fn simple(v: Option<&RawValue<'_>>) -> Option<String> {
    v.map(|v| values::text(v.text, true))
}

/// A game-information text as the context keeps it: typed, or, where such texts
/// are not kept (`Context::keep_info_text`), an empty text that says it is set.
fn info_text(keep: bool, v: Option<&RawValue<'_>>) -> Option<String> {
    if keep {
        simple(v)
    } else {
        v.map(|_| String::new())
    }
}

/// Types one known property.
#[allow(clippy::too_many_arguments)]
pub(super) fn type_prop<'s>(
    ctx: &mut Context<'_>,
    t: &mut NodeTyping<'s, '_>,
    key: Key,
    id: &'s str,
    vals: &[RawValue<'s>],
    pspan: Span,
    diags: &mut Vec<Diagnostic>,
) {
    let first = vals.first();
    let size = ctx.size;
    let keep_info = ctx.keep_info_text;
    let bad = |diags: &mut Vec<Diagnostic>, what: &str| {
        let v = first.map_or("", |v| v.text);
        diags.push(Diagnostic::new(
            codes::SGF_BAD_VALUE,
            format!(
                "{id}[{}] is not {what} (kept as a private property)",
                crate::diag::clip(v)
            ),
            first.map_or(pspan, |v| v.span()),
        ));
    };
    let info = &mut *ctx.info;
    match key {
        k::B | k::W => type_move(ctx, t, key, id, vals, pspan, diags),
        k::AB | k::AW | k::AE | k::TR | k::SQ | k::CR | k::MA | k::SL | k::DD | k::M => {
            if vals.len() == 1 && first.is_some_and(|v| v.text.is_empty()) {
                if key == k::DD {
                    keep_raw(t.node, id, vals);
                } else {
                    diags.push(Diagnostic::new(
                        codes::SGF_EMPTY_VALUE,
                        format!("{id}[] has no point (deleted)"),
                        pspan,
                    ));
                }
                return;
            }
            // The scratch list is taken out while markup may go to `ctx` as well.
            let mut points = std::mem::take(&mut *ctx.points);
            points.clear();
            for v in vals {
                match point_list_value(v.text, size, &mut points) {
                    Ok(true) => spaces(diags, id, v),
                    Ok(false) => {}
                    Err(e) => point_kept(diags, t.node, id, v, e),
                }
            }
            if key == k::M {
                diags.push(Diagnostic::new(
                    codes::SGF_OLD_PROPERTY,
                    "FF[3] property M read as MA",
                    pspan,
                ));
            }
            let shape = |s| points.iter().map(move |&p| Symbol { point: p, shape: s });
            match key {
                k::AB => t.node.setup.add_black.extend(points.iter()),
                k::AW => t.node.setup.add_white.extend(points.iter()),
                k::AE => t.node.setup.clear.extend(points.iter()),
                k::TR => t.markup(ctx).symbols.extend(shape(Shape::Triangle)),
                k::SQ => t.markup(ctx).symbols.extend(shape(Shape::Square)),
                k::CR => t.markup(ctx).symbols.extend(shape(Shape::Circle)),
                k::MA | k::M => t.markup(ctx).symbols.extend(shape(Shape::Cross)),
                k::SL => t.markup(ctx).symbols.extend(shape(Shape::Selected)),
                _ => t.markup(ctx).dimmed.extend(points.iter()),
            }
            *ctx.points = points;
        }
        k::L => {
            diags.push(Diagnostic::new(
                codes::SGF_OLD_PROPERTY,
                "FF[3] property L read as LB with letters a, b, c …",
                pspan,
            ));
            let start = t.markup(ctx).labels.len();
            for (i, v) in vals.iter().enumerate() {
                match point(v.text, size) {
                    Ok((p, _)) => {
                        let letter = char::from(b'a' + ((start + i) % 26) as u8);
                        t.markup(ctx).labels.push(Label {
                            point: p,
                            text: letter.to_string(),
                        });
                    }
                    Err(e) => point_kept(diags, t.node, id, v, e),
                }
            }
        }
        k::LB => {
            for v in vals {
                let Some((p, text)) = split_compose(v.text) else {
                    diags.push(Diagnostic::new(
                        codes::SGF_EXPECTED_COMPOSE,
                        format!(
                            "LB[{}] is not point:text (kept as a private property)",
                            crate::diag::clip(v.text)
                        ),
                        v.span(),
                    ));
                    keep_one(t.node, id, v);
                    continue;
                };
                match point(p, size) {
                    Ok((p, cleaned)) => {
                        if cleaned {
                            spaces(diags, id, v);
                        }
                        // Markup a check does not keep needs no text.
                        let text = if ctx.markup_scratch.is_some() {
                            String::new()
                        } else {
                            values::node_text(text, true, ctx.reuse_texts)
                        };
                        t.markup(ctx).labels.push(Label { point: p, text });
                    }
                    Err(e) => point_kept(diags, t.node, id, v, e),
                }
            }
        }
        k::AR | k::LN => {
            for v in vals {
                let pair = split_compose(v.text)
                    .and_then(|(a, b)| Some((point(a, size).ok()?, point(b, size).ok()?)));
                match pair {
                    Some(((from, c1), (to, c2))) => {
                        if c1 || c2 {
                            spaces(diags, id, v);
                        }
                        let line = Line { from, to };
                        if key == k::AR {
                            t.markup(ctx).arrows.push(line)
                        } else {
                            t.markup(ctx).lines.push(line)
                        }
                    }
                    None => {
                        diags.push(Diagnostic::new(
                            codes::SGF_EXPECTED_COMPOSE,
                            format!(
                                "{id}[{}] is not point:point (kept as a private property)",
                                crate::diag::clip(v.text)
                            ),
                            v.span(),
                        ));
                        keep_one(t.node, id, v);
                    }
                }
            }
        }
        k::PL => {
            let Some(v) = first else { return };
            match (values::color(v.text), legacy::color(v.text)) {
                (Some(c), _) => t.node.setup.to_play = Some(c),
                (None, Some(c)) => {
                    let letter = if c == Color::Black { "B" } else { "W" };
                    diags.push(Diagnostic::new(
                        codes::SGF_LEGACY_COLOR,
                        format!("PL[{}] read as PL[{letter}]", v.text),
                        v.span(),
                    ));
                    t.node.setup.to_play = Some(c);
                }
                (None, None) => {
                    bad(diags, "B or W");
                    keep_raw(t.node, id, vals);
                }
            }
        }
        k::C | k::N if !ctx.keep_text => {}
        k::C => {
            let Some(v) = first else { return };
            let text = values::node_text(v.text, false, ctx.reuse_texts);
            // A comment that starts like KataGo's self-play figures is read as
            // analysis when the game ends (only such a game is walked for them).
            if crate::formats::analysis::properties::may_be_katago(&text) {
                *ctx.analysis = true;
            }
            t.node.comment = Some(match t.node.comment.take() {
                Some(prev) => format!("{prev}\n\n{text}"),
                None => text,
            });
        }
        k::N => t.node.name = simple(first).map(Into::into),
        k::DM | k::GB | k::GW | k::UC => match first.and_then(|v| empty_double(v, id, diags)) {
            Some(e) => {
                let a = match key {
                    k::DM => PositionAnnotation::Even(e),
                    k::GB => PositionAnnotation::GoodForBlack(e),
                    k::GW => PositionAnnotation::GoodForWhite(e),
                    _ => PositionAnnotation::Unclear(e),
                };
                if t.node.position_annotation.is_some() {
                    diags.push(Diagnostic::new(
                        codes::SGF_CONTRADICTING_ANNOTATION,
                        format!("{id} contradicts an earlier position annotation (deleted)"),
                        pspan,
                    ));
                } else {
                    t.node.position_annotation = Some(a);
                }
            }
            None => {
                bad(diags, "a double (1 or 2)");
                keep_raw(t.node, id, vals);
            }
        },
        k::HO => match first.and_then(|v| empty_double(v, id, diags)) {
            Some(e) => t.node.hotspot = Some(e),
            None => {
                bad(diags, "a double (1 or 2)");
                keep_raw(t.node, id, vals);
            }
        },
        k::V => match first.and_then(|v| real(v.text)) {
            Some(x) => t.node.value = Some(x),
            None => {
                bad(diags, "a real number");
                keep_raw(t.node, id, vals);
            }
        },
        k::BM | k::TE | k::DO | k::IT => {
            let a = match key {
                k::DO => Some(MoveAnnotation::Doubtful),
                k::IT => Some(MoveAnnotation::Interesting),
                k::BM => first
                    .and_then(|v| empty_double(v, id, diags))
                    .map(MoveAnnotation::Bad),
                _ => first
                    .and_then(|v| empty_double(v, id, diags))
                    .map(MoveAnnotation::Good),
            };
            match a {
                Some(_) if t.node.move_annotation.is_some() => {
                    diags.push(Diagnostic::new(
                        codes::SGF_CONTRADICTING_ANNOTATION,
                        format!("{id} contradicts an earlier move annotation (deleted)"),
                        pspan,
                    ));
                }
                Some(a) => t.node.move_annotation = Some(a),
                None => {
                    bad(diags, "a double (1 or 2)");
                    keep_raw(t.node, id, vals);
                }
            }
        }
        k::MN => match first
            .and_then(|v| number(v.text))
            .and_then(|n| u32::try_from(n).ok())
        {
            Some(n) => t.node.move_number = Some(n),
            None => {
                bad(diags, "a move number");
                keep_raw(t.node, id, vals);
            }
        },
        k::BL | k::WL | k::OB | k::OW => defer_time(t, id, vals),
        k::KO | k::FG | k::PM | k::VW | k::ST => keep_raw(t.node, id, vals),
        k::AP => {
            info.application = first.map(|v| match split_compose(v.text) {
                _ if !keep_info => String::new(),
                Some((a, b)) => format!("{}:{}", values::text(a, true), values::text(b, true)),
                None => values::text(v.text, true),
            })
        }
        k::FF | k::GM | k::SZ | k::CA => {}
        k::PB => info.black.name = info_text(keep_info, first),
        k::PW => info.white.name = info_text(keep_info, first),
        k::BR => info.black.rank = info_text(keep_info, first),
        k::WR => info.white.rank = info_text(keep_info, first),
        k::BT => info.black.team = info_text(keep_info, first),
        k::WT => info.white.team = info_text(keep_info, first),
        k::AN => info.annotator = info_text(keep_info, first),
        k::CP => info.copyright = info_text(keep_info, first),
        k::EV => info.event = info_text(keep_info, first),
        k::GN => info.title = info_text(keep_info, first),
        k::GC => {
            let Some(v) = first else { return };
            if !keep_info {
                info.game_comment.get_or_insert_with(String::new);
                return;
            }
            let text = values::text(v.text, false);
            info.game_comment = Some(match info.game_comment.take() {
                Some(prev) => format!("{prev}\n\n{text}"),
                None => text,
            });
        }
        k::ON => info.opening = info_text(keep_info, first),
        k::OT => info.time_control = simple(first),
        k::PC => info.place = info_text(keep_info, first),
        k::RO => info.round = info_text(keep_info, first),
        k::RU => {
            info.rules = simple(first);
            let known = |r: &str| crate::rules::go::RuleSet::from_ru(r).is_some();
            if let (true, Some(v), Some(r)) = (ctx.go, first, info.rules.as_deref()) {
                if !values::trim(r).is_empty() && !known(r) {
                    let assumed = crate::rules::go::RuleSet::ASSUMED.name();
                    diags.push(Diagnostic::new(
                        codes::SGF_UNKNOWN_RULES,
                        format!("RU[{r}] is not a Go rule set kifu knows; moves are checked by {assumed} rules (suicide illegal)"),
                        v.span(),
                    ));
                }
            }
        }
        k::SO => info.source = info_text(keep_info, first),
        k::US => info.recorder = info_text(keep_info, first),
        k::RE => {
            let Some(v) = first else { return };
            let text = values::text(v.text, true);
            let parsed = parse_result(&text);
            if let Some(note) = parsed.nonstandard {
                diags.push(Diagnostic::new(
                    codes::SGF_NONSTANDARD_RESULT,
                    format!("RE[{}]: {note}", crate::diag::clip(&text)),
                    v.span(),
                ));
            }
            if !is_canonical_result(&parsed.result, &text) {
                info.extras.push("sgf:RE", vec![text]);
            }
            info.result = Some(parsed.result);
        }
        k::DT => {
            let Some(v) = first else { return };
            let text = values::text(v.text, true);
            if is_iso_date(&text) {
                info.date = Some(text);
            } else if let Some(fixed) = normalize_date(&text) {
                diags.push(Diagnostic::new(
                    codes::SGF_DATE_NORMALIZED,
                    format!(
                        "DT[{}] is not ISO; read as DT[{fixed}]",
                        crate::diag::clip(&text)
                    ),
                    v.span(),
                ));
                info.date = Some(fixed);
            } else if let Some(iso) = legacy::date(&text) {
                diags.push(Diagnostic::new(
                    codes::SGF_LEGACY_DATE,
                    format!(
                        "DT[{text}] is the date {iso} (kept as written; FF[4] writes DT[{iso}])"
                    ),
                    v.span(),
                ));
                info.date = Some(text);
            } else {
                diags.push(Diagnostic::new(
                    codes::SGF_NON_ISO_DATE,
                    format!(
                        "DT[{}] is not an FF[4] date (YYYY-MM-DD …); kept as written",
                        crate::diag::clip(&text)
                    ),
                    v.span(),
                ));
                info.date = Some(text);
            }
        }
        k::HA => match first
            .and_then(|v| number(v.text))
            .and_then(|n| u32::try_from(n).ok())
        {
            Some(n) => info.handicap = Some(n),
            None => {
                bad(diags, "a number of stones");
                info.extras.push("sgf:HA", raw_values(vals));
            }
        },
        k::KM => {
            let Some(v) = first else { return };
            // A Real as FF[4] writes it, else a legacy form (`5 1/2`, `5,5`, spaces).
            let plain = real(v.text).filter(|_| values::trim(v.text).len() == v.text.len());
            let Some(mut x) = plain.or_else(|| legacy::komi(v.text)) else {
                bad(diags, "a real number");
                info.extras.push(format!("sgf:{id}"), raw_values(vals));
                return;
            };
            if plain.is_none() {
                diags.push(Diagnostic::new(
                    codes::SGF_LEGACY_KOMI,
                    format!("KM[{}] read as KM[{}]", v.text, values::fmt_real(x)),
                    v.span(),
                ));
            }
            // Fox writes komi × 50 (KM[375] is 7.5): a value no real komi has.
            if ctx.legacy.fox && x.abs() >= 50.0 && (x / 25.0).fract() == 0.0 {
                let komi = x / 50.0;
                diags.push(Diagnostic::new(
                    codes::SGF_FOX_KOMI,
                    format!(
                        "KM[{}] from Fox (AP[foxwq]) is the komi × 50: read as KM[{}]",
                        values::fmt_real(x),
                        values::fmt_real(komi)
                    ),
                    v.span(),
                ));
                x = komi;
            }
            info.komi = Some(x);
        }
        k::TM => {
            let Some(v) = first else { return };
            if let Some(x) = real(v.text) {
                info.main_time = Some(x);
            } else if let Some(secs) = dialect::seconds(v.text) {
                diags.push(Diagnostic::new(
                    codes::SGF_JAPANESE_TIME,
                    format!(
                        "TM[{}] is Japanese; read as TM[{}] (seconds)",
                        v.text,
                        values::fmt_real(secs)
                    ),
                    v.span(),
                ));
                info.main_time = Some(secs);
            } else {
                let text = values::text(v.text, true);
                match legacy::time_limit(&text) {
                    Some(limit) => {
                        if let legacy::TimeLimit::Main { seconds, .. } = limit {
                            info.main_time = Some(seconds);
                        }
                        // Reported when the game ends, once its OT is known.
                        ctx.legacy.times.push(legacy::PendingTime {
                            span: v.span(),
                            text,
                            limit,
                        });
                    }
                    None => {
                        bad(diags, "a real number");
                        info.extras.push(format!("sgf:{id}"), raw_values(vals));
                    }
                }
            }
        }
        k::KI => match first.and_then(|v| number(v.text)) {
            Some(n) => {
                let km = n as f64 / 2.0;
                diags.push(Diagnostic::new(
                    codes::SGF_OBSOLETE_PROPERTY,
                    format!("obsolete KI[{n}] read as KM[{}]", values::fmt_real(km)),
                    pspan,
                ));
                if info.komi.is_none() {
                    info.komi = Some(km);
                }
            }
            None => {
                bad(diags, "a number");
                info.extras.push("sgf:KI", raw_values(vals));
            }
        },
        _ => keep_raw(t.node, id, vals),
    }
}

/// A Double; an empty value (FF[3] style) is read as 1 with a warning.
pub(super) fn empty_double(
    v: &RawValue<'_>,
    id: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<crate::model::Emphasis> {
    if values::trim(v.text).is_empty() {
        diags.push(Diagnostic::new(
            codes::SGF_EMPTY_DOUBLE,
            format!("{id}[] has no value (read as {id}[1])"),
            v.span(),
        ));
        return Some(crate::model::Emphasis::Normal);
    }
    double(v.text)
}

pub(super) fn spaces(diags: &mut Vec<Diagnostic>, id: &str, v: &RawValue<'_>) {
    diags.push(Diagnostic::new(
        codes::SGF_SPACES_IN_POINT,
        format!(
            "{id}[{}] has spaces in a point (removed)",
            crate::diag::clip(v.text)
        ),
        v.span(),
    ));
}

/// A markup or setup value whose point cannot be read: reported, and kept as written
/// (a private property `sgf:<id>`, which the SGF writer writes back unless the node
/// has typed values of that property too, a reported loss then), never dropped.
#[cold]
fn point_kept(
    diags: &mut Vec<Diagnostic>,
    node: &mut Node,
    id: &str,
    v: &RawValue<'_>,
    e: PointError,
) {
    point_error(diags, id, v, e);
    if let Some(d) = diags.last_mut() {
        d.message.push_str(" (kept as a private property)");
    }
    keep_one(node, id, v);
}

/// Appends one raw value to the node's kept `sgf:<id>`.
#[cold]
fn keep_one(node: &mut Node, id: &str, v: &RawValue<'_>) {
    let key = format!("sgf:{id}");
    let value = raw_values(std::slice::from_ref(v));
    match node.extras.0.iter_mut().find(|e| e.key == key) {
        Some(e) => e.values.extend(value),
        None => node.extras.push(key, value),
    }
}

pub(super) fn point_error(diags: &mut Vec<Diagnostic>, id: &str, v: &RawValue<'_>, e: PointError) {
    let msg = match e {
        PointError::Syntax => format!("{id}[{}] is not a point", crate::diag::clip(v.text)),
        PointError::OffBoard(p) => format!(
            "{id}[{}] is off the board (column {}, row {})",
            crate::diag::clip(v.text),
            p.x + 1,
            p.y + 1
        ),
    };
    diags.push(Diagnostic::new(codes::SGF_BAD_POINT, msg, v.span()));
}

/// Types a move, `B` or `W`: a point, a pass (`[]`, or `[tt]` on boards up to 19×19),
/// or a second move in the node (split off, or deleted when of the same color).
#[inline]
pub(super) fn type_move<'s>(
    ctx: &Context<'_>,
    t: &mut NodeTyping<'s, '_>,
    key: Key,
    id: &'s str,
    vals: &[RawValue<'s>],
    pspan: Span,
    diags: &mut Vec<Diagnostic>,
) {
    let size = ctx.size;
    let first = vals.first();
    let color = if key == k::B {
        Color::Black
    } else {
        Color::White
    };
    let Some(v) = first else { return };
    let pt = if v.text.is_empty() {
        if ctx.ff < 4 && ctx.ff_declared {
            diags.push(Diagnostic::new(
                codes::SGF_FF4_PASS_IN_OLD_FORMAT,
                format!(
                    "{id}[] is the FF[4] pass; this file is FF[{}] (read as a pass)",
                    ctx.ff
                ),
                v.span(),
            ));
        }
        None
    } else if v.text == "tt" && size.width <= 19 && size.height <= 19 {
        diags.push(Diagnostic::new(
            codes::SGF_TT_PASS,
            format!("{id}[tt] read as a pass (the FF[3] convention; written as {id}[])"),
            v.span(),
        ));
        None
    } else {
        match point(v.text, size) {
            Ok((p, cleaned)) => {
                if cleaned {
                    diags.push(Diagnostic::new(
                        codes::SGF_SPACES_IN_POINT,
                        format!(
                            "{id}[{}] has spaces (read as {id}[{}{}])",
                            crate::diag::clip(v.text),
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
                keep_raw(t.node, id, vals);
                return;
            }
        }
    };
    let mv = Move::Stone(StoneMove { color, point: pt });
    match t.node.mv {
        None => t.node.mv = Some(mv),
        Some(existing) if existing.color() == color => {
            diags.push(Diagnostic::new(
                codes::SGF_DUPLICATE_PROPERTY,
                format!("a second {id} move in one node (deleted)"),
                pspan,
            ));
        }
        Some(_) => {
            diags.push(Diagnostic::new(
                codes::SGF_TWO_MOVES,
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
/// Keeps BL/WL/OB/OW for [`type_time`], which types them once the node's move is
/// known (the first of each kind; a second is a duplicate, already reported).
#[inline]
pub(super) fn defer_time<'s>(t: &mut NodeTyping<'s, '_>, id: &'s str, vals: &[RawValue<'s>]) {
    if let (Some(slot), Some(v)) = (
        t.deferred_time.iter_mut().find(|s| s.is_none()),
        vals.first(),
    ) {
        *slot = Some((id, *v));
    }
}

/// BL/WL/OB/OW: typed when they belong to the node's mover, kept raw otherwise.
pub(super) fn type_time(
    t: &mut NodeTyping<'_, '_>,
    id: &str,
    vals: &[RawValue<'_>],
    diags: &mut Vec<Diagnostic>,
) {
    let color = if matches!(id, "BL" | "OB") {
        Color::Black
    } else {
        Color::White
    };
    let mover = t.node.mv.map(|m| m.color());
    let Some(v) = vals.first() else { return };
    if mover != Some(color) {
        keep_raw(t.node, id, vals);
        return;
    }
    if matches!(id, "BL" | "WL") {
        match real(v.text) {
            Some(x) if t.node.time_left().is_none() => t.node.set_time_left(Some(x)),
            Some(_) => keep_raw(t.node, id, vals),
            None => {
                diags.push(Diagnostic::new(
                    codes::SGF_BAD_VALUE,
                    format!(
                        "{id}[{}] is not a time in seconds (kept as a private property)",
                        v.text
                    ),
                    v.span(),
                ));
                keep_raw(t.node, id, vals);
            }
        }
    } else {
        match number(v.text).and_then(|n| u32::try_from(n).ok()) {
            Some(n) if t.node.times.periods_left.is_none() => t.node.times.periods_left = Some(n),
            Some(_) => keep_raw(t.node, id, vals),
            None => {
                diags.push(Diagnostic::new(
                    codes::SGF_BAD_VALUE,
                    format!(
                        "{id}[{}] is not a count (kept as a private property)",
                        v.text
                    ),
                    v.span(),
                ));
                keep_raw(t.node, id, vals);
            }
        }
    }
}
