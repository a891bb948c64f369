//! The text layer: encoding labels, detection, strict decoding and encoding, the
//! Shift_JIS normalisations, a line/column index, and the escaping of control
//! characters for terminals.
//!
//! Nothing here guesses silently: every decision records how it was made, every
//! malformed byte and every unmappable character is reported with its position.

mod decode;
mod detect;
mod encode;
mod encoding;
mod escape;
mod lines;
mod utf8;
mod width;
pub(crate) mod words;

pub use decode::{decode_strict, Malformed, StrictDecode};
pub(crate) use detect::{bom, decode_owned, utf16_pattern};
pub use detect::{decode, CharsetFinder, Decision, Decoded, DetectHints};
pub use encode::{encode_strict, normalize_for_shift_jis, Normalization, Unmappable};
pub use encoding::TextEncoding;
pub use escape::{escape_bytes, escape_controls, escape_controls_in_lines};
pub(crate) use escape::{escaped_len, push_escaped};
pub use lines::LineIndex;
pub(crate) use lines::{lone_cr_as_lf, split_lines};
pub(crate) use utf8::into_string;
pub use width::{char_columns, columns, is_wide, lead_columns};
