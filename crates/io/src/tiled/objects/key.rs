//! The hex key in Tiled: a hidden object layer `hexmap key` ([`KEY_LAYER`]) with one point
//! object per keyed hex at the hex's centre in Tiled's pixels, named by the entry's title
//! and carrying the rest as custom properties — `hexmap:key_hex` (axial `q,r`),
//! `hexmap:player_text`, `hexmap:gm_text`, `hexmap:tags` (space
//! separated) and `hexmap:gm_only` — which bring every entry back on its hex. The layer is
//! hidden so Tiled's view of the map stays the map; a GM-only entry goes to the hidden GM
//! layer with the other secrets.

use super::{P_GM_ONLY, hex_text};
use crate::tiled::convert::FromTiledError;
use crate::tiled::grid::TiledGrid;
use crate::tiled::model::{MapObject, ObjectGroup};
use hexmap_hex::Hex;
use hexmap_map::{HexMap, KeyEntry};

/// The object layer of the hex key.
pub const KEY_LAYER: &str = "hexmap key";
/// The property that marks a key entry object: its hex, axial `q,r`.
pub const KEY_HEX_PROPERTY: &str = "hexmap:key_hex";
const P_KEY_HEX: &str = KEY_HEX_PROPERTY;
const P_PLAYER: &str = "hexmap:player_text";
const P_GM: &str = "hexmap:gm_text";
const P_TAGS: &str = "hexmap:tags";

/// The key layer (`None` for a map without entries of its own), ids from `next_id`.
pub(super) fn export(
    map: &HexMap,
    grid: &TiledGrid,
    next_id: &mut dyn FnMut() -> u32,
) -> Option<ObjectGroup> {
    let objects = map
        .key_entries()
        .iter()
        .map(|(&h, e)| {
            let mut properties = vec![
                (P_KEY_HEX.into(), hex_text(h)),
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
            let at = grid.centre(h);
            MapObject::point(next_id(), e.title.clone(), (at.x, at.y), properties)
        })
        .collect();
    ObjectGroup::hidden_unless_empty(KEY_LAYER, objects)
}

/// True for an object that is a key entry.
pub(super) fn is_key_entry(o: &MapObject) -> bool {
    o.property(P_KEY_HEX).is_some()
}

/// Put the key entry object `o` of layer `layer` on `map`, errors naming the object.
pub(super) fn import(layer: &str, o: &MapObject, map: &mut HexMap) -> Result<(), FromTiledError> {
    let err = |message: String| FromTiledError::Object {
        layer: layer.to_owned(),
        id: o.id,
        message,
    };
    let text = o.property(P_KEY_HEX).unwrap_or("");
    let (q, r) = text
        .split_once(',')
        .and_then(|(q, r)| Some((q.trim().parse().ok()?, r.trim().parse().ok()?)))
        .ok_or_else(|| err(format!("{P_KEY_HEX}: '{text}' is not a hex (q,r)")))?;
    let entry = KeyEntry {
        title: o.name.clone(),
        player_text: o.property(P_PLAYER).unwrap_or("").to_owned(),
        gm_text: o.property(P_GM).unwrap_or("").to_owned(),
        tags: KeyEntry::parse_tags(o.property(P_TAGS).unwrap_or("")),
        gm_only: o.property(P_GM_ONLY).is_some_and(|v| v.trim() == "true"),
    };
    map.set_key_entry(Hex::new(q, r), Some(entry))
        .map_err(|e| err(format!("key entry '{}': {e}", o.name)))?;
    Ok(())
}
