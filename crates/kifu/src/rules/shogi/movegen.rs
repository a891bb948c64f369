//! Legal move generation: board moves with their promotion options, drops (二歩,
//! pieces that could never move again), and the filters for check, pins and 打ち歩詰め.

use super::position::{
    in_zone, is_dead, offset, oriented, slides, square, steps, Position, HAND_KINDS, KNIGHT,
};
use crate::model::{PieceKind, ShogiMove};

impl Position {
    /// Appends every pseudo-legal move of the side to move (moves that may still leave
    /// its own king in check or drop a pawn with mate).
    pub(crate) fn pseudo_moves(&self, out: &mut Vec<ShogiMove>) {
        let c = self.to_move();
        for from in 0..81 {
            let Some(p) = self.at(from) else { continue };
            if p.color != c {
                continue;
            }
            for &d in steps(p.kind) {
                if let Some(to) = offset(from, oriented(d, c)) {
                    self.push_board_move(out, from, to, p.kind);
                }
            }
            if p.kind == PieceKind::Knight {
                for j in KNIGHT {
                    if let Some(to) = offset(from, oriented(j, c)) {
                        self.push_board_move(out, from, to, p.kind);
                    }
                }
            }
            for &d in slides(p.kind) {
                let d = oriented(d, c);
                let mut cur = from;
                while let Some(to) = offset(cur, d) {
                    self.push_board_move(out, from, to, p.kind);
                    if self.at(to).is_some() {
                        break;
                    }
                    cur = to;
                }
            }
        }
        self.push_drops(out);
    }

    fn push_board_move(&self, out: &mut Vec<ShogiMove>, from: usize, to: usize, kind: PieceKind) {
        let c = self.to_move();
        let capture = match self.at(to) {
            Some(t) if t.color == c => return,
            Some(t) => Some(t.kind),
            None => None,
        };
        let mv = ShogiMove {
            color: c,
            from: Some(square(from)),
            to: square(to),
            piece: kind,
            promote: false,
            capture,
        };
        if kind.promoted().is_some() && (in_zone(from, c) || in_zone(to, c)) {
            out.push(ShogiMove {
                promote: true,
                ..mv
            });
        }
        if !is_dead(kind, c, to) {
            out.push(mv);
        }
    }

    fn push_drops(&self, out: &mut Vec<ShogiMove>) {
        let c = self.to_move();
        for kind in HAND_KINDS {
            if self.in_hand(c, kind) == 0 {
                continue;
            }
            for col in 0..9 {
                if kind == PieceKind::Pawn && self.pawn_on_file(c, col) {
                    continue;
                }
                for r in 0..9 {
                    let to = r * 9 + col;
                    if self.at(to).is_none() && !is_dead(kind, c, to) {
                        out.push(ShogiMove {
                            color: c,
                            from: None,
                            to: square(to),
                            piece: kind,
                            promote: false,
                            capture: None,
                        });
                    }
                }
            }
        }
    }

    /// True when a pseudo-legal move is legal: it does not leave the mover's king in
    /// check and is not a pawn drop that mates (打ち歩詰め). The position is unchanged
    /// afterwards.
    pub(crate) fn is_legal_pseudo(&mut self, mv: &ShogiMove) -> bool {
        self.make(mv);
        let mut ok = !self.in_check(mv.color);
        if ok && mv.from.is_none() && mv.piece == PieceKind::Pawn {
            ok = !self.is_pawn_drop_mate(mv);
        }
        self.unmake(mv);
        ok
    }

    /// With a pawn drop just made: true when it checks and the opponent has no legal
    /// reply. (A reply never needs the 打ち歩詰め test itself: a pawn's check cannot
    /// be blocked, so no pawn drop answers it.)
    pub(crate) fn is_pawn_drop_mate(&mut self, mv: &ShogiMove) -> bool {
        let them = mv.color.opponent();
        let Some(k) = self.king(them) else {
            return false;
        };
        let front = offset(super::position::idx(mv.to), oriented((0, -1), mv.color));
        if front != Some(k) {
            return false;
        }
        !self.has_legal_reply()
    }

    /// True when the side to move has a move that does not leave its king in check.
    fn has_legal_reply(&mut self) -> bool {
        let mut moves = Vec::with_capacity(128);
        self.pseudo_moves(&mut moves);
        moves.iter().any(|m| {
            self.make(m);
            let ok = !self.in_check(m.color);
            self.unmake(m);
            ok
        })
    }

    /// Appends every legal move of the side to move.
    pub fn legal_moves_into(&mut self, out: &mut Vec<ShogiMove>) {
        let start = out.len();
        self.pseudo_moves(out);
        let mut keep = start;
        for i in start..out.len() {
            let mv = out[i];
            if self.is_legal_pseudo(&mv) {
                out[keep] = mv;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&mut self) -> Vec<ShogiMove> {
        let mut out = Vec::with_capacity(128);
        self.legal_moves_into(&mut out);
        out
    }

    /// True when the side to move is checkmated (in check with no legal move).
    pub fn is_checkmate(&mut self) -> bool {
        self.in_check(self.to_move()) && !self.has_legal_reply()
    }

    /// Counts the leaf nodes of the legal move tree `depth` plies deep. `depth` is a
    /// caller's constant; the recursion goes no deeper.
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut buffers: Vec<Vec<ShogiMove>> =
            (0..depth).map(|_| Vec::with_capacity(256)).collect();
        self.perft_with(depth, &mut buffers)
    }

    fn perft_with(&mut self, depth: u32, buffers: &mut [Vec<ShogiMove>]) -> u64 {
        let Some((buf, rest)) = buffers.split_first_mut() else {
            return 1;
        };
        buf.clear();
        self.legal_moves_into(buf);
        if depth <= 1 {
            return buf.len() as u64;
        }
        let mut total = 0;
        for mv in buf.iter() {
            self.make(mv);
            total += self.perft_with(depth - 1, rest);
            self.unmake(mv);
        }
        total
    }
}
