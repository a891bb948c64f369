//! `kifu info`: what each record holds, for people or as NDJSON.

use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use super::inputs::expand;
use super::load::{load, Resolved};
use super::output::{stdout_json, stdout_line};
use super::{Fatal, ReadOptions, Status, Ui};
use crate::diag::Counts;
use crate::model::{Color, Game, GameKind, GameResult, Player, ShogiStart, WinReason};

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
        let outcome = match load(input, opts) {
            Ok(mut o) => {
                crate::validate(&mut o);
                o
            }
            Err(reason) => {
                failed = true;
                if args.json {
                    stdout_json(&FileSummary {
                        path: &input.display,
                        format: None,
                        encoding: None,
                        encoding_decided_by: None,
                        games: Vec::new(),
                        diagnostics: Counts {
                            errors: 1,
                            ..Counts::default()
                        },
                        failure: Some(&reason),
                    })?;
                } else {
                    ui.error(&reason);
                }
                continue;
            }
        };
        let summary = FileSummary {
            path: &input.display,
            format: Some(outcome.format.name),
            encoding: outcome.source.encoding.as_deref(),
            encoding_decided_by: outcome.source.encoding_decided_by.as_deref(),
            games: outcome
                .parsed
                .collection
                .games
                .iter()
                .flat_map(summarise_all)
                .collect(),
            diagnostics: Counts::of(&outcome.parsed.diagnostics),
            failure: None,
        };
        if args.json {
            stdout_json(&summary)?;
        } else {
            print_block(&summary)?;
        }
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
fn summarise_info(game: &Game, info: &crate::model::GameInfo) -> GameSummary {
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
        judged: crate::rules::renju::result_line(game),
        title: info.title.clone(),
        black: player(&info.black),
        white: player(&info.white),
        event: info.event.clone(),
        date: info.date.clone(),
        result: info
            .result
            .clone()
            .or_else(|| ending_result(game))
            .as_ref()
            .map(result_text),
        komi: info.komi,
        handicap,
        moves: tree.main_line().filter(|(_, n)| n.mv.is_some()).count(),
        variations: tree.variation_count(),
        comments: tree.iter().filter(|(_, n)| n.comment.is_some()).count(),
    }
}

/// The result a special ending at the end of the main line gives (投了, 詰み …),
/// for records that do not state one.
fn ending_result(game: &Game) -> Option<GameResult> {
    let ending = game.tree.main_line().filter_map(|(_, n)| n.ending).last()?;
    ending.kind.result_for(ending.color?)
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

/// A result in the compact notation Go players know: `B+R`, `W+3.5`, `Draw` …
fn result_text(r: &GameResult) -> String {
    match r {
        GameResult::Win { winner, reason } => {
            let w = match winner {
                Color::Black => "B",
                Color::White => "W",
            };
            match reason {
                WinReason::Resign => format!("{w}+R"),
                WinReason::Time => format!("{w}+T"),
                WinReason::Forfeit => format!("{w}+F"),
                WinReason::Score(s) => format!("{w}+{s}"),
                WinReason::Unspecified => format!("{w}+"),
            }
        }
        GameResult::Draw => "Draw".into(),
        GameResult::Void => "Void".into(),
        GameResult::Unknown => "?".into(),
        GameResult::Other(s) => s.clone(),
    }
}

/// Prints one file's block for people.
fn print_block(s: &FileSummary<'_>) -> Result<(), Fatal> {
    stdout_line(s.path)?;
    stdout_line(&format!(
        "  format: {}, encoding: {} ({})",
        s.format.unwrap_or("?"),
        s.encoding.unwrap_or("binary"),
        s.encoding_decided_by.unwrap_or("not text")
    ))?;
    for (i, g) in s.games.iter().enumerate() {
        let rule = g
            .rule
            .as_deref()
            .map(|r| format!(", rule {r}"))
            .unwrap_or_default();
        stdout_line(&format!("  game {}: {} {}{rule}", i + 1, g.kind, g.board))?;
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
                stdout_line(&format!("    {name}: {v}"))?;
            }
        }
        stdout_line(&format!(
            "    moves: {}, variations: {}, comments: {}",
            g.moves, g.variations, g.comments
        ))?;
    }
    let d = s.diagnostics;
    stdout_line(&format!(
        "  diagnostics: {} error(s), {} warning(s), {} info",
        d.errors, d.warnings, d.infos
    ))?;
    Ok(())
}
