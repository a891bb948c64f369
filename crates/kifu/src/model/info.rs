use serde::{Deserialize, Serialize};

use std::ops::{Deref, DerefMut};

use super::{Color, Extras, ShogiStart, Sparse, SparsePart};

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

impl std::fmt::Display for GameResult {
    /// The compact notation of SGF: `B+R`, `W+T`, `B+F`, `W+3.5`, `B+`, `Draw`,
    /// `Void`, `?`, and an untyped text verbatim. With `{:#}`, the result in words
    /// for messages: `Black wins by resignation`, `White wins by 3.5`, `Black wins`,
    /// `draw`, `void`, `unknown`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let words = f.alternate();
        match self {
            GameResult::Win { winner, reason } if words => {
                write!(f, "{winner:?} wins")?;
                match reason {
                    WinReason::Resign => f.write_str(" by resignation"),
                    WinReason::Time => f.write_str(" on time"),
                    WinReason::Forfeit => f.write_str(" by forfeit"),
                    WinReason::Score(s) => write!(f, " by {s}"),
                    WinReason::Unspecified => Ok(()),
                }
            }
            GameResult::Win { winner, reason } => {
                f.write_str(match winner {
                    Color::Black => "B+",
                    Color::White => "W+",
                })?;
                match reason {
                    WinReason::Resign => f.write_str("R"),
                    WinReason::Time => f.write_str("T"),
                    WinReason::Forfeit => f.write_str("F"),
                    WinReason::Score(s) => write!(f, "{s}"),
                    WinReason::Unspecified => Ok(()),
                }
            }
            GameResult::Draw => f.write_str(if words { "draw" } else { "Draw" }),
            GameResult::Void => f.write_str(if words { "void" } else { "Void" }),
            GameResult::Unknown => f.write_str(if words { "unknown" } else { "?" }),
            GameResult::Other(s) => f.write_str(s),
        }
    }
}

/// Information about a game: typed common fields, plus `extras` for keys no typed
/// field holds, kept in source order.
///
/// Small on purpose, like [`super::Node`]: the players, the shogi starting position
/// and the extras are the info's own (what almost every record gives); the other
/// fields are an [`InfoRest`] kept behind one pointer only when one of them is set,
/// read and written through the info itself (`info.event`) by `Deref`/`DerefMut`.
/// JSON is unchanged: the rest's fields are written in the info's own object, in the
/// same order as always (players, title … game comment, shogi start, extras).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct GameInfo {
    /// The first player (black, 先手/下手, player 1).
    #[serde(default, skip_serializing_if = "Player::is_empty")]
    pub black: Player,
    /// The second player (white, 後手/上手, player 2).
    #[serde(default, skip_serializing_if = "Player::is_empty")]
    pub white: Player,
    /// Title, event, date, result, rules, komi and the other fields most games
    /// leave unset, usually reached through the info itself (`info.event`).
    #[serde(flatten)]
    pub rest: Sparse<InfoRest>,
    /// The shogi starting position: a handicap preset or an arbitrary position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shogi_start: Option<ShogiStart>,
    /// Everything else, in source order.
    #[serde(default, skip_serializing_if = "Extras::is_empty")]
    pub extras: Extras,
}

/// The fields of a [`GameInfo`] that many games leave unset, reached through the
/// info (`info.event`); stored only when one of them is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct InfoRest {
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
}

/// Game information as JSON holds it: every field in one object, read without
/// `flatten` (which would buffer the object and hide from the reader a key the model
/// does not know: `formats::json` reports those). Turned into a [`GameInfo`] whose
/// rest is stored only when one of its fields is set. The rest's fields are
/// [`InfoRest`]'s, one for one (the unit tests read every field back).
#[derive(Deserialize)]
struct InfoIn {
    /// The first player.
    #[serde(default)]
    black: Player,
    /// The second player.
    #[serde(default)]
    white: Player,
    /// The game's name or title (SGF GN, KIF 表題, Kiseong title).
    #[serde(default)]
    title: Option<String>,
    /// The event or tournament (SGF EV, KIF 棋戦).
    #[serde(default)]
    event: Option<String>,
    /// The round (SGF RO).
    #[serde(default)]
    round: Option<String>,
    /// When it was played, as the record writes it (SGF DT, KIF 開始日時).
    #[serde(default)]
    date: Option<String>,
    /// Where it was played (SGF PC, KIF 場所).
    #[serde(default)]
    place: Option<String>,
    /// The outcome.
    #[serde(default)]
    result: Option<GameResult>,
    /// The rule set by name (SGF RU: "Japanese", "Chinese" …).
    #[serde(default)]
    rules: Option<String>,
    /// Komi in points.
    #[serde(default)]
    komi: Option<f64>,
    /// The number of handicap stones (SGF HA); the stones are the root's setup.
    #[serde(default)]
    handicap: Option<u32>,
    /// Main time per player in seconds (SGF TM).
    #[serde(default)]
    main_time: Option<f64>,
    /// Overtime or the whole time control as text (SGF OT, KIF 持ち時間, CSA time limit).
    #[serde(default)]
    time_control: Option<String>,
    /// Who wrote the commentary (SGF AN).
    #[serde(default)]
    annotator: Option<String>,
    /// Where the record came from (SGF SO, KIF 掲載).
    #[serde(default)]
    source: Option<String>,
    /// Copyright notice (SGF CP).
    #[serde(default)]
    copyright: Option<String>,
    /// Opening name (SGF ON, KIF 戦型).
    #[serde(default)]
    opening: Option<String>,
    /// Who entered the record (SGF US, KIF 記録係).
    #[serde(default)]
    recorder: Option<String>,
    /// The program that wrote the record (SGF AP).
    #[serde(default)]
    application: Option<String>,
    /// A comment on the whole game (SGF GC).
    #[serde(default)]
    game_comment: Option<String>,
    /// The shogi starting position.
    #[serde(default)]
    shogi_start: Option<ShogiStart>,
    /// Everything else, in source order.
    #[serde(default)]
    extras: Extras,
}

