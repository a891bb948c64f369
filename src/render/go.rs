//! Go and gomoku pictures: a text diagram with coordinates and an SVG wooden board.
//! The position comes from [`position`], which replays the main line with the Go rules
//! (captures applied) or, for gomoku, simply places the stones.

use std::fmt::Write as _;

use crate::model::{BoardSize, Color, Game, GameKind, Markup, Move, Point, Shape};
use crate::rules::go::{Board, Cell};

/// A position to draw: stones, the last move, and the markup of its node.
#[derive(Debug, Clone)]
pub struct Position {
    /// Board dimensions.
    pub size: BoardSize,
    /// `cells[y * width + x]`.
    pub cells: Vec<Option<Color>>,
    /// The last move's point, if it was not a pass.
    pub last: Option<Point>,
    /// How many moves were played.
    pub moves: usize,
    /// Markup of the node shown.
    pub markup: Markup,
}

impl Position {
    /// The stone on a point.
    pub fn at(&self, p: Point) -> Option<Color> {
        let i = usize::from(p.y) * usize::from(self.size.width) + usize::from(p.x);
        self.cells.get(i).copied().flatten()
    }

    /// How many stones of a colour stand on the board.
    pub fn count(&self, color: Color) -> usize {
        self.cells.iter().filter(|c| **c == Some(color)).count()
    }
}

/// The position after `upto` moves of the main line (all of them when `None`).
pub fn position(game: &Game, upto: Option<usize>) -> Option<Position> {
    let size = game.kind.board_size()?;
    let gomoku = matches!(game.kind, GameKind::Gomoku { .. });
    let mut board = Board::new(size);
    board.allow_suicide(!gomoku && crate::rules::go::rules_of(game).allows_suicide());
    let mut moves = 0;
    let mut last = None;
    let mut markup = Markup::default();
    for (_, node) in game.tree.main_line() {
        if node.mv.is_some() && upto.is_some_and(|n| moves >= n) {
            break;
        }
        for (points, cell) in [
            (&node.setup.clear, Cell::Empty),
            (&node.setup.add_black, Cell::Stone(Color::Black)),
            (&node.setup.add_white, Cell::Stone(Color::White)),
        ] {
            for &p in points {
                let _ = board.setup(p, cell);
            }
        }
        if let Some(Move::Stone(m)) = node.mv {
            moves += 1;
            last = m.point;
            if let Some(p) = m.point {
                if gomoku || board.play(p, m.color).is_err() {
                    // Gomoku never captures; an illegal Go move is still shown.
                    let _ = board.setup(p, Cell::Stone(m.color));
                }
            } else {
                board.pass();
            }
        }
        markup = (*node.markup).clone();
    }
    let mut cells = Vec::with_capacity(usize::from(size.width) * usize::from(size.height));
    for y in 0..size.height {
        for x in 0..size.width {
            cells.push(match board.at(Point::new(x, y)) {
                Cell::Stone(c) => Some(c),
                Cell::Empty => None,
            });
        }
    }
    Some(Position {
        size,
        cells,
        last,
        moves,
        markup,
    })
}

/// Column names: A–T without I up to 25 columns, SGF letters beyond.
fn column_name(x: u8, width: u8) -> String {
    if width <= 25 {
        let c = (b'A' + x + u8::from(x >= 8)) as char;
        c.to_string()
    } else {
        let c = if x < 26 { b'a' + x } else { b'A' + x - 26 };
        (c as char).to_string()
    }
}

/// Star points of the usual boards.
fn stars(size: BoardSize) -> Vec<Point> {
    let n = size.width;
    if size.width != size.height || !matches!(n, 9 | 13 | 15 | 19) {
        return Vec::new();
    }
    let edge = if n == 9 { 2 } else { 3 };
    let far = n - 1 - edge;
    let mid = n / 2;
    let mut v = vec![
        Point::new(edge, edge),
        Point::new(far, edge),
        Point::new(edge, far),
        Point::new(far, far),
        Point::new(mid, mid),
    ];
    if n >= 13 && n != 15 {
        v.extend([
            Point::new(mid, edge),
            Point::new(mid, far),
            Point::new(edge, mid),
            Point::new(far, mid),
        ]);
    }
    v
}

