//! Staged files whose descriptors are closed: many outputs (a picture every move, a
//! file per line of play) waiting for their renames without one open file each. They
//! are made durable together by one `syncfs` per file system ([`sync_closed`]), which
//! needs a descriptor of the file system, not of the files.

use std::io;
use std::path::{Path, PathBuf};

use super::signals::Registered;
use super::Staged;

/// New content in its temporary file, closed; dropping it removes the file.
#[derive(Debug)]
pub struct Closed {
    tmp: tempfile::TempPath,
    dest: PathBuf,
    /// Listed for removal on a signal until committed or dropped: declared after
    /// `tmp`, so a dropped file is removed before it leaves the register.
    _registered: Registered,
}

impl Staged {
    /// Closes the temporary file (its content is flushed already), keeping it to
    /// commit later.
    pub fn close(self) -> Closed {
        let (tmp, dest, registered) = self.into_parts();
        Closed {
            tmp: tmp.into_temp_path(),
            dest,
            _registered: registered,
        }
    }
}

impl Closed {
    /// The temporary file's path.
    pub fn path(&self) -> &Path {
        &self.tmp
    }

    /// The path it replaces.
    pub fn dest(&self) -> &Path {
        &self.dest
    }

    /// Makes the content durable by itself: opens the file, `fdatasync`, closes it.
    pub fn sync(&self) -> io::Result<()> {
        std::fs::File::open(&self.tmp)?.sync_data()
    }

    /// Renames the temporary file over the destination, replacing whatever is there.
    /// On failure the temporary file is removed and the destination is as it was.
    pub fn commit(self) -> io::Result<()> {
        self.tmp.persist(&self.dest).map_err(|e| e.error)
    }

    /// As [`Closed::commit`], to another name in the same directory (one known only
    /// once the file was written: `kifu split` numbers its files after counting).
    pub fn commit_to(self, dest: &Path) -> io::Result<()> {
        self.tmp.persist(dest).map_err(|e| e.error)
    }
}

/// Makes every closed file durable: on Linux one `syncfs` per file system holding
/// them, through a descriptor of the directory of one of them (so at most one file
/// is open at a time); elsewhere, or when that fails, an `fdatasync` per file, one
/// open at a time.
pub fn sync_closed<'a, I>(closed: I) -> io::Result<()>
where
    I: IntoIterator<Item = &'a Closed>,
    I::IntoIter: Clone,
{
    let closed = closed.into_iter();
    #[cfg(target_os = "linux")]
    {
        if syncfs_dirs(closed.clone()) {
            return Ok(());
        }
    }
    closed.into_iter().try_for_each(Closed::sync)
}

/// One `syncfs` per file system of the files' directories; false if any step fails.
#[cfg(target_os = "linux")]
fn syncfs_dirs<'a>(closed: impl Iterator<Item = &'a Closed>) -> bool {
    use std::os::unix::fs::MetadataExt;
    let mut devices: std::collections::BTreeMap<u64, &Path> = std::collections::BTreeMap::new();
    for c in closed {
        match std::fs::symlink_metadata(c.path()) {
            Ok(m) => {
                devices.entry(m.dev()).or_insert(c.path());
            }
            Err(_) => return false,
        }
    }
    devices.values().all(|path| {
        let dir = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
            Some(d) => d,
            None => Path::new("."),
        };
        match std::fs::File::open(dir) {
            Ok(f) => super::batch::syncfs_files(std::iter::once(&f)),
            Err(_) => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_files_are_synced_together_then_renamed_or_removed() {
        let dir = tempfile::tempdir().expect("tempdir");
        let keep = super::super::Keep::default();
        let mut closed: Vec<Closed> = ["a", "b"]
            .iter()
            .map(|n| {
                super::super::stage(&dir.path().join(n), n.as_bytes(), &keep)
                    .expect("stage")
                    .close()
            })
            .collect();
        sync_closed(&closed).expect("sync");
        let b = closed.pop().expect("b");
        let b_tmp = b.path().to_path_buf();
        assert!(b_tmp.exists());
        drop(b);
        assert!(!b_tmp.exists());
        for c in closed {
            c.commit().expect("commit");
        }
        assert_eq!(std::fs::read(dir.path().join("a")).expect("read"), b"a");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, ["a"]);
    }
}
