//! Encoding labels: encoding_rs's WHATWG table plus the aliases real records use.

use encoding_rs::Encoding;

/// A text encoding kifu can decode and encode. Wraps an encoding_rs encoding; UTF-16
/// is encoded by kifu itself (encoding_rs only decodes it).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TextEncoding(&'static Encoding);

impl std::fmt::Debug for TextEncoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Labels encoding_rs does not know, mapped to the label it does. Keys are compared
/// after lowercasing and turning `_` and spaces into `-`.
const ALIASES: &[(&str, &str)] = &[
    ("cp932", "shift_jis"),
    ("ms-kanji", "shift_jis"),
    ("sjis-open", "shift_jis"),
    ("sjis-win", "shift_jis"),
    ("cp943", "shift_jis"),
    ("cp949", "euc-kr"),
    ("ms949", "euc-kr"),
    ("uhc", "euc-kr"),
    ("windows-949", "euc-kr"),
    ("ks-c-5601", "euc-kr"),
    ("ksc5601", "euc-kr"),
    ("euckr", "euc-kr"),
    ("cp936", "gbk"),
    ("ms936", "gbk"),
    ("windows-936", "gbk"),
    ("euc-cn", "gbk"),
    ("euccn", "gbk"),
    ("gb-2312", "gbk"),
    ("cp950", "big5"),
    ("ms950", "big5"),
    ("windows-950", "big5"),
    ("eucjp", "euc-jp"),
    ("cp51932", "euc-jp"),
    ("utf16le", "utf-16le"),
    ("utf16be", "utf-16be"),
    ("utf16", "utf-16le"),
    ("ucs-2le", "utf-16le"),
    ("ucs-2be", "utf-16be"),
    ("ucs2", "utf-16le"),
    ("cp1250", "windows-1250"),
    ("cp1251", "windows-1251"),
    ("cp1253", "windows-1253"),
    ("cp1254", "windows-1254"),
    ("cp1255", "windows-1255"),
    ("cp1256", "windows-1256"),
    ("cp1257", "windows-1257"),
    ("cp1258", "windows-1258"),
    ("cp866", "ibm866"),
    ("mac-roman", "macintosh"),
    ("macroman", "macintosh"),
    ("iso-8859-1:1987", "iso-8859-1"),
];

impl TextEncoding {
    /// UTF-8.
    pub const UTF_8: TextEncoding = TextEncoding(encoding_rs::UTF_8);
    /// UTF-16, little-endian.
    pub const UTF_16LE: TextEncoding = TextEncoding(encoding_rs::UTF_16LE);
    /// UTF-16, big-endian.
    pub const UTF_16BE: TextEncoding = TextEncoding(encoding_rs::UTF_16BE);
    /// Shift_JIS with the CP932 (Windows-31J) table.
    pub const SHIFT_JIS: TextEncoding = TextEncoding(encoding_rs::SHIFT_JIS);
    /// EUC-KR with the CP949 (UHC) table.
    pub const EUC_KR: TextEncoding = TextEncoding(encoding_rs::EUC_KR);
    /// GBK (the WHATWG `gb2312` label too): simplified Chinese.
    pub const GBK: TextEncoding = TextEncoding(encoding_rs::GBK);

    /// The encoding for a label (`Shift_JIS`, `cp932`, `UHC`, `UTF16LE` …), ignoring
    /// case, surrounding spaces, and `_`/`-` differences.
    pub fn for_label(label: &str) -> Option<TextEncoding> {
        let trimmed = label.trim();
        // The labels records declare most (as the writers spell them), at once.
        match trimmed {
            "" => return None,
            "Shift_JIS" => return Some(TextEncoding::SHIFT_JIS),
            "UTF-8" => return Some(TextEncoding::UTF_8),
            _ => {}
        }
        if let Some(e) = Encoding::for_label_no_replacement(trimmed.as_bytes()) {
            return Some(TextEncoding(e));
        }
        let key: String = trimmed
            .chars()
            .map(|c| match c {
                '_' | ' ' => '-',
                c => c.to_ascii_lowercase(),
            })
            .collect();
        if let Some(e) = Encoding::for_label_no_replacement(key.as_bytes()) {
            return Some(TextEncoding(e));
        }
        ALIASES
            .iter()
            .find(|(alias, _)| *alias == key)
            .and_then(|(_, target)| Encoding::for_label_no_replacement(target.as_bytes()))
            .map(TextEncoding)
    }

    /// The canonical name: `UTF-8`, `Shift_JIS`, `EUC-KR`, `UTF-16LE`, `GBK` …
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// The encoding_rs encoding behind it.
    pub fn inner(self) -> &'static Encoding {
        self.0
    }

    /// True for UTF-16LE and UTF-16BE.
    pub fn is_utf16(self) -> bool {
        self == TextEncoding::UTF_16LE || self == TextEncoding::UTF_16BE
    }

    /// True for the Unicode encodings (UTF-8, UTF-16), which can hold any text.
    pub fn is_unicode(self) -> bool {
        self == TextEncoding::UTF_8 || self.is_utf16()
    }

    /// True when ASCII bytes mean ASCII characters (not UTF-16, not ISO-2022-JP).
    pub fn is_ascii_compatible(self) -> bool {
        self.0.is_ascii_compatible()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_that_encoding_rs_lacks_resolve() {
        let cases = [
            ("cp932", "Shift_JIS"),
            ("CP932", "Shift_JIS"),
            ("MS932", "Shift_JIS"),
            ("sjis", "Shift_JIS"),
            ("MS_KANJI", "Shift_JIS"),
            ("cp949", "EUC-KR"),
            ("UHC", "EUC-KR"),
            ("cp936", "GBK"),
            ("EUC-CN", "GBK"),
            ("cp950", "Big5"),
            ("UTF16LE", "UTF-16LE"),
            ("utf16be", "UTF-16BE"),
            ("UTF-8", "UTF-8"),
            (" utf8 ", "UTF-8"),
            ("macintosh", "macintosh"),
            ("ISO-8859-1", "windows-1252"),
        ];
        for (label, name) in cases {
            assert_eq!(
                TextEncoding::for_label(label).map(|e| e.name()),
                Some(name),
                "label {label}"
            );
        }
        assert_eq!(TextEncoding::for_label("klingon"), None);
        assert_eq!(TextEncoding::for_label(""), None);
    }
}
