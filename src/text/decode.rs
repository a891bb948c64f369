//! Strict decoding: every malformed byte range is reported, never silently replaced.

use encoding_rs::DecoderResult;

use super::TextEncoding;

/// A malformed byte sequence found while decoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed {
    /// The offending bytes' range in the input (after any BOM the caller removed,
    /// offsets are still those of the full input).
    pub bytes: std::ops::Range<usize>,
    /// Where the U+FFFD that stands for them sits in the decoded text.
    pub text_offset: usize,
}

/// The result of a strict decode: the text (U+FFFD where bytes were malformed) and
/// every malformed range.
#[derive(Debug, Clone)]
pub struct StrictDecode {
    /// The decoded text.
    pub text: String,
    /// Malformed ranges, in order; empty when the input was clean.
    pub malformed: Vec<Malformed>,
}

impl StrictDecode {
    /// True when no byte was malformed.
    pub fn is_clean(&self) -> bool {
        self.malformed.is_empty()
    }
}

/// Decodes `bytes` (which start at offset `base` of the original input) with `enc`,
/// without BOM sniffing, recording every malformed sequence.
pub fn decode_strict(bytes: &[u8], base: usize, enc: TextEncoding) -> StrictDecode {
    if enc == TextEncoding::UTF_8 {
        if let Ok(s) = std::str::from_utf8(bytes) {
            return StrictDecode {
                text: s.to_owned(),
                malformed: Vec::new(),
            };
        }
    }
    let mut decoder = enc.inner().new_decoder_without_bom_handling();
    let cap = decoder
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .unwrap_or(bytes.len().saturating_mul(3));
    let mut text = String::with_capacity(cap);
    let mut malformed = Vec::new();
    let mut pos = 0usize;
    loop {
        let rest = bytes.get(pos..).unwrap_or(&[]);
        let (result, read) = decoder.decode_to_string_without_replacement(rest, &mut text, true);
        pos += read;
        match result {
            DecoderResult::InputEmpty => break,
            DecoderResult::OutputFull => {
                let more = decoder
                    .max_utf8_buffer_length_without_replacement(bytes.len() - pos)
                    .unwrap_or(64)
                    .max(64);
                text.reserve(more);
            }
            DecoderResult::Malformed(bad, after) => {
                let end = pos.saturating_sub(usize::from(after));
                let start = end.saturating_sub(usize::from(bad));
                malformed.push(Malformed {
                    bytes: base + start..base + end,
                    text_offset: text.len(),
                });
                text.push('\u{FFFD}');
            }
        }
    }
    StrictDecode { text, malformed }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_shift_jis_is_reported_with_exact_offsets() {
        // "ab" then a lead byte 0x82 followed by an invalid trail 0x20, then "表" (95 5C).
        let bytes = b"ab\x82 \x95\x5c";
        let d = decode_strict(bytes, 0, TextEncoding::SHIFT_JIS);
        assert_eq!(d.malformed.len(), 1);
        assert_eq!(d.malformed[0].bytes, 2..3);
        assert_eq!(d.malformed[0].text_offset, 2);
        assert_eq!(d.text, "ab\u{FFFD} 表");
    }

    #[test]
    fn every_malformed_utf8_range_is_reported() {
        let bytes = b"ok\xff\xfe then \xc3";
        let d = decode_strict(bytes, 10, TextEncoding::UTF_8);
        let ranges: Vec<_> = d.malformed.iter().map(|m| m.bytes.clone()).collect();
        assert_eq!(ranges, vec![12..13, 13..14, 20..21]);
        assert_eq!(d.text, "ok\u{FFFD}\u{FFFD} then \u{FFFD}");
    }

    #[test]
    fn clean_euc_kr_decodes() {
        let (bytes, _, _) = encoding_rs::EUC_KR.encode("기성 바둑");
        let d = decode_strict(&bytes, 0, TextEncoding::EUC_KR);
        assert!(d.is_clean());
        assert_eq!(d.text, "기성 바둑");
    }
}
