use serde::{Deserialize, Serialize};

use super::Color;

/// A shogi piece kind, promoted kinds included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceKind {
    /// 歩 FU.
    Pawn,
    /// 香 KY.
    Lance,
    /// 桂 KE.
    Knight,
    /// 銀 GI.
    Silver,
    /// 金 KI.
    Gold,
    /// 角 KA.
    Bishop,
    /// 飛 HI.
    Rook,
    /// 玉/王 OU.
    King,
    /// と TO (promoted pawn).
    PromotedPawn,
    /// 成香 NY.
    PromotedLance,
    /// 成桂 NK.
    PromotedKnight,
    /// 成銀 NG.
    PromotedSilver,
    /// 馬 UM (promoted bishop).
    Horse,
    /// 龍 RY (promoted rook).
    Dragon,
}

impl PieceKind {
    /// All fourteen kinds.
    pub const ALL: [PieceKind; 14] = [
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

    /// The seven kinds that can be held in hand, in the usual display order.
    pub const HAND: [PieceKind; 7] = [
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Gold,
        PieceKind::Silver,
        PieceKind::Knight,
        PieceKind::Lance,
        PieceKind::Pawn,
    ];

    /// The same seven kinds from the pawn up (the order of the kinds' values, which
    /// engines index hands by, and JKF writes).
    pub const HAND_FROM_PAWN: [PieceKind; 7] = {
        let h = PieceKind::HAND;
        [h[6], h[5], h[4], h[3], h[2], h[1], h[0]]
    };

    /// The promoted kind, if this kind promotes.
    pub fn promoted(self) -> Option<PieceKind> {
        Some(match self {
            PieceKind::Pawn => PieceKind::PromotedPawn,
            PieceKind::Lance => PieceKind::PromotedLance,
            PieceKind::Knight => PieceKind::PromotedKnight,
            PieceKind::Silver => PieceKind::PromotedSilver,
            PieceKind::Bishop => PieceKind::Horse,
            PieceKind::Rook => PieceKind::Dragon,
            _ => return None,
        })
    }

    /// The unpromoted kind (what a captured piece becomes in hand).
    pub fn unpromoted(self) -> PieceKind {
        match self {
            PieceKind::PromotedPawn => PieceKind::Pawn,
            PieceKind::PromotedLance => PieceKind::Lance,
            PieceKind::PromotedKnight => PieceKind::Knight,
            PieceKind::PromotedSilver => PieceKind::Silver,
            PieceKind::Horse => PieceKind::Bishop,
            PieceKind::Dragon => PieceKind::Rook,
            other => other,
        }
    }

    /// True for the six promoted kinds.
    pub fn is_promoted(self) -> bool {
        self.unpromoted() != self
    }

    /// The CSA two-letter code (FU, KY, … RY).
    pub fn csa(self) -> &'static str {
        match self {
            PieceKind::Pawn => "FU",
            PieceKind::Lance => "KY",
            PieceKind::Knight => "KE",
            PieceKind::Silver => "GI",
            PieceKind::Gold => "KI",
            PieceKind::Bishop => "KA",
            PieceKind::Rook => "HI",
            PieceKind::King => "OU",
            PieceKind::PromotedPawn => "TO",
            PieceKind::PromotedLance => "NY",
            PieceKind::PromotedKnight => "NK",
            PieceKind::PromotedSilver => "NG",
            PieceKind::Horse => "UM",
            PieceKind::Dragon => "RY",
        }
    }

    /// The kind for a CSA code.
    pub fn from_csa(code: &str) -> Option<PieceKind> {
        PieceKind::ALL.into_iter().find(|k| k.csa() == code)
    }

    /// The SFEN (and USI drop) letter of a kind, uppercase: P L N S G B R K; a promoted
    /// kind has its base kind's letter (SFEN writes `+` before it).
    pub fn sfen_letter(self) -> char {
        match self.unpromoted() {
            PieceKind::Pawn => 'P',
            PieceKind::Lance => 'L',
            PieceKind::Knight => 'N',
            PieceKind::Silver => 'S',
            PieceKind::Gold => 'G',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            _ => 'K',
        }
    }

    /// The unpromoted kind of an SFEN letter, either case.
    pub fn from_sfen_letter(letter: char) -> Option<PieceKind> {
        let upper = letter.to_ascii_uppercase();
        PieceKind::ALL
            .into_iter()
            .filter(|k| !k.is_promoted())
            .find(|k| k.sfen_letter() == upper)
    }

