//! Shogi's analysis comment lines. Each parser takes a comment line as the model
//! holds it — the KIF reader drops the line's first `*`, the CSA reader its `'*` — so
//! the KIF line `**対局 深さ 2 …` arrives as `*対局 深さ 2 …`, the KIF line
//! `*#評価値=158` (CSA `'*#評価値=158`) as `#評価値=158`, and the CSA line
//! `'** 47 -2324FU` as `* 47 -2324FU`. Scores are centipawns from sente's side, as all three write them.

use super::{decimal, number, words, NotAnalysis};
use crate::model::{Convention, Evaluation};

/// The mate length written when a source names the winner but not the length:
/// `mate` is `±MATE_UNKNOWN_LENGTH`.
pub const MATE_UNKNOWN_LENGTH: i32 = i32::MAX;

/// Reads a KIF engine line (`*対局 …`, `*解析 …`, `*検討 …`, as ShogiGUI and Kifu for
/// Windows write it after a move): optional `候補N` (or a number after `解析`), then
/// `時間 mm:ss.d`, `深さ d` or `深さ d/s`, `ノード数 n`, `評価値 v`, `読み筋` and the
/// moves to the end of the line, each word of the line known.
pub fn parse_kif_line(line: &str) -> Result<Evaluation, NotAnalysis> {
    let body = line
        .strip_prefix('*')
        .ok_or(NotAnalysis::at(0, "expected `*` before the engine line"))?;
    let mut w = words(body).map(|(at, word)| (at + 1, word));
    let (at, label) = w
        .next()
        .ok_or(NotAnalysis::at(1, "expected 対局, 解析 or 検討"))?;
    let convention = match label {
        "対局" => Convention::KifGame,
        "解析" => Convention::KifAnalysis,
        "検討" => Convention::KifStudy,
        _ => return Err(NotAnalysis::at(at, "expected 対局, 解析 or 検討")),
    };
    let mut e = Evaluation::in_convention(convention);
    let mut first = true;
    while let Some((at, key)) = w.next() {
        if first {
            first = false;
            let rank = match convention {
                Convention::KifAnalysis => Some(key),
                _ => key.strip_prefix("候補"),
            };
            if let Some(n) = rank.and_then(|r| r.parse::<u32>().ok()) {
                e.rank = Some(n);
                continue;
            }
        }
        if key == "読み筋" {
            e.pv = w.by_ref().map(|(_, m)| m.to_string()).collect();
            break;
        }
        let (vat, value) = w
            .next()
            .ok_or(NotAnalysis::at(at, "a key without its value"))?;
        let bad = |why| NotAnalysis::at(vat, why);
        match key {
            "時間" if e.time_ms.is_none() => {
                e.time_ms = Some(clock(value).ok_or(bad("expected a time mm:ss.d"))?);
            }
            "深さ" if e.depth.is_none() => {
                let (d, s) = match value.split_once('/') {
                    Some((d, s)) => (d, Some(s)),
                    None => (value, None),
                };
                e.depth = Some(d.parse().map_err(|_| bad("expected a depth"))?);
                if let Some(s) = s {
                    e.seldepth = Some(s.parse().map_err(|_| bad("expected a depth"))?);
                }
            }
            "ノード数" if e.visits.is_none() => {
                e.visits = Some(value.parse().map_err(|_| bad("expected a node count"))?);
            }
            "評価値" if e.score.is_none() => {
                e.score = Some(integer(value).ok_or(bad("expected a whole score"))?);
            }
            _ => return Err(NotAnalysis::at(at, "a word the engine line does not have")),
        }
    }
    Ok(e)
}

