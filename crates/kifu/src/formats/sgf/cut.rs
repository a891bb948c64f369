//! Finding where top-level game trees end in a stream of SGF bytes that arrives piece
//! by piece (standard input, a large file), so that a collection of any length can be
//! read game by game in bounded memory: SGF's [`Cutting`] in the registry.
//!
//! A byte scan, not a parse: it tracks the depth of `(` `)` and, inside game trees,
//! `[…]` values with their `\` escapes. Every syntax character is ASCII and no
//! multibyte character of UTF-8 (or EUC-KR) holds an ASCII byte, so on such bytes it
//! sees the structure the reader sees: on well-formed game trees its cuts fall exactly
//! where a whole read stands between two games. Shift_JIS, GBK and Big5 trail bytes can
//! be `[`, `\` or `]`, and UTF-16 is not ASCII at all: the caller reads such input
//! whole instead ([`cuttable`]).

use crate::formats::cutting::{Cutting, GameBoundaries};
use crate::text::TextEncoding;

/// How SGF input is cut between game trees.
pub const CUTTING: Cutting = Cutting {
    cuttable,
    boundaries,
};

/// True when the bytes can be cut where their ASCII bytes say: UTF-8 (forced, or the
/// first part is UTF-8 that declares no other charset and is not UTF-16 by its zero
/// bytes). In Shift_JIS, GBK or Big5 a trail byte can be `[`, `\` or `]`, which a byte
/// scan would take for syntax, so such input is read whole.
pub fn cuttable(bytes: &[u8], forced: Option<TextEncoding>) -> bool {
    match forced {
        Some(enc) => enc == TextEncoding::UTF_8,
        None => {
            let utf8 = match std::str::from_utf8(bytes) {
                Ok(_) => true,
                // Only a character cut by the end of the part.
                Err(e) => e.error_len().is_none(),
            };
            let declared =
                super::declared_charset(bytes).and_then(|label| TextEncoding::for_label(&label));
            utf8 && crate::text::utf16_pattern(bytes).is_none()
                && declared.is_none_or(|enc| enc == TextEncoding::UTF_8)
        }
    }
}

/// A new scan of SGF game trees.
fn boundaries() -> Box<dyn GameBoundaries> {
    Box::new(GameCuts::new())
}

/// The state of the scan over a growing buffer; offsets count from the buffer's start.
#[derive(Debug, Default, Clone)]
pub struct GameCuts {
    /// How much of the buffer has been scanned.
    scanned: usize,
    /// Open `(` not yet closed.
    depth: usize,
    /// Inside a `[…]` value.
    in_value: bool,
    /// Just after a `\` inside a value.
    escaped: bool,
    /// The last offset where the scan stood between game trees after at least one
    /// complete one: just after a game's closing `)`, or after a line break that
    /// follows one.
    cut: Option<usize>,
}

impl GameCuts {
    /// A scan that has seen nothing.
    pub fn new() -> GameCuts {
        GameCuts::default()
    }
}

impl GameBoundaries for GameCuts {
    fn scan(&mut self, buffer: &[u8]) {
        let new = buffer.get(self.scanned..).unwrap_or(&[]);
        for (i, &b) in new.iter().enumerate() {
            let at = self.scanned + i;
            if self.in_value {
                if self.escaped {
                    self.escaped = false;
                } else if b == b'\\' {
                    self.escaped = true;
                } else if b == b']' {
                    self.in_value = false;
                }
                continue;
            }
            match b {
                b'(' => self.depth += 1,
                b')' if self.depth > 0 => {
                    self.depth -= 1;
                    if self.depth == 0 {
                        self.cut = Some(at + 1);
                    }
                }
                b'[' if self.depth > 0 => self.in_value = true,
                b'\n' if self.depth == 0 && self.cut.is_some() => self.cut = Some(at + 1),
                _ => {}
            }
        }
        self.scanned = buffer.len().max(self.scanned);
    }

    fn cut(&self) -> Option<usize> {
        self.cut
    }

    fn drop_front(&mut self, n: usize) {
        self.scanned = self.scanned.saturating_sub(n);
        self.cut = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut_of(text: &str) -> Option<usize> {
        let mut cuts = GameCuts::new();
        cuts.scan(text.as_bytes());
        cuts.cut()
    }

    #[test]
    fn cuts_follow_complete_game_trees_and_their_line_breaks() {
        assert_eq!(cut_of(""), None);
        assert_eq!(cut_of("(;GM[1];B[aa]"), None);
        assert_eq!(cut_of("(;GM[1](;B[aa])(;B[bb]))"), Some(24));
        assert_eq!(cut_of("(;GM[1])\n(;GM[1];B["), Some(9));
        assert_eq!(cut_of("(;GM[1])  \r\n\n(;B[aa])(;W"), Some(21));
        // Brackets and parentheses inside values, escaped `]` included.
        assert_eq!(cut_of("(;C[ ) ( \\] ) ]"), None);
        assert_eq!(cut_of("(;C[ ) ( \\] ) ])x"), Some(16));
        assert_eq!(cut_of("(;C[a\\\\])"), Some(9));
        // A stray `)` between games does not make depth negative.
        assert_eq!(cut_of(") (;B[aa]"), None);
        // A line break inside a game is no cut.
        assert_eq!(cut_of("(;GM[1])(;\n"), Some(8));
    }

    #[test]
    fn scanning_in_pieces_equals_scanning_at_once() {
        let text = "(;GM[1]C[a \\] ( b])\n(;B[aa](;W[bb])(;W[cc]C[)]))\n(;C[";
        for split in 0..=text.len() {
            let mut cuts = GameCuts::new();
            cuts.scan(&text.as_bytes()[..split]);
            cuts.scan(text.as_bytes());
            assert_eq!(cuts.cut(), Some(49), "split at {split}");
        }
        // After the front is dropped, offsets count from the new front.
        let mut cuts = GameCuts::new();
        cuts.scan(text.as_bytes());
        cuts.drop_front(49);
        assert_eq!(cuts.cut(), None);
        let rest = format!("{}])", &text[49..]);
        cuts.scan(rest.as_bytes());
        assert_eq!(cuts.cut(), Some(rest.len()));
    }
}
