//! Feeds arbitrary bytes to the `.gonu` reader, then the validator, the writer and
//! the pictures of whatever board it read: none of them may panic.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((format, mut outcome)) = common::read_as("gonu", bytes) else {
        return;
    };
    kifu::validate(&mut outcome);
    for game in &outcome.parsed.collection.games {
        if let kifu::model::GameKind::Gonu(board) = &game.kind {
            let _ = kifu::render::gonu::text(board);
            let _ = kifu::render::gonu::svg(board);
        }
    }
    let _ = kifu::write(&outcome.parsed.collection, format, None, None);
});
