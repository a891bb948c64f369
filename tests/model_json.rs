//! Model ↔ JSON round trips on hand-built games of every kind, and trees far deeper
//! and longer than any recursion could survive.

use kifu::formats::{SourceInfo, WriteOptions};
use kifu::internals::json;
use kifu::model::*;

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank).expect("test squares are on the board")
}

fn stone(color: Color, point: Option<Point>) -> Node {
    Node::with_move(Move::Stone(StoneMove { color, point }))
}

/// A Go game using every Go feature of the model.
fn go_game() -> Game {
    let mut g = Game::new(GameKind::Go {
        size: BoardSize {
            width: 19,
            height: 13,
        },
    });
    g.info.black = Player {
        name: Some("홍길동".into()),
        rank: Some("4급".into()),
        team: None,
    };
    g.info.white.name = Some("임꺽정".into());
    g.info.white.rank = Some("3급".into());
    g.info.event = Some("응창기배 결승 제2국".into());
    g.info.date = Some("1996-12-01".into());
    g.info.komi = Some(6.5);
    g.info.handicap = Some(2);
    g.info.result = Some(GameResult::Win {
        winner: Color::White,
        reason: WinReason::Score(3.5),
    });
    g.info
        .extras
        .push("sgf:XX", vec!["private".into(), "two".into()]);
    {
        let root = g.tree.root_node_mut();
        root.setup.add_black = vec![p(3, 3), p(15, 9)];
        root.setup.to_play = Some(Color::White);
        root.comment = Some("line one\nline two ] \\ tricky".into());
    }
    let m1 = g
        .tree
        .add_child(NodeId::ROOT, stone(Color::White, Some(p(2, 2))));
    let mut n2 = stone(Color::Black, None);
    n2.set_time_left(Some(30.5));
    n2.times.periods_left = Some(3);
    n2.move_annotation = Some(MoveAnnotation::Bad(Emphasis::Strong));
    n2.position_annotation = Some(PositionAnnotation::Unclear(Emphasis::Normal));
    n2.hotspot = Some(Emphasis::Normal);
    n2.value = Some(-2.5);
    n2.name = Some("pass".into());
    n2.move_number = Some(42);
    let m2 = g.tree.add_child(m1, n2);
    let mut var = stone(Color::Black, Some(p(18, 12)));
    var.markup = Markup {
        symbols: vec![
            Symbol {
                point: p(0, 0),
                shape: Shape::Triangle,
            },
            Symbol {
                point: p(1, 0),
                shape: Shape::Square,
            },
            Symbol {
                point: p(2, 0),
                shape: Shape::Circle,
            },
            Symbol {
                point: p(3, 0),
                shape: Shape::Cross,
            },
            Symbol {
                point: p(4, 0),
                shape: Shape::Selected,
            },
        ],
        labels: vec![Label {
            point: p(5, 5),
            text: "가".into(),
        }],
        arrows: vec![Line {
            from: p(0, 0),
            to: p(4, 4),
        }],
        lines: vec![Line {
            from: p(1, 1),
            to: p(1, 5),
        }],
        dimmed: vec![p(6, 6)],
        numbered: vec![NumberedStone {
            point: p(7, 7),
            color: Color::Black,
            number: 99,
        }],
    }
    .into();
    var.setup.clear = vec![p(3, 3)];
    var.setup.add_white = vec![p(9, 9)];
    var.extras.push("kiseong:sound", vec!["7".into()]);
    g.tree.add_child(m1, var);
    g.tree.add_child(
        m2,
        Node::with_ending(Ending {
            kind: EndingKind::Resign,
            color: Some(Color::White),
        }),
    );
    g
}

fn gomoku_game() -> Game {
    let mut g = Game::new(GameKind::gomoku(GomokuRule::Renju));
    let mut at = NodeId::ROOT;
    for (i, (x, y)) in [(7, 7), (7, 8), (8, 8), (6, 6)].into_iter().enumerate() {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        at = g.tree.add_child(at, stone(color, Some(p(x, y))));
    }
    g.info.result = Some(GameResult::Unknown);
    g
}

