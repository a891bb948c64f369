//! The packer (`pack.rs`) against the plain encoding, move after move: kept apart
//! from `pack.rs` because it makes the moves with the replay's `make_on_model`, and
//! the replay itself uses the packer.

use super::pack::Packer;
use crate::model::Hand;
use crate::model::{Color, Piece, PieceKind, ShogiMove, ShogiPosition, Square};

/// Positions and moves made by a small generator (neither legal: the encoding
/// and the making do not care): any piece on any square, hands of any size, and
/// moves of any piece from any square or from the hand to any square, promoting
/// or not, capturing whatever stands there (a king too). After each move the
/// packer's bytes are those of the model's position made by the replay's
/// `make_on_model`, coded afresh, in both layouts.
#[test]
fn packer_follows_the_moves_as_the_fresh_encoding() {
    let kinds = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Gold,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::King,
        PieceKind::PromotedPawn,
        PieceKind::PromotedLance,
        PieceKind::PromotedKnight,
        PieceKind::PromotedSilver,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |m: u64| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % m
    };
    let square = |n: u64| Square::new((n / 9 + 1) as u8, (n % 9 + 1) as u8).expect("a square");
    let mut moves = 0;
    for round in 0..300 {
        let mut p = if round % 2 == 0 {
            crate::model::Handicap::Even.position()
        } else {
            let mut p = ShogiPosition::empty();
            let fill = next(101);
            for n in 0..81 {
                if next(100) < fill {
                    let color = [Color::Black, Color::White][next(2) as usize];
                    let kind = kinds[next(14) as usize];
                    p.set(square(n), Some(Piece { kind, color }));
                }
            }
            let most = [2, 5, 40][next(3) as usize];
            for color in [Color::Black, Color::White] {
                p.hands[color.index()] = Hand {
                    rook: next(most) as u8,
                    bishop: next(most) as u8,
                    gold: next(most) as u8,
                    silver: next(most) as u8,
                    knight: next(most) as u8,
                    lance: next(most) as u8,
                    pawn: next(most) as u8,
                };
            }
            p
        };
        let mut packers = [Packer::hcp(&p), Packer::psfen(&p)];
        for (packer, t) in packers
            .iter()
            .zip([&super::shogi::HCP, &super::shogi::PSFEN])
        {
            assert_eq!(packer.bytes(), super::shogi::encode(&p, t), "round {round}");
        }
        for step in 0..60 {
            let color = [Color::Black, Color::White][next(2) as usize];
            let from = (next(4) > 0).then(|| square(next(81)));
            let piece = match from {
                Some(f) => p.get(f).map_or(kinds[next(14) as usize], |pc| pc.kind),
                None => kinds[next(7) as usize],
            };
            let m = ShogiMove {
                color,
                from,
                to: square(next(81)),
                piece,
                promote: next(3) == 0,
                capture: None,
            };
            super::replay::make_on_model(&mut p, &m);
            for (packer, t) in packers
                .iter_mut()
                .zip([&super::shogi::HCP, &super::shogi::PSFEN])
            {
                packer.make(&m);
                assert_eq!(
                    packer.bytes(),
                    super::shogi::encode(&p, t),
                    "round {round}, move {step}: {m:?}"
                );
            }
            moves += 1;
        }
    }
    assert_eq!(moves, 300 * 60);
}

/// Boards whose neighbouring files together take more than 128 bits (every square
/// of two files a piece of the longest codes: more than a set of pieces, but the
/// encoding does not care), which [`Packer::bytes`] puts one file at a time, and
/// boards with the kings on the first file, whose code it puts with the header: the
/// bytes of the fresh encoding, in both layouts.
#[test]
fn packer_bytes_of_full_files_are_the_fresh_encoding() {
    let long = [
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];
    for first in 0..8u8 {
        let mut p = ShogiPosition::empty();
        for file in [first + 1, first + 2] {
            for rank in 1..=9u8 {
                let kind = long[usize::from(rank + file) % long.len()];
                let color = [Color::Black, Color::White][usize::from(rank % 2)];
                let sq = Square::new(file, rank).expect("a square");
                p.set(sq, Some(Piece { kind, color }));
            }
        }
        for (rank, color) in [(1, Color::White), (9, Color::Black)] {
            let sq = Square::new(9 - first % 2 * 8, rank).expect("a square");
            if p.get(sq).is_none() {
                p.set(
                    sq,
                    Some(Piece {
                        kind: PieceKind::King,
                        color,
                    }),
                );
            }
        }
        for (packer, t) in [Packer::hcp(&p), Packer::psfen(&p)]
            .iter()
            .zip([&super::shogi::HCP, &super::shogi::PSFEN])
        {
            assert_eq!(packer.bytes(), super::shogi::encode(&p, t), "files {first}");
        }
    }
}
