//! Shogi positions and moves in the layouts engine trainers read: Apery's
//! HuffmanCodedPos as cshogi's `Board.to_hcp` writes it, YaneuraOu's PackedSfen as
//! cshogi's `Board.to_psfen` writes it, the 16-bit moves of both, and the HCPE and
//! PSV records that hold them (`docs/TRAINING.md` gives every bit).

use crate::model::{Color, Piece, PieceKind, ShogiMove, ShogiPosition, Square};

/// A Huffman code: the bits (written least significant first) and how many.
pub(super) type Code = (u8, u8);

/// cshogi's square number of a square: `SQ11 = 0`, `SQ12 = 1` … `SQ99 = 80` (file
/// major, rank minor).
fn sq(s: Square) -> u16 {
    u16::from(s.file - 1) * 9 + u16::from(s.rank - 1)
}

/// The piece-type number of Apery and YaneuraOu (pawn 1, lance 2, knight 3, silver
/// 4, bishop 5, rook 6, gold 7) of a kind that can be held.
fn piece_type(kind: PieceKind) -> u16 {
    match kind.unpromoted() {
        PieceKind::Pawn => 1,
        PieceKind::Lance => 2,
        PieceKind::Knight => 3,
        PieceKind::Silver => 4,
        PieceKind::Bishop => 5,
        PieceKind::Rook => 6,
        PieceKind::Gold => 7,
        _ => 8,
    }
}

/// The kinds held in hand, in cshogi's hand-piece order.
pub(super) const HAND_ORDER: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
];

/// How many of each hand piece a full set has (the piece box starts full).
pub(super) const FULL_SET: [i32; 7] = [18, 4, 4, 4, 4, 2, 2];

/// One format's code tables: the board codes of black's and white's pieces (indexed
/// by [`PieceKind`] as declared; the king is coded by its square), the hand codes of
/// black and white, and the piece box's codes.
pub(super) struct Tables {
    pub(super) board: [[Code; 14]; 2],
    pub(super) hand: [[Code; 7]; 2],
    pub(super) piece_box: [Code; 7],
}

/// cshogi's `HuffmanCodedPos` tables (Apery's).
pub(super) const HCP: Tables = Tables {
    board: [
        [
            (0b1, 4),
            (0b11, 6),
            (0b111, 6),
            (0b1011, 6),
            (0b1111, 6),
            (0b11111, 8),
            (0b111111, 8),
            (0, 0),
            (0b1001, 4),
            (0b100011, 6),
            (0b100111, 6),
            (0b101011, 6),
            (0b10011111, 8),
            (0b10111111, 8),
        ],
        [
            (0b101, 4),
            (0b10011, 6),
            (0b10111, 6),
            (0b11011, 6),
            (0b101111, 6),
            (0b1011111, 8),
            (0b1111111, 8),
            (0, 0),
            (0b1101, 4),
            (0b110011, 6),
            (0b110111, 6),
            (0b111011, 6),
            (0b11011111, 8),
            (0b11111111, 8),
        ],
    ],
    hand: [
        [
            (0b0, 3),
            (0b1, 5),
            (0b11, 5),
            (0b101, 5),
            (0b111, 5),
            (0b11111, 7),
            (0b111111, 7),
        ],
        [
            (0b100, 3),
            (0b10001, 5),
            (0b10011, 5),
            (0b10101, 5),
            (0b10111, 5),
            (0b1011111, 7),
            (0b1111111, 7),
        ],
    ],
    piece_box: [
        (0b10, 3),
        (0b1001, 5),
        (0b1011, 5),
        (0b1101, 5),
        (0b11101, 5),
        (0b1111, 7),
        (0b101111, 7),
    ],
};

