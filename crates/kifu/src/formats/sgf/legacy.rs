//! Legacy values real files carry (old archives, CGoban, KGS, Fox, Pandanet, NNGS,
//! MultiGo): time limits written as clocks or words (`TM[10:00(5x1:00)]`,
//! `TM[9 hours each]`), komi as fractions or with a comma (`KM[5 1/2]`, `KM[5,5]`),
//! colours as numbers or words (`PL[2]`, `PL[black]`) and dates in other orders
//! (`DT[18.10.1996]`, `DT[Oct 18, 1996]`). Each reader returns what the value means,
//! or `None` when it cannot tell; the mapping decisions are in `docs/formats/sgf.md`.

use crate::model::Color;

use crate::diag::{codes, Diagnostic, Span};
use crate::model::GameInfo;

use super::values::{fmt_real, real, trim};

/// What a non-FF[4] `TM` value means.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum TimeLimit {
    /// No time limit (`TM[-]`): the property says nothing FF[4] would write.
    None,
    /// A main time.
    Main {
        /// Seconds per player.
        seconds: f64,
        /// The overtime the value also names (`5x1:00 byo-yomi`), verbatim where it
        /// could not be named.
        overtime: Option<String>,
        /// False when part of the text is not held by `seconds` and `overtime` (the
        /// caller then keeps the whole text).
        exact: bool,
    },
}

/// Per-game state of legacy readings, settled when the game ends (when everything
/// they depend on, wherever it stood in the node, is known).
#[derive(Debug, Default)]
pub(super) struct Pending {
    /// The root's `AP` names Fox (`foxwq`), which writes komi × 50.
    pub fox: bool,
    /// `TM` values read as legacy time limits, to report and complete once the
    /// game's `OT` is known.
    pub times: Vec<PendingTime>,
}

/// A `TM` read as a legacy time limit.
#[derive(Debug)]
pub(super) struct PendingTime {
    /// The value's span.
    pub span: Span,
    /// The value as written (unescaped).
    pub text: String,
    /// What it means.
    pub limit: TimeLimit,
}

/// Settles a game's pending legacy readings: each `TM` is reported, and what it says
/// beyond the main time goes to the game's `OT` (the overtime it names, or, when the
/// reading is not exact, the whole text), appended after `; ` when `OT` already
/// holds something else.
pub(super) fn finish(pending: &mut Pending, info: &mut GameInfo, diags: &mut Vec<Diagnostic>) {
    for p in pending.times.drain(..) {
        let (seconds, keep, exact) = match &p.limit {
            TimeLimit::None => {
                diags.push(Diagnostic::new(
                    codes::SGF_LEGACY_TIME,
                    format!(
                        "TM[{}] means no time limit (property dropped: FF[4] writes no TM)",
                        p.text
                    ),
                    p.span,
                ));
                continue;
            }
            TimeLimit::Main {
                seconds,
                overtime,
                exact: true,
            } => (*seconds, overtime.clone(), true),
            TimeLimit::Main { seconds, .. } => (*seconds, Some(p.text.clone()), false),
        };
        let mut message = format!("TM[{}] read as TM[{}]", p.text, fmt_real(seconds));
        if let Some(x) = keep {
            let already = info
                .time_control
                .as_deref()
                .is_some_and(|ot| ot.to_lowercase().contains(&x.to_lowercase()));
            let (ot, note) = match info.time_control.take() {
                None => (x.clone(), String::new()),
                Some(ot) if already => {
                    let note = format!(" (the game's OT[{ot}] already says so)");
                    (ot, note)
                }
                Some(ot) => {
                    let joined = format!("{ot}; {x}");
                    let note = format!(" (added to the game's OT: OT[{joined}])");
                    (joined, note)
                }
            };
            if exact {
                message.push_str(&format!(" with OT[{x}]"));
            } else {
                message.push_str(&format!(
                    "; not all of it is main time, so the text is kept in OT[{x}]"
                ));
            }
            message.push_str(&note);
            info.time_control = Some(ot);
        }
        diags.push(Diagnostic::new(codes::SGF_LEGACY_TIME, message, p.span));
    }
}

/// Words after a duration that only repeat what `TM` means (time per player).
const PER_PLAYER: &[&str] = &[
    "each",
    "apiece",
    "per player",
    "per side",
    "for each player",
    "for each side",
    "each side",
    "each player",
];