    /// The one-character kanji used on KIF boards (BOD): 歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍.
    pub fn kanji(self) -> char {
        match self {
            PieceKind::Pawn => '歩',
            PieceKind::Lance => '香',
            PieceKind::Knight => '桂',
            PieceKind::Silver => '銀',
            PieceKind::Gold => '金',
            PieceKind::Bishop => '角',
            PieceKind::Rook => '飛',
            PieceKind::King => '玉',
            PieceKind::PromotedPawn => 'と',
            PieceKind::PromotedLance => '杏',
            PieceKind::PromotedKnight => '圭',
            PieceKind::PromotedSilver => '全',
            PieceKind::Horse => '馬',
            PieceKind::Dragon => '龍',
        }
    }
}

/// A piece on the board: its kind and owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Owner.
    pub color: Color,
    /// Kind.
    pub kind: PieceKind,
}

/// A shogi square in display coordinates: `file` 1–9 counted from black's right
/// (the ７ of ７六), `rank` 1–9 counted from white's side (the 六 of ７六).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "[u8; 2]", into = "[u8; 2]")]
pub struct Square {
    /// File (筋), 1–9.
    pub file: u8,
    /// Rank (段), 1–9.
    pub rank: u8,
}

impl Square {
    /// The square at file and rank, if both are 1–9.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        ((1..=9).contains(&file) && (1..=9).contains(&rank)).then_some(Square { file, rank })
    }

    /// Index 0–80 in reading order of a diagram: rank 1 first, file 9 first within it.
    pub fn index(self) -> usize {
        usize::from(self.rank - 1) * 9 + usize::from(9 - self.file)
    }

    /// The square for a reading-order index 0–80.
    pub fn from_index(i: usize) -> Option<Square> {
        if i >= 81 {
            return None;
        }
        // i < 81, so both fit in u8.
        Square::new(9 - (i % 9) as u8, (i / 9) as u8 + 1)
    }
}

impl TryFrom<[u8; 2]> for Square {
    type Error = String;
    fn try_from([file, rank]: [u8; 2]) -> Result<Square, String> {
        Square::new(file, rank).ok_or_else(|| format!("square ({file}, {rank}) is off the board"))
    }
}

impl From<Square> for [u8; 2] {
    fn from(s: Square) -> [u8; 2] {
        [s.file, s.rank]
    }
}

/// Pieces in hand of one side: a count per unpromoted kind (the king excepted).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    /// 飛.
    #[serde(default)]
    pub rook: u8,
    /// 角.
    #[serde(default)]
    pub bishop: u8,
    /// 金.
    #[serde(default)]
    pub gold: u8,
    /// 銀.
    #[serde(default)]
    pub silver: u8,
    /// 桂.
    #[serde(default)]
    pub knight: u8,
    /// 香.
    #[serde(default)]
    pub lance: u8,
    /// 歩.
    #[serde(default)]
    pub pawn: u8,
}

impl Hand {
    /// How many of `kind` (unpromoted) are held; 0 for the king.
    pub fn count(&self, kind: PieceKind) -> u8 {
        match kind.unpromoted() {
            PieceKind::Rook => self.rook,
            PieceKind::Bishop => self.bishop,
            PieceKind::Gold => self.gold,
            PieceKind::Silver => self.silver,
            PieceKind::Knight => self.knight,
            PieceKind::Lance => self.lance,
            PieceKind::Pawn => self.pawn,
            _ => 0,
        }
    }

    /// A mutable count for an unpromoted kind; `None` for the king.
    pub fn count_mut(&mut self, kind: PieceKind) -> Option<&mut u8> {
        Some(match kind.unpromoted() {
            PieceKind::Rook => &mut self.rook,
            PieceKind::Bishop => &mut self.bishop,
            PieceKind::Gold => &mut self.gold,
            PieceKind::Silver => &mut self.silver,
            PieceKind::Knight => &mut self.knight,
            PieceKind::Lance => &mut self.lance,
            PieceKind::Pawn => &mut self.pawn,
            _ => return None,
        })
    }

    /// True when nothing is held.
    pub fn is_empty(&self) -> bool {
        PieceKind::HAND.iter().all(|&k| self.count(k) == 0)
    }
}

/// An arbitrary shogi position: 81 squares, both hands and the side to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "PositionRepr", into = "PositionRepr")]
pub struct ShogiPosition {
    squares: [Option<Piece>; 81],
    /// Pieces in hand, indexed by [`Color::index`].
    pub hands: [Hand; 2],
    /// The side to move.
    pub to_move: Color,
}

impl ShogiPosition {
    /// An empty board, empty hands, black to move.
    pub fn empty() -> ShogiPosition {
        ShogiPosition {
            squares: [None; 81],
            hands: [Hand::default(); 2],
            to_move: Color::Black,
        }
    }

