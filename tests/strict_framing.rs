//! `--strict` judges content, not framing (issue #32, point 14), on the real shogi
//! records of `../shared/corpus` when present: of every conversion among KIF, KI2,
//! CSA, JKF, USI and JSON, no loss is a source format's framing (a CSA version line,
//! a KIF `手合割` line that names the game's own start) or content the target has a
//! place for (a KIF banner in JKF's header, CSA's `$END_TIME` as KIF's 終了日時).

use std::path::{Path, PathBuf};

use kifu::model::{Handicap, ShogiStart};

/// `shared/corpus` beside the checkout (or beside its parent, for a worktree).
fn corpus() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    ["../shared/corpus", "../../shared/corpus"]
        .iter()
        .map(|d| root.join(d))
        .find(|d| d.is_dir())
}

const SHOGI: [&str; 6] = ["kif", "kifu", "ki2", "csa", "jkf", "usi"];
const TARGETS: [&str; 6] = ["kif", "ki2", "csa", "jkf", "usi", "json"];

#[test]
fn real_shogi_files_are_refused_for_content_only() {
    let Some(dir) = corpus() else {
        eprintln!("../shared/corpus is absent: the real-file check of --strict is skipped");
        return;
    };
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(&dir)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| SHOGI.contains(&e.to_ascii_lowercase().as_str()))
        })
        .collect();
    files.sort();
    let (mut pairs, mut refused) = (0, 0);
    let mut framing = Vec::new();
    for path in &files {
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let Ok(read) = kifu::read(&kifu::Input {
            bytes: (&bytes).into(),
            path: Some(path),
            format: None,
            encoding: None,
        }) else {
            continue;
        };
        for target in TARGETS {
            let format = kifu::formats::by_name(target).expect("registered");
            let Ok(out) = kifu::write(&read.parsed.collection, format, None, None) else {
                continue;
            };
            pairs += 1;
            refused += usize::from(!out.losses.is_empty());
            for loss in &out.losses {
                let m = &loss.message;
                let start_named = read
                    .parsed
                    .collection
                    .games
                    .get(loss.game)
                    .and_then(|g| {
                        let v = g.info.extras.get("kif:手合割")?.first()?;
                        let h = Handicap::from_japanese(v)?;
                        Some(match &g.info.shogi_start {
                            None => h == Handicap::Even,
                            Some(ShogiStart::Preset(p)) => *p == h,
                            Some(ShogiStart::Other(p)) => h.position() == **p,
                        })
                    })
                    .unwrap_or(false);
                let is_framing = m.contains("csa:version field")
                    || (m.contains("kif:手合割 field") && start_named)
                    || (target == "jkf" && m.contains("kif:# field"))
                    || (matches!(target, "kif" | "ki2" | "jkf")
                        && m.contains("csa:$END_TIME field"))
                    || (target == "csa" && m.contains("kif:終了日時 field"));
                if is_framing {
                    framing.push(format!("{} -> {target}: {m}", path.display()));
                }
            }
        }
    }
    eprintln!("{refused} of {pairs} strict conversions of real shogi files refused");
    assert_eq!(framing, Vec::<String>::new());
    assert!(pairs > 0);
}
