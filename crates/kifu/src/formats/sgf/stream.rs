//! Reading a large collection on several threads: the text is cut at the ends of its
//! top-level game trees, each piece is read on its own thread into a part of its own
//! (what the job made of its games, held there), and the parts are handed back in
//! order — only once every cut is known to be right, so that nothing of a wrong cut
//! is ever handed on.
//!
//! The cuts are guesses, found near evenly spaced offsets without reading what comes
//! before: a `(` whose previous non-blank byte is `)` and whose first node holds a root
//! property, which is where one game tree ends and the next begins unless it stands
//! inside a value or a variation. A piece cut inside a value or a game tree ends with
//! a game tree never closed (`sgf::missing-close`), so the cuts are trusted when no
//! piece but the last has that error and all pieces agree on the collection-wide facts
//! (the first declared charset, the first FF): then each piece ended where a whole-text
//! read stands between two games, every piece reads exactly as that part of a whole
//! read does, and the joined diagnostics are the whole read's, in its order (warnings
//! and errors inside games included). Otherwise the parts are dropped, uncommitted,
//! and the caller reads the text in one piece.

use rayon::prelude::*;

use super::build::Builder;
use super::parse::MISSING_CLOSE;
use crate::diag::Diagnostic;

/// Texts shorter than this are read in one piece: threads would cost more than they save.
const MIN_PARALLEL_TEXT: usize = 1 << 20;

/// The smallest piece worth a task of its own. A part of a streamed read (2 MiB)
/// makes sixteen: at 256 KiB its eight left one thread alone on the last of them
/// at each part's end, and converting the 21 MB benchmark to SGF on two cores took
/// a median 74-79 ms against 71-73 ms now (31 alternating runs); 64 KiB gave no more.
const MIN_PIECE: usize = 128 << 10;

/// What reading one piece gave: the reader's diagnostics, the facts the cuts are
/// judged by, and what was made of its games (`made`), held until the cuts are known
/// to be right.
pub(super) struct Part<B> {
    /// How many games the piece handed on.
    pub games: usize,
    /// The reader's diagnostics, in the piece's order.
    pub reader: Vec<Diagnostic>,
    first_charset: Option<String>,
    first_ff: Option<u8>,
    /// What was made of the piece's games.
    pub made: B,
}

impl<B> Part<B> {
    /// The part a builder read, with its diagnostics and what was made of its games.
    pub(super) fn of(builder: Builder<'_>, reader: Vec<Diagnostic>, made: B) -> Part<B> {
        Part {
            games: builder.checked,
            reader,
            first_charset: builder.first_charset,
            first_ff: builder.first_ff,
            made,
        }
    }
}

impl<B> Part<B> {
    /// The same part with `made` for what was made of its games.
    pub(super) fn with<C>(self, made: C) -> Part<C> {
        Part {
            games: self.games,
            reader: self.reader,
            first_charset: self.first_charset,
            first_ff: self.first_ff,
            made,
        }
    }
}

/// Reads `text` in pieces on the rayon pool, each with `read` (which reads the range
/// of the text it is given into a part of its own); `None` when the text is small,
/// the pool has one thread, or the pieces do not read cleanly (see the module
/// comment). Nothing of any piece has been handed on when this returns: the parts
/// come back in text order, for the caller to commit, only when every cut held.
pub(super) fn read_in_parallel<B: Send>(
    text: &str,
    read: &(dyn Fn(std::ops::Range<usize>) -> Part<B> + Sync),
) -> Option<Vec<Part<B>>> {
    let threads = rayon::current_num_threads();
    if threads < 2 || text.len() < MIN_PARALLEL_TEXT {
        return None;
    }
    // Sixteen pieces a thread: a thread that finishes early steals a small piece, so
    // the last one to finish waits for little.
    let count = (text.len() / MIN_PIECE).clamp(1, threads * 16);
    read_pieces(text, read, count)
}

