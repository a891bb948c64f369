//! The repository holds only files the project wrote (#33): no licence file of
//! somebody else's under `fixtures/` or `tests/data/`, no copy of the shared corpus,
//! and every fixture folder says in its README where its files come from. Real records
//! by others are read from `../shared/corpus/` (`tests/common/corpus.rs`).

#[test]
fn fixtures_hold_no_third_party_licence_and_no_corpus_copy() {
    let mut found = Vec::new();
    for root in ["fixtures", "tests/data"] {
        for entry in walkdir::WalkDir::new(root).sort_by_file_name() {
            let entry = entry.expect("walk");
            let name = entry.file_name().to_string_lossy().to_ascii_uppercase();
            if name.starts_with("LICENSE") || name.starts_with("COPYING") {
                found.push(entry.path().display().to_string());
            }
            if entry.file_type().is_dir() && entry.file_name() == "corpus" {
                found.push(entry.path().display().to_string());
            }
        }
    }
    assert_eq!(found, Vec::<String>::new());
}

#[test]
fn every_fixture_folder_says_where_its_files_come_from() {
    let mut missing = Vec::new();
    for entry in std::fs::read_dir("fixtures").expect("fixtures") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            let readme = std::fs::read_to_string(path.join("README.md")).unwrap_or_default();
            if readme.is_empty() {
                missing.push(path.display().to_string());
            }
        }
    }
    missing.sort();
    assert_eq!(missing, Vec::<String>::new());
}