/// cshogi's `PackedSfen` tables (YaneuraOu's).
pub(super) const PSFEN: Tables = Tables {
    board: [
        [
            (0b1, 4),
            (0b11, 6),
            (0b1011, 6),
            (0b111, 6),
            (0b1111, 6),
            (0b11111, 8),
            (0b111111, 8),
            (0, 0),
            (0b101, 4),
            (0b10011, 6),
            (0b11011, 6),
            (0b10111, 6),
            (0b1011111, 8),
            (0b1111111, 8),
        ],
        [
            (0b1001, 4),
            (0b100011, 6),
            (0b101011, 6),
            (0b100111, 6),
            (0b101111, 6),
            (0b10011111, 8),
            (0b10111111, 8),
            (0, 0),
            (0b1101, 4),
            (0b110011, 6),
            (0b111011, 6),
            (0b110111, 6),
            (0b11011111, 8),
            (0b11111111, 8),
        ],
    ],
    hand: [
        [
            (0b0, 3),
            (0b1, 5),
            (0b101, 5),
            (0b11, 5),
            (0b111, 5),
            (0b1111, 7),
            (0b11111, 7),
        ],
        [
            (0b100, 3),
            (0b10001, 5),
            (0b10101, 5),
            (0b10011, 5),
            (0b10111, 5),
            (0b1001111, 7),
            (0b1011111, 7),
        ],
    ],
    piece_box: [
        (0b10, 3),
        (0b1001, 5),
        (0b1101, 5),
        (0b1011, 5),
        (0b11011, 5),
        (0b101111, 7),
        (0b111111, 7),
    ],
};

/// 256 bits written least significant bit first in each byte (little-endian 64-bit
/// words); bits past the end (a position with more pieces than a set) are dropped.
struct Bits {
    words: [u64; 4],
    at: usize,
}

impl Bits {
    #[inline]
    fn put(&mut self, (code, n): Code) {
        let (w, off) = (self.at / 64, self.at % 64);
        let code = u64::from(code) & ((1u64 << n) - 1);
        if let Some(word) = self.words.get_mut(w) {
            *word |= code << off;
        }
        if off + usize::from(n) > 64 {
            if let Some(word) = self.words.get_mut(w + 1) {
                *word |= code >> (64 - off);
            }
        }
        self.at += usize::from(n);
    }

    fn bytes(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (chunk, word) in out.chunks_exact_mut(8).zip(self.words) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        out
    }
}

/// The board's kind index into a table row, as [`PieceKind`] declares them.
fn kind_index(kind: PieceKind) -> usize {
    kind as usize
}

/// The model's square index (see [`Square::index`]) of each of cshogi's square
/// numbers `n` (file `n / 9 + 1`, rank `n % 9 + 1`).
pub(super) const MODEL_INDEX: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut n = 0;
    while n < 81 {
        t[n] = ((n % 9) * 9 + (8 - n / 9)) as u8;
        n += 1;
    }
    t
};

/// The piece-box index (cshogi's hand piece) of each [`PieceKind`] as declared,
/// promoted kinds as their unpromoted ones; the king's (7) is never used.
pub(super) const BOX: [u8; 14] = [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 5, 6];

/// The 256 bits of a position in `t`'s codes: side to move, the two kings' squares,
/// the other pieces square by square from SQ11 to SQ99, the hands, the piece box.
pub(super) fn encode(p: &ShogiPosition, t: &Tables) -> [u8; 32] {
    let squares = p.squares();
    // The board goes after the side to move and the kings' squares, which are put
    // once the board is read (the first king of each side from SQ11, as cshogi).
    let mut bits = Bits {
        words: [0; 4],
        at: 15,
    };
    let mut kings = [None::<u8>; 2];
    let mut piece_box = FULL_SET;
    for (n, &i) in MODEL_INDEX.iter().enumerate() {
        match squares.get(usize::from(i)).copied().flatten() {
            // An empty square is one 0 bit.
            None => bits.at += 1,
            Some(Piece {
                kind: PieceKind::King,
                color,
            }) => {
                let k = &mut kings[color.index()];
                if k.is_none() {
                    *k = Some(n as u8);
                }
            }
            Some(piece) => {
                let k = kind_index(piece.kind);
                if let (Some(&code), Some(&b)) = (t.board[piece.color.index()].get(k), BOX.get(k)) {
                    bits.put(code);
                    if let Some(h) = piece_box.get_mut(usize::from(b)) {
                        *h -= 1;
                    }
                }
            }
        }
    }
    for color in [Color::Black, Color::White] {
        for (i, kind) in HAND_ORDER.into_iter().enumerate() {
            let n = p.hands[color.index()].count(kind);
            let code = t.hand[color.index()][i];
            for _ in 0..n {
                bits.put(code);
            }
            piece_box[i] -= i32::from(n);
        }
    }
    for (i, &left) in piece_box.iter().enumerate() {
        for _ in 0..left.max(0) {
            bits.put(t.piece_box[i]);
        }
    }
    bits.at = 0;
    bits.put((u8::from(p.to_move == Color::White), 1));
    bits.put((kings[0].unwrap_or(81), 7));
    bits.put((kings[1].unwrap_or(81), 7));
    bits.bytes()
}

