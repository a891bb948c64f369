//! `split` and `show --out-dir` (#32): names made of the path's bytes, every name
//! collision refused before anything is written, one open file at a time, one line
//! of play or one GIF frame at a time in bounded memory, stale temporaries swept.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kifu() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_kifu"));
    c.env_remove("NO_COLOR");
    c
}

/// Runs kifu through `sh` after `ulimit LIMIT` (`-v KB`, `-n FILES`).
fn limited(limit: &str, args: &[&OsStr]) -> Output {
    let mut script = format!("ulimit {limit}; exec \"$0\"");
    for i in 1..=args.len() {
        script.push_str(&format!(" \"${i}\""));
    }
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("sh runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The names in a directory, sorted (none when it does not exist).
fn names(dir: &Path) -> Vec<Vec<u8>> {
    let mut names: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.expect("entry").file_name().as_bytes().to_vec())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// A Go game of `n` moves on 19×19 (every 7th point, round and round).
fn long_game(n: usize) -> String {
    let c = b"abcdefghijklmnopqrs";
    let mut s = String::from("(;GM[1]FF[4]SZ[19]");
    for i in 0..n {
        let p = (i * 7) % 361;
        s.push_str(&format!(
            ";{}[{}{}]",
            if i % 2 == 0 { 'B' } else { 'W' },
            c[p % 19] as char,
            c[p / 19] as char
        ));
    }
    s.push(')');
    s
}

fn game(player: &str) -> String {
    format!("(;GM[1]FF[4]SZ[9]PB[{player}];B[ee])")
}

const ONE: &str = "(;FF[4]CA[UTF-8]GM[1]SZ[9]PB[one]\n;B[ee])\n";

#[test]
fn split_refuses_two_inputs_with_one_stem_before_writing_anything() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    for sub in ["a", "b"] {
        std::fs::create_dir(d.join(sub)).expect("mkdir");
        std::fs::write(d.join(sub).join("g.sgf"), game(sub)).expect("write");
    }
    let out = kifu()
        .arg("split")
        .arg(d.join("a/g.sgf"))
        .arg(d.join("b/g.sgf"))
        .arg("--out-dir")
        .arg(d.join("out"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "error: nothing written: {0}/a/g.sgf and {0}/b/g.sgf would both be written to {0}/out/g-*; split them separately or into different directories\n(see kifu --help)\n",
            d.display()
        )
    );
    assert!(!d.join("out").exists());
}

#[test]
fn split_refuses_standard_input_beside_a_file_named_stdin() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    std::fs::write(d.join("stdin.sgf"), game("file")).expect("write");
    let out = kifu()
        .current_dir(d)
        .args(["split", "-", "stdin.sgf", "--out-dir", "out"])
        .stdin(std::fs::File::open(d.join("stdin.sgf")).expect("open"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: nothing written: - and stdin.sgf would both be written to out/stdin-*; split them separately or into different directories\n(see kifu --help)\n"
    );
    assert!(!d.join("out").exists());
}

#[test]
fn split_names_are_the_paths_bytes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let a = d.join(OsStr::from_bytes(b"a\xff.sgf"));
    let b = d.join(OsStr::from_bytes(b"a\xfe.sgf"));
    std::fs::write(&a, game("one")).expect("write");
    std::fs::write(&b, game("two")).expect("write");
    let out = kifu()
        .arg("split")
        .arg(&a)
        .arg(&b)
        .arg("--out-dir")
        .arg(d.join("out"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        names(&d.join("out")),
        [b"a\xfe-0001.sgf".to_vec(), b"a\xff-0001.sgf".to_vec()]
    );
    let read = |name: &[u8]| {
        std::fs::read_to_string(d.join("out").join(OsStr::from_bytes(name))).expect("read")
    };
    assert_eq!(read(b"a\xff-0001.sgf"), ONE);
    assert_eq!(read(b"a\xfe-0001.sgf"), ONE.replace("one", "two"));
}

#[test]
fn split_variations_write_one_line_of_play_at_a_time() {
    // A main line of 1,000 moves with a one-move variation at each: 1,001 lines of
    // up to 1,001 moves (16 KB in, 5 MB out). Built all at once the lines took
    // 146 MB; one at a time they fit in 64 MB of address space.
    let c = b"abcdefghijklmnopqrs";
    let pt = |i: usize| {
        let p = (i * 7) % 361;
        format!("{}{}", c[p % 19] as char, c[p / 19] as char)
    };
    let colour = |i: usize| if i % 2 == 0 { 'B' } else { 'W' };
    let mut text = String::from("(;GM[1]FF[4]SZ[19]");
    for i in 0..1000 {
        text.push_str(&format!(
            ";{}[{}](;{}[{}])(",
            colour(i),
            pt(i),
            colour(i + 1),
            pt(i + 500)
        ));
    }
    text.push_str(";B[ss])");
    text.push_str(&")".repeat(1000));
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("v.sgf");
    std::fs::write(&input, &text).expect("write");
    let out_dir = dir.path().join("out");
    let out = limited(
        "-v 65536",
        &[
            OsStr::new("-q"),
            OsStr::new("split"),
            input.as_os_str(),
            OsStr::new("--variations"),
            OsStr::new("--out-dir"),
            out_dir.as_os_str(),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let names = names(&out_dir);
    assert_eq!(names.len(), 1001);
    assert_eq!(names[0], b"v-0001-0001.sgf");
    assert_eq!(names[1000], b"v-0001-1001.sgf");
    let read = |n: &str| std::fs::read_to_string(out_dir.join(n)).expect("read");
    // Line 1, the main line, takes the first move's variation; line 2 the second
    // move's; the last line is the longest.
    assert_eq!(
        read("v-0001-0001.sgf"),
        format!(
            "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[{}];W[{}])\n",
            pt(0),
            pt(500)
        )
    );
    assert_eq!(
        read("v-0001-0002.sgf"),
        format!(
            "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[{}];W[{}];B[{}])\n",
            pt(0),
            pt(1),
            pt(501)
        )
    );
    let last = read("v-0001-1001.sgf");
    assert!(last.ends_with(";B[ss])\n"), "{last}");
    assert_eq!(last.matches(';').count(), 1002);
}

#[test]
fn show_refuses_two_records_with_one_stem_before_writing_anything() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    std::fs::write(d.join("g.sgf"), game("go")).expect("write");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/omok/five.omok"),
        d.join("g.omok"),
    )
    .expect("copy");
    for every in [false, true] {
        let mut cmd = kifu();
        cmd.current_dir(d)
            .args(["show", "g.sgf", "g.omok", "--svg", "--out-dir", "out"]);
        if every {
            cmd.args(["--every", "1"]);
        }
        let out = cmd.output().expect("runs");
        assert_eq!(out.status.code(), Some(2));
        let name = if every { "g-*.svg" } else { "g.svg" };
        assert_eq!(
            stderr(&out),
            format!("error: nothing written: g.sgf and g.omok would both be written to out/{name}; draw them separately or into different directories\n(see kifu --help)\n")
        );
        assert!(!d.join("out").exists());
    }
}

#[test]
fn show_every_names_are_the_paths_bytes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let a = d.join(OsStr::from_bytes(b"a\xff.sgf"));
    let b = d.join(OsStr::from_bytes(b"a\xfe.sgf"));
    std::fs::write(&a, game("one")).expect("write");
    std::fs::write(&b, "(;GM[1]FF[4]SZ[9];B[ee];W[dd])").expect("write");
    let out = kifu()
        .arg("show")
        .arg(&a)
        .arg(&b)
        .args(["--svg", "--every", "1", "--out-dir"])
        .arg(d.join("out"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        names(&d.join("out")),
        [
            b"a\xfe-0001.svg".to_vec(),
            b"a\xfe-0002.svg".to_vec(),
            b"a\xff-0001.svg".to_vec()
        ]
    );
}

#[test]
fn show_every_holds_one_open_file_at_a_time() {
    // 300 pictures under a limit of 64 open files: staged, closed, made durable by
    // one syncfs and renamed. Holding one open temporary file per picture, no
    // picture was written.
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("long.sgf");
    std::fs::write(&input, long_game(300)).expect("write");
    let out_dir = dir.path().join("out");
    let out = limited(
        "-n 64",
        &[
            OsStr::new("show"),
            input.as_os_str(),
            OsStr::new("--svg"),
            OsStr::new("--every"),
            OsStr::new("1"),
            OsStr::new("--out-dir"),
            out_dir.as_os_str(),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        format!(
            "300 pictures of 1 records written under {}\n",
            out_dir.display()
        )
    );
    let names = names(&out_dir);
    assert_eq!(names.len(), 300);
    assert_eq!(names[0], b"long-0001.svg");
    assert_eq!(names[299], b"long-0300.svg");
}

#[test]
fn a_gif_of_a_thousand_moves_is_drawn_in_bounded_memory() {
    // Each frame is drawn from the one before and encoded as it is drawn: 1,001
    // frames fit in 48 MB of address space (holding every frame's SVG needed 69 MB).
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("long.sgf");
    std::fs::write(&input, long_game(1000)).expect("write");
    let gif = dir.path().join("long.gif");
    let out = limited(
        "-v 49152",
        &[
            OsStr::new("show"),
            input.as_os_str(),
            OsStr::new("--size"),
            OsStr::new("16"),
            OsStr::new("-o"),
            gif.as_os_str(),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    let bytes = std::fs::read(&gif).expect("gif");
    assert_eq!(&bytes[..6], b"GIF89a");
    assert_eq!(bytes.last(), Some(&0x3b));
    assert_eq!(names(dir.path()).len(), 2);
}

/// A temporary file as a kifu run that no longer exists left it.
fn stale_in(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir).expect("mkdir");
    let stale = dir.join(".kifu-999999999-aaaaaaaaaaaa.tmp");
    std::fs::write(&stale, "half").expect("write");
    stale
}

#[test]
fn split_and_show_sweep_the_temporaries_of_dead_runs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    std::fs::write(d.join("g.sgf"), game("one")).expect("write");
    let stale = stale_in(&d.join("split"));
    let out = kifu()
        .current_dir(d)
        .args(["split", "g.sgf", "--out-dir", "split"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "removed 1 temporary file(s) left by an interrupted run\n"
    );
    assert!(!stale.exists());
    assert_eq!(names(&d.join("split")), [b"g-0001.sgf".to_vec()]);
    let stale = stale_in(&d.join("show"));
    let out = kifu()
        .current_dir(d)
        .args(["show", "g.sgf", "--svg", "--out-dir", "show"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "removed 1 temporary file(s) left by an interrupted run\n1 pictures of 1 records written under show\n"
    );
    assert!(!stale.exists());
    assert_eq!(names(&d.join("show")), [b"g.svg".to_vec()]);
}

#[test]
fn split_refuses_to_write_over_an_input_in_its_output_directory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    std::fs::create_dir(d.join("in")).expect("mkdir");
    std::fs::write(d.join("in/g.sgf"), game("new")).expect("write");
    std::fs::write(d.join("in/g-0001.sgf"), game("old")).expect("write");
    let out = kifu()
        .current_dir(d)
        .args(["split", "in", "--out-dir", "in"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: nothing written: in/g.sgf would be written to in/g-0001.sgf, which is the input in/g-0001.sgf; split them separately or into different directories\n(see kifu --help)\n"
    );
    assert_eq!(
        names(&d.join("in")),
        [b"g-0001.sgf".to_vec(), b"g.sgf".to_vec()]
    );
    assert_eq!(
        std::fs::read_to_string(d.join("in/g-0001.sgf")).expect("read"),
        game("old")
    );
}

#[test]
fn filter_out_dir_names_are_the_paths_bytes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let a = d.join(OsStr::from_bytes(b"a\xff.sgf"));
    let b = d.join(OsStr::from_bytes(b"a\xfe.sgf"));
    // Two games each: the names are `STEM-N.sgf`, made of the stem's bytes.
    std::fs::write(&a, game("one") + &game("two")).expect("write");
    std::fs::write(&b, game("three") + &game("four")).expect("write");
    let out = kifu()
        .arg("filter")
        .arg(&a)
        .arg(&b)
        .arg("--out-dir")
        .arg(d.join("out"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        names(&d.join("out")),
        [
            b"a\xfe-1.sgf".to_vec(),
            b"a\xfe-2.sgf".to_vec(),
            b"a\xff-1.sgf".to_vec(),
            b"a\xff-2.sgf".to_vec()
        ]
    );
    let read = |name: &[u8]| {
        std::fs::read_to_string(d.join("out").join(OsStr::from_bytes(name))).expect("read")
    };
    assert_eq!(read(b"a\xff-1.sgf"), ONE);
    assert_eq!(read(b"a\xfe-2.sgf"), ONE.replace("one", "four"));
}

#[test]
fn filter_out_dir_refuses_two_inputs_with_one_name_before_writing_anything() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    for sub in ["a", "b"] {
        std::fs::create_dir_all(d.join("in").join(sub)).expect("mkdir");
        std::fs::write(d.join("in").join(sub).join("g.sgf"), game(sub)).expect("write");
    }
    // Walked from two directories, both files are `g.sgf` below OUT; `-t` makes a
    // `g.sgf` and a `g.SGF` one name too.
    std::fs::write(d.join("in/a/h.sgf"), game("h")).expect("write");
    std::fs::write(d.join("in/b/h.SGF"), game("H")).expect("write");
    let out = kifu()
        .current_dir(d)
        .args(["filter", "in/a", "in/b", "-t", "sgf", "--out-dir", "out"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "no criteria given: every game matches\n\
         error: nothing written: in/a/g.sgf and in/b/g.sgf would both be written to out/g[-N].sgf; \
         in/a/h.sgf and in/b/h.SGF would both be written to out/h[-N].sgf; \
         filter them separately or into different directories\n(see kifu --help)\n"
    );
    assert!(!d.join("out").exists());
    // Without -t, `g.sgf` and `g.kif` are written to two names, and nothing is refused.
    std::fs::remove_file(d.join("in/b/g.sgf")).expect("rm");
    std::fs::remove_file(d.join("in/b/h.SGF")).expect("rm");
    std::fs::write(
        d.join("in/b/g.kif"),
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n",
    )
    .expect("write");
    let out = kifu()
        .current_dir(d)
        .args(["filter", "in/a", "in/b", "--out-dir", "out"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        names(&d.join("out")),
        [b"g.kif".to_vec(), b"g.sgf".to_vec(), b"h.sgf".to_vec()]
    );
}
