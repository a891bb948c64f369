//! Work on many files in parallel, results taken in the files' order, without a
//! barrier: a thread that finishes a file takes the next one at once, as long as it
//! is at most a window ahead of the file being reported.
//!
//! Batches of `par_iter` waited at each batch's end for its slowest file while the
//! main thread reported, and the idle threads' sleeping and waking showed in the
//! profile of `kifu validate` over 2,000 small KIF files (docs/PERFORMANCE.md).
//!
//! No lock is shared per item, and nobody is woken per item unless it sleeps: each
//! result goes into its own slot of a ring of `window` slots (slot `i % window`,
//! free because item `i - window` has been taken before item `i` may be claimed),
//! flagged ready with an atomic; workers claim items a few at a time from one
//! counter; the taking thread works on an item itself while the one it takes next
//! is not ready, and parks only when the window leaves it nothing to do. A thread
//! is unparked only when it said it sleeps (a flag read after each publication), so
//! a run where the taker keeps up makes no futex call per item. The window bounds
//! memory: at most `window` results wait, besides the one being taken.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::thread::Thread;

/// One place of the ring: a result and whether it is there.
struct Slot<R> {
    /// Set (Release) once `value` holds the result of the slot's current item;
    /// cleared by the taker when it takes it.
    ready: AtomicBool,
    /// The result. Locked by its writer once and by the taker once: never waited on
    /// in practice (the `ready` flag says when to look).
    value: Mutex<Option<R>>,
}

/// What the threads share.
struct Shared<R> {
    slots: Vec<Slot<R>>,
    /// The next item to claim.
    next: AtomicUsize,
    /// How many results have been taken: item `i` may be claimed once
    /// `i < taken + window`.
    taken: AtomicUsize,
    /// Set when the taker stopped (an error): workers claim nothing more.
    stop: AtomicBool,
    /// How many workers have not ended (a panicking one ends too).
    alive: AtomicUsize,
    /// The taking thread, and whether it sleeps waiting for a result.
    taker: Thread,
    taker_sleeps: AtomicBool,
    /// Workers sleeping until the window moves, and their number (read without
    /// the lock by the taker at each item).
    sleepers: Mutex<Vec<Thread>>,
    sleeping: AtomicUsize,
    /// The fewest taken results at which a sleeping worker wants waking.
    wake_at: AtomicUsize,
    window: usize,
    items: usize,
}

impl<R> Shared<R> {
    /// The slot of item `i`.
    fn slot(&self, i: usize) -> Option<&Slot<R>> {
        self.slots.get(i % self.window)
    }

    /// Puts the result of item `i` in its slot and wakes the taker if it sleeps
    /// waiting for that very result.
    fn publish(&self, i: usize, r: R) {
        if let Some(slot) = self.slot(i) {
            *slot.value.lock().unwrap_or_else(PoisonError::into_inner) = Some(r);
            slot.ready.store(true, Ordering::SeqCst);
        }
        if self.taker_sleeps.load(Ordering::SeqCst) && self.taken.load(Ordering::SeqCst) == i {
            self.taker.unpark();
        }
    }

    /// Takes the result of item `k` if it is there.
    fn take(&self, k: usize) -> Option<R> {
        let slot = self.slot(k)?;
        if !slot.ready.load(Ordering::SeqCst) {
            return None;
        }
        let r = slot
            .value
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        slot.ready.store(false, Ordering::Relaxed);
        // The slot is free for item k + window from now on.
        self.taken.store(k + 1, Ordering::SeqCst);
        if self.sleeping.load(Ordering::SeqCst) > 0 && k + 1 >= self.wake_at.load(Ordering::SeqCst)
        {
            self.wake_workers();
        }
        r
    }

    /// Wakes every worker sleeping for the window.
    /// The list is emptied and the marks reset under the lock (a worker saying it
    /// sleeps after that is woken by a later wake), the threads unparked after it is
    /// let go: a worker woken that soon sleeps again does not meet it held.
    fn wake_workers(&self) {
        let woken = {
            let mut sleepers = self.sleepers.lock().unwrap_or_else(PoisonError::into_inner);
            self.sleeping.store(0, Ordering::SeqCst);
            self.wake_at.store(usize::MAX, Ordering::SeqCst);
            std::mem::take(&mut *sleepers)
        };
        for t in woken {
            t.unpark();
        }
    }

