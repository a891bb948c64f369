//! Game-information values with a syntax of their own: `RE` results and `DT` dates.

use crate::model::{Color, GameResult, WinReason};

use super::values::real;

/// How a `RE` value was understood.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ParsedResult {
    /// The typed result.
    pub result: GameResult,
    /// A note when the value is not standard FF[4] (dialects, free text).
    pub nonstandard: Option<&'static str>,
}

/// Parses a `RE` value (already unescaped): `B+R`, `W+2.5`, `B+T`, `B+F`, `B+`,
/// `0`/`Draw`, `Void`, `?`, and the dialect `O` (both players lose).
pub(super) fn parse_result(raw: &str) -> ParsedResult {
    let t = raw.trim();
    let std = |result| ParsedResult {
        result,
        nonstandard: None,
    };
    match t {
        "0" | "Draw" | "draw" | "DRAW" | "Jigo" | "jigo" => return std(GameResult::Draw),
        "Void" | "void" | "VOID" => return std(GameResult::Void),
        "?" => return std(GameResult::Unknown),
        "O" => {
            return ParsedResult {
                result: GameResult::Other("O".into()),
                nonstandard: Some(
                    "`O` is the 鈍 dialect for \"both players lose\", not standard SGF",
                ),
            }
        }
        _ => {}
    }
    let winner = match t.get(..2) {
        Some("B+") | Some("b+") => Some(Color::Black),
        Some("W+") | Some("w+") => Some(Color::White),
        _ => None,
    };
    if let Some(winner) = winner {
        let rest = t.get(2..).unwrap_or("");
        let reason = match rest {
            "" => Some(WinReason::Unspecified),
            "R" | "Resign" | "r" | "resign" => Some(WinReason::Resign),
            "T" | "Time" | "t" | "time" => Some(WinReason::Time),
            "F" | "Forfeit" | "f" | "forfeit" => Some(WinReason::Forfeit),
            s => real(s).filter(|v| *v >= 0.0).map(WinReason::Score),
        };
        if let Some(reason) = reason {
            return std(GameResult::Win { winner, reason });
        }
    }
    if let Some(result) = super::dialect::result(t) {
        return ParsedResult {
            result,
            nonstandard: Some("a result in Japanese (read as its FF[4] meaning; the text is kept)"),
        };
    }
    ParsedResult {
        result: GameResult::Other(t.to_string()),
        nonstandard: Some("not an FF[4] result (B+…, W+…, 0, Draw, Void, ?); kept as text"),
    }
}

/// The canonical FF[4] text of a result.
pub(super) fn format_result(r: &GameResult) -> String {
    let mut out = String::new();
    let _ = write_result(r, &mut out);
    out
}

/// Whether `text` is the canonical FF[4] text of `r`: compared piece by piece as
/// it would be written, without writing it.
pub(super) fn is_canonical_result(r: &GameResult, text: &str) -> bool {
    /// A writer that takes its pieces off the front of a text, and fails at the first
    /// that is not there.
    struct Matching<'t>(&'t str);
    impl std::fmt::Write for Matching<'_> {
        fn write_str(&mut self, piece: &str) -> std::fmt::Result {
            self.0 = self.0.strip_prefix(piece).ok_or(std::fmt::Error)?;
            Ok(())
        }
    }
    let mut rest = Matching(text);
    write_result(r, &mut rest).is_ok() && rest.0.is_empty()
}

/// The canonical FF[4] text of a result, onto `out`: the model's compact notation
/// ([`GameResult`]'s `Display`), with FF[4]'s `0` for a draw.
fn write_result(r: &GameResult, out: &mut impl std::fmt::Write) -> std::fmt::Result {
    match r {
        GameResult::Draw => out.write_str("0"),
        r => write!(out, "{r}"),
    }
}

/// What the previous item of a date list was, for FF[4]'s shortcuts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    None,
    Year,
    YearMonth,
    Full,
    MonthDay,
    Month,
    Day,
}

fn two(s: &str, max: u32) -> bool {
    s.len() == 2 && s.parse::<u32>().is_ok_and(|v| (1..=max).contains(&v))
}

fn year(s: &str) -> bool {
    s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit())
}

/// True when `raw` is a date list FF[4] allows: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`,
/// comma-separated, with the `MM-DD`, `MM`, `DD` shortcuts after the items that
/// allow them (`1996-05-06,07,08`, `1996-12-27,28,1997-01-03`).
pub(super) fn is_iso_date(raw: &str) -> bool {
    let mut last = Last::None;
    for item in raw.split(',') {
        // Up to three parts, without a list: a fourth makes the item no date.
        let mut split = item.split('-');
        let mut held = [""; 3];
        let mut count = 0;
        for (slot, part) in held.iter_mut().zip(split.by_ref()) {
            *slot = part;
            count += 1;
        }
        if split.next().is_some() {
            return false;
        }
        let parts = held.get(..count).unwrap_or(&[]);
        last = match parts {
            [y] if year(y) => Last::Year,
            [y, m] if year(y) && two(m, 12) => Last::YearMonth,
            [y, m, d] if year(y) && two(m, 12) && two(d, 31) => Last::Full,
            [m, d]
                if two(m, 12)
                    && two(d, 31)
                    && matches!(
                        last,
                        Last::Full | Last::YearMonth | Last::MonthDay | Last::Month | Last::Day
                    ) =>
            {
                Last::MonthDay
            }
            [x] if matches!(last, Last::YearMonth | Last::Month) && two(x, 12) => Last::Month,
            [x] if matches!(last, Last::Full | Last::MonthDay | Last::Day) && two(x, 31) => {
                Last::Day
            }
            _ => return false,
        };
    }
    last != Last::None
}

