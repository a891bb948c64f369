//! The KIF/KI2 header line: `key：value`.

/// Splits `key：value` (full-width or ASCII colon). Keys are short and never hold a
/// colon; a line that starts with a digit is not a header.
pub fn split_header(line: &str) -> Option<(&str, &str)> {
    let (at, colon) = first_colon(line.as_bytes())?;
    let (k, v) = (line.get(..at)?, line.get(at + colon..)?);
    let k = k.trim();
    (!k.is_empty() && k.chars().count() <= 16 && !k.starts_with(|c: char| c.is_ascii_digit()))
        .then_some((k, v))
}

/// Where the first colon of `b` (UTF-8) stands, ASCII `:` or full-width `：`
/// (EF BC 9A: 0xEF only ever starts a character), and its length in bytes.
fn first_colon(b: &[u8]) -> Option<(usize, usize)> {
    b.iter().enumerate().find_map(|(i, &c)| match c {
        b':' => Some((i, 1)),
        0xEF if b.get(i + 1..i + 3) == Some(&[0xBC, 0x9A]) => Some((i, 3)),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::split_header;

    /// The first colon of either kind splits, as finding each kind and taking the
    /// earlier one does.
    #[test]
    fn the_first_colon_of_either_kind_splits() {
        let by_find = |line: &str| -> Option<(String, String)> {
            let (k, v) = match (line.find('：'), line.find(':')) {
                (Some(a), Some(b)) if b < a => (&line[..b], &line[b + 1..]),
                (Some(a), _) => (&line[..a], &line[a + '：'.len_utf8()..]),
                (None, Some(b)) => (&line[..b], &line[b + 1..]),
                (None, None) => return None,
            };
            let k = k.trim();
            (!k.is_empty()
                && k.chars().count() <= 16
                && !k.starts_with(|c: char| c.is_ascii_digit()))
            .then(|| (k.to_string(), v.to_string()))
        };
        for line in [
            "棋戦：生成棋戦",
            "開始日時：2024/01/02 10:00:00",
            "先手:羽生",
            "先手：a:b",
            "key:value：more",
            "ｷｰ：値",
            "：空",
            " 持ち時間 ： 10分",
            "12：34",
            "とても長い見出しの行でありまして十七文字以上：x",
            "no colon here",
            "＊コメント",
            "",
            "￥：円",
        ] {
            let got = split_header(line).map(|(k, v)| (k.to_string(), v.to_string()));
            assert_eq!(got, by_find(line), "{line:?}");
        }
    }
}
