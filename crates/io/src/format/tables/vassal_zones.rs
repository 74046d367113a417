//! The Zones of a VASSAL board: what a module designer's pieces can read of the map.
//!
//! VASSAL has no terrain of its own: a piece learns about the ground under it from the
//! Zone it stands in. `BasicPiece.getProperty` (vassal-app/.../counters/BasicPiece.java,
//! the "Zone-first then Map, then Module" lookup) asks `Map.findZone` for the first Zone
//! of the board's `ZonedGrid` whose polygon holds the piece, and that Zone's
//! `ZoneProperty` children answer (`Zone.getProperty`). So the map's data per hex goes
//! into *data zones*: the hexes cut into connected groups that read the same, each group a
//! Zone polygon carrying
//! - `Terrain`: the hex's terrain name (none on a hex without terrain),
//! - `Region`: the named regions the hex is in, joined by ", " (none outside them),
//! - `Hexside_<side>` (`Hexside_NE`, `Hexside_S` …, the compass names of the map's
//!   orientation): the feature on that side of the hex ("River"), one per side that has
//!   one, so a feature between two hexes is read from both.
//!
//! A piece's trait reads `$Terrain$`, `$Hexside_NE$` …, and `$CurrentZone$` names its data
//! zone ("Forest 3"). The data zones come first, smaller before larger, so the first
//! polygon holding a hex's centre is its own group's even when that group sits in a hole
//! of another. The named regions follow as zones of their own (a polygon per part), which
//! a module finds by name (Send to Location, highlighting).

use super::board::Board;
use hexmap_hex::{Direction, Hex, Orientation, Point};
use hexmap_map::HexMap;
use std::collections::{BTreeMap, BTreeSet};

/// The property naming a hex's terrain.
pub const TERRAIN_PROPERTY: &str = "Terrain";
/// The property naming the regions a hex is in.
pub const REGION_PROPERTY: &str = "Region";
/// The start of the property naming a hexside's feature (`Hexside_NE`).
pub const HEXSIDE_PREFIX: &str = "Hexside_";

/// One VASSAL Zone: a name, a polygon of whole board pixels and its properties.
#[derive(Clone, Debug, PartialEq)]
pub struct VassalZone {
    /// The zone's name, unique on the board (VASSAL keys a zone property's state by it).
    pub name: String,
    /// The polygon's corners on the board, in order.
    pub points: Vec<(i64, i64)>,
    /// `ZoneProperty` name and value pairs.
    pub properties: Vec<(String, String)>,
}

/// The compass name of side `d` on a map of `orientation`.
fn side_name(orientation: Orientation, d: Direction) -> &'static str {
    match orientation {
        Orientation::Pointy => d.pointy_name(),
        Orientation::Flat => d.flat_name(),
    }
}

/// What a piece on `h` reads: the properties of its data zone (module doc), in a fixed
/// order (terrain, region, then the sides in direction order).
pub fn hex_properties(map: &HexMap, h: Hex) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Some(t) = map.terrain(h).and_then(|t| map.palette().get(t)) {
        out.push((TERRAIN_PROPERTY.to_string(), t.name.clone()));
    }
    let regions: Vec<&str> = (map.regions().iter())
        .filter(|r| r.hexes.contains(&h))
        .map(|r| r.look.name.as_str())
        .collect();
    if !regions.is_empty() {
        out.push((REGION_PROPERTY.to_string(), regions.join(", ")));
    }
    let orientation = map.properties().orientation;
    let mut sides: Vec<(Direction, String)> = map
        .edges_touching(h)
        .filter_map(|(e, t)| {
            let d = e.direction_from(h)?;
            Some((d, map.edge_palette().get(t)?.name.clone()))
        })
        .collect();
    sides.sort_by_key(|(d, _)| d.index());
    for (d, name) in sides {
        let side = side_name(orientation, d);
        out.push((format!("{HEXSIDE_PREFIX}{side}"), name));
    }
    out
}

