//! Go analysis between SGF private properties and evaluations, reversibly: [`lift`]
//! moves `LZ`, `SBKV` and `OGSC` at the end of each node's kept properties (the SGF
//! reader keeps them as extras `sgf:LZ` …) into the node's evaluations, [`lower`]
//! puts evaluations of those conventions back as such properties. Lowering what was
//! lifted gives back every node's extras as read, because a property is lifted only
//! when writing its evaluation gives the value again, and only from the tail of the
//! extras, where lowering puts it.
//!
//! The SGF reader calls [`lift_reporting`] on a game where it kept one of these
//! properties (a flag set on the rare path that keeps an unknown property: no other
//! game is walked); the writers call [`lower`] through `super::writing`.

use super::go::{
    self, parse_katago, parse_lz, parse_ogatak, parse_sbkv, write_katago, write_lz, write_ogatak,
    write_sbkv,
};
use super::katrain;
use crate::diag::{codes, Diagnostic, Span};
use crate::model::{Analysis, Color, Convention, Evaluation, Extra, Node, NodeId, Tree};

/// True for an SGF property identifier of a Go analysis convention (`LZ`, `SBKV`,
/// `OGSC`, KaTrain's `KT` and its version `KTV`): what the SGF reader asks of an
/// unknown property it keeps.
pub fn is_analysis_property(id: &str) -> bool {
    matches!(id, "LZ" | "SBKV" | "OGSC" | "KT" | "KTV")
}

/// The extras key of KaTrain's property.
const KT: &str = "sgf:KT";

/// The evaluations of a node's KaTrain `KT` (the first), when it reads
/// ([`katrain::parse_kt`]); `None` without one or when it does not.
pub(crate) fn kt_evaluations(node: &Node) -> Option<Vec<Evaluation>> {
    if node.extras.is_empty() {
        return None;
    }
    let kt = node.extras.0.iter().find(|x| x.key == KT)?;
    katrain::parse_kt(&kt.values).ok()
}

/// Whether an SGF comment may start with KataGo's self-play figures (`0.48 0.52
/// 0.00 -1.5 v=400 …`): a digit first, and `v=` in it. What the SGF reader asks of
/// a comment it keeps, to know whether the game is to be walked for analysis.
pub fn may_be_katago(comment: &str) -> bool {
    comment.as_bytes().first().is_some_and(u8::is_ascii_digit) && comment.contains(" v=")
}

/// The extras key of the Lizzie property.
const LZ: &str = "sgf:LZ";
/// The extras key of Sabaki's (and Ogatak's) win-rate property.
const SBKV: &str = "sgf:SBKV";
/// The extras key of Ogatak's score property.
const OGSC: &str = "sgf:OGSC";

/// Moves the analysis properties at the end of every node's extras into its
/// evaluations (`LZ`, whose win rate is the mover's, only on a node with a move). Returns how many evaluations were made.
pub fn lift(tree: &mut Tree) -> usize {
    let mut made = 0;
    for i in 0..tree.len() {
        let Some(node) = tree.get_mut(NodeId(i as u32)) else {
            continue;
        };
        let mover = node.mv.map(|m| m.color());
        if mover.is_some() {
            made += lift_katago(node);
        }
        if node.extras.is_empty() {
            continue;
        }
        // KaTrain's `KT` stays among the extras, written back as read; its
        // evaluations are a view of it.
        if let Some(evals) = kt_evaluations(node) {
            made += evals.len();
            node.analysis.extend(evals);
        }
        let (keep, evals) = split_tail(&node.extras.0, mover);
        if evals.is_empty() {
            continue;
        }
        made += evals.len();
        while node.extras.0.len() > keep {
            node.extras.0.pop();
        }
        node.analysis.extend(evals);
    }
    made
}

