//! Fuzzes the SGF reader (with decoding, Go rules and the writer): no input may
//! panic, and whatever is read must survive write → read unchanged unless the
//! writer reported a loss.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some(sgf) = kifu::formats::by_name("sgf") else {
        return;
    };
    let input = kifu::Input {
        bytes,
        path: None,
        format: Some(sgf),
        encoding: None,
    };
    let Ok(mut out) = kifu::read(&input) else {
        return;
    };
    kifu::validate(&mut out);
    let Ok(written) = kifu::write(&out.parsed.collection, sgf, None, None) else {
        return;
    };
    let again = kifu::read(&kifu::Input {
        bytes: &written.bytes,
        ..input
    })
    .expect("sgf reads its own output");
    if written.losses.is_empty() {
        assert_eq!(again.parsed.collection, out.parsed.collection);
    }
});
