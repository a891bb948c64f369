//! What every shogi reader's fuzz target does: read the bytes as `format`, validate
//! (every move replayed on the shogi engine), and write the result in every shogi
//! format. None of it may panic.

/// Runs one input through the reader named `format`, the validator and the writers.
pub fn read_validate_write(format: &str, bytes: &[u8]) {
    let Some(format) = kifu::formats::by_name(format) else {
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
}
