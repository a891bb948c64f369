use serde::{Deserialize, Serialize};

use super::{Color, Extras, ShogiStart};

/// A player's name, rank and team as the record gives them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The rank or grade ("4급", "9d", "七段").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<String>,
    /// The team.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
}

impl Player {
    /// True when nothing is known.
    pub fn is_empty(&self) -> bool {
        self.name.is_none() && self.rank.is_none() && self.team.is_none()
    }
}

/// How a game was won.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// The loser resigned (SGF `R`, 投了).
    Resign,
    /// The loser ran out of time (SGF `T`, 切れ負け).
    Time,
    /// The loser forfeited or broke a rule (SGF `F`, 反則).
    Forfeit,
    /// By this many points (SGF `B+3.5`).
    Score(f64),
    /// Five in a row, checkmate, or a reason the record does not give.
    Unspecified,
}

/// The outcome of a game (SGF RE; shogi results are also implied by the special end).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// A draw (jigo, 持将棋, 千日手 draw).
    Draw,
    /// No result (SGF `Void`).
    Void,
    /// Unknown (SGF `?`).
    Unknown,
    /// A result text kifu cannot type, kept verbatim.
    Other(String),
}

/// Information about a game: typed common fields, plus `extras` for keys no typed
/// field holds, kept in source order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GameInfo {
    /// The first player (black, 先手/下手, player 1).
    #[serde(default, skip_serializing_if = "Player::is_empty")]
    pub black: Player,
    /// The second player (white, 後手/上手, player 2).
    #[serde(default, skip_serializing_if = "Player::is_empty")]
    pub white: Player,
    /// The game's name or title (SGF GN, KIF 表題, Kiseong title).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The event or tournament (SGF EV, KIF 棋戦).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// The round (SGF RO).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
    /// When it was played, as the record writes it (SGF DT, KIF 開始日時).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Where it was played (SGF PC, KIF 場所).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// The outcome.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// The rule set by name (SGF RU: "Japanese", "Chinese" …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// Komi in points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub komi: Option<f64>,
    /// The number of handicap stones (SGF HA); the stones are the root's setup.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handicap: Option<u32>,
    /// Main time per player in seconds (SGF TM).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub main_time: Option<f64>,
    /// Overtime or the whole time control as text (SGF OT, KIF 持ち時間, CSA time limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    /// Who wrote the commentary (SGF AN).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub annotator: Option<String>,
    /// Where the record came from (SGF SO, KIF 掲載).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Copyright notice (SGF CP).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copyright: Option<String>,
    /// Opening name (SGF ON, KIF 戦型).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<String>,
    /// Who entered the record (SGF US, KIF 記録係).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recorder: Option<String>,
    /// The program that wrote the record (SGF AP).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub application: Option<String>,
    /// A comment on the whole game (SGF GC).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_comment: Option<String>,
    /// The shogi starting position: a handicap preset or an arbitrary position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shogi_start: Option<ShogiStart>,
    /// Everything else, in source order.
    #[serde(default, skip_serializing_if = "Extras::is_empty")]
    pub extras: Extras,
}

impl GameInfo {
    /// Takes every field of `other` that `self` lacks (a field both have keeps
    /// `self`'s); extras are appended.
    pub fn fill_from(&mut self, other: GameInfo) {
        fn fill<T>(a: &mut Option<T>, b: Option<T>) {
            if a.is_none() {
                *a = b;
            }
        }
        let GameInfo {
            black,
            white,
            title,
            event,
            round,
            date,
            place,
            result,
            rules,
            komi,
            handicap,
            main_time,
            time_control,
            annotator,
            source,
            copyright,
            opening,
            recorder,
            application,
            game_comment,
            shogi_start,
            extras,
        } = other;
        for (mine, theirs) in [(&mut self.black, black), (&mut self.white, white)] {
            fill(&mut mine.name, theirs.name);
            fill(&mut mine.rank, theirs.rank);
            fill(&mut mine.team, theirs.team);
        }
        fill(&mut self.title, title);
        fill(&mut self.event, event);
        fill(&mut self.round, round);
        fill(&mut self.date, date);
        fill(&mut self.place, place);
        fill(&mut self.result, result);
        fill(&mut self.rules, rules);
        fill(&mut self.komi, komi);
        fill(&mut self.handicap, handicap);
        fill(&mut self.main_time, main_time);
        fill(&mut self.time_control, time_control);
        fill(&mut self.annotator, annotator);
        fill(&mut self.source, source);
        fill(&mut self.copyright, copyright);
        fill(&mut self.opening, opening);
        fill(&mut self.recorder, recorder);
        fill(&mut self.application, application);
        fill(&mut self.game_comment, game_comment);
        fill(&mut self.shogi_start, shogi_start);
        self.extras.0.extend(extras.0);
    }
}
