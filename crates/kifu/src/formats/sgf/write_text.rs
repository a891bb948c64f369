//! What the SGF writer needs to know of a text value before it copies it: the
//! columns it takes (wide characters two, each escaped byte two) and whether it has
//! a byte to escape, found 16 bytes at a time.
//!
//! Each byte weighs its columns: a UTF-8 continuation byte nothing, any other byte
//! one, one more for a byte to escape (`]`, `\`, and `:` in a compose value) and
//! for the lead byte of a character of U+3000 to U+9FFF or U+B000 to U+CFFF (kana,
//! CJK punctuation and ideographs, Hangul: wide but for U+303F, U+3040 and U+4DC0 to
//! U+4DFF, which the bytes after their lead single out for a look-up). The other
//! lead bytes of three or four are looked up one by one ([`lead_columns`]); line
//! breaks and NUL are left to the writer's loop over the bytes. On x86-64 the weights are SSE2 comparisons
//! summed by `psadbw` (SSE2 is part of every x86-64 processor); elsewhere a loop
//! over the bytes gives the same result.

use crate::text::lead_columns;

/// The columns of a text without line breaks or NUL characters, escaped as SGF
/// escapes it (`]` and `\`, and `:` when `compose`: two columns each; a wide
/// character two, any other one), and whether it has a byte to escape. `None` when
/// it has a line break or a NUL.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(super) fn line_columns(bytes: &[u8], compose: bool) -> Option<(usize, bool)> {
    vector::line_columns(bytes, compose)
}

/// The columns of a text without line breaks or NUL characters (see above).
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(super) fn line_columns(bytes: &[u8], compose: bool) -> Option<(usize, bool)> {
    line_columns_by_byte(bytes, compose)
}

/// Appends `bytes` to `out` with `\\` before each `]` and `\\` (and `:` when
/// `compose`), the runs between them copied whole.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(super) fn push_escaped(out: &mut Vec<u8>, bytes: &[u8], compose: bool) {
    vector::push_escaped(out, bytes, compose)
}

/// Appends `bytes` to `out` escaped (see above).
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(super) fn push_escaped(out: &mut Vec<u8>, bytes: &[u8], compose: bool) {
    push_escaped_by_byte(out, bytes, compose)
}

/// [`push_escaped`] a byte at a time: the reference of the vector code.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn push_escaped_by_byte(out: &mut Vec<u8>, bytes: &[u8], compose: bool) {
    for &b in bytes {
        if b == b']' || b == b'\\' || (compose && b == b':') {
            out.push(b'\\');
        }
        out.push(b);
    }
}

/// [`line_columns`] a byte at a time: the reference of the vector code.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn line_columns_by_byte(bytes: &[u8], compose: bool) -> Option<(usize, bool)> {
    let (mut cols, mut escaped) = (0, false);
    for (i, &b) in bytes.iter().enumerate() {
        cols += match b {
            b'\n' | 0 => return None,
            b']' | b'\\' => {
                escaped = true;
                2
            }
            b':' if compose => {
                escaped = true;
                2
            }
            0x80..=0xBF => 0,
            0xE0..=0xFF => lead_columns(bytes, i, b).1,
            _ => 1,
        };
    }
    Some((cols, escaped))
}

#[cfg(target_arch = "x86_64")]
mod vector {
    use std::arch::x86_64::{
        __m128i, _mm_add_epi64, _mm_add_epi8, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8,
        _mm_cmpgt_epi8, _mm_cmplt_epi8, _mm_cvtsi128_si64, _mm_loadu_si128, _mm_movemask_epi8,
        _mm_or_si128, _mm_sad_epu8, _mm_set1_epi8, _mm_setzero_si128, _mm_sub_epi8,
        _mm_unpackhi_epi64,
    };

    use crate::text::lead_columns;

