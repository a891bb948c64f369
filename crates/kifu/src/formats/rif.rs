//! The RIF game database of renju.net (`.rif`): XML, a `<database>` holding tables
//! (`<countries>`, `<cities>`, `<months>`, `<rules>`, `<openings>`, `<players>`,
//! `<tournaments>`) and `<games>`, one `<game>` per game with its moves in a `<move>`
//! child (`h8 i9 …`). Read with quick-xml as a stream, game by game: the tables are
//! kept (they are small), each game is handed on as soon as its `</game>` is read, so
//! a 100 MB database is checked in bounded memory. The attribute names are those
//! renju-note's reader (`src/database/rif.ts`) reads. See `docs/formats/rif.md`.

mod cut;

use std::borrow::Cow;
use std::collections::HashMap;

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader as XmlReader;

use super::{
    Capabilities, Flow, Format, Parsed, Pieces, Places, ReadEnd, Reader, Sink, Streamed, Want,
};
use crate::diag::{codes, Diagnostic, Span};
use crate::model::{
    BoardSize, Color, Game, GameKind, GameResult, GomokuRule, Move, Node, NodeId, Player, Point,
    StoneMove, WinReason,
};

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "rif",
    description:
        "renju.net RIF game databases (.rif): XML tables of players, tournaments and games",
    extensions: &["rif"],
    kinds: &["gomoku"],
    capabilities: Capabilities {
        variations: false,
        comments: true,
        setup: false,
        time: false,
        markup: false,
        collections: true,
        variation_info: false,
    },
    sniff,
    declared_charset: Some(find_xml_encoding),
    reader: Reader::Text(read),
    entry: Some(read_into),
    cut: Some(cut::cut),
    ..Format::BASE
};

/// The board of every RIF game.
const SIZE: u8 = 15;

/// Claims XML whose first kilobytes open a `<database>` element.
fn sniff(bytes: &[u8]) -> bool {
    let start = super::content_start(bytes);
    if !(start.starts_with(b"<?xml") || start.starts_with(b"<database")) {
        return false;
    }
    let head = start.get(..start.len().min(4096)).unwrap_or(start);
    head.windows(10).any(|w| {
        w.starts_with(b"<database")
            && w.get(9)
                .is_some_and(|&c| c == b'>' || c == b'/' || c.is_ascii_whitespace())
    })
}

/// The charset the XML declaration names (`<?xml version="1.0" encoding="…"?>`).
pub fn find_xml_encoding(bytes: &[u8]) -> Option<String> {
    let start = super::content_start(bytes);
    let decl = start.strip_prefix(b"<?xml")?;
    let end = decl.iter().take(200).position(|&b| b == b'>')?;
    let decl = decl.get(..end)?;
    let at = decl.windows(8).position(|w| w == b"encoding")?;
    let rest = decl.get(at + 8..)?;
    let rest = rest.get(rest.iter().position(|&b| b == b'\x22' || b == b'\'')?..)?;
    let quote = *rest.first()?;
    let value = rest.get(1..)?;
    let close = value.iter().position(|&b| b == quote)?;
    Some(String::from_utf8_lossy(value.get(..close)?).into_owned())
}

/// A row of a table: its attributes by name.
type Row = HashMap<String, String>;

/// The tables read so far, by table and id.
#[derive(Default)]
struct Tables {
    rows: HashMap<&'static str, HashMap<String, Row>>,
}

/// The tables kifu reads, with the element name of their rows.
const TABLES: [(&str, &str); 7] = [
    ("countries", "country"),
    ("cities", "city"),
    ("months", "month"),
    ("rules", "rule"),
    ("openings", "opening"),
    ("players", "player"),
    ("tournaments", "tournament"),
];

impl Tables {
    fn get(&self, table: &str, id: &str) -> Option<&Row> {
        self.rows.get(table)?.get(id)
    }

    fn name(&self, table: &str, id: &str) -> Option<&str> {
        self.get(table, id)?
            .get("name")
            .map(String::as_str)
            .filter(|n| !n.is_empty())
    }
}

