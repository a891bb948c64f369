//! The `.gonu` format: the seed's examples, kifu's own 49-vertex board, every
//! validator rule with its code, line and column, round trips, and the pictures.

use std::path::Path;

use kifu::formats::{self, Format};
use kifu::model::{Collection, GameKind, GonuBoard, GonuDeploy};
use kifu::text::LineIndex;
use kifu::{Input, ReadOutcome};

fn gonu() -> &'static Format {
    formats::by_name("gonu").unwrap()
}

fn json() -> &'static Format {
    formats::by_name("json").unwrap()
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/gonu")
            .join(name),
    )
    .unwrap()
}

fn read_as(bytes: &[u8], format: &'static Format) -> ReadOutcome {
    kifu::read(&Input {
        bytes: bytes.into(),
        path: None,
        format: Some(format),
        encoding: None,
    })
    .unwrap()
}

/// Reads and checks, as `kifu validate` does: the reader's diagnostics, then the
/// board rules' findings, which validation places on the lines the reader read
/// each part from.
fn read(text: &str) -> ReadOutcome {
    let mut outcome = read_as(text.as_bytes(), gonu());
    kifu::validate(&mut outcome);
    outcome
}

/// Each diagnostic as (severity, code, line, column), in the order of the text
/// (diagnostics at one place in the order given).
fn found(outcome: &ReadOutcome) -> Vec<(&'static str, &'static str, usize, usize)> {
    let text = outcome.text.as_deref().unwrap();
    let index = LineIndex::new(text);
    outcome
        .parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (l, c) = index.line_col_in(text, d.span.start);
            (d.severity.as_str(), d.code, l, c)
        })
        .collect::<Vec<_>>()
        .tap_sort()
}

/// Sorts found diagnostics by line and column, keeping the order of ties.
trait TapSort {
    fn tap_sort(self) -> Self;
}

impl TapSort for Vec<(&'static str, &'static str, usize, usize)> {
    fn tap_sort(mut self) -> Self {
        self.sort_by_key(|&(_, _, l, c)| (l, c));
        self
    }
}

fn board(outcome: &ReadOutcome) -> &GonuBoard {
    match &outcome.parsed.collection.games[0].kind {
        GameKind::Gonu(b) => b,
        other => panic!("not a gonu game: {other:?}"),
    }
}

fn write(collection: &Collection, format: &'static Format) -> Vec<u8> {
    kifu::write(collection, format, None, None).unwrap().bytes
}

/// A small valid board: a square 0–1–2–3, player 1's castle at 0, player 2's at 3,
/// one piece each. Line numbers are used by the rule tests below.
const BASE: &str = "4
2\t1\t$\t0\t1\t15\t0\t0
10\t1\t*\t1\t1\t15\t0\t0
10\t5\t+\t1\t1\t15\t0\t0
2\t5\t$\t1\t0\t15\t0\t0
L
1\t3
2
3
0
N
1
1\t15\t0\t1\t0
1
2\t15\t0\t1\t0
end";

fn base_lines() -> Vec<String> {
    BASE.split('\n').map(str::to_string).collect()
}

/// BASE with 1-based line `n` replaced by `new` (which may hold several lines, or none).
fn edit(n: usize, new: &str) -> String {
    let mut lines = base_lines();
    lines.splice(
        n - 1..n,
        new.split('\n')
            .filter(|_| !new.is_empty())
            .map(str::to_string),
    );
    lines.join("\n")
}

/// BASE with lines `from..=to` replaced by `new`.
fn replace(from: usize, to: usize, new: &str) -> String {
    let mut lines = base_lines();
    lines.splice(
        from - 1..to,
        new.split('\n')
            .filter(|_| !new.is_empty())
            .map(str::to_string),
    );
    lines.join("\n")
}

/// A board from parts: vertices (x, y, glyph, p1, p2), adjacency rows, forces.
fn build(vertices: &[(i32, i32, char, u8, u8)], rows: &[String], forces: &str) -> String {
    let mut out = format!("{}\n", vertices.len());
    for (x, y, g, p1, p2) in vertices {
        out.push_str(&format!("{x}\t{y}\t{g}\t{p1}\t{p2}\t15\t0\t0\n"));
    }
    out.push_str("L\n");
    for r in rows {
        out.push_str(r);
        out.push('\n');
    }
    out.push_str(forces);
    out.push_str("end");
    out
}

/// The rows of a path 0–1–…–(n-1).
fn path_rows(n: usize) -> Vec<String> {
    (0..n)
        .map(|i| {
            if i + 1 < n {
                (i + 1).to_string()
            } else {
                (i - 1).to_string()
            }
        })
        .collect()
}

fn assert_found(text: &str, expected: &[(&str, &str, usize, usize)]) {
    let outcome = read(text);
    assert_eq!(found(&outcome), expected, "diagnostics of:\n{text}");
}

const E: &str = "error";
const W: &str = "warning";

// ---- the seed's examples ------------------------------------------------------

#[test]
fn seed_simple_with_remarks_reads_with_warnings_only() {
    let o = read_as(&fixture("simple-annotated.gonu"), gonu());
    assert_eq!(
        found(&o),
        [
            (W, "gonu::remark", 1, 4),
            (W, "gonu::documentation-line", 58, 1),
            (W, "gonu::documentation-line", 59, 1),
        ]
    );
    assert_eq!(o.source.encoding.as_deref(), Some("UTF-8"));
}

