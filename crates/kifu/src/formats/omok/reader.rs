//! Reading a log: every byte checked, every problem reported at its byte offset; the
//! game holds the moves up to the first one that cannot be played.

use super::{MAX_MOVES, SIZE};
use crate::diag::{codes, Diagnostic, Span};
use crate::formats::Parsed;
use crate::model::{Collection, Color, Game, GameKind, GomokuRule, Move, Node, Point, StoneMove};

/// Reads an omok log. The game is gomoku on 15×15 under the seed rule.
pub fn read(bytes: &[u8]) -> Parsed {
    let mut game = Game::new(GameKind::gomoku(GomokuRule::Seed));
    let mut diagnostics = Vec::new();
    let mut spans = vec![Span::new(0, bytes.len().min(1))];
    let Some((&count, moves)) = bytes.split_first() else {
        diagnostics.push(Diagnostic::new(
            codes::OMOK_EMPTY,
            "the log is empty: it has no count byte",
            Span::at(0),
        ));
        return parsed(game, diagnostics, spans);
    };
    let count = usize::from(count);
    if count > MAX_MOVES {
        diagnostics.push(Diagnostic::new(
            codes::OMOK_TOO_MANY_MOVES,
            format!("the count byte says {count} moves; the 15x15 board holds at most {MAX_MOVES}"),
            Span::new(0, 1),
        ));
    }
    if moves.len() < count {
        diagnostics.push(Diagnostic::new(
            codes::OMOK_COUNT_MISMATCH,
            format!(
                "the count byte says {count} moves, but only {} byte(s) follow",
                moves.len()
            ),
            Span::new(0, 1),
        ));
    } else if moves.len() > count {
        diagnostics.push(Diagnostic::new(
            codes::OMOK_COUNT_MISMATCH,
            format!(
                "the count byte says {count} moves, but {} byte(s) follow: {} byte(s) after the last move",
                moves.len(),
                moves.len() - count
            ),
            Span::new(1 + count, bytes.len()),
        ));
    }
    // Which move first took each point, by byte value.
    let mut taken: [Option<usize>; 256] = [None; 256];
    let mut playing = true;
    let mut parent = game.tree.root();
    for (i, &b) in moves.iter().take(count).enumerate() {
        let offset = 1 + i;
        let n = i + 1;
        let span = Span::new(offset, offset + 1);
        let (x, y) = (b >> 4, b & 0x0F);
        let mut ok = true;
        for (axis, v) in [("x", x), ("y", y)] {
            if v >= SIZE {
                ok = false;
                diagnostics.push(
                    Diagnostic::new(
                        codes::OMOK_OFF_BOARD,
                        format!("move {n} (byte 0x{b:02X}) has {axis} = {v}: the board's points are 0 to 14"),
                        span,
                    )
                    .with_move(n as u32),
                );
            }
        }
        // An off-board byte names no point that could be taken.
        let slot = taken.get_mut(usize::from(b)).filter(|_| ok);
        match slot {
            Some(Some(m)) => {
                let m = *m;
                ok = false;
                diagnostics.push(
                    Diagnostic::new(
                        codes::OMOK_POINT_PLAYED_TWICE,
                        format!("move {n} plays ({x}, {y}) again: move {m} was played there"),
                        span,
                    )
                    .with_move(n as u32),
                );
            }
            Some(empty) => *empty = Some(n),
            None => {}
        }
        playing &= ok;
        if playing {
            let color = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let mv = Move::Stone(StoneMove {
                color,
                point: Some(Point::new(x, y)),
            });
            parent = game.tree.add_child(parent, Node::with_move(mv));
            spans.push(span);
        }
    }
    parsed(game, diagnostics, spans)
}

fn parsed(game: Game, diagnostics: Vec<Diagnostic>, spans: Vec<Span>) -> Parsed {
    Parsed {
        collection: Collection { games: vec![game] },
        diagnostics,
        node_spans: vec![spans],
        part_places: Vec::new(),
    }
}
