//! The library's entry points: detect, read, validate, write.

use std::borrow::Cow;
use std::path::Path;

use crate::diag::{codes, Diagnostic, Loss, Span};
pub use crate::formats::Places;
use crate::formats::{
    self, Flow, Format, Join, Parsed, Sink, Source, SourceInfo, WriteError, WriteOptions, Writer,
};
use crate::model::{Collection, Game, GomokuRule};
use crate::rules;
use crate::text::{self, DetectHints, LineIndex, TextEncoding};

/// Errors that stop a read or a write as a whole (problems inside a record are
/// diagnostics, not errors).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// `-f`/`-t` named a format kifu does not have.
    #[error("unknown format {name:?}; kifu knows: {}", formats::names().join(", "))]
    UnknownFormat {
        /// The name given.
        name: String,
    },
    /// Neither the extension nor the content tells the format.
    #[error("cannot tell the format of {path}: give it with -f (one of: {})", formats::names().join(", "))]
    UndetectedFormat {
        /// The input's path.
        path: String,
    },
    /// The target format is read-only in kifu.
    #[error("kifu reads {0} but does not write it")]
    NoWriter(&'static str),
    /// The writer refused the games.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// The text has characters the output encoding cannot hold.
    #[error("{}", describe_unmappable(.encoding, .characters))]
    Unmappable {
        /// The output encoding.
        encoding: TextEncoding,
        /// Each character with its 1-based line and column in the output text.
        characters: Vec<(char, usize, usize)>,
    },
}

fn describe_unmappable(encoding: &TextEncoding, chars: &[(char, usize, usize)]) -> String {
    let list: Vec<String> = chars
        .iter()
        .take(10)
        .map(|(c, l, col)| {
            format!(
                "{c:?} (U+{:04X}) at output line {l}, column {col}",
                *c as u32
            )
        })
        .collect();
    let more = chars.len().saturating_sub(10);
    let tail = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    format!(
        "{} cannot hold {} character(s): {}{tail}",
        encoding.name(),
        chars.len(),
        list.join(", ")
    )
}

/// An input to read: its bytes, borrowed (a file's bytes the caller keeps, a memory
/// map) or given away (`Cow::Owned`: a UTF-8 text then becomes its own text without
/// a copy), and what the caller knows of them.
///
/// ```
/// use kifu::Input;
/// let kept = b"(;GM[1]SZ[9];B[ee])".to_vec();
/// let borrowed = Input::bytes(&kept);
/// let given = Input::bytes(kept.clone());
/// assert_eq!(borrowed.bytes, given.bytes);
/// ```
#[derive(Debug, Clone)]
pub struct Input<'a> {
    /// The raw bytes, borrowed or owned.
    pub bytes: Cow<'a, [u8]>,
    /// Where they came from (`None` for standard input); used for the extension.
    pub path: Option<&'a Path>,
    /// The format, when the user named it.
    pub format: Option<&'static Format>,
    /// The encoding, when the user forced it.
    pub encoding: Option<TextEncoding>,
}

impl<'a> Input<'a> {
    /// An input of these bytes (borrowed or owned), with no path, format or encoding
    /// given: the format is told by the content.
    pub fn bytes(bytes: impl Into<Cow<'a, [u8]>>) -> Input<'a> {
        Input {
            bytes: bytes.into(),
            path: None,
            format: None,
            encoding: None,
        }
    }

    /// The same input, read from `path` (whose extension may tell the format).
    pub fn path(self, path: &'a Path) -> Input<'a> {
        Input {
            path: Some(path),
            ..self
        }
    }

    /// The same input, read as `format`.
    pub fn format(self, format: &'static Format) -> Input<'a> {
        Input {
            format: Some(format),
            ..self
        }
    }

    /// The same input, decoded as `encoding`.
    pub fn encoding(self, encoding: TextEncoding) -> Input<'a> {
        Input {
            encoding: Some(encoding),
            ..self
        }
    }

    /// This input's facts with other bytes.
    fn with<'b>(&self, bytes: Cow<'b, [u8]>) -> Input<'b>
    where
        'a: 'b,
    {
        Input {
            bytes,
            path: self.path,
            format: self.format,
            encoding: self.encoding,
        }
    }
}

/// An input lent: the same bytes, borrowed.
impl<'a, 'b: 'a> From<&'a Input<'b>> for Input<'a> {
    fn from(input: &'a Input<'b>) -> Input<'a> {
        input.with(Cow::Borrowed(&input.bytes))
    }
}

/// What reading an input produced.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct ReadOutcome {
    /// The format it was read as.
    pub format: &'static Format,
    /// Path, format, encoding and how it was decided.
    pub source: SourceInfo,
    /// The decoded text (`None` for binary formats): diagnostics' spans point into it.
    pub text: Option<String>,
    /// The games, the diagnostics (decoding first, then the reader's) and node spans.
    pub parsed: Parsed,
}

