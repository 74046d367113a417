//! The edge and path palettes as compact JSON text in a map property
//! (`hexmap:edge_types`, `hexmap:path_types`): every field of each type, costs as numbers
//! of points (`2`, `0.5`; exact, as they have at most two decimals), `null` for impassable
//! / no effect. Files that wrote costs as text (`"2"`) read the same.

use hexmap_map::{
    Cost, EdgeMove, EdgePalette, EdgeType, EdgeTypeId, FeatureId, FeaturePalette, FeatureType,
    LineStyle, PathPalette, PathType, PathTypeId, Rgb,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A cost in points as the property writes it: a JSON number (`2`, `0.5`), read from a
/// number or from text (older files), kept as its text until checked.
struct CostText(String);

impl Serialize for CostText {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.parse::<Cost>() {
            Ok(c) => crate::format::Points(c).serialize(s),
            Err(_) => s.serialize_str(&self.0),
        }
    }
}

impl<'de> Deserialize<'de> for CostText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            Number(serde_json::Number),
            Text(String),
        }
        Ok(CostText(match Either::deserialize(d)? {
            Either::Number(n) => n.to_string(),
            Either::Text(t) => t,
        }))
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EdgeEntry {
    id: u16,
    name: String,
    color: String,
    width: f32,
    style: String,
    /// Extra cost of crossing in points; `None`: impassable.
    cost: Option<CostText>,
    blocks_sight: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PathEntry {
    id: u16,
    name: String,
    color: String,
    width: f32,
    style: String,
    /// Cost of a step along the path in points; `None`: no effect.
    cost: Option<CostText>,
}

/// A palette entry of the property, of either kind: how a type becomes one and back.
trait Entry: Serialize + DeserializeOwned {
    /// The palette type it stands for.
    type Type: FeatureType;
    /// The entry for `t`.
    fn of(t: &Self::Type) -> Self;
    /// The id, colour, style and cost as written.
    fn written(&self) -> (u16, &str, &str, Option<&str>);
    /// The type from the checked common fields and the entry's own.
    fn into_type(
        self,
        id: <Self::Type as FeatureType>::Id,
        color: Rgb,
        style: LineStyle,
        cost: Option<Cost>,
    ) -> Self::Type;
}

impl Entry for EdgeEntry {
    type Type = EdgeType;
    fn of(t: &EdgeType) -> Self {
        EdgeEntry {
            id: t.id.get(),
            name: t.name.clone(),
            color: t.color.to_string(),
            width: t.width,
            style: t.style.name().to_string(),
            cost: match t.movement {
                EdgeMove::Extra(c) => Some(CostText(c.to_string())),
                EdgeMove::Impassable => None,
            },
            blocks_sight: t.blocks_sight,
        }
    }
    fn written(&self) -> (u16, &str, &str, Option<&str>) {
        (
            self.id,
            &self.color,
            &self.style,
            self.cost.as_ref().map(|c| c.0.as_str()),
        )
    }
    fn into_type(
        self,
        id: EdgeTypeId,
        color: Rgb,
        style: LineStyle,
        cost: Option<Cost>,
    ) -> EdgeType {
        EdgeType {
            id,
            name: self.name,
            color,
            width: self.width,
            style,
            movement: cost.map_or(EdgeMove::Impassable, EdgeMove::Extra),
            blocks_sight: self.blocks_sight,
        }
    }
}

impl Entry for PathEntry {
    type Type = PathType;
    fn of(t: &PathType) -> Self {
        PathEntry {
            id: t.id.get(),
            name: t.name.clone(),
            color: t.color.to_string(),
            width: t.width,
            style: t.style.name().to_string(),
            cost: t.cost.map(|c| CostText(c.to_string())),
        }
    }
    fn written(&self) -> (u16, &str, &str, Option<&str>) {
        (
            self.id,
            &self.color,
            &self.style,
            self.cost.as_ref().map(|c| c.0.as_str()),
        )
    }
    fn into_type(
        self,
        id: PathTypeId,
        color: Rgb,
        style: LineStyle,
        cost: Option<Cost>,
    ) -> PathType {
        PathType {
            id,
            name: self.name,
            color,
            width: self.width,
            style,
            cost,
        }
    }
}

/// The edge palette as the property's text.
pub fn edge_palette_text(palette: &EdgePalette) -> String {
    palette_text::<EdgeEntry>(palette)
}

/// The path palette as the property's text.
pub fn path_palette_text(palette: &PathPalette) -> String {
    palette_text::<PathEntry>(palette)
}

/// Read `hexmap:edge_types`: every entry checked, then the palette's own checks.
pub fn edge_palette_from_text(text: &str) -> Result<EdgePalette, String> {
    palette_from_text::<EdgeEntry>(text)
}

/// Read `hexmap:path_types`: every entry checked, then the palette's own checks.
pub fn path_palette_from_text(text: &str) -> Result<PathPalette, String> {
    palette_from_text::<PathEntry>(text)
}

/// A palette as the property's text: a JSON list of entries `E`.
fn palette_text<E: Entry>(palette: &FeaturePalette<E::Type>) -> String {
    let entries: Vec<E> = palette.types().iter().map(E::of).collect();
    serde_json::to_string(&entries).expect("plain values serialise")
}

/// A palette from the property's text: each entry's id, colour, style and cost checked
/// (errors name the entry), then the palette's own checks.
fn palette_from_text<E: Entry>(text: &str) -> Result<FeaturePalette<E::Type>, String> {
    let entries: Vec<E> = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let types = entries
        .into_iter()
        .enumerate()
        .map(|(index, e)| {
            let (id, color, style, cost) = e.written();
            let at = |m: String| format!("entry {index} (id {id}): {m}");
            let id = FeatureId::new(id).ok_or_else(|| at("id must be at least 1".into()))?;
            let color: Rgb = color.parse().map_err(at)?;
            let style = LineStyle::from_name(style)
                .ok_or_else(|| at(format!("unknown style '{style}' (solid, dashed or double)")))?;
            let cost = cost
                .map(|c| c.parse::<Cost>().map_err(|e| at(e.to_string())))
                .transpose()?;
            Ok(e.into_type(id, color, style, cost))
        })
        .collect::<Result<Vec<_>, String>>()?;
    FeaturePalette::new(types).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_palettes_come_back_exactly() {
        let edges = EdgePalette::standard();
        assert_eq!(
            edge_palette_from_text(&edge_palette_text(&edges)),
            Ok(edges)
        );
        let paths = PathPalette::standard();
        assert_eq!(
            path_palette_from_text(&path_palette_text(&paths)),
            Ok(paths)
        );
    }

    #[test]
    fn bad_entries_are_named() {
        let e = edge_palette_from_text(
            r##"[{"id":3,"name":"x","color":"blue","width":0.1,"style":"solid","cost":"1","blocks_sight":false}]"##,
        )
        .unwrap_err();
        assert!(
            e.starts_with("entry 0 (id 3):") && e.contains("blue"),
            "{e}"
        );
        let e = path_palette_from_text(
            r##"[{"id":1,"name":"x","color":"#000000","width":0.1,"style":"wavy","cost":null}]"##,
        )
        .unwrap_err();
        assert!(e.contains("wavy"), "{e}");
        let e = path_palette_from_text(
            r##"[{"id":1,"name":"x","color":"#000000","width":0.1,"style":"solid","cost":"-1"}]"##,
        )
        .unwrap_err();
        assert!(e.contains("'-1'"), "{e}");
        let e = edge_palette_from_text(
            r##"[{"id":1,"name":"x","color":"#000000","width":3,"style":"solid","cost":null,"blocks_sight":true}]"##,
        )
        .unwrap_err();
        assert!(e.contains("width 3"), "{e}");
        assert!(edge_palette_from_text("[{").is_err());
    }
}