/// The position as cshogi's `Board.to_hcp` writes it: Apery's 256-bit
/// HuffmanCodedPos (the board part of dlshogi's HCPE records).
pub fn hcp(p: &ShogiPosition) -> [u8; 32] {
    encode(p, &HCP)
}

/// The position as cshogi's `Board.to_psfen` writes it: YaneuraOu's 256-bit
/// PackedSfen (the board part of PSV records).
pub fn psfen(p: &ShogiPosition) -> [u8; 32] {
    encode(p, &PSFEN)
}

/// A move as cshogi's `move16` gives it (the `bestMove16` of HCPE records): the
/// destination's square number, the origin's shifted by 7 (a drop: 80 + the dropped
/// piece type), and `1 << 14` for a promotion.
pub fn move16(m: &ShogiMove) -> u16 {
    let from = match m.from {
        Some(f) => sq(f),
        None => 80 + piece_type(m.piece),
    };
    sq(m.to) | from << 7 | u16::from(m.promote) << 14
}

/// A move as YaneuraOu's `Move16` (the `move` of PSV records, cshogi's
/// `move16_to_psv`): the destination, the origin shifted by 7 (a drop: the piece type,
/// with `1 << 14`), and `1 << 15` for a promotion.
pub fn move16_psv(m: &ShogiMove) -> u16 {
    let (from, drop) = match m.from {
        Some(f) => (sq(f), 0),
        None => (piece_type(m.piece), 1 << 14),
    };
    sq(m.to) | from << 7 | drop | u16::from(m.promote) << 15
}

/// dlshogi's 38-byte `HuffmanCodedPosAndEval`: [`hcp`], the score from the side to
/// move (`i16`), the move played ([`move16`], `u16`), the game's result (0 draw, 1
/// black won, 2 white won: [`super::Outcome::hcpe`]) and a zero byte; little-endian.
pub fn hcpe_record(p: &ShogiPosition, eval: i16, best_move16: u16, game_result: u8) -> [u8; 38] {
    hcpe_of(&hcp(p), eval, best_move16, game_result)
}

/// [`hcpe_record`] of a position already coded ([`hcp`]).
pub(super) fn hcpe_of(hcp: &[u8; 32], eval: i16, best_move16: u16, game_result: u8) -> [u8; 38] {
    let mut out = [0u8; 38];
    out[..32].copy_from_slice(hcp);
    out[32..34].copy_from_slice(&eval.to_le_bytes());
    out[34..36].copy_from_slice(&best_move16.to_le_bytes());
    out[36] = game_result;
    out
}

/// YaneuraOu's 40-byte `PackedSfenValue`: [`psfen`], the score from the side to move
/// (`i16`), the move played ([`move16_psv`], `u16`), the position's ply (`u16`), the
/// result for the side to move (1 won, -1 lost, 0 draw: [`super::Outcome::psv`]) and
/// a zero byte; little-endian.
pub fn psv_record(
    p: &ShogiPosition,
    score: i16,
    move_psv: u16,
    game_ply: u16,
    game_result: i8,
) -> [u8; 40] {
    psv_of(&psfen(p), score, move_psv, game_ply, game_result)
}