impl ReadOutcome {
    /// True when any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.parsed
            .diagnostics
            .iter()
            .any(|d| d.severity == crate::diag::Severity::Error)
    }
}

/// The format of an input: the user's choice, else the extension, else the content.
pub fn detect_format(input: &Input<'_>) -> Result<&'static Format, Error> {
    if let Some(f) = input.format {
        return Ok(f);
    }
    if let Some(f) = input.path.and_then(formats::by_extension) {
        return Ok(f);
    }
    formats::sniff(&input.bytes).ok_or_else(|| Error::UndetectedFormat {
        path: input
            .path
            .map_or_else(|| "standard input".to_string(), |p| p.display().to_string()),
    })
}

/// Detects the format and encoding, decodes strictly and reads. Of each diagnostic
/// code the first [`crate::diag::SHOWN_PER_CODE`] are kept and the rest summed up in
/// one summary ([`crate::diag::collapse`]).
pub fn read(input: &Input<'_>) -> Result<ReadOutcome, Error> {
    let mut keeping = Keeping::default();
    let read = read_decoded(input.into(), &mut keeping)?;
    let mut parsed = keeping.parsed;
    parsed.diagnostics = read.diagnostics;
    Ok(ReadOutcome {
        format: read.format,
        source: read.source,
        text: read.text.map(Cow::into_owned),
        parsed,
    })
}

/// The sink of [`read`]: keeps every game whole, with its places.
#[derive(Default)]
struct Keeping {
    /// The games and their places so far (no diagnostics: the reading returns them).
    parsed: Parsed,
}

impl Sink for Keeping {
    fn wants(&self) -> formats::Want {
        formats::Want::All
    }

    fn game(&mut self, game: &mut Game, places: Places<'_>) -> Flow {
        let kind = game.kind.clone();
        let mut kept = std::mem::replace(game, Game::new(kind));
        // Held to the end: only the room the game needs.
        kept.tree.shrink_to_fit();
        self.parsed.collection.games.push(kept);
        self.parsed.node_spans.push(places.nodes.to_vec());
        self.parsed
            .part_places
            .push(places.parts.map(|p| p.boxed_clone()));
        Flow::Continue
    }

    fn take_whole(&mut self, parsed: &mut Parsed) -> bool {
        let (games, spans, places) = (
            &mut parsed.collection.games,
            &mut parsed.node_spans,
            &mut parsed.part_places,
        );
        if self.parsed.collection.games.is_empty() {
            std::mem::swap(&mut self.parsed.collection.games, games);
            std::mem::swap(&mut self.parsed.node_spans, spans);
            std::mem::swap(&mut self.parsed.part_places, places);
        } else {
            self.parsed.collection.games.append(games);
            self.parsed.node_spans.append(spans);
            self.parsed.part_places.append(places);
        }
        true
    }
}

/// The code of the warning that a file holds no record at all.
pub const EMPTY_RECORD: &str = crate::diag::codes::RECORD_EMPTY.name;

/// A warning at 1:1 when `text` is blank (nothing, or only blank lines) and the format
/// would otherwise read it as a record without a word ([`Format::blank_is_a_record`]).
fn empty_record(format: &Format, text: &str) -> Option<Diagnostic> {
    let blank = text.trim_start_matches('\u{feff}').trim().is_empty();
    (blank && format.blank_is_a_record).then(|| {
        Diagnostic::new(
            crate::diag::codes::RECORD_EMPTY,
            "the file holds no record: it is empty or only blank lines",
            Span::at(0),
        )
    })
}

fn binary_source(format: &'static Format, path: Option<String>) -> SourceInfo {
    SourceInfo {
        path,
        format: format.name.to_string(),
        encoding: None,
        encoding_decided_by: None,
    }
}

/// An input's text, decoded strictly, with how it was decoded.
struct DecodedInput<'a> {
    /// Borrowed when it is the input itself (valid UTF-8 the caller keeps).
    text: Cow<'a, str>,
    source: SourceInfo,
    /// Malformed bytes, declarations that disagree, defaults applied.
    diagnostics: Vec<Diagnostic>,
}