#[test]
fn seed_free_with_remarks_reads_with_warnings_only() {
    let o = read_as(&fixture("free-annotated.gonu"), gonu());
    assert_eq!(
        found(&o),
        [
            (W, "gonu::remark", 2, 18),
            (W, "gonu::documentation-line", 54, 1),
        ]
    );
}

#[test]
fn seed_examples_with_and_without_remarks_are_the_same_board() {
    for (annotated, clean) in [
        ("simple-annotated.gonu", "simple.gonu"),
        ("free-annotated.gonu", "free.gonu"),
    ] {
        let a = read_as(&fixture(annotated), gonu());
        let c = read_as(&fixture(clean), gonu());
        assert_eq!(found(&c), []);
        assert_eq!(a.parsed.collection, c.parsed.collection, "{annotated}");
    }
}

#[test]
fn seed_simple_model() {
    let o = read_as(&fixture("simple.gonu"), gonu());
    let b = board(&o);
    assert_eq!(b.vertices.len(), 25);
    assert_eq!(
        (b.vertices[0].x, b.vertices[0].y, b.vertices[0].glyph),
        (2, 1, '*')
    );
    assert_eq!(
        (b.vertices[1].glyph, b.vertices[1].access),
        ('$', [false, true])
    );
    assert_eq!(
        (b.vertices[23].glyph, b.vertices[23].access),
        ('$', [true, false])
    );
    assert_eq!(b.castles(0).collect::<Vec<_>>(), [1]);
    assert_eq!(b.castles(1).collect::<Vec<_>>(), [23]);
    // 49 ids listed, one of them (row 24's `15`) a repeat.
    assert_eq!(b.edges.len(), 48);
    assert_eq!(&b.edges[..4], &[[0, 1], [0, 3], [0, 9], [1, 2]]);
    assert_eq!(b.edges.last(), Some(&[23, 24]));
    assert!(b.edges.iter().all(|[a, c]| a < c));
    let GonuDeploy::Normal { pieces } = &b.deploy else {
        panic!("normal deploy expected");
    };
    let at = |p: usize| pieces[p].iter().map(|pc| pc.vertex).collect::<Vec<_>>();
    assert_eq!(at(0), [0, 2, 3, 4, 5]);
    assert_eq!(at(1), [19, 20, 21, 22, 24]);
    assert!(pieces
        .iter()
        .flatten()
        .all(|pc| pc.range == 1 && !pc.stackable && pc.fg == 15 && pc.bg == 0));
    assert_eq!(b.edge_char, None);
    assert_eq!(o.parsed.collection.games[0].tree.len(), 1);
}

#[test]
fn seed_free_model() {
    let o = read_as(&fixture("free.gonu"), gonu());
    let b = board(&o);
    assert_eq!(
        b.deploy,
        GonuDeploy::Free {
            counts: [5, 2, 0, 0, 0]
        }
    );
    assert_eq!(b.vertices.iter().filter(|v| v.glyph == '*').count(), 8);
    assert_eq!(b.vertices.iter().filter(|v| v.glyph == '+').count(), 8);
}

#[test]
fn seed_edge_character_fragment() {
    // The seed's `custom2` ending, verbatim, on kifu's fortress board.
    let fortress = String::from_utf8(fixture("fortress.gonu")).unwrap();
    let head = &fortress[..fortress.find("\nN\n").unwrap() + 1];
    let text =
        format!("{head}F\n2\t2\t2\t2\t2\n#  // <--이경우 '#'이 간선을 그을 때 사용됩니다.\nend");
    let o = read(&text);
    let line = text.lines().count() - 1;
    assert_eq!(found(&o), [(W, "gonu::remark", line, 4)]);
    assert_eq!(board(&o).edge_char, Some('#'));
    assert_eq!(board(&o).deploy, GonuDeploy::Free { counts: [2; 5] });
}

// ---- kifu's own board ---------------------------------------------------------

#[test]
fn fortress_board_with_custom_edge_character() {
    let o = read_as(&fixture("fortress.gonu"), gonu());
    assert_eq!(found(&o), []);
    let b = board(&o);
    assert_eq!(b.vertices.len(), 49);
    assert_eq!(b.edges.len(), 88);
    assert_eq!(b.edge_char, Some('~'));
    let GonuDeploy::Normal { pieces } = &b.deploy else {
        panic!("normal deploy expected");
    };
    assert_eq!([pieces[0].len(), pieces[1].len()], [10, 10]);
    let ranges: Vec<u8> = pieces[0].iter().map(|p| p.range).collect();
    assert_eq!(ranges, [1, 1, 1, 1, 1, 1, 2, 3, 2, 5]);
}

// ---- writing and round trips --------------------------------------------------

#[test]
fn canonical_files_are_rewritten_byte_for_byte() {
    for name in ["simple.gonu", "free.gonu", "fortress.gonu"] {
        let bytes = fixture(name);
        let o = read_as(&bytes, gonu());
        let written = kifu::write(&o.parsed.collection, gonu(), None, None).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&written.bytes),
            String::from_utf8_lossy(&bytes),
            "{name}"
        );
        assert!(written.losses.is_empty());
    }
    assert_eq!(
        write(&read(BASE).parsed.collection, gonu()),
        BASE.as_bytes()
    );
}

