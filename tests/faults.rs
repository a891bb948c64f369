//! Fault injection: `reencode` and `convert` under names that are not UTF-8, planted
//! links, concurrent writers, SIGKILL, full disks, hard links and foreign owners.
//! After any fault every file is either its original bytes or its complete
//! conversion, nothing outside the tree is touched, and the report says what happened.
//!
//! The full-disk and foreign-owner cases need root (to mount a tmpfs, to chown); where
//! they cannot run they say so on stderr and pass, and CI runs them as root.

#![cfg(unix)]

use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn kifu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
}

fn run(cmd: &mut Command) -> Output {
    cmd.output().expect("kifu runs")
}

fn sjis(s: &str) -> Vec<u8> {
    let (bytes, _, bad) = encoding_rs::SHIFT_JIS.encode(s);
    assert!(!bad, "test text must be Shift_JIS");
    bytes.into_owned()
}

fn json_lines(out: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("NDJSON"))
        .collect()
}

/// Every file under `root` whose name is one of kifu's temporary files.
fn temporaries(root: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().as_bytes().starts_with(b".kifu-"))
        .map(|e| e.into_path())
        .collect()
}

fn is_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// A small tmpfs mounted on a fresh directory, unmounted when dropped.
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    /// `None` (with a message) where mounting is not allowed.
    fn mount(size: &str, case: &str) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().expect("tempdir");
        let ok = is_root()
            && Command::new("mount")
                .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
                .arg(dir.path())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
        if !ok {
            eprintln!("skipped {case}: cannot mount a tmpfs here (needs root); CI runs it");
            return None;
        }
        Some(SmallDisk { dir })
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Fills the file system to the last byte.
    fn fill(&self) {
        use std::io::Write;
        let mut f = std::fs::File::create(self.path().join("filler")).expect("filler");
        let block = vec![b'x'; 4096];
        while f.write_all(&block).is_ok() {}
        let mut one = [b'x'];
        while f.write_all(&one).is_ok() {
            one[0] = b'y';
        }
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).status();
    }
}

const KIF: &str = "手合割：平手\r\n先手：先手の人\r\n後手：後手の人\r\n手数----指手---------消費時間--\r\n   1 ７六歩(77)   ( 0:01/00:00:01)\r\n";

#[test]
fn names_that_differ_only_in_invalid_bytes_keep_their_own_text() {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = dir.path().join(std::ffi::OsStr::from_bytes(b"\xff.kif"));
    let b = dir.path().join(std::ffi::OsStr::from_bytes(b"\xfe.kif"));
    std::fs::write(&a, sjis("先手：甲\r\n")).expect("write");
    std::fs::write(&b, sjis("先手：乙\r\n")).expect("write");
    let out = run(kifu()
        .args(["reencode", "--to", "UTF-8", "--in-place", "--jobs", "1"])
        .arg(dir.path()));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        std::fs::read_to_string(&a).expect("utf-8"),
        "#KIF version=2.0 encoding=UTF-8\r\n先手：甲\r\n"
    );
    assert_eq!(
        std::fs::read_to_string(&b).expect("utf-8"),
        "#KIF version=2.0 encoding=UTF-8\r\n先手：乙\r\n"
    );
    assert!(temporaries(dir.path()).is_empty());
}

#[test]
fn two_trees_with_the_same_names_are_refused_under_one_out_dir() {
    let dir = tempfile::tempdir().expect("tempdir");
    for tree in ["y2019", "y2020"] {
        std::fs::create_dir(dir.path().join(tree)).expect("mkdir");
        std::fs::write(
            dir.path().join(tree).join("game.kif"),
            sjis(&format!("先手：{tree}\r\n")),
        )
        .expect("write");
    }
    let out_dir = dir.path().join("out");
    let out = run(kifu()
        .args(["reencode", "--to", "UTF-8", "--json", "--out-dir"])
        .arg(&out_dir)
        .arg(dir.path().join("y2019"))
        .arg(dir.path().join("y2020")));
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out.stdout);
    let a = dir.path().join("y2019/game.kif");
    let b = dir.path().join("y2020/game.kif");
    let why = format!(
        "{} and {} would all be written to {}; left untouched (give each tree its own --out-dir)",
        a.display(),
        b.display(),
        out_dir.join("game.kif").display()
    );
    for line in &lines[..2] {
        assert_eq!(line["outcome"], "failed", "{line}");
        assert_eq!(line["detail"], why.as_str());
    }
    assert!(!out_dir.join("game.kif").exists(), "nothing written");
}

#[test]
fn links_planted_at_temporary_names_are_never_followed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tree = dir.path().join("archive");
    std::fs::create_dir(&tree).expect("mkdir");
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious").expect("write");
    std::fs::set_permissions(&victim, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let game = tree.join("game.kif");
    std::fs::write(&game, sjis(KIF)).expect("write");
    // The names earlier versions used (`.game.kif.kifu-<pid>.tmp`), for the next
    // thousand process ids, all pointing at the victim.
    let last: u32 = std::fs::read_to_string("/proc/sys/kernel/ns_last_pid")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(1);
    for pid in last..last + 1000 {
        let _ = std::os::unix::fs::symlink(&victim, tree.join(format!(".game.kif.kifu-{pid}.tmp")));
    }
    let out = run(kifu()
        .args(["reencode", "--to", "UTF-8", "--in-place"])
        .arg(&tree));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(std::fs::read(&victim).expect("victim"), b"precious");
    let mode = std::fs::metadata(&victim)
        .expect("meta")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600, "the victim's mode is untouched");
    let meta = std::fs::symlink_metadata(&game).expect("meta");
    assert!(
        meta.file_type().is_file(),
        "game.kif is still a regular file"
    );
    assert_eq!(
        std::fs::read_to_string(&game).expect("utf-8"),
        format!("#KIF version=2.0 encoding=UTF-8\r\n{KIF}")
    );
    // The planted links are not kifu's: they stay where they are.
    assert!(std::fs::symlink_metadata(tree.join(format!(".game.kif.kifu-{last}.tmp"))).is_ok());
}

#[test]
fn utf8_with_one_stray_byte_is_never_turned_into_mojibake() {
    let dir = tempfile::tempdir().expect("tempdir");
    let m = dir.path().join("m.sgf");
    let bytes = b"(;FF[4]CA[UTF-8]GM[1]SZ[19]PB[\xe9\xbb\x92]C[\xff])".to_vec();
    std::fs::write(&m, &bytes).expect("write");
    let out = run(kifu()
        .args(["reencode", ".", "--to", "UTF-8", "--in-place"])
        .current_dir(dir.path()));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: ./m.sgf: byte 36 is not valid UTF-8 (declared); 1 malformed sequence(s); left untouched\n"
    );
    assert_eq!(std::fs::read(&m).expect("read"), bytes, "left as it was");
    // Without the declaration the same: UTF-8 with a stray byte, not a legacy text.
    let n = dir.path().join("n.sgf");
    std::fs::write(&n, b"(;FF[4]GM[1]SZ[19]PB[\xe9\xbb\x92]C[\xff])").expect("write");
    let out = run(kifu().args(["validate", "--json"]).arg(&n));
    let lines = json_lines(&out.stdout);
    assert_eq!(lines[0]["code"], "text::malformed");
    assert_eq!(lines[0]["message"], "bytes 27..28 are not valid UTF-8");
    assert_eq!(lines[1]["encoding"], "UTF-8");
    assert_eq!(lines[1]["encoding_decided_by"], "utf8-mostly");
}