/// Where the reader is in the document.
enum Place {
    Outside,
    /// In a table (`players` …): rows are kept.
    Table(&'static str, &'static str),
    /// In a table row that has children (`<rule><info>…</info></rule>`).
    Row(&'static str, &'static str, String, Row, Option<String>),
    /// In `<games>`.
    Games,
    /// In a `<game>`.
    Game(Box<GameInProgress>),
}

/// A `<game>` being read.
struct GameInProgress {
    start: Span,
    attrs: Vec<(String, String, Span)>,
    /// The `<move>` text pieces with their offsets.
    moves: Vec<(usize, String)>,
    info: Option<String>,
    /// The child being read: `move`, `info`, or another.
    child: Option<String>,
}

/// Reads a whole database.
pub fn read(text: &str) -> Parsed {
    let mut parsed = Parsed::default();
    let diagnostics = scan(text, &mut |game, spans| {
        parsed.collection.games.push(game);
        parsed.node_spans.push(spans);
    });
    parsed.diagnostics = diagnostics;
    parsed
}

/// RIF's read entry ([`crate::formats::Entry`]): each game goes to the sink's pieces
/// when it gives some ([`read_each`]), else to the sink, in order, as soon as it is
/// read.
pub fn read_into(text: &str, sink: &mut dyn Sink) -> ReadEnd {
    if let Some(pieces) = sink.pieces() {
        let streamed = read_each(text, sink.wants(), pieces);
        return ReadEnd::new(streamed.games, streamed.diagnostics, false);
    }
    let mut games = 0;
    let mut stopped = false;
    let diagnostics = scan(text, &mut |mut game, spans| {
        games += 1;
        if !stopped {
            stopped = sink.game(&mut game, Places::nodes(&spans)) == Flow::Stop;
        }
    });
    ReadEnd::new(games, diagnostics, stopped)
}

/// Reads a database game by game, handing each (whole) to one piece, committed
/// at the end, and keeping none.
pub fn read_each(text: &str, _: Want, pieces: &dyn Pieces) -> Streamed {
    let mut games = 0;
    let mut piece = pieces.piece();
    let diagnostics = scan(text, &mut |mut game, spans| {
        games += 1;
        piece.game(&mut game, &spans);
    });
    piece.commit();
    Streamed {
        games,
        diagnostics,
        found: Vec::new(),
    }
}

fn local(name: &[u8]) -> String {
    String::from_utf8_lossy(name).into_owned()
}

/// The attributes of a tag, unescaped, with the span of each value; an attribute that
/// does not parse is reported and left out.
fn attributes(
    e: &BytesStart<'_>,
    tag_at: usize,
    text: &str,
    diags: &mut Vec<Diagnostic>,
) -> Vec<(String, String, Span)> {
    let mut out = Vec::new();
    let tag_end = text
        .get(tag_at..)
        .and_then(|t| t.find('>'))
        .map_or(text.len(), |e| tag_at + e + 1);
    for a in e.attributes() {
        match a {
            Ok(a) => {
                let key = local(a.key.as_ref());
                let value = match a.unescape_value() {
                    Ok(v) => v.into_owned(),
                    Err(err) => {
                        diags.push(Diagnostic::new(
                            codes::RIF_SYNTAX,
                            format!("attribute {key:?}: {err}"),
                            Span::new(tag_at, tag_end),
                        ));
                        continue;
                    }
                };
                // The value's place in the tag, for diagnostics about it.
                let needle = format!("{key}=");
                let span = text
                    .get(tag_at..tag_end)
                    .and_then(|t| {
                        t.match_indices(&needle)
                            .find(|(i, _)| {
                                t.get(..*i)
                                    .and_then(|b| b.chars().next_back())
                                    .is_some_and(char::is_whitespace)
                            })
                            .map(|(i, _)| i)
                    })
                    .map_or(Span::new(tag_at, tag_end), |at| {
                        let s = tag_at + at;
                        let len = needle.len() + 2 + a.value.len();
                        Span::new(s, (s + len).min(tag_end))
                    });
                out.push((key, value, span));
            }
            Err(err) => diags.push(Diagnostic::new(
                codes::RIF_SYNTAX,
                format!("a malformed attribute: {err}"),
                Span::new(tag_at, tag_end),
            )),
        }
    }
    out
}

