//! The job of `kifu positions`: a game's positions filtered as dlshogi's scripts
//! filter them and encoded as one output type, one game at a time (any thread); the
//! caller writes the records in order, drops repeated positions (`--unique`) and adds
//! up the counts.

use super::pack::Packer;
use super::packed;
use super::{
    ending_name, eval_i16, hcpe_record, min_rating, move16, move16_psv, outcome, psv_record, ranks,
    sfen, Board, Family, Outcome, Position, Positions,
};
use crate::diag::{Diagnostic, Span};
use crate::formats::FoundWhileReading;
use crate::model::{BoardSize, Color, Game, Move};

/// An output type of `kifu positions`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// dlshogi's HCPE: 38 bytes a position (shogi).
    Hcpe,
    /// YaneuraOu's PSV: 40 bytes a position (shogi).
    Psv,
    /// One line a position: `sfen <SFEN> moves <usi move>` (shogi).
    Sfen,
    /// One JSON object a line (every family).
    Ndjson,
    /// NumPy arrays of Go and gomoku boards, in a `.npz` ([`super::Npz`]).
    Npz,
}

impl Output {
    /// Every type, with its name on the command line.
    pub const ALL: [(Output, &'static str); 5] = [
        (Output::Hcpe, "hcpe"),
        (Output::Psv, "psv"),
        (Output::Sfen, "sfen"),
        (Output::Ndjson, "ndjson"),
        (Output::Npz, "npz"),
    ];

    /// The type named `name`.
    pub fn from_name(name: &str) -> Option<Output> {
        Output::ALL
            .iter()
            .find(|(_, n)| n.eq_ignore_ascii_case(name))
            .map(|(o, _)| *o)
    }

    /// Whether it holds positions of this family.
    pub fn holds(self, family: Family) -> bool {
        match self {
            Output::Hcpe | Output::Psv | Output::Sfen => family == Family::Shogi,
            Output::Npz => family != Family::Shogi,
            Output::Ndjson => true,
        }
    }
}

/// The filters of `kifu positions`, each as a dlshogi script applies it.
#[derive(Debug, Clone, Default)]
pub struct Filters {
    /// Games whose lower floodgate rating is below this are dropped
    /// (`csa_to_hcpe.py --filter_rating`; a missing rating counts as 0).
    pub min_rating: Option<f64>,
    /// Games with a player below this rank ([`super::rank_value`]), or whose rank is
    /// not given, are dropped.
    pub min_rank: Option<i32>,
    /// When not empty, games that ended otherwise ([`super::ending_name`]) are
    /// dropped (`csa_to_hcpe.py`'s `%TORYO`, `%KACHI`, `--out_draw`, `--out_maxmove`).
    pub endings: Vec<&'static str>,
    /// Games with fewer moves are dropped (`--filter_moves`).
    pub min_moves: Option<u32>,
    /// A game's positions end before the first whose evaluation is beyond this
    /// either way (`--eval`).
    pub eval_cap: Option<i32>,
    /// The positions before move N+1 are dropped.
    pub skip_first: u32,
}

/// Why a whole game gave no position.
#[derive(Debug, Clone, PartialEq)]
pub enum GameDrop {
    /// Its family is not one the output type holds.
    Family,
    /// `--ending`.
    Ending,
    /// `--min-moves`.
    MinMoves,
    /// `--min-rating`.
    MinRating,
    /// `--min-rank`.
    MinRank,
    /// Its main line could not be replayed.
    Illegal(Diagnostic),
}

impl GameDrop {
    /// The filter's name in the report.
    pub fn name(&self) -> &'static str {
        match self {
            GameDrop::Family => "family",
            GameDrop::Illegal(_) => "illegal",
            GameDrop::Ending => "ending",
            GameDrop::MinMoves => "min-moves",
            GameDrop::MinRating => "min-rating",
            GameDrop::MinRank => "min-rank",
        }
    }
}

