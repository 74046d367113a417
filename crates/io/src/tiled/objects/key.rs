//! The hex key in Tiled: a hidden object layer `hexmap key` ([`KEY_LAYER`]) with one point
//! object per keyed hex at the hex's centre in Tiled's pixels, named by the entry's title
//! and carrying the rest as custom properties — `hexmap:key_hex` (axial `q,r`),
//! `hexmap:player_text`, `hexmap:gm_text`, `hexmap:tags` (space
//! separated) and `hexmap:gm_only` — which bring every entry back on its hex. An icon's
//! entry names its icon (`hexmap:key_icon`, the icon's id) and a region's its region
//! (`hexmap:key_region`), and they come back on them. The layer is
//! hidden so Tiled's view of the map stays the map; a GM-only entry goes to the hidden GM
//! layer with the other secrets.

use super::{P_GM_ONLY, hex_text};
use crate::tiled::convert::FromTiledError;
use crate::tiled::grid::TiledGrid;
use crate::tiled::model::{MapObject, ObjectGroup};
use hexmap_hex::Hex;
use hexmap_map::{HexMap, KeyEntry, KeyItem, KeyTarget};

/// The object layer of the hex key.
pub const KEY_LAYER: &str = "hexmap key";
/// The property that marks a key entry object: its hex, axial `q,r`.
pub const KEY_HEX_PROPERTY: &str = "hexmap:key_hex";
const P_KEY_HEX: &str = KEY_HEX_PROPERTY;
const P_PLAYER: &str = "hexmap:player_text";
const P_GM: &str = "hexmap:gm_text";
const P_TAGS: &str = "hexmap:tags";

/// The property that marks an icon's entry: the icon's id.
const P_KEY_ICON: &str = "hexmap:key_icon";
/// The property that marks a region's entry: the region's id.
const P_KEY_REGION: &str = "hexmap:key_region";

/// An entry's texts as custom properties after `owner` (what it hangs on).
fn properties(owner: (&str, String), e: &KeyEntry) -> Vec<(String, String)> {
    let mut properties = vec![
        (owner.0.into(), owner.1),
        (P_PLAYER.into(), e.player_text.clone()),
    ];
    if !e.gm_text.is_empty() {
        properties.push((P_GM.into(), e.gm_text.clone()));
    }
    if !e.tags.is_empty() {
        properties.push((P_TAGS.into(), e.tags.join(" ")));
    }
    if e.gm_only {
        properties.push((P_GM_ONLY.into(), "true".into()));
    }
    properties
}

/// The key layer (`None` for a map without entries of its own), ids from `next_id`: a
/// point per hex entry at its hex's centre, per icon entry at the icon's hex's centre
/// (`hexmap:key_icon`, the icon's id) and per region entry at the region's middle hex
/// (`hexmap:key_region`, the region's id).
pub(super) fn export(
    map: &HexMap,
    grid: &TiledGrid,
    next_id: &mut dyn FnMut() -> u32,
) -> Option<ObjectGroup> {
    let mut found: Vec<(Hex, (&str, String), &KeyEntry)> = Vec::new();
    for (&h, e) in map.key_entries() {
        found.push((h, (P_KEY_HEX, hex_text(h)), e));
    }
    for (h, list) in map.icons().iter() {
        for i in list {
            if let Some(e) = &i.key {
                found.push((h, (P_KEY_ICON, i.id.to_string()), e));
            }
        }
    }
    let items = map.key_items();
    for r in map.regions().iter() {
        let middle = items
            .iter()
            .find(|i| i.target == KeyTarget::Region(r.id))
            .and_then(KeyItem::anchor);
        if let (Some(e), Some(h)) = (&r.look.key, middle) {
            found.push((h, (P_KEY_REGION, r.id.to_string()), e));
        }
    }
    let objects: Vec<MapObject> = found
        .into_iter()
        .map(|(h, owner, e)| {
            let at = grid.centre(h);
            MapObject::point(
                next_id(),
                e.title.clone(),
                (at.x, at.y),
                properties(owner, e),
            )
        })
        .collect();
    ObjectGroup::hidden_unless_empty(KEY_LAYER, objects)
}

