//! Shogi pictures: Kakinoki's board diagram (BOD) as text, and an SVG with kanji pieces
//! (white's upside down) and both hands, its text drawn as outlines.

use std::fmt::Write as _;

use super::glyphs::{self, Anchor};
use crate::formats::shogi::bod::bod;
use crate::formats::shogi::notation::move_kif;
use crate::model::{
    Color, Game, Handicap, Move, NodeId, PieceKind, ShogiMove, ShogiPosition, ShogiStart, Square,
};

/// A shogi position reached along a line of play.
#[derive(Debug, Clone)]
pub struct Reached {
    /// The position.
    pub position: ShogiPosition,
    /// How many moves were played.
    pub moves: usize,
    /// The last move.
    pub last: Option<ShogiMove>,
    /// Whether the last move was 同 (to the square of the move before).
    pub same: bool,
}

/// The position after `upto` moves of a line of nodes (all of them when `None`), from
/// the game's starting position (the even one when it names none).
pub fn position_on(game: &Game, line: &[NodeId], upto: Option<usize>) -> Reached {
    Walk::new(game, line).to(upto)
}

/// A line of play replayed forward: the positions after 0, 1, 2 … moves, each in the
/// time of the moves since the one before (an animation's frames in time linear in
/// its moves).
pub struct Walk<'a> {
    game: &'a Game,
    line: &'a [NodeId],
    /// The next node of `line` to play.
    next: usize,
    pos: crate::rules::shogi::Position,
    played: usize,
    last: Option<ShogiMove>,
    same: bool,
}

impl<'a> Walk<'a> {
    /// The game's starting position (the even one when it names none).
    pub fn new(game: &'a Game, line: &'a [NodeId]) -> Walk<'a> {
        let start = game
            .info
            .shogi_start
            .as_ref()
            .map_or_else(|| Handicap::Even.position(), ShogiStart::position);
        Walk {
            game,
            line,
            next: 0,
            pos: crate::rules::shogi::Position::from_model(&start),
            played: 0,
            last: None,
            same: false,
        }
    }

    /// The position after `upto` moves (all of them when `None`), as
    /// [`position_on`] gives it; `upto` may not go back (an earlier count gives the
    /// position reached so far).
    pub fn to(&mut self, upto: Option<usize>) -> Reached {
        while let Some(&id) = self.line.get(self.next) {
            let Some(node) = self.game.tree.get(id) else {
                self.next += 1;
                continue;
            };
            let Some(Move::Shogi(mv)) = node.mv else {
                self.next += 1;
                continue;
            };
            if upto.is_some_and(|n| self.played >= n) {
                break;
            }
            self.next += 1;
            self.same = self.last.is_some_and(|l| l.to == mv.to);
            self.pos.make(&mv);
            self.played += 1;
            self.last = Some(mv);
        }
        Reached {
            position: self.pos.to_model(),
            moves: self.played,
            last: self.last,
            same: self.same,
        }
    }
}

/// The BOD of a position, then `手数＝N  ▲７六歩(77)  まで` when a move led to it, as
/// Kakinoki writes it.
pub fn text(
    p: &ShogiPosition,
    moves_played: usize,
    last: Option<&ShogiMove>,
    same: bool,
) -> String {
    let mut out = bod(p);
    if p.to_move == Color::White && last.is_none() {
        out.push_str("後手番\n");
    }
    if let Some(mv) = last {
        let mark = if mv.color == Color::Black {
            '▲'
        } else {
            '△'
        };
        let _ = writeln!(
            out,
            "手数＝{moves_played}  {mark}{}  まで",
            move_kif(mv, same)
        );
    }
    out
}

const CELL: usize = 44;
const BOARD_X: usize = 110;
const BOARD_Y: usize = 40;

