//! The JSA relative words of KI2 notation (右 左 直 上 引 寄): which of several
//! same-kind pieces moved. Writing counts every piece that can reach the square
//! (pinned ones too), so any reader resolves it; reading keeps only legal moves.

use super::position::{idx, Squares};
use super::Position;
use crate::model::{Color, PieceKind, ShogiMove, Square};

/// Relative words found after a KI2 move, as flags.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Relative {
    /// 右: the piece on the right.
    pub right: bool,
    /// 左: the piece on the left.
    pub left: bool,
    /// 直: straight forward.
    pub straight: bool,
    /// 上: moving forward.
    pub up: bool,
    /// 引: moving back.
    pub back: bool,
    /// 寄: moving sideways.
    pub sideways: bool,
}

impl Relative {
    /// True when no word was given.
    pub fn is_empty(&self) -> bool {
        *self == Relative::default()
    }

    /// The words in writing order (左右 first, then 上引寄, 直 alone).
    pub fn text(&self) -> String {
        let mut s = String::new();
        for (flag, w) in [
            (self.right, '右'),
            (self.left, '左'),
            (self.straight, '直'),
            (self.up, '上'),
            (self.back, '引'),
            (self.sideways, '寄'),
        ] {
            if flag {
                s.push(w);
            }
        }
        s
    }

    /// Sets the flag for one word; false for a character that is not one.
    pub fn add(&mut self, c: char) -> bool {
        match c {
            '右' => self.right = true,
            '左' => self.left = true,
            '直' => self.straight = true,
            '上' | '行' | '入' => self.up = true,
            '引' => self.back = true,
            '寄' => self.sideways = true,
            _ => return false,
        }
        true
    }
}

/// How far `to` lies ahead of `from` for `color` (positive: forward).
fn ahead(color: Color, from: Square, to: Square) -> i8 {
    let d = from.rank as i8 - to.rank as i8;
    match color {
        Color::Black => d,
        Color::White => -d,
    }
}

/// How far `from` lies right of `to` for `color` (positive: on the mover's right).
fn rightward(color: Color, from: Square, to: Square) -> i8 {
    let d = to.file as i8 - from.file as i8;
    match color {
        Color::Black => d,
        Color::White => -d,
    }
}

/// The right/left measure of a square for `color`: larger is further right.
fn right_rank(color: Color, sq: Square) -> i8 {
    match color {
        Color::Black => -(sq.file as i8),
        Color::White => sq.file as i8,
    }
}

fn uses_mutual_sides(kind: PieceKind) -> bool {
    matches!(kind, PieceKind::Dragon | PieceKind::Horse)
}

/// Keeps the origins that the words describe. `origins` are the candidates for a
/// move of `kind` by `color` to `to`.
pub fn filter(
    rel: Relative,
    color: Color,
    kind: PieceKind,
    to: Square,
    origins: &[Square],
) -> Vec<Square> {
    let mutual = uses_mutual_sides(kind);
    let max_right = origins.iter().map(|&f| right_rank(color, f)).max();
    let min_right = origins.iter().map(|&f| right_rank(color, f)).min();
    origins
        .iter()
        .copied()
        .filter(|&f| {
            let a = ahead(color, f, to);
            let r = rightward(color, f, to);
            (!rel.up || a > 0)
                && (!rel.back || a < 0)
                && (!rel.sideways || a == 0)
                && (!rel.straight || (!mutual && r == 0 && a > 0))
                && (!rel.right
                    || if mutual {
                        Some(right_rank(color, f)) == max_right && max_right != min_right
                    } else {
                        r > 0
                    })
                && (!rel.left
                    || if mutual {
                        Some(right_rank(color, f)) == min_right && max_right != min_right
                    } else {
                        r < 0
                    })
        })
        .collect()
}

impl Position {
    /// Every square holding a piece of `kind` and `color` that can move to `to` by
    /// its moves (pins and checks ignored).
    pub fn reaching(&self, color: Color, kind: PieceKind, to: Square) -> Vec<Square> {
        self.reaching_squares(color, kind, to).iter().collect()
    }

    /// [`Position::reaching`] without allocation.
    pub fn reaching_squares(&self, color: Color, kind: PieceKind, to: Square) -> Squares {
        self.attackers_of_kind(idx(to), color, kind)
    }

    /// The squares from which a `kind` of `color` can legally move to `to`, promoting
    /// or not: the candidates JSA notation counts (a pinned piece, or a piece whose
    /// move would leave its king in check, is none). Legality is only computed when
    /// more than one piece reaches the square, or when `count_single` asks for it.
    pub fn candidates(
        &mut self,
        color: Color,
        kind: PieceKind,
        to: Square,
        count_single: bool,
    ) -> Vec<Square> {
        let reach = self.reaching(color, kind, to);
        if reach.len() <= 1 && !count_single {
            return reach;
        }
        reach
            .into_iter()
            .filter(|&f| {
                self.resolve(color, Some(f), to, kind, false).is_ok()
                    || self.resolve(color, Some(f), to, kind, true).is_ok()
            })
            .collect()
    }

