//! Which evaluation belongs to a position, and its score as training files hold it.

use std::borrow::Cow;

use crate::formats::analysis::shogi::{parse_floodgate, parse_kif_line};
use crate::model::{Color, Convention, Evaluation, Node, NodeId, Tree};

/// The largest score a training record holds either way (dlshogi's `csa_to_hcpe.py`
/// caps scores to ±32767, the range of its `int16`).
pub const EVAL_LIMIT: i16 = 32767;

/// True for conventions in which a player's engine writes, after the move it played,
/// the search that chose it (floodgate's `'**`, KIF's `**対局`): the evaluation is of
/// the position the move was played from.
fn is_movers_search(e: &Evaluation) -> bool {
    matches!(
        e.convention,
        Some(Convention::Floodgate | Convention::KifGame)
    )
}

/// The evaluation of the position at node `at`, from which the move of node `played`
/// is played: the first evaluation of `played` when it is the mover's own search
/// (floodgate `'**` remarks, KIF `**対局` lines — read from the node's comment when the
/// reader left them there, the last such line counting, as cshogi's CSA parser does);
/// else the first evaluation of `at` that is an analysis of its position (Lizzie,
/// Sabaki, Ogatak, ShogiHome, KIF `**解析`/`**検討`).
pub fn evaluation_for(tree: &Tree, at: NodeId, played: Option<NodeId>) -> Option<Evaluation> {
    evaluation_at(tree, at, played).map(Cow::into_owned)
}

/// [`evaluation_for`], lent from the tree when the evaluation is one of a node's
/// (not read from a comment): no copy a position.
pub(super) fn evaluation_at(
    tree: &Tree,
    at: NodeId,
    played: Option<NodeId>,
) -> Option<Cow<'_, Evaluation>> {
    evaluation_of(tree.get(at), played.and_then(|id| tree.get(id)))
}

/// [`evaluation_at`] of the nodes themselves: the node the position stands at, and
/// the node of the move played from it.
pub(super) fn evaluation_of<'t>(
    at: Option<&'t Node>,
    played: Option<&'t Node>,
) -> Option<Cow<'t, Evaluation>> {
    if let Some(node) = played {
        if let Some(e) = node.analysis.first() {
            if is_movers_search(e) {
                return Some(Cow::Borrowed(e));
            }
        } else if let Some(comment) = node.comment.as_deref() {
            let lifted = comment
                .lines()
                .rev()
                .filter_map(|line| match line.as_bytes().get(1) {
                    Some(b' ') => parse_floodgate(line).ok().or_else(|| floodgate_score(line)),
                    _ if line.starts_with('*') => parse_kif_line(line).ok(),
                    _ => None,
                })
                .find(is_movers_search);
            if let Some(e) = lifted {
                return Some(Cow::Owned(e));
            }
        }
    }
    at?.analysis
        .first()
        .filter(|e| !is_movers_search(e))
        .map(Cow::Borrowed)
}

/// The score of a floodgate remark whose principal variation is not in CSA moves
/// (engines that write USI moves there: `'** 130 7g7f 8c8d`): the whole number that
/// begins its first word, as cshogi's CSA parser reads it (`std::stoi`).
fn floodgate_score(line: &str) -> Option<Evaluation> {
    let word = line.strip_prefix("* ")?.split(' ').next()?;
    let sign = usize::from(word.starts_with(['+', '-']));
    let digits = word[sign..].bytes().take_while(u8::is_ascii_digit).count();
    let score: i64 = word.get(..sign + digits)?.parse().ok()?;
    let mut e = Evaluation::in_convention(Convention::Floodgate);
    e.score = Some(score as f64);
    Some(e)
}

/// An evaluation's score from the side to move (`to_move`), rounded and capped to
/// ±[`EVAL_LIMIT`]: a mate without a score is the limit, signed for its winner; no
/// evaluation, or neither figure, is 0.
pub fn eval_i16(eval: Option<&Evaluation>, to_move: Color) -> i16 {
    let Some(e) = eval else { return 0 };
    let black = match (e.score, e.mate) {
        (Some(s), _) if s.is_finite() => s.round(),
        (_, Some(m)) if m > 0 => f64::from(EVAL_LIMIT),
        (_, Some(m)) if m < 0 => -f64::from(EVAL_LIMIT),
        _ => 0.0,
    };
    let mover = match to_move {
        Color::Black => black,
        Color::White => -black,
    };
    // Clamped into the i16 range first, so the cast is exact.
    mover.clamp(-f64::from(EVAL_LIMIT), f64::from(EVAL_LIMIT)) as i16
}
