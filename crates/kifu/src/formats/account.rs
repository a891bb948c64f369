//! Loss accounting by construction: every filled field of a collection that the
//! target's [`Writes`] leaves out becomes a typed [`Loss`], one per field and game
//! (counted, the first occurrence named). Writers report only what they write in
//! part (a value their format cannot spell).

use crate::diag::{codes, quote, Loss};
use crate::model::{Collection, Color, Game, GameResult, Move, Node, NodeId, NodeRest};

use super::shogi::header::is_framing;
use super::writes::{InfoField, Lines, NodeField, Writes};
use super::Format;

/// The losses of writing `collection` in `format`, from its [`Format::writes`].
pub fn account(format: &Format, collection: &Collection) -> Vec<Loss> {
    let mut losses = Vec::new();
    for (g, game) in collection.games.iter().enumerate() {
        Game1 {
            name: format.name,
            writes: &format.writes,
            game,
            index: g,
            numbers: None,
        }
        .account(&mut losses);
    }
    losses
}

/// One field left out in some nodes: how often, and where first.
struct Dropped {
    code: &'static codes::Code,
    what: String,
    count: usize,
    first: Option<u32>,
    value: String,
}

struct Game1<'a> {
    name: &'static str,
    writes: &'a Writes,
    game: &'a Game,
    index: usize,
    numbers: Option<Vec<Option<u32>>>,
}

