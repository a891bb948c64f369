//! Making many staged files durable at once: one `syncfs` per file system on Linux
//! instead of an `fdatasync` per file, which on a disk costs more than drawing a
//! picture. `kifu show --out-dir` and `kifu split` close their staged files and use
//! [`super::sync_dir_closed`], which needs no open output (reencode makes its batches
//! durable with the same `syncfs_files`).

/// One `syncfs` per file system holding the given open files (directories too);
/// false if any call fails; a descriptor given again is not asked again. The one
/// home of this, for `sync_dir_closed` and `reencode`.
#[cfg(target_os = "linux")]
pub fn syncfs_files<'a>(files: impl Iterator<Item = &'a std::fs::File>) -> bool {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::MetadataExt;
    let mut devices = std::collections::BTreeMap::new();
    // Many files of a batch share one descriptor (their directory's): each is asked
    // its file system once.
    let mut seen = std::collections::BTreeSet::new();
    for f in files {
        if !seen.insert(f.as_raw_fd()) {
            continue;
        }
        match f.metadata() {
            Ok(m) => {
                devices.entry(m.dev()).or_insert(f);
            }
            Err(_) => return false,
        }
    }
    devices.values().all(|file| {
        // SAFETY: syncfs only reads the descriptor, which `file` keeps open.
        unsafe { libc::syncfs(file.as_raw_fd()) == 0 }
    })
}
