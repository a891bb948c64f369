//! KIF/KI2 headers: `key：value` lines mapped to typed fields (the rest kept in
//! order), and the board diagram (BOD) of a start position.

use super::notation::{board_piece, parse_count, parse_piece, RANK_KANJI};
use crate::model::{Color, GameInfo, Piece, PieceKind, ShogiPosition, Square};

/// The extras key holding the order of the header keys as read: a layout hint
/// (`Extra::is_layout`), since the keys and values are held elsewhere.
pub const ORDER_KEY: &str = "kif:layout";

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

/// The typed field a header key fills, if any.
fn typed_slot<'a>(info: &'a mut GameInfo, key: &str) -> Option<&'a mut Option<String>> {
    Some(match key {
        "開始日時" | "対局日" => &mut info.date,
        "表題" => &mut info.title,
        "棋戦" => &mut info.event,
        "場所" => &mut info.place,
        "持ち時間" => &mut info.time_control,
        "掲載" => &mut info.source,
        "戦型" => &mut info.opening,
        "記録係" => &mut info.recorder,
        "先手" | "下手" => &mut info.black.name,
        "後手" | "上手" => &mut info.white.name,
        _ => return None,
    })
}

/// Stores one header: in its typed field when it has one (and it is still empty),
/// else in `extras` as `kif:<key>`. The key's place is recorded for the writer.
pub fn apply_header(info: &mut GameInfo, key: &str, value: &str) {
    match typed_slot(info, key) {
        Some(slot) if slot.is_none() => *slot = Some(value.to_string()),
        _ => info
            .extras
            .push(format!("kif:{key}"), vec![value.to_string()]),
    }
    match info.extras.0.iter_mut().find(|e| e.key == ORDER_KEY) {
        Some(e) => e.values.push(key.to_string()),
        None => info.extras.push(ORDER_KEY, vec![key.to_string()]),
    }
}

/// The value of a typed header for the writer: `None` when the key has no typed
/// field, `Some(None)` when the field is empty.
pub fn typed_value<'a>(info: &'a GameInfo, key: &str) -> Option<Option<&'a str>> {
    let v = match key {
        "開始日時" | "対局日" => &info.date,
        "表題" => &info.title,
        "棋戦" => &info.event,
        "場所" => &info.place,
        "持ち時間" => &info.time_control,
        "掲載" => &info.source,
        "戦型" => &info.opening,
        "記録係" => &info.recorder,
        "先手" | "下手" => &info.black.name,
        "後手" | "上手" => &info.white.name,
        _ => return None,
    };
    Some(v.as_deref())
}

/// The typed header keys in the order the writer uses when no order was read
/// (the player keys are written separately).
pub const TYPED_KEYS: [&str; 8] = [
    "開始日時",
    "表題",
    "棋戦",
    "戦型",
    "持ち時間",
    "場所",
    "掲載",
    "記録係",
];

/// A start position being read from a board diagram.
#[derive(Debug, Clone)]
pub struct Bod {
    /// The position so far.
    pub position: ShogiPosition,
    /// Board rows read (0–9).
    pub rows: usize,
    /// True once any part of a diagram was seen.
    pub seen: bool,
    /// The side to move, when a 先手番/後手番 line gave it.
    pub side: Option<Color>,
    /// True when the diagram is drawn rotated (`盤面回転`, or a file header that
    /// starts at １): seen from 後手's side, 1九 in the top left corner.
    pub rotated: bool,
    /// The rows as written, top to bottom: the rank their label names (0 for 一),
    /// if any, and the cells left to right. Placed on the board by [`Bod::placed`]
    /// once the header is read, since `盤面回転` may follow the diagram.
    pub grid: Vec<(Option<usize>, [Option<Piece>; 9])>,
}

impl Default for Bod {
    fn default() -> Bod {
        Bod {
            position: ShogiPosition::empty(),
            rows: 0,
            seen: false,
            side: None,
            rotated: false,
            grid: Vec::new(),
        }
    }
}

impl Bod {
    /// The start position: the hands read, the rows placed on the board. Unrotated,
    /// the k-th row (or the row labelled with a rank) is that rank and its cells run
    /// from file ９ to １; rotated, the k-th row is rank ９ down to １ (a label still
    /// names its rank) and the cells run from file １ to ９. `v` marks 後手's pieces
    /// either way.
    pub fn placed(&self) -> ShogiPosition {
        let mut p = self.position.clone();
        for (k, (label, cells)) in self.grid.iter().enumerate() {
            let rank = match label {
                Some(r) => *r,
                None if self.rotated => 8usize.saturating_sub(k),
                None => k,
            };
            for (col, cell) in cells.iter().enumerate() {
                // The index counts files from ９ (0) to １ (8).
                let file_index = if self.rotated { 8 - col } else { col };
                if let Some(sq) = Square::from_index(rank * 9 + file_index) {
                    p.set(sq, *cell);
                }
            }
        }
        p
    }
}

/// Which side a hand header names: 先手/下手 → black, 後手/上手 → white.
pub fn hand_owner(key: &str) -> Option<Color> {
    match key {
        "先手の持駒" | "下手の持駒" => Some(Color::Black),
        "後手の持駒" | "上手の持駒" => Some(Color::White),
        _ => None,
    }
}

