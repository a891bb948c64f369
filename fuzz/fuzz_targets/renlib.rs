//! Feeds arbitrary bytes to the RenLib reader (after the header, so the node stream is
//! exercised). Properties: nothing panics, however deep or broken the tree; every
//! library read converts to SGF that reads back with the same main line; validation
//! of every line of play does not panic.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Half the inputs get a real header, so the fuzzer need not find the magic.
    let mut bytes = Vec::with_capacity(data.len() + 20);
    if data.first().is_some_and(|b| b & 1 == 0) {
        bytes.extend_from_slice(&kifu::internals::renlib::MAGIC);
        bytes.extend_from_slice(&[3, 4]);
        bytes.extend_from_slice(&[0xFF; 10]);
        bytes.extend_from_slice(data.get(1..).unwrap_or(&[]));
    } else {
        bytes.extend_from_slice(data);
    }
    let Some((_, mut outcome)) = common::read_as("renlib", &bytes) else {
        return;
    };
    common::sgf_keeps_the_moves(&outcome);
    kifu::validate(&mut outcome);
});
