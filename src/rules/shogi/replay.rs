//! Replays every line of a shogi game tree (iteratively, making and unmaking moves
//! on one position) and reports each illegal move as a finding.

use super::legality::KingsAttacked;
use super::Position;
use crate::diag::{codes, Severity};
use crate::model::{EndingKind, Game, Move, NodeId};
use crate::rules::Finding;

/// Checks every move of every line of a shogi game. An illegal move is an error
/// (the line goes on after it when it can be played at all), unless the record itself ends the game right
/// after it with 反則勝ち/反則負け: then it is noted as the recorded foul.
pub fn check_game(game: &Game) -> Vec<Finding> {
    let start = game
        .info
        .shogi_start
        .as_ref()
        .map_or_else(|| crate::model::Handicap::Even.position(), |s| s.position());
    let mut pos = Position::from_model(&start);
    let mut findings = Vec::new();
    // (node, entering?, whether each king is attacked before the node's move, where
    // known): on entry the node's move is checked and made and its children are
    // pushed; on exit the move is taken back.
    // At most every node on the stack (entering) and once more (leaving).
    let mut stack: Vec<(NodeId, bool, KingsAttacked)> = Vec::with_capacity(game.tree.len() + 1);
    stack.push((game.tree.root(), true, [None, None]));
    while let Some((id, entering, mut known)) = stack.pop() {
        let Some(node) = game.tree.get(id) else {
            continue;
        };
        let mv = match node.mv {
            Some(Move::Shogi(m)) => Some(m),
            Some(_) => {
                findings.push(Finding {
                    node: id,
                    severity: Severity::Error,
                    code: "shogi::not-a-shogi-move",
                    message: "a move of another game in a shogi game".into(),
                });
                continue;
            }
            None => None,
        };
        if !entering {
            if let Some(m) = mv {
                pos.unmake(&m);
            }
            continue;
        }
        if let Some(m) = mv {
            let (verdict, made, after) = pos.check_and_make_tracked(&m, known);
            known = after;
            if let Err(why) = verdict {
                let foul_recorded = node.children().iter().any(|&c| {
                    game.tree.get(c).is_some_and(|n| {
                        n.mv.is_none()
                            && n.ending.is_some_and(|e| {
                                matches!(e.kind, EndingKind::IllegalWin | EndingKind::IllegalLoss)
                            })
                    })
                });
                // A foul the record ends the game with is part of the game as
                // played: a note of its own code, naming the rule broken.
                let (severity, code, message) = if foul_recorded {
                    (
                        Severity::Info,
                        codes::SHOGI_RECORDED_FOUL.name,
                        format!(
                            "{} ({}; the record ends the game with this foul)",
                            why.message(&m),
                            why.code()
                        ),
                    )
                } else {
                    (Severity::Error, why.code(), why.message(&m))
                };
                findings.push(Finding {
                    node: id,
                    severity,
                    code,
                    message,
                });
            }
            // A move against the rules can still be played: the rest of the line is
            // checked after it. One that cannot (no piece to move) ends it.
            if !made {
                continue;
            }
            stack.push((id, false, known));
        }
        for &child in node.children().iter().rev() {
            stack.push((child, true, known));
        }
    }
    findings.sort_by_key(|f| f.node);
    findings
}
