//! The `json` format: the model itself, read and written losslessly.
//!
//! A document is `{"version": 1, "source": {…}, "games": […]}`. `source` describes
//! where the games were read from and is ignored on reading, so two reads of the
//! same game compare equal. Trees are flat arenas (`nodes` with `children` ids), so
//! no depth of variation nests the JSON.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::{
    content_start, Capabilities, Format, Parsed, Reader, SourceInfo, WriteError, WriteOptions,
    Writer, Written,
};
use crate::diag::{codes, Diagnostic, Span};
use crate::model::{Collection, Game};
use crate::text::LineIndex;

/// The version of the JSON document this kifu writes and reads.
pub const VERSION: u32 = 1;

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "json",
    description: "kifu's own model as JSON (lossless, every game kind)",
    extensions: &["json"],
    kinds: &["go", "gomoku", "shogi", "gonu"],
    capabilities: Capabilities {
        variations: true,
        comments: true,
        setup: true,
        time: true,
        markup: true,
        collections: true,
        variation_info: true,
    },
    sniff,
    reader: Reader::Text(read),
    join: crate::formats::Join::Document(DOCUMENT),
    writer: Some(Writer::Text(write)),
    writes: crate::formats::Writes::EVERYTHING,
    analysis: crate::formats::analysis::writing::Home::Native,
    ..Format::BASE
};

pub(crate) mod fields;
mod kept;
pub(crate) mod watch;

pub(crate) use fields::{read_game, Place};
pub(crate) use kept::game_json;

/// The document read in one pass: its version, its games, and its own keys other
/// than `version`, `source` and `games`, each with its value as written (for the
/// position of `json::dropped-key`).
struct DocumentIn<'a> {
    version: u32,
    games: Watched,
    unknown: Vec<(String, &'a RawValue)>,
}

impl<'de> Deserialize<'de> for DocumentIn<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<DocumentIn<'de>, D::Error> {
        use serde::de::{Error, IgnoredAny, MapAccess, Visitor};
        struct Document;
        impl<'de> Visitor<'de> for Document {
            type Value = DocumentIn<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("struct DocumentIn")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<DocumentIn<'de>, A::Error> {
                let (mut version, mut games, mut source) = (None, None, false);
                let mut unknown = Vec::new();
                while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                    match key.as_ref() {
                        "version" if version.is_some() => {
                            return Err(A::Error::duplicate_field("version"))
                        }
                        "version" => version = Some(map.next_value::<u32>()?),
                        "games" if games.is_some() => {
                            return Err(A::Error::duplicate_field("games"))
                        }
                        "games" => games = Some(map.next_value::<Watched>()?),
                        "source" if source => return Err(A::Error::duplicate_field("source")),
                        "source" => {
                            source = true;
                            map.next_value::<IgnoredAny>()?;
                        }
                        _ => unknown.push((key.into_owned(), map.next_value::<&'de RawValue>()?)),
                    }
                }
                Ok(DocumentIn {
                    version: version.ok_or_else(|| A::Error::missing_field("version"))?,
                    games: games.ok_or_else(|| A::Error::missing_field("games"))?,
                    unknown,
                })
            }
        }
        d.deserialize_map(Document)
    }
}

/// The games, read through [`watch`]: `unknown` when a key inside them was read past.
struct Watched {
    games: Vec<Game>,
    unknown: bool,
}

impl<'de> Deserialize<'de> for Watched {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Watched, D::Error> {
        let (games, unknown) = watch::watch(d)?;
        Ok(Watched { games, unknown })
    }
}

/// The document with each game as its text, for reading game by game (the slow lane).
#[derive(Deserialize)]
struct DocumentRaw<'a> {
    version: u32,
    #[serde(borrow)]
    games: Vec<&'a RawValue>,
}

