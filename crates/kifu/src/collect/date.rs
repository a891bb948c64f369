//! Dates: the game's date read from its text in the usual forms, and the ranges of
//! `kifu filter --date`.
//!
//! A game's date is the first date its text holds: a four-digit year, then optionally
//! a month and a day, separated by `-`, `/`, `.`, `年 月 日` or `년 월 일` (blanks
//! allowed after each), or eight digits `YYYYMMDD`. So `1996-05-06`, `1996-05-06,07`
//! (SGF's several days: the first), `2020/01/02 10:00:00` and `2020/01/02(木)` (KIF),
//! `2020年1月2日`, `2003년 5월 12일`, `2003.05.12` and `[1996]` are all read; a text
//! without a year is no date.

use std::fmt;

/// A date known to the year, the month or the day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PartialDate {
    /// The year (four digits).
    pub year: u16,
    /// The month, 1–12, when known.
    pub month: Option<u8>,
    /// The day, 1–31, when known (only with a month).
    pub day: Option<u8>,
}

impl PartialDate {
    /// The first day it covers, as `YYYYMMDD`.
    pub fn first_day(self) -> u32 {
        u32::from(self.year) * 10_000
            + u32::from(self.month.unwrap_or(1)) * 100
            + u32::from(self.day.unwrap_or(1))
    }

    /// The last day it covers, as `YYYYMMDD` (day 31 stands for a month's end).
    pub fn last_day(self) -> u32 {
        u32::from(self.year) * 10_000
            + u32::from(self.month.unwrap_or(12)) * 100
            + u32::from(self.day.unwrap_or(31))
    }

    /// Reads a bound as `kifu filter --date` takes it: `YYYY`, `YYYY-MM` or
    /// `YYYY-MM-DD`, nothing else.
    pub fn parse_bound(text: &str) -> Option<PartialDate> {
        let mut parts = text.split('-');
        let year = parts.next().filter(|y| y.len() == 4)?;
        let year: u16 = digits(year)?;
        let month = match parts.next() {
            Some(m) if m.len() == 2 => Some(digits::<u8>(m).filter(|m| (1..=12).contains(m))?),
            Some(_) => return None,
            None => None,
        };
        let day = match parts.next() {
            Some(d) if d.len() == 2 => Some(digits::<u8>(d).filter(|d| (1..=31).contains(d))?),
            Some(_) => return None,
            None => None,
        };
        if parts.next().is_some() {
            return None;
        }
        Some(PartialDate { year, month, day })
    }

    /// The first date in a game's date text (see the module comment).
    pub fn find_in(text: &str) -> Option<PartialDate> {
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if !bytes.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
                continue;
            }
            let start = i;
            while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            let run = text.get(start..i).unwrap_or("");
            match run.len() {
                4 => {
                    let year = digits(run)?;
                    return Some(after_year(year, text.get(i..).unwrap_or("")));
                }
                8 => {
                    let (y, m, d) = (run.get(..4)?, run.get(4..6)?, run.get(6..)?);
                    let (month, day) = (digits::<u8>(m)?, digits::<u8>(d)?);
                    if (1..=12).contains(&month) && (1..=31).contains(&day) {
                        return Some(PartialDate {
                            year: digits(y)?,
                            month: Some(month),
                            day: Some(day),
                        });
                    }
                }
                _ => {}
            }
        }
        None
    }
}

/// The month and day after a year, where they follow it.
fn after_year(year: u16, rest: &str) -> PartialDate {
    let mut date = PartialDate {
        year,
        month: None,
        day: None,
    };
    let Some((month, rest)) = separated_number(rest, &['-', '/', '.', '年', '년']) else {
        return date;
    };
    if !(1..=12).contains(&month) {
        return date;
    }
    date.month = Some(month);
    if let Some((day, _)) = separated_number(rest, &['-', '/', '.', '月', '월']) {
        if (1..=31).contains(&day) {
            date.day = Some(day);
        }
    }
    date
}

/// A separator from `seps`, blanks, then one or two digits (not more): the number and
/// what follows it.
fn separated_number<'a>(text: &'a str, seps: &[char]) -> Option<(u8, &'a str)> {
    let mut chars = text.chars();
    let sep = chars.next()?;
    if !seps.contains(&sep) {
        return None;
    }
    let rest = chars.as_str().trim_start_matches([' ', '\u{3000}']);
    let len = rest.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=2).contains(&len) {
        return None;
    }
    let (num, after) = rest.split_at(len);
    Some((digits(num)?, after))
}

