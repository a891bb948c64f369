//! Kiseong record → model: moves, commentary, names, title, `{{ }}` variations,
//! save/restore diagrams, labels and symbols, and every cue kept in the node scripts.

use super::codes::{self, HANGUL, SYMBOLS};
use super::lexer::{lex, Spanned, Token};
use super::script::{self, Item};
use crate::diag::{Collapser, Diagnostic, Span};
use crate::formats::Parsed;
use crate::model::{
    BoardSize, Collection, Color, Game, GameKind, Label, Move, Node, NodeId, Point, StoneMove,
    Symbol,
};

/// The board of every Kiseong record.
const SIZE: u8 = 19;

/// An open `{{` block: where it branches, and its own cursor.
struct Block {
    open: Span,
    cursor: NodeId,
    /// The variation's first node, created at `{{`: what comes before the first move
    /// belongs to it, and the first move lands in it.
    root: NodeId,
}

/// An open save `&[8@` diagram: the node it branches from and its current node.
struct Diagram {
    save: Span,
    cursor: NodeId,
    /// Set once a stone or label landed in it.
    root: NodeId,
}

/// What the reader is building.
struct State {
    game: Game,
    spans: Vec<Span>,
    scripts: Vec<Vec<String>>,
    /// Per node: its script begins with its move as the canonical layout writes it
    /// (`script::plain_move`), which is not stored (most nodes' whole script).
    plain: Vec<bool>,
    /// The nodes' commentary so far, by node, for the nodes that have any.
    comments: Vec<(NodeId, String)>,
    main: NodeId,
    block: Option<Block>,
    diagram: Option<Diagram>,
    diags: Vec<Diagnostic>,
    /// Every diagnostic goes through it into `diags`: past the first hundred of a
    /// code only a count is kept, so a record of a million faults costs a hundred.
    collapser: Collapser,
    last_color: Option<Color>,
    main_moves: usize,
    total: Option<(u16, Span)>,
    started: bool,
    ended: bool,
    /// The first node of every variation and diagram, with the node it branches from.
    branches: Vec<(NodeId, NodeId)>,
}

impl State {
    /// The node commands and text currently attach to.
    fn cursor(&self) -> NodeId {
        if let Some(d) = &self.diagram {
            d.cursor
        } else if let Some(b) = &self.block {
            b.cursor
        } else {
            self.main
        }
    }

    fn push(&mut self, node: NodeId, item: String) {
        if let Some(s) = self.scripts.get_mut(node.0 as usize) {
            // Most nodes' scripts hold one item (the move as written): room for one,
            // not the four a first push would make (memory per node, #32).
            if s.capacity() == 0 {
                s.reserve_exact(1);
            }
            s.push(item);
        }
    }

    /// Adds a move's item to a node's script: a move that begins the script as the
    /// canonical layout writes it is only flagged.
    fn push_move(&mut self, node: NodeId, mv: (Color, Point), number: Option<u32>, raw: String) {
        let i = node.0 as usize;
        if number.is_none()
            && self.scripts.get(i).is_some_and(Vec::is_empty)
            && raw == script::plain_move(mv.0, mv.1)
        {
            if let Some(flag) = self.plain.get_mut(i) {
                *flag = true;
                return;
            }
        }
        self.push(node, format!("@{raw}"));
    }

    /// The commentary of a node, made empty the first time.
    fn comment(&mut self, node: NodeId) -> &mut String {
        // Usually the last node added: the search ends at once.
        let at = match self.comments.binary_search_by_key(&node, |(id, _)| *id) {
            Ok(at) => at,
            Err(at) => {
                self.comments.insert(at, (node, String::new()));
                at
            }
        };
        &mut self.comments[at].1
    }

    fn add(&mut self, parent: NodeId, node: Node, span: Span) -> NodeId {
        let id = self.game.tree.add_child(parent, node);
        self.spans.push(span);
        self.scripts.push(Vec::new());
        self.plain.push(false);
        id
    }

