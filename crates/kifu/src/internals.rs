//! What the fuzz crate (`fuzz/`) and the integration tests (`tests/`) reach below the
//! API, and nothing else does: single formats' readers and writers called directly
//! (to hold a fast lane to the general path, or a format's own text to its rules),
//! and helpers those checks compare with. Not the API: hidden from the
//! documentation and free to change. A program reads and writes through
//! [`crate::read`], [`crate::read_into`], [`crate::write`] and the registry
//! ([`crate::formats::by_name`]).

/// SGF's reader, its general path without the fast lane, and its writer with a line
/// width.
pub mod sgf {
    #[cfg(fuzzing)]
    pub use crate::formats::sgf::read_without_fast_lane;
    pub use crate::formats::sgf::{read, write_wrapped};
}

/// The model's JSON, read and written directly.
pub mod json {
    pub use crate::formats::json::{read, write, FORMAT};
}

/// Kiseong, read and written directly.
pub mod kiseong {
    pub use crate::formats::kiseong::{read, write};
}

/// PSQ, read directly.
pub mod psq {
    pub use crate::formats::psq::read;
}

/// A shogi move in USI notation.
pub mod usi {
    pub use crate::formats::usi::usi_move;
}

/// The bytes a RenLib file starts with.
pub mod renlib {
    pub use crate::formats::renlib::MAGIC;
}

/// The charset finders of the formats that declare one (fed to the decoder).
pub mod declaration {
    pub use crate::formats::declaration::{find_csa, find_kif, find_sgf};
    pub use crate::formats::gib::declared_charset as find_gib;
    pub use crate::formats::ugf::declared_charset as find_ugf;
}

/// The running totals of a shogi game's times, as the writers account them.
pub mod account {
    pub use crate::formats::account::running_totals;
}

/// Which game information the shogi writers write as framing.
pub mod shogi_header {
    pub use crate::formats::shogi::header::is_framing;
}
