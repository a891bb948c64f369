//! The criteria of `kifu filter`: every one given must hold (AND).

use std::str::FromStr;

use super::date::{DateRange, PartialDate};
use super::meta::{self, Winner};
use super::names::Needle;
use crate::model::Game;

/// `MIN..MAX` with either end open, or one value alone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds<T> {
    /// The least value, if bounded.
    pub min: Option<T>,
    /// The greatest value, if bounded.
    pub max: Option<T>,
}

impl<T: FromStr + PartialOrd + Copy> Bounds<T> {
    /// Reads `MIN..MAX`, `MIN..`, `..MAX` or `N` (exactly N).
    pub fn parse(text: &str) -> Result<Bounds<T>, String> {
        let one = |s: &str| -> Result<Option<T>, String> {
            let s = s.trim();
            if s.is_empty() {
                return Ok(None);
            }
            s.parse()
                .map(Some)
                .map_err(|_| format!("{s:?} is not a number"))
        };
        let bounds = match text.split_once("..") {
            Some((lo, hi)) => Bounds {
                min: one(lo)?,
                max: one(hi)?,
            },
            None => {
                let n = one(text)?.ok_or_else(|| "give N, MIN..MAX, MIN.. or ..MAX".to_string())?;
                Bounds {
                    min: Some(n),
                    max: Some(n),
                }
            }
        };
        Ok(bounds)
    }

    /// True when `v` lies within the bounds.
    pub fn contains(&self, v: T) -> bool {
        self.min.is_none_or(|m| v >= m) && self.max.is_none_or(|m| v <= m)
    }
}

/// A board size criterion: `19` (square) or `19x13` (columns × rows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeCriterion {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
}

impl SizeCriterion {
    /// Reads `N` or `WxH`.
    pub fn parse(text: &str) -> Result<SizeCriterion, String> {
        let n = |s: &str| {
            s.trim()
                .parse::<u8>()
                .map_err(|_| format!("{text:?} is not a board size: give N or WxH"))
        };
        match text.split_once(['x', 'X', '×']) {
            Some((w, h)) => Ok(SizeCriterion {
                width: n(w)?,
                height: n(h)?,
            }),
            None => {
                let s = n(text)?;
                Ok(SizeCriterion {
                    width: s,
                    height: s,
                })
            }
        }
    }
}

/// What a game must be to be kept. An unset criterion keeps every game.
#[derive(Debug, Clone, Default)]
pub struct Criteria {
    /// A name either player's contains.
    pub player: Option<Needle>,
    /// A name the first player's (black, 先手) contains.
    pub black: Option<Needle>,
    /// A name the second player's (white, 後手) contains.
    pub white: Option<Needle>,
    /// A text the event (SGF EV, KIF 棋戦) contains.
    pub event: Option<Needle>,
    /// The range the game's date lies in (see [`DateRange::contains`]); a game without
    /// a readable date is left out.
    pub date: Option<DateRange>,
    /// The winner.
    pub winner: Option<Winner>,
    /// The number of main-line moves.
    pub moves: Option<Bounds<usize>>,
    /// The handicap in stones (see `meta::handicap_stones`).
    pub handicap: Option<Bounds<u32>>,
    /// The komi; a game without komi is left out.
    pub komi: Option<Bounds<f64>>,
    /// The game family: `go`, `gomoku`, `shogi` or `gonu`.
    pub kind: Option<String>,
    /// The board size (Go and gomoku boards; shogi's is 9).
    pub size: Option<SizeCriterion>,
    /// Whether a node of the game carries an engine evaluation (`--analysed`: true,
    /// `--no-analysed`: false).
    pub analysed: Option<bool>,
}

impl Criteria {
    /// True when no criterion is set.
    pub fn is_empty(&self) -> bool {
        self.player.is_none()
            && self.black.is_none()
            && self.white.is_none()
            && self.event.is_none()
            && self.date.is_none()
            && self.winner.is_none()
            && self.moves.is_none()
            && self.handicap.is_none()
            && self.komi.is_none()
            && self.kind.is_none()
            && self.size.is_none()
            && self.analysed.is_none()
    }

    /// True when `game` meets every criterion. The cheap ones are tried first.
    pub fn matches(&self, game: &Game) -> bool {
        self.matches_facts(game)
            && self
                .analysed
                .is_none_or(|want| game.tree.iter().any(|(_, n)| !n.analysis.is_empty()) == want)
    }

    /// True when the facts of a game (a game, or a row of the position index)
    /// meet every criterion; each fact is asked only when a criterion needs it, the
    /// cheap ones first.
    pub fn matches_facts(&self, game: &(impl Facts + ?Sized)) -> bool {
        if let Some(kind) = &self.kind {
            if game.family() != kind {
                return false;
            }
        }
        if let Some(size) = self.size {
            if game.size() != Some((size.width, size.height)) {
                return false;
            }
        }
        if let Some(h) = &self.handicap {
            if !game.handicap_stones().is_some_and(|n| h.contains(n)) {
                return false;
            }
        }
        if let Some(k) = &self.komi {
            if !game.komi().is_some_and(|v| k.contains(v)) {
                return false;
            }
        }
        if let Some(w) = self.winner {
            if game.winner() != w {
                return false;
            }
        }
        if let Some(m) = &self.moves {
            if !m.contains(game.moves()) {
                return false;
            }
        }
        if let Some(range) = &self.date {
            let date = game.date().and_then(PartialDate::find_in);
            if !date.is_some_and(|d| range.contains(d)) {
                return false;
            }
        }
        let black = game.black();
        let white = game.white();
        if let Some(n) = &self.black {
            if !n.found_in_opt(black) {
                return false;
            }
        }
        if let Some(n) = &self.white {
            if !n.found_in_opt(white) {
                return false;
            }
        }
        if let Some(n) = &self.player {
            if !(n.found_in_opt(black) || n.found_in_opt(white)) {
                return false;
            }
        }
        if let Some(n) = &self.event {
            if !n.found_in_opt(game.event()) {
                return false;
            }
        }
        true
    }
}