#[test]
fn annotated_files_are_written_without_remarks() {
    for (annotated, clean) in [
        ("simple-annotated.gonu", "simple.gonu"),
        ("free-annotated.gonu", "free.gonu"),
    ] {
        let o = read_as(&fixture(annotated), gonu());
        assert_eq!(
            write(&o.parsed.collection, gonu()),
            fixture(clean),
            "{annotated}"
        );
    }
}

#[test]
fn gonu_round_trip_keeps_the_model() {
    let mut texts: Vec<String> = [
        "simple-annotated.gonu",
        "free-annotated.gonu",
        "fortress.gonu",
    ]
    .iter()
    .map(|f| String::from_utf8(fixture(f)).unwrap())
    .collect();
    // Edges first listed in a higher row, an explicit `.` edge character.
    texts.push(replace(7, 10, "1\n2\n3\n0").replace("end", ".\nend"));
    texts.push(replace(7, 10, "3\n0\t2\n1\t3\n0\t2").replace("end", "\n\nend\n"));
    for text in texts {
        let first = read(&text);
        let again = read_as(&write(&first.parsed.collection, gonu()), gonu());
        assert_eq!(again.parsed.collection, first.parsed.collection, "{text}");
    }
    let dot = read(&replace(7, 10, "1\n2\n3\n0").replace("end", ".\nend"));
    assert_eq!(board(&dot).edge_char, Some('.'));
}

#[test]
fn json_round_trips_both_ways() {
    for name in ["simple.gonu", "free.gonu", "fortress.gonu"] {
        let o = read_as(&fixture(name), gonu());
        let json_bytes = write(&o.parsed.collection, json());
        let from_json = read_as(&json_bytes, json());
        assert_eq!(found(&from_json), []);
        assert_eq!(from_json.parsed.collection, o.parsed.collection, "{name}");
        // and from JSON back to .gonu, byte for byte
        assert_eq!(
            write(&from_json.parsed.collection, gonu()),
            fixture(name),
            "{name}"
        );
    }
    let json_text = String::from_utf8(write(
        &read_as(&fixture("fortress.gonu"), gonu()).parsed.collection,
        json(),
    ))
    .unwrap();
    assert!(json_text.contains("\"edge_char\":\"~\""));
}

#[test]
fn writer_keeps_edge_order_or_says_it_cannot() {
    let mut c = read(BASE).parsed.collection;
    if let GameKind::Gonu(b) = &mut c.games[0].kind {
        b.edges = vec![[2, 3], [0, 1], [1, 2], [0, 3]];
    }
    let written = kifu::write(&c, gonu(), None, None).unwrap();
    assert_eq!(written.losses.len(), 1);
    assert_eq!(written.losses[0].code, "gonu::edge-order");
    let back = read_as(&written.bytes, gonu());
    assert_eq!(found(&back), []);
    assert_eq!(board(&back).edges, [[0, 1], [0, 3], [1, 2], [2, 3]]);
}

#[test]
fn writer_refuses_a_vertex_without_edges() {
    let mut c = read(BASE).parsed.collection;
    if let GameKind::Gonu(b) = &mut c.games[0].kind {
        b.edges.retain(|e| e != &[0, 3] && e != &[2, 3]);
    }
    let err = kifu::write(&c, gonu(), None, None).unwrap_err();
    assert_eq!(
        err.to_string(),
        "vertex 3 has no edge: every row of the neighbour list must name one"
    );
}

#[test]
fn writer_reports_what_a_gonu_file_cannot_hold() {
    let mut c = read(BASE).parsed.collection;
    c.games[0].info.title = Some("a title".into());
    let written = kifu::write(&c, gonu(), None, None).unwrap();
    assert_eq!(
        written
            .losses
            .iter()
            .map(|l| l.code.name)
            .collect::<Vec<_>>(),
        ["loss::game-info"]
    );
    c.games.push(c.games[0].clone());
    assert!(kifu::write(&c, gonu(), None, None).is_err());
}

// ---- validator rules: each with its code, line and column ----------------------

#[test]
fn base_board_is_clean() {
    assert_found(BASE, &[]);
}

#[test]
fn rule_vertex_count_disagrees() {
    assert_found(&edit(1, "5"), &[(E, "gonu::count-mismatch", 1, 1)]);
}

#[test]
fn rule_piece_count_disagrees() {
    assert_found(&edit(12, "2"), &[(E, "gonu::count-mismatch", 12, 1)]);
}

#[test]
fn rule_too_few_adjacency_rows() {
    assert_found(&edit(10, ""), &[(E, "gonu::count-mismatch", 10, 1)]);
}

#[test]
fn rule_too_many_adjacency_rows() {
    assert_found(&edit(10, "0\n1"), &[(E, "gonu::count-mismatch", 11, 1)]);
}

#[test]
fn rule_vertex_field_count() {
    assert_found(
        &edit(3, "10\t1\t*\t1\t1\t15\t0"),
        &[(E, "gonu::field-count", 3, 1)],
    );
}

#[test]
fn rule_piece_field_count() {
    assert_found(&edit(13, "1\t15\t0\t1"), &[(E, "gonu::field-count", 13, 1)]);
}

#[test]
fn rule_free_counts_field_count() {
    assert_found(
        &replace(11, 15, "F\n1\t0\t0\t0"),
        &[(E, "gonu::field-count", 12, 1)],
    );
}

#[test]
fn rule_keyword_stands_alone() {
    assert_found(&edit(6, "L 4"), &[(E, "gonu::field-count", 6, 3)]);
}

