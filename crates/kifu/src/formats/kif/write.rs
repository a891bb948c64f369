//! The KIF writer: Kakinoki's layout (header, handicap or board diagram, the
//! `手数----指手---------消費時間--` line, padded move lines with times, comments,
//! bookmarks, the `まで` summary, variations in Kakinoki's order with `+` markers).

use std::fmt::Write as _;

use super::canonical::{
    separator, summary_text, words_for, NO_PROMOTE_KEY, NO_SUMMARY_KEY, PRE_COMMENT_KEY,
    SEPARATOR_KEY, SUMMARY_KEY, TIME_TEXT_KEY,
};
use crate::formats::shogi::bod::{hand_owner, hand_text, same_hand, write_board};
use crate::formats::shogi::comment::{comment_lines, root_comment_loss};
use crate::formats::shogi::header::{csa_end_time, typed_value, ORDER_KEY, TYPED_KEYS};
use crate::formats::shogi::notation::move_text;
use crate::formats::{WriteError, WriteOptions, Written};
use crate::model::{Collection, Color, Game, Handicap, Move, Node, NodeId, ShogiMove, ShogiStart};

/// Writes one shogi game as KIF.
pub fn write(
    collection: &Collection,
    options: &WriteOptions<'_>,
) -> Result<Written<String>, WriteError> {
    let game = crate::formats::the_game(collection)?;
    let mut losses = Vec::new();
    let mut out = String::with_capacity(4096);
    let _ = writeln!(out, "#KIF version=2.0 encoding={}", options.encoding.name());
    write_header(&mut out, game);
    let timed = game.tree.iter().any(|(_, n)| has_time(n));
    match game.info.extras.get(SEPARATOR_KEY).and_then(|v| v.first()) {
        Some(sep) => {
            let _ = writeln!(out, "{sep}");
        }
        None => {
            let _ = writeln!(out, "{}", separator(timed));
        }
    }
    for l in comment_lines(game.info.game_comment.as_deref(), &game.info.extras) {
        let _ = writeln!(out, "*{l}");
    }
    let root = game.tree.root_node();
    losses.extend(root_comment_loss(game));
    for l in comment_lines(root.comment.as_deref(), &root.extras) {
        let _ = writeln!(out, "*{l}");
    }
    for b in &root.bookmarks {
        let _ = writeln!(out, "&{b}");
    }
    write_moves(&mut out, game, timed);
    Ok(Written {
        output: out,
        losses,
    })
}

/// The words for the two sides: 先手/後手, or 下手/上手 in handicap games.
pub(super) fn side_words(game: &Game) -> (&'static str, &'static str) {
    words_for(game.info.shogi_start.as_ref())
}

