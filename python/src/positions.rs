//! Positions for training (#36): `Game.positions()` (one `kifu.Position` each, over
//! the library's `kifu::training`) and `kifu.positions_array` (a batch as NumPy
//! arrays, with no Python object per position or per game).

use kifu::model::{self, Color, Move};
use kifu::training::{self, Board, Family, Outcome};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::errors::kifu_error;
use crate::input::Given;
use crate::notation::{color_name, move_text};
use crate::reading::{options, py_open, Failure, ReadState};

/// One position of a game's main line: the board before a move, the move played from
/// it (None for the last position), the game's result and the record's evaluation.
#[pyclass(module = "kifu._kifu", frozen)]
pub struct Position {
    family: &'static str,
    ply: u32,
    to_move: &'static str,
    played: Option<String>,
    result: &'static str,
    score: i16,
    eval: Option<f64>,
    mate: Option<i32>,
    winrate: Option<f64>,
    /// Shogi: the SFEN, the 32-byte HCP and the move as cshogi's move16.
    shogi: Option<(String, [u8; 32], Option<u16>)>,
    /// Go and gomoku: (width, height) and the cells, row-major.
    stones: Option<((u8, u8), Vec<u8>)>,
}

impl Position {
    /// The Python position of `p`, of a game whose outcome is `outcome`.
    fn of(p: &training::Position, outcome: Outcome) -> Position {
        let eval = p.eval.as_ref();
        let (shogi, stones) = match &p.board {
            Board::Shogi(s) => {
                let m16 = match &p.played {
                    Some(Move::Shogi(m)) => Some(training::move16(m)),
                    _ => None,
                };
                (
                    Some((training::sfen(s, p.ply), training::hcp(s), m16)),
                    None,
                )
            }
            Board::Stones { size, cells } => {
                (None, Some(((size.width, size.height), cells.clone())))
            }
        };
        Position {
            family: p.family.name(),
            ply: p.ply,
            to_move: color_name(p.to_move),
            played: p.played.as_ref().map(move_text),
            result: outcome.name(),
            score: p.score(),
            eval: eval.and_then(|e| e.score),
            mate: eval.and_then(|e| e.mate),
            winrate: eval.and_then(|e| e.winrate),
            shogi,
            stones,
        }
    }
}

#[pymethods]
impl Position {
    /// `go`, `gomoku` or `shogi`.
    #[getter]
    fn family(&self) -> &'static str {
        self.family
    }

    /// The number of the move played from here, from 1.
    #[getter]
    fn ply(&self) -> u32 {
        self.ply
    }

    /// The side to move: `black` or `white`.
    #[getter]
    fn to_move(&self) -> &'static str {
        self.to_move
    }

    /// The move played from here in the family's notation, None for the last position.
    #[getter]
    fn r#move(&self) -> Option<String> {
        self.played.clone()
    }

    /// The game's result: `black`, `white` or `draw` (a game without one counts as a
    /// draw, as cshogi counts it).
    #[getter]
    fn result(&self) -> &'static str {
        self.result
    }

    /// The evaluation from the side to move, rounded and capped to ±32767 (a mate
    /// without a score is the cap); 0 without one. What HCPE and PSV records hold.
    #[getter]
    fn score(&self) -> i16 {
        self.score
    }

    /// The record's evaluation of this position from black's side (centipawns for
    /// shogi, points for Go), None when it has none.
    #[getter]
    fn eval(&self) -> Option<f64> {
        self.eval
    }

    /// A mate the record announces: plies, positive when black mates.
    #[getter]
    fn mate(&self) -> Option<i32> {
        self.mate
    }

    /// Black's win rate (0 to 1) the record gives.
    #[getter]
    fn winrate(&self) -> Option<f64> {
        self.winrate
    }

    /// Shogi: the position as SFEN (`sfen` in USI's `position sfen …`, with the ply).
    #[getter]
    fn sfen(&self) -> Option<String> {
        self.shogi.as_ref().map(|s| s.0.clone())
    }

    /// Shogi: the 32-byte HuffmanCodedPos cshogi's `Board.to_hcp` writes.
    #[getter]
    fn hcp<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyBytes>> {
        self.shogi.as_ref().map(|s| PyBytes::new(py, &s.1))
    }

    /// Shogi: the move played as cshogi's move16 (HCPE's `bestMove16`).
    #[getter]
    fn move16(&self) -> Option<u16> {
        self.shogi.as_ref().and_then(|s| s.2)
    }

    /// Go and gomoku: the board, a NumPy `uint8` array of height × width (row-major
    /// from the top-left: 0 empty, 1 black, 2 white); None for shogi.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(((w, h), cells)) = &self.stones else {
            return Ok(None);
        };
        let array = PyArray1::from_slice(py, cells).reshape([usize::from(*h), usize::from(*w)])?;
        Ok(Some(array.into_any()))
    }

    fn __repr__(&self) -> String {
        format!(
            "<Position {} ply {} {} to move, played {:?}>",
            self.family,
            self.ply,
            self.to_move,
            self.played.as_deref().unwrap_or("-")
        )
    }
}

