//! The tables of the Kiseong seed: label glyphs, symbols, versions, and the characters
//! commentary may not hold.

use crate::model::Shape;

/// Hangul labels of placement code 1, index 0–13: 가 나 다 라 마 바 사 아 자 차 카 타 파 하.
pub const HANGUL: [char; 14] = [
    '가', '나', '다', '라', '마', '바', '사', '아', '자', '차', '카', '타', '파', '하',
];

/// Symbols of placement codes 11/12, index 0–7.
pub const SYMBOLS: [char; 8] = ['▲', '◈', '▣', '⊙', '→', '←', '↑', '↓'];

/// The SGF-style shape of a symbol index, where one exists (▲ ▣ ⊙); the others are
/// kept as text labels holding the glyph.
pub fn symbol_shape(index: usize) -> Option<Shape> {
    match index {
        0 => Some(Shape::Triangle),
        2 => Some(Shape::Square),
        3 => Some(Shape::Circle),
        _ => None,
    }
}

/// The symbol index of a shape.
pub fn shape_index(shape: Shape) -> Option<u16> {
    match shape {
        Shape::Triangle => Some(0),
        Shape::Square => Some(2),
        Shape::Circle => Some(3),
        _ => None,
    }
}

/// The Kiseong release a version number (`&[23;n w`) names.
pub fn release(version: u16) -> Option<&'static str> {
    Some(match version {
        1 => "기성[95.12]",
        2 => "기성[96.02]",
        3 => "기성[96.03]",
        4 => "기성[96.05]",
        5 => "기성[96.09]",
        6 => "기성[96.10]",
        7 => "기성[96.12]",
        8 => "기성[97.01]",
        9 => "기성[97.02]",
        10 => "기성[97.06]",
        _ => return None,
    })
}

/// Characters the seed forbids in commentary, with the full-width forms the writer
/// puts in their place.
pub const FORBIDDEN: [(char, char); 18] = [
    ('&', '＆'),
    ('@', '＠'),
    ('~', '～'),
    ('`', '｀'),
    ('#', '＃'),
    ('$', '＄'),
    ('%', '％'),
    ('^', '＾'),
    ('*', '＊'),
    ('-', '－'),
    ('+', '＋'),
    ('_', '＿'),
    ('=', '＝'),
    ('|', '｜'),
    ('\\', '＼'),
    ('/', '／'),
    ('}', '｝'),
    ('{', '｛'),
];

/// The full-width replacement of a forbidden character.
pub fn replacement(c: char) -> Option<char> {
    FORBIDDEN.iter().find(|(f, _)| *f == c).map(|&(_, r)| r)
}
