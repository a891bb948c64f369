//! `kifu show`: the position of a game as a terminal diagram or a standalone SVG.

use std::path::PathBuf;

use clap::Args;

use super::inputs::{expand, problem_of};
use super::load::Resolved;
use super::output::stdout_bytes;
use super::stream::{each_game, Flow, Item, Reading};
use super::{Fatal, ReadOptions, Status, Ui};
use crate::model::{GameKind, Handicap, Move, ShogiMove, ShogiPosition, ShogiStart};
use crate::render;

/// Arguments of `kifu show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The record (`-` for standard input).
    #[arg(value_name = "PATH")]
    pub path: PathBuf,
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
    let expanded = expand(std::slice::from_ref(&args.path));
    // In a directory, the first record that can be read; the entries that cannot are
    // reported, and make the exit code 1.
    let chosen = expanded
        .inputs
        .iter()
        .position(|i| i.problem.is_none())
        .unwrap_or(0);
    let first = expanded.inputs.get(chosen);
    let mut unreadable = false;
    for (i, input) in expanded.inputs.iter().enumerate() {
        if let Some(problem) = problem_of(input) {
            unreadable = true;
            // The chosen input's own problem is reported when it is loaded.
            if i != chosen {
                ui.error(&problem);
            }
        }
    }
    let Some(input) = first else {
        expanded.note_skipped(ui, args.read.verbose);
        return Err(Fatal::Usage(format!(
            "no record at {}",
            args.path.display()
        )));
    };
    // Read game by game up to the chosen one (`--game`, the first by default): a
    // large collection is not held, and not read past it.
    let wanted = opts.games.map_or(1, |r| r.first);
    let mut chosen: Option<crate::model::Game> = None;
    let reading = Reading {
        report: true,
        check: false,
        locate: false,
    };
    let read = each_game(input, opts, ui, reading, &mut |item: Item<'_>| {
        if item.number >= wanted {
            let kind = item.game.kind.clone();
            chosen = Some(std::mem::replace(item.game, crate::model::Game::new(kind)));
            return Ok(Flow::Stop);
        }
        Ok(Flow::Continue)
    })?;
    if let Some(reason) = read.failure {
        ui.error(&reason);
        return Ok(Status::SomeFailed);
    }
    let Some(game) = chosen.as_ref() else {
        ui.error(&format!(
            "{}: there is no game {} (the file holds {})",
            input.display, wanted, read.games
        ));
        return Ok(Status::SomeFailed);
    };
    let upto = match at {
        At::Last => None,
        At::Move(n) => Some(n),
    };
    let picture = match &game.kind {
        GameKind::Gonu(board) => {
            // A .gonu file is a starting position: --move does not apply.
            if args.svg {
                render::gonu::svg(board)
            } else {
                render::gonu::text(board)
            }
        }
        GameKind::Go { .. } | GameKind::Gomoku { .. } => {
            let Some(pos) = render::go::position(game, upto) else {
                return Ok(Status::SomeFailed);
            };
            if args.svg {
                render::go::svg(&pos)
            } else {
                render::go::text(&pos)
            }
        }
        GameKind::Shogi => {
            let (pos, played, last, same) = shogi_position(game, upto);
            if args.svg {
                render::shogi::svg(&pos, last.as_ref())
            } else {
                render::shogi::text(&pos, played, last.as_ref(), same)
            }
        }
    };
    match &args.output {
        Some(path) if path.as_os_str() != "-" => {
            crate::fsio::write_atomic(path, picture.as_bytes())
                .map_err(|e| Fatal::Other(format!("cannot write {}: {e}", path.display())))?
        }
        _ => stdout_bytes(picture.as_bytes())?,
    }
    Ok(Status::from_failed(unreadable))
}

/// The shogi position after `upto` moves of the main line (all when `None`): the
/// position, how many moves were played, the last one, and whether it was 同 (same
/// square as the move before).
fn shogi_position(
    game: &crate::model::Game,
    upto: Option<usize>,
) -> (ShogiPosition, usize, Option<ShogiMove>, bool) {
    let start = game
        .info
        .shogi_start
        .as_ref()
        .map_or_else(|| Handicap::Even.position(), ShogiStart::position);
    let mut pos = crate::rules::shogi::Position::from_model(&start);
    let mut played = 0;
    let mut last: Option<ShogiMove> = None;
    let mut same = false;
    for (_, node) in game.tree.main_line() {
        let Some(Move::Shogi(mv)) = node.mv else {
            continue;
        };
        if upto.is_some_and(|n| played >= n) {
            break;
        }
        same = last.is_some_and(|l| l.to == mv.to);
        pos.make(&mv);
        played += 1;
        last = Some(mv);
    }
    (pos.to_model(), played, last, same)
}
