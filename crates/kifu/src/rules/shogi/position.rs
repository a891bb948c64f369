//! The mutable shogi position the engine works on: board, hands, side to move and
//! king squares, changed in place by [`Position::make`] and [`Position::unmake`].

use crate::model::{Color, Handicap, Piece, PieceKind, ShogiMove, ShogiPosition, Square};

/// A direction on the board as (column step, row step). Columns count from file 9
/// (column 0) to file 1 (column 8); rows from rank 1 (row 0) to rank 9 (row 8). Black
/// moves "forward" towards row 0.
pub(crate) type Dir = (i8, i8);

const FWD: Dir = (0, -1);
const FL: Dir = (-1, -1);
const FR: Dir = (1, -1);
const LEFT: Dir = (-1, 0);
const RIGHT: Dir = (1, 0);
const BACK: Dir = (0, 1);
const BL: Dir = (-1, 1);
const BR: Dir = (1, 1);

/// All eight neighbour directions.
pub(crate) const ALL_DIRS: [Dir; 8] = [FL, FWD, FR, LEFT, RIGHT, BL, BACK, BR];
const GOLD: [Dir; 6] = [FL, FWD, FR, LEFT, RIGHT, BACK];
const SILVER: [Dir; 5] = [FL, FWD, FR, BL, BR];
const ORTHO: [Dir; 4] = [FWD, LEFT, RIGHT, BACK];
const DIAG: [Dir; 4] = [FL, FR, BL, BR];
/// Knight jumps, black's view.
pub(crate) const KNIGHT: [Dir; 2] = [(-1, -2), (1, -2)];

/// The one-square steps of a kind, from black's point of view.
pub(crate) fn steps(kind: PieceKind) -> &'static [Dir] {
    match kind {
        PieceKind::Pawn => &[FWD],
        PieceKind::Silver => &SILVER,
        PieceKind::Gold
        | PieceKind::PromotedPawn
        | PieceKind::PromotedLance
        | PieceKind::PromotedKnight
        | PieceKind::PromotedSilver => &GOLD,
        PieceKind::King => &ALL_DIRS,
        PieceKind::Horse => &ORTHO,
        PieceKind::Dragon => &DIAG,
        PieceKind::Lance | PieceKind::Knight | PieceKind::Bishop | PieceKind::Rook => &[],
    }
}

/// The sliding directions of a kind, from black's point of view.
pub(crate) fn slides(kind: PieceKind) -> &'static [Dir] {
    match kind {
        PieceKind::Lance => &[FWD],
        PieceKind::Bishop | PieceKind::Horse => &DIAG,
        PieceKind::Rook | PieceKind::Dragon => &ORTHO,
        _ => &[],
    }
}

/// A black-view direction turned to `color`'s view.
#[inline]
pub(crate) fn oriented(d: Dir, color: Color) -> Dir {
    match color {
        Color::Black => d,
        Color::White => (-d.0, -d.1),
    }
}

/// The square `d` away from index `sq`, if on the board.
#[inline]
pub(crate) fn offset(sq: usize, d: Dir) -> Option<usize> {
    let col = (sq % 9) as i8 + d.0;
    let row = (sq / 9) as i8 + d.1;
    ((0..9).contains(&col) && (0..9).contains(&row)).then(|| row as usize * 9 + col as usize)
}

/// The row (0 = rank 1) of a square index.
#[inline]
pub(crate) fn row(sq: usize) -> usize {
    sq / 9
}

/// True when `sq` lies in `color`'s promotion zone (the far three ranks).
#[inline]
pub(crate) fn in_zone(sq: usize, color: Color) -> bool {
    match color {
        Color::Black => row(sq) <= 2,
        Color::White => row(sq) >= 6,
    }
}

/// True when an unpromoted `kind` of `color` standing on `sq` could never move again
/// (行き所のない駒): a pawn or lance on the last rank, a knight on the last two.
#[inline]
pub(crate) fn is_dead(kind: PieceKind, color: Color, sq: usize) -> bool {
    let r = match color {
        Color::Black => row(sq),
        Color::White => 8 - row(sq),
    };
    match kind {
        PieceKind::Pawn | PieceKind::Lance => r == 0,
        PieceKind::Knight => r <= 1,
        _ => false,
    }
}

