//! A hexmap map from a Tiled map: the terrain, mines and holes layers, the shape, the
//! properties, notes and objects (the palette in [`super::import_palette`]).

use super::super::geometry::offset_kind_of;
use super::super::grid::TiledGrid;
use super::super::model::{TiledMap, property};
use super::super::objects;
use super::import_palette::import_palette;
use super::*;
use hexmap_hex::xxyy::LabelSettings;
use hexmap_hex::{OffsetCoord, Point};
use hexmap_map::{
    Corner, HexMap, MAX_MAP_NAME_LEN, MapProperties, MapShape, ShapeSpec, ViewSettings,
    shorten_to_bytes, validate_hex_size,
};

/// Why a Tiled map could not become a hexmap map.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FromTiledError {
    /// No tile layer at all.
    #[error("the Tiled map has no tile layer")]
    NoTileLayer,
    /// More distinct tiles than a palette holds.
    #[error("the map needs {0} terrains (tiles the terrain layer uses or that record a hexmap:id); a palette holds at most {max}", max = hexmap_map::palette::MAX_TERRAINS)]
    TooManyTiles(usize),
    /// A layer's tile count is not width × height.
    #[error("layer '{layer}' has {found} tiles; expected {expected} (width × height)")]
    LayerSize {
        /// Layer name.
        layer: String,
        /// Tiles found.
        found: usize,
        /// Tiles expected.
        expected: usize,
    },
    /// A layer uses a tile id that no tileset has.
    #[error("tile {0} belongs to no tileset")]
    UnknownTile(u32),
    /// The resulting map is invalid.
    #[error("the imported map is invalid: {0}")]
    Invalid(String),
    /// An object (edge, path, icon, label) has a malformed value.
    #[error("layer '{layer}' object {id}: {message}")]
    Object {
        /// Its layer's name.
        layer: String,
        /// Its id.
        id: u32,
        /// What is wrong.
        message: String,
    },
    /// A map property has a malformed value.
    #[error("map property '{name}': {message}")]
    Property {
        /// The property.
        name: String,
        /// What is wrong.
        message: String,
    },
}

