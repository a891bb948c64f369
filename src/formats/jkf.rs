//! JKF, the JSON Kifu Format of json-kifu-format: `header` (KIF's keys), `initial`
//! (`preset`, or `OTHER` with `data`: `color`, `board[x-1][y-1]`, `hands`), and
//! `moves`: the first entry holds the start's comments, each later one a `move`
//! (`from` null for drops, `to`, `piece`, `color`, `same`, `promote`, `capture`,
//! `relative`) or a `special`, with `time`, `comments` and `forks` (alternatives to
//! that entry, each a list of entries).
//!
//! Reading checks each move on the engine; JKF carries no byte positions per move,
//! so diagnostics about moves point at the `"moves"` key and carry the move number.

use serde_json::{json, Map, Value};

use super::{
    content_start, Capabilities, Format, Parsed, Reader, WriteError, WriteOptions, Writer, Written,
};
use crate::diag::{Diagnostic, Span};
use crate::formats::kif::result_of;
use crate::model::{
    Collection, Color, Ending, EndingKind, Game, GameKind, Handicap, Move, Node, NodeId, Piece,
    PieceKind, ShogiMove, ShogiPosition, ShogiStart, Square,
};
use crate::rules::shogi::{Illegal, Position};
use crate::text::{LineIndex, TextEncoding};

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "jkf",
    description: "JSON Kifu Format (json-kifu-format), shogi",
    extensions: &["jkf"],
    kinds: &["shogi"],
    capabilities: Capabilities {
        variations: true,
        comments: true,
        setup: true,
        time: true,
        markup: false,
        collections: false,
    },
    legacy_encoding: None,
    default_output_encoding: TextEncoding::UTF_8,
    sniff,
    declared_charset: None,
    reader: Reader::Text(read),
    writer: Some(Writer::Text(write)),
};

fn sniff(bytes: &[u8]) -> bool {
    let s = content_start(bytes);
    s.first() == Some(&b'{') && {
        let head = s.get(..s.len().min(4096)).unwrap_or(s);
        head.windows(9).any(|w| w == b"\"header\"") || head.windows(7).any(|w| w == b"\"moves\"")
    }
}

const PRESETS: [(&str, Handicap); 16] = [
    ("HIRATE", Handicap::Even),
    ("KY", Handicap::Lance),
    ("KY_R", Handicap::RightLance),
    ("KA", Handicap::Bishop),
    ("HI", Handicap::Rook),
    ("HIKY", Handicap::RookLance),
    ("2", Handicap::TwoPieces),
    ("3", Handicap::ThreePieces),
    ("4", Handicap::FourPieces),
    ("5", Handicap::FivePieces),
    ("5_L", Handicap::LeftFivePieces),
    ("6", Handicap::SixPieces),
    ("7_L", Handicap::LeftSevenPieces),
    ("7_R", Handicap::RightSevenPieces),
    ("8", Handicap::EightPieces),
    ("10", Handicap::TenPieces),
];

const SPECIALS: [(&str, EndingKind); 12] = [
    ("TORYO", EndingKind::Resign),
    ("CHUDAN", EndingKind::Interrupt),
    ("SENNICHITE", EndingKind::Repetition),
    ("TIME_UP", EndingKind::Timeout),
    ("ILLEGAL_MOVE", EndingKind::IllegalLoss),
    ("JISHOGI", EndingKind::Impasse),
    ("KACHI", EndingKind::EnteringKing),
    ("HIKIWAKE", EndingKind::Draw),
    ("TSUMI", EndingKind::Checkmate),
    ("FUZUMI", EndingKind::NoMate),
    ("+ILLEGAL_ACTION", EndingKind::IllegalLoss),
    ("-ILLEGAL_ACTION", EndingKind::IllegalLoss),
];

fn color_of(v: &Value) -> Option<Color> {
    match v.as_u64()? {
        0 => Some(Color::Black),
        1 => Some(Color::White),
        _ => None,
    }
}

