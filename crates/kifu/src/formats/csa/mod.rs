//! CSA, the Computer Shogi Association's record format (V2, V2.1, V2.2 and V3.0):
//! `V2.2`, `N+`/`N-` players, `$KEY:value` information, the start position (`PI`
//! with removed pieces, `P1`–`P9` rows, `P+`/`P-` placements and hands), the side to
//! move, moves `+7776FU` with times `T12` (fractions in V3.0), `%` special moves,
//! `'` comments (`'*` attached to the move, `'**` engine output), `,` separating
//! statements on one line, and `/` between games.

#[cfg(test)]
mod checking_tests;
mod cut;
mod read;
mod write;

pub use read::{read, read_into};
pub use write::write;

/// The CSA version a writer produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CsaVersion {
    /// `V2.2`: whole-second times, `'encoding=` comment.
    V2_2,
    /// `V3.0`: times with milliseconds, `'CSA encoding=` declaration.
    V3_0,
}

impl CsaVersion {
    /// Reads `2.2`, `3.0` (also `V2.2`, `v3`, `3`).
    pub fn parse(s: &str) -> Option<CsaVersion> {
        let s = s.trim();
        let s = s
            .strip_prefix('V')
            .or_else(|| s.strip_prefix('v'))
            .unwrap_or(s);
        match s {
            "2.2" | "2" => Some(CsaVersion::V2_2),
            "3.0" | "3" => Some(CsaVersion::V3_0),
            _ => None,
        }
    }

    /// The version line: `V2.2` or `V3.0`.
    pub fn line(self) -> &'static str {
        match self {
            CsaVersion::V2_2 => "V2.2",
            CsaVersion::V3_0 => "V3.0",
        }
    }
}

use super::{Capabilities, Format, Reader, Writer};
use crate::text::TextEncoding;

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "csa",
    description: "CSA standard shogi record (V2.2 and V3.0)",
    extensions: &["csa"],
    kinds: &["shogi"],
    capabilities: Capabilities {
        variations: false,
        comments: true,
        setup: true,
        time: true,
        markup: false,
        collections: true,
        variation_info: false,
    },
    legacy_encoding: Some(TextEncoding::SHIFT_JIS),
    default_output_encoding: TextEncoding::SHIFT_JIS,
    sniff,
    declared_charset: Some(declared_charset),
    reader: Reader::Text(read),
    entry: Some(read_into),
    blank_is_a_record: true,
    join: crate::formats::Join::Separator("/\n"),
    writer: Some(Writer::Text(write)),
    writes: WRITES,
    analysis: crate::formats::analysis::writing::Home::CsaComments,
    cut: Some(cut::cut),
    ..Format::BASE
};

/// What the writer writes of the model: the players, event, site, start time, time limit, opening, comments, times spent and special ends; the main line.
pub const WRITES: crate::formats::Writes = crate::formats::Writes {
    info: &[
        crate::formats::InfoField::BlackName,
        crate::formats::InfoField::WhiteName,
        crate::formats::InfoField::Event,
        crate::formats::InfoField::Place,
        crate::formats::InfoField::Date,
        crate::formats::InfoField::TimeControl,
        crate::formats::InfoField::Opening,
        crate::formats::InfoField::GameComment,
        crate::formats::InfoField::ShogiStart,
    ],
    node: &[
        crate::formats::NodeField::Comment,
        crate::formats::NodeField::TimeUsed,
        crate::formats::NodeField::Ending,
    ],
    lines: crate::formats::Lines::MainLine,
    variation_info: false,
    extras: &["csa:", "kif:終了日時"],
    extras_dropped: &[],
    result_from_ending: true,
};

/// Looks like CSA: a version line, a player line, or a board row near the start.
/// A CSA record by content: one of its telling lines (version, player, initial
/// position, declaration) among the first 8 KiB, and at least four lines in five of
/// those that the CSA grammar accepts (so that a file of another format with one line
/// that happens to start like CSA, as Pandanet's `PI,B1,19,0`, is not taken).
fn sniff(bytes: &[u8]) -> bool {
    let head = bytes.get(..bytes.len().min(8 * 1024)).unwrap_or(bytes);
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let lines =
        || crate::text::split_lines(head).filter(|l| !l.iter().all(u8::is_ascii_whitespace));
    let telling = lines().any(|l| {
        l.starts_with(b"V2")
            || l.starts_with(b"V3")
            || l.starts_with(b"N+")
            || l.starts_with(b"P1-KY")
            || l.starts_with(b"PI")
            || l.starts_with(b"'CSA encoding=")
    });
    let (total, csa) = lines().fold((0usize, 0usize), |(t, c), l| {
        (t + 1, c + usize::from(is_csa_line(l)))
    });
    telling && csa * 5 >= total * 4
}

/// True when a line starts the way some CSA line does.
fn is_csa_line(l: &[u8]) -> bool {
    match l {
        [b'V', d, ..] => d.is_ascii_digit(),
        [b'N', b'+' | b'-', ..] | [b'$', ..] | [b'\'', ..] | [b'/', ..] | [b'%', ..] => true,
        [b'P', c, ..] => matches!(c, b'1'..=b'9' | b'I' | b'+' | b'-'),
        [b'+' | b'-'] => true,
        [b'+' | b'-', rest @ ..] => {
            rest.len() >= 6
                && rest.iter().take(4).all(u8::is_ascii_digit)
                && rest.iter().skip(4).take(2).all(u8::is_ascii_uppercase)
        }
        [b'T', d, ..] => d.is_ascii_digit(),
        _ => false,
    }
}

/// `'CSA encoding=…` (V3.0) or `'encoding=…` (Kifu for Windows) among the first lines.
fn declared_charset(bytes: &[u8]) -> Option<String> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    for line in crate::text::split_lines(bytes).take(8) {
        let rest = line
            .strip_prefix(b"'CSA encoding=")
            .or_else(|| line.strip_prefix(b"'encoding="));
        if let Some(rest) = rest {
            let end = rest
                .iter()
                .position(|b| b.is_ascii_whitespace())
                .unwrap_or(rest.len());
            return std::str::from_utf8(rest.get(..end)?)
                .ok()
                .map(str::to_string);
        }
    }
    None
}