/// The document's own keys other than `version`, `source` and `games`, each with its
/// value as written (the slow lane; the fast one finds them as it reads).
fn unknown_keys(text: &str) -> Vec<(String, &RawValue)> {
    match serde_json::from_str::<fields::Entries<'_>>(text) {
        Ok(fields::Entries(entries)) => entries
            .into_iter()
            .filter(|(key, _)| !matches!(key.as_str(), "version" | "source" | "games"))
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// `json::dropped-key` for each of the document's own keys that the model has no
/// place for, at the key: the collection holds games only, so the key is dropped.
fn dropped(text: &str, unknown: &[(String, &RawValue)], diagnostics: &mut Vec<Diagnostic>) {
    let place = Place { text, base: 0 };
    for (key, raw) in unknown {
        diagnostics.push(Diagnostic::new(
            crate::diag::codes::JSON_DROPPED_KEY,
            format!(
                "the document has a key the model has no place for, {}: dropped (a document holds \"version\", \"source\" and \"games\"; a game's own keys are kept)",
                crate::diag::quote(key)
            ),
            Span::at(place.key_of(raw)),
        ));
    }
}

/// Looks like a kifu JSON document: an object mentioning `"games"` near its start.
fn sniff(bytes: &[u8]) -> bool {
    let start = content_start(bytes);
    start.first() == Some(&b'{') && {
        let head = start.get(..start.len().min(4096)).unwrap_or(start);
        head.windows(7).any(|w| w == b"\"games\"")
    }
}

/// Reads a document. Not JSON, another version, or no list of games: one positioned
/// diagnostic and no game. Otherwise every game that can be made is read; a field
/// inside a game that cannot be read, or whose key is not the model's, is kept as
/// written with a diagnostic (see `formats::json::fields`).
pub fn read(text: &str) -> Parsed {
    // `source` describes the file and is read past; any other key of the document
    // itself has no place in the model: dropped, with an error at the key.
    let error = match serde_json::from_str::<DocumentIn<'_>>(text) {
        Ok(doc) if !doc.games.unknown || doc.version != VERSION => {
            let mut parsed = whole(text, doc.version, doc.games.games);
            if doc.version == VERSION {
                dropped(text, &doc.unknown, &mut parsed.diagnostics);
            }
            return parsed;
        }
        Ok(_) => None,
        Err(e) => Some(e),
    };
    if let Some(e) = &error {
        if matches!(
            e.classify(),
            serde_json::error::Category::Syntax | serde_json::error::Category::Eof
        ) {
            return failed(text, e);
        }
    }
    // Read game by game: a game that cannot be made is one diagnostic, the others
    // are read, and a field that cannot be read stays with its node.
    let doc = match serde_json::from_str::<DocumentRaw<'_>>(text) {
        Ok(doc) if doc.version == VERSION => doc,
        Ok(doc) => return whole(text, doc.version, Vec::new()),
        Err(e) => return failed(text, &e),
    };
    let mut diagnostics = Vec::new();
    let place = Place { text, base: 0 };
    let games = doc
        .games
        .into_iter()
        .filter_map(|raw| read_game(raw, place, &mut diagnostics))
        .collect();
    let mut keys = Vec::new();
    dropped(text, &unknown_keys(text), &mut keys);
    if !keys.is_empty() {
        // In the order of the text (the games' own are in it already).
        diagnostics.append(&mut keys);
        diagnostics.sort_by_key(|d| d.span.start);
    }
    Parsed {
        collection: Collection { games },
        diagnostics,
        ..Parsed::default()
    }
}

/// A document read whole: its games, or `json::version` for another version.
fn whole(text: &str, version: u32, games: Vec<Game>) -> Parsed {
    if version == VERSION {
        return Parsed {
            collection: Collection { games },
            ..Parsed::default()
        };
    }
    Parsed {
        collection: Collection::default(),
        diagnostics: vec![Diagnostic::new(
            codes::JSON_VERSION,
            format!(
                "this is version {version} of the kifu JSON model; this kifu reads version {VERSION}"
            ),
            Span::at(text.find("\"version\"").unwrap_or(0)),
        )],
        ..Parsed::default()
    }
}

/// No game: the document is not JSON (`json::syntax`) or not a kifu document
/// (`json::invalid`), positioned where serde_json stopped.
fn failed(text: &str, e: &serde_json::Error) -> Parsed {
    let offset = offset_of(text, e.line(), e.column());
    let code = match e.classify() {
        serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
            codes::JSON_SYNTAX
        }
        _ => codes::JSON_INVALID,
    };
    let message = serde_message(e);
    Parsed {
        collection: Collection::default(),
        diagnostics: vec![Diagnostic::new(code, message, Span::at(offset))],
        ..Parsed::default()
    }
}

/// serde_json reports 1-based lines and 1-based byte columns; turn them into an offset.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let index = LineIndex::new(text);
    index.line_start(line).map_or(text.len(), |start| {
        (start + column.saturating_sub(1)).min(text.len())
    })
}

/// serde_json's message without its position. It may quote the input (an unknown
/// variant of a megabyte): kept whole up to 240 characters, enough for every list of
/// expected names.
pub(crate) fn serde_message(e: &serde_json::Error) -> String {
    let mut message = strip_position(&e.to_string());
    if let Some((cut, _)) = message.char_indices().nth(240) {
        message.truncate(cut);
        message.push('…');
    }
    message
}

/// Drops serde_json's " at line L column C" suffix: the diagnostic carries the position.
pub(crate) fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_string(),
        None => message.to_string(),
    }
}

/// Writes the document with a final newline: compact, or indented when
/// [`WriteOptions::pretty`] asks for it. The same bytes as `Framing`'s pieces
/// (prefix, each game, suffix), so a collection streamed game by game and one written
/// whole are one document.
pub fn write(
    collection: &Collection,
    options: &WriteOptions<'_>,
) -> Result<Written<String>, WriteError> {
    let framing = Framing::new(options.pretty);
    let mut output = framing.prefix(options.source)?;
    for (i, game) in collection.games.iter().enumerate() {
        output.push_str(&framing.game(game, i)?);
    }
    output.push_str(&framing.suffix(collection.games.len()));
    Ok(Written {
        output,
        losses: Vec::new(),
    })
}

