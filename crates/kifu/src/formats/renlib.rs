//! RenLib opening libraries (`.lib`): a 20-byte header (`FF "RenLib" FF`, major and
//! minor version, twelve `FF`), then the tree in pre-order, one two-byte record per
//! node (a point byte and a flag byte, two extension bytes when flag `0x01` is set),
//! each followed by its texts (NUL-terminated, padded to an even length). Read into one
//! gomoku game whose tree holds the library's variations. See `docs/formats/renlib.md`
//! for every decision, checked against RenLib's own reader (`CRenLibDoc::AddLibrary`).

use super::{Capabilities, Format, Parsed, Reader};
use crate::diag::{codes, Diagnostic, Span};
use crate::model::{
    Collection, Color, Game, GameKind, GomokuRule, Label, Move, Node, NodeId, Point, Shape,
    StoneMove, Symbol,
};
use crate::text::{decode_strict, TextEncoding};

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "renlib",
    description:
        "RenLib opening libraries (.lib): a binary tree of moves with comments and board texts",
    extensions: &["lib"],
    kinds: &["gomoku"],
    capabilities: Capabilities {
        variations: true,
        comments: true,
        setup: false,
        time: false,
        markup: true,
        collections: false,
        variation_info: false,
    },
    sniff,
    reader: Reader::Binary(read),
    ..Format::BASE
};

/// The first eight bytes of every library RenLib 3 writes.
pub const MAGIC: [u8; 8] = [0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF];
/// The header's length: magic, major, minor, twelve `FF`.
pub const HEADER_LEN: usize = 20;
/// The newest version RenLib reads (3.4); newer ones are read with a warning.
const NEWEST: (u8, u8) = (3, 4);
/// The point byte of the centre (h8): what headerless libraries start with.
const CENTRE: u8 = 0x78;

/// Flag bits of the record's second byte, as RenLib names them.
const DOWN: u8 = 0x80; // a sibling follows this node's subtree
const RIGHT: u8 = 0x40; // this node has no child: return to the last branch point
const OLD_COMMENT: u8 = 0x20;
const MARK: u8 = 0x10;
const COMMENT: u8 = 0x08;
const START: u8 = 0x04;
const NO_MOVE: u8 = 0x02;
const EXTENSION: u8 = 0x01;
/// The board-text bit of the second extension byte.
const BOARD_TEXT: u8 = 0x01;

/// Claims bytes that start with RenLib's magic.
fn sniff(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC)
}

/// A text of a record: its bytes' range in the file.
#[derive(Debug, Clone)]
struct TextRef {
    range: std::ops::Range<usize>,
    /// RenLib 2's comment: 7-bit (Swedish ISO 646), the last byte's high bit set.
    old: bool,
}

/// One record of the node stream: two bytes, as in the file (a library has one per
/// two bytes or more). Where it starts follows from the records before it: each is
/// two bytes, four with the extension bit, and a record with texts ends where
/// [`Texts`] says.
#[derive(Debug, Clone, Copy)]
struct Record {
    pos: u8,
    flags: u8,
}

impl Record {
    /// Its length in the file when it has no text.
    fn bare_len(self) -> usize {
        if self.flags & EXTENSION != 0 {
            4
        } else {
            2
        }
    }
}

/// The texts of the records that have any, in record order: (record index, comment,
/// board text, the end of the record in the file).
type Texts<T> = Vec<(usize, Option<T>, Option<T>, usize)>;

/// The reader's diagnostics, collapsed per code as they are made (a broken library
/// can give one per two-byte record).
#[derive(Default)]
struct Diags {
    out: Vec<Diagnostic>,
    collapser: crate::diag::Collapser,
}

impl Diags {
    fn push(&mut self, d: Diagnostic) {
        self.collapser.push(&mut self.out, d);
    }
}