/// One position encoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// What makes it the same position as another (`--unique`): for shogi the HCP
    /// (the PackedSfen in PSV records), for Go and gomoku the board and the side to
    /// move.
    pub key: Box<[u8]>,
    /// The record's bytes: a whole HCPE or PSV record, an SFEN or NDJSON line with
    /// its line feed, or for npz the board's cells, the side to move (0 black, 1
    /// white), the move (`i16` little-endian, `y × width + x`, -1 a pass) and the
    /// result for the side to move (`i8`: 1 won, -1 lost, 0 draw).
    pub bytes: Vec<u8>,
}

/// What one game gave.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameRecords {
    /// Why the game gave nothing, if it was dropped whole.
    pub dropped: Option<GameDrop>,
    /// Its board size (Go and gomoku).
    pub size: Option<BoardSize>,
    /// The positions kept, in order (SFEN, NDJSON and npz records).
    pub records: Vec<Record>,
    /// The positions kept as HCPE or PSV records, one after the other, each
    /// [`GameRecords::record_size`] bytes, whose first 32 (HCP, PackedSfen) are its
    /// key: no allocation a position.
    pub fixed: Vec<u8>,
    /// The size of each record of [`GameRecords::fixed`] (38 HCPE, 40 PSV).
    pub record_size: usize,
    /// Positions dropped by `--skip-first`.
    pub skipped_first: usize,
    /// Positions dropped by `--eval-cap`.
    pub eval_capped: usize,
}

/// The family of a game, if positions are made of it.
fn family_of(game: &Game) -> Option<Family> {
    match game.kind {
        crate::model::GameKind::Go { .. } => Some(Family::Go),
        crate::model::GameKind::Gomoku { .. } => Some(Family::Gomoku),
        crate::model::GameKind::Shogi => Some(Family::Shogi),
        crate::model::GameKind::Gonu(_) => None,
    }
}

/// A game's positions as `output` records, filtered by `filters`. The game filters
/// are tried in the order of [`GameDrop`] (the first that drops it is named: the
/// replay, and so an illegal move, comes last, as in dlshogi's script); every
/// position with a move played is a candidate (the last position of a game, with no
/// move, is not written).
pub fn game_records(game: &Game, output: Output, filters: &Filters) -> GameRecords {
    records_of(game, output, filters, None)
}

/// [`game_records`] of a game whose reader checked its moves for legality as it
/// made them ([`crate::formats::Sink::checks_legality`]), `found` holding the
/// finding of its first illegal move if any: HCPE and PSV records are then coded
/// without making the moves on the rules' position again, and an illegal game is
/// dropped with the diagnostic the replay would give. Other outputs replay the game
/// as [`game_records`] does.
pub fn game_records_checked(
    game: &Game,
    output: Output,
    filters: &Filters,
    found: &FoundWhileReading,
) -> GameRecords {
    records_of(game, output, filters, Some(found))
}

/// [`game_records`], and [`game_records_checked`] with `found`.
fn records_of(
    game: &Game,
    output: Output,
    filters: &Filters,
    found: Option<&FoundWhileReading>,
) -> GameRecords {
    let mut out = GameRecords {
        size: game.kind.board_size(),
        ..GameRecords::default()
    };
    let drop = |why| GameRecords {
        dropped: Some(why),
        ..GameRecords::default()
    };
    match family_of(game) {
        Some(f) if output.holds(f) => {}
        _ => return drop(GameDrop::Family),
    }
    if !filters.endings.is_empty() && !filters.endings.contains(&ending_name(game)) {
        return drop(GameDrop::Ending);
    }
    if let Some(n) = filters.min_moves {
        let moves = game
            .tree
            .main_line()
            .filter(|(_, n)| n.mv.is_some())
            .count();
        if moves < usize::try_from(n).unwrap_or(usize::MAX) {
            return drop(GameDrop::MinMoves);
        }
    }
    if filters.min_rating.is_some_and(|r| min_rating(game) < r) {
        return drop(GameDrop::MinRating);
    }
    if let Some(min) = filters.min_rank {
        if ranks(game).iter().any(|r| r.is_none_or(|r| r < min)) {
            return drop(GameDrop::MinRank);
        }
    }
    let result = outcome(game);
    if matches!(output, Output::Hcpe | Output::Psv) {
        return packed_records(game, output, filters, result, out, found);
    }
    let mut capped = false;
    // The replay and the encoding go together; an illegal move drops what was made.
    for p in Positions::new(game) {
        let p = match p {
            Ok(p) => p,
            Err(d) => return drop(GameDrop::Illegal(d)),
        };
        if p.played.is_none() {
            continue;
        }
        if capped {
            out.eval_capped += 1;
            continue;
        }
        if let (Some(cap), Some(e)) = (filters.eval_cap, p.eval.as_ref()) {
            if i32::from(eval_i16(Some(e), p.to_move)).abs() > cap {
                capped = true;
                out.eval_capped += 1;
                continue;
            }
        }
        if p.ply <= filters.skip_first {
            out.skipped_first += 1;
            continue;
        }
        if let Some(r) = encode(&p, output, result) {
            out.records.push(r);
        }
    }
    out
}

