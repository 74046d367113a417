//! Custom properties in Tiled. The declarations travel in the map property
//! `hexmap:property_types` (the JSON export's `property_types` list); the values as Tiled's
//! own typed properties — `int`, `float`, `bool`, `color`, `string` (text, enum values with
//! Tiled's `propertytype` naming the enum, hexes as axial `q,r`) — on point objects of a
//! hidden layer `hexmap properties` ([`PROPS_LAYER`]): one object per object of the map
//! that sets a value, a cell's at its hex's centre, each naming what carries the values by
//! `hexmap:prop_owner` (`map`, `cell`, `terrain`, `edge_type`, `path_type`, `icon`,
//! `label`, `region`) with `hexmap:prop_hex` (a cell's axial `q,r`) or `hexmap:prop_id`.
//! Reading types each value by its declaration; an error names the object and property.

use super::hex_text;
use crate::tiled::convert::FromTiledError;
use crate::tiled::grid::TiledGrid;
use crate::tiled::model::{MapObject, ObjectGroup, TiledMap};
use hexmap_hex::Hex;
use hexmap_map::{
    CustomProps, EdgeTypeId, HexMap, IconId, LabelId, PathTypeId, PropKind, PropOwner, PropType,
    PropValue, PropValues, RegionId, Rgb, TerrainId,
};
use std::collections::BTreeMap;

/// The hidden object layer of custom property values.
pub const PROPS_LAYER: &str = "hexmap properties";
/// The map property holding the declarations.
pub const P_PROPERTY_TYPES: &str = "hexmap:property_types";
/// The property that marks a values object: what carries them.
pub const P_OWNER: &str = "hexmap:prop_owner";
const P_OWNER_HEX: &str = "hexmap:prop_hex";
const P_OWNER_ID: &str = "hexmap:prop_id";

/// The map property of the declarations (none for a map without).
pub(super) fn types_property(map: &HexMap) -> Option<(String, String)> {
    (!map.custom().types().is_empty()).then(|| {
        (
            P_PROPERTY_TYPES.to_owned(),
            crate::format::json_custom::types_to_json(map),
        )
    })
}

/// The Tiled type of each declared property's values, and the enum's name for Tiled's
/// `propertytype` (the property's own name), by property name.
pub fn tiled_kinds(map: &HexMap) -> BTreeMap<String, (&'static str, Option<String>)> {
    map.custom()
        .types()
        .iter()
        .map(|t| {
            let kind = match t.kind {
                PropKind::Int => "int",
                PropKind::Number => "float",
                PropKind::Bool => "bool",
                PropKind::Colour => "color",
                PropKind::String | PropKind::Hex | PropKind::Enum(_) => "string",
            };
            let enum_name = matches!(t.kind, PropKind::Enum(_)).then(|| t.name.clone());
            (t.name.clone(), (kind, enum_name))
        })
        .collect()
}

/// A value as the text of its Tiled property.
fn value_text(v: &PropValue) -> String {
    match v {
        PropValue::Hex(h) => hex_text(*h),
        v => v.to_string(),
    }
}

/// The values layer (`None` when no object sets a value), ids from `next_id`.
pub(super) fn export(
    map: &HexMap,
    grid: &TiledGrid,
    next_id: &mut dyn FnMut() -> u32,
) -> Option<ObjectGroup> {
    let mut objects = Vec::new();
    for (owner, values) in map.custom().iter_on(map) {
        let (kind, place, at) = match owner {
            PropOwner::Map => ("map", None, None),
            PropOwner::Cell(h) => ("cell", Some((P_OWNER_HEX, hex_text(h))), Some(h)),
            PropOwner::Terrain(t) => ("terrain", Some((P_OWNER_ID, t.get().to_string())), None),
            PropOwner::EdgeType(t) => ("edge_type", Some((P_OWNER_ID, t.get().to_string())), None),
            PropOwner::PathType(t) => ("path_type", Some((P_OWNER_ID, t.get().to_string())), None),
            PropOwner::Icon(i) => ("icon", Some((P_OWNER_ID, i.0.to_string())), None),
            PropOwner::Label(l) => ("label", Some((P_OWNER_ID, l.0.to_string())), None),
            PropOwner::Region(r) => ("region", Some((P_OWNER_ID, r.0.to_string())), None),
        };
        let mut properties = vec![(P_OWNER.to_owned(), kind.to_owned())];
        properties.extend(place.map(|(p, v)| (p.to_owned(), v)));
        properties.extend(values.iter().map(|(n, v)| (n.clone(), value_text(v))));
        let centre = at.map_or((0.0, 0.0), |h| {
            let p = grid.centre(h);
            (p.x, p.y)
        });
        objects.push(MapObject::point(
            next_id(),
            owner.to_string(),
            centre,
            properties,
        ));
    }
    ObjectGroup::hidden_unless_empty(PROPS_LAYER, objects)
}

/// True for an object that carries custom property values.
pub fn is_values_object(o: &MapObject) -> bool {
    o.property(P_OWNER).is_some()
}

