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
use crate::diag::codes;
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
    /// Positions kept to come back to at once ([`LineCheck::keep`]), with the depth
    /// of each, deepest last.
    kept: Vec<(usize, Position)>,
    rules: bool,
    /// The moves are kept to be taken back (`made`); false for a line played
    /// forward only ([`LineCheck::forward`]).
    keeps_moves: bool,
}

impl LineCheck {
    /// A line at `start`, with room for about `nodes` moves; `rules`: check them.
    pub fn new(start: &ShogiPosition, nodes: usize, rules: bool) -> LineCheck {
        Self::from_position(Position::from_model(start), nodes, rules)
    }

    /// A line on the empty board that checks nothing: a reader's stand-in until its
    /// header gives the start (cheaper than [`LineCheck::new`] of a real position).
    pub fn unstarted() -> LineCheck {
        Self::from_position(Position::empty(), 0, false)
    }

    /// [`LineCheck::new`] at a position already built (a preset's start, copied:
    /// [`Position::of_preset`]).
    pub fn from_position(pos: Position, nodes: usize, rules: bool) -> LineCheck {
        Self::built(pos, nodes, rules, true)
    }

    /// [`LineCheck::from_position`] for a line played forward only, as a reader of
    /// one line of play (CSA) plays it: the moves are not kept to be taken back, so
    /// [`LineCheck::undo`], [`LineCheck::rewind`], [`LineCheck::keep`],
    /// [`LineCheck::depth`] and [`LineCheck::last_move`] are not for it. The same
    /// findings, for a move less to store each move.
    pub fn forward(pos: Position, nodes: usize, rules: bool) -> LineCheck {
        Self::built(pos, nodes, rules, false)
    }

