//! `kifu reencode` on real archives: exact outcomes per file, idempotence, crash
//! safety under SIGKILL, and lossless round trips.

use std::path::{Path, PathBuf};
use std::process::Command;

use assert_cmd::cargo::CommandCargoExt;

fn kifu() -> Command {
    Command::cargo_bin("kifu").expect("the kifu binary is built")
}

fn sjis(s: &str) -> Vec<u8> {
    let (b, _, bad) = encoding_rs::SHIFT_JIS.encode(s);
    assert!(!bad, "test text must fit Shift_JIS: {s}");
    b.into_owned()
}

fn encode(enc: &'static encoding_rs::Encoding, s: &str) -> Vec<u8> {
    let (b, _, bad) = enc.encode(s);
    assert!(!bad, "test text must fit {}: {s}", enc.name());
    b.into_owned()
}

const KIF: &str = "手合割：平手\r\n先手：表ソ能十\r\n後手：～予\r\n手数----指手---------消費時間--\r\n   1 ７六歩(77)   ( 0:01/00:00:01)\r\n   2 投了\r\n";
const KISEONG: &str = "&[1w&[4w홍길동 4급&[5w&[4w임꺽정 3급&[6w&[2;4;16@좋은 수&[3;16;4@&[2w";
const SGF_GB: &str = "(;FF[4]CA[GB18030]GM[1]PB[古力]PW[柯洁]C[围棋是一种古老的游戏])";
const SGF_BIG5: &str = "(;GM[1]FF[4]SZ[19]PB[圍棋高手]PW[張栩]C[圍棋是一種古老的遊戲，從其被遺忘的中國起源開始，首先傳播到東亞其他地區，然後傳播到整個世界。]\n;B[pd];W[dp])";

struct Archive {
    _dir: tempfile::TempDir,
    root: PathBuf,
}

/// The mixed archive of the issue, nested folders included.
fn mixed_archive() -> Archive {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("arc");
    let put = |rel: &str, bytes: &[u8]| {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, bytes).expect("write");
    };
    put("shogi/sjis.kif", &sjis(KIF));
    put("shogi/utf8.kifu", KIF.as_bytes());
    put("korean/old/game.txt", &encode(encoding_rs::EUC_KR, KISEONG));
    put("go/gb.sgf", &encode(encoding_rs::GB18030, SGF_GB));
    put("go/big5.sgf", &encode(encoding_rs::BIG5, SGF_BIG5));
    put(
        "shogi/broken.kif",
        b"\x8e\xe8\x8d\x87\x8a\x84\x81\x46\x95\xbd\x8e\xe8\r\n\x82\xff\x82\n",
    );
    put("shogi/binary.kif", &(0u8..=255).collect::<Vec<u8>>());
    put("shogi/readonly.kif", &sjis("先手：読取専用\r\n"));
    put("notes/readme.md", b"not a record\n");
    let ro = root.join("shogi/readonly.kif");
    let mut perms = std::fs::metadata(&ro).expect("meta").permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&ro, perms).expect("chmod");
    #[cfg(unix)]
    std::os::unix::fs::symlink("../shogi/sjis.kif", root.join("go/link.kif")).expect("symlink");
    Archive { _dir: dir, root }
}

fn snapshot(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = walkdir::WalkDir::new(root)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e
                .path()
                .strip_prefix(root)
                .expect("under root")
                .display()
                .to_string();
            (rel, std::fs::read(e.path()).expect("read"))
        })
        .collect();
    files.sort();
    files
}

fn json_lines(out: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("NDJSON"))
        .collect()
}

fn outcome_of<'a>(lines: &'a [serde_json::Value], suffix: &str) -> &'a serde_json::Value {
    lines
        .iter()
        .find(|l| l["path"].as_str().is_some_and(|p| p.ends_with(suffix)))
        .unwrap_or_else(|| panic!("no report for {suffix}"))
}