fn color_num(c: Color) -> u64 {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

fn square_of(v: &Value) -> Option<Square> {
    let x = u8::try_from(v.get("x")?.as_u64()?).ok()?;
    let y = u8::try_from(v.get("y")?.as_u64()?).ok()?;
    Square::new(x, y)
}

fn kind_of(v: Option<&Value>) -> Option<PieceKind> {
    PieceKind::from_csa(v?.as_str()?)
}

/// Reads a JKF document.
pub fn read(text: &str) -> Parsed {
    let mut parsed = Parsed::default();
    let doc: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let index = LineIndex::new(text);
            let at = index.line_start(e.line()).map_or(text.len(), |s| {
                (s + e.column().saturating_sub(1)).min(text.len())
            });
            parsed.diagnostics.push(Diagnostic::error(
                "jkf::syntax",
                format!("not a JKF document: {e}"),
                Span::at(at),
            ));
            return parsed;
        }
    };
    let moves_at = Span::at(text.find("\"moves\"").unwrap_or(0));
    let mut game = Game::new(GameKind::Shogi);
    if let Some(h) = doc.get("header").and_then(Value::as_object) {
        for (k, v) in h {
            if let Some(v) = v.as_str() {
                crate::formats::kif::apply_header(&mut game.info, k, v);
            }
        }
    }
    let start = match read_initial(doc.get("initial")) {
        Ok(s) => s,
        Err(msg) => {
            parsed.diagnostics.push(Diagnostic::error(
                "jkf::bad-initial",
                msg,
                Span::at(text.find("\"initial\"").unwrap_or(0)),
            ));
            ShogiStart::Preset(Handicap::Even)
        }
    };
    let mut pos = Position::from_model(&start.position());
    game.info.shogi_start = Some(start);
    let empty = Vec::new();
    let moves = doc.get("moves").and_then(Value::as_array).unwrap_or(&empty);
    if let Some(first) = moves.first() {
        if let Some(c) = comments(first) {
            game.info.game_comment = Some(c);
        }
    }
    let mut spans = vec![Span::at(0)];
    // (list, index, parent, entering): an entry of a list, to be read as a child
    // of `parent`; on leaving, its move is taken back.
    enum Step<'v> {
        Enter(&'v [Value], usize, NodeId, u32),
        Leave(ShogiMove),
    }
    let mut stack: Vec<Step<'_>> = Vec::new();
    push_children(&mut stack, moves, 0, NodeId::ROOT, 0, |l, i, p, n| {
        Step::Enter(l, i, p, n)
    });
    while let Some(step) = stack.pop() {
        let (list, i, parent, number) = match step {
            Step::Leave(m) => {
                pos.unmake(&m);
                continue;
            }
            Step::Enter(l, i, p, n) => (l, i, p, n),
        };
        let Some(entry) = list.get(i) else { continue };
        let mut node = Node {
            comment: comments(entry),
            ..Node::default()
        };
        if let Some(t) = entry.get("time") {
            let now = t.get("now");
            let total = t.get("total");
            let secs = |v: Option<&Value>, k: &str| {
                v.and_then(|v| v.get(k))
                    .and_then(Value::as_u64)
                    .unwrap_or(0)
            };
            if now.is_some() {
                node.time_used_ms = Some((secs(now, "m") * 60 + secs(now, "s")) * 1000);
            }
            if total.is_some() {
                node.time_total_ms = Some(
                    (secs(total, "h") * 3600 + secs(total, "m") * 60 + secs(total, "s")) * 1000,
                );
            }
        }
        if let Some(sp) = entry.get("special").and_then(Value::as_str) {
            let side = pos.to_move();
            let Some(&(_, kind)) = SPECIALS.iter().find(|(w, _)| *w == sp) else {
                parsed.diagnostics.push(
                    Diagnostic::warning(
                        "jkf::unknown-special",
                        format!("unknown special {sp:?}"),
                        moves_at,
                    )
                    .with_move(number),
                );
                continue;
            };
            let offender = match sp {
                "+ILLEGAL_ACTION" => Color::Black,
                "-ILLEGAL_ACTION" => Color::White,
                _ => side,
            };
            let kind = if kind == EndingKind::IllegalLoss && offender != side {
                EndingKind::IllegalWin
            } else {
                kind
            };
            node.ending = Some(Ending {
                kind,
                color: Some(side),
            });
            game.tree.add_child(parent, node);
            spans.push(moves_at);
            continue;
        }
        let Some(mv) = entry.get("move") else {
            parsed.diagnostics.push(
                Diagnostic::error(
                    "jkf::bad-move",
                    "an entry with neither move nor special",
                    moves_at,
                )
                .with_move(number),
            );
            continue;
        };
        let color = mv.get("color").and_then(color_of).unwrap_or(pos.to_move());
        let to = mv.get("to").and_then(square_of);
        let piece = kind_of(mv.get("piece"));
        let from = match mv.get("from") {
            None | Some(Value::Null) => None,
            Some(f) => match square_of(f) {
                Some(sq) => Some(sq),
                None => {
                    parsed.diagnostics.push(
                        Diagnostic::error("jkf::bad-move", "cannot read `from`", moves_at)
                            .with_move(number),
                    );
                    continue;
                }
            },
        };
        let (Some(to), Some(piece)) = (to, piece) else {
            parsed.diagnostics.push(
                Diagnostic::error("jkf::bad-move", "a move needs `to` and `piece`", moves_at)
                    .with_move(number),
            );
            continue;
        };
        let promote = mv.get("promote").and_then(Value::as_bool).unwrap_or(false);
        let m = ShogiMove {
            color,
            from,
            to,
            piece,
            promote,
            capture: pos.get(to).filter(|p| p.color != color).map(|p| p.kind),
        };
        if color != pos.to_move() {
            parsed.diagnostics.push(
                Diagnostic::error(
                    Illegal::WrongSide.code(),
                    Illegal::WrongSide.message(&m),
                    moves_at,
                )
                .with_move(number),
            );
            continue;
        }
        // A move against the rules is kept for validation to report.
        match pos.check_structure(&m) {
            Ok(()) => {}
            Err(why) => {
                parsed.diagnostics.push(
                    Diagnostic::error(why.code(), why.message(&m), moves_at).with_move(number),
                );
                continue;
            }
        }
        node.mv = Some(Move::Shogi(m));
        let id = game.tree.add_child(parent, node);
        spans.push(moves_at);
        pos.make(&m);
        stack.push(Step::Leave(m));
        push_children(&mut stack, list, i, id, number, |l, i, p, n| {
            Step::Enter(l, i, p, n)
        });
    }
    if let Some(Ending {
        kind,
        color: Some(c),
    }) = game.tree.main_line().last().and_then(|(_, n)| n.ending)
    {
        game.info.result = result_of(kind, c);
    }
    parsed.collection.games.push(game);
    parsed.node_spans.push(spans);
    parsed
}

