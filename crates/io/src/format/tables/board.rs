//! The board picture every table export ships (VASSAL's board image, Foundry's background,
//! Godot's reference picture): the map drawn with its hexes a whole number of pixels flat
//! to flat, framed so that one chosen hex's centre falls on a whole pixel. Every other
//! centre then sits at that pixel plus whole multiples of the grid's spacings, which is
//! what the consumers compute.

use super::super::picture::picture_options;
use super::super::{WriteError, WriteOptions};
use crate::render::{PictureError, PictureOptions, ToPixels, picture_transform, render_png};
use hexmap_draw::print::flat_to_flat;
use hexmap_hex::{Hex, Layout, Orientation, Point};
use hexmap_map::HexMap;

/// The options of the exports that ship a board picture (VASSAL, Foundry): the board's
/// hex size, what the picture draws, and the player view.
pub const BOARD_OPTIONS: &[crate::format::FormatOption] = {
    use crate::format::FormatOption::*;
    &[BoardHex, Labels, Mines, Grid, Legend, ScaleBar, PlayerView]
};

/// Smallest and largest board hex size, pixels flat to flat.
pub const BOARD_HEX_RANGE: (u32, u32) = (16, 512);

/// The default board hex size, pixels flat to flat: what VASSAL modules commonly use
/// (64 to 75 pixels), even so that half of it is whole too.
pub const DEFAULT_BOARD_HEX: u32 = 64;

/// A drawn board and where its hexes are.
pub struct Board {
    /// The PNG bytes.
    pub png: Vec<u8>,
    /// Picture size in pixels.
    pub width: u32,
    /// Picture size in pixels.
    pub height: u32,
    /// World units of the map's layout to picture pixels.
    pub to_px: ToPixels,
    /// The map's layout.
    pub layout: Layout,
    /// Hex size in pixels, flat to flat.
    pub flat_px: u32,
}

impl Board {
    /// The centre of `h` in picture pixels (not rounded).
    pub fn centre(&self, h: Hex) -> (f64, f64) {
        let p = self.layout.hex_to_pixel(h);
        (
            p.x * self.to_px.scale + self.to_px.offset.0,
            p.y * self.to_px.scale + self.to_px.offset.1,
        )
    }

    /// The distance in pixels between neighbouring rows (pointy hexes) or columns (flat
    /// hexes) of centres: 3/4 of the hex's corner-to-corner size.
    pub fn stride_px(&self) -> f64 {
        let (a, b) = (self.centre(Hex::new(0, 0)), self.centre(Hex::new(0, 1)));
        let (c, d) = (self.centre(Hex::new(0, 0)), self.centre(Hex::new(1, 0)));
        match self.layout.orientation() {
            Orientation::Pointy => b.1 - a.1,
            Orientation::Flat => d.0 - c.0,
        }
    }
}

/// Refuse a map with stretched hexes for a program whose grid (`grid`, e.g. "Foundry's hex
/// grid") has regular ones: its cells could not all lie on the map's hexes.
pub fn require_regular_hexes(map: &HexMap, grid: &str) -> Result<(), WriteError> {
    let s = map.properties().hex_size;
    if (s.x - s.y).abs() > 1e-9 * s.x.abs().max(s.y.abs()) {
        return Err(WriteError::Option(format!(
            "{grid} has regular hexes, and this map's are stretched (hex size {} × {}): set \
             an equal hex size in Map → Properties, or export a picture",
            s.x, s.y
        )));
    }
    Ok(())
}

/// The board hex size `opts` asks for, checked.
pub fn board_hex(opts: &WriteOptions) -> Result<u32, WriteError> {
    let px = opts.board_hex;
    let (lo, hi) = BOARD_HEX_RANGE;
    if !(lo..=hi).contains(&px) || !px.is_multiple_of(2) {
        return Err(WriteError::Option(format!(
            "a board hex size must be an even number of pixels from {lo} to {hi} \
             (flat to flat), got {px}"
        )));
    }
    Ok(px)
}

/// Where a board puts its anchor hex's centre: given the pixel where the map's own frame
/// puts it and the earliest pixel it may move to (the frame's margin less), the pixel it
/// must move to, right of and below the earliest (the frame grows or shrinks at its
/// top-left corner, so nothing of the map is cut).
pub type Placement<'a> = &'a dyn Fn((f64, f64), (f64, f64)) -> (f64, f64);

/// The next whole pixel: VASSAL's placement (it truncates centres to whole pixels).
pub fn whole_pixel(p: (f64, f64), _earliest: (f64, f64)) -> (f64, f64) {
    (p.0.ceil(), p.1.ceil())
}

/// Draw `map` as a board whose hexes are `opts.board_hex` pixels flat to flat, with the
/// centre of `anchor` where `place` puts it (the picture's options otherwise as `opts`
/// asks: grid, labels, legend, player view). The picture is never shrunk: too large is an
/// error.
pub fn draw_board(
    map: &HexMap,
    opts: &WriteOptions,
    anchor: Hex,
    place: Placement<'_>,
    progress: &mut dyn FnMut(f32),
) -> Result<Board, WriteError> {
    let flat_px = board_hex(opts)?;
    let size = map.properties().hex_size;
    let layout = map
        .layout()
        .map_err(|_| PictureError::BadSize(size.x, size.y))?;
    let mut o: PictureOptions = picture_options(map, opts)?;
    o.scale = f64::from(flat_px) / flat_to_flat(&layout);
    let framed = match o.world_box {
        Some(b) => b,
        None => hexmap_draw::map_world_box(map, &layout, hexmap_draw::CellReach::HexSize)
            .ok_or(PictureError::Empty)?,
    };
    // Move the frame's top-left corner so that the anchor's centre is where `place` says.
    let to_px = picture_transform(
        map,
        &PictureOptions {
            world_box: Some(framed),
            ..o.clone()
        },
    )?;
    let a = layout.hex_to_pixel(anchor);
    let px = (
        a.x * o.scale + to_px.offset.0,
        a.y * o.scale + to_px.offset.1,
    );
    let slack = o.margin.max(0.0);
    let to = place(px, (px.0 - slack, px.1 - slack));
    let shift = ((to.0 - px.0).max(-slack), (to.1 - px.1).max(-slack));
    let lo = Point::new(
        framed.0.x - shift.0 / o.scale,
        framed.0.y - shift.1 / o.scale,
    );
    o.world_box = Some((lo, framed.1));
    let to_px = picture_transform(map, &o)?;
    let png = render_png(map, &o, progress)?;
    let (width, height) = png_size(&png);
    Ok(Board {
        png,
        width,
        height,
        to_px,
        layout,
        flat_px,
    })
}

/// Width and height of a PNG from its header.
pub fn png_size(png: &[u8]) -> (u32, u32) {
    let be = |i: usize| u32::from_be_bytes([png[i], png[i + 1], png[i + 2], png[i + 3]]);
    (be(16), be(20))
}