/// The index of a hand kind (pawn 0 … rook 6); `None` for kinds never held.
#[inline]
pub(crate) fn hand_index(kind: PieceKind) -> Option<usize> {
    let i = kind as usize;
    (i <= PieceKind::Rook as usize).then_some(i)
}

/// The kinds that can be held, in hand-index order.
pub(crate) const HAND_KINDS: [PieceKind; 7] = PieceKind::HAND_FROM_PAWN;

/// The square index (reading order) of a model square.
#[inline]
pub(crate) fn idx(sq: Square) -> usize {
    sq.index()
}

/// The model square of an index below 81.
#[inline]
pub(crate) fn square(i: usize) -> Square {
    Square::from_index(i).unwrap_or(Square { file: 1, rank: 1 })
}

/// A shogi position that moves are made on and taken back in place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    board: [Option<Piece>; 81],
    hands: [[u8; 7]; 2],
    to_move: Color,
    kings: [Option<u8>; 2],
    /// The occupied squares, bit `i` for square index `i`: a sliding attack is
    /// found by its first blocker ([`Tables::rays`]) instead of square by square.
    occ: u128,
    /// The Zobrist hash of board, hands and side to move ([`Position::hash`]), kept
    /// up to date by every change.
    hash: u64,
}

/// Random keys for the position hash: one per (square, piece), one per piece held
/// (a hand adds its kind's key once per piece, with wrapping addition), one for
/// white to move. Every part is added (wrapping), so a change subtracts the old key
/// and adds the new one.
struct Keys {
    /// `[square << 5 | colour << 4 | kind]`, with room for 128 squares so that a
    /// masked index needs no bounds check (squares 81–127 are never used).
    board: [u64; 128 * 32],
    /// `[colour << 3 | hand index]`.
    hand: [u64; 16],
    white: u64,
}

/// The key of `kind` of `color` on square index `sq`.
#[inline]
fn board_key(sq: usize, color: Color, kind: PieceKind) -> u64 {
    KEYS.board[((sq & 127) << 5) | (color.index() << 4) | (kind as usize & 15)]
}

/// The key of one piece of hand index `i` held by `color`.
#[inline]
fn hand_key(color: Color, i: usize) -> u64 {
    KEYS.hand[(color.index() << 3) | (i & 7)]
}

/// One step of SplitMix64: the next state and its output.
const fn split_mix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// The keys, from a fixed seed (the same in every run), built at compile time.
const fn build_keys() -> Keys {
    let mut k = Keys {
        board: [0; 128 * 32],
        hand: [0; 16],
        white: 0,
    };
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut i = 0;
    while i < 128 * 32 {
        let (s, z) = split_mix(state);
        state = s;
        k.board[i] = z;
        i += 1;
    }
    let mut i = 0;
    while i < 16 {
        let (s, z) = split_mix(state);
        state = s;
        k.hand[i] = z;
        i += 1;
    }
    k.white = split_mix(state).1;
    k
}

static KEYS: Keys = build_keys();

impl Position {
    /// The empty board, no piece in hand, black to move (whose hash is 0): the
    /// position of [`ShogiPosition::empty`], built without looking at it.
    pub fn empty() -> Position {
        Position {
            board: [None; 81],
            hands: [[0; 7]; 2],
            to_move: Color::Black,
            kings: [None; 2],
            occ: 0,
            hash: 0,
        }
    }

    /// The start position of a preset (`Position::from_model(&h.position())`), built
    /// once for each preset and copied: a reader starts most games from one.
    pub fn of_preset(h: Handicap) -> Position {
        static PRESETS: std::sync::OnceLock<Vec<(Handicap, Position)>> = std::sync::OnceLock::new();
        PRESETS
            .get_or_init(|| {
                Handicap::ALL
                    .map(|h| (h, Position::from_model(&h.position())))
                    .to_vec()
            })
            .iter()
            .find(|(k, _)| *k == h)
            .map_or_else(
                || Position::from_model(&h.position()),
                |(_, pos)| pos.clone(),
            )
    }

