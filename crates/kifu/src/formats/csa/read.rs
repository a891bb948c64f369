//! The CSA reader.

use crate::diag::{clip, codes, quote, Diagnostic, Span};
use crate::formats::shogi::comment::REMARK_KEY;
use crate::formats::shogi::result::main_line_result;
use crate::formats::shogi::special::special_ending;
use crate::formats::{push_all, push_checked, FoundWhileReading, Parsed, ReadEnd, Sink, Want};
use crate::model::{
    Color, Ending, EndingKind, Game, GameKind, Handicap, Move, Node, NodeId, Piece, PieceKind,
    ShogiMove, ShogiPosition, ShogiStart, Square,
};
use crate::rules::shogi::{is_foul, LineCheck, Position};
use crate::rules::Finding;

/// Extras key of a game: the version line (`V2.2`, `V3.0`).
pub const VERSION_KEY: &str = "csa:version";

/// Extras key of a special-move node: the `%` word as written, when the writer's
/// own choice would differ.
pub const SPECIAL_KEY: &str = "csa:special";

/// Extras key of a node whose `T` statement could not be read (`Tx1`): the
/// statement as written, which the CSA writer writes back in its place.
pub const TIME_TEXT_KEY: &str = "csa:time";

/// Reads a CSA document: one game, or several separated by `/` lines.
pub fn read(text: &str) -> Parsed {
    read_with(text, false, false).0
}

/// Reads a CSA document whole, checking each move against the rules as it is made:
/// the games [`read`] reads, and for each the rules' findings exactly as
/// [`crate::rules::check`] gives them on it (the move numbers only when there is a
/// finding). A game whose comments hold engine analysis is marked
/// ([`FoundWhileReading::analysis`]): its evaluations' variations are checked on
/// the tree, by the sink.
pub fn read_checking(text: &str) -> (Parsed, Vec<FoundWhileReading>) {
    read_with(text, true, false)
}

/// Reads a CSA document whole, checking each move for legality alone as it is made
/// (no repetition, no ending): the games [`read`] reads, and for each the finding of
/// its first illegal move, if any, as [`Sink::checks_legality`] asks (with the move
/// numbers when there is one; never marked as analysis).
pub fn read_legal(text: &str) -> (Parsed, Vec<FoundWhileReading>) {
    read_with(text, false, true)
}

/// CSA's read entry ([`crate::formats::Entry`]): for a check ([`Want::Check`]), or a
/// sink that checks every game it is given ([`Sink::checks_games`]), the moves are
/// checked as they are made ([`read_checking`]) and each game goes to
/// [`Sink::checked`] with the rules' findings (one with engine analysis to
/// [`Sink::game`], for the sink's whole check); otherwise the games are read whole.
pub fn read_into(text: &str, sink: &mut dyn Sink) -> ReadEnd {
    if sink.wants() != Want::Check && !sink.checks_games() && sink.checks_legality() {
        let (parsed, found) = read_legal(text);
        return push_checked(parsed, found, sink);
    }
    if sink.wants() != Want::Check && !sink.checks_games() {
        return push_all(read(text), sink);
    }
    let (parsed, found) = read_checking(text);
    push_checked(parsed, found, sink)
}

/// [`read`], with `check` [`read_checking`], with `legal` [`read_legal`].
fn read_with(text: &str, check: bool, legal: bool) -> (Parsed, Vec<FoundWhileReading>) {
    let mut parsed = Parsed::default();
    let mut found = Vec::new();
    // Room for the nodes of the first game, one a line (a move is a line; most
    // files hold one game), then for as many as the game before had: growing the
    // arena, the spans and the line's tables copies them, move after move, while
    // room left unused is given back ([`GameReader::finish_into`]) in place. The
    // lines are counted in one pass the compiler makes wide (a byte estimate, one
    // node in 16 bytes, was short for a third of the files: a move line is 12).
    let bytes = text.as_bytes();
    let lines = memchr::memchr_iter(b'\n', bytes).count() + 1;
    let mut room = lines.min(1 << 10);
    let mut r = GameReader::new(check, room);
    r.legal = legal;
    let mut at = 0;
    while at < bytes.len() {
        let rest = bytes.get(at..).unwrap_or_default();
        // Most lines are a move and its time: read at once, line end and all.
        if let Some((mv, len, ms)) = usual_move_line(rest) {
            r.usual_move_line(text, at, (mv, ms), &mut parsed.diagnostics);
            at += len;
            continue;
        }
        let len = memchr::memchr(b'\n', rest).map_or(rest.len(), |i| i + 1);
        // The line without its ending (every `\n` and `\r` at its end) and a BOM.
        let mut end = len;
        while end > 0 && matches!(rest.get(end - 1), Some(b'\n' | b'\r')) {
            end -= 1;
        }
        let line = text.get(at..at + end).unwrap_or("");
        let line = line.strip_prefix('\u{feff}').unwrap_or(line);
        if is_separator(line) {
            room = r.game.tree.len();
            r.finish_into(&mut parsed, &mut found);
            r = GameReader::new(check, room);
            r.legal = legal;
        } else {
            r.line(line, at, &mut parsed.diagnostics);
        }
        at += len;
    }
    r.finish_into(&mut parsed, &mut found);
    (parsed, found)
}