/// Reads a legacy `TM` value (already unescaped). `None` when the text is not a
/// duration kifu can read.
pub(super) fn time_limit(text: &str) -> Option<TimeLimit> {
    let t = trim(text);
    if matches!(t, "-" | "--" | "none" | "None" | "no limit" | "unlimited") {
        return Some(TimeLimit::None);
    }
    // `10:00(5x1:00)`: the overtime in parentheses.
    if let Some(open) = t.find('(') {
        let inner = t.get(open + 1..)?.strip_suffix(')')?;
        let main = t.get(..open)?;
        let (seconds, exact) = duration(main)?;
        let inner = trim(inner);
        return Some(TimeLimit::Main {
            seconds,
            overtime: (!inner.is_empty()).then(|| name_overtime(inner)),
            exact,
        });
    }
    // `30:00+30:00/25`: the overtime after `+`.
    if let Some((main, rest)) = t.split_once('+') {
        let (seconds, exact) = duration(main)?;
        let rest = trim(rest);
        if rest.is_empty() {
            return None;
        }
        return Some(TimeLimit::Main {
            seconds,
            overtime: Some(name_overtime(rest)),
            exact,
        });
    }
    // `1 hr/125 moves`: a time for a number of moves; the main time is the first
    // period only, so the reading is not exact.
    if let Some((main, rest)) = t.split_once('/') {
        let (seconds, _) = duration(main)?;
        if trim(rest).is_empty() {
            return None;
        }
        return Some(TimeLimit::Main {
            seconds,
            overtime: None,
            exact: false,
        });
    }
    let (seconds, exact) = duration(t)?;
    Some(TimeLimit::Main {
        seconds,
        overtime: None,
        exact,
    })
}

/// Names an overtime the way KGS writes OT: `5x1:00` (periods × time) is byo-yomi,
/// `30:00/25` or `25/30:00` (time for stones) is Canadian; other text is kept as it is.
fn name_overtime(ot: &str) -> String {
    let lower = ot.to_ascii_lowercase();
    if lower.contains("byo") || lower.contains("canad") || lower.contains("fischer") {
        return ot.to_string();
    }
    let periods = ot
        .split_once(['x', 'X', '×'])
        .is_some_and(|(n, d)| count(n) && duration(d).is_some_and(|(_, e)| e));
    if periods {
        return format!("{ot} byo-yomi");
    }
    let canadian = ot.split_once('/').is_some_and(|(a, b)| {
        (duration(a).is_some_and(|(_, e)| e) && count(b))
            || (count(a) && duration(b).is_some_and(|(_, e)| e))
    });
    if canadian {
        return format!("{ot} Canadian");
    }
    ot.to_string()
}

/// A whole number of periods or stones.
fn count(s: &str) -> bool {
    let s = trim(s);
    !s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit())
}

/// A duration: a clock (`10:00`, `5:00:00`), a number with units (`13h`, `10 h`,
/// `9 hours`, `1 hr`, `90 min`, `1h30m`, `45 sec`) or a bare number of seconds, with
/// optional words that say "per player". Returns the seconds and whether the whole
/// text was read.
fn duration(text: &str) -> Option<(f64, bool)> {
    let mut t = trim(text);
    // Each pass strips one phrase (`each side`, then nothing more): the text shrinks.
    while let Some(rest) = PER_PLAYER.iter().find_map(|words| {
        let lower = t.to_ascii_lowercase();
        let keep = lower.strip_suffix(words)?.len();
        t.get(..keep)
    }) {
        t = trim(rest);
    }
    if t.is_empty() {
        return None;
    }
    if t.contains(':') {
        return clock(t).map(|s| (s, true));
    }
    if let Some(x) = real(t) {
        return (x >= 0.0).then_some((x, true));
    }
    units(t).map(|s| (s, true))
}

/// `M:SS` or `H:MM:SS` (the later parts below 60).
fn clock(t: &str) -> Option<f64> {
    let parts: Vec<&str> = t.split(':').map(trim).collect();
    if parts.len() > 3 || parts.iter().any(|p| !count(p)) {
        return None;
    }
    let mut total = 0u64;
    for (i, p) in parts.iter().enumerate() {
        let v: u64 = p.parse().ok()?;
        if i > 0 && v >= 60 {
            return None;
        }
        total = total.checked_mul(60)?.checked_add(v)?;
    }
    Some(total as f64)
}