pub(super) fn write_header(out: &mut String, game: &Game) {
    let info = &game.info;
    let order: &[String] = info.extras.get(ORDER_KEY).unwrap_or(&[]);
    let mut used: Vec<(String, usize)> = Vec::new();
    let mut next_extra = |key: &str| -> Option<String> {
        let full = format!("kif:{key}");
        let n = match used.iter_mut().find(|(k, _)| *k == full) {
            Some((_, n)) => {
                *n += 1;
                *n - 1
            }
            None => {
                used.push((full.clone(), 1));
                0
            }
        };
        info.extras
            .0
            .iter()
            .filter(|e| e.key == full)
            .nth(n)
            .and_then(|e| e.values.first().cloned())
    };
    let start = info
        .shogi_start
        .clone()
        .unwrap_or(ShogiStart::Preset(Handicap::Even));
    let (bw, ww) = side_words(game);
    let mut wrote_start = false;
    let mut wrote_typed: Vec<&str> = Vec::new();
    let mut wrote_black = false;
    let mut wrote_white = false;
    for key in order {
        let key = key.as_str();
        match key {
            "#" => {
                if let Some(v) = next_extra("#") {
                    let _ = writeln!(out, "#{v}");
                }
            }
            "手数＝" => {
                if let Some(v) = next_extra("手数＝") {
                    let _ = writeln!(out, "手数＝{v}");
                }
            }
            "#BOD" => {
                if let ShogiStart::Other(p) = &start {
                    write_board(out, p, order.iter().any(|k| k == "盤面回転"));
                    wrote_start = true;
                }
            }
            "先手番" | "下手番" | "後手番" | "上手番" | "盤面回転" => {
                if let ShogiStart::Other(p) = &start {
                    let black = matches!(key, "先手番" | "下手番");
                    if key == "盤面回転" || black == (p.to_move == Color::Black) {
                        let _ = writeln!(out, "{key}");
                    } else {
                        let word = if black {
                            key.replace('先', "後").replace('下', "上")
                        } else {
                            key.replace('後', "先").replace('上', "下")
                        };
                        let _ = writeln!(out, "{word}");
                    }
                }
            }
            "先手の持駒" | "下手の持駒" | "後手の持駒" | "上手の持駒" => {
                if let ShogiStart::Other(p) = &start {
                    let color = hand_owner(key).unwrap_or(Color::Black);
                    let computed = hand_text(p, color);
                    let text = next_extra(key)
                        .filter(|raw| same_hand(raw, p, color))
                        .unwrap_or(computed);
                    let _ = writeln!(out, "{key}：{text}");
                }
            }
            "手合割" => {
                let raw = next_extra("手合割");
                match &start {
                    ShogiStart::Preset(h) => {
                        let text = raw
                            .filter(|r| Handicap::from_japanese(r) == Some(*h))
                            .unwrap_or_else(|| h.japanese().to_string());
                        let _ = writeln!(out, "手合割：{text}");
                        wrote_start = true;
                    }
                    ShogiStart::Other(_) => {
                        let _ = writeln!(out, "手合割：{}", raw.unwrap_or_else(|| "その他".into()));
                    }
                }
            }
            _ => match typed_value(info, key) {
                Some(v) => {
                    let is_black = matches!(key, "先手" | "下手");
                    let is_white = matches!(key, "後手" | "上手");
                    let first = if is_black {
                        !std::mem::replace(&mut wrote_black, true)
                    } else if is_white {
                        !std::mem::replace(&mut wrote_white, true)
                    } else {
                        !wrote_typed.contains(&key)
                    };
                    if first {
                        wrote_typed.push(key);
                        if let Some(v) = v {
                            let _ = writeln!(out, "{key}：{v}");
                        }
                    } else if let Some(v) = next_extra(key) {
                        let _ = writeln!(out, "{key}：{v}");
                    }
                }
                None => {
                    if let Some(v) = next_extra(key) {
                        let _ = writeln!(out, "{key}：{v}");
                    }
                }
            },
        }
    }
    // Whatever the read order did not cover: typed fields set elsewhere, the start.
    for key in TYPED_KEYS {
        let alias_written = key == "開始日時" && wrote_typed.contains(&"対局日");
        if !wrote_typed.contains(&key) && !alias_written {
            if let Some(Some(v)) = typed_value(info, key) {
                let _ = writeln!(out, "{key}：{v}");
            }
        }
    }
    // A source without 手合割 said 平手 by leaving it out: keep it out.
    let implied_even = !order.is_empty() && start == ShogiStart::Preset(Handicap::Even);
    if !wrote_start && !implied_even {
        match &start {
            ShogiStart::Preset(h) => {
                let _ = writeln!(out, "手合割：{}", h.japanese());
            }
            ShogiStart::Other(p) => {
                let (bk, wk) = (format!("{bw}の持駒"), format!("{ww}の持駒"));
                let _ = writeln!(out, "{wk}：{}", hand_text(p, Color::White));
                write_board(out, p, order.iter().any(|k| k == "盤面回転"));
                let _ = writeln!(out, "{bk}：{}", hand_text(p, Color::Black));
                if p.to_move == Color::White {
                    let _ = writeln!(out, "{ww}番");
                }
            }
        }
    }
    if !wrote_black {
        if let Some(v) = &info.black.name {
            let _ = writeln!(out, "{bw}：{v}");
        }
    }
    if !wrote_white {
        if let Some(v) = &info.white.name {
            let _ = writeln!(out, "{ww}：{v}");
        }
    }
    // A CSA record's `$END_TIME` is KIF's 終了日時.
    if let Some(v) = csa_end_time(info) {
        let _ = writeln!(out, "終了日時：{v}");
    }
    if order.is_empty() {
        for e in info.extras.of_format("kif") {
            if e.key == ORDER_KEY {
                continue;
            }
            let key = e.key.trim_start_matches("kif:");
            if let Some(v) = e.values.first() {
                if key == "#" {
                    let _ = writeln!(out, "#{v}");
                } else {
                    let _ = writeln!(out, "{key}：{v}");
                }
            }
        }
    }
}

