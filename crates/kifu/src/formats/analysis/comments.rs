//! Shogi analysis between comment lines and evaluations, reversibly: [`lift`] moves
//! the analysis lines at the end of each node's comment into the node's evaluations,
//! [`lower`] writes evaluations of those conventions back as comment lines. Lowering
//! what was lifted gives back every comment byte for byte, because a line is lifted
//! only when writing its evaluation gives the line again, and only from the comment's
//! tail (the lines after the last line that is not analysis), where lowering puts it.
//!
//! The KIF, KI2 and CSA readers call [`lift_reporting`] on a game whose comments
//! hold a line starting like analysis (a flag each sets when a comment line starts
//! with `**`, `*#`, `'**` or `'*#`: no other game is walked); the writers call
//! [`lower`] through `super::writing`.

use super::shogi::{
    is_shogihome_line, parse_floodgate, parse_kif_line, parse_shogihome, write_floodgate,
    write_kif_line, write_shogihome,
};
use crate::diag::{codes, Diagnostic, Span};
use crate::model::{Analysis, Convention, Evaluation, NodeId, Tree};

/// Which line shapes [`lift`] recognises. Floodgate's `'** score pv` remarks are a
/// CSA shape (`* 47 …` as the model holds them); a KIF reader takes them too (`** 47
/// -2324FU`, as a CSA record converted to KIF writes them: a whole score, then CSA
/// moves only, which a user's bullet line hardly is), but not the KIF engine lines in
/// a CSA file, which no program writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shapes {
    /// KIF engine lines `*対局 …`, `*解析 …`, `*検討 …`.
    pub kif_lines: bool,
    /// ShogiHome's `#評価値=` … lines.
    pub shogihome: bool,
    /// floodgate remarks `* <score> <pv>`.
    pub floodgate: bool,
}

/// The shapes of a KIF or KI2 file.
pub const KIF: Shapes = Shapes {
    kif_lines: true,
    shogihome: true,
    floodgate: true,
};

/// The shapes of a CSA file.
pub const CSA: Shapes = Shapes {
    kif_lines: false,
    shogihome: true,
    floodgate: true,
};

/// Moves the analysis lines at the end of every node's comment into the node's
/// evaluations (in source order, after any it has); a comment left empty goes. Returns
/// how many evaluations were made.
pub fn lift(tree: &mut Tree, shapes: Shapes) -> usize {
    let mut made = 0;
    for i in 0..tree.len() {
        let Some(node) = tree.get_mut(NodeId(i as u32)) else {
            continue;
        };
        let Some(comment) = node.comment.as_deref() else {
            continue;
        };
        let (kept, evals) = split_tail(comment, shapes);
        if evals.is_empty() {
            continue;
        }
        made += evals.len();
        node.comment = kept.map(str::to_string);
        node.analysis.extend(evals);
    }
    made
}

/// [`lift`], then a warning (`analysis::kept-as-text`) for each line left in a
/// comment that starts like analysis of `shapes`, saying why it stayed a comment;
/// `spans` are the nodes' spans, by node id. Returns how many evaluations were made.
pub fn lift_reporting(
    tree: &mut Tree,
    shapes: Shapes,
    spans: &[Span],
    diags: &mut Vec<Diagnostic>,
) -> usize {
    let made = lift(tree, shapes);
    for (id, node) in tree.iter() {
        let Some(comment) = node.comment.as_deref() else {
            continue;
        };
        for line in comment.split('\n') {
            if let Some(why) = why_kept(line, shapes) {
                let span = spans.get(id.0 as usize).copied().unwrap_or(Span::at(0));
                diags.push(Diagnostic::new(
                    codes::ANALYSIS_KEPT_AS_TEXT,
                    format!("the comment line {line:?} is kept as a comment: {why}"),
                    span,
                ));
            }
        }
    }
    made
}

