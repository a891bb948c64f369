//! What a record claims about how a game ended, checked on the position: 詰み, 不詰,
//! 千日手 (with 連続王手の千日手), 入玉宣言 and 持将棋; and the repetition count of
//! the line being replayed (by position hash, see [`Position::hash`]).

use super::legality::square_name;
use super::position::{in_zone, Position};
use crate::diag::codes;
use crate::model::{Color, EndingKind, GameResult, NodeId, PieceKind, ShogiMove};
use crate::rules::repetition::LinePositions;
use crate::rules::Finding;

/// How many times each position occurs in the line being replayed, and whether each
/// move of it gave check, so that a fourfold repetition and 連続王手 can be told at
/// any node. Positions enter and leave with the moves, as the replay walks the tree.
#[derive(Default)]
pub(crate) struct Line {
    positions: LinePositions,
    /// For each ply of the line (0 = the start), how many moves of each side up to
    /// it did not give check.
    quiet: Vec<[u32; 2]>,
}

/// A fourfold repetition the line has reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fourfold {
    /// The 1-based move number after which the position first stood (0: the start).
    pub first: u32,
    /// The side that gave check with every one of its moves since then, if one did
    /// (連続王手の千日手: that side loses).
    pub perpetual: Option<Color>,
}

impl Line {
    /// The line at its start position, with room for `nodes` positions.
    pub(crate) fn start(&mut self, hash: u64, nodes: usize) {
        self.positions.clear_for(nodes);
        self.positions.push(hash, 0);
        self.quiet.clear();
        self.quiet.reserve(nodes.min(1 << 20));
        self.quiet.push([0, 0]);
    }

    /// A move by `mover` was made, reaching the position `hash`; `check` when it gave
    /// check. Returns how many times the position has now stood in the line.
    #[inline(always)]
    pub(crate) fn enter(&mut self, hash: u64, mover: Color, check: bool) -> u32 {
        let mut q = self.quiet.last().copied().unwrap_or([0, 0]);
        if !check {
            q[mover.index()] = q[mover.index()].saturating_add(1);
        }
        self.quiet.push(q);
        let ply = u32::try_from(self.quiet.len().saturating_sub(1)).unwrap_or(u32::MAX);
        self.positions.push(hash, ply).0
    }

    /// The last move is taken back (its position leaves the line).
    pub(crate) fn leave(&mut self) {
        self.quiet.pop();
        self.positions.pop();
    }

    /// Takes moves back until the line holds `plies` of them.
    pub(crate) fn truncate(&mut self, plies: usize) {
        self.quiet.truncate(plies + 1);
        self.positions.truncate(plies + 1);
    }

    /// How many times the position `hash` has stood in the line.
    pub(crate) fn count(&self, hash: u64) -> u32 {
        self.positions.get(hash).map_or(0, |(n, _)| n)
    }

    /// The repetition at the position `hash`, when it has stood four times or more.
    pub(crate) fn fourfold(&self, hash: u64) -> Option<Fourfold> {
        let (count, first) = self.positions.get(hash)?;
        if count < 4 {
            return None;
        }
        let now = self.quiet.last().copied().unwrap_or([0, 0]);
        let then = usize::try_from(first)
            .ok()
            .and_then(|i| self.quiet.get(i))
            .copied()
            .unwrap_or([0, 0]);
        // A cycle holds moves of both sides; the one none of whose moves was quiet
        // checked throughout.
        let perpetual = [Color::Black, Color::White]
            .into_iter()
            .find(|c| now[c.index()] == then[c.index()]);
        Some(Fourfold { first, perpetual })
    }
}

/// "black (先手)" or "white (後手)".
pub(crate) fn side(c: Color) -> &'static str {
    match c {
        Color::Black => "black (先手)",
        Color::White => "white (後手)",
    }
}

/// Where the position first stood, for messages: "the start" or "move 12".
fn since(first: u32) -> String {
    if first == 0 {
        "the start".to_string()
    } else {
        format!("move {first}")
    }
}

/// What the replay knows when it meets a special ending at `node`.
pub(crate) struct Claim {
    /// The ending node.
    pub node: NodeId,
    /// What it claims.
    pub kind: EndingKind,
    /// The side it is said of, as recorded.
    pub color: Option<Color>,
}