/// Cuts `text` into about `count` pieces at likely game starts and reads them in
/// parallel; the parts, in order, when every cut held.
fn read_pieces<B: Send>(
    text: &str,
    read: &(dyn Fn(std::ops::Range<usize>) -> Part<B> + Sync),
    count: usize,
) -> Option<Vec<Part<B>>> {
    let ranges = pieces(text.as_bytes(), count);
    if ranges.len() < 2 {
        return None;
    }
    let parts: Vec<Part<B>> = ranges.into_par_iter().map(read).collect();
    // Every piece but the last must end between games: a cut inside a game tree or a
    // value leaves its piece with a game tree never closed. (Any other diagnostic is
    // one a whole read gives too, in the same order.)
    let last = parts.len().saturating_sub(1);
    let clean = parts.iter().enumerate().all(|(i, p)| {
        p.games > 0 && (i == last || !p.reader.iter().any(|d| d.code == MISSING_CLOSE))
    });
    let charsets: Vec<&str> = parts
        .iter()
        .filter_map(|p| p.first_charset.as_deref())
        .collect();
    let same_charset = charsets
        .windows(2)
        .all(|w| matches!(w, [a, b] if a.eq_ignore_ascii_case(b)));
    // Only declared FFs are compared (`Builder::first_ff`), so a piece that declares
    // none agrees with any.
    let ffs: Vec<u8> = parts.iter().filter_map(|p| p.first_ff).collect();
    let same_ff = ffs.windows(2).all(|w| matches!(w, [a, b] if a == b));
    (clean && same_charset && same_ff).then_some(parts)
}

/// About `count` ranges covering `bytes`, each after the first starting at a likely
/// game start (see [`game_start_after`]) at or after an even share of the text.
fn pieces(bytes: &[u8], count: usize) -> Vec<std::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let mut start = 0usize;
    for k in 1..count {
        let target = bytes.len() / count * k;
        if let Some(cut) = game_start_after(bytes, target.max(start + 1)) {
            ranges.push(start..cut);
            start = cut;
        }
    }
    ranges.push(start..bytes.len());
    ranges
}

/// The first likely game start at or after `from`: a `(` preceded by `)` (blanks
/// allowed between) whose first node, within its first [`ROOT_LOOKAHEAD`] bytes, holds
/// a root property (`FF[`, `GM[`, `SZ[`, `CA[` or `AP[`), which tells a game's first
/// node from a variation's. The search gives up (`None`) once it has examined
/// [`CUT_BUDGET`] bytes, so that a text with no safe cut near the offsets asked for
/// (say a comment of a gigabyte of `(`) costs a bounded amount per cut, not the rest
/// of the text: the caller then cuts elsewhere, or reads in one piece.
fn game_start_after(bytes: &[u8], from: usize) -> Option<usize> {
    game_start_counting(bytes, from).0
}

/// [`game_start_after`], with how many bytes it examined (at most [`CUT_BUDGET`] plus
/// one candidate's [`CANDIDATE_COST`]).
fn game_start_counting(bytes: &[u8], mut from: usize) -> (Option<usize>, usize) {
    let mut spent = 0usize;
    while spent < CUT_BUDGET {
        // Candidates are looked for only as far as the budget reaches.
        let window = bytes
            .get(from..from.saturating_add(CUT_BUDGET - spent).min(bytes.len()))
            .unwrap_or(&[]);
        let Some(rel) = memchr::memchr(b'(', window) else {
            spent += window.len();
            return (None, spent);
        };
        let at = from + rel;
        // Each candidate costs at least a few bytes' worth, whatever it examines.
        spent += rel + 8;
        from = at + 1;
        // The previous non-blank byte, at most LOOK bytes back.
        let before = bytes.get(at.saturating_sub(LOOK)..at).unwrap_or(&[]);
        let back = before.iter().rev().position(|b| !b.is_ascii_whitespace());
        spent += back.map_or(before.len(), |i| i + 1);
        let previous = back
            .and_then(|i| before.len().checked_sub(i + 1))
            .and_then(|i| before.get(i));
        if previous != Some(&b')') {
            continue;
        }
        // The `;` after the `(`, at most LOOK bytes on.
        let rest = bytes.get(at + 1..).unwrap_or(&[]);
        let rest = rest.get(..rest.len().min(LOOK)).unwrap_or(rest);
        let Some(semicolon) = rest.iter().position(|b| !b.is_ascii_whitespace()) else {
            spent += rest.len();
            continue;
        };
        spent += semicolon + 1;
        if rest.get(semicolon) != Some(&b';') {
            continue;
        }
        let node = bytes.get(at + 1 + semicolon + 1..).unwrap_or(&[]);
        let node = node.get(..node.len().min(ROOT_LOOKAHEAD)).unwrap_or(node);
        let node = node
            .get(..memchr::memchr(b';', node).unwrap_or(node.len()))
            .unwrap_or(node);
        spent += node.len();
        let root = [b"FF[", b"GM[", b"SZ[", b"CA[", b"AP["]
            .iter()
            .any(|p| memchr::memmem::find(node, *p).is_some());
        if root {
            return (Some(at), spent);
        }
    }
    (None, spent)
}

