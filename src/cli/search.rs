//! `kifu search`: the games of a position index (`kifu index`) that reached a
//! position, given as SFEN, as a record at a move, or as a board diagram, with the
//! moves played next and the results that followed.

use std::io::Read;
use std::path::{Path, PathBuf};

use clap::{ArgGroup, Args};
use serde::Serialize;

use super::filter::CriteriaArgs;
use super::output::{stdout_json, stdout_line};
use super::{Fatal, Status, Ui};
use kifu::model::{BoardSize, Game, GameKind, Point};
use kifu::search::pattern::Pattern;
use kifu::search::positions::{position_after, shogi_hash, Frame};
use kifu::search::query::{played_text, search, search_pattern, Answer};
use kifu::search::store::Index;

/// Arguments of `kifu search`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("position_kind").required(true).args(["sfen", "position", "setup", "pattern"])))]
pub struct SearchArgs {
    /// The index (`kifu index -o FILE`).
    #[arg(value_name = "FILE")]
    pub index: PathBuf,
    /// A shogi position in SFEN (`lnsgkgsnl/… b - 1`, or `startpos`).
    #[arg(long, value_name = "SFEN")]
    pub sfen: Option<String>,
    /// The position of a record's first game after MOVE moves of its main line (all
    /// of them without `:MOVE`).
    #[arg(long, value_name = "RECORD[:MOVE]")]
    pub position: Option<String>,
    /// A board diagram as `kifu show` prints it (Go and gomoku), or a Kakinoki board
    /// (BOD) for shogi, from a file (`-`: standard input). A Go diagram is read as
    /// gomoku with `--kind gomoku`.
    #[arg(long, value_name = "DIAGRAM")]
    pub setup: Option<PathBuf>,
    /// Go: a local pattern, the region `--region` of a record's first game after
    /// MOVE moves of its main line (all of them without `:MOVE`), found anywhere on
    /// the board under the 8 symmetries (Kombilo's pattern search).
    #[arg(long, value_name = "RECORD[:MOVE]", requires = "region")]
    pub pattern: Option<String>,
    /// The pattern's region: two corners in the diagram's coordinates (`A1:E5`).
    #[arg(long, value_name = "CORNER:CORNER", requires = "pattern")]
    pub region: Option<String>,
    /// Print NDJSON: one object per game found, one per move played next, and a
    /// summary.
    #[arg(long)]
    pub json: bool,
    /// List at most N games (the table of moves counts them all).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// The criteria the games must meet.
    #[command(flatten)]
    pub criteria: CriteriaArgs,
}

/// A game found, as NDJSON.
#[derive(Serialize)]
struct GameOut<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    path: String,
    game: usize,
    /// Moves made before the position.
    ply: u32,
    next: String,
    black: Option<&'a str>,
    white: Option<&'a str>,
    date: Option<&'a str>,
    event: Option<&'a str>,
    result: Option<&'a str>,
    winner: &'a str,
}

/// A move played next, as NDJSON.
#[derive(Serialize)]
struct NextOut {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(rename = "move")]
    mv: String,
    count: usize,
    black_wins: usize,
    white_wins: usize,
    other: usize,
    share: f64,
}

/// The summary, as NDJSON.
#[derive(Serialize)]
struct SummaryOut {
    #[serde(rename = "type")]
    kind: &'static str,
    /// A position's hash.
    #[serde(skip_serializing_if = "Option::is_none")]
    hash: Option<String>,
    /// A pattern's region.
    #[serde(skip_serializing_if = "Option::is_none")]
    pattern: Option<String>,
    found: usize,
    games: usize,
}

