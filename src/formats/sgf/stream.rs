//! Reading a large collection on several threads: the text is cut at the ends of its
//! top-level game trees, each piece is read on its own thread with games checked and
//! dropped one by one, and the pieces' results are joined in order.
//!
//! The cut is only a guess made by a quick scan (values skipped by the parser's own
//! rule: `]` ends a value, `\` escapes the next byte). It is trusted only when every
//! piece reads without a single reader diagnostic and all pieces agree on the
//! collection-wide facts (the first declared charset, the first FF): then each piece
//! ended where a whole-text read would have stood between two games, and the result
//! equals the whole-text read. Otherwise the caller reads the text in one piece.

use rayon::prelude::*;

use super::build::Builder;
use super::parse::parse_range;
use crate::diag::Diagnostic;
use crate::formats::{GameCheck, Streamed};

/// Texts shorter than this are read in one piece: threads would cost more than they save.
const MIN_PARALLEL_TEXT: usize = 1 << 20;

/// The smallest piece worth a task of its own.
const MIN_PIECE: usize = 256 << 10;

/// Reads `text` in pieces on the rayon pool; `None` when the text is small, the pool
/// has one thread, or the pieces do not read cleanly (see the module comment).
pub(super) fn read_in_parallel(text: &str, each: &GameCheck<'_>) -> Option<Streamed> {
    let threads = rayon::current_num_threads();
    if threads < 2 || text.len() < MIN_PARALLEL_TEXT {
        return None;
    }
    let piece = (text.len() / (threads * 4)).max(MIN_PIECE);
    read_pieces(text, each, piece)
}

/// What one piece gave.
struct Piece {
    games: usize,
    reader: Vec<Diagnostic>,
    found: Vec<Diagnostic>,
    first_charset: Option<String>,
    first_ff: Option<u8>,
}

/// Cuts `text` into pieces of about `piece` bytes at game ends and reads them in parallel.
fn read_pieces(text: &str, each: &GameCheck<'_>, piece: usize) -> Option<Streamed> {
    let ranges = pieces(&game_ends(text.as_bytes()), text.len(), piece);
    if ranges.len() < 2 {
        return None;
    }
    let read: Vec<Piece> = ranges
        .into_par_iter()
        .map(|range| {
            let mut builder = Builder::checking(each);
            let reader = parse_range(text, range, &mut builder);
            Piece {
                games: builder.checked,
                reader,
                found: builder.found,
                first_charset: builder.first_charset,
                first_ff: builder.first_ff,
            }
        })
        .collect();
    let clean = read.iter().all(|p| p.reader.is_empty() && p.games > 0);
    let charsets: Vec<&str> = read
        .iter()
        .filter_map(|p| p.first_charset.as_deref())
        .collect();
    let same_charset = charsets
        .windows(2)
        .all(|w| matches!(w, [a, b] if a.eq_ignore_ascii_case(b)));
    let same_ff = read.windows(2).all(|w| match w {
        [a, b] => a.first_ff == b.first_ff,
        _ => true,
    });
    if !(clean && same_charset && same_ff) {
        return None;
    }
    let mut streamed = Streamed::default();
    for mut p in read {
        streamed.games += p.games;
        streamed.found.append(&mut p.found);
    }
    Some(streamed)
}

/// The offsets just after each `)` that closes a top-level game tree.
fn game_ends(bytes: &[u8]) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut depth = 0usize;
    let mut pos = 0usize;
    while let Some(rel) = bytes
        .get(pos..)
        .and_then(|rest| memchr::memchr3(b'[', b'(', b')', rest))
    {
        let at = pos + rel;
        pos = at + 1;
        match bytes.get(at) {
            Some(b'[') => match value_end(bytes, pos) {
                Some(after) => pos = after,
                None => break,
            },
            Some(b'(') => depth += 1,
            _ => {
                if depth > 0 {
                    depth -= 1;
                    if depth == 0 {
                        ends.push(pos);
                    }
                }
            }
        }
    }
    ends
}

