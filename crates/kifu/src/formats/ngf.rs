//! WBaduk, Cyberoro and Oro `.ngf` Go records: twelve fixed header lines (title, board
//! size, white, black, site, handicap, ?, komi, date, ?, result text, move count), then
//! one `PM<number><colour><x><y><y><x>` line per move with letters counted from `B`.
//! A second layout prefixes eleven header lines with `GI` and writes the result at the
//! end (`IDB[n] text[EndTxt]`). Read only. See `docs/formats/ngf.md` for every mapping
//! decision and how each was verified.

use nom::bytes::complete::{tag, take_while_m_n};
use nom::{IResult, Parser};

use super::goarchive::{self, handicap_points, offset_in, Line};
use super::{Capabilities, Format, Parsed, Reader};
use crate::diag::{codes, Diagnostic, Span};
use crate::model::{BoardSize, Color, Game, GameKind, GameResult, NodeId, Point, MAX_GO_SIZE};
use crate::text::TextEncoding;

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "ngf",
    description: "WBaduk / Cyberoro / Oro .ngf Go records (Korean servers), read only",
    extensions: &["ngf"],
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
    reader: Reader::Text(read),
    ..Format::BASE
};

/// The first lines of `bytes`, without line breaks and surrounding blanks.
fn head_lines(bytes: &[u8], n: usize) -> Vec<&[u8]> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    crate::text::split_lines(bytes)
        .take(n)
        .map(|l| l.trim_ascii())
        .collect()
}

fn is_int(b: &[u8]) -> bool {
    !b.is_empty() && b.len() <= 6 && b.iter().all(u8::is_ascii_digit)
}

fn is_move_line(b: &[u8]) -> bool {
    b.len() == 9 && b.starts_with(b"PM") && b.iter().skip(2).all(u8::is_ascii_uppercase)
}

/// True for the twelve-line header (size and move count are numbers, and a
/// move line or nothing follows) or for eleven `GI` lines followed by a move line.
pub fn sniff(bytes: &[u8]) -> bool {
    let lines = head_lines(bytes, 13);
    let at = |i: usize| lines.get(i).copied().unwrap_or(b"x");
    let size_ok = |b: &[u8]| {
        std::str::from_utf8(b)
            .ok()
            .and_then(|s| s.parse::<u8>().ok())
            .is_some_and(|n| (2..=MAX_GO_SIZE).contains(&n))
    };
    if lines.len() >= 12
        && size_ok(at(1))
        && is_int(at(11))
        && (lines.len() == 12 || at(12).is_empty() || is_move_line(at(12)))
    {
        return true;
    }
    lines.len() >= 12
        && lines.iter().take(11).all(|l| l.starts_with(b"GI"))
        && at(6).get(2..).is_some_and(size_ok)
        && (is_move_line(at(11)) || at(11).starts_with(b"GI"))
}

/// A move line `PM` + number (two letters) + `B`/`W` + four coordinate letters.
fn move_line(i: &str) -> IResult<&str, (&str, &str, &str)> {
    let upper = |n| take_while_m_n(n, n, |c: char| c.is_ascii_uppercase());
    let (i, (_, number, color, coords)) = (tag("PM"), upper(2), upper(1), upper(4)).parse(i)?;
    Ok((i, (number, color, coords)))
}

/// The move number two letters spell, `AB` = 1 (base 26, `A` = 0).
fn letters_number(s: &str) -> u32 {
    s.bytes()
        .fold(0u32, |n, b| n * 26 + u32::from(b.saturating_sub(b'A')))
}

/// The header lines' meaning in each layout.
struct Layout {
    title: usize,
    size: usize,
    white: usize,
    black: usize,
    site: Option<usize>,
    handicap: usize,
    komi: usize,
    date: usize,
    result: Option<usize>,
    count: usize,
    unknown: &'static [usize],
    lines: usize,
}

const PLAIN: Layout = Layout {
    title: 0,
    size: 1,
    white: 2,
    black: 3,
    site: Some(4),
    handicap: 5,
    komi: 7,
    date: 8,
    result: Some(10),
    count: 11,
    unknown: &[6, 9],
    lines: 12,
};

