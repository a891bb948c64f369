//! What `filter` and `dedup` share: writing the games they keep as one collection
//! (their reading is the engine's, `engine.rs`).

use kifu::formats::analysis::writing::{AnalysisMode, Stripped};
use std::path::Path;

use super::output::stdout_bytes;
use super::{Fatal, Ui};
use kifu::formats::{Format, Join, WriteOptions};
use kifu::model::{Collection, Game};
use kifu::text::TextEncoding;

/// The format games are written in: the one named with `-t`, else the one the output
/// file's extension names, else SGF.
pub fn output_format(to: Option<&str>, path: Option<&Path>) -> Result<&'static Format, Fatal> {
    if let Some(f) = super::format_arg(to)? {
        return Ok(f);
    }
    path.and_then(kifu::formats::by_extension)
        .or_else(|| kifu::formats::by_name("sgf"))
        .ok_or_else(|| Fatal::Other("no SGF writer".into()))
}

/// Writes `games` as one collection in `format` to `dest`, a file below the output
/// directory `root`
/// (`filter --out-dir`), written through directory handles
/// ([`kifu::fsio::write_below`]): a directory swapped for a link during the run is
/// never written through.
pub fn write_games_below(
    games: Vec<Game>,
    format: &'static Format,
    root: &Path,
    dest: &Path,
    encoding: Option<TextEncoding>,
    analysis: AnalysisMode,
    ui: &Ui,
) -> Result<(), Fatal> {
    let to = To {
        format,
        path: Some(dest),
        encoding,
        analysis,
    };
    write_games_as(games, to, ui, false, Some(root))
}

/// What kept games are written as, and where.
#[derive(Clone, Copy)]
struct To<'a> {
    format: &'static Format,
    path: Option<&'a Path>,
    encoding: Option<TextEncoding>,
    analysis: AnalysisMode,
}

/// Writes `games` as one collection in `format` to `path` (`None` or `-`: standard
/// output; a format holding one game per file takes only one); with `named`, `path`
/// is the output named with `-o`, written as
/// the shell's `>` would (see [`super::output::write_named`]), else a file kifu
/// names itself, replaced (through directory handles from `below`, its output root,
/// when given).
fn write_games_as(
    games: Vec<Game>,
    to: To<'_>,
    ui: &Ui,
    named: bool,
    below: Option<&Path>,
) -> Result<(), Fatal> {
    let To {
        format,
        path,
        encoding,
        analysis,
    } = to;
    let path = path.filter(|p| p.as_os_str() != "-");
    if games.len() > 1 && !format.capabilities.collections {
        return Err(Fatal::Usage(format!(
            "{} holds one game per file and {} games are to be written: use --out-dir, or -t with a format that holds many (sgf, json)",
            format.name,
            games.len()
        )));
    }
    let encoding = encoding.or_else(|| path.map(|p| format.output_encoding_for(Some(p))));
    let collection = Collection { games };
    let encoded = kifu::write_with(
        &collection,
        format,
        encoding,
        &WriteOptions {
            utf8_by_convention: kifu::formats::utf8_by_convention(path),
            analysis,
            ..WriteOptions::default()
        },
    )
    .map_err(|e| Fatal::Other(format!("cannot write {}: {e}", format.name)))?;
    let shown = path.map_or_else(|| "-".to_string(), |p| p.display().to_string());
    ui.losses(&shown, &encoded.losses, false);
    super::analysis::note_stripped(ui, &shown, encoded.stripped);
    match (path, below) {
        (None, _) => stdout_bytes(&encoded.bytes),
        (Some(p), _) if named => super::output::write_named(p, &encoded.bytes, ui),
        (Some(p), Some(root)) => {
            kifu::fsio::write_below(root, p, &encoded.bytes).map_err(|e| match e {
                kifu::fsio::ReachError::Changed => Fatal::Other(format!(
                    "cannot write {}: changed during the run; left untouched",
                    super::inputs::shown(p)
                )),
                kifu::fsio::ReachError::Io(e) => {
                    Fatal::Other(format!("cannot write {}: {e}", super::inputs::shown(p)))
                }
            })
        }
        (Some(p), None) => kifu::fsio::write_atomic(p, &encoded.bytes)
            .map_err(|e| Fatal::Other(format!("cannot write {}: {e}", p.display()))),
    }
}

/// A game kept to be written at the end of a run.
pub enum Kept {
    /// The game itself, for formats whose collection is more than its games.
    Game(Box<Game>),
    /// The game already written and encoded: for formats whose collection is its
    /// games' outputs one after another ([`Join::Concatenate`]: SGF, USI, NDJSON), so
    /// a run keeps text, not trees.
    Encoded(kifu::Encoded),
    /// The game could not be written (the message says why).
    Failed(String),
}