impl Game1<'_> {
    fn account(mut self, out: &mut Vec<Loss>) {
        self.info(out);
        // The fields the target has no place for, asked once a game, not once a node.
        let written_fields = NodeField::set_of(self.writes.node);
        let unwritten: Vec<NodeField> = NodeField::ALL
            .into_iter()
            .filter(|&f| written_fields & f.bit() == 0)
            .collect();
        if self.writes.lines == Lines::All && !self.leaves_out_any(&unwritten) {
            return;
        }
        let written = self.written_nodes();
        let writes_time_used = self.writes.node(NodeField::TimeUsed);
        let unwritten_set = NodeField::set_of(&unwritten);
        // Summed only for a game with a total time the target leaves out.
        let mut totals: Option<Vec<[u64; 2]>> = None;
        let mut dropped: Vec<Dropped> = Vec::new();
        let mut variation_info = 0usize;
        for &id in &written {
            let Some(node) = self.game.tree.get(id) else {
                continue;
            };
            // A node without a rest (a move and its times only, most nodes) can hold
            // no other field, and no extras.
            let bare = node.rest.is_none();
            if !bare {
                variation_info += usize::from(node.info.is_some());
            }
            // The node's fields looked at once, not once for each field left out,
            // and only those it holds gone through, in the order of NodeField::ALL
            // (a field's bit is its place there).
            let mut left_out = NodeField::filled_among(node, unwritten_set);
            while left_out != 0 {
                let place = left_out.trailing_zeros() as usize;
                left_out &= left_out - 1;
                let Some(&f) = NodeField::ALL.get(place) else {
                    continue;
                };
                if f == NodeField::TimeTotal
                    && writes_time_used
                    && node.time_total_ms().is_some()
                    && derived_total(
                        node,
                        totals.get_or_insert_with(|| sums_along(self.game, &written)),
                        id,
                    )
                {
                    continue;
                }
                // Counted when seen before; its value is shown for the first only.
                if let Some(d) = dropped.iter_mut().find(|d| d.what == f.name()) {
                    d.count += 1;
                    continue;
                }
                let Some(value) = f.value(node) else { continue };
                self.drop(&mut dropped, node_code(f), f.name().to_string(), id, value);
            }
            if bare {
                continue;
            }
            for e in &node.extras.0 {
                if e.is_layout() || self.writes.extra(&e.key) {
                    continue;
                }
                let what = format!("{} field", e.key);
                self.drop(
                    &mut dropped,
                    codes::LOSS_EXTRAS,
                    what,
                    id,
                    e.values.join(", "),
                );
            }
        }
        for d in dropped {
            let at = |m: Option<u32>| m.map_or("the start".to_string(), |n| format!("move {n}"));
            let message = if d.count == 1 {
                format!(
                    "{} has no place for the {} at {}: {}",
                    self.name,
                    d.what,
                    at(d.first),
                    quote(&d.value)
                )
            } else {
                format!(
                    "{} has no place for the {}: {} left out, the first at {}: {}",
                    self.name,
                    d.what,
                    d.count,
                    at(d.first),
                    quote(&d.value)
                )
            };
            out.push(Loss::new(d.code, message, self.index, d.first));
        }
        if variation_info > 0 && !self.writes.variation_info {
            out.push(Loss::new(
                codes::LOSS_VARIATION_INFO,
                format!(
                    "{} has no place for game information that holds for one variation only ({variation_info} node(s)): only the game's own is written",
                    self.name
                ),
                self.index,
                None,
            ));
        }
        self.lines(out, written.len());
    }

    /// True when some node holds a field in `unwritten`, an extra the target does
    /// not write, or (for a target without them) a variation's own information. Most
    /// conversions leave out nothing: one pass over the nodes in storage order says
    /// so without the walk in tree order that names each loss's first place.
    fn leaves_out_any(&self, unwritten: &[NodeField]) -> bool {
        let unwritten = NodeField::set_of(unwritten);
        // A node without a rest (most of a server's record, a KIF record's every
        // move) holds its times in itself, in whole milliseconds, and nothing else:
        // three looks say enough.
        let used = unwritten & NodeField::TimeUsed.bit() != 0;
        let left = unwritten & NodeField::TimeLeft.bit() != 0;
        let total = unwritten & NodeField::TimeTotal.bit() != 0;
        // A tight loop over the nodes, the others asked out of line.
        for node in self.game.tree.nodes() {
            let leaves_out = match node.rest.get() {
                None => {
                    let (own_used, own_left, own_total) = node.own_times();
                    (used && own_used) || (left && own_left) || (total && own_total)
                }
                Some(rest) => self.rest_leaves_out(node, rest, unwritten),
            };
            if leaves_out {
                return true;
            }
        }
        false
    }

    /// True when a node with a rest holds a field in `unwritten`, an extra the
    /// target does not write, or (for a target without them) a variation's own
    /// information. Only the parts that can hold such a field are looked into.
    #[inline(never)]
    fn rest_leaves_out(&self, node: &Node, rest: &NodeRest, unwritten: u32) -> bool {
        NodeField::filled_among(node, unwritten) != 0
            || (!self.writes.variation_info && rest.more.get().is_some_and(|m| m.info.is_some()))
            || rest
                .extras
                .0
                .iter()
                .any(|e| !e.is_layout() && !self.writes.extra(&e.key))
    }

    /// Game information the target has no place for.
    fn info(&self, out: &mut Vec<Loss>) {
        let info = &self.game.info;
        // The fields written as bits: one look each, not a search of the list.
        let written = self
            .writes
            .info
            .iter()
            .fold(0u32, |set, &f| set | 1 << (f as u32));
        for f in InfoField::ALL {
            if written & 1 << (f as u32) != 0 {
                continue;
            }
            let Some(value) = f.value(info) else { continue };
            if f == InfoField::Result && self.result_in_ending() {
                continue;
            }
            if f == InfoField::Rules && self.rule_of_the_kind() {
                continue;
            }
            let code = if f == InfoField::GameComment {
                codes::LOSS_COMMENTS
            } else {
                codes::LOSS_GAME_INFO
            };
            let message = format!(
                "{} has no place for the {}: {}",
                self.name,
                f.name(),
                quote(&value)
            );
            out.push(Loss::new(code, message, self.index, None));
        }
        for e in &info.extras.0 {
            if e.is_layout() || self.writes.extra(&e.key) || is_framing(e, info) {
                continue;
            }
            out.push(Loss::new(
                codes::LOSS_EXTRAS,
                format!(
                    "{} has no place for the {} field: {}",
                    self.name,
                    e.key,
                    quote(&e.values.join(", "))
                ),
                self.index,
                None,
            ));
        }
    }

    /// True when the target writes special ends and the main line's end says the
    /// game's result, so the result is written with it.
    fn result_in_ending(&self) -> bool {
        if !self.writes.result_from_ending || !self.writes.node(NodeField::Ending) {
            return false;
        }
        let implied = ending_result(self.game);
        implied.is_some() && implied.as_ref() == self.game.info.result.as_ref()
    }

    /// True when the rule text names the gomoku rule the game is played under,
    /// which every gomoku format holds with the game itself.
    fn rule_of_the_kind(&self) -> bool {
        match (&self.game.kind, &self.game.info.rules) {
            (crate::model::GameKind::Gomoku { rule, .. }, Some(ru)) => {
                crate::model::GomokuRule::named_by(ru) == *rule
            }
            _ => false,
        }
    }

    fn drop(
        &mut self,
        dropped: &mut Vec<Dropped>,
        code: &'static codes::Code,
        what: String,
        id: NodeId,
        value: String,
    ) {
        if let Some(d) = dropped.iter_mut().find(|d| d.what == what) {
            d.count += 1;
            return;
        }
        let game = self.game;
        let numbers = self.numbers.get_or_insert_with(|| game.tree.move_numbers());
        dropped.push(Dropped {
            code,
            what,
            count: 1,
            first: numbers.get(id.0 as usize).copied().flatten(),
            value,
        });
    }

    /// The nodes the target writes, in pre-order.
    fn written_nodes(&self) -> Vec<NodeId> {
        let tree = &self.game.tree;
        match self.writes.lines {
            Lines::All => tree.preorder().map(|(id, _)| id).collect(),
            Lines::MainLine => tree.main_line().map(|(id, _)| id).collect(),
            Lines::Root => vec![NodeId::ROOT],
            Lines::OneLevel => {
                let mut out = Vec::new();
                for (id, node) in tree.main_line() {
                    out.push(id);
                    for &v in node.children().iter().skip(1) {
                        let mut at = Some(v);
                        while let Some(x) = at {
                            out.push(x);
                            at = tree.get(x).and_then(|n| n.children().first().copied());
                        }
                    }
                }
                out
            }
        }
    }

    /// The variations (or moves) the target's lines leave out.
    fn lines(&self, out: &mut Vec<Loss>, written: usize) {
        let tree = &self.game.tree;
        let left = tree.len().saturating_sub(written);
        if left == 0 {
            return;
        }
        let (code, message) = match self.writes.lines {
            Lines::All => return,
            Lines::Root => {
                let moves = tree.iter().filter(|(_, n)| n.mv.is_some()).count();
                (
                    codes::LOSS_MOVES,
                    format!(
                        "{} holds no moves: {moves} move(s) in {left} node(s) left out",
                        self.name
                    ),
                )
            }
            Lines::MainLine => (
                codes::LOSS_VARIATIONS,
                format!(
                    "{} holds the main line only: {} variation(s) ({left} node(s)) left out",
                    self.name,
                    tree.variation_count()
                ),
            ),
            Lines::OneLevel => (
                codes::LOSS_VARIATIONS,
                format!(
                    "{} variations do not nest: {left} node(s) of variations inside variations left out",
                    self.name
                ),
            ),
        };
        out.push(Loss::new(code, message, self.index, None));
    }
}

