//! KaTrain's SGF property `KT` read as evaluations (`sanderland/katrain`,
//! `katrain/core/game_node.py` `analysis_dumps` / `load_analysis`,
//! `katrain/core/utils.py` `pack_floats`). `KT` has three values, each the standard
//! base64 of gzip-compressed data: the ownership grid and the policy (packed 16-bit
//! floats, which the model has no place for) and a JSON object, the node's analysis
//! as KataGo's analysis engine gave it, from Black's side (`root`: `winrate`,
//! `scoreLead`, `visits`; `moves`: each candidate with `move`, `visits`, `winrate`,
//! `scoreLead`, `pv`, `order`).
//!
//! [`parse_kt`] checks all three values decode (strict base64, gzip bounded to
//! [`MAX_INFLATED`] and to [`INFLATE_RATIO`] times the compressed size, so a gzip
//! bomb costs nothing) and maps the JSON: the root to the node's evaluation, each
//! candidate to a ranked one with its variation (GTP vertices, as Lizzie's
//! candidates are held). There is no writer: a `KT` is written back as it was read.

use super::NotAnalysis;
use crate::model::{Convention, Evaluation};
use std::io::Read;

/// The most bytes one `KT` value may decompress to.
pub const MAX_INFLATED: usize = 8 << 20;
/// The most times its compressed size one `KT` value may decompress to.
pub const INFLATE_RATIO: usize = 64;
/// The engine whose analysis `KT` holds: KaTrain runs KataGo's analysis engine.
const ENGINE: &str = "KataGo";

/// Reads a `KT` property's values (as the SGF reader unescapes them) into the
/// node's evaluation (rank `None`: the JSON's root) and one ranked evaluation per
/// candidate (rank = KataGo's `order` + 1, in that order), every figure Black's.
/// The error's offset is into the value that failed, and its message names which.
pub fn parse_kt(values: &[String]) -> Result<Vec<Evaluation>, NotAnalysis> {
    let [ownership, policy, json] = values else {
        return Err(NotAnalysis::at(0, "KT has three values"));
    };
    inflate(ownership, "the ownership value")?;
    inflate(policy, "the policy value")?;
    let data = inflate(json, "the analysis value")?;
    let kt: Kt = serde_json::from_slice(&data)
        .map_err(|_| NotAnalysis::at(0, "the analysis value is not KataGo's analysis JSON"))?;
    let mut head = Evaluation::in_convention(Convention::KaTrain);
    head.engine = Some(ENGINE.to_string());
    head.winrate = Some(rate(kt.root.winrate)?);
    head.score = finite(kt.root.score_lead)?;
    head.visits = kt.root.visits;
    let mut moves: Vec<Candidate> = match kt.moves {
        Moves::List(list) => list,
        Moves::Map(map) => map.into_values().collect(),
    };
    moves.sort_by_key(|m| m.order);
    let mut out = vec![head];
    for (i, m) in moves.into_iter().enumerate() {
        let mut e = Evaluation::in_convention(Convention::KaTrain);
        e.engine = Some(ENGINE.to_string());
        let rank = match m.order {
            Some(o) => o.checked_add(1),
            None => u32::try_from(i + 1).ok(),
        };
        e.rank = Some(rank.ok_or(NotAnalysis::at(0, "a candidate's order is too large"))?);
        e.winrate = m.winrate.map(rate).transpose()?;
        e.score = finite(m.score_lead)?;
        e.visits = m.visits;
        e.pv = if m.pv.is_empty() { vec![m.mv] } else { m.pv };
        if !e.pv.iter().all(|v| super::go::is_vertex(v)) {
            return Err(NotAnalysis::at(0, "a candidate's move is not a GTP vertex"));
        }
        out.push(e);
    }
    Ok(out)
}

/// A win rate from 0 to 1.
fn rate(v: f64) -> Result<f64, NotAnalysis> {
    (0.0..=1.0)
        .contains(&v)
        .then_some(v)
        .ok_or(NotAnalysis::at(0, "a win rate is not from 0 to 1"))
}

/// A finite number, or none.
fn finite(v: Option<f64>) -> Result<Option<f64>, NotAnalysis> {
    match v {
        Some(v) if !v.is_finite() => Err(NotAnalysis::at(0, "a score is not finite")),
        v => Ok(v),
    }
}

