//! Parses an SGF file with the sgf-parse crate and prints the time taken.
fn main() {
    let path = std::env::args().nth(1).expect("usage: sgf-parse-peer FILE");
    let text = std::fs::read_to_string(&path).expect("a UTF-8 file");
    let start = std::time::Instant::now();
    let games = sgf_parse::parse(&text).expect("sgf-parse reads it");
    let secs = start.elapsed().as_secs_f64();
    // key=value, as bench/peers/harness.py reads it
    println!(
        "sgf-parse: seconds={secs:.6} items={n} ok={n} failed=0 crashed=0 bytes={} ({:.1} MB/s)",
        text.len(),
        text.len() as f64 / 1e6 / secs,
        n = games.len(),
    );
}
