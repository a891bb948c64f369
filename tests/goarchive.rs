//! Go server archives: Tygem GIB, Cyberoro/WBaduk NGF, Pandanet UGF/UGI. Every archive
//! of our own (`fixtures/gib`, `fixtures/ngf`, `fixtures/ugf`, made by
//! `fixtures/make_go_server_fixtures.py`) and every real sample of
//! `../shared/corpus/go-servers/sabaki/` (when it is beside the checkout) read with
//! exact values, sniffed by its own sniffer only, converted to SGF that validates; the
//! hand-made broken files with exact diagnostics.

use std::path::Path;

use kifu::formats::{self, Format};
use kifu::model::*;
use kifu::text::LineIndex;
use kifu::Input;

mod common;
use common::corpus;

fn read_path(path: impl AsRef<Path>) -> kifu::ReadOutcome {
    let path = path.as_ref();
    let bytes = std::fs::read(path).expect("fixture");
    let mut outcome = kifu::read(&Input {
        bytes: (&bytes).into(),
        path: Some(path),
        format: None,
        encoding: None,
    })
    .expect("readable");
    kifu::validate(&mut outcome);
    outcome
}

/// (code, line, column) of every diagnostic.
fn positions(outcome: &kifu::ReadOutcome) -> Vec<(&'static str, usize, usize)> {
    let text = outcome.text.clone().unwrap_or_default();
    let index = LineIndex::new(&text);
    outcome
        .parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (l, c) = index.line_col_in(&text, d.span.start);
            (d.code, l, c)
        })
        .collect()
}

fn moves(game: &Game) -> Vec<(Color, Option<Point>)> {
    game.tree
        .main_line()
        .filter_map(|(_, n)| match n.mv {
            Some(Move::Stone(m)) => Some((m.color, m.point)),
            _ => None,
        })
        .collect()
}

/// A point in SGF letters.
fn sgf(s: &str) -> Option<Point> {
    let b = s.as_bytes();
    Some(Point::new(b[0] - b'a', b[1] - b'a'))
}

struct Expected {
    path: &'static str,
    format: &'static str,
    encoding: &'static str,
    decided_by: &'static str,
    black: (&'static str, Option<&'static str>),
    white: (&'static str, Option<&'static str>),
    date: &'static str,
    result: Option<GameResult>,
    komi: f64,
    handicap: Option<u32>,
    moves: usize,
    first: [(Color, Option<Point>); 2],
    last: [(Color, Option<Point>); 2],
}

fn win(winner: Color, reason: WinReason) -> Option<GameResult> {
    Some(GameResult::Win { winner, reason })
}

const B: Color = Color::Black;
const W: Color = Color::White;

