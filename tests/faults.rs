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
