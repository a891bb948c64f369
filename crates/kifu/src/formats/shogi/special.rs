//! The CSA special-move words (`TORYO`, `CHUDAN`, `SENNICHITE` …): CSA writes them
//! after `%`, JKF as a `special`. Both read them the same way and write the same word
//! for each end.

use crate::diag::Loss;
use crate::model::{Color, Ending, EndingKind, Game, NodeId};

/// The words and the ends they name. `±ILLEGAL_ACTION` names the offender
/// (see [`special_ending`]).
pub const SPECIAL_WORDS: [(&str, EndingKind); 12] = [
    ("TORYO", EndingKind::Resign),
    ("CHUDAN", EndingKind::Interrupt),
    ("SENNICHITE", EndingKind::Repetition),
    ("TIME_UP", EndingKind::Timeout),
    ("ILLEGAL_MOVE", EndingKind::IllegalLoss),
    ("JISHOGI", EndingKind::Impasse),
    ("KACHI", EndingKind::EnteringKing),
    ("HIKIWAKE", EndingKind::Draw),
    ("TSUMI", EndingKind::Checkmate),
    ("FUZUMI", EndingKind::NoMate),
    ("+ILLEGAL_ACTION", EndingKind::IllegalLoss),
    ("-ILLEGAL_ACTION", EndingKind::IllegalLoss),
];

/// The end a word names when `side` is to move. `±ILLEGAL_ACTION` names the
/// offender: when that is not the side to move, the side to move wins by the foul
/// (KIF's 反則勝ち).
pub fn special_ending(word: &str, side: Color) -> Option<EndingKind> {
    let &(_, kind) = SPECIAL_WORDS.iter().find(|(w, _)| *w == word)?;
    let offender = match word {
        "+ILLEGAL_ACTION" => Color::Black,
        "-ILLEGAL_ACTION" => Color::White,
        _ => side,
    };
    Some(if kind == EndingKind::IllegalLoss && offender != side {
        EndingKind::IllegalWin
    } else {
        kind
    })
}

/// The word for an end: a win by the opponent's foul names the offender
/// (`±ILLEGAL_ACTION`); the ends with no word of their own (封じ手, 不戦勝, 不戦敗)
/// are written as an interruption, reported by [`interrupted`].
pub fn special_word(ending: Ending) -> &'static str {
    let side = ending.color.unwrap_or(Color::Black);
    match ending.kind {
        EndingKind::Resign => "TORYO",
        EndingKind::Interrupt | EndingKind::SealedMove => "CHUDAN",
        EndingKind::Repetition => "SENNICHITE",
        EndingKind::Timeout => "TIME_UP",
        EndingKind::IllegalLoss => "ILLEGAL_MOVE",
        EndingKind::IllegalWin => {
            if side == Color::Black {
                "-ILLEGAL_ACTION"
            } else {
                "+ILLEGAL_ACTION"
            }
        }
        EndingKind::Impasse => "JISHOGI",
        EndingKind::EnteringKing => "KACHI",
        EndingKind::Draw => "HIKIWAKE",
        EndingKind::Checkmate => "TSUMI",
        EndingKind::NoMate => "FUZUMI",
        EndingKind::WinByDefault | EndingKind::LossByDefault => "CHUDAN",
    }
}

/// Losses for the ends that CSA and JKF write as an interruption (`CHUDAN`), having
/// no word of their own: 封じ手, 不戦勝, 不戦敗.
pub fn interrupted(
    game: &Game,
    nodes: impl Iterator<Item = NodeId>,
    format: &str,
    g: usize,
) -> Vec<Loss> {
    nodes
        .filter_map(|id| {
            let kind = game.tree.get(id)?.ending?.kind;
            matches!(
                kind,
                EndingKind::SealedMove | EndingKind::WinByDefault | EndingKind::LossByDefault
            )
            .then(|| {
                Loss::new(
                    crate::diag::codes::LOSS_ENDING_CHANGED,
                    format!(
                        "{format} has no word for {}: written as an interruption (中断)",
                        kind.japanese()
                    ),
                    g,
                    None,
                )
            })
        })
        .collect()
}