/// The move of a usual move line, read: the side that makes it, the origin (`None`:
/// a drop, `00`), the destination and the piece as it stands after the move.
#[derive(Debug, Clone, Copy)]
struct UsualMove {
    color: Color,
    from: Option<Square>,
    to: Square,
    after: PieceKind,
}

/// The usual move line at the start of `rest`: a move that reads (`+7776FU`: an
/// origin on the board or `00`, a destination, a piece code), maybe a time in
/// whole seconds (`,T12`, at most 12 digits), then the line's end (`\n`, `\r\n`,
/// or the end of the text). Returns the move, the line's length with its end, and
/// the time in milliseconds (a time statement is there exactly when it is some);
/// `None` for any other line, which the general reading takes (and reads the same
/// way where this one would have).
#[inline]
fn usual_move_line(rest: &[u8]) -> Option<(UsualMove, usize, Option<u64>)> {
    let [sign @ (b'+' | b'-'), f1, r1, f2, r2, k1, k2, tail @ ..] = rest else {
        return None;
    };
    let to = digit_square(*f2, *r2)?;
    let from = if [*f1, *r1] == *b"00" {
        None
    } else {
        Some(digit_square(*f1, *r1)?)
    };
    let after = kind(Some(&[*k1, *k2]))?;
    let color = if *sign == b'+' {
        Color::Black
    } else {
        Color::White
    };
    let (end, ms) = match tail {
        [b',', b'T', more @ ..] => {
            // The seconds, read as they are counted (as [`whole_seconds_ms`] reads
            // them: at most 12 digits, so the count cannot overflow).
            let mut digits = 0;
            let mut n = 0u64;
            for &d in more.iter().take(13) {
                if !d.is_ascii_digit() {
                    break;
                }
                n = n * 10 + u64::from(d - b'0');
                digits += 1;
            }
            if digits == 0 || digits > 12 {
                return None;
            }
            (9 + digits, Some(n * 1000))
        }
        _ => (7, None),
    };
    let len = match rest.get(end..)? {
        [] => end,
        [b'\n', ..] => end + 1,
        [b'\r', b'\n', ..] => end + 2,
        _ => return None,
    };
    let mv = UsualMove {
        color,
        from,
        to,
        after,
    };
    Some((mv, len, ms))
}

/// The square a file digit and a rank digit (`1`–`9` each) write.
#[inline(always)]
fn digit_square(file: u8, rank: u8) -> Option<Square> {
    Square::new(file.wrapping_sub(b'0'), rank.wrapping_sub(b'0'))
}

/// A `/` line (blanks around it allowed): the end of a game.
#[inline]
fn is_separator(line: &str) -> bool {
    match line.as_bytes().first() {
        // Most lines start with a letter or a sign: not blank, and not `/`.
        Some(&b) if b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'\'' | b'$' | b'%') => {
            false
        }
        _ => line.trim() == "/",
    }
}

/// `part` without the blanks around it, and how many bytes were cut before it.
#[inline]
fn trimmed(part: &str) -> (usize, &str) {
    let b = part.as_bytes();
    match (b.first(), b.last()) {
        // The usual statement: printable ASCII at both ends, nothing to cut.
        (Some(f), Some(l)) if f.is_ascii_graphic() && l.is_ascii_graphic() => (0, part),
        _ => {
            let start = part.trim_start();
            (part.len() - start.len(), start.trim_end())
        }
    }
}

/// The seconds of a time statement written as whole seconds (`T12`: at most 12
/// digits, so below [`MAX_TIME_SECONDS`]), in milliseconds; `None` for any other
/// writing, which the `f64` reading takes.
#[inline]
fn whole_seconds_ms(digits: &[u8]) -> Option<u64> {
    if digits.is_empty() || digits.len() > 12 {
        return None;
    }
    let mut n = 0u64;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        n = n * 10 + u64::from(d - b'0');
    }
    Some(n * 1000)
}

