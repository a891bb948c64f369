//! Validation of what a record claims (issue #24): shogi endings checked on the
//! position, Go move order, komi and margin, superko and long cycles, gomoku results.
//! Each case is a generated record with exact codes, severities, lines and columns.

use std::path::Path;

use kifu::diag::Severity;
use kifu::text::LineIndex;

mod common;
use common::corpus;

/// (code, severity, line, column) of a diagnostic.
type Diag = (&'static str, Severity, usize, usize);

/// Reads `text` as the file `name` (the extension picks the format) and validates it.
fn check(text: &str, name: &str) -> kifu::ReadOutcome {
    let input = kifu::Input {
        bytes: text.as_bytes().into(),
        path: Some(Path::new(name)),
        format: None,
        encoding: None,
    };
    let mut out = kifu::read(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
    kifu::validate(&mut out);
    // A check (`kifu validate`) reads KIF and KI2 with the rules running as the
    // moves are made, and other formats as they stream: the same verdicts.
    let checked = kifu::check(&input, None).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        checked.diagnostics, out.parsed.diagnostics,
        "{name}: a check and a read then validation differ"
    );
    out
}

/// Every diagnostic as (code, severity, line, column).
fn diags(text: &str, name: &str) -> Vec<Diag> {
    let out = check(text, name);
    let index = LineIndex::new(text);
    out.parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (l, c) = index.line_col_in(text, d.span.start);
            (d.code, d.severity, l, c)
        })
        .collect()
}

/// The message of the only diagnostic with `code`.
fn message(text: &str, name: &str, code: &str) -> String {
    let out = check(text, name);
    let found: Vec<_> = out
        .parsed
        .diagnostics
        .iter()
        .filter(|d| d.code == code)
        .map(|d| d.message.clone())
        .collect();
    assert_eq!(found.len(), 1, "{code} in {:?}", out.parsed.diagnostics);
    found.into_iter().next().unwrap_or_default()
}

// ---- shogi ----

const KIF_HEAD: &str = "手合割：平手\n手数----指手---------消費時間--\n";

/// A KIF of the even start with `moves` (KIF move texts) and a last line `last`.
fn kif(moves: &[&str], last: &str) -> String {
    let mut text = String::from(KIF_HEAD);
    for (i, m) in moves.iter().enumerate() {
        text.push_str(&format!("{:>4} {m}\n", i + 1));
    }
    if !last.is_empty() {
        text.push_str(&format!("{:>4} {last}\n", moves.len() + 1));
    }
    text
}

/// The kings step out and back: after every four moves the start position stands
/// again (board, hands, side to move).
const SHUFFLE: [&str; 4] = ["５八玉(59)", "５二玉(51)", "５九玉(58)", "５一玉(52)"];

fn shuffles(times: usize) -> Vec<&'static str> {
    SHUFFLE.iter().copied().cycle().take(4 * times).collect()
}

#[test]
fn a_repetition_claimed_after_one_move_is_an_error_at_its_line() {
    let text = kif(&["７六歩(77)"], "千日手");
    assert_eq!(
        diags(&text, "g.kifu"),
        vec![("shogi::false-repetition", Severity::Error, 4, 6)]
    );
    assert_eq!(
        message(&text, "g.kifu", "shogi::false-repetition"),
        "千日手 (repetition) claimed, but the final position (board, hands, side to move) has stood 1 time in this line; 千日手 needs four"
    );
}

#[test]
fn a_threefold_repetition_is_not_yet_sennichite() {
    let text = kif(&shuffles(2), "千日手");
    assert_eq!(
        diags(&text, "g.kifu"),
        vec![("shogi::false-repetition", Severity::Error, 11, 6)]
    );
    assert!(message(&text, "g.kifu", "shogi::false-repetition").contains("has stood 3 times"));
}

#[test]
fn a_fourfold_repetition_claimed_is_valid() {
    assert_eq!(diags(&kif(&shuffles(3), "千日手"), "g.kifu"), vec![]);
    // The same in CSA and USI.
    let mut csa = String::from("V2.2\nPI\n+\n");
    for m in ["+5958OU", "-5152OU", "+5859OU", "-5251OU"]
        .iter()
        .cycle()
        .take(12)
    {
        csa.push_str(m);
        csa.push('\n');
    }
    csa.push_str("%SENNICHITE\n");
    assert_eq!(diags(&csa, "g.csa"), vec![]);
    let usi = "position startpos moves 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a rep_draw\n";
    assert_eq!(diags(usi, "g.usi"), vec![]);
}

