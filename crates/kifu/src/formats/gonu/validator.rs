//! Puts the board checks of [`crate::rules::gonu`] on the lines that said each part,
//! leaving out what the reader's own diagnostics already cover.

use std::collections::HashSet;

use super::layout::Layout;
use crate::diag::Diagnostic;
use crate::model::GonuBoard;
use crate::rules::gonu::check_board;

/// Reader errors after which a field holds a stand-in value.
const TOKEN_ERRORS: &[&str] = &["gonu::bad-number", "gonu::bad-flag", "gonu::bad-glyph"];

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
/// that), or when it is about a field the reader could not read or did not find
/// (the model holds a stand-in there, and the reader reported it).
pub(super) fn positioned(
    board: &GonuBoard,
    layout: &Layout<'_>,
    reader: &[Diagnostic],
    read_edges: bool,
    read_deploy: bool,
) -> Vec<Diagnostic> {
    let bad_tokens: HashSet<usize> = reader
        .iter()
        .filter(|d| TOKEN_ERRORS.contains(&d.code))
        .map(|d| d.span.start)
        .collect();
    check_board(board)
        .into_iter()
        .filter(|f| read_edges || !NEED_EDGES.contains(&f.code))
        .filter(|f| read_deploy || !NEED_DEPLOY.contains(&f.code))
        .filter_map(|f| {
            let span = layout.span(f.subject);
            let keep = match layout.has_field(f.subject) {
                // The field is missing: its value is a stand-in (field-count said so).
                Some(false) => false,
                // The field could not be read: its value is a stand-in too.
                Some(true) => !bad_tokens.contains(&span.start),
                None => true,
            };
            keep.then(|| Diagnostic::with_severity(f.severity, f.code, f.message, span))
        })
        .collect()
}
