//! Named regions in the JSON export (docs/JSON.md, "Regions"): `region_kinds` and
//! `regions` (each region's hexes as axial `[q, r]`), written only when the map has them,
//! and read back by `json_read` with errors naming the JSON path.

use super::json_value::{At, Element, array, boolean, int, member, object, pair, text};
use hexmap_hex::Hex;
use hexmap_map::regions::MAX_REGIONS;
use hexmap_map::shape::MAX_CELLS;
use hexmap_map::{BorderStyle, HexMap, Region, RegionId, RegionKind, RegionLook, Regions, Rgb};
use serde::Serialize;
use serde_json::Value;

/// A region kind as written.
#[derive(Serialize)]
pub(super) struct JsonRegionKind<'a> {
    name: &'a str,
    exclusive: bool,
}

/// A region as written.
#[derive(Serialize)]
pub(super) struct JsonRegion<'a> {
    id: u32,
    name: &'a str,
    kind: &'a str,
    color: String,
    border: &'static str,
    /// The tint's opacity; `null` for none.
    tint: Option<f32>,
    label: bool,
    /// For the GM only; left out when not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    gm_only: bool,
    /// The region's key entry; left out when it has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    key: Option<super::json_key::JsonEntry<'a>>,
    hexes: Vec<[i32; 2]>,
}

/// The map's region kinds and regions as written (empty lists are left out).
pub(super) fn regions_json(map: &HexMap) -> (Vec<JsonRegionKind<'_>>, Vec<JsonRegion<'_>>) {
    let r = map.regions();
    let kinds = r
        .kinds()
        .iter()
        .map(|k| JsonRegionKind {
            name: &k.name,
            exclusive: k.exclusive,
        })
        .collect();
    let regions = r
        .iter()
        .map(|r| JsonRegion {
            id: r.id.0,
            name: &r.look.name,
            kind: &r.look.kind,
            color: r.look.color.to_string(),
            border: r.look.border.name(),
            tint: r.look.tint,
            label: r.look.label,
            gm_only: r.look.gm_only,
            key: r.look.key.as_ref().map(Into::into),
            hexes: r.hexes.iter().map(|h| [h.q, h.r]).collect(),
        })
        .collect();
    (kinds, regions)
}

/// A region kind as read.
pub(super) struct RegionKindIn(RegionKind);

impl Element for RegionKindIn {
    const LIST: &'static str = "region_kinds";
    const MAX: usize = hexmap_map::regions::MAX_REGION_KINDS;
    fn read(v: &Value, at: &At) -> Result<Self, String> {
        let o = object(v, at)?;
        let (v, a) = member(o, "name", at)?;
        let name = text(v, &a)?.to_owned();
        let exclusive = match o.get("exclusive") {
            Some(v) => boolean(v, &at.key("exclusive"))?,
            None => false,
        };
        Ok(RegionKindIn(RegionKind { name, exclusive }))
    }
}

/// A region as read.
pub(super) struct RegionIn(Region);

impl Element for RegionIn {
    const LIST: &'static str = "regions";
    const MAX: usize = MAX_REGIONS;
    // The largest region: every cell of the largest map, three values a hex.
    const MAX_VALUES: usize = 3 * MAX_CELLS as usize + 64;
    fn read(v: &Value, at: &At) -> Result<Self, String> {
        let o = object(v, at)?;
        let get = |key| member(o, key, at);
        let (v, a) = get("id")?;
        let id = RegionId(int::<u32>(v, &a)?);
        let string = |key| -> Result<String, String> {
            let (v, a) = get(key)?;
            Ok(text(v, &a)?.to_owned())
        };
        let (name, kind) = (string("name")?, string("kind")?);
        let (v, a) = get("color")?;
        let color: Rgb = text(v, &a)?.parse().map_err(|e: String| a.err(e))?;
        let mut look = RegionLook::new(name, kind, color);
        if let Some(v) = o.get("border") {
            let a = at.key("border");
            look.border = text(v, &a)?.parse::<BorderStyle>().map_err(|e| a.err(e))?;
        }
        if let Some(v) = o.get("tint").filter(|v| !matches!(v, Value::Null)) {
            look.tint = Some(super::json_value::number(v, &at.key("tint"))? as f32);
        }
        if let Some(v) = o.get("label") {
            look.label = boolean(v, &at.key("label"))?;
        }
        if let Some(v) = o.get("gm_only") {
            look.gm_only = boolean(v, &at.key("gm_only"))?;
        }
        look.key = super::json_key::read_owned_entry(o, at)?;
        let (v, a) = get("hexes")?;
        let hexes = array(v, &a)?
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let [q, r] = pair(v, &a.index(i), int::<i32>)?;
                Ok(Hex::new(q, r))
            })
            .collect::<Result<_, String>>()?;
        Ok(RegionIn(Region { id, look, hexes }))
    }
}

