//! Go rule sets by name: the one table that turns an SGF `RU` value into what the
//! checks need: whether suicide is legal, how a repeated whole-board position is
//! treated (superko, or a long cycle that voids the game), and how the score is
//! counted.

/// A Go rule set kifu knows by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleSet {
    /// Japanese rules (Nihon Kiin): suicide illegal.
    Japanese,
    /// Korean rules (Hanguk Kiwon): suicide illegal.
    Korean,
    /// Chinese rules: suicide illegal.
    Chinese,
    /// American Go Association rules: suicide illegal.
    Aga,
    /// New Zealand rules: suicide legal.
    NewZealand,
    /// Ing (Goe) rules: suicide legal (kifu does not single out the one-stone
    /// suicide Ing's rules forbid).
    Ing,
    /// Tromp-Taylor rules: suicide legal.
    TrompTaylor,
}

/// How a rule set forbids recreating an earlier whole-board position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Superko {
    /// No move may recreate an earlier board, whoever is to play.
    Positional,
    /// No move may recreate an earlier board with the same player to play.
    Situational,
}

impl Superko {
    /// "positional superko" or "situational superko".
    pub fn name(self) -> &'static str {
        match self {
            Superko::Positional => "positional superko",
            Superko::Situational => "situational superko",
        }
    }
}

/// How a rule set counts the score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scoring {
    /// Territory and prisoners.
    Territory,
    /// Territory and stones on the board.
    Area,
}

impl Scoring {
    /// "territory scoring" or "area scoring".
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Territory => "territory scoring",
            Scoring::Area => "area scoring",
        }
    }
}

/// Every name (lowercase, spaces for `_` and `-`) and the rule set it means.
const NAMES: &[(&str, RuleSet)] = &[
    ("japanese", RuleSet::Japanese),
    ("jp", RuleSet::Japanese),
    ("jpn", RuleSet::Japanese),
    ("japan", RuleSet::Japanese),
    ("nihon kiin", RuleSet::Japanese),
    ("korean", RuleSet::Korean),
    ("kr", RuleSet::Korean),
    ("kor", RuleSet::Korean),
    ("korea", RuleSet::Korean),
    ("chinese", RuleSet::Chinese),
    ("cn", RuleSet::Chinese),
    ("chn", RuleSet::Chinese),
    ("china", RuleSet::Chinese),
    ("aga", RuleSet::Aga),
    ("american", RuleSet::Aga),
    ("nz", RuleSet::NewZealand),
    ("new zealand", RuleSet::NewZealand),
    ("newzealand", RuleSet::NewZealand),
    ("ing", RuleSet::Ing),
    ("goe", RuleSet::Ing),
    ("ing goe", RuleSet::Ing),
    ("sst", RuleSet::Ing),
    ("tromp taylor", RuleSet::TrompTaylor),
    ("tromptaylor", RuleSet::TrompTaylor),
];

impl RuleSet {
    /// The rule set an SGF `RU` value names (case-insensitive; `_` and `-` read as
    /// spaces; a trailing ` rules` ignored): `Japanese`, `JP`, `Korean`, `Chinese`,
    /// `CN`, `AGA`, `NZ`, `New Zealand`, `Ing`, `GOE`, `Tromp-Taylor` …; `None` for
    /// names kifu does not know.
    pub fn from_ru(text: &str) -> Option<RuleSet> {
        // Most values are a name as listed, but for case (no name has what the
        // steps below change: edge blanks, `_`, `-`, a ` rules` tail, double blanks).
        if let Some(&(_, rules)) = NAMES.iter().find(|(n, _)| n.eq_ignore_ascii_case(text)) {
            return Some(rules);
        }
        if text.is_ascii() {
            return Self::from_ascii_ru(text.as_bytes());
        }
        Self::from_any_ru(text)
    }

