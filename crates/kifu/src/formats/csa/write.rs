//! The CSA writer: V2.2 or V3.0 (as asked by [`FormatOption::Csa`], else
//! V3.0 when the source was V3.0, else V2.2), `N+`/`N-`, `$` lines,
//! the full start position, moves with `,T` times, `'*` comments, `%` specials.
//! Games of a collection are separated by `/`; variations are reported as losses.

use std::fmt::Write as _;

use super::read::{SPECIAL_KEY, TIME_TEXT_KEY, VERSION_KEY};
use crate::diag::{codes, Loss};
use crate::formats::shogi::comment::{root_comment_loss, REMARK_KEY};
use crate::formats::shogi::special::{interrupted, special_word};
use crate::formats::{FormatOption, WriteError, WriteOptions, Written};
use crate::model::{Collection, Color, EndingKind, Game, Handicap, Move, Node, ShogiStart};

/// Writes the games as CSA.
pub fn write(
    collection: &Collection,
    options: &WriteOptions<'_>,
) -> Result<Written<String>, WriteError> {
    // About 16 bytes a move and a header: grown once or twice, not a dozen times.
    let nodes: usize = collection.games.iter().map(|g| g.tree.len()).sum();
    let mut out = String::with_capacity(512 + 16 * nodes);
    let mut losses = Vec::new();
    for (g, game) in collection.games.iter().enumerate() {
        if g > 0 {
            out.push_str("/\n");
        }
        write_game(&mut out, game, g, options, &mut losses);
    }
    Ok(Written {
        output: out,
        losses,
    })
}

fn write_game(
    out: &mut String,
    game: &Game,
    g: usize,
    options: &WriteOptions<'_>,
    losses: &mut Vec<Loss>,
) {
    let info = &game.info;
    let source_version = info
        .extras
        .get(VERSION_KEY)
        .and_then(|v| v.first())
        .map_or("V2.2", String::as_str);
    let asked = options.format_options.iter().find_map(|o| match o {
        FormatOption::Csa(v) => Some(v.line()),
        _ => None,
    });
    let version: &str = asked.unwrap_or(source_version);
    let v3 = version.starts_with("V3");
    if !v3 {
        let fractions = game
            .tree
            .main_line()
            .filter(|(_, n)| n.time_used_ms().is_some_and(|ms| ms % 1000 != 0))
            .count();
        if fractions > 0 {
            losses.push(Loss {
                code: codes::CSA_TIME_FRACTIONS_DROPPED,
                message: format!(
                    "CSA {version} times are whole seconds: {fractions} time(s) rounded down"
                ),
                game: g,
                move_number: None,
            });
        }
    }
    if v3 {
        let _ = writeln!(out, "'CSA encoding={}", options.encoding.name());
    } else {
        let _ = writeln!(out, "'encoding={}", options.encoding.name());
    }
    if let Some(lines) = info.extras.get(REMARK_KEY) {
        for l in lines {
            let _ = writeln!(out, "'{l}");
        }
    }
    let _ = writeln!(out, "{version}");
    if let Some(n) = &info.black.name {
        let _ = writeln!(out, "N+{n}");
    }
    if let Some(n) = &info.white.name {
        let _ = writeln!(out, "N-{n}");
    }
    for (key, v) in [
        ("EVENT", &info.event),
        ("SITE", &info.place),
        ("START_TIME", &info.date),
        ("TIME_LIMIT", &info.time_control),
        ("OPENING", &info.opening),
    ] {
        if let Some(v) = v {
            let _ = writeln!(out, "${key}:{v}");
        }
    }
    for e in info.extras.of_format("csa") {
        if let (Some(key), Some(v)) = (e.key.strip_prefix("csa:$"), e.values.first()) {
            let _ = writeln!(out, "${key}:{v}");
        }
    }
    // A KIF header's 終了日時 is CSA's `$END_TIME`.
    let csa_end = info.extras.get("csa:$END_TIME").unwrap_or(&[]);
    for e in info.extras.0.iter().filter(|e| e.key == "kif:終了日時") {
        if let Some(v) = e.values.first().filter(|v| !csa_end.contains(v)) {
            let _ = writeln!(out, "$END_TIME:{v}");
        }
    }
    if let Some(c) = &info.game_comment {
        for l in c.split('\n') {
            let _ = writeln!(out, "'*{l}");
        }
    }
    // CSA has no comment on the start position but the game's: the root's joins it.
    let root = game.tree.root_node();
    if let Some(c) = &root.comment {
        for l in c.split('\n') {
            let _ = writeln!(out, "'*{l}");
        }
        losses.extend(root_comment_loss(game).map(|mut l| {
            l.game = g;
            l
        }));
    }
    let start = info
        .shogi_start
        .as_ref()
        .map_or_else(|| Handicap::Even.position(), ShogiStart::position);
    for (r, row) in start.squares().chunks(9).enumerate() {
        let _ = write!(out, "P{}", r + 1);
        for cell in row {
            match cell {
                None => out.push_str(" * "),
                Some(p) => {
                    out.push(if p.color == Color::Black { '+' } else { '-' });
                    out.push_str(p.kind.csa());
                }
            }
        }
        out.push('\n');
    }
    for color in [Color::Black, Color::White] {
        let hand = &start.hands[color.index()];
        if hand.is_empty() {
            continue;
        }
        out.push_str(if color == Color::Black { "P+" } else { "P-" });
        for k in crate::model::PieceKind::HAND {
            for _ in 0..hand.count(k) {
                let _ = write!(out, "00{}", k.csa());
            }
        }
        out.push('\n');
    }
    out.push_str(if start.to_move == Color::Black {
        "+\n"
    } else {
        "-\n"
    });
    for (_, node) in game.tree.main_line().skip(1) {
        write_node(out, node, v3);
    }
    losses.extend(interrupted(
        game,
        game.tree.main_line().map(|(id, _)| id),
        "CSA",
        g,
    ));
}