const GI: Layout = Layout {
    title: 0,
    white: 1,
    black: 2,
    site: None,
    date: 5,
    size: 6,
    handicap: 7,
    komi: 9,
    result: None,
    count: 10,
    unknown: &[3, 4, 8],
    lines: 11,
};

/// Reads an NGF record into a one-game collection.
pub fn read(text: &str) -> Parsed {
    let mut diags = Vec::new();
    let all: Vec<Line<'_>> = goarchive::lines(text).collect();
    let gi = all.first().is_some_and(|l| l.text.starts_with("GI"));
    let layout = if gi { &GI } else { &PLAIN };
    let field = |i: usize| -> Option<(&str, Line<'_>)> {
        let line = *all.get(i)?;
        let t = if gi {
            line.text.strip_prefix("GI").unwrap_or(line.text)
        } else {
            line.text
        };
        Some((t.trim(), line))
    };
    let span_of = |line: &Line<'_>| Span::new(line.start, line.start + line.text.len());
    let header_end = all.len().min(layout.lines);
    if all.len() < layout.lines {
        diags.push(Diagnostic::new(
            codes::NGF_SHORT_HEADER,
            format!("the header has {} of its {} lines", all.len(), layout.lines),
            Span::at(text.len()),
        ));
    }
    let size = match field(layout.size) {
        Some((s, line)) => match s.parse::<u8>() {
            Ok(n) if (1..=MAX_GO_SIZE).contains(&n) => n,
            _ => {
                diags.push(Diagnostic::new(
                    codes::NGF_BAD_SIZE,
                    format!("board size {s:?} is not a number from 1 to 52; 19 is used"),
                    span_of(&line),
                ));
                19
            }
        },
        None => 19,
    };
    let mut game = Game::new(GameKind::Go {
        size: BoardSize::square(size),
    });
    let mut spans = vec![Span::at(0)];
    let info = &mut game.info;
    let text_of = |i: usize| field(i).map(|(t, _)| t).filter(|t| !t.is_empty());
    info.title = text_of(layout.title).map(String::from);
    for (i, player) in [
        (layout.white, &mut info.white),
        (layout.black, &mut info.black),
    ] {
        if let Some(t) = text_of(i) {
            match t.rsplit_once(char::is_whitespace) {
                Some((name, rank)) if !name.trim().is_empty() => {
                    player.name = Some(name.trim().to_string());
                    player.rank = Some(rank.to_string());
                }
                _ => player.name = Some(t.to_string()),
            }
        }
    }
    info.place = layout.site.and_then(text_of).map(String::from);
    let mut handicap = 0;
    if let Some((h, line)) = field(layout.handicap) {
        match h.parse::<u32>() {
            Ok(n) if n >= 2 => match handicap_points(size, n) {
                Some(points) => {
                    handicap = n;
                    info.handicap = Some(n);
                    game.tree.root_node_mut().setup.add_black = points;
                }
                None => diags.push(Diagnostic::new(
                    codes::NGF_BAD_HANDICAP,
                    format!("a handicap of {n} stones has no fixed placement on {size}×{size}"),
                    span_of(&line),
                )),
            },
            Ok(_) => {}
            Err(_) => diags.push(Diagnostic::new(
                codes::NGF_BAD_HANDICAP,
                format!("handicap {h:?} is not a number"),
                span_of(&line),
            )),
        }
    }
    let info = &mut game.info;
    if let Some((k, line)) = field(layout.komi) {
        match k.parse::<f64>() {
            // Komi is written without its half point: 6 for 6.5 in even games.
            Ok(v) if v.is_finite() => {
                info.komi = Some(if handicap == 0 && v.fract() == 0.0 {
                    v + 0.5
                } else {
                    v
                });
            }
            _ => diags.push(Diagnostic::new(
                codes::NGF_BAD_KOMI,
                format!("komi {k:?} is not a number"),
                span_of(&line),
            )),
        }
    }
    if let Some((d, _)) = field(layout.date) {
        let (day, time) = match d.split_once(' ') {
            Some((a, b)) => (a, Some(b.trim())),
            None => (d, None),
        };
        match parse_date(day) {
            Some(iso) => {
                info.date = Some(iso);
                if let Some(t) = time.filter(|t| !t.is_empty()) {
                    let t = t.trim_start_matches('[').trim_end_matches(']');
                    info.extras.push("ngf:time", vec![t.to_string()]);
                }
            }
            None if !d.is_empty() => info.extras.push("ngf:date", vec![d.to_string()]),
            None => {}
        }
    }
    if let Some(r) = layout.result.and_then(text_of) {
        info.result = Some(result(r));
    }
    for &i in layout.unknown {
        if let Some(t) = text_of(i) {
            info.extras
                .push(format!("ngf:line{}", i + 1), vec![t.to_string()]);
        }
    }
    let count = field(layout.count).and_then(|(c, l)| Some((c.parse::<u32>().ok()?, l)));
    let mut cursor = NodeId::ROOT;
    let mut moves = 0u32;
    // The number the next move line should carry: one more than the last one's.
    let mut expected = 1u32;
    for line in all.iter().skip(header_end) {
        let t = line.text.trim_end();
        let span = span_of(line);
        if t.is_empty() {
            continue;
        }
        if gi {
            if let Some(rest) = t.strip_prefix("IDB[") {
                if let Some((_, r)) = rest.split_once(']') {
                    let r = r.trim();
                    let r = r.strip_suffix("[EndTxt]").unwrap_or(r).trim();
                    if !r.is_empty() {
                        game.info.result = Some(result(r));
                    }
                    continue;
                }
            }
            if let Some(v) = t.strip_prefix("GI") {
                game.info.extras.push("ngf:GI", vec![v.to_string()]);
                continue;
            }
        }
        let Ok((rest, (number, color, coords))) = move_line(t) else {
            diags.push(Diagnostic::new(
                codes::NGF_BAD_LINE,
                "a move line must read `PM<2 letters><B|W><4 letters>`",
                span,
            ));
            continue;
        };
        moves += 1;
        if !rest.is_empty() {
            let at = offset_in(line, rest);
            diags.push(Diagnostic::new(
                codes::NGF_TRAILING_TEXT,
                format!("text after the move is ignored: {rest:?}"),
                Span::new(at, span.end),
            ));
        }
        let n = letters_number(number);
        if n != expected {
            let at = offset_in(line, number);
            diags.push(Diagnostic::new(
                codes::NGF_MOVE_NUMBER,
                format!("move number {number} ({n}) where {expected} was expected"),
                Span::new(at, at + 2),
            ));
        }
        expected = n + 1;
        let color = match color {
            "B" => Color::Black,
            "W" => Color::White,
            _ => {
                let at = offset_in(line, color);
                diags.push(Diagnostic::new(
                    codes::NGF_BAD_COLOR,
                    format!("colour {color:?} is neither B nor W"),
                    Span::new(at, at + 1),
                ));
                continue;
            }
        };
        let c = coords.as_bytes();
        let coord = |i: usize| c.get(i).map_or(-1, |&b| i16::from(b) - i16::from(b'B'));
        let (x, y) = (coord(0), coord(1));
        let at = offset_in(line, coords);
        if (coord(3), coord(2)) != (x, y) {
            diags.push(Diagnostic::new(
                codes::NGF_COORDINATES_DISAGREE,
                format!("the mirrored coordinates {coords} disagree; the first two are used"),
                Span::new(at, at + 4),
            ));
        }
        let on = |v: i16| (0..i16::from(size)).contains(&v);
        let point = if on(x) && on(y) {
            Some(Point::new(x as u8, y as u8))
        } else {
            diags.push(Diagnostic::new(
                codes::NGF_PASS,
                format!("coordinates {coords} are off the board: read as a pass"),
                Span::new(at, at + 4),
            ));
            None
        };
        cursor = goarchive::add_stone(&mut game.tree, cursor, color, point);
        spans.push(span);
    }
    if let Some((n, line)) = count {
        if n != moves {
            diags.push(Diagnostic::new(
                codes::NGF_MOVE_COUNT,
                format!("the header announces {n} moves and {moves} were read"),
                span_of(&line),
            ));
        }
    }
    Parsed {
        collection: crate::model::Collection { games: vec![game] },
        diagnostics: diags,
        node_spans: vec![spans],
        part_places: Vec::new(),
    }
}

