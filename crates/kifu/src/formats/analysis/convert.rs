//! An evaluation moved from one convention to another: every field both hold is
//! kept, the others are named as left out. Principal variations are not turned from
//! one notation into another (that needs the position): a variation in a notation
//! the target does not write is left out too.

use super::go::is_vertex;
use crate::model::{Convention, Evaluation};

/// The fields of an evaluation, as losses name them.
const FIELDS: [&str; 11] = [
    "engine", "score", "mate", "winrate", "drawrate", "depth", "seldepth", "visits", "time_ms",
    "rank", "pv",
];

/// The fields `convention` holds for `e`: a Lizzie candidate (ranked) holds its
/// rank and score mean beside the node evaluation's win rate, visits and variation.
fn holds(convention: Convention, e: &Evaluation) -> &'static [&'static str] {
    match convention {
        Convention::Lizzie if e.rank.is_some() => &["winrate", "visits", "pv", "rank", "score"],
        Convention::Lizzie => &["winrate", "visits", "pv"],
        Convention::Sabaki => &["winrate"],
        Convention::Ogatak => &["winrate", "score"],
        Convention::ShogiHome => &["mate", "score", "pv", "depth", "visits", "engine"],
        Convention::KifGame | Convention::KifAnalysis | Convention::KifStudy => &[
            "rank", "time_ms", "depth", "seldepth", "visits", "score", "pv",
        ],
        Convention::Floodgate => &["score", "pv"],
        Convention::KataGo => &["winrate", "score", "visits"],
        Convention::KaTrain => &["engine", "winrate", "score", "visits", "rank", "pv"],
    }
}

/// Whether `convention` writes the principal variation `pv` as it is: GTP vertices
/// for Lizzie, moves each from `▲`/`△` for the KIF lines and ShogiHome, CSA moves
/// for floodgate.
fn writes_pv(convention: Convention, pv: &[String]) -> bool {
    let kif_move =
        |m: &String| m.starts_with(['▲', '△']) && m.chars().count() > 1 && !m.contains([' ', '\n']);
    match convention {
        Convention::Lizzie | Convention::KaTrain => pv.iter().all(|m| is_vertex(m)),
        Convention::ShogiHome
        | Convention::KifGame
        | Convention::KifAnalysis
        | Convention::KifStudy => pv.iter().all(kif_move),
        Convention::Floodgate => pv
            .iter()
            .all(|m| super::shogi::is_csa_move(m) || crate::formats::usi::is_usi_move(m)),
        Convention::Sabaki | Convention::Ogatak | Convention::KataGo => false,
    }
}

/// `e` in convention `to`, and the names of the fields it had that `to` does not
/// hold (left out). An evaluation already in `to` loses only what `to` cannot write
/// (a depth given to a floodgate remark in the JSON model).
pub fn convert(e: &Evaluation, to: Convention) -> (Evaluation, Vec<&'static str>) {
    let held = holds(to, e);
    let mut out = e.clone();
    out.convention = Some(to);
    let mut lost = Vec::new();
    for field in FIELDS {
        let keep = held.contains(&field) && (field != "pv" || writes_pv(to, &e.pv));
        if keep {
            continue;
        }
        let had = match field {
            "engine" => out.engine.take().is_some(),
            "score" => out.score.take().is_some(),
            "mate" => out.mate.take().is_some(),
            "winrate" => out.winrate.take().is_some(),
            "drawrate" => out.drawrate.take().is_some(),
            "depth" => out.depth.take().is_some(),
            "seldepth" => out.seldepth.take().is_some(),
            "visits" => out.visits.take().is_some(),
            "time_ms" => out.time_ms.take().is_some(),
            "rank" => out.rank.take().is_some(),
            _ => !std::mem::take(&mut out.pv).is_empty(),
        };
        if had {
            lost.push(field);
        }
    }
    (out, lost)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_both_hold_are_kept_and_the_rest_named() {
        let e = Evaluation {
            score: Some(45.0),
            depth: Some(12),
            visits: Some(100),
            pv: vec!["▲７六歩(77)".into()],
            convention: Some(Convention::KifGame),
            ..Evaluation::default()
        };
        let (home, lost) = convert(&e, Convention::ShogiHome);
        assert_eq!(lost, Vec::<&str>::new());
        assert_eq!(
            (home.score, home.depth, home.visits, home.pv.len()),
            (Some(45.0), Some(12), Some(100), 1)
        );
        let (fg, lost) = convert(&e, Convention::Floodgate);
        assert_eq!(lost, vec!["depth", "visits", "pv"]);
        assert_eq!((fg.score, fg.pv.len()), (Some(45.0), 0));
        assert_eq!(fg.convention, Some(Convention::Floodgate));
        let go = Evaluation {
            winrate: Some(0.5),
            visits: Some(10),
            pv: vec!["Q16".into()],
            convention: Some(Convention::Lizzie),
            ..Evaluation::default()
        };
        let (s, lost) = convert(&go, Convention::Sabaki);
        assert_eq!(lost, vec!["visits", "pv"]);
        assert_eq!(s.winrate, Some(0.5));
        assert_eq!(convert(&go, Convention::Lizzie), (go.clone(), Vec::new()));
    }
}
