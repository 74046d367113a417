//! Deriving a child map from a parent hex: the parent hex opened at a finer scale.
//!
//! The arrangement is "hexagons of hexagons" ([`hexmap_hex::resolution`], as the `hexx`
//! crate's resolution functions arrange it): the parent hex is the hexagon of radius k of
//! child hexes, and each of its six neighbours is the hexagon of radius k beside it in the
//! same direction order. It tiles the plane exactly (every child hex lies in one parent
//! hex), so two children derived from neighbouring hexes agree along their common side;
//! its price is a scale of √(3k² + 3k + 1) rather than a whole number (k = 3: 37 child
//! hexes, 6.08 per parent hex) and a parent outline turned a few degrees in the child.
//!
//! The child map is that hexagon plus one ring of the neighbours' hexes (its
//! surroundings, so rivers along the parent's sides have edges to sit on and roads leave
//! the map where they cross a side). It starts with:
//! - the parent hex's terrain, blended toward the edges with the nearest neighbour's (by
//!   distance, seeded by the child hex's place in the fine grid, so the same for any
//!   derivation), the ring with its own parent hex's terrain;
//! - every path (road, trail, river drawn as a path) that crosses one of the parent's
//!   sides, from the neighbour's hex in the ring through the border hex at the middle of
//!   that side to the centre, and out again the same way;
//! - every edge feature on one of the parent's sides on all the child's edges along it;
//! - the parent's palettes and labels, and its scale divided by √(3k² + 3k + 1).

use super::{ChildMap, Derivation, FamilyError, Link};
use crate::features::{MapPath, PathId};
use crate::hexmap::HexMap;
use crate::properties::MapProperties;
use crate::scale::MapScale;
use crate::shape::MapShape;
use hexmap_hex::resolution::{cluster_center, cluster_of, linear_ratio};
use hexmap_hex::{Direction, Edge, Hex, OffsetCoord};

/// Largest radius a derivation takes (a parent hex of 30 301 child hexes).
pub const MAX_RADIUS: u32 = 100;

/// The geometry of one derived child: its radius, where its centre sits in its own
/// coordinates, and how its hexes map to the fine grid and to the parent's hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChildFrame {
    /// The radius k of the hexagon that is the parent hex.
    pub radius: u32,
    /// The child hex at the parent hex's centre.
    pub center: Hex,
}

impl ChildFrame {
    /// The frame of a child of radius `radius` in a map of offset kind `kind`: its centre
    /// at offset (k + 1, k + 1), so every hex of the child has a label from 0 up.
    pub fn new(radius: u32, kind: hexmap_hex::OffsetKind) -> Self {
        let at = radius as i32 + 1;
        ChildFrame {
            radius,
            center: kind.to_hex(OffsetCoord { col: at, row: at }),
        }
    }

    /// The frame of a derived child map (its shape is the hexagon of radius k + 1 around
    /// the centre).
    pub fn of(child: &ChildMap) -> Option<Self> {
        let d = child.derived?;
        Some(ChildFrame::new(
            d.radius,
            child.map.properties().offset_kind,
        ))
    }

    /// The parent hex whose area holds child hex `h`, relative to the linked hex: the
    /// origin for the linked hex itself, a unit step for a neighbour.
    pub fn parent_offset(self, h: Hex) -> Hex {
        cluster_of(h - self.center, self.radius)
    }

    /// The side of the parent hex on which child hex `h` lies outside it: `Some(d)` when
    /// `h` is in the neighbour in direction `d`, `None` inside or farther out.
    pub fn side_of(self, h: Hex) -> Option<Direction> {
        Direction::from_offset(self.parent_offset(h))
    }

    /// True when `h` lies in the parent hex itself.
    pub fn inside(self, h: Hex) -> bool {
        self.parent_offset(h) == Hex::ORIGIN
    }

    /// Every child hex: the hexagon of radius k + 1 around the centre.
    pub fn cells(self) -> impl Iterator<Item = Hex> {
        hexmap_hex::range(self.center, self.radius + 1)
    }

