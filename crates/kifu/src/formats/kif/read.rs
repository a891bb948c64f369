//! The KIF reader: header, start position, moves with times, comments, bookmarks,
//! special endings, the `まで` summary and `変化：N手` variations.

use super::canonical::{
    separator, summary_text, words_for, MOVE_COUNT_KEY, NO_PROMOTE_KEY, NO_SUMMARY_KEY,
    PRE_COMMENT_KEY, SEPARATOR_KEY, SUMMARY_KEY, TIME_TEXT_KEY,
};
use super::header::split_header;
use super::ki2line::{ki2_ending, named_side};
use super::line::{
    looks_like_move, parse_move_line, parse_move_line_at, parse_move_line_fast, Body, Dest,
    MoveLine,
};
use crate::diag::{codes, Diagnostic, Span};
use crate::formats::shogi::bod::{self, Bod};
use crate::formats::shogi::header::{apply_header, record_order};
use crate::formats::shogi::notation::parse_special;
use crate::formats::shogi::result::main_line_end;
use crate::formats::{
    push_all, push_checked, Flow, FoundWhileReading, Parsed, Places, ReadEnd, Sink, Want,
};
use crate::model::{
    Collection, Color, Ending, EndingKind, Game, GameKind, GameResult, Handicap, Move, Node,
    NodeId, ShogiStart, WinReason,
};
use crate::rules::shogi::{is_foul, LineCheck};

/// Reads a KIF document (one game).
pub fn read(text: &str) -> Parsed {
    let mut r = KifReader::new(text, false, Mode::Read);
    r.run();
    r.finish().0
}

/// Reads a KIF document for a check (for [`crate::formats::Sink::checked`]): its
/// moves are checked against the rules as they are made, and no tree is built. It
/// gives the games' information and the spans of their nodes, but not their trees,
/// and for each game the rules' findings exactly as [`crate::rules::check`] gives
/// them on the game [`read`] reads.
pub fn read_checking(text: &str) -> (Parsed, Vec<FoundWhileReading>) {
    let mut r = KifReader::new(text, false, Mode::Check);
    r.run();
    r.finish()
}

/// Reads a KI2 document (one game): the same header, then moves written as
/// `▲７六歩△３四歩` (several a line), resolved among the legal moves with the
/// JSA relative words; the end of the game comes from the `まで` line.
pub fn read_ki2(text: &str) -> Parsed {
    let mut r = KifReader::new(text, true, Mode::Read);
    r.run();
    r.finish().0
}

/// [`read_ki2`] for a check, as [`read_checking`] reads KIF.
pub fn read_ki2_checking(text: &str) -> (Parsed, Vec<FoundWhileReading>) {
    let mut r = KifReader::new(text, true, Mode::Check);
    r.run();
    r.finish()
}

/// Reads a KIF (`ki2`: KI2) document whole, as [`read`] (or [`read_ki2`]) does, and
/// checks its moves against the rules as they are made: for a sink that checks
/// every game ([`Sink::checks_games`]). The findings are those of
/// [`crate::rules::check`] on the game read; the move numbers are left empty (the
/// tree gives them).
pub fn read_whole_checking(text: &str, ki2: bool) -> (Parsed, Vec<FoundWhileReading>) {
    let mut r = KifReader::new(text, ki2, Mode::ReadChecking);
    r.run();
    r.finish()
}

/// KIF's read entry ([`crate::formats::Entry`]): for a check ([`Want::Check`]) the
/// moves are checked as they are made ([`read_checking`]) and each game goes to
/// [`Sink::checked`] with the rules' findings; otherwise the game is read whole.
pub fn read_into(text: &str, sink: &mut dyn Sink) -> ReadEnd {
    entry(text, sink, false)
}

/// KI2's read entry, as [`read_into`] reads KIF.
pub fn read_ki2_into(text: &str, sink: &mut dyn Sink) -> ReadEnd {
    entry(text, sink, true)
}

/// A reader that checks as it reads ([`read_checking`], [`read_ki2_checking`]).
type Checking = fn(&str) -> (Parsed, Vec<FoundWhileReading>);

