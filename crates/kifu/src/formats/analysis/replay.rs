//! The checks of a game's engine analysis (#35 point 4): every principal variation
//! replayed with the rules from its node's position, and each evaluation's figures
//! against each other. A game without evaluations costs one look at each node.
//!
//! The moves of a variation are read here, in the family's notation as the source
//! wrote them (GTP vertices for Go and gomoku; CSA, KIF or KI2 moves for shogi); the
//! positions and the legality of each move are the rules' (`rules::go::Board`,
//! `rules::renju::Board`, `rules::shogi::Position`).

use crate::diag::codes;
use crate::formats::kif::ki2line;
use crate::formats::shogi::notation::{file_digit, rank_digit};
use crate::model::{
    BoardSize, Color, Evaluation, Game, GameKind, Move, Node, NodeId, PieceKind, Point, ShogiMove,
    Square,
};
use crate::rules::go::{Board as GoBoard, Cell, Illegal as GoIllegal};
use crate::rules::renju::Board as GomokuBoard;
use crate::rules::shogi::Position;
use crate::rules::Finding;

/// The findings on a game's analysis: illegal or unreadable moves of principal
/// variations, win rates outside 0–1, scores against their own win rate. Empty, after
/// one look at each node, for a game without evaluations.
pub fn check(game: &Game) -> Vec<Finding> {
    if !game.tree.iter().any(|(_, n)| !n.analysis.is_empty()) {
        return Vec::new();
    }
    let mut findings = Vec::new();
    for (id, node) in game.tree.iter() {
        for (k, e) in node.analysis.iter().enumerate() {
            figures(id, k, e, &mut findings);
        }
    }
    match &game.kind {
        GameKind::Go { size } => walk(game, &mut GoReplay::new(game, *size), &mut findings),
        GameKind::Gomoku { size, .. } => walk(game, &mut GomokuReplay::new(*size), &mut findings),
        GameKind::Shogi => walk(game, &mut ShogiReplay::new(game), &mut findings),
        GameKind::Gonu(_) => {}
    }
    findings
}

/// Names evaluation `k` (from 0) of a node in messages: `evaluation 1`, with the
/// engine when known.
fn which(k: usize, e: &Evaluation) -> String {
    match &e.engine {
        Some(engine) => format!("evaluation {} ({})", k + 1, crate::diag::clip(engine)),
        None => format!("evaluation {}", k + 1),
    }
}

/// The checks of one evaluation's figures.
fn figures(id: NodeId, k: usize, e: &Evaluation, out: &mut Vec<Finding>) {
    let finding = |code, message| Finding {
        node: id,
        part: None,
        code,
        message,
        omitted: 0,
    };
    for (name, rate) in [("win rate", e.winrate), ("draw rate", e.drawrate)] {
        if let Some(r) = rate.filter(|r| !(0.0..=1.0).contains(r)) {
            out.push(finding(
                codes::ANALYSIS_WINRATE_RANGE,
                format!("{}: {name} {r} is outside 0 to 1", which(k, e)),
            ));
        }
    }
    if let (Some(score), Some(rate)) = (e.score, e.winrate) {
        if (0.0..=1.0).contains(&rate) && (score > 0.0 && rate < 0.5 || score < 0.0 && rate > 0.5) {
            let side = |black: bool| if black { "Black" } else { "White" };
            out.push(finding(
                codes::ANALYSIS_SCORE_CONTRADICTS,
                format!(
                    "{}: score {score} favours {}, but Black's win rate {rate} favours {}",
                    which(k, e),
                    side(score > 0.0),
                    side(rate > 0.5)
                ),
            ));
        }
    }
}

/// Why a move of a principal variation was not played: unreadable, or illegal.
enum Stop {
    /// The text is no move in the family's notation.
    Unreadable(String),
    /// The move cannot be played: why.
    Illegal(String),
}

