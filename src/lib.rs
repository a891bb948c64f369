//! kifu: read, validate and write board-game records (Go, gomoku, shogi, gonu)
//! through one shared game-tree model.
//!
//! The flow: bytes → [`text::decode`] → a format's reader → [`model::Collection`] →
//! [`rules::check`] → a format's writer → [`text::encode_strict`] → bytes.
//! The library never prints and never exits.

pub mod cli;
pub mod collect;
pub mod diag;
pub mod formats;
pub mod fsio;
pub mod model;
pub mod reencode;
pub mod render;
pub mod rules;
pub mod text;

mod api;
#[cfg(test)]
mod testing;

pub use api::{
    check, check_game, check_in_place, check_owned, detect_format, encode_output, not_reported_yet,
    read, read_in_order, validate, write, write_with, write_wrapped, Checked, Encoded, Error,
    GameWriter, Input, ReadInOrder, ReadOutcome, EMPTY_RECORD,
};