    /// The relative words a KI2 writer needs for `mv` (made from this position), and
    /// whether 打 must be written for a drop: both decided among the legal
    /// [`Position::candidates`] only, as the JSA notation does.
    pub fn relative_for(&mut self, mv: &ShogiMove) -> (Relative, bool) {
        let others = self.candidates(mv.color, mv.piece, mv.to, mv.from.is_none());
        let Some(from) = mv.from else {
            return (Relative::default(), !others.is_empty());
        };
        if others.len() <= 1 {
            return (Relative::default(), false);
        }
        let c = mv.color;
        let unique = |rel: Relative| filter(rel, c, mv.piece, mv.to, &others) == [from];
        let a = ahead(c, from, mv.to);
        let vertical = Relative {
            up: a > 0,
            back: a < 0,
            sideways: a == 0,
            ..Relative::default()
        };
        let mutual = uses_mutual_sides(mv.piece);
        let straight = Relative {
            straight: true,
            ..Relative::default()
        };
        if unique(vertical) {
            return (vertical, false);
        }
        if !mutual && rightward(c, from, mv.to) == 0 && a > 0 && unique(straight) {
            return (straight, false);
        }
        let r = rightward(c, from, mv.to);
        let side = if mutual {
            let mine = right_rank(c, from);
            let best = others.iter().map(|&f| right_rank(c, f)).max();
            let worst = others.iter().map(|&f| right_rank(c, f)).min();
            Relative {
                right: Some(mine) == best && best != worst,
                left: Some(mine) == worst && best != worst,
                ..Relative::default()
            }
        } else {
            Relative {
                right: r > 0,
                left: r < 0,
                ..Relative::default()
            }
        };
        if !side.is_empty() && unique(side) {
            return (side, false);
        }
        let both = Relative {
            up: vertical.up,
            back: vertical.back,
            sideways: vertical.sideways,
            ..side
        };
        (both, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::shogi::from_sfen;

    fn pos(sfen: &str) -> Position {
        let (p, _) = from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        Position::from_model(&p)
    }

    fn sq(f: u8, r: u8) -> Square {
        Square { file: f, rank: r }
    }

    fn words(p: &mut Position, from: Square, to: Square, kind: PieceKind) -> String {
        let color = p.to_move();
        let mv = ShogiMove {
            color,
            from: Some(from),
            to,
            piece: kind,
            promote: false,
            capture: None,
        };
        p.relative_for(&mv).0.text()
    }

    #[test]
    fn three_golds_to_five_eight() {
        // Golds on 6九, 5九, 4九: 左, 直, 右.
        let mut p = pos("4k4/9/9/9/9/9/9/9/K2GGG3 b - 1");
        let g = PieceKind::Gold;
        assert_eq!(words(&mut p, sq(6, 9), sq(5, 8), g), "左");
        assert_eq!(words(&mut p, sq(5, 9), sq(5, 8), g), "直");
        assert_eq!(words(&mut p, sq(4, 9), sq(5, 8), g), "右");
    }

    #[test]
    fn vertical_words_come_first_and_white_is_mirrored() {
        // Black golds on 4九 (moves up to 5八) and 6八 (moves sideways).
        let mut p = pos("4k4/9/9/9/9/9/9/3G5/K4G3 b - 1");
        assert_eq!(words(&mut p, sq(4, 9), sq(5, 8), PieceKind::Gold), "上");
        assert_eq!(words(&mut p, sq(6, 8), sq(5, 8), PieceKind::Gold), "寄");
        // White golds on 6一 and 4一 to 5二: white's right is file 6.
        let mut p = pos("3g1g3/9/9/9/9/9/9/9/K8 w - 1");
        assert_eq!(words(&mut p, sq(6, 1), sq(5, 2), PieceKind::Gold), "右");
        assert_eq!(words(&mut p, sq(4, 1), sq(5, 2), PieceKind::Gold), "左");
    }

    #[test]
    fn dragons_use_sides_relative_to_each_other_never_straight() {
        // Dragons on 5九 and 1九 to 3九 both move sideways: the right one (1九) is 右.
        let mut p = pos("4k4/9/9/9/9/9/9/9/K3+R3+R b - 1");
        assert_eq!(words(&mut p, sq(1, 9), sq(3, 9), PieceKind::Dragon), "右");
        assert_eq!(words(&mut p, sq(5, 9), sq(3, 9), PieceKind::Dragon), "左");
        // Dragons on 5五 and 4四 to 5四: one moves up, one sideways.
        let mut p = pos("4k4/9/9/5+R3/4+R4/9/9/9/K8 b - 1");
        assert_eq!(words(&mut p, sq(5, 5), sq(5, 4), PieceKind::Dragon), "上");
        assert_eq!(words(&mut p, sq(4, 4), sq(5, 4), PieceKind::Dragon), "寄");
    }

    #[test]
    fn vertical_words_win_over_straight() {
        // Golds on 5九 (straight up) and 6八 (sideways) to 5八: 上 and 寄.
        let mut p = pos("4k4/9/9/9/9/9/9/3G5/K3G4 b - 1");
        assert_eq!(words(&mut p, sq(5, 9), sq(5, 8), PieceKind::Gold), "上");
        assert_eq!(words(&mut p, sq(6, 8), sq(5, 8), PieceKind::Gold), "寄");
    }

    #[test]
    fn reading_filters_match_writing() {
        let origins = [sq(6, 9), sq(5, 9), sq(4, 9)];
        let to = sq(5, 8);
        let f = |w: &str| {
            let mut r = Relative::default();
            for c in w.chars() {
                r.add(c);
            }
            filter(r, Color::Black, PieceKind::Gold, to, &origins)
        };
        assert_eq!(f("右"), vec![sq(4, 9)]);
        assert_eq!(f("左"), vec![sq(6, 9)]);
        assert_eq!(f("直"), vec![sq(5, 9)]);
        assert_eq!(f("上").len(), 3);
        assert_eq!(f("引"), Vec::<Square>::new());
    }
}
