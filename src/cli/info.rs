//! `kifu info`: what each record holds, for people or as NDJSON.

use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use super::inputs::expand;
use super::load::Resolved;
use super::output::{stdout_json, stdout_line};
use super::progress;
use super::stream::{each_game, Flow, Item, Reading};
use super::{Fatal, ReadOptions, Status, Ui};
use kifu::collect::analysis::{Change, Measure};
use kifu::diag::Counts;
use kifu::model::{Game, GameKind, Player, ShogiStart};

/// Arguments of `kifu info`.
#[derive(Debug, Args)]
pub struct InfoArgs {
    /// Files or directories (`-` for standard input).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Print one JSON object per file (NDJSON).
    #[arg(long)]
    pub json: bool,
    /// Input options.
    #[command(flatten)]
    pub read: ReadOptions,
}

/// One game's summary.
#[derive(Serialize)]
struct GameSummary {
    kind: &'static str,
    board: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<String>,
    /// For gomoku: who won by five, who lost by a forbidden move, or unfinished, as
    /// the rule in force judges the moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    judged: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    black: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    white: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    event: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    komi: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    handicap: Option<String>,
    moves: usize,
    variations: usize,
    comments: usize,
    /// The engine analysis, when a main-line node carries an evaluation.
    #[serde(skip_serializing_if = "Option::is_none")]
    analysis: Option<AnalysisInfo>,
}

/// A game's engine analysis, summarised (see [`kifu::collect::analysis::Summary`]).
#[derive(Serialize)]
struct AnalysisInfo {
    /// Main-line moves carrying an evaluation.
    analysed: usize,
    /// Their share of the main line's moves, 0 to 1.
    share: f64,
    /// The engines named.
    engines: Vec<String>,
    /// `winrate` (Black's, 0 to 1) or `score` (from Black's side).
    measure: Measure,
    /// The largest change made by one move.
    #[serde(skip_serializing_if = "Option::is_none")]
    swing: Option<Change>,
    /// How people read the swing: `move 57, 62.1% → 31%`.
    #[serde(skip)]
    swing_text: Option<String>,
}

impl AnalysisInfo {
    fn of(game: &Game) -> Option<AnalysisInfo> {
        let s = kifu::collect::analysis::summary(game)?;
        let swing_text = s.swing.map(|c| {
            format!(
                "move {}, {} → {}",
                c.number,
                s.show(c.before),
                s.show(c.after)
            )
        });
        Some(AnalysisInfo {
            analysed: s.analysed,
            share: s.share(),
            engines: s.engines.clone(),
            measure: s.measure,
            swing: s.swing,
            swing_text,
        })
    }
}

/// One file's summary.
#[derive(Serialize)]
struct FileSummary<'a> {
    path: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    format: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    encoding: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    encoding_decided_by: Option<&'a str>,
    games: Vec<GameSummary>,
    diagnostics: Counts,
    #[serde(skip_serializing_if = "Option::is_none")]
    failure: Option<&'a str>,
}

/// Runs `kifu info`.
pub fn run(args: &InfoArgs, ui: &Ui) -> Result<Status, Fatal> {
    let opts = Resolved::new(&args.read)?;
    let expanded = expand(&args.paths);
    let mut failed = false;
    for input in &expanded.inputs {
        // Read game by game (a large collection is never held): the people's block
        // is printed as the games come, the JSON object once the file is read.
        let mut games = Vec::new();
        let mut header = false;
        let progress = progress::Games::new(ui, &input.display);
        let reading = Reading {
            report: false,
            check: true,
            locate: false,
        };
        // A tree holding several games (game information per variation) is
        // reported game by game.
        let mut shown = 0;
        let read = each_game(input, opts, ui, reading, &mut |item: Item<'_>| {
            for summary in summarise_all(item.game) {
                shown += 1;
                if args.json {
                    games.push(summary);
                } else {
                    if !header {
                        header = true;
                        print_header(&input.display, Some(item.source))?;
                    }
                    print_game(shown, &summary)?;
                }
            }
            progress.tick();
            Ok(Flow::Continue)
        })?;
        progress.finish();
        let mut counts = read.counts;
        if read.failure.is_some() {
            failed = true;
            counts.errors += 1;
        }
        let source = read.source.as_ref();
        if args.json {
            stdout_json(&FileSummary {
                path: &input.name,
                format: read.format.map(|f| f.name),
                encoding: source.and_then(|s| s.encoding.as_deref()),
                encoding_decided_by: source.and_then(|s| s.encoding_decided_by.as_deref()),
                games,
                diagnostics: counts,
                failure: read.failure.as_deref(),
            })?;
            continue;
        }
        if let Some(reason) = &read.failure {
            ui.error(reason);
            if read.format.is_none() {
                continue;
            }
        }
        if !header {
            print_header(&input.display, source)?;
        }
        print_counts(counts)?;
    }
    expanded.note_skipped(ui, args.read.verbose);
    Ok(Status::from_failed(failed))
}