#[test]
fn mixed_archive_exact_outcomes_then_a_second_run_changes_nothing() {
    let a = mixed_archive();
    #[cfg(unix)]
    let gb_mode = {
        use std::os::unix::fs::PermissionsExt;
        let path = a.root.join("go/gb.sgf");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        0o640
    };
    let out = kifu()
        .args(["reencode", "--to", "UTF-8", "--in-place", "--json"])
        .arg(&a.root)
        .output()
        .expect("runs");
    assert_eq!(
        out.status.code(),
        Some(1),
        "the broken and read-only files fail"
    );
    let lines = json_lines(&out.stdout);
    let expect = [
        (
            "shogi/sjis.kif",
            "converted",
            "Shift_JIS (format-default) → UTF-8; declaration set to UTF-8",
        ),
        ("shogi/utf8.kifu", "unchanged", "already UTF-8 (utf8-valid)"),
        (
            "korean/old/game.txt",
            "converted",
            "EUC-KR (format-default) → UTF-8",
        ),
        (
            "go/gb.sgf",
            "converted",
            "gb18030 (declared) → UTF-8; declaration set to UTF-8",
        ),
        (
            "go/big5.sgf",
            "failed",
            "byte 21 is not valid UTF-8; it decodes as Big5 by a statistical guess only: rerun with --from Big5 if that is right; left untouched",
        ),
        (
            "shogi/binary.kif",
            "skipped",
            "binary file (it holds NUL bytes)",
        ),
        (
            "shogi/readonly.kif",
            "failed",
            "read-only file; left untouched",
        ),
        (
            "go/link.kif",
            "skipped",
            "symbolic link, not followed (use --follow)",
        ),
    ];
    for (file, outcome, detail) in expect {
        let r = outcome_of(&lines, file);
        assert_eq!(r["outcome"], outcome, "{file}: {r}");
        assert_eq!(r["detail"], detail, "{file}");
    }
    let broken = outcome_of(&lines, "shogi/broken.kif");
    assert_eq!(broken["outcome"], "failed");
    assert!(
        broken["detail"]
            .as_str()
            .unwrap_or("")
            .starts_with("byte 14 is not valid Shift_JIS"),
        "{broken}"
    );
    let summary = lines.last().expect("summary");
    assert_eq!(summary["type"], "summary");
    assert_eq!(
        (
            summary["files"].as_u64(),
            summary["converted"].as_u64(),
            summary["unchanged"].as_u64(),
            summary["skipped"].as_u64(),
            summary["failed"].as_u64()
        ),
        (Some(9), Some(3), Some(1), Some(2), Some(3))
    );
    assert!(lines
        .iter()
        .all(|l| !l["path"].as_str().unwrap_or("").ends_with("readme.md")));

    // The exact bytes of what was converted.
    let read = |rel: &str| std::fs::read(a.root.join(rel)).expect("read");
    assert_eq!(
        read("shogi/sjis.kif"),
        format!("#KIF version=2.0 encoding=UTF-8\r\n{KIF}").into_bytes()
    );
    assert_eq!(read("korean/old/game.txt"), KISEONG.as_bytes());
    assert_eq!(
        read("go/gb.sgf"),
        SGF_GB.replace("CA[GB18030]", "CA[UTF-8]").into_bytes()
    );
    assert_eq!(
        read("go/big5.sgf"),
        encode(encoding_rs::BIG5, SGF_BIG5),
        "a guess never rewrites a file"
    );
    assert_eq!(
        read("shogi/readonly.kif"),
        sjis("先手：読取専用\r\n"),
        "untouched"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(a.root.join("go/gb.sgf"))
            .expect("meta")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, gb_mode & 0o777, "permissions kept");
    }

    let before = snapshot(&a.root);
    let again = kifu()
        .args(["reencode", "--to", "utf8", "--in-place", "--json"])
        .arg(&a.root)
        .output()
        .expect("runs");
    let lines = json_lines(&again.stdout);
    for file in [
        "shogi/sjis.kif",
        "korean/old/game.txt",
        "go/gb.sgf",
        "shogi/utf8.kifu",
    ] {
        assert_eq!(outcome_of(&lines, file)["outcome"], "unchanged", "{file}");
    }
    assert_eq!(snapshot(&a.root), before, "the second run changes nothing");
}

