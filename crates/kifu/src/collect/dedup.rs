//! Duplicates: games with the same main line under the board's symmetries, whatever
//! their game information or comments.
//!
//! A game's canonical hash ([`canonical_hash`]) hashes its kind and board, then the
//! events of its main line in order: the setup of each node (added black, added white
//! and cleared points, each set sorted) and each move (colour and point, or a pass).
//! On a square Go or gomoku board the same sequence is hashed under the 8 symmetries
//! (4 rotations, 4 reflections) at once, one hasher per symmetry, point by point; no
//! board is copied. The hash is the least of the 8. Colours stay as played (a game
//! and its colour-swapped copy differ). A rectangular board has 4 symmetries (the
//! identity, two reflections, the half turn). Shogi and gonu games are hashed as
//! they are: the start (the preset, or the whole position; gonu's board) then every
//! move. The hash is 64-bit FNV-1a with a final mix, the same on every machine and
//! in every run, so hashes from separate runs (`kifu list` per shard) can be joined.

use std::collections::HashMap;

use crate::model::{Game, GameKind, Move, Point, ShogiStart};

/// 64-bit FNV-1a.
#[derive(Clone, Copy)]
struct Fnv(u64);

impl Fnv {
    const START: Fnv = Fnv(0xcbf2_9ce4_8422_2325);

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn byte(&mut self, b: u8) {
        self.bytes(&[b]);
    }

    /// The hash, mixed (MurmurHash3's finaliser) so that near values spread.
    fn finish(self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
}

/// One symmetry of a `width` × `height` board, numbered 0–7: 0 the identity, 1–3 the
/// quarter turns, 4 and 5 the reflections across the vertical and horizontal axes,
/// 6 and 7 across the diagonals. 1, 3, 6 and 7 exist only on square boards.
pub fn transform(sym: u8, p: Point, width: u8, height: u8) -> Point {
    let nx = width.saturating_sub(1);
    let ny = height.saturating_sub(1);
    let (x, y) = (p.x, p.y);
    let (x, y) = match sym {
        1 => (ny.saturating_sub(y), x),
        2 => (nx.saturating_sub(x), ny.saturating_sub(y)),
        3 => (y, nx.saturating_sub(x)),
        4 => (nx.saturating_sub(x), y),
        5 => (x, ny.saturating_sub(y)),
        6 => (y, x),
        7 => (ny.saturating_sub(y), nx.saturating_sub(x)),
        _ => (x, y),
    };
    Point::new(x, y)
}

/// The symmetries of a board: all 8 when square, else 0, 2, 4 and 5.
fn symmetries(width: u8, height: u8) -> &'static [u8] {
    if width == height {
        &[0, 1, 2, 3, 4, 5, 6, 7]
    } else {
        &[0, 2, 4, 5]
    }
}

/// The game's canonical hash (see the module comment): equal for a game and any of
/// its rotated or mirrored copies, different (but for a 64-bit collision) for games
/// whose main lines differ.
pub fn canonical_hash(game: &Game) -> u64 {
    let mut start = Fnv::START;
    start.bytes(game.kind.family().as_bytes());
    match &game.kind {
        GameKind::Go { size } | GameKind::Gomoku { size, .. } => {
            start.bytes(&[size.width, size.height]);
            grid_hash(game, start, size.width, size.height)
        }
        GameKind::Shogi => {
            match &game.info.shogi_start {
                None => start.bytes("平手".as_bytes()),
                Some(ShogiStart::Preset(h)) => start.bytes(h.japanese().as_bytes()),
                Some(ShogiStart::Other(pos)) => {
                    start.bytes(serde_json::to_string(pos).unwrap_or_default().as_bytes())
                }
            }
            exact_hash(game, start)
        }
        GameKind::Gonu(board) => {
            start.bytes(serde_json::to_string(board).unwrap_or_default().as_bytes());
            exact_hash(game, start)
        }
    }
}

/// Go and gomoku: one hasher per symmetry, fed point by point.
fn grid_hash(game: &Game, start: Fnv, width: u8, height: u8) -> u64 {
    let syms = symmetries(width, height);
    let mut hashers = [start; 8];
    let mut points: Vec<Point> = Vec::new();
    for (_, node) in game.tree.main_line() {
        let setup = &node.setup;
        if !setup.is_empty() {
            let lists = [
                (b'B', &setup.add_black),
                (b'W', &setup.add_white),
                (b'E', &setup.clear),
            ];
            for (&sym, h) in syms.iter().zip(hashers.iter_mut()) {
                for (tag, list) in lists {
                    if list.is_empty() {
                        continue;
                    }
                    points.clear();
                    points.extend(list.iter().map(|&p| transform(sym, p, width, height)));
                    points.sort_unstable_by_key(|p| (p.y, p.x));
                    points.dedup();
                    h.byte(tag);
                    h.bytes(&(points.len() as u32).to_le_bytes());
                    for p in &points {
                        h.bytes(&[p.x, p.y]);
                    }
                }
            }
        }
        if let Some(Move::Stone(m)) = &node.mv {
            let color = m.color.index() as u8;
            for (&sym, h) in syms.iter().zip(hashers.iter_mut()) {
                match m.point {
                    Some(p) => {
                        let q = transform(sym, p, width, height);
                        h.bytes(&[b'm', color, q.x, q.y]);
                    }
                    None => h.bytes(&[b'p', color]),
                }
            }
        }
    }
    hashers
        .iter()
        .take(syms.len())
        .map(|h| h.finish())
        .min()
        .unwrap_or(0)
}