/// Decodes a text format's input: SGF collections whose games declare different
/// charsets game by game (`formats::sgf::decode_per_game`), everything else with the
/// text layer's single decision. Bytes given away (`Cow::Owned`) that are UTF-8
/// become the text without a copy.
fn decode_input<'a>(
    bytes: Cow<'a, [u8]>,
    forced: Option<TextEncoding>,
    format: &'static Format,
    path: Option<String>,
) -> DecodedInput<'a> {
    if let (Some(decode_per_game), None) = (format.decode_per_game, forced) {
        if let Some(per_game) = decode_per_game(&bytes) {
            let names: Vec<&str> = per_game.encodings.iter().map(|e| e.name()).collect();
            return DecodedInput {
                source: SourceInfo {
                    path,
                    format: format.name.to_string(),
                    encoding: Some(names.join(", ")),
                    encoding_decided_by: Some("declared-per-game".to_string()),
                },
                text: Cow::Owned(per_game.text),
                diagnostics: per_game.diagnostics,
            };
        }
    }
    let hints = DetectHints {
        forced,
        declared: format.declared_charset,
        legacy: format.legacy_encoding,
        legacy_alternative: format.legacy_alternative,
    };
    let decoded = match bytes {
        Cow::Owned(bytes) => text::decode_owned(bytes, &hints),
        Cow::Borrowed(bytes) => text::decode(bytes, &hints),
    };
    // CR-only and mixed line ends: the line readers split at LF (see `text::lines`).
    let text = if format.keeps_lone_cr() {
        decoded.text
    } else {
        text::lone_cr_as_lf(decoded.text)
    };
    DecodedInput {
        source: SourceInfo {
            path,
            format: format.name.to_string(),
            encoding: Some(decoded.encoding.name().to_string()),
            encoding_decided_by: Some(decoded.decision.as_str().to_string()),
        },
        text,
        diagnostics: decoded.diagnostics,
    }
}

/// Runs the rules of each game's kind and appends their findings to the outcome's
/// diagnostics, positioned with the reader's places. Readers never run the rules,
/// so nothing is reported twice.
pub fn validate(outcome: &mut ReadOutcome) {
    let games = std::mem::take(&mut outcome.parsed.collection.games);
    // Game by game: one game's findings are held at a time.
    let found = games
        .iter()
        .map(|game| (game_findings(game), || game.tree.move_numbers()));
    add_findings(outcome, found);
    outcome.parsed.collection.games = games;
}

/// Appends the rules' findings on each game (`found[g]` for game `g`, with the
/// move numbers of its nodes) to the outcome's diagnostics, positioned with the
/// reader's places.
///
/// Each diagnostic goes through one [`crate::diag::Collapser`] as it is made, so a
/// record with a finding at every node never holds more than the kept ones and a
/// summary per code: the same list as appending them all and collapsing.
fn add_findings<N: FnOnce() -> Vec<Option<u32>>>(
    outcome: &mut ReadOutcome,
    found: impl IntoIterator<Item = (Vec<rules::Finding>, N)>,
) {
    let mut collapser = crate::diag::Collapser::new();
    let mut out = Vec::new();
    for d in std::mem::take(&mut outcome.parsed.diagnostics) {
        collapser.push(&mut out, d);
    }
    let parsed = &outcome.parsed;
    for (g, (findings, numbers)) in found.into_iter().enumerate() {
        positioned_into(numbers, Places::of(parsed, g), findings, |d| {
            collapser.push(&mut out, d)
        });
    }
    crate::diag::finish_summaries(&mut out);
    outcome.parsed.diagnostics = out;
}

/// The findings of a game's rules as diagnostics (see [`positioned`]).
fn rule_diagnostics(game: &Game, places: Places<'_>) -> Vec<Diagnostic> {
    positioned(|| game.tree.move_numbers(), places, game_findings(game))
}

/// The rules' findings on a game, then those on its engine analysis (principal
/// variations replayed with the rules, figures checked: nothing for a game without
/// evaluations but a look at each node).
fn game_findings(game: &Game) -> Vec<rules::Finding> {
    let mut findings = rules::check(game);
    findings.extend(formats::analysis::replay::check(game));
    findings
}

/// Findings of the rules as diagnostics, each at its node's span with its move
/// number (from `numbers`, asked only when there is a finding), or at the board
/// part it is about. A finding about a board part the reader could not read (it
/// reported that) is left out.
fn positioned(
    numbers: impl FnOnce() -> Vec<Option<u32>>,
    places: Places<'_>,
    findings: Vec<rules::Finding>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    positioned_into(numbers, places, findings, |d| out.push(d));
    crate::diag::finish_summaries(&mut out);
    out
}

/// [`positioned`], handing each diagnostic to `sink` as it is made.
fn positioned_into(
    numbers: impl FnOnce() -> Vec<Option<u32>>,
    places: Places<'_>,
    findings: Vec<rules::Finding>,
    mut sink: impl FnMut(Diagnostic),
) {
    if findings.is_empty() {
        return;
    }
    let numbers = numbers();
    for f in findings {
        let at_node = places
            .nodes
            .get(f.node.0 as usize)
            .copied()
            .unwrap_or(Span::at(0));
        let span = match (f.part, places.parts) {
            (Some(part), Some(parts)) => match parts.place(part, f.code) {
                Some(span) => span,
                None => continue,
            },
            _ => at_node,
        };
        let mut d = Diagnostic::new(f.code, f.message, span);
        d.move_number = numbers.get(f.node.0 as usize).copied().flatten();
        // A summary of the rules' own (`rules::Findings`): its message is made when
        // the list is final.
        d.omitted = f.omitted;
        sink(d);
    }
}