/// A game's positions along its tree, for replaying variations from each node.
trait Replay {
    /// What [`Replay::leave`] needs to take a node back.
    type Undo;
    /// Plays a node's setup and move (an illegal record move is left unplayed: the
    /// rules' own check reports it).
    fn enter(&mut self, node: &Node) -> Self::Undo;
    /// Takes a node back.
    fn leave(&mut self, undo: Self::Undo);
    /// Replays a variation from the position now (or, with `before`, the position
    /// before the node's own move) and takes it back; on a move that cannot be
    /// played, its index (from 0) and why.
    fn variation(&mut self, pv: &[String], before: bool) -> Result<(), (usize, Stop)>;
}

/// Whether an evaluation's variation starts before its node's move: a KIF engine
/// line (`**対局`, `**解析`, `**検討`) whose first move is the node mover's own. In
/// game mode the engine writes the line it expected when it chose the move, the
/// move itself first (ShogiGUI's file: after 1 ７六歩, `読み筋 ▲７六歩(77)`); so does
/// a floodgate remark in USI moves whose first is the node's own (aobazero: after
/// `+7776FU`, `'** 130 7g7f 8c8d`). Every other variation starts from the position
/// after the node's move.
fn starts_before(node: &Node, e: &Evaluation) -> bool {
    use crate::model::Convention;
    let Some(Move::Shogi(m)) = node.mv else {
        return false;
    };
    let kif_line = matches!(
        e.convention,
        Some(Convention::KifGame | Convention::KifAnalysis | Convention::KifStudy)
    );
    let first = e.pv.first().and_then(|t| t.chars().next());
    let side = match first {
        Some('▲' | '☗') => Some(Color::Black),
        Some('△' | '▽' | '☖') => Some(Color::White),
        _ => None,
    };
    // A floodgate remark in USI moves (aobazero) starts with the move just played.
    let usi_own = e.convention == Some(Convention::Floodgate)
        && e.pv
            .first()
            .is_some_and(|t| *t == crate::formats::usi::usi_move(&m));
    (kif_line && side == Some(m.color)) || usi_own
}

/// Walks the tree depth first with `replay` (a loop: no recursion), replaying every
/// evaluation's variation at its node.
fn walk<R: Replay>(game: &Game, replay: &mut R, out: &mut Vec<Finding>) {
    enum Step<U> {
        Enter(NodeId),
        Leave(U),
    }
    let mut stack = vec![Step::Enter(NodeId::ROOT)];
    while let Some(step) = stack.pop() {
        let id = match step {
            Step::Leave(undo) => {
                replay.leave(undo);
                continue;
            }
            Step::Enter(id) => id,
        };
        let Some(node) = game.tree.get(id) else {
            continue;
        };
        let undo = replay.enter(node);
        stack.push(Step::Leave(undo));
        for (k, e) in node.analysis.iter().enumerate() {
            if let Err((i, stop)) = replay.variation(&e.pv, starts_before(node, e)) {
                let text = crate::diag::quote(e.pv.get(i).map_or("", String::as_str));
                let (code, message) = match stop {
                    Stop::Unreadable(why) => (
                        codes::ANALYSIS_PV_UNREADABLE,
                        format!(
                            "{}: principal variation move {} of {}, {text}, cannot be read: {why}",
                            which(k, e),
                            i + 1,
                            e.pv.len()
                        ),
                    ),
                    Stop::Illegal(why) => (
                        codes::ANALYSIS_PV_ILLEGAL,
                        format!(
                            "{}: principal variation move {} of {}, {text}, is illegal: {why}",
                            which(k, e),
                            i + 1,
                            e.pv.len()
                        ),
                    ),
                };
                out.push(Finding {
                    node: id,
                    part: None,
                    code,
                    message,
                    omitted: 0,
                });
            }
        }
        for &child in node.children().iter().rev() {
            stack.push(Step::Enter(child));
        }
    }
}