/// [`psv_record`] of a position already coded ([`psfen`]).
pub(super) fn psv_of(
    psfen: &[u8; 32],
    score: i16,
    move_psv: u16,
    game_ply: u16,
    game_result: i8,
) -> [u8; 40] {
    let mut out = [0u8; 40];
    out[..32].copy_from_slice(psfen);
    out[32..34].copy_from_slice(&score.to_le_bytes());
    out[34..36].copy_from_slice(&move_psv.to_le_bytes());
    out[36..38].copy_from_slice(&game_ply.to_le_bytes());
    out[38] = game_result.to_le_bytes()[0];
    out
}

/// The position's SFEN with move number `ply` ([`crate::rules::shogi::to_sfen`]).
pub fn sfen(p: &ShogiPosition, ply: u32) -> String {
    crate::rules::shogi::to_sfen(p, ply)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Hand;

    /// The encoding written the plainest way, bit by bit: the reference
    /// [`encode`] is held to.
    fn plain(p: &ShogiPosition, t: &Tables) -> [u8; 32] {
        let mut bits: Vec<bool> = Vec::new();
        let put = |bits: &mut Vec<bool>, (code, n): Code| {
            for b in 0..n {
                bits.push(code >> b & 1 == 1);
            }
        };
        let mut kings = [81u8; 2];
        let mut piece_box = FULL_SET;
        let mut board = Vec::new();
        for n in 0..81u8 {
            let square = Square::new(n / 9 + 1, n % 9 + 1).expect("a square");
            match p.get(square) {
                None => board.push(false),
                Some(Piece {
                    kind: PieceKind::King,
                    color,
                }) => {
                    if kings[color.index()] == 81 {
                        kings[color.index()] = n;
                    }
                }
                Some(piece) => {
                    put(
                        &mut board,
                        t.board[piece.color.index()][piece.kind as usize],
                    );
                    piece_box[BOX[piece.kind as usize] as usize] -= 1;
                }
            }
        }
        put(&mut bits, (u8::from(p.to_move == Color::White), 1));
        put(&mut bits, (kings[0], 7));
        put(&mut bits, (kings[1], 7));
        bits.extend(board);
        for color in [Color::Black, Color::White] {
            for (i, kind) in HAND_ORDER.into_iter().enumerate() {
                let n = p.hands[color.index()].count(kind);
                for _ in 0..n {
                    put(&mut bits, t.hand[color.index()][i]);
                }
                piece_box[i] -= i32::from(n);
            }
        }
        for (i, &left) in piece_box.iter().enumerate() {
            for _ in 0..left.max(0) {
                put(&mut bits, t.piece_box[i]);
            }
        }
        let mut out = [0u8; 32];
        for (i, &b) in bits.iter().take(256).enumerate() {
            out[i / 8] |= u8::from(b) << (i % 8);
        }
        out
    }

    /// Positions made by a small generator (not legal ones: the encoding does not
    /// care): every square empty or holding any piece, hands of any size (sets of
    /// more pieces than a box holds run past the 256 bits, which are then dropped).
    #[test]
    fn hcp_and_psfen_are_the_plain_encoding() {
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
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |m: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % m
        };
        let mut start = crate::model::Handicap::Even.position();
        let mut checked = 0;
        for round in 0..4000 {
            let mut p = if round % 3 == 0 {
                start.clone()
            } else {
                ShogiPosition::empty()
            };
            // Emptiness from none to most squares.
            let fill = next(101);
            for n in 0..81u8 {
                let square = Square::new(n / 9 + 1, n % 9 + 1).expect("a square");
                if next(100) < fill {
                    let piece = Piece {
                        kind: kinds[next(14) as usize],
                        color: if next(2) == 0 {
                            Color::Black
                        } else {
                            Color::White
                        },
                    };
                    p.set(square, Some(piece));
                } else if round % 3 != 0 {
                    p.set(square, None);
                }
            }
            for color in [Color::Black, Color::White] {
                let most = [3, 20, 255][next(3) as usize];
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
            p.to_move = if next(2) == 0 {
                Color::Black
            } else {
                Color::White
            };
            assert_eq!(hcp(&p), plain(&p, &HCP), "hcp of round {round}");
            assert_eq!(psfen(&p), plain(&p, &PSFEN), "psfen of round {round}");
            checked += 1;
            if round == 0 {
                start = p.clone();
            }
        }
        assert_eq!(checked, 4000);
    }
}
