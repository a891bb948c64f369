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

/// A property identifier of one or two uppercase letters as its table slot, so that
/// typing compares numbers, not strings; every other identifier is [`Key::OTHER`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Key(u16);

impl Key {
    /// Any identifier that is not one or two uppercase letters.
    pub const OTHER: Key = Key(u16::MAX);

    /// The key of an identifier.
    pub const fn of(id: &str) -> Key {
        match slot(id.as_bytes()) {
            Some(s) => Key(s as u16),
            None => Key::OTHER,
        }
    }

    /// The table slot of a one- or two-letter identifier; `None` for [`Key::OTHER`].
    pub fn slot(self) -> Option<usize> {
        (self != Key::OTHER).then_some(usize::from(self.0))
    }

    fn class(self) -> u8 {
        CLASSES.get(usize::from(self.0)).copied().unwrap_or(0)
    }

    /// Root-only properties (FF[4] "root" type).
    pub fn is_root_prop(self) -> bool {
        self.class() & ROOT_BIT != 0
    }

    /// Game-info properties.
    pub fn is_info_prop(self) -> bool {
        self.class() & INFO_BIT != 0
    }

    /// Properties whose values form a list.
    pub fn is_list_prop(self) -> bool {
        self.class() & LIST_BIT != 0
    }

    /// Properties kifu types into the model (every other one is kept as a private
    /// property).
    pub fn is_known(self) -> bool {
        self.class() & KNOWN_BIT != 0
    }
}

/// Defines a [`Key`] constant per property name, for `match`.
macro_rules! keys {
    ($($name:ident)*) => {
        /// The keys of the properties kifu types, named by their identifiers.
        pub(super) mod k {
            use super::Key;
            $(
                #[doc = concat!("`", stringify!($name), "`")]
                pub const $name: Key = Key::of(stringify!($name));
            )*
            /// Every name above.
            #[cfg(test)]
            pub const ALL: &[&str] = &[$(stringify!($name)),*];
        }
    };
}

keys! {
    AP CA FF GM ST SZ
    AN BR BT CP DT EV GN GC ON OT PB PC PW RE RO RU SO TM US WR WT HA KM KI
    AB AW AE TR SQ CR MA SL DD LB AR LN VW M L
    B W KO MN PL C N DM GB GW UC HO V BM TE DO IT BL WL OB OW FG PM
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every identifier of one or two capitals has a bit of its own: each is new
    /// the first time and seen the second; [`Key::OTHER`] is never held.
    #[test]
    fn a_key_set_tells_each_short_identifier_apart() {
        let ids: Vec<String> = (b'A'..=b'Z')
            .flat_map(|a| {
                std::iter::once(String::from(a as char))
                    .chain((b'A'..=b'Z').map(move |b| format!("{}{}", a as char, b as char)))
            })
            .collect();
        let mut set = KeySet::default();
        for id in &ids {
            assert!(set.insert(Key::of(id)), "{id} new");
        }
        for id in &ids {
            assert!(!set.insert(Key::of(id)), "{id} seen");
        }
        assert!(set.insert(Key::OTHER) && set.insert(Key::OTHER));
        let mut one = KeySet::default();
        assert!(one.insert(k::B) && one.insert(k::BL) && !one.insert(k::B));
    }

    #[test]
    fn each_name_is_in_its_classes_and_nothing_else_is_known() {
        let of = Key::of;
        for id in ROOT {
            let k = of(id);
            assert!(
                k.is_root_prop() && k.is_known() && !k.is_info_prop(),
                "{id}"
            );
        }
        for id in INFO {
            let k = of(id);
            assert!(
                k.is_info_prop() && k.is_known() && !k.is_list_prop(),
                "{id}"
            );
        }
        for id in LIST {
            let k = of(id);
            assert!(
                k.is_list_prop() && k.is_known() && !k.is_root_prop(),
                "{id}"
            );
        }
        for id in OTHER {
            let k = of(id);
            assert!(
                k.is_known() && !k.is_list_prop() && !k.is_info_prop(),
                "{id}"
            );
        }
        for id in ["", "XX", "ZZ", "A", "BLX", "b", "bl", "Ä"] {
            assert!(!of(id).is_known(), "{id}");
        }
        assert_eq!(of("BLX"), Key::OTHER);
        assert_eq!(of("bl"), Key::OTHER);
        assert_ne!(k::B, k::BL);
        assert_eq!(k::KO, of("KO"));
        for id in k::ALL {
            assert!(of(id).is_known(), "{id}");
        }
        assert_eq!(
            k::ALL.len(),
            ROOT.len() + INFO.len() + LIST.len() + OTHER.len()
        );
        let known = (b'A'..=b'Z')
            .flat_map(|a| {
                std::iter::once(String::from(a as char))
                    .chain((b'A'..=b'Z').map(move |b| format!("{}{}", a as char, b as char)))
            })
            .filter(|id| of(id).is_known())
            .count();
        assert_eq!(known, ROOT.len() + INFO.len() + LIST.len() + OTHER.len());
    }
}

/// The keys of one or two letters seen in a node, as bits: the duplicate check of a
/// node's properties in constant time a property.
#[derive(Default)]
pub(super) struct KeySet([u64; SLOTS.div_ceil(64)]);

impl KeySet {
    /// Adds a key; false when it was there already. [`Key::OTHER`] is never held
    /// (true: the caller compares those by their identifiers).
    #[inline]
    pub fn insert(&mut self, key: Key) -> bool {
        let Some(s) = key.slot() else { return true };
        let Some(word) = self.0.get_mut(s / 64) else {
            return true;
        };
        let bit = 1u64 << (s % 64);
        let new = *word & bit == 0;
        *word |= bit;
        new
    }
}
