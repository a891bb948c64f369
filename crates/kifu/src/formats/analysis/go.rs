//! Go's SGF analysis properties: Lizzie / Leela Zero `LZ`, Sabaki `SBKV`, Ogatak
//! `SBKV` + `OGSC`. Each parser takes a property's value as the SGF reader unescapes
//! it; each writer gives the value to escape. Win rates in the model are Black's,
//! 0–1; score leads Black's, in points. Principal variations are GTP vertices.

use super::{decimal, number, words, NotAnalysis};
use crate::model::{Color, Convention, Evaluation};

/// The Lizzie version kifu writes in the first word of an `LZ` value (Lizzie reads
/// the word and ignores it).
pub const LZ_VERSION: &str = "0.7.4";

/// Reads an `LZ` value as Lizzie writes it: a first line `<version> <win rate %>
/// <playouts>` (the win rate of the player who made the node's move, `mover`), then
/// a line with the candidates of the side to move, each `move X visits N winrate W
/// [scoreMean S] pv X … info `.
///
/// The first evaluation is the node's (rank `None`): the first line's win rate and
/// playouts. Each candidate is one more evaluation, ranked from 1 in the order
/// written, with its visits, its win rate and score mean turned to Black's, and its
/// variation (which starts with the candidate's move). A lone candidate whose
/// figures are the node's own (what [`write_lz`] writes for a node evaluation with a
/// variation) is folded into the node's evaluation as its `pv`. Keys Lizzie's
/// forks add (`prior`, `lcb`, `order` …) are read past and not mapped.
pub fn parse_lz(value: &str, mover: Color) -> Result<Vec<Evaluation>, NotAnalysis> {
    let (first, rest) = match value.find('\n') {
        Some(i) => (&value[..i], Some((i + 1, &value[i + 1..]))),
        None => (value, None),
    };
    let first = first.strip_suffix('\r').unwrap_or(first);
    let w: Vec<(usize, &str)> = words(first).collect();
    let [_, (wat, rate), (pat, playouts)] = w.as_slice() else {
        return Err(NotAnalysis::at(
            0,
            "expected `<version> <win rate> <playouts>`",
        ));
    };
    let rate = number(rate)
        .filter(|r| (0.0..=100.0).contains(r))
        .ok_or(NotAnalysis::at(*wat, "expected a win rate from 0 to 100"))?;
    let visits = count(playouts).ok_or(NotAnalysis::at(*pat, "expected a playout count"))?;
    let mut head = Evaluation::in_convention(Convention::Lizzie);
    head.winrate = Some(black_rate(rate / 100.0, mover));
    head.visits = Some(visits);
    let mut out = vec![head];
    if let Some((off, line)) = rest {
        if line.contains('\n') {
            return Err(NotAnalysis::at(off, "an LZ value has at most two lines"));
        }
        let line = line.strip_suffix('\r').unwrap_or(line);
        let candidates = candidates(line, off, mover.opponent())?;
        out.extend(candidates);
    }
    // A lone candidate with the node's own figures is the node's variation.
    if let [head, only] = out.as_mut_slice() {
        let folded =
            only.visits == head.visits && only.winrate == head.winrate && only.score.is_none();
        if folded {
            head.pv = std::mem::take(&mut only.pv);
            out.truncate(1);
        }
    }
    Ok(out)
}

/// Writes an `LZ` value for a node whose move `mover` made, from the node's
/// evaluation `head` and its `candidates` (the side to move's, in order): `None`
/// when `head` has no win rate or visit count, or a candidate cannot be written
/// ([`lz_candidate`]). A variation of `head` itself is written as the one candidate,
/// with the node's visits and win rate (so `head` with a variation takes no others).
/// The first line ends with a line break always, as Lizzie writes it.
pub fn write_lz(head: &Evaluation, candidates: &[Evaluation], mover: Color) -> Option<String> {
    let mut out = lz_head(head, mover)?;
    if !head.pv.is_empty() && !candidates.is_empty() {
        return None;
    }
    for c in candidates {
        out.push_str(&lz_candidate(c, mover.opponent())?);
    }
    Some(out)
}

