//! The positions of a game, each as a 64-bit hash with the move number it was reached
//! at and a code of the move played from it: what the position index stores.
//!
//! Go and gomoku positions are hashed under the board's symmetries (the 8 of a square
//! board, the 4 of a rectangle: [`crate::collect::dedup::transform`]) and, with
//! [`Options::colours`], with the colours swapped too: one Zobrist hash per variant,
//! each updated from the points a move changes (captures by [`rules::go::Board`]), the
//! position's hash the least of them. The move played from a position is stored in
//! the frame of that least variant (the least code among the variants that reach it,
//! so equivalent moves of a symmetric position share one code), and a query maps it
//! back into its own frame ([`Frame::decode`]). Shogi positions are the rules'
//! Zobrist hash of board, hands and side to move ([`rules::shogi::Position::hash`]),
//! mixed with a constant of their family. Gonu games are not indexed.

use crate::collect::dedup::transform;
use crate::model::{BoardSize, Color, Game, GameKind, Move, Node, NodeId, Point, ShogiStart};
use crate::rules::go::{Board, Cell};
use crate::rules::{self, shogi::Position};

/// What the index holds of each game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Go and gomoku: a position and its colour-swapped copy hash alike.
    pub colours: bool,
    /// Every line of the game tree, not only the main line.
    pub variations: bool,
}

/// One position of a game: its hash, the moves made before it, and the code of the
/// move played from it (0: none, the line ends or a setup follows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Visit {
    /// The position's hash.
    pub hash: u64,
    /// How many moves were made to reach it.
    pub ply: u32,
    /// The move played from it ([`Frame::decode`] reads it); 0 for none.
    pub mv: u32,
}

/// SplitMix64's mix.
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Mixed into every shogi hash, so that no shogi position shares a Go one's.
const SHOGI_SALT: u64 = 0x5348_4f47_495f_4b49;

/// The key of a stone of colour `c` (0 black, 1 white) on `p`.
fn key(p: Point, c: u8) -> u64 {
    mix((u64::from(p.y) << 8 | u64::from(p.x)) << 1 | u64::from(c))
}

/// The start of every grid hash: the family and the board.
fn grid_base(kind: &GameKind, size: BoardSize) -> u64 {
    let family = match kind {
        GameKind::Go { .. } => 1u64,
        _ => 2,
    };
    mix(0x4752_4944 ^ family << 40 ^ u64::from(size.width) << 8 ^ u64::from(size.height))
}

/// A board's symmetries (as [`transform`] numbers them).
fn symmetries(size: BoardSize) -> &'static [u8] {
    if size.width == size.height {
        &[0, 1, 2, 3, 4, 5, 6, 7]
    } else {
        &[0, 2, 4, 5]
    }
}

/// The symmetry undoing `sym`.
fn inverse(sym: u8) -> u8 {
    match sym {
        1 => 3,
        3 => 1,
        s => s,
    }
}

/// A stone colour as 0 (black) or 1 (white).
fn colour_bit(c: Color) -> u8 {
    c.index() as u8
}

/// The frame a position was hashed in: how to read the move codes stored with it
/// back on the board as the query shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frame {
    /// A Go or gomoku board: the symmetry and colour swap of the least variant.
    Grid {
        /// The board.
        size: BoardSize,
        /// The symmetry taking the position to the stored frame.
        sym: u8,
        /// Whether the stored frame has the colours swapped.
        swap: bool,
    },
    /// Shogi: codes are read as they are.
    Shogi,
}

/// A move as a query shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Played {
    /// A stone, or a pass (`None`).
    Stone(Color, Option<Point>),
    /// A shogi move: from a square (`None`: a drop of `drop`), to a square, promoting.
    Shogi {
        /// Who moved.
        color: Color,
        /// The origin's index (`Square::index`), or `None` for a drop.
        from: Option<u8>,
        /// The kind dropped (hand index: pawn 0 … rook 6).
        drop: u8,
        /// The destination's index.
        to: u8,
        /// Whether the piece promoted.
        promote: bool,
    },
}

