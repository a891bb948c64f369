//! The canonical FF[4] writer: `FF[4]CA[…]GM[…]SZ[…]` first, game information in a
//! fixed order, one node after another with line breaks near 76 columns between
//! properties, variations on their own lines. Text is escaped (`]`, `\`, and `:` in
//! compose values); with wrapping on, long values get soft line breaks that never
//! split a character or an escape. Anything SGF cannot hold is a [`Loss`].

use crate::diag::{codes, Loss};
use crate::formats::{WriteError, WriteOptions, Written};
use crate::model::{
    Collection, Color, Emphasis, Extras, Game, GameInfo, GameKind, GomokuRule, Markup, Move,
    MoveAnnotation, Node, NodeId, NodeMore, NodeRest, Point, PositionAnnotation, Shape, StoneMove,
};
use crate::text::{char_columns, columns, lead_columns};

use super::info::{format_result, parse_result};
use super::values::write_real;
use super::write_numbers::{coords, spell_ms};
use super::write_text::{line_columns, push_escaped};

/// Columns after which the writer starts a new line between properties.
const LINE: usize = 76;

/// Writes a collection as canonical `FF[4]`, wrapping long values when
/// `options.wrap` asks for it.
pub fn write(
    collection: &Collection,
    options: &WriteOptions<'_>,
) -> Result<Written<String>, WriteError> {
    write_wrapped(collection, options, options.wrap)
}

/// Writes a collection; `wrap` = `Some(n)` puts soft line breaks into Text and
/// SimpleText values so lines stay within about `n` columns (wide characters count 2).
pub fn write_wrapped(
    collection: &Collection,
    options: &WriteOptions<'_>,
    wrap: Option<usize>,
) -> Result<Written<String>, WriteError> {
    let mut w = W {
        out: Vec::new(),
        col: 0,
        wrap,
        losses: Vec::new(),
        game: 0,
        written: WrittenIds::default(),
        recording: true,
    };
    for (g, game) in collection.games.iter().enumerate() {
        w.game = g;
        w.game_tree(game, options.encoding.name())?;
    }
    let losses = std::mem::take(&mut w.losses);
    Ok(Written {
        output: w.into_output()?,
        losses,
    })
}

struct W {
    /// The text written, as bytes: ASCII pieces go in without a check a byte.
    out: Vec<u8>,
    col: usize,
    wrap: Option<usize>,
    losses: Vec<Loss>,
    game: usize,
    /// Identifiers written in the current node (a second one would be dropped on
    /// reading).
    written: WrittenIds,
    /// Whether [`W::ident`] notes what it writes in `written`: not for a bare node,
    /// which has no extras to check against them.
    recording: bool,
}

/// The identifiers written in the current node: those of one or two capital letters
/// (all of SGF's own) as bits, longer ones (private properties) in a list.
#[derive(Default)]
struct WrittenIds {
    short: [u64; 11],
    long: Vec<String>,
}

impl WrittenIds {
    /// The bit of an identifier of one or two capital letters.
    #[inline]
    fn bit(id: &str) -> Option<usize> {
        let letter = |b: &u8| b.is_ascii_uppercase().then(|| usize::from(b - b'A'));
        match id.as_bytes() {
            [a] => letter(a),
            [a, b] => Some(26 + letter(a)? * 26 + letter(b)?),
            _ => None,
        }
    }

    #[inline]
    fn insert(&mut self, id: &str) {
        match WrittenIds::bit(id) {
            Some(k) => {
                if let Some(word) = self.short.get_mut(k / 64) {
                    *word |= 1 << (k % 64);
                }
            }
            None => self.long.push(id.to_string()),
        }
    }

    fn contains(&self, id: &str) -> bool {
        match WrittenIds::bit(id) {
            Some(k) => self
                .short
                .get(k / 64)
                .is_some_and(|w| w & (1 << (k % 64)) != 0),
            None => self.long.iter().any(|w| w == id),
        }
    }

    fn clear(&mut self) {
        self.short = [0; 11];
        self.long.clear();
    }
}

/// The names of the filled fields of game information (the model's JSON names).
fn info_fields(info: &GameInfo) -> Vec<String> {
    match serde_json::to_value(info) {
        Ok(serde_json::Value::Object(map)) => map.into_iter().map(|(k, _)| k).collect(),
        _ => Vec::new(),
    }
}

/// How a value is escaped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Esc {
    /// Text or SimpleText: `]` and `\`.
    Text,
    /// One side of a compose value: also `:`.
    Compose,
}

impl W {
    /// The text written. Every piece [`W`] pushes is UTF-8 — whole `str`s, runs of a
    /// `str` cut before or after an ASCII byte (escapes, soft line breaks), encoded
    /// characters, and ASCII bytes — and every write to `out` goes through the methods
    /// of this `impl`; it is still checked (about 1 % of SGF → SGF), so that a break of
    /// that invariant is an error, not undefined behaviour.
    fn into_output(self) -> Result<String, WriteError> {
        crate::text::into_string(self.out)
            .map_err(|_| WriteError::Invalid("the SGF writer made invalid UTF-8".into()))
    }

