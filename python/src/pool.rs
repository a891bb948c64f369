//! Threads kept for `kifu.read_dir`'s workers: one a core is started (and warmed up by
//! reading a short record) when the module is imported, and a worker whose folder is
//! done waits here for the next folder instead of ending. A folder's reading then
//! neither starts threads nor meets a new thread's cold allocator and tables inside
//! the program's time. Each job still has a thread of its own for as long as it
//! runs (a job waiting for the program to take its files holds only its thread), so
//! one reader left half-read never holds up another.

use std::sync::mpsc::{channel, Sender};
use std::sync::Mutex;

/// Work for a kept thread.
pub type Job = Box<dyn FnOnce() + Send>;

/// The kept threads waiting for a job, and the process they belong to (a forked
/// child has none of its parent's threads: it starts its own).
struct Idle {
    pid: u32,
    waiting: Vec<Sender<Job>>,
}

static IDLE: Mutex<Idle> = Mutex::new(Idle {
    pid: 0,
    waiting: Vec::new(),
});

/// How many threads are kept waiting, at most: the cores.
fn most() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The waiting threads of this process (emptied first in a forked child).
fn idle() -> std::sync::MutexGuard<'static, Idle> {
    let mut idle = IDLE.lock().unwrap_or_else(|e| e.into_inner());
    let pid = std::process::id();
    if idle.pid != pid {
        idle.pid = pid;
        idle.waiting.clear();
    }
    idle
}

/// A kept thread's life: `first`, then jobs as they come while there is room for it
/// among the waiting threads.
fn keep(first: Job) {
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(first));
    let (tx, rx) = channel::<Job>();
    loop {
        {
            let mut idle = idle();
            if idle.waiting.len() >= most() {
                return;
            }
            idle.waiting.push(tx.clone());
        }
        match rx.recv() {
            Ok(job) => {
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
            }
            Err(_) => return,
        }
    }
}

/// Runs `job` on a waiting thread, or on a new one.
pub fn run(job: Job) -> std::io::Result<()> {
    let mut job = job;
    loop {
        let Some(tx) = idle().waiting.pop() else {
            break;
        };
        match tx.send(job) {
            Ok(()) => return Ok(()),
            Err(e) => job = e.0,
        }
    }
    std::thread::Builder::new()
        .name("kifu-read-dir".into())
        .spawn(move || keep(job))
        .map(drop)
}

/// Starts the threads kept waiting (at import), each warmed up by `warm`.
pub fn start(warm: fn()) {
    for _ in 0..most() {
        let spawned = std::thread::Builder::new()
            .name("kifu-read-dir".into())
            .spawn(move || keep(Box::new(warm)));
        if spawned.is_err() {
            break;
        }
    }
}