/// The first line of an `LZ` value and its line break (then, for a node evaluation
/// with a variation, the line of its one candidate): `None` without a win rate or
/// a visit count. Playouts are written in Lizzie's short form (`1.5k`, `23k`,
/// `1.2m`) when that reads back as the same count, else in digits.
pub fn lz_head(e: &Evaluation, mover: Color) -> Option<String> {
    let rate = black_rate(e.winrate?, mover);
    let visits = e.visits?;
    // One decimal always, as Lizzie's `%.1f`.
    let mut out = format!("{LZ_VERSION} {:.1} {}\n", rate * 100.0, playouts(visits));
    if !e.pv.is_empty() {
        let own = Evaluation {
            pv: e.pv.clone(),
            visits: Some(visits),
            winrate: e.winrate,
            ..Evaluation::default()
        };
        out.push_str(&lz_candidate(&own, mover.opponent())?);
    }
    Some(out)
}

/// One candidate as Lizzie writes it, `to_move` the side to move: `move X visits N
/// winrate W [scoreMean S] pv X … info ` (W the side to move's win rate in
/// hundredths of a percent, S its score mean, written as Java writes a double).
/// `None` without visits, a win rate or a variation of GTP vertices.
pub fn lz_candidate(e: &Evaluation, to_move: Color) -> Option<String> {
    let first = e.pv.first()?;
    if !e.pv.iter().all(|m| is_vertex(m)) {
        return None;
    }
    let theirs = (black_rate(e.winrate?, to_move) * 10000.0).round() as i64;
    let mut out = format!("move {first} visits {} winrate {theirs}", e.visits?);
    if let Some(score) = e.score {
        let mean = match to_move {
            Color::Black => score,
            Color::White => -score,
        };
        out.push_str(&format!(" scoreMean {}", java_double(mean)));
    }
    out.push_str(&format!(" pv {} info ", e.pv.join(" ")));
    Some(out)
}

/// A double as Java's `Double.toString` writes one from 0.001 to 10⁷ (`3.0`,
/// `-0.25`): the shortest decimal that reads back, with at least one decimal.
fn java_double(v: f64) -> String {
    let text = format!("{v}");
    if text.contains('.') {
        text
    } else {
        format!("{text}.0")
    }
}

/// Lizzie's way of writing a playout count (`Utils.getPlayoutsString`): `12.3m`
/// from a million, `13k` from ten thousand, `1.3k` from a thousand, when that reads
/// back as `n`; else the digits.
fn playouts(n: u64) -> String {
    let short = if n >= 1_000_000 {
        format!("{:.1}m", (n as f64 / 100_000.0).round() / 10.0)
    } else if n >= 10_000 {
        format!("{}k", (n as f64 / 1_000.0).round())
    } else if n >= 1_000 {
        format!("{:.1}k", (n as f64 / 100.0).round() / 10.0)
    } else {
        return n.to_string();
    };
    if count(&short) == Some(n) {
        short
    } else {
        n.to_string()
    }
}

/// Reads an `SBKV` value as Sabaki writes it: Black's win rate in percent.
pub fn parse_sbkv(value: &str) -> Result<Evaluation, NotAnalysis> {
    let mut e = Evaluation::in_convention(Convention::Sabaki);
    e.winrate = Some(percent(value)?);
    Ok(e)
}

/// Writes an `SBKV` value (two decimals at most, as Sabaki does); `None` without a
/// win rate.
pub fn write_sbkv(e: &Evaluation) -> Option<String> {
    Some(decimal(e.winrate? * 100.0, 2))
}

