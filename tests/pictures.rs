//! `kifu show` pictures (#23): PNG sizes and pixels, GIF frames and delays, numbered
//! diagrams, variations, cropping, and a folder of records to one picture each.

use std::path::Path;
use std::process::{Command, Output};

mod common;

/// A long game of our own, for what any 19×19 game shows.
const GAME: &str = "fixtures/go/kifu-cup-2024.sgf";

/// The real 1976 Kisei game (Sabaki's `sgf_pro_game.sgf`) in `../shared/corpus`, for the
/// tests that count its stones and moves; `None` (the test skips, saying so) elsewhere.
fn kisei() -> Option<String> {
    let path = common::corpus::path("sgf/sabaki-app/sgf_pro_game.sgf")?;
    Some(path.to_str().expect("UTF-8 path").to_string())
}
const CAPTURE: &str =
    "(;GM[1]FF[4]SZ[9]PB[B]PW[W];B[ee];W[ed];B[dd];W[aa];B[fd];W[ba];B[ec]LB[gg:A]TR[cg])";
const KIF: &str = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n";

fn kifu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .output()
        .expect("kifu runs")
}

/// Runs `kifu show ARGS` and returns standard output, asserting success.
fn show(args: &[&str]) -> Vec<u8> {
    let mut all = vec!["show"];
    all.extend_from_slice(args);
    let out = kifu(&all);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("mkdir");
    }
    std::fs::write(&path, text).expect("write");
    path.display().to_string()
}

/// Width and height from a PNG's IHDR.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    assert_eq!(&bytes[12..16], b"IHDR");
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    (be(16), be(20))
}

#[test]
fn png_sizes_follow_the_width_and_the_svgs_proportions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let kif = write(dir.path(), "k.kif", KIF);
    // 19×19 board: 620×620 SVG.
    assert_eq!(png_size(&show(&[GAME, "--png"])), (800, 800));
    assert_eq!(
        png_size(&show(&[GAME, "--png", "--size", "310"])),
        (310, 310)
    );
    // Cropped to 19 columns by 10 rows: 620×350, so 400×226.
    assert_eq!(
        png_size(&show(&[GAME, "--png", "--size", "400", "--crop", "A1-T10"])),
        (400, 226)
    );
    // Shogi: 640×476.
    assert_eq!(
        png_size(&show(&[&kif, "--png", "--size", "320"])),
        (320, 238)
    );
    // Gonu: 960×820.
    assert_eq!(
        png_size(&show(&[
            "fixtures/gonu/fortress.gonu",
            "--png",
            "--size",
            "480"
        ])),
        (480, 410)
    );
    // -o NAME.png implies --png.
    let out = dir.path().join("pos.png");
    show(&[GAME, "--move", "60", "-o", out.to_str().expect("utf-8")]);
    assert_eq!(png_size(&std::fs::read(&out).expect("written")), (800, 800));
}

/// Decodes a PNG to (width, RGB bytes).
fn decode_png(bytes: &[u8]) -> (u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("png header");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("png frame");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    (info.width, buf)
}

#[test]
fn the_kisei_png_has_its_stones_where_the_game_put_them() {
    let Some(kisei) = kisei() else {
        return;
    };
    let (width, rgb) = decode_png(&show(&[&kisei, "--move", "60", "--png"]));
    assert_eq!(width, 800);
    // SVG units: point (x, y) at (40 + 30x, 40 + 30y); the PNG is 800/620 of that.
    let pixel = |x: u32, y: u32, dx: i32, dy: i32| {
        let sx = ((40 + 30 * x) as i32 + dx) as f32 * 800.0 / 620.0;
        let sy = ((40 + 30 * y) as i32 + dy) as f32 * 800.0 / 620.0;
        let i = 3 * (sy.round() as usize * 800 + sx.round() as usize);
        [rgb[i], rgb[i + 1], rgb[i + 2]]
    };
    // D4 black, D3 white (E3, the last move, is ringed), J9 empty.
    assert_eq!(pixel(3, 15, 5, 5), [0x11, 0x11, 0x11], "black stone at D4");
    assert_eq!(pixel(3, 16, 5, 5), [0xf8, 0xf8, 0xf8], "white stone at D3");
    assert_eq!(
        pixel(8, 10, 10, 10),
        [0xdc, 0xb3, 0x5c],
        "empty board near J9"
    );
    assert_eq!(pixel(4, 16, 10, 0), [0xf8, 0xf8, 0xf8], "white stone at E3");
    assert_eq!(
        pixel(4, 16, 0, 0),
        [0xf8, 0xf8, 0xf8],
        "inside the last-move ring"
    );
}