#[test]
fn play_after_a_fourfold_repetition_is_a_warning_once() {
    let mut moves = shuffles(3);
    moves.extend(["７六歩(77)", "３四歩(33)"]);
    moves.extend(shuffles(4));
    let text = kif(&moves, "");
    assert_eq!(
        diags(&text, "g.kifu"),
        vec![("shogi::unclaimed-repetition", Severity::Warning, 15, 6)]
    );
}

/// Black's rook checks from 1九 and 2九 in turn; white's king steps between 1一 and
/// 2一. The position stands for the fourth time after move 12.
const PERPETUAL: &str = "position sfen 8k/9/9/9/9/9/9/9/K6R1 b - 1 moves 2i1i 1a2a 1i2i 2a1a 2i1i 1a2a 1i2i 2a1a 2i1i 1a2a 1i2i 2a1a";

/// The perpetual check as KIF, ending with `last`.
fn perpetual_kif(last: &str) -> String {
    let mut text = String::from(
        "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n\
         | ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n",
    );
    for rank in ["二", "三", "四", "五", "六", "七", "八"] {
        text.push_str(&format!("| ・ ・ ・ ・ ・ ・ ・ ・ ・|{rank}\n"));
    }
    text.push_str("| 玉 ・ ・ ・ ・ ・ ・ 飛 ・|九\n+---------------------------+\n先手の持駒：なし\n手数----指手--\n");
    let moves = ["１九飛(29)", "２一玉(11)", "２九飛(19)", "１一玉(21)"];
    for i in 0..12 {
        text.push_str(&format!("{:>4} {}\n", i + 1, moves[i % 4]));
    }
    text.push_str(&format!("  13 {last}\n"));
    text
}

#[test]
fn a_perpetual_check_called_a_draw_is_an_error() {
    let usi = format!("{PERPETUAL} rep_draw\n");
    assert_eq!(
        diags(&usi, "g.usi"),
        vec![("shogi::perpetual-check", Severity::Error, 1, 109)]
    );
    assert_eq!(
        message(&usi, "g.usi", "shogi::perpetual-check"),
        "千日手 claimed as a draw, but black (先手) gave check with every move since the position first stood (the start): 連続王手の千日手 is a loss for black (先手)"
    );
    assert_eq!(
        diags(&perpetual_kif("千日手"), "g.kifu"),
        vec![("shogi::perpetual-check", Severity::Error, 28, 6)]
    );
    // Black, to move, loses by the foul: true. Black winning by it: false.
    assert_eq!(diags(&perpetual_kif("反則負け"), "g.kifu"), vec![]);
    assert_eq!(
        diags(&perpetual_kif("反則勝ち"), "g.kifu"),
        vec![("shogi::perpetual-check", Severity::Error, 28, 6)]
    );
}

#[test]
fn a_checkmate_claimed_after_one_move_is_an_error_at_its_line() {
    let text = kif(&["７六歩(77)"], "詰み");
    assert_eq!(
        diags(&text, "g.kifu"),
        vec![("shogi::false-checkmate", Severity::Error, 4, 6)]
    );
    assert_eq!(
        message(&text, "g.kifu", "shogi::false-checkmate"),
        "詰み (checkmate) claimed, but white (後手) to move is not in check"
    );
    let csa = "V2.2\nPI\n+\n+7776FU\n%TSUMI\n";
    assert_eq!(
        diags(csa, "g.csa"),
        vec![("shogi::false-checkmate", Severity::Error, 5, 1)]
    );
}

/// A gold dropped on ５二 in front of white's king on ５一, with black's pawn on ５三
/// guarding it: mate.
const MATE_CSA: &str = "V2.2\nP1 *  *  *  * -OU *  *  *  * \nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  * +FU *  *  *  * \nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  * +OU *  *  *  * \nP+00KI\n+\n+0052KI\n";

#[test]
fn a_true_checkmate_is_valid_and_play_after_it_is_a_warning() {
    assert_eq!(diags(&format!("{MATE_CSA}%TSUMI\n"), "g.csa"), vec![]);
    // Without the pawn the king takes the gold.
    let unguarded = MATE_CSA.replace("P3 *  *  *  * +FU", "P3 *  *  *  *  * ");
    let text = format!("{unguarded}%TSUMI\n");
    assert_eq!(
        diags(&text, "g.csa"),
        vec![("shogi::false-checkmate", Severity::Error, 14, 1)]
    );
    assert_eq!(
        message(&text, "g.csa", "shogi::false-checkmate"),
        "詰み (checkmate) claimed, but white (後手) to move has a reply (５二玉) that is not a futile interposition"
    );
    // White plays on after the mate: the move is illegal, and the game had ended.
    let on = format!("{MATE_CSA}-5141OU\n");
    assert_eq!(
        diags(&on, "g.csa"),
        vec![
            ("shogi::unclaimed-checkmate", Severity::Warning, 14, 1),
            ("shogi::self-check", Severity::Error, 14, 1)
        ]
    );
}

