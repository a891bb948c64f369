//! Feeds arbitrary bytes to the RIF database reader. Properties: nothing panics; the
//! streaming check (`kifu::check`, game by game) gives exactly the diagnostics of a
//! whole read followed by validation; every game read converts to SGF that reads back
//! with the same moves.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((format, mut outcome)) = common::read_as("rif", bytes) else {
        return;
    };
    common::sgf_keeps_the_moves(&outcome);
    kifu::validate(&mut outcome);
    let checked = kifu::check(&common::input(format, bytes), None).expect("checks");
    assert_eq!(checked.diagnostics, outcome.parsed.diagnostics);
    assert_eq!(checked.games, outcome.parsed.collection.games.len());
});