/// A property's text read as a value of `kind` (Tiled's `#aarrggbb` colours taken too).
fn value_from_text(kind: &PropKind, text: &str) -> Result<PropValue, String> {
    let t = text.trim();
    let value = match kind {
        PropKind::String => PropValue::String(text.to_owned()),
        PropKind::Enum(_) => PropValue::Enum(text.to_owned()),
        PropKind::Int => PropValue::Int(
            t.parse()
                .map_err(|_| format!("'{t}' is not a whole number"))?,
        ),
        PropKind::Number => {
            PropValue::Number(t.parse().map_err(|_| format!("'{t}' is not a number"))?)
        }
        PropKind::Bool => PropValue::Bool(
            t.parse()
                .map_err(|_| format!("'{t}' is neither true nor false"))?,
        ),
        PropKind::Colour => PropValue::Colour(
            crate::tiled::property_types::plain_colour(t)
                .parse::<Rgb>()
                .map_err(|e| format!("'{t}': {e}"))?,
        ),
        PropKind::Hex => {
            let (q, r) = t
                .split_once(',')
                .and_then(|(q, r)| Some((q.trim().parse().ok()?, r.trim().parse().ok()?)))
                .ok_or_else(|| format!("'{t}' is not a hex (q,r)"))?;
            PropValue::Hex(Hex::new(q, r))
        }
    };
    match hexmap_map::custom::misfit(kind, &value) {
        Some(problem) => Err(problem),
        None => Ok(value),
    }
}

/// What carries the values of `o`.
fn owner_of(o: &MapObject) -> Result<PropOwner, String> {
    let kind = o.property(P_OWNER).unwrap_or("").trim();
    let id = || -> Result<u32, String> {
        let text = o.property(P_OWNER_ID).unwrap_or("").trim();
        text.parse()
            .map_err(|_| format!("{P_OWNER_ID}: '{text}' is not an id"))
    };
    let id16 = || -> Result<u16, String> {
        let n = id()?;
        u16::try_from(n)
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| format!("{P_OWNER_ID}: {n} is not a palette id (1 to 65535)"))
    };
    Ok(match kind {
        "map" => PropOwner::Map,
        "cell" => {
            let text = o.property(P_OWNER_HEX).unwrap_or("").trim();
            let (q, r) = text
                .split_once(',')
                .and_then(|(q, r)| Some((q.trim().parse().ok()?, r.trim().parse().ok()?)))
                .ok_or_else(|| format!("{P_OWNER_HEX}: '{text}' is not a hex (q,r)"))?;
            PropOwner::Cell(Hex::new(q, r))
        }
        "terrain" => PropOwner::Terrain(TerrainId::new(id16()?).expect("not zero")),
        "edge_type" => PropOwner::EdgeType(EdgeTypeId::new(id16()?).expect("not zero")),
        "path_type" => PropOwner::PathType(PathTypeId::new(id16()?).expect("not zero")),
        "icon" => PropOwner::Icon(IconId(id()?)),
        "label" => PropOwner::Label(LabelId(id()?)),
        "region" => PropOwner::Region(RegionId(id()?)),
        other => return Err(format!("{P_OWNER}: unknown owner '{other}'")),
    })
}

/// The values objects found while reading the object layers: (layer, object).
#[derive(Default)]
pub(super) struct Found<'a>(Vec<(&'a str, &'a MapObject)>);

impl<'a> Found<'a> {
    /// Keep the values object `o` of layer `layer` for [`Found::finish`].
    pub fn add(&mut self, layer: &'a str, o: &'a MapObject) {
        self.0.push((layer, o));
    }

    /// Put the declarations of `doc` and the values found on `map` (after every other
    /// object, so icons, labels and regions exist); errors name the object and property.
    pub fn finish(self, doc: &TiledMap, map: &mut HexMap) -> Result<(), FromTiledError> {
        let types: Vec<PropType> = match doc.property(P_PROPERTY_TYPES) {
            Some(text) => crate::format::json_custom::types_from_json(text).map_err(|message| {
                FromTiledError::Property {
                    name: P_PROPERTY_TYPES.into(),
                    message,
                }
            })?,
            None => Vec::new(),
        };
        if types.is_empty() && self.0.is_empty() {
            return Ok(());
        }
        let mut values: BTreeMap<PropOwner, PropValues> = BTreeMap::new();
        for (layer, o) in self.0 {
            let err = |message: String| FromTiledError::Object {
                layer: layer.to_owned(),
                id: o.id,
                message,
            };
            let owner = owner_of(o).map_err(err)?;
            let own = values.entry(owner).or_default();
            for (name, text) in &o.properties {
                if name.starts_with("hexmap:") {
                    continue;
                }
                let t = types.iter().find(|t| &t.name == name).ok_or_else(|| {
                    err(format!(
                        "{owner}: property '{name}' is not declared in {P_PROPERTY_TYPES}"
                    ))
                })?;
                let v = value_from_text(&t.kind, text)
                    .map_err(|e| err(format!("{owner}, property '{name}': {e}")))?;
                own.insert(name.clone(), v);
            }
        }
        let custom = CustomProps::build(types, values).map_err(|e| FromTiledError::Property {
            name: P_PROPERTY_TYPES.into(),
            message: e.to_string(),
        })?;
        map.set_custom(custom)
            .map_err(|e| FromTiledError::Property {
                name: P_PROPERTY_TYPES.into(),
                message: e.to_string(),
            })?;
        Ok(())
    }
}