    /// The piece on a square.
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Puts a piece on (or clears) a square.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.squares[sq.index()] = piece;
    }

    /// All 81 squares in reading order (see [`Square::index`]).
    pub fn squares(&self) -> &[Option<Piece>; 81] {
        &self.squares
    }
}

/// The serialised form of a position: nine rows of nine cells, rank 1 first and file 9
/// first within a row, plus the hands and the side to move.
#[derive(Serialize, Deserialize)]
struct PositionRepr {
    board: Vec<Vec<Option<Piece>>>,
    hands: [Hand; 2],
    to_move: Color,
}

impl TryFrom<PositionRepr> for ShogiPosition {
    type Error = String;
    fn try_from(r: PositionRepr) -> Result<ShogiPosition, String> {
        if r.board.len() != 9 || r.board.iter().any(|row| row.len() != 9) {
            return Err("a shogi board needs 9 rows of 9 cells".into());
        }
        let mut p = ShogiPosition::empty();
        for (i, cell) in r.board.into_iter().flatten().enumerate() {
            p.squares[i] = cell;
        }
        p.hands = r.hands;
        p.to_move = r.to_move;
        Ok(p)
    }
}

impl From<ShogiPosition> for PositionRepr {
    fn from(p: ShogiPosition) -> PositionRepr {
        PositionRepr {
            board: p.squares.chunks(9).map(|row| row.to_vec()).collect(),
            hands: p.hands,
            to_move: p.to_move,
        }
    }
}

/// The named shogi handicaps (駒落ち). In each, white (上手) gives up the pieces and
/// moves first; `Even` is the normal game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Handicap {
    /// 平手: no handicap.
    Even,
    /// 香落ち: left lance.
    Lance,
    /// 右香落ち: right lance.
    RightLance,
    /// 角落ち: bishop.
    Bishop,
    /// 飛車落ち: rook.
    Rook,
    /// 飛香落ち: rook and left lance.
    RookLance,
    /// 二枚落ち: rook and bishop.
    TwoPieces,
    /// 三枚落ち: rook, bishop, left lance.
    ThreePieces,
    /// 四枚落ち: rook, bishop, both lances.
    FourPieces,
    /// 五枚落ち: four pieces and white's right knight (8一).
    FivePieces,
    /// 左五枚落ち: four pieces and white's left knight (2一).
    LeftFivePieces,
    /// 六枚落ち: rook, bishop, lances, knights.
    SixPieces,
    /// 左七枚落ち: six pieces and the left silver.
    LeftSevenPieces,
    /// 右七枚落ち: six pieces and the right silver.
    RightSevenPieces,
    /// 八枚落ち: all but king and golds.
    EightPieces,
    /// 十枚落ち: all but the king and pawns.
    TenPieces,
}

impl Handicap {
    /// The sixteen presets in the order KIF lists them.
    pub const ALL: [Handicap; 16] = [
        Handicap::Even,
        Handicap::Lance,
        Handicap::RightLance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPieces,
        Handicap::ThreePieces,
        Handicap::FourPieces,
        Handicap::FivePieces,
        Handicap::LeftFivePieces,
        Handicap::SixPieces,
        Handicap::LeftSevenPieces,
        Handicap::RightSevenPieces,
        Handicap::EightPieces,
        Handicap::TenPieces,
    ];

