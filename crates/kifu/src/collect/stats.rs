//! `kifu stats`: totals over a collection.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

use super::date::PartialDate;
use super::meta::{self, Winner};
use crate::model::Game;

/// What `stats` keeps of one game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameFacts {
    /// The game family.
    pub kind: &'static str,
    /// Main-line moves.
    pub moves: usize,
    /// The winner.
    pub winner: Winner,
    /// The first player's name.
    pub black: Option<String>,
    /// The second player's name.
    pub white: Option<String>,
    /// The date, when one can be read.
    pub date: Option<PartialDate>,
}

impl GameFacts {
    /// The facts of `game`.
    pub fn of(game: &Game) -> GameFacts {
        GameFacts {
            kind: game.kind.family(),
            moves: meta::main_line_moves(game),
            winner: meta::winner_of(meta::result(game).as_ref()),
            black: game.info.black.name.clone(),
            white: game.info.white.name.clone(),
            date: game.info.date.as_deref().and_then(PartialDate::find_in),
        }
    }
}

/// Counts of results: `black + white + draw + other = games`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Results {
    /// Won by the first player.
    pub black: usize,
    /// Won by the second player.
    pub white: usize,
    /// Drawn.
    pub draw: usize,
    /// No winner known (no result, void, unknown, untyped).
    pub other: usize,
}

/// Main-line moves over all games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Moves {
    /// The sum.
    pub total: usize,
    /// The mean per game (0 without games).
    pub mean: f64,
}

/// A name in Unicode NFKC.
fn nfkc(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    name.nfkc().collect()
}

/// One player's games and wins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerCount {
    /// The name as the records write it, in Unicode NFKC (full-width `Ｌｅｅ` is
    /// counted as `Lee`).
    pub name: String,
    /// Games played (with either colour).
    pub games: usize,
    /// Games won.
    pub wins: usize,
}

/// The earliest and latest dates read.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DateSpan {
    /// The earliest (by its first day).
    pub first: Option<String>,
    /// The latest (by its last day).
    pub last: Option<String>,
    /// Games with a date kifu could read.
    pub dated: usize,
}

/// The totals, as `kifu stats --json` prints them.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Report {
    /// Files read (failed ones included).
    pub files: usize,
    /// Files that could not be read.
    pub failed: usize,
    /// Games read.
    pub games: usize,
    /// Games by family (`go`, `gomoku`, `shogi`, `gonu`).
    pub kinds: BTreeMap<String, usize>,
    /// Games by format.
    pub formats: BTreeMap<String, usize>,
    /// Main-line moves.
    pub moves: Moves,
    /// Results.
    pub results: Results,
    /// Players, most games first (then by name); full- and half-width forms of a name
    /// are one player.
    pub players: Vec<PlayerCount>,
    /// The date range.
    pub dates: DateSpan,
    /// Files by encoding (`binary` for binary formats).
    pub encodings: BTreeMap<String, usize>,
}

/// The running totals.
#[derive(Debug, Default)]
pub struct Stats {
    report: Report,
    players: HashMap<String, (usize, usize)>,
    first: Option<PartialDate>,
    last: Option<PartialDate>,
}

impl Stats {
    /// No files yet.
    pub fn new() -> Stats {
        Stats::default()
    }

    /// Counts a file that could not be read.
    pub fn add_failed_file(&mut self) {
        self.report.files += 1;
        self.report.failed += 1;
    }

    /// Counts a file read as `format` in `encoding`, with its games.
    pub fn add_file(&mut self, format: &str, encoding: Option<&str>, games: &[GameFacts]) {
        self.add_file_read(encoding);
        for g in games {
            self.add_game_of(format, g);
        }
    }

    /// Counts a file read in `encoding` whose games are counted one by one
    /// ([`Stats::add_game_of`]), as a file read part by part gives them.
    pub fn add_file_read(&mut self, encoding: Option<&str>) {
        let r = &mut self.report;
        r.files += 1;
        *r.encodings
            .entry(encoding.unwrap_or("binary").to_string())
            .or_default() += 1;
    }