/// Scans the document, handing each game to `each` as soon as it is complete, and
/// returns the reader's diagnostics.
fn scan(text: &str, each: &mut dyn FnMut(Game, Vec<Span>)) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let mut reader = XmlReader::from_str(text);
    let mut tables = Tables::default();
    let mut place = Place::Outside;
    let mut saw_database = false;
    loop {
        let before = usize::try_from(reader.buffer_position()).unwrap_or(text.len());
        let event = match reader.read_event() {
            Ok(e) => e,
            Err(err) => {
                let at = usize::try_from(reader.error_position())
                    .unwrap_or(text.len())
                    .min(text.len());
                diags.push(Diagnostic::new(
                    codes::RIF_SYNTAX,
                    format!("the XML is malformed: {err}; reading stops here"),
                    Span::new(at, at),
                ));
                break;
            }
        };
        let after = usize::try_from(reader.buffer_position()).unwrap_or(text.len());
        // Leading whitespace of a text event is not part of the markup.
        let tag_at = text
            .get(before..after)
            .and_then(|t| t.find('<'))
            .map_or(before, |i| before + i);
        let empty = matches!(event, Event::Empty(_));
        match event {
            Event::Eof => {
                // A file cut short: quick-xml ends without a word on open elements.
                let open = match std::mem::replace(&mut place, Place::Outside) {
                    Place::Game(mut g) => {
                        let (game, spans) = finish(&mut g, &tables, &mut diags);
                        each(game, spans);
                        Some("a <game>, which is read as far as it goes")
                    }
                    Place::Table(..) | Place::Row(..) => Some("a table"),
                    Place::Games => Some("<games>"),
                    Place::Outside => None,
                };
                if let Some(what) = open {
                    diags.push(Diagnostic::new(
                        codes::RIF_UNCLOSED,
                        format!("the file ends inside {what}: it may be cut short"),
                        Span::at(text.len()),
                    ));
                }
                break;
            }
            Event::Start(e) | Event::Empty(e) if matches!(place, Place::Outside) => {
                let name = local(e.name().as_ref());
                if name == "database" {
                    saw_database = true;
                } else if let Some(&(table, row)) = TABLES.iter().find(|(t, _)| *t == name) {
                    if !empty {
                        place = Place::Table(table, row);
                    }
                } else if name == "games" {
                    if !empty {
                        place = Place::Games;
                    }
                } else if !empty {
                    // An element kifu does not read: skipped whole.
                    let end = e.to_end().into_owned();
                    if let Err(err) = reader.read_to_end(end.name()) {
                        diags.push(Diagnostic::new(
                            codes::RIF_SYNTAX,
                            format!(
                                "the XML is malformed inside <{name}>: {err}; reading stops here"
                            ),
                            Span::at(tag_at),
                        ));
                        break;
                    }
                }
            }
            Event::Start(e) | Event::Empty(e) => {
                let name = local(e.name().as_ref());
                match &mut place {
                    Place::Table(table, row) if name == *row => {
                        let attrs = attributes(&e, tag_at, text, &mut diags);
                        let id = attrs.iter().find(|a| a.0 == "id").map(|a| a.1.clone());
                        let row_map: Row = attrs.into_iter().map(|(k, v, _)| (k, v)).collect();
                        let Some(id) = id else {
                            diags.push(Diagnostic::new(
                                codes::RIF_MISSING_ID,
                                format!("a <{row}> without an id: it cannot be referred to and is skipped"),
                                Span::new(tag_at, after),
                            ));
                            if !empty {
                                let end = e.to_end().into_owned();
                                if reader.read_to_end(end.name()).is_err() {
                                    break;
                                }
                            }
                            continue;
                        };
                        if empty {
                            tables.rows.entry(table).or_default().insert(id, row_map);
                        } else {
                            place = Place::Row(table, row, id, row_map, None);
                        }
                    }
                    Place::Row(_, _, _, _, child) if !empty => {
                        *child = Some(name);
                    }
                    Place::Games if name == "game" => {
                        let attrs = attributes(&e, tag_at, text, &mut diags);
                        let mut g = GameInProgress {
                            start: Span::new(tag_at, after),
                            attrs,
                            moves: Vec::new(),
                            info: None,
                            child: None,
                        };
                        if empty {
                            let (game, spans) = finish(&mut g, &tables, &mut diags);
                            each(game, spans);
                        } else {
                            place = Place::Game(Box::new(g));
                        }
                    }
                    Place::Game(g) if !empty => {
                        g.child = Some(name);
                    }
                    _ if !empty => {
                        let end = e.to_end().into_owned();
                        if let Err(err) = reader.read_to_end(end.name()) {
                            diags.push(Diagnostic::new(
                                codes::RIF_SYNTAX,
                                format!("the XML is malformed inside <{name}>: {err}; reading stops here"),
                                Span::at(tag_at),
                            ));
                            break;
                        }
                    }
                    _ => {}
                }
            }
            Event::Text(t) => {
                let raw = text.get(before..after).unwrap_or("");
                if let Place::Game(g) = &mut place {
                    match g.child.as_deref() {
                        // The raw text, so that each token keeps its offset (moves
                        // hold no entities).
                        Some("move") => g.moves.push((before, raw.to_string())),
                        Some("info") => {
                            let s = unescaped(t.unescape(), raw);
                            g.info.get_or_insert_with(String::new).push_str(&s);
                        }
                        _ => {}
                    }
                }
            }
            Event::CData(c) => {
                if let Place::Game(g) = &mut place {
                    let s = String::from_utf8_lossy(c.as_ref()).into_owned();
                    match g.child.as_deref() {
                        Some("move") => g.moves.push((before + 9, s)),
                        Some("info") => g.info.get_or_insert_with(String::new).push_str(&s),
                        _ => {}
                    }
                }
            }
            Event::End(e) => {
                let name = local(e.name().as_ref());
                match std::mem::replace(&mut place, Place::Outside) {
                    Place::Table(t, r) if name != t => place = Place::Table(t, r),
                    Place::Table(..) => {}
                    Place::Row(t, r, id, row, child) => {
                        if name == r {
                            tables.rows.entry(t).or_default().insert(id, row);
                            place = Place::Table(t, r);
                        } else {
                            let child = child.filter(|c| *c != name);
                            place = Place::Row(t, r, id, row, child);
                        }
                    }
                    Place::Games if name == "games" => {}
                    Place::Games => place = Place::Games,
                    Place::Game(mut g) => {
                        if name == "game" {
                            let (game, spans) = finish(&mut g, &tables, &mut diags);
                            each(game, spans);
                            place = Place::Games;
                        } else {
                            if g.child.as_deref() == Some(name.as_str()) {
                                g.child = None;
                            }
                            place = Place::Game(g);
                        }
                    }
                    Place::Outside => {}
                }
            }
            _ => {}
        }
    }
    if !saw_database && diags.is_empty() {
        diags.push(Diagnostic::new(
            codes::RIF_NOT_A_DATABASE,
            "no <database> element: this is not a RIF database",
            Span::at(0),
        ));
    }
    diags
}

