//! Encoding detection on the real files of `../shared/corpus` (skipped where it is not
//! beside the checkout, see `tests/common/corpus.rs`): every file of
//! libsgfcplusplus's encoding set and of Sabaki's SGF tests decodes with the expected
//! encoding, decided the expected way, and known strings come out exactly.

use kifu::Input;

mod common;
use common::corpus;

const LIBSGF: &str = "sgf/libsgfcplusplus";
const SABAKI: &str = "sgf/sabaki-sgf";

const GO_ZH_HANS: &str =
    "围棋是一种古老的游戏，从被遗忘的中国起源先传到东亚其他地区，然后传到整个世界。";
const GO_ZH_HANT: &str =
    "圍棋是一種古老的遊戲，從其被遺忘的中國起源開始，首先傳播到東亞其他地區，然後傳播到整個世界。";
const GO_JA: &str = "Goは古代のゲームであり、中国での起源を忘れてから、最初に東アジアの他の地域に広がり、次に全世界に広がりました。";
const GO_KO: &str = "바둑은 중국에서 잊혀진 기원에서 처음에는 동아시아의 나머지 지역으로 퍼진 후 전 세계로 퍼진 고대 게임입니다.";
const GO_EN: &str = "Go is an ancient game which, from its forgotten origins in China, spread first to the rest of East Asia";

/// (file, encoding, how it was decided, strings that must appear in the decoded text)
const CASES: &[(&str, &str, &str, &[&str])] = &[
    (
        "encoding-chinese-gb18030.sgf",
        "gb18030",
        "declared",
        &[GO_ZH_HANS],
    ),
    ("encoding-chinese-gbk.sgf", "GBK", "declared", &[GO_ZH_HANS]),
    (
        "encoding-cyrillic-windows.sgf",
        "windows-1251",
        "declared",
        &["Го - древняя игра, которая со времен ее забытого происхождения в Китае"],
    ),
    (
        "encoding-japanese-iso2022jp.sgf",
        "ISO-2022-JP",
        "declared",
        &[GO_JA],
    ),
    (
        "encoding-japanese-macos.sgf",
        "Shift_JIS",
        "declared",
        &[GO_JA],
    ),
    (
        "encoding-japanese-shiftjis.sgf",
        "Shift_JIS",
        "declared",
        &[GO_JA],
    ),
    ("encoding-korean-macos.sgf", "EUC-KR", "declared", &[GO_KO]),
    (
        "encoding-simplifiedchinese-gb2312.sgf",
        "GBK",
        "declared",
        &[GO_ZH_HANS],
    ),
    (
        "encoding-simplifiedchinese-macos.sgf",
        "GBK",
        "declared",
        &[GO_ZH_HANS],
    ),
    (
        "encoding-traditionalchinese-big5.sgf",
        "Big5",
        "declared",
        &[GO_ZH_HANT],
    ),
    (
        "encoding-traditionalchinese-macos.sgf",
        "Big5",
        "declared",
        &[GO_ZH_HANT],
    ),
    (
        "encoding-utf16-nobom.sgf",
        "UTF-16BE",
        "utf16-pattern",
        &[GO_EN],
    ),
    ("encoding-utf16-withbom.sgf", "UTF-16BE", "bom", &[GO_EN]),
    ("encoding-utf8-nobom.sgf", "UTF-8", "declared", &[GO_EN]),
    ("encoding-utf8-withbom.sgf", "UTF-8", "bom", &[GO_EN]),
    (
        "encoding-western-isolatin1.sgf",
        "windows-1252",
        "declared",
        &["Ää Àà Ââ Åå Ææ Çç Èè Éé Êê Ëë Îî Ïï Ññ Öö Ôô Øø ß Üü Ùù Ûû ÿ ¿¡ «»"],
    ),
    (
        "encoding-western-isolatin9.sgf",
        "ISO-8859-15",
        "declared",
        &["Ÿ Œœ €", "Šš Žž"],
    ),
    (
        "encoding-western-macosroman.sgf",
        "macintosh",
        "declared",
        &["Ÿ Œœ €", "ƒ ‰ ™"],
    ),
    (
        "encoding-western-windowslatin1.sgf",
        "windows-1252",
        "declared",
        &["Šš Žž", "ƒ ‰ ™"],
    ),
];

