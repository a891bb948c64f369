//! Perft figures from the start position and published positions.

use super::{from_sfen, Position};
use crate::model::Handicap;

fn perft(sfen: &str, depth: u32) -> u64 {
    let (p, _) = from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    Position::from_model(&p).perft(depth)
}

const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
const MAX_MOVES: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";
const MANY_DROPS: &str = "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1";

#[test]
fn perft_start_position_depth_1_to_3() {
    let mut p = Position::from_model(&Handicap::Even.position());
    assert_eq!(p.perft(1), 30);
    assert_eq!(p.perft(2), 900);
    assert_eq!(p.perft(3), 25_470);
    assert_eq!(p.to_model(), Handicap::Even.position());
}

#[test]
#[ignore = "slow in debug builds; run with --release --ignored"]
fn perft_start_position_depth_4() {
    let mut p = Position::from_model(&Handicap::Even.position());
    assert_eq!(p.perft(4), 719_731);
}

#[test]
fn perft_matsuri_depth_1_and_2() {
    assert_eq!(perft(MATSURI, 1), 207);
    assert_eq!(perft(MATSURI, 2), 28_684);
}

#[test]
#[ignore = "slow in debug builds; run with --release --ignored"]
fn perft_matsuri_depth_3() {
    assert_eq!(perft(MATSURI, 3), 4_809_015);
}

#[test]
fn perft_maximum_legal_moves_position() {
    assert_eq!(perft(MAX_MOVES, 1), 593);
}

#[test]
fn perft_many_drops_depth_1_and_2() {
    assert_eq!(perft(MANY_DROPS, 1), 524);
    assert_eq!(perft(MANY_DROPS, 2), 248_257);
}

#[test]
#[ignore = "slow in debug builds; run with --release --ignored"]
fn perft_start_position_depth_5() {
    let mut p = Position::from_model(&Handicap::Even.position());
    assert_eq!(p.perft(5), 19_861_490);
}

#[test]
#[ignore = "slow in debug builds; run with --release --ignored"]
fn perft_maximum_legal_moves_position_depth_3() {
    assert_eq!(perft(MAX_MOVES, 3), 53_393_368);
}
