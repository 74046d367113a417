//! The solver's third and fourth rules: exact search over frontier groups (whole groups
//! when small, breadth-first windows around each count when large) and the global mine
//! count that ties the groups and the interior together.

use super::{Rule, Solver};
use crate::global::reconcile;
use crate::search::{GroupConstraint, enumerate};
use std::collections::VecDeque;

impl Solver<'_> {
    /// Exact search over frontier groups and the global count; true when anything was
    /// decided.
    pub(super) fn run_search(&mut self) -> bool {
        let groups = self.frontier_groups();
        let frontier_cells: usize = groups.iter().map(|g| g.cells.len()).sum();
        let unknown = self.board.len() - self.revealed_count - self.mine_count;
        let interior = unknown - frontier_cells;
        let remaining = self.layout.mine_count() - self.mine_count;

        // Exact summaries of small groups; large ones count as "anything from 0 to size".
        let summaries: Vec<Option<_>> = groups
            .iter()
            .map(|g| {
                (g.cells.len() <= self.limits.exact_group_cells)
                    .then(|| enumerate(g.cells.len(), &g.constraints, self.limits.node_budget))
                    .flatten()
            })
            .collect();
        let feasible: Vec<Vec<bool>> = groups
            .iter()
            .zip(&summaries)
            .map(|(g, s)| match s {
                Some(s) => s.feasible.clone(),
                None => vec![true; g.cells.len() + 1],
            })
            .collect();
        let global = reconcile(&feasible, remaining, interior);

        let mut decisions: Vec<(usize, bool, Rule)> = Vec::new();
        for ((g, s), allowed) in groups.iter().zip(&summaries).zip(&global.allowed) {
            let Some(s) = s else { continue };
            let union = |masks: &[u64], only: &[bool]| -> u64 {
                masks
                    .iter()
                    .zip(only)
                    .filter(|&(_, &f)| f)
                    .fold(0, |acc, (m, _)| acc | m)
            };
            let (local_mine, local_safe) = (
                union(&s.can_mine, &s.feasible),
                union(&s.can_safe, &s.feasible),
            );
            let (global_mine, global_safe) =
                (union(&s.can_mine, allowed), union(&s.can_safe, allowed));
            if global_mine | global_safe == 0 {
                continue; // inconsistent: cannot happen on a real layout; decide nothing
            }
            for (k, &cell) in g.cells.iter().enumerate() {
                let bit = 1u64 << k;
                let rule = |local_fixed: bool| {
                    if local_fixed {
                        Rule::Search
                    } else {
                        Rule::Global
                    }
                };
                if global_safe & bit == 0 {
                    decisions.push((cell, true, rule(local_safe & bit == 0)));
                } else if global_mine & bit == 0 {
                    decisions.push((cell, false, rule(local_mine & bit == 0)));
                }
            }
        }
        if global.interior_safe || global.interior_mines {
            let mut in_group = vec![false; self.board.len()];
            for g in &groups {
                for &c in &g.cells {
                    in_group[c] = true;
                }
            }
            for (i, &grouped) in in_group.iter().enumerate() {
                if self.is_unknown(i) && !grouped {
                    decisions.push((i, global.interior_mines, Rule::Global));
                }
            }
        }
        if decisions.is_empty() {
            for (g, s) in groups.iter().zip(&summaries) {
                if s.is_none() {
                    decisions = self.search_windows(g);
                    if !decisions.is_empty() {
                        break;
                    }
                }
            }
        }
        let mut any = false;
        for (cell, is_mine, rule) in decisions {
            any |= self.decide(cell, is_mine, rule);
        }
        any
    }

    /// The frontier split into groups of unknown cells linked by shared counts, each with
    /// its constraints; groups ordered by their first cell, cells in search-friendly order.
    fn frontier_groups(&self) -> Vec<Group> {
        let n = self.board.len();
        // Position of a cell in its group, or usize::MAX when not yet in a group.
        let mut position = vec![usize::MAX; n];
        let mut count_seen = vec![false; n];
        let mut groups = Vec::new();
        for seed in 0..n {
            if position[seed] != usize::MAX
                || !self.is_unknown(seed)
                || !self.touches_revealed(seed)
            {
                continue;
            }
            // Breadth-first through shared counts: neighbouring cells get close positions.
            let mut cells = vec![seed];
            position[seed] = 0;
            let mut counts = Vec::new();
            let mut next = 0;
            while next < cells.len() {
                let c = cells[next];
                next += 1;
                for &a in self.board.neighbors(c) {
                    if !self.revealed[a] || count_seen[a] {
                        continue;
                    }
                    count_seen[a] = true;
                    counts.push(a);
                    for &u in self.board.neighbors(a) {
                        if self.is_unknown(u) && position[u] == usize::MAX {
                            position[u] = cells.len();
                            cells.push(u);
                        }
                    }
                }
            }
            let constraints = counts
                .iter()
                .map(|&a| {
                    let c = self.constraint(a);
                    GroupConstraint {
                        cells: c.cells().iter().map(|&u| position[u]).collect(),
                        lo: c.missing,
                        hi: c.missing,
                    }
                })
                .collect();
            groups.push(Group {
                cells,
                counts,
                constraints,
            });
        }
        groups
    }

    fn touches_revealed(&self, i: usize) -> bool {
        self.board.neighbors(i).iter().any(|&n| self.revealed[n])
    }

    /// The cells of a window around count `a`: counts are taken breadth-first from `a`
    /// through shared cells, each adding its unknown cells while the window stays within
    /// [`SolverLimits::window_cells`].
    fn grow_window(&self, a: usize) -> Vec<usize> {
        let cap = self.limits.window_cells;
        let mut cells: Vec<usize> = Vec::new();
        let mut counts: VecDeque<usize> = VecDeque::from([a]);
        let mut seen: Vec<usize> = vec![a];
        while let Some(b) = counts.pop_front() {
            let cb = self.constraint(b);
            let new = cb.cells().iter().filter(|c| !cells.contains(c)).count();
            if cells.len() + new > cap {
                continue;
            }
            for &u in cb.cells() {
                if !cells.contains(&u) {
                    cells.push(u);
                }
                for &next in self.board.neighbors(u) {
                    if self.revealed[next] && !seen.contains(&next) {
                        seen.push(next);
                        counts.push_back(next);
                    }
                }
            }
        }
        cells
    }

    /// Look at a large group through windows: for each count, its cells and the cells of
    /// the counts sharing them; every count touching the window constrains it (exactly when
    /// it lies inside, as a range otherwise). Returns the decisions of the first window that
    /// decides anything.
    fn search_windows(&self, group: &Group) -> Vec<(usize, bool, Rule)> {
        for &a in &group.counts {
            let cells = self.grow_window(a);
            if cells.is_empty() {
                continue;
            }
            let mut touching: Vec<usize> = Vec::new();
            for &u in &cells {
                for &b in self.board.neighbors(u) {
                    if self.revealed[b] && !touching.contains(&b) {
                        touching.push(b);
                    }
                }
            }
            let constraints: Vec<GroupConstraint> = touching
                .iter()
                .map(|&b| {
                    let cb = self.constraint(b);
                    let inside: Vec<usize> = cb
                        .cells()
                        .iter()
                        .filter_map(|u| cells.iter().position(|c| c == u))
                        .collect();
                    let outside = (cb.len - inside.len()) as i32;
                    GroupConstraint {
                        cells: inside,
                        lo: cb.missing - outside,
                        hi: cb.missing,
                    }
                })
                .collect();
            let Some(s) = enumerate(cells.len(), &constraints, self.limits.node_budget) else {
                continue;
            };
            let can_mine = s.can_mine.iter().fold(0, |acc, m| acc | m);
            let can_safe = s.can_safe.iter().fold(0, |acc, m| acc | m);
            if can_mine | can_safe == 0 {
                continue;
            }
            let decisions: Vec<(usize, bool, Rule)> = cells
                .iter()
                .enumerate()
                .filter_map(|(k, &cell)| {
                    let bit = 1u64 << k;
                    if can_safe & bit == 0 {
                        Some((cell, true, Rule::Search))
                    } else if can_mine & bit == 0 {
                        Some((cell, false, Rule::Search))
                    } else {
                        None
                    }
                })
                .collect();
            if !decisions.is_empty() {
                return decisions;
            }
        }
        Vec::new()
    }
}

/// A frontier group: unknown cells linked by shared counts, and those counts.
struct Group {
    cells: Vec<usize>,
    counts: Vec<usize>,
    constraints: Vec<GroupConstraint>,
}
