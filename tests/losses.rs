//! Loss accounting (#19): whatever a writer does not write comes back as a loss.
//! For every writer, a game of each family it holds with every field filled, and
//! every fixture, is written and read back; each filled field either reads back
//! equal or a loss of its code naming it was reported.

use std::path::{Path, PathBuf};

use kifu::diag::Loss;
use kifu::formats::{self, Format, InfoField, Lines, NodeField};
use kifu::model::{
    Collection, Color, Emphasis, Ending, EndingKind, Extras, Game, GameInfo, GameKind, GameResult,
    GomokuRule, Handicap, InfoRest, Label, Line, Markup, Move, MoveAnnotation, Node, NodeId,
    NumberedStone, PieceKind, Player, Point, PositionAnnotation, Setup, Shape, ShogiMove,
    ShogiStart, Square, StoneMove, Symbol, WinReason,
};
use kifu::text::TextEncoding;
use kifu::Input;
use serde_json::Value;

/// The codes a writer may report for a field it writes only in part.
fn partial_codes(field: &str) -> &'static [&'static str] {
    match field {
        "black" | "white" => &["psq::name-changed", "kiseong::replaced-character"],
        "title" => &["kiseong::replaced-character"],
        "game_comment" => &["loss::root-comment"],
        "comment" => &["kiseong::replaced-character", "loss::root-comment"],
        "setup" => &["kiseong::setup-dropped"],
        "markup" => &[
            "kiseong::label-dropped",
            "kiseong::symbol-dropped",
            "kiseong::number-dropped",
        ],
        "time_used_ms" => &["csa::time-fractions-dropped"],
        "time_left" | "periods_left" => &["sgf::time-without-move"],
        "ending" => &[
            "usi::ending-changed",
            "usi::ending-dropped",
            "loss::ending-changed",
        ],
        "extras" => &["sgf::kept-value-dropped"],
        _ => &[],
    }
}

/// The codes that account for a line of play written otherwise than read.
const STRUCTURE: &[&str] = &[
    "loss::variations",
    "loss::moves",
    "kiseong::pass-dropped",
    "kiseong::move-dropped",
    "kiseong::node-merged",
    // Setup stones Kiseong cannot place are dropped, and a node that held only them
    // with them.
    "kiseong::setup-dropped",
    "usi::ending-dropped",
];

/// The shared code and field name(s) a loss of this JSON field names.
fn shared(field: &str) -> (&'static str, Vec<&'static str>) {
    let info = |f: &[InfoField]| f.iter().map(|f| f.name()).collect();
    let node = |f: &[NodeField]| f.iter().map(|f| f.name()).collect();
    match field {
        "black" => (
            "loss::game-info",
            info(&[
                InfoField::BlackName,
                InfoField::BlackRank,
                InfoField::BlackTeam,
            ]),
        ),
        "white" => (
            "loss::game-info",
            info(&[
                InfoField::WhiteName,
                InfoField::WhiteRank,
                InfoField::WhiteTeam,
            ]),
        ),
        "game_comment" => ("loss::comments", info(&[InfoField::GameComment])),
        "comment" => ("loss::comments", node(&[NodeField::Comment])),
        "name" => ("loss::annotations", node(&[NodeField::Name])),
        "move_annotation" => ("loss::annotations", node(&[NodeField::MoveAnnotation])),
        "position_annotation" => ("loss::annotations", node(&[NodeField::PositionAnnotation])),
        "hotspot" => ("loss::annotations", node(&[NodeField::Hotspot])),
        "value" => ("loss::annotations", node(&[NodeField::Value])),
        "move_number" => ("loss::annotations", node(&[NodeField::MoveNumber])),
        "time_left" => ("loss::times", node(&[NodeField::TimeLeft])),
        "periods_left" => ("loss::times", node(&[NodeField::PeriodsLeft])),
        "time_used_ms" => ("loss::times", node(&[NodeField::TimeUsed])),
        "time_total_ms" => ("loss::times", node(&[NodeField::TimeTotal])),
        "ending" => ("loss::ending", node(&[NodeField::Ending])),
        "bookmarks" => ("loss::bookmarks", node(&[NodeField::Bookmarks])),
        "analysis" => ("loss::analysis", node(&[NodeField::Analysis])),
        "setup" => ("loss::setup", node(&[NodeField::Setup])),
        "markup" => (
            "loss::markup",
            node(&[
                NodeField::Symbols,
                NodeField::Labels,
                NodeField::Arrows,
                NodeField::Lines,
                NodeField::Dimmed,
                NodeField::Numbered,
            ]),
        ),
        "extras" => ("loss::extras", vec![" field"]),
        "info" => ("loss::variation-info", vec!["variation"]),
        other => (
            "loss::game-info",
            InfoField::ALL
                .iter()
                .filter(|f| json_name(**f) == other)
                .map(|f| f.name())
                .collect(),
        ),
    }
}

