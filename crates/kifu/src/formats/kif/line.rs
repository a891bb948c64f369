//! One KIF move line: `  12 同　歩(23)   ( 0:01/00:00:10)+`.

use crate::diag::codes;
use crate::formats::shogi::notation::{
    parse_piece, parse_special, parse_square, PIECE_CHARS, RANK_KANJI,
};
use crate::model::{EndingKind, PieceKind, Square};

/// Where a move goes: a square, or `同` (the previous move's destination).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dest {
    /// A square.
    Square(Square),
    /// 同: the square of the previous move.
    Same,
}

/// What the move column says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Body {
    /// A move of a piece or a drop.
    Move {
        /// Destination.
        dest: Dest,
        /// The piece named (as it stands before the move).
        piece: PieceKind,
        /// 成.
        promote: bool,
        /// 不成 written out.
        no_promote: bool,
        /// 打.
        drop: bool,
        /// The origin `(xy)`.
        from: Option<Square>,
    },
    /// A special move (投了, 中断 …).
    Special(EndingKind),
}

/// A parsed move line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveLine {
    /// The move number written.
    pub number: u32,
    /// The move column.
    pub body: Body,
    /// Byte range of the move column within the line.
    pub body_range: (usize, usize),
    /// Time used and total, in milliseconds.
    pub time: Option<(u64, u64)>,
    /// A `+` marker: the move has alternatives below.
    pub plus: bool,
    /// Byte range within the line of a time column that could not be read (from
    /// its `(` to its `)`, or to the line's end when it has none): the move is
    /// kept, and the column as written.
    pub bad_time: Option<(usize, usize)>,
}

/// Why a line that starts like a move line could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// Byte range within the line.
    pub range: (usize, usize),
    /// What is wrong.
    pub message: String,
    /// Stable code.
    pub code: &'static codes::Code,
}

fn err(range: (usize, usize), code: &'static codes::Code, message: impl Into<String>) -> LineError {
    LineError {
        range,
        message: message.into(),
        code,
    }
}

/// True when a line starts like a move line (optional spaces, then a number).
pub fn looks_like_move(line: &str) -> bool {
    let t = &line[lead_space(line)..];
    let digits = ascii_digits(t);
    digits > 0 && t[digits..].starts_with(char::is_whitespace)
}

/// The length in bytes of the leading whitespace of `s` (as `trim_start` counts it),
/// scanning ASCII bytes directly: move lines are mostly ASCII up to the move.
pub(super) fn lead_space(s: &str) -> usize {
    let b = s.as_bytes();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if c >= 0x80 {
            // A non-ASCII character. Only those whose UTF-8 starts with C2, E1, E2
            // or E3 can be whitespace (U+0085, U+00A0, U+1680, U+2000–U+3000);
            // kanji, kana and full-width forms start otherwise.
            if !matches!(c, 0xC2 | 0xE1 | 0xE2 | 0xE3) {
                break;
            }
            return s.len() - s.get(i..).map_or("", str::trim_start).len();
        }
        if !(c as char).is_whitespace() {
            break;
        }
        i += 1;
    }
    i
}

/// `s` without its leading ASCII and full-width spaces (after 同).
pub(super) fn skip_spaces(s: &str) -> &str {
    let mut rest = s;
    loop {
        if let Some(r) = rest.strip_prefix(' ') {
            rest = r;
        } else if let Some(r) = rest.strip_prefix('　') {
            rest = r;
        } else {
            return rest;
        }
    }
}

/// The number of leading ASCII digits of `s`.
fn ascii_digits(s: &str) -> usize {
    s.bytes().take_while(u8::is_ascii_digit).count()
}

/// True when `b` starts a character that may be whitespace: an ASCII space or
/// control, or a non-ASCII lead byte of one (see [`lead_space`]).
fn may_be_space(b: Option<&u8>) -> bool {
    b.is_some_and(|&c| {
        (c as char).is_ascii_whitespace() || matches!(c, 0x0B | 0xC2 | 0xE1 | 0xE2 | 0xE3)
    })
}

/// The number of ASCII spaces (0x20 only) from `i` on.
fn spaces_from(b: &[u8], i: usize) -> usize {
    let mut j = i;
    while b.get(j) == Some(&b' ') {
        j += 1;
    }
    j - i
}