/// Summarises each game a tree holds: one, or one per variation with game
/// information of its own.
fn summarise_all(game: &Game) -> Vec<GameSummary> {
    let games = game.games_in_tree();
    if games.len() == 1 && games.first().is_some_and(|g| g.0.is_none()) {
        return vec![summarise(game)];
    }
    games
        .into_iter()
        .map(|(_, info, line)| {
            let mut s = summarise_info(game, &info);
            s.moves = line
                .iter()
                .filter(|id| game.tree.get(**id).is_some_and(|n| n.mv.is_some()))
                .count();
            s
        })
        .collect()
}

/// Summarises one game.
fn summarise(game: &Game) -> GameSummary {
    summarise_info(game, &game.info)
}

/// Summarises a game with the given information (its own, or a variation's).
fn summarise_info(game: &Game, info: &kifu::model::GameInfo) -> GameSummary {
    let tree = &game.tree;
    let (board, rule) = match &game.kind {
        GameKind::Go { size } => (size.to_string(), None),
        GameKind::Gomoku { size, rule } => (size.to_string(), Some(rule.name().to_string())),
        GameKind::Shogi => ("9x9".to_string(), None),
        GameKind::Gonu(b) => (
            format!("{} vertices, {} edges", b.vertices.len(), b.edges.len()),
            None,
        ),
    };
    let handicap = match (&info.shogi_start, info.handicap) {
        (Some(ShogiStart::Preset(h)), _) => Some(h.japanese().to_string()),
        (Some(ShogiStart::Other(_)), _) => Some("その他".to_string()),
        (None, Some(n)) => Some(n.to_string()),
        (None, None) => None,
    };
    GameSummary {
        kind: game.kind.family(),
        board,
        rule,
        judged: kifu::rules::renju::result_line(game),
        title: info.title.clone(),
        black: player(&info.black),
        white: player(&info.white),
        event: info.event.clone(),
        date: info.date.clone(),
        result: kifu::collect::meta::result(game)
            .as_ref()
            .map(ToString::to_string),
        komi: info.komi,
        handicap,
        moves: tree.main_line().filter(|(_, n)| n.mv.is_some()).count(),
        variations: tree.variation_count(),
        comments: tree.iter().filter(|(_, n)| n.comment.is_some()).count(),
        analysis: AnalysisInfo::of(game),
    }
}

/// "name (rank)".
fn player(p: &Player) -> Option<String> {
    match (&p.name, &p.rank) {
        (Some(n), Some(r)) => Some(format!("{n} ({r})")),
        (Some(n), None) => Some(n.clone()),
        (None, Some(r)) => Some(format!("({r})")),
        (None, None) => None,
    }
}

/// Prints the head of a file's block for people.
fn print_header(path: &str, source: Option<&kifu::formats::SourceInfo>) -> Result<(), Fatal> {
    line(path)?;
    line(&format!(
        "  format: {}, encoding: {} ({})",
        source.map_or("?", |s| s.format.as_str()),
        source
            .and_then(|s| s.encoding.as_deref())
            .unwrap_or("binary"),
        source
            .and_then(|s| s.encoding_decided_by.as_deref())
            .unwrap_or("not text")
    ))
}

/// Prints one game of a file's block for people (`number` from 1).
fn print_game(number: usize, g: &GameSummary) -> Result<(), Fatal> {
    let rule = g
        .rule
        .as_deref()
        .map(|r| format!(", rule {r}"))
        .unwrap_or_default();
    line(&format!("  game {number}: {} {}{rule}", g.kind, g.board))?;
    let fields = [
        ("title", g.title.clone()),
        ("black", g.black.clone()),
        ("white", g.white.clone()),
        ("event", g.event.clone()),
        ("date", g.date.clone()),
        ("result", g.result.clone()),
        ("komi", g.komi.map(|k| k.to_string())),
        ("handicap", g.handicap.clone()),
        ("judged", g.judged.clone()),
    ];
    for (name, value) in fields {
        if let Some(v) = value {
            line(&format!("    {name}: {v}"))?;
        }
    }
    stdout_line(&format!(
        "    moves: {}, variations: {}, comments: {}",
        g.moves, g.variations, g.comments
    ))?;
    if let Some(a) = &g.analysis {
        let engines = if a.engines.is_empty() {
            "not named".to_string()
        } else {
            a.engines.join(", ")
        };
        line(&format!(
            "    analysis: {} of {} moves ({}), engines: {engines}, largest swing: {}",
            a.analysed,
            g.moves,
            percent(a.share),
            a.swing_text.as_deref().unwrap_or("none")
        ))?;
    }
    Ok(())
}

/// A share as a percentage with at most one decimal: `80%`, `66.7%`.
fn percent(share: f64) -> String {
    let text = format!("{:.1}", share * 100.0);
    format!("{}%", text.strip_suffix(".0").unwrap_or(&text))
}

/// Prints one line for people with the control characters of record text (names,
/// events, results …) escaped.
fn line(text: &str) -> Result<(), Fatal> {
    stdout_line(&kifu::text::escape_controls(text))
}

/// Prints the last line of a file's block for people.
fn print_counts(d: Counts) -> Result<(), Fatal> {
    stdout_line(&format!(
        "  diagnostics: {} error(s), {} warning(s), {} info",
        d.errors, d.warnings, d.infos
    ))
}
