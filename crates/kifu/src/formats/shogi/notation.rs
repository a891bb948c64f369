//! Japanese move notation: numerals, squares, piece names, the special-move words,
//! the kanji counts of hand lists, and the text of a move as KIF writes it (`７六歩(77)`),
//! which the shogi pictures show too.

use std::fmt::Write as _;

use crate::model::{EndingKind, PieceKind, ShogiMove, Square};

/// The full-width digits １–９ used for files.
pub const FILE_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
/// The kanji numerals 一–九 used for ranks.
pub const RANK_KANJI: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The value 1–9 of a file digit: full-width or ASCII.
pub fn file_digit(c: char) -> Option<u8> {
    match c {
        // U+FF11–U+FF19, so the distance from ０ (U+FF10) is the value.
        '１'..='９' => u8::try_from(u32::from(c) - u32::from('０')).ok(),
        '1'..='9' => u8::try_from(u32::from(c) - u32::from('0')).ok(),
        _ => None,
    }
}

/// The value 1–9 of a rank: a kanji numeral, or a full-width or ASCII digit.
pub fn rank_digit(c: char) -> Option<u8> {
    Some(match c {
        '一' => 1,
        '二' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        _ => return file_digit(c),
    })
}

/// Reads a square written as file then rank (`７六`, `７６`, `76`) at the start of
/// `s`; returns it and the rest.
pub fn parse_square(s: &str) -> Option<(Square, &str)> {
    let mut it = s.chars();
    let f = file_digit(it.next()?)?;
    let r = rank_digit(it.next()?)?;
    Some((Square::new(f, r)?, it.as_str()))
}

/// The KIF way of writing a square: `７六`.
pub fn square_text(sq: Square) -> String {
    let mut s = String::with_capacity(6);
    s.push(FILE_DIGITS[usize::from(sq.file.clamp(1, 9) - 1)]);
    s.push(RANK_KANJI[usize::from(sq.rank.clamp(1, 9) - 1)]);
    s
}

/// Reads a piece name at the start of `s`; returns the kind and the rest. Accepted:
/// 王/玉, 竜/龍, 成銀/全, 成桂/圭, 成香/杏 and the other kinds' single characters.
pub fn parse_piece(s: &str) -> Option<(PieceKind, &str)> {
    let mut chars = s.chars();
    let first = chars.next()?;
    let rest = chars.as_str();
    let kind = match first {
        '成' => {
            let mut more = rest.chars();
            let kind = match more.next()? {
                '香' => PieceKind::PromotedLance,
                '桂' => PieceKind::PromotedKnight,
                '銀' => PieceKind::PromotedSilver,
                _ => return None,
            };
            return Some((kind, more.as_str()));
        }
        c => PIECE_CHARS.iter().find(|&&(name, _)| name == c)?.1,
    };
    Some((kind, rest))
}

/// The one-character piece names of a move or a board, and the kinds they name.
pub const PIECE_CHARS: [(char, PieceKind); 16] = [
    ('歩', PieceKind::Pawn),
    ('香', PieceKind::Lance),
    ('桂', PieceKind::Knight),
    ('銀', PieceKind::Silver),
    ('金', PieceKind::Gold),
    ('角', PieceKind::Bishop),
    ('飛', PieceKind::Rook),
    ('玉', PieceKind::King),
    ('王', PieceKind::King),
    ('と', PieceKind::PromotedPawn),
    ('杏', PieceKind::PromotedLance),
    ('圭', PieceKind::PromotedKnight),
    ('全', PieceKind::PromotedSilver),
    ('馬', PieceKind::Horse),
    ('龍', PieceKind::Dragon),
    ('竜', PieceKind::Dragon),
];

/// The piece name KIF move columns use: 歩 … 玉, と, 成香, 成桂, 成銀, 馬, 龍.
pub fn piece_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "歩",
        PieceKind::Lance => "香",
        PieceKind::Knight => "桂",
        PieceKind::Silver => "銀",
        PieceKind::Gold => "金",
        PieceKind::Bishop => "角",
        PieceKind::Rook => "飛",
        PieceKind::King => "玉",
        PieceKind::PromotedPawn => "と",
        PieceKind::PromotedLance => "成香",
        PieceKind::PromotedKnight => "成桂",
        PieceKind::PromotedSilver => "成銀",
        PieceKind::Horse => "馬",
        PieceKind::Dragon => "龍",
    }
}