/// Reads a hand list (`飛二　角　歩十七`, with or without separators, or `なし`) into
/// the position. Returns the text of the first thing not understood.
pub fn read_hand(bod: &mut Bod, color: Color, value: &str) -> Result<(), String> {
    bod.seen = true;
    let value = value.trim();
    if value.is_empty() || value == "なし" {
        return Ok(());
    }
    let mut rest = value;
    while !rest.is_empty() {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '、' || c == ',');
        if rest.is_empty() {
            break;
        }
        let Some((kind, after)) = parse_piece(rest) else {
            return Err(rest.chars().take(4).collect());
        };
        if kind == PieceKind::King || kind.is_promoted() {
            return Err(rest.chars().take(2).collect());
        }
        let end = after
            .find(|c: char| parse_piece(&c.to_string()).is_some() || c.is_whitespace() || c == '、')
            .unwrap_or(after.len());
        let count = parse_count(&after[..end]).ok_or_else(|| after[..end].to_string())?;
        let hand = &mut bod.position.hands[color.index()];
        if let Some(slot) = hand.count_mut(kind) {
            *slot = u8::try_from(u32::from(*slot) + count).unwrap_or(u8::MAX);
        }
        rest = &after[end..];
    }
    Ok(())
}

/// Reads one board row `| ・ ・v歩 …|三`. Returns an error message when the row is
/// malformed.
pub fn read_board_row(bod: &mut Bod, line: &str) -> Result<(), String> {
    bod.seen = true;
    let inner = line.trim().strip_prefix('|').unwrap_or(line);
    let (cells, label) = match inner.rfind('|') {
        Some(i) => (&inner[..i], inner[i + 1..].trim()),
        None => (inner, ""),
    };
    let labelled = label
        .chars()
        .next()
        .and_then(|c| RANK_KANJI.iter().position(|&k| k == c));
    if labelled.is_none() && bod.rows >= 9 {
        return Err("more than nine board rows".into());
    }
    let mut row = [None; 9];
    let mut col = 0usize;
    let mut color = Color::Black;
    for c in cells.chars() {
        match c {
            ' ' | '　' => color = Color::Black,
            'v' | 'V' | '^' => color = Color::White,
            '・' | '.' => {
                col += 1;
                color = Color::Black;
            }
            other => {
                let kind = board_piece(other)
                    .ok_or_else(|| format!("unknown piece {other:?} on the board"))?;
                let cell = row
                    .get_mut(col)
                    .ok_or("a board row holds more than nine squares")?;
                *cell = Some(Piece { color, kind });
                col += 1;
                color = Color::Black;
            }
        }
    }
    if col != 9 {
        return Err(format!("a board row holds {col} squares, not 9"));
    }
    bod.grid.push((labelled, row));
    bod.rows += 1;
    Ok(())
}

/// True when the hand list `raw` reads as exactly `color`'s hand in `p`.
pub fn same_hand(raw: &str, p: &ShogiPosition, color: Color) -> bool {
    let mut bod = Bod::default();
    read_hand(&mut bod, color, raw).is_ok()
        && bod.position.hands[color.index()] == p.hands[color.index()]
}

/// The header as key/value pairs (for JKF): in the order read when known, then the
/// typed fields not yet given, then the other kept keys. Diagram lines, hands and
/// file comments are left out.
pub fn header_pairs(info: &GameInfo) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut nth: Vec<(String, usize)> = Vec::new();
    let order: &[String] = info.extras.get(ORDER_KEY).unwrap_or(&[]);
    let skip = |k: &str| {
        k.starts_with('#')
            || hand_owner(k).is_some()
            || matches!(k, "先手番" | "後手番" | "下手番" | "上手番" | "盤面回転")
    };
    for key in order {
        if skip(key) {
            continue;
        }
        let n = match nth.iter_mut().find(|(k, _)| k == key) {
            Some((_, n)) => {
                *n += 1;
                *n - 1
            }
            None => {
                nth.push((key.clone(), 1));
                0
            }
        };
        let typed = typed_value(info, key);
        let value = match typed {
            Some(v) if n == 0 => v.map(str::to_string),
            _ => {
                let skip_typed = usize::from(typed.is_some());
                info.extras
                    .0
                    .iter()
                    .filter(|e| e.key.strip_prefix("kif:") == Some(key.as_str()))
                    .nth(n - skip_typed.min(n))
                    .and_then(|e| e.values.first().cloned())
            }
        };
        if let Some(v) = value {
            seen.push(key.clone());
            out.push((key.clone(), v));
        }
    }
    for key in TYPED_KEYS.iter().chain(["先手", "後手"].iter()) {
        let filled = seen.iter().any(|s| {
            s == key
                || (*key == "先手" && s == "下手")
                || (*key == "後手" && s == "上手")
                || (*key == "開始日時" && s == "対局日")
        });
        if !filled {
            if let Some(Some(v)) = typed_value(info, key) {
                out.push(((*key).to_string(), v.to_string()));
            }
        }
    }
    if order.is_empty() {
        for e in info.extras.of_format("kif") {
            let key = e.key.trim_start_matches("kif:");
            if e.key == ORDER_KEY || skip(key) || matches!(key, "separator" | "no-promote") {
                continue;
            }
            if let Some(v) = e.values.first() {
                out.push((key.to_string(), v.clone()));
            }
        }
    }
    out
}
