//! Model → Kiseong record. A node read from Kiseong is written from its script (the
//! exact original order of commands and text) while the script agrees with the
//! model; anything else is written in the canonical layout: BBS markers, version,
//! start, title, names, total move count, then moves with their commentary, one level
//! of `{{ }}` variations, save/restore diagrams, labels and symbols where placement
//! codes express them, end.

use super::codes::{self, HANGUL};
use super::lexer::{lex, Token};
use super::script::{self, Item};
use crate::diag::Loss;
use crate::formats::{WriteError, WriteOptions, Written};
use crate::model::{Collection, Color, Game, Move, Node, NodeId, Point};

/// The version the canonical header announces: 기성[97.06], the last in the seed.
const CANONICAL_VERSION: u16 = 10;

/// Writes a one-game collection of a 19×19 Go game.
pub fn write(c: &Collection, _opts: &WriteOptions<'_>) -> Result<Written<String>, WriteError> {
    let game = crate::formats::the_game(c)?;
    match game.kind.board_size() {
        Some(size) if size.width == 19 && size.height == 19 => {}
        Some(size) => {
            return Err(WriteError::Invalid(format!(
                "Kiseong records are 19×19; this board is {size}"
            )))
        }
        None => return Err(WriteError::Invalid("Kiseong records are Go games".into())),
    }
    let mut w = Out {
        text: String::new(),
        losses: Vec::new(),
        game,
        framed: false,
        in_diagram: false,
        numbers: None,
    };
    let root = game.tree.root_node();
    let scripted_root = w.scripted(root);
    w.framed = !scripted_root;
    if !scripted_root {
        w.header();
    }
    // The main line, iteratively; each node's variations are written where its
    // script places them, or after it.
    let mut at = Some(NodeId::ROOT);
    while let Some(id) = at {
        let Some(node) = game.tree.get(id) else { break };
        w.node(id, node);
        w.text.push_str("\r\n");
        at = node.children().first().copied();
    }
    if !scripted_root {
        w.text.push_str("&[2w&[22w\r\n");
    }
    Ok(Written {
        output: w.text,
        losses: w.losses,
    })
}

struct Out<'g> {
    text: String,
    losses: Vec<Loss>,
    game: &'g Game,
    /// True when the canonical header and footer write start, end and BBS markers.
    framed: bool,
    /// True while writing a save/restore diagram (numbered stones are its moves).
    in_diagram: bool,
    /// Every node's move number, counted on the first loss.
    numbers: Option<Vec<Option<u32>>>,
}

