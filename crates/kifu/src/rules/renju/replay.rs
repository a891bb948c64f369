//! Replaying one line of play: each node's setup and move applied to the board under
//! the rule, with what went wrong. Shared by the whole-tree check and the judgement
//! of the main line.

use super::board::Board;
use super::referee::{self, Checked, Verdict};
use super::Forbidden;
use crate::diag::codes;
use crate::model::{BoardSize, Color, Move, Node};

/// How a line of play ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// `winner` made five with move `move_number`.
    Five {
        /// Who made five.
        winner: Color,
        /// The 1-based number of the move.
        move_number: u32,
    },
    /// Black's move `move_number` was forbidden: white wins.
    Forbidden {
        /// The 1-based number of the move.
        move_number: u32,
        /// What it was.
        kind: Forbidden,
    },
}

impl End {
    /// The side that won.
    pub fn winner(self) -> Color {
        match self {
            End::Five { winner, .. } => winner,
            End::Forbidden { .. } => Color::White,
        }
    }

    /// The 1-based number of the move that ended the game.
    pub fn move_number(self) -> u32 {
        match self {
            End::Five { move_number, .. } | End::Forbidden { move_number, .. } => move_number,
        }
    }

    /// "black made five at move 9", "black's move 9 was a forbidden double-three".
    pub fn describe(self) -> String {
        match self {
            End::Five {
                winner,
                move_number,
            } => format!("{} made five at move {move_number}", side(winner)),
            End::Forbidden { move_number, kind } => {
                format!("black's move {move_number} was a forbidden {}", kind.name())
            }
        }
    }
}

/// Where a line of play stands before a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineState {
    /// Whose turn it is.
    pub next: Color,
    /// Moves played so far (passes included).
    pub moves: u32,
    /// Stones on the board.
    pub stones: u32,
    /// How the game ended, if it did.
    pub end: Option<End>,
    /// True once a move after the end has been reported on this line.
    pub after_end_reported: bool,
}

impl LineState {
    /// The state at the start: black to play, nothing played.
    pub fn start() -> LineState {
        LineState {
            next: Color::Black,
            moves: 0,
            stones: 0,
            end: None,
            after_end_reported: false,
        }
    }
}

/// A problem with one node's move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    /// `renju::…`.
    pub code: &'static codes::Code,
    /// What is wrong.
    pub message: String,
}

impl Issue {
    fn new(code: &'static codes::Code, message: String) -> Issue {
        Issue { code, message }
    }
}

/// A cell changed by a node, with what stood there before (to undo it).
pub type Change = (i32, i32, Option<Color>);

/// The board, the rule and the board's centre, for replaying lines.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The stones.
    pub board: Board,
    rule: Checked,
    size: BoardSize,
}

impl Replay {
    /// An empty board of `size` under `rule`.
    pub fn new(size: BoardSize, rule: Checked) -> Replay {
        Replay {
            board: Board::new(size),
            rule,
            size,
        }
    }

    /// The centre point, when both sides are odd.
    fn centre(&self) -> Option<(u8, u8)> {
        let (w, h) = (self.size.width, self.size.height);
        (w % 2 == 1 && h % 2 == 1).then_some((w / 2, h / 2))
    }

