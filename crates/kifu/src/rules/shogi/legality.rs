//! Checking one recorded move against a position, naming what is wrong with it.

use super::position::{hand_index, idx, in_zone, is_dead, tables, Position, Tables};
use crate::diag::codes;
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
    pub fn code(self) -> &'static codes::Code {
        match self {
            Illegal::WrongSide => codes::SHOGI_WRONG_SIDE,
            Illegal::NoPiece => codes::SHOGI_NO_PIECE,
            Illegal::WrongPiece(_) => codes::SHOGI_WRONG_PIECE,
            Illegal::Unreachable => codes::SHOGI_UNREACHABLE,
            Illegal::OwnPiece => codes::SHOGI_OWN_PIECE,
            Illegal::NotInHand => codes::SHOGI_NOT_IN_HAND,
            Illegal::DropOccupied => codes::SHOGI_DROP_OCCUPIED,
            Illegal::PromotedDrop => codes::SHOGI_PROMOTED_DROP,
            Illegal::DoublePawn => codes::SHOGI_DOUBLE_PAWN,
            Illegal::DeadPiece => codes::SHOGI_DEAD_PIECE,
            Illegal::DropPawnMate => codes::SHOGI_DROP_PAWN_MATE,
            Illegal::NotPromotable => codes::SHOGI_NOT_PROMOTABLE,
            Illegal::OutsideZone => codes::SHOGI_OUTSIDE_ZONE,
            Illegal::SelfCheck => codes::SHOGI_SELF_CHECK,
            Illegal::CaptureMismatch => codes::SHOGI_CAPTURE_MISMATCH,
        }
    }

    /// What is wrong, for people.
    pub fn message(self, mv: &ShogiMove) -> String {
        let to = square_name(mv.to);
        let name = mv.piece.kanji();
        match self {
            Illegal::WrongSide => format!("{} moves, but it is not its turn", side(mv.color)),
            Illegal::NoPiece => match mv.from {
                Some(f) => format!("no piece of {} stands on {}", side(mv.color), square_name(f)),
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

/// A square as Japanese records write it: ７六.
pub fn square_name(sq: Square) -> String {
    const FILES: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
    const RANKS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
    let f = FILES
        .get(usize::from(sq.file.saturating_sub(1)))
        .copied()
        .unwrap_or('?');
    let r = RANKS
        .get(usize::from(sq.rank.saturating_sub(1)))
        .copied()
        .unwrap_or('?');
    format!("{f}{r}")
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
        let mv = self.build_move(color, from, to, piece, promote);
        self.check(&mv).map(|()| mv)
    }

    /// The move `color` makes from `from` (`None`: a drop) to `to` with `piece`, its
    /// capture filled in from the board: the one constructor every shogi reader builds
    /// moves with. Nothing is checked ([`Position::check_structure`] does that).
    pub fn build_move(
        &self,
        color: Color,
        from: Option<Square>,
        to: Square,
        piece: PieceKind,
        promote: bool,
    ) -> ShogiMove {
        ShogiMove {
            color,
            from,
            to,
            piece,
            promote,
            capture: self.get(to).filter(|p| p.color != color).map(|p| p.kind),
        }
    }

    /// Checks a move against the position (the side to move, the piece, its path, the
    /// capture, promotion, drops, and the king's safety). The position is unchanged.
    pub fn check(&mut self, mv: &ShogiMove) -> Result<(), Illegal> {
        self.check_structure(mv)?;
        self.check_rules(mv)
    }

    /// Builds the move like [`Position::resolve`] but checks only what a record
    /// needs to represent it (the side to move, the piece on the origin or in hand,
    /// the destination, a promotable kind): a playable move against the rules passes,
    /// for validation to report. Much cheaper than a full check.
    #[inline(always)]
    pub fn resolve_structure(
        &self,
        color: Color,
        from: Option<Square>,
        to: Square,
        piece: PieceKind,
        promote: bool,
    ) -> Result<ShogiMove, Illegal> {
        let mv = self.build_move(color, from, to, piece, promote);
        self.check_structure(&mv).map(|()| mv)
    }

    /// The move `color` makes from `from` (`None`: a drop) to `to` that leaves
    /// `after` standing there (as CSA writes a move: the piece after it, promoted
    /// when the move promotes), when it is sound in structure: by the side to move,
    /// of its piece on the origin that is `after` or promotes to it (or of `after`
    /// in hand), onto a square none of its pieces holds (an empty one for a drop).
    /// Exactly the moves that [`Position::build_move`] of that piece and promotion
    /// builds and [`Position::check_structure`] passes; `None` for every other,
    /// which a reader then builds and reports as it does any move.
    #[inline(always)]
    pub fn resolve_to_kind(
        &self,
        color: Color,
        from: Option<Square>,
        to: Square,
        after: PieceKind,
    ) -> Option<ShogiMove> {
        if color != self.to_move() {
            return None;
        }
        let target = self.at(idx(to));
        let (piece, promote, capture) = match from {
            None => {
                let held = hand_index(after).is_some() && self.in_hand(color, after) > 0;
                if after.is_promoted() || !held || target.is_some() {
                    return None;
                }
                (after, false, None)
            }
            Some(f) => {
                let p = self.at(idx(f)).filter(|p| p.color == color)?;
                let promote = if p.kind == after {
                    false
                } else if p.kind.promoted() == Some(after) {
                    true
                } else {
                    return None;
                };
                if target.is_some_and(|t| t.color == color) {
                    return None;
                }
                (p.kind, promote, target.map(|t| t.kind))
            }
        };
        let mv = ShogiMove {
            color,
            from,
            to,
            piece,
            promote,
            capture,
        };
        debug_assert!(self.check_structure(&mv).is_ok(), "{mv:?}");
        Some(mv)
    }

    /// The representability checks of a move, in the order [`Position::check`]
    /// reports them (see [`Position::resolve_structure`]).
    #[inline(always)]
    pub fn check_structure(&self, mv: &ShogiMove) -> Result<(), Illegal> {
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
            }
            Some(from_sq) => {
                match self.at(idx(from_sq)) {
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
                if mv.promote && mv.piece.promoted().is_none() {
                    return Err(Illegal::NotPromotable);
                }
            }
        }
        Ok(())
    }

    /// The rules a representable move must also keep: the piece's path, promotion
    /// zone, pieces that could never move again, 二歩, the king's safety, 打ち歩詰め.
    fn check_rules(&mut self, mv: &ShogiMove) -> Result<(), Illegal> {
        self.check_path_rules(tables(), mv)?;
        let c = mv.color;
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

    /// [`Position::check`] for a replay, which goes on after a move against the
    /// rules: a move that can be played at all (its structure is sound) is left
    /// made. Returns the verdict and whether the move was made; the same verdicts,
    /// in the same order, as `check`, without making each move twice.
    pub fn check_and_make(&mut self, mv: &ShogiMove) -> (Result<(), Illegal>, bool) {
        let (verdict, made, _) = self.check_and_make_tracked(mv, [None, None]);
        (verdict, made)
    }

    /// [`Position::check_and_make`] for a replay that knows whether each king
    /// (`known[color index]`) is attacked before the move; returns the same for
    /// after it (when the move was made). Knowing that a king was safe, only the
    /// moved piece and a line through the square it left can attack it now, which
    /// spares looking all around it.
    pub(crate) fn check_and_make_tracked(
        &mut self,
        mv: &ShogiMove,
        known: KingsAttacked,
    ) -> (Result<(), Illegal>, bool, KingsAttacked) {
        if let Err(e) = self.check_structure(mv) {
            return (Err(e), false, [None, None]);
        }
        let (verdict, after) = self.check_rules_and_make_tracked(mv, known);
        (verdict, true, after)
    }

    /// [`Position::check_and_make_tracked`] of a move whose structure is known to
    /// be sound ([`Position::check_structure`] passed on this position, as when a
    /// reader resolved it): the rest of the checks, and the move made.
    pub(crate) fn check_rules_and_make_tracked(
        &mut self,
        mv: &ShogiMove,
        known: KingsAttacked,
    ) -> (Result<(), Illegal>, KingsAttacked) {
        debug_assert!(
            self.check_structure(mv).is_ok(),
            "a move whose structure was not checked"
        );
        let t = tables();
        // The squares' indices, computed once for the checks and the make. A sound
        // move's squares are on the board (below 81): said so, the compiler drops
        // the bounds checks of every look-up that follows.
        let to = idx(mv.to).min(80);
        let from = mv.from.map(|f| idx(f).min(80));
        let verdict = self.check_path_rules_at(t, mv, from, to);
        let kings = [self.king(Color::Black), self.king(Color::White)];
        self.make_at(mv, from, to);
        let mut after = [None, None];
        for color in [Color::Black, Color::White] {
            let i = color.index();
            // The piece moved attacks only the other king.
            let moved_to = (color != mv.color).then_some(to);
            after[i] = Some(self.king_attacked_after(t, color, moved_to, from, known[i], kings[i]));
        }
        if verdict.is_err() {
            return (verdict, after);
        }
        if after[mv.color.index()] == Some(true) {
            return (Err(Illegal::SelfCheck), after);
        }
        if mv.from.is_none() && mv.piece == PieceKind::Pawn && self.is_pawn_drop_mate(mv) {
            return (Err(Illegal::DropPawnMate), after);
        }
        (Ok(()), after)
    }

    /// Whether `color`'s king is attacked now that a move from `from` (`None`: a
    /// drop) is made ([`Position::in_check`]), given whether it was before
    /// (`before`) and where it stood (`king_before`); `moved_to`: where the piece
    /// moved stands, when it is the opponent's (the mover's own piece attacks not
    /// its king).
    #[inline(always)]
    fn king_attacked_after(
        &self,
        t: &Tables,
        color: Color,
        moved_to: Option<usize>,
        from: Option<usize>,
        before: Option<bool>,
        king_before: Option<usize>,
    ) -> bool {
        let by = color.opponent();
        let Some(k) = self.king(color) else {
            return false;
        };
        // A king stands on the board (below 81; see `check_rules_and_make_tracked`).
        let k = k.min(80);
        if before != Some(false) || king_before != Some(k) {
            return self.attacked(k, by);
        }
        // The king was safe and did not move: an attacker now is the piece that
        // moved (the move changed nothing else but the square it left) or stands
        // on a line through that square.
        if let Some(to) = moved_to {
            if let Some(p) = self.at(to) {
                if self.reaches(t, to, k, p.kind, by) {
                    return true;
                }
            }
        }
        from.is_some_and(|f| self.attacked_through(t, k, f, by))
    }
}

/// Whether each side's king (by colour index) is attacked, where known.
pub(crate) type KingsAttacked = [Option<bool>; 2];

impl Position {
    /// The rules that need no move made: the piece's path, the promotion zone,
    /// pieces that could never move again, 二歩.
    #[inline(always)]
    fn check_path_rules(&self, t: &Tables, mv: &ShogiMove) -> Result<(), Illegal> {
        self.check_path_rules_at(t, mv, mv.from.map(idx), idx(mv.to))
    }

    /// [`Position::check_path_rules`] with the indices of the move's squares.
    #[inline(always)]
    fn check_path_rules_at(
        &self,
        t: &Tables,
        mv: &ShogiMove,
        from: Option<usize>,
        to: usize,
    ) -> Result<(), Illegal> {
        let c = mv.color;
        match from {
            None => {
                if is_dead(mv.piece, c, to) {
                    return Err(Illegal::DeadPiece);
                }
                if mv.piece == PieceKind::Pawn && self.pawn_on_file(c, to % 9) {
                    return Err(Illegal::DoublePawn);
                }
            }
            Some(from) => {
                if !self.reaches(t, from, to, mv.piece, c) {
                    return Err(Illegal::Unreachable);
                }
                if mv.promote {
                    if !in_zone(from, c) && !in_zone(to, c) {
                        return Err(Illegal::OutsideZone);
                    }
                } else if is_dead(mv.piece, c, to) {
                    return Err(Illegal::DeadPiece);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::shogi::from_sfen;

    fn pos(sfen: &str) -> Position {
        let (p, _) = from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        Position::from_model(&p)
    }

    fn sq(f: u8, r: u8) -> Square {
        Square { file: f, rank: r }
    }

    fn try_move(
        sfen: &str,
        from: Option<Square>,
        to: Square,
        piece: PieceKind,
        promote: bool,
    ) -> Result<(), Illegal> {
        let mut p = pos(sfen);
        let before = p.clone();
        let color = p.to_move();
        let r = p.resolve(color, from, to, piece, promote).map(|_| ());
        assert_eq!(p, before, "checking leaves the position unchanged");
        // The replay's fused check gives the same verdict and leaves the move made
        // exactly when its structure is sound.
        let mv = p.build_move(color, from, to, piece, promote);
        let (verdict, made) = p.check_and_make(&mv);
        assert_eq!(verdict, r, "check_and_make agrees with check");
        assert_eq!(made, before.check_structure(&mv).is_ok());
        let mut expected = before.clone();
        if made {
            expected.make(&mv);
        }
        assert_eq!(p, expected, "check_and_make makes the move when it can");
        r
    }

    #[test]
    fn reaches_agrees_with_the_move_generator() {
        // In positions with every kind on the board, for both sides: a piece reaches
        // a square not its own side's exactly when a board move goes there.
        let sfens = [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL b RGgsn5p 1",
            "ln1g1k1+Rl/1r4g2/p1+Bpp1n1p/2p2pp2/1p5P1/2P1P4/PP1P1PP1P/1+b1S5/LNSGKG1NL w 2Ps 1",
            "4k4/1+R5+B1/3N1L3/9/2+S1+P1+N2/9/1+L5P1/9/4K4 b - 1",
            "4k4/1+r5+b1/3n1l3/9/2+s1+p1+n2/9/1+l5p1/9/4K4 w - 1",
        ];
        for sfen in sfens {
            let p = pos(sfen);
            let c = p.to_move();
            let mut moves = Vec::new();
            p.pseudo_moves(&mut moves);
            for from in 0..81 {
                let Some(piece) = p.at(from).filter(|q| q.color == c) else {
                    continue;
                };
                for to in 0..81 {
                    if p.at(to).is_some_and(|q| q.color == c) {
                        continue;
                    }
                    let generated = moves
                        .iter()
                        .any(|m| m.from.map(idx) == Some(from) && idx(m.to) == to);
                    assert_eq!(
                        p.reaches(tables(), from, to, piece.kind, c),
                        generated,
                        "{sfen}: {:?} {from} -> {to}",
                        piece.kind
                    );
                }
            }
        }
    }

    #[test]
    fn tracked_king_safety_agrees_with_looking_all_around() {
        // Games of pseudo-random pseudo-legal moves (some leave the mover's king
        // attacked, some take a king, and the game goes on as a replay does): the
        // tracked verdicts, positions and attack flags are the full ones.
        let starts = [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1",
        ];
        let mut x = 3u64;
        for round in 0..60 {
            let mut p = pos(starts[round % starts.len()]);
            let mut known = [None, None];
            for _ in 0..150 {
                let mut moves = Vec::new();
                p.pseudo_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let mv = moves[(x >> 33) as usize % moves.len()];
                let mut full = p.clone();
                let (want, made_full) = full.check_and_make(&mv);
                let (verdict, made, after) = p.check_and_make_tracked(&mv, known);
                assert_eq!((verdict, made), (want, made_full), "{mv:?}");
                assert_eq!(p, full);
                for color in [Color::Black, Color::White] {
                    assert_eq!(after[color.index()], Some(p.in_check(color)), "{mv:?}");
                }
                known = after;
            }
        }
    }

    #[test]
    fn every_kind_of_illegal_move_is_named() {
        use PieceKind::*;
        let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        let bare = "4k4/9/9/9/9/9/9/9/4K4 b - 1";
        assert_eq!(
            try_move(start, Some(sq(7, 7)), sq(7, 6), Pawn, false),
            Ok(())
        );
        assert_eq!(
            try_move(start, Some(sq(7, 6)), sq(7, 5), Pawn, false),
            Err(Illegal::NoPiece)
        );
        assert_eq!(
            try_move(start, Some(sq(7, 3)), sq(7, 4), Pawn, false),
            Err(Illegal::NoPiece)
        );
        assert_eq!(
            try_move(start, Some(sq(7, 7)), sq(7, 6), Silver, false),
            Err(Illegal::WrongPiece(Pawn))
        );
        assert_eq!(
            try_move(start, Some(sq(7, 7)), sq(7, 5), Pawn, false),
            Err(Illegal::Unreachable)
        );
        assert_eq!(
            try_move(start, Some(sq(2, 8)), sq(2, 7), Rook, false),
            Err(Illegal::OwnPiece)
        );
        assert_eq!(
            try_move(start, Some(sq(8, 8)), sq(5, 5), Bishop, false),
            Err(Illegal::Unreachable)
        );
        assert_eq!(
            try_move(start, None, sq(5, 5), Pawn, false),
            Err(Illegal::NotInHand)
        );
        assert_eq!(
            try_move(start, Some(sq(7, 7)), sq(7, 6), Pawn, true),
            Err(Illegal::OutsideZone)
        );
        assert_eq!(
            try_move(start, Some(sq(6, 9)), sq(5, 8), Gold, true),
            Err(Illegal::NotPromotable)
        );
        let hand = "4k4/9/9/9/9/9/4P4/9/4K4 b PNL 1";
        assert_eq!(
            try_move(hand, None, sq(5, 5), Pawn, false),
            Err(Illegal::DoublePawn)
        );
        assert_eq!(
            try_move(hand, None, sq(4, 1), Pawn, false),
            Err(Illegal::DeadPiece)
        );
        assert_eq!(
            try_move(hand, None, sq(4, 1), Lance, false),
            Err(Illegal::DeadPiece)
        );
        assert_eq!(
            try_move(hand, None, sq(4, 2), Knight, false),
            Err(Illegal::DeadPiece)
        );
        assert_eq!(try_move(hand, None, sq(4, 3), Knight, false), Ok(()));
        assert_eq!(
            try_move(hand, None, sq(5, 1), Lance, false),
            Err(Illegal::DropOccupied)
        );
        assert_eq!(
            try_move(hand, None, sq(4, 4), Pawn, true),
            Err(Illegal::PromotedDrop)
        );
        let pawn_on_2 = "4k4/4P4/9/9/9/9/9/9/4K4 b - 1";
        assert_eq!(
            try_move(pawn_on_2, Some(sq(5, 2)), sq(5, 1), Pawn, false),
            Err(Illegal::DeadPiece)
        );
        let knight = "4k4/9/9/5N3/9/9/9/9/4K4 b - 1";
        assert_eq!(
            try_move(knight, Some(sq(4, 4)), sq(3, 2), Knight, false),
            Err(Illegal::DeadPiece)
        );
        assert_eq!(
            try_move(knight, Some(sq(4, 4)), sq(3, 2), Knight, true),
            Ok(())
        );
        // Pinned silver; a king stepping into check.
        let pin = "4r3k/9/9/9/9/9/9/4S4/4K4 b - 1";
        assert_eq!(
            try_move(pin, Some(sq(5, 8)), sq(4, 7), Silver, false),
            Err(Illegal::SelfCheck)
        );
        assert_eq!(
            try_move(pin, Some(sq(5, 8)), sq(5, 7), Silver, false),
            Ok(())
        );
        assert_eq!(
            try_move(bare, Some(sq(5, 9)), sq(5, 8), King, false),
            Ok(())
        );
        let rook = "4k4/9/9/9/9/9/9/r8/4K4 b - 1";
        assert_eq!(
            try_move(rook, Some(sq(5, 9)), sq(5, 8), King, false),
            Err(Illegal::SelfCheck)
        );
        // 打ち歩詰め, and the same drop when the king can take the pawn.
        let mate = "7nk/7b1/9/9/9/9/9/9/4K3L b P 1";
        assert_eq!(
            try_move(mate, None, sq(1, 2), Pawn, false),
            Err(Illegal::DropPawnMate)
        );
        let escape = "7nk/7b1/9/9/9/9/9/9/4K4 b P 1";
        assert_eq!(try_move(escape, None, sq(1, 2), Pawn, false), Ok(()));
        // A pawn-push mate is fine.
        let push = "7nk/7b1/8P/9/9/9/9/9/4K3L b - 1";
        assert_eq!(
            try_move(push, Some(sq(1, 3)), sq(1, 2), Pawn, false),
            Ok(())
        );
        // The wrong side.
        let mut p = pos(start);
        let mv = ShogiMove {
            color: Color::White,
            from: Some(sq(3, 3)),
            to: sq(3, 4),
            piece: Pawn,
            promote: false,
            capture: None,
        };
        assert_eq!(p.check(&mv), Err(Illegal::WrongSide));
        // A recorded capture that is not on the board.
        let mv = ShogiMove {
            color: Color::Black,
            from: Some(sq(7, 7)),
            to: sq(7, 6),
            piece: Pawn,
            promote: false,
            capture: Some(Gold),
        };
        assert_eq!(p.check(&mv), Err(Illegal::CaptureMismatch));
    }
}
