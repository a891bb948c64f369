//! Splits `.gonu` text into lines of tab- or space-separated tokens with byte spans,
//! setting aside `//` remarks.

use crate::diag::Span;

/// One whitespace-separated token and where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Token<'a> {
    /// The token's text.
    pub text: &'a str,
    /// Its bytes in the text.
    pub span: Span,
}

/// One line: its tokens (remark excluded) and where its remark starts, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Line<'a> {
    /// Where the line starts.
    pub start: usize,
    /// The tokens before any `//`.
    pub tokens: Vec<Token<'a>>,
    /// The offset of `//`, when the line has a remark.
    pub remark: Option<usize>,
}

impl Line<'_> {
    /// Where to point for the line as a whole: its first token, else its start.
    pub fn span(&self) -> Span {
        self.tokens.first().map_or(Span::at(self.start), |t| t.span)
    }

    /// The span of token `i`, else of the whole line.
    pub fn field(&self, i: usize) -> Span {
        self.tokens.get(i).map_or_else(|| self.span(), |t| t.span)
    }

    /// The first token's text, if the line has tokens.
    pub fn first(&self) -> Option<&str> {
        self.tokens.first().map(|t| t.text)
    }
}

/// Every line of `text`, in order (empty ones included, with no tokens).
pub(super) fn lines(text: &str) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    for raw in text.split_inclusive('\n') {
        let body = raw.trim_end_matches(['\n', '\r']);
        let (content, remark) = match body.find("//") {
            Some(at) => (body.get(..at).unwrap_or(""), Some(start + at)),
            None => (body, None),
        };
        out.push(Line {
            start,
            tokens: tokens(content, start),
            remark,
        });
        start += raw.len();
    }
    out
}

/// The tokens of one line's content, which starts at byte `base` of the text.
fn tokens(content: &str, base: usize) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut at: Option<usize> = None;
    for (i, c) in content.char_indices() {
        let space = c.is_ascii_whitespace();
        match (at, space) {
            (None, false) => at = Some(i),
            (Some(s), true) => {
                out.push(token(content, s, i, base));
                at = None;
            }
            _ => {}
        }
    }
    if let Some(s) = at {
        out.push(token(content, s, content.len(), base));
    }
    out
}

fn token(content: &str, s: usize, e: usize, base: usize) -> Token<'_> {
    Token {
        text: content.get(s..e).unwrap_or(""),
        span: Span::new(base + s, base + e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_spans_and_remarks() {
        let text = "25 // count\r\n2\t1\t*\n\n  // only\nend";
        let ls = lines(text);
        assert_eq!(ls.len(), 5);
        assert_eq!(ls[0].tokens.len(), 1);
        assert_eq!(ls[0].tokens[0].span, Span::new(0, 2));
        assert_eq!(ls[0].remark, Some(3));
        assert_eq!(ls[1].start, 13);
        let t: Vec<&str> = ls[1].tokens.iter().map(|t| t.text).collect();
        assert_eq!(t, ["2", "1", "*"]);
        assert_eq!(ls[1].tokens[2].span, Span::new(17, 18));
        assert!(ls[2].tokens.is_empty());
        assert!(ls[3].tokens.is_empty());
        assert_eq!(ls[3].remark, Some(22));
        assert_eq!(ls[4].first(), Some("end"));
    }
}
