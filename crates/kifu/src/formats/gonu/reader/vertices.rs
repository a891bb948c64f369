//! The vertex count, the vertex lines and the neighbour list.

use super::super::places::Placed;
use super::{Reader, State, MAX_VERTICES};
use crate::diag::codes;
use crate::formats::gonu::lines::{Line, Token};
use crate::model::GonuVertex;

impl<'a> Reader<'a> {
    pub(super) fn count_line(&mut self, line: Line<'a>) {
        self.state = State::Vertices;
        if line.tokens.len() == 1 {
            self.declared_vertices = self.number(line.tokens.first(), "the vertex count");
            self.layout.count = Some(Placed::of(&line));
        } else {
            self.error(
                codes::GONU_MISSING_COUNT,
                "the file starts with the vertex count alone on its line",
                line.span(),
            );
            self.vertex_line(line);
        }
    }

    pub(super) fn vertex_line(&mut self, line: Line<'a>) {
        if self.vertices.len() >= MAX_VERTICES {
            if !self.too_many_vertices {
                self.too_many_vertices = true;
                self.error(
                    codes::GONU_TOO_MANY_VERTICES,
                    format!("a board has at most {MAX_VERTICES} vertices; the rest are skipped"),
                    line.span(),
                );
            }
            return;
        }
        if line.tokens.len() != 8 {
            self.error(
                codes::GONU_FIELD_COUNT,
                format!(
                    "a vertex line has 8 fields (x y glyph p1 p2 fg bg occupier); this one has {}",
                    line.tokens.len()
                ),
                line.span(),
            );
        }
        let t = |i: usize| line.tokens.get(i);
        let x = self.number(t(0), "x").unwrap_or(0);
        let y = self.number(t(1), "y").unwrap_or(0);
        let glyph = match t(2) {
            Some(tok) => {
                let mut chars = tok.text.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => c,
                    (c, _) => {
                        self.error(
                            codes::GONU_BAD_GLYPH,
                            format!(
                                "the glyph is one character, found {}",
                                crate::diag::quote(tok.text)
                            ),
                            tok.span,
                        );
                        c.unwrap_or(',')
                    }
                }
            }
            None => ',',
        };
        let p1 = self.flag(t(3), "p1");
        let p2 = self.flag(t(4), "p2");
        let fg = self.number(t(5), "a colour").unwrap_or(0);
        let bg = self.number(t(6), "a colour").unwrap_or(0);
        let occupier = self.number(t(7), "the occupier").unwrap_or(0);
        self.vertices.push(GonuVertex {
            x,
            y,
            glyph,
            access: [p1, p2],
            fg,
            bg,
            occupier,
        });
        self.layout.vertices.push(Placed::of(&line));
    }

    /// An access flag, 0 or 1; anything else is reported and read as 1.
    pub(super) fn flag(&mut self, token: Option<&Token<'_>>, what: &str) -> bool {
        let Some(token) = token else {
            return true;
        };
        match token.text {
            "0" => false,
            "1" => true,
            other => {
                self.error(
                    codes::GONU_BAD_FLAG,
                    format!(
                        "the {what} flag is 0 or 1, found {}",
                        crate::diag::quote(other)
                    ),
                    token.span,
                );
                true
            }
        }
    }

    pub(super) fn finish_vertices(&mut self) {
        let found = self.layout.vertices.len();
        if let (Some(declared), Some(line)) = (self.declared_vertices, &self.layout.count) {
            if declared != found {
                let span = line.span();
                self.error(
                    codes::GONU_COUNT_MISMATCH,
                    format!(
                        "the count says {declared} vertices, but {found} vertex line(s) follow"
                    ),
                    span,
                );
            }
        }
    }

    pub(super) fn row_line(&mut self, line: Line<'a>) {
        let n = self.vertices.len();
        let row = self.layout.rows.len();
        if row >= n {
            if !self.surplus_row {
                self.surplus_row = true;
                self.error(
                    codes::GONU_COUNT_MISMATCH,
                    format!("row {row} is one more than the {n} vertices have"),
                    line.span(),
                );
            }
            return;
        }
        for token in &line.tokens {
            let Some(id) = self.number::<i64>(Some(token), "a neighbour id") else {
                continue;
            };
            let Some(id) = usize::try_from(id).ok().filter(|&id| id < n) else {
                self.error(
                    codes::GONU_NEIGHBOUR_OUT_OF_RANGE,
                    format!(
                        "vertex {id} does not exist: ids run from 0 to {}",
                        n.saturating_sub(1)
                    ),
                    token.span,
                );
                continue;
            };
            if id == row {
                self.error(
                    codes::GONU_SELF_LOOP,
                    format!("row {row} lists vertex {row} itself"),
                    token.span,
                );
                continue;
            }
            let (Ok(a), Ok(b)) = (u16::try_from(row.min(id)), u16::try_from(row.max(id))) else {
                continue;
            };
            if self.seen_edges.insert([a, b]) {
                self.edges.push([a, b]);
            }
        }
        self.layout.rows.push(Placed::of(&line));
    }

    pub(super) fn finish_rows(&mut self, line: &Line<'_>) {
        let (rows, n) = (self.layout.rows.len(), self.vertices.len());
        if rows < n {
            self.error(
                codes::GONU_COUNT_MISMATCH,
                format!("the neighbour list has {rows} rows, but the {n} vertices need one each"),
                line.span(),
            );
        }
    }
}
