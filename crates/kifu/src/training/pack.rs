//! The HCP and PackedSfen of the positions of one game, move after move: the board's
//! codes are kept file by file (nine squares, at most 72 bits), a move codes again
//! only the files it touches, and a position's 256 bits are then nine pieces, the
//! kings' squares, the hands and the piece box — not 81 squares looked at again for
//! every position. The bytes are [`super::hcp`]'s and [`super::psfen`]'s (the tests
//! hold them to it).

use super::shogi::{Code, Tables, BOX, FULL_SET, HAND_ORDER};
use crate::model::{Color, Piece, PieceKind, ShogiMove, ShogiPosition, Square};

/// No king on a file, or on the board: cshogi's square number 81.
const NO_KING: u8 = 81;

/// One file's squares coded (SQ_f1 … SQ_f9, kings left out: they are coded by their
/// square), least significant bit first, and where its first king of each side
/// stands.
#[derive(Debug, Clone, Copy)]
struct File {
    bits: u128,
    len: u32,
    kings: [u8; 2],
}

/// A position kept for encoding in one of the two layouts ([`Packer::hcp`],
/// [`Packer::psfen`]), moved on by [`Packer::make`].
#[derive(Clone)]
pub struct Packer {
    tables: &'static Tables,
    /// The board in cshogi's square order (`SQ11 = 0` … `SQ99 = 80`).
    squares: [Option<Piece>; 81],
    files: [File; 9],
    /// Pieces in hand by color, in cshogi's hand order ([`HAND_ORDER`]).
    hands: [[u8; 7]; 2],
    /// Pieces on the board (kings left out) by their hand kind.
    on_board: [i32; 7],
    to_move: Color,
}

impl Packer {
    /// The position `p`, to be coded as cshogi's `to_hcp`.
    pub fn hcp(p: &ShogiPosition) -> Packer {
        Packer::new(p, &super::shogi::HCP)
    }

    /// The position `p`, to be coded as cshogi's `to_psfen`.
    pub fn psfen(p: &ShogiPosition) -> Packer {
        Packer::new(p, &super::shogi::PSFEN)
    }

    fn new(p: &ShogiPosition, tables: &'static Tables) -> Packer {
        let mut squares = [None; 81];
        for (n, s) in squares.iter_mut().enumerate() {
            if let Some(square) = square_of(n) {
                *s = p.get(square);
            }
        }
        let mut hands = [[0u8; 7]; 2];
        for color in [Color::Black, Color::White] {
            for (i, kind) in HAND_ORDER.into_iter().enumerate() {
                hands[color.index()][i] = p.hands[color.index()].count(kind);
            }
        }
        let mut on_board = [0i32; 7];
        for piece in squares.iter().flatten() {
            if let Some(n) = on_board.get_mut(usize::from(BOX[piece.kind as usize])) {
                *n += 1;
            }
        }
        let mut packer = Packer {
            tables,
            squares,
            files: [File {
                bits: 0,
                len: 0,
                kings: [NO_KING; 2],
            }; 9],
            hands,
            on_board,
            to_move: p.to_move,
        };
        for f in 0..9 {
            packer.code_file(f);
        }
        packer
    }

    /// Another position coded with the same tables by [`super::hcp`]'s encoder
    /// (the check of debug builds).
    pub fn fresh(&self, p: &ShogiPosition) -> [u8; 32] {
        super::shogi::encode(p, self.tables)
    }

    /// Codes file `f` (0–8) again.
    fn code_file(&mut self, f: usize) {
        let mut file = File {
            bits: 0,
            len: 0,
            kings: [NO_KING; 2],
        };
        let board = &self.tables.board;
        for r in 0..9 {
            let n = f * 9 + r;
            match self.squares.get(n).copied().flatten() {
                // An empty square is one 0 bit.
                None => file.len += 1,
                Some(Piece {
                    kind: PieceKind::King,
                    color,
                }) => {
                    let k = &mut file.kings[color.index()];
                    if *k == NO_KING {
                        *k = n as u8;
                    }
                }
                Some(piece) => {
                    let (code, len) = board[piece.color.index()][piece.kind as usize];
                    file.bits |= u128::from(code) << file.len;
                    file.len += u32::from(len);
                }
            }
        }
        if let Some(slot) = self.files.get_mut(f) {
            *slot = file;
        }
    }

