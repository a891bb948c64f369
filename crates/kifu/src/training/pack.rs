//! The HCP and PackedSfen of the positions of one game, move after move: the board's
//! codes are kept file by file (nine squares, at most 72 bits), a move codes again
//! only the files it touches (each file's squares kept three by three), and a
//! position's 256 bits are then eleven pieces or so (the header with the side to
//! move and the kings' squares, the nine files, the hands and the piece box) put
//! through a 64-bit accumulator — not 81 squares looked at again for every
//! position. The bytes are [`super::hcp`]'s and [`super::psfen`]'s (the tests
//! hold them to it).

use super::shogi::{Code, Tables, BOX, FULL_SET, HAND_ORDER, MODEL_INDEX};
use crate::model::{Color, Piece, PieceKind, ShogiMove, ShogiPosition, Square};

/// The header's kings' squares when there is no king.
const NO_KING_BITS: u64 = (NO_KING as u64) << 1 | (NO_KING as u64) << 8;

/// No king on the board: cshogi's square number 81.
const NO_KING: u8 = 81;

/// The code of an empty square (one 0 bit) as [`Packer::codes`] holds it.
const EMPTY: u16 = 1 << 8;

/// Three empty squares as [`Packer::trios`] holds them: three 0 bits.
const TRIO_EMPTY: u32 = 3 << 24;

/// A position kept for encoding in one of the two layouts ([`Packer::hcp`],
/// [`Packer::psfen`]), moved on by [`Packer::make`].
#[derive(Clone)]
pub struct Packer {
    tables: &'static Tables,
    /// The board in cshogi's square order (`SQ11 = 0` … `SQ99 = 80`).
    squares: [Option<Piece>; 81],
    /// The code of each square, file by file: its bits, and its length shifted by 8
    /// (a king's is empty: kings are coded by their squares).
    codes: [[u16; 9]; 9],
    /// Each file's squares coded three by three (SQ_f1–f3, f4–f6, f7–f9): the bits
    /// (at most 24) and their length shifted by 24, kept as a square changes so
    /// that coding a file joins three pieces, not nine.
    trios: [[u32; 3]; 9],
    /// Each file's squares coded (SQ_f1 … SQ_f9; at most 72 bits), least
    /// significant bit first, and their length.
    files: [(u128, u32); 9],
    /// The squares of each side's kings, one bit a square (the first is coded).
    kings: [u128; 2],
    /// The kings' squares as the header codes them (bits 1–14), kept as a king
    /// comes or goes.
    king_bits: u64,
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
            codes: [[EMPTY; 9]; 9],
            trios: [[TRIO_EMPTY; 3]; 9],
            files: [(0, 9); 9],
            kings: [0; 2],
            king_bits: NO_KING_BITS,
            hands,
            on_board: [0; 7],
            tail: Words::default(),
            to_move: p.to_move,
        };
        // Every square placed, then every trio and file coded once.
        let squares = p.squares();
        for (n, &i) in MODEL_INDEX.iter().enumerate() {
            packer.place(n, squares.get(usize::from(i)).copied().flatten());
        }
        for f in 0..9 {
            for t in 0..3 {
                packer.code_trio(f, t);
            }
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
    /// what comes, and codes its trio again.
    #[inline]
    fn put(&mut self, n: usize, piece: Option<Piece>) {
        self.place(n, piece);
        self.code_trio(n / 9, n % 9 / 3);
    }

    /// Sets square `n` and its code, counting what leaves and what comes (its trio
    /// and file to be coded again).
    #[inline]
    fn place(&mut self, n: usize, piece: Option<Piece>) {
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
        if let Some(c) = self.codes.get_mut(n / 9).and_then(|f| f.get_mut(n % 9)) {
            *c = code;
        }
    }

    /// Codes trio `t` (0–2) of file `f` (0–8) again.
    #[inline]
    fn code_trio(&mut self, f: usize, t: usize) {
        let (Some(&[a, b, c]), Some(trio)) = (
            self.codes
                .get(f)
                .and_then(|file| file.get(t * 3..t * 3 + 3)),
            self.trios.get_mut(f).and_then(|trio| trio.get_mut(t)),
        ) else {
            return;
        };
        let (la, lb, lc) = (u32::from(a >> 8), u32::from(b >> 8), u32::from(c >> 8));
        *trio = u32::from(a & 0xff)
            | u32::from(b & 0xff) << la
            | u32::from(c & 0xff) << (la + lb)
            | (la + lb + lc) << 24;
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
            let king = |k: u128| u64::from(k.trailing_zeros()).min(u64::from(NO_KING));
            self.king_bits = king(self.kings[0]) << 1 | king(self.kings[1]) << 8;
        } else if let Some(k) = self.on_board.get_mut(usize::from(BOX[piece.kind as usize])) {
            *k += if on { 1 } else { -1 };
        }
    }

    /// Codes file `f` (0–8) again from its three trios (at most 72 bits: the first
    /// two fill at most 48, the third goes past 64 only on a board of rooks).
    #[inline]
    fn code_file(&mut self, f: usize) {
        let (Some(&[t0, t1, t2]), Some(slot)) = (self.trios.get(f), self.files.get_mut(f)) else {
            return;
        };
        let (l0, l1) = (t0 >> 24, t1 >> 24);
        let two = u64::from(t0 & 0xff_ffff) | u64::from(t1 & 0xff_ffff) << l0;
        *slot = (
            u128::from(two) | u128::from(t2 & 0xff_ffff) << (l0 + l1),
            l0 + l1 + (t2 >> 24),
        );
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
                if n > 0 {
                    bits.repeat(code, u32::from(n));
                    piece_box[i] -= i32::from(n);
                }
            }
        }
        for (&left, &code) in piece_box.iter().zip(&t.piece_box) {
            if left > 0 {
                bits.repeat(code, u32::try_from(left).unwrap_or(0));
            }
        }
        bits.settle();
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
        let mut out = [0u8; 32];
        for (chunk, word) in out.chunks_exact_mut(8).zip(self.words()) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        out
    }

    /// [`Packer::bytes`] as four 64-bit words, least significant bit first.
    #[inline]
    pub fn words(&self) -> [u64; 4] {
        let mut bits = Words::default();
        // The 15 header bits, then the board file by file (each at most 72 bits,
        // most under 64: one put each), then the hands and the piece box.
        let [(f0, l0), rest @ ..] = &self.files;
        let head = u64::from(self.to_move == Color::White) | self.king_bits;
        // The header and the first file (at most 87 bits) together.
        bits.put_wide(u128::from(head) | *f0 << 15, 15 + *l0);
        for &(file, len) in rest {
            bits.put_wide(file, len);
        }
        let mut left = self.tail.len().min(256);
        for &word in &self.tail.words {
            if left == 0 {
                break;
            }
            let n = left.min(64);
            bits.put(word, n);
            left -= n;
        }
        bits.finish()
    }
}

