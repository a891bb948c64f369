//! One walk down the lines of play of a Go game, node by node: the checks of every
//! node (move order, the move or setup on the board, repeated positions), with marks
//! to come back to a branching node before its next line. The tree walk of
//! [`super::check`] drives it over a game tree; a reader that runs the rules as it
//! reads (SGF, for `kifu validate`) drives it in source order, which is the same
//! order, without building the tree.

use super::{colour_name, illegal, name, off_board, rule_words_of, Board, Cell, RuleSet, Superko};
use crate::diag::codes;
use crate::model::{BoardSize, Color, Move, Node, NodeId, Point, Setup};
use crate::rules::repetition::LinePositions;
use crate::rules::Finding;

/// Where a line of play stands before a node, for the checks of move order and
/// repetition.
#[derive(Clone, Copy)]
struct LineState {
    /// The colour expected to move next; `None` when nothing says (the start, after
    /// setup stones without `PL`).
    next: Option<Color>,
    /// Moves played so far (passes included).
    moves: u32,
    /// True once a long cycle has been reported on this line.
    cycle_reported: bool,
}

impl LineState {
    const START: LineState = LineState {
        next: None,
        moves: 0,
        cycle_reported: false,
    };
}

/// A position of the walk to come back to: the board's, the line's and whose turn.
#[derive(Clone, Copy)]
pub struct Mark {
    board: (usize, Option<(Point, Color)>),
    line: usize,
    state: LineState,
}

/// The checks of a Go game's lines, made node by node (see the module comment).
pub struct LineWalk {
    board: Board,
    rules: RuleSet,
    superko: Option<Superko>,
    /// Whether positions of the line are kept: only when the rule set asks about
    /// repeats.
    tracking: bool,
    /// Whether the player to move is part of a position (all but positional superko).
    situational: bool,
    line: LinePositions,
    state: LineState,
    findings: crate::rules::Findings,
}

impl LineWalk {
    /// A walk on an empty board of `size` under `rules`, for a game of about `nodes`
    /// nodes (a hint: the line's table grows as needed).
    pub fn new(size: BoardSize, rules: RuleSet, nodes: usize) -> LineWalk {
        let mut walk = LineWalk {
            board: Board::new(size),
            rules,
            superko: None,
            tracking: false,
            situational: false,
            line: LinePositions::default(),
            state: LineState::START,
            findings: crate::rules::Findings::default(),
        };
        walk.restart(size, rules, nodes);
        walk
    }

    /// Makes the walk new for another game, keeping its memory.
    pub fn restart(&mut self, size: BoardSize, rules: RuleSet, nodes: usize) {
        self.board.clear(size);
        self.board.allow_suicide(rules.allows_suicide());
        self.rules = rules;
        self.superko = rules.superko();
        self.tracking = self.superko.is_some() || rules.cycles_void();
        self.situational = self.superko != Some(Superko::Positional);
        if self.tracking {
            self.line.clear_for(nodes);
        }
        self.state = LineState::START;
        self.findings.clear();
    }

    /// The position now, to come back to with [`LineWalk::back_to`].
    pub fn mark(&self) -> Mark {
        Mark {
            board: self.board.checkpoint(),
            line: self.line.len(),
            state: self.state,
        }
    }

    /// Back to a marked position of this line (one marked before the nodes walked
    /// since, with the history kept: see `keep_history`).
    pub fn back_to(&mut self, mark: Mark) {
        self.board.undo_to(mark.board);
        self.line.truncate(mark.line);
        self.state = mark.state;
    }

    /// Checks node `id` of the line and plays it; `ru` is the game's `RU` as written
    /// (for messages). `keep_history` is false when no mark of the line is still to
    /// come back to (the board then forgets its undo log). Returns the node's move
    /// number (moves of the line up to it), or `None` when it has no move.
    pub fn node(
        &mut self,
        id: NodeId,
        node: &Node,
        ru: Option<&str>,
        keep_history: bool,
    ) -> Option<u32> {
        if !keep_history {
            self.board.forget_history();
        }
        let setup = &node.setup;
        let stone = match node.mv {
            Some(Move::Stone(m)) => Some(m),
            _ => None,
        };
        match stone {
            Some(m) => self.order(id, m.color, !setup.is_empty()),
            None if !setup.is_empty() => self.state.next = setup.to_play,
            None => {}
        }
        // Most nodes have no setup: the three lists' walk is not even built for them.
        if !setup.is_empty() {
            self.play_setup(id, setup);
        }
        let played = match stone {
            Some(m) => match m.point {
                None => {
                    self.board.pass();
                    None
                }
                Some(p) => self.play(id, p, m.color).then_some((m.color, m.point)),
            },
            None => None,
        };
        if node.mv.is_some() || !setup.is_empty() {
            self.record(ru, id, played);
        }
        node.mv.map(|_| self.state.moves)
    }

    /// [`LineWalk::node`] of a node that holds only a stone move at `point` (on the
    /// board's size; no setup): the same checks, without looking at a node.
    #[inline(always)]
    pub fn stone(
        &mut self,
        id: NodeId,
        color: Color,
        point: Point,
        ru: Option<&str>,
        keep_history: bool,
    ) -> u32 {
        if !keep_history {
            self.board.forget_history();
        }
        self.order(id, color, false);
        let played = self.play(id, point, color);
        self.record(ru, id, played.then_some((color, Some(point))));
        self.state.moves
    }