impl Out<'_> {
    fn loss(&mut self, code: &'static crate::diag::codes::Code, message: String, node: NodeId) {
        let game = self.game;
        let numbers = self.numbers.get_or_insert_with(|| game.tree.move_numbers());
        self.losses.push(Loss {
            code,
            message,
            game: 0,
            move_number: numbers.get(node.0 as usize).copied().flatten(),
        });
    }

    /// `&[21w&[23;10w&[1w`, title, names, total moves, as a BBS record begins.
    fn header(&mut self) {
        let info = &self.game.info;
        let version = info
            .extras
            .get("kiseong:version")
            .and_then(|v| v.first())
            .and_then(|v| v.parse().ok())
            .unwrap_or(CANONICAL_VERSION);
        self.text.push_str(&format!("&[21w&[23;{version}w&[1w"));
        if let Some(t) = &info.title {
            let t = self.escape(t, NodeId::ROOT);
            self.text.push_str(&format!("&[4w{t}&[12w"));
        }
        for (player, closer, who) in [(&info.black, 5, "black"), (&info.white, 6, "white")] {
            let joined = script::join_rank(player.name.as_deref(), player.rank.as_deref());
            let (name, rank) = script::split_rank(&joined);
            let kept = player.rank == rank && player.name.as_deref().unwrap_or("") == name;
            if let (false, Some(r)) = (kept, &player.rank) {
                self.losses.push(Loss::new(
                    crate::diag::codes::LOSS_GAME_INFO,
                    format!(
                        "kiseong has no place of its own for the {who} player's rank {}: it is written after the name, where it does not read back as a rank",
                        crate::diag::quote(r)
                    ),
                    0,
                    None,
                ));
            }
            if !joined.is_empty() {
                let joined = self.escape(&joined, NodeId::ROOT);
                self.text.push_str(&format!("&[4w{joined}&[{closer}w"));
            }
        }
        let moves = self
            .game
            .tree
            .main_line()
            .filter(|(_, n)| matches!(n.mv, Some(Move::Stone(s)) if s.point.is_some()))
            .count();
        self.text.push_str(&format!("&[20;{moves}w\r\n"));
    }

    /// True when the node has a script that still agrees with the model.
    fn scripted(&self, node: &Node) -> bool {
        node.extras
            .get(script::KEY)
            .is_some_and(|items| agrees(self.game, node, items))
    }

    /// Writes a node (and, at its `v` markers or after it, its variations).
    fn node(&mut self, id: NodeId, node: &Node) {
        let variations: Vec<NodeId> = node.children().iter().skip(1).copied().collect();
        let mut pending = variations.into_iter();
        if self.scripted(node) {
            let items = node.extras.get(script::KEY).unwrap_or(&[]).to_vec();
            self.layout(&items, &mut pending);
        } else {
            self.canonical(id, node);
        }
        for v in pending {
            self.block(v);
        }
    }

    /// Writes a node's layout items; each `v` marker takes the next of `variations`.
    fn layout(&mut self, items: &[String], variations: &mut dyn Iterator<Item = NodeId>) {
        for item in items {
            match script::parse(item) {
                Item::Move(raw) | Item::Raw(raw) | Item::Drawn(raw) => self.text.push_str(raw),
                Item::Text(t) => self.text.push_str(t),
                Item::Name(closer, raw) => self.text.push_str(&format!("&[4w{raw}&[{closer}w")),
                Item::Variation => {
                    if let Some(v) = variations.next() {
                        self.block(v);
                    }
                }
            }
        }
    }

    /// A node without a usable script: move, markup, commentary.
    fn canonical(&mut self, id: NodeId, node: &Node) {
        match node.mv {
            Some(Move::Stone(m)) => match m.point {
                Some(p) => {
                    let (r, c) = rc(p);
                    match (node.move_number, m.color) {
                        (Some(n), color) if self.in_diagram && n <= 99 => {
                            let code = if color == Color::Black { 6 } else { 7 };
                            self.text.push_str(&format!("&[{code};{r};{c};{n}@"));
                        }
                        // As the reader expects of a script it leaves out.
                        (_, color) => self.text.push_str(&script::plain_move(color, p)),
                    }
                    if let Some(n) = node.move_number.filter(|&n| !self.in_diagram || n > 99) {
                        self.losses.push(Loss::new(
                            crate::diag::codes::LOSS_ANNOTATIONS,
                            format!("kiseong has no place for the shown move number {n}: only diagrams number their moves, up to 99"),
                            0,
                            self.game.tree.move_number(id),
                        ));
                    }
                }
                None => self.loss(
                    crate::diag::codes::KISEONG_PASS_DROPPED,
                    "a pass: Kiseong has no pass; the move is left out".into(),
                    id,
                ),
            },
            Some(_) => self.loss(
                crate::diag::codes::KISEONG_MOVE_DROPPED,
                "not a Go move".into(),
                id,
            ),
            // Setup stones open a node of their own on reading (and an empty node
            // holds nothing); whatever else a node without a move holds is read back
            // as part of the move before it, or not at all.
            None if id != NodeId::ROOT
                && node.setup.add_black.is_empty()
                && node.setup.add_white.is_empty()
                && holds_something(node) =>
            {
                self.loss(
                    crate::diag::codes::KISEONG_NODE_MERGED,
                    "a node without a move: Kiseong hangs what it holds on the move before it, where it is read back".into(),
                    id,
                );
            }
            None => {}
        }
        self.markup(id, node);
        for cue in node.extras.get(script::CUES).unwrap_or(&[]) {
            let frame = matches!(cue.as_str(), "&[1w" | "&[2w" | "&[21w" | "&[22w");
            if !(self.framed && frame) {
                self.text.push_str(cue);
            }
        }
        if !node.setup.clear.is_empty() {
            self.text.push_str("&[10@");
        }
        if let Some(c) = &node.comment {
            let text = self.comment(c, id);
            self.text.push_str(&text);
        }
    }

    /// Labels, symbols, numbered stones and dimmed points that placement codes express.
    /// Stones first: on reading, a letter or symbol stone after a move opens the setup
    /// node that the rest of this node's drawings then belong to.
    fn markup(&mut self, id: NodeId, node: &Node) {
        let stone_at = |p: Point| {
            if node.setup.add_black.contains(&p) {
                Some(Color::Black)
            } else if node.setup.add_white.contains(&p) {
                Some(Color::White)
            } else {
                None
            }
        };
        let m = &node.markup;
        let mut stones = Vec::new();
        let mut plain = Vec::new();
        for l in &m.labels {
            let (r, c) = rc(l.point);
            let mut chars = l.text.chars();
            let (Some(ch), None) = (chars.next(), chars.next()) else {
                self.loss(crate::diag::codes::KISEONG_LABEL_DROPPED, format!("label {:?}: only one Hangul syllable 가–하, a letter A–Z on a stone or a symbol fits", l.text), id);
                continue;
            };
            let hangul = HANGUL.iter().position(|&h| h == ch);
            let symbol = codes::SYMBOLS.iter().position(|&s| s == ch);
            match (hangul, ch.is_ascii_uppercase(), symbol, stone_at(l.point)) {
                (Some(i), _, _, None) => plain.push(format!("&[1;{r};{c};{i}@")),
                (_, true, _, Some(color)) => {
                    let code = if color == Color::Black { 4 } else { 5 };
                    let i = u32::from(ch) - u32::from('A');
                    stones.push(format!("&[{code};{r};{c};{i}@"));
                }
                (_, _, Some(i), Some(color)) => {
                    let code = if color == Color::Black { 11 } else { 12 };
                    stones.push(format!("&[{code};{r};{c};{i}@"));
                }
                _ => self.loss(
                    crate::diag::codes::KISEONG_LABEL_DROPPED,
                    format!(
                        "label {:?} at row {r}, column {c}: no placement code draws it here",
                        l.text
                    ),
                    id,
                ),
            }
        }
        for s in &m.symbols {
            let (r, c) = rc(s.point);
            match (codes::shape_index(s.shape), stone_at(s.point)) {
                (Some(i), Some(color)) => {
                    let code = if color == Color::Black { 11 } else { 12 };
                    stones.push(format!("&[{code};{r};{c};{i}@"));
                }
                _ => self.loss(
                    crate::diag::codes::KISEONG_SYMBOL_DROPPED,
                    format!(
                        "{:?} at row {r}, column {c}: Kiseong draws symbols on stones only",
                        s.shape
                    ),
                    id,
                ),
            }
        }
        for p in &m.dimmed {
            let (r, c) = rc(*p);
            plain.push(format!("&[0;{r};{c}@"));
        }
        for n in &m.numbered {
            let (r, c) = rc(n.point);
            let code = if n.color == Color::Black { 6 } else { 7 };
            if n.number <= 99 {
                plain.push(format!("&[{code};{r};{c};{}@", n.number));
            } else {
                self.loss(
                    crate::diag::codes::KISEONG_NUMBER_DROPPED,
                    format!("number {} is over 99", n.number),
                    id,
                );
            }
        }
        for cmd in stones.into_iter().chain(plain) {
            self.text.push_str(&cmd);
        }
        let drawn: Vec<Point> = m
            .labels
            .iter()
            .map(|l| l.point)
            .chain(m.symbols.iter().map(|s| s.point))
            .collect();
        let bare = node
            .setup
            .add_black
            .iter()
            .chain(&node.setup.add_white)
            .filter(|p| !drawn.contains(p))
            .count();
        if let Some(c) = node.setup.to_play {
            self.loss(
                crate::diag::codes::KISEONG_SETUP_DROPPED,
                format!("{c:?} to play: Kiseong has no side to play but the moves'"),
                id,
            );
        }
        if bare > 0 {
            self.loss(
                crate::diag::codes::KISEONG_SETUP_DROPPED,
                format!("{bare} setup stone(s) without a letter or symbol: Kiseong places stones only as moves or marked stones"),
                id,
            );
        }
    }

    /// A variation block: `{{` … `}}`; or a save/restore diagram `&[8@` … `&[9@` when
    /// it was read as one, or when its moves carry numbers (only diagrams show them).
    fn block(&mut self, first: NodeId) {
        let Some(node) = self.game.tree.get(first) else {
            return;
        };
        let read_as_diagram = node
            .extras
            .get(script::KEY)
            .and_then(|s| s.first())
            .is_some_and(|s| s == "&[8@");
        let numbered = line(self.game, first).iter().any(|&id| {
            self.game
                .tree
                .get(id)
                .is_some_and(|n| n.move_number.is_some())
        });
        let scripted_diagram = read_as_diagram && self.scripted(node);
        let diagram = read_as_diagram || numbered;
        self.in_diagram = diagram;
        let start = self.text.len();
        if !diagram {
            self.text.push_str("{{");
        } else if !scripted_diagram {
            self.text.push_str("&[8@");
        }
        let mut at = Some(first);
        while let Some(id) = at {
            let Some(n) = self.game.tree.get(id) else {
                break;
            };
            if self.scripted(n) {
                let items = n.extras.get(script::KEY).unwrap_or(&[]).to_vec();
                // Variations inside a variation are dropped (the registry's
                // accounting reports them).
                self.layout(&items, &mut std::iter::empty());
            } else {
                self.canonical(id, n);
            }
            at = n.children().first().copied();
        }
        if !diagram {
            self.text.push_str("}}");
        } else if !self.text.get(start..).unwrap_or("").contains("&[9@") {
            // A diagram must end with restore, or what follows would fall into it.
            self.text.push_str("&[9@");
        }
        self.in_diagram = false;
    }

    /// Commentary: line breaks as `&[9w` (`&[9;n w` for several), forbidden
    /// characters replaced by their full-width forms, each reported.
    fn comment(&mut self, c: &str, id: NodeId) -> String {
        let mut out = String::with_capacity(c.len());
        let mut breaks = 0usize;
        let flush = |out: &mut String, breaks: &mut usize| {
            match *breaks {
                0 => {}
                1 => out.push_str("&[9w"),
                n => out.push_str(&format!("&[9;{n}w")),
            }
            *breaks = 0;
        };
        let escaped = self.escape(c, id);
        for ch in escaped.chars() {
            match ch {
                '\n' => breaks += 1,
                '\r' => {}
                _ => {
                    flush(&mut out, &mut breaks);
                    out.push(ch);
                }
            }
        }
        flush(&mut out, &mut breaks);
        out
    }

    /// Replaces the characters the seed forbids in commentary, reporting each.
    fn escape(&mut self, s: &str, id: NodeId) -> String {
        let mut out = String::with_capacity(s.len());
        for ch in s.chars() {
            match codes::replacement(ch) {
                Some(r) => {
                    self.loss(
                        crate::diag::codes::KISEONG_REPLACED_CHARACTER,
                        format!("{ch:?} written as {r:?}: the seed reserves it"),
                        id,
                    );
                    out.push(r);
                }
                None => out.push(ch),
            }
        }
        out
    }
}

