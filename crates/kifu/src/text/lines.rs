//! Line ends and a line/column index over a text's byte offsets.
//!
//! A line ends at LF, CRLF or a lone CR (classic Mac OS), mixed in one text as they
//! come: the line-based readers read text whose lone CRs [`lone_cr_as_lf`] has made
//! LFs (the same length, so every byte offset stays), and [`LineIndex`] counts lines
//! the same way, so positions are right in the original text too.

use std::borrow::Cow;

/// True when `bytes` hold a `\r` not followed by `\n`: a line end of classic Mac OS
/// text. LF text costs one vectorised search for `\r`; from the first `\r` on, each
/// byte is compared with the next in blocks the compiler vectorises (stopping at
/// each `\r` instead cost a CRLF KIF a quarter of its reading time; measured: 12.5
/// ms against 0.54 ms for 10 MB of CRLF KIF lines).
pub fn has_lone_cr(bytes: &[u8]) -> bool {
    let Some(first) = memchr::memchr(b'\r', bytes) else {
        return false;
    };
    let bytes = bytes.get(first..).unwrap_or(&[]);
    if bytes.last() == Some(&b'\r') {
        return true;
    }
    let this = bytes.get(..bytes.len().saturating_sub(1)).unwrap_or(&[]);
    let next = bytes.get(1..).unwrap_or(&[]);
    this.chunks(4096).zip(next.chunks(4096)).any(|(a, b)| {
        a.iter().zip(b).fold(0u8, |acc, (&x, &y)| {
            acc | (u8::from(x == b'\r') & u8::from(y != b'\n'))
        }) != 0
    })
}

