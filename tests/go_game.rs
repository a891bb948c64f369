//! `kifu show` on our own long Go game (`fixtures/go/kifu-cup-2024.sgf`, 220 moves with
//! captures and retakes), in every checkout: the counts, notes, PNG pixels and GIF
//! frames that `tests/pictures.rs` and `tests/show.rs` also check on the real 1976
//! Kisei game when `../shared/corpus` is beside the checkout.

use std::process::Command;

const GAME: &str = "fixtures/go/kifu-cup-2024.sgf";

fn show(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("show")
        .arg(GAME)
        .args(args)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn text(args: &[&str]) -> String {
    String::from_utf8(show(args)).expect("UTF-8")
}

#[test]
fn the_position_after_move_60_matches_its_own_count() {
    assert!(text(&["--move", "60"])
        .ends_with("moves: 60, last: P17, black stones: 30, white stones: 30\n"));
    let svg = text(&["--move", "60", "--svg"]);
    assert_eq!(svg.matches("class=\"stone black\"").count(), 30);
    assert_eq!(svg.matches("class=\"stone white\"").count(), 30);
}

#[test]
fn the_whole_game_numbered_notes_the_retakes() {
    assert!(text(&["--kifu"]).ends_with(
        "moves: 220, last: Q3, black stones: 108, white stones: 110\n185 at 176, 215 at 90\n"
    ));
    let svg = text(&["--kifu", "--svg"]);
    assert_eq!(svg.matches("class=\"move-number\"").count(), 218);
    assert_eq!(svg.matches("class=\"move-number note\"").count(), 2);
}

#[test]
fn the_png_has_its_stones_where_the_game_put_them() {
    let png = show(&["--move", "60", "--png"]);
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("png header");
    let mut rgb = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut rgb).expect("png frame");
    assert_eq!((info.width, info.color_type), (800, png::ColorType::Rgb));
    // SVG units: point (x, y) at (40 + 30x, 40 + 30y); the PNG is 800/620 of that.
    let pixel = |x: u32, y: u32, d: i32| {
        let sx = ((40 + 30 * x) as i32 + d) as f32 * 800.0 / 620.0;
        let sy = ((40 + 30 * y) as i32 + d) as f32 * 800.0 / 620.0;
        let i = 3 * (sy.round() as usize * 800 + sx.round() as usize);
        [rgb[i], rgb[i + 1], rgb[i + 2]]
    };
    assert_eq!(pixel(15, 0, 5), [0x11, 0x11, 0x11], "black stone at Q19");
    assert_eq!(pixel(1, 0, 5), [0xf8, 0xf8, 0xf8], "white stone at B19");
    assert_eq!(pixel(8, 10, 10), [0xdc, 0xb3, 0x5c], "empty board near J9");
}

#[test]
fn the_gif_has_a_frame_per_position() {
    let gif = show(&["--gif", "--size", "100"]);
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut d = opts.read_info(&gif[..]).expect("a GIF");
    let mut frames = 0;
    while d.read_next_frame().expect("a frame").is_some() {
        frames += 1;
    }
    assert_eq!(frames, 221);
}
