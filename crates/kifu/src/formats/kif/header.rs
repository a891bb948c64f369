//! The KIF/KI2 header line: `key：value`.

/// Splits `key：value` (full-width or ASCII colon). Keys are short and never hold a
/// colon; a line that starts with a digit is not a header.
pub fn split_header(line: &str) -> Option<(&str, &str)> {
    let (k, v) = match (line.find('：'), line.find(':')) {
        (Some(a), Some(b)) if b < a => (&line[..b], &line[b + 1..]),
        (Some(a), _) => (&line[..a], &line[a + '：'.len_utf8()..]),
        (None, Some(b)) => (&line[..b], &line[b + 1..]),
        (None, None) => return None,
    };
    let k = k.trim();
    (!k.is_empty() && k.chars().count() <= 16 && !k.starts_with(|c: char| c.is_ascii_digit()))
        .then_some((k, v))
}
