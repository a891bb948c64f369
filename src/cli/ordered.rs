//! Work on many files in parallel, results taken in the files' order, without a
//! barrier: a thread that finishes a file takes the next one at once, as long as it
//! is at most a window ahead of the file being reported.
//!
//! Batches of `par_iter` waited at each batch's end for its slowest file while the
//! main thread reported, and the idle threads' sleeping and waking showed in the
//! profile of `kifu validate` over 2,000 small KIF files (docs/PERFORMANCE.md).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// What the threads share beside the next item to claim.
struct State<R> {
    /// How many results have been taken.
    taken: usize,
    /// Results not taken yet, by item index.
    done: HashMap<usize, R>,
    /// The taking thread waits for a result.
    taker_waits: bool,
    /// How many workers wait for the window to move.
    workers_waiting: usize,
    /// How many workers have not ended (a panicking one ends too).
    alive: usize,
}

/// Counts its worker out of [`State::alive`] when the worker ends, however it ends.
struct Leaving<'a, R> {
    state: &'a Mutex<State<R>>,
    changed: &'a Condvar,
}

impl<R> Drop for Leaving<'_, R> {
    fn drop(&mut self) {
        let mut g = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        g.alive = g.alive.saturating_sub(1);
        self.changed.notify_all();
    }
}

/// Waits for a change, through a poisoned lock too.
fn wait_on<'a, R>(changed: &Condvar, g: MutexGuard<'a, State<R>>) -> MutexGuard<'a, State<R>> {
    changed.wait(g).unwrap_or_else(PoisonError::into_inner)
}

/// Runs `work` on every item on `threads` threads (the calling thread among them;
/// inline when 1) and hands each result to `take`, on the calling thread, in the
/// items' order. A worker claims an item at most `window` ahead of the one taken
/// next (the calling thread works only while it has nothing to take), so memory
/// holds at most `window` + `threads` results. The first error of `take` stops the
/// work (items under way finish) and is returned.
pub fn in_order<T, R, E>(
    items: &[T],
    threads: usize,
    window: usize,
    work: impl Fn(&T) -> R + Sync,
    mut take: impl FnMut(&T, R) -> Result<(), E>,
) -> Result<(), E>
where
    T: Sync,
    R: Send,
{
    let window = window.max(1);
    if threads <= 1 || items.len() <= 1 {
        for item in items {
            take(item, work(item))?;
        }
        return Ok(());
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let state = Mutex::new(State {
        taken: 0,
        done: HashMap::new(),
        taker_waits: false,
        workers_waiting: 0,
        alive: threads.min(items.len()) - 1,
    });
    let changed = Condvar::new();
    let lock = || state.lock().unwrap_or_else(PoisonError::into_inner);
    std::thread::scope(|scope| {
        for _ in 1..threads.min(items.len()) {
            let (next, stop, work, lock) = (&next, &stop, &work, &lock);
            let (state, changed) = (&state, &changed);
            scope.spawn(move || {
                let _leaving = Leaving { state, changed };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else {
                        return;
                    };
                    let mut g = lock();
                    while i >= g.taken + window && !stop.load(Ordering::Relaxed) {
                        g.workers_waiting += 1;
                        g = wait_on(changed, g);
                        g.workers_waiting -= 1;
                    }
                    drop(g);
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let r = work(item);
                    let mut g = lock();
                    g.done.insert(i, r);
                    if g.taker_waits {
                        changed.notify_all();
                    }
                }
            });
        }
        let mut outcome = Ok(());
        for (k, item) in items.iter().enumerate() {
            let result = loop {
                let mut g = lock();
                if let Some(r) = g.done.remove(&k) {
                    g.taken = k + 1;
                    if g.workers_waiting > 0 {
                        changed.notify_all();
                    }
                    break Some(r);
                }
                // Nothing to take yet: work on an item meanwhile, if one is left in
                // the window, else wait for a result.
                let i = next.load(Ordering::Relaxed);
                if i < k + window && i < items.len() {
                    drop(g);
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if let Some(mine) = items.get(i) {
                        let r = work(mine);
                        lock().done.insert(i, r);
                    }
                    continue;
                }
                if g.alive == 0 {
                    // Every worker has ended without giving item `k`: one panicked
                    // (the scope passes the panic on).
                    break None;
                }
                g.taker_waits = true;
                g = wait_on(&changed, g);
                g.taker_waits = false;
            };
            let Some(result) = result else {
                break;
            };
            if let Err(e) = take(item, result) {
                outcome = Err(e);
                break;
            }
        }
        stop.store(true, Ordering::Relaxed);
        // Wake the waiting workers under the lock, so that none misses the stop.
        drop(lock());
        changed.notify_all();
        outcome
    })
}

#[cfg(test)]
mod tests {
    use super::in_order;

    #[test]
    fn results_come_in_order_on_any_number_of_threads() {
        let items: Vec<u64> = (0..500).collect();
        for threads in [1, 2, 3, 8] {
            for window in [1, 2, 7, 64] {
                let mut seen = Vec::new();
                let r: Result<(), ()> = in_order(
                    &items,
                    threads,
                    window,
                    |&x| {
                        // Uneven work, so that later items often finish first.
                        let spin = (x * 7919) % 2000;
                        let noise = (0..spin).fold(x, |a, b| a.wrapping_mul(31).wrapping_add(b));
                        std::hint::black_box(noise);
                        x * 2
                    },
                    |&x, r| {
                        assert_eq!(r, x * 2);
                        seen.push(x);
                        Ok(())
                    },
                );
                assert_eq!(r, Ok(()));
                assert_eq!(seen, items, "{threads} threads, window {window}");
            }
        }
    }

    #[test]
    fn the_first_error_stops_the_work() {
        let items: Vec<u32> = (0..1000).collect();
        let worked = std::sync::atomic::AtomicUsize::new(0);
        let mut taken = 0;
        let r = in_order(
            &items,
            2,
            4,
            |&x| {
                worked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                x
            },
            |&x, _| {
                taken += 1;
                if x == 10 {
                    Err("stop")
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(r, Err("stop"));
        assert_eq!(taken, 11);
        // At most a window (and one per thread about to see the stop) past item 10.
        assert!(worked.load(std::sync::atomic::Ordering::Relaxed) <= 11 + 4 + 2);
    }
}
