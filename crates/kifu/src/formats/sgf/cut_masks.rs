//! Where SGF's syntax bytes stand in a block of 64 bytes, as bit masks (bit `k` for
//! byte `k`): what lets the cut's scan of ASCII units ([`super::cut`]) pass whole
//! runs of values at once instead of looking at every byte.
//!
//! On x86-64 the masks come from SSE2 comparisons (part of every x86-64 processor),
//! 16 bytes at a time; elsewhere from a loop over the bytes, with the same result.

/// The length of a block.
pub const BLOCK: usize = 64;

/// The syntax bytes of one block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Masks {
    /// `[`: opens a value (between values).
    pub open: u64,
    /// `]`: closes a value (unless escaped).
    pub close: u64,
    /// `\`: escapes the next byte (in a value).
    pub escape: u64,
    /// `(` and `)`: the depth of game trees (between values).
    pub paren: u64,
    /// `\n`: where a cut after the last game tree moves to.
    pub newline: u64,
}

/// The masks of `block`.
#[cfg(target_arch = "x86_64")]
#[inline]
pub fn masks(block: &[u8; BLOCK]) -> Masks {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    let mut m = [0u64; 5];
    for (k, lane) in block.chunks_exact(16).enumerate() {
        // SAFETY: `lane` has 16 bytes (`chunks_exact`), which the unaligned load
        // reads; SSE2 is part of every x86-64 target.
        let lanes = unsafe {
            let v = _mm_loadu_si128(lane.as_ptr().cast());
            let eq = |c: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8));
            [
                _mm_movemask_epi8(eq(b'[')),
                _mm_movemask_epi8(eq(b']')),
                _mm_movemask_epi8(eq(b'\\')),
                _mm_movemask_epi8(_mm_or_si128(eq(b'('), eq(b')'))),
                _mm_movemask_epi8(eq(b'\n')),
            ]
        };
        // A movemask has 16 bits: the lane's bytes.
        for (mask, lane) in m.iter_mut().zip(lanes) {
            *mask |= u64::from(lane as u16) << (16 * k);
        }
    }
    let [open, close, escape, paren, newline] = m;
    Masks {
        open,
        close,
        escape,
        paren,
        newline,
    }
}

/// The masks of `block`.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub fn masks(block: &[u8; BLOCK]) -> Masks {
    masks_by_byte(block)
}

/// The masks of `block`, a byte at a time: the reference of [`masks`].
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub fn masks_by_byte(block: &[u8; BLOCK]) -> Masks {
    let mut m = Masks {
        open: 0,
        close: 0,
        escape: 0,
        paren: 0,
        newline: 0,
    };
    for (k, &b) in block.iter().enumerate() {
        let bit = 1u64 << k;
        match b {
            b'[' => m.open |= bit,
            b']' => m.close |= bit,
            b'\\' => m.escape |= bit,
            b'(' | b')' => m.paren |= bit,
            b'\n' => m.newline |= bit,
            _ => {}
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vector masks equal the byte loop's, every byte value at every place.
    #[test]
    fn masks_equal_the_byte_loop() {
        for place in 0..BLOCK {
            for b in 0..=255u8 {
                let mut block = [b'a'; BLOCK];
                block[place] = b;
                block[(place * 7 + 3) % BLOCK] = b.wrapping_add(1);
                assert_eq!(masks(&block), masks_by_byte(&block), "{b:#x} at {place}");
            }
        }
        let block: [u8; BLOCK] = std::array::from_fn(|k| b"(;B[a\\]])\n["[k % 11]);
        let m = masks(&block);
        assert_eq!(m, masks_by_byte(&block));
        // `(` 0, `[` 3, `\` 5, `]` 6 and 7, `)` 8, line break 9, `[` 10; every 11 bytes.
        assert_eq!(m.newline.count_ones(), 5);
        assert_eq!(m.open & 0x7ff, 0b100_0000_1000);
        assert_eq!(m.close & 0x7ff, 0b000_1100_0000);
        assert_eq!(m.escape & 0x7ff, 0b000_0010_0000);
        assert_eq!(m.paren & 0x7ff, 0b001_0000_0001);
        assert_eq!(m.newline & 0x7ff, 0b010_0000_0000);
    }
}
