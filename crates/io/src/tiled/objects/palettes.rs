//! The edge and path palettes as compact JSON text in a map property
//! (`hexmap:edge_types`, `hexmap:path_types`): every field of each type, costs as numbers
//! of points (`2`, `0.5`; exact, as they have at most two decimals), `null` for impassable
//! / no effect. Files that wrote costs as text (`"2"`) read the same.

use hexmap_map::{
    Cost, EdgeMove, EdgePalette, EdgeType, EdgeTypeId, FeatureId, FeaturePalette, FeatureType,
    LineStyle, PathPalette, PathType, PathTypeId, Rgb,
};
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

/// One palette entry of the property, of either kind: the fields every feature type has,
/// its cost, and the sight flag that only edges carry.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    id: u16,
    name: String,
    color: String,
    width: f32,
    style: String,
    /// Edges: extra cost of crossing in points, `None` impassable. Paths: cost of a step
    /// along the path in points, `None` no effect.
    cost: Option<CostText>,
    /// Whether an edge blocks sight; absent for paths.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    blocks_sight: Option<bool>,
}

/// An entry's fields once checked, from which a type of either kind is made.
struct Checked<Id> {
    id: Id,
    name: String,
    color: Rgb,
    width: f32,
    style: LineStyle,
    cost: Option<Cost>,
    blocks_sight: Option<bool>,
}

/// What the two kinds of palette type do differently in the property: the cost's meaning
/// and the sight flag.
trait Kind: FeatureType {
    /// The cost as the entry writes it and the sight flag (`None` for a kind without one).
    fn cost_and_sight(&self) -> (Option<Cost>, Option<bool>);
    /// The type from a checked entry; an error when the sight flag is missing or not
    /// allowed for this kind.
    fn from_checked(entry: Checked<Self::Id>) -> Result<Self, String>;
}

impl Kind for EdgeType {
    fn cost_and_sight(&self) -> (Option<Cost>, Option<bool>) {
        let cost = match self.movement {
            EdgeMove::Extra(c) => Some(c),
            EdgeMove::Impassable => None,
        };
        (cost, Some(self.blocks_sight))
    }
    fn from_checked(e: Checked<EdgeTypeId>) -> Result<EdgeType, String> {
        Ok(EdgeType {
            id: e.id,
            name: e.name,
            color: e.color,
            width: e.width,
            style: e.style,
            movement: e.cost.map_or(EdgeMove::Impassable, EdgeMove::Extra),
            blocks_sight: e.blocks_sight.ok_or("an edge type needs `blocks_sight`")?,
        })
    }
}

impl Kind for PathType {
    fn cost_and_sight(&self) -> (Option<Cost>, Option<bool>) {
        (self.cost, None)
    }
    fn from_checked(e: Checked<PathTypeId>) -> Result<PathType, String> {
        if e.blocks_sight.is_some() {
            return Err("a path type has no `blocks_sight`".into());
        }
        Ok(PathType {
            id: e.id,
            name: e.name,
            color: e.color,
            width: e.width,
            style: e.style,
            cost: e.cost,
        })
    }
}

/// The property's entry for `t`.
fn entry_of<T: Kind>(t: &T) -> Entry {
    let (cost, blocks_sight) = t.cost_and_sight();
    Entry {
        id: t.id().get(),
        name: t.name().to_string(),
        color: t.color().to_string(),
        width: t.width(),
        style: t.style().name().to_string(),
        cost: cost.map(|c| CostText(c.to_string())),
        blocks_sight,
    }
}

/// The edge palette as the property's text.
pub fn edge_palette_text(palette: &EdgePalette) -> String {
    palette_text(palette)
}

/// The path palette as the property's text.
pub fn path_palette_text(palette: &PathPalette) -> String {
    palette_text(palette)
}

/// Read `hexmap:edge_types`: every entry checked, then the palette's own checks.
pub fn edge_palette_from_text(text: &str) -> Result<EdgePalette, String> {
    palette_from_text(text)
}

/// Read `hexmap:path_types`: every entry checked, then the palette's own checks.
pub fn path_palette_from_text(text: &str) -> Result<PathPalette, String> {
    palette_from_text(text)
}

/// A palette as the property's text: a JSON list of entries.
fn palette_text<T: Kind>(palette: &FeaturePalette<T>) -> String {
    let entries: Vec<Entry> = palette.types().iter().map(entry_of).collect();
    serde_json::to_string(&entries).expect("plain values serialise")
}

/// A palette from the property's text: each entry's id, colour, style, cost and sight
/// flag checked (errors name the entry), then the palette's own checks.
fn palette_from_text<T: Kind>(text: &str) -> Result<FeaturePalette<T>, String> {
    let entries: Vec<Entry> = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let types = entries
        .into_iter()
        .enumerate()
        .map(|(index, e)| {
            let raw_id = e.id;
            let at = |m: String| format!("entry {index} (id {raw_id}): {m}");
            let id = T::Id::new(raw_id).ok_or_else(|| at("id must be at least 1".into()))?;
            let color: Rgb = e.color.parse().map_err(at)?;
            let style = LineStyle::from_name(&e.style).ok_or_else(|| {
                at(format!(
                    "unknown style '{}' (solid, dashed or double)",
                    e.style
                ))
            })?;
            let cost = e
                .cost
                .as_ref()
                .map(|c| c.0.parse::<Cost>().map_err(|err| at(err.to_string())))
                .transpose()?;
            T::from_checked(Checked {
                id,
                name: e.name,
                color,
                width: e.width,
                style,
                cost,
                blocks_sight: e.blocks_sight,
            })
            .map_err(at)
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

    #[test]
    fn the_sight_flag_is_required_on_edges_and_refused_on_paths() {
        let e = edge_palette_from_text(
            r##"[{"id":2,"name":"x","color":"#000000","width":0.1,"style":"solid","cost":null}]"##,
        )
        .unwrap_err();
        assert!(
            e.starts_with("entry 0 (id 2):") && e.contains("blocks_sight"),
            "{e}"
        );
        let e = path_palette_from_text(
            r##"[{"id":1,"name":"x","color":"#000000","width":0.1,"style":"solid","cost":null,"blocks_sight":true}]"##,
        )
        .unwrap_err();
        assert!(
            e.starts_with("entry 0 (id 1):") && e.contains("blocks_sight"),
            "{e}"
        );
        let text = path_palette_text(&PathPalette::standard());
        assert!(!text.contains("blocks_sight"), "{text}");
    }
}
