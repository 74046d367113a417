//! A map as the cells of a picture (fills, labels, mines).

use crate::hex::CoordSystem;
use crate::io::image::ImageCell;
use crate::map::HexMap;

/// One [`ImageCell`] per map cell: terrain colour, the label in `labels` (if any), mine.
pub fn image_cells(map: &HexMap, labels: Option<CoordSystem>) -> Vec<ImageCell> {
    let cx = map.properties().coord_context();
    let palette = map.palette();
    map.shape()
        .iter()
        .map(|hex| ImageCell {
            hex,
            fill: map
                .terrain(hex)
                .and_then(|t| palette.get(t))
                .map(|t| [t.color.0[0], t.color.0[1], t.color.0[2], 255]),
            label: labels.map(|system| system.format(hex, &cx)),
            mine: map.is_mine(hex),
        })
        .collect()
}