    /// The position of a model position (kings found on the board; with two kings of
    /// one side, the first in reading order counts).
    pub fn from_model(p: &ShogiPosition) -> Position {
        let mut pos = Position {
            board: *p.squares(),
            to_move: p.to_move,
            ..Position::empty()
        };
        let mut hash = 0u64;
        for (c, hand) in p.hands.iter().enumerate() {
            let color = if c == 0 { Color::Black } else { Color::White };
            for (i, kind) in HAND_KINDS.into_iter().enumerate() {
                let n = hand.count(kind);
                pos.hands[c][i] = n;
                hash = hash.wrapping_add(hand_key(color, i).wrapping_mul(u64::from(n)));
            }
        }
        // One pass over the board: the occupied squares, the kings (the first of a
        // side in reading order) and the hash (as `full_hash`).
        let mut occ = 0u128;
        for (i, piece) in pos.board.iter().enumerate() {
            if let Some(piece) = piece {
                occ |= bit(i);
                hash = hash.wrapping_add(board_key(i, piece.color, piece.kind));
                if piece.kind == PieceKind::King {
                    let slot = &mut pos.kings[piece.color.index()];
                    if slot.is_none() {
                        *slot = Some(i as u8);
                    }
                }
            }
        }
        if pos.to_move == Color::White {
            hash = hash.wrapping_add(KEYS.white);
        }
        pos.occ = occ;
        pos.hash = hash;
        debug_assert_eq!(hash, pos.full_hash());
        pos
    }

    /// The hash of board, hands and side to move, computed from scratch.
    fn full_hash(&self) -> u64 {
        let mut h = 0u64;
        for (i, p) in self.board.iter().enumerate() {
            if let Some(p) = p {
                h = h.wrapping_add(board_key(i, p.color, p.kind));
            }
        }
        for c in [Color::Black, Color::White] {
            for (i, &n) in self.hands[c.index()].iter().enumerate() {
                h = h.wrapping_add(hand_key(c, i).wrapping_mul(u64::from(n)));
            }
        }
        if self.to_move == Color::White {
            h = h.wrapping_add(KEYS.white);
        }
        h
    }

    /// A Zobrist hash of the position (board, hands and side to move), updated in
    /// place by [`Position::make`] and [`Position::unmake`]: equal positions have
    /// equal hashes, and different ones almost never do. Repetition (千日手) is
    /// tracked with it.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Adds one piece of hand index `i` to `c`'s hand (`up`) or takes one away,
    /// keeping the hash; a count never goes below 0 nor above 255.
    #[inline]
    fn hand_step(&mut self, c: Color, i: usize, up: bool) {
        let Some(h) = self.hands[c.index()].get_mut(i) else {
            return;
        };
        if up {
            if *h < u8::MAX {
                *h += 1;
                self.hash = self.hash.wrapping_add(hand_key(c, i));
            }
        } else if *h > 0 {
            *h -= 1;
            self.hash = self.hash.wrapping_sub(hand_key(c, i));
        }
    }

    /// Sets the side to move, keeping the hash.
    #[inline]
    fn turn_to(&mut self, color: Color) {
        if self.to_move != color {
            self.hash = match color {
                Color::White => self.hash.wrapping_add(KEYS.white),
                Color::Black => self.hash.wrapping_sub(KEYS.white),
            };
            self.to_move = color;
        }
    }

    /// The model position.
    pub fn to_model(&self) -> ShogiPosition {
        let mut p = ShogiPosition::empty();
        for (i, piece) in self.board.iter().enumerate() {
            if let Some(sq) = Square::from_index(i) {
                p.set(sq, *piece);
            }
        }
        for (c, hand) in self.hands.iter().enumerate() {
            for (i, kind) in HAND_KINDS.into_iter().enumerate() {
                if let (Some(h), Some(n)) = (p.hands.get_mut(c), hand.get(i)) {
                    if let Some(slot) = h.count_mut(kind) {
                        *slot = *n;
                    }
                }
            }
        }
        p.to_move = self.to_move;
        p
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets the side to move.
    pub fn set_to_move(&mut self, color: Color) {
        self.turn_to(color);
    }

    /// The piece on a square.
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.at(idx(sq))
    }

