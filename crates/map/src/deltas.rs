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
/// it) and only once the list is longer than [`SCAN`]: a short list is searched in place,
/// so the one-cell records a stroke merges dab by dab allocate no table. Keys come from
/// the map itself, so the fast [`HexBuildHasher`] is the default.
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

/// Lists up to this long are searched key by key instead of through the lookup table.
const SCAN: usize = 8;

impl<K: Copy + Eq + Hash, V, S: BuildHasher + Default> Deltas<K, V, S> {
    /// Record `key` going from `old` to `new`: a first change keeps `old`, a later one
    /// only moves `new`.
    pub(crate) fn record(&mut self, key: K, old: V, new: V) {
        match self.position(&key) {
            Some(p) => self.list[p].new = new,
            None => {
                // A complete table stays complete; an empty one is built when needed.
                if !self.pos.is_empty() {
                    self.pos.insert(key, self.list.len());
                }
                self.list.push(Delta { key, old, new });
            }
        }
    }

    /// Where `key` stands in the list: a search of a short list, else the table, built
    /// first when it lacks entries (a long list grown by search or by `record_once`).
    fn position(&mut self, key: &K) -> Option<usize> {
        if self.pos.len() != self.list.len() {
            if self.list.len() <= SCAN {
                return self.list.iter().position(|d| d.key == *key);
            }
            self.pos = (self.list.iter().enumerate())
                .map(|(p, d)| (d.key, p))
                .collect();
        }
        self.pos.get(key).copied()
    }

    /// Record a key the current edit changes exactly once (a bucket fill): no lookup, as
    /// no earlier change of this edit can exist for it. A later [`Deltas::record`] indexes
    /// it.
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

    proptest::proptest! {
        /// Steps of any length — short ones searched in place, long ones through the
        /// table, some filled by `record_once` — merged into a stroke keep, per key, the
        /// first old and the last new value in first-touch order, as a plain list does.
        #[test]
        fn merged_steps_match_a_plain_record_of_every_change(
            steps in proptest::collection::vec(
                (proptest::collection::vec((0u32..40, 0u8..4), 0..30), proptest::bool::ANY),
                1..12,
            ),
        ) {
            let mut current = [0u8; 40];
            let mut want: Vec<(u32, u8, u8)> = Vec::new();
            // The history keeps a stroke's first step and merges the later ones into it.
            let mut stroke: Option<Deltas<u32, u8>> = None;
            for (changes, once) in steps {
                let mut step: Deltas<u32, u8> = Deltas::default();
                let mut seen = std::collections::HashSet::new();
                for (key, value) in changes {
                    // `record_once` promises one change per key in its step.
                    if once && !seen.insert(key) {
                        continue;
                    }
                    let old = current[key as usize];
                    current[key as usize] = value;
                    if once {
                        step.record_once(key, old, value);
                    } else {
                        step.record(key, old, value);
                    }
                    match want.iter_mut().find(|w| w.0 == key) {
                        Some(w) => w.2 = value,
                        None => want.push((key, old, value)),
                    }
                }
                match stroke.as_mut() {
                    Some(s) => s.merge(step),
                    None => stroke = Some(step),
                }
            }
            let stroke = stroke.expect("at least one step");
            let got: Vec<_> = stroke.iter().map(|d| (d.key, d.old, d.new)).collect();
            proptest::prop_assert_eq!(got, want);
        }
    }
}
