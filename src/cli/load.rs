//! The command line's reading options (`-f`, `--encoding`, `--rule`,
//! `--max-game-size`, `--game`), checked once before any input is read.

use super::{encoding_arg, format_arg, Fatal, ReadOptions};
use kifu::{formats::Format, text::TextEncoding};

/// The parsed `-f` / `--encoding` options.
#[derive(Debug, Clone, Copy)]
pub struct Resolved {
    /// The forced input format.
    pub format: Option<&'static Format>,
    /// The forced input encoding.
    pub encoding: Option<TextEncoding>,
    /// The gomoku rule to check under, one of `rules::renju::RULE_NAMES`.
    pub rule: Option<&'static str>,
    /// The most standard input may hold without completing a game.
    pub max_game_size: super::ByteSize,
    /// The games `--game` selects (all when `None`).
    pub games: Option<super::range::GameRange>,
}

impl Resolved {
    /// Checks the options once, before any file is read.
    pub fn new(opts: &ReadOptions) -> Result<Resolved, Fatal> {
        Ok(Resolved {
            format: format_arg(opts.format.as_deref())?,
            encoding: encoding_arg(opts.encoding.as_deref())?,
            rule: opts.rule.as_deref().and_then(|r| {
                kifu::rules::renju::RULE_NAMES
                    .iter()
                    .copied()
                    .find(|&name| name == r)
            }),
            max_game_size: opts.max_game_size,
            games: opts.games,
        })
    }
}