/// The longest time a move may take, in seconds (some 31,700 years): its count of
/// milliseconds is still exact in an `f64`, far from where it would saturate.
const MAX_TIME_SECONDS: f64 = 1e12;

struct GameReader {
    game: Game,
    spans: Vec<Span>,
    setup: ShogiPosition,
    setup_seen: bool,
    pi: Option<Handicap>,
    started: bool,
    /// The moves made since the start (and checked against the rules with `check`).
    play: Option<LineCheck>,
    /// Check the moves against the rules as they are made.
    check: bool,
    /// Check the moves for legality alone as they are made ([`read_legal`]), and
    /// the finding of the first illegal move.
    legal: bool,
    illegal: Option<Finding>,
    /// Room for about this many moves.
    room: usize,
    current: NodeId,
    broken: bool,
    ended: bool,
    moves: u32,
    any_content: bool,
    /// Where the game's first statement is (where a missing start position is told).
    first_statement: Span,
    comment_lines: Vec<String>,
    /// A comment after a move starts like analysis (`'**`, `'*#`): the game's
    /// comments are lifted into evaluations when it ends, and only then.
    analysis: bool,
}

impl GameReader {
    /// A reader of one game with room for about `room` nodes.
    fn new(check: bool, room: usize) -> Self {
        let mut game = Game::new(GameKind::Shogi);
        game.tree.reserve(room);
        let mut spans = Vec::with_capacity(room + 1);
        spans.push(Span::at(0));
        GameReader {
            game,
            spans,
            setup: ShogiPosition::empty(),
            setup_seen: false,
            pi: None,
            started: false,
            play: None,
            check,
            legal: false,
            illegal: None,
            room,
            current: NodeId::ROOT,
            broken: false,
            ended: false,
            moves: 0,
            any_content: false,
            first_statement: Span::at(0),
            comment_lines: Vec::new(),
            analysis: false,
        }
    }

    fn line(&mut self, line: &str, at: usize, diags: &mut Vec<Diagnostic>) {
        if let Some(c) = line.strip_prefix('\'') {
            self.comment(c);
            return;
        }
        // Statements separated by commas (a comment may follow the last).
        let mut off = 0;
        while off <= line.len() {
            let rest = line.get(off..).unwrap_or("");
            let len = memchr::memchr(b',', rest.as_bytes()).unwrap_or(rest.len());
            let part = rest.get(..len).unwrap_or("");
            let here = off;
            off += len + 1;
            if let Some(c) = part.strip_prefix('\'') {
                let whole = line.get(here + 1..).unwrap_or(c);
                self.comment(whole);
                return;
            }
            let (lead, t) = trimmed(part);
            if t.is_empty() {
                continue;
            }
            let off = here;
            self.statement(
                t,
                Span::new(at + off + lead, at + off + lead + t.len()),
                diags,
            );
        }
    }

    /// A line [`usual_move_line`] read at `at` of `text`: its move `mv`, and its
    /// time statement's whole seconds in milliseconds (`ms`, when it has one), as
    /// [`GameReader::line`] reads them.
    /// Its statements go straight where [`GameReader::statement`] would send them:
    /// the move to [`GameReader::usual_move`] (the time then into its node as it is
    /// made), or to [`GameReader::a_move`] when it is not a usual one, the time then
    /// to the current node.
    #[inline]
    fn usual_move_line(
        &mut self,
        text: &str,
        at: usize,
        (mv, ms): (UsualMove, Option<u64>),
        diags: &mut Vec<Diagnostic>,
    ) {
        let span = Span::new(at, at + 7);
        if !self.any_content {
            self.first_statement = span;
            self.any_content = true;
        }
        if !self.started {
            let side = if mv.color == Color::Black { "+" } else { "-" };
            self.start(side, span, diags);
        }
        if self.usual_move(mv, span, ms) {
            return;
        }
        self.a_move(text.get(at..at + 7).unwrap_or_default(), span, diags);
        if let Some(ms) = ms {
            if self.current != NodeId::ROOT {
                if let Some(n) = self.game.tree.get_mut(self.current) {
                    n.set_time_used_ms(Some(ms));
                }
            }
        }
    }

