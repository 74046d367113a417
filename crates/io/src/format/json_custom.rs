//! Custom properties in the JSON export (version 4): `property_types` (name, kind, enum
//! values, default, GM-only flag) and `properties` (each object's own values, typed:
//! strings, integers, numbers, booleans, colours as `"#rrggbb"`, hexes as axial `[q, r]`,
//! enum values as strings). Both are left out when the map has none.

use super::json_value::{At, Element, array, boolean, int, member, number, object, pair, text};
use hexmap_hex::Hex;
use hexmap_map::{
    CustomProps, EdgeTypeId, HexMap, IconId, LabelId, PathTypeId, PropKind, PropOwner, PropType,
    PropValue, PropValues, RegionId, Rgb, TerrainId,
};
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// A declared property type.
#[derive(Serialize)]
pub(super) struct JsonPropType<'a> {
    name: &'a str,
    /// `string`, `int`, `number`, `bool`, `colour`, `hex` or `enum`.
    kind: &'static str,
    /// An enum's values, in order; left out for the other kinds.
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<&'a [String]>,
    default: Value,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    gm_only: bool,
}

/// One object's own values.
#[derive(Serialize)]
pub(super) struct JsonProps {
    /// `map`, `cell`, `terrain`, `edge_type`, `path_type`, `icon`, `label` or `region`.
    owner: &'static str,
    /// The object's id (palette entries, icons, labels, regions).
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<u32>,
    /// A cell's axial `[q, r]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    hex: Option<[i32; 2]>,
    values: Map<String, Value>,
}

/// A value as typed JSON.
pub(super) fn value_json(v: &PropValue) -> Value {
    match v {
        PropValue::String(s) | PropValue::Enum(s) => Value::String(s.clone()),
        PropValue::Int(n) => Value::from(*n),
        PropValue::Number(x) => Value::from(*x),
        PropValue::Bool(b) => Value::Bool(*b),
        PropValue::Colour(c) => Value::String(c.to_string()),
        PropValue::Hex(h) => Value::from(vec![h.q, h.r]),
    }
}

/// The `property_types` and `properties` lists of `map` (objects it has only); the cells'
/// values are left out of the list when `cells` is false (the compact form's grid holds
/// them).
pub(super) fn custom_json(map: &HexMap, cells: bool) -> (Vec<JsonPropType<'_>>, Vec<JsonProps>) {
    let custom = map.custom();
    let types = custom
        .types()
        .iter()
        .map(|t| JsonPropType {
            name: &t.name,
            kind: t.kind.name(),
            values: match &t.kind {
                PropKind::Enum(v) => Some(v.as_slice()),
                _ => None,
            },
            default: value_json(&t.default),
            gm_only: t.gm_only,
        })
        .collect();
    let props = custom
        .iter_on(map)
        .filter(|(o, _)| cells || !matches!(o, PropOwner::Cell(_)))
        .map(|(o, vals)| {
            let (owner, id, hex) = match o {
                PropOwner::Map => ("map", None, None),
                PropOwner::Cell(h) => ("cell", None, Some([h.q, h.r])),
                PropOwner::Terrain(t) => ("terrain", Some(u32::from(t.get())), None),
                PropOwner::EdgeType(t) => ("edge_type", Some(u32::from(t.get())), None),
                PropOwner::PathType(t) => ("path_type", Some(u32::from(t.get())), None),
                PropOwner::Icon(i) => ("icon", Some(i.0), None),
                PropOwner::Label(l) => ("label", Some(l.0), None),
                PropOwner::Region(r) => ("region", Some(r.0), None),
            };
            JsonProps {
                owner,
                id,
                hex,
                values: vals
                    .iter()
                    .map(|(k, v)| (k.clone(), value_json(v)))
                    .collect(),
            }
        })
        .collect();
    (types, props)
}

/// A property type as read (its default still JSON: read once the kind is known).
pub(super) struct PropTypeIn(PropType);

impl Element for PropTypeIn {
    const LIST: &'static str = "property_types";
    const MAX: usize = hexmap_map::custom::MAX_PROP_TYPES;
    fn read(v: &Value, at: &At) -> Result<Self, String> {
        let o = object(v, at)?;
        let (n, a) = member(o, "name", at)?;
        let name = text(n, &a)?.to_owned();
        let (k, a) = member(o, "kind", at)?;
        let kind = match text(k, &a)? {
            "string" => PropKind::String,
            "int" => PropKind::Int,
            "number" => PropKind::Number,
            "bool" => PropKind::Bool,
            "colour" => PropKind::Colour,
            "hex" => PropKind::Hex,
            "enum" => {
                let (vs, a) = member(o, "values", at)?;
                let values = array(vs, &a)?
                    .iter()
                    .enumerate()
                    .map(|(i, v)| Ok(text(v, &a.index(i))?.to_owned()))
                    .collect::<Result<Vec<_>, String>>()?;
                PropKind::Enum(values)
            }
            other => return Err(a.err(format!("unknown property kind \"{other}\""))),
        };
        let (d, a) = member(o, "default", at)?;
        let default = value_in(&kind, d, &a)?;
        let gm_only = match o.get("gm_only") {
            Some(v) => boolean(v, &at.key("gm_only"))?,
            None => false,
        };
        let t = PropType {
            name,
            kind,
            default,
            gm_only,
        };
        hexmap_map::custom::validate_type(&t).map_err(|e| at.err(e))?;
        Ok(PropTypeIn(t))
    }
}

/// One object's values as read; the values are typed when the types are known.
pub(super) struct PropsIn {
    owner: PropOwner,
    values: Map<String, Value>,
    place: Place,
}

