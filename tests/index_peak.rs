//! Peak memory of `kifu index` (#37): bounded whatever the collection's size — the
//! records gathered for the end go to temporary runs past a budget, SQLite's cache is
//! bounded, and the reading holds a part. A collection twice as long must not need
//! more memory. A test file of its own, so that the test process stays small: a
//! child's peak (`ru_maxrss`) starts from its parent's when it is spawned.

#![cfg(target_os = "linux")]

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs kifu on `args`, reading in parts of 1 MiB; gives its exit code and peak
/// resident memory in KiB (the child's own, from `wait4`).
#[allow(clippy::zombie_processes)] // reaped by wait4, which gives its rusage
fn peak_kib(args: &[&std::ffi::OsStr]) -> (i32, i64) {
    let child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .env("KIFU_PART_BYTES", (1 << 20).to_string())
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

/// Writes `games` Go games of 300 moves each (each game its own order of the
/// points, so that their positions differ; captures and the odd suicide stop a
/// line early, as they may).
fn write_collection(path: &std::path::Path, games: usize) {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).expect("create"));
    for i in 0..games {
        let mut game = format!("(;GM[1]FF[4]SZ[19]PB[b{i}]PW[w]RE[B+R]");
        let step = [2, 3, 5, 7, 11, 13, 17, 23][i % 8];
        for m in 0..300 {
            let at = (m * step + i * 31) % 361;
            let (x, y) = (at % 19, at / 19);
            let color = if m % 2 == 0 { 'B' } else { 'W' };
            let p = |n: usize| char::from(b'a' + n as u8);
            game.push_str(&format!(";{color}[{}{}]", p(x), p(y)));
        }
        game.push_str(")\n");
        out.write_all(game.as_bytes()).expect("write");
    }
    out.flush().expect("flush");
}

#[test]
fn indexing_twice_the_positions_needs_no_more_memory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut peaks = Vec::new();
    for games in [8000, 16000] {
        let sgf = dir.path().join(format!("c{games}.sgf"));
        let db = dir.path().join(format!("c{games}.db"));
        write_collection(&sgf, games);
        let (code, peak) = peak_kib(&[
            "index".as_ref(),
            sgf.as_os_str(),
            "-o".as_ref(),
            db.as_os_str(),
        ]);
        assert_eq!(code, 0);
        peaks.push(peak);
    }
    eprintln!("kifu index peaks: {peaks:?} KiB");
    // 2.2 and 4.5 million positions. Held to the end, the second run's extra 2.2
    // million records alone would take 36 MB more (before the bound: 94 MB, then
    // 144 MB); bounded, the records held stay under the budget (1 Mi records), and
    // what grows is the last buckets' share of skewed positions and the allocator's
    // slack (61 MB, then 73 MB in a debug build).
    assert!(
        peaks[1] < peaks[0] + 24 * 1024,
        "peaks {peaks:?} KiB: memory grows with the collection"
    );
}