    fn comment(&mut self, c: &str) {
        if let Some(body) = c.strip_prefix('*') {
            let target = if self.started {
                self.current
            } else {
                NodeId::ROOT
            };
            if target == NodeId::ROOT {
                let gc = self.game.info.game_comment.get_or_insert_with(String::new);
                if !gc.is_empty() {
                    gc.push('\n');
                }
                gc.push_str(body);
            } else if let Some(n) = self.game.tree.get_mut(target) {
                self.analysis |= body.starts_with(['*', '#']);
                // A comment's first line takes room for a second as long (most
                // comments of two lines then fit without growing); a later line
                // grows it as `String` does.
                let com = n
                    .comment
                    .get_or_insert_with(|| String::with_capacity(2 * body.len() + 1));
                if !com.is_empty() {
                    com.push('\n');
                }
                com.push_str(body);
            }
        } else if self.started && self.current != NodeId::ROOT {
            // A plain remark after a move: kept on that node for the CSA writer.
            if let Some(n) = self.game.tree.get_mut(self.current) {
                match n.extras.0.iter_mut().find(|e| e.key == REMARK_KEY) {
                    Some(e) => e.values.push(c.to_string()),
                    None => n.extras.push(REMARK_KEY, vec![c.to_string()]),
                }
            }
        } else if !c.starts_with("encoding=") && !c.starts_with("CSA encoding=") {
            // A plain remark before the moves (the charset line excepted: the writer
            // declares its own): kept for the CSA writer.
            self.comment_lines.push(c.to_string());
        }
    }

    fn statement(&mut self, t: &str, span: Span, diags: &mut Vec<Diagnostic>) {
        if !self.any_content {
            self.first_statement = span;
        }
        self.any_content = true;
        let b = t.as_bytes();
        match b.first() {
            Some(b'V') => {
                // V2.2 is what the writer writes when nothing is kept.
                if t != "V2.2" {
                    self.game.info.extras.push(VERSION_KEY, vec![t.to_string()]);
                }
            }
            Some(b'N') if matches!(b.get(1), Some(b'+') | Some(b'-')) => {
                let name = t.get(2..).unwrap_or("").to_string();
                if b.get(1) == Some(&b'+') {
                    self.game.info.black.name = Some(name);
                } else {
                    self.game.info.white.name = Some(name);
                }
            }
            Some(b'$') => self.info(t),
            Some(b'P') if !self.started => self.position(t, span, diags),
            Some(b'+') | Some(b'-') if t.len() == 1 => self.start(t, span, diags),
            Some(b'+') | Some(b'-') => {
                if !self.started {
                    self.start(
                        if b.first() == Some(&b'+') { "+" } else { "-" },
                        span,
                        diags,
                    );
                }
                self.a_move(t, span, diags);
            }
            Some(b'T') => {
                if let Some(ms) = whole_seconds_ms(b.get(1..).unwrap_or_default()) {
                    if self.current != NodeId::ROOT {
                        if let Some(n) = self.game.tree.get_mut(self.current) {
                            n.set_time_used_ms(Some(ms));
                        }
                    }
                    return;
                }
                let secs = t.get(1..).and_then(|s| s.parse::<f64>().ok());
                match secs {
                    Some(s) if s >= 0.0 && s.is_finite() => {
                        let ms = (s * 1000.0).round();
                        if s > MAX_TIME_SECONDS {
                            // Beyond this, milliseconds lose precision and then
                            // saturate: the time is left out, the move kept.
                            diags.push(Diagnostic::new(
                                codes::CSA_TIME_OUT_OF_RANGE,
                                format!(
                                    "the time {} is more than {MAX_TIME_SECONDS:.0} seconds (ignored; the move is kept)",
                                    quote(t),
                                ),
                                span,
                            ));
                        } else if let Some(n) = self.game.tree.get_mut(self.current) {
                            if self.current != NodeId::ROOT {
                                n.set_time_used_ms(Some(ms as u64));
                            }
                        }
                    }
                    _ => {
                        // The move keeps the statement as written.
                        let kept = self.current != NodeId::ROOT;
                        if let Some(n) = self.game.tree.get_mut(self.current).filter(|_| kept) {
                            n.extras.push(TIME_TEXT_KEY, vec![t.to_string()]);
                        }
                        let how = if kept {
                            ": the move is kept, and the time as written"
                        } else {
                            ""
                        };
                        diags.push(Diagnostic::new(
                            codes::CSA_BAD_TIME,
                            format!("cannot read the time {}{how}", quote(t)),
                            span,
                        ));
                    }
                }
            }
            Some(b'%') => {
                if !self.started {
                    self.start("+", span, diags);
                }
                self.special(t, span, diags);
            }
            _ => diags.push(Diagnostic::new(
                codes::CSA_UNKNOWN_LINE,
                format!("this statement is ignored: {}", quote(t)),
                span,
            )),
        }
    }

