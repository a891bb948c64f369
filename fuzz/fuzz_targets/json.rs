//! Feeds arbitrary bytes to the `json` reader (kifu's own model), then validates and
//! writes back whatever it read: nothing may panic, and what was read must survive a
//! round trip unchanged.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((format, mut outcome)) = common::read_as("json", bytes) else {
        return;
    };
    kifu::validate(&mut outcome);
    if let Ok(written) = kifu::write(&outcome.parsed.collection, format, None, None) {
        let again = kifu::internals::json::read(&String::from_utf8_lossy(&written.bytes));
        assert_eq!(again.collection, outcome.parsed.collection);
    }
});