/// Writes a KIF engine line for `e` (its convention's label; 対局 when it has none of
/// the three), as the model holds it: the KIF writer adds the comment's `*`. Each
/// principal-variation move is followed by a space, as ShogiGUI writes it.
pub fn write_kif_line(e: &Evaluation) -> String {
    let label = match e.convention {
        Some(Convention::KifAnalysis) => "解析",
        Some(Convention::KifStudy) => "検討",
        _ => "対局",
    };
    let mut out = format!("*{label}");
    if let Some(r) = e.rank {
        match e.convention {
            Some(Convention::KifAnalysis) => out.push_str(&format!(" {r}")),
            _ => out.push_str(&format!(" 候補{r}")),
        }
    }
    if let Some(ms) = e.time_ms {
        let tenths = ms / 100;
        out.push_str(&format!(
            " 時間 {:02}:{:02}.{}",
            tenths / 600,
            tenths / 10 % 60,
            tenths % 10
        ));
    }
    if let Some(d) = e.depth {
        out.push_str(&format!(" 深さ {d}"));
        if let Some(s) = e.seldepth {
            out.push_str(&format!("/{s}"));
        }
    }
    if let Some(n) = e.visits {
        out.push_str(&format!(" ノード数 {n}"));
    }
    if let Some(v) = e.score {
        out.push_str(&format!(" 評価値 {}", decimal(v, 0)));
    }
    if !e.pv.is_empty() {
        out.push_str(" 読み筋 ");
        for m in &e.pv {
            out.push_str(m);
            out.push(' ');
        }
    }
    out
}

/// The ShogiHome keys, in the order ShogiHome writes them.
const HOME_KEYS: [&str; 6] = [
    "#詰み=",
    "#評価値=",
    "#読み筋=",
    "#深さ=",
    "#ノード数=",
    "#エンジン=",
];

/// True when `line` is one of ShogiHome's analysis lines (`#評価値=` …).
pub fn is_shogihome_line(line: &str) -> bool {
    HOME_KEYS.iter().any(|k| line.starts_with(k))
}

/// Reads ShogiHome's analysis lines out of a comment (lines joined with `\n`):
/// `#詰み=先手勝ち:15手`, `#評価値=158`, `#読み筋=▲７六歩△３四歩`, `#深さ=8`,
/// `#ノード数=123456`, `#エンジン=name`. Other lines (the situation word ShogiHome
/// writes before them, the user's text) are not read. `None` when there is none;
/// an error for a malformed or repeated one.
pub fn parse_shogihome(comment: &str) -> Result<Option<Evaluation>, NotAnalysis> {
    let mut e = Evaluation::in_convention(Convention::ShogiHome);
    let mut seen = [false; HOME_KEYS.len()];
    let mut off = 0;
    for line in comment.split('\n') {
        let here = off;
        off += line.len() + 1;
        let Some((k, key)) = HOME_KEYS
            .iter()
            .enumerate()
            .find(|(_, k)| line.starts_with(**k))
        else {
            continue;
        };
        if seen[k] {
            return Err(NotAnalysis::at(here, "a second line with the same key"));
        }
        seen[k] = true;
        let vat = here + key.len();
        let value = &line[key.len()..];
        let bad = |why| NotAnalysis::at(vat, why);
        match k {
            0 => e.mate = Some(home_mate(value).ok_or(bad("expected 先手勝ち or 後手勝ち"))?),
            1 => e.score = Some(integer(value).ok_or(bad("expected a whole score"))?),
            2 => e.pv = split_moves(value).ok_or(bad("expected moves each after ▲ or △"))?,
            3 => e.depth = Some(value.parse().map_err(|_| bad("expected a depth"))?),
            4 => e.visits = Some(value.parse().map_err(|_| bad("expected a node count"))?),
            _ if value.is_empty() => return Err(bad("expected an engine name")),
            _ => e.engine = Some(value.to_string()),
        }
    }
    Ok(seen.contains(&true).then_some(e))
}

/// Writes ShogiHome's lines for `e`, joined with `\n` (no final one), in ShogiHome's
/// order; empty when `e` has none of their fields.
pub fn write_shogihome(e: &Evaluation) -> String {
    let mut lines = Vec::new();
    if let Some(m) = e.mate {
        let side = if m > 0 {
            "先手勝ち"
        } else {
            "後手勝ち"
        };
        if m.unsigned_abs() == MATE_UNKNOWN_LENGTH.unsigned_abs() {
            lines.push(format!("#詰み={side}"));
        } else {
            lines.push(format!("#詰み={side}:{}手", m.unsigned_abs()));
        }
    }
    if let Some(v) = e.score {
        lines.push(format!("#評価値={}", decimal(v, 0)));
    }
    if !e.pv.is_empty() {
        lines.push(format!("#読み筋={}", e.pv.concat()));
    }
    if let Some(d) = e.depth {
        lines.push(format!("#深さ={d}"));
    }
    if let Some(n) = e.visits {
        lines.push(format!("#ノード数={n}"));
    }
    if let Some(name) = &e.engine {
        lines.push(format!("#エンジン={name}"));
    }
    lines.join("\n")
}

