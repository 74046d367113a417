//! A map's whole content moved to new hexes as its shape changes: reshaped about a centre,
//! a rectangle grown or shrunk on its left or top, a rectangle turned to the other
//! orientation. Every piece of content goes where its hex goes — terrain, mines, heights,
//! fog, notes and their GM-only flags, key entries, icons, edge features and their flags, paths, labels,
//! named regions and the party — so nothing is left behind on the old hexes, no secret
//! turns public and nothing hidden comes out from under the fog. What lands off the new
//! shape is dropped.

use super::HexMap;
use crate::features::{MapPath, PathId, Paths};
use crate::fog::FogState;
use hexmap_hex::{Edge, Hex, OffsetCoord, OffsetKind, Point};

/// Where each cell's content goes in a reshape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellMove {
    /// Every cell stays on its hex.
    Stay,
    /// Every cell moves by this vector.
    By(Hex),
    /// Every cell moves by columns and rows of this offset kind (a rectangle grown or
    /// shrunk on its left or top side keeps its cells where they are on screen).
    Offset {
        /// The kind the columns and rows are counted in.
        kind: OffsetKind,
        /// Columns to the right.
        cols: i32,
        /// Rows down.
        rows: i32,
    },
    /// Every cell keeps its (column, row), read in `from` and placed in `to` (a rectangle
    /// turned to the other orientation stays a rectangle).
    Rekind {
        /// The kind the cells are read in.
        from: OffsetKind,
        /// The kind they are placed in.
        to: OffsetKind,
    },
}

impl CellMove {
    /// Where the content of `h` goes.
    pub fn apply(&self, h: Hex) -> Hex {
        match *self {
            CellMove::Stay => h,
            CellMove::By(step) => h + step,
            CellMove::Offset { kind, cols, rows } => {
                let o = kind.from_hex(h);
                kind.to_hex(OffsetCoord::new(o.col + cols, o.row + rows))
            }
            CellMove::Rekind { from, to } => to.to_hex(from.from_hex(h)),
        }
    }
}