/// Parses ASCII digits only (no sign, no blanks).
fn digits<T: std::str::FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

impl fmt::Display for PartialDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}", self.year)?;
        if let Some(m) = self.month {
            write!(f, "-{m:02}")?;
            if let Some(d) = self.day {
                write!(f, "-{d:02}")?;
            }
        }
        Ok(())
    }
}

/// `FROM..TO` with either end open, or one bound alone (that year, month or day).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DateRange {
    /// The earliest date, if bounded.
    pub from: Option<PartialDate>,
    /// The latest date, if bounded.
    pub to: Option<PartialDate>,
}

impl DateRange {
    /// Reads `FROM..TO`, `FROM..`, `..TO` or `DATE`, each bound as
    /// [`PartialDate::parse_bound`] takes it.
    pub fn parse(text: &str) -> Result<DateRange, String> {
        let bad = |b: &str| format!("{b:?} is not a date: give YYYY, YYYY-MM or YYYY-MM-DD");
        let bound = |b: &str| -> Result<Option<PartialDate>, String> {
            if b.is_empty() {
                return Ok(None);
            }
            PartialDate::parse_bound(b).map(Some).ok_or_else(|| bad(b))
        };
        match text.split_once("..") {
            Some((from, to)) => Ok(DateRange {
                from: bound(from.trim())?,
                to: bound(to.trim())?,
            }),
            None => {
                let d = bound(text.trim())?.ok_or_else(|| bad(text))?;
                Ok(DateRange {
                    from: Some(d),
                    to: Some(d),
                })
            }
        }
    }

    /// True when all of `date` lies within the range: its first day on or after
    /// FROM's first day, its last day on or before TO's last day. A game dated `1996`
    /// is in `1990..1999` but not in `1996-05..1996-06`.
    pub fn contains(&self, date: PartialDate) -> bool {
        self.from.is_none_or(|f| date.first_day() >= f.first_day())
            && self.to.is_none_or(|t| date.last_day() <= t.last_day())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> Option<String> {
        PartialDate::find_in(text).map(|d| d.to_string())
    }

    #[test]
    fn the_usual_forms_are_read() {
        assert_eq!(d("1996-05-06").as_deref(), Some("1996-05-06"));
        assert_eq!(d("1996-05-06,07,08").as_deref(), Some("1996-05-06"));
        assert_eq!(d("1996-05").as_deref(), Some("1996-05"));
        assert_eq!(d("1996").as_deref(), Some("1996"));
        assert_eq!(d("2020/01/02 10:00:00").as_deref(), Some("2020-01-02"));
        assert_eq!(d("2020/1/2(木) 10:00").as_deref(), Some("2020-01-02"));
        assert_eq!(d("2020年1月2日").as_deref(), Some("2020-01-02"));
        assert_eq!(d("2003년 5월 12일").as_deref(), Some("2003-05-12"));
        assert_eq!(d("2003.05.12").as_deref(), Some("2003-05-12"));
        assert_eq!(d("20030512").as_deref(), Some("2003-05-12"));
        assert_eq!(d("played in 1979, spring").as_deref(), Some("1979"));
        assert_eq!(d("1996-13-01").as_deref(), Some("1996"));
        assert_eq!(d("no date"), None);
        assert_eq!(d("12345"), None);
    }

    #[test]
    fn ranges_hold_whole_dates() {
        let r = DateRange::parse("1996..1997-06").expect("range");
        let date = |t| PartialDate::find_in(t).expect("date");
        assert!(r.contains(date("1996-01-01")));
        assert!(r.contains(date("1997-06-30")));
        assert!(r.contains(date("1996")));
        assert!(!r.contains(date("1997")), "1997 runs past June");
        assert!(!r.contains(date("1995-12-31")));
        let open = DateRange::parse("2000..").expect("open");
        assert!(open.contains(date("2024-02-29")) && !open.contains(date("1999")));
        let upto = DateRange::parse("..1999").expect("open");
        assert!(upto.contains(date("1850")) && !upto.contains(date("2000-01")));
        let one = DateRange::parse("2001-03").expect("month");
        assert!(one.contains(date("2001-03-15")) && !one.contains(date("2001-04-01")));
        assert!(DateRange::parse("1996-5").is_err());
        assert!(DateRange::parse("96").is_err());
        assert!(DateRange::parse("x..y").is_err());
    }
}
