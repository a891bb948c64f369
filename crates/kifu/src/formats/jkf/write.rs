//! The JKF writer.

use serde_json::{json, Map, Value};

use crate::diag::{codes, quote, Loss};

use super::read::UNREAD_PREFIX;
use super::{color_num, PRESETS};
use crate::formats::shogi::comment::{comment_lines, root_comment_loss};
use crate::formats::shogi::header::header_pairs;
use crate::formats::shogi::special::{interrupted, special_word};
use crate::formats::{WriteError, WriteOptions, Written};
use crate::model::{
    Collection, Game, Handicap, Move, NodeId, PieceKind, ShogiMove, ShogiStart, Square,
};
use crate::rules::shogi::Position;

/// Writes one game as JKF (pretty-printed).
pub fn write(
    collection: &Collection,
    _options: &WriteOptions<'_>,
) -> Result<Written<String>, WriteError> {
    let game = crate::formats::the_game(collection)?;
    let mut header = Map::new();
    let mut losses = Vec::new();
    for (k, v) in header_pairs(&game.info) {
        // A JSON object holds one value per key: the banner's `#` lines are joined
        // by line ends (the reader splits them again); a second value of another
        // key is reported.
        match header.get_mut(&k) {
            Some(Value::String(old)) if k == "#" => {
                old.push('\n');
                old.push_str(&v);
            }
            Some(Value::String(old)) if *old != v => losses.push(Loss::new(
                codes::LOSS_EXTRAS,
                format!(
                    "jkf has no place for a second kif:{k} field (one value per header key): {}",
                    quote(&v)
                ),
                0,
                None,
            )),
            Some(_) => {}
            None => {
                header.insert(k, Value::String(v));
            }
        }
    }
    let start = game
        .info
        .shogi_start
        .clone()
        .unwrap_or(ShogiStart::Preset(Handicap::Even));
    let initial = match &start {
        ShogiStart::Preset(h) => {
            let name = PRESETS
                .iter()
                .find(|(_, p)| p == h)
                .map_or("HIRATE", |(n, _)| n);
            json!({ "preset": name })
        }
        ShogiStart::Other(p) => {
            let board: Vec<Value> = (1..=9u8)
                .map(|x| {
                    Value::Array(
                        (1..=9u8)
                            .map(|y| match Square::new(x, y).and_then(|sq| p.get(sq)) {
                                Some(pc) => {
                                    json!({ "color": color_num(pc.color), "kind": pc.kind.csa() })
                                }
                                None => json!({}),
                            })
                            .collect(),
                    )
                })
                .collect();
            let hands: Vec<Value> = p
                .hands
                .iter()
                .map(|h| {
                    let mut m = Map::new();
                    for k in PieceKind::HAND_FROM_PAWN {
                        m.insert(k.csa().to_string(), json!(h.count(k)));
                    }
                    Value::Object(m)
                })
                .collect();
            json!({ "preset": "OTHER", "data": { "color": color_num(p.to_move), "board": board, "hands": hands } })
        }
    };
    let moves = write_moves(game, &start)?;
    let mut doc = Map::new();
    doc.insert("header".into(), Value::Object(header));
    doc.insert("initial".into(), initial);
    doc.insert("moves".into(), moves);
    let mut output = serde_json::to_string_pretty(&Value::Object(doc))
        .map_err(|e| WriteError::Invalid(format!("cannot write JSON: {e}")))?;
    output.push('\n');
    Ok(Written {
        output,
        losses: losses
            .into_iter()
            .chain(root_comment_loss(game))
            .chain(interrupted(
                game,
                game.tree.iter().map(|(id, _)| id),
                "JKF",
                0,
            ))
            .collect(),
    })
}

/// The comments of the first entry: the game's comment, then the start position's
/// (which JKF cannot tell apart: reported by [`root_comment_loss`]).
fn start_comment(game: &Game) -> Vec<&str> {
    let root = game.tree.root_node();
    let mut lines = comment_lines(game.info.game_comment.as_deref(), &game.info.extras);
    lines.extend(comment_lines(root.comment.as_deref(), &root.extras));
    lines
}

