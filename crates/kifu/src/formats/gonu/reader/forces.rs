//! The forces (normal-deploy counts and pieces, free-deploy counts) and the edge
//! character.

use super::super::places::Placed;
use super::{Reader, State};
use crate::diag::{codes, Span};
use crate::formats::gonu::lines::Line;
use crate::model::GonuPiece;

impl<'a> Reader<'a> {
    pub(super) fn piece_count_line(&mut self, line: Line<'a>) {
        if self.counts_seen > 0 {
            self.finish_player(self.counts_seen - 1);
        }
        let p = self.counts_seen.min(1);
        self.declared_pieces[p] = self.number(line.tokens.first(), "a piece count");
        self.layout.piece_counts[p] = Some(Placed::of(&line));
        self.counts_seen += 1;
    }

    pub(super) fn finish_player(&mut self, p: usize) {
        let found = self.piece_lines.get(p).copied().unwrap_or(0);
        let declared = self.declared_pieces.get(p).copied().flatten();
        let span = self
            .layout
            .piece_counts
            .get(p)
            .and_then(Option::as_ref)
            .map(Placed::span);
        if let (Some(declared), Some(span)) = (declared, span) {
            if declared != found {
                self.error(
                    codes::GONU_COUNT_MISMATCH,
                    format!(
                        "the count says {declared} pieces for player {}, but {found} piece line(s) follow",
                        p + 1
                    ),
                    span,
                );
            }
        }
    }

    pub(super) fn finish_normal(&mut self, span: Span) {
        if self.counts_seen > 0 {
            self.finish_player((self.counts_seen - 1).min(1));
        }
        if self.counts_seen < 2 {
            self.error(
                codes::GONU_MISSING_COUNT,
                format!(
                    "the piece count of player {} is missing",
                    self.counts_seen + 1
                ),
                span,
            );
        }
    }

    pub(super) fn piece_line(&mut self, line: Line<'a>) {
        if self.counts_seen == 0 {
            self.error(
                codes::GONU_MISSING_COUNT,
                "player 1's piece count comes before the pieces",
                line.span(),
            );
            self.counts_seen = 1;
        }
        let p = (self.counts_seen - 1).min(1);
        if let Some(n) = self.piece_lines.get_mut(p) {
            *n += 1;
        }
        if line.tokens.len() != 5 {
            self.error(
                codes::GONU_FIELD_COUNT,
                format!(
                    "a piece line has 5 fields (vertex fg bg range stackable); this one has {}",
                    line.tokens.len()
                ),
                line.span(),
            );
        }
        let t = |i: usize| line.tokens.get(i);
        let vertex = self.number(t(0), "a vertex id");
        let fg = self.number(t(1), "a colour").unwrap_or(0);
        let bg = self.number(t(2), "a colour").unwrap_or(0);
        let range = self.number(t(3), "the range").unwrap_or(1);
        let stackable = self.number::<i64>(t(4), "stackable").unwrap_or(0) != 0;
        let Some(vertex) = vertex else {
            return;
        };
        if let (Some(list), Some(lines)) = (self.pieces.get_mut(p), self.layout.pieces.get_mut(p)) {
            list.push(GonuPiece {
                vertex,
                fg,
                bg,
                range,
                stackable,
            });
            lines.push(Placed::of(&line));
        }
    }

    pub(super) fn free_line(&mut self, line: Line<'a>) {
        if line.tokens.len() != 5 {
            self.error(
                codes::GONU_FIELD_COUNT,
                format!(
                    "the free-deploy line has 5 counts (● ★ ③ ④ ⑤); this one has {}",
                    line.tokens.len()
                ),
                line.span(),
            );
        }
        let mut counts = [0u16; 5];
        for (k, c) in counts.iter_mut().enumerate() {
            *c = self
                .number(line.tokens.get(k), "a piece count")
                .unwrap_or(0);
        }
        self.free_counts = Some(counts);
        self.layout.free = Some(Placed::of(&line));
    }

    pub(super) fn finish_free(&mut self, span: Span) {
        if self.free_counts.is_none() {
            self.error(
                codes::GONU_MISSING_COUNT,
                "the free-deploy counts (five numbers) are missing",
                span,
            );
        }
    }

    pub(super) fn edge_char_line(&mut self, line: Line<'a>) {
        if self.state != State::AfterDeploy {
            let span = line.span();
            match self.state {
                State::Normal => self.finish_normal(span),
                State::Free => self.finish_free(span),
                _ => {}
            }
            self.state = State::AfterDeploy;
        }
        let text = line.first().unwrap_or("");
        let mut chars = text.chars();
        let c = match (chars.next(), chars.next()) {
            (Some(c), None) => c,
            _ => {
                self.error(
                    codes::GONU_EDGE_CHAR,
                    format!(
                        "expected `end` or one edge character, found {}",
                        crate::diag::quote(text)
                    ),
                    line.span(),
                );
                return;
            }
        };
        if self.edge_char.is_some() {
            self.error(
                codes::GONU_UNEXPECTED_LINE,
                "a second edge character",
                line.span(),
            );
            return;
        }
        self.edge_char = Some(c);
        self.layout.edge_char = Some(Placed::of(&line));
    }
}