/// Reads a floodgate remark (CSA `'** <score> <moves>`) as the model holds it:
/// `* 47 -2324FU +2824HI`, the score from sente's side, the principal variation in
/// CSA moves.
pub fn parse_floodgate(line: &str) -> Result<Evaluation, NotAnalysis> {
    let body = line
        .strip_prefix('*')
        .ok_or(NotAnalysis::at(0, "expected `*`"))?;
    if !body.starts_with(' ') {
        return Err(NotAnalysis::at(1, "expected a space after `*`"));
    }
    let mut w = words(body).map(|(at, word)| (at + 1, word));
    let (at, score) = w.next().ok_or(NotAnalysis::at(1, "expected a score"))?;
    let mut e = Evaluation::in_convention(Convention::Floodgate);
    e.score = Some(integer(score).ok_or(NotAnalysis::at(at, "expected a whole score"))?);
    // The variation in CSA moves, or in USI moves as some engines write it
    // (aobazero: `'** 130 7g7f 8c8d`), kept as written.
    for (at, mv) in w {
        if !is_csa_move(mv) && !crate::formats::usi::is_usi_move(mv) {
            return Err(NotAnalysis::at(
                at,
                "expected a CSA move such as -2324FU or a USI move such as 7g7f",
            ));
        }
        e.pv.push(mv.to_string());
    }
    Ok(e)
}

/// Writes a floodgate remark as the model holds it (the CSA writer adds `'*`);
/// `None` without a score, which the remark must have.
pub fn write_floodgate(e: &Evaluation) -> Option<String> {
    let mut out = format!("* {}", decimal(e.score?, 0));
    for m in &e.pv {
        out.push(' ');
        out.push_str(m);
    }
    Some(out)
}

/// A CSA move: `+` or `-`, four digits (from `00` for a drop), a piece's two letters.
pub(crate) fn is_csa_move(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() == 7
        && matches!(b[0], b'+' | b'-')
        && b[1..5].iter().all(u8::is_ascii_digit)
        && b[5..].iter().all(u8::is_ascii_uppercase)
}

/// A whole number (`-7`, `+120`, `1000001`).
fn integer(word: &str) -> Option<f64> {
    let digits = word.strip_prefix(['+', '-']).unwrap_or(word);
    let ok = !digits.is_empty() && digits.len() <= 15 && digits.bytes().all(|b| b.is_ascii_digit());
    ok.then(|| number(word)).flatten()
}

/// A clock `mm:ss.d` (or `mm:ss`) in milliseconds.
fn clock(text: &str) -> Option<u64> {
    let (m, s) = text.split_once(':')?;
    let (s, tenths) = match s.split_once('.') {
        Some((s, t)) if t.len() == 1 => (s, t.parse::<u64>().ok()?),
        Some(_) => return None,
        None => (s, 0),
    };
    let digits = |t: &str| !t.is_empty() && t.len() <= 6 && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(m) || s.len() != 2 || !digits(s) {
        return None;
    }
    let secs: u64 = s.parse().ok().filter(|s| *s < 60)?;
    Some((m.parse::<u64>().ok()? * 60 + secs) * 1000 + tenths * 100)
}

/// ShogiHome's mate value: `先手勝ち` / `後手勝ち`, optionally `:N手`.
fn home_mate(value: &str) -> Option<i32> {
    let (side, length) = match value.split_once(':') {
        Some((s, l)) => (s, Some(l.strip_suffix('手')?.parse::<i32>().ok()?)),
        None => (value, None),
    };
    let sign = match side {
        "先手勝ち" => 1,
        "後手勝ち" => -1,
        _ => return None,
    };
    let n = length.unwrap_or(MATE_UNKNOWN_LENGTH);
    (n >= 0).then_some(sign * n)
}

