//! Tygem `.gib` Go records: `\[KEY=VALUE\]` header lines between `\HS` and `\HE`, then
//! between `\GS` and `\GE` the handicap line `INI 0 1 <stones> …` and the moves
//! `STO 0 <number> <colour> <x> <y>` (colour 1 black, 2 white; x and y 0-based from the
//! top-left) and `SKI 0 <number>` (a pass). Read only. See `docs/formats/gib.md` for
//! every mapping decision and how each was verified.

use nom::bytes::complete::{tag, take_until};
use nom::character::complete::{digit1, space0, space1};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::goarchive::{self, handicap_points, name_and_rank, offset_in, Line};
use super::{Capabilities, Format, Parsed, Reader};
use crate::diag::{codes, Diagnostic, Span};
use crate::model::{Color, Game, GameKind, GameResult, NodeId, Point, WinReason};
use crate::text::TextEncoding;

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "gib",
    description: "Tygem .gib Go records (Korean, Chinese and global servers), read only",
    extensions: &["gib"],
    kinds: &["go"],
    capabilities: Capabilities {
        variations: false,
        comments: false,
        setup: true,
        time: false,
        markup: false,
        collections: false,
        variation_info: false,
    },
    legacy_encoding: Some(TextEncoding::EUC_KR),
    legacy_alternative: Some(TextEncoding::GBK),
    sniff,
    declared_charset: Some(declared_charset),
    reader: Reader::Text(read),
    ..Format::BASE
};

/// Tygem boards are 19×19; GIB has no size field.
const SIZE: u8 = 19;

/// True for text starting with `\HS` or with a `\[KEY=` header line.
pub fn sniff(bytes: &[u8]) -> bool {
    let s = super::content_start(bytes);
    if s.starts_with(b"\\HS") {
        return true;
    }
    let Some(rest) = s.strip_prefix(b"\\[") else {
        return false;
    };
    let key = rest
        .iter()
        .take_while(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        .count();
    key >= 3 && rest.get(key) == Some(&b'=')
}

/// The encoding a GIB file's `GIBOKIND` implies: `China` files are GBK, `Korea`
/// files EUC-KR (CP949); other kinds (`Global`) say nothing.
pub fn declared_charset(bytes: &[u8]) -> Option<String> {
    let head = bytes.get(..bytes.len().min(4096)).unwrap_or(bytes);
    let at = memchr::memmem::find(head, b"\\[GIBOKIND=")?;
    let value = head.get(at + 11..)?;
    if value.starts_with(b"China") {
        Some("GBK".into())
    } else if value.starts_with(b"Korea") {
        Some("EUC-KR".into())
    } else {
        None
    }
}

/// A header line `\[KEY=VALUE\]`: the key and the value.
fn header_line(i: &str) -> IResult<&str, (&str, &str)> {
    let (i, key) = preceded(tag("\\["), take_until("=")).parse(i)?;
    let (i, _) = tag("=").parse(i)?;
    let value = i.strip_suffix("\\]").unwrap_or(i);
    Ok(("", (key, value)))
}

/// [`sto_line`] written by hand: the same fields and rest for every line (a test holds
/// it to the grammar). Every move is such a line, and the combinators cost 10 % of
/// `kifu validate` on small GIB files (measured with perf).
fn sto_fields(line: &str) -> Option<(&str, [&str; 4])> {
    /// Blanks (at least one), then digits (at least one).
    fn number<'a>(rest: &mut &'a str) -> Option<&'a str> {
        let after = rest.trim_start_matches([' ', '\t']);
        if after.len() == rest.len() {
            return None;
        }
        let n = after.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return None;
        }
        let (digits, tail) = after.split_at(n);
        *rest = tail;
        Some(digits)
    }
    let mut rest = line.strip_prefix("STO")?;
    number(&mut rest)?;
    let n = number(&mut rest)?;
    let c = number(&mut rest)?;
    let x = number(&mut rest)?;
    let y = number(&mut rest)?;
    Some((rest.trim_start_matches([' ', '\t']), [n, c, x, y]))
}