/// Writes a move's or an end's time (`,T12`, `,T1.500` in V3), if any.
fn time(out: &mut String, node: &Node, v3: bool) {
    if let Some(raw) = node.extras.get(TIME_TEXT_KEY).and_then(|v| v.first()) {
        // A `T` statement that could not be read goes back as written.
        out.push(',');
        out.push_str(raw);
        return;
    }
    let Some(ms) = node.time_used_ms() else {
        return;
    };
    out.push_str(",T");
    decimal(out, ms / 1000);
    if v3 && ms % 1000 != 0 {
        let frac = ms % 1000;
        out.push('.');
        for d in [frac / 100, frac / 10 % 10, frac % 10] {
            out.push(digit(d));
        }
    }
}

/// The ASCII digit of `d` (0–9).
fn digit(d: u64) -> char {
    char::from(b'0' + (d % 10) as u8)
}

/// Writes `n` in decimal. By hand: `write!` costs several times more, once per move
/// (the formatting machinery, for two or three digits).
fn decimal(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut len = 0;
    loop {
        if let Some(slot) = digits.get_mut(len) {
            *slot = (n % 10) as u8;
        }
        len += 1;
        n /= 10;
        if n == 0 || len == digits.len() {
            break;
        }
    }
    for &d in digits.iter().take(len).rev() {
        out.push(char::from(b'0' + d));
    }
}

/// Writes a small number: one digit by itself (squares), others in decimal.
fn number(out: &mut String, n: u8) {
    if n < 10 {
        out.push(char::from(b'0' + n));
    } else {
        decimal(out, u64::from(n));
    }
}

fn write_node(out: &mut String, node: &Node, v3: bool) {
    if let Some(Move::Shogi(m)) = node.mv {
        out.push(if m.color == Color::Black { '+' } else { '-' });
        match m.from {
            Some(f) => {
                number(out, f.file);
                number(out, f.rank);
            }
            None => out.push_str("00"),
        }
        let after = if m.promote {
            m.piece.promoted().unwrap_or(m.piece)
        } else {
            m.piece
        };
        number(out, m.to.file);
        number(out, m.to.rank);
        out.push_str(after.csa());
        time(out, node, v3);
        out.push('\n');
    } else if let Some(e) = node.ending {
        // An illegal move written as something else than %ILLEGAL_MOVE keeps its word.
        let kept = node
            .extras
            .get(SPECIAL_KEY)
            .and_then(|v| v.first())
            .filter(|_| e.kind == EndingKind::IllegalLoss);
        match kept {
            Some(word) => {
                out.push_str(word);
                time(out, node, v3);
                out.push('\n');
            }
            None => {
                out.push('%');
                out.push_str(special_word(e));
                time(out, node, v3);
                out.push('\n');
            }
        }
    } else {
        return;
    }
    if let Some(c) = &node.comment {
        for l in c.split('\n') {
            let _ = writeln!(out, "'*{l}");
        }
    }
    for l in node.extras.get(REMARK_KEY).unwrap_or(&[]) {
        let _ = writeln!(out, "'{l}");
    }
}

#[cfg(test)]
mod tests {
    use super::{decimal, time};
    use crate::model::Node;

    #[test]
    fn numbers_are_written_in_decimal_by_hand() {
        for n in [0, 7, 9, 10, 99, 100, 12_345, u64::from(u32::MAX), u64::MAX] {
            let mut out = String::new();
            decimal(&mut out, n);
            assert_eq!(out, n.to_string());
        }
    }

    #[test]
    fn times_are_whole_seconds_in_v2_and_milliseconds_in_v3() {
        let cases: [(u64, &str, &str); 7] = [
            (0, ",T0", ",T0"),
            (999, ",T0", ",T0.999"),
            (1_005, ",T1", ",T1.005"),
            (1_500, ",T1", ",T1.500"),
            (60_000, ",T60", ",T60"),
            (123_456_789, ",T123456", ",T123456.789"),
            (5_000_000_000_123, ",T5000000000", ",T5000000000.123"),
        ];
        for (ms, v2, v3) in cases {
            let mut node = Node::default();
            node.set_time_used_ms(Some(ms));
            for (is_v3, expected) in [(false, v2), (true, v3)] {
                let mut out = String::new();
                time(&mut out, &node, is_v3);
                assert_eq!(out, expected, "{ms} ms, v3 {is_v3}");
            }
        }
        let mut out = String::new();
        time(&mut out, &Node::default(), true);
        assert_eq!(out, "", "no time, nothing written");
    }
}
