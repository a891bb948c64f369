//! `kifu index` and `kifu search` against a brute-force replay (#37 point 4): every
//! answer (the games, the move numbers, the moves played next) equals what replaying
//! every game of the collection and comparing whole boards finds — Go collections
//! with captures, handicap stones, rotated, mirrored and colour-swapped copies;
//! gomoku; shogi with captures, drops and hands, queried by SFEN.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use kifu::model::{Color, Point, Square};
use kifu::rules::go::{Board, Cell};
use kifu::rules::shogi::{to_sfen, Position};

fn kifu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
}

mod common;
use common::rng::Rng;

/// The 8 symmetries of an n × n board, written out here (not the library's).
fn sym(s: u8, (x, y): (u8, u8), n: u8) -> (u8, u8) {
    let m = n - 1;
    match s {
        0 => (x, y),
        1 => (m - y, x),
        2 => (m - x, m - y),
        3 => (y, m - x),
        4 => (m - x, y),
        5 => (x, m - y),
        6 => (y, x),
        _ => (m - y, m - x),
    }
}

/// A move: who played, and where (`None`: a pass).
type Stone = (Color, Option<(u8, u8)>);

/// A shogi game: its moves, and each position (SFEN) with the move played from it.
type ShogiGame = (Vec<kifu::model::ShogiMove>, Vec<(String, String)>);

/// A generated Go or gomoku game: setup stones, then moves (`None`: a pass).
#[derive(Clone)]
struct GridGame {
    n: u8,
    gomoku: bool,
    black_setup: Vec<(u8, u8)>,
    /// The setup stones are white (a colour-swapped copy).
    setup_white: bool,
    moves: Vec<Stone>,
    result: &'static str,
    black: String,
}

fn letter(v: u8) -> char {
    char::from(b'a' + v)
}

impl GridGame {
    fn sgf(&self) -> String {
        let mut s = format!(
            "(;GM[{}]FF[4]SZ[{}]PB[{}]PW[w]RE[{}]",
            if self.gomoku { 4 } else { 1 },
            self.n,
            self.black,
            self.result
        );
        if !self.black_setup.is_empty() {
            s.push_str(if self.setup_white { "AW" } else { "AB" });
            for &(x, y) in &self.black_setup {
                s.push_str(&format!("[{}{}]", letter(x), letter(y)));
            }
        }
        for (c, p) in &self.moves {
            let c = if *c == Color::Black { 'B' } else { 'W' };
            match p {
                Some((x, y)) => s.push_str(&format!(";{c}[{}{}]", letter(*x), letter(*y))),
                None => s.push_str(&format!(";{c}[]")),
            }
        }
        s.push(')');
        s
    }

    /// The game under symmetry `s`, colours swapped with `swap`.
    fn transformed(&self, s: u8, swap: bool) -> GridGame {
        let mut g = self.clone();
        g.black_setup = g.black_setup.iter().map(|&p| sym(s, p, g.n)).collect();
        g.moves = g
            .moves
            .iter()
            .map(|&(c, p)| {
                (
                    if swap { c.opponent() } else { c },
                    p.map(|p| sym(s, p, g.n)),
                )
            })
            .collect();
        g.setup_white ^= swap;
        g
    }

    /// Every position of the main line as a grid (0 empty, 1 black, 2 white), with
    /// the move played from it.
    fn replay(&self) -> Vec<(Vec<u8>, Option<Stone>)> {
        let n = self.n;
        let mut grid = vec![0u8; usize::from(n) * usize::from(n)];
        let mut board = Board::new(kifu::model::BoardSize::square(n));
        let (code, setup) = if self.setup_white {
            (2, Color::White)
        } else {
            (1, Color::Black)
        };
        for &(x, y) in &self.black_setup {
            grid[usize::from(y) * usize::from(n) + usize::from(x)] = code;
            board.setup(Point::new(x, y), Cell::Stone(setup)).unwrap();
        }
        let mut out = Vec::new();
        for &(c, p) in &self.moves {
            out.push((grid.clone(), Some((c, p))));
            if let Some((x, y)) = p {
                if self.gomoku {
                    grid[usize::from(y) * usize::from(n) + usize::from(x)] = 1 + c.index() as u8;
                } else {
                    board.play(Point::new(x, y), c).expect("a legal move");
                    for yy in 0..n {
                        for xx in 0..n {
                            grid[usize::from(yy) * usize::from(n) + usize::from(xx)] =
                                match board.at(Point::new(xx, yy)) {
                                    Cell::Empty => 0,
                                    Cell::Stone(Color::Black) => 1,
                                    Cell::Stone(Color::White) => 2,
                                };
                        }
                    }
                }
            }
        }
        out.push((grid, None));
        out
    }
}