/// The frames of a GIF: (count, delays in centiseconds, width, height).
fn gif_frames(bytes: &[u8]) -> (usize, Vec<u16>, u16, u16) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut d = opts.read_info(bytes).expect("a GIF");
    let (w, h) = (d.width(), d.height());
    let mut delays = Vec::new();
    while let Some(frame) = d.read_next_frame().expect("a frame") {
        delays.push(frame.delay);
    }
    (delays.len(), delays, w, h)
}

#[test]
fn gifs_have_a_frame_per_position_and_hold_the_last() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sgf = write(dir.path(), "cap.sgf", CAPTURE);
    let kif = write(dir.path(), "k.kif", KIF);
    // Seven moves: the empty board and seven positions.
    let (n, delays, w, h) = gif_frames(&show(&[&sgf, "--gif", "--size", "200"]));
    assert_eq!((n, w, h), (8, 200, 200));
    assert_eq!(delays, [50, 50, 50, 50, 50, 50, 50, 200]);
    let (n, delays, _, _) = gif_frames(&show(&[&sgf, "--gif", "--move", "3", "--delay", "100"]));
    assert_eq!(n, 4);
    assert_eq!(delays, [10, 10, 10, 40]);
    // Shogi: four moves.
    let out = dir.path().join("k.gif");
    show(&[&kif, "--size", "320", "-o", out.to_str().expect("utf-8")]);
    let (n, _, w, h) = gif_frames(&std::fs::read(&out).expect("written"));
    assert_eq!((n, w, h), (5, 320, 238));
    // The real game: 235 moves.
    let Some(kisei) = kisei() else {
        return;
    };
    let (n, _, _, _) = gif_frames(&show(&[&kisei, "--gif", "--size", "100"]));
    assert_eq!(n, 236);
}

/// The points of the main line's moves, in diagram names (`D4`), from the library.
fn main_line_points(path: &str) -> Vec<Option<String>> {
    let bytes = std::fs::read(path).expect("read");
    let outcome = kifu::read(&kifu::Input {
        bytes: (&bytes).into(),
        path: Some(Path::new(path)),
        format: None,
        encoding: None,
    })
    .expect("reads");
    let game = &outcome.parsed.collection.games[0];
    let size = game.kind.board_size().expect("a board");
    game.tree
        .main_line()
        .filter_map(|(_, n)| match n.mv {
            Some(kifu::model::Move::Stone(m)) => {
                Some(m.point.map(|p| kifu::render::go::point_name(p, size)))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn numbers_1_to_50_are_fifty_elements_at_their_moves_points() {
    let Some(kisei) = kisei() else {
        return;
    };
    let svg = String::from_utf8(show(&[&kisei, "--numbers", "1-50", "--svg"])).expect("utf-8");
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    let numbered: Vec<roxmltree::Node<'_, '_>> = doc
        .descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|c| c == "move-number"))
        })
        .collect();
    assert_eq!(numbered.len(), 50);
    let points = main_line_points(&kisei);
    let mut seen: Vec<usize> = Vec::new();
    for n in &numbered {
        let k: usize = n
            .attribute("data-move")
            .expect("data-move")
            .parse()
            .expect("n");
        seen.push(k);
        assert_eq!(
            n.attribute("aria-label").map(|l| l.split(' ').next()),
            Some(Some(k.to_string().as_str()))
        );
        assert_eq!(
            n.attribute("data-point"),
            points[k - 1].as_deref(),
            "move {k}"
        );
    }
    seen.sort_unstable();
    assert_eq!(seen, (1..=50).collect::<Vec<_>>());
    // 49 on stones; 18 retook at Q3, where 4 stood: a note under the board.
    let notes: Vec<_> = numbered
        .iter()
        .filter(|n| n.attribute("class") == Some("move-number note"))
        .map(|n| n.attribute("aria-label").unwrap_or(""))
        .collect();
    assert_eq!(notes, ["18 at 4"]);
    let at = |k: &str| {
        numbered
            .iter()
            .find(|n| n.attribute("data-move") == Some(k))
            .and_then(|n| n.attribute("data-point"))
    };
    assert_eq!(
        (at("1"), at("2"), at("3"), at("50")),
        (Some("D4"), Some("R17"), Some("D16"), Some("N16"))
    );
    // The number is drawn in the stone's opposite colour: 1 black (white digits), 2 white.
    let fill = |k: &str| {
        numbered
            .iter()
            .find(|n| n.attribute("data-move") == Some(k))
            .and_then(|n| n.attribute("fill"))
    };
    assert_eq!((fill("1"), fill("2")), (Some("#fff"), Some("#000")));
    // Every stone of the diagram: 25 black and 24 white numbered, none before move 1.
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("stone black"))
            .count(),
        25
    );
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("stone white"))
            .count(),
        24
    );
}

