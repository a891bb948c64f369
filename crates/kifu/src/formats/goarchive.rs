//! Pieces shared by the readers of Go server archives (GIB, NGF, UGF): lines with
//! their offsets, the fixed handicap placement, names with ranks, result texts.

use crate::model::{Color, GameResult, Move, NodeId, Point, StoneMove, Tree, WinReason};

/// One line of a text: where it starts, its 0-based number, and its text without the
/// line break (`\n` or `\r\n`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line<'a> {
    /// Byte offset of the line's first character.
    pub start: usize,
    /// The text, without `\r\n` or `\n`.
    pub text: &'a str,
}

/// The lines of `text` with their offsets.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = Line<'_>> + '_ {
    let mut start = 0;
    std::iter::from_fn(move || {
        let rest = text.get(start..).filter(|r| !r.is_empty())?;
        // memchr finds the line break faster than `split_inclusive('\n')`
        // (measured: 5 % of `kifu validate` on small GIB files went to that search).
        let end = memchr::memchr(b'\n', rest.as_bytes()).unwrap_or(rest.len());
        let line = rest.get(..end).unwrap_or("");
        let line_start = start;
        start += end + 1;
        Some(Line {
            start: line_start,
            text: line.strip_suffix('\r').unwrap_or(line),
        })
    })
}

/// The offset of `part` (a subslice of `line.text`) in the whole text.
pub(crate) fn offset_in(line: &Line<'_>, part: &str) -> usize {
    let base = line.text.as_ptr() as usize;
    let at = (part.as_ptr() as usize).saturating_sub(base);
    line.start + at.min(line.text.len())
}

/// Where the third handicap stone goes: the two placements differ in that only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Placement {
    /// The GTP `fixed_handicap` table (D16 third), which Tygem follows (verified).
    Gtp,
    /// The traditional Japanese placement (Q4 third), assumed for Pandanet.
    Japanese,
}

/// The fixed handicap placement of the GTP specification (`fixed_handicap`), which
/// Tygem and Cyberoro use: 2 stones D4 Q16, 3 adds D16, 4 adds Q4, 5 adds the centre,
/// 6 the two side points of the middle row, 7 the centre, 8 the middle of the top and
/// bottom sides, 9 the centre. `None` for counts the board does not allow (boards
/// under 7 lines, more than 4 stones on an even board, more than 9).
pub(crate) fn handicap_points(size: u8, n: u32) -> Option<Vec<Point>> {
    handicap_placed(size, n, Placement::Gtp)
}

/// [`handicap_points`] with the third stone placed as `placement` says.
pub(crate) fn handicap_placed(size: u8, n: u32, placement: Placement) -> Option<Vec<Point>> {
    if !(2..=9).contains(&n) || size < 7 || (size % 2 == 0 && n > 4) {
        return None;
    }
    let d = if size >= 13 { 3 } else { 2 };
    let (lo, hi, mid) = (d, size - 1 - d, size / 2);
    let mut corners = [
        Point::new(hi, lo),
        Point::new(lo, hi),
        Point::new(lo, lo),
        Point::new(hi, hi),
    ];
    if placement == Placement::Japanese {
        corners.swap(2, 3);
    }
    let centre = Point::new(mid, mid);
    let mut points: Vec<Point> = corners.iter().copied().take(n.min(4) as usize).collect();
    if n >= 6 {
        points.push(Point::new(lo, mid));
        points.push(Point::new(hi, mid));
    }
    if n >= 8 {
        points.push(Point::new(mid, lo));
        points.push(Point::new(mid, hi));
    }
    if n % 2 == 1 && n >= 5 {
        points.push(centre);
    }
    Some(points)
}

/// Splits `name (rank)`, `name(rank)` or `name rank` … into name and rank; a text
/// without a recognisable rank is all name.
pub(crate) fn name_and_rank(raw: &str) -> (Option<String>, Option<String>) {
    let raw = raw.trim();
    if raw.is_empty() {
        return (None, None);
    }
    if let Some(body) = raw.strip_suffix(')') {
        if let Some(open) = body.rfind('(') {
            let name = body.get(..open).unwrap_or("").trim();
            let rank = body.get(open + 1..).unwrap_or("").trim();
            if !name.is_empty() {
                let rank = (!rank.is_empty()).then(|| rank.to_string());
                return (Some(name.to_string()), rank);
            }
        }
    }
    (Some(raw.to_string()), None)
}

/// Adds a node holding a stone move (a pass when `point` is `None`) as the last child
/// of `parent`, built in place in the arena (a copy of each node saved: measured, it
/// was most of the 6 % `kifu validate` spent moving memory on small GIB files).
pub(crate) fn add_stone(
    tree: &mut Tree,
    parent: NodeId,
    color: Color,
    point: Option<Point>,
) -> NodeId {
    let id = tree.add_empty_child(parent);
    if let Some(node) = tree.get_mut(id) {
        node.mv = Some(Move::Stone(StoneMove { color, point }));
    }
    id
}

/// Reads a number of points such as `0.5`, `11`, `2집반` (2.5), `3目半` (3.5).
fn points(text: &str) -> Option<f64> {
    let digits: String = text
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let value: f64 = digits.parse().ok()?;
    let rest: String = text
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .skip_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let half = ["반", "半", "又1/2", "1/2"]
        .iter()
        .any(|h| rest.contains(h));
    Some(if half { value + 0.5 } else { value })
}

