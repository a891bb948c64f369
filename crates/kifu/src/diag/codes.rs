//! The code registry: every diagnostic and loss code kifu emits, held once, with its
//! severity (or the kind `loss`), a one-line summary and an explanation (what it means,
//! an example of input that draws it, what kifu does, how to fix the file), which
//! `kifu explain CODE` prints and `docs/codes.md` lists.
//!
//! Severity follows one rule. An **error** means the record is wrong in a way that
//! leaves its meaning uncertain, or that made kifu drop something. A **warning** means
//! kifu repaired it with nothing lost, or that it is legacy usage the specification
//! tolerates. An **info** is a note. A **loss** is what a writer could not express in
//! its format.
//!
//! Each code is written once, in the `codes!` list at the end of this file, which
//! makes its constant and [`ALL`]. Emission sites use the constants
//! (`Diagnostic::new(codes::SGF_MISSING_CLOSE, …)`, `Loss::new(codes::…, …)`), which
//! carry their severity: a misspelt code does not compile.

use serde::Serialize;

use super::Severity;

/// What a code stands for: a diagnostic of one severity, or a writer's loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A diagnostic of severity error.
    Error,
    /// A diagnostic of severity warning.
    Warning,
    /// A diagnostic of severity info.
    Info,
    /// A [`Loss`](super::Loss) of a writer.
    Loss,
}

impl Kind {
    /// The word used in output: `error`, `warning`, `info` or `loss`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Kind::Error => "error",
            Kind::Warning => "warning",
            Kind::Info => "info",
            Kind::Loss => "loss",
        }
    }
}

/// One registered code; serialised as its name (`sgf::missing-close`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Code {
    /// The stable code, `<area>::<kebab-case-name>`.
    pub name: &'static str,
    /// Its severity, or `loss`.
    pub kind: Kind,
    /// One line: what it is about.
    pub summary: &'static str,
    /// What it means.
    pub meaning: &'static str,
    /// An input that draws it (for a loss: a conversion that does).
    pub example: &'static str,
    /// What kifu does when it meets it.
    pub action: &'static str,
    /// How to fix the file.
    pub fix: &'static str,
    /// Why the code is registered although no source emits it, if so.
    pub reserved: Option<&'static str>,
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name)
    }
}

/// A code equals its name: `loss.code == "loss::variations"`.
impl PartialEq<str> for Code {
    fn eq(&self, name: &str) -> bool {
        self.name == name
    }
}

/// A code equals its name: `loss.code == "loss::variations"`.
impl PartialEq<&str> for Code {
    fn eq(&self, name: &&str) -> bool {
        self.name == *name
    }
}

impl Code {
    /// The severity of a diagnostic code; `None` for a loss.
    pub const fn severity(self) -> Option<Severity> {
        match self.kind {
            Kind::Error => Some(Severity::Error),
            Kind::Warning => Some(Severity::Warning),
            Kind::Info => Some(Severity::Info),
            Kind::Loss => None,
        }
    }

    /// The explanation as `kifu explain` prints it.
    pub fn explanation(&self) -> String {
        let mut out = format!(
            "{} ({}): {}\n\n{}\n\nExample:\n",
            self.name,
            self.kind.as_str(),
            self.summary,
            self.meaning
        );
        for line in self.example.lines() {
            out.push_str("    ");
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(&format!(
            "\nWhat happens: {}\n\nHow to fix it: {}\n",
            self.action, self.fix
        ));
        if let Some(reason) = self.reserved {
            out.push_str(&format!("\nReserved (no source emits it yet): {reason}\n"));
        }
        out
    }
}

/// The registered code named `name`.
pub fn lookup(name: &str) -> Option<&'static Code> {
    ALL.binary_search_by(|c| c.name.cmp(name))
        .ok()
        .and_then(|i| ALL.get(i).copied())
}

/// The registered codes nearest to `name` (at most `n`, best first): by edit distance,
/// codes that start with `name` or end with it counting as near.
pub fn closest(name: &str, n: usize) -> Vec<&'static Code> {
    let mut scored: Vec<(usize, &'static Code)> = ALL
        .iter()
        .copied()
        .map(|c| {
            let d = edit_distance(name, c.name);
            let near = !name.is_empty() && (c.name.starts_with(name) || c.name.ends_with(name));
            (if near { d.min(1) } else { d }, c)
        })
        .collect();
    scored.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.name.cmp(b.1.name)));
    let limit = name.chars().count() / 2 + 2;
    scored
        .into_iter()
        .filter(|&(d, _)| d <= limit)
        .take(n)
        .map(|(_, c)| c)
        .collect()
}

/// The Levenshtein distance between two strings, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row.first().copied().unwrap_or(0);
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, &cb) in b.iter().enumerate() {
            let above = row.get(j + 1).copied().unwrap_or(0);
            let left = row.get(j).copied().unwrap_or(0);
            let cost = usize::from(ca != cb);
            let value = (prev + cost).min(above + 1).min(left + 1);
            prev = above;
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = value;
            }
        }
    }
    row.last().copied().unwrap_or(0)
}

/// `docs/codes.md`: every code with its severity, summary and explanation, generated
/// from the registry (a test keeps the file equal to this).
pub fn markdown() -> String {
    let mut out = String::from(
        "# Diagnostic and loss codes\n\n\
         Generated from the registry in `crates/kifu/src/diag/codes.rs` by \
         `KIFU_BLESS=1 cargo test --test codes`; do not edit by hand. \
         `kifu explain CODE` prints one entry, `kifu explain --list` lists them all.\n\n\
         Severity follows one rule. An **error** means the record is wrong in a way that \
         leaves its meaning uncertain, or that made kifu drop something. A **warning** \
         means kifu repaired it with nothing lost, or that it is legacy usage the \
         specification tolerates. An **info** is a note. A **loss** is what a writer \
         could not express in its format.\n\n",
    );
    out.push_str(&format!(
        "{} codes.\n\n| code | kind | summary |\n|---|---|---|\n",
        ALL.len()
    ));
    for c in ALL {
        out.push_str(&format!(
            "| [`{}`](#{}) | {} | {} |\n",
            c.name,
            anchor(c.name),
            c.kind.as_str(),
            c.summary.replace('|', "\\|")
        ));
    }
    for c in ALL {
        out.push_str(&format!(
            "\n## {}\n\n**{}** — {}\n\n{}\n\nExample:\n\n```text\n{}\n```\n\nWhat happens: {}\n\nHow to fix it: {}\n",
            c.name,
            c.kind.as_str(),
            c.summary,
            c.meaning,
            c.example,
            c.action,
            c.fix
        ));
        if let Some(reason) = c.reserved {
            out.push_str(&format!("\nReserved (no source emits it yet): {reason}\n"));
        }
    }
    out
}

/// The anchor GitHub gives the heading `## name`.
fn anchor(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric() || *c == '-')
        .collect()
}

/// Defines each code once, as a constant of this module (its doc line made from its
/// name, kind and summary), and [`ALL`], every code in the order written.
macro_rules! codes {
    ($(
        $id:ident = $kind:ident $name:literal {
            summary: $summary:literal,
            meaning: $meaning:literal,
            example: $example:literal,
            action: $action:literal,
            fix: $fix:literal
            $(, reserved: $reserved:literal)? $(,)?
        }
    )*) => {
        $(
            #[doc = concat!("`", $name, "` (", stringify!($kind), "): ", $summary, ".")]
            // A summary is plain text: its `FF[4]` is no link, its `<games>` no tag.
            #[allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]
            pub const $id: &Code = &Code {
                name: $name,
                kind: kind!($kind),
                summary: $summary,
                meaning: $meaning,
                example: $example,
                action: $action,
                fix: $fix,
                reserved: reserved!($($reserved)?),
            };
        )*

        /// Every code, sorted by name (a test keeps it so; [`lookup`] searches it).
        pub static ALL: &[&Code] = &[$($id),*];
    };
}

/// The [`Kind`] written `error`, `warning`, `info` or `loss` in `codes!`.
macro_rules! kind {
    (error) => {
        Kind::Error
    };
    (warning) => {
        Kind::Warning
    };
    (info) => {
        Kind::Info
    };
    (loss) => {
        Kind::Loss
    };
}

/// A code's `reserved` reason, if it has one.
macro_rules! reserved {
    () => {
        None
    };
    ($reason:literal) => {
        Some($reason)
    };
}