/// A hexmap map from a Tiled hexagonal map, with warnings about what could not be kept.
///
/// The terrain layer is the tile layer named `terrain`, else the first tile layer. Every
/// tile that records a terrain id (`hexmap:id`) becomes that terrain, used or not, and each
/// other distinct tile the layer uses becomes a terrain with a free id (name from the
/// tile's `name` property, colour from `hexmap:color`, else sampled from the tile image's
/// centre). A layer named `mines` marks mines, a layer named `holes` the cells that are
/// not part of the map (used for the shape when `hexmap:shape` names none); point objects
/// become notes on the hex whose tile is under them in Tiled's geometry. Maps we exported
/// come back whole: palette with its ids, shape, every cell and note.
pub fn from_tiled(doc: &TiledMap) -> Result<(HexMap, Vec<String>), FromTiledError> {
    let mut warnings = Vec::new();
    let terrain_layer = doc
        .layers
        .iter()
        .find(|l| l.name.eq_ignore_ascii_case("terrain"))
        .or_else(|| {
            doc.layers.iter().find(|l| {
                !l.name.eq_ignore_ascii_case("mines") && !l.name.eq_ignore_ascii_case(HOLES_LAYER)
            })
        })
        .ok_or(FromTiledError::NoTileLayer)?;
    let mines_layer = doc
        .layers
        .iter()
        .find(|l| l.name.eq_ignore_ascii_case("mines"));
    let holes_layer = doc
        .layers
        .iter()
        .find(|l| l.name.eq_ignore_ascii_case(HOLES_LAYER));
    let fog_layer = doc
        .layers
        .iter()
        .find(|l| l.name.eq_ignore_ascii_case(FOG_LAYER));
    let expected = doc.width as usize * doc.height as usize;
    if let Some(l) = doc.layers.iter().find(|l| l.gids.len() != expected) {
        return Err(FromTiledError::LayerSize {
            layer: l.name.clone(),
            found: l.gids.len(),
            expected,
        });
    }
    for l in &doc.layers {
        let known = [Some(terrain_layer), mines_layer, holes_layer, fog_layer];
        if !known.iter().any(|k| k.is_some_and(|k| std::ptr::eq(l, k))) {
            warnings.push(format!(
                "tile layer '{}' was not imported (only one terrain layer and 'mines')",
                l.name
            ));
        }
    }
    // Cells are placed in Tiled's grid kind; the map keeps its own kind when we wrote it.
    let kind = offset_kind_of(doc.geometry.axis, doc.geometry.index);
    let orientation = doc.geometry.axis.orientation();
    let map_kind = doc
        .property(PROP_OFFSET)
        .and_then(|k| k.parse::<OffsetKind>().ok())
        .unwrap_or(kind);

    let (palette, gid_terrain) = import_palette(doc, terrain_layer, &mut warnings)?;

    // Shape and placement.
    let origin = property(&doc.properties, PROP_ORIGIN)
        .and_then(|s| s.split_once(','))
        .and_then(|(c, r)| Some((c.trim().parse::<i32>().ok()?, r.trim().parse::<i32>().ok()?)))
        .unwrap_or((0, 0));
    let shape = property(&doc.properties, PROP_SHAPE)
        .and_then(|text| text.parse::<ShapeSpec>().ok())
        .and_then(|spec| spec.to_shape(map_kind).ok())
        .filter(|s| {
            let b = tiled_bounds(kind, s.offset_bounds(kind));
            (b.min_col, b.min_row, b.cols, b.rows) == (origin.0, origin.1, doc.width, doc.height)
        });
    // Without a shape we can name, the cells are Tiled's rectangle less the cells the
    // `holes` layer marks (a free-form map), or the whole rectangle from (0, 0).
    let (shape, origin) = match (shape, holes_layer) {
        (Some(s), _) => (s, origin),
        (None, Some(holes)) => {
            let width = doc.width as usize;
            let cells = holes
                .gids
                .iter()
                .enumerate()
                .filter(|(_, g)| **g == 0)
                .map(|(i, _)| {
                    let (col, row) = ((i % width) as i32 + origin.0, (i / width) as i32 + origin.1);
                    kind.to_hex(OffsetCoord::new(col, row))
                });
            let shape = MapShape::cells(cells).map_err(|e| {
                FromTiledError::Invalid(format!("the cells the '{HOLES_LAYER}' layer leaves: {e}"))
            })?;
            (shape, origin)
        }
        (None, None) => (
            MapShape::rectangle(kind, doc.width, doc.height)
                .map_err(|e| FromTiledError::Invalid(e.to_string()))?,
            (0, 0),
        ),
    };
    let hex_size = property(&doc.properties, PROP_HEX_SIZE)
        .and_then(|s| s.split_once(','))
        .and_then(|(x, y)| Some(Point::new(x.trim().parse().ok()?, y.trim().parse().ok()?)))
        .filter(|&p| validate_hex_size(orientation, p).is_ok())
        .unwrap_or_else(|| {
            let (tw, th) = (
                f64::from(doc.geometry.tile_width),
                f64::from(doc.geometry.tile_height),
            );
            match orientation {
                hexmap_hex::Orientation::Pointy => Point::new(tw / 3f64.sqrt(), th / 2.0),
                hexmap_hex::Orientation::Flat => Point::new(tw / 2.0, th / 3f64.sqrt()),
            }
        });
    let props = MapProperties {
        // Shortened by bytes, on a character boundary: the limit is in bytes.
        name: shorten_to_bytes(
            property(&doc.properties, PROP_NAME).unwrap_or("imported from Tiled"),
            MAX_MAP_NAME_LEN,
        )
        .to_string(),
        orientation,
        offset_kind: map_kind,
        hex_size,
        labels: property(&doc.properties, PROP_LABELS)
            .and_then(|text| text.parse().ok())
            .unwrap_or(LabelSettings {
                stagger: map_kind,
                ..LabelSettings::default()
            }),
    };
    let mut map =
        HexMap::new(props, shape, palette).map_err(|e| FromTiledError::Invalid(e.to_string()))?;
    map.set_view(view_settings(doc, &mut warnings));
    import_scale(doc, &mut map, &mut warnings);
    let width = doc.width as usize;
    let mut dropped = 0usize;
    for (i, &gid) in terrain_layer.gids.iter().enumerate() {
        let mine = mines_layer.is_some_and(|m| m.gids.get(i).is_some_and(|&g| g != 0));
        if gid == 0 && !mine {
            continue;
        }
        let (col, row) = ((i % width) as i32 + origin.0, (i / width) as i32 + origin.1);
        let hex = kind.to_hex(OffsetCoord::new(col, row));
        if !map.contains(hex) {
            dropped += 1;
            continue;
        }
        if gid != 0 {
            let _ = map.set_terrain(hex, gid_terrain.get(&gid).copied());
        }
        if mine {
            let _ = map.set_mine(hex, true);
        }
    }
    if dropped > 0 {
        warnings.push(format!(
            "{dropped} tiles lay outside the map's shape and were dropped"
        ));
    }
    // Fog: a tile on the `fog` layer hides its cell.
    for (i, _) in
        (fog_layer.iter().flat_map(|l| l.gids.iter().enumerate())).filter(|(_, g)| **g != 0)
    {
        let (col, row) = ((i % width) as i32 + origin.0, (i / width) as i32 + origin.1);
        map.set_hidden(kind.to_hex(OffsetCoord::new(col, row)), true);
    }
    let grid = TiledGrid {
        kind,
        origin,
        geometry: doc.geometry,
    };
    import_notes(doc, &grid, &mut map, &mut warnings);
    objects::import::import(doc, &grid, &mut map, &mut warnings)?;
    Ok((map, warnings))
}

