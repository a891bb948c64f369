//! Replays every line of a shogi game tree (iteratively, making and unmaking moves
//! on one position) and reports each illegal move as a finding, each special ending
//! the position contradicts, and play that goes on after the game ended (a fourfold
//! repetition, a checkmate).

use super::endings::{check_claim, side, Claim, Line};
use super::legality::KingsAttacked;
use super::Position;
use crate::diag::{codes, Severity};
use crate::model::{EndingKind, Game, Move, NodeId};
use crate::rules::Finding;

/// One step of the walk.
#[derive(Clone, Copy)]
struct Step {
    id: NodeId,
    /// Entering the node (check and make its move), or leaving it (take it back).
    entering: bool,
    /// Whether each king is attacked before the node's move, where known.
    known: KingsAttacked,
    /// True once a move after the end of the game has been reported on this line.
    warned: bool,
    /// How many times the position before the node's move has stood in the line.
    reps: u32,
}

/// Checks every move of every line of a shogi game. An illegal move is an error
/// (the line goes on after it when it can be played at all), unless the record itself ends the game right
/// after it with 反則勝ち/反則負け: then it is noted as the recorded foul. A special
/// ending is checked against the position (`endings::check_claim`); a move after a
/// fourfold repetition or a checkmate is a warning, once per line.
pub fn check_game(game: &Game) -> Vec<Finding> {
    let start = game
        .info
        .shogi_start
        .as_ref()
        .map_or_else(|| crate::model::Handicap::Even.position(), |s| s.position());
    let mut pos = Position::from_model(&start);
    let mut line = Line::default();
    line.start(pos.hash(), game.tree.len());
    let mut findings = Vec::new();
    // On entry the node's move is checked and made and its children are pushed; on
    // exit the move is taken back. At most every node on the stack (entering) and
    // once more (leaving).
    let mut stack: Vec<Step> = Vec::with_capacity(game.tree.len() + 1);
    stack.push(Step {
        id: game.tree.root(),
        entering: true,
        known: [None, None],
        warned: false,
        reps: 1,
    });
    while let Some(Step {
        id,
        entering,
        mut known,
        mut warned,
        mut reps,
    }) = stack.pop()
    {
        let Some(node) = game.tree.get(id) else {
            continue;
        };
        let mv = match node.mv {
            Some(Move::Shogi(m)) => Some(m),
            Some(_) => {
                findings.push(Finding {
                    part: None,
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
                line.leave();
                pos.unmake(&m);
            }
            continue;
        }
        if let Some(m) = mv {
            // The game may have ended before this move: a fourfold repetition.
            let ended = if warned || reps < 4 {
                None
            } else {
                line.fourfold(pos.hash()).map(|f| {
                    let how = match f.perpetual {
                        Some(c) => format!(
                            "連続王手の千日手, a loss for {}, who gave check with every move",
                            side(c)
                        ),
                        None => "千日手, a draw".to_string(),
                    };
                    (
                        "shogi::unclaimed-repetition",
                        format!(
                            "the game goes on after the position (board, hands, side to move) stood for the fourth time: it had ended in {how}"
                        ),
                    )
                })
            };
            let (verdict, made, after) = pos.check_and_make_tracked(&m, known);
            known = after;
            // Or a checkmate: a move then is always illegal, so only an illegal move
            // by a side that was in check asks.
            let ended = ended.or_else(|| {
                if warned || verdict.is_ok() || !pos_was_mated(&mut pos, &m, made) {
                    return None;
                }
                Some((
                    "shogi::unclaimed-checkmate",
                    format!("the game goes on after {} was checkmated", side(m.color)),
                ))
            });
            if let Some((code, message)) = ended {
                warned = true;
                findings.push(Finding {
                    part: None,
                    node: id,
                    severity: Severity::Warning,
                    code,
                    message,
                });
            }
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
                    part: None,
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
            let check = after[m.color.opponent().index()] == Some(true);
            reps = line.enter(pos.hash(), m.color, check);
            stack.push(Step {
                id,
                entering: false,
                known,
                warned,
                reps,
            });
        }
        if let Some(e) = node.ending {
            let claim = Claim {
                node: id,
                kind: e.kind,
                color: e.color,
            };
            if let Some(f) = check_claim(&claim, &mut pos, &line) {
                findings.push(f);
            }
        }
        for &child in node.children().iter().rev() {
            stack.push(Step {
                id: child,
                entering: true,
                known,
                warned,
                reps,
            });
        }
    }
    findings.sort_by_key(|f| f.node);
    findings
}

/// True when the side that made `m` (just checked, illegal) was checkmated before it:
/// the position before the move is looked at, and left as it was.
fn pos_was_mated(pos: &mut Position, m: &crate::model::ShogiMove, made: bool) -> bool {
    if made {
        pos.unmake(m);
    }
    let mated = pos.to_move() == m.color && pos.is_checkmate();
    if made {
        pos.make(m);
    }
    mated
}
