//! Where RIF games end in input that arrives part by part: RIF's cut in the registry
//! ([`cut`]). A game refers to the tables before `<games>`, so a part cannot be read
//! alone: every part is read in a frame ([`Frame`]), the database's head (the XML
//! declaration, the tables, the `<games>` tag) before it and `</games></database>`
//! after it, and the cuts fall between the elements of `<games>`.

use crate::formats::cutting::{Cutter, Frame, GameBoundaries};
use crate::text::TextEncoding;

/// What closes a database cut between games.
const TAIL: &[u8] = b"</games></database>";

/// RIF's cut: between the elements of `<games>`, for a database in UTF-8 (the frame
/// must be as long decoded as raw): declared or forced, or else with a head in ASCII
/// (which every ASCII-compatible decoding keeps as it is). Any other encoding is
/// read whole.
pub fn cut(head: &[u8], forced: Option<TextEncoding>) -> Option<Cutter> {
    if forced.is_some_and(|e| e != TextEncoding::UTF_8) {
        return None;
    }
    let start = match crate::text::bom(head) {
        Some((e, len)) if e == TextEncoding::UTF_8 => len,
        Some(_) => return None,
        None => 0,
    };
    if crate::text::utf16_pattern(head).is_some() {
        return None;
    }
    let declared = super::find_xml_encoding(head)
        .map(|d| matches!(d.to_ascii_lowercase().as_str(), "utf-8" | "utf8"));
    if declared == Some(false) {
        return None;
    }
    Some(Cutter {
        scan: Box::new(RifCuts {
            scanned: start,
            start,
            ascii: forced.is_none() && declared.is_none(),
            ..RifCuts::default()
        }),
        later: None,
    })
}

/// A scan of a RIF database's markup: element depth, the end of the `<games>` tag
/// (the head), and the end of each element directly inside `<games>` (the cuts).
/// Comments, CDATA sections, processing instructions and quoted attribute values
/// are skipped whole, so a `</game>` inside them is not one. Markup not yet complete
/// in the buffer is scanned again when more has arrived.
#[derive(Debug, Default, Clone)]
pub struct RifCuts {
    /// Where the scan goes on (a `<` whose markup was incomplete, or text).
    scanned: usize,
    /// Where the document starts (after a byte-order mark).
    start: usize,
    /// True when the head must be ASCII (its encoding is not declared).
    ascii: bool,
    /// Elements open.
    depth: usize,
    /// True once `<database>` opened the document.
    database: bool,
    /// The head (the document's start to the end of `<games …>`), once read.
    head: Option<std::ops::Range<usize>>,
    /// True once `<games>` has closed, or the scan gave up: no more cuts.
    done: bool,
    cut: Option<usize>,
}

impl RifCuts {
    /// Reads the markup starting at `lt` (a `<`): its end (after its `>`), or `None`
    /// when it is not complete in `buffer` yet.
    fn markup(&mut self, buffer: &[u8], lt: usize) -> Option<usize> {
        let rest = buffer.get(lt..)?;
        let find = |from: usize, what: &[u8]| {
            memchr::memmem::find(rest.get(from..)?, what).map(|i| lt + from + i + what.len())
        };
        if rest.starts_with(b"<!--") {
            return find(4, b"-->");
        }
        if rest.starts_with(b"<![CDATA[") {
            return find(9, b"]]>");
        }
        if rest.len() < 9 && b"<![CDATA[".starts_with(rest) {
            return None;
        }
        if rest.starts_with(b"<?") {
            return find(2, b"?>");
        }
        if rest.starts_with(b"<!") {
            let end = find(2, b">")?;
            // A DOCTYPE with an internal subset: not scanned, not cut.
            if rest.get(..end - lt).is_some_and(|m| m.contains(&b'[')) {
                self.done = true;
            }
            return Some(end);
        }
        if rest.len() < 2 {
            return None;
        }
        // A tag: its end is the first `>` outside quotes.
        let mut quote = None;
        let mut end = None;
        for (i, &b) in rest.iter().enumerate().skip(1) {
            match quote {
                Some(q) if b == q => quote = None,
                Some(_) => {}
                None if b == b'"' || b == b'\'' => quote = Some(b),
                None if b == b'>' => {
                    end = Some(i);
                    break;
                }
                None => {}
            }
        }
        let end = end?;
        let tag = rest.get(..end).unwrap_or(&[]);
        let closing = tag.get(1) == Some(&b'/');
        let empty = tag.last() == Some(&b'/');
        let name_from = if closing { 2 } else { 1 };
        let name = tag.get(name_from..).unwrap_or(&[]);
        let name = name
            .iter()
            .position(|b| b.is_ascii_whitespace() || *b == b'/')
            .map_or(name, |i| name.get(..i).unwrap_or(&[]));
        let after = lt + end + 1;
        if closing {
            if self.head.is_some() && self.depth == 2 {
                // `</games>` (or whatever closes it): the cuts are over.
                self.done = true;
            }
            self.depth = self.depth.saturating_sub(1);
            if self.head.is_some() && !self.done && self.depth == 2 {
                self.cut = Some(after);
            }
        } else if empty {
            if self.head.is_some() && !self.done && self.depth == 2 {
                self.cut = Some(after);
            }
        } else {
            self.depth += 1;
            match (self.depth, name) {
                (1, b"database") => self.database = true,
                (2, b"games") if self.database && self.head.is_none() => {
                    // The frame is UTF-8 text (ASCII when it is not declared so), or
                    // there is none.
                    let head = self.start..after;
                    let text = buffer
                        .get(head.clone())
                        .and_then(|h| std::str::from_utf8(h).ok());
                    if text.is_some_and(|t| !self.ascii || t.is_ascii()) {
                        self.head = Some(head);
                    } else {
                        self.done = true;
                    }
                }
                _ => {}
            }
        }
        Some(after)
    }
}