/// Put the regions read on `map`, checked by the map's own rule; a fault is named by the
/// list (`regions: region 7: unknown kind "Weather" …`).
pub(super) fn put_regions(
    map: &mut HexMap,
    kinds: Option<Vec<RegionKindIn>>,
    regions: Option<Vec<RegionIn>>,
) -> Result<(), String> {
    let kinds: Vec<RegionKind> = kinds.unwrap_or_default().into_iter().map(|k| k.0).collect();
    let regions: Vec<Region> = regions
        .unwrap_or_default()
        .into_iter()
        .map(|r| r.0)
        .collect();
    if kinds.is_empty() && regions.is_empty() {
        return Ok(());
    }
    let built = Regions::build(map, kinds, regions).map_err(|e| At::root("regions").err(e))?;
    map.set_regions(built)
        .map_err(|e| At::root("regions").err(e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::json_read::read_json;
    use super::super::table::to_json;
    use hexmap_hex::{Hex, Orientation};
    use hexmap_map::{
        BorderStyle, Document, Edit, HexMap, Region, RegionEdit, RegionId, RegionKind, RegionLook,
        Rgb,
    };

    fn map() -> HexMap {
        let map = hexmap_map::testing::hexagon_map(3, Orientation::Pointy);
        let mut d = Document::new(map);
        d.apply(&Edit::Region(RegionEdit::AddKind(RegionKind {
            name: "Climate".into(),
            exclusive: false,
        })))
        .unwrap();
        d.apply(&Edit::Region(RegionEdit::Add(Region {
            id: RegionId(7),
            look: RegionLook {
                name: "Frost".into(),
                kind: "Climate".into(),
                color: Rgb([10, 120, 240]),
                border: BorderStyle::Dashed,
                tint: Some(0.5),
                label: false,
                gm_only: false,
                key: None,
            },
            hexes: [Hex::new(0, 0), Hex::new(1, -1)].into_iter().collect(),
        })))
        .unwrap();
        d.into_map()
    }

    #[test]
    fn regions_are_exported_with_axial_hexes_and_read_back() {
        let m = map();
        let text = to_json(&m);
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            v["regions"][0],
            serde_json::json!({"id": 7, "name": "Frost", "kind": "Climate", "color": "#0a78f0",
                "border": "dashed", "tint": 0.5, "label": false, "hexes": [[1, -1], [0, 0]]})
        );
        assert_eq!(
            v["region_kinds"],
            serde_json::json!([{"name": "Climate", "exclusive": false}])
        );
        let back = read_json(text.as_bytes(), "m.json").unwrap().map;
        assert_eq!(back.regions(), m.regions());
        assert_eq!(to_json(&back), text);
    }

    #[test]
    fn a_map_without_regions_has_no_region_keys_and_bad_regions_are_named() {
        let plain = hexmap_map::testing::hexagon_map(1, Orientation::Flat);
        assert!(!to_json(&plain).contains("region"));
        let text = to_json(&map()).replace("\"kind\": \"Climate\"", "\"kind\": \"Weather\"");
        let err = read_json(text.as_bytes(), "m.json")
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "m.json: regions: region 7: unknown kind \"Weather\" (add the kind to region_kinds first)"
        );
    }
}