/// The text diagram: `X` black, `O` white, `+` star points, `.` empty, the last move in
/// parentheses, labels and shape marks on empty points, coordinates on all sides.
pub fn text(pos: &Position) -> String {
    let (w, h) = (pos.size.width, pos.size.height);
    let stars = stars(pos.size);
    let mut header = String::from("   ");
    for x in 0..w {
        header.push(' ');
        header.push_str(&column_name(x, w));
    }
    let mut out = String::new();
    let _ = writeln!(out, "{header}");
    for y in 0..h {
        let row = usize::from(h - y);
        let mut line = format!("{row:>3}");
        for x in 0..w {
            let p = Point::new(x, y);
            let mark = if pos.last == Some(p) {
                '('
            } else if x > 0 && pos.last == Some(Point::new(x - 1, y)) {
                ')'
            } else {
                ' '
            };
            line.push(mark);
            line.push(match pos.at(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => markup_char(&pos.markup, p).unwrap_or(if stars.contains(&p) {
                    '+'
                } else {
                    '.'
                }),
            });
        }
        line.push(if pos.last == Some(Point::new(w - 1, y)) {
            ')'
        } else {
            ' '
        });
        let _ = writeln!(out, "{line}{row}");
    }
    let _ = writeln!(out, "{header}");
    let last = match pos.last {
        Some(p) => format!("{}{}", column_name(p.x, w), usize::from(h - p.y)),
        None if pos.moves > 0 => "pass".into(),
        None => "-".into(),
    };
    let _ = writeln!(
        out,
        "moves: {}, last: {last}, black stones: {}, white stones: {}",
        pos.moves,
        pos.count(Color::Black),
        pos.count(Color::White)
    );
    out
}

/// What an empty point shows for its markup: the label's first character, or a shape.
fn markup_char(m: &Markup, p: Point) -> Option<char> {
    if let Some(l) = m.labels.iter().find(|l| l.point == p) {
        return l.text.chars().next().filter(char::is_ascii_graphic);
    }
    m.symbols
        .iter()
        .find(|s| s.point == p)
        .map(|s| match s.shape {
            Shape::Triangle => '^',
            Shape::Square => '#',
            Shape::Circle => 'o',
            Shape::Cross => 'x',
            Shape::Selected => '*',
        })
}

const CELL: usize = 30;
const MARGIN: usize = 40;

fn xy(p: Point) -> (usize, usize) {
    (
        MARGIN + usize::from(p.x) * CELL,
        MARGIN + usize::from(p.y) * CELL,
    )
}

