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
