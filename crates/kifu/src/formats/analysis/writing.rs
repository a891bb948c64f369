//! Analysis on the way out (`--analysis keep|strip|as=PROGRAM`): a game's evaluations
//! stripped, or moved into the convention the target writes (`convert::convert`) and
//! lowered into its comment lines or SGF properties, before the writer runs. What a
//! convention cannot hold is a reported loss; an evaluation the target has no place
//! for stays in the node's list, for the registry's accounting to report
//! (`loss::analysis`).

use super::convert::convert;
use super::{comments, go, properties, shogi};
use crate::diag::{codes, Loss};
use crate::model::{Analysis, Color, Convention, Evaluation, Game, GameKind, NodeId};

/// A program whose convention `--analysis as=PROGRAM` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Program {
    /// Lizzie / Leela Zero: SGF `LZ`.
    Lizzie,
    /// Sabaki: SGF `SBKV`.
    Sabaki,
    /// Ogatak: SGF `SBKV` + `OGSC`.
    Ogatak,
    /// ShogiHome: `*#評価値=` … comment lines (KIF, KI2, CSA).
    ShogiHome,
    /// Kifu for Windows / ShogiGUI: KIF engine lines `**対局` (a `**解析` or `**検討`
    /// line keeps its label).
    Kif,
    /// floodgate: CSA remarks `'** score pv`.
    Floodgate,
    /// KataGo: its self-play figures at the start of an SGF move node's comment.
    KataGo,
}

impl Program {
    /// Every program, in the order the command line lists them.
    pub const ALL: [Program; 7] = [
        Program::Lizzie,
        Program::Sabaki,
        Program::Ogatak,
        Program::ShogiHome,
        Program::Kif,
        Program::Floodgate,
        Program::KataGo,
    ];

    /// The name `as=` takes.
    pub fn name(self) -> &'static str {
        match self {
            Program::Lizzie => "lizzie",
            Program::Sabaki => "sabaki",
            Program::Ogatak => "ogatak",
            Program::ShogiHome => "shogihome",
            Program::Kif => "kif",
            Program::Floodgate => "floodgate",
            Program::KataGo => "katago",
        }
    }

    /// The program of a name (as [`Program::name`] gives it; any case).
    pub fn named(name: &str) -> Option<Program> {
        Program::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name))
    }

    /// The convention this program writes `e` in.
    fn convention(self, e: &Evaluation) -> Convention {
        match self {
            Program::Lizzie => Convention::Lizzie,
            Program::Sabaki => Convention::Sabaki,
            // Without a score, Ogatak writes the win rate alone: Sabaki's property.
            Program::Ogatak if e.score.is_none() => Convention::Sabaki,
            Program::Ogatak => Convention::Ogatak,
            Program::ShogiHome => Convention::ShogiHome,
            Program::Kif => match e.convention {
                Some(c @ (Convention::KifAnalysis | Convention::KifStudy)) => c,
                _ => Convention::KifGame,
            },
            Program::Floodgate => Convention::Floodgate,
            Program::KataGo => Convention::KataGo,
        }
    }

    /// Whether the program writes Go analysis (else shogi's).
    fn is_go(self) -> bool {
        matches!(
            self,
            Program::Lizzie | Program::Sabaki | Program::Ogatak | Program::KataGo
        )
    }
}

/// What to do with a record's evaluations when it is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AnalysisMode {
    /// Each evaluation in its own convention when the target writes it, else in the
    /// target's usual one ([`Home`]).
    #[default]
    Keep,
    /// None written; how many went is told ([`Stripped`]).
    Strip,
    /// Each evaluation in this program's convention (a program of the other game's
    /// family leaves a game's evaluations as [`AnalysisMode::Keep`] would).
    As(Program),
}

/// Where a format writes evaluations: a value of the format's registry entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Home {
    /// Nowhere: the accounting reports them (`loss::analysis`).
    None,
    /// As the model holds them (the kifu JSON model).
    Native,
    /// SGF properties: Lizzie `LZ`, Sabaki `SBKV`, Ogatak `SBKV` + `OGSC`; usually
    /// Lizzie's when an evaluation has a win rate and visits, else Ogatak's when it has
    /// a score, else Sabaki's.
    GoProperties,
    /// KIF comment lines: the KIF engine lines, ShogiHome's and floodgate's (`** 30
    /// -3334FU`, as a CSA record converted keeps them); usually `**対局`.
    KifComments,
    /// CSA comment lines: floodgate's `'**` and ShogiHome's; usually floodgate's.
    CsaComments,
}