#[test]
fn out_dir_mirrors_the_tree_and_dry_run_changes_nothing() {
    let a = mixed_archive();
    let before = snapshot(&a.root);
    let dry = kifu()
        .args(["reencode", "--to", "UTF-8", "--in-place", "--dry-run"])
        .arg(&a.root)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&dry.stdout);
    assert!(
        text.contains("would convert 3, unchanged 1, skipped 2, failed 3 (9 files)"),
        "{text}"
    );
    assert!(
        text.lines().any(|l| l.starts_with("would convert ")
            && l.ends_with("gb.sgf: gb18030 (declared) → UTF-8; declaration set to UTF-8")),
        "{text}"
    );
    assert_eq!(snapshot(&a.root), before, "a dry run writes nothing");

    let out = a.root.parent().expect("parent").join("mirror");
    let run = kifu()
        .args(["reencode", "--to", "UTF-8", "--out-dir"])
        .arg(&out)
        .arg(&a.root)
        .output()
        .expect("runs");
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(snapshot(&a.root), before, "originals untouched");
    let mirror: Vec<String> = snapshot(&out).into_iter().map(|(p, _)| p).collect();
    assert_eq!(
        mirror,
        vec![
            "go/gb.sgf",
            "korean/old/game.txt",
            "shogi/readonly.kif",
            "shogi/sjis.kif",
            "shogi/utf8.kifu"
        ]
    );
}

#[test]
fn backups_keep_the_originals_and_are_never_reencoded() {
    let a = mixed_archive();
    let original = std::fs::read(a.root.join("korean/old/game.txt")).expect("read");
    let run = kifu()
        .args([
            "reencode",
            "--to",
            "UTF-8",
            "--in-place",
            "--backup",
            ".orig",
        ])
        .arg(&a.root)
        .output()
        .expect("runs");
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(
        std::fs::read(a.root.join("korean/old/game.txt.orig")).expect("backup"),
        original
    );
    let again = kifu()
        .args(["reencode", "--to", "UTF-8", "--in-place", "--json"])
        .arg(&a.root)
        .output()
        .expect("runs");
    let lines = json_lines(&again.stdout);
    assert!(
        lines
            .iter()
            .all(|l| !l["path"].as_str().unwrap_or("").ends_with(".orig")),
        "backups are not candidates"
    );
}

#[test]
fn follow_takes_symlinked_files_once_and_keeps_the_link() {
    let a = mixed_archive();
    let run = kifu()
        .args([
            "reencode",
            "--to",
            "UTF-8",
            "--in-place",
            "--follow",
            "--json",
        ])
        .arg(a.root.join("go"))
        .output()
        .expect("runs");
    let lines = json_lines(&run.stdout);
    assert_eq!(outcome_of(&lines, "go/link.kif")["outcome"], "converted");
    let link = a.root.join("go/link.kif");
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("meta")
            .file_type()
            .is_symlink(),
        "still a link"
    );
    assert!(std::fs::read(a.root.join("shogi/sjis.kif"))
        .expect("read")
        .starts_with(b"#KIF version=2.0 encoding=UTF-8"));
}

#[test]
fn utf8_to_shift_jis_and_back_is_identical_and_unmappable_text_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = "#KIF version=2.0 encoding=UTF-8\n手合割：平手\n先手：表ソ能十予\n後手：～∥￢￠￡\n";
    let kif = dir.path().join("r.kif");
    std::fs::write(&kif, text).expect("write");
    let status = kifu()
        .args(["reencode", "--to", "cp932", "--in-place", "-q"])
        .arg(&kif)
        .status()
        .expect("runs");
    assert_eq!(status.code(), Some(0));
    assert_eq!(
        std::fs::read(&kif).expect("read"),
        sjis(&text.replace("encoding=UTF-8", "encoding=Shift_JIS"))
    );
    let status = kifu()
        .args(["reencode", "--to", "UTF-8", "--in-place", "-q"])
        .arg(&kif)
        .status()
        .expect("runs");
    assert_eq!(status.code(), Some(0));
    assert_eq!(
        std::fs::read(&kif).expect("read"),
        text.as_bytes(),
        "identical after the round trip"
    );

    let korean = dir.path().join("k.kif");
    let ktext = "#KIF version=2.0 encoding=UTF-8\n先手：山田\n後手：이세돌\n";
    std::fs::write(&korean, ktext).expect("write");
    let out = kifu()
        .args(["reencode", "--to", "Shift_JIS", "--in-place"])
        .arg(&korean)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("'이' (U+C774) at line 3, column 4 cannot be written in Shift_JIS; 3 such character(s); left untouched"),
        "{err}"
    );
    assert_eq!(std::fs::read(&korean).expect("read"), ktext.as_bytes());
}

