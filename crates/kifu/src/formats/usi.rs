//! USI position commands: `position startpos moves 7g7f 3c3d …` or
//! `position sfen <sfen> moves …`, one game per line, for feeding engines.
//! Reading accepts the line with or without `position`, and a bare SFEN; each move
//! is checked on the engine's position. A line may end with the end token ShogiHome
//! and tsshogi write (`resign`, `rep_draw`, `draw`, `timeout`, `win`, `break`), read
//! as the game's special end. Writing gives the main line's moves only, as engines
//! take them (variations, comments, times and special ends are reported as losses);
//! [`UsiOption::Endings`] asks for the end tokens after the moves.

use super::{
    Capabilities, Format, FormatOption, Parsed, Reader, WriteError, WriteOptions, Writer, Written,
};
use crate::diag::{codes, Diagnostic, Loss, Span};
use crate::model::{
    Collection, Ending, EndingKind, Game, GameKind, Handicap, Move, Node, NodeId, PieceKind,
    ShogiMove, ShogiStart, Square,
};
use crate::rules::shogi::{from_sfen, to_sfen, Position};

/// The registry entry.
pub const FORMAT: Format = Format {
    name: "usi",
    description: "USI `position … moves …` lines (shogi engines), main line only",
    extensions: &["usi"],
    kinds: &["shogi"],
    capabilities: Capabilities {
        variations: false,
        comments: false,
        setup: true,
        time: false,
        markup: false,
        collections: true,
        variation_info: false,
    },
    sniff,
    reader: Reader::Text(read),
    blank_is_a_record: true,
    join: crate::formats::Join::Concatenate,
    writer: Some(Writer::Text(write)),
    writes: WRITES,
    cut: Some(super::cutting::by_lines),
    ..Format::BASE
};

/// What the writer writes of the model: the start position and the main line's moves and ends.
pub const WRITES: crate::formats::Writes = crate::formats::Writes {
    info: &[crate::formats::InfoField::ShogiStart],
    node: &[crate::formats::NodeField::Ending],
    lines: crate::formats::Lines::MainLine,
    variation_info: false,
    extras: &["usi:"],
    extras_dropped: &[],
    result_from_ending: false,
};

fn sniff(bytes: &[u8]) -> bool {
    let s = super::content_start(bytes);
    s.starts_with(b"position startpos") || s.starts_with(b"position sfen")
}

const FILES: &str = "123456789";
const RANKS: &str = "abcdefghi";

fn usi_square(sq: Square) -> String {
    let r = RANKS
        .as_bytes()
        .get(usize::from(sq.rank.saturating_sub(1)))
        .copied()
        .unwrap_or(b'a');
    format!("{}{}", sq.file, char::from(r))
}

/// True for a USI move: `7g7f`, `8h2b+` or a drop `P*5e`.
pub(crate) fn is_usi_move(word: &str) -> bool {
    let b = word.as_bytes();
    match b {
        [piece, b'*', to @ ..] => {
            drop_kind(*piece).is_some() && to.len() == 2 && parse_square(to).is_some()
        }
        [from0, from1, to0, to1, rest @ ..] => {
            parse_square(&[*from0, *from1]).is_some()
                && parse_square(&[*to0, *to1]).is_some()
                && matches!(rest, [] | [b'+'])
        }
        _ => false,
    }
}

/// The square of a USI square's two bytes (`7g`).
pub(crate) fn parse_square(s: &[u8]) -> Option<Square> {
    let (&f, &r) = (s.first()?, s.get(1)?);
    let file = FILES.bytes().position(|c| c == f)? as u8 + 1;
    let rank = RANKS.bytes().position(|c| c == r)? as u8 + 1;
    Square::new(file, rank)
}

/// The kind a drop's letter names (any kind but the king).
pub(crate) fn drop_kind(c: u8) -> Option<PieceKind> {
    PieceKind::from_sfen_letter(char::from(c))
        .filter(|k| *k != PieceKind::King && c.is_ascii_uppercase())
}

