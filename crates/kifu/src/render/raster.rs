//! PNG and animated GIF from the SVG pictures, rendered by resvg. The SVGs draw their
//! text as outlines ([`super::glyphs`]), so resvg is built without text support and no
//! font is needed; the raster is the SVG's layout scaled to the width asked for.

use std::borrow::Cow;

use resvg::tiny_skia::{Color as SkColor, Pixmap, Transform};
use resvg::usvg;

/// The largest width or height of a picture, in pixels.
pub const MAX_SIDE: u32 = 8192;

/// An SVG rendered to opaque RGB pixels (white behind anything transparent).
#[derive(Debug, Clone)]
pub struct Raster {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `3 * width * height` bytes, rows top to bottom.
    pub rgb: Vec<u8>,
}

/// Renders an SVG `width` pixels wide (the height keeps its proportions).
pub fn render(svg: &str, width: u32) -> Result<Raster, String> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|e| format!("the SVG does not parse: {e}"))?;
    let size = tree.size();
    if !(1..=MAX_SIDE).contains(&width) {
        return Err(format!(
            "a picture is 1 to {MAX_SIDE} pixels wide, not {width}"
        ));
    }
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).round().max(1.0) as u32;
    if height > MAX_SIDE {
        return Err(format!(
            "the picture would be {height} pixels high (at most {MAX_SIDE})"
        ));
    }
    let mut pixmap =
        Pixmap::new(width, height).ok_or_else(|| "cannot allocate the picture".to_string())?;
    pixmap.fill(SkColor::WHITE);
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    // Opaque after the white fill: premultiplied RGBA is plain RGBA.
    let data = pixmap.data();
    let mut rgb = vec![0u8; data.len() / 4 * 3];
    for (to, from) in rgb.chunks_exact_mut(3).zip(data.chunks_exact(4)) {
        to.copy_from_slice(&from[..3]);
    }
    Ok(Raster { width, height, rgb })
}

/// A PNG (8-bit RGB) of an SVG rendered `width` pixels wide.
pub fn png(svg: &str, width: u32) -> Result<Vec<u8>, String> {
    let r = render(svg, width)?;
    encode_png(&r)
}

/// Encodes a raster as PNG, compressed fast (board pictures are mostly flat colour).
pub fn encode_png(r: &Raster) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, r.width, r.height);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    // Fast is fdeflate with adaptive row filters: Fastest (the Up filter) or the Sub
    // filter saved 10-15 % of the time for pictures three times as large.
    enc.set_compression(png::Compression::Fast);
    let mut w = enc.write_header().map_err(|e| e.to_string())?;
    w.write_image_data(&r.rgb).map_err(|e| e.to_string())?;
    w.finish().map_err(|e| e.to_string())?;
    Ok(out)
}

/// The colours of the pictures' themes (Go, shogi, gonu): kept exact in a GIF.
const KEYS: [u32; 24] = [
    0xdcb35c, 0x000000, 0x111111, 0xf8f8f8, 0x444444, 0xffffff, 0xcc0000, // Go
    0xe8c27a, 0x3b2a12, 0xf6e05e, 0xf7e3b5, 0x5c4320, 0xb91c1c, 0xf3e7c9, // shogi
    0xefcd6b, 0xe8c888, 0x5a3a1a, 0xfafafa, 0x808080, 0xc0c0c0, 0x404040, // gonu, greys
    0x2563eb, 0x16a34a, 0x7c3aed,
];

/// Pairs of colours drawn over each other (a stone on the board, a line, a glyph):
/// their blends get palette entries so that anti-aliased edges stay smooth.
const PAIRS: [(u32, u32); 16] = [
    (0xdcb35c, 0x111111),
    (0xdcb35c, 0x000000),
    (0xdcb35c, 0xf8f8f8),
    (0xdcb35c, 0x444444),
    (0x111111, 0xffffff),
    (0xf8f8f8, 0x000000),
    (0xf8f8f8, 0x444444),
    (0xe8c27a, 0x3b2a12),
    (0xf7e3b5, 0x111111),
    (0xf7e3b5, 0x5c4320),
    (0xf7e3b5, 0xb91c1c),
    (0xf3e7c9, 0x111111),
    (0xe8c27a, 0xf7e3b5),
    (0xe8c888, 0x5a3a1a),
    (0xe8c888, 0x111111),
    (0xfafafa, 0x000000),
];

