//! The replay behind [`super::positions`]: the main line walked node by node, each
//! move made by the rules, one [`Position`] handed out before each move.

use super::eval::evaluation_for;
use super::{Board, Family, Position};
use crate::diag::{codes, Diagnostic, Span};
use crate::model::{
    BoardSize, Color, Game, GameKind, Move, Node, NodeId, Piece, Point, ShogiMove, ShogiPosition,
};
use crate::rules::go;
use crate::rules::shogi;

/// The board a replay plays on.
enum Play {
    /// The rules' position, whether each king is attacked (where known: the rules
    /// then look only where the move changed something), and the model's position
    /// kept beside it move by move (cheaper than building it from the rules' one for
    /// every position handed out).
    Shogi(Box<shogi::Position>, [Option<bool>; 2], Box<ShogiPosition>),
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
        Positions::with(game)
    }

    fn with(game: &'a Game) -> Positions<'a> {
        let (play, family, pending) = match &game.kind {
            GameKind::Shogi => {
                let start = game
                    .info
                    .shogi_start
                    .as_ref()
                    .map_or_else(|| crate::model::Handicap::Even.position(), |s| s.position());
                let pos = Box::new(shogi::Position::from_model(&start));
                (
                    Some(Play::Shogi(pos, [None, None], Box::new(start))),
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
            Some(Play::Shogi(p, ..)) => p.to_move(),
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
            Play::Shogi(_, _, model) => Board::Shogi((**model).clone()),
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
        if matches!(self.play, Some(Play::Shogi(..))) {
            // Shogi has no setup stones.
            return Ok(());
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
            (Some(Play::Shogi(pos, known, model)), Move::Shogi(m)) => {
                // Checked and made in one step (the move is left made when only the
                // rules refuse it: the replay stops there anyway), the rules told
                // whether each king was attacked before it.
                let (verdict, _, after) = pos.check_and_make_tracked(m, *known);
                if let Err(e) = verdict {
                    return Err(Diagnostic::new(e.code(), e.message(m), Span::at(0)).with_move(ply));
                }
                *known = after;
                make_on_model(model, m);
                debug_assert_eq!(**model, pos.to_model());
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

/// Makes a legal move on the model's position as [`shogi::Position::make`] makes it
/// on the rules' one: the origin emptied or a piece taken from the hand, a capture
/// (unpromoted, the king never) put in the mover's hand, the piece (promoted or not)
/// on the destination, the other side to move.
pub(super) fn make_on_model(p: &mut ShogiPosition, m: &ShogiMove) {
    let hand = &mut p.hands[m.color.index()];
    match m.from {
        None => {
            if let Some(n) = hand.count_mut(m.piece) {
                *n = n.saturating_sub(1);
            }
        }
        Some(from) => {
            p.set(from, None);
            if let Some(cap) = p.get(m.to) {
                if let Some(n) = p.hands[m.color.index()].count_mut(cap.kind.unpromoted()) {
                    *n = n.saturating_add(1);
                }
            }
        }
    }
    let kind = if m.promote {
        m.piece.promoted().unwrap_or(m.piece)
    } else {
        m.piece
    };
    p.set(
        m.to,
        Some(Piece {
            color: m.color,
            kind,
        }),
    );
    p.to_move = m.color.opponent();
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

impl Positions<'_> {
    /// The next node with a move (`None` at the end of the line); nodes without one
    /// on the way (the root, setup, comments, the ending) are passed, their setup
    /// applied.
    fn find_played(&mut self) -> Result<Option<(NodeId, Move)>, Diagnostic> {
        let tree = &self.game.tree;
        let mut next = if self.started {
            tree.get(self.at)
                .and_then(|n| n.children().first().copied())
        } else {
            self.started = true;
            Some(self.at)
        };
        while let Some(id) = next {
            let Some(node) = tree.get(id) else { break };
            if let Some(mv) = node.mv {
                return Ok(Some((id, mv)));
            }
            self.setup(node)?;
            self.at = id;
            next = node.children().first().copied();
        }
        Ok(None)
    }

    /// Makes the move found (the node's setup applied after it) and moves on to
    /// its node; at the end of the line, ends the walk.
    fn advance(&mut self, played: Option<(NodeId, Move)>) -> Result<(), Diagnostic> {
        let Some((id, mv)) = played else {
            self.done = true;
            return Ok(());
        };
        self.make(&mv)?;
        if let Some(node) = self.game.tree.get(id) {
            self.setup(node)?;
        }
        self.at = id;
        self.ply = self.ply.saturating_add(1);
        Ok(())
    }

    /// One step of the walk: the next position made by `make` (from the replay
    /// before the move, and the move), then the move made. An illegal move, or a
    /// setup off the board, gives its diagnostic instead, and ends the walk.
    fn walk<T>(
        &mut self,
        make: impl FnOnce(&Self, Option<(NodeId, Move)>) -> Option<T>,
    ) -> Option<Result<T, Diagnostic>> {
        if self.done {
            return None;
        }
        if let Some(d) = self.pending.take() {
            self.done = true;
            return Some(Err(d));
        }
        let played = match self.find_played() {
            Ok(p) => p,
            Err(d) => {
                self.done = true;
                return Some(Err(d));
            }
        };
        let Some(made) = make(self, played) else {
            self.done = true;
            return None;
        };
        if let Err(d) = self.advance(played) {
            self.done = true;
            return Some(Err(d));
        }
        Some(Ok(made))
    }
}

impl Iterator for Positions<'_> {
    type Item = Result<Position, Diagnostic>;

    fn next(&mut self) -> Option<Self::Item> {
        self.walk(|p, played| {
            let board = p.board()?;
            let to_move = match (&board, played) {
                (Board::Shogi(b), _) => b.to_move,
                (_, Some((_, mv))) => mv.color(),
                _ => p.next_color,
            };
            Some(Position {
                family: p.family,
                board,
                to_move,
                ply: p.ply,
                played: played.map(|(_, mv)| mv),
                eval: evaluation_for(&p.game.tree, p.at, played.map(|(id, _)| id)),
            })
        })
    }
}
