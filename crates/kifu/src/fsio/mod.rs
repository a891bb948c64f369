//! Writing files so that nothing is ever lost: every output goes through an exclusive,
//! unpredictably named temporary file beside its destination (never through a link),
//! is flushed, and replaces the destination by a rename, and only if the file it
//! replaces is still the one that was read.
//!
//! Used by `reencode` and by every command that writes record files.

mod batch;
mod closed;
mod identity;
mod stage;
mod stale;

pub use batch::sync_staged;
#[cfg(target_os = "linux")]
pub use batch::syncfs_files;
pub use closed::{sync_closed, Closed};
pub use identity::Identity;
pub use stage::{
    read_identified, stage, write_atomic, CommitError, Keep, ReadError, Staged, Staging,
};
pub use stale::{is_temp_name, remove_stale_in};