/// Numbers followed by units: `13h`, `10 h`, `1 hr`, `9 hours`, `90 min`, `1h30m`,
/// `1 hour 30 minutes`, `45 sec`, `1.5 hours`.
fn units(t: &str) -> Option<f64> {
    let mut rest = t;
    let mut total = 0f64;
    let mut any = false;
    while !trim(rest).is_empty() {
        rest = trim(rest);
        let n_end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let n: f64 = rest.get(..n_end)?.parse().ok()?;
        rest = trim(rest.get(n_end..)?);
        let u_end = rest
            .find(|c: char| !c.is_ascii_alphabetic() && c != '\'' && c != '"')
            .unwrap_or(rest.len());
        let unit = rest.get(..u_end)?.to_ascii_lowercase();
        let factor = match unit.as_str() {
            "h" | "hr" | "hrs" | "hour" | "hours" => 3600.0,
            "m" | "mn" | "min" | "mins" | "minute" | "minutes" | "'" => 60.0,
            "s" | "sec" | "secs" | "second" | "seconds" | "\"" => 1.0,
            _ => return None,
        };
        total += n * factor;
        any = true;
        rest = rest.get(u_end..)?;
        // `1h, 30m` or `1 hour and 30 minutes`.
        rest = trim(rest);
        rest = rest.strip_prefix(',').unwrap_or(rest);
        rest = trim(rest);
        rest = rest.strip_prefix("and ").unwrap_or(rest);
    }
    (any && total.is_finite()).then_some(total)
}

/// Reads a legacy komi: `5 1/2`, `6.5 ` (spaces), `5,5` (a decimal comma), `½`.
pub(super) fn komi(text: &str) -> Option<f64> {
    let t = trim(text);
    if let Some(x) = real(&t.replace(',', ".")) {
        return Some(x);
    }
    let (sign, body) = match t.strip_prefix('-') {
        Some(b) => (-1.0, trim(b)),
        None => (1.0, t.strip_prefix('+').map_or(t, trim)),
    };
    let (whole, half) = if let Some(w) = body.strip_suffix("1/2") {
        (trim(w), 0.5)
    } else if let Some(w) = body.strip_suffix('½') {
        (trim(w), 0.5)
    } else {
        return None;
    };
    let w = if whole.is_empty() {
        0.0
    } else {
        f64::from(whole.parse::<u16>().ok()?)
    };
    Some(sign * (w + half))
}