/// The JSON key of a game-information field.
fn json_name(f: InfoField) -> &'static str {
    match f {
        InfoField::Title => "title",
        InfoField::Event => "event",
        InfoField::Round => "round",
        InfoField::Date => "date",
        InfoField::Place => "place",
        InfoField::Result => "result",
        InfoField::Rules => "rules",
        InfoField::Komi => "komi",
        InfoField::Handicap => "handicap",
        InfoField::MainTime => "main_time",
        InfoField::TimeControl => "time_control",
        InfoField::Annotator => "annotator",
        InfoField::Source => "source",
        InfoField::Copyright => "copyright",
        InfoField::Opening => "opening",
        InfoField::Recorder => "recorder",
        InfoField::Application => "application",
        InfoField::GameComment => "game_comment",
        InfoField::ShogiStart => "shogi_start",
        _ => "",
    }
}

/// True when a loss of game `g` accounts for `field`.
fn accounted(losses: &[Loss], g: usize, field: &str) -> bool {
    let (code, names) = shared(field);
    losses.iter().filter(|l| l.game == g).any(|l| {
        (l.code == code && names.iter().any(|n| l.message.contains(n)))
            || partial_codes(field).contains(&l.code.name)
    })
}

/// The model's JSON object of a value.
fn object<T: serde::Serialize>(v: &T) -> serde_json::Map<String, Value> {
    match serde_json::to_value(v) {
        Ok(Value::Object(m)) => m,
        _ => serde_json::Map::new(),
    }
}

/// The extras kept for a round trip, without layout hints.
fn kept(extras: Option<&Value>) -> Vec<Value> {
    extras
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter(|e| {
                    !e.get("key")
                        .and_then(Value::as_str)
                        .is_some_and(|k| k.ends_with(":layout"))
                })
                .cloned()
                .collect()
        })
        .unwrap_or_default()
}

/// Fields of `a` (filled) that `b` does not hold equal; extras compared entry by
/// entry (the reader may add its own).
fn differing(
    a: &serde_json::Map<String, Value>,
    b: &serde_json::Map<String, Value>,
    skip: &[&str],
) -> Vec<String> {
    let mut out = Vec::new();
    for (k, v) in a {
        if skip.contains(&k.as_str()) {
            continue;
        }
        if k == "extras" {
            let theirs = kept(b.get("extras"));
            if kept(Some(v)).iter().any(|e| !theirs.contains(e)) {
                out.push(k.clone());
            }
        } else if k == "black" || k == "white" {
            let theirs = b.get(k).and_then(Value::as_object);
            if let Some(mine) = v.as_object() {
                if mine
                    .iter()
                    .any(|(f, x)| theirs.and_then(|t| t.get(f)) != Some(x))
                {
                    out.push(k.clone());
                }
            }
        } else if b.get(k) != Some(v) {
            out.push(k.clone());
        }
    }
    out
}