#[test]
fn a_file_changed_during_the_run_is_left_with_every_appended_line() {
    // A writer appends a line every few milliseconds while reencode runs again and
    // again over a tree around it: no appended line may be lost.
    let dir = tempfile::tempdir().expect("tempdir");
    for i in 0..150 {
        std::fs::write(dir.path().join(format!("g{i:03}.kif")), sjis(KIF)).expect("write");
    }
    let target = dir.path().join("g075.kif");
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let target = target.clone();
        let stop = stop.clone();
        std::thread::spawn(move || {
            use std::io::Write;
            let mut n = 0u32;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let mut f = std::fs::OpenOptions::new()
                    .append(true)
                    .open(&target)
                    .expect("open");
                f.write_all(format!("*appended {n}\r\n").as_bytes())
                    .expect("append");
                n += 1;
                std::thread::sleep(Duration::from_millis(3));
            }
            n
        })
    };
    let mut changed_seen = false;
    for _ in 0..6 {
        // Each round puts the target back into Shift_JIS, so each run rewrites it.
        let out = run(kifu()
            .args(["reencode", "--to", "Shift_JIS", "--in-place", "--json"])
            .arg(dir.path()));
        let lines = json_lines(&out.stdout);
        changed_seen |= lines
            .iter()
            .any(|l| l["detail"] == "changed during the run; left untouched");
        let _ = run(kifu()
            .args(["reencode", "--to", "UTF-8", "--in-place", "--json"])
            .arg(dir.path()));
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let appended = writer.join().expect("writer");
    let bytes = std::fs::read(&target).expect("read");
    let text = String::from_utf8_lossy(&bytes);
    let missing: Vec<u32> = (0..appended)
        .filter(|n| !text.contains(&format!("*appended {n}\r\n")))
        .collect();
    assert!(missing.is_empty(), "lost appended lines {missing:?}");
    assert!(appended > 20, "the writer ran ({appended} lines)");
    // Not asserted: whether a run happened to see the change (timing decides).
    let _ = changed_seen;
}

#[test]
fn hard_links_are_reported_and_left_alone_unless_broken() {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = dir.path().join("a.kif");
    let b = dir.path().join("b.kif");
    std::fs::write(&a, sjis(KIF)).expect("write");
    std::fs::hard_link(&a, &b).expect("link");
    let out = run(kifu()
        .args(["reencode", "--to", "UTF-8", "--in-place", "--json"])
        .arg(dir.path()));
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out.stdout);
    for (line, name) in lines.iter().zip(["a.kif", "b.kif"]) {
        assert!(
            line["path"].as_str().unwrap_or("").ends_with(name),
            "{line}"
        );
        assert_eq!(line["outcome"], "skipped");
        assert_eq!(
            line["detail"],
            "2 names share this file (hard links); left alone (--break-links converts this name on its own)"
        );
    }
    assert_eq!(lines[2]["files"], 2);
    assert_eq!(std::fs::read(&a).expect("a"), sjis(KIF));

    let out = run(kifu()
        .args([
            "reencode",
            "--to",
            "UTF-8",
            "--in-place",
            "--json",
            "--break-links",
        ])
        .arg(dir.path()));
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out.stdout);
    assert_eq!(lines[0]["outcome"], "converted", "{}", lines[0]);
    assert_eq!(lines[1]["outcome"], "converted", "{}", lines[1]);
    let utf8 = format!("#KIF version=2.0 encoding=UTF-8\r\n{KIF}");
    assert_eq!(std::fs::read_to_string(&a).expect("a"), utf8);
    assert_eq!(std::fs::read_to_string(&b).expect("b"), utf8);
}

#[test]
fn mode_owner_and_modification_time_are_kept_and_touch_sets_now() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = dir.path().join("user.kif");
    std::fs::write(&f, sjis(KIF)).expect("write");
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let old = std::time::SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000_000);
    std::fs::File::options()
        .write(true)
        .open(&f)
        .and_then(|h| h.set_modified(old))
        .expect("set mtime");
    let foreign = is_root();
    if foreign {
        std::os::unix::fs::chown(&f, Some(12345), Some(23456)).expect("chown");
    } else {
        eprintln!("not root: the owner part of this test only checks the owner is kept");
    }
    let before = std::fs::metadata(&f).expect("meta");
    let out = run(kifu()
        .args(["reencode", "--to", "UTF-8", "--in-place"])
        .arg(&f));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let after = std::fs::metadata(&f).expect("meta");
    assert_ne!(after.ino(), before.ino(), "replaced by a new file");
    assert_eq!(after.mode() & 0o7777, 0o600);
    assert_eq!((after.uid(), after.gid()), (before.uid(), before.gid()));
    if foreign {
        assert_eq!((after.uid(), after.gid()), (12345, 23456));
    }
    assert_eq!(after.modified().expect("mtime"), old);

    std::fs::write(&f, sjis(KIF)).expect("write");
    let out = run(kifu()
        .args(["reencode", "--to", "UTF-8", "--in-place", "--touch"])
        .arg(&f));
    assert_eq!(out.status.code(), Some(0));
    let touched = std::fs::metadata(&f)
        .expect("meta")
        .modified()
        .expect("mtime");
    assert!(touched > old + Duration::from_secs(86400 * 365 * 10));
}

#[test]
fn convert_refuses_two_inputs_with_one_output_before_writing_anything() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path().join("d");
    std::fs::create_dir(&d).expect("mkdir");
    std::fs::write(d.join("game.sgf"), "(;GM[1]FF[4]SZ[9];B[ee])").expect("write");
    std::fs::write(d.join("game.kif"), KIF).expect("write");
    std::fs::write(d.join("other.sgf"), "(;GM[1]FF[4]SZ[9];B[cc])").expect("write");
    let out_dir = dir.path().join("out");
    let out = run(kifu()
        .args(["convert", "-t", "json", "--out-dir"])
        .arg(&out_dir)
        .arg(&d));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "error: nothing written: {} and {} would both be written to {}; convert them separately or use --keep-extension\n(see kifu --help)\n",
            d.join("game.kif").display(),
            d.join("game.sgf").display(),
            out_dir.join("game.json").display()
        )
    );
    assert!(!out_dir.exists(), "nothing written, not even the directory");

    let out = run(kifu()
        .args(["convert", "-t", "json", "--keep-extension", "--out-dir"])
        .arg(&out_dir)
        .arg(&d));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let mut names: Vec<String> = std::fs::read_dir(&out_dir)
        .expect("out")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["game.kif.json", "game.sgf.json", "other.sgf.json"]);
}

#[test]
fn convert_may_write_over_its_own_input() {
    let dir = tempfile::tempdir().expect("tempdir");
    let g = dir.path().join("game.sgf");
    std::fs::write(&g, "(;GM[1]FF[4]SZ[9]\n;B[ee]  ;W[cc])").expect("write");
    std::fs::set_permissions(&g, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let out = run(kifu().args(["convert", "-t", "sgf", "-o"]).arg(&g).arg(&g));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = std::fs::read_to_string(&g).expect("read");
    assert!(text.contains(";B[ee]") && text.contains(";W[cc]"), "{text}");
    let mode = std::fs::metadata(&g).expect("meta").mode();
    assert_eq!(mode & 0o777, 0o640, "the replaced file's mode is kept");
    assert!(temporaries(dir.path()).is_empty());
}

/// An SGF collection whose JSON takes a while to write.
fn big_collection(games: usize) -> String {
    let mut s = String::new();
    for g in 0..games {
        s.push_str(&format!("(;GM[1]FF[4]SZ[19]GN[game {g}]"));
        for m in 0..200u32 {
            let colour = if m % 2 == 0 { 'B' } else { 'W' };
            let x = (b'a' + (m % 19) as u8) as char;
            let y = (b'a' + ((m / 19 + g as u32) % 19) as u8) as char;
            s.push_str(&format!(";{colour}[{x}{y}]C[move {m}]"));
        }
        s.push_str(")\n");
    }
    s
}

#[test]
fn convert_killed_at_any_moment_leaves_the_old_output_or_the_whole_new_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("big.sgf");
    std::fs::write(&input, big_collection(150)).expect("write");
    let output = dir.path().join("big.json");
    // The whole conversion, for reference and for its duration.
    let start = Instant::now();
    let full = run(kifu().args(["convert", "-t", "json"]).arg(&input));
    let took = start.elapsed();
    assert_eq!(full.status.code(), Some(0));
    let old = b"old output".to_vec();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut outcomes = (0, 0);
    for _ in 0..10 {
        std::fs::write(&output, &old).expect("write");
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        // Most kills land near the end, where the output is written.
        let wait = took.mul_f64(0.6 + (seed % 1000) as f64 / 1000.0 * 0.5);
        let mut child = kifu()
            .args(["convert", "-t", "json", "-o"])
            .arg(&output)
            .arg(&input)
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn");
        std::thread::sleep(wait);
        let _ = child.kill();
        let _ = child.wait();
        let now = std::fs::read(&output).expect("output");
        if now == old {
            outcomes.0 += 1;
        } else {
            assert!(now == full.stdout, "a partial output under the final name");
            outcomes.1 += 1;
        }
    }
    assert_eq!(outcomes.0 + outcomes.1, 10);
}

