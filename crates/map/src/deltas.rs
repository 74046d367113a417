//! The one record an undo step keeps of each kind of change: per key (a cell index, a
//! hex, an edge, a path or label id) the *first* old value and the *last* new value,
//! however often a stroke touched it.

use hexmap_hex::hash::HexBuildHasher;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};

/// One key's change within a step: the value before the step and the value after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Delta<K, V> {
    pub key: K,
    pub old: V,
    pub new: V,
}

/// The changes of one kind in one undo step, in the order keys were first touched. The
/// lookup from key to place exists only while the step is open ([`Deltas::finish`] drops
/// it). Keys come from the map itself, so the fast [`HexBuildHasher`] is the default.
#[derive(Clone, Debug)]
pub(crate) struct Deltas<K, V, S = HexBuildHasher> {
    list: Vec<Delta<K, V>>,
    pos: HashMap<K, usize, S>,
}

impl<K, V, S: Default> Default for Deltas<K, V, S> {
    fn default() -> Self {
        Deltas {
            list: Vec::new(),
            pos: HashMap::default(),
        }
    }
}

impl<K, V, S> std::ops::Deref for Deltas<K, V, S> {
    type Target = [Delta<K, V>];
    fn deref(&self) -> &[Delta<K, V>] {
        &self.list
    }
}

impl<K, V, S> IntoIterator for Deltas<K, V, S> {
    type Item = Delta<K, V>;
    type IntoIter = std::vec::IntoIter<Delta<K, V>>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

impl<'a, K, V, S> IntoIterator for &'a Deltas<K, V, S> {
    type Item = &'a Delta<K, V>;
    type IntoIter = std::slice::Iter<'a, Delta<K, V>>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

impl<K: Copy + Eq + Hash, V, S: BuildHasher + Default> Deltas<K, V, S> {
    /// Record `key` going from `old` to `new`: a first change keeps `old`, a later one
    /// only moves `new`.
    pub(crate) fn record(&mut self, key: K, old: V, new: V) {
        match self.pos.get(&key) {
            Some(&p) => self.list[p].new = new,
            None => {
                self.pos.insert(key, self.list.len());
                self.list.push(Delta { key, old, new });
            }
        }
    }

    /// Record a key the current edit changes exactly once (a bucket fill): no lookup, as
    /// no earlier change of this edit can exist for it. [`Deltas::merge`] indexes it.
    pub(crate) fn record_once(&mut self, key: K, old: V, new: V) {
        debug_assert!(!self.pos.contains_key(&key));
        self.list.push(Delta { key, old, new });
    }

    /// Room for `n` more changes.
    pub(crate) fn reserve_exact(&mut self, n: usize) {
        self.list.reserve_exact(n);
    }

    /// Fold a later step's changes into these (first old, last new).
    pub(crate) fn merge(&mut self, later: Deltas<K, V, S>) {
        // Changes recorded by `record_once` have no lookup entry yet.
        if self.pos.len() != self.list.len() {
            self.pos = (self.list.iter().enumerate())
                .map(|(p, d)| (d.key, p))
                .collect();
        }
        for d in later.list {
            self.record(d.key, d.old, d.new);
        }
    }

    /// Heap bytes of the list (values' own heap not counted).
    pub(crate) fn list_bytes(&self) -> usize {
        self.list.capacity() * std::mem::size_of::<Delta<K, V>>()
    }
}

impl<K, V: PartialEq, S: Default> Deltas<K, V, S> {
    /// Close the step: drop keys whose value ended where it started, and the lookup.
    pub(crate) fn finish(&mut self) {
        self.list.retain(|d| d.old != d.new);
        self.list.shrink_to_fit();
        self.pos = HashMap::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_keeps_its_first_old_and_last_new_value_and_unchanged_keys_go() {
        let mut d: Deltas<u32, u8> = Deltas::default();
        d.record(7, 1, 2);
        d.record(3, 5, 6);
        d.record(7, 2, 9);
        d.record(3, 6, 5);
        let mut later: Deltas<u32, u8> = Deltas::default();
        later.record(7, 9, 4);
        later.record(1, 0, 1);
        d.merge(later);
        d.finish();
        let kept: Vec<_> = d.iter().map(|x| (x.key, x.old, x.new)).collect();
        assert_eq!(kept, [(7, 1, 4), (1, 0, 1)]);
    }

    #[test]
    fn changes_recorded_once_merge_with_later_ones() {
        let mut d: Deltas<u32, u8> = Deltas::default();
        d.record_once(4, 0, 1);
        let mut later: Deltas<u32, u8> = Deltas::default();
        later.record(4, 1, 2);
        d.merge(later);
        assert_eq!(d.len(), 1);
        assert_eq!((d[0].old, d[0].new), (0, 2));
    }
}