/// [`read_into`] of KIF, or (`ki2`) of KI2. A sink that checks every whole game it
/// is given ([`Sink::checks_games`]) gets each game read whole and checked as it was
/// read ([`read_whole_checking`]), through [`Sink::checked`] (a game with engine
/// analysis through [`Sink::game`], for the sink's whole check).
fn entry(text: &str, sink: &mut dyn Sink, ki2: bool) -> ReadEnd {
    let whole: fn(&str) -> Parsed = if ki2 { read_ki2 } else { read };
    let checking: Checking = if ki2 {
        read_ki2_checking
    } else {
        read_checking
    };
    if sink.wants() != Want::Check {
        if !sink.checks_games() {
            return push_all(whole(text), sink);
        }
        let (parsed, found) = read_whole_checking(text, ki2);
        return push_checked(parsed, found, sink);
    }
    let (mut parsed, found) = checking(text);
    // A game with engine analysis is read whole: its evaluations are read, and a
    // check replays their variations on the tree (see `FoundWhileReading::analysis`).
    if found.iter().any(|f| f.analysis) {
        return push_all(whole(text), sink);
    }
    let games = std::mem::take(&mut parsed.collection.games);
    let count = games.len();
    let mut stopped = false;
    for (g, (mut game, found)) in games.into_iter().zip(found).enumerate() {
        if sink.checked(&mut game, Places::of(&parsed, g), found) == Flow::Stop {
            stopped = true;
            break;
        }
    }
    ReadEnd::new(count, parsed.diagnostics, stopped)
}

/// What the reader is reading for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The game, whole; no rules.
    Read,
    /// A check: the rules run as the moves are made, and only what the findings
    /// need is kept (node spans and move numbers), no tree.
    Check,
    /// The game, whole, and the rules run as the moves are made.
    ReadChecking,
}

/// The marks that open a KI2 move, and the side each names.
fn ki2_mark(c: char) -> Option<Color> {
    match c {
        '▲' | '☗' => Some(Color::Black),
        '△' | '▽' | '☖' => Some(Color::White),
        _ => None,
    }
}

/// The index of the first `\n` in `b`, looking at eight bytes at a time.
fn newline(b: &[u8]) -> Option<usize> {
    use crate::text::words::{equal_bytes, first_marked};
    first_marked(b, |w| equal_bytes(w, b'\n'), |c| c == b'\n')
}

pub(super) struct KifReader<'a> {
    pub(super) text: &'a str,
    pub(super) diags: Vec<Diagnostic>,
    pub(super) game: Game,
    pub(super) spans: Vec<Span>,
    /// True until the moves start.
    pub(super) in_header: bool,
    pub(super) bod: Bod,
    pub(super) handicap: Option<Handicap>,
    pub(super) handicap_span: Span,
    /// The moves of the current line, made on its position (and checked against the
    /// rules when reading to check).
    pub(super) play: LineCheck,
    /// The current line: `line[k]` is the node after k moves (0: the root), then at
    /// most one ending node.
    pub(super) line: Vec<NodeId>,
    /// The current line is broken (a move could not be read); skip to the next 変化.
    pub(super) skipping: bool,
    /// The current line has ended (a special move); more moves are an error.
    pub(super) ended: bool,
    /// A 変化 block started and has no move yet.
    pub(super) fresh_variation: bool,
    pub(super) in_main_line: bool,
    pub(super) pending_comment: Vec<String>,
    pub(super) pending_bookmarks: Vec<String>,
    pub(super) game_comment: Vec<String>,
    pub(super) main_summary: Option<String>,
    /// Nodes a `まで` line followed.
    pub(super) summarised: Vec<NodeId>,
    /// The `手数----` line as written.
    pub(super) separator: Option<String>,
    /// Reading KI2 rather than KIF.
    pub(super) ki2: bool,
    /// What the reader is reading for.
    mode: Mode,
    /// In a check ([`Mode::Check`]), the move number of each node, by id (the tree
    /// holds its root alone); the next node's id is its length.
    move_numbers: Vec<Option<u32>>,
    /// Room for about this many moves.
    room: usize,
    /// A header line was read (KI2: the first empty line after it ends the header).
    pub(super) header_seen: bool,
    /// A comment line after a move starts like analysis (`**`, `*#`): the game's
    /// comments are lifted into evaluations when it ends, and only then.
    analysis: bool,
}

