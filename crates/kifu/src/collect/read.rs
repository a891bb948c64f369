//! Reading an input game by game, keeping only what a job makes of each game.

use std::sync::Mutex;

use crate::formats::{
    Flow, Format, FoundWhileReading, Piece, Pieces, Places, Sink, SourceInfo, Want,
};
use crate::model::Game;
use crate::{Error, Input};

/// How much of each game a job looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Needs {
    /// Game information and moves: node comments, names and markup may be left out
    /// while reading (faster; what `filter --list`, `stats` and `dedup` need).
    Moves,
    /// The whole game, as [`crate::read`] gives it (to write it, or count comments).
    Everything,
}

/// What a job made of each game of one input, in the order of the games.
#[derive(Debug)]
#[non_exhaustive]
pub struct FileGames<T> {
    /// The format it was read as.
    pub format: &'static Format,
    /// Path, format, encoding and how it was decided.
    pub source: SourceInfo,
    /// One value per game, in game order.
    pub games: Vec<T>,
}

/// Reads `input` and applies `each` to every game, in any order and on several
/// threads; the values come back in game order. Formats with a streaming reader (SGF)
/// hand each game on as soon as it is read and drop it, so memory holds the text and
/// a game per thread, plus the values; other formats are read whole (one small record
/// per file). Fails only where [`crate::read`] fails (the format cannot be told).
///
/// A long text may be read in pieces cut where games likely start; `each` may then
/// also run on "games" of a piece whose cut proves wrong (say a game tree cut out of a
/// comment), whose values are dropped: the values returned are those of the games of
/// a whole read, and no other ([`crate::formats::Piece`]). So `each` should only make
/// its value; what is done with the values belongs to the caller.
pub fn read_games<T: Send>(
    input: &Input<'_>,
    needs: Needs,
    each: &(dyn Fn(&mut Game) -> T + Sync),
) -> Result<FileGames<T>, Error> {
    read_games_checked(input, needs, each, None)
}

/// A game's value made of the game and of the reader's check of its legality
/// ([`read_games_checked`]).
pub type Checked<'a, T> = &'a (dyn Fn(&mut Game, &FoundWhileReading) -> T + Sync);

/// [`read_games`], and with `checked` a reading that asks for each game's first
/// illegal move ([`Sink::checks_legality`]): a game whose reader checked its moves
/// for legality as it made them (CSA) is made into a value by `checked`, given the
/// finding of that move if any; the others by `each`.
pub fn read_games_checked<T: Send>(
    input: &Input<'_>,
    needs: Needs,
    each: &(dyn Fn(&mut Game) -> T + Sync),
    checked: Option<Checked<'_, T>>,
) -> Result<FileGames<T>, Error> {
    let want = match needs {
        Needs::Moves => Want::Moves,
        Needs::Everything => Want::Whole,
    };
    let into = Mutex::new(Vec::new());
    let mut sink = Values {
        want,
        each,
        checked,
        into: &into,
    };
    let read = crate::api::read_decoded(input.into(), &mut sink)?;
    Ok(FileGames {
        format: read.format,
        source: read.source,
        games: into.into_inner().unwrap_or_else(|e| e.into_inner()),
    })
}

/// The sink of [`read_games`]: the value of each game it is given is appended to
/// `into` at once; a reader that reads in pieces gets [`Made`] pieces instead.
struct Values<'a, T> {
    want: Want,
    each: &'a (dyn Fn(&mut Game) -> T + Sync),
    checked: Option<Checked<'a, T>>,
    into: &'a Mutex<Vec<T>>,
}

impl<T: Send> Pieces for Values<'_, T> {
    fn piece(&self) -> Box<dyn Piece + '_> {
        Box::new(Made {
            each: self.each,
            made: Vec::new(),
            into: self.into,
        })
    }
}

impl<T: Send> Sink for Values<'_, T> {
    fn wants(&self) -> Want {
        self.want
    }
    fn game(&mut self, game: &mut Game, _: Places<'_>) -> Flow {
        let value = (self.each)(game);
        self.into
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(value);
        Flow::Continue
    }
    fn pieces(&self) -> Option<&dyn Pieces> {
        Some(self)
    }
    fn checks_legality(&self) -> bool {
        self.checked.is_some()
    }
    fn checked(&mut self, game: &mut Game, places: Places<'_>, found: FoundWhileReading) -> Flow {
        let Some(checked) = self.checked else {
            return self.game(game, places);
        };
        let value = checked(game, &found);
        self.into
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(value);
        Flow::Continue
    }
}

/// The values made of one piece's games, appended to `into` when it is committed
/// (its games were a whole read's).
struct Made<'a, T> {
    each: &'a (dyn Fn(&mut Game) -> T + Sync),
    made: Vec<T>,
    into: &'a Mutex<Vec<T>>,
}

impl<T: Send> Piece for Made<'_, T> {
    fn game(&mut self, game: &mut Game, _: &[crate::diag::Span]) {
        self.made.push((self.each)(game));
    }
    fn commit(mut self: Box<Self>) {
        self.into
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .append(&mut self.made);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(text: &str) -> Input<'_> {
        Input {
            bytes: text.as_bytes().into(),
            path: None,
            format: crate::formats::by_name("sgf"),
            encoding: None,
        }
    }

    #[test]
    fn values_come_back_in_game_order_with_or_without_comments() {
        let mut text = String::new();
        for i in 0..25_000 {
            text.push_str(&format!(
                "(;GM[1]FF[4]SZ[19]PB[p{i}];B[aa]C[comment {i}];W[bb])\n"
            ));
        }
        assert!(text.len() > 1 << 20, "large enough to be read in pieces");
        let names = |g: &mut Game| g.info.black.name.clone().unwrap_or_default();
        let moves = read_games(&input(&text), Needs::Moves, &names).expect("sgf");
        let want: Vec<String> = (0..25_000).map(|i| format!("p{i}")).collect();
        assert_eq!(moves.games, want);
        let comments = |g: &mut Game| g.tree.iter().filter(|(_, n)| n.comment.is_some()).count();
        let stripped = read_games(&input(&text), Needs::Moves, &comments).expect("sgf");
        assert!(
            stripped.games.iter().all(|&c| c == 0),
            "a check drops comments"
        );
        let whole = read_games(&input(&text), Needs::Everything, &comments).expect("sgf");
        assert_eq!(whole.games, vec![1; 25_000]);
    }

    #[test]
    fn games_cut_out_of_comments_by_a_rejected_parallel_read_are_not_kept() {
        // Each comment holds what looks like a game start after a `)`: a cut there
        // reads a "game" out of the comment, and the parallel read is rejected.
        let mut text = String::new();
        for i in 0..20_000 {
            text.push_str(&format!(
                "(;GM[1]FF[4]SZ[19]PB[p{i}]C[see )(;FF[4]GM[1]SZ[19]PB[phantom\\];B[bb])];B[aa];W[bb])\n"
            ));
        }
        assert!(text.len() > 1 << 20);
        let names = |g: &mut Game| g.info.black.name.clone().unwrap_or_default();
        let want: Vec<String> = (0..20_000).map(|i| format!("p{i}")).collect();
        for needs in [Needs::Moves, Needs::Everything] {
            let got = read_games(&input(&text), needs, &names).expect("sgf");
            assert_eq!(got.games, want);
        }
    }
}