/// The end tokens of USI game records and the special ends they stand for (the side
/// to move is the one that resigns, runs out of time, declares or stops).
const END_TOKENS: [(&str, EndingKind); 6] = [
    ("resign", EndingKind::Resign),
    ("rep_draw", EndingKind::Repetition),
    ("draw", EndingKind::Draw),
    ("timeout", EndingKind::Timeout),
    ("win", EndingKind::EnteringKing),
    ("break", EndingKind::Interrupt),
];

/// The special end an end token names.
fn ending_of(token: &str) -> Option<EndingKind> {
    END_TOKENS
        .iter()
        .find(|(t, _)| *t == token)
        .map(|&(_, kind)| kind)
}

/// The end token for a special end: its own, `draw` for 持将棋 (reported as changed),
/// none for the ends USI cannot say.
fn token_of(kind: EndingKind) -> Option<&'static str> {
    if kind == EndingKind::Impasse {
        return Some("draw");
    }
    END_TOKENS
        .iter()
        .find(|&&(_, k)| k == kind)
        .map(|&(t, _)| t)
}

/// A move in USI notation: `7g7f`, `8h2b+`, `P*5e`.
pub fn usi_move(m: &ShogiMove) -> String {
    match m.from {
        Some(f) => format!(
            "{}{}{}",
            usi_square(f),
            usi_square(m.to),
            if m.promote { "+" } else { "" }
        ),
        None => format!("{}*{}", m.piece.sfen_letter(), usi_square(m.to)),
    }
}

/// Reads USI lines, one game each.
pub fn read(text: &str) -> Parsed {
    let mut parsed = Parsed::default();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let at = offset;
        offset += raw.len();
        let line = raw.trim_end();
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let (game, spans) = read_line(line, at, &mut parsed.diagnostics);
        parsed.collection.games.push(game);
        parsed.node_spans.push(spans);
    }
    parsed
}

fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line
        .char_indices()
        .chain(std::iter::once((line.len(), ' ')))
    {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

fn read_line(line: &str, at: usize, diags: &mut Vec<Diagnostic>) -> (Game, Vec<Span>) {
    let mut game = Game::new(GameKind::Shogi);
    let mut spans = vec![Span::new(at, at + line.len())];
    let w = words(line);
    let mut i = 0;
    if w.first().map(|x| x.1) == Some("position") {
        i += 1;
    }
    let start = match w.get(i).map(|x| x.1) {
        Some("startpos") => {
            i += 1;
            ShogiStart::Preset(Handicap::Even)
        }
        first => {
            if first == Some("sfen") {
                i += 1;
            }
            let fields: Vec<&str> = w
                .iter()
                .skip(i)
                .take_while(|x| x.1 != "moves")
                .map(|x| x.1)
                .collect();
            let sfen_at = w.get(i).map_or(at, |x| at + x.0);
            i += fields.len();
            match from_sfen(&fields.join(" ")) {
                Ok((p, _)) => match Handicap::ALL.into_iter().find(|h| h.position() == p) {
                    Some(h) => ShogiStart::Preset(h),
                    None => ShogiStart::Other(Box::new(p)),
                },
                Err(msg) => {
                    diags.push(Diagnostic::new(
                        codes::USI_BAD_SFEN,
                        msg,
                        Span::new(sfen_at, at + line.len()),
                    ));
                    game.info.shogi_start = Some(ShogiStart::Preset(Handicap::Even));
                    return (game, spans);
                }
            }
        }
    };
    let mut pos = Position::from_model(&start.position());
    game.info.shogi_start = Some(start);
    if w.get(i).map(|x| x.1) == Some("moves") {
        i += 1;
    } else if let Some(&(o, extra)) = w.get(i) {
        diags.push(Diagnostic::new(
            codes::USI_SYNTAX,
            format!("expected `moves`, found {}", crate::diag::quote(extra)),
            Span::new(at + o, at + o + extra.len()),
        ));
        return (game, spans);
    }
    let mut parent = NodeId::ROOT;
    let mut number = 0u32;
    let mut ended = false;
    // A node and a span per word left: room for exactly that, not up to twice it.
    let words_left = w.len().saturating_sub(i);
    game.tree.reserve(words_left);
    spans.reserve_exact(words_left);
    for &(o, token) in w.iter().skip(i) {
        number += 1;
        let span = Span::new(at + o, at + o + token.len());
        if ended {
            diags.push(
                Diagnostic::new(
                    codes::USI_MOVE_AFTER_END,
                    format!("{token:?} follows the end of the game"),
                    span,
                )
                .with_move(number),
            );
            break;
        }
        if let Some(kind) = ending_of(token) {
            parent = game.tree.add_child(
                parent,
                Node::with_ending(Ending {
                    kind,
                    color: Some(pos.to_move()),
                }),
            );
            spans.push(span);
            ended = true;
            continue;
        }
        let b = token.as_bytes();
        let color = pos.to_move();
        let parsed = if b.get(1) == Some(&b'*') {
            b.first()
                .and_then(|&c| drop_kind(c))
                .zip(b.get(2..4).and_then(parse_square))
                .filter(|_| b.len() == 4)
                .map(|(k, to)| (None, to, k, false))
        } else {
            let promote = b.len() == 5 && b.get(4) == Some(&b'+');
            let from = b.get(0..2).and_then(parse_square);
            let to = b.get(2..4).and_then(parse_square);
            match (from, to) {
                (Some(f), Some(t)) if b.len() == 4 || promote => {
                    pos.get(f).map(|p| (Some(f), t, p.kind, promote))
                }
                _ => None,
            }
        };
        let Some((from, to, piece, promote)) = parsed else {
            let code = if b.len() >= 4 {
                codes::SHOGI_NO_PIECE
            } else {
                codes::USI_BAD_MOVE
            };
            diags.push(
                Diagnostic::new(
                    code,
                    format!(
                        "cannot play the USI move {} here",
                        crate::diag::quote(token)
                    ),
                    span,
                )
                .with_move(number),
            );
            break;
        };
        let mv = pos.build_move(color, from, to, piece, promote);
        // A move against the rules is kept for validation to report.
        match pos.check_structure(&mv) {
            Ok(()) => {}
            Err(why) => {
                diags.push(Diagnostic::new(why.code(), why.message(&mv), span).with_move(number));
                break;
            }
        }
        pos.make(&mv);
        parent = game.tree.add_child(
            parent,
            Node {
                mv: Some(Move::Shogi(mv)),
                ..Node::default()
            },
        );
        spans.push(span);
    }
    (game, spans)
}

/// An option of the USI writer, given as [`FormatOption::Usi`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum UsiOption {
    /// End each line with the special end's token (`resign`, `win` …), which USI
    /// engines do not accept; without it lines hold moves only and each end left out
    /// is reported as a loss (`usi::ending-dropped`).
    Endings,
}

