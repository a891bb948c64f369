//! Encoding detection in the documented order of evidence:
//! override → BOM → UTF-16 byte pattern → declared charset (unless the bytes are
//! non-ASCII valid UTF-8, which outweighs a legacy declaration) → strict UTF-8 →
//! the format's customary legacy encoding → statistical guess.

use std::borrow::Cow;

use serde::Serialize;

use super::{decode_strict, Malformed, StrictDecode, TextEncoding};
use crate::diag::{codes, Diagnostic, Span};

/// How the encoding of an input was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decision {
    /// `--encoding` on the command line.
    Override,
    /// A byte-order mark.
    Bom,
    /// UTF-16 recognised by its zero bytes (no BOM).
    Utf16Pattern,
    /// The charset the file declares (SGF `CA[]`, `#KIF … encoding=`, `'CSA encoding=`).
    Declared,
    /// The bytes are valid UTF-8.
    Utf8,
    /// The bytes are UTF-8 but for a few malformed sequences (each an error): no legacy
    /// encoding is tried, since it would turn the UTF-8 text into mojibake.
    MostlyUtf8,
    /// The format's customary legacy encoding decoded cleanly.
    FormatDefault,
    /// A statistical guess (chardetng).
    Guess,
}

impl Decision {
    /// The word used in output: `override`, `bom`, `declared` …
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Override => "override",
            Decision::Bom => "bom",
            Decision::Utf16Pattern => "utf16-pattern",
            Decision::Declared => "declared",
            Decision::Utf8 => "utf8-valid",
            Decision::MostlyUtf8 => "utf8-mostly",
            Decision::FormatDefault => "format-default",
            Decision::Guess => "guess",
        }
    }
}

/// Finds the charset label a file declares, in bytes where ASCII reads as ASCII.
pub type CharsetFinder = fn(&[u8]) -> Option<String>;

/// What the caller knows before decoding.
#[derive(Debug, Clone, Copy, Default)]
pub struct DetectHints {
    /// An encoding forced by the user; everything else is ignored.
    pub forced: Option<TextEncoding>,
    /// Finds the charset label the file declares, given bytes in which ASCII reads as
    /// ASCII (for UTF-16 inputs, the caller's function sees the low bytes only).
    pub declared: Option<CharsetFinder>,
    /// The format's customary legacy encoding (Shift_JIS for KIF, EUC-KR for Kiseong).
    pub legacy: Option<TextEncoding>,
    /// A second customary legacy encoding (GBK beside EUC-KR for GIB and NGF). When
    /// both decode the bytes strictly, which they mostly do, the alternative is taken
    /// if the first one's text reads as Chinese: at least a third of its Hangul
    /// syllables and ideographs are ideographs (see `docs/encoding.md`).
    pub legacy_alternative: Option<TextEncoding>,
}

/// Decoded text with the encoding used, how it was chosen, and every problem found.
#[derive(Debug, Clone)]
pub struct Decoded<'a> {
    /// The text, with U+FFFD for each malformed sequence (each also an error below).
    /// Borrowed when it is the input itself (valid UTF-8 without a BOM).
    pub text: Cow<'a, str>,
    /// The encoding used.
    pub encoding: TextEncoding,
    /// How it was chosen.
    pub decision: Decision,
    /// Whether a BOM was present (and removed).
    pub bom: bool,
    /// The charset label the file declares, verbatim, if any.
    pub declared: Option<String>,
    /// Malformed bytes (errors), mismatches and guesses (warnings), with spans in `text`.
    pub diagnostics: Vec<Diagnostic>,
}

impl Decoded<'_> {
    /// True when some bytes did not decode.
    pub fn has_malformed(&self) -> bool {
        self.diagnostics.iter().any(|d| d.code == MALFORMED)
    }
}

const MALFORMED: &str = crate::diag::codes::TEXT_MALFORMED.name;

/// Decodes an input by the order of evidence. Never fails: when no encoding decodes
/// the bytes cleanly, the best candidate is used and each malformed sequence becomes
/// an error diagnostic carrying its byte offset.
pub fn decode<'a>(bytes: &'a [u8], hints: &DetectHints) -> Decoded<'a> {
    decode_source(&mut Source::Borrowed(bytes), hints)
}

