//! The library calls behind the Python package's `kifu.read(bytes, check=True)`, file
//! by file on one thread, without Python (not a test): for counting instructions
//! under callgrind.
//!
//! `cargo run --release --example read_checked_bench -- run DIR EXT` reads each
//! `.EXT` file of DIR into memory, then reads each one as `python/src/reading.rs`
//! does: `kifu::read_into` into a sink that checks every game it is handed
//! (`Sink::checks_games`), each game taken with its rules' findings placed by
//! `kifu::place_checked`, then let go of. It prints the games and the diagnostics
//! found. `… -- load DIR EXT` only reads the files into memory: under callgrind,
//! `run`'s count less `load`'s is what the reading costs.

use std::borrow::Cow;
use std::path::Path;

use kifu::diag::{Diagnostic, Span};
use kifu::formats::{Flow, FoundWhileReading, Places, Sink};
use kifu::model::Game;

#[path = "../bench/load_files.rs"]
mod load_files;
use load_files::load_files;

/// A game as the Python reader keeps it: the game, where it starts, its findings.
type Kept = (Game, usize, Vec<Diagnostic>);

/// The Python reader's sink (`Keep`) with `check`: every game kept, with the rules'
/// findings.
struct Keep {
    into: Vec<Kept>,
}

impl Keep {
    fn keep(&mut self, game: &mut Game, spans: &[Span], found: Vec<Diagnostic>) {
        let start = spans.first().map_or(0, |s| s.start);
        let kind = game.kind.clone();
        self.into
            .push((std::mem::replace(game, Game::new(kind)), start, found));
    }
}

impl Sink for Keep {
    fn game(&mut self, game: &mut Game, places: Places<'_>) -> Flow {
        let found = kifu::check_game(game, places);
        self.keep(game, places.nodes, found);
        Flow::Continue
    }

    fn checks_games(&self) -> bool {
        true
    }

    fn checked(&mut self, game: &mut Game, places: Places<'_>, found: FoundWhileReading) -> Flow {
        let found = kifu::place_checked(game, places, found);
        self.keep(game, places.nodes, found);
        Flow::Continue
    }
}

fn run(dir: &Path, ext: &str) -> Result<(), Box<dyn std::error::Error>> {
    let format = kifu::formats::by_name(ext).ok_or("no such format")?;
    let files = load_files(dir, ext)?;
    let (mut games, mut diagnostics) = (0, 0);
    for (data, _) in &files {
        let mut sink = Keep { into: Vec::new() };
        let input = kifu::Input::bytes(Cow::Borrowed(data.as_slice())).format(format);
        let read = kifu::read_into(input, &mut sink)?;
        diagnostics += read.diagnostics.len();
        for (game, _, found) in sink.into {
            games += 1;
            diagnostics += found.len();
            drop(game);
        }
    }
    println!(
        "{ext}: {} files, {games} games, {diagnostics} diagnostics",
        files.len()
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let dir = Path::new(args.get(2).map_or(".", String::as_str));
    let ext = args.get(3).map_or("csa", String::as_str);
    match args.get(1).map(String::as_str) {
        Some("run") => run(dir, ext),
        Some("load") => {
            let files = load_files(dir, ext)?;
            println!("{ext}: {} files loaded", files.len());
            Ok(())
        }
        _ => {
            eprintln!("usage: read_checked_bench run|load DIR [EXT]");
            Ok(())
        }
    }
}