    /// Counts one game of a file read as `format`.
    pub fn add_game_of(&mut self, format: &str, g: &GameFacts) {
        match self.report.formats.get_mut(format) {
            Some(n) => *n += 1,
            None => {
                self.report.formats.insert(format.to_string(), 1);
            }
        }
        self.add_game(g);
    }

    /// Counts one game.
    fn add_game(&mut self, g: &GameFacts) {
        let r = &mut self.report;
        r.games += 1;
        *r.kinds.entry(g.kind.to_string()).or_default() += 1;
        r.moves.total += g.moves;
        match g.winner {
            Winner::Black => r.results.black += 1,
            Winner::White => r.results.white += 1,
            Winner::Draw => r.results.draw += 1,
            Winner::None => r.results.other += 1,
        }
        for (name, won) in [
            (&g.black, g.winner == Winner::Black),
            (&g.white, g.winner == Winner::White),
        ] {
            let Some(name) = name.as_deref().map(str::trim).filter(|n| !n.is_empty()) else {
                continue;
            };
            // Full- and half-width forms of a name are one player (NFKC).
            let folded;
            let name = if name.is_ascii() {
                name
            } else {
                folded = nfkc(name);
                folded.as_str()
            };
            let entry = match self.players.get_mut(name) {
                Some(e) => e,
                None => self.players.entry(name.to_string()).or_default(),
            };
            entry.0 += 1;
            entry.1 += usize::from(won);
        }
        if let Some(d) = g.date {
            r.dates.dated += 1;
            if self.first.is_none_or(|f| d.first_day() < f.first_day()) {
                self.first = Some(d);
            }
            if self.last.is_none_or(|l| d.last_day() > l.last_day()) {
                self.last = Some(d);
            }
        }
    }

    /// The totals.
    pub fn finish(mut self) -> Report {
        let r = &mut self.report;
        r.moves.mean = if r.games == 0 {
            0.0
        } else {
            r.moves.total as f64 / r.games as f64
        };
        let mut players: Vec<PlayerCount> = self
            .players
            .into_iter()
            .map(|(name, (games, wins))| PlayerCount { name, games, wins })
            .collect();
        players.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.name.cmp(&b.name)));
        r.players = players;
        r.dates.first = self.first.map(|d| d.to_string());
        r.dates.last = self.last.map(|d| d.to_string());
        self.report
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_add_up() {
        let games = crate::formats::sgf::read(
            "(;PB[A]PW[B]RE[B+R]DT[2001-02-03];B[aa];W[bb])\
             (;PB[B]PW[A]RE[B+2.5]DT[1999];B[aa])\
             (;PB[A]PW[C]RE[0];B[aa];W[bb];B[cc])\
             (;PB[A]PW[B])",
        )
        .collection
        .games;
        let facts: Vec<GameFacts> = games.iter().map(GameFacts::of).collect();
        let mut stats = Stats::new();
        stats.add_file("sgf", Some("UTF-8"), &facts);
        stats.add_failed_file();
        let r = stats.finish();
        assert_eq!((r.files, r.failed, r.games), (2, 1, 4));
        assert_eq!(r.moves.total, 6);
        assert!((r.moves.mean - 1.5).abs() < 1e-9);
        assert_eq!(
            r.results,
            Results {
                black: 2,
                white: 0,
                draw: 1,
                other: 1
            }
        );
        assert_eq!(
            r.players.first(),
            Some(&PlayerCount {
                name: "A".into(),
                games: 4,
                wins: 1
            })
        );
        assert_eq!(r.dates.first.as_deref(), Some("1999"));
        assert_eq!(r.dates.last.as_deref(), Some("2001-02-03"));
        assert_eq!(r.encodings.get("UTF-8"), Some(&1));
    }
}