impl Frame {
    /// The move a stored code stands for, in this frame; `None` for code 0.
    pub fn decode(self, code: u32) -> Option<Played> {
        let code = code.checked_sub(1)?;
        match self {
            Frame::Grid { size, sym, swap } => {
                let c = code.checked_sub(1)?;
                let color = if (c & 1 == 1) != swap {
                    Color::White
                } else {
                    Color::Black
                };
                let at = c >> 1;
                let point = match at.checked_sub(1) {
                    None => None,
                    Some(i) => {
                        let w = u32::from(size.width.max(1));
                        let q = Point::new((i % w) as u8, (i / w) as u8);
                        Some(transform(inverse(sym), q, size.width, size.height))
                    }
                };
                Some(Played::Stone(color, point))
            }
            Frame::Shogi => {
                let color = if code & 1 == 1 {
                    Color::White
                } else {
                    Color::Black
                };
                let rest = code >> 1;
                let promote = rest & 1 == 1;
                let rest = rest >> 1;
                let to = (rest % 81) as u8;
                let from = rest / 81;
                let (from, drop) = if from >= 81 {
                    (None, (from - 81) as u8)
                } else {
                    (Some(from as u8), 0)
                };
                Some(Played::Shogi {
                    color,
                    from,
                    drop,
                    to,
                    promote,
                })
            }
        }
    }
}

/// The code of a shogi move.
fn shogi_code(m: &crate::model::ShogiMove) -> u32 {
    let from = match m.from {
        Some(s) => s.index() as u32,
        None => 81 + (m.piece as u32).min(6),
    };
    let to = m.to.index() as u32;
    1 + (((from * 81 + to) << 1 | u32::from(m.promote)) << 1 | u32::from(colour_bit(m.color)))
}

/// A position being replayed, for the walk.
trait Tracker {
    /// What [`Tracker::back`] returns to.
    type Mark;
    /// The position's hash.
    fn hash(&self) -> u64;
    /// The code of `mv` played from the position, whose hash is `hash` (0 when it is
    /// not this game's).
    fn code(&self, hash: u64, mv: &Move) -> u32;
    /// Applies a node's setup and move; false when the move cannot be made here.
    fn apply(&mut self, node: &Node) -> bool;
    /// The state now.
    fn mark(&self) -> Self::Mark;
    /// Back to a state marked before.
    fn back(&mut self, mark: &Self::Mark);
}

/// A Go or gomoku board with a hash per variant.
struct Grid {
    size: BoardSize,
    syms: &'static [u8],
    colours: bool,
    /// `[sym]` with the colours as played, `[8 + sym]` swapped.
    hashes: [u64; 16],
    /// Go: captures by the rules. Gomoku: stones are only added (`None`).
    board: Option<Board>,
    /// Gomoku: what stands on each point (0 empty, 1 black, 2 white).
    cells: Vec<u8>,
    /// Gomoku: the points filled, in order (for [`Tracker::back`]).
    placed: Vec<usize>,
    changes: Vec<(Point, Cell, Cell)>,
    /// The keys of every point under every symmetry, and where each point goes
    /// ([`tables_of`]).
    tables: std::rc::Rc<Tables>,
}

/// Key tables by board size (width, height).
type KeyTables = Vec<((u8, u8), std::rc::Rc<Tables>)>;

/// A board size's tables, made once a thread and size ([`tables_of`]).
struct Tables {
    /// The keys of a stone of colour `c` on point index `i` (`y · width + x`) under
    /// each symmetry `s` (as [`transform`] numbers them): `[i · 2 + c][s]`, the eight
    /// side by side so that a stone's change updates every variant's hash at once.
    keys: Vec<[u64; 8]>,
    /// The index of point `i` under symmetry `s`: `[i][s]` (a lookup, not a branch
    /// on the symmetry, which differs from one position to the next).
    moved: Vec<[u16; 8]>,
}