    /// How many findings the walk has made so far.
    #[inline(always)]
    pub fn found(&self) -> usize {
        self.findings.len()
    }

    /// The findings of the walk so far, in node order; the walk keeps its memory.
    pub fn take_findings(&mut self) -> Vec<Finding> {
        std::mem::take(&mut self.findings).into_vec()
    }

    /// The move-order check of a move: a move by the colour that moved last, with
    /// no `PL` or setup between, is a warning. Updates whose turn it is.
    ///
    /// Setup stones (`AB`, `AW`, `AE`) may stand for moves, so after them either
    /// colour may move unless `PL` says which. A node that holds a move and setup
    /// (programs write `W[mo]PL[B]`, the player after the move, and `PL[B]B[dp]`, the
    /// player of the move) is explained by its setup; the opponent of its mover
    /// plays next.
    #[inline(always)]
    fn order(&mut self, id: NodeId, color: Color, has_setup: bool) {
        let state = &mut self.state;
        state.moves = state.moves.saturating_add(1);
        if !has_setup && state.next.is_some_and(|n| n != color) {
            self.findings.push(Finding {
                omitted: 0,
                part: None,
                node: id,
                code: codes::GO_SAME_COLOUR_TWICE,
                message: format!(
                    "move {} is {}'s, but {} also made the move before (no PL[] or setup between)",
                    state.moves,
                    colour_name(color),
                    colour_name(color)
                ),
            });
        }
        state.next = Some(color.opponent());
    }

    /// Plays a stone; true when it stood (false for an illegal move, reported).
    #[inline(always)]
    fn play(&mut self, id: NodeId, p: Point, color: Color) -> bool {
        match self.board.play(p, color) {
            Ok(_) => true,
            Err(e) => {
                self.findings.push(illegal(id, p, color, e));
                false
            }
        }
    }

    /// Plays a node's setup (AE, then AB, then AW) on the board.
    fn play_setup(&mut self, id: NodeId, setup: &Setup) {
        for (points, cell, what) in [
            (&setup.clear, Cell::Empty, "AE"),
            (&setup.add_black, Cell::Stone(Color::Black), "AB"),
            (&setup.add_white, Cell::Stone(Color::White), "AW"),
        ] {
            for &p in points {
                match self.board.setup(p, cell) {
                    Ok(true) => {}
                    Ok(false) => self.findings.push(Finding {
                        omitted: 0,
                        part: None,
                        node: id,
                        code: codes::GO_SETUP_NO_EFFECT,
                        message: format!("{what} at {} changes nothing", name(p)),
                    }),
                    Err(_) => self.findings.push(off_board(id, p)),
                }
            }
        }
    }

    /// Adds the position after a node with a move or setup to the line, when the rule
    /// set asks about repeats, and reports a stone (`played`: its colour and point)
    /// that brings back an earlier position.
    #[inline(always)]
    fn record(&mut self, ru: Option<&str>, id: NodeId, played: Option<(Color, Option<Point>)>) {
        if !self.tracking {
            return;
        }
        const WHITE_TO_PLAY: u64 = 0x6a09_e667_f3bc_c909;
        let key = if self.situational && self.state.next == Some(Color::White) {
            self.board.hash() ^ WHITE_TO_PLAY
        } else {
            self.board.hash()
        };
        let (count, first) = self.line.push(key, self.state.moves);
        if let (Some((color, point)), true) = (played, count > 1) {
            self.repeated(ru, id, color, point, first);
        }
    }

    /// Reports a stone that brings back the position of ply `first`.
    #[cold]
    fn repeated(
        &mut self,
        ru: Option<&str>,
        id: NodeId,
        color: Color,
        point: Option<Point>,
        first: u32,
    ) {
        let at = point.map(name).unwrap_or_default();
        let after = if first == 0 {
            "at the start".to_string()
        } else {
            format!("after move {first}")
        };
        if let Some(kind) = self.superko {
            self.findings.push(Finding {
                omitted: 0,
                part: None,
                node: id,
                code: codes::GO_SUPERKO,
                message: format!(
                    "{} at {at} recreates the whole-board position {after}{}: {}, forbidden under {} rules",
                    colour_name(color),
                    if kind == Superko::Situational {
                        " with the same player to move"
                    } else {
                        ""
                    },
                    kind.name(),
                    rule_words_of(ru, self.rules)
                ),
            });
        } else if !self.state.cycle_reported {
            self.state.cycle_reported = true;
            self.findings.push(Finding {
                omitted: 0,
                part: None,
                node: id,
                code: codes::GO_TRIPLE_KO,
                message: format!(
                    "{} at {at} brings back the whole-board position {after} with the same player to move: a long cycle (triple ko, eternal life …); under {} rules the game may end without result (無勝負), and the record need not say so",
                    colour_name(color),
                    rule_words_of(ru, self.rules)
                ),
            });
        }
    }
}
