//! SGF (Smart Game Format) `FF[1]`–`FF[4]` for Go (`GM[1]`) and gomoku (`GM[4]`).
//!
//! The text layer has decoded the bytes before [`read`] runs (BOM, UTF-16, `CA[]`,
//! UTF-8, guess), so Shift_JIS trail bytes 0x5C/0x5D are already inside characters
//! and never look like `\` or `]`. Mapping decisions: `docs/formats/sgf.md`.

mod build;
mod charset;
#[cfg(test)]
mod check_tests;
mod classes;
mod cut;
mod dialect;
mod info;
#[cfg(test)]
mod lane_tests;
mod legacy;
mod mixed;
mod node;
mod parse;
mod plain;
mod props;
mod raw;
mod stream;
mod typing;
mod values;
mod write;

use super::{
    Capabilities, Format, GameCheck, GameSink, InOrder, Join, Parsed, PlaceFindings, Reader,
    Streamed, Writer,
};
use crate::diag::codes;
use crate::text::TextEncoding;

pub use charset::declared_charset;
pub use cut::GameCuts;
pub use mixed::decode_per_game;
pub use write::{write, write_wrapped};

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "sgf",
    description: "Smart Game Format FF[1]–FF[4] (Go, gomoku)",
    extensions: &["sgf"],
    kinds: &["go", "gomoku"],
    capabilities: Capabilities {
        variations: true,
        comments: true,
        setup: true,
        time: true,
        markup: true,
        collections: true,
        variation_info: true,
    },
    // No single legacy encoding: SGF files come from Japan, Korea and China alike,
    // so undeclared non-UTF-8 files go to the statistical guess.
    legacy_encoding: None,
    legacy_alternative: None,
    default_output_encoding: TextEncoding::UTF_8,
    sniff,
    declared_charset: Some(declared_charset),
    decode_per_game: Some(decode_per_game),
    reader: Reader::Text(read),
    blank_is_a_record: false,
    read_checking: None,
    read_each: Some(read_each),
    check_each: Some(check_each),
    read_each_whole: Some(read_each_whole),
    read_in_order: Some(read_in_order),
    join: Join::Concatenate,
    cut: Some(cut::CUTTING),
    writer: Some(Writer::Text(write)),
    writes: WRITES,
};

/// What the writer writes of the model: every game-information field but a shogi start, every node field but times spent, special ends, bookmarks and numbered stones; the whole tree.
pub const WRITES: crate::formats::Writes = crate::formats::Writes {
    info: &[
        crate::formats::InfoField::BlackName,
        crate::formats::InfoField::BlackRank,
        crate::formats::InfoField::BlackTeam,
        crate::formats::InfoField::WhiteName,
        crate::formats::InfoField::WhiteRank,
        crate::formats::InfoField::WhiteTeam,
        crate::formats::InfoField::Title,
        crate::formats::InfoField::Event,
        crate::formats::InfoField::Round,
        crate::formats::InfoField::Date,
        crate::formats::InfoField::Place,
        crate::formats::InfoField::Result,
        crate::formats::InfoField::Rules,
        crate::formats::InfoField::Komi,
        crate::formats::InfoField::Handicap,
        crate::formats::InfoField::MainTime,
        crate::formats::InfoField::TimeControl,
        crate::formats::InfoField::Annotator,
        crate::formats::InfoField::Source,
        crate::formats::InfoField::Copyright,
        crate::formats::InfoField::Opening,
        crate::formats::InfoField::Recorder,
        crate::formats::InfoField::Application,
        crate::formats::InfoField::GameComment,
    ],
    node: &[
        crate::formats::NodeField::Comment,
        crate::formats::NodeField::Name,
        crate::formats::NodeField::MoveAnnotation,
        crate::formats::NodeField::PositionAnnotation,
        crate::formats::NodeField::Hotspot,
        crate::formats::NodeField::Value,
        crate::formats::NodeField::MoveNumber,
        crate::formats::NodeField::TimeLeft,
        crate::formats::NodeField::PeriodsLeft,
        crate::formats::NodeField::Setup,
        crate::formats::NodeField::Symbols,
        crate::formats::NodeField::Labels,
        crate::formats::NodeField::Arrows,
        crate::formats::NodeField::Lines,
        crate::formats::NodeField::Dimmed,
    ],
    lines: crate::formats::Lines::All,
    variation_info: true,
    extras: &["sgf:"],
    extras_dropped: &[],
    result_from_ending: false,
};