/// What the target does with CSA remarks: KIF, KI2 and JKF write them as comments;
/// with CSA's `$END_TIME`: KIF's 終了日時 (and back). A source format's framing
/// (`header::is_framing`) is no content: left out of the comparison for the others.
fn carried(target: &Format, game: &mut Game) {
    if game.kind == GameKind::Shogi {
        let info = game.info.clone();
        let own = |key: &str| key.starts_with(&format!("{}:", target.name));
        game.info
            .extras
            .0
            .retain(|e| own(&e.key) || !kifu::internals::shogi_header::is_framing(e, &info));
        let (from, to) = match target.name {
            "kif" | "ki2" | "jkf" => ("csa:$END_TIME", "kif:終了日時"),
            "csa" => ("kif:終了日時", "csa:$END_TIME"),
            _ => ("", ""),
        };
        for e in &mut game.info.extras.0 {
            if e.key == from {
                e.key = to.to_string();
            }
        }
    }
    if !matches!(target.name, "kif" | "ki2" | "jkf") {
        return;
    }
    let fold = |comment: &mut Option<String>, extras: &mut Extras| {
        let Some(i) = extras.0.iter().position(|e| e.key == "csa:'") else {
            return;
        };
        let Some(remarks) = extras.0.remove(i).map(|e| e.values) else {
            return;
        };
        let mut lines: Vec<String> = comment.iter().cloned().collect();
        lines.extend(remarks);
        *comment = Some(lines.join("\n"));
    };
    let info = &mut game.info;
    fold(&mut info.rest.game_comment, &mut info.extras);
    let ids: Vec<NodeId> = game.tree.iter().map(|(id, _)| id).collect();
    for id in ids {
        if let Some(n) = game.tree.get_mut(id) {
            // Both fields of the node's rest, borrowed through one `DerefMut`.
            let rest = &mut **n;
            fold(&mut rest.comment, &mut rest.extras);
        }
    }
}

/// True when a target that writes the times spent but not totals read back a
/// total as none, and the total only added up the times spent (to the second).
fn derived(target: &Format, game: &Game, id: NodeId, back: &Node) -> bool {
    let totals = kifu::internals::account::running_totals(game);
    let total = game.tree.get(id).and_then(|n| n.time_total_ms());
    target.writes.node(NodeField::TimeUsed)
        && !target.writes.node(NodeField::TimeTotal)
        && back.time_total_ms().is_none()
        && total.is_some_and(|t| {
            totals
                .get(id.0 as usize)
                .is_some_and(|s| s / 1000 == t / 1000)
        })
}

/// The children of a node that a target writes.
fn followed(lines: Lines, node: &Node, on_main: bool) -> Vec<(NodeId, bool)> {
    let kids = node.children();
    match lines {
        Lines::All => kids.iter().map(|&k| (k, on_main)).collect(),
        Lines::Root => Vec::new(),
        Lines::MainLine => kids.first().map(|&k| (k, true)).into_iter().collect(),
        Lines::OneLevel if on_main => kids.iter().enumerate().map(|(i, &k)| (k, i == 0)).collect(),
        Lines::OneLevel => kids.first().map(|&k| (k, false)).into_iter().collect(),
    }
}

