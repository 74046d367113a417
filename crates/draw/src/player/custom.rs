//! Custom properties in the player map: a GM-only property type goes with every value of
//! it; the values of hidden cells go, as do those of objects the cut removed (GM-only
//! icons, labels and regions); a hex value that points at a hidden cell goes (it would
//! tell where something lies under the fog). When an export numbers ids afresh
//! ([`renamed`]), values follow their objects to the new ids.

use hexmap_map::{
    CustomProps, EdgeTypeId, HexMap, IconId, LabelId, PathTypeId, PropOwner, PropValue, RegionId,
    TerrainId,
};
use std::collections::BTreeMap;

/// Cut the custom properties of `out` (a player map being made from `map`).
pub(super) fn cut(out: &mut HexMap, map: &HexMap) {
    let custom = map.custom();
    if custom.is_empty() {
        return;
    }
    let hidden = |h| !map.is_revealed(h);
    let types: Vec<_> = custom
        .types()
        .iter()
        .filter(|t| !t.gm_only)
        .cloned()
        .collect();
    let mut values = BTreeMap::new();
    for (owner, vals) in custom.iter() {
        if !owner.exists_in(out) || matches!(owner, PropOwner::Cell(h) if hidden(h)) {
            continue;
        }
        let kept: hexmap_map::PropValues = vals
            .iter()
            .filter(|(name, v)| {
                types.iter().any(|t| &t.name == *name)
                    && !matches!(v, PropValue::Hex(h) if hidden(*h))
            })
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        if !kept.is_empty() {
            values.insert(owner, kept);
        }
    }
    let cut = CustomProps::build(types, values).unwrap_or_default();
    if out.set_custom(cut).is_err() {
        let _ = out.set_custom(CustomProps::new());
    }
}

/// How the owners of `m` are named once `compact` has numbered every id afresh (its
/// rules: used terrains and edge and path types 1.. in palette order, icons 0.. in hex
/// order, labels and regions 0.. in id order); `None` for an object that goes.
pub(super) fn renamed(m: &HexMap) -> impl Fn(PropOwner) -> Option<PropOwner> + use<> {
    let terrains: BTreeMap<TerrainId, TerrainId> = (m.palette().terrains().iter())
        .filter(|t| m.terrain_layer().count(t.id) > 0)
        .zip(1u16..)
        .filter_map(|(t, n)| Some((t.id, TerrainId::new(n)?)))
        .collect();
    let used_edges: std::collections::BTreeSet<EdgeTypeId> = m.edges().map(|(_, k)| k).collect();
    let edges: BTreeMap<EdgeTypeId, EdgeTypeId> = (m.edge_palette().types().iter())
        .filter(|t| used_edges.contains(&t.id))
        .zip(1u16..)
        .filter_map(|(t, n)| Some((t.id, EdgeTypeId::new(n)?)))
        .collect();
    let used_paths: std::collections::BTreeSet<PathTypeId> =
        m.paths().iter().map(|p| p.kind).collect();
    let paths: BTreeMap<PathTypeId, PathTypeId> = (m.path_palette().types().iter())
        .filter(|t| used_paths.contains(&t.id))
        .zip(1u16..)
        .filter_map(|(t, n)| Some((t.id, PathTypeId::new(n)?)))
        .collect();
    let icons: BTreeMap<IconId, IconId> = (m.icons().iter())
        .flat_map(|(_, l)| l.iter().map(|i| i.id))
        .zip(0u32..)
        .map(|(old, n)| (old, IconId(n)))
        .collect();
    let labels: BTreeMap<LabelId, LabelId> = (m.labels().iter())
        .zip(0u32..)
        .map(|((id, _), n)| (id, LabelId(n)))
        .collect();
    let regions: BTreeMap<RegionId, RegionId> = (m.regions().iter())
        .zip(0u32..)
        .map(|(r, n)| (r.id, RegionId(n)))
        .collect();
    move |o| match o {
        PropOwner::Map | PropOwner::Cell(_) => Some(o),
        PropOwner::Terrain(t) => terrains.get(&t).copied().map(PropOwner::Terrain),
        PropOwner::EdgeType(t) => edges.get(&t).copied().map(PropOwner::EdgeType),
        PropOwner::PathType(t) => paths.get(&t).copied().map(PropOwner::PathType),
        PropOwner::Icon(i) => icons.get(&i).copied().map(PropOwner::Icon),
        PropOwner::Label(l) => labels.get(&l).copied().map(PropOwner::Label),
        PropOwner::Region(r) => regions.get(&r).copied().map(PropOwner::Region),
    }
}