thread_local! {
    /// Each thread's key tables, by board size.
    static KEYS: std::cell::RefCell<KeyTables> =
        const { std::cell::RefCell::new(Vec::new()) };
    /// A Go board to reuse (made once a thread, not once a game).
    static BOARD: std::cell::RefCell<Option<Board>> = const { std::cell::RefCell::new(None) };
}

/// The tables of a board size ([`Tables`]), made once a thread and size. A
/// rectangle's entries for the symmetries it lacks are computed alike and never read.
fn tables_of(size: BoardSize) -> std::rc::Rc<Tables> {
    KEYS.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some((_, k)) = cache
            .iter()
            .find(|(wh, _)| *wh == (size.width, size.height))
        {
            return k.clone();
        }
        let (w, h) = (size.width, size.height);
        let points = usize::from(w) * usize::from(h);
        let mut keys = vec![[0u64; 8]; points * 2];
        let mut moved = vec![[0u16; 8]; points];
        for y in 0..h {
            for x in 0..w {
                let i = usize::from(y) * usize::from(w) + usize::from(x);
                for c in 0..2u8 {
                    if let Some(row) = keys.get_mut(i * 2 + usize::from(c)) {
                        for (s, k) in row.iter_mut().enumerate() {
                            *k = key(transform(s as u8, Point::new(x, y), w, h), c);
                        }
                    }
                }
                if let Some(row) = moved.get_mut(i) {
                    for (s, m) in row.iter_mut().enumerate() {
                        let q = transform(s as u8, Point::new(x, y), w, h);
                        *m = u16::from(q.y) * u16::from(w) + u16::from(q.x);
                    }
                }
            }
        }
        let tables = std::rc::Rc::new(Tables { keys, moved });
        if cache.len() >= 8 {
            cache.remove(0);
        }
        cache.push(((w, h), tables.clone()));
        tables
    })
}

impl Drop for Grid {
    fn drop(&mut self) {
        if let Some(board) = self.board.take() {
            BOARD.with(|b| *b.borrow_mut() = Some(board));
        }
    }
}

impl Grid {
    fn new(game: &Game, size: BoardSize, colours: bool) -> Grid {
        let go = matches!(game.kind, GameKind::Go { .. });
        let board = go.then(|| {
            let mut b = match BOARD.with(|b| b.borrow_mut().take()) {
                Some(mut b) => {
                    b.clear(size);
                    b
                }
                None => Board::new(size),
            };
            b.allow_suicide(rules::go::rules_of(game).allows_suicide());
            b
        });
        let cells = if go {
            Vec::new()
        } else {
            vec![0; usize::from(size.width) * usize::from(size.height)]
        };
        Grid {
            size,
            syms: symmetries(size),
            colours,
            hashes: [grid_base(&game.kind, size); 16],
            board,
            cells,
            placed: Vec::new(),
            changes: Vec::new(),
            tables: tables_of(size),
        }
    }

