use serde::{Deserialize, Serialize};

use super::{GameInfo, GonuBoard, NodeId, Tree};

/// The largest side of a Go or gomoku board (SGF `FF[4]` allows 1–52).
pub const MAX_GO_SIZE: u8 = 52;

/// One game: what is played, the information about it, and its tree of moves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// The game and its board.
    pub kind: GameKind,
    /// Players, event, result and the other game information.
    #[serde(default)]
    pub info: GameInfo,
    /// The moves, variations and per-node data.
    pub tree: Tree,
}

impl Game {
    /// Every line of play, root to leaf, as a game of its own with the same kind and
    /// information: the main line first, then the variations in pre-order. Each
    /// line's tree has no branch. (The sgfvarsplit operation.) All lines at once:
    /// to hold one at a time, take [`Game::leaves`] and [`Game::line_to`].
    pub fn lines(&self) -> Vec<Game> {
        self.leaves().map(|leaf| self.line_to(leaf)).collect()
    }

    /// The leaves of the tree in pre-order (the main line's first): one per line of
    /// play.
    pub fn leaves(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.tree
            .preorder()
            .filter(|(_, node)| node.children().is_empty())
            .map(|(leaf, _)| leaf)
    }

    /// The line of play from the root to `leaf` as a game of its own with the same
    /// kind and information, its tree without a branch.
    pub fn line_to(&self, leaf: NodeId) -> Game {
        let tree = &self.tree;
        let mut line = Game {
            kind: self.kind.clone(),
            info: self.info.clone(),
            tree: Tree::new(),
        };
        let mut at = NodeId::ROOT;
        for (i, id) in tree.path_to(leaf).into_iter().enumerate() {
            let Some(node) = tree.get(id) else { continue };
            if i == 0 {
                let root = line.tree.root_node_mut();
                *root = node.clone();
                root.children.clear();
            } else {
                at = line.tree.add_child(at, node.clone());
            }
        }
        line
    }

    /// A game of this kind with empty information and a tree holding only the root.
    pub fn new(kind: GameKind) -> Game {
        Game {
            kind,
            info: GameInfo::default(),
            tree: Tree::new(),
        }
    }
}

/// The game played, with what its board needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// Go (baduk, weiqi) on a board of 1–52 by 1–52.
    Go {
        /// Board dimensions.
        size: BoardSize,
    },
    /// Gomoku or renju; 15×15 unless the record says otherwise.
    Gomoku {
        /// Board dimensions.
        size: BoardSize,
        /// The rule in force.
        rule: GomokuRule,
    },
    /// Shogi on the 9×9 board; the starting position is in `GameInfo::shogi_start`.
    Shogi,
    /// A KUR GONU game on a graph board.
    Gonu(Box<GonuBoard>),
}

impl GameKind {
    /// Go on a square board of this size.
    pub fn go(size: u8) -> GameKind {
        GameKind::Go {
            size: BoardSize::square(size),
        }
    }

    /// Gomoku on the standard 15×15 board under `rule`.
    pub fn gomoku(rule: GomokuRule) -> GameKind {
        GameKind::Gomoku {
            size: BoardSize::square(15),
            rule,
        }
    }

    /// The family name used in messages and `kifu formats`: go, gomoku, shogi, gonu.
    pub fn family(&self) -> &'static str {
        match self {
            GameKind::Go { .. } => "go",
            GameKind::Gomoku { .. } => "gomoku",
            GameKind::Shogi => "shogi",
            GameKind::Gonu(_) => "gonu",
        }
    }

    /// The board dimensions of a Go or gomoku game.
    pub fn board_size(&self) -> Option<BoardSize> {
        match self {
            GameKind::Go { size } | GameKind::Gomoku { size, .. } => Some(*size),
            _ => None,
        }
    }
}

/// Width and height of a rectangular grid board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardSize {
    /// Columns, 1–52.
    pub width: u8,
    /// Rows, 1–52.
    pub height: u8,
}

impl BoardSize {
    /// A square board.
    pub const fn square(n: u8) -> BoardSize {
        BoardSize {
            width: n,
            height: n,
        }
    }

    /// True when both sides are within 1–52.
    pub fn is_valid(self) -> bool {
        (1..=MAX_GO_SIZE).contains(&self.width) && (1..=MAX_GO_SIZE).contains(&self.height)
    }