    fn info(&mut self, t: &str) {
        let (key, value) = t
            .get(1..)
            .and_then(|s| s.split_once(':'))
            .unwrap_or((t, ""));
        let info = &mut self.game.info;
        let slot = match key {
            "EVENT" => &mut info.event,
            "SITE" => &mut info.place,
            "START_TIME" => &mut info.date,
            "TIME_LIMIT" => &mut info.time_control,
            "OPENING" => &mut info.opening,
            _ => {
                info.extras
                    .push(format!("csa:${key}"), vec![value.to_string()]);
                return;
            }
        };
        if slot.is_none() {
            *slot = Some(value.to_string());
        } else {
            info.extras
                .push(format!("csa:${key}"), vec![value.to_string()]);
        }
    }

    fn position(&mut self, t: &str, span: Span, diags: &mut Vec<Diagnostic>) {
        let b = t.as_bytes();
        let mut bad = |msg: String| diags.push(Diagnostic::new(codes::CSA_BAD_POSITION, msg, span));
        match b.get(1) {
            Some(b'I') => {
                // Even start minus the listed pieces.
                let mut p = Handicap::Even.position();
                for chunk in b.get(2..).unwrap_or(&[]).chunks(4) {
                    match (parse_sq(chunk.get(0..2)), kind(chunk.get(2..4))) {
                        (Some(sq), Some(k)) if p.get(sq).map(|x| x.kind) == Some(k) => {
                            p.set(sq, None)
                        }
                        _ => {
                            bad(format!(
                                "cannot remove {:?} from the start position",
                                String::from_utf8_lossy(chunk)
                            ));
                            return;
                        }
                    }
                }
                self.pi = Handicap::ALL
                    .into_iter()
                    .find(|h| h.position().squares() == p.squares());
                self.setup = p;
                self.setup_seen = true;
            }
            Some(r @ b'1'..=b'9') => {
                let rank = r - b'0';
                let cells = b.get(2..).unwrap_or(&[]);
                for i in 0..9u8 {
                    let cell = cells.get(usize::from(i) * 3..usize::from(i) * 3 + 3);
                    let Some(sq) = Square::new(9 - i, rank) else {
                        continue;
                    };
                    match cell {
                        Some(c) if c.get(1..3) == Some(b" *") || c == b" * " => {
                            self.setup.set(sq, None)
                        }
                        Some(c) => match (c.first(), kind(c.get(1..3))) {
                            (Some(b'+'), Some(k)) => self.setup.set(
                                sq,
                                Some(Piece {
                                    color: Color::Black,
                                    kind: k,
                                }),
                            ),
                            (Some(b'-'), Some(k)) => self.setup.set(
                                sq,
                                Some(Piece {
                                    color: Color::White,
                                    kind: k,
                                }),
                            ),
                            _ => {
                                bad(format!(
                                    "cannot read {:?} in row {rank}",
                                    String::from_utf8_lossy(c)
                                ));
                                return;
                            }
                        },
                        None if i == 8 && cells.len() == 26 => self.setup.set(sq, None),
                        None => {
                            bad(format!("row {rank} has fewer than nine squares"));
                            return;
                        }
                    }
                }
                self.setup_seen = true;
            }
            Some(s @ (b'+' | b'-')) => {
                let color = if *s == b'+' {
                    Color::Black
                } else {
                    Color::White
                };
                let items = b.get(2..).unwrap_or(&[]);
                for chunk in items.chunks(4) {
                    if chunk == b"00AL" {
                        self.all_remaining_to(color);
                        continue;
                    }
                    let k = kind(chunk.get(2..4));
                    match (chunk.get(0..2), k) {
                        (Some(b"00"), Some(k)) if k != PieceKind::King && !k.is_promoted() => {
                            if let Some(slot) = self.setup.hands[color.index()].count_mut(k) {
                                *slot = slot.saturating_add(1);
                            }
                        }
                        (sqb, Some(k)) => match parse_sq(sqb) {
                            Some(sq) => self.setup.set(sq, Some(Piece { color, kind: k })),
                            None => {
                                bad(format!(
                                    "cannot read {}",
                                    quote(&String::from_utf8_lossy(chunk))
                                ));
                                return;
                            }
                        },
                        _ => {
                            bad(format!(
                                "cannot read {}",
                                quote(&String::from_utf8_lossy(chunk))
                            ));
                            return;
                        }
                    }
                }
                self.setup_seen = true;
            }
            _ => bad(format!("unknown position line {}", quote(t))),
        }
    }

