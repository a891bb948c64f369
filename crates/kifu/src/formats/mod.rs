//! The format registry: for each format its name, extensions, content sniffer,
//! encoding conventions, reader, writer, and what it can hold.
//!
//! Formats know no CLI: a reader turns text (or bytes) into a [`Parsed`], a writer
//! turns a collection into text (or bytes) plus [`Loss`] reports.

pub(crate) mod account;
pub mod analysis;
pub(crate) mod csa;
pub(crate) mod cutting;
pub(crate) mod declaration;
pub(crate) mod gib;
pub(crate) mod goarchive;
pub(crate) mod gonu;
pub(crate) mod jkf;
pub(crate) mod json;
pub(crate) mod ki2;
pub(crate) mod kif;
pub(crate) mod kiseong;
pub(crate) mod kiseong_sniff;
pub(crate) mod ndjson;
pub(crate) mod ngf;
pub(crate) mod omok;
pub(crate) mod psq;
pub(crate) mod renlib;
pub(crate) mod rif;
pub(crate) mod sgf;
pub(crate) mod shogi;
pub(crate) mod sink;
pub(crate) mod ugf;
pub(crate) mod usi;
pub(crate) mod writes;

use std::path::Path;

use crate::diag::{Diagnostic, Loss, Span};
use crate::model::{Collection, GameKind};
use crate::text::{CharsetFinder, TextEncoding};
pub use analysis::writing::{AnalysisMode, Prepared, Program, Stripped};
pub use csa::CsaVersion;
pub use cutting::{Cut, Cutter, Frame, GameBoundaries};
pub(crate) use sink::push_checked;
pub use sink::{push_all, Checker, Entry, Flow, Places, ReadEnd, Sink, Source};
pub use usi::{usi_move, UsiOption};
pub use writes::{InfoField, Lines, NodeField, Writes};

/// What a reader produced: the games it could read, every problem it found, and
/// where each node came from (so rule checks on the model can point into the source).
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Parsed {
    /// The games.
    pub collection: Collection,
    /// Problems, in source order.
    pub diagnostics: Vec<Diagnostic>,
    /// For each game, the source span of each node, indexed by `NodeId`; may be
    /// empty (or short) for formats that do not track it.
    pub node_spans: Vec<Vec<Span>>,
    /// For each game, where the parts of it that are not nodes were read from (the
    /// lines of a `.gonu` board), as the format defines them, so that the rules'
    /// findings about those parts point at them; may be empty (or short).
    pub part_places: Vec<Option<Box<dyn PartPlaces>>>,
}

/// Where a reader found the parts of a game that are not nodes (a `.gonu` board's
/// vertex, piece and count lines): a value the format defines, which places the
/// rules' findings about those parts ([`crate::rules::Part`]) in the source.
pub trait PartPlaces: std::fmt::Debug + Send + Sync {
    /// Where a finding `code` about `part` is shown, or `None` when it is not to be
    /// (the part was never read, or the reader already reported it).
    fn place(
        &self,
        part: crate::rules::Part,
        code: &'static crate::diag::codes::Code,
    ) -> Option<Span>;

    /// A copy, boxed (for [`Parsed`]'s `Clone`).
    fn boxed_clone(&self) -> Box<dyn PartPlaces>;
}

impl Clone for Box<dyn PartPlaces> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

/// Facts about where a collection was read from: its path, format, and the encoding
/// used with how it was decided. Written by the `json` format under `"source"`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SourceInfo {
    /// The path read (`-` for standard input).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The format it was read as.
    pub format: String,
    /// The encoding used (absent for binary formats).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
    /// How the encoding was decided: `bom`, `declared`, `utf8-valid`, `guess` …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoding_decided_by: Option<String>,
}