/// `STO 0 <number> <colour> <x> <y>`: the four numbers after the `0`. The grammar; the
/// reader runs [`sto_fields`].
#[cfg(test)]
fn sto_line(i: &str) -> IResult<&str, [&str; 4]> {
    let num = || preceded(space1, digit1);
    let (i, (_, _, n, c, x, y)) = (tag("STO"), num(), num(), num(), num(), num()).parse(i)?;
    let (i, _) = space0.parse(i)?;
    Ok((i, [n, c, x, y]))
}

/// `SKI 0 <number>`: the move number of a pass.
fn ski_line(i: &str) -> IResult<&str, &str> {
    let num = || preceded(space1, digit1);
    let (i, (_, _, n)) = (tag("SKI"), num(), num()).parse(i)?;
    let (i, _) = space0.parse(i)?;
    Ok((i, n))
}

/// `INI 0 1 <stones> …`: the handicap field.
fn ini_line(i: &str) -> IResult<&str, &str> {
    let num = || preceded(space1, digit1);
    let (i, (_, _, _, n)) = (tag("INI"), num(), num(), num()).parse(i)?;
    Ok((i, n))
}

/// Where the reader is in the file.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Before,
    Header,
    Between,
    Game,
    After,
}

/// The header fields, kept for mapping once all are read.
struct Header<'a> {
    fields: Vec<(&'a str, &'a str, Span)>,
}

impl<'a> Header<'a> {
    fn get(&self, key: &str) -> Option<&'a str> {
        self.fields
            .iter()
            .find(|(k, _, _)| *k == key)
            .map(|&(_, v, _)| v)
    }

    /// The value of `name:` in a comma-separated summary field (`GAMEINFOMAIN`).
    fn sub(&self, key: &str, name: &str) -> Option<&'a str> {
        let v = self.get(key)?;
        v.split(',')
            .find_map(|part| part.trim().strip_prefix(name)?.strip_prefix(':'))
    }

    /// The value after the one-letter tag `letter` in `GAMETAG` (`G65`, `W7`).
    fn tag(&self, letter: char) -> Option<&'a str> {
        let v = self.get("GAMETAG")?;
        v.split(',').find_map(|part| {
            let p = part.trim();
            let rest = p.strip_prefix(letter)?;
            rest.chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
                .then_some(rest)
        })
    }
}

/// Header keys whose whole value becomes a typed field; every other non-empty field
/// is kept in the extras as `gib:KEY`.
const MAPPED: [&str; 9] = [
    "GAMETIME",
    "GAMEBLACKNAME",
    "GAMEWHITENAME",
    "GAMEPLACE",
    "GAMENAME",
    "GAMELECNAME",
    "GAMECOMMENT",
    "GAMEGONGJE",
    "GAMEDUM",
];

/// A counter line of the game section: numbers (`2 1 0`), the last one possibly
/// `&`-prefixed (`119 0 &4`).
fn is_counter_line(t: &str) -> bool {
    t.bytes().next().is_some_and(|b| b.is_ascii_digit())
        && t.split_whitespace().all(|w| {
            let digits = w.strip_prefix('&').unwrap_or(w);
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        })
}

/// The text of a `REM` line (`REM` alone or followed by a blank and the remark).
fn rem_line(t: &str) -> Option<&str> {
    let rest = t.strip_prefix("REM")?;
    (rest.is_empty() || rest.starts_with([' ', '\t'])).then(|| rest.trim())
}

