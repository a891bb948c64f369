//! Feeds arbitrary bytes to the `ki2` reader, then the validator (every move replayed
//! on the shogi engine) and the writers of every shogi format: none may panic.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| common::read_validate_write("ki2", bytes));