/// Kiseong row and column (1-based) of a point.
/// True when a node holds anything besides its children (its model JSON has another
/// field).
fn holds_something(node: &Node) -> bool {
    match serde_json::to_value(node) {
        Ok(serde_json::Value::Object(map)) => map.keys().any(|k| k != "children"),
        _ => true,
    }
}

fn rc(p: Point) -> (u16, u16) {
    (u16::from(p.y) + 1, u16::from(p.x) + 1)
}

/// A node and its first-child chain.
fn line(game: &Game, first: NodeId) -> Vec<NodeId> {
    let mut out = Vec::new();
    let mut at = Some(first);
    while let Some(id) = at {
        out.push(id);
        at = game
            .tree
            .get(id)
            .and_then(|n| n.children().first().copied());
    }
    out
}

/// Whether a script still describes the node: same move, same commentary, same names
/// and title (root), as many drawn placements as markup.
fn agrees(game: &Game, node: &Node, items: &[String]) -> bool {
    let mut comment = String::new();
    let mut moves = 0;
    let mut drawn = 0usize;
    let mut cues: Vec<&str> = Vec::new();
    for item in items {
        match script::parse(item) {
            Item::Move(raw) => {
                moves += 1;
                if parse_move(raw)
                    != node
                        .mv
                        .and_then(stone)
                        .map(|(c, p)| (c, p, node.move_number))
                {
                    return false;
                }
            }
            Item::Text(t) => comment.push_str(t),
            Item::Drawn(_) => drawn += 1,
            Item::Raw(r) => {
                if let Some(n) = script::line_breaks(r) {
                    comment.extend(std::iter::repeat_n('\n', n));
                } else if script::is_cue(r) {
                    cues.push(r);
                }
            }
            Item::Name(closer, raw) => {
                let info = &game.info;
                let ok = match closer {
                    5 | 6 => {
                        let p = if closer == 5 {
                            &info.black
                        } else {
                            &info.white
                        };
                        let (name, rank) = script::split_rank(raw);
                        p.name.as_deref() == Some(name.as_str()).filter(|n| !n.is_empty())
                            && p.rank == rank
                    }
                    _ => info.title.as_deref() == Some(raw),
                };
                if !ok {
                    return false;
                }
            }
            Item::Variation => {}
        }
    }
    let m = &node.markup;
    let markup = m.labels.len() + m.symbols.len() + m.dimmed.len() + m.numbered.len();
    let kept: Vec<&str> = node
        .extras
        .get(script::CUES)
        .unwrap_or(&[])
        .iter()
        .map(String::as_str)
        .collect();
    moves == usize::from(node.mv.is_some())
        && node.comment.as_deref().unwrap_or("") == comment
        && drawn == markup
        && cues == kept
}

fn stone(m: Move) -> Option<(Color, Point)> {
    match m {
        Move::Stone(s) => s.point.map(|p| (s.color, p)),
        _ => None,
    }
}

/// The move a raw `&[2;r;c@` / `&[6;r;c;n@` command makes.
fn parse_move(raw: &str) -> Option<(Color, Point, Option<u32>)> {
    let mut d = Vec::new();
    let tokens = lex(raw, &mut d);
    let [t] = tokens.as_slice() else { return None };
    let Token::Place(n) = &t.token else {
        return None;
    };
    let color = match n.first()? {
        2 | 6 => Color::Black,
        3 | 7 => Color::White,
        _ => return None,
    };
    let (r, c) = (*n.get(1)?, *n.get(2)?);
    let p = Point::new(
        u8::try_from(c.checked_sub(1)?).ok()?,
        u8::try_from(r.checked_sub(1)?).ok()?,
    );
    let number = if matches!(n.first(), Some(6 | 7)) {
        Some(u32::from(*n.get(3)?))
    } else {
        None
    };
    Some((color, p, number))
}