/// Reads a library.
pub fn read(bytes: &[u8]) -> Parsed {
    let mut game = Game::new(GameKind::gomoku(GomokuRule::Gomoku));
    let mut diags = Diags::default();
    let start = if bytes.starts_with(&MAGIC) {
        let (Some(&major), Some(&minor)) = (bytes.get(8), bytes.get(9)) else {
            diags.push(
                Diagnostic::new(
                    codes::RENLIB_TRUNCATED,
                    format!(
                        "the header is cut short: {} byte(s) of the {HEADER_LEN} RenLib writes",
                        bytes.len()
                    ),
                    Span::new(0, bytes.len()),
                )
                .with_byte_offset(bytes.len()),
            );
            return parsed(game, diags.out, vec![Span::new(0, bytes.len())]);
        };
        game.info
            .extras
            .push("renlib:version", vec![format!("{major}.{minor}")]);
        if (major, minor) > NEWEST {
            diags.push(
                Diagnostic::new(
                    codes::RENLIB_NEWER_VERSION,
                    format!(
                        "version {major}.{minor}: RenLib reads up to {}.{}; read as {}.{}",
                        NEWEST.0, NEWEST.1, NEWEST.0, NEWEST.1
                    ),
                    Span::new(8, 10),
                )
                .with_byte_offset(8),
            );
        }
        if bytes.len() < HEADER_LEN {
            diags.push(
                Diagnostic::new(
                    codes::RENLIB_TRUNCATED,
                    format!(
                        "the header is cut short: {} byte(s) of the {HEADER_LEN} RenLib writes",
                        bytes.len()
                    ),
                    Span::new(0, bytes.len()),
                )
                .with_byte_offset(bytes.len()),
            );
            return parsed(game, diags.out, vec![Span::new(0, bytes.len())]);
        }
        HEADER_LEN
    } else if bytes.first() == Some(&CENTRE) {
        diags.push(Diagnostic::new(
            codes::RENLIB_NO_HEADER,
            "no RenLib header: read as a headerless library of RenLib's first versions, which starts with the centre move",
            Span::new(0, 1),
        ).with_byte_offset(0));
        0
    } else {
        diags.push(
            Diagnostic::new(
                codes::RENLIB_BAD_HEADER,
                format!(
                    "not a RenLib library: it starts with {} instead of FF 52 65 6E 4C 69 62 FF (\\xFFRenLib\\xFF)",
                    hex(bytes.get(..bytes.len().min(8)).unwrap_or(&[]))
                ),
                Span::new(0, bytes.len().min(8)),
            )
            .with_byte_offset(0),
        );
        return parsed(game, diags.out, vec![Span::at(0)]);
    };
    let (records, texts) = scan(bytes, start, &mut diags);
    let texts = decode_texts(bytes, &texts, &mut diags);
    let spans = build(&mut game, &records, texts, &mut diags, start);
    // Problems in file order: the scan and the tree walk each found some.
    let mut diags = diags.out;
    crate::diag::finish_summaries(&mut diags);
    diags.sort_by_key(|d| d.span.start);
    parsed(game, diags, spans)
}

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn parsed(game: Game, diagnostics: Vec<Diagnostic>, spans: Vec<Span>) -> Parsed {
    Parsed {
        collection: Collection { games: vec![game] },
        diagnostics,
        node_spans: vec![spans],
        part_places: Vec::new(),
    }
}

/// Splits the node stream into records; stops at the first record it cannot read whole.
fn scan(bytes: &[u8], start: usize, diags: &mut Diags) -> (Vec<Record>, Texts<TextRef>) {
    let mut records = Vec::new();
    let mut texts = Vec::new();
    let mut i = start;
    let truncated = |what: &str, at: usize, diags: &mut Diags| {
        diags.push(
            Diagnostic::new(
                codes::RENLIB_TRUNCATED,
                format!("the file ends inside {what} (byte {at})"),
                Span::new(at, bytes.len()),
            )
            .with_byte_offset(at),
        );
    };
    while i < bytes.len() {
        let (Some(&pos), Some(&flags)) = (bytes.get(i), bytes.get(i + 1)) else {
            truncated("a record: a record is two bytes", i, diags);
            break;
        };
        i += 2;
        let mut ext = 0u8;
        if flags & EXTENSION != 0 {
            let (Some(&e2), Some(&e1)) = (bytes.get(i), bytes.get(i + 1)) else {
                truncated("the record's two extension bytes", i, diags);
                break;
            };
            if e2 != 0 || e1 & !BOARD_TEXT != 0 {
                diags.push(
                    Diagnostic::new(
                        codes::RENLIB_UNKNOWN_FLAGS,
                        format!(
                            "extension bytes {e2:02X} {e1:02X}: RenLib defines only the board-text bit (00 01); the others are ignored"
                        ),
                        Span::new(i, i + 2),
                    )
                    .with_byte_offset(i),
                );
            }
            ext = e1;
            i += 2;
        }
        let record = Record { pos, flags };
        let (mut comment, mut board_text) = (None, None);
        if flags & OLD_COMMENT != 0 {
            match old_text(bytes, i) {
                Some(end) => {
                    comment = Some(TextRef {
                        range: i..end.0,
                        old: true,
                    });
                    i = end.1;
                }
                None => {
                    truncated(
                        "an old-style comment (no byte with its high bit set ends it)",
                        i,
                        diags,
                    );
                    break;
                }
            }
        } else if flags & COMMENT != 0 {
            match new_text(bytes, i) {
                Some(end) => {
                    comment = Some(TextRef {
                        range: i..end.0,
                        old: false,
                    });
                    i = end.1;
                }
                None => {
                    truncated("a comment (no NUL ends it)", i, diags);
                    break;
                }
            }
        }
        if ext & BOARD_TEXT != 0 {
            match new_text(bytes, i) {
                Some(end) => {
                    board_text = Some(TextRef {
                        range: i..end.0,
                        old: false,
                    });
                    i = end.1;
                }
                None => {
                    truncated("a board text (no NUL ends it)", i, diags);
                    break;
                }
            }
        }
        if comment.is_some() || board_text.is_some() {
            texts.push((records.len(), comment, board_text, i));
        }
        records.push(record);
    }
    (records, texts)
}

