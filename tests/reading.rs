//! The reading contract (#33 point 1): every format has one read entry that pushes
//! its games, in source order, into a `Sink`, which says what it wants of each game
//! and when to stop; `kifu::read_into` is that entry for an input.

use kifu::formats::{self, Flow, Places, Sink, SourceInfo, Want};
use kifu::model::Game;
use kifu::Input;

/// Records every game it is given (black player, comments in the tree) and the
/// source it was told; stops after `stop_after` games.
struct Recorder {
    want: Want,
    stop_after: usize,
    source: Option<String>,
    games: Vec<(Option<String>, usize, usize)>,
}

impl Recorder {
    fn new(want: Want, stop_after: usize) -> Recorder {
        Recorder {
            want,
            stop_after,
            source: None,
            games: Vec::new(),
        }
    }
}

impl Sink for Recorder {
    fn source(&mut self, source: &SourceInfo) {
        assert!(self.games.is_empty(), "the source comes before the games");
        self.source = Some(source.format.clone());
    }
    fn wants(&self) -> Want {
        self.want
    }
    fn game(&mut self, game: &mut Game, places: Places<'_>) -> Flow {
        let comments = game
            .tree
            .iter()
            .filter(|(_, n)| n.comment.is_some())
            .count();
        let start = places.nodes.first().map_or(usize::MAX, |s| s.start);
        self.games
            .push((game.info.black.name.clone(), comments, start));
        if self.games.len() >= self.stop_after {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

const SGF: &str =
    "(;GM[1]SZ[9]PB[a]C[one];B[aa]C[x])\n(;GM[1]SZ[9]PB[b];B[bb])\n(;GM[1]SZ[9]PB[c]XX[y];W[cc])\n";

fn sgf() -> Input<'static> {
    Input {
        bytes: SGF.as_bytes().into(),
        path: None,
        format: formats::by_name("sgf"),
        encoding: None,
    }
}

#[test]
fn an_sgf_collection_is_pushed_game_by_game_until_the_sink_stops() {
    let mut all = Recorder::new(Want::Whole, usize::MAX);
    let read = kifu::read_into(sgf(), &mut all).expect("reads");
    assert_eq!(all.source.as_deref(), Some("sgf"));
    assert_eq!(
        all.games,
        [
            (Some("a".into()), 2, 1),
            (Some("b".into()), 0, 36),
            (Some("c".into()), 0, 61)
        ]
    );
    assert_eq!(read.games, 3);
    // The diagnostics are `read`'s.
    let whole = kifu::read(&sgf()).expect("reads");
    assert_eq!(read.diagnostics, whole.parsed.diagnostics);
    assert_eq!(
        read.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(),
        ["sgf::unknown-property"]
    );

    // Stopped after the second game: no third game reaches the sink.
    let mut two = Recorder::new(Want::Whole, 2);
    kifu::read_into(sgf(), &mut two).expect("reads");
    assert_eq!(two.games.len(), 2);

    // Moves only: the reader leaves the comments out.
    let mut moves = Recorder::new(Want::Moves, usize::MAX);
    kifu::read_into(sgf(), &mut moves).expect("reads");
    assert_eq!(
        moves.games.iter().map(|g| g.1).collect::<Vec<_>>(),
        [0, 0, 0]
    );
}

#[test]
fn a_format_read_whole_pushes_its_games_one_by_one() {
    // The JSON model has no in-order reader: the generic adapter reads it whole and
    // pushes each game, with its places.
    let collection = kifu::read(&sgf()).expect("reads").parsed.collection;
    let json = formats::by_name("json").expect("registered");
    let written = kifu::write(&collection, json, None, None).expect("writes");
    let input = Input {
        bytes: (&written.bytes).into(),
        path: None,
        format: Some(json),
        encoding: None,
    };
    let mut all = Recorder::new(Want::Whole, usize::MAX);
    let read = kifu::read_into(&input, &mut all).expect("reads");
    assert_eq!(all.source.as_deref(), Some("json"));
    let names: Vec<Option<String>> = all.games.iter().map(|g| g.0.clone()).collect();
    assert_eq!(
        names,
        [Some("a".into()), Some("b".into()), Some("c".into())]
    );
    assert_eq!(all.games.iter().map(|g| g.1).collect::<Vec<_>>(), [2, 0, 0]);
    assert_eq!(read.games, 3);
    let mut one = Recorder::new(Want::Whole, 1);
    kifu::read_into(&input, &mut one).expect("reads");
    assert_eq!(one.games.len(), 1);
}

#[test]
fn a_closure_is_a_sink_of_whole_games() {
    let mut names = Vec::new();
    let mut sink = |game: &mut Game, _: Places<'_>| {
        names.push(game.info.black.name.clone().unwrap_or_default());
        Flow::Continue
    };
    let format = formats::by_name("sgf").expect("registered");
    let end = format.read_into(formats::Source::Text(SGF), &mut sink);
    assert_eq!(names, ["a", "b", "c"]);
    assert_eq!(end.games, 3);
    assert!(!end.stopped);
}

/// `kifu::read` is a sink over the same entry: for a fixture of every format the
/// project has one of, the games it keeps, with their nodes' spans, are exactly the
/// games and spans a plain sink is handed through `kifu::read_into`, and its
/// diagnostics are `read_into`'s.
#[test]
fn read_keeps_exactly_what_the_entry_hands_on() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("fixtures").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if formats::by_extension(&path).is_some() {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut read_formats = std::collections::BTreeSet::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("fixture");
        let input = Input {
            bytes: (&bytes).into(),
            path: Some(path),
            format: None,
            encoding: None,
        };
        let Ok(whole) = kifu::read(&input) else {
            continue;
        };
        let mut handed: Vec<(Game, Vec<kifu::diag::Span>)> = Vec::new();
        let mut keep = |game: &mut Game, places: Places<'_>| {
            handed.push((game.clone(), places.nodes.to_vec()));
            Flow::Continue
        };
        let end = kifu::read_into(&input, &mut keep).expect("reads as read does");
        let shown = path.display();
        assert_eq!(end.diagnostics, whole.parsed.diagnostics, "{shown}");
        assert_eq!(handed.len(), whole.parsed.collection.games.len(), "{shown}");
        for (g, (game, spans)) in handed.iter().enumerate() {
            assert_eq!(game, &whole.parsed.collection.games[g], "{shown} game {g}");
            let kept = whole
                .parsed
                .node_spans
                .get(g)
                .map_or(&[][..], Vec::as_slice);
            assert_eq!(spans.as_slice(), kept, "{shown} game {g}");
        }
        read_formats.insert(whole.format.name);
    }
    // Every format with a fixture was read both ways.
    assert!(read_formats.len() >= 15, "{read_formats:?}");
}