/// A GTP vertex (`Q16`, `pass`) on a board of `size`: `Ok(None)` for a pass.
fn vertex(word: &str, size: BoardSize) -> Result<Option<Point>, Stop> {
    if word.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    let bad = || {
        Stop::Unreadable(
            "expected a GTP vertex (a column letter without I, a row number) or pass".into(),
        )
    };
    let b = word.as_bytes();
    let col = b
        .first()
        .copied()
        .filter(u8::is_ascii_alphabetic)
        .ok_or_else(bad)?;
    let col = col.to_ascii_uppercase();
    if col == b'I' {
        return Err(bad());
    }
    let x = if col > b'I' {
        col - b'A' - 1
    } else {
        col - b'A'
    };
    let row: u8 = word
        .get(1..)
        .filter(|r| !r.starts_with('0') && r.bytes().all(|c| c.is_ascii_digit()))
        .and_then(|r| r.parse().ok())
        .ok_or_else(bad)?;
    if x >= size.width || row == 0 || row > size.height {
        return Err(Stop::Illegal(format!(
            "{word} is off the {}x{} board",
            size.width, size.height
        )));
    }
    Ok(Some(Point {
        x,
        y: size.height - row,
    }))
}

/// "black" or "white".
fn colour(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Go: the rules' board with its undo log, and whose turn it is.
struct GoReplay {
    board: GoBoard,
    size: BoardSize,
    next: Color,
}

impl GoReplay {
    fn new(game: &Game, size: BoardSize) -> GoReplay {
        let mut board = GoBoard::new(size);
        board.allow_suicide(crate::rules::go::rules_of(game).allows_suicide());
        // A handicap game's first move is White's.
        let next = if game.info.handicap.is_some_and(|h| h >= 2) {
            Color::White
        } else {
            Color::Black
        };
        GoReplay { board, size, next }
    }
}

impl Replay for GoReplay {
    type Undo = ((usize, Option<(Point, Color)>), Color);

    fn enter(&mut self, node: &Node) -> Self::Undo {
        let undo = (self.board.checkpoint(), self.next);
        let setup = &node.setup;
        if !setup.is_empty() {
            for (points, cell) in [
                (&setup.clear, Cell::Empty),
                (&setup.add_black, Cell::Stone(Color::Black)),
                (&setup.add_white, Cell::Stone(Color::White)),
            ] {
                for &p in points {
                    let _ = self.board.setup(p, cell);
                }
            }
            if let Some(c) = setup.to_play {
                self.next = c;
            }
        }
        if let Some(Move::Stone(m)) = node.mv {
            match m.point {
                None => self.board.pass(),
                Some(p) => {
                    let _ = self.board.play(p, m.color);
                }
            }
            self.next = m.color.opponent();
        }
        undo
    }

    fn leave(&mut self, (cp, next): Self::Undo) {
        self.board.undo_to(cp);
        self.next = next;
    }

    fn variation(&mut self, pv: &[String], _before: bool) -> Result<(), (usize, Stop)> {
        let cp = self.board.checkpoint();
        let mut color = self.next;
        let mut result = Ok(());
        for (i, word) in pv.iter().enumerate() {
            let played = vertex(word, self.size).and_then(|p| match p {
                None => {
                    self.board.pass();
                    Ok(())
                }
                Some(p) => self.board.play(p, color).map(|_| ()).map_err(|e| {
                    Stop::Illegal(match e {
                        GoIllegal::OffBoard => format!("{word} is off the board"),
                        GoIllegal::Occupied(c) => format!(
                            "{} plays at {word}, where a {} stone stands",
                            colour(color),
                            colour(c)
                        ),
                        GoIllegal::Suicide => format!(
                            "{} at {word} would leave its own group without liberties (suicide)",
                            colour(color)
                        ),
                        GoIllegal::Ko => {
                            format!("{} at {word} retakes the ko at once", colour(color))
                        }
                    })
                }),
            });
            if let Err(stop) = played {
                result = Err((i, stop));
                break;
            }
            color = color.opponent();
        }
        self.board.undo_to(cp);
        result
    }
}

/// Gomoku: the rules' board, the stones each node set (to take back), whose turn.
struct GomokuReplay {
    board: GomokuBoard,
    size: BoardSize,
    next: Color,
    /// Points set, with what stood there, in order.
    log: Vec<(Point, Option<Color>)>,
}

impl GomokuReplay {
    fn new(size: BoardSize) -> GomokuReplay {
        GomokuReplay {
            board: GomokuBoard::new(size),
            size,
            next: Color::Black,
            log: Vec::new(),
        }
    }

    /// Sets `p` to `stone`, logging what stood there.
    fn set(&mut self, p: Point, stone: Option<Color>) {
        if self.board.contains(p) {
            let old = self.board.set(i32::from(p.x), i32::from(p.y), stone);
            self.log.push((p, old));
        }
    }

    /// Takes back every point set since the log held `len` entries.
    fn back_to(&mut self, len: usize) {
        while self.log.len() > len {
            if let Some((p, old)) = self.log.pop() {
                self.board.set(i32::from(p.x), i32::from(p.y), old);
            }
        }
    }
}

impl Replay for GomokuReplay {
    type Undo = (usize, Color);

    fn enter(&mut self, node: &Node) -> Self::Undo {
        let undo = (self.log.len(), self.next);
        let setup = &node.setup;
        if !setup.is_empty() {
            for (points, stone) in [
                (&setup.clear, None),
                (&setup.add_black, Some(Color::Black)),
                (&setup.add_white, Some(Color::White)),
            ] {
                for &p in points {
                    self.set(p, stone);
                }
            }
            if let Some(c) = setup.to_play {
                self.next = c;
            }
        }
        if let Some(Move::Stone(m)) = node.mv {
            if let Some(p) = m.point {
                if self.board.get(i32::from(p.x), i32::from(p.y)).is_none() {
                    self.set(p, Some(m.color));
                }
            }
            self.next = m.color.opponent();
        }
        undo
    }

    fn leave(&mut self, (len, next): Self::Undo) {
        self.back_to(len);
        self.next = next;
    }

    fn variation(&mut self, pv: &[String], _before: bool) -> Result<(), (usize, Stop)> {
        let len = self.log.len();
        let mut color = self.next;
        let mut result = Ok(());
        for (i, word) in pv.iter().enumerate() {
            let played = vertex(word, self.size).and_then(|p| match p {
                None => Ok(()),
                Some(p) => match self.board.get(i32::from(p.x), i32::from(p.y)) {
                    Some(c) => Err(Stop::Illegal(format!(
                        "{} plays at {word}, where a {} stone stands",
                        colour(color),
                        colour(c)
                    ))),
                    None => {
                        self.set(p, Some(color));
                        Ok(())
                    }
                },
            });
            if let Err(stop) = played {
                result = Err((i, stop));
                break;
            }
            color = color.opponent();
        }
        self.back_to(len);
        result
    }
}

/// Shogi: the rules' position, made and unmade in place, and the last move's
/// destination (for 同).
struct ShogiReplay {
    position: Position,
    /// The destination of the last move, node by node down the walk (for 同).
    last: Vec<Option<Square>>,
    /// The move each node of the walk made, if any.
    made: Vec<Option<ShogiMove>>,
    /// Whether each node of the walk holds a move the rules could not make (their
    /// check reports it).
    unplayable: Vec<bool>,
}

impl ShogiReplay {
    fn new(game: &Game) -> ShogiReplay {
        let start = game
            .info
            .shogi_start
            .as_ref()
            .map_or_else(|| crate::model::Handicap::Even.position(), |s| s.position());
        ShogiReplay {
            position: Position::from_model(&start),
            last: vec![None],
            made: Vec::new(),
            unplayable: Vec::new(),
        }
    }

    /// The move a variation's item means in the position now: a CSA move
    /// (`+7776FU`), a KIF move (`▲７六歩(77)`) or a KI2 move (`▲７六歩`, `△同　銀`).
    /// `last` is the previous move's destination, for 同.
    fn read(&mut self, text: &str, last: Option<Square>) -> Result<ShogiMove, Stop> {
        if text.starts_with(['+', '-']) {
            return self.csa(text);
        }
        if crate::formats::usi::is_usi_move(text) {
            return self.usi(text);
        }
        // A KIF move is a KI2 move with its origin `(xy)` after it.
        let (body, from) = match text.strip_suffix(')').and_then(|t| t.rsplit_once('(')) {
            Some((body, origin)) => (body, Some(origin_square(origin)?)),
            None => (text, None),
        };
        let m = ki2line::parse_token(body).map_err(Stop::Unreadable)?;
        let to = m.to.or(last).ok_or_else(|| {
            Stop::Illegal("同 (same square) but there is no previous move".into())
        })?;
        let pos = &mut self.position;
        if let Some(from) = from {
            return Ok(pos.build_move(m.color, Some(from), to, m.piece, m.promote));
        }
        if m.drop {
            return Ok(pos.build_move(m.color, None, to, m.piece, false));
        }
        let legal = pos.candidates(m.color, m.piece, to, true);
        let chosen = crate::rules::shogi::filter_relative(m.relative, m.color, m.piece, to, &legal);
        match chosen.as_slice() {
            [from] => {
                let promote = m.promote;
                Ok(pos.build_move(m.color, Some(*from), to, m.piece, promote))
            }
            [] if pos.get(to).is_none() && pos.in_hand(m.color, m.piece) > 0 && !m.promote => {
                Ok(pos.build_move(m.color, None, to, m.piece, false))
            }
            [] => Err(Stop::Illegal(format!(
                "no {} of {} can move to {}",
                m.piece.kanji(),
                side(m.color),
                crate::rules::shogi::square_name(to)
            ))),
            _ => Err(Stop::Illegal(format!(
                "{} {} can move to {}: the move is ambiguous",
                chosen.len(),
                m.piece.kanji(),
                crate::rules::shogi::square_name(to)
            ))),
        }
    }

    /// A USI move (`7g7f`, `8h2b+`, `P*5e`), as some engines write floodgate
    /// remarks: the side to move plays it.
    fn usi(&self, text: &str) -> Result<ShogiMove, Stop> {
        use crate::formats::usi::{drop_kind, parse_square};
        let bad = || Stop::Unreadable("expected a USI move like 7g7f".into());
        let b = text.as_bytes();
        let pos = &self.position;
        let color = pos.to_move();
        if let [piece, b'*', to @ ..] = b {
            let kind = drop_kind(*piece).ok_or_else(bad)?;
            let to = parse_square(to).ok_or_else(bad)?;
            return Ok(pos.build_move(color, None, to, kind, false));
        }
        let from = b.get(0..2).and_then(parse_square).ok_or_else(bad)?;
        let to = b.get(2..4).and_then(parse_square).ok_or_else(bad)?;
        let piece = pos
            .get(from)
            .map(|p| p.kind)
            .ok_or_else(|| Stop::Illegal(format!("{text}: no piece on its origin")))?;
        Ok(pos.build_move(color, Some(from), to, piece, b.get(4) == Some(&b'+')))
    }

    /// A CSA move `+7776FU`: the piece named is the one after the move, so a move
    /// whose piece on the origin promotes to it is a promotion.
    fn csa(&self, text: &str) -> Result<ShogiMove, Stop> {
        let bad = || Stop::Unreadable("expected a CSA move like +7776FU".into());
        let b = text.as_bytes();
        if b.len() != 7 || !text.is_ascii() {
            return Err(bad());
        }
        let color = if b[0] == b'+' {
            Color::Black
        } else {
            Color::White
        };
        let digit = |i: usize| -> Result<u8, Stop> {
            match b.get(i) {
                Some(d @ b'0'..=b'9') => Ok(d - b'0'),
                _ => Err(bad()),
            }
        };
        let (ff, fr, tf, tr) = (digit(1)?, digit(2)?, digit(3)?, digit(4)?);
        let named = text
            .get(5..7)
            .and_then(PieceKind::from_csa)
            .ok_or_else(bad)?;
        let to = Square::new(tf, tr).ok_or_else(bad)?;
        let pos = &self.position;
        if (ff, fr) == (0, 0) {
            return Ok(pos.build_move(color, None, to, named, false));
        }
        let from = Square::new(ff, fr).ok_or_else(bad)?;
        let (piece, promote) = match pos.get(from) {
            Some(p) if p.kind != named && p.kind.promoted() == Some(named) => (p.kind, true),
            _ => (named, false),
        };
        Ok(pos.build_move(color, Some(from), to, piece, promote))
    }
}

/// A KIF origin `77` (ASCII or full-width digits).
fn origin_square(text: &str) -> Result<Square, Stop> {
    let mut chars = text.chars();
    let file = chars.next().and_then(file_digit);
    let rank = chars
        .next()
        .and_then(|c| file_digit(c).or_else(|| rank_digit(c)));
    match (file, rank, chars.next()) {
        (Some(f), Some(r), None) => {
            Square::new(f, r).ok_or_else(|| Stop::Unreadable(format!("({text}) is no square")))
        }
        _ => Err(Stop::Unreadable(format!("({text}) is no square"))),
    }
}

/// "black (先手)" or "white (後手)".
fn side(c: Color) -> &'static str {
    match c {
        Color::Black => "black (先手)",
        Color::White => "white (後手)",
    }
}

