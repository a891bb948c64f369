//! Charset declarations inside record files, found and rewritten on decoded text:
//! SGF `CA[]` in each game's root node, KIF/KI2 `#KIF version=2.0 encoding=…` on the
//! first line, CSA `'CSA encoding=…`.
//!
//! Finders work on raw bytes in which ASCII reads as ASCII (the labels are ASCII);
//! rewriters work on decoded text, so Shift_JIS trail bytes 0x5C/0x5D are never
//! mistaken for SGF syntax.

/// Which declaration syntax a file uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Declaration {
    /// SGF `CA[label]` in every game root.
    Sgf,
    /// `#KIF version=2.0 encoding=label` as the first line (KIF, KI2).
    Kif,
    /// `'CSA encoding=label` as a comment line (CSA 3.0).
    Csa,
}

/// Finds the label of the first SGF `CA[...]` property in raw bytes.
pub fn find_sgf(bytes: &[u8]) -> Option<String> {
    let mut from = 0;
    while let Some(at) = find(bytes.get(from..)?, b"CA[").map(|i| i + from) {
        // A property identifier: not preceded by another uppercase letter.
        let standalone = at == 0 || !bytes.get(at - 1).is_some_and(u8::is_ascii_uppercase);
        let rest = bytes.get(at + 3..)?;
        if standalone {
            let end = rest.iter().position(|&b| b == b']')?;
            let label = String::from_utf8_lossy(rest.get(..end)?).trim().to_string();
            return (!label.is_empty()).then_some(label);
        }
        from = at + 3;
    }
    None
}

/// Finds the `encoding=` of a `#KIF` line among the first lines of raw bytes.
pub fn find_kif(bytes: &[u8]) -> Option<String> {
    first_lines(bytes, 5)
        .find(|l| l.starts_with(b"#KIF"))
        .and_then(|l| value_after(l, b"encoding="))
}

/// Finds the `encoding=` of a `'CSA encoding=` line among the first lines of raw bytes.
pub fn find_csa(bytes: &[u8]) -> Option<String> {
    first_lines(bytes, 5)
        .find(|l| l.starts_with(b"'CSA"))
        .and_then(|l| value_after(l, b"encoding="))
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn first_lines(bytes: &[u8], n: usize) -> impl Iterator<Item = &[u8]> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    crate::text::split_lines(bytes).take(n)
}

fn value_after(line: &[u8], key: &[u8]) -> Option<String> {
    let at = find(line, key)? + key.len();
    let rest = line.get(at..)?;
    let end = rest
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(rest.len());
    let label = String::from_utf8_lossy(rest.get(..end)?).to_string();
    (!label.is_empty()).then_some(label)
}

impl Declaration {
    /// The label currently declared in decoded text.
    pub fn find_in_text(self, text: &str) -> Option<String> {
        match self {
            Declaration::Sgf => find_sgf(text.as_bytes()),
            Declaration::Kif => find_kif(text.as_bytes()),
            Declaration::Csa => find_csa(text.as_bytes()),
        }
    }

    /// The text with its declaration set to `label`: updated where present, added
    /// where absent (`add`), otherwise left alone.
    pub fn rewrite(self, text: &str, label: &str, add: bool) -> String {
        match self {
            Declaration::Sgf => rewrite_sgf(text, label),
            Declaration::Kif => {
                rewrite_line(text, "#KIF", "#KIF version=2.0 encoding=", label, add)
            }
            Declaration::Csa => rewrite_line(text, "'CSA", "'CSA encoding=", label, add),
        }
    }
}

/// Sets `encoding=` on the first line starting with `marker` among the first five, or
/// inserts `prefix + label` as the first line (after a BOM) with the file's newline.
fn rewrite_line(text: &str, marker: &str, prefix: &str, label: &str, add: bool) -> String {
    let mut offset = 0;
    for line in text.split_inclusive('\n').take(5) {
        let body = line.trim_end_matches(['\n', '\r']);
        let bare = body.trim_start_matches('\u{FEFF}');
        if bare.starts_with(marker) {
            let new_line = match bare.find("encoding=") {
                Some(at) => {
                    let start = at + "encoding=".len();
                    let end = bare[start..]
                        .find(char::is_whitespace)
                        .map_or(bare.len(), |e| start + e);
                    format!("{}{label}{}", &bare[..start], &bare[end..])
                }
                None => format!("{bare} encoding={label}"),
            };
            let bom = &body[..body.len() - bare.len()];
            let mut out = String::with_capacity(text.len() + label.len());
            out.push_str(&text[..offset]);
            out.push_str(bom);
            out.push_str(&new_line);
            out.push_str(&text[offset + body.len()..]);
            return out;
        }
        offset += line.len();
    }
    if !add {
        return text.to_string();
    }
    let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let (bom, rest) = match text.strip_prefix('\u{FEFF}') {
        Some(rest) => ("\u{FEFF}", rest),
        None => ("", text),
    };
    format!("{bom}{prefix}{label}{newline}{rest}")
}