impl HexMap {
    /// Change the shape to `shape`, moving each cell's content as `moves` says (module
    /// doc). Edge features stay where both their hexes land on the map as neighbours; a
    /// path keeps its runs of two or more hexes that land on the map as neighbours (the
    /// first run keeps the id, the others get new ones); a label moves with the hex under
    /// it. Palettes, region kinds, view, scale and the map's properties stay.
    pub fn relocate(&mut self, shape: super::MapShape, moves: &CellMove) {
        let to = |h: Hex| moves.apply(h);
        let mut next = HexMap::unchecked(self.props.clone(), shape, self.palette.clone());
        let on_map = |next: &HexMap, h: Hex| next.shape.contains(h);
        let mut fog = FogState::new(next.shape.len());
        let mut elevation = self
            .elevation
            .as_ref()
            .map(|_| crate::ElevationLayer::new(next.shape.len()));
        // Climate values move with their cells; a new cell gets 0.
        let mut climate: Vec<(crate::ClimateKind, Vec<i16>)> = crate::ClimateKind::ALL
            .into_iter()
            .filter(|&k| self.climate.layer(k).is_some())
            .map(|k| (k, vec![0; next.shape.len()]))
            .collect();
        for (j, h) in self.shape.iter().enumerate() {
            let Some(i) = next.shape.index_of(to(h)) else {
                continue;
            };
            next.terrain.set(i, self.terrain.get(j));
            next.mines.set(i, self.mines.get(j));
            fog.hidden.set(i, self.fog.hidden.get(j));
            if let (Some(out), Some(e)) = (
                elevation.as_mut(),
                self.elevation.as_ref().and_then(|l| l.get(j)),
            ) {
                out.set(i, e);
            }
            for (kind, values) in &mut climate {
                if let Some(v) = self.climate.layer(*kind).and_then(|l| l.get(j)) {
                    values[i] = v;
                }
            }
        }
        next.elevation = elevation;
        for (kind, values) in climate {
            let layer = Some(crate::ClimateLayer::from_values(values));
            match kind {
                crate::ClimateKind::Temperature => next.climate.temperature = layer,
                crate::ClimateKind::Moisture => next.climate.moisture = layer,
            }
        }
        for (&h, text) in self.notes.iter() {
            let t = to(h);
            if on_map(&next, t) {
                next.notes.insert(t, text.clone());
                if self.fog.gm_notes.contains(&h) {
                    fog.gm_notes.insert(t);
                }
            }
        }
        for (&h, entry) in self.key.iter() {
            let t = to(h);
            if on_map(&next, t) {
                next.key.insert(t, entry.clone());
            }
        }
        for (h, list) in self.icons.iter() {
            let t = to(h);
            if on_map(&next, t) {
                next.icons.set(t, list.to_vec());
            }
        }
        next.edge_palette = self.edge_palette.clone();
        next.path_palette = self.path_palette.clone();
        for (e, kind) in self.edges.iter() {
            let (a, b) = e.hexes();
            let (ta, tb) = (to(a), to(b));
            if let Some(moved) = Edge::between(ta, tb)
                && on_map(&next, ta)
                && on_map(&next, tb)
            {
                next.edges.set(moved, Some(kind));
                if self.fog.gm_edges.contains(&e) {
                    fog.gm_edges.insert(moved);
                }
            }
        }
        let landed = |h: Hex| Some(to(h)).filter(|t| on_map(&next, *t));
        let paths = moved_paths(&self.paths, landed);
        let mut regions = self.regions.clone();
        regions.map_hexes(landed);
        let mut custom = self.custom.clone();
        custom.rekey(|o| match o {
            crate::PropOwner::Cell(h) => landed(h).map(crate::PropOwner::Cell),
            other => Some(other),
        });
        next.paths = paths;
        next.regions = regions;
        next.custom = custom;
        let shift = world_shift(self, moves);
        for (id, label) in self.labels.iter() {
            let s0 = shift(label.at);
            let at = Point::new(label.at.x + s0.x, label.at.y + s0.y);
            // Each point of a curve goes with the hex under it (the hexes of a rectangle
            // turned to the other orientation do not all move alike); where it moves as
            // the label's point does, its offset stays as it was.
            let path = label
                .path
                .iter()
                .map(|d| {
                    let s = shift(Point::new(label.at.x + d.x, label.at.y + d.y));
                    Point::new(d.x + (s.x - s0.x), d.y + (s.y - s0.y))
                })
                .collect();
            next.labels.insert(
                id,
                crate::Label {
                    at,
                    path,
                    ..label.clone()
                },
            );
        }
        next.view = self.view;
        fog.party = self.fog.party.and_then(|p| {
            let hex = to(p.hex);
            let trail = p.trail.filter(|t| next.paths.get(*t).is_some());
            on_map(&next, hex).then_some(crate::Party { hex, trail, ..p })
        });
        next.fog = fog;
        next.scale = self.scale.clone();
        // A scan keeps its place in the world when the cells only change their kind (a
        // rectangle turned to the other orientation: no placement of it fits both grids).
        let rekind = matches!(moves, CellMove::Rekind { .. });
        next.underlay = self.underlay.clone().map(|mut u| {
            let d = if rekind {
                Point::new(0.0, 0.0)
            } else {
                shift(u.center)
            };
            u.center = Point::new(u.center.x + d.x, u.center.y + d.y);
            u
        });
        *self = next;
    }
}

/// How far a world point (a label, the underlay's centre) moves: as far as the hex under
/// it (for a rectangle turned to the other orientation, from its cube hex to the hex of the
/// same column and row; its labels were already turned onto the new layout). Nothing moves
/// where the map has no layout.
fn world_shift(map: &HexMap, moves: &CellMove) -> impl Fn(Point) -> Point + use<> {
    let layout = map.layout().ok();
    let moves = *moves;
    move |p: Point| {
        let Some(layout) = &layout else {
            return Point::new(0.0, 0.0);
        };
        let Some(h) = layout.pixel_to_hex(p) else {
            return Point::new(0.0, 0.0);
        };
        let (a, b) = (layout.hex_to_pixel(h), layout.hex_to_pixel(moves.apply(h)));
        Point::new(b.x - a.x, b.y - a.y)
    }
}

/// The paths with every hex moved by `to` (`None`: off the map): each keeps its runs of
/// two or more hexes that stay on the map as neighbours, the first run under its own id,
/// the others under new ids after every old one.
fn moved_paths(paths: &Paths, to: impl Fn(Hex) -> Option<Hex>) -> Paths {
    let mut out = Paths::new();
    let mut next = paths.next_id().0;
    for path in paths.iter() {
        let mut runs: Vec<Vec<Hex>> = vec![Vec::new()];
        for &h in &path.hexes {
            let run = runs.last_mut().expect("never empty");
            match to(h) {
                Some(t) if run.last().is_none_or(|&p| Edge::between(p, t).is_some()) => run.push(t),
                Some(t) => runs.push(vec![t]),
                None => runs.push(Vec::new()),
            }
        }
        let mut first = true;
        for hexes in runs.into_iter().filter(|r| r.len() >= 2) {
            let id = if std::mem::take(&mut first) {
                path.id
            } else {
                next += 1;
                PathId(next - 1)
            };
            out.insert(MapPath {
                id,
                hexes,
                ..path.clone()
            });
        }
    }
    out
}

#[cfg(test)]
mod tests;
