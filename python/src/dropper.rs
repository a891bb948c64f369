//! Games a Python program lets go of are freed on a thread of their own: freeing a
//! long game's nodes costs about as much as reading them, and need not hold up the
//! interpreter (it holds no Python object and takes no GIL).

use std::sync::mpsc::{sync_channel, SyncSender};
use std::sync::{Arc, OnceLock};

use kifu::model::Game;

/// Games waiting to be freed, at most this many (a sender then waits).
const WAITING: usize = 256;

/// The freeing thread's queue, made on first use (None if no thread could start).
fn queue() -> Option<&'static SyncSender<Arc<Game>>> {
    static QUEUE: OnceLock<Option<SyncSender<Arc<Game>>>> = OnceLock::new();
    QUEUE
        .get_or_init(|| {
            let (tx, rx) = sync_channel::<Arc<Game>>(WAITING);
            std::thread::Builder::new()
                .name("kifu-free".into())
                .spawn(move || rx.into_iter().for_each(drop))
                .ok()
                .map(|_| tx)
        })
        .as_ref()
}

/// Frees `game` on the freeing thread when it is the last holder of a game with
/// many nodes; here otherwise.
pub fn free(game: Arc<Game>) {
    if Arc::strong_count(&game) > 1 || game.tree.len() < 64 {
        return;
    }
    if let Some(tx) = queue() {
        // A send fails only when the thread is gone; the game is then freed here.
        let _ = tx.send(game);
    }
}

/// A game holding nothing, to leave in place of one sent to be freed.
pub fn placeholder() -> Arc<Game> {
    static EMPTY: OnceLock<Arc<Game>> = OnceLock::new();
    EMPTY
        .get_or_init(|| Arc::new(Game::new(kifu::model::GameKind::Shogi)))
        .clone()
}