/// The loss code of a node field.
fn node_code(f: NodeField) -> &'static codes::Code {
    match f {
        NodeField::Comment => codes::LOSS_COMMENTS,
        NodeField::Name
        | NodeField::MoveAnnotation
        | NodeField::PositionAnnotation
        | NodeField::Hotspot
        | NodeField::Value
        | NodeField::MoveNumber => codes::LOSS_ANNOTATIONS,
        NodeField::TimeLeft
        | NodeField::PeriodsLeft
        | NodeField::TimeUsed
        | NodeField::TimeTotal => codes::LOSS_TIMES,
        NodeField::Ending => codes::LOSS_ENDING,
        NodeField::Bookmarks => codes::LOSS_BOOKMARKS,
        NodeField::Setup => codes::LOSS_SETUP,
        NodeField::Symbols
        | NodeField::Labels
        | NodeField::Arrows
        | NodeField::Lines
        | NodeField::Dimmed
        | NodeField::Numbered => codes::LOSS_MARKUP,
        NodeField::Analysis => codes::LOSS_ANALYSIS,
    }
}

/// For each node, the sum of the time spent by its mover along its line, the node
/// included: what a total time says when it only adds up the times spent.
pub fn running_totals(game: &Game) -> Vec<u64> {
    let tree = &game.tree;
    let mut per_side = vec![[0u64; 2]; tree.len()];
    let mut mover_total = vec![0u64; tree.len()];
    for (id, node) in tree.preorder() {
        let mut sums = node
            .parent()
            .and_then(|p| per_side.get(p.0 as usize).copied())
            .unwrap_or([0, 0]);
        if let Some(c) = mover(node) {
            if let Some(slot) = sums.get_mut(c.index()) {
                *slot = slot.saturating_add(node.time_used_ms().unwrap_or(0));
                if let Some(t) = mover_total.get_mut(id.0 as usize) {
                    *t = *slot;
                }
            }
        }
        if let Some(p) = per_side.get_mut(id.0 as usize) {
            *p = sums;
        }
    }
    mover_total
}

