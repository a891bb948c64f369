//! Reading one input file through the library, with the command line's options.

use super::inputs::{map_large, problem_of, read_bytes, InputFile};
use super::{encoding_arg, format_arg, Fatal, ReadOptions};
use kifu::model::GomokuRule;
use kifu::{formats::Format, text::TextEncoding, Checked, Input};

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
    pub games: Option<super::stream::GameRange>,
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

/// Reads and validates one input, keeping only the verdicts (`kifu validate`); `Err` as
/// for `load`. With `map` (`--mmap`, unsafe against truncation by other programs)
/// large files are mapped instead of read.
pub fn load_checked(input: &InputFile, opts: Resolved, map: bool) -> Result<Checked, String> {
    if let Some(problem) = problem_of(input) {
        return Err(problem);
    }
    let rule = opts.rule.map(GomokuRule::from_name);
    if let Some(mapped) = map.then(|| map_large(input)).flatten() {
        // Checked where it lies: the text is copied only if there is something to show.
        return kifu::check_in_place(
            &Input {
                bytes: mapped[..].into(),
                path: input.path.as_deref(),
                format: opts.format,
                encoding: opts.encoding,
            },
            rule.as_ref(),
        )
        .map_err(|e| format!("{}: {e}", input.display));
    }
    let bytes = read_bytes(input, opts.max_game_size)?;
    // The bytes are given away: a large UTF-8 file becomes its own text, uncopied.
    kifu::check_owned(
        bytes,
        &Input {
            bytes: (&[]).into(),
            path: input.path.as_deref(),
            format: opts.format,
            encoding: opts.encoding,
        },
        rule.as_ref(),
    )
    .map_err(|e| format!("{}: {e}", input.display))
}
