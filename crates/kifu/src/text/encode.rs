//! Strict encoding: an unmappable character is an error with its position, never a
//! `&#NNNN;` numeric reference.

use std::borrow::Cow;

use encoding_rs::EncoderResult;

use super::TextEncoding;

/// A character the target encoding cannot hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unmappable {
    /// The character.
    pub ch: char,
    /// Its byte offset in the UTF-8 text being encoded.
    pub offset: usize,
}

/// A character replaced by its Shift_JIS-encodable twin before encoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Normalization {
    /// The character in the text.
    pub from: char,
    /// What was written instead.
    pub to: char,
    /// Its byte offset in the text.
    pub offset: usize,
}

/// The characters that CP932 writes as fullwidth forms: the JIS X 0208 code points
/// that Unicode-to-Shift_JIS tables disagree on.
const SHIFT_JIS_TWINS: [(char, char); 6] = [
    ('\u{301C}', '\u{FF5E}'), // 〜 WAVE DASH → ～ FULLWIDTH TILDE
    ('\u{2212}', '\u{FF0D}'), // − MINUS SIGN → － FULLWIDTH HYPHEN-MINUS
    ('\u{2016}', '\u{2225}'), // ‖ DOUBLE VERTICAL LINE → ∥ PARALLEL TO
    ('\u{00AC}', '\u{FFE2}'), // ¬ NOT SIGN → ￢
    ('\u{00A2}', '\u{FFE0}'), // ¢ CENT SIGN → ￠
    ('\u{00A3}', '\u{FFE1}'), // £ POUND SIGN → ￡
];

/// Replaces 〜 − ‖ ¬ ¢ £ with the forms CP932 encodes (～ － ∥ ￢ ￠ ￡),
/// reporting each replacement. Returns the text unchanged (borrowed) when none occur.
pub fn normalize_for_shift_jis(text: &str) -> (Cow<'_, str>, Vec<Normalization>) {
    let twin = |c: char| {
        SHIFT_JIS_TWINS
            .iter()
            .find(|(f, _)| *f == c)
            .map(|&(_, t)| t)
    };
    // Most texts hold no twin: two searches of the bytes say so, not a decoding of
    // every character. Five twins start with a byte 0xC2 or 0xE2, which Japanese
    // text seldom holds; 〜 starts with 0xE3, as kana and 、。「」 do, so it is looked
    // for whole.
    let bytes = text.as_bytes();
    if memchr::memchr2(0xC2, 0xE2, bytes).is_none()
        && memchr::memmem::find(bytes, "\u{301C}".as_bytes()).is_none()
    {
        return (Cow::Borrowed(text), Vec::new());
    }
    if !SHIFT_JIS_TWINS.iter().any(|&(from, _)| text.contains(from)) {
        return (Cow::Borrowed(text), Vec::new());
    }
    let mut out = String::with_capacity(text.len());
    let mut done = Vec::new();
    for (offset, c) in text.char_indices() {
        match twin(c) {
            Some(to) => {
                done.push(Normalization {
                    from: c,
                    to,
                    offset,
                });
                out.push(to);
            }
            None => out.push(c),
        }
    }
    (Cow::Owned(out), done)
}

/// Encodes `text` into `enc`, failing with every character the encoding cannot hold.
/// No BOM is written. UTF-16 is encoded here; everything else by encoding_rs.
pub fn encode_strict(text: &str, enc: TextEncoding) -> Result<Vec<u8>, Vec<Unmappable>> {
    if enc == TextEncoding::UTF_8 {
        return Ok(text.as_bytes().to_vec());
    }
    if enc.is_utf16() {
        let big = enc == TextEncoding::UTF_16BE;
        let mut out = Vec::with_capacity(text.len() * 2);
        for unit in text.encode_utf16() {
            out.extend_from_slice(&if big {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            });
        }
        return Ok(out);
    }
    if enc == TextEncoding::SHIFT_JIS {
        // Every character the cache writes reads back as itself (checked when it
        // was cached): no decoding of the whole output to find a substitution.
        if let Some(out) = shift_jis_cached(text) {
            return Ok(out);
        }
    }
    let mut encoder = enc.inner().new_encoder();
    let mut out = Vec::with_capacity(text.len() + 16);
    let mut bad = Vec::new();
    let mut pos = 0usize;
    loop {
        let rest = text.get(pos..).unwrap_or("");
        let (result, read) =
            encoder.encode_from_utf8_to_vec_without_replacement(rest, &mut out, true);
        pos += read;
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => out.reserve(rest.len().max(16)),
            EncoderResult::Unmappable(ch) => bad.push(Unmappable {
                ch,
                offset: pos - ch.len_utf8(),
            }),
        }
    }
    if bad.is_empty() {
        bad = one_way(text, &out, enc);
    }
    if bad.is_empty() {
        Ok(out)
    } else {
        Err(bad)
    }
}