    fn loss(&mut self, code: &'static codes::Code, message: String, move_number: Option<u32>) {
        self.losses.push(Loss {
            code,
            message,
            game: self.game,
            move_number,
        });
    }

    fn raw(&mut self, s: &str) {
        self.out.extend_from_slice(s.as_bytes());
        // Columns of a piece: its length when it is ASCII (every ASCII character is
        // one column wide), else the widths of its characters.
        let cols = columns;
        match memchr::memrchr(b'\n', s.as_bytes()) {
            Some(i) => self.col = s.get(i + 1..).map_or(0, cols),
            None => self.col += cols(s),
        }
    }

    /// Writes ASCII without line breaks (punctuation, identifiers, numbers): a
    /// column a byte, no scan for line breaks.
    #[inline]
    fn ascii(&mut self, s: &str) {
        debug_assert!(s.is_ascii() && !s.contains('\n'), "{s:?}");
        // Identifiers of one and two letters without a call of memcpy.
        match s.as_bytes() {
            &[a] => self.out.push(a),
            &[a, b] => self.out.extend_from_slice(&[a, b]),
            bytes => self.out.extend_from_slice(bytes),
        }
        self.col += s.len();
    }

    /// Has the current node an identifier written already?
    fn has_written(&self, id: &str) -> bool {
        self.written.contains(id)
    }

    fn newline(&mut self) {
        self.out.push(b'\n');
        self.col = 0;
    }

    /// Starts a property: a line break first when the line is long.
    #[inline]
    fn ident(&mut self, id: &str) {
        self.start_prop(id);
        self.ascii(id);
    }

    /// What comes before a property's identifier: a line break when the line is
    /// long, and the identifier noted (see `recording`). The caller writes it.
    #[inline]
    fn start_prop(&mut self, id: &str) {
        if self.col >= LINE - 4 {
            self.newline();
        }
        if self.recording {
            self.written.insert(id);
        }
    }

