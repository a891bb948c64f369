use serde::{Deserialize, Serialize};

/// One piece of format-specific data kept for a lossless round trip through the same
/// format: an SGF private property, a KIF header no typed field holds, a Kiseong
/// control code. Keys are namespaced by format, e.g. `sgf:XY`, `kif:棋戦詳細`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Extra {
    /// Namespaced key: `<format>:<name>`.
    pub key: String,
    /// The values, in source order (SGF properties may have several).
    pub values: Vec<String>,
}

impl Extra {
    /// True for presentation hints (`<format>:layout`): how the source arranged data
    /// the model already holds. Only their own format's writer reads them; other
    /// writers leave them out without a loss, since nothing is lost.
    pub fn is_layout(&self) -> bool {
        self.key.ends_with(":layout")
    }
}

/// An ordered list of [`Extra`]s; order is the source order and is kept.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Extras(pub Vec<Extra>);

impl Extras {
    /// True when nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Appends a key with its values.
    pub fn push(&mut self, key: impl Into<String>, values: Vec<String>) {
        // Most nodes that keep any keep one: room for one, not the four a first
        // push would make.
        if self.0.capacity() == 0 {
            self.0.reserve_exact(1);
        }
        self.0.push(Extra {
            key: key.into(),
            values,
        });
    }

    /// The values of the first entry with this key.
    pub fn get(&self, key: &str) -> Option<&[String]> {
        self.0
            .iter()
            .find(|e| e.key == key)
            .map(|e| e.values.as_slice())
    }

    /// Iterates the entries whose key starts with `<format>:`.
    pub fn of_format<'a>(&'a self, format: &'a str) -> impl Iterator<Item = &'a Extra> + 'a {
        self.0.iter().filter(move |e| {
            e.key
                .strip_prefix(format)
                .is_some_and(|rest| rest.starts_with(':'))
        })
    }
}