/// Reads Ogatak's pair: `SBKV` (Black's win rate in percent, when present) and `OGSC`
/// (Black's score lead in points).
pub fn parse_ogatak(sbkv: Option<&str>, ogsc: &str) -> Result<Evaluation, NotAnalysis> {
    let mut e = Evaluation::in_convention(Convention::Ogatak);
    e.score = Some(number(ogsc.trim()).ok_or(NotAnalysis::at(0, "expected a score lead"))?);
    if let Some(v) = sbkv {
        e.winrate = Some(percent(v)?);
    }
    Ok(e)
}

/// Writes Ogatak's pair `(SBKV, OGSC)`, one decimal each always, as Ogatak's
/// `toFixed(1)`: `None` without a score; no `SBKV` without a win rate.
pub fn write_ogatak(e: &Evaluation) -> Option<(Option<String>, String)> {
    let score = format!("{:.1}", e.score?);
    Some((e.winrate.map(|w| format!("{:.1}", w * 100.0)), score))
}

/// Reads the start of a KataGo self-play comment (what `WriteSgf::writeSgf` in
/// KataGo's `cpp/dataio/sgf.cpp` writes on each move node): `W L NR S v=N`, White's
/// win, loss and no-result rates (`%.2f`), White's score (`%.1f`) and the visits;
/// then, after one space, what else KataGo wrote there (`rv=`, `weight=`,
/// `result=` …), returned as the rest of the comment. Black's win rate is White's
/// loss rate; the score is turned to Black's. A no-result rate other than `0.00`,
/// or a win rate that is not `1 − loss`, does not read (the model has no place for
/// them).
pub fn parse_katago(comment: &str) -> Result<(Evaluation, &str), NotAnalysis> {
    let mut at = 0;
    let mut word = |what: &'static str| -> Result<(usize, &str), NotAnalysis> {
        let rest = comment.get(at..).unwrap_or("");
        let len = rest.find([' ', '\n']).unwrap_or(rest.len());
        let start = at;
        if len == 0 {
            return Err(NotAnalysis::at(start, what));
        }
        at += len;
        if comment[at..].starts_with(' ') {
            at += 1;
        }
        Ok((start, &rest[..len]))
    };
    let rate = |(at, w): (usize, &str)| {
        number(w)
            .filter(|r| (0.0..=1.0).contains(r) && w.len() == 4)
            .ok_or(NotAnalysis::at(at, "expected a rate with two decimals"))
    };
    let win = rate(word("expected White's win rate")?)?;
    let loss = rate(word("expected White's loss rate")?)?;
    let (nat, nr) = word("expected the no-result rate")?;
    if nr != "0.00" {
        return Err(NotAnalysis::at(nat, "a no-result rate other than 0.00"));
    }
    let (sat, s) = word("expected White's score")?;
    let score = number(s)
        .filter(|_| s.split_once('.').is_some_and(|(_, d)| d.len() == 1))
        .ok_or(NotAnalysis::at(sat, "expected a score with one decimal"))?;
    let (vat, v) = word("expected `v=` and the visits")?;
    let visits = v
        .strip_prefix("v=")
        .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|d| d.parse().ok())
        .ok_or(NotAnalysis::at(vat, "expected `v=` and the visits"))?;
    if format!("{:.2}", 1.0 - loss) != format!("{win:.2}") {
        return Err(NotAnalysis::at(0, "the win rate is not 1 − the loss rate"));
    }
    let mut e = Evaluation::in_convention(Convention::KataGo);
    e.winrate = Some(tidy(loss));
    e.score = Some(-score);
    e.visits = Some(visits);
    // The rest: what follows the visits' single space (a line break stays in it).
    let end = vat + v.len();
    let rest = match comment.get(end..) {
        Some(r) if r.starts_with(' ') => &r[1..],
        Some(r) => r,
        None => "",
    };
    Ok((e, rest))
}

/// Writes the start of a KataGo self-play comment for `e`: `None` without a win
/// rate, a score or visits.
pub fn write_katago(e: &Evaluation) -> Option<String> {
    let loss = e.winrate?;
    let white_score = -e.score?;
    Some(format!(
        "{:.2} {loss:.2} 0.00 {white_score:.1} v={}",
        1.0 - loss,
        e.visits?
    ))
}

