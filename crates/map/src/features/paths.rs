//! Paths through hex centres (roads, trails, railways): each an ordered list of hexes, every
//! step to a neighbour, with a type from the path palette.

use super::palette::PathTypeId;
use hexmap_hex::hash::HexBuildHasher;
use hexmap_hex::{Edge, Hex};
use std::collections::{BTreeMap, HashMap};
use std::fmt;

/// Most hexes one path may hold.
pub const MAX_PATH_LEN: usize = 1_000_000;
/// Most paths one map may hold.
pub const MAX_PATHS: usize = 100_000;

/// The id of a path within its map: stable while the map is edited (undo restores it) and
/// saved in the native file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PathId(pub u32);

impl fmt::Display for PathId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// One path: its id, type and hexes (at least two, each a neighbour of the one before;
/// a hex may come back later, as on a loop road).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapPath {
    /// Its id in the map.
    pub id: PathId,
    /// Its type in the path palette.
    pub kind: PathTypeId,
    /// The hexes in order.
    pub hexes: Vec<Hex>,
    /// Shown to the game master only: never in the player view or a player export.
    pub gm_only: bool,
}

/// Why a list of hexes is not a path.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PathShapeError {
    /// Fewer than two hexes.
    #[error("a path needs at least two hexes, got {0}")]
    TooShort(usize),
    /// More than [`MAX_PATH_LEN`] hexes.
    #[error("a path has {0} hexes, over the limit of {MAX_PATH_LEN}")]
    TooLong(usize),
    /// Two consecutive hexes are not neighbours.
    #[error("path step {index} does not go to a neighbour")]
    Gap {
        /// Index of the step's first hex.
        index: usize,
        /// That hex.
        from: Hex,
        /// The next one.
        to: Hex,
    },
}

/// Check that `hexes` make a path: 2..=[`MAX_PATH_LEN`] hexes, each step to a neighbour.
pub fn check_path_hexes(hexes: &[Hex]) -> Result<(), PathShapeError> {
    if hexes.len() < 2 {
        return Err(PathShapeError::TooShort(hexes.len()));
    }
    if hexes.len() > MAX_PATH_LEN {
        return Err(PathShapeError::TooLong(hexes.len()));
    }
    for (index, w) in hexes.windows(2).enumerate() {
        if Edge::between(w[0], w[1]).is_none() {
            return Err(PathShapeError::Gap {
                index,
                from: w[0],
                to: w[1],
            });
        }
    }
    Ok(())
}

impl MapPath {
    /// The edges its steps cross, in order (one per step).
    pub fn steps(&self) -> impl Iterator<Item = Edge> + '_ {
        self.hexes
            .windows(2)
            .filter_map(|w| Edge::between(w[0], w[1]))
    }

    /// True when the path passes through `h`.
    pub fn contains(&self, h: Hex) -> bool {
        self.hexes.contains(&h)
    }
}

/// The paths of a map by id, with an index from each crossed edge to the paths that step
/// across it (what the movement rule asks for every step).
#[derive(Clone, Debug, Default)]
pub struct Paths {
    by_id: BTreeMap<PathId, MapPath>,
    // Keys are edges between map cells, not attacker-chosen: the fast hasher is safe.
    by_step: HashMap<Edge, Vec<PathId>, HexBuildHasher>,
    /// Every step as (edge, path) with the path's type, in edge order: a search near one
    /// place finds the steps there, and their types, without walking every path.
    stepped: BTreeMap<(Edge, PathId), PathTypeId>,
}

impl PartialEq for Paths {
    fn eq(&self, other: &Self) -> bool {
        // The index follows from the paths.
        self.by_id == other.by_id
    }
}

impl Paths {
    /// No paths.
    pub fn new() -> Self {
        Paths::default()
    }