/// [`parse_move_line`] for the shape nearly every line has — ASCII spaces, a
/// number of up to nine digits, spaces, the move, spaces, an optional time in
/// parentheses, spaces and an optional `+` — read byte by byte. `None` for any
/// other line (or a line with an error), which the general reader then reads:
/// whatever this returns, that reader returns too.
pub(super) fn parse_move_line_fast(line: &str) -> Option<MoveLine> {
    let b = line.as_bytes();
    let start = spaces_from(b, 0);
    let digits = ascii_digits(line.get(start..)?);
    if digits == 0 || digits > 9 || b.get(start + digits) != Some(&b' ') {
        return None;
    }
    let mut number: u32 = 0;
    for &c in b.get(start..start + digits)? {
        number = number * 10 + u32::from(c - b'0');
    }
    let body_start = start + digits + spaces_from(b, start + digits);
    let (body, used) = read_body(line, body_start)?;
    let body_end = body_start + used;
    let mut at = body_end + spaces_from(b, body_end);
    let mut time = None;
    // The usual width first: `( m:ss/hh:mm:ss)`, whose `)` is the first one.
    let fixed = b
        .get(at + 1..at + 15)
        .filter(|_| b.get(at) == Some(&b'(') && b.get(at + 15) == Some(&b')'))
        .and_then(parse_time_fixed);
    if let Some(t) = fixed {
        time = Some(t);
        at += 16;
        at += spaces_from(b, at);
    } else if b.get(at) == Some(&b'(') {
        let inner = b.get(at + 1..)?;
        let close = inner.iter().position(|&c| c == b')')?;
        time = Some(parse_time(line.get(at + 1..at + 1 + close)?)?);
        at += close + 2;
        at += spaces_from(b, at);
    } else if may_be_space(b.get(at)) {
        return None;
    }
    let plus = b.get(at) == Some(&b'+');
    if plus {
        at += 1;
        at += spaces_from(b, at);
    }
    if at != b.len() {
        return None;
    }
    Some(MoveLine {
        number,
        body,
        body_range: (body_start, body_end),
        time,
        plus,
        bad_time: None,
    })
}

/// The move column at byte `from` of `s` (after the number's ASCII spaces), as the
/// fast readers take it: the usual shape by [`parse_body_fast`], anything else by
/// [`parse_body`] (a special move, 不成 …); `None` when it starts with what may be
/// whitespace, or cannot be read (the general reader then reports it). The column
/// never runs past the line's end.
#[inline(always)]
fn read_body(s: &str, from: usize) -> Option<(Body, usize)> {
    if let Some(read) = parse_body_fast(s, from) {
        return Some(read);
    }
    if may_be_space(s.as_bytes().get(from)) {
        return None;
    }
    parse_body(s.get(from..)?).ok()
}

/// [`parse_move_line_fast`] of the line at byte `from` of `text`, without finding
/// the line's end first: the line must end (`\n`, `\r\n` or the end of `text`) right after the
/// time or `+` and their spaces. Takes the move columns [`read_body`] reads and only
/// the usual width of time (anything else is `None`, and the line is then read on
/// its own). Returns the move line and the bytes it takes, its end included.
pub(super) fn parse_move_line_at(text: &str, from: usize) -> Option<(MoveLine, usize)> {
    let b = text.as_bytes().get(from..)?;
    let start = spaces_from(b, 0);
    let mut number: u32 = 0;
    let mut at = start;
    while let Some(&c) = b.get(at).filter(|c| c.is_ascii_digit()) {
        if at - start == 9 {
            return None;
        }
        number = number * 10 + u32::from(c - b'0');
        at += 1;
    }
    if at == start || b.get(at) != Some(&b' ') {
        return None;
    }
    let body_start = at + spaces_from(b, at);
    let body = read_body(text, from + body_start)?;
    let body_end = body_start + body.1;
    let body = body.0;
    at = body_end + spaces_from(b, body_end);
    let mut time = None;
    if b.get(at) == Some(&b'(') {
        if b.get(at + 15) != Some(&b')') {
            return None;
        }
        time = Some(parse_time_fixed(b.get(at + 1..at + 15)?)?);
        at += 16;
        at += spaces_from(b, at);
    }
    let plus = b.get(at) == Some(&b'+');
    if plus {
        at += 1;
        at += spaces_from(b, at);
    }
    let end = match b.get(at..)? {
        [] => at,
        [b'\n', ..] => at + 1,
        [b'\r', b'\n', ..] => at + 2,
        _ => return None,
    };
    let line = MoveLine {
        number,
        body,
        body_range: (body_start, body_end),
        time,
        plus,
        bad_time: None,
    };
    Some((line, end))
}

/// Reads a move line.
pub fn parse_move_line(line: &str) -> Result<MoveLine, LineError> {
    parse_move_line_fast(line).map_or_else(|| parse_move_line_general(line), Ok)
}