/// A random legal game continuing `opening` for `len` more moves.
fn grid_game(rng: &mut Rng, opening: &GridGame, len: usize, name: String) -> GridGame {
    let mut g = opening.clone();
    let n = g.n;
    let mut board = Board::new(kifu::model::BoardSize::square(n));
    let mut filled = std::collections::HashSet::new();
    for &(x, y) in &g.black_setup {
        board
            .setup(Point::new(x, y), Cell::Stone(Color::Black))
            .unwrap();
        filled.insert((x, y));
    }
    let mut color = if g.black_setup.is_empty() {
        Color::Black
    } else {
        Color::White
    };
    for &(c, p) in &g.moves {
        if let Some((x, y)) = p {
            board.play(Point::new(x, y), c).unwrap();
            filled.insert((x, y));
        }
        color = c.opponent();
    }
    for _ in 0..len {
        let mut played = None;
        for _ in 0..60 {
            let p = (
                rng.below(usize::from(n)) as u8,
                rng.below(usize::from(n)) as u8,
            );
            if g.gomoku {
                if filled.insert(p) {
                    played = Some(p);
                    break;
                }
            } else if board.play(Point::new(p.0, p.1), color).is_ok() {
                played = Some(p);
                break;
            }
        }
        g.moves.push((color, played));
        color = color.opponent();
    }
    g.result = ["B+R", "W+R", "0", "W+2.5"][rng.below(4)];
    g.black = name;
    g
}

fn move_text(m: Option<Stone>) -> String {
    match m {
        None => "end".into(),
        Some((c, p)) => {
            let c = if c == Color::Black { "B" } else { "W" };
            match p {
                None => format!("{c} pass"),
                Some((x, y)) => format!("{c} {}{}", letter(x), letter(y)),
            }
        }
    }
}

/// One answer row: (path, game, ply) → the move played next.
type Rows = BTreeMap<(String, usize, u32), String>;

fn search_json(index: &Path, args: &[&str]) -> Rows {
    let out = kifu()
        .arg("search")
        .arg(index)
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut rows = Rows::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v["type"] == "game" {
            let key = (
                v["path"].as_str().unwrap().to_string(),
                v["game"].as_u64().unwrap() as usize,
                v["ply"].as_u64().unwrap() as u32,
            );
            assert!(
                rows.insert(key, v["next"].as_str().unwrap().to_string())
                    .is_none(),
                "one row per game and move number on a main line"
            );
        }
    }
    rows
}

