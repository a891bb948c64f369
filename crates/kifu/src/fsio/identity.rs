//! Which file a path names, and whether it changed: device, inode, size, and the
//! modification and change times, taken when a file is read and compared just before
//! it is replaced.

use std::fs::Metadata;

/// What identifies a file and its content at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Identity {
    dev: u64,
    ino: u64,
    size: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
    /// How many names the file had.
    pub links: u64,
}

impl Identity {
    /// The identity of the file `meta` describes.
    #[cfg(unix)]
    pub fn of(meta: &Metadata) -> Identity {
        use std::os::unix::fs::MetadataExt;
        Identity {
            dev: meta.dev(),
            ino: meta.ino(),
            size: meta.size(),
            mtime: (meta.mtime(), meta.mtime_nsec()),
            ctime: (meta.ctime(), meta.ctime_nsec()),
            links: meta.nlink(),
        }
    }

    /// The identity of the file `meta` describes (size and modification time only).
    #[cfg(not(unix))]
    pub fn of(meta: &Metadata) -> Identity {
        let mtime = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or((0, 0), |d| {
                (d.as_secs() as i64, i64::from(d.subsec_nanos()))
            });
        Identity {
            dev: 0,
            ino: 0,
            size: meta.len(),
            mtime,
            ctime: (0, 0),
            links: 1,
        }
    }

    /// True when `now` is the same file with the same content as `self`. The change
    /// time is not compared for a file with several names: replacing one of its names
    /// changes the link count, and with it the change time of the others.
    pub fn unchanged(&self, now: &Identity) -> bool {
        let same = self.dev == now.dev
            && self.ino == now.ino
            && self.size == now.size
            && self.mtime == now.mtime;
        same && (self.links > 1 || self.ctime == now.ctime)
    }

    /// The identity to expect once kifu itself has given the file another name (a
    /// backup made as a hard link): its link count, and with it its change time, have
    /// changed; everything else must not have.
    pub fn after_own_link(mut self) -> Identity {
        self.links = self.links.max(2);
        self
    }

    /// The (device, inode) pair: the file, whatever its name.
    pub fn file(&self) -> (u64, u64) {
        (self.dev, self.ino)
    }
}