/// Compares a game written in `target` and read back with the original; returns
/// what differs without a loss that accounts for it.
fn unaccounted(
    target: &Format,
    original: &Game,
    back: &Game,
    losses: &[Loss],
    g: usize,
) -> Vec<String> {
    let mut original = original.clone();
    carried(target, &mut original);
    let mut problems = Vec::new();
    let (a, b) = (object(&original.info), object(&back.info));
    for field in differing(&a, &b, &[]) {
        // A gomoku rule text that names the game's rule is held by the game's kind.
        let kind_rule = match (&original.kind, &original.info.rules) {
            (GameKind::Gomoku { rule, .. }, Some(ru)) => {
                kifu::model::GomokuRule::named_by(ru) == *rule
            }
            _ => false,
        };
        if field == "rules" && kind_rule {
            continue;
        }
        // KIF, KI2 and JKF write a start comment into the game comment.
        if !accounted(losses, g, &field) {
            problems.push(format!(
                "game info {field}: {:?} read back as {:?}",
                a.get(&field),
                b.get(&field)
            ));
        }
    }
    let mut stack = vec![(NodeId::ROOT, NodeId::ROOT, true)];
    while let Some((ia, ib, main)) = stack.pop() {
        let (Some(na), Some(nb)) = (original.tree.get(ia), back.tree.get(ib)) else {
            continue;
        };
        if na.mv != nb.mv {
            if !losses
                .iter()
                .any(|l| l.game == g && STRUCTURE.contains(&l.code.name))
            {
                problems.push(format!(
                    "node {ia:?}: move {:?} read back as {:?}",
                    na.mv, nb.mv
                ));
            }
            continue;
        }
        let (a, mut b) = (object(na), object(nb));
        // An evaluation of no convention is written in the target's usual one (#35):
        // it reads back with that convention, which is no loss.
        if let (Some(Value::Array(ea)), Some(Value::Array(eb))) =
            (a.get("analysis"), b.get_mut("analysis"))
        {
            for (x, y) in ea.iter().zip(eb.iter_mut()) {
                if x.get("convention").is_none() {
                    if let Some(o) = y.as_object_mut() {
                        o.remove("convention");
                    }
                }
            }
        }
        for field in differing(&a, &b, &["children", "move"]) {
            if field == "time_total_ms" && derived(target, &original, ia, nb) {
                continue;
            }
            // Where the line's structure changed (and a loss says so), what a node
            // held may stand on its neighbour.
            let moved = losses
                .iter()
                .any(|l| l.game == g && STRUCTURE.contains(&l.code.name));
            if !moved && !accounted(losses, g, &field) {
                problems.push(format!(
                    "node {ia:?} {field}: {} read back as {}",
                    a.get(&field).map_or("-".into(), Value::to_string),
                    b.get(&field).map_or("-".into(), Value::to_string)
                ));
            }
        }
        for (i, (ka, on_main)) in followed(target.writes.lines, na, main)
            .into_iter()
            .enumerate()
        {
            let index = na.children().iter().position(|&c| c == ka).unwrap_or(i);
            match nb.children().get(index) {
                Some(&kb) => stack.push((ka, kb, on_main)),
                None => {
                    if !losses
                        .iter()
                        .any(|l| l.game == g && STRUCTURE.contains(&l.code.name))
                    {
                        problems.push(format!(
                            "node {ka:?} (child {index} of {ia:?}) not read back"
                        ));
                    }
                }
            }
        }
    }
    problems
}

/// Writes `collection` in `target` (UTF-8) and reads it back; `None` when the
/// writer refuses it.
fn round_trip(collection: &Collection, target: &'static Format) -> Option<(Collection, Vec<Loss>)> {
    let encoded = kifu::write(collection, target, Some(TextEncoding::UTF_8), None).ok()?;
    let back = kifu::read(&Input {
        bytes: (&encoded.bytes).into(),
        path: None,
        format: Some(target),
        encoding: Some(TextEncoding::UTF_8),
    })
    .ok()?;
    Some((back.parsed.collection, encoded.losses))
}

/// Every writer that holds this family.
fn writers(family: &str) -> Vec<&'static Format> {
    formats::all()
        .iter()
        .filter(|f| f.writer.is_some() && f.kinds.contains(&family))
        .collect()
}

/// Checks one collection against one writer; the problems found, or `None` when the
/// writer refused it.
fn check(collection: &Collection, target: &'static Format) -> Option<Vec<String>> {
    let (back, losses) = round_trip(collection, target)?;
    let mut problems = Vec::new();
    for (g, game) in collection.games.iter().enumerate() {
        match back.games.get(g) {
            Some(b) => problems.extend(unaccounted(target, game, b, &losses, g)),
            None => problems.push(format!("game {g} not read back")),
        }
    }
    Some(problems)
}

// ---- games with every field filled ----

