//! The `.gonu` format of the KUR GONU game (seed 001): a board of vertices joined by
//! edges, each player's castles, and the starting forces. See `docs/formats/gonu.md`.
//!
//! kifu reads a `.gonu` file as a game whose tree holds just the starting position.

mod lines;
mod places;
mod reader;
mod writer;

pub use reader::read;
pub use writer::write;

use super::{content_start, Capabilities, Format, Reader, Writer};
use crate::text::TextEncoding;

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "gonu",
    description: "KUR GONU board definitions (.gonu): vertices, edges, castles, forces",
    extensions: &["gonu"],
    kinds: &["gonu"],
    capabilities: Capabilities {
        variations: false,
        comments: false,
        setup: true,
        time: false,
        markup: false,
        collections: false,
        variation_info: false,
    },
    legacy_encoding: Some(TextEncoding::EUC_KR),
    default_output_encoding: TextEncoding::EUC_KR,
    sniff,
    reader: Reader::Text(read),
    writer: Some(Writer::Text(write)),
    writes: WRITES,
    ..Format::BASE
};

/// What the writer writes of the model: the board only.
pub const WRITES: crate::formats::Writes = crate::formats::Writes {
    info: &[],
    node: &[],
    lines: crate::formats::Lines::Root,
    variation_info: false,
    extras: &["gonu:"],
    extras_dropped: &[],
    result_from_ending: false,
};

/// Looks like a `.gonu` file: it starts with a number alone on its line, and some
/// line starts with `L` or `M` and another with `end`.
fn sniff(bytes: &[u8]) -> bool {
    let start = content_start(bytes);
    let mut lines = crate::text::split_lines(start).map(|l| {
        let end = l.windows(2).position(|w| w == b"//").unwrap_or(l.len());
        let l = l.get(..end).unwrap_or(l);
        let word_end = l
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .unwrap_or(l.len());
        let rest = l.get(word_end..).unwrap_or(&[]);
        (
            l.get(..word_end).unwrap_or(&[]),
            rest.iter().all(u8::is_ascii_whitespace),
        )
    });
    let Some((first, alone)) = lines.next() else {
        return false;
    };
    if first.is_empty() || !first.iter().all(u8::is_ascii_digit) || !alone {
        return false;
    }
    let (mut list, mut end) = (false, false);
    for (word, _) in lines {
        list |= word == b"L" || word == b"M";
        end |= list && word == b"end";
    }
    list && end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_gonu_and_not_others() {
        assert!(sniff(b"3 // n\n2\t1\t*\t1\t1\t15\t0\t0\nL\n1\nN\n1\nend"));
        assert!(!sniff(b"{\"games\": []}"));
        assert!(!sniff(b"(;GM[1]SZ[19])"));
        assert!(!sniff(b"3\nno list\nend"));
    }
}
