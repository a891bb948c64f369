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

    /// The frame every part is read in, for a format whose parts cannot be read
    /// alone (a RIF game refers to the tables before `<games>`): `None` (the
    /// default) when each part is read as it is. Asked once, when the first cut is
    /// made, with offsets in the buffer as first scanned.
    fn frame(&self) -> Option<Frame> {
        None
    }
}

/// What every part of a cut input is read inside ([`GameBoundaries::frame`]): the
/// parts after the first are read after the input's `head`, the parts before the
/// last before `tail`, so that each is a whole document; what the reader says of the
/// frame is left out, and positions are told in the part. Both are UTF-8 text (as
/// many bytes decoded as raw), so that the frame is as long in the part's text as in
/// its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// The input's head, as offsets in the first buffer scanned.
    pub head: std::ops::Range<usize>,
    /// What closes a document cut between games.
    pub tail: &'static [u8],
}

/// A format's cut ([`super::Format::cut`]): the scan for the places between games of
/// an input that starts with `head` (read as `forced`, when an encoding is forced), or
/// `None` when such an input is read whole.
pub type Cut = fn(head: &[u8], forced: Option<TextEncoding>) -> Option<Cutter>;

/// How an input is cut: the scan, and the encoding later parts must be read in when
/// they cannot tell it themselves (UTF-16 has its byte-order mark only at the start).
pub struct Cutter {
    /// The scan, that has seen nothing.
    pub scan: Box<dyn GameBoundaries + Send>,
    /// The encoding of every part after the first, when it must be given.
    pub later: Option<TextEncoding>,
}

/// The UTF-16 an input starting with `head` is in (forced, by its byte-order mark or
/// by the pattern of its zero bytes), if it is.
pub fn utf16_of(head: &[u8], forced: Option<TextEncoding>) -> Option<TextEncoding> {
    forced
        .filter(|e| e.is_utf16())
        .or_else(|| crate::text::bom(head).map(|(e, _)| e))
        .or_else(|| crate::text::utf16_pattern(head))
        .filter(|e| e.is_utf16())
}

/// The cut of formats that hold one game per line (USI, NDJSON): after every line
/// break; an input in UTF-16 is read whole.
pub fn by_lines(head: &[u8], forced: Option<TextEncoding>) -> Option<Cutter> {
    utf16_of(head, forced).is_none().then(|| Cutter {
        scan: Box::<LineCuts>::default(),
        later: None,
    })
}

/// A scan for collections of one game per line (USI, NDJSON): every line break ends
/// a game.
#[derive(Debug, Default, Clone)]
pub struct LineCuts {
    scanned: usize,
    cut: Option<usize>,
}

impl GameBoundaries for LineCuts {
    fn scan(&mut self, buffer: &[u8]) {
        let new = buffer.get(self.scanned..).unwrap_or(&[]);
        if let Some(i) = memchr::memrchr(b'\n', new) {
            self.cut = Some(self.scanned + i + 1);
        }
        self.scanned = buffer.len().max(self.scanned);
    }

    fn cut(&self) -> Option<usize> {
        self.cut
    }

    fn drop_front(&mut self, n: usize) {
        self.scanned = self.scanned.saturating_sub(n);
        self.cut = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_cuts_follow_the_last_line_break() {
        let mut scan = LineCuts::default();
        scan.scan(b"a\nb\nc");
        assert_eq!(scan.cut(), Some(4));
        scan.drop_front(4);
        scan.scan(b"c");
        assert_eq!(scan.cut(), None);
    }
}