/// The findings of the rules on one game (as [`validate`] gives them), positioned
/// with the reader's places: for reading game by game ([`read_into`] with a sink).
pub fn check_game(game: &Game, places: Places<'_>) -> Vec<Diagnostic> {
    rule_diagnostics(game, places)
}

/// The rules' findings on a game a reader checked as it read it (handed to
/// [`formats::Sink::checked`] of a sink that [`formats::Sink::checks_games`]),
/// positioned: the same diagnostics as [`check_game`] gives on that game.
pub fn place_checked(
    game: &Game,
    places: Places<'_>,
    found: formats::FoundWhileReading,
) -> Vec<Diagnostic> {
    let numbers = found.move_numbers;
    positioned(
        || {
            if numbers.is_empty() {
                game.tree.move_numbers()
            } else {
                numbers
            }
        },
        places,
        found.findings,
    )
}

/// What checking an input produced: the verdicts, without the games.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The format it was read as.
    pub format: &'static Format,
    /// Path, format, encoding and how it was decided.
    pub source: SourceInfo,
    /// The decoded text (`None` for binary formats): diagnostics' spans point into it.
    pub text: Option<String>,
    /// How many games were read.
    pub games: usize,
    /// Decoding problems, the reader's, then the rules' findings: the same list as
    /// [`read`] followed by [`validate`].
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads and validates an input, keeping only the verdicts: [`read`] then [`validate`],
/// with gomoku games checked under `rule` when one is given. The input is read into a
/// checking [`Sink`] through the format's one read entry, which takes the fast lanes
/// a check allows: SGF checks each game as soon as it is read (Go games as their
/// nodes are read, without a tree) and drops it, reading large collections on several
/// threads, so memory holds one game per thread rather than the whole collection;
/// KIF and KI2 check each move as they make it.
pub fn check<'a>(input: impl Into<Input<'a>>, rule: Option<&GomokuRule>) -> Result<Checked, Error> {
    check_input(input.into(), rule)
}

/// The sink of a check: every game the reader hands on is checked by the rules (under
/// the gomoku rule set given, if any), readers that check as they read are given the
/// check ([`Sink::checker`]), and every finding is positioned, in game order.
struct Checking<'r> {
    checker: formats::Checker<'r>,
    rule: Option<&'r GomokuRule>,
    found: Vec<Diagnostic>,
    /// How many games a reader checked as it read them ([`Sink::checked`]).
    #[cfg(debug_assertions)]
    checked_as_read: usize,
}

impl Sink for Checking<'_> {
    fn wants(&self) -> formats::Want {
        formats::Want::Check
    }
    fn game(&mut self, game: &mut Game, places: Places<'_>) -> Flow {
        if let Some(rule) = self.rule {
            rules::renju::set_game_rule(game, rule);
        }
        self.found.extend(rule_diagnostics(game, places));
        Flow::Continue
    }
    fn checker(&self) -> Option<formats::Checker<'_>> {
        Some(self.checker)
    }
    fn found(&mut self, mut found: Vec<Diagnostic>) {
        self.found.append(&mut found);
    }
    fn checked(
        &mut self,
        _game: &mut Game,
        places: Places<'_>,
        found: formats::FoundWhileReading,
    ) -> Flow {
        #[cfg(debug_assertions)]
        {
            self.checked_as_read += 1;
        }
        let numbers = found.move_numbers;
        self.found
            .extend(positioned(|| numbers, places, found.findings));
        Flow::Continue
    }
}

/// [`check`]: the bytes borrowed or given away, as the input holds them.
fn check_input(input: Input<'_>, rule: Option<&GomokuRule>) -> Result<Checked, Error> {
    let each = |game: &mut Game, spans: &[Span]| {
        if let Some(rule) = rule {
            rules::renju::set_game_rule(game, rule);
        }
        rule_diagnostics(game, Places::nodes(spans))
    };
    // Findings the reader found as it read the games (see `formats::Streamed`).
    let place = |findings: Vec<rules::Finding>, numbers: &[Option<u32>], spans: &[Span]| {
        positioned(|| numbers.to_vec(), Places::nodes(spans), findings)
    };
    let mut sink = Checking {
        checker: formats::Checker {
            each: &each,
            place: &place,
        },
        rule,
        found: Vec::new(),
        #[cfg(debug_assertions)]
        checked_as_read: 0,
    };
    let read = read_decoded(input, &mut sink)?;
    // The rules ran as the moves were read: their findings must be the replay's.
    #[cfg(debug_assertions)]
    if sink.checked_as_read > 0 {
        if let (Some(text), crate::formats::Reader::Text(reader)) =
            (read.text.as_deref(), read.format.reader)
        {
            let mut parsed = reader(text);
            parsed.diagnostics.clear();
            let mut full = ReadOutcome {
                format: read.format,
                source: SourceInfo::default(),
                text: None,
                parsed,
            };
            validate(&mut full);
            let mut found = sink.found.clone();
            crate::diag::collapse(&mut found);
            debug_assert_eq!(
                found, full.parsed.diagnostics,
                "a check while reading and a read then validation differ"
            );
        }
    }
    let mut diagnostics = read.diagnostics;
    diagnostics.append(&mut sink.found);
    crate::diag::collapse(&mut diagnostics);
    Ok(Checked {
        format: read.format,
        source: read.source,
        text: read.text.map(Cow::into_owned),
        games: read.games,
        diagnostics,
    })
}