    /// NUL cannot be written (readers take the file for binary or UTF-16): a space
    /// stands for it, reported as a loss.
    fn without_nul<'v>(&mut self, v: &'v str, mv: Option<u32>) -> std::borrow::Cow<'v, str> {
        if v.contains('\0') {
            self.loss(
                codes::SGF_NUL_CHARACTER,
                format!("a NUL character in {v:?} written as a space"),
                mv,
            );
            std::borrow::Cow::Owned(v.replace('\0', " "))
        } else {
            std::borrow::Cow::Borrowed(v)
        }
    }

    /// Writes escaped text, with soft line breaks when wrapping.
    fn text(&mut self, s: &str, esc: Esc) {
        if self.wrap.is_some() {
            let s = self.without_nul(s, None);
            self.text_wrapped(&s, esc);
            return;
        }
        let bytes = s.as_bytes();
        let compose = esc == Esc::Compose;
        // A text of one line without NUL (most): its columns and whether it needs
        // an escape, 16 bytes at a time; without an escape it goes out whole.
        if let Some((cols, escaped)) = line_columns(bytes, compose) {
            self.col += cols;
            if escaped {
                self.escaped(bytes, compose);
            } else {
                self.out.extend_from_slice(bytes);
            }
            return;
        }
        // Else one pass for the column after the text (that of its last line,
        // escapes counting one each) and for whether anything needs an escape or
        // stands for a NUL.
        let (mut col, mut marked) = (self.col, false);
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            if b < 0x80 {
                match b {
                    b'\n' => col = 0,
                    b']' | b'\\' => (col, marked) = (col + 2, true),
                    b':' if compose => (col, marked) = (col + 2, true),
                    0 => (col, marked) = (col + 1, true),
                    _ => col += 1,
                }
                i += 1;
            } else {
                let (len, cols) = lead_columns(bytes, i, b);
                col += cols;
                i += len;
            }
        }
        self.col = col;
        if !marked {
            self.out.extend_from_slice(bytes);
            return;
        }
        let s = self.without_nul(s, None);
        self.escaped(s.as_bytes(), compose);
    }

    /// Writes text with `\` before each `]` and `\` (and `:` when `compose`), in
    /// runs between them; the columns are the caller's.
    fn escaped(&mut self, bytes: &[u8], compose: bool) {
        push_escaped(&mut self.out, bytes, compose);
    }

    /// [`W::text`] with soft line breaks, character by character.
    fn text_wrapped(&mut self, s: &str, esc: Esc) {
        for c in s.chars() {
            let escaped = c == ']' || c == '\\' || (esc == Esc::Compose && c == ':');
            let w = char_columns(c) + usize::from(escaped);
            if let Some(limit) = self.wrap {
                if c != '\n' && self.col + w > limit && self.col > 0 {
                    self.out.extend_from_slice(b"\\\n");
                    self.col = 0;
                }
            }
            if escaped {
                self.out.push(b'\\');
            }
            self.out
                .extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            if c == '\n' {
                self.col = 0;
            } else {
                self.col += w;
            }
        }
    }

    fn prop_text(&mut self, id: &str, s: &str) {
        self.ident(id);
        self.ascii("[");
        self.text(s, Esc::Text);
        self.ascii("]");
    }

    /// A property with a value the writer spells itself (a number, a letter,
    /// nothing): ASCII without line breaks.
    fn prop_raw(&mut self, id: &str, v: &str) {
        self.ident(id);
        self.ascii("[");
        self.ascii(v);
        self.ascii("]");
    }

    /// A property with a whole number.
    fn prop_int(&mut self, id: &str, v: impl Into<i64>) {
        self.ident(id);
        self.ascii("[");
        self.int(v.into());
        self.ascii("]");
    }

    /// A property with a real number, written the shortest way ([`fmt_real`]).
    fn prop_real(&mut self, id: &str, v: f64) {
        self.ident(id);
        self.ascii("[");
        // A whole number (times left, komi: most values) goes the integer's way,
        // which is what `fmt_real` writes for it.
        if v.fract() == 0.0 && v.abs() < 1e15 && !(v == 0.0 && v.is_sign_negative()) {
            self.int(v as i64);
        } else if let Some(ms) = whole_ms(v) {
            // A number of thousandths (komi 6.5): spelt as a time is, without the
            // float formatter; the number between `XX[` and `]`.
            let (buf, len) = spell_ms(*b"XX", ms);
            let digits = buf.get(3..len - 1).unwrap_or_default();
            self.out.extend_from_slice(digits);
            self.col += digits.len();
        } else {
            let mut text = String::new();
            let _ = write_real(v, &mut text);
            self.ascii(&text);
        }
        self.ascii("]");
    }

    /// A property with a number of seconds given in whole milliseconds: what
    /// [`W::prop_real`] writes for `ms / 1000` (the shortest decimal that reads back
    /// as it, at most three decimals), spelt from the integer.
    ///
    /// The property is spelt in a buffer of its own and written in one piece (most
    /// nodes of a server's record carry one).
    fn prop_ms(&mut self, id: &str, ms: u32) {
        let &[a, b] = id.as_bytes() else {
            // Every caller gives `BL` or `WL`.
            return self.prop_real(id, f64::from(ms) / 1000.0);
        };
        self.start_prop(id);
        let (buf, len) = spell_ms([a, b], ms);
        self.put(&buf, len);
    }

    /// Writes the first `len` bytes of `buf`, ASCII without line breaks: the whole
    /// buffer goes out (a copy of constant length, not a call of memcpy), the text
    /// is cut back after.
    #[inline]
    fn put<const N: usize>(&mut self, buf: &[u8; N], len: usize) {
        let start = self.out.len();
        self.out.extend_from_slice(buf);
        self.out.truncate(start + len.min(N));
        self.col += len.min(N);
    }

    /// Writes a node holding a stone move on the board and perhaps its time left,
    /// and nothing else (most nodes of a server's record), in one piece: what
    /// [`W::node`] writes after `;`, with the same line breaks. False (nothing
    /// written) for any other node, and where a line break would fall inside it.
    fn bare_node(&mut self, n: &Node) -> bool {
        if !n.rest.is_none() {
            return false;
        }
        let Some(Move::Stone(StoneMove {
            color,
            point: Some(p),
        })) = n.mv
        else {
            return false;
        };
        if self.col >= LINE - 8 {
            self.newline();
        }
        let ms = n.time_left_whole_ms();
        // `;` and the move take 6 columns; a time after them starting at LINE - 4
        // or later goes on the next line: the general path writes it.
        if ms.is_some() && self.col + 6 >= LINE - 4 {
            return false;
        }
        let (buf, len) = spell_move(color, p, ms);
        self.put(&buf, len);
        true
    }

    /// Writes a stone move on the board and its time left when the node holds it
    /// in whole milliseconds, in one piece: what [`W::mv`] then [`W::time_left`]
    /// write, the identifiers noted. `None` (nothing written) for another move, or
    /// where a line break would fall in the piece; else whether the time was
    /// written.
    fn move_and_time(&mut self, n: &Node) -> Option<bool> {
        let Some(Move::Stone(StoneMove {
            color,
            point: Some(p),
        })) = n.mv
        else {
            return None;
        };
        let ms = n.time_left_whole_ms();
        // The move takes 5 columns; each identifier starting at LINE - 4 or later
        // starts a new line.
        if self.col >= LINE - 4 || (ms.is_some() && self.col + 5 >= LINE - 4) {
            return None;
        }
        let (buf, len) = spell_move(color, p, ms);
        if let Some(piece) = buf.last_chunk::<31>() {
            self.put(piece, len - 1);
        }
        if self.recording {
            let black = color == Color::Black;
            self.written.insert(if black { "B" } else { "W" });
            if ms.is_some() {
                self.written.insert(if black { "BL" } else { "WL" });
            }
        }
        Some(ms.is_some())
    }

    /// Writes a whole number in decimal, without the formatter's machinery.
    fn int(&mut self, v: i64) {
        let mut digits = itoa::Buffer::new();
        let text = digits.format(v);
        self.out.extend_from_slice(text.as_bytes());
        self.col += text.len();
    }

    fn points(&mut self, id: &str, points: &[Point]) {
        if points.is_empty() {
            return;
        }
        self.ident(id);
        for &p in points {
            self.point_value(p);
        }
    }

    /// Writes one value of a list of points, on a new line when the line is long.
    #[inline]
    fn point_value(&mut self, p: Point) {
        if self.col >= LINE - 4 {
            self.newline();
        }
        let [a, b] = coords(p);
        self.out.extend_from_slice(&[b'[', a, b, b']']);
        self.col += 4;
    }

    fn game_tree(&mut self, game: &Game, charset: &str) -> Result<(), WriteError> {
        let (gm, size) = match &game.kind {
            GameKind::Go { size } => (1, *size),
            GameKind::Gomoku { size, .. } => (4, *size),
            _ => return Err(WriteError::Invalid("SGF holds Go and gomoku games".into())),
        };
        self.written.clear();
        // A little more than a node takes on average (`;B[pd]BL[3584]`, a comment
        // now and then) and room for the game information, so the text seldom
        // grows (each growth copies it).
        self.out
            .reserve(game.tree.len().saturating_mul(24).saturating_add(512));
        self.ascii("(;FF[4]");
        self.prop_text("CA", charset);
        self.prop_int("GM", gm);
        self.ascii("SZ[");
        self.int(size.width.into());
        if size.width != size.height {
            self.ascii(":");
            self.int(size.height.into());
        }
        self.ascii("]");
        self.info(&game.info, Some(game));
        let tree = &game.tree;
        // Room for a few dozen open variations, so that the stack seldom grows.
        let mut tasks = Vec::with_capacity(64);
        if let Some(root) = tree.get(NodeId::ROOT) {
            let moves = u32::from(root.mv.is_some());
            self.node(root, root.mv.is_some().then_some(moves), &game.info);
            self.newline();
            push_children(&mut tasks, root, moves);
        }
        // Explicit stack: depth of variations is data. A line of play goes node
        // after node without it; only a node with several children pushes them.
        while let Some(task) = tasks.pop() {
            let (mut id, mut before) = match task {
                Task::Open => {
                    self.newline();
                    self.ascii("(");
                    continue;
                }
                Task::Close => {
                    self.ascii(")");
                    continue;
                }
                Task::Node(id, before) => (id, before),
            };
            while let Some(node) = tree.get(id) {
                let moves = before + u32::from(node.mv.is_some());
                if !self.bare_node(node) {
                    // A bare node writes no identifier twice and asks nothing of
                    // the set (see `W::node`): it is cleared for the others.
                    if !node.rest.is_none() {
                        self.written.clear();
                    }
                    if self.col >= LINE - 8 {
                        self.newline();
                    }
                    self.ascii(";");
                    self.node(node, node.mv.is_some().then_some(moves), &game.info);
                }
                match node.children() {
                    &[only] => (id, before) = (only, moves),
                    _ => {
                        push_children(&mut tasks, node, moves);
                        break;
                    }
                }
            }
        }
        self.ascii(")");
        self.newline();
        Ok(())
    }

    /// Writes game information: the game's own (with `game`, in the root) or a
    /// variation's (at its node).
    fn info(&mut self, i: &GameInfo, game: Option<&Game>) {
        if let Some(ap) = &i.application {
            self.prop_text("AP", ap);
        }
        let texts: [(&str, &Option<String>); 17] = [
            ("GN", &i.title),
            ("EV", &i.event),
            ("RO", &i.round),
            ("DT", &i.date),
            ("PC", &i.place),
            ("PB", &i.black.name),
            ("BR", &i.black.rank),
            ("BT", &i.black.team),
            ("PW", &i.white.name),
            ("WR", &i.white.rank),
            ("WT", &i.white.team),
            ("RU", &i.rules),
            ("OT", &i.time_control),
            ("AN", &i.annotator),
            ("SO", &i.source),
            ("US", &i.recorder),
            ("CP", &i.copyright),
        ];
        for (id, v) in texts {
            if let Some(v) = v {
                self.prop_text(id, v);
            }
        }
        if let (None, Some(game)) = (&i.rules, game) {
            if let GameKind::Gomoku { rule, .. } = &game.kind {
                if *rule != GomokuRule::Renju {
                    self.prop_text("RU", rule.name());
                }
            }
        }
        if let Some(on) = &i.opening {
            self.prop_text("ON", on);
        }
        if let Some(k) = i.komi {
            self.prop_real("KM", k);
        }
        if let Some(h) = i.handicap {
            self.prop_int("HA", h);
        }
        if let Some(t) = i.main_time {
            self.prop_real("TM", t);
        }
        // A kept raw RE text that still means the result is written where it is kept
        // among the extras (so their order survives), else the canonical text here.
        let raw_re = raw_result(i);
        if let (Some(r), None) = (&i.result, &raw_re) {
            self.prop_text("RE", &format_result(r));
        }
        if let Some(gc) = &i.game_comment {
            self.prop_text("GC", gc);
        }
        self.extras(&i.extras, None, raw_re.as_deref());
    }

    /// Writes `sgf:` extras verbatim (the registry's accounting reports the others). `raw_re` is the kept
    /// RE text of the game information, written at its place.
    fn extras(&mut self, extras: &Extras, mv: Option<u32>, raw_re: Option<&str>) {
        let mut re_done = false;
        for e in &extras.0 {
            match e.key.strip_prefix("sgf:") {
                Some("RE") if raw_re.is_some() && !re_done => {
                    re_done = true;
                    if let Some(raw) = raw_re {
                        self.prop_text("RE", raw);
                    }
                }
                Some(id) if !id.is_empty() && id.bytes().all(|b| b.is_ascii_uppercase()) => {
                    if e.values.is_empty() || self.has_written(id) {
                        self.loss(
                            codes::SGF_KEPT_VALUE_DROPPED,
                            format!(
                                "kept value(s) [{}] of {id} dropped: the node already has {id} (or the value list is empty)",
                                e.values.join("][")
                            ),
                            mv,
                        );
                        continue;
                    }
                    self.ident(id);
                    for v in &e.values {
                        let v = self.without_nul(v, mv);
                        self.ascii("[");
                        if is_raw_safe(&v) {
                            self.raw(&v);
                        } else {
                            self.text(&v, Esc::Text);
                        }
                        self.ascii("]");
                    }
                }
                Some(id) if !e.is_layout() => self.loss(
                    codes::SGF_KEPT_VALUE_DROPPED,
                    format!("kept value(s) of {id:?} dropped: not an SGF property identifier"),
                    mv,
                ),
                _ => {}
            }
        }
    }

    /// Writes a node; `root_info` is the game's own information (SGF allows each
    /// field once per line of play, so a variation's own value of one the root holds
    /// is read back as a private property, not as the variation's information).
    fn node(&mut self, n: &Node, mvno: Option<u32>, root_info: &GameInfo) {
        if n.rest.is_none() {
            // A move and its times only (most nodes): nothing else to look at, and
            // no extras to check against what is written.
            self.recording = false;
            let mover = self.mv(n, mvno);
            self.time_left(n, mover, mvno);
            self.recording = true;
            return;
        }
        // Each part of the rest looked into once, and only when stored.
        let rest: &NodeRest = &n.rest;
        let more: &NodeMore = &rest.more;
        if let Some(info) = &more.info {
            let root = info_fields(root_info);
            let twice: Vec<String> = info_fields(info)
                .into_iter()
                .filter(|f| root.contains(f))
                .collect();
            if !twice.is_empty() {
                self.loss(
                    codes::LOSS_VARIATION_INFO,
                    format!("a variation's own {} is read back as a private property: SGF holds each game-information field once per line of play, and the root holds the game's", twice.join(", ")),
                    mvno,
                );
            }
            self.info(info, None);
        }
        // The move and its time in one piece when no annotation of the move
        // stands between them.
        let fused = match more.move_annotation {
            None => self.move_and_time(n),
            Some(_) => None,
        };
        let mover = match fused {
            Some(_) => n.mv.as_ref().map(Move::color),
            None => self.mv(n, mvno),
        };
        if let Some(a) = more.move_annotation {
            match a {
                MoveAnnotation::Bad(e) => self.prop_raw("BM", dbl(e)),
                MoveAnnotation::Good(e) => self.prop_raw("TE", dbl(e)),
                MoveAnnotation::Doubtful => self.prop_raw("DO", ""),
                MoveAnnotation::Interesting => self.prop_raw("IT", ""),
            }
        }
        if fused != Some(true) {
            self.time_left(n, mover, mvno);
        }
        if let Some(p) = rest.times.get().and_then(|t| t.periods_left) {
            match mover {
                Some(Color::Black) => self.prop_int("OB", p),
                Some(Color::White) => self.prop_int("OW", p),
                None => self.loss(
                    codes::SGF_TIME_WITHOUT_MOVE,
                    format!("{p} periods left in a node without a move"),
                    mvno,
                ),
            }
        }
        if let Some(m) = more.move_number {
            self.prop_int("MN", m);
        }
        if let Some(setup) = rest.setup.get() {
            self.points("AB", &setup.add_black);
            self.points("AW", &setup.add_white);
            self.points("AE", &setup.clear);
            if let Some(c) = setup.to_play {
                self.prop_raw("PL", if c == Color::Black { "B" } else { "W" });
            }
        }
        if let Some(a) = more.position_annotation {
            let (id, e) = match a {
                PositionAnnotation::Even(e) => ("DM", e),
                PositionAnnotation::GoodForBlack(e) => ("GB", e),
                PositionAnnotation::GoodForWhite(e) => ("GW", e),
                PositionAnnotation::Unclear(e) => ("UC", e),
            };
            self.prop_raw(id, dbl(e));
        }
        if let Some(h) = more.hotspot {
            self.prop_raw("HO", dbl(h));
        }
        if let Some(v) = more.value {
            self.prop_real("V", v);
        }
        if let Some(name) = &rest.name {
            self.prop_text("N", name);
        }
        if let Some(markup) = rest.markup.get() {
            self.markup(markup);
        }
        if let Some(c) = &rest.comment {
            self.prop_text("C", c);
        }
        if !rest.extras.0.is_empty() {
            self.extras(&rest.extras, mvno, None);
        }
    }

    /// Writes the node's move (`B`/`W`), and says who made it.
    fn mv(&mut self, n: &Node, mvno: Option<u32>) -> Option<Color> {
        match &n.mv {
            Some(Move::Stone(m)) => {
                let c = if m.color == Color::Black { "B" } else { "W" };
                match m.point {
                    Some(p) => {
                        let [a, b] = coords(p);
                        self.start_prop(c);
                        // Coordinates are ASCII letters: one column each.
                        let id = if m.color == Color::Black { b'B' } else { b'W' };
                        self.out.extend_from_slice(&[id, b'[', a, b, b']']);
                        self.col += 5;
                    }
                    None => self.prop_raw(c, ""),
                }
                Some(m.color)
            }
            Some(_) => {
                self.loss(
                    codes::SGF_FOREIGN_MOVE,
                    "a move of another game cannot be written in SGF".into(),
                    mvno,
                );
                None
            }
            None => None,
        }
    }

    /// Writes the time left after the move (`BL`/`WL`, as the mover's).
    fn time_left(&mut self, n: &Node, mover: Option<Color>, mvno: Option<u32>) {
        let id = if mover == Some(Color::Black) {
            "BL"
        } else {
            "WL"
        };
        // Whole milliseconds (most times) are spelt from the integer.
        if let (Some(ms), Some(_)) = (n.time_left_whole_ms(), mover) {
            return self.prop_ms(id, ms);
        }
        let Some(t) = n.time_left() else { return };
        match mover {
            Some(_) => self.prop_real(id, t),
            None => self.loss(
                codes::SGF_TIME_WITHOUT_MOVE,
                format!("time left {t} s in a node without a move"),
                mvno,
            ),
        }
    }

    fn markup(&mut self, m: &Markup) {
        // Runs of one shape in model order, so a reread gives the same order.
        let mut symbols = m.symbols.as_slice();
        while let Some(first) = symbols.first() {
            let run = symbols
                .iter()
                .take_while(|s| s.shape == first.shape)
                .count();
            let id = match first.shape {
                Shape::Circle => "CR",
                Shape::Cross => "MA",
                Shape::Selected => "SL",
                Shape::Square => "SQ",
                Shape::Triangle => "TR",
            };
            self.ident(id);
            for s in symbols.get(..run).unwrap_or_default() {
                self.point_value(s.point);
            }
            symbols = symbols.get(run..).unwrap_or_default();
        }
        self.points("DD", &m.dimmed);
        if !m.labels.is_empty() {
            self.ident("LB");
            for l in &m.labels {
                let [a, b] = coords(l.point);
                if self.col >= LINE - 6 {
                    self.newline();
                }
                self.out.extend_from_slice(&[b'[', a, b, b':']);
                self.col += 4;
                self.text(&l.text, Esc::Compose);
                self.ascii("]");
            }
        }
        for (id, lines) in [("AR", &m.arrows), ("LN", &m.lines)] {
            if lines.is_empty() {
                continue;
            }
            self.ident(id);
            for l in lines {
                let [a, b] = coords(l.from);
                let [c, d] = coords(l.to);
                self.out.extend_from_slice(&[b'[', a, b, b':', c, d, b']']);
                self.col += 7;
            }
        }
    }
}

