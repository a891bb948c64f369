//! Feeds arbitrary bytes to encoding detection and strict decoding with every hint
//! combination the formats use, and to the re-encoding transform: nothing may panic,
//! every malformed span must lie inside the decoded text, and a re-encoded result must
//! decode back to the text it was made from.
#![no_main]

use libfuzzer_sys::fuzz_target;

use kifu::internals::declaration;
use kifu::text::{decode, DetectHints, LineIndex, TextEncoding};

fuzz_target!(|bytes: &[u8]| {
    let finders = [
        None,
        Some(declaration::find_sgf as kifu::text::CharsetFinder),
        Some(declaration::find_kif),
        Some(declaration::find_csa),
        Some(declaration::find_gib),
        Some(declaration::find_ugf),
    ];
    for (i, declared) in finders.into_iter().enumerate() {
        let legacy = [
            None,
            Some(TextEncoding::SHIFT_JIS),
            Some(TextEncoding::EUC_KR),
        ][i % 3];
        let decoded = decode(
            bytes,
            &DetectHints {
                forced: None,
                declared,
                legacy,
                // GIB and NGF: EUC-KR with GBK as the alternative.
                legacy_alternative: (legacy == Some(TextEncoding::EUC_KR))
                    .then_some(TextEncoding::GBK),
            },
        );
        let index = LineIndex::new(&decoded.text);
        for d in &decoded.diagnostics {
            assert!(d.span.end <= decoded.text.len());
            let _ = index.line_col_in(&decoded.text, d.span.start);
        }
        for enc in [
            TextEncoding::SHIFT_JIS,
            TextEncoding::EUC_KR,
            TextEncoding::UTF_16BE,
        ] {
            if let Ok(out) = kifu::text::encode_strict(&decoded.text, enc) {
                let back = kifu::text::decode_strict(&out, 0, enc);
                assert!(back.is_clean());
                assert_eq!(back.text, decoded.text);
            }
        }
    }
});