/// Display width: East Asian characters take two columns.
pub(super) fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// True when the node has a time to write: read, or kept as written.
fn has_time(n: &Node) -> bool {
    n.time_used_ms().is_some()
        || n.time_total_ms().is_some()
        || n.extras.get(TIME_TEXT_KEY).is_some()
}

/// Writes the time column, `( m:ss/hh:mm:ss)`: what
/// `format!("({:>2}:{:02}/{:02}:{:02}:{:02})", …)` gives, without its cost a move.
fn time_text(out: &mut String, node: &Node, running_total_ms: u64) {
    let used = node.time_used_ms().unwrap_or(0) / 1000;
    let total = node.time_total_ms().unwrap_or(running_total_ms) / 1000;
    out.push('(');
    two(out, used / 60, ' ');
    out.push(':');
    two(out, used % 60, '0');
    out.push('/');
    two(out, total / 3600, '0');
    out.push(':');
    two(out, total / 60 % 60, '0');
    out.push(':');
    two(out, total % 60, '0');
    out.push(')');
}

/// A number at least two characters wide, padded on the left with `fill`.
fn two(out: &mut String, n: u64, fill: char) {
    match u8::try_from(n) {
        Ok(n) if n < 10 => {
            out.push(fill);
            out.push(char::from(b'0' + n));
        }
        Ok(n) if n < 100 => {
            out.push(char::from(b'0' + n / 10));
            out.push(char::from(b'0' + n % 10));
        }
        _ => {
            let _ = write!(out, "{n}");
        }
    }
}

/// For each node, the mover's time spent so far along its line, for records that
/// give only the time per move (CSA): what the second KIF figure holds. Parents
/// come before children in pre-order, so one pass suffices.
fn running_totals(game: &Game) -> Vec<u64> {
    let tree = &game.tree;
    let mut per_side = vec![[0u64; 2]; tree.len()];
    let mut mover_total = vec![0u64; tree.len()];
    for (id, node) in tree.preorder() {
        let i = id.0 as usize;
        let mut sums = node
            .parent()
            .and_then(|p| per_side.get(p.0 as usize).copied())
            .unwrap_or([0, 0]);
        let side = match node.mv {
            Some(Move::Shogi(m)) => Some(m.color),
            _ => node.ending.and_then(|e| e.color),
        };
        if let Some(c) = side {
            let slot = &mut sums[c.index()];
            *slot = node
                .time_total_ms()
                .unwrap_or(*slot + node.time_used_ms().unwrap_or(0));
            if let Some(t) = mover_total.get_mut(i) {
                *t = *slot;
            }
        }
        if let Some(p) = per_side.get_mut(i) {
            *p = sums;
        }
    }
    mover_total
}

/// Writes the main line, then every variation block in Kakinoki's order: after a
/// line, the alternatives of its deepest branch point first, each followed at once
/// by its own variations.
/// The depth (ply) of every node, root 0, computed iteratively.
pub(super) fn depths(game: &Game) -> Vec<u32> {
    let tree = &game.tree;
    let mut depth = vec![0u32; tree.len()];
    for (id, node) in tree.preorder() {
        let d = depth.get(id.0 as usize).copied().unwrap_or(0);
        for &c in node.children() {
            if let Some(slot) = depth.get_mut(c.0 as usize) {
                *slot = d + 1;
            }
        }
    }
    depth
}

/// The lines of the tree in Kakinoki's order: the main line, then after each line
/// the alternatives of its deepest branch point first, each followed at once by its
/// own variations. Each block runs from its first node down the first children.
pub(super) fn blocks(game: &Game) -> Vec<Vec<NodeId>> {
    let tree = &game.tree;
    let mut out = Vec::new();
    let mut stack: Vec<NodeId> = Vec::new();
    if let Some(&first) = tree.root_node().children().first() {
        stack.push(first);
    }
    while let Some(start) = stack.pop() {
        let mut line = Vec::new();
        let mut cur = Some(start);
        while let Some(id) = cur {
            line.push(id);
            cur = tree.get(id).and_then(|n| n.children().first().copied());
        }
        let mut pending: Vec<NodeId> = Vec::new();
        for &id in line.iter().skip(1).rev() {
            pending.extend(later_siblings(game, id));
        }
        if line_is_main(game, start) {
            pending.extend(later_siblings(game, start));
        }
        stack.extend(pending.into_iter().rev());
        out.push(line);
    }
    out
}

