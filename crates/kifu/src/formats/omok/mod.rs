//! The omok move log (`.omok`, seed 004's `struct log`): a count byte, then that many
//! `struct execute` bytes, one per move, x in the high four bits and y in the low
//! four, 0-based on the 15×15 board. Stones alternate from black. See
//! `docs/formats/omok.md`.

mod reader;
mod writer;

pub use reader::read;
pub use writer::write;

use super::{Capabilities, Format, Reader, Writer};

/// The side of the board the log is for.
pub const SIZE: u8 = 15;
/// The most moves a log can hold: one per point.
pub const MAX_MOVES: usize = (SIZE as usize) * (SIZE as usize);

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "omok",
    description: "omok binary move logs (.omok): a count byte, then one x|y byte per move",
    extensions: &["omok"],
    kinds: &["gomoku"],
    capabilities: Capabilities {
        variations: false,
        comments: false,
        setup: false,
        time: false,
        markup: false,
        collections: false,
        variation_info: false,
    },
    sniff,
    reader: Reader::Binary(read),
    writer: Some(Writer::Binary(write)),
    writes: WRITES,
    ..Format::BASE
};

/// What the writer writes of the model: the main line's stones only.
pub const WRITES: crate::formats::Writes = crate::formats::Writes {
    info: &[],
    node: &[],
    lines: crate::formats::Lines::MainLine,
    variation_info: false,
    extras: &[],
    extras_dropped: &[],
    result_from_ending: false,
};

/// Claims only bytes that read as a log without a single diagnostic: the count byte
/// matches the bytes that follow, every point is on the board, none is played twice.
fn sniff(bytes: &[u8]) -> bool {
    let Some((&count, moves)) = bytes.split_first() else {
        return false;
    };
    if usize::from(count) != moves.len() || moves.len() > MAX_MOVES {
        return false;
    }
    let mut seen = [false; 256];
    moves.iter().all(|&b| {
        let fresh = seen
            .get_mut(usize::from(b))
            .is_some_and(|s| !std::mem::replace(s, true));
        fresh && b >> 4 < SIZE && b & 0x0F < SIZE
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_only_whole_logs() {
        assert!(sniff(&[0]));
        assert!(sniff(&[3, 0x77, 0x78, 0x66]));
        assert!(!sniff(&[]));
        assert!(!sniff(&[2, 0x77]));
        assert!(!sniff(&[1, 0x7F]));
        assert!(!sniff(&[2, 0x77, 0x77]));
        assert!(!sniff(b"{\"games\": []}"));
        assert!(!sniff(b"(;GM[4]SZ[15];B[hh])"));
    }
}