/// Where an object's values were read: an entry of `properties`, or a cell of the
/// compact form's grid.
enum Place {
    /// The entry at this place.
    List(At),
    /// The grid's value index.
    Grid(usize),
}

impl PropsIn {
    /// A cell's values read from the compact form's `grid.properties` at value `index`.
    pub(super) fn of_grid(owner: PropOwner, values: Map<String, Value>, index: usize) -> Self {
        PropsIn {
            owner,
            values,
            place: Place::Grid(index),
        }
    }

    /// The place of this object's value `name`: `properties[3].values.owner` or
    /// `grid.properties.owner[12]`.
    fn value_at(&self, name: &str) -> At {
        match &self.place {
            Place::List(at) => at.key("values").key(name),
            Place::Grid(i) => At::root("grid").key("properties").key(name).index(*i),
        }
    }
}

impl Element for PropsIn {
    const LIST: &'static str = "properties";
    const MAX: usize = hexmap_map::shape::MAX_CELLS as usize + 1_000_000;
    fn read(v: &Value, at: &At) -> Result<Self, String> {
        let o = object(v, at)?;
        let (w, a) = member(o, "owner", at)?;
        let owner_name = text(w, &a)?.to_owned();
        let id = |at: &At| -> Result<u32, String> {
            let (v, a) = member(o, "id", at)?;
            int::<u32>(v, &a)
        };
        let id16 = |at: &At| -> Result<u16, String> {
            let n = id(at)?;
            u16::try_from(n).ok().filter(|n| *n > 0).ok_or_else(|| {
                at.key("id")
                    .err(format!("{n} is not a palette id (1 to 65535)"))
            })
        };
        let owner = match owner_name.as_str() {
            "map" => PropOwner::Map,
            "cell" => {
                let (v, a) = member(o, "hex", at)?;
                let [q, r] = pair(v, &a, int::<i32>)?;
                PropOwner::Cell(Hex::new(q, r))
            }
            "terrain" => PropOwner::Terrain(TerrainId::new(id16(at)?).expect("not zero")),
            "edge_type" => PropOwner::EdgeType(EdgeTypeId::new(id16(at)?).expect("not zero")),
            "path_type" => PropOwner::PathType(PathTypeId::new(id16(at)?).expect("not zero")),
            "icon" => PropOwner::Icon(IconId(id(at)?)),
            "label" => PropOwner::Label(LabelId(id(at)?)),
            "region" => PropOwner::Region(RegionId(id(at)?)),
            other => return Err(a.err(format!("unknown owner \"{other}\""))),
        };
        let (vals, a) = member(o, "values", at)?;
        Ok(PropsIn {
            owner,
            values: object(vals, &a)?.clone(),
            place: Place::List(at.clone()),
        })
    }
}

/// A JSON value read as a value of `kind`.
fn value_in(kind: &PropKind, v: &Value, at: &At) -> Result<PropValue, String> {
    let value = match kind {
        PropKind::String => PropValue::String(text(v, at)?.to_owned()),
        PropKind::Enum(_) => PropValue::Enum(text(v, at)?.to_owned()),
        PropKind::Int => PropValue::Int(
            v.as_i64()
                .ok_or_else(|| at.err(format!("{v} is not a whole number (64-bit)")))?,
        ),
        PropKind::Number => PropValue::Number(number(v, at)?),
        PropKind::Bool => PropValue::Bool(boolean(v, at)?),
        PropKind::Colour => PropValue::Colour(text(v, at)?.parse::<Rgb>().map_err(|e| at.err(e))?),
        PropKind::Hex => {
            let [q, r] = pair(v, at, int::<i32>)?;
            PropValue::Hex(Hex::new(q, r))
        }
    };
    match hexmap_map::custom::misfit(kind, &value) {
        Some(problem) => Err(at.err(problem)),
        None => Ok(value),
    }
}

/// Put the custom properties read on `map`.
pub(super) fn put_custom(
    map: &mut HexMap,
    types: Option<Vec<PropTypeIn>>,
    props: Option<Vec<PropsIn>>,
) -> Result<(), String> {
    let types: Vec<PropType> = types.unwrap_or_default().into_iter().map(|t| t.0).collect();
    let props = props.unwrap_or_default();
    if types.is_empty() && props.is_empty() {
        return Ok(());
    }
    let mut values: BTreeMap<PropOwner, PropValues> = BTreeMap::new();
    for p in props {
        let mut out = PropValues::new();
        for (name, v) in &p.values {
            let a = p.value_at(name);
            let t = types.iter().find(|t| &t.name == name).ok_or_else(|| {
                a.err(format!(
                    "property \"{name}\" is not declared in property_types"
                ))
            })?;
            out.insert(name.clone(), value_in(&t.kind, v, &a)?);
        }
        values.insert(p.owner, out);
    }
    let custom = CustomProps::build(types, values).map_err(|e| At::root("properties").err(e))?;
    map.set_custom(custom)
        .map_err(|e| At::root("properties").err(e))?;
    Ok(())
}

/// The map's property types as the JSON export's `property_types` list, on one line (what
/// the Tiled export keeps in its map property `hexmap:property_types`).
pub(crate) fn types_to_json(map: &HexMap) -> String {
    let (types, _) = custom_json(map, false);
    serde_json::to_string(&types).expect("plain data always serialises")
}

/// Property types from [`types_to_json`]'s text, each checked; errors name the entry.
pub(crate) fn types_from_json(text: &str) -> Result<Vec<PropType>, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    let at = At::root("property_types");
    array(&v, &at)?
        .iter()
        .enumerate()
        .map(|(i, t)| PropTypeIn::read(t, &at.index(i)).map(|t| t.0))
        .collect()
}
