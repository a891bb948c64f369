//! `kifu search --pattern RECORD:MOVE --region A1:E5` (#37 point 4) against a brute
//! force: every game of a generated Go collection (random games with captures,
//! passes and handicap stones) is replayed, and at every position every placement of
//! the region on the board under every symmetry (and colour swap, for an index built
//! with `--colours`) is compared cell by cell. The hits (game, move number, the
//! next move inside the window) must be the same, row for row.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use kifu::model::{BoardSize, Color, Point};
use kifu::rules::go::{Board, Cell};

fn kifu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
}

mod common;
use common::rng::Rng;

/// A generated game: handicap stones, then moves (`None`: a pass).
struct Game {
    setup: Vec<(i32, i32)>,
    moves: Vec<Played>,
}

fn letter(v: i32) -> char {
    char::from(b'a' + v as u8)
}

fn sgf(g: &Game, n: i32) -> String {
    let mut s = format!("(;GM[1]FF[4]SZ[{n}]PB[b]PW[w]RE[B+R]");
    if !g.setup.is_empty() {
        s.push_str("AB");
        for &(x, y) in &g.setup {
            s.push_str(&format!("[{}{}]", letter(x), letter(y)));
        }
    }
    for &(c, p) in &g.moves {
        let c = if c == Color::Black { 'B' } else { 'W' };
        match p {
            None => s.push_str(&format!(";{c}[]")),
            Some((x, y)) => s.push_str(&format!(";{c}[{}{}]", letter(x), letter(y))),
        }
    }
    s.push_str(")\n");
    s
}

/// A random legal game on an n × n board (captures by the rules' board).
fn random_game(rng: &mut Rng, n: i32) -> Game {
    let size = BoardSize::square(n as u8);
    let mut board = Board::new(size);
    let mut g = Game {
        setup: Vec::new(),
        moves: Vec::new(),
    };
    let mut color = Color::Black;
    if rng.below(4) == 0 {
        for &(x, y) in &[(2, 2), (n - 3, n - 3), (2, n - 3)][..1 + rng.below(3)] {
            g.setup.push((x, y));
            board
                .setup(Point::new(x as u8, y as u8), Cell::Stone(Color::Black))
                .unwrap();
        }
        color = Color::White;
    }
    let len = 30 + rng.below(90);
    while g.moves.len() < len {
        if rng.below(40) == 0 {
            board.pass();
            g.moves.push((color, None));
        } else {
            let mut placed = false;
            for _ in 0..20 {
                let (x, y) = (rng.below(n as usize) as i32, rng.below(n as usize) as i32);
                if board.play(Point::new(x as u8, y as u8), color).is_ok() {
                    g.moves.push((color, Some((x, y))));
                    placed = true;
                    break;
                }
            }
            if !placed {
                board.pass();
                g.moves.push((color, None));
            }
        }
        color = color.opponent();
    }
    g
}

/// The symmetries of a w × h grid, written out here (signed: a point off a side
/// lands off the image's side).
fn sym(s: u8, (x, y): (i32, i32), w: i32, h: i32) -> (i32, i32) {
    let (mx, my) = (w - 1, h - 1);
    match s {
        0 => (x, y),
        1 => (my - y, x),
        2 => (mx - x, my - y),
        3 => (y, mx - x),
        4 => (mx - x, y),
        5 => (x, my - y),
        6 => (y, x),
        _ => (my - y, mx - x),
    }
}

/// A move: who played, and where (`None`: a pass).
type Played = (Color, Option<(i32, i32)>);

/// The windows (x, y, w, h) matching a position, each with the (symmetry, swap)
/// that match there.
type Placements = BTreeMap<(i32, i32, i32, i32), Vec<(u8, bool)>>;

/// Each position of a game's line (the board before each move, and at the end),
/// as cells (0 empty, 1 black, 2 white), with the move played from it.
fn positions(g: &Game, n: i32) -> Vec<(Vec<u8>, Option<Played>)> {
    let mut board = Board::new(BoardSize::square(n as u8));
    for &(x, y) in &g.setup {
        board
            .setup(Point::new(x as u8, y as u8), Cell::Stone(Color::Black))
            .unwrap();
    }
    let cells = |b: &Board| -> Vec<u8> {
        (0..n)
            .flat_map(|y| (0..n).map(move |x| (x, y)))
            .map(|(x, y)| match b.at(Point::new(x as u8, y as u8)) {
                Cell::Stone(Color::Black) => 1,
                Cell::Stone(Color::White) => 2,
                Cell::Empty => 0,
            })
            .collect()
    };
    let mut out = Vec::new();
    for &(c, p) in &g.moves {
        out.push((cells(&board), Some((c, p))));
        match p {
            None => board.pass(),
            Some((x, y)) => {
                board.play(Point::new(x as u8, y as u8), c).unwrap();
            }
        }
    }
    out.push((cells(&board), None));
    out
}

/// A pattern: the region [x0, x1] × [y0, y1] of an n × n position.
struct Query {
    cells: Vec<u8>,
    x0: i32,
    y0: i32,
    w: i32,
    h: i32,
}