/// The result of a text, typed when it can be.
fn result(text: &str) -> GameResult {
    goarchive::result_from_text(text).unwrap_or_else(|| GameResult::Other(text.to_string()))
}

/// `20170316` or `2006-9-5` as `YYYY-MM-DD`.
fn parse_date(d: &str) -> Option<String> {
    let (y, m, day) = if d.len() == 8 && d.bytes().all(|b| b.is_ascii_digit()) {
        (
            d.get(0..4)?.parse::<u32>().ok()?,
            d.get(4..6)?.parse::<u32>().ok()?,
            d.get(6..8)?.parse::<u32>().ok()?,
        )
    } else {
        let mut it = d.split(['-', '/', '.']).map(|p| p.parse::<u32>().ok());
        (it.next()??, it.next()??, it.next()??)
    };
    ((1900..=2999).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&day))
        .then(|| format!("{y:04}-{m:02}-{day:02}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::WinReason;
    use crate::text::LineIndex;

    const SMALL: &str = "Rated game\n19\nwhite      9DP\nblack      7D*\nwww.cyberoro.com\n0\n0\n6\n20170316 [09:37]\n5\nWhite wins by  resign!\n2\nPMABBREER\nPMACWEEEE\n";

    #[test]
    fn reads_the_plain_layout() {
        let p = read(SMALL);
        assert_eq!(p.diagnostics, vec![]);
        let g = &p.collection.games[0];
        assert_eq!(g.info.white.name.as_deref(), Some("white"));
        assert_eq!(g.info.white.rank.as_deref(), Some("9DP"));
        assert_eq!(g.info.black.rank.as_deref(), Some("7D*"));
        assert_eq!(g.info.komi, Some(6.5));
        assert_eq!(g.info.date.as_deref(), Some("2017-03-16"));
        assert_eq!(
            g.info.result,
            Some(GameResult::Win {
                winner: Color::White,
                reason: WinReason::Resign
            })
        );
        assert_eq!(g.tree.len(), 3);
        assert!(sniff(SMALL.as_bytes()));
    }

    #[test]
    fn broken_lines_are_positioned() {
        let text = "t\n19\nw\nb\n\n3x\n0\nk\n2017\n\nr\n5\nPMABBREER\nPMADXEEEE\nPMADWAAAA\nPM\nPMAEBRRSS\n";
        let p = read(text);
        let idx = LineIndex::new(text);
        let got: Vec<_> = p
            .diagnostics
            .iter()
            .map(|d| {
                let (l, c) = idx.line_col_in(text, d.span.start);
                (d.code, l, c)
            })
            .collect();
        assert_eq!(
            got,
            vec![
                ("ngf::bad-handicap", 6, 1),
                ("ngf::bad-komi", 8, 1),
                ("ngf::move-number", 14, 3),
                ("ngf::bad-color", 14, 5),
                ("ngf::move-number", 15, 3),
                ("ngf::pass", 15, 6),
                ("ngf::bad-line", 16, 1),
                ("ngf::coordinates-disagree", 17, 6),
                ("ngf::move-count", 12, 1),
            ]
        );
        assert_eq!(
            p.collection.games[0].info.extras.get("ngf:date"),
            Some(&["2017".to_string()][..])
        );
    }

    #[test]
    fn numbers_and_dates() {
        assert_eq!(letters_number("AB"), 1);
        assert_eq!(letters_number("MV"), 333);
        assert_eq!(parse_date("2006-9-5").as_deref(), Some("2006-09-05"));
        assert_eq!(parse_date("20170316").as_deref(), Some("2017-03-16"));
        assert_eq!(parse_date("x"), None);
    }
}
