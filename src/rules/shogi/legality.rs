//! Checking one recorded move against a position, naming what is wrong with it.

use super::position::{
    hand_index, idx, in_zone, is_dead, offset, oriented, slides, steps, Position, KNIGHT,
};
use crate::model::{Color, PieceKind, ShogiMove, Square};

/// Why a move cannot be played. Each kind has a stable diagnostic code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Illegal {
    /// The move is made by the side not to move.
    WrongSide,
    /// No piece of the mover stands on the origin square.
    NoPiece,
    /// The piece on the origin is not the one the record names.
    WrongPiece(PieceKind),
    /// The piece cannot move from the origin to the destination.
    Unreachable,
    /// The destination holds one of the mover's own pieces.
    OwnPiece,
    /// The dropped kind is not in the mover's hand.
    NotInHand,
    /// A drop onto an occupied square.
    DropOccupied,
    /// A drop of a promoted piece, or a drop that promotes.
    PromotedDrop,
    /// A pawn dropped on a file that holds the mover's unpromoted pawn (二歩).
    DoublePawn,
    /// A piece left where it could never move again (行き所のない駒): it must promote,
    /// or may not be dropped there.
    DeadPiece,
    /// A pawn drop that checkmates (打ち歩詰め).
    DropPawnMate,
    /// Promotion of a kind that does not promote (gold, king, promoted pieces).
    NotPromotable,
    /// Promotion with neither origin nor destination in the promotion zone.
    OutsideZone,
    /// The move leaves (or puts) the mover's own king in check.
    SelfCheck,
    /// The record's captured piece differs from what stands on the destination.
    CaptureMismatch,
}

impl Illegal {
    /// The diagnostic code.
    pub fn code(self) -> &'static str {
        match self {
            Illegal::WrongSide => "shogi::wrong-side",
            Illegal::NoPiece => "shogi::no-piece",
            Illegal::WrongPiece(_) => "shogi::wrong-piece",
            Illegal::Unreachable => "shogi::unreachable",
            Illegal::OwnPiece => "shogi::own-piece",
            Illegal::NotInHand => "shogi::not-in-hand",
            Illegal::DropOccupied => "shogi::drop-occupied",
            Illegal::PromotedDrop => "shogi::promoted-drop",
            Illegal::DoublePawn => "shogi::double-pawn",
            Illegal::DeadPiece => "shogi::dead-piece",
            Illegal::DropPawnMate => "shogi::drop-pawn-mate",
            Illegal::NotPromotable => "shogi::not-promotable",
            Illegal::OutsideZone => "shogi::outside-zone",
            Illegal::SelfCheck => "shogi::self-check",
            Illegal::CaptureMismatch => "shogi::capture-mismatch",
        }
    }

    /// What is wrong, for people.
    pub fn message(self, mv: &ShogiMove) -> String {
        let to = format!("{}{}", mv.to.file, mv.to.rank);
        let name = mv.piece.kanji();
        match self {
            Illegal::WrongSide => format!("{} moves, but it is not its turn", side(mv.color)),
            Illegal::NoPiece => match mv.from {
                Some(f) => format!("no piece of {} stands on {}{}", side(mv.color), f.file, f.rank),
                None => "no piece to move".to_string(),
            },
            Illegal::WrongPiece(found) => format!(
                "the piece on the origin is {}, not {name}",
                found.kanji()
            ),
            Illegal::Unreachable => format!("{name} cannot move to {to} from there"),
            Illegal::OwnPiece => format!("{to} holds one of the mover's own pieces"),
            Illegal::NotInHand => format!("{} has no {name} in hand to drop", side(mv.color)),
            Illegal::DropOccupied => format!("cannot drop on {to}: the square is occupied"),
            Illegal::PromotedDrop => "a piece is always dropped unpromoted".to_string(),
            Illegal::DoublePawn => format!(
                "二歩 (double pawn): the file {} already holds an unpromoted pawn of {}",
                mv.to.file,
                side(mv.color)
            ),
            Illegal::DeadPiece => format!(
                "{name} on {to} could never move again (行き所のない駒): it must promote or may not go there"
            ),
            Illegal::DropPawnMate => "打ち歩詰め: a pawn drop may not give checkmate".to_string(),
            Illegal::NotPromotable => format!("{name} cannot promote"),
            Illegal::OutsideZone => format!(
                "{name} cannot promote: neither origin nor {to} is in the promotion zone"
            ),
            Illegal::SelfCheck => format!(
                "the move leaves {}'s king in check (a pinned piece, or check not answered)",
                side(mv.color)
            ),
            Illegal::CaptureMismatch => "the recorded capture is not what stands on the destination".to_string(),
        }
    }
}

