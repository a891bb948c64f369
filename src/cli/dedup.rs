//! `kifu dedup`: games with the same main line under the board's symmetries, whatever
//! their game information or comments.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use super::engine::{each_input, Flow, GameAt, InputRead, Reading, Sink, Want};
use super::games::{output_format, Collector, Kept};
use super::inputs::{expand, InputFile};
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

/// One game: its input's index and its number there (the path is looked up when
/// the game is reported, so that a collection of millions of games holds no path
/// per game).
#[derive(Debug, Clone, Copy)]
struct GameRef {
    game: usize,
    file: usize,
}

/// One game in a report.
#[derive(Debug, Serialize)]
struct GameOut<'a> {
    /// The path as text (JSON).
    path: &'a str,
    game: usize,
}

/// A group of duplicates as an NDJSON object.
#[derive(Serialize)]
struct GroupReport<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    hash: String,
    games: Vec<GameOut<'a>>,
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

/// Keeps each game's hash as it is read.
struct Hashes<'a> {
    ui: &'a Ui,
    hashes: Vec<(GameRef, u64)>,
    failed: bool,
    /// The index of the input being read.
    file: usize,
}

impl Sink<u64> for Hashes<'_> {
    fn value(&mut self, at: GameAt<'_>, hash: u64) -> Result<Flow, Fatal> {
        let r = GameRef {
            game: at.number,
            file: self.file,
        };
        self.hashes.push((r, hash));
        Ok(Flow::Continue)
    }

    fn end(&mut self, _input: &InputFile, read: InputRead) -> Result<(), Fatal> {
        self.file += 1;
        if let Some(reason) = read.failure {
            self.ui.error(&reason);
            self.failed = true;
        }
        Ok(())
    }
}

/// Keeps the first game of each group, read again.
struct Unique<'a> {
    ui: &'a Ui,
    /// The index of each input read again among all inputs.
    files: &'a [usize],
    firsts: &'a HashSet<(usize, usize)>,
    kept: Vec<Kept>,
    /// The input being read, among those read again.
    k: usize,
}

impl Sink<Option<Kept>> for Unique<'_> {
    fn value(&mut self, at: GameAt<'_>, game: Option<Kept>) -> Result<Flow, Fatal> {
        let file = self.files.get(self.k).copied().unwrap_or(usize::MAX);
        if let Some(g) = game.filter(|_| self.firsts.contains(&(file, at.number))) {
            self.kept.push(g);
        }
        Ok(Flow::Continue)
    }

    fn end(&mut self, _input: &InputFile, read: InputRead) -> Result<(), Fatal> {
        self.k += 1;
        if let Some(reason) = read.failure {
            self.ui.error(&reason);
        }
        Ok(())
    }
}

/// Runs `kifu dedup`.
pub fn run(args: &DedupArgs, ui: &Ui) -> Result<Status, Fatal> {
    let opts = Resolved::new(&args.read)?;
    let out_encoding = encoding_arg(args.output_encoding.as_deref())?;
    let expanded = expand(&args.paths);
    let inputs = &expanded.inputs;
    let hash = |g: &mut Game| canonical_hash(g);
    let mut sink = Hashes {
        ui,
        hashes: Vec::new(),
        failed: false,
        file: 0,
    };
    each_input(
        inputs,
        opts,
        ui,
        Reading::default(),
        Want::Values(Needs::Moves, &hash),
        false,
        &mut sink,
    )?;
    let Hashes { hashes, failed, .. } = sink;
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
            let games = g
                .iter()
                .map(|r| GameOut {
                    path: inputs.get(r.file).map_or("", |i| i.name.as_str()),
                    game: r.game,
                })
                .collect();
            stdout_json(&GroupReport {
                kind: "group",
                hash,
                games,
            })?;
        } else {
            stdout_line(&format!("group {dup_groups} ({} games, {hash}):", g.len()))?;
            for r in g {
                let shown = inputs.get(r.file).map_or("", |i| i.display.as_str());
                stdout_line(&format!("  {shown}\t{}", r.game))?;
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
        analysis: kifu::formats::analysis::writing::AnalysisMode::Keep,
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
    let mut sink = Unique {
        ui,
        files: &files,
        firsts,
        kept: Vec::new(),
        k: 0,
    };
    each_input(
        &chosen,
        opts,
        ui,
        Reading::default(),
        Want::Values(Needs::Everything, &take),
        false,
        &mut sink,
    )?;
    let kept = sink.kept;
    collector.finish(kept, ui)
}