#[test]
fn convert_on_a_full_disk_keeps_the_input_and_leaves_no_partial_output() {
    let Some(disk) = SmallDisk::mount("256k", "convert on a full disk") else {
        return;
    };
    let g = disk.path().join("game.sgf");
    let original = big_collection(1);
    std::fs::write(&g, &original).expect("write");
    disk.fill();
    let out = run(kifu().args(["convert", "-t", "sgf", "-o"]).arg(&g).arg(&g));
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot write") && err.contains("No space left on device"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&g).expect("read"), original);
    assert!(temporaries(disk.path()).is_empty());

    // Many outputs: none appears under its final name, empty or partial.
    let src = tempfile::tempdir().expect("tempdir");
    for i in 0..20 {
        std::fs::write(src.path().join(format!("g{i}.sgf")), big_collection(1)).expect("write");
    }
    let out_dir = disk.path().join("out");
    let out = run(kifu()
        .args(["convert", "-t", "json", "--out-dir"])
        .arg(&out_dir)
        .arg(src.path()));
    assert_eq!(out.status.code(), Some(1));
    let written: Vec<PathBuf> = walkdir::WalkDir::new(&out_dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .collect();
    assert!(written.is_empty(), "{written:?}");
}

#[test]
fn reencode_on_a_full_disk_leaves_every_file_as_it_was() {
    let Some(disk) = SmallDisk::mount("256k", "reencode on a full disk") else {
        return;
    };
    for i in 0..5 {
        std::fs::write(disk.path().join(format!("g{i}.kif")), sjis(KIF)).expect("write");
    }
    disk.fill();
    let out = run(kifu()
        .args(["reencode", "--to", "UTF-8", "--in-place", "--json"])
        .arg(disk.path()));
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out.stdout);
    for line in &lines[..5] {
        assert_eq!(line["outcome"], "failed", "{line}");
        assert!(
            line["detail"]
                .as_str()
                .unwrap_or("")
                .starts_with("cannot write: No space left on device"),
            "{line}"
        );
    }
    for i in 0..5 {
        assert_eq!(
            std::fs::read(disk.path().join(format!("g{i}.kif"))).expect("read"),
            sjis(KIF)
        );
    }
    assert!(temporaries(disk.path()).is_empty());
}

#[test]
fn cleanup_takes_only_kifus_own_leftovers_in_the_directories_written() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path().join("src");
    let out_dir = dir.path().join("out");
    std::fs::create_dir_all(&src).expect("mkdir");
    std::fs::create_dir_all(&out_dir).expect("mkdir");
    std::fs::write(src.join("a.kif"), sjis(KIF)).expect("write");
    // Named like a leftover of an old version, and like a new one, in the source tree:
    // an --out-dir run writes nothing there, so it removes nothing there.
    std::fs::write(src.join(".a.kif.kifu-0.tmp"), "user data").expect("write");
    std::fs::write(src.join(".kifu-0-aaaaaaaaaaaa.tmp"), "x").expect("write");
    // A real leftover in the directory written, and a link named like one.
    std::fs::write(out_dir.join(".kifu-0-bbbbbbbbbbbb.tmp"), "x").expect("write");
    std::os::unix::fs::symlink(src.join("a.kif"), out_dir.join(".kifu-0-cccccccccccc.tmp"))
        .expect("link");
    let out = run(kifu()
        .args(["reencode", "--to", "UTF-8", "--json", "--out-dir"])
        .arg(&out_dir)
        .arg(&src));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.last().expect("summary")["stale_removed"], 1);
    assert!(src.join(".a.kif.kifu-0.tmp").exists());
    assert!(src.join(".kifu-0-aaaaaaaaaaaa.tmp").exists());
    assert!(!out_dir.join(".kifu-0-bbbbbbbbbbbb.tmp").exists());
    assert!(std::fs::symlink_metadata(out_dir.join(".kifu-0-cccccccccccc.tmp")).is_ok());
    assert_eq!(std::fs::read(src.join("a.kif")).expect("read"), sjis(KIF));
}

#[test]
fn convert_strict_refuses_an_encoding_that_was_only_guessed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let g = dir.path().join("big5.sgf");
    let (bytes, _, _) = encoding_rs::BIG5.encode(
        "(;GM[1]FF[4]SZ[19]PB[圍棋高手]PW[張栩]C[圍棋是一種古老的遊戲，從其被遺忘的中國起源開始，首先傳播到東亞其他地區。])",
    );
    std::fs::write(&g, &bytes).expect("write");
    let out = run(kifu().args(["convert", "-t", "sgf", "--strict"]).arg(&g));
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.ends_with(&format!(
            "error: {}: not converted: its encoding (Big5) is a statistical guess and --strict (give --encoding to be sure)\n",
            g.display()
        )),
        "{err}"
    );
    let out = run(kifu().args(["convert", "-t", "sgf"]).arg(&g));
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("PB[圍棋高手]"));
}

#[test]
fn a_file_name_cannot_forge_a_verdict_line_or_reach_the_terminal_raw() {
    // A name that, printed raw, would clear the line and add a verdict of its own.
    let dir = tempfile::tempdir().expect("tempdir");
    let name = std::ffi::OsStr::from_bytes(b"x.sgf: ok (1 game(s))\n\x1b[2K\xff.sgf");
    std::fs::write(dir.path().join(name), "(;GM[1]SZ[9];B[zz])").expect("write");
    let out = run(kifu().current_dir(dir.path()).args(["validate", "."]));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "./x.sgf: ok (1 game(s))\\n\\x1b[2K\\xff.sgf: invalid (1 game(s), 1 error(s), 0 warning(s))\n"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "./x.sgf: ok (1 game(s))\\n\\x1b[2K\\xff.sgf:1:15: error[sgf::bad-point]: B[zz] is off the board (column 26, row 26)\n  |\n1 | (;GM[1]SZ[9];B[zz])\n  |               ^^^^\n"
    );
}

// ---- Outputs that are not regular files, signals, a closed standard output (#32) ----

/// Two small games, and for each command that takes `-o` its arguments before `-o`.
fn output_cases(dir: &Path) -> Vec<(&'static str, Vec<std::ffi::OsString>)> {
    let g = dir.join("g.sgf");
    let h = dir.join("h.sgf");
    std::fs::write(&g, "(;GM[1]FF[4]SZ[9]PB[Black];B[ee];W[cc])").expect("write");
    std::fs::write(&h, "(;GM[1]FF[4]SZ[9]PB[Other];B[dd])").expect("write");
    let os = |items: &[&dyn AsRef<std::ffi::OsStr>]| -> Vec<std::ffi::OsString> {
        items.iter().map(|s| s.as_ref().to_os_string()).collect()
    };
    vec![
        ("convert", os(&[&"convert", &"-t", &"sgf", &g])),
        ("merge", os(&[&"merge", &"-t", &"sgf", &g, &h])),
        ("show", os(&[&"show", &"--svg", &g])),
        ("filter", os(&[&"filter", &"-t", &"sgf", &g, &h])),
        ("dedup", os(&[&"dedup", &"-t", &"sgf", &g, &h])),
    ]
}

/// What a command writes to a regular file given with `-o` (checked not empty).
fn expected_output(dir: &Path, name: &str, args: &[std::ffi::OsString]) -> Vec<u8> {
    let file = dir.join(format!("expected-{name}"));
    let out = run(kifu().args(args).arg("-o").arg(&file));
    assert_eq!(out.status.code(), Some(0), "{name}: {out:?}");
    let bytes = std::fs::read(&file).expect("expected output");
    assert!(!bytes.is_empty(), "{name}: an empty output");
    bytes
}

