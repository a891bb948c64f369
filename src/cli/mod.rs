//! The command line: clap definitions and one file per subcommand. Thin: it reads
//! files, calls the library, prints, and chooses the exit code.
//!
//! Exit codes: 0 success; 1 some input failed to read, validate or convert; 2 usage
//! or fatal error (a standard output closed from the start, `>&-`, is one). A closed
//! output pipe ends the program quietly with 0. SIGINT, SIGTERM and SIGHUP end a
//! writing command with 130, 143 and 129, its temporary files removed.

mod allocator;
mod analysis;
mod completions;
mod convert;
mod dedup;
mod explain;
mod filter;
mod formats;
mod games;
mod index;
mod info;
mod inputs;
mod list;
mod load;
mod man;
mod ordered;
mod output;
mod positions;
mod reencode;
mod search;
mod show;
mod stats;
mod validate;
// Streaming: reading game by game, and the commands that split and merge collections.
mod engine;
mod merge;
mod ndjson;
mod progress;
mod range;
mod split;
mod stderr;
mod stream;

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

pub use output::Ui;

/// kifu: read, check and convert Go, gomoku, shogi and gonu game records.
#[derive(Debug, Parser)]
#[command(name = "kifu", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    /// Print nothing but errors.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// When to colour diagnostics: auto (only on a terminal), always, never.
    /// NO_COLOR in the environment turns colour off in every case.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,
    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
}

/// When to colour output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Only when writing to a terminal.
    Auto,
    /// Always (unless NO_COLOR is set).
    Always,
    /// Never.
    Never,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Convert records to another format (one file to -o or stdout, many to --out-dir).
    Convert(convert::ConvertArgs),
    /// Check records: syntax, encoding and game rules; report every problem.
    Validate(validate::ValidateArgs),
    /// Summarise records: format, encoding, players, result, moves, variations.
    Info(info::InfoArgs),
    /// Draw a game's position on the terminal or as SVG, PNG or animated GIF.
    Show(show::ShowArgs),
    /// Re-encode record archives (e.g. Shift_JIS or EUC-KR to UTF-8), losslessly.
    Reencode(reencode::ReencodeArgs),
    /// List the formats kifu reads and writes.
    Formats(formats::FormatsArgs),
    /// Explain a diagnostic or loss code (`kifu explain sgf::missing-close`), or list them.
    Explain(explain::ExplainArgs),
    /// Print a shell completion script.
    Completions(completions::CompletionsArgs),
    /// Write each game (or, with --variations, each line of play) to a file of its own.
    Split(split::SplitArgs),
    /// Write the games of several inputs, in order, into one collection.
    Merge(merge::MergeArgs),
    /// Print the man page (roff).
    #[command(hide = true)]
    Man,
    /// Keep the games that meet every criterion: list them, or write them out.
    Filter(filter::FilterArgs),
    /// Totals over collections: games, moves, results, players, dates, encodings.
    Stats(stats::StatsArgs),
    /// Find games with the same moves, rotated or mirrored, whatever their game info.
    Dedup(dedup::DedupArgs),
    /// One row per game (CSV or NDJSON), for databases and spreadsheets.
    List(list::ListArgs),
    /// Positions for engine training: HCPE, PSV, SFEN, NDJSON or NumPy npz, filtered.
    Positions(positions::PositionsArgs),
    /// Build or update a position index of a collection (an SQLite file).
    Index(index::IndexArgs),
    /// The games of an index that reached a position, and what was played next.
    Search(search::SearchArgs),
}

impl Command {
    /// True for the commands that may write files (through temporary files that a
    /// signal must not leave behind).
    fn writes_files(&self) -> bool {
        matches!(
            self,
            Command::Convert(_)
                | Command::Reencode(_)
                | Command::Show(_)
                | Command::Split(_)
                | Command::Merge(_)
                | Command::Filter(_)
                | Command::Dedup(_)
                | Command::Positions(_)
        )
    }
}

