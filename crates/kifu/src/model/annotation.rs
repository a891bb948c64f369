use serde::{Deserialize, Serialize};

/// How strongly an annotation is meant: SGF's `[1]` (normal) or `[2]` (emphasised).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Emphasis {
    /// Plain.
    Normal,
    /// Strong ("very bad", "very good for black").
    Strong,
}

/// A judgement of the move in a node (SGF BM, DO, IT, TE; KIF/KI2 `?`, `!` marks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "emphasis")]
pub enum MoveAnnotation {
    /// A bad move.
    Bad(Emphasis),
    /// A doubtful move.
    Doubtful,
    /// An interesting move.
    Interesting,
    /// A good move (tesuji).
    Good(Emphasis),
}

/// A judgement of the position in a node (SGF GB, GW, DM, UC).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "emphasis")]
pub enum PositionAnnotation {
    /// Good for black.
    GoodForBlack(Emphasis),
    /// Good for white.
    GoodForWhite(Emphasis),
    /// Even position.
    Even(Emphasis),
    /// Unclear position.
    Unclear(Emphasis),
}