/// Types a result written as text by a Go server: English (`Black wins by 0.5!`,
/// `White wins by resign`, `… by time`), Korean (`흑 불계승`, `백 시간승`, `흑 6집반승`)
/// and Chinese (`黑中盘胜`, `白11目胜`, `黑超时胜`). `None` when the text says
/// nothing recognisable (the caller keeps it as [`GameResult::Other`]).
pub(crate) fn result_from_text(text: &str) -> Option<GameResult> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    let winner = if lower.starts_with("black") || t.starts_with('흑') || t.starts_with('黑') {
        Color::Black
    } else if lower.starts_with("white") || t.starts_with('백') || t.starts_with('白') {
        Color::White
    } else {
        if ["jigo", "draw", "무승부", "빅", "和棋"]
            .iter()
            .any(|w| lower.contains(w))
        {
            return Some(GameResult::Draw);
        }
        return None;
    };
    let reason = if ["resign", "불계", "中盘", "中押"]
        .iter()
        .any(|w| lower.contains(w))
    {
        WinReason::Resign
    } else if ["time", "시간", "超时"].iter().any(|w| lower.contains(w)) {
        WinReason::Time
    } else if ["forfeit", "반칙", "犯规"]
        .iter()
        .any(|w| lower.contains(w))
    {
        WinReason::Forfeit
    } else {
        match points(t) {
            Some(p) if p > 0.0 => WinReason::Score(p),
            _ => WinReason::Unspecified,
        }
    };
    Some(GameResult::Win { winner, reason })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handicap_points_follow_gtp() {
        let pts = |n| handicap_points(19, n).unwrap_or_default();
        assert_eq!(pts(2), vec![Point::new(15, 3), Point::new(3, 15)]);
        assert_eq!(pts(3).get(2), Some(&Point::new(3, 3)));
        assert_eq!(pts(5).last(), Some(&Point::new(9, 9)));
        assert_eq!(pts(9).len(), 9);
        assert_eq!(handicap_points(19, 1), None);
        assert_eq!(handicap_points(12, 5), None);
        assert_eq!(
            handicap_points(9, 2),
            Some(vec![Point::new(6, 2), Point::new(2, 6)])
        );
    }

    #[test]
    fn names_and_ranks_are_split() {
        let s = |a: &str, b: &str| (Some(a.to_string()), Some(b.to_string()));
        assert_eq!(name_and_rank("이세돌 (9단)"), s("이세돌", "9단"));
        assert_eq!(name_and_rank("Player(9D)"), s("Player", "9D"));
        assert_eq!(name_and_rank("plain"), (Some("plain".into()), None));
        assert_eq!(name_and_rank("(9D)"), (Some("(9D)".into()), None));
        assert_eq!(name_and_rank(" "), (None, None));
    }

    #[test]
    fn result_texts_are_typed() {
        let win = |winner, reason| Some(GameResult::Win { winner, reason });
        assert_eq!(
            result_from_text("Black wins by 0.5!"),
            win(Color::Black, WinReason::Score(0.5))
        );
        assert_eq!(
            result_from_text("White wins by  resign!"),
            win(Color::White, WinReason::Resign)
        );
        assert_eq!(
            result_from_text("흑 시간승"),
            win(Color::Black, WinReason::Time)
        );
        assert_eq!(
            result_from_text("백 6집반승"),
            win(Color::White, WinReason::Score(6.5))
        );
        assert_eq!(
            result_from_text("黑中盘胜(现场消息)"),
            win(Color::Black, WinReason::Resign)
        );
        assert_eq!(
            result_from_text("白11目胜"),
            win(Color::White, WinReason::Score(11.0))
        );
        assert_eq!(result_from_text("unknown"), None);
    }
}

#[cfg(test)]
mod encoding_tests {
    use crate::text::{decode, DetectHints, TextEncoding};

    fn hints() -> DetectHints {
        DetectHints {
            legacy: Some(TextEncoding::EUC_KR),
            legacy_alternative: Some(TextEncoding::GBK),
            ..DetectHints::default()
        }
    }

    /// Our Korean and Chinese archives, read as a GIB/NGF without its declaration
    /// would be: the rule picks the right one.
    #[test]
    fn the_two_legacy_encodings_are_told_apart_on_our_archives() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/");
        for (path, want) in [
            ("gib/korea.gib", "EUC-KR"),
            ("gib/china.gib", "GBK"),
            ("ngf/gi-layout.ngf", "GBK"),
        ] {
            let bytes = std::fs::read(format!("{root}{path}")).expect("fixture");
            let d = decode(&bytes, &hints());
            assert_eq!(d.encoding.name(), want, "{path}");
        }
    }

    /// Every Korean and simplified-Chinese file of the corpus that both EUC-KR and
    /// GBK decode (when the corpus is beside the checkout), read as a GIB/NGF would
    /// be: the rule picks the right one.
    #[test]
    fn the_two_legacy_encodings_are_told_apart_on_the_corpus() {
        let Some(root) = crate::testing::corpus::path("") else {
            return;
        };
        for (path, want) in [
            ("go-servers/sabaki/gib_euc-kr.gib", "EUC-KR"),
            ("go-servers/sabaki/gib_gb2312.gib", "GBK"),
            ("go-servers/sabaki/ngf_gb2312.ngf", "GBK"),
            ("sgf/sabaki-sgf/korean.sgf", "EUC-KR"),
            ("sgf/sabaki-sgf/chinese.sgf", "GBK"),
            ("sgf/libsgfcplusplus/encoding-korean-macos.sgf", "EUC-KR"),
            ("sgf/libsgfcplusplus/encoding-chinese-gbk.sgf", "GBK"),
            (
                "sgf/libsgfcplusplus/encoding-simplifiedchinese-gb2312.sgf",
                "GBK",
            ),
        ] {
            let bytes = std::fs::read(root.join(path)).expect("corpus file");
            let d = decode(&bytes, &hints());
            assert_eq!(d.encoding.name(), want, "{path}");
        }
    }
}
