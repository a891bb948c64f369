//! `kifu validate -`: standard input, read with a bound. Input that ends within one
//! part ([`PART`]) is checked whole, as a file is. A longer SGF collection is cut
//! between its game trees as it arrives ([`Format::cut`]) and checked part by part,
//! each part's diagnostics written as soon as it is checked, with lines, columns and
//! offsets counted in the whole input; so any number of games is checked in memory
//! bounded by `--max-game-size`. More than `--max-game-size` without a complete game
//! (or, for other formats, in the one record) is an error, not an allocation.

use std::io::Read;

use super::super::inputs::InputFile;
use super::super::load::Resolved;
use super::super::ndjson::{DiagReport, FileReport};
use super::super::output::{stdout_json, stdout_line};
use super::super::stream::{read_parts, Flow, Parts, PART};
use super::super::{Fatal, Ui};
use super::{report, ValidateArgs};
use kifu::diag::{self, Collapser, Counts, Diagnostic, Shift, Source};
use kifu::formats::{Format, SourceInfo};
use kifu::model::GomokuRule;
use kifu::text::{LineIndex, TextEncoding};
use kifu::{Checked, Input};

/// Stands in a summary's message until its count is known (see [`Stream::finish`]);
/// `usize::MAX` stands in its `omitted`.
const COUNT_LATER: &str = "\u{1}count\u{1}";

/// Checks standard input and reports it (diagnostics as they are found, then the
/// verdict); returns the file's counts (with one error more when it could not be read).
pub fn check(
    args: &ValidateArgs,
    ui: &Ui,
    input: &InputFile,
    opts: Resolved,
) -> Result<Counts, Fatal> {
    check_from(&mut std::io::stdin().lock(), args, ui, input, opts, PART)
}

/// [`check`] of any reader, cut into parts of about `part` bytes (the cutting is
/// `stream::read_parts`, shared with the commands that read game by game).
fn check_from(
    reader: &mut impl Read,
    args: &ValidateArgs,
    ui: &Ui,
    input: &InputFile,
    opts: Resolved,
    part: usize,
) -> Result<Counts, Fatal> {
    let mut stream: Option<Stream<'_>> = None;
    let cut = read_parts(
        reader,
        &input.display,
        opts.format,
        opts.encoding,
        part,
        Some(opts.max_game_size),
        &mut |format, bytes| {
            stream
                .get_or_insert_with(|| Stream::new(args, ui, input, opts, format))
                .part(bytes)?;
            Ok(Flow::Continue)
        },
    )?;
    match (cut, stream) {
        (Ok(Parts::Whole(bytes)), _) => whole(args, ui, input, opts, bytes),
        (Ok(Parts::Cut), Some(stream)) => stream.finish(),
        (Err((reason, _)), Some(stream)) => stream.fail(&reason),
        (Err((reason, Some(format))), None) => {
            Stream::new(args, ui, input, opts, format).fail(&reason)
        }
        (Err((reason, None)), None) => failed(args, ui, input, &reason, None),
        // Cut without a part: nothing was read.
        (Ok(Parts::Cut), None) => whole(args, ui, input, opts, Vec::new()),
    }
}

/// Input that ended within a part: checked and reported as a file is.
fn whole(
    args: &ValidateArgs,
    ui: &Ui,
    input: &InputFile,
    opts: Resolved,
    bytes: Vec<u8>,
) -> Result<Counts, Fatal> {
    let rule = opts.rule.map(GomokuRule::from_name);
    let checked = kifu::check_owned(
        bytes,
        &Input {
            bytes: (&[]).into(),
            path: None,
            format: opts.format,
            encoding: opts.encoding,
        },
        rule.as_ref(),
    );
    match checked {
        Ok(outcome) => {
            let counts = Counts::of(&outcome.diagnostics);
            report(args, ui, input, &outcome, &counts)?;
            Ok(counts)
        }
        Err(e) => failed(args, ui, input, &format!("{}: {e}", input.display), None),
    }
}

/// Reports a file that could not be read (to its end); `so_far` is what was checked
/// before. Returns its counts with one error more.
fn failed(
    args: &ValidateArgs,
    ui: &Ui,
    input: &InputFile,
    reason: &str,
    so_far: Option<(&'static Format, Option<&SourceInfo>, usize, Counts)>,
) -> Result<Counts, Fatal> {
    let (format, source, games, mut counts) = match so_far {
        Some((f, s, g, c)) => (Some(f), s, g, c),
        None => (None, None, 0, Counts::default()),
    };
    counts.errors += 1;
    if args.json {
        stdout_json(&FileReport {
            valid: false,
            format: format.map(|f| f.name),
            encoding: source.and_then(|s| s.encoding.as_deref()),
            encoding_decided_by: source.and_then(|s| s.encoding_decided_by.as_deref()),
            games,
            errors: counts.errors,
            warnings: counts.warnings,
            infos: counts.infos,
            failure: Some(reason),
            ..FileReport::new(&input.display)
        })?;
    } else {
        ui.error(reason);
    }
    Ok(counts)
}

/// An SGF collection on standard input being checked part by part.
struct Stream<'a> {
    args: &'a ValidateArgs,
    ui: &'a Ui,
    input: &'a InputFile,
    format: &'static Format,
    encoding: Option<TextEncoding>,
    rule: Option<GomokuRule>,
    /// Parts checked.
    parts: usize,
    /// Games checked.
    games: usize,
    /// Every diagnostic, shown or not.
    counts: Counts,
    /// Where the next part starts in the whole input.
    shift: Shift,
    /// The first part's format and encoding.
    source: Option<SourceInfo>,
    /// The first diagnostics of each code go through; the rest are counted.
    collapser: Collapser,
    /// Each summary of the collapser, rendered where it stands with
    /// [`COUNT_LATER`] for its message.
    summaries: Vec<Option<String>>,
}