/// [`lift`], then a warning (`analysis::kept-as-text`) for each `LZ`, `SBKV` or
/// `OGSC` left among a node's kept properties, saying why it stayed a property;
/// `spans` are the nodes' spans, by node id. Returns how many evaluations were made.
pub fn lift_reporting(tree: &mut Tree, spans: &[Span], diags: &mut Vec<Diagnostic>) -> usize {
    let made = lift(tree);
    for (id, node) in tree.iter() {
        let katago_read = node
            .analysis
            .iter()
            .any(|e| e.convention == Some(Convention::KataGo));
        if let Some(comment) = node
            .comment
            .as_deref()
            .filter(|c| node.mv.is_some() && !katago_read && may_be_katago(c))
        {
            let why = match parse_katago(comment) {
                Err(e) => format!("it does not read in KataGo's layout ({e})"),
                Ok(_) => "kifu would not write it back as it is (docs/analysis.md says what \
                          is not mapped)"
                    .to_string(),
            };
            let first = comment.lines().next().unwrap_or_default();
            diags.push(Diagnostic::new(
                codes::ANALYSIS_KEPT_AS_TEXT,
                format!("the comment {first:?} is kept as a comment: {why}"),
                spans.get(id.0 as usize).copied().unwrap_or(Span::at(0)),
            ));
        }
        for (k, extra) in node.extras.0.iter().enumerate() {
            let Some(name) = extra.key.strip_prefix("sgf:") else {
                continue;
            };
            if !is_analysis_property(name) || name == "KTV" {
                continue;
            }
            let why = match extra.key.as_str() {
                KT => match katrain::parse_kt(&extra.values) {
                    Ok(_) => continue,
                    Err(e) => format!("it does not read in KaTrain's layout ({e})"),
                },
                _ => why_kept(&node.extras.0, k, node.mv.map(|m| m.color())),
            };
            let span = spans.get(id.0 as usize).copied().unwrap_or(Span::at(0));
            diags.push(Diagnostic::new(
                codes::ANALYSIS_KEPT_AS_TEXT,
                format!(
                    "{name}[{}] is kept as a property: {why}",
                    extra.values.join("][")
                ),
                span,
            ));
        }
    }
    made
}

/// Takes KataGo's self-play figures at the start of a move node's comment into an
/// evaluation when writing it gives them back (the rest of the comment stays);
/// returns 1 when it did.
fn lift_katago(node: &mut Node) -> usize {
    let Some(comment) = node.comment.as_deref().filter(|c| may_be_katago(c)) else {
        return 0;
    };
    let Ok((e, rest)) = parse_katago(comment) else {
        return 0;
    };
    let written = write_katago(&e);
    let joined = match (written, rest.is_empty()) {
        (Some(w), true) => w,
        (Some(w), false) => format!("{w} {rest}"),
        (None, _) => return 0,
    };
    if joined != comment {
        return 0;
    }
    node.comment = (!rest.is_empty()).then(|| rest.to_string());
    node.analysis.push(e);
    1
}

/// Why the analysis property at `k` of a node's extras was not lifted.
fn why_kept(extras: &[Extra], k: usize, mover: Option<Color>) -> String {
    let Some(extra) = extras.get(k) else {
        return String::new();
    };
    let [value] = extra.values.as_slice() else {
        return "it has more than one value".to_string();
    };
    let parsed = match extra.key.as_str() {
        LZ => match mover {
            Some(mover) => parse_lz(value, mover).map(|e| {
                e.split_first()
                    .is_some_and(|(h, c)| write_lz(h, c, mover).as_deref() == Some(value))
            }),
            None => return "the node has no move, and the value is the mover's".to_string(),
        },
        SBKV => parse_sbkv(value).map(|e| write_sbkv(&e).as_deref() == Some(value)),
        _ => {
            let sbkv = k
                .checked_sub(1)
                .and_then(|i| extras.get(i))
                .filter(|e| e.key == SBKV)
                .and_then(|e| e.values.first())
                .map(String::as_str);
            parse_ogatak(sbkv, value)
                .map(|e| write_ogatak(&e) == Some((sbkv.map(str::to_string), value.to_string())))
        }
    };
    match parsed {
        Err(e) => format!("it does not read in its program's layout ({e})"),
        Ok(false) => "kifu would not write it back as it is (docs/analysis.md says what \
                      is not mapped)"
            .to_string(),
        Ok(true) => "a property that is not analysis follows it".to_string(),
    }
}

