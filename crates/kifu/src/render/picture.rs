//! One call from a game to the bytes of a picture: which line and move, numbered or
//! not, cropped or not, as text, SVG, PNG or an animated GIF. No command line here:
//! `kifu show` fills [`Options`] from its arguments.

use super::{go, gonu, graph, move_count, raster, shogi, variation};
use crate::model::{Game, GameKind, NodeId};

/// What kind of picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The terminal diagram (Go, gomoku, gonu) or BOD (shogi).
    Text,
    /// A standalone SVG.
    Svg,
    /// A PNG rendered from the SVG.
    Png,
    /// An animated GIF, one frame per move.
    Gif,
}

impl Format {
    /// The file extension of the format (`txt` for text).
    pub fn extension(self) -> &'static str {
        match self {
            Format::Text => "txt",
            Format::Svg => "svg",
            Format::Png => "png",
            Format::Gif => "gif",
        }
    }
}

/// How a Go or gomoku board is cropped.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Crop {
    /// The whole board.
    #[default]
    None,
    /// To the stones and marks with a margin ([`go::Position::auto_crop`]).
    Auto,
    /// To an area like `A1-K10` ([`go::Area::parse`]).
    Area(String),
}

/// Everything that decides a picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The kind of picture.
    pub format: Format,
    /// Width in pixels of a PNG or GIF.
    pub width: u32,
    /// The line of play: 0 the main line, N the N-th leaf in pre-order.
    pub variation: usize,
    /// The move shown (`None`: the line's last).
    pub at: Option<usize>,
    /// A numbered diagram of moves `first..=last` (`None` for `last`: up to [`Options::at`]
    /// or the end of the line); Go and gomoku only.
    pub numbers: Option<(usize, Option<usize>)>,
    /// Cropping (Go and gomoku).
    pub crop: Crop,
    /// Milliseconds per GIF frame.
    pub delay_ms: u32,
    /// How many times as long the last GIF frame shows.
    pub hold: u32,
    /// The evaluation graph of the line's engine analysis instead of a position
    /// (`graph`; SVG or PNG).
    pub graph: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            format: Format::Text,
            width: 800,
            variation: 0,
            at: None,
            numbers: None,
            crop: Crop::None,
            delay_ms: 500,
            hold: 4,
            graph: false,
        }
    }
}

/// The line of play the options choose.
pub fn line(game: &Game, opts: &Options) -> Result<Vec<NodeId>, String> {
    variation(game, opts.variation).ok_or_else(|| {
        let leaves = game
            .tree
            .preorder()
            .filter(|(_, n)| n.children().is_empty())
            .count();
        format!(
            "there is no variation {} (the game has {} besides the main line)",
            opts.variation,
            leaves.saturating_sub(1)
        )
    })
}

/// How many moves the chosen line holds.
pub fn moves(game: &Game, opts: &Options) -> Result<usize, String> {
    Ok(move_count(game, &line(game, opts)?))
}

/// The picture the options describe, written to `out`: an animated GIF frame by frame
/// as each is drawn (memory holds two frames, whatever the number of moves), any other
/// picture whole. An `Err` is why there is no such picture, or a failed write.
pub fn draw_to<W: std::io::Write>(game: &Game, opts: &Options, mut out: W) -> Result<W, String> {
    if opts.format == Format::Gif && !opts.graph {
        let line = line(game, opts)?;
        return animate(game, &line, opts, out);
    }
    let bytes = draw(game, opts)?;
    out.write_all(&bytes).map_err(|e| e.to_string())?;
    Ok(out)
}

