//! A monotone priority queue for shortest-path searches: a radix heap on the primary key
//! (a path cost, which a search with a consistent heuristic never pops in decreasing
//! order), with the items of the smallest key kept in a binary heap so ties are popped in
//! the items' own order. Pushing is O(1); each item moves down at most 64 buckets over its
//! life, so popping is cheap even when the queue holds hundreds of thousands of items.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Buckets 1..=64 hold keys whose highest bit differing from the last popped key is bit
/// `bucket − 1`; bucket 0 (the `current` heap) holds keys equal to it.
const BUCKETS: usize = 65;

/// A min-queue of `(key, item)`: pops the smallest key, and among equal keys the smallest
/// item. Keys pushed must not be below the last popped key; a smaller one is queued as
/// that key (searches only do so when their heuristic breaks its promise).
pub(super) struct RadixQueue<T: Ord> {
    /// The key of the items in `current`: the last key popped (or the first pushed).
    last: u64,
    /// Items whose key equals `last`, smallest first.
    current: BinaryHeap<Reverse<T>>,
    /// Items with larger keys, by the highest bit in which their key differs from `last`.
    buckets: Vec<Vec<(u64, T)>>,
    /// Number of items in `buckets`.
    waiting: usize,
}

impl<T: Ord> RadixQueue<T> {
    /// An empty queue whose keys start at `first` or above.
    pub(super) fn new(first: u64) -> Self {
        RadixQueue {
            last: first,
            current: BinaryHeap::new(),
            buckets: (0..BUCKETS).map(|_| Vec::new()).collect(),
            waiting: 0,
        }
    }

    /// The bucket of `key` relative to the last popped key (0 when equal).
    fn bucket(&self, key: u64) -> usize {
        BUCKETS - 1 - (key ^ self.last).leading_zeros() as usize
    }

    /// Queues `item` under `key` (raised to the last popped key if below it).
    pub(super) fn push(&mut self, key: u64, item: T) {
        let key = key.max(self.last);
        match self.bucket(key) {
            0 => self.current.push(Reverse(item)),
            b => {
                self.buckets[b].push((key, item));
                self.waiting += 1;
            }
        }
    }

    /// Removes and returns the item with the smallest key (smallest item on a tie), with
    /// its key.
    pub(super) fn pop(&mut self) -> Option<(u64, T)> {
        if self.current.is_empty() {
            self.refill()?;
        }
        self.current.pop().map(|Reverse(item)| (self.last, item))
    }

    /// Empties the queue, handing back every item in no particular order (a search that
    /// changes its keys queues them again under the new ones).
    pub(super) fn drain_items(&mut self) -> Vec<T> {
        let mut items: Vec<T> = self.current.drain().map(|Reverse(item)| item).collect();
        for bucket in &mut self.buckets {
            items.extend(bucket.drain(..).map(|(_, item)| item));
        }
        self.waiting = 0;
        items
    }

    /// Moves the items of the smallest waiting key into `current`, spreading the rest of
    /// their bucket over lower buckets. `None` when nothing waits.
    fn refill(&mut self) -> Option<()> {
        if self.waiting == 0 {
            return None;
        }
        let b = (1..BUCKETS).find(|&b| !self.buckets[b].is_empty())?;
        let mut items = std::mem::take(&mut self.buckets[b]);
        self.last = items.iter().map(|(k, _)| *k).min()?;
        self.waiting -= items.len();
        // Every item lands in a lower bucket than `b` relative to the new `last`.
        for (key, item) in items.drain(..) {
            self.push(key, item);
        }
        // Keep the emptied bucket's storage for later pushes.
        self.buckets[b] = items;
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_by_key_then_by_item() {
        let mut q = RadixQueue::new(0);
        for (k, v) in [
            (5, 'b'),
            (3, 'z'),
            (5, 'a'),
            (900, 'x'),
            (3, 'y'),
            (64, 'q'),
        ] {
            q.push(k, v);
        }
        let mut out = Vec::new();
        while let Some((k, v)) = q.pop() {
            out.push((k, v));
            if k == 5 && v == 'a' {
                // Pushes at and above the current key while popping.
                q.push(5, 'c');
                q.push(6, 'd');
            }
        }
        assert_eq!(
            out,
            [
                (3, 'y'),
                (3, 'z'),
                (5, 'a'),
                (5, 'b'),
                (5, 'c'),
                (6, 'd'),
                (64, 'q'),
                (900, 'x')
            ]
        );
    }

    #[test]
    fn matches_a_sorted_reference_on_a_monotone_run() {
        // A deterministic pseudo-random run: each push is the last popped key plus 0..300.
        let mut q = RadixQueue::new(0);
        let mut reference: Vec<(u64, u32)> = Vec::new();
        let mut seed = 0x9e37_79b9_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut last = 0;
        let mut popped = Vec::new();
        for i in 0..5_000u32 {
            for j in 0..(next() % 3) {
                let k = last + next() % 300;
                q.push(k, i * 4 + j as u32);
                reference.push((k, i * 4 + j as u32));
            }
            if let Some((k, v)) = q.pop() {
                assert!(k >= last);
                last = k;
                popped.push((k, v));
                let at = reference.iter().position(|&e| e == (k, v)).unwrap();
                let min = *reference.iter().min().unwrap();
                assert_eq!((k, v), min, "the smallest key and item come first");
                reference.swap_remove(at);
            }
        }
        while let Some(e) = q.pop() {
            let min = *reference.iter().min().unwrap();
            assert_eq!(e, min);
            reference.retain(|&x| x != e);
        }
        assert!(reference.is_empty());
        assert!(popped.len() > 1_000);
    }

    #[test]
    fn drain_hands_back_every_item_and_empties() {
        let mut q = RadixQueue::new(0);
        for (k, v) in [(7, 'a'), (7, 'b'), (300, 'c'), (2, 'd')] {
            q.push(k, v);
        }
        assert_eq!(q.pop(), Some((2, 'd')));
        let mut items = q.drain_items();
        items.sort();
        assert_eq!(items, ['a', 'b', 'c']);
        assert_eq!(q.pop(), None);
        assert!(q.drain_items().is_empty());
    }

    #[test]
    fn a_key_below_the_last_popped_is_queued_at_it() {
        let mut q = RadixQueue::new(0);
        q.push(10, 1);
        q.push(20, 2);
        assert_eq!(q.pop(), Some((10, 1)));
        q.push(4, 3);
        assert_eq!(q.pop(), Some((10, 3)));
        assert_eq!(q.pop(), Some((20, 2)));
        assert_eq!(q.pop(), None);
    }
}