#[test]
fn rule_non_numeric_fields() {
    assert_found(
        &edit(3, "1x\t1\t*\t1\t1\t15\t0\t0"),
        &[(E, "gonu::bad-number", 3, 1)],
    );
    assert_found(
        &edit(13, "1\tab\t0\t1\t0"),
        &[(E, "gonu::bad-number", 13, 3)],
    );
    assert_found(&edit(8, "2\tx"), &[(E, "gonu::bad-number", 8, 3)]);
    assert_found(&edit(1, "four"), &[(E, "gonu::bad-number", 1, 1)]);
    assert_found(
        &edit(13, "1\t300\t0\t1\t0"),
        &[(E, "gonu::bad-number", 13, 3)],
    );
}

#[test]
fn rule_access_flag_is_zero_or_one() {
    assert_found(
        &edit(3, "10\t1\t*\t2\t1\t15\t0\t0"),
        &[(E, "gonu::bad-flag", 3, 8)],
    );
}

#[test]
fn rule_glyph_is_one_character() {
    assert_found(
        &edit(3, "10\t1\t**\t1\t1\t15\t0\t0"),
        &[(E, "gonu::bad-glyph", 3, 6)],
    );
}

#[test]
fn rule_coordinates_on_the_screen() {
    assert_found(
        &edit(3, "1\t1\t*\t1\t1\t15\t0\t0"),
        &[(E, "gonu::off-screen", 3, 1)],
    );
    assert_found(
        &edit(3, "79\t1\t*\t1\t1\t15\t0\t0"),
        &[(E, "gonu::off-screen", 3, 1)],
    );
    assert_found(
        &edit(3, "10\t39\t*\t1\t1\t15\t0\t0"),
        &[(E, "gonu::off-screen", 3, 4)],
    );
    assert_found(
        &edit(3, "10\t0\t*\t1\t1\t15\t0\t0"),
        &[(E, "gonu::off-screen", 3, 4)],
    );
    assert_found(&edit(3, "78\t38\t*\t1\t1\t15\t0\t0"), &[]);
}

#[test]
fn rule_two_vertices_on_one_spot() {
    assert_found(
        &edit(4, "10\t1\t+\t1\t1\t15\t0\t0"),
        &[(E, "gonu::same-spot", 4, 1)],
    );
}

#[test]
fn rule_neighbour_out_of_range() {
    assert_found(
        &edit(8, "2\t7"),
        &[(E, "gonu::neighbour-out-of-range", 8, 3)],
    );
    assert_found(
        &edit(8, "2\t-1"),
        &[(E, "gonu::neighbour-out-of-range", 8, 3)],
    );
}

#[test]
fn rule_self_loop() {
    assert_found(&edit(8, "2\t1"), &[(E, "gonu::self-loop", 8, 3)]);
}

#[test]
fn rule_vertex_without_edges() {
    let text = replace(1, 10, "5\n2\t1\t$\t0\t1\t15\t0\t0\n10\t1\t*\t1\t1\t15\t0\t0\n10\t5\t+\t1\t1\t15\t0\t0\n2\t5\t$\t1\t0\t15\t0\t0\n20\t10\t,\t1\t1\t15\t0\t0\nL\n1\t3\n2\n3\n0\n4");
    assert_found(
        &text,
        &[
            (E, "gonu::isolated-vertex", 6, 1),
            (E, "gonu::self-loop", 12, 1),
        ],
    );
}

#[test]
fn rule_disconnected_board() {
    let text = replace(1, 10, "6\n2\t1\t$\t0\t1\t15\t0\t0\n10\t1\t*\t1\t1\t15\t0\t0\n10\t5\t+\t1\t1\t15\t0\t0\n2\t5\t$\t1\t0\t15\t0\t0\n20\t10\t,\t1\t1\t15\t0\t0\n30\t10\t,\t1\t1\t15\t0\t0\nL\n1\t3\n2\n3\n0\n5\n4");
    assert_found(&text, &[(E, "gonu::disconnected", 6, 1)]);
    let o = read(&text);
    assert_eq!(
        o.parsed.diagnostics[0].message,
        "vertices 4, 5 cannot be reached from vertex 0: the board is in pieces"
    );
}

#[test]
fn rule_each_player_has_a_castle() {
    assert_found(
        &edit(2, "2\t1\t$\t1\t1\t15\t0\t0"),
        &[(E, "gonu::no-castle", 1, 1)],
    );
}

#[test]
fn rule_at_most_six_castles() {
    let mut v: Vec<(i32, i32, char, u8, u8)> = (0..10).map(|i| (2 + 8 * i, 5, ',', 1, 1)).collect();
    for c in v.iter_mut().take(7) {
        c.3 = 0;
    }
    v[9].4 = 0;
    let text = build(
        &v,
        &path_rows(10),
        "N\n1\n8\t15\t0\t1\t0\n1\n7\t15\t0\t1\t0\n",
    );
    assert_found(&text, &[(E, "gonu::too-many-castles", 8, 8)]);
}

#[test]
fn rule_castle_the_enemy_cannot_reach_is_a_warning() {
    assert_found(
        &edit(3, "10\t1\t*\t1\t0\t15\t0\t0"),
        &[(W, "gonu::unreachable-castle", 2, 7)],
    );
}