impl<'a> KifReader<'a> {
    fn new(text: &'a str, ki2: bool, mode: Mode) -> Self {
        let mut game = Game::new(GameKind::Shogi);
        // A KIF move line takes 20–40 bytes, a KI2 move 12–16: room for that many
        // nodes (at most 2^16 up front) spares regrowing the arena, and copying it,
        // as moves come.
        let per_node = if ki2 { 12 } else { 32 };
        let nodes = (text.len() / per_node).min(1 << 16);
        let mut move_numbers = Vec::new();
        match mode {
            Mode::Read | Mode::ReadChecking => game.tree.reserve(nodes),
            Mode::Check => {
                move_numbers.reserve(nodes + 1);
                move_numbers.push(None);
            }
        }
        let mut spans = Vec::with_capacity(nodes + 1);
        spans.push(Span::at(0));
        // The line and its moves grow to the longest line: the same room spares
        // regrowing them a dozen times a file.
        let mut line = Vec::with_capacity(nodes + 1);
        line.push(NodeId::ROOT);
        KifReader {
            text,
            diags: Vec::new(),
            game,
            spans,
            in_header: true,
            bod: Bod::default(),
            handicap: None,
            handicap_span: Span::at(0),
            // A stand-in until the header gives the start (`start_moves`).
            play: LineCheck::unstarted(),
            line,
            skipping: false,
            ended: false,
            fresh_variation: false,
            in_main_line: true,
            pending_comment: Vec::new(),
            pending_bookmarks: Vec::new(),
            game_comment: Vec::new(),
            main_summary: None,
            summarised: Vec::new(),
            separator: None,
            ki2,
            mode,
            move_numbers,
            room: nodes,
            header_seen: false,
            analysis: false,
        }
    }

    fn run(&mut self) {
        let text = self.text;
        let mut offset = 0;
        while offset < text.len() {
            let start = offset;
            // Most lines of a KIF record are moves of the usual shape: read at once,
            // line end and all.
            if !self.ki2 && !self.in_header {
                if let Some((parsed, used)) = parse_move_line_at(text, start) {
                    debug_assert_eq!(
                        parse_move_line_fast(
                            text.get(start..start + used)
                                .unwrap_or("")
                                .trim_end_matches(['\n', '\r'])
                        )
                        .as_ref(),
                        Some(&parsed),
                        "the move line at {start} reads otherwise on its own"
                    );
                    offset += used;
                    if !self.skipping {
                        self.move_parsed(parsed, start);
                    }
                    continue;
                }
            }
            let rest = text.get(start..).unwrap_or("");
            // Lines end at `\n` (an ASCII byte, so the cut is on a char boundary).
            let len = newline(rest.as_bytes()).map_or(rest.len(), |i| i + 1);
            offset += len;
            let raw = rest.get(..len).unwrap_or(rest);
            let line = raw.trim_end_matches(['\n', '\r']);
            match line.strip_prefix('\u{feff}') {
                Some(l) => self.line_at(l, start + '\u{feff}'.len_utf8()),
                None => self.line_at(line, start),
            }
        }
        if self.in_header {
            self.start_moves(Span::at(text.len()));
        }
    }

    pub(super) fn span(&self, start: usize, len: usize) -> Span {
        Span::new(start, start + len)
    }

    fn line_at(&mut self, line: &str, at: usize) {
        let trimmed = line;
        // Blank: all whitespace (`lead_space` scans the ASCII part byte by byte).
        if super::line::lead_space(trimmed) == trimmed.len() {
            if self.ki2 && self.in_header && self.header_seen {
                self.start_moves(Span::at(at));
            }
            return;
        }
        if let Some(rest) = trimmed.strip_prefix('#') {
            if !rest.starts_with("KIF") && !rest.starts_with("KI2") {
                self.game.info.extras.push("kif:#", vec![rest.to_string()]);
                self.order("#");
            }
            return;
        }
        if self.in_header {
            if trimmed.starts_with("手数-") || trimmed.starts_with("手数－") {
                self.separator = Some(trimmed.to_string());
                self.start_moves(self.span(at, trimmed.len()));
                return;
            }
            let starts_moves = if self.ki2 {
                trimmed.trim_start().starts_with(|c| ki2_mark(c).is_some())
            } else {
                looks_like_move(trimmed)
            };
            if starts_moves {
                self.start_moves(Span::at(at));
            } else {
                self.header_seen = true;
                self.header_line(trimmed, at);
                return;
            }
        }
        self.body_line(trimmed, at);
    }

