//! Recognising 기성 (Kiseong) ANSI records by content: they carry commands
//! `&[n1;n2;n3;n4@` and `&[n1;n2;n3w` among free text, whatever the file is named.

/// True when the first 8 KB hold at least three Kiseong commands (`&[` then one to
/// four integers separated by `;`, then `@` or `w`). The command syntax is ASCII, so
/// this works on EUC-KR bytes as on UTF-8.
pub fn looks_like_kiseong(bytes: &[u8]) -> bool {
    let head = bytes.get(..bytes.len().min(8192)).unwrap_or(bytes);
    let mut found = 0;
    let mut i = 0;
    while i + 1 < head.len() {
        if head[i] == b'&' && head[i + 1] == b'[' {
            if let Some(len) = command_len(&head[i + 2..]) {
                found += 1;
                if found >= 3 {
                    return true;
                }
                i += 2 + len;
                continue;
            }
        }
        i += 1;
    }
    false
}

/// The length of `n(;n){0,3}[@w]` at the start of `rest`, if it is one.
fn command_len(rest: &[u8]) -> Option<usize> {
    let mut i = 0;
    let mut numbers = 0;
    loop {
        let digits = rest
            .get(i..)?
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 || digits > 3 {
            return None;
        }
        i += digits;
        numbers += 1;
        match rest.get(i)? {
            b';' if numbers < 4 => i += 1,
            b'@' | b'w' => return Some(i + 1),
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_commands_not_lookalikes() {
        assert!(looks_like_kiseong(
            b"&[1w&[4w\xc8\xab 4\xb1\xde&[5w\n&[2;4;16@"
        ));
        assert!(!looks_like_kiseong(b"&[1w only two &[2w"));
        assert!(!looks_like_kiseong(b"&[1;2;3;4;5@ &[x@ &[1234@ &[1w"));
    }
}