fn write_moves(out: &mut String, game: &Game, timed: bool) {
    let tree = &game.tree;
    let depth = depths(game);
    let totals = running_totals(game);
    let (bw, ww) = side_words(game);
    for (b, line) in blocks(game).into_iter().enumerate() {
        let Some(&start) = line.first() else { continue };
        let start_depth = depth.get(start.0 as usize).copied().unwrap_or(1);
        if b > 0 {
            let _ = writeln!(out, "\n変化：{start_depth}手");
            if let Some(pre) = tree.get(start).and_then(|n| n.extras.get(PRE_COMMENT_KEY)) {
                for l in pre {
                    let _ = writeln!(out, "*{l}");
                }
            }
        }
        let mut last_move: Option<ShogiMove> = parent_move(game, start);
        let mut moves_in_line = start_depth.saturating_sub(1);
        let mut last_node: Option<&Node> = None;
        for &id in &line {
            let Some(node) = tree.get(id) else { continue };
            let n = depth.get(id.0 as usize).copied().unwrap_or(0);
            let body = match (&node.mv, node.ending) {
                (Some(Move::Shogi(m)), _) => {
                    let same = last_move.is_some_and(|l| l.to == m.to);
                    last_move = Some(*m);
                    moves_in_line = n;
                    move_text(m, same, node.extras.get(NO_PROMOTE_KEY).is_some())
                }
                (_, Some(e)) => e.kind.japanese().to_string(),
                _ => continue,
            };
            let plus = has_later_sibling(game, id);
            let _ = write!(out, "{n:>4} ");
            out.push_str(&body);
            for _ in width(&body)..12 {
                out.push(' ');
            }
            // A node without a time keeps none (KIF allows it), so reading back gives
            // the same model.
            let raw_time = node.extras.get(TIME_TEXT_KEY).and_then(|v| v.first());
            if let (true, Some(raw)) = (timed, raw_time) {
                // A time column that could not be read goes back as written.
                let _ = write!(out, " {raw}");
                if plus {
                    out.push('+');
                }
            } else if timed && has_time(node) {
                let total = totals.get(id.0 as usize).copied().unwrap_or(0);
                out.push(' ');
                time_text(out, node, total);
                if plus {
                    out.push('+');
                }
            } else if plus {
                out.push_str(" +");
            }
            out.push('\n');
            for l in comment_lines(node.comment.as_deref(), &node.extras) {
                let _ = writeln!(out, "*{l}");
            }
            for b in &node.bookmarks {
                let _ = writeln!(out, "&{b}");
            }
            last_node = Some(node);
        }
        if let Some(node) = last_node {
            if let Some(v) = node.extras.get(SUMMARY_KEY) {
                if let Some(s) = v.first() {
                    let _ = writeln!(out, "{s}");
                }
            } else if node.extras.get(NO_SUMMARY_KEY).is_some() {
                // The source had no `まで` line: none is written either.
            } else if let Some(text) = node
                .ending
                .map(|e| summary_text(e, moves_in_line, (bw, ww)))
            {
                let _ = writeln!(out, "{text}");
            } else {
                out.push('\n');
            }
        }
    }
}

/// True for the root's first child: the block that starts the main line.
fn line_is_main(game: &Game, id: NodeId) -> bool {
    game.tree.root_node().children().first() == Some(&id)
}

fn later_siblings(game: &Game, id: NodeId) -> Vec<NodeId> {
    let Some(parent) = game.tree.get(id).and_then(|n| n.parent()) else {
        return Vec::new();
    };
    let siblings = game.tree.get(parent).map(|p| p.children()).unwrap_or(&[]);
    match siblings.iter().position(|&s| s == id) {
        Some(i) => siblings.get(i + 1..).unwrap_or(&[]).to_vec(),
        None => Vec::new(),
    }
}

fn has_later_sibling(game: &Game, id: NodeId) -> bool {
    !later_siblings(game, id).is_empty()
}

pub(super) fn parent_move(game: &Game, id: NodeId) -> Option<ShogiMove> {
    let parent = game.tree.get(id)?.parent()?;
    match game.tree.get(parent)?.mv {
        Some(Move::Shogi(m)) => Some(m),
        _ => None,
    }
}
