//! Go pattern search (Kombilo's): a region of a board, its points black, white or
//! empty, found anywhere on the boards of the indexed Go games, under the 8
//! symmetries of a square (and with the colours swapped when the index was built with
//! `--colours`). See docs/SEARCH.md, "Patterns".
//!
//! The index keeps each Go game's main line as a short blob (`games.line`,
//! [`encode_line`]: two bytes a move); a query replays every line with the rules'
//! captures ([`Board`]) and checks, at each position, only the windows that contain
//! a point the last move changed and whose cell at that point holds what the point
//! now holds — a move costs a few dozen comparisons, not a scan of the board.
//!
//! A hit is a window (a place and an orientation of the region on a game's board)
//! where the region matches a position after `n` moves and did not match the
//! position before it: the pattern appears there at move `n`. Its continuation is
//! the first move played later inside the window, shown on the query's board.

use crate::model::{BoardSize, Color, Game, GameKind, Move, Point};
use crate::rules::go::{Board, Cell};

/// A move: `(p << 1 | c)` with `p` 0 for a pass, else the point's index + 1.
const MOVE: u16 = 0;
/// A setup stone: `SETUP | (i << 1 | c)`.
const SETUP: u16 = 1 << 14;
/// A setup clearing point `i`: `CLEAR | i`.
const CLEAR: u16 = 2 << 14;
/// The kind of an item.
const KIND: u16 = 3 << 14;

/// The main line of a Go game as pattern search replays it (`None` for other
/// games): a little-endian `u16` of flags (bit 0: suicide is legal), then one `u16`
/// an item, in order — for each node its cleared points, black then white setup
/// stones, then its move. Points are `y · width + x`. A move off the board or not a
/// stone ends the line there (the position index's walk stops there too).
pub fn encode_line(game: &Game) -> Option<Vec<u8>> {
    let GameKind::Go { size } = &game.kind else {
        return None;
    };
    let size = *size;
    let idx = |p: Point| -> Option<u16> {
        size.contains(p)
            .then(|| u16::from(p.y) * u16::from(size.width) + u16::from(p.x))
    };
    let mut out = Vec::with_capacity(2 + 2 * 256);
    let flags = u16::from(crate::rules::go::rules_of(game).allows_suicide());
    out.extend_from_slice(&flags.to_le_bytes());
    let mut push = |v: u16| out.extend_from_slice(&v.to_le_bytes());
    for (_, node) in game.tree.main_line() {
        for &p in &node.setup.clear {
            if let Some(i) = idx(p) {
                push(CLEAR | i);
            }
        }
        for (list, c) in [(&node.setup.add_black, 0u16), (&node.setup.add_white, 1)] {
            for &p in list {
                if let Some(i) = idx(p) {
                    push(SETUP | (i << 1 | c));
                }
            }
        }
        match &node.mv {
            None => {}
            Some(Move::Stone(m)) => {
                let c = m.color.index() as u16;
                match m.point {
                    None => push(MOVE | c),
                    Some(p) => match idx(p) {
                        Some(i) => push(MOVE | ((i + 1) << 1 | c)),
                        None => break,
                    },
                }
            }
            Some(_) => break,
        }
    }
    out.shrink_to_fit();
    Some(out)
}

/// The items of a line after its flags.
fn items(line: &[u8]) -> impl Iterator<Item = u16> + '_ {
    line.get(2..).unwrap_or(&[]).chunks_exact(2).map(|c| {
        u16::from_le_bytes([
            c.first().copied().unwrap_or(0),
            c.get(1).copied().unwrap_or(0),
        ])
    })
}

/// A symmetry applied to a point of a `w` × `h` grid, in signed coordinates (a point
/// just off a side lands just off the image's side): as
/// [`crate::collect::dedup::transform`] numbers them.
fn turn(sym: u8, x: i32, y: i32, w: i32, h: i32) -> (i32, i32) {
    let (nx, ny) = (w - 1, h - 1);
    match sym {
        1 => (ny - y, x),
        2 => (nx - x, ny - y),
        3 => (y, nx - x),
        4 => (nx - x, y),
        5 => (x, ny - y),
        6 => (y, x),
        7 => (ny - y, nx - x),
        _ => (x, y),
    }
}

