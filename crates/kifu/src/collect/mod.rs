//! Collection jobs: what `kifu filter`, `stats`, `dedup` and `list` compute, without
//! the command line. Each job reads a collection game by game ([`read::read_games`]:
//! SGF through the streaming reader, so memory holds the text and one game per
//! thread, other formats one small record per file) and keeps only what it needs of
//! each game.
//!
//! - [`meta`]: the facts of one game (players, event, date, result, winner, moves …).
//! - [`names`]: matching names case-insensitively after Unicode normalisation (NFKC).
//! - [`date`]: reading the usual date forms, and date ranges.
//! - [`filter`]: the criteria of `kifu filter`.
//! - [`stats`]: the totals of `kifu stats`.
//! - [`dedup`]: the canonical hash of a game's main line under the board's
//!   symmetries, and grouping by it.
//! - [`list`]: one row per game, with SGFC's Dyer signature.
//! - [`analysis`]: a game's engine analysis in figures (analysed share, engines,
//!   the evaluation along the moves, the largest swing and drop).

pub mod analysis;
pub mod date;
pub mod dedup;
pub mod filter;
pub mod list;
pub mod meta;
pub mod names;
pub mod read;
pub mod stats;
