//! Global mine-count reasoning: the player knows the total number of mines, so the mine
//! counts of the separate frontier groups plus the mines in the unseen interior must add up
//! to the mines not yet found. This rules out some group counts and can settle the interior.

/// What the total mine count allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GlobalAnswer {
    /// `allowed[g][m]`: group `g` may hold exactly `m` mines given every other group and
    /// the interior.
    pub allowed: Vec<Vec<bool>>,
    /// Every consistent total leaves no mine for the interior.
    pub interior_safe: bool,
    /// Every consistent total fills the whole interior with mines.
    pub interior_mines: bool,
}

/// Combine the feasible counts of each group (`groups[g][m]`: group g can hold m mines)
/// with `remaining` undiscovered mines and `interior` unknown cells outside every group.
pub(crate) fn reconcile(groups: &[Vec<bool>], remaining: usize, interior: usize) -> GlobalAnswer {
    let lo = remaining.saturating_sub(interior);
    let hi = remaining;
    let unchanged = GlobalAnswer {
        allowed: groups.to_vec(),
        interior_safe: false,
        interior_mines: false,
    };
    let mut min_sum = 0;
    let mut max_sum = 0;
    for g in groups {
        let (Some(min), Some(max)) = (g.iter().position(|&f| f), g.iter().rposition(|&f| f)) else {
            return unchanged;
        };
        min_sum += min;
        max_sum += max;
    }
    if min_sum >= lo && max_sum <= hi {
        // Every combination fits: nothing is ruled out for the groups.
        return GlobalAnswer {
            interior_safe: interior > 0 && min_sum == remaining,
            interior_mines: interior > 0 && remaining >= interior && max_sum == lo,
            ..unchanged
        };
    }
    let words = (hi + 1).div_ceil(64);
    let mut prefix = vec![BitSet::single(words, 0)];
    for g in groups {
        let next = prefix
            .last()
            .expect("prefix starts non-empty")
            .sumset(g, hi);
        prefix.push(next);
    }
    let mut suffix = vec![BitSet::single(words, 0)];
    for g in groups.iter().rev() {
        let next = suffix
            .last()
            .expect("suffix starts non-empty")
            .sumset(g, hi);
        suffix.push(next);
    }
    suffix.reverse();
    let totals: Vec<usize> = (lo..=hi).filter(|&t| prefix[groups.len()].get(t)).collect();
    if totals.is_empty() {
        return unchanged;
    }
    let allowed = groups
        .iter()
        .enumerate()
        .map(|(k, g)| {
            let others = prefix[k].sumset_bits(&suffix[k + 1], hi);
            g.iter()
                .enumerate()
                .map(|(m, &f)| f && m <= hi && others.any_in(lo.saturating_sub(m), hi - m))
                .collect()
        })
        .collect();
    GlobalAnswer {
        allowed,
        interior_safe: interior > 0 && totals.iter().all(|&t| t == remaining),
        interior_mines: interior > 0 && remaining >= interior && totals.iter().all(|&t| t == lo),
    }
}

/// A fixed-size set of small numbers.
#[derive(Clone, Debug)]
struct BitSet(Vec<u64>);

impl BitSet {
    fn single(words: usize, bit: usize) -> Self {
        let mut b = BitSet(vec![0; words]);
        b.0[bit / 64] |= 1 << (bit % 64);
        b
    }

    fn get(&self, bit: usize) -> bool {
        self.0
            .get(bit / 64)
            .is_some_and(|w| w >> (bit % 64) & 1 == 1)
    }

    fn any_in(&self, from: usize, to: usize) -> bool {
        (from..=to).any(|b| self.get(b))
    }

    /// OR `self` shifted left by `by` bits into `out`, dropping bits above `max`.
    fn or_shifted_into(&self, by: usize, out: &mut BitSet, max: usize) {
        let (word_shift, bit_shift) = (by / 64, by % 64);
        for i in (word_shift..out.0.len()).rev() {
            let src = i - word_shift;
            let mut w = self.0[src] << bit_shift;
            if bit_shift > 0 && src > 0 {
                w |= self.0[src - 1] >> (64 - bit_shift);
            }
            out.0[i] |= w;
        }
        out.clear_above(max);
    }

