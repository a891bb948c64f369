//! KIF, Kakinoki's shogi record format: a header of `key：value` lines (or a board
//! diagram), then numbered move lines with times, `*` comments, `&` bookmarks,
//! special endings, the `まで` summary and `変化：N手` variation blocks.
//!
//! `.kif` files are Shift_JIS unless they declare otherwise (`#KIF version=2.0
//! encoding=UTF-8`) or are valid UTF-8; `.kifu` files are UTF-8. Legality of each
//! move is checked by [`crate::rules::shogi`]: the reader reports what stops it from
//! building a move (no piece on the origin, a piece not in hand …) and keeps moves
//! that are playable but against the rules for validation to report.

mod canonical;
#[cfg(test)]
mod checking_tests;
mod header;
pub(crate) mod ki2line;
mod ki2read;
mod ki2write;
mod line;
mod read;
mod write;

pub use ki2write::write_ki2;
pub use read::{read, read_into, read_ki2, read_ki2_into};
pub use write::write;

use super::{Capabilities, Format, Reader, Writer};
use crate::text::TextEncoding;

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "kif",
    description: "KIF, Kakinoki's shogi record (Kifu for Windows and most shogi programs)",
    extensions: &["kif", "kifu"],
    kinds: &["shogi"],
    capabilities: Capabilities {
        variations: true,
        comments: true,
        setup: true,
        time: true,
        markup: false,
        collections: false,
        variation_info: false,
    },
    legacy_encoding: Some(TextEncoding::SHIFT_JIS),
    default_output_encoding: TextEncoding::SHIFT_JIS,
    sniff,
    declared_charset: Some(super::declaration::find_kif),
    reader: Reader::Text(read),
    blank_is_a_record: true,
    entry: Some(read_into),
    writer: Some(Writer::Text(write)),
    writes: WRITES,
    analysis: crate::formats::analysis::writing::Home::KifComments,
    ..Format::BASE
};

/// What the writer writes of the model: the header's fields, comments (CSA remarks among them), times, special ends and bookmarks; the whole tree.
pub const WRITES: crate::formats::Writes = crate::formats::Writes {
    info: &[
        crate::formats::InfoField::BlackName,
        crate::formats::InfoField::WhiteName,
        crate::formats::InfoField::Title,
        crate::formats::InfoField::Event,
        crate::formats::InfoField::Date,
        crate::formats::InfoField::Place,
        crate::formats::InfoField::TimeControl,
        crate::formats::InfoField::Source,
        crate::formats::InfoField::Opening,
        crate::formats::InfoField::Recorder,
        crate::formats::InfoField::GameComment,
        crate::formats::InfoField::ShogiStart,
    ],
    node: &[
        crate::formats::NodeField::Comment,
        crate::formats::NodeField::TimeUsed,
        crate::formats::NodeField::TimeTotal,
        crate::formats::NodeField::Ending,
        crate::formats::NodeField::Bookmarks,
    ],
    lines: crate::formats::Lines::All,
    variation_info: false,
    extras: &["kif:", "csa:'", "csa:$END_TIME"],
    extras_dropped: &[],
    result_from_ending: true,
};

/// `手数----` in UTF-8 and in Shift_JIS.
const SEPARATORS: [&[u8]; 2] = ["手数----".as_bytes(), b"\x8e\xe8\x90\x94----"];

/// Looks like KIF: a `#KIF` declaration, or the `手数----` line that opens the moves.
fn sniff(bytes: &[u8]) -> bool {
    let start = super::content_start(bytes);
    if start.starts_with(b"#KIF") {
        return true;
    }
    let head = start.get(..start.len().min(64 * 1024)).unwrap_or(start);
    SEPARATORS
        .iter()
        .any(|sep| head.windows(sep.len()).any(|w| w == *sep))
}