fn expected() -> Vec<Expected> {
    vec![
        Expected {
            path: "gib_euc-kr.gib",
            format: "gib",
            encoding: "EUC-KR",
            decided_by: "declared",
            black: ("dustkd1015", Some("1급")),
            white: ("dongjik", Some("1급")),
            date: "2015-08-29",
            result: win(B, WinReason::Time),
            komi: 6.5,
            handicap: None,
            moves: 49,
            first: [(B, sgf("qc")), (W, sgf("dp"))],
            last: [(W, sgf("rh")), (B, sgf("be"))],
        },
        Expected {
            path: "gib_gb2312.gib",
            format: "gib",
            encoding: "GBK",
            decided_by: "declared",
            black: ("石下之臣", Some("2段")),
            white: ("harpmaster", Some("3段")),
            date: "2012-11-22",
            result: win(W, WinReason::Score(11.0)),
            komi: 0.0,
            handicap: Some(5),
            moves: 268,
            first: [(W, sgf("qn")), (B, sgf("nq"))],
            last: [(W, sgf("lk")), (B, sgf("di"))],
        },
        Expected {
            path: "gib_utf8.gib",
            format: "gib",
            encoding: "UTF-8",
            decided_by: "utf8-valid",
            black: ("jy512", Some("15K")),
            white: ("leejw977", Some("10K")),
            date: "2016-03-26",
            result: None,
            komi: 0.5,
            handicap: Some(3),
            moves: 118,
            first: [(W, sgf("pp")), (B, sgf("nq"))],
            last: [(W, sgf("ll")), (B, sgf("ki"))],
        },
        Expected {
            path: "ngf_even.ngf",
            format: "ngf",
            encoding: "UTF-8",
            decided_by: "utf8-valid",
            black: ("CYY", Some("9DP")),
            white: ("LQC", Some("9DP")),
            date: "2017-03-16",
            result: win(B, WinReason::Score(0.5)),
            komi: 7.5,
            handicap: None,
            moves: 333,
            first: [(B, sgf("qd")), (W, sgf("dd"))],
            last: [(W, sgf("ij")), (B, sgf("nl"))],
        },
        Expected {
            path: "ngf_gb2312.ngf",
            format: "ngf",
            encoding: "GBK",
            decided_by: "format-default",
            black: ("李载雄", Some("五段")),
            white: ("朴承华", Some("初段")),
            date: "2006-09-05",
            result: win(B, WinReason::Resign),
            komi: 6.5,
            handicap: None,
            moves: 211,
            first: [(B, sgf("qd")), (W, sgf("dd"))],
            last: [(W, sgf("ke")), (B, sgf("jn"))],
        },
        Expected {
            path: "ngf_handicap2.ngf",
            format: "ngf",
            encoding: "UTF-8",
            decided_by: "utf8-valid",
            black: ("p81587", Some("5D*")),
            white: ("ace550", Some("7D*")),
            date: "2017-03-16",
            result: win(W, WinReason::Resign),
            komi: 0.0,
            handicap: Some(2),
            moves: 189,
            first: [(W, sgf("pq")), (B, sgf("dd"))],
            last: [(B, sgf("in")), (W, sgf("gn"))],
        },
        Expected {
            path: "ugf_amateur.ugf",
            format: "ugf",
            encoding: "Shift_JIS",
            decided_by: "declared",
            black: ("kaziwami", Some("7d")),
            white: ("YINNI", Some("8d")),
            date: "2019-03-08",
            result: win(B, WinReason::Score(7.5)),
            komi: -5.5,
            handicap: None,
            moves: 254,
            first: [(B, sgf("qd")), (W, sgf("dd"))],
            last: [(B, sgf("pi")), (W, sgf("ni"))],
        },
        Expected {
            path: "ugf_review.ugi",
            format: "ugf",
            encoding: "Shift_JIS",
            decided_by: "declared",
            black: ("ken03110", Some("2k")),
            white: ("apetresc", Some("2k?")),
            date: "2020-06-23",
            result: win(B, WinReason::Score(2.5)),
            komi: 6.5,
            handicap: None,
            moves: 222,
            first: [(B, sgf("qd")), (W, sgf("dc"))],
            last: [(B, None), (W, None)],
        },
    ]
}

/// Our own archives (`fixtures/make_go_server_fixtures.py`): invented games and players.
fn own() -> Vec<Expected> {
    let even = |path, format, encoding, decided_by, black, white, date, result, komi| Expected {
        path,
        format,
        encoding,
        decided_by,
        black,
        white,
        date,
        result,
        komi,
        handicap: None,
        moves: 21,
        first: [(B, sgf("pd")), (W, sgf("dp"))],
        last: [(W, sgf("ck")), (B, sgf("qq"))],
    };
    vec![
        even(
            "gib/korea.gib",
            "gib",
            "EUC-KR",
            "declared",
            ("namsan77", Some("3급")),
            ("bukhansan", Some("2급")),
            "2021-04-03",
            win(B, WinReason::Time),
            6.5,
        ),
        Expected {
            path: "gib/china.gib",
            format: "gib",
            encoding: "GBK",
            decided_by: "declared",
            black: ("小石头", Some("1段")),
            white: ("松风", Some("4段")),
            date: "2022-05-01",
            result: win(W, WinReason::Score(9.0)),
            komi: 0.0,
            handicap: Some(5),
            moves: 16,
            first: [(W, sgf("fq")), (B, sgf("nc"))],
            last: [(W, sgf("ck")), (B, sgf("qq"))],
        },
        Expected {
            path: "gib/global.gib",
            format: "gib",
            encoding: "UTF-8",
            decided_by: "utf8-valid",
            black: ("moonstone", Some("12K")),
            white: ("Pebble Fox", Some("6K")),
            date: "2023-11-07",
            result: None,
            komi: 0.5,
            handicap: Some(3),
            moves: 18,
            first: [(W, sgf("pp")), (B, sgf("fq"))],
            last: [(W, sgf("ck")), (B, sgf("qq"))],
        },
        even(
            "ngf/even.ngf",
            "ngf",
            "UTF-8",
            "utf8-valid",
            ("Bada", Some("4D")),
            ("Haneul", Some("5D")),
            "2021-04-03",
            win(B, WinReason::Score(2.5)),
            6.5,
        ),
        even(
            "ngf/gi-layout.ngf",
            "ngf",
            "GBK",
            "format-default",
            ("王小明", Some("三段")),
            ("陈大海", Some("二段")),
            "2019-03-09",
            win(B, WinReason::Resign),
            6.5,
        ),
        Expected {
            path: "ngf/handicap.ngf",
            format: "ngf",
            encoding: "UTF-8",
            decided_by: "utf8-valid",
            black: ("duru", Some("1D*")),
            white: ("kkachi", Some("3D*")),
            date: "2022-08-15",
            result: win(W, WinReason::Resign),
            komi: 0.0,
            handicap: Some(2),
            moves: 19,
            first: [(W, sgf("pp")), (B, sgf("dd"))],
            last: [(B, sgf("ck")), (W, sgf("qq"))],
        },
        even(
            "ugf/game.ugf",
            "ugf",
            "Shift_JIS",
            "declared",
            ("yamabiko", Some("3d")),
            ("kogarashi", Some("4d")),
            "2021-04-03",
            win(W, WinReason::Score(4.5)),
            6.5,
        ),
        even(
            "ugf/review.ugi",
            "ugf",
            "Shift_JIS",
            "declared",
            ("yamabiko", Some("3d")),
            ("kogarashi", Some("4d")),
            "2021-04-04",
            win(B, WinReason::Score(4.5)),
            6.5,
        ),
    ]
}