/// A standalone SVG: wooden board, lines, star points, coordinates, every stone its
/// own `<circle>` with classes `stone` and `black` or `white`, the last move marked,
/// labels and shapes.
pub fn svg(pos: &Position) -> String {
    let (w, h) = (usize::from(pos.size.width), usize::from(pos.size.height));
    let width = MARGIN * 2 + (w - 1) * CELL;
    let height = MARGIN * 2 + (h - 1) * CELL;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"##
    );
    let _ = writeln!(
        s,
        r##"<rect class="board" width="{width}" height="{height}" fill="#dcb35c"/>"##
    );
    for i in 0..w {
        let x = MARGIN + i * CELL;
        let _ = writeln!(
            s,
            r##"<line x1="{x}" y1="{MARGIN}" x2="{x}" y2="{}" stroke="#000" stroke-width="1"/>"##,
            MARGIN + (h - 1) * CELL
        );
        let name = column_name(i as u8, pos.size.width);
        for y in [MARGIN / 2 + 4, height - MARGIN / 2 + 8] {
            let _ = writeln!(
                s,
                r##"<text class="coord" x="{x}" y="{y}" font-size="12" text-anchor="middle">{name}</text>"##
            );
        }
    }
    for j in 0..h {
        let y = MARGIN + j * CELL;
        let _ = writeln!(
            s,
            r##"<line x1="{MARGIN}" y1="{y}" x2="{}" y2="{y}" stroke="#000" stroke-width="1"/>"##,
            MARGIN + (w - 1) * CELL
        );
        let row = h - j;
        for x in [MARGIN / 2, width - MARGIN / 2] {
            let _ = writeln!(
                s,
                r##"<text class="coord" x="{x}" y="{}" font-size="12" text-anchor="middle">{row}</text>"##,
                y + 4
            );
        }
    }
    for p in stars(pos.size) {
        let (x, y) = xy(p);
        let _ = writeln!(
            s,
            r##"<circle class="star" cx="{x}" cy="{y}" r="3.5" fill="#000"/>"##
        );
    }
    for py in 0..pos.size.height {
        for px in 0..pos.size.width {
            let p = Point::new(px, py);
            let Some(color) = pos.at(p) else { continue };
            let (x, y) = xy(p);
            let (class, fill, stroke) = match color {
                Color::Black => ("black", "#111", "#000"),
                Color::White => ("white", "#f8f8f8", "#444"),
            };
            let _ = writeln!(
                s,
                r##"<circle class="stone {class}" cx="{x}" cy="{y}" r="{}" fill="{fill}" stroke="{stroke}"/>"##,
                CELL / 2 - 1
            );
        }
    }
    if let Some(p) = pos.last {
        let (x, y) = xy(p);
        let ring = if pos.at(p) == Some(Color::Black) {
            "#fff"
        } else {
            "#000"
        };
        let _ = writeln!(
            s,
            r##"<circle class="last" cx="{x}" cy="{y}" r="{}" fill="none" stroke="{ring}" stroke-width="2"/>"##,
            CELL / 4
        );
    }
    for l in &pos.markup.labels {
        let (x, y) = xy(l.point);
        let fill = if pos.at(l.point) == Some(Color::Black) {
            "#fff"
        } else {
            "#000"
        };
        let text = escape(&l.text);
        let _ = writeln!(
            s,
            r##"<text class="label" x="{x}" y="{}" font-size="14" text-anchor="middle" fill="{fill}">{text}</text>"##,
            y + 5
        );
    }
    for sym in &pos.markup.symbols {
        let (x, y) = xy(sym.point);
        let c = if pos.at(sym.point) == Some(Color::Black) {
            "#fff"
        } else {
            "#c00"
        };
        let shape = match sym.shape {
            Shape::Circle => format!(
                r##"<circle cx="{x}" cy="{y}" r="7" fill="none" stroke="{c}" stroke-width="2"/>"##
            ),
            Shape::Square => format!(
                r##"<rect x="{}" y="{}" width="12" height="12" fill="none" stroke="{c}" stroke-width="2"/>"##,
                x - 6,
                y - 6
            ),
            Shape::Triangle => format!(
                r##"<path d="M{x} {} L{} {} L{} {} Z" fill="none" stroke="{c}" stroke-width="2"/>"##,
                y - 8,
                x + 7,
                y + 5,
                x - 7,
                y + 5
            ),
            Shape::Cross => format!(
                r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="{c}" stroke-width="2"/>"##,
                x - 6,
                y - 6,
                x + 6,
                y + 6,
                x + 6,
                y - 6,
                x - 6,
                y + 6
            ),
            Shape::Selected => format!(r##"<circle cx="{x}" cy="{y}" r="4" fill="{c}"/>"##),
        };
        let _ = writeln!(s, r##"<g class="mark">{shape}</g>"##);
    }
    s.push_str("</svg>\n");
    s
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