/// The view settings recorded in `doc`'s properties (the default where none are); a value
/// that does not parse is left at its default with a warning.
fn view_settings(doc: &TiledMap, warnings: &mut Vec<String>) -> ViewSettings {
    let mut view = ViewSettings::default();
    if let Some(text) = property(&doc.properties, PROP_LEGEND) {
        match text.parse::<Corner>() {
            Ok(corner) => view.legend = Some(corner),
            Err(e) => warnings.push(format!("map property '{PROP_LEGEND}': {e}; no legend")),
        }
    }
    if let Some(text) = property(&doc.properties, PROP_NOTE_CAPTIONS) {
        match text.parse::<bool>() {
            Ok(on) => view.note_captions = on,
            Err(_) => warnings.push(format!(
                "map property '{PROP_NOTE_CAPTIONS}' is '{text}', not true or false; ignored"
            )),
        }
    }
    view
}

/// The map scale from the `hexmap:scale_per_hex` and `hexmap:scale_unit` map properties; a
/// bad one is left out with a warning.
fn import_scale(doc: &TiledMap, map: &mut HexMap, warnings: &mut Vec<String>) {
    let Some(text) = property(&doc.properties, PROP_SCALE_PER_HEX) else {
        return;
    };
    let unit = property(&doc.properties, PROP_SCALE_UNIT).unwrap_or_default();
    let scale = text
        .trim()
        .parse::<f64>()
        .map_err(|_| format!("'{text}' is not a number"))
        .and_then(|d| hexmap_map::MapScale::new(d, unit).map_err(|e| e.to_string()));
    match scale {
        Ok(s) => {
            let _ = map.set_scale(Some(s));
        }
        Err(e) => warnings.push(format!(
            "map property '{PROP_SCALE_PER_HEX}': {e}; the map has no scale"
        )),
    }
}

/// Notes from `doc`'s point objects, each on the hex whose tile is under it in Tiled's
/// pixel geometry (`grid`). A note off the map, or on a hex an earlier note took, is
/// dropped with a warning that quotes it.
fn import_notes(doc: &TiledMap, grid: &TiledGrid, map: &mut HexMap, warnings: &mut Vec<String>) {
    for p in &doc.notes {
        let text: String = p
            .text
            .chars()
            .take(hexmap_map::layers::MAX_NOTE_LEN / 4)
            .collect();
        let hex = grid
            .hex_at(Point::new(p.x, p.y))
            .filter(|&h| map.contains(h));
        match hex {
            Some(h) if map.note(h).is_some() => warnings.push(format!(
                "note '{}' lies on the same hex as note '{}' and was dropped",
                p.text,
                map.note(h).unwrap_or_default()
            )),
            Some(h) if map.set_note(h, Some(text)).is_ok() => {}
            _ => warnings.push(format!(
                "note '{}' lies outside the map and was dropped",
                p.text
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the `tiled_roundtrip` fuzzer: a note at y = 5.6e72 overflowed the search
    /// for its nearest tile (panic "attempt to add with overflow"). A note that far away,
    /// in any direction, is dropped with a warning.
    #[test]
    fn a_note_far_off_the_map_is_dropped_not_a_panic() {
        for (x, y) in [
            (
                "8",
                "5555555555555555555555555555555555555555555555555555555555555555555555520.0",
            ),
            ("1e300", "8"),
            ("-1e300", "-1e300"),
        ] {
            let tmx = format!(
                r#"<map orientation="hexagonal" width="2" height="2" tilewidth="60" tileheight="52" hexsidelength="30" staggeraxis="y" staggerindex="odd"><layer name="terrain" width="2" height="2"><data encoding="csv">0,0,0,0</data></layer><objectgroup name="notes"><object id="1" x="{x}" y="{y}"><properties><property name="note" value="far"/></properties><point/></object></objectgroup></map>"#
            );
            let doc = crate::tiled::read_tiled(&tmx, "far.tmx", &crate::NoResources)
                .unwrap_or_else(|e| panic!("{x}, {y}: {e}"));
            let (map, warnings) = from_tiled(&doc).unwrap();
            assert!(map.notes().is_empty(), "{x}, {y}");
            assert!(
                warnings
                    .iter()
                    .any(|w| w.contains("note 'far' lies outside")),
                "{x}, {y}: {warnings:?}"
            );
        }
    }

    #[test]
    fn tiled_bounds_start_on_an_even_row_or_column_of_the_stagger_axis() {
        let hexagon = MapShape::hexagon(3).unwrap();
        for kind in OffsetKind::ALL {
            let b = hexagon.offset_bounds(kind);
            let t = tiled_bounds(kind, b);
            let (start, grown) = if kind.shoves_rows() {
                (
                    t.min_row,
                    (t.rows - b.rows, t.cols - b.cols, t.min_col - b.min_col),
                )
            } else {
                (
                    t.min_col,
                    (t.cols - b.cols, t.rows - b.rows, t.min_row - b.min_row),
                )
            };
            assert_eq!(start & 1, 0, "{kind}");
            assert_eq!(
                grown,
                (1, 0, 0),
                "{kind}: one row/column more, on one axis only"
            );
        }
        let rect = MapShape::rectangle(OffsetKind::OddR, 4, 3).unwrap();
        let b = rect.offset_bounds(OffsetKind::OddR);
        assert_eq!(
            tiled_bounds(OffsetKind::OddR, b),
            b,
            "an even start is kept"
        );
    }
}
