//! A sink that checks every game it is handed (`Sink::checks_games`: what the Python
//! package's `check=True` is) gets the shogi games of CSA, KIF and KI2 checked as they
//! were read, through `Sink::checked`, and `kifu::place_checked` gives it exactly the
//! diagnostics `kifu::check_game` gives on the game read whole: on records of our own
//! with illegal moves, fouls, repetitions, wrong claims and engine analysis, on the
//! fixtures, and on the corpus's shogi records when it is beside the checkout.

mod common;

use std::path::{Path, PathBuf};

use kifu::diag::Diagnostic;
use kifu::formats::{Flow, FoundWhileReading, Places, Sink};
use kifu::model::Game;

/// Keeps each game with the rules' diagnostics on it, and how they were found.
struct Collect {
    checks: bool,
    games: Vec<(Game, Vec<Diagnostic>)>,
    checked: usize,
}

impl Sink for Collect {
    fn game(&mut self, game: &mut Game, places: Places<'_>) -> Flow {
        let found = kifu::check_game(game, places);
        self.games.push((game.clone(), found));
        Flow::Continue
    }

    fn checks_games(&self) -> bool {
        self.checks
    }

    fn checked(&mut self, game: &mut Game, places: Places<'_>, found: FoundWhileReading) -> Flow {
        self.checked += 1;
        let found = kifu::place_checked(game, places, found);
        self.games.push((game.clone(), found));
        Flow::Continue
    }
}

/// Reads `bytes` (named `name`, for its format) both ways: the games, the reader's
/// diagnostics and the rules' must agree. Returns the rules' diagnostics (code,
/// line) and how many games were checked as they were read.
fn both_ways(name: &Path, bytes: &[u8]) -> (Vec<Vec<(&'static str, usize)>>, usize) {
    let read = |checks: bool| {
        let mut sink = Collect {
            checks,
            games: Vec::new(),
            checked: 0,
        };
        let input = kifu::Input {
            bytes: bytes.into(),
            path: Some(name),
            format: None,
            encoding: None,
        };
        let read =
            kifu::read_into(input, &mut sink).unwrap_or_else(|e| panic!("{}: {e}", name.display()));
        (sink, read.diagnostics)
    };
    let (replayed, plain) = read(false);
    let (checked, as_read) = read(true);
    let what = name.display();
    assert_eq!(replayed.checked, 0, "{what}");
    assert_eq!(as_read, plain, "{what}: the reader's diagnostics differ");
    assert_eq!(checked.games.len(), replayed.games.len(), "{what}");
    for (a, b) in checked.games.iter().zip(&replayed.games) {
        assert_eq!(a.0, b.0, "{what}: the games differ");
        assert_eq!(a.1, b.1, "{what}: the rules' diagnostics differ");
    }
    let codes = checked
        .games
        .iter()
        .map(|(_, found)| found.iter().map(|d| (d.code, d.span.start)).collect())
        .collect();
    (codes, checked.checked)
}

#[test]
fn csa_games_checked_as_read_give_the_replays_diagnostics() {
    // Game 1 ends with a foul on move 3 (a rook through its own pawn); game 2 plays
    // the same move without that ending; game 3 claims a checkmate that is not one.
    let text = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+2824HI\n%ILLEGAL_MOVE\n/\nV2.2\nPI\n+\n+7776FU,T3\n-3334FU\n+2824HI\n-8384FU\n/\nPI\n+\n+7776FU\n%TSUMI\n";
    let (codes, checked) = both_ways(Path::new("fouls.csa"), text.as_bytes());
    assert_eq!(checked, 3);
    assert_eq!(
        codes,
        vec![
            vec![("shogi::recorded-foul", 26)],
            vec![("shogi::unreachable", 79)],
            vec![("shogi::false-checkmate", 110)],
        ]
    );
}

#[test]
fn kif_and_ki2_games_checked_as_read_give_the_replays_diagnostics() {
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２四飛(28)\n   4 反則負け\n変化：3手\n   3 ２四飛(28)\n   4 ８四歩(83)\n";
    let (codes, checked) = both_ways(Path::new("fouls.kif"), kif.as_bytes());
    assert_eq!(checked, 1);
    assert_eq!(
        codes,
        vec![vec![
            ("shogi::recorded-foul", 102),
            ("shogi::unreachable", 153)
        ]]
    );
    let ki2 = "手合割：平手\n\n▲２六歩 △２四歩 ▲２五歩 △同歩 ▲同飛 △３四歩\n▲７五歩打\nまで7手で後手の反則勝ち\n\n変化：7手\n▲７五歩打 △８四歩\n";
    let (codes, checked) = both_ways(Path::new("fouls.ki2"), ki2.as_bytes());
    assert_eq!(checked, 1);
    assert_eq!(
        codes,
        vec![vec![
            ("shogi::recorded-foul", 92),
            ("shogi::double-pawn", 158)
        ]]
    );
}

#[test]
fn a_game_with_engine_analysis_is_checked_whole_by_the_sink() {
    let text = "V2.2\nPI\n+\n+7776FU\n'** 30 -3334FU +2726FU\n-3334FU\n";
    let (codes, checked) = both_ways(Path::new("analysis.csa"), text.as_bytes());
    assert_eq!(checked, 0);
    assert_eq!(codes, vec![Vec::new()]);
}

/// Every shogi record below `dir` (CSA, KIF, KI2).
fn records(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            records(&p, out);
        } else if p.extension().and_then(|e| e.to_str()).is_some_and(|e| {
            ["csa", "kif", "kifu", "ki2", "ki2u"].contains(&e.to_ascii_lowercase().as_str())
        }) {
            out.push(p);
        }
    }
}

#[test]
fn every_shogi_fixture_and_corpus_record_reads_the_same_checked_as_read() {
    let mut files = Vec::new();
    records(Path::new("fixtures"), &mut files);
    let own = files.len();
    assert!(own >= 7, "only {own} shogi fixtures");
    if let Some(dir) = common::corpus::path("shogi") {
        records(&dir, &mut files);
    }
    let mut checked = 0;
    for f in &files {
        let bytes = std::fs::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        checked += both_ways(f, &bytes).1;
    }
    assert!(
        checked >= own / 2,
        "{checked} of {} checked as read",
        files.len()
    );
}
