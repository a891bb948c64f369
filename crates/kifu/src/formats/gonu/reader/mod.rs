//! Reads `.gonu` text into a [`GonuBoard`]: one pass over the lines, driven by the
//! section keywords (`L`, `M`, `N`, `F`, `end`) rather than by the counts, so a
//! wrong count is reported on its line instead of derailing the rest of the file.

mod forces;
mod vertices;

use std::collections::HashSet;

use super::places::{BoardPlaces, Placed};

/// Reader errors after which a field holds a stand-in value.
const STAND_IN_ERRORS: &[&codes::Code] = &[
    codes::GONU_BAD_NUMBER,
    codes::GONU_BAD_FLAG,
    codes::GONU_BAD_GLYPH,
];
use super::lines::{lines, Line, Token};
use crate::diag::{codes, Diagnostic, Span};
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
    layout: BoardPlaces,
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
            layout: BoardPlaces::default(),
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

    fn error(&mut self, code: &'static codes::Code, message: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::new(code, message, span));
    }

    /// A number from a token in the range of `T`; a bad one is reported.
    fn number<T: TryFrom<i64>>(&mut self, token: Option<&Token<'_>>, what: &str) -> Option<T> {
        let token = token?;
        match token.text.parse::<i64>() {
            Ok(n) => match T::try_from(n) {
                Ok(v) => Some(v),
                Err(_) => {
                    self.error(
                        codes::GONU_BAD_NUMBER,
                        format!("{n} is out of range for {what}"),
                        token.span,
                    );
                    None
                }
            },
            Err(_) => {
                self.error(
                    codes::GONU_BAD_NUMBER,
                    format!(
                        "expected a whole number for {what}, found {}",
                        crate::diag::quote(token.text)
                    ),
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
                    codes::GONU_AFTER_END,
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
            self.diags.push(Diagnostic::new(
                codes::GONU_DOCUMENTATION_LINE,
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
                codes::GONU_UNEXPECTED_LINE,
                "expected `end` or one edge character here",
                line.span(),
            ),
        }
    }

    fn keyword(&mut self, line: Line<'a>) {
        let word = line.first().unwrap_or("");
        if let Some(extra) = line.tokens.get(1) {
            if word == "end" {
                self.after_end = true;
                self.error(
                    codes::GONU_AFTER_END,
                    "the file goes on after `end`; the game stops reading there",
                    extra.span,
                );
            } else {
                self.error(
                    codes::GONU_FIELD_COUNT,
                    format!("`{}` stands alone on its line", crate::diag::clip(word)),
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
                        codes::GONU_MATRIX_UNSUPPORTED,
                        "`M` (an adjacency matrix) is not supported: the game rejects it; list the neighbours after `L`",
                        line.span(),
                    );
                    self.state = State::Matrix;
                } else {
                    self.state = State::Adjacency;
                }
                self.layout.adjacency = Some(Placed::of(&line));
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
                self.layout.deploy = Some(Placed::of(&line));
            }
            ("end", _) => {
                self.finish_section(&line);
                self.end = Some(line.field(0));
                self.state = State::Ended;
            }
            _ => self.error(
                codes::GONU_UNEXPECTED_LINE,
                format!("`{}` is out of place here", crate::diag::clip(word)),
                line.span(),
            ),
        }
    }

    fn missing_count(&mut self, line: &Line<'_>) {
        self.error(
            codes::GONU_MISSING_COUNT,
            "the file starts with the vertex count alone on its line",
            line.span(),
        );
    }

    /// Closes the vertex and adjacency sections before the forces (or `end`); the
    /// caller sets the next state.
    fn finish_before_deploy(&mut self, line: &Line<'_>) {
        match self.state {
            State::Start | State::Vertices => {
                if self.state == State::Start {
                    self.missing_count(line);
                }
                self.finish_vertices();
                self.error(
                    codes::GONU_MISSING_ADJACENCY,
                    "the neighbour list is missing: `L` and one row per vertex come before the forces",
                    line.span(),
                );
            }
            State::Adjacency => self.finish_rows(line),
            _ => {}
        }
    }

    /// Closes whatever section `end` (or the end of the text) interrupts.
    fn finish_section(&mut self, line: &Line<'_>) {
        match self.state {
            State::Start | State::Vertices | State::Adjacency | State::Matrix => {
                self.finish_before_deploy(line);
                self.error(
                    codes::GONU_MISSING_DEPLOY,
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

    fn finish(mut self) -> Parsed {
        let text_end = self.text.len();
        if self.state == State::Start {
            return Parsed {
                diagnostics: vec![Diagnostic::new(
                    codes::GONU_EMPTY,
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
                    codes::GONU_MISSING_END,
                    "the file must finish with `end`",
                    Span::at(text_end),
                );
            }
            Some(end) => {
                let rest = self.text.get(end.end..).unwrap_or("");
                if !rest.is_empty() && rest.trim().is_empty() {
                    self.diags.push(Diagnostic::new(
                        codes::GONU_TRAILING_WHITESPACE,
                        "the game wants the file to stop right after `end`, with no space or line break",
                        Span::new(end.end, text_end),
                    ));
                }
            }
        }
        if let Some(at) = self.first_remark {
            self.diags.push(Diagnostic::new(
                codes::GONU_REMARK,
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
        // The board's own rules are validation's work (`rules::gonu`, placed by
        // these places); the reader says what it could not read.
        self.layout.read_edges = self.layout.adjacency.is_some() && !self.layout.rows.is_empty();
        self.layout.read_deploy = self.normal || (self.free && self.free_counts.is_some());
        self.layout.stand_ins = self
            .diags
            .iter()
            .filter(|d| STAND_IN_ERRORS.iter().any(|c| c.name == d.code))
            .map(|d| d.span.start)
            .collect();
        let mut diags = std::mem::take(&mut self.diags);
        diags.sort_by_key(|d| d.span.start);
        let root = self.layout.board();
        Parsed {
            collection: Collection {
                games: vec![Game::new(GameKind::Gonu(Box::new(board)))],
            },
            diagnostics: diags,
            node_spans: vec![vec![root]],
            part_places: vec![Some(Box::new(std::mem::take(&mut self.layout)))],
        }
    }
}