/// What a writer needs to know besides the games.
#[derive(Debug, Clone, Copy)]
pub struct WriteOptions<'a> {
    /// The encoding the text will be written in, so the writer can declare it (SGF
    /// `CA[]`, `#KIF … encoding=`); the caller encodes.
    pub encoding: TextEncoding,
    /// Where the games came from, for formats that record it.
    pub source: Option<&'a SourceInfo>,
    /// Wrap long text values at about this many columns, where the format can do so
    /// without changing the text (SGF soft line breaks); `None` leaves lines as they are.
    pub wrap: Option<usize>,
    /// Options of single formats' writers, each a value its format defines
    /// ([`FormatOption`]): a writer reads its own and passes the others by.
    pub format_options: &'a [FormatOption],
    /// The output goes to a file that is UTF-8 by its extension's convention (`.ki2u`,
    /// see [`Format::output_encoding_for`]): a writer whose format declares only what
    /// the convention does not say may then leave UTF-8 undeclared.
    pub utf8_by_convention: bool,
    /// Indent structured output for people (JSON); compact when false.
    pub pretty: bool,
    /// What to do with engine evaluations (`--analysis`).
    pub analysis: analysis::writing::AnalysisMode,
}

impl Default for WriteOptions<'_> {
    fn default() -> Self {
        WriteOptions {
            encoding: TextEncoding::UTF_8,
            source: None,
            wrap: None,
            format_options: &[],
            utf8_by_convention: false,
            pretty: false,
            analysis: analysis::writing::AnalysisMode::Keep,
        }
    }
}

/// An option of one format's writer, as a value of that format's own type: the
/// writer of that format reads it ([`WriteOptions::format_options`]), every other
/// writer passes it by, so a caller may give the options of every format it offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum FormatOption {
    /// CSA: the version to write; without it the source's (V3.0 when the record was
    /// read from CSA V3.0, else V2.2).
    Csa(csa::CsaVersion),
    /// USI: how lines are written.
    Usi(usi::UsiOption),
}

/// A writer's output: the text (or bytes) and what it could not express.
#[derive(Debug, Clone)]
pub struct Written<T> {
    /// The output.
    pub output: T,
    /// What was left out.
    pub losses: Vec<Loss>,
}

/// Why a writer could not write at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// The target holds other games than this one.
    #[error("{format} cannot hold {kind} games: it holds {}", .holds.join(", "))]
    UnsupportedKind {
        /// The target format.
        format: &'static str,
        /// The game family of the input.
        kind: &'static str,
        /// The families the target holds.
        holds: &'static [&'static str],
    },
    /// The target holds one game per file and the input has several.
    #[error("{format} holds one game per file, and the input has {count}")]
    TooManyGames {
        /// The target format.
        format: &'static str,
        /// How many games the input has.
        count: usize,
    },
    /// The game cannot be written for a reason the message gives.
    #[error("{0}")]
    Invalid(String),
}

/// A reader: from decoded text, or from raw bytes for binary formats.
#[derive(Clone, Copy)]
#[non_exhaustive]
pub enum Reader {
    /// Reads decoded text.
    Text(fn(&str) -> Parsed),
    /// Reads raw bytes.
    Binary(fn(&[u8]) -> Parsed),
}

/// The rules' findings on one game, found as it was read (KIF's and KI2's
/// `read_checking`, handed to [`Sink::checked`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FoundWhileReading {
    /// The findings, in node order.
    pub findings: Vec<crate::rules::Finding>,
    /// The move number of each node, by node id (`None` for a node without a
    /// move): what [`crate::model::Tree::move_numbers`] gives of the tree read.
    pub move_numbers: Vec<Option<u32>>,
    /// The game holds text that starts like engine analysis: a check reads it
    /// whole instead, so that its evaluations are read and their variations
    /// replayed (no tree was built here to replay them on).
    pub analysis: bool,
}

/// What a streaming reader does with each game as soon as it is read: check it (the
/// game may be adjusted first, e.g. the gomoku rule set) and return the diagnostics,
/// positioned with the node spans it is given. Called from several threads at once.
pub type GameCheck<'a> = dyn Fn(&mut crate::model::Game, &[Span]) -> Vec<Diagnostic> + Sync + 'a;

