//! KI2 moves inside the shared KIF/KI2 reader: tokens resolved among the legal moves
//! with the JSA relative words, and the end of the game from the `まで` line.

use super::read::KifReader;
use crate::diag::{codes, Diagnostic};
use crate::model::Color;
use crate::rules::shogi::square_name;

impl KifReader<'_> {
    pub(super) fn ki2_line(&mut self, t: &str, at: usize) {
        for (off, token) in super::ki2line::tokens(t) {
            if self.skipping {
                return;
            }
            let span = self.span(at + off, token.len());
            let number = self.play.depth() as u32 + 1;
            let fail = |this: &mut Self, code: &'static codes::Code, msg: String| {
                this.diags
                    .push(Diagnostic::new(code, msg, span).with_move(number));
                this.skipping = true;
            };
            if self.ended {
                fail(
                    self,
                    codes::KIF_MOVE_AFTER_END,
                    "a move after the end of the game (start a variation with 変化：N手)".into(),
                );
                return;
            }
            let m = match super::ki2line::parse_token(token) {
                Ok(m) => m,
                Err(msg) => return fail(self, codes::KI2_BAD_MOVE, msg),
            };
            if m.color != self.play.position().to_move() {
                let msg = format!(
                    "{} is written, but it is {}'s move",
                    token.chars().next().unwrap_or('?'),
                    if self.play.position().to_move() == Color::Black {
                        "black (▲)"
                    } else {
                        "white (△)"
                    }
                );
                return fail(self, codes::SHOGI_WRONG_SIDE, msg);
            }
            let to = match m.to.or_else(|| self.play.last_move().map(|l| l.to)) {
                Some(sq) => sq,
                None => {
                    return fail(
                        self,
                        codes::KIF_SAME_WITHOUT_PREVIOUS,
                        "同 (same square) but there is no previous move".into(),
                    )
                }
            };
            match self.resolve_ki2(&m, to, span, number) {
                Ok(mv) => self.add_move(mv, m.no_promote, None, span),
                Err((code, msg)) => return fail(self, code, msg),
            }
        }
    }

    /// Finds the move a KI2 token means: among the legal moves first (a pinned piece
    /// is no candidate, so a token without 打 is the drop when no piece can legally
    /// move there), else among every piece that reaches the square, so that an
    /// illegal record is still read and reported by validation.
    fn resolve_ki2(
        &mut self,
        m: &super::ki2line::Ki2Move,
        to: crate::model::Square,
        span: crate::diag::Span,
        number: u32,
    ) -> Result<crate::model::ShogiMove, (&'static codes::Code, String)> {
        let color = m.color;
        let piece = m.piece;
        if m.drop {
            return self.resolve_keep(color, None, to, piece, m.promote);
        }
        let reach = self.play.position().reaching_squares(color, piece, to);
        // Without 打, a token is still the drop when no piece on the board can legally
        // make the move (JSA notation does not count a pinned piece).
        let drop_possible = m.relative.is_empty()
            && !m.promote
            && self.play.position().get(to).is_none()
            && self.play.position().in_hand(color, piece) > 0;
        if let (Some(only), true) = (reach.single(), m.relative.is_empty() && !drop_possible) {
            // One piece reaches the square and no drop competes: no choice to make.
            return self.resolve_keep(color, Some(only), to, piece, m.promote);
        }
        let physical: Vec<crate::model::Square> = reach.iter().collect();
        let legal = self.play.position_mut().candidates(color, piece, to, true);
        if legal.is_empty() && drop_possible {
            return self.resolve_keep(color, None, to, piece, false);
        }
        if physical.is_empty() {
            if self.play.position().get(to).is_none()
                && self.play.position().in_hand(color, piece) > 0
                && !m.promote
            {
                return self.resolve_keep(color, None, to, piece, false);
            }
            return Err((
                codes::SHOGI_NO_MOVABLE_PIECE,
                format!("no {} can move to {}", piece.kanji(), square_name(to)),
            ));
        }
        let chosen = crate::rules::shogi::filter_relative(m.relative, color, piece, to, &legal);
        let origins = |v: &[crate::model::Square]| {
            v.iter()
                .map(|&f| square_name(f))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match chosen.as_slice() {
            [f] => {
                if legal.len() == 1 && physical.len() > 1 && !m.relative.is_empty() {
                    // The writer counted a piece that cannot legally move (pinned):
                    // its modifier was not needed, but it names the only legal move.
                    self.diags.push(
                        Diagnostic::new(
                            codes::KI2_UNNEEDED_MODIFIER,
                            format!(
                                "{:?} is not needed: only the {} on {} can legally make this move (a pinned piece is not counted)",
                                m.relative.text(),
                                piece.kanji(),
                                square_name(*f)
                            ),
                            span,
                        )
                        .with_move(number),
                    );
                }
                return self.resolve_keep(color, Some(*f), to, piece, m.promote);
            }
            [] => {}
            many => {
                return Err((
                    codes::KI2_AMBIGUOUS,
                    format!(
                        "ambiguous: the {} on {} can all make this move; add 右 左 直 上 引 or 寄",
                        piece.kanji(),
                        origins(many)
                    ),
                ))
            }
        }
        let any = crate::rules::shogi::filter_relative(m.relative, color, piece, to, &physical);
        match any.as_slice() {
            [f] => self.resolve_keep(color, Some(*f), to, piece, m.promote),
            [] => Err((
                codes::KI2_NO_CANDIDATE,
                format!(
                    "no {} on {} fits {:?}",
                    piece.kanji(),
                    origins(&physical),
                    m.relative.text()
                ),
            )),
            many => Err((
                codes::KI2_AMBIGUOUS,
                format!(
                    "ambiguous: the {} on {} can all make this move; add 右 左 直 上 引 or 寄",
                    piece.kanji(),
                    origins(many)
                ),
            )),
        }
    }

    /// Checks a move; a playable move against the rules is kept for validation.
    fn resolve_keep(
        &mut self,
        color: Color,
        from: Option<crate::model::Square>,
        to: crate::model::Square,
        piece: crate::model::PieceKind,
        promote: bool,
    ) -> Result<crate::model::ShogiMove, (&'static codes::Code, String)> {
        self.play
            .position()
            .resolve_structure(color, from, to, piece, promote)
            .map_err(|why| {
                let mv = self
                    .play
                    .position()
                    .build_move(color, from, to, piece, promote);
                (why.code(), why.message(&mv))
            })
    }
}
