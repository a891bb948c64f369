//! Japanese record dialects: the Nihon Kiin's root properties (`TE` title, `RD` date,
//! `KO` komi as text) and results written in Japanese (`黒中押し勝ち`, `白6目半勝ち`).

use crate::model::{Color, GameResult, WinReason};

/// A number in ASCII or full-width digits.
fn digits(s: &str) -> Option<u32> {
    let ascii: String = s
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32).unwrap_or(c),
            c => c,
        })
        .collect();
    ascii.parse().ok()
}

/// `6目半` → 6.5, `7目` → 7, `コミなし`/`なし` → 0; an optional 黒/白 prefix says who
/// gives it (白 gives a negative komi).
pub(super) fn komi(text: &str) -> Option<f64> {
    let t = text.trim();
    if t == "コミなし" || t == "なし" {
        return Some(0.0);
    }
    let (sign, rest) = match t.strip_prefix('黒') {
        Some(r) => (1.0, r),
        None => match t.strip_prefix('白') {
            Some(r) => (-1.0, r),
            None => (1.0, t),
        },
    };
    let (n, tail) = rest.split_once('目')?;
    let base = f64::from(digits(n)?);
    match tail {
        "半" => Some(sign * (base + 0.5)),
        "" => Some(sign * base),
        _ => None,
    }
}

/// A duration in Japanese: `1時間`, `30分`, `1時間30分`, `90秒` → seconds.
pub(super) fn seconds(text: &str) -> Option<f64> {
    // Spaces as every value reads them: NUL included (a kept raw value is written
    // with NUL as a space, and must read back the same).
    let trim = super::values::trim;
    let mut rest = trim(text);
    let mut total = 0u64;
    let mut any = false;
    for (unit, factor) in [("時間", 3600u64), ("分", 60), ("秒", 1)] {
        if let Some((n, tail)) = rest.split_once(unit) {
            total += u64::from(digits(trim(n))?) * factor;
            rest = trim(tail);
            any = true;
        }
    }
    (any && rest.is_empty()).then_some(total as f64)
}

/// A result in Japanese anywhere in the text: `黒中押し勝ち`, `白6目半勝ち`, `黒時間勝ち`,
/// `白反則勝ち`, `持碁`, `ジゴ`.
pub(super) fn result(text: &str) -> Option<GameResult> {
    if text.contains("持碁") || text.contains("ジゴ") {
        return Some(GameResult::Draw);
    }
    let at = text.find(['黒', '白'])?;
    let rest = text.get(at..)?;
    let winner = if rest.starts_with('黒') {
        Color::Black
    } else {
        Color::White
    };
    let after = rest.get('黒'.len_utf8()..)?;
    let reason = if after.starts_with("中押し勝") || after.starts_with("中押勝") {
        WinReason::Resign
    } else if after.starts_with("時間勝") || after.starts_with("時間切れ勝") {
        WinReason::Time
    } else if after.starts_with("反則勝") {
        WinReason::Forfeit
    } else {
        let (n, tail) = after.split_once('目')?;
        let base = f64::from(digits(n)?);
        if tail.starts_with("半勝") {
            WinReason::Score(base + 0.5)
        } else if tail.starts_with("勝") {
            WinReason::Score(base)
        } else {
            return None;
        }
    };
    Some(GameResult::Win { winner, reason })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_and_results_in_japanese() {
        assert_eq!(komi("黒6目半"), Some(6.5));
        assert_eq!(komi("６目半"), Some(6.5));
        assert_eq!(komi("コミなし"), Some(0.0));
        assert_eq!(komi("six"), None);
        assert_eq!(seconds("1時間"), Some(3600.0));
        assert_eq!(seconds("1時間30分"), Some(5400.0));
        assert_eq!(seconds("90秒"), Some(90.0));
        assert_eq!(seconds("1 hour"), None);
        // NUL reads as a space, as in every value (found by the sgf fuzz target: a
        // kept raw TM[1\0…時間] is written with spaces and read back as 3600).
        assert_eq!(seconds("1\0\0 時間\0"), Some(3600.0));
        assert_eq!(seconds("1 \0 時間30\0分"), Some(5400.0));
        let win = |winner, reason| Some(GameResult::Win { winner, reason });
        assert_eq!(
            result("257手完, 黒中押し勝ち"),
            win(Color::Black, WinReason::Resign)
        );
        assert_eq!(
            result("白1目半勝ち"),
            win(Color::White, WinReason::Score(1.5))
        );
        assert_eq!(result("黒時間勝ち"), win(Color::Black, WinReason::Time));
        assert_eq!(result("持碁"), Some(GameResult::Draw));
        assert_eq!(result("打ち掛け"), None);
    }
}
