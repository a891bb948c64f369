//! The reading contract: every format has one read entry,
//! [`Format::read_into`](super::Format::read_into), which pushes the games it reads,
//! one at a time and in source order, into a [`Sink`]. The sink says how much of each
//! game it wants ([`Want`]) and may stop the reading ([`Flow::Stop`]).
//!
//! Formats whose files hold large collections (SGF, NDJSON, RIF) or that check as
//! they read (KIF, KI2) have an entry of their own ([`super::Format::entry`]): it hands
//! each game on as soon as it is read, so memory holds one game at a time, and takes
//! the fast lanes the sink allows — moves only ([`Want::Moves`]), pieces read on
//! several threads ([`Sink::pieces`]), a check as it reads ([`Sink::checker`],
//! [`Sink::checked`]) — held to the general path by the differential tests and fuzz
//! targets. The others are read whole by their [`super::Reader`] and their games
//! pushed one by one (the generic adapter, [`push_all`]).

use crate::diag::{Diagnostic, Span};
use crate::model::Game;

use super::{
    Format, FoundWhileReading, GameCheck, Parsed, PartPlaces, Pieces, PlaceFindings, Reader,
    SourceInfo, Want,
};

/// Where a game's parts were read from: its nodes' spans (indexed by node id) and,
/// where the format has them (a `.gonu` board), the places of its other parts. What
/// a reader hands on with each game.
#[derive(Debug, Clone, Copy, Default)]
pub struct Places<'a> {
    /// The span of each node, indexed by node id (may be empty or short).
    pub nodes: &'a [Span],
    /// Where the game's parts that are not nodes were read from (a gonu board's).
    pub parts: Option<&'a dyn PartPlaces>,
}

impl<'a> Places<'a> {
    /// The places of game `g` of a reading.
    pub fn of(parsed: &'a Parsed, g: usize) -> Places<'a> {
        Places {
            nodes: parsed.node_spans.get(g).map_or(&[][..], Vec::as_slice),
            parts: parsed.part_places.get(g).and_then(|b| b.as_deref()),
        }
    }

    /// The places of a game whose nodes' spans are `nodes`.
    pub fn nodes(nodes: &'a [Span]) -> Places<'a> {
        Places { nodes, parts: None }
    }
}

/// Whether the reading goes on after a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Hand on the next game.
    Continue,
    /// Hand on no more games: the sink has what it needs.
    Stop,
}

/// Where a reader pushes the games it reads.
pub trait Sink {
    /// Told where the games come from before the first game ([`crate::read_into`]
    /// tells it; a format's read entry does not). Nothing by default.
    fn source(&mut self, _source: &SourceInfo) {}

    /// How much of each game the sink looks at; a reader may leave the rest out
    /// (SGF then keeps no node comments, names or markup). Whole games by default.
    fn wants(&self) -> Want {
        Want::Whole
    }

    /// The next game, in source order, with where its parts were read from. The game
    /// is lent: the reader drops (or reuses) it when this returns.
    fn game(&mut self, game: &mut Game, places: Places<'_>) -> Flow;

    /// For a reader that can read a long text in pieces on several threads (SGF,
    /// RIF): makes the [`super::Piece`] each piece's games go to,
    /// committed in order once the cuts are known right. When the sink gives one, the
    /// reader may hand its games to pieces instead of [`Sink::game`]. None by default.
    fn pieces(&self) -> Option<&dyn Pieces> {
        None
    }

    /// For a check by the rules ([`Want::Check`]): the rules' check and the placing
    /// of findings, for readers that check games as they read them (SGF's Go games,
    /// without their trees). Their findings then come to [`Sink::found`] instead of
    /// the games to [`Sink::game`]. None by default.
    fn checker(&self) -> Option<Checker<'_>> {
        None
    }

    /// What a reader checking as it reads found ([`Sink::checker`]): positioned
    /// diagnostics, in game order, for the games it did not hand to [`Sink::game`].
    fn found(&mut self, _found: Vec<Diagnostic>) {}

    /// A game a reader checked by the rules as it read it ([`Want::Check`]; KIF,
    /// KI2), with the rules' findings exactly as [`crate::rules::check`] gives them
    /// on the game. By default the findings are dropped and the game goes to
    /// [`Sink::game`].
    fn checked(&mut self, game: &mut Game, places: Places<'_>, found: FoundWhileReading) -> Flow {
        let _ = found;
        self.game(game, places)
    }

    /// Whether the sink checks every whole game it is handed by the rules, as
    /// [`crate::check_game`] does: a reader that builds the whole tree and can check
    /// the moves as it makes them (CSA, KIF, KI2) may then hand a game to
    /// [`Sink::checked`] with the rules' findings, sparing the sink a second replay
    /// (the move numbers may then be left empty when there is no finding). False by
    /// default.
    fn checks_games(&self) -> bool {
        false
    }

    /// Whether the sink wants only to know, of each whole game it is handed, its
    /// first illegal move (the training replay): a reader that builds the whole
    /// tree and makes the moves as it reads (CSA) may then check them for legality
    /// alone (no repetition, no ending) and hand the game to [`Sink::checked`] with
    /// that move's finding, if any, as the one finding (and the move numbers when
    /// there is one). False by default.
    fn checks_legality(&self) -> bool {
        false
    }

