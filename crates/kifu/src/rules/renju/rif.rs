//! Black's forbidden moves under the RIF renju rules: overline, double-four (two
//! fours on one line included) and double-three, where only *real* threes count: a
//! three is real when some point turns it into a straight four and playing there is
//! not itself forbidden. That last test is the recursion of the renju rules.
//!
//! Depth: each nested level of the test puts one more black stone on an empty point
//! of the same board, so the nesting can never be deeper than the board has points
//! (225 on 15×15, a constant). It is bounded explicitly all the same, by
//! [`MAX_NESTING`], and the whole search by a work budget ([`BUDGET`]) so that no
//! position can make it slow; a search cut short says so ([`Search::exhausted`]).

use super::board::{Board, DIRECTIONS};
use super::Forbidden;
use crate::model::Color;

/// The deepest nesting of the real-three test (15 × 15 points; see the module text).
pub const MAX_NESTING: u32 = 225;
/// The most points one top-level question may examine: about a thousand times what
/// real positions need (the deepest of the 4,458 oracle positions examines 11).
pub const BUDGET: u32 = 10_000;

/// The state of one top-level question: how much work is left and whether a limit
/// was reached (in which case the undecided points were taken as allowed).
#[derive(Debug, Clone)]
pub struct Search {
    budget: u32,
    examined: u32,
    /// True when a limit cut the search short.
    pub exhausted: bool,
}

impl Default for Search {
    fn default() -> Search {
        Search {
            budget: BUDGET,
            examined: 0,
            exhausted: false,
        }
    }
}

impl Search {
    /// A search allowed to examine at most `budget` points (tests use small ones).
    pub fn with_budget(budget: u32) -> Search {
        Search {
            budget,
            examined: 0,
            exhausted: false,
        }
    }

    /// How many points the search has examined so far.
    pub fn examined(&self) -> u32 {
        self.examined
    }
}

/// What RIF renju forbids black on the empty point (x, y), if anything: an exact
/// five is never forbidden; else overline, double-four, double-three in that order.
pub fn forbidden(board: &mut Board, x: i32, y: i32, search: &mut Search) -> Option<Forbidden> {
    forbidden_at(board, x, y, 0, search)
}

fn forbidden_at(
    board: &mut Board,
    x: i32,
    y: i32,
    depth: u32,
    search: &mut Search,
) -> Option<Forbidden> {
    if !board.is_empty_at(x, y) {
        return None;
    }
    if depth > MAX_NESTING || search.budget == 0 {
        search.exhausted = true;
        return None;
    }
    search.budget -= 1;
    search.examined += 1;
    board.set(x, y, Some(Color::Black));
    let verdict = judge_placed(board, x, y, depth, search);
    board.set(x, y, None);
    verdict
}

/// The verdict with a black stone already standing on (x, y).
fn judge_placed(
    board: &mut Board,
    x: i32,
    y: i32,
    depth: u32,
    search: &mut Search,
) -> Option<Forbidden> {
    let runs = DIRECTIONS.map(|d| board.run(x, y, d, Color::Black));
    if runs.contains(&5) {
        return None;
    }
    if runs.iter().any(|&r| r >= 6) {
        return Some(Forbidden::Overline);
    }
    let fours = DIRECTIONS.map(|d| fours(board, x, y, d));
    if fours.iter().sum::<usize>() >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    let mut threes = 0;
    for (d, four) in DIRECTIONS.into_iter().zip(fours) {
        if four == 0 && real_three(board, x, y, d, depth, search) {
            threes += 1;
            if threes >= 2 {
                return Some(Forbidden::DoubleThree);
            }
        }
    }
    None
}