const CORPUS: &str = "go-servers/sabaki";

/// The real samples' folder, or `None` (after one line saying the test skipped).
fn samples() -> Option<std::path::PathBuf> {
    corpus::path(CORPUS)
}

#[test]
fn every_own_archive_reads_with_its_information_and_moves() {
    reads_with_information_and_moves(Path::new("fixtures"), own());
}

#[test]
fn every_sample_reads_with_its_information_and_moves() {
    let Some(dir) = samples() else {
        return;
    };
    reads_with_information_and_moves(&dir, expected());
}

fn reads_with_information_and_moves(dir: &Path, expected: Vec<Expected>) {
    for e in expected {
        let path = dir.join(e.path).display().to_string();
        let out = read_path(&path);
        assert_eq!(out.format.name, e.format, "{path}");
        assert_eq!(out.source.encoding.as_deref(), Some(e.encoding), "{path}");
        assert_eq!(
            out.source.encoding_decided_by.as_deref(),
            Some(e.decided_by),
            "{path}"
        );
        assert_eq!(out.parsed.diagnostics, vec![], "{path}");
        let g = &out.parsed.collection.games[0];
        assert_eq!(g.kind, GameKind::go(19), "{path}");
        let i = &g.info;
        assert_eq!(i.black.name.as_deref(), Some(e.black.0), "{path}");
        assert_eq!(i.black.rank.as_deref(), e.black.1, "{path}");
        assert_eq!(i.white.name.as_deref(), Some(e.white.0), "{path}");
        assert_eq!(i.white.rank.as_deref(), e.white.1, "{path}");
        assert_eq!(i.date.as_deref(), Some(e.date), "{path}");
        assert_eq!(i.result, e.result, "{path}");
        assert_eq!(i.komi, Some(e.komi), "{path}");
        assert_eq!(i.handicap, e.handicap, "{path}");
        let stones = g.tree.root_node().setup.add_black.len();
        assert_eq!(stones, e.handicap.unwrap_or(0) as usize, "{path}");
        let m = moves(g);
        assert_eq!(m.len(), e.moves, "{path}");
        assert_eq!(m[..2], e.first, "{path}");
        assert_eq!(m[m.len() - 2..], e.last, "{path}");
    }
}

#[test]
fn other_fields_of_the_samples() {
    let Some(dir) = samples() else {
        return;
    };
    let g = |p: &str| read_path(dir.join(p)).parsed.collection.games.remove(0);
    let euc = g("gib_euc-kr.gib");
    assert_eq!(euc.info.place.as_deref(), Some("타이젬 바둑"));
    assert_eq!(euc.info.title.as_deref(), Some("승강급 대국"));
    assert_eq!(euc.info.main_time, Some(1200.0));
    assert_eq!(
        euc.info.time_control.as_deref(),
        Some("제한시간 20분 : 30초 초읽기 3번")
    );
    assert_eq!(
        euc.info.extras.get("gib:GAMERESULT"),
        Some(&["흑 시간승".to_string()][..])
    );
    let cn = g("gib_gb2312.gib");
    assert_eq!(
        cn.info.extras.get("gib:INI"),
        Some(&["在272房间正在进行对局准备。".to_string()][..])
    );
    let ngf = g("ngf_even.ngf");
    assert_eq!(ngf.info.place.as_deref(), Some("www.cyberoro.com"));
    assert_eq!(ngf.info.title.as_deref(), Some("Rated game"));
    assert_eq!(
        ngf.info.extras.get("ngf:time"),
        Some(&["09:37".to_string()][..])
    );
    let ugi = g("ugf_review.ugi");
    assert_eq!(ugi.info.rules.as_deref(), Some("Japanese"));
    assert_eq!(
        ugi.info.title.as_deref(),
        Some("2020,PANDA-NET Review,apetresc-ken03110(B) IGS")
    );
    assert_eq!(
        ugi.info.application.as_deref(),
        Some("PANDA-EGG ver 9.40 beta")
    );
}