/// Runs `kifu search`.
pub fn run(args: &SearchArgs, _ui: &Ui) -> Result<Status, Fatal> {
    if !args.index.is_file() {
        return Err(Fatal::Other(format!(
            "{}: no such index (build one with kifu index -o FILE)",
            args.index.display()
        )));
    }
    let index = Index::open_existing(&args.index)
        .map_err(|e| Fatal::Other(format!("{}: {e}", args.index.display())))?;
    let opts = index.options().map_err(Fatal::Other)?.unwrap_or_default();
    if let (Some(spec), Some(region)) = (&args.pattern, &args.region) {
        let (path, moves) = split_position(spec)?;
        let game = first_game(&path, None)?;
        let pattern = Pattern::new(&game, moves, region, opts.colours)
            .map_err(|e| Fatal::Usage(format!("--pattern {spec} --region {region}: {e}")))?;
        let criteria = args.criteria.criteria();
        let answer = search_pattern(&index, &pattern, &criteria).map_err(Fatal::Other)?;
        let frame = Frame::Grid {
            size: pattern.size,
            sym: 0,
            swap: false,
        };
        print(args, &format!("pattern {region}"), &answer, frame)?;
        return Ok(Status::Success);
    }
    let (hash, frame) = if let Some(sfen) = &args.sfen {
        let text = if sfen.trim() == "startpos" {
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
        } else {
            sfen.as_str()
        };
        let (pos, _) = kifu::rules::shogi::from_sfen(text)
            .map_err(|e| Fatal::Usage(format!("--sfen: {e}")))?;
        (shogi_hash(&pos), Frame::Shogi)
    } else if let Some(spec) = &args.position {
        let (path, moves) = split_position(spec)?;
        let game = first_game(&path, None)?;
        position_after(&game, moves, opts).ok_or_else(|| {
            Fatal::Usage(format!(
                "--position {spec}: the main line has no position there (too few moves, or a move its position cannot take)"
            ))
        })?
    } else if let Some(diagram) = &args.setup {
        let text = read_text(diagram)?;
        if text.contains('|') && text.contains("+---") {
            let game = game_of_bytes(text.as_bytes(), "--setup", kifu::formats::by_name("kif"))?;
            let mut pos = game
                .info
                .shogi_start
                .as_ref()
                .map_or_else(|| kifu::model::Handicap::Even.position(), |s| s.position());
            if let Some(side) = side_to_move(&text) {
                pos.to_move = side;
            }
            (shogi_hash(&pos), Frame::Shogi)
        } else {
            let gomoku = args.criteria.kind.as_deref() == Some("gomoku");
            let game =
                go_diagram(&text, gomoku).map_err(|e| Fatal::Usage(format!("--setup: {e}")))?;
            position_after(&game, None, opts)
                .ok_or_else(|| Fatal::Usage("--setup: no position in the diagram".into()))?
        }
    } else {
        return Err(Fatal::Usage("give --sfen, --position or --setup".into()));
    };
    let criteria = args.criteria.criteria();
    let answer = search(&index, hash, frame, &criteria).map_err(Fatal::Other)?;
    print(args, &format!("hash {hash:016x}"), &answer, frame)?;
    Ok(Status::Success)
}

/// Prints the answer: games, then the moves played next, then a summary.
fn print(args: &SearchArgs, what: &str, answer: &Answer, frame: Frame) -> Result<(), Fatal> {
    let total = answer.hits.len();
    let mut games: Vec<(&[u8], usize)> = answer
        .hits
        .iter()
        .map(|h| (h.path.as_slice(), h.game.number))
        .collect();
    games.dedup();
    let shown = args.limit.unwrap_or(usize::MAX);
    for h in answer.hits.iter().take(shown) {
        let path = String::from_utf8_lossy(&h.path).into_owned();
        let next = played_text(frame.decode(h.mv));
        let g = &h.game;
        if args.json {
            stdout_json(&GameOut {
                kind: "game",
                path,
                game: g.number,
                ply: h.ply,
                next,
                black: g.black.as_deref(),
                white: g.white.as_deref(),
                date: g.date.as_deref(),
                event: g.event.as_deref(),
                result: g.result.as_deref(),
                winner: &g.winner,
            })?;
        } else {
            let line = format!(
                "{path}:{}  after move {}  {} – {}  {}  {}  next {next}",
                g.number,
                h.ply,
                g.black.as_deref().unwrap_or("?"),
                g.white.as_deref().unwrap_or("?"),
                g.date.as_deref().unwrap_or("-"),
                g.result.as_deref().unwrap_or("-"),
            );
            stdout_line(&kifu::text::escape_controls(&line))?;
        }
    }
    if !args.json && !answer.next.is_empty() {
        stdout_line("")?;
        stdout_line("next       count  black wins  white wins  other   share")?;
    }
    for c in &answer.next {
        let share = if total == 0 {
            0.0
        } else {
            c.count as f64 / total as f64
        };
        let mv = played_text(c.played);
        if args.json {
            stdout_json(&NextOut {
                kind: "next",
                mv,
                count: c.count,
                black_wins: c.black_wins,
                white_wins: c.white_wins,
                other: c.other,
                share,
            })?;
        } else {
            stdout_line(&format!(
                "{mv:<10} {:>5}  {:>10}  {:>10}  {:>5}  {:>5.1}%",
                c.count,
                c.black_wins,
                c.white_wins,
                c.other,
                share * 100.0
            ))?;
        }
    }
    if args.json {
        stdout_json(&SummaryOut {
            kind: "summary",
            hash: what.strip_prefix("hash ").map(str::to_string),
            pattern: what.strip_prefix("pattern ").map(str::to_string),
            found: total,
            games: games.len(),
        })?;
    } else {
        stdout_line(&format!(
            "{total} position(s) found in {} game(s) ({what})",
            games.len()
        ))?;
    }
    Ok(())
}

/// The side to move of a Kakinoki board: its `先手番`/`後手番` line, else the parity
/// of the move number `kifu show` writes under it (`手数＝3`: white to move).
fn side_to_move(text: &str) -> Option<kifu::model::Color> {
    use kifu::model::Color;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("後手番") || line.starts_with("上手番") {
            return Some(Color::White);
        }
        if line.starts_with("先手番") || line.starts_with("下手番") {
            return Some(Color::Black);
        }
    }
    let after = text.split_once("手数＝")?.1;
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    let n: u32 = digits.parse().ok()?;
    Some(if n % 2 == 1 {
        Color::White
    } else {
        Color::Black
    })
}

