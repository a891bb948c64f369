//! `kifu convert` on all cores (issue #34, point 2): the games of a long collection
//! and the files of a folder are converted on several threads and written in input
//! order, so a run on four threads gives exactly what a run on one gives — the same
//! bytes on standard output and in every file, the same lines on standard error
//! (diagnostics and losses in order), the same exit code — for a file, a folder and
//! standard input, with `-o FILE`, standard output and `--out-dir` alike. Debug
//! builds count the threads that converted games (`KIFU_REPORT_THREADS`), so the
//! test also tells that the work was spread.
//!
//! On a machine with one core the spreading is not asserted: the test says it
//! skipped that, except under `KIFU_REQUIRE_PARALLEL`, where it fails.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// What one run gave: exit code, standard output, standard error.
type Ran = (i32, Vec<u8>, String);

/// A command line, its standard input, the files and folders it writes.
type Case<'a> = (Vec<&'a str>, Option<&'a [u8]>, Vec<&'a Path>);

/// Runs kifu on `threads` threads, with `stdin`; `report`: count the threads.
fn run(args: &[&str], threads: usize, stdin: Option<&[u8]>, report: bool) -> Ran {
    run_in_parts(args, threads, stdin, report, None)
}

/// [`run`], reading in parts of `part` bytes when given (`KIFU_PART_BYTES`, debug
/// builds).
fn run_in_parts(
    args: &[&str],
    threads: usize,
    stdin: Option<&[u8]>,
    report: bool,
    part: Option<usize>,
) -> Ran {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kifu"));
    cmd.args(args)
        .env("RAYON_NUM_THREADS", threads.to_string())
        .env_remove("KIFU_PART_BYTES")
        .env_remove("KIFU_REPORT_THREADS")
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if report {
        cmd.env("KIFU_REPORT_THREADS", "1");
    }
    if let Some(part) = part {
        cmd.env("KIFU_PART_BYTES", part.to_string());
    }
    let mut child = cmd.spawn().expect("kifu runs");
    let mut input = child.stdin.take().expect("stdin");
    let bytes = stdin.unwrap_or_default().to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().expect("kifu ends");
    let _ = feeder.join();
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// An SGF collection longer than the length the reader cuts into pieces for several
/// threads (1 MiB): comments with `)`, `(`, `\]`, game information in Japanese,
/// and every 97th game with a komi that is no number (an error with a place).
fn sgf_collection(games: usize) -> String {
    let mut text = String::new();
    for i in 0..games {
        let p = |n: usize| char::from(b'a' + (n % 19) as u8);
        let first = format!("{}{}", p(i), p(i / 19 + 1));
        let komi = if i % 97 == 13 { "abc" } else { "6.5" };
        text.push_str(&format!(
            "(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[{komi}]PB[黒{i}]PW[White {i}]RE[B+R]C[game {i}];B[{first}];W[jj]C[表 ) ( \\] {i}];B[dd];W[pp])\n"
        ));
    }
    text
}

/// A CSA game: comments (which USI cannot hold: losses), an illegal move in some.
fn csa_game(i: usize) -> String {
    let third = if i % 11 == 5 { "+7776FU" } else { "+2726FU" };
    format!(
        "V2.2\nN+先手{i}\nN-Gote{i}\n$EVENT:Test {i}\nPI\n+\n'comment {i}\n+7776FU\n-3334FU\n'another\n{third}\n%TORYO\n"
    )
}

/// Every file under `dir`, by its path below it.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("read dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = path.strip_prefix(dir).expect("below").display().to_string();
                files.insert(name, std::fs::read(&path).expect("read"));
            }
        }
    }
    files
}

/// The count `KIFU_REPORT_THREADS` printed, and standard error without its line.
fn threads_of(stderr: &str) -> (usize, String) {
    let mut count = 0;
    let mut rest = String::new();
    for line in stderr.lines() {
        match line
            .strip_prefix("kifu: values made on ")
            .and_then(|l| l.strip_suffix(" thread(s)"))
        {
            Some(n) => count = n.parse().expect("a count"),
            None => {
                rest.push_str(line);
                rest.push('\n');
            }
        }
    }
    (count, rest)
}

