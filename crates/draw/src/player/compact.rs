//! The player map as an export holds it: only what it shows is listed. A palette entry,
//! an edge or path type and a region kind that nothing visible uses go (their names alone
//! would tell the players of a "Dragon Lair" under the fog), and the ids of terrains,
//! types, paths, icons, labels and regions are numbered afresh from the first id in the
//! order they come, so no gap counts the items the players may not see.

use hexmap_hex::{Edge, Hex};
use hexmap_map::{
    EdgePalette, EdgeType, EdgeTypeId, FeatureId, HexMap, IconId, LabelId, MapPath, Palette, Party,
    PathId, PathPalette, PathType, PathTypeId, PlacedIcon, Region, RegionId, Regions, Terrain,
    TerrainId,
};
use std::collections::{BTreeMap, BTreeSet};

/// `players` (a player map, `player_map`) with only what it shows listed and every id
/// numbered afresh (module doc).
pub fn compact(players: &mut HexMap) {
    let renamed = super::custom::renamed(players);
    let mut custom = players.custom().clone();
    terrains(players);
    edges(players);
    paths(players);
    icons(players);
    labels(players);
    regions(players);
    custom.rekey(renamed);
    if players.set_custom(custom).is_err() {
        let _ = players.set_custom(hexmap_map::CustomProps::new());
    }
}

/// The new id of each old one, `1..` in the order `used` lists them.
fn renumber<T: FeatureId + Ord>(used: impl IntoIterator<Item = T>) -> BTreeMap<T, T> {
    used.into_iter()
        .enumerate()
        .filter_map(|(i, old)| Some((old, T::new(u16::try_from(i + 1).ok()?)?)))
        .collect()
}

/// Terrains on some cell only, numbered 1.. in palette order.
fn terrains(m: &mut HexMap) {
    let used: Vec<&Terrain> = (m.palette().terrains().iter())
        .filter(|t| m.terrain_layer().count(t.id) > 0)
        .collect();
    let ids: BTreeMap<u16, TerrainId> = used
        .iter()
        .enumerate()
        .filter_map(|(i, t)| Some((t.id.get(), TerrainId::new(u16::try_from(i + 1).ok()?)?)))
        .collect();
    let kept: Vec<Terrain> = used
        .iter()
        .filter_map(|t| {
            Some(Terrain {
                id: *ids.get(&t.id.get())?,
                ..(*t).clone()
            })
        })
        .collect();
    let Ok(palette) = Palette::new(kept) else {
        return;
    };
    if palette == *m.palette() {
        return;
    }
    for i in 0..m.cell_count() {
        let raw = m.terrain_layer().raw()[i];
        if raw != 0 {
            m.set_terrain_index(i, ids.get(&raw).copied());
        }
    }
    m.set_palette(palette);
}

/// Edge types of some edge feature only, numbered 1.. in palette order.
fn edges(m: &mut HexMap) {
    let features: Vec<(Edge, EdgeTypeId)> = m.edges().collect();
    let in_use: BTreeSet<EdgeTypeId> = features.iter().map(|(_, k)| *k).collect();
    let used: Vec<&EdgeType> = (m.edge_palette().types().iter())
        .filter(|t| in_use.contains(&t.id))
        .collect();
    let ids = renumber(used.iter().map(|t| t.id));
    let kept = used
        .iter()
        .map(|t| EdgeType {
            id: ids[&t.id],
            ..(*t).clone()
        })
        .collect();
    let Ok(palette) = EdgePalette::new(kept) else {
        return;
    };
    m.set_edge_palette(palette);
    for (e, k) in features {
        let _ = m.set_edge(e, ids.get(&k).copied());
    }
}

/// Path types of some path only, numbered 1.., and the paths numbered 1.. in id order
/// (the party's trail follows its path).
fn paths(m: &mut HexMap) {
    let old: Vec<MapPath> = m.paths().iter().cloned().collect();
    let in_use: BTreeSet<PathTypeId> = old.iter().map(|p| p.kind).collect();
    let used: Vec<&PathType> = (m.path_palette().types().iter())
        .filter(|t| in_use.contains(&t.id))
        .collect();
    let kinds = renumber(used.iter().map(|t| t.id));
    let kept = used
        .iter()
        .map(|t| PathType {
            id: kinds[&t.id],
            ..(*t).clone()
        })
        .collect();
    let Ok(palette) = PathPalette::new(kept) else {
        return;
    };
    for p in &old {
        m.remove_path(p.id);
    }
    m.set_path_palette(palette);
    let mut ids: BTreeMap<PathId, PathId> = BTreeMap::new();
    for (n, p) in (1u32..).zip(&old) {
        let path = MapPath {
            id: PathId(n),
            kind: kinds[&p.kind],
            ..p.clone()
        };
        if m.insert_path(path).is_ok() {
            ids.insert(p.id, PathId(n));
        }
    }
    if let Some(party) = m.party() {
        let trail = party.trail.and_then(|t| ids.get(&t).copied());
        let _ = m.set_party(Some(Party { trail, ..party }));
    }
}

/// Icons numbered 0.. in hex order (reading order), each hex's in its own order.
fn icons(m: &mut HexMap) {
    let old: Vec<(Hex, Vec<PlacedIcon>)> = m
        .icons()
        .iter()
        .map(|(h, list)| (h, list.to_vec()))
        .collect();
    for (h, _) in &old {
        let _ = m.set_placed_icons(*h, Vec::new());
    }
    let mut next = 0u32;
    for (h, list) in old {
        let renumbered = list
            .into_iter()
            .map(|p| {
                next += 1;
                PlacedIcon {
                    id: IconId(next - 1),
                    ..p
                }
            })
            .collect();
        let _ = m.set_placed_icons(h, renumbered);
    }
}

/// Labels numbered 0.. in id order.
fn labels(m: &mut HexMap) {
    let old: Vec<(LabelId, hexmap_map::Label)> =
        m.labels().iter().map(|(id, l)| (id, l.clone())).collect();
    for (id, _) in &old {
        m.remove_label(*id);
    }
    for (n, (_, label)) in (0u32..).zip(old) {
        let _ = m.add_label(LabelId(n), label);
    }
}

/// Region kinds of some region only, and the regions numbered 0.. in id order.
fn regions(m: &mut HexMap) {
    let r = m.regions();
    if r.is_empty() {
        return;
    }
    let list: Vec<Region> = (0u32..)
        .zip(r.iter())
        .map(|(n, region)| Region {
            id: RegionId(n),
            ..region.clone()
        })
        .collect();
    let kinds = (r.kinds().iter())
        .filter(|k| list.iter().any(|region| region.look.kind == k.name))
        .cloned()
        .collect();
    if let Ok(cut) = Regions::build(m, kinds, list) {
        let _ = m.set_regions(cut);
    }
}