    /// Waits (as a worker) until item `i` is within the window or the work
    /// stopped; false when it stopped. A worker the window stops sleeps until half
    /// the window is free (or the taker needs item `i`), so that the taker wakes it
    /// once for several items, not once per item.
    fn wait_for_window(&self, i: usize) -> bool {
        // Woken when this many have been taken: item `i` is then in the window,
        // half a window before its end (at most `i`: when the taker wants item `i`
        // itself, its worker is awake).
        let wake = (i + 1 + self.window / 2).saturating_sub(self.window);
        let mut spins = 0;
        loop {
            if self.stop.load(Ordering::SeqCst) {
                return false;
            }
            if i < self.taken.load(Ordering::SeqCst) + self.window {
                return true;
            }
            if spins < SPINS {
                spins += 1;
                std::thread::yield_now();
                continue;
            }
            self.sleepers
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(std::thread::current());
            // Said after the lock is let go: a taker that sees the sleeper at once
            // finds the lock free (told inside it, the taker's wake met the lock
            // held, two more futex calls for each sleep). A wake between the two
            // leaves a count of a sleeper already woken: the next wake finds none.
            self.sleeping.fetch_add(1, Ordering::SeqCst);
            self.wake_at.fetch_min(wake, Ordering::SeqCst);
            // Read again after saying it sleeps: either this sees the window moved
            // (or the stop), or the taker sees the sleeper and unparks it.
            if self.stop.load(Ordering::SeqCst) || self.taken.load(Ordering::SeqCst) >= wake {
                continue;
            }
            std::thread::park();
        }
    }

    /// Claims the next item for the taker if it lies before `limit`.
    fn claim_before(&self, limit: usize) -> Option<usize> {
        let mut i = self.next.load(Ordering::Relaxed);
        while i < limit.min(self.items) {
            match self
                .next
                .compare_exchange_weak(i, i + 1, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return Some(i),
                Err(now) => i = now,
            }
        }
        None
    }

    /// Claims up to `batch` items (fewer near the end): their first index and
    /// end.
    fn claim(&self, batch: usize) -> Option<(usize, usize)> {
        let start = self.next.fetch_add(batch, Ordering::Relaxed);
        (start < self.items).then(|| (start, (start + batch).min(self.items)))
    }
}

/// How many times a worker the window stops gives its processor up (and looks again)
/// before it sleeps. The taker frees a place every few tens of microseconds when
/// it writes files: a worker that slept was woken onto the taker's processor now
/// and then and the two shared one core for milliseconds, while the other idled
/// (KIF → CSA over 2,000 files on a disk: a fifth of the runs 15–20 ms slower).
/// Yielding keeps the worker where it is, and gives way to any thread that wants
/// the processor.
const SPINS: u32 = 256;

/// Counts its worker out of [`Shared::alive`] when the worker ends, however it
/// ends, and wakes the taker, which may be waiting for a result that will not come.
struct Leaving<'a, R>(&'a Shared<R>);

impl<R> Drop for Leaving<'_, R> {
    fn drop(&mut self) {
        self.0.alive.fetch_sub(1, Ordering::SeqCst);
        self.0.taker.unpark();
    }
}

/// Stops the workers and wakes those that sleep, when the taking ends.
struct Stopping<'a, R>(&'a Shared<R>);

impl<R> Drop for Stopping<'_, R> {
    fn drop(&mut self) {
        self.0.stop.store(true, Ordering::SeqCst);
        self.0.wake_workers();
    }
}

/// How many items a worker claims at once: a few, so that claiming costs little,
/// but no more than leaves the window to the other threads.
fn batch_size(window: usize, threads: usize) -> usize {
    (window / (2 * threads.max(1))).clamp(1, 4)
}

