//! `kifu.Game` and `kifu.Info`: one game as read, with where it came from and what
//! was found in it.

use std::sync::Arc;

use kifu::collect::{list::Row, meta};
use kifu::formats::{SourceInfo, WriteOptions};
use kifu::model::{self, Collection, ShogiStart};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::diagnostics::{Diagnostic, Loss};
use crate::errors::from_library;
use crate::input::{encoding_named, format_named};
use crate::node::Node;
use crate::notation::move_text;
use crate::values::serialized_to_py;

/// One game: `.path`, `.index` (its number in the file, from 1), `.format`,
/// `.encoding`, `.family`, `.info`, `.moves`, `.root`, `.diagnostics`.
#[pyclass(module = "kifu._kifu", frozen)]
pub struct Game {
    pub(crate) game: Arc<model::Game>,
    /// Where it was read from (path, format, encoding), shared by the games of an
    /// input's part.
    source: Arc<SourceInfo>,
    index: usize,
    diagnostics: Vec<Diagnostic>,
}

impl Game {
    /// The `index`-th game (from 1) of the input read as `source` says (its path
    /// included).
    pub fn new(
        game: Arc<model::Game>,
        source: Arc<SourceInfo>,
        index: usize,
        diagnostics: Vec<Diagnostic>,
    ) -> Game {
        Game {
            game,
            source,
            index,
            diagnostics,
        }
    }

    /// Its number in its input, from 1.
    pub fn number(&self) -> usize {
        self.index
    }

    /// The game's row in `kifu list`.
    fn list_row(&self) -> Row {
        Row::of(
            &self.game,
            self.source.path.as_deref().unwrap_or("-"),
            self.index,
            &self.source.format,
            self.source.encoding.as_deref(),
        )
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        let game = std::mem::replace(&mut self.game, crate::dropper::placeholder());
        crate::dropper::free(game);
    }
}

/// The written bytes as `kifu.Written` (bytes with `.losses`).
pub fn written(py: Python<'_>, bytes: &[u8], losses: &[kifu::diag::Loss]) -> PyResult<Py<PyAny>> {
    let losses: Vec<Loss> = losses.iter().map(Loss::from).collect();
    let class = py.import("kifu._written")?.getattr("Written")?;
    Ok(class.call1((PyBytes::new(py, bytes), losses))?.unbind())
}

/// Writes `collection` in the format named `to`.
pub fn write_collection(
    py: Python<'_>,
    collection: &Collection,
    to: &str,
    encoding: Option<&str>,
    wrap: Option<usize>,
    pretty: bool,
    source: Option<&SourceInfo>,
) -> PyResult<Py<PyAny>> {
    let format = format_named(Some(to))?.ok_or_else(|| from_library(kifu::Error::NoWriter("")))?;
    let encoding = encoding_named(encoding)?;
    let options = WriteOptions {
        source,
        wrap,
        pretty,
        ..WriteOptions::default()
    };
    let encoded = py
        .detach(|| kifu::write_with(collection, format, encoding, &options))
        .map_err(from_library)?;
    written(py, &encoded.bytes, &encoded.losses)
}

#[pymethods]
impl Game {
    /// The input's path (None for bytes and file objects).
    #[getter]
    fn path(&self) -> Option<&str> {
        self.source.path.as_deref()
    }

    /// The game's number in its input, from 1 (as `kifu list` and `--game` count).
    #[getter]
    fn index(&self) -> usize {
        self.index
    }

    /// The format it was read as (`sgf`, `kif`, `csa` …).
    #[getter]
    fn format(&self) -> &str {
        &self.source.format
    }

    /// The input's encoding (None for binary formats).
    #[getter]
    fn encoding(&self) -> Option<&str> {
        self.source.encoding.as_deref()
    }

