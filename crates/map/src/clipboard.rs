//! Copy and paste: a region of cells stored relative to an anchor, with the edge features
//! between them and the parts of paths through them, which can be rotated by 60° steps and
//! reflected before pasting. Every piece keeps its GM-only flag, so a paste (and a moved
//! selection, which is a cut and a paste) never turns a secret public.

use super::features::{EdgeTypeId, PathTypeId};
use super::hexmap::HexMap;
use super::palette::TerrainId;
use hexmap_hex::hash::HexHashSet;
use hexmap_hex::{Axis, reflect};
use hexmap_hex::{Edge, Hex};

/// One copied cell: its position relative to the anchor and its contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClipCell {
    /// Position relative to the anchor.
    pub offset: Hex,
    /// Terrain.
    pub terrain: Option<TerrainId>,
    /// Mine.
    pub mine: bool,
    /// Note.
    pub note: Option<String>,
    /// The note is for the GM only.
    pub note_gm_only: bool,
    /// The key entry (its GM-only flag inside it).
    pub key: Option<crate::KeyEntry>,
}

/// A copied edge feature: the side between two offset hexes, its type and its GM-only
/// flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ClipEdge {
    /// The side, between two hexes relative to the anchor.
    pub edge: Edge,
    /// The edge type.
    pub kind: EdgeTypeId,
    /// The feature is for the GM only.
    pub gm_only: bool,
}

/// A copied piece of a path: its type and hexes relative to the anchor (two or more).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClipPath {
    /// The path type.
    pub kind: PathTypeId,
    /// Hexes relative to the anchor, in path order.
    pub hexes: Vec<Hex>,
    /// The path is for the GM only.
    pub gm_only: bool,
}

/// A copied region, sorted by offset: cells, the edge features between two copied cells
/// (edges of offset hexes), and the runs of paths inside the region.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clipboard {
    cells: Vec<ClipCell>,
    edges: Vec<ClipEdge>,
    paths: Vec<ClipPath>,
}

impl Clipboard {
    /// Copy the cells of `region` (hexes outside the map are skipped), relative to `anchor`.
    pub fn copy(map: &HexMap, region: impl IntoIterator<Item = Hex>, anchor: Hex) -> Self {
        let mut cells: Vec<ClipCell> = region
            .into_iter()
            .filter(|&h| map.contains(h))
            .filter_map(|h| {
                // Skip cells whose offset from an absurd anchor would overflow.
                let q = h.q.checked_sub(anchor.q)?;
                let r = h.r.checked_sub(anchor.r)?;
                q.checked_add(r)?;
                Some((h, Hex::new(q, r)))
            })
            .map(|(h, offset)| ClipCell {
                offset,
                terrain: map.terrain(h),
                mine: map.is_mine(h),
                note: map.note(h).map(str::to_owned),
                note_gm_only: map.note(h).is_some() && map.note_is_gm_only(h),
                key: map.key_entries().get(&h).cloned(),
            })
            .collect();
        cells.sort_by_key(|c| c.offset);
        cells.dedup_by_key(|c| c.offset);
        let offset = |h: Hex| h - anchor;
        let inside: HexHashSet = cells.iter().map(|c| c.offset + anchor).collect();
        let mut edges: Vec<ClipEdge> = map
            .edges_in(inside.iter().copied())
            .into_iter()
            .filter_map(|(e, kind)| {
                let (a, b) = e.hexes();
                let both = inside.contains(&a) && inside.contains(&b);
                let gm_only = map.edge_is_gm_only(e);
                both.then(|| Edge::between(offset(a), offset(b)))
                    .flatten()
                    .map(|edge| ClipEdge {
                        edge,
                        kind,
                        gm_only,
                    })
            })
            .collect();
        edges.sort_unstable();
        let mut paths = Vec::new();
        for path in map.paths().iter() {
            for run in path.hexes.split(|h| !inside.contains(h)) {
                if run.len() >= 2 {
                    paths.push(ClipPath {
                        kind: path.kind,
                        hexes: run.iter().map(|&h| offset(h)).collect(),
                        gm_only: path.gm_only,
                    });
                }
            }
        }
        Clipboard {
            cells,
            edges,
            paths,
        }
    }

    /// The copied edge features, on edges between offset hexes.
    pub fn edges(&self) -> &[ClipEdge] {
        &self.edges
    }

    /// The copied path pieces.
    pub fn paths(&self) -> &[ClipPath] {
        &self.paths
    }

    /// The copied cells.
    pub fn cells(&self) -> &[ClipCell] {
        &self.cells
    }

