//! The shogi vocabulary shared by every shogi format (KIF, KI2, CSA, JKF, USI) and
//! the shogi pictures: the Japanese header keys and the game information they fill,
//! the Japanese notation, Kakinoki's board diagram (BOD), comments and CSA remarks,
//! the result a special end implies, and the CSA special-move words JKF uses too.

pub mod bod;
pub mod comment;
pub mod header;
pub mod notation;
pub mod result;
pub mod special;
