//! `kifu list`: one row per game, the table a database or a spreadsheet reads.

use serde::Serialize;

use super::{analysis, dedup, meta};
use crate::model::{Game, GameKind, Move, Point};

/// One game's row. The CSV columns are these fields, in this order; an absent value is
/// an empty CSV field and `null` in JSON.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// The file, as given or found by the walk.
    pub path: String,
    /// The game's place in the file, from 1.
    pub game: usize,
    /// The format it was read as.
    pub format: String,
    /// The file's encoding (absent for binary formats).
    pub encoding: Option<String>,
    /// `go`, `gomoku`, `shogi` or `gonu`.
    pub kind: String,
    /// `19`, `19x13` (see `meta::size_text`).
    pub size: Option<String>,
    /// The first player's name.
    pub black: Option<String>,
    /// The first player's rank.
    pub black_rank: Option<String>,
    /// The second player's name.
    pub white: Option<String>,
    /// The second player's rank.
    pub white_rank: Option<String>,
    /// The event.
    pub event: Option<String>,
    /// The round.
    pub round: Option<String>,
    /// The date as the record writes it.
    pub date: Option<String>,
    /// The result in SGF's notation (`B+R`, `W+3.5`, `Draw`).
    pub result: Option<String>,
    /// `black`, `white`, `draw` or `none`.
    pub winner: &'static str,
    /// The komi.
    pub komi: Option<f64>,
    /// The handicap (see `meta::handicap_text`).
    pub handicap: Option<String>,
    /// Moves on the main line.
    pub moves: usize,
    /// Variations (see [`crate::model::Tree::variation_count`]).
    pub variations: usize,
    /// Nodes with a comment.
    pub comments: usize,
    /// SGFC's Dyer signature, Go games only (see `dyer_signature`).
    pub signature: Option<String>,
    /// The canonical hash of `kifu dedup`, 16 hex digits.
    pub hash: String,
    /// The share of main-line moves carrying an engine evaluation, 0 to 1 (see
    /// [`super::analysis::Summary::share`]).
    pub analysed: f64,
    /// The last evaluation of the main line, from Black's side: Black's win rate (Go
    /// and gomoku, where given) or the score (see [`super::analysis::Measure`]).
    pub final_evaluation: Option<f64>,
    /// The largest loss by one move of the player who made it, in the same measure.
    pub largest_drop: Option<f64>,
    /// The move of that loss.
    pub largest_drop_move: Option<u32>,
}

impl Row {
    /// The row of `game`, the `game`-th (from 1) of the file at `path`.
    pub fn of(game: &Game, path: &str, number: usize, format: &str, encoding: Option<&str>) -> Row {
        let info = &game.info;
        let result = meta::result(game);
        let analysis = analysis::summary(game);
        Row {
            path: path.to_string(),
            game: number,
            format: format.to_string(),
            encoding: encoding.map(str::to_string),
            kind: game.kind.family().to_string(),
            size: meta::size_text(&game.kind),
            black: info.black.name.clone(),
            black_rank: info.black.rank.clone(),
            white: info.white.name.clone(),
            white_rank: info.white.rank.clone(),
            event: info.event.clone(),
            round: info.round.clone(),
            date: info.date.clone(),
            result: result.as_ref().map(ToString::to_string),
            winner: meta::winner_of(result.as_ref()).name(),
            komi: info.komi,
            handicap: meta::handicap_text(game),
            moves: meta::main_line_moves(game),
            variations: game.tree.variation_count(),
            comments: meta::comment_count(game),
            signature: dyer_signature(game),
            hash: dedup::hash_text(dedup::canonical_hash(game)),
            analysed: analysis.as_ref().map_or(0.0, |a| analysis::tidy(a.share())),
            final_evaluation: analysis.as_ref().and_then(analysis::Summary::last),
            largest_drop: analysis
                .as_ref()
                .and_then(|a| a.drop)
                .map(|d| analysis::tidy(d.loss())),
            largest_drop_move: analysis.as_ref().and_then(|a| a.drop).map(|d| d.number),
        }
    }
}

