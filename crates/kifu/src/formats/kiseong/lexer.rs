//! Splitting a Kiseong record into commands, variation brackets and commentary text.
//! Physical line breaks carry no meaning and are dropped (the seed: `&[9w` makes a
//! line break in the commentary).

use crate::diag::{codes, Collapser, Diagnostic, Span};

/// One piece of a Kiseong record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token {
    /// `&[n1;…;nk@`: a placement.
    Place(Vec<u16>),
    /// `&[n1;…;nk w`: a control.
    Control(Vec<u16>),
    /// `{{`.
    Open,
    /// `}}`.
    Close,
    /// Commentary text, physical line breaks removed.
    Text(String),
}

/// A token and where it stands in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned {
    /// The token.
    pub token: Token,
    /// Its bytes in the decoded text.
    pub span: Span,
}

/// Tokenizes a record; a malformed command becomes text plus an error. Physical line
/// breaks are removed first, wherever they stand (inside a command too): spans still
/// point into `text`.
pub fn lex(text: &str, diags: &mut Vec<Diagnostic>) -> Vec<Spanned> {
    let mut compact = String::with_capacity(text.len());
    // For each byte of `compact`, its offset in `text`; one more entry for the end.
    let mut origin = Vec::with_capacity(text.len() + 1);
    for (i, ch) in text.char_indices() {
        if ch == '\r' || ch == '\n' {
            continue;
        }
        origin.extend(i..i + ch.len_utf8());
        compact.push(ch);
    }
    origin.push(text.len());
    let map = |span: Span| -> Span {
        let start = origin.get(span.start).copied().unwrap_or(text.len());
        let end = if span.end > span.start {
            origin.get(span.end - 1).map_or(text.len(), |&e| e + 1)
        } else {
            start
        };
        Span::new(start, end)
    };
    let mut local = Vec::new();
    let mut tokens = lex_compact(&compact, &mut local);
    for t in &mut tokens {
        t.span = map(t.span);
    }
    for mut d in local {
        d.span = map(d.span);
        diags.push(d);
    }
    tokens
}

/// Tokenizes text without line breaks.
fn lex_compact(text: &str, diags: &mut Vec<Diagnostic>) -> Vec<Spanned> {
    let bytes = text.as_bytes();
    let mut out: Vec<Spanned> = Vec::new();
    let mut text_start: Option<usize> = None;
    // A broken command per two bytes (`&[&[&[…`) is common in damaged files: past the
    // first hundred, only their count is kept.
    let mut collapser = Collapser::new();
    let mut pending = String::new();
    let mut i = 0usize;
    let flush =
        |out: &mut Vec<Spanned>, pending: &mut String, start: &mut Option<usize>, end: usize| {
            if let Some(s) = start.take() {
                if !pending.is_empty() {
                    out.push(Spanned {
                        token: Token::Text(std::mem::take(pending)),
                        span: Span::new(s, end),
                    });
                }
            }
            pending.clear();
        };
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'&' && bytes.get(i + 1) == Some(&b'[') {
            match command(bytes, i + 2) {
                Ok((numbers, kind, end)) => {
                    flush(&mut out, &mut pending, &mut text_start, i);
                    let token = if kind == b'@' {
                        Token::Place(numbers)
                    } else {
                        Token::Control(numbers)
                    };
                    out.push(Spanned {
                        token,
                        span: Span::new(i, end),
                    });
                    i = end;
                    continue;
                }
                Err((why, at)) => {
                    collapser.push(
                        diags,
                        Diagnostic::new(
                            codes::KISEONG_BAD_COMMAND,
                            format!("a command `&[` {why}; it is read as commentary"),
                            Span::new(i, at.max(i + 2)),
                        ),
                    );
                }
            }
        }
        if (b == b'{' || b == b'}') && bytes.get(i + 1) == Some(&b) {
            flush(&mut out, &mut pending, &mut text_start, i);
            out.push(Spanned {
                token: if b == b'{' { Token::Open } else { Token::Close },
                span: Span::new(i, i + 2),
            });
            i += 2;
            continue;
        }
        let ch_len = text[i..].chars().next().map_or(1, char::len_utf8);
        if text_start.is_none() {
            text_start = Some(i);
        }
        pending.push_str(&text[i..i + ch_len]);
        i += ch_len;
    }
    flush(&mut out, &mut pending, &mut text_start, bytes.len());
    out
}

/// Parses `n(;n){0,3}` then `@` or `w` from `start`; returns the numbers, the final
/// byte and the end offset, or why not and where.
#[allow(clippy::type_complexity)]
fn command(bytes: &[u8], start: usize) -> Result<(Vec<u16>, u8, usize), (&'static str, usize)> {
    let mut numbers = Vec::with_capacity(4);
    let mut i = start;
    loop {
        let digits = bytes
            .get(i..)
            .unwrap_or(&[])
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 {
            return Err(("needs a number here", i));
        }
        if digits > 3 {
            return Err((
                "has a number of more than three digits (the seed allows 1–999)",
                i + digits,
            ));
        }
        let n = bytes[i..i + digits]
            .iter()
            .fold(0u16, |acc, d| acc * 10 + u16::from(d - b'0'));
        numbers.push(n);
        i += digits;
        match bytes.get(i) {
            Some(b';') if numbers.len() < 4 => i += 1,
            Some(b';') => return Err(("has more than four numbers", i)),
            Some(&k @ (b'@' | b'w')) => return Ok((numbers, k, i + 1)),
            _ => return Err(("does not end with `@` or `w`", i)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_text_and_brackets() {
        let mut d = Vec::new();
        let t = lex("&[1w&[4w홍길동\r\n 4급&[5w좋은 수{{&[2;4;16@}}", &mut d);
        assert!(d.is_empty());
        let tokens: Vec<Token> = t.into_iter().map(|s| s.token).collect();
        assert_eq!(
            tokens,
            vec![
                Token::Control(vec![1]),
                Token::Control(vec![4]),
                Token::Text("홍길동 4급".into()),
                Token::Control(vec![5]),
                Token::Text("좋은 수".into()),
                Token::Open,
                Token::Place(vec![2, 4, 16]),
                Token::Close,
            ]
        );
    }

    #[test]
    fn line_breaks_mean_nothing_even_inside_a_command() {
        let mut d = Vec::new();
        let t = lex("&\r\n[3;1\n1;13@가", &mut d);
        assert!(d.is_empty());
        assert_eq!(t[0].token, Token::Place(vec![3, 11, 13]));
        assert_eq!(t[0].span, Span::new(0, 13));
        assert_eq!(t[1].token, Token::Text("가".into()));
        assert_eq!(t[1].span, Span::new(13, 16));
    }

    #[test]
    fn a_broken_command_is_text_with_an_error() {
        let mut d = Vec::new();
        let t = lex("a&[1;2;3;4;5@b", &mut d);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].code, "kiseong::bad-command");
        assert_eq!(d[0].span, Span::new(1, 10));
        assert_eq!(t[0].token, Token::Text("a&[1;2;3;4;5@b".into()));
    }
}
