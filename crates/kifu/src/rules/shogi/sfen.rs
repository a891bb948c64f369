//! SFEN (USI's position notation) in and out.

use crate::model::{Color, Piece, PieceKind, ShogiPosition, Square};

/// Writes a position as SFEN with move number `ply` (`board side hands ply`).
pub fn to_sfen(pos: &ShogiPosition, ply: u32) -> String {
    let mut s = String::with_capacity(96);
    for (r, row) in pos.squares().chunks(9).enumerate() {
        if r > 0 {
            s.push('/');
        }
        let mut empty = 0;
        for cell in row {
            match cell {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    if p.kind.is_promoted() {
                        s.push('+');
                    }
                    let l = p.kind.sfen_letter();
                    s.push(match p.color {
                        Color::Black => l,
                        Color::White => l.to_ascii_lowercase(),
                    });
                }
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
    }
    s.push(' ');
    s.push(match pos.to_move {
        Color::Black => 'b',
        Color::White => 'w',
    });
    s.push(' ');
    let mut any = false;
    for color in [Color::Black, Color::White] {
        let hand = &pos.hands[color.index()];
        for kind in PieceKind::HAND {
            let n = hand.count(kind);
            if n == 0 {
                continue;
            }
            any = true;
            if n > 1 {
                s.push_str(&n.to_string());
            }
            let l = kind.sfen_letter();
            s.push(match color {
                Color::Black => l,
                Color::White => l.to_ascii_lowercase(),
            });
        }
    }
    if !any {
        s.push('-');
    }
    s.push(' ');
    s.push_str(&ply.to_string());
    s
}

/// Reads an SFEN (`board side hands [ply]`; a leading `sfen ` is allowed) into a
/// position and the move number (1 when absent).
pub fn from_sfen(text: &str) -> Result<(ShogiPosition, u32), String> {
    let text = text.trim();
    let text = text.strip_prefix("sfen ").unwrap_or(text);
    let mut fields = text.split_ascii_whitespace();
    let board = fields.next().ok_or("an SFEN needs a board")?;
    let side = fields.next().ok_or("an SFEN needs the side to move")?;
    let hands = fields.next().ok_or("an SFEN needs the hands (or -)")?;
    let ply = match fields.next() {
        Some(n) => n
            .parse::<u32>()
            .map_err(|_| format!("bad move number {}", crate::diag::quote(n)))?,
        None => 1,
    };
    if let Some(extra) = fields.next() {
        return Err(format!(
            "unexpected {} after the SFEN",
            crate::diag::quote(extra)
        ));
    }
    let mut pos = ShogiPosition::empty();
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 9 {
        return Err(format!(
            "an SFEN board has 9 ranks, this one {}",
            rows.len()
        ));
    }
    for (r, row) in rows.iter().enumerate() {
        let mut col = 0usize;
        let mut promoted = false;
        for ch in row.chars() {
            if let Some(n) = ch.to_digit(10).filter(|_| !promoted) {
                col += n as usize;
                continue;
            }
            if ch == '+' && !promoted {
                promoted = true;
                continue;
            }
            let kind = PieceKind::from_sfen_letter(ch)
                .ok_or_else(|| format!("unknown piece {ch:?} in rank {}", r + 1))?;
            let kind = if promoted {
                kind.promoted()
                    .ok_or_else(|| format!("{ch:?} cannot be promoted (rank {})", r + 1))?
            } else {
                kind
            };
            promoted = false;
            let color = if ch.is_ascii_uppercase() {
                Color::Black
            } else {
                Color::White
            };
            let sq = Square::from_index(r * 9 + col)
                .filter(|_| col < 9)
                .ok_or_else(|| format!("rank {} of the SFEN board is longer than 9", r + 1))?;
            pos.set(sq, Some(Piece { color, kind }));
            col += 1;
        }
        if col != 9 || promoted {
            return Err(format!(
                "rank {} of the SFEN board does not have 9 squares",
                r + 1
            ));
        }
    }
    pos.to_move = match side {
        "b" => Color::Black,
        "w" => Color::White,
        other => {
            return Err(format!(
                "side to move must be b or w, not {}",
                crate::diag::quote(other)
            ))
        }
    };
    if hands != "-" {
        let mut count: u32 = 0;
        for ch in hands.chars() {
            if let Some(d) = ch.to_digit(10) {
                count = count.saturating_mul(10).saturating_add(d);
                continue;
            }
            let kind = PieceKind::from_sfen_letter(ch)
                .filter(|k| *k != PieceKind::King)
                .ok_or_else(|| format!("unknown piece {ch:?} in the hands"))?;
            let color = if ch.is_ascii_uppercase() {
                Color::Black
            } else {
                Color::White
            };
            let n =
                u8::try_from(count.max(1)).map_err(|_| "too many pieces in hand".to_string())?;
            if let Some(slot) = pos.hands[color.index()].count_mut(kind) {
                *slot = slot.saturating_add(n);
            }
            count = 0;
        }
        if count != 0 {
            return Err("a count in the hands is not followed by a piece".into());
        }
    }
    Ok((pos, ply))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Handicap;

    /// The presets' SFENs as USI GUIs and shogi libraries publish them.
    const PRESETS: [(Handicap, &str); 16] = [
        (
            Handicap::Even,
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        ),
        (
            Handicap::Lance,
            "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::RightLance,
            "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::Bishop,
            "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::Rook,
            "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::RookLance,
            "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::TwoPieces,
            "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::ThreePieces,
            "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::FourPieces,
            "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::FivePieces,
            "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::LeftFivePieces,
            "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::SixPieces,
            "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::LeftSevenPieces,
            "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::RightSevenPieces,
            "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::EightPieces,
            "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::TenPieces,
            "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
    ];

    #[test]
    fn all_sixteen_presets_match_published_sfens() {
        for (h, sfen) in PRESETS {
            assert_eq!(to_sfen(&h.position(), 1), sfen, "{}", h.japanese());
            assert_eq!(
                from_sfen(sfen).map(|(p, _)| p),
                Ok(h.position()),
                "{}",
                h.japanese()
            );
        }
    }

    #[test]
    fn sfen_round_trips_with_hands_and_promoted_pieces() {
        for sfen in [
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
            "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1",
            "4k4/9/9/9/9/9/9/9/4K4 w - 7",
        ] {
            let (pos, ply) = from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
            assert_eq!(to_sfen(&pos, ply), sfen);
        }
    }

    #[test]
    fn bad_sfens_are_errors() {
        for bad in [
            "",
            "9/9/9 b - 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/+GNSGKGSNL b - 1",
            "4k4/9/9/9/9/9/9/9/4K4 b 2 1",
            "4k4/9/9/9/9/9/9/9/4K4 b K 1",
            "4k4/9/9/9/9/9/9/9/4K4 b 999P 1",
        ] {
            assert!(from_sfen(bad).is_err(), "{bad}");
        }
    }
}
