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
mod cut_masks;
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
mod write_numbers;
mod write_text;

use super::{
    Capabilities, Flow, Format, GameCheck, Join, Parsed, Pieces, PlaceFindings, Places, ReadEnd,
    Reader, Sink, Streamed, Want, Writer,
};
use crate::diag::{codes, Span};
use crate::model::Game;

pub use charset::declared_charset;
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
    sniff,
    declared_charset: Some(declared_charset),
    decode_per_game: Some(decode_per_game),
    reader: Reader::Text(read),
    entry: Some(read_into),
    join: Join::Concatenate,
    cut: Some(cut::cut),
    writer: Some(Writer::Text(write)),
    writes: WRITES,
    analysis: crate::formats::analysis::writing::Home::GoProperties,
    ..Format::BASE
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
        part_places: Vec::new(),
    }
}

/// SGF's read entry ([`crate::formats::Entry`]): a check as it reads when the sink
/// wants a check and gives a checker ([`check_each`]), pieces read on several threads
/// when it gives pieces ([`read_each`]), else each game in order ([`read_in_order`]).
pub fn read_into(text: &str, sink: &mut dyn Sink) -> ReadEnd {
    let want = sink.wants();
    if want == Want::Check {
        if let Some(checker) = sink.checker() {
            let streamed = check_each(text, checker.each, checker.place);
            sink.found(streamed.found);
            return ReadEnd::new(streamed.games, streamed.diagnostics, false);
        }
    }
    if let Some(pieces) = sink.pieces() {
        let streamed = read_each(text, want, pieces);
        return ReadEnd::new(streamed.games, streamed.diagnostics, false);
    }
    read_in_order(text, sink)
}

/// Reads a collection game by game: each game goes to a
/// [`Piece`](crate::formats::Piece) as soon as it is read and is then dropped, so memory stays bounded by the largest game (see
/// [`crate::formats::Streamed`]). Large texts are cut at game boundaries and read on
/// several threads, each piece of the text into a piece of its own; the pieces are
/// committed in order only once every cut is known to be right, and otherwise dropped
/// and the text read again in one piece. What is committed is the same as [`read`]
/// followed by [`Piece::game`](crate::formats::Piece::game) on every game, in the
/// same order.
pub fn read_each(text: &str, want: Want, pieces: &dyn Pieces) -> Streamed {
    let read = |range: std::ops::Range<usize>| {
        let mut piece = pieces.piece();
        let mut hand = |game: &mut Game, spans: &[Span]| piece.game(game, spans);
        let mut builder = build::Builder::new(match want {
            Want::Whole => build::Mode::Whole(&mut hand),
            _ => build::Mode::Moves(&mut hand),
        });
        let reader = parse::parse_range(text, range, &mut builder);
        let part = stream::Part::of(builder, reader, ());
        part.with(piece)
    };
    let (parts, streamed) = read_parts(text, &read);
    for piece in parts {
        piece.commit();
    }
    streamed
}

/// A check by the rules game by game (see [`crate::formats::Streamed`]): Go games
/// are checked as they are read, node by node, without building their trees; `each`
/// checks the others (gomoku). Large texts are read in parallel as by [`read_each`].
pub fn check_each(text: &str, each: &GameCheck<'_>, place: &PlaceFindings<'_>) -> Streamed {
    let read = |range: std::ops::Range<usize>| {
        let mut builder = build::Builder::new(build::Mode::CheckAsRead(each, place));
        let reader = parse::parse_range(text, range, &mut builder);
        let found = std::mem::take(&mut builder.found);
        stream::Part::of(builder, reader, found)
    };
    let (parts, mut streamed) = read_parts(text, &read);
    for mut found in parts {
        streamed.found.append(&mut found);
    }
    streamed
}

/// Reads `text` with `read`, in parallel pieces when it is long and the cuts hold,
/// else in one piece: what was made of each piece's games, in text order, and the
/// games and reader's diagnostics of the whole text (as [`read`] gives them).
fn read_parts<B: Send>(
    text: &str,
    read: &(dyn Fn(std::ops::Range<usize>) -> stream::Part<B> + Sync),
) -> (Vec<B>, Streamed) {
    let parts = stream::read_in_parallel(text, read).unwrap_or_else(|| vec![read(0..text.len())]);
    let mut streamed = Streamed::default();
    let mut made = Vec::with_capacity(parts.len());
    for mut part in parts {
        streamed.games += part.games;
        streamed.diagnostics.append(&mut part.reader);
        made.push(part.made);
    }
    finish_diagnostics(&mut streamed.diagnostics, streamed.games == 0);
    (made, streamed)
}

/// Reads a collection game by game, in order, on this thread: each game goes to
/// `sink` as soon as it is read (whole, or without node comments, names and markup
/// when the sink wants only moves) and is then dropped, so memory stays bounded by
/// the largest game. The games and diagnostics are [`read`]'s; after
/// [`Flow::Stop`] the text is read on (for its diagnostics) but no game handed on.
pub fn read_in_order(text: &str, sink: &mut dyn Sink) -> ReadEnd {
    let mut stopped = false;
    let want = sink.wants();
    let mut hand = |game: &mut Game, spans: &[Span]| {
        if !stopped {
            stopped = sink.game(game, Places::nodes(spans)) == Flow::Stop;
        }
    };
    let mut builder = build::Builder::new(match want {
        Want::Whole => build::Mode::Whole(&mut hand),
        _ => build::Mode::Moves(&mut hand),
    });
    let mut diagnostics = parse::parse(text, &mut builder);
    let games = builder.checked;
    drop(builder);
    finish_diagnostics(&mut diagnostics, games == 0);
    ReadEnd::new(games, diagnostics, stopped)
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