#[test]
fn kifu_numbers_the_whole_game_and_from_starts_on_the_position_before() {
    let Some(kisei) = kisei() else {
        return;
    };
    let text = String::from_utf8(show(&[&kisei, "--kifu"])).expect("utf-8");
    assert!(
        text.ends_with(
            "moves: 235, last: B14, black stones: 113, white stones: 115\n\
             18 at 4, 165 at 160, 177 at 122, 197 at 37, 212 at 9, 213 at 12, 235 at 38\n"
        ),
        "{text}"
    );
    let svg = String::from_utf8(show(&[&kisei, "--kifu", "--svg"])).expect("utf-8");
    assert_eq!(svg.matches("class=\"move-number\"").count(), 228);
    assert_eq!(svg.matches("class=\"move-number note\"").count(), 7);
    // Moves 51-60 on the position after 50: ten numbers, the 50 stones before unnumbered.
    let svg =
        String::from_utf8(show(&[&kisei, "--from", "51", "--move", "60", "--svg"])).expect("utf-8");
    let numbers: Vec<&str> = svg
        .match_indices("data-move=\"")
        .map(|(i, _)| &svg[i + 11..i + 11 + svg[i + 11..].find('"').expect("closes")])
        .collect();
    assert_eq!(
        numbers,
        ["51", "52", "53", "54", "55", "56", "57", "58", "59", "60"]
    );
    assert_eq!(svg.matches("class=\"stone ").count(), 48 + 10);
}

#[test]
fn variations_are_counted_in_tree_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sgf = write(
        dir.path(),
        "v.sgf",
        "(;GM[1]SZ[9];B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee]))",
    );
    let last = |v: &str| {
        let t = String::from_utf8(show(&[&sgf, "--variation", v])).expect("utf-8");
        t.lines().last().unwrap_or("").to_string()
    };
    assert_eq!(
        last("0"),
        "moves: 3, last: C7, black stones: 2, white stones: 1"
    );
    assert_eq!(
        last("1"),
        "moves: 3, last: D6, black stones: 2, white stones: 1"
    );
    assert_eq!(
        last("2"),
        "moves: 2, last: E5, black stones: 1, white stones: 1"
    );
    let svg = String::from_utf8(show(&[&sgf, "--variation", "2", "--svg"])).expect("utf-8");
    assert_eq!(svg.matches("class=\"stone black\"").count(), 1);
    assert_eq!(svg.matches("class=\"stone white\"").count(), 1);
    let out = kifu(&["show", &sgf, "--variation", "3"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("there is no variation 3 (the game has 2 besides the main line)"));
}