    /// Number of paths.
    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    /// True when there is no path.
    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }

    /// The path with this id.
    pub fn get(&self, id: PathId) -> Option<&MapPath> {
        self.by_id.get(&id)
    }

    /// Every path, in id order.
    pub fn iter(&self) -> impl Iterator<Item = &MapPath> + '_ {
        self.by_id.values()
    }

    /// The id for a new path: one above the largest id in use (1 when there is none).
    pub fn next_id(&self) -> PathId {
        PathId(
            self.by_id
                .keys()
                .next_back()
                .map_or(1, |id| id.0.saturating_add(1)),
        )
    }

    /// The ids of the paths with a step across `edge` (either way), in id order.
    pub fn along(&self, edge: Edge) -> &[PathId] {
        self.by_step.get(&edge).map_or(&[], Vec::as_slice)
    }

    /// Every step of a path across an edge whose canonical hex lies between `first` and
    /// `last` (both included) in hex order (by r, then q), with the path's type: one row's
    /// stretch of them, in edge order (an edge crossed by several paths comes once per
    /// path), found without walking every path.
    pub(crate) fn steps_between(
        &self,
        first: Hex,
        last: Hex,
    ) -> impl Iterator<Item = (Edge, PathTypeId)> + '_ {
        let lo = (Edge::new(first, hexmap_hex::Direction::ALL[0]), PathId(0));
        let hi = (
            Edge::new(last, hexmap_hex::Direction::ALL[5]),
            PathId(u32::MAX),
        );
        (lo <= hi)
            .then(|| {
                self.stepped
                    .range(lo..=hi)
                    .map(|(&(e, _), &kind)| (e, kind))
            })
            .into_iter()
            .flatten()
    }

    /// The paths passing through `h`, each once, in id order.
    pub fn through(&self, h: Hex) -> Vec<&MapPath> {
        let mut ids: Vec<PathId> = Edge::around(h)
            .iter()
            .flat_map(|e| self.along(*e).iter().copied())
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids.iter().filter_map(|id| self.by_id.get(id)).collect()
    }

    /// Add or replace a path (no checks: [`crate::HexMap::insert_path`] checks);
    /// returns the path it replaced.
    pub(crate) fn insert(&mut self, path: MapPath) -> Option<MapPath> {
        let old = self.remove(path.id);
        for e in path.steps() {
            self.stepped.insert((e, path.id), path.kind);
            let ids = self.by_step.entry(e).or_default();
            if let Err(at) = ids.binary_search(&path.id) {
                ids.insert(at, path.id);
            }
        }
        self.by_id.insert(path.id, path);
        old
    }

    /// Remove a path; returns it.
    pub(crate) fn remove(&mut self, id: PathId) -> Option<MapPath> {
        let path = self.by_id.remove(&id)?;
        for e in path.steps() {
            self.stepped.remove(&(e, id));
            if let Some(ids) = self.by_step.get_mut(&e) {
                ids.retain(|i| *i != id);
                if ids.is_empty() {
                    self.by_step.remove(&e);
                }
            }
        }
        Some(path)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A path of type 1 (a road in the standard palette) through `hexes` as (q, r), for
    /// the tests of this crate.
    pub(crate) fn path(id: u32, hexes: &[(i32, i32)]) -> MapPath {
        MapPath {
            gm_only: false,
            id: PathId(id),
            kind: PathTypeId::new(1).unwrap(),
            hexes: hexes.iter().map(|&(q, r)| Hex::new(q, r)).collect(),
        }
    }

    #[test]
    fn path_shapes_are_checked() {
        assert_eq!(
            check_path_hexes(&[Hex::ORIGIN]),
            Err(PathShapeError::TooShort(1))
        );
        assert_eq!(
            check_path_hexes(&path(1, &[(0, 0), (1, 0), (3, 0)]).hexes),
            Err(PathShapeError::Gap {
                index: 1,
                from: Hex::new(1, 0),
                to: Hex::new(3, 0)
            })
        );
        assert_eq!(
            check_path_hexes(&path(1, &[(0, 0), (0, 0)]).hexes),
            Err(PathShapeError::Gap {
                index: 0,
                from: Hex::ORIGIN,
                to: Hex::ORIGIN
            })
        );
        assert_eq!(
            check_path_hexes(&path(1, &[(0, 0), (1, 0), (1, 1)]).hexes),
            Ok(())
        );
    }

    #[test]
    fn the_step_index_follows_inserts_and_removals() {
        let mut paths = Paths::new();
        assert_eq!(paths.next_id(), PathId(1));
        paths.insert(path(1, &[(0, 0), (1, 0), (2, 0)]));
        paths.insert(path(4, &[(2, 0), (1, 0), (1, 1)]));
        assert_eq!(paths.next_id(), PathId(5));
        let shared = Edge::between(Hex::new(1, 0), Hex::new(2, 0)).unwrap();
        assert_eq!(paths.along(shared), [PathId(1), PathId(4)]);
        let ids = |v: Vec<&MapPath>| v.iter().map(|p| p.id).collect::<Vec<_>>();
        assert_eq!(ids(paths.through(Hex::new(1, 0))), [PathId(1), PathId(4)]);
        assert_eq!(ids(paths.through(Hex::new(1, 1))), [PathId(4)]);
        assert!(paths.through(Hex::new(5, 5)).is_empty());
        // The sorted steps of a row's stretch: each path's step once, with its type.
        let row = |paths: &Paths| -> Vec<Edge> {
            paths
                .steps_between(Hex::new(0, 0), Hex::new(9, 0))
                .map(|(e, _)| e)
                .collect()
        };
        assert_eq!(row(&paths).iter().filter(|&&e| e == shared).count(), 2);
        assert_eq!(row(&paths).len(), 4);
        // Replacing a path re-indexes it.
        paths.insert(path(4, &[(5, 5), (6, 5)]));
        assert_eq!(paths.along(shared), [PathId(1)]);
        assert_eq!(row(&paths).len(), 2);
        assert_eq!(paths.remove(PathId(1)).unwrap().hexes.len(), 3);
        assert!(paths.along(shared).is_empty());
        assert!(row(&paths).is_empty());
        assert_eq!(paths.len(), 1);
    }
}