#[test]
fn a_device_given_to_o_stays_a_device_for_every_command() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().expect("tempdir");
    // A null device of the test's own (char 1:3) first: should kifu replace it, only
    // this one is lost, and the run stops before /dev/null itself is tried.
    let own = dir.path().join("null");
    let made = is_root()
        && Command::new("mknod")
            .arg(&own)
            .args(["c", "1", "3"])
            .status()
            .is_ok_and(|s| s.success());
    if !made {
        eprintln!("skipped a_device_given_to_o_stays_a_device: mknod needs root; CI runs it");
        return;
    }
    for device in [own.as_path(), Path::new("/dev/null")] {
        for (name, args) in output_cases(dir.path()) {
            let out = run(kifu().args(&args).arg("-o").arg(device));
            assert_eq!(out.status.code(), Some(0), "{name} -o {device:?}: {out:?}");
            let meta = std::fs::symlink_metadata(device).expect("device");
            assert!(
                meta.file_type().is_char_device(),
                "{name} replaced {device:?}"
            );
            assert!(
                temporaries(dir.path()).is_empty(),
                "{name}: a temporary file left"
            );
        }
    }
}

#[test]
fn a_fifo_given_to_o_is_written_to_its_reader_for_every_command() {
    use std::io::Read;
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, args) in output_cases(dir.path()) {
        let expected = expected_output(dir.path(), name, &args);
        let fifo = dir.path().join(format!("{name}.fifo"));
        let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                std::fs::File::open(&fifo)
                    .and_then(|mut f| f.read_to_end(&mut bytes))
                    .expect("read the FIFO");
                bytes
            })
        };
        let out = run(kifu().args(&args).arg("-o").arg(&fifo));
        let still = std::fs::symlink_metadata(&fifo).expect("fifo");
        // Checked before joining: a replaced FIFO never gets a writer, its reader
        // would wait for ever.
        assert!(
            still.file_type().is_fifo(),
            "{name} replaced the FIFO: {out:?}"
        );
        assert_eq!(out.status.code(), Some(0), "{name}: {out:?}");
        assert_eq!(reader.join().expect("reader"), expected, "{name}");
        assert!(
            temporaries(dir.path()).is_empty(),
            "{name}: a temporary file left"
        );
    }
}

#[test]
fn a_link_given_to_o_is_written_through_for_every_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    let targets = dir.path().join("targets");
    std::fs::create_dir(&targets).expect("mkdir");
    for (name, args) in output_cases(dir.path()) {
        let expected = expected_output(dir.path(), name, &args);
        let target = targets.join(format!("{name}.out"));
        std::fs::write(&target, "old text").expect("write");
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        let link = dir.path().join(format!("{name}.link"));
        std::os::unix::fs::symlink(format!("targets/{name}.out"), &link).expect("link");
        let out = run(kifu().args(&args).arg("-o").arg(&link));
        assert_eq!(out.status.code(), Some(0), "{name}: {out:?}");
        let meta = std::fs::symlink_metadata(&link).expect("link");
        assert!(
            meta.file_type().is_symlink(),
            "{name}: the link was replaced"
        );
        assert_eq!(std::fs::read(&target).expect("target"), expected, "{name}");
        let mode = std::fs::metadata(&target).expect("target").mode() & 0o777;
        assert_eq!(mode, 0o640, "{name}: the target's mode");
        assert!(
            temporaries(dir.path()).is_empty(),
            "{name}: a temporary file left"
        );
    }
}

#[test]
fn dev_stdout_and_dev_fd_given_to_o_write_to_that_descriptor_for_every_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    // /dev/fd/1 first (as `-o >(cmd)` names a pipe): should kifu stage beside it, it
    // cannot create a file there, and the run stops before /dev/stdout is tried.
    for descriptor in ["/dev/fd/1", "/dev/stdout"] {
        for (name, args) in output_cases(dir.path()) {
            // What the command prints (dedup's summary) and then what it writes.
            let file = dir.path().join(format!("reference-{name}"));
            let reference = run(kifu().args(&args).arg("-o").arg(&file));
            let mut expected = reference.stdout;
            expected.extend(std::fs::read(&file).expect("reference"));
            let out = run(kifu().args(&args).arg("-o").arg(descriptor));
            assert_eq!(
                out.status.code(),
                Some(0),
                "{name} -o {descriptor}: {out:?}"
            );
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&expected),
                "{name} -o {descriptor}"
            );
        }
    }
    let stdout = std::fs::symlink_metadata("/dev/stdout").expect("/dev/stdout");
    assert!(stdout.file_type().is_symlink() || !stdout.file_type().is_file());
}

/// Runs kifu with `args` until a temporary file of its appears in `dir`, then sends
/// it `signal`; returns its exit status.
fn interrupted(args: &[std::ffi::OsString], dir: &Path, signal: &str) -> std::process::ExitStatus {
    let mut child = kifu()
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    let start = Instant::now();
    while temporaries(dir).is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no temporary file appeared"
        );
        if let Ok(Some(status)) = child.try_wait() {
            panic!("kifu ended before it was interrupted: {status:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let sent = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(child.id().to_string())
        .status()
        .expect("kill");
    assert!(sent.success());
    child.wait().expect("wait")
}

#[test]
fn merge_and_convert_interrupted_by_a_signal_remove_their_temporary_files_and_exit_128_plus_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("big.sgf");
    // About 20 MB of games: merging them takes far longer than the signal needs.
    std::fs::write(&input, big_collection(4000)).expect("write");
    let out_dir = dir.path().join("out");
    std::fs::create_dir(&out_dir).expect("mkdir");
    let output = out_dir.join("all.sgf");
    std::fs::write(&output, "old collection").expect("write");
    let args: Vec<std::ffi::OsString> = vec![
        "merge".into(),
        "-o".into(),
        output.clone().into(),
        input.clone().into(),
    ];
    for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let status = interrupted(&args, &out_dir, signal);
        assert_eq!(status.code(), Some(code), "SIG{signal}: {status:?}");
        assert_eq!(temporaries(&out_dir), Vec::<PathBuf>::new(), "SIG{signal}");
        assert_eq!(std::fs::read(&output).expect("output"), b"old collection");
    }
    // convert -o stages through the same register.
    let args: Vec<std::ffi::OsString> = vec![
        "convert".into(),
        "-t".into(),
        "sgf".into(),
        "-o".into(),
        output.clone().into(),
        input.clone().into(),
    ];
    let status = interrupted(&args, &out_dir, "TERM");
    assert_eq!(status.code(), Some(143), "convert: {status:?}");
    assert_eq!(temporaries(&out_dir), Vec::<PathBuf>::new(), "convert");
    assert_eq!(std::fs::read(&output).expect("output"), b"old collection");
}

/// `split` keeps each file it stages closed until the input is read (its names wait
/// for the count of games): an interrupted split removes those closed files too.
#[test]
fn split_interrupted_by_a_signal_removes_its_closed_temporary_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("big.sgf");
    std::fs::write(&input, big_collection(4000)).expect("write");
    let out_dir = dir.path().join("out");
    std::fs::create_dir(&out_dir).expect("mkdir");
    let args: Vec<std::ffi::OsString> = vec![
        "split".into(),
        input.clone().into(),
        "--out-dir".into(),
        out_dir.clone().into(),
    ];
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let status = interrupted(&args, &out_dir, signal);
        assert_eq!(status.code(), Some(code), "SIG{signal}: {status:?}");
        assert_eq!(temporaries(&out_dir), Vec::<PathBuf>::new(), "SIG{signal}");
        assert_eq!(
            std::fs::read_dir(&out_dir).expect("list").count(),
            0,
            "SIG{signal}: nothing named before the end of the input"
        );
    }
}

#[test]
fn every_command_writing_to_o_sweeps_stale_temporaries_beside_its_output() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out_dir = dir.path().join("out");
    std::fs::create_dir(&out_dir).expect("mkdir");
    for (name, args) in output_cases(dir.path()) {
        // A leftover of a process that is gone (no process has id 0).
        let stale = out_dir.join(".kifu-0-abcdefABCDEF.tmp");
        std::fs::write(&stale, "half an output").expect("write");
        let out = run(kifu()
            .args(&args)
            .arg("-o")
            .arg(out_dir.join(format!("{name}.out"))));
        assert_eq!(out.status.code(), Some(0), "{name}: {out:?}");
        assert!(!stale.exists(), "{name} left the stale temporary file");
        assert!(
            String::from_utf8_lossy(&out.stderr)
                .contains("removed 1 temporary file(s) left by an interrupted run"),
            "{name}: {out:?}"
        );
    }
}

