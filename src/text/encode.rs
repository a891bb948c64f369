//! Strict encoding: an unmappable character is an error with its position, never a
//! `&#NNNN;` numeric reference.

use std::borrow::Cow;

use encoding_rs::EncoderResult;

use super::TextEncoding;

/// A character the target encoding cannot hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unmappable {
    /// The character.
    pub ch: char,
    /// Its byte offset in the UTF-8 text being encoded.
    pub offset: usize,
}

/// A character replaced by its Shift_JIS-encodable twin before encoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Normalization {
    /// The character in the text.
    pub from: char,
    /// What was written instead.
    pub to: char,
    /// Its byte offset in the text.
    pub offset: usize,
}

/// The characters that CP932 writes as fullwidth forms: the JIS X 0208 code points
/// that Unicode-to-Shift_JIS tables disagree on.
const SHIFT_JIS_TWINS: [(char, char); 5] = [
    ('\u{301C}', '\u{FF5E}'), // 〜 WAVE DASH → ～ FULLWIDTH TILDE
    ('\u{2016}', '\u{2225}'), // ‖ DOUBLE VERTICAL LINE → ∥ PARALLEL TO
    ('\u{00AC}', '\u{FFE2}'), // ¬ NOT SIGN → ￢
    ('\u{00A2}', '\u{FFE0}'), // ¢ CENT SIGN → ￠
    ('\u{00A3}', '\u{FFE1}'), // £ POUND SIGN → ￡
];

/// Replaces 〜 ‖ ¬ ¢ £ with the fullwidth forms CP932 encodes (～ ∥ ￢ ￠ ￡),
/// reporting each replacement. Returns the text unchanged (borrowed) when none occur.
pub fn normalize_for_shift_jis(text: &str) -> (Cow<'_, str>, Vec<Normalization>) {
    let twin = |c: char| {
        SHIFT_JIS_TWINS
            .iter()
            .find(|(f, _)| *f == c)
            .map(|&(_, t)| t)
    };
    if !text.chars().any(|c| twin(c).is_some()) {
        return (Cow::Borrowed(text), Vec::new());
    }
    let mut out = String::with_capacity(text.len());
    let mut done = Vec::new();
    for (offset, c) in text.char_indices() {
        match twin(c) {
            Some(to) => {
                done.push(Normalization {
                    from: c,
                    to,
                    offset,
                });
                out.push(to);
            }
            None => out.push(c),
        }
    }
    (Cow::Owned(out), done)
}

/// Encodes `text` into `enc`, failing with every character the encoding cannot hold.
/// No BOM is written. UTF-16 is encoded here; everything else by encoding_rs.
pub fn encode_strict(text: &str, enc: TextEncoding) -> Result<Vec<u8>, Vec<Unmappable>> {
    if enc == TextEncoding::UTF_8 {
        return Ok(text.as_bytes().to_vec());
    }
    if enc.is_utf16() {
        let big = enc == TextEncoding::UTF_16BE;
        let mut out = Vec::with_capacity(text.len() * 2);
        for unit in text.encode_utf16() {
            out.extend_from_slice(&if big {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            });
        }
        return Ok(out);
    }
    let mut encoder = enc.inner().new_encoder();
    let mut out = Vec::with_capacity(text.len() + 16);
    let mut bad = Vec::new();
    let mut pos = 0usize;
    loop {
        let rest = text.get(pos..).unwrap_or("");
        let (result, read) =
            encoder.encode_from_utf8_to_vec_without_replacement(rest, &mut out, true);
        pos += read;
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => out.reserve(rest.len().max(16)),
            EncoderResult::Unmappable(ch) => bad.push(Unmappable {
                ch,
                offset: pos - ch.len_utf8(),
            }),
        }
    }
    if bad.is_empty() {
        Ok(out)
    } else {
        Err(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unmappable_characters_are_all_reported_with_offsets() {
        // 'é' is not in Shift_JIS; neither is '한'.
        let err = encode_strict("aé表한", TextEncoding::SHIFT_JIS).unwrap_err();
        assert_eq!(
            err,
            vec![
                Unmappable {
                    ch: 'é', offset: 1
                },
                Unmappable {
                    ch: '한',
                    offset: 6
                }
            ]
        );
    }

    #[test]
    fn never_writes_numeric_character_references() {
        let err = encode_strict("😀", TextEncoding::EUC_KR).unwrap_err();
        assert_eq!(
            err,
            vec![Unmappable {
                ch: '😀',
                offset: 0
            }]
        );
    }

    #[test]
    fn shift_jis_twins_are_normalised_and_reported() {
        let (text, done) = normalize_for_shift_jis("a〜b‖¬¢£");
        assert_eq!(text, "a～b∥￢￠￡");
        assert_eq!(done.len(), 5);
        assert_eq!(
            done[0],
            Normalization {
                from: '〜',
                to: '～',
                offset: 1
            }
        );
        assert_eq!(done[1].offset, 5);
        assert_eq!(
            encode_strict(&text, TextEncoding::SHIFT_JIS).unwrap(),
            b"a\x81\x60b\x81\x61\x81\xca\x81\x91\x81\x92"
        );
        let (same, none) = normalize_for_shift_jis("平手");
        assert!(matches!(same, Cow::Borrowed(_)));
        assert!(none.is_empty());
    }

    #[test]
    fn utf16_is_encoded_without_bom() {
        assert_eq!(
            encode_strict("A한", TextEncoding::UTF_16LE).unwrap(),
            vec![0x41, 0, 0x5c, 0xd5]
        );
        assert_eq!(
            encode_strict("A한", TextEncoding::UTF_16BE).unwrap(),
            vec![0, 0x41, 0xd5, 0x5c]
        );
    }
}