/// Writes each game's main line as one `position … moves …` line: moves only, as USI
/// engines take them, each special end left out reported as a loss; with
/// [`UsiOption::Endings`], the end's token after the moves as ShogiHome writes.
pub fn write(
    collection: &Collection,
    options: &WriteOptions<'_>,
) -> Result<Written<String>, WriteError> {
    let endings = options
        .format_options
        .contains(&FormatOption::Usi(UsiOption::Endings));
    let mut out = String::new();
    let mut losses = Vec::new();
    for (g, game) in collection.games.iter().enumerate() {
        let start = game
            .info
            .shogi_start
            .clone()
            .unwrap_or(ShogiStart::Preset(Handicap::Even));
        match &start {
            ShogiStart::Preset(Handicap::Even) => out.push_str("position startpos"),
            other => {
                out.push_str("position sfen ");
                out.push_str(&to_sfen(&other.position(), 1));
            }
        }
        let mut moves = Vec::new();
        let mut unspelled = None;
        let mut changed = None;
        let mut untokened = None;
        for (id, node) in game.tree.main_line() {
            if let Some(Move::Shogi(m)) = node.mv {
                moves.push(usi_move(&m));
            }
            if let Some(ending) = &node.ending {
                match token_of(ending.kind) {
                    Some(token) if endings => {
                        moves.push(token.to_string());
                        if ending_of(token) != Some(ending.kind) {
                            changed = Some((ending.kind, token));
                        }
                    }
                    Some(token) => untokened = Some((moves.len(), ending.kind, token)),
                    None => unspelled = Some((id, ending.kind)),
                }
            }
        }
        if !moves.is_empty() {
            out.push_str(" moves ");
            out.push_str(&moves.join(" "));
        }
        out.push('\n');
        if let Some((kind, token)) = changed {
            losses.push(Loss {
                code: codes::USI_ENDING_CHANGED,
                message: format!(
                    "USI has no token for {}: written as {token}",
                    kind.japanese()
                ),
                game: g,
                move_number: None,
            });
        }
        if let Some((after, kind, token)) = untokened {
            losses.push(Loss::new(
                crate::diag::codes::USI_ENDING_DROPPED,
                format!(
                    "USI engines take moves only: the end {} ({token}) is left out (--usi-endings writes it)",
                    kind.japanese()
                ),
                g,
                // At the last move written (none: the start).
                u32::try_from(after).ok().filter(|&n| n > 0),
            ));
        }
        if let Some((id, kind)) = unspelled {
            losses.push(Loss::new(
                crate::diag::codes::USI_ENDING_DROPPED,
                format!("USI has no token for {}: left out", kind.japanese()),
                g,
                game.tree.move_number(id),
            ));
        }
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
    fn reads_and_writes_position_lines() {
        let text = "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e\n";
        let p = read(text);
        assert_eq!(p.diagnostics, vec![]);
        let g = &p.collection.games[0];
        assert_eq!(g.tree.len(), 6);
        let w = write(&p.collection, &WriteOptions::default()).map(|w| w.output);
        assert_eq!(w.as_deref(), Ok(text));
        let text = "position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1 moves P*5e\n";
        let p = read(text);
        assert_eq!(p.diagnostics, vec![]);
        let w = write(&p.collection, &WriteOptions::default()).map(|w| w.output);
        assert_eq!(w.as_deref(), Ok(text));
        let p = read("position startpos moves 7g7f 7g7f\n");
        assert_eq!(
            p.diagnostics
                .iter()
                .map(|d| (d.code, d.span.start, d.move_number))
                .collect::<Vec<_>>(),
            vec![("shogi::no-piece", 29, Some(2))]
        );
        let p = read("position startpos moves zz\n");
        assert_eq!(
            p.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(),
            vec!["usi::bad-move"]
        );
        let p = read("position sfen 9/9 b - 1 moves 7g7f\n");
        assert_eq!(
            p.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(),
            vec!["usi::bad-sfen"]
        );
    }
}

#[cfg(test)]
mod end_token_tests {
    use super::*;

    fn ending(p: &Parsed) -> Option<Ending> {
        p.collection
            .games
            .first()?
            .tree
            .main_line()
            .last()?
            .1
            .ending
    }

    #[test]
    fn end_tokens_are_read_as_special_ends_and_written_back() {
        for (token, kind, side) in [
            ("resign", EndingKind::Resign, crate::model::Color::Black),
            (
                "rep_draw",
                EndingKind::Repetition,
                crate::model::Color::Black,
            ),
            ("draw", EndingKind::Draw, crate::model::Color::Black),
            ("timeout", EndingKind::Timeout, crate::model::Color::Black),
            ("win", EndingKind::EnteringKing, crate::model::Color::Black),
            ("break", EndingKind::Interrupt, crate::model::Color::Black),
        ] {
            let text = format!("position startpos moves 7g7f 3c3d {token}\n");
            let p = read(&text);
            assert_eq!(p.diagnostics, vec![], "{token}");
            assert_eq!(
                ending(&p),
                Some(Ending {
                    kind,
                    color: Some(side)
                }),
                "{token}"
            );
            let endings = WriteOptions {
                format_options: &[FormatOption::Usi(UsiOption::Endings)],
                ..WriteOptions::default()
            };
            let w = write(&p.collection, &endings).expect("writes");
            assert_eq!(w.output, text, "{token}");
            assert_eq!(w.losses, vec![], "{token}");
            // By default the line holds the moves only, and the end is a loss.
            let w = write(&p.collection, &WriteOptions::default()).expect("writes");
            assert_eq!(w.output, "position startpos moves 7g7f 3c3d\n", "{token}");
            assert_eq!(
                w.losses
                    .iter()
                    .map(|l| (l.code.name, l.message.as_str(), l.move_number))
                    .collect::<Vec<_>>(),
                vec![(
                    "usi::ending-dropped",
                    format!(
                        "USI engines take moves only: the end {} ({token}) is left out (--usi-endings writes it)",
                        kind.japanese()
                    )
                    .as_str(),
                    Some(2)
                )],
                "{token}"
            );
        }
    }

    /// The writer reads its own option among others and passes another format's by:
    /// with a CSA version alone the end is left out (and reported), with the USI
    /// option beside it the token is written.
    #[test]
    fn the_writer_reads_its_own_option_among_other_formats() {
        let c = read("position startpos moves 7g7f resign\n").collection;
        let csa = [FormatOption::Csa(crate::formats::csa::CsaVersion::V3_0)];
        let both = [csa[0], FormatOption::Usi(UsiOption::Endings)];
        let with = |format_options| WriteOptions {
            format_options,
            ..WriteOptions::default()
        };
        let alone = write(&c, &with(&csa)).expect("writes");
        assert_eq!(alone.output, "position startpos moves 7g7f\n");
        assert_eq!(
            alone.losses.iter().map(|l| l.code).collect::<Vec<_>>(),
            ["usi::ending-dropped"]
        );
        let asked = write(&c, &with(&both)).expect("writes");
        assert_eq!(asked.output, "position startpos moves 7g7f resign\n");
        assert!(asked.losses.is_empty());
    }

    #[test]
    fn a_move_after_the_end_token_is_an_error_and_unsayable_ends_are_losses() {
        let p = read("position startpos moves 7g7f resign 3c3d\n");
        assert_eq!(
            p.diagnostics
                .iter()
                .map(|d| (d.code, d.span.start, d.move_number))
                .collect::<Vec<_>>(),
            vec![("usi::move-after-end", 36, Some(3))]
        );
        let c = read("position startpos moves 7g7f\n").collection;
        let last = c.games[0]
            .tree
            .main_line()
            .last()
            .map(|(id, _)| id)
            .expect("a node");
        for (kind, out, code) in [
            (
                EndingKind::Impasse,
                "position startpos moves 7g7f draw\n",
                "usi::ending-changed",
            ),
            (
                EndingKind::Checkmate,
                "position startpos moves 7g7f\n",
                "usi::ending-dropped",
            ),
        ] {
            let mut c = c.clone();
            c.games[0].tree.add_child(
                last,
                Node::with_ending(Ending {
                    kind,
                    color: Some(crate::model::Color::White),
                }),
            );
            let endings = WriteOptions {
                format_options: &[FormatOption::Usi(UsiOption::Endings)],
                ..WriteOptions::default()
            };
            let w = write(&c, &endings).expect("writes");
            assert_eq!(w.output, out);
            assert_eq!(
                w.losses.iter().map(|l| l.code.name).collect::<Vec<_>>(),
                vec![code]
            );
        }
    }
}
