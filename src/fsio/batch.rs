//! Making many staged files durable at once: one `syncfs` per file system on Linux
//! instead of an `fdatasync` per file, which on a disk costs more than drawing a
//! picture. `kifu show --out-dir` stages a batch of pictures, syncs them with
//! [`sync_staged`] and renames each (reencode does the same in `reencode::write`).

use std::io;

use super::Staged;

/// Makes every staged file durable: on Linux one `syncfs` per file system holding
/// them, falling back to `fdatasync` per file (elsewhere too).
pub fn sync_staged(staged: &[Staged]) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        if syncfs_all(staged) {
            return Ok(());
        }
    }
    staged.iter().try_for_each(Staged::sync)
}

/// One `syncfs` per file system; false if any call fails.
#[cfg(target_os = "linux")]
fn syncfs_all(staged: &[Staged]) -> bool {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::MetadataExt;
    let mut devices = std::collections::BTreeMap::new();
    for s in staged {
        match s.file().metadata() {
            Ok(m) => {
                devices.entry(m.dev()).or_insert(s.file());
            }
            Err(_) => return false,
        }
    }
    devices.values().all(|file| {
        // SAFETY: syncfs only reads the descriptor, which `file` keeps open.
        unsafe { libc::syncfs(file.as_raw_fd()) == 0 }
    })
}
