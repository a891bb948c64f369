//! Per-file cost at its floor: a folder of small record files costs one open, one
//! read, the read that sees the end and one close per file — four system calls —
//! for every command that reads a collection. Counted with `strace -f -y`, which
//! names the file behind each descriptor.
//!
//! Needs strace and the right to trace a child (ptrace). CI requires it where it can
//! trace (`KIFU_REQUIRE_STRACE`); elsewhere the test says it skipped.

use std::path::Path;
use std::process::Command;

/// True when the test can trace: strace is installed and may trace a child here.
/// Otherwise it says on one line that it skipped, unless CI requires tracing
/// (`KIFU_REQUIRE_STRACE`), where it fails.
fn can_trace() -> bool {
    if strace_works() {
        return true;
    }
    if std::env::var_os("KIFU_REQUIRE_STRACE").is_some() {
        panic!("strace is required here (KIFU_REQUIRE_STRACE) but cannot trace");
    }
    eprintln!("skipped: strace is not installed or may not trace here");
    false
}

/// True when strace is installed and may trace a child here.
fn strace_works() -> bool {
    Command::new("strace")
        .args(["-o", "/dev/null", "true"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The system calls made on `file` (named by path, or by a descriptor strace resolves
/// to it) in `trace`: their names, in order. Resumed halves of interrupted calls are
/// not counted twice; `fcntl(F_GETFD)` is left out in debug builds, where the standard
/// library asserts before each close that the descriptor is open (release builds do
/// not make that call).
fn calls_on(trace: &str, file: &Path) -> Vec<String> {
    let path = file.to_string_lossy();
    let by_fd = format!("<{path}>");
    let by_name = format!("\"{path}\"");
    let mut names = Vec::new();
    for line in trace.lines() {
        // `PID name(args…` or `PID <... name resumed>…`.
        let Some((_, call)) = line.split_once(' ') else {
            continue;
        };
        let call = call.trim_start();
        if call.starts_with("<...") {
            continue;
        }
        let Some((name, args)) = call.split_once('(') else {
            continue;
        };
        // The file must be an argument (a descriptor or a path), not text written: one
        // of the first two arguments, read whole (a descriptor's `<path>` may be long).
        let args = args.split(" <unfinished ...>").next().unwrap_or(args);
        let names_it = leading_args(args, 2)
            .iter()
            .any(|arg| *arg == by_name || arg.ends_with(by_fd.as_str()));
        if !names_it {
            continue;
        }
        if cfg!(debug_assertions) && name == "fcntl" && args.contains("F_GETFD") {
            continue;
        }
        names.push(name.to_string());
    }
    names
}

/// The first `n` arguments of a traced call's argument text, split at the commas that
/// stand outside strings (`"…"`, with backslash escapes) and outside the paths strace
/// shows behind descriptors (`3</d/a.kif>`, `AT_FDCWD</home/…>`), each trimmed.
fn leading_args(args: &str, n: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut start, mut quoted, mut escaped, mut angled) = (0, false, false, 0usize);
    let mut closed = false;
    for (i, c) in args.char_indices() {
        if out.len() == n {
            break;
        }
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '<' if !quoted => angled += 1,
            '>' if !quoted && angled > 0 => angled -= 1,
            ',' | ')' if !quoted && angled == 0 => {
                out.push(args[start..i].trim());
                start = i + 1;
                if c == ')' {
                    closed = true;
                    break;
                }
            }
            _ => {}
        }
    }
    // An unfinished call's text ends without its `)`.
    let rest = args[start..].trim();
    if out.len() < n && !closed && !rest.is_empty() {
        out.push(rest);
    }
    out
}

#[test]
fn a_folder_of_small_files_costs_four_system_calls_per_file() {
    if !can_trace() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = dir.path().join("archive");
    std::fs::create_dir(&folder).expect("mkdir");
    let sources = [
        "fixtures/shogi/opening.kif",
        "fixtures/shogi/opening.kifu",
        "fixtures/go/kifu-cup-2024.sgf",
    ];
    let mut files = Vec::new();
    for (i, source) in sources.iter().enumerate() {
        let name = Path::new(source).file_name().expect("a name");
        let path = folder.join(format!("{i}-{}", name.to_string_lossy()));
        std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join(source), &path)
            .expect("copy a fixture");
        files.push(path);
    }
    let folder_arg = folder.to_string_lossy().to_string();
    let commands: [&[&str]; 7] = [
        &["validate"],
        &["validate", "--json"],
        &["info"],
        &["stats"],
        &["list", "--csv"],
        &["filter", "--list", "--player", "nobody"],
        &["dedup"],
    ];
    for command in commands {
        let log = dir.path().join("trace.txt");
        let out = Command::new("strace")
            .arg("-f")
            .arg("-y")
            .arg("-o")
            .arg(&log)
            .arg(env!("CARGO_BIN_EXE_kifu"))
            .args(command)
            .arg(&folder_arg)
            .output()
            .expect("strace runs kifu");
        assert!(
            out.status.success(),
            "kifu {command:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let trace = std::fs::read_to_string(&log).expect("the trace");
        for file in &files {
            let calls = calls_on(&trace, file);
            assert_eq!(
                calls,
                ["openat", "read", "read", "close"],
                "kifu {command:?} on {}",
                file.display()
            );
        }
    }
}

/// `merge` into a new file costs each input its reading and nothing more: the
/// output is looked at once, and its inputs are compared with it only when it
/// exists (before, each input cost a `statx` of itself and one of the output).
#[test]
fn merge_into_a_new_file_costs_each_input_its_reading_only() {
    if !can_trace() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = dir.path().join("games");
    std::fs::create_dir(&folder).expect("mkdir");
    let files: Vec<_> = (1..=3)
        .map(|i| {
            let path = folder.join(format!("g{i}.sgf"));
            std::fs::write(&path, format!("(;GM[1]FF[4]SZ[9]GN[game {i}];B[ee];W[ce])"))
                .expect("write");
            path
        })
        .collect();
    let output = dir.path().join("all.sgf");
    let log = dir.path().join("trace.txt");
    let out = Command::new("strace")
        .args(["-f", "-y", "-o"])
        .arg(&log)
        .arg(env!("CARGO_BIN_EXE_kifu"))
        .args(["merge", "-q", "-o"])
        .arg(&output)
        .arg(&folder)
        .output()
        .expect("strace runs kifu");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let trace = std::fs::read_to_string(&log).expect("the trace");
    for file in &files {
        assert_eq!(
            calls_on(&trace, file),
            ["openat", "read", "read", "close"],
            "{}",
            file.display()
        );
    }
    let merged = std::fs::read_to_string(&output).expect("merged");
    assert_eq!(merged.matches("GN[game ").count(), 3, "{merged}");
}

/// A collection longer than a read chunk but within a part costs three reads: the
/// first read's 64 KiB, after which the file is asked its length once, one read of
/// all the rest into storage of that length, and the read that sees the end.
/// Reading it 64 KiB at a time cost 300-odd calls on the 21 MB benchmark, and growing
/// the buffer near the end copied the input twice.
#[test]
fn a_long_collection_within_a_part_is_read_in_one_call() {
    if !can_trace() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("many.sgf");
    let game = "(;GM[1]FF[4]SZ[19]PB[Black]PW[White];B[pd];W[dp];B[pq];W[dd])\n";
    let text = game.repeat((1 << 20) / game.len() + 1);
    std::fs::write(&file, &text).expect("write the collection");
    let log = dir.path().join("trace.txt");
    for command in [&["validate", "-q"][..], &["stats"][..]] {
        let out = Command::new("strace")
            .args(["-f", "-y", "-o"])
            .arg(&log)
            .arg(env!("CARGO_BIN_EXE_kifu"))
            .args(command)
            .arg(&file)
            .output()
            .expect("strace runs kifu");
        assert!(
            out.status.success(),
            "kifu {command:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let trace = std::fs::read_to_string(&log).expect("the trace");
        assert_eq!(
            calls_on(&trace, &file),
            ["statx", "openat", "read", "statx", "read", "read", "close"],
            "kifu {command:?}"
        );
    }
}

#[test]
fn the_trace_reader_counts_calls_by_descriptor_and_by_name_only() {
    let file = Path::new("/d/a.kif");
    let trace = "\
7 openat(AT_FDCWD, \"/d/a.kif\", O_RDONLY|O_NONBLOCK|O_CLOEXEC <unfinished ...>
8 openat(AT_FDCWD, \"/d/b.kif\", O_RDONLY) = 4</d/b.kif>
7 <... openat resumed>) = 3</d/a.kif>
7 read(3</d/a.kif>, \"x\"..., 65536) = 5
8 read(4</d/b.kif>, \"x\"..., 65536) = 5
7 read(3</d/a.kif>, \"\", 65531) = 0
7 write(1</dev/null>, \"/d/a.kif: ok\\n\", 13) = 13
7 statx(AT_FDCWD, \"/d/a.kif\", AT_STATX_SYNC_AS_STAT, STATX_ALL, {}) = 0
7 openat(AT_FDCWD</a/working/directory/whose/path/is/longer/than/forty/characters>, \"/d/a.kif\", O_RDONLY) = 3</d/a.kif>
7 newfstatat(AT_FDCWD</a/working/directory/whose/path/is/longer/than/forty/characters>, \"/d/a.kif.json\", {}, 0) = 0
7 close(3</d/a.kif> <unfinished ...>
7 <... close resumed>) = 0
";
    assert_eq!(
        calls_on(trace, file),
        ["openat", "read", "read", "statx", "openat", "close"]
    );
}

/// The calls of `trace` (strace -f -y) whose first four arguments name `needle`
/// (a file name as a string argument, or a descriptor strace resolves to a path
/// ending in it), in order; metadata calls of any flavour (`statx`, `newfstatat`, …)
/// are counted as `stat`. Resumed halves are not counted twice, and the debug
/// build's `fcntl(F_GETFD)` before a close is left out.
fn calls_naming(trace: &str, needle: &str) -> Vec<String> {
    let quoted = format!("{needle}\"");
    let by_fd = format!("/{needle}>");
    let mut names = Vec::new();
    for line in trace.lines() {
        let Some((_, call)) = line.split_once(' ') else {
            continue;
        };
        let call = call.trim_start();
        if call.starts_with("<...") {
            continue;
        }
        let Some((name, args)) = call.split_once('(') else {
            continue;
        };
        let args = args.split(" <unfinished ...>").next().unwrap_or(args);
        let named = leading_args(args, 4)
            .iter()
            .any(|arg| arg.ends_with(quoted.as_str()) || arg.ends_with(by_fd.as_str()));
        if !named || (name == "fcntl" && args.contains("F_GETFD")) {
            continue;
        }
        let name = if name.contains("stat") { "stat" } else { name };
        names.push(name.to_string());
    }
    names
}

/// The trace with every call on one line: strace splits a call another thread
/// interrupts into `PID name(args <unfinished ...>` and, later, `PID <... name
/// resumed>rest`; these are joined into `PID name(argsrest` where the first stood.
fn whole_calls(trace: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut open: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for line in trace.lines() {
        // strace pads the pid to a width (`1717  openat(…`): the call starts after
        // the blanks.
        let (pid, call) = line.split_once(' ').unwrap_or(("", line));
        let call = call.trim_start();
        if let Some(start) = call.strip_suffix(" <unfinished ...>") {
            open.insert(pid, lines.len());
            lines.push(format!("{pid} {start}"));
        } else if let Some((_, rest)) = call
            .strip_prefix("<... ")
            .and_then(|c| c.split_once(" resumed>"))
        {
            match open.remove(pid).and_then(|at| lines.get_mut(at)) {
                Some(first) => first.push_str(rest),
                None => lines.push(line.to_string()),
            }
        } else {
            lines.push(line.to_string());
        }
    }
    lines.join("\n")
}

#[test]
fn convert_out_dir_makes_its_outputs_durable_with_one_syncfs_and_opens_each_directory_once() {
    if !can_trace() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("in");
    std::fs::create_dir_all(input.join("sub")).expect("mkdir");
    let kif = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/shogi/opening.kif");
    let names = ["a", "b", "c", "d", "sub/e", "sub/f"];
    for name in names {
        std::fs::copy(&kif, input.join(format!("{name}.kif"))).expect("copy a fixture");
    }
    // First into an empty output directory, then over the outputs of the first run
    // (whose mode and owner the new files keep).
    for (round, kept) in [(0, false), (1, true)] {
        let log = dir.path().join(format!("trace{round}.txt"));
        let out = Command::new("strace")
            .args(["-f", "-y", "-o"])
            .arg(&log)
            .arg(env!("CARGO_BIN_EXE_kifu"))
            .args(["convert", "in", "-t", "csa", "--out-dir", "out", "-q"])
            .current_dir(dir.path())
            .output()
            .expect("strace runs kifu");
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let trace = whole_calls(&std::fs::read_to_string(&log).expect("the trace"));
        let count = |call: &str| {
            trace
                .lines()
                .filter(|l| {
                    l.split_once(' ')
                        .is_some_and(|(_, c)| c.trim_start().starts_with(call))
                })
                .count()
        };
        assert_eq!(count("fdatasync("), 0, "round {round}");
        assert_eq!(count("fsync("), 0, "round {round}");
        assert_eq!(
            count("syncfs("),
            1,
            "round {round}: one file system, one batch"
        );
        // The output root is opened at most twice (for its own files and to reach
        // `sub`; once when one handle serves both, as the inputs' outputs are opened
        // in order while games are written on any thread), `sub` once: not once per
        // output (listing it for stale temporary files, `O_NONBLOCK`, is another
        // matter).
        let opened = |suffix: &str| {
            trace
                .lines()
                .filter(|l| l.contains("O_DIRECTORY") && l.contains("openat("))
                .filter(|l| !l.contains("O_NONBLOCK"))
                .filter(|l| l.trim_end().ends_with(suffix))
                .count()
        };
        let root = opened("/out>");
        assert!(
            (1..=2).contains(&root),
            "round {round}: root opened {root} times"
        );
        assert_eq!(opened("/out/sub>"), 1, "round {round}");
        let mut temporaries: Vec<&str> = trace
            .split(['"', '/', '>', ','])
            .filter(|t| t.starts_with(".kifu-") && t.ends_with(".tmp"))
            .collect();
        temporaries.sort_unstable();
        temporaries.dedup();
        assert_eq!(temporaries.len(), names.len(), "round {round}");
        let keep: &[&str] = if kept { &["fchown", "fchmod"] } else { &[] };
        let expected: Vec<&str> = ["openat", "write"]
            .iter()
            .chain(keep)
            .chain(&["close", "renameat"])
            .copied()
            .collect();
        for tmp in temporaries {
            assert_eq!(calls_naming(&trace, tmp), expected, "round {round}: {tmp}");
        }
        // Each destination: the check that it is no input and what it keeps of
        // the file it replaces (both only when its directory's listing holds it),
        // the rename.
        let check: &[&str] = if kept { &["stat", "stat"] } else { &[] };
        let expected: Vec<&str> = check.iter().chain(&["renameat"]).copied().collect();
        for name in names {
            let file = Path::new(name).file_name().expect("a name");
            let dest = format!("{}.csa", file.to_string_lossy());
            assert_eq!(
                calls_naming(&trace, &dest),
                expected,
                "round {round}: {dest}"
            );
        }
    }
}

/// `convert DIR -t csa --out-dir OUT` over a folder: per input, nothing but the
/// four calls of reading it (its directory is opened once for all its files, not
/// once per file) when no output exists yet, one metadata call more when outputs
/// exist (the check that no output is an input); per output, the exclusive
/// temporary file opened, written, closed and renamed, and metadata calls on the
/// name it replaces only when its directory's listing holds it (the check that it
/// is no input, what it keeps of it). Standard error is asked once whether it is a
/// terminal, not once per file, and the warnings of all the files, held, go out
/// in one call.
#[test]
fn convert_of_a_folder_costs_the_reading_and_the_writing_of_each_file_and_no_more() {
    if !can_trace() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("in");
    std::fs::create_dir_all(input.join("sub")).expect("mkdir");
    let kif = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/shogi/opening.kif");
    let names = ["a", "b", "c", "d", "e", "f", "g", "sub/h", "sub/i", "sub/j"];
    for name in names {
        std::fs::copy(&kif, input.join(format!("{name}.kif"))).expect("copy a fixture");
    }
    for round in 0..2 {
        let log = dir.path().join(format!("trace{round}.txt"));
        let out = Command::new("strace")
            .args(["-f", "-y", "-o"])
            .arg(&log)
            .arg(env!("CARGO_BIN_EXE_kifu"))
            .args(["convert", "in", "-t", "csa", "--out-dir", "out"])
            // Held for longer than the traced run takes.
            .env("KIFU_STDERR_HOLD_MS", "600000")
            .current_dir(dir.path())
            .output()
            .expect("strace runs kifu");
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let trace = whole_calls(&std::fs::read_to_string(&log).expect("the trace"));
        for name in names {
            let file = Path::new(name).file_name().expect("a name");
            let base = Path::new(file).file_stem().expect("a stem");
            let source = format!("{}.kif", base.to_string_lossy());
            let reading = ["openat", "read", "read", "close"];
            let expected: Vec<&str> = ["stat"][..round].iter().chain(&reading).copied().collect();
            assert_eq!(
                calls_naming(&trace, &source),
                expected,
                "round {round}: {source}"
            );
            let dest = format!("{}.csa", base.to_string_lossy());
            let expected: Vec<&str> = ["stat", "stat"][..2 * round]
                .iter()
                .chain(&["renameat"])
                .copied()
                .collect();
            assert_eq!(
                calls_naming(&trace, &dest),
                expected,
                "round {round}: {dest}"
            );
        }
        let mut temporaries: Vec<&str> = trace
            .split(['"', '/', '>', ','])
            .filter(|t| t.starts_with(".kifu-") && t.ends_with(".tmp"))
            .collect();
        temporaries.sort_unstable();
        temporaries.dedup();
        assert_eq!(temporaries.len(), names.len(), "round {round}");
        let keep: &[&str] = if round == 1 {
            &["fchown", "fchmod"]
        } else {
            &[]
        };
        let expected: Vec<&str> = ["openat", "write"]
            .iter()
            .chain(keep)
            .chain(&["close", "renameat"])
            .copied()
            .collect();
        for tmp in temporaries {
            assert_eq!(calls_naming(&trace, tmp), expected, "round {round}: {tmp}");
        }
        // The input directories: `in` for its own files and to reach `sub` (once
        // when one handle serves both), `sub` once; the walk's listings
        // (`O_NONBLOCK`) are another matter.
        let opened = |suffix: &str| {
            trace
                .lines()
                .filter(|l| l.contains("O_DIRECTORY") && l.contains("openat("))
                .filter(|l| !l.contains("O_NONBLOCK"))
                .filter(|l| l.trim_end().ends_with(suffix))
                .count()
        };
        let root = opened("/in>");
        assert!(
            (1..=2).contains(&root),
            "round {round}: in opened {root} times"
        );
        assert_eq!(opened("/in/sub>"), 1, "round {round}");
        let calls = |call: &str| {
            trace
                .lines()
                .filter(|l| {
                    l.split_once(' ')
                        .is_some_and(|(_, c)| c.trim_start().starts_with(call))
                })
                .count()
        };
        assert!(
            calls("ioctl(") <= 2,
            "round {round}: {} ioctl calls",
            calls("ioctl(")
        );
        // Every warning line of every file in one write.
        let lines = out.stderr.iter().filter(|&&b| b == b'\n').count();
        assert!(lines > 1, "the CSA writer reports what it drops");
        let writes = trace.lines().filter(|l| l.contains("write(2<")).count();
        assert_eq!(
            writes, 1,
            "round {round}: {writes} writes for {lines} lines of standard error"
        );
    }
}

/// `kifu positions` over a folder opens each file by its name in the folder's
/// handle, kept (`openat(<folder>, "a.csa")`), not by its whole path from the
/// working directory (a lookup of every component for each file), and reads it with
/// the four calls of every command.
#[test]
fn positions_of_a_folder_opens_each_file_through_the_folders_handle() {
    if !can_trace() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("in");
    std::fs::create_dir_all(&input).expect("mkdir");
    let names = ["a", "b", "c", "d", "e"];
    for name in names {
        std::fs::write(
            input.join(format!("{name}.csa")),
            "V2.2\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n%TORYO\n",
        )
        .expect("write a record");
    }
    let log = dir.path().join("trace.txt");
    let out = Command::new("strace")
        .args(["-f", "-y", "-o"])
        .arg(&log)
        .arg(env!("CARGO_BIN_EXE_kifu"))
        .args(["positions", "-q", "in", "-t", "hcpe", "-o", "out.hcpe"])
        .current_dir(dir.path())
        .output()
        .expect("strace runs kifu");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        std::fs::metadata(dir.path().join("out.hcpe"))
            .expect("the output")
            .len(),
        5 * 3 * 38
    );
    let trace = whole_calls(&std::fs::read_to_string(&log).expect("the trace"));
    for name in names {
        let file = format!("{name}.csa");
        assert_eq!(
            calls_naming(&trace, &file),
            ["openat", "read", "read", "close"],
            "{file}"
        );
        let quoted = format!("\"{file}\"");
        let opens: Vec<&str> = trace
            .lines()
            .filter(|l| l.contains("openat(") && l.contains(&quoted))
            .collect();
        assert_eq!(opens.len(), 1, "{file}: {opens:?}");
        assert!(
            opens[0].contains("/in>, \"") && !opens[0].contains("AT_FDCWD"),
            "{file} is opened by its name in the folder's handle: {}",
            opens[0]
        );
    }
}

/// `split` creates the files of its output directory from one thread, the one that
/// names them, while its games are written on every thread: creations in one
/// directory wait on each other for it (on ext4 one can cost hundreds of
/// microseconds), and from one thread they go on while the next games are read.
#[test]
fn split_creates_its_files_from_the_thread_that_names_them() {
    if !can_trace() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let games = 200;
    let mut sgf = String::new();
    for i in 0..games {
        sgf.push_str(&format!(
            "(;GM[1]FF[4]SZ[19]PB[black {i}];B[aa];W[bb];B[cc]C[game {i}])\n"
        ));
    }
    std::fs::write(dir.path().join("in.sgf"), sgf).expect("write the input");
    let log = dir.path().join("trace.txt");
    // Parts of 4 KiB (debug builds), read on two threads.
    let out = Command::new("strace")
        .args(["-f", "-o"])
        .arg(&log)
        .arg(env!("CARGO_BIN_EXE_kifu"))
        .args(["split", "in.sgf", "--out-dir", "out", "-q"])
        .env("RAYON_NUM_THREADS", "2")
        .env("KIFU_PART_BYTES", "4096")
        .current_dir(dir.path())
        .output()
        .expect("strace runs kifu");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let written = std::fs::read_dir(dir.path().join("out"))
        .expect("the output directory")
        .count();
    assert_eq!(written, games);
    let trace = whole_calls(&std::fs::read_to_string(&log).expect("the trace"));
    let threads = |call: &str, also: &str| {
        let mut pids: Vec<&str> = trace
            .lines()
            .filter_map(|l| l.split_once(' '))
            .filter(|(_, c)| c.trim_start().starts_with(call) && c.contains(also))
            .map(|(pid, _)| pid)
            .collect();
        pids.sort_unstable();
        pids.dedup();
        pids
    };
    let creating = threads("openat(", "O_EXCL");
    let naming = threads("renameat(", ".kifu-");
    assert_eq!(creating.len(), 1, "created from {creating:?}");
    assert_eq!(creating, naming);
    assert_eq!(
        trace
            .lines()
            .filter(|l| l.contains("openat(") && l.contains("O_EXCL"))
            .count(),
        games
    );
}