/// A percentage from 0 to 100 as a rate from 0 to 1.
fn percent(value: &str) -> Result<f64, NotAnalysis> {
    let lead = value.len() - value.trim_start().len();
    number(value.trim())
        .filter(|r| (0.0..=100.0).contains(r))
        .map(|r| tidy(r / 100.0))
        .ok_or(NotAnalysis::at(lead, "expected a win rate from 0 to 100"))
}

/// Black's rate from the rate of `mover` (and back: the map is its own inverse).
fn black_rate(rate: f64, mover: Color) -> f64 {
    match mover {
        Color::Black => tidy(rate),
        Color::White => tidy(1.0 - rate),
    }
}

/// A rate rounded to 10 decimals, as the double nearest that decimal: `48.37 / 100`
/// is not the double written `0.4837`, and a JSON reader that reads that text back
/// gets the nearest one, so a rate read from a percentage is held as that one.
fn tidy(rate: f64) -> f64 {
    format!("{rate:.10}").parse().unwrap_or(rate)
}

/// A playout count: digits, or Lizzie's short forms `12.3k`, `1.2m`.
fn count(word: &str) -> Option<u64> {
    let (digits, scale) = match word.as_bytes().last()? {
        b'k' | b'K' => (&word[..word.len() - 1], 1e3),
        b'm' | b'M' => (&word[..word.len() - 1], 1e6),
        _ => {
            return word
                .bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| word.parse().ok())?
        }
    };
    let v = number(digits).filter(|v| *v >= 0.0)?;
    Some((v * scale).round() as u64)
}

/// The candidates of Lizzie's second line (`off` is the line's offset in the value,
/// for errors), each an evaluation ranked from 1; `to_move` is the side whose
/// figures they are. A candidate is `key value` pairs, then `pv` and GTP vertices up
/// to `info` or the line's end; its `move` must be its variation's first.
fn candidates(line: &str, off: usize, to_move: Color) -> Result<Vec<Evaluation>, NotAnalysis> {
    let mut out = Vec::new();
    let mut w = words(line).peekable();
    while w.peek().is_some() {
        let mut e = Evaluation::in_convention(Convention::Lizzie);
        let mut first: Option<(usize, &str)> = None;
        while let Some((at, key)) = w.next() {
            if key == "info" {
                break;
            }
            if key == "pv" {
                for (at, mv) in w.by_ref() {
                    if mv == "info" {
                        break;
                    }
                    if !is_vertex(mv) {
                        return Err(NotAnalysis::at(off + at, "expected a GTP vertex"));
                    }
                    e.pv.push(mv.to_string());
                }
                break;
            }
            let Some((vat, value)) = w.next() else {
                return Err(NotAnalysis::at(off + at, "a candidate's key has no value"));
            };
            let bad = |why| NotAnalysis::at(off + vat, why);
            match key {
                "move" => first = Some((vat, value)),
                "visits" => {
                    let v = value.parse().map_err(|_| bad("expected a visit count"))?;
                    e.visits = Some(v);
                }
                "winrate" => {
                    let v: u32 = value
                        .parse()
                        .ok()
                        .filter(|v| *v <= 10_000)
                        .ok_or(bad("expected a win rate in hundredths of a percent"))?;
                    e.winrate = Some(black_rate(f64::from(v) / 10_000.0, to_move));
                }
                "scoreMean" => {
                    let v = number(value).ok_or(bad("expected a score mean"))?;
                    e.score = Some(match to_move {
                        Color::Black => v,
                        Color::White => -v,
                    });
                }
                _ => {}
            }
        }
        if let Some((at, mv)) = first {
            if e.pv.first().map(String::as_str) != Some(mv) {
                return Err(NotAnalysis::at(
                    off + at,
                    "a candidate's move is not its variation's first",
                ));
            }
        }
        if e.pv.is_empty() && e.visits.is_none() && e.winrate.is_none() {
            continue;
        }
        e.rank = Some(out.len() as u32 + 1);
        out.push(e);
    }
    Ok(out)
}

