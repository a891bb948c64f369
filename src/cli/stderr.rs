//! Standard error, written whole line by whole line, or held to go out in fewer
//! calls: a run over many small inputs (`kifu convert DIR --out-dir OUT`) prints a
//! warning or two per input, one `write` each, as many calls as it writes outputs.
//! Held text keeps its order and bytes and is still streamed: it goes out when
//! [`LIMIT`] bytes wait, when the oldest has waited [`AGE`] ([`tick`] is called at
//! each game and input), before anything is written to standard output (the two
//! may be one file), at the run's end ([`flush`]), before a panic's message, and on
//! SIGINT, SIGTERM or SIGHUP (the signal thread writes it before the process exits).
//! Holding is asked for by a run only when standard error is not a terminal: a
//! terminal sees every line as it comes.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How many bytes may wait before they are written.
const LIMIT: usize = 16 << 10;
/// How long the oldest waiting byte may wait, in milliseconds, checked as lines
/// come and at each [`tick`].
const AGE: u64 = 50;

/// [`LIMIT`], or in debug builds `KIFU_STDERR_HOLD_BYTES` (tests hold everything).
static LIMIT_NOW: AtomicUsize = AtomicUsize::new(LIMIT);
/// [`AGE`] in milliseconds, or in debug builds `KIFU_STDERR_HOLD_MS` (tests hold
/// for longer than a run under strace takes, or not at all with 0).
static AGE_MS: AtomicU64 = AtomicU64::new(AGE);

/// What waits to be written, and since when.
struct Held {
    bytes: Vec<u8>,
    since: Option<Instant>,
}

/// The text held for standard error.
static HELD: Mutex<Held> = Mutex::new(Held {
    bytes: Vec::new(),
    since: None,
});
/// True once a run asked for holding ([`hold`]); read before taking the lock.
static HOLDING: AtomicBool = AtomicBool::new(false);

fn held() -> MutexGuard<'static, Held> {
    // A thread that panicked while holding it left whole lines: go on with them.
    HELD.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Holds what is written to standard error from now on (see the module's
/// documentation), unless it is a terminal. Makes a panic's message and a signal
/// write what is held first.
pub fn hold(terminal: bool) {
    if terminal || HOLDING.load(Ordering::SeqCst) {
        return;
    }
    #[cfg(debug_assertions)]
    {
        let knob = |name: &str| std::env::var(name).ok().and_then(|v| v.parse().ok());
        if let Some(n) = knob("KIFU_STDERR_HOLD_BYTES") {
            LIMIT_NOW.store(usize::try_from(n).unwrap_or(usize::MAX), Ordering::SeqCst);
        }
        if let Some(ms) = knob("KIFU_STDERR_HOLD_MS") {
            AGE_MS.store(ms, Ordering::SeqCst);
        }
    }
    HOLDING.store(true, Ordering::SeqCst);
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // A panic while the text is locked (in a write) leaves it to the signal
        // path's care: nothing waits here for the lock.
        if let Ok(mut h) = HELD.try_lock() {
            write_out(&mut h);
        }
        previous(info);
    }));
    kifu::fsio::before_exit_on_signal(flush_on_signal);
}

/// Writes `text` (whole lines) to standard error in one call, or holds it.
pub fn write(text: &[u8]) {
    if !HOLDING.load(Ordering::Relaxed) {
        let _ = std::io::stderr().lock().write_all(text);
        return;
    }
    let mut h = held();
    if h.bytes.is_empty() {
        h.since = Some(Instant::now());
    }
    h.bytes.extend_from_slice(text);
    if h.bytes.len() >= LIMIT_NOW.load(Ordering::Relaxed) || old(&h) {
        write_out(&mut h);
    }
}

/// Writes what has waited [`AGE`] or longer.
pub fn tick() {
    if !HOLDING.load(Ordering::Relaxed) {
        return;
    }
    let mut h = held();
    if old(&h) {
        write_out(&mut h);
    }
}

/// True when the oldest held byte has waited [`AGE`].
fn old(h: &Held) -> bool {
    let age = Duration::from_millis(AGE_MS.load(Ordering::Relaxed));
    h.since.is_some_and(|t| t.elapsed() >= age)
}

/// Writes everything held now.
pub fn flush() {
    if HOLDING.load(Ordering::Relaxed) {
        write_out(&mut held());
    }
}

/// Writes the held text in one call (more only if the system takes part of it).
fn write_out(h: &mut Held) {
    if !h.bytes.is_empty() {
        let _ = std::io::stderr().lock().write_all(&h.bytes);
        h.bytes.clear();
    }
    h.since = None;
}

/// The signal thread's flush, before the process exits: never waits long, so a
/// signal still ends the run when standard error is a pipe nobody reads. The lock
/// is tried for a while (it is held only while text is appended or written), and
/// each piece is written only when the descriptor takes it (`poll`, 100 ms at
/// most), at most `PIPE_BUF` bytes at a time (a pipe takes that much whole).
fn flush_on_signal() {
    let mut tries = 0;
    let mut h = loop {
        match HELD.try_lock() {
            Ok(h) => break h,
            Err(std::sync::TryLockError::Poisoned(p)) => break p.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) if tries < 100 => {
                tries += 1;
                std::thread::sleep(Duration::from_millis(1));
            }
            Err(std::sync::TryLockError::WouldBlock) => return,
        }
    };
    let mut rest: &[u8] = &h.bytes;
    while !rest.is_empty() {
        let mut fds = libc::pollfd {
            fd: 2,
            events: libc::POLLOUT,
            revents: 0,
        };
        // SAFETY: `fds` is one valid pollfd, as the count says.
        if unsafe { libc::poll(&mut fds, 1, 100) } != 1 || fds.revents & libc::POLLOUT == 0 {
            break;
        }
        let piece = rest.len().min(libc::PIPE_BUF);
        // SAFETY: `rest` holds at least `piece` readable bytes.
        let n = unsafe { libc::write(2, rest.as_ptr().cast(), piece) };
        let Ok(n @ 1..) = usize::try_from(n) else {
            break;
        };
        rest = rest.get(n..).unwrap_or_default();
    }
    h.bytes.clear();
}
