//! The JKF reader.

use serde_json::Value;

use super::entries::{Doc, Entry, From};
use super::{color_of, kind_of, PRESETS};
use crate::diag::{codes, Diagnostic, Span};
use crate::formats::shogi::header::apply_header;
use crate::formats::shogi::result::main_line_result;
use crate::formats::shogi::special::special_ending;
use crate::formats::Parsed;
use crate::model::{
    Color, Ending, Game, GameKind, Handicap, Move, Node, NodeId, Piece, PieceKind, ShogiMove,
    ShogiPosition, ShogiStart, Square,
};
use crate::rules::shogi::{Illegal, Position};
use crate::text::LineIndex;

/// Reads a JKF document.
pub fn read(text: &str) -> Parsed {
    let mut parsed = Parsed::default();
    // Read entry by entry, never as one `Value` (see `entries`).
    let doc: Doc = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let index = LineIndex::new(text);
            let at = index.line_start(e.line()).map_or(text.len(), |s| {
                (s + e.column().saturating_sub(1)).min(text.len())
            });
            parsed.diagnostics.push(Diagnostic::new(
                codes::JKF_SYNTAX,
                format!("not a JKF document: {e}"),
                Span::at(at),
            ));
            return parsed;
        }
    };
    let moves_at = Span::at(text.find("\"moves\"").unwrap_or(0));
    let mut game = Game::new(GameKind::Shogi);
    if let Some(h) = doc.header.as_ref().and_then(Value::as_object) {
        for (k, v) in h {
            match v.as_str() {
                // The producer's banner: one `#` line of KIF each (see the writer).
                Some(v) if k == "#" => {
                    for line in v.split('\n') {
                        apply_header(&mut game.info, k, line);
                    }
                }
                Some(v) => apply_header(&mut game.info, k, v),
                None => {}
            }
        }
    }
    let start = match read_initial(doc.initial.as_ref()) {
        Ok(s) => s,
        Err(msg) => {
            parsed.diagnostics.push(Diagnostic::new(
                codes::JKF_BAD_INITIAL,
                msg,
                Span::at(text.find("\"initial\"").unwrap_or(0)),
            ));
            ShogiStart::Preset(Handicap::Even)
        }
    };
    let mut pos = Position::from_model(&start.position());
    game.info.shogi_start = Some(start);
    let moves = doc.moves.as_slice();
    if let Some(first) = moves.first() {
        if !first.unread.iter().any(|(k, _)| k == "comments") {
            game.info.game_comment = first.comment.clone();
        }
        for (key, text) in &first.unread {
            parsed.diagnostics.push(Diagnostic::new(
                codes::JKF_UNREAD_FIELD,
                format!(
                    "cannot read the first entry's {} {}: kept as written",
                    crate::diag::quote(key),
                    crate::diag::quote(text)
                ),
                moves_at,
            ));
            if let Some(root) = game.tree.get_mut(NodeId::ROOT) {
                root.extras
                    .push(format!("{UNREAD_PREFIX}{key}"), vec![text.clone()]);
            }
        }
    }
    let mut spans = vec![Span::at(0)];
    // A comment line starts like analysis (see below).
    let mut analysis = false;
    // (list, index, parent, entering): an entry of a list, to be read as a child
    // of `parent`; on leaving, its move is taken back.
    enum Step<'v> {
        Enter(&'v [Entry], usize, NodeId, u32),
        Leave(ShogiMove),
    }
    let mut stack: Vec<Step<'_>> = Vec::new();
    push_children(&mut stack, moves, 0, NodeId::ROOT, 0, |l, i, p, n| {
        Step::Enter(l, i, p, n)
    });
    while let Some(step) = stack.pop() {
        let (list, i, parent, number) = match step {
            Step::Leave(m) => {
                pos.unmake(&m);
                continue;
            }
            Step::Enter(l, i, p, n) => (l, i, p, n),
        };
        let Some(entry) = list.get(i) else { continue };
        let mut node = Node::default();
        // Only a node with a comment stores the rest of a node (an unreadable
        // `comments` is no comment: it is kept whole as written).
        if let Some(c) = &entry.comment {
            // KIF's engine lines and ShogiHome's, as JKF holds them (`*対局 …`,
            // `#評価値=…`): lifted into evaluations when the game is read.
            analysis |= c.split('\n').any(|l| l.starts_with(['*', '#']));
            node.comment = Some(c.clone());
        }
        // Fields that cannot be read stay with their move, as written.
        for (key, text) in &entry.unread {
            parsed.diagnostics.push(
                Diagnostic::new(
                    codes::JKF_UNREAD_FIELD,
                    format!(
                        "cannot read the entry's {} {}: the move is kept, and the field as written",
                        crate::diag::quote(key),
                        crate::diag::quote(text)
                    ),
                    moves_at,
                )
                .with_move(number),
            );
            node.extras
                .push(format!("{UNREAD_PREFIX}{key}"), vec![text.clone()]);
        }
        if let Some(ms) = entry.time_used_ms {
            node.set_time_used_ms(Some(ms));
        }
        if let Some(ms) = entry.time_total_ms {
            node.set_time_total_ms(Some(ms));
        }
        if let Some(sp) = entry.special.as_deref() {
            let side = pos.to_move();
            let Some(kind) = special_ending(sp, side) else {
                parsed.diagnostics.push(
                    Diagnostic::new(
                        codes::JKF_UNKNOWN_SPECIAL,
                        format!("unknown special {}", crate::diag::quote(sp)),
                        moves_at,
                    )
                    .with_move(number),
                );
                continue;
            };
            node.ending = Some(Ending {
                kind,
                color: Some(side),
            });
            game.tree.add_child(parent, node);
            spans.push(moves_at);
            continue;
        }
        let Some(mv) = &entry.mv else {
            parsed.diagnostics.push(
                Diagnostic::new(
                    codes::JKF_BAD_MOVE,
                    "an entry with neither move nor special",
                    moves_at,
                )
                .with_move(number),
            );
            continue;
        };
        let color = mv.color.unwrap_or(pos.to_move());
        let from = match mv.from {
            From::Absent => None,
            From::At(sq) => Some(sq),
            From::Bad => {
                parsed.diagnostics.push(
                    Diagnostic::new(codes::JKF_BAD_MOVE, "cannot read `from`", moves_at)
                        .with_move(number),
                );
                continue;
            }
        };
        let (Some(to), Some(piece)) = (mv.to, mv.piece) else {
            parsed.diagnostics.push(
                Diagnostic::new(
                    codes::JKF_BAD_MOVE,
                    "a move needs `to` and `piece`",
                    moves_at,
                )
                .with_move(number),
            );
            continue;
        };
        let m = pos.build_move(color, from, to, piece, mv.promote);
        if color != pos.to_move() {
            parsed.diagnostics.push(
                Diagnostic::new(
                    Illegal::WrongSide.code(),
                    Illegal::WrongSide.message(&m),
                    moves_at,
                )
                .with_move(number),
            );
            continue;
        }
        // A move against the rules is kept for validation to report.
        match pos.check_structure(&m) {
            Ok(()) => {}
            Err(why) => {
                parsed
                    .diagnostics
                    .push(Diagnostic::new(why.code(), why.message(&m), moves_at).with_move(number));
                continue;
            }
        }
        node.mv = Some(Move::Shogi(m));
        let id = game.tree.add_child(parent, node);
        spans.push(moves_at);
        pos.make(&m);
        stack.push(Step::Leave(m));
        push_children(&mut stack, list, i, id, number, |l, i, p, n| {
            Step::Enter(l, i, p, n)
        });
    }
    game.info.result = main_line_result(&game);
    if analysis {
        crate::formats::analysis::comments::lift_reporting(
            &mut game.tree,
            crate::formats::analysis::comments::KIF,
            &spans,
            &mut parsed.diagnostics,
        );
    }
    parsed.collection.games.push(game);
    parsed.node_spans.push(spans);
    parsed
}