/// [`game_records`] of a shogi game as HCPE or PSV records, after the game filters:
/// the replay keeps the board's encoding move by move ([`packed::walk`]), a
/// position is coded only when written, and the records go into one buffer.
fn packed_records(
    game: &Game,
    output: Output,
    filters: &Filters,
    result: Outcome,
    mut out: GameRecords,
    found: Option<&FoundWhileReading>,
) -> GameRecords {
    // A game the reader found an illegal move in is dropped with the replay's
    // diagnostic of it (its first finding: the reader stops checking there).
    if let Some(f) = found.and_then(|f| f.findings.first().map(|first| (f, first))) {
        let (found, first) = f;
        let number = found
            .move_numbers
            .get(usize::try_from(first.node.0).unwrap_or(usize::MAX))
            .copied()
            .flatten()
            .unwrap_or(0);
        let d = Diagnostic::new(first.code, first.message.clone(), Span::at(0)).with_move(number);
        return GameRecords {
            dropped: Some(GameDrop::Illegal(d)),
            ..GameRecords::default()
        };
    }
    let hcpe = output == Output::Hcpe;
    let (pack, size): (fn(&_) -> Packer, usize) = if hcpe {
        (Packer::hcp, 38)
    } else {
        (Packer::psfen, 40)
    };
    // A record a node at most (the nodes without a move are few).
    out.fixed.reserve(game.tree.len().saturating_mul(size));
    let mut capped = false;
    let walked = packed::walk(game, pack, found.is_some(), |p| {
        if capped {
            out.eval_capped += 1;
            return;
        }
        if let (Some(cap), true) = (filters.eval_cap, p.evaluated) {
            if i32::from(p.score).abs() > cap {
                capped = true;
                out.eval_capped += 1;
                return;
            }
        }
        if p.ply <= filters.skip_first {
            out.skipped_first += 1;
            return;
        }
        // The record assembled on the stack from the position's words and added in
        // one copy: [`super::hcpe_record`]'s and [`super::psv_record`]'s bytes.
        let words = p.packer.words();
        out.record_size = size;
        if hcpe {
            let mut record = [0u8; 38];
            put_words(&mut record, words);
            if let Some(rest) = record.get_mut(32..37) {
                rest[..2].copy_from_slice(&p.score.to_le_bytes());
                rest[2..4].copy_from_slice(&move16(&p.mv).to_le_bytes());
                rest[4] = result.hcpe();
            }
            out.fixed.extend_from_slice(&record);
        } else {
            let mut record = [0u8; 40];
            put_words(&mut record, words);
            if let Some(rest) = record.get_mut(32..39) {
                rest[..2].copy_from_slice(&p.score.to_le_bytes());
                rest[2..4].copy_from_slice(&move16_psv(&p.mv).to_le_bytes());
                let ply = u16::try_from(p.ply).unwrap_or(u16::MAX);
                rest[4..6].copy_from_slice(&ply.to_le_bytes());
                rest[6] = result.psv(p.to_move).to_le_bytes()[0];
            }
            out.fixed.extend_from_slice(&record);
        }
    });
    match walked {
        Ok(()) => out,
        // An illegal move drops what was made.
        Err(d) => GameRecords {
            dropped: Some(GameDrop::Illegal(d)),
            ..GameRecords::default()
        },
    }
}