#[test]
fn rule_piece_on_a_vertex_that_does_not_exist() {
    assert_found(
        &edit(13, "9\t15\t0\t1\t0"),
        &[(E, "gonu::no-such-vertex", 13, 1)],
    );
}

#[test]
fn rule_two_pieces_on_one_vertex() {
    assert_found(
        &edit(15, "1\t15\t0\t1\t0"),
        &[(E, "gonu::shared-vertex", 15, 1)],
    );
}

#[test]
fn rule_piece_on_its_own_castle() {
    assert_found(
        &edit(15, "3\t15\t0\t1\t0"),
        &[(E, "gonu::piece-in-own-castle", 15, 1)],
    );
}

#[test]
fn rule_range_one_to_five() {
    assert_found(&edit(13, "1\t15\t0\t6\t0"), &[(E, "gonu::range", 13, 8)]);
    assert_found(&edit(13, "1\t15\t0\t0\t0"), &[(E, "gonu::range", 13, 8)]);
    assert_found(&edit(13, "1\t15\t0\t5\t0"), &[]);
}

#[test]
fn rule_stackable_is_zero() {
    assert_found(
        &edit(13, "1\t15\t0\t1\t1"),
        &[(E, "gonu::stackable", 13, 10)],
    );
}

#[test]
fn rule_one_to_ten_pieces_per_player() {
    assert_found(&replace(12, 13, "0"), &[(E, "gonu::piece-count", 12, 1)]);
    let mut v: Vec<(i32, i32, char, u8, u8)> = (0..14).map(|i| (2 + 5 * i, 5, ',', 1, 1)).collect();
    v[0].3 = 0;
    v[13].4 = 0;
    let p1: String = (1..=11).map(|i| format!("{i}\t15\t0\t1\t0\n")).collect();
    let text = build(
        &v,
        &path_rows(14),
        &format!("N\n11\n{p1}1\n12\t15\t0\t1\t0\n"),
    );
    assert_found(&text, &[(E, "gonu::piece-count", 32, 1)]);
}

#[test]
fn rule_free_counts_zero_to_ten() {
    assert_found(
        &replace(11, 15, "F\n0\t11\t0\t0\t0"),
        &[
            (E, "gonu::free-total", 12, 1),
            (E, "gonu::free-count", 12, 3),
        ],
    );
}

#[test]
fn rule_free_counts_sum_one_to_ten() {
    assert_found(
        &replace(11, 15, "F\n0\t0\t0\t0\t0"),
        &[(E, "gonu::free-total", 12, 1)],
    );
    assert_found(&replace(11, 15, "F\n1\t0\t0\t0\t0"), &[]);
}

#[test]
fn rule_free_deploy_needs_enough_cells() {
    assert_found(
        &replace(11, 15, "F\n2\t0\t0\t0\t0"),
        &[
            (E, "gonu::too-few-cells", 12, 1),
            (E, "gonu::too-few-cells", 12, 1),
        ],
    );
}

#[test]
fn rule_nothing_after_end() {
    assert_found(&format!("{BASE}\nmore"), &[(E, "gonu::after-end", 17, 1)]);
    assert_found(&edit(16, "end more"), &[(E, "gonu::after-end", 16, 5)]);
}

#[test]
fn rule_end_is_required() {
    assert_found(&edit(16, ""), &[(E, "gonu::missing-end", 15, 11)]);
}

#[test]
fn rule_end_is_the_last_byte() {
    assert_found(
        &format!("{BASE}\n"),
        &[(W, "gonu::trailing-whitespace", 16, 4)],
    );
    assert_found(
        &format!("{BASE} "),
        &[(W, "gonu::trailing-whitespace", 16, 4)],
    );
}

#[test]
fn rule_adjacency_matrix_is_unsupported() {
    assert_found(
        &replace(6, 10, "M\n0\t1\t0\t1\n1\t0\t1\t0\n0\t1\t0\t1\n1\t0\t1\t0"),
        &[(E, "gonu::matrix-unsupported", 6, 1)],
    );
}

#[test]
fn rule_sections_must_be_present() {
    assert_found(&replace(6, 10, ""), &[(E, "gonu::missing-adjacency", 6, 1)]);
    assert_found(&replace(11, 15, ""), &[(E, "gonu::missing-deploy", 11, 1)]);
    assert_found(&edit(1, ""), &[(E, "gonu::missing-count", 1, 1)]);
    assert_found(
        &edit(14, ""),
        &[
            (E, "gonu::piece-count", 11, 1),
            (E, "gonu::count-mismatch", 12, 1),
            (E, "gonu::missing-count", 15, 1),
        ],
    );
    assert_found(
        &replace(11, 16, "F\nend"),
        &[(E, "gonu::missing-count", 12, 1)],
    );
}

#[test]
fn rule_lines_out_of_place() {
    assert_found(&edit(10, "0\nL"), &[(E, "gonu::unexpected-line", 11, 1)]);
    assert_found(
        &replace(11, 15, "F\n1\t0\t0\t0\t0\n1\t2\t3"),
        &[(E, "gonu::unexpected-line", 13, 1)],
    );
    assert_found(
        &replace(11, 15, "F\n1\t0\t0\t0\t0\n# x"),
        &[(E, "gonu::unexpected-line", 13, 1)],
    );
}