/// The placements of the query matching a position: for each window (x, y, w, h),
/// the (symmetry, swap) that match there.
fn placements(q: &Query, n: i32, board: &[u8], colours: bool) -> Placements {
    let mut out = Placements::new();
    let at = |x: i32, y: i32| -> Option<u8> {
        (x >= 0 && y >= 0 && x < n && y < n).then(|| board[(y * n + x) as usize])
    };
    for swap in [false, true] {
        if swap && !colours {
            continue;
        }
        for s in 0..8u8 {
            let (tw, th) = if matches!(s, 1 | 3 | 6 | 7) {
                (q.h, q.w)
            } else {
                (q.w, q.h)
            };
            for oy in 0..=n - th {
                for ox in 0..=n - tw {
                    let mut ok = true;
                    'cells: for j in 0..q.h {
                        for i in 0..q.w {
                            let (tx, ty) = sym(s, (i, j), q.w, q.h);
                            let mut want = q.cells[((q.y0 + j) * n + q.x0 + i) as usize];
                            if swap && want != 0 {
                                want = 3 - want;
                            }
                            if at(ox + tx, oy + ty) != Some(want) {
                                ok = false;
                                break 'cells;
                            }
                            // A side of the region on the query's edge: the point
                            // beyond it must be off the game's board too.
                            let beyond = [
                                (q.x0 + i == 0 && i == 0, (i - 1, j)),
                                (q.x0 + i == n - 1 && i == q.w - 1, (i + 1, j)),
                                (q.y0 + j == 0 && j == 0, (i, j - 1)),
                                (q.y0 + j == n - 1 && j == q.h - 1, (i, j + 1)),
                            ];
                            for (edge, p) in beyond {
                                if edge {
                                    let (bx, by) = sym(s, p, q.w, q.h);
                                    if at(ox + bx, oy + by).is_some() {
                                        ok = false;
                                        break 'cells;
                                    }
                                }
                            }
                        }
                    }
                    if ok {
                        out.entry((ox, oy, tw, th)).or_default().push((s, swap));
                    }
                }
            }
        }
    }
    out
}

/// The brute force: every hit as (game, ply, next move text), sorted.
fn brute(games: &[Game], n: i32, q: &Query, colours: bool) -> Vec<(usize, u32, String)> {
    let mut rows = Vec::new();
    for (k, g) in games.iter().enumerate() {
        let pos = positions(g, n);
        let mut before = Placements::new();
        for (ply, (board, _)) in pos.iter().enumerate() {
            let now = placements(q, n, board, colours);
            for (win, ways) in &now {
                if before.contains_key(win) {
                    continue;
                }
                // The first later move inside the window, on the query's board.
                let (ox, oy, tw, th) = *win;
                let mut next = "end".to_string();
                for (_, m) in pos.iter().skip(ply) {
                    let Some((c, Some((x, y)))) = *m else {
                        continue;
                    };
                    if x < ox || y < oy || x >= ox + tw || y >= oy + th {
                        continue;
                    }
                    let mut best: Option<(i32, u8)> = None;
                    for &(s, swap) in ways {
                        for j in 0..q.h {
                            for i in 0..q.w {
                                let (tx, ty) = sym(s, (i, j), q.w, q.h);
                                if (ox + tx, oy + ty) == (x, y) {
                                    let idx = (q.y0 + j) * n + q.x0 + i;
                                    let colour = (c == Color::White) as u8 ^ swap as u8;
                                    if best.is_none_or(|b| (idx, colour) < b) {
                                        best = Some((idx, colour));
                                    }
                                }
                            }
                        }
                    }
                    let (idx, colour) = best.unwrap();
                    next = format!(
                        "{} {}{}",
                        if colour == 1 { "W" } else { "B" },
                        letter(idx % n),
                        letter(idx / n)
                    );
                    break;
                }
                rows.push((k + 1, ply as u32, next));
            }
            before = now;
        }
    }
    rows.sort();
    rows
}

