//! Go rules over a whole game tree: occupied points, suicide (legal or not by the
//! game's `RU`, see [`RuleSet`]), simple ko, superko and long cycles (by the rule
//! set, with board hashes), moves off the board, setup stones that change nothing,
//! two moves of one colour in a row; and the recorded result against the komi
//! (`claims`). The walk is iterative with an undo
//! log, so neither depth nor length of the tree costs stack or position copies.

mod board;
pub(crate) mod claims;
mod ruleset;
mod walk;

pub use board::{Board, Cell, Illegal};
pub use ruleset::{RuleSet, Scoring, Superko};
pub use walk::{LineWalk, Mark};

use super::Finding;
use crate::diag::codes;
use crate::model::{Color, Game, NodeId};

/// Checks every line of play of a Go game.
pub fn check(game: &Game) -> Vec<Finding> {
    let Some(size) = game.kind.board_size() else {
        return Vec::new();
    };
    thread_local! {
        /// One walk (and board) per thread, made new for each game (see
        /// [`LineWalk::restart`]).
        static WALK: std::cell::RefCell<Option<LineWalk>> = const { std::cell::RefCell::new(None) };
    }
    let rules = rules_of(game);
    let nodes = game.tree.len();
    let mut walk = WALK.with(|w| w.borrow_mut().take()).map_or_else(
        || LineWalk::new(size, rules, nodes),
        |mut w| {
            w.restart(size, rules, nodes);
            w
        },
    );
    let mut findings = check_on(game, &mut walk);
    WALK.with(|w| *w.borrow_mut() = Some(walk));
    findings.extend(claims::komi_margin(game));
    findings
}

/// The rule set a Go game is checked by: the one its `RU` names, else
/// [`RuleSet::ASSUMED`].
pub fn rules_of(game: &Game) -> RuleSet {
    rules_of_ru(game.info.rules.as_deref())
}

/// The rule set an `RU` value (or none) has a game checked by: see [`rules_of`].
pub fn rules_of_ru(ru: Option<&str>) -> RuleSet {
    ru.and_then(RuleSet::from_ru).unwrap_or(RuleSet::ASSUMED)
}

/// Walks every line of a game's tree with `walk` (made new for the game), depth
/// first: the lines below a node with several children start from the position after
/// it, each in turn.
fn check_on(game: &Game, walk: &mut LineWalk) -> Vec<Finding> {
    let tree = &game.tree;
    let ru = game.info.rules.as_deref();
    enum Step {
        Enter(NodeId),
        /// Back to the position where a node with several children stood, before
        /// its next child.
        Restore(Mark),
    }
    let mut steps = vec![Step::Enter(NodeId::ROOT)];
    // How many `Restore`s are pending: while none, nothing will need the undo log.
    let mut restores = 0usize;
    while let Some(step) = steps.pop() {
        let mut id = match step {
            Step::Restore(mark) => {
                restores -= 1;
                walk.back_to(mark);
                continue;
            }
            Step::Enter(id) => id,
        };
        // Down a line of play node by node while each node has one child (most of
        // them): only the children of a branching node go on the stack.
        while let Some(node) = tree.get(id) {
            walk.node(id, node, ru, restores > 0);
            match node.children() {
                [only] => id = *only,
                children => {
                    let mark = walk.mark();
                    for (i, &c) in children.iter().enumerate().rev() {
                        steps.push(Step::Enter(c));
                        if i > 0 {
                            steps.push(Step::Restore(mark));
                            restores += 1;
                        }
                    }
                    break;
                }
            }
        }
    }
    walk.take_findings()
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
    rule_words_of(game.info.rules.as_deref(), rules)
}

/// [`rule_words`] of a game whose `RU` is `ru`.
fn rule_words_of(ru: Option<&str>, rules: RuleSet) -> String {
    match ru {
        None => format!("{} (assumed: no RU)", rules.name()),
        Some(ru) if RuleSet::from_ru(ru).is_none() => format!(
            "{} (assumed: RU[{}] is not known)",
            rules.name(),
            crate::diag::clip(ru)
        ),
        Some(_) => rules.name().to_string(),
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
        omitted: 0,
        part: None,
        node,
        code: codes::GO_OFF_BOARD,
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
            codes::GO_OCCUPIED,
            format!(
                "{who} plays at {}, where a {} stone stands",
                name(p),
                if c == Color::Black { "black" } else { "white" }
            ),
        ),
        Illegal::Suicide => (
            codes::GO_SUICIDE,
            format!(
                "{who} at {} would leave its own group without liberties (suicide)",
                name(p)
            ),
        ),
        Illegal::Ko => (
            codes::GO_KO,
            format!("{who} at {} retakes the ko at once", name(p)),
        ),
    };
    Finding {
        omitted: 0,
        part: None,
        node,
        code,
        message,
    }
}