/// Looks like SGF: `(` then `;` (spaces allowed) near the start.
fn sniff(bytes: &[u8]) -> bool {
    let start = super::content_start(bytes);
    let head = start.get(..start.len().min(4096)).unwrap_or(start);
    head.windows(2).any(|w| w == b"(;")
        || head
            .iter()
            .position(|&b| b == b'(')
            .and_then(|i| head.get(i + 1..))
            .and_then(|r| r.iter().find(|b| !b.is_ascii_whitespace()))
            == Some(&b';')
}

/// Reads a collection from decoded text: every game tree, with every problem found.
pub fn read(text: &str) -> Parsed {
    let mut builder = build::Builder::default();
    let diagnostics = parse::parse(text, &mut builder);
    parsed(builder, diagnostics)
}

/// [`read`] with the fast lane for plain move nodes closed, every node read in full:
/// the reference the sgf fuzz target holds [`read`] to.
#[cfg(fuzzing)]
#[doc(hidden)]
pub fn read_without_fast_lane(text: &str) -> Parsed {
    let mut sink = raw::GeneralOnly(build::Builder::default());
    let diagnostics = parse::parse(text, &mut sink);
    parsed(sink.0, diagnostics)
}

/// What a builder and the parser's diagnostics make.
fn parsed(builder: build::Builder<'_>, mut diagnostics: Vec<crate::diag::Diagnostic>) -> Parsed {
    finish_diagnostics(&mut diagnostics, builder.games.is_empty());
    Parsed {
        collection: crate::model::Collection {
            games: builder.games,
        },
        diagnostics,
        node_spans: builder.spans,
        board_places: Vec::new(),
    }
}

/// Reads a collection game by game: each game goes to `each` as soon as it is read and
/// is then dropped, so memory stays bounded by the largest game. Large texts are cut at
/// game boundaries and read on several threads; the result is the same as [`read`]
/// followed by `each` on every game, in the same order.
pub fn read_each(text: &str, each: &GameCheck<'_>) -> Streamed {
    read_each_as(text, each, false)
}

/// [`read_each`] handing each game on whole, with its node comments, names and markup
/// (which a check does not need and [`read_each`] leaves out): the games are those of
/// [`read`], for collection jobs that write them or count their comments.
pub fn read_each_whole(text: &str, each: &GameCheck<'_>) -> Streamed {
    read_each_as(text, each, true)
}

/// [`read_each`] for a check by the rules (see [`crate::formats::CheckEach`]): Go
/// games are checked as they are read, node by node, without building their trees;
/// `each` checks the others (gomoku).
pub fn check_each(text: &str, each: &GameCheck<'_>, place: &PlaceFindings<'_>) -> Streamed {
    read_each_with(text, stream::Hand::CheckAsRead(each, place))
}

/// [`read_each`] or [`read_each_whole`].
fn read_each_as(text: &str, each: &GameCheck<'_>, whole: bool) -> Streamed {
    read_each_with(
        text,
        if whole {
            stream::Hand::Whole(each)
        } else {
            stream::Hand::Check(each)
        },
    )
}

/// Reads a collection game by game, each handed on as `hand` says.
fn read_each_with(text: &str, hand: stream::Hand<'_>) -> Streamed {
    if let Some(streamed) = stream::read_in_parallel(text, hand) {
        return streamed;
    }
    let mut builder = hand.builder();
    let mut diagnostics = parse::parse(text, &mut builder);
    finish_diagnostics(&mut diagnostics, builder.checked == 0);
    Streamed {
        games: builder.checked,
        diagnostics,
        found: builder.found,
    }
}

/// Reads a collection game by game, in order, on this thread: each game goes whole
/// to `hand` as soon as it is read and is then dropped, so memory stays bounded by the
/// largest game. The games and diagnostics are [`read`]'s.
pub fn read_in_order(text: &str, hand: &mut GameSink<'_>) -> InOrder {
    let mut builder = build::Builder::handing(hand);
    let mut diagnostics = parse::parse(text, &mut builder);
    let games = builder.checked;
    finish_diagnostics(&mut diagnostics, games == 0);
    InOrder { games, diagnostics }
}

/// Adds the "no game" error when nothing was read (unless the reason was already
/// given) and puts the reader's diagnostics in source order.
pub(super) fn finish_diagnostics(diagnostics: &mut Vec<crate::diag::Diagnostic>, no_games: bool) {
    if no_games
        && !diagnostics
            .iter()
            .any(|d| d.code == codes::SGF_UNSUPPORTED_GAME.name)
    {
        diagnostics.push(crate::diag::Diagnostic::new(
            codes::SGF_NO_GAME,
            "no SGF game tree `(;…)` found",
            crate::diag::Span::at(0),
        ));
    }
    diagnostics.sort_by_key(|d| d.span.start);
}