    /// Records a diagnostic (see [`State::collapser`]).
    fn report(&mut self, d: Diagnostic) {
        self.collapser.push(&mut self.diags, d);
    }

    fn node(&mut self, id: NodeId) -> Option<&mut Node> {
        self.game.tree.get_mut(id)
    }
}

/// Reads a Kiseong record into a one-game collection; text without a single Kiseong
/// command (`&[…w` or `&[…@`) is no record: no game and an error.
pub fn read(text: &str) -> Parsed {
    let mut diags = Vec::new();
    let mut tokens = lex(text, &mut diags);
    // Held while the model is built: no room for tokens that never come.
    tokens.shrink_to_fit();
    if !tokens
        .iter()
        .any(|t| matches!(t.token, Token::Place(_) | Token::Control(_)))
    {
        diags.insert(
            0,
            Diagnostic::new(
                crate::diag::codes::KISEONG_NO_COMMAND,
                "no Kiseong command (`&[…w` or `&[…@`) in the text: this is not a Kiseong record",
                Span::at(0),
            ),
        );
        return Parsed {
            diagnostics: diags,
            ..Parsed::default()
        };
    }
    let mut st = State {
        game: Game::new(GameKind::Go {
            size: BoardSize::square(SIZE),
        }),
        spans: vec![Span::at(0)],
        scripts: vec![Vec::new()],
        plain: vec![false],
        comments: Vec::new(),
        main: NodeId::ROOT,
        block: None,
        diagram: None,
        diags,
        collapser: Collapser::new(),
        last_color: None,
        main_moves: 0,
        total: None,
        started: false,
        ended: false,
        branches: Vec::new(),
    };
    let mut i = 0;
    while let Some(tok) = tokens.get(i) {
        i += 1;
        match &tok.token {
            Token::Text(t) => {
                check_forbidden(&mut st, text, tok.span);
                let at = st.cursor();
                st.push(at, format!("t{t}"));
                st.comment(at).push_str(t);
            }
            Token::Open => open_block(&mut st, tok.span),
            Token::Close => close_block(&mut st, tok.span),
            Token::Place(n) => place(&mut st, n, tok.span, raw(text, tok.span)),
            Token::Control(n) => i = control(&mut st, n, tok, &tokens, i, text),
        }
    }
    finish(st, text)
}

fn raw(text: &str, span: Span) -> String {
    text.get(span.start..span.end).unwrap_or("").to_string()
}

/// Warns about each character the seed forbids in commentary, at its own position.
fn check_forbidden(st: &mut State, source: &str, span: Span) {
    let Some(slice) = source.get(span.start..span.end) else {
        return;
    };
    for (i, c) in slice.char_indices() {
        if codes::replacement(c).is_some() {
            st.report(Diagnostic::new(
                crate::diag::codes::KISEONG_FORBIDDEN_CHARACTER,
                format!("commentary may not hold {c:?} (the seed reserves it)"),
                Span::new(span.start + i, span.start + i + c.len_utf8()),
            ));
        }
    }
}

fn open_block(st: &mut State, span: Span) {
    if st.diagram.is_some() {
        st.report(Diagnostic::new(
            crate::diag::codes::KISEONG_VARIATION_IN_DIAGRAM,
            "`{{` inside a save/restore diagram; it is ignored",
            span,
        ));
        st.push_raw("{{".into());
        return;
    }
    if st.block.is_some() {
        st.report(Diagnostic::new(
            crate::diag::codes::KISEONG_NESTED_VARIATION,
            "`{{` inside another variation: Kiseong variations do not nest; it is ignored",
            span,
        ));
        st.push_raw("{{".into());
        return;
    }
    let main = st.main;
    st.push(main, "v".into());
    let root = st.add(main, Node::default(), span);
    st.branches.push((main, root));
    st.block = Some(Block {
        open: span,
        cursor: root,
        root,
    });
}