#[test]
fn crops_to_an_area_or_to_the_stones() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sgf = write(dir.path(), "cap.sgf", CAPTURE);
    let text = String::from_utf8(show(&[&sgf, "--crop", "C3-G8"])).expect("utf-8");
    assert_eq!(
        text,
        "    C D E F G
  8 . . . . . 8
  7 + .(X). + 7
  6 . X . X . 6
  5 . . X . . 5
  4 . . . . . 4
  3 ^ . . . A 3
    C D E F G
moves: 7, last: E7, black stones: 4, white stones: 2
"
    );
    // Here the stones and marks span A9-G3: a margin of one line would leave one
    // line out on the right and at the bottom, so the crop runs to the edges.
    let text = String::from_utf8(show(&[&sgf, "--crop", "auto"])).expect("utf-8");
    assert_eq!(text, String::from_utf8(show(&[&sgf])).expect("utf-8"));
    // Q16 and R14 on 19×19: one line more on each side (P-S, 17-13), and to the
    // edge on the right, where only T would be left.
    let corner = write(dir.path(), "corner.sgf", "(;GM[1]SZ[19];B[pd];W[qf])");
    let text = String::from_utf8(show(&[&corner, "--crop", "auto"])).expect("utf-8");
    assert_eq!(
        text,
        "    P Q R S T
 17 . . . . . 17
 16 . X . . . 16
 15 . . . . . 15
 14 . .(O). . 14
 13 . . . . . 13
    P Q R S T
moves: 2, last: R14, black stones: 1, white stones: 1
"
    );
    let svg = String::from_utf8(show(&[&sgf, "--crop", "C3-G8", "--svg"])).expect("utf-8");
    assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="230""#));
    assert_eq!(svg.matches("class=\"stone black\"").count(), 4);
    assert_eq!(svg.matches("class=\"stone white\"").count(), 0);
    let out = kifu(&["show", &sgf, "--crop", "Z1-A2"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_folder_of_records_gives_one_picture_each() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path().join("records");
    write(&src, "cap.sgf", CAPTURE);
    write(&src, "shogi/k.kif", KIF);
    write(
        &src,
        "gonu/fortress.gonu",
        &std::fs::read_to_string("fixtures/gonu/fortress.gonu").expect("fixture"),
    );
    write(&src, "notes.txt", "not a record");
    let out = dir.path().join("out");
    let run = |extra: &[&str]| {
        let mut args = vec![
            "show",
            src.to_str().expect("utf-8"),
            "--out-dir",
            out.to_str().expect("utf-8"),
        ];
        args.extend_from_slice(extra);
        let o = kifu(&args);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    };
    run(&["--size", "100"]);
    let mut files: Vec<String> = walkdir::WalkDir::new(&out)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            e.path()
                .strip_prefix(&out)
                .expect("under")
                .display()
                .to_string()
        })
        .collect();
    files.sort();
    assert_eq!(files, ["cap.png", "gonu/fortress.png", "shogi/k.png"]);
    assert_eq!(
        png_size(&std::fs::read(out.join("cap.png")).expect("png")),
        (100, 100)
    );
    // --svg, and one every 3 moves (and the last): cap has 7 moves, k.kif 4.
    std::fs::remove_dir_all(&out).expect("clean");
    std::fs::remove_dir_all(src.join("gonu")).expect("no moves there");
    run(&["--svg", "--every", "3"]);
    let mut files: Vec<String> = walkdir::WalkDir::new(&out)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            e.path()
                .strip_prefix(&out)
                .expect("under")
                .display()
                .to_string()
        })
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "cap-0003.svg",
            "cap-0006.svg",
            "cap-0007.svg",
            "shogi/k-0003.svg",
            "shogi/k-0004.svg"
        ]
    );
    let svg = std::fs::read_to_string(out.join("cap-0003.svg")).expect("svg");
    assert_eq!(svg.matches("class=\"stone ").count(), 3);
    // GIFs of many records.
    std::fs::remove_dir_all(&out).expect("clean");
    run(&["--gif", "--size", "100"]);
    let (n, _, _, _) = gif_frames(&std::fs::read(out.join("cap.gif")).expect("gif"));
    assert_eq!(n, 8);
}

#[test]
fn pictures_need_no_font_the_text_is_outlines() {
    let dir = tempfile::tempdir().expect("tempdir");
    let kif = write(dir.path(), "k.kif", KIF);
    for args in [
        vec![GAME, "--svg", "--kifu"],
        vec![kif.as_str(), "--svg"],
        vec!["fixtures/gonu/fortress.gonu", "--svg"],
    ] {
        let svg = String::from_utf8(show(&args)).expect("utf-8");
        assert!(!svg.contains("<text"), "{args:?}");
        assert!(!svg.contains("font-family"), "{args:?}");
    }
    let svg = String::from_utf8(show(&[&kif, "--svg"])).expect("utf-8");
    // 龍 or 角: the pieces name themselves; the hands are labelled.
    assert_eq!(svg.matches("aria-label=\"角\"").count(), 2);
    assert_eq!(svg.matches("aria-label=\"☗先手\"").count(), 1);
    // White's king is 王, black's 玉.
    assert_eq!(svg.matches("aria-label=\"王\"").count(), 1);
    assert_eq!(svg.matches("aria-label=\"玉\"").count(), 1);
    assert_eq!(svg.matches("aria-label=\"☖後手\"").count(), 1);
}
