//! The replay behind HCPE and PSV records ([`super::game_records`]): a shogi game's
//! main line walked node by node, each move checked and made by the rules and the
//! position's encoding kept beside them move by move ([`Packer`]). The positions are
//! handed to the caller as the walk goes (no item a position, no board but the
//! encoding), and the caller codes only those it writes.

use super::eval::{eval_i16, evaluation_of};
use super::pack::Packer;
use crate::diag::{codes, Diagnostic, Span};
use crate::model::{Color, Game, Move, ShogiMove, ShogiPosition};
use crate::rules::shogi;

/// A position with a move played from it, as [`walk`] hands it on.
pub(super) struct Step<'p> {
    /// The position before the move, coded ([`Packer::bytes`]).
    pub packer: &'p Packer,
    /// The side to move.
    pub to_move: Color,
    /// The number of the move played from it, from 1.
    pub ply: u32,
    /// The move played.
    pub mv: ShogiMove,
    /// The evaluation's score from the side to move ([`eval_i16`]; 0 without one),
    /// and whether there is one.
    pub score: i16,
    pub evaluated: bool,
}

/// Walks the main line of the shogi game `game`, coded by `pack` ([`Packer::hcp`],
/// [`Packer::psfen`]), handing `each` every position with a move played from it, in
/// order, before the move is made (the last position, with no move, is not handed
/// on). Nodes without a move (the root, comments, the ending) are passed. An illegal
/// move, or a move of another family, ends the walk with its diagnostic (the
/// positions handed on before it are then the caller's to drop): the same positions
/// and diagnostics as [`super::Positions`] gives. With `legal` (its reader checked
/// every move for legality and found none illegal) the moves are only coded, not
/// made on the rules' position.
pub(super) fn walk(
    game: &Game,
    pack: fn(&ShogiPosition) -> Packer,
    legal: bool,
    mut each: impl FnMut(Step<'_>),
) -> Result<(), Diagnostic> {
    let start = game
        .info
        .shogi_start
        .as_ref()
        .map_or_else(|| crate::model::Handicap::Even.position(), |s| s.position());
    let mut packer = pack(&start);
    // The rules' position and whether each king is attacked (where known: the rules
    // then look only where the move changed something).
    let mut rules = (!legal).then(|| (shogi::Position::from_model(&start), [None, None]));
    let mut to_move = start.to_move;
    let tree = &game.tree;
    // The node the current position stands at.
    let mut at = tree.get(tree.root());
    let mut next = Some(tree.root());
    let mut ply = 1u32;
    while let Some(id) = next {
        let Some(node) = tree.get(id) else { break };
        if let Some(mv) = node.mv {
            let Move::Shogi(m) = mv else {
                return Err(Diagnostic::new(
                    codes::TRAINING_UNSUPPORTED,
                    format!("move {ply} is not a move of this game's family"),
                    Span::at(0),
                )
                .with_move(ply));
            };
            // Nodes that hold nothing but their move and times (no comment, no
            // analysis) give no evaluation: most nodes, passed without a call.
            let eval = if node.rest.is_none() && at.is_none_or(|a| a.rest.is_none()) {
                None
            } else {
                evaluation_of(at, Some(node))
            };
            each(Step {
                packer: &packer,
                to_move,
                ply,
                mv: m,
                score: eval_i16(eval.as_deref(), to_move),
                evaluated: eval.is_some(),
            });
            if let Some((pos, known)) = &mut rules {
                // Checked and made in one step, the rules told whether each king was
                // attacked before it.
                let (verdict, _, after) = pos.check_and_make_tracked(&m, *known);
                if let Err(e) = verdict {
                    return Err(
                        Diagnostic::new(e.code(), e.message(&m), Span::at(0)).with_move(ply)
                    );
                }
                *known = after;
            }
            packer.make(&m);
            to_move = to_move.opponent();
            if let Some((pos, _)) = &rules {
                debug_assert_eq!(packer.bytes(), packer.fresh(&pos.to_model()));
            }
            ply = ply.saturating_add(1);
        }
        at = Some(node);
        next = node.children().first().copied();
    }
    Ok(())
}