/// Options shared by the commands that read records.
#[derive(Debug, Clone, Args)]
pub struct ReadOptions {
    /// Input format (default: from the extension, else from the content).
    #[arg(
        short = 'f',
        long = "from",
        visible_alias = "format",
        value_name = "FORMAT"
    )]
    pub format: Option<String>,
    /// Input encoding, overriding BOM, declaration and detection (e.g. Shift_JIS, cp949).
    #[arg(long, value_name = "ENC")]
    pub encoding: Option<String>,
    /// Gomoku rule to check under, overriding the record's (default: seed for .omok
    /// logs, the SGF's RU[] or renju).
    #[arg(long, value_name = "RULE", value_parser = clap::builder::PossibleValuesParser::new(kifu::rules::renju::RULE_NAMES))]
    pub rule: Option<String>,
    /// Name each file a directory walk leaves out (unknown extension, symbolic link,
    /// FIFO, socket, device); without it only their number is given.
    #[arg(short = 'v', long)]
    pub verbose: bool,
    /// The most standard input may hold without completing a game: a number of bytes,
    /// or with K, M or G (1024, 1024², 1024³). `kifu validate` reads an SGF
    /// collection on standard input game by game, any number of games; other inputs
    /// on standard input are one record each, read whole, and may hold at most this.
    /// A larger one is an error, not an allocation. Files are read as they are. The
    /// default keeps any game within it under 2 GB of memory (docs/PERFORMANCE.md,
    /// "Memory per node": at most about 110 bytes of memory per input byte).
    #[arg(long, value_name = "SIZE", default_value = "12M", value_parser = parse_size)]
    pub max_game_size: ByteSize,
    /// Only these games of each input: N, A..B, A.. or ..B (games count from 1).
    #[arg(long = "game", value_name = "N|A..B", value_parser = range::parse_game_range)]
    pub games: Option<range::GameRange>,
}

/// A size in bytes given on the command line (`--max-game-size`), shown as given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByteSize(pub usize);

impl std::fmt::Display for ByteSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.0;
        let unit = [(1usize << 30, 'G'), (1 << 20, 'M'), (1 << 10, 'K')]
            .into_iter()
            .find(|&(u, _)| n >= u && n % u == 0);
        match unit {
            Some((u, c)) => write!(f, "{}{c} ({n} bytes)", n / u),
            None => write!(f, "{n} bytes"),
        }
    }
}

/// Parses a size: digits, then optionally K, M or G (either case).
pub(crate) fn parse_size(s: &str) -> Result<ByteSize, String> {
    let bad = || format!("{s:?} is not a size: give bytes, or a number with K, M or G (e.g. 256M)");
    let (digits, unit) = match s.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (s.get(..i).unwrap_or(""), Some(c)),
        _ => (s, None),
    };
    let shift = match unit.map(|c| c.to_ascii_uppercase()) {
        None => 0,
        Some('K') => 10,
        Some('M') => 20,
        Some('G') => 30,
        Some(_) => return Err(bad()),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let n: usize = digits.parse().map_err(|_| bad())?;
    let n = n
        .checked_mul(1usize << shift)
        .ok_or_else(|| format!("{s:?} is too large a size"))?;
    if n == 0 {
        return Err("the size must be at least one byte".into());
    }
    Ok(ByteSize(n))
}

/// Runs the program and returns its exit code.
pub fn run() -> ExitCode {
    if let Some(code) = version_only() {
        return code;
    }
    allocator::tune();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help/version to stdout (exit 0) and usage errors to stderr (2).
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let ui = Ui::new(cli.quiet, cli.color);
    if cli.command.writes_files() {
        // Before any other thread starts: they inherit the blocked signals.
        if let Err(e) = kifu::fsio::clean_up_on_signals() {
            ui.warning(&format!(
                "an interrupted run may leave temporary files: cannot watch for signals: {e}"
            ));
        }
    }
    let result = match cli.command {
        Command::Convert(args) => convert::run(&args, &ui),
        Command::Validate(args) => validate::run(&args, &ui),
        Command::Info(args) => info::run(&args, &ui),
        Command::Reencode(args) => reencode::run(&args, &ui),
        Command::Show(args) => show::run(&args, &ui),
        Command::Formats(args) => formats::run(&args, &ui),
        Command::Explain(args) => explain::run(&args, &ui),
        Command::Completions(args) => completions::run(&args, &ui),
        Command::Man => man::run(&ui),
        Command::Filter(args) => filter::run(&args, &ui),
        Command::Stats(args) => stats::run(&args, &ui),
        Command::Dedup(args) => dedup::run(&args, &ui),
        Command::Index(args) => index::run(&args, &ui),
        Command::Search(args) => search::run(&args, &ui),
        Command::List(args) => list::run(&args, &ui),
        Command::Positions(args) => positions::run(&args, &ui),
        Command::Split(args) => split::run(&args, &ui),
        Command::Merge(args) => merge::run(&args, &ui),
    };
    let code = match result {
        Ok(Status::Success) => ExitCode::SUCCESS,
        Ok(Status::SomeFailed) => ExitCode::from(1),
        Err(Fatal::BrokenPipe) => ExitCode::SUCCESS,
        Err(Fatal::Usage(msg)) => {
            ui.error(&format!("{msg}\n(see kifu --help)"));
            ExitCode::from(2)
        }
        Err(Fatal::Other(msg)) => {
            ui.error(&msg);
            ExitCode::from(2)
        }
    };
    // What a run held for standard error (`stderr::hold`) goes out before the end.
    stderr::flush();
    code
}