    /// The border hex in the middle of side `d` (inside, touching the neighbour `d`) and
    /// the neighbour's hex beside it: where a road or river crossing that side enters.
    pub fn crossing(self, d: Direction) -> (Hex, Hex) {
        let far = cluster_center(d.offset(), self.radius);
        // Twice a hex's distance from the side's middle, far / 2: an exact whole number.
        let from_middle = |h: Hex| (h - self.center) * 2 - far;
        let mut border: Vec<Hex> = hexmap_hex::ring(self.center, self.radius)
            .filter(|&h| h.neighbors().iter().any(|&n| self.side_of(n) == Some(d)))
            .collect();
        border.sort_by_key(|&h| (from_middle(h).length(), h));
        let inner = border[0];
        let mut outer: Vec<Hex> = inner
            .neighbors()
            .into_iter()
            .filter(|&n| self.side_of(n) == Some(d))
            .collect();
        outer.sort_by_key(|&h| (from_middle(h).length(), h));
        (inner, outer[0])
    }

    /// The child edges along side `d` of the parent hex: between a hex inside and a hex of
    /// the neighbour `d`.
    pub fn side_edges(self, d: Direction) -> Vec<Edge> {
        let mut out: Vec<Edge> = hexmap_hex::ring(self.center, self.radius)
            .flat_map(|h| {
                h.neighbors()
                    .into_iter()
                    .filter(move |&n| self.side_of(n) == Some(d))
                    .filter_map(move |n| Edge::between(h, n))
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// The side name of direction `d` on maps of `orientation` ("NE", "S" …).
pub fn side_name(orientation: hexmap_hex::Orientation, d: Direction) -> &'static str {
    match orientation {
        hexmap_hex::Orientation::Pointy => d.pointy_name(),
        hexmap_hex::Orientation::Flat => d.flat_name(),
    }
}

/// The name a child of `parent` at `hex` gets by default: the hex's icon caption or key
/// title, else "Hex LABEL".
pub fn default_name(parent: &HexMap, hex: Hex) -> String {
    let caption = parent
        .icons_at(hex)
        .iter()
        .find_map(|i| i.icon.caption.clone());
    caption
        .or_else(|| parent.key_entry(hex).map(|e| e.title.clone()))
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| format!("Hex {}", super::link_segment(parent, Link::Hex(hex))))
}

/// Derive a child map called `name` from hex `hex` of `parent` at radius `radius`
/// (module doc). Refused for a hex off the map, a radius of 0 or over [`MAX_RADIUS`], or
/// a name the map properties refuse.
pub fn derive(
    parent: &HexMap,
    hex: Hex,
    radius: u32,
    seed: u64,
    name: &str,
) -> Result<ChildMap, FamilyError> {
    if !parent.contains(hex) {
        return Err(FamilyError::Derive(format!(
            "hex {} is not on the map",
            super::link_segment(parent, Link::Hex(hex))
        )));
    }
    if !(1..=MAX_RADIUS).contains(&radius) {
        return Err(FamilyError::Derive(format!(
            "the ratio must be from 1 to {MAX_RADIUS}, got {radius}"
        )));
    }
    let props = MapProperties {
        name: name.to_owned(),
        ..parent.properties().clone()
    };
    let frame = ChildFrame::new(radius, props.offset_kind);
    let shape = MapShape::cells(frame.cells()).map_err(|e| FamilyError::Derive(e.to_string()))?;
    let mut child = HexMap::new(props, shape, parent.palette().clone())
        .map_err(|e| FamilyError::Derive(e.to_string()))?;
    child.set_edge_palette(parent.edge_palette().clone());
    child.set_path_palette(parent.path_palette().clone());
    if let Some(s) = parent.scale() {
        let finer = MapScale::new(s.per_hex / linear_ratio(radius), s.unit.clone())
            .map_err(|e| FamilyError::Derive(e.to_string()))?;
        let _ = child.set_scale(Some(finer));
    }
    blend_terrain(parent, hex, frame, seed, &mut child);
    carry_paths(parent, hex, frame, &mut child);
    carry_side_edges(parent, hex, frame, &mut child);
    Ok(ChildMap {
        link: Link::Hex(hex),
        derived: Some(Derivation { radius, seed }),
        map: child,
    })
}

/// A number in [0, 1) from `seed` and a hex of the fine grid.
fn unit_noise(seed: u64, fine: Hex) -> f64 {
    let mut x = seed ^ hexmap_hex::stable_hash(fine).rotate_left(17);
    // SplitMix64's finaliser: every input bit reaches every output bit.
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^= x >> 31;
    (x >> 11) as f64 / (1u64 << 53) as f64
}

/// Terrain of each child hex: the ring's from its own parent hex; inside, the parent
/// hex's, with the nearest neighbour's more likely toward the side (up to one half at the
/// very edge, so two derived neighbours look alike where they meet).
fn blend_terrain(parent: &HexMap, hex: Hex, frame: ChildFrame, seed: u64, child: &mut HexMap) {
    let own = parent.terrain(hex);
    let terrain_of = |offset: Hex| {
        let at = hex + offset;
        if parent.contains(at) {
            parent.terrain(at).or(own)
        } else {
            own
        }
    };
    let k = f64::from(frame.radius);
    let fine_centre = cluster_center(hex, frame.radius);
    for h in frame.cells().collect::<Vec<_>>() {
        let local = h - frame.center;
        let offset = frame.parent_offset(h);
        let terrain = if offset != Hex::ORIGIN {
            terrain_of(offset)
        } else {
            let nearest = Direction::ALL
                .into_iter()
                .min_by_key(|d| {
                    (
                        local.distance(cluster_center(d.offset(), frame.radius)),
                        d.index(),
                    )
                })
                .expect("six directions");
            let t = f64::from(local.length()) / (k + 0.5);
            let chance = 0.5 * ((t - 0.4) / 0.6).clamp(0.0, 1.0).powi(2);
            if unit_noise(seed, fine_centre + local) < chance {
                terrain_of(nearest.offset())
            } else {
                own
            }
        };
        let _ = child.set_terrain(h, terrain);
    }
}

/// Each path through the parent hex, as it crosses the parent's sides, from the
/// neighbour's hex through the border hex to the centre and on to the side it leaves by.
fn carry_paths(parent: &HexMap, hex: Hex, frame: ChildFrame, child: &mut HexMap) {
    let mut next_id = 0;
    for path in parent.paths().iter() {
        for (i, &h) in path.hexes.iter().enumerate() {
            if h != hex {
                continue;
            }
            let side = |j: Option<usize>| {
                j.and_then(|j| path.hexes.get(j))
                    .and_then(|&n| Direction::from_offset(n - hex))
            };
            let entry = side(i.checked_sub(1));
            let exit = side(Some(i + 1));
            let mut hexes = Vec::new();
            if let Some(d) = entry {
                let (inner, outer) = frame.crossing(d);
                hexes.push(outer);
                hexes.extend(hexmap_hex::line(inner, frame.center));
            } else {
                hexes.push(frame.center);
            }
            if let Some(d) = exit {
                let (inner, outer) = frame.crossing(d);
                let mut out = hexmap_hex::line(inner, frame.center);
                out.reverse();
                hexes.extend(out.into_iter().skip(1));
                hexes.push(outer);
            }
            hexes.dedup();
            if hexes.len() < 2 {
                continue;
            }
            let carried = MapPath {
                id: PathId(next_id),
                kind: path.kind,
                hexes,
                gm_only: path.gm_only,
            };
            if child.insert_path(carried).is_ok() {
                next_id += 1;
            }
        }
    }
}

/// Each edge feature on a side of the parent hex, on every child edge along that side.
fn carry_side_edges(parent: &HexMap, hex: Hex, frame: ChildFrame, child: &mut HexMap) {
    for d in Direction::ALL {
        let Some(kind) = parent.edge(Edge::new(hex, d)) else {
            continue;
        };
        let gm_only = parent.edge_is_gm_only(Edge::new(hex, d));
        for e in frame.side_edges(d) {
            let _ = child.set_edge(e, Some(kind));
            if gm_only {
                child.set_edge_gm_only(e, true);
            }
        }
    }
}