    /// The variants in use: (index into `hashes`, symmetry, swapped).
    fn variants(&self) -> impl Iterator<Item = (usize, u8, bool)> + '_ {
        let swaps: &[bool] = if self.colours {
            &[false, true]
        } else {
            &[false]
        };
        swaps.iter().flat_map(move |&swap| {
            self.syms
                .iter()
                .map(move |&s| (usize::from(s) + if swap { 8 } else { 0 }, s, swap))
        })
    }

    /// Toggles a stone of colour bit `c` on `p` in every variant's hash (every
    /// symmetry's slot, used or not: eight at once).
    fn toggle(&mut self, p: Point, c: u8) {
        let i = usize::from(p.y) * usize::from(self.size.width) + usize::from(p.x);
        let (played, swapped) = self.hashes.split_at_mut(8);
        if let Some(k) = self.tables.keys.get(i * 2 + usize::from(c)) {
            for (x, k) in played.iter_mut().zip(k) {
                *x ^= k;
            }
        }
        if self.colours {
            if let Some(k) = self.tables.keys.get(i * 2 + usize::from(c ^ 1)) {
                for (x, k) in swapped.iter_mut().zip(k) {
                    *x ^= k;
                }
            }
        }
    }

    /// The frame of the least variant (the first, by symmetry number, of those
    /// giving the hash).
    fn frame(&self) -> Frame {
        let min = self.hash();
        let (_, sym, swap) = self
            .variants()
            .find(|&(i, _, _)| self.hashes.get(i) == Some(&min))
            .unwrap_or((0, 0, false));
        Frame::Grid {
            size: self.size,
            sym,
            swap,
        }
    }

    /// Places or clears points for setup; gomoku fills its own cells.
    fn set(&mut self, p: Point, to: Cell) {
        if let Some(board) = &mut self.board {
            let cp = board.checkpoint();
            if board.setup(p, to).is_ok() {
                let mut changes = std::mem::take(&mut self.changes);
                board.changes_since(cp.0, &mut changes);
                for &(q, old, new) in &changes {
                    self.change(q, old, new);
                }
                self.changes = changes;
            }
            return;
        }
        let Some(i) = self.cell_index(p) else {
            return;
        };
        let old = self.cells.get(i).copied().unwrap_or(0);
        let new = match to {
            Cell::Empty => 0,
            Cell::Stone(c) => 1 + colour_bit(c),
        };
        if old != new {
            // Gomoku setup is rare: a cleared point is toggled out and not logged
            // (setup is undone by the walk's marks only through `placed`).
            if let Some(x) = self.cells.get_mut(i) {
                *x = new;
            }
            if old != 0 {
                self.toggle(p, old - 1);
            }
            if new != 0 {
                self.toggle(p, new - 1);
                self.placed.push(i);
            }
        }
    }

    fn change(&mut self, p: Point, old: Cell, new: Cell) {
        if let Cell::Stone(c) = old {
            self.toggle(p, colour_bit(c));
        }
        if let Cell::Stone(c) = new {
            self.toggle(p, colour_bit(c));
        }
    }

    fn cell_index(&self, p: Point) -> Option<usize> {
        self.size
            .contains(p)
            .then(|| usize::from(p.y) * usize::from(self.size.width) + usize::from(p.x))
    }
}

/// A grid's state for [`Tracker::back`]: the board's checkpoint (Go) or the number
/// of points filled (gomoku), and the hashes.
struct GridMark {
    board: Option<(usize, Option<(Point, Color)>)>,
    placed: usize,
    hashes: [u64; 16],
}

impl Tracker for Grid {
    type Mark = GridMark;

    fn hash(&self) -> u64 {
        let (played, swapped) = self.hashes.split_at(8);
        let least = |hashes: &[u64]| -> u64 {
            if self.syms.len() == 8 {
                // A square board: all eight slots, at once.
                hashes.iter().fold(u64::MAX, |m, &h| m.min(h))
            } else {
                self.syms.iter().fold(u64::MAX, |m, &s| {
                    m.min(hashes.get(usize::from(s)).copied().unwrap_or(u64::MAX))
                })
            }
        };
        let min = least(played);
        if self.colours {
            min.min(least(swapped))
        } else {
            min
        }
    }

    fn code(&self, min: u64, mv: &Move) -> u32 {
        let Move::Stone(m) = mv else {
            return 0;
        };
        let (w, h) = (self.size.width, self.size.height);
        let swaps: &[bool] = if self.colours {
            &[false, true]
        } else {
            &[false]
        };
        // Plain loops (not `variants`): this runs once a position.
        let mut best = u32::MAX;
        for &swap in swaps {
            let base = if swap { 8 } else { 0 };
            for &sym in self.syms {
                if self.hashes.get(base + usize::from(sym)) != Some(&min) {
                    continue;
                }
                let c = u32::from(colour_bit(m.color) ^ u8::from(swap));
                let at = m.point.map_or(0, |p| {
                    let table = self
                        .cell_index(p)
                        .and_then(|i| self.tables.moved.get(i))
                        .and_then(|row| row.get(usize::from(sym)));
                    match table {
                        Some(&q) => u32::from(q) + 1,
                        // Off the board (the line stops there): as it always was.
                        None => {
                            let q = transform(sym, p, w, h);
                            u32::from(q.y) * u32::from(w) + u32::from(q.x) + 1
                        }
                    }
                });
                best = best.min(2 + (at << 1 | c));
            }
        }
        if best == u32::MAX {
            0
        } else {
            best
        }
    }

