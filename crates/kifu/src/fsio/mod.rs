//! Writing files so that nothing is ever lost: every output goes through an exclusive,
//! unpredictably named temporary file beside its destination (never through a link),
//! is flushed, and replaces the destination by a rename, and only if the file it
//! replaces is still the one that was read.
//!
//! An output named on the command line (`-o`) is resolved first ([`OutputTarget`]):
//! a device, FIFO or descriptor is written directly, a link through to its target.
//! Temporary files are removed when a signal ends the run ([`clean_up_on_signals`]).
//!
//! Used by `reencode` and by every command that writes record files.

mod batch;
mod dir;
mod identity;
mod signals;
mod stage;
mod stale;
mod target;

#[cfg(target_os = "linux")]
pub(crate) use batch::syncfs_files;
pub use dir::{
    dir_id, make_path, reach, sync_dir_closed, write_below, Dir, DirClosed, DirId, DirTemp,
    OutTree, Place, ReachError, Reached,
};
pub use identity::Identity;
pub use signals::{before_exit_on_signal, clean_up_on_signals};
pub use stage::{stage, write_atomic, CommitError, Keep, ReadError, Staged, Staging};
pub(crate) use stale::is_temp_name;
pub use stale::{remove_stale_in, sweep_and_list};
pub use target::{OutputTarget, OutputWriter};
