//! Puts the board checks of [`crate::rules::gonu`] on the lines that said each part,
//! leaving out what the reader's own diagnostics already cover.

use std::collections::HashSet;

use super::layout::Layout;
use crate::diag::{Diagnostic, Severity};
use crate::model::GonuBoard;
use crate::rules::gonu::check_board;

/// Checks that need the neighbour list.
const NEED_EDGES: &[&str] = &[
    "gonu::isolated-vertex",
    "gonu::disconnected",
    "gonu::unreachable-castle",
];

/// Checks that need the forces.
const NEED_DEPLOY: &[&str] = &[
    "gonu::piece-count",
    "gonu::unreachable-castle",
    "gonu::free-total",
    "gonu::too-few-cells",
];

/// The board's faults as diagnostics on their lines. A fault is left out when its
/// section was never read (no `L` list, no `N`/`F` forces: the reader reported
/// that), or when the reader already put an error on the same token.
pub(super) fn positioned(
    board: &GonuBoard,
    layout: &Layout<'_>,
    reader: &[Diagnostic],
    read_edges: bool,
    read_deploy: bool,
) -> Vec<Diagnostic> {
    let taken: HashSet<usize> = reader
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.span.start)
        .collect();
    check_board(board)
        .into_iter()
        .filter(|f| read_edges || !NEED_EDGES.contains(&f.code))
        .filter(|f| read_deploy || !NEED_DEPLOY.contains(&f.code))
        .filter_map(|f| {
            let span = layout.span(f.subject);
            (!taken.contains(&span.start))
                .then(|| Diagnostic::new(f.severity, f.code, f.message, span))
        })
        .collect()
}
