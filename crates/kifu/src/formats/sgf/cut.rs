//! Finding where top-level game trees end in a stream of SGF bytes that arrives part
//! by part (standard input, a large file), so that a collection of any length is read
//! game by game in bounded memory: SGF's cut in the registry ([`cut`]).
//!
//! A scan, not a parse: it tracks the depth of `(` `)` and, inside game trees, `[…]`
//! values with their `\` escapes, reading the input in its units: bytes for UTF-8 and
//! the ASCII-safe encodings, characters for the double-byte encodings (whose trail
//! bytes can be `[`, `\` or `]`), code units for UTF-16. On well-formed game trees its
//! cuts fall exactly where a whole read stands between two games.

use crate::formats::cutting::{utf16_of, Cutter, GameBoundaries};
use crate::text::TextEncoding;

/// SGF's cut: a scan of game trees in the units of the input that starts with `head`
/// (UTF-16 by code units, whose later parts are read in the first part's UTF-16).
pub fn cut(head: &[u8], forced: Option<TextEncoding>) -> Option<Cutter> {
    if let Some(enc) = utf16_of(head, forced) {
        let little = enc == TextEncoding::UTF_16LE;
        return Some(Cutter {
            scan: Box::new(SgfCuts::new(Units::Utf16(little))),
            later: Some(enc),
        });
    }
    Some(Cutter {
        scan: Box::new(SgfCuts::new(sgf_units(head, forced))),
        later: None,
    })
}

/// How the bytes of an SGF collection hold its ASCII syntax characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Units {
    /// Every byte below 0x80 is an ASCII character (UTF-8, EUC-JP, EUC-KR, Latin-1).
    Ascii,
    /// A byte from 0x81 up starts a two-byte character whose second byte may be any
    /// byte from 0x40 up, `[`, `\` and `]` among them (Shift_JIS, GBK, Big5, UHC).
    DoubleByte,
    /// Two-byte code units, little-endian (`true`) or big-endian.
    Utf16(bool),
}

/// A scan of SGF game trees: the depth of `(` `)` and, inside game trees, `[…]`
/// values with their `\` escapes, read in `units`.
#[derive(Debug, Clone)]
pub struct SgfCuts {
    units: Units,
    scanned: usize,
    depth: usize,
    in_value: bool,
    escaped: bool,
    cut: Option<usize>,
}

impl SgfCuts {
    /// A scan that has seen nothing.
    pub fn new(units: Units) -> SgfCuts {
        SgfCuts {
            units,
            scanned: 0,
            depth: 0,
            in_value: false,
            escaped: false,
            cut: None,
        }
    }

    /// Takes one syntax character (`None`: any other character) that ends at `end`.
    fn step(&mut self, c: Option<u8>, end: usize) {
        let Some(b) = c else {
            self.escaped = false;
            return;
        };
        if self.in_value {
            if self.escaped {
                self.escaped = false;
            } else if b == b'\\' {
                self.escaped = true;
            } else if b == b']' {
                self.in_value = false;
            }
            return;
        }
        match b {
            b'(' => self.depth += 1,
            b')' if self.depth > 0 => {
                self.depth -= 1;
                if self.depth == 0 {
                    self.cut = Some(end);
                }
            }
            b'[' if self.depth > 0 => self.in_value = true,
            b'\n' if self.depth == 0 && self.cut.is_some() => self.cut = Some(end),
            _ => {}
        }
    }
}

/// The bytes the scan of ASCII units stops at: parentheses, brackets, the escape and
/// the line break; every other byte is passed over by one look in this table.
const STOPS: [bool; 256] = {
    let mut t = [false; 256];
    t[b'(' as usize] = true;
    t[b')' as usize] = true;
    t[b'[' as usize] = true;
    t[b']' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'\n' as usize] = true;
    t
};

impl SgfCuts {
    /// The scan of bytes whose ASCII bytes are characters, `new` standing at `at` in
    /// the input: the state is held in locals and the bytes that are no syntax are
    /// passed over by a table ([`STOPS`]), so a byte costs a load and a test.
    fn scan_ascii(&mut self, new: &[u8], at: usize) {
        let (mut depth, mut in_value, mut escaped, mut cut) =
            (self.depth, self.in_value, self.escaped, self.cut);
        let mut i = 0;
        if escaped && !new.is_empty() {
            // The byte after an escape that ended the last piece.
            escaped = false;
            i = 1;
        }
        while let Some(&b) = new.get(i) {
            i += 1;
            if !STOPS[usize::from(b)] {
                continue;
            }
            if in_value {
                match b {
                    b'\\' if i < new.len() => i += 1,
                    b'\\' => escaped = true,
                    b']' => in_value = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'(' => depth += 1,
                b')' if depth > 0 => {
                    depth -= 1;
                    if depth == 0 {
                        cut = Some(at + i);
                    }
                }
                b'[' if depth > 0 => in_value = true,
                b'\n' if depth == 0 && cut.is_some() => cut = Some(at + i),
                _ => {}
            }
        }
        (self.depth, self.in_value, self.escaped, self.cut) = (depth, in_value, escaped, cut);
    }
}

impl GameBoundaries for SgfCuts {
    fn scan(&mut self, buffer: &[u8]) {
        let mut at = self.scanned;
        match self.units {
            Units::Ascii => {
                let new = buffer.get(at..).unwrap_or(&[]);
                self.scan_ascii(new, at);
                at += new.len();
            }
            Units::DoubleByte => {
                while let Some(&b) = buffer.get(at) {
                    if b >= 0x81 {
                        // A lead byte: the character ends after its trail byte, which
                        // may not have arrived yet.
                        if at + 2 > buffer.len() {
                            break;
                        }
                        at += 2;
                        self.step(None, at);
                    } else {
                        at += 1;
                        self.step(Some(b), at);
                    }
                }
            }
            Units::Utf16(little) => {
                while let (Some(&a), Some(&b)) = (buffer.get(at), buffer.get(at + 1)) {
                    let unit = if little {
                        u16::from_le_bytes([a, b])
                    } else {
                        u16::from_be_bytes([a, b])
                    };
                    at += 2;
                    let c = u8::try_from(unit).ok().filter(u8::is_ascii);
                    self.step(c.or(Some(0)), at);
                }
            }
        }
        self.scanned = at.max(self.scanned);
    }

