//! What a Go record claims that its own information can contradict: a result whose
//! margin cannot follow from the komi.

use super::{rule_words, rules_of};
use crate::diag::codes;
use crate::model::{Color, Game, GameResult, NodeId, WinReason};
use crate::rules::Finding;

/// True when `x` is a whole number (within rounding of the decimal text).
fn whole(x: f64) -> bool {
    (x - x.round()).abs() < 1e-6
}

/// A warning when the recorded margin cannot follow from the komi: the difference
/// of the two counts is a whole number under territory and area scoring alike, so
/// black's margin plus the komi (white's margin minus the komi) must be whole — a
/// half-point komi needs a half-point margin, a whole komi a whole one, and a draw
/// a whole komi. Under Chinese rules a margin may be given in stones (子, half
/// the points), so twice it is held to the same test as well.
pub fn komi_margin(game: &Game) -> Option<Finding> {
    let komi = game.info.komi?;
    let result = game.info.result.as_ref()?;
    if !komi.is_finite() {
        return None;
    }
    let rules = rules_of(game);
    // The words are made only for a margin that does not fit (few games).
    let (said, need) = match result {
        GameResult::Win {
            winner,
            reason: WinReason::Score(m),
        } => {
            if !m.is_finite() {
                return None;
            }
            let (signed, side, who) = match winner {
                Color::Black => (komi, 'B', "black"),
                Color::White => (-komi, 'W', "white"),
            };
            if whole(m + signed) || (rules.counts_stones() && whole(2.0 * m + signed)) {
                return None;
            }
            let fraction = (-signed).rem_euclid(1.0);
            let need = if whole(fraction) {
                format!("{who}'s margin must be a whole number")
            } else {
                let digits = format!("{fraction}");
                let digits = digits.split_once('.').map_or("0", |(_, d)| d);
                format!("{who}'s margin must end in .{digits}")
            };
            (format!("RE[{side}+{m}]"), need)
        }
        GameResult::Draw if whole(komi) => return None,
        GameResult::Draw => (
            "a draw (RE[0])".to_string(),
            "a draw needs a whole komi".to_string(),
        ),
        _ => return None,
    };
    Some(Finding {
        omitted: 0,
        part: None,
        node: NodeId::ROOT,
        code: codes::GO_KOMI_MARGIN,
        message: format!(
            "{said} cannot follow from KM[{komi}]: the counts differ by a whole number, so {need} (rules: {}, {})",
            rule_words(game, rules),
            rules.scoring().name()
        ),
    })
}
