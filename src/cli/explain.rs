//! `kifu explain`: what a diagnostic or loss code means, from the code registry.

use clap::Args;
use serde::Serialize;

use super::output::{stdout_bytes, stdout_json, stdout_line};
use super::{Fatal, Status, Ui};
use kifu::diag::codes;

/// Arguments of `kifu explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The code to explain, e.g. `sgf::missing-close`.
    #[arg(
        value_name = "CODE",
        required_unless_present = "list",
        conflicts_with = "list"
    )]
    pub code: Option<String>,
    /// List every code: `CODE SEVERITY SUMMARY`, one a line.
    #[arg(long)]
    pub list: bool,
    /// With --list: print a JSON array of `{code, severity, summary}`.
    #[arg(long, requires = "list")]
    pub json: bool,
}

#[derive(Serialize)]
struct Entry {
    code: &'static str,
    severity: &'static str,
    summary: &'static str,
}

/// Runs `kifu explain`.
pub fn run(args: &ExplainArgs, _ui: &Ui) -> Result<Status, Fatal> {
    if args.list {
        if args.json {
            let entries: Vec<Entry> = codes::ALL
                .iter()
                .map(|c| Entry {
                    code: c.name,
                    severity: c.kind.as_str(),
                    summary: c.summary,
                })
                .collect();
            stdout_json(&entries)?;
            return Ok(Status::Success);
        }
        let width = codes::ALL.iter().map(|c| c.name.len()).max().unwrap_or(0);
        let mut out = String::new();
        for c in codes::ALL {
            out.push_str(&format!(
                "{:<width$}  {:<7}  {}\n",
                c.name,
                c.kind.as_str(),
                c.summary
            ));
        }
        stdout_bytes(out.as_bytes())?;
        return Ok(Status::Success);
    }
    let name = args.code.as_deref().unwrap_or("").trim();
    match codes::lookup(name) {
        Some(code) => {
            stdout_line(code.explanation().trim_end())?;
            Ok(Status::Success)
        }
        None => {
            let near: Vec<&str> = codes::closest(name, 3).iter().map(|c| c.name).collect();
            let hint = if near.is_empty() {
                String::new()
            } else {
                format!("; did you mean {}?", near.join(", "))
            };
            Err(Fatal::Other(format!(
                "unknown code {name:?}{hint} (`kifu explain --list` lists every code)"
            )))
        }
    }
}
