//! Interrupted runs leave no temporary files: every temporary file being staged is
//! listed in a process-wide register while it exists, and on SIGINT, SIGTERM or
//! SIGHUP one thread removes all of them before the process exits (128 + the
//! signal's number, as a shell reports a process the signal ended).
//!
//! No work is done in a signal handler: the signals are blocked in every thread and
//! one thread waits for them with `sigwait`, so it may take locks and remove files.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The temporary files this process has, by registration number.
static TEMPORARIES: Mutex<BTreeMap<u64, PathBuf>> = Mutex::new(BTreeMap::new());
/// The next registration number.
static NEXT: AtomicU64 = AtomicU64::new(1);

fn register() -> MutexGuard<'static, BTreeMap<u64, PathBuf>> {
    // A thread that panicked while holding it left the map whole: go on with it.
    TEMPORARIES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// One temporary file in the register, for as long as this lives.
#[derive(Debug)]
pub(super) struct Registered(std::num::NonZeroU64);

impl Registered {
    /// Creates a temporary file at `path` by `create` and lists it, both under the
    /// register's lock: a signal either comes first (the file is never made) or
    /// finds the file listed.
    pub(super) fn create<T>(
        path: &Path,
        create: impl FnOnce(&Path) -> std::io::Result<T>,
    ) -> std::io::Result<(T, Registered)> {
        let mut temporaries = register();
        let made = create(path)?;
        // Numbers start at 1, so an `Option<Registered>` costs no more than one (a
        // u64 counter does not come back to 0).
        let id = std::num::NonZeroU64::new(NEXT.fetch_add(1, Ordering::Relaxed))
            .unwrap_or(std::num::NonZeroU64::MAX);
        temporaries.insert(id.get(), path.to_path_buf());
        Ok((made, Registered(id)))
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        register().remove(&self.0.get());
    }
}

/// True when `path` is listed as a temporary file of this process.
#[cfg(test)]
pub(super) fn is_listed(path: &Path) -> bool {
    register().values().any(|p| p == path)
}

/// What the signal thread runs after removing the temporary files, before the
/// process exits.
static BEFORE_EXIT: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();

/// Sets what the signal thread runs after removing the temporary files and before
/// the process exits (a program writes what it held for standard error): once, a
/// later call changes nothing. It must not wait for ever (the signal must still end
/// the process).
pub fn before_exit_on_signal(f: fn()) {
    let _ = BEFORE_EXIT.set(f);
}

/// Blocks SIGINT, SIGTERM and SIGHUP in this thread and every thread it starts from
/// now on, and starts the thread that, on any of them, removes this process's
/// temporary files and exits with 128 + the signal's number. Call it first thing,
/// before any other thread starts. Fails (changing nothing) where the signals cannot
/// be blocked or the thread cannot start.
#[cfg(target_os = "linux")]
pub fn clean_up_on_signals() -> std::io::Result<()> {
    let set = signal_set();
    let mut old = empty_set();
    // SAFETY: both sets are initialised; pthread_sigmask only reads `set` and writes `old`.
    let rc = unsafe { libc::pthread_sigmask(libc::SIG_BLOCK, &set, &mut old) };
    if rc != 0 {
        return Err(std::io::Error::from_raw_os_error(rc));
    }
    let spawned = std::thread::Builder::new()
        .name("kifu-signals".into())
        .stack_size(64 << 10)
        .spawn(wait_and_clean_up);
    if let Err(e) = spawned {
        // SAFETY: as above; restores the mask this thread had.
        unsafe { libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut()) };
        return Err(e);
    }
    Ok(())
}

/// Signals are left as they are off Linux.
#[cfg(not(target_os = "linux"))]
pub fn clean_up_on_signals() -> std::io::Result<()> {
    Ok(())
}

#[cfg(target_os = "linux")]
fn empty_set() -> libc::sigset_t {
    // SAFETY: sigset_t is plain data; sigemptyset initialises it.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        set
    }
}

#[cfg(target_os = "linux")]
fn signal_set() -> libc::sigset_t {
    let mut set = empty_set();
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: `set` is initialised and `sig` a valid signal number.
        unsafe { libc::sigaddset(&mut set, sig) };
    }
    set
}

/// The waiting thread: on a signal, removes every registered file and exits.
#[cfg(target_os = "linux")]
fn wait_and_clean_up() {
    let set = signal_set();
    loop {
        let mut sig: libc::c_int = 0;
        // SAFETY: `set` is initialised and `sig` is written by sigwait.
        if unsafe { libc::sigwait(&set, &mut sig) } != 0 {
            continue;
        }
        // The lock is kept to the end: no file is registered or unregistered once
        // the removal has started.
        let temporaries = register();
        for path in temporaries.values() {
            let _ = std::fs::remove_file(path);
        }
        if let Some(f) = BEFORE_EXIT.get() {
            f();
        }
        // SAFETY: _exit ends the process at once, which is what is wanted: nothing
        // else may run (no destructor, no buffered output written to a staged file).
        unsafe { libc::_exit(128 + sig) };
    }
}
