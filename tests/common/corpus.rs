//! Real records written by others, for the tests that want them: the project keeps
//! none in its repository; they live in `../shared/corpus/` beside the checkout (or
//! wherever `KIFU_CORPUS` points). Where that folder is missing a test that needs it
//! prints one line and passes without running; where `KIFU_REQUIRE_CORPUS` is set (CI
//! beside the corpus) it fails instead.
//!
//! One file for the integration tests (`tests/common/`) and the library's unit tests
//! (`crates/kifu/src/lib.rs` includes it by path), so it uses `std` only.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The workspace root: the nearest folder at or above this crate that holds
/// `crates/kifu/Cargo.toml` (the integration tests run in the root, the library's
/// unit tests in `crates/kifu`).
fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.ancestors()
        .find(|dir| dir.join("crates/kifu/Cargo.toml").is_file())
        .unwrap_or(here)
        .to_path_buf()
}

/// The corpus folder: `KIFU_CORPUS` when set, else `../shared/corpus` beside the
/// workspace root.
pub fn root() -> PathBuf {
    match std::env::var_os("KIFU_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => workspace_root().join("../shared/corpus"),
    }
}

/// The path `rel` inside the corpus (`"sgf/sgfc"`, `"sgf/sgfc/test.sgf"`) when it
/// exists. Otherwise prints one line naming the running test and returns `None` (the
/// caller skips what needs it), or panics when `KIFU_REQUIRE_CORPUS` is set.
pub fn path(rel: &str) -> Option<PathBuf> {
    let path = root().join(rel);
    if path.exists() {
        return Some(path);
    }
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a corpus test");
    assert!(
        std::env::var_os("KIFU_REQUIRE_CORPUS").is_none(),
        "KIFU_REQUIRE_CORPUS is set but {} is missing ({test})",
        path.display()
    );
    // Straight to standard error, past the test harness's capture, so that the line
    // shows in `cargo test`'s output although the test passes.
    let line = format!("skipped in {test}: {} not found\n", path.display());
    let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
    None
}