    /// [`RuleSet::from_ru`] of an ASCII value, without allocating: the same steps
    /// (trim; `_` and `-` as spaces; lowercase; a trailing ` rules` off; blanks
    /// between words made one space) on bytes, into a buffer longer than any name.
    fn from_ascii_ru(text: &[u8]) -> Option<RuleSet> {
        // What `char::is_whitespace` holds of ASCII (`u8::is_ascii_whitespace` leaves
        // out the vertical tab).
        let blank = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\x0B' | b'\x0C' | b'\r');
        let start = text.iter().position(|b| !blank(b)).unwrap_or(text.len());
        let end = text
            .iter()
            .rposition(|b| !blank(b))
            .map_or(start, |i| i + 1);
        let text = text.get(start..end).unwrap_or(&[]);
        let mapped = |b: &u8| match b {
            b'_' | b'-' => b' ',
            b => b.to_ascii_lowercase(),
        };
        let body = match text
            .len()
            .checked_sub(6)
            .and_then(|i| text.split_at_checked(i))
        {
            Some((body, tail)) if tail.iter().map(mapped).eq(*b" rules") => body,
            _ => text,
        };
        let mut name = [0u8; 24];
        let mut len = 0usize;
        for word in body.split(|b| blank(&mapped(b))).filter(|w| !w.is_empty()) {
            let space = usize::from(len > 0);
            let room = name.get_mut(len..len + space + word.len())?;
            let (gap, letters) = room.split_at_mut(space);
            gap.fill(b' ');
            for (to, from) in letters.iter_mut().zip(word) {
                *to = mapped(from);
            }
            len += space + word.len();
        }
        let name = name.get(..len)?;
        NAMES
            .iter()
            .find(|(n, _)| n.as_bytes() == name)
            .map(|&(_, r)| r)
    }

    /// [`RuleSet::from_ru`] of any value.
    fn from_any_ru(text: &str) -> Option<RuleSet> {
        let mut name: String = text
            .trim()
            .chars()
            .map(|c| match c {
                '_' | '-' => ' ',
                c => c.to_ascii_lowercase(),
            })
            .collect();
        if let Some(stem) = name.strip_suffix(" rules") {
            name = stem.trim_end().to_string();
        }
        let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
        NAMES.iter().find(|(n, _)| *n == name).map(|&(_, r)| r)
    }

    /// The rule set kifu checks by when `RU` is absent or unknown.
    pub const ASSUMED: RuleSet = RuleSet::Japanese;