    /// `go`, `gomoku`, `shogi` or `gonu`.
    #[getter]
    fn family(&self) -> &'static str {
        self.game.kind.family()
    }

    /// The board as (width, height): Go and gomoku their own, shogi (9, 9), gonu None.
    #[getter]
    fn size(&self) -> Option<(u8, u8)> {
        match &self.game.kind {
            model::GameKind::Shogi => Some((9, 9)),
            kind => kind.board_size().map(|s| (s.width, s.height)),
        }
    }

    /// The game information (players, ranks, date, result, komi …).
    #[getter]
    fn info(&self) -> Info {
        Info::of(&self.game)
    }

    /// The main line's moves in the family's notation: SGF points for Go and gomoku
    /// (`"pd"`; a pass is `""`), USI for shogi (`"7g7f"`, `"P*5e"`), vertex numbers
    /// for gonu (`"3-7"`, a piece placed `"*7"`).
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.game
            .tree
            .main_line()
            .filter_map(|(_, n)| n.mv.as_ref().map(move_text))
            .collect()
    }

    /// The root node of the game tree: walk the variations through `.children`.
    #[getter]
    fn root(&self) -> Node {
        Node::new(self.game.clone(), model::NodeId::ROOT)
    }

    /// Every line of play, root to leaf, as its moves (the main line first, then the
    /// variations in pre-order).
    fn variations(&self) -> Vec<Vec<String>> {
        let tree = &self.game.tree;
        self.game
            .leaves()
            .map(|leaf| {
                tree.path_to(leaf)
                    .into_iter()
                    .filter_map(|id| tree.get(id).and_then(|n| n.mv.as_ref()).map(move_text))
                    .collect()
            })
            .collect()
    }

    /// The problems found in this game: the reader's (and the rules', when read with
    /// `check=True`).
    #[getter]
    fn diagnostics(&self) -> Vec<Diagnostic> {
        self.diagnostics.clone()
    }

    /// The game's row of `kifu list`, as a dict of its columns.
    fn row(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        serialized_to_py(py, &self.list_row())
    }

    /// The game written in format `to` (`sgf`, `kif`, `csa`, `json` …): a
    /// `kifu.Written` (bytes) whose `.losses` lists what the format could not carry.
    #[pyo3(signature = (to, *, encoding=None, wrap=None, pretty=false))]
    fn write(
        &self,
        py: Python<'_>,
        to: &str,
        encoding: Option<&str>,
        wrap: Option<usize>,
        pretty: bool,
    ) -> PyResult<Py<PyAny>> {
        let collection = Collection {
            games: vec![(*self.game).clone()],
        };
        write_collection(
            py,
            &collection,
            to,
            encoding,
            wrap,
            pretty,
            Some(&self.source),
        )
    }

    /// Every position of the main line, the rules replaying each move: the position
    /// before each move, then the last one (with no move played). A move the rules
    /// refuse, or a gonu game, raises `KifuError` with the code and `move_number`.
    fn positions(&self, py: Python<'_>) -> PyResult<Vec<crate::positions::Position>> {
        let game = self.game.clone();
        py.detach(move || crate::positions::game_positions(&game))
    }

    /// The game in kifu's JSON model (one game object, as in `kifu convert -t json`'s
    /// `games` list).
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&*self.game)
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
    }

    fn __repr__(&self) -> String {
        let info = &self.game.info;
        format!(
            "<Game {} #{} of {} ({}): {} vs {}, {} moves>",
            self.game.kind.family(),
            self.index,
            self.source.path.as_deref().unwrap_or("-"),
            self.source.format,
            info.black.name.as_deref().unwrap_or("?"),
            info.white.name.as_deref().unwrap_or("?"),
            meta::main_line_moves(&self.game)
        )
    }
}

