//! A game's engine analysis in figures (#35 point 5): how many main-line moves carry
//! an evaluation, which engines spoke, the evaluation along the moves, the largest
//! swing and the largest drop. What `kifu info`, `kifu list` and the graph of
//! `kifu show --graph` show.

use serde::Serialize;

use crate::model::{Color, Evaluation, Game, GameKind, NodeId};

/// The centipawns a forced mate counts as in a shogi series (ShogiHome's chart
/// counts a mate as ±1,000,000 before clamping it; kifu keeps the figure within a
/// readable range: the graph clamps at ±[`SCORE_CLAMP`] either way).
pub const MATE_SCORE: f64 = 100_000.0;

/// Where the evaluation graph clamps a shogi score, in centipawns (ShogiHome's
/// chart, `EvaluationChart.vue`: `MAX_SCORE = 2000`, from −2000 to +2000).
pub const SCORE_CLAMP: f64 = 2000.0;

/// What a game's series measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    /// Black's win rate, 0 to 1 (Go and gomoku, where the evaluations give one).
    Winrate,
    /// The score from Black's side: centipawns (shogi), points (Go).
    Score,
}

/// An evaluation's value on the main line: after move `number` (0: the start).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Point {
    /// The move after which the position was evaluated (0 for the start).
    #[serde(rename = "move")]
    pub number: u32,
    /// The value, from Black's side ([`Measure`]).
    pub value: f64,
}

/// A change of the evaluation made by one move.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Change {
    /// The move that made it.
    #[serde(rename = "move")]
    pub number: u32,
    /// Who made the move.
    #[serde(serialize_with = "colour_name")]
    pub by: Color,
    /// The value before the move (at the previous evaluated position).
    pub before: f64,
    /// The value after it.
    pub after: f64,
}

fn colour_name<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(match c {
        Color::Black => "black",
        Color::White => "white",
    })
}

impl Change {
    /// How much the mover lost by it (negative when they gained), in the measure's
    /// unit.
    pub fn loss(&self) -> f64 {
        match self.by {
            Color::Black => self.before - self.after,
            Color::White => self.after - self.before,
        }
    }
}

/// A game's analysis in figures (see the module comment).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// Moves on the main line.
    pub moves: usize,
    /// Main-line moves whose node carries at least one evaluation.
    pub analysed: usize,
    /// The engines named, in order of first appearance.
    pub engines: Vec<String>,
    /// What the series measures.
    pub measure: Measure,
    /// The first evaluation's value at each evaluated main-line position, in order.
    pub series: Vec<Point>,
    /// The largest change between two evaluated positions in a row, either way.
    pub swing: Option<Change>,
    /// The largest loss of the player who moved (see [`Change::loss`]), when one lost.
    pub drop: Option<Change>,
}

impl Summary {
    /// The analysed share of the main line's moves, 0 to 1 (0 for a game without
    /// moves).
    pub fn share(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.analysed as f64 / self.moves as f64
        }
    }

    /// The last evaluated position's value.
    pub fn last(&self) -> Option<f64> {
        self.series.last().map(|p| p.value)
    }

    /// `value` as people read it: `52.3%` for a win rate, `+350` / `-2.5` for a score.
    pub fn show(&self, value: f64) -> String {
        match self.measure {
            Measure::Winrate => format!("{}%", crate::formats::analysis::decimal(value * 100.0, 2)),
            Measure::Score => {
                let text = crate::formats::analysis::decimal(value, 1);
                if value > 0.0 {
                    format!("+{text}")
                } else {
                    text
                }
            }
        }
    }
}

/// `v` rounded to six decimals: figures computed from a record's (a share, a drop)
/// without the float noise of the arithmetic.
pub fn tidy(v: f64) -> f64 {
    (v * 1e6).round() / 1e6
}

/// The value an evaluation gives in `measure`: a mate counts as ±[`MATE_SCORE`].
pub fn value(e: &Evaluation, measure: Measure) -> Option<f64> {
    match measure {
        // A rate outside 0–1 is no win rate (`validate` reports it).
        Measure::Winrate => e.winrate.filter(|r| (0.0..=1.0).contains(r)),
        Measure::Score => e.score.or_else(|| {
            e.mate
                .map(|m| if m >= 0 { MATE_SCORE } else { -MATE_SCORE })
        }),
    }
}

/// The analysis summary of a game; `None` when no main-line node carries an
/// evaluation. The measure is the win rate for Go and gomoku when an evaluation of
/// the main line gives one, else the score (always the score for shogi when one is
/// given).
pub fn summary(game: &Game) -> Option<Summary> {
    // Most games have none: one look along the main line, nothing gathered.
    if !game.tree.main_line().any(|(_, n)| !n.analysis.is_empty()) {
        return None;
    }
    let line: Vec<NodeId> = game.tree.main_line().map(|(id, _)| id).collect();
    summary_on(game, &line)
}