/// Reads any move line, naming what is wrong with one it cannot read.
fn parse_move_line_general(line: &str) -> Result<MoveLine, LineError> {
    let start = lead_space(line);
    let t = &line[start..];
    let digits = ascii_digits(t);
    let number: u32 = t[..digits].parse().map_err(|_| {
        err(
            (start, start + digits),
            codes::KIF_BAD_MOVE,
            "the move number is too large",
        )
    })?;
    let after_num = &t[digits..];
    let body_start = start + digits + lead_space(after_num);
    let s = &line[body_start..];
    let (body, used) = parse_body(s).map_err(|(len, code, msg)| {
        err(
            (body_start, body_start + len.max(1).min(s.len())),
            code,
            msg,
        )
    })?;
    let body_end = body_start + used;
    let mut rest = &line[body_end..];
    let mut time = None;
    let mut bad_time = None;
    let trimmed = &rest[lead_space(rest)..];
    if let Some(inner) = trimmed.strip_prefix('(') {
        let tstart = body_end + (rest.len() - trimmed.len());
        // A time column that cannot be read never takes its move with it: the
        // column is kept as written (the reader reports it).
        match inner.bytes().position(|b| b == b')') {
            None => {
                bad_time = Some((tstart, line.trim_end().len()));
                rest = "";
            }
            Some(close) => {
                match parse_time(&inner[..close]) {
                    Some(t) => time = Some(t),
                    None => bad_time = Some((tstart, tstart + close + 2)),
                }
                rest = &inner[close + 1..];
            }
        }
    }
    let rest_t = rest.trim();
    let plus = rest_t == "+";
    if !plus && !rest_t.is_empty() {
        let at = line.len() - rest.trim_start().len();
        return Err(err(
            (at, line.trim_end().len()),
            codes::KIF_TRAILING_TEXT,
            format!("unexpected {} after the move", crate::diag::quote(rest_t)),
        ));
    }
    Ok(MoveLine {
        number,
        body,
        body_range: (body_start, body_end),
        time,
        plus,
        bad_time,
    })
}

/// [`parse_body`] of the column at byte `from` of `s` (the bytes used counted from
/// there), for the usual move column, `７六歩(77)`, `同　歩(77)`, `２二角成(88)` or
/// `５五角打`: a full-width file, a kanji rank (or 同), a piece, then 成 and the
/// origin, the origin alone, or 打 before a space or the end.
/// `None` for anything else, which [`parse_body`] reads the same way or rejects.
#[inline(always)]
fn parse_body_fast(s: &str, from: usize) -> Option<(Body, usize)> {
    let b = s.as_bytes().get(from..)?;
    let (dest, at) = match *b {
        // 同, then spaces.
        [0xE5, 0x90, 0x8C, ..] => {
            let rest = skip_spaces(s.get(from + 3..)?);
            (Dest::Same, s.len() - from - rest.len())
        }
        _ => (Dest::Square(kif_square(b)?), 6),
    };
    let end = piece_at(s, from + at)?;
    let (piece, end) = (end.0, end.1 - from);
    // The rest as bytes: every cut below follows a whole character just matched.
    let rest = b.get(end..)?;
    // 打 (a drop) ends the column when a space or the end follows it.
    if let [0xE6, 0x89, 0x93, next @ ..] = rest {
        if !matches!(next.first(), None | Some(b' ')) {
            return None;
        }
        let body = Body::Move {
            dest,
            piece,
            promote: false,
            no_promote: false,
            drop: true,
            from: None,
        };
        return Some((body, end + 3));
    }
    // 成 (promotes) before the origin.
    let (promote, rest) = match rest {
        [0xE6, 0x88, 0x90, tail @ ..] => (true, tail),
        _ => (false, rest),
    };
    let &[b'(', f @ b'1'..=b'9', r @ b'1'..=b'9', b')', ..] = rest else {
        return None;
    };
    let from = Square::new(f - b'0', r - b'0')?;
    let body = Body::Move {
        dest,
        piece,
        promote,
        no_promote: false,
        drop: false,
        from: Some(from),
    };
    Some((body, b.len() - rest.len() + 4))
}

/// A character of three UTF-8 bytes as one number, its first byte highest.
#[inline(always)]
const fn char3(a: u8, b: u8, c: u8) -> u32 {
    (a as u32) << 16 | (b as u32) << 8 | c as u32
}

/// Three-byte characters looked up by a multiplicative hash: one multiply, one load
/// and one comparison, where a `match` tries the characters one after another.
struct CharTable {
    multiplier: u32,
    /// Each slot: a character's [`char3`] (0: none) with its value in the top byte.
    slots: [u32; 32],
}

impl CharTable {
    /// The slot of [`char3`] `key`.
    #[inline(always)]
    const fn slot(key: u32, multiplier: u32) -> usize {
        (key.wrapping_mul(multiplier) >> 27) as usize
    }

    /// The table of `chars` (characters of three UTF-8 bytes, U+0800–U+FFFF) and their
    /// values. Built at compile time: a character of another length, or two that
    /// share a slot, stop the build.
    const fn new(chars: &[(char, u8)], multiplier: u32) -> CharTable {
        let mut slots = [0u32; 32];
        let mut i = 0;
        while i < chars.len() {
            let (c, value) = chars[i];
            let code = c as u32;
            assert!(
                code >= 0x800 && code <= 0xFFFF,
                "a character of three UTF-8 bytes"
            );
            let key = char3(
                0xE0 | (code >> 12) as u8,
                0x80 | (code >> 6 & 0x3F) as u8,
                0x80 | (code & 0x3F) as u8,
            );
            let at = Self::slot(key, multiplier);
            assert!(slots[at] == 0, "two characters share a slot");
            slots[at] = key | (value as u32) << 24;
            i += 1;
        }
        CharTable { multiplier, slots }
    }