    /// Applies `node` (setup, then move) to the board. Returns the state after it,
    /// the problems found, and the cells changed (to undo).
    pub fn apply(&mut self, node: &Node, state: LineState) -> (LineState, Vec<Issue>, Vec<Change>) {
        let mut state = state;
        let mut issues = Vec::new();
        let mut changes = Vec::new();
        let setup = &node.setup;
        let placements = setup
            .clear
            .iter()
            .map(|p| (p, None))
            .chain(setup.add_black.iter().map(|p| (p, Some(Color::Black))))
            .chain(setup.add_white.iter().map(|p| (p, Some(Color::White))));
        for (p, stone) in placements {
            let (x, y) = (i32::from(p.x), i32::from(p.y));
            if self.board.on_board(x, y) {
                let before = self.board.set(x, y, stone);
                changes.push((x, y, before));
                match (before.is_some(), stone.is_some()) {
                    (false, true) => state.stones = state.stones.saturating_add(1),
                    (true, false) => state.stones = state.stones.saturating_sub(1),
                    _ => {}
                }
            }
        }
        if let Some(c) = setup.to_play {
            state.next = c;
        }
        let Some(Move::Stone(mv)) = node.mv else {
            return (state, issues, changes);
        };
        state.moves = state.moves.saturating_add(1);
        let n = state.moves;
        if mv.color != state.next {
            issues.push(Issue::new(
                codes::RENJU_NOT_ALTERNATING,
                format!(
                    "move {n} is {}'s, but it is {}'s turn",
                    side(mv.color),
                    side(state.next)
                ),
            ));
        }
        state.next = mv.color.opponent();
        if let Some(end) = state.end {
            if !state.after_end_reported {
                state.after_end_reported = true;
                issues.push(Issue::new(
                    codes::RENJU_AFTER_END,
                    format!(
                        "move {n} comes after the end of the game: {}",
                        end.describe()
                    ),
                ));
            }
        }
        let Some(p) = mv.point else {
            return (state, issues, changes);
        };
        let (x, y) = (i32::from(p.x), i32::from(p.y));
        if !self.board.on_board(x, y) {
            issues.push(Issue::new(
                codes::RENJU_OFF_BOARD,
                format!(
                    "move {n} at ({}, {}) is off the {} board",
                    p.x, p.y, self.size
                ),
            ));
            return (state, issues, changes);
        }
        if let Some(c) = self.board.get(x, y) {
            issues.push(Issue::new(
                codes::RENJU_OCCUPIED,
                format!(
                    "move {n} at ({}, {}) is on a point that already holds a {} stone",
                    p.x,
                    p.y,
                    side(c)
                ),
            ));
            return (state, issues, changes);
        }
        if n == 1 && self.rule.centre_opening() && state.stones == 0 {
            if let Some((cx, cy)) = self.centre().filter(|&c| c != (p.x, p.y)) {
                issues.push(Issue::new(
                    codes::RENJU_OFF_CENTRE,
                    format!(
                        "the first move is at ({}, {}), not on the centre ({cx}, {cy})",
                        p.x, p.y
                    ),
                ));
            }
        }
        if state.end.is_none() {
            let (verdict, undecided) = referee::judge(&mut self.board, self.rule, mv.color, x, y);
            if undecided {
                issues.push(Issue {
                    code: codes::RENJU_UNDECIDED,
                    message: format!(
                        "move {n} at ({}, {}): the search for real threes reached its limit; undecided points were taken as allowed",
                        p.x, p.y
                    ),
                });
            }
            match verdict {
                Verdict::Plain => {}
                Verdict::Five => {
                    state.end = Some(End::Five {
                        winner: mv.color,
                        move_number: n,
                    })
                }
                Verdict::Forbidden(kind) => {
                    issues.push(Issue::new(
                        kind.code(),
                        format!(
                            "black's move {n} at ({}, {}) is a forbidden {} under the {} rule",
                            p.x,
                            p.y,
                            kind.name(),
                            self.rule_name()
                        ),
                    ));
                    state.end = Some(End::Forbidden {
                        move_number: n,
                        kind,
                    });
                }
            }
        }
        let before = self.board.set(x, y, Some(mv.color));
        changes.push((x, y, before));
        state.stones = state.stones.saturating_add(1);
        (state, issues, changes)
    }

    /// Undoes the changes of one node, last first.
    pub fn undo(&mut self, changes: &[Change]) {
        for &(x, y, before) in changes.iter().rev() {
            self.board.set(x, y, before);
        }
    }

    fn rule_name(&self) -> &'static str {
        match self.rule {
            Checked::Seed => "seed",
            Checked::Renju => "renju",
            Checked::Gomoku => "gomoku",
            Checked::Freestyle => "freestyle",
        }
    }
}

/// "black" or "white".
pub fn side(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}