/// `;`, a stone move on the board and its time left in whole milliseconds if any
/// (`;B[pd]BL[3584]`), as bytes, and their length: at most 6 + 15 bytes, in a
/// buffer long enough for every piece to go in whole.
#[inline]
fn spell_move(color: Color, p: Point, ms: Option<u32>) -> ([u8; 32], usize) {
    let id = if color == Color::Black { b'B' } else { b'W' };
    let [x, y] = coords(p);
    let mut buf = [0u8; 32];
    buf[..6].copy_from_slice(&[b';', id, b'[', x, y, b']']);
    let mut len = 6;
    if let Some(ms) = ms {
        let (time, n) = spell_ms([id, b'L'], ms);
        buf[6..30].copy_from_slice(&time);
        len += n;
    }
    (buf, len)
}

/// A positive number below 4,000,000 that is a whole number of thousandths as a
/// float (`ms / 1000` gives it exactly), as that number: [`spell_ms`] writes what
/// the formatter writes for it.
fn whole_ms(v: f64) -> Option<u32> {
    if !(v > 0.0 && v < 4_000_000.0) {
        return None;
    }
    let ms = (v * 1000.0).round() as u32;
    (f64::from(ms) / 1000.0 == v).then_some(ms)
}

/// A step of the walk in tree order (see [`W::game_tree`]).
enum Task {
    /// A node, and how many moves its line has before it.
    Node(NodeId, u32),
    /// A variation's `(`, on a line of its own.
    Open,
    /// A variation's `)`.
    Close,
}

