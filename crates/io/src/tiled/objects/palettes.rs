//! The edge and path palettes as compact JSON text in a map property
//! (`hexmap:edge_types`, `hexmap:path_types`): every field of each type, costs as text in
//! points (`"2"`, `"0.5"`) so they come back exact, `null` for impassable / no effect.

use hexmap_map::{
    Cost, EdgeMove, EdgePalette, EdgeType, EdgeTypeId, LineStyle, PathPalette, PathType,
    PathTypeId, Rgb,
};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EdgeEntry {
    id: u16,
    name: String,
    color: String,
    width: f32,
    style: String,
    /// Extra cost of crossing in points; `None`: impassable.
    cost: Option<String>,
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
    cost: Option<String>,
}

/// The edge palette as the property's text.
pub fn edge_palette_text(palette: &EdgePalette) -> String {
    let entries: Vec<EdgeEntry> = palette
        .types()
        .iter()
        .map(|t| EdgeEntry {
            id: t.id.get(),
            name: t.name.clone(),
            color: t.color.to_string(),
            width: t.width,
            style: t.style.name().to_string(),
            cost: match t.movement {
                EdgeMove::Extra(c) => Some(c.to_string()),
                EdgeMove::Impassable => None,
            },
            blocks_sight: t.blocks_sight,
        })
        .collect();
    serde_json::to_string(&entries).expect("plain values serialise")
}

/// The path palette as the property's text.
pub fn path_palette_text(palette: &PathPalette) -> String {
    let entries: Vec<PathEntry> = palette
        .types()
        .iter()
        .map(|t| PathEntry {
            id: t.id.get(),
            name: t.name.clone(),
            color: t.color.to_string(),
            width: t.width,
            style: t.style.name().to_string(),
            cost: t.cost.map(|c| c.to_string()),
        })
        .collect();
    serde_json::to_string(&entries).expect("plain values serialise")
}

/// The fields both kinds of entry share, checked: id, colour, style, cost.
fn common(
    index: usize,
    id: u16,
    color: &str,
    style: &str,
    cost: Option<&str>,
) -> Result<(u16, Rgb, LineStyle, Option<Cost>), String> {
    let at = |m: String| format!("entry {index} (id {id}): {m}");
    if id == 0 {
        return Err(at("id must be at least 1".into()));
    }
    let color: Rgb = color.parse().map_err(at)?;
    let style = LineStyle::from_name(style)
        .ok_or_else(|| at(format!("unknown style '{style}' (solid, dashed or double)")))?;
    let cost = cost
        .map(|c| c.parse::<Cost>().map_err(|e| at(e.to_string())))
        .transpose()?;
    Ok((id, color, style, cost))
}

/// Read `hexmap:edge_types`: every entry checked, then the palette's own checks.
pub fn edge_palette_from_text(text: &str) -> Result<EdgePalette, String> {
    let entries: Vec<EdgeEntry> = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let types = entries
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let (id, color, style, cost) = common(i, e.id, &e.color, &e.style, e.cost.as_deref())?;
            Ok(EdgeType {
                id: EdgeTypeId::new(id).expect("checked non-zero"),
                name: e.name,
                color,
                width: e.width,
                style,
                movement: cost.map_or(EdgeMove::Impassable, EdgeMove::Extra),
                blocks_sight: e.blocks_sight,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    EdgePalette::new(types).map_err(|e| e.to_string())
}

/// Read `hexmap:path_types`: every entry checked, then the palette's own checks.
pub fn path_palette_from_text(text: &str) -> Result<PathPalette, String> {
    let entries: Vec<PathEntry> = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let types = entries
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let (id, color, style, cost) = common(i, e.id, &e.color, &e.style, e.cost.as_deref())?;
            Ok(PathType {
                id: PathTypeId::new(id).expect("checked non-zero"),
                name: e.name,
                color,
                width: e.width,
                style,
                cost,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    PathPalette::new(types).map_err(|e| e.to_string())
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