impl<'de> Deserialize<'de> for GameInfo {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameInfo, D::Error> {
        let i = InfoIn::deserialize(deserializer)?;
        let rest = InfoRest {
            title: i.title,
            event: i.event,
            round: i.round,
            date: i.date,
            place: i.place,
            result: i.result,
            rules: i.rules,
            komi: i.komi,
            handicap: i.handicap,
            main_time: i.main_time,
            time_control: i.time_control,
            annotator: i.annotator,
            source: i.source,
            copyright: i.copyright,
            opening: i.opening,
            recorder: i.recorder,
            application: i.application,
            game_comment: i.game_comment,
        };
        Ok(GameInfo {
            black: i.black,
            white: i.white,
            rest: Sparse::from(rest),
            shogi_start: i.shogi_start,
            extras: i.extras,
        })
    }
}

impl SparsePart for InfoRest {
    fn empty() -> &'static InfoRest {
        static EMPTY: InfoRest = InfoRest {
            title: None,
            event: None,
            round: None,
            date: None,
            place: None,
            result: None,
            rules: None,
            komi: None,
            handicap: None,
            main_time: None,
            time_control: None,
            annotator: None,
            source: None,
            copyright: None,
            opening: None,
            recorder: None,
            application: None,
            game_comment: None,
        };
        &EMPTY
    }
    fn is_empty(&self) -> bool {
        self == Self::empty()
    }
}

impl Deref for GameInfo {
    type Target = InfoRest;
    fn deref(&self) -> &InfoRest {
        &self.rest
    }
}

impl DerefMut for GameInfo {
    fn deref_mut(&mut self) -> &mut InfoRest {
        &mut self.rest
    }
}

impl GameInfo {
    /// Frees the rest when it was written but left empty (a field set to `None`
    /// through the info), so the info costs one pointer for it again.
    pub fn tidy(&mut self) {
        self.rest.tidy();
    }

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
            rest,
            shogi_start,
            extras,
        } = other;
        for (mine, theirs) in [(&mut self.black, black), (&mut self.white, white)] {
            fill(&mut mine.name, theirs.name);
            fill(&mut mine.rank, theirs.rank);
            fill(&mut mine.team, theirs.team);
        }
        // Only an other rest that holds something is looked into: filling from an
        // empty one stores none.
        if !rest.is_empty() {
            let InfoRest {
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
            } = rest.into_inner();
            let mine: &mut InfoRest = &mut self.rest;
            fill(&mut mine.title, title);
            fill(&mut mine.event, event);
            fill(&mut mine.round, round);
            fill(&mut mine.date, date);
            fill(&mut mine.place, place);
            fill(&mut mine.result, result);
            fill(&mut mine.rules, rules);
            fill(&mut mine.komi, komi);
            fill(&mut mine.handicap, handicap);
            fill(&mut mine.main_time, main_time);
            fill(&mut mine.time_control, time_control);
            fill(&mut mine.annotator, annotator);
            fill(&mut mine.source, source);
            fill(&mut mine.copyright, copyright);
            fill(&mut mine.opening, opening);
            fill(&mut mine.recorder, recorder);
            fill(&mut mine.application, application);
            fill(&mut mine.game_comment, game_comment);
        }
        fill(&mut self.shogi_start, shogi_start);
        self.extras.0.extend(extras.0);
    }
}

#[cfg(test)]
mod json_tests {
    use super::*;
    use crate::model::Handicap;