    /// The piece on a square index (none off the board).
    #[inline]
    pub(crate) fn at(&self, i: usize) -> Option<Piece> {
        self.board.get(i).copied().flatten()
    }

    /// How many of an unpromoted kind `color` holds.
    pub fn in_hand(&self, color: Color, kind: PieceKind) -> u8 {
        hand_index(kind.unpromoted())
            .and_then(|i| self.hands[color.index()].get(i).copied())
            .unwrap_or(0)
    }

    /// The square of `color`'s king, if it has one.
    pub fn king(&self, color: Color) -> Option<usize> {
        self.kings[color.index()].map(usize::from)
    }

    /// True when `color`'s king is attacked.
    pub fn in_check(&self, color: Color) -> bool {
        self.king(color)
            .is_some_and(|k| self.attacked(k, color.opponent()))
    }

    /// True when `color` has an unpromoted pawn on the file of column `col`.
    pub(crate) fn pawn_on_file(&self, color: Color, col: usize) -> bool {
        let pawn = Some(Piece {
            color,
            kind: PieceKind::Pawn,
        });
        // Only the file's occupied squares are looked at.
        let mut on = self.occ & (FILE0 << (col % 9));
        while on != 0 {
            let sq = on.trailing_zeros() as usize;
            if self.at(sq) == pawn {
                return true;
            }
            on &= on - 1;
        }
        false
    }

    /// True when a piece of `by` attacks square index `sq`.
    pub fn attacked(&self, sq: usize, by: Color) -> bool {
        let t = tables();
        for di in 0..8 {
            if self.attacked_along(t, sq, di, by) {
                return true;
            }
        }
        t.knight_from[by.index()][sq].iter().any(|&n| {
            n != OFF
                && self.board[usize::from(n)]
                    == Some(Piece {
                        color: by,
                        kind: PieceKind::Knight,
                    })
        })
    }

    /// True when the first piece from `sq` in direction `di` (of [`ALL_DIRS`]) is
    /// one of `by` that attacks `sq` from there.
    #[inline]
    fn attacked_along(&self, t: &Tables, sq: usize, di: usize, by: Color) -> bool {
        let Some(n) = first_on(t.rays[sq][di] & self.occ, di) else {
            return false;
        };
        let Some(p) = self.at(n) else {
            return false;
        };
        let c = by.index();
        let k = p.kind as usize;
        let adjacent = usize::from(t.neighbour[sq][di]) == n;
        p.color == by && ((adjacent && t.step_attack[c][di][k]) || t.slide_attack[c][di][k])
    }

    /// True when a piece of `by` attacks square index `sq` along the line from `sq`
    /// through `through` ([`Position::attacked`] in that one direction); false when
    /// the two squares share no line. `t`: [`tables`].
    pub(crate) fn attacked_through(
        &self,
        t: &Tables,
        sq: usize,
        through: usize,
        by: Color,
    ) -> bool {
        match t.line.get(sq).and_then(|l| l.get(through)) {
            Some(&di) if di != OFF => self.attacked_along(t, sq, usize::from(di), by),
            _ => false,
        }
    }

    /// True when `kind` of `color` on `from` attacks `to` along its moves (the path of
    /// a sliding piece clear). `t`: [`tables`].
    pub(crate) fn reaches(
        &self,
        t: &Tables,
        from: usize,
        to: usize,
        kind: PieceKind,
        color: Color,
    ) -> bool {
        if from >= 81 || to >= 81 {
            return false;
        }
        // The step from `from` to `to` as a `delta_index`, from each square's place
        // on a board 17 wide (a table of the steps was 13 KB more to keep in the
        // cache; dividing by 9 twice a move was measurable).
        let step = usize::from(PADDED[to]) + (8 * 17 + 8) - usize::from(PADDED[from]);
        let how = t.reach[color.index()][kind as usize & 15]
            .get(step)
            .copied()
            .unwrap_or(NO_REACH);
        match how {
            NO_REACH => false,
            STEP_REACH => true,
            slide => {
                // `to` lies on the line: reached when no piece stands between.
                let di = usize::from(slide - 2) & 7;
                let between = (t.rays[from][di] ^ t.rays[to][di]) & !bit(to);
                between & self.occ == 0
            }
        }
    }

