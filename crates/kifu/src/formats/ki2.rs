//! KI2, the notation-style shogi record: KIF's header, then moves as `▲７六歩`
//! with the JSA relative words (右 左 直 上 引 寄) instead of origins, several to a
//! line; the end of the game is the `まで` line. Reading resolves each move among the
//! legal moves of the position; writing adds exactly the words the JSA rules need.

use super::{Capabilities, Format, Reader, Writer};
use crate::text::TextEncoding;

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "ki2",
    description: "KI2, shogi moves in notation (▲７六歩△３四歩) with JSA relative words",
    extensions: &["ki2", "ki2u"],
    kinds: &["shogi"],
    capabilities: Capabilities {
        variations: true,
        comments: true,
        setup: true,
        time: false,
        markup: false,
        collections: false,
        variation_info: false,
    },
    legacy_encoding: Some(TextEncoding::SHIFT_JIS),
    default_output_encoding: TextEncoding::SHIFT_JIS,
    sniff,
    declared_charset: Some(super::declaration::find_kif),
    reader: Reader::Text(super::kif::read_ki2),
    blank_is_a_record: true,
    entry: Some(super::kif::read_ki2_into),
    writer: Some(Writer::Text(super::kif::write_ki2)),
    writes: WRITES,
    analysis: crate::formats::analysis::writing::Home::KifComments,
    ..Format::BASE
};

/// What the writer writes of the model: KIF's header, comments (CSA remarks among them), special ends and bookmarks; the whole tree; no times.
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
        crate::formats::NodeField::Ending,
        crate::formats::NodeField::Bookmarks,
    ],
    lines: crate::formats::Lines::All,
    variation_info: false,
    extras: &["kif:", "csa:'", "csa:$END_TIME"],
    extras_dropped: &["kif:time"],
    result_from_ending: true,
};

/// ▲ and △ in UTF-8 and Shift_JIS, at the start of a line.
const MARKS: [&[u8]; 4] = ["▲".as_bytes(), "△".as_bytes(), b"\x81\xa3", b"\x81\xa2"];

/// Looks like KI2: a line that starts with ▲ or △.
fn sniff(bytes: &[u8]) -> bool {
    let head = bytes.get(..bytes.len().min(64 * 1024)).unwrap_or(bytes);
    crate::text::split_lines(head).any(|line| MARKS.iter().any(|m| line.starts_with(m)))
}