/// `RECORD[:MOVE]`: the record and the number of moves (a trailing `:N` when the
/// whole is not a file).
fn split_position(spec: &str) -> Result<(PathBuf, Option<u32>), Fatal> {
    if Path::new(spec).is_file() {
        return Ok((PathBuf::from(spec), None));
    }
    match spec.rsplit_once(':') {
        Some((path, n)) => {
            let moves = n
                .parse::<u32>()
                .map_err(|_| Fatal::Usage(format!("--position {spec}: MOVE must be a number")))?;
            Ok((PathBuf::from(path), Some(moves)))
        }
        None => Ok((PathBuf::from(spec), None)),
    }
}

/// Reads a file (`-`: standard input) as text.
fn read_text(path: &Path) -> Result<String, Fatal> {
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Fatal::Other(format!("standard input: {e}")))?;
    } else {
        bytes =
            std::fs::read(path).map_err(|e| Fatal::Other(format!("{}: {e}", path.display())))?;
    }
    String::from_utf8(bytes).map_err(|_| Fatal::Usage(format!("{}: not UTF-8", path.display())))
}

/// The first game of a record file.
fn first_game(path: &Path, format: Option<&'static kifu::formats::Format>) -> Result<Game, Fatal> {
    let bytes =
        std::fs::read(path).map_err(|e| Fatal::Other(format!("{}: {e}", path.display())))?;
    let input = kifu::Input {
        bytes: bytes.into(),
        path: Some(path),
        format,
        encoding: None,
    };
    let read = kifu::read(&input).map_err(|e| Fatal::Other(format!("{}: {e}", path.display())))?;
    read.parsed
        .collection
        .games
        .into_iter()
        .next()
        .ok_or_else(|| Fatal::Usage(format!("{}: no game", path.display())))
}

/// The first game of some bytes read as `format`.
fn game_of_bytes(
    bytes: &[u8],
    what: &str,
    format: Option<&'static kifu::formats::Format>,
) -> Result<Game, Fatal> {
    let input = kifu::Input {
        bytes: bytes.into(),
        path: None,
        format,
        encoding: None,
    };
    let read = kifu::read(&input).map_err(|e| Fatal::Usage(format!("{what}: {e}")))?;
    read.parsed
        .collection
        .games
        .into_iter()
        .next()
        .ok_or_else(|| Fatal::Usage(format!("{what}: no position")))
}

/// A game whose root holds the stones of a text diagram as `kifu show` prints it:
/// rows `N cells N`, `X` black, `O` white, `.` and `+` empty (a last move's
/// parentheses are ignored); the column letters' rows are skipped.
fn go_diagram(text: &str, gomoku: bool) -> Result<Game, String> {
    let mut rows: Vec<(u32, Vec<char>)> = Vec::new();
    for line in text.lines() {
        let cleaned: String = line
            .chars()
            .map(|c| if c == '(' || c == ')' { ' ' } else { c })
            .collect();
        let tokens: Vec<&str> = cleaned.split_whitespace().collect();
        let Some(first) = tokens.first() else {
            continue;
        };
        let Ok(n) = first.parse::<u32>() else {
            continue;
        };
        let cells: Vec<char> = tokens
            .get(1..tokens.len().saturating_sub(1))
            .unwrap_or(&[])
            .iter()
            .filter_map(|t| t.chars().next())
            .collect();
        rows.push((n, cells));
    }
    let height = rows.len();
    let width = rows.first().map_or(0, |r| r.1.len());
    if height == 0 || width == 0 || height > 52 || width > 52 {
        return Err("no board found (rows `N . X O … N`, at most 52)".into());
    }
    let size = BoardSize {
        width: width as u8,
        height: height as u8,
    };
    let mut game = Game::new(if gomoku {
        GameKind::Gomoku {
            size,
            rule: kifu::model::GomokuRule::Freestyle,
        }
    } else {
        GameKind::Go { size }
    });
    let mut black = Vec::new();
    let mut white = Vec::new();
    for (n, cells) in &rows {
        if cells.len() != width {
            return Err(format!("row {n} has {} points, not {width}", cells.len()));
        }
        let y = height
            .checked_sub(*n as usize)
            .ok_or_else(|| format!("row {n} is off a board of {height} rows"))?;
        for (x, c) in cells.iter().enumerate() {
            let p = Point::new(x as u8, y as u8);
            match c {
                'X' | '#' | '●' => black.push(p),
                'O' | '○' => white.push(p),
                '.' | '+' | ',' => {}
                other => return Err(format!("row {n}: {other:?} is not a point")),
            }
        }
    }
    let root = game.tree.root_node_mut();
    root.setup.add_black = black;
    root.setup.add_white = white;
    Ok(game)
}
