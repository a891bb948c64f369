//! Where each part of a board was read from, so a fault found on the model can be
//! put on its line.

use super::lines::Line;
use crate::diag::Span;
use crate::rules::gonu::Subject;

/// The lines that said each part of a board.
#[derive(Debug, Default)]
pub(super) struct Layout<'a> {
    /// The vertex-count line.
    pub count: Option<Line<'a>>,
    /// One line per vertex, by id.
    pub vertices: Vec<Line<'a>>,
    /// The `L` (or `M`) line.
    pub adjacency: Option<Line<'a>>,
    /// One line per adjacency row, by vertex id.
    pub rows: Vec<Line<'a>>,
    /// The `N` or `F` line.
    pub deploy: Option<Line<'a>>,
    /// The piece-count line of each player (normal deploy).
    pub piece_counts: [Option<Line<'a>>; 2],
    /// One line per piece kept in the model, by player and index.
    pub pieces: [Vec<Line<'a>>; 2],
    /// The free-deploy counts line.
    pub free: Option<Line<'a>>,
    /// The edge-character line.
    pub edge_char: Option<Line<'a>>,
}

impl Layout<'_> {
    /// The first line of the file (for faults of the board as a whole).
    fn board(&self) -> Span {
        self.count
            .as_ref()
            .or(self.vertices.first())
            .map_or(Span::at(0), Line::span)
    }

    /// For a subject that is one field of a line: whether the line has that field
    /// (`None` for subjects that are whole lines or the board).
    pub fn has_field(&self, subject: Subject) -> Option<bool> {
        let has = |line: Option<&Line<'_>>, field: usize| line.map(|l| field < l.tokens.len());
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
    pub fn span(&self, subject: Subject) -> Span {
        let board = self.board();
        match subject {
            Subject::Board => board,
            Subject::VertexLine(id) => self.vertices.get(id).map_or(board, Line::span),
            Subject::Vertex { id, field } => {
                self.vertices.get(id).map_or(board, |l| l.field(field))
            }
            Subject::PieceCount(p) => self
                .piece_counts
                .get(p)
                .and_then(Option::as_ref)
                .or(self.deploy.as_ref())
                .map_or(board, Line::span),
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
                (None, _) => self.deploy.as_ref().map_or(board, Line::span),
            },
            Subject::EdgeChar => self.edge_char.as_ref().map_or(board, Line::span),
        }
    }
}
