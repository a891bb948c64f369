//! Go's SGF analysis properties: Lizzie / Leela Zero `LZ`, Sabaki `SBKV`, Ogatak
//! `SBKV` + `OGSC`. Each parser takes a property's value as the SGF reader unescapes
//! it; each writer gives the value to escape. Win rates in the model are Black's,
//! 0–1; score leads Black's, in points. Principal variations are GTP vertices.

use super::{decimal, number, words, NotAnalysis};
use crate::model::{Color, Convention, Evaluation};

/// The Lizzie version kifu writes in the first word of an `LZ` value (Lizzie reads
/// the word and ignores it).
pub const LZ_VERSION: &str = "0.7.4";

/// Reads an `LZ` value: a first line `<version> <win rate %> <playouts>` (the win rate
/// of the player who made the node's move, `mover`), then optionally Lizzie's
/// candidate line `move Q16 visits 80 winrate 4405 … pv Q16 D4 info move …`, of which
/// the first candidate's principal variation is kept (the other candidates and their
/// figures are not mapped).
pub fn parse_lz(value: &str, mover: Color) -> Result<Evaluation, NotAnalysis> {
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
    let mut e = Evaluation::in_convention(Convention::Lizzie);
    e.winrate = Some(black_rate(rate / 100.0, mover));
    e.visits = Some(visits);
    if let Some((off, line)) = rest {
        if line.contains('\n') {
            return Err(NotAnalysis::at(off, "an LZ value has at most two lines"));
        }
        e.pv = first_pv(line.strip_suffix('\r').unwrap_or(line), off)?;
    }
    Ok(e)
}

/// Writes an `LZ` value for a node whose move `mover` made: `None` when the
/// evaluation has no win rate or visit count (Lizzie needs both). A principal
/// variation is written as the one candidate, with the node's visits and win rate.
pub fn write_lz(e: &Evaluation, mover: Color) -> Option<String> {
    let rate = black_rate(e.winrate?, mover);
    let visits = e.visits?;
    // One decimal always, as Lizzie's `%.1f`.
    let mut out = format!("{LZ_VERSION} {:.1} {visits}", rate * 100.0);
    if let Some(best) = e.pv.first() {
        // The candidate's win rate is the side to move's, in hundredths of a percent.
        let theirs = ((1.0 - rate) * 10000.0).round() as i64;
        out.push_str(&format!(
            "\nmove {best} visits {visits} winrate {theirs} pv {} info ",
            e.pv.join(" ")
        ));
    }
    Some(out)
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

/// The first candidate's principal variation in Lizzie's candidate line (`off` is the
/// line's offset in the value, for errors).
fn first_pv(line: &str, off: usize) -> Result<Vec<String>, NotAnalysis> {
    let mut w = words(line);
    let mut pv = Vec::new();
    while let Some((at, key)) = w.next() {
        if key == "pv" {
            for (at, mv) in w.by_ref() {
                if mv == "info" {
                    break;
                }
                if !is_vertex(mv) {
                    return Err(NotAnalysis::at(off + at, "expected a GTP vertex"));
                }
                pv.push(mv.to_string());
            }
            return Ok(pv);
        }
        if key == "info" {
            continue;
        }
        if w.next().is_none() {
            return Err(NotAnalysis::at(off + at, "a candidate's key has no value"));
        }
    }
    Ok(pv)
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
    fn lz_reads_the_movers_rate_as_blacks() {
        let v = "0.7.4 43.5 1234\nmove Q16 visits 80 winrate 5650 prior 1828 pv Q16 D4 pass info move D4 visits 3 winrate 4000 pv D4 info ";
        let e = parse_lz(v, Color::White).expect("parses");
        assert_eq!(e.winrate, Some(0.565));
        assert_eq!(e.visits, Some(1234));
        assert_eq!(e.pv, vec!["Q16", "D4", "pass"]);
        assert_eq!(e.convention, Some(Convention::Lizzie));
        let back = write_lz(&e, Color::White).expect("writes");
        assert_eq!(
            back,
            "0.7.4 43.5 1234\nmove Q16 visits 1234 winrate 5650 pv Q16 D4 pass info "
        );
        assert_eq!(parse_lz(&back, Color::White), Ok(e));
        assert_eq!(count("1.2k"), Some(1200));
        assert_eq!(count("3m"), Some(3_000_000));
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
    fn vertices() {
        for v in ["A1", "T19", "pass", "Z25", "q16"] {
            assert!(is_vertex(v), "{v}");
        }
        for v in ["I5", "A0", "A26", "", "A01", "dd"] {
            assert!(!is_vertex(v), "{v}");
        }
    }
}