/// Where and how kept games are written: one collection in `format`, to standard
/// output or to the output named with `-o` (written as the shell's `>` would).
pub struct Collector<'a> {
    /// The format written.
    pub format: &'static Format,
    /// The output file (`None` or `-`: standard output).
    pub path: Option<&'a Path>,
    /// The output encoding, if chosen.
    pub encoding: Option<TextEncoding>,
    /// `--analysis`.
    pub analysis: AnalysisMode,
}

/// Kept games written as they come, for a format whose collection is its games'
/// outputs one after another ([`Join::Concatenate`]): nothing is held but the losses.
pub struct Writing {
    output: super::stream::Output,
    losses: Vec<kifu::diag::Loss>,
    stripped: Stripped,
    shown: String,
}

impl Writing {
    /// Writes one kept game.
    pub fn keep(&mut self, kept: Kept) -> Result<(), Fatal> {
        match kept {
            Kept::Encoded(e) => {
                self.losses.extend(e.losses);
                super::analysis::add(&mut self.stripped, e.stripped);
                self.output.write(&e.bytes)
            }
            Kept::Failed(msg) => Err(Fatal::Other(msg)),
            Kept::Game(_) => Err(Fatal::Other(
                "a game kept whole cannot be written as it comes".into(),
            )),
        }
    }

    /// Reports the losses and puts the output in place.
    pub fn finish(self, ui: &Ui) -> Result<(), Fatal> {
        ui.losses(&self.shown, &self.losses, false);
        super::analysis::note_stripped(ui, &self.shown, self.stripped);
        self.output.commit()?.map_err(Fatal::Other)
    }
}

impl Collector<'_> {
    /// Where kept games are written as they come, when the format
    /// [concatenates](Self::concatenates) its games (the output named with `-o` is
    /// opened as the shell's `>` would open it); `None`: they are kept to the end.
    pub fn writing(&self, ui: &Ui) -> Result<Option<Writing>, Fatal> {
        if !self.concatenates() {
            return Ok(None);
        }
        let path = self.path.filter(|p| p.as_os_str() != "-");
        let shown = path.map_or_else(|| "-".to_string(), |p| p.display().to_string());
        let output = super::stream::Output::open_named(path, ui).map_err(Fatal::Other)?;
        Ok(Some(Writing {
            output,
            losses: Vec::new(),
            stripped: Stripped::default(),
            shown,
        }))
    }

    /// The encoding games are written in.
    fn encoding(&self) -> Option<TextEncoding> {
        let path = self.path.filter(|p| p.as_os_str() != "-");
        self.encoding
            .or_else(|| path.map(|p| self.format.output_encoding_for(Some(p))))
    }

    /// True when the games are written one at a time and joined by concatenation:
    /// that gives exactly the collection's output ([`Join::Concatenate`]).
    fn concatenates(&self) -> bool {
        self.format.join == Join::Concatenate
    }

    /// Keeps `game` (taken, leaving an empty game): written at once when the format
    /// [concatenates](Self::concatenates) its games.
    pub fn keep(&self, game: &mut Game) -> Kept {
        let game = std::mem::replace(game, Game::new(kifu::model::GameKind::Shogi));
        if !self.concatenates() {
            return Kept::Game(Box::new(game));
        }
        let path = self.path.filter(|p| p.as_os_str() != "-");
        let collection = Collection { games: vec![game] };
        match kifu::write_with(
            &collection,
            self.format,
            self.encoding(),
            &WriteOptions {
                utf8_by_convention: kifu::formats::utf8_by_convention(path),
                analysis: self.analysis,
                ..WriteOptions::default()
            },
        ) {
            Ok(e) => Kept::Encoded(e),
            Err(e) => Kept::Failed(format!("cannot write {}: {e}", self.format.name)),
        }
    }

    /// Writes the kept games, in order, as one collection.
    pub fn finish(&self, kept: Vec<Kept>, ui: &Ui) -> Result<(), Fatal> {
        let mut games = Vec::new();
        let mut bytes = Vec::new();
        let mut losses = Vec::new();
        let mut stripped = Stripped::default();
        for k in kept {
            match k {
                Kept::Game(g) => games.push(*g),
                Kept::Encoded(e) => {
                    bytes.extend_from_slice(&e.bytes);
                    losses.extend(e.losses);
                    super::analysis::add(&mut stripped, e.stripped);
                }
                Kept::Failed(msg) => return Err(Fatal::Other(msg)),
            }
        }
        if !games.is_empty() || !self.concatenates() {
            let to = To {
                format: self.format,
                path: self.path,
                encoding: self.encoding,
                analysis: self.analysis,
            };
            return write_games_as(games, to, ui, true, None);
        }
        let path = self.path.filter(|p| p.as_os_str() != "-");
        let shown = path.map_or_else(|| "-".to_string(), |p| p.display().to_string());
        ui.losses(&shown, &losses, false);
        super::analysis::note_stripped(ui, &shown, stripped);
        match path {
            None => stdout_bytes(&bytes),
            Some(p) => super::output::write_named(p, &bytes, ui),
        }
    }
}