fn search(db: &Path, record: &Path, moves: usize, region: &str) -> Vec<(usize, u32, String)> {
    let out = kifu()
        .arg("search")
        .arg(db)
        .arg("--pattern")
        .arg(format!("{}:{moves}", record.display()))
        .args(["--region", region, "--json"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut rows = Vec::new();
    let mut found = None;
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v["type"] == "game" {
            rows.push((
                v["game"].as_u64().unwrap() as usize,
                v["ply"].as_u64().unwrap() as u32,
                v["next"].as_str().unwrap().to_string(),
            ));
        }
        if v["type"] == "summary" {
            assert_eq!(v["pattern"], region);
            found = v["found"].as_u64();
        }
    }
    assert_eq!(found, Some(rows.len() as u64));
    rows.sort();
    rows
}

/// Diagram coordinates of a point (`A`–`T` without `I`, rows from the bottom).
fn coord(x: i32, y: i32, n: i32) -> String {
    let letters = "ABCDEFGHJKLMNOPQRST";
    format!("{}{}", &letters[x as usize..x as usize + 1], n - y)
}

fn check(n: i32, colours: bool, seed: u64) {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(seed);
    let games: Vec<Game> = (0..60).map(|_| random_game(&mut rng, n)).collect();
    let file = dir.path().join("games.sgf");
    std::fs::write(&file, games.iter().map(|g| sgf(g, n)).collect::<String>()).unwrap();
    let db = dir.path().join("index.db");
    let mut args = vec!["index".to_string(), file.display().to_string()];
    args.extend(["-o".into(), db.display().to_string()]);
    if colours {
        args.push("--colours".into());
    }
    let o = kifu().args(&args).output().unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let mut total = 0;
    let mut queries = 0;
    while queries < 14 {
        let g = &games[rng.below(games.len())];
        let moves = rng.below(g.moves.len() + 1);
        let (board, _) = &positions(g, n)[moves];
        let w = 1 + rng.below(4) as i32;
        let h = 1 + rng.below(4) as i32;
        // Corners and sides half the time.
        let x0 = match rng.below(4) {
            0 => 0,
            1 => n - w,
            _ => rng.below((n - w + 1) as usize) as i32,
        };
        let y0 = match rng.below(4) {
            0 => 0,
            1 => n - h,
            _ => rng.below((n - h + 1) as usize) as i32,
        };
        let q = Query {
            cells: board.clone(),
            x0,
            y0,
            w,
            h,
        };
        let stones = (0..h)
            .flat_map(|j| (0..w).map(move |i| (i, j)))
            .any(|(i, j)| board[((y0 + j) * n + x0 + i) as usize] != 0);
        if !stones {
            continue;
        }
        queries += 1;
        let record = dir.path().join(format!("q{queries}.sgf"));
        std::fs::write(&record, sgf(g, n)).unwrap();
        let region = format!("{}:{}", coord(x0, y0 + h - 1, n), coord(x0 + w - 1, y0, n));
        let expected = brute(&games, n, &q, colours);
        let got = search(&db, &record, moves, &region);
        assert_eq!(got, expected, "region {region} after move {moves}");
        total += expected.len();
    }
    assert!(
        total > 50,
        "the queries found too little to prove anything: {total}"
    );
}

#[test]
fn go_patterns_equal_a_brute_force_on_9x9() {
    check(9, false, 7);
}

#[test]
fn go_patterns_with_colours_swapped_equal_a_brute_force() {
    check(9, true, 11);
}

#[test]
fn go_patterns_on_13x13_equal_a_brute_force() {
    check(13, false, 5);
}

#[test]
fn a_region_without_a_stone_off_the_board_or_not_go_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("g.sgf");
    std::fs::write(&record, "(;GM[1]SZ[9];B[cc];W[gg])\n").unwrap();
    let db = dir.path().join("i.db");
    let o = kifu()
        .arg("index")
        .arg(&record)
        .arg("-o")
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    for (region, message) in [
        (
            "A1:B2",
            "error: --pattern REC:2 --region A1:B2: the region A1:B2 holds no stone\n(see kifu --help)\n",
        ),
        (
            "A1:Z9",
            "error: --pattern REC:2 --region A1:Z9: \"Z9\" is not a point of a 9x9 board\n(see kifu --help)\n",
        ),
    ] {
        let o = kifu()
            .arg("search")
            .arg(&db)
            .arg("--pattern")
            .arg(format!("{}:2", record.display()))
            .args(["--region", region])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2));
        let err = String::from_utf8(o.stderr)
            .unwrap()
            .replace(&record.display().to_string(), "REC");
        assert_eq!(err, message);
    }
    // A gomoku record gives no pattern.
    let gomoku = dir.path().join("gomoku.sgf");
    std::fs::write(&gomoku, "(;GM[4]SZ[15];B[hh];W[hi])\n").unwrap();
    let o = kifu()
        .arg("search")
        .arg(&db)
        .arg("--pattern")
        .arg(format!("{}:1", gomoku.display()))
        .args(["--region", "A1:C3"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(o.stderr)
            .unwrap()
            .replace(&gomoku.display().to_string(), "GM"),
        "error: --pattern GM:1 --region A1:C3: a pattern is searched in Go games only\n(see kifu --help)\n"
    );
    // The corner with C7 is found where it is, once (its diagonal symmetry
    // matches the same window), with no later move inside it; the same corner after
    // move 2 appeared at move 1 and is not a new hit.
    for moves in [1, 2] {
        let o = kifu()
            .arg("search")
            .arg(&db)
            .arg("--pattern")
            .arg(format!("{}:{moves}", record.display()))
            .args(["--region", "A9:C7"])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0));
        let out = String::from_utf8(o.stdout)
            .unwrap()
            .replace(&record.display().to_string(), "REC");
        assert_eq!(
            out,
            "REC:1  after move 1  ? – ?  -  -  next end\n\n\
             next       count  black wins  white wins  other   share\n\
             end            1           0           0      1  100.0%\n\
             1 position(s) found in 1 game(s) (pattern A9:C7)\n"
        );
    }
}