/// An unambiguous fix for a common non-ISO date: `YYYY/MM/DD`, `YYYY.MM.DD`,
/// `YYYY MM DD` (one- or two-digit month and day) become `YYYY-MM-DD`.
pub(super) fn normalize_date(raw: &str) -> Option<String> {
    let t = raw.trim();
    let parts: Vec<&str> = t.split(['/', '.', ' ']).collect();
    let [y, m, d] = parts.as_slice() else {
        return None;
    };
    let m: u32 = m
        .parse()
        .ok()
        .filter(|v| (1..=12).contains(v) && m.len() <= 2)?;
    let d: u32 = d
        .parse()
        .ok()
        .filter(|v| (1..=31).contains(v) && d.len() <= 2)?;
    if !year(y) {
        return None;
    }
    Some(format!("{y}-{m:02}-{d:02}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results() {
        let win = |winner, reason| GameResult::Win { winner, reason };
        assert_eq!(
            parse_result("B+R").result,
            win(Color::Black, WinReason::Resign)
        );
        assert_eq!(
            parse_result("W+2.5").result,
            win(Color::White, WinReason::Score(2.5))
        );
        assert_eq!(
            parse_result("B+T").result,
            win(Color::Black, WinReason::Time)
        );
        assert_eq!(
            parse_result("W+Forfeit").result,
            win(Color::White, WinReason::Forfeit)
        );
        assert_eq!(
            parse_result("B+").result,
            win(Color::Black, WinReason::Unspecified)
        );
        assert_eq!(parse_result("0").result, GameResult::Draw);
        assert_eq!(parse_result("Draw").result, GameResult::Draw);
        assert_eq!(parse_result("Void").result, GameResult::Void);
        assert_eq!(parse_result("?").result, GameResult::Unknown);
        let o = parse_result("O");
        assert_eq!(o.result, GameResult::Other("O".into()));
        assert!(o.nonstandard.is_some());
        assert_eq!(
            parse_result("john wins").result,
            GameResult::Other("john wins".into())
        );
        assert_eq!(
            format_result(&win(Color::White, WinReason::Score(2.5))),
            "W+2.5"
        );
    }

    #[test]
    fn a_result_is_canonical_where_it_reads_back_as_written() {
        let win = |winner, reason| GameResult::Win { winner, reason };
        // What `is_canonical_result` says is what comparing the written text says.
        for text in [
            "B+R",
            "W+T",
            "B+F",
            "W+",
            "B+",
            "0",
            "Void",
            "?",
            "W+2.5",
            "B+12.5",
            "B+0.5",
            "W+2.50",
            "W+02.5",
            "B+Resign",
            "b+r",
            "B+R ",
            " B+R",
            "Draw",
            "Jigo",
            "0.0",
            "W+1e2",
            "W+100",
            "B+-3",
            "W+0",
            "free text",
            "",
            "B+R+",
            "W+2.5x",
            "黒中押し勝ち",
        ] {
            let result = parse_result(text).result;
            assert_eq!(
                is_canonical_result(&result, text),
                format_result(&result) == text,
                "{text:?}"
            );
        }
        assert!(is_canonical_result(
            &win(Color::Black, WinReason::Score(12.5)),
            "B+12.5"
        ));
        assert!(!is_canonical_result(
            &win(Color::Black, WinReason::Score(12.5)),
            "B+12.50"
        ));
        assert!(!is_canonical_result(&GameResult::Draw, "0 "));
    }

    #[test]
    fn dates() {
        for ok in [
            "1996",
            "1996-05",
            "1996-05-06",
            "1996-05-06,07,08",
            "1996-12-27,28,1997-01-03,04",
            "1996-05,06",
            "1996,1997",
            "2000-01,04-01,06,05-01",
        ] {
            assert!(is_iso_date(ok), "{ok}");
        }
        for bad in [
            "",
            "96-05-06",
            "1996-13-01",
            "1996/05/06",
            "05-06",
            "1996,07",
            "12th and 13th march 94",
        ] {
            assert!(!is_iso_date(bad), "{bad}");
        }
        assert_eq!(normalize_date("1996/5/6").as_deref(), Some("1996-05-06"));
        assert_eq!(normalize_date("06/05/96"), None);
    }
}