impl GameBoundaries for RifCuts {
    fn scan(&mut self, buffer: &[u8]) {
        while !self.done {
            let Some(lt) = buffer
                .get(self.scanned..)
                .and_then(|rest| memchr::memchr(b'<', rest))
                .map(|i| self.scanned + i)
            else {
                self.scanned = buffer.len().max(self.scanned);
                return;
            };
            self.scanned = lt;
            match self.markup(buffer, lt) {
                Some(end) => self.scanned = end,
                None => return,
            }
        }
    }

    fn cut(&self) -> Option<usize> {
        self.cut
    }

    fn drop_front(&mut self, n: usize) {
        self.scanned = self.scanned.saturating_sub(n);
        self.cut = None;
    }

    fn frame(&self) -> Option<Frame> {
        Some(Frame {
            head: self.head.clone()?,
            tail: TAIL,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scanned(text: &str) -> RifCuts {
        let mut scan = RifCuts::default();
        scan.scan(text.as_bytes());
        scan
    }

    #[test]
    fn cuts_fall_between_the_games_after_the_head() {
        let head = "<?xml version=\"1.0\"?>\n<database><players><player id=\"1\" name=\"a>b\"/></players>\n<games>";
        let games = "\n<game id=\"1\"><move>h8</move><info><![CDATA[</game>]]><!-- </game> --></info></game>\n<game id=\"2\"/>";
        let scan = scanned(&format!("{head}{games}"));
        assert_eq!(scan.frame().map(|f| f.head), Some(0..head.len()));
        assert_eq!(scan.cut(), Some(head.len() + games.len()));
        // The first game alone: its end.
        let first = games.find("\n<game id=\"2\"").expect("there");
        let scan = scanned(&format!("{head}{}", &games[..first]));
        assert_eq!(scan.cut(), Some(head.len() + first));
    }

    #[test]
    fn markup_cut_off_is_scanned_again() {
        let text = "<database><games><game id=\"1\"><move>h8</move></game><game id=\"2\"></game></games></database>";
        for split in 1..text.len() {
            let mut scan = RifCuts::default();
            scan.scan(&text.as_bytes()[..split]);
            scan.scan(text.as_bytes());
            assert_eq!(
                scan.cut(),
                Some(text.find("</games>").expect("there")),
                "{split}"
            );
            assert_eq!(scan.frame().map(|f| f.head), Some(0..17), "{split}");
        }
    }

    #[test]
    fn no_cut_outside_games_nor_in_other_encodings() {
        assert_eq!(
            scanned("<database><players><player id=\"1\"/></players>").cut(),
            None
        );
        assert_eq!(scanned("<other><games><game/></games></other>").cut(), None);
        let declared = b"<?xml version=\"1.0\" encoding=\"windows-1251\"?><database>";
        assert!(cut(declared, None).is_none());
        assert!(cut(b"<database>", Some(TextEncoding::SHIFT_JIS)).is_none());
        assert!(cut(
            b"<?xml version=\"1.0\" encoding=\"UTF-8\"?><database>",
            None
        )
        .is_some());
    }
}
