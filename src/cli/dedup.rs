//! `kifu dedup`: games with the same main line under the board's symmetries, whatever
//! their game information or comments.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use super::games::{each_file, output_format, Collector, Kept};
use super::inputs::expand;
use super::load::Resolved;
use super::output::{stdout_json, stdout_line};
use super::{encoding_arg, Fatal, ReadOptions, Status, Ui};
use kifu::collect::dedup::{canonical_hash, group, hash_text};
use kifu::collect::read::Needs;
use kifu::model::Game;

/// Arguments of `kifu dedup`.
#[derive(Debug, Args)]
pub struct DedupArgs {
    /// Files or directories (`-` for standard input).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Print NDJSON: one object per group of duplicates, then a summary.
    #[arg(long)]
    pub json: bool,
    /// Write the first game of each group (every game without a duplicate, and one of
    /// each group) as one collection to UNIQUE (`-` for standard output).
    #[arg(short, long, value_name = "UNIQUE")]
    pub output: Option<PathBuf>,
    /// The format to write (default: from UNIQUE's extension, else SGF).
    #[arg(short = 't', long = "to", value_name = "FORMAT")]
    pub to: Option<String>,
    /// Encoding of the output (default: the format's usual one).
    #[arg(long, value_name = "ENC")]
    pub output_encoding: Option<String>,
    /// Input options.
    #[command(flatten)]
    pub read: ReadOptions,
}

/// One game in a report.
#[derive(Debug, Clone, Serialize)]
struct GameRef {
    /// The path as text (JSON).
    path: String,
    /// The path as shown to people (escaped).
    #[serde(skip)]
    shown: String,
    game: usize,
    #[serde(skip)]
    file: usize,
}

/// A group of duplicates as an NDJSON object.
#[derive(Serialize)]
struct GroupReport<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    hash: String,
    games: &'a [GameRef],
}

/// The final NDJSON object.
#[derive(Serialize)]
struct Summary {
    #[serde(rename = "type")]
    kind: &'static str,
    files: usize,
    games: usize,
    groups: usize,
    duplicates: usize,
}

/// Runs `kifu dedup`.
pub fn run(args: &DedupArgs, ui: &Ui) -> Result<Status, Fatal> {
    let opts = Resolved::new(&args.read)?;
    let out_encoding = encoding_arg(args.output_encoding.as_deref())?;
    let expanded = expand(&args.paths);
    let inputs = &expanded.inputs;
    let mut hashes: Vec<(GameRef, u64)> = Vec::new();
    let mut failed = false;
    let mut file_no = 0usize;
    each_file(
        inputs,
        opts,
        Needs::Moves,
        ui,
        false,
        &|g| canonical_hash(g),
        |input, outcome| {
            file_no += 1;
            match outcome {
                Ok(file) => {
                    for (i, h) in file.games.into_iter().enumerate() {
                        let r = GameRef {
                            path: input.name.clone(),
                            shown: input.display.clone(),
                            game: i + 1,
                            file: file_no - 1,
                        };
                        hashes.push((r, h));
                    }
                }
                Err(reason) => {
                    ui.error(&reason);
                    failed = true;
                }
            }
            Ok(())
        },
    )?;
    let games = hashes.len();
    let by_hash: HashMap<(usize, usize), u64> =
        hashes.iter().map(|(r, h)| ((r.file, r.game), *h)).collect();
    let groups = group(hashes);
    let mut dup_groups = 0usize;
    let mut duplicates = 0usize;
    for g in groups.iter().filter(|g| g.len() > 1) {
        dup_groups += 1;
        duplicates += g.len() - 1;
        let hash = g
            .first()
            .and_then(|r| by_hash.get(&(r.file, r.game)))
            .map_or_else(String::new, |h| hash_text(*h));
        if args.json {
            stdout_json(&GroupReport {
                kind: "group",
                hash,
                games: g,
            })?;
        } else {
            stdout_line(&format!("group {dup_groups} ({} games, {hash}):", g.len()))?;
            for r in g {
                stdout_line(&format!("  {}\t{}", r.shown, r.game))?;
            }
        }
    }
    if args.json {
        stdout_json(&Summary {
            kind: "summary",
            files: inputs.len(),
            games,
            groups: dup_groups,
            duplicates,
        })?;
    } else {
        stdout_line(&format!(
            "{games} game(s) in {} file(s): {dup_groups} group(s) of duplicates, {duplicates} duplicate(s)",
            inputs.len()
        ))?;
    }
    if let Some(path) = &args.output {
        let firsts: HashSet<(usize, usize)> = groups
            .iter()
            .filter_map(|g| g.first().map(|r| (r.file, r.game)))
            .collect();
        write_unique(args, ui, inputs, &firsts, &by_hash, path, out_encoding)?;
    }
    expanded.note_skipped(ui, args.read.verbose);
    Ok(Status::from_failed(failed))
}

/// Reads the inputs again, whole, and writes the games in `firsts` (file, game).
fn write_unique(
    args: &DedupArgs,
    ui: &Ui,
    inputs: &[super::inputs::InputFile],
    firsts: &HashSet<(usize, usize)>,
    by_hash: &HashMap<(usize, usize), u64>,
    path: &std::path::Path,
    encoding: Option<kifu::text::TextEncoding>,
) -> Result<(), Fatal> {
    let opts = Resolved::new(&args.read)?;
    let wanted: HashSet<u64> = firsts
        .iter()
        .filter_map(|k| by_hash.get(k).copied())
        .collect();
    // Only games whose hash is wanted are kept while reading; of those, only the first
    // of each group by place.
    let collector = Collector {
        format: output_format(args.to.as_deref(), Some(path))?,
        path: Some(path),
        encoding,
    };
    let take = |g: &mut Game| {
        wanted
            .contains(&canonical_hash(g))
            .then(|| collector.keep(g))
    };
    let files: Vec<usize> = {
        let mut f: Vec<usize> = firsts.iter().map(|&(file, _)| file).collect();
        f.sort_unstable();
        f.dedup();
        f
    };
    let chosen: Vec<super::inputs::InputFile> = files
        .iter()
        .filter_map(|&i| inputs.get(i).cloned())
        .collect();
    let mut kept: Vec<Kept> = Vec::new();
    let mut k = 0usize;
    each_file(
        &chosen,
        opts,
        Needs::Everything,
        ui,
        false,
        &take,
        |_, outcome| {
            let file = files.get(k).copied().unwrap_or(usize::MAX);
            k += 1;
            match outcome {
                Ok(f) => {
                    for (i, g) in f.games.into_iter().enumerate() {
                        if let Some(g) = g.filter(|_| firsts.contains(&(file, i + 1))) {
                            kept.push(g);
                        }
                    }
                }
                Err(reason) => ui.error(&reason),
            }
            Ok(())
        },
    )?;
    collector.finish(kept, ui)
}