/// What reading an input game by game ([`read_into`]) produced, besides the games
/// handed on.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct ReadInOrder {
    /// The format it was read as.
    pub format: &'static Format,
    /// Path, format, encoding and how it was decided.
    pub source: SourceInfo,
    /// The decoded text, which diagnostics point into (`None` for binary formats).
    pub text: Option<String>,
    /// How many games were handed on.
    pub games: usize,
    /// Decoding problems then the reader's, as [`read`] gives them.
    pub diagnostics: Vec<Diagnostic>,
}

/// The one way to read an input game by game (the push-model reading contract):
/// detects the format, decodes a text format's bytes as [`read`] does, tells `sink`
/// the source, and pushes each game, in source order, into `sink` through the
/// format's one read entry ([`Format::read_into`]) until the sink says
/// [`Flow::Stop`]. Formats with an in-order reader (SGF, NDJSON) then hold one game at
/// a time besides the text; the others are read whole first (their files hold one
/// game, or few), and their games pushed one by one. The diagnostics returned are
/// [`read`]'s.
pub fn read_into<'a>(
    input: impl Into<Input<'a>>,
    sink: &mut dyn Sink,
) -> Result<ReadInOrder, Error> {
    let read = read_decoded(input.into(), sink)?;
    Ok(ReadInOrder {
        format: read.format,
        source: read.source,
        text: read.text.map(Cow::into_owned),
        games: read.games,
        diagnostics: read.diagnostics,
    })
}

/// What [`read_decoded`] read: [`ReadInOrder`] with the text as decoded (borrowed
/// from the input where it was UTF-8).
pub(crate) struct ReadDecoded<'a> {
    /// The format it was read as.
    pub format: &'static Format,
    /// Path, format, encoding and how it was decided.
    pub source: SourceInfo,
    /// The decoded text (`None` for binary formats).
    pub text: Option<Cow<'a, str>>,
    /// How many games were read.
    pub games: usize,
    /// Decoding problems then the reader's, collapsed, as [`read`] gives them.
    pub diagnostics: Vec<Diagnostic>,
}

/// Detects the format, decodes a text format's `bytes`, tells `sink` the source and
/// reads through the format's one entry ([`Format::read_into`]) into `sink`.
pub(crate) fn read_decoded<'a>(
    input: Input<'a>,
    sink: &mut dyn Sink,
) -> Result<ReadDecoded<'a>, Error> {
    let format = detect_format(&input)?;
    let path = input.path.map(|p| p.display().to_string());
    let Input {
        bytes, encoding, ..
    } = input;
    if format.is_binary() {
        let source = binary_source(format, path);
        sink.source(&source);
        let mut end = format.read_into(Source::Bytes(&bytes), sink);
        crate::diag::collapse(&mut end.diagnostics);
        return Ok(ReadDecoded {
            format,
            source,
            text: None,
            games: end.games,
            diagnostics: end.diagnostics,
        });
    }
    let decoded = decode_input(bytes, encoding, format, path);
    sink.source(&decoded.source);
    let end = format.read_into(Source::Text(&decoded.text), sink);
    let mut diagnostics = decoded.diagnostics;
    if let Some(empty) = empty_record(format, &decoded.text) {
        diagnostics.push(empty);
    }
    diagnostics.extend(end.diagnostics);
    crate::diag::collapse(&mut diagnostics);
    Ok(ReadDecoded {
        format,
        source: decoded.source,
        text: Some(decoded.text),
        games: end.games,
        diagnostics,
    })
}

/// The bytes of a written collection and what was lost on the way.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Encoded {
    /// The bytes to store.
    pub bytes: Vec<u8>,
    /// What the writer could not express, and characters normalised for the encoding.
    pub losses: Vec<Loss>,
    /// The engine evaluations `--analysis strip` took out ([`WriteOptions::analysis`]).
    pub stripped: formats::Stripped,
}

/// Writes a collection in `format`, encoded strictly in `encoding` (the format's
/// default when `None`).
pub fn write(
    collection: &Collection,
    format: &'static Format,
    encoding: Option<TextEncoding>,
    source: Option<&SourceInfo>,
) -> Result<Encoded, Error> {
    write_wrapped(collection, format, encoding, source, None)
}

