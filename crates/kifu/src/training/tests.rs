//! Unit tests of the training positions and their encodings.

#![allow(clippy::field_reassign_with_default)]

use super::*;
use crate::model::{
    Color, Convention, Ending, EndingKind, GameKind, GomokuRule, Handicap, Node, PieceKind, Point,
    ShogiMove, Square, StoneMove,
};

fn sq(file: u8, rank: u8) -> Square {
    Square { file, rank }
}

fn shogi_move(color: Color, from: Option<(u8, u8)>, to: (u8, u8), piece: PieceKind) -> ShogiMove {
    ShogiMove {
        color,
        from: from.map(|(f, r)| sq(f, r)),
        to: sq(to.0, to.1),
        piece,
        promote: false,
        capture: None,
    }
}

/// A shogi game of the given moves from the even start, each a node of the main line.
fn shogi_game(moves: &[ShogiMove]) -> Game {
    let mut game = Game::new(GameKind::Shogi);
    let mut at = game.tree.root();
    for m in moves {
        let mut node = Node::default();
        node.mv = Some(Move::Shogi(*m));
        at = game.tree.add_child(at, node);
    }
    game
}

/// The start position is read back from its HCP by a decoder written from the layout
/// (not from the encoder): side, kings, then every square.
#[test]
fn start_position_bits_follow_the_layout() {
    let start = Handicap::Even.position();
    let bytes = hcp(&start);
    let bit = |i: usize| (bytes[i / 8] >> (i % 8)) & 1;
    let bits = |from: usize, n: usize| (0..n).fold(0u32, |v, k| v | u32::from(bit(from + k)) << k);
    assert_eq!(bit(0), 0, "black to move");
    // Kings: black on 5九 = SQ59 = 4 * 9 + 8 = 44, white on 5一 = 36.
    assert_eq!(bits(1, 7), 44);
    assert_eq!(bits(8, 7), 36);
    // SQ11 holds a white lance: code 0b10011 in 6 bits.
    assert_eq!(bits(15, 6), 0b10011);
    // SQ12 is empty: one 0 bit; SQ13 a white pawn: 0b101 in 4 bits.
    assert_eq!(bit(21), 0);
    assert_eq!(bits(22, 4), 0b101);
}

