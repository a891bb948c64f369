//! The rules of shogi checked move by move along one line of play, as the moves are
//! made: each illegal move, each special ending the position contradicts, and play
//! that goes on after the game ended (a fourfold repetition, a checkmate). Moves are
//! taken back to branch, so one [`LineCheck`] walks a whole game tree: the replay of
//! validation drives it from the tree ([`super::check_game`]), and a reader that
//! makes the moves as it reads (KIF, KI2) drives it from the text, so each move is
//! resolved and made once.

use super::endings::{check_claim, side, Claim, Line};
use super::legality::KingsAttacked;
use super::Position;
use crate::diag::{codes, Severity};
use crate::model::{Ending, EndingKind, NodeId, ShogiMove, ShogiPosition};
use crate::rules::Finding;

/// What the line knows before its next move.
#[derive(Debug, Clone, Copy)]
struct State {
    /// Whether each king is attacked, where known.
    known: KingsAttacked,
    /// True once a move after the end of the game has been reported on this line.
    warned: bool,
    /// How many times the current position has stood in the line.
    reps: u32,
}

impl State {
    /// The state at the start of a game.
    const START: State = State {
        known: [None, None],
        warned: false,
        reps: 1,
    };
}

/// A move made on the line, with the state before it (to take it back).
#[derive(Debug, Clone, Copy)]
struct Made {
    mv: ShogiMove,
    before: State,
}

/// One line of a shogi game, played move by move on one position, with the rules'
/// findings so far. Built to check (`rules: true`), or only to make the moves (a
/// reader that does not check: then it finds nothing and costs a make per move).
pub struct LineCheck {
    pos: Position,
    line: Line,
    state: State,
    made: Vec<Made>,
    findings: Vec<Finding>,
    /// The illegal moves found, by node, with their finding's index: a foul the
    /// record ends the game with turns its finding into a note.
    illegal: Vec<(NodeId, usize)>,
    rules: bool,
}

impl LineCheck {
    /// A line at `start`, with room for about `nodes` moves; `rules`: check them.
    pub fn new(start: &ShogiPosition, nodes: usize, rules: bool) -> LineCheck {
        let pos = Position::from_model(start);
        let mut line = Line::default();
        if rules {
            line.start(pos.hash(), nodes);
        }
        LineCheck {
            pos,
            line,
            state: State::START,
            made: Vec::with_capacity(nodes.min(1 << 16)),
            findings: Vec::new(),
            illegal: Vec::new(),
            rules,
        }
    }

    /// The position after the moves made.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position, for a look-ahead that leaves it as it was (the KI2 reader's
    /// search among the legal moves makes and takes back candidates).
    pub fn position_mut(&mut self) -> &mut Position {
        &mut self.pos
    }

    /// How many moves the line holds.
    pub fn depth(&self) -> usize {
        self.made.len()
    }

    /// The line's last move.
    pub fn last_move(&self) -> Option<&ShogiMove> {
        self.made.last().map(|m| &m.mv)
    }

    /// Checks and makes the move `m` of node `id`. `foul_recorded` says whether the
    /// record ends the game with this move as a foul (asked only when the move is
    /// illegal). Returns false when the move cannot be made at all (no piece to
    /// move): the line ends there.
    pub fn play(
        &mut self,
        id: NodeId,
        m: &ShogiMove,
        foul_recorded: impl FnOnce() -> bool,
    ) -> bool {
        self.play_move(id, m, foul_recorded, false)
    }

    /// [`LineCheck::play`] of a move resolved on this position (its structure
    /// checked by `Position::resolve_structure`), as a reader makes them: it is
    /// made, and checked against the rest of the rules.
    pub fn play_resolved(&mut self, id: NodeId, m: &ShogiMove) {
        let made = self.play_move(id, m, || false, true);
        debug_assert!(made, "a resolved move could not be made");
    }

