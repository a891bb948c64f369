//! Matching names: case-insensitive substrings after Unicode normalisation (NFKC), so
//! that full-width and half-width forms (`Ｌｅｅ`, `ｲｾﾄﾞﾙ`) match their usual forms.

use unicode_normalization::UnicodeNormalization;

/// A text in the form names are compared in: NFKC, then lower case.
pub fn fold(text: &str) -> String {
    let nfkc: String = text.nfkc().collect();
    nfkc.to_lowercase()
}

/// A name to look for, folded once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Needle {
    folded: String,
}

impl Needle {
    /// The needle for `text`.
    pub fn new(text: &str) -> Needle {
        Needle { folded: fold(text) }
    }

    /// True when the folded `hay` contains the folded needle.
    pub fn found_in(&self, hay: &str) -> bool {
        if hay.is_ascii() && self.folded.is_ascii() {
            // NFKC leaves ASCII alone: a case-insensitive search without a copy.
            let (h, n) = (hay.as_bytes(), self.folded.as_bytes());
            return n.is_empty() || h.windows(n.len()).any(|w| w.eq_ignore_ascii_case(n));
        }
        fold(hay).contains(&self.folded)
    }

    /// True when `hay` is present and contains the needle.
    pub fn found_in_opt(&self, hay: Option<&str>) -> bool {
        hay.is_some_and(|h| self.found_in(h))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_and_half_width_forms_and_case_match() {
        assert!(Needle::new("lee").found_in("Lee Sedol"));
        assert!(Needle::new("ＬＥＥ").found_in("lee sedol"));
        assert!(Needle::new("Lee").found_in("Ｌｅｅ Ｓｅｄｏｌ"));
        assert!(Needle::new("ｲｾﾄﾞﾙ").found_in("イセドル"));
        assert!(Needle::new("이세돌").found_in("李世乭 (이세돌)"));
        assert!(!Needle::new("Cho").found_in("Lee"));
        assert!(Needle::new("").found_in("anything"));
        assert!(!Needle::new("x").found_in_opt(None));
    }
}
