//! The C allocator's one setting for this program: room kept at the top of each
//! heap, so that the reading threads' heaps grow and shrink in large steps.
//!
//! glibc grows a thread's heap by the page as it is used (an `mprotect` each time)
//! and gives back what is free at its top past 128 KiB, to take it again for the
//! next game: on the 21 MB benchmark collection `kifu convert -t sgf` made 1,306
//! `mprotect` calls and 6,504 page faults; with 16 MiB of room kept, 23 calls and
//! 4,479 faults. Room not touched is only address space: resident memory is what
//! is used.

/// Room kept at the top of each heap, and taken at once when a heap grows.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const TOP_PAD: libc::c_int = 16 << 20;

/// Sets the allocator up; call before any other thread starts.
pub fn tune() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` changes a parameter of the allocator and touches no memory
    // of ours; no other thread exists yet.
    unsafe {
        libc::mallopt(libc::M_TOP_PAD, TOP_PAD);
    }
}
