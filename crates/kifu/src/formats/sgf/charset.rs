//! Finds the charset an SGF file declares (`CA[…]`) in raw bytes where ASCII is ASCII.

/// The value of the first `CA[…]` property in the bytes, if any. Only ASCII labels
/// are accepted; the search skips the inside of other values, so a comment that
/// mentions `CA[...]` does not count.
pub fn declared_charset(bytes: &[u8]) -> Option<String> {
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'[' {
            // Property value: is it CA's? Look back over spaces to the identifier.
            let mut j = i;
            while j > 0 && bytes.get(j - 1).is_some_and(|c| c.is_ascii_whitespace()) {
                j -= 1;
            }
            let is_ca = j >= 2
                && bytes.get(j - 2..j) == Some(b"CA")
                && !(j >= 3 && bytes.get(j - 3).is_some_and(|c| c.is_ascii_alphabetic()));
            // Skip to the closing `]`, honouring `\` (only ASCII-compatible input).
            let mut k = i + 1;
            while let Some(&c) = bytes.get(k) {
                match c {
                    b'\\' => k += 2,
                    b']' => break,
                    _ => k += 1,
                }
            }
            if is_ca {
                let label = bytes.get(i + 1..k.min(bytes.len()))?;
                let label = std::str::from_utf8(label).ok()?.trim();
                if !label.is_empty() && label.is_ascii() {
                    return Some(label.to_string());
                }
            }
            i = k + 1;
            continue;
        }
        i += 1;
    }
    naive(bytes)
}

/// The first `CA[` not preceded by a letter, read up to the next `]`: the fallback
/// when the value-aware scan found nothing (a Shift_JIS trail byte `]` or `\` in an
/// earlier comment can derail it).
fn naive(bytes: &[u8]) -> Option<String> {
    let at = bytes.windows(3).enumerate().position(|(i, w)| {
        w == b"CA[" && !(i > 0 && bytes.get(i - 1).is_some_and(|c| c.is_ascii_alphabetic()))
    })?;
    let rest = bytes.get(at + 3..)?;
    let end = rest.iter().position(|&b| b == b']')?;
    let label = std::str::from_utf8(rest.get(..end)?).ok()?.trim();
    (!label.is_empty() && label.len() < 40).then(|| label.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_ca_outside_other_values() {
        assert_eq!(
            declared_charset(b"(;FF[4]CA[Shift_JIS]GM[1])").as_deref(),
            Some("Shift_JIS")
        );
        assert_eq!(
            declared_charset(b"(;C[CA[UTF-8]]CA [EUC-KR])").as_deref(),
            Some("EUC-KR")
        );
        assert_eq!(
            declared_charset(b"(;C[x\\]CA[no]]CA[GBK])").as_deref(),
            Some("GBK")
        );
        assert_eq!(declared_charset(b"(;FF[4])"), None);
    }
}