#[test]
fn other_fields_of_our_archives() {
    let g = |p: &str| {
        read_path(Path::new("fixtures").join(p))
            .parsed
            .collection
            .games
            .remove(0)
    };
    let korea = g("gib/korea.gib");
    assert_eq!(korea.info.place.as_deref(), Some("타이젬 바둑"));
    assert_eq!(korea.info.title.as_deref(), Some("친선 대국"));
    assert_eq!(korea.info.main_time, Some(1800.0));
    assert_eq!(
        korea.info.time_control.as_deref(),
        Some("제한시간 30분 : 40초 초읽기 3번")
    );
    assert_eq!(
        korea.info.extras.get("gib:GAMERESULT"),
        Some(&["흑 시간승".to_string()][..])
    );
    assert_eq!(
        korea.info.extras.get("gib:GAMEBLACKNICK"),
        Some(&["돌고래".to_string()][..])
    );
    let china = g("gib/china.gib");
    assert_eq!(
        china.info.extras.get("gib:INI"),
        Some(&["对局马上开始。".to_string()][..])
    );
    assert_eq!(china.info.place.as_deref(), Some("弈城对弈"));
    assert_eq!(china.info.main_time, None);
    let ngf = g("ngf/even.ngf");
    assert_eq!(ngf.info.place.as_deref(), Some("www.example.net"));
    assert_eq!(ngf.info.title.as_deref(), Some("Rated game"));
    assert_eq!(
        ngf.info.extras.get("ngf:time"),
        Some(&["19:20".to_string()][..])
    );
    let gi = g("ngf/gi-layout.ngf");
    assert_eq!(gi.info.title.as_deref(), Some("春季友谊赛"));
    assert_eq!(gi.info.extras.get("ngf:GI"), Some(&["1".to_string()][..]));
    let ugf = g("ugf/game.ugf");
    assert_eq!(ugf.info.place.as_deref(), Some("東京"));
    assert_eq!(ugf.info.rules.as_deref(), Some("Japanese"));
    assert_eq!(
        ugf.info.application.as_deref(),
        Some("kifu test writer 1.0")
    );
    assert_eq!(
        ugf.info.extras.get("ugf:Date"),
        Some(&["2021/04/03,19:20:00,2021/04/03,20:02:41".to_string()][..])
    );
}

/// Our review: variations for moves 6 (two moves) and 10 (one), four comments, one of
/// them on a variation's node; all of it survives in SGF.
#[test]
fn our_ugi_review_variations_and_comments_survive_in_sgf() {
    let out = read_path("fixtures/ugf/review.ugi");
    let c = &out.parsed.collection;
    let sgf_format = formats::by_name("sgf").expect("sgf");
    let written = kifu::write(c, sgf_format, None, None).expect("writes SGF");
    let mut back = kifu::read(&Input {
        bytes: (&written.bytes).into(),
        path: None,
        format: Some(sgf_format),
        encoding: None,
    })
    .expect("reads SGF");
    for game in [&c.games[0], &back.parsed.collection.games[0]] {
        assert_eq!(game.tree.variation_count(), 2);
        let main: Vec<_> = game.tree.main_line().collect();
        let alternatives: Vec<Vec<(Color, Option<Point>)>> = [5usize, 9]
            .iter()
            .map(|&before| {
                let node = main[before].1;
                assert_eq!(node.children().len(), 2, "after move {before}");
                let mut line = Vec::new();
                let mut next = node.children().get(1).copied();
                while let Some(id) = next {
                    let n = game.tree.get(id).expect("node");
                    if let Some(Move::Stone(m)) = n.mv {
                        line.push((m.color, m.point));
                    }
                    next = n.children().first().copied();
                }
                line
            })
            .collect();
        assert_eq!(
            alternatives,
            vec![vec![(W, sgf("oc")), (B, sgf("qc"))], vec![(W, sgf("jc"))]]
        );
        let comments: Vec<&str> = game
            .tree
            .preorder()
            .filter_map(|(_, n)| n.comment.as_deref())
            .collect();
        assert_eq!(
            comments,
            vec![
                "kogarashi 4d: よろしくお願いします。\nyamabiko 3d : Have a good game!",
                "kogarashi [ 4d]: The 3-3 invasion is still open here.",
                "yamabiko [ 3d]: Thank you for the review",
                "kogarashi [ 4d]: 白はここに打つべきでした。",
            ]
        );
        assert_eq!(main[0].1.comment.as_deref(), Some(comments[0]));
        assert_eq!(main[4].1.comment.as_deref(), Some(comments[1]));
        assert_eq!(main[21].1.comment.as_deref(), Some(comments[2]));
    }
    kifu::validate(&mut back);
    assert_eq!(back.parsed.diagnostics, vec![]);
}