/// The offset after the `]` closing a value whose text starts at `from`; `None` when
/// the value is never closed.
fn value_end(bytes: &[u8], mut from: usize) -> Option<usize> {
    loop {
        let rel = memchr::memchr2(b']', b'\\', bytes.get(from..)?)?;
        let at = from + rel;
        if bytes.get(at) == Some(&b']') {
            return Some(at + 1);
        }
        from = at + 2;
    }
}

/// Groups the text into ranges of at least `piece` bytes, each ending at a game end
/// (the last one at the end of the text).
fn pieces(ends: &[usize], len: usize, piece: usize) -> Vec<std::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let mut start = 0usize;
    for &end in ends {
        if end - start >= piece && len - end >= piece {
            ranges.push(start..end);
            start = end;
        }
    }
    ranges.push(start..len);
    ranges
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Span;
    use crate::model::Game;

    /// A check that reports every move as a diagnostic, so that order and positions
    /// of check results can be compared.
    fn every_move(game: &mut Game, spans: &[Span]) -> Vec<Diagnostic> {
        game.tree
            .iter()
            .filter(|(_, node)| node.mv.is_some())
            .map(|(id, _)| {
                let span = spans.get(id.0 as usize).copied().unwrap_or(Span::at(0));
                Diagnostic::info("test::move", format!("node {}", id.0), span)
            })
            .collect()
    }

    /// Reading everything and then checking every game, the reference result.
    fn whole(text: &str) -> Streamed {
        let mut parsed = super::super::read(text);
        let mut found = Vec::new();
        for (game, spans) in parsed
            .collection
            .games
            .iter_mut()
            .zip(parsed.node_spans.iter())
        {
            found.extend(every_move(game, spans));
        }
        Streamed {
            games: parsed.collection.games.len(),
            diagnostics: parsed.diagnostics,
            found,
        }
    }

    fn collection(games: usize) -> String {
        (0..games)
            .map(|i| {
                format!(
                    "(;GM[1]FF[4]SZ[19]C[game {i} \\] ( not a tree]\n;B[aa];W[bb](;B[cc])(;B[dd]C[x)]))\n"
                )
            })
            .collect()
    }

    #[test]
    fn game_ends_skip_values_and_escapes() {
        let text = "(;C[(]\\])(;B[aa](;W[bb])(;W[cc]))junk)(;C[open";
        assert_eq!(game_ends(text.as_bytes()), vec![9, 33]);
    }

    #[test]
    fn pieces_end_at_game_ends_and_are_large_enough() {
        assert_eq!(pieces(&[10, 20, 30, 40], 45, 15), vec![0..20, 20..45]);
        assert_eq!(pieces(&[10], 12, 15), vec![0..12]);
    }

    #[test]
    fn pieces_read_in_parallel_equal_one_whole_read() {
        let text = collection(200);
        let parallel = read_pieces(&text, &every_move, 500).expect("clean pieces");
        let reference = whole(&text);
        assert_eq!(parallel.games, 200);
        assert_eq!(parallel.games, reference.games);
        assert!(parallel.diagnostics.is_empty());
        assert_eq!(parallel.diagnostics, reference.diagnostics);
        assert_eq!(parallel.found, reference.found);
        assert_eq!(parallel.found.len(), 200 * 4);
    }

    #[test]
    fn a_reader_diagnostic_anywhere_refuses_the_pieces() {
        let mut text = collection(50);
        text.push_str("(;B[aa]XX)");
        text.push_str(&collection(50));
        assert!(read_pieces(&text, &every_move, 300).is_none());
    }

    #[test]
    fn pieces_that_disagree_on_the_first_charset_are_refused() {
        let text = format!(
            "{}(;CA[UTF-8];B[aa]){}(;CA[Shift_JIS];B[aa]){}",
            collection(20),
            collection(20),
            collection(20)
        );
        assert!(read_pieces(&text, &every_move, 300).is_none());
    }
}
