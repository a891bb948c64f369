//! What kifu knows about a file from its extension (or content): its customary legacy
//! encoding, its charset declaration, and the encoding its extension implies.

use std::path::Path;

use crate::formats::declaration::Declaration;
use crate::text::{CharsetFinder, TextEncoding};

/// The encoding conventions of one kind of record file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profile {
    /// A short name for reports: `sgf`, `kif`, `kifu`, `csa`, `kiseong`, `text` …
    pub kind: &'static str,
    /// The legacy encoding files of this kind use when not UTF-8.
    pub legacy: Option<TextEncoding>,
    /// The declaration syntax, if the format has one.
    pub declaration: Option<Declaration>,
    /// The encoding the extension itself implies (`.kifu` is UTF-8): a declaration is
    /// then only added when the target differs from it.
    pub implied: Option<TextEncoding>,
    /// JSON records must stay UTF-8.
    pub json: bool,
}

const fn profile(
    kind: &'static str,
    legacy: Option<TextEncoding>,
    declaration: Option<Declaration>,
    implied: Option<TextEncoding>,
) -> Profile {
    Profile {
        kind,
        legacy,
        declaration,
        implied,
        json: false,
    }
}

const SJIS: Option<TextEncoding> = Some(TextEncoding::SHIFT_JIS);
const EUCKR: Option<TextEncoding> = Some(TextEncoding::EUC_KR);
const UTF8: Option<TextEncoding> = Some(TextEncoding::UTF_8);

impl Profile {
    /// Korean Kiseong records (found by content).
    pub const KISEONG: Profile = profile("kiseong", EUCKR, None, None);
    /// Any other text file (`--all`).
    pub const TEXT: Profile = profile("text", None, None, None);

    /// The profile for a record file's extension.
    pub fn for_path(path: &Path) -> Option<Profile> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "sgf" => profile("sgf", None, Some(Declaration::Sgf), None),
            "kif" => profile("kif", SJIS, Some(Declaration::Kif), None),
            "ki2" => profile("ki2", SJIS, Some(Declaration::Kif), None),
            "kifu" => profile("kifu", SJIS, Some(Declaration::Kif), UTF8),
            "ki2u" => profile("ki2u", SJIS, Some(Declaration::Kif), UTF8),
            "csa" => profile("csa", SJIS, Some(Declaration::Csa), None),
            "jkf" => Profile {
                json: true,
                ..profile("jkf", None, None, UTF8)
            },
            "gonu" => profile("gonu", EUCKR, None, None),
            "kis" => profile("kiseong", EUCKR, None, None),
            _ => return None,
        })
    }

    /// The declaration finder for detection.
    pub fn finder(self) -> Option<CharsetFinder> {
        self.declaration.map(|d| match d {
            Declaration::Sgf => crate::formats::declaration::find_sgf as CharsetFinder,
            Declaration::Kif => crate::formats::declaration::find_kif,
            Declaration::Csa => crate::formats::declaration::find_csa,
        })
    }

    /// Whether a file of this kind needs a declaration added when converted to `to`:
    /// always, unless its extension implies `to` (`.kifu` is UTF-8). A `.kif` without
    /// one is Shift_JIS by convention, so even a `.kif` whose bytes already are UTF-8
    /// gets one (reported as "declaration added (the bytes were already UTF-8)").
    pub fn must_declare(self, to: TextEncoding) -> bool {
        match self.implied {
            Some(implied) => implied != to,
            None => true,
        }
    }
}
