//! docs/SCALE.md's worked example on six small shards: `kifu list --csv` and
//! `kifu validate --json` per shard under GNU parallel, the outputs joined, and the
//! joined CSV checked with the csv crate (as the DuckDB query of the page counts).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const NAMES: [&str; 4] = ["Lee Sedol", "井山裕太", "Gu Li", "최정"];

/// Game `i` of shard `s`: players and result from the numbers.
fn game(s: usize, i: usize) -> (usize, usize, &'static str, String) {
    let b = (s + i) % 4;
    let w = (s + 2 * i + 1) % 4;
    let w = if w == b { (w + 1) % 4 } else { w };
    let result = ["B+R", "W+2.5", "0"][(s * 7 + i) % 3];
    let text = format!(
        "(;GM[1]FF[4]SZ[19]PB[{}]PW[{}]RE[{result}];B[pd];W[dp];B[{}{}])\n",
        NAMES[b],
        NAMES[w],
        (b'a' + (i % 19) as u8) as char,
        (b'a' + (s % 19) as u8) as char,
    );
    (b, w, result, text)
}

fn parallel_available() -> bool {
    Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_kifu"))
        .parent()
        .expect("the binary's folder")
        .to_path_buf()
}

#[test]
fn shards_listed_under_gnu_parallel_join_into_one_table() {
    if !parallel_available() {
        if std::env::var_os("KIFU_REQUIRE_PARALLEL").is_some() {
            panic!("GNU parallel is required here (KIFU_REQUIRE_PARALLEL) but not found");
        }
        eprintln!("skipped: GNU parallel is not installed (apt-get install -y parallel)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("kifu-scale-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("archive")).expect("mkdir");
    // Expected per-player games and wins, and the rows in shard order.
    let mut players: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut rows: Vec<(String, usize)> = Vec::new();
    for s in 0..6 {
        let path = format!("archive/shard{s}.sgf");
        let mut text = String::new();
        for i in 0..10 + s {
            let (b, w, result, g) = game(s, i);
            text.push_str(&g);
            let e = players.entry(NAMES[b]).or_default();
            e.0 += 1;
            e.1 += usize::from(result.starts_with("B+"));
            let e = players.entry(NAMES[w]).or_default();
            e.0 += 1;
            e.1 += usize::from(result.starts_with("W+"));
            rows.push((path.clone(), i + 1));
        }
        std::fs::write(dir.join(&path), text).expect("write");
    }
    // The page's commands, as written.
    let script = r#"
ls archive/*.sgf > shards.txt
parallel -k 'kifu list --csv $([ {#} -gt 1 ] && echo --no-header) {}' :::: shards.txt > games.csv
parallel -k 'kifu validate --json {}' :::: shards.txt > checks.ndjson
"#;
    let path = format!(
        "{}:{}",
        bin_dir().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!("set -e\n{script}"))
        .current_dir(&dir)
        .env("PATH", path)
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv_text = std::fs::read_to_string(dir.join("games.csv")).expect("games.csv");
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("header")
        .iter()
        .map(str::to_string)
        .collect();
    assert_eq!(header.first().map(String::as_str), Some("path"));
    assert_eq!(header.len(), 26);
    let col = |name: &str| header.iter().position(|h| h == name).expect("column");
    let (p, g, b, w, win) = (
        col("path"),
        col("game"),
        col("black"),
        col("white"),
        col("winner"),
    );
    let records: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("row")).collect();
    // One header only: every later record is a game, in shard order.
    let got: Vec<(String, usize)> = records
        .iter()
        .map(|r| {
            (
                r.get(p).expect("path").to_string(),
                r.get(g).expect("game").parse().expect("number"),
            )
        })
        .collect();
    assert_eq!(got, rows);
    // The page's first query, counted here.
    let mut counted: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for r in &records {
        let winner = r.get(win).expect("winner");
        for (name, side) in [(r.get(b), "black"), (r.get(w), "white")] {
            let e = counted.entry(name.expect("name").to_string()).or_default();
            e.0 += 1;
            e.1 += usize::from(winner == side);
        }
    }
    let want: BTreeMap<String, (usize, usize)> = players
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    assert_eq!(counted, want);
    // validate --json per shard: one file object per shard, all valid.
    let checks = std::fs::read_to_string(dir.join("checks.ndjson")).expect("checks");
    let files: Vec<serde_json::Value> = checks
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json"))
        .filter(|v| v["type"] == "file")
        .collect();
    assert_eq!(files.len(), 6);
    assert!(files.iter().all(|v| v["valid"] == true), "{checks}");
    let _ = std::fs::remove_dir_all(&dir);
}