const SABAKI_CASES: &[(&str, &str, &str, &[&str])] = &[
    (
        "chinese.sgf",
        "GBK",
        "declared",
        &["PB[古力]", "PW[柯洁]", "围棋 is fun"],
    ),
    ("complex.sgf", "UTF-8", "declared", &["akoveable: oups"]),
    (
        "japanese.sgf",
        "Shift_JIS",
        "declared",
        &["PB[井山 裕太]", "PW[山下 敬吾]", "囲碁 is fun"],
    ),
    // Declares MS_KANJI but is UTF-8 (and already holds U+FFFD from an earlier loss).
    (
        "japanese_bad.sgf",
        "UTF-8",
        "utf8-valid",
        &["\u{FFFD}\u{FFFD}\u{FFFD}R \u{FFFD}T", " is fun"],
    ),
    (
        "korean.sgf",
        "EUC-KR",
        "declared",
        &["PB[이세돌]", "PW[박정환]", "바둑 is fun"],
    ),
    // No CA; Shift_JIS with trail bytes 0x5C (ソ, 申眞ソ): decoded before SGF parsing.
    (
        "nihon-kiin.sgf",
        "Shift_JIS",
        "guess",
        &[
            "TE[第1回ソパルコサノル世界最高棋士決定戦第9戦]",
            "PB[申眞ソ]",
            "RE[257手完, 黒中押し勝ち]",
        ],
    ),
    (
        "no-ca.sgf",
        "GBK",
        "guess",
        &["【第三型】 黑先", "这是从压长星定式演变而来的形。"],
    ),
    (
        "utf16le.sgf",
        "UTF-16LE",
        "bom",
        &["PW[Go Seigen]", "PB[Kitani Minoru]"],
    ),
    (
        "utf8bom.sgf",
        "UTF-8",
        "bom",
        &["PW[Go Seigen]PB[Kitani Minoru]"],
    ),
];

fn check(folder: &str, cases: &[(&str, &str, &str, &[&str])]) {
    let Some(dir) = corpus::path(folder) else {
        return;
    };
    let mut seen = std::collections::BTreeSet::new();
    for (file, encoding, decided, strings) in cases {
        let path = dir.join(file);
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let outcome = kifu::read(&Input {
            bytes: (&bytes).into(),
            path: Some(&path),
            format: None,
            encoding: None,
        })
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(outcome.format.name, "sgf", "{file}");
        assert_eq!(
            outcome.source.encoding.as_deref(),
            Some(*encoding),
            "{file}"
        );
        assert_eq!(
            outcome.source.encoding_decided_by.as_deref(),
            Some(*decided),
            "{file}"
        );
        let text = outcome.text.as_deref().unwrap_or("");
        for s in *strings {
            assert!(text.contains(s), "{file}: {s:?} not in the decoded text");
        }
        assert!(
            !outcome
                .parsed
                .diagnostics
                .iter()
                .any(|d| d.code == "text::malformed"),
            "{file}: no malformed bytes"
        );
        seen.insert(file.to_string());
    }
    // Every file of the set is covered.
    for entry in std::fs::read_dir(&dir).expect("corpus dir") {
        let name = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        let wanted = name.ends_with(".sgf") && (folder == SABAKI || name.starts_with("encoding-"));
        if wanted {
            assert!(seen.contains(&name), "{name} has no expectation");
        }
    }
}

#[test]
fn every_libsgfcplusplus_encoding_file_decodes_exactly() {
    check(LIBSGF, CASES);
}

#[test]
fn every_sabaki_sgf_file_decodes_exactly() {
    check(SABAKI, SABAKI_CASES);
}

#[test]
fn japanese_bad_warns_that_its_declaration_is_wrong() {
    let Some(path) = corpus::path(&format!("{SABAKI}/japanese_bad.sgf")) else {
        return;
    };
    let bytes = std::fs::read(&path).expect("corpus");
    let outcome = kifu::read(&Input {
        bytes: (&bytes).into(),
        path: None,
        format: None,
        encoding: None,
    })
    .expect("reads");
    let warning = outcome
        .parsed
        .diagnostics
        .iter()
        .find(|d| d.code == "text::declared-mismatch")
        .expect("a warning");
    assert!(
        warning
            .message
            .starts_with("the file declares charset \"MS_KANJI\", but its bytes are valid UTF-8"),
        "{}",
        warning.message
    );
}

#[test]
fn encoding_overrides_everything() {
    let Some(path) = corpus::path(&format!("{SABAKI}/korean.sgf")) else {
        return;
    };
    let bytes = std::fs::read(&path).expect("corpus");
    let forced = kifu::text::TextEncoding::for_label("cp949");
    let outcome = kifu::read(&Input {
        bytes: (&bytes).into(),
        path: None,
        format: None,
        encoding: forced,
    })
    .expect("reads");
    assert_eq!(
        outcome.source.encoding_decided_by.as_deref(),
        Some("override")
    );
    assert!(outcome.text.as_deref().unwrap_or("").contains("PB[이세돌]"));
}