/// The document's pieces for the registry ([`crate::formats::Join::Document`]):
/// [`Framing`]'s, compact or indented as [`WriteOptions::pretty`] asks.
const DOCUMENT: crate::formats::Document = crate::formats::Document {
    prefix: |options| Framing::new(options.pretty).prefix(options.source),
    separator: |index, options| Framing::new(options.pretty).separator(index).to_string(),
    game: |game, options| Framing::new(options.pretty).game_alone(game),
    suffix: |games, options| Framing::new(options.pretty).suffix(games),
};

/// The document in pieces, for writing a collection game by game as it is read:
/// `prefix`, then each game (its separator included), then `suffix`. Compact, the
/// document is one line; pretty, it is what `serde_json::to_string_pretty` gives for
/// the whole document.
#[derive(Debug, Clone, Copy)]
pub struct Framing {
    pretty: bool,
}

impl Framing {
    /// Compact (`pretty` false) or indented pieces.
    pub fn new(pretty: bool) -> Framing {
        Framing { pretty }
    }

    /// What comes before the first game: the version, the source, `"games": [`.
    pub fn prefix(&self, source: Option<&SourceInfo>) -> Result<String, WriteError> {
        let mut out = String::new();
        if self.pretty {
            out.push_str(&format!("{{\n  \"version\": {VERSION},\n"));
            if let Some(source) = source {
                out.push_str("  \"source\": ");
                out.push_str(&indent(&to_json(source, true)?, 2));
                out.push_str(",\n");
            }
            out.push_str("  \"games\": [");
        } else {
            out.push_str(&format!("{{\"version\":{VERSION},"));
            if let Some(source) = source {
                out.push_str("\"source\":");
                out.push_str(&to_json(source, false)?);
                out.push(',');
            }
            out.push_str("\"games\":[");
        }
        Ok(out)
    }

    /// Game number `index` (from 0) of the document, with the separator before it.
    pub fn game(&self, game: &Game, index: usize) -> Result<String, WriteError> {
        let json = self.game_alone(game)?;
        Ok(format!("{}{json}", self.separator(index)))
    }

    /// What comes before game number `index` (from 0).
    pub fn separator(&self, index: usize) -> &'static str {
        match (self.pretty, index) {
            (true, 0) => "\n    ",
            (true, _) => ",\n    ",
            (false, 0) => "",
            (false, _) => ",",
        }
    }

    /// A game of the document, without the separator before it.
    pub fn game_alone(&self, game: &Game) -> Result<String, WriteError> {
        let json = game_json(game, self.pretty)
            .map_err(|e| WriteError::Invalid(format!("cannot write JSON: {e}")))?;
        Ok(if self.pretty { indent(&json, 4) } else { json })
    }

    /// What comes after the last of `games` games, final newline included.
    pub fn suffix(&self, games: usize) -> String {
        match (self.pretty, games) {
            (true, 0) => "]\n}\n".to_string(),
            (true, _) => "\n  ]\n}\n".to_string(),
            (false, _) => "]}\n".to_string(),
        }
    }
}

/// A value as JSON, compact or pretty.
fn to_json(value: &impl Serialize, pretty: bool) -> Result<String, WriteError> {
    let json = if pretty {
        serde_json::to_string_pretty(value)
    } else {
        serde_json::to_string(value)
    };
    json.map_err(|e| WriteError::Invalid(format!("cannot write JSON: {e}")))
}

/// Pretty JSON moved `by` spaces to the right (its first line excepted, which follows
/// its key). JSON strings hold no raw line break, so every `\n` is between tokens.
fn indent(json: &str, by: usize) -> String {
    json.replace('\n', &format!("\n{}", " ".repeat(by)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A document with its `source` (or another key of its own) takes the fast lane,
    /// its other keys noted; a key the model does not know inside a game does not.
    #[test]
    fn the_document_s_own_keys_leave_the_fast_lane_open() {
        let doc = r#"{"version":1,"source":{"path":"a.sgf"},"other":2,"games":[{"kind":"shogi","tree":{"nodes":[{}]}}]}"#;
        let read: DocumentIn<'_> = serde_json::from_str(doc).expect("reads");
        assert_eq!(read.games.games.len(), 1);
        assert!(!read.games.unknown);
        let keys: Vec<_> = read
            .unknown
            .iter()
            .map(|(k, v)| (k.as_str(), v.get()))
            .collect();
        assert_eq!(keys, [("other", "2")]);
        let doc = doc.replace(r#"[{}]"#, r#"[{"x":1}]"#);
        let read: DocumentIn<'_> = serde_json::from_str(&doc).expect("reads");
        assert!(read.games.unknown);
        let twice = r#"{"version":1,"games":[],"games":[]}"#;
        assert!(serde_json::from_str::<DocumentIn<'_>>(twice).is_err());
    }
}
