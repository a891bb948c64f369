//! Engine-analysis conventions: each program's way of writing an evaluation into a
//! record, as a pair of pure functions — parse the text (an SGF property's value, a
//! comment line as the model holds it) into an [`Evaluation`], and write one back.
//!
//! [`go`] holds the SGF properties (Lizzie `LZ`, Sabaki `SBKV`, Ogatak `OGSC`),
//! `katrain` KaTrain's `KT` (read only: written back as read);
//! [`shogi`] the comment lines (ShogiHome `#評価値=`, the KIF engine lines
//! `**対局`/`**解析`/`**検討` of ShogiGUI and Kifu for Windows, floodgate's CSA `'**`).
//! Every figure in an [`Evaluation`] is from Black's (sente's) side; a parser given a
//! convention that writes from the mover's side turns it around. `docs/analysis.md`
//! gives each layout and its sources. The SGF, KIF, KI2 and CSA readers lift what
//! they read into evaluations ([`comments::lift_reporting`],
//! [`properties::lift_reporting`]); every writer goes through [`writing::prepare`]
//! (`--analysis`), which moves evaluations between conventions (`convert`) and
//! lowers them back into text. `replay` checks a game's evaluations for
//! `validate`: every principal variation replayed with the rules, the figures against
//! each other.
//!
//! [`Evaluation`]: crate::model::Evaluation

pub mod comments;
pub(crate) mod convert;
pub mod go;
pub(crate) mod katrain;
pub mod properties;
pub(crate) mod replay;
pub mod shogi;
pub mod writing;

/// Why a text is not an evaluation in a convention: the byte offset in the text
/// where reading stopped, and what was expected there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotAnalysis {
    /// Byte offset into the text given to the parser.
    pub at: usize,
    /// What was wrong there.
    pub why: &'static str,
}

impl NotAnalysis {
    /// A failure at byte `at`.
    pub(crate) fn at(at: usize, why: &'static str) -> NotAnalysis {
        NotAnalysis { at, why }
    }
}

impl std::fmt::Display for NotAnalysis {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "byte {}: {}", self.at, self.why)
    }
}

/// The words of `text` split at ASCII spaces, each with its byte offset; empty words
/// (runs of spaces) are skipped.
pub(crate) fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let base = text.as_ptr() as usize;
    text.split(' ')
        .filter(|w| !w.is_empty())
        .map(move |w| (w.as_ptr() as usize - base, w))
}

/// A finite decimal number (`-7`, `56.3`), or `None`.
pub(crate) fn number(word: &str) -> Option<f64> {
    let ok = !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+'));
    let v: f64 = if ok { word.parse().ok()? } else { None? };
    v.is_finite().then_some(v)
}

/// `v` with at most `places` decimals and no trailing zeros (`56.3`, `-2`, `0.25`).
pub(crate) fn decimal(v: f64, places: usize) -> String {
    let text = format!("{v:.places$}");
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    };
    if text == "-0" {
        "0".to_string()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every parser on every prefix of real-shaped texts, and on each with a tricky
    /// character put at every place: none panics, and an error's place is in the text.
    #[test]
    fn no_text_makes_a_parser_panic() {
        let seeds = [
            "0.7.4 52.1 1500\nmove D4 visits 1500 winrate 4790 pv D4 Q16 info ",
            "0.7.4 46.8 2.3k\nmove Q16 visits 1800 winrate 5320 scoreMean -1.5 pv Q16 D16 info move Q3 visits 400 winrate 5100 pv Q3 info ",
            "48.37",
            "-12.3",
            "*対局 時間 00:01.2 深さ 12/24 ノード数 150000 評価値 45 読み筋 ▲７六歩(77) ",
            "*解析 0 深さ 20 評価値 80",
            "*検討 候補1 評価値 -7",
            "互角\n#詰み=後手勝ち:9手\n#評価値=58\n#読み筋=△３四歩▲２六歩\n#深さ=18\n#ノード数=1\n#エンジン=E",
            "* 47 -2324FU +2824HI",
            "0.40 0.60 0.00 -1.5 v=400 rv=1200 weight=0.85",
        ];
        let tricky = [
            '\n', ' ', '/', ':', '.', '-', '+', '▲', '手', 'k', '0', '9', '=', '\u{0}',
        ];
        let mut texts: Vec<String> = Vec::new();
        for seed in seeds {
            for (i, _) in seed.char_indices().chain([(seed.len(), ' ')]) {
                texts.push(seed[..i].to_string());
                for c in tricky {
                    let mut t = seed.to_string();
                    t.insert(i, c);
                    texts.push(t);
                }
            }
        }
        let check = |t: &str, r: Result<crate::model::Evaluation, NotAnalysis>| {
            if let Err(e) = r {
                assert!(e.at <= t.len(), "{t:?}: {e}");
            }
        };
        for t in &texts {
            for c in [crate::model::Color::Black, crate::model::Color::White] {
                check(
                    t,
                    go::parse_lz(t, c).map(|v| v.into_iter().next().unwrap_or_default()),
                );
            }
            check(t, go::parse_sbkv(t));
            check(t, go::parse_katago(t).map(|(e, _)| e));
            check(t, go::parse_ogatak(Some(t), t));
            check(t, shogi::parse_kif_line(t));
            check(t, shogi::parse_floodgate(t));
            check(t, shogi::parse_shogihome(t).map(Option::unwrap_or_default));
        }
        assert!(texts.len() > 3000, "{}", texts.len());
    }

    #[test]
    fn numbers_and_decimals() {
        assert_eq!(number("-7"), Some(-7.0));
        assert_eq!(number("+12.5"), Some(12.5));
        assert_eq!(number("1e3"), None);
        assert_eq!(number("inf"), None);
        assert_eq!(number(""), None);
        assert_eq!(decimal(56.3, 2), "56.3");
        assert_eq!(decimal(50.0, 1), "50");
        assert_eq!(decimal(-0.04, 1), "0");
        assert_eq!(decimal(-2.25, 1), "-2.2");
        let w: Vec<(usize, &str)> = words(" a  bc d").collect();
        assert_eq!(w, vec![(1, "a"), (4, "bc"), (7, "d")]);
    }
}