    /// The rule set's usual name.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Japanese => "Japanese",
            RuleSet::Korean => "Korean",
            RuleSet::Chinese => "Chinese",
            RuleSet::Aga => "AGA",
            RuleSet::NewZealand => "New Zealand",
            RuleSet::Ing => "Ing",
            RuleSet::TrompTaylor => "Tromp-Taylor",
        }
    }

    /// How the rule set forbids recreating an earlier whole-board position: Chinese,
    /// Ing and Tromp-Taylor by the board alone (positional superko), AGA and New
    /// Zealand by the board and the player to move (situational); Japanese and
    /// Korean rules forbid only the immediate ko retake (`None`).
    pub fn superko(self) -> Option<Superko> {
        match self {
            RuleSet::Chinese | RuleSet::Ing | RuleSet::TrompTaylor => Some(Superko::Positional),
            RuleSet::Aga | RuleSet::NewZealand => Some(Superko::Situational),
            RuleSet::Japanese | RuleSet::Korean => None,
        }
    }

    /// Whether a long cycle (triple ko, eternal life …: the same position with the
    /// same player to move again) may end the game without result (無勝負) when
    /// neither side gives way: Japanese and Korean rules.
    pub fn cycles_void(self) -> bool {
        matches!(self, RuleSet::Japanese | RuleSet::Korean)
    }

    /// How the score is counted: territory (Japanese, Korean) or area (the others;
    /// AGA allows either, with the same result).
    pub fn scoring(self) -> Scoring {
        match self {
            RuleSet::Japanese | RuleSet::Korean => Scoring::Territory,
            _ => Scoring::Area,
        }
    }

    /// Whether results are also written in stones (子): Chinese margins in half
    /// points of stones, such as `B+1.25` (2.5 points), are the rule set's own.
    pub fn counts_stones(self) -> bool {
        self == RuleSet::Chinese
    }

    /// Whether a move that leaves its own group without liberties is played (the
    /// group is removed) rather than illegal.
    pub fn allows_suicide(self) -> bool {
        matches!(
            self,
            RuleSet::NewZealand | RuleSet::Ing | RuleSet::TrompTaylor
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte reading of ASCII values reads every value as the general one does:
    /// each name with every kind of blank, separator, case and suffix around it.
    #[test]
    fn ascii_names_read_as_any_text() {
        let pieces = [
            "", " ", "\t", "\x0B", "\x0C", "\r\n", "_", "-", "  ", " rules", "_rules", "-RULES",
            "\trules", "rules", "x", "new", "zealand", "tromp", "taylor", "ing", "goe", "jp",
        ];
        let mut texts: Vec<String> = Vec::new();
        for (name, _) in NAMES {
            for a in pieces {
                for b in pieces {
                    texts.push(format!("{a}{name}{b}"));
                    texts.push(format!("{a}{}{b}", name.to_uppercase().replace(' ', a)));
                }
            }
        }
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    texts.push(format!("{a}{b}{c}"));
                }
            }
        }
        texts.push("tromp taylor ".repeat(5));
        texts.extend(["Japanese", "New Zealand", "Tromp Taylor", "aGa", "Nz"].map(String::from));
        for text in &texts {
            assert_eq!(
                RuleSet::from_ascii_ru(text.as_bytes()),
                RuleSet::from_any_ru(text),
                "{text:?}"
            );
            // With the shortcut for names as listed.
            assert_eq!(
                RuleSet::from_ru(text),
                RuleSet::from_any_ru(text),
                "{text:?}"
            );
        }
        assert!(
            texts
                .iter()
                .filter(|t| RuleSet::from_ru(t).is_some())
                .count()
                > 1000
        );
    }

    #[test]
    fn names() {
        for (text, rules) in [
            ("NZ", RuleSet::NewZealand),
            ("New Zealand", RuleSet::NewZealand),
            ("ing", RuleSet::Ing),
            ("GOE", RuleSet::Ing),
            ("Tromp-Taylor", RuleSet::TrompTaylor),
            (" japanese ", RuleSet::Japanese),
            ("JP", RuleSet::Japanese),
            ("Korean", RuleSet::Korean),
            ("CN", RuleSet::Chinese),
            ("Chinese rules", RuleSet::Chinese),
            ("AGA", RuleSet::Aga),
        ] {
            assert_eq!(RuleSet::from_ru(text), Some(rules), "{text}");
        }
        assert_eq!(RuleSet::from_ru("Fischer"), None);
        assert_eq!(RuleSet::from_ru("Japanese\u{3000}rules"), None);
        assert_eq!(
            RuleSet::from_ru("  new_ZEALAND  Rules "),
            Some(RuleSet::NewZealand)
        );
        assert_eq!(RuleSet::from_ru(""), None);
        assert!(RuleSet::Ing.allows_suicide());
        assert!(!RuleSet::Chinese.allows_suicide());
        assert_eq!(RuleSet::Chinese.superko(), Some(Superko::Positional));
        assert_eq!(RuleSet::Aga.superko(), Some(Superko::Situational));
        assert_eq!(RuleSet::NewZealand.superko(), Some(Superko::Situational));
        assert_eq!(RuleSet::TrompTaylor.superko(), Some(Superko::Positional));
        assert_eq!(RuleSet::Ing.superko(), Some(Superko::Positional));
        assert_eq!(RuleSet::Japanese.superko(), None);
        assert!(RuleSet::Korean.cycles_void());
        assert_eq!(RuleSet::Japanese.scoring(), Scoring::Territory);
        assert_eq!(RuleSet::Chinese.scoring(), Scoring::Area);
    }
}
