//! Where CSA games end in input that arrives part by part: CSA's cut in the registry
//! ([`cut`]), so a long collection is read game by game in bounded memory.

use crate::formats::cutting::{utf16_of, Cutter, GameBoundaries};
use crate::text::TextEncoding;

/// CSA's cut: before each `/` line; an input in UTF-16 is read whole.
pub fn cut(head: &[u8], forced: Option<TextEncoding>) -> Option<Cutter> {
    utf16_of(head, forced).is_none().then(|| Cutter {
        scan: Box::<CsaCuts>::default(),
        later: None,
    })
}

/// A scan for CSA collections: a game ends with a line that holds only `/` (and
/// blanks). The cut falls just before that line, so each part but the last ends
/// with a complete game and the next begins with the separator, as the whole read
/// sees it.
#[derive(Debug, Default, Clone)]
pub struct CsaCuts {
    /// Where the line being scanned starts.
    line: usize,
    scanned: usize,
    cut: Option<usize>,
}

impl GameBoundaries for CsaCuts {
    fn scan(&mut self, buffer: &[u8]) {
        let mut from = self.scanned;
        while let Some(i) = buffer
            .get(from..)
            .and_then(|rest| memchr::memchr(b'\n', rest))
        {
            let end = from + i;
            let line = buffer.get(self.line..end).unwrap_or(&[]);
            if line.trim_ascii() == b"/" && self.line > 0 {
                self.cut = Some(self.line);
            }
            self.line = end + 1;
            from = end + 1;
        }
        self.scanned = buffer.len().max(self.scanned);
    }

    fn cut(&self) -> Option<usize> {
        self.cut
    }

    fn drop_front(&mut self, n: usize) {
        self.scanned = self.scanned.saturating_sub(n);
        self.line = self.line.saturating_sub(n);
        self.cut = None;
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
    fn csa_cuts_fall_before_separator_lines() {
        let text = b"V2.2\n+\n+7776FU\n/\nV2.2\n+\n-3334FU\n /\r\nV2";
        let mut scan = CsaCuts::default();
        assert_eq!(cuts_of(&mut scan, text), Some(32));
        let mut scan = CsaCuts::default();
        assert_eq!(cuts_of(&mut scan, b"/\nV2.2\n"), None, "no game before");
    }
}
