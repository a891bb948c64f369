//! Feeds arbitrary bytes to the omok log reader, then the rule checks under every
//! rule, the judgement of the main line and the writer: none of them may panic.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((format, mut outcome)) = common::read_as("omok", bytes) else {
        return;
    };
    for rule in ["seed", "renju", "gomoku", "freestyle"] {
        let Ok(rule) = kifu::rules::renju::parse_rule(rule) else {
            continue;
        };
        kifu::rules::renju::set_rule(&mut outcome.parsed.collection, &rule);
        for game in &outcome.parsed.collection.games {
            let _ = kifu::rules::check(game);
            let _ = kifu::rules::renju::result_line(game);
        }
    }
    kifu::validate(&mut outcome);
    let _ = kifu::write(&outcome.parsed.collection, format, None, None);
});
