//! The replay behind [`super::positions`]: the main line walked node by node, each
//! move made by the rules, one [`Position`] handed out before each move.

use super::eval::evaluation_for;
use super::{Board, Family, Position};
use crate::diag::{codes, Diagnostic, Span};
use crate::model::{BoardSize, Color, Game, GameKind, Move, Node, NodeId, Point};
use crate::rules::go;
use crate::rules::shogi;

/// The board a replay plays on.
enum Play {
    Shogi(Box<shogi::Position>),
    Go(Box<go::Board>),
    /// Gomoku: stones are placed and never taken.
    Gomoku {
        size: BoardSize,
        cells: Vec<u8>,
    },
}

/// The positions of a game's main line, one at a time ([`super::positions`] collects
/// them): an `Err` is the last item.
pub struct Positions<'a> {
    game: &'a Game,
    play: Option<Play>,
    family: Family,
    /// The node the current position stands at.
    at: NodeId,
    ply: u32,
    /// The side to move when no move says it (the last position).
    next_color: Color,
    /// A diagnostic to hand out first (a game of no supported family).
    pending: Option<Diagnostic>,
    /// Whether the root has been looked at.
    started: bool,
    done: bool,
}

impl<'a> Positions<'a> {
    /// The replay of `game`'s main line.
    pub fn new(game: &'a Game) -> Positions<'a> {
        let (play, family, pending) = match &game.kind {
            GameKind::Shogi => {
                let start = game
                    .info
                    .shogi_start
                    .as_ref()
                    .map_or_else(|| crate::model::Handicap::Even.position(), |s| s.position());
                (
                    Some(Play::Shogi(Box::new(shogi::Position::from_model(&start)))),
                    Family::Shogi,
                    None,
                )
            }
            GameKind::Go { size } => {
                let mut board = go::Board::new(*size);
                board.allow_suicide(go::rules_of(game).allows_suicide());
                (Some(Play::Go(Box::new(board))), Family::Go, None)
            }
            GameKind::Gomoku { size, .. } => (
                Some(Play::Gomoku {
                    size: *size,
                    cells: vec![0; usize::from(size.width) * usize::from(size.height)],
                }),
                Family::Gomoku,
                None,
            ),
            GameKind::Gonu(_) => (
                None,
                Family::Go,
                Some(
                    Diagnostic::new(
                        codes::TRAINING_UNSUPPORTED,
                        "positions are made of Go, gomoku and shogi games; this is gonu",
                        Span::at(0),
                    )
                    .with_move(1),
                ),
            ),
        };
        let next_color = match &play {
            Some(Play::Shogi(p)) => p.to_move(),
            _ => Color::Black,
        };
        Positions {
            game,
            play,
            family,
            at: game.tree.root(),
            ply: 1,
            next_color,
            pending,
            started: false,
            done: false,
        }
    }

    /// The board as it stands.
    fn board(&self) -> Option<Board> {
        Some(match self.play.as_ref()? {
            Play::Shogi(p) => Board::Shogi(p.to_model()),
            Play::Go(b) => {
                let size = self.size()?;
                let mut cells =
                    Vec::with_capacity(usize::from(size.width) * usize::from(size.height));
                for y in 0..size.height {
                    for x in 0..size.width {
                        cells.push(match b.at(Point { x, y }) {
                            go::Cell::Empty => 0,
                            go::Cell::Stone(Color::Black) => 1,
                            go::Cell::Stone(Color::White) => 2,
                        });
                    }
                }
                Board::Stones { size, cells }
            }
            Play::Gomoku { size, cells } => Board::Stones {
                size: *size,
                cells: cells.clone(),
            },
        })
    }

    fn size(&self) -> Option<BoardSize> {
        self.game.kind.board_size()
    }

    /// Applies a node's setup stones (Go and gomoku) and its side to play.
    fn setup(&mut self, node: &Node) -> Result<(), Diagnostic> {
        if let Some(c) = node.setup.to_play {
            self.next_color = c;
        }
        let size = self.size();
        let ply = self.ply;
        let lists = [
            (&node.setup.add_black, 1u8),
            (&node.setup.add_white, 2u8),
            (&node.setup.clear, 0u8),
        ];
        match self.play.as_mut() {
            Some(Play::Go(board)) => {
                for (points, code) in lists {
                    let cell = match code {
                        1 => go::Cell::Stone(Color::Black),
                        2 => go::Cell::Stone(Color::White),
                        _ => go::Cell::Empty,
                    };
                    for &p in points {
                        board
                            .setup(p, cell)
                            .map_err(|_| off_board(codes::GO_OFF_BOARD, p, ply))?;
                    }
                }
            }
            Some(Play::Gomoku { cells, .. }) => {
                for (points, code) in lists {
                    for &p in points {
                        let i = cell_index(size, p)
                            .ok_or_else(|| off_board(codes::RENJU_OFF_BOARD, p, ply))?;
                        if let Some(c) = cells.get_mut(i) {
                            *c = code;
                        }
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Makes the move of the node `id`, or says why it cannot be made.
    fn make(&mut self, mv: &Move) -> Result<(), Diagnostic> {
        let ply = self.ply;
        let size = self.size();
        let foreign = || {
            Diagnostic::new(
                codes::TRAINING_UNSUPPORTED,
                format!("move {ply} is not a move of this game's family"),
                Span::at(0),
            )
            .with_move(ply)
        };
        match (self.play.as_mut(), mv) {
            (Some(Play::Shogi(pos)), Move::Shogi(m)) => {
                pos.check(m).map_err(|e| {
                    Diagnostic::new(e.code(), e.message(m), Span::at(0)).with_move(ply)
                })?;
                pos.make(m);
            }
            (Some(Play::Go(board)), Move::Stone(m)) => match m.point {
                None => board.pass(),
                Some(p) => {
                    board.play(p, m.color).map_err(|e| {
                        let (code, why) = match e {
                            go::Illegal::OffBoard => (codes::GO_OFF_BOARD, "off the board"),
                            go::Illegal::Occupied(_) => (codes::GO_OCCUPIED, "on a stone"),
                            go::Illegal::Suicide => (codes::GO_SUICIDE, "a suicide"),
                            go::Illegal::Ko => (codes::GO_KO, "retakes a ko"),
                        };
                        Diagnostic::new(code, format!("move {ply} is {why}"), Span::at(0))
                            .with_move(ply)
                    })?;
                }
            },
            (Some(Play::Gomoku { cells, .. }), Move::Stone(m)) => {
                if let Some(p) = m.point {
                    let i = cell_index(size, p)
                        .ok_or_else(|| off_board(codes::RENJU_OFF_BOARD, p, ply))?;
                    match cells.get_mut(i) {
                        Some(c) if *c == 0 => {
                            *c = if m.color == Color::Black { 1 } else { 2 };
                        }
                        _ => {
                            return Err(Diagnostic::new(
                                codes::RENJU_OCCUPIED,
                                format!("move {ply} is on a stone"),
                                Span::at(0),
                            )
                            .with_move(ply))
                        }
                    }
                }
            }
            _ => return Err(foreign()),
        }
        self.next_color = mv.color().opponent();
        Ok(())
    }
}

/// The index of a point in a row-major board of `size`, if on it.
fn cell_index(size: Option<BoardSize>, p: Point) -> Option<usize> {
    let size = size?;
    (p.x < size.width && p.y < size.height)
        .then(|| usize::from(p.y) * usize::from(size.width) + usize::from(p.x))
}

fn off_board(code: &'static codes::Code, p: Point, ply: u32) -> Diagnostic {
    Diagnostic::new(
        code,
        format!("a stone at ({}, {}) is off the board", p.x, p.y),
        Span::at(0),
    )
    .with_move(ply)
}

impl Iterator for Positions<'_> {
    type Item = Result<Position, Diagnostic>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if let Some(d) = self.pending.take() {
            self.done = true;
            return Some(Err(d));
        }
        let tree = &self.game.tree;
        // The next node with a move; nodes without one on the way (the root, setup,
        // comments, the ending) are passed, their setup applied.
        let mut next = if self.started {
            tree.get(self.at)
                .and_then(|n| n.children().first().copied())
        } else {
            self.started = true;
            Some(self.at)
        };
        let mut played = None;
        while let Some(id) = next {
            let Some(node) = tree.get(id) else { break };
            if let Some(mv) = node.mv {
                played = Some((id, mv));
                break;
            }
            if let Err(d) = self.setup(node) {
                self.done = true;
                return Some(Err(d));
            }
            self.at = id;
            next = node.children().first().copied();
        }
        let board = self.board()?;
        let to_move = match (&board, played) {
            (Board::Shogi(p), _) => p.to_move,
            (_, Some((_, mv))) => mv.color(),
            _ => self.next_color,
        };
        let position = Position {
            family: self.family,
            board,
            to_move,
            ply: self.ply,
            played: played.map(|(_, mv)| mv),
            eval: evaluation_for(tree, self.at, played.map(|(id, _)| id)),
        };
        match played {
            None => self.done = true,
            Some((id, mv)) => {
                if let Err(d) = self.make(&mv) {
                    self.done = true;
                    return Some(Err(d));
                }
                if let Some(node) = tree.get(id) {
                    if let Err(d) = self.setup(node) {
                        self.done = true;
                        return Some(Err(d));
                    }
                }
                self.at = id;
                self.ply = self.ply.saturating_add(1);
            }
        }
        Some(Ok(position))
    }
}