impl<'a> Stream<'a> {
    fn new(
        args: &'a ValidateArgs,
        ui: &'a Ui,
        input: &'a InputFile,
        opts: Resolved,
        format: &'static Format,
    ) -> Stream<'a> {
        Stream {
            args,
            ui,
            input,
            format,
            encoding: opts.encoding,
            rule: opts.rule.map(GomokuRule::from_name),
            parts: 0,
            games: 0,
            counts: Counts::default(),
            shift: Shift::default(),
            source: None,
            collapser: Collapser::new(),
            summaries: Vec::new(),
        }
    }

    /// Checks one part (whole game trees, or the rest of the input) and writes its
    /// diagnostics.
    fn part(&mut self, bytes: Vec<u8>) -> Result<(), Fatal> {
        let raw = bytes.len();
        let checked: Checked = match kifu::check_owned(
            bytes,
            &Input {
                bytes: (&[]).into(),
                path: None,
                format: Some(self.format),
                encoding: self.encoding,
            },
            self.rule.as_ref(),
        ) {
            Ok(c) => c,
            // The format is given: detection cannot fail.
            Err(_) => Checked {
                format: self.format,
                source: SourceInfo::default(),
                text: None,
                games: 0,
                diagnostics: Vec::new(),
            },
        };
        self.parts += 1;
        self.games += checked.games;
        if self.source.is_none() {
            self.source = Some(checked.source);
        }
        let text = checked.text.unwrap_or_default();
        let index = (!checked.diagnostics.is_empty()).then(|| LineIndex::new(&text));
        for d in checked.diagnostics {
            // "No game" belongs to the whole input, which has games.
            if d.code == kifu::diag::codes::SGF_NO_GAME.name && self.games > 0 {
                continue;
            }
            self.counts.add(&d);
            let before = self.collapser.pending().len();
            let shown = self.collapser.admit(d);
            let Some(index) = &index else { continue };
            let source = Source::Part(&text, index, self.shift);
            match shown {
                Some(d) => self.write(&d, source, None)?,
                None => {
                    if let Some(summary) = self.collapser.pending().get(before) {
                        let mut d: Diagnostic = summary.clone();
                        d.message = COUNT_LATER.to_string();
                        d.omitted = usize::MAX;
                        let rendered = self.render(&d, source)?;
                        self.summaries.push(rendered);
                    }
                }
            }
        }
        self.shift = self.shift.after(&text, raw);
        Ok(())
    }

    /// A diagnostic rendered (human or NDJSON line), `None` when `-q` hides it.
    fn render(&self, d: &Diagnostic, source: Source<'_>) -> Result<Option<String>, Fatal> {
        if self.args.json {
            let line = serde_json::to_string(&DiagReport {
                kind: "diagnostic",
                located: diag::locate(&self.input.display, d, source),
            })
            .map_err(|e| Fatal::Other(format!("cannot serialise JSON output: {e}")))?;
            Ok(Some(line))
        } else {
            Ok(self.ui.render(&self.input.display, d, source))
        }
    }

    /// Writes a diagnostic, or a rendered one with its final message.
    fn write(
        &self,
        d: &Diagnostic,
        source: Source<'_>,
        rendered: Option<String>,
    ) -> Result<(), Fatal> {
        let Some(out) = rendered.map_or_else(|| self.render(d, source), |r| Ok(Some(r)))? else {
            return Ok(());
        };
        if self.args.json {
            stdout_line(&out)
        } else {
            self.ui.print_rendered(&out);
            Ok(())
        }
    }

    /// Writes the summaries of what was left out (each where its first left-out
    /// diagnostic stood, now that its count is known).
    fn write_summaries(&mut self) -> Result<(), Fatal> {
        let collapser = std::mem::take(&mut self.collapser);
        let rendered = std::mem::take(&mut self.summaries);
        for (summary, shown) in collapser.summaries().iter().zip(rendered) {
            let Some(shown) = shown else { continue };
            let message = if self.args.json {
                serde_json::to_string(&summary.message)
                    .unwrap_or_default()
                    .trim_matches('"')
                    .to_string()
            } else {
                summary.message.clone()
            };
            // As rendered: JSON escapes the control characters one way, the human
            // rendering (text::escape_controls) another.
            let human = kifu::text::escape_controls(COUNT_LATER);
            let placeholder = if self.args.json {
                "\\u0001count\\u0001"
            } else {
                human.as_ref()
            };
            let out = shown.replacen(placeholder, &message, 1).replacen(
                &format!("\"omitted\":{}", usize::MAX),
                &format!("\"omitted\":{}", summary.omitted),
                1,
            );
            self.write(summary, Source::Bytes, Some(out))?;
        }
        Ok(())
    }

    /// Reports the verdict; returns the counts.
    fn finish(mut self) -> Result<Counts, Fatal> {
        self.write_summaries()?;
        let outcome = Checked {
            format: self.format,
            source: self.source.take().unwrap_or_default(),
            text: None,
            games: self.games,
            diagnostics: Vec::new(),
        };
        report(self.args, self.ui, self.input, &outcome, &self.counts)?;
        Ok(self.counts)
    }

    /// Reports that the input could not be read to its end, after what was checked.
    fn fail(mut self, reason: &str) -> Result<Counts, Fatal> {
        self.write_summaries()?;
        failed(
            self.args,
            self.ui,
            self.input,
            reason,
            Some((self.format, self.source.as_ref(), self.games, self.counts)),
        )
    }
}
