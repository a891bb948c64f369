//! `kifu split`: one file per game (or, with `--variations`, per line of play).
//!
//! Names: the input's file stem, `-`, the game's number zero-padded, the target's
//! extension (`bench-0001.sgf`); with `--variations`, the line's number after it
//! (`bench-0001-01.sgf`, the main line first). So that names sort in game order the
//! width is fixed before the first file is written: an input read whole (one that
//! ends within its first 16 MiB part) is held until its games are counted, and its
//! width is the count's digits, at least 4; an input streamed in parts (larger, its
//! count unknown until its end) gets 6 digits, enough for 999,999 games, and wider
//! numbers only past that. Lines of play take the digits of their game's count of
//! lines, at least 2.

use std::path::{Path, PathBuf};

use clap::Args;

use super::inputs::{expand, InputFile};
use super::load::Resolved;
use super::progress;
use super::stream::{each_game, Flow, Item, Reading};
use super::{encoding_arg, format_arg, Fatal, ReadOptions, Status, Ui};
use kifu::formats::{Format, WriteOptions};
use kifu::model::Game;
use kifu::GameWriter;

/// Arguments of `kifu split`.
#[derive(Debug, Args)]
pub struct SplitArgs {
    /// Input files or directories (`-` for standard input).
    #[arg(required = true, value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,
    /// The directory the games are written to (created if needed).
    #[arg(long, value_name = "DIR")]
    pub out_dir: PathBuf,
    /// The format of the files (default: each input's own).
    #[arg(short = 't', long = "to", value_name = "FORMAT")]
    pub to: Option<String>,
    /// Split each game further into its lines of play: every path from the root to
    /// a leaf becomes a game of its own (sgfvarsplit).
    #[arg(long)]
    pub variations: bool,
    /// Encoding of the files (default: the format's usual one).
    #[arg(long, value_name = "ENC")]
    pub output_encoding: Option<String>,
    /// Input options.
    #[command(flatten)]
    pub read: ReadOptions,
}

/// The width of numbers in the names of an input streamed in parts.
pub const STREAMED_WIDTH: usize = 6;

/// The narrowest width of game numbers.
const MIN_WIDTH: usize = 4;

/// Runs `kifu split`.
pub fn run(args: &SplitArgs, ui: &Ui) -> Result<Status, Fatal> {
    let opts = Resolved::new(&args.read)?;
    let target = format_arg(args.to.as_deref())?;
    let encoding = encoding_arg(args.output_encoding.as_deref())?;
    let expanded = expand(&args.inputs);
    let mut failed = false;
    for input in &expanded.inputs {
        if let Err(reason) = split_one(args, input, opts, target, encoding, ui)? {
            ui.error(&reason);
            failed = true;
        }
    }
    expanded.note_skipped(ui, args.read.verbose);
    Ok(Status::from_failed(failed))
}

/// One file to write: its game number, its line number (with `--variations`) and
/// line count, and its bytes.
struct Piece {
    game: usize,
    line: Option<(usize, usize)>,
    bytes: Vec<u8>,
}

/// Splits one input. `Ok(Err(reason))` is a failed input.
fn split_one(
    args: &SplitArgs,
    input: &InputFile,
    opts: Resolved,
    target: Option<&'static Format>,
    encoding: Option<kifu::text::TextEncoding>,
    ui: &Ui,
) -> Result<Result<(), String>, Fatal> {
    let stem = input
        .path
        .as_deref()
        .and_then(Path::file_stem)
        .map_or_else(|| "stdin".to_string(), |s| s.to_string_lossy().into_owned());
    let mut held: Vec<Piece> = Vec::new();
    let mut failure: Option<String> = None;
    let mut written = 0usize;
    let progress = progress::Games::new(ui, &input.display);
    let reading = Reading {
        report: true,
        check: false,
        locate: false,
    };
    let read = each_game(input, opts, ui, reading, &mut |item: Item<'_>| {
        let Some(format) = target.or_else(|| kifu::formats::by_name(&item.source.format)) else {
            failure = Some(format!(
                "{}: give the format to write with -t",
                input.display
            ));
            return Ok(Flow::Stop);
        };
        let lines = if args.variations {
            item.game.lines()
        } else {
            vec![std::mem::replace(
                item.game,
                Game::new(item.game.kind.clone()),
            )]
        };
        let count = lines.len();
        for (i, mut game) in lines.into_iter().enumerate() {
            let bytes = match one_game(format, encoding, item.source, &mut game) {
                Ok(b) => b,
                Err(e) => {
                    failure = Some(format!(
                        "{}: game {}: cannot write {}: {e}",
                        input.display, item.number, format.name
                    ));
                    return Ok(Flow::Stop);
                }
            };
            let piece = Piece {
                game: item.number,
                line: args.variations.then_some((i + 1, count)),
                bytes,
            };
            if item.streamed {
                let path = name(args, &stem, format, &piece, STREAMED_WIDTH);
                write(&path, &piece.bytes)?;
                written += 1;
            } else {
                held.push(piece);
            }
        }
        progress.tick();
        Ok(Flow::Continue)
    })?;
    progress.finish();
    if let Some(reason) = failure.or(read.failure) {
        return Ok(Err(reason));
    }
    let games = held.last().map_or(0, |p| p.game);
    let width = games.to_string().len().max(MIN_WIDTH);
    let format = target.or_else(|| {
        read.source
            .as_ref()
            .and_then(|s| kifu::formats::by_name(&s.format))
    });
    if let Some(format) = format {
        for piece in &held {
            let path = name(args, &stem, format, piece, width);
            write(&path, &piece.bytes)?;
            written += 1;
        }
    }
    if written == 0 {
        return Ok(Err(format!("{}: no game to split", input.display)));
    }
    Ok(Ok(()))
}

/// One game as a file of its own.
fn one_game(
    format: &'static Format,
    encoding: Option<kifu::text::TextEncoding>,
    source: &kifu::formats::SourceInfo,
    game: &mut Game,
) -> Result<Vec<u8>, kifu::Error> {
    let mut writer = GameWriter::new(
        format,
        encoding,
        &WriteOptions {
            source: Some(source),
            ..WriteOptions::default()
        },
    )?;
    let mut bytes = writer.prefix()?;
    bytes.append(&mut writer.game(game)?.bytes);
    bytes.append(&mut writer.suffix()?);
    Ok(bytes)
}

/// The path of a piece: `DIR/STEM-GAME[-LINE].EXT`.
fn name(args: &SplitArgs, stem: &str, format: &Format, piece: &Piece, width: usize) -> PathBuf {
    let ext = format.extensions.first().copied().unwrap_or(format.name);
    let mut file = format!("{stem}-{:0width$}", piece.game);
    if let Some((line, lines)) = piece.line {
        let w = lines.to_string().len().max(2);
        file.push_str(&format!("-{line:0w$}"));
    }
    file.push('.');
    file.push_str(ext);
    args.out_dir.join(file)
}

/// Writes one file atomically.
fn write(path: &Path, bytes: &[u8]) -> Result<(), Fatal> {
    kifu::fsio::write_atomic(path, bytes)
        .map_err(|e| Fatal::Other(format!("cannot write {}: {e}", path.display())))
}
