//! Scanning bytes eight at a time: the first byte that a test of a whole word marks
//! (the KIF reader's line ends, the encoder's runs of ASCII).

/// The high bit of each of a word's eight bytes.
pub(crate) const HIGHS: u64 = 0x8080_8080_8080_8080;

/// One in each of a word's eight bytes.
pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;

/// The index of the first byte of `b` that `marks` flags, eight bytes at a time.
/// `marks` maps eight bytes, read as a little-endian word, to a mask whose lowest
/// high bit (0x80 of a byte) is that of the first flagged byte (the bits above it
/// may be anything); `flags` says the same of one byte, for the bytes after the last
/// whole word.
#[inline(always)]
pub(crate) fn first_marked(
    b: &[u8],
    marks: impl Fn(u64) -> u64,
    flags: impl Fn(u8) -> bool,
) -> Option<usize> {
    let mut words = b.chunks_exact(8);
    let mut at = 0;
    for w in &mut words {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(w);
        let marked = marks(u64::from_le_bytes(bytes)) & HIGHS;
        if marked != 0 {
            return Some(at + (marked.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    words
        .remainder()
        .iter()
        .position(|&c| flags(c))
        .map(|i| at + i)
}

/// A mask for [`first_marked`] of the bytes of `word` equal to `byte`: its lowest
/// high bit is that of the first such byte (a borrow can set bits above it).
#[inline(always)]
pub(crate) fn equal_bytes(word: u64, byte: u8) -> u64 {
    let x = word ^ (ONES * u64::from(byte));
    x.wrapping_sub(ONES) & !x & HIGHS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_equal_byte_is_found_in_every_place_and_after_a_borrow() {
        for len in 0..24 {
            for at in 0..=len {
                // 0x0a after 0x0b: the borrow of the zero byte sets the next one's
                // high bit too, above the first.
                let mut b = vec![b'x'; len];
                if let Some(c) = b.get_mut(at) {
                    *c = b'\n';
                }
                if let Some(c) = b.get_mut(at + 1) {
                    *c = 0x0b;
                }
                let want = (at < len).then_some(at);
                let got = first_marked(&b, |w| equal_bytes(w, b'\n'), |c| c == b'\n');
                assert_eq!(got, want, "len {len} at {at}");
            }
        }
    }
}
