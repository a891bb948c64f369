//! Go rules over a whole game tree: occupied points, suicide (legal or not by the
//! game's `RU`, see [`RuleSet`]), simple ko, superko and long cycles (by the rule
//! set, with board hashes), moves off the board, setup stones that change nothing,
//! two moves of one colour in a row; and the recorded result against the komi
//! ([`claims`]). The walk is iterative with an undo
//! log, so neither depth nor length of the tree costs stack or position copies.

mod board;
pub mod claims;
mod ruleset;

pub use board::{Board, Cell, Illegal};
pub use ruleset::{RuleSet, Scoring, Superko};

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
    let rules = rules_of(game);
    board.allow_suicide(rules.allows_suicide());
    let mut findings = check_on(game, &mut board, rules);
    BOARD.with(|b| *b.borrow_mut() = Some(board));
    findings.extend(claims::komi_margin(game));
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

/// The key of a position for the repetition checks: the board's hash, and for
/// situational checks the player to move.
fn position_key(board: &Board, situational: bool, next: Option<Color>) -> u64 {
    const WHITE_TO_PLAY: u64 = 0x6a09_e667_f3bc_c909;
    if situational && next == Some(Color::White) {
        board.hash() ^ WHITE_TO_PLAY
    } else {
        board.hash()
    }
}