codes! {
    ANALYSIS_KEPT_AS_TEXT = warning "analysis::kept-as-text" {
        summary: "a text that looks like engine analysis was kept as written, not read as analysis",
        meaning: "A comment line or SGF property starts like an engine's analysis (a KIF `**対局` line, ShogiHome's `*#評価値=`, a CSA `'** ` remark, Lizzie's `LZ`, Sabaki's `SBKV`, Ogatak's `OGSC`), but it does not read in that convention, would not be written back as it is, or is followed by a line that is not analysis. docs/analysis.md gives each layout.",
        example: "`**対局 深さ x 評価値 12` after a KIF move (the depth is not a number)",
        action: "kifu keeps the text as a comment line or property, exactly as written; the node gets no evaluation from it.",
        fix: "Nothing, if the text is a comment; else correct it to the program's layout.",
    }
    ANALYSIS_PV_ILLEGAL = warning "analysis::pv-illegal" {
        summary: "an engine's principal variation holds an illegal move",
        meaning: "An evaluation on a node gives the line the engine expected from that node's position; replayed with the rules from there, one of its moves cannot be played (a stone on an occupied point, a piece that cannot go there, the wrong side to move …). The record's own moves are not in doubt: the analysis is.",
        example: "A shogi node after ▲７六歩 with the floodgate remark `'** 30 +2726FU`, whose first move is sente's although gote is to move.",
        action: "kifu reports the node's move number, which evaluation, the variation's move by its index and why it is illegal, and keeps the evaluation as it is.",
        fix: "Re-run the analysis, or remove the evaluation (`--analysis strip`) if the engine's line belongs to another position.",
    }
    ANALYSIS_PV_UNREADABLE = warning "analysis::pv-unreadable" {
        summary: "a move of an engine's principal variation cannot be read",
        meaning: "A principal variation is kept as the source wrote it, one move per item, in the family's notation (GTP vertices for Go and gomoku; KIF, KI2 or CSA moves for shogi); this item is none of these, so the line cannot be replayed.",
        example: "A Go evaluation with `\"pv\": [\"Q16\", \"Z99\"]`.",
        action: "kifu reports the node's move number, which evaluation and the variation's move by its index, and checks the line only up to it.",
        fix: "Write the move in the family's notation (`Q16`, `pass`; `+7776FU`, `▲７六歩(77)`, `▲７六歩`).",
    }
    ANALYSIS_SCORE_CONTRADICTS = warning "analysis::score-contradicts" {
        summary: "an evaluation's score and win rate favour different sides",
        meaning: "Both figures are from Black's (sente's) side in the model: a positive score means Black is ahead, a win rate above 0.5 that Black is more likely to win. Here one says Black and the other White, so one of them was read or written from the wrong side.",
        example: "An evaluation with `\"score\": 300, \"winrate\": 0.2`.",
        action: "kifu reports the node's move number and the two figures, and keeps both.",
        fix: "Check which side the program writes its figures from (docs/analysis.md) and turn the wrong one around.",
    }
    ANALYSIS_WINRATE_RANGE = warning "analysis::winrate-range" {
        summary: "a win rate or draw rate outside 0 to 1",
        meaning: "The model holds win and draw rates as fractions from 0 to 1; this one is outside, perhaps a percentage written where a fraction belongs.",
        example: "An evaluation with `\"winrate\": 56.3`.",
        action: "kifu reports the node's move number and the rate, and keeps it.",
        fix: "Write the rate as a fraction (0.563).",
    }
    CSA_BAD_MOVE = error "csa::bad-move" {
        summary: "a CSA move line cannot be read",
        meaning: "A CSA move is `+` or `-`, origin, destination and piece, like +7776FU; this line is not.",
        example: "+77FU",
        action: "kifu reports the line and stops reading the moves of that line of play.",
        fix: "Write the move in full (+7776FU; a drop has origin 00: +0055FU).",
    }
    CSA_BAD_POSITION = error "csa::bad-position" {
        summary: "a CSA position line (P1-P9, PI, P+, P-) cannot be read",
        meaning: "The starting position is given by PI (even, minus pieces), P1-P9 (rows) or P+/P- (pieces placed); this line breaks their form, so the starting position is uncertain.",
        example: "P1-KY-KE-GI-KI-OU-KI-GI-KE",
        action: "kifu skips what it cannot read of the line.",
        fix: "Write each row with nine three-character cells (` * ` for empty) and pieces as +FU, -KY, ….",
    }
    CSA_BAD_TIME = error "csa::bad-time" {
        summary: "a CSA time line `T…` cannot be read",
        meaning: "A time line is T followed by the seconds the move took, e.g. T12; this one is not a number.",
        example: "+7776FU\nTabc",
        action: "kifu keeps the move and the statement as written (the extra `csa:time`, which a CSA output writes back in its place; other formats report it as a loss).",
        fix: "Write the seconds as a number, e.g. T12.",
    }
    CSA_MOVE_AFTER_END = error "csa::move-after-end" {
        summary: "a move after the end of the game",
        meaning: "A special move (%TORYO, %SENNICHITE, …) ends the game; a move follows it, so what the record means is uncertain.",
        example: "+7776FU\n%TORYO\n-3334FU",
        action: "kifu ignores the moves after the end.",
        fix: "Remove the moves after the end, or the end if the game went on.",
    }
    CSA_NO_START_POSITION = warning "csa::no-start-position" {
        summary: "no start position: the even game (平手) is assumed",
        meaning: "A CSA game gives its start position with a `PI` line or with `P1`..`P9`, `P+` and `P-` lines. This one has none, so kifu starts it from the even game (平手), as most programs do.",
        example: "`V2.2`, `N+Sente`, then `+` and `+7776FU` with no `PI` line",
        action: "kifu reads the moves from the even game's position.",
        fix: "Add `PI` (the even game) or the position's lines if the game started elsewhere.",
    }
    CSA_TIME_FRACTIONS_DROPPED = loss "csa::time-fractions-dropped" {
        summary: "fractions of a second were rounded down for CSA",
        meaning: "CSA 2 records whole seconds (T12); the record has times with fractions.",
        example: "A KIF record with millisecond times converted with `kifu convert -t csa`.",
        action: "The CSA writer rounds each such time down and reports this loss.",
        fix: "Write CSA 3 (which keeps fractions), or accept the loss.",
    }
    CSA_TIME_OUT_OF_RANGE = error "csa::time-out-of-range" {
        summary: "a CSA time is beyond what kifu can hold",
        meaning: "The time of a move is so large (more than kifu's limit in seconds) that it cannot be a real time; milliseconds would lose precision.",
        example: "+7776FU\nT99999999999999",
        action: "kifu leaves the time out; the move is kept.",
        fix: "Correct the time.",
    }
    CSA_UNKNOWN_LINE = error "csa::unknown-line" {
        summary: "a CSA line kifu does not know was ignored",
        meaning: "The line is none of CSA's statements (version, names, $ information, positions, side to move, moves, times, specials, comments), or is a second side-to-move line; what it meant is uncertain.",
        example: "V2.2\nX this is not CSA",
        action: "kifu ignores the line.",
        fix: "Remove the line, or turn it into a comment with `'`.",
    }
    CSA_UNKNOWN_SPECIAL = error "csa::unknown-special" {
        summary: "an unknown CSA special move `%…` was ignored",
        meaning: "CSA's specials are %TORYO, %CHUDAN, %SENNICHITE, %TIME_UP, %ILLEGAL_MOVE, %KACHI, %HIKIWAKE, %TSUMI, %FUZUMI, %ERROR and a few more; this is none of them, so how the game ended is uncertain.",
        example: "+7776FU\n%RESIGN",
        action: "kifu ignores the line; the game has no special end.",
        fix: "Write one of CSA's specials (%TORYO for a resignation).",
    }
    GIB_BAD_COLOR = error "gib::bad-color" {
        summary: "a move's colour is neither 1 nor 2",
        meaning: "A GIB move line `STO 0 n c x y` gives the colour c as 1 (black) or 2 (white).",
        example: "`STO 0 5 3 3 3` (colour 3)",
        action: "kifu leaves the move out; the game goes on after it.",
        fix: "Write 1 or 2.",
    }
    GIB_BAD_HANDICAP = error "gib::bad-handicap" {
        summary: "a handicap count has no fixed placement",
        meaning: "The INI line gives 2 to 9 handicap stones, placed on the fixed points.",
        example: "`INI 0 1 12 …`",
        action: "kifu places no handicap stones.",
        fix: "Give a count from 2 to 9.",
    }
    GIB_BAD_HEADER = error "gib::bad-header" {
        summary: "a header line has no `=`",
        meaning: "GIB header lines read `\\[KEY=VALUE\\]`.",
        example: "`\\[GAMEBLACKNAME\\]`",
        action: "kifu leaves the line out.",
        fix: "Write KEY=VALUE.",
    }
    GIB_BAD_INI = error "gib::bad-ini" {
        summary: "the handicap line is not `INI 0 1 <stones> …`",
        meaning: "The INI line gives the number of handicap stones.",
        example: "`INI x`",
        action: "kifu places no handicap stones.",
        fix: "Write `INI 0 1 <stones> …`.",
    }
    GIB_BAD_MOVE = error "gib::bad-move" {
        summary: "a move line is not `STO 0 <number> <colour> <x> <y>`",
        meaning: "GIB moves are STO lines with five numbers.",
        example: "`STO 0 5 1`",
        action: "kifu leaves the move out.",
        fix: "Give all five fields.",
    }
    GIB_DUPLICATE_INI = error "gib::duplicate-ini" {
        summary: "a second INI line",
        meaning: "A GIB record places its handicap stones once.",
        example: "two `INI` lines",
        action: "kifu uses the first and leaves the second out.",
        fix: "Remove the second INI line.",
    }
    GIB_MISPLACED_HEADER = warning "gib::misplaced-header" {
        summary: "a header line after the moves began",
        meaning: "Header lines belong in the `\\HS` … `\\HE` section before the game.",
        example: "a `\\[GAMERESULT=…\\]` line among the STO lines",
        action: "kifu reads it all the same.",
        fix: "Move it into the header section.",
    }
    GIB_MOVE_NUMBER = warning "gib::move-number" {
        summary: "a move number out of sequence",
        meaning: "STO lines number the moves 1, 2, 3 …",
        example: "`STO 0 7 …` after move 5",
        action: "kifu keeps the move in file order.",
        fix: "Renumber the moves.",
    }
    GIB_NOT_GIB = error "gib::not-gib" {
        summary: "no GIB header at all",
        meaning: "A GIB record starts with a `\\HS` header section of `\\[KEY=VALUE\\]` lines.",
        example: "a text file given with `-f gib`",
        action: "kifu reads no game.",
        fix: "Check that the file is a Tygem record.",
    }
    GIB_OFF_BOARD = error "gib::off-board" {
        summary: "a move's point is off the board",
        meaning: "GIB coordinates run from 0 to 18 on the 19×19 board.",
        example: "`STO 0 5 1 19 3`",
        action: "kifu leaves the move out.",
        fix: "Correct the coordinates.",
    }
    GIB_REMARK = info "gib::remark" {
        summary: "a REM line (a remark), kept",
        meaning: "Tygem writes `REM` lines of its own in GIB records. kifu keeps each line's text as a value of the extra `gib:REM` (an SGF or other writer that cannot hold it reports its loss).",
        example: "`REM 0 Good game`",
        action: "kifu keeps the text and reads on.",
        fix: "Nothing.",
    }
    GIB_STRAY_LINE = error "gib::stray-line" {
        summary: "a line outside the header and the game sections",
        meaning: "Text belongs in the header section or the game section.",
        example: "a line after `\\GE`",
        action: "kifu leaves the line out.",
        fix: "Remove the line or put it in a section.",
    }
    GIB_TRAILING_TEXT = error "gib::trailing-text" {
        summary: "text after a move's fields",
        meaning: "A STO line holds exactly its five fields.",
        example: "`STO 0 5 1 3 3 extra`",
        action: "kifu reads the move and leaves the rest out.",
        fix: "Remove the trailing text.",
    }
    GIB_TWO_KOMIS = warning "gib::two-komis" {
        summary: "both GONGJE and DUM give a komi",
        meaning: "Tygem writes komi in GAMEGONGJE (tenths of a point); some files also set GAMEDUM.",
        example: "`GAMEGONGJE=65` and `GAMEDUM=75`",
        action: "kifu takes the komi from GONGJE and keeps DUM as a field.",
        fix: "Keep one of them.",
    }
    GIB_UNCLOSED_HEADER = warning "gib::unclosed-header" {
        summary: "a header line does not end with `\\]`",
        meaning: "GIB header lines read `\\[KEY=VALUE\\]`.",
        example: "`\\[GAMEPLACE=Tygem`",
        action: "kifu reads the value all the same.",
        fix: "Add `\\]`.",
    }
    GIB_UNKNOWN_LINE = error "gib::unknown-line" {
        summary: "an unknown line in the game section",
        meaning: "The game section holds STO, SKI and INI lines.",
        example: "`XYZ 0 1` among the moves",
        action: "kifu leaves the line out.",
        fix: "Remove it, or report the line so kifu can learn it.",
    }
    GIB_UNTERMINATED = warning "gib::unterminated" {
        summary: "a header or game section is not closed",
        meaning: "Sections end with `\\HE` and `\\GE`.",
        example: "a file cut off inside the moves",
        action: "kifu reads what is there.",
        fix: "Add the closing line (or find the rest of the file).",
    }
    GO_KO = error "go::ko" {
        summary: "a Go move retakes a ko at once",
        meaning: "A stone that captures one stone may not be recaptured at once if that repeats the position (ko); this move does so.",
        example: "A move that retakes the ko immediately after the other side took it",
        action: "kifu keeps the move as recorded; validation reports it.",
        fix: "Correct the move (a ko threat comes first), or the record is of a game with other rules.",
    }
    GO_KOMI_MARGIN = warning "go::komi-margin" {
        summary: "the result's margin cannot follow from the komi",
        meaning: "With a half-point komi the margin is a half point, with an integer komi an integer, under the scoring the rule set uses.",
        example: "(;FF[4]GM[1]SZ[19]KM[6.5]RE[B+3];B[pd])",
        action: "kifu keeps the result and warns, naming the rule set assumed.",
        fix: "Correct RE or KM.",
    }
    GO_OCCUPIED = error "go::occupied" {
        summary: "a Go move on a point where a stone stands",
        meaning: "A stone may be played only on an empty point.",
        example: "(;GM[1]SZ[19];B[pd];W[pd])",
        action: "kifu keeps the move as recorded; validation reports it.",
        fix: "Correct the point of the move.",
    }
    GO_OFF_BOARD = error "go::off-board" {
        summary: "a Go move or setup stone off the board",
        meaning: "The point lies outside the board SZ gives.",
        example: "A kifu JSON model of a 9×9 Go game with a stone at (10, 10) (the SGF reader reports such a point as sgf::bad-point)",
        action: "kifu keeps the node; validation reports it.",
        fix: "Correct the point or SZ.",
    }
    GO_SAME_COLOUR_TWICE = warning "go::same-colour-twice" {
        summary: "two moves of one colour in a row, not explained by PL or setup",
        meaning: "Go alternates colours; a record may change the turn only with PL or setup.",
        example: "(;FF[4]GM[1]SZ[19];B[pd];B[dp];W[dd])",
        action: "kifu keeps the moves and warns.",
        fix: "Add the missing move or a pass, or PL[].",
    }
    GO_SETUP_NO_EFFECT = warning "go::setup-no-effect" {
        summary: "a setup stone that changes nothing",
        meaning: "AB or AW on a point that already holds that colour, or AE on an empty point, does nothing.",
        example: "(;GM[1]SZ[19]AB[dd];AB[dd])",
        action: "kifu keeps the setup; nothing is lost.",
        fix: "Remove the setup that does nothing.",
    }
    GO_SUICIDE = error "go::suicide" {
        summary: "a Go move that leaves its own group without liberties",
        meaning: "A move that captures nothing and leaves its own group without liberties is suicide, which most rules forbid.",
        example: "A black stone played in the only liberty of its own surrounded group",
        action: "kifu keeps the move as recorded; validation reports it.",
        fix: "Correct the move (the record may use rules that allow suicide, e.g. New Zealand).",
    }
    GO_SUPERKO = error "go::superko" {
        summary: "a move repeats an earlier whole-board position under superko",
        meaning: "Chinese, AGA, New Zealand, Tromp-Taylor and Ing rules forbid recreating an earlier position.",
        example: "a long ko cycle with RU[Chinese]",
        action: "kifu reports the move.",
        fix: "Check the moves or the rule set.",
    }
    GO_TRIPLE_KO = info "go::triple-ko" {
        summary: "a long cycle under Japanese or Korean rules",
        meaning: "Under these rules a long cycle (triple ko) may void the game; no result is required.",
        example: "a position repeating through a triple ko",
        action: "kifu notes it once per line.",
        fix: "Nothing needed.",
    }
    GONU_AFTER_END = error "gonu::after-end" {
        summary: "the .gonu file goes on after `end`",
        meaning: "The game stops reading at `end`; anything after it is not part of the board.",
        example: "…\nend\n25",
        action: "kifu ignores what follows `end`.",
        fix: "Remove what follows `end`.",
    }
    GONU_BAD_EDGE = error "gonu::bad-edge" {
        summary: "an edge that does not join two vertices",
        meaning: "An edge joins two different vertices of the board; this one names a missing vertex or the same one twice.",
        example: "A board model with the edge [3, 3]",
        action: "kifu keeps the board; validation reports the edge.",
        fix: "Correct the edge.",
    }
    GONU_BAD_FLAG = error "gonu::bad-flag" {
        summary: "a .gonu flag is not 0 or 1",
        meaning: "The p1, p2 and stackable fields are flags, 0 or 1.",
        example: "2 1 * 1 2 15 0 0",
        action: "kifu uses a stand-in value and reads on.",
        fix: "Write 0 or 1.",
    }
    GONU_BAD_GLYPH = error "gonu::bad-glyph" {
        summary: "a .gonu glyph is not one character",
        meaning: "The glyph field is a single character drawn at the vertex.",
        example: "2 1 ** 1 1 15 0 0",
        action: "kifu uses a stand-in and reads on.",
        fix: "Write one character.",
    }
    GONU_BAD_NUMBER = error "gonu::bad-number" {
        summary: "a .gonu field is not a whole number in range",
        meaning: "The field takes a whole number in its range.",
        example: "2 x * 1 1 15 0 0",
        action: "kifu uses a stand-in and reads on.",
        fix: "Write a whole number in range.",
    }
    GONU_COLOUR = error "gonu::colour" {
        summary: "a .gonu colour is not a console colour 0-15",
        meaning: "fg and bg are console colours 0 to 15.",
        example: "2 1 * 1 1 16 0 0",
        action: "kifu keeps the value; the game cannot show it.",
        fix: "Use a colour 0-15.",
    }
    GONU_COUNT_MISMATCH = error "gonu::count-mismatch" {
        summary: "a .gonu count disagrees with the lines that follow",
        meaning: "The vertex count, the piece counts and the neighbour list must agree with the lines given; they do not, so lines may be missing.",
        example: "25 followed by 24 vertex lines",
        action: "kifu reads the lines that are there.",
        fix: "Correct the count, or add the missing lines.",
    }
    GONU_DISCONNECTED = error "gonu::disconnected" {
        summary: "the .gonu board is in pieces",
        meaning: "Every vertex must be reachable from vertex 0 along edges.",
        example: "A neighbour list with two separate groups of vertices",
        action: "kifu keeps the board; the game cannot be played on it.",
        fix: "Add the missing edges.",
    }
    GONU_DOCUMENTATION_LINE = warning "gonu::documentation-line" {
        summary: "a heading line without numbers was skipped",
        meaning: "The seed's examples carry headings (e.g. \"교차점\") where a count or piece comes; the game would not read them, but they carry nothing.",
        example: "N\n5\n교차점\n0 15 0 1 0",
        action: "kifu skips the line; nothing is lost.",
        fix: "Remove the heading to feed the file to the game.",
    }
    GONU_EDGE_CHAR = error "gonu::edge-char" {
        summary: "the edge-drawing line is not one character",
        meaning: "After the forces comes `end` or a line of one character for drawing edges.",
        example: "##\nend",
        action: "kifu skips the line.",
        fix: "Write one character, or nothing.",
    }
    GONU_EDGE_ORDER = loss "gonu::edge-order" {
        summary: "the order of the edges cannot be kept in .gonu",
        meaning: "A .gonu neighbour list lists edges row by row; the model's edge order cannot be written.",
        example: "A kifu JSON model with edges in a custom order converted with `kifu convert -t gonu`.",
        action: "The writer lists edges by their lower vertex and reports this loss.",
        fix: "Accept the new order; it does not change the board.",
    }
    GONU_EMPTY = error "gonu::empty" {
        summary: "the .gonu file holds no board",
        meaning: "A .gonu file starts with a vertex count; this one holds nothing.",
        example: "An empty file named board.gonu",
        action: "kifu reads no board.",
        fix: "Check that the file is the one meant.",
    }
    GONU_FIELD_COUNT = error "gonu::field-count" {
        summary: "a .gonu line has the wrong number of fields",
        meaning: "A vertex line has 8 fields, a piece line 5, the free-deploy line 5 counts, and keywords stand alone.",
        example: "2 1 * 1 1 15 0",
        action: "kifu reads what it can; missing fields get stand-ins.",
        fix: "Give the line its fields.",
    }
    GONU_FREE_COUNT = error "gonu::free-count" {
        summary: "a free-deploy count is out of range",
        meaning: "Each of the five free-deploy counts is 0 to the most pieces a player may have.",
        example: "F\n99 0 0 0 0",
        action: "kifu keeps the value; validation reports it.",
        fix: "Correct the count.",
    }
    GONU_FREE_TOTAL = error "gonu::free-total" {
        summary: "the free-deploy counts do not add up to a valid number of pieces",
        meaning: "The five counts together give each player's pieces: 1 to the maximum.",
        example: "F\n0 0 0 0 0",
        action: "kifu keeps the values; validation reports them.",
        fix: "Correct the counts.",
    }
    GONU_ISOLATED_VERTEX = error "gonu::isolated-vertex" {
        summary: "a .gonu vertex without an edge",
        meaning: "Every vertex must be joined to the board by an edge.",
        example: "A neighbour list whose row for vertex 7 names no vertex and no other row names 7",
        action: "kifu keeps the board; validation reports the vertex.",
        fix: "Add the vertex's edges, or remove the vertex.",
    }
    GONU_MATRIX_UNSUPPORTED = error "gonu::matrix-unsupported" {
        summary: "`M` (an adjacency matrix) is not supported",
        meaning: "The seed mentions an adjacency matrix `M`, but the game rejects it; boards list neighbours after `L`.",
        example: "M\n0 1 0 …",
        action: "kifu skips the section.",
        fix: "List the neighbours after `L`.",
    }
    GONU_MISSING_ADJACENCY = error "gonu::missing-adjacency" {
        summary: "the .gonu neighbour list `L` is missing",
        meaning: "`L` and one row per vertex come after the vertices and before the forces.",
        example: "25 vertex lines followed by N",
        action: "kifu reads the board without edges.",
        fix: "Add `L` and the neighbour rows.",
    }
    GONU_MISSING_COUNT = error "gonu::missing-count" {
        summary: "a .gonu count is missing",
        meaning: "The vertex count starts the file, each player's piece count starts its pieces, and `F` is followed by five counts; one of them is missing.",
        example: "N\n0 15 0 1 0",
        action: "kifu reads on from what follows.",
        fix: "Add the count.",
    }
    GONU_MISSING_DEPLOY = error "gonu::missing-deploy" {
        summary: "the .gonu forces are missing",
        meaning: "`N` (normal deploy) or `F` (free deploy) comes after the neighbour list.",
        example: "L and its rows followed by end",
        action: "kifu reads a board without pieces.",
        fix: "Add the forces.",
    }
    GONU_MISSING_END = error "gonu::missing-end" {
        summary: "the .gonu file does not finish with `end`",
        meaning: "The game reads up to `end`; the file stops without it, so it may be cut short.",
        example: "A board file whose last line is a piece line",
        action: "kifu reads what is there.",
        fix: "Add `end` as the last line.",
    }
    GONU_NEIGHBOUR_OUT_OF_RANGE = error "gonu::neighbour-out-of-range" {
        summary: "a .gonu neighbour row names a vertex that does not exist",
        meaning: "Vertex ids run from 0 to the vertex count minus one.",
        example: "A row `1 3 99` on a board of 25 vertices",
        action: "kifu skips the id.",
        fix: "Correct the id.",
    }
    GONU_NO_CASTLE = error "gonu::no-castle" {
        summary: "a .gonu player has no castle",
        meaning: "A castle of player p is a vertex p may not enter (its p flag 0); each player needs one.",
        example: "A board whose every vertex has `1 1` flags",
        action: "kifu keeps the board; validation reports it.",
        fix: "Set a castle vertex's flag to 0.",
    }
    GONU_NO_SUCH_VERTEX = error "gonu::no-such-vertex" {
        summary: "a .gonu piece stands on a vertex that does not exist",
        meaning: "A piece line's vertex must be an id of the board.",
        example: "99 15 0 1 0 on a board of 25 vertices",
        action: "kifu keeps the piece; validation reports it.",
        fix: "Correct the vertex.",
    }
    GONU_OCCUPIER = warning "gonu::occupier" {
        summary: "a .gonu vertex's occupier field is not 0",
        meaning: "The occupier field is always 0 in the game's files; kifu keeps the value.",
        example: "2 1 * 1 1 15 0 3",
        action: "kifu keeps the value; nothing is lost.",
        fix: "Write 0.",
    }
    GONU_OFF_SCREEN = error "gonu::off-screen" {
        summary: "a .gonu vertex lies off the game's screen",
        meaning: "x runs 2-78 and y 1-38 on the game's 80×39 console.",
        example: "90 1 * 1 1 15 0 0",
        action: "kifu keeps the vertex; the game cannot draw it.",
        fix: "Move the vertex onto the screen.",
    }
    GONU_PIECE_COUNT = error "gonu::piece-count" {
        summary: "a .gonu player has too few or too many pieces",
        meaning: "Each player has 1 to the maximum number of pieces.",
        example: "N\n0",
        action: "kifu keeps the forces; validation reports them.",
        fix: "Correct the pieces.",
    }
    GONU_PIECE_IN_OWN_CASTLE = error "gonu::piece-in-own-castle" {
        summary: "a .gonu piece stands in its own player's castle",
        meaning: "A player may not enter their own castle, so no piece may start there.",
        example: "A piece of player 2 on vertex 23, player 2's castle",
        action: "kifu keeps the piece; validation reports it.",
        fix: "Move the piece.",
    }
    GONU_RANGE = error "gonu::range" {
        summary: "a .gonu piece's range is not 1-5",
        meaning: "A piece's range is 1 to 5.",
        example: "0 15 0 9 0",
        action: "kifu keeps the value; validation reports it.",
        fix: "Use a range 1-5.",
    }
    GONU_REMARK = warning "gonu::remark" {
        summary: "`//` remarks were skipped",
        meaning: "The seed's examples carry `//` remarks; the game is not documented to read them, and they hold no board data.",
        example: "25 // vertex count",
        action: "kifu skips them; the board is read in full.",
        fix: "Remove the remarks to feed the file to the game.",
    }
    GONU_SAME_SPOT = error "gonu::same-spot" {
        summary: "two .gonu vertices on one screen spot",
        meaning: "Each vertex has its own place on the screen.",
        example: "Two vertex lines both at x 2, y 1",
        action: "kifu keeps both; validation reports it.",
        fix: "Move one of them.",
    }
    GONU_SELF_LOOP = error "gonu::self-loop" {
        summary: "a .gonu neighbour row names its own vertex",
        meaning: "A vertex cannot be its own neighbour.",
        example: "Row 3 listing 3",
        action: "kifu skips the id.",
        fix: "Remove the id from its row.",
    }
    GONU_SHARED_VERTEX = error "gonu::shared-vertex" {
        summary: "two .gonu pieces on one vertex",
        meaning: "A vertex holds at most one piece at the start.",
        example: "Two piece lines both on vertex 0",
        action: "kifu keeps both; validation reports it.",
        fix: "Move one of the pieces.",
    }
    GONU_STACKABLE = error "gonu::stackable" {
        summary: "a .gonu piece is stackable",
        meaning: "The stackable field is unused by the game and must be 0.",
        example: "0 15 0 1 1",
        action: "kifu keeps the value; validation reports it.",
        fix: "Write 0.",
    }
    GONU_TOO_FEW_CELLS = error "gonu::too-few-cells" {
        summary: "free deploy has too few vertices for a player's pieces",
        meaning: "In free deploy player 1 places its pieces on `*` vertices it may enter, player 2 on `+`; there are fewer such vertices than pieces.",
        example: "F with 5 pieces per player and 3 `*` vertices",
        action: "kifu keeps the board; validation reports it.",
        fix: "Add deploy vertices or lower the counts.",
    }
    GONU_TOO_MANY_CASTLES = error "gonu::too-many-castles" {
        summary: "a .gonu player has too many castles",
        meaning: "A player has at most a few castles (vertices it may not enter).",
        example: "A board where player 1 may not enter ten vertices",
        action: "kifu keeps the board; validation reports it.",
        fix: "Open some castle vertices to the player.",
    }
    GONU_TOO_MANY_VERTICES = error "gonu::too-many-vertices" {
        summary: "a .gonu board has more vertices than allowed",
        meaning: "A board has at most the game's number of vertices; the rest cannot be read.",
        example: "A vertex count of 500",
        action: "kifu skips the vertices beyond the limit.",
        fix: "Make the board smaller.",
    }
    GONU_TRAILING_WHITESPACE = warning "gonu::trailing-whitespace" {
        summary: "space or a line break after `end`",
        meaning: "The game wants the file to stop right after `end`.",
        example: "end followed by a line break",
        action: "kifu reads the board in full; nothing is lost.",
        fix: "Remove what follows `end` (kifu's writer does).",
    }
    GONU_UNEXPECTED_LINE = error "gonu::unexpected-line" {
        summary: "a .gonu line out of place",
        meaning: "The line is not what the section expects (e.g. a second edge character, a keyword in the wrong place).",
        example: "#\n#\nend",
        action: "kifu skips the line.",
        fix: "Remove or move the line.",
    }
    GONU_UNREACHABLE_CASTLE = warning "gonu::unreachable-castle" {
        summary: "a .gonu castle the enemy cannot reach",
        meaning: "A castle that the other player's pieces cannot reach along edges cannot be taken; the board is legal but the game may not be winnable that way.",
        example: "A castle joined only to vertices the enemy may not enter",
        action: "kifu keeps the board; nothing is lost.",
        fix: "Join the castle to the board, if it should be reachable.",
    }
    GONU_WIDE_GLYPH = warning "gonu::wide-glyph" {
        summary: "a .gonu glyph or edge character is not printable ASCII",
        meaning: "The game reads one byte per glyph; a wider character is drawn wrongly.",
        example: "2 1 가 1 1 15 0 0",
        action: "kifu keeps the character; nothing is lost.",
        fix: "Use a printable ASCII character.",
    }
    JKF_BAD_INITIAL = error "jkf::bad-initial" {
        summary: "JKF's `initial` cannot be read",
        meaning: "`initial` gives the starting position: a preset (HIRATE, KY, …) or a board and hands; this one breaks that form, so the starting position is uncertain.",
        example: "{\"initial\": {\"preset\": \"NONE\"}, \"moves\": [{}]}",
        action: "kifu reads the game from the even position.",
        fix: "Give a known preset, or for OTHER a full `data` with board, hands and color.",
    }
    JKF_BAD_MOVE = error "jkf::bad-move" {
        summary: "a JKF move entry cannot be read",
        meaning: "A move entry holds `move` (with `to`, `piece` and, unless a drop, `from`) or `special`; this one lacks what it needs.",
        example: "{\"header\": {}, \"moves\": [{}, {\"move\": {\"to\": {\"x\": 7, \"y\": 6}}}]}",
        action: "kifu skips the entry and stops reading the moves of that line.",
        fix: "Give the move its `to`, `piece` and `from` (x and y 1-9).",
    }
    JKF_SYNTAX = error "jkf::syntax" {
        summary: "the input is not a JKF document",
        meaning: "JKF is JSON with `header`, `initial` and `moves`; the input is not well-formed JSON or not of that shape.",
        example: "{\"header\": {}, \"moves\": [",
        action: "kifu reads no game from the input.",
        fix: "Repair the JSON (or give the right format with -f).",
    }
    JKF_UNKNOWN_SPECIAL = error "jkf::unknown-special" {
        summary: "an unknown JKF special was ignored",
        meaning: "JKF's specials are TORYO, CHUDAN, SENNICHITE, TIME_UP, ILLEGAL_MOVE, +ILLEGAL_ACTION, -ILLEGAL_ACTION, JISHOGI, KACHI, HIKIWAKE, MATTA, TSUMI, FUZUMI and ERROR; this is none of them, so how the game ended is uncertain.",
        example: "{\"header\": {}, \"moves\": [{}, {\"special\": \"RESIGN\"}]}",
        action: "kifu ignores the entry; the game has no special end there.",
        fix: "Write one of JKF's specials (TORYO for a resignation).",
    }
    JKF_UNREAD_FIELD = warning "jkf::unread-field" {
        summary: "a field of a JKF entry could not be read; kept as written",
        meaning: "An entry of `moves` holds `move` or `special`, `time` (`now {m,s}`, `total {h,m,s}` in whole numbers), `comments` (strings) and `forks`; this field is another one, or not of that shape.",
        example: "{\"header\": {}, \"moves\": [{}, {\"move\": {\"color\": 0, \"from\": {\"x\": 7, \"y\": 7}, \"to\": {\"x\": 7, \"y\": 6}, \"piece\": \"FU\"}, \"time\": {\"now\": \"0:07\"}}]}",
        action: "kifu keeps the move and the field as written (the extra `jkf:<field>`, which a JKF output writes back into the entry; other formats report it as a loss).",
        fix: "Write the field in JKF's shape, e.g. \"time\": {\"now\": {\"m\": 0, \"s\": 7}}.",
    }
    JSON_DROPPED_KEY = error "json::dropped-key" {
        summary: "a key of the JSON document itself that the model has no place for; dropped",
        meaning: "The document holds `version`, `source` (where the games were read from, written by `convert`) and `games`; this key beside them is none of these. A collection holds only its games, so the model has no place for it.",
        example: "{\"version\": 1, \"generator\": \"my-tool 2.0\", \"games\": []}",
        action: "kifu reads the games and drops the key: a JSON output does not write it back. (A key the model does not know inside a game, its information, its tree or a node is kept: `json::unknown-key`.)",
        fix: "Move what the key says into a game (its information or a game-level key, which is kept), or remove it.",
    }
    JSON_INVALID = error "json::invalid" {
        summary: "the JSON is well-formed but not a kifu model",
        meaning: "The document is JSON, but a field is missing, unknown or of the wrong type for the kifu JSON model.",
        example: "{\"version\": 1, \"games\": [{\"kind\": \"chess\"}]}",
        action: "When the document itself is not a kifu document (no version, no list of games), kifu reads no game from it; when one game cannot be made (its kind unreadable, no tree, a node that is not an object, a tree that is not one), kifu leaves that game out and reads the others (NDJSON: that line's game).",
        fix: "Correct the field the message names (see docs/formats/json.md).",
    }
    JSON_SYNTAX = error "json::syntax" {
        summary: "the input is not well-formed JSON",
        meaning: "The kifu JSON model is JSON; this text breaks JSON syntax (or ends too soon).",
        example: "{\"version\": 1, \"games\": [",
        action: "kifu reads no game from the input.",
        fix: "Repair the JSON.",
    }
    JSON_UNKNOWN_KEY = warning "json::unknown-key" {
        summary: "a key the kifu JSON model does not know; kept as written",
        meaning: "A node, a game, its information or its tree holds a key that is not the model's (or a key inside a field's value that is not).",
        example: "{\"version\": 1, \"games\": [{\"kind\": \"shogi\", \"tree\": {\"nodes\": [{\"eval\": -12}]}}]}",
        action: "kifu keeps the node and its move, and the key's value as written: the extra `json:<key>` (`json:info.<key>`, `json:game.<key>`, `json:tree.<key>` in the game's information for the other objects), which a JSON or NDJSON output writes back under its key; other formats report it as a loss.",
        fix: "Nothing needs fixing if the key is yours; to carry the data into other formats, put it in a field of the model (see docs/formats/json.md).",
    }
    JSON_UNREAD_FIELD = warning "json::unread-field" {
        summary: "a field of the kifu JSON model whose value cannot be read; kept as written",
        meaning: "A node's or the game information's field holds a value of another type or shape than the model's (a time as a string, a comment as a number, a mark off its shape, a key given twice). It is a warning, as `jkf::unread-field` is: nothing is dropped, the field is kept as written and goes back where it was in a JSON output (another format reports it as a loss).",
        example: "{\"version\": 1, \"games\": [{\"kind\": \"shogi\", \"tree\": {\"nodes\": [{\"time_used_ms\": \"abc\"}]}}]}",
        action: "kifu keeps the node and its move without the field, and the field as written (the extra `json:<key>`, which a JSON or NDJSON output writes back under its key; other formats report it as a loss).",
        fix: "Write the value in the model's type (see docs/formats/json.md), e.g. \"time_used_ms\": 7000.",
    }
    JSON_VERSION = error "json::version" {
        summary: "a kifu JSON model of another version",
        meaning: "The document's version is not the one this kifu reads.",
        example: "{\"version\": 99, \"games\": []}",
        action: "kifu reads no game from the input.",
        fix: "Use the kifu that wrote the file, or convert the file with it to a record format.",
    }
    KI2_AMBIGUOUS = error "ki2::ambiguous" {
        summary: "a KI2 move fits more than one piece",
        meaning: "KI2 names a move by destination and piece; when several pieces of that kind can reach the square, a modifier (右 左 直 上 引 寄) must say which one. This move lacks it, so which piece moved is uncertain.",
        example: "▲５八金 (with golds on 6九 and 4九)",
        action: "kifu reports the move and stops reading that line of play.",
        fix: "Add the modifier, e.g. ▲５八金右.",
    }
    KI2_BAD_MOVE = error "ki2::bad-move" {
        summary: "a KI2 move cannot be read",
        meaning: "A KI2 move is ▲ or △, a square (or 同), a piece, and optional modifiers, 成/不成 and 打; this token is not.",
        example: "▲７六",
        action: "kifu reports the move and stops reading that line of play.",
        fix: "Write the move in full, e.g. ▲７六歩.",
    }
    KI2_NO_CANDIDATE = error "ki2::no-candidate" {
        summary: "no piece fits a KI2 move's modifier",
        meaning: "Pieces of the kind named can reach the square, but none of them fits the modifier (右 左 直 上 引 寄), so which piece moved is uncertain.",
        example: "▲５八金直 (from the even position: neither gold stands straight below 5八)",
        action: "kifu reports the move and stops reading that line of play.",
        fix: "Correct the modifier or the piece.",
    }
    KI2_UNNEEDED_MODIFIER = warning "ki2::unneeded-modifier" {
        summary: "a KI2 modifier that was not needed",
        meaning: "The modifier was written because another piece of the kind could reach the square, but that piece is pinned and cannot legally move; the move is certain.",
        example: "A move ▲５八金右 where the other gold is pinned to its king",
        action: "kifu reads the only legal move; nothing is lost.",
        fix: "Nothing needed; the modifier may be dropped.",
    }
    KIF_BAD_BOARD = error "kif::bad-board" {
        summary: "the KIF board diagram cannot be read",
        meaning: "A KIF board diagram has nine rows `|…|` of nine cells (` ・` empty, ` 歩` black's, `v歩` white's) between its frame lines; this one breaks that form, so the starting position is uncertain.",
        example: "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n|v香v桂v銀v金v玉v金v銀v桂v香|一\n+---------------------------+\n(a diagram of one row, not nine)",
        action: "kifu reads what it can of the diagram.",
        fix: "Write nine rows of nine cells.",
    }
    KIF_BAD_HAND = error "kif::bad-hand" {
        summary: "the pieces in hand of a KIF header cannot be read",
        meaning: "`先手の持駒：` and `後手の持駒：` list pieces with kanji counts (歩二 香); this list has a word that is not one.",
        example: "先手の持駒：歩二　竜",
        action: "kifu skips what it cannot read.",
        fix: "List unpromoted pieces with kanji counts, e.g. `飛　歩二`, or `なし`.",
    }
    KIF_BAD_MOVE = error "kif::bad-move" {
        summary: "a KIF move line cannot be read",
        meaning: "A KIF move line is a number, a move (square, piece, origin) and an optional time; this line's move is missing or not a move, or its number cannot be read.",
        example: "   1 大逆転",
        action: "kifu reports the line and stops reading that line of play.",
        fix: "Write the move in full, e.g. `   1 ７六歩(77)`.",
    }
    KIF_BAD_ORIGIN = error "kif::bad-origin" {
        summary: "the origin `(xy)` of a KIF move cannot be read",
        meaning: "The origin is two digits 1-9 in parentheses, e.g. (77); this one is not.",
        example: "   1 ７六歩(7a)",
        action: "kifu reports the line and stops reading that line of play.",
        fix: "Write two digits, e.g. (77).",
    }
    KIF_BAD_TIME = error "kif::bad-time" {
        summary: "the time of a KIF move cannot be read",
        meaning: "A KIF time is `( m:ss/hh:mm:ss)`: the move's time, then the total; this one is not closed or not in that form.",
        example: "   1 ７六歩(77)   ( 0:1O/00:00:10)",
        action: "kifu keeps the move and the time column as written (the extra `kif:time`, which a KIF output writes back in its place; other formats report it as a loss), and reports the column.",
        fix: "Write the time as ( 0:10/00:00:10).",
    }
    KIF_BAD_VARIATION = error "kif::bad-variation" {
        summary: "the move number of a KIF variation cannot be read",
        meaning: "A variation starts with `変化：N手`, N the number of its first move; here N is missing or not a number, so where the variation branches is uncertain.",
        example: "   1 ７六歩(77)\n\n変化：五手\n   1 ２六歩(27)",
        action: "kifu skips the variation.",
        fix: "Write the number in digits: `変化：5手`.",
    }
    KIF_DROP_WITH_ORIGIN = warning "kif::drop-with-origin" {
        summary: "a drop 打 with an origin was read as a drop",
        meaning: "A drop (打) has no origin square; this move has both. Some programs write the origin anyway.",
        example: "   3 ２二角成(88)\n   4 同　銀(31)\n   5 ５五角打(88)",
        action: "kifu reads the move as a drop; nothing is lost.",
        fix: "Remove the origin from the drop.",
    }
    KIF_MOVE_AFTER_END = error "kif::move-after-end" {
        summary: "a KIF or KI2 move after the end of the game",
        meaning: "A special move (投了, 千日手, …) ends the line of play; a move follows it, so what the record means is uncertain.",
        example: "   1 ７六歩(77)\n   2 投了\n   3 ２六歩(27)",
        action: "kifu reports the move and ignores the rest of that line.",
        fix: "Start a variation with `変化：N手`, or remove the end if the game went on.",
    }
    KIF_MOVE_NUMBER = warning "kif::move-number" {
        summary: "a KIF move number is not the one expected",
        meaning: "KIF numbers moves 1, 2, 3, … along each line of play; this number differs from the count, which happens when lines are edited by hand.",
        example: "   1 ７六歩(77)\n   3 ３四歩(33)",
        action: "kifu reads the move as the next one of the line; nothing is lost.",
        fix: "Renumber the moves.",
    }
    KIF_NO_ORIGIN = error "kif::no-origin" {
        summary: "a KIF board move without its origin `(xy)`",
        meaning: "A KIF move of a piece on the board gives its origin; this one does not, and the piece is not in hand either, so which piece moved is uncertain.",
        example: "   1 ７六歩",
        action: "kifu reports the move and stops reading that line of play.",
        fix: "Add the origin, e.g. ７六歩(77), or 打 for a drop.",
    }
    KIF_SAME_WITHOUT_PREVIOUS = error "kif::same-without-previous" {
        summary: "同 (same square) with no previous move",
        meaning: "同 means the destination of the previous move; this move has none before it, so its square is uncertain.",
        example: "   1 同　歩(77)",
        action: "kifu reports the move and stops reading that line of play.",
        fix: "Write the square, e.g. ７六歩(77).",
    }
    KIF_TRAILING_TEXT = error "kif::trailing-text" {
        summary: "unexpected text after a KIF move",
        meaning: "After the move and its time only a `+` (variation mark) may follow; this text is something else, so what the line means is uncertain.",
        example: "   1 ７六歩(77) xyz",
        action: "kifu reports the line and stops reading that line of play.",
        fix: "Remove the text, or put it on a comment line starting with `*`.",
    }
    KIF_UNKNOWN_HANDICAP = error "kif::unknown-handicap" {
        summary: "an unknown KIF handicap name",
        meaning: "`手合割：` names the starting position (平手, 香落ち, 角落ち, …); this name is none kifu knows, so the starting position is uncertain.",
        example: "手合割：九枚落ち",
        action: "kifu reads the game from the even position (平手).",
        fix: "Use a known name, or give the position as a board diagram and write `その他`.",
    }
    KIF_UNKNOWN_LINE = error "kif::unknown-line" {
        summary: "a KIF line kifu does not know was ignored",
        meaning: "The line is no KIF header `key：value`, move, comment `*`, bookmark `&` or variation `変化：`, so what it meant is uncertain.",
        example: "手数----指手---------消費時間--\nfoo bar",
        action: "kifu ignores the line.",
        fix: "Remove the line, or make it a comment with `*` (or `#` in the header).",
    }
    KIF_UNKNOWN_PIECE = error "kif::unknown-piece" {
        summary: "a KIF move names an unknown piece",
        meaning: "The piece after the square is none of KIF's piece names (歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 馬 龍 竜 and their forms).",
        example: "   1 ７六蛇(77)",
        action: "kifu reports the line and stops reading that line of play.",
        fix: "Write the piece's name.",
    }
    KIF_VARIATION_PARENT = error "kif::variation-parent" {
        summary: "a KIF variation branches from a move the line above does not have",
        meaning: "`変化：N手` replaces move N of the line read last; that line has fewer moves, so where the variation belongs is uncertain.",
        example: "   1 ７六歩(77)\n\n変化：5手\n   5 ２六歩(27)",
        action: "kifu skips the variation.",
        fix: "Give the number of the move the variation replaces, after the line it branches from.",
    }
    KISEONG_ARGUMENT_COUNT = error "kiseong::argument-count" {
        summary: "a Kiseong command has the wrong number of numbers",
        meaning: "Each Kiseong command `&[code;…@` or `&[code…w` takes a set number of numbers; this one has another, so what it meant is uncertain.",
        example: "&[2;3@",
        action: "kifu keeps the command as written in the node's script, without effect.",
        fix: "Give the command its numbers, e.g. &[2;3;4@ (colour, row, column).",
    }
    KISEONG_BAD_COMMAND = error "kiseong::bad-command" {
        summary: "a Kiseong command `&[` cannot be read",
        meaning: "`&[` starts a command, which ends in `@` or `w` after its numbers; this one does not, so it may be text or a damaged command.",
        example: "&[2;3x4@",
        action: "kifu reads the characters as commentary.",
        fix: "Repair the command, or remove the `&[`.",
    }
    KISEONG_EMPTY_DIAGRAM = warning "kiseong::empty-diagram" {
        summary: "a save/restore diagram that places nothing",
        meaning: "A diagram `&[8@ … &[9@` shows stones and marks, then restores the position; this one shows nothing.",
        example: "&[8@&[9@",
        action: "kifu ignores the diagram; nothing is lost.",
        fix: "Remove the diagram.",
    }
    KISEONG_EMPTY_VARIATION = warning "kiseong::empty-variation" {
        summary: "a Kiseong variation without moves",
        meaning: "A variation `{{ … }}` holds moves; this one holds none.",
        example: "&[1w{{}}&[2w",
        action: "kifu ignores it; nothing is lost.",
        fix: "Remove the empty variation.",
    }
    KISEONG_FORBIDDEN_CHARACTER = warning "kiseong::forbidden-character" {
        summary: "commentary holds a character the format reserves",
        meaning: "The seed reserves some characters (it writes them as other ones); commentary should not hold them.",
        example: "A comment holding `@`",
        action: "kifu keeps the character; nothing is lost.",
        fix: "Replace the character, as the Kiseong writer does.",
    }
    KISEONG_LABEL_DROPPED = loss "kiseong::label-dropped" {
        summary: "a label that Kiseong cannot draw was left out",
        meaning: "Kiseong draws one Hangul syllable 가-하, or a letter A-Z on a stone; the record has another label.",
        example: "An SGF record with LB[dd:12] converted with `kifu convert -t kiseong`.",
        action: "The writer leaves the label out and reports this loss.",
        fix: "Use labels Kiseong can draw, or keep the record in SGF.",
    }
    KISEONG_LABEL_OUT_OF_RANGE = error "kiseong::label-out-of-range" {
        summary: "a Kiseong label or symbol index out of range",
        meaning: "A placement's label or symbol is an index into the seed's table; this one is beyond it.",
        example: "&[11;3;3;99@",
        action: "kifu keeps the command as written in the node's script, without effect.",
        fix: "Use an index in range.",
    }
    KISEONG_MISSING_END = warning "kiseong::missing-end" {
        summary: "the Kiseong record has no end `&[2w`",
        meaning: "A record ends with `&[2w`; this one stops without it.",
        example: "&[1w&[2;4;4@",
        action: "kifu reads everything up to the end of the file; nothing is lost.",
        fix: "Add `&[2w` at the end.",
    }
    KISEONG_MISSING_START = warning "kiseong::missing-start" {
        summary: "the Kiseong record has no start `&[1w`",
        meaning: "A record begins with `&[1w`; this one does not.",
        example: "&[2;4;4@&[2w",
        action: "kifu reads from the beginning of the file; nothing is lost.",
        fix: "Add `&[1w` at the start.",
    }
    KISEONG_MOVE_COUNT = error "kiseong::move-count" {
        summary: "the move count disagrees with the main line",
        meaning: "`&[20;Nw` gives the number of moves; the main line has another number, so moves may be missing.",
        example: "&[20;3w&[2;4;4@&[3;5;5@",
        action: "kifu keeps the moves it read.",
        fix: "Correct the count, or recover the missing moves.",
    }
    KISEONG_MOVE_DROPPED = loss "kiseong::move-dropped" {
        summary: "a move that is not a Go move cannot be written in Kiseong",
        meaning: "Kiseong records Go; the record holds a move of another game.",
        example: "A gomoku record converted with `kifu convert -t kiseong`.",
        action: "The writer leaves the move out and reports this loss.",
        fix: "Write such records in SGF.",
    }
    KISEONG_NESTED_SAVE = error "kiseong::nested-save" {
        summary: "a save `&[8@` inside a diagram that is still open",
        meaning: "Diagrams do not nest; a second save before the restore leaves the structure uncertain.",
        example: "&[8@&[8@&[9@",
        action: "kifu ignores the second save.",
        fix: "Close the first diagram with `&[9@` first.",
    }
    KISEONG_NESTED_VARIATION = error "kiseong::nested-variation" {
        summary: "a Kiseong variation inside another",
        meaning: "Kiseong variations `{{ … }}` do not nest, so where this one belongs is uncertain.",
        example: "{{&[2;5;5@{{&[3;6;6@}}",
        action: "kifu ignores the inner `{{`.",
        fix: "Close the first variation before opening the next.",
    }
    KISEONG_NO_COMMAND = error "kiseong::no-command" {
        summary: "no Kiseong command in the text: not a Kiseong record",
        meaning: "A Kiseong record is made of commands, `&[…w` (controls such as the start `&[1w`) and `&[…@` (stones). This text holds none, so it is not a Kiseong record (random bytes, or a file of another format given with `-f kiseong`).",
        example: "`hello, world` read with `-f kiseong`",
        action: "kifu reads no game from it.",
        fix: "Check the file and its format.",
    }
    KISEONG_NODE_MERGED = loss "kiseong::node-merged" {
        summary: "a node without a move is read back as part of the move before it",
        meaning: "Kiseong hangs commentary and drawings on moves; the record has a node with no move (a comment or markup of its own between two moves).",
        example: "The SGF `;B[pd];C[a note];W[dp]` converted with `kifu convert -t kiseong`.",
        action: "The writer writes the node's comment and drawings where it stands; read back, they belong to the move before it and the node is gone. This loss says so.",
        fix: "Keep the record in SGF, or move the comment onto a move.",
    }
    KISEONG_NUMBER_DROPPED = loss "kiseong::number-dropped" {
        summary: "a stone number over 99 cannot be written in Kiseong",
        meaning: "Kiseong numbers stones up to 99; the record has a higher number.",
        example: "A Kiseong diagram numbering move 120, converted back with `kifu convert -t kiseong`.",
        action: "The writer leaves the number out and reports this loss.",
        fix: "Accept the loss, or keep the record in the kifu JSON model.",
    }
    KISEONG_OFF_BOARD = error "kiseong::off-board" {
        summary: "a Kiseong point off the 19×19 board",
        meaning: "Rows and columns run 1-19; this point lies outside.",
        example: "&[2;20;3@",
        action: "kifu keeps the command as written in the node's script, without effect.",
        fix: "Correct the row or column.",
    }
    KISEONG_PASS_DROPPED = loss "kiseong::pass-dropped" {
        summary: "a pass cannot be written in Kiseong",
        meaning: "Kiseong has no pass; the record has one.",
        example: "An SGF record with W[] converted with `kifu convert -t kiseong`.",
        action: "The writer leaves the pass out (the same colour then plays twice) and reports this loss.",
        fix: "Keep the record in SGF.",
    }
    KISEONG_REPLACED_CHARACTER = loss "kiseong::replaced-character" {
        summary: "a character Kiseong reserves was written as another",
        meaning: "The seed reserves some characters; the record's text holds one.",
        example: "A comment holding `@` converted with `kifu convert -t kiseong`.",
        action: "The writer writes the replacement and reports this loss.",
        fix: "Accept the replacement.",
    }
    KISEONG_RESTORE_WITHOUT_SAVE = error "kiseong::restore-without-save" {
        summary: "a restore `&[9@` without a save before it",
        meaning: "A restore ends a diagram opened by `&[8@`; none is open, so the structure is uncertain.",
        example: "&[9@",
        action: "kifu keeps the command as written in the node's script, without effect.",
        fix: "Remove it, or add the save.",
    }
    KISEONG_SAME_COLOUR_TWICE = warning "kiseong::same-colour-twice" {
        summary: "one colour plays twice in a row",
        meaning: "Kiseong has no pass, so a pass shows as the other colour playing twice; this is usual in Kiseong records.",
        example: "&[2;4;4@&[2;5;5@",
        action: "kifu keeps both moves as played; nothing is lost.",
        fix: "Nothing needed if a pass was meant; otherwise correct the colour.",
    }
    KISEONG_SAVE_WITHOUT_RESTORE = error "kiseong::save-without-restore" {
        summary: "a save `&[8@` is never restored",
        meaning: "A diagram opened by `&[8@` ends with `&[9@`; this one is still open at the end, so what follows it is uncertain.",
        example: "&[8@&[2;7;7@",
        action: "kifu closes the diagram at the end of the file.",
        fix: "Add `&[9@` where the diagram ends.",
    }
    KISEONG_SETUP_DROPPED = loss "kiseong::setup-dropped" {
        summary: "setup stones without a mark cannot be written in Kiseong",
        meaning: "Kiseong places stones only as moves or as marked stones; the record has plain setup stones.",
        example: "An SGF record with AB[dd][pp] converted with `kifu convert -t kiseong`.",
        action: "The writer leaves them out and reports this loss.",
        fix: "Keep the record in SGF.",
    }
    KISEONG_SYMBOL_DROPPED = loss "kiseong::symbol-dropped" {
        summary: "a symbol on an empty point cannot be written in Kiseong",
        meaning: "Kiseong draws symbols on stones only; the record marks an empty point.",
        example: "An SGF record with TR[dd] on an empty point converted with `kifu convert -t kiseong`.",
        action: "The writer leaves the symbol out and reports this loss.",
        fix: "Keep the record in SGF.",
    }
    KISEONG_UNBALANCED_VARIATION = error "kiseong::unbalanced-variation" {
        summary: "`{{` and `}}` do not pair",
        meaning: "A variation opens with `{{` and closes with `}}`; one of them stands alone, so the structure is uncertain.",
        example: "&[1w}}&[2w",
        action: "kifu ignores a lone `}}`, or closes a lone `{{` at the end of the file.",
        fix: "Add the missing brace pair.",
    }
    KISEONG_UNKNOWN_CONTROL = error "kiseong::unknown-control" {
        summary: "an unknown Kiseong control code",
        meaning: "Control commands `&[N…w` use codes 1-13 and 20-23; this one is another.",
        example: "&[30w",
        action: "kifu keeps the command as written in the node's script, without effect.",
        fix: "Correct the code.",
    }
    KISEONG_UNKNOWN_PLACEMENT = error "kiseong::unknown-placement" {
        summary: "an unknown Kiseong placement code",
        meaning: "Placement commands `&[N;…@` use codes 0-12; this one is another.",
        example: "&[14;3;3@",
        action: "kifu keeps the command as written in the node's script, without effect.",
        fix: "Correct the code.",
    }
    KISEONG_UNKNOWN_VERSION = warning "kiseong::unknown-version" {
        summary: "a Kiseong version number not in the seed's table",
        meaning: "`&[23;Nw` gives the version of the program that wrote the file; this one is not in the table (1-10).",
        example: "&[23;99w",
        action: "kifu keeps the number; nothing is lost.",
        fix: "Nothing needed.",
    }
    KISEONG_UNTERMINATED_NAME = error "kiseong::unterminated-name" {
        summary: "a Kiseong name is not closed, or closed without opening",
        meaning: "A name starts with `&[4w`, then its text and `&[5w`, `&[6w` or `&[12w`; one half is missing, so the name is uncertain.",
        example: "&[4w홍길동",
        action: "kifu keeps the command as written in the node's script, without effect.",
        fix: "Close the name, e.g. &[4w홍길동&[5w.",
    }
    KISEONG_VARIATION_IN_DIAGRAM = error "kiseong::variation-in-diagram" {
        summary: "a variation brace inside a save/restore diagram",
        meaning: "Diagrams hold stones and marks, not variations, so what the brace belongs to is uncertain.",
        example: "&[8@{{&[2;5;5@}}&[9@",
        action: "kifu ignores the brace.",
        fix: "Move the variation out of the diagram.",
    }
    LOSS_ANALYSIS = loss "loss::analysis" {
        summary: "engine evaluations were left out",
        meaning: "The record's nodes carry engine evaluations (score, win rate, depth, principal variation …) and the target has no place for them.",
        example: "A kifu JSON model with `\"analysis\"` lists converted with `kifu convert -t csa`.",
        action: "The writer leaves them out and reports this loss, naming the first node and how many there are.",
        fix: "Convert to the kifu JSON model to keep them, or accept the loss.",
    }
    LOSS_ANNOTATIONS = loss "loss::annotations" {
        summary: "a node's name, judgement, hotspot, score or shown move number was left out",
        meaning: "The record marks a node with something the target has no place for: a node name (SGF N), a judgement of the move or the position (BM, TE, GB …), a hotspot, an estimated score, or a move number to show.",
        example: "An SGF with `BM[1]` converted with `kifu convert -t kif`.",
        action: "The writer leaves it out and reports one loss per field and game, naming the first node and how many there are.",
        fix: "Convert to SGF or the kifu JSON model to keep it, or accept the loss.",
    }
    LOSS_BOOKMARKS = loss "loss::bookmarks" {
        summary: "bookmarks were left out",
        meaning: "The record has bookmarks (KIF `&` lines) and the target has no place for them.",
        example: "A KIF with a `&定跡` line converted with `kifu convert -t jkf`.",
        action: "The writer leaves them out and reports this loss, naming the first and how many there are.",
        fix: "Convert to KIF, KI2 or the kifu JSON model to keep them, or accept the loss.",
    }
    LOSS_COMMENTS = loss "loss::comments" {
        summary: "comments were left out",
        meaning: "The record has comments (on moves, or on the whole game) and the target has no place for them.",
        example: "A KIF with `*` comment lines converted with `kifu convert -t usi`.",
        action: "The writer leaves them out and reports this loss, naming the first and how many there are.",
        fix: "Convert to a format with comments (SGF, KIF, KI2, CSA, JKF), or accept the loss.",
    }
    LOSS_ENDING = loss "loss::ending" {
        summary: "a special end of the game was left out",
        meaning: "The record ends a line with a special end (投了, 千日手, a time loss …) and the target has no place for it.",
        example: "A KIF ending in `投了` converted with `kifu convert -t sgf` (SGF keeps the result in RE, not the end).",
        action: "The writer leaves it out and reports this loss.",
        fix: "Convert to a shogi format to keep it, or accept the loss.",
    }
    LOSS_ENDING_CHANGED = loss "loss::ending-changed" {
        summary: "a special end was written as another",
        meaning: "The record ends with 封じ手 (a sealed move), 不戦勝 or 不戦敗, and the target has no word for it (CSA and JKF).",
        example: "A KI2 ending in 封じ手 converted with `kifu convert -t csa`.",
        action: "The writer writes an interruption (%CHUDAN) instead and reports this loss.",
        fix: "Convert to KIF, KI2 or the kifu JSON model to keep it, or accept the loss.",
    }
    LOSS_EXTRAS = loss "loss::extras" {
        summary: "data kept for another format was left out",
        meaning: "The record holds data only its own format knows (an SGF private property, a KIF header no field holds, a CSA `'` remark) and the target has no place for it.",
        example: "An SGF with `XY[1]` converted with `kifu convert -t kif`.",
        action: "The writer leaves it out and reports this loss, naming the key and its value.",
        fix: "Convert back to the source's format, or to the kifu JSON model, to keep it; or accept the loss.",
    }
    LOSS_GAME_INFO = loss "loss::game-info" {
        summary: "game information the target cannot hold was left out",
        meaning: "The record has game information (players, ranks, date, event, komi, result …) the target has no place for.",
        example: "An SGF with `KM[6.5]` converted with `kifu convert -t kif`, or a KIF with players converted with `-t usi`.",
        action: "The writer leaves the field out and reports this loss, naming the field and its value.",
        fix: "Convert to a format that has the field (SGF and the kifu JSON model have them all), or accept the loss.",
    }
    LOSS_MARKUP = loss "loss::markup" {
        summary: "board markup was left out",
        meaning: "The record draws on the board (symbols, labels, arrows, lines, dimmed points, numbered stones) and the target has no place for it.",
        example: "An SGF with `TR[dd]` converted with `kifu convert -t psq`.",
        action: "The writer leaves it out and reports this loss, naming the first node and how many there are.",
        fix: "Convert to SGF or the kifu JSON model to keep it, or accept the loss.",
    }
    LOSS_MOVES = loss "loss::moves" {
        summary: "the moves were left out",
        meaning: "The target holds a board and no moves (a .gonu file), and the record has moves.",
        example: "A gonu game with moves converted with `kifu convert -t gonu`.",
        action: "The writer writes the board only and reports this loss.",
        fix: "Keep the moves in the kifu JSON model, or accept the loss.",
    }
    LOSS_ROOT_COMMENT = loss "loss::root-comment" {
        summary: "a comment on the start position is written into the game comment",
        meaning: "KIF, KI2 and JKF have no comment on the starting position apart from the game's comment; the record has one.",
        example: "An SGF record with a comment in the root converted with `kifu convert -t kif`.",
        action: "The writer writes the comment as part of the game comment and reports this loss.",
        fix: "Accept it, or keep the record in a format with root comments (SGF, the kifu JSON model).",
    }
    LOSS_SETUP = loss "loss::setup" {
        summary: "setup stones or pieces were left out",
        meaning: "The record adds or removes stones (or sets the side to play) in a node, and the target has no place for it.",
        example: "An SGF with `AB[dd]` in a move node converted with `kifu convert -t omok`.",
        action: "The writer leaves it out and reports this loss.",
        fix: "Convert to SGF or the kifu JSON model to keep it, or accept the loss.",
    }
    LOSS_TIMES = loss "loss::times" {
        summary: "times were left out",
        meaning: "The record gives times (time spent per move, total time, time or periods left) and the target has no place for them.",
        example: "A KIF with times converted with `kifu convert -t ki2`.",
        action: "The writer leaves them out and reports this loss, naming the first and how many there are. A total that only adds up the times spent is not lost when the times spent are written.",
        fix: "Convert to a format with times (KIF, CSA, JKF for shogi; SGF for time left), or accept the loss.",
    }
    LOSS_VARIATION_INFO = loss "loss::variation-info" {
        summary: "game information of one variation cannot be written in this format",
        meaning: "The record holds game information for one variation only (SGF game-info nodes inside variations); the target format has one set of game information per game.",
        example: "An SGF with PW in two variations converted with `kifu convert -t kiseong`.",
        action: "The writer writes the game's own information only and reports this loss.",
        fix: "Convert to SGF or JSON, or split the tree into games first.",
    }
    LOSS_VARIATIONS = loss "loss::variations" {
        summary: "variations were left out",
        meaning: "The record has variations and the target holds the main line only (or, for Kiseong, no variation inside a variation).",
        example: "A KIF with `変化：` blocks converted with `kifu convert -t csa`.",
        action: "The writer writes the main line (and what variations it can) and reports this loss with the count left out.",
        fix: "Convert to a format with variations (SGF, KIF, KI2, JKF), or split the variations into games with `kifu split --variations`.",
    }
    NDJSON_NO_GAME = error "ndjson::no-game" {
        summary: "an NDJSON input holds no line",
        meaning: "NDJSON holds one game of kifu's JSON model per line; this input has none.",
        example: "an empty file given with -f ndjson",
        action: "kifu reads no game.",
        fix: "Check that the file is what was meant.",
    }
    NGF_BAD_COLOR = error "ngf::bad-color" {
        summary: "a move's colour is neither B nor W",
        meaning: "NGF move lines read `PM<number><B|W><coordinates>`.",
        example: "`PMabXdddd`",
        action: "kifu leaves the move out.",
        fix: "Write B or W.",
    }
    NGF_BAD_HANDICAP = error "ngf::bad-handicap" {
        summary: "a handicap count has no fixed placement",
        meaning: "The handicap line gives a count placed on the board's fixed points.",
        example: "a handicap of 12 stones",
        action: "kifu places no handicap stones.",
        fix: "Give a count the board has points for.",
    }
    NGF_BAD_KOMI = error "ngf::bad-komi" {
        summary: "the komi line is not a number",
        meaning: "Line 8 of an NGF header is the komi.",
        example: "`komi: six`",
        action: "kifu records no komi.",
        fix: "Write the number.",
    }
    NGF_BAD_LINE = error "ngf::bad-line" {
        summary: "a move line is not `PM<2 letters><B|W><4 letters>`",
        meaning: "NGF moves are PM lines.",
        example: "`PM12`",
        action: "kifu leaves the move out.",
        fix: "Correct the line.",
    }
    NGF_BAD_SIZE = error "ngf::bad-size" {
        summary: "the board size is not a number from 1 to 52",
        meaning: "Line 2 of an NGF header is the board size.",
        example: "`nineteen`",
        action: "kifu reads the game on 19×19.",
        fix: "Write the size as a number.",
    }
    NGF_COORDINATES_DISAGREE = warning "ngf::coordinates-disagree" {
        summary: "a move's mirrored coordinates disagree",
        meaning: "NGF writes each point twice, the second pair mirrored.",
        example: "`PMabBcddd`",
        action: "kifu uses the first pair.",
        fix: "Correct the second pair.",
    }
    NGF_MOVE_COUNT = warning "ngf::move-count" {
        summary: "the header's move count differs from the moves read",
        meaning: "The header announces the number of moves.",
        example: "a header saying 200 moves before 180 PM lines",
        action: "kifu reads the moves there are.",
        fix: "Correct the count.",
    }
    NGF_MOVE_NUMBER = warning "ngf::move-number" {
        summary: "a move number out of sequence",
        meaning: "PM lines number the moves in order.",
        example: "move 7 after move 5",
        action: "kifu keeps the move in file order.",
        fix: "Renumber the moves.",
    }
    NGF_PASS = info "ngf::pass" {
        summary: "off-board coordinates read as a pass",
        meaning: "NGF has no pass token; off-board coordinates are taken for one.",
        example: "`PMabBzzzz`",
        action: "kifu reads a pass.",
        fix: "Nothing needed if a pass was meant.",
    }
    NGF_SHORT_HEADER = error "ngf::short-header" {
        summary: "the header has fewer lines than its layout",
        meaning: "The NGF header has a fixed number of lines before the moves.",
        example: "a file of five lines",
        action: "kifu reads what is there.",
        fix: "Find the complete file.",
    }
    NGF_TRAILING_TEXT = error "ngf::trailing-text" {
        summary: "text after a move's fields",
        meaning: "A PM line holds exactly its fields.",
        example: "`PMabBcddc extra`",
        action: "kifu reads the move and leaves the rest out.",
        fix: "Remove the trailing text.",
    }
    OMOK_COUNT_MISMATCH = error "omok::count-mismatch" {
        summary: "the .omok count byte disagrees with the moves that follow",
        meaning: "An .omok log is a count byte and one byte per move; the count says more or fewer moves than follow, so the record may be cut short or carry garbage.",
        example: "The bytes 03 77 78 (a count of 3 and two moves)",
        action: "kifu reads the moves that are there, up to the count.",
        fix: "Correct the count byte, or recover the missing moves.",
    }
    OMOK_EMPTY = error "omok::empty" {
        summary: "the .omok log is empty",
        meaning: "A log starts with a count byte; this file has no byte at all.",
        example: "An empty file named game.omok",
        action: "kifu reads an empty game.",
        fix: "Check that the file is the log meant.",
    }
    OMOK_OFF_BOARD = error "omok::off-board" {
        summary: "an .omok move off the 15×15 board",
        meaning: "A move byte holds x and y of 0 to 14 (high and low half); this one holds a value beyond.",
        example: "The bytes 01 FF",
        action: "kifu reports the move and stops reading there.",
        fix: "Correct the move byte.",
    }
    OMOK_POINT_PLAYED_TWICE = error "omok::point-played-twice" {
        summary: "an .omok move on a point already played",
        meaning: "Each point can be played once; this move plays a point again.",
        example: "The bytes 02 77 77",
        action: "kifu reports the move and stops reading there.",
        fix: "Correct the move byte.",
    }
    OMOK_RULE_DROPPED = loss "omok::rule-dropped" {
        summary: "the gomoku rule cannot be written in .omok",
        meaning: "An .omok log is read under the seed rule; the record's rule is another and cannot be written.",
        example: "An SGF game with RU[renju] converted with `kifu convert -t omok`.",
        action: "The writer writes the moves and reports this loss.",
        fix: "Convert to SGF to keep the rule.",
    }
    OMOK_TOO_MANY_MOVES = error "omok::too-many-moves" {
        summary: "the .omok count byte is larger than the board holds",
        meaning: "A 15×15 board holds at most 225 moves; the count byte says more.",
        example: "A file starting with the byte FF",
        action: "kifu reads the moves that follow.",
        fix: "Correct the count byte.",
    }
    PSQ_BAD_FIRST = warning "psq::bad-first" {
        summary: "the header's last field is not 0 or 1",
        meaning: "The last header field says which player began.",
        example: "`Piskvorky 15x15, 11:11, 7`",
        action: "kifu assumes player 1 began.",
        fix: "Write 0 or 1.",
    }
    PSQ_BAD_HEADER = error "psq::bad-header" {
        summary: "the first line is not the Piskvorky header",
        meaning: "A PSQ game starts `Piskvorky WxH, x:y, n`.",
        example: "a PSQ file starting with a move line",
        action: "kifu reads no game.",
        fix: "Restore the header line.",
    }
    PSQ_BAD_MOVE = error "psq::bad-move" {
        summary: "a move line is not `x,y[,time]` in whole numbers",
        meaning: "PSQ moves are 1-based `x,y,time` lines.",
        example: "`8,a,100`",
        action: "kifu leaves the move out.",
        fix: "Correct the line.",
    }
    PSQ_BAD_SIZE = error "psq::bad-size" {
        summary: "the board size is outside 1-52",
        meaning: "The header's WxH gives the board.",
        example: "`Piskvorky 99x99, 11:11, 0`",
        action: "kifu reads no game.",
        fix: "Give the real board size.",
    }
    PSQ_BAD_TIME = warning "psq::bad-time" {
        summary: "a move time that is negative or no number",
        meaning: "The third field is the time the move took in milliseconds.",
        example: "`8,8,-5` or `8,8,52x0`",
        action: "kifu keeps the move, and the time as written (the extra `psq:time`, which a PSQ output writes back in its place; other formats report it as a loss).",
        fix: "Correct or drop the time.",
    }
    PSQ_NAME_CHANGED = loss "psq::name-changed" {
        summary: "a player's name written changed so that it reads back",
        meaning: "A name with a comma, a line break or trailing blanks would not read back from PSQ.",
        example: "a player named `Lee, S.`",
        action: "The writer writes the name changed and reports this loss.",
        fix: "Nothing, or convert to SGF.",
    }
    PSQ_OFF_BOARD = error "psq::off-board" {
        summary: "a move outside the board",
        meaning: "Coordinates run from 1 to the board's size.",
        example: "`16,3,0` on 15x15",
        action: "kifu leaves the move out.",
        fix: "Correct the coordinates.",
    }
    PSQ_POINT_PLAYED_TWICE = error "psq::point-played-twice" {
        summary: "a point already played",
        meaning: "Each point takes one stone.",
        example: "`8,8,0` twice",
        action: "kifu leaves the move out.",
        fix: "Correct the moves.",
    }
    PSQ_RULE_DROPPED = loss "psq::rule-dropped" {
        summary: "PSQ cannot say the rule",
        meaning: "PSQ has no field for the rule in force.",
        example: "an SGF GM[4] game with RU[renju] converted with `-t psq`",
        action: "The PSQ writer leaves it out and reports this loss.",
        fix: "Convert to SGF to keep it.",
    }
    PSQ_UNEXPECTED_LINES = warning "psq::unexpected-lines" {
        summary: "trailing lines that are neither two names nor an end code",
        meaning: "After the moves PSQ holds the engines' names and an end code.",
        example: "free text after the moves",
        action: "kifu keeps them as the game's extras.",
        fix: "Remove them.",
    }
    PSQ_UNREAD_MOVES = error "psq::unread-moves" {
        summary: "move lines after the moves stopped were not read as moves",
        meaning: "A PSQ record's moves run from the line after the header to the first line that is not a move; the lines after it are the players' names and an end code. Here a move line (`x,y` or `x,y,time`) comes after that point, so the moves were cut short: the lines after the break are kept as text (the extra `psq:lines`), not as moves.",
        example: "`10,10,0`, `zzz`, `11,11,1703`: the second move is not read",
        action: "kifu reads the moves before the break; the rest stays text.",
        fix: "Remove the line that broke the moves.",
    }
    RECORD_EMPTY = warning "record::empty" {
        summary: "the file holds no record: it is empty or only blank lines",
        meaning: "A blank KIF, KI2, CSA or USI file reads as a record without a word; kifu says so, since such a file is usually a mistake.",
        example: "A file holding only line breaks, named game.kif",
        action: "kifu reads one empty game; nothing is lost.",
        fix: "Check that the file is the one meant.",
    }
    RENJU_AFTER_END = error "renju::after-end" {
        summary: "a gomoku move after the game was won",
        meaning: "Five in a row (or a forbidden move under renju) ends the game; moves follow it.",
        example: "A freestyle game where black made five at move 9 and move 10 follows",
        action: "kifu keeps the moves; validation reports the first one after the end.",
        fix: "Remove the moves after the end, or check the rule the game was played under.",
    }
    RENJU_DOUBLE_FOUR = error "renju::double-four" {
        summary: "black made a double-four, forbidden under the rule in force",
        meaning: "Under renju black may not make two fours with one stone (4-4).",
        example: "A renju game where black's move makes two fours at once",
        action: "kifu keeps the move; validation reports it (the move loses under renju).",
        fix: "Check the rule (RU) the game was played under, and the move.",
    }
    RENJU_DOUBLE_THREE = error "renju::double-three" {
        summary: "black made a double-three, forbidden under the rule in force",
        meaning: "Under renju black may not make two open threes with one stone (3-3).",
        example: "A renju game where black's move makes two open threes at once",
        action: "kifu keeps the move; validation reports it (the move loses under renju).",
        fix: "Check the rule (RU) the game was played under, and the move.",
    }
    RENJU_FALSE_RESULT = error "renju::false-result" {
        summary: "the recorded result contradicts the judged one",
        meaning: "The record names a winner the moves do not give (no five, a five for the other side, or black's forbidden move) while nobody resigned or forfeited.",
        example: "(;FF[4]GM[4]SZ[15]RE[B+];B[hh];W[hi])",
        action: "kifu keeps the record and reports the contradiction.",
        fix: "Correct RE or the moves.",
    }
    RENJU_NOT_ALTERNATING = error "renju::not-alternating" {
        summary: "a gomoku move by the side not to move",
        meaning: "Black and white alternate; this move is made by the side whose turn it is not.",
        example: "(;GM[4]SZ[15];B[hh];B[hi])",
        action: "kifu keeps the move; validation reports it.",
        fix: "Correct the colour, or add the missing move.",
    }
    RENJU_OCCUPIED = error "renju::occupied" {
        summary: "a gomoku move on a point that already holds a stone",
        meaning: "A stone may be played only on an empty point.",
        example: "(;GM[4]SZ[15];B[hh];W[hh])",
        action: "kifu keeps the move; validation reports it.",
        fix: "Correct the point.",
    }
    RENJU_OFF_BOARD = error "renju::off-board" {
        summary: "a gomoku move off the board",
        meaning: "The point lies outside the board.",
        example: "A kifu JSON model of a 15×15 gomoku game with a stone at (16, 16) (the SGF reader reports such a point as sgf::bad-point)",
        action: "kifu keeps the node; validation reports it.",
        fix: "Correct the point or the board size.",
    }
    RENJU_OFF_CENTRE = error "renju::off-centre" {
        summary: "the first move of a renju game is not on the centre",
        meaning: "Under renju (and the rules derived from it) black's first stone is on the centre point.",
        example: "(;GM[4]SZ[15]RU[renju];B[aa])",
        action: "kifu keeps the move; validation reports it.",
        fix: "Correct the move, or the rule.",
    }
    RENJU_OVERLINE = error "renju::overline" {
        summary: "black made an overline, forbidden under the rule in force",
        meaning: "Under renju black may not make six or more in a row (장목).",
        example: "A renju game where black's move makes six in a row",
        action: "kifu keeps the move; validation reports it (the move loses under renju).",
        fix: "Check the rule (RU) the game was played under, and the move.",
    }
    RENJU_UNDECIDED = info "renju::undecided" {
        summary: "the search for real threes reached its limit; some points were taken as allowed",
        meaning: "Deciding whether a three is real needs a search that can grow deep in crowded positions; kifu's search stopped at its limit here. This says nothing against the record.",
        example: "A renju position with many nested threes around black's move",
        action: "kifu takes the undecided points as allowed, so a forbidden double-three may go unreported.",
        fix: "Nothing needed; check the move by hand if it matters.",
    }
    RENJU_UNKNOWN_RULE = info "renju::unknown-rule" {
        summary: "the gomoku rule is not known; the game was checked as freestyle",
        meaning: "The record names a rule (RU or --rule) kifu does not know.",
        example: "(;GM[4]SZ[15]RU[swap2-pro])",
        action: "kifu checks the game as freestyle (five or more wins, nothing forbidden) and keeps the rule's name.",
        fix: "Give a known rule with --rule (see `kifu validate --help`), if one fits.",
    }
    RENLIB_AFTER_LAST_LEAF = warning "renlib::after-last-leaf" {
        summary: "records after the tree closed",
        meaning: "The node stream closed the tree, yet more records follow.",
        example: "bytes after the last leaf",
        action: "kifu leaves them out.",
        fix: "Repair the library in RenLib.",
    }
    RENLIB_BAD_HEADER = error "renlib::bad-header" {
        summary: "neither RenLib's magic nor a headerless start",
        meaning: "A RenLib library starts with the bytes FF 'RenLib' FF.",
        example: "any other binary file given with -f renlib",
        action: "kifu reads no game.",
        fix: "Check that the file is a RenLib library.",
    }
    RENLIB_BAD_STRUCTURE = warning "renlib::bad-structure" {
        summary: "the root claims a sibling",
        meaning: "The root of a library has no siblings.",
        example: "a root record with the sibling flag",
        action: "kifu ignores the flag.",
        fix: "Nothing needed.",
    }
    RENLIB_DUPLICATE_MOVE = warning "renlib::duplicate-move" {
        summary: "the same move twice under one position",
        meaning: "RenLib merges repeated moves.",
        example: "two records of h8 under the root",
        action: "kifu merges them, as RenLib does.",
        fix: "Nothing needed.",
    }
    RENLIB_GUESSED_ENCODING = warning "renlib::guessed-encoding" {
        summary: "the texts are not UTF-8; their encoding was guessed",
        meaning: "RenLib texts are in the writer's code page.",
        example: "a library with CP1252 comments",
        action: "kifu decodes them by one statistical guess and says so.",
        fix: "Nothing, if the texts read right.",
    }
    RENLIB_MALFORMED_TEXT = error "renlib::malformed-text" {
        summary: "text bytes the chosen encoding cannot decode",
        meaning: "A comment or board text has bytes invalid in the library's encoding.",
        example: "a comment mixing encodings",
        action: "kifu replaces them with U+FFFD and reports each.",
        fix: "Repair the comment.",
    }
    RENLIB_MISSING_SIBLING = warning "renlib::missing-sibling" {
        summary: "announced siblings never written",
        meaning: "A node says a sibling follows, and the file ends first.",
        example: "a library cut after a sibling flag",
        action: "kifu closes the tree there.",
        fix: "Find the complete file.",
    }
    RENLIB_NEWER_VERSION = warning "renlib::newer-version" {
        summary: "a library version above 3.4",
        meaning: "kifu knows RenLib's layout up to version 3.4.",
        example: "a header with version 4.0",
        action: "kifu reads it as 3.4.",
        fix: "Nothing, if it reads right.",
    }
    RENLIB_NO_HEADER = warning "renlib::no-header" {
        summary: "an old library without a header",
        meaning: "RenLib's first versions wrote no header.",
        example: "an old .lib starting with a move record",
        action: "kifu reads it as such.",
        fix: "Nothing needed.",
    }
    RENLIB_OFF_BOARD = error "renlib::off-board" {
        summary: "a point byte that names no point",
        meaning: "Each move byte packs the column and the row of a 15x15 board.",
        example: "a point byte with column 0 in a move",
        action: "kifu stops reading there.",
        fix: "Repair the library in RenLib.",
    }
    RENLIB_TRUNCATED = error "renlib::truncated" {
        summary: "the file ends inside the header, a record or a text",
        meaning: "The library was cut short.",
        example: "a library missing its last bytes",
        action: "kifu keeps what was read.",
        fix: "Find the complete file.",
    }
    RENLIB_UNKNOWN_FLAGS = warning "renlib::unknown-flags" {
        summary: "extension bits kifu does not know",
        meaning: "A node's extension byte sets bits RenLib 3.x does not define.",
        example: "a node with unused flag bits",
        action: "kifu ignores them.",
        fix: "Nothing, if it reads right.",
    }
    RIF_BAD_MOVE = error "rif::bad-move" {
        summary: "a move token is not a 15x15 point",
        meaning: "Moves are points such as h8.",
        example: "`<move>h8 z9</move>`",
        action: "kifu stops the game there.",
        fix: "Correct the move.",
    }
    RIF_BAD_RESULT = warning "rif::bad-result" {
        summary: "bresult is not 1, 0 or 0.5",
        meaning: "bresult is black's score: 1 a win, 0 a loss, 0.5 a draw.",
        example: "`bresult=\"2\"`",
        action: "kifu records no result.",
        fix: "Write 1, 0 or 0.5.",
    }
    RIF_MISSING_ID = warning "rif::missing-id" {
        summary: "a table row without an id",
        meaning: "Games refer to players, tournaments and rules by id.",
        example: "`<player name=\"X\"/>`",
        action: "kifu cannot refer to the row.",
        fix: "Give the row its id.",
    }
    RIF_NOT_A_DATABASE = error "rif::not-a-database" {
        summary: "no <database> element",
        meaning: "A RIF database's root element is <database>.",
        example: "any other XML file given with -f rif",
        action: "kifu reads no game.",
        fix: "Check that the file is a RIF database.",
    }
    RIF_POINT_PLAYED_TWICE = error "rif::point-played-twice" {
        summary: "a point already played",
        meaning: "Each point takes one stone.",
        example: "`<move>h8 h8</move>`",
        action: "kifu stops the game there.",
        fix: "Correct the moves.",
    }
    RIF_SYNTAX = error "rif::syntax" {
        summary: "malformed XML",
        meaning: "A RIF database is XML.",
        example: "a tag that is never closed",
        action: "kifu stops reading there and keeps the games read.",
        fix: "Repair the XML.",
    }
    RIF_UNCLOSED = error "rif::unclosed" {
        summary: "the file ends inside <games>, a table or a game",
        meaning: "The database was cut short.",
        example: "a database missing its last lines",
        action: "kifu keeps the games read and the one it ends in.",
        fix: "Find the complete file.",
    }
    RIF_UNKNOWN_REFERENCE = warning "rif::unknown-reference" {
        summary: "an id not in its table",
        meaning: "A game names a player, tournament, rule, opening or publisher id that no row has.",
        example: "`<game black=\"999\">` with no player 999",
        action: "kifu leaves that field empty.",
        fix: "Add the row or correct the id.",
    }
    SGF_ANNOTATION_WITHOUT_MOVE = warning "sgf::annotation-without-move" {
        summary: "a move annotation (BM, TE, DO, IT) in a node without a move",
        meaning: "BM, TE, DO and IT judge the move of their node; this node has no move, so there is nothing for them to judge.",
        example: "(;GM[1]SZ[19];B[pd];TE[1]C[a good idea])",
        action: "kifu keeps the annotation on the node as written; nothing is lost.",
        fix: "Move the annotation to the node of the move it is about, or use a position annotation (GB, GW, DM, UC) instead.",
    }
    SGF_BAD_BOARD_SIZE = error "sgf::bad-board-size" {
        summary: "SZ is not a usable board size",
        meaning: "SZ gives the board's width (and height, as SZ[w:h]) from 1 to 52; this value is below 1, above 52 or not a number, so the size of the board is uncertain.",
        example: "(;GM[1]SZ[nineteen];B[pd])",
        action: "kifu uses 19 (or 52 when the size is too large) and reads the points against that board; points off it are reported as well.",
        fix: "Write the real size, e.g. SZ[19] or SZ[9:13].",
    }
    SGF_BAD_POINT = error "sgf::bad-point" {
        summary: "a value is not a point of the board",
        meaning: "A point is two letters a-z, A-Z giving column and row; this value has the wrong form or lies off the board.",
        example: "(;GM[1]SZ[9];B[zz])",
        action: "A move on it is dropped from the record; markup or setup values (TR[zz], AB[zz]) are kept as a private property and written back by SGF.",
        fix: "Write the point as two letters inside the board (for SZ[9], a to i).",
    }
    SGF_BAD_VALUE = error "sgf::bad-value" {
        summary: "a property value is not of the property's type",
        meaning: "The value does not have the type the property takes (a number, a real, a time, a colour, …), so its meaning is uncertain.",
        example: "(;GM[1]SZ[19]KM[six and a half])",
        action: "kifu keeps the text as a private property that has no effect (for GM, reads GM[1]).",
        fix: "Write the value in its type, e.g. KM[6.5].",
    }
    SGF_BAD_VARIATION_START = error "sgf::bad-variation-start" {
        summary: "a `(` stands where a node must come",
        meaning: "A game tree or variation opens with `(` followed by a node `;`; here another `(` follows at once, so where the variation starts is uncertain.",
        example: "(;GM[1]SZ[19]((;B[pd]))",
        action: "kifu ignores the extra `(`.",
        fix: "Start every variation with a node: `(;B[pd])`.",
    }
    SGF_CONTRADICTING_ANNOTATION = error "sgf::contradicting-annotation" {
        summary: "a node has two annotations that contradict each other",
        meaning: "A node may hold one position annotation (GB, GW, DM, UC) and one move annotation (BM, TE, DO, IT); this node has a second one that says something else, so which one holds is uncertain.",
        example: "(;GM[1]SZ[19];B[pd]BM[1]TE[1])",
        action: "kifu keeps the first annotation and deletes the later one.",
        fix: "Keep the one annotation meant and delete the other.",
    }
    SGF_DATE_NORMALIZED = warning "sgf::date-normalized" {
        summary: "DT was not ISO and was rewritten as an ISO date",
        meaning: "FF[4] writes dates as YYYY-MM-DD (with its shortenings); this date was in another common form kifu can read without doubt.",
        example: "(;GM[1]FF[4]DT[1996.05.06])",
        action: "kifu reads the date as DT[1996-05-06] and writes it so; nothing is lost.",
        fix: "Write the date as YYYY-MM-DD.",
    }
    SGF_DEFAULT_CHARSET = info "sgf::default-charset" {
        summary: "a game without CA in a file whose games declare different charsets is read as ISO-8859-1",
        meaning: "The games of this file declare different charsets (CA), and this one declares none; FF[4] says a game without CA is ISO-8859-1.",
        example: "A file of two games, the first with CA[UTF-8], the second with CA[Big5], and a third with no CA.",
        action: "kifu decodes the game without CA as ISO-8859-1, as FF[4] says.",
        fix: "Give every game a CA property, or convert the file to one charset (`kifu reencode`).",
    }
    SGF_DUPLICATE_MARKUP = warning "sgf::duplicate-markup" {
        summary: "markup on a point that is already marked in the same node",
        meaning: "Markup properties (CR, MA, SQ, TR, SL, LB) may mark each point once per node; this node marks one point more than once.",
        example: "(;GM[1]SZ[19]CR[dd]TR[dd])",
        action: "kifu keeps every mark as written; nothing is lost.",
        fix: "Remove the marks not meant, so that each point has one.",
    }
    SGF_DUPLICATE_PROPERTY = error "sgf::duplicate-property" {
        summary: "a property appears twice in one node and the second is deleted",
        meaning: "A property may appear once per node; this node has it twice (or two moves of one colour), and the two values may differ, so which one is meant is uncertain.",
        example: "(;GM[1]SZ[19]KM[6.5]KM[7.5])",
        action: "kifu keeps the first and deletes the second.",
        fix: "Keep one of them.",
    }
    SGF_DUPLICATE_PROPERTY_MERGED = warning "sgf::duplicate-property-merged" {
        summary: "a list property appears twice in one node and its values are merged",
        meaning: "A property may appear once per node; this one is a list (AB, AW, CR, …) or a text (C, GC) whose values can be joined without doubt.",
        example: "(;GM[1]SZ[19]AB[dd]AB[pp])",
        action: "kifu merges the values into one property (AB[dd][pp]); nothing is lost.",
        fix: "Write the values in one property.",
    }
    SGF_EMPTY_DOUBLE = warning "sgf::empty-double" {
        summary: "a Double property (GB, GW, DM, UC, BM, TE, HO) has an empty value",
        meaning: "A Double value is 1 (normal) or 2 (emphasised); this one is empty, which older programs write for the normal degree.",
        example: "(;GM[1]SZ[19];B[pd]TE[])",
        action: "kifu reads it as [1]; nothing is lost.",
        fix: "Write TE[1] (or TE[2]).",
    }
    SGF_EMPTY_VALUE = error "sgf::empty-value" {
        summary: "a point property has an empty value",
        meaning: "The property takes points, and its value is empty.",
        example: "(;GM[1]SZ[19]AB[])",
        action: "kifu deletes the property.",
        fix: "Write the points meant, or remove the property.",
    }
    SGF_EMPTY_VARIATION = warning "sgf::empty-variation" {
        summary: "an empty variation `()`",
        meaning: "A variation holds at least one node; `()` holds none, so it says nothing.",
        example: "(;GM[1]SZ[19];B[pd]()(;W[dd]))",
        action: "kifu ignores it; nothing is lost.",
        fix: "Delete the `()`.",
    }
    SGF_EXPECTED_COMPOSE = error "sgf::expected-compose" {
        summary: "a value that must be a pair `a:b` is not",
        meaning: "LB takes `point:text`, AR and LN take `point:point`; this value has no `:` or a bad part.",
        example: "(;GM[1]SZ[19]LB[dd])",
        action: "kifu keeps the value as a private property, which SGF writes back (a reported loss if the node has readable values of that property too).",
        fix: "Write the pair, e.g. LB[dd:A] or AR[aa:cc].",
    }
    SGF_FF4_PASS_IN_OLD_FORMAT = warning "sgf::ff4-pass-in-old-format" {
        summary: "an empty move `[]` (the FF[4] pass) in an FF[1]-FF[3] file",
        meaning: "FF[4] writes a pass as B[] or W[]; this file declares an older FF, where the pass was [tt]. Many programs wrote [] in older files all the same.",
        example: "(;FF[3]GM[1]SZ[19];B[pd];W[])",
        action: "kifu reads the move as a pass; nothing is lost.",
        fix: "Declare FF[4], or write the pass as [tt] on boards up to 19×19.",
    }
    SGF_FOREIGN_MOVE = loss "sgf::foreign-move" {
        summary: "a move of another game cannot be written in SGF",
        meaning: "SGF writes Go and gomoku moves; this node holds a move of another game (a shogi move).",
        example: "A shogi record converted with `kifu convert -t sgf`.",
        action: "The SGF writer leaves the move out and reports this loss.",
        fix: "Write shogi records in a shogi format (KIF, KI2, CSA, JKF, USI).",
    }
    SGF_FOX_KOMI = warning "sgf::fox-komi" {
        summary: "Fox's komi written × 50 was read as the komi it stands for",
        meaning: "Fox (AP[foxwq]) writes komi multiplied by 50: KM[375] is 7.5 points.",
        example: "(;FF[4]GM[1]SZ[19]AP[foxwq]KM[375];B[pd])",
        action: "kifu reads KM/50 as the komi (here 7.5) and writes KM[7.5].",
        fix: "Nothing needed; the converted file holds the real komi.",
    }
    SGF_GAME_INFO_MOVED = info "sgf::game-info-moved" {
        summary: "a game-info property below the root, before any variation, was moved to the game information",
        meaning: "Game-info properties (PB, PW, RE, DT, …) may stand in any node, once per line of play; in a node before the first branch they hold for the whole game.",
        example: "(;GM[1]SZ[19];B[pd]PB[Honinbo Shusaku])",
        action: "kifu stores the value in the game information, written in the root.",
        fix: "Nothing needed; put game information in the root node to keep it where it is written.",
    }
    SGF_GAME_INFO_OUTSIDE_ROOT = warning "sgf::game-info-outside-root" {
        summary: "a second value of a game-info property below the root, kept as written",
        meaning: "SGF allows one game-info node per line of play; this line already has the property (in the root, or in an earlier game-info node of the line).",
        example: "(;GM[1]SZ[19]PB[Shusaku];B[pd]PB[Dosaku])",
        action: "kifu keeps the first value as the game information and the later one where it stands, as a private property that is written back unchanged; nothing is lost from the file.",
        fix: "Keep one value per line of play; for several games in one tree, give each variation its own game-info node (sgf::variation-game-info).",
    }
    SGF_HANDICAP_MISMATCH = error "sgf::handicap-mismatch" {
        summary: "HA disagrees with the number of black stones in the root",
        meaning: "HA gives the number of handicap stones and the root places them with AB; here the counts differ, so which handicap was played is uncertain.",
        example: "(;GM[1]SZ[19]HA[3]AB[dd][pp];W[dp])",
        action: "kifu keeps both as written: the position has the stones of AB, the game information the handicap of HA.",
        fix: "Make HA and the AB stones agree.",
    }
    SGF_HANDICAP_WITHOUT_STONES = warning "sgf::handicap-without-stones" {
        summary: "HA is given but the root places no black stones",
        meaning: "HA only records the handicap; the stones must be placed with AB. Old files often give HA alone and leave the stones to the reading program.",
        example: "(;GM[1]SZ[19]HA[2];W[dp])",
        action: "kifu keeps HA and places no stones, as SGF says.",
        fix: "Add the stones with AB in the root, e.g. HA[2]AB[dp][pd].",
    }
    SGF_IDENTIFIER_TOO_LONG = error "sgf::identifier-too-long" {
        summary: "a property identifier of more than 100 letters",
        meaning: "Such an identifier is not a property any program knows; it is most likely damaged text.",
        example: "(;GM[1]SZ[19]AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA[x])",
        action: "kifu deletes the property.",
        fix: "Remove or repair the property.",
    }
    SGF_ILLEGAL_CHARACTERS = error "sgf::illegal-characters" {
        summary: "characters that are not SGF syntax between properties or nodes",
        meaning: "Between nodes and properties SGF allows only `(`, `)`, `;`, identifiers, values and white space; these characters are none of them, so what they were meant to be is uncertain.",
        example: "(;GM[1]SZ[19];B[pd]#;W[dd])",
        action: "kifu skips the characters.",
        fix: "Remove them, or put text in a comment C[…].",
    }
    SGF_JAPANESE_TIME = warning "sgf::japanese-time" {
        summary: "TM in the Japanese style was read as seconds",
        meaning: "TM is the time limit in seconds; some Japanese programs write it as text like `1時間`.",
        example: "(;GM[1]SZ[19]TM[1時間])",
        action: "kifu reads TM[3600]; nothing is lost.",
        fix: "Write TM in seconds.",
    }
    SGF_KEPT_VALUE_DROPPED = loss "sgf::kept-value-dropped" {
        summary: "a kept foreign property was dropped because the node already has it",
        meaning: "A property kept from the input (private or unknown) could not be written: the node already has a property of that name, or it has no values.",
        example: "A node with a kept `XX[a]` that also gets `XX` from the model, converted with `kifu convert -t sgf`.",
        action: "The SGF writer leaves the kept values out and reports this loss.",
        fix: "Rename one of the properties in the input.",
    }
    SGF_LEGACY_COLOR = warning "sgf::legacy-color" {
        summary: "a player written as 1/2 or a word was read as B or W",
        meaning: "PL (and similar colour values) must be B or W; old programs wrote 1 and 2, b and w, or black and white.",
        example: "(;FF[4]GM[1]SZ[19]PL[1];B[pd])",
        action: "kifu reads 1 as B and 2 as W (b/black, w/white likewise) and writes PL[B] or PL[W].",
        fix: "Nothing needed; the converted file holds B or W.",
    }
    SGF_LEGACY_DATE = warning "sgf::legacy-date" {
        summary: "a date in an old form was read; it is kept as written",
        meaning: "FF[4] dates are YYYY-MM-DD; many files write 18.10.1996 or Oct 18, 1996.",
        example: "(;FF[4]GM[1]SZ[19]DT[18.10.1996];B[pd])",
        action: "kifu says which date it reads and keeps the text as written (the model holds dates as text).",
        fix: "Write the date as YYYY-MM-DD (here 1996-10-18).",
    }
    SGF_LEGACY_KOMI = warning "sgf::legacy-komi" {
        summary: "a komi in an old form (5 1/2, 5,5) was read as a number",
        meaning: "KM is a real number; old files write 5 1/2, a decimal comma or trailing blanks.",
        example: "(;FF[4]GM[1]SZ[19]KM[5 1/2];B[pd])",
        action: "kifu reads the number (here 5.5) and writes KM[5.5].",
        fix: "Nothing needed; the converted file holds the number.",
    }
    SGF_LEGACY_TIME = warning "sgf::legacy-time" {
        summary: "a time limit in an old form was read into seconds",
        meaning: "TM is the main time in seconds; old files write 10:00(5x1:00), 13h, 9 hours each, 1 hr/125 moves or -.",
        example: "(;FF[4]GM[1]SZ[19]TM[10:00(5x1:00)];B[pd])",
        action: "kifu reads the main time into TM (here 600) and the overtime into OT (5x1:00 byo-yomi); where the reading is not exact the text is kept in OT; TM[-] (no limit) is dropped.",
        fix: "Nothing needed; the converted file holds TM in seconds and the overtime in OT.",
    }
    SGF_LONG_IDENTIFIER = warning "sgf::long-identifier" {
        summary: "a property identifier of more than two letters",
        meaning: "Every standard SGF property has one or two letters; longer ones are private properties (FF[4] allows them), or FF[3] identifiers.",
        example: "(;GM[1]SZ[19]APP[CGoban])",
        action: "kifu keeps it as a private property and writes it back; nothing is lost.",
        fix: "Nothing needed; use the standard property if one exists (AP for APP).",
    }
    SGF_LOWERCASE_IDENTIFIER = warning "sgf::lowercase-identifier" {
        summary: "lowercase letters in a property identifier of an FF[4] file",
        meaning: "FF[1]-FF[3] let identifiers carry lowercase letters, which readers skip (`AddBlack` is AB); FF[4] forbids them but readers still meet them.",
        example: "(;FF[4]GM[1]SZ[19]AddBlack[dd])",
        action: "kifu reads the uppercase letters (AB); nothing is lost.",
        fix: "Write the identifier in uppercase letters only.",
    }
    SGF_MISSING_CLOSE = error "sgf::missing-close" {
        summary: "the text ends inside a game tree: a `)` is missing",
        meaning: "Every `(` must be closed by `)`; the file ends before the game tree (or a variation in it) is closed, so the record may have been cut short.",
        example: "(;GM[1]SZ[19];B[pd];W[dd]",
        action: "kifu closes what is open at the end of the text and keeps every node read.",
        fix: "Add the missing `)`; check that the file was not truncated.",
    }
    SGF_MISSING_SEMICOLON = warning "sgf::missing-semicolon" {
        summary: "a node starts without `;`",
        meaning: "Every node begins with `;`; here properties follow `(` (or a game tree starts) without it. The `;` is plainly meant.",
        example: "(GM[1]SZ[19];B[pd])",
        action: "kifu reads the node as if the `;` were there; nothing is lost.",
        fix: "Add the `;`.",
    }
    SGF_MIXED_CHARSETS = warning "sgf::mixed-charsets" {
        summary: "the games of one file declare different charsets",
        meaning: "Each game of a collection declares its own CA; these differ, and many programs read such files with one charset and garble some games.",
        example: "A file holding (;CA[UTF-8]…)(;CA[Shift_JIS]…).",
        action: "kifu decodes each game with its own charset; nothing is lost.",
        fix: "Convert the file to one charset (`kifu reencode`), or split it into one file per game.",
    }
    SGF_MIXED_FILE_FORMATS = warning "sgf::mixed-file-formats" {
        summary: "the games of one file declare different FF versions",
        meaning: "Each game of a collection declares its FF; these differ, which some programs do not expect.",
        example: "(;FF[3]GM[1]…)(;FF[4]GM[1]…)",
        action: "kifu reads each game by its own FF; nothing is lost.",
        fix: "Write all the games in one FF (kifu writes FF[4]).",
    }
    SGF_MOVE_IN_ROOT = warning "sgf::move-in-root" {
        summary: "a move in the root node",
        meaning: "The root node usually holds the game information and the setup, and the first move comes in the next node; FF[4] tolerates a move in the root.",
        example: "(;GM[1]SZ[19]B[pd];W[dd])",
        action: "kifu keeps the move in the root; nothing is lost.",
        fix: "Start the moves in a node after the root: (;GM[1]SZ[19];B[pd];W[dd]).",
    }
    SGF_MOVE_WITH_SETUP = error "sgf::move-with-setup" {
        summary: "a move and setup stones in one node",
        meaning: "SGF forbids a move (B, W) and setup (AB, AW, AE) in one node, since the order in which they apply is not said.",
        example: "(;GM[1]SZ[19];AB[dd]B[pd])",
        action: "kifu splits the node in two: first the setup, then the move.",
        fix: "Put the setup and the move in two nodes, in the order meant.",
    }
    SGF_NIHON_KIIN_DIALECT = info "sgf::nihon-kiin-dialect" {
        summary: "a Nihon Kiin root property was read",
        meaning: "Files from the Nihon Kiin use some root properties in their own way: TE as the title, RD as the date, KO as the komi.",
        example: "(;GM[1]SZ[19]TE[Honinbo title, game 1]RD[2001-05-10])",
        action: "kifu reads the property into the game information, as the message says.",
        fix: "Nothing needed.",
    }
    SGF_NO_GAME = error "sgf::no-game" {
        summary: "no SGF game tree was found",
        meaning: "An SGF file holds at least one game tree `(;…)`; this input has none, so it is probably not SGF.",
        example: "GM[1]SZ[19]",
        action: "kifu reads no game from the input.",
        fix: "Check that the input is SGF (or give the right format with -f); wrap the nodes in `(;…)`.",
    }
    SGF_NO_UPPERCASE_IDENTIFIER = error "sgf::no-uppercase-identifier" {
        summary: "a property identifier without an uppercase letter",
        meaning: "A property identifier is made of uppercase letters (old files may add lowercase ones); this one has no uppercase letter at all, so it names no property.",
        example: "(;GM[1]SZ[19]add[dd])",
        action: "kifu deletes the property.",
        fix: "Write the identifier meant in uppercase letters (AB).",
    }
    SGF_NODE_OUTSIDE_VARIATION = error "sgf::node-outside-variation" {
        summary: "a node follows the end of a variation; a `(` is missing",
        meaning: "After a variation closes with `)`, only another variation `(` or the end `)` may follow; this node stands outside any variation, so where its variation was meant to start is uncertain.",
        example: "(;GM[1]SZ[19](;B[pd])(;B[dd]);W[pp])",
        action: "kifu assumes a `(` before the node.",
        fix: "Put the node inside the variation it belongs to.",
    }
    SGF_NON_ISO_DATE = warning "sgf::non-iso-date" {
        summary: "DT is not an FF[4] date and was kept as written",
        meaning: "FF[4] writes dates as YYYY-MM-DD; this DT is in a form kifu cannot turn into one without guessing (FF[3] allowed free text here).",
        example: "(;GM[1]FF[4]DT[Spring 1846])",
        action: "kifu keeps the date text as written; nothing is lost.",
        fix: "Write the date as YYYY-MM-DD (YYYY or YYYY-MM when the day is unknown).",
    }
    SGF_NONSTANDARD_RESULT = warning "sgf::nonstandard-result" {
        summary: "RE is not in the standard form",
        meaning: "RE is B+…, W+…, 0 (draw), Void or ?; this one is in another form (e.g. a spelled-out result).",
        example: "(;GM[1]SZ[19]RE[Black wins by 2.5])",
        action: "kifu keeps the text as written and reads what it can of it; nothing is lost.",
        fix: "Write RE[B+2.5] and put the rest in a comment.",
    }
    SGF_NUL_BYTE = warning "sgf::nul-byte" {
        summary: "a NUL character in the text",
        meaning: "A NUL byte has no place in an SGF text; it is usually padding or a sign of a binary file.",
        example: "An SGF file with a NUL byte (shown here as <NUL>) in a comment: (;GM[1]SZ[19]C[a<NUL>b])",
        action: "kifu reads a NUL in a value as a space and skips one outside values.",
        fix: "Remove the NUL bytes; check that the file is really SGF.",
    }
    SGF_NUL_CHARACTER = loss "sgf::nul-character" {
        summary: "a NUL character in a text was written as a space",
        meaning: "A text of the record holds a NUL character, which SGF cannot hold.",
        example: "A record whose comment holds U+0000, converted with `kifu convert -t sgf`.",
        action: "The SGF writer writes a space for it and reports this loss.",
        fix: "Remove the NUL character from the text.",
    }
    SGF_OBSOLETE_PROPERTY = warning "sgf::obsolete-property" {
        summary: "an obsolete property was read as its replacement",
        meaning: "FF[3] and older wrote komi as KI (twice the komi, an integer); FF[4] uses KM.",
        example: "(;GM[1]SZ[19]KI[11])",
        action: "kifu reads KI[11] as KM[5.5]; nothing is lost.",
        fix: "Write KM instead.",
    }
    SGF_OLD_IDENTIFIER = warning "sgf::old-identifier" {
        summary: "an old-style identifier with lowercase letters was read",
        meaning: "FF[1]-FF[3] let identifiers carry lowercase letters that readers skip (`AddBlack` is AB); the specification still asks readers to accept them.",
        example: "(;FF[3]GM[1]SZ[19]AddBlack[dd])",
        action: "kifu reads the uppercase letters (AB); nothing is lost.",
        fix: "Write identifiers in uppercase letters only.",
    }
    SGF_OLD_PROPERTY = warning "sgf::old-property" {
        summary: "an FF[3] property was read as its FF[4] replacement",
        meaning: "FF[3]'s M (mark) and L (letters) became MA and LB in FF[4].",
        example: "(;FF[3]GM[1]SZ[19]M[dd]L[pp])",
        action: "kifu reads M as MA and L as LB with the letters a, b, c …; nothing is lost.",
        fix: "Write MA and LB.",
    }
    SGF_PROPERTY_WITHOUT_VALUE = error "sgf::property-without-value" {
        summary: "a property identifier without a value",
        meaning: "Every property has at least one value `[…]`; this identifier has none, so what it meant is uncertain.",
        example: "(;GM[1]SZ[19]KM;B[pd])",
        action: "kifu ignores the identifier.",
        fix: "Give the property its value, e.g. KM[6.5], or remove it.",
    }
    SGF_ROOT_PROPERTY_OUTSIDE_ROOT = error "sgf::root-property-outside-root" {
        summary: "a root property below the root node",
        meaning: "Root properties (GM, FF, SZ, CA, AP, ST) describe the whole game and stand in the root only; below it they have no effect, so what the file meant is uncertain.",
        example: "(;GM[1];SZ[9];B[ee])",
        action: "kifu keeps the property where it stands as a private property, without effect.",
        fix: "Move the property to the root node.",
    }
    SGF_SETUP_REPEATS_MOVE = warning "sgf::setup-repeats-move" {
        summary: "a setup stone repeating the node's own move was dropped",
        meaning: "A node both plays a move and sets up a stone of the mover's colour on the same point; setting it up first would make the move land on its own stone.",
        example: "(;FF[4]GM[1]SZ[19];W[qk]AW[qk]AB[rj])",
        action: "kifu drops the redundant setup stone (the move places it) and keeps the rest.",
        fix: "Remove the setup stone that repeats the move.",
    }
    SGF_SPACES_IN_POINT = warning "sgf::spaces-in-point" {
        summary: "spaces inside a point value were removed",
        meaning: "A point is two letters with nothing between or around them; this value has spaces, which some programs add.",
        example: "(;GM[1]SZ[19];B[p d])",
        action: "kifu removes the spaces and reads the point (B[pd]); nothing is lost.",
        fix: "Write the point without spaces.",
    }
    SGF_SQUARE_AS_RECTANGLE = warning "sgf::square-as-rectangle" {
        summary: "SZ names a square board as a rectangle",
        meaning: "SZ[19:19] is allowed, but FF[4] asks for SZ[19] when the board is square.",
        example: "(;GM[1]SZ[19:19])",
        action: "kifu reads SZ[19]; nothing is lost.",
        fix: "Write SZ[19].",
    }
    SGF_TEXT_OUTSIDE_GAME = warning "sgf::text-outside-game" {
        summary: "text outside a game tree was ignored",
        meaning: "SGF readers skip anything outside `(;…)`; mail headers and notes around a game are common.",
        example: "Game of the week:\n(;GM[1]SZ[19];B[pd])",
        action: "kifu ignores the text.",
        fix: "Nothing needed; put notes in a comment C[…] to keep them.",
    }
    SGF_TIME_WITHOUT_MOVE = loss "sgf::time-without-move" {
        summary: "time or periods left in a node without a move cannot be written in SGF",
        meaning: "SGF writes the time left as BL/WL (and periods as OB/OW) for the colour that moved; this node has no move, so no colour.",
        example: "A record whose root holds the time left, converted with `kifu convert -t sgf`.",
        action: "The SGF writer leaves the value out and reports this loss.",
        fix: "Accept the loss, or keep the time in a node with a move.",
    }
    SGF_TOO_MANY_VALUES = error "sgf::too-many-values" {
        summary: "a property that takes one value has several",
        meaning: "The property takes one value; the others have no place, so which value is meant is uncertain.",
        example: "(;GM[1]SZ[19]KM[6.5][7.5])",
        action: "kifu keeps the first value and deletes the others.",
        fix: "Keep one value.",
    }
    SGF_TT_PASS = warning "sgf::tt-pass" {
        summary: "[tt] was read as a pass",
        meaning: "FF[3] wrote a pass as [tt]; FF[4] writes [] but still lets [tt] mean a pass on boards up to 19×19.",
        example: "(;GM[1]SZ[19];B[pd];W[tt])",
        action: "kifu reads a pass and writes it as W[]; nothing is lost.",
        fix: "Write the pass as B[] or W[].",
    }
    SGF_TWO_MOVES = error "sgf::two-moves" {
        summary: "a black and a white move in one node",
        meaning: "A node holds at most one move; this one holds B and W, and SGF does not say which came first.",
        example: "(;GM[1]SZ[19];B[pd]W[dd])",
        action: "kifu splits the node into two nodes, black's move first.",
        fix: "Put each move in a node of its own, in the order played.",
    }
    SGF_UNCLOSED_VALUE = error "sgf::unclosed-value" {
        summary: "a value is not closed by `]`",
        meaning: "A value opened by `[` runs to the end of the text without its `]`; the rest of the file is swallowed by it.",
        example: "(;GM[1]SZ[19];C[a comment that never ends",
        action: "kifu deletes the value (everything from the `[` to the end of the text).",
        fix: "Add the `]` (and escape any `]` inside a text as `\\]`).",
    }
    SGF_UNKNOWN_FILE_FORMAT = error "sgf::unknown-file-format" {
        summary: "FF names an unknown file format",
        meaning: "FF is 1, 2, 3 or 4; this value is another, so how to read the file is uncertain.",
        example: "(;FF[5]GM[1]SZ[19])",
        action: "kifu reads the game as FF[4].",
        fix: "Write the FF the file follows (FF[4] for current files).",
    }
    SGF_UNKNOWN_PROPERTY = info "sgf::unknown-property" {
        summary: "an unknown property was kept as a private property",
        meaning: "The property is not one of the SGF properties of the game; FF[4] allows private properties, which programs keep without understanding them.",
        example: "(;GM[1]SZ[19]XY[data])",
        action: "kifu keeps it and writes it back unchanged.",
        fix: "Nothing needed.",
    }
    SGF_UNKNOWN_RULES = info "sgf::unknown-rules" {
        summary: "RU names a rule set kifu does not know; Japanese rules were assumed",
        meaning: "The rule set decides whether suicide is legal (New Zealand, Ing, Tromp-Taylor) or not (Japanese, Korean, Chinese, AGA).",
        example: "(;FF[4]GM[1]SZ[19]RU[Foo];B[pd])",
        action: "kifu checks the moves by Japanese rules (suicide illegal) and says so once.",
        fix: "Name a known rule set in RU (Japanese, Chinese, Korean, AGA, NZ, Ing, Tromp-Taylor).",
    }
    SGF_UNSUPPORTED_GAME = error "sgf::unsupported-game" {
        summary: "GM names a game kifu does not read",
        meaning: "kifu reads SGF Go (GM[1]) and gomoku (GM[4]); this game is another (e.g. GM[2] Othello).",
        example: "(;GM[2]SZ[8];B[dc])",
        action: "kifu skips the game.",
        fix: "Use a program for that game; correct GM if it is wrong.",
    }
    SGF_VALUE_WITHOUT_IDENTIFIER = error "sgf::value-without-identifier" {
        summary: "values without a property identifier",
        meaning: "Values `[…]` follow a property identifier; these follow none (or a value list was split), so which property they belong to is uncertain.",
        example: "(;GM[1]SZ[19];[pd])",
        action: "kifu deletes the values.",
        fix: "Put the identifier before the values, e.g. B[pd].",
    }
    SGF_VARIATION_GAME_INFO = info "sgf::variation-game-info" {
        summary: "game information inside a variation was kept at its node",
        meaning: "FF[4] allows one game-info node per line of play; inside a variation it holds for the lines through that node only (several games in one tree).",
        example: "(;FF[4]GM[1]SZ[19];B[pd](;PW[A]W[dp])(;PW[B]W[cp]))",
        action: "kifu keeps it at its node, writes it back there, and `kifu info` reports one game per such node.",
        fix: "Nothing needed; `kifu split --variations` makes each variation a game of its own.",
    }
    SHOGI_CAPTURE_MISMATCH = error "shogi::capture-mismatch" {
        summary: "the captured piece a record names is not the one on the square",
        meaning: "The record (CSA, JKF) says which piece the move captured; another piece (or none) stands on the destination, so the record and its moves disagree.",
        example: "A JKF move {\"to\": …, \"capture\": \"HI\"} onto a square holding a pawn",
        action: "kifu keeps the move as played on the board; validation reports it.",
        fix: "Correct the move or the captured piece.",
    }
    SHOGI_DEAD_PIECE = error "shogi::dead-piece" {
        summary: "a piece left where it can never move again",
        meaning: "A pawn or lance on the last rank, or a knight on the last two, can never move: it must promote, and may not be dropped there (行き所のない駒).",
        example: "A lance dropped on 1一, the last rank for black: `１一香打`",
        action: "kifu keeps the move; validation reports it as illegal.",
        fix: "Correct the move (promote the piece, or drop it elsewhere).",
    }
    SHOGI_DOUBLE_PAWN = error "shogi::double-pawn" {
        summary: "a pawn dropped on a file that holds the mover's pawn (二歩)",
        meaning: "A player may not have two unpromoted pawns on one file.",
        example: "A drop ５五歩打 with a black pawn on ５七",
        action: "kifu keeps the move; validation reports it as illegal.",
        fix: "Correct the move; if the game really ended on this foul, record the end (反則負け).",
    }
    SHOGI_DOUBTFUL_IMPASSE = warning "shogi::doubtful-impasse" {
        summary: "持将棋 with neither king in the enemy camp",
        meaning: "An impasse needs at least one entered king; the record's claim cannot be what happened.",
        example: "a KIF ending 持将棋 after three moves",
        action: "kifu keeps the ending and warns.",
        fix: "Check the ending.",
    }
    SHOGI_DROP_OCCUPIED = error "shogi::drop-occupied" {
        summary: "a drop onto an occupied square",
        meaning: "A piece may be dropped only on an empty square.",
        example: "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n   5 ７九角打",
        action: "kifu reports the move and stops reading that line of play.",
        fix: "Correct the square of the drop.",
    }
    SHOGI_DROP_PAWN_MATE = error "shogi::drop-pawn-mate" {
        summary: "a pawn drop that checkmates (打ち歩詰め)",
        meaning: "Checkmating by dropping a pawn is illegal.",
        example: "A pawn drop in front of a king with no escape",
        action: "kifu keeps the move; validation reports it as illegal.",
        fix: "Correct the move; if the game really ended on this foul, record the end (反則負け).",
    }
    SHOGI_FALSE_CHECKMATE = error "shogi::false-checkmate" {
        summary: "詰み is claimed but the side to move is not checkmated",
        meaning: "A record that ends 詰み (or %TSUMI) says the side to move is in check with no legal reply (futile interpositions aside).",
        example: "a KIF ending `2 詰み` after `1 ７六歩`",
        action: "kifu reports the false claim at the ending's line; the game is kept as written.",
        fix: "Correct the ending (投了, 中断 …) or the moves.",
    }
    SHOGI_FALSE_DECLARATION = error "shogi::false-declaration" {
        summary: "入玉勝ち is claimed but the 27-point rule's conditions fail",
        meaning: "An entering-king declaration needs the king in the enemy camp, ten other pieces there, enough points and no check.",
        example: "a KIF ending 入玉勝ち with the king at home",
        action: "kifu lists each failed condition at the ending's line.",
        fix: "Correct the ending.",
    }
    SHOGI_FALSE_NO_MATE = error "shogi::false-no-mate" {
        summary: "不詰 is claimed at a checkmate",
        meaning: "不詰 (%FUZUMI) says no mate exists, but the side to move is checkmated.",
        example: "a tsume record ending 不詰 at a mate",
        action: "kifu reports it at the ending's line.",
        fix: "Correct the ending to 詰み.",
    }
    SHOGI_FALSE_REPETITION = error "shogi::false-repetition" {
        summary: "千日手 is claimed but the position has not stood four times",
        meaning: "千日手 (%SENNICHITE) needs the same board, hands and side to move four times in the line.",
        example: "a KIF ending `2 千日手` after `1 ７六歩`",
        action: "kifu reports it at the ending's line.",
        fix: "Correct the ending or the moves.",
    }
    SHOGI_NO_MOVABLE_PIECE = error "shogi::no-movable-piece" {
        summary: "no piece of the kind named can reach the square of a KI2 move",
        meaning: "A KI2 move names a destination and a piece; no such piece of the mover can move there, and none is in hand to drop, so the move is uncertain.",
        example: "▲５五飛 (from the even position)",
        action: "kifu reports the move and stops reading that line of play.",
        fix: "Correct the square or the piece.",
    }
    SHOGI_NO_PIECE = error "shogi::no-piece" {
        summary: "no piece of the mover stands on the origin",
        meaning: "The move starts from a square that holds no piece of the side to move.",
        example: "   1 ７六歩(75)",
        action: "kifu reports the move and stops reading that line of play.",
        fix: "Correct the origin.",
    }
    SHOGI_NOT_A_SHOGI_MOVE = error "shogi::not-a-shogi-move" {
        summary: "a move of another game in a shogi game",
        meaning: "The shogi game's tree holds a move that is not a shogi move (a model built by hand or a damaged JSON model).",
        example: "A kifu JSON model of a shogi game whose node holds a Go point",
        action: "kifu reports the node; validation stops following that line there.",
        fix: "Correct the model.",
    }
    SHOGI_NOT_IN_HAND = error "shogi::not-in-hand" {
        summary: "a drop of a piece the mover does not have in hand",
        meaning: "A piece may be dropped only from its mover's hand.",
        example: "   1 ５五角打 (from the even position)",
        action: "kifu reports the move and stops reading that line of play.",
        fix: "Correct the move.",
    }
    SHOGI_NOT_PROMOTABLE = error "shogi::not-promotable" {
        summary: "promotion of a piece that does not promote",
        meaning: "Gold, king and promoted pieces do not promote.",
        example: "   1 ５八金成(69)",
        action: "kifu keeps the move; validation reports it as illegal.",
        fix: "Remove 成 from the move.",
    }
    SHOGI_OUTSIDE_ZONE = error "shogi::outside-zone" {
        summary: "promotion outside the promotion zone",
        meaning: "A piece promotes only when it moves into, out of or within the three far ranks.",
        example: "   1 ７六歩成(77)",
        action: "kifu keeps the move; validation reports it as illegal.",
        fix: "Remove 成 from the move.",
    }
    SHOGI_OWN_PIECE = error "shogi::own-piece" {
        summary: "a move onto a square holding the mover's own piece",
        meaning: "A piece cannot capture its own side's piece.",
        example: "   1 ２九飛(28) (from the even position, where 2九 holds black's knight)",
        action: "kifu keeps the move; validation reports it as illegal.",
        fix: "Correct the destination.",
    }
    SHOGI_PERPETUAL_CHECK = error "shogi::perpetual-check" {
        summary: "連続王手の千日手 recorded as a draw or as the checker's win",
        meaning: "A fourfold repetition in which one side gave check with every move of the cycle is a loss for that side.",
        example: "a repeated checking sequence ending 千日手",
        action: "kifu reports it at the ending's line.",
        fix: "Record the end as the checking side's foul (反則負け).",
    }
    SHOGI_PROMOTED_DROP = error "shogi::promoted-drop" {
        summary: "a drop of a promoted piece, or a drop that promotes",
        meaning: "Pieces are dropped unpromoted.",
        example: "   1 ５五と打",
        action: "kifu reports the move and stops reading that line of play.",
        fix: "Drop the unpromoted piece (歩打).",
    }
    SHOGI_RECORDED_FOUL = info "shogi::recorded-foul" {
        summary: "an illegal move the record itself ends the game with",
        meaning: "The move breaks a rule (二歩, 打ち歩詰め, a move the piece cannot make, …), and the record ends the game right after it with 反則勝ち or 反則負け: the foul is part of the game as played. The message names the rule and its code.",
        example: "   1 ７五歩(77)\n   2 反則勝ち",
        action: "kifu keeps the move and the end; nothing is wrong with the record.",
        fix: "Nothing needed.",
    }
    SHOGI_SELF_CHECK = error "shogi::self-check" {
        summary: "a move that leaves the mover's king in check",
        meaning: "A move may not leave (or put) its own king in check.",
        example: "A move of a piece pinned to its king",
        action: "kifu keeps the move; validation reports it as illegal.",
        fix: "Correct the move; if the game really ended on this foul, record the end (反則負け).",
    }
    SHOGI_UNCLAIMED_CHECKMATE = warning "shogi::unclaimed-checkmate" {
        summary: "play goes on after a checkmate",
        meaning: "The side to move was checkmated, yet the record has more moves.",
        example: "a record with a move after mate",
        action: "kifu warns once per line.",
        fix: "End the record at the mate, or check the moves.",
    }
    SHOGI_UNCLAIMED_REPETITION = warning "shogi::unclaimed-repetition" {
        summary: "play goes on after a fourfold repetition",
        meaning: "The game should have ended in 千日手 when the position stood for the fourth time.",
        example: "a record that repeats a position four times and goes on",
        action: "kifu warns once per line.",
        fix: "End the record at the repetition, or check the moves.",
    }
    SHOGI_UNREACHABLE = error "shogi::unreachable" {
        summary: "the piece cannot move from its origin to the destination",
        meaning: "The piece named does not move that way (a pawn two squares, a bishop along a file, …), or another piece blocks its path.",
        example: "   1 ７五歩(77)",
        action: "kifu keeps the move; validation reports it as illegal.",
        fix: "Correct the origin, destination or piece.",
    }
    SHOGI_WRONG_PIECE = error "shogi::wrong-piece" {
        summary: "the piece on the origin is not the one the record names",
        meaning: "The record names a piece for the move, and another kind stands on the origin square.",
        example: "   1 ７六飛(77)",
        action: "kifu reports the move and stops reading that line of play (the validator reports it on a kept move).",
        fix: "Correct the piece or the origin.",
    }
    SHOGI_WRONG_SIDE = error "shogi::wrong-side" {
        summary: "a move by the side not to move",
        meaning: "Black (▲, +) and white (△, -) alternate; this move is made by the side whose turn it is not.",
        example: "+7776FU\n+2726FU",
        action: "kifu reports the move and stops reading that line of play (the validator reports it on a kept move).",
        fix: "Correct the side, or add the missing move in between.",
    }
    TEXT_DECLARED_MISMATCH = warning "text::declared-mismatch" {
        summary: "the declared charset does not fit the bytes; decoded with one that does",
        meaning: "The file declares a charset (SGF CA, KIF `#KIF version=2.0 encoding=`, …), but its bytes are not in it and are in another.",
        example: "An SGF file saved as UTF-8 whose root says CA[Shift_JIS]",
        action: "kifu decodes the text with the encoding that fits the bytes; nothing is lost.",
        fix: "Correct the declaration (or convert the file to the declared charset).",
    }
    TEXT_GUESSED_ENCODING = warning "text::guessed-encoding" {
        summary: "no charset is declared and the bytes are not UTF-8; the encoding was guessed",
        meaning: "Old records carry no charset and are in the encoding of the program that wrote them; kifu guessed it from the bytes.",
        example: "A KIF file in Shift_JIS without an encoding line",
        action: "kifu decodes with the guessed encoding, which decodes every byte cleanly.",
        fix: "Give the encoding with --encoding to be sure, declare it in the file, or convert the file to UTF-8 (`kifu reencode`).",
    }
    TEXT_MALFORMED = error "text::malformed" {
        summary: "bytes that are not valid in the encoding used",
        meaning: "Some bytes of the file do not decode in the encoding used, so the text they stood for is lost.",
        example: "A UTF-8 file with a stray byte 0xFF in a comment",
        action: "kifu replaces each bad sequence by U+FFFD (�) and reads on.",
        fix: "Give the right encoding with --encoding, or repair the bytes.",
    }
    TEXT_NORMALIZED = loss "text::normalized" {
        summary: "a character was replaced by a lookalike for Shift_JIS output",
        meaning: "Writing Shift_JIS, some characters have no code (e.g. U+2212 MINUS SIGN) and are written as the nearest one that has.",
        example: "A comment with `−` converted with `kifu convert -t kif --output-encoding shift_jis`",
        action: "The writer writes the lookalike and reports this loss with its place in the output.",
        fix: "Write UTF-8 output, or accept the replacement.",
    }
    TEXT_UNKNOWN_CHARSET = warning "text::unknown-charset" {
        summary: "the declared charset is not one kifu knows",
        meaning: "The file declares a charset name kifu does not know; the declaration is of no help.",
        example: "(;CA[X-MAC-KOREAN]GM[1]SZ[19])",
        action: "kifu detects the encoding from the bytes instead.",
        fix: "Declare a known name (UTF-8, Shift_JIS, EUC-KR, GB18030, …), or give --encoding.",
    }
    UGF_BAD_COLOR = error "ugf::bad-color" {
        summary: "a move's colour is not B1 or W1",
        meaning: "UGF move lines read `<point>,<B1|W1>,<number>,<time>`.",
        example: "`QD,X1,1,0`",
        action: "kifu leaves the move out.",
        fix: "Write B1 or W1.",
    }
    UGF_BAD_COMMENT = error "ugf::bad-comment" {
        summary: "`.Comment,` is not followed by a node number",
        meaning: "Review comments are attached to [ReviewNode] numbers.",
        example: "`.Comment,abc`",
        action: "kifu leaves the comment out.",
        fix: "Give the node number.",
    }
    UGF_BAD_DATE = warning "ugf::bad-date" {
        summary: "the date is not YYYY/MM/DD",
        meaning: "The Date header gives the game's date.",
        example: "`Date=March 8`",
        action: "kifu keeps the text as written.",
        fix: "Write YYYY/MM/DD.",
    }
    UGF_BAD_HANDICAP = error "ugf::bad-handicap" {
        summary: "the handicap is not a number",
        meaning: "`Hdcp=<stones>,<komi>`.",
        example: "`Hdcp=two,6.5`",
        action: "kifu records no handicap.",
        fix: "Write the number.",
    }
    UGF_BAD_HEADER = error "ugf::bad-header" {
        summary: "a header line is not `KEY=VALUE`",
        meaning: "[Header] lines read KEY=VALUE.",
        example: "`PlayerB kaziwami`",
        action: "kifu leaves the line out.",
        fix: "Add the `=`.",
    }
    UGF_BAD_KOMI = error "ugf::bad-komi" {
        summary: "the komi is not a number",
        meaning: "`Hdcp=<stones>,<komi>`.",
        example: "`Hdcp=0,six`",
        action: "kifu records no komi.",
        fix: "Write the number.",
    }
    UGF_BAD_MOVE = error "ugf::bad-move" {
        summary: "a move line is not `<point>,<colour>,<number>,<time>`",
        meaning: "[Data] lines are moves.",
        example: "`QD`",
        action: "kifu leaves the move out.",
        fix: "Give all four fields.",
    }
    UGF_BAD_NODE = error "ugf::bad-node" {
        summary: "a review line is not NODE, VARIATION or VARIATIONEND",
        meaning: "[ReviewNode] lines build the review tree.",
        example: "`NODE,1`",
        action: "kifu leaves the line out.",
        fix: "Correct the line.",
    }
    UGF_BAD_POINT = error "ugf::bad-point" {
        summary: "a point is not two letters from A",
        meaning: "UGF points are two letters, counted from A at the lower left.",
        example: "`Q4,B1,1,0`",
        action: "kifu leaves the move out.",
        fix: "Write two letters.",
    }
    UGF_BAD_SIZE = error "ugf::bad-size" {
        summary: "the board size is not a number from 1 to 52",
        meaning: "`Size=<n>`.",
        example: "`Size=big`",
        action: "kifu reads the game on 19×19.",
        fix: "Write the size as a number.",
    }
    UGF_COMMENT_TARGET = error "ugf::comment-target" {
        summary: "a review comment names no node",
        meaning: "`.Comment,<id>` attaches text to [ReviewNode] id.",
        example: "`.Comment,99` with no node 99",
        action: "kifu leaves the comment out.",
        fix: "Correct the node number.",
    }
    UGF_DUPLICATE_NODE = warning "ugf::duplicate-node" {
        summary: "a review node number is used twice",
        meaning: "[ReviewNode] numbers name one node each.",
        example: "two `NODE,5,…` lines",
        action: "kifu attaches comments to the last.",
        fix: "Renumber the nodes.",
    }
    UGF_NO_HEADER = error "ugf::no-header" {
        summary: "no [Header] section",
        meaning: "A UGF record starts with [Header].",
        example: "a text file given with `-f ugf`",
        action: "kifu reads no game.",
        fix: "Check that the file is a Pandanet record.",
    }
    UGF_OUTSIDE_SECTION = error "ugf::outside-section" {
        summary: "a line before the first [Section]",
        meaning: "Every line of a UGF file belongs to a section.",
        example: "text before [Header]",
        action: "kifu leaves the line out.",
        fix: "Remove it.",
    }
    UGF_REVIEW_DIFFERS = warning "ugf::review-differs" {
        summary: "the review's main line differs from [Data]",
        meaning: "[ReviewNode] repeats the game's moves with variations.",
        example: "a review that diverges from the game at move 30",
        action: "kifu reads the review tree.",
        fix: "Nothing needed if the review is right.",
    }
    UGF_STRAY_COMMENT = error "ugf::stray-comment" {
        summary: "comment text before any `.Comment,` line",
        meaning: "[ReviewComment] text follows a `.Comment,<node>` line.",
        example: "a text line right after [ReviewComment]",
        action: "kifu leaves the text out.",
        fix: "Add the `.Comment,<node>` line.",
    }
    UGF_UNCLOSED_VARIATION = error "ugf::unclosed-variation" {
        summary: "VARIATION without VARIATIONEND",
        meaning: "Review variations are bracketed by VARIATION and VARIATIONEND.",
        example: "a file cut off inside a variation",
        action: "kifu closes the variation where the section ends.",
        fix: "Add VARIATIONEND.",
    }
    UGF_UNKNOWN_SECTION = info "ugf::unknown-section" {
        summary: "a section kifu does not understand",
        meaning: "UGF sections kifu reads: Header, Data, Figure, ReviewNode, ReviewComment.",
        example: "`[Chat]`",
        action: "kifu keeps its lines as they are.",
        fix: "Nothing needed.",
    }
    UGF_UNOPENED_VARIATION = error "ugf::unopened-variation" {
        summary: "VARIATIONEND without VARIATION",
        meaning: "Review variations are bracketed by VARIATION and VARIATIONEND.",
        example: "a stray VARIATIONEND",
        action: "kifu leaves the line out.",
        fix: "Remove it.",
    }
    USI_BAD_MOVE = error "usi::bad-move" {
        summary: "a USI move cannot be read",
        meaning: "A USI move is origin and destination (7g7f), with + to promote, or a drop (P*5e); this token is not.",
        example: "position startpos moves 7g",
        action: "kifu reports the token and stops reading the moves.",
        fix: "Write the move in USI notation.",
    }
    USI_BAD_SFEN = error "usi::bad-sfen" {
        summary: "the SFEN of a USI position cannot be read",
        meaning: "`position sfen` is followed by board, side to move, hands and move number; this SFEN breaks that form, so the starting position is uncertain.",
        example: "position sfen lnsgkgsnl/9 b - 1",
        action: "kifu reads the game from the even position.",
        fix: "Write a full SFEN (nine ranks of nine squares).",
    }
    USI_ENDING_CHANGED = loss "usi::ending-changed" {
        summary: "a special end was written as another USI token",
        meaning: "USI has tokens for only some ends (resign, win, draw, …); the record's end has none and was written as the nearest one.",
        example: "A KIF record ending in 千日手 converted with `kifu convert -t usi`.",
        action: "The USI writer writes the nearest token and reports this loss.",
        fix: "Convert to a shogi format with that end (KIF, CSA, JKF).",
    }
    USI_ENDING_DROPPED = loss "usi::ending-dropped" {
        summary: "a special end cannot be written in USI",
        meaning: "USI engines accept moves only, so by default the end (resign, win, …) is not written; with `--usi-endings` only the ends USI has no token for are left out.",
        example: "A KIF record ending in 投了 converted with `kifu convert -t usi` (or one ending in 詰み with `--usi-endings`).",
        action: "The USI writer leaves the end out and reports this loss.",
        fix: "Give `--usi-endings` to write the end token as ShogiHome does, or convert to KIF, KI2, CSA or JKF to keep it.",
    }
    USI_MOVE_AFTER_END = error "usi::move-after-end" {
        summary: "a USI move after the end of the game",
        meaning: "A token like `resign` ends the game; a move follows it, so what the record means is uncertain.",
        example: "position startpos moves 7g7f resign 3c3d",
        action: "kifu ignores the moves after the end.",
        fix: "Remove the moves after the end, or the end if the game went on.",
    }
    USI_SYNTAX = error "usi::syntax" {
        summary: "a USI position line is not `position … moves …`",
        meaning: "After `position startpos` or `position sfen …` comes `moves` and the moves; here something else stands there.",
        example: "position startpos 7g7f",
        action: "kifu reads the position and no moves.",
        fix: "Write `moves` before the moves.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_finds_registered_codes_only() {
        assert_eq!(
            lookup("sgf::missing-close").map(|c| c.kind),
            Some(Kind::Error)
        );
        assert_eq!(lookup("sgf::missing"), None);
        assert_eq!(lookup(""), None);
    }

    #[test]
    fn closest_suggests_near_names_and_nothing_far() {
        let near = |s: &str| closest(s, 3).iter().map(|c| c.name).collect::<Vec<_>>();
        assert_eq!(
            near("sgf::missing-clos").first(),
            Some(&"sgf::missing-close")
        );
        assert_eq!(near("missing-close").first(), Some(&"sgf::missing-close"));
        assert!(near("zzzzzzzzzzzzzzzzzzzzzzzz").is_empty());
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
    }
}
