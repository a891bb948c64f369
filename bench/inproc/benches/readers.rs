//! In-process throughput of kifu's readers and of in-memory re-encoding (issue #10),
//! with divan; bytes/s are the input's bytes. Run: `cd bench/inproc && cargo bench`.
//!
//! The inputs are deterministic and made before any timing:
//! - SGF: `python3 bench/gen_sgf.py 500` (≈ 2 MB, the first 500 games of the SGF
//!   collection of bench/compare.sh); `KIFU_INPROC_SGF=FILE` benchmarks another file.
//! - KIF and KI2: the first 300 games of `bench/shogi_gen.rs` (the generator of
//!   `examples/shogi_bench.rs`, so the games of bench/compare.sh), written in memory
//!   as Shift_JIS by kifu's own writers, one file each.
//! - reencode: those KIF files through `kifu::reencode::transform` to UTF-8 (detect,
//!   decode, rewrite the declaration, encode, decode again to verify): no file system.
//!
//! Every benchmark runs on one thread. The values a benchmark returns (the games) are
//! dropped outside the timed loop.

use std::path::Path;
use std::sync::OnceLock;

use divan::counter::BytesCount;
use divan::Bencher;
use kifu::model::Collection;
use kifu::reencode::{Mode, Options, Profile};
use kifu::text::TextEncoding;

#[path = "../../shogi_gen.rs"]
mod shogi_gen;

const SGF_GAMES: &str = "500";
const SHOGI_GAMES: usize = 300;

fn main() {
    divan::main();
}

/// The inputs by format: one SGF collection, one KIF and one KI2 file per game.
struct Inputs {
    sgf: Vec<Vec<u8>>,
    kif: Vec<Vec<u8>>,
    ki2: Vec<Vec<u8>>,
}

impl Inputs {
    fn of(&self, format: &str) -> &[Vec<u8>] {
        match format {
            "sgf" => &self.sgf,
            "kif" => &self.kif,
            _ => &self.ki2,
        }
    }
}

fn inputs() -> &'static Inputs {
    static INPUTS: OnceLock<Inputs> = OnceLock::new();
    INPUTS.get_or_init(|| {
        let sgf = match std::env::var_os("KIFU_INPROC_SGF") {
            Some(path) => std::fs::read(path).expect("KIFU_INPROC_SGF is readable"),
            None => {
                let gen = concat!(env!("CARGO_MANIFEST_DIR"), "/../gen_sgf.py");
                let out = std::process::Command::new("python3")
                    .args([gen, SGF_GAMES])
                    .output()
                    .expect("python3 runs bench/gen_sgf.py");
                assert!(out.status.success(), "gen_sgf.py failed");
                out.stdout
            }
        };
        let mut rng = shogi_gen::Rng::seeded();
        let (mut kif, mut ki2) = (Vec::new(), Vec::new());
        for i in 0..SHOGI_GAMES {
            let c = Collection {
                games: vec![shogi_gen::game(i, &mut rng)],
            };
            for (name, out) in [("kif", &mut kif), ("ki2", &mut ki2)] {
                let format = kifu::formats::by_name(name).expect("a shogi format");
                let written = kifu::write(&c, format, Some(TextEncoding::SHIFT_JIS), None)
                    .expect("the writer takes its own games");
                out.push(written.bytes);
            }
        }
        Inputs {
            sgf: vec![sgf],
            kif,
            ki2,
        }
    })
}

fn total(files: &[Vec<u8>]) -> usize {
    files.iter().map(Vec::len).sum()
}

/// One input file as the library sees it, named `name` so the extension picks the
/// reader.
fn input<'a>(bytes: &'a [u8], name: &'a str) -> kifu::Input<'a> {
    kifu::Input {
        bytes: divan::black_box(bytes).into(),
        path: Some(Path::new(name)),
        format: None,
        encoding: None,
    }
}

/// Runs `each` on every input file of `format` (the extension picks the reader, as for
/// a file on disk), keeping the results until the sample ends.
fn each_file<T>(bencher: Bencher, format: &str, each: impl Fn(&kifu::Input) -> T) {
    let files = inputs().of(format);
    let name = format!("input.{format}");
    bencher
        .counter(BytesCount::new(total(files)))
        .bench_local(|| {
            files
                .iter()
                .map(|bytes| each(&input(bytes, &name)))
                .collect::<Vec<_>>()
        });
}

/// Reads every input file of `format`, validating each when asked.
fn read_all(bencher: Bencher, format: &str, validate: bool) {
    each_file(bencher, format, |input| {
        let mut out = kifu::read(input).expect("the benchmark input reads");
        if validate {
            kifu::validate(&mut out);
        }
        out
    });
}

/// Decoding and parsing into the model.
#[divan::bench(args = ["sgf", "kif", "ki2"], sample_count = 20, sample_size = 1)]
fn read(bencher: Bencher, format: &str) {
    read_all(bencher, format, false);
}

/// The same, then every move of every variation checked by the game's rules.
#[divan::bench(args = ["sgf", "kif", "ki2"], sample_count = 20, sample_size = 1)]
fn read_validate(bencher: Bencher, format: &str) {
    read_all(bencher, format, true);
}

/// What `kifu validate` runs: `kifu::check`, the same verdicts as reading and
/// validating, with SGF games checked as they are read and dropped (the 2 MB input is
/// over the size at which SGF is also read in pieces on all cores).
#[divan::bench(args = ["sgf", "kif", "ki2"], sample_count = 20, sample_size = 1)]
fn check(bencher: Bencher, format: &str) {
    each_file(bencher, format, |input| {
        kifu::check(input, None).expect("the benchmark input checks")
    });
}

#[divan::bench(sample_count = 20, sample_size = 1)]
fn kif_reencode_to_utf8(bencher: Bencher) {
    let files = &inputs().kif;
    let profile = Profile::for_path(Path::new("game.kif")).expect("a .kif profile");
    let opts = Options {
        to: TextEncoding::UTF_8,
        from: None,
        mode: Mode::InPlace { backup: None },
        dry_run: false,
        lossy: false,
        follow: false,
        all: false,
    };
    bencher
        .counter(BytesCount::new(total(files)))
        .bench_local(|| {
            files
                .iter()
                .map(|f| kifu::reencode::transform(divan::black_box(f), profile, &opts))
                .collect::<Vec<_>>()
        });
}
