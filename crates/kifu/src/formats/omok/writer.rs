//! Writing a log: the main line's stones, alternating from black, on 15×15. What a
//! log cannot hold (game information, a rule other than the seed's, comments,
//! variations, node data) is reported as a loss; a game a log cannot express at all
//! is refused.

use super::{MAX_MOVES, SIZE};
use crate::diag::Loss;
use crate::formats::{WriteError, Written};
use crate::model::{BoardSize, Collection, Color, GameKind, GomokuRule, Move, Node};

/// Writes one gomoku game as an omok log.
pub fn write(collection: &Collection) -> Result<Written<Vec<u8>>, WriteError> {
    let game = match collection.games.as_slice() {
        [game] => game,
        games => {
            return Err(WriteError::TooManyGames {
                format: "omok",
                count: games.len(),
            })
        }
    };
    let GameKind::Gomoku { size, rule } = &game.kind else {
        return Err(WriteError::UnsupportedKind {
            format: "omok",
            kind: game.kind.family(),
            holds: &["gomoku"],
        });
    };
    if *size != BoardSize::square(SIZE) {
        return Err(WriteError::Invalid(format!(
            "an omok log is for the 15x15 board; this game is on {size}"
        )));
    }
    let mut bytes = vec![0u8];
    let mut taken = [None::<usize>; 256];
    let mut losses = Vec::new();
    let mut node_data = Vec::new();
    for (id, node) in game.tree.main_line() {
        let fields = node_fields(node);
        if !fields.is_empty() {
            node_data.push((game.tree.move_number(id), fields));
        }
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
            "omok::rule-dropped",
            format!(
                "the rule {:?} is not recorded: a log reads back under the seed rule",
                rule.name()
            ),
            None,
        ));
    }
    // A rule text (SGF RU[]) that names the game's own rule is not lost with it.
    let same_rule = game
        .info
        .rules
        .as_deref()
        .is_some_and(|ru| crate::rules::renju::rule_from_ru(ru) == *rule);
    let info: Vec<String> = json_keys(&game.info)
        .into_iter()
        .filter(|k| !(same_rule && k == "rules"))
        .collect();
    if !info.is_empty() {
        losses.push(loss(
            "omok::info-dropped",
            format!("game information dropped: {}", info.join(", ")),
            None,
        ));
    }
    let variations = game.tree.variation_count();
    if variations > 0 {
        losses.push(loss(
            "omok::variations-dropped",
            format!("{variations} variation(s) dropped: a log holds the main line only"),
            None,
        ));
    }
    for (move_number, fields) in node_data {
        let at = move_number.map_or_else(|| "the root".to_string(), |n| format!("move {n}"));
        losses.push(loss(
            "omok::node-data-dropped",
            format!("{at}: {} dropped", fields.join(", ")),
            move_number,
        ));
    }
    Ok(Written {
        output: bytes,
        losses,
    })
}

fn loss(code: &'static str, message: String, move_number: Option<u32>) -> Loss {
    Loss {
        code,
        message,
        game: 0,
        move_number,
    }
}

/// What a node holds besides its move and children, by the model's JSON names.
fn node_fields(node: &Node) -> Vec<String> {
    json_keys(node)
        .into_iter()
        .filter(|k| k != "move" && k != "children")
        .collect()
}

/// The keys a value serialises with: its non-empty fields (the model skips empty ones).
fn json_keys<T: serde::Serialize>(value: &T) -> Vec<String> {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::Object(map)) => map.keys().cloned().collect(),
        _ => Vec::new(),
    }
}
