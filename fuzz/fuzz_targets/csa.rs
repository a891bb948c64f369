//! Feeds arbitrary bytes to the `csa` reader, then the validator (every move replayed
//! on the shogi engine) and the writers of every shogi format: none may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some(format) = kifu::formats::by_name("csa") else {
        return;
    };
    let input = kifu::Input {
        bytes,
        path: None,
        format: Some(format),
        encoding: None,
    };
    let Ok(mut outcome) = kifu::read(&input) else {
        return;
    };
    kifu::validate(&mut outcome);
    for name in ["kif", "ki2", "csa", "jkf", "usi"] {
        if let Some(target) = kifu::formats::by_name(name) {
            let _ = kifu::write(&outcome.parsed.collection, target, None, None);
        }
    }
});