/// Pushes the children of entry `i` of `list`: entry `i+1`, then the first entry of
/// each of its forks, so that they pop in that order.
fn push_children<'v, S>(
    stack: &mut Vec<S>,
    list: &'v [Value],
    i: usize,
    parent: NodeId,
    number: u32,
    make: impl Fn(&'v [Value], usize, NodeId, u32) -> S,
) {
    let Some(next) = list.get(i + 1) else { return };
    let forks: Vec<&'v [Value]> = next
        .get("forks")
        .and_then(Value::as_array)
        .map(|f| {
            f.iter()
                .filter_map(|l| l.as_array().map(Vec::as_slice))
                .collect()
        })
        .unwrap_or_default();
    for fork in forks.into_iter().rev() {
        stack.push(make(fork, 0, parent, number + 1));
    }
    stack.push(make(list, i + 1, parent, number + 1));
}

fn comments(entry: &Value) -> Option<String> {
    let c = entry.get("comments")?.as_array()?;
    let lines: Vec<&str> = c.iter().filter_map(Value::as_str).collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

fn read_initial(v: Option<&Value>) -> Result<ShogiStart, String> {
    let Some(v) = v else {
        return Ok(ShogiStart::Preset(Handicap::Even));
    };
    let preset = v.get("preset").and_then(Value::as_str).unwrap_or("HIRATE");
    if let Some(&(_, h)) = PRESETS.iter().find(|(n, _)| *n == preset) {
        return Ok(ShogiStart::Preset(h));
    }
    if preset != "OTHER" {
        return Err(format!("unknown preset {preset:?}"));
    }
    let data = v.get("data").ok_or("preset OTHER needs `data`")?;
    let mut p = ShogiPosition::empty();
    p.to_move = data.get("color").and_then(color_of).unwrap_or(Color::Black);
    let board = data
        .get("board")
        .and_then(Value::as_array)
        .ok_or("`data` needs a `board`")?;
    for (x, col) in board.iter().enumerate().take(9) {
        let col = col.as_array().ok_or("each board column is an array")?;
        for (y, cell) in col.iter().enumerate().take(9) {
            let (Some(c), Some(k)) = (
                cell.get("color").and_then(color_of),
                kind_of(cell.get("kind")),
            ) else {
                continue;
            };
            if let Some(sq) = Square::new(x as u8 + 1, y as u8 + 1) {
                p.set(sq, Some(Piece { color: c, kind: k }));
            }
        }
    }
    if let Some(hands) = data.get("hands").and_then(Value::as_array) {
        for (c, hand) in hands.iter().enumerate().take(2) {
            for kind in PieceKind::HAND {
                let n = hand.get(kind.csa()).and_then(Value::as_u64).unwrap_or(0);
                if let Some(slot) = p.hands[c].count_mut(kind) {
                    *slot = u8::try_from(n).unwrap_or(u8::MAX);
                }
            }
        }
    }
    Ok(
        match Handicap::ALL.into_iter().find(|h| h.position() == p) {
            Some(h) => ShogiStart::Preset(h),
            None => ShogiStart::Other(Box::new(p)),
        },
    )
}

/// Writes one game as JKF (pretty-printed).
pub fn write(
    collection: &Collection,
    _options: &WriteOptions<'_>,
) -> Result<Written<String>, WriteError> {
    FORMAT.check_kinds(collection)?;
    let game = match collection.games.as_slice() {
        [g] => g,
        [] => return Err(WriteError::Invalid("there is no game to write".into())),
        more => {
            return Err(WriteError::TooManyGames {
                format: "jkf",
                count: more.len(),
            })
        }
    };
    let mut header = Map::new();
    for (k, v) in crate::formats::kif::header_pairs(&game.info) {
        header.insert(k, Value::String(v));
    }
    let start = game
        .info
        .shogi_start
        .clone()
        .unwrap_or(ShogiStart::Preset(Handicap::Even));
    let initial = match &start {
        ShogiStart::Preset(h) => {
            let name = PRESETS
                .iter()
                .find(|(_, p)| p == h)
                .map_or("HIRATE", |(n, _)| n);
            json!({ "preset": name })
        }
        ShogiStart::Other(p) => {
            let board: Vec<Value> = (1..=9u8)
                .map(|x| {
                    Value::Array(
                        (1..=9u8)
                            .map(|y| match Square::new(x, y).and_then(|sq| p.get(sq)) {
                                Some(pc) => {
                                    json!({ "color": color_num(pc.color), "kind": pc.kind.csa() })
                                }
                                None => json!({}),
                            })
                            .collect(),
                    )
                })
                .collect();
            let hands: Vec<Value> = p
                .hands
                .iter()
                .map(|h| {
                    let mut m = Map::new();
                    for k in [
                        PieceKind::Pawn,
                        PieceKind::Lance,
                        PieceKind::Knight,
                        PieceKind::Silver,
                        PieceKind::Gold,
                        PieceKind::Bishop,
                        PieceKind::Rook,
                    ] {
                        m.insert(k.csa().to_string(), json!(h.count(k)));
                    }
                    Value::Object(m)
                })
                .collect();
            json!({ "preset": "OTHER", "data": { "color": color_num(p.to_move), "board": board, "hands": hands } })
        }
    };
    let mut losses: Vec<crate::diag::Loss> = crate::formats::kif::unwritable_info(&game.info)
        .into_iter()
        .map(|what| crate::diag::Loss {
            code: "jkf::info-dropped",
            message: format!("JKF has no place for {what}"),
            game: 0,
            move_number: None,
        })
        .collect();
    if game.tree.iter().any(|(_, n)| !n.bookmarks.is_empty()) {
        losses.push(crate::diag::Loss {
            code: "jkf::bookmarks-dropped",
            message: "JKF has no bookmarks: they are left out".into(),
            game: 0,
            move_number: None,
        });
    }
    let moves = write_moves(game, &start)?;
    let mut doc = Map::new();
    doc.insert("header".into(), Value::Object(header));
    doc.insert("initial".into(), initial);
    doc.insert("moves".into(), moves);
    let mut output = serde_json::to_string_pretty(&Value::Object(doc))
        .map_err(|e| WriteError::Invalid(format!("cannot write JSON: {e}")))?;
    output.push('\n');
    Ok(Written { output, losses })
}

fn entry(game: &Game, id: NodeId, pos: &Position) -> Value {
    let mut e = Map::new();
    let Some(node) = game.tree.get(id) else {
        return Value::Object(e);
    };
    if let Some(c) = &node.comment {
        e.insert("comments".into(), json!(c.split('\n').collect::<Vec<_>>()));
    }
    if node.time_used_ms.is_some() || node.time_total_ms.is_some() {
        let now = node.time_used_ms.unwrap_or(0) / 1000;
        let total = node.time_total_ms.unwrap_or(0) / 1000;
        e.insert(
            "time".into(),
            json!({
                "now": { "m": now / 60, "s": now % 60 },
                "total": { "h": total / 3600, "m": total / 60 % 60, "s": total % 60 }
            }),
        );
    }
    if let Some(Move::Shogi(m)) = node.mv {
        let mut mv = Map::new();
        mv.insert("color".into(), json!(color_num(m.color)));
        mv.insert(
            "from".into(),
            m.from
                .map_or(Value::Null, |f| json!({ "x": f.file, "y": f.rank })),
        );
        mv.insert("to".into(), json!({ "x": m.to.file, "y": m.to.rank }));
        mv.insert("piece".into(), json!(m.piece.csa()));
        if m.promote {
            mv.insert("promote".into(), json!(true));
        }
        if let Some(c) = m.capture {
            mv.insert("capture".into(), json!(c.csa()));
        }
        let parent_to = node
            .parent()
            .and_then(|p| game.tree.get(p))
            .and_then(|p| match p.mv {
                Some(Move::Shogi(pm)) => Some(pm.to),
                _ => None,
            });
        if parent_to == Some(m.to) {
            mv.insert("same".into(), json!(true));
        }
        let (rel, drop_mark) = pos.relative_for(&m);
        let mut r = String::new();
        for (flag, c) in [
            (rel.left, 'L'),
            (rel.straight, 'C'),
            (rel.right, 'R'),
            (rel.up, 'U'),
            (rel.sideways, 'M'),
            (rel.back, 'D'),
        ] {
            if flag {
                r.push(c);
            }
        }
        if m.from.is_none() && drop_mark {
            r.push('H');
        }
        if !r.is_empty() {
            mv.insert("relative".into(), json!(r));
        }
        e.insert("move".into(), Value::Object(mv));
    } else if let Some(end) = node.ending {
        let side = end.color.unwrap_or(Color::Black);
        let word = match end.kind {
            EndingKind::Resign => "TORYO",
            EndingKind::Interrupt | EndingKind::SealedMove => "CHUDAN",
            EndingKind::Repetition => "SENNICHITE",
            EndingKind::Timeout => "TIME_UP",
            EndingKind::IllegalLoss => "ILLEGAL_MOVE",
            EndingKind::IllegalWin => {
                if side == Color::Black {
                    "-ILLEGAL_ACTION"
                } else {
                    "+ILLEGAL_ACTION"
                }
            }
            EndingKind::Impasse => "JISHOGI",
            EndingKind::EnteringKing => "KACHI",
            EndingKind::Draw => "HIKIWAKE",
            EndingKind::Checkmate => "TSUMI",
            EndingKind::NoMate => "FUZUMI",
            EndingKind::WinByDefault | EndingKind::LossByDefault => "CHUDAN",
        };
        e.insert("special".into(), json!(word));
    }
    Value::Object(e)
}

/// The `moves` array: built iteratively. Each line is a list; an entry's `forks`
/// hold the lines of its later siblings.
fn write_moves(game: &Game, start: &ShogiStart) -> Result<Value, WriteError> {
    let tree = &game.tree;
    let mut pos = Position::from_model(&start.position());
    // Lines are built bottom-up: `lists[k]` is the list for line k; a fork list is
    // attached to its entry once complete. Work items walk the tree in pre-order.
    struct Line {
        entries: Vec<Value>,
        /// Where this line's list goes: (parent line, entry index in it); None = top.
        attach: Option<(usize, usize)>,
    }
    let mut lines: Vec<Line> = vec![Line {
        entries: vec![match &game.info.game_comment {
            Some(c) => json!({ "comments": c.split('\n').collect::<Vec<_>>() }),
            None => json!({}),
        }],
        attach: None,
    }];
    enum Step {
        Enter(NodeId, usize),
        Leave(ShogiMove),
    }
    let mut stack: Vec<Step> = Vec::new();
    let push_kids = |stack: &mut Vec<Step>, lines: &mut Vec<Line>, id: NodeId, line: usize| {
        let kids = tree
            .get(id)
            .map(|n| n.children().to_vec())
            .unwrap_or_default();
        let Some((&first, rest)) = kids.split_first() else {
            return;
        };
        let at = lines.get(line).map_or(0, |l| l.entries.len());
        let base = lines.len();
        for _ in rest {
            lines.push(Line {
                entries: Vec::new(),
                attach: Some((line, at)),
            });
        }
        for (k, &alt) in rest.iter().enumerate().rev() {
            stack.push(Step::Enter(alt, base + k));
        }
        stack.push(Step::Enter(first, line));
    };
    push_kids(&mut stack, &mut lines, NodeId::ROOT, 0);
    while let Some(step) = stack.pop() {
        match step {
            Step::Leave(m) => pos.unmake(&m),
            Step::Enter(id, line) => {
                let e = entry(game, id, &pos);
                if let Some(l) = lines.get_mut(line) {
                    l.entries.push(e);
                }
                if let Some(Move::Shogi(m)) = tree.get(id).and_then(|n| n.mv) {
                    pos.make(&m);
                    stack.push(Step::Leave(m));
                }
                push_kids(&mut stack, &mut lines, id, line);
            }
        }
    }
    // Attach fork lines, deepest (latest created) first, keeping sibling order.
    let mut forks: Vec<Vec<Value>> = Vec::new();
    let mut attach: Vec<Option<(usize, usize)>> = Vec::new();
    for l in lines {
        forks.push(l.entries);
        attach.push(l.attach);
    }
    for k in (1..forks.len()).rev() {
        let Some((parent, at)) = attach.get(k).copied().flatten() else {
            continue;
        };
        let list = std::mem::take(&mut forks[k]);
        if let Some(Value::Object(e)) = forks.get_mut(parent).and_then(|p| p.get_mut(at)) {
            let slot = e.entry("forks").or_insert_with(|| Value::Array(Vec::new()));
            if let Value::Array(a) = slot {
                a.insert(0, Value::Array(list));
            }
        }
    }
    Ok(Value::Array(std::mem::take(&mut forks[0])))
}