/// Reads a GIB record into a one-game collection.
pub fn read(text: &str) -> Parsed {
    let mut diags = Vec::new();
    let mut game = Game::new(GameKind::go(SIZE));
    let mut spans = vec![Span::at(0)];
    let mut header = Header { fields: Vec::new() };
    let mut part = Part::Before;
    let mut cursor = NodeId::ROOT;
    let mut last_color: Option<Color> = None;
    let mut handicap_seen = false;
    let mut expected_number: Option<u64> = None;
    for line in goarchive::lines(text) {
        let t = line.text.trim_end();
        let span = Span::new(line.start, line.start + t.len());
        match t {
            "\\HS" => {
                part = Part::Header;
                continue;
            }
            "\\HE" => {
                part = Part::Between;
                continue;
            }
            "\\GS" => {
                part = Part::Game;
                continue;
            }
            "\\GE" => {
                part = Part::After;
                continue;
            }
            "" => continue,
            _ => {}
        }
        if t.starts_with("\\[") {
            if matches!(part, Part::Game | Part::After) {
                diags.push(Diagnostic::new(
                    codes::GIB_MISPLACED_HEADER,
                    "a header line after the moves began; it is read all the same",
                    span,
                ));
            }
            match header_line(t) {
                Ok((_, (key, value))) => {
                    if !t.ends_with("\\]") {
                        diags.push(Diagnostic::new(
                            codes::GIB_UNCLOSED_HEADER,
                            format!("the header line {key} does not end with \\]"),
                            Span::new(span.end, span.end),
                        ));
                    }
                    header.fields.push((key, value, span));
                }
                Err(_) => diags.push(Diagnostic::new(
                    codes::GIB_BAD_HEADER,
                    "a header line `\\[KEY=VALUE\\]` without `=`",
                    span,
                )),
            }
            continue;
        }
        if let Some(remark) = rem_line(t) {
            // Tygem writes these remarks itself: kept, not an error.
            match game.info.extras.0.iter_mut().find(|e| e.key == "gib:REM") {
                Some(e) => e.values.push(remark.to_string()),
                None => game.info.extras.push("gib:REM", vec![remark.to_string()]),
            }
            diags.push(Diagnostic::new(
                codes::GIB_REMARK,
                "a REM line (a remark of the server); kept as the extra gib:REM",
                span,
            ));
            continue;
        }
        if part != Part::Game {
            diags.push(Diagnostic::new(
                codes::GIB_STRAY_LINE,
                "a line outside the header and the game sections; it is ignored",
                span,
            ));
            continue;
        }
        if t.starts_with("INI") {
            if handicap_seen {
                diags.push(Diagnostic::new(
                    codes::GIB_DUPLICATE_INI,
                    "a second INI line; only the first places handicap stones",
                    span,
                ));
                continue;
            }
            handicap_seen = true;
            read_ini(&line, t, &mut game, &mut spans, &mut diags);
            continue;
        }
        if t.starts_with("STO") {
            let Some((rest, [n, c, x, y])) = sto_fields(t) else {
                diags.push(Diagnostic::new(
                    codes::GIB_BAD_MOVE,
                    "a move line must read `STO 0 <number> <colour> <x> <y>`",
                    span,
                ));
                continue;
            };
            if !rest.is_empty() {
                let at = offset_in(&line, rest);
                diags.push(Diagnostic::new(
                    codes::GIB_TRAILING_TEXT,
                    format!("text after the move is ignored: {:?}", rest.trim()),
                    Span::new(at, span.end),
                ));
            }
            check_number(&line, n, &mut expected_number, &mut diags);
            let color = match c {
                "1" => Color::Black,
                "2" => Color::White,
                _ => {
                    let at = offset_in(&line, c);
                    diags.push(Diagnostic::new(
                        codes::GIB_BAD_COLOR,
                        format!("colour {c} is neither 1 (black) nor 2 (white)"),
                        Span::new(at, at + c.len()),
                    ));
                    continue;
                }
            };
            let (px, py) = (x.parse::<u8>().ok(), y.parse::<u8>().ok());
            let point = match (px, py) {
                (Some(px), Some(py)) if px < SIZE && py < SIZE => Point::new(px, py),
                _ => {
                    let at = offset_in(&line, x);
                    let end = offset_in(&line, y) + y.len();
                    diags.push(Diagnostic::new(
                        codes::GIB_OFF_BOARD,
                        format!("point ({x}, {y}) is off the 19×19 board"),
                        Span::new(at, end),
                    ));
                    continue;
                }
            };
            cursor = goarchive::add_stone(&mut game.tree, cursor, color, Some(point));
            spans.push(span);
            last_color = Some(color);
            continue;
        }
        if t.starts_with("SKI") {
            let Ok((_, n)) = ski_line(t) else {
                diags.push(Diagnostic::new(
                    codes::GIB_BAD_MOVE,
                    "a pass line must read `SKI 0 <number>`",
                    span,
                ));
                continue;
            };
            check_number(&line, n, &mut expected_number, &mut diags);
            let color = match last_color {
                Some(c) => c.opponent(),
                None if game.info.handicap.is_some_and(|h| h >= 2) => Color::White,
                None => Color::Black,
            };
            cursor = goarchive::add_stone(&mut game.tree, cursor, color, None);
            spans.push(span);
            last_color = Some(color);
            continue;
        }
        // The two counter lines after `\GS` (`2 1 0`, `119 0 &4`) hold numbers whose
        // meaning is unknown; they are passed over. A line that starts with a digit
        // but holds anything else is not one of them: it is an unknown line.
        if is_counter_line(t) {
            continue;
        }
        diags.push(Diagnostic::new(
            codes::GIB_UNKNOWN_LINE,
            format!(
                "unknown game line {:?}; it is ignored",
                t.split_whitespace().next().unwrap_or(t)
            ),
            span,
        ));
    }
    if part == Part::Before && header.fields.is_empty() {
        diags.push(Diagnostic::new(
            codes::GIB_NOT_GIB,
            "no `\\HS` header and no `\\[KEY=VALUE\\]` line: this is not a GIB record",
            Span::at(0),
        ));
    } else if matches!(part, Part::Header | Part::Game) {
        let end = text.len();
        diags.push(Diagnostic::new(
            codes::GIB_UNTERMINATED,
            if part == Part::Header {
                "the header section has no `\\HE`"
            } else {
                "the game section has no `\\GE`"
            },
            Span::at(end),
        ));
    }
    map_header(&header, &mut game, &mut diags);
    Parsed {
        collection: crate::model::Collection { games: vec![game] },
        diagnostics: diags,
        node_spans: vec![spans],
        part_places: Vec::new(),
    }
}