    fn order(&mut self, key: &str) {
        record_order(&mut self.game.info, key);
    }

    fn header_line(&mut self, line: &str, at: usize) {
        if let Some(c) = line.trim_start().strip_prefix('*') {
            self.game_comment.push(c.to_string());
            return;
        }
        let t = line.trim();
        if let Some(b) = t.strip_prefix('&') {
            self.game.tree.root_node_mut().bookmarks.push(b.to_string());
            return;
        }
        if t.starts_with('|') {
            if self.bod.rows == 0 {
                self.order("#BOD");
            }
            if let Err(msg) = bod::read_board_row(&mut self.bod, t) {
                self.diags.push(Diagnostic::new(
                    codes::KIF_BAD_BOARD,
                    msg,
                    self.span(at, line.len()),
                ));
            }
            return;
        }
        if t.starts_with('+') || t.starts_with('９') {
            self.bod.seen = true;
            return;
        }
        // The file header of a rotated diagram: `１ ２ ３ … ９`.
        if t.starts_with('１') && t.ends_with('９') {
            self.bod.seen = true;
            self.bod.rotated = true;
            return;
        }
        let side = match t {
            "先手番" | "下手番" => Some(Color::Black),
            "後手番" | "上手番" => Some(Color::White),
            _ => None,
        };
        if let Some(side) = side {
            self.bod.side = Some(side);
            self.order(t);
            return;
        }
        if t == "盤面回転" {
            self.bod.rotated = true;
            self.order(t);
            return;
        }
        // A diagram's footer from older Kifu for Windows: `手数＝171  ▲６二角成  まで`.
        if let Some(rest) = t.strip_prefix("手数＝").or_else(|| t.strip_prefix("手数=")) {
            self.game
                .info
                .extras
                .push(MOVE_COUNT_KEY, vec![rest.to_string()]);
            self.order("手数＝");
            return;
        }
        let Some((key, value)) = split_header(line) else {
            self.diags.push(Diagnostic::new(
                codes::KIF_UNKNOWN_LINE,
                format!(
                    "this header line is not `key：value` and is ignored: {}",
                    crate::diag::quote(t)
                ),
                self.span(at, line.len()),
            ));
            return;
        };
        if let Some(owner) = bod::hand_owner(key) {
            self.order(key);
            self.game
                .info
                .extras
                .push(format!("kif:{key}"), vec![value.to_string()]);
            if let Err(bad) = bod::read_hand(&mut self.bod, owner, value) {
                self.diags.push(Diagnostic::new(
                    codes::KIF_BAD_HAND,
                    format!(
                        "cannot read {} in the pieces in hand",
                        crate::diag::quote(&bad)
                    ),
                    self.span(at, line.len()),
                ));
            }
            return;
        }
        if key == "手合割" {
            let name = value.trim();
            if name != "その他" {
                match Handicap::from_japanese(name) {
                    Some(h) => self.handicap = Some(h),
                    None => self.diags.push(Diagnostic::new(
                        codes::KIF_UNKNOWN_HANDICAP,
                        format!(
                            "unknown handicap {}; reading as 平手",
                            crate::diag::quote(name)
                        ),
                        self.span(at, line.len()),
                    )),
                }
            }
            self.handicap_span = self.span(at, line.len());
        }
        apply_header(&mut self.game.info, key, value);
    }

    /// Ends the header: fixes the start position.
    fn start_moves(&mut self, at: Span) {
        self.in_header = false;
        self.spans[0] = at;
        let start = if self.bod.seen {
            if self.bod.rows != 9 {
                self.diags.push(Diagnostic::new(
                    codes::KIF_BAD_BOARD,
                    format!("the board diagram has {} rows, not 9", self.bod.rows),
                    at,
                ));
            }
            let mut p = self.bod.placed();
            p.to_move = self.bod.side.unwrap_or(Color::Black);
            match Handicap::ALL.into_iter().find(|h| h.position() == p) {
                Some(h) => ShogiStart::Preset(h),
                None => ShogiStart::Other(Box::new(p)),
            }
        } else {
            ShogiStart::Preset(self.handicap.unwrap_or(Handicap::Even))
        };
        self.play = LineCheck::new(&start.position(), self.room, self.mode != Mode::Read);
        self.game.info.shogi_start = Some(start);
    }