/// `text` with every lone `\r` (one not followed by `\n`) made a `\n`, so that readers
/// that split lines at `\n` read CR-only and mixed line ends. Same length and the same
/// offsets; borrowed unchanged (no copy) when there is no lone `\r`.
pub fn lone_cr_as_lf(text: Cow<'_, str>) -> Cow<'_, str> {
    if !has_lone_cr(text.as_bytes()) {
        return text;
    }
    let mut bytes = text.into_owned().into_bytes();
    let mut i = 0;
    while let Some(at) = bytes.get(i..).and_then(|rest| memchr::memchr(b'\r', rest)) {
        let at = i + at;
        if bytes.get(at + 1) != Some(&b'\n') {
            if let Some(b) = bytes.get_mut(at) {
                *b = b'\n';
            }
        }
        i = at + 1;
    }
    // An ASCII byte replaced by another keeps the text UTF-8.
    match String::from_utf8(bytes) {
        Ok(s) => Cow::Owned(s),
        Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
    }
}

/// The lines of raw bytes, split at LF, CRLF and lone CR, without their line ends
/// (for sniffers and declaration finders that look at a file's first lines).
pub fn split_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = Some(bytes);
    std::iter::from_fn(move || {
        let r = rest?;
        match memchr::memchr2(b'\n', b'\r', r) {
            Some(at) => {
                let line = r.get(..at).unwrap_or(&[]);
                let skip = if r.get(at..at + 2) == Some(b"\r\n") {
                    2
                } else {
                    1
                };
                rest = r.get(at + skip..);
                Some(line)
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// Byte offsets of line starts in a text; maps an offset to a 1-based line and column.
/// Lines end at `\n`, `\r\n` or a lone `\r`. Columns count
/// characters (Unicode scalar values) from 1.
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
    /// Characters from the start of the text to every [`BLOCK`]-th byte, built on the
    /// first column asked for on a long line: a column then costs at most two blocks
    /// of counting, however long the line (one 20 MB line with a million
    /// diagnostics on it was quadratic).
    blocks: std::sync::OnceLock<Vec<usize>>,
}

/// Bytes per block of [`LineIndex::blocks`].
const BLOCK: usize = 4096;

/// The characters that start in `bytes` (every byte that is not a UTF-8 continuation
/// byte).
fn char_starts(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

impl LineIndex {
    /// Indexes `text`.
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        starts.extend(
            memchr::memchr2_iter(b'\n', b'\r', bytes)
                .filter(|&i| bytes.get(i) == Some(&b'\n') || bytes.get(i + 1) != Some(&b'\n'))
                .map(|i| i + 1),
        );
        LineIndex {
            starts,
            blocks: std::sync::OnceLock::new(),
        }
    }

    /// The characters that start before byte `offset` of `text`.
    fn chars_before(&self, text: &str, offset: usize) -> usize {
        let bytes = text.as_bytes();
        let blocks = self.blocks.get_or_init(|| {
            let mut counts = vec![0];
            let mut n = 0;
            for chunk in bytes.chunks(BLOCK) {
                n += char_starts(chunk);
                counts.push(n);
            }
            counts
        });
        let block = offset / BLOCK;
        let base = blocks.get(block).copied().unwrap_or(0);
        base + char_starts(bytes.get(block * BLOCK..offset).unwrap_or(&[]))
    }

    /// The number of lines (a text without newlines has one).
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The 1-based line and column of a byte offset (clamped to the text; an offset
    /// inside a multibyte character counts as that character).
    pub fn line_col_in(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = offset.min(text.len());
        let line = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts.get(line.wrapping_sub(1)).copied().unwrap_or(0);
        let col = if offset - start < BLOCK {
            char_starts(text.as_bytes().get(start..offset).unwrap_or(&[]))
        } else {
            self.chars_before(text, offset) - self.chars_before(text, start)
        };
        (line.max(1), col + 1)
    }

    /// The 1-based line and column of a byte offset; the column is counted in bytes
    /// (use [`LineIndex::line_col_in`] for characters).
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts.get(line - 1).copied().unwrap_or(0);
        (line, offset - start + 1)
    }

    /// The text of a 1-based line, without its line break.
    pub fn line_text<'a>(&self, text: &'a str, line: usize) -> &'a str {
        let Some(&start) = self.starts.get(line.wrapping_sub(1)) else {
            return "";
        };
        let end = self.starts.get(line).map_or(text.len(), |&e| e - 1);
        let line = text.get(start..end.max(start)).unwrap_or("");
        line.strip_suffix('\r').unwrap_or(line)
    }

    /// The byte offset where a 1-based line starts.
    pub fn line_start(&self, line: usize) -> Option<usize> {
        self.starts.get(line.wrapping_sub(1)).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_map_to_lines_and_character_columns() {
        let text = "ab\r\n한글x\nlast";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_count(), 3);
        assert_eq!(idx.line_col_in(text, 0), (1, 1));
        assert_eq!(idx.line_col_in(text, 4), (2, 1));
        // 'x' follows two 3-byte Hangul syllables.
        assert_eq!(idx.line_col_in(text, 10), (2, 3));
        assert_eq!(idx.line_col_in(text, 12), (3, 1));
        assert_eq!(idx.line_text(text, 1), "ab");
        assert_eq!(idx.line_text(text, 2), "한글x");
        assert_eq!(idx.line_text(text, 3), "last");
        assert_eq!(idx.line_text(text, 4), "");
        // Inside a multibyte character: as at the character after it.
        assert_eq!(idx.line_col_in(text, 5), (2, 2));
        assert_eq!(idx.line_col_in(text, 7), (2, 2));
        assert_eq!(idx.line_col_in(text, 99), (3, 5));
    }

    #[test]
    fn lone_carriage_returns_end_lines_too() {
        // CR-only, CRLF and LF mixed; "\r\r\n" is a CR line end then a CRLF one.
        let text = "ab\rcd\r\nef\ngh\r\r\nij\r";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_count(), 7);
        let lines: Vec<&str> = (1..=7).map(|l| idx.line_text(text, l)).collect();
        assert_eq!(lines, ["ab", "cd", "ef", "gh", "", "ij", ""]);
        assert_eq!(idx.line_col_in(text, 3), (2, 1));
        assert_eq!(idx.line_col_in(text, 7), (3, 1));
        assert_eq!(idx.line_col_in(text, 10), (4, 1));
        assert_eq!(idx.line_col_in(text, 14), (5, 2));
        assert_eq!(idx.line_col_in(text, 15), (6, 1));
        let split: Vec<&[u8]> = split_lines(text.as_bytes()).collect();
        let want: [&[u8]; 7] = [b"ab", b"cd", b"ef", b"gh", b"", b"ij", b""];
        assert_eq!(split, want);
        assert!(has_lone_cr(text.as_bytes()));
        assert!(!has_lone_cr(b"a\r\nb\n"));
        assert!(!has_lone_cr(b""));
        assert!(has_lone_cr(b"\r"));
        assert!(has_lone_cr(b"a\r\nb\r"));
        // A lone CR far from the start, across the blocks of the scan.
        for at in [4094, 4095, 4096, 4097, 9000] {
            let mut v = b"x\r\n".repeat(4000);
            v.insert(at, b'\r');
            v.insert(at + 1, b'y');
            assert!(has_lone_cr(&v), "{at}");
        }
        assert!(!has_lone_cr(&b"x\r\n".repeat(4000)));
        let lf = lone_cr_as_lf(Cow::Borrowed(text));
        assert_eq!(lf, "ab\ncd\r\nef\ngh\n\r\nij\n");
        assert!(matches!(
            lone_cr_as_lf(Cow::Borrowed("a\r\nb")),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn columns_on_long_lines_count_characters_across_blocks() {
        // Lines of mixed one- and three-byte characters, much longer than a block.
        let line: String = (0..9000)
            .map(|i| if i % 3 == 0 { '표' } else { 'a' })
            .collect();
        let text = format!("x\n{line}\n{line}");
        let idx = LineIndex::new(&text);
        let second = 2;
        let third = 2 + line.len() + 1;
        for (at, chars) in line.char_indices().map(|(i, _)| i).zip(0..).step_by(97) {
            assert_eq!(idx.line_col_in(&text, second + at), (2, chars + 1));
            assert_eq!(idx.line_col_in(&text, third + at), (3, chars + 1));
        }
        assert_eq!(idx.line_col_in(&text, text.len()), (3, 9001));
    }
}
