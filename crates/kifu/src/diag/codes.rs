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
//! Emission sites use the constants (`Diagnostic::new(codes::SGF_MISSING_CLOSE, …)`),
//! which carry their severity; [`Diagnostic::error`](super::Diagnostic::error) and its
//! siblings look the code up and check, in debug builds, that the registry agrees.

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

/// One registered code.
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

impl Code {
    const fn of(kind: Kind, name: &'static str, summary: &'static str) -> Code {
        Code {
            name,
            kind,
            summary,
            meaning: "",
            example: "",
            action: "",
            fix: "",
            reserved: None,
        }
    }

    /// An error code.
    pub const fn error(name: &'static str, summary: &'static str) -> Code {
        Code::of(Kind::Error, name, summary)
    }

    /// A warning code.
    pub const fn warning(name: &'static str, summary: &'static str) -> Code {
        Code::of(Kind::Warning, name, summary)
    }

    /// An info code.
    pub const fn info(name: &'static str, summary: &'static str) -> Code {
        Code::of(Kind::Info, name, summary)
    }

    /// A loss code.
    pub const fn loss(name: &'static str, summary: &'static str) -> Code {
        Code::of(Kind::Loss, name, summary)
    }

    /// The same code with its explanation: meaning, example, what kifu does, the fix.
    pub const fn explain(
        self,
        meaning: &'static str,
        example: &'static str,
        action: &'static str,
        fix: &'static str,
    ) -> Code {
        Code {
            meaning,
            example,
            action,
            fix,
            ..self
        }
    }

    /// The same code, marked as registered though nothing emits it, for this reason.
    pub const fn reserved(self, reason: &'static str) -> Code {
        Code {
            reserved: Some(reason),
            ..self
        }
    }

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
        .and_then(|i| ALL.get(i))
}