#[test]
fn rule_edge_character_is_one_character() {
    assert_found(&edit(16, "##\nend"), &[(E, "gonu::edge-char", 16, 1)]);
    assert_found(
        &edit(16, "#\n%\nend"),
        &[(E, "gonu::unexpected-line", 17, 1)],
    );
    let o = read(&edit(16, "#\nend"));
    assert_eq!(board(&o).edge_char, Some('#'));
}

#[test]
fn rule_colours_and_occupier() {
    assert_found(
        &edit(3, "10\t1\t*\t1\t1\t16\t0\t0"),
        &[(E, "gonu::colour", 3, 12)],
    );
    assert_found(&edit(13, "1\t15\t99\t1\t0"), &[(E, "gonu::colour", 13, 6)]);
    assert_found(
        &edit(3, "10\t1\t*\t1\t1\t15\t0\t7"),
        &[(W, "gonu::occupier", 3, 17)],
    );
}

#[test]
fn rule_glyphs_the_game_cannot_read() {
    assert_found(
        &edit(3, "10\t1\t●\t1\t1\t15\t0\t0"),
        &[(W, "gonu::wide-glyph", 3, 6)],
    );
    assert_found(&edit(16, "━\nend"), &[(W, "gonu::wide-glyph", 16, 1)]);
}

#[test]
fn rule_documentation_lines_and_remarks_are_warnings() {
    assert_found(
        &edit(12, "1 // count\nid txtColor range stackable"),
        &[
            (W, "gonu::remark", 12, 3),
            (W, "gonu::documentation-line", 13, 1),
        ],
    );
}

#[test]
fn crlf_spaces_and_remark_after_end_are_fine() {
    let crlf = BASE.replace('\n', "\r\n").replace('\t', "  ");
    let o = read(&crlf);
    assert_eq!(found(&o), []);
    assert_eq!(o.parsed.collection, read(BASE).parsed.collection);
    assert_found(&format!("{BASE} // done"), &[(W, "gonu::remark", 16, 5)]);
}

#[test]
fn rule_empty_file() {
    let o = read("");
    assert_eq!(found(&o), [(E, "gonu::empty", 1, 1)]);
    assert!(o.parsed.collection.games.is_empty());
    assert_found("\n  // nothing\n", &[(E, "gonu::empty", 3, 1)]);
}

// ---- validate: the rules for boards from JSON, no repeats for .gonu ------------

#[test]
fn the_reader_runs_no_rules_and_validation_places_each_finding_once() {
    let text = edit(3, "10\t1\t*\t1\t0\t15\t0\t0");
    let mut o = read_as(text.as_bytes(), gonu());
    let rule_codes = kifu::rules::gonu::check(board(&o));
    assert!(!rule_codes.is_empty(), "the edit breaks a rule");
    assert!(
        o.parsed
            .diagnostics
            .iter()
            .all(|d| rule_codes.iter().all(|f| f.code != d.code)),
        "the reader reports no rule: {:?}",
        o.parsed.diagnostics
    );
    kifu::validate(&mut o);
    let once = found(&o);
    let mut codes: Vec<&str> = rule_codes.iter().map(|f| f.code.name).collect();
    codes.sort_unstable();
    let mut placed: Vec<&str> = once
        .iter()
        .map(|&(_, c, _, _)| c)
        .filter(|c| codes.contains(c))
        .collect();
    placed.sort_unstable();
    assert_eq!(placed, codes, "each finding once: {once:?}");
}

#[test]
fn validate_checks_boards_read_from_json() {
    let bad = read(&edit(13, "1\t15\t0\t6\t0"));
    let json_bytes = write(&bad.parsed.collection, json());
    let mut o = read_as(&json_bytes, json());
    assert_eq!(found(&o), []);
    kifu::validate(&mut o);
    let codes: Vec<&str> = o.parsed.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["gonu::range"]);
}

// ---- detection and encoding ---------------------------------------------------

#[test]
fn detected_by_extension_and_content() {
    let by_ext = kifu::read(&Input {
        bytes: BASE.as_bytes().into(),
        path: Some(Path::new("board.GONU")),
        format: None,
        encoding: None,
    })
    .unwrap();
    assert_eq!(by_ext.format.name, "gonu");
    let by_content = kifu::read(&Input {
        bytes: (&fixture("simple-annotated.gonu")).into(),
        path: None,
        format: None,
        encoding: None,
    })
    .unwrap();
    assert_eq!(by_content.format.name, "gonu");
}

#[test]
fn euc_kr_remarks_decode_as_legacy_encoding() {
    let text = String::from_utf8(fixture("simple-annotated.gonu")).unwrap();
    let (euc, _, bad) = encoding_rs_free_encode(&text);
    assert!(!bad);
    let o = read_as(&euc, gonu());
    assert_eq!(o.source.encoding.as_deref(), Some("EUC-KR"));
    assert_eq!(o.parsed.collection, read(&text).parsed.collection);
}

/// Encodes to EUC-KR through kifu's own strict encoder.
fn encoding_rs_free_encode(text: &str) -> (Vec<u8>, (), bool) {
    match kifu::text::encode_strict(text, kifu::text::TextEncoding::EUC_KR) {
        Ok(bytes) => (bytes, (), false),
        Err(_) => (Vec::new(), (), true),
    }
}

// ---- pictures -----------------------------------------------------------------