/// The figures below (and the moves of [`moves_in_both_sixteen_bit_layouts`], checked
/// the same way) were computed once with cshogi 1.1.0 from PyPI
/// (`b = cshogi.Board(sfen); a = numpy.zeros(1, cshogi.HuffmanCodedPos);
/// b.to_hcp(a); a.tobytes().hex()`, the same for `to_psfen` with `PackedSfen`, and
/// `cshogi.move16(m)` / `cshogi.move16_to_psv(...)` for the moves).
#[test]
fn hcp_and_psfen_equal_cshogi() {
    for (sfen_text, want_hcp, want_psfen) in CSHOGI_FIGURES {
        let (p, _) = crate::rules::shogi::from_sfen(sfen_text).expect("a valid SFEN");
        assert_eq!(hex(&hcp(&p)), *want_hcp, "hcp of {sfen_text}");
        assert_eq!(hex(&psfen(&p)), *want_psfen, "psfen of {sfen_text}");
    }
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// (SFEN, cshogi's `to_hcp`, cshogi's `to_psfen`), see [`hcp_and_psfen_equal_cshogi`].
const CSHOGI_FIGURES: &[(&str, &str, &str)] = &[
    (
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "58a449210cd757217e8e4d212caf427814c2ab109e4d212cd75f213e8e49210c",
        "58a451220ceb67227e9653221caf447824c22b119e53221ceb6f223e9651220c",
    ),
    (
        "ln1g1g1nl/1ks2r3/1pppp1bpp/p3spp2/9/P1P1SP1PP/1P1PP1P2/1BK1GR3/LNSG3NL w Pp 30",
        "7bc049110c972238f82a82f74f093fa8cd128f57213cb6222c57213e8e89120c",
        "7bc051120cab2458f84c82f7570a3fc8d3118f57223cce241c6b223e9691140c",
    ),
    // Promoted pieces on both sides, every kind in hand.
    (
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        "8dcb49110c14e11f3c201e808f12342578f8b5896561529738a823180ac979bf",
        "8dcb51120c24e11f3c201e808f14342978f8738ae36094ab58c8251806c97a9f",
    ),
    // No black king (square 81), everything else in black's hand.
    (
        "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1",
        "a2240000000000000000000092244992244932c618e79cb3d65aefbdf7fbfdff",
        "a2240000000000000000000092244992244932c6186bad75ce39efbdf7f9fc7e",
    ),
];

#[test]
fn moves_in_both_sixteen_bit_layouts() {
    // 7g7f: from SQ77 = 6 * 9 + 6 = 60 to SQ76 = 59.
    let m = shogi_move(Color::Black, Some((7, 7)), (7, 6), PieceKind::Pawn);
    assert_eq!(move16(&m), 59 | 60 << 7);
    assert_eq!(move16_psv(&m), 59 | 60 << 7);
    // A promotion: 8h2b+ (SQ88 = 70 to SQ22 = 10).
    let mut p = shogi_move(Color::Black, Some((8, 8)), (2, 2), PieceKind::Bishop);
    p.promote = true;
    assert_eq!(move16(&p), 10 | 70 << 7 | 1 << 14);
    assert_eq!(move16_psv(&p), 10 | 70 << 7 | 1 << 15);
    // Drops: a gold on 5e (SQ55 = 40): Apery 80 + 7, YaneuraOu 7 with the drop bit.
    let d = shogi_move(Color::White, None, (5, 5), PieceKind::Gold);
    assert_eq!(move16(&d), 40 | 87 << 7);
    assert_eq!(move16_psv(&d), 40 | 7 << 7 | 1 << 14);
    let d = shogi_move(Color::White, None, (5, 5), PieceKind::Pawn);
    assert_eq!(move16(&d), 40 | 81 << 7);
    assert_eq!(move16_psv(&d), 40 | 1 << 7 | 1 << 14);
}

#[test]
fn records_lay_out_their_fields() {
    let start = Handicap::Even.position();
    let r = hcpe_record(&start, -300, 0x1234, 2);
    assert_eq!(&r[..32], &hcp(&start));
    assert_eq!(&r[32..], &[0xd4, 0xfe, 0x34, 0x12, 2, 0]);
    let r = psv_record(&start, 300, 0xabcd, 7, -1);
    assert_eq!(&r[..32], &psfen(&start));
    assert_eq!(&r[32..], &[0x2c, 0x01, 0xcd, 0xab, 7, 0, 0xff, 0]);
}

#[test]
fn a_shogi_game_gives_each_position_before_its_move() {
    let moves = [
        shogi_move(Color::Black, Some((7, 7)), (7, 6), PieceKind::Pawn),
        shogi_move(Color::White, Some((3, 3)), (3, 4), PieceKind::Pawn),
    ];
    let mut game = shogi_game(&moves);
    // The ending node after the moves: white... black resigns.
    let mut end = Node::default();
    end.ending = Some(Ending {
        kind: EndingKind::Resign,
        color: Some(Color::Black),
    });
    let last = game
        .tree
        .main_line()
        .last()
        .map(|(id, _)| id)
        .expect("a node");
    game.tree.add_child(last, end);
    let list = positions(&game).expect("legal");
    assert_eq!(list.len(), 3);
    assert_eq!(
        list.iter().map(|p| (p.ply, p.to_move)).collect::<Vec<_>>(),
        [(1, Color::Black), (2, Color::White), (3, Color::Black)]
    );
    assert_eq!(list[0].played, Some(Move::Shogi(moves[0])));
    assert_eq!(list[2].played, None);
    assert_eq!(
        sfen(list[2].shogi().expect("shogi"), 3),
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
    );
    assert_eq!(outcome(&game), Outcome::WhiteWin);
    assert_eq!(ending_name(&game), "resign");
}

#[test]
fn an_illegal_move_ends_with_its_number() {
    let moves = [
        shogi_move(Color::Black, Some((7, 7)), (7, 6), PieceKind::Pawn),
        // White moves a pawn two squares.
        shogi_move(Color::White, Some((3, 3)), (3, 5), PieceKind::Pawn),
    ];
    let game = shogi_game(&moves);
    let err = positions(&game).expect_err("illegal");
    assert_eq!((err.code, err.move_number), ("shogi::unreachable", Some(2)));
    let items: Vec<_> = Positions::new(&game).collect();
    assert_eq!(items.len(), 2);
    assert!(items[0].is_ok() && items[1].is_err());
}

#[test]
fn floodgate_scores_belong_to_the_position_the_move_was_played_from() {
    let moves = [
        shogi_move(Color::Black, Some((7, 7)), (7, 6), PieceKind::Pawn),
        shogi_move(Color::White, Some((3, 3)), (3, 4), PieceKind::Pawn),
    ];
    let mut game = shogi_game(&moves);
    // As the CSA reader keeps `'** 120 -3334FU` and `'** -80`: sente's scores.
    let ids: Vec<_> = game.tree.main_line().map(|(id, _)| id).collect();
    game.tree.get_mut(ids[1]).expect("node").comment = Some("* 120 -3334FU".into());
    // A principal variation in USI moves: the score is still read, as cshogi does.
    game.tree.get_mut(ids[2]).expect("node").comment = Some("* -80 7g7f 8c8d".into());
    let list = positions(&game).expect("legal");
    let scores: Vec<_> = list
        .iter()
        .map(|p| p.eval.as_ref().and_then(|e| e.score))
        .collect();
    assert_eq!(scores, [Some(120.0), Some(-80.0), None]);
    // From the side to move: black's 120, white's 80.
    assert_eq!(
        list.iter().map(Position::score).collect::<Vec<_>>(),
        [120, 80, 0]
    );
    assert_eq!(
        list[0].eval.as_ref().and_then(|e| e.convention),
        Some(Convention::Floodgate)
    );
}

#[test]
fn scores_are_capped_and_mates_are_the_limit() {
    let e = |score: Option<f64>, mate: Option<i32>| Evaluation {
        score,
        mate,
        ..Evaluation::default()
    };
    assert_eq!(
        eval_i16(Some(&e(Some(100000.0), None)), Color::Black),
        32767
    );
    assert_eq!(
        eval_i16(Some(&e(Some(100000.0), None)), Color::White),
        -32767
    );
    assert_eq!(eval_i16(Some(&e(Some(-12.6), None)), Color::Black), -13);
    assert_eq!(eval_i16(Some(&e(None, Some(-3))), Color::White), 32767);
    assert_eq!(eval_i16(None, Color::White), 0);
}

#[test]
fn go_positions_take_captures_and_setup() {
    let mut game = Game::new(GameKind::go(3));
    game.tree
        .root_node_mut()
        .setup
        .add_black
        .push(Point { x: 0, y: 1 });
    let mut at = game.tree.root();
    for (color, x, y) in [
        (Color::White, 0, 0),
        (Color::Black, 1, 0), // captures (0, 0)
    ] {
        let mut node = Node::default();
        node.mv = Some(Move::Stone(StoneMove {
            color,
            point: Some(Point { x, y }),
        }));
        at = game.tree.add_child(at, node);
    }
    let list = positions(&game).expect("legal");
    let boards: Vec<_> = list
        .iter()
        .map(|p| p.stones().expect("stones").to_vec())
        .collect();
    assert_eq!(
        boards,
        [
            vec![0, 0, 0, 1, 0, 0, 0, 0, 0],
            vec![2, 0, 0, 1, 0, 0, 0, 0, 0],
            vec![0, 1, 0, 1, 0, 0, 0, 0, 0],
        ]
    );
    assert_eq!(
        list.iter().map(|p| p.to_move).collect::<Vec<_>>(),
        [Color::White, Color::Black, Color::White]
    );
    assert_eq!(list[0].family, Family::Go);
}

#[test]
fn gomoku_on_a_stone_is_refused() {
    let mut game = Game::new(GameKind::gomoku(GomokuRule::Gomoku));
    let mut at = game.tree.root();
    for color in [Color::Black, Color::White] {
        let mut node = Node::default();
        node.mv = Some(Move::Stone(StoneMove {
            color,
            point: Some(Point { x: 7, y: 7 }),
        }));
        at = game.tree.add_child(at, node);
    }
    let err = positions(&game).expect_err("occupied");
    assert_eq!((err.code, err.move_number), ("renju::occupied", Some(2)));
}

#[test]
fn ranks_and_ratings() {
    assert_eq!(rank_value("5d"), Some(5));
    assert_eq!(rank_value("3k"), Some(-2));
    assert_eq!(rank_value("1p"), Some(10));
    assert_eq!(rank_value("2 Dan?"), Some(2));
    assert_eq!(rank_value("七段"), None);
    let mut game = Game::new(GameKind::Shogi);
    game.info.extras.push(
        "csa:'",
        vec![
            "black_rate:Titanda_L+bb6f:3526.0".to_string(),
            "white_rate:SILENT+7124:3500.5".to_string(),
        ],
    );
    assert_eq!(floodgate_ratings(&game), [Some(3526.0), Some(3500.5)]);
    assert_eq!(min_rating(&game), 3500.5);
    assert_eq!(min_rating(&Game::new(GameKind::Shogi)), 0.0);
}

/// Random legal games (captures, drops, promotions; floodgate scores in some moves'
/// comments, analyses of the position after others, a comment node without a move
/// on the main line, a variation, a resignation): the HCPE and PSV records of [`game_records`] (its own walk, the
/// encoding kept move by move) are those of the boards [`positions`] gives, coded
/// afresh, under no filter, `skip_first` and `eval_cap`; and a game with an illegal
/// move is dropped with the diagnostic [`positions`] gives.
#[test]
fn packed_records_are_the_positions_coded_afresh() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |m: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) as usize) % m
    };
    let filters = [
        Filters::default(),
        Filters {
            skip_first: 5,
            ..Filters::default()
        },
        Filters {
            eval_cap: Some(300),
            ..Filters::default()
        },
    ];
    let mut written = 0;
    for round in 0..60 {
        let mut game = Game::new(GameKind::Shogi);
        let mut pos = crate::rules::shogi::Position::from_model(&Handicap::Even.position());
        let mut at = game.tree.root();
        let mut played = Vec::new();
        for ply in 0..(20 + next(140)) {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            // Captures, drops and promotions are preferred, so that hands fill.
            let pick = (0..3)
                .map(|_| legal[next(legal.len())])
                .max_by_key(|m| {
                    u8::from(m.from.is_none()) + u8::from(m.promote) + u8::from(m.capture.is_some())
                })
                .expect("a move");
            pos.make(&pick);
            played.push(pick);
            let mut node = Node::default();
            node.mv = Some(Move::Shogi(pick));
            if next(3) == 0 {
                let score = next(2001) as i64 - 1000;
                node.comment = Some(format!("* {score}"));
            } else if next(4) == 0 {
                // An analysis of the position after this move (ShogiHome's): the
                // score of the next move's record, whose own node holds nothing.
                let mut e =
                    crate::model::Evaluation::in_convention(crate::model::Convention::ShogiHome);
                e.score = Some(next(2001) as f64 - 1000.0);
                node.analysis.push(e);
            }
            let parent = at;
            at = game.tree.add_child(at, node);
            if ply == 7 {
                // A variation beside the main line's eighth move, and a comment node.
                let mut other = Node::default();
                other.mv = Some(Move::Shogi(pick));
                game.tree.add_child(parent, other);
                let mut remark = Node::default();
                remark.comment = Some("a remark".into());
                at = game.tree.add_child(at, remark);
            }
        }
        let mut end = Node::default();
        end.ending = Some(Ending {
            kind: EndingKind::Resign,
            color: Some(pos.to_move()),
        });
        game.tree.add_child(at, end);
        let list = positions(&game).expect("legal");
        let result = outcome(&game);
        for output in [Output::Hcpe, Output::Psv] {
            for f in &filters {
                let known = game_records(&game, output, f);
                assert_eq!(known.dropped, None, "round {round}");
                let mut fresh = Vec::new();
                let mut capped = false;
                for p in list.iter().filter(|p| p.played.is_some()) {
                    let (Some(board), Some(Move::Shogi(m))) = (p.shogi(), p.played) else {
                        continue;
                    };
                    capped |= p.eval.is_some()
                        && f.eval_cap.is_some_and(|c| i32::from(p.score()).abs() > c);
                    if capped || p.ply <= f.skip_first {
                        continue;
                    }
                    if output == Output::Hcpe {
                        fresh.extend_from_slice(&hcpe_record(
                            board,
                            p.score(),
                            move16(&m),
                            result.hcpe(),
                        ));
                    } else {
                        fresh.extend_from_slice(&psv_record(
                            board,
                            p.score(),
                            move16_psv(&m),
                            p.ply as u16,
                            result.psv(p.to_move),
                        ));
                    }
                }
                assert_eq!(known.fixed, fresh, "round {round}, {output:?}, {f:?}");
                written += fresh.len();
            }
        }
        // The same moves and the last again (the same side twice in a row, from a
        // square left empty): dropped with the diagnostic of the replay.
        let mut again = played.clone();
        again.extend(played.last().copied());
        let bad = shogi_game(&again);
        let why = positions(&bad).expect_err("illegal");
        for output in [Output::Hcpe, Output::Psv] {
            assert_eq!(
                game_records(&bad, output, &Filters::default()),
                GameRecords {
                    dropped: Some(GameDrop::Illegal(why.clone())),
                    ..GameRecords::default()
                },
                "round {round}"
            );
        }
    }
    assert!(written > 100_000, "{written} bytes of records");
}