/// How far into a candidate's first node root properties are looked for.
const ROOT_LOOKAHEAD: usize = 256;

/// How far a candidate's neighbours are looked at: back to the `)` before it and on to
/// the `;` after it, over blanks.
const LOOK: usize = 256;

/// The most a candidate can cost beyond the bytes up to it.
#[cfg(test)]
const CANDIDATE_COST: usize = 8 + 2 * LOOK + ROOT_LOOKAHEAD;

/// The bytes one cut search may examine: far more than the distance from an offset to
/// the next game of a real collection, little beside a piece ([`MIN_PIECE`]).
const CUT_BUDGET: usize = 64 << 10;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{codes, Span};
    use crate::formats::sgf::build::Mode;
    use crate::formats::Streamed;
    use crate::model::Game;

    /// A check that reports every move as a diagnostic, so that order and positions
    /// of check results can be compared.
    fn every_move(game: &mut Game, spans: &[Span]) -> Vec<Diagnostic> {
        game.tree
            .iter()
            .filter(|(_, node)| node.mv.is_some())
            .map(|(id, _)| {
                let span = spans.get(id.0 as usize).copied().unwrap_or(Span::at(0));
                Diagnostic::new(codes::SGF_UNKNOWN_PROPERTY, format!("node {}", id.0), span)
            })
            .collect()
    }

    /// Reads `text` in about `count` pieces with [`every_move`] as the check, as
    /// `read_each` does: `None` when the cuts are refused.
    fn in_pieces(text: &str, count: usize) -> Option<Streamed> {
        let read = |range: std::ops::Range<usize>| {
            let mut found = Vec::new();
            let mut hand = |g: &mut Game, s: &[Span]| found.extend(every_move(g, s));
            let mut builder = Builder::new(Mode::Moves(&mut hand));
            let reader = super::super::parse::parse_range(text, range, &mut builder);
            let part = Part::of(builder, reader, ());
            part.with(found)
        };
        let parts = read_pieces(text, &read, count)?;
        let mut streamed = Streamed::default();
        for mut p in parts {
            streamed.games += p.games;
            streamed.diagnostics.append(&mut p.reader);
            streamed.found.append(&mut p.made);
        }
        super::super::finish_diagnostics(&mut streamed.diagnostics, streamed.games == 0);
        Some(streamed)
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
    fn cuts_fall_where_a_game_tree_starts() {
        // Games start at 0, 21 and 58; variations at 38 and 49 (after a `)`).
        let text = b"(;GM[1];B[aa];W[bb])\n(;FF[4]C[x];B[cc](;W[bb])\n  (;W[cc]))(;SZ[9])";
        assert_eq!(game_start_after(text, 0), Some(21));
        assert_eq!(game_start_after(text, 22), Some(58));
        assert_eq!(game_start_after(text, 59), None);
        assert_eq!(pieces(text, 2), vec![0..58, 58..text.len()]);
        assert_eq!(pieces(text, 1), vec![0..text.len()]);
    }

    #[test]
    fn the_cut_search_examines_a_bounded_number_of_bytes() {
        // Texts without a safe cut: a comment of `(`, `)(` pairs (each a candidate
        // without a node), `)(;` (candidates without root property), and blanks.
        let texts: Vec<Vec<u8>> = vec![
            format!("(;GM[1]C[{}])", "(".repeat(4 << 20)).into_bytes(),
            format!("(;GM[1]C[{}])", ")(".repeat(2 << 20)).into_bytes(),
            format!("(;GM[1]C[{}])", ")(;".repeat(1 << 20)).into_bytes(),
            format!("(;GM[1]C[{}", ") \n (   ;B[aa]".repeat(1 << 18)).into_bytes(),
            format!("(;GM[1]C[){}(;GM[1]])", " ".repeat(4 << 20)).into_bytes(),
        ];
        for text in &texts {
            for from in [1, 1000, text.len() / 3, text.len() / 2] {
                let (cut, examined) = game_start_counting(text, from);
                assert_eq!(cut, None);
                assert!(
                    examined <= CUT_BUDGET + CANDIDATE_COST,
                    "{examined} bytes examined from {from}"
                );
            }
            // However many pieces are asked for, no cut, and the work stays bounded.
            assert_eq!(pieces(text, 32).len(), 1);
        }
        // A real game start past the budget is not found; one within it is.
        let far = format!("(;GM[1]C[{}])(;GM[1])", "x".repeat(CUT_BUDGET + 10));
        assert_eq!(game_start_counting(far.as_bytes(), 1).0, None);
        let near = format!("(;GM[1]C[{}])\n(;GM[1])", "x".repeat(CUT_BUDGET - 100));
        let (cut, examined) = game_start_counting(near.as_bytes(), 1);
        assert_eq!(cut, Some(CUT_BUDGET - 100 + 12));
        assert_eq!(examined, CUT_BUDGET - 100 + 12 - 1 + 8 + 2 + 2 + 5);
    }

    #[test]
    fn pieces_read_in_parallel_equal_one_whole_read() {
        let text = collection(200);
        let parallel = in_pieces(&text, 8).expect("clean pieces");
        let reference = whole(&text);
        assert_eq!(parallel.games, 200);
        assert_eq!(parallel.games, reference.games);
        assert!(parallel.diagnostics.is_empty());
        assert_eq!(parallel.diagnostics, reference.diagnostics);
        assert_eq!(parallel.found, reference.found);
        assert_eq!(parallel.found.len(), 200 * 4);
    }

    #[test]
    fn reader_diagnostics_inside_games_come_out_as_a_whole_read_gives_them() {
        let mut text = collection(50);
        text.push_str("(;B[aa]XX)");
        text.push_str(&collection(50));
        let parallel = in_pieces(&text, 8).expect("clean cuts");
        let reference = whole(&text);
        assert_eq!(parallel.diagnostics, reference.diagnostics);
        let codes: Vec<&str> = parallel.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(
            codes,
            vec!["sgf::move-in-root", "sgf::property-without-value"]
        );
        assert_eq!(parallel.found, reference.found);
    }

    #[test]
    fn a_cut_inside_a_value_or_a_variation_is_refused() {
        // The only game starts near the middle stand inside a comment, then inside a
        // variation: both cuts leave the first piece with an error.
        let value = format!(
            "(;B[aa];W[bb]C[x\n{})\n(;GM[1]B[cc]]\n;B[dd])",
            "y".repeat(1000)
        );
        assert!(in_pieces(&value, 2).is_none());
        let variation = format!("(;B[aa](;W[bb]C[{}])\n(;SZ[9]W[cc]))", "y".repeat(1000));
        assert_eq!(game_start_after(variation.as_bytes(), 500), Some(1019));
        assert!(in_pieces(&variation, 2).is_none());
    }

    #[test]
    fn pieces_that_disagree_on_the_first_charset_are_refused() {
        let text = format!(
            "{}(;CA[UTF-8];B[aa]){}(;CA[Shift_JIS];B[aa]){}",
            collection(20),
            collection(20),
            collection(20)
        );
        assert!(in_pieces(&text, 8).is_none());
    }

    #[test]
    fn random_collections_read_in_pieces_equal_a_whole_read_or_are_refused() {
        // Fragments that make cuts land badly: game starts inside values and
        // variations, unclosed values, stray brackets, junk, escapes, NUL.
        const PARTS: &[&str] = &[
            "(;GM[1]FF[4]SZ[9];B[aa];W[bb])\n",
            "(;FF[4]GM[1];B[cc](;W[dd])(;W[ee];B[ff]))\n",
            "(;GM[1]C[a comment with )\n(;GM[1] inside];B[ab])\n",
            "(;GM[1];B[aa](;W[ab]C[x])\n(;SZ[9]W[ac]))\n",
            "(;GM[1]SZ[5];B[aa];W[ba];B[ab];W[bb];B[aa])\n",
            "(;GM[1];B[aa]C[unclosed\n",
            ")",
            "junk text ",
            "(;GM[1]C[esc \\] and \\\\ ok];W[cd])\n",
            "(;CA[UTF-8]GM[1];B[dd])\n",
            "(;GM[1]C[nul \0 here];B[aa])\n",
            "(;GM[1];B[aa];;W[bb])\n",
        ];
        let mut next = crate::testing::below(0x9e37_79b9_7f4a_7c15);
        let (mut parallel, mut refused) = (0, 0);
        for _ in 0..400 {
            let len = 3 + next(30);
            let text: String = (0..len)
                .map(|_| {
                    // Mostly clean games, now and then a troublesome fragment.
                    let i = if next(4) == 0 {
                        next(PARTS.len())
                    } else {
                        next(2)
                    };
                    PARTS.get(i).copied().unwrap_or("")
                })
                .collect();
            let reference = whole(&text);
            for count in 2..6 {
                match in_pieces(&text, count) {
                    Some(p) => {
                        parallel += 1;
                        assert_eq!(p.diagnostics, reference.diagnostics, "{text:?}");
                        assert_eq!(p.games, reference.games, "{text:?}");
                        assert_eq!(p.found, reference.found, "{text:?}");
                    }
                    None => refused += 1,
                }
            }
        }
        // Both outcomes really happened (counted once; the generator is deterministic).
        assert_eq!((parallel, refused), (1460, 140));
    }

    /// A job with a side effect a caller could see: each committed piece appends
    /// what it made (a game's start and black player) to `log`; `seen` counts every
    /// game any piece was given, committed or not.
    struct Recorder<'a> {
        made: Vec<(usize, Option<String>)>,
        log: &'a std::sync::Mutex<Vec<(usize, Option<String>)>>,
        seen: &'a std::sync::atomic::AtomicUsize,
    }

    /// Makes a [`Recorder`] for each piece.
    struct Recorders<'a> {
        log: &'a std::sync::Mutex<Vec<(usize, Option<String>)>>,
        seen: &'a std::sync::atomic::AtomicUsize,
    }

    impl crate::formats::Pieces for Recorders<'_> {
        fn piece(&self) -> Box<dyn crate::formats::Piece + '_> {
            Box::new(Recorder {
                made: Vec::new(),
                log: self.log,
                seen: self.seen,
            })
        }
    }

    impl crate::formats::Piece for Recorder<'_> {
        fn game(&mut self, game: &mut Game, spans: &[Span]) {
            self.seen.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let start = spans.first().map_or(usize::MAX, |s| s.start);
            self.made.push((start, game.info.black.name.clone()));
        }
        fn commit(mut self: Box<Self>) {
            if let Ok(mut log) = self.log.lock() {
                log.append(&mut self.made);
            }
        }
    }

    #[test]
    fn a_sink_never_receives_a_game_of_a_wrong_cut() {
        // Near every offset the cuts aim at, the first likely game start stands in a
        // comment, between escaped brackets, or in a variation: each piece cut there
        // reads a "game" a whole read does not have. Then a clean collection, whose
        // cuts hold.
        let texts = [
            (0..20_000)
                .map(|i| format!("(;GM[1]FF[4]SZ[19]PB[p{i}]C[see )(;FF[4]GM[1]SZ[19]PB[phantom\\];B[bb])];B[aa];W[bb])\n"))
                .collect::<String>(),
            (0..20_000)
                .map(|i| format!("(;GM[1]FF[4]PB[p{i}]C[a \\]) (;GM[1]PB[phantom]) \\] b];B[aa])\n"))
                .collect::<String>(),
            (0..20_000)
                .map(|i| format!("(;GM[1]PB[p{i}];B[aa](;W[bb])\n(;SZ[19]PB[phantom]W[cc]))\n"))
                .collect::<String>(),
            collection(20_000),
        ];
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .expect("a pool of four threads");
        for (t, text) in texts.iter().enumerate() {
            assert!(
                text.len() >= MIN_PARALLEL_TEXT,
                "text {t} is read in pieces"
            );
            let whole = super::super::read(text);
            let want: Vec<(usize, Option<String>)> = whole
                .collection
                .games
                .iter()
                .zip(&whole.node_spans)
                .map(|(g, s)| {
                    (
                        s.first().map_or(usize::MAX, |s| s.start),
                        g.info.black.name.clone(),
                    )
                })
                .collect();
            assert!(want
                .iter()
                .all(|(_, name)| name.as_deref() != Some("phantom")));
            for mode in [crate::formats::Want::Moves, crate::formats::Want::Whole] {
                let log = std::sync::Mutex::new(Vec::new());
                let seen = std::sync::atomic::AtomicUsize::new(0);
                let pieces = Recorders {
                    log: &log,
                    seen: &seen,
                };
                let streamed = pool.install(|| super::super::read_each(text, mode, &pieces));
                let log = log.into_inner().expect("no panic");
                assert_eq!(log, want, "text {t}, {mode:?}");
                assert_eq!(streamed.games, want.len());
                assert_eq!(streamed.diagnostics, whole.diagnostics);
                // The phantoms were read (the cuts were tried and refused, and the
                // text read again), never committed; the clean text was read once.
                let seen = seen.into_inner();
                if t < 3 {
                    assert!(seen > 2 * want.len(), "text {t}: {seen} games seen");
                } else {
                    assert_eq!(seen, want.len());
                }
            }
        }
    }
}