/// The review of the `.ugi`: two variations, from moves 54 and 56, and five comments.
#[test]
fn ugi_review_variations_and_comments_survive_in_sgf() {
    let Some(dir) = samples() else {
        return;
    };
    let out = read_path(dir.join("ugf_review.ugi"));
    let c = &out.parsed.collection;
    let sgf = formats::by_name("sgf").expect("sgf");
    let written = kifu::write(c, sgf, None, None).expect("writes SGF");
    let back = kifu::read(&Input {
        bytes: (&written.bytes).into(),
        path: None,
        format: Some(sgf),
        encoding: None,
    })
    .expect("reads SGF");
    for game in [&c.games[0], &back.parsed.collection.games[0]] {
        assert_eq!(game.tree.variation_count(), 2);
        let main: Vec<_> = game.tree.main_line().collect();
        // Node 55 of the review is move 54; both variations start with white at O12.
        for (before, alt_move) in [(53usize, 54u32), (55, 56)] {
            let node = main[before].1;
            assert_eq!(node.children().len(), 2, "after move {before}");
            let alt = game.tree.get(node.children()[1]).expect("variation");
            assert_eq!(
                alt.mv,
                Some(Move::Stone(StoneMove {
                    color: W,
                    point: Some(Point::new(13, 12))
                })),
                "variation to move {alt_move}"
            );
        }
        let comments: Vec<&str> = game
            .tree
            .preorder()
            .filter_map(|(_, n)| n.comment.as_deref())
            .collect();
        assert_eq!(comments.len(), 5);
        assert_eq!(
            comments[0],
            "apetresc 2k?: Let's begin and enjoy a great game.\nken03110 2k : Hi!"
        );
        assert_eq!(main[0].1.comment.as_deref(), Some(comments[0]));
        assert_eq!(
            main[18].1.comment.as_deref(),
            Some("apetresc [ 2k?]: I think white is ahead already?")
        );
        assert!(
            comments.contains(&"apetresc [ 2k?]: This probably salvages enough to still be ahead")
        );
    }
    let mut back = back;
    kifu::validate(&mut back);
    assert_eq!(back.parsed.diagnostics, vec![]);
}

#[test]
fn own_archives_convert_to_sgf_json_and_kiseong() {
    convert_to_sgf_json_and_kiseong(Path::new("fixtures"), own());
}

#[test]
fn samples_convert_to_sgf_json_and_kiseong() {
    let Some(dir) = samples() else {
        return;
    };
    convert_to_sgf_json_and_kiseong(&dir, expected());
}

fn convert_to_sgf_json_and_kiseong(dir: &Path, expected: Vec<Expected>) {
    for e in expected {
        let path = dir.join(e.path).display().to_string();
        let out = read_path(&path);
        let c = &out.parsed.collection;
        for target in ["sgf", "json", "kiseong"] {
            let f = formats::by_name(target).expect("target");
            let written = kifu::write(c, f, Some(kifu::text::TextEncoding::UTF_8), None)
                .unwrap_or_else(|err| panic!("{path} → {target}: {err}"));
            let mut back = kifu::read(&Input {
                bytes: (&written.bytes).into(),
                path: None,
                format: Some(f),
                encoding: None,
            })
            .expect("reads back");
            kifu::validate(&mut back);
            let errors: Vec<_> = back
                .parsed
                .diagnostics
                .iter()
                .filter(|d| d.severity == kifu::diag::Severity::Error)
                .collect();
            if target == "kiseong" && e.handicap.is_some() {
                // Kiseong places no setup stones: the loss is reported, and the moves
                // may then break the rules without them.
                assert!(
                    written
                        .losses
                        .iter()
                        .any(|l| l.code == "kiseong::setup-dropped"),
                    "{path}"
                );
            } else {
                assert_eq!(
                    errors,
                    Vec::<&kifu::diag::Diagnostic>::new(),
                    "{path} → {target}"
                );
            }
            let g = &back.parsed.collection.games[0];
            if target != "kiseong" {
                assert_eq!(moves(g), moves(&c.games[0]), "{path} → {target}");
            }
            if target == "sgf" {
                // What SGF cannot hold is reported: the server's own fields.
                let foreign = written
                    .losses
                    .iter()
                    .filter(|l| l.code == "loss::extras")
                    .count();
                assert!(foreign > 0, "{path}: no loss reported");
                assert_eq!(g.info.black.name, c.games[0].info.black.name);
                assert_eq!(g.info.komi, c.games[0].info.komi);
                assert_eq!(g.info.result, c.games[0].info.result);
            }
        }
    }
}