    /// A line at `pos` with room for about `nodes` moves; `rules`: check them;
    /// `keeps_moves`: keep them to be taken back.
    fn built(pos: Position, nodes: usize, rules: bool, keeps_moves: bool) -> LineCheck {
        let mut line = Line::default();
        if rules {
            line.start(pos.hash(), nodes);
        }
        let made = if keeps_moves {
            Vec::with_capacity(nodes.min(1 << 16))
        } else {
            Vec::new()
        };
        LineCheck {
            pos,
            line,
            state: State::START,
            made,
            findings: Vec::new(),
            illegal: Vec::new(),
            kept: Vec::new(),
            rules,
            keeps_moves,
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

    /// How many moves the line holds (not for a line played forward only).
    pub fn depth(&self) -> usize {
        debug_assert!(self.keeps_moves, "the depth of a line played forward only");
        self.made.len()
    }

    /// The line's last move (not for a line played forward only).
    pub fn last_move(&self) -> Option<&ShogiMove> {
        debug_assert!(
            self.keeps_moves,
            "the last move of a line played forward only"
        );
        self.made.last().map(|m| &m.mv)
    }

    /// Keeps a move made, with the state before it, to take it back (not for a
    /// line played forward only).
    #[inline(always)]
    fn keep_made(&mut self, mv: &ShogiMove, before: State) {
        if self.keeps_moves {
            self.made.push(Made { mv: *mv, before });
        }
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

    /// For a line that does not check (`rules: false`): makes a move resolved on
    /// this position (as [`LineCheck::play_resolved`]) and checks it against the
    /// rules of legality alone — no repetition, no ending (a reader's check for a
    /// sink that asks only which move is the first illegal one,
    /// [`crate::formats::Sink::checks_legality`]). The move is made either way.
    pub fn play_resolved_legal(&mut self, m: &ShogiMove) -> Result<(), super::Illegal> {
        let before = self.state;
        let (verdict, after) = self.pos.check_rules_and_make_tracked(m, before.known);
        self.keep_made(m, before);
        self.state.known = after;
        verdict
    }

    /// [`LineCheck::play`], told whether the move's structure is known to be sound.
    /// The usual move (legal, in a game that goes on) takes the short way through;
    /// what is found is written out of line ([`LineCheck::ended_by_repetition`],
    /// [`LineCheck::found_illegal`]).
    #[inline(always)]
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
            self.keep_made(m, before);
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
            self.ended_by_repetition()
        };
        let (verdict, made, after) = if resolved {
            let (verdict, after) = self.pos.check_rules_and_make_tracked(m, known);
            (verdict, true, after)
        } else {
            self.pos.check_and_make_tracked(m, known)
        };
        known = after;
        if ended.is_some() || verdict.is_err() {
            warned = self.found_illegal(id, m, ended, verdict, made, warned, foul_recorded);
        }
        // A move against the rules can still be played: the rest of the line is
        // checked after it. One that cannot (no piece to move) ends it.
        if !made {
            return false;
        }
        let check = after[m.color.opponent().index()] == Some(true);
        let reps = self.line.enter(self.pos.hash(), m.color, check);
        self.keep_made(m, before);
        self.state = State {
            known,
            warned,
            reps,
        };
        true
    }

    /// The unclaimed fourfold repetition the line stands on, when it does (its
    /// position has stood four times): the code and message of its finding.
    #[cold]
    fn ended_by_repetition(&self) -> Option<(&'static codes::Code, String)> {
        self.line.fourfold(self.pos.hash()).map(|f| {
            let how = match f.perpetual {
                Some(c) => format!(
                    "連続王手の千日手, a loss for {}, who gave check with every move",
                    side(c)
                ),
                None => "千日手, a draw".to_string(),
            };
            (
                codes::SHOGI_UNCLAIMED_REPETITION,
                format!(
                    "the game goes on after the position (board, hands, side to move) stood for the fourth time: it had ended in {how}"
                ),
            )
        })
    }

    /// The findings of the move `m` of node `id` ([`LineCheck::play_move`]): the
    /// end of the game it goes on after (`ended`, or a checkmate), then the rule it
    /// breaks (`verdict`), turned into a recorded foul's note when `foul_recorded`.
    /// `made`: whether the move was made; `warned`: whether a move after the end of
    /// the game was reported on this line already. Returns the new `warned`.
    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn found_illegal(
        &mut self,
        id: NodeId,
        m: &ShogiMove,
        ended: Option<(&'static codes::Code, String)>,
        verdict: Result<(), super::Illegal>,
        made: bool,
        mut warned: bool,
        foul_recorded: impl FnOnce() -> bool,
    ) -> bool {
        // Or a checkmate: a move then is always illegal, so only an illegal move by a
        // side that was in check asks.
        let ended = ended.or_else(|| {
            if warned || verdict.is_ok() || !self.was_mated(m, made) {
                return None;
            }
            Some((
                codes::SHOGI_UNCLAIMED_CHECKMATE,
                format!("the game goes on after {} was checkmated", side(m.color)),
            ))
        });
        if let Some((code, message)) = ended {
            warned = true;
            self.findings.push(Finding {
                omitted: 0,
                part: None,
                node: id,
                code,
                message,
            });
        }
        if let Err(why) = verdict {
            self.illegal.push((id, self.findings.len()));
            self.findings.push(Finding {
                omitted: 0,
                part: None,
                node: id,
                code: why.code(),
                message: why.message(m),
            });
            if foul_recorded() {
                self.foul_recorded(id);
            }
        }
        warned
    }

    /// Takes the last move back (to branch from an earlier move).
    pub fn undo(&mut self) -> Option<ShogiMove> {
        debug_assert!(
            self.keeps_moves,
            "a move taken back on a line played forward only"
        );
        let Made { mv, before } = self.made.pop()?;
        if self.kept.last().is_some_and(|&(d, _)| d > self.made.len()) {
            self.kept.pop();
        }
        if self.rules {
            self.line.leave();
        }
        self.pos.unmake(&mv);
        self.state = before;
        Some(mv)
    }

    /// Keeps the current position, a branch point (a KIF record marks the next move
    /// `+`: it has alternatives), so that [`LineCheck::rewind`] comes back to it at
    /// once instead of taking every move back.
    pub fn keep(&mut self) {
        debug_assert!(
            self.keeps_moves,
            "a position kept on a line played forward only"
        );
        let depth = self.made.len();
        if self.kept.last().is_some_and(|&(d, _)| d == depth) {
            return;
        }
        debug_assert!(self.kept.last().is_none_or(|&(d, _)| d < depth));
        self.kept.push((depth, self.pos.clone()));
    }

    /// Takes moves back until the line holds `depth` of them: from a kept position
    /// when one stands there, else move by move.
    pub fn rewind(&mut self, depth: usize) {
        debug_assert!(self.keeps_moves, "a line played forward only rewound");
        while self.kept.last().is_some_and(|&(d, _)| d > depth) {
            self.kept.pop();
        }
        let Some((_, kept)) = self.kept.last().filter(|&&(d, _)| d == depth) else {
            while self.made.len() > depth {
                self.undo();
            }
            return;
        };
        let Some(first) = self.made.get(depth) else {
            return;
        };
        #[cfg(debug_assertions)]
        {
            let mut back = self.pos.clone();
            for m in self.made.iter().skip(depth).rev() {
                back.unmake(&m.mv);
            }
            debug_assert!(back == *kept, "a kept position is not the line's");
        }
        self.state = first.before;
        self.pos.clone_from(kept);
        if self.rules {
            self.line.truncate(depth);
        }
        self.made.truncate(depth);
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
            f.message = format!(
                "{} ({}; the record ends the game with this foul)",
                f.message, f.code.name
            );
            f.code = codes::SHOGI_RECORDED_FOUL;
        }
    }

    /// Node `id` holds a move of another game.
    pub fn foreign_move(&mut self, id: NodeId) {
        self.findings.push(Finding {
            omitted: 0,
            part: None,
            node: id,
            code: codes::SHOGI_NOT_A_SHOGI_MOVE,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Color, Handicap, PieceKind, Square};

    /// The kings stepping forward and back: the start position comes back every
    /// four moves (a fourfold repetition after sixteen).
    fn shuffle(ply: usize) -> (Color, Square, Square) {
        let (color, home, step) = match ply % 4 {
            0 => (Color::Black, (5, 9), (5, 8)),
            1 => (Color::White, (5, 1), (5, 2)),
            2 => (Color::Black, (5, 8), (5, 9)),
            _ => (Color::White, (5, 2), (5, 1)),
        };
        let sq = |(file, rank): (u8, u8)| Square { file, rank };
        (color, sq(home), sq(step))
    }

    /// Plays plies `from..to` of [`shuffle`], node ids counting from `id`.
    fn play(line: &mut LineCheck, plies: std::ops::Range<usize>, id: &mut u32) {
        for ply in plies {
            let (color, from, to) = shuffle(ply);
            let mv = line
                .position()
                .build_move(color, Some(from), to, PieceKind::King, false);
            *id += 1;
            assert!(line.play(NodeId(*id), &mv, || false));
        }
    }

    #[test]
    fn rewinding_to_a_kept_position_is_taking_every_move_back() {
        // Two walks of the same tree: the main line of 18 moves, then a variation
        // from move 7 to move 18; one comes back by a kept position, one move by
        // move. They find the same (the repetition, on both lines) and stand on
        // the same position after every step.
        let start = Handicap::Even.position();
        let mut kept = LineCheck::new(&start, 0, true);
        let mut undone = LineCheck::new(&start, 0, true);
        let (mut a, mut b) = (0, 0);
        play(&mut kept, 0..6, &mut a);
        play(&mut undone, 0..6, &mut b);
        kept.keep();
        play(&mut kept, 6..18, &mut a);
        play(&mut undone, 6..18, &mut b);
        assert_eq!(kept.position(), undone.position());
        kept.rewind(6);
        while undone.depth() > 6 {
            undone.undo();
        }
        assert_eq!(kept.depth(), 6);
        assert_eq!(kept.position(), undone.position());
        assert_eq!(kept.last_move(), undone.last_move());
        play(&mut kept, 6..18, &mut a);
        play(&mut undone, 6..18, &mut b);
        assert_eq!(kept.position(), undone.position());
        let found = kept.finish();
        let codes: Vec<(u32, &str)> = found.iter().map(|f| (f.node.0, f.code.name)).collect();
        // The start position stands a fourth time after move 12 (before plies 0,
        // 4, 8 and 12): move 13 goes on after it, on the main line (node 13) and
        // on the variation, whose moves 7–18 are nodes 19–30 (move 13: node 25).
        assert_eq!(
            codes,
            vec![
                (13, "shogi::unclaimed-repetition"),
                (25, "shogi::unclaimed-repetition")
            ]
        );
        assert_eq!(
            found.iter().map(|f| (f.node, f.code)).collect::<Vec<_>>(),
            undone
                .finish()
                .iter()
                .map(|f| (f.node, f.code))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn rewinding_past_a_kept_position_takes_the_moves_back() {
        let start = Handicap::Even.position();
        let mut line = LineCheck::new(&start, 0, true);
        let mut id = 0;
        play(&mut line, 0..3, &mut id);
        line.keep();
        play(&mut line, 3..5, &mut id);
        line.keep();
        play(&mut line, 5..7, &mut id);
        // Below both kept positions: both are dropped, the moves taken back.
        line.rewind(1);
        assert_eq!(line.depth(), 1);
        let mut fresh = LineCheck::new(&start, 0, true);
        play(&mut fresh, 0..1, &mut 0);
        assert_eq!(line.position(), fresh.position());
        // A position kept after that is the one come back to.
        play(&mut line, 1..4, &mut id);
        line.keep();
        play(&mut line, 4..9, &mut id);
        line.rewind(4);
        play(&mut fresh, 1..4, &mut 0);
        assert_eq!(line.position(), fresh.position());
        assert_eq!(line.depth(), 4);
    }
}
