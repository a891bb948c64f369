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
    if enc == TextEncoding::SHIFT_JIS {
        if let Some(text) = shift_jis_fast(bytes) {
            return StrictDecode {
                text,
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

/// The two-byte Shift_JIS characters decoded so far, by lead byte (less 0x80) and
/// trail byte: 0 not yet looked up, [`NOT_A_CHAR`] when the pair is not one
/// character, else its UTF-8 bytes, first byte lowest, with their count in the top
/// byte. Filled lazily from encoding_rs itself, so a pair decodes exactly as
/// encoding_rs decodes it.
static SHIFT_JIS_PAIRS: [std::sync::atomic::AtomicU32; 128 * 256] =
    [const { std::sync::atomic::AtomicU32::new(0) }; 128 * 256];

/// Never a pair's entry (those have a count of 2 or 3 in the top byte).
const NOT_A_CHAR: u32 = 1;

/// What encoding_rs makes of one two-byte sequence, as [`SHIFT_JIS_PAIRS`] holds it.
fn decode_pair(lead: u8, trail: u8) -> u32 {
    let pair = [lead, trail];
    let Some(text) =
        encoding_rs::SHIFT_JIS.decode_without_bom_handling_and_without_replacement(&pair)
    else {
        return NOT_A_CHAR;
    };
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if matches!(c.len_utf8(), 2 | 3) => {
            let mut b = [0u8; 4];
            c.encode_utf8(&mut b);
            b[3] = c.len_utf8() as u8;
            u32::from_le_bytes(b)
        }
        _ => NOT_A_CHAR,
    }
}

/// The UTF-8 of the Shift_JIS pair `lead`, `trail` as [`SHIFT_JIS_PAIRS`] holds it
/// (looked up in encoding_rs the first time); `None` when the pair is not one
/// character.
#[inline(always)]
fn pair_utf8(lead: u8, trail: u8) -> Option<u32> {
    let cell = SHIFT_JIS_PAIRS.get(usize::from(lead & 0x7F) << 8 | usize::from(trail))?;
    let mut v = cell.load(std::sync::atomic::Ordering::Relaxed);
    if v <= NOT_A_CHAR {
        if v == 0 {
            v = decode_pair(lead, trail);
            cell.store(v, std::sync::atomic::Ordering::Relaxed);
        }
        if v == NOT_A_CHAR {
            return None;
        }
    }
    Some(v)
}

/// Decodes clean Shift_JIS made of ASCII and two-byte characters (what records are)
/// without encoding_rs's per-character state machine: ASCII is copied sixteen bytes
/// at a time, pairs are looked up in [`SHIFT_JIS_PAIRS`]. `None` at the first byte
/// it does not take (a malformed sequence, half-width katakana, a lone lead byte
/// …): the caller then decodes the whole input the general way, with its exact
/// reports.
fn shift_jis_fast(bytes: &[u8]) -> Option<String> {
    use std::mem::MaybeUninit;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    /// `dst` less its first `n` bytes (`None` past its end).
    fn advance(dst: &mut &mut [MaybeUninit<u8>], n: usize) -> Option<()> {
        *dst = std::mem::take(dst).get_mut(n..)?;
        Some(())
    }
    // ASCII takes one byte for one, a pair at most three for two: after `i` bytes
    // read at most `i + i / 2` are written, so sixteen more always fit in the room.
    // Whole words are written past the end of what is kept (and overwritten or cut
    // off later). The room is not zeroed first: only what is written is kept. Input
    // and room are walked as slices, so each step checks only their lengths.
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len() + bytes.len() / 2 + 16);
    let mut dst = out.spare_capacity_mut();
    let room = dst.len();
    let mut src = bytes;
    loop {
        match src {
            [] => break,
            [lead @ 0x80..=0xFF, trail, rest @ ..] => {
                let v = pair_utf8(*lead, *trail)?;
                let (head, _) = dst.split_first_chunk_mut::<4>()?;
                *head = v.to_le_bytes().map(MaybeUninit::new);
                // Two or three bytes (the count in the top byte).
                advance(&mut dst, (v >> 24) as usize & 3)?;
                src = rest;
            }
            [0x80..=0xFF, ..] => return None,
            _ => match src.split_first_chunk::<16>() {
                // Sixteen bytes at once (a move line's ASCII runs a time and the
                // next line's number: some thirty bytes).
                Some((chunk, _)) => {
                    let (head, _) = dst.split_first_chunk_mut::<16>()?;
                    *head = chunk.map(MaybeUninit::new);
                    let [lo, hi] = [0, 8].map(|at| {
                        let mut w = [0u8; 8];
                        w.copy_from_slice(chunk.get(at..at + 8).unwrap_or(&[0; 8]));
                        u64::from_le_bytes(w) & HIGHS
                    });
                    // The ASCII bytes before the first high one (at least one).
                    let ascii = match (lo, hi) {
                        (0, 0) => 16,
                        (0, high) => 8 + (high.trailing_zeros() / 8) as usize,
                        (high, _) => (high.trailing_zeros() / 8) as usize,
                    };
                    advance(&mut dst, ascii)?;
                    src = src.get(ascii..)?;
                }
                // The last few bytes of the input, one by one.
                None => {
                    let (&c, rest) = src.split_first()?;
                    *dst.first_mut()? = MaybeUninit::new(c);
                    advance(&mut dst, 1)?;
                    src = rest;
                }
            },
        }
    }
    let written = room - dst.len();
    debug_assert!(written <= out.capacity());
    // SAFETY: every byte of the first `written` bytes of the room was written
    // (each step writes the bytes `dst` then moves past, and `dst` only moves past
    // bytes just written). Those bytes are bytes below 0x80 (each a whole
    // character) and the UTF-8 bytes of whole characters (written by
    // `char::encode_utf8` into the table): valid UTF-8.
    unsafe {
        out.set_len(written);
        debug_assert!(std::str::from_utf8(&out).is_ok());
        Some(String::from_utf8_unchecked(out))
    }
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

    /// Decodes `bytes` as Shift_JIS and checks the text and the verdict against
    /// encoding_rs's own decoder.
    fn agrees_with_encoding_rs(bytes: &[u8]) {
        let d = decode_strict(bytes, 0, TextEncoding::SHIFT_JIS);
        let (want, bad) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(bytes);
        assert_eq!(d.text, want, "{bytes:02x?}");
        assert_eq!(d.is_clean(), !bad, "{bytes:02x?}");
    }

    #[test]
    fn shift_jis_fast_path_agrees_with_encoding_rs_on_every_pair() {
        // Every two-byte sequence, alone and between ASCII runs of every length
        // around a word, decodes as encoding_rs decodes it, with the same reports.
        for lead in 0x80..=0xFFu8 {
            for trail in 0x00..=0xFFu8 {
                for pad in [0usize, 1, 7, 8, 9] {
                    let mut bytes = vec![b'a'; pad];
                    bytes.extend([lead, trail]);
                    bytes.extend(std::iter::repeat_n(b'z', pad));
                    agrees_with_encoding_rs(&bytes);
                }
            }
        }
        // Pseudo-random runs of ASCII, pairs, a move and stray bytes.
        let (record, _, _) = encoding_rs::SHIFT_JIS.encode("▲７六歩(77)　同　龍");
        let mut x = 1u64;
        let mut draw = |n: u64| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 33) % n
        };
        for round in 0..3000 {
            let mut bytes = Vec::new();
            for _ in 0..draw(40) {
                match draw(8) {
                    0..=3 => {
                        let c = b' ' + draw(90) as u8;
                        bytes.extend(std::iter::repeat_n(c, 1 + draw(12) as usize));
                    }
                    4..=6 => bytes.extend([0x81 + draw(31) as u8, 0x40 + draw(0xBD) as u8]),
                    _ if round % 3 == 0 => bytes.push(draw(256) as u8),
                    _ => bytes.extend_from_slice(&record),
                }
            }
            agrees_with_encoding_rs(&bytes);
        }
        // A lone lead byte at the end is reported at its offset.
        let d = decode_strict(b"ab\x82", 5, TextEncoding::SHIFT_JIS);
        assert_eq!(d.malformed.len(), 1);
        assert_eq!(d.malformed[0].bytes, 7..8);
        assert_eq!(d.text, "ab\u{FFFD}");
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
