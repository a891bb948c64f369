//! Text for a terminal: control characters shown escaped, so nothing a record or a
//! file name holds can move the cursor, change colours, set the window title, ring the
//! bell, reorder a line (bidirectional overrides) or forge a line of output.
//!
//! What is escaped ([`is_escaped`]): the C0 controls U+0000–U+001F (the line feed
//! too: a newline inside a name or a comment would start a line kifu did not write),
//! DEL U+007F, the C1 controls U+0080–U+009F, and the bidirectional controls
//! U+202A–U+202E and U+2066–U+2069. How: `\n`, `\r` and `\t` for those three,
//! `\xNN` (two lowercase hex digits) for the other C0 controls and DEL, and
//! `\u{NN}` (lowercase hex, as Rust writes it) for C1 and bidirectional controls.
//! A byte that is not part of valid UTF-8 (in a file name) is `\xNN` too; the C1
//! character U+009B (`\u{9b}`) and a stray byte 0x9B (`\x9b`) stay distinct.
//! A backslash is not escaped: the escaped text holds no control character, so
//! escaping is idempotent (escaping escaped text changes nothing), and ordinary
//! Windows-style paths read as they are.
//!
//! This is the one home of the escaping; every human-readable output of the command
//! line goes through it. Machine-readable outputs (JSON, CSV) quote by their own rules
//! and do not use it.

use std::borrow::Cow;
use std::fmt::Write as _;

/// True for a character [`escape_controls`] escapes: C0 controls, DEL, C1 controls and
/// the bidirectional embedding, override and isolate controls.
pub fn is_escaped(c: char) -> bool {
    matches!(
        c,
        '\0'..='\x1f' | '\x7f'..='\u{9f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
    )
}

/// Appends `c` to `out`, escaped when [`is_escaped`] says so.
pub fn push_escaped(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\0'..='\x1f' | '\x7f' => {
            let _ = write!(out, "\\x{:02x}", c as u32);
        }
        c if is_escaped(c) => {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
        c => out.push(c),
    }
}

/// How many characters `c` takes once escaped: 1 for a character shown as it is, 2
/// for `\n`, 4 for `\x1b`, 6 for `\u{9b}`, 8 for `\u{202e}`.
pub fn escaped_len(c: char) -> usize {
    match c {
        '\n' | '\r' | '\t' => 2,
        '\0'..='\x1f' | '\x7f' => 4,
        c if is_escaped(c) => format!("{:x}", c as u32).len() + 4,
        _ => 1,
    }
}

/// `text` with every control character escaped (see the module's documentation),
/// newlines too: for one field or one line. Borrowed when nothing needs escaping.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    escape_except(text, None)
}

/// `text` with every control character escaped except the line feed: for a message
/// of several lines that kifu composed itself (the fields in it already escaped).
pub fn escape_controls_in_lines(text: &str) -> Cow<'_, str> {
    escape_except(text, Some('\n'))
}

/// Escapes every control character in `text` but `keep`.
fn escape_except(text: &str, keep: Option<char>) -> Cow<'_, str> {
    let needs = |c: char| is_escaped(c) && Some(c) != keep;
    let Some(first) = text.find(needs) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(text.get(..first).unwrap_or(""));
    for c in text.get(first..).unwrap_or("").chars() {
        if needs(c) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Bytes that should be text (a file name on Unix) for a terminal: valid UTF-8 as
/// [`escape_controls`] shows it, each byte that is not valid UTF-8 as `\xNN`.
pub fn escape_bytes(bytes: &[u8]) -> Cow<'_, str> {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return escape_controls(text);
    }
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            push_escaped(&mut out, c);
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_the_rest_is_kept() {
        let text = "a\x1b[31mb\x1b]0;title\x07c\r\n\t\0\x7f\u{9b}\u{202e}\u{2066}\\ 한글 é";
        assert_eq!(
            escape_controls(text),
            "a\\x1b[31mb\\x1b]0;title\\x07c\\r\\n\\t\\x00\\x7f\\u{9b}\\u{202e}\\u{2066}\\ 한글 é"
        );
        assert!(matches!(escape_controls("plain 名人"), Cow::Borrowed(_)));
        assert_eq!(escape_controls_in_lines("a\nb\x1bc\n"), "a\nb\\x1bc\n");
    }

    #[test]
    fn escaping_is_idempotent() {
        let once = escape_controls("x\x1b\u{85}\u{202d}\n").into_owned();
        assert_eq!(escape_controls(&once), once);
    }

    #[test]
    fn invalid_bytes_are_hex_and_distinct_from_c1_characters() {
        assert_eq!(escape_bytes(b"a\xff\x1b.sgf"), "a\\xff\\x1b.sgf");
        assert_eq!(escape_bytes(b"\x9b \xc2\x9b"), "\\x9b \\u{9b}");
        assert_eq!(escape_bytes(b"ok.sgf"), "ok.sgf");
    }

    #[test]
    fn escaped_len_counts_the_shown_characters() {
        for c in ['a', '\n', '\x1b', '\u{9b}', '\u{202e}', '한'] {
            let mut s = String::new();
            push_escaped(&mut s, c);
            assert_eq!(escaped_len(c), s.chars().count(), "{c:?}");
        }
    }
}