/// A NUL-terminated text read by pairs from `at`: (end of the text, end of its pair).
fn new_text(bytes: &[u8], at: usize) -> Option<(usize, usize)> {
    let mut i = at;
    loop {
        let a = *bytes.get(i)?;
        if a == 0 {
            return Some((i, i + 2).filter_pair(bytes.len()));
        }
        let b = *bytes.get(i + 1)?;
        if b == 0 {
            return Some((i + 1, i + 2));
        }
        i += 2;
    }
}

/// An old-style text read by pairs from `at`, ended by the byte whose high bit is set
/// (that byte included): (end of the text, end of its pair).
fn old_text(bytes: &[u8], at: usize) -> Option<(usize, usize)> {
    let mut i = at;
    loop {
        let a = *bytes.get(i)?;
        if a & 0x80 != 0 {
            return Some((i + 1, i + 2).filter_pair(bytes.len()));
        }
        let b = *bytes.get(i + 1)?;
        if b & 0x80 != 0 {
            return Some((i + 2, i + 2));
        }
        i += 2;
    }
}

/// The end of a pair whose first byte ended a text: RenLib reads pairs, so the pad byte
/// is consumed; a file that ends right after the terminator (no pad byte) is read too.
trait FilterPair {
    fn filter_pair(self, len: usize) -> Self;
}

impl FilterPair for (usize, usize) {
    fn filter_pair(self, len: usize) -> Self {
        (self.0, self.1.min(len))
    }
}

/// The texts decoded, by record: (comment, board text). All the new-style texts of a
/// library are decoded with one encoding: UTF-8 when every one is UTF-8, else a guess
/// (chardetng over all of them), reported once.
fn decode_texts(bytes: &[u8], texts: &Texts<TextRef>, diags: &mut Diags) -> Texts<String> {
    let slice = |t: &TextRef| bytes.get(t.range.clone()).unwrap_or(&[]);
    let new_texts = texts
        .iter()
        .flat_map(|(_, c, b, _)| [c.as_ref(), b.as_ref()])
        .flatten()
        .filter(|t| !t.old);
    let mut first_bad = None;
    let mut joined = Vec::new();
    for t in new_texts {
        let b = slice(t);
        if first_bad.is_none() && std::str::from_utf8(b).is_err() {
            first_bad = Some(t.range.clone());
        }
        joined.extend_from_slice(b);
        joined.push(b'\n');
    }
    let encoding = match &first_bad {
        None => TextEncoding::UTF_8,
        Some(range) => {
            let mut det = chardetng::EncodingDetector::new();
            det.feed(&joined, true);
            let enc = det.guess(None, false);
            let enc = TextEncoding::for_label(enc.name()).unwrap_or(TextEncoding::UTF_8);
            diags.push(
                Diagnostic::new(
                    codes::RENLIB_GUESSED_ENCODING,
                    format!(
                        "the library's texts are not UTF-8 (the first such text starts at byte {}): read as {}, a guess from their bytes",
                        range.start,
                        enc.name()
                    ),
                    Span::new(range.start, range.end),
                )
                .with_byte_offset(range.start),
            );
            enc
        }
    };
    let mut decode = |t: &TextRef| -> String {
        let b = slice(t);
        if t.old {
            return b.iter().map(|&c| swedish(c & 0x7F)).collect();
        }
        let d = decode_strict(b, t.range.start, encoding);
        for m in &d.malformed {
            diags.push(
                Diagnostic::new(
                    codes::RENLIB_MALFORMED_TEXT,
                    format!(
                        "bytes {}..{} are not valid {}",
                        m.bytes.start,
                        m.bytes.end,
                        encoding.name()
                    ),
                    Span::new(m.bytes.start, m.bytes.end),
                )
                .with_byte_offset(m.bytes.start),
            );
        }
        d.text
    };
    texts
        .iter()
        .map(|(i, c, b, end)| {
            (
                *i,
                c.as_ref().map(&mut decode),
                b.as_ref().map(&mut decode),
                *end,
            )
        })
        .collect()
}

