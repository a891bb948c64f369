//! The graph: edges that name real vertices, no vertex without edges, one connected
//! board, and the castles of each player (how many, and whether the enemy can reach
//! them).

use crate::diag::codes;
use std::collections::VecDeque;

use super::{player_name, BoardFault, Subject, MAX_CASTLES};
use crate::model::{GonuBoard, GonuDeploy};

pub(super) fn check(board: &GonuBoard, faults: &mut Vec<BoardFault>) {
    let n = board.vertices.len();
    let adjacency = adjacency(board, faults);
    for (id, list) in adjacency.iter().enumerate() {
        if list.is_empty() {
            faults.push(BoardFault::new(
                Subject::VertexLine(id),
                codes::GONU_ISOLATED_VERTEX,
                format!("vertex {id} has no edge: every vertex must join the board"),
            ));
        }
    }
    let mut done = vec![false; n];
    for start in 0..n {
        if done.get(start).copied().unwrap_or(true) {
            continue;
        }
        let members = component(&adjacency, start, &mut done);
        if start == 0 || adjacency.get(start).is_some_and(Vec::is_empty) {
            continue; // the main part, or a vertex already reported as isolated
        }
        faults.push(BoardFault::new(
            Subject::VertexLine(start),
            codes::GONU_DISCONNECTED,
            format!(
                "vertices {} cannot be reached from vertex 0: the board is in pieces",
                list(&members)
            ),
        ));
    }
    castles(board, &adjacency, faults);
}

/// Neighbour lists from the edges; an edge naming a missing vertex (possible in a
/// board that does not come from a `.gonu` file) is reported and left out.
fn adjacency(board: &GonuBoard, faults: &mut Vec<BoardFault>) -> Vec<Vec<usize>> {
    let n = board.vertices.len();
    let mut adjacency = vec![Vec::new(); n];
    for &[a, b] in &board.edges {
        let (a, b) = (usize::from(a), usize::from(b));
        if a == b || a >= n || b >= n {
            faults.push(BoardFault::new(
                Subject::Board,
                codes::GONU_BAD_EDGE,
                format!("the edge {a}–{b} does not join two vertices of the {n}"),
            ));
            continue;
        }
        if let Some(l) = adjacency.get_mut(a) {
            l.push(b);
        }
        if let Some(l) = adjacency.get_mut(b) {
            l.push(a);
        }
    }
    adjacency
}

/// The vertices joined to `start`, in id order, each marked in `done` (iterative).
fn component(adjacency: &[Vec<usize>], start: usize, done: &mut [bool]) -> Vec<usize> {
    let mut members = Vec::new();
    let mut stack = vec![start];
    if let Some(d) = done.get_mut(start) {
        *d = true;
    }
    while let Some(v) = stack.pop() {
        members.push(v);
        for &w in adjacency.get(v).map_or(&[][..], Vec::as_slice) {
            if let Some(d) = done.get_mut(w) {
                if !*d {
                    *d = true;
                    stack.push(w);
                }
            }
        }
    }
    members.sort_unstable();
    members
}

/// Breadth-first reach from `starts` (reached whatever `may_enter` says: a piece
/// stands there) through the vertices `may_enter` allows (iterative).
fn reach(
    adjacency: &[Vec<usize>],
    starts: &[usize],
    may_enter: impl Fn(usize) -> bool,
) -> Vec<bool> {
    let mut seen = vec![false; adjacency.len()];
    let mut queue = VecDeque::new();
    for &s in starts {
        if let Some(slot) = seen.get_mut(s) {
            if !*slot {
                *slot = true;
                queue.push_back(s);
            }
        }
    }
    while let Some(v) = queue.pop_front() {
        for &w in adjacency.get(v).map_or(&[][..], Vec::as_slice) {
            if let Some(slot) = seen.get_mut(w) {
                if !*slot && may_enter(w) {
                    *slot = true;
                    queue.push_back(w);
                }
            }
        }
    }
    seen
}

/// Where player `p` starts: the (existing) vertices of its pieces, or its deploy cells.
fn starts(board: &GonuBoard, p: usize) -> Vec<usize> {
    match &board.deploy {
        GonuDeploy::Normal { pieces } => pieces
            .get(p)
            .map(|ps| {
                ps.iter()
                    .map(|pc| usize::from(pc.vertex))
                    .filter(|&v| v < board.vertices.len())
                    .collect()
            })
            .unwrap_or_default(),
        GonuDeploy::Free { .. } => {
            let glyph = if p == 0 { '*' } else { '+' };
            board
                .vertices
                .iter()
                .enumerate()
                .filter(|(_, v)| v.glyph == glyph)
                .map(|(i, _)| i)
                .collect()
        }
    }
}

fn castles(board: &GonuBoard, adjacency: &[Vec<usize>], faults: &mut Vec<BoardFault>) {
    for p in 0..2 {
        let enemy = 1 - p;
        let mine: Vec<usize> = board
            .vertices
            .iter()
            .enumerate()
            .filter(|(_, v)| !v.access.get(p).copied().unwrap_or(true))
            .map(|(i, _)| i)
            .collect();
        let field = 3 + p;
        if mine.is_empty() {
            faults.push(BoardFault::new(
                Subject::Board,
                codes::GONU_NO_CASTLE,
                format!(
                    "{} has no castle (a vertex whose p{} flag is 0)",
                    player_name(p),
                    p + 1
                ),
            ));
        }
        if let Some(&seventh) = mine.get(MAX_CASTLES) {
            faults.push(BoardFault::new(
                Subject::Vertex { id: seventh, field },
                codes::GONU_TOO_MANY_CASTLES,
                format!(
                    "{} has {} castles ({}); at most {MAX_CASTLES} are allowed",
                    player_name(p),
                    mine.len(),
                    list(&mine)
                ),
            ));
        }
        let from = starts(board, enemy);
        if from.is_empty() {
            continue;
        }
        let may_enter = |v: usize| {
            board
                .vertices
                .get(v)
                .and_then(|x| x.access.get(enemy).copied())
                .unwrap_or(false)
        };
        let reached = reach(adjacency, &from, may_enter);
        for &c in &mine {
            if !reached.get(c).copied().unwrap_or(false) {
                faults.push(BoardFault::new(
                    Subject::Vertex { id: c, field },
                    codes::GONU_UNREACHABLE_CASTLE,
                    format!(
                        "{}'s castle at vertex {c} cannot be reached by {}",
                        player_name(p),
                        player_name(enemy)
                    ),
                ));
            }
        }
    }
}

/// "1, 2, 3" (at most 12 ids, then "…").
pub(super) fn list(ids: &[usize]) -> String {
    let mut s: Vec<String> = ids.iter().take(12).map(ToString::to_string).collect();
    if ids.len() > 12 {
        s.push("…".to_string());
    }
    s.join(", ")
}
