//! Reads `.gonu` text into a [`GonuBoard`]: one pass over the lines, driven by the
//! section keywords (`L`, `M`, `N`, `F`, `end`) rather than by the counts, so a
//! wrong count is reported on its line instead of derailing the rest of the file.

use std::collections::HashSet;

use super::layout::Layout;
use super::lines::{lines, Line, Token};
use super::validator;
use crate::diag::{Diagnostic, Span};
use crate::formats::Parsed;
use crate::model::{Collection, Game, GameKind, GonuBoard, GonuDeploy, GonuPiece, GonuVertex};

/// The most vertices a board can have: ids are 16-bit.
const MAX_VERTICES: usize = u16::MAX as usize + 1;

/// Where the reader is in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before the vertex count.
    Start,
    /// Reading vertex lines.
    Vertices,
    /// Reading adjacency rows after `L`.
    Adjacency,
    /// Skipping an adjacency matrix after `M`.
    Matrix,
    /// Reading normal-deploy counts and pieces after `N`.
    Normal,
    /// Reading the free-deploy counts after `F`.
    Free,
    /// After the forces: an edge character or `end`.
    AfterDeploy,
    /// After `end`.
    Ended,
}

/// The reader's state over one file.
struct Reader<'a> {
    text: &'a str,
    state: State,
    diags: Vec<Diagnostic>,
    layout: Layout<'a>,
    declared_vertices: Option<usize>,
    vertices: Vec<GonuVertex>,
    too_many_vertices: bool,
    edges: Vec<[u16; 2]>,
    seen_edges: HashSet<[u16; 2]>,
    surplus_row: bool,
    normal: bool,
    free: bool,
    declared_pieces: [Option<usize>; 2],
    piece_lines: [usize; 2],
    counts_seen: usize,
    pieces: [Vec<GonuPiece>; 2],
    free_counts: Option<[u16; 5]>,
    edge_char: Option<char>,
    end: Option<Span>,
    after_end: bool,
    remarks: usize,
    first_remark: Option<usize>,
}

/// Reads a `.gonu` file. The game's tree holds just the starting position.
pub fn read(text: &str) -> Parsed {
    let mut r = Reader::new(text);
    for line in lines(text) {
        r.line(line);
    }
    r.finish()
}

/// True for the section keywords.
fn is_keyword(word: &str) -> bool {
    matches!(word, "L" | "M" | "N" | "F" | "end")
}

