//! Feeds arbitrary bytes to the Kiseong reader, validates, writes back, and reads the
//! written record again: nothing may panic, and the rewrite must keep the main line.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((_, mut outcome)) = common::read_as("kiseong", bytes) else {
        return;
    };
    kifu::validate(&mut outcome);
    let opts = kifu::formats::WriteOptions::default();
    if let Ok(written) = kifu::internals::kiseong::write(&outcome.parsed.collection, &opts) {
        let again = kifu::internals::kiseong::read(&written.output);
        let line = |c: &kifu::model::Collection| -> Vec<_> {
            c.games
                .iter()
                .flat_map(|g| g.tree.main_line().map(|(_, n)| n.mv).collect::<Vec<_>>())
                .filter(Option::is_some)
                .collect()
        };
        assert_eq!(line(&again.collection), line(&outcome.parsed.collection));
    }
});