/// Runs kifu with its standard output closed (`>&-`).
fn with_stdout_closed(args: &[&str], dir: &Path) -> Output {
    run(Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" \"$@\" >&-")
        .arg(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(dir))
}

#[test]
fn a_closed_standard_output_is_an_error_and_a_closed_pipe_is_quiet() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("g.sgf"), "(;GM[1]FF[4]SZ[9];B[ee])").expect("write");
    let game = format!("(;GM[1]FF[4]SZ[9]C[{}];B[ee])\n", "x".repeat(200));
    std::fs::write(dir.path().join("big.sgf"), game.repeat(2000)).expect("write");
    let message = b"error: cannot write output: standard output is closed (Bad file descriptor)\n";
    for args in [
        &["convert", "-t", "sgf", "g.sgf"][..],
        &["validate", "--json", "g.sgf"][..],
        &["validate", "g.sgf"][..],
        &["--version"][..],
        &["convert", "-t", "sgf", "g.sgf", "-o", "/dev/stdout"][..],
        &["merge", "-t", "sgf", "g.sgf", "-o", "/dev/fd/1"][..],
        &["filter", "-t", "sgf", "g.sgf", "-o", "/dev/stdout"][..],
    ] {
        let out = with_stdout_closed(args, dir.path());
        match args
            .iter()
            .position(|a| *a == "-o")
            .and_then(|i| args.get(i + 1))
        {
            // Named with -o, it fails as an output that cannot be opened does: the
            // file fails for convert (1), the run for the others (2).
            Some(named) => {
                let code = if args[0] == "convert" { 1 } else { 2 };
                assert_eq!(out.status.code(), Some(code), "{args:?}: {out:?}");
                let said = format!("cannot write {named}: Bad file descriptor (os error 9)");
                assert!(
                    String::from_utf8_lossy(&out.stderr).contains(&said),
                    "{args:?}: {out:?}"
                );
            }
            None => {
                assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
                assert_eq!(out.stderr, message, "{args:?}");
            }
        }
        // A pipe whose reader is gone stops the run quietly, as before: with more
        // output than a pipe holds, so that a write does meet the closed pipe.
        if args == ["--version"] {
            continue;
        }
        let args: Vec<&str> = args
            .iter()
            .map(|&a| if a == "g.sgf" { "big.sgf" } else { a })
            .collect();
        let mut child = kifu()
            .arg("-q")
            .args(&args)
            .current_dir(dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("wait");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        assert_eq!(out.stderr, b"", "{args:?}");
    }
    // Nothing for standard output: nothing fails.
    let out = with_stdout_closed(
        &["convert", "-t", "sgf", "g.sgf", "-o", "out.sgf"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        std::fs::read(dir.path().join("out.sgf")).expect("out"),
        b"(;FF[4]CA[UTF-8]GM[1]SZ[9]\n;B[ee])\n"
    );
}

#[test]
fn merge_refuses_an_output_that_is_an_input_through_a_link_or_a_hard_link() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("g.sgf");
    let text = "(;GM[1]FF[4]SZ[9];B[ee])";
    std::fs::write(&input, text).expect("write");
    std::os::unix::fs::symlink("g.sgf", dir.path().join("link.sgf")).expect("link");
    std::fs::hard_link(&input, dir.path().join("hard.sgf")).expect("hard link");
    for output in ["link.sgf", "hard.sgf"] {
        let out = run(kifu()
            .args(["merge", "g.sgf", "-t", "sgf", "-o", output])
            .current_dir(dir.path()));
        assert_eq!(out.status.code(), Some(2), "{output}: {out:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "error: nothing written: g.sgf is both an input and the output\n(see kifu --help)\n",
            "{output}"
        );
        assert_eq!(std::fs::read_to_string(&input).expect("input"), text);
    }
}

#[test]
fn a_fifo_gets_nothing_from_a_conversion_refused_at_its_second_game() {
    use std::io::Read;
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("two.usi");
    std::fs::write(
        &input,
        "position startpos moves 7g7f 3c3d\nposition startpos moves 2g2f\n",
    )
    .expect("write");
    let fifo = dir.path().join("out.kif");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo")
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            std::fs::File::open(&fifo)
                .and_then(|mut f| f.read_to_end(&mut bytes))
                .expect("read the FIFO");
            bytes
        })
    };
    let out = run(kifu()
        .args(["convert", "-t", "kif", "-o"])
        .arg(&fifo)
        .arg(&input));
    let still = std::fs::symlink_metadata(&fifo).expect("fifo");
    assert!(
        still.file_type().is_fifo(),
        "the FIFO was replaced: {out:?}"
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    // Held as standard output is: the first game is not sent before the refusal.
    assert_eq!(reader.join().expect("reader"), b"");
}

/// Issue #32, point 5: a Kifu for Macintosh KIF (Shift_JIS, CR-only line ends) read as
/// 0 moves, "ok", and converted to an empty game. Every move now arrives, in `validate`,
/// `info` and `convert`, exactly as from the same file with CRLF line ends.
#[test]
fn a_cr_only_kif_keeps_every_move() {
    let dir = tempfile::tempdir().expect("tempdir");
    let moves = [
        "７六歩(77)",
        "３四歩(33)",
        "２六歩(27)",
        "８四歩(83)",
        "２五歩(26)",
        "８五歩(84)",
    ];
    let mut text = String::from(
        "開始日時：2026/11/25\r手合割：平手\r先手：甲\r後手：乙\r手数----指手---------消費時間--\r",
    );
    for (i, m) in moves.iter().enumerate() {
        text.push_str(&format!("{:>4} {m}   ( 0:01/00:00:{:02})\r", i + 1, i + 1));
    }
    text.push_str("まで6手で中断\r");
    let mac = dir.path().join("mac.kif");
    std::fs::write(&mac, sjis(&text)).expect("write");
    let out = run(kifu().arg("validate").arg(&mac));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "{}: ok (1 game(s), 0 error(s), 0 warning(s))\n",
            mac.display()
        )
    );
    assert_eq!(out.status.code(), Some(0));
    let out = run(kifu().args(["info", "--json"]).arg(&mac));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["games"][0]["moves"], 6);
    let out = run(kifu().args(["convert", "-t", "usi"]).arg(&mac));
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .starts_with("position startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e"),
        "{out:?}"
    );
    // The same file with CRLF line ends reads the same.
    let win = dir.path().join("win.kif");
    std::fs::write(&win, sjis(&text.replace('\r', "\r\n"))).expect("write");
    let games = |path: &Path| {
        let out = run(kifu().args(["convert", "-t", "json"]).arg(path));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        v["games"].clone()
    };
    let (a, b) = (games(&mac), games(&win));
    assert_eq!(a, b);
    assert_eq!(a[0]["tree"]["nodes"].as_array().map(Vec::len), Some(7));
}

#[test]
fn reencode_out_dir_inside_the_input_tree_overwrites_no_input() {
    let dir = tempfile::tempdir().expect("tempdir");
    let archive = dir.path().join("archive");
    std::fs::create_dir_all(archive.join("utf8")).expect("mkdir");
    std::fs::write(archive.join("a.kif"), sjis(KIF)).expect("write");
    let other =
        b"#KIF version=2.0 encoding=UTF-8\r\n\xe5\x85\x88\xe6\x89\x8b\xef\xbc\x9a\xe4\xb9\x99\r\n";
    std::fs::write(archive.join("utf8/a.kif"), other).expect("write");
    let out = run(kifu()
        .args([
            "reencode",
            "archive",
            "--to",
            "UTF-8",
            "--out-dir",
            "archive/utf8",
        ])
        .current_dir(dir.path()));
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: nothing written: archive/a.kif would be written to archive/utf8/a.kif, \
         which is the input archive/utf8/a.kif; give an --out-dir outside the inputs\n\
         (see kifu --help)\n"
    );
    assert_eq!(
        std::fs::read(archive.join("utf8/a.kif")).expect("read"),
        other
    );
    assert_eq!(
        std::fs::read(archive.join("a.kif")).expect("read"),
        sjis(KIF)
    );
    assert!(!archive.join("utf8/utf8").exists(), "nothing written");
    assert!(temporaries(dir.path()).is_empty());
}