/// A line that holds no number and is not a keyword or a one-character line: the
/// seed's headings ("교차점", "id txtColor range stackable", "●★③④⑤"), tolerated
/// where the seed has them (see `headings_allowed`).
fn is_documentation(line: &Line<'_>) -> bool {
    let one_char =
        line.tokens.len() == 1 && line.tokens.iter().all(|t| t.text.chars().count() == 1);
    !one_char
        && !line.first().is_some_and(is_keyword)
        && line
            .tokens
            .iter()
            .all(|t| !t.text.bytes().any(|b| b.is_ascii_digit()))
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Reader<'a> {
        Reader {
            text,
            state: State::Start,
            diags: Vec::new(),
            layout: Layout::default(),
            declared_vertices: None,
            vertices: Vec::new(),
            too_many_vertices: false,
            edges: Vec::new(),
            seen_edges: HashSet::new(),
            surplus_row: false,
            normal: false,
            free: false,
            declared_pieces: [None; 2],
            piece_lines: [0; 2],
            counts_seen: 0,
            pieces: [Vec::new(), Vec::new()],
            free_counts: None,
            edge_char: None,
            end: None,
            after_end: false,
            remarks: 0,
            first_remark: None,
        }
    }

    fn error(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::error(code, message, span));
    }

    /// A number from a token in the range of `T`; a bad one is reported.
    fn number<T: TryFrom<i64>>(&mut self, token: Option<&Token<'_>>, what: &str) -> Option<T> {
        let token = token?;
        match token.text.parse::<i64>() {
            Ok(n) => match T::try_from(n) {
                Ok(v) => Some(v),
                Err(_) => {
                    self.error(
                        "gonu::bad-number",
                        format!("{n} is out of range for {what}"),
                        token.span,
                    );
                    None
                }
            },
            Err(_) => {
                self.error(
                    "gonu::bad-number",
                    format!("expected a whole number for {what}, found {:?}", token.text),
                    token.span,
                );
                None
            }
        }
    }

    /// True where the seed puts its headings: in `N` before the pieces of player 2,
    /// in `F` before the counts.
    fn headings_allowed(&self) -> bool {
        match self.state {
            State::Normal => self.counts_seen < 2,
            State::Free => self.free_counts.is_none(),
            _ => false,
        }
    }

    /// True where a line holding one token is the edge character.
    fn edge_position(&self) -> bool {
        match self.state {
            State::Normal => self.counts_seen >= 2,
            State::Free => self.free_counts.is_some(),
            State::AfterDeploy => true,
            _ => false,
        }
    }

    fn line(&mut self, line: Line<'a>) {
        if let Some(at) = line.remark {
            self.remarks += 1;
            self.first_remark.get_or_insert(at);
        }
        let Some(first) = line.first() else {
            return;
        };
        if self.state == State::Ended {
            if !self.after_end {
                self.after_end = true;
                self.error(
                    "gonu::after-end",
                    "the file goes on after `end`; the game stops reading there",
                    line.span(),
                );
            }
            return;
        }
        if self.edge_position() && line.tokens.len() == 1 && first != "end" {
            self.edge_char_line(line);
            return;
        }
        if is_keyword(first) {
            self.keyword(line);
            return;
        }
        if self.headings_allowed() && is_documentation(&line) {
            self.diags.push(Diagnostic::warning(
                "gonu::documentation-line",
                "a line without numbers (a heading?): kifu skips it, the game would not read it",
                line.span(),
            ));
            return;
        }
        match self.state {
            State::Start => self.count_line(line),
            State::Vertices => self.vertex_line(line),
            State::Adjacency => self.row_line(line),
            State::Matrix => {}
            State::Normal => {
                if line.tokens.len() == 1 {
                    self.piece_count_line(line);
                } else {
                    self.piece_line(line);
                }
            }
            State::Free if self.free_counts.is_none() => self.free_line(line),
            State::Free | State::AfterDeploy | State::Ended => self.error(
                "gonu::unexpected-line",
                "expected `end` or one edge character here",
                line.span(),
            ),
        }
    }

    fn count_line(&mut self, line: Line<'a>) {
        self.state = State::Vertices;
        if line.tokens.len() == 1 {
            self.declared_vertices = self.number(line.tokens.first(), "the vertex count");
            self.layout.count = Some(line);
        } else {
            self.error(
                "gonu::missing-count",
                "the file starts with the vertex count alone on its line",
                line.span(),
            );
            self.vertex_line(line);
        }
    }

    fn vertex_line(&mut self, line: Line<'a>) {
        if self.vertices.len() >= MAX_VERTICES {
            if !self.too_many_vertices {
                self.too_many_vertices = true;
                self.error(
                    "gonu::too-many-vertices",
                    format!("a board has at most {MAX_VERTICES} vertices; the rest are skipped"),
                    line.span(),
                );
            }
            return;
        }
        if line.tokens.len() != 8 {
            self.error(
                "gonu::field-count",
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
                            "gonu::bad-glyph",
                            format!("the glyph is one character, found {:?}", tok.text),
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
        self.layout.vertices.push(line);
    }

    /// An access flag, 0 or 1; anything else is reported and read as 1.
    fn flag(&mut self, token: Option<&Token<'_>>, what: &str) -> bool {
        let Some(token) = token else {
            return true;
        };
        match token.text {
            "0" => false,
            "1" => true,
            other => {
                self.error(
                    "gonu::bad-flag",
                    format!("the {what} flag is 0 or 1, found {other:?}"),
                    token.span,
                );
                true
            }
        }
    }

    fn keyword(&mut self, line: Line<'a>) {
        let word = line.first().unwrap_or("");
        if let Some(extra) = line.tokens.get(1) {
            if word == "end" {
                self.after_end = true;
                self.error(
                    "gonu::after-end",
                    "the file goes on after `end`; the game stops reading there",
                    extra.span,
                );
            } else {
                self.error(
                    "gonu::field-count",
                    format!("`{word}` stands alone on its line"),
                    extra.span,
                );
            }
        }
        match (word, self.state) {
            ("L" | "M", State::Start | State::Vertices) => {
                if self.state == State::Start {
                    self.missing_count(&line);
                }
                self.finish_vertices();
                if word == "M" {
                    self.error(
                        "gonu::matrix-unsupported",
                        "`M` (an adjacency matrix) is not supported: the game rejects it; list the neighbours after `L`",
                        line.span(),
                    );
                    self.state = State::Matrix;
                } else {
                    self.state = State::Adjacency;
                }
                self.layout.adjacency = Some(line);
            }
            ("N" | "F", State::Start | State::Vertices | State::Adjacency | State::Matrix) => {
                self.finish_before_deploy(&line);
                if word == "N" {
                    self.normal = true;
                    self.state = State::Normal;
                } else {
                    self.free = true;
                    self.state = State::Free;
                }
                self.layout.deploy = Some(line);
            }
            ("end", _) => {
                self.finish_section(&line);
                self.end = Some(line.field(0));
                self.state = State::Ended;
            }
            _ => self.error(
                "gonu::unexpected-line",
                format!("`{word}` is out of place here"),
                line.span(),
            ),
        }
    }

    fn missing_count(&mut self, line: &Line<'_>) {
        self.error(
            "gonu::missing-count",
            "the file starts with the vertex count alone on its line",
            line.span(),
        );
    }

    /// Closes the vertex and adjacency sections before the forces (or `end`).
    fn finish_before_deploy(&mut self, line: &Line<'_>) {
        match self.state {
            State::Start | State::Vertices => {
                if self.state == State::Start {
                    self.missing_count(line);
                }
                self.finish_vertices();
                self.error(
                    "gonu::missing-adjacency",
                    "the neighbour list is missing: `L` and one row per vertex come before the forces",
                    line.span(),
                );
            }
            State::Adjacency => self.finish_rows(line),
            _ => {}
        }
        self.state = State::Adjacency;
    }

    /// Closes whatever section `end` (or the end of the text) interrupts.
    fn finish_section(&mut self, line: &Line<'_>) {
        match self.state {
            State::Start | State::Vertices | State::Adjacency | State::Matrix => {
                self.finish_before_deploy(line);
                self.error(
                    "gonu::missing-deploy",
                    "the forces are missing: `N` or `F` comes after the neighbour list",
                    line.span(),
                );
            }
            State::Normal => self.finish_normal(line.span()),
            State::Free => self.finish_free(line.span()),
            State::AfterDeploy | State::Ended => {}
        }
        self.state = State::AfterDeploy;
    }

    fn finish_vertices(&mut self) {
        let found = self.layout.vertices.len();
        if let (Some(declared), Some(line)) = (self.declared_vertices, &self.layout.count) {
            if declared != found {
                let span = line.span();
                self.error(
                    "gonu::count-mismatch",
                    format!(
                        "the count says {declared} vertices, but {found} vertex line(s) follow"
                    ),
                    span,
                );
            }
        }
    }

    fn row_line(&mut self, line: Line<'a>) {
        let n = self.vertices.len();
        let row = self.layout.rows.len();
        if row >= n {
            if !self.surplus_row {
                self.surplus_row = true;
                self.error(
                    "gonu::count-mismatch",
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
                    "gonu::neighbour-out-of-range",
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
                    "gonu::self-loop",
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
        self.layout.rows.push(line);
    }

    fn finish_rows(&mut self, line: &Line<'_>) {
        let (rows, n) = (self.layout.rows.len(), self.vertices.len());
        if rows < n {
            self.error(
                "gonu::count-mismatch",
                format!("the neighbour list has {rows} rows, but the {n} vertices need one each"),
                line.span(),
            );
        }
    }

    fn piece_count_line(&mut self, line: Line<'a>) {
        if self.counts_seen > 0 {
            self.finish_player(self.counts_seen - 1);
        }
        let p = self.counts_seen.min(1);
        self.declared_pieces[p] = self.number(line.tokens.first(), "a piece count");
        self.layout.piece_counts[p] = Some(line);
        self.counts_seen += 1;
    }

    fn finish_player(&mut self, p: usize) {
        let found = self.piece_lines.get(p).copied().unwrap_or(0);
        let declared = self.declared_pieces.get(p).copied().flatten();
        let span = self
            .layout
            .piece_counts
            .get(p)
            .and_then(Option::as_ref)
            .map(Line::span);
        if let (Some(declared), Some(span)) = (declared, span) {
            if declared != found {
                self.error(
                    "gonu::count-mismatch",
                    format!(
                        "the count says {declared} pieces for player {}, but {found} piece line(s) follow",
                        p + 1
                    ),
                    span,
                );
            }
        }
    }

    fn finish_normal(&mut self, span: Span) {
        if self.counts_seen > 0 {
            self.finish_player((self.counts_seen - 1).min(1));
        }
        if self.counts_seen < 2 {
            self.error(
                "gonu::missing-count",
                format!(
                    "the piece count of player {} is missing",
                    self.counts_seen + 1
                ),
                span,
            );
        }
    }

    fn piece_line(&mut self, line: Line<'a>) {
        if self.counts_seen == 0 {
            self.error(
                "gonu::missing-count",
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
                "gonu::field-count",
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
            lines.push(line);
        }
    }

    fn free_line(&mut self, line: Line<'a>) {
        if line.tokens.len() != 5 {
            self.error(
                "gonu::field-count",
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
        self.layout.free = Some(line);
    }

    fn finish_free(&mut self, span: Span) {
        if self.free_counts.is_none() {
            self.error(
                "gonu::missing-count",
                "the free-deploy counts (five numbers) are missing",
                span,
            );
        }
    }

    fn edge_char_line(&mut self, line: Line<'a>) {
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
                    "gonu::edge-char",
                    format!("expected `end` or one edge character, found {text:?}"),
                    line.span(),
                );
                return;
            }
        };
        if self.edge_char.is_some() {
            self.error(
                "gonu::unexpected-line",
                "a second edge character",
                line.span(),
            );
            return;
        }
        self.edge_char = Some(c);
        self.layout.edge_char = Some(line);
    }

    fn finish(mut self) -> Parsed {
        let text_end = self.text.len();
        if self.state == State::Start {
            return Parsed {
                diagnostics: vec![Diagnostic::error(
                    "gonu::empty",
                    "the file holds no board",
                    Span::at(text_end),
                )],
                ..Parsed::default()
            };
        }
        match self.end {
            None => {
                let eof = Line {
                    start: text_end,
                    tokens: Vec::new(),
                    remark: None,
                };
                self.finish_section(&eof);
                self.error(
                    "gonu::missing-end",
                    "the file must finish with `end`",
                    Span::at(text_end),
                );
            }
            Some(end) => {
                let rest = self.text.get(end.end..).unwrap_or("");
                if !rest.is_empty() && rest.trim().is_empty() {
                    self.diags.push(Diagnostic::warning(
                        "gonu::trailing-whitespace",
                        "the game wants the file to stop right after `end`, with no space or line break",
                        Span::new(end.end, text_end),
                    ));
                }
            }
        }
        if let Some(at) = self.first_remark {
            self.diags.push(Diagnostic::warning(
                "gonu::remark",
                format!(
                    "{} line(s) have `//` remarks: kifu skips them, the game would not read them",
                    self.remarks
                ),
                Span::new(at, at + 2),
            ));
        }
        let deploy = if self.free {
            GonuDeploy::Free {
                counts: self.free_counts.unwrap_or_default(),
            }
        } else {
            GonuDeploy::Normal {
                pieces: std::mem::take(&mut self.pieces),
            }
        };
        let board = GonuBoard {
            vertices: std::mem::take(&mut self.vertices),
            edges: std::mem::take(&mut self.edges),
            deploy,
            edge_char: self.edge_char,
        };
        let read_edges = self.layout.adjacency.is_some() && !self.layout.rows.is_empty();
        let read_deploy = self.normal || (self.free && self.free_counts.is_some());
        let mut diags = std::mem::take(&mut self.diags);
        diags.extend(validator::positioned(
            &board,
            &self.layout,
            &diags,
            read_edges,
            read_deploy,
        ));
        diags.sort_by_key(|d| d.span.start);
        let root = self.layout.count.as_ref().map_or(Span::at(0), Line::span);
        Parsed {
            collection: Collection {
                games: vec![Game::new(GameKind::Gonu(Box::new(board)))],
            },
            diagnostics: diags,
            node_spans: vec![vec![root]],
        }
    }
}