/// What a CSA read hands a sink: each game, with the reader's check when it made
/// one ([`crate::formats::Sink::checked`]).
struct Collected {
    legality: bool,
    games: Vec<(Game, Option<crate::formats::FoundWhileReading>)>,
}

impl crate::formats::Sink for Collected {
    fn game(&mut self, game: &mut Game, _: crate::formats::Places<'_>) -> crate::formats::Flow {
        self.games.push((game.clone(), None));
        crate::formats::Flow::Continue
    }
    fn checked(
        &mut self,
        game: &mut Game,
        _: crate::formats::Places<'_>,
        found: crate::formats::FoundWhileReading,
    ) -> crate::formats::Flow {
        self.games.push((game.clone(), Some(found)));
        crate::formats::Flow::Continue
    }
    fn checks_legality(&self) -> bool {
        self.legality
    }
}

/// Random legal games written as CSA, some with one move replaced by another of the
/// same side from elsewhere in the game (an illegal move, or one the reader cannot
/// make and stops at), read by a sink that asks for the legality check
/// ([`crate::formats::Sink::checks_legality`]): the reader hands every game to
/// `checked` with the finding of its first illegal move, and
/// [`game_records_checked`] gives the HCPE and PSV records, and for an illegal game
/// the drop and the diagnostic, that [`game_records`] gives of the plain read.
#[test]
fn a_legality_checked_read_gives_the_records_of_the_replay() {
    let mut seed: u64 = 0x0123_4567_89ab_cdef;
    let mut next = move |m: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) as usize) % m
    };
    let csa = crate::formats::by_name("csa").expect("csa");
    let filters = [
        Filters::default(),
        Filters {
            skip_first: 3,
            eval_cap: Some(300),
            ..Filters::default()
        },
    ];
    let (mut legal, mut illegal) = (0, 0);
    for round in 0..150 {
        let mut pos = crate::rules::shogi::Position::from_model(&Handicap::Even.position());
        let mut lines = Vec::new();
        // Every fourth game ends with a move the rules forbid (its structure sound).
        let length = 10 + next(120);
        for ply in 0..length {
            let mut moves = pos.legal_moves();
            if round % 4 == 2 && ply + 1 == length {
                let mut pseudo = Vec::new();
                pos.pseudo_moves(&mut pseudo);
                moves = pseudo
                    .into_iter()
                    .filter(|m| pos.clone().check(m).is_err())
                    .collect();
            }
            if moves.is_empty() {
                break;
            }
            let m = moves[next(moves.len())];
            pos.make(&m);
            let from = m
                .from
                .map_or("00".to_string(), |f| format!("{}{}", f.file, f.rank));
            let after = if m.promote {
                m.piece.promoted().unwrap_or(m.piece)
            } else {
                m.piece
            };
            let sign = if m.color == Color::Black { '+' } else { '-' };
            lines.push(format!(
                "{sign}{from}{}{}{}",
                m.to.file,
                m.to.rank,
                after.csa()
            ));
            if next(3) == 0 {
                lines.push(format!("'** {}", next(2001) as i64 - 1000));
            }
        }
        let moves: Vec<usize> = (0..lines.len())
            .filter(|&i| !lines[i].starts_with('\''))
            .collect();
        if round % 4 == 1 && moves.len() > 4 {
            let i = moves[2 + next(moves.len() - 2)];
            let same: Vec<usize> = moves
                .iter()
                .copied()
                .filter(|&k| k != i && lines[k].as_bytes()[0] == lines[i].as_bytes()[0])
                .collect();
            lines[i] = lines[same[next(same.len())]].clone();
        }
        let text = format!("V2.2\nPI\n+\n{}\n%TORYO\n", lines.join("\n"));
        let read = |legality| {
            let mut sink = Collected {
                legality,
                games: Vec::new(),
            };
            csa.read_into(crate::formats::Source::Text(&text), &mut sink);
            sink.games
        };
        let (plain, checked) = (read(false), read(true));
        assert_eq!(plain.len(), 1, "round {round}");
        assert_eq!(checked.len(), 1, "round {round}");
        let ((game, none), (same, found)) = (&plain[0], &checked[0]);
        assert_eq!(none, &None, "round {round}");
        assert_eq!(same, game, "round {round}");
        let found = found.as_ref().expect("checked");
        assert!(found.findings.len() <= 1, "round {round}");
        for output in [Output::Hcpe, Output::Psv] {
            for f in &filters {
                let replayed = game_records(game, output, f);
                assert_eq!(
                    game_records_checked(same, output, f, found),
                    replayed,
                    "round {round}, {output:?}, {f:?}"
                );
                match replayed.dropped {
                    Some(GameDrop::Illegal(_)) => illegal += 1,
                    None => legal += 1,
                    _ => {}
                }
            }
        }
    }
    assert!(
        legal > 100 && illegal > 4,
        "{legal} legal, {illegal} illegal"
    );
}
