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
mod tests;
