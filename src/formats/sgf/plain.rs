//! The fast lane for plain move nodes: `;B[pd]`, `;W[dp]WL[1795]`, which are nearly
//! every node of a large collection.
//!
//! The general path gathers each node's properties into a `RawNode`, then types them
//! one by one with every whole-node check. For a node that is only a move, or a move
//! and the mover's time left, all of that work finds nothing to report and builds the
//! same node: a stone move, and the time. [`recognise`] tells such a node from its
//! bytes alone, and the sink builds it directly when the game's context allows (see
//! `Builder::plain_move`); anything else takes the general path.
//!
//! What qualifies, byte for byte (after the `;`, or where the node's first property
//! starts when the `;` is missing):
//! - `B[` or `W[`, two lowercase letters, `]`: one property, one value, no space, no
//!   NUL, no escape, so no reader diagnostic, and a point that the sink checks is on
//!   the board (so it is neither off the board nor the FF[3] pass `tt`);
//! - then, optionally, `BL[` after `B` or `WL[` after `W`, 1 to 15 digits, `]`: the
//!   mover's time left, a whole number of seconds that an f64 holds exactly, which the
//!   general path types as that same number and attaches to the move;
//! - then only blanks (no NUL) up to `;`, `(`, `)` or the end of the text: the node has
//!   no further property or value.

use crate::diag::Span;
use crate::model::Color;

/// A node holding only a stone move, perhaps with the mover's time left.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct PlainMove {
    /// Who moves.
    pub color: Color,
    /// Column and row, from the letters (`a` = 0): not yet checked against the board.
    pub x: u8,
    /// See `x`.
    pub y: u8,
    /// BL or WL of the mover, in seconds.
    pub time_left: Option<f64>,
    /// From the node's start to the end of its last value, as the general path spans it.
    pub span: Span,
}

/// Longest time left taken, in digits: every integer below 10^15 is an exact f64, and
/// the general path reads up to 15 digits the same way.
const MAX_TIME_DIGITS: usize = 15;

/// The plain move node whose first property starts at `at` in `bytes` and whose span
/// starts at `start`, if the node is one (see the module comment).
#[inline(always)]
pub(super) fn recognise(bytes: &[u8], start: usize, at: usize) -> Option<PlainMove> {
    let rest = bytes.get(at..)?;
    let (color, x, y) = match rest {
        [b'B', b'[', x @ b'a'..=b'z', y @ b'a'..=b'z', b']', ..] => (Color::Black, x, y),
        [b'W', b'[', x @ b'a'..=b'z', y @ b'a'..=b'z', b']', ..] => (Color::White, x, y),
        _ => return None,
    };
    let mut end = 5;
    let mut time_left = None;
    let time_id = if color == Color::Black { b'B' } else { b'W' };
    if let Some(&[id, b'L', b'[']) = rest.get(5..8) {
        if id != time_id {
            return None;
        }
        let digits = rest
            .get(8..)?
            .iter()
            .take(MAX_TIME_DIGITS + 1)
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 || digits > MAX_TIME_DIGITS || rest.get(8 + digits) != Some(&b']') {
            return None;
        }
        let seconds = rest
            .get(8..8 + digits)?
            .iter()
            .fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
        time_left = Some(seconds as f64);
        end = 8 + digits + 1;
    }
    let next = rest
        .get(end..)?
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .copied();
    if !matches!(next, None | Some(b';' | b'(' | b')')) {
        return None;
    }
    Some(PlainMove {
        color,
        x: x - b'a',
        y: y - b'a',
        time_left,
        span: Span::new(start, at + end),
    })
}

/// A sink that takes every node in full, never through the fast lane: the reference
/// the fast lane is held to (by the tests, and by the sgf fuzz target).
#[cfg(any(test, fuzzing))]
pub(super) struct GeneralOnly<S>(pub S);