    /// `00AL`: every piece not on the board or in a hand goes to `color`'s hand.
    fn all_remaining_to(&mut self, color: Color) {
        let total = [
            (PieceKind::Pawn, 18u8),
            (PieceKind::Lance, 4),
            (PieceKind::Knight, 4),
            (PieceKind::Silver, 4),
            (PieceKind::Gold, 4),
            (PieceKind::Bishop, 2),
            (PieceKind::Rook, 2),
        ];
        for (k, n) in total {
            let on_board = self
                .setup
                .squares()
                .iter()
                .flatten()
                .filter(|p| p.kind.unpromoted() == k)
                .count() as u8;
            let held = self.setup.hands[0].count(k) + self.setup.hands[1].count(k);
            if let Some(slot) = self.setup.hands[color.index()].count_mut(k) {
                *slot = slot.saturating_add(n.saturating_sub(on_board).saturating_sub(held));
            }
        }
    }

    fn start(&mut self, side: &str, span: Span, diags: &mut Vec<Diagnostic>) {
        if self.started {
            diags.push(Diagnostic::new(
                codes::CSA_UNKNOWN_LINE,
                "a second side-to-move line is ignored",
                span,
            ));
            return;
        }
        self.started = true;
        let mut p = if self.setup_seen {
            self.setup.clone()
        } else {
            diags.push(Diagnostic::new(
                codes::CSA_NO_START_POSITION,
                "no start position (no PI line and no P1 to P9, P+ or P- lines): the even game (平手) is assumed",
                span,
            ));
            Handicap::Even.position()
        };
        p.to_move = if side == "-" {
            Color::White
        } else {
            Color::Black
        };
        // The start's position is `p` either way (a preset's is built once).
        let preset = preset_of(&p);
        let pos = match preset {
            Some(h) => Position::of_preset(h),
            None => Position::from_model(&p),
        };
        // One line of play, never taken back: its moves need not be kept.
        self.play = Some(LineCheck::forward(pos, self.room, self.check));
        let start = match (self.pi, preset) {
            (_, Some(h)) => ShogiStart::Preset(h),
            _ => ShogiStart::Other(Box::new(p)),
        };
        self.game.info.shogi_start = Some(start);
        self.spans[0] = span;
    }

    fn a_move(&mut self, t: &str, span: Span, diags: &mut Vec<Diagnostic>) {
        self.moves += 1;
        let number = self.moves;
        if self.broken {
            return;
        }
        if self.ended {
            diags.push(
                Diagnostic::new(
                    codes::CSA_MOVE_AFTER_END,
                    "a move after the end of the game",
                    span,
                )
                .with_move(number),
            );
            self.broken = true;
            return;
        }
        let Some(play) = self.play.as_ref() else {
            return;
        };
        let pos = play.position();
        let b = t.as_bytes();
        let color = if b.first() == Some(&b'+') {
            Color::Black
        } else {
            Color::White
        };
        let from = b.get(1..3);
        let to = parse_sq(b.get(3..5));
        let after = kind(b.get(5..7));
        let (Some(to), Some(after), Some(from)) = (to, after, from) else {
            diags.push(
                Diagnostic::new(
                    codes::CSA_BAD_MOVE,
                    format!("cannot read the move {}", quote(t)),
                    span,
                )
                .with_move(number),
            );
            self.broken = true;
            return;
        };
        if b.len() != 7 {
            diags.push(
                Diagnostic::new(
                    codes::CSA_BAD_MOVE,
                    format!("cannot read the move {}", quote(t)),
                    span,
                )
                .with_move(number),
            );
            self.broken = true;
            return;
        }
        let (origin, piece, promote) = if from == b"00" {
            (None, after, false)
        } else {
            let Some(f) = parse_sq(Some(from)) else {
                diags.push(
                    Diagnostic::new(
                        codes::CSA_BAD_MOVE,
                        format!("cannot read the origin of {}", quote(t)),
                        span,
                    )
                    .with_move(number),
                );
                self.broken = true;
                return;
            };
            match pos.get(f) {
                Some(p) if p.kind == after => (Some(f), after, false),
                Some(p) if p.kind.promoted() == Some(after) => (Some(f), p.kind, true),
                Some(p) => (Some(f), p.kind, false),
                None => (Some(f), after, false),
            }
        };
        if color != pos.to_move() {
            diags.push(
                Diagnostic::new(
                    codes::SHOGI_WRONG_SIDE,
                    format!("{} is not the side to move", clip(t)),
                    span,
                )
                .with_move(number),
            );
            self.broken = true;
            return;
        }
        let mv = pos.build_move(color, origin, to, piece, promote);
        if origin.is_some() && piece != after && !promote {
            let msg = format!(
                "the piece on the origin is {}, and it cannot become {}",
                piece.csa(),
                after.csa()
            );
            diags.push(Diagnostic::new(codes::SHOGI_WRONG_PIECE, msg, span).with_move(number));
            self.broken = true;
            return;
        }
        // A move against the rules is kept for validation to report.
        match pos.check_structure(&mv) {
            Ok(()) => {}
            Err(why) => {
                diags.push(Diagnostic::new(why.code(), why.message(&mv), span).with_move(number));
                self.broken = true;
                return;
            }
        }
        self.record(mv, span, None);
    }