impl Home {
    /// Whether the home writes `c`.
    fn writes(self, c: Convention) -> bool {
        match self {
            Home::None => false,
            Home::Native => true,
            Home::GoProperties => {
                matches!(
                    c,
                    Convention::Lizzie
                        | Convention::Sabaki
                        | Convention::Ogatak
                        | Convention::KataGo
                )
            }
            Home::KifComments => matches!(
                c,
                Convention::ShogiHome
                    | Convention::KifGame
                    | Convention::KifAnalysis
                    | Convention::KifStudy
                    | Convention::Floodgate
            ),
            Home::CsaComments => matches!(c, Convention::ShogiHome | Convention::Floodgate),
        }
    }

    /// The convention the home writes `e` in when it does not write `e`'s own.
    fn usual(self, e: &Evaluation) -> Option<Convention> {
        match self {
            Home::None | Home::Native => None,
            Home::GoProperties if e.winrate.is_some() && e.visits.is_some() => {
                Some(Convention::Lizzie)
            }
            Home::GoProperties if e.score.is_some() => Some(Convention::Ogatak),
            Home::GoProperties => Some(Convention::Sabaki),
            Home::KifComments => Some(Convention::KifGame),
            Home::CsaComments => Some(Convention::Floodgate),
        }
    }
}

/// What `--analysis strip` took out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stripped {
    /// Evaluations taken out.
    pub evaluations: usize,
    /// The UTF-8 bytes of their text as kifu writes it in their own convention: each
    /// SGF property with its name and brackets, each comment line with its `*` and
    /// line end.
    pub bytes: usize,
}

/// A game made ready for a writer.
#[derive(Debug, Default)]
pub struct Prepared {
    /// The game to write instead of the one given; `None` when it is to be written as
    /// it is.
    pub game: Option<Game>,
    /// Fields the target's conventions do not hold, left out.
    pub losses: Vec<Loss>,
    /// What was stripped.
    pub stripped: Stripped,
}

