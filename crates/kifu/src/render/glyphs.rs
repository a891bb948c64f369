//! Text drawn as outlines: every character the pictures use (Latin letters, digits and
//! punctuation, the shogi kanji, kana and numerals, the gonu glyphs) is stored as SVG
//! path data taken from Noto Sans/Serif CJK JP (SIL OFL 1.1; `tools/glyphs.py` makes
//! the table). An SVG drawn with them needs no font, looks the same in every browser,
//! and resvg renders it on a machine without fonts.

use std::fmt::Write as _;

mod data {
    include!("glyphs_data.rs");
}

/// Where `x` lies on a line of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// `x` is the start of the text.
    Start,
    /// `x` is the middle of the text.
    Middle,
    /// `x` is the end of the text.
    End,
}

/// The outline of a character: its advance (font units, 1000 to the em) and path.
pub fn glyph(c: char) -> Option<(u16, &'static str)> {
    let i = data::GLYPHS.binary_search_by(|g| g.0.cmp(&c)).ok()?;
    data::GLYPHS.get(i).map(|g| (g.1, g.2))
}

/// True when every character of `text` has an outline (spaces need none).
pub fn covers(text: &str) -> bool {
    text.chars().all(|c| c == ' ' || glyph(c).is_some())
}

/// The width of `text` at `size` pixels to the em; a space is a third of an em, a
/// character without an outline half an em.
pub fn width(text: &str, size: f32) -> f32 {
    let units: u32 = text.chars().map(|c| u32::from(advance(c))).sum();
    units as f32 * size / 1000.0
}

fn advance(c: char) -> u16 {
    match glyph(c) {
        Some((a, _)) => a,
        None if c == ' ' => 333,
        None => 500,
    }
}

fn num(v: f32) -> String {
    let r = (v * 100.0).round() / 100.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r}")
    }
}

/// Writes `text` as a `<g>` of glyph paths with its baseline at `y`: `attrs` go on the
/// group (a class, a fill), which also carries the text itself as `aria-label`. Text
/// with a character the table lacks is written as a plain `<text>` with the same
/// attributes instead (browsers draw it with a font; resvg, built without text
/// support, leaves it out).
pub fn text(out: &mut String, text: &str, x: f32, y: f32, size: f32, anchor: Anchor, attrs: &str) {
    let w = width(text, size);
    let x0 = match anchor {
        Anchor::Start => x,
        Anchor::Middle => x - w / 2.0,
        Anchor::End => x - w,
    };
    let label = escape(text);
    if !covers(text) {
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let _ = writeln!(
            out,
            r#"<text {attrs} x="{}" y="{}" font-size="{}" font-family="sans-serif" text-anchor="{anchor}">{label}</text>"#,
            num(x),
            num(y),
            num(size)
        );
        return;
    }
    let s = size / 1000.0;
    let _ = write!(
        out,
        r#"<g {attrs} aria-label="{label}" transform="translate({} {}) scale({} -{})">"#,
        num(x0),
        num(y),
        s,
        s
    );
    let mut pen: u32 = 0;
    for c in text.chars() {
        if let Some((adv, d)) = glyph(c) {
            if pen == 0 {
                let _ = write!(out, r#"<path d="{d}"/>"#);
            } else {
                let _ = write!(out, r#"<path transform="translate({pen} 0)" d="{d}"/>"#);
            }
            pen += u32::from(adv);
        } else {
            pen += u32::from(advance(c));
        }
    }
    out.push_str("</g>\n");
}

/// Escapes text for an XML attribute or element.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_and_holds_every_piece() {
        assert!(data::GLYPHS.windows(2).all(|w| w[0].0 < w[1].0));
        for c in "歩香桂銀金角飛玉王と杏圭全馬龍一九１９☗☖先後手●★③⑤×".chars()
        {
            assert!(glyph(c).is_some(), "{c}");
        }
        assert!(covers("A1 T19 a s"));
        assert!(!covers("碁"));
    }

    #[test]
    fn widths_add_advances() {
        assert_eq!(width("龍龍", 10.0), 20.0);
        let mut s = String::new();
        text(&mut s, "12", 0.0, 0.0, 10.0, Anchor::Start, r#"class="n""#);
        assert_eq!(s.matches("<path").count(), 2);
        assert!(s.starts_with(r#"<g class="n" aria-label="12""#));
    }
}