    /// Every square holding a piece of `kind` and `by` that attacks `sq` along its
    /// moves (pins ignored), in reading order; no allocation.
    pub(crate) fn attackers_of_kind(&self, sq: usize, by: Color, kind: PieceKind) -> Squares {
        let t = tables();
        let c = by.index();
        let k = kind as usize;
        let mut out = Squares::default();
        // Only the directions `kind` can come from.
        let (dirs, count) = t.kind_dirs[c][k];
        for &(di, slide) in dirs.iter().take(usize::from(count)) {
            let di = usize::from(di);
            let mut cur = sq;
            loop {
                let n = t.neighbour[cur][di];
                if n == OFF {
                    break;
                }
                let n = usize::from(n);
                if let Some(p) = self.board[n] {
                    if p.color == by && p.kind == kind {
                        out.push(n);
                    }
                    break;
                }
                if !slide {
                    // A stepper reaches from the next square only.
                    break;
                }
                cur = n;
            }
        }
        if kind == PieceKind::Knight {
            for &n in &t.knight_from[c][sq] {
                if n != OFF
                    && self.board[usize::from(n)]
                        == Some(Piece {
                            color: by,
                            kind: PieceKind::Knight,
                        })
                {
                    out.push(usize::from(n));
                }
            }
        }
        if out.len() > 1 {
            out.sort();
        }
        out
    }

    /// Makes a move the caller knows to be consistent with the position (the right
    /// piece on `from`, `capture` what stands on `to`, the dropped kind in hand).
    #[inline(always)]
    pub fn make(&mut self, mv: &ShogiMove) {
        self.make_at(mv, mv.from.map(idx), idx(mv.to));
    }

    /// [`Position::make`] with the indices of the move's squares (`from`: `None` for
    /// a drop) already computed by the caller, which uses them too.
    #[inline(always)]
    pub(crate) fn make_at(&mut self, mv: &ShogiMove, from: Option<usize>, to: usize) {
        let c = mv.color;
        let kind = if mv.promote {
            mv.piece.promoted().unwrap_or(mv.piece)
        } else {
            mv.piece
        };
        match from {
            None => {
                if let Some(i) = hand_index(mv.piece) {
                    self.hand_step(c, i, false);
                }
            }
            Some(f) => {
                if let Some(p) = self.board[f] {
                    self.hash = self.hash.wrapping_sub(board_key(f, p.color, p.kind));
                }
                self.board[f] = None;
                self.occ &= !bit(f);
                if let Some(i) = self.board[to].and_then(|cap| hand_index(cap.kind.unpromoted())) {
                    self.hand_step(c, i, true);
                }
                if let Some(cap) = self.board[to] {
                    if cap.kind == PieceKind::King
                        && self.kings[cap.color.index()] == Some(to as u8)
                    {
                        self.kings[cap.color.index()] = None;
                    }
                }
                if kind == PieceKind::King {
                    self.kings[c.index()] = Some(to as u8);
                }
            }
        }
        // What stood on the destination (a capture) goes, the moved piece comes.
        if let Some(p) = self.board[to] {
            self.hash = self.hash.wrapping_sub(board_key(to, p.color, p.kind));
        }
        self.board[to] = Some(Piece { color: c, kind });
        self.occ |= bit(to);
        self.hash = self.hash.wrapping_add(board_key(to, c, kind));
        self.turn_to(c.opponent());
    }

