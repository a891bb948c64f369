//! The KI2 writer: KIF's header, an empty line, then moves in notation six to a
//! line (each padded to twelve columns), with exactly the relative words the JSA
//! rules need; comments break lines; the `まで` summary; variations in Kakinoki's
//! order.

use std::fmt::Write as _;

use super::canonical::{summary_text, NO_PROMOTE_KEY, PRE_COMMENT_KEY, SUMMARY_KEY};
use super::write::{blocks, depths, parent_move, side_words, width, write_header};
use crate::formats::shogi::comment::{comment_lines, root_comment_loss};
use crate::formats::shogi::notation::{piece_name, square_text};
use crate::formats::{WriteError, WriteOptions, Written};
use crate::model::{Collection, Color, Handicap, Move, NodeId, ShogiMove, ShogiStart};
use crate::rules::shogi::Position;

/// Writes one shogi game as KI2.
pub fn write_ki2(
    collection: &Collection,
    options: &WriteOptions<'_>,
) -> Result<Written<String>, WriteError> {
    let game = crate::formats::the_game(collection)?;
    let tree = &game.tree;
    let mut out = String::with_capacity(4096);
    // Kakinoki's KI2 files are Shift_JIS without a declaration, and `.ki2u` files
    // UTF-8 without one; any other encoding is declared, so that what the file says
    // (or its extension says) always matches its bytes.
    let implied = options.encoding == crate::text::TextEncoding::SHIFT_JIS
        || (options.utf8_by_convention && options.encoding == crate::text::TextEncoding::UTF_8);
    if !implied {
        let _ = writeln!(out, "#KIF version=2.0 encoding={}", options.encoding.name());
    }
    write_header(&mut out, game);
    out.push('\n');
    for l in comment_lines(game.info.game_comment.as_deref(), &game.info.extras) {
        let _ = writeln!(out, "*{l}");
    }
    let root = tree.root_node();
    for l in comment_lines(root.comment.as_deref(), &root.extras) {
        let _ = writeln!(out, "*{l}");
    }
    for b in &tree.root_node().bookmarks {
        let _ = writeln!(out, "&{b}");
    }
    let start = game
        .info
        .shogi_start
        .as_ref()
        .map_or_else(|| Handicap::Even.position(), ShogiStart::position);
    let mut pos = Position::from_model(&start);
    let mut path: Vec<(NodeId, Option<ShogiMove>)> = Vec::new();
    let depth = depths(game);
    let words = side_words(game);
    for (b, line) in blocks(game).into_iter().enumerate() {
        let Some(&first) = line.first() else { continue };
        let parent = tree.get(first).and_then(|n| n.parent());
        while let Some(&(id, mv)) = path.last() {
            if Some(id) == parent {
                break;
            }
            path.pop();
            if let Some(m) = mv {
                pos.unmake(&m);
            }
        }
        if b > 0 {
            let n = depth.get(first.0 as usize).copied().unwrap_or(1);
            let _ = writeln!(out, "\n変化：{n:>4}手");
            if let Some(pre) = tree.get(first).and_then(|n| n.extras.get(PRE_COMMENT_KEY)) {
                for l in pre {
                    let _ = writeln!(out, "*{l}");
                }
            }
        }
        let mut last_move = parent_move(game, first);
        let mut row = String::new();
        let mut in_row = 0;
        let mut moves = depth
            .get(first.0 as usize)
            .copied()
            .unwrap_or(1)
            .saturating_sub(1);
        let mut last = None;
        for &id in &line {
            let Some(node) = tree.get(id) else { continue };
            last = Some(node);
            let Some(Move::Shogi(m)) = node.mv else {
                path.push((id, None));
                continue;
            };
            let token = token(
                &mut pos,
                &m,
                last_move.map(|l| l.to) == Some(m.to),
                node.extras.get(NO_PROMOTE_KEY).is_some(),
            );
            if in_row == 6 {
                let _ = writeln!(out, "{}", row.trim_end());
                row.clear();
                in_row = 0;
            }
            row.push_str(&token);
            row.push_str(&" ".repeat(12usize.saturating_sub(width(&token))));
            in_row += 1;
            pos.make(&m);
            path.push((id, Some(m)));
            last_move = Some(m);
            moves = depth.get(id.0 as usize).copied().unwrap_or(moves);
            let lines = comment_lines(node.comment.as_deref(), &node.extras);
            if !lines.is_empty() || !node.bookmarks.is_empty() {
                let _ = writeln!(out, "{}", row.trim_end());
                row.clear();
                in_row = 0;
                for l in lines {
                    let _ = writeln!(out, "*{l}");
                }
                for bm in &node.bookmarks {
                    let _ = writeln!(out, "&{bm}");
                }
            }
        }
        if in_row > 0 {
            let _ = writeln!(out, "{}", row.trim_end());
        }
        if let Some(node) = last {
            // A kept summary, else (none kept, or a KIF line without one: KI2 says
            // the end only there) the summary of the end.
            if let Some(s) = node.extras.get(SUMMARY_KEY).and_then(|v| v.first()) {
                let _ = writeln!(out, "{s}");
            } else if let Some(e) = node.ending {
                let _ = writeln!(out, "{}", summary_text(e, moves, words));
            }
            if node.mv.is_none() {
                for l in comment_lines(node.comment.as_deref(), &node.extras) {
                    let _ = writeln!(out, "*{l}");
                }
            }
        }
    }
    Ok(Written {
        output: out,
        losses: root_comment_loss(game).into_iter().collect(),
    })
}

/// One move in KI2 notation, with the relative words the position needs.
fn token(pos: &mut Position, m: &ShogiMove, same: bool, no_promote: bool) -> String {
    let (rel, drop_mark) = pos.relative_for(m);
    let mut tail = String::from(piece_name(m.piece));
    tail.push_str(&rel.text());
    if m.promote {
        tail.push('成');
    } else if no_promote {
        tail.push_str("不成");
    }
    if m.from.is_none() && drop_mark {
        tail.push('打');
    }
    let mut s = String::from(if m.color == Color::Black {
        "▲"
    } else {
        "△"
    });
    if same {
        s.push('同');
        if tail.chars().count() == 1 {
            s.push('　');
        }
    } else {
        s.push_str(&square_text(m.to));
    }
    s.push_str(&tail);
    s
}
