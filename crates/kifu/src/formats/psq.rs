//! Piskvork / Gomocup game records (`.psq`): a header `Piskvorky WxH, L1:L2, F`, one
//! `x,y,time` line per move (1-based column and row, milliseconds), then optionally the
//! two players' names (engine files, `homo-1`/`homo-2` for people) and Piskvork's end
//! code. Read into one gomoku game; written back canonically. See `docs/formats/psq.md`.

use super::{Capabilities, Format, Parsed, Reader, WriteError, WriteOptions, Writer, Written};
use crate::diag::{codes, Diagnostic, Loss, Span};
use crate::model::{
    BoardSize, Collection, Color, Game, GameKind, GomokuRule, Move, Node, NodeId, Player, Point,
    StoneMove, MAX_GO_SIZE,
};

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "psq",
    description: "Piskvork/Gomocup game records (.psq): `Piskvorky WxH` header, `x,y,time` moves",
    extensions: &["psq"],
    kinds: &["gomoku"],
    capabilities: Capabilities {
        variations: false,
        comments: false,
        setup: false,
        time: true,
        markup: false,
        collections: false,
        variation_info: false,
    },
    sniff,
    reader: Reader::Text(read),
    writer: Some(Writer::Text(write)),
    writes: WRITES,
    ..Format::BASE
};

/// What the writer writes of the model: the names and the main line's moves with their times.
pub const WRITES: crate::formats::Writes = crate::formats::Writes {
    info: &[
        crate::formats::InfoField::BlackName,
        crate::formats::InfoField::WhiteName,
    ],
    node: &[crate::formats::NodeField::TimeUsed],
    lines: crate::formats::Lines::MainLine,
    variation_info: false,
    extras: &["psq:"],
    extras_dropped: &[],
    result_from_ending: false,
};

/// The word every PSQ header starts with.
const MAGIC: &str = "Piskvorky ";

/// Extras keys: the two players' levels (`0` = a person), the index (0 or 1) of the
/// Piskvork player who began, the end code, lines kept verbatim, and the layout hint.
const KEY_LEVELS: &str = "psq:levels";
const KEY_FIRST: &str = "psq:first";
const KEY_END: &str = "psq:end-code";
const KEY_LINES: &str = "psq:lines";
const KEY_LAYOUT: &str = "psq:layout";

/// Claims texts whose first line is a whole PSQ header.
/// Extras key of a move whose time could not be read (negative, or no number): the
/// time column as written, which the PSQ writer writes back in its place.
pub const TIME_TEXT_KEY: &str = "psq:time";

fn sniff(bytes: &[u8]) -> bool {
    let start = super::content_start(bytes);
    let line = crate::text::split_lines(start).next().unwrap_or(&[]);
    std::str::from_utf8(line)
        .ok()
        .and_then(|l| parse_header(l.trim_end()))
        .is_some()
}

/// The header's fields: width, height, the two levels, the first player.
struct Header {
    size: BoardSize,
    levels: (i64, i64),
    first: i64,
}