/// [`summary`] of a line of play of the game (its nodes, root first, as
/// [`crate::render::variation`] gives them).
pub fn summary_on(game: &Game, ids: &[NodeId]) -> Option<Summary> {
    let line: Vec<(NodeId, &crate::model::Node)> = ids
        .iter()
        .filter_map(|&id| game.tree.get(id).map(|n| (id, n)))
        .collect();
    if !line.iter().any(|(_, n)| !n.analysis.is_empty()) {
        return None;
    }
    let evals = || line.iter().flat_map(|(_, n)| n.analysis.iter());
    let has = |m: Measure| evals().any(|e| value(e, m).is_some());
    let measure = match game.kind {
        GameKind::Shogi if has(Measure::Score) => Measure::Score,
        GameKind::Shogi => Measure::Winrate,
        _ if has(Measure::Winrate) => Measure::Winrate,
        _ => Measure::Score,
    };
    let mut engines: Vec<String> = Vec::new();
    for e in evals() {
        if let Some(name) = &e.engine {
            if !engines.contains(name) {
                engines.push(name.clone());
            }
        }
    }
    let mut moves = 0usize;
    let mut analysed = 0usize;
    let mut series = Vec::new();
    let mut swing: Option<Change> = None;
    let mut drop: Option<Change> = None;
    let mut previous: Option<f64> = None;
    for (_, node) in &line {
        let mover = node.mv.map(|m| m.color());
        if mover.is_some() {
            moves += 1;
            if !node.analysis.is_empty() {
                analysed += 1;
            }
        }
        let Some(v) = node.analysis.iter().find_map(|e| value(e, measure)) else {
            continue;
        };
        series.push(Point {
            number: moves as u32,
            value: v,
        });
        if let (Some(before), Some(by)) = (previous, mover) {
            let change = Change {
                number: moves as u32,
                by,
                before,
                after: v,
            };
            let size = |c: &Change| (c.after - c.before).abs();
            if swing.is_none_or(|s| size(&change) > size(&s)) {
                swing = Some(change);
            }
            if change.loss() > 0.0 && drop.is_none_or(|d| change.loss() > d.loss()) {
                drop = Some(change);
            }
        }
        previous = Some(v);
    }
    Some(Summary {
        moves,
        analysed,
        engines,
        measure,
        series,
        swing,
        drop,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(doc: &str) -> Game {
        let parsed = crate::formats::json::read(doc);
        assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
        parsed.collection.games.into_iter().next().expect("a game")
    }

    /// A Go line: the move of each node and its evaluations.
    fn go(moves: &[(&str, [u8; 2], &str)]) -> Game {
        let mut nodes = vec![r#"{"children":[1]}"#.to_string()];
        for (i, (color, [x, y], analysis)) in moves.iter().enumerate() {
            let children = if i + 1 < moves.len() {
                format!("[{}]", i + 2)
            } else {
                "[]".into()
            };
            nodes.push(format!(
                r#"{{"children":{children},"move":{{"stone":{{"color":"{color}","point":[{x},{y}]}}}},"analysis":[{analysis}]}}"#
            ));
        }
        game(&format!(
            r#"{{"version":1,"games":[{{"kind":{{"go":{{"size":{{"width":9,"height":9}}}}}},"info":{{}},"tree":{{"nodes":[{}]}}}}]}}"#,
            nodes.join(",")
        ))
    }

    /// The swing is the largest change either way; the drop the mover's own largest
    /// loss; unanalysed moves count in the share only; engines in order, once.
    #[test]
    fn swing_drop_share_and_engines() {
        let g = go(&[
            ("black", [4, 4], r#"{"engine":"B","winrate":0.5}"#),
            ("white", [2, 2], r#"{"engine":"A","winrate":0.75}"#),
            ("black", [6, 6], ""),
            (
                "white",
                [2, 6],
                r#"{"engine":"B","winrate":0.625},{"engine":"C","winrate":0.1}"#,
            ),
            ("black", [6, 2], r#"{"winrate":0.25}"#),
        ]);
        let s = summary(&g).expect("analysed");
        assert_eq!((s.moves, s.analysed), (5, 4));
        assert_eq!(s.share(), 0.8);
        assert_eq!(s.engines, ["B", "A", "C"]);
        assert_eq!(s.measure, Measure::Winrate);
        assert_eq!(
            s.series
                .iter()
                .map(|p| (p.number, p.value))
                .collect::<Vec<_>>(),
            [(1, 0.5), (2, 0.75), (4, 0.625), (5, 0.25)]
        );
        // White's move 2 gave Black 0.25 (White's loss); Black's move 5 lost 0.375.
        assert_eq!(
            s.swing,
            Some(Change {
                number: 5,
                by: Color::Black,
                before: 0.625,
                after: 0.25
            })
        );
        assert_eq!(s.drop, s.swing);
        assert_eq!(s.last(), Some(0.25));
        assert_eq!(s.show(0.625), "62.5%");
    }

    /// Without win rates a Go series is the score; a rate outside 0–1 is no value;
    /// a shogi mate counts as ±MATE_SCORE; a game without evaluations has none.
    #[test]
    fn measures() {
        let g = go(&[
            ("black", [4, 4], r#"{"score":2.5,"winrate":7}"#),
            ("white", [2, 2], r#"{"score":-1}"#),
        ]);
        let s = summary(&g).expect("analysed");
        assert_eq!(s.measure, Measure::Score);
        assert_eq!(s.series.len(), 2);
        assert_eq!(s.drop.map(|d| (d.number, d.loss())), None);
        assert_eq!(s.show(2.5), "+2.5");
        let shogi = game(
            r#"{"version":1,"games":[{"kind":"shogi","info":{},"tree":{"nodes":[{"children":[1]},{"move":{"shogi":{"color":"black","from":[7,7],"to":[7,6],"piece":"pawn"}},"analysis":[{"mate":-3}]}]}}]}"#,
        );
        let s = summary(&shogi).expect("analysed");
        assert_eq!(s.measure, Measure::Score);
        assert_eq!(s.last(), Some(-MATE_SCORE));
        assert_eq!(summary(&go(&[("black", [4, 4], "")])), None);
    }
}
