//! Shogi throughput benchmark (not a test).
//!
//! `cargo run --release --example shogi_bench -- gen DIR N` writes N deterministic
//! random legal games (`bench/shogi_gen.rs`) (handicaps, diagram starts, times, comments, bookmarks, nested
//! variations, special endings) as Shift_JIS KIF and KI2 into DIR.
//! `cargo run --release --example shogi_bench -- run DIR [kif|ki2]` checks every
//! `.kif`/`.ki2` file there with `kifu::check`, as `kifu validate` does (every move checked) and prints games/s and MB/s.
//! `… -- load DIR [kif|ki2]` only reads and sorts the files, as `run` does before
//! its timer starts: under callgrind, `run`'s count less `load`'s is the work timed.

use std::path::Path;
use std::time::Instant;

use kifu::model::Collection;
use kifu::text::TextEncoding;

#[path = "../bench/shogi_gen.rs"]
mod shogi_gen;

fn generate(dir: &Path, count: usize) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut rng = shogi_gen::Rng::seeded();
    let kif = kifu::formats::by_name("kif").expect("kif");
    let ki2 = kifu::formats::by_name("ki2").expect("ki2");
    for i in 0..count {
        let game = shogi_gen::game(i, &mut rng);
        let c = Collection { games: vec![game] };
        let a = kifu::write(&c, kif, Some(TextEncoding::SHIFT_JIS), None)
            .map_err(std::io::Error::other)?;
        std::fs::write(dir.join(format!("g{i:05}.kif")), a.bytes)?;
        let b = kifu::write(&c, ki2, Some(TextEncoding::SHIFT_JIS), None)
            .map_err(std::io::Error::other)?;
        std::fs::write(dir.join(format!("g{i:05}.ki2")), b.bytes)?;
    }
    Ok(())
}

/// Reads and sorts the files as `run` does, and nothing more: run's instruction
/// count less this one is what reading and validating cost.
fn load(dir: &Path, only: Option<&str>) -> std::io::Result<()> {
    for ext in ["kif", "ki2"] {
        if only.is_some_and(|o| o != ext) {
            continue;
        }
        let files = load_files(dir, ext)?;
        let bytes: usize = files.iter().map(|f| f.0.len()).sum();
        println!(
            "{ext}: {} files, {:.1} MB loaded",
            files.len(),
            bytes as f64 / 1e6
        );
    }
    Ok(())
}

#[path = "../bench/load_files.rs"]
mod load_files;
use load_files::load_files;

fn run(dir: &Path, only: Option<&str>) -> std::io::Result<()> {
    for ext in ["kif", "ki2"] {
        if only.is_some_and(|o| o != ext) {
            continue;
        }
        let files = load_files(dir, ext)?;
        let bytes: usize = files.iter().map(|f| f.0.len()).sum();
        let start = Instant::now();
        let mut errors = 0;
        for (data, path) in &files {
            let input = kifu::Input {
                bytes: data.into(),
                path: Some(path),
                format: None,
                encoding: None,
            };
            // What `kifu validate` does with each file: the rules run as it is read.
            let checked = kifu::check(&input, None).map_err(std::io::Error::other)?;
            errors += usize::from(
                checked
                    .diagnostics
                    .iter()
                    .any(|d| d.severity == kifu::diag::Severity::Error),
            );
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{ext}: {} games, {:.1} MB in {:.3} s: {:.0} games/s, {:.1} MB/s, {} with errors \
             (seconds={secs:.6} bytes={bytes} items={})",
            files.len(),
            bytes as f64 / 1e6,
            secs,
            files.len() as f64 / secs,
            bytes as f64 / 1e6 / secs,
            errors,
            files.len(),
        );
    }
    Ok(())
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("gen") => {
            let dir = args.get(2).map_or("bench-shogi", String::as_str);
            let n = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(2000);
            generate(Path::new(dir), n)
        }
        Some("load") => load(
            Path::new(args.get(2).map_or("bench-shogi", String::as_str)),
            args.get(3).map(String::as_str),
        ),
        Some("run") => run(
            Path::new(args.get(2).map_or("bench-shogi", String::as_str)),
            args.get(3).map(String::as_str),
        ),
        _ => {
            eprintln!("usage: shogi_bench gen DIR [N] | run DIR [kif|ki2] | load DIR [kif|ki2]");
            Ok(())
        }
    }
}