/// A standalone SVG of a position: board, file and rank labels, each piece a `<g>`
/// with classes `piece` and `black` or `white` (white's turned upside down, its king
/// 王, black's 玉), both hands
/// (one piece per kind, class `hand`, with its count), and the last move's square
/// highlighted.
pub fn svg(p: &ShogiPosition, last: Option<&ShogiMove>) -> String {
    let size = 9 * CELL;
    let width = BOARD_X * 2 + size + 24;
    let height = BOARD_Y * 2 + size;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"##
    );
    let _ = writeln!(
        s,
        r##"<rect class="background" width="{width}" height="{height}" fill="#f3e7c9"/>"##
    );
    let _ = writeln!(
        s,
        r##"<rect class="board" x="{BOARD_X}" y="{BOARD_Y}" width="{size}" height="{size}" fill="#e8c27a" stroke="#3b2a12" stroke-width="2"/>"##
    );
    if let Some(to) = last.map(|m| m.to) {
        let (x, y) = cell_origin(to);
        let _ = writeln!(
            s,
            r##"<rect class="last" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#f6e05e" fill-opacity="0.6"/>"##
        );
    }
    for i in 1..9 {
        let o = i * CELL;
        let _ = writeln!(
            s,
            r##"<line x1="{x}" y1="{BOARD_Y}" x2="{x}" y2="{y2}" stroke="#3b2a12"/><line x1="{BOARD_X}" y1="{y}" x2="{x2}" y2="{y}" stroke="#3b2a12"/>"##,
            x = BOARD_X + o,
            y2 = BOARD_Y + size,
            y = BOARD_Y + o,
            x2 = BOARD_X + size
        );
    }
    for (i, file) in "９８７６５４３２１".chars().enumerate() {
        glyphs::text(
            &mut s,
            &file.to_string(),
            (BOARD_X + i * CELL + CELL / 2) as f32,
            (BOARD_Y - 10) as f32,
            14.0,
            Anchor::Middle,
            r#"class="coord""#,
        );
    }
    for (i, rank) in "一二三四五六七八九".chars().enumerate() {
        glyphs::text(
            &mut s,
            &rank.to_string(),
            (BOARD_X + size + 8) as f32,
            (BOARD_Y + i * CELL + CELL / 2 + 5) as f32,
            14.0,
            Anchor::Start,
            r#"class="coord""#,
        );
    }
    for (i, cell) in p.squares().iter().enumerate() {
        let (Some(piece), Some(sq)) = (cell, Square::from_index(i)) else {
            continue;
        };
        let (x, y) = cell_origin(sq);
        piece_svg(&mut s, piece.color, piece.kind, x, y, "");
    }
    hand_svg(&mut s, p, Color::White, 10, BOARD_Y);
    hand_svg(
        &mut s,
        p,
        Color::Black,
        BOARD_X + size + 40,
        BOARD_Y + size / 2,
    );
    s.push_str("</svg>\n");
    s
}

fn cell_origin(sq: Square) -> (usize, usize) {
    let col = usize::from(9 - sq.file);
    let row = usize::from(sq.rank - 1);
    (BOARD_X + col * CELL, BOARD_Y + row * CELL)
}

/// One piece; `extra` adds classes (`" hand"` for pieces in hand).
fn piece_svg(s: &mut String, color: Color, kind: PieceKind, x: usize, y: usize, extra: &str) {
    let (cx, cy) = (x + CELL / 2, y + CELL / 2);
    let class = if color == Color::Black {
        "black"
    } else {
        "white"
    };
    let turn = if color == Color::White { 180 } else { 0 };
    let fill = if kind.is_promoted() {
        "#b91c1c"
    } else {
        "#111"
    };
    let _ = write!(
        s,
        r##"<g class="piece {class}{extra}" data-kind="{}" transform="rotate({turn} {cx} {cy})"><path d="M{cx} {t} L{r} {u} L{r2} {b} L{l2} {b} L{l} {u} Z" fill="#f7e3b5" stroke="#5c4320"/>"##,
        kind.csa(),
        t = cy - 19,
        u = cy - 12,
        b = cy + 19,
        r = cx + 14,
        l = cx - 14,
        r2 = cx + 17,
        l2 = cx - 17,
    );
    glyphs::text(
        s,
        &piece_kanji(color, kind).to_string(),
        cx as f32,
        (cy + 9) as f32,
        22.0,
        Anchor::Middle,
        &format!(r#"fill="{fill}""#),
    );
    s.push_str("</g>\n");
}

/// The kanji a piece shows: as in the BOD, but white's king is 王 (black's 玉), as
/// printed diagrams tell the two kings apart.
fn piece_kanji(color: Color, kind: PieceKind) -> char {
    if kind == PieceKind::King && color == Color::White {
        '王'
    } else {
        kind.kanji()
    }
}

fn hand_svg(s: &mut String, p: &ShogiPosition, color: Color, x: usize, y: usize) {
    let label = if color == Color::Black {
        "☗先手"
    } else {
        "☖後手"
    };
    glyphs::text(
        s,
        label,
        x as f32,
        (y + 16) as f32,
        16.0,
        Anchor::Start,
        r#"class="hand-label""#,
    );
    let hand = &p.hands[color.index()];
    let mut row = 0;
    for kind in PieceKind::HAND {
        let n = hand.count(kind);
        if n == 0 {
            continue;
        }
        let py = y + 28 + row * (CELL + 4);
        piece_svg(s, color, kind, x, py, " hand");
        if n > 1 {
            glyphs::text(
                s,
                &format!("×{n}"),
                (x + CELL + 2) as f32,
                (py + CELL / 2 + 6) as f32,
                16.0,
                Anchor::Start,
                r#"class="hand-count""#,
            );
        }
        row += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_gives_each_position_as_a_fresh_replay_does() {
        let text = "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*3c\n";
        let parsed = crate::formats::usi::read(text);
        let game = parsed.collection.games.first().expect("a game");
        let line: Vec<NodeId> = game.tree.main_line().map(|(id, _)| id).collect();
        let mut walk = Walk::new(game, &line);
        for k in 0..=6 {
            let fresh = position_on(game, &line, Some(k));
            let walked = walk.to(Some(k));
            assert_eq!(walked.position, fresh.position, "move {k}");
            assert_eq!(
                (walked.moves, walked.last, walked.same),
                (fresh.moves, fresh.last, fresh.same),
                "move {k}"
            );
        }
        assert_eq!(walk.to(None).moves, 5);
    }
}