/// Runs `work` on every item on `threads` threads (the calling thread among them;
/// inline when 1) and hands each result to `take`, on the calling thread, in the
/// items' order. A worker claims items (a few at a time) at most `window` ahead of
/// the one taken next, and the calling thread works on one while the result it
/// takes next is not ready, so memory holds at most `window` results besides the
/// one being taken. The first
/// error of `take` stops the work (items under way finish) and is returned.
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
    let workers = threads.min(items.len()) - 1;
    let batch = batch_size(window, threads);
    let shared = Shared {
        slots: (0..window)
            .map(|_| Slot {
                ready: AtomicBool::new(false),
                value: Mutex::new(None),
            })
            .collect(),
        next: AtomicUsize::new(0),
        taken: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        alive: AtomicUsize::new(workers),
        taker: std::thread::current(),
        taker_sleeps: AtomicBool::new(false),
        sleepers: Mutex::new(Vec::new()),
        sleeping: AtomicUsize::new(0),
        wake_at: AtomicUsize::new(usize::MAX),
        window,
        items: items.len(),
    };
    std::thread::scope(|scope| {
        // However the taking ends (a panic of `work` or `take` too), the workers
        // stop and none sleeps on: the scope can end.
        let _stopping = Stopping(&shared);
        for _ in 0..workers {
            let (shared, work) = (&shared, &work);
            scope.spawn(move || {
                let _leaving = Leaving(shared);
                while let Some((start, end)) = shared.claim(batch) {
                    for i in start..end {
                        if !shared.wait_for_window(i) {
                            return;
                        }
                        let Some(item) = items.get(i) else {
                            return;
                        };
                        shared.publish(i, work(item));
                    }
                }
            });
        }
        let mut outcome = Ok(());
        for (k, item) in items.iter().enumerate() {
            let result = loop {
                if let Some(r) = shared.take(k) {
                    break Some(r);
                }
                // Nothing to take yet: work on an item meanwhile, if one is left in
                // the window, else wait for a result.
                if let Some(i) = shared.claim_before(k + window) {
                    if let Some(mine) = items.get(i) {
                        shared.publish(i, work(mine));
                    }
                    continue;
                }
                shared.taker_sleeps.store(true, Ordering::SeqCst);
                // Looked at again after saying it sleeps: either this sees the
                // result, or its worker sees the flag and unparks this thread.
                if let Some(r) = shared.take(k) {
                    shared.taker_sleeps.store(false, Ordering::SeqCst);
                    break Some(r);
                }
                if shared.alive.load(Ordering::SeqCst) == 0 {
                    // Every worker has ended without giving item `k`: one panicked
                    // (the scope passes the panic on).
                    shared.taker_sleeps.store(false, Ordering::SeqCst);
                    break None;
                }
                std::thread::park();
                shared.taker_sleeps.store(false, Ordering::SeqCst);
            };
            let Some(result) = result else {
                break;
            };
            if let Err(e) = take(item, result) {
                outcome = Err(e);
                break;
            }
        }
        outcome
    })
}

#[cfg(test)]
mod tests {
    use super::in_order;
    use std::sync::atomic::{AtomicUsize, Ordering};

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
        let worked = AtomicUsize::new(0);
        let mut taken = 0;
        let r = in_order(
            &items,
            2,
            4,
            |&x| {
                worked.fetch_add(1, Ordering::Relaxed);
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
        assert!(worked.load(Ordering::Relaxed) <= 11 + 4 + 2);
    }

    /// Workers claim items in batches, and the taker works while it waits: still
    /// no more than `window` results wait, besides the one being taken, on
    /// any number of threads, whatever the items' cost.
    #[test]
    fn batches_never_hold_more_than_the_window() {
        let items: Vec<u64> = (0..2000).collect();
        for threads in [2, 3, 5] {
            for window in [1, 3, 8, 33] {
                let held = AtomicUsize::new(0);
                let most = AtomicUsize::new(0);
                let mut seen = 0u64;
                let r: Result<(), ()> = in_order(
                    &items,
                    threads,
                    window,
                    |&x| {
                        // Every seventh item costs much more than the rest.
                        let spin = if x % 7 == 0 { 20_000 } else { 10 };
                        std::hint::black_box((0..spin).fold(x, |a, b| a ^ b));
                        let now = held.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        x
                    },
                    |&x, r| {
                        assert_eq!(r, x);
                        assert_eq!(x, seen);
                        seen += 1;
                        held.fetch_sub(1, Ordering::SeqCst);
                        Ok(())
                    },
                );
                assert_eq!(r, Ok(()));
                assert_eq!(seen, 2000);
                let most = most.load(Ordering::SeqCst);
                // The window's results, and the one being taken.
                assert!(
                    most <= window + 1,
                    "{threads} threads, window {window}: {most} held"
                );
            }
        }
    }

    /// A worker that panics does not leave the taker waiting for ever: the panic
    /// reaches the caller.
    #[test]
    fn a_panicking_worker_ends_the_run_with_its_panic() {
        let items: Vec<u32> = (0..100).collect();
        let caught = std::panic::catch_unwind(|| {
            let _ = in_order(
                &items,
                2,
                4,
                |&x| {
                    if x == 5 {
                        panic!("item 5");
                    }
                    x
                },
                |_, _| Ok::<(), ()>(()),
            );
        });
        assert!(caught.is_err());
    }
}
