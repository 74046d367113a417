//! "Pick terrain from underlay": the colour of the underlay's image under a world point,
//! the mean colour under a hex (its centre and six points half-way to its corners), the
//! terrain a hex gets (those seven points vote), and the palette terrain nearest to a
//! colour in Oklab (a perceptual space: equal distances
//! look about equally different, so a scanned forest green does not match a grey-blue
//! water swatch merely because their RGB channels are close). The editor turns the result
//! into one `CellEdit::SetTerrain` (one undo step).

use super::colour::Colour;
use super::image::RgbaImage;
use hexmap_hex::{Hex, Layout, Point};
use hexmap_map::{HexMap, Palette, TerrainId, Underlay};

/// Below this alpha (of 255) a pixel counts as transparent: no colour to trace.
pub const MIN_ALPHA: u8 = 128;

/// The colour of `image`'s pixel under world point `p` with the image placed by
/// `underlay`; `None` outside the image or on a transparent pixel.
pub fn sample(underlay: &Underlay, image: &RgbaImage, p: Point) -> Option<Colour> {
    let (w, h) = (image.width(), image.height());
    let (x, y) = underlay.world_to_image(f64::from(w), f64::from(h), p);
    if !(x >= 0.0 && y >= 0.0 && x < f64::from(w) && y < f64::from(h)) {
        return None;
    }
    let i = (y as usize * w as usize + x as usize) * 4;
    let px = &image.pixels()[i..i + 4];
    (px[3] >= MIN_ALPHA).then(|| Colour::rgb(px[0], px[1], px[2]))
}

/// The mean colour under hex `h`: its centre and six points half-way to its corners.
/// `None` when the centre is outside the image or transparent (the hex is left alone);
/// otherwise the mean of the points that have a colour.
pub fn hex_colour(
    underlay: &Underlay,
    image: &RgbaImage,
    layout: &Layout,
    h: Hex,
) -> Option<Colour> {
    let c = layout.hex_to_pixel(h);
    let centre = sample(underlay, image, c)?;
    let mut sum = [
        f64::from(centre.r),
        f64::from(centre.g),
        f64::from(centre.b),
    ];
    let mut n = 1.0;
    for i in 0..6 {
        let o = layout.corner_offset(i);
        let p = Point::new(c.x + o.x * 0.5, c.y + o.y * 0.5);
        if let Some(s) = sample(underlay, image, p) {
            sum[0] += f64::from(s.r);
            sum[1] += f64::from(s.g);
            sum[2] += f64::from(s.b);
            n += 1.0;
        }
    }
    let m = |v: f64| (v / n).round() as u8;
    Some(Colour::rgb(m(sum[0]), m(sum[1]), m(sum[2])))
}

/// `c` in Oklab (L, a, b), from sRGB (Björn Ottosson's matrices).
pub fn oklab(c: Colour) -> [f64; 3] {
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let (r, g, b) = (lin(c.r), lin(c.g), lin(c.b));
    let l = (0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b).cbrt();
    let m = (0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b).cbrt();
    let s = (0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b).cbrt();
    [
        0.210_454_255_3 * l + 0.793_617_785 * m - 0.004_072_046_8 * s,
        1.977_998_495_1 * l - 2.428_592_205 * m + 0.450_593_709_9 * s,
        0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766 * s,
    ]
}

/// The palette's terrain whose colour is nearest to `c` in Oklab (the first of equals);
/// `None` for an empty palette.
pub fn nearest_terrain(palette: &Palette, c: Colour) -> Option<TerrainId> {
    let want = oklab(c);
    let dist = |t: &hexmap_map::Terrain| {
        let o = oklab(Colour::from(t.color));
        (0..3).map(|i| (o[i] - want[i]).powi(2)).sum::<f64>()
    };
    palette
        .terrains()
        .iter()
        .map(|t| (dist(t), t.id))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, id)| id)
}

/// The terrain hex `h` gets from the image under it: each of its seven sample points (the
/// centre and six half-way to the corners) that has a colour votes for the palette terrain
/// nearest to it, and the most votes win (a tie goes to the centre's terrain). Voting, not
/// the mean colour, because a hex on a coastline would otherwise average sea and grass
/// into a grey that picks Mountains. `None` when the centre has no colour.
pub fn hex_terrain(
    underlay: &Underlay,
    image: &RgbaImage,
    layout: &Layout,
    palette: &Palette,
    h: Hex,
) -> Option<TerrainId> {
    let c = layout.hex_to_pixel(h);
    let centre = nearest_terrain(palette, sample(underlay, image, c)?)?;
    let mut votes: Vec<(TerrainId, usize)> = vec![(centre, 1)];
    for i in 0..6 {
        let o = layout.corner_offset(i);
        let p = Point::new(c.x + o.x * 0.5, c.y + o.y * 0.5);
        let Some(t) = sample(underlay, image, p).and_then(|s| nearest_terrain(palette, s)) else {
            continue;
        };
        match votes.iter_mut().find(|(v, _)| *v == t) {
            Some((_, n)) => *n += 1,
            None => votes.push((t, 1)),
        }
    }
    // The first of the most voted: the centre's terrain is first, so it wins a tie.
    let most = votes.iter().map(|&(_, n)| n).max()?;
    votes.into_iter().find(|&(_, n)| n == most).map(|(t, _)| t)
}

/// The terrain each hex of `hexes` (cells of `map`) gets from the image under it
/// ([`hex_terrain`]), for the hexes whose terrain changes; hexes the image does not cover,
/// or covers with transparent pixels, are left out.
pub fn pick_terrain(
    map: &HexMap,
    underlay: &Underlay,
    image: &RgbaImage,
    hexes: impl IntoIterator<Item = Hex>,
) -> Vec<(Hex, Option<TerrainId>)> {
    let Ok(layout) = map.layout() else {
        return Vec::new();
    };
    hexes
        .into_iter()
        .filter(|&h| map.shape().contains(h))
        .filter_map(|h| {
            let t = hex_terrain(underlay, image, &layout, map.palette(), h)?;
            (map.terrain(h) != Some(t)).then_some((h, Some(t)))
        })
        .collect()
}

#[cfg(test)]
mod tests;
