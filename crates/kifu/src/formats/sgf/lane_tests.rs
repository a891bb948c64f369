//! The fast lane of plain move nodes (`plain.rs`) held to the general path: a text
//! read through the lane and through [`GeneralOnly`] (every node in full) gives the
//! same games, spans and diagnostics, on our fixtures, on texts at the lane's edges,
//! and on the corpus when it is beside the checkout.

use super::build::Builder;
use super::parse::parse;
use super::plain::PlainMove;
use super::raw::{GeneralOnly, RawNode, Sink};
use crate::diag::{Diagnostic, Span};
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
    fn plain_move(&mut self, node: &PlainMove<'a>, parent: Option<NodeId>) -> Option<NodeId> {
        let id = self.0.plain_move(node, parent);
        self.1 += usize::from(id.is_some());
        id
    }
    fn lane_takes_markup(&self) -> bool {
        self.0.lane_takes_markup()
    }
    fn open_variation(&mut self) {
        self.0.open_variation();
    }
    fn close_variation(&mut self) {
        self.0.close_variation();
    }
    fn end_game(&mut self, text: &'a str, end: usize, diags: &mut Vec<Diagnostic>) {
        self.0.end_game(text, end, diags);
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
    let Some(corpus) = crate::testing::corpus::path("sgf") else {
        return;
    };
    let mut files = vec![corpus];
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
    assert_eq!(taken, 4161);
}

/// Our own SGF fixtures (in every checkout): the same either way, the lane taken.
#[test]
fn every_own_sgf_fixture_reads_the_same_with_and_without_the_fast_lane() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let mut taken = 0;
    for name in [
        "go/kifu-cup-2024.sgf",
        "sgf/canonical.sgf",
        "sgf/ff3.sgf",
        "sgf/gomoku.sgf",
        "sgf/illegal.sgf",
        "sgf/shift_jis.sgf",
    ] {
        let bytes = std::fs::read(root.join(name)).expect("fixture");
        taken += same_either_way(&String::from_utf8_lossy(&bytes));
    }
    assert!(taken >= 220, "{taken} nodes in the lane");
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
        ";B[pd]BL[99999999999999999999999]",
        ";W[qq]WL[1791.881]",
        ";B[pd]BL[-3]",
        ";B[pd]BL[.]",
        ";B[pd]BL[1.2.3]",
        ";W[dd]WL[29.5]OW[4]",
        ";B[pd]OB[3]",
        ";B[pd]OB[-1]",
        ";B[pd]OB[4294967296]",
        ";B[pd]OB[1.5]",
        ";B[pd]OW[3]",
        ";B[pd]OB[3]BL[2]",
        ";B[pd]BL[2]OB[3]OB[4]",
        ";B[pd]C[hi]",
        ";B[pd]C[]",
        ";W[dd]WL[29.5]OW[4]C[表示：ソフト]",
        ";B[pd]BL[12]C[two\nlines\r\nand\ta tab\x0bVT]",
        ";B[pd]C[a\\]b]",
        ";B[pd]C[soft\\\nbreak]",
        ";B[pd]C[x]C[y]",
        ";B[pd]C[x][y]",
        ";B[pd]C[x]TR[aa]",
        ";B[pd]C[a\0b]",
        ";B[tt]C[pass]",
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
        ";B[pd]TR[aa][bb]SQ[cc]",
        ";W[dd]WL[3]C[c]LB[ab:x y][cd:a:b]",
        ";B[pd]LB[ab:two\nlines\tand tab]",
        ";B[pd]AR[aa:bb]LN[cc:dd]CR[ee]MA[ff]SL[gg]",
        ";W[pd]TR[ss]LB[sa:壱]",
        ";B[pd]LB[ab:]",
        ";B[pd]TR[aa]TR[bb]",
        ";B[pd]TR[aa]LB[aa:A]",
        ";B[pd]TR[tt]",
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
    assert_eq!(taken, 11168);
}

/// A node with markup takes the lane for a check (which keeps no markup) and for a
/// reading (which builds it there), but for neither where a point is off the board.
#[test]
fn markup_takes_the_lane_where_its_points_are_on_the_board() {
    let each = |_: &mut Game, _: &[Span]| Vec::new();
    let place = |_: Vec<crate::rules::Finding>, _: &[Option<u32>], _: &[Span]| Vec::new();
    let taken = |text: &str| {
        let mut read = Counting(Builder::default(), 0);
        parse(text, &mut read);
        let mut check = Counting(
            Builder::new(crate::formats::sgf::build::Mode::CheckAsRead(&each, &place)),
            0,
        );
        parse(text, &mut check);
        (read.1, check.1)
    };
    assert_eq!(
        taken("(;SZ[19];B[pd]TR[aa];W[dp]LB[bb:A];B[pp]AR[aa:ss];W[qq])"),
        (4, 4)
    );
    assert_eq!(
        taken("(;SZ[9];B[ee]TR[ii];W[ff]MA[ji];B[gg]LN[aa:aj])"),
        (1, 1)
    );
}
