//! Comments in shogi records: the lines KIF, KI2 and JKF write for a node (its
//! comment, then the CSA `'` remarks kept beside it), and the loss of a comment on the
//! start position, which no shogi format has a place for.

use crate::diag::Loss;
use crate::model::{Extras, Game};

/// Extras key of CSA `'` remarks (not `'*` comments), on the game (before the moves)
/// or on the node they follow; the other shogi formats write them as comments.
pub const REMARK_KEY: &str = "csa:'";

/// The comment lines of a node (or of the game) as KIF, KI2 and JKF write them:
/// the comment's lines, then the CSA `'` remarks kept beside it, which these
/// formats hold as comments.
pub fn comment_lines<'a>(comment: Option<&'a str>, extras: &'a Extras) -> Vec<&'a str> {
    let remarks = extras
        .get(REMARK_KEY)
        .unwrap_or(&[])
        .iter()
        .map(String::as_str);
    comment
        .into_iter()
        .flat_map(|c| c.split('\n'))
        .chain(remarks)
        .collect()
}

/// The loss of a comment on the start position, which KIF, KI2, JKF and CSA write as
/// part of the game comment (they have no other place before the first move).
pub fn root_comment_loss(game: &Game) -> Option<Loss> {
    let root = game.tree.root_node();
    let lines = comment_lines(root.comment.as_deref(), &root.extras);
    (!lines.is_empty()).then(|| {
        Loss::new(
            crate::diag::codes::LOSS_ROOT_COMMENT,
            format!(
                "the comment on the start position {} is written as part of the game comment",
                crate::diag::quote(&lines.join("\n"))
            ),
            0,
            None,
        )
    })
}
