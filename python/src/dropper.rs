//! Games a Python program lets go of are freed on a thread of their own: freeing a
//! long game's nodes costs about as much as reading them, and need not hold up the
//! interpreter (it holds no Python object and takes no GIL). Short games, and shogi
//! games of up to [`SMALL_SHOGI`] nodes, are freed where they are let go of. Games
//! go to that thread in batches: waking it for each game cost more than freeing a
//! short game here.

use std::cell::RefCell;
use std::sync::mpsc::{sync_channel, SyncSender};
use std::sync::{Arc, OnceLock};

use kifu::model::Game;

/// Batches waiting to be freed, at most this many (a sender then waits).
const WAITING: usize = 16;

/// A batch is sent once it holds this many nodes (or [`BATCH_GAMES`] games).
const BATCH_NODES: usize = 1 << 15;

/// A batch is sent once it holds this many games.
const BATCH_GAMES: usize = 256;

/// A game of fewer nodes is freed where it is let go of.
const SMALL: usize = 64;

/// A shogi game of fewer nodes is freed where it is let go of too: its nodes hold
/// their moves in place, so freeing one costs little, and memory freed here is
/// taken again at once by the next game read (still in the cache). Freed on the
/// other thread, it came back late: a process's first pass over 2,000 CSA files
/// grew the allocator's memory by 2–5 huge pages, each zeroed by the kernel, and
/// cost 3–20 ms more processor time than the next passes. SGF games, whose nodes
/// hold property lists, are still freed faster on the thread (measured: the SGF
/// collection's read took 12 % longer with its games freed here).
const SMALL_SHOGI: usize = 2048;

/// The process that started the freeing thread, and the thread's queue.
type Queue = (u32, SyncSender<Vec<Arc<Game>>>);

/// The freeing thread's queue and the process that started it, made on first use
/// (None if no thread could start).
fn queue() -> Option<&'static Queue> {
    static QUEUE: OnceLock<Option<Queue>> = OnceLock::new();
    QUEUE
        .get_or_init(|| {
            let (tx, rx) = sync_channel::<Vec<Arc<Game>>>(WAITING);
            std::thread::Builder::new()
                .name("kifu-free".into())
                .spawn(move || rx.into_iter().for_each(drop))
                .ok()
                .map(|_| (std::process::id(), tx))
        })
        .as_ref()
}

/// Starts the freeing thread now (at import), not when the first long game is let
/// go of.
pub fn start() {
    let _ = queue();
}

/// The games let go of on this thread and not yet sent, and their nodes.
struct Batch {
    games: Vec<Arc<Game>>,
    nodes: usize,
}

thread_local! {
    static BATCH: RefCell<Batch> = const {
        RefCell::new(Batch {
            games: Vec::new(),
            nodes: 0,
        })
    };
}

/// Frees `game` on the freeing thread when it is the last holder of a game with
/// many nodes (in a batch with others); here otherwise.
pub fn free(game: Arc<Game>) {
    let nodes = game.tree.len();
    let small = match game.kind {
        kifu::model::GameKind::Shogi => SMALL_SHOGI,
        _ => SMALL,
    };
    if Arc::strong_count(&game) > 1 || nodes < small {
        return;
    }
    let Some((pid, tx)) = queue() else {
        return;
    };
    // A thread being torn down has no batch left: the game is freed here.
    let full = BATCH
        .try_with(|b| {
            let mut b = b.borrow_mut();
            b.games.push(game);
            b.nodes += nodes;
            if b.nodes >= BATCH_NODES || b.games.len() >= BATCH_GAMES {
                b.nodes = 0;
                Some(std::mem::take(&mut b.games))
            } else {
                None
            }
        })
        .ok()
        .flatten();
    if let Some(games) = full {
        // A forked child has no freeing thread (its queue would fill and block):
        // its games are freed here. A send fails only when the thread is gone; the
        // games are then freed here too.
        if *pid == std::process::id() {
            let _ = tx.send(games);
        }
    }
}

/// A game holding nothing, to leave in place of one sent to be freed.
pub fn placeholder() -> Arc<Game> {
    static EMPTY: OnceLock<Arc<Game>> = OnceLock::new();
    EMPTY
        .get_or_init(|| Arc::new(Game::new(kifu::model::GameKind::Shogi)))
        .clone()
}