fn close_block(st: &mut State, span: Span) {
    if st.diagram.is_some() {
        st.report(Diagnostic::new(
            crate::diag::codes::KISEONG_VARIATION_IN_DIAGRAM,
            "`}}` inside a save/restore diagram; it is ignored",
            span,
        ));
        st.push_raw("}}".into());
        return;
    }
    match st.block.take() {
        Some(b) => {
            let empty =
                st.game.tree.get(b.root).is_none_or(|n| n.mv.is_none()) && b.cursor == b.root;
            if empty {
                st.report(Diagnostic::new(
                    crate::diag::codes::KISEONG_EMPTY_VARIATION,
                    "a variation without moves",
                    Span::new(b.open.start, span.end),
                ));
            }
        }
        None => {
            st.report(Diagnostic::new(
                crate::diag::codes::KISEONG_UNBALANCED_VARIATION,
                "`}}` without a `{{` before it; it is ignored",
                span,
            ));
            st.push_raw("}}".into());
        }
    }
}

/// Checks the argument count of a command.
fn arity(st: &mut State, n: &[u16], want: &[usize], what: &str, span: Span) -> bool {
    if want.contains(&n.len()) {
        return true;
    }
    let want_text: Vec<String> = want.iter().map(usize::to_string).collect();
    st.report(Diagnostic::new(
        crate::diag::codes::KISEONG_ARGUMENT_COUNT,
        format!(
            "{what} takes {} number(s), this one has {}",
            want_text.join(" or "),
            n.len()
        ),
        span,
    ));
    false
}

/// The point of rows/columns n2, n3 (1–19), or an error.
fn point(st: &mut State, row: u16, col: u16, span: Span) -> Option<Point> {
    if (1..=19).contains(&row) && (1..=19).contains(&col) {
        // Both are 1–19, so they fit in u8.
        Some(Point::new(col as u8 - 1, row as u8 - 1))
    } else {
        st.report(Diagnostic::new(
            crate::diag::codes::KISEONG_OFF_BOARD,
            format!("({row}, {col}) is off the 19×19 board (rows and columns run 1–19)"),
            span,
        ));
        None
    }
}

fn index_in(st: &mut State, value: u16, max: u16, what: &str, span: Span) -> bool {
    if value <= max {
        return true;
    }
    st.report(Diagnostic::new(
        crate::diag::codes::KISEONG_LABEL_OUT_OF_RANGE,
        format!("{what} index {value} is out of range 0–{max}"),
        span,
    ));
    false
}