/// Whether this machine can show work spread over threads (more than one core);
/// under `KIFU_REQUIRE_PARALLEL` it must.
fn cores() -> bool {
    let n = std::thread::available_parallelism().map_or(1, |n| n.get());
    if n >= 2 {
        return true;
    }
    if std::env::var_os("KIFU_REQUIRE_PARALLEL").is_some() {
        panic!("several cores are required here (KIFU_REQUIRE_PARALLEL) but {n} found");
    }
    eprintln!("skipped: one core here, so the spreading of the work is not asserted");
    false
}

/// Runs `args` (with `outputs` the files and folders it writes, cleared before each
/// run) on one thread and on four, and asserts the same outcome; gives the number
/// of threads that converted games on four.
fn same_on_one_and_four(args: &[&str], stdin: Option<&[u8]>, outputs: &[&Path]) -> (Ran, usize) {
    let mut seen = Vec::new();
    for threads in [1, 4] {
        for o in outputs {
            let _ = std::fs::remove_dir_all(o);
            let _ = std::fs::remove_file(o);
        }
        let (code, stdout, stderr) = run(args, threads, stdin, true);
        let (count, stderr) = threads_of(&stderr);
        let files: Vec<BTreeMap<String, Vec<u8>>> = outputs
            .iter()
            .map(|o| {
                if o.is_dir() {
                    tree(o)
                } else {
                    std::fs::read(o)
                        .map(|b| BTreeMap::from([(String::new(), b)]))
                        .unwrap_or_default()
                }
            })
            .collect();
        seen.push(((code, stdout, stderr), files, count));
    }
    let (one, four) = (&seen[0], &seen[1]);
    assert_eq!(one.0 .0, four.0 .0, "exit code of {args:?}");
    assert_eq!(one.0 .2, four.0 .2, "standard error of {args:?}");
    assert!(one.0 .1 == four.0 .1, "standard output of {args:?}");
    assert!(one.1 == four.1, "the files written by {args:?}");
    assert_eq!(one.2, 1, "one thread converts on one: {args:?}");
    (seen[0].0.clone(), four.2)
}

#[test]
fn a_long_collection_converts_on_four_threads_as_on_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = sgf_collection(12000);
    assert!(text.len() > 1 << 20, "long enough to be read in pieces");
    let input = dir.path().join("games.sgf");
    std::fs::write(&input, &text).expect("write");
    let input = input.to_str().expect("utf-8 path");
    let file = dir.path().join("out.json");
    let spread = cores();
    let cases: Vec<Case<'_>> = vec![
        (vec!["convert", "-t", "sgf", input], None, vec![]),
        (
            vec!["convert", "-t", "json", "-o", "-", input],
            None,
            vec![],
        ),
        (
            vec![
                "convert",
                "-t",
                "json",
                "-o",
                file.to_str().expect("utf-8"),
                input,
            ],
            None,
            vec![file.as_path()],
        ),
        (
            vec!["convert", "-t", "ndjson", "-f", "sgf", "-"],
            Some(text.as_bytes()),
            vec![],
        ),
    ];
    for (args, stdin, outputs) in cases {
        let ((code, stdout, stderr), threads) = same_on_one_and_four(&args, stdin, &outputs);
        assert_eq!(code, 0, "{args:?}: converted, errors and all ({stderr})");
        // 12000 / 97 games with a bad komi: the first 100 errors shown, in order.
        assert_eq!(
            stderr.matches("KM[abc] is not a real number").count(),
            100,
            "{args:?}: {stderr}"
        );
        let name = if stdin.is_some() { "-" } else { input };
        assert!(
            stderr.starts_with(&format!("{name}:14:30: error[sgf::bad-value]")),
            "{args:?}: the first error first: {stderr}"
        );
        if outputs.is_empty() {
            assert!(stdout.len() > text.len() / 2, "{args:?} wrote the games");
        }
        if spread {
            assert!(threads >= 2, "{args:?}: converted on {threads} thread(s)");
        }
    }
}