fn side(c: Color) -> &'static str {
    match c {
        Color::Black => "black (先手)",
        Color::White => "white (後手)",
    }
}

impl Position {
    /// Builds the move `color` makes from `from` (`None`: a drop) to `to` with the
    /// piece `piece` (as it stood before the move), filling in the capture from the
    /// board, and checks it. On success the move is ready for [`Position::make`].
    pub fn resolve(
        &mut self,
        color: Color,
        from: Option<Square>,
        to: Square,
        piece: PieceKind,
        promote: bool,
    ) -> Result<ShogiMove, Illegal> {
        let mv = ShogiMove {
            color,
            from,
            to,
            piece,
            promote,
            capture: self.get(to).filter(|p| p.color != color).map(|p| p.kind),
        };
        self.check(&mv).map(|()| mv)
    }

    /// Checks a move against the position (the side to move, the piece, its path, the
    /// capture, promotion, drops, and the king's safety). The position is unchanged.
    pub fn check(&mut self, mv: &ShogiMove) -> Result<(), Illegal> {
        if mv.color != self.to_move() {
            return Err(Illegal::WrongSide);
        }
        let c = mv.color;
        let to = idx(mv.to);
        match mv.from {
            None => {
                if mv.promote || mv.piece.is_promoted() {
                    return Err(Illegal::PromotedDrop);
                }
                if hand_index(mv.piece).is_none() || self.in_hand(c, mv.piece) == 0 {
                    return Err(Illegal::NotInHand);
                }
                if self.at(to).is_some() {
                    return Err(Illegal::DropOccupied);
                }
                if is_dead(mv.piece, c, to) {
                    return Err(Illegal::DeadPiece);
                }
                if mv.piece == PieceKind::Pawn && self.pawn_on_file(c, to % 9) {
                    return Err(Illegal::DoublePawn);
                }
            }
            Some(from_sq) => {
                let from = idx(from_sq);
                match self.at(from) {
                    Some(p) if p.color == c => {
                        if p.kind != mv.piece {
                            return Err(Illegal::WrongPiece(p.kind));
                        }
                    }
                    _ => return Err(Illegal::NoPiece),
                }
                match self.at(to) {
                    Some(t) if t.color == c => return Err(Illegal::OwnPiece),
                    t => {
                        if t.map(|t| t.kind) != mv.capture {
                            return Err(Illegal::CaptureMismatch);
                        }
                    }
                }
                if !self.reaches(from, to, mv.piece, c) {
                    return Err(Illegal::Unreachable);
                }
                if mv.promote {
                    if mv.piece.promoted().is_none() {
                        return Err(Illegal::NotPromotable);
                    }
                    if !in_zone(from, c) && !in_zone(to, c) {
                        return Err(Illegal::OutsideZone);
                    }
                } else if is_dead(mv.piece, c, to) {
                    return Err(Illegal::DeadPiece);
                }
            }
        }
        self.make(mv);
        let self_check = self.in_check(c);
        self.unmake(mv);
        if self_check {
            return Err(Illegal::SelfCheck);
        }
        if mv.from.is_none() && mv.piece == PieceKind::Pawn && !self.is_legal_pseudo(mv) {
            return Err(Illegal::DropPawnMate);
        }
        Ok(())
    }

    /// True when `kind` of `color` on `from` attacks `to` along its moves (the path of
    /// a sliding piece clear).
    pub(crate) fn reaches(&self, from: usize, to: usize, kind: PieceKind, color: Color) -> bool {
        if steps(kind)
            .iter()
            .any(|&d| offset(from, oriented(d, color)) == Some(to))
        {
            return true;
        }
        if kind == PieceKind::Knight
            && KNIGHT
                .iter()
                .any(|&j| offset(from, oriented(j, color)) == Some(to))
        {
            return true;
        }
        slides(kind).iter().any(|&d| {
            let d = oriented(d, color);
            let mut cur = from;
            while let Some(n) = offset(cur, d) {
                if n == to {
                    return true;
                }
                if self.at(n).is_some() {
                    return false;
                }
                cur = n;
            }
            false
        })
    }
}