/// The picture the options describe, as bytes (UTF-8 for text and SVG).
pub fn draw(game: &Game, opts: &Options) -> Result<Vec<u8>, String> {
    let line = line(game, opts)?;
    if opts.graph {
        let svg = match opts.format {
            Format::Svg | Format::Png => graph::svg(game, &line)?,
            Format::Text | Format::Gif => {
                return Err("the graph is drawn as SVG or PNG (--svg, --png, -o g.svg)".into())
            }
        };
        return match opts.format {
            Format::Png => raster::png(&svg, opts.width),
            _ => Ok(svg.into_bytes()),
        };
    }
    if opts.format == Format::Gif {
        return animate(game, &line, opts, Vec::new());
    }
    if let Some(at) = opts.at {
        let total = move_count(game, &line);
        if at > total {
            return Err(format!("there is no move {at} (the line has {total})"));
        }
    }
    let svg = match &game.kind {
        GameKind::Gonu(board) => {
            if opts.numbers.is_some() || opts.crop != Crop::None {
                return Err("a gonu board has no moves to number or crop".into());
            }
            if opts.format == Format::Text {
                return Ok(gonu::text(board).into_bytes());
            }
            gonu::svg(board)
        }
        GameKind::Go { .. } | GameKind::Gomoku { .. } => {
            let pos = go_position(game, &line, opts, opts.at)?;
            if opts.format == Format::Text {
                return Ok(go::text(&pos).into_bytes());
            }
            go::svg(&pos)
        }
        GameKind::Shogi => {
            if opts.numbers.is_some() || opts.crop != Crop::None {
                return Err("move numbers and cropping are for Go and gomoku boards".into());
            }
            let r = shogi::position_on(game, &line, opts.at);
            if opts.format == Format::Text {
                return Ok(shogi::text(&r.position, r.moves, r.last.as_ref(), r.same).into_bytes());
            }
            shogi::svg(&r.position, r.last.as_ref())
        }
    };
    match opts.format {
        Format::Png => raster::png(&svg, opts.width),
        _ => Ok(svg.into_bytes()),
    }
}

/// The Go or gomoku position of the options at move `at`, numbered and cropped.
fn go_position(
    game: &Game,
    line: &[NodeId],
    opts: &Options,
    at: Option<usize>,
) -> Result<go::Position, String> {
    let not_go = || "not a Go or gomoku game".to_string();
    let mut pos = match opts.numbers {
        Some((first, last)) => {
            let last = match (last, at) {
                (Some(l), Some(a)) => Some(l.min(a)),
                (l, a) => l.or(a),
            };
            go::numbered(game, line, first, last).ok_or_else(not_go)?
        }
        None => go::position_on(game, line, at).ok_or_else(not_go)?,
    };
    pos.view = match &opts.crop {
        Crop::None => pos.view,
        Crop::Auto => pos.auto_crop(),
        Crop::Area(text) => go::Area::parse(text, pos.size)?,
    };
    Ok(pos)
}

/// One frame per position of the line, from the start to [`Options::at`] (the end by
/// default), the last move marked; all frames share the last frame's crop. Each frame
/// is drawn from the one before and encoded to `out` before the next is drawn.
fn animate<W: std::io::Write>(
    game: &Game,
    line: &[NodeId],
    opts: &Options,
    out: W,
) -> Result<W, String> {
    let total = move_count(game, line);
    let end = opts.at.unwrap_or(total).min(total);
    let timing = raster::Timing {
        delay_ms: opts.delay_ms,
        hold: opts.hold,
    };
    match &game.kind {
        GameKind::Go { .. } | GameKind::Gomoku { .. } => {
            let plain = Options {
                numbers: None,
                ..opts.clone()
            };
            let view = go_position(game, line, &plain, Some(end))?.view;
            let mut walk =
                go::Walk::new(game, line).ok_or_else(|| "not a Go or gomoku game".to_string())?;
            let frames = (0..=end).map(|k| {
                let mut pos = walk.to(Some(k));
                pos.view = view;
                Ok(go::svg(&pos))
            });
            raster::gif_to(frames, opts.width, timing, out)
        }
        GameKind::Shogi => {
            let mut walk = shogi::Walk::new(game, line);
            let frames = (0..=end).map(|k| {
                let r = walk.to(Some(k));
                Ok(shogi::svg(&r.position, r.last.as_ref()))
            });
            raster::gif_to(frames, opts.width, timing, out)
        }
        GameKind::Gonu(_) => Err("a gonu board has no moves to animate".into()),
    }
}
