//! 기성 (Kiseong) "ANSI" Go records of 1990s Korean BBS services: commands `&[…@`
//! (placements) and `&[…w` (controls) among commentary text, `{{ }}` variations.
//! See `docs/formats/kiseong.md` for every mapping decision.

mod clear;
mod codes;
mod lexer;
mod reader;
mod script;
mod writer;

use super::{Capabilities, Format, Reader, Writer};
use crate::text::TextEncoding;

pub use reader::read;
pub use writer::write;

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "kiseong",
    description: "기성 (Kiseong) ANSI Go records of Korean BBS services",
    extensions: &["kis"],
    kinds: &["go"],
    capabilities: Capabilities {
        variations: true,
        comments: true,
        setup: false,
        time: false,
        markup: true,
        collections: false,
        variation_info: false,
    },
    legacy_encoding: Some(TextEncoding::EUC_KR),
    default_output_encoding: TextEncoding::EUC_KR,
    sniff: super::kiseong_sniff::looks_like_kiseong,
    reader: Reader::Text(read),
    writer: Some(Writer::Text(write)),
    writes: WRITES,
    ..Format::BASE
};

/// What the writer writes of the model: the title, names and ranks, commentary, marked stones, labels, symbols, dimmed points and numbered stones; variations one level deep.
pub const WRITES: crate::formats::Writes = crate::formats::Writes {
    info: &[
        crate::formats::InfoField::Title,
        crate::formats::InfoField::BlackName,
        crate::formats::InfoField::BlackRank,
        crate::formats::InfoField::WhiteName,
        crate::formats::InfoField::WhiteRank,
    ],
    node: &[
        crate::formats::NodeField::Comment,
        crate::formats::NodeField::MoveNumber,
        crate::formats::NodeField::Setup,
        crate::formats::NodeField::Symbols,
        crate::formats::NodeField::Labels,
        crate::formats::NodeField::Dimmed,
        crate::formats::NodeField::Numbered,
    ],
    lines: crate::formats::Lines::OneLevel,
    variation_info: false,
    extras: &["kiseong:"],
    extras_dropped: &[],
    result_from_ending: false,
};