/// A piece on a KIF board diagram (BOD): one character, 王 and 竜 accepted too.
pub fn board_piece(c: char) -> Option<PieceKind> {
    Some(match c {
        '王' => PieceKind::King,
        '竜' => PieceKind::Dragon,
        _ => return PieceKind::ALL.into_iter().find(|k| k.kanji() == c),
    })
}

/// The special-move words of the move column, with the spellings seen in the wild.
pub fn parse_special(word: &str) -> Option<EndingKind> {
    Some(match word {
        "詰" | "詰み" => EndingKind::Checkmate,
        "不詰" => EndingKind::NoMate,
        "反則" => EndingKind::IllegalLoss,
        "時間切れ" => EndingKind::Timeout,
        "引き分け" | "引分け" => EndingKind::Draw,
        other => return EndingKind::from_japanese(other),
    })
}

/// A kanji count in a hand list (一 … 十八); ASCII or full-width digits accepted.
pub fn parse_count(s: &str) -> Option<u32> {
    if s.is_empty() {
        return Some(1);
    }
    if let Ok(n) = s.parse::<u32>() {
        return Some(n);
    }
    let digits: Option<String> = s
        .chars()
        .map(|c| {
            file_digit(c)
                .map(|d| char::from(b'0' + d))
                .or(if c == '０' { Some('0') } else { None })
        })
        .collect();
    if let Some(n) = digits.and_then(|d| d.parse::<u32>().ok()) {
        return Some(n);
    }
    let mut total = 0;
    let mut unit = 0;
    for c in s.chars() {
        if c == '十' {
            total += if unit == 0 { 10 } else { unit * 10 };
            unit = 0;
        } else {
            unit = RANK_KANJI.iter().position(|&k| k == c)? as u32 + 1;
        }
    }
    Some(total + unit)
}

/// A count written in kanji for a hand list (1 is written as nothing).
pub fn count_text(n: u8) -> String {
    let digit = |d: u8| RANK_KANJI[usize::from(d.clamp(1, 9) - 1)];
    match n {
        0 | 1 => String::new(),
        2..=9 => digit(n).to_string(),
        10 => "十".to_string(),
        11..=19 => format!("十{}", digit(n - 10)),
        _ => {
            let tens = n / 10;
            let ones = n % 10;
            let mut s = format!("{}十", digit(tens));
            if ones > 0 {
                s.push(digit(ones));
            }
            s
        }
    }
}

/// A move in KIF notation (`７六歩(77)`, `５五角打`), `同　` when `same`.
pub fn move_kif(mv: &ShogiMove, same: bool) -> String {
    move_text(mv, same, false)
}

/// A move in KIF notation, with `不成` written out when `no_promote` (as the record
/// had it).
pub fn move_text(mv: &ShogiMove, same: bool, no_promote: bool) -> String {
    let mut s = if same {
        "同　".to_string()
    } else {
        square_text(mv.to)
    };
    s.push_str(piece_name(mv.piece));
    if mv.promote {
        s.push('成');
    } else if no_promote {
        s.push_str("不成");
    }
    match mv.from {
        Some(f) => {
            let _ = write!(s, "({}{})", f.file, f.rank);
        }
        None => s.push('打'),
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_pieces_and_counts() {
        assert_eq!(
            parse_square("７六歩"),
            Some((Square { file: 7, rank: 6 }, "歩"))
        );
        assert_eq!(parse_square("76"), Some((Square { file: 7, rank: 6 }, "")));
        assert_eq!(
            parse_square("７６"),
            Some((Square { file: 7, rank: 6 }, ""))
        );
        assert_eq!(parse_square("0六"), None);
        assert_eq!(
            parse_piece("成香(13)"),
            Some((PieceKind::PromotedLance, "(13)"))
        );
        assert_eq!(parse_piece("竜"), Some((PieceKind::Dragon, "")));
        assert_eq!(parse_count("十七"), Some(17));
        assert_eq!(parse_count("四"), Some(4));
        assert_eq!(parse_count(""), Some(1));
        assert_eq!(parse_count("十"), Some(10));
        assert_eq!(parse_count("18"), Some(18));
        for n in 1..=18 {
            assert_eq!(parse_count(&count_text(n)), Some(u32::from(n)));
        }
        assert_eq!(square_text(Square { file: 7, rank: 6 }), "７六");
        assert_eq!(
            parse_special("投了"),
            Some(crate::model::EndingKind::Resign)
        );
        assert_eq!(
            parse_special("詰"),
            Some(crate::model::EndingKind::Checkmate)
        );
    }
}
