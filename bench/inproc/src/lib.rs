//! Nothing here: the benchmarks are in `benches/readers.rs` (`cargo bench`).
