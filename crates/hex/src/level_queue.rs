//! The open list of the dense A* ([`super::grid_search`]): a ring of buckets by f (Dial's
//! queue: costs are integer hundredths and f never decreases under a consistent heuristic,
//! so the open f values span at most a step's cost and a heuristic step above the last
//! popped one) whose current level — the items of the smallest f — is split by the items'
//! distance to the goal: one short sorted list per distance, linked through one arena (the
//! level's items sit together in memory, so a pop rarely misses the cache), with a bitset of
//! the distances that hold items. An f too far above the last popped one for the ring waits
//! in a binary heap until the ring reaches it.
//!
//! The pop order is (f, distance, item): with h = distance × the cheapest step this is the
//! classic A* order (lowest f, then lowest h, then the item, here a hex in reading order),
//! the very order of the search it replaced, so every path stays the same. Splitting the
//! level keeps each list a few items long: a level holds hundreds of hexes when terrain
//! costs are whole points, but few of them share a distance, and a search's pushes into
//! the level land at the smallest distance (the popped hex's minus one), on top of a list.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Buckets of the ring: an item whose f is within this of the last popped f waits in the
/// bucket of f modulo this (each bucket then holds a single f); farther ones wait in a heap.
/// 20.48 points of hundredths: above every step of the usual terrain and road costs.
const RING: usize = 2048;

/// Distances from this one up go to the spill heap, so a sparse grid far from the origin
/// does not make the queue allocate a list per distance.
const FAR: u32 = 1 << 16;

/// An item that would go deeper than this into a distance's list goes to the spill heap
/// instead (a level where every item ties on distance, as in Dijkstra's search, would
/// otherwise insert into one long list).
const SHORT: usize = 16;

/// The end of a list in the arena.
const NONE: u32 = u32::MAX;

/// What the queue holds: an item that knows its distance to the goal and its f for a
/// heuristic weight (g + distance × weight), so the queue need not store them.
pub(super) trait Queued: Ord + Copy {
    /// The distance to the goal.
    fn distance(&self) -> u32;
    /// The f of the item when the heuristic is distance × `weight`.
    fn f(&self, weight: u64) -> u64;
}

/// A min-queue of items under (f, distance): pops the smallest f, then the smallest
/// distance, then the smallest item. An item whose f is below the last popped f is queued
/// as that f (searches only push one when their heuristic breaks its promise).
pub(super) struct LevelQueue<T: Queued> {
    /// The heuristic weight of the items' f.
    weight: u64,
    /// The f of the split level: the last f popped (or the first pushed).
    last: u64,
    /// Items with f in `last + 1 .. last + RING`, by f modulo [`RING`].
    ring: Vec<Vec<T>>,
    /// Bit b % 64 of word b / 64: `ring[b]` holds items.
    occupied: [u64; RING / 64],
    /// Number of items in `ring`.
    in_ring: usize,
    /// Items with f at or above `last + RING` when queued, smallest f first.
    far: BinaryHeap<Reverse<(u64, T)>>,
    /// The items whose f is `last` and the arena index of the next larger item of the
    /// same distance ([`NONE`]: the last one). Cleared when a level begins.
    arena: Vec<(T, u32)>,
    /// The arena index of the smallest item at each distance ([`NONE`]: no item).
    heads: Vec<u32>,
    /// Bit d set when `heads[d]` holds items.
    filled: Vec<u64>,
    /// No list below this distance holds items.
    lowest: usize,
    /// Items of the split level kept out of the lists (far, or not on top of a long
    /// list), smallest (distance, item) first.
    spill: BinaryHeap<Reverse<(u32, T)>>,
    /// Number of items in the lists and `spill`.
    in_level: usize,
}

impl<T: Queued> LevelQueue<T> {
    /// An empty queue for items whose f is computed with `weight`, starting at `first`
    /// or above.
    pub(super) fn new(first: u64, weight: u64) -> Self {
        LevelQueue {
            weight,
            last: first,
            ring: (0..RING).map(|_| Vec::new()).collect(),
            occupied: [0; RING / 64],
            in_ring: 0,
            far: BinaryHeap::new(),
            arena: Vec::new(),
            heads: Vec::new(),
            filled: Vec::new(),
            lowest: usize::MAX,
            spill: BinaryHeap::new(),
            in_level: 0,
        }
    }