    /// True when the point lies on the board.
    pub fn contains(self, p: super::Point) -> bool {
        p.x < self.width && p.y < self.height
    }
}

impl std::fmt::Display for BoardSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// The rule a gomoku game is played under.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GomokuRule {
    /// The omok seed's simplified rule (black: no 3-3, 4-4, overline by 위상).
    Seed,
    /// Standard RIF renju.
    Renju,
    /// Exactly five wins, no forbidden moves.
    Gomoku,
    /// Five or more wins, no forbidden moves.
    Freestyle,
    /// A rule named by the record that kifu does not check (kept verbatim).
    Other(String),
}

impl GomokuRule {
    /// The name used on the command line and in SGF `RU[]`.
    pub fn name(&self) -> &str {
        match self {
            GomokuRule::Seed => "seed",
            GomokuRule::Renju => "renju",
            GomokuRule::Gomoku => "gomoku",
            GomokuRule::Freestyle => "freestyle",
            GomokuRule::Other(s) => s,
        }
    }

    /// The rule for a name (case-insensitive); unknown names become `Other`.
    pub fn from_name(name: &str) -> GomokuRule {
        match name.trim().to_ascii_lowercase().as_str() {
            "seed" => GomokuRule::Seed,
            "renju" => GomokuRule::Renju,
            "gomoku" => GomokuRule::Gomoku,
            "freestyle" => GomokuRule::Freestyle,
            _ => GomokuRule::Other(name.to_string()),
        }
    }

    /// The rule a rule text names (SGF `RU[]`, a game's `rules`): kifu's names, and
    /// the spellings other programs write (`Standard` for exactly five, `RIF`,
    /// `Free-style`); an empty text is renju, SGF's default for gomoku in kifu;
    /// anything else is kept as `Other`.
    pub fn named_by(text: &str) -> GomokuRule {
        match text.trim().to_ascii_lowercase().as_str() {
            "" | "rif" => GomokuRule::Renju,
            "standard" | "exact five" => GomokuRule::Gomoku,
            "free-style" | "free style" | "free" => GomokuRule::Freestyle,
            _ => GomokuRule::from_name(text),
        }
    }
}

impl Game {
    /// The games this tree holds: the game itself, or, when nodes below the root hold
    /// game information for their variation (SGF collections of several games in one
    /// tree), one per such node, with its information added to the game's and the
    /// line of play through it (`None` for the game itself).
    pub fn games_in_tree(&self) -> Vec<(Option<NodeId>, GameInfo, Vec<NodeId>)> {
        let own: Vec<NodeId> = self
            .tree
            .preorder()
            .filter(|(_, n)| n.info.is_some())
            .map(|(id, _)| id)
            .collect();
        if own.is_empty() {
            let line = self.tree.main_line().map(|(id, _)| id).collect();
            return vec![(None, self.info.clone(), line)];
        }
        own.into_iter()
            .map(|id| {
                let mut info = self.info.clone();
                // The nearest game information wins: the node's own, then its
                // ancestors' (one per path in a well-formed record), then the game's.
                let path = self.tree.path_to(id);
                let mut merged = GameInfo::default();
                for n in path.iter().rev() {
                    if let Some(i) = self.tree.get(*n).and_then(|n| n.info.as_deref()) {
                        merged.fill_from(i.clone());
                    }
                }
                merged.fill_from(std::mem::take(&mut info));
                (Some(id), merged, self.tree.line_through(id))
            })
            .collect()
    }
}

#[cfg(test)]
mod rule_tests {
    use super::GomokuRule;

    /// A rule text names a rule by kifu's names or by the spellings other programs
    /// write; an empty text is renju; anything else is kept.
    #[test]
    fn a_rule_text_names_its_rule() {
        for (text, rule) in [
            ("", GomokuRule::Renju),
            ("RIF", GomokuRule::Renju),
            ("renju", GomokuRule::Renju),
            ("Standard", GomokuRule::Gomoku),
            ("exact five", GomokuRule::Gomoku),
            ("Free-style", GomokuRule::Freestyle),
            ("free", GomokuRule::Freestyle),
            ("SEED", GomokuRule::Seed),
            ("Yamaguchi", GomokuRule::Other("Yamaguchi".into())),
        ] {
            assert_eq!(GomokuRule::named_by(text), rule, "{text:?}");
        }
    }
}