/// Pushes the children of entry `i` of `list`: entry `i+1`, then the first entry of
/// each of its forks, so that they pop in that order.
fn push_children<'v, S>(
    stack: &mut Vec<S>,
    list: &'v [Entry],
    i: usize,
    parent: NodeId,
    number: u32,
    make: impl Fn(&'v [Entry], usize, NodeId, u32) -> S,
) {
    let Some(next) = list.get(i + 1) else { return };
    for fork in next.forks.iter().rev() {
        stack.push(make(fork, 0, parent, number + 1));
    }
    stack.push(make(list, i + 1, parent, number + 1));
}

/// Extras key prefix of an entry's field that could not be read (`jkf:time`): the
/// field's JSON as written, which the JKF writer puts back into the entry.
pub const UNREAD_PREFIX: &str = "jkf:";

fn read_initial(v: Option<&Value>) -> Result<ShogiStart, String> {
    let Some(v) = v else {
        return Ok(ShogiStart::Preset(Handicap::Even));
    };
    let preset = v.get("preset").and_then(Value::as_str).unwrap_or("HIRATE");
    if let Some(&(_, h)) = PRESETS.iter().find(|(n, _)| *n == preset) {
        return Ok(ShogiStart::Preset(h));
    }
    if preset != "OTHER" {
        return Err(format!("unknown preset {}", crate::diag::quote(preset)));
    }
    let data = v.get("data").ok_or("preset OTHER needs `data`")?;
    let mut p = ShogiPosition::empty();
    p.to_move = data.get("color").and_then(color_of).unwrap_or(Color::Black);
    let board = data
        .get("board")
        .and_then(Value::as_array)
        .ok_or("`data` needs a `board`")?;
    for (x, col) in board.iter().enumerate().take(9) {
        let col = col.as_array().ok_or("each board column is an array")?;
        for (y, cell) in col.iter().enumerate().take(9) {
            let (Some(c), Some(k)) = (
                cell.get("color").and_then(color_of),
                kind_of(cell.get("kind")),
            ) else {
                continue;
            };
            if let Some(sq) = Square::new(x as u8 + 1, y as u8 + 1) {
                p.set(sq, Some(Piece { color: c, kind: k }));
            }
        }
    }
    if let Some(hands) = data.get("hands").and_then(Value::as_array) {
        for (c, hand) in hands.iter().enumerate().take(2) {
            for kind in PieceKind::HAND {
                let n = hand.get(kind.csa()).and_then(Value::as_u64).unwrap_or(0);
                if let Some(slot) = p.hands[c].count_mut(kind) {
                    *slot = u8::try_from(n).unwrap_or(u8::MAX);
                }
            }
        }
    }
    Ok(
        match Handicap::ALL.into_iter().find(|h| h.position() == p) {
            Some(h) => ShogiStart::Preset(h),
            None => ShogiStart::Other(Box::new(p)),
        },
    )
}