#[cfg(target_os = "linux")]
/// Runs `cmd` with the test-only pause after its walk (`KIFU_TEST_PAUSE_AFTER_WALK`,
/// debug builds): once kifu waits there, `change` runs, then kifu goes on. Fails if
/// kifu ends without pausing.
fn run_with_change_after_walk(cmd: &mut Command, change: impl FnOnce()) -> Output {
    let fifo_dir = tempfile::tempdir().expect("tempdir");
    let fifo = fifo_dir.path().join("pause");
    let c = std::ffi::CString::new(fifo.as_os_str().as_bytes()).expect("path");
    // SAFETY: `c` is a valid C string for the duration of the call.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo");
    let mut child = cmd
        .env("KIFU_TEST_PAUSE_AFTER_WALK", &fifo)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kifu runs");
    let started = Instant::now();
    // Opening the FIFO for writing without waiting succeeds once kifu has opened it
    // for reading: kifu has walked and waits.
    let writer = loop {
        use std::os::unix::fs::OpenOptionsExt;
        match std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&fifo)
        {
            Ok(w) => break Some(w),
            Err(_) if started.elapsed() < Duration::from_secs(60) => {
                if child.try_wait().expect("wait").is_some() {
                    break None;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(_) => break None,
        }
    };
    let paused = writer.is_some();
    if paused {
        change();
    }
    drop(writer);
    let out = child.wait_with_output().expect("kifu ends");
    assert!(paused, "kifu did not pause after its walk: {out:?}");
    out
}

#[cfg(target_os = "linux")]
#[test]
fn reencode_in_place_never_reads_or_writes_through_a_directory_swapped_for_a_link() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tree = dir.path().join("tree");
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(tree.join("sub")).expect("mkdir");
    std::fs::create_dir(&outside).expect("mkdir");
    std::fs::write(tree.join("sub/g.kif"), sjis(KIF)).expect("write");
    std::fs::write(tree.join("top.kif"), sjis(KIF)).expect("write");
    std::fs::write(outside.join("g.kif"), sjis(KIF)).expect("write");
    let out = run_with_change_after_walk(
        kifu()
            .args([
                "reencode",
                "tree",
                "--to",
                "UTF-8",
                "--in-place",
                "--jobs",
                "1",
            ])
            .current_dir(dir.path()),
        || {
            std::fs::rename(tree.join("sub"), dir.path().join("moved")).expect("mv");
            std::os::unix::fs::symlink(&outside, tree.join("sub")).expect("link");
        },
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: tree/sub/g.kif: changed during the run; left untouched\n"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "converted 1, unchanged 0, skipped 0, failed 1 (2 files); 115 B read, 179 B written\n"
    );
    assert_eq!(
        std::fs::read(outside.join("g.kif")).expect("read"),
        sjis(KIF)
    );
    assert_eq!(std::fs::read_dir(&outside).expect("dir").count(), 1);
    assert_eq!(
        std::fs::read(dir.path().join("moved/g.kif")).expect("read"),
        sjis(KIF)
    );
    assert_eq!(
        std::fs::read_to_string(tree.join("top.kif")).expect("utf-8"),
        format!("#KIF version=2.0 encoding=UTF-8\r\n{KIF}")
    );
    assert!(temporaries(dir.path()).is_empty());
}

#[cfg(target_os = "linux")]
#[test]
fn reencode_out_dir_never_writes_through_an_output_directory_swapped_for_a_link() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tree = dir.path().join("tree");
    let out_dir = dir.path().join("out");
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(tree.join("sub")).expect("mkdir");
    std::fs::create_dir_all(out_dir.join("sub")).expect("mkdir");
    std::fs::create_dir(&outside).expect("mkdir");
    std::fs::write(tree.join("sub/g.kif"), sjis(KIF)).expect("write");
    std::fs::write(outside.join("g.kif"), b"precious").expect("write");
    let out = run_with_change_after_walk(
        kifu()
            .args(["reencode", "tree", "--to", "UTF-8", "--out-dir", "out"])
            .current_dir(dir.path()),
        || {
            std::fs::remove_dir(out_dir.join("sub")).expect("rmdir");
            std::os::unix::fs::symlink(&outside, out_dir.join("sub")).expect("link");
        },
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: tree/sub/g.kif: changed during the run; left untouched\n"
    );
    assert_eq!(
        std::fs::read(outside.join("g.kif")).expect("read"),
        b"precious"
    );
    assert_eq!(std::fs::read_dir(&outside).expect("dir").count(), 1);
    assert!(temporaries(dir.path()).is_empty());
}

/// `filter --out-dir` writes each game through directory handles from DIR: a
/// directory of DIR swapped for a link during the run is never written through.
#[cfg(target_os = "linux")]
#[test]
fn filter_out_dir_never_writes_through_an_output_directory_swapped_for_a_link() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out_dir = dir.path().join("out");
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(dir.path().join("in/sub")).expect("mkdir");
    std::fs::create_dir_all(out_dir.join("sub")).expect("mkdir");
    std::fs::create_dir(&outside).expect("mkdir");
    std::fs::write(dir.path().join("in/sub/g.sgf"), "(;GM[1]SZ[9];B[ee])").expect("write");
    std::fs::write(dir.path().join("in/top.sgf"), "(;GM[1]SZ[9];B[cc])").expect("write");
    std::fs::write(outside.join("g.sgf"), b"precious").expect("write");
    let out = run_with_change_after_walk(
        kifu()
            .args(["filter", "in", "--moves", "1..", "--out-dir", "out"])
            .current_dir(dir.path()),
        || {
            std::fs::remove_dir(out_dir.join("sub")).expect("rmdir");
            std::os::unix::fs::symlink(&outside, out_dir.join("sub")).expect("link");
        },
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(
            "error: in/sub/g.sgf: game 1: cannot write out/sub/g.sgf: changed during the run; left untouched\n"
        ),
        "{out:?}"
    );
    assert_eq!(
        std::fs::read(outside.join("g.sgf")).expect("read"),
        b"precious"
    );
    assert_eq!(std::fs::read_dir(&outside).expect("dir").count(), 1);
    assert!(
        out_dir.join("top.sgf").is_file(),
        "the other game is written"
    );
    assert!(temporaries(dir.path()).is_empty());
}

/// `split` writes its files through the handle of the directory it opened: the
/// directory swapped for a link to another during the run receives nothing there.
#[cfg(target_os = "linux")]
#[test]
fn split_never_writes_through_an_output_directory_swapped_for_a_link() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out_dir = dir.path().join("out");
    let moved = dir.path().join("moved");
    let outside = dir.path().join("outside");
    std::fs::create_dir(&out_dir).expect("mkdir");
    std::fs::create_dir(&outside).expect("mkdir");
    std::fs::write(
        dir.path().join("two.sgf"),
        "(;GM[1]SZ[9];B[ee])(;GM[1]SZ[9];B[cc])",
    )
    .expect("write");
    let out = run_with_change_after_walk(
        kifu()
            .args(["split", "two.sgf", "--out-dir", "out"])
            .current_dir(dir.path()),
        || {
            std::fs::rename(&out_dir, &moved).expect("move the directory away");
            std::os::unix::fs::symlink(&outside, &out_dir).expect("link");
        },
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(std::fs::read_dir(&outside).expect("dir").count(), 0);
    let mut names: Vec<String> = std::fs::read_dir(&moved)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["two-0001.sgf", "two-0002.sgf"]);
}