/// RenLib 2's 7-bit comment characters: Swedish ISO 646 (`{` is ä, `}` å, `|` ö …).
fn swedish(c: u8) -> char {
    match c {
        b'}' => 'å',
        b'{' => 'ä',
        b'|' => 'ö',
        b']' => 'Å',
        b'[' => 'Ä',
        b'\\' => 'Ö',
        c => char::from(c),
    }
}

/// Builds the tree from the records with an explicit stack (RenLib's own walk): a
/// record is a child of the current node; `DOWN` (a sibling follows) remembers the
/// node's parent; `RIGHT` (no child) returns to the parent last remembered.
fn build(
    game: &mut Game,
    records: &[Record],
    texts: Texts<String>,
    diags: &mut Diags,
    start: usize,
) -> Vec<Span> {
    let mut texts = texts.into_iter().peekable();
    let mut spans = vec![Span::new(0, start.clamp(1, HEADER_LEN))];
    // Moves on the path to each node, by node id (the root has none).
    let mut moves_to = vec![0u32];
    let mut stack: Vec<NodeId> = Vec::new();
    let mut current = NodeId::ROOT;
    let mut ended_at: Option<usize> = None;
    // A return to a branch point (flag 40 with a branch remembered) promises that the
    // next record is the sibling flag 80 announced.
    let mut sibling_due = false;
    // Where the next record starts, and where the last one read started.
    let mut next = start;
    let mut last = None;
    for (i, &rec) in records.iter().enumerate() {
        let offset = next;
        last = Some(offset);
        let (comment, board_text) = match texts.next_if(|t| t.0 == i) {
            Some((_, c, b, end)) => {
                next = end;
                (c, b)
            }
            None => {
                next = offset + rec.bare_len();
                (None, None)
            }
        };
        let span = Span::new(offset, offset + 2);
        sibling_due = false;
        if let Some(end) = ended_at.take() {
            diags.push(
                Diagnostic::new(
                    codes::RENLIB_AFTER_LAST_LEAF,
                    format!(
                        "the record at byte {end} closed the last open branch, yet more records follow: they continue from that node, as RenLib reads them"
                    ),
                    span,
                )
                .with_byte_offset(offset),
            );
        }
        let is_root = i == 0 && rec.pos == 0 && start > 0;
        let point = if rec.pos == 0 {
            None
        } else {
            let (x, y) = (rec.pos & 0x0F, rec.pos >> 4);
            if x == 0 || y > 14 {
                diags.push(
                    Diagnostic::new(
                        codes::RENLIB_OFF_BOARD,
                        format!(
                            "the record's point byte {:02X} names no point of the 15x15 board (column {x}, row {}): RenLib stops reading here",
                            rec.pos,
                            u32::from(y) + 1
                        ),
                        Span::new(offset, offset + 1),
                    )
                    .with_byte_offset(offset),
                );
                break;
            }
            // Column 1–15 in the low four bits, row 1–15 (top first) in the high four.
            Some(Point::new(x - 1, y))
        };
        let no_move = rec.flags & NO_MOVE != 0;
        let (one_line, multi_line) = match comment {
            Some(c) => split_comment(&c),
            None => (None, None),
        };
        let mut node = Node::default();
        let parent_moves = moves_to.get(current.0 as usize).copied().unwrap_or(0);
        if !no_move {
            let color = if parent_moves % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            node.mv = Some(Move::Stone(StoneMove { color, point }));
        }
        if one_line.is_some() || multi_line.is_some() {
            node.name = one_line.map(Into::into);
            node.comment = multi_line;
        }
        if let Some(text) = board_text.as_ref().filter(|t| !t.is_empty()) {
            match point {
                Some(p) => node.markup.labels.push(Label {
                    point: p,
                    text: text.clone(),
                }),
                None => node.extras.push("renlib:board-text", vec![text.clone()]),
            }
        }
        if let (true, Some(p)) = (no_move && node.markup.labels.is_empty(), point) {
            // A point of the position marked without a text.
            node.markup.symbols.push(Symbol {
                point: p,
                shape: Shape::Cross,
            });
        }
        if rec.flags & MARK != 0 {
            node.extras.push("renlib:mark", Vec::new());
        }
        if rec.flags & START != 0 {
            node.extras.push("renlib:start", Vec::new());
        }
        let leaf = rec.flags & RIGHT != 0;
        let id = if is_root {
            let root = game.tree.root_node_mut();
            root.name = node.name.take();
            root.comment = node.comment.take();
            root.extras = std::mem::take(&mut node.extras);
            if let Some(slot) = spans.first_mut() {
                *slot = span;
            }
            if rec.flags & DOWN != 0 {
                diags.push(
                    Diagnostic::new(
                        codes::RENLIB_BAD_STRUCTURE,
                        "the root record says a sibling follows (flag 80): the root has none; ignored",
                        span,
                    )
                    .with_byte_offset(offset),
                );
            }
            None
        } else if no_move
            && leaf
            && node.name.is_none()
            && node.comment.is_none()
            && point.is_some()
        {
            // A mark or board text on a point of the position, not a move: drawn on
            // the node it hangs from.
            if let Some(parent) = game.tree.get_mut(current) {
                parent.markup.symbols.append(&mut node.markup.symbols);
                parent.markup.labels.append(&mut node.markup.labels);
                if !node.extras.is_empty() {
                    parent.extras.0.append(&mut node.extras.0);
                }
            }
            None
        } else {
            let existing = game.tree.get(current).and_then(|c| {
                c.children().iter().copied().find(|&k| {
                    node.mv.is_some() && game.tree.get(k).is_some_and(|n| n.mv == node.mv)
                })
            });
            match existing {
                Some(k) => {
                    diags.push(
                        Diagnostic::new(
                            codes::RENLIB_DUPLICATE_MOVE,
                            "this move is already a variation of the same position: its data is merged into the first, as RenLib does",
                            span,
                        )
                        .with_byte_offset(offset)
                        .with_move(parent_moves + 1),
                    );
                    if let Some(n) = game.tree.get_mut(k) {
                        if n.name.is_none() {
                            n.name = node.name.take();
                        }
                        if n.comment.is_none() {
                            n.comment = node.comment.take();
                        }
                        n.markup.labels.append(&mut node.markup.labels);
                        if !node.extras.is_empty() {
                            n.extras.0.append(&mut node.extras.0);
                        }
                    }
                    Some(k)
                }
                None => {
                    let k = game.tree.add_child(current, node);
                    spans.push(span);
                    moves_to.push(parent_moves + u32::from(!no_move));
                    Some(k)
                }
            }
        };
        if rec.flags & DOWN != 0 && !is_root {
            stack.push(current);
        }
        if leaf {
            match stack.pop() {
                Some(back) => {
                    current = back;
                    sibling_due = true;
                }
                None => {
                    ended_at = Some(offset);
                    if let Some(k) = id {
                        current = k;
                    }
                }
            }
        } else if let Some(k) = id {
            current = k;
        }
    }
    let missing = stack.len() + usize::from(sibling_due);
    if missing > 0 {
        diags.push(
            Diagnostic::new(
                codes::RENLIB_MISSING_SIBLING,
                format!(
                    "the file ends with {missing} promised sibling(s) (flag 80) never written: it may be cut short"
                ),
                Span::at(last.unwrap_or(start)),
            )
            .with_byte_offset(last.unwrap_or(start)),
        );
    }
    spans
}

/// RenLib's comment: a one-line comment, then (after a backspace, 0x08) a multi-line
/// one; Windows line ends become `\n`.
fn split_comment(text: &str) -> (Option<String>, Option<String>) {
    let clean = |s: &str| {
        let s = s.replace("\r\n", "\n");
        (!s.is_empty()).then_some(s)
    };
    match text.split_once('\u{8}') {
        Some((one, multi)) => (clean(one), clean(multi)),
        None => (clean(text), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_the_magic_only() {
        assert!(sniff(&[
            0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, 4
        ]));
        assert!(!sniff(b"RenLib"));
        assert!(!sniff(&[0x78, 0x40]));
        assert!(!sniff(b""));
    }

    #[test]
    fn texts_end_at_nul_by_pairs() {
        assert_eq!(new_text(b"ab\0\0xy", 0), Some((2, 4)));
        assert_eq!(new_text(b"abc\0xy", 0), Some((3, 4)));
        assert_eq!(new_text(b"abc", 0), None);
        assert_eq!(old_text(&[b'a', b'b' | 0x80, 9], 0), Some((2, 2)));
    }
}
