//! Position search over a collection (`kifu index`, `kifu search`): every position
//! of every game hashed ([`positions`]), kept in an SQLite index ([`store`]), and
//! the games that reached a position answered with what was played next
//! ([`query`]); Go patterns are found by replaying each game's stored main line
//! ([`pattern`]). See docs/SEARCH.md.

pub(crate) mod buckets;
pub mod pattern;
pub mod positions;
pub mod query;
pub mod store;
