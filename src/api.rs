//! The library's entry points: detect, read, validate, write.

use std::path::Path;

use crate::diag::{Diagnostic, Loss, Span};
use crate::formats::{self, Format, Parsed, Reader, SourceInfo, WriteError, WriteOptions, Writer};
use crate::model::Collection;
use crate::rules;
use crate::text::{self, DetectHints, LineIndex, TextEncoding};

/// Errors that stop a read or a write as a whole (problems inside a record are
/// diagnostics, not errors).
#[derive(Debug, thiserror::Error)]
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

/// An input to read.
#[derive(Debug, Clone, Copy)]
pub struct Input<'a> {
    /// The raw bytes.
    pub bytes: &'a [u8],
    /// Where they came from (`None` for standard input); used for the extension.
    pub path: Option<&'a Path>,
    /// The format, when the user named it.
    pub format: Option<&'static Format>,
    /// The encoding, when the user forced it.
    pub encoding: Option<TextEncoding>,
}

/// What reading an input produced.
#[derive(Debug, Clone)]
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
    formats::sniff(input.bytes).ok_or_else(|| Error::UndetectedFormat {
        path: input
            .path
            .map_or_else(|| "standard input".to_string(), |p| p.display().to_string()),
    })
}

/// Detects the format and encoding, decodes strictly and reads.
pub fn read(input: &Input<'_>) -> Result<ReadOutcome, Error> {
    let format = detect_format(input)?;
    let path = input.path.map(|p| p.display().to_string());
    match format.reader {
        Reader::Binary(read) => Ok(ReadOutcome {
            format,
            source: SourceInfo {
                path,
                format: format.name.to_string(),
                encoding: None,
                encoding_decided_by: None,
            },
            text: None,
            parsed: read(input.bytes),
        }),
        Reader::Text(read) => {
            // SGF collections whose games declare different charsets: each game is
            // decoded with its own (`formats::sgf::decode_per_game`).
            if format.name == "sgf" {
                if let Some(per_game) = input
                    .encoding
                    .is_none()
                    .then(|| formats::sgf::decode_per_game(input.bytes))
                    .flatten()
                {
                    let mut parsed = read(&per_game.text);
                    let mut diagnostics = per_game.diagnostics;
                    diagnostics.append(&mut parsed.diagnostics);
                    parsed.diagnostics = diagnostics;
                    let names: Vec<&str> = per_game.encodings.iter().map(|e| e.name()).collect();
                    return Ok(ReadOutcome {
                        format,
                        source: SourceInfo {
                            path,
                            format: format.name.to_string(),
                            encoding: Some(names.join(", ")),
                            encoding_decided_by: Some("declared-per-game".to_string()),
                        },
                        text: Some(per_game.text),
                        parsed,
                    });
                }
            }
            let hints = DetectHints {
                forced: input.encoding,
                declared: format.declared_charset,
                legacy: format.legacy_encoding,
            };
            let decoded = text::decode(input.bytes, &hints);
            let mut parsed = read(&decoded.text);
            let mut diagnostics = decoded.diagnostics;
            diagnostics.append(&mut parsed.diagnostics);
            parsed.diagnostics = diagnostics;
            Ok(ReadOutcome {
                format,
                source: SourceInfo {
                    path,
                    format: format.name.to_string(),
                    encoding: Some(decoded.encoding.name().to_string()),
                    encoding_decided_by: Some(decoded.decision.as_str().to_string()),
                },
                text: Some(decoded.text),
                parsed,
            })
        }
    }
}

/// Runs the rules of each game's kind and appends their findings to the outcome's
/// diagnostics, positioned with the reader's node spans. A finding the reader
/// already reported (same code and message, as the gonu reader does for its board
/// checks) is not repeated.
pub fn validate(outcome: &mut ReadOutcome) {
    // What the reader already reported, each able to stand for one finding.
    let mut reported: std::collections::HashMap<(&'static str, String), usize> =
        std::collections::HashMap::new();
    for d in &outcome.parsed.diagnostics {
        *reported.entry((d.code, d.message.clone())).or_default() += 1;
    }
    let mut found = Vec::new();
    for (g, game) in outcome.parsed.collection.games.iter().enumerate() {
        let spans = outcome.parsed.node_spans.get(g);
        for f in rules::check(game) {
            // A reader that ran the same check already put it on its line.
            if let Some(n) = reported.get_mut(&(f.code, f.message.clone())) {
                if *n > 0 {
                    *n -= 1;
                    continue;
                }
            }
            let span = spans
                .and_then(|s| s.get(f.node.0 as usize))
                .copied()
                .unwrap_or(Span::at(0));
            let mut d = Diagnostic::new(f.severity, f.code, f.message, span);
            d.move_number = game.tree.move_number(f.node);
            found.push(d);
        }
    }
    outcome.parsed.diagnostics.extend(found);
}

/// The bytes of a written collection and what was lost on the way.
#[derive(Debug, Clone)]
pub struct Encoded {
    /// The bytes to store.
    pub bytes: Vec<u8>,
    /// What the writer could not express, and characters normalised for the encoding.
    pub losses: Vec<Loss>,
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

/// [`write`], with long text values wrapped at about `wrap` columns where the format
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

/// [`write`] with every writer option (wrapping, the CSA version …). The text is
/// encoded in `encoding`, or the format's usual output encoding when `None`;
/// `options.encoding` is replaced by that choice.
pub fn write_with(
    collection: &Collection,
    format: &'static Format,
    encoding: Option<TextEncoding>,
    options: &WriteOptions<'_>,
) -> Result<Encoded, Error> {
    format.check_kinds(collection)?;
    match format.writer {
        None => Err(Error::NoWriter(format.name)),
        Some(Writer::Binary(write)) => {
            let written = write(collection)?;
            Ok(Encoded {
                bytes: written.output,
                losses: written.losses,
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
            let (bytes, mut normalised) = encode_output(&written.output, encoding)?;
            let mut losses = written.losses;
            losses.append(&mut normalised);
            Ok(Encoded { bytes, losses })
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
    let index = LineIndex::new(&text);
    let losses = normalised
        .iter()
        .map(|n| {
            let (line, col) = index.line_col_in(&text, n.offset);
            Loss {
                code: "text::normalized",
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
                    let (l, c) = index.line_col_in(&text, u.offset);
                    (u.ch, l, c)
                })
                .collect(),
        }),
    }
}