/// The region turned by one symmetry (and maybe with its colours swapped): what a
/// window of a game's board must hold.
#[derive(Debug, Clone)]
struct Variant {
    /// Whether the colours are swapped.
    swap: bool,
    w: i32,
    h: i32,
    /// `w · h` cells, row by row: 0 empty, 1 black, 2 white.
    cells: Vec<u8>,
    /// Which sides must lie on the board's edge: left, right, top, bottom.
    edges: [bool; 4],
    /// The cells holding each value (0, 1, 2).
    by_value: [Vec<(i32, i32)>; 3],
    /// For each cell, the point of the query's board it stands for.
    back: Vec<Point>,
}

/// A pattern: a region of a position, ready to be found.
#[derive(Debug, Clone)]
pub struct Pattern {
    /// The query's board.
    pub size: BoardSize,
    /// The region's columns and rows on it (inclusive).
    pub region: (Point, Point),
    variants: Vec<Variant>,
}

/// A window of a game's board: its top-left point and size, and the variants that
/// match there (a bit each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Win {
    x: i32,
    y: i32,
    w: i32,
    h: i32,
    mask: u32,
}

impl Win {
    fn same_place(&self, o: &Win) -> bool {
        (self.x, self.y, self.w, self.h) == (o.x, o.y, o.w, o.h)
    }

    fn contains(&self, x: i32, y: i32) -> bool {
        x >= self.x && y >= self.y && x < self.x + self.w && y < self.y + self.h
    }
}

/// Replays a line's items up to a position: the board after `moves` moves (the
/// setup of the node holding the next move included), or after all of them.
fn board_at(size: BoardSize, line: &[u8], moves: Option<u32>) -> Option<Vec<u8>> {
    let mut board = Board::new(size);
    board.allow_suicide(line.first().is_some_and(|f| f & 1 == 1));
    let w = u16::from(size.width);
    let point = |i: u16| Point::new((i % w.max(1)) as u8, (i / w.max(1)) as u8);
    let mut made = 0u32;
    for item in items(line) {
        match item & KIND {
            SETUP => {
                let v = item & !KIND;
                let c = if v & 1 == 1 {
                    Color::White
                } else {
                    Color::Black
                };
                let _ = board.setup(point(v >> 1), Cell::Stone(c));
            }
            CLEAR => {
                let _ = board.setup(point(item & !KIND), Cell::Empty);
            }
            _ => {
                if moves.is_some_and(|n| made >= n) {
                    break;
                }
                let c = if item & 1 == 1 {
                    Color::White
                } else {
                    Color::Black
                };
                match (item >> 1).checked_sub(1) {
                    None => board.pass(),
                    Some(i) => board.play(point(i), c).ok().map(|_| ())?,
                }
                made += 1;
            }
        }
    }
    if moves.is_some_and(|n| made < n) {
        return None;
    }
    let mut cells = Vec::with_capacity(usize::from(size.width) * usize::from(size.height));
    for y in 0..size.height {
        for x in 0..size.width {
            cells.push(match board.at(Point::new(x, y)) {
                Cell::Stone(Color::Black) => 1,
                Cell::Stone(Color::White) => 2,
                Cell::Empty => 0,
            });
        }
    }
    Some(cells)
}

/// A region's two corners: `A1:E5` or `A1-E5`, in the diagram's coordinates.
fn parse_region(text: &str, size: BoardSize) -> Result<(Point, Point), String> {
    let (a, b) = text
        .split_once(':')
        .or_else(|| text.split_once('-'))
        .ok_or_else(|| format!("a region is two corners like A1:E5, not {text:?}"))?;
    let a = crate::render::go::parse_point(a.trim(), size)?;
    let b = crate::render::go::parse_point(b.trim(), size)?;
    Ok((
        Point::new(a.x.min(b.x), a.y.min(b.y)),
        Point::new(a.x.max(b.x), a.y.max(b.y)),
    ))
}

