//! Feeds arbitrary bytes to the NGF reader, validates, writes SGF and reads it back:
//! nothing may panic, and the SGF must hold the same moves and setup stones.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    common::archive_through_sgf("ngf", bytes);
});