/// A cached character of [`shift_jis_cached`] and its bytes (one or two).
#[derive(Clone, Copy)]
struct SjisSlot {
    ch: char,
    len: u8,
    bytes: [u8; 2],
}

/// A slot of [`SJIS_CACHE`] that holds no character yet (`'\0'` is ASCII, never
/// looked up).
const EMPTY_SLOT: SjisSlot = SjisSlot {
    ch: '\0',
    len: 0,
    bytes: [0; 2],
};

/// The slots of [`SJIS_CACHE`]: a character's low eight bits pick its slot.
const SJIS_SLOTS: usize = 256;

thread_local! {
    /// The characters [`shift_jis_cached`] looked up on this thread, by their low
    /// eight bits: kept from one text to the next (a folder's outputs use the same
    /// few kanji), as a character's bytes never change. On the heap, made at the
    /// first use: a table inline in the thread's storage would take 2 KiB of the
    /// static TLS block, which a library loaded at run time (the Python module)
    /// cannot have.
    static SJIS_CACHE: std::cell::RefCell<Vec<SjisSlot>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Shift_JIS as encoding_rs writes it, a character at a time through a small cache:
/// a record's text uses few distinct characters (kanji of pieces and numbers), and
/// encoding_rs looks each up afresh. The encoder keeps no state between characters,
/// so the bytes are the same. A character is cached only when its bytes decode back
/// to it (ASCII always does), so the output reads back as `text`. `None` when a
/// character is unmappable or would read back as another (¥ is written as `\`): the
/// caller then takes the general way, which reports every such character.
fn shift_jis_cached(text: &str) -> Option<Vec<u8>> {
    SJIS_CACHE.with(|cache| {
        let mut cache = cache.try_borrow_mut().ok()?;
        if cache.len() < SJIS_SLOTS {
            cache.resize(SJIS_SLOTS, EMPTY_SLOT);
        }
        shift_jis_through(text, &mut cache)
    })
}

/// [`shift_jis_cached`] through `cache`.
fn shift_jis_through(text: &str, cache: &mut [SjisSlot]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() + 16);
    let mut rest = text;
    while !rest.is_empty() {
        let ascii = ascii_run(rest.as_bytes());
        out.extend_from_slice(rest.get(..ascii)?.as_bytes());
        rest = rest.get(ascii..)?;
        let Some(ch) = rest.chars().next() else { break };
        rest = rest.get(ch.len_utf8()..)?;
        let slot = cache.get_mut(ch as usize % SJIS_SLOTS)?;
        if slot.ch != ch {
            let mut buf = [0u8; 4];
            let mut encoder = encoding_rs::SHIFT_JIS.new_encoder();
            let mut one = Vec::with_capacity(4);
            let (result, _) = encoder.encode_from_utf8_to_vec_without_replacement(
                ch.encode_utf8(&mut buf),
                &mut one,
                true,
            );
            if !matches!(result, EncoderResult::InputEmpty) || one.is_empty() || one.len() > 2 {
                return None;
            }
            let back =
                encoding_rs::SHIFT_JIS.decode_without_bom_handling_and_without_replacement(&one);
            if back.as_deref() != Some(ch.encode_utf8(&mut buf)) {
                return None;
            }
            *slot = SjisSlot {
                ch,
                len: one.len() as u8,
                bytes: [one.first().copied()?, one.get(1).copied().unwrap_or(0)],
            };
        }
        out.extend_from_slice(slot.bytes.get(..usize::from(slot.len))?);
    }
    Some(out)
}

/// How many bytes `b` begins with that are ASCII, looked at eight at a time.
fn ascii_run(b: &[u8]) -> usize {
    super::words::first_marked(b, |w| w, |c| !c.is_ascii()).unwrap_or(b.len())
}