impl Replay for ShogiReplay {
    type Undo = ();

    fn enter(&mut self, node: &Node) {
        let Some(Move::Shogi(m)) = node.mv else {
            let last = self.last.last().copied().flatten();
            self.last.push(last);
            self.made.push(None);
            self.unplayable.push(false);
            return;
        };
        // A record move that cannot be made is the rules' check's to report; the
        // line below it is replayed from the position before it.
        let made = self.position.check(&m).is_ok().then(|| {
            self.position.make(&m);
            m
        });
        self.last.push(Some(m.to));
        self.unplayable.push(made.is_none());
        self.made.push(made);
    }

    fn leave(&mut self, (): ()) {
        if let Some(m) = self.made.pop().flatten() {
            self.position.unmake(&m);
        }
        self.last.pop();
        self.unplayable.pop();
    }

    fn variation(&mut self, pv: &[String], before: bool) -> Result<(), (usize, Stop)> {
        if before && self.unplayable.last() == Some(&true) {
            // The line starts with the node's own move, which the rules could not
            // make (a recorded foul): the rules' check reports that move.
            return Ok(());
        }
        let taken_back = match self.made.last().copied().flatten() {
            Some(m) if before => {
                self.position.unmake(&m);
                Some(m)
            }
            _ => None,
        };
        let depth = if taken_back.is_some() { 2 } else { 1 };
        let mut last = self
            .last
            .len()
            .checked_sub(depth)
            .and_then(|i| self.last.get(i))
            .copied()
            .flatten();
        let mut made: Vec<ShogiMove> = Vec::new();
        let mut result = Ok(());
        for (i, text) in pv.iter().enumerate() {
            let mv = self.read(text, last).and_then(|mv| {
                self.position
                    .check(&mv)
                    .map(|()| mv)
                    .map_err(|e| Stop::Illegal(e.message(&mv)))
            });
            match mv {
                Ok(mv) => {
                    self.position.make(&mv);
                    made.push(mv);
                    last = Some(mv.to);
                }
                Err(stop) => {
                    result = Err((i, stop));
                    break;
                }
            }
        }
        while let Some(mv) = made.pop() {
            self.position.unmake(&mv);
        }
        if let Some(m) = taken_back {
            self.position.make(&m);
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(n: u8) -> BoardSize {
        BoardSize {
            width: n,
            height: n,
        }
    }

    #[test]
    fn gtp_vertices_on_a_board() {
        let at = |w: &str, n: u8| vertex(w, size(n)).ok();
        assert_eq!(at("A19", 19), Some(Some(Point { x: 0, y: 0 })));
        assert_eq!(at("T1", 19), Some(Some(Point { x: 18, y: 18 })));
        assert_eq!(at("J10", 19), Some(Some(Point { x: 8, y: 9 })));
        assert_eq!(at("q16", 19), Some(Some(Point { x: 15, y: 3 })));
        assert_eq!(at("pass", 9), Some(None));
        assert!(matches!(vertex("K10", size(9)), Err(Stop::Illegal(_))));
        for w in ["I5", "A0", "A01", "", "5A", "dd"] {
            assert!(
                matches!(vertex(w, size(19)), Err(Stop::Unreadable(_))),
                "{w}"
            );
        }
    }
}

#[cfg(test)]
mod shogi_tests {
    use super::*;

    /// The messages of a shogi game whose one move (▲７六歩) carries an evaluation
    /// with `pv` (JSON strings), read in `convention`.
    fn check_pv(pv: &str, convention: &str) -> Vec<String> {
        let doc = format!(
            r#"{{"version":1,"games":[{{"kind":"shogi","info":{{}},"tree":{{"nodes":[{{"children":[1]}},{{"move":{{"shogi":{{"color":"black","from":[7,7],"to":[7,6],"piece":"pawn"}}}},"analysis":[{{"pv":[{pv}],"convention":"{convention}"}}]}}]}}}}]}}"#
        );
        let parsed = crate::formats::json::read(&doc);
        assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
        let game = parsed.collection.games.first().expect("a game");
        check(game).into_iter().map(|f| f.message).collect()
    }

    #[test]
    fn csa_kif_and_ki2_moves_replay() {
        // CSA: a bishop that becomes a horse is a promotion; a drop from 00.
        assert!(check_pv(r#""-3334FU","+8822UM","-3122GI","+0055KA""#, "floodgate").is_empty());
        // KIF with origins and 同; KI2 with a relative word and a drop.
        assert!(check_pv(
            r#""△３四歩(33)","▲２二角成(88)","△同　銀(31)","▲５五角打""#,
            "shogi_home"
        )
        .is_empty());
        assert!(check_pv(r#""△３四歩","▲５八金右","△８四歩","▲６八銀""#, "shogi_home").is_empty());
        // A KIF game-mode line that starts with the node's own move.
        assert!(check_pv(r#""▲７六歩(77)","△３四歩(33)""#, "kif_game").is_empty());
    }

    #[test]
    fn shogi_variations_that_cannot_be_played() {
        assert_eq!(
            check_pv(r#""△３四歩","▲５八金""#, "shogi_home"),
            ["evaluation 1: principal variation move 2 of 2, \"▲５八金\", is illegal: 2 金 can move to ５八: the move is ambiguous"]
        );
        assert_eq!(
            check_pv(r#""△５五角""#, "shogi_home"),
            ["evaluation 1: principal variation move 1 of 1, \"△５五角\", is illegal: no 角 of white (後手) can move to ５五"]
        );
        assert_eq!(
            check_pv(r#""+7776FX""#, "floodgate"),
            ["evaluation 1: principal variation move 1 of 1, \"+7776FX\", cannot be read: expected a CSA move like +7776FU"]
        );
        assert_eq!(
            check_pv(r#""△３四歩(3x)""#, "shogi_home"),
            ["evaluation 1: principal variation move 1 of 1, \"△３四歩(3x)\", cannot be read: (3x) is no square"]
        );
    }
}
