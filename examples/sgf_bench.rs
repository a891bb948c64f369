//! In-process SGF throughput for `bench/compare.sh`: the file is read into memory
//! first, then `kifu::check` of the bytes given away (what `kifu validate` runs: decode, parse, type, Go
//! rules on every line, games dropped as they are checked; the bytes given away, so
//! a UTF-8 text is not copied) is timed alone. Threads: rayon's
//! default (all cores), or `RAYON_NUM_THREADS`.
//!
//! Usage: `sgf_bench FILE.sgf`

use std::path::Path;
use std::time::Instant;

fn main() -> std::io::Result<()> {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: sgf_bench FILE.sgf");
        return Ok(());
    };
    let bytes = std::fs::read(&path)?;
    let size = bytes.len();
    // The bytes are given away, as `kifu validate` gives them: a UTF-8 file becomes
    // its own text, not copied.
    let input = kifu::Input::bytes(bytes).path(Path::new(&path));
    let start = Instant::now();
    let checked = kifu::check(input, None).map_err(std::io::Error::other)?;
    let secs = start.elapsed().as_secs_f64();
    println!(
        "sgf: {} games, {} diagnostics, {:.1} MB in {secs:.3} s, {:.1} MB/s on {} thread(s) \
         (seconds={secs:.6} bytes={} items={})",
        checked.games,
        checked.diagnostics.len(),
        size as f64 / 1e6,
        size as f64 / 1e6 / secs,
        rayon::current_num_threads(),
        size,
        checked.games,
    );
    Ok(())
}