impl Pattern {
    /// The pattern of `game`'s position after `moves` moves of its main line (all of
    /// them with `None`) in `region` (`A1:E5`); with `colours`, the colour-swapped
    /// variants too. The region must hold a stone.
    pub fn new(
        game: &Game,
        moves: Option<u32>,
        region: &str,
        colours: bool,
    ) -> Result<Pattern, String> {
        let GameKind::Go { size } = &game.kind else {
            return Err("a pattern is searched in Go games only".into());
        };
        let size = *size;
        let line = encode_line(game).unwrap_or_default();
        let cells = board_at(size, &line, moves).ok_or_else(|| {
            "the main line has no position there (too few moves, or a move its position cannot take)".to_string()
        })?;
        let (lo, hi) = parse_region(region, size)?;
        let (w, h) = (i32::from(hi.x - lo.x) + 1, i32::from(hi.y - lo.y) + 1);
        let at = |x: i32, y: i32| -> u8 {
            let (x, y) = (x + i32::from(lo.x), y + i32::from(lo.y));
            cells
                .get((y * i32::from(size.width) + x) as usize)
                .copied()
                .unwrap_or(0)
        };
        if (0..h).all(|y| (0..w).all(|x| at(x, y) == 0)) {
            return Err(format!("the region {region} holds no stone"));
        }
        let sides = [
            lo.x == 0,
            hi.x + 1 == size.width,
            lo.y == 0,
            hi.y + 1 == size.height,
        ];
        let mut variants = Vec::new();
        for swap in [false, true] {
            if swap && !colours {
                continue;
            }
            for sym in 0..8u8 {
                let (tw, th) = if matches!(sym, 1 | 3 | 6 | 7) {
                    (h, w)
                } else {
                    (w, h)
                };
                let mut v = Variant {
                    swap,
                    w: tw,
                    h: th,
                    cells: vec![0; (tw * th) as usize],
                    edges: [false; 4],
                    by_value: Default::default(),
                    back: vec![Point::new(0, 0); (tw * th) as usize],
                };
                for y in 0..h {
                    for x in 0..w {
                        let (tx, ty) = turn(sym, x, y, w, h);
                        let i = (ty * tw + tx) as usize;
                        let mut c = at(x, y);
                        if swap && c != 0 {
                            c = 3 - c;
                        }
                        if let Some(cell) = v.cells.get_mut(i) {
                            *cell = c;
                        }
                        if let Some(b) = v.back.get_mut(i) {
                            *b = Point::new(lo.x + x as u8, lo.y + y as u8);
                        }
                    }
                }
                // A side of the region on the board's edge: where a point just off
                // that side lands says which side of the variant it is.
                for (k, &on_edge) in sides.iter().enumerate() {
                    if !on_edge {
                        continue;
                    }
                    let off = match k {
                        0 => (-1, 0),
                        1 => (w, 0),
                        2 => (0, -1),
                        _ => (0, h),
                    };
                    let (ox, oy) = turn(sym, off.0, off.1, w, h);
                    let side = if ox < 0 {
                        0
                    } else if ox >= tw {
                        1
                    } else if oy < 0 {
                        2
                    } else {
                        3
                    };
                    if let Some(e) = v.edges.get_mut(side) {
                        *e = true;
                    }
                }
                for ty in 0..th {
                    for tx in 0..tw {
                        let c = v.cells.get((ty * tw + tx) as usize).copied().unwrap_or(0);
                        if let Some(list) = v.by_value.get_mut(usize::from(c)) {
                            list.push((tx, ty));
                        }
                    }
                }
                variants.push(v);
            }
        }
        Ok(Pattern {
            size,
            region: (lo, hi),
            variants,
        })
    }

    /// The code of a move on `(x, y)` in window `win` as the query's board shows it
    /// (as [`super::positions::Frame::decode`] reads it in the identity frame): the
    /// least among the variants matching there.
    fn code(&self, win: &Win, x: i32, y: i32, colour: u16) -> u32 {
        let qw = u32::from(self.size.width);
        let mut best = u32::MAX;
        for (k, v) in self.variants.iter().enumerate() {
            if win.mask & (1 << k) == 0 {
                continue;
            }
            let i = ((y - win.y) * v.w + (x - win.x)) as usize;
            if let Some(p) = v.back.get(i) {
                let c = u32::from(colour) ^ u32::from(v.swap);
                let at = u32::from(p.y) * qw + u32::from(p.x) + 1;
                best = best.min(2 + (at << 1 | c));
            }
        }
        if best == u32::MAX {
            0
        } else {
            best
        }
    }

    /// Whether variant `v` matches the window at `(x0, y0)` of a `bw` × `bh` board.
    fn fits(v: &Variant, cells: &[u8], bw: i32, bh: i32, x0: i32, y0: i32) -> bool {
        if x0 < 0 || y0 < 0 || x0 + v.w > bw || y0 + v.h > bh {
            return false;
        }
        let [left, right, top, bottom] = v.edges;
        if (left && x0 != 0)
            || (right && x0 + v.w != bw)
            || (top && y0 != 0)
            || (bottom && y0 + v.h != bh)
        {
            return false;
        }
        for ty in 0..v.h {
            let row = ((y0 + ty) * bw + x0) as usize;
            let want = v
                .cells
                .get((ty * v.w) as usize..((ty + 1) * v.w) as usize)
                .unwrap_or(&[]);
            if cells.get(row..row + v.w as usize) != Some(want) {
                return false;
            }
        }
        true
    }