/// Warns when a move number does not follow the one before.
fn check_number(line: &Line<'_>, n: &str, expected: &mut Option<u64>, diags: &mut Vec<Diagnostic>) {
    let Ok(number) = n.parse::<u64>() else {
        return;
    };
    if let Some(e) = *expected {
        if number != e {
            let at = offset_in(line, n);
            diags.push(Diagnostic::new(
                codes::GIB_MOVE_NUMBER,
                format!("move number {number} where {e} was expected"),
                Span::new(at, at + n.len()),
            ));
        }
    }
    *expected = Some(number.saturating_add(1));
}

/// Reads `INI 0 1 <stones> &4<text>`: places the handicap stones.
fn read_ini(
    line: &Line<'_>,
    t: &str,
    game: &mut Game,
    spans: &mut [Span],
    diags: &mut Vec<Diagnostic>,
) {
    let span = Span::new(line.start, line.start + t.len());
    let Ok((rest, n)) = ini_line(t) else {
        diags.push(Diagnostic::new(
            codes::GIB_BAD_INI,
            "the handicap line must read `INI 0 1 <stones> …`",
            span,
        ));
        return;
    };
    if let Some(first) = spans.first_mut() {
        *first = span;
    }
    let at = offset_in(line, n);
    let count = n.parse::<u32>().unwrap_or(u32::MAX);
    if count >= 2 {
        match handicap_points(SIZE, count) {
            Some(points) => {
                game.info.handicap = Some(count);
                game.tree.root_node_mut().setup.add_black = points;
            }
            None => diags.push(Diagnostic::new(
                codes::GIB_BAD_HANDICAP,
                format!("a handicap of {n} stones has no fixed placement (2 to 9)"),
                Span::new(at, at + n.len()),
            )),
        }
    }
    // The text after `&4` is a message of the server ("在272房间正在进行对局准备。").
    let note = rest.trim();
    let note = note.strip_prefix("&4").unwrap_or(note).trim();
    if !note.is_empty() {
        game.info.extras.push("gib:INI", vec![note.to_string()]);
    }
}

