//! Fuzzes the SGF reader (with decoding, Go rules and the writer): no input may
//! panic, whatever is read must survive write → read unchanged unless the writer
//! reported a loss, and the streaming check (`kifu::check`, what `kifu
//! validate` runs) must say exactly what read + validate say, and the reader's fast
//! lane for plain move nodes must read exactly as the general path.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some(sgf) = kifu::formats::by_name("sgf") else {
        return;
    };
    let input = common::input(sgf, bytes);
    let Ok(mut out) = kifu::read(&input) else {
        return;
    };
    kifu::validate(&mut out);
    let checked = kifu::check(&input, None).expect("checks what it reads");
    assert_eq!(checked.diagnostics, out.parsed.diagnostics);
    assert_eq!(checked.games, out.parsed.collection.games.len());
    assert_eq!(checked.text, out.text);
    // The fast lane for plain move nodes gives exactly what reading them in full gives.
    if let Some(text) = &out.text {
        let fast = kifu::internals::sgf::read(text);
        let full = kifu::internals::sgf::read_without_fast_lane(text);
        assert_eq!(fast.collection, full.collection);
        assert_eq!(fast.diagnostics, full.diagnostics);
        assert_eq!(fast.node_spans, full.node_spans);
    }
    let Ok(written) = kifu::write(&out.parsed.collection, sgf, None, None) else {
        return;
    };
    let again = kifu::read(&kifu::Input {
        bytes: (&written.bytes).into(),
        ..input
    })
    .expect("sgf reads its own output");
    if written.losses.is_empty() {
        assert_eq!(again.parsed.collection, out.parsed.collection);
    }
});
