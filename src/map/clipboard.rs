//! Copy and paste: a region of cells stored relative to an anchor, which can be rotated by
//! 60° steps and reflected before pasting.

use super::hexmap::HexMap;
use super::palette::TerrainId;
use crate::hex::Hex;
use crate::hex::{Axis, reflect};

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
}

/// A copied region, sorted by offset.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clipboard {
    cells: Vec<ClipCell>,
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
            })
            .collect();
        cells.sort_by_key(|c| c.offset);
        cells.dedup_by_key(|c| c.offset);
        Clipboard { cells }
    }

    /// The copied cells.
    pub fn cells(&self) -> &[ClipCell] {
        &self.cells
    }

    /// True when nothing was copied.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
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
        Clipboard { cells }
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
    use crate::map::{MapProperties, MapShape, Palette};

    #[test]
    fn six_rotations_and_two_reflections_are_identity() {
        let mut m = HexMap::new(
            MapProperties::new("c", crate::hex::Orientation::Pointy),
            MapShape::hexagon(3).unwrap(),
            Palette::standard(),
        )
        .unwrap();
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
}
