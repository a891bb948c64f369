//! Go rule sets by name: the one table that turns an SGF `RU` value into what the
//! checks need (today whether suicide is legal; later superko and scoring).

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
    }
}