/// What a job makes of the games of one piece of a text read game by game: each game
/// goes to [`Piece::game`] as soon as it is read (on the piece's thread, maybe beside
/// other pieces on other threads), and what the piece made of them is held in it
/// until [`Piece::commit`].
///
/// A reader that reads a long text in parallel guesses where to cut it; only once
/// every piece is read does it know whether the cuts were right. A piece of a wrong
/// cut may have read "games" that a whole read does not have (a game tree cut out of
/// a comment): such pieces are dropped, never committed, and the text is read again.
/// So [`Piece::game`] must only make values (no side effects a caller could see), and
/// everything handed on happens in [`Piece::commit`], which is called once per piece,
/// on one thread, in the order of the text, only for pieces whose games are exactly
/// those of a whole read.
pub trait Piece: Send {
    /// A game of this piece, with the spans of its nodes (indexed by node id).
    fn game(&mut self, game: &mut crate::model::Game, spans: &[Span]);
    /// The piece's games were real: hand on what was made of them.
    fn commit(self: Box<Self>);
}

/// Makes the [`Piece`] for each piece of a text, on the piece's thread.
pub trait Pieces: Sync {
    /// A new piece, for the games of one piece of the text.
    fn piece(&self) -> Box<dyn Piece + '_>;
}

/// How much of each game a streaming reader hands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Want {
    /// Game information and moves: node comments, names and markup may be left out
    /// while reading (faster; what a check needs).
    Moves,
    /// The whole game, as [`Reader`] reads it.
    Whole,
    /// Every game whole, all kept to the end (what [`crate::read`] wants): the format
    /// is read whole by its [`Reader`], as streaming would save nothing, and its
    /// reading offered to the sink at once ([`Sink::take_whole`]).
    All,
    /// A check by the rules: moves, as for [`Want::Moves`], and a reader may check
    /// games as it reads them ([`Sink::checker`], [`Sink::checked`]).
    Check,
}

/// Positions the rules' findings on one game, found as it was read, with the move
/// number of each node (by node id, as [`crate::model::Tree::move_numbers`] gives
/// them) and the spans of its nodes: the diagnostics a [`GameCheck`] would return
/// for that game.
pub type PlaceFindings<'a> =
    dyn Fn(Vec<crate::rules::Finding>, &[Option<u32>], &[Span]) -> Vec<Diagnostic> + Sync + 'a;

/// What a streaming read produced (SGF's `read_each` and `check_each`, RIF's
/// `read_each`): a reader that hands each game to a [`Piece`] and keeps none, or
/// checks each game as it reads it (the games it can check so, SGF's Go games,
/// without building their trees, their findings placed by a [`PlaceFindings`]; the
/// others whole by a [`GameCheck`]).
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub(crate) struct Streamed {
    /// How many games were read.
    pub games: usize,
    /// The reader's problems, in source order (as [`Parsed::diagnostics`]).
    pub diagnostics: Vec<Diagnostic>,
    /// What the checks returned, in game order (empty when the games went to
    /// pieces): the same as checking every game of a whole read.
    pub found: Vec<Diagnostic>,
}

/// A text decoded game by game.
#[derive(Debug, Clone)]
pub struct PerGame {
    /// The whole text.
    pub text: String,
    /// The encodings used, in game order, without repeats (for `source.encoding`).
    pub encodings: Vec<TextEncoding>,
    /// Malformed bytes (errors) and defaults applied (info), positioned in `text`.
    pub diagnostics: Vec<Diagnostic>,
}

/// Decodes a collection whose games declare different charsets, each game with its
/// own; `None` when the file does not need it (one charset, or none declared).
pub type DecodePerGame = fn(&[u8]) -> Option<PerGame>;

/// What a reader does with each game as soon as it is read, on the reading thread:
/// the game is dropped (or its arena reused) when this returns.
pub(crate) type GameSink<'a> = dyn FnMut(&mut crate::model::Game, &[Span]) + 'a;