#[test]
fn text_picture_uses_the_files_glyphs_and_edge_character() {
    let o = read_as(&fixture("simple.gonu"), gonu());
    let pic = kifu::render::gonu::text(board(&o));
    let lines: Vec<&str> = pic.lines().collect();
    assert_eq!(
        lines[0],
        format!("  *{}${}*", ".".repeat(36), ".".repeat(38))
    );
    assert_eq!(
        lines[37],
        format!("  +{}${}+", ".".repeat(36), ".".repeat(38))
    );
    assert_eq!(
        &lines[39..],
        [
            "player 1 castles: 1",
            "player 2 castles: 23",
            "player 1 pieces: ●0 ●2 ●3 ●4 ●5",
            "player 2 pieces: ●19 ●20 ●21 ●22 ●24",
        ]
    );
    let f = read_as(&fixture("fortress.gonu"), gonu());
    let pic = kifu::render::gonu::text(board(&f));
    assert!(pic.starts_with("  *~~~~~~~~~~~*"));
    assert!(!pic.contains('.'));
    let free = read_as(&fixture("free.gonu"), gonu());
    assert!(kifu::render::gonu::text(board(&free))
        .ends_with("free deploy, each player: ●×5 ★×2 (player 1 on *, player 2 on +)\n"));
}

