//! Shogi throughput benchmark (not a test).
//!
//! `cargo run --release --example shogi_bench -- gen DIR N` writes N deterministic
//! random legal games (handicaps, diagram starts, times, comments, bookmarks, nested
//! variations, rare endings) as Shift_JIS KIF and KI2 into DIR.
//! `cargo run --release --example shogi_bench -- run DIR [kif|ki2]` reads and validates
//! every `.kif`/`.ki2` file there (every move checked) and prints games/s and MB/s.
//! `… -- load DIR [kif|ki2]` only reads and sorts the files, as `run` does before
//! its timer starts: under callgrind, `run`'s count less `load`'s is the work timed.

use std::path::Path;
use std::time::Instant;

use kifu::model::{
    Collection, Ending, EndingKind, Game, GameKind, Handicap, Move, Node, NodeId, ShogiStart,
};
use kifu::rules::shogi::Position;
use kifu::text::TextEncoding;

struct Rng(u64);

impl Rng {
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
        node.time_used_ms = Some(rng.below(120) as u64 * 1000);
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
        let kinds = [
            EndingKind::Resign,
            EndingKind::Resign,
            EndingKind::Interrupt,
            EndingKind::Repetition,
            EndingKind::Impasse,
            EndingKind::Timeout,
            EndingKind::IllegalWin,
            EndingKind::SealedMove,
            EndingKind::EnteringKing,
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
            .filter_map(|n| n.time_used_ms)
            .sum();
        if let Some(n) = game.tree.get_mut(id) {
            n.time_total_ms = Some(total);
        }
    }
}

fn generate(dir: &Path, count: usize) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let kif = kifu::formats::by_name("kif").expect("kif");
    let ki2 = kifu::formats::by_name("ki2").expect("ki2");
    for i in 0..count {
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
        play(&mut game, &mut pos, &mut rng, NodeId::ROOT, len, 0);
        totals(&mut game);
        let c = Collection { games: vec![game] };
        let a = kifu::write(&c, kif, Some(TextEncoding::SHIFT_JIS), None)
            .map_err(std::io::Error::other)?;
        std::fs::write(dir.join(format!("g{i:05}.kif")), a.bytes)?;
        let b = kifu::write(&c, ki2, Some(TextEncoding::SHIFT_JIS), None)
            .map_err(std::io::Error::other)?;
        std::fs::write(dir.join(format!("g{i:05}.ki2")), b.bytes)?;
    }
    Ok(())
}

/// Reads and sorts the files as `run` does, and nothing more: run's instruction
/// count less this one is what reading and validating cost.
fn load(dir: &Path, only: Option<&str>) -> std::io::Result<()> {
    for ext in ["kif", "ki2"] {
        if only.is_some_and(|o| o != ext) {
            continue;
        }
        let files = load_files(dir, ext)?;
        let bytes: usize = files.iter().map(|f| f.0.len()).sum();
        println!(
            "{ext}: {} files, {:.1} MB loaded",
            files.len(),
            bytes as f64 / 1e6
        );
    }
    Ok(())
}

/// Every `.ext` file of `dir` with its contents, sorted by path.
fn load_files(dir: &Path, ext: &str) -> std::io::Result<Vec<(Vec<u8>, std::path::PathBuf)>> {
    let mut files = Vec::new();
    for e in std::fs::read_dir(dir)? {
        let p = e?.path();
        if p.extension().and_then(|x| x.to_str()) == Some(ext) {
            files.push((std::fs::read(&p)?, p));
        }
    }
    files.sort_by(|a, b| a.1.cmp(&b.1));
    Ok(files)
}

fn run(dir: &Path, only: Option<&str>) -> std::io::Result<()> {
    for ext in ["kif", "ki2"] {
        if only.is_some_and(|o| o != ext) {
            continue;
        }
        let files = load_files(dir, ext)?;
        let bytes: usize = files.iter().map(|f| f.0.len()).sum();
        let start = Instant::now();
        let mut errors = 0;
        let mut moves = 0usize;
        for (data, path) in &files {
            let input = kifu::Input {
                bytes: data,
                path: Some(path),
                format: None,
                encoding: None,
            };
            let mut out = kifu::read(&input).map_err(std::io::Error::other)?;
            kifu::validate(&mut out);
            errors += usize::from(out.has_errors());
            moves += out
                .parsed
                .collection
                .games
                .iter()
                .map(|g| g.tree.len())
                .sum::<usize>();
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{ext}: {} games, {} nodes, {:.1} MB in {:.3} s: {:.0} games/s, {:.1} MB/s, {} with errors",
            files.len(),
            moves,
            bytes as f64 / 1e6,
            secs,
            files.len() as f64 / secs,
            bytes as f64 / 1e6 / secs,
            errors
        );
    }
    Ok(())
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("gen") => {
            let dir = args.get(2).map_or("bench-shogi", String::as_str);
            let n = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(2000);
            generate(Path::new(dir), n)
        }
        Some("load") => load(
            Path::new(args.get(2).map_or("bench-shogi", String::as_str)),
            args.get(3).map(String::as_str),
        ),
        Some("run") => run(
            Path::new(args.get(2).map_or("bench-shogi", String::as_str)),
            args.get(3).map(String::as_str),
        ),
        _ => {
            eprintln!("usage: shogi_bench gen DIR [N] | run DIR [kif|ki2] | load DIR [kif|ki2]");
            Ok(())
        }
    }
}
