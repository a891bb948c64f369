//! Finding where top-level game trees end in a stream of SGF bytes that arrives part
//! by part (standard input, a large file), so that a collection of any length is read
//! game by game in bounded memory: SGF's cut in the registry ([`cut`]).
//!
//! A scan, not a parse: it tracks the depth of `(` `)` and, inside game trees, `[…]`
//! values with their `\` escapes, reading the input in its units: bytes for UTF-8 and
//! the ASCII-safe encodings, characters for the double-byte encodings (whose trail
//! bytes can be `[`, `\` or `]`), code units for UTF-16. On well-formed game trees its
//! cuts fall exactly where a whole read stands between two games.

use super::cut_masks;
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
    /// the input: whole blocks of 64 bytes by their masks of syntax bytes
    /// ([`cut_masks`]), jumping from one that counts to the next, the rest a byte at
    /// a time ([`Scan::bytes`]). The state is held in locals meanwhile.
    fn scan_ascii(&mut self, new: &[u8], at: usize) {
        let mut state = Scan {
            depth: self.depth,
            in_value: self.in_value,
            escaped: self.escaped,
            cut: self.cut,
        };
        let mut i = 0;
        if state.escaped && !new.is_empty() {
            // The byte after an escape that ended the last piece.
            state.escaped = false;
            i = 1;
        }
        // `skip`: the bytes of the next block already passed (after an escape).
        let mut skip = 0;
        let rest = new.get(i..).unwrap_or_default();
        for block in rest.chunks_exact(cut_masks::BLOCK) {
            let Ok(block) = <&[u8; cut_masks::BLOCK]>::try_from(block) else {
                break;
            };
            skip = state.block(block, skip, at + i);
            i += cut_masks::BLOCK;
        }
        // An escape ending the last block passes the next byte (or, at the end of
        // `new`, the first of the next piece).
        if skip > 0 {
            if i < new.len() {
                i += skip as usize;
            } else {
                state.escaped = true;
            }
        }
        state.bytes(new.get(i..).unwrap_or_default(), at + i);
        (self.depth, self.in_value, self.escaped, self.cut) =
            (state.depth, state.in_value, state.escaped, state.cut);
    }
}

/// The state of a scan of ASCII units, held in locals while a piece is scanned.
struct Scan {
    depth: usize,
    in_value: bool,
    escaped: bool,
    cut: Option<usize>,
}

impl Scan {
    /// Scans one block standing at `at`, its first `skip` bytes passed; returns how
    /// many bytes of the next block an escape at this one's end passes (0 or 1).
    ///
    /// Only parentheses, escapes and (between game trees) line breaks are looked at
    /// one by one. Between two of them, brackets alone decide: after a `[` the scan
    /// is in a value (it opened one, or was in one), after a `]` it is not (it
    /// closed one, or was between values), so the last bracket of the run gives the
    /// state after it, whatever came before. Outside game trees (depth 0) brackets
    /// open nothing, and no value is open.
    #[inline]
    fn block(&mut self, block: &[u8; cut_masks::BLOCK], skip: u32, at: usize) -> u32 {
        let m = cut_masks::masks(block);
        // The bits from `pos` on (none from 64).
        let from = |pos: u32| u64::MAX.checked_shl(pos).unwrap_or(0);
        let brackets = m.open | m.close;
        let mut pos = skip;
        loop {
            let newline = if self.depth == 0 && self.cut.is_some() {
                m.newline
            } else {
                0
            };
            let marks = (m.paren | m.escape | newline) & from(pos);
            let end = if marks == 0 {
                64
            } else {
                marks.trailing_zeros()
            };
            let run = brackets & from(pos) & !from(end);
            if run != 0 && self.depth > 0 {
                let last = 63 - run.leading_zeros();
                self.in_value = m.open >> last & 1 == 1;
            }
            if marks == 0 {
                return 0;
            }
            let p = end;
            pos = p + 1;
            let byte = block.get(p as usize).copied().unwrap_or(0);
            if self.in_value {
                // In a value only the escape counts: it passes the next byte.
                if byte == b'\\' {
                    pos = p + 2;
                    if pos > cut_masks::BLOCK as u32 {
                        return 1;
                    }
                }
                continue;
            }
            match byte {
                b'(' => self.depth += 1,
                b')' if self.depth > 0 => {
                    self.depth -= 1;
                    if self.depth == 0 {
                        self.cut = Some(at + p as usize + 1);
                    }
                }
                b'\n' => self.cut = Some(at + p as usize + 1),
                _ => {}
            }
        }
    }

    /// Scans `bytes` standing at `at` a byte at a time: the bytes that are no
    /// syntax are passed over by one look in a table ([`STOPS`]).
    fn bytes(&mut self, bytes: &[u8], at: usize) {
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            i += 1;
            if !STOPS[usize::from(b)] {
                continue;
            }
            if self.in_value {
                match b {
                    b'\\' if i < bytes.len() => i += 1,
                    b'\\' => self.escaped = true,
                    b']' => self.in_value = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'(' => self.depth += 1,
                b')' if self.depth > 0 => {
                    self.depth -= 1;
                    if self.depth == 0 {
                        self.cut = Some(at + i);
                    }
                }
                b'[' if self.depth > 0 => self.in_value = true,
                b'\n' if self.depth == 0 && self.cut.is_some() => self.cut = Some(at + i),
                _ => {}
            }
        }
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
    /// on generated texts of syntax and other bytes, whole and in two pieces: texts
    /// shorter than a block (a byte at a time) and of several blocks (by masks), with
    /// escapes across blocks' and pieces' ends.
    #[test]
    fn ascii_scan_equals_the_step_by_step_scan() {
        let alphabet = b"()[]\\\n;Ba \xe3";
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for round in 0..600 {
            let len = (seed % if round % 2 == 0 { 60 } else { 300 }) as usize;
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