/// Every file under fixtures/ (and, when it is beside the checkout, the real records of
/// `../shared/corpus`) against every sniffer: the archive sniffers claim exactly the
/// archive files, and no other sniffer claims them.
#[test]
fn archive_sniffers_claim_their_files_only() {
    let mut checked = sniffers_claim_their_files_only(Path::new("fixtures"));
    assert!(checked > 70, "only {checked} files of our own");
    let Some(dir) = corpus::path("") else {
        return;
    };
    for folder in ["go-servers", "sgf", "shogi"] {
        checked += sniffers_claim_their_files_only(&dir.join(folder));
    }
    assert!(checked > 200, "only {checked} files");
}

/// The check of `archive_sniffers_claim_their_files_only` on the files under `dir`.
fn sniffers_claim_their_files_only(dir: &Path) -> usize {
    let ours = ["gib", "ngf", "ugf"];
    let mut checked = 0;
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.expect("walk");
        if !entry.file_type().is_file() {
            continue;
        }
        let path = entry.path();
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        let bytes = std::fs::read(path).expect("read");
        let claimed: Vec<&str> = formats::all()
            .iter()
            .filter(|f: &&Format| (f.sniff)(&bytes))
            .map(|f| f.name)
            .collect();
        let own = match ext.as_str() {
            "gib" => Some("gib"),
            "ngf" => Some("ngf"),
            "ugf" | "ugi" => Some("ugf"),
            _ => None,
        };
        match own {
            Some(name) => assert_eq!(claimed, vec![name], "{}", path.display()),
            None => assert!(
                claimed.iter().all(|c| !ours.contains(c)),
                "{} claimed by {claimed:?}",
                path.display()
            ),
        }
        checked += 1;
    }
    checked
}

#[test]
fn broken_gib_diagnostics() {
    let out = read_path("fixtures/gib/broken.gib");
    assert_eq!(
        positions(&out),
        vec![
            ("gib::unclosed-header", 5, 16),
            ("gib::bad-header", 6, 1),
            ("gib::bad-color", 14, 9),
            ("gib::move-number", 15, 7),
            ("gib::off-board", 15, 11),
            ("gib::bad-move", 16, 1),
            ("gib::unknown-line", 18, 1),
            ("gib::unterminated", 19, 1),
            ("go::occupied", 13, 1),
        ]
    );
    let g = &out.parsed.collection.games[0];
    assert_eq!(g.info.komi, Some(6.5));
    assert_eq!(moves(g).len(), 3);
}

#[test]
fn broken_ngf_diagnostics() {
    let out = read_path("fixtures/ngf/broken.ngf");
    assert_eq!(
        positions(&out),
        vec![
            ("ngf::bad-handicap", 6, 1),
            ("ngf::move-number", 15, 3),
            ("ngf::bad-color", 16, 5),
            ("ngf::pass", 17, 6),
            ("ngf::bad-line", 18, 1),
            ("ngf::coordinates-disagree", 19, 6),
            ("ngf::move-count", 12, 1),
            ("go::occupied", 14, 1),
        ]
    );
    let d = &out.parsed.diagnostics;
    assert_eq!(d[1].message, "move number AE (4) where 3 was expected");
    assert_eq!(d[6].message, "the header announces 9 moves and 6 were read");
}

#[test]
fn broken_ugi_diagnostics() {
    let out = read_path("fixtures/ugf/broken.ugi");
    assert_eq!(
        positions(&out),
        vec![
            ("ugf::bad-date", 4, 1),
            ("ugf::bad-komi", 6, 1),
            ("ugf::bad-point", 13, 1),
            ("ugf::bad-color", 19, 12),
            ("ugf::unopened-variation", 21, 1),
            ("ugf::comment-target", 26, 1),
            ("go::occupied", 22, 1),
        ]
    );
    let g = &out.parsed.collection.games[0];
    assert_eq!(g.tree.variation_count(), 1);
    assert_eq!(out.source.encoding.as_deref(), Some("UTF-8"));
}

