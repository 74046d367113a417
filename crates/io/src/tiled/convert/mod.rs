//! A map as a Tiled hexagonal map and back.
//!
//! Tiled's (col, row) is our offset (col, row) in the grid kind that Tiled can draw for the
//! map's orientation: Tiled draws pointy hexes only with shoved rows (`staggeraxis="y"`) and
//! flat hexes only with shoved columns (`"x"`), so a map's own kind is swapped for the kind
//! of the same parity that goes with its orientation
//! ([`OffsetKind::for_orientation`](hexmap_hex::OffsetKind::for_orientation)), shifted so
//! the shape's bounding box starts at (0, 0). What Tiled has no place for travels in
//! `hexmap:*` properties (the map's own offset kind, shape, origin shift, exact hex size,
//! view; each terrain's id, symbol, cost, sight and tile art on its tile, one tile per
//! palette entry whether cells use it or not); holes are marked on a hidden `holes` layer.
//! So a map exported and imported again comes back whole: the same palette and ids, the
//! same shape, every cell and note (docs/EXPORT.md).

mod export;
mod import;
mod import_palette;

pub use export::{to_tiled, to_tiled_with_images};
pub use import::{FromTiledError, from_tiled};

use hexmap_hex::OffsetKind;
use hexmap_map::{OffsetBounds, Rgb};

pub(super) const PROP_NAME: &str = "hexmap:name";
pub(super) const PROP_OFFSET: &str = "hexmap:offset";
pub(super) const PROP_SHAPE: &str = "hexmap:shape";
pub(super) const PROP_ORIGIN: &str = "hexmap:origin";
pub(super) const PROP_HEX_SIZE: &str = "hexmap:hex_size";
pub(super) const PROP_LABELS: &str = "hexmap:labels";
pub(super) const PROP_SYMBOL: &str = "hexmap:symbol";
pub(super) const PROP_COST: &str = "hexmap:cost";
pub(super) const PROP_IMPASSABLE: &str = "hexmap:impassable";
pub(super) const PROP_SIGHT: &str = "hexmap:blocks_sight";
pub(super) const PROP_ID: &str = "hexmap:id";
pub(super) const PROP_COLOR: &str = "hexmap:color";
pub(super) const PROP_LEGEND: &str = "hexmap:legend";
pub(super) const PROP_NOTE_CAPTIONS: &str = "hexmap:note_captions";
/// The map scale's distance per hex (a map property, only when the map has a scale).
pub(super) const PROP_SCALE_PER_HEX: &str = "hexmap:scale_per_hex";
/// The map scale's unit.
pub(super) const PROP_SCALE_UNIT: &str = "hexmap:scale_unit";
pub(super) const MINE_TILE_NAME: &str = "mine";
pub(super) const HOLE_TILE_NAME: &str = "hole";
/// The hidden tile layer that marks the cells of Tiled's rectangle that are not the map's.
pub const HOLES_LAYER: &str = "holes";
/// The tile layer that covers the cells the players have not seen (fog of war).
pub const FOG_LAYER: &str = "fog";
pub(super) const FOG_TILE_NAME: &str = "fog";

/// The shape's bounding box in `kind`, grown by one row (column) at the start when it begins
/// on an odd row (column) of a kind that shoves rows (columns). Tiled shoves the rows its
/// `staggerindex` names counting from its own row 0, so Tiled's (col, row) may differ from
/// ours only by an even shift along the stagger axis, or every row would be shoved the
/// wrong way.
pub(super) fn tiled_bounds(kind: OffsetKind, mut b: OffsetBounds) -> OffsetBounds {
    let (start, len) = if kind.shoves_rows() {
        (&mut b.min_row, &mut b.rows)
    } else {
        (&mut b.min_col, &mut b.cols)
    };
    if *start & 1 != 0 {
        *start -= 1;
        *len += 1;
    }
    b
}

/// An opaque colour as Tiled's RGBA.
pub(super) fn rgba(c: Rgb) -> [u8; 4] {
    [c.0[0], c.0[1], c.0[2], 255]
}