/// Checks a special ending against the position it ends (`pos`, after the last move)
/// and the line that led there; a finding when the claim is false.
pub(crate) fn check_claim(claim: &Claim, pos: &mut Position, line: &Line) -> Option<Finding> {
    let hash = pos.hash();
    let error = |code, message| {
        Some(Finding {
            omitted: 0,
            part: None,
            node: claim.node,
            code,
            message,
        })
    };
    let to_move = pos.to_move();
    match claim.kind {
        EndingKind::Checkmate => {
            if !pos.in_check(to_move) {
                return error(
                    codes::SHOGI_FALSE_CHECKMATE,
                    format!(
                        "詰み (checkmate) claimed, but {} to move is not in check",
                        side(to_move)
                    ),
                );
            }
            let mut budget = MATE_BUDGET;
            match mated_but_futile(pos, FUTILE_DEPTH, &mut budget) {
                Mate::Yes | Mate::Undecided => None,
                Mate::No(None) => None,
                Mate::No(Some(m)) => error(
                    codes::SHOGI_FALSE_CHECKMATE,
                    format!(
                        "詰み (checkmate) claimed, but {} to move has a reply ({}{}{}) that is not a futile interposition",
                        side(to_move),
                        square_name(m.to),
                        m.piece.kanji(),
                        if m.from.is_none() { "打" } else { "" }
                    ),
                ),
            }
        }
        EndingKind::NoMate => pos.is_checkmate().then(|| Finding {
            omitted: 0,
            part: None,
            node: claim.node,
            code: codes::SHOGI_FALSE_NO_MATE,
            message: format!(
                "不詰 (no mate) claimed, but {} to move is checkmated",
                side(to_move)
            ),
        }),
        EndingKind::Repetition => {
            let Some(f) = line.fourfold(hash) else {
                let n = line.count(hash);
                return error(
                    codes::SHOGI_FALSE_REPETITION,
                    format!(
                        "千日手 (repetition) claimed, but the final position (board, hands, side to move) has stood {n} time{} in this line; 千日手 needs four",
                        if n == 1 { "" } else { "s" }
                    ),
                );
            };
            f.perpetual.and_then(|checker| {
                error(
                    codes::SHOGI_PERPETUAL_CHECK,
                    format!(
                        "千日手 claimed as a draw, but {} gave check with every move since the position first stood ({}): 連続王手の千日手 is a loss for {}",
                        side(checker),
                        since(f.first),
                        side(checker)
                    ),
                )
            })
        }
        EndingKind::Draw => {
            // A draw agreed is not checked, except a perpetual check called a draw.
            let f = line.fourfold(hash)?;
            f.perpetual.and_then(|checker| {
                error(
                    codes::SHOGI_PERPETUAL_CHECK,
                    format!(
                        "a draw is recorded, but the position stood four times with {} giving check with every move since {}: 連続王手の千日手 is a loss for {}",
                        side(checker),
                        since(f.first),
                        side(checker)
                    ),
                )
            })
        }
        EndingKind::IllegalWin | EndingKind::IllegalLoss => {
            // A perpetual check ended with a foul: the checker must be the loser.
            let f = line.fourfold(hash)?;
            let checker = f.perpetual?;
            let said = claim.color.unwrap_or(to_move);
            match claim.kind.result_for(said) {
                Some(GameResult::Win { winner, .. }) if winner == checker => error(
                    codes::SHOGI_PERPETUAL_CHECK,
                    format!(
                        "the record gives the win to {}, but it gave check with every move of the repetition since {}: 連続王手の千日手 is its loss",
                        side(checker),
                        since(f.first)
                    ),
                ),
                _ => None,
            }
        }
        EndingKind::EnteringKing => declaration(claim, pos),
        EndingKind::Impasse => {
            let entered = [Color::Black, Color::White]
                .into_iter()
                .any(|c| pos.king(c).is_some_and(|k| in_zone(k, c)));
            (!entered).then(|| Finding {
                omitted: 0,
                part: None,
                node: claim.node,
                code: codes::SHOGI_DOUBTFUL_IMPASSE,
                message: "持将棋 (impasse) recorded, but neither king stands in the enemy camp"
                    .into(),
            })
        }
        _ => None,
    }
}

/// How deep [`mated_but_futile`] follows interpositions and the captures that answer
/// them: a line between king and checker holds at most seven squares, and each
/// capture of an interposed piece brings the checker at least one square nearer.
const FUTILE_DEPTH: u32 = 7;

/// How many replies [`mated_but_futile`] may examine before it gives up: the claim is
/// then accepted (a long line of interpositions, each captured, is a common end of
/// a problem, and its orders multiply).
const MATE_BUDGET: u32 = 2_000;

