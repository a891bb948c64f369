//! Where each part of a board was read from, so that a finding of the board's rules
//! ([`crate::rules::gonu`], run by validation, never by the reader) is shown on the
//! line that said it, and left out where the reader already reported why the part
//! holds a stand-in value.

use super::lines::Line;
use crate::diag::{codes, Span};
use crate::rules::gonu::Subject;

/// Where one line of the file was, and each of its fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    line: Span,
    fields: Vec<Span>,
}

impl Placed {
    /// The places of a line as read.
    pub(super) fn of(line: &Line<'_>) -> Placed {
        Placed {
            line: line.span(),
            fields: line.tokens.iter().map(|t| t.span).collect(),
        }
    }

    /// Where to point for the line as a whole: its first field, else its start.
    pub fn span(&self) -> Span {
        self.line
    }

    /// The span of field `i`, else of the whole line.
    pub fn field(&self, i: usize) -> Span {
        self.fields.get(i).copied().unwrap_or(self.line)
    }

    /// True when the line has field `i`.
    fn has_field(&self, i: usize) -> bool {
        i < self.fields.len()
    }
}

/// Rule codes whose findings need the neighbour list (the `L` section).
const NEED_EDGES: &[&codes::Code] = &[
    codes::GONU_ISOLATED_VERTEX,
    codes::GONU_DISCONNECTED,
    codes::GONU_UNREACHABLE_CASTLE,
];

/// Rule codes whose findings need the forces (the `N` or `F` section).
const NEED_DEPLOY: &[&codes::Code] = &[
    codes::GONU_PIECE_COUNT,
    codes::GONU_UNREACHABLE_CASTLE,
    codes::GONU_FREE_TOTAL,
    codes::GONU_TOO_FEW_CELLS,
];

/// The lines that said each part of a board, and what the reader could not read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardPlaces {
    /// The vertex-count line.
    pub(super) count: Option<Placed>,
    /// One line per vertex, by id.
    pub(super) vertices: Vec<Placed>,
    /// The `L` (or `M`) line.
    pub(super) adjacency: Option<Placed>,
    /// One line per adjacency row, by vertex id.
    pub(super) rows: Vec<Placed>,
    /// The `N` or `F` line.
    pub(super) deploy: Option<Placed>,
    /// The piece-count line of each player (normal deploy).
    pub(super) piece_counts: [Option<Placed>; 2],
    /// One line per piece kept in the model, by player and index.
    pub(super) pieces: [Vec<Placed>; 2],
    /// The free-deploy counts line.
    pub(super) free: Option<Placed>,
    /// The edge-character line.
    pub(super) edge_char: Option<Placed>,
    /// Where the fields the reader could not read start (their values are
    /// stand-ins, and the reader reported them).
    pub(super) stand_ins: Vec<usize>,
    /// True when the neighbour list was read.
    pub(super) read_edges: bool,
    /// True when the forces were read.
    pub(super) read_deploy: bool,
}

impl crate::formats::PartPlaces for BoardPlaces {
    fn place(&self, part: crate::rules::Part, code: &'static codes::Code) -> Option<Span> {
        match part {
            crate::rules::Part::Gonu(subject) => BoardPlaces::place(self, subject, code),
        }
    }

    fn boxed_clone(&self) -> Box<dyn crate::formats::PartPlaces> {
        Box::new(self.clone())
    }
}

impl BoardPlaces {
    /// The first line of the file (for faults of the board as a whole).
    pub fn board(&self) -> Span {
        self.count
            .as_ref()
            .or(self.vertices.first())
            .map_or(Span::at(0), Placed::span)
    }

    /// Where a finding `code` about `subject` is shown, or `None` when it is not to
    /// be: its section was never read (no `L` list, no `N`/`F` forces), or it is
    /// about a field the reader could not read or did not find (the model holds a
    /// stand-in there, and the reader reported that).
    pub fn place(&self, subject: Subject, code: &codes::Code) -> Option<Span> {
        if (!self.read_edges && NEED_EDGES.contains(&code))
            || (!self.read_deploy && NEED_DEPLOY.contains(&code))
        {
            return None;
        }
        let span = self.span(subject);
        match self.has_field(subject) {
            // The field is missing: its value is a stand-in (field-count said so).
            Some(false) => None,
            // The field could not be read: its value is a stand-in too.
            Some(true) if self.stand_ins.contains(&span.start) => None,
            _ => Some(span),
        }
    }

    /// For a subject that is one field of a line: whether the line has that field
    /// (`None` for subjects that are whole lines or the board).
    fn has_field(&self, subject: Subject) -> Option<bool> {
        let has = |line: Option<&Placed>, field: usize| line.map(|l| l.has_field(field));
        match subject {
            Subject::Vertex { id, field } => has(self.vertices.get(id), field),
            Subject::Piece {
                player,
                index,
                field,
            } => has(self.pieces.get(player).and_then(|ls| ls.get(index)), field),
            Subject::FreeCounts(Some(k)) => has(self.free.as_ref(), k),
            _ => None,
        }
    }

    /// Where a fault about `subject` is shown.
    fn span(&self, subject: Subject) -> Span {
        let board = self.board();
        match subject {
            Subject::Board => board,
            Subject::VertexLine(id) => self.vertices.get(id).map_or(board, Placed::span),
            Subject::Vertex { id, field } => {
                self.vertices.get(id).map_or(board, |l| l.field(field))
            }
            Subject::PieceCount(p) => self
                .piece_counts
                .get(p)
                .and_then(Option::as_ref)
                .or(self.deploy.as_ref())
                .map_or(board, Placed::span),
            Subject::Piece {
                player,
                index,
                field,
            } => self
                .pieces
                .get(player)
                .and_then(|ls| ls.get(index))
                .map_or(board, |l| l.field(field)),
            Subject::FreeCounts(field) => match (&self.free, field) {
                (Some(l), Some(k)) => l.field(k),
                (Some(l), None) => l.span(),
                (None, _) => self.deploy.as_ref().map_or(board, Placed::span),
            },
            Subject::EdgeChar => self.edge_char.as_ref().map_or(board, Placed::span),
        }
    }
}
