//! Shogi positions and moves in the layouts engine trainers read: Apery's
//! HuffmanCodedPos as cshogi's `Board.to_hcp` writes it, YaneuraOu's PackedSfen as
//! cshogi's `Board.to_psfen` writes it, the 16-bit moves of both, and the HCPE and
//! PSV records that hold them (`docs/TRAINING.md` gives every bit).

use crate::model::{Color, Piece, PieceKind, ShogiMove, ShogiPosition, Square};

/// A Huffman code: the bits (written least significant first) and how many.
type Code = (u8, u8);

/// cshogi's square number of a square: `SQ11 = 0`, `SQ12 = 1` … `SQ99 = 80` (file
/// major, rank minor).
fn sq(s: Square) -> u16 {
    u16::from(s.file - 1) * 9 + u16::from(s.rank - 1)
}

/// The square of cshogi's square number `n` (below 81).
fn square_of(n: u8) -> Option<Square> {
    Square::new(n / 9 + 1, n % 9 + 1)
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

/// The hand-piece index of cshogi (pawn, lance, knight, silver, gold, bishop, rook)
/// of a kind's unpromoted form; `None` for the king.
fn hand_piece(kind: PieceKind) -> Option<usize> {
    HAND_ORDER.iter().position(|&k| k == kind.unpromoted())
}

/// The kinds held in hand, in cshogi's hand-piece order.
const HAND_ORDER: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
];

/// How many of each hand piece a full set has (the piece box starts full).
const FULL_SET: [i32; 7] = [18, 4, 4, 4, 4, 2, 2];

/// One format's code tables: the board codes of black's and white's pieces (indexed
/// by [`PieceKind`] as declared; the king is coded by its square), the hand codes of
/// black and white, and the piece box's codes.
struct Tables {
    board: [[Code; 14]; 2],
    hand: [[Code; 7]; 2],
    piece_box: [Code; 7],
}

/// cshogi's `HuffmanCodedPos` tables (Apery's).
const HCP: Tables = Tables {
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
const PSFEN: Tables = Tables {
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

/// 256 bits written least significant bit first in each byte; bits past the end
/// (a position with more pieces than a set) are dropped.
struct Bits {
    data: [u8; 32],
    at: usize,
}

impl Bits {
    fn put(&mut self, (code, n): Code) {
        for i in 0..n {
            if let Some(byte) = self.data.get_mut(self.at / 8) {
                *byte |= ((code >> i) & 1) << (self.at % 8);
            }
            self.at += 1;
        }
    }
}

/// The board's kind index into a table row, as [`PieceKind`] declares them.
fn kind_index(kind: PieceKind) -> usize {
    kind as usize
}

/// The 256 bits of a position in `t`'s codes: side to move, the two kings' squares,
/// the other pieces square by square from SQ11 to SQ99, the hands, the piece box.
fn encode(p: &ShogiPosition, t: &Tables) -> [u8; 32] {
    let mut bits = Bits {
        data: [0; 32],
        at: 0,
    };
    bits.put((u8::from(p.to_move == Color::White), 1));
    for color in [Color::Black, Color::White] {
        let king = (0..81u8).find(|&n| {
            square_of(n).and_then(|s| p.get(s))
                == Some(Piece {
                    color,
                    kind: PieceKind::King,
                })
        });
        bits.put((king.unwrap_or(81), 7));
    }
    let mut piece_box = FULL_SET;
    for n in 0..81u8 {
        let Some(s) = square_of(n) else { continue };
        match p.get(s) {
            None => bits.put((0, 1)),
            Some(Piece {
                kind: PieceKind::King,
                ..
            }) => {}
            Some(piece) => {
                let code = t.board[piece.color.index()]
                    .get(kind_index(piece.kind))
                    .copied()
                    .unwrap_or((0, 0));
                bits.put(code);
                if let Some(h) = hand_piece(piece.kind).and_then(|i| piece_box.get_mut(i)) {
                    *h -= 1;
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
    bits.data
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
    let mut out = [0u8; 38];
    out[..32].copy_from_slice(&hcp(p));
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
    let mut out = [0u8; 40];
    out[..32].copy_from_slice(&psfen(p));
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
