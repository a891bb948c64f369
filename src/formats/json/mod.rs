//! The `json` format: the model itself, read and written losslessly.
//!
//! A document is `{"version": 1, "source": {…}, "games": […]}`. `source` describes
//! where the games were read from and is ignored on reading, so two reads of the
//! same game compare equal. Trees are flat arenas (`nodes` with `children` ids), so
//! no depth of variation nests the JSON.

use serde::{Deserialize, Serialize};

use super::{
    content_start, Capabilities, Format, Parsed, Reader, SourceInfo, WriteError, WriteOptions,
    Writer, Written,
};
use crate::diag::{Diagnostic, Span};
use crate::model::{Collection, Game};
use crate::text::{LineIndex, TextEncoding};

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
    legacy_encoding: None,
    default_output_encoding: TextEncoding::UTF_8,
    sniff,
    declared_charset: None,
    reader: Reader::Text(read),
    read_each: None,
    writer: Some(Writer::Text(write)),
};

#[derive(Serialize)]
struct DocumentOut<'a> {
    version: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'a SourceInfo>,
    games: &'a [Game],
}

#[derive(Deserialize)]
struct DocumentIn {
    version: u32,
    #[serde(default)]
    #[allow(dead_code)]
    source: Option<serde::de::IgnoredAny>,
    games: Vec<Game>,
}

/// Looks like a kifu JSON document: an object mentioning `"games"` near its start.
fn sniff(bytes: &[u8]) -> bool {
    let start = content_start(bytes);
    start.first() == Some(&b'{') && {
        let head = start.get(..start.len().min(4096)).unwrap_or(start);
        head.windows(7).any(|w| w == b"\"games\"")
    }
}

/// Reads a document; a syntax or shape error is one positioned diagnostic.
pub fn read(text: &str) -> Parsed {
    match serde_json::from_str::<DocumentIn>(text) {
        Ok(doc) if doc.version == VERSION => Parsed {
            collection: Collection { games: doc.games },
            ..Parsed::default()
        },
        Ok(doc) => Parsed {
            collection: Collection::default(),
            diagnostics: vec![Diagnostic::error(
                "json::version",
                format!(
                    "this is version {} of the kifu JSON model; this kifu reads version {VERSION}",
                    doc.version
                ),
                Span::at(text.find("\"version\"").unwrap_or(0)),
            )],
            ..Parsed::default()
        },
        Err(e) => {
            let offset = offset_of(text, e.line(), e.column());
            let code = match e.classify() {
                serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
                    "json::syntax"
                }
                _ => "json::invalid",
            };
            let mut message = strip_position(&e.to_string());
            // serde's message may quote the input (an unknown variant of a megabyte):
            // kept whole up to 240 characters, enough for every list of expected names.
            if let Some((cut, _)) = message.char_indices().nth(240) {
                message.truncate(cut);
                message.push('…');
            }
            Parsed {
                collection: Collection::default(),
                diagnostics: vec![Diagnostic::error(code, message, Span::at(offset))],
                ..Parsed::default()
            }
        }
    }
}

/// serde_json reports 1-based lines and 1-based byte columns; turn them into an offset.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let index = LineIndex::new(text);
    index.line_start(line).map_or(text.len(), |start| {
        (start + column.saturating_sub(1)).min(text.len())
    })
}

/// Drops serde_json's " at line L column C" suffix: the diagnostic carries the position.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_string(),
        None => message.to_string(),
    }
}

/// Writes the document, pretty-printed, with a final newline.
pub fn write(
    collection: &Collection,
    options: &WriteOptions<'_>,
) -> Result<Written<String>, WriteError> {
    let doc = DocumentOut {
        version: VERSION,
        source: options.source,
        games: &collection.games,
    };
    let mut output = serde_json::to_string_pretty(&doc)
        .map_err(|e| WriteError::Invalid(format!("cannot write JSON: {e}")))?;
    output.push('\n');
    Ok(Written {
        output,
        losses: Vec::new(),
    })
}
