//! Named regions as Tiled objects: an object layer per region kind,
//! `hexmap regions: KIND` ([`REGIONS_LAYER`]), drawn by Tiled in the colour of the kind's
//! first region, with one closed polyline object per ring of each region's outline
//! (`draw::named_regions::outline_sides`) whose corners are the corners of the hexagons
//! Tiled draws, so Tiled strokes each region on its outer hexsides and fills nothing, as
//! hexmap draws it (polygons, which Tiled fills, are read too). Each ring carries
//! `hexmap:region_id`, `hexmap:region_kind`, the region's look and its hexes
//! (`hexmap:hexes`, axial `q,r q,r …`), which bring it back exactly; the kinds travel in
//! the map property `hexmap:region_kinds` (JSON). A GM-only region's rings carry
//! `hexmap:gm_only` and sit in the hidden GM layer with the other secrets. In a player
//! map a ring is cut where it runs along hidden cells: open polylines, no border there.

use super::{P_COLOR, P_GM_ONLY, P_HEXES, hex_text, type_layer};
use crate::tiled::convert::FromTiledError;
use crate::tiled::grid::TiledGrid;
use crate::tiled::model::{MapObject, ObjectGroup, ObjectShape, TiledMap};
use hexmap_draw::named_regions::outline_sides;
use hexmap_hex::{Edge, Hex, Point};
use hexmap_map::{HexMap, Region, RegionId, RegionKind, RegionLook, Regions, Rgb};
use std::collections::{BTreeMap, BTreeSet};

/// The object layers of named regions: `hexmap regions: KIND`, one per kind.
pub const REGIONS_LAYER: &str = "hexmap regions";
const P_REGION_KINDS: &str = "hexmap:region_kinds";
const P_REGION_ID: &str = "hexmap:region_id";
const P_REGION_KIND: &str = "hexmap:region_kind";
const P_BORDER: &str = "hexmap:border";
const P_TINT: &str = "hexmap:tint";
const P_LABEL: &str = "hexmap:label";

/// The polygons of one ring of sides in Tiled's pixels: each corner is the point the
/// side before it and the side after it share.
fn ring_points(ring: &[(Hex, hexmap_hex::Direction)], grid: &TiledGrid) -> Vec<Point> {
    let ends: Vec<[Point; 2]> = ring
        .iter()
        .map(|&(h, d)| grid.edge_ends(Edge::new(h, d)))
        .collect();
    let same = |a: Point, b: Point| (a.x - b.x).abs() < 1e-6 && (a.y - b.y).abs() < 1e-6;
    (0..ends.len())
        .map(|k| {
            let [a, b] = ends[k];
            let next = ends[(k + 1) % ends.len()];
            if next.iter().any(|p| same(*p, b)) {
                b
            } else {
                a
            }
        })
        .collect()
}

/// The lines of one ring (its sides and their corners from [`ring_points`]): the ring
/// closed, or — for a player map (`players`) where some sides face a hidden cell — the
/// runs of the other sides, open: a region running under the fog shows no border there.
fn ring_lines(
    map: &HexMap,
    ring: &[(Hex, hexmap_hex::Direction)],
    points: &[Point],
    players: bool,
) -> Vec<Vec<Point>> {
    let along_fog = |k: usize| {
        let (h, d) = ring[k];
        players && !map.is_revealed(h.neighbor(d))
    };
    let n = ring.len();
    let Some(first) = (0..n).find(|&k| along_fog(k)) else {
        let mut closed = points.to_vec();
        closed.push(points[0]);
        return vec![closed];
    };
    // Side k runs from corner k − 1 to corner k; start after a side along the fog.
    let mut out = Vec::new();
    let mut line: Vec<Point> = Vec::new();
    for step in 1..=n {
        let k = (first + step) % n;
        if along_fog(k) {
            if line.len() >= 2 {
                out.push(std::mem::take(&mut line));
            }
            line.clear();
            continue;
        }
        if line.is_empty() {
            line.push(points[(k + n - 1) % n]);
        }
        line.push(points[k]);
    }
    if line.len() >= 2 {
        out.push(line);
    }
    out
}