#[cfg(any(test, fuzzing))]
impl<'a, S: super::parse::Sink<'a>> super::parse::Sink<'a> for GeneralOnly<S> {
    fn start_game(&mut self, start: usize) {
        self.0.start_game(start);
    }
    fn node(
        &mut self,
        node: &super::parse::RawNode<'a>,
        parent: Option<crate::model::NodeId>,
        diags: &mut Vec<crate::diag::Diagnostic>,
    ) -> crate::model::NodeId {
        self.0.node(node, parent, diags)
    }
    fn plain_move(
        &mut self,
        _: &PlainMove,
        _: Option<crate::model::NodeId>,
    ) -> Option<crate::model::NodeId> {
        None
    }
    fn end_game(&mut self, diags: &mut Vec<crate::diag::Diagnostic>) {
        self.0.end_game(diags);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Diagnostic;
    use crate::formats::sgf::build::Builder;
    use crate::formats::sgf::parse::{parse, RawNode, Sink};
    use crate::model::{Game, NodeId};

    /// A sink counting the nodes that `S` takes through the fast lane.
    struct Counting<S>(S, usize);

    impl<'a, S: Sink<'a>> Sink<'a> for Counting<S> {
        fn start_game(&mut self, start: usize) {
            self.0.start_game(start);
        }
        fn node(
            &mut self,
            node: &RawNode<'a>,
            parent: Option<NodeId>,
            diags: &mut Vec<Diagnostic>,
        ) -> NodeId {
            self.0.node(node, parent, diags)
        }
        fn plain_move(&mut self, node: &PlainMove, parent: Option<NodeId>) -> Option<NodeId> {
            let id = self.0.plain_move(node, parent);
            self.1 += usize::from(id.is_some());
            id
        }
        fn end_game(&mut self, diags: &mut Vec<Diagnostic>) {
            self.0.end_game(diags);
        }
    }

    type Read = (Vec<Game>, Vec<Vec<Span>>, Vec<Diagnostic>);

    /// Reads `text` with the fast lane open or closed; the count of fast nodes.
    fn read(text: &str, general_only: bool) -> (Read, usize) {
        let (builder, diags, fast) = if general_only {
            let mut sink = Counting(GeneralOnly(Builder::default()), 0);
            let diags = parse(text, &mut sink);
            (sink.0 .0, diags, sink.1)
        } else {
            let mut sink = Counting(Builder::default(), 0);
            let diags = parse(text, &mut sink);
            (sink.0, diags, sink.1)
        };
        ((builder.games, builder.spans, diags), fast)
    }

    /// Asserts that `text` reads the same either way; returns how many nodes took the
    /// fast lane.
    fn same_either_way(text: &str) -> usize {
        let (fast, taken) = read(text, false);
        let (general, none) = read(text, true);
        assert_eq!(none, 0);
        assert_eq!(fast, general, "{text:?}");
        taken
    }

    #[test]
    fn every_corpus_collection_reads_the_same_with_and_without_the_fast_lane() {
        let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/sgf");
        let mut files = vec![corpus.clone()];
        let mut taken = 0;
        let mut read_files = 0;
        while let Some(path) = files.pop() {
            if path.is_dir() {
                let entries = std::fs::read_dir(&path).expect("corpus folder");
                files.extend(entries.map(|e| e.expect("corpus entry").path()));
            } else if path.extension().is_some_and(|e| e == "sgf") {
                let bytes = std::fs::read(&path).expect("corpus file");
                taken += same_either_way(&String::from_utf8_lossy(&bytes));
                read_files += 1;
            }
        }
        assert_eq!(read_files, 52);
        // The lane is really taken (the count is fixed by the corpus).
        assert_eq!(taken, 3986);
    }

    #[test]
    fn texts_at_the_edges_of_the_fast_lane_read_the_same_with_and_without_it() {
        // Games whose context changes what a move means (board size, FF[3] `tt`,
        // gomoku, a skipped game, moves in the root), and nodes just inside and just
        // outside the lane.
        const GAMES: &[&str] = &[
            "(;GM[1]FF[4]SZ[19]",
            "(;FF[3]SZ[19]",
            "(;SZ[9]",
            "(;SZ[25:19]",
            "(;SZ[52]",
            "(;GM[4]SZ[15]",
            "(;GM[5]",
            "(",
            "(B[aa]",
        ];
        const NODES: &[&str] = &[
            ";B[pd]",
            ";W[dp]",
            ";B[aa]BL[30]",
            ";W[ss]WL[1795]",
            ";B[tt]",
            ";W[tt]WL[3]",
            ";B[zz]",
            ";B[ii]",
            ";B[jj]",
            ";B[pd]BL[12.5]",
            ";B[pd]BL[]",
            ";W[dd]WL[0]",
            ";B[pd]BL[1\\]2]",
            ";B[pd]BL[1234567890123456]",
            ";B[pd]WL[12]",
            ";B[pd]C[comment]",
            ";B[pd]BL[12]OB[1]",
            ";AB[cc]",
            ";B[cc]AB[dd]",
            ";B[cc]W[dd]",
            ";",
            "\n;W[qq]\n",
            "(",
            ")",
            "B[ab]",
            ";B[pd]\0",
            ";HA[2]",
            ";B[pd]BM[1]",
        ];
        let mut next = crate::testing::below(0x2545_f491_4f6c_dd1d);
        let mut taken = 0;
        for _ in 0..3000 {
            let mut text = String::new();
            for _ in 0..1 + next(3) {
                text.push_str(GAMES.get(next(GAMES.len())).copied().unwrap_or(""));
                for _ in 0..next(12) {
                    text.push_str(NODES.get(next(NODES.len())).copied().unwrap_or(""));
                }
                text.push_str(")\n");
            }
            taken += same_either_way(&text);
        }
        assert_eq!(taken, 6679);
    }

    fn plain(text: &str) -> Option<PlainMove> {
        recognise(text.as_bytes(), 0, 1)
    }

    #[test]
    fn a_move_with_or_without_the_movers_time_is_plain() {
        assert_eq!(
            plain(";B[pd];W[dp]"),
            Some(PlainMove {
                color: Color::Black,
                x: 15,
                y: 3,
                time_left: None,
                span: Span::new(0, 6),
            })
        );
        assert_eq!(
            plain(";W[dp]WL[1795]\n\n(;B[aa])"),
            Some(PlainMove {
                color: Color::White,
                x: 3,
                y: 15,
                time_left: Some(1795.0),
                span: Span::new(0, 14),
            })
        );
        let longest = ";B[zz]BL[999999999999999])";
        assert_eq!(
            plain(longest).map(|m| (m.x, m.y, m.time_left, m.span)),
            Some((25, 25, Some(999_999_999_999_999.0), Span::new(0, 25)))
        );
        assert_eq!(plain(";B[aa]").map(|m| m.span), Some(Span::new(0, 6)));
        assert_eq!(plain(";B[aa]  \t").map(|m| m.span), Some(Span::new(0, 6)));
        // Where the `;` is missing the node starts at its property.
        assert_eq!(
            recognise(b"(B[ab];W[cd])", 1, 1).map(|m| m.span),
            Some(Span::new(1, 6))
        );
    }

    #[test]
    fn anything_more_or_different_takes_the_general_path() {
        for text in [
            // Another property, value or syntax error after the move.
            ";B[pd]C[hi]",
            ";B[pd] C[hi]",
            ";B[pd][qq];",
            ";B[pd] [qq];",
            ";B[pd]BL[12][13];",
            ";B[pd]BL[12]OB[3];",
            ";B[pd]BL[12] OB[3];",
            ";B[pd]x;",
            ";B[pd]]",
            ";B[pd]\0;",
            // The other player's time, or a time that is not plain digits.
            ";B[pd]WL[12];",
            ";W[pd]BL[12];",
            ";B[pd]BL[];",
            ";B[pd]BL[12.5];",
            ";B[pd]BL[ 12];",
            ";B[pd]BL[-12];",
            ";B[pd]BL[1234567890123456];",
            ";B[pd]BL[12",
            // Points that are not two lowercase letters, passes, old identifiers.
            ";B[];",
            ";B[pD];",
            ";B[p d];",
            ";B[pdq];",
            ";B[p];",
            ";B[p\\d];",
            ";Black[pd];",
            ";b[pd];",
            "; B[pd];",
            ";AB[pd];",
            ";B[pd",
        ] {
            assert_eq!(plain(text), None, "{text:?}");
        }
    }
}