/// Parses `Piskvorky WxH, L1:L2, F` (spaces after the commas optional).
fn parse_header(line: &str) -> Option<Header> {
    let rest = line.strip_prefix(MAGIC)?;
    let mut parts = rest.split(',').map(str::trim);
    let (w, h) = parts.next()?.split_once('x')?;
    let (l1, l2) = parts.next()?.split_once(':')?;
    let first = parts.next()?;
    if parts.next().is_some() {
        return None;
    }
    let num = |s: &str| -> Option<i64> {
        let s = s.trim();
        let digits = s.strip_prefix('-').unwrap_or(s);
        (!digits.is_empty() && digits.len() <= 9 && digits.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let (w, h) = (num(w)?, num(h)?);
    Some(Header {
        size: BoardSize {
            width: u8::try_from(w).unwrap_or(0),
            height: u8::try_from(h).unwrap_or(0),
        },
        levels: (num(l1)?, num(l2)?),
        first: num(first)?,
    })
    .filter(|_| w >= 0 && h >= 0)
    .map(|mut hd| {
        // Sizes beyond a byte are reported as invalid (0 is invalid too).
        if w > 255 {
            hd.size.width = 0;
        }
        if h > 255 {
            hd.size.height = 0;
        }
        hd
    })
}

/// A move line's numbers: `x,y,time` or `x,y`; `None` when the line has no comma (it
/// is then not a move line at all).
fn split_move(line: &str) -> Option<Vec<&str>> {
    line.contains(',')
        .then(|| line.split(',').map(str::trim).collect())
}

/// A line of two or three comma-separated integers: a move line.
fn is_move_line(line: &str) -> bool {
    split_move(line)
        .is_some_and(|f| (2..=3).contains(&f.len()) && f.iter().all(|x| x.parse::<i64>().is_ok()))
}

/// Reads a PSQ record.
pub fn read(text: &str) -> Parsed {
    let mut game = Game::new(GameKind::Gomoku {
        size: BoardSize::square(20),
        rule: GomokuRule::Gomoku,
    });
    let mut diags = Vec::new();
    let mut spans = vec![Span::new(0, 0)];
    // Lines with their byte offsets, line ends removed.
    let mut lines = Vec::new();
    let mut offset = 0;
    let mut crlf = 0usize;
    let mut lf = 0usize;
    for raw in text.split_inclusive('\n') {
        let at = offset;
        offset += raw.len();
        let line = match raw.strip_suffix('\n') {
            Some(l) => match l.strip_suffix('\r') {
                Some(l) => {
                    crlf += 1;
                    l
                }
                None => {
                    lf += 1;
                    l
                }
            },
            None => raw,
        };
        lines.push((at, line));
    }
    // A BOM is removed by decoding; leading blank lines are skipped.
    let first_line = lines
        .iter()
        .position(|(_, l)| !l.trim().is_empty())
        .unwrap_or(lines.len());
    let mut next_line = first_line + 1;
    let Some(&(hat, hline)) = lines.get(first_line) else {
        diags.push(Diagnostic::new(
            codes::PSQ_BAD_HEADER,
            "the record is empty: a PSQ starts with `Piskvorky WxH, L1:L2, F`",
            Span::at(0),
        ));
        return parsed(game, diags, spans);
    };
    let header_span = Span::new(hat, hat + hline.len());
    if let Some(root) = spans.first_mut() {
        *root = header_span;
    }
    let mut size = BoardSize::square(20);
    match parse_header(hline.trim_end()) {
        Some(h) => {
            if h.size.is_valid() {
                size = h.size;
            } else {
                diags.push(Diagnostic::new(
                    codes::PSQ_BAD_SIZE,
                    format!(
                        "the header gives a board of {}: kifu holds boards of 1 to {MAX_GO_SIZE} a side; the moves are read on 20x20",
                        crate::diag::clip(hline.strip_prefix(MAGIC).unwrap_or(hline).split(',').next().unwrap_or(""))
                    ),
                    header_span,
                ));
            }
            game.info.extras.push(
                KEY_LEVELS,
                vec![h.levels.0.to_string(), h.levels.1.to_string()],
            );
            if !(0..=1).contains(&h.first) {
                diags.push(Diagnostic::new(
                    codes::PSQ_BAD_FIRST,
                    format!(
                        "the header's last field is {}: Piskvork writes 0 or 1 (which player began); read as 0",
                        h.first
                    ),
                    header_span,
                ));
            }
            game.info.extras.push(
                KEY_FIRST,
                vec![if h.first == 1 { "1" } else { "0" }.to_string()],
            );
        }
        None => {
            diags.push(Diagnostic::new(
                codes::PSQ_BAD_HEADER,
                format!(
                    "expected the header `Piskvorky WxH, L1:L2, F`, found {}; the moves are read on 20x20",
                    crate::diag::quote(hline)
                ),
                header_span,
            ));
            // A first line that is already a move is read as one.
            if split_move(hline).is_some() {
                next_line = first_line;
            }
        }
    }
    game.kind = GameKind::Gomoku {
        size,
        rule: GomokuRule::Gomoku,
    };
    // Moves.
    let mut taken = std::collections::HashMap::new();
    let mut playing = true;
    let mut parent = NodeId::ROOT;
    let mut n = 0u32;
    while let Some(&(at, line)) = lines.get(next_line) {
        if line.trim().is_empty()
            && lines
                .get(next_line + 1)
                .is_some_and(|(_, l)| split_move(l).is_some())
        {
            next_line += 1;
            continue;
        }
        let Some(fields) = split_move(line) else {
            break;
        };
        next_line += 1;
        n += 1;
        let span = Span::new(at, at + line.len());
        let nums: Vec<Option<i64>> = fields.iter().map(|f| f.parse::<i64>().ok()).collect();
        let (x, y, time) = match nums.as_slice() {
            [Some(x), Some(y)] => (*x, *y, None),
            [Some(x), Some(y), Some(t)] => (*x, *y, Some(*t)),
            // A time that cannot be read keeps its move (below).
            [Some(x), Some(y), None] => (*x, *y, Some(-1)),
            _ => {
                diags.push(
                    Diagnostic::new(
                        codes::PSQ_BAD_MOVE,
                        format!(
                            "move {n}: expected `x,y,time` (whole numbers), found {}",
                            crate::diag::quote(line)
                        ),
                        span,
                    )
                    .with_move(n),
                );
                playing = false;
                continue;
            }
        };
        let on_board =
            (1..=i64::from(size.width)).contains(&x) && (1..=i64::from(size.height)).contains(&y);
        if !on_board {
            diags.push(
                Diagnostic::new(
                    codes::PSQ_OFF_BOARD,
                    format!(
                        "move {n} at {x},{y} is off the {size} board (columns 1 to {}, rows 1 to {})",
                        size.width, size.height
                    ),
                    span,
                )
                .with_move(n),
            );
            playing = false;
            continue;
        }
        // A time that is negative or no number keeps its move, and its text.
        let mut raw_time = None;
        let time_ms = match time {
            Some(t) if t < 0 => {
                let raw = fields.get(2).copied().unwrap_or("").to_string();
                diags.push(
                    Diagnostic::new(
                        codes::PSQ_BAD_TIME,
                        format!(
                            "move {n}: cannot read the time {} as milliseconds: the move is kept, and the time as written",
                            crate::diag::quote(&raw)
                        ),
                        span,
                    )
                    .with_move(n),
                );
                raw_time = Some(raw);
                None
            }
            t => t.and_then(|t| u64::try_from(t).ok()),
        };
        // On the board: both fit a byte less one.
        let point = Point::new((x - 1) as u8, (y - 1) as u8);
        if let Some(m) = taken.insert((point.x, point.y), n) {
            taken.insert((point.x, point.y), m);
            diags.push(
                Diagnostic::new(
                    codes::PSQ_POINT_PLAYED_TWICE,
                    format!("move {n} plays {x},{y} again: move {m} was played there"),
                    span,
                )
                .with_move(n),
            );
            playing = false;
            continue;
        }
        if playing {
            let color = if n % 2 == 1 {
                Color::Black
            } else {
                Color::White
            };
            let mut node = Node::with_move(Move::Stone(StoneMove {
                color,
                point: Some(point),
            }));
            node.set_time_used_ms(time_ms);
            if let Some(raw) = raw_time {
                node.extras.push(TIME_TEXT_KEY, vec![raw]);
            }
            parent = game.tree.add_child(parent, node);
            spans.push(span);
        }
    }
    // The trailer: names and the end code; blank lines are skipped.
    let trailer: Vec<(usize, &str)> = lines
        .get(next_line..)
        .unwrap_or(&[])
        .iter()
        .copied()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    // Move lines among them: the moves stopped at a line that is not a move, and
    // these were not read as moves (they are kept as text below, but never "ok").
    let unread: Vec<&(usize, &str)> = trailer.iter().filter(|(_, l)| is_move_line(l)).collect();
    if let Some(&&(at, l)) = unread.first() {
        diags.push(Diagnostic::new(
            crate::diag::codes::PSQ_UNREAD_MOVES,
            format!(
                "{} move line(s) after the moves stopped at a line that is not a move: not read as moves",
                unread.len()
            ),
            Span::new(at, at + l.len()),
        ));
    }
    let mut rest = trailer.as_slice();
    if let Some(((_, last), init)) = rest.split_last() {
        if last.trim().parse::<i64>().is_ok() {
            game.info
                .extras
                .push(KEY_END, vec![last.trim().to_string()]);
            rest = init;
        }
    }
    match rest {
        [] => {}
        [(_, a), (_, b)] => {
            let first = game
                .info
                .extras
                .get(KEY_FIRST)
                .and_then(|v| v.first())
                .map(String::as_str);
            let (black, white) = if first == Some("1") { (b, a) } else { (a, b) };
            game.info.black = named(black);
            game.info.white = named(white);
        }
        lines => {
            if let (Some((s, _)), Some((e, l))) = (lines.first(), lines.last()) {
                diags.push(Diagnostic::new(
                    codes::PSQ_UNEXPECTED_LINES,
                    format!(
                        "{} line(s) after the moves where Piskvork writes two players' names and an end code: kept as they are",
                        lines.len()
                    ),
                    Span::new(*s, e + l.len()),
                ));
            }
            game.info.extras.push(
                KEY_LINES,
                lines.iter().map(|(_, l)| l.to_string()).collect(),
            );
        }
    }
    if crlf > 0 && lf == 0 {
        game.info.extras.push(KEY_LAYOUT, vec!["crlf".to_string()]);
    }
    parsed(game, diags, spans)
}

fn named(name: &str) -> Player {
    Player {
        name: Some(name.trim_end().to_string()),
        ..Player::default()
    }
}

fn parsed(game: Game, diagnostics: Vec<Diagnostic>, spans: Vec<Span>) -> Parsed {
    Parsed {
        collection: Collection { games: vec![game] },
        diagnostics,
        node_spans: vec![spans],
        part_places: Vec::new(),
    }
}

/// Writes one gomoku game as a canonical PSQ: the header, the main line's moves, the
/// names when the game has any, the end code when it has one.
pub fn write(
    collection: &Collection,
    _options: &WriteOptions<'_>,
) -> Result<Written<String>, WriteError> {
    let game = crate::formats::the_game(collection)?;
    let GameKind::Gomoku { size, rule } = &game.kind else {
        return Err(WriteError::Invalid("a PSQ holds gomoku games".into()));
    };
    let info = &game.info;
    let mut losses = Vec::new();
    let mut loss = |code: &'static codes::Code, message: String, move_number: Option<u32>| {
        losses.push(Loss {
            code,
            message,
            game: 0,
            move_number,
        })
    };
    let levels = match info.extras.get(KEY_LEVELS) {
        Some([a, b]) if a.parse::<i64>().is_ok() && b.parse::<i64>().is_ok() => {
            (a.clone(), b.clone())
        }
        _ => ("0".to_string(), "0".to_string()),
    };
    let first = match info.extras.get(KEY_FIRST).and_then(|v| v.first()) {
        Some(f) if f == "1" => 1,
        _ => 0,
    };
    let mut out = format!(
        "{MAGIC}{}x{}, {}:{}, {first}\n",
        size.width, size.height, levels.0, levels.1
    );
    let mut n = 0u32;
    for (_, node) in game.tree.main_line() {
        let Some(mv) = node.mv else { continue };
        n += 1;
        let Move::Stone(stone) = mv else {
            return Err(WriteError::Invalid(format!("move {n} is not a stone move")));
        };
        let expected = if n % 2 == 1 {
            Color::Black
        } else {
            Color::White
        };
        if stone.color != expected {
            return Err(WriteError::Invalid(format!(
                "a PSQ alternates from black, and move {n} is not {}'s",
                if expected == Color::Black {
                    "black"
                } else {
                    "white"
                }
            )));
        }
        let Some(p) = stone.point else {
            return Err(WriteError::Invalid(format!(
                "move {n} is a pass, which a PSQ cannot hold"
            )));
        };
        let raw_time = node.extras.get(TIME_TEXT_KEY).and_then(|v| v.first());
        match node.time_used_ms() {
            // A time the reader could not read goes back as written.
            None if raw_time.is_some() => out.push_str(&format!(
                "{},{},{}\n",
                u32::from(p.x) + 1,
                u32::from(p.y) + 1,
                raw_time.map_or("", String::as_str)
            )),
            Some(t) => out.push_str(&format!(
                "{},{},{t}\n",
                u32::from(p.x) + 1,
                u32::from(p.y) + 1
            )),
            None => out.push_str(&format!("{},{}\n", u32::from(p.x) + 1, u32::from(p.y) + 1)),
        }
    }
    let black = info.black.name.as_deref().filter(|n| !n.trim().is_empty());
    let white = info.white.name.as_deref().filter(|n| !n.trim().is_empty());
    if black.is_some() || white.is_some() {
        // A name is a line of its own; the first after the moves must not read as a
        // move (a comma), and none may end with blanks the reader trims.
        let mut line = |name: Option<&str>, person: &str, who: &str, leading: bool| -> String {
            let Some(name) = name else {
                return person.to_string();
            };
            let banned: &[char] = if leading { &['\n', ','] } else { &['\n'] };
            let clean = name.replace(banned, " ").trim_end().to_string();
            if clean != name {
                loss(
                    codes::PSQ_NAME_CHANGED,
                    format!(
                        "{who}'s name {} is written {}: a PSQ name is one line, and the first name line has no comma",
                        crate::diag::quote(name),
                        crate::diag::quote(&clean)
                    ),
                    None,
                );
            }
            clean
        };
        let (a, c) = if first == 1 {
            let a = line(white, "homo-2", "white", true);
            (a, line(black, "homo-1", "black", false))
        } else {
            let a = line(black, "homo-1", "black", true);
            (a, line(white, "homo-2", "white", false))
        };
        out.push_str(&format!("{a}\n{c}\n"));
    }
    if let Some(lines) = info.extras.get(KEY_LINES) {
        for l in lines {
            out.push_str(l);
            out.push('\n');
        }
    }
    if let Some(code) = info
        .extras
        .get(KEY_END)
        .and_then(|v| v.first())
        .filter(|c| c.parse::<i64>().is_ok())
    {
        out.push_str(code);
        out.push('\n');
    }
    if *rule != GomokuRule::Gomoku {
        loss(
            codes::PSQ_RULE_DROPPED,
            format!(
                "the rule {:?} is not recorded: a PSQ reads back under the gomoku rule",
                rule.name()
            ),
            None,
        );
    }
    if info
        .extras
        .get(KEY_LAYOUT)
        .and_then(|v| v.first())
        .map(String::as_str)
        == Some("crlf")
    {
        out = out.replace('\n', "\r\n");
    }
    Ok(Written {
        output: out,
        losses,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_the_header_only() {
        assert!(sniff(b"Piskvorky 20x20, 11:11, 0\n10,10,0\n"));
        assert!(sniff(b"\xEF\xBB\xBFPiskvorky 15x15,0:0,1\r\n"));
        assert!(!sniff(b"Piskvorky 20x20\n"));
        assert!(!sniff(b"Piskvorky 20x20, 11:11, 0, 4\n"));
        assert!(!sniff(b"(;GM[4]SZ[15];B[hh])"));
        assert!(!sniff(b""));
    }
}