/// Pushes the steps that write the children of a node after which its line has
/// `moves` moves: none for a leaf, the child for one, each in parentheses for more
/// (the first on top).
fn push_children(tasks: &mut Vec<Task>, node: &Node, moves: u32) {
    match node.children() {
        [] => {}
        &[only] => tasks.push(Task::Node(only, moves)),
        many => {
            for &c in many.iter().rev() {
                tasks.push(Task::Close);
                tasks.push(Task::Node(c, moves));
                tasks.push(Task::Open);
            }
        }
    }
}

/// The raw RE text kept in the extras, when it still means the result.
fn raw_result(info: &GameInfo) -> Option<String> {
    let r = info.result.as_ref()?;
    let raw = info.extras.get("sgf:RE")?.first()?;
    (parse_result(raw).result == *r).then(|| raw.clone())
}

fn dbl(e: Emphasis) -> &'static str {
    match e {
        Emphasis::Normal => "1",
        Emphasis::Strong => "2",
    }
}

/// True when a kept raw value can be written verbatim: no unescaped `]` and no
/// trailing lone `\`.
fn is_raw_safe(v: &str) -> bool {
    let b = v.as_bytes();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' if i + 1 >= b.len() => return false,
            b'\\' => i += 2,
            b']' => return false,
            _ => i += 1,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::{codes, Esc, W};

    fn writer(col: usize) -> W {
        W {
            out: Vec::new(),
            col,
            wrap: None,
            losses: Vec::new(),
            game: 0,
            written: super::WrittenIds::default(),
            recording: true,
        }
    }

    /// The text written in runs gives the bytes and the column that the writer
    /// character by character gives (without wrapping).
    #[test]
    fn text_in_runs_equals_text_by_characters() {
        let texts = [
            "",
            "plain",
            "a]b\\c:d",
            "]]\\\\::",
            "백이 좋아 보인다.",
            "first line\nsecond ] line: 表示",
            "ends with a break\n",
            "\n",
            "wide 日本 then\nnarrow",
            "x\n日本]\\:",
            "é ü ß, 𠀀 wide, 😀 narrow, ｱ half, Ａ full",
        ];
        for text in texts {
            for esc in [Esc::Text, Esc::Compose] {
                for col in [0, 5, 70] {
                    let mut runs = writer(col);
                    runs.text(text, esc);
                    let mut chars = writer(col);
                    chars.text_wrapped(text, esc);
                    assert_eq!(runs.out, chars.out, "{text:?}");
                    assert_eq!(runs.col, chars.col, "{text:?} from column {col}");
                }
            }
        }
    }

    /// The lane of bare nodes writes what the general path writes after `;`, line
    /// breaks included, from every column, or leaves the node to it.
    #[test]
    fn bare_nodes_are_written_as_the_general_path_writes_them() {
        use crate::model::{Color, Move, Node, Point, StoneMove};
        let info = crate::model::GameInfo::default();
        let mut laned = 0;
        for col in 0..80 {
            for ms in [
                None,
                Some(0u32),
                Some(3_584_000),
                Some(1_795_312),
                Some(2_147_483_647),
            ] {
                for color in [Color::Black, Color::White] {
                    let mut n = Node {
                        mv: Some(Move::Stone(StoneMove {
                            color,
                            point: Some(Point::new(15, 3)),
                        })),
                        ..Node::default()
                    };
                    if let Some(ms) = ms {
                        n.set_time_left(Some(f64::from(ms) / 1000.0));
                    }
                    let mut general = writer(col);
                    if general.col >= super::LINE - 8 {
                        general.newline();
                    }
                    general.ascii(";");
                    general.node(&n, Some(1), &info);
                    let mut lane = writer(col);
                    if lane.bare_node(&n) {
                        laned += 1;
                        assert_eq!(lane.out, general.out, "{col} {ms:?}");
                        assert_eq!(lane.col, general.col, "{col} {ms:?}");
                    }
                }
            }
        }
        // Only a time that would start a line of its own (from columns 66 and 67;
        // from 68 on the node itself starts one) leaves the lane.
        assert_eq!(laned, 80 * 2 + (80 - 2) * 4 * 2);
        let pass = Node {
            mv: Some(Move::Stone(StoneMove {
                color: Color::Black,
                point: None,
            })),
            ..Node::default()
        };
        assert!(!writer(0).bare_node(&pass));
    }

    /// The move and its time in one piece are what the move then the time give,
    /// line breaks and the identifiers noted included, from every column; the
    /// piece is left to them only where a line break falls inside it.
    #[test]
    fn move_and_time_are_written_as_the_move_then_the_time() {
        use crate::model::{Color, Move, Node, Point, StoneMove};
        let mut fused = 0;
        for col in 0..80 {
            for ms in [None, Some(0u32), Some(3_584_000), Some(1_795_312), Some(7)] {
                for color in [Color::Black, Color::White] {
                    let mut n = Node {
                        mv: Some(Move::Stone(StoneMove {
                            color,
                            point: Some(Point::new(15, 3)),
                        })),
                        ..Node::default()
                    };
                    n.comment = Some("a rest".into());
                    if let Some(ms) = ms {
                        n.set_time_left(Some(f64::from(ms) / 1000.0));
                    }
                    let mut apart = writer(col);
                    let mover = apart.mv(&n, None);
                    apart.time_left(&n, mover, None);
                    let mut piece = writer(col);
                    if let Some(timed) = piece.move_and_time(&n) {
                        fused += 1;
                        assert_eq!(timed, ms.is_some());
                        assert_eq!(piece.out, apart.out, "{col} {ms:?}");
                        assert_eq!(piece.col, apart.col, "{col} {ms:?}");
                        for id in ["B", "W", "BL", "WL"] {
                            assert_eq!(
                                piece.has_written(id),
                                apart.has_written(id),
                                "{id} {col} {ms:?}"
                            );
                        }
                    } else {
                        assert!(piece.out.is_empty());
                    }
                }
            }
        }
        // Without a time from columns 0 to 71, with one from 0 to 66.
        assert_eq!(fused, 72 * 2 + 67 * 4 * 2);
        let pass = Node {
            mv: Some(Move::Stone(StoneMove {
                color: Color::White,
                point: None,
            })),
            ..Node::default()
        };
        assert_eq!(writer(0).move_and_time(&pass), None);
    }

    /// A NUL goes out as a space, one column, reported; the escapes around it stay.
    #[test]
    fn text_with_nul_writes_a_space_and_a_loss() {
        let mut w = writer(3);
        w.text("a\0]b", Esc::Text);
        assert_eq!(w.out, b"a \\]b");
        assert_eq!(w.col, 3 + 5);
        assert_eq!(w.losses.len(), 1);
        assert_eq!(w.losses[0].code, codes::SGF_NUL_CHARACTER);
    }

    #[test]
    fn each_identifier_is_known_written_once_inserted_until_cleared() {
        let mut w = super::WrittenIds::default();
        let ids = ["B", "Z", "AB", "ZZ", "LB", "XYZ", "MULTIGOGM", "b", "a1"];
        for id in ids {
            assert!(!w.contains(id), "{id}");
        }
        for (k, id) in ids.iter().enumerate() {
            w.insert(id);
            for (j, other) in ids.iter().enumerate() {
                assert_eq!(w.contains(other), j <= k, "{other} after {id}");
            }
        }
        w.clear();
        assert!(ids.iter().all(|id| !w.contains(id)));
    }

    #[test]
    fn milliseconds_are_written_as_the_real_they_are() {
        for ms in (0..3_000_000u32)
            .step_by(7)
            .chain([u32::MAX - 1, 1, 10, 100, 1010])
            // Every count of digits of the seconds, 1 to 7.
            .chain((0..32).map(|k| 1u32 << k))
            .chain([
                9_999_999,
                10_000_000,
                99_999_990,
                999_999_999,
                4_000_000_001,
            ])
        {
            // The formatter's text, and both ways the writer spells it.
            let real = f64::from(ms) / 1000.0;
            let text = format!("BL[{}]", super::super::values::fmt_real(real)).into_bytes();
            let mut by_ms = writer(0);
            by_ms.prop_ms("BL", ms);
            let mut by_real = writer(0);
            by_real.prop_real("BL", real);
            for w in [by_ms, by_real] {
                assert_eq!(w.out, text, "{ms}");
                assert_eq!(w.col, text.len(), "{ms}");
            }
        }
    }

    #[test]
    fn numbers_are_written_as_the_formatter_writes_them() {
        for v in [0i64, 7, -3, 10, 3584, i64::MAX, i64::MIN] {
            let mut w = writer(3);
            w.int(v);
            assert_eq!(w.out, v.to_string().into_bytes());
            assert_eq!(w.col, 3 + v.to_string().len());
        }
        for v in [
            6.5,
            0.0,
            -0.0,
            3584.0,
            -2.25,
            1e16,
            0.1,
            0.001,
            0.0005,
            7.125,
            1.1,
            3_999_999.999,
            4_000_000.5,
            1e-300,
            2.675,
            0.30000000000000004,
            f64::NAN,
            f64::INFINITY,
        ] {
            let mut w = writer(0);
            w.prop_real("KM", v);
            assert_eq!(
                w.out,
                format!("KM[{}]", super::super::values::fmt_real(v)).into_bytes()
            );
            assert_eq!(w.col, w.out.len());
        }
    }
}