/// Maps the header fields onto the game information.
fn map_header(h: &Header<'_>, game: &mut Game, diags: &mut Vec<Diagnostic>) {
    let info = &mut game.info;
    for (key, player) in [
        ("GAMEBLACKNAME", &mut info.black),
        ("GAMEWHITENAME", &mut info.white),
    ] {
        if let Some(v) = h.get(key) {
            let (name, rank) = name_and_rank(v);
            player.name = name;
            player.rank = rank;
        }
    }
    let text = |v: Option<&str>| v.map(str::trim).filter(|v| !v.is_empty()).map(String::from);
    info.place = text(h.get("GAMEPLACE"));
    info.title = text(h.get("GAMENAME"));
    info.annotator = text(h.get("GAMELECNAME"));
    info.game_comment = text(h.get("GAMECOMMENT"));
    info.time_control = text(h.get("GAMETIME"));
    info.date = date(h);
    info.komi = komi(h, diags);
    if let Some((main, _, _)) = h.sub("GAMEINFOMAIN", "GTIME").and_then(time_triple) {
        info.main_time = Some(f64::from(main));
    }
    info.result = result(h);
    for &(key, value, _) in &h.fields {
        if !MAPPED.contains(&key) && !value.trim().is_empty() {
            info.extras
                .push(format!("gib:{key}"), vec![value.to_string()]);
        }
    }
}

/// `1200-30-3`: main time, byo-yomi seconds, periods.
fn time_triple(v: &str) -> Option<(u32, u32, u32)> {
    let mut it = v.trim().split('-').map(|p| p.trim().parse::<u32>().ok());
    Some((it.next()??, it.next()??, it.next()??))
}

/// The date: `GAMEINFOSUB`'s `GDATE:2012-11-22-18-03-17`, else `GAMETAG`'s
/// `C2015:08:29:22:56`, else `GAMEDATE` when it has the first form; as `YYYY-MM-DD`.
fn date(h: &Header<'_>) -> Option<String> {
    let dashed = |v: &str| {
        let mut it = v.split('-').map(|p| p.trim().parse::<u32>().ok());
        let (y, m, d) = (it.next()??, it.next()??, it.next()??);
        valid_date(y, m, d)
    };
    if let Some(d) = h.sub("GAMEINFOSUB", "GDATE").and_then(dashed) {
        return Some(d);
    }
    if let Some(c) = h.tag('C') {
        let mut it = c.split(':').map(|p| p.trim().parse::<u32>().ok());
        if let Some(d) = (|| valid_date(it.next()??, it.next()??, it.next()??))() {
            return Some(d);
        }
    }
    h.get("GAMEDATE").and_then(dashed)
}

fn valid_date(y: u32, m: u32, d: u32) -> Option<String> {
    ((1900..=2999).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d))
        .then(|| format!("{y:04}-{m:02}-{d:02}"))
}

/// Komi in tenths of a point: `GAMEGONGJE` (black's deduction in even games), else
/// `GAMEDUM` (white's points in handicap games), then the same fields of
/// `GAMEINFOMAIN` and `GAMETAG` (`G`, `D`). `None` when no field is there.
fn komi(h: &Header<'_>, diags: &mut Vec<Diagnostic>) -> Option<f64> {
    let sources = [
        (h.get("GAMEGONGJE"), h.get("GAMEDUM")),
        (
            h.sub("GAMEINFOMAIN", "GONGJE"),
            h.sub("GAMEINFOMAIN", "DUM"),
        ),
        (h.tag('G'), h.tag('D')),
    ];
    for (gongje, dum) in sources {
        let num = |v: Option<&str>| v.and_then(|v| v.trim().parse::<i32>().ok());
        let (g, d) = (num(gongje), num(dum));
        if g.is_none() && d.is_none() {
            continue;
        }
        let (g, d) = (g.unwrap_or(0), d.unwrap_or(0));
        if g != 0 && d != 0 {
            if let Some(&(_, _, span)) = h.fields.iter().find(|(k, _, _)| *k == "GAMEDUM") {
                diags.push(Diagnostic::new(
                    codes::GIB_TWO_KOMIS,
                    format!("both GONGJE ({g}) and DUM ({d}) are set; komi is taken from GONGJE"),
                    span,
                ));
            }
        }
        let tenths = if g != 0 { g } else { d };
        return Some(f64::from(tenths) / 10.0);
    }
    None
}

