//! kifu: read, validate and write board-game records (Go, gomoku, shogi, gonu)
//! through one shared game-tree model.
//!
//! The flow: bytes → [`text::decode`] → a format's reader → [`model::Collection`] →
//! [`rules::check`] → a format's writer → [`text::encode_strict`] → bytes.
//! The library never prints and never exits: every problem in the input is a
//! [`diag::Diagnostic`] with a code from the registry ([`diag::codes`]) and a position,
//! and everything a writer cannot carry is a [`diag::Loss`]. The `kifu` command
//! (the `kifu-cli` package beside this crate) is a thin layer over this API.
//!
//! # Example
//!
//! Read an SGF record, check it against the rules of Go, and write it as the model's
//! JSON:
//!
//! ```
//! use kifu::{formats, read, validate, write, Input};
//!
//! let sgf = b"(;FF[4]GM[1]SZ[9]PB[Black]PW[White];B[ee];W[cc];B[ee])";
//! let mut outcome = read(&Input {
//!     bytes: sgf,
//!     path: None,
//!     format: formats::by_name("sgf"),
//!     encoding: None,
//! })?;
//! assert_eq!(outcome.format.name, "sgf");
//! let game = &outcome.parsed.collection.games[0];
//! assert_eq!(game.info.black.name.as_deref(), Some("Black"));
//!
//! // The third move plays on an occupied point: the rules say so, with a position.
//! validate(&mut outcome);
//! let found: Vec<&str> = outcome.parsed.diagnostics.iter().map(|d| d.code).collect();
//! assert_eq!(found, ["go::occupied"]);
//!
//! // Every format with a writer writes the model; what it cannot carry is a loss.
//! let json = formats::by_name("json").expect("a registered format");
//! let written = write(&outcome.parsed.collection, json, None, Some(&outcome.source))?;
//! assert!(written.losses.is_empty());
//! assert!(String::from_utf8_lossy(&written.bytes).contains("\"Black\""));
//! # Ok::<(), kifu::Error>(())
//! ```

pub mod collect;
pub mod diag;
pub mod formats;
pub mod fsio;
pub mod model;
pub mod reencode;
pub mod render;
pub mod rules;
pub mod source;
pub mod text;

mod api;
#[cfg(test)]
mod testing;

pub use api::{
    check, check_game, check_in_place, check_owned, detect_format, encode_output, read,
    read_in_order, validate, write, write_with, write_wrapped, Checked, Encoded, Error, GameWriter,
    Input, Places, ReadInOrder, ReadOutcome, EMPTY_RECORD,
};
