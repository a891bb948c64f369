//! `kifu formats`: the registry as a table or JSON.

use clap::Args;
use serde::Serialize;

use super::output::{stdout_json, stdout_line};
use super::{Fatal, Status, Ui};
use kifu::formats::{self, Capabilities};

/// Arguments of `kifu formats`.
#[derive(Debug, Args)]
pub struct FormatsArgs {
    /// Print a JSON array instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct Entry {
    name: &'static str,
    description: &'static str,
    extensions: &'static [&'static str],
    read: bool,
    write: bool,
    kinds: &'static [&'static str],
    capabilities: Capabilities,
    #[serde(skip_serializing_if = "Option::is_none")]
    legacy_encoding: Option<&'static str>,
    /// The second legacy encoding (GBK for GIB and NGF).
    #[serde(skip_serializing_if = "Option::is_none")]
    legacy_alternative: Option<&'static str>,
}

/// Runs `kifu formats`.
pub fn run(args: &FormatsArgs, _ui: &Ui) -> Result<Status, Fatal> {
    let entries: Vec<Entry> = formats::all()
        .iter()
        .map(|f| Entry {
            name: f.name,
            description: f.description,
            extensions: f.extensions,
            read: true,
            write: f.writer.is_some(),
            kinds: f.kinds,
            capabilities: f.capabilities,
            legacy_encoding: f.legacy_encoding.map(|e| e.name()),
            legacy_alternative: f.legacy_alternative.map(|e| e.name()),
        })
        .collect();
    if args.json {
        stdout_json(&entries)?;
        return Ok(Status::Success);
    }
    let yes = |b: bool| if b { "yes" } else { "-" };
    let rows: Vec<[String; 7]> = entries
        .iter()
        .map(|e| {
            let c = e.capabilities;
            let mut holds = Vec::new();
            for (flag, word) in [
                (c.variations, "variations"),
                (c.comments, "comments"),
                (c.setup, "setup"),
                (c.time, "time"),
                (c.markup, "markup"),
                (c.collections, "many games"),
            ] {
                if flag {
                    holds.push(word);
                }
            }
            [
                e.name.to_string(),
                e.extensions
                    .iter()
                    .map(|x| format!(".{x}"))
                    .collect::<Vec<_>>()
                    .join(" "),
                yes(e.read).to_string(),
                yes(e.write).to_string(),
                e.kinds.join(","),
                match (e.legacy_encoding, e.legacy_alternative) {
                    (Some(a), Some(b)) => format!("{a}, {b}"),
                    (Some(a), None) => a.to_string(),
                    _ => "-".to_string(),
                },
                holds.join(", "),
            ]
        })
        .collect();
    let header = [
        "FORMAT",
        "EXTENSIONS",
        "READ",
        "WRITE",
        "GAMES",
        "LEGACY ENCODING",
        "HOLDS",
    ];
    let mut widths = header.map(|h| h.chars().count());
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let mut s = String::new();
        for (i, (cell, w)) in cells.iter().zip(widths).enumerate() {
            if i + 1 == cells.len() {
                s.push_str(cell);
            } else {
                s.push_str(&format!("{cell:<w$}  "));
            }
        }
        s
    };
    stdout_line(&line(&header.map(String::from)))?;
    for row in &rows {
        stdout_line(&line(row))?;
    }
    Ok(Status::Success)
}