    /// Takes back a move made with [`Position::make`].
    pub fn unmake(&mut self, mv: &ShogiMove) {
        let to = idx(mv.to);
        let c = mv.color;
        if let Some(p) = self.board[to] {
            self.hash = self.hash.wrapping_sub(board_key(to, p.color, p.kind));
        }
        match mv.from {
            None => {
                self.board[to] = None;
                self.occ &= !bit(to);
                if let Some(i) = hand_index(mv.piece) {
                    self.hand_step(c, i, true);
                }
            }
            Some(from) => {
                let f = idx(from);
                if let Some(p) = self.board[f] {
                    self.hash = self.hash.wrapping_sub(board_key(f, p.color, p.kind));
                }
                self.board[f] = Some(Piece {
                    color: c,
                    kind: mv.piece,
                });
                self.hash = self.hash.wrapping_add(board_key(f, c, mv.piece));
                self.board[to] = mv.capture.map(|kind| Piece {
                    color: c.opponent(),
                    kind,
                });
                self.occ |= bit(f);
                if mv.capture.is_none() {
                    self.occ &= !bit(to);
                }
                if let Some(cap) = mv.capture {
                    self.hash = self.hash.wrapping_add(board_key(to, c.opponent(), cap));
                    if let Some(i) = hand_index(cap.unpromoted()) {
                        self.hand_step(c, i, false);
                    }
                    if cap == PieceKind::King {
                        self.kings[c.opponent().index()] = Some(to as u8);
                    }
                }
                if mv.piece == PieceKind::King {
                    self.kings[c.index()] = Some(f as u8);
                }
            }
        }
        self.turn_to(c);
    }
}

/// Up to ten squares (the most pieces that can reach one square: eight neighbours
/// and two knights), held without allocation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Squares {
    items: [u8; 10],
    len: u8,
}

impl Squares {
    fn push(&mut self, sq: usize) {
        if let Some(slot) = self.items.get_mut(usize::from(self.len)) {
            *slot = sq as u8;
            self.len += 1;
        }
    }

    fn sort(&mut self) {
        let n = usize::from(self.len);
        if let Some(s) = self.items.get_mut(..n) {
            s.sort_unstable();
        }
    }

    /// How many squares.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The squares, in reading order.
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.items
            .iter()
            .take(usize::from(self.len))
            .map(|&i| square(usize::from(i)))
    }

    /// The only square, when there is exactly one.
    pub fn single(&self) -> Option<Square> {
        (self.len == 1).then(|| square(usize::from(self.items[0])))
    }
}

/// No square (a neighbour off the board).
const OFF: u8 = u8::MAX;

/// The bit of square index `i` in a set of squares ([`Position`]'s `occ`), looked
/// up ([`BITS`]: a shift of 128 bits is a shift of each half and a choice between
/// them, a move's make asks for two or three).
#[inline(always)]
fn bit(i: usize) -> u128 {
    BITS[i & 127]
}

/// `[i]`: the bit of square index `i` ([`bit`]).
static BITS: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

/// The square of `squares` nearest along direction `di` of [`ALL_DIRS`] from the
/// square they lie beyond (squares of one ray): the lowest index for the four
/// directions that raise it, the highest for the four that lower it.
#[inline(always)]
fn first_on(squares: u128, di: usize) -> Option<usize> {
    if squares == 0 {
        None
    } else if di >= 4 {
        Some(squares.trailing_zeros() as usize)
    } else {
        Some(127 - squares.leading_zeros() as usize)
    }
}

/// The squares of column 0 (file 9), as bits: shifted left by a column, that
/// column's squares.
const FILE0: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 9 {
        m |= 1u128 << (r * 9);
        r += 1;
    }
    m
};

/// `[sq]`: `row * 17 + column` of square index `sq`, so that the difference of two
/// squares' values, plus `8 * 17 + 8`, is the [`delta_index`] of the step between
/// them.
static PADDED: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = ((i / 9) * 17 + i % 9) as u8;
        i += 1;
    }
    t
};

/// A piece cannot reach the square.
const NO_REACH: u8 = 0;
/// A piece reaches the square in one step or jump.
const STEP_REACH: u8 = 1;

/// The index of a (column, row) step of at most eight either way in a 17 × 17 table.
fn delta_index(d: Dir) -> usize {
    (d.1 + 8) as usize * 17 + (d.0 + 8) as usize
}