    /// The Japanese name as KIF's 手合割 writes it.
    pub fn japanese(self) -> &'static str {
        match self {
            Handicap::Even => "平手",
            Handicap::Lance => "香落ち",
            Handicap::RightLance => "右香落ち",
            Handicap::Bishop => "角落ち",
            Handicap::Rook => "飛車落ち",
            Handicap::RookLance => "飛香落ち",
            Handicap::TwoPieces => "二枚落ち",
            Handicap::ThreePieces => "三枚落ち",
            Handicap::FourPieces => "四枚落ち",
            Handicap::FivePieces => "五枚落ち",
            Handicap::LeftFivePieces => "左五枚落ち",
            Handicap::SixPieces => "六枚落ち",
            Handicap::LeftSevenPieces => "左七枚落ち",
            Handicap::RightSevenPieces => "右七枚落ち",
            Handicap::EightPieces => "八枚落ち",
            Handicap::TenPieces => "十枚落ち",
        }
    }

    /// The preset for a KIF 手合割 name (surrounding spaces ignored).
    pub fn from_japanese(name: &str) -> Option<Handicap> {
        let name = name.trim();
        Handicap::ALL.into_iter().find(|h| h.japanese() == name)
    }

    /// The squares white's pieces are removed from, relative to the even position.
    pub fn removed(self) -> &'static [(u8, u8)] {
        // (file, rank) of white's pieces: lances 11 / 91, knights 21 / 81,
        // silvers 31 / 71, bishop 22, rook 82. White's "left" is black's right (file 1), so 香落ち removes 1一 and 五枚落ち
        // (`2sgkgsn1` in SFEN) removes 8一.
        const L: (u8, u8) = (1, 1);
        const RL: (u8, u8) = (9, 1);
        const LN: (u8, u8) = (2, 1);
        const RN: (u8, u8) = (8, 1);
        const LS: (u8, u8) = (3, 1);
        const RS: (u8, u8) = (7, 1);
        const B: (u8, u8) = (2, 2);
        const R: (u8, u8) = (8, 2);
        const LG: (u8, u8) = (4, 1);
        const RG: (u8, u8) = (6, 1);
        match self {
            Handicap::Even => &[],
            Handicap::Lance => &[L],
            Handicap::RightLance => &[RL],
            Handicap::Bishop => &[B],
            Handicap::Rook => &[R],
            Handicap::RookLance => &[R, L],
            Handicap::TwoPieces => &[R, B],
            Handicap::ThreePieces => &[R, B, L],
            Handicap::FourPieces => &[R, B, L, RL],
            Handicap::FivePieces => &[R, B, L, RL, RN],
            Handicap::LeftFivePieces => &[R, B, L, RL, LN],
            Handicap::SixPieces => &[R, B, L, RL, LN, RN],
            Handicap::LeftSevenPieces => &[R, B, L, RL, LN, RN, LS],
            Handicap::RightSevenPieces => &[R, B, L, RL, LN, RN, RS],
            Handicap::EightPieces => &[R, B, L, RL, LN, RN, LS, RS],
            Handicap::TenPieces => &[R, B, L, RL, LN, RN, LS, RS, LG, RG],
        }
    }

    /// The starting position of this preset (white moves first unless `Even`).
    pub fn position(self) -> ShogiPosition {
        let mut p = ShogiPosition::empty();
        let back = [
            PieceKind::Lance,
            PieceKind::Knight,
            PieceKind::Silver,
            PieceKind::Gold,
            PieceKind::King,
            PieceKind::Gold,
            PieceKind::Silver,
            PieceKind::Knight,
            PieceKind::Lance,
        ];
        for (i, kind) in back.into_iter().enumerate() {
            let file = 9 - i as u8;
            place(&mut p, Color::White, kind, file, 1);
            place(&mut p, Color::Black, kind, 10 - file, 9);
            place(&mut p, Color::White, PieceKind::Pawn, file, 3);
            place(&mut p, Color::Black, PieceKind::Pawn, file, 7);
        }
        place(&mut p, Color::White, PieceKind::Rook, 8, 2);
        place(&mut p, Color::White, PieceKind::Bishop, 2, 2);
        place(&mut p, Color::Black, PieceKind::Rook, 2, 8);
        place(&mut p, Color::Black, PieceKind::Bishop, 8, 8);
        for &(file, rank) in self.removed() {
            if let Some(sq) = Square::new(file, rank) {
                p.set(sq, None);
            }
        }
        if self != Handicap::Even {
            p.to_move = Color::White;
        }
        p
    }
}

fn place(p: &mut ShogiPosition, color: Color, kind: PieceKind, file: u8, rank: u8) {
    if let Some(sq) = Square::new(file, rank) {
        p.set(sq, Some(Piece { color, kind }));
    }
}

/// Where a shogi game starts: one of the sixteen named presets, or その他 (any
/// position, given square by square as in a KIF BOD diagram or an SFEN).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShogiStart {
    /// A named preset (平手 … 十枚落ち).
    Preset(Handicap),
    /// その他: an arbitrary position.
    Other(Box<ShogiPosition>),
}

impl ShogiStart {
    /// The position the game starts from.
    pub fn position(&self) -> ShogiPosition {
        match self {
            ShogiStart::Preset(h) => h.position(),
            ShogiStart::Other(p) => (**p).clone(),
        }
    }
}

#[cfg(test)]
mod table_tests {
    use super::PieceKind;

    #[test]
    fn hand_orders_and_sfen_letters_agree() {
        // Index order: each kind's value is its place.
        for (i, k) in PieceKind::HAND_FROM_PAWN.into_iter().enumerate() {
            assert_eq!(k as usize, i);
        }
        let letters: String = PieceKind::HAND.iter().map(|k| k.sfen_letter()).collect();
        assert_eq!(letters, "RBGSNLP");
        assert_eq!(PieceKind::from_sfen_letter('k'), Some(PieceKind::King));
        assert_eq!(PieceKind::from_sfen_letter('x'), None);
        assert_eq!(PieceKind::Dragon.sfen_letter(), 'R');
    }
}
