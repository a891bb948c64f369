//! The per-node "script": the exact order of commands, text and variations a Kiseong
//! record had around each node, kept in `extras["kiseong:script"]` so that
//! Kiseong → model → Kiseong reproduces the record byte for byte (up to physical line
//! breaks). The script only arranges what the model holds elsewhere (the cues are in
//! `kiseong:cues`), so other formats may drop it without losing anything. The model's own fields stay the truth: the writer uses a script only while
//! it agrees with them.
//!
//! Items: `@<raw>` the node's move as written; `t<text>` commentary text; `v` the next variation
//! block; `b<raw>` / `w<raw>` / `g<raw>` black's name, white's name, the title (each
//! between `&[4w` and its closing control); `m<raw>` a placement that drew markup;
//! anything else is a raw command written as
//! is (`&[9w`, `&[7w`, `&[1;3;4;0@` …).

/// The extras key of the script (a layout hint: see `Extra::is_layout`).
pub const KEY: &str = "kiseong:layout";

/// The extras key of a node's Kiseong-only cues (sounds, pauses, chat clearing,
/// move-number display, start/end and BBS markers), raw commands in order.
pub const CUES: &str = "kiseong:cues";

/// Whether a raw control is a cue kept in [`CUES`] (codes 1–3, 7, 8, 10, 11, 13, 21,
/// 22; not line breaks, names, totals or the version).
pub fn is_cue(raw: &str) -> bool {
    let Some(inner) = raw.strip_prefix("&[").and_then(|r| r.strip_suffix('w')) else {
        return false;
    };
    let code = inner.split(';').next().unwrap_or("");
    matches!(
        code,
        "1" | "2" | "3" | "7" | "8" | "10" | "11" | "13" | "21" | "22"
    )
}