/// [`decode`] of bytes the caller gives away: when they are UTF-8 without a BOM and
/// are read as such, they become the text without being copied (a large file then
/// takes its size in memory once, not twice).
pub fn decode_owned(bytes: Vec<u8>, hints: &DetectHints) -> Decoded<'static> {
    decode_source(&mut Source::Owned(bytes), hints)
}

/// Bytes to decode, borrowed or given away.
enum Source<'a> {
    Borrowed(&'a [u8]),
    Owned(Vec<u8>),
}

/// A strict decode whose text may be the input itself.
struct Text<'a> {
    text: Cow<'a, str>,
    malformed: Vec<Malformed>,
}

impl Text<'_> {
    fn is_clean(&self) -> bool {
        self.malformed.is_empty()
    }
}

impl From<StrictDecode> for Text<'_> {
    fn from(d: StrictDecode) -> Self {
        Text {
            text: Cow::Owned(d.text),
            malformed: d.malformed,
        }
    }
}

impl<'a> Source<'a> {
    fn bytes(&self) -> &[u8] {
        match self {
            Source::Borrowed(b) => b,
            Source::Owned(v) => v,
        }
    }

    /// The bytes as text when they are valid UTF-8, validated once and never copied
    /// (borrowed bytes are borrowed, owned ones move into the text); `None` otherwise,
    /// with the bytes left as they were.
    fn valid_utf8(&mut self) -> Option<Cow<'a, str>> {
        match self {
            Source::Borrowed(b) => {
                let bytes: &'a [u8] = b;
                super::utf8::as_str(bytes).map(Cow::Borrowed)
            }
            Source::Owned(v) => match super::utf8::into_string(std::mem::take(v)) {
                Ok(text) => Some(Cow::Owned(text)),
                Err(bytes) => {
                    *v = bytes;
                    None
                }
            },
        }
    }

    /// The bytes decoded strictly as UTF-8 (see [`decode_strict`]).
    fn utf8(&mut self) -> Text<'a> {
        match self.valid_utf8() {
            Some(text) => Text {
                text,
                malformed: Vec::new(),
            },
            None => decode_strict(self.bytes(), 0, TextEncoding::UTF_8).into(),
        }
    }
}

