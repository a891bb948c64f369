//! Numbers as the SGF writer spells them, without the formatter: a time of whole
//! milliseconds as the shortest decimal of its seconds (`BL[3584]`, `WL[12.5]`),
//! its digits computed eight at a time in one word and its decimals read from a
//! table, and a point's two letters from a table.

use crate::model::Point;

/// A property `XX[…]` with a number of seconds given in whole milliseconds, spelt as
/// the writer's real numbers are (`ms / 1000` as the shortest decimal that reads
/// back as it, at most three decimals), and its length: `XX[` + at most 7 digits
/// (4,294,967 s) + `.` + 3 decimals + `]` is 15 bytes. The buffer is longer, so that
/// every piece goes in as a whole word.
#[inline]
pub(super) fn spell_ms(id: [u8; 2], ms: u32) -> ([u8; 24], usize) {
    let (digits, count) = digit_word(ms / 1000);
    let (decimals, places) = DECIMALS
        .get((ms % 1000) as usize)
        .copied()
        .unwrap_or((0, 0));
    // The identifier, `[` and the digits; then, over the bytes after the digits,
    // the decimals (none for a whole number) and `]`.
    let head = u64::from(id[0]) | u64::from(id[1]) << 8 | u64::from(b'[') << 16;
    let tail = u64::from(decimals) | u64::from(b']') << (8 * places);
    let mut buf = [0u8; 24];
    buf[..8].copy_from_slice(&(head | digits << 24).to_le_bytes());
    buf[8..16].copy_from_slice(&(digits >> 40).to_le_bytes());
    let len = 3 + count;
    // `len` is at most 11: the word ends within the buffer.
    if let Some(slot) = buf.get_mut(len..len + 8) {
        slot.copy_from_slice(&tail.to_le_bytes());
    }
    (buf, len + places + 1)
}

/// The decimals of a number of milliseconds below 1000 without their trailing
/// zeros, `.` first, as the bytes of a word from its lowest, and how many bytes they
/// are (0 for none, else 2 to 4).
static DECIMALS: [(u32, usize); 1000] = decimals();

const fn decimals() -> [(u32, usize); 1000] {
    let mut table = [(0u32, 0usize); 1000];
    let mut f = 1;
    while f < 1000 {
        let digits = [
            b'.',
            b'0' + (f / 100) as u8,
            b'0' + (f / 10 % 10) as u8,
            b'0' + (f % 10) as u8,
        ];
        let places = if f % 100 == 0 {
            2
        } else if f % 10 == 0 {
            3
        } else {
            4
        };
        let mut word = 0u32;
        let mut k = 0;
        while k < places {
            word |= (digits[k] as u32) << (8 * k);
            k += 1;
        }
        table[f] = (word, places);
        f += 1;
    }
    table
}

/// The decimal digits of `v` (below 10^8; a larger value gives 99999999), most
/// significant first, as the bytes of a word from its lowest, and how many there
/// are: eight bytes that go out whole, in one store, the text cut back after. The
/// digits are computed side by side in the lanes of one word (four pairs of two,
/// then eight of one), by multiplications in place of divisions.
#[inline]
pub(super) fn digit_word(v: u32) -> (u64, usize) {
    let v = u64::from(v.min(99_999_999));
    // Two halves of four digits, in the low and the high 32 bits.
    let halves = (v / 10_000) | ((v % 10_000) << 32);
    // Each half into two pairs (x * 10486 >> 20 is x / 100 below 43,699).
    let high_pairs = ((halves * 10_486) >> 20) & 0x7F_0000_007F;
    let pairs = (halves - 100 * high_pairs) << 16 | high_pairs;
    // Each pair into two digits (x * 103 >> 10 is x / 10 below 179).
    let tens = ((pairs * 103) >> 10) & 0x000F_000F_000F_000F;
    let digits = (pairs - 10 * tens) << 8 | tens;
    // Leading zeros are the lowest bytes; one digit stays for zero.
    let zeros = ((digits.trailing_zeros() / 8) as usize).min(7);
    ((digits >> (8 * zeros)) + 0x3030_3030_3030_3030, 8 - zeros)
}

/// A coordinate's letter (0–25 `a`–`z`, 26–51 `A`–`Z`, beyond `Z`), by a table.
static COORD: [u8; 256] = coord_letters();

const fn coord_letters() -> [u8; 256] {
    let mut table = [b'Z'; 256];
    let mut c = 0;
    while c < 52 {
        table[c] = if c < 26 {
            b'a' + c as u8
        } else {
            b'A' + (c - 26) as u8
        };
        c += 1;
    }
    table
}

/// A point's two letters as bytes (SGF coordinates are ASCII letters).
#[inline]
pub(super) fn coords(p: Point) -> [u8; 2] {
    [COORD[usize::from(p.x)], COORD[usize::from(p.y)]]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digits in a word are those of the decimal text, for every count of
    /// digits and around every power of ten.
    #[test]
    fn digit_words_are_the_decimal_text() {
        let around_powers = (0..9u32).flat_map(|k| {
            let p = 10u32.pow(k);
            [p.saturating_sub(1), p, p + 1]
        });
        for v in (0..2_000_000u32)
            .step_by(3)
            .chain((0..100_000_000).step_by(9_973))
            .chain(around_powers)
            .chain([99_999_999, 12_345_678, 10_203_040])
            .filter(|&v| v < 100_000_000)
        {
            let (word, count) = digit_word(v);
            let text = v.to_string();
            assert_eq!(count, text.len(), "{v}");
            assert_eq!(&word.to_le_bytes()[..count], text.as_bytes(), "{v}");
        }
        // Past the range, the largest it spells.
        assert_eq!(digit_word(u32::MAX), digit_word(99_999_999));
    }

    /// The letters are the reader's (`values::coord_char`), over every byte.
    #[test]
    fn coordinate_letters_are_the_readers() {
        for c in 0..=255u8 {
            let p = Point::new(c, 255 - c);
            let [a, b] = coords(p);
            assert_eq!(
                [char::from(a), char::from(b)],
                super::super::values::point_str(p),
                "{c}"
            );
        }
    }

    /// Every millisecond count's decimals against the formatter's.
    #[test]
    fn decimals_are_the_formatters() {
        for f in 0..1000u32 {
            let (word, places) = DECIMALS[f as usize];
            let text = format!("{}", f64::from(f) / 1000.0);
            let want = text.strip_prefix('0').unwrap_or("");
            assert_eq!(&word.to_le_bytes()[..places], want.as_bytes(), "{f}");
        }
    }
}