    fn apply(&mut self, node: &Node) -> bool {
        let setup = &node.setup;
        if !setup.is_empty() {
            for &p in &setup.clear {
                self.set(p, Cell::Empty);
            }
            for &p in &setup.add_black {
                self.set(p, Cell::Stone(Color::Black));
            }
            for &p in &setup.add_white {
                self.set(p, Cell::Stone(Color::White));
            }
        }
        let m = match &node.mv {
            None => return true,
            Some(Move::Stone(m)) => m,
            Some(_) => return false,
        };
        let Some(p) = m.point else {
            if let Some(board) = &mut self.board {
                board.pass();
            }
            return true;
        };
        if let Some(board) = &mut self.board {
            let cp = board.checkpoint();
            if board.play(p, m.color).is_err() {
                return false;
            }
            let mut changes = std::mem::take(&mut self.changes);
            board.changes_since(cp.0, &mut changes);
            for &(q, old, new) in &changes {
                self.change(q, old, new);
            }
            self.changes = changes;
            return true;
        }
        match self.cell_index(p) {
            Some(i) if self.cells.get(i) == Some(&0) => {
                if let Some(x) = self.cells.get_mut(i) {
                    *x = 1 + colour_bit(m.color);
                }
                self.placed.push(i);
                self.toggle(p, colour_bit(m.color));
                true
            }
            _ => false,
        }
    }

    fn mark(&self) -> GridMark {
        GridMark {
            board: self.board.as_ref().map(Board::checkpoint),
            placed: self.placed.len(),
            hashes: self.hashes,
        }
    }

    fn back(&mut self, mark: &GridMark) {
        if let (Some(board), Some(cp)) = (&mut self.board, mark.board) {
            board.undo_to(cp);
        }
        while self.placed.len() > mark.placed {
            if let Some(i) = self.placed.pop() {
                if let Some(x) = self.cells.get_mut(i) {
                    *x = 0;
                }
            }
        }
        self.hashes = mark.hashes;
    }
}

/// A shogi position.
struct Shogi {
    pos: Position,
}

impl Tracker for Shogi {
    type Mark = Position;

    fn hash(&self) -> u64 {
        self.pos.hash() ^ SHOGI_SALT
    }

    fn code(&self, _hash: u64, mv: &Move) -> u32 {
        match mv {
            Move::Shogi(m) => shogi_code(m),
            _ => 0,
        }
    }

    fn apply(&mut self, node: &Node) -> bool {
        match &node.mv {
            None => true,
            Some(Move::Shogi(m)) => {
                let mv = self
                    .pos
                    .build_move(m.color, m.from, m.to, m.piece, m.promote);
                if self.pos.check_structure(&mv).is_err() {
                    return false;
                }
                self.pos.make(&mv);
                true
            }
            Some(_) => false,
        }
    }

    fn mark(&self) -> Position {
        self.pos.clone()
    }

    fn back(&mut self, mark: &Position) {
        self.pos.clone_from(mark);
    }
}

/// The starting position of a shogi game.
fn shogi_start(game: &Game) -> Position {
    let start = game.info.shogi_start.as_ref().map_or_else(
        || crate::model::Handicap::Even.position(),
        ShogiStart::position,
    );
    Position::from_model(&start)
}