fn rgb(c: u32) -> [u8; 3] {
    [(c >> 16) as u8, (c >> 8) as u8, c as u8]
}

/// The fixed 256-colour palette: the theme colours, three blends of each pair, a
/// 5×5×5 colour cube, and greys.
fn palette() -> Vec<[u8; 3]> {
    let mut p: Vec<[u8; 3]> = KEYS.iter().map(|&c| rgb(c)).collect();
    for (a, b) in PAIRS {
        let (a, b) = (rgb(a), rgb(b));
        for t in [64u16, 128, 192] {
            let mix = |i: usize| ((u16::from(a[i]) * (256 - t) + u16::from(b[i]) * t) >> 8) as u8;
            p.push([mix(0), mix(1), mix(2)]);
        }
    }
    for r in 0..5u8 {
        for g in 0..5u8 {
            for b in 0..5u8 {
                p.push([r * 63 + r / 4, g * 63 + g / 4, b * 63 + b / 4]);
            }
        }
    }
    let mut grey = 8u8;
    while p.len() < 256 {
        p.push([grey, grey, grey]);
        grey = grey.saturating_add(17);
    }
    p.truncate(256);
    p
}

/// Maps colours to the palette: the nearest entry of each 5-bit-per-channel cell,
/// the theme colours exactly (but for near-whites that share a cell).
struct Quantiser {
    table: Vec<u8>,
}

impl Quantiser {
    fn new(palette: &[[u8; 3]]) -> Quantiser {
        let mut table = vec![0u8; 1 << 15];
        for (cell, slot) in table.iter_mut().enumerate() {
            let c = [
                ((cell >> 10) as u8) << 3 | 4,
                (((cell >> 5) & 31) as u8) << 3 | 4,
                ((cell & 31) as u8) << 3 | 4,
            ];
            *slot = nearest(palette, c);
        }
        let mut q = Quantiser { table };
        for (i, &k) in KEYS.iter().enumerate() {
            let c = rgb(k);
            if let Some(slot) = q.table.get_mut(Quantiser::cell(c)) {
                *slot = i as u8;
            }
        }
        q
    }

    fn cell(c: [u8; 3]) -> usize {
        (usize::from(c[0] >> 3) << 10) | (usize::from(c[1] >> 3) << 5) | usize::from(c[2] >> 3)
    }

    fn index(&self, c: [u8; 3]) -> u8 {
        self.table.get(Quantiser::cell(c)).copied().unwrap_or(0)
    }
}

fn nearest(palette: &[[u8; 3]], c: [u8; 3]) -> u8 {
    let mut best = (u32::MAX, 0u8);
    for (i, p) in palette.iter().enumerate() {
        let d = |k: usize| {
            let v = i32::from(p[k]) - i32::from(c[k]);
            (v * v) as u32
        };
        // Green weighs most for the eye.
        let dist = 3 * d(0) + 4 * d(1) + 2 * d(2);
        if dist < best.0 {
            best = (dist, i as u8);
        }
    }
    best.1
}

/// How long each frame of a GIF shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    /// Each frame, in milliseconds.
    pub delay_ms: u32,
    /// The last frame shows this many times as long.
    pub hold: u32,
}