    /// The usual case of [`GameReader::a_move`], for the move of a usual move line
    /// (`usual`) taking `time_used_ms`: the game under way, the move
    /// read, by the side to move, of its piece on the origin (or in hand), sound in
    /// structure. Returns false, having changed nothing, for any other move, which
    /// [`GameReader::a_move`] then reads and reports as it does every move.
    #[inline]
    fn usual_move(&mut self, usual: UsualMove, span: Span, time_used_ms: Option<u64>) -> bool {
        if self.broken || self.ended {
            return false;
        }
        let Some(play) = self.play.as_ref() else {
            return false;
        };
        let UsualMove {
            color,
            from,
            to,
            after,
        } = usual;
        let Some(mv) = play.position().resolve_to_kind(color, from, to, after) else {
            return false;
        };
        self.moves += 1;
        self.record(mv, span, time_used_ms);
        true
    }

    /// Adds the node of `mv` (read at `span`, taking `time_used_ms`), a move whose
    /// structure was checked on the position: made, and checked against the rest
    /// of the rules when checking.
    #[inline(always)]
    fn record(&mut self, mv: ShogiMove, span: Span, time_used_ms: Option<u64>) {
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let id = self
            .game
            .tree
            .add_move_child(self.current, Move::Shogi(mv), time_used_ms);
        if self.legal && self.illegal.is_none() {
            if let Err(why) = play.play_resolved_legal(&mv) {
                self.illegal = Some(Finding {
                    node: id,
                    part: None,
                    code: why.code(),
                    message: why.message(&mv),
                    omitted: 0,
                });
            }
        } else {
            play.play_resolved(id, &mv);
        }
        self.spans.push(span);
        self.current = id;
    }

    fn special(&mut self, t: &str, span: Span, diags: &mut Vec<Diagnostic>) {
        if self.broken || self.ended {
            return;
        }
        let side = self
            .play
            .as_ref()
            .map_or(Color::Black, |p| p.position().to_move());
        let Some(kind) = t.strip_prefix('%').and_then(|w| special_ending(w, side)) else {
            diags.push(Diagnostic::new(
                codes::CSA_UNKNOWN_SPECIAL,
                format!("unknown special move {} ignored", quote(t)),
                span,
            ));
            return;
        };
        let mut node = Node::with_ending(Ending {
            kind,
            color: Some(side),
        });
        if kind == EndingKind::IllegalLoss && t != "%ILLEGAL_MOVE" {
            node.extras.push(SPECIAL_KEY, vec![t.to_string()]);
        }
        let ending = node.ending;
        let after = self.current;
        let id = self.game.tree.add_child(self.current, node);
        if let (Some(play), Some(ending)) = (self.play.as_mut(), ending) {
            // As the replay of validation: the move before a recorded foul is
            // that foul, and the ending is checked against the position.
            if is_foul(ending.kind) {
                play.foul_recorded(after);
            }
            play.ending(id, ending);
        }
        self.spans.push(span);
        self.current = id;
        self.ended = true;
    }