/// Every position of `game` (its main line, or every line with
/// [`Options::variations`]), pushed to `out` in the order walked. A line stops at a
/// move its position cannot take (an occupied point, a piece that is not there);
/// gonu games give nothing.
pub fn positions(game: &Game, opts: Options, out: &mut Vec<Visit>) {
    match &game.kind {
        GameKind::Go { size } | GameKind::Gomoku { size, .. } => {
            let mut grid = Grid::new(game, *size, opts.colours);
            walk(&mut grid, game, opts.variations, out);
        }
        GameKind::Shogi => {
            let mut shogi = Shogi {
                pos: shogi_start(game),
            };
            walk(&mut shogi, game, opts.variations, out);
        }
        GameKind::Gonu(_) => {}
    }
}

/// A step of the walk.
enum Step<M> {
    /// Enter a node from its parent's position, reached after `ply` moves.
    Enter(NodeId, u32),
    /// Return to a position (before the parent's next child).
    Back(M),
}

/// Walks the tree (the first child of each node, or all of them) and records each
/// position with the move played from it. Iterative: the depth is data.
fn walk<T: Tracker>(t: &mut T, game: &Game, all: bool, out: &mut Vec<Visit>) {
    let tree = &game.tree;
    let mut stack: Vec<Step<T::Mark>> = vec![Step::Enter(tree.root(), 0)];
    let mut root = true;
    while let Some(step) = stack.pop() {
        let (id, mut ply) = match step {
            Step::Back(mark) => {
                t.back(&mark);
                continue;
            }
            Step::Enter(id, ply) => (id, ply),
        };
        let Some(node) = tree.get(id) else {
            continue;
        };
        let before = t.hash();
        if let Some(mv) = &node.mv {
            // A root's move is played from the start (unless the root also sets
            // stones up: the start is then not a position of the game).
            if !root || node.setup.is_empty() {
                out.push(Visit {
                    hash: before,
                    ply,
                    mv: t.code(before, mv),
                });
            }
            if !t.apply(node) {
                continue;
            }
            ply += 1;
        } else {
            if !t.apply(node) {
                continue;
            }
            if !root && t.hash() != before {
                // A setup changed the position: nothing was played from it.
                out.push(Visit {
                    hash: before,
                    ply,
                    mv: 0,
                });
            }
        }
        root = false;
        let children = node.children();
        let children = if all {
            children
        } else {
            children.get(..1).unwrap_or(&[])
        };
        if children.is_empty() {
            out.push(Visit {
                hash: t.hash(),
                ply,
                mv: 0,
            });
            continue;
        }
        for (k, &child) in children.iter().enumerate().rev() {
            stack.push(Step::Enter(child, ply));
            if k > 0 {
                stack.push(Step::Back(t.mark()));
            }
        }
    }
}

/// The position of `game` after `moves` moves of its main line (all of them with
/// `None`): its hash and frame, or `None` when the line has fewer moves or stops.
pub fn position_after(game: &Game, moves: Option<u32>, opts: Options) -> Option<(u64, Frame)> {
    match &game.kind {
        GameKind::Go { size } | GameKind::Gomoku { size, .. } => {
            let mut grid = Grid::new(game, *size, opts.colours);
            follow(&mut grid, game, moves)?;
            Some((grid.hash(), grid.frame()))
        }
        GameKind::Shogi => {
            let mut shogi = Shogi {
                pos: shogi_start(game),
            };
            follow(&mut shogi, game, moves)?;
            Some((shogi.hash(), Frame::Shogi))
        }
        GameKind::Gonu(_) => None,
    }
}

/// Plays the main line up to `moves` moves.
fn follow<T: Tracker>(t: &mut T, game: &Game, moves: Option<u32>) -> Option<()> {
    let mut made = 0u32;
    for (_, node) in game.tree.main_line() {
        if node.mv.is_some() && moves.is_some_and(|n| made >= n) {
            break;
        }
        if !t.apply(node) {
            return None;
        }
        if node.mv.is_some() {
            made += 1;
        }
    }
    match moves {
        Some(n) if made < n => None,
        _ => Some(()),
    }
}

/// The hash of a shogi position as the index stores it.
pub fn shogi_hash(pos: &crate::model::ShogiPosition) -> u64 {
    Position::from_model(pos).hash() ^ SHOGI_SALT
}