/// `kifu --version` or `kifu -V` and nothing else: prints what clap prints
/// (`kifu VERSION`) without building the command tree, which is most of kifu's own
/// start-up work (docs/PERFORMANCE.md). Anything else goes through clap.
fn version_only() -> Option<ExitCode> {
    let mut args = std::env::args_os().skip(1);
    let first = args.next()?;
    if args.next().is_some() || (first != "--version" && first != "-V") {
        return None;
    }
    use std::io::Write;
    if output::stdout_closed() {
        let _ = writeln!(
            std::io::stderr(),
            "error: {}",
            output::STDOUT_CLOSED_MESSAGE
        );
        return Some(ExitCode::from(2));
    }
    // Like clap, a failed write (closed pipe) still exits 0.
    let _ = std::io::stdout()
        .lock()
        .write_all(version_line().as_bytes());
    Some(ExitCode::SUCCESS)
}

/// What `kifu --version` prints, as clap renders it.
fn version_line() -> String {
    format!("kifu {}\n", env!("CARGO_PKG_VERSION"))
}

/// How a command ended when it ran to completion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Everything succeeded.
    Success,
    /// Some input failed (exit 1).
    SomeFailed,
}

impl Status {
    /// `SomeFailed` when `failed` is true.
    pub fn from_failed(failed: bool) -> Status {
        if failed {
            Status::SomeFailed
        } else {
            Status::Success
        }
    }
}

/// Why a command stopped early.
#[derive(Debug)]
pub enum Fatal {
    /// Standard output was closed by its reader: stop quietly.
    BrokenPipe,
    /// The command line makes no sense (exit 2).
    Usage(String),
    /// Something outside the inputs failed (exit 2).
    Other(String),
}

impl From<std::io::Error> for Fatal {
    fn from(e: std::io::Error) -> Fatal {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Fatal::BrokenPipe
        } else {
            Fatal::Other(format!("cannot write output: {e}"))
        }
    }
}

/// The `clap::Command` behind the CLI, for completions and the man page.
pub fn command() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
}

/// Looks up a format named on the command line.
fn format_arg(name: Option<&str>) -> Result<Option<&'static kifu_formats::Format>, Fatal> {
    match name {
        None => Ok(None),
        Some(n) => kifu_formats::by_name(n).map(Some).ok_or_else(|| {
            Fatal::Usage(format!(
                "unknown format {n:?}; kifu knows: {}",
                kifu_formats::names().join(", ")
            ))
        }),
    }
}

/// Looks up an encoding named on the command line.
fn encoding_arg(name: Option<&str>) -> Result<Option<kifu::text::TextEncoding>, Fatal> {
    match name {
        None => Ok(None),
        Some(n) => kifu::text::TextEncoding::for_label(n)
            .map(Some)
            .ok_or_else(|| Fatal::Usage(format!("unknown encoding {n:?}"))),
    }
}

use kifu::formats as kifu_formats;

#[cfg(test)]
mod tests {
    #[test]
    fn the_version_fast_path_prints_what_clap_prints() {
        assert_eq!(
            super::version_line(),
            super::command().render_version().to_string()
        );
    }

    use super::{parse_size, ByteSize};

    #[test]
    fn sizes_take_plain_bytes_and_binary_suffixes() {
        assert_eq!(parse_size("1000"), Ok(ByteSize(1000)));
        assert_eq!(parse_size("64K"), Ok(ByteSize(64 << 10)));
        assert_eq!(parse_size("1m"), Ok(ByteSize(1 << 20)));
        assert_eq!(parse_size("256M"), Ok(ByteSize(256 << 20)));
        assert_eq!(parse_size("2G"), Ok(ByteSize(2 << 30)));
        assert!(parse_size("").is_err());
        assert!(parse_size("M").is_err());
        assert!(parse_size("12X").is_err());
        assert!(parse_size("-1").is_err());
        assert!(parse_size("0").is_err());
        assert_eq!(ByteSize(1 << 20).to_string(), "1M (1048576 bytes)");
        assert_eq!(ByteSize(1000).to_string(), "1000 bytes");
    }
}
