//! Collections whose games declare different charsets (`CA[]` per game, as FF[4]
//! allows): each game tree is decoded with its own charset.
//!
//! Only used when the raw bytes declare at least two different encodings; every other
//! file goes through the text layer's single decision. The game boundaries are found
//! on raw bytes, so value scanning here is charset-aware: once a game's `CA[]` is
//! known, a lead byte of a multibyte encoding (Shift_JIS, GBK, Big5, EUC-KR …) takes
//! its trail byte with it, and a trail 0x5C `\` or 0x5D `]` is never syntax.

use crate::diag::{codes, Diagnostic, Span};
use crate::formats::PerGame;
use crate::text::{decode_strict, TextEncoding};

/// One stretch of the input and how to decode it.
struct Segment {
    range: std::ops::Range<usize>,
    /// The declared encoding of a game tree; `None` for text between games and for
    /// games without `CA[]`.
    encoding: Option<TextEncoding>,
    /// True for a game tree (as opposed to text between them).
    game: bool,
    /// Value byte ranges (contents between `[` and `]`), for UTF-16 declarations in an
    /// ASCII file, where only the values are UTF-16.
    values: Vec<std::ops::Range<usize>>,
}

/// Decodes each game with its own `CA[]` when the file declares two or more different
/// encodings; `None` otherwise (and for UTF-16 files, BOMs, or undeclared files).
pub fn decode_per_game(bytes: &[u8]) -> Option<PerGame> {
    if bytes.starts_with(b"\xEF\xBB\xBF")
        || bytes.starts_with(b"\xFF\xFE")
        || bytes.starts_with(b"\xFE\xFF")
    {
        return None;
    }
    let sample = bytes.get(..bytes.len().min(512)).unwrap_or(bytes);
    if sample.iter().filter(|&&b| b == 0).count() * 4 > sample.len() {
        return None;
    }
    let declared = all_labels(bytes);
    let mut distinct: Vec<TextEncoding> = Vec::new();
    for e in declared.iter().filter_map(|l| TextEncoding::for_label(l)) {
        if !distinct.contains(&e) {
            distinct.push(e);
        }
    }
    if distinct.len() < 2 {
        return None;
    }
    // Valid UTF-8 with non-ASCII text outweighs legacy declarations (the text layer's
    // rule), so such files keep its single decision. (Checked after the labels: the
    // label scan is far cheaper than validating a large file twice.)
    if !bytes.is_ascii() && std::str::from_utf8(bytes).is_ok() {
        return None;
    }
    let segments = split(bytes);
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 2);
    let mut encodings = Vec::new();
    let mut diagnostics = Vec::new();
    for seg in segments {
        let body = bytes.get(seg.range.clone()).unwrap_or(&[]);
        let enc = match seg.encoding {
            Some(e) if e.is_ascii_compatible() && !decode_strict(body, 0, e).is_clean() => {
                if std::str::from_utf8(body).is_ok() {
                    diagnostics.push(Diagnostic::new(
                        codes::TEXT_DECLARED_MISMATCH,
                        format!(
                            "this game declares {}, but its bytes are not; they are valid UTF-8, read as such",
                            e.name()
                        ),
                        Span::at(text.len()),
                    ));
                    TextEncoding::UTF_8
                } else {
                    e
                }
            }
            Some(e) => e,
            None if std::str::from_utf8(body).is_ok() => TextEncoding::UTF_8,
            None => {
                let e = TextEncoding::for_label("iso-8859-1").unwrap_or(TextEncoding::UTF_8);
                if seg.game {
                    diagnostics.push(Diagnostic::new(
                        codes::SGF_DEFAULT_CHARSET,
                        "this game declares no charset in a file whose games declare different ones; read as ISO-8859-1, FF[4]'s default",
                        Span::at(text.len()),
                    ));
                }
                e
            }
        };
        if seg.game && !encodings.contains(&enc) {
            encodings.push(enc);
        }
        if enc.is_utf16() {
            // ASCII structure, UTF-16 values.
            let mut at = seg.range.start;
            for v in &seg.values {
                let body = bytes.get(v.clone()).unwrap_or(&[]);
                // ASCII values (FF[4], CA[UTF-16LE] itself) stay ASCII.
                if body.len() % 2 == 0 && body.contains(&0) {
                    push_decoded(
                        &mut text,
                        &mut diagnostics,
                        bytes,
                        at..v.start,
                        TextEncoding::UTF_8,
                    );
                    push_decoded(&mut text, &mut diagnostics, bytes, v.clone(), enc);
                    at = v.end;
                }
            }
            push_decoded(
                &mut text,
                &mut diagnostics,
                bytes,
                at..seg.range.end,
                TextEncoding::UTF_8,
            );
        } else {
            push_decoded(&mut text, &mut diagnostics, bytes, seg.range.clone(), enc);
        }
    }
    Some(PerGame {
        text,
        encodings,
        diagnostics,
    })
}

