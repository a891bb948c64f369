//! The deterministic random shogi games of the benchmarks, shared by
//! `examples/shogi_bench.rs` (which writes them as files) and `bench/inproc` (which
//! keeps them in memory): `#[path]`-included by both, so it is not a module of kifu.
//!
//! Games: 60 % 平手, 20 % the other handicaps, 20 % board-diagram starts; times on
//! every move, comments, bookmarks, variations nested up to three deep, special
//! endings a random game can truly have (not 千日手, 持将棋 or 入玉勝ち, which validation
//! checks on the position). Every move is legal.

use kifu::model::{Ending, EndingKind, Game, GameKind, Handicap, Move, Node, NodeId, ShogiStart};
use kifu::rules::shogi::Position;

/// The generator's random numbers (xorshift), always from the same seed.
pub struct Rng(u64);

impl Rng {
    /// The seed every benchmark starts from.
    pub fn seeded() -> Rng {
        Rng(0x9e37_79b9_7f4a_7c15)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Plays up to `len` random legal moves below `parent`, adding nodes; returns the
/// last node. The position is restored afterwards.
fn play(
    game: &mut Game,
    pos: &mut Position,
    rng: &mut Rng,
    parent: NodeId,
    len: usize,
    depth: u32,
) -> NodeId {
    let mut made = Vec::new();
    let mut cur = parent;
    let mut branch_points = Vec::new();
    for _ in 0..len {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        let mut node = Node::default();
        node.mv = Some(Move::Shogi(m));
        node.set_time_used_ms(Some(rng.below(120) as u64 * 1000));
        if rng.below(20) == 0 {
            node.comment = Some(format!("コメント{}\n二行目", rng.below(1000)));
        }
        if rng.below(200) == 0 {
            node.bookmarks.push(format!("しおり{}", rng.below(100)));
        }
        if depth < 3 && rng.below(25) == 0 {
            branch_points.push((cur, made.len()));
        }
        cur = game.tree.add_child(cur, node);
        pos.make(&m);
        made.push(m);
    }
    if rng.below(4) != 0 {
        // Only endings a random game can truly have: validation checks 千日手,
        // 持将棋 and 入玉勝ち on the position (one draw from the generator each, as
        // before, so the games themselves are unchanged).
        let kinds = [
            EndingKind::Resign,
            EndingKind::Resign,
            EndingKind::Interrupt,
            EndingKind::Resign,
            EndingKind::Interrupt,
            EndingKind::Timeout,
            EndingKind::IllegalWin,
            EndingKind::SealedMove,
            EndingKind::Timeout,
        ];
        let kind = kinds[rng.below(kinds.len())];
        let mut node = Node::default();
        node.ending = Some(Ending {
            kind,
            color: Some(pos.to_move()),
        });
        game.tree.add_child(cur, node);
    }
    // Variations from the branch points, deepest first, on the restored positions.
    while let Some((at, n)) = branch_points.pop() {
        while made.len() > n {
            if let Some(m) = made.pop() {
                pos.unmake(&m);
            }
        }
        let alt_len = 1 + rng.below(12);
        play(game, pos, rng, at, alt_len, depth + 1);
    }
    while let Some(m) = made.pop() {
        pos.unmake(&m);
    }
    cur
}

fn totals(game: &mut Game) {
    // Fill the KIF total time per side along every line.
    let ids: Vec<NodeId> = game.tree.preorder().map(|(id, _)| id).collect();
    for id in ids {
        let path = game.tree.path_to(id);
        let Some(node) = game.tree.get(id) else {
            continue;
        };
        let Some(Move::Shogi(m)) = node.mv else {
            continue;
        };
        let total: u64 = path
            .iter()
            .filter_map(|&p| game.tree.get(p))
            .filter(|n| matches!(n.mv, Some(Move::Shogi(x)) if x.color == m.color))
            .filter_map(|n| n.time_used_ms())
            .sum();
        if let Some(n) = game.tree.get_mut(id) {
            n.set_time_total_ms(Some(total));
        }
    }
}

/// Game number `i` of the sequence `rng` is at.
pub fn game(i: usize, rng: &mut Rng) -> Game {
    let mut game = Game::new(GameKind::Shogi);
    game.info.black.name = Some(format!("先手{i}"));
    game.info.white.name = Some(format!("後手{i}"));
    game.info.event = Some("生成棋戦".into());
    let start = match rng.below(10) {
        0..=5 => ShogiStart::Preset(Handicap::Even),
        6 | 7 => ShogiStart::Preset(Handicap::ALL[1 + rng.below(15)]),
        _ => {
            // A diagram start: a random middle-game position.
            let mut p = Position::from_model(&Handicap::Even.position());
            for _ in 0..(10 + rng.below(40)) {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                p.make(&m);
            }
            ShogiStart::Other(Box::new(p.to_model()))
        }
    };
    let mut pos = Position::from_model(&start.position());
    game.info.shogi_start = Some(start);
    if rng.below(5) == 0 {
        game.info.game_comment = Some("対局前コメント".into());
    }
    let len = 20 + rng.below(160);
    play(&mut game, &mut pos, rng, NodeId::ROOT, len, 0);
    totals(&mut game);
    game
}