/// The positions of `game`'s main line, or the diagnostic of the move the rules
/// refuse (or of a family without positions).
pub fn game_positions(game: &model::Game) -> PyResult<Vec<Position>> {
    let outcome = training::outcome(game);
    let mut out = Vec::new();
    for p in training::Positions::new(game) {
        match p {
            Ok(p) => out.push(Position::of(&p, outcome)),
            Err(d) => {
                let mut e = kifu_error(d.code, d.message.clone(), None);
                Python::attach(|py| {
                    if let Err(set) = e.value(py).setattr("move_number", d.move_number) {
                        e = set;
                    }
                });
                return Err(e);
            }
        }
    }
    Ok(out)
}

/// The columns of a batch, filled without the GIL.
#[derive(Default)]
struct Batch {
    /// The board size asked for: games of another size are skipped.
    size: Option<(u8, u8)>,
    /// The family and board size every position has (the first kept game's).
    shape: Option<(Family, u8, u8)>,
    game: Vec<i64>,
    ply: Vec<u32>,
    to_move: Vec<u8>,
    result: Vec<u8>,
    score: Vec<i16>,
    hcp: Vec<u8>,
    move16: Vec<u16>,
    board: Vec<u8>,
    moves: Vec<i32>,
    games: usize,
    skipped: usize,
}

impl Batch {
    /// Adds the positions of `game` (its number in the input `number`), or skips it
    /// when its family or size differs, or a move is illegal.
    fn add(&mut self, game: &model::Game, number: usize, last: bool) {
        let family = match game.kind {
            model::GameKind::Go { .. } => Family::Go,
            model::GameKind::Gomoku { .. } => Family::Gomoku,
            model::GameKind::Shogi => Family::Shogi,
            model::GameKind::Gonu(_) => {
                self.skipped += 1;
                return;
            }
        };
        let size = game
            .kind
            .board_size()
            .map_or((9, 9), |s| (s.width, s.height));
        if self.size.is_some_and(|asked| asked != size) {
            self.skipped += 1;
            return;
        }
        let shape = *self.shape.get_or_insert((family, size.0, size.1));
        if shape != (family, size.0, size.1) {
            self.skipped += 1;
            return;
        }
        let Ok(list) = training::positions(game) else {
            self.skipped += 1;
            return;
        };
        let outcome = training::outcome(game);
        self.games += 1;
        for p in list.iter().filter(|p| last || p.played.is_some()) {
            self.game.push(number as i64);
            self.ply.push(p.ply);
            self.to_move.push(match p.to_move {
                Color::Black => 0,
                Color::White => 1,
            });
            self.result.push(outcome.hcpe());
            self.score.push(p.score());
            match (&p.board, &p.played) {
                (Board::Shogi(s), played) => {
                    self.hcp.extend_from_slice(&training::hcp(s));
                    self.move16.push(match played {
                        Some(Move::Shogi(m)) => training::move16(m),
                        _ => 0,
                    });
                }
                (Board::Stones { cells, .. }, played) => {
                    self.board.extend_from_slice(cells);
                    let (w, h) = (i32::from(shape.1), i32::from(shape.2));
                    self.moves.push(match played {
                        Some(Move::Stone(m)) => match m.point {
                            Some(pt) => i32::from(pt.y) * w + i32::from(pt.x),
                            None => w * h,
                        },
                        _ => -1,
                    });
                }
            }
        }
    }
}

/// Every position of every game of `source` as NumPy arrays (see docs/PYTHON.md).
#[pyfunction]
#[pyo3(signature = (source, format=None, encoding=None, *, last=false, size=None))]
pub fn positions_array<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    format: Option<&str>,
    encoding: Option<&str>,
    last: bool,
    size: Option<(u8, u8)>,
) -> PyResult<Bound<'py, PyDict>> {
    let options = options(format, encoding, false, false, None)?;
    let mut state: ReadState = py_open(py, Given::of(source)?, options)?;
    let mut batch = Batch {
        size,
        ..Batch::default()
    };
    let run = |state: &mut ReadState, batch: &mut Batch| -> Result<(), Failure> {
        while !state.done {
            state.fill()?;
            for game in state.queue.drain(..) {
                batch.add(&game.game, game.number(), last);
            }
        }
        Ok(())
    };
    py.detach(|| run(&mut state, &mut batch))
        .map_err(Failure::into_py_err)?;
    let n = batch.game.len();
    let out = PyDict::new(py);
    out.set_item("game", PyArray1::from_vec(py, batch.game))?;
    out.set_item("ply", PyArray1::from_vec(py, batch.ply))?;
    out.set_item("to_move", PyArray1::from_vec(py, batch.to_move))?;
    out.set_item("result", PyArray1::from_vec(py, batch.result))?;
    out.set_item("score", PyArray1::from_vec(py, batch.score))?;
    match batch.shape {
        Some((Family::Shogi, _, _)) => {
            out.set_item("hcp", PyArray1::from_vec(py, batch.hcp).reshape([n, 32])?)?;
            out.set_item("move16", PyArray1::from_vec(py, batch.move16))?;
        }
        Some((_, w, h)) => {
            let board =
                PyArray1::from_vec(py, batch.board).reshape([n, usize::from(h), usize::from(w)])?;
            out.set_item("board", board)?;
            out.set_item("move", PyArray1::from_vec(py, batch.moves))?;
        }
        None => {}
    }
    if let Some((family, _, _)) = batch.shape {
        out.set_item("family", family.name())?;
    }
    out.set_item("games", batch.games)?;
    out.set_item("skipped", batch.skipped)?;
    Ok(out)
}
