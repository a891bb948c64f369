//! The pure part of re-encoding: bytes in, verified bytes out (or why not).

use super::{Options, Outcome, Profile};
use crate::diag::codes;
use crate::text::{self, Decision, DetectHints, LineIndex, TextEncoding};

/// A successful transformation.
#[derive(Debug, Clone)]
pub struct Transformed {
    /// The encoding the file was in.
    pub from: TextEncoding,
    /// How that was decided.
    pub decided_by: Decision,
    /// The new bytes; `None` when the file already is what was asked for.
    pub output: Option<Vec<u8>>,
    /// What changed besides the encoding: declaration, normalisations, replacements.
    pub notes: Vec<String>,
}

/// Why a file is not transformed: the outcome, the reason, and its encoding if known.
pub type Refusal = (Outcome, String, Option<TextEncoding>);

/// Decodes `bytes` by the encoding policy, re-encodes into `opts.to` with the
/// declaration updated, and verifies that the result decodes back to the same text.
pub fn transform(bytes: &[u8], profile: Profile, opts: &Options) -> Result<Transformed, Refusal> {
    let to = opts.to;
    if profile.json && to != TextEncoding::UTF_8 {
        return Err((
            Outcome::Skipped,
            format!("a {} file is JSON, which stays UTF-8", profile.kind),
            None,
        ));
    }
    let hints = DetectHints {
        forced: opts.from,
        declared: profile.finder(),
        legacy: profile.legacy,
        legacy_alternative: None,
    };
    let mut decoded = text::decode(bytes, &hints);
    if !decoded.encoding.is_utf16() && bytes.contains(&0) {
        return Err((
            Outcome::Skipped,
            "binary file (it holds NUL bytes)".into(),
            None,
        ));
    }
    if decoded.decision == Decision::Guess && opts.from.is_none() {
        match profile.legacy {
            // Lossy: keep to the kind's own encoding and replace what does not decode.
            Some(legacy) if opts.lossy => {
                decoded = text::decode(
                    bytes,
                    &DetectHints {
                        forced: Some(legacy),
                        ..hints
                    },
                );
            }
            // A guess that happens to decode is too weak to rewrite anybody's data:
            // only `--from` may confirm it.
            _ => return Err(guess_refused(bytes, profile, decoded.encoding)),
        }
    }
    let from = decoded.encoding;
    let mut notes = Vec::new();
    let how = decoded.decision.as_str();
    if let Some(first) = decoded
        .diagnostics
        .iter()
        .find(|d| d.code == codes::TEXT_MALFORMED.name)
    {
        let count = decoded
            .diagnostics
            .iter()
            .filter(|d| d.code == codes::TEXT_MALFORMED.name)
            .count();
        if !opts.lossy {
            return Err((
                Outcome::Failed,
                format!(
                    "byte {} is not valid {} ({how}); {count} malformed sequence(s); left untouched",
                    first.byte_offset.unwrap_or(0),
                    from.name()
                ),
                Some(from),
            ));
        }
        for d in decoded
            .diagnostics
            .iter()
            .filter(|d| d.code == codes::TEXT_MALFORMED.name)
        {
            notes.push(format!("{} replaced by U+FFFD", d.message));
        }
    }

    let mut new_text = match profile.declaration {
        Some(decl) => decl.rewrite(&decoded.text, to.name(), profile.must_declare(to)),
        None => decoded.text.clone().into_owned(),
    };
    if new_text != decoded.text {
        // A file already in the target encoding whose kind needs a declaration to say
        // so (a `.kif` without one is Shift_JIS by convention): only the declaration
        // is new, and the report says so.
        let undeclared = profile.finder().is_some_and(|find| {
            find(decoded.text.trim_start_matches('\u{FEFF}').as_bytes()).is_none()
        });
        if undeclared && from == to {
            notes.push(format!(
                "declaration added (the bytes were already {})",
                to.name()
            ));
        } else {
            notes.push(format!("declaration set to {}", to.name()));
        }
    }
    if to == TextEncoding::SHIFT_JIS {
        let (normalised, done) = text::normalize_for_shift_jis(&new_text);
        if !done.is_empty() {
            let index = LineIndex::new(&new_text);
            for n in &done {
                let (l, c) = index.line_col_in(&new_text, n.offset);
                notes.push(format!(
                    "{} written as {} at line {l}, column {c}",
                    n.from, n.to
                ));
            }
            new_text = normalised.into_owned();
        }
    }
    let body = match text::encode_strict(&new_text, to) {
        Ok(b) => b,
        Err(bad) => {
            let index = LineIndex::new(&new_text);
            if !opts.lossy {
                let first = &bad[0];
                let (l, c) = index.line_col_in(&new_text, first.offset);
                return Err((
                    Outcome::Failed,
                    format!(
                        "{:?} (U+{:04X}) at line {l}, column {c} cannot be written in {}; {} such character(s); left untouched",
                        first.ch,
                        first.ch as u32,
                        to.name(),
                        bad.len()
                    ),
                    Some(from),
                ));
            }
            for u in &bad {
                let (l, c) = index.line_col_in(&new_text, u.offset);
                notes.push(format!(
                    "{:?} at line {l}, column {c} replaced by '?'",
                    u.ch
                ));
            }
            new_text = replace_unmappable(&new_text, &bad);
            text::encode_strict(&new_text, to).map_err(|_| {
                (
                    Outcome::Failed,
                    "could not encode even after replacement".to_string(),
                    Some(from),
                )
            })?
        }
    };
    let keep_bom = to.is_utf16() || (decoded.bom && to == from);
    let output = with_bom(body, to, keep_bom);
    if output == bytes {
        return Ok(Transformed {
            from,
            decided_by: decoded.decision,
            output: None,
            notes,
        });
    }
    verify(&output, &new_text, to, keep_bom).map_err(|why| (Outcome::Failed, why, Some(from)))?;
    Ok(Transformed {
        from,
        decided_by: decoded.decision,
        output: Some(output),
        notes,
    })
}