fn place(st: &mut State, n: &[u16], span: Span, raw: String) {
    let code = n.first().copied().unwrap_or(0);
    match code {
        2 | 3 => {
            if !arity(st, n, &[3], "a normal stone (2/3)", span) {
                return st.push_raw(raw);
            }
            let Some(p) = point(st, n[1], n[2], span) else {
                return st.push_raw(raw);
            };
            let color = if code == 2 {
                Color::Black
            } else {
                Color::White
            };
            stone_move(st, color, p, None, span, raw);
        }
        6 | 7 => {
            if !arity(st, n, &[4], "a numbered stone (6/7)", span) {
                return st.push_raw(raw);
            }
            let Some(p) = point(st, n[1], n[2], span) else {
                return st.push_raw(raw);
            };
            if !index_in(st, n[3], 99, "number", span) {
                return st.push_raw(raw);
            }
            let color = if code == 6 {
                Color::Black
            } else {
                Color::White
            };
            if st.diagram.is_some() {
                stone_move(st, color, p, Some(u32::from(n[3])), span, raw);
            } else {
                // Outside a diagram a numbered stone is a picture: markup.
                let at = st.cursor();
                if let Some(node) = st.node(at) {
                    node.markup.numbered.push(crate::model::NumberedStone {
                        point: p,
                        color,
                        number: u32::from(n[3]),
                    });
                }
                st.push_raw(format!("m{raw}"));
            }
        }
        0 | 1 | 4 | 5 | 11 | 12 => {
            let want: &[usize] = if code == 0 { &[3] } else { &[4] };
            if !arity(st, n, want, "this placement", span) {
                return st.push_raw(raw);
            }
            let Some(p) = point(st, n[1], n[2], span) else {
                return st.push_raw(raw);
            };
            let at = if matches!(code, 4 | 5 | 11 | 12) {
                st.setup_node(span)
            } else {
                st.cursor()
            };
            let ok = match code {
                0 => {
                    if let Some(node) = st.node(at) {
                        node.markup.dimmed.push(p);
                    }
                    st.game.tree.get(at).is_some()
                }
                1 => label(st, at, p, n[3], &HANGUL, "Hangul", span, None),
                4 | 5 => {
                    let letters: Vec<char> = ('A'..='Z').collect();
                    let color = if code == 4 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    label(st, at, p, n[3], &letters, "letter", span, Some(color))
                }
                _ => {
                    let color = if code == 11 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    symbol(st, at, p, n[3], color, span)
                }
            };
            // A placement that drew something is marked `m` in the layout, so the
            // writer can tell whether the drawing is still in the model.
            st.push(at, if ok { format!("m{raw}") } else { raw });
        }
        8 => {
            if !arity(st, n, &[1], "save (8)", span) {
                return st.push_raw(raw);
            }
            if st.diagram.is_some() {
                st.report(Diagnostic::new(
                    crate::diag::codes::KISEONG_NESTED_SAVE,
                    "save `&[8@` inside a diagram that is still open; it is ignored",
                    span,
                ));
                return st.push_raw(raw);
            }
            let from = st.cursor();
            st.push(from, "v".into());
            let d0 = st.add(from, Node::default(), span);
            st.branches.push((from, d0));
            st.push(d0, raw);
            st.diagram = Some(Diagram {
                save: span,
                cursor: d0,
                root: d0,
            });
        }
        9 => {
            if !arity(st, n, &[1], "restore (9)", span) {
                return st.push_raw(raw);
            }
            match st.diagram.take() {
                Some(d) => {
                    st.push(d.cursor, raw);
                    if d.cursor == d.root
                        && st
                            .game
                            .tree
                            .get(d.root)
                            .is_some_and(|n| n.markup.is_empty())
                    {
                        st.report(Diagnostic::new(
                            crate::diag::codes::KISEONG_EMPTY_DIAGRAM,
                            "a save/restore diagram that places nothing",
                            Span::new(d.save.start, span.end),
                        ));
                    }
                }
                None => {
                    st.report(Diagnostic::new(
                        crate::diag::codes::KISEONG_RESTORE_WITHOUT_SAVE,
                        "restore `&[9@` without a save `&[8@` before it",
                        span,
                    ));
                    st.push_raw(raw);
                }
            }
        }
        10 => {
            if !arity(st, n, &[1], "clear (10)", span) {
                return st.push_raw(raw);
            }
            // Clear: the diagram (or the display) starts from an empty board. The
            // points are filled in once the position is known (see `apply_clears`).
            let at = st.cursor();
            if let Some(node) = st.node(at) {
                node.extras.push(super::clear::MARKER, Vec::new());
            }
            st.push(at, raw);
        }
        _ => {
            st.report(Diagnostic::new(
                crate::diag::codes::KISEONG_UNKNOWN_PLACEMENT,
                format!("placement code {code} is not one of 0–12"),
                span,
            ));
            st.push_raw(raw);
        }
    }
}

impl State {
    fn push_raw(&mut self, raw: String) {
        let at = self.cursor();
        self.push(at, raw);
    }

    /// A Kiseong-only cue: kept in the node's cues and its script.
    fn cue(&mut self, raw: String) {
        let at = self.cursor();
        if let Some(node) = self.node(at) {
            match node.extras.0.iter_mut().find(|e| e.key == script::CUES) {
                Some(e) => e.values.push(raw.clone()),
                None => node.extras.push(script::CUES, vec![raw.clone()]),
            }
        }
        self.push(at, raw);
    }