#[cfg(test)]
mod tests {
    use crate::model::NodeId;

    /// What the reader ignored in a `Value` it still ignores read entry by entry:
    /// a `moves` that is no array, entries that are no objects, forks that are no
    /// arrays; an unknown top-level key is read through. The moves around them are
    /// read, the fork that is an array too.
    #[test]
    fn shapes_the_reader_never_looked_into_are_still_passed_over() {
        let m = |fx, fy, tx, ty, c| {
            format!(
                r#"{{"move":{{"from":{{"x":{fx},"y":{fy}}},"to":{{"x":{tx},"y":{ty}}},"color":{c},"piece":"FU"}}"#
            )
        };
        let doc = format!(
            r#"{{"x":[{{"y":1}}],"moves":[{{}},{}}},{},"forks":"no"}},{},"forks":[7,[5],[{}}}],{{"a":1}}]}}]}}"#,
            m(7, 7, 7, 6, 0),
            m(3, 3, 3, 4, 1),
            m(2, 7, 2, 6, 0),
            m(8, 7, 8, 6, 0),
        );
        let parsed = super::read(&doc);
        let codes: Vec<&str> = parsed.diagnostics.iter().map(|d| d.code).collect();
        // The fork `[5]` holds an entry without a move: one error, nothing else.
        assert_eq!(codes, ["jkf::bad-move"], "{doc}");
        let game = &parsed.collection.games[0];
        // Root, 7g7f, 3c3d, then 2g2f with its alternative 8g8f (and the fork
        // whose entry is no move).
        assert_eq!(game.tree.len(), 5);
        let after = game.tree.line_through(NodeId(2));
        assert_eq!(after.len(), 4);
        assert_eq!(
            game.tree.get(NodeId(2)).map(|n| n.children().len()),
            Some(2)
        );
        for not_a_list in [r#"{"moves":"x"}"#, "[1,2]", "42"] {
            let parsed = super::read(not_a_list);
            assert!(parsed.diagnostics.is_empty(), "{not_a_list}");
            assert_eq!(parsed.collection.games[0].tree.len(), 1, "{not_a_list}");
        }
    }
}