/// The corners of `ring` (world units) on the board, rounded to whole pixels as VASSAL
/// stores them (`PolygonEditor.polygonToString`).
fn ring_pixels(ring: &[Point], board: &Board) -> Vec<(i64, i64)> {
    ring.iter()
        .map(|p| {
            let x = p.x * board.to_px.scale + board.to_px.offset.0;
            let y = p.y * board.to_px.scale + board.to_px.offset.1;
            (x.round() as i64, y.round() as i64)
        })
        .collect()
}

/// Twice the signed area of a polygon.
fn twice_area(points: &[(i64, i64)]) -> i64 {
    (points.iter().zip(points.iter().cycle().skip(1)))
        .map(|(a, b)| a.0 * b.1 - b.0 * a.1)
        .sum()
}

/// The outer rings of the outline of `hexes` on `board` (VASSAL's Zone is one polygon,
/// `Zone.java`'s `path`: a hole is not cut out), one per connected part.
fn outer_rings(hexes: &BTreeSet<Hex>, board: &Board) -> Vec<Vec<(i64, i64)>> {
    let rings = hexmap_draw::named_regions::outline_rings(hexes, &board.layout);
    let area = |ring: &[Point]| {
        (ring.iter().zip(ring.iter().cycle().skip(1)))
            .map(|(a, b)| a.x * b.y - b.x * a.y)
            .sum::<f64>()
    };
    // Every ring turns the same way round the hexes: an outer ring's area has the sign
    // of the first ring (the lowest outer side is on an outer ring), a hole's the other.
    let Some(outer_sign) = rings.first().map(|r| area(r).signum()) else {
        return Vec::new();
    };
    (rings.iter())
        .filter(|r| area(r).signum() == outer_sign)
        .map(|r| ring_pixels(r, board))
        .collect()
}

/// The map's named regions as Zones on `board`: one per outer ring of each region's
/// outline, a second or later part numbered ("Greenwold 2"), no properties.
pub fn region_zones(map: &HexMap, board: &Board) -> Vec<VassalZone> {
    let mut out = Vec::new();
    for region in map.regions().iter() {
        for (n, points) in outer_rings(&region.hexes, board).into_iter().enumerate() {
            let name = if n == 0 {
                region.look.name.clone()
            } else {
                format!("{} {}", region.look.name, n + 1)
            };
            out.push(VassalZone {
                name,
                points,
                properties: Vec::new(),
            });
        }
    }
    out
}

/// The data zones of `map` on `board` (module doc), smallest first; none of their names
/// is one of `taken`.
pub fn data_zones(map: &HexMap, board: &Board, taken: &BTreeSet<String>) -> Vec<VassalZone> {
    let mut groups: BTreeMap<Vec<(String, String)>, Vec<Hex>> = BTreeMap::new();
    for h in map.shape().iter() {
        groups.entry(hex_properties(map, h)).or_default().push(h);
    }
    let mut zones = Vec::new();
    let mut names = taken.clone();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for (properties, hexes) in groups {
        let stem = (properties.iter())
            .find(|(k, _)| k == TERRAIN_PROPERTY)
            .map_or("No terrain", |(_, v)| v.as_str())
            .to_string();
        for part in hexmap_hex::connected_components(hexes) {
            let set: BTreeSet<Hex> = part.into_iter().collect();
            for points in outer_rings(&set, board) {
                let count = counts.entry(stem.clone()).or_default();
                let name = loop {
                    *count += 1;
                    let name = format!("{stem} {count}");
                    if names.insert(name.clone()) {
                        break name;
                    }
                };
                zones.push(VassalZone {
                    name,
                    points,
                    properties: properties.clone(),
                });
            }
        }
    }
    // A group inside a hole of another is smaller than it: smallest first puts every
    // hex's own group before the groups around it.
    zones.sort_by_key(|z| twice_area(&z.points).abs());
    zones
}

/// Every Zone of the board: the data zones, then the named regions'.
pub fn zones(map: &HexMap, board: &Board) -> Vec<VassalZone> {
    let regions = region_zones(map, board);
    let taken = regions.iter().map(|z| z.name.clone()).collect();
    let mut out = data_zones(map, board, &taken);
    out.extend(regions);
    out
}