fn unescaped(r: Result<Cow<'_, str>, quick_xml::Error>, raw: &str) -> String {
    r.map_or_else(|_| raw.to_string(), Cow::into_owned)
}

/// The rule a rule name stands for: the renju opening rules (RIF, Yamaguchi, Sakata,
/// Tarannikov, Soosyrv, Taraguchi …) are renju; a name with `gomoku` in it is gomoku,
/// one with `free` freestyle.
pub fn rule_of_name(name: &str) -> GomokuRule {
    let lower = name.to_ascii_lowercase();
    if lower.contains("gomoku") {
        GomokuRule::Gomoku
    } else if lower.contains("free") {
        GomokuRule::Freestyle
    } else {
        GomokuRule::Renju
    }
}

/// Builds the model of a finished `<game>`.
fn finish(
    g: &mut GameInProgress,
    tables: &Tables,
    diags: &mut Vec<Diagnostic>,
) -> (Game, Vec<Span>) {
    let mut game = Game::new(GameKind::Gomoku {
        size: BoardSize::square(SIZE),
        rule: GomokuRule::Gomoku,
    });
    let mut spans = vec![g.start];
    let attr = |name: &str| {
        g.attrs
            .iter()
            .find(|a| a.0 == name)
            .map(|a| (a.1.as_str(), a.2))
    };
    let id = attr("id").map_or("?", |a| a.0).to_string();
    let unknown = |what: &str, table: &str, value: &str, span: Span| {
        Diagnostic::new(
            codes::RIF_UNKNOWN_REFERENCE,
            format!(
                "game {id}: {what} {} is not in the <{table}> table read before it",
                crate::diag::quote(value)
            ),
            span,
        )
    };
    if let Some((v, _)) = attr("id") {
        game.info.extras.push("rif:id", vec![v.to_string()]);
    }
    for (key, color) in [("black", Color::Black), ("white", Color::White)] {
        if let Some((v, span)) = attr(key).filter(|(v, _)| !v.is_empty()) {
            match tables.get("players", v) {
                Some(row) => {
                    let full = [row.get("name"), row.get("surname")]
                        .into_iter()
                        .flatten()
                        .map(|s| s.trim())
                        .filter(|s| !s.is_empty())
                        .collect::<Vec<_>>()
                        .join(" ");
                    let player = Player {
                        name: (!full.is_empty()).then_some(full),
                        ..Player::default()
                    };
                    match color {
                        Color::Black => game.info.black = player,
                        Color::White => game.info.white = player,
                    }
                }
                None => diags.push(unknown(&format!("the {key} player"), "players", v, span)),
            }
        }
    }
    let mut rule_id = attr("rule").map(|(v, s)| (v.to_string(), s));
    if let Some((v, span)) = attr("tournament").filter(|(v, _)| !v.is_empty()) {
        match tables.get("tournaments", v) {
            Some(t) => {
                game.info.event = t.get("name").cloned().filter(|n| !n.is_empty());
                game.info.date = t
                    .get("start")
                    .cloned()
                    .filter(|d| !d.is_empty())
                    .or_else(|| t.get("year").cloned().filter(|y| !y.is_empty()));
                let city = t.get("city").and_then(|c| tables.name("cities", c));
                let country = t.get("country").and_then(|c| tables.name("countries", c));
                let place: Vec<&str> = [city, country].into_iter().flatten().collect();
                if !place.is_empty() {
                    game.info.place = Some(place.join(", "));
                }
                if rule_id.as_ref().is_none_or(|(r, _)| r.is_empty()) {
                    rule_id = t.get("rule").map(|r| (r.clone(), span));
                }
            }
            None => diags.push(unknown("the tournament", "tournaments", v, span)),
        }
    }
    if let Some((v, _)) = attr("round").filter(|(v, _)| !v.is_empty()) {
        game.info.round = Some(v.to_string());
    }
    let mut rule = GomokuRule::Gomoku;
    if let Some((r, span)) = rule_id.filter(|(r, _)| !r.is_empty()) {
        match tables.name("rules", &r) {
            Some(name) => {
                rule = rule_of_name(name);
                game.info.extras.push("rif:rule", vec![name.to_string()]);
            }
            None => diags.push(unknown("the rule", "rules", &r, span)),
        }
    }
    game.kind = GameKind::Gomoku {
        size: BoardSize::square(SIZE),
        rule,
    };
    if let Some((v, span)) = attr("opening").filter(|(v, _)| !v.is_empty()) {
        match tables.name("openings", v) {
            Some(name) => game.info.opening = Some(name.to_string()),
            None => diags.push(unknown("the opening", "openings", v, span)),
        }
    }
    if let Some((v, span)) = attr("bresult") {
        game.info.result = match v.trim() {
            "1" => Some(GameResult::Win {
                winner: Color::Black,
                reason: WinReason::Unspecified,
            }),
            "0" => Some(GameResult::Win {
                winner: Color::White,
                reason: WinReason::Unspecified,
            }),
            "0.5" => Some(GameResult::Draw),
            "" => None,
            other => {
                diags.push(Diagnostic::new(
                    codes::RIF_BAD_RESULT,
                    format!(
                        "game {id}: bresult {} is none of 1 (black won), 0 (white won), 0.5 (draw): kept as text",
                        crate::diag::quote(other)
                    ),
                    span,
                ));
                Some(GameResult::Other(other.to_string()))
            }
        };
    }
    for key in ["btime", "wtime", "alt", "swap"] {
        if let Some((v, _)) = attr(key).filter(|(v, _)| !v.is_empty()) {
            game.info
                .extras
                .push(format!("rif:{key}"), vec![v.to_string()]);
        }
    }
    if let Some((v, span)) = attr("publisher").filter(|(v, _)| !v.is_empty() && *v != "0") {
        match tables.get("players", v) {
            Some(row) => {
                let full = [row.get("name"), row.get("surname")]
                    .into_iter()
                    .flatten()
                    .filter(|s| !s.is_empty())
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" ");
                game.info.recorder = Some(full).filter(|f| !f.is_empty());
            }
            None => diags.push(unknown("the publisher", "players", v, span)),
        }
    }
    game.info.game_comment = g
        .info
        .take()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());
    read_moves(&mut game, &g.moves, &id, diags, &mut spans);
    (game, spans)
}

