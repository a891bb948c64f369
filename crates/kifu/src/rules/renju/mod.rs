//! Gomoku and renju: five in a row, and black's forbidden moves under the rule of the
//! game. See `docs/rules-renju.md`.
//!
//! - `seed`: the omok seed's rule, by 위상 (`seed`);
//! - `renju`: RIF renju, with the recursive definition of a real three ([`rif`]);
//! - `gomoku`: exactly five wins, nothing forbidden;
//! - `freestyle`: five or more wins, nothing forbidden.
//!
//! [`check`] walks the whole tree (iteratively) and reports, tied to nodes: forbidden
//! moves, moves after the end, a first move off the centre, colours that do not
//! alternate, stones on taken or off-board points. [`judge`] tells how the main line
//! ended, and [`result_line`] says it for `kifu info`.

mod board;
mod outcome;
mod referee;
mod replay;
pub mod rif;
pub(crate) mod seed;

pub use board::{Board, DIRECTIONS};
pub use outcome::{judge, result_line, Outcome};
pub use referee::{Checked, Verdict};
pub use replay::End;

use crate::diag::codes;
use crate::model::{
    BoardSize, Collection, Game, GameKind, GameResult, GomokuRule, NodeId, WinReason,
};
use replay::{Change, LineState, Replay};

use super::Finding;

/// A move black may not make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Forbidden {
    /// Two threes at once (3-3).
    DoubleThree,
    /// Two fours at once (4-4), two on one line included.
    DoubleFour,
    /// Six or more in a row (장목).
    Overline,
}

impl Forbidden {
    /// The diagnostic code: `renju::double-three`, `renju::double-four`, `renju::overline`.
    pub fn code(self) -> &'static codes::Code {
        match self {
            Forbidden::DoubleThree => codes::RENJU_DOUBLE_THREE,
            Forbidden::DoubleFour => codes::RENJU_DOUBLE_FOUR,
            Forbidden::Overline => codes::RENJU_OVERLINE,
        }
    }

    /// The name in messages: "double-three (3-3)", …
    pub fn name(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "double-three (3-3)",
            Forbidden::DoubleFour => "double-four (4-4)",
            Forbidden::Overline => "overline (장목)",
        }
    }
}

/// The rule names `--rule` accepts.
pub const RULE_NAMES: [&str; 4] = ["seed", "renju", "gomoku", "freestyle"];

/// The rule for a `--rule` value: one of [`RULE_NAMES`] (case-insensitive).
pub fn parse_rule(name: &str) -> Result<GomokuRule, String> {
    match GomokuRule::from_name(name) {
        GomokuRule::Other(_) => Err(format!(
            "unknown rule {name:?}; kifu checks: {}",
            RULE_NAMES.join(", ")
        )),
        rule => Ok(rule),
    }
}

/// Puts every gomoku game of `collection` under `rule` (what `--rule` does before
/// validating, converting or summarising); returns how many games it changed.
pub fn set_rule(collection: &mut Collection, rule: &GomokuRule) -> usize {
    let mut changed = 0;
    for game in &mut collection.games {
        changed += usize::from(set_game_rule(game, rule));
    }
    changed
}

/// Puts one gomoku game under `rule` (see [`set_rule`]); true when that changed it.
pub fn set_game_rule(game: &mut Game, rule: &GomokuRule) -> bool {
    let GameKind::Gomoku { rule: r, .. } = &mut game.kind else {
        return false;
    };
    if r == rule {
        return false;
    }
    *r = rule.clone();
    // A rule text kept from the record (SGF RU[]) follows, so that a writer does not
    // write the old rule back.
    if game.info.rules.is_some() {
        game.info.rules = Some(rule.name().to_string());
    }
    true
}

/// The board and rule of a gomoku game, if it is one.
fn setting(game: &Game) -> Option<(BoardSize, &GomokuRule)> {
    match &game.kind {
        GameKind::Gomoku { size, rule } if size.is_valid() => Some((*size, rule)),
        _ => None,
    }
}

/// Checks every line of play of a gomoku game under its rule.
pub fn check(game: &Game) -> Vec<Finding> {
    let Some((size, rule)) = setting(game) else {
        return Vec::new();
    };
    let mut findings = crate::rules::Findings::default();
    if let GomokuRule::Other(name) = rule {
        findings.push(Finding {
            omitted: 0,
            part: None,
            node: NodeId::ROOT,
            code: codes::RENJU_UNKNOWN_RULE,
            message: format!(
                "kifu does not know the rule {name:?}: it was checked as freestyle (five or more wins, nothing forbidden)"
            ),
        });
    }
    let mut replay = Replay::new(size, Checked::of(rule));
    enum Step {
        Enter(NodeId, LineState),
        Leave(Vec<Change>),
    }
    let mut stack = vec![Step::Enter(NodeId::ROOT, LineState::start())];
    while let Some(step) = stack.pop() {
        match step {
            Step::Leave(changes) => replay.undo(&changes),
            Step::Enter(id, state) => {
                let Some(node) = game.tree.get(id) else {
                    continue;
                };
                let (after, issues, changes) = replay.apply(node, state);
                findings.extend(issues.into_iter().map(|i| Finding {
                    omitted: 0,
                    part: None,
                    node: id,
                    code: i.code,
                    message: i.message,
                }));
                stack.push(Step::Leave(changes));
                stack.extend(node.children().iter().rev().map(|&c| Step::Enter(c, after)));
            }
        }
    }
    if let Some(finding) = false_result(game) {
        findings.push(finding);
    }
    findings.into_vec()
}

/// An error when the record's result contradicts the main line as [`judge`] (the
/// result `kifu info` prints) sees it: a win for the side that did not win (after a
/// five, or after black's forbidden move), a win by five or by points for a side
/// with no five when nobody resigned, ran out of time or forfeited, a draw after a
/// five.
fn false_result(game: &Game) -> Option<Finding> {
    let result = game.info.result.as_ref()?;
    let outcome = judge(game)?;
    let message = match (result, outcome) {
        (GameResult::Win { winner, .. }, Outcome::Win(end)) if end.winner() != *winner => {
            format!(
                "the record says {} won, but {}",
                replay::side(*winner),
                end.describe()
            )
        }
        (
            GameResult::Win {
                winner,
                reason: WinReason::Unspecified | WinReason::Score(_),
            },
            Outcome::Draw { .. } | Outcome::Unfinished { .. },
        ) => format!(
            "the record says {} won, but it has no five and no resignation, time loss or foul is recorded: {}",
            replay::side(*winner),
            outcome.describe()
        ),
        (GameResult::Draw, Outcome::Win(end)) => {
            format!("the record says the game was drawn, but {}", end.describe())
        }
        _ => return None,
    };
    Some(Finding {
        omitted: 0,
        part: None,
        node: NodeId::ROOT,
        code: codes::RENJU_FALSE_RESULT,
        message,
    })
}

#[cfg(test)]
mod tests;