#[test]
fn killed_runs_leave_every_file_whole_and_a_rerun_finishes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("many");
    let n = 3000;
    let mut originals = Vec::with_capacity(n);
    for i in 0..n {
        let body = format!("{KIF}*コメント{i}\r\n").repeat(8);
        let bytes = sjis(&body);
        let path = root.join(format!("d{}/g{i:05}.kif", i % 17));
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, &bytes).expect("write");
        let converted = format!("#KIF version=2.0 encoding=UTF-8\r\n{body}");
        originals.push((path, bytes, converted.into_bytes()));
    }
    // Kill at growing moments until one lands in the middle of the renames (the
    // originals are restored after a kill that came too late); every kill, early or
    // late, must leave each file whole.
    let mut interrupted_mid_run = false;
    // Bisect between a delay known too early (nothing renamed yet) and one known too
    // late (everything done), so a loaded machine only makes the search longer.
    let (mut early, mut late): (u64, Option<u64>) = (0, None);
    for _ in 0..40 {
        let delay_ms = match late {
            Some(l) => (early + l) / 2,
            None => early * 2 + 10,
        };
        let mut child = kifu()
            .args(["reencode", "--to", "UTF-8", "--in-place", "-q"])
            .arg(&root)
            .spawn()
            .expect("spawn");
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        let _ = child.kill(); // SIGKILL on Unix
        let _ = child.wait();
        let mut converted = 0;
        for (path, before, after) in &originals {
            let now = std::fs::read(path).expect("every file is still there");
            assert!(
                now == *before || now == *after,
                "{} is neither original nor converted",
                path.display()
            );
            converted += usize::from(now == *after);
        }
        if converted > 0 && converted < n {
            interrupted_mid_run = true;
            break;
        }
        if converted == n {
            for (path, before, _) in &originals {
                std::fs::write(path, before).expect("restore");
            }
            late = Some(delay_ms);
        } else {
            early = delay_ms;
        }
        if late.is_some_and(|l| l <= early + 1) {
            // The window is narrower than a millisecond at this load: start over.
            early = 0;
            late = None;
        }
    }
    assert!(
        interrupted_mid_run,
        "at least one kill landed in the middle of a run"
    );
    let status = kifu()
        .args(["reencode", "--to", "UTF-8", "--in-place", "-q"])
        .arg(&root)
        .status()
        .expect("runs");
    assert_eq!(status.code(), Some(0));
    for (path, _, after) in &originals {
        assert_eq!(
            std::fs::read(path).expect("read"),
            *after,
            "{}",
            path.display()
        );
    }
    let leftovers: Vec<_> = walkdir::WalkDir::new(&root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .map(|e| e.path().display().to_string())
        .collect();
    assert!(
        leftovers.is_empty(),
        "temporary files removed: {leftovers:?}"
    );
}

#[test]
fn stale_temporary_files_of_dead_runs_are_removed_and_counted() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    std::fs::write(root.join("a.sgf"), "(;CA[UTF-8]GM[1])").expect("write");
    // PID 0 is never a user process: its temporary file is stale.
    std::fs::write(root.join(".kifu-0-abcdefABCDEF.tmp"), "(;GM[1]").expect("write");
    let out = kifu()
        .args(["reencode", "--to", "UTF-8", "--in-place"])
        .arg(root)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("removed 1 temporary file(s) left by an interrupted run"),
        "{text}"
    );
    assert!(!root.join(".kifu-0-abcdefABCDEF.tmp").exists());
}