/// Why a line left in a comment that starts like analysis was not lifted; `None`
/// for a line that does not look like analysis.
fn why_kept(line: &str, shapes: Shapes) -> Option<String> {
    if shapes.kif_lines && is_kif_line(line) {
        return Some(match parse_kif_line(line) {
            Err(e) => format!("it does not read as a KIF engine line ({e})"),
            Ok(e) if write_kif_line(&e) != line => {
                "kifu would not write it back as it is".to_string()
            }
            Ok(_) => "a line that is not analysis follows it".to_string(),
        });
    }
    if shapes.shogihome && is_shogihome_line(line) {
        return Some(match parse_shogihome(line) {
            Err(e) => format!("it does not read as a ShogiHome line ({e})"),
            Ok(_) => "its ShogiHome block is not at the comment's end, has a key twice or \
                      out of ShogiHome's order, or holds a line that does not read"
                .to_string(),
        });
    }
    // A remark `* <number> …`: a bullet line (`* note`) is not taken for one.
    let scored = line.strip_prefix("* ").is_some_and(|rest| {
        let digits = rest.strip_prefix(['+', '-']).unwrap_or(rest);
        digits.starts_with(|c: char| c.is_ascii_digit())
    });
    if shapes.floodgate && scored {
        return Some(match parse_floodgate(line) {
            Err(e) => format!("it does not read as a floodgate remark ({e})"),
            Ok(e) if write_floodgate(&e).as_deref() != Some(line) => {
                "kifu would not write it back as it is".to_string()
            }
            Ok(_) => "a line that is not analysis follows it".to_string(),
        });
    }
    None
}

/// Writes every evaluation in a shogi comment convention (KIF engine lines,
/// ShogiHome, floodgate) back as lines at the end of its node's comment, in order,
/// and takes it out of the node's evaluations; the others stay. Returns how many were
/// written.
pub fn lower(tree: &mut Tree) -> usize {
    let mut written = 0;
    for i in 0..tree.len() {
        let Some(node) = tree.get_mut(NodeId(i as u32)) else {
            continue;
        };
        if node.analysis.is_empty() {
            continue;
        }
        let mut lines: Vec<String> = node.comment.iter().cloned().collect();
        let mut rest = Vec::new();
        for e in std::mem::take(&mut *node.analysis).0 {
            match as_line(&e) {
                Some(text) => {
                    lines.push(text);
                    written += 1;
                }
                None => rest.push(e),
            }
        }
        *node.analysis = Analysis(rest);
        node.analysis.tidy();
        node.rest.tidy();
        if !lines.is_empty() {
            node.comment = Some(lines.join("\n"));
        }
    }
    written
}

/// The comment text of an evaluation in a shogi comment convention.
fn as_line(e: &Evaluation) -> Option<String> {
    match e.convention? {
        Convention::KifGame | Convention::KifAnalysis | Convention::KifStudy => {
            Some(write_kif_line(e))
        }
        Convention::Floodgate => write_floodgate(e),
        Convention::ShogiHome => Some(write_shogihome(e)).filter(|t| !t.is_empty()),
        _ => None,
    }
}

/// The comment without its analysis tail (`None` when nothing is left), and the tail's
/// evaluations in order. A line joins the tail only when it is analysis that writes
/// back as itself; a ShogiHome block only as a whole.
fn split_tail(comment: &str, shapes: Shapes) -> (Option<&str>, Vec<Evaluation>) {
    let lines: Vec<&str> = comment.split('\n').collect();
    let mut start = lines.len();
    let mut found: Vec<Evaluation> = Vec::new();
    while start > 0 {
        let line = lines[start - 1];
        if shapes.shogihome && is_shogihome_line(line) {
            // The whole run of ShogiHome lines ending here, as one evaluation.
            let mut first = start - 1;
            while first > 0 && is_shogihome_line(lines[first - 1]) {
                first -= 1;
            }
            let block = lines[first..start].join("\n");
            match parse_shogihome(&block) {
                Ok(Some(e)) if write_shogihome(&e) == block => {
                    found.push(e);
                    start = first;
                    continue;
                }
                _ => break,
            }
        }
        let parsed = if shapes.kif_lines && is_kif_line(line) {
            parse_kif_line(line)
                .ok()
                .filter(|e| write_kif_line(e) == line)
        } else if shapes.floodgate && line.starts_with("* ") {
            parse_floodgate(line)
                .ok()
                .filter(|e| write_floodgate(e).as_deref() == Some(line))
        } else {
            None
        };
        match parsed {
            Some(e) => {
                found.push(e);
                start -= 1;
            }
            None => break,
        }
    }
    found.reverse();
    let kept = match start {
        0 => None,
        n => {
            let end: usize = lines[..n].iter().map(|l| l.len() + 1).sum::<usize>() - 1;
            comment.get(..end)
        }
    };
    (kept, found)
}