/// Characters an encoder accepts but that decode to something else (Shift_JIS writes
/// ¥ as 0x5C, which reads back as `\`): a silent substitution, so they count as
/// unmappable. Checked by decoding the whole output; only when that differs is each
/// character tried alone.
fn one_way(text: &str, encoded: &[u8], enc: TextEncoding) -> Vec<Unmappable> {
    let back = super::decode_strict(encoded, 0, enc);
    if back.is_clean() && back.text == text {
        return Vec::new();
    }
    let mut verdict: std::collections::HashMap<char, bool> = std::collections::HashMap::new();
    let mut bad = Vec::new();
    for (offset, ch) in text.char_indices() {
        let lossy = *verdict.entry(ch).or_insert_with(|| {
            let mut buf = [0u8; 4];
            let single: &str = ch.encode_utf8(&mut buf);
            let mut encoder = enc.inner().new_encoder();
            let mut out = Vec::with_capacity(16);
            let (result, _) =
                encoder.encode_from_utf8_to_vec_without_replacement(single, &mut out, true);
            let back = super::decode_strict(&out, 0, enc);
            !matches!(result, EncoderResult::InputEmpty) || !back.is_clean() || back.text != single
        });
        if lossy {
            bad.push(Unmappable { ch, offset });
        }
    }
    bad
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cache of characters kept from one text to the next gives each text the
    /// bytes encoding_rs gives it, whatever the texts before left in its slots
    /// (characters whose low eight bits are the same share a slot).
    #[test]
    fn shift_jis_through_the_kept_cache_is_encoding_rs_text_after_text() {
        // U+6B69 歩 and U+9769 革 share a slot.
        let texts = [
            "+7776FU 歩",
            "革命 歩 飛車",
            "飛車先の歩を交換する。\n",
            "歩歩革革",
        ];
        for round in 0..2 {
            for text in texts {
                let (want, _, bad) = encoding_rs::SHIFT_JIS.encode(text);
                assert!(!bad);
                assert_eq!(
                    encode_strict(text, TextEncoding::SHIFT_JIS).expect("mappable"),
                    want.into_owned(),
                    "round {round}: {text}"
                );
            }
        }
        // An unmappable character leaves the cache as good as it was.
        assert!(encode_strict("歩é", TextEncoding::SHIFT_JIS).is_err());
        assert_eq!(
            encode_strict("歩革", TextEncoding::SHIFT_JIS).expect("mappable"),
            encoding_rs::SHIFT_JIS.encode("歩革").0.into_owned()
        );
    }

    /// A character Shift_JIS writes as another's bytes (¥ as `\`, ‾ as `~`) is never
    /// cached: each text holding one is reported, at its offset, the first time
    /// and every time after.
    #[test]
    fn a_character_that_reads_back_as_another_is_reported_every_time() {
        for _ in 0..3 {
            let Err(bad) = encode_strict("歩¥12‾", TextEncoding::SHIFT_JIS) else {
                panic!("¥ and ‾ do not read back");
            };
            let found: Vec<(char, usize)> = bad.iter().map(|u| (u.ch, u.offset)).collect();
            assert_eq!(found, [('¥', 3), ('‾', 7)]);
        }
        assert_eq!(
            encode_strict("歩\\12~", TextEncoding::SHIFT_JIS).expect("ASCII reads back"),
            encoding_rs::SHIFT_JIS.encode("歩\\12~").0.into_owned()
        );
    }

    #[test]
    fn the_ascii_run_ends_at_the_first_byte_above_ascii() {
        for len in 0..40 {
            for at in 0..=len {
                let mut b = vec![b'a'; len];
                if let Some(x) = b.get_mut(at) {
                    *x = 0xE6;
                }
                assert_eq!(ascii_run(&b), at, "{len} {at}");
            }
        }
    }

    #[test]
    fn normalizing_for_shift_jis_changes_twins_only_and_leaves_ascii_as_it_is() {
        let (text, done) = normalize_for_shift_jis("abc ~\\ 123");
        assert!(matches!(text, Cow::Borrowed(_)));
        assert!(done.is_empty());
        let (text, done) = normalize_for_shift_jis("a~\u{301C}歩");
        assert_eq!(text, "a~\u{FF5E}歩");
        assert_eq!(
            done,
            vec![Normalization {
                from: '\u{301C}',
                to: '\u{FF5E}',
                offset: 2
            }]
        );
    }

    #[test]
    fn unmappable_characters_are_all_reported_with_offsets() {
        // 'é' is not in Shift_JIS; neither is '한'.
        let err = encode_strict("aé表한", TextEncoding::SHIFT_JIS).unwrap_err();
        assert_eq!(
            err,
            vec![
                Unmappable {
                    ch: 'é', offset: 1
                },
                Unmappable {
                    ch: '한',
                    offset: 6
                }
            ]
        );
    }

    #[test]
    fn characters_that_would_read_back_differently_are_unmappable() {
        // WHATWG Shift_JIS writes ¥ as 0x5C and ‾ as 0x7E, which read back as \ and ~.
        let err = encode_strict("a¥b‾", TextEncoding::SHIFT_JIS).unwrap_err();
        assert_eq!(
            err,
            vec![
                Unmappable {
                    ch: '¥', offset: 1
                },
                Unmappable {
                    ch: '‾', offset: 4
                }
            ]
        );
        assert_eq!(
            encode_strict("a\\b~", TextEncoding::SHIFT_JIS).unwrap(),
            b"a\\b~"
        );
    }

    #[test]
    fn the_cached_shift_jis_encoder_writes_what_encoding_rs_writes() {
        // Kanji, kana, halfwidth katakana, fullwidth forms, ASCII; characters whose
        // code points collide in the cache (U+6B69 歩 and U+5B69 ... share the low byte).
        let text = "▲７六歩(77) 同　銀成 ｱｲｳ ～ａｂ\n手数＝1 孩歩孩歩 まで 99手で後手の勝ち\n";
        let (expected, _, unmappable) = encoding_rs::SHIFT_JIS.encode(text);
        assert!(!unmappable);
        assert_eq!(shift_jis_cached(text).as_deref(), Some(&expected[..]));
        assert_eq!(
            encode_strict(text, TextEncoding::SHIFT_JIS).as_deref(),
            Ok(&expected[..])
        );
        // An unmappable character leaves it to the general way.
        assert_eq!(shift_jis_cached("歩é"), None);
        assert_eq!(shift_jis_cached(""), Some(Vec::new()));
    }

    #[test]
    fn never_writes_numeric_character_references() {
        let err = encode_strict("😀", TextEncoding::EUC_KR).unwrap_err();
        assert_eq!(
            err,
            vec![Unmappable {
                ch: '😀',
                offset: 0
            }]
        );
    }

    #[test]
    fn shift_jis_twins_are_normalised_and_reported() {
        let (text, done) = normalize_for_shift_jis("a〜b‖¬¢£−");
        assert_eq!(text, "a～b∥￢￠￡－");
        assert_eq!(done.len(), 6);
        assert_eq!(
            done[0],
            Normalization {
                from: '〜',
                to: '～',
                offset: 1
            }
        );
        assert_eq!(done[1].offset, 5);
        assert_eq!(
            encode_strict(&text, TextEncoding::SHIFT_JIS).unwrap(),
            b"a\x81\x60b\x81\x61\x81\xca\x81\x91\x81\x92\x81\x7c"
        );
        let (same, none) = normalize_for_shift_jis("平手");
        assert!(matches!(same, Cow::Borrowed(_)));
        assert!(none.is_empty());
    }

    /// Each twin alone in Japanese text is found: the quick look for a twin's
    /// first byte (0xC2, 0xE2) or for 〜 whole misses none.
    #[test]
    fn each_twin_alone_is_found() {
        for (from, to) in SHIFT_JIS_TWINS {
            let text = format!("先手：羽生、「{from}」。");
            let (normalised, done) = normalize_for_shift_jis(&text);
            assert_eq!(normalised, format!("先手：羽生、「{to}」。"), "{from}");
            assert_eq!(done.len(), 1, "{from}");
        }
    }

    #[test]
    fn utf16_is_encoded_without_bom() {
        assert_eq!(
            encode_strict("A한", TextEncoding::UTF_16LE).unwrap(),
            vec![0x41, 0, 0x5c, 0xd5]
        );
        assert_eq!(
            encode_strict("A한", TextEncoding::UTF_16BE).unwrap(),
            vec![0, 0x41, 0xd5, 0x5c]
        );
    }
}