/// Decodes `range` of `bytes` strictly with `enc` onto `text`, reporting malformed bytes.
fn push_decoded(
    text: &mut String,
    diags: &mut Vec<Diagnostic>,
    bytes: &[u8],
    range: std::ops::Range<usize>,
    enc: TextEncoding,
) {
    let Some(body) = bytes.get(range.clone()) else {
        return;
    };
    let d = decode_strict(body, range.start, enc);
    let base = text.len();
    for m in &d.malformed {
        let at = base + m.text_offset;
        diags.push(
            Diagnostic::new(
                codes::TEXT_MALFORMED,
                format!(
                    "bytes {}..{} are not valid {}",
                    m.bytes.start,
                    m.bytes.end,
                    enc.name()
                ),
                Span::new(at, at + '\u{FFFD}'.len_utf8()),
            )
            .with_byte_offset(m.bytes.start),
        );
    }
    text.push_str(&d.text);
}

/// Labels this long or longer are not charsets.
const MAX_LABEL: usize = 40;

/// Every `CA[label]` whose identifier stands alone, in file order, each once (a
/// collection of 5,000 games declaring `CA[UTF-8]` gives one label, not 5,000 to
/// look up). The `]` is looked for only as far as a label can reach: searching the
/// whole rest of the file for each `CA[` made a file with many of them and few `]`
/// take quadratic time.
fn all_labels(bytes: &[u8]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for at in memchr::memmem::find_iter(bytes, b"CA[") {
        let standalone = at == 0 || !bytes.get(at - 1).is_some_and(u8::is_ascii_alphabetic);
        let rest = bytes.get(at + 3..).unwrap_or(&[]);
        let reach = rest.get(..MAX_LABEL).unwrap_or(rest);
        if let Some(end) = memchr::memchr(b']', reach) {
            if let Some(label) = rest.get(..end).and_then(|l| std::str::from_utf8(l).ok()) {
                let label = label.trim();
                if standalone
                    && !label.is_empty()
                    && label.len() < MAX_LABEL
                    && !out.iter().any(|seen| seen == label)
                {
                    out.push(label.to_string());
                }
            }
        }
    }
    out
}

/// True when `b` starts a two-byte character in `enc` (the trail may be ASCII).
fn is_lead(enc: Option<TextEncoding>, b: u8) -> bool {
    let Some(enc) = enc else { return false };
    if enc == TextEncoding::SHIFT_JIS {
        return matches!(b, 0x81..=0x9F | 0xE0..=0xFC);
    }
    let name = enc.name();
    matches!(name, "GBK" | "gb18030" | "Big5" | "EUC-KR" | "EUC-JP") && (0x81..=0xFE).contains(&b)
}