    /// The value of the character at the start of `b`.
    #[inline(always)]
    fn get(&self, b: &[u8]) -> Option<u8> {
        let &[x, y, z, ..] = b else {
            return None;
        };
        let key = char3(x, y, z);
        let entry = *self.slots.get(Self::slot(key, self.multiplier))?;
        (entry & 0xFF_FFFF == key).then_some((entry >> 24) as u8)
    }
}

/// The kanji ranks 一–九 ([`RANK_KANJI`]) and their numbers.
static RANKS: CharTable = {
    let mut chars = [('一', 0u8); 9];
    let mut i = 0;
    while i < 9 {
        chars[i] = (RANK_KANJI[i], i as u8 + 1);
        i += 1;
    }
    CharTable::new(&chars, 0x4540_215F)
};

/// The one-character piece names ([`PIECE_CHARS`]), each with its kind's index in
/// [`PieceKind::ALL`].
static PIECES: CharTable = {
    let mut chars = [('歩', 0u8); PIECE_CHARS.len()];
    let mut i = 0;
    while i < PIECE_CHARS.len() {
        let (c, kind) = PIECE_CHARS[i];
        chars[i] = (c, kind as u8);
        i += 1;
    }
    CharTable::new(&chars, 0x5CD3_43ED)
};

/// The square at the start of `b` when written as KIF and KI2 write it: a
/// full-width file １–９ (U+FF11–U+FF19, so EF BC 91–99) and a kanji rank 一–九.
/// [`parse_square`] reads it the same way (and other spellings too).
#[inline(always)]
fn kif_square(b: &[u8]) -> Option<Square> {
    let &[0xEF, 0xBC, f @ 0x91..=0x99, ..] = b else {
        return None;
    };
    Square::new(f - 0x90, RANKS.get(b.get(3..)?)?)
}

/// [`parse_square`], the usual spelling ([`kif_square`]) by its bytes first.
pub(super) fn square_fast(s: &str) -> Option<(Square, &str)> {
    match kif_square(s.as_bytes()) {
        Some(sq) => Some((sq, s.get(6..)?)),
        None => parse_square(s),
    }
}

/// [`parse_piece`], the one-character names by their UTF-8 bytes first.
pub(super) fn piece_fast(s: &str) -> Option<(PieceKind, &str)> {
    let (piece, end) = piece_at(s, 0)?;
    Some((piece, s.get(end..)?))
}

/// [`piece_fast`] of the piece name at byte `at` of `s`: the piece and the byte
/// where its name ends (no cut of `s` for the one-character names).
#[inline(always)]
fn piece_at(s: &str, at: usize) -> Option<(PieceKind, usize)> {
    match PIECES.get(s.as_bytes().get(at..)?) {
        Some(i) => Some((*PieceKind::ALL.get(usize::from(i))?, at + 3)),
        None => {
            let (piece, rest) = parse_piece(s.get(at..)?)?;
            Some((piece, s.len() - rest.len()))
        }
    }
}