fn decode_source<'a>(source: &mut Source<'a>, hints: &DetectHints) -> Decoded<'a> {
    let mut notes = Vec::new();
    if let Some(enc) = hints.forced {
        if enc == TextEncoding::UTF_8 && bom(source.bytes()).is_none() {
            return finish(source.utf8(), enc, Decision::Override, false, None, notes);
        }
        let (body, base, bom) = strip_bom_of(source.bytes(), enc);
        return finish(
            decode_strict(body, base, enc),
            enc,
            Decision::Override,
            bom,
            None,
            notes,
        );
    }
    let mut bytes = source.bytes();

    if let Some((enc, len)) = bom(bytes) {
        let declared = declared_label(bytes.get(len..).unwrap_or(&[]), enc, hints);
        if let Some(label) = &declared {
            check_declaration(label, enc, &mut notes);
        }
        let body = bytes.get(len..).unwrap_or(&[]);
        return finish(
            decode_strict(body, len, enc),
            enc,
            Decision::Bom,
            true,
            declared,
            notes,
        );
    }

    if let Some(enc) = utf16_pattern(bytes) {
        let declared = declared_label(bytes, enc, hints);
        if let Some(label) = &declared {
            check_declaration(label, enc, &mut notes);
        }
        return finish(
            decode_strict(bytes, 0, enc),
            enc,
            Decision::Utf16Pattern,
            false,
            declared,
            notes,
        );
    }

    let declared = hints.declared.and_then(|f| f(bytes));
    let mut fallback: Option<(Text<'a>, TextEncoding, Decision)> = None;
    if let Some(label) = &declared {
        match TextEncoding::for_label(label) {
            Some(enc) if enc != TextEncoding::UTF_8 && looks_like_utf8(bytes) => {
                notes.push(Diagnostic::new(
                    codes::TEXT_DECLARED_MISMATCH,
                    format!(
                        "the file declares charset {label:?}, but its bytes are valid UTF-8 with non-ASCII text, which {} text almost never is; decoded as UTF-8",
                        enc.name()
                    ),
                    Span::at(0),
                ));
            }
            Some(enc) if enc.is_ascii_compatible() => {
                let d = if enc == TextEncoding::UTF_8 {
                    let d = source.utf8();
                    bytes = source.bytes();
                    d
                } else {
                    decode_strict(bytes, 0, enc).into()
                };
                if d.is_clean() || (enc == TextEncoding::UTF_8 && mostly_utf8(bytes)) {
                    // Declared UTF-8 and mostly so: its malformed bytes are errors, and
                    // no other encoding is tried (it would only make mojibake).
                    return finish(d, enc, Decision::Declared, false, declared, notes);
                }
                let first = d.malformed.first().map_or(0, |m| m.bytes.start);
                notes.push(Diagnostic::new(
                    codes::TEXT_DECLARED_MISMATCH,
                    format!(
                        "the file declares charset {label:?}, but byte {first} is not valid {}; trying other encodings",
                        enc.name()
                    ),
                    Span::at(0),
                ));
                fallback = Some((d, enc, Decision::Declared));
            }
            // ISO-2022-JP is 7-bit: its bytes are ASCII, so the label was found, and
            // a clean strict decode confirms it.
            Some(enc)
                if enc.inner() == encoding_rs::ISO_2022_JP
                    && bytes.is_ascii()
                    && decode_strict(bytes, 0, enc).is_clean() =>
            {
                let d = decode_strict(bytes, 0, enc);
                return finish(d, enc, Decision::Declared, false, declared, notes);
            }
            Some(enc) => notes.push(Diagnostic::new(
                codes::TEXT_DECLARED_MISMATCH,
                format!(
                    "the file declares charset {label:?} ({}), but its bytes are not in that encoding",
                    enc.name()
                ),
                Span::at(0),
            )),
            None => notes.push(Diagnostic::new(
                codes::TEXT_UNKNOWN_CHARSET,
                format!("the file declares charset {label:?}, which kifu does not know"),
                Span::at(0),
            )),
        }
    }

    // 7-bit ISO-2022-JP is valid ASCII, so it would pass as UTF-8: its escape
    // sequences (ESC $ B, ESC $ @) give it away.
    if bytes.contains(&0x1b)
        && bytes.is_ascii()
        && (contains(bytes, b"\x1b$B") || contains(bytes, b"\x1b$@"))
    {
        let enc = TextEncoding::for_label("iso-2022-jp").unwrap_or(TextEncoding::UTF_8);
        let d = decode_strict(bytes, 0, enc);
        if d.is_clean() {
            return finish(d, enc, Decision::Guess, false, declared, notes);
        }
    }

    if let Some(text) = source.valid_utf8() {
        let d = Text {
            text,
            malformed: Vec::new(),
        };
        return finish(
            d,
            TextEncoding::UTF_8,
            Decision::Utf8,
            false,
            declared,
            notes,
        );
    }
    let bytes = source.bytes();
    if mostly_utf8(bytes) {
        return finish(
            decode_strict(bytes, 0, TextEncoding::UTF_8),
            TextEncoding::UTF_8,
            Decision::MostlyUtf8,
            false,
            declared,
            notes,
        );
    }

    // The statistical guess is only computed when the legacy encoding fails: it costs
    // far more than a strict decode.
    if let Some(chosen) = legacy_choice(bytes, hints) {
        return finish(
            chosen.0,
            chosen.1,
            Decision::FormatDefault,
            false,
            declared,
            notes,
        );
    }
    let legacy = hints
        .legacy
        .into_iter()
        .chain(hints.legacy_alternative)
        .map(|enc| (enc, Decision::FormatDefault));
    let guessed = std::iter::once(()).map(|()| (guess(bytes), Decision::Guess));
    for (enc, decision) in legacy.into_iter().chain(guessed) {
        if fallback.as_ref().is_some_and(|(_, e, _)| *e == enc) {
            continue;
        }
        let d = decode_strict(bytes, 0, enc);
        if d.is_clean() {
            if decision == Decision::Guess {
                notes.push(Diagnostic::new(
                    codes::TEXT_GUESSED_ENCODING,
                    format!(
                        "no charset is declared and the bytes are not UTF-8; guessed {} (use --encoding to be sure)",
                        enc.name()
                    ),
                    Span::at(0),
                ));
            }
            return finish(d, enc, decision, false, declared, notes);
        }
        let better = fallback
            .as_ref()
            .is_none_or(|(f, _, _)| d.malformed.len() < f.malformed.len());
        if better {
            fallback = Some((d.into(), enc, decision));
        }
    }
    let (d, enc, decision) = fallback.unwrap_or_else(|| {
        (
            decode_strict(bytes, 0, TextEncoding::UTF_8).into(),
            TextEncoding::UTF_8,
            Decision::Utf8,
        )
    });
    finish(d, enc, decision, false, declared, notes)
}