/// [`check`] on a given empty board of the game's size, under `rules`.
fn check_on(game: &Game, board: &mut Board, rules: RuleSet) -> Vec<Finding> {
    let tree = &game.tree;
    let mut findings = Vec::new();
    enum Step {
        Enter(NodeId, LineState),
        /// Back to the position where a node with several children stood, before
        /// its next child (with how many positions the line held there).
        Restore((usize, Option<(crate::model::Point, Color)>), usize),
    }
    // Positions of the line are kept only when the rule set asks about repeats.
    let superko = rules.superko();
    let tracking = superko.is_some() || rules.cycles_void();
    let situational = superko != Some(Superko::Positional);
    let mut line = crate::rules::repetition::LinePositions::default();
    if tracking {
        line.clear_for(tree.len());
    }
    let start = LineState {
        next: None,
        moves: 0,
        cycle_reported: false,
    };
    let mut steps = vec![Step::Enter(NodeId::ROOT, start)];
    // How many `Restore`s are pending: while none, nothing will need the undo log.
    let mut restores = 0usize;
    while let Some(step) = steps.pop() {
        let (mut id, mut state) = match step {
            Step::Restore(cp, len) => {
                restores -= 1;
                board.undo_to(cp);
                line.truncate(len);
                continue;
            }
            Step::Enter(id, state) => (id, state),
        };
        // Down a line of play node by node while each node has one child (most of
        // them): only the children of a branching node go on the stack.
        while let Some(node) = tree.get(id) {
            if restores == 0 {
                board.forget_history();
            }
            order(id, node, &mut state, &mut findings);
            let played = play_node(board, id, node, &mut findings);
            if tracking && (node.mv.is_some() || !node.setup.is_empty()) {
                let key = position_key(board, situational, state.next);
                let (count, first) = line.push(key, state.moves);
                if played && count > 1 {
                    if let Some(Move::Stone(m)) = node.mv {
                        let at = m.point.map(name).unwrap_or_default();
                        let after = if first == 0 {
                            "at the start".to_string()
                        } else {
                            format!("after move {first}")
                        };
                        if let Some(kind) = superko {
                            findings.push(Finding {
                                part: None,
                                node: id,
                                severity: Severity::Error,
                                code: "go::superko",
                                message: format!(
                                    "{} at {at} recreates the whole-board position {after}{}: {}, forbidden under {} rules",
                                    colour_name(m.color),
                                    if kind == Superko::Situational {
                                        " with the same player to move"
                                    } else {
                                        ""
                                    },
                                    kind.name(),
                                    rule_words(game, rules)
                                ),
                            });
                        } else if !state.cycle_reported {
                            state.cycle_reported = true;
                            findings.push(Finding {
                                part: None,
                                node: id,
                                severity: Severity::Info,
                                code: "go::triple-ko",
                                message: format!(
                                    "{} at {at} brings back the whole-board position {after} with the same player to move: a long cycle (triple ko, eternal life …); under {} rules the game may end without result (無勝負), and the record need not say so",
                                    colour_name(m.color),
                                    rule_words(game, rules)
                                ),
                            });
                        }
                    }
                }
            }
            match node.children() {
                [only] => id = *only,
                children => {
                    // Between the children of a branching node the position is
                    // restored to the one after this node.
                    let cp = board.checkpoint();
                    let len = line.len();
                    for (i, &c) in children.iter().enumerate().rev() {
                        steps.push(Step::Enter(c, state));
                        if i > 0 {
                            steps.push(Step::Restore(cp, len));
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

/// "black" or "white".
fn colour_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The rule set as messages name it: "Chinese", or "Japanese (assumed: no RU)",
/// "Japanese (assumed: RU[Foo] is not known)".
pub(crate) fn rule_words(game: &Game, rules: RuleSet) -> String {
    match game.info.rules.as_deref() {
        None => format!("{} (assumed: no RU)", rules.name()),
        Some(ru) if RuleSet::from_ru(ru).is_none() => format!(
            "{} (assumed: RU[{}] is not known)",
            rules.name(),
            crate::diag::clip(ru)
        ),
        Some(_) => rules.name().to_string(),
    }
}

/// The move-order check of one node: a move by the colour that moved last, with
/// no `PL` or setup between, is a warning. Updates whose turn it is.
///
/// Setup stones (`AB`, `AW`, `AE`) may stand for moves, so after them either colour
/// may move unless `PL` says which. A node that holds a move and setup (programs
/// write `W[mo]PL[B]`, the player after the move, and `PL[B]B[dp]`, the player of
/// the move) is explained by its setup; the opponent of its mover plays next.
fn order(
    id: NodeId,
    node: &crate::model::Node,
    state: &mut LineState,
    findings: &mut Vec<Finding>,
) {
    let setup = &node.setup;
    let Some(Move::Stone(m)) = node.mv else {
        if !setup.is_empty() {
            state.next = setup.to_play;
        }
        return;
    };
    state.moves = state.moves.saturating_add(1);
    if setup.is_empty() && state.next.is_some_and(|n| n != m.color) {
        findings.push(Finding {
            part: None,
            node: id,
            severity: Severity::Warning,
            code: "go::same-colour-twice",
            message: format!(
                "move {} is {}'s, but {} also made the move before (no PL[] or setup between)",
                state.moves,
                colour_name(m.color),
                colour_name(m.color)
            ),
        });
    }
    state.next = Some(m.color.opponent());
}

/// Plays one node's setup stones and move on `board`, noting what is wrong;
/// true when a stone was played (not a pass, not an illegal move).
fn play_node(
    board: &mut Board,
    id: NodeId,
    node: &crate::model::Node,
    findings: &mut Vec<Finding>,
) -> bool {
    // Most nodes have no setup: the three lists' walk is not even built for them.
    if !node.setup.is_empty() {
        play_setup(board, id, &node.setup, findings);
    }
    if let Some(Move::Stone(m)) = node.mv {
        match m.point {
            None => board.pass(),
            Some(p) => match board.play(p, m.color) {
                Ok(_) => return true,
                Err(e) => findings.push(illegal(id, p, m.color, e)),
            },
        }
    }
    false
}

/// Plays a node's setup (AE, then AB, then AW) on the board.
fn play_setup(
    board: &mut Board,
    id: NodeId,
    setup: &crate::model::Setup,
    findings: &mut Vec<Finding>,
) {
    for (points, cell, what) in [
        (&setup.clear, Cell::Empty, "AE"),
        (&setup.add_black, Cell::Stone(Color::Black), "AB"),
        (&setup.add_white, Cell::Stone(Color::White), "AW"),
    ] {
        for &p in points {
            match board.setup(p, cell) {
                Ok(true) => {}
                Ok(false) => findings.push(Finding {
                    part: None,
                    node: id,
                    severity: Severity::Warning,
                    code: "go::setup-no-effect",
                    message: format!("{what} at {} changes nothing", name(p)),
                }),
                Err(_) => findings.push(off_board(id, p)),
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
        part: None,
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
        part: None,
        node,
        severity: Severity::Error,
        code,
        message,
    }
}