    /// [`LineCheck::play`], told whether the move's structure is known to be sound.
    fn play_move(
        &mut self,
        id: NodeId,
        m: &ShogiMove,
        foul_recorded: impl FnOnce() -> bool,
        resolved: bool,
    ) -> bool {
        let before = self.state;
        if !self.rules {
            self.pos.make(m);
            self.made.push(Made { mv: *m, before });
            return true;
        }
        let State {
            mut known,
            mut warned,
            reps,
        } = before;
        // The game may have ended before this move: a fourfold repetition.
        let ended = if warned || reps < 4 {
            None
        } else {
            self.line.fourfold(self.pos.hash()).map(|f| {
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
        let (verdict, made, after) = if resolved {
            let (verdict, after) = self.pos.check_rules_and_make_tracked(m, known);
            (verdict, true, after)
        } else {
            self.pos.check_and_make_tracked(m, known)
        };
        known = after;
        // Or a checkmate: a move then is always illegal, so only an illegal move by a
        // side that was in check asks.
        let ended = ended.or_else(|| {
            if warned || verdict.is_ok() || !self.was_mated(m, made) {
                return None;
            }
            Some((
                "shogi::unclaimed-checkmate",
                format!("the game goes on after {} was checkmated", side(m.color)),
            ))
        });
        if let Some((code, message)) = ended {
            warned = true;
            self.findings.push(Finding {
                part: None,
                node: id,
                severity: Severity::Warning,
                code,
                message,
            });
        }
        if let Err(why) = verdict {
            self.illegal.push((id, self.findings.len()));
            self.findings.push(Finding {
                part: None,
                node: id,
                severity: Severity::Error,
                code: why.code(),
                message: why.message(m),
            });
            if foul_recorded() {
                self.foul_recorded(id);
            }
        }
        // A move against the rules can still be played: the rest of the line is
        // checked after it. One that cannot (no piece to move) ends it.
        if !made {
            return false;
        }
        let check = after[m.color.opponent().index()] == Some(true);
        let reps = self.line.enter(self.pos.hash(), m.color, check);
        self.made.push(Made { mv: *m, before });
        self.state = State {
            known,
            warned,
            reps,
        };
        true
    }

    /// Takes the last move back (to branch from an earlier move).
    pub fn undo(&mut self) -> Option<ShogiMove> {
        let Made { mv, before } = self.made.pop()?;
        if self.rules {
            self.line.leave();
        }
        self.pos.unmake(&mv);
        self.state = before;
        Some(mv)
    }

    /// Checks the special ending of node `id` (after the line's moves) against the
    /// position.
    pub fn ending(&mut self, id: NodeId, ending: Ending) {
        if !self.rules {
            return;
        }
        let claim = Claim {
            node: id,
            kind: ending.kind,
            color: ending.color,
        };
        if let Some(f) = check_claim(&claim, &mut self.pos, &self.line) {
            self.findings.push(f);
        }
    }

    /// The record ends the game after the move of node `id` with a foul
    /// (反則勝ち/反則負け): if that move was illegal, it is part of the game as played,
    /// and its error becomes a note of its own code, naming the rule broken.
    pub fn foul_recorded(&mut self, id: NodeId) {
        let Some(k) = self.illegal.iter().position(|&(node, _)| node == id) else {
            return;
        };
        let (_, index) = self.illegal.swap_remove(k);
        if let Some(f) = self.findings.get_mut(index) {
            f.severity = Severity::Info;
            f.message = format!(
                "{} ({}; the record ends the game with this foul)",
                f.message, f.code
            );
            f.code = codes::SHOGI_RECORDED_FOUL.name;
        }
    }

    /// Node `id` holds a move of another game.
    pub fn foreign_move(&mut self, id: NodeId) {
        self.findings.push(Finding {
            part: None,
            node: id,
            severity: Severity::Error,
            code: "shogi::not-a-shogi-move",
            message: "a move of another game in a shogi game".into(),
        });
    }

    /// The findings, in node order.
    pub fn finish(mut self) -> Vec<Finding> {
        self.findings.sort_by_key(|f| f.node);
        self.findings
    }

    /// True when the side that made `m` (just checked, illegal) was checkmated
    /// before it: the position before the move is looked at, and left as it was.
    fn was_mated(&mut self, m: &ShogiMove, made: bool) -> bool {
        if made {
            self.pos.unmake(m);
        }
        let mated = self.pos.to_move() == m.color && self.pos.is_checkmate();
        if made {
            self.pos.make(m);
        }
        mated
    }
}

/// True when `kind` is a foul that ends the game (反則勝ち, 反則負け).
pub fn is_foul(kind: EndingKind) -> bool {
    matches!(kind, EndingKind::IllegalWin | EndingKind::IllegalLoss)
}