fn entry(game: &Game, id: NodeId, pos: &mut Position, totals: &[u64]) -> Value {
    let mut e = Map::new();
    let Some(node) = game.tree.get(id) else {
        return Value::Object(e);
    };
    let lines = comment_lines(node.comment.as_deref(), &node.extras);
    if !lines.is_empty() {
        e.insert("comments".into(), json!(lines));
    }
    if node.time_used_ms().is_some() || node.time_total_ms().is_some() {
        let now = node.time_used_ms().unwrap_or(0) / 1000;
        // A record with times spent only (CSA): the total adds them up, as KIF's.
        let total = node
            .time_total_ms()
            .or_else(|| totals.get(id.0 as usize).copied())
            .unwrap_or(0)
            / 1000;
        e.insert(
            "time".into(),
            json!({
                "now": { "m": now / 60, "s": now % 60 },
                "total": { "h": total / 3600, "m": total / 60 % 60, "s": total % 60 }
            }),
        );
    }
    unread_back(&mut e, node);
    if let Some(Move::Shogi(m)) = node.mv {
        let mut mv = Map::new();
        mv.insert("color".into(), json!(color_num(m.color)));
        mv.insert(
            "from".into(),
            m.from
                .map_or(Value::Null, |f| json!({ "x": f.file, "y": f.rank })),
        );
        mv.insert("to".into(), json!({ "x": m.to.file, "y": m.to.rank }));
        mv.insert("piece".into(), json!(m.piece.csa()));
        if m.promote {
            mv.insert("promote".into(), json!(true));
        }
        if let Some(c) = m.capture {
            mv.insert("capture".into(), json!(c.csa()));
        }
        let parent_to = node
            .parent()
            .and_then(|p| game.tree.get(p))
            .and_then(|p| match p.mv {
                Some(Move::Shogi(pm)) => Some(pm.to),
                _ => None,
            });
        if parent_to == Some(m.to) {
            mv.insert("same".into(), json!(true));
        }
        let (rel, drop_mark) = pos.relative_for(&m);
        let mut r = String::new();
        for (flag, c) in [
            (rel.left, 'L'),
            (rel.straight, 'C'),
            (rel.right, 'R'),
            (rel.up, 'U'),
            (rel.sideways, 'M'),
            (rel.back, 'D'),
        ] {
            if flag {
                r.push(c);
            }
        }
        if m.from.is_none() && drop_mark {
            r.push('H');
        }
        if !r.is_empty() {
            mv.insert("relative".into(), json!(r));
        }
        e.insert("move".into(), Value::Object(mv));
    } else if let Some(end) = node.ending {
        let word = special_word(end);
        e.insert("special".into(), json!(word));
    }
    Value::Object(e)
}

/// Puts back the fields of an entry the reader could not read, as written (JSON
/// text that does not parse, which only a hand-made model holds, as a string).
fn unread_back(e: &mut Map<String, Value>, node: &crate::model::Node) {
    for x in &node.extras.0 {
        let Some(key) = x.key.strip_prefix(UNREAD_PREFIX) else {
            continue;
        };
        let text = x.values.join("\n");
        let v = serde_json::from_str::<Value>(&text).unwrap_or(Value::String(text));
        e.entry(key.to_string()).or_insert(v);
    }
}

/// The `moves` array: built iteratively. Each line is a list; an entry's `forks`
/// hold the lines of its later siblings.
fn write_moves(game: &Game, start: &ShogiStart) -> Result<Value, WriteError> {
    let tree = &game.tree;
    let totals = crate::formats::account::running_totals(game);
    let mut pos = Position::from_model(&start.position());
    // Lines are built bottom-up: `lists[k]` is the list for line k; a fork list is
    // attached to its entry once complete. Work items walk the tree in pre-order.
    struct Line {
        entries: Vec<Value>,
        /// Where this line's list goes: (parent line, entry index in it); None = top.
        attach: Option<(usize, usize)>,
    }
    let mut first = match start_comment(game).as_slice() {
        [] => json!({}),
        lines => json!({ "comments": lines }),
    };
    if let Value::Object(e) = &mut first {
        unread_back(e, tree.root_node());
    }
    let mut lines: Vec<Line> = vec![Line {
        entries: vec![first],
        attach: None,
    }];
    enum Step {
        Enter(NodeId, usize),
        Leave(ShogiMove),
    }
    let mut stack: Vec<Step> = Vec::new();
    let push_kids = |stack: &mut Vec<Step>, lines: &mut Vec<Line>, id: NodeId, line: usize| {
        let kids = tree
            .get(id)
            .map(|n| n.children().to_vec())
            .unwrap_or_default();
        let Some((&first, rest)) = kids.split_first() else {
            return;
        };
        let at = lines.get(line).map_or(0, |l| l.entries.len());
        let base = lines.len();
        for _ in rest {
            lines.push(Line {
                entries: Vec::new(),
                attach: Some((line, at)),
            });
        }
        for (k, &alt) in rest.iter().enumerate().rev() {
            stack.push(Step::Enter(alt, base + k));
        }
        stack.push(Step::Enter(first, line));
    };
    push_kids(&mut stack, &mut lines, NodeId::ROOT, 0);
    while let Some(step) = stack.pop() {
        match step {
            Step::Leave(m) => pos.unmake(&m),
            Step::Enter(id, line) => {
                let e = entry(game, id, &mut pos, &totals);
                if let Some(l) = lines.get_mut(line) {
                    l.entries.push(e);
                }
                if let Some(Move::Shogi(m)) = tree.get(id).and_then(|n| n.mv) {
                    pos.make(&m);
                    stack.push(Step::Leave(m));
                }
                push_kids(&mut stack, &mut lines, id, line);
            }
        }
    }
    // Attach fork lines, deepest (latest created) first, keeping sibling order.
    let mut forks: Vec<Vec<Value>> = Vec::new();
    let mut attach: Vec<Option<(usize, usize)>> = Vec::new();
    for l in lines {
        forks.push(l.entries);
        attach.push(l.attach);
    }
    for k in (1..forks.len()).rev() {
        let Some((parent, at)) = attach.get(k).copied().flatten() else {
            continue;
        };
        let list = std::mem::take(&mut forks[k]);
        if let Some(Value::Object(e)) = forks.get_mut(parent).and_then(|p| p.get_mut(at)) {
            let slot = e.entry("forks").or_insert_with(|| Value::Array(Vec::new()));
            if let Value::Array(a) = slot {
                a.insert(0, Value::Array(list));
            }
        }
    }
    Ok(Value::Array(std::mem::take(&mut forks[0])))
}