#[cfg(target_os = "linux")]
#[test]
fn convert_out_dir_never_writes_through_an_output_directory_swapped_for_a_link() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("in");
    let out_dir = dir.path().join("out");
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(input.join("sub")).expect("mkdir");
    std::fs::create_dir_all(out_dir.join("sub")).expect("mkdir");
    std::fs::create_dir(&outside).expect("mkdir");
    std::fs::write(input.join("sub/g.sgf"), "(;GM[1]SZ[9];B[ee])").expect("write");
    std::fs::write(input.join("top.sgf"), "(;GM[1]SZ[9];B[cc])").expect("write");
    std::fs::write(outside.join("g.sgf"), b"precious").expect("write");
    let out = run_with_change_after_walk(
        kifu()
            .args(["convert", "in", "-t", "sgf", "--out-dir", "out"])
            .current_dir(dir.path()),
        || {
            std::fs::remove_dir(out_dir.join("sub")).expect("rmdir");
            std::os::unix::fs::symlink(&outside, out_dir.join("sub")).expect("link");
        },
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: in/sub/g.sgf: cannot write out/sub/g.sgf: changed during the run; left untouched\n\
         error: 1 of 2 files not converted: in/sub/g.sgf\n"
    );
    assert_eq!(
        std::fs::read(outside.join("g.sgf")).expect("read"),
        b"precious"
    );
    assert_eq!(std::fs::read_dir(&outside).expect("dir").count(), 1);
    assert!(
        out_dir.join("top.sgf").is_file(),
        "the other input is converted"
    );
    assert!(temporaries(dir.path()).is_empty());
}

#[cfg(target_os = "linux")]
#[test]
fn convert_out_dir_never_reads_through_an_input_directory_swapped_for_a_link() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("in");
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(input.join("sub")).expect("mkdir");
    std::fs::create_dir(&outside).expect("mkdir");
    std::fs::write(input.join("sub/g.sgf"), "(;GM[1]SZ[9];B[ee])").expect("write");
    std::fs::write(input.join("top.sgf"), "(;GM[1]SZ[9];B[cc])").expect("write");
    std::fs::write(outside.join("g.sgf"), "(;GM[1]SZ[9]C[secret])").expect("write");
    let out = run_with_change_after_walk(
        kifu()
            .args(["convert", "in", "-t", "sgf", "--out-dir", "out"])
            .current_dir(dir.path()),
        || {
            std::fs::rename(input.join("sub"), dir.path().join("moved")).expect("mv");
            std::os::unix::fs::symlink(&outside, input.join("sub")).expect("link");
        },
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: in/sub/g.sgf: cannot read: changed during the run; left untouched\n\
         error: 1 of 2 files not converted: in/sub/g.sgf\n"
    );
    assert!(
        !dir.path().join("out/sub/g.sgf").exists(),
        "nothing read from outside"
    );
    assert!(
        dir.path().join("out/top.sgf").is_file(),
        "the other input is converted"
    );
    assert!(temporaries(dir.path()).is_empty());
}

#[test]
fn reencode_walks_a_directory_named_through_a_link_without_calling_it_skipped() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join("tree/a")).expect("mkdir");
    std::fs::write(dir.path().join("tree/a/g.kif"), sjis(KIF)).expect("write");
    std::os::unix::fs::symlink("tree", dir.path().join("link")).expect("link");
    let out = run(kifu()
        .args(["reencode", "link", "--to", "UTF-8", "--in-place"])
        .current_dir(dir.path()));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "converted 1, unchanged 0, skipped 0, failed 0 (1 files); 115 B read, 179 B written\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("tree/a/g.kif")).expect("utf-8"),
        format!("#KIF version=2.0 encoding=UTF-8\r\n{KIF}")
    );
}

#[test]
fn split_on_a_full_disk_fails_its_input_with_exit_1_and_leaves_nothing() {
    // #32: split exited 2 on a full disk where every other command exits 1.
    let Some(disk) = SmallDisk::mount("256k", "split on a full disk") else {
        return;
    };
    let src = tempfile::tempdir().expect("tempdir");
    let input = src.path().join("many.sgf");
    std::fs::write(&input, big_collection(5)).expect("write");
    let out_dir = disk.path().join("out");
    std::fs::create_dir(&out_dir).expect("mkdir");
    disk.fill();
    let out = run(kifu()
        .arg("split")
        .arg(&input)
        .arg("--out-dir")
        .arg(&out_dir));
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err,
        format!(
            "error: cannot write under {}: No space left on device (os error 28)\n",
            out_dir.display()
        )
    );
    assert_eq!(std::fs::read_dir(&out_dir).expect("list").count(), 0);
}

/// Issue #32, point 6: an 81Dojo time column `( 0:7/)` keeps its move; KIF → KIF
/// writes the column back as written, KIF → JSON keeps every move.
#[test]
fn an_unreadable_kif_time_column_keeps_its_move() {
    let dir = tempfile::tempdir().expect("tempdir");
    let g = dir.path().join("81dojo.kif");
    let kif = "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:7/)\n   2 ３四歩(33)   ( 0:01/00:00:01)\n   3 投了\n";
    std::fs::write(&g, sjis(kif)).expect("write");
    let out = run(kifu().args(["convert", "-t", "json"]).arg(&g));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let nodes = json["games"][0]["tree"]["nodes"].as_array().expect("nodes");
    assert_eq!(nodes.iter().filter(|n| n.get("move").is_some()).count(), 2);
    assert_eq!(
        nodes[1]["extras"],
        serde_json::json!([{"key": "kif:time", "values": ["( 0:7/)"]}])
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "{}:5:16: error[kif::bad-time]: cannot read the time \" 0:7/\": the move is kept, and the time as written (move 1)\n",
            g.display()
        )),
        "{err}"
    );
    let out = run(kifu()
        .args(["convert", "-t", "kif", "--output-encoding", "UTF-8"])
        .arg(&g));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "#KIF version=2.0 encoding=UTF-8\n{}",
            kif.replace("   3 投了\n", "   3 投了        \n")
        )
    );
}

/// Issue #32, point 7c: `-t usi` writes what USI engines accept, moves only; the end
/// is a loss unless `--usi-endings` asks for its token.
#[test]
fn usi_output_is_moves_only_unless_end_tokens_are_asked_for() {
    let dir = tempfile::tempdir().expect("tempdir");
    let g = dir.path().join("g.usi");
    std::fs::write(&g, "position startpos moves 7g7f 3c3d resign\n").expect("write");
    let out = run(kifu().args(["convert", "-t", "usi"]).arg(&g));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(out.stdout, b"position startpos moves 7g7f 3c3d\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "warning: {}: [usi::ending-dropped] USI engines take moves only: the end 投了 (resign) is left out (--usi-endings writes it)\n",
            g.display()
        )
    );
    let out = run(kifu().args(["convert", "-t", "usi", "--strict"]).arg(&g));
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(out.stdout.is_empty());
    let out = run(kifu()
        .args(["convert", "-t", "usi", "--usi-endings", "--strict"])
        .arg(&g));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(out.stdout, b"position startpos moves 7g7f 3c3d resign\n");
    assert!(out.stderr.is_empty(), "{out:?}");
}

/// A floodgate-style CSA record, written for this test: version `V2`, `N+`/`N-`,
/// `$EVENT`, `$START_TIME`, `'` remarks, the board, moves with `T` lines and `'**`
/// evaluations, `%TORYO`, `'summary:` and `'$END_TIME:`.
const FLOODGATE: &str = "V2\nN+alpha\nN-beta\n'Max_Moves:256\n'Increment:10\n$EVENT:wdoor+floodgate-300-10F+alpha+beta+20260101000000\n$START_TIME:2026/01/01 00:00:00\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n+\n'rating:alpha+0123:beta+4567\n+7776FU\nT3\n'** 30 -3334FU +2726FU\n-3334FU\nT5\n'** -12\n+2726FU\nT1\n%TORYO\n'summary:toryo:alpha win:beta lose\n'$END_TIME:2026/01/01 00:05:00\n";

