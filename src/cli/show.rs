//! `kifu show`: the position of a game as a terminal diagram or a standalone SVG.

use std::path::PathBuf;

use clap::Args;

use super::inputs::expand;
use super::load::{load, Resolved};
use super::output::stdout_bytes;
use super::{Fatal, ReadOptions, Status, Ui};
use crate::model::GameKind;
use crate::render;

/// Arguments of `kifu show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The record (`-` for standard input).
    #[arg(value_name = "PATH")]
    pub path: PathBuf,
    /// Which game of a collection (1-based).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub game: usize,
    /// Show the position after move N of the main line, or `last` (the default).
    #[arg(long = "move", value_name = "N|last")]
    pub at: Option<String>,
    /// Write a standalone SVG instead of a text diagram.
    #[arg(long)]
    pub svg: bool,
    /// Write to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Input options.
    #[command(flatten)]
    pub read: ReadOptions,
}

/// Which position to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    /// After the last move of the main line.
    Last,
    /// After this many moves of the main line.
    Move(usize),
}

/// Runs `kifu show`.
pub fn run(args: &ShowArgs, ui: &Ui) -> Result<Status, Fatal> {
    let opts = Resolved::new(&args.read)?;
    let at = match args.at.as_deref() {
        None | Some("last") => At::Last,
        Some(n) => At::Move(
            n.parse()
                .map_err(|_| Fatal::Usage(format!("--move takes a number or `last`, not {n:?}")))?,
        ),
    };
    let inputs = expand(std::slice::from_ref(&args.path)).map_err(Fatal::Other)?;
    let Some(input) = inputs.first() else {
        return Err(Fatal::Usage(format!(
            "no record at {}",
            args.path.display()
        )));
    };
    let outcome = match load(input, opts) {
        Ok(o) => o,
        Err(reason) => {
            ui.error(&reason);
            return Ok(Status::SomeFailed);
        }
    };
    ui.diagnostics(
        &input.display,
        outcome.text.as_deref(),
        &outcome.parsed.diagnostics,
    );
    let games = &outcome.parsed.collection.games;
    let Some(game) = args.game.checked_sub(1).and_then(|i| games.get(i)) else {
        ui.error(&format!(
            "{}: there is no game {} (the file holds {})",
            input.display,
            args.game,
            games.len()
        ));
        return Ok(Status::SomeFailed);
    };
    let picture = match &game.kind {
        GameKind::Gonu(board) => {
            if args.svg {
                render::gonu::svg(board)
            } else {
                render::gonu::text(board)
            }
        }
        other => {
            ui.error(&format!(
                "{}: kifu show draws gonu boards so far; {} diagrams come with their rules",
                input.display,
                other.family()
            ));
            return Ok(Status::SomeFailed);
        }
    };
    let _ = at;
    match &args.output {
        Some(path) if path.as_os_str() != "-" => std::fs::write(path, picture.as_bytes())
            .map_err(|e| Fatal::Other(format!("cannot write {}: {e}", path.display())))?,
        _ => stdout_bytes(picture.as_bytes())?,
    }
    Ok(Status::Success)
}