/// [`write()`], with long text values wrapped at about `wrap` columns where the format
/// can do so without changing the text (SGF soft line breaks).
pub fn write_wrapped(
    collection: &Collection,
    format: &'static Format,
    encoding: Option<TextEncoding>,
    source: Option<&SourceInfo>,
    wrap: Option<usize>,
) -> Result<Encoded, Error> {
    write_with(
        collection,
        format,
        encoding,
        &WriteOptions {
            source,
            wrap,
            ..WriteOptions::default()
        },
    )
}

/// [`write()`] with every writer option (wrapping, the CSA version …). The text is
/// encoded in `encoding`, or the format's usual output encoding when `None`;
/// `options.encoding` is replaced by that choice.
pub fn write_with(
    collection: &Collection,
    format: &'static Format,
    encoding: Option<TextEncoding>,
    options: &WriteOptions<'_>,
) -> Result<Encoded, Error> {
    format.check_collection(collection)?;
    let (prepared, mut analysis_losses, stripped) = prepare_analysis(collection, format, options);
    let collection = prepared.as_ref().unwrap_or(collection);
    let mut encoded = write_unchecked(collection, format, encoding, options)?;
    let mut losses = format.losses(collection);
    losses.append(&mut analysis_losses);
    losses.append(&mut encoded.losses);
    encoded.losses = losses;
    encoded.stripped = stripped;
    Ok(encoded)
}

/// The collection made ready for `format`'s writer as `options.analysis` says
/// ([`Format::prepare_analysis`]): `None` when it is written as it is;
/// the fields left out, and what was stripped.
fn prepare_analysis(
    collection: &Collection,
    format: &'static Format,
    options: &WriteOptions<'_>,
) -> (Option<Collection>, Vec<Loss>, formats::Stripped) {
    let mut stripped = formats::Stripped::default();
    let mut losses = Vec::new();
    let mut games: Option<Vec<crate::model::Game>> = None;
    for (i, game) in collection.games.iter().enumerate() {
        let p = format.prepare_analysis(game, i, options.analysis);
        stripped.evaluations += p.stripped.evaluations;
        stripped.bytes += p.stripped.bytes;
        losses.extend(p.losses);
        match (p.game, &mut games) {
            (Some(g), Some(games)) => games.push(g),
            (Some(g), None) => {
                let mut before: Vec<crate::model::Game> =
                    collection.games.iter().take(i).cloned().collect();
                before.push(g);
                games = Some(before);
            }
            (None, Some(games)) => games.push(game.clone()),
            (None, None) => {}
        }
    }
    (games.map(|games| Collection { games }), losses, stripped)
}

/// [`write_with`] after the registry's checks.
fn write_unchecked(
    collection: &Collection,
    format: &'static Format,
    encoding: Option<TextEncoding>,
    options: &WriteOptions<'_>,
) -> Result<Encoded, Error> {
    match format.writer {
        None => Err(Error::NoWriter(format.name)),
        Some(Writer::Binary(write)) => {
            let written = write(collection)?;
            Ok(Encoded {
                bytes: written.output,
                losses: written.losses,
                stripped: Default::default(),
            })
        }
        Some(Writer::Text(write)) => {
            let encoding = encoding.unwrap_or(format.default_output_encoding);
            let written = write(
                collection,
                &WriteOptions {
                    encoding,
                    ..*options
                },
            )?;
            let (bytes, mut normalised) = if encoding == TextEncoding::UTF_8 {
                // UTF-8 is what was written: the text's own bytes, not a copy.
                (written.output.into_bytes(), Vec::new())
            } else {
                encode_output(&written.output, encoding)?
            };
            let mut losses = written.losses;
            losses.append(&mut normalised);
            Ok(Encoded {
                bytes,
                losses,
                stripped: Default::default(),
            })
        }
    }
}

/// Encodes written text strictly. For Shift_JIS, 〜 − ‖ ¬ ¢ £ are first replaced by the
/// forms CP932 holds, each reported as a loss; any other unmappable character fails
/// the whole write with its line and column.
pub fn encode_output(text: &str, encoding: TextEncoding) -> Result<(Vec<u8>, Vec<Loss>), Error> {
    let (text, normalised) = if encoding == TextEncoding::SHIFT_JIS {
        text::normalize_for_shift_jis(text)
    } else {
        (std::borrow::Cow::Borrowed(text), Vec::new())
    };
    // Lines are counted only when something is to be located: most pieces have
    // nothing to report.
    let index = std::cell::OnceCell::new();
    let index = || index.get_or_init(|| LineIndex::new(&text));
    let losses = normalised
        .iter()
        .map(|n| {
            let (line, col) = index().line_col_in(&text, n.offset);
            Loss {
                code: codes::TEXT_NORMALIZED,
                message: format!(
                    "{:?} (U+{:04X}) written as {:?} (U+{:04X}) for Shift_JIS at output line {line}, column {col}",
                    n.from, n.from as u32, n.to, n.to as u32
                ),
                game: 0,
                move_number: None,
            }
        })
        .collect();
    match text::encode_strict(&text, encoding) {
        Ok(bytes) => Ok((bytes, losses)),
        Err(bad) => Err(Error::Unmappable {
            encoding,
            characters: bad
                .iter()
                .map(|u| {
                    let (l, c) = index().line_col_in(&text, u.offset);
                    (u.ch, l, c)
                })
                .collect(),
        }),
    }
}