/// A format with two legacy encodings (EUC-KR and GBK): when both decode `bytes`
/// strictly, the first is taken unless its text reads as Chinese
/// ([`reads_as_chinese`]) or chardetng's statistical
/// guess is the second; when only one decodes, that one.
/// `None` without an alternative or when neither decodes (the usual steps follow).
fn legacy_choice(bytes: &[u8], hints: &DetectHints) -> Option<(StrictDecode, TextEncoding)> {
    let (first, second) = (hints.legacy?, hints.legacy_alternative?);
    let a = decode_strict(bytes, 0, first);
    if a.malformed.is_empty() {
        let chinese = reads_as_chinese(&a.text) || guess(bytes) == second;
        if !chinese {
            return Some((a, first));
        }
        let b = decode_strict(bytes, 0, second);
        return Some(if b.malformed.is_empty() {
            (b, second)
        } else {
            (a, first)
        });
    }
    let b = decode_strict(bytes, 0, second);
    b.malformed.is_empty().then_some((b, second))
}

/// True when `needle` occurs in `hay`.
fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// Valid UTF-8 that is not plain ASCII: strong evidence of UTF-8, since legacy
/// multibyte text is almost never valid UTF-8 by accident.
fn looks_like_utf8(bytes: &[u8]) -> bool {
    !bytes.is_ascii() && std::str::from_utf8(bytes).is_ok()
}

/// UTF-8 with a few stray bytes: its well-formed multibyte sequences cover at least
/// three times as many bytes as its malformed ones. Text in a legacy multibyte
/// encoding never comes close (in the corpus the most is 0.64 for Shift_JIS, EUC-KR,
/// GBK, Big5 and the Latin and Cyrillic code pages); a file whose UTF-8 text has one
/// stray byte is far above.
fn mostly_utf8(bytes: &[u8]) -> bool {
    let (mut good, mut bad) = (0usize, 0usize);
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(valid) => {
                good += valid.len() - valid.bytes().filter(u8::is_ascii).count();
                break;
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                good += valid.len() - valid.iter().filter(|b| b.is_ascii()).count();
                let skip = e.error_len().unwrap_or(after.len()).max(1);
                bad += skip.min(after.len());
                rest = after.get(skip..).unwrap_or(&[]);
            }
        }
    }
    bad > 0 && good >= 3 * bad
}

/// Builds the result, turning each malformed range into an error diagnostic.
fn finish<'a>(
    d: impl Into<Text<'a>>,
    encoding: TextEncoding,
    decision: Decision,
    bom: bool,
    declared: Option<String>,
    mut diagnostics: Vec<Diagnostic>,
) -> Decoded<'a> {
    let d: Text<'a> = d.into();
    for m in &d.malformed {
        diagnostics.push(
            Diagnostic::new(
                crate::diag::codes::TEXT_MALFORMED,
                format!(
                    "bytes {}..{} are not valid {}",
                    m.bytes.start,
                    m.bytes.end,
                    encoding.name()
                ),
                Span::new(m.text_offset, m.text_offset + '\u{FFFD}'.len_utf8()),
            )
            .with_byte_offset(m.bytes.start),
        );
    }
    Decoded {
        text: d.text,
        encoding,
        decision,
        bom,
        declared,
        diagnostics,
    }
}

/// The encoding a BOM announces, and the BOM's length.
pub fn bom(bytes: &[u8]) -> Option<(TextEncoding, usize)> {
    match bytes {
        [0xEF, 0xBB, 0xBF, ..] => Some((TextEncoding::UTF_8, 3)),
        [0xFF, 0xFE, ..] => Some((TextEncoding::UTF_16LE, 2)),
        [0xFE, 0xFF, ..] => Some((TextEncoding::UTF_16BE, 2)),
        _ => None,
    }
}

/// Removes a BOM that matches the forced encoding (a BOM is never content).
fn strip_bom_of(bytes: &[u8], enc: TextEncoding) -> (&[u8], usize, bool) {
    match bom(bytes) {
        Some((b, len)) if b == enc => (bytes.get(len..).unwrap_or(&[]), len, true),
        _ => (bytes, 0, false),
    }
}