    /// Lanes kept of the last block of a text, which ends where the text does and
    /// overlaps the block before: from `KEEP[r..]`, the last `r` lanes.
    static KEEP: [u8; 32] = {
        let mut keep = [0u8; 32];
        let mut k = 16;
        while k < 32 {
            keep[k] = 0xFF;
            k += 1;
        }
        keep
    };

    /// What the blocks of a text add up to.
    struct Sums {
        /// The weights, in the two halves of a vector.
        weights: __m128i,
        /// The bytes to escape, or-ed together.
        escapes: __m128i,
        /// The columns of characters looked up, beyond what their weights gave.
        looked_up: isize,
    }

    /// See [`super::line_columns`].
    pub(super) fn line_columns(bytes: &[u8], compose: bool) -> Option<(usize, bool)> {
        let third = if compose { b':' } else { b']' };
        // SAFETY: every load reads 16 bytes inside `bytes` (full blocks, the last
        // 16 bytes of a text of 16 or more) or a local array of 16 (a short text),
        // or inside `KEEP` (at most 16 + 16); SSE2 is part of every x86-64 target.
        unsafe {
            let mut sums = Sums {
                weights: _mm_setzero_si128(),
                escapes: _mm_setzero_si128(),
                looked_up: 0,
            };
            let all = _mm_set1_epi8(-1);
            let n = bytes.len();
            if n < 16 {
                let block = padded(bytes);
                block_weights(
                    &mut sums,
                    _mm_loadu_si128(block.as_ptr().cast()),
                    all,
                    third,
                    bytes,
                    0,
                )?;
            } else {
                let mut at = 0;
                while at + 16 <= n {
                    let v = _mm_loadu_si128(bytes.as_ptr().add(at).cast());
                    block_weights(&mut sums, v, all, third, bytes, at)?;
                    at += 16;
                }
                let left = n - at;
                if left > 0 {
                    let v = _mm_loadu_si128(bytes.as_ptr().add(n - 16).cast());
                    let keep = _mm_loadu_si128(KEEP.as_ptr().add(left).cast());
                    block_weights(&mut sums, v, keep, third, bytes, n - 16)?;
                }
            }
            let w = sums.weights;
            let total = _mm_cvtsi128_si64(w) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(w, w));
            let escaped = _mm_movemask_epi8(sums.escapes) != 0;
            Some(((total as isize + sums.looked_up) as usize, escaped))
        }
    }

    /// See [`super::push_escaped`].
    pub(super) fn push_escaped(out: &mut Vec<u8>, bytes: &[u8], compose: bool) {
        let third = if compose { b':' } else { b']' };
        let n = bytes.len();
        let mut start = 0;
        let mut escape_at = |out: &mut Vec<u8>, mut mask: u32, at: usize| {
            while mask != 0 {
                let i = at + mask.trailing_zeros() as usize;
                mask &= mask - 1;
                out.extend_from_slice(bytes.get(start..i).unwrap_or_default());
                out.push(b'\\');
                start = i;
            }
        };
        // SAFETY: as in `line_columns`, every load reads 16 bytes inside `bytes` or
        // a local array; SSE2 is part of every x86-64 target.
        unsafe {
            let escapes = |v: __m128i| {
                let eq = |c: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8));
                _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(eq(b']'), eq(b'\\')), eq(third))) as u32
                    & 0xFFFF
            };
            if n < 16 {
                let block = padded(bytes);
                escape_at(out, escapes(_mm_loadu_si128(block.as_ptr().cast())), 0);
            } else {
                let mut at = 0;
                while at + 16 <= n {
                    let v = _mm_loadu_si128(bytes.as_ptr().add(at).cast());
                    escape_at(out, escapes(v), at);
                    at += 16;
                }
                let left = n - at;
                if left > 0 {
                    // The last 16 bytes, less those of the block before.
                    let v = _mm_loadu_si128(bytes.as_ptr().add(n - 16).cast());
                    escape_at(out, escapes(v) >> (16 - left) << (16 - left), n - 16);
                }
            }
        }
        out.extend_from_slice(bytes.get(start..).unwrap_or_default());
    }

    /// A text shorter than 16 bytes, then continuation bytes (which weigh nothing):
    /// copied in two overlapping pieces of one width, each a copy of constant
    /// length (no call of memcpy).
    #[inline]
    fn padded(bytes: &[u8]) -> [u8; 16] {
        fn two<const W: usize>(block: &mut [u8; 16], bytes: &[u8]) {
            let n = bytes.len();
            let (Some(head), Some(tail)) = (bytes.first_chunk::<W>(), bytes.last_chunk::<W>())
            else {
                return;
            };
            if let Some(to) = block.get_mut(n - W..n) {
                to.copy_from_slice(tail);
            }
            if let Some(to) = block.first_chunk_mut::<W>() {
                to.copy_from_slice(head);
            }
        }
        let mut block = [0x80u8; 16];
        match bytes.len() {
            8..=16 => two::<8>(&mut block, bytes),
            4..=7 => two::<4>(&mut block, bytes),
            2 | 3 => two::<2>(&mut block, bytes),
            1 => two::<1>(&mut block, bytes),
            _ => {}
        }
        block
    }

    /// Adds the weights of the lanes of `v` that `keep` keeps (its bytes at `at` in
    /// `bytes`) to `sums`; `None` at a line break or a NUL.
    #[inline(always)]
    unsafe fn block_weights(
        sums: &mut Sums,
        v: __m128i,
        keep: __m128i,
        third: u8,
        bytes: &[u8],
        at: usize,
    ) -> Option<()> {
        let eq = |c: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8));
        // Signed comparisons: 0x80 is -128, 0xFF is -1.
        let gt = |c: u8| _mm_cmpgt_epi8(v, _mm_set1_epi8(c as i8));
        let lt = |c: u8| _mm_cmplt_epi8(v, _mm_set1_epi8(c as i8));
        let stop = _mm_and_si128(_mm_or_si128(eq(b'\n'), eq(0)), keep);
        if _mm_movemask_epi8(stop) != 0 {
            return None;
        }
        let escape = _mm_and_si128(
            _mm_or_si128(_mm_or_si128(eq(b']'), eq(b'\\')), eq(third)),
            keep,
        );
        let continuation = lt(0xC0);
        // E3 and E4 (U+3000 to U+4FFF: kana, CJK punctuation, ideographs) are
        // counted wide here, and looked up below where the bytes after them may
        // make one of the few narrow characters there.
        let (e3, e4) = (eq(0xE3), eq(0xE4));
        let wide = _mm_or_si128(
            _mm_or_si128(_mm_and_si128(gt(0xE2), lt(0xEA)), eq(0xEB)),
            eq(0xEC),
        );
        let other_lead =
            _mm_and_si128(_mm_andnot_si128(wide, _mm_and_si128(gt(0xDF), lt(0))), keep);
        // The masks are -1 where they hold: 1 - continuation + wide + escape.
        let weight = _mm_sub_epi8(
            _mm_sub_epi8(_mm_add_epi8(_mm_set1_epi8(1), continuation), wide),
            escape,
        );
        let weight = _mm_and_si128(weight, keep);
        sums.weights = _mm_add_epi64(sums.weights, _mm_sad_epu8(weight, _mm_setzero_si128()));
        sums.escapes = _mm_or_si128(sums.escapes, escape);
        let bits = |m: __m128i| _mm_movemask_epi8(m) as u32 & 0xFFFF;
        let keep = bits(keep);
        let mut looked = bits(other_lead);
        while looked != 0 {
            let i = at + looked.trailing_zeros() as usize;
            looked &= looked - 1;
            if let Some(&lead) = bytes.get(i) {
                sums.looked_up += lead_columns(bytes, i, lead).1 as isize - 1;
            }
        }
        let (e3, e4) = (bits(e3) & keep, bits(e4) & keep);
        if e3 | e4 == 0 {
            return Some(());
        }
        // Narrow there: U+303F (E3 80 BF), U+3040 (E3 81 80), U+4DC0 to U+4DFF
        // (E4 B7 ..). A lead in the last two lanes has its next bytes in the next
        // block: looked up too.
        let (x80, x81, xbf, xb7) = (
            bits(eq(0x80)),
            bits(eq(0x81)),
            bits(eq(0xBF)),
            bits(eq(0xB7)),
        );
        let after = |second: u32, third: u32| (second >> 1) & (third >> 2);
        let mut doubtful =
            (e3 & (0xC000 | after(x80, xbf) | after(x81, x80))) | (e4 & (0x8000 | (xb7 >> 1)));
        while doubtful != 0 {
            let i = at + doubtful.trailing_zeros() as usize;
            doubtful &= doubtful - 1;
            if let Some(&lead) = bytes.get(i) {
                sums.looked_up += lead_columns(bytes, i, lead).1 as isize - 2;
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::columns;

    /// The reference: the columns character by character, escapes counting two.
    fn by_chars(s: &str, compose: bool) -> Option<(usize, bool)> {
        if s.contains(['\n', '\0']) {
            return None;
        }
        let escaped = |c: char| c == ']' || c == '\\' || (compose && c == ':');
        let escapes = s.chars().filter(|&c| escaped(c)).count();
        Some((columns(s) + escapes, escapes != 0))
    }

    /// The escaped text is the byte loop's, for texts of every length with bytes to
    /// escape at every place.
    #[test]
    fn escaped_texts_are_the_byte_loops() {
        for len in 0..50 {
            for piece in ["]", "\\", ":", "表", "a"] {
                for at in 0..len {
                    for every in [1, 3, 16, 17, 50] {
                        let text: String = (0..len)
                            .map(|i| {
                                if i == at || i % every == 0 {
                                    piece
                                } else {
                                    "x"
                                }
                            })
                            .collect();
                        for compose in [false, true] {
                            let mut vector = b"head".to_vec();
                            push_escaped(&mut vector, text.as_bytes(), compose);
                            let mut by_byte = b"head".to_vec();
                            push_escaped_by_byte(&mut by_byte, text.as_bytes(), compose);
                            assert_eq!(vector, by_byte, "{text:?}");
                        }
                    }
                }
            }
        }
        let mut out = Vec::new();
        push_escaped(&mut out, "a]b\\c:d".as_bytes(), true);
        assert_eq!(out, b"a\\]b\\\\c\\:d");
    }

    /// Every character, alone and in texts of every length around the blocks'
    /// ends, gives the columns the characters give one by one, by vectors and by
    /// bytes.
    #[test]
    fn columns_are_the_characters() {
        let check = |text: &str| {
            for compose in [false, true] {
                let want = by_chars(text, compose);
                assert_eq!(line_columns(text.as_bytes(), compose), want, "{text:?}");
                assert_eq!(
                    line_columns_by_byte(text.as_bytes(), compose),
                    want,
                    "{text:?}"
                );
            }
        };
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            check(&c.to_string());
        }
        let pieces = [
            "a", "é", "表", "ソ", "：", "백", "𠀀", "😀", "ｱ", "]", "\\", ":", "\n", "\0",
            "\u{303F}", "\u{4DC0}", "\u{A4D0}", "\u{FFE6}", "\u{7F}", "\u{3040}", "\u{3000}",
            "\u{4DFF}", "\u{4DBF}", "\u{4E00}", "\u{30FF}", "\u{307F}", "\u{3002}",
        ];
        for len in 0..50 {
            for (k, piece) in pieces.iter().enumerate() {
                // A run of one kind, a mix starting with it, and one kind alone at
                // each place of a run of letters.
                check(&piece.repeat(len));
                check(
                    &(0..len)
                        .map(|i| pieces[(k + i * 5) % pieces.len()])
                        .collect::<String>(),
                );
                for at in 0..len {
                    let mut text = "x".repeat(len);
                    text.replace_range(at..at + 1, piece);
                    check(&text);
                }
            }
        }
    }
}