/// The column names, in order: the CSV header.
pub const COLUMNS: [&str; 26] = [
    "path",
    "game",
    "format",
    "encoding",
    "kind",
    "size",
    "black",
    "black_rank",
    "white",
    "white_rank",
    "event",
    "round",
    "date",
    "result",
    "winner",
    "komi",
    "handicap",
    "moves",
    "variations",
    "comments",
    "signature",
    "hash",
    "analysed",
    "final_evaluation",
    "largest_drop",
    "largest_drop_move",
];

/// SGFC's game signature (`sgfc -g`, proposed by Dave Dyer), for Go games only: 13
/// characters, `AABBCC DDEEFF`, where AA, BB, CC are the SGF coordinates of moves 20,
/// 40 and 60 and DD, EE, FF those of moves 31, 51 and 71, each `--` when the game has
/// no such move. As SGFC's `CalcGameSig` does, moves are counted along the main line
/// (each node's first child) from the root, one per node holding a move (a node with
/// both B and W counts once, and kifu reads such a node as two). Coordinates are
/// SGF's letters (`a`–`z`, then `A`–`Z` past 26). A pass is written `tt`, as SGF's
/// `FF[3]` pass, where SGFC would copy the empty value `[]` and print a cut signature.
pub(crate) fn dyer_signature(game: &Game) -> Option<String> {
    if !matches!(game.kind, GameKind::Go { .. }) {
        return None;
    }
    let mut sig = *b"------ ------";
    let mut count = 0usize;
    for (_, node) in game.tree.main_line() {
        if count >= 71 {
            break;
        }
        let Some(Move::Stone(m)) = &node.mv else {
            continue;
        };
        count += 1;
        let slot = match count {
            20 | 40 | 60 => count / 10 - 2,
            31 | 51 | 71 => count / 10 + 4,
            _ => continue,
        };
        let [a, b] = m.point.map_or(*b"tt", coords);
        if let Some(place) = sig.get_mut(slot..slot + 2) {
            place.copy_from_slice(&[a, b]);
        }
    }
    Some(String::from_utf8_lossy(&sig).into_owned())
}

/// A point in SGF letters.
fn coords(p: Point) -> [u8; 2] {
    let letter = |v: u8| match v {
        0..=25 => b'a' + v,
        26..=51 => b'A' + (v - 26),
        _ => b'?',
    };
    [letter(p.x), letter(p.y)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dyer_signature_takes_moves_20_40_60_and_31_51_71() {
        // 80 moves: move k is at column k % 19, row k / 19 (letters as SGF writes them).
        let mut sgf = String::from("(;GM[1]SZ[19]");
        for k in 1..=80u8 {
            let colour = if k % 2 == 1 { "B" } else { "W" };
            let (x, y) = (k % 19, k / 19);
            sgf.push_str(&format!(
                ";{colour}[{}{}]",
                (b'a' + x) as char,
                (b'a' + y) as char
            ));
        }
        sgf.push(')');
        let game = crate::formats::sgf::read(&sgf).collection.games.remove(0);
        // 20 → (1,1) bb; 40 → (2,2) cc; 60 → (3,3) dd; 31 → (12,1) mb; 51 → (13,2) nc;
        // 71 → (14,3) od.
        assert_eq!(dyer_signature(&game).as_deref(), Some("bbccdd mbncod"));
        let short = crate::formats::sgf::read("(;SZ[19];B[aa];W[])")
            .collection
            .games
            .remove(0);
        assert_eq!(dyer_signature(&short).as_deref(), Some("------ ------"));
    }

    #[test]
    fn rows_serialise_in_column_order() {
        let game = crate::formats::sgf::read("(;SZ[19]PB[a]PW[b]RE[W+R];B[aa])")
            .collection
            .games
            .remove(0);
        let row = Row::of(&game, "x.sgf", 1, "sgf", Some("UTF-8"));
        let json = serde_json::to_value(&row).expect("json");
        let keys: Vec<&str> = json
            .as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect();
        let mut want = COLUMNS.to_vec();
        want.sort_unstable();
        let mut got = keys.clone();
        got.sort_unstable();
        assert_eq!(got, want);
        assert_eq!(row.winner, "white");
        assert_eq!(row.result.as_deref(), Some("W+R"));
    }
}