#[test]
fn svg_picture_marks_castles_and_pieces() {
    let o = read_as(&fixture("fortress.gonu"), gonu());
    let svg = kifu::render::gonu::svg(board(&o));
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.ends_with("</svg>\n"));
    assert_eq!(svg.matches("class=\"piece black\"").count(), 10);
    assert_eq!(svg.matches("class=\"piece white\"").count(), 10);
    assert_eq!(svg.matches("class=\"castle black\"").count(), 1);
    assert_eq!(svg.matches("class=\"castle white\"").count(), 1);
    assert_eq!(svg.matches("class=\"edge\"").count(), 88);
    assert_eq!(svg.matches("class=\"vertex\"").count(), 49);
    // Glyphs are outlines, each group naming its text.
    for g in ['●', '★', '③', '⑤'] {
        assert!(
            svg.contains(&format!(r#"class="range" aria-label="{g}""#)),
            "{g}"
        );
    }
    let odd = read(&edit(3, "10\t1\t<\t1\t1\t15\t0\t0"));
    assert!(kifu::render::gonu::svg(board(&odd)).contains(r#"class="glyph" aria-label="&lt;""#));
}

// ---- robustness ---------------------------------------------------------------

#[test]
fn mangled_inputs_never_panic() {
    let seeds: Vec<Vec<u8>> = ["simple-annotated.gonu", "free.gonu", "fortress.gonu"]
        .iter()
        .map(|f| fixture(f))
        .chain([BASE.as_bytes().to_vec()])
        .collect();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let alphabet = b"0123456789 \t\n\r-LMNFend/#*+$,x";
    for round in 0..1500 {
        let mut bytes = seeds[round % seeds.len()].clone();
        for _ in 0..1 + next() % 6 {
            let at = (next() as usize) % (bytes.len() + 1);
            let b = alphabet[(next() as usize) % alphabet.len()];
            match next() % 4 {
                0 if at < bytes.len() => bytes[at] = b,
                1 => bytes.insert(at, b),
                2 if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => bytes.truncate(at),
            }
        }
        let mut o = read_as(&bytes, gonu());
        kifu::validate(&mut o);
        let text = o.text.clone().unwrap();
        for d in &o.parsed.diagnostics {
            assert!(d.span.start <= text.len() && d.span.end <= text.len());
        }
        if let Some(game) = o.parsed.collection.games.first() {
            if let GameKind::Gonu(b) = &game.kind {
                let _ = kifu::render::gonu::text(b);
                let _ = kifu::render::gonu::svg(b);
            }
            let _ = kifu::write(&o.parsed.collection, gonu(), None, None);
        }
    }
}

#[test]
fn a_huge_board_is_cut_at_the_id_limit() {
    let n = 65_540usize;
    let mut text = format!("{n}\n");
    for i in 0..n {
        text.push_str(&format!(
            "{}\t{}\t,\t1\t1\t15\t0\t0\n",
            2 + i % 77,
            1 + (i / 77) % 38
        ));
    }
    text.push_str("L\n");
    for i in 0..n {
        text.push_str(&format!("{}\n", (i + 1) % n));
    }
    text.push_str("F\n1\t0\t0\t0\t0\nend");
    let started = std::time::Instant::now();
    let o = read(&text);
    let codes: std::collections::BTreeMap<&str, usize> =
        o.parsed
            .diagnostics
            .iter()
            .fold(Default::default(), |mut m, d| {
                // A summary stands for the diagnostics of its code left out.
                *m.entry(d.code).or_default() += d.omitted.max(1);
                m
            });
    assert!(started.elapsed().as_secs() < 20);
    assert_eq!(board(&o).vertices.len(), 65_536);
    // 77 × 38 spots, so all but 2,926 vertices share one; no castles; 65,536 `,`
    // vertices give no deploy cells; the count and the rows disagree with the lines.
    let expected: std::collections::BTreeMap<&str, usize> = [
        ("gonu::count-mismatch", 2),
        ("gonu::neighbour-out-of-range", 1),
        ("gonu::no-castle", 2),
        ("gonu::same-spot", 65_536 - 2_926),
        ("gonu::too-few-cells", 2),
        ("gonu::too-many-vertices", 1),
    ]
    .into_iter()
    .collect();
    assert_eq!(codes, expected);
}

/// A small deterministic generator for the round-trip property test.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

fn random_board(rng: &mut Rng) -> GonuBoard {
    use kifu::model::{GonuPiece, GonuVertex};
    let n = 2 + rng.below(60) as usize;
    let vertices: Vec<GonuVertex> = (0..n)
        .map(|_| GonuVertex {
            x: 2 + rng.below(77) as i32,
            y: 1 + rng.below(38) as i32,
            glyph: rng.pick(&['*', '+', '$', ',', '#', '@']),
            access: [rng.below(4) > 0, rng.below(4) > 0],
            fg: rng.below(16) as u8,
            bg: rng.below(16) as u8,
            occupier: 0,
        })
        .collect();
    let mut edges: Vec<[u16; 2]> = Vec::new();
    let add = |a: usize, b: usize, edges: &mut Vec<[u16; 2]>| {
        let e = [a.min(b) as u16, a.max(b) as u16];
        if a != b && !edges.contains(&e) {
            edges.push(e);
        }
    };
    for v in 1..n {
        let u = rng.below(v as u64) as usize;
        add(u, v, &mut edges);
    }
    for _ in 0..rng.below(2 * n as u64) {
        let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
        add(a, b, &mut edges);
    }
    // Shuffle: some orders no row-by-row listing keeps.
    for i in (1..edges.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        edges.swap(i, j);
    }
    let deploy = if rng.below(2) == 0 {
        let piece = |rng: &mut Rng| GonuPiece {
            vertex: rng.below(n as u64 + 2) as u16,
            fg: rng.below(16) as u8,
            bg: rng.below(16) as u8,
            range: rng.below(7) as u8,
            stackable: rng.below(5) == 0,
        };
        let a = (0..rng.below(12)).map(|_| piece(rng)).collect();
        let b = (0..rng.below(12)).map(|_| piece(rng)).collect();
        GonuDeploy::Normal { pieces: [a, b] }
    } else {
        GonuDeploy::Free {
            counts: [0; 5].map(|_: u16| rng.below(12) as u16),
        }
    };
    let edge_char = rng.pick(&[None, Some('#'), Some('.'), Some('~'), Some('L'), Some('5')]);
    GonuBoard {
        vertices,
        edges,
        deploy,
        edge_char,
    }
}

#[test]
fn generated_boards_round_trip() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut kept_order = 0;
    for round in 0..300 {
        let b = random_board(&mut rng);
        let c = Collection {
            games: vec![kifu::model::Game::new(GameKind::Gonu(Box::new(b.clone())))],
        };
        let written = kifu::write(&c, gonu(), None, None).unwrap();
        let back = read_as(&written.bytes, gonu());
        assert!(
            !back
                .parsed
                .diagnostics
                .iter()
                .any(|d| d.code.ends_with("count-mismatch")
                    || d.code == "gonu::field-count"
                    || d.code == "gonu::bad-number"
                    || d.code == "gonu::unexpected-line"),
            "round {round}: {:?}",
            found(&back)
        );
        let got = board(&back);
        if written.losses.is_empty() {
            kept_order += 1;
            assert_eq!(got, &b, "round {round}");
        } else {
            assert_eq!(written.losses[0].code, "gonu::edge-order");
            let mut want = b.edges.clone();
            want.sort_unstable();
            let mut have = got.edges.clone();
            have.sort_unstable();
            assert_eq!(have, want, "round {round}");
            assert_eq!(
                (&got.vertices, &got.deploy, got.edge_char),
                (&b.vertices, &b.deploy, b.edge_char)
            );
        }
        // Whatever the first write did, the second is stable byte for byte.
        let again = kifu::write(&back.parsed.collection, gonu(), None, None).unwrap();
        assert!(again.losses.is_empty(), "round {round}");
        assert_eq!(
            again.bytes,
            kifu::write(
                &read_as(&again.bytes, gonu()).parsed.collection,
                gonu(),
                None,
                None
            )
            .unwrap()
            .bytes
        );
    }
    assert!(kept_order > 0);
}

#[test]
fn a_board_with_many_faults_reports_each_once_collapsed() {
    // 3,000 vertices on one spot: 2,999 `same-spot` errors, each absorbed once.
    let n = 3_000;
    let mut text = format!("{n}\n");
    for i in 0..n {
        let flags = match i {
            0 => "0\t1",
            1 => "1\t0",
            _ => "1\t1",
        };
        text.push_str(&format!("2\t1\t,\t{flags}\t15\t0\t0\n"));
    }
    text.push_str("L\n");
    for i in 0..n {
        text.push_str(&format!("{}\n", (i + 1) % n));
    }
    text.push_str("F\n0\t0\t0\t0\t0\nend");
    let o = read(&text);
    let mut codes: Vec<(&str, usize)> = Vec::new();
    for d in &o.parsed.diagnostics {
        match codes.iter_mut().find(|(c, _)| *c == d.code) {
            Some((_, n)) => *n += d.omitted.max(1),
            None => codes.push((d.code, d.omitted.max(1))),
        }
    }
    // 2,999 same-spot (the first 100 shown, then a summary of the other 2,899) and
    // one free-total: each finding once.
    assert_eq!(codes, [("gonu::same-spot", 2_999), ("gonu::free-total", 1)]);
    assert_eq!(o.parsed.diagnostics.len(), 102);
    assert_eq!(kifu::diag::Counts::of(&o.parsed.diagnostics).errors, 3_000);
}