/// Writes a collection game by game as it is read, in a format that holds many
/// ([`Format::join`]): [`GameWriter::prefix`], then [`GameWriter::game`] for each game,
/// then [`GameWriter::suffix`]; the bytes joined are what [`write_with`] gives for
/// the whole collection. A format that holds one game takes one, and refuses a second.
#[derive(Debug)]
pub struct GameWriter {
    format: &'static Format,
    encoding: TextEncoding,
    source: Option<SourceInfo>,
    wrap: Option<usize>,
    format_options: Vec<formats::FormatOption>,
    utf8_by_convention: bool,
    pretty: bool,
    analysis: formats::AnalysisMode,
    written: usize,
    /// Line breaks written so far, and characters after the last one: where the
    /// next piece starts, so unmappable characters are located in the whole output.
    lines: usize,
    column: usize,
}

/// A game written alone by [`GameWriter::draft`], to be placed in order by
/// [`GameWriter::place`].
#[derive(Debug)]
pub enum Draft {
    /// A document's game: its text, encoded when it is placed (with the separator
    /// before it).
    Text(Result<TextDraft, Error>),
    /// A game of any other format: its bytes and losses, the separator added when
    /// it is placed.
    Encoded(Result<Encoded, Error>),
}

/// A document's game drafted: its text, what preparing its engine analysis for the
/// format left out, and what `--analysis strip` took.
#[derive(Debug)]
pub struct TextDraft {
    text: String,
    losses: Vec<Loss>,
    stripped: formats::Stripped,
}

impl GameWriter {
    /// A writer of `format` in `encoding` (the format's usual one when `None`), with
    /// `options` (the source is copied); [`Error::NoWriter`] for a format kifu only
    /// reads.
    pub fn new(
        format: &'static Format,
        encoding: Option<TextEncoding>,
        options: &WriteOptions<'_>,
    ) -> Result<GameWriter, Error> {
        if format.writer.is_none() {
            return Err(Error::NoWriter(format.name));
        }
        Ok(GameWriter {
            format,
            encoding: encoding.unwrap_or(format.default_output_encoding),
            source: options.source.cloned(),
            wrap: options.wrap,
            format_options: options.format_options.to_vec(),
            utf8_by_convention: options.utf8_by_convention,
            pretty: options.pretty,
            analysis: options.analysis,
            written: 0,
            lines: 0,
            column: 0,
        })
    }

