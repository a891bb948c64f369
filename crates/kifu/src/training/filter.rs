//! What training filters look at in a game: its outcome, how it ended, the players'
//! floodgate ratings and SGF ranks.

use crate::model::{Color, EndingKind, Game, GameResult, WinReason};

/// Who won a game, as training records hold it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A draw, or a game without a result (cshogi counts these as draws too).
    Draw,
    /// Black (先手) won.
    BlackWin,
    /// White (後手) won.
    WhiteWin,
}

impl Outcome {
    /// dlshogi's `gameResult`: 0 draw, 1 black won, 2 white won.
    pub fn hcpe(self) -> u8 {
        match self {
            Outcome::Draw => 0,
            Outcome::BlackWin => 1,
            Outcome::WhiteWin => 2,
        }
    }

    /// YaneuraOu's `game_result` for the side to move: 1 won, -1 lost, 0 draw.
    pub fn psv(self, to_move: Color) -> i8 {
        match (self, to_move) {
            (Outcome::Draw, _) => 0,
            (Outcome::BlackWin, Color::Black) | (Outcome::WhiteWin, Color::White) => 1,
            _ => -1,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Draw => None,
            Outcome::BlackWin => Some(Color::Black),
            Outcome::WhiteWin => Some(Color::White),
        }
    }

    /// The name used in NDJSON output: `black`, `white`, `draw`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Draw => "draw",
            Outcome::BlackWin => "black",
            Outcome::WhiteWin => "white",
        }
    }
}

/// The last ending the main line records (投了, 千日手, `%KACHI` …), with the side
/// it is said of when the record gives it.
pub fn ending(game: &Game) -> Option<crate::model::Ending> {
    game.tree.main_line().filter_map(|(_, n)| n.ending).last()
}

/// The outcome of a game: the main line's ending (the side it is said of, else the
/// side to move after the last move), else the recorded result; a draw when neither
/// names a winner.
pub fn outcome(game: &Game) -> Outcome {
    let last_mover = game
        .tree
        .main_line()
        .filter_map(|(_, n)| n.mv.map(|m| m.color()))
        .last();
    let from_ending = ending(game).and_then(|e| {
        let side = e.color.or_else(|| last_mover.map(Color::opponent))?;
        e.kind.result_for(side)
    });
    match from_ending.as_ref().or(game.info.result.as_ref()) {
        Some(GameResult::Win {
            winner: Color::Black,
            ..
        }) => Outcome::BlackWin,
        Some(GameResult::Win {
            winner: Color::White,
            ..
        }) => Outcome::WhiteWin,
        _ => Outcome::Draw,
    }
}

/// The names `--ending` takes, each with what it stands for.
pub const ENDING_NAMES: &[(&str, &str)] = &[
    ("resign", "投了, %TORYO, SGF R"),
    ("checkmate", "詰み, %TSUMI"),
    ("timeout", "切れ負け, %TIME_UP, SGF T"),
    ("repetition", "千日手, %SENNICHITE"),
    ("impasse", "持将棋, %JISHOGI"),
    ("declaration", "入玉勝ち, %KACHI"),
    ("illegal", "反則勝ち/反則負け, %ILLEGAL_MOVE, SGF F"),
    ("draw", "%HIKIWAKE, a draw result"),
    ("interrupt", "中断, %CHUDAN"),
    ("default", "不戦勝/不戦敗"),
    ("sealed", "封じ手"),
    ("no-mate", "不詰"),
    ("score", "a Go or gomoku result by points"),
    ("none", "no ending and no result"),
];

/// The canonical name of an `--ending` word, if it is one of [`ENDING_NAMES`].
pub fn parse_ending(word: &str) -> Option<&'static str> {
    ENDING_NAMES
        .iter()
        .map(|(n, _)| *n)
        .find(|n| n.eq_ignore_ascii_case(word.trim()))
}

/// How a game ended, as one of [`ENDING_NAMES`]: the main line's ending, else the
/// recorded result's reason.
pub fn ending_name(game: &Game) -> &'static str {
    if let Some(e) = ending(game) {
        return match e.kind {
            EndingKind::Resign => "resign",
            EndingKind::Checkmate => "checkmate",
            EndingKind::Timeout => "timeout",
            EndingKind::Repetition => "repetition",
            EndingKind::Impasse => "impasse",
            EndingKind::EnteringKing => "declaration",
            EndingKind::IllegalWin | EndingKind::IllegalLoss => "illegal",
            EndingKind::Draw => "draw",
            EndingKind::Interrupt => "interrupt",
            EndingKind::WinByDefault | EndingKind::LossByDefault => "default",
            EndingKind::SealedMove => "sealed",
            EndingKind::NoMate => "no-mate",
        };
    }
    match &game.info.result {
        Some(GameResult::Win { reason, .. }) => match reason {
            WinReason::Resign => "resign",
            WinReason::Time => "timeout",
            WinReason::Forfeit => "illegal",
            WinReason::Score(_) => "score",
            WinReason::Unspecified => "none",
        },
        Some(GameResult::Draw) => "draw",
        _ => "none",
    }
}

/// The players' floodgate ratings (black, white) from the CSA remarks
/// `'black_rate:NAME:3526.0` and `'white_rate:…` (the number after the name).
pub fn floodgate_ratings(game: &Game) -> [Option<f64>; 2] {
    let mut out = [None, None];
    for e in game
        .info
        .extras
        .of_format("csa")
        .filter(|e| e.key == "csa:'")
    {
        for v in e.values.iter() {
            for (i, prefix) in ["black_rate:", "white_rate:"].into_iter().enumerate() {
                if let Some(rest) = v.strip_prefix(prefix) {
                    let number = rest.split_once(':').map_or(rest, |(_, n)| n);
                    if let (Ok(r), Some(slot)) = (number.trim().parse::<f64>(), out.get_mut(i)) {
                        *slot = Some(r);
                    }
                }
            }
        }
    }
    out
}

/// The lower of the two floodgate ratings, a missing one counting as 0 (as
/// dlshogi's `min(kif.ratings)` does).
pub fn min_rating(game: &Game) -> f64 {
    let [b, w] = floodgate_ratings(game);
    b.unwrap_or(0.0).min(w.unwrap_or(0.0))
}

/// A Go rank as a number that orders them: `30k` is -29 … `1k` 0, `1d` 1 … `9d` 9,
/// `1p` 10 … `9p` 18. Takes `5d`, `5 dan`, `3k`, `3 kyu`, `1p`, `1 pro`, in any case,
/// a trailing `?` or `*` (uncertain, KGS) ignored; `None` for anything else.
pub fn rank_value(text: &str) -> Option<i32> {
    let t = text.trim().trim_end_matches(['?', '*']).trim();
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    let (number, unit) = t.split_at(digits);
    let n: i32 = number.parse().ok()?;
    let unit = unit.trim().to_ascii_lowercase();
    match unit.as_str() {
        "k" | "kyu" if (1..=30).contains(&n) => Some(1 - n),
        "d" | "dan" if (1..=9).contains(&n) => Some(n),
        "p" | "pro" if (1..=9).contains(&n) => Some(9 + n),
        _ => None,
    }
}

/// A `--min-rank` value ([`rank_value`]).
pub fn parse_rank(text: &str) -> Option<i32> {
    rank_value(text)
}

/// The players' ranks (black, white) as [`rank_value`]s, from SGF `BR`/`WR` and the
/// other formats' rank fields.
pub fn ranks(game: &Game) -> [Option<i32>; 2] {
    [
        game.info.black.rank.as_deref().and_then(rank_value),
        game.info.white.rank.as_deref().and_then(rank_value),
    ]
}