/// Writes a position's four words into the first 32 bytes of `record`,
/// little-endian.
#[inline]
fn put_words(record: &mut [u8], words: [u64; 4]) {
    for (chunk, word) in record.chunks_exact_mut(8).zip(words) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
}

/// One position as an `output` record.
fn encode(p: &Position, output: Output, result: Outcome) -> Option<Record> {
    let score = p.score();
    match (&p.board, p.played?) {
        (Board::Shogi(sp), Move::Shogi(m)) => {
            let bytes = match output {
                Output::Hcpe => hcpe_record(sp, score, move16(&m), result.hcpe()).to_vec(),
                Output::Psv => psv_record(
                    sp,
                    score,
                    move16_psv(&m),
                    u16::try_from(p.ply).unwrap_or(u16::MAX),
                    result.psv(p.to_move),
                )
                .to_vec(),
                Output::Sfen => format!(
                    "sfen {} moves {}\n",
                    sfen(sp, p.ply),
                    crate::formats::usi::usi_move(&m)
                )
                .into_bytes(),
                Output::Ndjson => ndjson_line(
                    p,
                    &[("sfen", serde_json::Value::from(sfen(sp, p.ply)))],
                    serde_json::Value::from(crate::formats::usi::usi_move(&m)),
                    result,
                ),
                Output::Npz => return None,
            };
            // HCPE and PSV begin with the position's 32 bytes (HCP, PackedSfen).
            let key: Box<[u8]> = match (output, bytes.get(..32)) {
                (Output::Hcpe | Output::Psv, Some(head)) => head.into(),
                _ => Box::new(super::hcp(sp)),
            };
            Some(Record { key, bytes })
        }
        (Board::Stones { size, cells }, Move::Stone(m)) => {
            let mut key = cells.clone();
            key.push(u8::from(p.to_move == Color::White));
            let bytes = match output {
                Output::Npz => {
                    let mut b = cells.clone();
                    b.push(u8::from(p.to_move == Color::White));
                    let mv = m.point.map_or(-1i16, |pt| {
                        i16::from(pt.y) * i16::from(size.width) + i16::from(pt.x)
                    });
                    b.extend_from_slice(&mv.to_le_bytes());
                    b.extend_from_slice(&result.psv(p.to_move).to_le_bytes());
                    b
                }
                Output::Ndjson => {
                    let board: String = cells.iter().map(|&c| char::from(b'0' + c)).collect();
                    let mv = m.point.map_or(serde_json::Value::Null, |pt| {
                        serde_json::json!([pt.x, pt.y])
                    });
                    let fields = [
                        ("board", board.into()),
                        ("size", serde_json::json!([size.width, size.height])),
                    ];
                    ndjson_line(p, &fields, mv, result)
                }
                _ => return None,
            };
            Some(Record {
                key: key.into_boxed_slice(),
                bytes,
            })
        }
        _ => None,
    }
}

/// An NDJSON line: family, ply, side to move, the position, the move, the game's
/// winner, and the score from the side to move (with the evaluation's own figures
/// when there is one).
fn ndjson_line(
    p: &Position,
    fields: &[(&str, serde_json::Value)],
    mv: serde_json::Value,
    result: Outcome,
) -> Vec<u8> {
    let mut map = serde_json::Map::new();
    map.insert("family".into(), p.family.name().into());
    map.insert("ply".into(), p.ply.into());
    map.insert(
        "to_move".into(),
        match p.to_move {
            Color::Black => "black",
            Color::White => "white",
        }
        .into(),
    );
    for (name, value) in fields {
        map.insert((*name).into(), value.clone());
    }
    map.insert("move".into(), mv);
    map.insert("result".into(), result.name().into());
    if let Some(e) = &p.eval {
        map.insert("score".into(), p.score().into());
        if let Ok(v) = serde_json::to_value(e) {
            map.insert("eval".into(), v);
        }
    }
    let mut line = serde_json::to_vec(&serde_json::Value::Object(map)).unwrap_or_default();
    line.push(b'\n');
    line
}