type BodyError = (usize, &'static codes::Code, String);

/// Reads the move column; returns it and the bytes it used.
fn parse_body(s: &str) -> Result<(Body, usize), BodyError> {
    let (dest, rest) = if let Some(r) = s.strip_prefix('同') {
        (Dest::Same, skip_spaces(r))
    } else if let Some((sq, r)) = parse_square(s) {
        (Dest::Square(sq), r)
    } else {
        let word_len = s
            .find(|c: char| c.is_whitespace() || c == '(' || c == '+')
            .unwrap_or(s.len());
        let word = &s[..word_len];
        return match parse_special(word) {
            Some(kind) => Ok((Body::Special(kind), word_len)),
            None if word.is_empty() => Err((
                1,
                codes::KIF_BAD_MOVE,
                "a move number without a move".into(),
            )),
            None => Err((
                word_len,
                codes::KIF_BAD_MOVE,
                format!("cannot read the move {}", crate::diag::quote(word)),
            )),
        };
    };
    let (piece, mut rest) = parse_piece(rest).ok_or_else(|| {
        let bad: String = rest.chars().take(1).collect();
        (
            s.len() - rest.len() + bad.len(),
            codes::KIF_UNKNOWN_PIECE,
            format!("unknown piece {bad:?}"),
        )
    })?;
    let mut promote = false;
    let mut no_promote = false;
    let mut drop = false;
    loop {
        if let Some(r) = rest
            .strip_prefix("不成")
            .or_else(|| rest.strip_prefix("生"))
        {
            no_promote = true;
            rest = r;
        } else if let Some(r) = rest.strip_prefix('成') {
            promote = true;
            rest = r;
        } else if let Some(r) = rest.strip_prefix('打') {
            drop = true;
            rest = r;
        } else {
            break;
        }
    }
    let mut from = None;
    if let Some(r) = rest.strip_prefix('(') {
        let b = r.as_bytes();
        if b.len() >= 3 && b[2] == b')' {
            let sq = match (b[0], b[1]) {
                (f @ b'1'..=b'9', r @ b'1'..=b'9') => Square::new(f - b'0', r - b'0'),
                _ => None,
            };
            match sq {
                Some(sq) => {
                    from = Some(sq);
                    rest = &r[3..];
                }
                None => {
                    return Err((
                        s.len() - rest.len() + 4,
                        codes::KIF_BAD_ORIGIN,
                        "the origin must be two digits 1-9".into(),
                    ));
                }
            }
        }
    }
    Ok((
        Body::Move {
            dest,
            piece,
            promote,
            no_promote,
            drop,
            from,
        },
        s.len() - rest.len(),
    ))
}

/// Reads `m:ss/h:mm:ss` in any spacing and width; each side is colon-separated
/// numbers, seconds last. Works on bytes: this runs once per move.
fn parse_time(s: &str) -> Option<(u64, u64)> {
    let b = s.as_bytes();
    if let Some(t) = parse_time_fixed(b) {
        return Some(t);
    }
    let slash = b.iter().position(|&c| c == b'/')?;
    let (a, rest) = b.split_at(slash);
    // A time too large for milliseconds in 64 bits is no time (never a wrap).
    let ms = |secs: u64| secs.checked_mul(1000);
    Some((ms(seconds(a)?)?, ms(seconds(rest.get(1..)?)?)?))
}

/// The width nearly every record writes, `mm:ss/hh:mm:ss` (minutes below ten
/// after a space), read without a loop; `None` for any other text. The shape is
/// checked on two overlapping words at once (`mm:ss/hh`, `hh:mm:ss`).
#[inline(always)]
fn parse_time_fixed(b: &[u8]) -> Option<(u64, u64)> {
    /// The digit bytes of each word (all but its bytes 2 and 5).
    const DIGITS: u64 = 0xFFFF_00FF_FF00_FFFF;
    /// Each word's separators, in bytes 2 and 5.
    const SEPS: u64 = !DIGITS;
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    let b: &[u8; 14] = b.try_into().ok()?;
    let word = |at: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(b.get(at..at + 8).unwrap_or(&[0; 8]));
        u64::from_le_bytes(w)
    };
    let (mut first, second) = (word(0), word(6));
    if b[0] == b' ' {
        // A space for the tens of minutes reads as 0 (`0x20 | 0x10` is `0`).
        first |= 0x10;
    }
    let seps_ok = first & SEPS == u64::from_le_bytes([0, 0, b':', 0, 0, b'/', 0, 0])
        && second & SEPS == u64::from_le_bytes([0, 0, b':', 0, 0, b':', 0, 0]);
    // The digits' values (0 in the separators' bytes). A digit byte less `0` is
    // 0–9: its high half clear, and adding 6 does not reach 0x10 (no carry crosses
    // a byte, as every half is at most 0x0F).
    let values = |w: u64| (w ^ ZEROS) & DIGITS;
    let digits_ok = |d: u64| {
        d & 0xF0F0_F0F0_F0F0_F0F0 == 0 && (d + 0x0606_0606_0606_0606) & 0x1010_1010_1010_1010 == 0
    };
    let (d1, d2) = (values(first), values(second));
    if !(seps_ok && digits_ok(d1) && digits_ok(d2)) {
        return None;
    }
    // Byte i of `pairs(d)` is ten times digit i plus digit i + 1 (at most 99, so no
    // byte carries into the next): the two-digit numbers start at bytes 0, 3 and 6.
    let pairs = |d: u64| d * 10 + (d >> 8);
    let number = |p: u64, byte: u32| (p >> (8 * byte)) & 0xFF;
    let (p1, p2) = (pairs(d1), pairs(d2));
    let used = number(p1, 0) * 60 + number(p1, 3);
    let total = (number(p2, 0) * 60 + number(p2, 3)) * 60 + number(p2, 6);
    Some((used * 1000, total * 1000))
}

