//! Pictures of a KUR GONU board: the terminal drawing the game makes (its own
//! glyphs at their screen cells, edges drawn with the edge character) and an SVG.

use std::fmt::Write as _;

use super::glyphs::{self, Anchor};
use crate::model::{GonuBoard, GonuDeploy, GONU_RANGES};

/// Columns of the game's console screen (vertices use 2–78).
const WIDTH: i32 = 80;
/// Rows of the game's console screen (vertices use 1–38).
const HEIGHT: i32 = 39;
/// The edge character when the file names none.
pub const DEFAULT_EDGE_CHAR: char = '.';

/// True when a point lies on the console screen.
fn on_screen(x: i32, y: i32) -> bool {
    (0..WIDTH).contains(&x) && (0..HEIGHT).contains(&y)
}

/// The cells of the straight line from `a` to `b`, ends excluded (Bresenham).
fn line_cells(a: (i32, i32), b: (i32, i32)) -> Vec<(i32, i32)> {
    let (mut x, mut y) = a;
    let (dx, dy) = ((b.0 - x).abs(), -(b.1 - y).abs());
    let (sx, sy) = (if x < b.0 { 1 } else { -1 }, if y < b.1 { 1 } else { -1 });
    let mut err = dx + dy;
    let mut cells = Vec::new();
    // Both ends are on the screen, so this takes at most WIDTH + HEIGHT steps.
    while (x, y) != b {
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
        if (x, y) != b {
            cells.push((x, y));
        }
    }
    cells
}

/// The glyph of a piece range: ● ★ ③ ④ ⑤, `?` outside 1–5.
pub(crate) fn range_glyph(range: u8) -> char {
    usize::from(range)
        .checked_sub(1)
        .and_then(|i| GONU_RANGES.get(i))
        .copied()
        .unwrap_or('?')
}

/// The board as the game draws it on its 80×39 console: each vertex's glyph at
/// (x, y), edges drawn with the edge character (`.` by default) between them, then
/// the castles and forces in words. Line k of the drawing is screen row k (rows
/// start at 1); vertices off the screen are left out.
pub fn text(board: &GonuBoard) -> String {
    let mut grid = vec![vec![' '; WIDTH as usize]; HEIGHT as usize];
    let mut put = |x: i32, y: i32, c: char| {
        if let (Ok(x), Ok(y)) = (usize::try_from(x), usize::try_from(y)) {
            if let Some(cell) = grid.get_mut(y).and_then(|row| row.get_mut(x)) {
                *cell = c;
            }
        }
    };
    let edge = board.edge_char.unwrap_or(DEFAULT_EDGE_CHAR);
    for [a, b] in &board.edges {
        let (Some(va), Some(vb)) = (
            board.vertices.get(usize::from(*a)),
            board.vertices.get(usize::from(*b)),
        ) else {
            continue;
        };
        if on_screen(va.x, va.y) && on_screen(vb.x, vb.y) {
            for (x, y) in line_cells((va.x, va.y), (vb.x, vb.y)) {
                put(x, y, edge);
            }
        }
    }
    for v in &board.vertices {
        if on_screen(v.x, v.y) {
            put(v.x, v.y, v.glyph);
        }
    }
    let mut rows: Vec<String> = grid
        .iter()
        .skip(1)
        .map(|r| r.iter().collect::<String>().trim_end().to_string())
        .collect();
    while rows.last().is_some_and(String::is_empty) {
        rows.pop();
    }
    let mut out = rows.join("\n");
    out.push('\n');
    out.push('\n');
    for p in 0..2 {
        let castles: Vec<String> = board.castles(p).map(|c| c.to_string()).collect();
        let _ = writeln!(
            out,
            "player {} castles: {}",
            p + 1,
            if castles.is_empty() {
                "none".to_string()
            } else {
                castles.join(" ")
            }
        );
    }
    match &board.deploy {
        GonuDeploy::Normal { pieces } => {
            for (p, list) in pieces.iter().enumerate() {
                let shown: Vec<String> = list
                    .iter()
                    .map(|pc| format!("{}{}", range_glyph(pc.range), pc.vertex))
                    .collect();
                let _ = writeln!(out, "player {} pieces: {}", p + 1, shown.join(" "));
            }
        }
        GonuDeploy::Free { counts } => {
            let shown: Vec<String> = counts
                .iter()
                .zip(GONU_RANGES)
                .filter(|(c, _)| **c > 0)
                .map(|(c, g)| format!("{g}×{c}"))
                .collect();
            let _ = writeln!(
                out,
                "free deploy, each player: {} (player 1 on *, player 2 on +)",
                shown.join(" ")
            );
        }
    }
    out
}

/// Pixels per screen column and row (console cells are twice as tall as wide).
const SX: i32 = 12;
const SY: i32 = 20;

