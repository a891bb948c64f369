//! Pandanet (IGS) `.ugf` / `.ugi` Go records of PANDA-EGG: `[Header]` with `KEY=VALUE`
//! lines, `[Data]` with one `QD,B1,1,0` line per move (letters `A`… from the lower-left),
//! `[Figure]`, and the review sections: `[ReviewNode]` (the whole tree, `NODE,id,colour,
//! x,y` with `VARIATION,` … `VARIATIONEND,` blocks) and `[ReviewComment]`
//! (`.Comment,id` then its lines). Read only. See `docs/formats/ugf.md` for every
//! mapping decision and how each was verified.

use std::collections::HashMap;

use nom::bytes::complete::{tag, take_till, take_while1};
use nom::character::complete::digit1;
use nom::{IResult, Parser};

use super::goarchive::{self, handicap_placed, offset_in, Line, Placement};
use super::{Capabilities, Format, Parsed, Reader};
use crate::diag::{codes, Diagnostic, Span};
use crate::model::{
    BoardSize, Color, Game, GameKind, GameResult, Move, NodeId, Point, StoneMove, WinReason,
    MAX_GO_SIZE,
};
use crate::text::TextEncoding;

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "ugf",
    description: "Pandanet (IGS) PANDA-EGG .ugf/.ugi Go records with reviews, read only",
    extensions: &["ugf", "ugi"],
    kinds: &["go"],
    capabilities: Capabilities {
        variations: true,
        comments: true,
        setup: true,
        time: false,
        markup: false,
        collections: false,
        variation_info: false,
    },
    legacy_encoding: Some(TextEncoding::SHIFT_JIS),
    sniff,
    declared_charset: Some(declared_charset),
    reader: Reader::Text(read),
    ..Format::BASE
};

/// True for text starting with `[Header]` that has a `[Data]` section.
pub fn sniff(bytes: &[u8]) -> bool {
    let s = super::content_start(bytes);
    let head = s.get(..s.len().min(8192)).unwrap_or(s);
    s.starts_with(b"[Header]") && line_start_find(head, b"[Data]").is_some()
}

/// The offset of `key` where it starts a line after the first (after LF, CRLF or a
/// lone CR).
fn line_start_find(head: &[u8], key: &[u8]) -> Option<usize> {
    let mut at = 0;
    while let Some(found) = head.get(at..).and_then(|h| memchr::memmem::find(h, key)) {
        let found = at + found;
        if matches!(
            found.checked_sub(1).and_then(|p| head.get(p)),
            Some(b'\n' | b'\r')
        ) {
            return Some(found);
        }
        at = found + 1;
    }
    None
}

/// The charset `Lang=` names: `SJIS`/`JPN` Shift_JIS, `UTF8` UTF-8, `KOR` EUC-KR,
/// `CHN`/`GB` GBK, any other value as written.
pub fn declared_charset(bytes: &[u8]) -> Option<String> {
    let head = bytes.get(..bytes.len().min(4096)).unwrap_or(bytes);
    let at = line_start_find(head, b"Lang=")?;
    let rest = head.get(at + 5..)?;
    let end = rest
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .unwrap_or(rest.len());
    let value = std::str::from_utf8(rest.get(..end)?).ok()?.trim();
    let label = match value.to_ascii_uppercase().as_str() {
        "SJIS" | "JPN" | "JP" | "JA" => "Shift_JIS",
        "UTF8" | "UTF-8" => "UTF-8",
        "KOR" | "KO" | "KR" => "EUC-KR",
        "CHN" | "GB" | "ZH" | "CN" => "GBK",
        "" => return None,
        _ => value,
    };
    Some(label.to_string())
}

/// `KEY=VALUE`.
fn key_value(i: &str) -> IResult<&str, (&str, &str)> {
    let (i, key) = take_till(|c| c == '=')(i)?;
    let (value, _) = tag("=").parse(i)?;
    Ok(("", (key, value)))
}

/// A `[Data]` line: point letters, colour letter with player digit, number, time.
fn data_line(i: &str) -> IResult<&str, (&str, &str, &str, &str)> {
    let field = || take_while1(|c: char| c != ',');
    let (i, (p, _, c, _, n)) = (field(), tag(","), field(), tag(","), digit1).parse(i)?;
    let (i, t) = nom::combinator::opt((tag(","), take_till(|c| c == ','))).parse(i)?;
    Ok((i, (p, c, n, t.map_or("", |(_, t)| t))))
}