/// The region layers, one per kind with regions (kind order), ids from `next_id`;
/// `players` for a player map (see [`ring_lines`]).
pub(super) fn export(
    map: &HexMap,
    (grid, players): (&TiledGrid, bool),
    next_id: &mut dyn FnMut() -> u32,
) -> Vec<ObjectGroup> {
    let regions = map.regions();
    let orientation = map.properties().orientation;
    regions
        .kinds()
        .iter()
        .filter_map(|kind| {
            let of_kind: Vec<&Region> = regions
                .iter()
                .filter(|r| r.look.kind == kind.name)
                .collect();
            let mut objects = Vec::new();
            for r in &of_kind {
                let hexes: Vec<String> = r.hexes.iter().map(|h| hex_text(*h)).collect();
                let l = &r.look;
                let mut props = vec![
                    (P_REGION_ID.into(), r.id.to_string()),
                    (P_REGION_KIND.into(), kind.name.clone()),
                    (P_COLOR.into(), l.color.to_string()),
                    (P_BORDER.into(), l.border.name().into()),
                    (P_LABEL.into(), l.label.to_string()),
                    (P_HEXES.into(), hexes.join(" ")),
                ];
                if let Some(t) = l.tint {
                    props.push((P_TINT.into(), t.to_string()));
                }
                // A GM-only region's rings go to the hidden GM layer with the other secrets.
                if l.gm_only {
                    props.push((P_GM_ONLY.into(), "true".into()));
                }
                let rings = outline_sides(&r.hexes, orientation);
                // A region without hexes still travels, as a point object.
                if rings.is_empty() {
                    objects.push(object(
                        next_id(),
                        &l.name,
                        Point::new(0.0, 0.0),
                        ObjectShape::Point,
                        props,
                    ));
                    continue;
                }
                for ring in rings {
                    let points = ring_points(&ring, grid);
                    // Polylines, not polygons: Tiled fills polygons, and hexmap draws a
                    // region as its outline (its tint is the map's choice, light).
                    for line in ring_lines(map, &ring, &points, players) {
                        let start = line[0];
                        let rel = line
                            .iter()
                            .map(|p| (p.x - start.x, p.y - start.y))
                            .collect();
                        objects.push(object(
                            next_id(),
                            &l.name,
                            start,
                            ObjectShape::Polyline(rel),
                            props.clone(),
                        ));
                    }
                }
            }
            (!objects.is_empty()).then(|| ObjectGroup {
                name: type_layer(REGIONS_LAYER, &kind.name),
                color: of_kind.first().map(|r| r.look.color.0),
                objects,
                visible: true,
            })
        })
        .collect()
}

fn object(
    id: u32,
    name: &str,
    at: Point,
    shape: ObjectShape,
    properties: Vec<(String, String)>,
) -> MapObject {
    MapObject {
        id,
        name: name.to_owned(),
        x: at.x,
        y: at.y,
        width: 0.0,
        height: 0.0,
        rotation: 0.0,
        shape,
        properties,
    }
}

/// The map property of the region kinds (`None` for a map without kinds).
pub(super) fn kinds_property(map: &HexMap) -> Option<(String, String)> {
    let kinds = map.regions().kinds();
    if kinds.is_empty() {
        return None;
    }
    let list: Vec<serde_json::Value> = kinds
        .iter()
        .map(|k| serde_json::json!({"name": k.name, "exclusive": k.exclusive}))
        .collect();
    Some((
        P_REGION_KINDS.into(),
        serde_json::Value::Array(list).to_string(),
    ))
}

/// True when an object is a region's ring (it carries `hexmap:region_id`).
pub(super) fn is_region(o: &MapObject) -> bool {
    o.property(P_REGION_ID).is_some()
}

/// The regions found so far, by id: the first ring's look and the union of the hexes.
#[derive(Default)]
pub(super) struct Found {
    regions: BTreeMap<u32, Region>,
    kinds_seen: Vec<String>,
}

