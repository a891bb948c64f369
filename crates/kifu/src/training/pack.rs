//! The HCP and PackedSfen of the positions of one game, move after move: the board's
//! codes are kept file by file (nine squares, at most 72 bits), a move codes again
//! only the files it touches, and a position's 256 bits are then five pieces (the
//! header and the first file, then the files two by two), the
//! kings' squares, the hands and the piece box — not 81 squares looked at again for
//! every position. The bytes are [`super::hcp`]'s and [`super::psfen`]'s (the tests
//! hold them to it).

use super::shogi::{Code, Tables, BOX, FULL_SET, HAND_ORDER};
use crate::model::{Color, Piece, PieceKind, ShogiMove, ShogiPosition, Square};

/// No king on the board: cshogi's square number 81.
const NO_KING: u8 = 81;

/// The code of an empty square (one 0 bit) as [`Packer::codes`] holds it.
const EMPTY: u16 = 1 << 8;

/// A position kept for encoding in one of the two layouts ([`Packer::hcp`],
/// [`Packer::psfen`]), moved on by [`Packer::make`].
#[derive(Clone)]
pub struct Packer {
    tables: &'static Tables,
    /// The board in cshogi's square order (`SQ11 = 0` … `SQ99 = 80`).
    squares: [Option<Piece>; 81],
    /// The code of each square: its bits, and its length shifted by 8 (a king's is
    /// empty: kings are coded by their squares).
    codes: [u16; 81],
    /// Each file's squares coded (SQ_f1 … SQ_f9; at most 72 bits), least
    /// significant bit first, and their length.
    files: [(u128, u32); 9],
    /// The squares of each side's kings, one bit a square (the first is coded).
    kings: [u128; 2],
    /// Pieces in hand by color, in cshogi's hand order ([`HAND_ORDER`]).
    hands: [[u8; 7]; 2],
    /// Pieces on the board (kings left out) by their hand kind.
    on_board: [i32; 7],
    /// The hands and the piece box coded (at most 256 bits: past that, bits are
    /// dropped anyway), and their length; coded again when a hand changes.
    tail: Words,
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
        let mut hands = [[0u8; 7]; 2];
        for color in [Color::Black, Color::White] {
            for (i, kind) in HAND_ORDER.into_iter().enumerate() {
                hands[color.index()][i] = p.hands[color.index()].count(kind);
            }
        }
        let mut packer = Packer {
            tables,
            squares: [None; 81],
            codes: [EMPTY; 81],
            files: [(0, 9); 9],
            kings: [0; 2],
            hands,
            on_board: [0; 7],
            tail: Words::default(),
            to_move: p.to_move,
        };
        for n in 0..81 {
            if let Some(square) = square_of(n) {
                packer.put(n, p.get(square));
            }
        }
        for f in 0..9 {
            packer.code_file(f);
        }
        packer.code_tail();
        packer
    }

    /// Another position coded with the same tables by [`super::hcp`]'s encoder
    /// (the check of debug builds).
    pub fn fresh(&self, p: &ShogiPosition) -> [u8; 32] {
        super::shogi::encode(p, self.tables)
    }

    /// Sets square `n` (its file to be coded again), counting what leaves and
    /// what comes.
    fn put(&mut self, n: usize, piece: Option<Piece>) {
        let Some(square) = self.squares.get_mut(n) else {
            return;
        };
        let old = std::mem::replace(square, piece);
        if let Some(old) = old {
            self.count(old, n, false);
        }
        let code = match piece {
            None => EMPTY,
            Some(p) => {
                self.count(p, n, true);
                if p.kind == PieceKind::King {
                    0
                } else {
                    let (code, len) = self.tables.board[p.color.index()][p.kind as usize];
                    u16::from(code) | u16::from(len) << 8
                }
            }
        };
        if let Some(c) = self.codes.get_mut(n) {
            *c = code;
        }
    }

    /// Counts a piece onto (`on`) or off square `n`: a king in its side's kings,
    /// another piece by its hand kind.
    fn count(&mut self, piece: Piece, n: usize, on: bool) {
        if piece.kind == PieceKind::King {
            let kings = &mut self.kings[piece.color.index()];
            if on {
                *kings |= 1 << n;
            } else {
                *kings &= !(1 << n);
            }
        } else if let Some(k) = self.on_board.get_mut(usize::from(BOX[piece.kind as usize])) {
            *k += if on { 1 } else { -1 };
        }
    }

    /// Codes file `f` (0–8) again. A square's code is at most 8 bits, so the first
    /// eight fill at most one 64-bit word, and only the ninth may go past it.
    fn code_file(&mut self, f: usize) {
        let Some(&[c0, c1, c2, c3, c4, c5, c6, c7, c8]) = self.codes.get(f * 9..f * 9 + 9) else {
            return;
        };
        let (mut bits, mut len) = (0u64, 0u32);
        for c in [c0, c1, c2, c3, c4, c5, c6, c7] {
            bits |= u64::from(c & 0xff) << len;
            len += u32::from(c >> 8);
        }
        let file = (
            u128::from(bits) | u128::from(c8 & 0xff) << len,
            len + u32::from(c8 >> 8),
        );
        if let Some(slot) = self.files.get_mut(f) {
            *slot = file;
        }
    }

    /// Codes the hands and the piece box again.
    fn code_tail(&mut self) {
        let t = self.tables;
        let mut bits = Words::default();
        let mut piece_box = FULL_SET;
        for (left, on_board) in piece_box.iter_mut().zip(self.on_board) {
            *left -= on_board;
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
        self.tail = bits;
    }

    /// Makes a move as [`super::replay`]'s model makes it (and so as the rules make
    /// a legal one): the origin emptied or a piece taken from the hand, a capture
    /// (unpromoted, the king never) put in the mover's hand, the piece (promoted or
    /// not) on the destination, the other side to move.
    pub fn make(&mut self, m: &ShogiMove) {
        let c = m.color.index();
        let to = cshogi_square(m.to);
        let on_board = self.on_board;
        let mut tail_stale = false;
        match m.from {
            None => {
                if let Some(n) = self.hands[c].get_mut(usize::from(BOX[m.piece as usize])) {
                    *n = n.saturating_sub(1);
                    tail_stale = true;
                }
            }
            Some(from) => {
                let from = cshogi_square(from);
                self.put(from, None);
                // The destination's file is coded below.
                if from / 9 != to / 9 {
                    self.code_file(from / 9);
                }
                if let Some(cap) = self.squares.get(to).copied().flatten() {
                    if let Some(n) = self.hands[c].get_mut(usize::from(BOX[cap.kind as usize])) {
                        *n = n.saturating_add(1);
                        tail_stale = true;
                    }
                }
            }
        }
        let kind = if m.promote {
            m.piece.promoted().unwrap_or(m.piece)
        } else {
            m.piece
        };
        self.put(
            to,
            Some(Piece {
                color: m.color,
                kind,
            }),
        );
        self.code_file(to / 9);
        // The piece box is what is neither on the board nor in a hand: a legal move
        // leaves it as it was, but a capture or a drop changes a hand.
        if tail_stale || self.on_board != on_board {
            self.code_tail();
        }
        self.to_move = m.color.opponent();
    }

    /// The position's 256 bits: side to move, the kings' squares, the board file by
    /// file, the hands, the piece box.
    pub fn bytes(&self) -> [u8; 32] {
        let king = |k: u128| u64::from(k.trailing_zeros()).min(u64::from(NO_KING));
        let mut bits = Words::default();
        let [(f0, l0), rest @ ..] = &self.files;
        // The 15 header bits and the first file (at most 87 bits), then the other
        // files two by two where they fit in 128 bits (they do but for boards far
        // fuller than a game's): five puts, not ten.
        let head = u128::from(
            u64::from(self.to_move == Color::White)
                | king(self.kings[0]) << 1
                | king(self.kings[1]) << 8,
        );
        bits.put_wide(head | *f0 << 15, 15 + *l0);
        for pair in rest.chunks_exact(2) {
            if let &[(a, la), (b, lb)] = pair {
                if la + lb <= 128 {
                    bits.put_wide(a | b << la, la + lb);
                } else {
                    bits.put_wide(a, la);
                    bits.put_wide(b, lb);
                }
            }
        }
        bits.append(&self.tail);
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
#[derive(Clone, Default)]
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

    /// Puts the bits another holds (at most 256: past that, dropped).
    #[inline]
    fn append(&mut self, other: &Words) {
        let mut left = other.at.min(256);
        for &word in &other.words {
            if left == 0 {
                break;
            }
            let n = left.min(64);
            self.put(word, n as u32);
            left -= n;
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