/// An animated GIF, looping, of SVG frames of one size rendered `width` pixels wide,
/// with a fixed palette (the pictures' own colours and their blends), written to `out`
/// as each frame is drawn: after the first frame only the rectangle that changed is
/// stored; the frames come one at a time (an error of one stops the GIF) and memory
/// holds two frames' pixels, whatever their number. Gives `out` back.
pub fn gif_to<I, W>(frames: I, width: u32, timing: Timing, out: W) -> Result<W, String>
where
    I: IntoIterator<Item = Result<String, String>>,
    W: std::io::Write,
{
    let palette = palette();
    let flat: Vec<u8> = palette.iter().flatten().copied().collect();
    let quant = Quantiser::new(&palette);
    let centis = |ms: u32| u16::try_from(ms / 10).unwrap_or(u16::MAX);
    let mut frames = frames.into_iter().peekable();
    let mut prev: Option<Vec<u8>> = None;
    let mut out = Some(out);
    let mut encoder: Option<gif::Encoder<W>> = None;
    let (mut w, mut h) = (0u16, 0u16);
    while let Some(svg) = frames.next() {
        let svg = svg?;
        let r = render(&svg, width)?;
        let indexed: Vec<u8> = r
            .rgb
            .chunks_exact(3)
            .map(|p| quant.index([p[0], p[1], p[2]]))
            .collect();
        let enc = match encoder.as_mut() {
            Some(e) => e,
            None => {
                w = u16::try_from(r.width).map_err(|_| "too wide for a GIF".to_string())?;
                h = u16::try_from(r.height).map_err(|_| "too high for a GIF".to_string())?;
                let sink = out.take().ok_or_else(|| "no output".to_string())?;
                let mut e = gif::Encoder::new(sink, w, h, &flat).map_err(|e| e.to_string())?;
                e.set_repeat(gif::Repeat::Infinite)
                    .map_err(|e| e.to_string())?;
                encoder.insert(e)
            }
        };
        if (r.width, r.height) != (u32::from(w), u32::from(h)) {
            return Err("the frames differ in size".into());
        }
        let last = frames.peek().is_none();
        let delay = if last {
            centis(timing.delay_ms.saturating_mul(timing.hold.max(1)))
        } else {
            centis(timing.delay_ms)
        };
        let (left, top, fw, fh) = match &prev {
            None => (0, 0, w, h),
            Some(p) => changed(p, &indexed, w, h),
        };
        let mut buffer = Vec::with_capacity(usize::from(fw) * usize::from(fh));
        for y in top..top + fh {
            let start = usize::from(y) * usize::from(w) + usize::from(left);
            buffer.extend_from_slice(indexed.get(start..start + usize::from(fw)).unwrap_or(&[]));
        }
        let frame = gif::Frame {
            delay,
            dispose: gif::DisposalMethod::Keep,
            left,
            top,
            width: fw,
            height: fh,
            buffer: Cow::Owned(buffer),
            ..gif::Frame::default()
        };
        enc.write_frame(&frame).map_err(|e| e.to_string())?;
        prev = Some(indexed);
    }
    encoder
        .ok_or_else(|| "no frames".to_string())?
        .into_inner()
        .map_err(|e| e.to_string())
}

/// The smallest rectangle holding every pixel that differs (one pixel when none do).
fn changed(a: &[u8], b: &[u8], w: u16, h: u16) -> (u16, u16, u16, u16) {
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0u16, 0u16);
    for y in 0..h {
        let row = usize::from(y) * usize::from(w);
        let (Some(ra), Some(rb)) = (
            a.get(row..row + usize::from(w)),
            b.get(row..row + usize::from(w)),
        ) else {
            continue;
        };
        if ra == rb {
            continue;
        }
        let first = ra.iter().zip(rb).position(|(p, q)| p != q).unwrap_or(0);
        let last = ra.iter().zip(rb).rposition(|(p, q)| p != q).unwrap_or(0);
        x0 = x0.min(first as u16);
        x1 = x1.max(last as u16);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x0 > x1 || y0 > y1 {
        return (0, 0, 1, 1);
    }
    (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_is_full_and_keeps_the_theme_colours() {
        let p = palette();
        assert_eq!(p.len(), 256);
        let q = Quantiser::new(&p);
        // Each theme colour maps to itself, or to a theme colour in the same cell
        // (#f8f8f8, #fafafa and #ffffff share one).
        for &k in &KEYS {
            let got = p[usize::from(q.index(rgb(k)))];
            let want = rgb(k);
            assert!(
                (0..3).all(|i| got[i].abs_diff(want[i]) < 8) && KEYS.iter().any(|&o| rgb(o) == got),
                "{k:06x} -> {got:?}"
            );
        }
        assert_eq!(q.index(rgb(0xdcb35c)), 0);
    }

    #[test]
    fn a_changed_rectangle() {
        let a = vec![0u8; 12];
        let mut b = a.clone();
        b[5] = 1; // (1, 1) of a 4×3 picture
        b[10] = 1; // (2, 2)
        assert_eq!(changed(&a, &b, 4, 3), (1, 1, 2, 2));
        assert_eq!(changed(&a, &a, 4, 3), (0, 0, 1, 1));
    }

    #[test]
    fn a_png_has_the_width_asked_and_the_svgs_proportions() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#dcb35c"/></svg>"##;
        let r = render(svg, 50).expect("renders");
        assert_eq!((r.width, r.height), (50, 25));
        assert_eq!(&r.rgb[..3], &[0xdc, 0xb3, 0x5c]);
        assert!(render(svg, 0).is_err());
        assert!(render("<svg", 10).is_err());
    }
}