/// The fours through the black stone on (x, y) along `d`: the distinct sets of four
/// black stones (this one among them) that one more black stone turns into exactly
/// five. A straight four counts once (both of its points complete the same four
/// stones); `●·●●●·●` through its middle counts twice.
pub fn fours(board: &mut Board, x: i32, y: i32, (dx, dy): (i32, i32)) -> usize {
    // Each four as a bit set of the offsets -4..=4 of its stones, bit (k + 4).
    let mut found: [u16; 8] = [0; 8];
    let mut n = 0;
    for k in (-4..=4).filter(|&k| k != 0) {
        let (qx, qy) = (x + k * dx, y + k * dy);
        if !board.is_empty_at(qx, qy) {
            continue;
        }
        board.set(qx, qy, Some(Color::Black));
        let five = board.run(qx, qy, (dx, dy), Color::Black) == 5
            && between_black(board, x, y, k, (dx, dy));
        if five {
            let set = five_set(board, qx, qy, (dx, dy), x, y) & !(1 << (k + 4));
            if !found[..n].contains(&set) && n < found.len() {
                found[n] = set;
                n += 1;
            }
        }
        board.set(qx, qy, None);
    }
    n
}

/// True when every point strictly between (x, y) and the point `k` steps along `d`
/// holds a black stone, so that a run through one contains the other.
fn between_black(board: &Board, x: i32, y: i32, k: i32, (dx, dy): (i32, i32)) -> bool {
    let step = k.signum();
    (1..k.abs()).all(|i| board.get(x + step * i * dx, y + step * i * dy) == Some(Color::Black))
}

/// The run of black through (qx, qy) along `d` as offsets from (x, y), bit (k + 4);
/// offsets outside -4..=4 cannot occur in a five that holds both points.
fn five_set(board: &Board, qx: i32, qy: i32, (dx, dy): (i32, i32), x: i32, y: i32) -> u16 {
    let mut set = 0u16;
    for k in -4..=4 {
        let (cx, cy) = (x + k * dx, y + k * dy);
        if board.get(cx, cy) == Some(Color::Black) && in_run(board, qx, qy, cx, cy, (dx, dy)) {
            set |= 1 << (k + 4);
        }
    }
    set
}

/// True when (cx, cy) lies on the black run through (qx, qy) along `d`.
fn in_run(board: &Board, qx: i32, qy: i32, cx: i32, cy: i32, (dx, dy): (i32, i32)) -> bool {
    // Both lie on the same line; walk from q to c and require black all the way.
    let steps = if dx != 0 {
        (cx - qx) * dx
    } else {
        (cy - qy) * dy
    };
    let step = steps.signum();
    (0..=steps.abs())
        .all(|i| board.get(qx + step * i * dx, qy + step * i * dy) == Some(Color::Black))
}

/// True when the black stone on (x, y) makes a real three along `d`: some empty point
/// there completes a straight four holding both stones, and that point is not itself
/// forbidden (asked one level deeper).
fn real_three(
    board: &mut Board,
    x: i32,
    y: i32,
    (dx, dy): (i32, i32),
    depth: u32,
    search: &mut Search,
) -> bool {
    for k in (-4..=4).filter(|&k| k != 0) {
        let (qx, qy) = (x + k * dx, y + k * dy);
        if !board.is_empty_at(qx, qy) {
            continue;
        }
        // A point where black makes five ends the game there: it turns no three into
        // a straight four (as in the RenLib and Piskvork referees).
        if board.makes_exact_five(qx, qy, Color::Black) {
            continue;
        }
        board.set(qx, qy, Some(Color::Black));
        let straight =
            straight_four(board, x, y, (dx, dy)) && between_black(board, x, y, k, (dx, dy));
        board.set(qx, qy, None);
        if straight && forbidden_at(board, qx, qy, depth + 1, search).is_none() {
            return true;
        }
    }
    false
}

/// True when the black run through (x, y) along `d` is a straight four: exactly four
/// stones, and each end point is empty and would make exactly five.
fn straight_four(board: &Board, x: i32, y: i32, (dx, dy): (i32, i32)) -> bool {
    if board.run(x, y, (dx, dy), Color::Black) != 4 {
        return false;
    }
    let end = |sign: i32| {
        let mut k = 1;
        while board.get(x + sign * k * dx, y + sign * k * dy) == Some(Color::Black) {
            k += 1;
        }
        (x + sign * k * dx, y + sign * k * dy)
    };
    [end(1), end(-1)]
        .into_iter()
        .all(|(ex, ey)| board.is_empty_at(ex, ey) && board.run(ex, ey, (dx, dy), Color::Black) == 5)
}
