//! The encoding of a written file follows its extension's convention: `.kifu` and
//! `.ki2u` are UTF-8, `.kif`, `.ki2` and `.csa` Shift_JIS, unless `--output-encoding`
//! says otherwise; the declaration always matches the bytes.

use std::process::Command;

fn kifu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
}

/// A KIF whose player's name holds `¥`, which Shift_JIS cannot hold.
const KIF: &str = "#KIF version=2.0 encoding=UTF-8\n手合割：平手\n先手：¥太郎\n後手：花子\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n";

#[test]
fn kifu_and_ki2u_outputs_are_utf8_and_hold_the_yen_sign() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("in.kifu");
    std::fs::write(&input, KIF).expect("write");
    // KIF always declares its encoding; a `.ki2u` is UTF-8 by its extension, as
    // Kifu for Windows and ShogiHome write it, without a declaration.
    for (ext, declared) in [("kifu", true), ("ki2u", false)] {
        let out_path = dir.path().join(format!("out.{ext}"));
        let target = if ext == "kifu" { "kif" } else { "ki2" };
        let out = kifu()
            .args(["convert", "-t", target, "-o"])
            .arg(&out_path)
            .arg(&input)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0), "{ext}: {out:?}");
        let text = String::from_utf8(std::fs::read(&out_path).expect("read")).expect("UTF-8");
        assert!(text.contains("先手：¥太郎"), "{ext}: {text}");
        assert_eq!(
            text.starts_with("#KIF version=2.0 encoding=UTF-8"),
            declared,
            "{ext}: {text}"
        );
        let check = kifu()
            .args(["validate", "--json"])
            .arg(&out_path)
            .output()
            .expect("runs");
        let last = String::from_utf8_lossy(&check.stdout);
        assert!(last.contains("\"encoding\":\"UTF-8\""), "{ext}: {last}");
    }
}

#[test]
fn kif_outputs_stay_shift_jis_and_refuse_what_it_cannot_hold() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("in.kifu");
    std::fs::write(&input, KIF.replace('¥', "")).expect("write");
    let out_path = dir.path().join("out.kif");
    let out = kifu()
        .args(["convert", "-t", "kif", "-o"])
        .arg(&out_path)
        .arg(&input)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let bytes = std::fs::read(&out_path).expect("read");
    let (text, _, bad) = encoding_rs::SHIFT_JIS.decode(&bytes);
    assert!(!bad);
    assert!(text.contains("先手：太郎"), "{text}");
    assert!(!text.contains("encoding=UTF-8"), "{text}");

    std::fs::write(&input, KIF).expect("write");
    let out = kifu()
        .args(["convert", "-t", "kif", "-o"])
        .arg(&out_path)
        .arg(&input)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("Shift_JIS cannot hold 1 character(s): '¥'"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = kifu()
        .args(["convert", "-t", "kif", "--output-encoding", "UTF-8", "-o"])
        .arg(&out_path)
        .arg(&input)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(&out_path).expect("UTF-8");
    assert!(
        text.starts_with("#KIF version=2.0 encoding=UTF-8\n"),
        "{text}"
    );
}

#[test]
fn utf8_ki2_under_a_shift_jis_name_is_declared() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("in.kifu");
    std::fs::write(&input, KIF).expect("write");
    let out_path = dir.path().join("out.ki2");
    let out = kifu()
        .args(["convert", "-t", "ki2", "--output-encoding", "UTF-8", "-o"])
        .arg(&out_path)
        .arg(&input)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        std::fs::read_to_string(&out_path).expect("UTF-8"),
        "#KIF version=2.0 encoding=UTF-8\n手合割：平手\n先手：¥太郎\n後手：花子\n\n▲７六歩\n"
    );
}