/// cshogi's square number of a square (81 and beyond for none: never on the board).
fn cshogi_square(s: Square) -> usize {
    usize::from(s.file.wrapping_sub(1)) * 9 + usize::from(s.rank.wrapping_sub(1))
}

/// 256 bits written least significant bit first in each byte (little-endian 64-bit
/// words) through a 64-bit accumulator; bits past the end (a position with more
/// pieces than a set) are dropped.
#[derive(Clone, Default)]
struct Words {
    words: [u64; 4],
    /// The words filled so far.
    full: usize,
    /// The bits not yet in a word, and how many (fewer than 64).
    acc: u64,
    n: u32,
}

impl Words {
    /// Puts the `n` (at most 64) low bits of `code`, whose other bits are 0.
    #[inline]
    fn put(&mut self, code: u64, n: u32) {
        let at = self.n;
        self.acc |= code << at;
        let total = at + n;
        if total >= 64 {
            if let Some(w) = self.words.get_mut(self.full) {
                *w = self.acc;
            }
            self.full += 1;
            // The bits that did not fit (`code >> (64 - at)`, none when `at` is 0).
            self.acc = code >> 1 >> (63 - at);
            self.n = total - 64;
        } else {
            self.n = total;
        }
    }

    /// The bits put in all.
    fn len(&self) -> u32 {
        u32::try_from(self.full * 64)
            .unwrap_or(u32::MAX)
            .saturating_add(self.n)
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
        let code = u64::from(code) & ((1u64 << len) - 1);
        for _ in 0..times {
            self.put(code, u32::from(len));
        }
    }

    /// The words, the last one's bits not yet in a word put in it.
    #[inline]
    fn finish(mut self) -> [u64; 4] {
        if self.n > 0 {
            if let Some(w) = self.words.get_mut(self.full) {
                *w = self.acc;
            }
        }
        self.words
    }

    /// [`Words::finish`] kept in place (for the tail, put again after the board).
    fn settle(&mut self) {
        let words = self.clone().finish();
        self.words = words;
    }
}
