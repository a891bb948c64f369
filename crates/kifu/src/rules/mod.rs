//! Game rules, each held once: readers that need a legal position and the validator
//! call these, never their own copies.
//!
//! [`check`] runs the checks for a game's kind over its whole tree and returns
//! findings tied to nodes (and, for a gonu board, to the part of the board they are
//! about); the library turns them into positioned diagnostics with the reader's node
//! spans and board places.

pub mod go;
pub mod gonu;
pub mod renju;
mod repetition;
pub mod shogi;

use crate::diag::{codes, Severity};
use crate::model::{Game, GameKind, NodeId};

/// A rule broken (or a notable fact) at one node of a game tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The node concerned.
    pub node: NodeId,
    /// The part of the board's definition concerned, for a game whose record defines
    /// its board ([`Part`]): a reader that knows where each part was written places
    /// the finding there. `None` for a finding about the node alone.
    pub part: Option<Part>,
    /// Its registered code, e.g. [`codes::GO_OCCUPIED`], which gives its severity.
    pub code: &'static codes::Code,
    /// What is wrong.
    pub message: String,
    /// 0 for a finding of its own; for a summary, how many findings of its code it
    /// stands for (the first of them is this one, its message left empty): see
    /// [`Findings`].
    pub omitted: usize,
}

impl Finding {
    /// How serious: the severity its code has in the registry.
    pub fn severity(&self) -> Severity {
        self.code.severity().unwrap_or(Severity::Error)
    }
}

/// A part of the board a record defines, which a finding is about beyond its node,
/// named as the game's own rules name the parts of its board: one variant per game
/// kind whose board is data (as [`GameKind`] holds one per kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Part {
    /// A part of a gonu board: a vertex, a piece, a count line …
    Gonu(gonu::Subject),
}

/// Findings as a check gathers them, collapsed as [`crate::diag::collapse`] collapses
/// diagnostics: of each code the first [`crate::diag::SHOWN_PER_CODE`] are kept; the
/// others are counted in one summary per code, at the first left out. A record with
/// a finding at every node then holds a few hundred, not one per node.
#[derive(Debug, Default, Clone)]
pub struct Findings {
    list: Vec<Finding>,
    /// Per code: how many were kept, and where its summary stands in `list`.
    codes: std::collections::HashMap<&'static str, (usize, Option<usize>)>,
}

impl Findings {
    /// Keeps `f`, or counts it in its code's summary.
    pub fn push(&mut self, mut f: Finding) {
        let entry = self.codes.entry(f.code.name).or_insert((0, None));
        if f.omitted == 0 && entry.0 < crate::diag::SHOWN_PER_CODE {
            entry.0 += 1;
            self.list.push(f);
            return;
        }
        let n = f.omitted.max(1);
        match entry.1.and_then(|i| self.list.get_mut(i)) {
            Some(summary) => summary.omitted += n,
            None => {
                entry.1 = Some(self.list.len());
                f.omitted = n;
                f.message = String::new();
                self.list.push(f);
            }
        }
    }

    /// How many findings are held (a summary counts one).
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// True when there is none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Forgets every finding.
    pub fn clear(&mut self) {
        self.list.clear();
        self.codes.clear();
    }

    /// The findings, in the order they were made.
    pub fn into_vec(self) -> Vec<Finding> {
        self.list
    }
}

impl Extend<Finding> for Findings {
    fn extend<I: IntoIterator<Item = Finding>>(&mut self, iter: I) {
        for f in iter {
            self.push(f);
        }
    }
}

/// Checks a game against the rules of its kind: Go (captures, ko, suicide), shogi
/// (legal moves), gomoku (the rule in force), gonu (the board graph).
pub fn check(game: &Game) -> Vec<Finding> {
    match &game.kind {
        GameKind::Go { .. } => go::check(game),
        GameKind::Shogi => shogi::check_game(game),
        GameKind::Gonu(board) => gonu::check(board),
        GameKind::Gomoku { .. } => renju::check(game),
    }
}

#[cfg(test)]
mod findings_tests {
    use super::{codes, Finding, Findings, NodeId};

    fn finding(node: u32, code: &'static codes::Code) -> Finding {
        Finding {
            node: NodeId(node),
            part: None,
            code,
            message: format!("{} at {node}", code.name),
            omitted: 0,
        }
    }

    /// The first 100 of a code are kept whole; the rest are one summary at the first
    /// left out, counting them all; other codes are not touched.
    #[test]
    fn keeps_a_hundred_of_each_code_and_sums_up_the_rest() {
        let mut f = Findings::default();
        for i in 0..250 {
            f.push(finding(i, codes::GO_OCCUPIED));
            if i % 100 == 0 {
                f.push(finding(i, codes::GO_SUICIDE));
            }
        }
        assert_eq!(f.len(), 100 + 1 + 3);
        let list = f.into_vec();
        let occupied: Vec<&Finding> = list
            .iter()
            .filter(|f| f.code == codes::GO_OCCUPIED)
            .collect();
        assert_eq!(occupied.len(), 101);
        assert!(occupied[..100].iter().all(|f| f.omitted == 0));
        assert_eq!(occupied[99].node, NodeId(99));
        let summary = occupied[100];
        assert_eq!((summary.node, summary.omitted), (NodeId(100), 150));
        assert_eq!(summary.message, "");
        assert_eq!(
            list.iter()
                .filter(|f| f.code == codes::GO_SUICIDE)
                .map(|f| (f.node, f.omitted))
                .collect::<Vec<_>>(),
            [(NodeId(0), 0), (NodeId(100), 0), (NodeId(200), 0)]
        );
    }
}
