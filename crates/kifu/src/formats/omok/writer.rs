//! Writing a log: the main line's stones, alternating from black, on 15×15. What a
//! log cannot hold (game information, a rule other than the seed's, comments,
//! variations, node data) is reported as a loss; a game a log cannot express at all
//! is refused.

use super::{MAX_MOVES, SIZE};
use crate::diag::{codes, Loss};
use crate::formats::{WriteError, Written};
use crate::model::{BoardSize, Collection, Color, GameKind, GomokuRule, Move};

/// Writes one gomoku game as an omok log.
pub fn write(collection: &Collection) -> Result<Written<Vec<u8>>, WriteError> {
    let game = crate::formats::the_game(collection)?;
    let GameKind::Gomoku { size, rule } = &game.kind else {
        return Err(WriteError::Invalid("an omok log holds gomoku games".into()));
    };
    if *size != BoardSize::square(SIZE) {
        return Err(WriteError::Invalid(format!(
            "an omok log is for the 15x15 board; this game is on {size}"
        )));
    }
    let mut bytes = vec![0u8];
    let mut taken = [None::<usize>; 256];
    let mut losses = Vec::new();
    for (_, node) in game.tree.main_line() {
        let Some(mv) = node.mv else { continue };
        let n = bytes.len();
        let Move::Stone(stone) = mv else {
            return Err(WriteError::Invalid(format!("move {n} is not a stone move")));
        };
        let expected = if n % 2 == 1 {
            Color::Black
        } else {
            Color::White
        };
        if stone.color != expected {
            return Err(WriteError::Invalid(format!(
                "an omok log alternates from black, and move {n} is not {}'s",
                if expected == Color::Black {
                    "black"
                } else {
                    "white"
                }
            )));
        }
        let Some(p) = stone.point else {
            return Err(WriteError::Invalid(format!(
                "move {n} is a pass, which an omok log cannot hold"
            )));
        };
        if p.x >= SIZE || p.y >= SIZE {
            return Err(WriteError::Invalid(format!(
                "move {n} at ({}, {}) is off the 15x15 board",
                p.x, p.y
            )));
        }
        let b = (p.x << 4) | p.y;
        if let Some(m) = taken.get_mut(usize::from(b)).and_then(|t| t.replace(n)) {
            return Err(WriteError::Invalid(format!(
                "move {n} plays ({}, {}) again (move {m} was played there)",
                p.x, p.y
            )));
        }
        if n > MAX_MOVES {
            return Err(WriteError::Invalid(format!(
                "an omok log holds at most {MAX_MOVES} moves"
            )));
        }
        bytes.push(b);
    }
    // At most 225 moves: the count fits in its byte.
    let count = u8::try_from(bytes.len() - 1).unwrap_or(u8::MAX);
    if let Some(first) = bytes.first_mut() {
        *first = count;
    }
    if *rule != GomokuRule::Seed {
        losses.push(loss(
            codes::OMOK_RULE_DROPPED,
            format!(
                "the rule {:?} is not recorded: a log reads back under the seed rule",
                rule.name()
            ),
            None,
        ));
    }
    Ok(Written {
        output: bytes,
        losses,
    })
}

fn loss(code: &'static codes::Code, message: String, move_number: Option<u32>) -> Loss {
    Loss {
        code,
        message,
        game: 0,
        move_number,
    }
}