/// The registered codes nearest to `name` (at most `n`, best first): by edit distance,
/// codes that start with `name` or end with it counting as near.
pub fn closest(name: &str, n: usize) -> Vec<&'static Code> {
    let mut scored: Vec<(usize, &'static Code)> = ALL
        .iter()
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

/// `csa::bad-move` (error): a CSA move line cannot be read.
pub const CSA_BAD_MOVE: Code = Code::error("csa::bad-move", "a CSA move line cannot be read")
    .explain(
        "A CSA move is `+` or `-`, origin, destination and piece, like +7776FU; this line is not.",
        "+77FU",
        "kifu reports the line and stops reading the moves of that line of play.",
        "Write the move in full (+7776FU; a drop has origin 00: +0055FU).",
    );

/// `csa::bad-position` (error): a CSA position line (P1-P9, PI, P+, P-) cannot be read.
pub const CSA_BAD_POSITION: Code = Code::error(
    "csa::bad-position",
    "a CSA position line (P1-P9, PI, P+, P-) cannot be read",
)
.explain(
    "The starting position is given by PI (even, minus pieces), P1-P9 (rows) or P+/P- (pieces placed); this line breaks their form, so the starting position is uncertain.",
    "P1-KY-KE-GI-KI-OU-KI-GI-KE",
    "kifu skips what it cannot read of the line.",
    "Write each row with nine three-character cells (` * ` for empty) and pieces as +FU, -KY, ….",
);

/// `csa::bad-time` (error): a CSA time line `T…` cannot be read.
pub const CSA_BAD_TIME: Code = Code::error("csa::bad-time", "a CSA time line `T…` cannot be read")
    .explain(
    "A time line is T followed by the seconds the move took, e.g. T12; this one is not a number.",
    "+7776FU\nTabc",
    "kifu keeps the move and the statement as written (the extra `csa:time`, which a CSA output writes back in its place; other formats report it as a loss).",
    "Write the seconds as a number, e.g. T12.",
);

/// `csa::move-after-end` (error): a move after the end of the game.
pub const CSA_MOVE_AFTER_END: Code = Code::error(
    "csa::move-after-end",
    "a move after the end of the game",
)
.explain(
    "A special move (%TORYO, %SENNICHITE, …) ends the game; a move follows it, so what the record means is uncertain.",
    "+7776FU\n%TORYO\n-3334FU",
    "kifu ignores the moves after the end.",
    "Remove the moves after the end, or the end if the game went on.",
);

/// `csa::no-start-position` (warning): a game without a start position; the even game is assumed.
pub const CSA_NO_START_POSITION: Code = Code::warning(
    "csa::no-start-position",
    "no start position: the even game (平手) is assumed",
)
.explain(
    "A CSA game gives its start position with a `PI` line or with `P1`..`P9`, `P+` and `P-` lines. This one has none, so kifu starts it from the even game (平手), as most programs do.",
    "`V2.2`, `N+Sente`, then `+` and `+7776FU` with no `PI` line",
    "kifu reads the moves from the even game's position.",
    "Add `PI` (the even game) or the position's lines if the game started elsewhere.",
);

/// `csa::time-fractions-dropped` (loss): fractions of a second were rounded down for CSA.
pub const CSA_TIME_FRACTIONS_DROPPED: Code = Code::loss(
    "csa::time-fractions-dropped",
    "fractions of a second were rounded down for CSA",
)
.explain(
    "CSA 2 records whole seconds (T12); the record has times with fractions.",
    "A KIF record with millisecond times converted with `kifu convert -t csa`.",
    "The CSA writer rounds each such time down and reports this loss.",
    "Write CSA 3 (which keeps fractions), or accept the loss.",
);

/// `csa::time-out-of-range` (error): a CSA time is beyond what kifu can hold.
pub const CSA_TIME_OUT_OF_RANGE: Code = Code::error(
    "csa::time-out-of-range",
    "a CSA time is beyond what kifu can hold",
)
.explain(
    "The time of a move is so large (more than kifu's limit in seconds) that it cannot be a real time; milliseconds would lose precision.",
    "+7776FU\nT99999999999999",
    "kifu leaves the time out; the move is kept.",
    "Correct the time.",
);

/// `csa::unknown-line` (error): a CSA line kifu does not know was ignored.
pub const CSA_UNKNOWN_LINE: Code = Code::error(
    "csa::unknown-line",
    "a CSA line kifu does not know was ignored",
)
.explain(
    "The line is none of CSA's statements (version, names, $ information, positions, side to move, moves, times, specials, comments), or is a second side-to-move line; what it meant is uncertain.",
    "V2.2\nX this is not CSA",
    "kifu ignores the line.",
    "Remove the line, or turn it into a comment with `'`.",
);

/// `csa::unknown-special` (error): an unknown CSA special move `%…` was ignored.
pub const CSA_UNKNOWN_SPECIAL: Code = Code::error(
    "csa::unknown-special",
    "an unknown CSA special move `%…` was ignored",
)
.explain(
    "CSA's specials are %TORYO, %CHUDAN, %SENNICHITE, %TIME_UP, %ILLEGAL_MOVE, %KACHI, %HIKIWAKE, %TSUMI, %FUZUMI, %ERROR and a few more; this is none of them, so how the game ended is uncertain.",
    "+7776FU\n%RESIGN",
    "kifu ignores the line; the game has no special end.",
    "Write one of CSA's specials (%TORYO for a resignation).",
);

/// `go::ko` (error): a Go move retakes a ko at once.
pub const GO_KO: Code = Code::error(
    "go::ko",
    "a Go move retakes a ko at once",
)
.explain(
    "A stone that captures one stone may not be recaptured at once if that repeats the position (ko); this move does so.",
    "A move that retakes the ko immediately after the other side took it",
    "kifu keeps the move as recorded; validation reports it.",
    "Correct the move (a ko threat comes first), or the record is of a game with other rules.",
);

/// `go::occupied` (error): a Go move on a point where a stone stands.
pub const GO_OCCUPIED: Code =
    Code::error("go::occupied", "a Go move on a point where a stone stands").explain(
        "A stone may be played only on an empty point.",
        "(;GM[1]SZ[19];B[pd];W[pd])",
        "kifu keeps the move as recorded; validation reports it.",
        "Correct the point of the move.",
    );

/// `go::off-board` (error): a Go move or setup stone off the board.
pub const GO_OFF_BOARD: Code =
    Code::error("go::off-board", "a Go move or setup stone off the board").explain(
        "The point lies outside the board SZ gives.",
        "A kifu JSON model of a 9×9 Go game with a stone at (10, 10) (the SGF reader reports such a point as sgf::bad-point)",
        "kifu keeps the node; validation reports it.",
        "Correct the point or SZ.",
    );

/// `go::setup-no-effect` (warning): a setup stone that changes nothing.
pub const GO_SETUP_NO_EFFECT: Code = Code::warning(
    "go::setup-no-effect",
    "a setup stone that changes nothing",
)
.explain(
    "AB or AW on a point that already holds that colour, or AE on an empty point, does nothing.",
    "(;GM[1]SZ[19]AB[dd];AB[dd])",
    "kifu keeps the setup; nothing is lost.",
    "Remove the setup that does nothing.",
);

/// `go::suicide` (error): a Go move that leaves its own group without liberties.
pub const GO_SUICIDE: Code = Code::error(
    "go::suicide",
    "a Go move that leaves its own group without liberties",
)
.explain(
    "A move that captures nothing and leaves its own group without liberties is suicide, which most rules forbid.",
    "A black stone played in the only liberty of its own surrounded group",
    "kifu keeps the move as recorded; validation reports it.",
    "Correct the move (the record may use rules that allow suicide, e.g. New Zealand).",
);

/// `gonu::after-end` (error): the .gonu file goes on after `end`.
pub const GONU_AFTER_END: Code =
    Code::error("gonu::after-end", "the .gonu file goes on after `end`").explain(
        "The game stops reading at `end`; anything after it is not part of the board.",
        "…\nend\n25",
        "kifu ignores what follows `end`.",
        "Remove what follows `end`.",
    );

/// `gonu::bad-edge` (error): an edge that does not join two vertices.
pub const GONU_BAD_EDGE: Code = Code::error(
    "gonu::bad-edge",
    "an edge that does not join two vertices",
)
.explain(
    "An edge joins two different vertices of the board; this one names a missing vertex or the same one twice.",
    "A board model with the edge [3, 3]",
    "kifu keeps the board; validation reports the edge.",
    "Correct the edge.",
);

/// `gonu::bad-flag` (error): a .gonu flag is not 0 or 1.
pub const GONU_BAD_FLAG: Code = Code::error("gonu::bad-flag", "a .gonu flag is not 0 or 1")
    .explain(
        "The p1, p2 and stackable fields are flags, 0 or 1.",
        "2 1 * 1 2 15 0 0",
        "kifu uses a stand-in value and reads on.",
        "Write 0 or 1.",
    );

/// `gonu::bad-glyph` (error): a .gonu glyph is not one character.
pub const GONU_BAD_GLYPH: Code =
    Code::error("gonu::bad-glyph", "a .gonu glyph is not one character").explain(
        "The glyph field is a single character drawn at the vertex.",
        "2 1 ** 1 1 15 0 0",
        "kifu uses a stand-in and reads on.",
        "Write one character.",
    );

/// `gonu::bad-number` (error): a .gonu field is not a whole number in range.
pub const GONU_BAD_NUMBER: Code = Code::error(
    "gonu::bad-number",
    "a .gonu field is not a whole number in range",
)
.explain(
    "The field takes a whole number in its range.",
    "2 x * 1 1 15 0 0",
    "kifu uses a stand-in and reads on.",
    "Write a whole number in range.",
);

/// `gonu::colour` (error): a .gonu colour is not a console colour 0-15.
pub const GONU_COLOUR: Code = Code::error(
    "gonu::colour",
    "a .gonu colour is not a console colour 0-15",
)
.explain(
    "fg and bg are console colours 0 to 15.",
    "2 1 * 1 1 16 0 0",
    "kifu keeps the value; the game cannot show it.",
    "Use a colour 0-15.",
);

/// `gonu::count-mismatch` (error): a .gonu count disagrees with the lines that follow.
pub const GONU_COUNT_MISMATCH: Code = Code::error(
    "gonu::count-mismatch",
    "a .gonu count disagrees with the lines that follow",
)
.explain(
    "The vertex count, the piece counts and the neighbour list must agree with the lines given; they do not, so lines may be missing.",
    "25 followed by 24 vertex lines",
    "kifu reads the lines that are there.",
    "Correct the count, or add the missing lines.",
);

/// `gonu::disconnected` (error): the .gonu board is in pieces.
pub const GONU_DISCONNECTED: Code =
    Code::error("gonu::disconnected", "the .gonu board is in pieces").explain(
        "Every vertex must be reachable from vertex 0 along edges.",
        "A neighbour list with two separate groups of vertices",
        "kifu keeps the board; the game cannot be played on it.",
        "Add the missing edges.",
    );

/// `gonu::documentation-line` (warning): a heading line without numbers was skipped.
pub const GONU_DOCUMENTATION_LINE: Code = Code::warning(
    "gonu::documentation-line",
    "a heading line without numbers was skipped",
)
.explain(
    "The seed's examples carry headings (e.g. \"교차점\") where a count or piece comes; the game would not read them, but they carry nothing.",
    "N\n5\n교차점\n0 15 0 1 0",
    "kifu skips the line; nothing is lost.",
    "Remove the heading to feed the file to the game.",
);

/// `gonu::edge-char` (error): the edge-drawing line is not one character.
pub const GONU_EDGE_CHAR: Code = Code::error(
    "gonu::edge-char",
    "the edge-drawing line is not one character",
)
.explain(
    "After the forces comes `end` or a line of one character for drawing edges.",
    "##\nend",
    "kifu skips the line.",
    "Write one character, or nothing.",
);

/// `gonu::edge-order` (loss): the order of the edges cannot be kept in .gonu.
pub const GONU_EDGE_ORDER: Code = Code::loss(
    "gonu::edge-order",
    "the order of the edges cannot be kept in .gonu",
)
.explain(
    "A .gonu neighbour list lists edges row by row; the model's edge order cannot be written.",
    "A kifu JSON model with edges in a custom order converted with `kifu convert -t gonu`.",
    "The writer lists edges by their lower vertex and reports this loss.",
    "Accept the new order; it does not change the board.",
);

/// `gonu::empty` (error): the .gonu file holds no board.
pub const GONU_EMPTY: Code = Code::error("gonu::empty", "the .gonu file holds no board").explain(
    "A .gonu file starts with a vertex count; this one holds nothing.",
    "An empty file named board.gonu",
    "kifu reads no board.",
    "Check that the file is the one meant.",
);

/// `gonu::field-count` (error): a .gonu line has the wrong number of fields.
pub const GONU_FIELD_COUNT: Code = Code::error(
    "gonu::field-count",
    "a .gonu line has the wrong number of fields",
)
.explain(
    "A vertex line has 8 fields, a piece line 5, the free-deploy line 5 counts, and keywords stand alone.",
    "2 1 * 1 1 15 0",
    "kifu reads what it can; missing fields get stand-ins.",
    "Give the line its fields.",
);

/// `gonu::free-count` (error): a free-deploy count is out of range.
pub const GONU_FREE_COUNT: Code =
    Code::error("gonu::free-count", "a free-deploy count is out of range").explain(
        "Each of the five free-deploy counts is 0 to the most pieces a player may have.",
        "F\n99 0 0 0 0",
        "kifu keeps the value; validation reports it.",
        "Correct the count.",
    );

/// `gonu::free-total` (error): the free-deploy counts do not add up to a valid number of pieces.
pub const GONU_FREE_TOTAL: Code = Code::error(
    "gonu::free-total",
    "the free-deploy counts do not add up to a valid number of pieces",
)
.explain(
    "The five counts together give each player's pieces: 1 to the maximum.",
    "F\n0 0 0 0 0",
    "kifu keeps the values; validation reports them.",
    "Correct the counts.",
);

/// `gonu::isolated-vertex` (error): a .gonu vertex without an edge.
pub const GONU_ISOLATED_VERTEX: Code =
    Code::error("gonu::isolated-vertex", "a .gonu vertex without an edge").explain(
        "Every vertex must be joined to the board by an edge.",
        "A neighbour list whose row for vertex 7 names no vertex and no other row names 7",
        "kifu keeps the board; validation reports the vertex.",
        "Add the vertex's edges, or remove the vertex.",
    );

/// `gonu::matrix-unsupported` (error): `M` (an adjacency matrix) is not supported.
pub const GONU_MATRIX_UNSUPPORTED: Code = Code::error(
    "gonu::matrix-unsupported",
    "`M` (an adjacency matrix) is not supported",
)
.explain(
    "The seed mentions an adjacency matrix `M`, but the game rejects it; boards list neighbours after `L`.",
    "M\n0 1 0 …",
    "kifu skips the section.",
    "List the neighbours after `L`.",
);

/// `gonu::missing-adjacency` (error): the .gonu neighbour list `L` is missing.
pub const GONU_MISSING_ADJACENCY: Code = Code::error(
    "gonu::missing-adjacency",
    "the .gonu neighbour list `L` is missing",
)
.explain(
    "`L` and one row per vertex come after the vertices and before the forces.",
    "25 vertex lines followed by N",
    "kifu reads the board without edges.",
    "Add `L` and the neighbour rows.",
);

/// `gonu::missing-count` (error): a .gonu count is missing.
pub const GONU_MISSING_COUNT: Code = Code::error(
    "gonu::missing-count",
    "a .gonu count is missing",
)
.explain(
    "The vertex count starts the file, each player's piece count starts its pieces, and `F` is followed by five counts; one of them is missing.",
    "N\n0 15 0 1 0",
    "kifu reads on from what follows.",
    "Add the count.",
);

/// `gonu::missing-deploy` (error): the .gonu forces are missing.
pub const GONU_MISSING_DEPLOY: Code =
    Code::error("gonu::missing-deploy", "the .gonu forces are missing").explain(
        "`N` (normal deploy) or `F` (free deploy) comes after the neighbour list.",
        "L and its rows followed by end",
        "kifu reads a board without pieces.",
        "Add the forces.",
    );

/// `gonu::missing-end` (error): the .gonu file does not finish with `end`.
pub const GONU_MISSING_END: Code = Code::error(
    "gonu::missing-end",
    "the .gonu file does not finish with `end`",
)
.explain(
    "The game reads up to `end`; the file stops without it, so it may be cut short.",
    "A board file whose last line is a piece line",
    "kifu reads what is there.",
    "Add `end` as the last line.",
);

/// `gonu::neighbour-out-of-range` (error): a .gonu neighbour row names a vertex that does not exist.
pub const GONU_NEIGHBOUR_OUT_OF_RANGE: Code = Code::error(
    "gonu::neighbour-out-of-range",
    "a .gonu neighbour row names a vertex that does not exist",
)
.explain(
    "Vertex ids run from 0 to the vertex count minus one.",
    "A row `1 3 99` on a board of 25 vertices",
    "kifu skips the id.",
    "Correct the id.",
);

/// `gonu::no-castle` (error): a .gonu player has no castle.
pub const GONU_NO_CASTLE: Code = Code::error("gonu::no-castle", "a .gonu player has no castle")
    .explain(
        "A castle of player p is a vertex p may not enter (its p flag 0); each player needs one.",
        "A board whose every vertex has `1 1` flags",
        "kifu keeps the board; validation reports it.",
        "Set a castle vertex's flag to 0.",
    );

/// `gonu::no-such-vertex` (error): a .gonu piece stands on a vertex that does not exist.
pub const GONU_NO_SUCH_VERTEX: Code = Code::error(
    "gonu::no-such-vertex",
    "a .gonu piece stands on a vertex that does not exist",
)
.explain(
    "A piece line's vertex must be an id of the board.",
    "99 15 0 1 0 on a board of 25 vertices",
    "kifu keeps the piece; validation reports it.",
    "Correct the vertex.",
);

/// `gonu::occupier` (warning): a .gonu vertex's occupier field is not 0.
pub const GONU_OCCUPIER: Code =
    Code::warning("gonu::occupier", "a .gonu vertex's occupier field is not 0").explain(
        "The occupier field is always 0 in the game's files; kifu keeps the value.",
        "2 1 * 1 1 15 0 3",
        "kifu keeps the value; nothing is lost.",
        "Write 0.",
    );

/// `gonu::off-screen` (error): a .gonu vertex lies off the game's screen.
pub const GONU_OFF_SCREEN: Code = Code::error(
    "gonu::off-screen",
    "a .gonu vertex lies off the game's screen",
)
.explain(
    "x runs 2-78 and y 1-38 on the game's 80×39 console.",
    "90 1 * 1 1 15 0 0",
    "kifu keeps the vertex; the game cannot draw it.",
    "Move the vertex onto the screen.",
);

/// `gonu::piece-count` (error): a .gonu player has too few or too many pieces.
pub const GONU_PIECE_COUNT: Code = Code::error(
    "gonu::piece-count",
    "a .gonu player has too few or too many pieces",
)
.explain(
    "Each player has 1 to the maximum number of pieces.",
    "N\n0",
    "kifu keeps the forces; validation reports them.",
    "Correct the pieces.",
);

/// `gonu::piece-in-own-castle` (error): a .gonu piece stands in its own player's castle.
pub const GONU_PIECE_IN_OWN_CASTLE: Code = Code::error(
    "gonu::piece-in-own-castle",
    "a .gonu piece stands in its own player's castle",
)
.explain(
    "A player may not enter their own castle, so no piece may start there.",
    "A piece of player 2 on vertex 23, player 2's castle",
    "kifu keeps the piece; validation reports it.",
    "Move the piece.",
);

/// `gonu::range` (error): a .gonu piece's range is not 1-5.
pub const GONU_RANGE: Code = Code::error("gonu::range", "a .gonu piece's range is not 1-5")
    .explain(
        "A piece's range is 1 to 5.",
        "0 15 0 9 0",
        "kifu keeps the value; validation reports it.",
        "Use a range 1-5.",
    );

/// `gonu::remark` (warning): `//` remarks were skipped.
pub const GONU_REMARK: Code = Code::warning(
    "gonu::remark",
    "`//` remarks were skipped",
)
.explain(
    "The seed's examples carry `//` remarks; the game is not documented to read them, and they hold no board data.",
    "25 // vertex count",
    "kifu skips them; the board is read in full.",
    "Remove the remarks to feed the file to the game.",
);

/// `gonu::same-spot` (error): two .gonu vertices on one screen spot.
pub const GONU_SAME_SPOT: Code =
    Code::error("gonu::same-spot", "two .gonu vertices on one screen spot").explain(
        "Each vertex has its own place on the screen.",
        "Two vertex lines both at x 2, y 1",
        "kifu keeps both; validation reports it.",
        "Move one of them.",
    );

/// `gonu::self-loop` (error): a .gonu neighbour row names its own vertex.
pub const GONU_SELF_LOOP: Code = Code::error(
    "gonu::self-loop",
    "a .gonu neighbour row names its own vertex",
)
.explain(
    "A vertex cannot be its own neighbour.",
    "Row 3 listing 3",
    "kifu skips the id.",
    "Remove the id from its row.",
);

/// `gonu::shared-vertex` (error): two .gonu pieces on one vertex.
pub const GONU_SHARED_VERTEX: Code =
    Code::error("gonu::shared-vertex", "two .gonu pieces on one vertex").explain(
        "A vertex holds at most one piece at the start.",
        "Two piece lines both on vertex 0",
        "kifu keeps both; validation reports it.",
        "Move one of the pieces.",
    );

/// `gonu::stackable` (error): a .gonu piece is stackable.
pub const GONU_STACKABLE: Code = Code::error("gonu::stackable", "a .gonu piece is stackable")
    .explain(
        "The stackable field is unused by the game and must be 0.",
        "0 15 0 1 1",
        "kifu keeps the value; validation reports it.",
        "Write 0.",
    );

/// `gonu::too-few-cells` (error): free deploy has too few vertices for a player's pieces.
pub const GONU_TOO_FEW_CELLS: Code = Code::error(
    "gonu::too-few-cells",
    "free deploy has too few vertices for a player's pieces",
)
.explain(
    "In free deploy player 1 places its pieces on `*` vertices it may enter, player 2 on `+`; there are fewer such vertices than pieces.",
    "F with 5 pieces per player and 3 `*` vertices",
    "kifu keeps the board; validation reports it.",
    "Add deploy vertices or lower the counts.",
);

/// `gonu::too-many-castles` (error): a .gonu player has too many castles.
pub const GONU_TOO_MANY_CASTLES: Code = Code::error(
    "gonu::too-many-castles",
    "a .gonu player has too many castles",
)
.explain(
    "A player has at most a few castles (vertices it may not enter).",
    "A board where player 1 may not enter ten vertices",
    "kifu keeps the board; validation reports it.",
    "Open some castle vertices to the player.",
);

/// `gonu::too-many-vertices` (error): a .gonu board has more vertices than allowed.
pub const GONU_TOO_MANY_VERTICES: Code = Code::error(
    "gonu::too-many-vertices",
    "a .gonu board has more vertices than allowed",
)
.explain(
    "A board has at most the game's number of vertices; the rest cannot be read.",
    "A vertex count of 500",
    "kifu skips the vertices beyond the limit.",
    "Make the board smaller.",
);

/// `gonu::trailing-whitespace` (warning): space or a line break after `end`.
pub const GONU_TRAILING_WHITESPACE: Code = Code::warning(
    "gonu::trailing-whitespace",
    "space or a line break after `end`",
)
.explain(
    "The game wants the file to stop right after `end`.",
    "end followed by a line break",
    "kifu reads the board in full; nothing is lost.",
    "Remove what follows `end` (kifu's writer does).",
);

/// `gonu::unexpected-line` (error): a .gonu line out of place.
pub const GONU_UNEXPECTED_LINE: Code = Code::error(
    "gonu::unexpected-line",
    "a .gonu line out of place",
)
.explain(
    "The line is not what the section expects (e.g. a second edge character, a keyword in the wrong place).",
    "#\n#\nend",
    "kifu skips the line.",
    "Remove or move the line.",
);

/// `gonu::unreachable-castle` (warning): a .gonu castle the enemy cannot reach.
pub const GONU_UNREACHABLE_CASTLE: Code = Code::warning(
    "gonu::unreachable-castle",
    "a .gonu castle the enemy cannot reach",
)
.explain(
    "A castle that the other player's pieces cannot reach along edges cannot be taken; the board is legal but the game may not be winnable that way.",
    "A castle joined only to vertices the enemy may not enter",
    "kifu keeps the board; nothing is lost.",
    "Join the castle to the board, if it should be reachable.",
);

/// `gonu::wide-glyph` (warning): a .gonu glyph or edge character is not printable ASCII.
pub const GONU_WIDE_GLYPH: Code = Code::warning(
    "gonu::wide-glyph",
    "a .gonu glyph or edge character is not printable ASCII",
)
.explain(
    "The game reads one byte per glyph; a wider character is drawn wrongly.",
    "2 1 가 1 1 15 0 0",
    "kifu keeps the character; nothing is lost.",
    "Use a printable ASCII character.",
);

/// `jkf::bad-initial` (error): JKF's `initial` cannot be read.
pub const JKF_BAD_INITIAL: Code = Code::error(
    "jkf::bad-initial",
    "JKF's `initial` cannot be read",
)
.explain(
    "`initial` gives the starting position: a preset (HIRATE, KY, …) or a board and hands; this one breaks that form, so the starting position is uncertain.",
    "{\"initial\": {\"preset\": \"NONE\"}, \"moves\": [{}]}",
    "kifu reads the game from the even position.",
    "Give a known preset, or for OTHER a full `data` with board, hands and color.",
);

/// `jkf::bad-move` (error): a JKF move entry cannot be read.
pub const JKF_BAD_MOVE: Code = Code::error(
    "jkf::bad-move",
    "a JKF move entry cannot be read",
)
.explain(
    "A move entry holds `move` (with `to`, `piece` and, unless a drop, `from`) or `special`; this one lacks what it needs.",
    "{\"header\": {}, \"moves\": [{}, {\"move\": {\"to\": {\"x\": 7, \"y\": 6}}}]}",
    "kifu skips the entry and stops reading the moves of that line.",
    "Give the move its `to`, `piece` and `from` (x and y 1-9).",
);

/// `jkf::syntax` (error): the input is not a JKF document.
pub const JKF_SYNTAX: Code = Code::error(
    "jkf::syntax",
    "the input is not a JKF document",
)
.explain(
    "JKF is JSON with `header`, `initial` and `moves`; the input is not well-formed JSON or not of that shape.",
    "{\"header\": {}, \"moves\": [",
    "kifu reads no game from the input.",
    "Repair the JSON (or give the right format with -f).",
);

/// `jkf::unknown-special` (error): an unknown JKF special was ignored.
pub const JKF_UNKNOWN_SPECIAL: Code = Code::error(
    "jkf::unknown-special",
    "an unknown JKF special was ignored",
)
.explain(
    "JKF's specials are TORYO, CHUDAN, SENNICHITE, TIME_UP, ILLEGAL_MOVE, +ILLEGAL_ACTION, -ILLEGAL_ACTION, JISHOGI, KACHI, HIKIWAKE, MATTA, TSUMI, FUZUMI and ERROR; this is none of them, so how the game ended is uncertain.",
    "{\"header\": {}, \"moves\": [{}, {\"special\": \"RESIGN\"}]}",
    "kifu ignores the entry; the game has no special end there.",
    "Write one of JKF's specials (TORYO for a resignation).",
);

/// `jkf::unread-field` (warning): a field of a JKF entry could not be read; kept as written.
pub const JKF_UNREAD_FIELD: Code = Code::warning(
    "jkf::unread-field",
    "a field of a JKF entry could not be read; kept as written",
)
.explain(
    "An entry of `moves` holds `move` or `special`, `time` (`now {m,s}`, `total {h,m,s}` in whole numbers), `comments` (strings) and `forks`; this field is another one, or not of that shape.",
    "{\"header\": {}, \"moves\": [{}, {\"move\": {\"color\": 0, \"from\": {\"x\": 7, \"y\": 7}, \"to\": {\"x\": 7, \"y\": 6}, \"piece\": \"FU\"}, \"time\": {\"now\": \"0:07\"}}]}",
    "kifu keeps the move and the field as written (the extra `jkf:<field>`, which a JKF output writes back into the entry; other formats report it as a loss).",
    "Write the field in JKF's shape, e.g. \"time\": {\"now\": {\"m\": 0, \"s\": 7}}.",
);

/// `json::dropped-key` (error): a key of the JSON document itself that the model has no place for; dropped.
pub const JSON_DROPPED_KEY: Code = Code::error(
    "json::dropped-key",
    "a key of the JSON document itself that the model has no place for; dropped",
)
.explain(
    "The document holds `version`, `source` (where the games were read from, written by `convert`) and `games`; this key beside them is none of these. A collection holds only its games, so the model has no place for it.",
    "{\"version\": 1, \"generator\": \"my-tool 2.0\", \"games\": []}",
    "kifu reads the games and drops the key: a JSON output does not write it back. (A key the model does not know inside a game, its information, its tree or a node is kept: `json::unknown-key`.)",
    "Move what the key says into a game (its information or a game-level key, which is kept), or remove it.",
);

/// `json::invalid` (error): the JSON is well-formed but not a kifu model.
pub const JSON_INVALID: Code = Code::error(
    "json::invalid",
    "the JSON is well-formed but not a kifu model",
)
.explain(
    "The document is JSON, but a field is missing, unknown or of the wrong type for the kifu JSON model.",
    "{\"version\": 1, \"games\": [{\"kind\": \"chess\"}]}",
    "When the document itself is not a kifu document (no version, no list of games), kifu reads no game from it; when one game cannot be made (its kind unreadable, no tree, a node that is not an object, a tree that is not one), kifu leaves that game out and reads the others (NDJSON: that line's game).",
    "Correct the field the message names (see docs/formats/json.md).",
);

/// `json::syntax` (error): the input is not well-formed JSON.
pub const JSON_SYNTAX: Code = Code::error("json::syntax", "the input is not well-formed JSON")
    .explain(
        "The kifu JSON model is JSON; this text breaks JSON syntax (or ends too soon).",
        "{\"version\": 1, \"games\": [",
        "kifu reads no game from the input.",
        "Repair the JSON.",
    );

/// `json::unknown-key` (warning): a key the kifu JSON model does not know; kept as written.
pub const JSON_UNKNOWN_KEY: Code = Code::warning(
    "json::unknown-key",
    "a key the kifu JSON model does not know; kept as written",
)
.explain(
    "A node, a game, its information or its tree holds a key that is not the model's (or a key inside a field's value that is not).",
    "{\"version\": 1, \"games\": [{\"kind\": \"shogi\", \"tree\": {\"nodes\": [{\"eval\": -12}]}}]}",
    "kifu keeps the node and its move, and the key's value as written: the extra `json:<key>` (`json:info.<key>`, `json:game.<key>`, `json:tree.<key>` in the game's information for the other objects), which a JSON or NDJSON output writes back under its key; other formats report it as a loss.",
    "Nothing needs fixing if the key is yours; to carry the data into other formats, put it in a field of the model (see docs/formats/json.md).",
);

/// `json::unread-field` (warning): a field of the kifu JSON model whose value cannot be read; kept as written.
pub const JSON_UNREAD_FIELD: Code = Code::warning(
    "json::unread-field",
    "a field of the kifu JSON model whose value cannot be read; kept as written",
)
.explain(
    "A node's or the game information's field holds a value of another type or shape than the model's (a time as a string, a comment as a number, a mark off its shape, a key given twice). It is a warning, as `jkf::unread-field` is: nothing is dropped, the field is kept as written and goes back where it was in a JSON output (another format reports it as a loss).",
    "{\"version\": 1, \"games\": [{\"kind\": \"shogi\", \"tree\": {\"nodes\": [{\"time_used_ms\": \"abc\"}]}}]}",
    "kifu keeps the node and its move without the field, and the field as written (the extra `json:<key>`, which a JSON or NDJSON output writes back under its key; other formats report it as a loss).",
    "Write the value in the model's type (see docs/formats/json.md), e.g. \"time_used_ms\": 7000.",
);

/// `json::version` (error): a kifu JSON model of another version.
pub const JSON_VERSION: Code = Code::error("json::version", "a kifu JSON model of another version")
    .explain(
        "The document's version is not the one this kifu reads.",
        "{\"version\": 99, \"games\": []}",
        "kifu reads no game from the input.",
        "Use the kifu that wrote the file, or convert the file with it to a record format.",
    );

/// `ki2::ambiguous` (error): a KI2 move fits more than one piece.
pub const KI2_AMBIGUOUS: Code = Code::error(
    "ki2::ambiguous",
    "a KI2 move fits more than one piece",
)
.explain(
    "KI2 names a move by destination and piece; when several pieces of that kind can reach the square, a modifier (右 左 直 上 引 寄) must say which one. This move lacks it, so which piece moved is uncertain.",
    "▲５八金 (with golds on 6九 and 4九)",
    "kifu reports the move and stops reading that line of play.",
    "Add the modifier, e.g. ▲５八金右.",
);

/// `ki2::bad-move` (error): a KI2 move cannot be read.
pub const KI2_BAD_MOVE: Code = Code::error(
    "ki2::bad-move",
    "a KI2 move cannot be read",
)
.explain(
    "A KI2 move is ▲ or △, a square (or 同), a piece, and optional modifiers, 成/不成 and 打; this token is not.",
    "▲７六",
    "kifu reports the move and stops reading that line of play.",
    "Write the move in full, e.g. ▲７六歩.",
);

/// `ki2::no-candidate` (error): no piece fits a KI2 move's modifier.
pub const KI2_NO_CANDIDATE: Code = Code::error(
    "ki2::no-candidate",
    "no piece fits a KI2 move's modifier",
)
.explain(
    "Pieces of the kind named can reach the square, but none of them fits the modifier (右 左 直 上 引 寄), so which piece moved is uncertain.",
    "▲５八金直 (from the even position: neither gold stands straight below 5八)",
    "kifu reports the move and stops reading that line of play.",
    "Correct the modifier or the piece.",
);

/// `ki2::unneeded-modifier` (warning): a KI2 modifier that was not needed.
pub const KI2_UNNEEDED_MODIFIER: Code = Code::warning(
    "ki2::unneeded-modifier",
    "a KI2 modifier that was not needed",
)
.explain(
    "The modifier was written because another piece of the kind could reach the square, but that piece is pinned and cannot legally move; the move is certain.",
    "A move ▲５八金右 where the other gold is pinned to its king",
    "kifu reads the only legal move; nothing is lost.",
    "Nothing needed; the modifier may be dropped.",
);

/// `kif::bad-board` (error): the KIF board diagram cannot be read.
pub const KIF_BAD_BOARD: Code = Code::error(
    "kif::bad-board",
    "the KIF board diagram cannot be read",
)
.explain(
    "A KIF board diagram has nine rows `|…|` of nine cells (` ・` empty, ` 歩` black's, `v歩` white's) between its frame lines; this one breaks that form, so the starting position is uncertain.",
    "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n|v香v桂v銀v金v玉v金v銀v桂v香|一\n+---------------------------+\n(a diagram of one row, not nine)",
    "kifu reads what it can of the diagram.",
    "Write nine rows of nine cells.",
);

/// `kif::bad-hand` (error): the pieces in hand of a KIF header cannot be read.
pub const KIF_BAD_HAND: Code = Code::error(
    "kif::bad-hand",
    "the pieces in hand of a KIF header cannot be read",
)
.explain(
    "`先手の持駒：` and `後手の持駒：` list pieces with kanji counts (歩二 香); this list has a word that is not one.",
    "先手の持駒：歩二　竜",
    "kifu skips what it cannot read.",
    "List unpromoted pieces with kanji counts, e.g. `飛　歩二`, or `なし`.",
);

/// `kif::bad-move` (error): a KIF move line cannot be read.
pub const KIF_BAD_MOVE: Code = Code::error(
    "kif::bad-move",
    "a KIF move line cannot be read",
)
.explain(
    "A KIF move line is a number, a move (square, piece, origin) and an optional time; this line's move is missing or not a move, or its number cannot be read.",
    "   1 大逆転",
    "kifu reports the line and stops reading that line of play.",
    "Write the move in full, e.g. `   1 ７六歩(77)`.",
);

/// `kif::bad-origin` (error): the origin `(xy)` of a KIF move cannot be read.
pub const KIF_BAD_ORIGIN: Code = Code::error(
    "kif::bad-origin",
    "the origin `(xy)` of a KIF move cannot be read",
)
.explain(
    "The origin is two digits 1-9 in parentheses, e.g. (77); this one is not.",
    "   1 ７六歩(7a)",
    "kifu reports the line and stops reading that line of play.",
    "Write two digits, e.g. (77).",
);

/// `kif::bad-time` (error): the time of a KIF move cannot be read.
pub const KIF_BAD_TIME: Code = Code::error(
    "kif::bad-time",
    "the time of a KIF move cannot be read",
)
.explain(
    "A KIF time is `( m:ss/hh:mm:ss)`: the move's time, then the total; this one is not closed or not in that form.",
    "   1 ７六歩(77)   ( 0:1O/00:00:10)",
    "kifu keeps the move and the time column as written (the extra `kif:time`, which a KIF output writes back in its place; other formats report it as a loss), and reports the column.",
    "Write the time as ( 0:10/00:00:10).",
);

/// `kif::bad-variation` (error): the move number of a KIF variation cannot be read.
pub const KIF_BAD_VARIATION: Code = Code::error(
    "kif::bad-variation",
    "the move number of a KIF variation cannot be read",
)
.explain(
    "A variation starts with `変化：N手`, N the number of its first move; here N is missing or not a number, so where the variation branches is uncertain.",
    "   1 ７六歩(77)\n\n変化：五手\n   1 ２六歩(27)",
    "kifu skips the variation.",
    "Write the number in digits: `変化：5手`.",
);

/// `kif::drop-with-origin` (warning): a drop 打 with an origin was read as a drop.
pub const KIF_DROP_WITH_ORIGIN: Code = Code::warning(
    "kif::drop-with-origin",
    "a drop 打 with an origin was read as a drop",
)
.explain(
    "A drop (打) has no origin square; this move has both. Some programs write the origin anyway.",
    "   3 ２二角成(88)\n   4 同　銀(31)\n   5 ５五角打(88)",
    "kifu reads the move as a drop; nothing is lost.",
    "Remove the origin from the drop.",
);

/// `kif::move-after-end` (error): a KIF or KI2 move after the end of the game.
pub const KIF_MOVE_AFTER_END: Code = Code::error(
    "kif::move-after-end",
    "a KIF or KI2 move after the end of the game",
)
.explain(
    "A special move (投了, 千日手, …) ends the line of play; a move follows it, so what the record means is uncertain.",
    "   1 ７六歩(77)\n   2 投了\n   3 ２六歩(27)",
    "kifu reports the move and ignores the rest of that line.",
    "Start a variation with `変化：N手`, or remove the end if the game went on.",
);

/// `kif::move-number` (warning): a KIF move number is not the one expected.
pub const KIF_MOVE_NUMBER: Code = Code::warning(
    "kif::move-number",
    "a KIF move number is not the one expected",
)
.explain(
    "KIF numbers moves 1, 2, 3, … along each line of play; this number differs from the count, which happens when lines are edited by hand.",
    "   1 ７六歩(77)\n   3 ３四歩(33)",
    "kifu reads the move as the next one of the line; nothing is lost.",
    "Renumber the moves.",
);

/// `kif::no-origin` (error): a KIF board move without its origin `(xy)`.
pub const KIF_NO_ORIGIN: Code = Code::error(
    "kif::no-origin",
    "a KIF board move without its origin `(xy)`",
)
.explain(
    "A KIF move of a piece on the board gives its origin; this one does not, and the piece is not in hand either, so which piece moved is uncertain.",
    "   1 ７六歩",
    "kifu reports the move and stops reading that line of play.",
    "Add the origin, e.g. ７六歩(77), or 打 for a drop.",
);

/// `kif::same-without-previous` (error): 同 (same square) with no previous move.
pub const KIF_SAME_WITHOUT_PREVIOUS: Code = Code::error(
    "kif::same-without-previous",
    "同 (same square) with no previous move",
)
.explain(
    "同 means the destination of the previous move; this move has none before it, so its square is uncertain.",
    "   1 同　歩(77)",
    "kifu reports the move and stops reading that line of play.",
    "Write the square, e.g. ７六歩(77).",
);

/// `kif::trailing-text` (error): unexpected text after a KIF move.
pub const KIF_TRAILING_TEXT: Code = Code::error(
    "kif::trailing-text",
    "unexpected text after a KIF move",
)
.explain(
    "After the move and its time only a `+` (variation mark) may follow; this text is something else, so what the line means is uncertain.",
    "   1 ７六歩(77) xyz",
    "kifu reports the line and stops reading that line of play.",
    "Remove the text, or put it on a comment line starting with `*`.",
);

/// `kif::unknown-handicap` (error): an unknown KIF handicap name.
pub const KIF_UNKNOWN_HANDICAP: Code = Code::error(
    "kif::unknown-handicap",
    "an unknown KIF handicap name",
)
.explain(
    "`手合割：` names the starting position (平手, 香落ち, 角落ち, …); this name is none kifu knows, so the starting position is uncertain.",
    "手合割：九枚落ち",
    "kifu reads the game from the even position (平手).",
    "Use a known name, or give the position as a board diagram and write `その他`.",
);

/// `kif::unknown-line` (error): a KIF line kifu does not know was ignored.
pub const KIF_UNKNOWN_LINE: Code = Code::error(
    "kif::unknown-line",
    "a KIF line kifu does not know was ignored",
)
.explain(
    "The line is no KIF header `key：value`, move, comment `*`, bookmark `&` or variation `変化：`, so what it meant is uncertain.",
    "手数----指手---------消費時間--\nfoo bar",
    "kifu ignores the line.",
    "Remove the line, or make it a comment with `*` (or `#` in the header).",
);

/// `kif::unknown-piece` (error): a KIF move names an unknown piece.
pub const KIF_UNKNOWN_PIECE: Code = Code::error(
    "kif::unknown-piece",
    "a KIF move names an unknown piece",
)
.explain(
    "The piece after the square is none of KIF's piece names (歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 馬 龍 竜 and their forms).",
    "   1 ７六蛇(77)",
    "kifu reports the line and stops reading that line of play.",
    "Write the piece's name.",
);

/// `kif::variation-parent` (error): a KIF variation branches from a move the line above does not have.
pub const KIF_VARIATION_PARENT: Code = Code::error(
    "kif::variation-parent",
    "a KIF variation branches from a move the line above does not have",
)
.explain(
    "`変化：N手` replaces move N of the line read last; that line has fewer moves, so where the variation belongs is uncertain.",
    "   1 ７六歩(77)\n\n変化：5手\n   5 ２六歩(27)",
    "kifu skips the variation.",
    "Give the number of the move the variation replaces, after the line it branches from.",
);

/// `kiseong::argument-count` (error): a Kiseong command has the wrong number of numbers.
pub const KISEONG_ARGUMENT_COUNT: Code = Code::error(
    "kiseong::argument-count",
    "a Kiseong command has the wrong number of numbers",
)
.explain(
    "Each Kiseong command `&[code;…@` or `&[code…w` takes a set number of numbers; this one has another, so what it meant is uncertain.",
    "&[2;3@",
    "kifu keeps the command as written in the node's script, without effect.",
    "Give the command its numbers, e.g. &[2;3;4@ (colour, row, column).",
);

/// `kiseong::bad-command` (error): a Kiseong command `&[` cannot be read.
pub const KISEONG_BAD_COMMAND: Code = Code::error(
    "kiseong::bad-command",
    "a Kiseong command `&[` cannot be read",
)
.explain(
    "`&[` starts a command, which ends in `@` or `w` after its numbers; this one does not, so it may be text or a damaged command.",
    "&[2;3x4@",
    "kifu reads the characters as commentary.",
    "Repair the command, or remove the `&[`.",
);

/// `kiseong::empty-diagram` (warning): a save/restore diagram that places nothing.
pub const KISEONG_EMPTY_DIAGRAM: Code = Code::warning(
    "kiseong::empty-diagram",
    "a save/restore diagram that places nothing",
)
.explain(
    "A diagram `&[8@ … &[9@` shows stones and marks, then restores the position; this one shows nothing.",
    "&[8@&[9@",
    "kifu ignores the diagram; nothing is lost.",
    "Remove the diagram.",
);

/// `kiseong::empty-variation` (warning): a Kiseong variation without moves.
pub const KISEONG_EMPTY_VARIATION: Code = Code::warning(
    "kiseong::empty-variation",
    "a Kiseong variation without moves",
)
.explain(
    "A variation `{{ … }}` holds moves; this one holds none.",
    "&[1w{{}}&[2w",
    "kifu ignores it; nothing is lost.",
    "Remove the empty variation.",
);

/// `kiseong::forbidden-character` (warning): commentary holds a character the format reserves.
pub const KISEONG_FORBIDDEN_CHARACTER: Code = Code::warning(
    "kiseong::forbidden-character",
    "commentary holds a character the format reserves",
)
.explain(
    "The seed reserves some characters (it writes them as other ones); commentary should not hold them.",
    "A comment holding `@`",
    "kifu keeps the character; nothing is lost.",
    "Replace the character, as the Kiseong writer does.",
);

/// `kiseong::label-dropped` (loss): a label that Kiseong cannot draw was left out.
pub const KISEONG_LABEL_DROPPED: Code = Code::loss(
    "kiseong::label-dropped",
    "a label that Kiseong cannot draw was left out",
)
.explain(
    "Kiseong draws one Hangul syllable 가-하, or a letter A-Z on a stone; the record has another label.",
    "An SGF record with LB[dd:12] converted with `kifu convert -t kiseong`.",
    "The writer leaves the label out and reports this loss.",
    "Use labels Kiseong can draw, or keep the record in SGF.",
);

/// `kiseong::label-out-of-range` (error): a Kiseong label or symbol index out of range.
pub const KISEONG_LABEL_OUT_OF_RANGE: Code = Code::error(
    "kiseong::label-out-of-range",
    "a Kiseong label or symbol index out of range",
)
.explain(
    "A placement's label or symbol is an index into the seed's table; this one is beyond it.",
    "&[11;3;3;99@",
    "kifu keeps the command as written in the node's script, without effect.",
    "Use an index in range.",
);

/// `kiseong::no-command` (error): the text holds no Kiseong command at all.
pub const KISEONG_NO_COMMAND: Code = Code::error(
    "kiseong::no-command",
    "no Kiseong command in the text: not a Kiseong record",
)
.explain(
    "A Kiseong record is made of commands, `&[…w` (controls such as the start `&[1w`) and `&[…@` (stones). This text holds none, so it is not a Kiseong record (random bytes, or a file of another format given with `-f kiseong`).",
    "`hello, world` read with `-f kiseong`",
    "kifu reads no game from it.",
    "Check the file and its format.",
);

/// `kiseong::missing-end` (warning): the Kiseong record has no end `&[2w`.
pub const KISEONG_MISSING_END: Code = Code::warning(
    "kiseong::missing-end",
    "the Kiseong record has no end `&[2w`",
)
.explain(
    "A record ends with `&[2w`; this one stops without it.",
    "&[1w&[2;4;4@",
    "kifu reads everything up to the end of the file; nothing is lost.",
    "Add `&[2w` at the end.",
);

/// `kiseong::missing-start` (warning): the Kiseong record has no start `&[1w`.
pub const KISEONG_MISSING_START: Code = Code::warning(
    "kiseong::missing-start",
    "the Kiseong record has no start `&[1w`",
)
.explain(
    "A record begins with `&[1w`; this one does not.",
    "&[2;4;4@&[2w",
    "kifu reads from the beginning of the file; nothing is lost.",
    "Add `&[1w` at the start.",
);

/// `kiseong::move-count` (error): the move count disagrees with the main line.
pub const KISEONG_MOVE_COUNT: Code = Code::error(
    "kiseong::move-count",
    "the move count disagrees with the main line",
)
.explain(
    "`&[20;Nw` gives the number of moves; the main line has another number, so moves may be missing.",
    "&[20;3w&[2;4;4@&[3;5;5@",
    "kifu keeps the moves it read.",
    "Correct the count, or recover the missing moves.",
);

/// `kiseong::move-dropped` (loss): a move that is not a Go move cannot be written in Kiseong.
pub const KISEONG_MOVE_DROPPED: Code = Code::loss(
    "kiseong::move-dropped",
    "a move that is not a Go move cannot be written in Kiseong",
)
.explain(
    "Kiseong records Go; the record holds a move of another game.",
    "A gomoku record converted with `kifu convert -t kiseong`.",
    "The writer leaves the move out and reports this loss.",
    "Write such records in SGF.",
);

/// `kiseong::nested-save` (error): a save `&[8@` inside a diagram that is still open.
pub const KISEONG_NESTED_SAVE: Code = Code::error(
    "kiseong::nested-save",
    "a save `&[8@` inside a diagram that is still open",
)
.explain(
    "Diagrams do not nest; a second save before the restore leaves the structure uncertain.",
    "&[8@&[8@&[9@",
    "kifu ignores the second save.",
    "Close the first diagram with `&[9@` first.",
);

/// `kiseong::nested-variation` (error): a Kiseong variation inside another.
pub const KISEONG_NESTED_VARIATION: Code = Code::error(
    "kiseong::nested-variation",
    "a Kiseong variation inside another",
)
.explain(
    "Kiseong variations `{{ … }}` do not nest, so where this one belongs is uncertain.",
    "{{&[2;5;5@{{&[3;6;6@}}",
    "kifu ignores the inner `{{`.",
    "Close the first variation before opening the next.",
);

/// `kiseong::number-dropped` (loss): a stone number over 99 cannot be written in Kiseong.
pub const KISEONG_NUMBER_DROPPED: Code = Code::loss(
    "kiseong::number-dropped",
    "a stone number over 99 cannot be written in Kiseong",
)
.explain(
    "Kiseong numbers stones up to 99; the record has a higher number.",
    "A Kiseong diagram numbering move 120, converted back with `kifu convert -t kiseong`.",
    "The writer leaves the number out and reports this loss.",
    "Accept the loss, or keep the record in the kifu JSON model.",
);

/// `kiseong::off-board` (error): a Kiseong point off the 19×19 board.
pub const KISEONG_OFF_BOARD: Code =
    Code::error("kiseong::off-board", "a Kiseong point off the 19×19 board").explain(
        "Rows and columns run 1-19; this point lies outside.",
        "&[2;20;3@",
        "kifu keeps the command as written in the node's script, without effect.",
        "Correct the row or column.",
    );

/// `kiseong::node-merged` (loss): a node without a move is read back as part of the move before it.
pub const KISEONG_NODE_MERGED: Code = Code::loss(
    "kiseong::node-merged",
    "a node without a move is read back as part of the move before it",
)
.explain(
    "Kiseong hangs commentary and drawings on moves; the record has a node with no move (a comment or markup of its own between two moves).",
    "The SGF `;B[pd];C[a note];W[dp]` converted with `kifu convert -t kiseong`.",
    "The writer writes the node's comment and drawings where it stands; read back, they belong to the move before it and the node is gone. This loss says so.",
    "Keep the record in SGF, or move the comment onto a move.",
);

/// `kiseong::pass-dropped` (loss): a pass cannot be written in Kiseong.
pub const KISEONG_PASS_DROPPED: Code = Code::loss(
    "kiseong::pass-dropped",
    "a pass cannot be written in Kiseong",
)
.explain(
    "Kiseong has no pass; the record has one.",
    "An SGF record with W[] converted with `kifu convert -t kiseong`.",
    "The writer leaves the pass out (the same colour then plays twice) and reports this loss.",
    "Keep the record in SGF.",
);

/// `kiseong::replaced-character` (loss): a character Kiseong reserves was written as another.
pub const KISEONG_REPLACED_CHARACTER: Code = Code::loss(
    "kiseong::replaced-character",
    "a character Kiseong reserves was written as another",
)
.explain(
    "The seed reserves some characters; the record's text holds one.",
    "A comment holding `@` converted with `kifu convert -t kiseong`.",
    "The writer writes the replacement and reports this loss.",
    "Accept the replacement.",
);

/// `kiseong::restore-without-save` (error): a restore `&[9@` without a save before it.
pub const KISEONG_RESTORE_WITHOUT_SAVE: Code = Code::error(
    "kiseong::restore-without-save",
    "a restore `&[9@` without a save before it",
)
.explain(
    "A restore ends a diagram opened by `&[8@`; none is open, so the structure is uncertain.",
    "&[9@",
    "kifu keeps the command as written in the node's script, without effect.",
    "Remove it, or add the save.",
);

/// `kiseong::same-colour-twice` (warning): one colour plays twice in a row.
pub const KISEONG_SAME_COLOUR_TWICE: Code = Code::warning(
    "kiseong::same-colour-twice",
    "one colour plays twice in a row",
)
.explain(
    "Kiseong has no pass, so a pass shows as the other colour playing twice; this is usual in Kiseong records.",
    "&[2;4;4@&[2;5;5@",
    "kifu keeps both moves as played; nothing is lost.",
    "Nothing needed if a pass was meant; otherwise correct the colour.",
);

/// `kiseong::save-without-restore` (error): a save `&[8@` is never restored.
pub const KISEONG_SAVE_WITHOUT_RESTORE: Code = Code::error(
    "kiseong::save-without-restore",
    "a save `&[8@` is never restored",
)
.explain(
    "A diagram opened by `&[8@` ends with `&[9@`; this one is still open at the end, so what follows it is uncertain.",
    "&[8@&[2;7;7@",
    "kifu closes the diagram at the end of the file.",
    "Add `&[9@` where the diagram ends.",
);

/// `kiseong::setup-dropped` (loss): setup stones without a mark cannot be written in Kiseong.
pub const KISEONG_SETUP_DROPPED: Code = Code::loss(
    "kiseong::setup-dropped",
    "setup stones without a mark cannot be written in Kiseong",
)
.explain(
    "Kiseong places stones only as moves or as marked stones; the record has plain setup stones.",
    "An SGF record with AB[dd][pp] converted with `kifu convert -t kiseong`.",
    "The writer leaves them out and reports this loss.",
    "Keep the record in SGF.",
);

/// `kiseong::symbol-dropped` (loss): a symbol on an empty point cannot be written in Kiseong.
pub const KISEONG_SYMBOL_DROPPED: Code = Code::loss(
    "kiseong::symbol-dropped",
    "a symbol on an empty point cannot be written in Kiseong",
)
.explain(
    "Kiseong draws symbols on stones only; the record marks an empty point.",
    "An SGF record with TR[dd] on an empty point converted with `kifu convert -t kiseong`.",
    "The writer leaves the symbol out and reports this loss.",
    "Keep the record in SGF.",
);

/// `kiseong::unbalanced-variation` (error): `{{` and `}}` do not pair.
pub const KISEONG_UNBALANCED_VARIATION: Code = Code::error(
    "kiseong::unbalanced-variation",
    "`{{` and `}}` do not pair",
)
.explain(
    "A variation opens with `{{` and closes with `}}`; one of them stands alone, so the structure is uncertain.",
    "&[1w}}&[2w",
    "kifu ignores a lone `}}`, or closes a lone `{{` at the end of the file.",
    "Add the missing brace pair.",
);

/// `kiseong::unknown-control` (error): an unknown Kiseong control code.
pub const KISEONG_UNKNOWN_CONTROL: Code = Code::error(
    "kiseong::unknown-control",
    "an unknown Kiseong control code",
)
.explain(
    "Control commands `&[N…w` use codes 1-13 and 20-23; this one is another.",
    "&[30w",
    "kifu keeps the command as written in the node's script, without effect.",
    "Correct the code.",
);

/// `kiseong::unknown-placement` (error): an unknown Kiseong placement code.
pub const KISEONG_UNKNOWN_PLACEMENT: Code = Code::error(
    "kiseong::unknown-placement",
    "an unknown Kiseong placement code",
)
.explain(
    "Placement commands `&[N;…@` use codes 0-12; this one is another.",
    "&[14;3;3@",
    "kifu keeps the command as written in the node's script, without effect.",
    "Correct the code.",
);

/// `kiseong::unknown-version` (warning): a Kiseong version number not in the seed's table.
pub const KISEONG_UNKNOWN_VERSION: Code = Code::warning(
    "kiseong::unknown-version",
    "a Kiseong version number not in the seed's table",
)
.explain(
    "`&[23;Nw` gives the version of the program that wrote the file; this one is not in the table (1-10).",
    "&[23;99w",
    "kifu keeps the number; nothing is lost.",
    "Nothing needed.",
);

/// `kiseong::unterminated-name` (error): a Kiseong name is not closed, or closed without opening.
pub const KISEONG_UNTERMINATED_NAME: Code = Code::error(
    "kiseong::unterminated-name",
    "a Kiseong name is not closed, or closed without opening",
)
.explain(
    "A name starts with `&[4w`, then its text and `&[5w`, `&[6w` or `&[12w`; one half is missing, so the name is uncertain.",
    "&[4w홍길동",
    "kifu keeps the command as written in the node's script, without effect.",
    "Close the name, e.g. &[4w홍길동&[5w.",
);

/// `kiseong::variation-in-diagram` (error): a variation brace inside a save/restore diagram.
pub const KISEONG_VARIATION_IN_DIAGRAM: Code = Code::error(
    "kiseong::variation-in-diagram",
    "a variation brace inside a save/restore diagram",
)
.explain(
    "Diagrams hold stones and marks, not variations, so what the brace belongs to is uncertain.",
    "&[8@{{&[2;5;5@}}&[9@",
    "kifu ignores the brace.",
    "Move the variation out of the diagram.",
);

/// `omok::count-mismatch` (error): the .omok count byte disagrees with the moves that follow.
pub const OMOK_COUNT_MISMATCH: Code = Code::error(
    "omok::count-mismatch",
    "the .omok count byte disagrees with the moves that follow",
)
.explain(
    "An .omok log is a count byte and one byte per move; the count says more or fewer moves than follow, so the record may be cut short or carry garbage.",
    "The bytes 03 77 78 (a count of 3 and two moves)",
    "kifu reads the moves that are there, up to the count.",
    "Correct the count byte, or recover the missing moves.",
);

/// `omok::empty` (error): the .omok log is empty.
pub const OMOK_EMPTY: Code = Code::error("omok::empty", "the .omok log is empty").explain(
    "A log starts with a count byte; this file has no byte at all.",
    "An empty file named game.omok",
    "kifu reads an empty game.",
    "Check that the file is the log meant.",
);

/// `omok::off-board` (error): an .omok move off the 15×15 board.
pub const OMOK_OFF_BOARD: Code =
    Code::error("omok::off-board", "an .omok move off the 15×15 board").explain(
        "A move byte holds x and y of 0 to 14 (high and low half); this one holds a value beyond.",
        "The bytes 01 FF",
        "kifu reports the move and stops reading there.",
        "Correct the move byte.",
    );

/// `omok::point-played-twice` (error): an .omok move on a point already played.
pub const OMOK_POINT_PLAYED_TWICE: Code = Code::error(
    "omok::point-played-twice",
    "an .omok move on a point already played",
)
.explain(
    "Each point can be played once; this move plays a point again.",
    "The bytes 02 77 77",
    "kifu reports the move and stops reading there.",
    "Correct the move byte.",
);

/// `omok::rule-dropped` (loss): the gomoku rule cannot be written in .omok.
pub const OMOK_RULE_DROPPED: Code = Code::loss(
    "omok::rule-dropped",
    "the gomoku rule cannot be written in .omok",
)
.explain(
    "An .omok log is read under the seed rule; the record's rule is another and cannot be written.",
    "An SGF game with RU[renju] converted with `kifu convert -t omok`.",
    "The writer writes the moves and reports this loss.",
    "Convert to SGF to keep the rule.",
);

/// `omok::too-many-moves` (error): the .omok count byte is larger than the board holds.
pub const OMOK_TOO_MANY_MOVES: Code = Code::error(
    "omok::too-many-moves",
    "the .omok count byte is larger than the board holds",
)
.explain(
    "A 15×15 board holds at most 225 moves; the count byte says more.",
    "A file starting with the byte FF",
    "kifu reads the moves that follow.",
    "Correct the count byte.",
);

/// `record::empty` (warning): the file holds no record: it is empty or only blank lines.
pub const RECORD_EMPTY: Code = Code::warning(
    "record::empty",
    "the file holds no record: it is empty or only blank lines",
)
.explain(
    "A blank KIF, KI2, CSA or USI file reads as a record without a word; kifu says so, since such a file is usually a mistake.",
    "A file holding only line breaks, named game.kif",
    "kifu reads one empty game; nothing is lost.",
    "Check that the file is the one meant.",
);

/// `renju::after-end` (error): a gomoku move after the game was won.
pub const RENJU_AFTER_END: Code =
    Code::error("renju::after-end", "a gomoku move after the game was won").explain(
        "Five in a row (or a forbidden move under renju) ends the game; moves follow it.",
        "A freestyle game where black made five at move 9 and move 10 follows",
        "kifu keeps the moves; validation reports the first one after the end.",
        "Remove the moves after the end, or check the rule the game was played under.",
    );

/// `renju::double-four` (error): black made a double-four, forbidden under the rule in force.
pub const RENJU_DOUBLE_FOUR: Code = Code::error(
    "renju::double-four",
    "black made a double-four, forbidden under the rule in force",
)
.explain(
    "Under renju black may not make two fours with one stone (4-4).",
    "A renju game where black's move makes two fours at once",
    "kifu keeps the move; validation reports it (the move loses under renju).",
    "Check the rule (RU) the game was played under, and the move.",
);

/// `renju::double-three` (error): black made a double-three, forbidden under the rule in force.
pub const RENJU_DOUBLE_THREE: Code = Code::error(
    "renju::double-three",
    "black made a double-three, forbidden under the rule in force",
)
.explain(
    "Under renju black may not make two open threes with one stone (3-3).",
    "A renju game where black's move makes two open threes at once",
    "kifu keeps the move; validation reports it (the move loses under renju).",
    "Check the rule (RU) the game was played under, and the move.",
);

/// `renju::not-alternating` (error): a gomoku move by the side not to move.
pub const RENJU_NOT_ALTERNATING: Code = Code::error(
    "renju::not-alternating",
    "a gomoku move by the side not to move",
)
.explain(
    "Black and white alternate; this move is made by the side whose turn it is not.",
    "(;GM[4]SZ[15];B[hh];B[hi])",
    "kifu keeps the move; validation reports it.",
    "Correct the colour, or add the missing move.",
);

/// `renju::occupied` (error): a gomoku move on a point that already holds a stone.
pub const RENJU_OCCUPIED: Code = Code::error(
    "renju::occupied",
    "a gomoku move on a point that already holds a stone",
)
.explain(
    "A stone may be played only on an empty point.",
    "(;GM[4]SZ[15];B[hh];W[hh])",
    "kifu keeps the move; validation reports it.",
    "Correct the point.",
);

/// `renju::off-board` (error): a gomoku move off the board.
pub const RENJU_OFF_BOARD: Code = Code::error("renju::off-board", "a gomoku move off the board")
    .explain(
        "The point lies outside the board.",
        "A kifu JSON model of a 15×15 gomoku game with a stone at (16, 16) (the SGF reader reports such a point as sgf::bad-point)",
        "kifu keeps the node; validation reports it.",
        "Correct the point or the board size.",
    );

/// `renju::off-centre` (error): the first move of a renju game is not on the centre.
pub const RENJU_OFF_CENTRE: Code = Code::error(
    "renju::off-centre",
    "the first move of a renju game is not on the centre",
)
.explain(
    "Under renju (and the rules derived from it) black's first stone is on the centre point.",
    "(;GM[4]SZ[15]RU[renju];B[aa])",
    "kifu keeps the move; validation reports it.",
    "Correct the move, or the rule.",
);

/// `renju::overline` (error): black made an overline, forbidden under the rule in force.
pub const RENJU_OVERLINE: Code = Code::error(
    "renju::overline",
    "black made an overline, forbidden under the rule in force",
)
.explain(
    "Under renju black may not make six or more in a row (장목).",
    "A renju game where black's move makes six in a row",
    "kifu keeps the move; validation reports it (the move loses under renju).",
    "Check the rule (RU) the game was played under, and the move.",
);

/// `renju::undecided` (info): the search for real threes reached its limit; some points were taken as allowed.
pub const RENJU_UNDECIDED: Code = Code::info(
    "renju::undecided",
    "the search for real threes reached its limit; some points were taken as allowed",
)
.explain(
    "Deciding whether a three is real needs a search that can grow deep in crowded positions; kifu's search stopped at its limit here. This says nothing against the record.",
    "A renju position with many nested threes around black's move",
    "kifu takes the undecided points as allowed, so a forbidden double-three may go unreported.",
    "Nothing needed; check the move by hand if it matters.",
);

/// `renju::unknown-rule` (info): the gomoku rule is not known; the game was checked as freestyle.
pub const RENJU_UNKNOWN_RULE: Code = Code::info(
    "renju::unknown-rule",
    "the gomoku rule is not known; the game was checked as freestyle",
)
.explain(
    "The record names a rule (RU or --rule) kifu does not know.",
    "(;GM[4]SZ[15]RU[swap2-pro])",
    "kifu checks the game as freestyle (five or more wins, nothing forbidden) and keeps the rule's name.",
    "Give a known rule with --rule (see `kifu validate --help`), if one fits.",
);

/// `sgf::annotation-without-move` (warning): a move annotation (BM, TE, DO, IT) in a node without a move.
pub const SGF_ANNOTATION_WITHOUT_MOVE: Code = Code::warning(
    "sgf::annotation-without-move",
    "a move annotation (BM, TE, DO, IT) in a node without a move",
)
.explain(
    "BM, TE, DO and IT judge the move of their node; this node has no move, so there is nothing for them to judge.",
    "(;GM[1]SZ[19];B[pd];TE[1]C[a good idea])",
    "kifu keeps the annotation on the node as written; nothing is lost.",
    "Move the annotation to the node of the move it is about, or use a position annotation (GB, GW, DM, UC) instead.",
);

/// `sgf::bad-board-size` (error): SZ is not a usable board size.
pub const SGF_BAD_BOARD_SIZE: Code = Code::error(
    "sgf::bad-board-size",
    "SZ is not a usable board size",
)
.explain(
    "SZ gives the board's width (and height, as SZ[w:h]) from 1 to 52; this value is below 1, above 52 or not a number, so the size of the board is uncertain.",
    "(;GM[1]SZ[nineteen];B[pd])",
    "kifu uses 19 (or 52 when the size is too large) and reads the points against that board; points off it are reported as well.",
    "Write the real size, e.g. SZ[19] or SZ[9:13].",
);

/// `sgf::bad-point` (error): a value is not a point of the board.
pub const SGF_BAD_POINT: Code = Code::error(
    "sgf::bad-point",
    "a value is not a point of the board",
)
.explain(
    "A point is two letters a-z, A-Z giving column and row; this value has the wrong form or lies off the board.",
    "(;GM[1]SZ[9];B[zz])",
    "A move on it is dropped from the record; markup or setup values (TR[zz], AB[zz]) are kept as a private property and written back by SGF.",
    "Write the point as two letters inside the board (for SZ[9], a to i).",
);

/// `sgf::bad-value` (error): a property value is not of the property's type.
pub const SGF_BAD_VALUE: Code = Code::error(
    "sgf::bad-value",
    "a property value is not of the property's type",
)
.explain(
    "The value does not have the type the property takes (a number, a real, a time, a colour, …), so its meaning is uncertain.",
    "(;GM[1]SZ[19]KM[six and a half])",
    "kifu keeps the text as a private property that has no effect (for GM, reads GM[1]).",
    "Write the value in its type, e.g. KM[6.5].",
);

/// `sgf::bad-variation-start` (error): a `(` stands where a node must come.
pub const SGF_BAD_VARIATION_START: Code = Code::error(
    "sgf::bad-variation-start",
    "a `(` stands where a node must come",
)
.explain(
    "A game tree or variation opens with `(` followed by a node `;`; here another `(` follows at once, so where the variation starts is uncertain.",
    "(;GM[1]SZ[19]((;B[pd]))",
    "kifu ignores the extra `(`.",
    "Start every variation with a node: `(;B[pd])`.",
);

/// `sgf::contradicting-annotation` (error): a node has two annotations that contradict each other.
pub const SGF_CONTRADICTING_ANNOTATION: Code = Code::error(
    "sgf::contradicting-annotation",
    "a node has two annotations that contradict each other",
)
.explain(
    "A node may hold one position annotation (GB, GW, DM, UC) and one move annotation (BM, TE, DO, IT); this node has a second one that says something else, so which one holds is uncertain.",
    "(;GM[1]SZ[19];B[pd]BM[1]TE[1])",
    "kifu keeps the first annotation and deletes the later one.",
    "Keep the one annotation meant and delete the other.",
);

/// `sgf::date-normalized` (warning): DT was not ISO and was rewritten as an ISO date.
pub const SGF_DATE_NORMALIZED: Code = Code::warning(
    "sgf::date-normalized",
    "DT was not ISO and was rewritten as an ISO date",
)
.explain(
    "FF[4] writes dates as YYYY-MM-DD (with its shortenings); this date was in another common form kifu can read without doubt.",
    "(;GM[1]FF[4]DT[1996.05.06])",
    "kifu reads the date as DT[1996-05-06] and writes it so; nothing is lost.",
    "Write the date as YYYY-MM-DD.",
);

/// `sgf::default-charset` (info): a game without CA in a file whose games declare different charsets is read as ISO-8859-1.
pub const SGF_DEFAULT_CHARSET: Code = Code::info(
    "sgf::default-charset",
    "a game without CA in a file whose games declare different charsets is read as ISO-8859-1",
)
.explain(
    "The games of this file declare different charsets (CA), and this one declares none; FF[4] says a game without CA is ISO-8859-1.",
    "A file of two games, the first with CA[UTF-8], the second with CA[Big5], and a third with no CA.",
    "kifu decodes the game without CA as ISO-8859-1, as FF[4] says.",
    "Give every game a CA property, or convert the file to one charset (`kifu reencode`).",
);

/// `sgf::duplicate-markup` (warning): markup on a point that is already marked in the same node.
pub const SGF_DUPLICATE_MARKUP: Code = Code::warning(
    "sgf::duplicate-markup",
    "markup on a point that is already marked in the same node",
)
.explain(
    "Markup properties (CR, MA, SQ, TR, SL, LB) may mark each point once per node; this node marks one point more than once.",
    "(;GM[1]SZ[19]CR[dd]TR[dd])",
    "kifu keeps every mark as written; nothing is lost.",
    "Remove the marks not meant, so that each point has one.",
);

/// `sgf::duplicate-property` (error): a property appears twice in one node and the second is deleted.
pub const SGF_DUPLICATE_PROPERTY: Code = Code::error(
    "sgf::duplicate-property",
    "a property appears twice in one node and the second is deleted",
)
.explain(
    "A property may appear once per node; this node has it twice (or two moves of one colour), and the two values may differ, so which one is meant is uncertain.",
    "(;GM[1]SZ[19]KM[6.5]KM[7.5])",
    "kifu keeps the first and deletes the second.",
    "Keep one of them.",
);

/// `sgf::duplicate-property-merged` (warning): a list property appears twice in one node and its values are merged.
pub const SGF_DUPLICATE_PROPERTY_MERGED: Code = Code::warning(
    "sgf::duplicate-property-merged",
    "a list property appears twice in one node and its values are merged",
)
.explain(
    "A property may appear once per node; this one is a list (AB, AW, CR, …) or a text (C, GC) whose values can be joined without doubt.",
    "(;GM[1]SZ[19]AB[dd]AB[pp])",
    "kifu merges the values into one property (AB[dd][pp]); nothing is lost.",
    "Write the values in one property.",
);

/// `sgf::empty-double` (warning): a Double property (GB, GW, DM, UC, BM, TE, HO) has an empty value.
pub const SGF_EMPTY_DOUBLE: Code = Code::warning(
    "sgf::empty-double",
    "a Double property (GB, GW, DM, UC, BM, TE, HO) has an empty value",
)
.explain(
    "A Double value is 1 (normal) or 2 (emphasised); this one is empty, which older programs write for the normal degree.",
    "(;GM[1]SZ[19];B[pd]TE[])",
    "kifu reads it as [1]; nothing is lost.",
    "Write TE[1] (or TE[2]).",
);

/// `sgf::empty-value` (error): a point property has an empty value.
pub const SGF_EMPTY_VALUE: Code =
    Code::error("sgf::empty-value", "a point property has an empty value").explain(
        "The property takes points, and its value is empty.",
        "(;GM[1]SZ[19]AB[])",
        "kifu deletes the property.",
        "Write the points meant, or remove the property.",
    );

/// `sgf::empty-variation` (warning): an empty variation `()`.
pub const SGF_EMPTY_VARIATION: Code =
    Code::warning("sgf::empty-variation", "an empty variation `()`").explain(
        "A variation holds at least one node; `()` holds none, so it says nothing.",
        "(;GM[1]SZ[19];B[pd]()(;W[dd]))",
        "kifu ignores it; nothing is lost.",
        "Delete the `()`.",
    );

/// `sgf::expected-compose` (error): a value that must be a pair `a:b` is not.
pub const SGF_EXPECTED_COMPOSE: Code = Code::error(
    "sgf::expected-compose",
    "a value that must be a pair `a:b` is not",
)
.explain(
    "LB takes `point:text`, AR and LN take `point:point`; this value has no `:` or a bad part.",
    "(;GM[1]SZ[19]LB[dd])",
    "kifu keeps the value as a private property, which SGF writes back (a reported loss if the node has readable values of that property too).",
    "Write the pair, e.g. LB[dd:A] or AR[aa:cc].",
);

/// `sgf::ff4-pass-in-old-format` (warning): an empty move `[]` (the FF\[4\] pass) in an FF\[1\]-FF\[3\] file.
pub const SGF_FF4_PASS_IN_OLD_FORMAT: Code = Code::warning(
    "sgf::ff4-pass-in-old-format",
    "an empty move `[]` (the FF[4] pass) in an FF[1]-FF[3] file",
)
.explain(
    "FF[4] writes a pass as B[] or W[]; this file declares an older FF, where the pass was [tt]. Many programs wrote [] in older files all the same.",
    "(;FF[3]GM[1]SZ[19];B[pd];W[])",
    "kifu reads the move as a pass; nothing is lost.",
    "Declare FF[4], or write the pass as [tt] on boards up to 19×19.",
);

/// `sgf::foreign-move` (loss): a move of another game cannot be written in SGF.
pub const SGF_FOREIGN_MOVE: Code = Code::loss(
    "sgf::foreign-move",
    "a move of another game cannot be written in SGF",
)
.explain(
    "SGF writes Go and gomoku moves; this node holds a move of another game (a shogi move).",
    "A shogi record converted with `kifu convert -t sgf`.",
    "The SGF writer leaves the move out and reports this loss.",
    "Write shogi records in a shogi format (KIF, KI2, CSA, JKF, USI).",
);

/// `sgf::game-info-moved` (info): a game-info property below the root was moved to the game information.
pub const SGF_GAME_INFO_MOVED: Code = Code::info(
    "sgf::game-info-moved",
    "a game-info property below the root, before any variation, was moved to the game information",
)
.explain(
    "Game-info properties (PB, PW, RE, DT, …) may stand in any node, once per line of play; in a node before the first branch they hold for the whole game.",
    "(;GM[1]SZ[19];B[pd]PB[Honinbo Shusaku])",
    "kifu stores the value in the game information, written in the root.",
    "Nothing needed; put game information in the root node to keep it where it is written.",
);

/// `sgf::game-info-outside-root` (warning): a second value of a game-info property below the root, kept as written.
pub const SGF_GAME_INFO_OUTSIDE_ROOT: Code = Code::warning(
    "sgf::game-info-outside-root",
    "a second value of a game-info property below the root, kept as written",
)
.explain(
    "SGF allows one game-info node per line of play; this line already has the property (in the root, or in an earlier game-info node of the line).",
    "(;GM[1]SZ[19]PB[Shusaku];B[pd]PB[Dosaku])",
    "kifu keeps the first value as the game information and the later one where it stands, as a private property that is written back unchanged; nothing is lost from the file.",
    "Keep one value per line of play; for several games in one tree, give each variation its own game-info node (sgf::variation-game-info).",
);

/// `sgf::handicap-mismatch` (error): HA disagrees with the number of black stones in the root.
pub const SGF_HANDICAP_MISMATCH: Code = Code::error(
    "sgf::handicap-mismatch",
    "HA disagrees with the number of black stones in the root",
)
.explain(
    "HA gives the number of handicap stones and the root places them with AB; here the counts differ, so which handicap was played is uncertain.",
    "(;GM[1]SZ[19]HA[3]AB[dd][pp];W[dp])",
    "kifu keeps both as written: the position has the stones of AB, the game information the handicap of HA.",
    "Make HA and the AB stones agree.",
);

/// `sgf::handicap-without-stones` (warning): HA is given but the root places no black stones.
pub const SGF_HANDICAP_WITHOUT_STONES: Code = Code::warning(
    "sgf::handicap-without-stones",
    "HA is given but the root places no black stones",
)
.explain(
    "HA only records the handicap; the stones must be placed with AB. Old files often give HA alone and leave the stones to the reading program.",
    "(;GM[1]SZ[19]HA[2];W[dp])",
    "kifu keeps HA and places no stones, as SGF says.",
    "Add the stones with AB in the root, e.g. HA[2]AB[dp][pd].",
);

/// `sgf::identifier-too-long` (error): a property identifier of more than 100 letters.
pub const SGF_IDENTIFIER_TOO_LONG: Code = Code::error(
    "sgf::identifier-too-long",
    "a property identifier of more than 100 letters",
)
.explain(
    "Such an identifier is not a property any program knows; it is most likely damaged text.",
    "(;GM[1]SZ[19]AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA[x])",
    "kifu deletes the property.",
    "Remove or repair the property.",
);

/// `sgf::illegal-characters` (error): characters that are not SGF syntax between properties or nodes.
pub const SGF_ILLEGAL_CHARACTERS: Code = Code::error(
    "sgf::illegal-characters",
    "characters that are not SGF syntax between properties or nodes",
)
.explain(
    "Between nodes and properties SGF allows only `(`, `)`, `;`, identifiers, values and white space; these characters are none of them, so what they were meant to be is uncertain.",
    "(;GM[1]SZ[19];B[pd]#;W[dd])",
    "kifu skips the characters.",
    "Remove them, or put text in a comment C[…].",
);

/// `sgf::japanese-time` (warning): TM in the Japanese style was read as seconds.
pub const SGF_JAPANESE_TIME: Code = Code::warning(
    "sgf::japanese-time",
    "TM in the Japanese style was read as seconds",
)
.explain(
    "TM is the time limit in seconds; some Japanese programs write it as text like `1時間`.",
    "(;GM[1]SZ[19]TM[1時間])",
    "kifu reads TM[3600]; nothing is lost.",
    "Write TM in seconds.",
);

/// `sgf::kept-value-dropped` (loss): a kept foreign property was dropped because the node already has it.
pub const SGF_KEPT_VALUE_DROPPED: Code = Code::loss(
    "sgf::kept-value-dropped",
    "a kept foreign property was dropped because the node already has it",
)
.explain(
    "A property kept from the input (private or unknown) could not be written: the node already has a property of that name, or it has no values.",
    "A node with a kept `XX[a]` that also gets `XX` from the model, converted with `kifu convert -t sgf`.",
    "The SGF writer leaves the kept values out and reports this loss.",
    "Rename one of the properties in the input.",
);

/// `sgf::long-identifier` (warning): a property identifier of more than two letters.
pub const SGF_LONG_IDENTIFIER: Code = Code::warning(
    "sgf::long-identifier",
    "a property identifier of more than two letters",
)
.explain(
    "Every standard SGF property has one or two letters; longer ones are private properties (FF[4] allows them), or FF[3] identifiers.",
    "(;GM[1]SZ[19]APP[CGoban])",
    "kifu keeps it as a private property and writes it back; nothing is lost.",
    "Nothing needed; use the standard property if one exists (AP for APP).",
);

/// `sgf::lowercase-identifier` (warning): lowercase letters in a property identifier of an FF\[4\] file.
pub const SGF_LOWERCASE_IDENTIFIER: Code = Code::warning(
    "sgf::lowercase-identifier",
    "lowercase letters in a property identifier of an FF[4] file",
)
.explain(
    "FF[1]-FF[3] let identifiers carry lowercase letters, which readers skip (`AddBlack` is AB); FF[4] forbids them but readers still meet them.",
    "(;FF[4]GM[1]SZ[19]AddBlack[dd])",
    "kifu reads the uppercase letters (AB); nothing is lost.",
    "Write the identifier in uppercase letters only.",
);

/// `sgf::missing-close` (error): the text ends inside a game tree: a `)` is missing.
pub const SGF_MISSING_CLOSE: Code = Code::error(
    "sgf::missing-close",
    "the text ends inside a game tree: a `)` is missing",
)
.explain(
    "Every `(` must be closed by `)`; the file ends before the game tree (or a variation in it) is closed, so the record may have been cut short.",
    "(;GM[1]SZ[19];B[pd];W[dd]",
    "kifu closes what is open at the end of the text and keeps every node read.",
    "Add the missing `)`; check that the file was not truncated.",
);

/// `sgf::missing-semicolon` (warning): a node starts without `;`.
pub const SGF_MISSING_SEMICOLON: Code = Code::warning(
    "sgf::missing-semicolon",
    "a node starts without `;`",
)
.explain(
    "Every node begins with `;`; here properties follow `(` (or a game tree starts) without it. The `;` is plainly meant.",
    "(GM[1]SZ[19];B[pd])",
    "kifu reads the node as if the `;` were there; nothing is lost.",
    "Add the `;`.",
);

/// `sgf::mixed-charsets` (warning): the games of one file declare different charsets.
pub const SGF_MIXED_CHARSETS: Code = Code::warning(
    "sgf::mixed-charsets",
    "the games of one file declare different charsets",
)
.explain(
    "Each game of a collection declares its own CA; these differ, and many programs read such files with one charset and garble some games.",
    "A file holding (;CA[UTF-8]…)(;CA[Shift_JIS]…).",
    "kifu decodes each game with its own charset; nothing is lost.",
    "Convert the file to one charset (`kifu reencode`), or split it into one file per game.",
);

/// `sgf::mixed-file-formats` (warning): the games of one file declare different FF versions.
pub const SGF_MIXED_FILE_FORMATS: Code = Code::warning(
    "sgf::mixed-file-formats",
    "the games of one file declare different FF versions",
)
.explain(
    "Each game of a collection declares its FF; these differ, which some programs do not expect.",
    "(;FF[3]GM[1]…)(;FF[4]GM[1]…)",
    "kifu reads each game by its own FF; nothing is lost.",
    "Write all the games in one FF (kifu writes FF[4]).",
);

/// `sgf::move-in-root` (warning): a move in the root node.
pub const SGF_MOVE_IN_ROOT: Code = Code::warning(
    "sgf::move-in-root",
    "a move in the root node",
)
.explain(
    "The root node usually holds the game information and the setup, and the first move comes in the next node; FF[4] tolerates a move in the root.",
    "(;GM[1]SZ[19]B[pd];W[dd])",
    "kifu keeps the move in the root; nothing is lost.",
    "Start the moves in a node after the root: (;GM[1]SZ[19];B[pd];W[dd]).",
);

/// `sgf::move-with-setup` (error): a move and setup stones in one node.
pub const SGF_MOVE_WITH_SETUP: Code = Code::error(
    "sgf::move-with-setup",
    "a move and setup stones in one node",
)
.explain(
    "SGF forbids a move (B, W) and setup (AB, AW, AE) in one node, since the order in which they apply is not said.",
    "(;GM[1]SZ[19];AB[dd]B[pd])",
    "kifu splits the node in two: first the setup, then the move.",
    "Put the setup and the move in two nodes, in the order meant.",
);

/// `sgf::nihon-kiin-dialect` (info): a Nihon Kiin root property was read.
pub const SGF_NIHON_KIIN_DIALECT: Code = Code::info(
    "sgf::nihon-kiin-dialect",
    "a Nihon Kiin root property was read",
)
.explain(
    "Files from the Nihon Kiin use some root properties in their own way: TE as the title, RD as the date, KO as the komi.",
    "(;GM[1]SZ[19]TE[Honinbo title, game 1]RD[2001-05-10])",
    "kifu reads the property into the game information, as the message says.",
    "Nothing needed.",
);

/// `sgf::no-game` (error): no SGF game tree was found.
pub const SGF_NO_GAME: Code = Code::error(
    "sgf::no-game",
    "no SGF game tree was found",
)
.explain(
    "An SGF file holds at least one game tree `(;…)`; this input has none, so it is probably not SGF.",
    "GM[1]SZ[19]",
    "kifu reads no game from the input.",
    "Check that the input is SGF (or give the right format with -f); wrap the nodes in `(;…)`.",
);

/// `sgf::no-uppercase-identifier` (error): a property identifier without an uppercase letter.
pub const SGF_NO_UPPERCASE_IDENTIFIER: Code = Code::error(
    "sgf::no-uppercase-identifier",
    "a property identifier without an uppercase letter",
)
.explain(
    "A property identifier is made of uppercase letters (old files may add lowercase ones); this one has no uppercase letter at all, so it names no property.",
    "(;GM[1]SZ[19]add[dd])",
    "kifu deletes the property.",
    "Write the identifier meant in uppercase letters (AB).",
);

/// `sgf::node-outside-variation` (error): a node follows the end of a variation; a `(` is missing.
pub const SGF_NODE_OUTSIDE_VARIATION: Code = Code::error(
    "sgf::node-outside-variation",
    "a node follows the end of a variation; a `(` is missing",
)
.explain(
    "After a variation closes with `)`, only another variation `(` or the end `)` may follow; this node stands outside any variation, so where its variation was meant to start is uncertain.",
    "(;GM[1]SZ[19](;B[pd])(;B[dd]);W[pp])",
    "kifu assumes a `(` before the node.",
    "Put the node inside the variation it belongs to.",
);

/// `sgf::non-iso-date` (warning): DT is not an FF\[4\] date and was kept as written.
pub const SGF_NON_ISO_DATE: Code = Code::warning(
    "sgf::non-iso-date",
    "DT is not an FF[4] date and was kept as written",
)
.explain(
    "FF[4] writes dates as YYYY-MM-DD; this DT is in a form kifu cannot turn into one without guessing (FF[3] allowed free text here).",
    "(;GM[1]FF[4]DT[Spring 1846])",
    "kifu keeps the date text as written; nothing is lost.",
    "Write the date as YYYY-MM-DD (YYYY or YYYY-MM when the day is unknown).",
);

/// `sgf::nonstandard-result` (warning): RE is not in the standard form.
pub const SGF_NONSTANDARD_RESULT: Code = Code::warning(
    "sgf::nonstandard-result",
    "RE is not in the standard form",
)
.explain(
    "RE is B+…, W+…, 0 (draw), Void or ?; this one is in another form (e.g. a spelled-out result).",
    "(;GM[1]SZ[19]RE[Black wins by 2.5])",
    "kifu keeps the text as written and reads what it can of it; nothing is lost.",
    "Write RE[B+2.5] and put the rest in a comment.",
);

/// `sgf::nul-byte` (warning): a NUL character in the text.
pub const SGF_NUL_BYTE: Code = Code::warning("sgf::nul-byte", "a NUL character in the text")
    .explain(
        "A NUL byte has no place in an SGF text; it is usually padding or a sign of a binary file.",
        "An SGF file with a NUL byte (shown here as <NUL>) in a comment: (;GM[1]SZ[19]C[a<NUL>b])",
        "kifu reads a NUL in a value as a space and skips one outside values.",
        "Remove the NUL bytes; check that the file is really SGF.",
    );

/// `sgf::nul-character` (loss): a NUL character in a text was written as a space.
pub const SGF_NUL_CHARACTER: Code = Code::loss(
    "sgf::nul-character",
    "a NUL character in a text was written as a space",
)
.explain(
    "A text of the record holds a NUL character, which SGF cannot hold.",
    "A record whose comment holds U+0000, converted with `kifu convert -t sgf`.",
    "The SGF writer writes a space for it and reports this loss.",
    "Remove the NUL character from the text.",
);

/// `sgf::obsolete-property` (warning): an obsolete property was read as its replacement.
pub const SGF_OBSOLETE_PROPERTY: Code = Code::warning(
    "sgf::obsolete-property",
    "an obsolete property was read as its replacement",
)
.explain(
    "FF[3] and older wrote komi as KI (twice the komi, an integer); FF[4] uses KM.",
    "(;GM[1]SZ[19]KI[11])",
    "kifu reads KI[11] as KM[5.5]; nothing is lost.",
    "Write KM instead.",
);

/// `sgf::old-identifier` (warning): an old-style identifier with lowercase letters was read.
pub const SGF_OLD_IDENTIFIER: Code = Code::warning(
    "sgf::old-identifier",
    "an old-style identifier with lowercase letters was read",
)
.explain(
    "FF[1]-FF[3] let identifiers carry lowercase letters that readers skip (`AddBlack` is AB); the specification still asks readers to accept them.",
    "(;FF[3]GM[1]SZ[19]AddBlack[dd])",
    "kifu reads the uppercase letters (AB); nothing is lost.",
    "Write identifiers in uppercase letters only.",
);

/// `sgf::old-property` (warning): an FF\[3\] property was read as its FF\[4\] replacement.
pub const SGF_OLD_PROPERTY: Code = Code::warning(
    "sgf::old-property",
    "an FF[3] property was read as its FF[4] replacement",
)
.explain(
    "FF[3]'s M (mark) and L (letters) became MA and LB in FF[4].",
    "(;FF[3]GM[1]SZ[19]M[dd]L[pp])",
    "kifu reads M as MA and L as LB with the letters a, b, c …; nothing is lost.",
    "Write MA and LB.",
);

/// `sgf::property-without-value` (error): a property identifier without a value.
pub const SGF_PROPERTY_WITHOUT_VALUE: Code = Code::error(
    "sgf::property-without-value",
    "a property identifier without a value",
)
.explain(
    "Every property has at least one value `[…]`; this identifier has none, so what it meant is uncertain.",
    "(;GM[1]SZ[19]KM;B[pd])",
    "kifu ignores the identifier.",
    "Give the property its value, e.g. KM[6.5], or remove it.",
);

/// `sgf::root-property-outside-root` (error): a root property below the root node.
pub const SGF_ROOT_PROPERTY_OUTSIDE_ROOT: Code = Code::error(
    "sgf::root-property-outside-root",
    "a root property below the root node",
)
.explain(
    "Root properties (GM, FF, SZ, CA, AP, ST) describe the whole game and stand in the root only; below it they have no effect, so what the file meant is uncertain.",
    "(;GM[1];SZ[9];B[ee])",
    "kifu keeps the property where it stands as a private property, without effect.",
    "Move the property to the root node.",
);

/// `sgf::spaces-in-point` (warning): spaces inside a point value were removed.
pub const SGF_SPACES_IN_POINT: Code = Code::warning(
    "sgf::spaces-in-point",
    "spaces inside a point value were removed",
)
.explain(
    "A point is two letters with nothing between or around them; this value has spaces, which some programs add.",
    "(;GM[1]SZ[19];B[p d])",
    "kifu removes the spaces and reads the point (B[pd]); nothing is lost.",
    "Write the point without spaces.",
);

/// `sgf::square-as-rectangle` (warning): SZ names a square board as a rectangle.
pub const SGF_SQUARE_AS_RECTANGLE: Code = Code::warning(
    "sgf::square-as-rectangle",
    "SZ names a square board as a rectangle",
)
.explain(
    "SZ[19:19] is allowed, but FF[4] asks for SZ[19] when the board is square.",
    "(;GM[1]SZ[19:19])",
    "kifu reads SZ[19]; nothing is lost.",
    "Write SZ[19].",
);

/// `sgf::text-outside-game` (warning): text outside a game tree was ignored.
pub const SGF_TEXT_OUTSIDE_GAME: Code = Code::warning(
    "sgf::text-outside-game",
    "text outside a game tree was ignored",
)
.explain(
    "SGF readers skip anything outside `(;…)`; mail headers and notes around a game are common.",
    "Game of the week:\n(;GM[1]SZ[19];B[pd])",
    "kifu ignores the text.",
    "Nothing needed; put notes in a comment C[…] to keep them.",
);

/// `sgf::time-without-move` (loss): time or periods left in a node without a move cannot be written in SGF.
pub const SGF_TIME_WITHOUT_MOVE: Code = Code::loss(
    "sgf::time-without-move",
    "time or periods left in a node without a move cannot be written in SGF",
)
.explain(
    "SGF writes the time left as BL/WL (and periods as OB/OW) for the colour that moved; this node has no move, so no colour.",
    "A record whose root holds the time left, converted with `kifu convert -t sgf`.",
    "The SGF writer leaves the value out and reports this loss.",
    "Accept the loss, or keep the time in a node with a move.",
);

/// `sgf::too-many-values` (error): a property that takes one value has several.
pub const SGF_TOO_MANY_VALUES: Code = Code::error(
    "sgf::too-many-values",
    "a property that takes one value has several",
)
.explain(
    "The property takes one value; the others have no place, so which value is meant is uncertain.",
    "(;GM[1]SZ[19]KM[6.5][7.5])",
    "kifu keeps the first value and deletes the others.",
    "Keep one value.",
);

/// `sgf::tt-pass` (warning): \[tt\] was read as a pass.
pub const SGF_TT_PASS: Code = Code::warning(
    "sgf::tt-pass",
    "[tt] was read as a pass",
)
.explain(
    "FF[3] wrote a pass as [tt]; FF[4] writes [] but still lets [tt] mean a pass on boards up to 19×19.",
    "(;GM[1]SZ[19];B[pd];W[tt])",
    "kifu reads a pass and writes it as W[]; nothing is lost.",
    "Write the pass as B[] or W[].",
);

/// `sgf::two-moves` (error): a black and a white move in one node.
pub const SGF_TWO_MOVES: Code = Code::error(
    "sgf::two-moves",
    "a black and a white move in one node",
)
.explain(
    "A node holds at most one move; this one holds B and W, and SGF does not say which came first.",
    "(;GM[1]SZ[19];B[pd]W[dd])",
    "kifu splits the node into two nodes, black's move first.",
    "Put each move in a node of its own, in the order played.",
);

/// `sgf::unclosed-value` (error): a value is not closed by `]`.
pub const SGF_UNCLOSED_VALUE: Code = Code::error(
    "sgf::unclosed-value",
    "a value is not closed by `]`",
)
.explain(
    "A value opened by `[` runs to the end of the text without its `]`; the rest of the file is swallowed by it.",
    "(;GM[1]SZ[19];C[a comment that never ends",
    "kifu deletes the value (everything from the `[` to the end of the text).",
    "Add the `]` (and escape any `]` inside a text as `\\]`).",
);

/// `sgf::unknown-file-format` (error): FF names an unknown file format.
pub const SGF_UNKNOWN_FILE_FORMAT: Code = Code::error(
    "sgf::unknown-file-format",
    "FF names an unknown file format",
)
.explain(
    "FF is 1, 2, 3 or 4; this value is another, so how to read the file is uncertain.",
    "(;FF[5]GM[1]SZ[19])",
    "kifu reads the game as FF[4].",
    "Write the FF the file follows (FF[4] for current files).",
);

/// `sgf::unknown-property` (info): an unknown property was kept as a private property.
pub const SGF_UNKNOWN_PROPERTY: Code = Code::info(
    "sgf::unknown-property",
    "an unknown property was kept as a private property",
)
.explain(
    "The property is not one of the SGF properties of the game; FF[4] allows private properties, which programs keep without understanding them.",
    "(;GM[1]SZ[19]XY[data])",
    "kifu keeps it and writes it back unchanged.",
    "Nothing needed.",
);

/// `sgf::unsupported-game` (error): GM names a game kifu does not read.
pub const SGF_UNSUPPORTED_GAME: Code = Code::error(
    "sgf::unsupported-game",
    "GM names a game kifu does not read",
)
.explain(
    "kifu reads SGF Go (GM[1]) and gomoku (GM[4]); this game is another (e.g. GM[2] Othello).",
    "(;GM[2]SZ[8];B[dc])",
    "kifu skips the game.",
    "Use a program for that game; correct GM if it is wrong.",
);

/// `sgf::value-without-identifier` (error): values without a property identifier.
pub const SGF_VALUE_WITHOUT_IDENTIFIER: Code = Code::error(
    "sgf::value-without-identifier",
    "values without a property identifier",
)
.explain(
    "Values `[…]` follow a property identifier; these follow none (or a value list was split), so which property they belong to is uncertain.",
    "(;GM[1]SZ[19];[pd])",
    "kifu deletes the values.",
    "Put the identifier before the values, e.g. B[pd].",
);

/// `shogi::capture-mismatch` (error): the captured piece a record names is not the one on the square.
pub const SHOGI_CAPTURE_MISMATCH: Code = Code::error(
    "shogi::capture-mismatch",
    "the captured piece a record names is not the one on the square",
)
.explain(
    "The record (CSA, JKF) says which piece the move captured; another piece (or none) stands on the destination, so the record and its moves disagree.",
    "A JKF move {\"to\": …, \"capture\": \"HI\"} onto a square holding a pawn",
    "kifu keeps the move as played on the board; validation reports it.",
    "Correct the move or the captured piece.",
);

/// `shogi::dead-piece` (error): a piece left where it can never move again.
pub const SHOGI_DEAD_PIECE: Code = Code::error(
    "shogi::dead-piece",
    "a piece left where it can never move again",
)
.explain(
    "A pawn or lance on the last rank, or a knight on the last two, can never move: it must promote, and may not be dropped there (行き所のない駒).",
    "A lance dropped on 1一, the last rank for black: `１一香打`",
    "kifu keeps the move; validation reports it as illegal.",
    "Correct the move (promote the piece, or drop it elsewhere).",
);

/// `shogi::double-pawn` (error): a pawn dropped on a file that holds the mover's pawn (二歩).
pub const SHOGI_DOUBLE_PAWN: Code = Code::error(
    "shogi::double-pawn",
    "a pawn dropped on a file that holds the mover's pawn (二歩)",
)
.explain(
    "A player may not have two unpromoted pawns on one file.",
    "A drop ５五歩打 with a black pawn on ５七",
    "kifu keeps the move; validation reports it as illegal.",
    "Correct the move; if the game really ended on this foul, record the end (反則負け).",
);

/// `shogi::drop-occupied` (error): a drop onto an occupied square.
pub const SHOGI_DROP_OCCUPIED: Code =
    Code::error("shogi::drop-occupied", "a drop onto an occupied square").explain(
        "A piece may be dropped only on an empty square.",
        "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n   5 ７九角打",
        "kifu reports the move and stops reading that line of play.",
        "Correct the square of the drop.",
    );

/// `shogi::drop-pawn-mate` (error): a pawn drop that checkmates (打ち歩詰め).
pub const SHOGI_DROP_PAWN_MATE: Code = Code::error(
    "shogi::drop-pawn-mate",
    "a pawn drop that checkmates (打ち歩詰め)",
)
.explain(
    "Checkmating by dropping a pawn is illegal.",
    "A pawn drop in front of a king with no escape",
    "kifu keeps the move; validation reports it as illegal.",
    "Correct the move; if the game really ended on this foul, record the end (反則負け).",
);

/// `shogi::no-movable-piece` (error): no piece of the kind named can reach the square of a KI2 move.
pub const SHOGI_NO_MOVABLE_PIECE: Code = Code::error(
    "shogi::no-movable-piece",
    "no piece of the kind named can reach the square of a KI2 move",
)
.explain(
    "A KI2 move names a destination and a piece; no such piece of the mover can move there, and none is in hand to drop, so the move is uncertain.",
    "▲５五飛 (from the even position)",
    "kifu reports the move and stops reading that line of play.",
    "Correct the square or the piece.",
);

/// `shogi::no-piece` (error): no piece of the mover stands on the origin.
pub const SHOGI_NO_PIECE: Code = Code::error(
    "shogi::no-piece",
    "no piece of the mover stands on the origin",
)
.explain(
    "The move starts from a square that holds no piece of the side to move.",
    "   1 ７六歩(75)",
    "kifu reports the move and stops reading that line of play.",
    "Correct the origin.",
);

/// `shogi::not-a-shogi-move` (error): a move of another game in a shogi game.
pub const SHOGI_NOT_A_SHOGI_MOVE: Code = Code::error(
    "shogi::not-a-shogi-move",
    "a move of another game in a shogi game",
)
.explain(
    "The shogi game's tree holds a move that is not a shogi move (a model built by hand or a damaged JSON model).",
    "A kifu JSON model of a shogi game whose node holds a Go point",
    "kifu reports the node; validation stops following that line there.",
    "Correct the model.",
);

/// `shogi::not-in-hand` (error): a drop of a piece the mover does not have in hand.
pub const SHOGI_NOT_IN_HAND: Code = Code::error(
    "shogi::not-in-hand",
    "a drop of a piece the mover does not have in hand",
)
.explain(
    "A piece may be dropped only from its mover's hand.",
    "   1 ５五角打 (from the even position)",
    "kifu reports the move and stops reading that line of play.",
    "Correct the move.",
);

/// `shogi::not-promotable` (error): promotion of a piece that does not promote.
pub const SHOGI_NOT_PROMOTABLE: Code = Code::error(
    "shogi::not-promotable",
    "promotion of a piece that does not promote",
)
.explain(
    "Gold, king and promoted pieces do not promote.",
    "   1 ５八金成(69)",
    "kifu keeps the move; validation reports it as illegal.",
    "Remove 成 from the move.",
);

/// `shogi::outside-zone` (error): promotion outside the promotion zone.
pub const SHOGI_OUTSIDE_ZONE: Code = Code::error(
    "shogi::outside-zone",
    "promotion outside the promotion zone",
)
.explain(
    "A piece promotes only when it moves into, out of or within the three far ranks.",
    "   1 ７六歩成(77)",
    "kifu keeps the move; validation reports it as illegal.",
    "Remove 成 from the move.",
);

/// `shogi::own-piece` (error): a move onto a square holding the mover's own piece.
pub const SHOGI_OWN_PIECE: Code = Code::error(
    "shogi::own-piece",
    "a move onto a square holding the mover's own piece",
)
.explain(
    "A piece cannot capture its own side's piece.",
    "   1 ２九飛(28) (from the even position, where 2九 holds black's knight)",
    "kifu keeps the move; validation reports it as illegal.",
    "Correct the destination.",
);

/// `shogi::promoted-drop` (error): a drop of a promoted piece, or a drop that promotes.
pub const SHOGI_PROMOTED_DROP: Code = Code::error(
    "shogi::promoted-drop",
    "a drop of a promoted piece, or a drop that promotes",
)
.explain(
    "Pieces are dropped unpromoted.",
    "   1 ５五と打",
    "kifu reports the move and stops reading that line of play.",
    "Drop the unpromoted piece (歩打).",
);

/// `shogi::recorded-foul` (info): an illegal move the record itself ends the game with.
pub const SHOGI_RECORDED_FOUL: Code = Code::info(
    "shogi::recorded-foul",
    "an illegal move the record itself ends the game with",
)
.explain(
    "The move breaks a rule (二歩, 打ち歩詰め, a move the piece cannot make, …), and the record ends the game right after it with 反則勝ち or 反則負け: the foul is part of the game as played. The message names the rule and its code.",
    "   1 ７五歩(77)\n   2 反則勝ち",
    "kifu keeps the move and the end; nothing is wrong with the record.",
    "Nothing needed.",
);

/// `shogi::self-check` (error): a move that leaves the mover's king in check.
pub const SHOGI_SELF_CHECK: Code = Code::error(
    "shogi::self-check",
    "a move that leaves the mover's king in check",
)
.explain(
    "A move may not leave (or put) its own king in check.",
    "A move of a piece pinned to its king",
    "kifu keeps the move; validation reports it as illegal.",
    "Correct the move; if the game really ended on this foul, record the end (反則負け).",
);

/// `shogi::unreachable` (error): the piece cannot move from its origin to the destination.
pub const SHOGI_UNREACHABLE: Code = Code::error(
    "shogi::unreachable",
    "the piece cannot move from its origin to the destination",
)
.explain(
    "The piece named does not move that way (a pawn two squares, a bishop along a file, …), or another piece blocks its path.",
    "   1 ７五歩(77)",
    "kifu keeps the move; validation reports it as illegal.",
    "Correct the origin, destination or piece.",
);

/// `shogi::wrong-piece` (error): the piece on the origin is not the one the record names.
pub const SHOGI_WRONG_PIECE: Code = Code::error(
    "shogi::wrong-piece",
    "the piece on the origin is not the one the record names",
)
.explain(
    "The record names a piece for the move, and another kind stands on the origin square.",
    "   1 ７六飛(77)",
    "kifu reports the move and stops reading that line of play (the validator reports it on a kept move).",
    "Correct the piece or the origin.",
);

/// `shogi::wrong-side` (error): a move by the side not to move.
pub const SHOGI_WRONG_SIDE: Code = Code::error(
    "shogi::wrong-side",
    "a move by the side not to move",
)
.explain(
    "Black (▲, +) and white (△, -) alternate; this move is made by the side whose turn it is not.",
    "+7776FU\n+2726FU",
    "kifu reports the move and stops reading that line of play (the validator reports it on a kept move).",
    "Correct the side, or add the missing move in between.",
);

/// `text::declared-mismatch` (warning): the declared charset does not fit the bytes; decoded with one that does.
pub const TEXT_DECLARED_MISMATCH: Code = Code::warning(
    "text::declared-mismatch",
    "the declared charset does not fit the bytes; decoded with one that does",
)
.explain(
    "The file declares a charset (SGF CA, KIF `#KIF version=2.0 encoding=`, …), but its bytes are not in it and are in another.",
    "An SGF file saved as UTF-8 whose root says CA[Shift_JIS]",
    "kifu decodes the text with the encoding that fits the bytes; nothing is lost.",
    "Correct the declaration (or convert the file to the declared charset).",
);

/// `text::guessed-encoding` (warning): no charset is declared and the bytes are not UTF-8; the encoding was guessed.
pub const TEXT_GUESSED_ENCODING: Code = Code::warning(
    "text::guessed-encoding",
    "no charset is declared and the bytes are not UTF-8; the encoding was guessed",
)
.explain(
    "Old records carry no charset and are in the encoding of the program that wrote them; kifu guessed it from the bytes.",
    "A KIF file in Shift_JIS without an encoding line",
    "kifu decodes with the guessed encoding, which decodes every byte cleanly.",
    "Give the encoding with --encoding to be sure, declare it in the file, or convert the file to UTF-8 (`kifu reencode`).",
);

/// `text::malformed` (error): bytes that are not valid in the encoding used.
pub const TEXT_MALFORMED: Code = Code::error(
    "text::malformed",
    "bytes that are not valid in the encoding used",
)
.explain(
    "Some bytes of the file do not decode in the encoding used, so the text they stood for is lost.",
    "A UTF-8 file with a stray byte 0xFF in a comment",
    "kifu replaces each bad sequence by U+FFFD (�) and reads on.",
    "Give the right encoding with --encoding, or repair the bytes.",
);

/// `text::normalized` (loss): a character was replaced by a lookalike for Shift_JIS output.
pub const TEXT_NORMALIZED: Code = Code::loss(
    "text::normalized",
    "a character was replaced by a lookalike for Shift_JIS output",
)
.explain(
    "Writing Shift_JIS, some characters have no code (e.g. U+2212 MINUS SIGN) and are written as the nearest one that has.",
    "A comment with `−` converted with `kifu convert -t kif --output-encoding shift_jis`",
    "The writer writes the lookalike and reports this loss with its place in the output.",
    "Write UTF-8 output, or accept the replacement.",
);

/// `text::unknown-charset` (warning): the declared charset is not one kifu knows.
pub const TEXT_UNKNOWN_CHARSET: Code = Code::warning(
    "text::unknown-charset",
    "the declared charset is not one kifu knows",
)
.explain(
    "The file declares a charset name kifu does not know; the declaration is of no help.",
    "(;CA[X-MAC-KOREAN]GM[1]SZ[19])",
    "kifu detects the encoding from the bytes instead.",
    "Declare a known name (UTF-8, Shift_JIS, EUC-KR, GB18030, …), or give --encoding.",
);

/// `usi::bad-move` (error): a USI move cannot be read.
pub const USI_BAD_MOVE: Code = Code::error(
    "usi::bad-move",
    "a USI move cannot be read",
)
.explain(
    "A USI move is origin and destination (7g7f), with + to promote, or a drop (P*5e); this token is not.",
    "position startpos moves 7g",
    "kifu reports the token and stops reading the moves.",
    "Write the move in USI notation.",
);

/// `usi::bad-sfen` (error): the SFEN of a USI position cannot be read.
pub const USI_BAD_SFEN: Code = Code::error(
    "usi::bad-sfen",
    "the SFEN of a USI position cannot be read",
)
.explain(
    "`position sfen` is followed by board, side to move, hands and move number; this SFEN breaks that form, so the starting position is uncertain.",
    "position sfen lnsgkgsnl/9 b - 1",
    "kifu reads the game from the even position.",
    "Write a full SFEN (nine ranks of nine squares).",
);

/// `usi::ending-changed` (loss): a special end was written as another USI token.
pub const USI_ENDING_CHANGED: Code = Code::loss(
    "usi::ending-changed",
    "a special end was written as another USI token",
)
.explain(
    "USI has tokens for only some ends (resign, win, draw, …); the record's end has none and was written as the nearest one.",
    "A KIF record ending in 千日手 converted with `kifu convert -t usi`.",
    "The USI writer writes the nearest token and reports this loss.",
    "Convert to a shogi format with that end (KIF, CSA, JKF).",
);

/// `usi::ending-dropped` (loss): a special end cannot be written in USI.
pub const USI_ENDING_DROPPED: Code = Code::loss(
    "usi::ending-dropped",
    "a special end cannot be written in USI",
)
.explain(
    "USI engines accept moves only, so by default the end (resign, win, …) is not written; with `--usi-endings` only the ends USI has no token for are left out.",
    "A KIF record ending in 投了 converted with `kifu convert -t usi` (or one ending in 詰み with `--usi-endings`).",
    "The USI writer leaves the end out and reports this loss.",
    "Give `--usi-endings` to write the end token as ShogiHome does, or convert to KIF, KI2, CSA or JKF to keep it.",
);

/// `usi::move-after-end` (error): a USI move after the end of the game.
pub const USI_MOVE_AFTER_END: Code = Code::error(
    "usi::move-after-end",
    "a USI move after the end of the game",
)
.explain(
    "A token like `resign` ends the game; a move follows it, so what the record means is uncertain.",
    "position startpos moves 7g7f resign 3c3d",
    "kifu ignores the moves after the end.",
    "Remove the moves after the end, or the end if the game went on.",
);

/// `usi::syntax` (error): a USI position line is not `position … moves …`.
pub const USI_SYNTAX: Code = Code::error(
    "usi::syntax",
    "a USI position line is not `position … moves …`",
)
.explain(
    "After `position startpos` or `position sfen …` comes `moves` and the moves; here something else stands there.",
    "position startpos 7g7f",
    "kifu reads the position and no moves.",
    "Write `moves` before the moves.",
);

/// `sgf::fox-komi` (warning): Fox's komi written × 50 was read as the komi it stands for.
pub const SGF_FOX_KOMI: Code = Code::warning(
    "sgf::fox-komi",
    "Fox's komi written × 50 was read as the komi it stands for",
)
.explain(
    "Fox (AP[foxwq]) writes komi multiplied by 50: KM[375] is 7.5 points.",
    "(;FF[4]GM[1]SZ[19]AP[foxwq]KM[375];B[pd])",
    "kifu reads KM/50 as the komi (here 7.5) and writes KM[7.5].",
    "Nothing needed; the converted file holds the real komi.",
);

/// `sgf::legacy-color` (warning): a player written as 1/2 or a word was read as B or W.
pub const SGF_LEGACY_COLOR: Code = Code::warning(
    "sgf::legacy-color",
    "a player written as 1/2 or a word was read as B or W",
)
.explain(
    "PL (and similar colour values) must be B or W; old programs wrote 1 and 2, b and w, or black and white.",
    "(;FF[4]GM[1]SZ[19]PL[1];B[pd])",
    "kifu reads 1 as B and 2 as W (b/black, w/white likewise) and writes PL[B] or PL[W].",
    "Nothing needed; the converted file holds B or W.",
);

/// `sgf::legacy-date` (warning): a date in an old form was read; it is kept as written.
pub const SGF_LEGACY_DATE: Code = Code::warning(
    "sgf::legacy-date",
    "a date in an old form was read; it is kept as written",
)
.explain(
    "FF[4] dates are YYYY-MM-DD; many files write 18.10.1996 or Oct 18, 1996.",
    "(;FF[4]GM[1]SZ[19]DT[18.10.1996];B[pd])",
    "kifu says which date it reads and keeps the text as written (the model holds dates as text).",
    "Write the date as YYYY-MM-DD (here 1996-10-18).",
);

/// `sgf::legacy-komi` (warning): a komi in an old form (5 1/2, 5,5) was read as a number.
pub const SGF_LEGACY_KOMI: Code = Code::warning(
    "sgf::legacy-komi",
    "a komi in an old form (5 1/2, 5,5) was read as a number",
)
.explain(
    "KM is a real number; old files write 5 1/2, a decimal comma or trailing blanks.",
    "(;FF[4]GM[1]SZ[19]KM[5 1/2];B[pd])",
    "kifu reads the number (here 5.5) and writes KM[5.5].",
    "Nothing needed; the converted file holds the number.",
);

/// `sgf::legacy-time` (warning): a time limit in an old form was read into seconds.
pub const SGF_LEGACY_TIME: Code = Code::warning(
    "sgf::legacy-time",
    "a time limit in an old form was read into seconds",
)
.explain(
    "TM is the main time in seconds; old files write 10:00(5x1:00), 13h, 9 hours each, 1 hr/125 moves or -.",
    "(;FF[4]GM[1]SZ[19]TM[10:00(5x1:00)];B[pd])",
    "kifu reads the main time into TM (here 600) and the overtime into OT (5x1:00 byo-yomi); where the reading is not exact the text is kept in OT; TM[-] (no limit) is dropped.",
    "Nothing needed; the converted file holds TM in seconds and the overtime in OT.",
);

/// `sgf::setup-repeats-move` (warning): a setup stone repeating the node's own move was dropped.
pub const SGF_SETUP_REPEATS_MOVE: Code = Code::warning(
    "sgf::setup-repeats-move",
    "a setup stone repeating the node's own move was dropped",
)
.explain(
    "A node both plays a move and sets up a stone of the mover's colour on the same point; setting it up first would make the move land on its own stone.",
    "(;FF[4]GM[1]SZ[19];W[qk]AW[qk]AB[rj])",
    "kifu drops the redundant setup stone (the move places it) and keeps the rest.",
    "Remove the setup stone that repeats the move.",
);

/// `sgf::unknown-rules` (info): RU names a rule set kifu does not know; Japanese rules were assumed.
pub const SGF_UNKNOWN_RULES: Code = Code::info(
    "sgf::unknown-rules",
    "RU names a rule set kifu does not know; Japanese rules were assumed",
)
.explain(
    "The rule set decides whether suicide is legal (New Zealand, Ing, Tromp-Taylor) or not (Japanese, Korean, Chinese, AGA).",
    "(;FF[4]GM[1]SZ[19]RU[Foo];B[pd])",
    "kifu checks the moves by Japanese rules (suicide illegal) and says so once.",
    "Name a known rule set in RU (Japanese, Chinese, Korean, AGA, NZ, Ing, Tromp-Taylor).",
);

/// `sgf::variation-game-info` (info): game information inside a variation was kept at its node.
pub const SGF_VARIATION_GAME_INFO: Code = Code::info(
    "sgf::variation-game-info",
    "game information inside a variation was kept at its node",
)
.explain(
    "FF[4] allows one game-info node per line of play; inside a variation it holds for the lines through that node only (several games in one tree).",
    "(;FF[4]GM[1]SZ[19];B[pd](;PW[A]W[dp])(;PW[B]W[cp]))",
    "kifu keeps it at its node, writes it back there, and `kifu info` reports one game per such node.",
    "Nothing needed; `kifu split --variations` makes each variation a game of its own.",
);

/// `gib::bad-color` (error): a move's colour is neither 1 nor 2.
pub const GIB_BAD_COLOR: Code = Code::error("gib::bad-color", "a move's colour is neither 1 nor 2")
    .explain(
        "A GIB move line `STO 0 n c x y` gives the colour c as 1 (black) or 2 (white).",
        "`STO 0 5 3 3 3` (colour 3)",
        "kifu leaves the move out; the game goes on after it.",
        "Write 1 or 2.",
    );

/// `gib::bad-handicap` (error): a handicap count has no fixed placement.
pub const GIB_BAD_HANDICAP: Code = Code::error(
    "gib::bad-handicap",
    "a handicap count has no fixed placement",
)
.explain(
    "The INI line gives 2 to 9 handicap stones, placed on the fixed points.",
    "`INI 0 1 12 …`",
    "kifu places no handicap stones.",
    "Give a count from 2 to 9.",
);

/// `gib::bad-header` (error): a header line has no `=`.
pub const GIB_BAD_HEADER: Code = Code::error("gib::bad-header", "a header line has no `=`")
    .explain(
        "GIB header lines read `\\[KEY=VALUE\\]`.",
        "`\\[GAMEBLACKNAME\\]`",
        "kifu leaves the line out.",
        "Write KEY=VALUE.",
    );

/// `gib::bad-ini` (error): the handicap line is not `INI 0 1 <stones> …`.
pub const GIB_BAD_INI: Code = Code::error(
    "gib::bad-ini",
    "the handicap line is not `INI 0 1 <stones> …`",
)
.explain(
    "The INI line gives the number of handicap stones.",
    "`INI x`",
    "kifu places no handicap stones.",
    "Write `INI 0 1 <stones> …`.",
);

/// `gib::bad-move` (error): a move line is not `STO 0 <number> <colour> <x> <y>`.
pub const GIB_BAD_MOVE: Code = Code::error(
    "gib::bad-move",
    "a move line is not `STO 0 <number> <colour> <x> <y>`",
)
.explain(
    "GIB moves are STO lines with five numbers.",
    "`STO 0 5 1`",
    "kifu leaves the move out.",
    "Give all five fields.",
);

/// `gib::duplicate-ini` (error): a second INI line.
pub const GIB_DUPLICATE_INI: Code = Code::error("gib::duplicate-ini", "a second INI line").explain(
    "A GIB record places its handicap stones once.",
    "two `INI` lines",
    "kifu uses the first and leaves the second out.",
    "Remove the second INI line.",
);

/// `gib::misplaced-header` (warning): a header line after the moves began.
pub const GIB_MISPLACED_HEADER: Code = Code::warning(
    "gib::misplaced-header",
    "a header line after the moves began",
)
.explain(
    "Header lines belong in the `\\HS` … `\\HE` section before the game.",
    "a `\\[GAMERESULT=…\\]` line among the STO lines",
    "kifu reads it all the same.",
    "Move it into the header section.",
);

/// `gib::move-number` (warning): a move number out of sequence.
pub const GIB_MOVE_NUMBER: Code =
    Code::warning("gib::move-number", "a move number out of sequence").explain(
        "STO lines number the moves 1, 2, 3 …",
        "`STO 0 7 …` after move 5",
        "kifu keeps the move in file order.",
        "Renumber the moves.",
    );

/// `gib::not-gib` (error): no GIB header at all.
pub const GIB_NOT_GIB: Code = Code::error("gib::not-gib", "no GIB header at all").explain(
    "A GIB record starts with a `\\HS` header section of `\\[KEY=VALUE\\]` lines.",
    "a text file given with `-f gib`",
    "kifu reads no game.",
    "Check that the file is a Tygem record.",
);

/// `gib::off-board` (error): a move's point is off the board.
pub const GIB_OFF_BOARD: Code = Code::error("gib::off-board", "a move's point is off the board")
    .explain(
        "GIB coordinates run from 0 to 18 on the 19×19 board.",
        "`STO 0 5 1 19 3`",
        "kifu leaves the move out.",
        "Correct the coordinates.",
    );

/// `gib::remark` (info): a `REM` line, kept as the extra `gib:REM`.
pub const GIB_REMARK: Code = Code::info("gib::remark", "a REM line (a remark), kept").explain(
    "Tygem writes `REM` lines of its own in GIB records. kifu keeps each line's text as a value of the extra `gib:REM` (an SGF or other writer that cannot hold it reports its loss).",
    "`REM 0 Good game`",
    "kifu keeps the text and reads on.",
    "Nothing.",
);

/// `gib::stray-line` (error): a line outside the header and the game sections.
pub const GIB_STRAY_LINE: Code = Code::error(
    "gib::stray-line",
    "a line outside the header and the game sections",
)
.explain(
    "Text belongs in the header section or the game section.",
    "a line after `\\GE`",
    "kifu leaves the line out.",
    "Remove the line or put it in a section.",
);

/// `gib::trailing-text` (error): text after a move's fields.
pub const GIB_TRAILING_TEXT: Code = Code::error("gib::trailing-text", "text after a move's fields")
    .explain(
        "A STO line holds exactly its five fields.",
        "`STO 0 5 1 3 3 extra`",
        "kifu reads the move and leaves the rest out.",
        "Remove the trailing text.",
    );

/// `gib::two-komis` (warning): both GONGJE and DUM give a komi.
pub const GIB_TWO_KOMIS: Code = Code::warning("gib::two-komis", "both GONGJE and DUM give a komi")
    .explain(
        "Tygem writes komi in GAMEGONGJE (tenths of a point); some files also set GAMEDUM.",
        "`GAMEGONGJE=65` and `GAMEDUM=75`",
        "kifu takes the komi from GONGJE and keeps DUM as a field.",
        "Keep one of them.",
    );

/// `gib::unclosed-header` (warning): a header line does not end with `\]`.
pub const GIB_UNCLOSED_HEADER: Code = Code::warning(
    "gib::unclosed-header",
    "a header line does not end with `\\]`",
)
.explain(
    "GIB header lines read `\\[KEY=VALUE\\]`.",
    "`\\[GAMEPLACE=Tygem`",
    "kifu reads the value all the same.",
    "Add `\\]`.",
);

/// `gib::unknown-line` (error): an unknown line in the game section.
pub const GIB_UNKNOWN_LINE: Code =
    Code::error("gib::unknown-line", "an unknown line in the game section").explain(
        "The game section holds STO, SKI and INI lines.",
        "`XYZ 0 1` among the moves",
        "kifu leaves the line out.",
        "Remove it, or report the line so kifu can learn it.",
    );

/// `gib::unterminated` (warning): a header or game section is not closed.
pub const GIB_UNTERMINATED: Code = Code::warning(
    "gib::unterminated",
    "a header or game section is not closed",
)
.explain(
    "Sections end with `\\HE` and `\\GE`.",
    "a file cut off inside the moves",
    "kifu reads what is there.",
    "Add the closing line (or find the rest of the file).",
);

/// `ngf::bad-color` (error): a move's colour is neither B nor W.
pub const NGF_BAD_COLOR: Code = Code::error("ngf::bad-color", "a move's colour is neither B nor W")
    .explain(
        "NGF move lines read `PM<number><B|W><coordinates>`.",
        "`PMabXdddd`",
        "kifu leaves the move out.",
        "Write B or W.",
    );

/// `ngf::bad-handicap` (error): a handicap count has no fixed placement.
pub const NGF_BAD_HANDICAP: Code = Code::error(
    "ngf::bad-handicap",
    "a handicap count has no fixed placement",
)
.explain(
    "The handicap line gives a count placed on the board's fixed points.",
    "a handicap of 12 stones",
    "kifu places no handicap stones.",
    "Give a count the board has points for.",
);

/// `ngf::bad-komi` (error): the komi line is not a number.
pub const NGF_BAD_KOMI: Code = Code::error("ngf::bad-komi", "the komi line is not a number")
    .explain(
        "Line 8 of an NGF header is the komi.",
        "`komi: six`",
        "kifu records no komi.",
        "Write the number.",
    );

/// `ngf::bad-line` (error): a move line is not `PM<2 letters><B|W><4 letters>`.
pub const NGF_BAD_LINE: Code = Code::error(
    "ngf::bad-line",
    "a move line is not `PM<2 letters><B|W><4 letters>`",
)
.explain(
    "NGF moves are PM lines.",
    "`PM12`",
    "kifu leaves the move out.",
    "Correct the line.",
);

/// `ngf::bad-size` (error): the board size is not a number from 1 to 52.
pub const NGF_BAD_SIZE: Code = Code::error(
    "ngf::bad-size",
    "the board size is not a number from 1 to 52",
)
.explain(
    "Line 2 of an NGF header is the board size.",
    "`nineteen`",
    "kifu reads the game on 19×19.",
    "Write the size as a number.",
);

/// `ngf::coordinates-disagree` (warning): a move's mirrored coordinates disagree.
pub const NGF_COORDINATES_DISAGREE: Code = Code::warning(
    "ngf::coordinates-disagree",
    "a move's mirrored coordinates disagree",
)
.explain(
    "NGF writes each point twice, the second pair mirrored.",
    "`PMabBcddd`",
    "kifu uses the first pair.",
    "Correct the second pair.",
);

/// `ngf::move-count` (warning): the header's move count differs from the moves read.
pub const NGF_MOVE_COUNT: Code = Code::warning(
    "ngf::move-count",
    "the header's move count differs from the moves read",
)
.explain(
    "The header announces the number of moves.",
    "a header saying 200 moves before 180 PM lines",
    "kifu reads the moves there are.",
    "Correct the count.",
);

/// `ngf::move-number` (warning): a move number out of sequence.
pub const NGF_MOVE_NUMBER: Code =
    Code::warning("ngf::move-number", "a move number out of sequence").explain(
        "PM lines number the moves in order.",
        "move 7 after move 5",
        "kifu keeps the move in file order.",
        "Renumber the moves.",
    );

/// `ngf::pass` (info): off-board coordinates read as a pass.
pub const NGF_PASS: Code = Code::info("ngf::pass", "off-board coordinates read as a pass").explain(
    "NGF has no pass token; off-board coordinates are taken for one.",
    "`PMabBzzzz`",
    "kifu reads a pass.",
    "Nothing needed if a pass was meant.",
);

/// `ngf::short-header` (error): the header has fewer lines than its layout.
pub const NGF_SHORT_HEADER: Code = Code::error(
    "ngf::short-header",
    "the header has fewer lines than its layout",
)
.explain(
    "The NGF header has a fixed number of lines before the moves.",
    "a file of five lines",
    "kifu reads what is there.",
    "Find the complete file.",
);

/// `ngf::trailing-text` (error): text after a move's fields.
pub const NGF_TRAILING_TEXT: Code = Code::error("ngf::trailing-text", "text after a move's fields")
    .explain(
        "A PM line holds exactly its fields.",
        "`PMabBcddc extra`",
        "kifu reads the move and leaves the rest out.",
        "Remove the trailing text.",
    );

/// `ugf::bad-color` (error): a move's colour is not B1 or W1.
pub const UGF_BAD_COLOR: Code = Code::error("ugf::bad-color", "a move's colour is not B1 or W1")
    .explain(
        "UGF move lines read `<point>,<B1|W1>,<number>,<time>`.",
        "`QD,X1,1,0`",
        "kifu leaves the move out.",
        "Write B1 or W1.",
    );

/// `ugf::bad-comment` (error): `.Comment,` is not followed by a node number.
pub const UGF_BAD_COMMENT: Code = Code::error(
    "ugf::bad-comment",
    "`.Comment,` is not followed by a node number",
)
.explain(
    "Review comments are attached to [ReviewNode] numbers.",
    "`.Comment,abc`",
    "kifu leaves the comment out.",
    "Give the node number.",
);

/// `ugf::bad-date` (warning): the date is not YYYY/MM/DD.
pub const UGF_BAD_DATE: Code = Code::warning("ugf::bad-date", "the date is not YYYY/MM/DD")
    .explain(
        "The Date header gives the game's date.",
        "`Date=March 8`",
        "kifu keeps the text as written.",
        "Write YYYY/MM/DD.",
    );

/// `ugf::bad-handicap` (error): the handicap is not a number.
pub const UGF_BAD_HANDICAP: Code = Code::error("ugf::bad-handicap", "the handicap is not a number")
    .explain(
        "`Hdcp=<stones>,<komi>`.",
        "`Hdcp=two,6.5`",
        "kifu records no handicap.",
        "Write the number.",
    );

/// `ugf::bad-header` (error): a header line is not `KEY=VALUE`.
pub const UGF_BAD_HEADER: Code = Code::error("ugf::bad-header", "a header line is not `KEY=VALUE`")
    .explain(
        "[Header] lines read KEY=VALUE.",
        "`PlayerB kaziwami`",
        "kifu leaves the line out.",
        "Add the `=`.",
    );

/// `ugf::bad-komi` (error): the komi is not a number.
pub const UGF_BAD_KOMI: Code = Code::error("ugf::bad-komi", "the komi is not a number").explain(
    "`Hdcp=<stones>,<komi>`.",
    "`Hdcp=0,six`",
    "kifu records no komi.",
    "Write the number.",
);

/// `ugf::bad-move` (error): a move line is not `<point>,<colour>,<number>,<time>`.
pub const UGF_BAD_MOVE: Code = Code::error(
    "ugf::bad-move",
    "a move line is not `<point>,<colour>,<number>,<time>`",
)
.explain(
    "[Data] lines are moves.",
    "`QD`",
    "kifu leaves the move out.",
    "Give all four fields.",
);

/// `ugf::bad-node` (error): a review line is not NODE, VARIATION or VARIATIONEND.
pub const UGF_BAD_NODE: Code = Code::error(
    "ugf::bad-node",
    "a review line is not NODE, VARIATION or VARIATIONEND",
)
.explain(
    "[ReviewNode] lines build the review tree.",
    "`NODE,1`",
    "kifu leaves the line out.",
    "Correct the line.",
);

/// `ugf::bad-point` (error): a point is not two letters from A.
pub const UGF_BAD_POINT: Code = Code::error("ugf::bad-point", "a point is not two letters from A")
    .explain(
        "UGF points are two letters, counted from A at the lower left.",
        "`Q4,B1,1,0`",
        "kifu leaves the move out.",
        "Write two letters.",
    );

/// `ugf::bad-size` (error): the board size is not a number from 1 to 52.
pub const UGF_BAD_SIZE: Code = Code::error(
    "ugf::bad-size",
    "the board size is not a number from 1 to 52",
)
.explain(
    "`Size=<n>`.",
    "`Size=big`",
    "kifu reads the game on 19×19.",
    "Write the size as a number.",
);

/// `ugf::comment-target` (error): a review comment names no node.
pub const UGF_COMMENT_TARGET: Code =
    Code::error("ugf::comment-target", "a review comment names no node").explain(
        "`.Comment,<id>` attaches text to [ReviewNode] id.",
        "`.Comment,99` with no node 99",
        "kifu leaves the comment out.",
        "Correct the node number.",
    );

/// `ugf::duplicate-node` (warning): a review node number is used twice.
pub const UGF_DUPLICATE_NODE: Code =
    Code::warning("ugf::duplicate-node", "a review node number is used twice").explain(
        "[ReviewNode] numbers name one node each.",
        "two `NODE,5,…` lines",
        "kifu attaches comments to the last.",
        "Renumber the nodes.",
    );

/// `ugf::no-header` (error): no \[Header\] section.
pub const UGF_NO_HEADER: Code = Code::error("ugf::no-header", "no [Header] section").explain(
    "A UGF record starts with [Header].",
    "a text file given with `-f ugf`",
    "kifu reads no game.",
    "Check that the file is a Pandanet record.",
);

/// `ugf::outside-section` (error): a line before the first \[Section\].
pub const UGF_OUTSIDE_SECTION: Code =
    Code::error("ugf::outside-section", "a line before the first [Section]").explain(
        "Every line of a UGF file belongs to a section.",
        "text before [Header]",
        "kifu leaves the line out.",
        "Remove it.",
    );

/// `ugf::review-differs` (warning): the review's main line differs from \[Data\].
pub const UGF_REVIEW_DIFFERS: Code = Code::warning(
    "ugf::review-differs",
    "the review's main line differs from [Data]",
)
.explain(
    "[ReviewNode] repeats the game's moves with variations.",
    "a review that diverges from the game at move 30",
    "kifu reads the review tree.",
    "Nothing needed if the review is right.",
);

/// `ugf::stray-comment` (error): comment text before any `.Comment,` line.
pub const UGF_STRAY_COMMENT: Code = Code::error(
    "ugf::stray-comment",
    "comment text before any `.Comment,` line",
)
.explain(
    "[ReviewComment] text follows a `.Comment,<node>` line.",
    "a text line right after [ReviewComment]",
    "kifu leaves the text out.",
    "Add the `.Comment,<node>` line.",
);

/// `ugf::unclosed-variation` (error): VARIATION without VARIATIONEND.
pub const UGF_UNCLOSED_VARIATION: Code =
    Code::error("ugf::unclosed-variation", "VARIATION without VARIATIONEND").explain(
        "Review variations are bracketed by VARIATION and VARIATIONEND.",
        "a file cut off inside a variation",
        "kifu closes the variation where the section ends.",
        "Add VARIATIONEND.",
    );

/// `ugf::unknown-section` (info): a section kifu does not understand.
pub const UGF_UNKNOWN_SECTION: Code =
    Code::info("ugf::unknown-section", "a section kifu does not understand").explain(
        "UGF sections kifu reads: Header, Data, Figure, ReviewNode, ReviewComment.",
        "`[Chat]`",
        "kifu keeps its lines as they are.",
        "Nothing needed.",
    );

/// `ugf::unopened-variation` (error): VARIATIONEND without VARIATION.
pub const UGF_UNOPENED_VARIATION: Code =
    Code::error("ugf::unopened-variation", "VARIATIONEND without VARIATION").explain(
        "Review variations are bracketed by VARIATION and VARIATIONEND.",
        "a stray VARIATIONEND",
        "kifu leaves the line out.",
        "Remove it.",
    );

/// `ndjson::no-game` (error): an NDJSON input holds no line.
pub const NDJSON_NO_GAME: Code = Code::error("ndjson::no-game", "an NDJSON input holds no line")
    .explain(
        "NDJSON holds one game of kifu's JSON model per line; this input has none.",
        "an empty file given with -f ndjson",
        "kifu reads no game.",
        "Check that the file is what was meant.",
    );

/// `shogi::false-checkmate` (error): 詰み is claimed but the side to move is not checkmated.
pub const SHOGI_FALSE_CHECKMATE: Code = Code::error("shogi::false-checkmate", "詰み is claimed but the side to move is not checkmated").explain(
    "A record that ends 詰み (or %TSUMI) says the side to move is in check with no legal reply (futile interpositions aside).",
    "a KIF ending `2 詰み` after `1 ７六歩`",
    "kifu reports the false claim at the ending's line; the game is kept as written.",
    "Correct the ending (投了, 中断 …) or the moves.",
);

/// `shogi::false-no-mate` (error): 不詰 is claimed at a checkmate.
pub const SHOGI_FALSE_NO_MATE: Code =
    Code::error("shogi::false-no-mate", "不詰 is claimed at a checkmate").explain(
        "不詰 (%FUZUMI) says no mate exists, but the side to move is checkmated.",
        "a tsume record ending 不詰 at a mate",
        "kifu reports it at the ending's line.",
        "Correct the ending to 詰み.",
    );

/// `shogi::false-repetition` (error): 千日手 is claimed but the position has not stood four times.
pub const SHOGI_FALSE_REPETITION: Code = Code::error(
    "shogi::false-repetition",
    "千日手 is claimed but the position has not stood four times",
)
.explain(
    "千日手 (%SENNICHITE) needs the same board, hands and side to move four times in the line.",
    "a KIF ending `2 千日手` after `1 ７六歩`",
    "kifu reports it at the ending's line.",
    "Correct the ending or the moves.",
);

/// `shogi::perpetual-check` (error): 連続王手の千日手 recorded as a draw or as the checker's win.
pub const SHOGI_PERPETUAL_CHECK: Code = Code::error("shogi::perpetual-check", "連続王手の千日手 recorded as a draw or as the checker's win").explain(
    "A fourfold repetition in which one side gave check with every move of the cycle is a loss for that side.",
    "a repeated checking sequence ending 千日手",
    "kifu reports it at the ending's line.",
    "Record the end as the checking side's foul (反則負け).",
);

/// `shogi::false-declaration` (error): 入玉勝ち is claimed but the 27-point rule's conditions fail.
pub const SHOGI_FALSE_DECLARATION: Code = Code::error("shogi::false-declaration", "入玉勝ち is claimed but the 27-point rule's conditions fail").explain(
    "An entering-king declaration needs the king in the enemy camp, ten other pieces there, enough points and no check.",
    "a KIF ending 入玉勝ち with the king at home",
    "kifu lists each failed condition at the ending's line.",
    "Correct the ending.",
);

/// `shogi::doubtful-impasse` (warning): 持将棋 with neither king in the enemy camp.
pub const SHOGI_DOUBTFUL_IMPASSE: Code = Code::warning(
    "shogi::doubtful-impasse",
    "持将棋 with neither king in the enemy camp",
)
.explain(
    "An impasse needs at least one entered king; the record's claim cannot be what happened.",
    "a KIF ending 持将棋 after three moves",
    "kifu keeps the ending and warns.",
    "Check the ending.",
);

/// `shogi::unclaimed-repetition` (warning): play goes on after a fourfold repetition.
pub const SHOGI_UNCLAIMED_REPETITION: Code = Code::warning(
    "shogi::unclaimed-repetition",
    "play goes on after a fourfold repetition",
)
.explain(
    "The game should have ended in 千日手 when the position stood for the fourth time.",
    "a record that repeats a position four times and goes on",
    "kifu warns once per line.",
    "End the record at the repetition, or check the moves.",
);

/// `shogi::unclaimed-checkmate` (warning): play goes on after a checkmate.
pub const SHOGI_UNCLAIMED_CHECKMATE: Code = Code::warning(
    "shogi::unclaimed-checkmate",
    "play goes on after a checkmate",
)
.explain(
    "The side to move was checkmated, yet the record has more moves.",
    "a record with a move after mate",
    "kifu warns once per line.",
    "End the record at the mate, or check the moves.",
);

/// `go::same-colour-twice` (warning): two moves of one colour in a row, not explained by PL or setup.
pub const GO_SAME_COLOUR_TWICE: Code = Code::warning(
    "go::same-colour-twice",
    "two moves of one colour in a row, not explained by PL or setup",
)
.explain(
    "Go alternates colours; a record may change the turn only with PL or setup.",
    "(;FF[4]GM[1]SZ[19];B[pd];B[dp];W[dd])",
    "kifu keeps the moves and warns.",
    "Add the missing move or a pass, or PL[].",
);

/// `go::superko` (error): a move repeats an earlier whole-board position under superko.
pub const GO_SUPERKO: Code = Code::error(
    "go::superko",
    "a move repeats an earlier whole-board position under superko",
)
.explain(
    "Chinese, AGA, New Zealand, Tromp-Taylor and Ing rules forbid recreating an earlier position.",
    "a long ko cycle with RU[Chinese]",
    "kifu reports the move.",
    "Check the moves or the rule set.",
);

/// `go::triple-ko` (info): a long cycle under Japanese or Korean rules.
pub const GO_TRIPLE_KO: Code = Code::info(
    "go::triple-ko",
    "a long cycle under Japanese or Korean rules",
)
.explain(
    "Under these rules a long cycle (triple ko) may void the game; no result is required.",
    "a position repeating through a triple ko",
    "kifu notes it once per line.",
    "Nothing needed.",
);

/// `go::komi-margin` (warning): the result's margin cannot follow from the komi.
pub const GO_KOMI_MARGIN: Code = Code::warning("go::komi-margin", "the result's margin cannot follow from the komi").explain(
    "With a half-point komi the margin is a half point, with an integer komi an integer, under the scoring the rule set uses.",
    "(;FF[4]GM[1]SZ[19]KM[6.5]RE[B+3];B[pd])",
    "kifu keeps the result and warns, naming the rule set assumed.",
    "Correct RE or KM.",
);

/// `renju::false-result` (error): the recorded result contradicts the judged one.
pub const RENJU_FALSE_RESULT: Code = Code::error("renju::false-result", "the recorded result contradicts the judged one").explain(
    "The record names a winner the moves do not give (no five, a five for the other side, or black's forbidden move) while nobody resigned or forfeited.",
    "(;FF[4]GM[4]SZ[15]RE[B+];B[hh];W[hi])",
    "kifu keeps the record and reports the contradiction.",
    "Correct RE or the moves.",
);

/// `psq::bad-header` (error): the first line is not the Piskvorky header.
pub const PSQ_BAD_HEADER: Code = Code::error(
    "psq::bad-header",
    "the first line is not the Piskvorky header",
)
.explain(
    "A PSQ game starts `Piskvorky WxH, x:y, n`.",
    "a PSQ file starting with a move line",
    "kifu reads no game.",
    "Restore the header line.",
);

/// `psq::bad-size` (error): the board size is outside 1-52.
pub const PSQ_BAD_SIZE: Code = Code::error("psq::bad-size", "the board size is outside 1-52")
    .explain(
        "The header's WxH gives the board.",
        "`Piskvorky 99x99, 11:11, 0`",
        "kifu reads no game.",
        "Give the real board size.",
    );

/// `psq::bad-first` (warning): the header's last field is not 0 or 1.
pub const PSQ_BAD_FIRST: Code =
    Code::warning("psq::bad-first", "the header's last field is not 0 or 1").explain(
        "The last header field says which player began.",
        "`Piskvorky 15x15, 11:11, 7`",
        "kifu assumes player 1 began.",
        "Write 0 or 1.",
    );

/// `psq::bad-move` (error): a move line is not `x,y[,time]` in whole numbers.
pub const PSQ_BAD_MOVE: Code = Code::error(
    "psq::bad-move",
    "a move line is not `x,y[,time]` in whole numbers",
)
.explain(
    "PSQ moves are 1-based `x,y,time` lines.",
    "`8,a,100`",
    "kifu leaves the move out.",
    "Correct the line.",
);

/// `psq::off-board` (error): a move outside the board.
pub const PSQ_OFF_BOARD: Code = Code::error("psq::off-board", "a move outside the board").explain(
    "Coordinates run from 1 to the board's size.",
    "`16,3,0` on 15x15",
    "kifu leaves the move out.",
    "Correct the coordinates.",
);

/// `psq::point-played-twice` (error): a point already played.
pub const PSQ_POINT_PLAYED_TWICE: Code =
    Code::error("psq::point-played-twice", "a point already played").explain(
        "Each point takes one stone.",
        "`8,8,0` twice",
        "kifu leaves the move out.",
        "Correct the moves.",
    );

/// `psq::bad-time` (warning): a move time that is negative or no number.
pub const PSQ_BAD_TIME: Code = Code::warning(
    "psq::bad-time",
    "a move time that is negative or no number",
)
.explain(
    "The third field is the time the move took in milliseconds.",
    "`8,8,-5` or `8,8,52x0`",
    "kifu keeps the move, and the time as written (the extra `psq:time`, which a PSQ output writes back in its place; other formats report it as a loss).",
    "Correct or drop the time.",
);

/// `psq::unexpected-lines` (warning): trailing lines that are neither two names nor an end code.
pub const PSQ_UNEXPECTED_LINES: Code = Code::warning(
    "psq::unexpected-lines",
    "trailing lines that are neither two names nor an end code",
)
.explain(
    "After the moves PSQ holds the engines' names and an end code.",
    "free text after the moves",
    "kifu keeps them as the game's extras.",
    "Remove them.",
);

/// `psq::unread-moves` (error): move lines after the moves stopped, not read as moves.
pub const PSQ_UNREAD_MOVES: Code = Code::error(
    "psq::unread-moves",
    "move lines after the moves stopped were not read as moves",
)
.explain(
    "A PSQ record's moves run from the line after the header to the first line that is not a move; the lines after it are the players' names and an end code. Here a move line (`x,y` or `x,y,time`) comes after that point, so the moves were cut short: the lines after the break are kept as text (the extra `psq:lines`), not as moves.",
    "`10,10,0`, `zzz`, `11,11,1703`: the second move is not read",
    "kifu reads the moves before the break; the rest stays text.",
    "Remove the line that broke the moves.",
);

/// `psq::rule-dropped` (loss): PSQ cannot say the rule.
pub const PSQ_RULE_DROPPED: Code = Code::loss("psq::rule-dropped", "PSQ cannot say the rule")
    .explain(
        "PSQ has no field for the rule in force.",
        "an SGF GM[4] game with RU[renju] converted with `-t psq`",
        "The PSQ writer leaves it out and reports this loss.",
        "Convert to SGF to keep it.",
    );

/// `psq::name-changed` (loss): a player's name written changed so that it reads back.
pub const PSQ_NAME_CHANGED: Code = Code::loss(
    "psq::name-changed",
    "a player's name written changed so that it reads back",
)
.explain(
    "A name with a comma, a line break or trailing blanks would not read back from PSQ.",
    "a player named `Lee, S.`",
    "The writer writes the name changed and reports this loss.",
    "Nothing, or convert to SGF.",
);

/// `renlib::bad-header` (error): neither RenLib's magic nor a headerless start.
pub const RENLIB_BAD_HEADER: Code = Code::error(
    "renlib::bad-header",
    "neither RenLib's magic nor a headerless start",
)
.explain(
    "A RenLib library starts with the bytes FF 'RenLib' FF.",
    "any other binary file given with -f renlib",
    "kifu reads no game.",
    "Check that the file is a RenLib library.",
);

/// `renlib::truncated` (error): the file ends inside the header, a record or a text.
pub const RENLIB_TRUNCATED: Code = Code::error(
    "renlib::truncated",
    "the file ends inside the header, a record or a text",
)
.explain(
    "The library was cut short.",
    "a library missing its last bytes",
    "kifu keeps what was read.",
    "Find the complete file.",
);

/// `renlib::newer-version` (warning): a library version above 3.4.
pub const RENLIB_NEWER_VERSION: Code =
    Code::warning("renlib::newer-version", "a library version above 3.4").explain(
        "kifu knows RenLib's layout up to version 3.4.",
        "a header with version 4.0",
        "kifu reads it as 3.4.",
        "Nothing, if it reads right.",
    );

/// `renlib::no-header` (warning): an old library without a header.
pub const RENLIB_NO_HEADER: Code =
    Code::warning("renlib::no-header", "an old library without a header").explain(
        "RenLib's first versions wrote no header.",
        "an old .lib starting with a move record",
        "kifu reads it as such.",
        "Nothing needed.",
    );

/// `renlib::off-board` (error): a point byte that names no point.
pub const RENLIB_OFF_BOARD: Code =
    Code::error("renlib::off-board", "a point byte that names no point").explain(
        "Each move byte packs the column and the row of a 15x15 board.",
        "a point byte with column 0 in a move",
        "kifu stops reading there.",
        "Repair the library in RenLib.",
    );

/// `renlib::unknown-flags` (warning): extension bits kifu does not know.
pub const RENLIB_UNKNOWN_FLAGS: Code =
    Code::warning("renlib::unknown-flags", "extension bits kifu does not know").explain(
        "A node's extension byte sets bits RenLib 3.x does not define.",
        "a node with unused flag bits",
        "kifu ignores them.",
        "Nothing, if it reads right.",
    );

/// `renlib::bad-structure` (warning): the root claims a sibling.
pub const RENLIB_BAD_STRUCTURE: Code =
    Code::warning("renlib::bad-structure", "the root claims a sibling").explain(
        "The root of a library has no siblings.",
        "a root record with the sibling flag",
        "kifu ignores the flag.",
        "Nothing needed.",
    );

/// `renlib::duplicate-move` (warning): the same move twice under one position.
pub const RENLIB_DUPLICATE_MOVE: Code = Code::warning(
    "renlib::duplicate-move",
    "the same move twice under one position",
)
.explain(
    "RenLib merges repeated moves.",
    "two records of h8 under the root",
    "kifu merges them, as RenLib does.",
    "Nothing needed.",
);

/// `renlib::after-last-leaf` (warning): records after the tree closed.
pub const RENLIB_AFTER_LAST_LEAF: Code =
    Code::warning("renlib::after-last-leaf", "records after the tree closed").explain(
        "The node stream closed the tree, yet more records follow.",
        "bytes after the last leaf",
        "kifu leaves them out.",
        "Repair the library in RenLib.",
    );

/// `renlib::missing-sibling` (warning): announced siblings never written.
pub const RENLIB_MISSING_SIBLING: Code = Code::warning(
    "renlib::missing-sibling",
    "announced siblings never written",
)
.explain(
    "A node says a sibling follows, and the file ends first.",
    "a library cut after a sibling flag",
    "kifu closes the tree there.",
    "Find the complete file.",
);

/// `renlib::guessed-encoding` (warning): the texts are not UTF-8; their encoding was guessed.
pub const RENLIB_GUESSED_ENCODING: Code = Code::warning(
    "renlib::guessed-encoding",
    "the texts are not UTF-8; their encoding was guessed",
)
.explain(
    "RenLib texts are in the writer's code page.",
    "a library with CP1252 comments",
    "kifu decodes them by one statistical guess and says so.",
    "Nothing, if the texts read right.",
);

/// `renlib::malformed-text` (error): text bytes the chosen encoding cannot decode.
pub const RENLIB_MALFORMED_TEXT: Code = Code::error(
    "renlib::malformed-text",
    "text bytes the chosen encoding cannot decode",
)
.explain(
    "A comment or board text has bytes invalid in the library's encoding.",
    "a comment mixing encodings",
    "kifu replaces them with U+FFFD and reports each.",
    "Repair the comment.",
);

/// `rif::syntax` (error): malformed XML.
pub const RIF_SYNTAX: Code = Code::error("rif::syntax", "malformed XML").explain(
    "A RIF database is XML.",
    "a tag that is never closed",
    "kifu stops reading there and keeps the games read.",
    "Repair the XML.",
);

/// `rif::not-a-database` (error): no `<database>` element.
pub const RIF_NOT_A_DATABASE: Code = Code::error("rif::not-a-database", "no <database> element")
    .explain(
        "A RIF database's root element is <database>.",
        "any other XML file given with -f rif",
        "kifu reads no game.",
        "Check that the file is a RIF database.",
    );

/// `rif::unclosed` (error): the file ends inside `<games>`, a table or a game.
pub const RIF_UNCLOSED: Code = Code::error(
    "rif::unclosed",
    "the file ends inside <games>, a table or a game",
)
.explain(
    "The database was cut short.",
    "a database missing its last lines",
    "kifu keeps the games read and the one it ends in.",
    "Find the complete file.",
);

/// `rif::missing-id` (warning): a table row without an id.
pub const RIF_MISSING_ID: Code = Code::warning("rif::missing-id", "a table row without an id")
    .explain(
        "Games refer to players, tournaments and rules by id.",
        "`<player name=\"X\"/>`",
        "kifu cannot refer to the row.",
        "Give the row its id.",
    );

/// `rif::unknown-reference` (warning): an id not in its table.
pub const RIF_UNKNOWN_REFERENCE: Code =
    Code::warning("rif::unknown-reference", "an id not in its table").explain(
        "A game names a player, tournament, rule, opening or publisher id that no row has.",
        "`<game black=\"999\">` with no player 999",
        "kifu leaves that field empty.",
        "Add the row or correct the id.",
    );

/// `rif::bad-result` (warning): bresult is not 1, 0 or 0.5.
pub const RIF_BAD_RESULT: Code = Code::warning("rif::bad-result", "bresult is not 1, 0 or 0.5")
    .explain(
        "bresult is black's score: 1 a win, 0 a loss, 0.5 a draw.",
        "`bresult=\"2\"`",
        "kifu records no result.",
        "Write 1, 0 or 0.5.",
    );

/// `rif::bad-move` (error): a move token is not a 15x15 point.
pub const RIF_BAD_MOVE: Code = Code::error("rif::bad-move", "a move token is not a 15x15 point")
    .explain(
        "Moves are points such as h8.",
        "`<move>h8 z9</move>`",
        "kifu stops the game there.",
        "Correct the move.",
    );

/// `rif::point-played-twice` (error): a point already played.
pub const RIF_POINT_PLAYED_TWICE: Code =
    Code::error("rif::point-played-twice", "a point already played").explain(
        "Each point takes one stone.",
        "`<move>h8 h8</move>`",
        "kifu stops the game there.",
        "Correct the moves.",
    );

/// `loss::annotations` (loss): a node's name, judgement, hotspot, score or shown move number was left out.
pub const LOSS_ANNOTATIONS: Code = Code::loss(
    "loss::annotations",
    "a node's name, judgement, hotspot, score or shown move number was left out",
)
.explain(
    "The record marks a node with something the target has no place for: a node name (SGF N), a judgement of the move or the position (BM, TE, GB …), a hotspot, an estimated score, or a move number to show.",
    "An SGF with `BM[1]` converted with `kifu convert -t kif`.",
    "The writer leaves it out and reports one loss per field and game, naming the first node and how many there are.",
    "Convert to SGF or the kifu JSON model to keep it, or accept the loss.",
);

/// `loss::bookmarks` (loss): bookmarks were left out.
pub const LOSS_BOOKMARKS: Code = Code::loss("loss::bookmarks", "bookmarks were left out").explain(
    "The record has bookmarks (KIF `&` lines) and the target has no place for them.",
    "A KIF with a `&定跡` line converted with `kifu convert -t jkf`.",
    "The writer leaves them out and reports this loss, naming the first and how many there are.",
    "Convert to KIF, KI2 or the kifu JSON model to keep them, or accept the loss.",
);

/// `loss::comments` (loss): comments were left out.
pub const LOSS_COMMENTS: Code = Code::loss(
    "loss::comments",
    "comments were left out",
)
.explain(
    "The record has comments (on moves, or on the whole game) and the target has no place for them.",
    "A KIF with `*` comment lines converted with `kifu convert -t usi`.",
    "The writer leaves them out and reports this loss, naming the first and how many there are.",
    "Convert to a format with comments (SGF, KIF, KI2, CSA, JKF), or accept the loss.",
);

/// `loss::ending` (loss): a special end of the game was left out.
pub const LOSS_ENDING: Code = Code::loss(
    "loss::ending",
    "a special end of the game was left out",
)
.explain(
    "The record ends a line with a special end (投了, 千日手, a time loss …) and the target has no place for it.",
    "A KIF ending in `投了` converted with `kifu convert -t sgf` (SGF keeps the result in RE, not the end).",
    "The writer leaves it out and reports this loss.",
    "Convert to a shogi format to keep it, or accept the loss.",
);

/// `loss::ending-changed` (loss): a special end was written as another.
pub const LOSS_ENDING_CHANGED: Code = Code::loss(
    "loss::ending-changed",
    "a special end was written as another",
)
.explain(
    "The record ends with 封じ手 (a sealed move), 不戦勝 or 不戦敗, and the target has no word for it (CSA and JKF).",
    "A KI2 ending in 封じ手 converted with `kifu convert -t csa`.",
    "The writer writes an interruption (%CHUDAN) instead and reports this loss.",
    "Convert to KIF, KI2 or the kifu JSON model to keep it, or accept the loss.",
);

/// `loss::extras` (loss): data kept for another format was left out.
pub const LOSS_EXTRAS: Code = Code::loss(
    "loss::extras",
    "data kept for another format was left out",
)
.explain(
    "The record holds data only its own format knows (an SGF private property, a KIF header no field holds, a CSA `'` remark) and the target has no place for it.",
    "An SGF with `XY[1]` converted with `kifu convert -t kif`.",
    "The writer leaves it out and reports this loss, naming the key and its value.",
    "Convert back to the source's format, or to the kifu JSON model, to keep it; or accept the loss.",
);

/// `loss::game-info` (loss): game information the target cannot hold was left out.
pub const LOSS_GAME_INFO: Code = Code::loss(
    "loss::game-info",
    "game information the target cannot hold was left out",
)
.explain(
    "The record has game information (players, ranks, date, event, komi, result …) the target has no place for.",
    "An SGF with `KM[6.5]` converted with `kifu convert -t kif`, or a KIF with players converted with `-t usi`.",
    "The writer leaves the field out and reports this loss, naming the field and its value.",
    "Convert to a format that has the field (SGF and the kifu JSON model have them all), or accept the loss.",
);

/// `loss::markup` (loss): board markup was left out.
pub const LOSS_MARKUP: Code = Code::loss(
    "loss::markup",
    "board markup was left out",
)
.explain(
    "The record draws on the board (symbols, labels, arrows, lines, dimmed points, numbered stones) and the target has no place for it.",
    "An SGF with `TR[dd]` converted with `kifu convert -t psq`.",
    "The writer leaves it out and reports this loss, naming the first node and how many there are.",
    "Convert to SGF or the kifu JSON model to keep it, or accept the loss.",
);

/// `loss::moves` (loss): the moves were left out.
pub const LOSS_MOVES: Code = Code::loss("loss::moves", "the moves were left out").explain(
    "The target holds a board and no moves (a .gonu file), and the record has moves.",
    "A gonu game with moves converted with `kifu convert -t gonu`.",
    "The writer writes the board only and reports this loss.",
    "Keep the moves in the kifu JSON model, or accept the loss.",
);

/// `loss::root-comment` (loss): a comment on the start position is written into the game comment.
pub const LOSS_ROOT_COMMENT: Code = Code::loss(
    "loss::root-comment",
    "a comment on the start position is written into the game comment",
)
.explain(
    "KIF, KI2 and JKF have no comment on the starting position apart from the game's comment; the record has one.",
    "An SGF record with a comment in the root converted with `kifu convert -t kif`.",
    "The writer writes the comment as part of the game comment and reports this loss.",
    "Accept it, or keep the record in a format with root comments (SGF, the kifu JSON model).",
);

/// `loss::setup` (loss): setup stones or pieces were left out.
pub const LOSS_SETUP: Code = Code::loss(
    "loss::setup",
    "setup stones or pieces were left out",
)
.explain(
    "The record adds or removes stones (or sets the side to play) in a node, and the target has no place for it.",
    "An SGF with `AB[dd]` in a move node converted with `kifu convert -t omok`.",
    "The writer leaves it out and reports this loss.",
    "Convert to SGF or the kifu JSON model to keep it, or accept the loss.",
);

/// `loss::times` (loss): times were left out.
pub const LOSS_TIMES: Code = Code::loss(
    "loss::times",
    "times were left out",
)
.explain(
    "The record gives times (time spent per move, total time, time or periods left) and the target has no place for them.",
    "A KIF with times converted with `kifu convert -t ki2`.",
    "The writer leaves them out and reports this loss, naming the first and how many there are. A total that only adds up the times spent is not lost when the times spent are written.",
    "Convert to a format with times (KIF, CSA, JKF for shogi; SGF for time left), or accept the loss.",
);

/// `loss::variation-info` (loss): game information of one variation cannot be written in this format.
pub const LOSS_VARIATION_INFO: Code = Code::loss(
    "loss::variation-info",
    "game information of one variation cannot be written in this format",
)
.explain(
    "The record holds game information for one variation only (SGF game-info nodes inside variations); the target format has one set of game information per game.",
    "An SGF with PW in two variations converted with `kifu convert -t kiseong`.",
    "The writer writes the game's own information only and reports this loss.",
    "Convert to SGF or JSON, or split the tree into games first.",
);

/// `loss::variations` (loss): variations were left out.
pub const LOSS_VARIATIONS: Code = Code::loss(
    "loss::variations",
    "variations were left out",
)
.explain(
    "The record has variations and the target holds the main line only (or, for Kiseong, no variation inside a variation).",
    "A KIF with `変化：` blocks converted with `kifu convert -t csa`.",
    "The writer writes the main line (and what variations it can) and reports this loss with the count left out.",
    "Convert to a format with variations (SGF, KIF, KI2, JKF), or split the variations into games with `kifu split --variations`.",
);

/// Every code, sorted by name (a test keeps it so; [`lookup`] searches it).
pub static ALL: &[Code] = &[
    CSA_BAD_MOVE,
    CSA_BAD_POSITION,
    CSA_BAD_TIME,
    CSA_MOVE_AFTER_END,
    CSA_NO_START_POSITION,
    CSA_TIME_FRACTIONS_DROPPED,
    CSA_TIME_OUT_OF_RANGE,
    CSA_UNKNOWN_LINE,
    CSA_UNKNOWN_SPECIAL,
    GIB_BAD_COLOR,
    GIB_BAD_HANDICAP,
    GIB_BAD_HEADER,
    GIB_BAD_INI,
    GIB_BAD_MOVE,
    GIB_DUPLICATE_INI,
    GIB_MISPLACED_HEADER,
    GIB_MOVE_NUMBER,
    GIB_NOT_GIB,
    GIB_OFF_BOARD,
    GIB_REMARK,
    GIB_STRAY_LINE,
    GIB_TRAILING_TEXT,
    GIB_TWO_KOMIS,
    GIB_UNCLOSED_HEADER,
    GIB_UNKNOWN_LINE,
    GIB_UNTERMINATED,
    GO_KO,
    GO_KOMI_MARGIN,
    GO_OCCUPIED,
    GO_OFF_BOARD,
    GO_SAME_COLOUR_TWICE,
    GO_SETUP_NO_EFFECT,
    GO_SUICIDE,
    GO_SUPERKO,
    GO_TRIPLE_KO,
    GONU_AFTER_END,
    GONU_BAD_EDGE,
    GONU_BAD_FLAG,
    GONU_BAD_GLYPH,
    GONU_BAD_NUMBER,
    GONU_COLOUR,
    GONU_COUNT_MISMATCH,
    GONU_DISCONNECTED,
    GONU_DOCUMENTATION_LINE,
    GONU_EDGE_CHAR,
    GONU_EDGE_ORDER,
    GONU_EMPTY,
    GONU_FIELD_COUNT,
    GONU_FREE_COUNT,
    GONU_FREE_TOTAL,
    GONU_ISOLATED_VERTEX,
    GONU_MATRIX_UNSUPPORTED,
    GONU_MISSING_ADJACENCY,
    GONU_MISSING_COUNT,
    GONU_MISSING_DEPLOY,
    GONU_MISSING_END,
    GONU_NEIGHBOUR_OUT_OF_RANGE,
    GONU_NO_CASTLE,
    GONU_NO_SUCH_VERTEX,
    GONU_OCCUPIER,
    GONU_OFF_SCREEN,
    GONU_PIECE_COUNT,
    GONU_PIECE_IN_OWN_CASTLE,
    GONU_RANGE,
    GONU_REMARK,
    GONU_SAME_SPOT,
    GONU_SELF_LOOP,
    GONU_SHARED_VERTEX,
    GONU_STACKABLE,
    GONU_TOO_FEW_CELLS,
    GONU_TOO_MANY_CASTLES,
    GONU_TOO_MANY_VERTICES,
    GONU_TRAILING_WHITESPACE,
    GONU_UNEXPECTED_LINE,
    GONU_UNREACHABLE_CASTLE,
    GONU_WIDE_GLYPH,
    JKF_BAD_INITIAL,
    JKF_BAD_MOVE,
    JKF_SYNTAX,
    JKF_UNKNOWN_SPECIAL,
    JKF_UNREAD_FIELD,
    JSON_DROPPED_KEY,
    JSON_INVALID,
    JSON_SYNTAX,
    JSON_UNKNOWN_KEY,
    JSON_UNREAD_FIELD,
    JSON_VERSION,
    KI2_AMBIGUOUS,
    KI2_BAD_MOVE,
    KI2_NO_CANDIDATE,
    KI2_UNNEEDED_MODIFIER,
    KIF_BAD_BOARD,
    KIF_BAD_HAND,
    KIF_BAD_MOVE,
    KIF_BAD_ORIGIN,
    KIF_BAD_TIME,
    KIF_BAD_VARIATION,
    KIF_DROP_WITH_ORIGIN,
    KIF_MOVE_AFTER_END,
    KIF_MOVE_NUMBER,
    KIF_NO_ORIGIN,
    KIF_SAME_WITHOUT_PREVIOUS,
    KIF_TRAILING_TEXT,
    KIF_UNKNOWN_HANDICAP,
    KIF_UNKNOWN_LINE,
    KIF_UNKNOWN_PIECE,
    KIF_VARIATION_PARENT,
    KISEONG_ARGUMENT_COUNT,
    KISEONG_BAD_COMMAND,
    KISEONG_EMPTY_DIAGRAM,
    KISEONG_EMPTY_VARIATION,
    KISEONG_FORBIDDEN_CHARACTER,
    KISEONG_LABEL_DROPPED,
    KISEONG_LABEL_OUT_OF_RANGE,
    KISEONG_MISSING_END,
    KISEONG_MISSING_START,
    KISEONG_MOVE_COUNT,
    KISEONG_MOVE_DROPPED,
    KISEONG_NESTED_SAVE,
    KISEONG_NESTED_VARIATION,
    KISEONG_NO_COMMAND,
    KISEONG_NODE_MERGED,
    KISEONG_NUMBER_DROPPED,
    KISEONG_OFF_BOARD,
    KISEONG_PASS_DROPPED,
    KISEONG_REPLACED_CHARACTER,
    KISEONG_RESTORE_WITHOUT_SAVE,
    KISEONG_SAME_COLOUR_TWICE,
    KISEONG_SAVE_WITHOUT_RESTORE,
    KISEONG_SETUP_DROPPED,
    KISEONG_SYMBOL_DROPPED,
    KISEONG_UNBALANCED_VARIATION,
    KISEONG_UNKNOWN_CONTROL,
    KISEONG_UNKNOWN_PLACEMENT,
    KISEONG_UNKNOWN_VERSION,
    KISEONG_UNTERMINATED_NAME,
    KISEONG_VARIATION_IN_DIAGRAM,
    LOSS_ANNOTATIONS,
    LOSS_BOOKMARKS,
    LOSS_COMMENTS,
    LOSS_ENDING,
    LOSS_ENDING_CHANGED,
    LOSS_EXTRAS,
    LOSS_GAME_INFO,
    LOSS_MARKUP,
    LOSS_MOVES,
    LOSS_ROOT_COMMENT,
    LOSS_SETUP,
    LOSS_TIMES,
    LOSS_VARIATION_INFO,
    LOSS_VARIATIONS,
    NDJSON_NO_GAME,
    NGF_BAD_COLOR,
    NGF_BAD_HANDICAP,
    NGF_BAD_KOMI,
    NGF_BAD_LINE,
    NGF_BAD_SIZE,
    NGF_COORDINATES_DISAGREE,
    NGF_MOVE_COUNT,
    NGF_MOVE_NUMBER,
    NGF_PASS,
    NGF_SHORT_HEADER,
    NGF_TRAILING_TEXT,
    OMOK_COUNT_MISMATCH,
    OMOK_EMPTY,
    OMOK_OFF_BOARD,
    OMOK_POINT_PLAYED_TWICE,
    OMOK_RULE_DROPPED,
    OMOK_TOO_MANY_MOVES,
    PSQ_BAD_FIRST,
    PSQ_BAD_HEADER,
    PSQ_BAD_MOVE,
    PSQ_BAD_SIZE,
    PSQ_BAD_TIME,
    PSQ_NAME_CHANGED,
    PSQ_OFF_BOARD,
    PSQ_POINT_PLAYED_TWICE,
    PSQ_RULE_DROPPED,
    PSQ_UNEXPECTED_LINES,
    PSQ_UNREAD_MOVES,
    RECORD_EMPTY,
    RENJU_AFTER_END,
    RENJU_DOUBLE_FOUR,
    RENJU_DOUBLE_THREE,
    RENJU_FALSE_RESULT,
    RENJU_NOT_ALTERNATING,
    RENJU_OCCUPIED,
    RENJU_OFF_BOARD,
    RENJU_OFF_CENTRE,
    RENJU_OVERLINE,
    RENJU_UNDECIDED,
    RENJU_UNKNOWN_RULE,
    RENLIB_AFTER_LAST_LEAF,
    RENLIB_BAD_HEADER,
    RENLIB_BAD_STRUCTURE,
    RENLIB_DUPLICATE_MOVE,
    RENLIB_GUESSED_ENCODING,
    RENLIB_MALFORMED_TEXT,
    RENLIB_MISSING_SIBLING,
    RENLIB_NEWER_VERSION,
    RENLIB_NO_HEADER,
    RENLIB_OFF_BOARD,
    RENLIB_TRUNCATED,
    RENLIB_UNKNOWN_FLAGS,
    RIF_BAD_MOVE,
    RIF_BAD_RESULT,
    RIF_MISSING_ID,
    RIF_NOT_A_DATABASE,
    RIF_POINT_PLAYED_TWICE,
    RIF_SYNTAX,
    RIF_UNCLOSED,
    RIF_UNKNOWN_REFERENCE,
    SGF_ANNOTATION_WITHOUT_MOVE,
    SGF_BAD_BOARD_SIZE,
    SGF_BAD_POINT,
    SGF_BAD_VALUE,
    SGF_BAD_VARIATION_START,
    SGF_CONTRADICTING_ANNOTATION,
    SGF_DATE_NORMALIZED,
    SGF_DEFAULT_CHARSET,
    SGF_DUPLICATE_MARKUP,
    SGF_DUPLICATE_PROPERTY,
    SGF_DUPLICATE_PROPERTY_MERGED,
    SGF_EMPTY_DOUBLE,
    SGF_EMPTY_VALUE,
    SGF_EMPTY_VARIATION,
    SGF_EXPECTED_COMPOSE,
    SGF_FF4_PASS_IN_OLD_FORMAT,
    SGF_FOREIGN_MOVE,
    SGF_FOX_KOMI,
    SGF_GAME_INFO_MOVED,
    SGF_GAME_INFO_OUTSIDE_ROOT,
    SGF_HANDICAP_MISMATCH,
    SGF_HANDICAP_WITHOUT_STONES,
    SGF_IDENTIFIER_TOO_LONG,
    SGF_ILLEGAL_CHARACTERS,
    SGF_JAPANESE_TIME,
    SGF_KEPT_VALUE_DROPPED,
    SGF_LEGACY_COLOR,
    SGF_LEGACY_DATE,
    SGF_LEGACY_KOMI,
    SGF_LEGACY_TIME,
    SGF_LONG_IDENTIFIER,
    SGF_LOWERCASE_IDENTIFIER,
    SGF_MISSING_CLOSE,
    SGF_MISSING_SEMICOLON,
    SGF_MIXED_CHARSETS,
    SGF_MIXED_FILE_FORMATS,
    SGF_MOVE_IN_ROOT,
    SGF_MOVE_WITH_SETUP,
    SGF_NIHON_KIIN_DIALECT,
    SGF_NO_GAME,
    SGF_NO_UPPERCASE_IDENTIFIER,
    SGF_NODE_OUTSIDE_VARIATION,
    SGF_NON_ISO_DATE,
    SGF_NONSTANDARD_RESULT,
    SGF_NUL_BYTE,
    SGF_NUL_CHARACTER,
    SGF_OBSOLETE_PROPERTY,
    SGF_OLD_IDENTIFIER,
    SGF_OLD_PROPERTY,
    SGF_PROPERTY_WITHOUT_VALUE,
    SGF_ROOT_PROPERTY_OUTSIDE_ROOT,
    SGF_SETUP_REPEATS_MOVE,
    SGF_SPACES_IN_POINT,
    SGF_SQUARE_AS_RECTANGLE,
    SGF_TEXT_OUTSIDE_GAME,
    SGF_TIME_WITHOUT_MOVE,
    SGF_TOO_MANY_VALUES,
    SGF_TT_PASS,
    SGF_TWO_MOVES,
    SGF_UNCLOSED_VALUE,
    SGF_UNKNOWN_FILE_FORMAT,
    SGF_UNKNOWN_PROPERTY,
    SGF_UNKNOWN_RULES,
    SGF_UNSUPPORTED_GAME,
    SGF_VALUE_WITHOUT_IDENTIFIER,
    SGF_VARIATION_GAME_INFO,
    SHOGI_CAPTURE_MISMATCH,
    SHOGI_DEAD_PIECE,
    SHOGI_DOUBLE_PAWN,
    SHOGI_DOUBTFUL_IMPASSE,
    SHOGI_DROP_OCCUPIED,
    SHOGI_DROP_PAWN_MATE,
    SHOGI_FALSE_CHECKMATE,
    SHOGI_FALSE_DECLARATION,
    SHOGI_FALSE_NO_MATE,
    SHOGI_FALSE_REPETITION,
    SHOGI_NO_MOVABLE_PIECE,
    SHOGI_NO_PIECE,
    SHOGI_NOT_A_SHOGI_MOVE,
    SHOGI_NOT_IN_HAND,
    SHOGI_NOT_PROMOTABLE,
    SHOGI_OUTSIDE_ZONE,
    SHOGI_OWN_PIECE,
    SHOGI_PERPETUAL_CHECK,
    SHOGI_PROMOTED_DROP,
    SHOGI_RECORDED_FOUL,
    SHOGI_SELF_CHECK,
    SHOGI_UNCLAIMED_CHECKMATE,
    SHOGI_UNCLAIMED_REPETITION,
    SHOGI_UNREACHABLE,
    SHOGI_WRONG_PIECE,
    SHOGI_WRONG_SIDE,
    TEXT_DECLARED_MISMATCH,
    TEXT_GUESSED_ENCODING,
    TEXT_MALFORMED,
    TEXT_NORMALIZED,
    TEXT_UNKNOWN_CHARSET,
    UGF_BAD_COLOR,
    UGF_BAD_COMMENT,
    UGF_BAD_DATE,
    UGF_BAD_HANDICAP,
    UGF_BAD_HEADER,
    UGF_BAD_KOMI,
    UGF_BAD_MOVE,
    UGF_BAD_NODE,
    UGF_BAD_POINT,
    UGF_BAD_SIZE,
    UGF_COMMENT_TARGET,
    UGF_DUPLICATE_NODE,
    UGF_NO_HEADER,
    UGF_OUTSIDE_SECTION,
    UGF_REVIEW_DIFFERS,
    UGF_STRAY_COMMENT,
    UGF_UNCLOSED_VARIATION,
    UGF_UNKNOWN_SECTION,
    UGF_UNOPENED_VARIATION,
    USI_BAD_MOVE,
    USI_BAD_SFEN,
    USI_ENDING_CHANGED,
    USI_ENDING_DROPPED,
    USI_MOVE_AFTER_END,
    USI_SYNTAX,
];

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