    /// Makes a move as [`super::replay`]'s model makes it (and so as the rules make
    /// a legal one): the origin emptied or a piece taken from the hand, a capture
    /// (unpromoted, the king never) put in the mover's hand, the piece (promoted or
    /// not) on the destination, the other side to move.
    pub fn make(&mut self, m: &ShogiMove) {
        let c = m.color.index();
        let to = cshogi_square(m.to);
        match m.from {
            None => {
                if let Some(n) = self.hands[c].get_mut(usize::from(BOX[m.piece as usize])) {
                    *n = n.saturating_sub(1);
                }
                self.count_on_board(m.piece, 1);
            }
            Some(from) => {
                let from = cshogi_square(from);
                if let Some(moved) = self.squares.get_mut(from).and_then(Option::take) {
                    self.count_on_board(moved.kind, -1);
                }
                self.code_file(from / 9);
                if let Some(cap) = self.squares.get(to).copied().flatten() {
                    if let Some(n) = self.hands[c].get_mut(usize::from(BOX[cap.kind as usize])) {
                        *n = n.saturating_add(1);
                    }
                }
                self.count_on_board(m.piece, 1);
            }
        }
        if let Some(old) = self.squares.get(to).copied().flatten() {
            self.count_on_board(old.kind, -1);
        }
        let kind = if m.promote {
            m.piece.promoted().unwrap_or(m.piece)
        } else {
            m.piece
        };
        if let Some(s) = self.squares.get_mut(to) {
            *s = Some(Piece {
                color: m.color,
                kind,
            });
        }
        self.code_file(to / 9);
        self.to_move = m.color.opponent();
    }

    /// Adds `by` to the count of `kind` on the board (kings are not counted).
    fn count_on_board(&mut self, kind: PieceKind, by: i32) {
        if let Some(n) = self.on_board.get_mut(usize::from(BOX[kind as usize])) {
            *n += by;
        }
    }

    /// The position's 256 bits: side to move, the kings' squares, the board file by
    /// file, the hands, the piece box.
    pub fn bytes(&self) -> [u8; 32] {
        let t = self.tables;
        let mut bits = Words::default();
        let mut kings = [NO_KING; 2];
        for file in &self.files {
            for (k, &f) in kings.iter_mut().zip(&file.kings) {
                if *k == NO_KING {
                    *k = f;
                }
            }
        }
        bits.put(u64::from(self.to_move == Color::White), 1);
        bits.put(u64::from(kings[0]), 7);
        bits.put(u64::from(kings[1]), 7);
        for file in &self.files {
            bits.put_wide(file.bits, file.len);
        }
        let mut piece_box = FULL_SET;
        for (i, left) in piece_box.iter_mut().enumerate() {
            *left -= self.on_board[i];
        }
        for color in [Color::Black, Color::White] {
            let hand = &self.hands[color.index()];
            let codes = &t.hand[color.index()];
            for (i, (&n, &code)) in hand.iter().zip(codes).enumerate() {
                bits.repeat(code, u32::from(n));
                piece_box[i] -= i32::from(n);
            }
        }
        for (&left, &code) in piece_box.iter().zip(&t.piece_box) {
            bits.repeat(code, u32::try_from(left).unwrap_or(0));
        }
        bits.bytes()
    }
}

/// The model's square of cshogi's square number `n` (file `n / 9 + 1`, rank
/// `n % 9 + 1`).
fn square_of(n: usize) -> Option<Square> {
    Square::new((n / 9 + 1) as u8, (n % 9 + 1) as u8)
}

/// cshogi's square number of a square (81 and beyond for none: never on the board).
fn cshogi_square(s: Square) -> usize {
    usize::from(s.file.wrapping_sub(1)) * 9 + usize::from(s.rank.wrapping_sub(1))
}

/// 256 bits written least significant bit first in each byte (little-endian 64-bit
/// words); bits past the end (a position with more pieces than a set) are dropped.
#[derive(Default)]
struct Words {
    words: [u64; 4],
    at: usize,
}