    /// The node stones without a move (letter and symbol stones) go to: the cursor,
    /// unless it holds a move, in which case a new node follows it on its line (SGF
    /// keeps setup and moves in separate nodes).
    fn setup_node(&mut self, span: Span) -> NodeId {
        let at = self.cursor();
        if self.game.tree.get(at).is_none_or(|n| n.mv.is_none()) {
            return at;
        }
        let id = self.add(at, Node::default(), span);
        if let Some(d) = &mut self.diagram {
            d.cursor = id;
        } else if let Some(b) = &mut self.block {
            b.cursor = id;
        } else {
            self.game.tree.promote_child(at, id);
            self.main = id;
        }
        id
    }
}

#[allow(clippy::too_many_arguments)]
fn label(
    st: &mut State,
    at: NodeId,
    p: Point,
    index: u16,
    glyphs: &[char],
    what: &str,
    span: Span,
    stone: Option<Color>,
) -> bool {
    let max = u16::try_from(glyphs.len().saturating_sub(1)).unwrap_or(0);
    if !index_in(st, index, max, what, span) {
        return false;
    }
    let Some(&glyph) = glyphs.get(usize::from(index)) else {
        return false;
    };
    if let Some(node) = st.node(at) {
        node.markup.labels.push(Label {
            point: p,
            text: glyph.to_string(),
        });
        match stone {
            Some(Color::Black) => node.setup.add_black.push(p),
            Some(Color::White) => node.setup.add_white.push(p),
            None => {}
        }
    }
    true
}

fn symbol(st: &mut State, at: NodeId, p: Point, index: u16, color: Color, span: Span) -> bool {
    if !index_in(st, index, 7, "symbol", span) {
        return false;
    }
    let i = usize::from(index);
    if let Some(node) = st.node(at) {
        match codes::symbol_shape(i) {
            Some(shape) => node.markup.symbols.push(Symbol { point: p, shape }),
            None => node.markup.labels.push(Label {
                point: p,
                text: SYMBOLS.get(i).copied().unwrap_or('?').to_string(),
            }),
        }
        match color {
            Color::Black => node.setup.add_black.push(p),
            Color::White => node.setup.add_white.push(p),
        }
    }
    true
}

/// A move of the current line (main, variation or diagram).
fn stone_move(
    st: &mut State,
    color: Color,
    p: Point,
    number: Option<u32>,
    span: Span,
    raw: String,
) {
    let mut node = Node::with_move(Move::Stone(StoneMove {
        color,
        point: Some(p),
    }));
    node.move_number = number;
    // In a diagram or a variation, the first stone lands in the node opened for it
    // (unless that node already holds drawings or stones); the others follow it.
    let line = match (&st.diagram, &st.block) {
        (Some(d), _) => Some((d.cursor, d.root)),
        (None, Some(b)) => Some((b.cursor, b.root)),
        (None, None) => None,
    };
    if let Some((parent, root)) = line {
        let empty = parent == root
            && st
                .game
                .tree
                .get(parent)
                .is_some_and(|n| n.mv.is_none() && n.markup.is_empty() && n.setup.is_empty());
        let id = if empty {
            if let Some(n) = st.node(parent) {
                n.mv = node.mv;
                n.move_number = number;
            }
            if let Some(s) = st.spans.get_mut(parent.0 as usize) {
                *s = span;
            }
            parent
        } else {
            st.add(parent, node, span)
        };
        st.push_move(id, (color, p), number, raw);
        if let Some(d) = &mut st.diagram {
            d.cursor = id;
        } else if let Some(b) = &mut st.block {
            b.cursor = id;
        }
        return;
    }
    if st.last_color == Some(color) {
        st.report(Diagnostic::new(
            crate::diag::codes::KISEONG_SAME_COLOUR_TWICE,
            format!(
                "{} plays twice in a row",
                if color == Color::Black {
                    "black"
                } else {
                    "white"
                }
            ),
            span,
        ));
    }
    st.last_color = Some(color);
    let parent = st.main;
    let id = st.add(parent, node, span);
    st.game.tree.promote_child(parent, id);
    st.push_move(id, (color, p), number, raw);
    st.main = id;
    st.main_moves += 1;
}

