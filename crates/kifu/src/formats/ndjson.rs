//! The `ndjson` format: the JSON model one game per line, for streams. Each line is
//! one game's JSON object, the same shape as an element of the `json` document's
//! `games`; blank lines are skipped. A collection of any length is read and written
//! game by game.

use super::{
    content_start, Capabilities, Flow, Format, Join, Parsed, Places, ReadEnd, Reader, Sink,
    WriteError, WriteOptions, Writer, Written,
};
use crate::diag::{codes, Diagnostic, Span};
use crate::model::{Collection, Game};

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "ndjson",
    description: "kifu's own model, one game's JSON per line (lossless, for streams)",
    extensions: &["ndjson", "jsonl"],
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
    entry: Some(read_in_order),
    join: Join::Concatenate,
    writer: Some(Writer::Text(write)),
    writes: crate::formats::Writes::EVERYTHING,
    analysis: crate::formats::analysis::writing::Home::Native,
    cut: Some(super::cutting::by_lines),
    ..Format::BASE
};

/// Looks like NDJSON of the model: the first line is an object whose first key is
/// the game's `"kind"` (a `json` document starts with `"version"`, and is sniffed
/// first).
fn sniff(bytes: &[u8]) -> bool {
    let start = content_start(bytes);
    let first = crate::text::split_lines(start).next().unwrap_or(start);
    let after = first.strip_prefix(b"{").map(content_start);
    after.is_some_and(|rest| rest.starts_with(b"\"kind\""))
}

/// Reads every line's game.
pub fn read(text: &str) -> Parsed {
    let mut games = Vec::new();
    let mut spans = Vec::new();
    let done = read_in_order(text, &mut |game: &mut Game, places: Places<'_>| {
        games.push(std::mem::replace(game, Game::new(game.kind.clone())));
        spans.push(places.nodes.to_vec());
        Flow::Continue
    });
    Parsed {
        collection: Collection { games },
        diagnostics: done.diagnostics,
        node_spans: spans,
        part_places: Vec::new(),
    }
}

/// Reads line by line, handing each game on as soon as its line is read, until the
/// sink says stop. A line that is not a game is one positioned diagnostic, and the
/// lines after it are read on.
pub fn read_in_order(text: &str, sink: &mut dyn Sink) -> ReadEnd {
    let mut done = ReadEnd::default();
    let mut start = 0usize;
    let mut spans = Vec::new();
    while start < text.len() {
        let end = memchr::memchr(b'\n', text.as_bytes().get(start..).unwrap_or(&[]))
            .map_or(text.len(), |i| start + i);
        let line = text.get(start..end).unwrap_or("");
        let line_start = start;
        start = end + 1;
        if line.trim().is_empty() {
            continue;
        }
        // Fast lane: the typed game, no key left unread. Otherwise (not a syntax
        // error) key by key: a field that cannot be read stays with its node.
        let read = match super::json::watch::watched::<Game>(line) {
            Ok((game, false)) => Ok(Some(game)),
            Err(e)
                if matches!(
                    e.classify(),
                    serde_json::error::Category::Syntax | serde_json::error::Category::Eof
                ) =>
            {
                Err(e)
            }
            _ => serde_json::from_str::<&serde_json::value::RawValue>(line).map(|raw| {
                let place = super::json::Place {
                    text: line,
                    base: line_start,
                };
                super::json::read_game(raw, place, &mut done.diagnostics)
            }),
        };
        match read {
            Ok(Some(mut game)) => {
                spans.clear();
                spans.resize(game.tree.len(), Span::at(line_start));
                done.games += 1;
                if sink.game(&mut game, Places::nodes(&spans)) == Flow::Stop {
                    done.stopped = true;
                    break;
                }
            }
            Ok(None) => {}
            Err(e) => {
                let code = match e.classify() {
                    serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
                        codes::JSON_SYNTAX
                    }
                    _ => codes::JSON_INVALID,
                };
                let message = super::json::serde_message(&e);
                let at = (line_start + e.column().saturating_sub(1)).min(end);
                done.diagnostics
                    .push(Diagnostic::new(code, message, Span::at(at)));
            }
        }
    }
    if done.games == 0 && done.diagnostics.is_empty() {
        done.diagnostics.push(Diagnostic::new(
            codes::NDJSON_NO_GAME,
            "no game: the input holds no line",
            Span::at(0),
        ));
    }
    done
}

/// Writes each game as one compact line.
pub fn write(
    collection: &Collection,
    _options: &WriteOptions<'_>,
) -> Result<Written<String>, WriteError> {
    let mut output = String::new();
    for game in &collection.games {
        let line = super::json::game_json(game, false)
            .map_err(|e| WriteError::Invalid(format!("cannot write JSON: {e}")))?;
        output.push_str(&line);
        output.push('\n');
    }
    Ok(Written {
        output,
        losses: Vec::new(),
    })
}