fn player(name: &str) -> Player {
    Player {
        name: Some(name.into()),
        rank: Some("3d".into()),
        team: Some("Team".into()),
    }
}

fn full_info(kind: &GameKind) -> GameInfo {
    let mut extras = Extras::default();
    extras.push("test:key", vec!["kept".into()]);
    extras.push("csa:'", vec!["a remark".into()]);
    GameInfo {
        black: player("Black Player"),
        white: player("White Player"),
        rest: InfoRest {
            title: Some("The title".into()),
            event: Some("The event".into()),
            round: Some("3".into()),
            date: Some("2024-05-06".into()),
            place: Some("Seoul".into()),
            result: Some(GameResult::Win {
                winner: Color::White,
                reason: WinReason::Resign,
            }),
            rules: Some("Japanese".into()),
            komi: Some(6.5),
            handicap: Some(2),
            main_time: Some(600.0),
            time_control: Some("10 minutes".into()),
            annotator: Some("Annotator".into()),
            source: Some("Source".into()),
            copyright: Some("Copyright".into()),
            opening: Some("Opening".into()),
            recorder: Some("Recorder".into()),
            application: Some("App".into()),
            game_comment: Some("The game comment".into()),
        }
        .into(),
        shogi_start: matches!(kind, GameKind::Shogi).then_some(ShogiStart::Preset(Handicap::Even)),
        extras,
    }
}

/// The plain fields of a full node.
struct Filled {
    comment: Option<String>,
    name: Option<String>,
    move_annotation: Option<MoveAnnotation>,
    position_annotation: Option<PositionAnnotation>,
    hotspot: Option<Emphasis>,
    value: Option<f64>,
    move_number: Option<u32>,
    time_left: Option<f64>,
    periods_left: Option<u32>,
    time_used_ms: Option<u64>,
    time_total_ms: Option<u64>,
    bookmarks: Vec<String>,
    extras: Extras,
}

impl Filled {
    fn fill(self, n: &mut Node) {
        n.comment = self.comment;
        n.name = self.name.map(Into::into);
        n.move_annotation = self.move_annotation;
        n.position_annotation = self.position_annotation;
        n.hotspot = self.hotspot;
        n.value = self.value;
        n.move_number = self.move_number;
        n.set_time_left(self.time_left);
        n.times.periods_left = self.periods_left;
        n.set_time_used_ms(self.time_used_ms);
        n.set_time_total_ms(self.time_total_ms);
        n.bookmarks = self.bookmarks;
        n.extras = self.extras;
    }
}

/// `node` with a move.
fn with_move(mv: Move, mut node: Node) -> Node {
    node.mv = Some(mv);
    node
}

/// A node with every field but the move filled.
fn full_node(n: u32) -> Node {
    let p = |x: u8, y: u8| Point::new(x, y);
    let mut extras = Extras::default();
    extras.push("test:node", vec![format!("kept {n}")]);
    extras.push("csa:'", vec![format!("remark {n}")]);
    let mut node = Node::default();
    let fields = Filled {
        comment: Some(format!("comment {n}")),
        name: Some(format!("name {n}")),
        move_annotation: Some(MoveAnnotation::Good(Emphasis::Normal)),
        position_annotation: Some(PositionAnnotation::Even(Emphasis::Normal)),
        hotspot: Some(Emphasis::Normal),
        value: Some(1.5),
        move_number: Some(n),
        time_left: Some(30.0),
        periods_left: Some(2),
        // Times belong to moves: none on the start position.
        time_used_ms: (n > 0).then_some(5000),
        time_total_ms: (n > 0).then_some(99_000),
        bookmarks: vec![format!("mark {n}")],
        extras,
    };
    fields.fill(&mut node);
    // Setup belongs to nodes without a move (SGF keeps them apart): the root's.
    if n == 0 {
        *node.setup = Setup {
            add_black: vec![p(0, 0)],
            add_white: vec![p(1, 0)],
            clear: vec![p(2, 0)],
            to_play: Some(Color::Black),
        };
    }
    *node.markup = Markup {
        symbols: vec![Symbol {
            point: p(3, 3),
            shape: Shape::Triangle,
        }],
        labels: vec![Label {
            point: p(4, 4),
            text: "A".into(),
        }],
        arrows: vec![Line {
            from: p(5, 5),
            to: p(6, 6),
        }],
        lines: vec![Line {
            from: p(7, 7),
            to: p(8, 8),
        }],
        dimmed: vec![p(9, 9)],
        numbered: vec![NumberedStone {
            point: p(10, 10),
            color: Color::White,
            number: 5,
        }],
    };
    // Engine analysis (#35): JSON holds it as it is; SGF, KIF, KI2, JKF and CSA in a
    // convention, reporting what that convention cannot hold.
    node.analysis.push(kifu::model::Evaluation {
        score: Some(-1.5),
        winrate: Some(0.25),
        ..kifu::model::Evaluation::default()
    });
    node
}