/// Puts every evaluation of a Go property convention (Lizzie, Sabaki, Ogatak) of a
/// node (Lizzie's: of a node with a move) back as properties at the end of its extras, in order, and takes it out
/// of the evaluations; the others stay. Returns how many were put back.
pub fn lower(tree: &mut Tree) -> usize {
    let mut written = 0;
    for i in 0..tree.len() {
        let Some(node) = tree.get_mut(NodeId(i as u32)) else {
            continue;
        };
        let mover = node.mv.map(|m| m.color());
        if node.analysis.is_empty() {
            continue;
        }
        let mut rest = Vec::new();
        let mut list = std::mem::take(&mut *node.analysis).0.into_iter().peekable();
        while let Some(e) = list.next() {
            // Lizzie's node evaluation takes the candidates that follow it.
            let mut candidates = Vec::new();
            if is_lz_head(&e) && e.pv.is_empty() {
                let to_move = mover.map(Color::opponent);
                while let Some(c) = list.next_if(|c| {
                    is_lz_candidate(c) && to_move.and_then(|t| go::lz_candidate(c, t)).is_some()
                }) {
                    candidates.push(c);
                }
            }
            if e.convention == Some(Convention::KataGo) && mover.is_some() {
                if let Some(w) = write_katago(&e) {
                    node.comment = Some(match node.comment.take() {
                        Some(rest) if !rest.is_empty() => format!("{w} {rest}"),
                        _ => w,
                    });
                    written += 1;
                    continue;
                }
            }
            let props = as_properties(&e, &candidates, mover);
            if props.is_empty() {
                rest.push(e);
                rest.extend(candidates);
                continue;
            }
            for (key, value) in props {
                node.extras.push(key, vec![value]);
            }
            written += 1 + candidates.len();
        }
        *node.analysis = Analysis(rest);
        node.analysis.tidy();
        node.rest.tidy();
    }
    written
}

/// Whether `e` is a Lizzie node evaluation (no rank): the head of an `LZ` value.
fn is_lz_head(e: &Evaluation) -> bool {
    e.convention == Some(Convention::Lizzie) && e.rank.is_none()
}

/// Whether `e` is a Lizzie candidate (ranked): one of an `LZ` value's second line.
fn is_lz_candidate(e: &Evaluation) -> bool {
    e.convention == Some(Convention::Lizzie) && e.rank.is_some()
}

/// The properties (extras key, value) of an evaluation in a Go property convention
/// (a Lizzie node evaluation with its `candidates`; a Lizzie candidate alone has
/// none).
fn as_properties(
    e: &Evaluation,
    candidates: &[Evaluation],
    mover: Option<Color>,
) -> Vec<(&'static str, String)> {
    match e.convention {
        Some(Convention::Lizzie) if is_lz_head(e) => mover
            .and_then(|m| write_lz(e, candidates, m))
            .map(|v| vec![(LZ, v)]),
        Some(Convention::Sabaki) => write_sbkv(e).map(|v| vec![(SBKV, v)]),
        Some(Convention::Ogatak) => write_ogatak(e).map(|(s, o)| {
            let mut out: Vec<(&'static str, String)> = s.map(|s| (SBKV, s)).into_iter().collect();
            out.push((OGSC, o));
            out
        }),
        _ => None,
    }
    .unwrap_or_default()
}

/// How many extras to keep (the rest are the analysis tail), and the tail's
/// evaluations in order.
fn split_tail(extras: &[Extra], mover: Option<Color>) -> (usize, Vec<Evaluation>) {
    let one = |i: usize, key: &str| -> Option<&str> {
        let e = extras.get(i)?;
        match e.values.as_slice() {
            [v] if e.key == key => Some(v.as_str()),
            _ => None,
        }
    };
    let mut end = extras.len();
    let mut found = Vec::new();
    while end > 0 {
        let last = end - 1;
        let lifted = if let Some(ogsc) = one(last, OGSC) {
            let sbkv = last.checked_sub(1).and_then(|i| one(i, SBKV));
            parse_ogatak(sbkv, ogsc)
                .ok()
                .filter(|e| write_ogatak(e) == Some((sbkv.map(str::to_string), ogsc.to_string())))
                .map(|e| (vec![e], if sbkv.is_some() { 2 } else { 1 }))
        } else if let Some(v) = one(last, SBKV) {
            parse_sbkv(v)
                .ok()
                .filter(|e| write_sbkv(e).as_deref() == Some(v))
                .map(|e| (vec![e], 1))
        } else if let (Some(v), Some(mover)) = (one(last, LZ), mover) {
            parse_lz(v, mover)
                .ok()
                .filter(|e| {
                    e.split_first()
                        .is_some_and(|(h, c)| write_lz(h, c, mover).as_deref() == Some(v))
                })
                .map(|e| (e, 1))
        } else {
            None
        };
        match lifted {
            Some((e, used)) => {
                // Pushed last first: the tail is turned round at the end.
                found.extend(e.into_iter().rev());
                end -= used;
            }
            None => break,
        }
    }
    found.reverse();
    (end, found)
}