fn shogi_game(start: ShogiStart) -> Game {
    let mut g = Game::new(GameKind::Shogi);
    g.info.shogi_start = Some(start);
    g.info.black.name = Some("先手".into());
    g.info.white.name = Some("後手".into());
    g.info.time_control = Some("各10分".into());
    g.info.extras.push("kif:棋戦詳細", vec!["第1局".into()]);
    let mut m1 = Node::with_move(Move::Shogi(ShogiMove {
        color: Color::Black,
        from: Some(sq(7, 7)),
        to: sq(7, 6),
        piece: PieceKind::Pawn,
        promote: false,
        capture: None,
    }));
    m1.set_time_used_ms(Some(10_000));
    m1.set_time_total_ms(Some(10_000));
    m1.comment = Some("*定跡".into());
    m1.bookmarks = vec!["序盤".into()];
    m1.extras.push("kif:same", vec![]);
    let a = g.tree.add_child(NodeId::ROOT, m1);
    let drop = Node::with_move(Move::Shogi(ShogiMove {
        color: Color::White,
        from: None,
        to: sq(5, 5),
        piece: PieceKind::Bishop,
        promote: false,
        capture: None,
    }));
    let b = g.tree.add_child(a, drop);
    let promo = Node::with_move(Move::Shogi(ShogiMove {
        color: Color::Black,
        from: Some(sq(8, 8)),
        to: sq(2, 2),
        piece: PieceKind::Bishop,
        promote: true,
        capture: Some(PieceKind::Horse),
    }));
    let c = g.tree.add_child(b, promo);
    for kind in EndingKind::ALL {
        g.tree.add_child(
            c,
            Node::with_ending(Ending {
                kind,
                color: Some(Color::White),
            }),
        );
    }
    g
}

fn custom_position() -> ShogiPosition {
    let mut pos = ShogiPosition::empty();
    pos.set(
        sq(5, 1),
        Some(Piece {
            color: Color::White,
            kind: PieceKind::King,
        }),
    );
    pos.set(
        sq(5, 9),
        Some(Piece {
            color: Color::Black,
            kind: PieceKind::King,
        }),
    );
    pos.set(
        sq(1, 1),
        Some(Piece {
            color: Color::Black,
            kind: PieceKind::Dragon,
        }),
    );
    pos.hands[0].gold = 2;
    pos.hands[1].pawn = 18;
    pos.to_move = Color::White;
    pos
}

fn gonu_game(deploy: GonuDeploy, edge_char: Option<char>) -> Game {
    let vertex = |x, y, glyph, p1, p2| GonuVertex {
        x,
        y,
        glyph,
        access: [p1, p2],
        fg: 15,
        bg: 0,
        occupier: 0,
    };
    let board = GonuBoard {
        vertices: vec![
            vertex(2, 1, '*', true, true),
            vertex(39, 1, '$', false, true),
            vertex(78, 1, '+', true, true),
            vertex(39, 38, '$', true, false),
        ],
        edges: vec![[0, 1], [1, 2], [2, 3], [0, 3]],
        deploy,
        edge_char,
    };
    let mut g = Game::new(GameKind::Gonu(Box::new(board)));
    g.tree.add_child(
        NodeId::ROOT,
        Node::with_move(Move::Gonu(GonuMove {
            color: Color::Black,
            from: Some(0),
            to: 1,
        })),
    );
    g
}

fn every_kind() -> Collection {
    let piece = |vertex| GonuPiece {
        vertex,
        fg: 15,
        bg: 0,
        range: 1,
        stackable: false,
    };
    Collection {
        games: vec![
            go_game(),
            gomoku_game(),
            Game::new(GameKind::gomoku(GomokuRule::Other("caro".into()))),
            shogi_game(ShogiStart::Preset(Handicap::Even)),
            shogi_game(ShogiStart::Preset(Handicap::LeftSevenPieces)),
            shogi_game(ShogiStart::Other(Box::new(custom_position()))),
            gonu_game(
                GonuDeploy::Normal {
                    pieces: [vec![piece(0)], vec![piece(2), piece(3)]],
                },
                Some('#'),
            ),
            gonu_game(
                GonuDeploy::Free {
                    counts: [5, 2, 0, 0, 1],
                },
                None,
            ),
        ],
    }
}

fn to_json(c: &Collection) -> String {
    json::write(c, &WriteOptions::default())
        .expect("json writes every kind")
        .output
}

#[test]
fn every_kind_round_trips_through_json() {
    let original = every_kind();
    let text = to_json(&original);
    let parsed = json::read(&text);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    assert_eq!(parsed.collection, original);
    // Writing what was read reproduces the text byte for byte.
    assert_eq!(to_json(&parsed.collection), text);
}

#[test]
fn json_shape_is_documented_and_stable() {
    let mut g = Game::new(GameKind::go(9));
    g.tree
        .add_child(NodeId::ROOT, stone(Color::Black, Some(p(2, 6))));
    let c = Collection { games: vec![g] };
    let source = SourceInfo {
        path: Some("a.sgf".into()),
        format: "sgf".into(),
        encoding: Some("UTF-8".into()),
        encoding_decided_by: Some("declared".into()),
    };
    let text = json::write(
        &c,
        &WriteOptions {
            source: Some(&source),
            ..WriteOptions::default()
        },
    )
    .expect("writes")
    .output;
    let value: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(value["version"], 1);
    assert_eq!(value["source"]["path"], "a.sgf");
    assert_eq!(value["source"]["encoding_decided_by"], "declared");
    assert_eq!(value["games"][0]["kind"]["go"]["size"]["width"], 9);
    assert_eq!(
        value["games"][0]["tree"]["nodes"][0]["children"],
        serde_json::json!([1])
    );
    assert_eq!(
        value["games"][0]["tree"]["nodes"][1]["move"],
        serde_json::json!({"stone": {"color": "black", "point": [2, 6]}})
    );
    // The source is ignored on reading: a second read compares equal.
    assert_eq!(json::read(&text).collection, c);
}