fn seconds(b: &[u8]) -> Option<u64> {
    let b = b.trim_ascii();
    let mut total: u64 = 0;
    // The number being read and how many digits it has.
    let mut cur: u64 = 0;
    let mut digits = 0u32;
    let mut parts = 0;
    for &c in b {
        let d = c.wrapping_sub(b'0');
        if d < 10 {
            // Up to 18 digits cannot overflow; past them, check.
            cur = if digits < 18 {
                cur * 10 + u64::from(d)
            } else {
                cur.checked_mul(10)?.checked_add(u64::from(d))?
            };
            digits += 1;
        } else if c == b':' && digits > 0 {
            total = total.checked_mul(60)?.checked_add(cur)?;
            cur = 0;
            digits = 0;
            parts += 1;
        } else {
            return None;
        }
    }
    if digits == 0 || parts >= 3 {
        return None;
    }
    total.checked_mul(60)?.checked_add(cur)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(f: u8, r: u8) -> Square {
        Square { file: f, rank: r }
    }

    #[test]
    fn reads_every_time_dialect_and_body() {
        let l = parse_move_line("   1 ７六歩(77)   ( 0:10/00:00:10)").map_err(|e| e.message);
        assert_eq!(
            l,
            Ok(MoveLine {
                number: 1,
                body: Body::Move {
                    dest: Dest::Square(sq(7, 6)),
                    piece: PieceKind::Pawn,
                    promote: false,
                    no_promote: false,
                    drop: false,
                    from: Some(sq(7, 7)),
                },
                body_range: (5, 18),
                time: Some((10_000, 10_000)),
                plus: false,
                bad_time: None,
            })
        );
        let l = parse_move_line("3 同　香成(13) (0:4/0:0:4)+").map_err(|e| e.message);
        assert!(matches!(
            l,
            Ok(MoveLine {
                time: Some((4000, 4000)),
                plus: true,
                body: Body::Move {
                    dest: Dest::Same,
                    piece: PieceKind::Lance,
                    promote: true,
                    ..
                },
                ..
            })
        ));
        let l = parse_move_line("  15 同　龍(42)    (00:31 / 00:00:31)").map_err(|e| e.message);
        assert!(matches!(
            l,
            Ok(MoveLine {
                time: Some((31_000, 31_000)),
                ..
            })
        ));
        let l = parse_move_line("44 同歩(54) (00:00/00:00:00)").map_err(|e| e.message);
        assert!(matches!(
            l,
            Ok(MoveLine {
                number: 44,
                body: Body::Move {
                    dest: Dest::Same,
                    ..
                },
                ..
            })
        ));
        let l = parse_move_line("  11 ２三歩打     ( 0:03/00:00:13)").map_err(|e| e.message);
        assert!(matches!(
            l,
            Ok(MoveLine {
                body: Body::Move {
                    drop: true,
                    from: None,
                    ..
                },
                ..
            })
        ));
        let l = parse_move_line("   4 投了         ( 0:00/00:00:01)").map_err(|e| e.message);
        assert!(matches!(
            l,
            Ok(MoveLine {
                body: Body::Special(EndingKind::Resign),
                ..
            })
        ));
        let l = parse_move_line("   3 反則負け    ").map_err(|e| e.message);
        assert!(matches!(
            l,
            Ok(MoveLine {
                body: Body::Special(EndingKind::IllegalLoss),
                time: None,
                ..
            })
        ));
        assert_eq!(
            parse_move_line("   1 ７六蛇(77)").map_err(|e| e.code.name),
            Err("kif::unknown-piece")
        );
        assert_eq!(
            parse_move_line("   1 大逆転").map_err(|e| e.code.name),
            Err("kif::bad-move")
        );
        // A time column that cannot be read keeps its move, and its place.
        assert_eq!(
            parse_move_line("   1 ７六歩(77) (0:1").map(|l| (l.time, l.bad_time)),
            Ok((None, Some((19, 23))))
        );
        assert_eq!(
            parse_move_line("   1 ７六歩(77)   ( 0:7/) +").map(|l| (l.time, l.bad_time, l.plus)),
            Ok((None, Some((21, 28)), true))
        );
        assert_eq!(
            parse_move_line("   1 ７六歩(77) xyz").map_err(|e| e.code.name),
            Err("kif::trailing-text")
        );
        assert!(looks_like_move("  12 同　歩"));
        assert!(!looks_like_move("12手"));
    }

    #[test]
    fn times_in_every_spacing() {
        assert_eq!(parse_time(" 0:10/00:00:10"), Some((10_000, 10_000)));
        assert_eq!(parse_time("1:02:03/1:02:03:04"), None);
        assert_eq!(parse_time("1:02:03 / 10"), Some((3_723_000, 10_000)));
        assert_eq!(parse_time(":10/1"), None);
        assert_eq!(parse_time("10:/1"), None);
        assert_eq!(parse_time("1::0/1"), None);
        assert_eq!(parse_time("1 0/1"), None);
        // Seconds that fit 64 bits but not as milliseconds: no time, not a wrap.
        assert_eq!(parse_time("18446744073709552/1"), None);
        assert_eq!(parse_time("1/18446744073709552"), None);
        assert_eq!(
            parse_time("18446744073709551/1"),
            Some((18_446_744_073_709_551_000, 1000))
        );
        assert_eq!(parse_time("/1"), None);
        assert_eq!(parse_time("1/"), None);
        assert_eq!(parse_time("1/2/3"), None);
        assert_eq!(parse_time("99999999999999999999/1"), None);
        // The fixed width and the general reader agree.
        for t in [
            " 0:04/00:00:04",
            "12:34/01:02:03",
            "  :04/00:00:04",
            " 0:04/00:0x:04",
        ] {
            assert_eq!(
                parse_time_fixed(t.as_bytes()),
                {
                    let (a, rest) = t.split_once('/').unwrap_or((t, ""));
                    seconds(a.as_bytes())
                        .zip(seconds(rest.as_bytes()))
                        .map(|(a, b)| (a * 1000, b * 1000))
                },
                "{t:?}"
            );
        }
    }

    /// The general reading of a `used/total` time, in milliseconds.
    fn general_time(b: &[u8]) -> Option<(u64, u64)> {
        let slash = b.iter().position(|&c| c == b'/')?;
        let (a, rest) = b.split_at(slash);
        Some((seconds(a)? * 1000, seconds(rest.get(1..)?)? * 1000))
    }

    #[test]
    fn the_fixed_width_time_reads_as_the_general_reader_does() {
        // Every byte value in every place of a few times: whenever the fixed reader
        // reads one, the general reader reads the same; on the shape it is made for
        // (digits, or a space for the tens of minutes) it always reads.
        for template in [*b" 0:13/00:00:13", *b"12:34/01:02:03", *b"99:59/99:59:59"] {
            for place in 0..14 {
                for byte in 0..=255u8 {
                    let mut t = template;
                    t[place] = byte;
                    let fixed = parse_time_fixed(&t);
                    if let Some(got) = fixed {
                        assert_eq!(Some(got), general_time(&t), "{t:?}");
                    }
                    let shaped = t.iter().enumerate().all(|(i, &c)| match i {
                        0 => c == b' ' || c.is_ascii_digit(),
                        2 | 8 | 11 => c == b':',
                        5 => c == b'/',
                        _ => c.is_ascii_digit(),
                    });
                    assert_eq!(fixed.is_some(), shaped, "{t:?}");
                }
            }
        }
        assert_eq!(
            parse_time_fixed(b"12:34/01:02:03"),
            Some((754_000, 3_723_000))
        );
        assert_eq!(parse_time_fixed(b" 0:13/00:00:13"), Some((13_000, 13_000)));
        assert_eq!(parse_time_fixed(b" 0:13/00:00:1"), None);
    }

    #[test]
    fn a_move_line_is_read_with_its_end_from_the_whole_text() {
        let line = "  12 同　歩(23)   ( 0:01/00:00:10)+";
        let want = parse_move_line(line).ok();
        assert_eq!(
            want.as_ref()
                .map(|m| (m.number, m.body_range, m.time, m.plus)),
            Some((12, (5, 18), Some((1000, 10_000)), true))
        );
        for (end, used) in [("", 0), ("\n", 1), ("\r\n", 2), ("  \n", 3)] {
            let text = format!("{line}{end}   13 ...");
            let text = if end.is_empty() {
                line.to_string()
            } else {
                text
            };
            assert_eq!(
                parse_move_line_at(&text, 0),
                want.clone().map(|m| (m, line.len() + used)),
                "{end:?}"
            );
        }
        // Move columns of other shapes, read by the general reader, stop at the
        // line's end: a drop at the line's end, a special move, 不成.
        for line in [
            "  12 ５五角打",
            "  12 投了",
            "  12 投了   ( 0:01/00:00:10)",
            "  12 ２三歩不成(24)   ( 0:01/00:00:10)+",
        ] {
            let want = parse_move_line(line).ok();
            assert!(want.is_some(), "{line:?}");
            let text = format!("{line}\n   13 ７六歩(77)\n");
            assert_eq!(
                parse_move_line_at(&text, 0),
                want.map(|m| (m, line.len() + 1)),
                "{line:?}"
            );
        }
        // Read on its own when the line has anything else: another line end, text
        // after the move, a time of another width, a column that may start with
        // whitespace.
        for text in [
            "  12 同　歩(23)   ( 0:01/00:00:10)\r\r\n",
            "  12 同　歩(23)   ( 0:01/00:00:10) x\n",
            "  12 同　歩(23)   ( 0:01/0:00:10)\n",
            "  12 同　歩(23)   ( 0:01/00:00:10\n 13 )\n",
            "  12 投了 x\n",
            "  12 　投了\n",
            "  12 \n 13 投了\n",
            "1234567890 ７六歩(77)\n",
            "\t1 ７六歩(77)\n",
        ] {
            assert_eq!(parse_move_line_at(text, 0), None, "{text:?}");
        }
        let (nine, used) =
            parse_move_line_at("123456789 ７六歩(77)", 0).unwrap_or_else(|| panic!());
        assert_eq!((nine.number, used), (123_456_789, 23));
    }

    #[test]
    fn the_fast_reader_agrees_with_the_general_one() {
        let lines = [
            "   1 ７六歩(77)   ( 0:10/00:00:10)",
            "   1 ７六歩(77)   ( 0:10/00:00:10)+",
            "   1 ７六歩(77)   ( 0:10/00:00:10) + ",
            "   1 ７六歩(77)   ( 0:10/00:00:10)\t+",
            "   1 ７六歩(77)\t( 0:10/00:00:10)",
            "   1\t７六歩(77)",
            "\t1 ７六歩(77)",
            "　1 ７六歩(77)",
            "   1 　７六歩(77)",
            "   1 ７六歩(77)　( 0:10/00:00:10)",
            "   1 ７六歩(77)   ( 0:10/00:00:10)　",
            "   1 ７六歩(77)   ( 0:10/00:00:10) x",
            "   1 ７六歩(77)   ( 0:10/00:00:10",
            "   1 ７六歩(77)   ( 0:1x/00:00:10)",
            "   1 ７六歩(77)+( 0:10/00:00:10)",
            "   1 ７六歩(77)",
            "   1 ７六歩(77)+",
            "   1 ７六歩(7)",
            "   1 ７六歩(70)",
            "   1 7六歩(77)",
            "   1 ７6歩(77)",
            "   1 ７６歩(77)",
            "   1 ７十歩(77)",
            "3 同　香成(13) (0:4/0:0:4)+",
            "44 同歩(54) (00:00/00:00:00)",
            "  15 同　龍(42)    (00:31 / 00:00:31)",
            "  11 ２三歩打     ( 0:03/00:00:13)",
            "  11 ２三歩打(24)",
            "  12 ２二角成(88)",
            "  12 ２二角不成(88)",
            "  12 ２二角生(88)",
            "  12 ２二成銀(31)",
            "  12 ２二全(31)",
            "   4 投了         ( 0:00/00:00:01)",
            "   3 反則負け    ",
            "   3 大逆転",
            "   1 ７六蛇(77)",
            "   1 ",
            "   1",
            "1234567890 ７六歩(77)",
            "123456789 ７六歩(77)",
            "0001 ７六歩(77)",
            "12手",
            "12 手",
            "1 ７六歩(77)\u{0b}",
            "1 ７六歩(77) \u{a0}",
            "1\u{a0}７六歩(77)",
            "  11 ２三歩打",
            "  11 ２三歩打+",
            "  11 ２三歩打成",
            "  11 ２三歩打打",
            "  11 同　歩打",
            "  12 ２二角成成(88)",
            "  12 ２二角成打(88)",
            "  12 ２二角成",
            "  12 ２二角成(8)",
        ];
        for line in lines {
            if let Some(fast) = parse_move_line_fast(line) {
                assert_eq!(Ok(fast), parse_move_line_general(line), "{line:?}");
            }
            let body = line
                .trim_start()
                .trim_start_matches(|c: char| c.is_ascii_digit());
            let body = body.trim_start();
            if let Some(fast) = parse_body_fast(body, 0) {
                assert_eq!(Ok(fast), parse_body(body), "{body:?}");
            }
        }
        // Every piece name reads the same both ways.
        for name in [
            "歩", "香", "桂", "銀", "金", "角", "飛", "玉", "王", "と", "馬", "龍", "竜", "杏",
            "圭", "全", "成香", "成桂", "成銀", "成金", "蛇",
        ] {
            let text = format!("{name}(77)");
            assert_eq!(piece_fast(&text), parse_piece(&text), "{name}");
        }
        // And every other character of three UTF-8 bytes (those sharing a slot of
        // the tables with a name included), as a piece and as a rank.
        for c in ('\u{800}'..='\u{FFFF}').filter(|c| c.len_utf8() == 3) {
            let text = format!("{c}(77)");
            assert_eq!(piece_fast(&text), parse_piece(&text), "{c}");
            let body = format!("５{c}歩(77)");
            assert_eq!(square_fast(&body), parse_square(&body), "{body}");
        }
        // Every square, written as KIF writes it, reads the same both ways.
        for file in '１'..='９' {
            for rank in "一二三四五六七八九".chars() {
                let body = format!("{file}{rank}歩(77)");
                let fast = parse_body_fast(&body, 0);
                assert!(fast.is_some(), "{body}");
                assert_eq!(fast.ok_or(()), parse_body(&body).map_err(|_| ()), "{body}");
                assert_eq!(square_fast(&body), parse_square(&body), "{body}");
            }
        }
        // The common shapes do take the fast way.
        for line in [lines[0], lines[1], lines[23], lines[24], lines[33]] {
            assert!(parse_move_line_fast(line).is_some(), "{line:?}");
        }
        // Promotions and drops take it too.
        for line in [
            "  11 ２三歩打     ( 0:03/00:00:13)",
            "  12 ２二角成(88)",
            "3 同　香成(13) (0:4/0:0:4)+",
            "  11 ２三歩打",
        ] {
            assert!(parse_move_line_fast(line).is_some(), "{line:?}");
        }
        // Every cut of a line agrees too.
        let full = "  15 同　龍(42)    (00:31 / 00:00:31)+ ";
        for (i, _) in full.char_indices() {
            let line = &full[..i];
            if let Some(fast) = parse_move_line_fast(line) {
                assert_eq!(Ok(fast), parse_move_line_general(line), "{line:?}");
            }
        }
    }
}
