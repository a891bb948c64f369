//! Helpers for the unit tests.

/// A deterministic pseudo-random source (xorshift64): each call gives a number below
/// `n` (which must not be 0), the same sequence for the same seed on every run.
pub(crate) fn below(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed;
    move |n| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    }
}

/// Real records written by others, in `../shared/corpus/` beside the checkout: the
/// integration tests' helper (`tests/common/corpus.rs`), one file for both.
#[path = "../../../tests/common/corpus.rs"]
pub(crate) mod corpus;