/// Reads the moves (`h8 i9 j10`, separated by spaces or not): column `a`–`o`, row
/// 1–15 counted from the bottom. The game stops at the first move it cannot play.
fn read_moves(
    game: &mut Game,
    pieces: &[(usize, String)],
    id: &str,
    diags: &mut Vec<Diagnostic>,
    spans: &mut Vec<Span>,
) {
    let mut parent = NodeId::ROOT;
    let mut n = 0u32;
    let mut taken: HashMap<(u8, u8), u32> = HashMap::new();
    for (base, piece) in pieces {
        let b = piece.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let c = b.get(i).copied().unwrap_or(b' ');
            if c.is_ascii_whitespace() || c == b',' {
                i += 1;
                continue;
            }
            let start = i;
            i += 1;
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            n += 1;
            let token = piece.get(start..i).unwrap_or("");
            let span = Span::new(base + start, base + i);
            let col = c.to_ascii_lowercase();
            let row: Option<u8> = token.get(1..).and_then(|r| r.parse().ok());
            let point = match row {
                Some(r) if (b'a'..b'a' + SIZE).contains(&col) && (1..=SIZE).contains(&r) => {
                    Point::new(col - b'a', SIZE - r)
                }
                _ => {
                    // Skip to the end of a longer bad token.
                    while b.get(i).is_some_and(|c| !c.is_ascii_whitespace()) {
                        i += 1;
                    }
                    let token = piece.get(start..i).unwrap_or("");
                    diags.push(
                        Diagnostic::new(
                            codes::RIF_BAD_MOVE,
                            format!(
                                "game {id}, move {n}: {} is not a point of the 15x15 board (a1 to o15); the game stops before it",
                                crate::diag::quote(token)
                            ),
                            Span::new(base + start, base + i),
                        )
                        .with_move(n),
                    );
                    return;
                }
            };
            if let Some(m) = taken.insert((point.x, point.y), n) {
                diags.push(
                    Diagnostic::new(
                        codes::RIF_POINT_PLAYED_TWICE,
                        format!("game {id}, move {n} plays {token} again: move {m} was played there; the game stops before it"),
                        span,
                    )
                    .with_move(n),
                );
                return;
            }
            let color = if n % 2 == 1 {
                Color::Black
            } else {
                Color::White
            };
            parent = game.tree.add_child(
                parent,
                Node::with_move(Move::Stone(StoneMove {
                    color,
                    point: Some(point),
                })),
            );
            spans.push(span);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_databases_only() {
        assert!(sniff(b"<?xml version=\"1.0\"?>\n<database>\n"));
        assert!(sniff(b"<database version=\"2\"><games/></database>"));
        assert!(!sniff(b"<?xml version=\"1.0\"?><svg/>"));
        assert!(!sniff(b"(;GM[4])"));
    }

    #[test]
    fn finds_the_declared_encoding() {
        assert_eq!(
            find_xml_encoding(b"<?xml version=\"1.0\" encoding=\"windows-1251\"?>"),
            Some("windows-1251".into())
        );
        assert_eq!(find_xml_encoding(b"<?xml version='1.0'?><database>"), None);
    }

    #[test]
    fn rule_names() {
        assert_eq!(rule_of_name("RIF"), GomokuRule::Renju);
        assert_eq!(rule_of_name("Yamaguchi"), GomokuRule::Renju);
        assert_eq!(rule_of_name("Gomoku"), GomokuRule::Gomoku);
    }
}
