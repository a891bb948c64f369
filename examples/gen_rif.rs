//! Writes a large RIF database for measuring memory (not a test): the tables of
//! `fixtures/rif/sample.rif`, then deterministic random games of 30–60 moves under the
//! `Gomoku` rule row (id 3) in which neither side ever makes five, so a check has
//! nothing to report and memory shows the reader alone.
//!
//! Usage: `cargo run --release --example gen_rif -- OUT.rif MEGABYTES`

use std::io::Write;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// True when the stone just put at (x, y) makes five or more in a row for its owner.
fn makes_five(board: &[[u8; 15]; 15], x: usize, y: usize) -> bool {
    let c = board[y][x];
    for (dx, dy) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
        let mut run = 1;
        for sign in [1, -1] {
            let (mut cx, mut cy) = (x as i32 + sign * dx, y as i32 + sign * dy);
            while (0..15).contains(&cx)
                && (0..15).contains(&cy)
                && board[cy as usize][cx as usize] == c
            {
                run += 1;
                cx += sign * dx;
                cy += sign * dy;
            }
        }
        if run >= 5 {
            return true;
        }
    }
    false
}

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let (Some(out), Some(mb)) = (args.next(), args.next()) else {
        eprintln!("usage: gen_rif OUT.rif MEGABYTES");
        return Ok(());
    };
    let target = mb.parse::<u64>().unwrap_or(100) * 1_000_000;
    let sample = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/rif/sample.rif"
    ))?;
    let tables = sample.split("<games>").next().unwrap_or("<database>\n");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&out)?);
    f.write_all(tables.as_bytes())?;
    f.write_all(b"<games>\n")?;
    let mut written = tables.len() as u64;
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut id = 0u64;
    while written < target {
        id += 1;
        let mut board = [[0u8; 15]; 15];
        let mut moves = vec!["h8".to_string()];
        board[7][7] = 1;
        let length = 30 + rng.below(31);
        let mut tries = 0;
        while (moves.len() as u64) < length && tries < 10_000 {
            tries += 1;
            let (x, y) = (rng.below(15) as usize, rng.below(15) as usize);
            if board[y][x] != 0 {
                continue;
            }
            board[y][x] = 1 + (moves.len() % 2) as u8;
            if makes_five(&board, x, y) {
                board[y][x] = 0;
                continue;
            }
            moves.push(format!("{}{}", char::from(b'a' + x as u8), 15 - y));
        }
        let game = format!(
            "<game id=\"{id}\" black=\"{}\" white=\"{}\" bresult=\"0.5\" btime=\"0\" wtime=\"0\" tournament=\"2\" round=\"{}\" rule=\"3\" opening=\"{}\">\n<move>{}</move>\n</game>\n",
            1 + rng.below(3),
            1 + rng.below(3),
            1 + rng.below(9),
            1 + rng.below(2),
            moves.join(" ")
        );
        f.write_all(game.as_bytes())?;
        written += game.len() as u64;
    }
    f.write_all(b"</games>\n</database>\n")?;
    f.flush()?;
    eprintln!("{out}: {id} games, {written} bytes");
    Ok(())
}
