//! What the fuzz targets share: reading the bytes as one format and, for the shogi
//! readers, the whole read-validate-write run. Each target includes this file with
//! `#[path]` and uses part of it.
#![allow(dead_code)]

use kifu::formats::Format;

/// `bytes` as an input of `format`, with no path and no forced encoding.
pub fn input<'a>(format: &'static Format, bytes: &'a [u8]) -> kifu::Input<'a> {
    kifu::Input {
        bytes: bytes.into(),
        path: None,
        format: Some(format),
        encoding: None,
    }
}

/// Reads `bytes` as the format named `name`; `None` when the reader refuses them.
pub fn read_as(name: &str, bytes: &[u8]) -> Option<(&'static Format, kifu::ReadOutcome)> {
    let format = kifu::formats::by_name(name)?;
    let outcome = kifu::read(&input(format, bytes)).ok()?;
    Some((format, outcome))
}

/// What every shogi reader's target does: read the bytes as `format`, validate (every
/// move replayed on the shogi engine), and write the result in every shogi format;
/// none of it may panic. And a round trip: when the input has no error, every
/// output a writer accepts reads back, in its own format, with the same main-line
/// moves (every shogi writer writes the main line), and without a loss reported it
/// reads back with the same moves in tree order. A check of the bytes gives the
/// same diagnostics as the read and validation.
pub fn read_validate_write(format: &str, bytes: &[u8]) {
    let Some((target, mut outcome)) = read_as(format, bytes) else {
        return;
    };
    kifu::validate(&mut outcome);
    // A check (KIF and KI2 run the rules while reading, without a tree) gives
    // exactly what a read and a validation give.
    if let Ok(checked) = kifu::check(&input(target, bytes), None) {
        assert_eq!(
            checked.diagnostics, outcome.parsed.diagnostics,
            "a check and a read then validation differ"
        );
    }
    let clean = !outcome.has_errors();
    for name in ["kif", "ki2", "csa", "jkf", "usi"] {
        let Some(target) = kifu::formats::by_name(name) else {
            continue;
        };
        let Ok(written) = kifu::write(&outcome.parsed.collection, target, None, None) else {
            continue;
        };
        if !clean {
            continue;
        }
        let Ok(back) = kifu::read(&input(target, &written.bytes)) else {
            panic!("{name}: kifu cannot read what it wrote");
        };
        assert_eq!(
            shogi_moves(&back.parsed.collection, true),
            shogi_moves(&outcome.parsed.collection, true),
            "{name}: the main line changed"
        );
        if written.losses.is_empty() {
            assert_eq!(
                shogi_moves(&back.parsed.collection, false),
                shogi_moves(&outcome.parsed.collection, false),
                "{name}: the moves changed without a loss reported"
            );
        }
    }
}

/// The shogi moves of every game: of the main line, or of the whole tree in order.
fn shogi_moves(
    collection: &kifu::model::Collection,
    main_line: bool,
) -> Vec<Vec<kifu::model::ShogiMove>> {
    let pick = |n: &kifu::model::Node| match n.mv {
        Some(kifu::model::Move::Shogi(m)) => Some(m),
        _ => None,
    };
    collection
        .games
        .iter()
        .map(|g| {
            if main_line {
                g.tree.main_line().filter_map(|(_, n)| pick(n)).collect()
            } else {
                g.tree.preorder().filter_map(|(_, n)| pick(n)).collect()
            }
        })
        .collect()
}

/// What the Go archive targets (GIB, NGF, UGF) do: read the bytes as `format`,
/// validate, write SGF, read the SGF back: nothing may panic, and the SGF must hold the
/// same moves (variations included, in tree order) and the same setup stones.
pub fn archive_through_sgf(format: &str, bytes: &[u8]) {
    let Some((_, mut outcome)) = read_as(format, bytes) else {
        return;
    };
    kifu::validate(&mut outcome);
    let Some(sgf) = kifu::formats::by_name("sgf") else {
        return;
    };
    let Ok(written) = kifu::write(&outcome.parsed.collection, sgf, None, None) else {
        return;
    };
    let Ok(back) = kifu::read(&input(sgf, &written.bytes)) else {
        panic!("the SGF written is not readable");
    };
    let moves = |c: &kifu::model::Collection| -> Vec<_> {
        c.games
            .iter()
            .flat_map(|g| {
                g.tree
                    .preorder()
                    .map(|(_, n)| (n.mv, n.setup.add_black.clone()))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    assert_eq!(
        moves(&back.parsed.collection),
        moves(&outcome.parsed.collection)
    );
}

/// The main line of every game as (colour, point) pairs.
pub fn main_lines(
    collection: &kifu::model::Collection,
) -> Vec<Vec<(kifu::model::Color, Option<kifu::model::Point>)>> {
    collection
        .games
        .iter()
        .map(|g| {
            g.tree
                .main_line()
                .filter_map(|(_, n)| match n.mv {
                    Some(kifu::model::Move::Stone(s)) => Some((s.color, s.point)),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// What every gomoku target checks of a read: the games convert to SGF `GM[4]`, and
/// that SGF reads back with the same games and the same main lines.
pub fn sgf_keeps_the_moves(outcome: &kifu::ReadOutcome) {
    let Some(sgf) = kifu::formats::by_name("sgf") else {
        return;
    };
    let Ok(written) = kifu::write(&outcome.parsed.collection, sgf, None, None) else {
        return;
    };
    let Ok(back) = kifu::read(&input(sgf, &written.bytes)) else {
        panic!("the SGF written is not read");
    };
    assert_eq!(
        main_lines(&back.parsed.collection),
        main_lines(&outcome.parsed.collection),
        "SGF changed the moves"
    );
}
