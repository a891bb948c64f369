//! Pictures of positions: text diagrams for the terminal and standalone SVG.

pub mod glyphs;
pub mod go;
pub mod gonu;
pub mod shogi;