#[test]
fn futile_interpositions_do_not_spoil_a_problems_checkmate() {
    // Black's rook comes to １九 against the king on １一 (silver and gold take its
    // squares); white holds eighteen pawns, each of which the rook would take.
    let far = "position sfen 8k/6S2/7G1/9/9/9/9/9/K6R1 b 18p 1 moves 2i1i";
    let kif_text = {
        let out = check(far, "g.usi");
        let written = kifu::write(
            &out.parsed.collection,
            kifu::formats::by_name("kif").expect("kif"),
            Some(kifu::text::TextEncoding::UTF_8),
            None,
        )
        .expect("writes");
        String::from_utf8(written.bytes).expect("UTF-8")
    };
    let claimed = format!("{kif_text}   2 詰み\n");
    assert!(claimed.contains("2 詰み"), "{claimed}");
    assert_eq!(diags(&claimed, "g.kifu"), vec![]);
    // The problem of the corpus that ends so (小林正美, 1967, 49手詰).
    let Some(path) = corpus::path("shogi/json-kifu-format/ki2/kobayashi_kinsho196702.ki2") else {
        return;
    };
    let bytes = std::fs::read(&path).expect("corpus file");
    let mut out = kifu::read(&kifu::Input {
        bytes: (&bytes).into(),
        path: Some(&path),
        format: None,
        encoding: None,
    })
    .expect("reads");
    kifu::validate(&mut out);
    assert_eq!(out.parsed.diagnostics, vec![]);
}

/// Black's king on ４二 with twelve pieces in white's camp (two rooks and two
/// bishops among them: 28 points), all 40 pieces in play; white to move.
const ENTERED: &str = "RBGS+L4/RBGS+LK3/NN7/9/9/9/9/9/4k4 w 2g2s2n2l18p 1";

#[test]
fn an_entering_king_declaration_is_checked_by_the_27_point_rule() {
    let ok = format!("position sfen {ENTERED} moves 5i5h win\n");
    assert_eq!(diags(&ok, "g.usi"), vec![]);
    // One knight out of the camp: eleven pieces, 27 points.
    let short = ok.replace("RBGS+LK3/NN7/9/", "RBGS+LK3/N8/N8/");
    assert_eq!(
        diags(&short, "g.usi"),
        vec![("shogi::false-declaration", Severity::Error, 1, 77)]
    );
    assert_eq!(
        message(&short, "g.usi", "shogi::false-declaration"),
        "入玉宣言 (entering-king win) claimed by black (先手), but its pieces in the camp and in hand count 27 points (28 needed)"
    );
    let early = kif(&["７六歩(77)", "３四歩(33)"], "入玉勝ち");
    assert_eq!(
        diags(&early, "g.kifu"),
        vec![("shogi::false-declaration", Severity::Error, 5, 6)]
    );
    assert_eq!(
        message(&early, "g.kifu", "shogi::false-declaration"),
        "入玉宣言 (entering-king win) claimed by black (先手), but its king on ５九 is not in the enemy camp; only 0 of its other pieces stand in the enemy camp (10 needed); its pieces in the camp and in hand count 0 points (28 needed)"
    );
}

#[test]
fn an_impasse_with_no_king_in_the_enemy_camp_is_a_warning() {
    assert_eq!(
        diags(&kif(&["７六歩(77)"], "持将棋"), "g.kifu"),
        vec![("shogi::doubtful-impasse", Severity::Warning, 4, 6)]
    );
    let entered = format!("position sfen {ENTERED} moves 5i5h\n");
    let out = check(&entered, "g.usi");
    let written = kifu::write(
        &out.parsed.collection,
        kifu::formats::by_name("csa").expect("csa"),
        None,
        None,
    )
    .expect("writes");
    let csa = format!(
        "{}%JISHOGI\n",
        String::from_utf8(written.bytes).expect("ASCII")
    );
    assert_eq!(diags(&csa, "g.csa"), vec![]);
}

#[test]
fn no_mate_claimed_at_a_checkmate_is_an_error() {
    let text = format!("{MATE_CSA}%FUZUMI\n");
    assert_eq!(
        diags(&text, "g.csa"),
        vec![("shogi::false-no-mate", Severity::Error, 14, 1)]
    );
}

