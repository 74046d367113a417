//! Exact search over a small group of unknown cells: enumerate every mine assignment that
//! satisfies a set of count constraints, and summarise which cells can be mines or safe for
//! each total number of mines in the group.

/// One count constraint over group cells: between `lo` and `hi` of `cells` are mines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GroupConstraint {
    /// Positions (0..group size) of the cells the constraint covers.
    pub cells: Vec<usize>,
    /// Least number of mines among `cells`.
    pub lo: i32,
    /// Most number of mines among `cells`.
    pub hi: i32,
}

/// The summary of all solutions of a group, by number of mines in the group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GroupSummary {
    /// `can_mine[m]`: bit k set when some solution with `m` mines has a mine on cell k.
    pub can_mine: Vec<u64>,
    /// `can_safe[m]`: bit k set when some solution with `m` mines leaves cell k safe.
    pub can_safe: Vec<u64>,
    /// `feasible[m]`: some solution has exactly `m` mines.
    pub feasible: Vec<bool>,
}

/// Most cells a group may have (one bit per cell in a `u64`).
pub(crate) const MAX_GROUP_CELLS: usize = 64;

/// Enumerate the solutions of `constraints` over `size` cells (size ≤ 64), visiting at most
/// `node_budget` search nodes. `None` when the budget ran out (the answer is unknown).
/// Cells should be numbered so that neighbouring cells get close numbers: constraints then
/// close early and the search prunes well.
pub(crate) fn enumerate(
    size: usize,
    constraints: &[GroupConstraint],
    node_budget: usize,
) -> Option<GroupSummary> {
    assert!(
        size <= MAX_GROUP_CELLS,
        "group of {size} cells is over the limit"
    );
    let mut cell_constraints: Vec<Vec<usize>> = vec![Vec::new(); size];
    for (ci, c) in constraints.iter().enumerate() {
        for &k in &c.cells {
            cell_constraints[k].push(ci);
        }
    }
    let mut search = Search {
        constraints,
        cell_constraints,
        mines_in: vec![0; constraints.len()],
        open_in: constraints.iter().map(|c| c.cells.len() as i32).collect(),
        summary: GroupSummary {
            can_mine: vec![0; size + 1],
            can_safe: vec![0; size + 1],
            feasible: vec![false; size + 1],
        },
        nodes_left: node_budget,
        size,
    };
    if !search.consistent_all() {
        return Some(search.summary);
    }
    search.visit(0, 0, 0).then_some(search.summary)
}

struct Search<'a> {
    constraints: &'a [GroupConstraint],
    cell_constraints: Vec<Vec<usize>>,
    mines_in: Vec<i32>,
    open_in: Vec<i32>,
    summary: GroupSummary,
    nodes_left: usize,
    size: usize,
}

impl Search<'_> {
    fn consistent_all(&self) -> bool {
        (0..self.constraints.len()).all(|ci| self.consistent(ci))
    }

    fn consistent(&self, ci: usize) -> bool {
        let c = &self.constraints[ci];
        self.mines_in[ci] <= c.hi && self.mines_in[ci] + self.open_in[ci] >= c.lo
    }

    /// Assign cell `k` onward; `mask` holds the mines chosen so far. False when the node
    /// budget ran out.
    fn visit(&mut self, k: usize, mask: u64, mines: usize) -> bool {
        if self.nodes_left == 0 {
            return false;
        }
        self.nodes_left -= 1;
        if k == self.size {
            let all = if self.size == 64 {
                u64::MAX
            } else {
                (1u64 << self.size) - 1
            };
            self.summary.feasible[mines] = true;
            self.summary.can_mine[mines] |= mask;
            self.summary.can_safe[mines] |= !mask & all;
            return true;
        }
        for mine in [false, true] {
            let mut ok = true;
            for i in 0..self.cell_constraints[k].len() {
                let ci = self.cell_constraints[k][i];
                self.open_in[ci] -= 1;
                if mine {
                    self.mines_in[ci] += 1;
                }
                ok &= self.consistent(ci);
            }
            let finished = !ok
                || self.visit(
                    k + 1,
                    if mine { mask | (1 << k) } else { mask },
                    mines + usize::from(mine),
                );
            for i in 0..self.cell_constraints[k].len() {
                let ci = self.cell_constraints[k][i];
                self.open_in[ci] += 1;
                if mine {
                    self.mines_in[ci] -= 1;
                }
            }
            if !finished {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exact(cells: &[usize], n: i32) -> GroupConstraint {
        GroupConstraint {
            cells: cells.to_vec(),
            lo: n,
            hi: n,
        }
    }

    #[test]
    fn one_of_two_is_a_fifty_fifty() {
        let s = enumerate(2, &[exact(&[0, 1], 1)], 1000).unwrap();
        assert_eq!(s.feasible, vec![false, true, false]);
        assert_eq!(s.can_mine[1], 0b11);
        assert_eq!(s.can_safe[1], 0b11);
    }

    #[test]
    fn one_two_one_pattern_is_decided() {
        // Cells 0..4 in a row; constraints 1 on {0,1}, 2 on {0,1,2}, 1 on {1,2,3}... use the
        // classic: {0,1}=1, {0,1,2}=2 → 2 is a mine; {1,2,3}=1 → 1 and 3 safe, 0 a mine.
        let s = enumerate(
            4,
            &[
                exact(&[0, 1], 1),
                exact(&[0, 1, 2], 2),
                exact(&[1, 2, 3], 1),
            ],
            1000,
        )
        .unwrap();
        assert_eq!(s.feasible, vec![false, false, true, false, false]);
        assert_eq!(s.can_mine[2], 0b0101);
        assert_eq!(s.can_safe[2], 0b1010);
    }

    #[test]
    fn contradiction_has_no_solution() {
        let s = enumerate(2, &[exact(&[0, 1], 2), exact(&[0], 0)], 1000).unwrap();
        assert!(s.feasible.iter().all(|&f| !f));
    }

    #[test]
    fn ranges_and_budget() {
        let c = GroupConstraint {
            cells: (0..10).collect(),
            lo: 0,
            hi: 10,
        };
        let s = enumerate(10, std::slice::from_ref(&c), 1 << 20).unwrap();
        assert!(s.feasible.iter().all(|&f| f));
        assert_eq!(enumerate(10, &[c], 100), None);
    }
}