/// `game` (the `index`th written) made ready for a writer of `format` (its name, for
/// losses) whose evaluations go to `home`, as `mode` says. A game without
/// evaluations is not copied, and nor is one written as it is.
pub fn prepare(
    game: &Game,
    index: usize,
    format: &str,
    home: Home,
    mode: AnalysisMode,
) -> Prepared {
    let go = matches!(game.kind, GameKind::Go { .. });
    let mode = match mode {
        AnalysisMode::As(p) if p.is_go() != go => AnalysisMode::Keep,
        m => m,
    };
    let nothing_to_do = matches!(
        (home, mode),
        (Home::None, AnalysisMode::Keep) | (Home::Native, AnalysisMode::Keep)
    );
    let strip = mode == AnalysisMode::Strip;
    // Asked only when there is something to do: a walk of every node, passing at a
    // glance over those without a rest (a move and its times: no evaluation, no
    // kept property).
    let has_any = || {
        game.tree.iter().any(|(_, n)| {
            !n.rest.is_none() && (!n.analysis.is_empty() || (strip && kept_analysis(n)))
        })
    };
    if nothing_to_do || !has_any() {
        return Prepared::default();
    }
    let mut game = game.clone();
    let mut out = Prepared::default();
    if mode == AnalysisMode::Strip {
        for i in 0..game.tree.len() {
            let Some(node) = game.tree.get_mut(NodeId(i as u32)) else {
                continue;
            };
            if kept_analysis(node) {
                node.extras.0.retain(|x| {
                    if !is_analysis_key(&x.key) {
                        return true;
                    }
                    out.stripped.evaluations += 1;
                    let name = x.key.len() - "sgf:".len();
                    out.stripped.bytes +=
                        name + x.values.iter().map(|v| v.len() + 2).sum::<usize>();
                    false
                });
                node.extras.tidy();
            }
            if node.analysis.is_empty() {
                node.rest.tidy();
                continue;
            }
            let mover = node.mv.map(|m| m.color());
            for e in node.analysis.iter() {
                out.stripped.evaluations += 1;
                out.stripped.bytes += text_len(e, mover);
            }
            *node.analysis = Analysis::default();
            node.analysis.tidy();
            node.rest.tidy();
        }
        out.game = Some(game);
        return out;
    }
    // Per convention and field: how many left out, and the first node.
    let mut lost: Vec<(Convention, &'static str, usize, NodeId)> = Vec::new();
    // Evaluations the home does not write, put back after lowering.
    let mut aside: Vec<(NodeId, Vec<Evaluation>)> = Vec::new();
    // KaTrain `KT` properties taken out (their grids lost), and the first's node.
    let mut grids: (usize, Option<NodeId>) = (0, None);
    for i in 0..game.tree.len() {
        let id = NodeId(i as u32);
        let Some(node) = game.tree.get_mut(id) else {
            continue;
        };
        if node.analysis.is_empty() {
            continue;
        }
        if home == Home::GoProperties && kt_as_read(node, mode) {
            grids.0 += 1;
            grids.1.get_or_insert(id);
        }
        if node.analysis.is_empty() {
            node.analysis.tidy();
            node.rest.tidy();
            continue;
        }
        let mut written = Vec::new();
        let mut kept = Vec::new();
        // A KIF or CSA comment before the first move is the game's comment, read
        // back as no node's: the root's evaluations have no place there.
        let nowhere = id == NodeId::ROOT && matches!(home, Home::KifComments | Home::CsaComments);
        for e in std::mem::take(&mut *node.analysis).0 {
            if nowhere {
                kept.push(e);
                continue;
            }
            let own = e.convention.filter(|c| home.writes(*c));
            let to = match mode {
                AnalysisMode::As(p) => Some(p.convention(&e)),
                _ => own.or_else(|| home.usual(&e)),
            };
            // One SGF property of a name, and one ShogiHome block, a node: a
            // second would merge with the first. (Lizzie's candidates go with
            // the node evaluation before them, in its property.)
            let candidate = e.rank.is_some();
            let taken = |c: Convention| {
                if c == Convention::Lizzie && candidate {
                    return false;
                }
                written.iter().any(|w: &Evaluation| {
                    let wc = w.convention;
                    (wc == Some(c) && !(c == Convention::Lizzie && w.rank.is_some()))
                        || (home == Home::GoProperties
                            && matches!(c, Convention::Sabaki | Convention::Ogatak)
                            && matches!(wc, Some(Convention::Sabaki | Convention::Ogatak)))
                }) && matches!(
                    c,
                    Convention::Lizzie
                        | Convention::Sabaki
                        | Convention::Ogatak
                        | Convention::ShogiHome
                        | Convention::KataGo
                )
            };
            match to.filter(|c| home.writes(*c) && (home == Home::Native || !taken(*c))) {
                Some(to) => {
                    let (moved, fields) = convert(&e, to);
                    for f in fields {
                        match lost.iter_mut().find(|l| l.0 == to && l.1 == f) {
                            Some(l) => l.2 += 1,
                            None => lost.push((to, f, 1, id)),
                        }
                    }
                    written.push(moved);
                }
                None => kept.push(e),
            }
        }
        *node.analysis = Analysis(written);
        if !kept.is_empty() {
            aside.push((id, kept));
        }
    }
    match home {
        Home::GoProperties => {
            properties::lower(&mut game.tree);
        }
        Home::KifComments | Home::CsaComments => {
            comments::lower(&mut game.tree);
        }
        Home::None | Home::Native => {}
    }
    for (id, kept) in aside {
        if let Some(node) = game.tree.get_mut(id) {
            node.analysis.extend(kept);
        }
    }
    if let (count, Some(first)) = grids {
        // The version of a layout no longer in the game goes with it.
        let any_kt = game
            .tree
            .iter()
            .any(|(_, n)| !n.extras.is_empty() && n.extras.0.iter().any(|x| x.key == "sgf:KT"));
        if let Some(root) = game.tree.get_mut(NodeId::ROOT).filter(|_| !any_kt) {
            if !root.extras.is_empty() {
                root.extras.0.retain(|x| x.key != "sgf:KTV");
                root.extras.tidy();
                root.rest.tidy();
            }
        }
        let numbers = game.tree.move_numbers();
        let at = numbers.get(first.0 as usize).copied().flatten();
        out.losses.push(Loss::new(
            codes::LOSS_ANALYSIS,
            format!(
                "{format} writes KaTrain's evaluations in another convention, which has no place for KaTrain's ownership and policy grids: {count} KT propert{} left out{}",
                if count == 1 { "y" } else { "ies" },
                at.map_or(String::new(), |n| format!(", the first at move {n}"))
            ),
            index,
            at,
        ));
    }
    if !lost.is_empty() {
        let numbers = game.tree.move_numbers();
        for (to, field, count, first) in lost {
            let at = numbers.get(first.0 as usize).copied().flatten();
            out.losses.push(Loss::new(
                codes::LOSS_ANALYSIS,
                format!(
                    "{format} writes the engine evaluations as {}, which has no place for their {field}: left out of {count} evaluation(s){}",
                    to.name(),
                    at.map_or(String::new(), |n| format!(", the first at move {n}"))
                ),
                index,
                at,
            ));
        }
    }
    out.game = Some(game);
    out
}

/// A node's KaTrain evaluations against its `KT`: when they are what the `KT`
/// reads as (unchanged), kept (`--analysis keep`) means the `KT` is written as read
/// and the evaluations go; written as another program's means the `KT` goes (true
/// is returned: its grids are lost) and the evaluations are converted. Evaluations
/// changed since reading are converted as any others, and the `KT` stays.
fn kt_as_read(node: &mut crate::model::Node, mode: AnalysisMode) -> bool {
    let katrain = |e: &Evaluation| e.convention == Some(Convention::KaTrain);
    if !node.analysis.iter().any(katrain) {
        return false;
    }
    let theirs: Vec<Evaluation> = node
        .analysis
        .iter()
        .filter(|e| katrain(e))
        .cloned()
        .collect();
    if properties::kt_evaluations(node).is_none_or(|kt| kt != theirs) {
        return false;
    }
    match mode {
        AnalysisMode::As(_) => {
            node.extras.0.retain(|x| x.key != "sgf:KT");
            node.extras.tidy();
            true
        }
        _ => {
            let rest: Vec<Evaluation> = std::mem::take(&mut *node.analysis)
                .0
                .into_iter()
                .filter(|e| !katrain(e))
                .collect();
            *node.analysis = Analysis(rest);
            false
        }
    }
}

/// Whether a node keeps a Go analysis property as written (one that did not read
/// as analysis: `analysis::kept-as-text`), which a strip takes out too.
fn kept_analysis(node: &crate::model::Node) -> bool {
    !node.extras.is_empty() && node.extras.0.iter().any(|x| is_analysis_key(&x.key))
}

/// The extras key of a Go analysis property (`sgf:LZ`, `sgf:SBKV`, `sgf:OGSC`).
fn is_analysis_key(key: &str) -> bool {
    key.strip_prefix("sgf:")
        .is_some_and(properties::is_analysis_property)
}

/// The UTF-8 bytes of an evaluation's text as kifu writes it in its own convention
/// (see [`Stripped::bytes`]); 0 for one without a convention or that its
/// convention cannot write.
fn text_len(e: &Evaluation, mover: Option<Color>) -> usize {
    let line = |text: String| text.split('\n').map(|l| l.len() + 2).sum::<usize>();
    let prop = |name: &str, value: Option<String>| value.map_or(0, |v| name.len() + v.len() + 2);
    match e.convention {
        // A node evaluation is the property with its first line; each candidate,
        // its part of the second line.
        Some(Convention::Lizzie) if e.rank.is_none() => {
            mover.map_or(0, |m| prop("LZ", go::lz_head(e, m)))
        }
        Some(Convention::Lizzie) => mover
            .and_then(|m| go::lz_candidate(e, m.opponent()))
            .map_or(0, |c| c.len()),
        Some(Convention::Sabaki) => prop("SBKV", go::write_sbkv(e)),
        Some(Convention::Ogatak) => {
            go::write_ogatak(e).map_or(0, |(s, o)| prop("SBKV", s) + prop("OGSC", Some(o)))
        }
        Some(Convention::ShogiHome) => {
            let text = shogi::write_shogihome(e);
            if text.is_empty() {
                0
            } else {
                line(text)
            }
        }
        Some(Convention::KifGame | Convention::KifAnalysis | Convention::KifStudy) => {
            line(shogi::write_kif_line(e))
        }
        Some(Convention::Floodgate) => shogi::write_floodgate(e).map_or(0, line),
        // The figures at the start of the comment (not the comment's other text).
        Some(Convention::KataGo) => go::write_katago(e).map_or(0, |t| t.len()),
        // Written back as read (the `KT` stays among the kept properties).
        Some(Convention::KaTrain) | None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_by_name() {
        for p in Program::ALL {
            assert_eq!(Program::named(p.name()), Some(p));
        }
        assert_eq!(Program::named("KIF"), Some(Program::Kif));
        assert_eq!(Program::named("katrain"), None);
    }

    #[test]
    fn text_lengths() {
        let e = shogi::parse_floodgate("* 30 -3334FU").expect("parses");
        // The model's line, the `*` a KIF writer adds and the line end.
        assert_eq!(text_len(&e, None), "* 30 -3334FU".len() + 2);
        let s = go::parse_sbkv("48.37").expect("parses");
        assert_eq!(text_len(&s, Some(Color::Black)), "SBKV[48.37]".len());
    }
}