/// One value's bytes: base64 decoded, then gunzipped within the bounds.
fn inflate(value: &str, which: &'static str) -> Result<Vec<u8>, NotAnalysis> {
    let packed = base64(value).map_err(|at| NotAnalysis::at(at, base64_why(which)))?;
    let limit = packed.len().saturating_mul(INFLATE_RATIO).min(MAX_INFLATED);
    let mut out = Vec::new();
    let mut gz = flate2::read::GzDecoder::new(packed.as_slice()).take(limit as u64 + 1);
    gz.read_to_end(&mut out)
        .map_err(|_| NotAnalysis::at(0, gzip_why(which)))?;
    if out.len() > limit {
        return Err(NotAnalysis::at(0, bomb_why(which)));
    }
    Ok(out)
}

/// The message for a value that is not base64.
fn base64_why(which: &'static str) -> &'static str {
    match which {
        "the ownership value" => "the ownership value is not standard base64",
        "the policy value" => "the policy value is not standard base64",
        _ => "the analysis value is not standard base64",
    }
}

/// The message for a value that is not gzip data.
fn gzip_why(which: &'static str) -> &'static str {
    match which {
        "the ownership value" => "the ownership value is not gzip data",
        "the policy value" => "the policy value is not gzip data",
        _ => "the analysis value is not gzip data",
    }
}

/// The message for a value that decompresses to too much.
fn bomb_why(which: &'static str) -> &'static str {
    match which {
        "the ownership value" => {
            "the ownership value decompresses to more than 64 times its size or 8 MiB"
        }
        "the policy value" => {
            "the policy value decompresses to more than 64 times its size or 8 MiB"
        }
        _ => "the analysis value decompresses to more than 64 times its size or 8 MiB",
    }
}

/// Strict standard base64 (RFC 4648 §4, padded, no line breaks, unused bits zero):
/// the bytes, or the offset of the first character that is wrong.
pub(crate) fn base64(text: &str) -> Result<Vec<u8>, usize> {
    let b = text.as_bytes();
    if b.len() % 4 != 0 {
        return Err(b.len());
    }
    let pad = b.iter().rev().take(2).take_while(|&&c| c == b'=').count();
    let body = &b[..b.len() - pad];
    let mut out = Vec::with_capacity(b.len() / 4 * 3);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for (i, &c) in body.iter().enumerate() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(i),
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    // Bits left over must be zero (else two texts would give the same bytes).
    if acc != 0 {
        return Err(body.len().saturating_sub(1));
    }
    Ok(out)
}

/// The parts of KaTrain's analysis JSON kifu maps; the others are read past.
#[derive(serde::Deserialize)]
struct Kt {
    root: Root,
    #[serde(default)]
    moves: Moves,
}

/// The root's figures (Black's).
#[derive(serde::Deserialize)]
struct Root {
    winrate: f64,
    #[serde(rename = "scoreLead", default)]
    score_lead: Option<f64>,
    #[serde(default)]
    visits: Option<u64>,
}

/// The candidates: KaTrain keeps them in an object keyed by move; a list is read too.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum Moves {
    List(Vec<Candidate>),
    Map(std::collections::BTreeMap<String, Candidate>),
}

impl Default for Moves {
    fn default() -> Moves {
        Moves::List(Vec::new())
    }
}

/// One candidate (KataGo's `moveInfos` entry).
#[derive(serde::Deserialize)]
struct Candidate {
    #[serde(rename = "move")]
    mv: String,
    #[serde(default)]
    visits: Option<u64>,
    #[serde(default)]
    winrate: Option<f64>,
    #[serde(rename = "scoreLead", default)]
    score_lead: Option<f64>,
    #[serde(default)]
    pv: Vec<String>,
    #[serde(default)]
    order: Option<u32>,
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::io::Write;

    /// Standard padded base64 of `data` (the test's encoder).
    pub(crate) fn encode64(data: &[u8]) -> String {
        const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut out = String::new();
        for chunk in data.chunks(3) {
            let n = chunk.len();
            let v = chunk
                .iter()
                .enumerate()
                .fold(0u32, |acc, (i, &b)| acc | u32::from(b) << (16 - 8 * i));
            for k in 0..4 {
                if k <= n {
                    out.push(char::from(A[(v >> (18 - 6 * k) & 63) as usize]));
                } else {
                    out.push('=');
                }
            }
        }
        out
    }

    /// base64 of gzip of `data`, as KaTrain writes each `KT` value.
    pub(crate) fn packed(data: &[u8]) -> String {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(data).unwrap();
        encode64(&gz.finish().unwrap())
    }

    /// A `KT` value's three parts for `json`, with small grids.
    pub(crate) fn kt(json: &str) -> Vec<String> {
        vec![
            packed(&[0; 722]),
            packed(&[0; 724]),
            packed(json.as_bytes()),
        ]
    }

    pub(crate) const JSON: &str = r#"{"root":{"winrate":0.55,"scoreLead":1.5,"visits":500,"scoreStdev":20},"moves":{"Q16":{"move":"Q16","visits":300,"winrate":0.56,"scoreLead":1.7,"pv":["Q16","D4"],"order":0,"prior":0.3},"D4":{"move":"D4","visits":150,"winrate":0.5,"scoreLead":0.5,"pv":["D4"],"order":1}},"completed":true,"ownership":null,"policy":null}"#;

    #[test]
    fn base64_is_strict() {
        assert_eq!(base64("TWFu").unwrap(), b"Man");
        assert_eq!(base64("TWE=").unwrap(), b"Ma");
        assert_eq!(base64("TQ==").unwrap(), b"M");
        assert_eq!(base64("").unwrap(), b"");
        assert_eq!(base64("TWF"), Err(3));
        assert_eq!(base64("TW-u"), Err(2));
        assert_eq!(base64("TR=="), Err(1));
        assert_eq!(base64("T==="), Err(1));
        assert_eq!(base64("TW\nu"), Err(2));
        for s in ["", "a", "ab", "abc", "abcd", "\u{ff}\u{0}xyz"] {
            assert_eq!(base64(&encode64(s.as_bytes())).unwrap(), s.as_bytes());
        }
    }

    #[test]
    fn kt_reads_root_and_candidates() {
        let e = parse_kt(&kt(JSON)).unwrap();
        assert_eq!(e.len(), 3);
        assert_eq!(e[0].winrate, Some(0.55));
        assert_eq!(e[0].score, Some(1.5));
        assert_eq!(e[0].visits, Some(500));
        assert_eq!(e[0].rank, None);
        assert_eq!(e[0].engine.as_deref(), Some("KataGo"));
        assert_eq!(e[0].convention, Some(Convention::KaTrain));
        assert_eq!(e[1].rank, Some(1));
        assert_eq!(e[1].pv, ["Q16", "D4"]);
        assert_eq!(e[1].winrate, Some(0.56));
        assert_eq!(e[1].score, Some(1.7));
        assert_eq!(e[1].visits, Some(300));
        assert_eq!(e[2].rank, Some(2));
        assert_eq!(e[2].pv, ["D4"]);
        // A list of candidates reads the same.
        let list = JSON
            .replace(r#"{"Q16":{"#, r#"[{"#)
            .replace(r#"},"D4":{"#, "},{")
            .replace(r#""order":1}}"#, r#""order":1}]"#);
        assert_eq!(parse_kt(&kt(&list)).unwrap(), e);
    }

    #[test]
    fn corrupt_kt_says_what() {
        let why = |v: &[String]| parse_kt(v).unwrap_err().to_string();
        let mut v = kt(JSON);
        v[2].insert(4, '!');
        v[2].pop();
        assert_eq!(why(&v), "byte 4: the analysis value is not standard base64");
        let mut v = kt(JSON);
        v[1] = encode64(b"not gzip");
        assert_eq!(why(&v), "byte 0: the policy value is not gzip data");
        let v = kt("{\"root\":{}}");
        assert_eq!(
            why(&v),
            "byte 0: the analysis value is not KataGo's analysis JSON"
        );
        let v = kt(r#"{"root":{"winrate":1.5}}"#);
        assert_eq!(why(&v), "byte 0: a win rate is not from 0 to 1");
        let mut v = kt(JSON);
        v[0] = packed(&vec![0; 1 << 20]);
        assert_eq!(
            why(&v),
            "byte 0: the ownership value decompresses to more than 64 times its size or 8 MiB"
        );
        assert_eq!(why(&v[..2]), "byte 0: KT has three values");
    }

    /// No bytes make the reader panic: every prefix of a good value and every
    /// byte flipped.
    #[test]
    fn no_value_makes_it_panic() {
        let good = kt(JSON);
        for i in 0..good[2].len() {
            let mut v = good.clone();
            v[2].truncate(i);
            let _ = parse_kt(&v);
            let mut v = good.clone();
            v[2].replace_range(i..i + 1, "A");
            let _ = parse_kt(&v);
        }
    }
}