/// Splits the bytes into game trees (by `(`/`)` depth outside values) and the text
/// between them, learning each game's `CA[]` as it goes.
fn split(bytes: &[u8]) -> Vec<Segment> {
    let mut segments = Vec::new();
    let mut pos = 0usize;
    while pos < bytes.len() {
        let Some(open) = bytes
            .get(pos..)
            .and_then(|r| r.iter().position(|&b| b == b'('))
            .map(|i| pos + i)
        else {
            break;
        };
        if open > pos {
            segments.push(Segment {
                range: pos..open,
                encoding: None,
                game: false,
                values: Vec::new(),
            });
        }
        let mut enc: Option<TextEncoding> = None;
        let mut values = Vec::new();
        let mut depth = 0usize;
        let mut i = open;
        let mut ident: (usize, usize) = (0, 0);
        let end = loop {
            let Some(&b) = bytes.get(i) else {
                break bytes.len();
            };
            match b {
                b'(' => {
                    depth += 1;
                    i += 1;
                }
                b')' => {
                    depth = depth.saturating_sub(1);
                    i += 1;
                    if depth == 0 {
                        break i;
                    }
                }
                b'A'..=b'Z' | b'a'..=b'z' => {
                    let start = i;
                    while bytes.get(i).is_some_and(u8::is_ascii_alphabetic) {
                        i += 1;
                    }
                    ident = (start, i);
                }
                b'[' => {
                    let body = i + 1;
                    let utf16 = enc.is_some_and(TextEncoding::is_utf16);
                    let mut j = body;
                    while let Some(&c) = bytes.get(j) {
                        if c == b'\\' && !utf16 {
                            j += 2;
                        } else if c == b']' {
                            break;
                        } else if is_lead(enc, c) {
                            j += 2;
                        } else {
                            j += 1;
                        }
                    }
                    let close = j.min(bytes.len());
                    if bytes.get(ident.0..ident.1) == Some(b"CA") && enc.is_none() {
                        enc = bytes
                            .get(body..close)
                            .and_then(|l| std::str::from_utf8(l).ok())
                            .and_then(TextEncoding::for_label);
                    }
                    values.push(body..close);
                    ident = (0, 0);
                    i = close + 1;
                }
                _ => i += 1,
            }
        };
        let end = end.min(bytes.len());
        let utf16 = enc.is_some_and(TextEncoding::is_utf16);
        segments.push(Segment {
            range: open..end,
            encoding: enc,
            game: true,
            values: if utf16 { values } else { Vec::new() },
        });
        pos = end;
    }
    if pos < bytes.len() {
        segments.push(Segment {
            range: pos..bytes.len(),
            encoding: None,
            game: false,
            values: Vec::new(),
        });
    }
    segments
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_read_up_to_their_reach() {
        let label = "x".repeat(MAX_LABEL - 1);
        let long = "y".repeat(MAX_LABEL);
        let text = format!(
            "(;CA[UTF-8]GCA[no])(;CA[{label}])(;CA[{long}])(;CA[ euc-kr ])(;CA[euc-kr])(;CA[UTF-8])"
        );
        assert_eq!(all_labels(text.as_bytes()), vec!["UTF-8", &label, "euc-kr"]);
    }

    #[test]
    fn many_unclosed_labels_take_linear_time() {
        // 200,000 `CA[` and no `]`: each search for the `]` once ran to the end of
        // the file, 40 GB of scanning here; now each looks 40 bytes ahead.
        let text = "CA[".repeat(200_000);
        assert_eq!(all_labels(text.as_bytes()), Vec::<String>::new());
        // With a `]` at the end, the `CA[`s within reach of it read as labels
        // `CA[CA[…`, the longest under 40 bytes first.
        let mut closed = text;
        closed.push(']');
        let near: Vec<String> = (1..=13).rev().map(|k| "CA[".repeat(k)).collect();
        assert_eq!(all_labels(closed.as_bytes()), near);
    }

    #[test]
    fn one_charset_is_left_to_the_text_layer() {
        assert!(decode_per_game(b"(;CA[UTF-8]C[x])(;CA[utf8]C[y])").is_none());
        assert!(decode_per_game(b"(;C[x])").is_none());
        // All valid UTF-8: the text layer decides (UTF-8 outweighs the declarations).
        assert!(decode_per_game("(;CA[Shift_JIS]C[表])(;CA[EUC-KR]C[한])".as_bytes()).is_none());
    }

    #[test]
    fn each_game_is_decoded_with_its_own_charset() {
        let mut bytes = b"(;CA[Shift_JIS]C[".to_vec();
        bytes.extend_from_slice(&encoding_rs::SHIFT_JIS.encode("表\\]十").0);
        bytes.extend_from_slice(b"])\n(;CA[EUC-KR]C[");
        bytes.extend_from_slice(&encoding_rs::EUC_KR.encode("바둑").0);
        bytes.extend_from_slice(b"])");
        let d = decode_per_game(&bytes).expect("two charsets");
        assert_eq!(d.text, "(;CA[Shift_JIS]C[表\\]十])\n(;CA[EUC-KR]C[바둑])");
        assert_eq!(
            d.encodings,
            vec![TextEncoding::SHIFT_JIS, TextEncoding::EUC_KR]
        );
        assert!(d.diagnostics.is_empty());
    }
}
