//! `kifu positions` (#36 point 3): the records written, byte for byte, the filters
//! and their report.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kifu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kifu-positions-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("written");
    p
}

fn run(args: &[&str]) -> Output {
    kifu().args(args).output().expect("kifu runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A floodgate-style CSA game: ratings, each move with its `'**` score (sente's).
fn floodgate(black_rate: &str, white_rate: &str, moves: &[(&str, i32)], end: &str) -> String {
    let mut t = String::from("V2.2\nN+A\nN-B\nPI\n+\n");
    t.push_str(&format!(
        "'black_rate:A+0123:{black_rate}\n'white_rate:B+4567:{white_rate}\n"
    ));
    for (m, score) in moves {
        t.push_str(&format!("{m}\nT1\n'** {score}\n"));
    }
    t.push_str(end);
    t.push('\n');
    t
}

/// The start position's HCP, as cshogi 1.1.0 writes it (see the library's unit
/// test `hcp_and_psfen_equal_cshogi`).
const START_HCP: &str = "58a449210cd757217e8e4d212caf427814c2ab109e4d212cd75f213e8e49210c";
const START_PSFEN: &str = "58a451220ceb67227e9653221caf447824c22b119e53221ceb6f223e9651220c";

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

#[test]
fn hcpe_and_psv_of_a_floodgate_game() {
    let dir = scratch("hcpe");
    let game = floodgate(
        "3600.0",
        "3550.5",
        &[("+7776FU", 120), ("-3334FU", -50), ("+8822UM", 900)],
        "%TORYO",
    );
    let input = write(&dir, "a.csa", &game);
    let out = dir.join("a.hcpe");
    let o = run(&[
        "positions",
        input.to_str().expect("utf-8"),
        "-t",
        "hcpe",
        "-o",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "games: 1 read, 1 used\n  dropped by family: 0\n  dropped by illegal: 0\n\
         positions: 3 written as hcpe\n"
    );
    let bytes = std::fs::read(&out).expect("written");
    assert_eq!(bytes.len(), 3 * 38);
    // The start position, 120 for black to move, 7g7f = 59 | 60 << 7 = 0x1e3b, white
    // resigned after black's third move: black won (1).
    assert_eq!(hex(&bytes[..32]), START_HCP);
    assert_eq!(&bytes[32..38], &[120, 0, 0x3b, 0x1e, 1, 0]);
    // White to move: sente's -50 is white's 50; 3c3d = 21 | 20 << 7 = 0x0a15.
    assert_eq!(&bytes[38 + 32..38 + 38], &[50, 0, 0x15, 0x0a, 1, 0]);
    // 8h2b+ = 10 | 70 << 7 | 1 << 14 = 0x630a; 900 = 0x0384.
    assert_eq!(&bytes[76 + 32..76 + 38], &[0x84, 0x03, 0x0a, 0x63, 1, 0]);

    let out = dir.join("a.psv");
    let o = run(&[
        "-q",
        "positions",
        input.to_str().expect("utf-8"),
        "-t",
        "psv",
        "-o",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!((o.status.code(), stderr(&o)), (Some(0), String::new()));
    let bytes = std::fs::read(&out).expect("written");
    assert_eq!(bytes.len(), 3 * 40);
    assert_eq!(hex(&bytes[..32]), START_PSFEN);
    // score 120, move 0x1e3b, ply 1, black to move and black won: 1.
    assert_eq!(&bytes[32..40], &[120, 0, 0x3b, 0x1e, 1, 0, 1, 0]);
    // Ply 2, white to move, white lost: -1.
    assert_eq!(&bytes[40 + 32..80], &[50, 0, 0x15, 0x0a, 2, 0, 0xff, 0]);
    // The PSV promotion bit is 1 << 15: 10 | 70 << 7 | 1 << 15 = 0xa30a.
    assert_eq!(&bytes[80 + 32..120], &[0x84, 0x03, 0x0a, 0xa3, 3, 0, 1, 0]);
}

#[test]
fn each_filter_drops_and_is_reported() {
    let dir = scratch("filters");
    let moves = [
        ("+7776FU", 10),
        ("-3334FU", 20),
        ("+2726FU", 30),
        ("-8384FU", 40),
    ];
    write(
        &dir,
        "1-good.csa",
        &floodgate("3600", "3700", &moves, "%TORYO"),
    );
    write(
        &dir,
        "2-low.csa",
        &floodgate("3600", "2900", &moves, "%TORYO"),
    );
    write(
        &dir,
        "3-draw.csa",
        &floodgate("3600", "3700", &moves, "%SENNICHITE"),
    );
    write(
        &dir,
        "4-short.csa",
        &floodgate("3600", "3700", &moves[..2], "%KACHI"),
    );
    // An illegal second move (a pawn two squares) in a game every other filter keeps.
    let illegal = [
        ("+7776FU", 0),
        ("-3335FU", 0),
        ("+2726FU", 0),
        ("-8384FU", 0),
    ];
    write(
        &dir,
        "5-illegal.csa",
        &floodgate("3600", "3700", &illegal, "%TORYO"),
    );
    let o = run(&[
        "positions",
        dir.to_str().expect("utf-8"),
        "-t",
        "sfen",
        "-o",
        "-",
        "--min-rating",
        "3500",
        "--ending",
        "resign,declaration",
        "--min-moves",
        "3",
        "--skip-first",
        "1",
        "--eval-cap",
        "35",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let dir_shown = dir.display();
    assert_eq!(
        stderr(&o),
        format!(
            "warning: {dir_shown}/5-illegal.csa: game 1: shogi::unreachable: \
             歩 cannot move to ３五 from there\n\
             games: 5 read, 1 used\n  dropped by family: 0\n  dropped by ending: 1\n\
             \x20 dropped by min-moves: 1\n  dropped by min-rating: 1\n  dropped by illegal: 1\n\
             positions: 2 written as sfen\n  dropped by skip-first: 1\n  dropped by eval-cap: 1\n"
        )
    );
    // Positions 2 and 3 of the good game; 4 is beyond the cap (white's -40 … sente's 40).
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 3c3d\n\
         sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3 moves 2g2f\n"
    );
}

#[test]
fn unique_writes_each_position_once() {
    let dir = scratch("unique");
    let moves = [("+7776FU", 10), ("-3334FU", 20)];
    write(&dir, "a.csa", &floodgate("1", "1", &moves, "%TORYO"));
    write(&dir, "b.csa", &floodgate("1", "1", &moves, "%TORYO"));
    let o = run(&[
        "positions",
        dir.to_str().expect("utf-8"),
        "-t",
        "hcpe",
        "-o",
        "-",
        "--unique",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(o.stdout.len(), 2 * 38);
    assert!(stderr(&o).ends_with("positions: 2 written as hcpe\n  dropped by unique: 2\n"));
}

#[test]
fn go_games_as_ndjson_and_npz_and_the_family_filter() {
    let dir = scratch("go");
    let input = write(
        &dir,
        "g.sgf",
        "(;GM[1]FF[4]SZ[3]BR[3d]WR[2k]RE[W+R];B[ba];W[aa];B[ab])",
    );
    let path = input.to_str().expect("utf-8");
    let o = run(&[
        "positions",
        path,
        "-t",
        "ndjson",
        "-o",
        "-",
        "--min-rank",
        "3k",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[2],
        "{\"board\":\"210000000\",\"family\":\"go\",\"move\":[0,1],\"ply\":3,\
         \"result\":\"white\",\"size\":[3,3],\"to_move\":\"black\"}"
    );
    // A rank below the minimum drops the game.
    let o = run(&[
        "positions",
        path,
        "-t",
        "ndjson",
        "-o",
        "-",
        "--min-rank",
        "1d",
    ]);
    assert!(o.stdout.is_empty());
    assert!(stderr(&o).contains("  dropped by min-rank: 1\n"));
    // Shogi's types hold no Go game.
    let o = run(&["positions", path, "-t", "hcpe", "-o", "-"]);
    assert!(o.stdout.is_empty());
    assert!(stderr(&o).contains("  dropped by family: 1\n"));
    // npz: a zip whose first entry is boards.npy with the array's header.
    let out = dir.join("g.npz");
    let o = run(&[
        "positions",
        path,
        "-t",
        "npz",
        "-o",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(o.status.code(), Some(0));
    let z = std::fs::read(&out).expect("written");
    assert_eq!(&z[..4], b"PK\x03\x04");
    assert_eq!(&z[30..40], b"boards.npy");
    let header = String::from_utf8_lossy(&z[40 + 10..40 + 128]).into_owned();
    assert!(header.starts_with("{'descr': '|u1', 'fortran_order': False, 'shape': (3, 3, 3), }"));
    // The boards follow the 128-byte header: the empty board, then b after B[ba].
    assert_eq!(
        &z[40 + 128..40 + 128 + 18],
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]
    );
}

/// A Python that imports cshogi and numpy: `KIFU_CSHOGI_PYTHON`, else `python3`.
fn python_with_cshogi() -> Option<String> {
    let py = std::env::var("KIFU_CSHOGI_PYTHON").unwrap_or_else(|_| "python3".into());
    Command::new(&py)
        .args(["-c", "import cshogi, numpy"])
        .output()
        .is_ok_and(|o| o.status.success())
        .then_some(py)
}

/// `bench/cshogi_check.py`: the CSA files of the corpus and 60 random legal games
/// cshogi plays, as HCPE and PSV by cshogi and by `kifu positions`, byte for byte.
/// Runs where a Python with cshogi is at hand (`KIFU_CSHOGI_PYTHON`, or `python3`);
/// under `KIFU_REQUIRE_CORPUS` it always runs, the script installing cshogi from
/// PyPI into a venv; otherwise it is skipped with one line.
#[test]
fn cshogi_agrees_byte_for_byte() {
    let required = std::env::var_os("KIFU_REQUIRE_CORPUS").is_some();
    let py = match python_with_cshogi() {
        Some(py) => py,
        None if required => "python3".to_string(),
        None => {
            // Past the harness's capture, as tests/common/corpus.rs does.
            let line = "skipped in cshogi_agrees_byte_for_byte: no Python with cshogi \
                        (set KIFU_CSHOGI_PYTHON)\n";
            let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
            return;
        }
    };
    let Some(corpus) = common::corpus::path("shogi") else {
        return;
    };
    let analysis = common::corpus::root().join("analysis/shogi");
    let work = scratch("cshogi");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/cshogi_check.py");
    let mut runs = vec![corpus];
    if analysis.is_dir() {
        runs.push(analysis);
    }
    for dir in runs {
        let o = Command::new(&py)
            .arg(&script)
            .args([
                "--kifu",
                env!("CARGO_BIN_EXE_kifu"),
                "--games",
                "30",
                "--corpus",
            ])
            .arg(&dir)
            .arg("--work")
            .arg(&work)
            .output()
            .expect("python runs");
        let text = String::from_utf8_lossy(&o.stdout);
        assert_eq!(o.status.code(), Some(0), "{text}{}", stderr(&o));
        assert!(text.contains(" 0 differ,"), "{text}");
    }
}