    /// The format it writes.
    pub fn format(&self) -> &'static Format {
        self.format
    }

    /// How many games were written.
    pub fn written(&self) -> usize {
        self.written
    }

    /// The options each game is written with.
    fn options(&self) -> WriteOptions<'_> {
        WriteOptions {
            encoding: self.encoding,
            source: self.source.as_ref(),
            wrap: self.wrap,
            format_options: &self.format_options,
            utf8_by_convention: self.utf8_by_convention,
            pretty: self.pretty,
            analysis: self.analysis,
        }
    }

    /// What comes before the first game (a document's head, as its format writes it:
    /// [`Join::Document`]; nothing for the other formats).
    pub fn prefix(&mut self) -> Result<Vec<u8>, Error> {
        match self.format.join {
            Join::Document(document) => {
                let text = (document.prefix)(&self.options())?;
                Ok(self.encode(&text)?.0)
            }
            _ => Ok(Vec::new()),
        }
    }

    /// [`encode_output`] of the next piece, located in the whole output.
    fn encode(&mut self, text: &str) -> Result<(Vec<u8>, Vec<Loss>), Error> {
        let encoded = encode_output(text, self.encoding).map_err(|e| self.locate(e))?;
        self.advance(&encoded.0);
        Ok(encoded)
    }

    /// Moves the position past the bytes of a piece. A Unicode encoding holds every
    /// character, so there is never an unmappable one to locate: nothing is counted.
    fn advance(&mut self, bytes: &[u8]) {
        if self.encoding.is_unicode() {
            return;
        }
        let newlines = memchr::memchr_iter(b'\n', bytes).count();
        let tail =
            memchr::memrchr(b'\n', bytes).map_or(bytes, |i| bytes.get(i + 1..).unwrap_or(&[]));
        let chars = tail.iter().filter(|&&b| (b as i8) >= -0x40).count();
        self.column = if newlines > 0 {
            chars
        } else {
            self.column + chars
        };
        self.lines += newlines;
    }

    /// An error of a piece with its positions moved to the whole output's.
    fn locate(&self, e: Error) -> Error {
        match e {
            Error::Unmappable {
                encoding,
                characters,
            } => Error::Unmappable {
                encoding,
                characters: characters
                    .into_iter()
                    .map(|(c, line, col)| {
                        let col = if line == 1 { col + self.column } else { col };
                        (c, line + self.lines, col)
                    })
                    .collect(),
            },
            other => other,
        }
    }

    /// The bytes of the next game, with what separates it from the one before, and
    /// its losses (numbered as the game's place in the collection). The game is
    /// lent, not copied: it is as it was when this returns. The same as
    /// [`GameWriter::draft`] then [`GameWriter::place`].
    pub fn game(&mut self, game: &mut Game) -> Result<Encoded, Error> {
        if let Some(e) = self.refused() {
            return Err(e);
        }
        let draft = self.draft(game);
        self.place(draft)
    }

    /// The next game refused before it is written: a format holding one game
    /// refuses a second.
    fn refused(&self) -> Option<Error> {
        (self.format.join == Join::One && self.written > 0).then(|| {
            Error::Write(WriteError::TooManyGames {
                format: self.format.name,
                count: self.written + 1,
            })
        })
    }

    /// A game written alone, wherever it will stand: what does not depend on the
    /// games before it, so games may be drafted on several threads (the writer is
    /// only read) and placed in order with [`GameWriter::place`]. The game is lent,
    /// not copied: it is as it was when this returns.
    pub fn draft(&self, game: &mut Game) -> Draft {
        match self.format.join {
            Join::Document(document) => Draft::Text(
                self.format
                    .check_kinds_of(game)
                    .map_err(Error::from)
                    .and_then(|()| {
                        let prepared = self.format.prepare_analysis(game, 0, self.analysis);
                        let text = (document.game)(
                            prepared.game.as_ref().unwrap_or(game),
                            &self.options(),
                        )?;
                        Ok(TextDraft {
                            text,
                            losses: prepared.losses,
                            stripped: prepared.stripped,
                        })
                    }),
            ),
            Join::One | Join::Concatenate | Join::Separator(_) => {
                let kind = game.kind.clone();
                let lent = std::mem::replace(game, Game::new(kind));
                let mut one = Collection { games: vec![lent] };
                let written = write_with(&one, self.format, Some(self.encoding), &self.options());
                if let Some(back) = one.games.pop() {
                    *game = back;
                }
                Draft::Encoded(written)
            }
        }
    }

    /// Places a game drafted by this writer (or one made with the same format,
    /// encoding and options) as the next game: the bytes with what separates it from
    /// the one before, and its losses numbered as its place in the collection;
    /// errors located in the whole output.
    pub fn place(&mut self, draft: Draft) -> Result<Encoded, Error> {
        if let Some(e) = self.refused() {
            return Err(e);
        }
        let index = self.written;
        let mut encoded = match (self.format.join, draft) {
            (Join::Document(document), Draft::Text(drafted)) => {
                let TextDraft {
                    text,
                    mut losses,
                    stripped,
                } = drafted?;
                let mut piece = (document.separator)(index, &self.options());
                piece.push_str(&text);
                let (bytes, mut normalised) = self.encode(&piece)?;
                losses.append(&mut normalised);
                Encoded {
                    bytes,
                    losses,
                    stripped,
                }
            }
            (join, Draft::Encoded(written)) if !matches!(join, Join::Document(_)) => {
                let mut joined = match (join, index > 0) {
                    (Join::Separator(sep), true) => self.encode(sep)?.0,
                    _ => Vec::new(),
                };
                let mut encoded = written.map_err(|e| self.locate(e))?;
                self.advance(&encoded.bytes);
                if !joined.is_empty() {
                    joined.append(&mut encoded.bytes);
                    encoded.bytes = joined;
                }
                encoded
            }
            _ => {
                return Err(Error::Write(WriteError::Invalid(format!(
                    "a game drafted for another writer than {}'s",
                    self.format.name
                ))))
            }
        };
        for loss in &mut encoded.losses {
            loss.game = index;
        }
        self.written += 1;
        Ok(encoded)
    }

    /// What comes after the last game (a document's tail, as its format writes it;
    /// nothing for the other formats).
    pub fn suffix(&mut self) -> Result<Vec<u8>, Error> {
        match self.format.join {
            Join::Document(document) => {
                let text = (document.suffix)(self.written, &self.options());
                Ok(self.encode(&text)?.0)
            }
            _ => Ok(Vec::new()),
        }
    }
}