    /// Every field set: the keys come in the order they always came (the players,
    /// the rest's flattened, the shogi start, the extras), and the JSON reads back as
    /// the same info; an info with only players stores no rest, read back neither.
    #[test]
    fn every_field_in_the_old_order_and_back() {
        let mut info = GameInfo::default();
        info.black.name = Some("b".into());
        info.white.rank = Some("1d".into());
        info.title = Some("t".into());
        info.event = Some("e".into());
        info.round = Some("r".into());
        info.date = Some("d".into());
        info.place = Some("p".into());
        info.result = Some(GameResult::Win {
            winner: Color::White,
            reason: WinReason::Score(2.5),
        });
        info.rules = Some("Japanese".into());
        info.komi = Some(6.5);
        info.handicap = Some(2);
        info.main_time = Some(60.0);
        info.time_control = Some("3x30".into());
        info.annotator = Some("a".into());
        info.source = Some("s".into());
        info.copyright = Some("c".into());
        info.opening = Some("o".into());
        info.recorder = Some("u".into());
        info.application = Some("ap".into());
        info.game_comment = Some("gc".into());
        info.shogi_start = Some(ShogiStart::Preset(Handicap::Even));
        info.extras.push("sgf:XX", vec!["v".into()]);
        let json = serde_json::to_string(&info).expect("serialises");
        assert_eq!(
            json,
            concat!(
                r#"{"black":{"name":"b"},"white":{"rank":"1d"},"title":"t","event":"e","#,
                r#""round":"r","date":"d","place":"p","result":{"win":{"winner":"white","#,
                r#""reason":{"score":2.5}}},"rules":"Japanese","komi":6.5,"handicap":2,"#,
                r#""main_time":60.0,"time_control":"3x30","annotator":"a","source":"s","#,
                r#""copyright":"c","opening":"o","recorder":"u","application":"ap","#,
                r#""game_comment":"gc","shogi_start":{"preset":"even"},"#,
                r#""extras":[{"key":"sgf:XX","values":["v"]}]}"#
            )
        );
        let back: GameInfo = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, info);
        let mut players = GameInfo::default();
        players.black.name = Some("b".into());
        players.shogi_start = Some(ShogiStart::Preset(Handicap::Even));
        assert!(players.rest.is_empty());
        let text = serde_json::to_string(&players).expect("serialises");
        let read: GameInfo = serde_json::from_str(&text).expect("reads back");
        assert_eq!(read, players);
        assert!(read.rest.is_none());
        assert_eq!(
            serde_json::to_string(&GameInfo::default()).ok().as_deref(),
            Some("{}")
        );
    }

    /// Filling from an info without a rest stores none; a field set to `None`
    /// through the info leaves an empty rest that `tidy` frees.
    #[test]
    fn fill_from_and_tidy_store_no_empty_rest() {
        let mut a = GameInfo::default();
        let mut b = GameInfo::default();
        b.white.name = Some("w".into());
        a.fill_from(b);
        assert_eq!(a.white.name.as_deref(), Some("w"));
        assert!(a.rest.is_none());
        let c = GameInfo {
            rest: InfoRest {
                event: Some("e".into()),
                ..InfoRest::default()
            }
            .into(),
            ..GameInfo::default()
        };
        a.fill_from(c);
        assert_eq!(a.event.as_deref(), Some("e"));
        a.event = None;
        assert!(!a.rest.is_none());
        a.tidy();
        assert!(a.rest.is_none());
    }

    /// The info's size, as docs/ARCHITECTURE.md gives it.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn an_info_is_176_bytes() {
        assert_eq!(std::mem::size_of::<GameInfo>(), 176);
    }
}

#[cfg(test)]
mod result_tests {
    use super::{GameResult, WinReason};
    use crate::model::Color;

    /// Every result in both notations: the compact one (`kifu info`, `kifu list`,
    /// the SGF writer) and the words of `{:#}` (the writers' loss messages).
    #[test]
    fn a_result_displays_compact_and_in_words() {
        let win = |winner, reason| GameResult::Win { winner, reason };
        let cases = [
            (
                win(Color::Black, WinReason::Resign),
                "B+R",
                "Black wins by resignation",
            ),
            (
                win(Color::White, WinReason::Time),
                "W+T",
                "White wins on time",
            ),
            (
                win(Color::Black, WinReason::Forfeit),
                "B+F",
                "Black wins by forfeit",
            ),
            (
                win(Color::White, WinReason::Score(3.5)),
                "W+3.5",
                "White wins by 3.5",
            ),
            (
                win(Color::Black, WinReason::Score(12.0)),
                "B+12",
                "Black wins by 12",
            ),
            (
                win(Color::White, WinReason::Unspecified),
                "W+",
                "White wins",
            ),
            (GameResult::Draw, "Draw", "draw"),
            (GameResult::Void, "Void", "void"),
            (GameResult::Unknown, "?", "unknown"),
            (GameResult::Other("黒の反則".into()), "黒の反則", "黒の反則"),
        ];
        for (result, compact, words) in cases {
            assert_eq!(result.to_string(), compact);
            assert_eq!(format!("{result:#}"), words);
        }
    }
}