    /// True when nothing was copied.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty() && self.edges.is_empty() && self.paths.is_empty()
    }

    fn mapped(&self, f: impl Fn(Hex) -> Hex) -> Self {
        let mut cells: Vec<ClipCell> = self
            .cells
            .iter()
            .map(|c| ClipCell {
                offset: f(c.offset),
                ..c.clone()
            })
            .collect();
        cells.sort_by_key(|c| c.offset);
        let mut edges: Vec<ClipEdge> = self
            .edges
            .iter()
            .filter_map(|c| {
                let (a, b) = c.edge.hexes();
                Edge::between(f(a), f(b)).map(|edge| ClipEdge { edge, ..*c })
            })
            .collect();
        edges.sort_unstable();
        let paths = self
            .paths
            .iter()
            .map(|p| ClipPath {
                hexes: p.hexes.iter().map(|&h| f(h)).collect(),
                ..p.clone()
            })
            .collect();
        Clipboard {
            cells,
            edges,
            paths,
        }
    }

    /// Rotated by `steps` × 60° clockwise on screen about the anchor (negative =
    /// counter-clockwise).
    pub fn rotated(&self, steps: i32) -> Self {
        let k = steps.rem_euclid(6);
        self.mapped(|mut h| {
            for _ in 0..k {
                h = h.rotate_right();
            }
            h
        })
    }

    /// Reflected across the anchor's q axis: (q, r, s) → (q, s, r).
    pub fn reflected(&self) -> Self {
        self.mapped(|h| reflect(h, Hex::ORIGIN, Axis::Q))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MapShape;

    #[test]
    fn six_rotations_and_two_reflections_are_identity() {
        let mut m = crate::testing::map_on(
            hexmap_hex::Orientation::Pointy,
            MapShape::hexagon(3).unwrap(),
        );
        m.set_terrain(Hex::new(1, 0), TerrainId::new(2)).unwrap();
        m.set_mine(Hex::new(2, -1), true).unwrap();
        let c = Clipboard::copy(
            &m,
            [Hex::new(1, 0), Hex::new(2, -1), Hex::new(9, 9)],
            Hex::ORIGIN,
        );
        assert_eq!(c.cells().len(), 2);
        assert_eq!(c.rotated(6), c);
        assert_eq!(c.rotated(2).rotated(-2), c);
        assert_eq!(c.reflected().reflected(), c);
        let r = c.rotated(1);
        assert!(
            r.cells().iter().any(
                |x| x.offset == Hex::new(1, 0).rotate_right() && x.terrain == TerrainId::new(2)
            )
        );
    }

    #[test]
    fn edges_and_paths_are_copied_and_turn_with_the_cells() {
        let mut m = crate::testing::map_on(
            hexmap_hex::Orientation::Pointy,
            MapShape::hexagon(3).unwrap(),
        );
        // Edges and paths turn with the cells.
        let e = Edge::new(Hex::new(1, 0), hexmap_hex::Direction::POINTY_NE);
        m.set_edge(e, EdgeTypeId::new(1)).unwrap();
        m.insert_path(crate::MapPath {
            gm_only: false,
            id: crate::PathId(1),
            kind: PathTypeId::new(1).unwrap(),
            hexes: vec![
                Hex::new(-1, 0),
                Hex::new(0, 0),
                Hex::new(1, 0),
                Hex::new(2, -1),
            ],
        })
        .unwrap();
        let region = [
            Hex::new(0, 0),
            Hex::new(1, 0),
            Hex::new(2, -1),
            Hex::new(1, -1),
        ];
        let c = Clipboard::copy(&m, region, Hex::new(1, 0));
        assert_eq!(
            c.edges(),
            [ClipEdge {
                edge: Edge::new(Hex::ORIGIN, hexmap_hex::Direction::POINTY_NE),
                kind: EdgeTypeId::new(1).unwrap(),
                gm_only: false,
            }]
        );
        assert_eq!(
            c.paths()[0].hexes,
            [Hex::new(-1, 0), Hex::ORIGIN, Hex::new(1, -1)],
            "the piece inside the region, relative to the anchor"
        );
        assert_eq!(c.rotated(6), c);
        assert_eq!(c.reflected().reflected(), c);
        let turned = c.rotated(1);
        let (a, b) = turned.edges()[0].edge.hexes();
        let want = Edge::between(Hex::ORIGIN, Hex::new(1, -1).rotate_right()).unwrap();
        assert_eq!(Edge::between(a, b), Some(want));
        assert_eq!(turned.paths()[0].hexes[2], Hex::new(1, -1).rotate_right());
    }
}