impl Words {
    /// Puts the `n` (at most 64) low bits of `code`, whose other bits are 0.
    #[inline]
    fn put(&mut self, code: u64, n: u32) {
        let (w, off) = (self.at / 64, self.at % 64);
        if let Some(word) = self.words.get_mut(w) {
            *word |= code << off;
        }
        if off > 0 && off + n as usize > 64 {
            if let Some(word) = self.words.get_mut(w + 1) {
                *word |= code >> (64 - off);
            }
        }
        self.at += n as usize;
    }

    /// Puts the `n` (at most 128) low bits of `code`, whose other bits are 0.
    #[inline]
    fn put_wide(&mut self, code: u128, n: u32) {
        if n <= 64 {
            self.put(code as u64, n);
        } else {
            self.put(code as u64, 64);
            self.put((code >> 64) as u64, n - 64);
        }
    }

    /// Puts a code `times` times over.
    #[inline]
    fn repeat(&mut self, (code, len): Code, times: u32) {
        for _ in 0..times {
            self.put(u64::from(code) & ((1u64 << len) - 1), u32::from(len));
        }
    }

    fn bytes(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (chunk, word) in out.chunks_exact_mut(8).zip(self.words) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Hand;

    /// Positions and moves made by a small generator (neither legal: the encoding
    /// and the making do not care): any piece on any square, hands of any size, and
    /// moves of any piece from any square or from the hand to any square, promoting
    /// or not, capturing whatever stands there (a king too). After each move the
    /// packer's bytes are those of the model's position made by the replay's
    /// `make_on_model`, coded afresh, in both layouts.
    #[test]
    fn packer_follows_the_moves_as_the_fresh_encoding() {
        let kinds = [
            PieceKind::Pawn,
            PieceKind::Lance,
            PieceKind::Knight,
            PieceKind::Silver,
            PieceKind::Gold,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::King,
            PieceKind::PromotedPawn,
            PieceKind::PromotedLance,
            PieceKind::PromotedKnight,
            PieceKind::PromotedSilver,
            PieceKind::Horse,
            PieceKind::Dragon,
        ];
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move |m: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % m
        };
        let square = |n: u64| Square::new((n / 9 + 1) as u8, (n % 9 + 1) as u8).expect("a square");
        let mut moves = 0;
        for round in 0..300 {
            let mut p = if round % 2 == 0 {
                crate::model::Handicap::Even.position()
            } else {
                let mut p = ShogiPosition::empty();
                let fill = next(101);
                for n in 0..81 {
                    if next(100) < fill {
                        let color = [Color::Black, Color::White][next(2) as usize];
                        let kind = kinds[next(14) as usize];
                        p.set(square(n), Some(Piece { kind, color }));
                    }
                }
                let most = [2, 5, 40][next(3) as usize];
                for color in [Color::Black, Color::White] {
                    p.hands[color.index()] = Hand {
                        rook: next(most) as u8,
                        bishop: next(most) as u8,
                        gold: next(most) as u8,
                        silver: next(most) as u8,
                        knight: next(most) as u8,
                        lance: next(most) as u8,
                        pawn: next(most) as u8,
                    };
                }
                p
            };
            let mut packers = [Packer::hcp(&p), Packer::psfen(&p)];
            for (packer, t) in packers
                .iter()
                .zip([&super::super::shogi::HCP, &super::super::shogi::PSFEN])
            {
                assert_eq!(
                    packer.bytes(),
                    super::super::shogi::encode(&p, t),
                    "round {round}"
                );
            }
            for step in 0..60 {
                let color = [Color::Black, Color::White][next(2) as usize];
                let from = (next(4) > 0).then(|| square(next(81)));
                let piece = match from {
                    Some(f) => p.get(f).map_or(kinds[next(14) as usize], |pc| pc.kind),
                    None => kinds[next(7) as usize],
                };
                let m = ShogiMove {
                    color,
                    from,
                    to: square(next(81)),
                    piece,
                    promote: next(3) == 0,
                    capture: None,
                };
                super::super::replay::make_on_model(&mut p, &m);
                for (packer, t) in packers
                    .iter_mut()
                    .zip([&super::super::shogi::HCP, &super::super::shogi::PSFEN])
                {
                    packer.make(&m);
                    assert_eq!(
                        packer.bytes(),
                        super::super::shogi::encode(&p, t),
                        "round {round}, move {step}: {m:?}"
                    );
                }
                moves += 1;
            }
        }
        assert_eq!(moves, 300 * 60);
    }
}
