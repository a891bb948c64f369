//! How many columns a character takes on a terminal or in a fixed-width text: two
//! for an East Asian wide character, one for any other. One list of the wide
//! ranges, read through a bitmap of the Basic Multilingual Plane built from it at
//! compile time (a lookup, not a dozen comparisons, for each character of a
//! Chinese, Japanese or Korean comment).

/// The wide ranges, inclusive.
const WIDE: [(u32, u32); 12] = [
    (0x1100, 0x115F),
    (0x2E80, 0x303E),
    (0x3041, 0x33FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xA000, 0xA4CF),
    (0xAC00, 0xD7A3),
    (0xF900, 0xFAFF),
    (0xFE30, 0xFE4F),
    (0xFF00, 0xFF60),
    (0xFFE0, 0xFFE6),
    (0x20000, 0x3FFFD),
];

/// One bit a code point below U+10000: set when it is wide.
static WIDE_BMP: [u64; 1024] = wide_bmp();

const fn wide_bmp() -> [u64; 1024] {
    let mut bits = [0u64; 1024];
    let mut r = 0;
    while r < WIDE.len() {
        let (first, last) = WIDE[r];
        let mut c = first;
        while c <= last && c < 0x10000 {
            bits[(c / 64) as usize] |= 1 << (c % 64);
            c += 1;
        }
        r += 1;
    }
    bits
}

/// True for an East Asian wide character (two columns).
#[inline]
pub fn is_wide(c: char) -> bool {
    let c = c as u32;
    match WIDE_BMP.get((c / 64) as usize) {
        Some(word) => word & (1 << (c % 64)) != 0,
        None => (0x20000..=0x3FFFD).contains(&c),
    }
}

/// The columns of one character: 2 when wide, else 1.
#[inline]
pub fn char_columns(c: char) -> usize {
    1 + usize::from(is_wide(c))
}

/// The columns of a text without line breaks or control characters: its length
/// when it is ASCII, else the sum of its characters' columns.
#[inline]
pub fn columns(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().map(char_columns).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bitmap says what the list of ranges says, for every character.
    #[test]
    fn the_bitmap_is_the_list() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let listed = WIDE.iter().any(|&(a, b)| (a..=b).contains(&(c as u32)));
            assert_eq!(is_wide(c), listed, "U+{:04X}", c as u32);
        }
        assert_eq!(columns("ab"), 2);
        assert_eq!(columns("표시：a"), 7);
        assert_eq!(columns("\u{303F}\u{3040}\u{3041}"), 4);
    }
}