/// The result: `GAMEINFOMAIN`'s `GRLT` with `ZIPSU` (margin in tenths), else
/// `GAMETAG`'s `W` with `Z`; codes 0/1 black/white by points, 3/4 by resignation,
/// 7/8 on time; 255 (or none) is no result. Other codes keep `GAMERESULT` typed from
/// its text, or verbatim.
fn result(h: &Header<'_>) -> Option<GameResult> {
    let code = h
        .sub("GAMEINFOMAIN", "GRLT")
        .zip(h.sub("GAMEINFOMAIN", "ZIPSU"))
        .or_else(|| h.tag('W').zip(h.tag('Z')));
    let text = h.get("GAMERESULT").map(str::trim).filter(|t| !t.is_empty());
    let from_text =
        || text.map(|t| goarchive::result_from_text(t).unwrap_or(GameResult::Other(t.to_string())));
    let Some((grlt, zipsu)) = code else {
        return from_text();
    };
    let margin = zipsu
        .trim()
        .parse::<u32>()
        .ok()
        .map(|z| f64::from(z) / 10.0);
    let win = |winner, reason| Some(GameResult::Win { winner, reason });
    match grlt.trim() {
        "0" => win(
            Color::Black,
            margin.map_or(WinReason::Unspecified, WinReason::Score),
        ),
        "1" => win(
            Color::White,
            margin.map_or(WinReason::Unspecified, WinReason::Score),
        ),
        "3" => win(Color::Black, WinReason::Resign),
        "4" => win(Color::White, WinReason::Resign),
        "7" => win(Color::Black, WinReason::Time),
        "8" => win(Color::White, WinReason::Time),
        "255" => None,
        _ => from_text(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Move, StoneMove};
    use crate::text::LineIndex;

    fn moves(g: &Game) -> Vec<(Color, Option<Point>)> {
        g.tree
            .main_line()
            .filter_map(|(_, n)| match n.mv {
                Some(Move::Stone(StoneMove { color, point })) => Some((color, point)),
                _ => None,
            })
            .collect()
    }

    fn located(text: &str, p: &Parsed) -> Vec<(&'static str, usize, usize)> {
        let idx = LineIndex::new(text);
        p.diagnostics
            .iter()
            .map(|d| {
                let (l, c) = idx.line_col_in(text, d.span.start);
                (d.code, l, c)
            })
            .collect()
    }

    const SMALL: &str = "\\HS\n\\[GAMEBLACKNAME=이세돌 (9단)\\]\n\\[GAMEWHITENAME=Player(9D)\\]\n\\[GAMEINFOMAIN=GBKIND:0,GRLT:0,ZIPSU:35,DUM:0,GONGJE:65,TCNT:3\\]\n\\[GAMETAG=S0,R0,D0,G65,W0,Z35,T30-3-1200,C2016:03:09:13:00\\]\n\\HE\n\\GS\n2 1 0\n4 0 &4\nINI 0 1 0 &4 \nSTO 0 2 1 15 3 \nSTO 0 3 2 3 15 \nSKI 0 4\n\\GE\n";

    #[test]
    fn reads_header_and_moves() {
        let p = read(SMALL);
        assert_eq!(p.diagnostics, vec![]);
        let g = &p.collection.games[0];
        assert_eq!(g.info.black.name.as_deref(), Some("이세돌"));
        assert_eq!(g.info.black.rank.as_deref(), Some("9단"));
        assert_eq!(g.info.white.name.as_deref(), Some("Player"));
        assert_eq!(g.info.white.rank.as_deref(), Some("9D"));
        assert_eq!(g.info.komi, Some(6.5));
        assert_eq!(g.info.date.as_deref(), Some("2016-03-09"));
        assert_eq!(
            g.info.result,
            Some(GameResult::Win {
                winner: Color::Black,
                reason: WinReason::Score(3.5)
            })
        );
        assert_eq!(
            moves(g),
            vec![
                (Color::Black, Some(Point::new(15, 3))),
                (Color::White, Some(Point::new(3, 15))),
                (Color::Black, None),
            ]
        );
        assert_eq!(p.node_spans[0].len(), 4);
    }

    #[test]
    fn broken_lines_are_positioned() {
        let text = "\\HS\n\\[GAMEBLACKNAME\\]\n\\HE\n\\GS\nINI 0 1 12 &4\nSTO 0 1 3 1 1\nSTO 0 2 1 19 0\nSTO 0 x\nSTO 0 9 2 1 1\nFOO 1\n";
        let p = read(text);
        assert_eq!(
            located(text, &p),
            vec![
                ("gib::bad-header", 2, 1),
                ("gib::bad-handicap", 5, 9),
                ("gib::bad-color", 6, 9),
                ("gib::off-board", 7, 11),
                ("gib::bad-move", 8, 1),
                ("gib::move-number", 9, 7),
                ("gib::unknown-line", 10, 1),
                ("gib::unterminated", 11, 1),
            ]
        );
        assert_eq!(moves(&p.collection.games[0]).len(), 1);
    }

    #[test]
    fn the_hand_written_move_line_reader_follows_the_grammar() {
        let samples = [
            "STO 0 2 1 16 2 ",
            "STO 0 2 1 16 2",
            "STO\t0\t3\t2 3 15 x",
            "STO 0 2 1 16",
            "STO 0 2 1 16 a",
            "STO0 2 1 16 2",
            "STO 0 2 1 16 2 7",
            "STO 0 ２ 1 16 2",
            "STO",
            "ST",
            "",
        ];
        // Every line of our GIB fixtures, and of a real Tygem record when the corpus is
        // beside the checkout.
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/gib/");
        let mut texts: Vec<String> = ["korea.gib", "china.gib", "global.gib", "broken.gib"]
            .iter()
            .map(|name| {
                let bytes = std::fs::read(format!("{dir}{name}")).expect("fixture");
                String::from_utf8_lossy(&bytes).into_owned()
            })
            .collect();
        let own: usize = texts.iter().map(|t| t.lines().count()).sum();
        assert!(own > 140, "{own} lines");
        let real = crate::testing::corpus::path("go-servers/sabaki/gib_utf8.gib");
        texts.extend(real.map(|p| std::fs::read_to_string(p).expect("corpus file")));
        let lines = samples
            .into_iter()
            .chain(texts.iter().flat_map(|t| t.lines()));
        let mut checked = 0;
        for line in lines {
            assert_eq!(sto_fields(line), sto_line(line).ok(), "{line:?}");
            checked += 1;
        }
        assert!(checked > 150);
    }

    #[test]
    fn sniffs_and_declares() {
        assert!(sniff(b"\\HS\n\\[GIBOKIND=Korea\\]"));
        assert!(sniff(b"\\[GAMEBLACKNAME=a\\]"));
        assert!(!sniff(b"\\[x=1\\]"));
        assert!(!sniff(b"(;GM[1])"));
        assert_eq!(
            declared_charset(b"\\HS\n\\[GIBOKIND=China\\]").as_deref(),
            Some("GBK")
        );
        assert_eq!(
            declared_charset(b"\\HS\n\\[GIBOKIND=Korea\\]").as_deref(),
            Some("EUC-KR")
        );
        assert_eq!(declared_charset(b"\\HS\n\\[GIBOKIND=Global\\]"), None);
    }
}