    /// Whether the pattern may appear in a game at all, from its line alone, without
    /// replaying it: a match needs each of the region's black stones on a point
    /// where black stood at some time of the game (a move or a setup stone), and
    /// white's alike. The points each colour ever held are two bitboards, and the
    /// places where a variant's stones all find such points are the intersection of
    /// those bitboards shifted by each stone: a few dozen word operations a stone.
    fn may_match(&self, bw: i32, bh: i32, line: &[u8]) -> bool {
        if bw > 64 || bh > 64 || bw < 1 || bh < 1 {
            return true;
        }
        let mut ever = [[0u64; 64]; 2];
        let w16 = bw as u16;
        for item in items(line) {
            let (i, c) = match item & KIND {
                SETUP => ((item & !KIND) >> 1, item & 1),
                MOVE => match (item >> 1).checked_sub(1) {
                    Some(i) => (i, item & 1),
                    None => continue,
                },
                _ => continue,
            };
            let (x, y) = (i % w16, i / w16);
            if let Some(row) = ever
                .get_mut(usize::from(c))
                .and_then(|b| b.get_mut(usize::from(y)))
            {
                *row |= 1u64 << x;
            }
        }
        let full = |n: i32| -> u64 {
            if n >= 64 {
                u64::MAX
            } else if n <= 0 {
                0
            } else {
                (1u64 << n) - 1
            }
        };
        'variants: for v in &self.variants {
            let (nx, ny) = (bw - v.w + 1, bh - v.h + 1);
            if nx <= 0 || ny <= 0 {
                continue;
            }
            let [left, right, top, bottom] = v.edges;
            let mut xs = full(nx);
            if left {
                xs &= 1;
            }
            if right {
                xs &= 1u64 << (nx - 1);
            }
            let mut origins = [0u64; 64];
            let mut any = false;
            for (oy, o) in origins.iter_mut().enumerate().take(ny as usize) {
                let oy = oy as i32;
                if (top && oy != 0) || (bottom && oy != ny - 1) {
                    continue;
                }
                *o = xs;
                any |= xs != 0;
            }
            if !any {
                continue;
            }
            for (c, stones) in [(0usize, &v.by_value[1]), (1, &v.by_value[2])] {
                let Some(board) = ever.get(c) else {
                    continue;
                };
                for &(qx, qy) in stones.iter() {
                    let mut left_any = false;
                    for (oy, o) in origins.iter_mut().enumerate().take(ny as usize) {
                        if *o == 0 {
                            continue;
                        }
                        let row = board.get(oy + qy as usize).copied().unwrap_or(0);
                        *o &= row >> qx;
                        left_any |= *o != 0;
                    }
                    if !left_any {
                        continue 'variants;
                    }
                }
            }
            return true;
        }
        false
    }

    /// The hits of one game's line on a `size` board: (moves made, continuation
    /// code; 0 when no move was played in the window afterwards), in order.
    /// `board` is scratch, reused from game to game.
    pub fn find(&self, size: (u8, u8), line: &[u8], board: &mut Board, out: &mut Vec<(u32, u32)>) {
        let (bw, bh) = (i32::from(size.0), i32::from(size.1));
        if !self.may_match(bw, bh, line) {
            return;
        }
        let bsize = BoardSize {
            width: size.0,
            height: size.1,
        };
        board.clear(bsize);
        board.allow_suicide(line.first().is_some_and(|f| f & 1 == 1));
        let mut cells = vec![0u8; (bw * bh) as usize];
        let mut matched: Vec<Win> = Vec::new();
        let mut pending: Vec<(usize, Win)> = Vec::new();
        let mut dirty: Vec<(i32, i32)> = Vec::new();
        let mut changes = Vec::new();
        let mut first = true;
        let mut ply = 0u32;
        let w16 = u16::from(size.0.max(1));
        let point = |i: u16| Point::new((i % w16) as u8, (i / w16) as u8);
        let mut apply =
            |board: &Board, mark: usize, cells: &mut Vec<u8>, dirty: &mut Vec<(i32, i32)>| {
                board.changes_since(mark, &mut changes);
                for &(p, _, new) in &changes {
                    let v = match new {
                        Cell::Stone(Color::Black) => 1,
                        Cell::Stone(Color::White) => 2,
                        Cell::Empty => 0,
                    };
                    if let Some(c) =
                        cells.get_mut(usize::from(p.y) * size.0 as usize + usize::from(p.x))
                    {
                        *c = v;
                    }
                    dirty.push((i32::from(p.x), i32::from(p.y)));
                }
            };
        let mut stopped = false;
        for item in items(line) {
            match item & KIND {
                SETUP | CLEAR => {
                    let v = item & !KIND;
                    let (p, cell) = if item & KIND == CLEAR {
                        (point(v), Cell::Empty)
                    } else if v & 1 == 1 {
                        (point(v >> 1), Cell::Stone(Color::White))
                    } else {
                        (point(v >> 1), Cell::Stone(Color::Black))
                    };
                    let mark = board.checkpoint().0;
                    if board.setup(p, cell).is_ok() {
                        apply(board, mark, &mut cells, &mut dirty);
                    }
                }
                _ => {
                    self.evaluate(
                        &cells,
                        bw,
                        bh,
                        first,
                        &dirty,
                        &mut matched,
                        &mut pending,
                        ply,
                        out,
                    );
                    first = false;
                    dirty.clear();
                    let colour = item & 1;
                    let Some(i) = (item >> 1).checked_sub(1) else {
                        board.pass();
                        ply += 1;
                        continue;
                    };
                    let p = point(i);
                    let c = if colour == 1 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let mark = board.checkpoint().0;
                    if board.play(p, c).is_err() {
                        stopped = true;
                        break;
                    }
                    let (x, y) = (i32::from(p.x), i32::from(p.y));
                    pending.retain(|(k, win)| {
                        if !win.contains(x, y) {
                            return true;
                        }
                        if let Some(o) = out.get_mut(*k) {
                            o.1 = self.code(win, x, y, colour);
                        }
                        false
                    });
                    apply(board, mark, &mut cells, &mut dirty);
                    ply += 1;
                }
            }
        }
        if !stopped {
            self.evaluate(
                &cells,
                bw,
                bh,
                first,
                &dirty,
                &mut matched,
                &mut pending,
                ply,
                out,
            );
        }
    }

    /// Checks the windows a change may have made or unmade, records the windows
    /// that match now and did not before as hits at `ply`.
    #[allow(clippy::too_many_arguments)]
    fn evaluate(
        &self,
        cells: &[u8],
        bw: i32,
        bh: i32,
        first: bool,
        dirty: &[(i32, i32)],
        matched: &mut Vec<Win>,
        pending: &mut Vec<(usize, Win)>,
        ply: u32,
        out: &mut Vec<(u32, u32)>,
    ) {
        let all: Vec<(i32, i32)>;
        let dirty = if first {
            // Every match holds a stone: the windows through each stone.
            all = (0..bh)
                .flat_map(|y| (0..bw).map(move |x| (x, y)))
                .filter(|&(x, y)| cells.get((y * bw + x) as usize).is_some_and(|&c| c != 0))
                .collect();
            &all
        } else {
            dirty
        };
        if dirty.is_empty() {
            return;
        }
        let mut was: Vec<Win> = Vec::new();
        matched.retain(|w| {
            if dirty.iter().any(|&(x, y)| w.contains(x, y)) {
                was.push(*w);
                false
            } else {
                true
            }
        });
        let mut found: Vec<Win> = Vec::new();
        for &(x, y) in dirty {
            let Some(&now) = cells.get((y * bw + x) as usize) else {
                continue;
            };
            for (k, v) in self.variants.iter().enumerate() {
                let Some(list) = v.by_value.get(usize::from(now)) else {
                    continue;
                };
                for &(qx, qy) in list {
                    let (x0, y0) = (x - qx, y - qy);
                    let win = Win {
                        x: x0,
                        y: y0,
                        w: v.w,
                        h: v.h,
                        mask: 1 << k,
                    };
                    if found
                        .iter()
                        .any(|f| f.same_place(&win) && f.mask & win.mask != 0)
                    {
                        continue;
                    }
                    if !Pattern::fits(v, cells, bw, bh, x0, y0) {
                        continue;
                    }
                    match found.iter_mut().find(|f| f.same_place(&win)) {
                        Some(f) => f.mask |= win.mask,
                        None => found.push(win),
                    }
                }
            }
        }
        for win in found {
            if !was.iter().any(|w| w.same_place(&win)) {
                pending.push((out.len(), win));
                out.push((ply, 0));
            }
            matched.push(win);
        }
    }
}