#[test]
fn a_folder_converts_on_four_threads_as_on_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = dir.path().join("in");
    std::fs::create_dir_all(folder.join("sub")).expect("mkdir");
    for i in 0..120 {
        let sub = if i % 3 == 0 { "sub/" } else { "" };
        let path = folder.join(format!("{sub}g{i:03}.csa"));
        std::fs::write(path, csa_game(i)).expect("write");
    }
    // An empty file: not converted, the others are.
    std::fs::write(folder.join("g050.csa"), "").expect("write");
    let out = dir.path().join("out");
    let (folder, out_s) = (
        folder.to_str().expect("utf-8"),
        out.to_str().expect("utf-8"),
    );
    let spread = cores();
    for args in [
        vec!["convert", "-t", "usi", "--out-dir", out_s, folder],
        vec!["convert", "-t", "kif", "--out-dir", out_s, folder],
        vec!["convert", "-t", "usi", "--json", "--out-dir", out_s, folder],
    ] {
        let ((code, stdout, stderr), threads) = same_on_one_and_four(&args, None, &[&out]);
        assert_eq!(code, 1, "{args:?}: one file not converted ({stderr})");
        if args.contains(&"usi") && !args.contains(&"--json") {
            // Each game's comments and its end are lost in USI, reported in order.
            let first = stderr.find("g001.csa").expect("g001 reported");
            let later = stderr.find("g002.csa").expect("g002 reported");
            assert!(first < later, "losses in input order: {stderr}");
        }
        if args.contains(&"--json") {
            let lines = String::from_utf8_lossy(&stdout);
            let files = lines.matches("\"type\":\"file\"").count();
            assert_eq!(files, 120, "{lines}");
        }
        if spread {
            assert!(threads >= 2, "{args:?}: converted on {threads} thread(s)");
        }
    }
}

/// A file longer than a part (4 MiB) starts with a small first part, so that the
/// pool starts early; standard input, whose length is not told, is cut in parts of
/// the usual size: the games, their order and every error's place are the same.
#[test]
fn a_file_longer_than_a_part_converts_as_standard_input_does() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = sgf_collection(40_000);
    assert!(text.len() > 4 << 20, "longer than a part: {}", text.len());
    let input = dir.path().join("games.sgf");
    std::fs::write(&input, &text).expect("write");
    let input = input.to_str().expect("utf-8 path");
    for threads in [1, 2] {
        let (code, from_file, file_err) =
            run(&["convert", "-t", "sgf", input], threads, None, false);
        let (stdin_code, from_stdin, stdin_err) = run(
            &["convert", "-t", "sgf", "-f", "sgf", "-"],
            threads,
            Some(text.as_bytes()),
            false,
        );
        assert_eq!((code, stdin_code), (0, 0), "{file_err}");
        assert!(
            from_file == from_stdin,
            "the same games on {threads} thread(s)"
        );
        // Each game's tree and the `(` in its comment.
        assert_eq!(from_file.iter().filter(|&&b| b == b'(').count(), 80_000);
        assert_eq!(
            file_err.matches("KM[abc] is not a real number").count(),
            100
        );
        assert_eq!(
            file_err.replace(input, "-"),
            stdin_err,
            "{threads} thread(s)"
        );
    }
}

#[test]
fn many_parts_convert_on_two_threads_as_on_one_up_to_a_failed_read() {
    // Parts of 64 KiB: the collection is about twenty of them, so several parts are
    // made into values at once on two threads, and committed in order. Standard
    // input ends in a game longer than --max-game-size: the games before it are
    // written, then the failure is told, as on one thread.
    let games = sgf_collection(12000);
    let mut text = games.clone().into_bytes();
    text.extend_from_slice(b"(;GM[1]FF[4]C[");
    text.extend(std::iter::repeat_n(b'x', 300 << 10));
    let part = 64 << 10;
    let args = [
        "convert",
        "-t",
        "sgf",
        "-f",
        "sgf",
        "--max-game-size",
        "256K",
        "-",
    ];
    let (code, one, one_err) = run_in_parts(&args, 1, Some(&text), false, Some(part));
    assert_eq!(code, 1, "{one_err}");
    assert!(
        one_err.ends_with(
            "error: -: more than 256K (262144 bytes) of standard input without a complete game; give a larger --max-game-size\n"
        ),
        "{one_err}"
    );
    assert_eq!(one.iter().filter(|&&b| b == b'(').count(), 24_000);
    for _ in 0..3 {
        let (code2, two, two_err) = run_in_parts(&args, 2, Some(&text), false, Some(part));
        assert_eq!((code2, two_err.as_str()), (code, one_err.as_str()));
        assert!(two == one, "the same games in the same order");
    }
    // Whole, the same games convert to the same bytes on two threads.
    let (code, whole, _) = run_in_parts(
        &["convert", "-t", "sgf", "-f", "sgf", "-"],
        2,
        Some(games.as_bytes()),
        false,
        Some(part),
    );
    assert_eq!(code, 0);
    assert!(whole == one, "the games before the failure, all of them");
}