/// Handles a control; returns the index of the next token to read.
fn control(
    st: &mut State,
    n: &[u16],
    tok: &Spanned,
    tokens: &[Spanned],
    next: usize,
    text: &str,
) -> usize {
    let span = tok.span;
    let raw_cmd = raw(text, span);
    let code = n.first().copied().unwrap_or(0);
    let one = |st: &mut State| arity(st, n, &[1], "this control", span);
    match code {
        4 => {
            if !one(st) {
                st.push_raw(raw_cmd);
                return next;
            }
            // `&[4w` text `&[5w` / `&[6w` / `&[12w`.
            let (name, after) = match tokens.get(next) {
                Some(Spanned {
                    token: Token::Text(t),
                    ..
                }) => (t.clone(), next + 1),
                _ => (String::new(), next),
            };
            match tokens.get(after) {
                Some(Spanned {
                    token: Token::Control(c),
                    ..
                }) if c.len() == 1 && matches!(c[0], 5 | 6 | 12) => {
                    let closer = c[0];
                    let info = &mut st.game.info;
                    match closer {
                        5 | 6 => {
                            let (nm, rank) = script::split_rank(&name);
                            let player = if closer == 5 {
                                &mut info.black
                            } else {
                                &mut info.white
                            };
                            player.name = (!nm.is_empty()).then_some(nm);
                            player.rank = rank;
                        }
                        _ => info.title = Some(name.clone()),
                    }
                    let at = st.cursor();
                    st.push(at, script::text(Item::Name(closer, &name)));
                    after + 1
                }
                _ => {
                    st.report(Diagnostic::new(
                        crate::diag::codes::KISEONG_UNTERMINATED_NAME,
                        "`&[4w` must be followed by text and `&[5w`, `&[6w` or `&[12w`",
                        span,
                    ));
                    st.push_raw(raw_cmd);
                    next
                }
            }
        }
        5 | 6 | 12 => {
            st.report(Diagnostic::new(
                crate::diag::codes::KISEONG_UNTERMINATED_NAME,
                format!("`&[{code}w` without `&[4w` and text before it"),
                span,
            ));
            st.push_raw(raw_cmd);
            next
        }
        9 => {
            if arity(st, n, &[1, 2], "a line break (9)", span) {
                let count = n.get(1).copied().unwrap_or(1);
                let at = st.cursor();
                st.comment(at)
                    .extend(std::iter::repeat_n('\n', usize::from(count)));
            }
            st.push_raw(raw_cmd);
            next
        }
        1 | 2 | 3 | 7 | 8 | 11 | 13 | 21 | 22 => {
            if one(st) {
                match code {
                    1 => st.started = true,
                    2 => st.ended = true,
                    _ => {}
                }
            }
            st.cue(raw_cmd);
            next
        }
        10 => {
            arity(st, n, &[3], "move-number display (10)", span);
            st.cue(raw_cmd);
            next
        }
        20 => {
            if arity(st, n, &[2], "the total move count (20)", span) {
                st.total = Some((n[1], span));
            }
            st.push_raw(raw_cmd);
            next
        }
        23 => {
            if arity(st, n, &[2], "the version (23)", span) {
                let mut values = vec![n[1].to_string()];
                match codes::release(n[1]) {
                    Some(r) => values.push(r.to_string()),
                    None => st.report(Diagnostic::new(
                        crate::diag::codes::KISEONG_UNKNOWN_VERSION,
                        format!("version {} is not in the seed's table (1–10)", n[1]),
                        span,
                    )),
                }
                st.game.info.extras.push("kiseong:version", values);
            }
            st.push_raw(raw_cmd);
            next
        }
        _ => {
            st.report(Diagnostic::new(
                crate::diag::codes::KISEONG_UNKNOWN_CONTROL,
                format!("control code {code} is not one of 1–13 or 20–23"),
                span,
            ));
            st.push_raw(raw_cmd);
            next
        }
    }
}