/// Lookup tables for attack detection, built once ([`tables`]).
pub(crate) struct Tables {
    /// The square one step in each of [`ALL_DIRS`] from each square, or [`OFF`].
    neighbour: [[u8; 8]; 81],
    /// `[sq][dir]`: the squares beyond `sq` in each of [`ALL_DIRS`] to the edge of
    /// the board (`sq` not included), as bits.
    rays: [[u128; 8]; 81],
    /// `[color][dir][kind]`: a piece of that colour and kind one step away in
    /// direction `dir` (from the target) attacks the target.
    step_attack: [[[bool; 14]; 8]; 2],
    /// The same for a sliding piece at any distance along a clear line.
    slide_attack: [[[bool; 14]; 8]; 2],
    /// `[color][sq]`: the squares a knight of that colour attacks `sq` from.
    knight_from: [[[u8; 2]; 81]; 2],
    /// `[a][b]`: the index in [`ALL_DIRS`] of the direction from square `a` to
    /// square `b`, or [`OFF`] when they share no line.
    line: [[u8; 81]; 81],
    /// `[color][kind][delta]`: how a piece of that colour and kind reaches the
    /// square `delta` (see [`delta_index`]) away: [`NO_REACH`], [`STEP_REACH`]
    /// (one step or a knight's jump), or 2 + the direction index it slides along.
    reach: [[[u8; 17 * 17]; 16]; 2],
    /// `[color][kind]`: the directions (from the target) a piece of that colour and
    /// kind attacks from, each with whether it slides, and how many there are.
    kind_dirs: [[KindDirs; 14]; 2],
}

/// Up to eight (direction index, slides) pairs and how many of them are used.
type KindDirs = ([(u8, bool); 8], u8);