/// A `NODE,id,colour,x,y` line (leading blanks removed).
fn node_line(i: &str) -> IResult<&str, [&str; 4]> {
    let num = || (tag(","), digit1).map(|(_, d)| d);
    let (i, (_, id, c, x, y)) = (tag("NODE"), num(), num(), num(), num()).parse(i)?;
    Ok((i, [id, c, x, y]))
}

/// One move as read, with the line it came from.
struct ReadMove {
    color: Color,
    point: Option<Point>,
    span: Span,
}

/// Reads a UGF or UGI record into a one-game collection.
pub fn read(text: &str) -> Parsed {
    let mut r = UgfReader {
        diags: Vec::new(),
        header: Vec::new(),
        data: Vec::new(),
        review: None,
        comments: Vec::new(),
        size: 19,
    };
    let mut section: Option<(&str, Span)> = None;
    let mut saw_header = false;
    let mut review_lines: Vec<Line<'_>> = Vec::new();
    let mut comment: Option<(u32, Span, Vec<String>)> = None;
    let mut others: Vec<(String, Vec<String>)> = Vec::new();
    for line in goarchive::lines(text) {
        let t = line.text.trim_end();
        let span = Span::new(line.start, line.start + t.len());
        if t.starts_with('[') && t.ends_with(']') && !t.contains(',') {
            if let Some(c) = comment.take() {
                r.comments.push(c);
            }
            let name = t.get(1..t.len() - 1).unwrap_or("");
            saw_header |= name == "Header";
            if name == "ReviewNode" && r.review.is_none() {
                r.review = Some(span);
            }
            if !matches!(
                name,
                "Header" | "Data" | "Figure" | "ReviewNode" | "ReviewComment"
            ) {
                r.diags.push(Diagnostic::new(
                    codes::UGF_UNKNOWN_SECTION,
                    format!("section [{name}] is not understood; its lines are kept as they are"),
                    span,
                ));
            }
            if !matches!(name, "Header" | "Data" | "ReviewNode" | "ReviewComment") {
                others.push((name.to_string(), Vec::new()));
            }
            section = Some((name, span));
            continue;
        }
        let Some((name, _)) = section else {
            if !t.trim().is_empty() {
                r.diags.push(Diagnostic::new(
                    codes::UGF_OUTSIDE_SECTION,
                    "a line before the first [Section]; it is ignored",
                    span,
                ));
            }
            continue;
        };
        match name {
            "Header" => {
                if t.trim().is_empty() {
                    continue;
                }
                match key_value(t) {
                    Ok((_, (k, v))) => r.header.push((k.trim(), v.trim(), line)),
                    Err(_) => r.diags.push(Diagnostic::new(
                        codes::UGF_BAD_HEADER,
                        "a header line must read `KEY=VALUE`",
                        span,
                    )),
                }
            }
            "Data" => {
                if !t.trim().is_empty() {
                    r.data.push(line);
                }
            }
            "ReviewNode" => review_lines.push(line),
            "ReviewComment" => {
                if let Some(rest) = t.strip_prefix(".Comment,") {
                    if let Some(c) = comment.take() {
                        r.comments.push(c);
                    }
                    match rest.trim().parse::<u32>() {
                        Ok(id) => comment = Some((id, span, Vec::new())),
                        Err(_) => r.diags.push(Diagnostic::new(
                            codes::UGF_BAD_COMMENT,
                            "`.Comment,` must be followed by a node number",
                            span,
                        )),
                    }
                } else if let Some((_, _, lines)) = comment.as_mut() {
                    lines.push(t.trim().to_string());
                } else if !t.trim().is_empty() {
                    r.diags.push(Diagnostic::new(
                        codes::UGF_STRAY_COMMENT,
                        "comment text before any `.Comment,<node>` line; it is ignored",
                        span,
                    ));
                }
            }
            _ => {
                if let Some((_, lines)) = others.last_mut() {
                    lines.push(t.to_string());
                }
            }
        }
    }
    if let Some(c) = comment.take() {
        r.comments.push(c);
    }
    if !saw_header {
        r.diags.push(Diagnostic::new(
            codes::UGF_NO_HEADER,
            "no [Header] section: this is not a UGF record",
            Span::at(0),
        ));
    }
    r.finish(&review_lines, others)
}