/// Closes what is open, checks totals, and moves scripts and comments into the nodes.
fn finish(mut st: State, text: &str) -> Parsed {
    let end = Span::at(text.len());
    if let Some(b) = st.block.take() {
        st.report(Diagnostic::new(
            crate::diag::codes::KISEONG_UNBALANCED_VARIATION,
            "`{{` is never closed by `}}`",
            b.open,
        ));
    }
    if let Some(d) = st.diagram.take() {
        st.report(Diagnostic::new(
            crate::diag::codes::KISEONG_SAVE_WITHOUT_RESTORE,
            "save `&[8@` is never restored by `&[9@`",
            d.save,
        ));
    }
    if !st.started {
        st.report(Diagnostic::new(
            crate::diag::codes::KISEONG_MISSING_START,
            "the record has no start `&[1w`",
            Span::at(0),
        ));
    }
    if !st.ended {
        st.report(Diagnostic::new(
            crate::diag::codes::KISEONG_MISSING_END,
            "the record has no end `&[2w`",
            end,
        ));
    }
    if let Some((total, span)) = st.total {
        if usize::from(total) != st.main_moves {
            st.report(Diagnostic::new(
                crate::diag::codes::KISEONG_MOVE_COUNT,
                format!(
                    "the record says it has {total} moves, but its main line has {}",
                    st.main_moves
                ),
                span,
            ));
        }
    }
    let State {
        mut game,
        mut spans,
        scripts,
        plain,
        comments,
        diags,
        branches,
        ..
    } = st;
    // A variation of a move that never came (the record ends, or goes on in another
    // variation): an empty node keeps the main line first, so the variation stays one.
    for (parent, child) in branches {
        let first = game
            .tree
            .get(parent)
            .and_then(|n| n.children().first().copied());
        if first == Some(child) {
            let placeholder = game.tree.add_child(parent, Node::default());
            game.tree.promote_child(parent, placeholder);
            spans.push(spans.get(child.0 as usize).copied().unwrap_or_default());
        }
    }
    let mut comments = comments.into_iter().peekable();
    for (i, mut script) in scripts.into_iter().enumerate() {
        let id = NodeId(i as u32);
        let comment = comments.next_if(|(c, _)| *c == id).map(|(_, c)| c);
        let Some(node) = game.tree.get_mut(id) else {
            continue;
        };
        if let Some(comment) = comment.filter(|c| !c.is_empty()) {
            node.comment = Some(comment);
        }
        if plain.get(i).copied().unwrap_or(false) {
            if script.is_empty() && node.is_bare() {
                // Only the move, as the canonical layout writes it: no script.
                continue;
            }
            if let Some(Move::Stone(StoneMove {
                color,
                point: Some(p),
            })) = node.mv
            {
                script.insert(0, format!("@{}", script::plain_move(color, p)));
            }
        }
        // A script that says nothing the canonical layout would not write is left
        // out: most moves cost no rest then.
        if !script.is_empty() && !script::says_nothing_more(node, &script) {
            node.extras.push(script::KEY, script);
        }
    }
    super::clear::apply_clears(&mut game);
    let mut diagnostics = diags;
    crate::diag::finish_summaries(&mut diagnostics);
    diagnostics.sort_by_key(|d| d.span.start);
    Parsed {
        collection: Collection { games: vec![game] },
        diagnostics,
        node_spans: vec![spans],
        part_places: Vec::new(),
    }
}
