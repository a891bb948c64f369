//! A node's list of children: up to two held inline (most nodes have one child, a
//! branch point two), more on the heap. Reading a record then costs no allocation
//! per move. The heap list is boxed, so the whole is 16 bytes, not 24. Serialised as
//! a plain list.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::NodeId;

/// Children in order; the first is the main line.
#[derive(Clone)]
pub(crate) struct Children(Repr);

#[derive(Clone)]
enum Repr {
    Inline {
        len: u8,
        ids: [NodeId; 2],
    },
    // Boxed on purpose: the rare long list costs one more allocation so that every
    // node's list is 16 bytes, not 24.
    #[allow(clippy::box_collection)]
    Heap(Box<Vec<NodeId>>),
}

impl Default for Children {
    fn default() -> Children {
        Children(Repr::Inline {
            len: 0,
            ids: [NodeId(0); 2],
        })
    }
}

impl Children {
    /// Appends a child.
    #[inline]
    pub(crate) fn push(&mut self, id: NodeId) {
        if let Repr::Inline { len, ids } = &mut self.0 {
            if let Some(slot) = ids.get_mut(usize::from(*len)) {
                *slot = id;
                *len += 1;
                return;
            }
        }
        self.push_spilled(id);
    }

    /// [`Children::push`] onto a list on the heap, or one that goes there now.
    #[cold]
    fn push_spilled(&mut self, id: NodeId) {
        let spilled = match &mut self.0 {
            Repr::Heap(v) => {
                v.push(id);
                return;
            }
            Repr::Inline { ids, .. } => {
                let mut v = Vec::with_capacity(ids.len() * 2);
                v.extend_from_slice(ids);
                v.push(id);
                v
            }
        };
        self.0 = Repr::Heap(Box::new(spilled));
    }

    /// Removes every child.
    pub(crate) fn clear(&mut self) {
        match &mut self.0 {
            Repr::Heap(v) => v.clear(),
            Repr::Inline { len, .. } => *len = 0,
        }
    }

    /// True when there is no child (used by serde to leave the list out).
    pub(crate) fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }

    fn as_slice(&self) -> &[NodeId] {
        match &self.0 {
            Repr::Heap(v) => v.as_slice(),
            Repr::Inline { len, ids } => ids.get(..usize::from(*len)).unwrap_or(&[]),
        }
    }
}

impl std::ops::Deref for Children {
    type Target = [NodeId];
    fn deref(&self) -> &[NodeId] {
        self.as_slice()
    }
}

impl std::ops::DerefMut for Children {
    fn deref_mut(&mut self) -> &mut [NodeId] {
        match &mut self.0 {
            Repr::Heap(v) => v.as_mut_slice(),
            Repr::Inline { len, ids } => ids.get_mut(..usize::from(*len)).unwrap_or(&mut []),
        }
    }
}

impl<'a> IntoIterator for &'a Children {
    type Item = &'a NodeId;
    type IntoIter = std::slice::Iter<'a, NodeId>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl From<Vec<NodeId>> for Children {
    fn from(v: Vec<NodeId>) -> Children {
        let mut c = Children::default();
        if v.len() > 2 {
            c.0 = Repr::Heap(Box::new(v));
        } else {
            for id in v {
                c.push(id);
            }
        }
        c
    }
}

impl std::fmt::Debug for Children {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl PartialEq for Children {
    fn eq(&self, other: &Children) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Serialize for Children {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Children {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Children, D::Error> {
        Vec::<NodeId>::deserialize(d).map(Children::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_pointer_width = "64")]
    fn children_are_16_bytes() {
        assert_eq!(std::mem::size_of::<Children>(), 16);
    }

    #[test]
    fn holds_two_inline_then_spills_keeping_order() {
        let mut c = Children::default();
        assert!(c.is_empty());
        for i in 1..=5 {
            c.push(NodeId(i));
            let want: Vec<NodeId> = (1..=i).map(NodeId).collect();
            assert_eq!(&*c, want.as_slice());
        }
        c[..=2].rotate_right(1);
        assert_eq!(
            &*c,
            [NodeId(3), NodeId(1), NodeId(2), NodeId(4), NodeId(5)].as_slice()
        );
        c.clear();
        assert!(c.is_empty());
        let small = Children::from(vec![NodeId(7)]);
        assert_eq!(format!("{small:?}"), "[NodeId(7)]");
        assert_eq!(serde_json::to_string(&small).ok(), Some("[7]".to_string()));
        let back: Result<Children, _> = serde_json::from_str("[1,2,3]");
        assert_eq!(
            back.ok().as_deref(),
            Some([NodeId(1), NodeId(2), NodeId(3)].as_slice())
        );
    }
}