/// Sets `CA[label]` in the root node of every game tree of an SGF collection: an
/// existing `CA` value is replaced, otherwise `CA[label]` is inserted right after the
/// root's `;`. Scans decoded text with a small state machine (values and escapes
/// respected); nothing recurses.
fn rewrite_sgf(text: &str, label: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 16);
    let mut copied = 0usize;
    let mut depth = 0usize;
    let mut i = 0usize;
    while i < bytes.len() {
        match bytes[i] {
            b'[' => i = skip_value(bytes, i),
            b'(' => {
                depth += 1;
                i += 1;
                if depth == 1 {
                    // The root node: `;` after optional whitespace.
                    let mut j = i;
                    while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    if bytes.get(j) == Some(&b';') {
                        let node_start = j + 1;
                        let node_end = node_end(bytes, node_start);
                        match find_ca(bytes, node_start, node_end) {
                            Some((vs, ve)) => {
                                out.push_str(&text[copied..vs]);
                                out.push_str(label);
                                copied = ve;
                            }
                            None => {
                                out.push_str(&text[copied..node_start]);
                                out.push_str("CA[");
                                out.push_str(label);
                                out.push(']');
                                copied = node_start;
                            }
                        }
                        i = node_end;
                    }
                }
            }
            b')' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            _ => i += 1,
        }
    }
    out.push_str(&text[copied..]);
    out
}

/// The index after the `]` closing the value that opens at `open`.
fn skip_value(bytes: &[u8], open: usize) -> usize {
    let mut i = open + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b']' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// Where a node's properties end: the next `;`, `(` or `)` outside values.
fn node_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'[' => i = skip_value(bytes, i),
            b';' | b'(' | b')' => return i,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The value range of a `CA` property between `start` and `end`, if any.
fn find_ca(bytes: &[u8], start: usize, end: usize) -> Option<(usize, usize)> {
    let mut i = start;
    let mut ident = String::new();
    while i < end {
        let b = bytes[i];
        if b == b'[' {
            let close = skip_value(bytes, i);
            if ident == "CA" {
                return Some((i + 1, close.saturating_sub(1).max(i + 1)));
            }
            i = close;
            // A property may carry several values: keep the identifier for them.
            continue;
        }
        if b.is_ascii_uppercase() {
            if i > start && !bytes[i - 1].is_ascii_alphabetic() {
                ident.clear();
            }
            ident.push(b as char);
        } else if b.is_ascii_lowercase() {
            // FF[3] style lowercase letters are ignored inside identifiers.
        } else if !b.is_ascii_whitespace() {
            ident.clear();
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_declarations_in_raw_bytes() {
        assert_eq!(
            find_sgf(b"(;FF[4]CA[Shift_JIS]C[x])").as_deref(),
            Some("Shift_JIS")
        );
        assert_eq!(find_sgf(b"(;FF[4]SCA[x]C[x])"), None);
        assert_eq!(
            find_kif(b"#KIF version=2.0 encoding=UTF-8\r\n").as_deref(),
            Some("UTF-8")
        );
        assert_eq!(
            find_kif(b"\xEF\xBB\xBF#KIF version=2.0 encoding=UTF-8\n").as_deref(),
            Some("UTF-8")
        );
        assert_eq!(
            find_csa(b"'CSA encoding=SHIFT_JIS\nV2.2\n").as_deref(),
            Some("SHIFT_JIS")
        );
        assert_eq!(find_kif(b"# header\n"), None);
    }

    #[test]
    fn sgf_ca_is_set_in_every_game_root() {
        let text = "(;FF[4]CA[Shift_JIS]C[a \\] CA[no]];B[aa](;W[bb]CA[x]))\n(;GM[1]C[表])";
        assert_eq!(
            Declaration::Sgf.rewrite(text, "UTF-8", true),
            "(;FF[4]CA[UTF-8]C[a \\] CA[no]];B[aa](;W[bb]CA[x]))\n(;CA[UTF-8]GM[1]C[表])"
        );
        // Old-style identifiers: lowercase letters do not count, so `CharsetA` is `CA`.
        assert_eq!(
            Declaration::Sgf.rewrite("( ;FF[3]CharsetA[x])", "UTF-8", true),
            "( ;FF[3]CharsetA[UTF-8])"
        );
        assert_eq!(
            Declaration::Sgf.rewrite("junk (;B[aa])", "Big5", true),
            "junk (;CA[Big5]B[aa])"
        );
    }

    #[test]
    fn kif_and_csa_lines_are_updated_or_added() {
        assert_eq!(
            Declaration::Kif.rewrite(
                "#KIF version=2.0 encoding=Shift_JIS\r\n手合割：平手\r\n",
                "UTF-8",
                true
            ),
            "#KIF version=2.0 encoding=UTF-8\r\n手合割：平手\r\n"
        );
        assert_eq!(
            Declaration::Kif.rewrite("手合割：平手\r\n", "UTF-8", true),
            "#KIF version=2.0 encoding=UTF-8\r\n手合割：平手\r\n"
        );
        assert_eq!(
            Declaration::Kif.rewrite("手合割：平手\n", "UTF-8", false),
            "手合割：平手\n"
        );
        assert_eq!(
            Declaration::Csa.rewrite("'CSA encoding=SHIFT_JIS\nV2.2\n", "UTF-8", true),
            "'CSA encoding=UTF-8\nV2.2\n"
        );
        assert_eq!(
            Declaration::Csa.rewrite("V2.2\nN+a\n", "UTF-8", true),
            "'CSA encoding=UTF-8\nV2.2\nN+a\n"
        );
    }
}
