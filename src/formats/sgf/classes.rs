//! Property classes of FF[4] (root, game-info, list-valued, known), looked up in a
//! table built at compile time: typing a node asks these several times a property,
//! and a table lookup costs less than matching the identifier against every name.

/// Root-only properties (FF[4] "root" type).
const ROOT: &[&str] = &["AP", "CA", "FF", "GM", "ST", "SZ"];

/// Game-info properties (and `KI`, FF[3]'s komi).
const INFO: &[&str] = &[
    "AN", "BR", "BT", "CP", "DT", "EV", "GN", "GC", "ON", "OT", "PB", "PC", "PW", "RE", "RO", "RU",
    "SO", "TM", "US", "WR", "WT", "HA", "KM", "KI",
];

/// Properties whose values form a list (of points, labels, lines …).
const LIST: &[&str] = &[
    "AB", "AW", "AE", "TR", "SQ", "CR", "MA", "SL", "DD", "LB", "AR", "LN", "VW", "M", "L",
];

/// The other properties kifu types: moves, annotations, timing, markup and misc.
const OTHER: &[&str] = &[
    "B", "W", "KO", "MN", "PL", "C", "N", "DM", "GB", "GW", "UC", "HO", "V", "BM", "TE", "DO",
    "IT", "BL", "WL", "OB", "OW", "FG", "PM",
];

const ROOT_BIT: u8 = 1;
const INFO_BIT: u8 = 2;
const LIST_BIT: u8 = 4;
const KNOWN_BIT: u8 = 8;

/// Slots: one per first letter, times 27 for "no second letter" or the second letter.
const SLOTS: usize = 26 * 27;

/// The table slot of an identifier of one or two uppercase letters.
const fn slot(id: &[u8]) -> Option<usize> {
    match id {
        [a @ b'A'..=b'Z'] => Some((*a - b'A') as usize * 27),
        [a @ b'A'..=b'Z', b @ b'A'..=b'Z'] => {
            Some((*a - b'A') as usize * 27 + (*b - b'A') as usize + 1)
        }
        _ => None,
    }
}

const fn mark(mut table: [u8; SLOTS], names: &[&str], bits: u8) -> [u8; SLOTS] {
    let mut i = 0;
    while i < names.len() {
        if let Some(s) = slot(names[i].as_bytes()) {
            table[s] |= bits;
        }
        i += 1;
    }
    table
}

static CLASSES: [u8; SLOTS] = {
    let t = mark([0; SLOTS], ROOT, ROOT_BIT | KNOWN_BIT);
    let t = mark(t, INFO, INFO_BIT | KNOWN_BIT);
    let t = mark(t, LIST, LIST_BIT | KNOWN_BIT);
    mark(t, OTHER, KNOWN_BIT)
};

fn class(id: &str) -> u8 {
    slot(id.as_bytes())
        .and_then(|s| CLASSES.get(s))
        .copied()
        .unwrap_or(0)
}

/// Root-only properties (FF[4] "root" type).
pub(super) fn is_root_prop(id: &str) -> bool {
    class(id) & ROOT_BIT != 0
}

/// Game-info properties.
pub(super) fn is_info_prop(id: &str) -> bool {
    class(id) & INFO_BIT != 0
}

/// Properties whose values form a list.
pub(super) fn is_list_prop(id: &str) -> bool {
    class(id) & LIST_BIT != 0
}

/// Properties kifu types into the model (every other one is kept as a private
/// property).
pub(super) fn is_known(id: &str) -> bool {
    class(id) & KNOWN_BIT != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_name_is_in_its_classes_and_nothing_else_is_known() {
        for id in ROOT {
            assert!(
                is_root_prop(id) && is_known(id) && !is_info_prop(id),
                "{id}"
            );
        }
        for id in INFO {
            assert!(
                is_info_prop(id) && is_known(id) && !is_list_prop(id),
                "{id}"
            );
        }
        for id in LIST {
            assert!(
                is_list_prop(id) && is_known(id) && !is_root_prop(id),
                "{id}"
            );
        }
        for id in OTHER {
            assert!(
                is_known(id) && !is_list_prop(id) && !is_info_prop(id),
                "{id}"
            );
        }
        for id in ["", "XX", "ZZ", "A", "BLX", "b", "bl", "Ä"] {
            assert!(!is_known(id), "{id}");
        }
        let known = (b'A'..=b'Z')
            .flat_map(|a| {
                std::iter::once(String::from(a as char))
                    .chain((b'A'..=b'Z').map(move |b| format!("{}{}", a as char, b as char)))
            })
            .filter(|id| is_known(id))
            .count();
        assert_eq!(known, ROOT.len() + INFO.len() + LIST.len() + OTHER.len());
    }
}
