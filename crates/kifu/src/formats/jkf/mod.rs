//! JKF, the JSON Kifu Format of json-kifu-format: `header` (KIF's keys), `initial`
//! (`preset`, or `OTHER` with `data`: `color`, `board[x-1][y-1]`, `hands`), and
//! `moves`: the first entry holds the start's comments, each later one a `move`
//! (`from` null for drops, `to`, `piece`, `color`, `same`, `promote`, `capture`,
//! `relative`) or a `special`, with `time`, `comments` and `forks` (alternatives to
//! that entry, each a list of entries).
//!
//! Reading checks each move on the engine; JKF carries no byte positions per move,
//! so diagnostics about moves point at the `"moves"` key and carry the move number.

mod entries;
mod read;
mod write;

pub use read::read;
pub use write::write;

use serde_json::Value;

use super::{content_start, Capabilities, Format, Reader, Writer};
use crate::model::{Color, Handicap, PieceKind, Square};

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "jkf",
    description: "JSON Kifu Format (json-kifu-format), shogi",
    extensions: &["jkf"],
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
    sniff,
    reader: Reader::Text(read),
    writer: Some(Writer::Text(write)),
    writes: WRITES,
    analysis: crate::formats::analysis::writing::Home::KifComments,
    ..Format::BASE
};

/// What the writer writes of the model: KIF's header fields, comments (CSA remarks among them), times and special ends; the whole tree.
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
    ],
    lines: crate::formats::Lines::All,
    variation_info: false,
    extras: &["kif:", "csa:'", "csa:$END_TIME", "jkf:"],
    extras_dropped: &[
        "kif:summary",
        "kif:先手の持駒",
        "kif:後手の持駒",
        "kif:下手の持駒",
        "kif:上手の持駒",
        "kif:time",
    ],
    result_from_ending: true,
};

fn sniff(bytes: &[u8]) -> bool {
    let s = content_start(bytes);
    s.first() == Some(&b'{') && {
        let head = s.get(..s.len().min(4096)).unwrap_or(s);
        head.windows(9).any(|w| w == b"\"header\"") || head.windows(7).any(|w| w == b"\"moves\"")
    }
}

pub(super) const PRESETS: [(&str, Handicap); 16] = [
    ("HIRATE", Handicap::Even),
    ("KY", Handicap::Lance),
    ("KY_R", Handicap::RightLance),
    ("KA", Handicap::Bishop),
    ("HI", Handicap::Rook),
    ("HIKY", Handicap::RookLance),
    ("2", Handicap::TwoPieces),
    ("3", Handicap::ThreePieces),
    ("4", Handicap::FourPieces),
    ("5", Handicap::FivePieces),
    ("5_L", Handicap::LeftFivePieces),
    ("6", Handicap::SixPieces),
    ("7_L", Handicap::LeftSevenPieces),
    ("7_R", Handicap::RightSevenPieces),
    ("8", Handicap::EightPieces),
    ("10", Handicap::TenPieces),
];

pub(super) fn color_of(v: &Value) -> Option<Color> {
    match v.as_u64()? {
        0 => Some(Color::Black),
        1 => Some(Color::White),
        _ => None,
    }
}

pub(super) fn color_num(c: Color) -> u64 {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

pub(super) fn square_of(v: &Value) -> Option<Square> {
    let x = u8::try_from(v.get("x")?.as_u64()?).ok()?;
    let y = u8::try_from(v.get("y")?.as_u64()?).ok()?;
    Square::new(x, y)
}

pub(super) fn kind_of(v: Option<&Value>) -> Option<PieceKind> {
    PieceKind::from_csa(v?.as_str()?)
}
