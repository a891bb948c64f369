//! Kakinoki's board diagram (BOD) of a shogi position: the hands (`後手の持駒：…`),
//! the nine rows `| ・ ・v歩 …|三` under their file header, read into a position and
//! written from one. KIF and KI2 headers hold it; the shogi pictures print it.

use std::fmt::Write as _;

use super::notation::{board_piece, count_text, parse_count, parse_piece, RANK_KANJI};
use crate::model::{Color, Piece, PieceKind, ShogiPosition, Square};

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

/// A hand list: `飛二　角　歩十七　`, or `なし`.
pub fn hand_text(p: &ShogiPosition, color: Color) -> String {
    let hand = &p.hands[color.index()];
    if hand.is_empty() {
        return "なし".into();
    }
    let mut s = String::new();
    for kind in PieceKind::HAND {
        let n = hand.count(kind);
        if n > 0 {
            s.push(kind.kanji());
            s.push_str(&count_text(n));
            s.push('　');
        }
    }
    s
}

/// The board of a diagram. `rotated` draws it from 後手's side (as `盤面回転` asks):
/// files １ to ９ left to right, ranks 九 down to 一; `v` still marks 後手's pieces.
pub fn write_board(out: &mut String, p: &ShogiPosition, rotated: bool) {
    out.push_str(if rotated {
        "  １ ２ ３ ４ ５ ６ ７ ８ ９\n+---------------------------+\n"
    } else {
        "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n"
    });
    let squares = p.squares();
    for k in 0..9 {
        let r = if rotated { 8 - k } else { k };
        out.push('|');
        for c in 0..9 {
            let file_index = if rotated { 8 - c } else { c };
            match squares.get(r * 9 + file_index).copied().flatten() {
                None => out.push_str(" ・"),
                Some(pc) => {
                    out.push(if pc.color == Color::White { 'v' } else { ' ' });
                    out.push(pc.kind.kanji());
                }
            }
        }
        out.push('|');
        out.push(super::notation::RANK_KANJI[r]);
        out.push('\n');
    }
    out.push_str("+---------------------------+\n");
}

/// A position as Kakinoki's board diagram (BOD): white's hand, the board with its
/// file header and rank column, black's hand.
pub fn bod(p: &ShogiPosition) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "後手の持駒：{}", hand_text(p, Color::White));
    write_board(&mut out, p, false);
    let _ = writeln!(out, "先手の持駒：{}", hand_text(p, Color::Black));
    out
}