/// Why a file whose encoding was only guessed is left untouched: its first byte that
/// is not valid in its kind's usual encoding (or UTF-8), and what to run if the guess
/// is right.
fn guess_refused(bytes: &[u8], profile: Profile, guessed: TextEncoding) -> Refusal {
    let usual = profile.legacy.unwrap_or(TextEncoding::UTF_8);
    let first = text::decode_strict(bytes, 0, usual)
        .malformed
        .first()
        .map_or(0, |m| m.bytes.start);
    let why = match profile.legacy {
        Some(legacy) => format!(
            "byte {first} is not valid {} (the usual encoding of .{} files) nor UTF-8",
            legacy.name(),
            profile.kind
        ),
        None => format!("byte {first} is not valid UTF-8"),
    };
    (
        Outcome::Failed,
        format!(
            "{why}; it decodes as {} by a statistical guess only: rerun with --from {} if that is right; left untouched",
            guessed.name(),
            guessed.name()
        ),
        None,
    )
}

/// Replaces each unmappable character with `?`.
fn replace_unmappable(text: &str, bad: &[text::Unmappable]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for u in bad {
        out.push_str(&text[last..u.offset]);
        out.push('?');
        last = u.offset + u.ch.len_utf8();
    }
    out.push_str(&text[last..]);
    out
}

/// Prepends the target's BOM when asked.
fn with_bom(body: Vec<u8>, to: TextEncoding, bom: bool) -> Vec<u8> {
    if !bom {
        return body;
    }
    let mark: &[u8] = if to == TextEncoding::UTF_16LE {
        b"\xFF\xFE"
    } else if to == TextEncoding::UTF_16BE {
        b"\xFE\xFF"
    } else {
        b"\xEF\xBB\xBF"
    };
    let mut out = Vec::with_capacity(mark.len() + body.len());
    out.extend_from_slice(mark);
    out.extend_from_slice(&body);
    out
}

/// Decodes the output strictly and compares it with the text that was encoded.
fn verify(output: &[u8], expected: &str, to: TextEncoding, bom: bool) -> Result<(), String> {
    let skip = if !bom {
        0
    } else if to.is_utf16() {
        2
    } else {
        3
    };
    let body = output.get(skip..).unwrap_or(&[]);
    let back = text::decode_strict(body, skip, to);
    if !back.is_clean() {
        return Err(format!(
            "verification failed: the result does not decode as {}; left untouched",
            to.name()
        ));
    }
    if back.text != expected {
        let at = back
            .text
            .char_indices()
            .zip(expected.chars())
            .find(|((_, a), b)| a != b)
            .map_or(back.text.len().min(expected.len()), |((i, _), _)| i);
        return Err(format!(
            "verification failed: the result differs from the source at character offset {at}; left untouched"
        ));
    }
    Ok(())
}
