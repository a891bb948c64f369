//! Replays every line of a shogi game tree for validation: a [`LineCheck`] walked
//! through the tree iteratively, making each move on the way down and taking it back
//! on the way up.

use super::line_check::{is_foul, LineCheck};
use crate::model::{Game, Move, NodeId};
use crate::rules::Finding;

/// One step of the walk: entering a node (check and make its move) or leaving it
/// (take the move back).
#[derive(Clone, Copy)]
struct Step {
    id: NodeId,
    entering: bool,
}

/// Checks every move of every line of a shogi game. An illegal move is an error
/// (the line goes on after it when it can be played at all), unless the record
/// itself ends the game right after it with 反則勝ち/反則負け: then it is noted as the
/// recorded foul. A special ending is checked against the position; a move after a
/// fourfold repetition or a checkmate is a warning, once per line.
pub fn check_game(game: &Game) -> Vec<Finding> {
    let start = game
        .info
        .shogi_start
        .as_ref()
        .map_or_else(|| crate::model::Handicap::Even.position(), |s| s.position());
    let mut check = LineCheck::new(&start, game.tree.len(), true);
    // On entry the node's move is checked and made and its children are pushed; on
    // exit the move is taken back. At most every node on the stack (entering) and
    // once more (leaving).
    let mut stack: Vec<Step> = Vec::with_capacity(game.tree.len() + 1);
    stack.push(Step {
        id: game.tree.root(),
        entering: true,
    });
    // Nodes still to enter: once none is left, the moves need not be taken back.
    let mut to_enter = 1usize;
    while let Some(Step { id, entering }) = stack.pop() {
        if !entering {
            check.undo();
            continue;
        }
        to_enter -= 1;
        let Some(node) = game.tree.get(id) else {
            continue;
        };
        match node.mv {
            Some(Move::Shogi(m)) => {
                let foul_recorded = || {
                    node.children().iter().any(|&c| {
                        game.tree.get(c).is_some_and(|n| {
                            n.mv.is_none() && n.ending.is_some_and(|e| is_foul(e.kind))
                        })
                    })
                };
                if !check.play(id, &m, foul_recorded) {
                    continue;
                }
                stack.push(Step {
                    id,
                    entering: false,
                });
            }
            Some(_) => {
                check.foreign_move(id);
                continue;
            }
            None => {}
        }
        if let Some(e) = node.ending {
            check.ending(id, e);
        }
        for &child in node.children().iter().rev() {
            stack.push(Step {
                id: child,
                entering: true,
            });
        }
        to_enter += node.children().len();
        if to_enter == 0 {
            break;
        }
    }
    check.finish()
}
