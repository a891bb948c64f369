//! `--analysis keep|strip|as=PROGRAM`, shared by the commands that write records
//! (`convert`, `split`, `merge`, `filter`): the argument's parser and the note a
//! strip leaves on standard error.

use super::output::Ui;
use kifu::formats::analysis::writing::{AnalysisMode, Program, Stripped};

/// Parses `keep`, `strip` or `as=PROGRAM`.
pub fn parse(s: &str) -> Result<AnalysisMode, String> {
    match s {
        "keep" => return Ok(AnalysisMode::Keep),
        "strip" => return Ok(AnalysisMode::Strip),
        _ => {}
    }
    let names = || {
        Program::ALL
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match s.strip_prefix("as=") {
        Some(name) => Program::named(name).map(AnalysisMode::As).ok_or_else(|| {
            format!(
                "unknown program {name:?} for --analysis as=: give one of {}",
                names()
            )
        }),
        None => Err(format!(
            "give keep, strip or as=PROGRAM (PROGRAM: {})",
            names()
        )),
    }
}

/// Tells, on standard error, what a strip took out of one output (nothing when it
/// took nothing).
pub fn note_stripped(ui: &Ui, shown: &str, stripped: Stripped) {
    if stripped.evaluations > 0 {
        ui.note(&format!(
            "{shown}: analysis stripped: {} evaluation(s), {} byte(s)",
            stripped.evaluations, stripped.bytes
        ));
    }
}

/// Adds `more` to `total`.
pub fn add(total: &mut Stripped, more: Stripped) {
    total.evaluations += more.evaluations;
    total.bytes += more.bytes;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_three_forms() {
        assert_eq!(parse("keep"), Ok(AnalysisMode::Keep));
        assert_eq!(parse("strip"), Ok(AnalysisMode::Strip));
        assert_eq!(parse("as=sabaki"), Ok(AnalysisMode::As(Program::Sabaki)));
        assert!(parse("as=katrain").is_err());
        assert!(parse("drop").is_err());
    }
}