/// Reads a legacy colour: `1`/`2` (black/white), `b`/`w`, `black`/`white` in any case.
pub(super) fn color(text: &str) -> Option<Color> {
    match trim(text).to_ascii_lowercase().as_str() {
        "1" | "b" | "black" => Some(Color::Black),
        "2" | "w" | "white" => Some(Color::White),
        _ => None,
    }
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// The month of an English name or its abbreviation (`Oct`, `October`, `Sept.`).
fn month(word: &str) -> Option<u32> {
    let w = word.trim_end_matches('.').to_ascii_lowercase();
    if w.len() < 3 {
        return None;
    }
    let i = MONTHS.iter().position(|m| w.starts_with(m))?;
    let full = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let name = full.get(i)?;
    (name.starts_with(&w) || (i == 8 && w == "sept")).then_some(i as u32 + 1)
}

/// Reads a legacy date as ISO `YYYY-MM-DD`: `18.10.1996` (day first, as dots are
/// written in Europe), `18/10/1996` or `10/18/1996` (only when the day is above 12, so
/// the order is certain), `Oct 18, 1996`, `October 18 1996`, `18 Oct 1996`.
pub(super) fn date(text: &str) -> Option<String> {
    let t = trim(text);
    let iso = |y: &str, m: u32, d: u32| -> Option<String> {
        let ok = y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit());
        (ok && (1..=12).contains(&m) && (1..=31).contains(&d)).then(|| format!("{y}-{m:02}-{d:02}"))
    };
    let small = |s: &str| -> Option<u32> {
        (!s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    // Numbers with the year last.
    for sep in ['.', '/', '-'] {
        let parts: Vec<&str> = t.split(sep).map(trim).collect();
        if let [a, b, y] = parts.as_slice() {
            if y.len() != 4 {
                continue;
            }
            let (a, b) = (small(a)?, small(b)?);
            // Dots: day first, as written in Europe; else the order must be certain.
            let (m, d) = if sep == '.' || a > 12 {
                (b, a)
            } else if b > 12 {
                (a, b)
            } else {
                return None;
            };
            return iso(y, m, d);
        }
    }
    // Words: `Oct 18, 1996`, `18 Oct 1996`, `October 18 1996`.
    let words: Vec<&str> = t.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    match words.as_slice() {
        [m, d, y] => match (month(m), month(d)) {
            (Some(m), None) => iso(
                y,
                m,
                small(d.trim_end_matches(|c: char| c.is_alphabetic()))?,
            ),
            (None, Some(m)) => {
                let d = small(words.first()?.trim_end_matches(|c: char| c.is_alphabetic()))?;
                iso(y, m, d)
            }
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn main(seconds: f64, overtime: Option<&str>, exact: bool) -> Option<TimeLimit> {
        Some(TimeLimit::Main {
            seconds,
            overtime: overtime.map(str::to_string),
            exact,
        })
    }

    #[test]
    fn time_limits() {
        assert_eq!(
            time_limit("10:00(5x1:00)"),
            main(600.0, Some("5x1:00 byo-yomi"), true)
        );
        assert_eq!(
            time_limit("5:00:00(5x1:00)"),
            main(18000.0, Some("5x1:00 byo-yomi"), true)
        );
        assert_eq!(time_limit("30:00"), main(1800.0, None, true));
        assert_eq!(time_limit("13h"), main(46800.0, None, true));
        assert_eq!(time_limit("10 h"), main(36000.0, None, true));
        assert_eq!(time_limit("9 hours each"), main(32400.0, None, true));
        assert_eq!(time_limit("2 hours each side"), main(7200.0, None, true));
        assert_eq!(time_limit("each"), None);
        assert_eq!(time_limit("1 hr/125 moves"), main(3600.0, None, false));
        assert_eq!(
            time_limit("30:00+30:00/25"),
            main(1800.0, Some("30:00/25 Canadian"), true)
        );
        assert_eq!(time_limit("-"), Some(TimeLimit::None));
        assert_eq!(time_limit("90 min"), main(5400.0, None, true));
        assert_eq!(time_limit("1h30m"), main(5400.0, None, true));
        assert_eq!(time_limit("1 hour 30 minutes"), main(5400.0, None, true));
        assert_eq!(
            time_limit("1:00:00(3 periods of 30s)"),
            main(3600.0, Some("3 periods of 30s"), true)
        );
        assert_eq!(time_limit("soon"), None);
        assert_eq!(time_limit("10:99"), None);
        assert_eq!(time_limit("1 fortnight"), None);
        assert_eq!(time_limit("(5x30)"), None);
        assert_eq!(time_limit("99999999999999999999:00"), None);
    }

    #[test]
    fn komi_colours_dates() {
        assert_eq!(komi("5 1/2"), Some(5.5));
        assert_eq!(komi("6.5 "), Some(6.5));
        assert_eq!(komi("5,5"), Some(5.5));
        assert_eq!(komi("-1/2"), Some(-0.5));
        assert_eq!(komi("five"), None);
        assert_eq!(color("1"), Some(Color::Black));
        assert_eq!(color("White"), Some(Color::White));
        assert_eq!(color("3"), None);
        assert_eq!(date("18.10.1996").as_deref(), Some("1996-10-18"));
        assert_eq!(date("18/10/1996").as_deref(), Some("1996-10-18"));
        assert_eq!(date("10/18/1996").as_deref(), Some("1996-10-18"));
        assert_eq!(date("10/11/1996"), None);
        assert_eq!(date("Oct 18, 1996").as_deref(), Some("1996-10-18"));
        assert_eq!(date("18 October 1996").as_deref(), Some("1996-10-18"));
        assert_eq!(date("Sept 1st 1996").as_deref(), Some("1996-09-01"));
        assert_eq!(date("12th and 13th march 94"), None);
        assert_eq!(date("Foo 18, 1996"), None);
    }
}