/// What the criteria ask of a game: a [`Game`] answers from its record, a row of
/// the position index (`search::store`) from what it stored.
pub trait Facts {
    /// `go`, `gomoku`, `shogi` or `gonu`.
    fn family(&self) -> &str;
    /// The board's width and height (shogi's is 9 × 9; `None` for gonu).
    fn size(&self) -> Option<(u8, u8)>;
    /// The handicap in stones (as `collect::meta` counts them).
    fn handicap_stones(&self) -> Option<u32>;
    /// The komi.
    fn komi(&self) -> Option<f64>;
    /// Who won.
    fn winner(&self) -> Winner;
    /// Moves on the main line.
    fn moves(&self) -> usize;
    /// The date as the record writes it.
    fn date(&self) -> Option<&str>;
    /// The first player's name.
    fn black(&self) -> Option<&str>;
    /// The second player's name.
    fn white(&self) -> Option<&str>;
    /// The event.
    fn event(&self) -> Option<&str>;
}

impl Facts for Game {
    fn family(&self) -> &str {
        self.kind.family()
    }

    fn size(&self) -> Option<(u8, u8)> {
        match &self.kind {
            crate::model::GameKind::Shogi => Some((9, 9)),
            k => k.board_size().map(|s| (s.width, s.height)),
        }
    }

    fn handicap_stones(&self) -> Option<u32> {
        meta::handicap_stones(self)
    }

    fn komi(&self) -> Option<f64> {
        self.info.komi
    }

    fn winner(&self) -> Winner {
        meta::winner_of(meta::result(self).as_ref())
    }

    fn moves(&self) -> usize {
        meta::main_line_moves(self)
    }

    fn date(&self) -> Option<&str> {
        self.info.date.as_deref()
    }

    fn black(&self) -> Option<&str> {
        self.info.black.name.as_deref()
    }

    fn white(&self) -> Option<&str> {
        self.info.white.name.as_deref()
    }

    fn event(&self) -> Option<&str> {
        self.info.event.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(sgf: &str) -> Game {
        let parsed = crate::formats::sgf::read(sgf);
        parsed.collection.games.into_iter().next().expect("a game")
    }

    #[test]
    fn criteria_combine_with_and() {
        let g = game("(;GM[1]SZ[19]PB[Ｌｅｅ Sedol]PW[Gu Li]EV[Samsung Cup]DT[2004-11-20]RE[B+R]KM[6.5]HA[0];B[pd];W[dd];B[pq])");
        let mut c = Criteria {
            player: Some(Needle::new("gu li")),
            ..Criteria::default()
        };
        assert!(c.matches(&g));
        c.black = Some(Needle::new("lee"));
        c.event = Some(Needle::new("SAMSUNG"));
        c.date = Some(DateRange::parse("2004..2004-11").expect("date"));
        c.winner = Some(Winner::Black);
        c.moves = Some(Bounds::parse("3..").expect("moves"));
        c.handicap = Some(Bounds::parse("0").expect("ha"));
        c.komi = Some(Bounds::parse("6..7").expect("komi"));
        c.kind = Some("go".into());
        c.size = Some(SizeCriterion::parse("19").expect("size"));
        assert!(c.matches(&g));
        for spoil in [
            Criteria {
                white: Some(Needle::new("lee")),
                ..c.clone()
            },
            Criteria {
                moves: Some(Bounds::parse("..2").expect("moves")),
                ..c.clone()
            },
            Criteria {
                winner: Some(Winner::White),
                ..c.clone()
            },
            Criteria {
                date: Some(DateRange::parse("2005..").expect("date")),
                ..c.clone()
            },
            Criteria {
                size: Some(SizeCriterion::parse("9").expect("size")),
                ..c.clone()
            },
            Criteria {
                kind: Some("shogi".into()),
                ..c.clone()
            },
        ] {
            assert!(!spoil.matches(&g), "{spoil:?}");
        }
    }

    #[test]
    fn bounds_read_open_ends() {
        let b: Bounds<usize> = Bounds::parse("10..20").expect("b");
        assert!(b.contains(10) && b.contains(20) && !b.contains(21) && !b.contains(9));
        let b: Bounds<usize> = Bounds::parse("..20").expect("b");
        assert!(b.contains(0) && !b.contains(21));
        let b: Bounds<f64> = Bounds::parse("6.5").expect("b");
        assert!(b.contains(6.5) && !b.contains(7.5));
        assert!(Bounds::<usize>::parse("x").is_err());
        assert!(Bounds::<usize>::parse("").is_err());
        assert_eq!(
            SizeCriterion::parse("19x13"),
            Ok(SizeCriterion {
                width: 19,
                height: 13
            })
        );
    }
}
