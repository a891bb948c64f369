//! The evaluation graph of a line of play (#35 point 5, `kifu show --graph`): Black's
//! win rate (Go, gomoku) or the score from Black's (sente's) side (shogi, or a Go
//! game whose evaluations give no win rate) after each evaluated move, as Lizzie,
//! KaTrain and ShogiHome draw it.
//!
//! Axes with move numbers below and the scale on the left; a dashed line at 50 % (a
//! score of 0); the area between the curve and that line dark where Black is ahead,
//! light where White is; the curve with a dot per evaluation (class `point`, with
//! `data-move` and `data-value`, the value as the model holds it); the largest swing
//! marked by a vertical line (class `swing`) and its label. A shogi score is clamped
//! to ±2000 centipawns, as ShogiHome's chart clamps it (`MAX_SCORE = 2000`, a mate
//! counted as the limit), with ticks every 1000; a Go score lead is drawn on a scale
//! of ±10 points or the largest lead rounded up to ten. All text is outlines
//! ([`super::glyphs`]): the SVG needs no font, and resvg renders it to PNG.

use std::fmt::Write as _;

use super::glyphs::{self, Anchor};
use crate::collect::analysis::{summary_on, Measure, Summary, SCORE_CLAMP};
use crate::model::{Game, GameKind, NodeId};

/// The picture's width in pixels.
pub const WIDTH: f64 = 800.0;
/// The picture's height in pixels.
pub const HEIGHT: f64 = 400.0;
/// The plot's left edge.
pub const LEFT: f64 = 72.0;
/// The plot's right edge.
pub const RIGHT: f64 = 776.0;
/// The plot's top edge.
pub const TOP: f64 = 40.0;
/// The plot's bottom edge.
pub const BOTTOM: f64 = 352.0;

/// The vertical scale: values from `low` (at the bottom) to `high` (at the top),
/// clamped to them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    /// What the values are.
    pub measure: Measure,
    /// The value at the plot's bottom edge.
    pub low: f64,
    /// The value at the plot's top edge.
    pub high: f64,
}

impl Scale {
    /// The scale of a game's summary (see the module comment).
    pub fn of(game: &Game, s: &Summary) -> Scale {
        let (low, high) = match (s.measure, &game.kind) {
            (Measure::Winrate, _) => (0.0, 1.0),
            (Measure::Score, GameKind::Shogi) => (-SCORE_CLAMP, SCORE_CLAMP),
            (Measure::Score, _) => {
                let most = s.series.iter().map(|p| p.value.abs()).fold(0.0, f64::max);
                let top = ((most / 10.0).ceil() * 10.0).max(10.0);
                (-top, top)
            }
        };
        Scale {
            measure: s.measure,
            low,
            high,
        }
    }

    /// The y coordinate of `value`, clamped to the scale.
    pub fn y(&self, value: f64) -> f64 {
        let v = value.clamp(self.low, self.high);
        BOTTOM - (v - self.low) / (self.high - self.low) * (BOTTOM - TOP)
    }

    /// The even line: a win rate of 50 %, a score of 0.
    pub fn even(&self) -> f64 {
        (self.low + self.high) / 2.0
    }

    /// A tick's label.
    fn label(&self, v: f64) -> String {
        match self.measure {
            Measure::Winrate => format!("{}%", (v * 100.0).round() as i64),
            Measure::Score if v > 0.0 => format!("+{}", v.round() as i64),
            Measure::Score => format!("{}", v.round() as i64),
        }
    }
}

/// The x coordinate of move `number` on a line of `moves` moves.
pub fn x(number: u32, moves: usize) -> f64 {
    LEFT + f64::from(number) / moves.max(1) as f64 * (RIGHT - LEFT)
}

/// A coordinate as written: at most two decimals.
pub fn num(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r}")
    }
}

/// The step between move-number ticks: 1, 2, 5, 10, 20, 50 … so that at most ten
/// ticks follow the start.
fn step(moves: usize) -> usize {
    let mut unit = 1usize;
    loop {
        for m in [1, 2, 5] {
            let s = unit * m;
            if moves / s <= 10 {
                return s;
            }
        }
        unit = unit.saturating_mul(10);
    }
}

