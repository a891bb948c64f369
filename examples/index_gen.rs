//! The position-search benchmark's collection (#37): GAMES Go games on 19×19 as one
//! SGF collection on standard output, deterministic. Games grow from a few hundred
//! shared openings (4–14 moves among the usual corner points), so positions recur as
//! in a real archive, each game turned by one of the 8 symmetries, then continue with
//! random legal moves (captures and ko by kifu's rules) to 80–220 moves. Players,
//! dates, events and results from small pools, so the filters of `kifu search` have
//! something to select.
//!
//! usage: cargo run --release --example index_gen -- GAMES > bench.sgf

use std::io::Write;

use kifu::model::{BoardSize, Color, Point};
use kifu::rules::go::Board;

/// xorshift, from a fixed seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const PLAYERS: [&str; 12] = [
    "Iyama Yuta",
    "Shin Jinseo",
    "Ke Jie",
    "Lee Sedol",
    "Park Junghwan",
    "Cho Chikun",
    "Lee Changho",
    "Shibano Toramaru",
    "Ichiriki Ryo",
    "Gu Li",
    "Choi Jeong",
    "Yu Zhiying",
];
const EVENTS: [&str; 5] = ["Kisei", "Meijin", "LG Cup", "Samsung Cup", "Ing Cup"];
const RESULTS: [&str; 6] = ["B+R", "W+R", "B+2.5", "W+0.5", "W+R", "B+R"];

/// The symmetry `s` of a point on 19×19.
fn turn(s: usize, (x, y): (u8, u8)) -> (u8, u8) {
    let m = 18;
    match s {
        0 => (x, y),
        1 => (m - y, x),
        2 => (m - x, m - y),
        3 => (y, m - x),
        4 => (m - x, y),
        5 => (x, m - y),
        6 => (y, x),
        _ => (m - y, m - x),
    }
}

fn main() {
    let games: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    // Opening moves: the corner points a game usually starts on.
    let corner: Vec<(u8, u8)> = [
        (3, 3),
        (2, 3),
        (3, 2),
        (4, 2),
        (2, 4),
        (3, 4),
        (4, 3),
        (2, 2),
    ]
    .iter()
    .flat_map(|&(x, y)| (0..4).map(move |s| turn(s, (x, y))))
    .collect();
    let openings: Vec<Vec<(u8, u8)>> = (0..400)
        .map(|_| {
            let mut line: Vec<(u8, u8)> = Vec::new();
            let len = 4 + rng.below(11);
            while line.len() < len {
                let p = if rng.below(3) > 0 {
                    corner[rng.below(corner.len())]
                } else {
                    (rng.below(19) as u8, rng.below(19) as u8)
                };
                if !line.contains(&p) {
                    line.push(p);
                }
            }
            line
        })
        .collect();
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let mut board = Board::new(BoardSize::square(19));
    for _ in 0..games {
        board.clear(BoardSize::square(19));
        let sym = rng.below(8);
        // A few openings are far more popular than the rest.
        let popular = rng.below(openings.len()) + 1;
        let opening = &openings[rng.below(popular)];
        let len = 80 + rng.below(141);
        let mut sgf = format!(
            "(;GM[1]FF[4]SZ[19]KM[6.5]PB[{}]PW[{}]EV[{}]DT[{}-{:02}-{:02}]RE[{}]\n",
            PLAYERS[rng.below(PLAYERS.len())],
            PLAYERS[rng.below(PLAYERS.len())],
            EVENTS[rng.below(EVENTS.len())],
            1990 + rng.below(35),
            1 + rng.below(12),
            1 + rng.below(28),
            RESULTS[rng.below(RESULTS.len())],
        );
        let mut color = Color::Black;
        for i in 0..len {
            let mut played = None;
            if let Some(&p) = opening.get(i) {
                let (x, y) = turn(sym, p);
                if board.play(Point::new(x, y), color).is_ok() {
                    played = Some((x, y));
                }
            }
            for _ in 0..2000 {
                if played.is_some() {
                    break;
                }
                let (x, y) = (rng.below(19) as u8, rng.below(19) as u8);
                if board.play(Point::new(x, y), color).is_ok() {
                    played = Some((x, y));
                }
            }
            let c = if color == Color::Black { 'B' } else { 'W' };
            match played {
                Some((x, y)) => sgf.push_str(&format!(
                    ";{c}[{}{}]",
                    char::from(b'a' + x),
                    char::from(b'a' + y)
                )),
                None => {
                    board.pass();
                    sgf.push_str(&format!(";{c}[]"));
                }
            }
            if i % 12 == 11 {
                sgf.push('\n');
            }
            color = color.opponent();
        }
        sgf.push_str(")\n");
        out.write_all(sgf.as_bytes()).expect("write");
    }
    out.flush().expect("flush");
}