/// How a format holds several games in one file, so that a collection can be
/// written game by game as it is read: the games written one at a time and joined
/// this way give exactly what the writer gives for the whole collection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Join {
    /// One game per file.
    One,
    /// Each game's output follows the previous one's (SGF game trees, USI lines,
    /// NDJSON lines).
    Concatenate,
    /// Games separated by this text (CSA's `/` line).
    Separator(&'static str),
    /// A document around the games (the JSON model's `{"version": 1, "games": […]}`),
    /// whose pieces its format writes.
    Document(Document),
}

/// The pieces of a document that holds a collection, as its format writes them:
/// [`Document::prefix`], then [`Document::separator`] and [`Document::game`] for
/// each game, then [`Document::suffix`] give exactly what the format's writer gives
/// for the whole collection. A game's text does not depend on its place, so games
/// may be written on several threads and joined in order.
#[derive(Debug, Clone, Copy)]
pub struct Document {
    /// What comes before the first game.
    pub prefix: fn(&WriteOptions<'_>) -> Result<String, WriteError>,
    /// What comes before game number `index` (from 0): what separates it from the
    /// one before.
    pub separator: fn(usize, &WriteOptions<'_>) -> String,
    /// A game, without what separates it from the one before.
    pub game: fn(&crate::model::Game, &WriteOptions<'_>) -> Result<String, WriteError>,
    /// What comes after the last of `games` games.
    pub suffix: fn(usize, &WriteOptions<'_>) -> String,
}

impl PartialEq for Document {
    /// Every document is a document: a format has one, so the join is what compares.
    fn eq(&self, _: &Document) -> bool {
        true
    }
}

impl Eq for Document {}

/// A writer: to text (which the caller encodes) or to raw bytes.
#[derive(Clone, Copy)]
#[non_exhaustive]
pub enum Writer {
    /// Writes text.
    Text(fn(&Collection, &WriteOptions<'_>) -> Result<Written<String>, WriteError>),
    /// Writes bytes.
    Binary(fn(&Collection) -> Result<Written<Vec<u8>>, WriteError>),
}

/// What a format can express, shown by `kifu formats`.
#[derive(Debug, Clone, Copy, Default, serde::Serialize)]
pub struct Capabilities {
    /// Variations (branches).
    pub variations: bool,
    /// Comments.
    pub comments: bool,
    /// Setup positions.
    pub setup: bool,
    /// Time per move.
    pub time: bool,
    /// Board markup.
    pub markup: bool,
    /// More than one game per file.
    pub collections: bool,
    /// Game information that holds for one variation only, at its node.
    pub variation_info: bool,
}

/// One format of the registry.
pub struct Format {
    /// The name used with `-f` and `-t`.
    pub name: &'static str,
    /// One line saying what it is.
    pub description: &'static str,
    /// File extensions, without the dot, lowercase.
    pub extensions: &'static [&'static str],
    /// The game families it holds: `go`, `gomoku`, `shogi`, `gonu`.
    pub kinds: &'static [&'static str],
    /// What it can express.
    pub capabilities: Capabilities,
    /// The legacy encoding its files customarily use when they are not UTF-8.
    pub legacy_encoding: Option<TextEncoding>,
    /// A second legacy encoding its files use (GBK for the GIB and NGF files of
    /// Chinese servers), chosen over the first one by the rule of
    /// [`crate::text::DetectHints::legacy_alternative`].
    pub legacy_alternative: Option<TextEncoding>,
    /// The encoding it is written in unless the user says otherwise.
    pub default_output_encoding: TextEncoding,
    /// True when `bytes` look like this format.
    pub sniff: fn(&[u8]) -> bool,
    /// The charset label the file declares, found in bytes where ASCII is ASCII.
    pub declared_charset: Option<CharsetFinder>,
    /// For formats whose collections may declare a charset per game (SGF `CA[]`):
    /// decodes each game with its own.
    pub decode_per_game: Option<DecodePerGame>,
    /// The reader.
    pub reader: Reader,
    /// True when the reader takes a blank text for a record (an empty game, or none)
    /// without a word: a blank file then gets a [`crate::diag::codes::RECORD_EMPTY`]
    /// warning.
    pub blank_is_a_record: bool,
    /// The format's own read entry, for formats that read game by game or check as
    /// they read; [`Format::read_into`] (the one read entry of every format) uses it
    /// when present, else reads whole with [`Format::reader`] and pushes each game.
    pub entry: Option<Entry>,
    /// How a file holds several games.
    pub join: Join,
    /// How an input holding a long collection is cut between games as it arrives,
    /// by a scan, to be read part by part in bounded memory ([`crate::source`]); `None`:
    /// it is read whole. The one optional capability of reading.
    pub cut: Option<Cut>,
    /// The writer, if kifu writes this format.
    pub writer: Option<Writer>,
    /// What the writer writes of the model; `account::account` reports the rest.
    pub writes: Writes,
    /// Where the writer writes engine evaluations ([`analysis::writing::prepare`]
    /// moves them there before it runs).
    pub analysis: analysis::writing::Home,
}

/// A sniffer that recognises nothing ([`Format::BASE`]).
fn sniffs_nothing(_: &[u8]) -> bool {
    false
}

/// A reader that reads nothing ([`Format::BASE`]).
fn reads_nothing(_: &str) -> Parsed {
    Parsed::default()
}

impl Format {
    /// The fields a registration leaves at their usual value, for `..Format::BASE`:
    /// UTF-8 output, no legacy encoding, no declaration finder, one game per file, no
    /// streaming or checking reader, no cut, no writer (and so nothing written). A
    /// registration names at least its name, description, extensions, kinds,
    /// capabilities, sniffer and reader.
    pub const BASE: Format = Format {
        name: "",
        description: "",
        extensions: &[],
        kinds: &[],
        capabilities: Capabilities {
            variations: false,
            comments: false,
            setup: false,
            time: false,
            markup: false,
            collections: false,
            variation_info: false,
        },
        legacy_encoding: None,
        legacy_alternative: None,
        default_output_encoding: TextEncoding::UTF_8,
        sniff: sniffs_nothing,
        declared_charset: None,
        decode_per_game: None,
        reader: Reader::Text(reads_nothing),
        blank_is_a_record: false,
        entry: None,
        join: Join::One,
        cut: None,
        writer: None,
        writes: Writes::NOTHING,
        analysis: analysis::writing::Home::None,
    };
}

/// Extensions whose files are UTF-8 by convention although their format's customary
/// encoding is a legacy one: Kifu for Windows and ShogiHome write `.kifu` and `.ki2u`
/// in UTF-8.
const UTF8_EXTENSIONS: &[&str] = &["kifu", "ki2u"];

/// True when a file at `path` is UTF-8 by its extension's convention.
pub fn utf8_by_convention(path: Option<&Path>) -> bool {
    path.and_then(Path::extension)
        .and_then(|e| e.to_str())
        .is_some_and(|e| UTF8_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

impl Format {
    /// The encoding a file written to `path` takes unless the user chooses one: UTF-8
    /// for the extensions that are UTF-8 by convention, else the format's default.
    pub fn output_encoding_for(&self, path: Option<&Path>) -> TextEncoding {
        if utf8_by_convention(path) {
            TextEncoding::UTF_8
        } else {
            self.default_output_encoding
        }
    }

    /// True when this format holds games of the given family.
    pub fn holds(&self, kind: &GameKind) -> bool {
        self.kinds.contains(&kind.family())
    }

    /// True when the reader reads a lone CR as written: SGF, whose line breaks lie
    /// inside property values and whose reader takes CR, LF, CRLF and LFCR as line
    /// breaks itself. Every other text reader reads text whose lone CRs (classic Mac
    /// OS line ends) are LFs (`text::lone_cr_as_lf`), offsets unchanged.
    pub fn keeps_lone_cr(&self) -> bool {
        self.name == "sgf"
    }

    /// True for formats read from raw bytes (no text decoding).
    pub fn is_binary(&self) -> bool {
        matches!(self.reader, Reader::Binary(_))
    }

    /// True when a file of this format holds several games.
    pub fn holds_many(&self) -> bool {
        self.join != Join::One
    }

    /// Checks that `game` is of a family this format holds.
    pub fn check_kinds_of(&self, game: &crate::model::Game) -> Result<(), WriteError> {
        if self.holds(&game.kind) {
            return Ok(());
        }
        Err(WriteError::UnsupportedKind {
            format: self.name,
            kind: game.kind.family(),
            holds: self.kinds,
        })
    }

    /// Checks that every game of `collection` is of a family this format holds.
    pub fn check_kinds(&self, collection: &Collection) -> Result<(), WriteError> {
        collection
            .games
            .iter()
            .try_for_each(|g| self.check_kinds_of(g))
    }

    /// The checks every write of a whole file makes, once, before the writer runs:
    /// a game to write, no more games than a file holds, and only families it holds.
    pub fn check_collection(&self, collection: &Collection) -> Result<(), WriteError> {
        match collection.games.len() {
            0 if !self.holds_many() => {
                return Err(WriteError::Invalid("there is no game to write".into()))
            }
            count if count > 1 && !self.holds_many() => {
                return Err(WriteError::TooManyGames {
                    format: self.name,
                    count,
                })
            }
            _ => {}
        }
        self.check_kinds(collection)
    }

    /// What writing `collection` in this format loses, by [`Format::writes`]; the
    /// writer adds what it writes only in part.
    pub fn losses(&self, collection: &Collection) -> Vec<Loss> {
        account::account(self, collection)
    }

    /// `game` (the `index`th written) made ready for this format's writer as `mode`
    /// (`--analysis`) says: its engine evaluations stripped, or moved into the
    /// convention the format writes and lowered into its text
    /// ([`analysis::writing::prepare`]).
    pub fn prepare_analysis(
        &self,
        game: &crate::model::Game,
        index: usize,
        mode: AnalysisMode,
    ) -> Prepared {
        analysis::writing::prepare(game, index, self.name, self.analysis, mode)
    }
}

/// The game a writer of one game per file writes: the first (the registry's
/// [`Format::check_collection`] has made sure there is one and only one).
pub(crate) fn the_game(collection: &Collection) -> Result<&crate::model::Game, WriteError> {
    collection
        .games
        .first()
        .ok_or_else(|| WriteError::Invalid("there is no game to write".into()))
}

/// Every registered format, in the order sniffing tries them.
pub fn all() -> &'static [Format] {
    static FORMATS: [Format; 17] = [
        sgf::FORMAT,
        gib::FORMAT,
        ngf::FORMAT,
        ugf::FORMAT,
        kiseong::FORMAT,
        gonu::FORMAT,
        omok::FORMAT,
        kif::FORMAT,
        ki2::FORMAT,
        csa::FORMAT,
        usi::FORMAT,
        jkf::FORMAT,
        json::FORMAT,
        ndjson::FORMAT,
        // Gomoku archives (issue #21 points 4-6).
        psq::FORMAT,
        renlib::FORMAT,
        rif::FORMAT,
    ];
    &FORMATS
}

/// The format with this name (case-insensitive).
pub fn by_name(name: &str) -> Option<&'static Format> {
    all().iter().find(|f| f.name.eq_ignore_ascii_case(name))
}

/// The format a path's extension names.
pub fn by_extension(path: &Path) -> Option<&'static Format> {
    // The extensions are lower case: compared without a lowered copy of the path's.
    let ext = path.extension()?.to_str()?;
    all()
        .iter()
        .find(|f| f.extensions.iter().any(|e| e.eq_ignore_ascii_case(ext)))
}

/// The first format whose sniffer recognises these bytes.
pub fn sniff(bytes: &[u8]) -> Option<&'static Format> {
    all().iter().find(|f| (f.sniff)(bytes))
}

/// The names of all formats, for messages.
pub fn names() -> Vec<&'static str> {
    all().iter().map(|f| f.name).collect()
}

/// Skips a UTF-8 BOM and leading ASCII whitespace: where sniffers look.
pub(crate) fn content_start(bytes: &[u8]) -> &[u8] {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    bytes.get(start..).unwrap_or(&[])
}

impl std::fmt::Debug for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Format").field("name", &self.name).finish()
    }
}
