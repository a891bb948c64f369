//! Reading an input game by game, keeping only what a job makes of each game.

use crate::formats::{read_values, Format, Reader, SourceInfo, Want};
use crate::model::Game;
use crate::{Error, Input};

/// How much of each game a job looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Game information and moves: node comments, names and markup may be left out
    /// while reading (faster; what `filter --list`, `stats` and `dedup` need).
    Moves,
    /// The whole game, as [`crate::read`] gives it (to write it, or count comments).
    Everything,
}

/// What a job made of each game of one input, in the order of the games.
#[derive(Debug)]
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
    let format = crate::detect_format(input)?;
    if let (Reader::Text(_), Some(read_each)) = (format.reader, format.read_each) {
        let (text, source) = crate::api::decode_text(input, format);
        let want = match needs {
            Needs::Moves => Want::Moves,
            Needs::Everything => Want::Whole,
        };
        let (games, _) = read_values(read_each, &text, want, &|game, _| each(game));
        return Ok(FileGames {
            format,
            source,
            games,
        });
    }
    let mut outcome = crate::read(input)?;
    let games = outcome
        .parsed
        .collection
        .games
        .iter_mut()
        .map(each)
        .collect();
    Ok(FileGames {
        format,
        source: outcome.source,
        games,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(text: &str) -> Input<'_> {
        Input {
            bytes: text.as_bytes(),
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