// ---- gomoku and renju ----

/// Black's move 11 (SGF `kj`) is a forbidden double-three under renju.
const THREE_THREE: &str = ";B[hh];W[aa];B[hj];W[ab];B[ij];W[ac];B[kh];W[ad];B[ki];W[ao]\n;B[kj])";

/// Black makes five with move 9 (freestyle), white plays along the edge.
const BLACK_FIVE: &str = ";B[hh];W[aa];B[hi];W[ab];B[hj];W[ac];B[hk];W[ad];B[hl])";

#[test]
fn a_win_claimed_without_a_five_is_an_error_unless_someone_resigned() {
    let no_five = "(;FF[4]GM[4]SZ[15]RU[gomoku]RE[B+]\n;B[hh];W[aa];B[hi])";
    assert_eq!(
        diags(no_five, "g.sgf"),
        vec![("renju::false-result", Severity::Error, 1, 2)]
    );
    assert_eq!(
        message(no_five, "g.sgf", "renju::false-result"),
        "the record says black won, but it has no five and no resignation, time loss or foul is recorded: unfinished after 3 moves"
    );
    for re in ["B+R", "B+T", "B+F", "W+R", "Void", "?"] {
        let text = no_five.replace("RE[B+]", &format!("RE[{re}]"));
        assert_eq!(diags(&text, "g.sgf"), vec![], "{re}");
    }
    let points = no_five.replace("RE[B+]", "RE[W+3]");
    assert_eq!(
        diags(&points, "g.sgf"),
        vec![("renju::false-result", Severity::Error, 1, 2)]
    );
}

#[test]
fn a_win_for_the_side_that_did_not_make_five_is_an_error() {
    for (re, ok) in [
        ("B+", true),
        ("B+R", true),
        ("W+", false),
        ("W+R", false),
        ("0", false),
    ] {
        let text = format!("(;FF[4]GM[4]SZ[15]RU[freestyle]RE[{re}]\n{BLACK_FIVE}");
        let expected = if ok {
            vec![]
        } else {
            vec![("renju::false-result", Severity::Error, 1, 2)]
        };
        assert_eq!(diags(&text, "g.sgf"), expected, "{re}");
    }
}

#[test]
fn black_wins_claimed_after_its_forbidden_move_is_an_error() {
    let text = format!("(;FF[4]GM[4]SZ[15]RU[renju]RE[B+]\n{THREE_THREE}");
    assert_eq!(
        diags(&text, "g.sgf"),
        vec![
            ("renju::double-three", Severity::Error, 3, 1),
            ("renju::false-result", Severity::Error, 1, 2)
        ]
    );
    assert_eq!(
        message(&text, "g.sgf", "renju::false-result"),
        "the record says black won, but black's move 11 was a forbidden double-three (3-3)"
    );
    // White's win is the judged result; under freestyle nothing is forbidden.
    let white = text.replace("RE[B+]", "RE[W+F]");
    assert_eq!(
        diags(&white, "g.sgf"),
        vec![("renju::double-three", Severity::Error, 3, 1)]
    );
}

// ---- Go ----

#[test]
fn two_moves_of_one_colour_are_a_warning_unless_pl_or_setup_explain_them() {
    let text = "(;FF[4]GM[1]SZ[19];B[pd];B[dp];W[dd])";
    assert_eq!(
        diags(text, "g.sgf"),
        vec![("go::same-colour-twice", Severity::Warning, 1, 25)]
    );
    assert_eq!(
        message(text, "g.sgf", "go::same-colour-twice"),
        "move 2 is black's, but black also made the move before (no PL[] or setup between)"
    );
    for fine in [
        "(;FF[4]GM[1]SZ[19];B[pd];PL[B];B[dp];W[dd])",
        "(;FF[4]GM[1]SZ[19];B[pd];PL[B]B[dp];W[dd])",
        "(;FF[4]GM[1]SZ[19];B[pd];W[dp]PL[B];B[dd];W[pp]PL[B];B[qq])",
        "(;FF[4]GM[1]SZ[19];B[pd];AB[cc];B[dp];W[dd])",
        "(;FF[4]GM[1]SZ[19]HA[2]AB[dp][pd];W[dd];B[qf])",
        "(;FF[4]GM[1]SZ[19];W[dd];B[pd])",
        "(;FF[4]GM[1]SZ[19];B[pd];W[];B[dp])",
    ] {
        assert_eq!(diags(fine, "g.sgf"), vec![], "{fine}");
    }
    // Each variation is a line of its own.
    let text = "(;FF[4]GM[1]SZ[19];B[pd](;W[dd])(;B[dd]))";
    assert_eq!(
        diags(text, "g.sgf"),
        vec![("go::same-colour-twice", Severity::Warning, 1, 34)]
    );
}