    /// For a reader that reads the whole text before handing on anything (the
    /// generic adapter, [`push_all`]): offered the whole reading first, a sink that
    /// keeps every game may take its games, spans and places at once, without a copy,
    /// leaving `parsed` without them, and return true. By default it takes nothing
    /// and the games are handed on one by one.
    fn take_whole(&mut self, parsed: &mut Parsed) -> bool {
        let _ = parsed;
        false
    }
}

/// What a reader that checks as it reads needs of a check by the rules
/// ([`Sink::checker`]): both only make values, and may run on several threads.
#[derive(Clone, Copy)]
pub struct Checker<'a> {
    /// The rules' check of a game the reader hands on whole, positioned.
    pub each: &'a GameCheck<'a>,
    /// Places the findings of a game checked as it was read.
    pub place: &'a PlaceFindings<'a>,
}

/// Any `FnMut(&mut Game, Places) -> Flow` is a sink of whole games.
impl<F: FnMut(&mut Game, Places<'_>) -> Flow> Sink for F {
    fn game(&mut self, game: &mut Game, places: Places<'_>) -> Flow {
        self(game, places)
    }
}

/// What a read into a sink produced besides the games it pushed.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct ReadEnd {
    /// How many games were read (those after a [`Flow::Stop`] included, where the
    /// reader read on).
    pub games: usize,
    /// The reader's problems, in source order (as [`Parsed::diagnostics`]).
    pub diagnostics: Vec<Diagnostic>,
    /// True when the sink said [`Flow::Stop`].
    pub stopped: bool,
}

impl ReadEnd {
    /// A read of `games` games with the reader's `diagnostics`.
    pub fn new(games: usize, diagnostics: Vec<Diagnostic>, stopped: bool) -> ReadEnd {
        ReadEnd {
            games,
            diagnostics,
            stopped,
        }
    }
}

/// A format's own read entry ([`Format::entry`]): pushes each game, in order, into a
/// [`Sink`] as soon as it is read and keeps none of them, taking the fast lanes the
/// sink allows (moves only, pieces on several threads, a check as it reads).
pub type Entry = fn(&str, &mut dyn Sink) -> ReadEnd;

/// What a format's read entry reads: decoded text, or raw bytes for binary formats.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum Source<'a> {
    /// Decoded text (text formats).
    Text(&'a str),
    /// Raw bytes (binary formats).
    Bytes(&'a [u8]),
}

/// Pushes the games of a whole read into `sink`, in order, each with its places, until
/// the sink says stop: the generic adapter for formats without an in-order reader.
pub fn push_all(mut parsed: Parsed, sink: &mut dyn Sink) -> ReadEnd {
    let count = parsed.collection.games.len();
    if sink.take_whole(&mut parsed) {
        return ReadEnd::new(count, parsed.diagnostics, false);
    }
    let games = std::mem::take(&mut parsed.collection.games);
    let mut stopped = false;
    for (g, mut game) in games.into_iter().enumerate() {
        if sink.game(&mut game, Places::of(&parsed, g)) == Flow::Stop {
            stopped = true;
            break;
        }
    }
    ReadEnd::new(count, parsed.diagnostics, stopped)
}

/// Pushes the games of a checking read (CSA, KIF, KI2) into `sink`, in order, until it
/// says stop: each to [`Sink::checked`] with what the rules found as it was read, or
/// one with engine analysis to [`Sink::game`] (whose whole check replays its
/// evaluations' variations on the tree).
pub(crate) fn push_checked(
    mut parsed: Parsed,
    found: Vec<FoundWhileReading>,
    sink: &mut dyn Sink,
) -> ReadEnd {
    let games = std::mem::take(&mut parsed.collection.games);
    let count = games.len();
    let mut stopped = false;
    for (g, (mut game, found)) in games.into_iter().zip(found).enumerate() {
        let places = Places::of(&parsed, g);
        let flow = if found.analysis {
            sink.game(&mut game, places)
        } else {
            sink.checked(&mut game, places, found)
        };
        if flow == Flow::Stop {
            stopped = true;
            break;
        }
    }
    ReadEnd::new(count, parsed.diagnostics, stopped)
}

impl Format {
    /// The one read entry of every format: reads `source` and pushes each game, in
    /// source order, into `sink` (see the module comment). A text format given bytes
    /// reads them as UTF-8 (malformed sequences replaced); a binary format given text
    /// reads its bytes: callers decode text formats first ([`crate::read_into`] does).
    pub fn read_into(&self, source: Source<'_>, sink: &mut dyn Sink) -> ReadEnd {
        match (self.reader, source) {
            (Reader::Binary(read), Source::Bytes(bytes)) => push_all(read(bytes), sink),
            (Reader::Binary(read), Source::Text(text)) => push_all(read(text.as_bytes()), sink),
            (Reader::Text(read), Source::Text(text)) => match self.entry {
                Some(entry) if sink.wants() != Want::All => entry(text, sink),
                _ => push_all(read(text), sink),
            },
            (Reader::Text(_), Source::Bytes(bytes)) => {
                let text = String::from_utf8_lossy(bytes);
                self.read_into(Source::Text(&text), sink)
            }
        }
    }
}