/// True for a line that starts like a KIF engine line.
fn is_kif_line(line: &str) -> bool {
    ["*対局 ", "*解析 ", "*検討 "]
        .iter()
        .any(|p| line.starts_with(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Node;

    fn tree_with(comments: &[&str]) -> Tree {
        let mut t = Tree::new();
        for c in comments {
            let mut n = Node::default();
            *n = crate::model::NodeRest {
                comment: Some((*c).to_string()),
                ..crate::model::NodeRest::default()
            };
            let parent = NodeId(t.len() as u32 - 1);
            t.add_child(parent, n);
        }
        t
    }

    fn comments(t: &Tree) -> Vec<Option<String>> {
        t.iter().skip(1).map(|(_, n)| n.comment.clone()).collect()
    }

    #[test]
    fn lift_then_lower_gives_every_comment_back() {
        let original = [
            "*対局 深さ 2 ノード数 960 評価値 0 読み筋 ▲７六歩(77) ",
            "良い手\n*対局 深さ 2 評価値 5",
            "*対局 深さ 2 評価値 5\n良い手",
            "互角\n#評価値=58\n#読み筋=△３四歩▲２六歩\n#エンジン=E",
            "#エンジン=E\n#評価値=58",
            "* 30 -3334FU",
            "*対局 評価値 +5",
        ];
        let mut t = tree_with(&original);
        let made = lift(&mut t, KIF);
        // The first, the second's engine line, the ShogiHome block, the floodgate
        // remark; not a line before a user's, nor lines out of ShogiHome's order,
        // nor a line that would not write back as itself (`+5`).
        assert_eq!(made, 4);
        assert_eq!(
            comments(&t),
            vec![
                None,
                Some("良い手".to_string()),
                Some(original[2].to_string()),
                Some("互角".to_string()),
                Some(original[4].to_string()),
                None,
                Some(original[6].to_string()),
            ]
        );
        assert_eq!(lower(&mut t), 4);
        let back: Vec<Option<String>> = original.iter().map(|c| Some(c.to_string())).collect();
        assert_eq!(comments(&t), back);
        assert!(t
            .iter()
            .all(|(_, n)| n.analysis.is_empty() && n.rest.analysis.is_none()));
        let mut csa = tree_with(&["* 30 -3334FU", "コメント\n* 0"]);
        assert_eq!(lift(&mut csa, CSA), 2);
        assert_eq!(lower(&mut csa), 2);
        assert_eq!(
            comments(&csa),
            vec![
                Some("* 30 -3334FU".to_string()),
                Some("コメント\n* 0".to_string())
            ]
        );
    }

    #[test]
    fn lower_leaves_other_conventions() {
        let mut t = tree_with(&["c"]);
        if let Some(n) = t.get_mut(NodeId(1)) {
            n.analysis
                .push(Evaluation::in_convention(Convention::Lizzie));
        }
        assert_eq!(lower(&mut t), 0);
        assert_eq!(t.get(NodeId(1)).map(|n| n.analysis.len()), Some(1));
        assert_eq!(comments(&t), vec![Some("c".to_string())]);
    }
}
