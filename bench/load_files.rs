//! Every file of a folder with one extension, read whole and sorted by path: the
//! input of the example benchmarks (`examples/shogi_bench.rs`,
//! `examples/read_checked_bench.rs`, through `#[path]`).

use std::path::{Path, PathBuf};

/// Every `.ext` file of `dir` with its contents, sorted by path.
pub fn load_files(dir: &Path, ext: &str) -> std::io::Result<Vec<(Vec<u8>, PathBuf)>> {
    let mut files = Vec::new();
    for e in std::fs::read_dir(dir)? {
        let p = e?.path();
        if p.extension().and_then(|x| x.to_str()) == Some(ext) {
            files.push((std::fs::read(&p)?, p));
        }
    }
    files.sort_by(|a, b| a.1.cmp(&b.1));
    Ok(files)
}