    fn finish_into(mut self, parsed: &mut Parsed, found: &mut Vec<FoundWhileReading>) {
        if !self.any_content {
            return;
        }
        if !self.started {
            let span = self.first_statement;
            self.start("+", span, &mut parsed.diagnostics);
        }
        if !self.comment_lines.is_empty() {
            self.game
                .info
                .extras
                .push(REMARK_KEY, std::mem::take(&mut self.comment_lines));
        }
        if self.game.info.result.is_none() {
            // A CSA game is one line (each node is added to the one before): its
            // main line ends at the last node added, without walking the tree.
            let end = self.game.tree.get(self.current).and_then(|n| n.ending);
            self.game.info.result =
                end.and_then(|e| e.color.and_then(|side| e.kind.result_for(side)));
            debug_assert_eq!(self.game.info.result, main_line_result(&self.game));
        }
        if self.analysis {
            crate::formats::analysis::comments::lift_reporting(
                &mut self.game.tree,
                crate::formats::analysis::comments::CSA,
                &self.spans,
                &mut parsed.diagnostics,
            );
        }
        if self.check {
            let findings = self.play.take().map(LineCheck::finish).unwrap_or_default();
            let move_numbers = if findings.is_empty() {
                Vec::new()
            } else {
                self.game.tree.move_numbers()
            };
            found.push(FoundWhileReading {
                findings,
                move_numbers,
                analysis: self.analysis,
            });
        } else if self.legal {
            let findings: Vec<Finding> = self.illegal.take().into_iter().collect();
            let move_numbers = if findings.is_empty() {
                Vec::new()
            } else {
                self.game.tree.move_numbers()
            };
            found.push(FoundWhileReading {
                findings,
                move_numbers,
                analysis: false,
            });
        }
        self.game.tree.shrink_to_fit();
        parsed.collection.games.push(self.game);
        parsed.node_spans.push(self.spans);
    }
}

/// The preset whose position `p` is, the first of [`Handicap::ALL`] (their
/// positions built once, not for each game).
fn preset_of(p: &ShogiPosition) -> Option<Handicap> {
    static PRESETS: std::sync::OnceLock<Vec<(Handicap, ShogiPosition)>> =
        std::sync::OnceLock::new();
    PRESETS
        .get_or_init(|| Handicap::ALL.map(|h| (h, h.position())).to_vec())
        .iter()
        .find(|(_, q)| q == p)
        .map(|&(h, _)| h)
}

#[inline(always)]
fn parse_sq(b: Option<&[u8]>) -> Option<Square> {
    match b? {
        [f @ b'1'..=b'9', r @ b'1'..=b'9'] => Square::new(f - b'0', r - b'0'),
        _ => None,
    }
}

/// The kind of a CSA piece code (`FU` … `RY`), as [`PieceKind::from_csa`] reads it:
/// looked up by its two capital letters (a piece kind each move, which a chain of
/// comparisons mispredicts).
#[inline]
fn kind(b: Option<&[u8]>) -> Option<PieceKind> {
    let &[a, b] = b? else {
        return None;
    };
    if !(a.is_ascii_uppercase() && b.is_ascii_uppercase()) {
        return None;
    }
    KINDS
        .get(usize::from(a - b'A') * 26 + usize::from(b - b'A'))
        .copied()
        .flatten()
}

/// [`kind`]'s table: by (first letter, second letter), each from `A` = 0.
static KINDS: [Option<PieceKind>; 26 * 26] = {
    let mut t = [None; 26 * 26];
    let mut a = 0u8;
    while a < 26 {
        let mut b = 0u8;
        while b < 26 {
            t[a as usize * 26 + b as usize] = kind_named(b'A' + a, b'A' + b);
            b += 1;
        }
        a += 1;
    }
    t
};

/// The kind a CSA piece code names, by comparisons (what [`KINDS`] is built from).
const fn kind_named(a: u8, b: u8) -> Option<PieceKind> {
    Some(match [a, b] {
        [b'F', b'U'] => PieceKind::Pawn,
        [b'K', b'Y'] => PieceKind::Lance,
        [b'K', b'E'] => PieceKind::Knight,
        [b'G', b'I'] => PieceKind::Silver,
        [b'K', b'I'] => PieceKind::Gold,
        [b'K', b'A'] => PieceKind::Bishop,
        [b'H', b'I'] => PieceKind::Rook,
        [b'O', b'U'] => PieceKind::King,
        [b'T', b'O'] => PieceKind::PromotedPawn,
        [b'N', b'Y'] => PieceKind::PromotedLance,
        [b'N', b'K'] => PieceKind::PromotedKnight,
        [b'N', b'G'] => PieceKind::PromotedSilver,
        [b'U', b'M'] => PieceKind::Horse,
        [b'R', b'Y'] => PieceKind::Dragon,
        _ => return None,
    })
}
