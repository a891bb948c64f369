//! `--game N|A..B`: the games of each input a command reads (applied once, for
//! every command, by the engine).

/// The games `--game` selects: numbers from 1, both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRange {
    /// The first game selected.
    pub first: usize,
    /// The last game selected (`usize::MAX`: to the end).
    pub last: usize,
}

impl GameRange {
    /// True when game `n` (from 1) is selected.
    pub fn contains(&self, n: usize) -> bool {
        self.first <= n && n <= self.last
    }
}

impl std::fmt::Display for GameRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.first, self.last) {
            (a, b) if a == b => write!(f, "{a}"),
            (a, usize::MAX) => write!(f, "{a}.."),
            (a, b) => write!(f, "{a}..{b}"),
        }
    }
}

/// Parses `N`, `A..B`, `A..` or `..B` (numbers from 1).
pub fn parse_game_range(s: &str) -> Result<GameRange, String> {
    let bad = || format!("{s:?} is not a game: give N, A..B, A.. or ..B (games count from 1)");
    let number = |t: &str| -> Result<usize, String> {
        match t.trim().parse::<usize>() {
            Ok(n) if n >= 1 => Ok(n),
            _ => Err(bad()),
        }
    };
    let range = match s.split_once("..") {
        None => {
            let n = number(s)?;
            GameRange { first: n, last: n }
        }
        Some((a, b)) => GameRange {
            first: if a.trim().is_empty() { 1 } else { number(a)? },
            last: if b.trim().is_empty() {
                usize::MAX
            } else {
                number(b)?
            },
        },
    };
    if range.first > range.last {
        return Err(format!("{s:?} is an empty range of games"));
    }
    Ok(range)
}

#[cfg(test)]
mod tests {
    use super::{parse_game_range, GameRange};

    #[test]
    fn game_ranges_take_one_number_or_two_ends() {
        let r = |first, last| Ok(GameRange { first, last });
        assert_eq!(parse_game_range("3"), r(3, 3));
        assert_eq!(parse_game_range("2..5"), r(2, 5));
        assert_eq!(parse_game_range("4.."), r(4, usize::MAX));
        assert_eq!(parse_game_range("..7"), r(1, 7));
        assert!(parse_game_range("0").is_err());
        assert!(parse_game_range("5..2").is_err());
        assert!(parse_game_range("x").is_err());
        assert!(parse_game_range("1..2..3").is_err());
        assert_eq!(
            parse_game_range("2..").map(|g| g.to_string()),
            Ok("2..".to_string())
        );
    }
}