/// The lookup tables, built on first use. A caller that looks at the board several
/// times in a step takes them once and hands them on (each call checks that they
/// are built).
pub(crate) fn tables() -> &'static Tables {
    static TABLES: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let mut t = Tables {
            neighbour: [[OFF; 8]; 81],
            rays: [[0; 8]; 81],
            step_attack: [[[false; 14]; 8]; 2],
            slide_attack: [[[false; 14]; 8]; 2],
            knight_from: [[[OFF; 2]; 81]; 2],
            kind_dirs: [[([(0, false); 8], 0); 14]; 2],
            line: [[OFF; 81]; 81],
            reach: [[[NO_REACH; 17 * 17]; 16]; 2],
        };
        for a in 0..81 {
            for b in 0..81 {
                let (dc, dr) = ((b % 9) as i8 - (a % 9) as i8, (b / 9) as i8 - (a / 9) as i8);
                if (dc, dr) != (0, 0) && (dc == 0 || dr == 0 || dc.abs() == dr.abs()) {
                    let unit = (dc.signum(), dr.signum());
                    if let Some(di) = ALL_DIRS.iter().position(|&d| d == unit) {
                        t.line[a][b] = di as u8;
                    }
                }
            }
        }
        for color in [Color::Black, Color::White] {
            for kind in PieceKind::ALL {
                let reach = &mut t.reach[color.index()][kind as usize];
                for &d in slides(kind) {
                    let d = oriented(d, color);
                    let di = ALL_DIRS.iter().position(|&a| a == d).unwrap_or(0);
                    for m in 1..=8 {
                        reach[delta_index((d.0 * m, d.1 * m))] = 2 + di as u8;
                    }
                }
                let jumps = if kind == PieceKind::Knight {
                    &KNIGHT[..]
                } else {
                    &[]
                };
                for &d in steps(kind).iter().chain(jumps) {
                    reach[delta_index(oriented(d, color))] = STEP_REACH;
                }
            }
        }
        for sq in 0..81 {
            for (di, &d) in ALL_DIRS.iter().enumerate() {
                t.neighbour[sq][di] = offset(sq, d).map_or(OFF, |n| n as u8);
                let mut cur = sq;
                while let Some(n) = offset(cur, d) {
                    t.rays[sq][di] |= bit(n);
                    cur = n;
                }
            }
        }
        for color in [Color::Black, Color::White] {
            let c = color.index();
            for (di, &d) in ALL_DIRS.iter().enumerate() {
                // The attacker moves from its square towards the target: direction -d.
                let back = oriented((-d.0, -d.1), color);
                for kind in PieceKind::ALL {
                    let k = kind as usize;
                    t.step_attack[c][di][k] = steps(kind).contains(&back);
                    t.slide_attack[c][di][k] = slides(kind).contains(&back);
                }
            }
            for kind in PieceKind::ALL {
                let k = kind as usize;
                let (dirs, count) = &mut t.kind_dirs[c][k];
                for di in 0..8 {
                    let (step, slide) = (t.step_attack[c][di][k], t.slide_attack[c][di][k]);
                    if step || slide {
                        dirs[usize::from(*count)] = (di as u8, slide);
                        *count += 1;
                    }
                }
            }
            for sq in 0..81 {
                for (i, j) in KNIGHT.into_iter().enumerate() {
                    let j = oriented(j, color);
                    t.knight_from[c][sq][i] = offset(sq, (-j.0, -j.1)).map_or(OFF, |n| n as u8);
                }
            }
        }
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Handicap;

    #[test]
    fn the_empty_position_is_the_empty_model() {
        let empty = Position::empty();
        assert_eq!(empty, Position::from_model(&ShogiPosition::empty()));
        assert_eq!(empty.hash(), empty.full_hash());
    }

    #[test]
    fn a_presets_copy_is_its_position_built() {
        for h in Handicap::ALL {
            let built = Position::from_model(&h.position());
            assert_eq!(Position::of_preset(h), built, "{h:?}");
            assert_eq!(Position::of_preset(h).hash(), built.full_hash(), "{h:?}");
        }
    }

    #[test]
    fn pawn_on_file_agrees_with_looking_at_every_square() {
        // Random legal games: after every move, for both sides and every file,
        // the occupied-squares scan and the nine squares looked at one by one
        // agree (pawns, promoted pawns and other pieces on the file).
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut rng = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut found = 0;
        for _ in 0..10 {
            let mut p = Position::from_model(&Handicap::Even.position());
            for _ in 0..120 {
                for color in [Color::Black, Color::White] {
                    for col in 0..9 {
                        let plain = (0..9).any(|r| {
                            p.at(r * 9 + col)
                                == Some(Piece {
                                    color,
                                    kind: PieceKind::Pawn,
                                })
                        });
                        assert_eq!(p.pawn_on_file(color, col), plain);
                        found += usize::from(plain);
                    }
                }
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.make(&moves[rng(moves.len())]);
            }
        }
        assert!(found > 0);
    }

    #[test]
    fn start_position_attacks() {
        let p = Position::from_model(&Handicap::Even.position());
        // 7六 is attacked by black's pawn on 7七; 5五 by nobody.
        let sq76 = Square::new(7, 6).map(idx).unwrap_or(0);
        let sq55 = Square::new(5, 5).map(idx).unwrap_or(0);
        assert!(p.attacked(sq76, Color::Black));
        assert!(!p.attacked(sq55, Color::Black));
        assert!(!p.attacked(sq55, Color::White));
        assert_eq!(p.king(Color::Black), Square::new(5, 9).map(idx));
        assert!(!p.in_check(Color::Black));
        assert_eq!(p.to_model(), Handicap::Even.position());
    }

    /// The hash kept by make and unmake is the hash computed from scratch, along
    /// random legal games with captures, drops and promotions, and back.
    #[test]
    fn the_incremental_hash_is_the_full_hash() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut rng = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..20 {
            let mut p = Position::from_model(&Handicap::Even.position());
            let start = p.clone();
            let mut made = Vec::new();
            for _ in 0..150 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng(moves.len())];
                p.make(&m);
                made.push(m);
                assert_eq!(p.hash(), p.full_hash());
                assert_eq!(p.hash(), Position::from_model(&p.to_model()).hash());
                // The occupied squares kept by make are the board's.
                assert_eq!(p, Position::from_model(&p.to_model()));
            }
            while let Some(m) = made.pop() {
                p.unmake(&m);
                assert_eq!(p.hash(), p.full_hash());
                assert_eq!(p, Position::from_model(&p.to_model()));
            }
            assert_eq!(p, start);
        }
        // The side to move is part of the hash.
        let mut q = Position::from_model(&Handicap::Even.position());
        let h = q.hash();
        q.set_to_move(Color::White);
        assert_ne!(q.hash(), h);
        q.set_to_move(Color::Black);
        assert_eq!(q.hash(), h);
    }
}