#[test]
fn shogi_positions_serialise_as_nine_rows() {
    let c = Collection {
        games: vec![shogi_game(ShogiStart::Other(Box::new(custom_position())))],
    };
    let value: serde_json::Value = serde_json::from_str(&to_json(&c)).expect("valid JSON");
    let board = &value["games"][0]["info"]["shogi_start"]["other"]["board"];
    assert_eq!(board.as_array().map(Vec::len), Some(9));
    // Rank 1, file 1 is the last cell of the first row.
    assert_eq!(
        board[0][8],
        serde_json::json!({"color": "black", "kind": "dragon"})
    );
    assert_eq!(
        board[0][4],
        serde_json::json!({"color": "white", "kind": "king"})
    );
    assert_eq!(
        value["games"][0]["info"]["shogi_start"]["other"]["hands"][1]["pawn"],
        18
    );
}

#[test]
fn malformed_trees_are_rejected_with_a_reason() {
    let cases = [
        (r#"{"nodes":[]}"#, "a tree needs at least its root node"),
        (
            r#"{"nodes":[{"children":[5]}]}"#,
            "node 0 lists child 5, but there are only 1 nodes",
        ),
        (
            r#"{"nodes":[{"children":[1,1]},{}]}"#,
            "node 1 has more than one parent",
        ),
        (
            r#"{"nodes":[{"children":[0]}]}"#,
            "node 0 has more than one parent",
        ),
        (
            r#"{"nodes":[{},{"children":[2]},{"children":[1]}]}"#,
            "node 1 is not reachable from the root",
        ),
    ];
    for (tree, reason) in cases {
        let doc = format!(r#"{{"version":1,"games":[{{"kind":"shogi","tree":{tree}}}]}}"#);
        let parsed = json::read(&doc);
        assert_eq!(parsed.diagnostics.len(), 1, "{tree}");
        let d = &parsed.diagnostics[0];
        assert_eq!(d.code, "json::invalid");
        assert!(d.message.starts_with(reason), "{tree}: {}", d.message);
    }
}

#[test]
fn syntax_errors_carry_their_position() {
    let doc = "{\"version\": 1,\n  \"games\": [ oops ]\n}";
    let parsed = json::read(doc);
    assert_eq!(parsed.diagnostics.len(), 1);
    let d = &parsed.diagnostics[0];
    assert_eq!(d.code, "json::syntax");
    let index = kifu::text::LineIndex::new(doc);
    assert_eq!(index.line_col_in(doc, d.span.start), (2, 14));
    assert_eq!(d.message, "expected value");
}

#[test]
fn other_versions_are_refused() {
    let parsed = json::read(r#"{"version": 2, "games": []}"#);
    assert_eq!(parsed.diagnostics.len(), 1);
    assert_eq!(parsed.diagnostics[0].code, "json::version");
    assert_eq!(parsed.diagnostics[0].span.start, 1);
}

#[test]
fn a_million_node_main_line_round_trips() {
    let mut g = Game::new(GameKind::go(19));
    let mut at = NodeId::ROOT;
    for i in 0..1_000_000u32 {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let point = Some(p((i % 19) as u8, ((i / 19) % 19) as u8));
        at = g.tree.add_child(at, stone(color, point));
    }
    assert_eq!(g.tree.len(), 1_000_001);
    assert_eq!(g.tree.move_number(at), Some(1_000_000));
    let c = Collection { games: vec![g] };
    let text = to_json(&c);
    let back = json::read(&text);
    assert!(back.diagnostics.is_empty());
    assert_eq!(back.collection.games[0].tree.main_line().count(), 1_000_001);
    assert_eq!(back.collection, c);
}

#[test]
fn hundred_thousand_deep_nested_variations_round_trip() {
    // Each node has a variation (a leaf) and a continuation: nesting 100,000 deep.
    let mut g = Game::new(GameKind::go(19));
    let mut at = NodeId::ROOT;
    for i in 0..100_000u32 {
        let next = g
            .tree
            .add_child(at, stone(Color::Black, Some(p((i % 19) as u8, 0))));
        g.tree.add_child(at, stone(Color::White, None));
        at = next;
    }
    assert_eq!(g.tree.variation_count(), 100_000);
    assert_eq!(g.tree.preorder().count(), 200_001);
    assert_eq!(g.tree.path_to(at).len(), 100_001);
    let c = Collection { games: vec![g] };
    let back = json::read(&to_json(&c));
    assert!(back.diagnostics.is_empty());
    assert_eq!(back.collection, c);
    // Dropping the deep tree must not overflow the stack either.
    drop(back);
}