/// Shogi and gonu: the moves as they are.
fn exact_hash(game: &Game, mut h: Fnv) -> u64 {
    for (_, node) in game.tree.main_line() {
        match &node.mv {
            Some(Move::Shogi(m)) => {
                let from = m.from.map_or([0, 0], |s| [s.file, s.rank]);
                h.bytes(&[
                    b's',
                    m.color.index() as u8,
                    from[0],
                    from[1],
                    m.to.file,
                    m.to.rank,
                    u8::from(m.promote),
                ]);
                h.bytes(m.piece.csa().as_bytes());
            }
            Some(Move::Gonu(m)) => {
                h.bytes(&[b'g', m.color.index() as u8]);
                h.bytes(&m.from.map_or(u16::MAX, |v| v).to_le_bytes());
                h.bytes(&m.to.to_le_bytes());
            }
            Some(Move::Stone(m)) => {
                h.byte(m.color.index() as u8);
                if let Some(p) = m.point {
                    h.bytes(&[p.x, p.y]);
                }
            }
            None => {}
        }
    }
    h.finish()
}

/// A hash as `kifu list` and `kifu dedup` write it: 16 lower-case hex digits.
pub fn hash_text(hash: u64) -> String {
    format!("{hash:016x}")
}

/// Groups items by hash: the groups in the order of their first item, each item in
/// the order given.
pub fn group<T>(items: impl IntoIterator<Item = (T, u64)>) -> Vec<Vec<T>> {
    let mut index: HashMap<u64, usize> = HashMap::new();
    let mut groups: Vec<Vec<T>> = Vec::new();
    for (item, hash) in items {
        match index.get(&hash) {
            Some(&i) => {
                if let Some(g) = groups.get_mut(i) {
                    g.push(item);
                }
            }
            None => {
                index.insert(hash, groups.len());
                groups.push(vec![item]);
            }
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(sgf: &str) -> u64 {
        let parsed = crate::formats::sgf::read(sgf);
        canonical_hash(parsed.collection.games.first().expect("a game"))
    }

    #[test]
    fn rotations_and_reflections_hash_alike() {
        let base = hash("(;SZ[19]AB[dd][pp];W[qd];B[cq];W[])");
        // Quarter turn (x, y) → (18 - y, x): dd→pd, pp→dp, qd→pq, cq→cc.
        assert_eq!(base, hash("(;SZ[19]PB[x]AB[dp][pd];W[pq];B[cc];W[])"));
        // Mirror left-right: dd→pd, pp→dp, qd→cd, cq→qq.
        assert_eq!(base, hash("(;SZ[19]AB[pd][dp];W[cd];B[qq];W[])"));
        assert_ne!(
            base,
            hash("(;SZ[19]AB[dd][pp];W[qd];B[cr];W[])"),
            "one move off"
        );
        assert_ne!(
            base,
            hash("(;SZ[19]AB[dd][pp];B[qd];W[cq];B[])"),
            "colours swapped"
        );
        assert_ne!(
            base,
            hash("(;SZ[19]AB[dd];W[qd];B[cq];W[])"),
            "setup differs"
        );
        assert_ne!(
            base,
            hash("(;SZ[13]AB[dd][pp];W[qd];B[cq];W[])"),
            "board differs"
        );
    }

    #[test]
    fn transforms_are_the_eight_symmetries() {
        let p = Point::new(2, 5);
        let images: std::collections::HashSet<(u8, u8)> = (0..8)
            .map(|s| {
                let q = transform(s, p, 19, 19);
                (q.x, q.y)
            })
            .collect();
        assert_eq!(images.len(), 8);
        let q = transform(4, Point::new(0, 0), 19, 13);
        assert_eq!((q.x, q.y), (18, 0));
    }

    #[test]
    fn groups_keep_first_seen_order() {
        let g = group([("a", 1), ("b", 2), ("c", 1), ("d", 3), ("e", 2)]);
        assert_eq!(g, vec![vec!["a", "c"], vec!["b", "e"], vec!["d"]]);
    }

    #[test]
    fn rectangular_boards_have_four_symmetries() {
        let base = hash("(;SZ[19:13];B[cc];W[qk])");
        // Half turn: (x, y) → (18 - x, 12 - y).
        assert_eq!(base, hash("(;SZ[19:13];B[qk];W[cc])"));
        // Left-right mirror: (18 - x, y).
        assert_eq!(base, hash("(;SZ[19:13];B[qc];W[ck])"));
        assert_ne!(base, hash("(;SZ[19:13];B[cc];W[qj])"), "one move off");
    }

    #[test]
    fn shogi_games_are_compared_as_played() {
        let kif = |names: &str, second: &str| {
            let text = format!(
                "{names}手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 {second}\n"
            );
            let read = crate::read(&crate::Input {
                bytes: text.as_bytes().into(),
                path: None,
                format: crate::formats::by_name("kif"),
                encoding: None,
            })
            .expect("kif");
            canonical_hash(read.parsed.collection.games.first().expect("a game"))
        };
        let a = kif("先手：A\n後手：B\n", "３四歩(33)");
        assert_eq!(a, kif("先手：C\n後手：D\n", "３四歩(33)"));
        assert_ne!(a, kif("先手：A\n後手：B\n", "８四歩(83)"));
    }
}