#[test]
fn a_margin_the_komi_cannot_give_is_a_warning() {
    let game = |km: &str, re: &str| format!("(;FF[4]GM[1]SZ[19]KM[{km}]RE[{re}];B[pd];W[dd])");
    for (km, re, warned) in [
        ("6.5", "B+3", true),
        ("6.5", "B+3.5", false),
        ("0", "W+2", false),
        ("7", "B+0.5", true),
        ("7.5", "W+0.5", false),
        ("6.5", "0", true),
        ("7", "0", false),
        ("6.5", "B+R", false),
    ] {
        let expected = if warned {
            vec![("go::komi-margin", Severity::Warning, 1, 2)]
        } else {
            vec![]
        };
        assert_eq!(diags(&game(km, re), "g.sgf"), expected, "KM[{km}] RE[{re}]");
    }
    assert_eq!(
        message(&game("6.5", "B+3"), "g.sgf", "go::komi-margin"),
        "RE[B+3] cannot follow from KM[6.5]: the counts differ by a whole number, so black's margin must end in .5 (rules: Japanese (assumed: no RU), territory scoring)"
    );
    assert_eq!(
        message(&game("7", "B+0.5"), "g.sgf", "go::komi-margin"),
        "RE[B+0.5] cannot follow from KM[7]: the counts differ by a whole number, so black's margin must be a whole number (rules: Japanese (assumed: no RU), territory scoring)"
    );
    // Chinese results in stones: 2.5 points are 1.25 stones.
    let stones = "(;FF[4]GM[1]SZ[19]RU[Chinese]KM[7.5]RE[B+1.25];B[pd];W[dd])";
    assert_eq!(diags(stones, "g.sgf"), vec![]);
    let aga = "(;FF[4]GM[1]SZ[19]RU[AGA]KM[7.5]RE[B+1.25];B[pd];W[dd])";
    assert!(message(aga, "g.sgf", "go::komi-margin").ends_with("(rules: AGA, area scoring)"));
}

/// A ko on a 5×5 board: black takes at cb, both pass, white takes back at bb and
/// the board of the start stands again with black to play.
fn ko_after_passes(ru: &str) -> String {
    format!("(;FF[4]GM[1]SZ[5]{ru}AB[ba][ab][bc]AW[ca][db][cc][bb];B[cb];W[];B[];W[bb])")
}

#[test]
fn superko_is_an_error_under_the_rule_sets_that_have_it() {
    for (ru, kind) in [
        (
            "RU[Chinese]",
            "positional superko, forbidden under Chinese rules",
        ),
        (
            "RU[Tromp-Taylor]",
            "positional superko, forbidden under Tromp-Taylor rules",
        ),
        ("RU[AGA]", "situational superko, forbidden under AGA rules"),
        (
            "RU[NZ]",
            "situational superko, forbidden under New Zealand rules",
        ),
    ] {
        let text = ko_after_passes(ru);
        let col = text.find(";W[bb]").map_or(0, |i| i + 1);
        assert_eq!(
            diags(&text, "g.sgf"),
            vec![("go::superko", Severity::Error, 1, col)],
            "{ru}"
        );
        let m = message(&text, "g.sgf", "go::superko");
        assert!(
            m.starts_with("white at bb recreates the whole-board position at the start"),
            "{m}"
        );
        assert!(m.ends_with(kind), "{m}");
    }
}

#[test]
fn a_long_cycle_under_japanese_rules_is_information_once() {
    for (ru, words) in [("", "Japanese (assumed: no RU)"), ("RU[Korean]", "Korean")] {
        // The cycle twice: reported once.
        let text = ko_after_passes(ru).replace(";W[bb])", ";W[bb];B[];W[];B[cb];W[];B[];W[bb])");
        let col = text.find(";W[bb]").map_or(0, |i| i + 1);
        assert_eq!(
            diags(&text, "g.sgf"),
            vec![("go::triple-ko", Severity::Info, 1, col)],
            "{ru}"
        );
        assert_eq!(
            message(&text, "g.sgf", "go::triple-ko"),
            format!("white at bb brings back the whole-board position at the start with the same player to move: a long cycle (triple ko, eternal life …); under {words} rules the game may end without result (無勝負), and the record need not say so")
        );
    }
}