    fn cut(&self) -> Option<usize> {
        self.cut
    }

    fn drop_front(&mut self, n: usize) {
        self.scanned = self.scanned.saturating_sub(n);
        self.cut = None;
    }
}

/// How an SGF collection starting with `head` holds its syntax: ASCII-safe when it is
/// forced or declared (`CA[]`) in an ASCII-safe encoding, or when it is UTF-8; else
/// double-byte (a legacy CJK encoding, found by the reader's detection).
fn sgf_units(head: &[u8], forced: Option<TextEncoding>) -> Units {
    let declared =
        || super::declared_charset(head).and_then(|label| TextEncoding::for_label(&label));
    let ascii_safe = |e: TextEncoding| {
        e == TextEncoding::UTF_8
            || !matches!(
                e.name(),
                "Shift_JIS" | "GBK" | "gb18030" | "Big5" | "EUC-KR"
            )
    };
    if let Some(enc) = forced.or_else(declared) {
        return if ascii_safe(enc) {
            Units::Ascii
        } else {
            Units::DoubleByte
        };
    }
    let utf8 = match std::str::from_utf8(head) {
        Ok(_) => true,
        // Only a character cut by the end of the head.
        Err(e) => e.error_len().is_none(),
    };
    if utf8 {
        Units::Ascii
    } else {
        Units::DoubleByte
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cuts_of(scan: &mut dyn GameBoundaries, bytes: &[u8]) -> Option<usize> {
        scan.scan(bytes);
        scan.cut()
    }

    #[test]
    fn double_byte_trails_are_not_syntax() {
        // ソ is 0x83 0x5C in Shift_JIS: its trail byte is `\`.
        let mut text = b"(;C[".to_vec();
        text.extend_from_slice(&[0x83, 0x5c]);
        text.extend_from_slice(b"])\n(;C[");
        let mut ascii = SgfCuts::new(Units::Ascii);
        assert_eq!(cuts_of(&mut ascii, &text), None, "the byte scan is fooled");
        let mut double = SgfCuts::new(Units::DoubleByte);
        assert_eq!(cuts_of(&mut double, &text), Some(9));
    }

    #[test]
    fn double_byte_scans_in_pieces_equal_one_scan() {
        let mut text = b"(;C[".to_vec();
        text.extend_from_slice(&[0x83, 0x5c, 0x95, 0x5d]);
        text.extend_from_slice(b"])(;C[x])\n(;");
        for split in 0..=text.len() {
            let mut scan = SgfCuts::new(Units::DoubleByte);
            scan.scan(&text[..split]);
            scan.scan(&text);
            assert_eq!(scan.cut(), Some(18), "split at {split}");
        }
    }

    #[test]
    fn ascii_scans_in_pieces_equal_one_scan() {
        let text = b"(;GM[1]C[a \\] ( b \\\\])\n(;B[aa](;W[bb])(;W[cc]C[)]))\n(;C[";
        for split in 0..=text.len() {
            let mut scan = SgfCuts::new(Units::Ascii);
            scan.scan(&text[..split]);
            scan.scan(text);
            assert_eq!(scan.cut(), Some(52), "split at {split}");
        }
    }

    /// The ASCII scan gives the state that [`SgfCuts::step`] gives a byte at a time,
    /// on generated texts of syntax and other bytes, whole and in two pieces.
    #[test]
    fn ascii_scan_equals_the_step_by_step_scan() {
        let alphabet = b"()[]\\\n;Ba \xe3";
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..400 {
            let len = (seed % 60) as usize;
            let text: Vec<u8> = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    alphabet[(seed % alphabet.len() as u64) as usize]
                })
                .collect();
            let mut reference = SgfCuts::new(Units::Ascii);
            for (k, &b) in text.iter().enumerate() {
                reference.step(b.is_ascii().then_some(b), k + 1);
            }
            for split in 0..=text.len() {
                let mut scan = SgfCuts::new(Units::Ascii);
                scan.scan(&text[..split]);
                scan.scan(&text);
                assert_eq!(
                    (scan.depth, scan.in_value, scan.escaped, scan.cut),
                    (
                        reference.depth,
                        reference.in_value,
                        reference.escaped,
                        reference.cut
                    ),
                    "{:?} split at {split}",
                    String::from_utf8_lossy(&text)
                );
            }
        }
    }

    #[test]
    fn utf16_units_are_read_as_characters() {
        let text: Vec<u8> = "(;C[)ソ])\n(;"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let mut scan = SgfCuts::new(Units::Utf16(true));
        assert_eq!(cuts_of(&mut scan, &text), Some(18));
    }
}