/// A game of `kind` whose main line makes `main` and whose variations (one at the
/// second move, one inside it) make `alt` and `nested`; every node full, the last
/// one ending the game.
fn full_game(kind: GameKind, main: &[Move], alt: Move, nested: Move) -> Game {
    let mut game = Game::new(kind.clone());
    game.info = full_info(&kind);
    *game.tree.root_node_mut() = full_node(0);
    let mut at = NodeId::ROOT;
    let mut ids = Vec::new();
    for (i, mv) in main.iter().enumerate() {
        let n = u32::try_from(i).unwrap_or(0) + 1;
        at = game.tree.add_child(at, with_move(*mv, full_node(n)));
        ids.push(at);
    }
    let end = Node::with_ending(Ending {
        kind: EndingKind::Resign,
        color: Some(Color::Black),
    });
    let mut end = end;
    end.comment = Some("resigns".into());
    game.tree.add_child(at, end);
    let first = ids.first().copied().unwrap_or(NodeId::ROOT);
    let var = game.tree.add_child(first, with_move(alt, full_node(2)));
    if let Some(n) = game.tree.get_mut(var) {
        n.info = Some(Box::new(GameInfo {
            rest: InfoRest {
                event: Some("Variation event".into()),
                ..InfoRest::default()
            }
            .into(),
            ..GameInfo::default()
        }));
    }
    let next = game.tree.add_child(var, with_move(main[2], full_node(3)));
    let _ = next;
    game.tree.add_child(var, with_move(nested, full_node(3)));
    game
}

fn stone(color: Color, x: u8, y: u8) -> Move {
    Move::Stone(StoneMove {
        color,
        point: Some(Point::new(x, y)),
    })
}

fn go_like(kind: GameKind) -> Game {
    use Color::{Black as B, White as W};
    full_game(
        kind,
        &[
            stone(B, 3, 3),
            stone(W, 11, 11),
            stone(B, 3, 11),
            stone(W, 11, 3),
        ],
        stone(W, 11, 4),
        stone(B, 10, 10),
    )
}

fn shogi(color: Color, from: (u8, u8), to: (u8, u8)) -> Move {
    let sq = |(f, r): (u8, u8)| Square::new(f, r).unwrap_or_else(|| panic!("square {f}{r}"));
    Move::Shogi(ShogiMove {
        color,
        from: Some(sq(from)),
        to: sq(to),
        piece: PieceKind::Pawn,
        promote: false,
        capture: None,
    })
}

fn shogi_game() -> Game {
    use Color::{Black as B, White as W};
    full_game(
        GameKind::Shogi,
        &[
            shogi(B, (7, 7), (7, 6)),
            shogi(W, (3, 3), (3, 4)),
            shogi(B, (2, 7), (2, 6)),
            shogi(W, (8, 3), (8, 4)),
        ],
        shogi(W, (4, 3), (4, 4)),
        shogi(B, (6, 7), (6, 6)),
    )
}