/// A standalone SVG of the board: vertices at their screen coordinates, edges,
/// each player's castles (squares of class `castle black` / `castle white`), the
/// vertex glyphs, and the pieces (class `piece` plus `black` for player 1 or
/// `white` for player 2) showing their range glyph ● ★ ③ ④ ⑤. Free-deploy counts
/// are written under the board. Vertices off the screen are left out.
pub fn svg(board: &GonuBoard) -> String {
    let (w, h) = (WIDTH * SX, HEIGHT * SY + 2 * SY);
    let px = |x: i32| x * SX + SX / 2;
    let py = |y: i32| y * SY + SY / 2;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
    out.push_str("<title>KUR GONU board</title>\n");
    out.push_str(concat!(
        "<style>",
        ".edge{stroke:#5a3a1a;stroke-width:2}",
        ".vertex{fill:#5a3a1a}",
        ".castle{fill:none;stroke-width:3}",
        ".castle.black{stroke:#000}",
        ".castle.white{stroke:#fff}",
        ".glyph{fill:#5a3a1a}",
        ".piece.black circle{fill:#111;stroke:#000}",
        ".piece.black .range{fill:#fff}",
        ".piece.white circle{fill:#fafafa;stroke:#000}",
        ".piece.white .range{fill:#000}",
        ".legend{fill:#000}",
        "</style>\n"
    ));
    let _ = writeln!(out, r##"<rect width="{w}" height="{h}" fill="#e8c888"/>"##);
    let vertex = |id: u16| {
        board
            .vertices
            .get(usize::from(id))
            .filter(|v| on_screen(v.x, v.y))
    };
    out.push_str("<g class=\"edges\">\n");
    for &[a, b] in &board.edges {
        if let (Some(va), Some(vb)) = (vertex(a), vertex(b)) {
            let _ = writeln!(
                out,
                r#"<line class="edge" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                px(va.x),
                py(va.y),
                px(vb.x),
                py(vb.y)
            );
        }
    }
    out.push_str("</g>\n<g class=\"vertices\">\n");
    for (id, v) in board.vertices.iter().enumerate() {
        if !on_screen(v.x, v.y) {
            continue;
        }
        let (cx, cy) = (px(v.x), py(v.y));
        for (p, class) in [(0, "black"), (1, "white")] {
            if !v.access[p] {
                let d = 9 + 4 * i32::try_from(p).unwrap_or(0);
                let _ = writeln!(
                    out,
                    r#"<rect class="castle {class}" x="{}" y="{}" width="{}" height="{}"><title>castle of player {}</title></rect>"#,
                    cx - d,
                    cy - d,
                    2 * d,
                    2 * d,
                    p + 1
                );
            }
        }
        let glyph = glyphs::escape(&v.glyph.to_string());
        let _ = writeln!(
            out,
            r#"<circle class="vertex" cx="{cx}" cy="{cy}" r="4"><title>vertex {id} ({glyph})</title></circle>"#
        );
        glyphs::text(
            &mut out,
            &v.glyph.to_string(),
            (cx + 6) as f32,
            (cy - 6) as f32,
            11.0,
            Anchor::Start,
            r#"class="glyph""#,
        );
    }
    out.push_str("</g>\n");
    match &board.deploy {
        GonuDeploy::Normal { pieces } => {
            out.push_str("<g class=\"pieces\">\n");
            for (list, class) in pieces.iter().zip(["black", "white"]) {
                for pc in list {
                    let Some(v) = vertex(pc.vertex) else {
                        continue;
                    };
                    let (cx, cy) = (px(v.x), py(v.y));
                    let _ = write!(
                        out,
                        r#"<g class="piece {class}" data-vertex="{}" data-range="{}"><circle cx="{cx}" cy="{cy}" r="9"/>"#,
                        pc.vertex, pc.range,
                    );
                    glyphs::text(
                        &mut out,
                        &range_glyph(pc.range).to_string(),
                        cx as f32,
                        cy as f32 + 13.0 * 0.36,
                        13.0,
                        Anchor::Middle,
                        r#"class="range""#,
                    );
                    out.push_str("</g>\n");
                }
            }
            out.push_str("</g>\n");
        }
        GonuDeploy::Free { counts } => {
            let shown: Vec<String> = counts
                .iter()
                .zip(GONU_RANGES)
                .map(|(c, g)| format!("{g}×{c}"))
                .collect();
            glyphs::text(
                &mut out,
                &format!(
                    "free deploy, each player: {} (player 1 on *, player 2 on +)",
                    shown.join(" ")
                ),
                SX as f32,
                (HEIGHT * SY + SY) as f32,
                14.0,
                Anchor::Start,
                r#"class="legend""#,
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_between_cells() {
        assert_eq!(line_cells((2, 1), (6, 1)), [(3, 1), (4, 1), (5, 1)]);
        assert_eq!(line_cells((2, 1), (2, 4)), [(2, 2), (2, 3)]);
        assert_eq!(line_cells((2, 1), (4, 3)), [(3, 2)]);
        assert!(line_cells((5, 5), (5, 5)).is_empty());
    }

    #[test]
    fn range_glyphs() {
        assert_eq!(range_glyph(1), '●');
        assert_eq!(range_glyph(5), '⑤');
        assert_eq!(range_glyph(0), '?');
        assert_eq!(range_glyph(6), '?');
    }
}