/// A GTP vertex: `pass`, or a column letter (no `I`) and a row from 1 to 25.
pub fn is_vertex(word: &str) -> bool {
    if word.eq_ignore_ascii_case("pass") {
        return true;
    }
    let Some(&col) = word.as_bytes().first() else {
        return false;
    };
    if !col.is_ascii_alphabetic() || col.eq_ignore_ascii_case(&b'I') {
        return false;
    }
    let row = word.get(1..).unwrap_or("");
    !row.starts_with('0') && row.parse::<u8>().is_ok_and(|r| (1..=25).contains(&r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lz_reads_every_candidate_from_blacks_side() {
        // White moved; the candidates are Black's (the side to move).
        let v = "0.7.4 43.5 1.2k\nmove Q16 visits 80 winrate 5650 scoreMean 2.5 pv Q16 D4 pass info move D4 visits 3 winrate 4000 pv D4 info ";
        let e = parse_lz(v, Color::White).expect("parses");
        assert_eq!(e.len(), 3);
        assert_eq!(
            (e[0].winrate, e[0].visits, e[0].rank),
            (Some(0.565), Some(1200), None)
        );
        assert!(e[0].pv.is_empty());
        assert_eq!(e[1].rank, Some(1));
        assert_eq!(
            (e[1].winrate, e[1].visits, e[1].score),
            (Some(0.565), Some(80), Some(2.5))
        );
        assert_eq!(e[1].pv, vec!["Q16", "D4", "pass"]);
        assert_eq!(
            (e[2].rank, e[2].winrate, e[2].visits),
            (Some(2), Some(0.4), Some(3))
        );
        assert!(e.iter().all(|x| x.convention == Some(Convention::Lizzie)));
        assert_eq!(write_lz(&e[0], &e[1..], Color::White).as_deref(), Some(v));
        // Black moved: White's candidates, their score mean turned to Black's.
        let b = parse_lz(v, Color::Black).expect("parses");
        assert_eq!(
            (b[0].winrate, b[1].winrate, b[1].score),
            (Some(0.435), Some(0.435), Some(-2.5))
        );
        assert_eq!(write_lz(&b[0], &b[1..], Color::Black).as_deref(), Some(v));
        // Keys of Lizzie's forks are read past: that value does not write back.
        let fork = "0.7.4 43.5 1.2k\nmove Q16 visits 80 winrate 5650 prior 1828 pv Q16 info ";
        let f = parse_lz(fork, Color::White).expect("parses");
        assert_ne!(
            write_lz(&f[0], &f[1..], Color::White).as_deref(),
            Some(fork)
        );
    }

    #[test]
    fn a_lone_candidate_with_the_nodes_figures_is_the_nodes_variation() {
        let v = "0.7.4 52.1 1.5k\nmove D4 visits 1500 winrate 4790 pv D4 Q16 info ";
        let e = parse_lz(v, Color::Black).expect("parses");
        assert_eq!(e.len(), 1);
        assert_eq!((e[0].winrate, e[0].visits), (Some(0.521), Some(1500)));
        assert_eq!(e[0].pv, vec!["D4", "Q16"]);
        assert_eq!(write_lz(&e[0], &[], Color::Black).as_deref(), Some(v));
        // A node without candidates: Lizzie's line break, and nothing after it.
        let bare = parse_lz("0.7.4 55.0 800\n", Color::Black).expect("parses");
        assert_eq!(bare.len(), 1);
        assert_eq!(
            write_lz(&bare[0], &[], Color::Black).as_deref(),
            Some("0.7.4 55.0 800\n")
        );
        // A head with its own variation takes no candidates.
        assert_eq!(write_lz(&e[0], &e, Color::Black), None);
    }

    #[test]
    fn playouts_in_lizzies_short_forms() {
        assert_eq!(count("1.2k"), Some(1200));
        assert_eq!(count("3m"), Some(3_000_000));
        assert_eq!(playouts(999), "999");
        assert_eq!(playouts(1500), "1.5k");
        assert_eq!(playouts(1000), "1.0k");
        assert_eq!(playouts(1234), "1234");
        assert_eq!(playouts(23_000), "23k");
        assert_eq!(playouts(1_200_000), "1.2m");
        assert_eq!(java_double(3.0), "3.0");
        assert_eq!(java_double(-0.25), "-0.25");
    }

    #[test]
    fn lz_errors_carry_their_place() {
        assert_eq!(
            parse_lz("0.7.4 143 12", Color::Black).map_err(|e| e.at),
            Err(6)
        );
        assert_eq!(
            parse_lz("0.7.4 43 12\nmove Q16 pv Z99", Color::Black).map_err(|e| e.at),
            Err(24)
        );
        assert_eq!(
            parse_lz(
                "0.7.4 43 12\nmove Q16 visits 3 winrate 5 pv D4 info ",
                Color::Black
            )
            .map_err(|e| e.at),
            Err(17)
        );
        assert_eq!(
            parse_lz("0.7.4 43 12\nmove Q16 winrate 10001 pv Q16", Color::Black).map_err(|e| e.at),
            Err(29)
        );
        assert!(parse_lz("just a comment", Color::Black).is_err());
        assert!(parse_lz("0.7.4 50 1\na\nb", Color::Black).is_err());
    }

    #[test]
    fn sabaki_and_ogatak() {
        let e = parse_sbkv("56.3").expect("parses");
        assert_eq!(e.winrate, Some(0.563));
        assert_eq!(write_sbkv(&e).as_deref(), Some("56.3"));
        assert!(parse_sbkv("101").is_err());
        let o = parse_ogatak(Some("61.2"), "-3.5").expect("parses");
        assert_eq!((o.winrate, o.score), (Some(0.612), Some(-3.5)));
        assert_eq!(
            write_ogatak(&o),
            Some((Some("61.2".to_string()), "-3.5".to_string()))
        );
        assert!(parse_ogatak(None, "B+3").is_err());
    }

    #[test]
    fn katago_self_play_figures() {
        let (e, rest) =
            parse_katago("0.40 0.60 0.00 -1.5 v=400 rv=1200 weight=0.85").expect("parses");
        assert_eq!(
            (e.winrate, e.score, e.visits),
            (Some(0.6), Some(1.5), Some(400))
        );
        assert_eq!(e.convention, Some(Convention::KataGo));
        assert_eq!(rest, "rv=1200 weight=0.85");
        assert_eq!(
            write_katago(&e).as_deref(),
            Some("0.40 0.60 0.00 -1.5 v=400")
        );
        let (e, rest) = parse_katago("0.52 0.48 0.00 0.0 v=600").expect("parses");
        assert_eq!((e.winrate, e.score, rest), (Some(0.48), Some(-0.0), ""));
        assert_eq!(
            write_katago(&e).as_deref(),
            Some("0.52 0.48 0.00 0.0 v=600")
        );
        let at = |t: &str| parse_katago(t).map(|_| ()).map_err(|e| e.at);
        assert_eq!(at("0.52 0.48 0.01 0.0 v=600"), Err(10));
        assert_eq!(at("0.52 0.48 0.00 0.25 v=600"), Err(15));
        assert_eq!(at("0.52 0.48 0.00 0.2 visits=600"), Err(19));
        assert_eq!(at("0.5 0.5 0.00 0.2 v=600"), Err(0));
        assert_eq!(at("0.50 0.49 0.00 0.0 v=400"), Err(0));
        assert_eq!(at("0.50 0.50"), Err(9));
    }

    #[test]
    fn vertices() {
        for v in ["A1", "T19", "pass", "Z25", "q16"] {
            assert!(is_vertex(v), "{v}");
        }
        for v in ["I5", "A0", "A26", "", "A01", "dd"] {
            assert!(!is_vertex(v), "{v}");
        }
    }
}