fn gonu_game() -> Game {
    let path = root().join("fixtures/gonu/simple.gonu");
    let bytes = std::fs::read(&path).unwrap_or_default();
    let read = kifu::read(&Input {
        bytes: (&bytes).into(),
        path: Some(&path),
        format: None,
        encoding: None,
    })
    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let kind = read.parsed.collection.games.first().map(|g| g.kind.clone());
    let kind = kind.unwrap_or_else(|| panic!("no gonu board"));
    let mv = |color, from, to| {
        Move::Gonu(kifu::model::GonuMove {
            color,
            from: Some(from),
            to,
        })
    };
    full_game(
        kind,
        &[
            mv(Color::Black, 0, 1),
            mv(Color::White, 2, 3),
            mv(Color::Black, 1, 0),
            mv(Color::White, 3, 2),
        ],
        mv(Color::White, 3, 4),
        mv(Color::Black, 0, 4),
    )
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The full game of each family.
fn full_games() -> Vec<Game> {
    vec![
        go_like(GameKind::go(19)),
        go_like(GameKind::Gomoku {
            size: kifu::model::BoardSize::square(15),
            rule: GomokuRule::Gomoku,
        }),
        shogi_game(),
        gonu_game(),
    ]
}

#[test]
fn every_writer_reports_every_field_it_leaves_out_of_a_full_game() {
    let mut checked = 0;
    let mut problems = Vec::new();
    for game in full_games() {
        let family = game.kind.family();
        for target in writers(family) {
            let collection = Collection {
                games: vec![game.clone()],
            };
            match check(&collection, target) {
                Some(found) => {
                    checked += 1;
                    problems.extend(
                        found
                            .into_iter()
                            .map(|p| format!("{family} -> {}: {p}", target.name)),
                    );
                }
                None => problems.push(format!("{family} -> {}: refused", target.name)),
            }
        }
    }
    assert_eq!(problems, Vec::<String>::new());
    // sgf kiseong psq omok json ndjson (go: sgf kiseong json ndjson; gomoku: sgf
    // omok psq json ndjson; shogi: kif ki2 csa usi jkf json ndjson; gonu: gonu json
    // ndjson).
    assert_eq!(checked, 4 + 5 + 7 + 3);
}

/// Every file under `fixtures/`.
fn fixtures() -> Vec<PathBuf> {
    walkdir::WalkDir::new(root().join("fixtures"))
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| !p.extension().is_some_and(|e| e == "md" || e == "txt"))
        .collect()
}

#[test]
fn every_writer_of_the_family_reports_what_it_leaves_out_of_every_fixture() {
    let mut pairs = 0;
    let mut problems = Vec::new();
    for path in fixtures() {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let Ok(read) = kifu::read(&Input {
            bytes: (&bytes).into(),
            path: Some(&path),
            format: None,
            encoding: None,
        }) else {
            continue;
        };
        let collection = read.parsed.collection;
        let Some(family) = collection.games.first().map(|g| g.kind.family()) else {
            continue;
        };
        if collection.games.iter().any(|g| g.kind.family() != family) {
            continue;
        }
        for target in writers(family) {
            let parts: Vec<Collection> = if target.holds_many() {
                vec![collection.clone()]
            } else {
                collection
                    .games
                    .iter()
                    .map(|g| Collection {
                        games: vec![g.clone()],
                    })
                    .collect()
            };
            for part in parts {
                if let Some(found) = check(&part, target) {
                    pairs += 1;
                    let name = path
                        .strip_prefix(root())
                        .unwrap_or(&path)
                        .display()
                        .to_string();
                    problems.extend(
                        found
                            .into_iter()
                            .map(|p| format!("{name} -> {}: {p}", target.name)),
                    );
                }
            }
        }
    }
    let shown: Vec<&String> = problems.iter().take(200).collect();
    assert!(
        problems.is_empty(),
        "{} problem(s):\n{shown:#?}",
        problems.len()
    );
    assert!(pairs > 300, "{pairs} pairs checked");
}
