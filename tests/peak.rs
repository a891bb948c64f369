//! Peak memory of the commands that read a collection much longer than a part
//! (issue #33, point 5): bounded by a part and a game, not by the file. A test file
//! of its own, with one test, so that the test process stays small: a child's peak
//! (`ru_maxrss`) starts from its parent's when it is spawned.

#![cfg(target_os = "linux")]

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs kifu on `args`, reading in parts of `part` bytes; gives its exit code and
/// peak resident memory in KiB (the child's own, from `wait4`).
#[allow(clippy::zombie_processes)] // reaped by wait4, which gives its rusage
fn peak_kib(args: &[&str], part: usize) -> (i32, i64) {
    let child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .env("KIFU_PART_BYTES", part.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("kifu runs");
    let pid = i32::try_from(child.id()).expect("a pid");
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value, and wait4 writes only into the two
    // places given, for a child of this process.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid);
    (libc::WEXITSTATUS(status), usage.ru_maxrss)
}

/// Writes a collection of `games` legal Go games of about 2 KB each to `path`, a
/// game at a time (nothing large is held here).
fn write_collection(path: &std::path::Path, games: usize) -> usize {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).expect("create"));
    let mut written = 0;
    for i in 0..games {
        let mut game = format!(
            "(;GM[1]FF[4]CA[UTF-8]SZ[19]PB[Black {i}]PW[White {}]RE[W+R]",
            i % 97
        );
        for m in 0..300 {
            let (x, y) = (m % 19, m / 19);
            let color = if m % 2 == 0 { 'B' } else { 'W' };
            let p = |n: usize| char::from(b'a' + n as u8);
            game.push_str(&format!(";{color}[{}{}]", p(x), p(y)));
            if m % 50 == 0 {
                game.push_str("C[a comment ( ) \\] ]");
            }
        }
        game.push_str(")\n");
        out.write_all(game.as_bytes()).expect("write");
        written += game.len();
    }
    out.flush().expect("flush");
    written
}

/// Writes a RIF database of `games` games of 60 moves (four rows of the board filled
/// in turn: no five, and no result to deny) to `path`, a game at a time.
fn write_rif(path: &std::path::Path, games: usize) -> usize {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).expect("create"));
    let mut head =
        String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<database>\n<players>\n");
    for id in 1..=50 {
        head.push_str(&format!(
            "<player id=\"{id}\" name=\"Игрок\" surname=\"{id}\"/>\n"
        ));
    }
    head.push_str("</players>\n<games>\n");
    out.write_all(head.as_bytes()).expect("write");
    let mut written = head.len();
    let moves: Vec<String> = (0..60)
        .map(|m| format!("{}{}", char::from(b'a' + (m % 15) as u8), m / 15 + 1))
        .collect();
    let moves = moves.join(" ");
    for i in 0..games {
        let game = format!(
            "<game id=\"{i}\" black=\"{}\" white=\"{}\">\n<move>{moves}</move>\n</game>\n",
            i % 50 + 1,
            (i + 7) % 50 + 1
        );
        out.write_all(game.as_bytes()).expect("write");
        written += game.len();
    }
    out.write_all(b"</games>\n</database>\n").expect("write");
    out.flush().expect("flush");
    written
}

#[test]
fn memory_stays_bounded_by_a_part_not_by_the_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let small = dir.path().join("small.sgf");
    write_collection(&small, 1);
    let big = dir.path().join("big.sgf");
    let size = write_collection(&big, 14_000);
    let size_kib = i64::try_from(size / 1024).expect("fits");
    assert!(size_kib > 26 << 10, "{size_kib} KiB");
    let (small_s, big_s) = (
        small.to_string_lossy().into_owned(),
        big.to_string_lossy().into_owned(),
    );
    // filter -o writes every game (no criteria: all match) as it reads them.
    let out = dir.path().join("out.sgf").to_string_lossy().into_owned();
    // Parts of 512 KiB: the file is more than fifty of them.
    let part = 512 << 10;
    for command in [
        &["validate", "-q"][..],
        &["stats"],
        &["list", "--csv"],
        &["filter", "-q", "-o", &out],
    ] {
        let mut args = command.to_vec();
        args.push(&small_s);
        let (code, base) = peak_kib(&args, part);
        assert_eq!(code, 0, "{args:?}");
        args.pop();
        args.push(&big_s);
        let (code, peak) = peak_kib(&args, part);
        assert_eq!(code, 0, "{args:?}");
        // A part, its text, a game per thread and the buffers of the parts: a few
        // MiB over the run on one game, whatever the file's length (over 26 MiB,
        // which a whole read would hold).
        let bound = base + 12 * 1024;
        eprintln!("{command:?}: peak {peak} KiB; {base} KiB on one game; file {size_kib} KiB");
        assert!(
            peak < bound,
            "{command:?}: peak {peak} KiB over {bound} KiB (one game: {base} KiB)"
        );
    }
    // A RIF database: every part is read after the tables (issue #33, point 5).
    let small = dir.path().join("small.rif");
    write_rif(&small, 1);
    let big = dir.path().join("big.rif");
    let size = write_rif(&big, 120_000);
    let size_kib = i64::try_from(size / 1024).expect("fits");
    assert!(size_kib > 26 << 10, "{size_kib} KiB");
    let (small_s, big_s) = (
        small.to_string_lossy().into_owned(),
        big.to_string_lossy().into_owned(),
    );
    for command in [&["validate", "-q"][..], &["stats"]] {
        let mut args = command.to_vec();
        args.push(&small_s);
        let (code, base) = peak_kib(&args, part);
        assert_eq!(code, 0, "{args:?}");
        args.pop();
        args.push(&big_s);
        let (code, peak) = peak_kib(&args, part);
        assert_eq!(code, 0, "{args:?}");
        let bound = base + 12 * 1024;
        eprintln!("rif {command:?}: peak {peak} KiB; {base} KiB on one game; file {size_kib} KiB");
        assert!(
            peak < bound,
            "rif {command:?}: peak {peak} KiB over {bound} KiB (one game: {base} KiB)"
        );
    }
}
