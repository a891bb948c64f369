//! Feeds arbitrary bytes to the PSQ reader. Properties: nothing panics; a record read
//! without an error writes a PSQ that reads back to the same game (read → write →
//! read equal); every game read converts to SGF that reads back with the same moves.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((format, mut outcome)) = common::read_as("psq", bytes) else {
        return;
    };
    common::sgf_keeps_the_moves(&outcome);
    if !outcome.has_errors() {
        if let Ok(written) = kifu::write(&outcome.parsed.collection, format, None, None) {
            let again = kifu::read(&common::input(format, &written.bytes)).expect("reads");
            assert_eq!(again.parsed.collection, outcome.parsed.collection);
            let twice = kifu::write(&again.parsed.collection, format, None, None).expect("writes");
            assert_eq!(twice.bytes, written.bytes);
        }
    }
    kifu::validate(&mut outcome);
});