    pub(super) fn current(&self) -> NodeId {
        self.line.last().copied().unwrap_or(NodeId::ROOT)
    }

    fn body_line(&mut self, line: &str, at: usize) {
        let lead = super::line::lead_space(line);
        let t = line.get(lead..).unwrap_or("");
        // The common case first: a numbered KIF move line, most often of the
        // shape the fast reader takes (which looks like a move too).
        if !self.ki2 && t.as_bytes().first().is_some_and(u8::is_ascii_digit) {
            if let Some(parsed) = parse_move_line_fast(line) {
                if !self.skipping {
                    self.move_parsed(parsed, at);
                }
                return;
            }
            if looks_like_move(t) {
                if !self.skipping {
                    self.move_line(line, at);
                }
                return;
            }
        }
        if let Some(c) = t.strip_prefix('*') {
            if self.fresh_variation {
                self.pending_comment.push(c.to_string());
            } else if self.current() == NodeId::ROOT && self.in_main_line {
                self.game_comment.push(c.to_string());
            } else if !self.skipping {
                self.analysis |= c.starts_with(['*', '#']);
                let id = self.current();
                if let Some(n) = self.game.tree.get_mut(id) {
                    let com = n.comment.get_or_insert_with(String::new);
                    if !com.is_empty() {
                        com.push('\n');
                    }
                    com.push_str(c);
                }
            }
            return;
        }
        if let Some(b) = t.strip_prefix('&') {
            if self.fresh_variation {
                self.pending_bookmarks.push(b.to_string());
            } else if !self.skipping {
                let id = self.current();
                if let Some(n) = self.game.tree.get_mut(id) {
                    n.bookmarks.push(b.to_string());
                }
            }
            return;
        }
        if let Some(rest) = t.strip_prefix("変化：").or_else(|| t.strip_prefix("変化:")) {
            self.variation(rest, at + lead, t.len());
            return;
        }
        if t.starts_with("まで") {
            if self.ki2 && !self.skipping && !self.ended {
                if let Some(kind) = ki2_ending(t) {
                    // `…の勝ち` naming the side to move is a declaration (入玉勝ち).
                    let kind = if kind == EndingKind::Resign
                        && named_side(t) == Some(self.play.position().to_move())
                    {
                        EndingKind::EnteringKing
                    } else {
                        kind
                    };
                    let side = if matches!(kind, EndingKind::IllegalWin | EndingKind::IllegalLoss) {
                        named_side(t).unwrap_or(self.play.position().to_move())
                    } else {
                        self.play.position().to_move()
                    };
                    let ending = Ending {
                        kind,
                        color: Some(side),
                    };
                    self.add_ending(self.span(at + lead, t.len()), ending, None);
                }
            }
            if !self.skipping {
                let id = self.current();
                let words = words_for(self.game.info.shogi_start.as_ref());
                let moves = self.play.depth() as u32;
                self.summarised.push(id);
                if let Some(n) = self.game.tree.get_mut(id) {
                    let generated = n.ending.map(|e| summary_text(e, moves, words));
                    if generated.as_deref() != Some(t) {
                        n.extras.push(SUMMARY_KEY, vec![t.to_string()]);
                    }
                }
            }
            if self.in_main_line {
                self.main_summary = Some(t.to_string());
            }
            return;
        }
        if self.ki2 && t.starts_with(|c| ki2_mark(c).is_some()) {
            if !self.skipping {
                self.ki2_line(t, at + lead);
            }
            return;
        }
        if !self.ki2 && looks_like_move(t) {
            if !self.skipping {
                self.move_line(line, at);
            }
            return;
        }
        if let Some((key, value)) = split_header(t) {
            // Headers after the moves (終了日時 written at the end, …).
            apply_header(&mut self.game.info, key, value);
            return;
        }
        self.diags.push(Diagnostic::new(
            codes::KIF_UNKNOWN_LINE,
            format!("this line is ignored: {}", crate::diag::quote(t)),
            self.span(at + lead, t.len()),
        ));
    }