/// The encoding rule for files with two legacy encodings: GBK text that also decodes
/// as EUC-KR is told by its ideographs; Korean text stays EUC-KR.
#[test]
fn ngf_without_declaration_is_decided_by_script() {
    let korean = "대국\n19\n이세돌 9단\n박정환 9단\n\n0\n0\n6\n20200101 [10:00]\n5\n백 불계승\n0\n";
    let (bytes, _, _) = encoding_rs::EUC_KR.encode(korean);
    let out = kifu::read(&Input {
        bytes: bytes.clone(),
        path: Some(std::path::Path::new("k.ngf")),
        format: None,
        encoding: None,
    })
    .expect("reads");
    assert_eq!(out.source.encoding.as_deref(), Some("EUC-KR"));
    assert_eq!(
        out.source.encoding_decided_by.as_deref(),
        Some("format-default")
    );
    let g = &out.parsed.collection.games[0];
    assert_eq!(g.info.white.name.as_deref(), Some("이세돌"));
    assert_eq!(g.info.result, win(W, WinReason::Resign));
    let chinese = korean
        .replace("대국", "围棋比赛")
        .replace("이세돌 9단", "古力 九段")
        .replace("박정환 9단", "柯洁 九段")
        .replace("백 불계승", "白中盘胜");
    let (bytes, _, _) = encoding_rs::GBK.encode(&chinese);
    let out = kifu::read(&Input {
        bytes: bytes.clone(),
        path: Some(std::path::Path::new("c.ngf")),
        format: None,
        encoding: None,
    })
    .expect("reads");
    assert_eq!(out.source.encoding.as_deref(), Some("GBK"));
    assert_eq!(
        out.parsed.collection.games[0].info.white.name.as_deref(),
        Some("古力")
    );
}