/// True for an object that is a key entry (of a hex, an icon or a region).
pub(crate) fn is_key_entry(o: &MapObject) -> bool {
    [P_KEY_HEX, P_KEY_ICON, P_KEY_REGION]
        .iter()
        .any(|p| o.property(p).is_some())
}

/// The entries of icons and regions found, put on their owners once every icon and
/// region is read ([`Owned::finish`]).
#[derive(Default)]
pub(super) struct Owned(Vec<(String, u32, KeyTarget, KeyEntry)>);

impl Owned {
    /// Put every entry found on its icon or region, errors naming the object.
    pub(super) fn finish(self, map: &mut HexMap) -> Result<(), FromTiledError> {
        for (layer, id, target, entry) in self.0 {
            let title = entry.title.clone();
            let err = |message: String| FromTiledError::Object {
                layer: layer.clone(),
                id,
                message: format!("key entry '{title}': {message}"),
            };
            match target {
                KeyTarget::Icon(icon) => {
                    let (h, i) = map
                        .icons()
                        .find(icon)
                        .ok_or_else(|| err(format!("there is no icon {icon}")))?;
                    let mut list = map.icons_at(h).to_vec();
                    list[i].icon.key = Some(entry);
                    map.set_placed_icons(h, list)
                        .map_err(|e| err(e.to_string()))?;
                }
                KeyTarget::Region(region) => {
                    let mut all: Vec<hexmap_map::Region> = map.regions().iter().cloned().collect();
                    let r = all
                        .iter_mut()
                        .find(|r| r.id == region)
                        .ok_or_else(|| err(format!("there is no region {region}")))?;
                    r.look.key = Some(entry);
                    let kinds = map.regions().kinds().to_vec();
                    let built = hexmap_map::Regions::build(map, kinds, all)
                        .map_err(|e| err(e.to_string()))?;
                    map.set_regions(built).map_err(|e| err(e.to_string()))?;
                }
                KeyTarget::Hex(_) => {}
            }
        }
        Ok(())
    }
}

/// Read the key entry object `o` of layer `layer`: a hex's goes on `map` at once, an
/// icon's or region's waits in `owned` for its owner; errors name the object.
pub(super) fn import(
    layer: &str,
    o: &MapObject,
    map: &mut HexMap,
    owned: &mut Owned,
) -> Result<(), FromTiledError> {
    let err = |message: String| FromTiledError::Object {
        layer: layer.to_owned(),
        id: o.id,
        message,
    };
    let entry = KeyEntry {
        title: o.name.clone(),
        player_text: o.property(P_PLAYER).unwrap_or("").to_owned(),
        gm_text: o.property(P_GM).unwrap_or("").to_owned(),
        tags: KeyEntry::parse_tags(o.property(P_TAGS).unwrap_or("")),
        gm_only: o.property(P_GM_ONLY).is_some_and(|v| v.trim() == "true"),
    };
    let id_of = |p: &str| -> Result<Option<u32>, FromTiledError> {
        o.property(p)
            .map(|t| {
                t.trim()
                    .parse()
                    .map_err(|_| err(format!("{p}: '{t}' is not an id")))
            })
            .transpose()
    };
    if let Some(id) = id_of(P_KEY_ICON)? {
        let target = KeyTarget::Icon(hexmap_map::IconId(id));
        owned.0.push((layer.to_owned(), o.id, target, entry));
        return Ok(());
    }
    if let Some(id) = id_of(P_KEY_REGION)? {
        let target = KeyTarget::Region(hexmap_map::RegionId(id));
        owned.0.push((layer.to_owned(), o.id, target, entry));
        return Ok(());
    }
    let text = o.property(P_KEY_HEX).unwrap_or("");
    let (q, r) = text
        .split_once(',')
        .and_then(|(q, r)| Some((q.trim().parse().ok()?, r.trim().parse().ok()?)))
        .ok_or_else(|| err(format!("{P_KEY_HEX}: '{text}' is not a hex (q,r)")))?;
    map.set_key_entry(Hex::new(q, r), Some(entry))
        .map_err(|e| err(format!("key entry '{}': {e}", o.name)))?;
    Ok(())
}
