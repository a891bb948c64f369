//! A query's answer: the games that reached a position (as the criteria of `kifu
//! filter` select them) and the table of the moves played next, with the results
//! that followed, as Kombilo and waltheri show it.

use std::collections::HashMap;

use super::pattern::Pattern;
use super::positions::{Frame, Played};
use super::store::{Error, Hit, Index};
use crate::collect::filter::Criteria;
use crate::model::{BoardSize, Color, Point, Square};
use crate::rules::go::Board;

/// One move played next, with how often and how the games ended.
#[derive(Debug, Clone, PartialEq)]
pub struct Continuation {
    /// The move in the query's frame (`None`: nothing was played, the line ended).
    pub played: Option<Played>,
    /// The move's code in the index.
    pub code: u32,
    /// Rows of the answer with this move.
    pub count: usize,
    /// Of them, games black (the first player) won.
    pub black_wins: usize,
    /// Games white won.
    pub white_wins: usize,
    /// Draws and games without a known winner.
    pub other: usize,
}

/// The answer to a query.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The rows found, those the criteria keep, in path, game and move order.
    pub hits: Vec<Hit>,
    /// The moves played next, the most frequent first (then by the move's code).
    pub next: Vec<Continuation>,
}

/// The games of `index` that reached the position of `hash` (hashed in `frame`),
/// kept by `criteria`, and what was played next.
pub fn search(
    index: &Index,
    hash: u64,
    frame: Frame,
    criteria: &Criteria,
) -> Result<Answer, Error> {
    let hits: Vec<Hit> = index
        .lookup(hash)?
        .into_iter()
        .filter(|h| criteria.matches_facts(&h.game))
        .collect();
    Ok(answer(hits, frame))
}

/// The games of `index` in which `pattern` appears (Go, main lines), kept by
/// `criteria`, and the moves played next inside the pattern's window, shown on the
/// query's board. Every Go game's line is replayed, on all cores.
pub fn search_pattern(
    index: &Index,
    pattern: &Pattern,
    criteria: &Criteria,
) -> Result<Answer, Error> {
    use rayon::prelude::*;
    let mut rows: Vec<(u32, u32, u32)> = Vec::new();
    index.go_lines(|batch| {
        let found: Vec<Vec<(u32, u32, u32)>> = batch
            .par_iter()
            .map_init(
                || (Board::new(BoardSize::square(19)), Vec::new()),
                |(board, out), (id, size, line)| {
                    out.clear();
                    pattern.find(*size, line, board, out);
                    out.iter().map(|&(ply, mv)| (*id, ply, mv)).collect()
                },
            )
            .collect();
        rows.extend(found.into_iter().flatten());
        Ok(())
    })?;
    let hits: Vec<Hit> = index
        .hits(&rows)?
        .into_iter()
        .filter(|h| criteria.matches_facts(&h.game))
        .collect();
    let frame = Frame::Grid {
        size: pattern.size,
        sym: 0,
        swap: false,
    };
    Ok(answer(hits, frame))
}

/// The answer of these hits: the table of moves played next.
fn answer(hits: Vec<Hit>, frame: Frame) -> Answer {
    let mut by_move: HashMap<u32, Continuation> = HashMap::new();
    for h in &hits {
        let c = by_move.entry(h.mv).or_insert_with(|| Continuation {
            played: frame.decode(h.mv),
            code: h.mv,
            count: 0,
            black_wins: 0,
            white_wins: 0,
            other: 0,
        });
        c.count += 1;
        match h.game.winner.as_str() {
            "black" => c.black_wins += 1,
            "white" => c.white_wins += 1,
            _ => c.other += 1,
        }
    }
    let mut next: Vec<Continuation> = by_move.into_values().collect();
    next.sort_by(|a, b| b.count.cmp(&a.count).then(a.code.cmp(&b.code)));
    Answer { hits, next }
}

/// A move as text: `B pd` (SGF's letters) or `W pass` for Go and gomoku, USI for
/// shogi (`7g7f`, `8h2b+`, `P*5e`), `end` for none.
pub fn played_text(played: Option<Played>) -> String {
    let side = |c: Color| if c == Color::Black { "B" } else { "W" };
    match played {
        None => "end".into(),
        Some(Played::Stone(c, None)) => format!("{} pass", side(c)),
        Some(Played::Stone(c, Some(p))) => format!("{} {}", side(c), sgf_point(p)),
        Some(Played::Shogi {
            from,
            drop,
            to,
            promote,
            ..
        }) => {
            let sq = |i: u8| {
                Square::from_index(usize::from(i)).map_or_else(String::new, |s| {
                    format!("{}{}", s.file, char::from(b'a' + s.rank.saturating_sub(1)))
                })
            };
            let plus = if promote { "+" } else { "" };
            match from {
                Some(f) => format!("{}{}{plus}", sq(f), sq(to)),
                None => {
                    let letter = crate::model::PieceKind::HAND_FROM_PAWN
                        .get(usize::from(drop))
                        .map_or('?', |k| k.sfen_letter().to_ascii_uppercase());
                    format!("{letter}*{}", sq(to))
                }
            }
        }
    }
}

/// A point in SGF's letters (`a`–`z`, then `A`–`Z`).
fn sgf_point(p: Point) -> String {
    let letter = |v: u8| {
        char::from(if v < 26 {
            b'a' + v
        } else {
            b'A' + v.saturating_sub(26)
        })
    };
    format!("{}{}", letter(p.x), letter(p.y))
}