    fn variation(&mut self, rest: &str, at: usize, len: usize) {
        let span = self.span(at, len);
        self.in_main_line = false;
        self.fresh_variation = true;
        self.pending_comment.clear();
        self.pending_bookmarks.clear();
        let n = rest
            .trim()
            .trim_end_matches('手')
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n >= 1);
        let Some(n) = n else {
            self.diags.push(Diagnostic::new(
                codes::KIF_BAD_VARIATION,
                format!(
                    "cannot read the move number of {}",
                    crate::diag::quote(rest.trim())
                ),
                span,
            ));
            self.skipping = true;
            return;
        };
        // The variation replaces move n of the line read last: go back to after move n-1.
        if n > self.play.depth() + 1 || n > self.line.len() {
            self.diags.push(Diagnostic::new(
                codes::KIF_VARIATION_PARENT,
                format!(
                    "a variation from move {n}, but the line above has only {} moves",
                    self.play.depth()
                ),
                span,
            ));
            self.skipping = true;
            return;
        }
        self.play.rewind(n - 1);
        self.line.truncate(n);
        self.skipping = false;
        self.ended = false;
    }

    /// Adds a node below the current one, filled in place by `fill` (a node is
    /// large: building it here spares copying it through the calls), then given
    /// what a fresh variation holds for its first node.
    /// A check builds no node: the node gets its id and span, and `number` (its move
    /// number) is kept for the findings.
    pub(super) fn new_node(
        &mut self,
        span: Span,
        number: Option<u32>,
        fill: impl FnOnce(&mut Node),
    ) -> NodeId {
        if self.mode == Mode::Check {
            let id = NodeId(u32::try_from(self.move_numbers.len()).unwrap_or(u32::MAX));
            self.move_numbers.push(number);
            self.pending_comment.clear();
            self.pending_bookmarks.clear();
            self.fresh_variation = false;
            self.spans.push(span);
            self.line.push(id);
            return id;
        }
        let parent = self.current();
        let id = self.game.tree.add_empty_child(parent);
        if let Some(node) = self.game.tree.get_mut(id) {
            fill(node);
            if self.fresh_variation {
                if !self.pending_comment.is_empty() {
                    node.extras
                        .push(PRE_COMMENT_KEY, std::mem::take(&mut self.pending_comment));
                }
                node.bookmarks.append(&mut self.pending_bookmarks);
            }
        }
        self.fresh_variation = false;
        self.spans.push(span);
        self.line.push(id);
        id
    }

    fn move_line(&mut self, line: &str, at: usize) {
        match parse_move_line(line) {
            Ok(parsed) => self.move_parsed(parsed, at),
            Err(e) => {
                self.diags.push(Diagnostic::new(
                    e.code,
                    e.message,
                    Span::new(at + e.range.0, at + e.range.1),
                ));
                self.skipping = true;
            }
        }
    }

    /// Adds the move (or special end) of a move line read from `at`, keeping a
    /// time column that could not be read as written.
    #[inline(always)]
    fn move_parsed(&mut self, parsed: MoveLine, at: usize) {
        match parsed.bad_time {
            None => self.move_parsed_timed(parsed, at),
            Some(range) => self.move_with_bad_time(parsed, at, range),
        }
    }

    /// [`Self::move_parsed`] for a line whose time column could not be read: the
    /// move is kept, the column kept as written under [`TIME_TEXT_KEY`], and a
    /// `kif::bad-time` error says what could not be read.
    #[cold]
    fn move_with_bad_time(&mut self, parsed: MoveLine, at: usize, range: (usize, usize)) {
        let span = Span::new(at + range.0, at + range.1);
        let raw = self
            .text
            .get(span.start..span.end)
            .unwrap_or("")
            .to_string();
        let message = match raw.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
            Some(inner) => format!(
                "cannot read the time {}: the move is kept, and the time as written",
                crate::diag::quote(inner)
            ),
            None => {
                "the time has no closing parenthesis: the move is kept, and the time as written"
                    .to_string()
            }
        };
        let number = u32::try_from(self.play.depth() + 1).unwrap_or(u32::MAX);
        self.diags
            .push(Diagnostic::new(codes::KIF_BAD_TIME, message, span).with_move(number));
        let before = self.line.len();
        self.move_parsed_timed(parsed, at);
        if self.line.len() > before && self.mode != Mode::Check {
            let id = self.current();
            if let Some(node) = self.game.tree.get_mut(id) {
                node.extras.push(TIME_TEXT_KEY, vec![raw]);
            }
        }
    }

    /// Adds the move (or special end) of a move line read from `at`.
    #[inline(always)]
    fn move_parsed_timed(&mut self, parsed: MoveLine, at: usize) {
        let span = Span::new(at + parsed.body_range.0, at + parsed.body_range.1);
        let expected = self.play.depth() + 1;
        let written_ply = self.line.len();
        if parsed.number as usize != written_ply {
            self.diags.push(
                Diagnostic::new(
                    codes::KIF_MOVE_NUMBER,
                    format!(
                        "move number {} where {expected} was expected",
                        parsed.number
                    ),
                    span,
                )
                .with_move(expected as u32),
            );
        }
        if self.ended {
            self.diags.push(
                Diagnostic::new(
                    codes::KIF_MOVE_AFTER_END,
                    "a move after the end of the game (start a variation with 変化：N手)",
                    span,
                )
                .with_move(expected as u32),
            );
            self.skipping = true;
            return;
        }
        let time = parsed.time;
        if parsed.plus {
            // The move has alternatives below: its variations come back here.
            self.play.keep();
        }
        match parsed.body {
            Body::Special(kind) => {
                let color = Some(self.play.position().to_move());
                self.add_ending(span, Ending { kind, color }, time);
            }
            Body::Move {
                dest,
                piece,
                promote,
                no_promote,
                drop,
                from,
            } => {
                let to = match dest {
                    Dest::Square(sq) => sq,
                    Dest::Same => match self.play.last_move() {
                        Some(m) => m.to,
                        None => {
                            self.diags.push(
                                Diagnostic::new(
                                    codes::KIF_SAME_WITHOUT_PREVIOUS,
                                    "同 (same square) but there is no previous move",
                                    span,
                                )
                                .with_move(expected as u32),
                            );
                            self.skipping = true;
                            return;
                        }
                    },
                };
                let origin = if drop { None } else { from };
                if origin.is_none() && !drop {
                    // No origin written: a drop when the piece is in hand and the square
                    // is empty, else the record is ambiguous for KIF.
                    if self.play.position().get(to).is_some()
                        || self
                            .play
                            .position()
                            .in_hand(self.play.position().to_move(), piece)
                            == 0
                    {
                        self.diags.push(
                            Diagnostic::new(
                                codes::KIF_NO_ORIGIN,
                                "a board move without its origin (xy)",
                                span,
                            )
                            .with_move(expected as u32),
                        );
                        self.skipping = true;
                        return;
                    }
                }
                if drop && from.is_some() {
                    self.diags.push(
                        Diagnostic::new(
                            codes::KIF_DROP_WITH_ORIGIN,
                            "打 with an origin: read as a drop",
                            span,
                        )
                        .with_move(expected as u32),
                    );
                }
                let color = self.play.position().to_move();
                // A move against the rules is kept for validation to report.
                match self
                    .play
                    .position()
                    .resolve_structure(color, origin, to, piece, promote)
                {
                    Ok(mv) => self.add_move(mv, no_promote, time, span),
                    Err(why) => {
                        let mv = self
                            .play
                            .position()
                            .build_move(color, origin, to, piece, promote);
                        self.diags.push(
                            Diagnostic::new(why.code(), why.message(&mv), span)
                                .with_move(expected as u32),
                        );
                        self.skipping = true;
                    }
                }
            }
        }
    }

    /// Adds the node of a special ending (with its time), which ends the line.
    fn add_ending(&mut self, span: Span, ending: Ending, time: Option<(u64, u64)>) {
        let parent = self.current();
        let id = self.new_node(span, None, |n| {
            if let Some((used, total)) = time {
                n.set_time_used_ms(Some(used));
                n.set_time_total_ms(Some(total));
            }
            n.ending = Some(ending);
        });
        if is_foul(ending.kind) {
            self.play.foul_recorded(parent);
        }
        self.play.ending(id, ending);
        self.ended = true;
    }

    /// Adds the node of a move (with `不成` written out, with the times read) and
    /// makes the move.
    pub(super) fn add_move(
        &mut self,
        mv: crate::model::ShogiMove,
        no_promote: bool,
        time: Option<(u64, u64)>,
        span: Span,
    ) {
        let number = u32::try_from(self.play.depth() + 1).ok();
        let id = self.new_node(span, number, |n| {
            if let Some((used, total)) = time {
                n.set_time_used_ms(Some(used));
                n.set_time_total_ms(Some(total));
            }
            if no_promote {
                n.extras.push(NO_PROMOTE_KEY, Vec::new());
            }
            n.mv = Some(Move::Shogi(mv));
        });
        // The reader resolved the move on this position.
        self.play.play_resolved(id, &mv);
    }

    /// The game read, and the rules' findings on it (none unless checking).
    fn finish(mut self) -> (Parsed, Vec<FoundWhileReading>) {
        // Lines that end with a special move but no `まで` line keep that absence.
        let unsummarised: Vec<NodeId> = self
            .game
            .tree
            .iter()
            .filter(|(id, n)| {
                n.ending.is_some() && n.children().is_empty() && !self.summarised.contains(id)
            })
            .map(|(id, _)| id)
            .collect();
        for id in unsummarised {
            if let Some(n) = self.game.tree.get_mut(id) {
                n.extras.push(NO_SUMMARY_KEY, Vec::new());
            }
        }
        if let Some(sep) = self.separator.take() {
            let timed = self
                .game
                .tree
                .iter()
                .any(|(_, n)| n.time_used_ms().is_some() || n.time_total_ms().is_some());
            if sep != separator(timed) {
                self.game.info.extras.push(SEPARATOR_KEY, vec![sep]);
            }
        }
        if !self.game_comment.is_empty() {
            self.game.info.game_comment = Some(self.game_comment.join("\n"));
        }
        if self.analysis && self.mode != Mode::Check {
            crate::formats::analysis::comments::lift_reporting(
                &mut self.game.tree,
                crate::formats::analysis::comments::KIF,
                &self.spans,
                &mut self.diags,
            );
        }
        if self.game.info.result.is_none() {
            self.game.info.result = self.result();
        }
        let parsed = Parsed {
            collection: Collection {
                games: vec![self.game],
            },
            diagnostics: self.diags,
            node_spans: vec![self.spans],
            part_places: Vec::new(),
        };
        let found = FoundWhileReading {
            findings: self.play.finish(),
            move_numbers: self.move_numbers,
            analysis: self.analysis,
        };
        (parsed, vec![found])
    }

    /// The result: from the main line's special move, else from the `まで` summary.
    fn result(&self) -> Option<GameResult> {
        if let Some((kind, side)) = main_line_end(&self.game) {
            return kind.result_for(side);
        }
        let summary = self.main_summary.as_deref()?;
        let rest = summary.split_once('で').map(|(_, r)| r)?;
        let rest = rest.split_once('で').map_or(rest, |(_, r)| r);
        let winner = if rest.contains("先手の勝ち") || rest.contains("下手の勝ち") {
            Color::Black
        } else if rest.contains("後手の勝ち") || rest.contains("上手の勝ち") {
            Color::White
        } else if let Some(k) = parse_special(rest.trim()) {
            return matches!(
                k,
                EndingKind::Repetition | EndingKind::Impasse | EndingKind::Draw
            )
            .then_some(GameResult::Draw);
        } else {
            return None;
        };
        Some(GameResult::Win {
            winner,
            reason: if summary.contains("時間切れ") {
                WinReason::Time
            } else if summary.contains("反則") {
                WinReason::Forfeit
            } else {
                WinReason::Unspecified
            },
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn finds_the_first_newline_at_any_offset() {
        for len in 0..40 {
            for at in 0..=len {
                let mut v = vec![0x8au8; len];
                if let Some(b) = v.get_mut(at) {
                    *b = b'\n';
                }
                if let Some(b) = v.get_mut(at + 1) {
                    *b = b'\n';
                }
                let want = (at < len).then_some(at);
                assert_eq!(super::newline(&v), want, "len {len} at {at}");
            }
        }
    }
}
