//! kifu: read, validate and write board-game records (Go, gomoku, shogi, gonu)
//! through one shared game-tree model.
//!
//! # The four calls
//!
//! An [`Input`] is bytes (borrowed, or given away) with what the caller knows of them
//! (a path, a format, an encoding); the format and encoding are detected otherwise.
//!
//! - [`read`] an input whole: its games, with every problem found as a positioned
//!   [`diag::Diagnostic`].
//! - [`check`] an input: read it and check every game by the rules, keeping only the
//!   verdicts — large collections game by game, in bounded memory.
//! - [`read_into`] a [`formats::Sink`]: the games one at a time, in order, as they are
//!   read (the push-model contract every format implements).
//! - [`write()`] a collection in any format with a writer: the bytes, and a
//!   [`diag::Loss`] for everything the format cannot carry.
//!
//! ```
//! use kifu::formats::{self, Flow, Places};
//! use kifu::model::Game;
//! use kifu::Input;
//!
//! let sgf = b"(;FF[4]GM[1]SZ[9]PB[Black]PW[White];B[ee];W[cc];B[ee])(;GM[1]SZ[9]PB[Next])";
//!
//! // Read: the games, and what the reader found.
//! let outcome = kifu::read(&Input::bytes(&sgf[..]))?;
//! assert_eq!(outcome.format.name, "sgf");
//! assert_eq!(outcome.parsed.collection.games.len(), 2);
//!
//! // Check: the third move plays on an occupied point; the rules say so, with a
//! // position (the offset of its node).
//! let checked = kifu::check(Input::bytes(&sgf[..]), None)?;
//! let codes: Vec<&str> = checked.diagnostics.iter().map(|d| d.code).collect();
//! assert_eq!(codes, ["go::occupied"]);
//! assert_eq!(checked.diagnostics[0].span.start, 47);
//!
//! // Read into a sink: each game as soon as it is read; stop when you have enough.
//! let mut names = Vec::new();
//! let mut sink = |game: &mut Game, _: Places<'_>| {
//!     names.push(game.info.black.name.clone());
//!     Flow::Stop
//! };
//! kifu::read_into(Input::bytes(&sgf[..]), &mut sink)?;
//! assert_eq!(names, [Some("Black".to_string())]);
//!
//! // Write: every format with a writer writes the model; what it cannot carry is a loss.
//! let json = formats::by_name("json").expect("a registered format");
//! let written = kifu::write(&outcome.parsed.collection, json, None, Some(&outcome.source))?;
//! assert!(written.losses.is_empty());
//! assert!(String::from_utf8_lossy(&written.bytes).contains("\"Black\""));
//! # Ok::<(), kifu::Error>(())
//! ```
//!
//! # The flow
//!
//! bytes → [`text::decode`] → a format's read entry ([`formats::Format::read_into`])
//! → [`model::Collection`] → [`rules::check`] → a format's writer →
//! [`text::encode_strict`] → bytes. The library never prints and never exits: every
//! problem in the input is a [`diag::Diagnostic`] with a code from the registry
//! ([`diag::codes`]) and a position, and everything a writer cannot carry is a
//! [`diag::Loss`]. The `kifu` command (the `kifu-cli` package beside this crate) is a
//! thin layer over this API.

pub mod collect;
pub mod diag;
pub mod formats;
pub mod fsio;
pub mod model;
pub mod reencode;
pub mod render;
pub mod rules;
pub mod search;
pub mod source;
pub mod text;
pub mod training;

mod api;
#[doc(hidden)]
pub mod internals;
#[cfg(test)]
mod testing;

pub use api::{
    check, check_game, detect_format, encode_output, place_checked, read, read_into, validate,
    write, write_with, write_wrapped, Checked, Draft, Encoded, Error, GameWriter, Input, Places,
    ReadInOrder, ReadOutcome, EMPTY_RECORD,
};
