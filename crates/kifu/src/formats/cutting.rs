//! Cutting an input into parts of whole games as it arrives, by a byte scan: what a
//! format whose files hold long collections may offer ([`super::Format::cut`]), so
//! that such a file, or standard input, is read part by part in bounded memory.

use crate::text::TextEncoding;

/// A scan for the places between games in a buffer that grows as input arrives.
pub trait GameBoundaries {
    /// Scans the part of `buffer` not scanned yet (the buffer only grows between
    /// calls, except through [`GameBoundaries::drop_front`]).
    fn scan(&mut self, buffer: &[u8]);

    /// The last offset, among the bytes scanned, where the buffer can be cut between
    /// complete games (`None`: no game has ended yet).
    fn cut(&self) -> Option<usize>;

    /// The first `n` bytes of the buffer were taken away: offsets move back by `n`,
    /// and no cut is known until another game ends.
    fn drop_front(&mut self, n: usize);
}

/// How a format's input is cut between games.
#[derive(Clone, Copy)]
pub struct Cutting {
    /// True when an input that starts with these bytes can be cut by a byte scan:
    /// read in the encoding given, if one is forced, else in the one the bytes show.
    pub cuttable: fn(&[u8], Option<TextEncoding>) -> bool,
    /// A new scan, that has seen nothing.
    pub boundaries: fn() -> Box<dyn GameBoundaries>,
}
