//! Engine analysis held by a node: what an engine thought of the position.
//!
//! Every figure is from Black's (sente's) side, whatever the source wrote: a
//! convention that writes from the mover's side is turned around by its parser, and
//! turned back by its writer. Scores are centipawns for shogi and a score lead in
//! points for Go. `docs/analysis.md` lists each convention and what it maps where.

use std::ops::{Deref, DerefMut};

use serde::{Deserialize, Serialize};

use super::SparsePart;

/// The program convention an evaluation was read in (or is to be written in).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Convention {
    /// Lizzie / Leela Zero's SGF property `LZ`.
    Lizzie,
    /// Sabaki's SGF property `SBKV` (Black's win rate in percent).
    Sabaki,
    /// Ogatak's SGF properties `SBKV` and `OGSC` (Black's score lead).
    Ogatak,
    /// ShogiHome's comment lines `#評価値=`, `#読み筋=`, `#深さ=`, `#ノード数=`,
    /// `#エンジン=`, `#詰み=`.
    ShogiHome,
    /// A KIF engine line `*対局 …` (ShogiGUI's and Kifu for Windows' game mode).
    KifGame,
    /// A KIF engine line `*解析 …` (ShogiGUI's analysis mode).
    KifAnalysis,
    /// A KIF engine line `*検討 …` (study mode).
    KifStudy,
    /// A CSA remark `'** score pv` (floodgate).
    Floodgate,
    /// The start of KataGo's self-play comment on a move node: White's win, loss and
    /// no-result rates, White's score, `v=` visits (`0.48 0.52 0.00 -1.5 v=400`).
    #[serde(rename = "katago")]
    KataGo,
    /// KaTrain's SGF property `KT`: KataGo's analysis JSON (Black's figures) beside
    /// ownership and policy grids, gzip'd and base64'd; read, written back as read.
    #[serde(rename = "katrain")]
    KaTrain,
}

impl Convention {
    /// Every convention.
    pub const ALL: [Convention; 10] = [
        Convention::Lizzie,
        Convention::Sabaki,
        Convention::Ogatak,
        Convention::ShogiHome,
        Convention::KifGame,
        Convention::KifAnalysis,
        Convention::KifStudy,
        Convention::Floodgate,
        Convention::KataGo,
        Convention::KaTrain,
    ];

    /// The name used in the JSON model and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Lizzie => "lizzie",
            Convention::Sabaki => "sabaki",
            Convention::Ogatak => "ogatak",
            Convention::ShogiHome => "shogi_home",
            Convention::KifGame => "kif_game",
            Convention::KifAnalysis => "kif_analysis",
            Convention::KifStudy => "kif_study",
            Convention::Floodgate => "floodgate",
            Convention::KataGo => "katago",
            Convention::KaTrain => "katrain",
        }
    }
}

/// One engine's evaluation of a node's position. Absent fields are unknown.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Evaluation {
    /// The engine's name, where the source gives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// The score from Black's side: centipawns (shogi) or points ahead (Go).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// A forced mate in this many moves: positive when Black mates, negative when
    /// White does; 0 when the side is known but not the length.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// Black's win rate, 0 to 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winrate: Option<f64>,
    /// The draw rate, 0 to 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawrate: Option<f64>,
    /// The search depth.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// The selective search depth (Kifu for Windows' `深さ 12/24`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seldepth: Option<u32>,
    /// Nodes searched (shogi) or visits / playouts (Go).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visits: Option<u64>,
    /// The thinking time in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<u64>,
    /// The candidate's rank or number in a multi-line search (`候補1`, `解析 0`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    /// The principal variation, one move per item, in the family's notation as the
    /// source wrote it: GTP vertices for Go (`Q16`, `pass`); KIF (`▲７六歩(77)`),
    /// KI2 (`▲７六歩`) or CSA (`+7776FU`) moves for shogi.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pv: Vec<String>,
    /// The convention it was read in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub convention: Option<Convention>,
}

impl Evaluation {
    /// An evaluation read in `convention`, every figure unknown.
    pub fn in_convention(convention: Convention) -> Evaluation {
        Evaluation {
            convention: Some(convention),
            ..Evaluation::default()
        }
    }
}

/// A node's evaluations, in source order: one per engine or candidate line. Held in
/// the node behind a [`super::Sparse`] box (one pointer in the node's rarely-used part)
/// and used as the list itself (`node.analysis.push(e)`, `node.analysis.len()`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Analysis(pub Vec<Evaluation>);

impl Deref for Analysis {
    type Target = Vec<Evaluation>;
    fn deref(&self) -> &Vec<Evaluation> {
        &self.0
    }
}

impl DerefMut for Analysis {
    fn deref_mut(&mut self) -> &mut Vec<Evaluation> {
        &mut self.0
    }
}

impl SparsePart for Analysis {
    fn empty() -> &'static Analysis {
        static EMPTY: Analysis = Analysis(Vec::new());
        &EMPTY
    }
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The node's rarely-used part holds the list as one pointer.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn the_list_costs_a_node_rest_one_pointer() {
        assert_eq!(std::mem::size_of::<super::super::Sparse<Analysis>>(), 8);
    }

    /// Every key written and read back.
    #[test]
    fn json_keys_and_back() {
        let e = Evaluation {
            engine: Some("KataGo".into()),
            score: Some(-2.5),
            mate: None,
            winrate: Some(0.25),
            drawrate: Some(0.0),
            depth: Some(10),
            seldepth: Some(20),
            visits: Some(1600),
            time_ms: Some(1500),
            rank: Some(1),
            pv: vec!["Q16".into(), "pass".into()],
            convention: Some(Convention::Lizzie),
        };
        let text = serde_json::to_string(&e).expect("serialises");
        assert_eq!(
            text,
            "{\"engine\":\"KataGo\",\"score\":-2.5,\"winrate\":0.25,\"drawrate\":0.0,\
             \"depth\":10,\"seldepth\":20,\"visits\":1600,\"time_ms\":1500,\"rank\":1,\
             \"pv\":[\"Q16\",\"pass\"],\"convention\":\"lizzie\"}"
        );
        let back: Evaluation = serde_json::from_str(&text).expect("reads");
        assert_eq!(back, e);
        for c in Convention::ALL {
            let t = serde_json::to_string(&c).expect("serialises");
            assert_eq!(t, format!("\"{}\"", c.name()));
        }
    }
}