impl Found {
    /// Take one ring object of layer `layer`.
    pub(super) fn add(&mut self, layer: &str, o: &MapObject) -> Result<(), FromTiledError> {
        let err = |message: String| FromTiledError::Object {
            layer: layer.to_owned(),
            id: o.id,
            message,
        };
        let get = |name: &str| o.property(name);
        let need = |name: &str| get(name).ok_or_else(|| err(format!("region without {name}")));
        let id: u32 = need(P_REGION_ID)?.trim().parse().map_err(|_| {
            err(format!(
                "{P_REGION_ID} = '{}' is not a whole number",
                get(P_REGION_ID).unwrap_or("")
            ))
        })?;
        let kind = need(P_REGION_KIND)?.to_owned();
        let color: Rgb = need(P_COLOR)?
            .parse()
            .map_err(|e: String| err(format!("{P_COLOR}: {e}")))?;
        let mut look = RegionLook::new(o.name.clone(), kind.clone(), color);
        if let Some(b) = get(P_BORDER) {
            look.border = b
                .parse()
                .map_err(|e: String| err(format!("{P_BORDER}: {e}")))?;
        }
        if let Some(t) = get(P_TINT) {
            let tint = t.trim().parse::<f32>();
            look.tint = Some(tint.map_err(|_| err(format!("{P_TINT} = '{t}' is not a number")))?);
        }
        look.label = get(P_LABEL).is_none_or(|v| v.trim() != "false");
        look.gm_only = get(P_GM_ONLY).is_some_and(|v| v.trim() == "true");
        let mut hexes = BTreeSet::new();
        for text in get(P_HEXES).unwrap_or("").split_whitespace() {
            let (q, r) = text
                .split_once(',')
                .and_then(|(q, r)| Some((q.trim().parse().ok()?, r.trim().parse().ok()?)))
                .ok_or_else(|| err(format!("{P_HEXES}: '{text}' is not a hex (q,r)")))?;
            hexes.insert(Hex::new(q, r));
        }
        if !self.kinds_seen.contains(&kind) {
            self.kinds_seen.push(kind.clone());
        }
        let entry = self.regions.entry(id).or_insert_with(|| Region {
            id: RegionId(id),
            look,
            hexes: BTreeSet::new(),
        });
        entry.hexes.extend(hexes);
        Ok(())
    }

    /// Put the regions on the map: kinds from the map property (else each kind named by a
    /// region, overlapping), checked by the map's own rule.
    pub(super) fn finish(self, doc: &TiledMap, map: &mut HexMap) -> Result<(), FromTiledError> {
        let bad = |message: String| FromTiledError::Property {
            name: P_REGION_KINDS.into(),
            message,
        };
        let kinds: Vec<RegionKind> = match doc.property(P_REGION_KINDS) {
            Some(text) => {
                let v: serde_json::Value =
                    serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
                v.as_array()
                    .ok_or_else(|| bad("expected a JSON list of {name, exclusive}".into()))?
                    .iter()
                    .map(|k| {
                        let name = k["name"]
                            .as_str()
                            .ok_or_else(|| bad(format!("{k}: no name")))?;
                        Ok(RegionKind {
                            name: name.to_owned(),
                            exclusive: k["exclusive"].as_bool().unwrap_or(false),
                        })
                    })
                    .collect::<Result<_, FromTiledError>>()?
            }
            None => self
                .kinds_seen
                .iter()
                .map(|name| RegionKind {
                    name: name.clone(),
                    exclusive: false,
                })
                .collect(),
        };
        if kinds.is_empty() && self.regions.is_empty() {
            return Ok(());
        }
        let regions = Regions::build(map, kinds, self.regions.into_values().collect())
            .map_err(|e| FromTiledError::Invalid(format!("regions: {e}")))?;
        map.set_regions(regions)
            .map_err(|e| FromTiledError::Invalid(format!("regions: {e}")))?;
        Ok(())
    }
}