/// Issue #32, point 14: `--strict` judges content, not framing. A floodgate CSA
/// becomes KIF and JKF (its version line is CSA's framing; its remarks become
/// comments); KIF → KI2 still refuses over the times KI2 cannot hold.
#[test]
fn strict_conversions_judge_content_not_framing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let csa = dir.path().join("floodgate.csa");
    std::fs::write(&csa, FLOODGATE).expect("write");
    for (to, wanted) in [
        (
            "kif",
            "*summary:toryo:alpha win:beta lose\n*$END_TIME:2026/01/01 00:05:00\n",
        ),
        ("jkf", "\"$END_TIME:2026/01/01 00:05:00\""),
    ] {
        let out = run(kifu()
            .args([
                "convert",
                "--strict",
                "--output-encoding",
                "UTF-8",
                "-t",
                to,
            ])
            .arg(&csa));
        assert_eq!(out.status.code(), Some(0), "{to}: {out:?}");
        assert!(out.stderr.is_empty(), "{to}: {out:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(wanted), "{to}: {text}");
        assert!(text.contains("* 30 -3334FU +2726FU"), "{to}: {text}");
    }
    // The same record in KIF, then to KI2: the times have no place there.
    let kif = dir.path().join("floodgate.kif");
    let out = run(kifu()
        .args(["convert", "--strict", "-t", "kif", "-o"])
        .arg(&kif)
        .arg(&csa));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = run(kifu().args(["convert", "--strict", "-t", "ki2"]).arg(&kif));
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("[loss::times] ki2 has no place for the time spent: 3 left out, the first at move 1: \"3000 ms\"\n"),
        "{err}"
    );
    assert!(
        err.ends_with(&format!(
            "error: {}: not converted: 2 loss(es) and --strict\n",
            kif.display()
        )),
        "{err}"
    );
}

/// Issue #32, point 14: a Kifu for Windows KIF (a `#` producer banner, `手合割：平手　　`
/// with its column padding) becomes JKF under `--strict`: the banner and the other
/// header keys go into JKF's header, the padding is framing; back to KIF, the banner
/// is there again.
#[test]
fn strict_kif_to_jkf_carries_the_banner_and_ignores_padding() {
    let dir = tempfile::tempdir().expect("tempdir");
    let kif = dir.path().join("kfw.kif");
    let text = "# ---- Kifu for Windows V7 V7.08 棋譜ファイル ----\n開始日時：2014/10/12 14:46:51\n終了日時：2014/10/12 14:47:55\n手合割：平手　　\n先手：sente\n後手：gote\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:02/00:00:02)\n   2 ３四歩(33)   ( 0:05/00:00:05)\n   3 投了         ( 0:01/00:00:03)\nまで2手で後手の勝ち\n";
    std::fs::write(&kif, sjis(text)).expect("write");
    let jkf = dir.path().join("kfw.jkf");
    let out = run(kifu()
        .args(["convert", "--strict", "-t", "jkf", "-o"])
        .arg(&jkf)
        .arg(&kif));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&jkf).expect("read")).expect("JSON");
    assert_eq!(
        json["header"]["#"],
        " ---- Kifu for Windows V7 V7.08 棋譜ファイル ----"
    );
    assert_eq!(json["header"]["終了日時"], "2014/10/12 14:47:55");
    let out = run(kifu()
        .args([
            "convert",
            "--strict",
            "-t",
            "kif",
            "--output-encoding",
            "UTF-8",
        ])
        .arg(&jkf));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let back = String::from_utf8_lossy(&out.stdout);
    assert!(
        back.contains("\n# ---- Kifu for Windows V7 V7.08 棋譜ファイル ----\n"),
        "{back}"
    );
}

/// `show --out-dir` stages and renames its pictures through directory handles from
/// DIR: a directory of DIR swapped for a link during the run is never written
/// through (its record is reported as changed), and DIR itself swapped for a link
/// leaves the pictures in the directory that was opened.
#[cfg(target_os = "linux")]
#[test]
fn show_out_dir_never_writes_through_an_output_directory_swapped_for_a_link() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out_dir = dir.path().join("out");
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(dir.path().join("in/sub")).expect("mkdir");
    std::fs::create_dir_all(out_dir.join("sub")).expect("mkdir");
    std::fs::create_dir(&outside).expect("mkdir");
    std::fs::write(dir.path().join("in/sub/g.sgf"), "(;GM[1]SZ[9];B[ee])").expect("write");
    std::fs::write(dir.path().join("in/top.sgf"), "(;GM[1]SZ[9];B[cc])").expect("write");
    std::fs::write(outside.join("g.svg"), b"precious").expect("write");
    let out = run_with_change_after_walk(
        kifu()
            .args(["show", "in", "--svg", "--every", "1", "--out-dir", "out"])
            .current_dir(dir.path()),
        || {
            std::fs::remove_dir(out_dir.join("sub")).expect("rmdir");
            std::os::unix::fs::symlink(&outside, out_dir.join("sub")).expect("link");
        },
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: in/sub/g.sgf: cannot write out/sub/g-0001.svg: changed during the run; left untouched\n\
         1 pictures of 1 records written under out (1 failed)\n"
    );
    assert_eq!(
        std::fs::read(outside.join("g.svg")).expect("read"),
        b"precious"
    );
    assert_eq!(std::fs::read_dir(&outside).expect("dir").count(), 1);
    assert!(
        out_dir.join("top-0001.svg").is_file(),
        "the other record is drawn"
    );
    assert!(temporaries(dir.path()).is_empty());

    // DIR itself moved away and replaced by a link: the pictures go to the directory
    // opened, none through the link.
    let moved = dir.path().join("moved");
    std::fs::remove_dir_all(&out_dir).expect("rm");
    std::fs::create_dir(&out_dir).expect("mkdir");
    let out = run_with_change_after_walk(
        kifu()
            .args(["show", "in", "--svg", "--out-dir", "out"])
            .current_dir(dir.path()),
        || {
            std::fs::rename(&out_dir, &moved).expect("move the directory away");
            std::os::unix::fs::symlink(&outside, &out_dir).expect("link");
        },
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(std::fs::read_dir(&outside).expect("dir").count(), 1);
    assert!(moved.join("top.svg").is_file(), "{out:?}");
    assert!(moved.join("sub/g.svg").is_file(), "{out:?}");
    assert!(temporaries(dir.path()).is_empty());
}

/// The digest of a position index (`kifu::search::store::Index::digest`).
fn index_digest(path: &Path) -> String {
    kifu::search::store::Index::open(path)
        .expect("open the index")
        .digest()
        .expect("digest")
}

#[test]
fn index_killed_at_any_moment_leaves_the_index_as_it_was_or_complete() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let files: Vec<PathBuf> = (0..6).map(|k| d.join(format!("c{k}.sgf"))).collect();
    for (k, f) in files.iter().enumerate().take(4) {
        std::fs::write(f, big_collection(20 + k)).expect("write");
    }
    let db = d.join("index.db");
    let before_db = d.join("before.db");
    let after_db = d.join("after.db");
    let index = |inputs: &[PathBuf], out: &Path| {
        let o = run(kifu().arg("index").args(inputs).arg("-o").arg(out));
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    };
    // Before: the first four files.
    index(&files[..4], &before_db);
    // The change: file 1 rewritten, file 3 gone, files 4 and 5 new.
    std::fs::write(&files[1], big_collection(30)).expect("write");
    for f in &files[4..] {
        std::fs::write(f, big_collection(25)).expect("write");
    }
    let next: Vec<PathBuf> = [0, 1, 2, 4, 5].iter().map(|&k| files[k].clone()).collect();
    std::fs::copy(&before_db, &after_db).expect("copy");
    let start = Instant::now();
    index(&next, &after_db);
    let took = start.elapsed();
    let before = index_digest(&before_db);
    let after = index_digest(&after_db);
    assert_ne!(before, after);
    assert!(before.starts_with("integrity ok;") && after.starts_with("integrity ok;"));
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut outcomes = (0, 0);
    for _ in 0..8 {
        std::fs::copy(&before_db, &db).expect("copy");
        let _ = std::fs::remove_file(d.join("index.db-journal"));
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let wait = took.mul_f64(0.1 + (seed % 1000) as f64 / 1000.0 * 1.0);
        let mut child = kifu()
            .arg("index")
            .args(&next)
            .arg("-o")
            .arg(&db)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn");
        std::thread::sleep(wait);
        let _ = child.kill();
        let _ = child.wait();
        let now = index_digest(&db);
        if now == before {
            outcomes.0 += 1;
        } else {
            assert_eq!(now, after, "an index neither as it was nor complete");
            outcomes.1 += 1;
        }
    }
    eprintln!(
        "index kills: {} left as before, {} complete",
        outcomes.0, outcomes.1
    );
    assert_eq!(outcomes.0 + outcomes.1, 8);
}
