//! Go rules over a whole game tree: occupied points, suicide (legal or not by the
//! game's `RU`, see [`RuleSet`]), simple ko, moves off the board, setup stones that
//! change nothing. The walk is iterative with an undo
//! log, so neither depth nor length of the tree costs stack or position copies.

mod board;
mod ruleset;

pub use board::{Board, Cell, Illegal};
pub use ruleset::RuleSet;

use super::Finding;
use crate::diag::Severity;
use crate::model::{Color, Game, Move, NodeId};

/// Checks every line of play of a Go game.
pub fn check(game: &Game) -> Vec<Finding> {
    let Some(size) = game.kind.board_size() else {
        return Vec::new();
    };
    thread_local! {
        /// One board per thread, cleared for each game (see [`Board::clear`]).
        static BOARD: std::cell::RefCell<Option<Board>> = const { std::cell::RefCell::new(None) };
    }
    let mut board = BOARD.with(|b| b.borrow_mut().take()).map_or_else(
        || Board::new(size),
        |mut b| {
            b.clear(size);
            b
        },
    );
    board.allow_suicide(rules_of(game).allows_suicide());
    let findings = check_on(game, &mut board);
    BOARD.with(|b| *b.borrow_mut() = Some(board));
    findings
}

/// The rule set a Go game is checked by: the one its `RU` names, else
/// [`RuleSet::ASSUMED`].
pub fn rules_of(game: &Game) -> RuleSet {
    game.info
        .rules
        .as_deref()
        .and_then(RuleSet::from_ru)
        .unwrap_or(RuleSet::ASSUMED)
}

/// [`check`] on a given empty board of the game's size.
fn check_on(game: &Game, board: &mut Board) -> Vec<Finding> {
    let tree = &game.tree;
    let mut findings = Vec::new();
    enum Step {
        Enter(NodeId),
        /// Back to the position where a node with several children stood, before
        /// its next child.
        Restore((usize, Option<(crate::model::Point, Color)>)),
    }
    let mut steps = vec![Step::Enter(NodeId::ROOT)];
    // How many `Restore`s are pending: while none, nothing will need the undo log.
    let mut restores = 0usize;
    while let Some(step) = steps.pop() {
        let mut id = match step {
            Step::Restore(cp) => {
                restores -= 1;
                board.undo_to(cp);
                continue;
            }
            Step::Enter(id) => id,
        };
        // Down a line of play node by node while each node has one child (most of
        // them): only the children of a branching node go on the stack.
        while let Some(node) = tree.get(id) {
            if restores == 0 {
                board.forget_history();
            }
            play_node(board, id, node, &mut findings);
            match node.children() {
                [only] => id = *only,
                children => {
                    // Between the children of a branching node the position is
                    // restored to the one after this node.
                    let cp = board.checkpoint();
                    for (i, &c) in children.iter().enumerate().rev() {
                        steps.push(Step::Enter(c));
                        if i > 0 {
                            steps.push(Step::Restore(cp));
                            restores += 1;
                        }
                    }
                    break;
                }
            }
        }
    }
    findings
}

/// Plays one node's setup stones and move on `board`, noting what is wrong.
fn play_node(
    board: &mut Board,
    id: NodeId,
    node: &crate::model::Node,
    findings: &mut Vec<Finding>,
) {
    let setup = &node.setup;
    // Most nodes have no setup: skip building the three lists' walk for them.
    let lists = if setup.is_empty() { 0 } else { 3 };
    for (points, cell, what) in [
        (&setup.clear, Cell::Empty, "AE"),
        (&setup.add_black, Cell::Stone(Color::Black), "AB"),
        (&setup.add_white, Cell::Stone(Color::White), "AW"),
    ]
    .into_iter()
    .take(lists)
    {
        for &p in points {
            match board.setup(p, cell) {
                Ok(true) => {}
                Ok(false) => findings.push(Finding {
                    node: id,
                    severity: Severity::Warning,
                    code: "go::setup-no-effect",
                    message: format!("{what} at {} changes nothing", name(p)),
                }),
                Err(_) => findings.push(off_board(id, p)),
            }
        }
    }
    if let Some(Move::Stone(m)) = node.mv {
        match m.point {
            None => board.pass(),
            Some(p) => {
                if let Err(e) = board.play(p, m.color) {
                    findings.push(illegal(id, p, m.color, e));
                }
            }
        }
    }
}

/// A point as SGF letters, for messages.
fn name(p: crate::model::Point) -> String {
    let c = |v: u8| match v {
        0..=25 => char::from(b'a' + v),
        _ => char::from(b'A' + (v - 26).min(25)),
    };
    format!("{}{}", c(p.x), c(p.y))
}

fn off_board(node: NodeId, p: crate::model::Point) -> Finding {
    Finding {
        node,
        severity: Severity::Error,
        code: "go::off-board",
        message: format!("point {} is off the board", name(p)),
    }
}

fn illegal(node: NodeId, p: crate::model::Point, color: Color, e: Illegal) -> Finding {
    let who = if color == Color::Black {
        "black"
    } else {
        "white"
    };
    let (code, message) = match e {
        Illegal::OffBoard => return off_board(node, p),
        Illegal::Occupied(c) => (
            "go::occupied",
            format!(
                "{who} plays at {}, where a {} stone stands",
                name(p),
                if c == Color::Black { "black" } else { "white" }
            ),
        ),
        Illegal::Suicide => (
            "go::suicide",
            format!(
                "{who} at {} would leave its own group without liberties (suicide)",
                name(p)
            ),
        ),
        Illegal::Ko => (
            "go::ko",
            format!("{who} at {} retakes the ko at once", name(p)),
        ),
    };
    Finding {
        node,
        severity: Severity::Error,
        code,
        message,
    }
}