/// Whether the side to move is mated, in the tsume sense.
enum Mate {
    /// Mated: no legal move, or only futile interpositions (無駄合).
    Yes,
    /// Not mated: this reply escapes (none named when not in check).
    No(Option<ShogiMove>),
    /// The search reached its budget.
    Undecided,
}

/// Checkmate as records of problems (詰将棋) mean it: the side to move is in check
/// and every legal reply is an interposition (a piece dropped or moved between the
/// king and a ranging checker) that the attacker captures, mating again (無駄合,
/// futile interposition). With no legal reply at all this is plain checkmate.
/// `depth` bounds the nesting (a constant of the caller, not of the input).
fn mated_but_futile(pos: &mut Position, depth: u32, budget: &mut u32) -> Mate {
    let us = pos.to_move();
    if !pos.in_check(us) {
        return Mate::No(None);
    }
    let replies = pos.legal_moves();
    for r in replies {
        if *budget == 0 {
            return Mate::Undecided;
        }
        *budget -= 1;
        let interposes = r.piece != PieceKind::King && r.capture.is_none();
        if !interposes || depth == 0 {
            return Mate::No(Some(r));
        }
        pos.make(&r);
        let mut answered = false;
        let mut undecided = false;
        for c in pos.legal_moves() {
            if c.to != r.to {
                continue;
            }
            pos.make(&c);
            let verdict = mated_but_futile(pos, depth - 1, budget);
            pos.unmake(&c);
            match verdict {
                Mate::Yes => {
                    answered = true;
                    break;
                }
                Mate::Undecided => undecided = true,
                Mate::No(_) => {}
            }
        }
        pos.unmake(&r);
        if !answered {
            return if undecided {
                Mate::Undecided
            } else {
                Mate::No(Some(r))
            };
        }
    }
    Mate::Yes
}

/// The points of a kind in the 27-point rule: 5 for rook, bishop and their promoted
/// forms, 1 for the others, 0 for the king.
fn points(kind: PieceKind) -> u32 {
    match kind {
        PieceKind::Rook | PieceKind::Bishop | PieceKind::Dragon | PieceKind::Horse => 5,
        PieceKind::King => 0,
        _ => 1,
    }
}

/// 入玉宣言 under the 27-point rule (CSA's and JSA's): the declarer is the side to
/// move; its king stands in the enemy camp and is not in check; at least ten of its
/// other pieces stand in the camp; those pieces and its hand count at least 28
/// points for black, 27 for white (only with all 40 pieces in play: the figures are
/// for even games).
/// Time cannot be checked.
fn declaration(claim: &Claim, pos: &Position) -> Option<Finding> {
    let d = pos.to_move();
    let mut failed: Vec<String> = Vec::new();
    match pos.king(d) {
        None => failed.push("it has no king".into()),
        Some(k) if !in_zone(k, d) => failed.push(format!(
            "its king on {} is not in the enemy camp",
            square_name(super::position::square(k))
        )),
        Some(_) => {}
    }
    if pos.in_check(d) {
        failed.push("its king is in check".into());
    }
    let mut in_camp = 0u32;
    let mut score = 0u32;
    for i in 0..81 {
        if let Some(p) = pos.at(i) {
            if p.color == d && p.kind != PieceKind::King && in_zone(i, d) {
                in_camp += 1;
                score += points(p.kind);
            }
        }
    }
    for kind in super::position::HAND_KINDS {
        score += u32::from(pos.in_hand(d, kind)) * points(kind);
    }
    if in_camp < 10 {
        failed.push(format!(
            "only {in_camp} of its other pieces stand in the enemy camp (10 needed)"
        ));
    }
    // The figures are for a full set of 40 pieces (even games); handicap games
    // and problems with fewer are not held to them.
    let mut all = 0u32;
    for i in 0..81 {
        all += u32::from(pos.at(i).is_some());
    }
    for c in [Color::Black, Color::White] {
        for kind in super::position::HAND_KINDS {
            all += u32::from(pos.in_hand(c, kind));
        }
    }
    let full = all == 40;
    let needed = match d {
        Color::Black => 28,
        Color::White => 27,
    };
    if full && score < needed {
        failed.push(format!(
            "its pieces in the camp and in hand count {score} points ({needed} needed)"
        ));
    }
    if failed.is_empty() {
        return None;
    }
    Some(Finding {
        omitted: 0,
        part: None,
        node: claim.node,
        code: codes::SHOGI_FALSE_DECLARATION,
        message: format!(
            "入玉宣言 (entering-king win) claimed by {}, but {}",
            side(d),
            failed.join("; ")
        ),
    })
}