    fn clear_above(&mut self, max: usize) {
        let last = max / 64;
        let keep = max % 64;
        if keep < 63 {
            self.0[last] &= (1u64 << (keep + 1)) - 1;
        }
        for w in &mut self.0[last + 1..] {
            *w = 0;
        }
    }

    /// { a + m : a in self, counts[m] }, capped at `max`.
    fn sumset(&self, counts: &[bool], max: usize) -> BitSet {
        let mut out = BitSet(vec![0; self.0.len()]);
        for (m, &f) in counts.iter().enumerate() {
            if f && m <= max {
                self.or_shifted_into(m, &mut out, max);
            }
        }
        out
    }

    /// { a + b : a in self, b in other }, capped at `max`.
    fn sumset_bits(&self, other: &BitSet, max: usize) -> BitSet {
        let mut out = BitSet(vec![0; self.0.len()]);
        for b in 0..=max {
            if other.get(b) {
                self.or_shifted_into(b, &mut out, max);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(n: usize, feasible: &[usize]) -> Vec<bool> {
        (0..=n).map(|m| feasible.contains(&m)).collect()
    }

    #[test]
    fn last_mine_must_be_in_the_group_when_interior_is_empty() {
        // Group can hold 0 or 1 mines, one mine left, no interior: only 1 fits.
        let a = reconcile(&[counts(2, &[0, 1])], 1, 0);
        assert_eq!(a.allowed, vec![counts(2, &[1])]);
    }

    #[test]
    fn interior_is_safe_when_groups_take_every_mine() {
        let a = reconcile(&[counts(2, &[1]), counts(3, &[2])], 3, 5);
        assert!(a.interior_safe);
        assert!(!a.interior_mines);
        assert_eq!(a.allowed, vec![counts(2, &[1]), counts(3, &[2])]);
    }

    #[test]
    fn interior_is_all_mines_when_too_many_mines_are_left() {
        // Four mines left, three interior cells: the group must hold one.
        let a = reconcile(&[counts(2, &[0, 1])], 4, 3);
        assert_eq!(a.allowed, vec![counts(2, &[1])]);
        assert!(a.interior_mines);
        assert!(!a.interior_safe);
        // Four left, four interior: either works and nothing is settled.
        let b = reconcile(&[counts(2, &[0, 1])], 4, 4);
        assert_eq!(b.allowed, vec![counts(2, &[0, 1])]);
        assert!(!b.interior_mines);
    }

    #[test]
    fn group_counts_interact_through_the_total() {
        // Two groups each 1 or 2, total 3 with no interior: (1,2) or (2,1): both stay.
        let a = reconcile(&[counts(2, &[1, 2]), counts(2, &[1, 2])], 3, 0);
        assert_eq!(a.allowed, vec![counts(2, &[1, 2]), counts(2, &[1, 2])]);
        // Total 2 with no interior: only (1,1).
        let b = reconcile(&[counts(2, &[1, 2]), counts(2, &[1, 2])], 2, 0);
        assert_eq!(b.allowed, vec![counts(2, &[1]), counts(2, &[1])]);
    }

    #[test]
    fn large_totals_cross_word_boundaries() {
        let groups: Vec<Vec<bool>> = (0..5).map(|_| counts(40, &[0, 40])).collect();
        // 200 mines left with no interior: every group must be full.
        let a = reconcile(&groups, 200, 0);
        assert!(a.allowed.iter().all(|g| *g == counts(40, &[40])));
        // 120 left: exactly three full groups; each may be empty or full.
        let b = reconcile(&groups, 120, 0);
        assert!(b.allowed.iter().all(|g| *g == counts(40, &[0, 40])));
    }
}
