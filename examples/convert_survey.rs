//! Converts every record under a directory as `kifu convert FILE -t TARGET` would, and
//! reads each output back: how many inputs were refused, how many converted, and how
//! many read back to the same model. The survey of real files behind the figures in
//! docs/formats/sgf.md (`cargo run --release --example convert_survey -- DIR sgf`).

use std::path::Path;

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(dir), Some(target)) = (args.next(), args.next()) else {
        eprintln!("usage: convert_survey DIR TARGET");
        std::process::exit(2);
    };
    let Some(format) = kifu::formats::by_name(&target) else {
        eprintln!("unknown format {target}");
        std::process::exit(2);
    };
    let (mut files, mut refused, mut converted, mut same, mut with_errors) = (0, 0, 0, 0, 0);
    let mut failures: Vec<String> = Vec::new();
    for entry in walkdir::WalkDir::new(&dir)
        .into_iter()
        .filter_map(Result::ok)
    {
        let path = entry.path();
        if !entry.file_type().is_file() || kifu::formats::by_extension(path).is_none() {
            continue;
        }
        files += 1;
        let Some(outcome) = read(path, None) else {
            refused += 1;
            failures.push(format!("unreadable: {}", path.display()));
            continue;
        };
        if outcome.parsed.collection.games.is_empty() {
            refused += 1;
            failures.push(format!("no game: {}", path.display()));
            continue;
        }
        if outcome.has_errors() {
            with_errors += 1;
        }
        let Ok(written) = kifu::write(&outcome.parsed.collection, format, None, None) else {
            refused += 1;
            failures.push(format!("cannot write: {}", path.display()));
            continue;
        };
        converted += 1;
        let back = kifu::read(&kifu::Input {
            bytes: (&written.bytes).into(),
            path: None,
            format: Some(format),
            encoding: None,
        });
        match back {
            Ok(b) if b.parsed.collection == outcome.parsed.collection => same += 1,
            _ => failures.push(format!("differs after a round trip: {}", path.display())),
        }
    }
    println!(
        "{files} files: {converted} converted ({with_errors} with errors reported), {refused} refused; {same} read back to the same model"
    );
    for f in failures.iter().take(20) {
        println!("  {f}");
    }
}

fn read(path: &Path, format: Option<&'static kifu::formats::Format>) -> Option<kifu::ReadOutcome> {
    let bytes = std::fs::read(path).ok()?;
    kifu::read(&kifu::Input {
        bytes: (&bytes).into(),
        path: Some(path),
        format,
        encoding: None,
    })
    .ok()
}
