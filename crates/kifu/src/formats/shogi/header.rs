//! The Japanese header keys of shogi records (KIF and KI2 headers, JKF's `header`)
//! and the game information they fill: `key` ↔ typed field, the other keys kept in
//! order in the extras, and the header given back as key/value pairs.

use super::bod::{hand_owner, same_hand};
use crate::model::{Extra, GameInfo, Handicap, ShogiStart};

/// The extras key holding the order of the header keys as read: a layout hint
/// (`Extra::is_layout`), since the keys and values are held elsewhere.
pub const ORDER_KEY: &str = "kif:layout";

/// The typed field a header key fills, if any.
fn typed_slot<'a>(info: &'a mut GameInfo, key: &str) -> Option<&'a mut Option<String>> {
    Some(match key {
        "開始日時" | "対局日" => &mut info.date,
        "表題" => &mut info.title,
        "棋戦" => &mut info.event,
        "場所" => &mut info.place,
        "持ち時間" => &mut info.time_control,
        "掲載" => &mut info.source,
        "戦型" => &mut info.opening,
        "記録係" => &mut info.recorder,
        "先手" | "下手" => &mut info.black.name,
        "後手" | "上手" => &mut info.white.name,
        _ => return None,
    })
}

/// Stores one header: in its typed field when it has one (and it is still empty),
/// else in `extras` as `kif:<key>`. The key's place is recorded for the writer.
pub fn apply_header(info: &mut GameInfo, key: &str, value: &str) {
    match typed_slot(info, key) {
        Some(slot) if slot.is_none() => *slot = Some(value.to_string()),
        _ => info
            .extras
            .push(format!("kif:{key}"), vec![value.to_string()]),
    }
    record_order(info, key);
}

/// Records that `key` came next in the header (under [`ORDER_KEY`]), for a writer
/// that keeps the order read: header keys, and KIF's diagram and comment lines.
pub fn record_order(info: &mut GameInfo, key: &str) {
    match info.extras.0.iter_mut().find(|e| e.key == ORDER_KEY) {
        Some(e) => e.values.push(key.to_string()),
        None => info.extras.push(ORDER_KEY, vec![key.to_string()]),
    }
}

/// The value of a typed header for the writer: `None` when the key has no typed
/// field, `Some(None)` when the field is empty.
pub fn typed_value<'a>(info: &'a GameInfo, key: &str) -> Option<Option<&'a str>> {
    let v = match key {
        "開始日時" | "対局日" => &info.date,
        "表題" => &info.title,
        "棋戦" => &info.event,
        "場所" => &info.place,
        "持ち時間" => &info.time_control,
        "掲載" => &info.source,
        "戦型" => &info.opening,
        "記録係" => &info.recorder,
        "先手" | "下手" => &info.black.name,
        "後手" | "上手" => &info.white.name,
        _ => return None,
    };
    Some(v.as_deref())
}

/// The typed header keys in the order the writer uses when no order was read
/// (the player keys are written separately).
pub const TYPED_KEYS: [&str; 8] = [
    "開始日時",
    "表題",
    "棋戦",
    "戦型",
    "持ち時間",
    "場所",
    "掲載",
    "記録係",
];

/// The header as key/value pairs (for JKF): in the order read when known, then the
/// typed fields not yet given, then the other kept keys. Diagram lines, hands and
/// file comments are left out.
pub fn header_pairs(info: &GameInfo) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut nth: Vec<(String, usize)> = Vec::new();
    let order: &[String] = info.extras.get(ORDER_KEY).unwrap_or(&[]);
    // The producer's banner (`#` lines) is kept under the key `#`; the diagram is not.
    let skip = |k: &str| {
        (k.starts_with('#') && k != "#")
            || hand_owner(k).is_some()
            || matches!(k, "先手番" | "後手番" | "下手番" | "上手番" | "盤面回転")
    };
    for key in order {
        if skip(key) {
            continue;
        }
        let n = match nth.iter_mut().find(|(k, _)| k == key) {
            Some((_, n)) => {
                *n += 1;
                *n - 1
            }
            None => {
                nth.push((key.clone(), 1));
                0
            }
        };
        let typed = typed_value(info, key);
        let value = match typed {
            Some(v) if n == 0 => v.map(str::to_string),
            _ => {
                let skip_typed = usize::from(typed.is_some());
                info.extras
                    .0
                    .iter()
                    .filter(|e| e.key.strip_prefix("kif:") == Some(key.as_str()))
                    .nth(n - skip_typed.min(n))
                    .and_then(|e| e.values.first().cloned())
            }
        };
        if let Some(v) = value {
            seen.push(key.clone());
            out.push((key.clone(), v));
        }
    }
    for key in TYPED_KEYS.iter().chain(["先手", "後手"].iter()) {
        let filled = seen.iter().any(|s| {
            s == key
                || (*key == "先手" && s == "下手")
                || (*key == "後手" && s == "上手")
                || (*key == "開始日時" && s == "対局日")
        });
        if !filled {
            if let Some(Some(v)) = typed_value(info, key) {
                out.push(((*key).to_string(), v.to_string()));
            }
        }
    }
    if order.is_empty() {
        for e in info.extras.of_format("kif") {
            let key = e.key.trim_start_matches("kif:");
            if e.key == ORDER_KEY || skip(key) || matches!(key, "separator" | "no-promote") {
                continue;
            }
            if let Some(v) = e.values.first() {
                out.push((key.to_string(), v.clone()));
            }
        }
    }
    if let Some(v) = csa_end_time(info) {
        out.push(("終了日時".to_string(), v.to_string()));
    }
    out
}

/// True when a game-information extra is the source format's own framing, which a
/// shogi record's content does not include: the CSA version line (`csa:version`),
/// a KIF `手合割` line that names the game's own start (`平手　　`, its column
/// padding and all; the start is in [`GameInfo::shogi_start`]), and a diagram's
/// `先手の持駒` lines that say the start's hands. Such an extra is no
/// loss for a writer that leaves it out; its own format's writer keeps it.
pub fn is_framing(e: &Extra, info: &GameInfo) -> bool {
    match e.key.as_str() {
        "csa:version" => true,
        "kif:手合割" => {
            let [value] = e.values.as_slice() else {
                return false;
            };
            match info.shogi_start.as_ref() {
                None => Handicap::from_japanese(value) == Some(Handicap::Even),
                Some(ShogiStart::Preset(h)) => Handicap::from_japanese(value) == Some(*h),
                Some(ShogiStart::Other(p)) => {
                    value.trim() == "その他"
                        || Handicap::from_japanese(value).is_some_and(|h| h.position() == **p)
                }
            }
        }
        // The pieces in hand of a diagram, as written: the hands are in the start.
        key => match (
            key.strip_prefix("kif:").and_then(hand_owner),
            info.shogi_start.as_ref(),
            e.values.as_slice(),
        ) {
            (Some(color), Some(ShogiStart::Other(p)), [value]) => same_hand(value, p, color),
            _ => false,
        },
    }
}

/// The end time a CSA record gave (`$END_TIME:`), for a KIF or JKF header's
/// `終了日時`, unless the record has that very one there already.
pub fn csa_end_time(info: &GameInfo) -> Option<&str> {
    let v = info.extras.get("csa:$END_TIME")?.first()?;
    let kif = info.extras.get("kif:終了日時").unwrap_or(&[]);
    (!kif.contains(v)).then_some(v.as_str())
}