fn index(paths: &[PathBuf], out: &Path, extra: &[&str]) {
    let o = kifu()
        .arg("index")
        .args(paths)
        .arg("-o")
        .arg(out)
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Writes games three to a file; returns each game's (path, number).
fn write_files(dir: &Path, stem: &str, texts: &[String]) -> (Vec<PathBuf>, Vec<(String, usize)>) {
    let mut files = Vec::new();
    let mut places = Vec::new();
    for (k, chunk) in texts.chunks(3).enumerate() {
        let path = dir.join(format!("{stem}{k:02}.sgf"));
        std::fs::write(&path, chunk.concat()).unwrap();
        for i in 0..chunk.len() {
            places.push((path.to_str().unwrap().to_string(), i + 1));
        }
        files.push(path);
    }
    (files, places)
}

/// Indexes generated grid games and checks every query against the brute force.
fn check_grid(n: u8, gomoku: bool, colours: bool, seed: u64) {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(seed);
    let mut games = Vec::new();
    for o in 0..4 {
        let mut opening = GridGame {
            n,
            gomoku,
            black_setup: if !gomoku && o == 3 {
                vec![(2, 2), (n - 3, n - 3)]
            } else {
                Vec::new()
            },
            setup_white: false,
            moves: Vec::new(),
            result: "",
            black: String::new(),
        };
        opening = grid_game(&mut rng, &opening, 2 + o, String::new());
        for k in 0..6 {
            let len = 20 + rng.below(40);
            let g = grid_game(&mut rng, &opening, len, format!("p{o}{k}"));
            let s = rng.below(8) as u8;
            let swap = colours && k % 3 == 2;
            games.push(g.transformed(s, swap));
        }
    }
    let texts: Vec<String> = games.iter().map(GridGame::sgf).collect();
    let (files, places) = write_files(dir.path(), "g", &texts);
    let db = dir.path().join("index.db");
    index(&files, &db, if colours { &["--colours"] } else { &[] });
    let replays: Vec<_> = games.iter().map(GridGame::replay).collect();
    let mut queries = 0;
    let mut multi = 0;
    for (qi, g) in games.iter().enumerate().step_by(2) {
        let len = g.moves.len();
        for ply in [0, 1, 2, 3, 5, len / 2, len] {
            // The query: the game itself, in its own file, at `ply`.
            let q = dir.path().join(format!("q{qi}.sgf"));
            std::fs::write(&q, g.sgf()).unwrap();
            let (qgrid, _) = &replays[qi][ply];
            let mut expected: BTreeMap<(String, usize, u32), BTreeSet<String>> = BTreeMap::new();
            for (gi, replay) in replays.iter().enumerate() {
                for (p, (grid, next)) in replay.iter().enumerate() {
                    for s in 0..8u8 {
                        for swap in [false, true] {
                            if swap && !colours {
                                continue;
                            }
                            let same = (0..n).all(|y| {
                                (0..n).all(|x| {
                                    let (tx, ty) = sym(s, (x, y), n);
                                    let v = grid[usize::from(y) * usize::from(n) + usize::from(x)];
                                    let v = if swap && v != 0 { 3 - v } else { v };
                                    qgrid[usize::from(ty) * usize::from(n) + usize::from(tx)] == v
                                })
                            });
                            if same {
                                let m = next.map(|(c, pt)| {
                                    (
                                        if swap { c.opponent() } else { c },
                                        pt.map(|pt| sym(s, pt, n)),
                                    )
                                });
                                let (path, number) = places[gi].clone();
                                expected
                                    .entry((path, number, p as u32))
                                    .or_default()
                                    .insert(move_text(m));
                            }
                        }
                    }
                }
            }
            let got = search_json(&db, &["--position", &format!("{}:{ply}", q.display())]);
            let got_keys: BTreeSet<_> = got.keys().cloned().collect();
            let want_keys: BTreeSet<_> = expected.keys().cloned().collect();
            assert_eq!(got_keys, want_keys, "query {qi} at move {ply}");
            for (k, next) in &got {
                assert!(
                    expected[k].contains(next),
                    "query {qi} at move {ply}, {k:?}: {next} not in {:?}",
                    expected[k]
                );
            }
            queries += 1;
            if got.len() > 1 {
                multi += 1;
            }
        }
    }
    assert!(queries >= 40, "{queries} queries");
    assert!(multi >= 10, "only {multi} queries found more than one game");
}

#[test]
fn go_answers_equal_a_brute_force_replay() {
    check_grid(9, false, false, 1);
    check_grid(19, false, false, 2);
}

#[test]
fn go_with_colours_merges_colour_swapped_positions() {
    check_grid(9, false, true, 3);
}

#[test]
fn gomoku_answers_equal_a_brute_force_replay() {
    check_grid(15, true, false, 4);
}

/// A shogi move as CSA writes it.
fn csa_move(m: &kifu::model::ShogiMove) -> String {
    let sign = if m.color == Color::Black { '+' } else { '-' };
    let from = m
        .from
        .map_or("00".to_string(), |s| format!("{}{}", s.file, s.rank));
    let piece = if m.promote {
        m.piece.promoted().unwrap_or(m.piece)
    } else {
        m.piece
    };
    format!("{sign}{from}{}{}{}", m.to.file, m.to.rank, piece.csa())
}

/// A shogi move as USI writes it (what `kifu search` prints).
fn usi(m: &kifu::model::ShogiMove) -> String {
    let sq = |s: Square| format!("{}{}", s.file, char::from(b'a' + s.rank - 1));
    match m.from {
        Some(f) => format!("{}{}{}", sq(f), sq(m.to), if m.promote { "+" } else { "" }),
        None => format!(
            "{}*{}",
            m.piece.sfen_letter().to_ascii_uppercase(),
            sq(m.to)
        ),
    }
}

/// SFEN without its move number.
fn sfen_key(p: &Position) -> String {
    let s = to_sfen(&p.to_model(), 1);
    s.rsplit_once(' ').unwrap().0.to_string()
}

#[test]
fn shogi_answers_equal_a_brute_force_replay() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(5);
    let start = kifu::model::Handicap::Even.position();
    // (moves, positions as SFEN keys with the move played next)
    let mut games: Vec<ShogiGame> = Vec::new();
    let mut drops = 0;
    for o in 0..4 {
        let mut opening = Vec::new();
        let mut pos = Position::from_model(&start);
        for _ in 0..(1 + o) {
            let legal = pos.legal_moves();
            let m = legal[rng.below(legal.len())];
            pos.make(&m);
            opening.push(m);
        }
        for _ in 0..5 {
            let mut pos = Position::from_model(&start);
            let mut moves = Vec::new();
            let mut seen = Vec::new();
            for m in &opening {
                seen.push((sfen_key(&pos), usi(m)));
                pos.make(m);
                moves.push(*m);
            }
            for _ in 0..(30 + rng.below(60)) {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.below(legal.len())];
                if m.from.is_none() {
                    drops += 1;
                }
                seen.push((sfen_key(&pos), usi(&m)));
                pos.make(&m);
                moves.push(m);
            }
            seen.push((sfen_key(&pos), "end".into()));
            games.push((moves, seen));
        }
    }
    assert!(drops > 5, "only {drops} drops");
    let texts: Vec<String> = games
        .iter()
        .enumerate()
        .map(|(i, (moves, _))| {
            let mut s = format!("V2.2\nN+s{i}\nN-g{i}\nPI\n+\n");
            for m in moves {
                s.push_str(&csa_move(m));
                s.push('\n');
            }
            s.push_str("%TORYO\n");
            s
        })
        .collect();
    let mut files = Vec::new();
    let mut places = Vec::new();
    for (k, chunk) in texts.chunks(3).enumerate() {
        let path = dir.path().join(format!("s{k:02}.csa"));
        std::fs::write(&path, chunk.join("/\n")).unwrap();
        for i in 0..chunk.len() {
            places.push((path.to_str().unwrap().to_string(), i + 1));
        }
        files.push(path);
    }
    let db = dir.path().join("index.db");
    index(&files, &db, &[]);
    let mut multi = 0;
    for (qi, (_, seen)) in games.iter().enumerate() {
        for ply in [0, 1, 2, 4, 9, seen.len() / 2, seen.len() - 1] {
            let Some((key, _)) = seen.get(ply) else {
                continue;
            };
            let mut expected = Rows::new();
            for (gi, (_, positions)) in games.iter().enumerate() {
                for (p, (k, next)) in positions.iter().enumerate() {
                    if k == key {
                        let (path, number) = places[gi].clone();
                        expected.insert((path, number, p as u32), next.clone());
                    }
                }
            }
            let got = search_json(&db, &["--sfen", &format!("{key} 1")]);
            assert_eq!(got, expected, "game {qi} at move {ply}");
            if got.len() > 1 {
                multi += 1;
            }
        }
    }
    assert!(multi >= 10, "only {multi} queries found more than one game");
}