/// The game information as Python values: None where the record gives nothing.
#[pyclass(module = "kifu._kifu", frozen, get_all)]
#[derive(Clone)]
pub struct Info {
    /// The first player's name (black, 先手/下手, player 1).
    pub black: Option<String>,
    /// The second player's name (white, 後手/上手, player 2).
    pub white: Option<String>,
    /// The first player's rank (`9d`, `七段` …).
    pub black_rank: Option<String>,
    /// The second player's rank.
    pub white_rank: Option<String>,
    /// The first player's team.
    pub black_team: Option<String>,
    /// The second player's team.
    pub white_team: Option<String>,
    /// The game's name (SGF GN, KIF 表題).
    pub title: Option<String>,
    /// The event (SGF EV, KIF 棋戦).
    pub event: Option<String>,
    /// The round.
    pub round: Option<String>,
    /// The date as the record writes it.
    pub date: Option<String>,
    /// Where it was played.
    pub place: Option<String>,
    /// The result in SGF's notation (`B+R`, `W+3.5`, `Draw`), also when a shogi
    /// record's last move implies it.
    pub result: Option<String>,
    /// `black`, `white`, `draw` or `none`.
    pub winner: &'static str,
    /// The rule set's name.
    pub rules: Option<String>,
    /// The komi.
    pub komi: Option<f64>,
    /// The handicap in stones (Go, gomoku: SGF HA).
    pub handicap: Option<u32>,
    /// A shogi handicap: the preset's Japanese name (`香落ち`), `その他` for another
    /// start position; None for an even game.
    pub shogi_handicap: Option<String>,
    /// Main time per player, in seconds.
    pub main_time: Option<f64>,
    /// The time control as text.
    pub time_control: Option<String>,
    /// Who commented.
    pub annotator: Option<String>,
    /// Where the record came from.
    pub source: Option<String>,
    /// The copyright notice.
    pub copyright: Option<String>,
    /// The opening's name.
    pub opening: Option<String>,
    /// Who entered the record.
    pub recorder: Option<String>,
    /// The program that wrote it.
    pub application: Option<String>,
    /// A comment on the whole game.
    pub game_comment: Option<String>,
    /// Every other key the record gives, in order: (key, values).
    pub extras: Vec<(String, Vec<String>)>,
}

impl Info {
    /// The information of `game`.
    pub fn of(game: &model::Game) -> Info {
        let info = &game.info;
        let result = meta::result(game);
        Info {
            black: info.black.name.clone(),
            white: info.white.name.clone(),
            black_rank: info.black.rank.clone(),
            white_rank: info.white.rank.clone(),
            black_team: info.black.team.clone(),
            white_team: info.white.team.clone(),
            title: info.title.clone(),
            event: info.event.clone(),
            round: info.round.clone(),
            date: info.date.clone(),
            place: info.place.clone(),
            result: result.as_ref().map(ToString::to_string),
            winner: meta::winner_of(result.as_ref()).name(),
            rules: info.rules.clone(),
            komi: info.komi,
            handicap: info.handicap,
            shogi_handicap: match &info.shogi_start {
                Some(ShogiStart::Preset(model::Handicap::Even)) | None => None,
                Some(_) => meta::handicap_text(game),
            },
            main_time: info.main_time,
            time_control: info.time_control.clone(),
            annotator: info.annotator.clone(),
            source: info.source.clone(),
            copyright: info.copyright.clone(),
            opening: info.opening.clone(),
            recorder: info.recorder.clone(),
            application: info.application.clone(),
            game_comment: info.game_comment.clone(),
            extras: info
                .extras
                .0
                .iter()
                .map(|e| (e.key.clone(), e.values.as_slice().to_vec()))
                .collect(),
        }
    }
}

#[pymethods]
impl Info {
    /// Every field as a dict (absent ones None).
    fn as_dict(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let dict = pyo3::types::PyDict::new(py);
        for name in INFO_FIELDS {
            dict.set_item(name, slf.getattr(name)?)?;
        }
        Ok(dict.into_any().unbind())
    }

    fn __repr__(&self) -> String {
        format!(
            "<Info {} vs {}, {}>",
            self.black.as_deref().unwrap_or("?"),
            self.white.as_deref().unwrap_or("?"),
            self.result.as_deref().unwrap_or("no result")
        )
    }
}

/// The fields of [`Info`], in order.
const INFO_FIELDS: [&str; 27] = [
    "black",
    "white",
    "black_rank",
    "white_rank",
    "black_team",
    "white_team",
    "title",
    "event",
    "round",
    "date",
    "place",
    "result",
    "winner",
    "rules",
    "komi",
    "handicap",
    "shogi_handicap",
    "main_time",
    "time_control",
    "annotator",
    "source",
    "copyright",
    "opening",
    "recorder",
    "application",
    "game_comment",
    "extras",
];