/// The fuzz targets' property on damaged copies of every archive fixture (each line
/// dropped, doubled, cut in half, and bytes overwritten at fixed steps): reading never
/// panics, and SGF written from what was read holds the same moves and setup stones.
#[test]
fn damaged_archives_read_and_survive_sgf() {
    let sgf = formats::by_name("sgf").expect("sgf");
    let tree_moves = |c: &Collection| -> Vec<_> {
        c.games
            .iter()
            .flat_map(|g| {
                g.tree
                    .preorder()
                    .map(|(_, n)| (n.mv, n.setup.add_black.clone()))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    // Our small archives damaged at every line and every 13th byte; the real samples
    // (when beside the checkout) at every 7th line and 97th byte.
    let mut sources = vec![(std::path::PathBuf::from("fixtures"), 1, 13)];
    sources.extend(samples().map(|dir| (dir, 7, 97)));
    let mut runs = 0;
    for (root, line_step, byte_step) in sources {
        let mut paths: Vec<std::path::PathBuf> = ["gib", "ngf", "ugf"]
            .iter()
            .flat_map(|dir| walkdir::WalkDir::new(root.join(dir)))
            .chain(walkdir::WalkDir::new(&root).max_depth(1))
            .filter_map(Result::ok)
            .map(walkdir::DirEntry::into_path)
            .collect();
        paths.sort();
        paths.dedup();
        for path in paths {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            let format = match ext {
                "gib" | "ngf" => ext,
                "ugf" | "ugi" => "ugf",
                _ => continue,
            };
            let format = formats::by_name(format).expect("registered");
            let bytes = std::fs::read(&path).expect("read");
            let lines: Vec<&[u8]> = bytes.split_inclusive(|&b| b == b'\n').collect();
            let mut variants: Vec<Vec<u8>> = Vec::new();
            for i in (0..lines.len()).step_by(line_step) {
                let mut dropped = lines.clone();
                dropped.remove(i);
                variants.push(dropped.concat());
                let mut doubled = lines.clone();
                doubled.insert(i, lines[i]);
                variants.push(doubled.concat());
                let mut cut = lines.clone();
                let half = lines[i].len() / 2;
                cut[i] = &lines[i][..half];
                variants.push(cut.concat());
            }
            for (k, step) in (0..bytes.len()).step_by(byte_step).enumerate() {
                let mut b = bytes.clone();
                b[step] = [b'\\', b'[', b',', 0xff, b'9', b'\n', b'A', 0x81][k % 8];
                variants.push(b);
            }
            for v in variants {
                runs += 1;
                let mut out = kifu::read(&Input {
                    bytes: (&v).into(),
                    path: None,
                    format: Some(format),
                    encoding: None,
                })
                .expect("reads");
                kifu::validate(&mut out);
                for d in &out.parsed.diagnostics {
                    assert!(d.span.end <= out.text.as_deref().map_or(0, str::len));
                }
                let Ok(written) = kifu::write(&out.parsed.collection, sgf, None, None) else {
                    continue;
                };
                let back = kifu::read(&Input {
                    bytes: (&written.bytes).into(),
                    path: None,
                    format: Some(sgf),
                    encoding: None,
                })
                .expect("SGF reads");
                assert_eq!(
                    tree_moves(&back.parsed.collection),
                    tree_moves(&out.parsed.collection),
                    "{}",
                    path.display()
                );
            }
        }
    }
    assert!(runs > 1000, "{runs} runs");
}

/// `kifu convert x.gib -t sgf` writes an SGF that `kifu validate` accepts, and names
/// on standard error what SGF cannot hold.
#[test]
fn cli_converts_every_sample_to_an_sgf_that_validates() {
    let Some(samples) = samples() else {
        return;
    };
    cli_converts_to_an_sgf_that_validates(&samples, expected());
}

#[test]
fn cli_converts_every_own_archive_to_an_sgf_that_validates() {
    cli_converts_to_an_sgf_that_validates(Path::new("fixtures"), own());
}

fn cli_converts_to_an_sgf_that_validates(from: &Path, expected: Vec<Expected>) {
    let dir = tempfile::tempdir().expect("temporary folder");
    for e in expected {
        let input = from.join(e.path).display().to_string();
        let output = dir.path().join(format!("{}.sgf", e.path.replace('/', "-")));
        let out = assert_cmd::Command::cargo_bin("kifu")
            .expect("binary")
            .args(["convert", &input, "-t", "sgf", "-o"])
            .arg(&output)
            .output()
            .expect("runs");
        assert!(out.status.success(), "{input}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("[loss::extras]"), "{input}: {stderr}");
        let check = assert_cmd::Command::cargo_bin("kifu")
            .expect("binary")
            .arg("validate")
            .arg(&output)
            .output()
            .expect("runs");
        assert!(check.status.success(), "{input}");
        let said = String::from_utf8_lossy(&check.stdout);
        assert!(
            said.contains("ok (1 game(s), 0 error(s), 0 warning(s))"),
            "{said}"
        );
    }
}

/// Tygem's own `REM` lines are info, not errors: the file stays valid, the text is kept
/// as the extra `gib:REM`, and a conversion to SGF reports it as a loss. A line that
/// starts with a digit and is not a counter line is an unknown line, not passed over.
#[test]
fn gib_rem_lines_are_kept_remarks_and_only_number_lines_are_counters() {
    let original = std::fs::read_to_string("fixtures/gib/global.gib").expect("fixture");
    let text = original
        .replacen("\\GS\n", "\\GS\nREM 0 대국이 시작되었습니다\n", 1)
        .replacen("\\GE", "REM\n123 0 garbage\n\\GE", 1);
    assert_ne!(text, original);
    let mut outcome = kifu::read(&Input {
        bytes: text.as_bytes().into(),
        path: Some(std::path::Path::new("rem.gib")),
        format: None,
        encoding: None,
    })
    .expect("readable");
    kifu::validate(&mut outcome);
    let rem_line = text
        .lines()
        .position(|l| l.starts_with("REM 0"))
        .expect("REM")
        + 1;
    let ge = text.lines().position(|l| l == "\\GE").expect("GE") + 1;
    assert_eq!(
        positions(&outcome),
        vec![
            ("gib::remark", rem_line, 1),
            ("gib::remark", ge - 2, 1),
            ("gib::unknown-line", ge - 1, 1),
        ]
    );
    let severities: Vec<_> = outcome
        .parsed
        .diagnostics
        .iter()
        .map(|d| d.severity)
        .collect();
    use kifu::diag::Severity;
    assert_eq!(
        severities,
        [Severity::Info, Severity::Info, Severity::Error]
    );
    let game = &outcome.parsed.collection.games[0];
    assert_eq!(
        game.info
            .extras
            .0
            .iter()
            .filter(|e| e.key == "gib:REM")
            .map(|e| e.values.clone())
            .collect::<Vec<_>>(),
        vec![vec!["0 대국이 시작되었습니다".to_string(), String::new()]]
    );
    assert_eq!(moves(game).len(), 18);
    // Without the broken line the file is valid (REM lines only), and SGF reports the
    // remark it has no place for.
    let valid = text.replacen("123 0 garbage\n", "", 1);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("rem.gib");
    std::fs::write(&path, &valid).expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("validate")
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "{}: ok (1 game(s), 0 error(s), 0 warning(s))\n",
            path.display()
        )
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["convert", "-t", "sgf", "-o"])
        .arg(dir.path().join("rem.sgf"))
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "warning: {}: [loss::extras] sgf has no place for the gib:REM field: \"0 대국이 시작되었습니다, \"\n",
            path.display()
        )),
        "{stderr}"
    );
}