/// The summary line `kifu index` prints.
fn index_line(paths: &[PathBuf], out: &Path) -> String {
    let o = kifu()
        .arg("index")
        .args(paths)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// The games (path, game, move number) a query finds.
fn found(db: &Path, query: &Path) -> BTreeSet<(String, usize, u32)> {
    search_json(db, &["--position", query.to_str().unwrap()])
        .into_keys()
        .collect()
}

#[test]
fn a_second_run_reads_only_new_and_changed_files_and_drops_removed_ones() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let a = d.join("a.sgf");
    let b = d.join("b.sgf");
    let c = d.join("c.sgf");
    std::fs::write(&a, "(;SZ[9]PB[a];B[cc];W[gg])").unwrap();
    std::fs::write(&b, "(;SZ[9]PB[b];B[gg];W[cc])").unwrap();
    let q = d.join("q.sgf");
    std::fs::write(&q, "(;SZ[9];B[cc])").unwrap();
    let db = d.join("i.db");
    let pa = a.to_str().unwrap().to_string();
    let pb = b.to_str().unwrap().to_string();
    let pc = c.to_str().unwrap().to_string();
    assert_eq!(
        index_line(&[a.clone(), b.clone()], &db),
        "2 file(s) read (2 games), 0 unchanged, 0 removed; the index holds 2 file(s), 2 game(s), 6 position(s)\n"
    );
    let both: BTreeSet<_> = [(pa.clone(), 1, 1), (pb.clone(), 1, 1)].into();
    assert_eq!(found(&db, &q), both);
    // Unchanged: not read.
    assert_eq!(
        index_line(&[a.clone(), b.clone()], &db),
        "0 file(s) read (0 games), 2 unchanged, 0 removed; the index holds 2 file(s), 2 game(s), 6 position(s)\n"
    );
    // Other bytes of the same size under the old time: still not read (the proof
    // that size and time alone decide), so the answer is the old one.
    let time = std::fs::metadata(&a).unwrap().modified().unwrap();
    std::fs::write(&a, "(;SZ[9]PB[a];B[dd];W[gg])").unwrap();
    std::fs::File::options()
        .write(true)
        .open(&a)
        .unwrap()
        .set_modified(time)
        .unwrap();
    assert!(index_line(&[a.clone(), b.clone()], &db)
        .starts_with("0 file(s) read (0 games), 2 unchanged"));
    assert_eq!(found(&db, &q), both);
    // A new time: the bytes are hashed, they differ, the file is read again.
    std::fs::File::options()
        .write(true)
        .open(&a)
        .unwrap()
        .set_modified(time + std::time::Duration::from_secs(5))
        .unwrap();
    assert!(index_line(&[a.clone(), b.clone()], &db)
        .starts_with("1 file(s) read (1 games), 1 unchanged, 0 removed"));
    assert_eq!(found(&db, &q), [(pb.clone(), 1, 1)].into());
    // Same bytes, new time: hashed alike, only touched.
    std::fs::File::options()
        .write(true)
        .open(&a)
        .unwrap()
        .set_modified(time + std::time::Duration::from_secs(9))
        .unwrap();
    assert!(index_line(&[a.clone(), b.clone()], &db)
        .starts_with("0 file(s) read (0 games), 2 unchanged"));
    // A new file, and one gone.
    std::fs::write(&c, "(;SZ[9]PB[c];B[cg])").unwrap();
    assert_eq!(
        index_line(&[a.clone(), c.clone()], &db),
        "1 file(s) read (1 games), 1 unchanged, 1 removed; the index holds 2 file(s), 2 game(s), 5 position(s)\n"
    );
    assert_eq!(found(&db, &q), [(pc.clone(), 1, 1)].into());
    // Other options: everything is read again.
    let o = kifu()
        .args(["index", "--colours", "-o"])
        .arg(&db)
        .arg(&a)
        .arg(&c)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "2 file(s) read (2 games), 0 unchanged, 0 removed; the index holds 2 file(s), 2 game(s), 5 position(s)\n"
    );
}