    /// Queues `item` (at the last popped f if its own is below it).
    #[inline(always)]
    pub(super) fn push(&mut self, item: T) {
        let f = item.f(self.weight).max(self.last);
        if f == self.last {
            self.push_level(item);
        } else if f - self.last < RING as u64 {
            let b = f as usize % RING;
            self.ring[b].push(item);
            self.occupied[b / 64] |= 1 << (b % 64);
            self.in_ring += 1;
        } else {
            self.far.push(Reverse((f, item)));
        }
    }

    /// Adds `item` to the split level.
    #[inline(always)]
    fn push_level(&mut self, item: T) {
        let distance = item.distance();
        self.in_level += 1;
        if distance >= FAR {
            self.spill.push(Reverse((distance, item)));
            return;
        }
        let d = distance as usize;
        if d >= self.heads.len() {
            self.heads.resize(d + 1, NONE);
            self.filled.resize(d / 64 + 1, 0);
        }
        let at = self.arena.len() as u32;
        let head = self.heads[d];
        if head == NONE || item < self.arena[head as usize].0 {
            // The new smallest at this distance (a search's usual push into the level).
            self.arena.push((item, head));
            self.heads[d] = at;
            self.filled[d / 64] |= 1 << (d % 64);
            self.lowest = self.lowest.min(d);
            return;
        }
        // After the last item smaller than this one, within `SHORT` steps.
        let mut before = head as usize;
        for _ in 0..SHORT {
            let next = self.arena[before].1;
            if next == NONE || item < self.arena[next as usize].0 {
                self.arena.push((item, next));
                self.arena[before].1 = at;
                return;
            }
            before = next as usize;
        }
        self.spill.push(Reverse((distance, item)));
    }

    /// Removes and returns the item with the smallest (f, distance, item).
    #[inline(always)]
    pub(super) fn pop(&mut self) -> Option<T> {
        if self.in_level == 0 {
            self.refill()?;
        }
        self.in_level -= 1;
        // The smallest listed item: the top of the first filled list from `lowest` on.
        let mut w = self.lowest / 64;
        let mut bits = match self.filled.get(w) {
            Some(bits) => bits & (!0u64 << (self.lowest % 64)),
            None => 0,
        };
        while bits == 0 {
            w += 1;
            match self.filled.get(w) {
                Some(&b) => bits = b,
                None => {
                    // Nothing listed: the level's items are all spilled.
                    self.lowest = usize::MAX;
                    return self.spill.pop().map(|Reverse((_, item))| item);
                }
            }
        }
        let d = w * 64 + bits.trailing_zeros() as usize;
        self.lowest = d;
        let (top, next) = self.arena[self.heads[d] as usize];
        if let Some(Reverse(spilled)) = self.spill.peek()
            && *spilled < (d as u32, top)
        {
            return self.spill.pop().map(|Reverse((_, item))| item);
        }
        self.heads[d] = next;
        if next == NONE {
            self.filled[w] &= !(1 << (d % 64));
        }
        Some(top)
    }

    /// Makes the items of the smallest waiting f the split level, and moves the far items
    /// the ring then reaches into it. `None` when nothing waits.
    #[inline(never)]
    fn refill(&mut self) -> Option<()> {
        let ring = self.next_in_ring();
        let far = self.far.peek().map(|Reverse((f, _))| *f);
        let f = match (ring, far) {
            (Some(r), Some(f)) => r.min(f),
            (r, f) => r.or(f)?,
        };
        self.last = f;
        self.lowest = usize::MAX;
        self.arena.clear();
        if ring == Some(f) {
            let b = f as usize % RING;
            let mut items = std::mem::take(&mut self.ring[b]);
            self.occupied[b / 64] &= !(1 << (b % 64));
            self.in_ring -= items.len();
            // Last pushed first: a search pushes a bucket's items roughly in (distance,
            // hex) order, so backwards most of them land on top of their list (no walk).
            for item in items.drain(..).rev() {
                self.push_level(item);
            }
            // Keep the emptied bucket's storage for later pushes.
            self.ring[b] = items;
        }
        while let Some(Reverse((f, _))) = self.far.peek()
            && f - self.last < RING as u64
        {
            let Some(Reverse((_, item))) = self.far.pop() else {
                break;
            };
            self.push(item);
        }
        Some(())
    }

