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
        columns_by_lead(s.as_bytes())
    }
}

/// The columns of UTF-8 text read by lead bytes ([`lead_columns`]): what
/// `chars().map(char_columns).sum()` gives, without decoding the characters that
/// need no look-up.
fn columns_by_lead(bytes: &[u8]) -> usize {
    let mut cols = 0;
    let mut i = 0;
    while let Some(&lead) = bytes.get(i) {
        let (len, c) = lead_columns(bytes, i, lead);
        cols += c;
        i += len;
    }
    cols
}

/// The length in bytes and the columns of the UTF-8 character whose lead byte
/// `lead` stands at `i` in `bytes`: a character of one or two bytes is never wide
/// (below U+0800), one of three is looked up in the bitmap, one of four is wide in
/// the planes 2 and 3 (U+20000 to U+3FFFD).
#[inline]
pub fn lead_columns(bytes: &[u8], i: usize, lead: u8) -> (usize, usize) {
    let trail = |k: usize| u32::from(bytes.get(i + k).map_or(0, |b| b & 0x3F));
    match lead {
        0..=0xDF => (1 + usize::from(lead >= 0xC0), 1),
        // U+5000 to U+9FFF (CJK ideographs) and U+B000 to U+CFFF (Hangul): every
        // character wide, no look-up.
        0xE5..=0xE9 | 0xEB | 0xEC => (3, 2),
        0xE0..=0xEF => {
            let c = (u32::from(lead & 0x0F) << 12) | (trail(1) << 6) | trail(2);
            let word = WIDE_BMP.get((c / 64) as usize).copied().unwrap_or(0);
            (3, 1 + usize::from(word & (1 << (c % 64)) != 0))
        }
        _ => {
            let c = (u32::from(lead & 0x07) << 18) | (trail(1) << 12) | (trail(2) << 6) | trail(3);
            (4, 1 + usize::from((0x20000..=0x3FFFD).contains(&c)))
        }
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
        // Read by lead bytes, every character alone and among others.
        let mut mixed = String::new();
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(
                columns(c.encode_utf8(&mut [0; 4])),
                char_columns(c),
                "U+{:04X}",
                c as u32
            );
            if c as u32 % 97 == 0 {
                mixed.push(c);
            }
        }
        assert_eq!(
            columns(&mixed),
            mixed.chars().map(char_columns).sum::<usize>()
        );
        assert_eq!(columns("표시：a"), 7);
        assert_eq!(columns("\u{303F}\u{3040}\u{3041}"), 4);
    }
}