/// Every game row of a query's NDJSON, sorted: (game, move number, next).
fn all_rows(db: &Path, query: &Path) -> Vec<(usize, u64, String)> {
    let out = kifu()
        .arg("search")
        .arg(db)
        .args(["--json", "--position", query.to_str().unwrap()])
        .output()
        .unwrap();
    let mut rows: Vec<(usize, u64, String)> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["type"] == "game")
        .map(|v| {
            (
                v["game"].as_u64().unwrap() as usize,
                v["ply"].as_u64().unwrap(),
                v["next"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    rows.sort();
    rows
}

#[test]
fn variations_are_indexed_with_every_move_played_next() {
    let dir = tempfile::tempdir().unwrap();
    let g = dir.path().join("v.sgf");
    // Game 2 is game 1 turned half way (cc <-> gg), with other variations.
    std::fs::write(
        &g,
        "(;SZ[9];B[cc](;W[gg];B[dd])(;W[ee];B[ff]))(;SZ[9];B[gg](;W[cc])(;W[ff]))",
    )
    .unwrap();
    let q = dir.path().join("q.sgf");
    std::fs::write(&q, "(;SZ[9];B[cc])").unwrap();
    let main = dir.path().join("main.db");
    index(std::slice::from_ref(&g), &main, &[]);
    let all = dir.path().join("all.db");
    index(std::slice::from_ref(&g), &all, &["--variations"]);
    let row = |game: usize, next: &str| (game, 1u64, next.to_string());
    assert_eq!(all_rows(&main, &q), vec![row(1, "W gg"), row(2, "W gg")]);
    // Game 2's W ff is W dd in the query's frame.
    assert_eq!(
        all_rows(&all, &q),
        vec![
            row(1, "W ee"),
            row(1, "W gg"),
            row(2, "W dd"),
            row(2, "W gg")
        ]
    );
    // A position only a variation reaches.
    let v = dir.path().join("var.sgf");
    std::fs::write(&v, "(;SZ[9];B[cc];W[ee])").unwrap();
    assert_eq!(all_rows(&main, &v), vec![]);
    assert_eq!(all_rows(&all, &v), vec![(1, 2, "B ff".to_string())]);
}

/// `kifu show`'s text diagram of a record, given back to `--setup` (from standard
/// input), finds what `--position` finds; for shogi its Kakinoki board, the side to
/// move taken from the move number under it.
#[test]
fn setup_diagrams_as_kifu_show_prints_them_find_the_same_games() {
    let dir = tempfile::tempdir().unwrap();
    let go = dir.path().join("go.sgf");
    std::fs::write(
        &go,
        "(;SZ[9]PB[a]RE[B+R];B[cc];W[gg];B[gc];W[cg])(;SZ[9]PB[b]RE[W+R];B[gg];W[cc];B[cg];W[gc];B[ee])",
    )
    .unwrap();
    let shogi = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/shogi/opening.csa");
    let db = dir.path().join("i.db");
    index(&[go.clone(), shogi.clone()], &db, &[]);
    let setup_rows = |record: &Path, moves: u32| {
        let shown = kifu()
            .arg("show")
            .arg(record)
            .args(["--move", &moves.to_string()])
            .output()
            .unwrap();
        assert_eq!(shown.status.code(), Some(0));
        let mut child = kifu()
            .arg("search")
            .arg(&db)
            .args(["--setup", "-", "--json"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(&shown.stdout)
            .unwrap();
        let out = child.wait_with_output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let position_rows = |record: &Path, moves: u32| {
        let out = kifu()
            .arg("search")
            .arg(&db)
            .args([
                "--json",
                "--position",
                &format!("{}:{moves}", record.display()),
            ])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    for moves in [2, 3, 4] {
        let want = position_rows(&go, moves);
        assert!(want.contains("\"type\":\"game\""), "{want}");
        assert_eq!(setup_rows(&go, moves), want, "Go after {moves} moves");
    }
    for moves in [0, 3, 4, 7] {
        let want = position_rows(&shogi, moves);
        assert!(want.contains("\"type\":\"game\""), "{want}");
        assert_eq!(setup_rows(&shogi, moves), want, "shogi after {moves} moves");
    }
}

#[test]
fn the_filters_of_kifu_filter_select_the_games_and_the_table_counts_results() {
    let dir = tempfile::tempdir().unwrap();
    let g = dir.path().join("g.sgf");
    std::fs::write(
        &g,
        "(;SZ[9]PB[Lee]PW[Cho]DT[2001-05-01]EV[Kisei]RE[B+R];B[cc];W[gg])\
         (;SZ[9]PB[Cho]PW[Lee]DT[2010-01-01]EV[Meijin]RE[W+R];B[cc];W[gc])\
         (;SZ[9]PB[Park]PW[Lee]DT[2012-01-01]EV[Kisei]RE[B+3.5];B[cc];W[gg])",
    )
    .unwrap();
    let q = dir.path().join("q.sgf");
    std::fs::write(&q, "(;SZ[9];B[cc])").unwrap();
    let db = dir.path().join("i.db");
    index(std::slice::from_ref(&g), &db, &[]);
    let run = |args: &[&str]| {
        let out = kifu()
            .arg("search")
            .arg(&db)
            .args(["--position", q.to_str().unwrap()])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    let p = g.display();
    assert_eq!(
        run(&[]),
        format!(
            "{p}:1  after move 1  Lee – Cho  2001-05-01  B+R  next W gg\n\
             {p}:2  after move 1  Cho – Lee  2010-01-01  W+R  next W gc\n\
             {p}:3  after move 1  Park – Lee  2012-01-01  B+3.5  next W gg\n\
             \n\
             next       count  black wins  white wins  other   share\n\
             W gg           2           2           0      0   66.7%\n\
             W gc           1           0           1      0   33.3%\n\
             3 position(s) found in 3 game(s) (hash {})\n",
            run(&["--json"])
                .lines()
                .last()
                .unwrap()
                .split('"')
                .nth(7)
                .unwrap()
        )
    );
    let games = |args: &[&str]| -> Vec<usize> {
        let mut a = vec!["--json"];
        a.extend_from_slice(args);
        run(&a)
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|v| v["type"] == "game")
            .map(|v| v["game"].as_u64().unwrap() as usize)
            .collect()
    };
    assert_eq!(games(&["--black", "lee"]), vec![1]);
    assert_eq!(games(&["--player", "LEE"]), vec![1, 2, 3]);
    assert_eq!(games(&["--winner", "white"]), vec![2]);
    assert_eq!(games(&["--event", "kisei"]), vec![1, 3]);
    assert_eq!(games(&["--date", "2005..2011"]), vec![2]);
    assert_eq!(games(&["--moves", "3.."]), Vec::<usize>::new());
    assert_eq!(games(&["--kind", "shogi"]), Vec::<usize>::new());
    // The table counts only the games kept.
    assert!(run(&["--json", "--event", "kisei"]).contains(
        "{\"type\":\"next\",\"move\":\"W gg\",\"count\":2,\"black_wins\":2,\"white_wins\":0,\"other\":0,\"share\":1.0}"
    ));
}

/// A game's main line as the test replays it: Go grids (with the board's size), or
/// shogi SFEN keys, one per move number, up to the first move its position cannot take
/// (the index's rule for lines); `None` for a game with setup after its root (one
/// move number would then stand for two positions).
enum Line {
    Go(u8, Vec<Vec<u8>>),
    Shogi(Vec<String>),
}

fn line_of(game: &kifu::model::Game) -> Option<Line> {
    use kifu::model::{GameKind, Move};
    match &game.kind {
        GameKind::Go { size } if size.width == size.height => {
            let n = size.width;
            let mut board = Board::new(*size);
            let mut grids = Vec::new();
            let grid = |b: &Board| -> Vec<u8> {
                let mut g = vec![0u8; usize::from(n) * usize::from(n)];
                for y in 0..n {
                    for x in 0..n {
                        g[usize::from(y) * usize::from(n) + usize::from(x)] =
                            match b.at(Point::new(x, y)) {
                                Cell::Empty => 0,
                                Cell::Stone(Color::Black) => 1,
                                Cell::Stone(Color::White) => 2,
                            };
                    }
                }
                g
            };
            for (k, (_, node)) in game.tree.main_line().enumerate() {
                if !node.setup.is_empty() {
                    if k > 0 {
                        return None;
                    }
                    for &p in &node.setup.add_black {
                        board.setup(p, Cell::Stone(Color::Black)).ok()?;
                    }
                    for &p in &node.setup.add_white {
                        board.setup(p, Cell::Stone(Color::White)).ok()?;
                    }
                }
                match &node.mv {
                    Some(Move::Stone(m)) => {
                        grids.push(grid(&board));
                        match m.point {
                            Some(p) => {
                                if board.play(p, m.color).is_err() {
                                    return Some(Line::Go(n, grids));
                                }
                            }
                            None => board.pass(),
                        }
                    }
                    Some(_) => return None,
                    None => {}
                }
            }
            grids.push(grid(&board));
            Some(Line::Go(n, grids))
        }
        GameKind::Shogi => {
            let start = game
                .info
                .shogi_start
                .as_ref()
                .map_or_else(|| kifu::model::Handicap::Even.position(), |s| s.position());
            let mut pos = Position::from_model(&start);
            let mut keys = Vec::new();
            for (_, node) in game.tree.main_line() {
                if let Some(Move::Shogi(m)) = &node.mv {
                    keys.push(sfen_key(&pos));
                    let mv = pos.build_move(m.color, m.from, m.to, m.piece, m.promote);
                    if pos.check_structure(&mv).is_err() {
                        return Some(Line::Shogi(keys));
                    }
                    pos.make(&mv);
                }
            }
            keys.push(sfen_key(&pos));
            Some(Line::Shogi(keys))
        }
        _ => None,
    }
}

fn same_position(a: &Line, at: usize, b: &Line, bt: usize) -> bool {
    match (a, b) {
        (Line::Go(n, ga), Line::Go(m, gb)) if n == m => {
            let (Some(qa), Some(qb)) = (ga.get(at), gb.get(bt)) else {
                return false;
            };
            (0..8u8).any(|s| {
                (0..*n).all(|y| {
                    (0..*n).all(|x| {
                        let (tx, ty) = sym(s, (x, y), *n);
                        qa[usize::from(y) * usize::from(*n) + usize::from(x)]
                            == qb[usize::from(ty) * usize::from(*n) + usize::from(tx)]
                    })
                })
            })
        }
        (Line::Shogi(ka), Line::Shogi(kb)) => ka.get(at).is_some() && ka.get(at) == kb.get(bt),
        _ => false,
    }
}

/// The games of a record file, read by the library.
fn games_of(path: &Path) -> Vec<kifu::model::Game> {
    let bytes = std::fs::read(path).unwrap();
    let input = kifu::Input {
        bytes: bytes.into(),
        path: Some(path),
        format: None,
        encoding: None,
    };
    kifu::read(&input)
        .map(|r| r.parsed.collection.games)
        .unwrap_or_default()
}

/// On the real records of the corpus (Go SGF and shogi, when present): each first
/// game's positions are found in that game at that move, and every game an answer
/// names really reached the position (a replay compares whole boards or SFEN).
#[test]
fn on_the_real_corpus_every_answer_is_a_game_that_reached_the_position() {
    let (Some(sgf), Some(shogi)) = (common::corpus::path("sgf"), common::corpus::path("shogi"))
    else {
        return;
    };
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(&sgf)
        .into_iter()
        .chain(walkdir::WalkDir::new(&shogi))
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| {
            p.extension()
                .is_some_and(|e| ["sgf", "kif", "csa", "ki2"].contains(&e.to_str().unwrap_or("")))
        })
        .collect();
    files.sort();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("corpus.db");
    // Some corpus files are broken on purpose: kifu index reports them (exit 1).
    let o = kifu()
        .arg("index")
        .args(&files)
        .arg("-o")
        .arg(&db)
        .output()
        .unwrap();
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let mut lines: std::collections::HashMap<(String, usize), Option<Line>> =
        std::collections::HashMap::new();
    let mut checked = 0;
    for f in &files {
        let Some(first) = games_of(f).into_iter().next() else {
            continue;
        };
        let Some(line) = line_of(&first) else {
            continue;
        };
        let len = match &line {
            Line::Go(_, g) => g.len(),
            Line::Shogi(k) => k.len(),
        };
        for ply in [0, 1, len / 2, len.saturating_sub(1)] {
            if ply >= len {
                continue;
            }
            let out = kifu()
                .arg("search")
                .arg(&db)
                .args(["--json", "--position", &format!("{}:{ply}", f.display())])
                .output()
                .unwrap();
            if out.status.code() != Some(0) {
                continue;
            }
            let rows: Vec<serde_json::Value> = String::from_utf8(out.stdout)
                .unwrap()
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .filter(|v: &serde_json::Value| v["type"] == "game")
                .collect();
            let me = f.to_str().unwrap();
            assert!(
                rows.iter()
                    .any(|v| v["path"] == me && v["game"] == 1 && v["ply"] == ply as u64),
                "{me} at move {ply}: the game itself is not found"
            );
            for v in &rows {
                let path = v["path"].as_str().unwrap();
                let game = v["game"].as_u64().unwrap() as usize;
                let at = v["ply"].as_u64().unwrap() as usize;
                let Some(other) = lines
                    .entry((path.to_string(), game))
                    .or_insert_with(|| games_of(Path::new(path)).get(game - 1).and_then(line_of))
                    .as_ref()
                else {
                    // A game with setup after its root: not replayed here.
                    continue;
                };
                assert!(
                    same_position(&line, ply, other, at),
                    "{me} at move {ply}: {path}:{game} at move {at} is another position"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} queries on the corpus");
}

#[test]
fn a_move_in_the_root_node_is_played_from_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let g = dir.path().join("r.sgf");
    std::fs::write(&g, "(;SZ[9]B[cc];W[gg])").unwrap();
    let q = dir.path().join("q.sgf");
    std::fs::write(&q, "(;SZ[9]AB[ee])").unwrap();
    let db = dir.path().join("i.db");
    index(std::slice::from_ref(&g), &db, &[]);
    let empty = dir.path().join("e.sgf");
    std::fs::write(&empty, "(;SZ[9])").unwrap();
    assert_eq!(all_rows(&db, &empty), vec![(1, 0, "B cc".to_string())]);
    assert_eq!(all_rows(&db, &q), vec![]);
}