/// Moves written one after another, each starting with `▲` or `△`.
fn split_moves(text: &str) -> Option<Vec<String>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    if !text.starts_with(['▲', '△']) {
        return None;
    }
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices().skip(1) {
        if c == '▲' || c == '△' {
            out.push(text[start..i].to_string());
            start = i;
        }
    }
    out.push(text[start..].to_string());
    out.iter().all(|m| m.chars().count() > 1).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kif_lines_read_and_write_back() {
        for line in [
            "*対局 深さ 2 ノード数 960 評価値 0 読み筋 ▲７六歩(77) ",
            "*対局 深さ 2 ノード数 365 評価値 -1000001 読み筋 △同　銀(31) ",
            "*検討 候補1 時間 00:06.0 深さ 27/43 ノード数 44995318 評価値 -7 読み筋 △８四歩(83) ▲７八金(69) ",
            "*解析 0 深さ 12 評価値 35",
        ] {
            let e = parse_kif_line(line).expect(line);
            assert_eq!(write_kif_line(&e), line);
        }
        let e = parse_kif_line("*検討 候補1 時間 01:06.5 深さ 27/43 評価値 -7").expect("parses");
        assert_eq!(
            (e.rank, e.time_ms, e.depth, e.seldepth, e.score),
            (Some(1), Some(66_500), Some(27), Some(43), Some(-7.0))
        );
        assert_eq!(e.convention, Some(Convention::KifStudy));
        let at = |l: &str| parse_kif_line(l).map_err(|e| e.at);
        assert_eq!(at("*対局 深さ x"), Err(15));
        assert_eq!(at("*対局 色 1"), Err(8));
        assert_eq!(at("*対局 評価値 1 評価値 2"), Err(20));
        assert_eq!(at("*感想 良い手"), Err(1));
        assert_eq!(at("対局"), Err(0));
    }

    #[test]
    fn shogihome_lines() {
        let comment = "互角\n#評価値=158\n#読み筋=▲７六歩△３四歩\n#深さ=8\n#ノード数=123456\n#エンジン=Engine01";
        let e = parse_shogihome(comment).expect("parses").expect("has one");
        assert_eq!(e.score, Some(158.0));
        assert_eq!(e.pv, vec!["▲７六歩", "△３四歩"]);
        assert_eq!((e.depth, e.visits), (Some(8), Some(123456)));
        assert_eq!(e.engine.as_deref(), Some("Engine01"));
        assert_eq!(write_shogihome(&e), comment.trim_start_matches("互角\n"));
        let m = parse_shogihome("#詰み=後手勝ち:7手")
            .expect("ok")
            .expect("one");
        assert_eq!(m.mate, Some(-7));
        assert_eq!(write_shogihome(&m), "#詰み=後手勝ち:7手");
        let m = parse_shogihome("#詰み=先手勝ち").expect("ok").expect("one");
        assert_eq!(m.mate, Some(MATE_UNKNOWN_LENGTH));
        assert_eq!(write_shogihome(&m), "#詰み=先手勝ち");
        assert_eq!(parse_shogihome("ただのコメント"), Ok(None));
        assert_eq!(parse_shogihome("x\n#評価値=abc").map_err(|e| e.at), Err(13));
        assert!(parse_shogihome("#評価値=1\n#評価値=2").is_err());
        assert!(parse_shogihome("#読み筋=７六歩").is_err());
    }

    #[test]
    fn floodgate_remarks() {
        for line in ["* 0", "* 47 -2324FU +2824HI -0022FU", "* -1200 +7776FU"] {
            let e = parse_floodgate(line).expect(line);
            assert_eq!(write_floodgate(&e).as_deref(), Some(line));
        }
        let e = parse_floodgate("* 47 -2324FU").expect("parses");
        assert_eq!((e.score, e.pv.len()), (Some(47.0), 1));
        let at = |l: &str| parse_floodgate(l).map_err(|e| e.at);
        assert_eq!(at("* 47 -2324F"), Err(5));
        assert_eq!(at("* x"), Err(2));
        assert_eq!(at("*x"), Err(1));
        assert_eq!(at("*"), Err(1));
        assert_eq!(at("47"), Err(0));
    }

    /// aobazero writes its variation in USI moves: read and written back as it is.
    #[test]
    fn floodgate_remarks_in_usi_moves() {
        let line = "* 130 7g7f 8c8d P*5e 8h2b+";
        let e = parse_floodgate(line).expect(line);
        assert_eq!(e.score, Some(130.0));
        assert_eq!(e.pv, ["7g7f", "8c8d", "P*5e", "8h2b+"]);
        assert_eq!(write_floodgate(&e).as_deref(), Some(line));
        let at = |l: &str| parse_floodgate(l).map_err(|e| e.at);
        assert_eq!(at("* 130 7g7f K*5e"), Err(11));
        assert_eq!(at("* 130 7g7j"), Err(6));
        assert_eq!(at("* 130 7g7f="), Err(6));
    }
}