/// A script item, parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item<'a> {
    /// The node's move, as its command was written.
    Move(&'a str),
    /// Commentary text.
    Text(&'a str),
    /// The next variation block.
    Variation,
    /// A name or title: which control closes it, and the raw text.
    Name(u16, &'a str),
    /// A placement that drew a label, symbol, numbered stone or marker.
    Drawn(&'a str),
    /// A raw command.
    Raw(&'a str),
}

/// Reads an item.
pub fn parse(item: &str) -> Item<'_> {
    match item.split_at_checked(1) {
        Some(("@", rest)) => Item::Move(rest),
        Some(("v", "")) => Item::Variation,
        Some(("t", rest)) => Item::Text(rest),
        Some(("b", rest)) => Item::Name(5, rest),
        Some(("w", rest)) => Item::Name(6, rest),
        Some(("g", rest)) => Item::Name(12, rest),
        Some(("m", rest)) => Item::Drawn(rest),
        _ => Item::Raw(item),
    }
}

/// Writes an item.
pub fn text(item: Item<'_>) -> String {
    match item {
        Item::Move(raw) => format!("@{raw}"),
        Item::Variation => "v".into(),
        Item::Text(t) => format!("t{t}"),
        Item::Name(5, raw) => format!("b{raw}"),
        Item::Name(6, raw) => format!("w{raw}"),
        Item::Name(_, raw) => format!("g{raw}"),
        Item::Drawn(r) => format!("m{r}"),
        Item::Raw(r) => r.to_string(),
    }
}

/// A move as the canonical layout writes it (`&[2;r;c@` black, `&[3;r;c@` white;
/// row and column from 1), without a shown number.
pub fn plain_move(color: crate::model::Color, p: crate::model::Point) -> String {
    let (r, c) = (u16::from(p.y) + 1, u16::from(p.x) + 1);
    match color {
        crate::model::Color::Black => format!("&[2;{r};{c}@"),
        crate::model::Color::White => format!("&[3;{r};{c}@"),
    }
}

/// True when a node's script says no more than the canonical layout writes for it:
/// only its move, as `plain_move` writes it, on a node that holds nothing else. Such
/// a script is not kept (most moves of a record; memory per node, #32): the writer
/// writes the same bytes without it.
pub fn says_nothing_more(node: &crate::model::Node, items: &[String]) -> bool {
    let [only] = items else { return false };
    let Some(crate::model::Move::Stone(m)) = node.mv else {
        return false;
    };
    let Some(p) = m.point else { return false };
    node.is_bare() && matches!(parse(only), Item::Move(raw) if raw == plain_move(m.color, p))
}

/// The number of line breaks a raw `&[9w` / `&[9;n w` command makes, if it is one.
pub fn line_breaks(raw: &str) -> Option<usize> {
    let inner = raw.strip_prefix("&[9")?.strip_suffix('w')?;
    if inner.is_empty() {
        return Some(1);
    }
    inner.strip_prefix(';')?.parse().ok()
}

/// Splits a player's text into name and rank: "홍길동 4급" → ("홍길동", "4급").
pub fn split_rank(raw: &str) -> (String, Option<String>) {
    let trimmed = raw.trim();
    if let Some((name, rank)) = trimmed.rsplit_once(' ') {
        if is_rank(rank) && !name.trim().is_empty() {
            return (name.trim_end().to_string(), Some(rank.to_string()));
        }
    }
    (trimmed.to_string(), None)
}

/// Joins name and rank as the writer shows them.
pub fn join_rank(name: Option<&str>, rank: Option<&str>) -> String {
    match (name, rank) {
        (Some(n), Some(r)) => format!("{n} {r}"),
        (Some(n), None) => n.to_string(),
        (None, Some(r)) => r.to_string(),
        (None, None) => String::new(),
    }
}

/// Korean, Japanese and Western ranks: 4급, 3단, 초단, 9d, 2k, 9p, 아마5단, 프로9단.
fn is_rank(word: &str) -> bool {
    if word == "초단" {
        return true;
    }
    let word = word
        .strip_prefix("아마")
        .or_else(|| word.strip_prefix("프로"))
        .unwrap_or(word);
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    let rest: String = word.chars().skip(digits).collect();
    digits > 0
        && matches!(
            rest.as_str(),
            "급" | "단" | "級" | "段" | "k" | "d" | "p" | "K" | "D" | "P"
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_split_and_join() {
        assert_eq!(
            split_rank("홍길동 4급"),
            ("홍길동".into(), Some("4급".into()))
        );
        assert_eq!(split_rank("임꺽정"), ("임꺽정".into(), None));
        assert_eq!(
            split_rank("이창호 9단"),
            ("이창호".into(), Some("9단".into()))
        );
        assert_eq!(
            split_rank("Lee Sedol 9p"),
            ("Lee Sedol".into(), Some("9p".into()))
        );
        assert_eq!(split_rank("응창기배 결승"), ("응창기배 결승".into(), None));
        assert_eq!(join_rank(Some("홍길동"), Some("4급")), "홍길동 4급");
    }

    /// Moves written as the canonical layout writes them keep no script (no rest);
    /// one written otherwise (a leading zero), or with more around it, keeps its
    /// script; the record still writes back byte for byte.
    #[test]
    fn plain_moves_keep_no_script_and_still_write_back() {
        let text = "&[21w&[1w&[20;4w\r\n&[2;4;4@\r\n&[3;16;16@&[7w\r\n&[2;04;16@\r\n&[3;16;4@&[2w&[22w\r\n";
        let parsed = super::super::read(text);
        let game = &parsed.collection.games[0];
        let scripts: Vec<Option<usize>> = game
            .tree
            .main_line()
            .skip(1)
            .map(|(_, n)| n.extras.get(KEY).map(<[String]>::len))
            .collect();
        assert_eq!(scripts, [None, Some(2), Some(1), Some(3)]);
        let bare: Vec<bool> = game
            .tree
            .main_line()
            .skip(1)
            .map(|(_, n)| n.is_bare())
            .collect();
        assert_eq!(bare, [true, false, false, false]);
        let written =
            super::super::write(&parsed.collection, &crate::formats::WriteOptions::default())
                .expect("writes");
        assert_eq!(written.output, text);
    }

    #[test]
    fn line_break_commands() {
        assert_eq!(line_breaks("&[9w"), Some(1));
        assert_eq!(line_breaks("&[9;3w"), Some(3));
        assert_eq!(line_breaks("&[90w"), None);
        assert_eq!(line_breaks("&[7w"), None);
    }
}