/// What the first pass collected.
struct UgfReader<'a> {
    diags: Vec<Diagnostic>,
    header: Vec<(&'a str, &'a str, Line<'a>)>,
    data: Vec<Line<'a>>,
    /// The first `[ReviewNode]` header, when there is one.
    review: Option<Span>,
    comments: Vec<(u32, Span, Vec<String>)>,
    size: u8,
}

/// An open line of play in `[ReviewNode]`: its last node, and whether it has a node
/// of its own yet (a variation's first node branches from the enclosing line's last).
struct Frame {
    cursor: NodeId,
    started: bool,
    open: Span,
}

impl<'a> UgfReader<'a> {
    fn header(&self, key: &str) -> Option<(&'a str, Line<'a>)> {
        self.header
            .iter()
            .find(|(k, _, _)| k.eq_ignore_ascii_case(key))
            .map(|&(_, v, l)| (v, l))
    }

    fn finish(mut self, review: &[Line<'_>], others: Vec<(String, Vec<String>)>) -> Parsed {
        if let Some((v, line)) = self.header("Size") {
            match v.parse::<u8>() {
                Ok(n) if (1..=MAX_GO_SIZE).contains(&n) => self.size = n,
                _ => self.diags.push(Diagnostic::new(
                    codes::UGF_BAD_SIZE,
                    format!("board size {v:?} is not a number from 1 to 52; 19 is used"),
                    line_span(&line),
                )),
            }
        }
        let mut game = Game::new(GameKind::Go {
            size: BoardSize::square(self.size),
        });
        self.map_header(&mut game);
        for (name, lines) in others {
            game.info.extras.push(format!("ugf:{name}"), lines);
        }
        let data = self.data_moves();
        let mut spans = vec![Span::at(0)];
        let mut ids = HashMap::new();
        if !review.is_empty() {
            ids = self.review_tree(review, &mut game, &mut spans);
            if game.tree.len() > 1 {
                self.compare(&game, &data);
            }
        }
        // Without a review (or with one that holds no node), the moves of [Data].
        if game.tree.len() == 1 {
            let mut cursor = NodeId::ROOT;
            for m in &data {
                cursor = goarchive::add_stone(&mut game.tree, cursor, m.color, m.point);
                spans.push(m.span);
            }
        }
        for (id, span, lines) in std::mem::take(&mut self.comments) {
            match ids.get(&id).and_then(|&n| game.tree.get_mut(n)) {
                Some(node) => {
                    let text = lines.join("\n").trim().to_string();
                    if !text.is_empty() {
                        node.comment = Some(match node.comment.take() {
                            Some(before) => format!("{before}\n{text}"),
                            None => text,
                        });
                    }
                }
                None => self.diags.push(Diagnostic::new(
                    codes::UGF_COMMENT_TARGET,
                    format!(
                        "`.Comment,{id}` names no node of [ReviewNode]; the comment is left out"
                    ),
                    span,
                )),
            }
        }
        Parsed {
            collection: crate::model::Collection { games: vec![game] },
            diagnostics: self.diags,
            node_spans: vec![spans],
            part_places: Vec::new(),
        }
    }

    fn map_header(&mut self, game: &mut Game) {
        let text = |v: &str| (!v.is_empty()).then(|| v.to_string());
        let mut handicap = 0u32;
        for &(key, value, line) in &self.header.clone() {
            let info = &mut game.info;
            match key {
                "Title" => info.title = text(value),
                "Place" => info.place = text(value),
                "Comment" => info.game_comment = text(value),
                "Copyright" => info.copyright = text(value),
                "Writer" => info.application = text(value),
                "Size" | "Lang" => {}
                "Date" => {
                    let first = value.split(',').next().unwrap_or("").trim();
                    let mut it = first
                        .split(['/', '-'])
                        .map(|p| p.trim().parse::<u32>().ok());
                    match (
                        it.next().flatten(),
                        it.next().flatten(),
                        it.next().flatten(),
                    ) {
                        (Some(y), Some(m), Some(d))
                            if (1..=12).contains(&m) && (1..=31).contains(&d) =>
                        {
                            info.date = Some(format!("{y:04}-{m:02}-{d:02}"));
                        }
                        _ if value.is_empty() => {}
                        _ => self.diags.push(Diagnostic::new(
                            codes::UGF_BAD_DATE,
                            format!("date {first:?} is not YYYY/MM/DD; kept as written"),
                            line_span(&line),
                        )),
                    }
                    if !value.is_empty() {
                        info.extras.push("ugf:Date", vec![value.to_string()]);
                    }
                }
                "Rule" => {
                    info.rules = text(match value {
                        "JPN" => "Japanese",
                        "CHN" => "Chinese",
                        "KOR" => "Korean",
                        other => other,
                    });
                }
                "Hdcp" => {
                    let mut parts = value.split(',').map(str::trim);
                    let h = parts.next().unwrap_or("");
                    let k = parts.next().unwrap_or("");
                    match h.parse::<u32>() {
                        Ok(n) if n >= 2 => handicap = n,
                        Ok(_) => {}
                        Err(_) if h.is_empty() => {}
                        Err(_) => self.diags.push(Diagnostic::new(
                            codes::UGF_BAD_HANDICAP,
                            format!("handicap {h:?} is not a number"),
                            line_span(&line),
                        )),
                    }
                    match k.parse::<f64>() {
                        Ok(v) if v.is_finite() => info.komi = Some(v),
                        _ if k.is_empty() => {}
                        _ => self.diags.push(Diagnostic::new(
                            codes::UGF_BAD_KOMI,
                            format!("komi {k:?} is not a number"),
                            line_span(&line),
                        )),
                    }
                }
                "Winner" => {
                    let mut parts = value.split(',').map(str::trim);
                    let who = parts.next().unwrap_or("");
                    let score = parts.next().and_then(|s| s.parse::<f64>().ok());
                    let winner = match who {
                        "B" => Some(Color::Black),
                        "W" => Some(Color::White),
                        _ => None,
                    };
                    info.result = match winner {
                        Some(winner) => Some(GameResult::Win {
                            winner,
                            reason: match score {
                                Some(s) if s > 0.0 && s.is_finite() => WinReason::Score(s),
                                _ => WinReason::Unspecified,
                            },
                        }),
                        None if value.is_empty() => None,
                        None => Some(GameResult::Other(value.to_string())),
                    };
                }
                "PlayerB" | "PlayerW" => {
                    let player = if key == "PlayerB" {
                        &mut info.black
                    } else {
                        &mut info.white
                    };
                    let mut parts = value.split(',').map(str::trim);
                    player.name = parts.next().and_then(text);
                    player.rank = parts.next().and_then(text);
                    let rest: Vec<String> =
                        parts.filter(|p| !p.is_empty()).map(String::from).collect();
                    if !rest.is_empty() {
                        info.extras.push(format!("ugf:{key}"), rest);
                    }
                }
                _ if value.is_empty() => {}
                _ => info
                    .extras
                    .push(format!("ugf:{key}"), vec![value.to_string()]),
            }
        }
        if handicap >= 2 {
            match handicap_placed(self.size, handicap, Placement::Japanese) {
                Some(points) => {
                    game.info.handicap = Some(handicap);
                    game.tree.root_node_mut().setup.add_black = points;
                }
                None => {
                    if let Some((_, line)) = self.header("Hdcp") {
                        self.diags.push(Diagnostic::new(
                            codes::UGF_BAD_HANDICAP,
                            format!("a handicap of {handicap} stones has no fixed placement here"),
                            line_span(&line),
                        ));
                    }
                }
            }
        }
    }

    /// The point two letters name, counted from the lower-left (`A` = 1); `None` for
    /// a pass (letters beyond the board, `YA` in the samples).
    fn letters_point(&self, s: &str) -> Result<Option<Point>, ()> {
        let b = s.as_bytes();
        let (Some(&x), Some(&y), None) = (b.first(), b.get(1), b.get(2)) else {
            return Err(());
        };
        if !x.is_ascii_uppercase() || !y.is_ascii_uppercase() {
            return Err(());
        }
        let (x, y) = (x - b'A', y - b'A');
        if x >= self.size || y >= self.size {
            return Ok(None);
        }
        Ok(Some(Point::new(x, self.size - 1 - y)))
    }

    fn data_moves(&mut self) -> Vec<ReadMove> {
        let mut out = Vec::new();
        for line in std::mem::take(&mut self.data) {
            let t = line.text.trim();
            let span = line_span(&line);
            let Ok((_, (p, c, _n, _time))) = data_line(t) else {
                self.diags.push(Diagnostic::new(
                    codes::UGF_BAD_MOVE,
                    "a move line must read `<point>,<B|W><player>,<number>,<time>`",
                    span,
                ));
                continue;
            };
            let color = match c.as_bytes().first() {
                Some(b'B') => Color::Black,
                Some(b'W') => Color::White,
                _ => {
                    let at = offset_in(&line, c);
                    self.diags.push(Diagnostic::new(
                        codes::UGF_BAD_COLOR,
                        format!("{c:?} is not a colour (B1, W1)"),
                        Span::new(at, at + c.len()),
                    ));
                    continue;
                }
            };
            match self.letters_point(p) {
                Ok(point) => out.push(ReadMove { color, point, span }),
                Err(()) => {
                    let at = offset_in(&line, p);
                    self.diags.push(Diagnostic::new(
                        codes::UGF_BAD_POINT,
                        format!("{p:?} is not a point (two letters from A)"),
                        Span::new(at, at + p.len()),
                    ));
                }
            }
        }
        out
    }

    /// Builds the tree from `[ReviewNode]`; returns the node of each review id.
    fn review_tree(
        &mut self,
        lines: &[Line<'_>],
        game: &mut Game,
        spans: &mut Vec<Span>,
    ) -> HashMap<u32, NodeId> {
        let mut ids = HashMap::new();
        let mut frames = vec![Frame {
            cursor: NodeId::ROOT,
            started: true,
            open: Span::at(0),
        }];
        let mut root_taken = false;
        for line in lines {
            let t = line.text.trim();
            let at = offset_in(line, t);
            let span = Span::new(at, at + t.len());
            if t.is_empty() {
                continue;
            }
            if t.trim_end_matches(',') == "VARIATION" {
                let cursor = frames.last().map_or(NodeId::ROOT, |f| f.cursor);
                frames.push(Frame {
                    cursor,
                    started: false,
                    open: span,
                });
                continue;
            }
            if t.trim_end_matches(',') == "VARIATIONEND" {
                if frames.len() > 1 {
                    frames.pop();
                } else {
                    self.diags.push(Diagnostic::new(
                        codes::UGF_UNOPENED_VARIATION,
                        "VARIATIONEND without VARIATION; it is ignored",
                        span,
                    ));
                }
                continue;
            }
            let Ok((_, [id, c, x, y])) = node_line(t) else {
                self.diags.push(Diagnostic::new(
                    codes::UGF_BAD_NODE,
                    "a review line must read `NODE,<id>,<colour>,<x>,<y>`, `VARIATION,` or `VARIATIONEND,`",
                    span,
                ));
                continue;
            };
            let id = id.parse::<u32>().unwrap_or(u32::MAX);
            let mv = match c {
                "0" => None,
                "1" | "2" => {
                    let color = if c == "1" { Color::Black } else { Color::White };
                    let on = |v: &str| v.parse::<u8>().ok().filter(|v| (1..=self.size).contains(v));
                    let point = on(x)
                        .zip(on(y))
                        .map(|(x, y)| Point::new(x - 1, self.size - y));
                    Some(Move::Stone(StoneMove { color, point }))
                }
                _ => {
                    let at = offset_in(line, c);
                    self.diags.push(Diagnostic::new(
                        codes::UGF_BAD_COLOR,
                        format!("colour {c} is not 0, 1 or 2"),
                        Span::new(at, at + c.len()),
                    ));
                    continue;
                }
            };
            if mv.is_none() && !root_taken && game.tree.len() == 1 && frames.len() == 1 {
                root_taken = true;
                ids.insert(id, NodeId::ROOT);
                if let Some(s) = spans.first_mut() {
                    *s = span;
                }
                continue;
            }
            root_taken = true;
            let Some(frame) = frames.last_mut() else {
                continue;
            };
            let node = crate::model::Node {
                mv,
                ..Default::default()
            };
            let new = game.tree.add_child(frame.cursor, node);
            if frame.started {
                // The line's own continuation comes before the variations given
                // ahead of it.
                game.tree.promote_child(frame.cursor, new);
            }
            frame.started = true;
            frame.cursor = new;
            spans.push(span);
            if ids.insert(id, new).is_some() {
                self.diags.push(Diagnostic::new(
                    codes::UGF_DUPLICATE_NODE,
                    format!("node number {id} is used twice; comments go to the last"),
                    span,
                ));
            }
        }
        for f in frames.iter().skip(1) {
            self.diags.push(Diagnostic::new(
                codes::UGF_UNCLOSED_VARIATION,
                "VARIATION without VARIATIONEND",
                f.open,
            ));
        }
        ids
    }

    /// Warns when the review's main line differs from `[Data]`.
    fn compare(&mut self, game: &Game, data: &[ReadMove]) {
        let main: Vec<(Color, Option<Point>)> = game
            .tree
            .main_line()
            .filter_map(|(_, n)| match n.mv {
                Some(Move::Stone(m)) => Some((m.color, m.point)),
                _ => None,
            })
            .collect();
        let given: Vec<(Color, Option<Point>)> = data.iter().map(|m| (m.color, m.point)).collect();
        if !data.is_empty() && main != given {
            let at = main
                .iter()
                .zip(&given)
                .position(|(a, b)| a != b)
                .unwrap_or(main.len().min(given.len()));
            self.diags.push(Diagnostic::new(
                codes::UGF_REVIEW_DIFFERS,
                format!(
                    "the main line of [ReviewNode] ({} moves) differs from [Data] ({} moves) from move {}; the review is read",
                    main.len(),
                    given.len(),
                    at + 1
                ),
                self.review.unwrap_or(Span::at(0)),
            ));
        }
    }
}

fn line_span(line: &Line<'_>) -> Span {
    Span::new(line.start, line.start + line.text.trim_end().len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::LineIndex;

    const REVIEW: &str = "[Header]\nLang=SJIS\nSize=9\nHdcp=0,6.50\nWinner=W,1.50\nPlayerB=b,2k,,\nPlayerW=w,3k?,,\n[Data]\nCC,B1,1,0\nGG,W1,2,0\n[ReviewNode]\nNODE,1,0,0,0\nNODE,2,1,3,3\n  VARIATION,\n    NODE,4,2,5,5\n  VARIATIONEND,\nNODE,3,2,7,7\n[ReviewComment]\n.Comment,4\n a side line\n.Comment,3\nmain\n";

    #[test]
    fn review_variations_and_comments() {
        let p = read(REVIEW);
        assert_eq!(p.diagnostics, vec![]);
        let g = &p.collection.games[0];
        assert_eq!(g.info.komi, Some(6.5));
        assert_eq!(g.info.white.rank.as_deref(), Some("3k?"));
        assert_eq!(
            g.info.result,
            Some(GameResult::Win {
                winner: Color::White,
                reason: WinReason::Score(1.5)
            })
        );
        let main: Vec<_> = g.tree.main_line().collect();
        assert_eq!(main.len(), 3);
        assert_eq!(
            main[1].1.mv,
            Some(Move::Stone(StoneMove {
                color: Color::Black,
                point: Some(Point::new(2, 6))
            }))
        );
        assert_eq!(main[2].1.comment.as_deref(), Some("main"));
        let side = main[1].1.children()[1];
        assert_eq!(
            g.tree.get(side).and_then(|n| n.comment.as_deref()),
            Some("a side line")
        );
        assert!(sniff(REVIEW.as_bytes()));
        assert_eq!(
            declared_charset(REVIEW.as_bytes()).as_deref(),
            Some("Shift_JIS")
        );
    }

    #[test]
    fn broken_lines_are_positioned() {
        let text = "[Header]\nSize=x\nnoequals\n[Data]\nC,B1,1,0\nCC,X1,2,0\nZZ\n[ReviewNode]\nNODE,1,0,0,0\nVARIATIONEND,\nNODE,2,7,1,1\n  VARIATION,\nNODE,3,1,1,1\n[ReviewComment]\n.Comment,99\nx\n";
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
                ("ugf::bad-header", 3, 1),
                ("ugf::bad-size", 2, 1),
                ("ugf::bad-point", 5, 1),
                ("ugf::bad-color", 6, 4),
                ("ugf::bad-move", 7, 1),
                ("ugf::unopened-variation", 10, 1),
                ("ugf::bad-color", 11, 8),
                ("ugf::unclosed-variation", 12, 3),
                ("ugf::comment-target", 15, 1),
            ]
        );
    }
}

#[cfg(test)]
mod data_tests {
    use super::*;

    #[test]
    fn an_empty_review_leaves_the_data_moves() {
        let p = read("[Header]\nSize=19\n[Data]\nQP,B1,1,0\nYA,W1,2,0\n[ReviewNode]\n\n");
        assert_eq!(p.diagnostics, vec![]);
        let moves: Vec<_> = p.collection.games[0]
            .tree
            .main_line()
            .filter_map(|(_, n)| n.mv)
            .collect();
        assert_eq!(
            moves,
            vec![
                Move::Stone(StoneMove {
                    color: Color::Black,
                    point: Some(Point::new(16, 3))
                }),
                Move::Stone(StoneMove {
                    color: Color::White,
                    point: None
                }),
            ]
        );
    }
}