#[test]
fn lossy_replaces_and_reports_every_replacement() {
    let dir = tempfile::tempdir().expect("tempdir");
    let broken = dir.path().join("b.kif");
    std::fs::write(
        &broken,
        b"\x8e\xe8\x8d\x87\x8a\x84\x81\x46\x95\xbd\x8e\xe8\r\n\x82\xff\x82\n",
    )
    .expect("write");
    let out = kifu()
        .args([
            "reencode",
            "--to",
            "UTF-8",
            "--in-place",
            "--lossy",
            "--json",
        ])
        .arg(&broken)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out.stdout);
    assert_eq!(lines[0]["outcome"], "converted");
    assert_eq!(
        lines[0]["detail"],
        "Shift_JIS (override) → UTF-8; bytes 14..16 are not valid Shift_JIS replaced by U+FFFD; bytes 16..17 are not valid Shift_JIS replaced by U+FFFD; declaration set to UTF-8"
    );
    assert_eq!(
        std::fs::read_to_string(&broken).expect("utf-8 now"),
        "#KIF version=2.0 encoding=UTF-8\r\n手合割：平手\r\n\u{FFFD}\u{FFFD}\n"
    );

    let kif = dir.path().join("k.kif");
    std::fs::write(&kif, "#KIF version=2.0 encoding=UTF-8\n先手：이세돌\n").expect("write");
    let out = kifu()
        .args([
            "reencode",
            "--to",
            "Shift_JIS",
            "--in-place",
            "--lossy",
            "--json",
        ])
        .arg(&kif)
        .output()
        .expect("runs");
    let lines = json_lines(&out.stdout);
    assert_eq!(
        lines[0]["detail"],
        "UTF-8 (declared) → Shift_JIS; declaration set to Shift_JIS; '이' at line 2, column 4 replaced by '?'; '세' at line 2, column 5 replaced by '?'; '돌' at line 2, column 6 replaced by '?'"
    );
    assert_eq!(
        std::fs::read(&kif).expect("read"),
        sjis("#KIF version=2.0 encoding=Shift_JIS\n先手：???\n")
    );
}

#[test]
fn all_takes_every_text_file_and_jobs_is_honoured() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    std::fs::write(
        root.join("notes.txt"),
        encode(
            encoding_rs::EUC_KR,
            "바둑 기보 모음집의 설명서입니다. 이 파일은 한국어로 쓰였습니다.",
        ),
    )
    .expect("write");
    std::fs::write(root.join("plain.md"), "ascii only\n").expect("write");
    let without = kifu()
        .args(["reencode", "--to", "UTF-8", "--in-place", "--json"])
        .arg(root)
        .output()
        .expect("runs");
    let lines = json_lines(&without.stdout);
    assert_eq!(lines.len(), 1, "only the summary: no record files");
    let with = kifu()
        .args([
            "reencode",
            "--to",
            "UTF-8",
            "--in-place",
            "--json",
            "--all",
            "--jobs",
            "1",
        ])
        .arg(root)
        .output()
        .expect("runs");
    let lines = json_lines(&with.stdout);
    assert_eq!(outcome_of(&lines, "plain.md")["outcome"], "unchanged");
    let notes = outcome_of(&lines, "notes.txt");
    assert_eq!(notes["outcome"], "failed", "{notes}");
    assert_eq!(
        notes["detail"],
        "byte 0 is not valid UTF-8; it decodes as EUC-KR by a statistical guess only: rerun with --from EUC-KR if that is right; left untouched"
    );
    let confirmed = kifu()
        .args(["reencode", "--to", "UTF-8", "--in-place", "--json", "--all"])
        .args(["--from", "EUC-KR"])
        .arg(root)
        .output()
        .expect("runs");
    let lines = json_lines(&confirmed.stdout);
    let notes = outcome_of(&lines, "notes.txt");
    assert_eq!(notes["outcome"], "converted", "{notes}");
    assert_eq!(notes["from"], "EUC-KR");
    assert_eq!(
        std::fs::read_to_string(root.join("notes.txt")).expect("utf-8"),
        "바둑 기보 모음집의 설명서입니다. 이 파일은 한국어로 쓰였습니다."
    );
    let zero = kifu()
        .args(["reencode", "--to", "UTF-8", "--in-place", "--jobs", "0"])
        .arg(root)
        .output()
        .expect("runs");
    assert_eq!(zero.status.code(), Some(2));
    let neither = kifu()
        .args(["reencode", "--to", "UTF-8"])
        .arg(root)
        .output()
        .expect("runs");
    assert_eq!(
        neither.status.code(),
        Some(2),
        "--in-place or --out-dir is required"
    );
}