/// The side that moves (or ends the game) at a node.
fn mover(node: &Node) -> Option<Color> {
    match node.mv {
        Some(Move::Shogi(m)) => Some(m.color),
        Some(Move::Stone(s)) => Some(s.color),
        Some(Move::Gonu(g)) => Some(g.color),
        None => node.ending.and_then(|e| e.color),
    }
}

/// For each node of `order` (each after its parent, as the written nodes are), the
/// time spent by each side (by colour index) along its line, the node included; 0
/// for the others. [`running_totals`] for the nodes written, without walking the
/// rest of the tree.
fn sums_along(game: &Game, order: &[NodeId]) -> Vec<[u64; 2]> {
    let tree = &game.tree;
    let mut per_side = vec![[0u64; 2]; tree.len()];
    for &id in order {
        let Some(node) = tree.get(id) else {
            continue;
        };
        let mut sums = node
            .parent()
            .and_then(|p| per_side.get(p.0 as usize).copied())
            .unwrap_or([0, 0]);
        if let Some(slot) = mover(node).and_then(|c| sums.get_mut(c.index())) {
            *slot = slot.saturating_add(node.time_used_ms().unwrap_or(0));
        }
        if let Some(p) = per_side.get_mut(id.0 as usize) {
            *p = sums;
        }
    }
    per_side
}

/// True when the node's total time is the sum of its mover's times spent, to the
/// second (what KIF's second figure holds): a writer of the times spent keeps it.
/// `sums`: [`sums_along`] the written nodes.
fn derived_total(node: &Node, sums: &[[u64; 2]], id: NodeId) -> bool {
    let Some(total) = node.time_total_ms() else {
        return true;
    };
    // A node without a mover sums nothing (0), as in `running_totals`.
    let sum = match mover(node) {
        Some(c) => sums
            .get(id.0 as usize)
            .and_then(|s| s.get(c.index()))
            .copied(),
        None => Some(0),
    };
    sum.is_some_and(|sum| sum / 1000 == total / 1000)
}

/// The result a game's main line ends with, when its last node has a special end.
pub fn ending_result(game: &Game) -> Option<GameResult> {
    let (_, last) = game.tree.main_line().last()?;
    let e = last.ending?;
    e.kind.result_for(e.color.unwrap_or(Color::Black))
}