/// How many zero bytes `sample` holds at even and at odd offsets.
fn zero_counts(sample: &[u8]) -> (usize, usize) {
    const LOWS: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    /// The high bits of bytes 0, 2, 4 and 6 of a little-endian word.
    const EVEN: u64 = 0x0080_0080_0080_0080;
    let (mut even, mut odd) = (0usize, 0usize);
    // Eight bytes at a time: the high bit of each zero byte, counted by offset.
    let mut words = sample.chunks_exact(8);
    for w in &mut words {
        let mut b = [0u8; 8];
        b.copy_from_slice(w);
        let w = u64::from_le_bytes(b);
        // Exact: a byte's high bit is set here only when the byte is zero.
        let zeros = !(((w & LOWS) + LOWS) | w) & !LOWS;
        even += (zeros & EVEN).count_ones() as usize;
        odd += (zeros & (EVEN << 8)).count_ones() as usize;
    }
    for (i, &b) in words.remainder().iter().enumerate() {
        let zero = usize::from(b == 0);
        if i % 2 == 0 {
            even += zero;
        } else {
            odd += zero;
        }
    }
    (even, odd)
}

/// UTF-16 without a BOM: in text that is mostly ASCII, every other byte is zero.
pub fn utf16_pattern(bytes: &[u8]) -> Option<TextEncoding> {
    let sample = bytes.get(..bytes.len().min(512) & !1)?;
    if sample.len() < 4 {
        return None;
    }
    let pairs = sample.len() / 2;
    let (even_zero, odd_zero) = zero_counts(sample);
    // At least 60 % of the units look like ASCII in one byte order, hardly any in
    // the other.
    if odd_zero * 10 >= pairs * 6 && even_zero * 10 <= pairs {
        Some(TextEncoding::UTF_16LE)
    } else if even_zero * 10 >= pairs * 6 && odd_zero * 10 <= pairs {
        Some(TextEncoding::UTF_16BE)
    } else {
        None
    }
}

/// Runs the format's declaration finder; for UTF-16 it sees only the low bytes.
fn declared_label(body: &[u8], enc: TextEncoding, hints: &DetectHints) -> Option<String> {
    let find = hints.declared?;
    if !enc.is_utf16() {
        return find(body);
    }
    let low = usize::from(enc == TextEncoding::UTF_16BE);
    let ascii: Vec<u8> = body
        .chunks_exact(2)
        .map(|pair| if pair[1 - low] == 0 { pair[low] } else { b'?' })
        .collect();
    find(&ascii)
}

/// Warns when a declaration disagrees with what the bytes proved (BOM, UTF-16 pattern).
fn check_declaration(label: &str, used: TextEncoding, notes: &mut Vec<Diagnostic>) {
    let declared = TextEncoding::for_label(label);
    let agrees = match declared {
        Some(d) => d == used || (d.is_utf16() && used.is_utf16()),
        None => false,
    };
    if !agrees {
        notes.push(Diagnostic::new(
            codes::TEXT_DECLARED_MISMATCH,
            format!(
                "the file declares charset {label:?}, but its bytes are {}",
                used.name()
            ),
            Span::at(0),
        ));
    }
}

/// chardetng's guess for bytes that are not UTF-8.
fn guess(bytes: &[u8]) -> TextEncoding {
    let mut det = chardetng::EncodingDetector::new();
    det.feed(bytes, true);
    let enc = det.guess(None, false);
    TextEncoding::for_label(enc.name()).unwrap_or(TextEncoding::UTF_8)
}

