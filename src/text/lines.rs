//! A line/column index over a text's byte offsets.

/// Byte offsets of line starts in a text; maps an offset to a 1-based line and column.
/// Lines end at `\n`; a `\r` before it belongs to the line break. Columns count
/// characters (Unicode scalar values) from 1.
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes `text`.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { starts }
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
        let col = text
            .get(start..)
            .map(|rest| {
                rest.char_indices()
                    .take_while(|&(i, _)| start + i < offset)
                    .count()
            })
            .unwrap_or(0);
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
        text.get(start..end.max(start))
            .unwrap_or("")
            .trim_end_matches('\r')
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
    }
}