/// The graph of a line of play (its nodes, root first) as a standalone SVG; an `Err`
/// when no node of the line carries an evaluation with a win rate or a score.
pub fn svg(game: &Game, line: &[NodeId]) -> Result<String, String> {
    let summary = summary_on(game, line)
        .filter(|s| !s.series.is_empty())
        .ok_or("the line has no engine evaluation with a win rate or a score to draw")?;
    let scale = Scale::of(game, &summary);
    let moves = summary.moves;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"##,
        w = num(WIDTH),
        h = num(HEIGHT)
    );
    let _ = writeln!(
        s,
        r##"<rect class="background" width="{}" height="{}" fill="#ffffff"/>"##,
        num(WIDTH),
        num(HEIGHT)
    );
    let mid = scale.y(scale.even());
    // The two sides' halves, to clip the area under the curve to.
    let _ = writeln!(
        s,
        r##"<defs><clipPath id="black-side"><rect x="{l}" y="{t}" width="{w}" height="{hb}"/></clipPath><clipPath id="white-side"><rect x="{l}" y="{m}" width="{w}" height="{hw}"/></clipPath></defs>"##,
        l = num(LEFT),
        t = num(TOP),
        m = num(mid),
        w = num(RIGHT - LEFT),
        hb = num(mid - TOP),
        hw = num(BOTTOM - mid)
    );
    // Horizontal grid lines and the scale's labels.
    let ticks = [0.0, 0.25, 0.5, 0.75, 1.0].map(|f| scale.low + f * (scale.high - scale.low));
    for v in ticks {
        let y = scale.y(v);
        let _ = writeln!(
            s,
            r##"<line class="grid" x1="{}" y1="{y}" x2="{}" y2="{y}" stroke="#d8d8d8" stroke-width="1"/>"##,
            num(LEFT),
            num(RIGHT),
            y = num(y)
        );
        glyphs::text(
            &mut s,
            &scale.label(v),
            (LEFT - 8.0) as f32,
            (y + 4.0) as f32,
            12.0,
            Anchor::End,
            r##"class="tick" fill="#404040""##,
        );
    }
    // Move numbers along the bottom.
    let every = step(moves);
    for n in (0..=moves).step_by(every) {
        let px = x(n as u32, moves);
        let _ = writeln!(
            s,
            r##"<line class="grid" x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="#eeeeee" stroke-width="1"/>"##,
            num(TOP),
            num(BOTTOM),
            x = num(px)
        );
        glyphs::text(
            &mut s,
            &n.to_string(),
            px as f32,
            (BOTTOM + 18.0) as f32,
            12.0,
            Anchor::Middle,
            r##"class="tick" fill="#404040""##,
        );
    }
    // The area between the curve and the even line, in each side's colour.
    let points: Vec<(f64, f64)> = summary
        .series
        .iter()
        .map(|p| (x(p.number, moves), scale.y(p.value)))
        .collect();
    let curve = points
        .iter()
        .map(|&(px, py)| format!("{},{}", num(px), num(py)))
        .collect::<Vec<_>>()
        .join(" ");
    if let (Some(first), Some(last)) = (points.first(), points.last()) {
        let area = format!(
            "{},{} {curve} {},{}",
            num(first.0),
            num(mid),
            num(last.0),
            num(mid)
        );
        for (side, fill) in [("black", "#262626"), ("white", "#c4c4c4")] {
            let _ = writeln!(
                s,
                r##"<polygon class="area {side}" clip-path="url(#{side}-side)" fill="{fill}" fill-opacity="0.85" points="{area}"/>"##
            );
        }
    }
    // The even line (50 %), the axes.
    let _ = writeln!(
        s,
        r##"<line class="even" x1="{}" y1="{m}" x2="{}" y2="{m}" stroke="#808080" stroke-width="1.5" stroke-dasharray="6 4"/>"##,
        num(LEFT),
        num(RIGHT),
        m = num(mid)
    );
    let _ = writeln!(
        s,
        r##"<path class="axes" d="M{l} {t}V{b}H{r}" fill="none" stroke="#000000" stroke-width="1.5"/>"##,
        l = num(LEFT),
        t = num(TOP),
        b = num(BOTTOM),
        r = num(RIGHT)
    );
    let _ = writeln!(
        s,
        r##"<polyline class="curve" fill="none" stroke="#d62728" stroke-width="2" points="{curve}"/>"##
    );
    for (p, &(px, py)) in summary.series.iter().zip(&points) {
        let _ = writeln!(
            s,
            r##"<circle class="point" data-move="{}" data-value="{}" cx="{}" cy="{}" r="2.5" fill="#d62728"/>"##,
            p.number,
            p.value,
            num(px),
            num(py)
        );
    }
    // The largest swing.
    if let Some(c) = summary.swing {
        let px = x(c.number, moves);
        let _ = writeln!(
            s,
            r##"<line class="swing" data-move="{}" x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="#1f77b4" stroke-width="2" stroke-dasharray="4 3"/>"##,
            c.number,
            num(TOP),
            num(BOTTOM),
            x = num(px)
        );
        let label = format!(
            "largest swing: move {}, {} -> {}",
            c.number,
            summary.show(c.before),
            summary.show(c.after)
        );
        glyphs::text(
            &mut s,
            &label,
            RIGHT as f32,
            (TOP - 12.0) as f32,
            13.0,
            Anchor::End,
            r##"class="swing-label" fill="#1f77b4""##,
        );
    }
    // What the graph shows, and whose side is whose.
    let title = match (scale.measure, &game.kind) {
        (Measure::Winrate, _) => "Black's win rate",
        (Measure::Score, GameKind::Shogi) => "Evaluation (sente, centipawns)",
        (Measure::Score, _) => "Black's score lead (points)",
    };
    glyphs::text(
        &mut s,
        title,
        LEFT as f32,
        (TOP - 12.0) as f32,
        13.0,
        Anchor::Start,
        r##"class="title" fill="#000000""##,
    );
    let (black, white) = match game.kind {
        GameKind::Shogi => ("Sente", "Gote"),
        _ => ("Black", "White"),
    };
    glyphs::text(
        &mut s,
        black,
        (LEFT + 6.0) as f32,
        (TOP + 16.0) as f32,
        12.0,
        Anchor::Start,
        r##"class="side-label" fill="#000000""##,
    );
    glyphs::text(
        &mut s,
        white,
        (LEFT + 6.0) as f32,
        (BOTTOM - 6.0) as f32,
        12.0,
        Anchor::Start,
        r##"class="side-label" fill="#606060""##,
    );
    glyphs::text(
        &mut s,
        "move",
        RIGHT as f32,
        (BOTTOM + 36.0) as f32,
        12.0,
        Anchor::End,
        r##"class="tick" fill="#404040""##,
    );
    s.push_str("</svg>\n");
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_ticks_stay_few() {
        assert_eq!(step(0), 1);
        assert_eq!(step(10), 1);
        assert_eq!(step(11), 2);
        assert_eq!(step(50), 5);
        assert_eq!(step(150), 20);
        assert_eq!(step(300), 50);
        assert_eq!(step(1000), 100);
    }
}