    /// The smallest f in the ring (every one lies in `last + 1 .. last + RING`).
    fn next_in_ring(&self) -> Option<u64> {
        if self.in_ring == 0 {
            return None;
        }
        let start = (self.last as usize + 1) % RING;
        let words = RING / 64;
        let (w0, bit0) = (start / 64, start % 64);
        // The first word from `start` on, every other word, then the first word's low bits.
        let mut found = None;
        for k in 0..=words {
            let w = (w0 + k) % words;
            let mut bits = self.occupied[w];
            if k == 0 {
                bits &= !0u64 << bit0;
            } else if k == words {
                bits &= !(!0u64 << bit0);
            }
            if bits != 0 {
                found = Some(w * 64 + bits.trailing_zeros() as usize);
                break;
            }
        }
        let b = found?;
        let ahead = (b + RING - self.last as usize % RING) % RING;
        Some(self.last + ahead as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A test item: (f, distance, value), whatever the weight.
    type Item = (u64, u32, u64);

    impl Queued for Item {
        fn distance(&self) -> u32 {
            self.1
        }
        fn f(&self, _: u64) -> u64 {
            self.0
        }
    }

    /// Removes one `key` from a multiset.
    fn take(reference: &mut std::collections::BTreeMap<Item, usize>, key: Item) {
        let n = reference.get_mut(&key).unwrap();
        *n -= 1;
        if *n == 0 {
            reference.remove(&key);
        }
    }

    /// Each pop is the smallest (f, distance, item) queued at that moment, against a
    /// sorted reference fed the same pushes.
    #[test]
    fn pops_in_f_then_distance_then_item_order() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for spread in [3, 700, 5000, 1 << 40] {
            let mut q = LevelQueue::new(100, 1);
            let mut reference = std::collections::BTreeMap::<Item, usize>::new();
            let mut last = 100;
            for round in 0..4000 {
                // Monotone use: pushes at or above the last popped f, often equal to it.
                for _ in 0..3 {
                    let f = last + if next() % 3 == 0 { 0 } else { next() % spread };
                    let item = (f, (next() % 150) as u32, next() % 50);
                    q.push(item);
                    *reference.entry(item).or_default() += 1;
                }
                let pops = if round < 3000 {
                    round % 2 * (1 + round % 4)
                } else {
                    3
                };
                for _ in 0..pops {
                    let want = reference.keys().next().copied();
                    assert_eq!(q.pop(), want, "round {round}");
                    let Some(key) = want else { break };
                    take(&mut reference, key);
                    last = key.0;
                }
            }
            while let Some(key) = reference.keys().next().copied() {
                assert_eq!(q.pop(), Some(key));
                take(&mut reference, key);
            }
            assert_eq!(q.pop(), None);
        }
    }

    #[test]
    fn an_f_below_the_last_is_queued_at_it() {
        let mut q = LevelQueue::new(0, 1);
        q.push((10, 3, 0));
        assert_eq!(q.pop(), Some((10, 3, 0)));
        q.push((4, 7, 1));
        q.push((10, 2, 2));
        q.push((12, 0, 3));
        assert_eq!(q.pop(), Some((10, 2, 2)));
        assert_eq!(q.pop(), Some((4, 7, 1)));
        assert_eq!(q.pop(), Some((12, 0, 3)));
        assert_eq!(q.pop(), None);
    }

    #[test]
    fn long_lists_spill_and_still_pop_in_order() {
        // Dijkstra's case: every item at distance 0, pushed in no order.
        let mut q = LevelQueue::new(0, 1);
        let items: Vec<u64> = (0..200).map(|i| (i * 7919) % 200).collect();
        for &i in &items {
            q.push((0, 0, i));
        }
        for want in 0..200 {
            assert_eq!(q.pop(), Some((0, 0, want)));
        }
        assert_eq!(q.pop(), None);
    }

    #[test]
    fn far_distances_share_one_heap_in_order() {
        let mut q = LevelQueue::new(5, 1);
        for item in [
            (5, u32::MAX, 1),
            (5, FAR, 9),
            (5, FAR + 1, 0),
            (5, 3, 4),
            (6, 0, 0),
        ] {
            q.push(item);
        }
        assert_eq!(q.pop(), Some((5, 3, 4)));
        q.push((5, FAR - 1, 7));
        assert_eq!(q.pop(), Some((5, FAR - 1, 7)));
        assert_eq!(q.pop(), Some((5, FAR, 9)));
        q.push((5, 2, 2));
        assert_eq!(q.pop(), Some((5, 2, 2)));
        assert_eq!(q.pop(), Some((5, FAR + 1, 0)));
        assert_eq!(q.pop(), Some((5, u32::MAX, 1)));
        assert_eq!(q.pop(), Some((6, 0, 0)));
        assert_eq!(q.pop(), None);
    }
}