/// The share of the ideographs among the Hangul syllables and ideographs of `text`
/// is at least one third: Chinese text decoded as EUC-KR reads as such a mixture,
/// Korean text hardly ever (see `docs/encoding.md`).
fn reads_as_chinese(text: &str) -> bool {
    let (mut hangul, mut hanzi) = (0usize, 0usize);
    for c in text.chars() {
        match c {
            '\u{AC00}'..='\u{D7A3}' => hangul += 1,
            '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' => hanzi += 1,
            _ => {}
        }
    }
    hanzi > 0 && hanzi * 3 >= hangul + hanzi
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sgf_ca(bytes: &[u8]) -> Option<String> {
        let at = bytes.windows(3).position(|w| w == b"CA[")?;
        let rest = bytes.get(at + 3..)?;
        let end = rest.iter().position(|&b| b == b']')?;
        Some(String::from_utf8_lossy(rest.get(..end)?).into_owned())
    }

    #[test]
    fn zero_counts_agree_with_a_byte_by_byte_count() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for len in 0..80 {
            for _ in 0..50 {
                let sample: Vec<u8> = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        // Zeros often, and bytes whose low bits or high bit alone are set.
                        [0, 0, 0x80, 0x01, 0x7F, 0xFF, x as u8][(x >> 40) as usize % 7]
                    })
                    .collect();
                let plain = |parity: usize| {
                    (sample.iter().enumerate())
                        .filter(|&(i, &b)| i % 2 == parity && b == 0)
                        .count()
                };
                assert_eq!(zero_counts(&sample), (plain(0), plain(1)), "{sample:02x?}");
            }
        }
    }

    fn hints() -> DetectHints {
        DetectHints {
            forced: None,
            declared: Some(sgf_ca),
            legacy: None,
            legacy_alternative: None,
        }
    }

    #[test]
    fn declared_charset_wins_over_utf8_validity() {
        let (body, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[Shift_JIS]C[表示]");
        let d = decode(&body, &hints());
        assert_eq!(d.encoding, TextEncoding::SHIFT_JIS);
        assert_eq!(d.decision, Decision::Declared);
        assert_eq!(d.text, "(;CA[Shift_JIS]C[表示]");
        assert!(d.diagnostics.is_empty());
    }

    #[test]
    fn a_wrong_declaration_falls_back_with_a_warning() {
        let d = decode("(;CA[MS_KANJI]C[日本語]".as_bytes(), &hints());
        assert_eq!(d.encoding, TextEncoding::UTF_8);
        assert_eq!(d.decision, Decision::Utf8);
        assert_eq!(d.diagnostics.len(), 1);
        assert_eq!(d.diagnostics[0].code, "text::declared-mismatch");
    }

    #[test]
    fn bom_is_stripped_and_wins() {
        let d = decode(b"\xEF\xBB\xBF(;C[x])", &hints());
        assert_eq!(d.text, "(;C[x])");
        assert_eq!(d.decision, Decision::Bom);
        assert!(d.bom);
    }

    #[test]
    fn utf16_without_bom_is_recognised() {
        let bytes: Vec<u8> = "(;CA[UTF-16BE]C[한])"
            .encode_utf16()
            .flat_map(|u| u.to_be_bytes())
            .collect();
        let d = decode(&bytes, &hints());
        assert_eq!(d.encoding, TextEncoding::UTF_16BE);
        assert_eq!(d.decision, Decision::Utf16Pattern);
        assert_eq!(d.declared.as_deref(), Some("UTF-16BE"));
        assert_eq!(d.text, "(;CA[UTF-16BE]C[한])");
        assert!(d.diagnostics.is_empty());
    }

    #[test]
    fn legacy_default_before_guessing() {
        let (body, _, _) = encoding_rs::EUC_KR.encode("흑 홍길동 4급");
        let h = DetectHints {
            legacy: Some(TextEncoding::EUC_KR),
            ..DetectHints::default()
        };
        let d = decode(&body, &h);
        assert_eq!(d.decision, Decision::FormatDefault);
        assert_eq!(d.text, "흑 홍길동 4급");
    }

    #[test]
    fn undecodable_bytes_become_positioned_errors() {
        let h = DetectHints {
            forced: Some(TextEncoding::UTF_8),
            ..DetectHints::default()
        };
        let d = decode(b"line1\nab\xffc", &h);
        assert_eq!(d.diagnostics.len(), 1);
        let diag = &d.diagnostics[0];
        assert_eq!(diag.code, "text::malformed");
        assert_eq!(diag.byte_offset, Some(8));
        assert_eq!(diag.span, Span::new(8, 11));
        assert_eq!(diag.message, "bytes 8..9 are not valid UTF-8");
    }

    #[test]
    fn chinese_is_told_from_korean() {
        assert!(!reads_as_chinese("흑 시간승 이세돌"));
        // GB2312 "让5子 让子棋" read as EUC-KR.
        assert!(reads_as_chinese("횻5綾 횻綾펙"));
        assert!(!reads_as_chinese("abc"));
    }
}
