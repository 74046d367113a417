use super::*;
use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Transform};

/// The corners of a hexagon centred at (`cx`, `cy`): pointy or flat, `rx` by `ry` pixels
/// from the centre to the corners (a stretched hex when they differ).
fn hexagon(cx: f64, cy: f64, rx: f64, ry: f64, pointy: bool) -> [(f64, f64); 6] {
    std::array::from_fn(|i| {
        let degrees = 60.0 * i as f64 + if pointy { 30.0 } else { 0.0 };
        let a = degrees.to_radians();
        (cx + rx * a.cos(), cy + ry * a.sin())
    })
}

fn tiny_paint(c: Colour) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c.r, c.g, c.b, c.a);
    p.anti_alias = true;
    p
}

/// The same hexagon through tiny-skia's general path, as the raster sink drew every hex
/// before: an anti-aliased fill, then a stroke with the default (mitred) joins.
fn reference(pixmap: &mut Pixmap, corners: &[(f64, f64); 6], paint: HexPaint) {
    let mut pb = PathBuilder::new();
    pb.move_to(corners[0].0 as f32, corners[0].1 as f32);
    for &(x, y) in &corners[1..] {
        pb.line_to(x as f32, y as f32);
    }
    pb.close();
    let path = pb.finish().unwrap();
    if let Some(fill) = paint.fill {
        pixmap.fill_path(
            &path,
            &tiny_paint(fill),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
    if let Some((width, colour)) = paint.outline {
        let stroke = tiny_skia::Stroke {
            width: width as f32,
            ..tiny_skia::Stroke::default()
        };
        pixmap.stroke_path(
            &path,
            &tiny_paint(colour),
            &stroke,
            Transform::identity(),
            None,
        );
    }
}

fn background(w: u32, h: u32, colour: Option<Colour>) -> Pixmap {
    let mut pixmap = Pixmap::new(w, h).unwrap();
    if let Some(c) = colour {
        pixmap.fill(tiny_skia::Color::from_rgba8(c.r, c.g, c.b, c.a));
    }
    pixmap
}

fn channels(p: PremultipliedColorU8) -> [i32; 4] {
    [p.red(), p.green(), p.blue(), p.alpha()].map(i32::from)
}

/// Whether the pixel at `i` and its eight neighbours are all the same in `pixmap`.
fn settled(pixmap: &Pixmap, i: usize) -> bool {
    let w = pixmap.width() as i64;
    let h = pixmap.height() as i64;
    let (x, y) = ((i as i64) % w, (i as i64) / w);
    let here = pixmap.pixels()[i];
    (-1..=1).all(|dy| {
        (-1..=1).all(|dx| {
            let (nx, ny) = (x + dx, y + dy);
            !(0..w).contains(&nx)
                || !(0..h).contains(&ny)
                || pixmap.pixels()[(ny * w + nx) as usize] == here
        })
    })
}

/// A picture's difference from another: the largest channel difference of a pixel, and
/// the ratio of their paint (the channels' total difference from the background).
#[derive(Debug)]
struct Difference {
    largest: i32,
    ink_ratio: f64,
}

fn largest_channel_difference(a: PremultipliedColorU8, b: PremultipliedColorU8) -> i32 {
    channels(a)
        .iter()
        .zip(channels(b))
        .map(|(x, y)| (x - y).abs())
        .max()
        .unwrap_or(0)
}

fn difference(ours: &Pixmap, truth: &Pixmap, base: &Pixmap) -> Difference {
    let ink = |p: &Pixmap| -> f64 {
        p.pixels()
            .iter()
            .zip(base.pixels())
            .map(|(a, b)| {
                channels(*a)
                    .iter()
                    .zip(channels(*b))
                    .map(|(x, y)| f64::from((x - y).abs()))
                    .sum::<f64>()
            })
            .sum()
    };
    let largest = ours
        .pixels()
        .iter()
        .zip(truth.pixels())
        .map(|(a, b)| largest_channel_difference(*a, *b))
        .max()
        .unwrap_or(0);
    Difference {
        largest,
        ink_ratio: ink(ours) / ink(truth),
    }
}

/// How many pixels differ (by more than rounding) where tiny-skia's picture is settled:
/// a pixel and its eight neighbours alike (inside the fill, outside the hex, inside a
/// wide line).
fn settled_differences(ours: &Pixmap, theirs: &Pixmap) -> usize {
    (0..ours.pixels().len())
        .filter(|&i| {
            largest_channel_difference(ours.pixels()[i], theirs.pixels()[i]) > 1
                && settled(theirs, i)
        })
        .count()
}

const SIDE: u32 = 96;
const FINE: u32 = 8;

/// The share of each pixel's square that the hexagon's fill and outline cover, as colour:
/// tiny-skia's drawing at 8 × 8 samples per pixel, averaged.
fn area_truth(corners: &[(f64, f64); 6], paint: HexPaint, under: Option<Colour>) -> Pixmap {
    let k = f64::from(FINE);
    let fine_corners = corners.map(|(x, y)| (x * k, y * k));
    let fine_paint = HexPaint {
        fill: paint.fill,
        outline: paint.outline.map(|(w, c)| (w * k, c)),
    };
    let mut fine = background(SIDE * FINE, SIDE * FINE, under);
    reference(&mut fine, &fine_corners, fine_paint);
    let mut truth = background(SIDE, SIDE, None);
    let n = FINE * FINE;
    for y in 0..SIDE {
        for x in 0..SIDE {
            let mut sum = [0u32; 4];
            for fy in 0..FINE {
                for fx in 0..FINE {
                    let i = (y * FINE + fy) * SIDE * FINE + x * FINE + fx;
                    let p = fine.pixels()[i as usize];
                    for (s, v) in sum
                        .iter_mut()
                        .zip([p.red(), p.green(), p.blue(), p.alpha()])
                    {
                        *s += u32::from(v);
                    }
                }
            }
            let [r, g, b, a] = sum.map(|s| ((s + n / 2) / n) as u8);
            truth.pixels_mut()[(y * SIDE + x) as usize] =
                PremultipliedColorU8::from_rgba(r.min(a), g.min(a), b.min(a), a).unwrap();
        }
    }
    truth
}

#[test]
fn hexes_cover_their_pixels_as_closely_as_tiny_skia_and_agree_with_it_off_the_edges() {
    let fills = [
        Some(Colour::rgb(200, 120, 40)),
        Some(Colour::rgba(30, 90, 200, 140)),
        None,
    ];
    let outlines = [
        None,
        Some((0.6, Colour::rgba(60, 60, 60, 200))),
        Some((1.0, Colour::BLACK)),
        Some((2.5, Colour::rgba(250, 250, 250, 255))),
    ];
    let unders = [None, Some(Colour::rgb(20, 160, 60))];
    let shapes = [
        (3.5, 3.5, true),
        (10.3, 10.3, false),
        (24.0, 24.0, true),
        (30.0, 18.0, false),
        (14.0, 26.0, true),
    ];
    let mut cases = 0;
    for &(rx, ry, pointy) in &shapes {
        for (k, (dx, dy)) in [(0.0, 0.0), (0.37, 0.81), (0.5, 0.25)]
            .into_iter()
            .enumerate()
        {
            let pointy = pointy ^ (k == 2);
            let corners = hexagon(48.0 + dx, 48.0 + dy, rx, ry, pointy);
            for fill in fills {
                for outline in outlines {
                    if fill.is_none() && outline.is_none() {
                        continue;
                    }
                    for under in unders {
                        let paint = HexPaint { fill, outline };
                        let what = format!(
                            "{rx}×{ry} pointy {pointy} at +{dx},{dy}: {paint:?} over {under:?}"
                        );
                        let base = background(SIDE, SIDE, under);
                        let mut ours = background(SIDE, SIDE, under);
                        assert!(paint_hex(&mut ours.as_mut(), &corners, paint), "{what}");
                        let mut theirs = background(SIDE, SIDE, under);
                        reference(&mut theirs, &corners, paint);
                        let truth = area_truth(&corners, paint, under);
                        let o = difference(&ours, &truth, &base);
                        let t = difference(&theirs, &truth, &base);
                        let settled = settled_differences(&ours, &theirs);
                        if std::env::var("HEXDBG").is_ok() {
                            println!("{what}: settled {settled} ours {o:?} tiny-skia {t:?}");
                            continue;
                        }
                        // Where tiny-skia's picture is settled the two agree to rounding.
                        assert_eq!(settled, 0, "{what}");
                        // Edge pixels carry the share of their square that the hexagon
                        // covers: in all as closely as tiny-skia's own supersampling, and
                        // no pixel off by more than a quarter (the worst are at corners,
                        // where a pixel's distance to the sides says least).
                        assert!(
                            o.largest <= t.largest.max(64),
                            "{what}: ours {o:?}, tiny-skia {t:?}"
                        );
                        assert!(
                            (o.ink_ratio - 1.0).abs() <= (t.ink_ratio - 1.0).abs().max(0.03),
                            "{what}: ours {o:?}, tiny-skia {t:?}"
                        );
                        cases += 1;
                    }
                }
            }
        }
    }
    if std::env::var("HEXDBG").is_err() {
        assert_eq!(cases, 5 * 3 * 11 * 2);
    }
}

#[test]
fn a_hex_partly_off_the_pixmap_is_cut_at_its_edges() {
    let paint = HexPaint {
        fill: Some(Colour::rgb(200, 120, 40)),
        outline: Some((1.5, Colour::BLACK)),
    };
    for (cx, cy) in [
        (-10.0, 40.0),
        (90.0, 40.0),
        (40.0, -12.0),
        (40.0, 101.5),
        (-8.0, -8.0),
    ] {
        let corners = hexagon(cx, cy, 24.0, 24.0, true);
        let mut ours = background(SIDE, SIDE, None);
        assert!(paint_hex(&mut ours.as_mut(), &corners, paint));
        let mut theirs = background(SIDE, SIDE, None);
        reference(&mut theirs, &corners, paint);
        assert_eq!(settled_differences(&ours, &theirs), 0, "at {cx},{cy}");
        assert!(
            ours.pixels().iter().any(|p| p.alpha() == 255),
            "at {cx},{cy}"
        );
    }
    // Wholly off it: nothing painted, nothing refused.
    let mut pixmap = background(16, 16, None);
    assert!(paint_hex(
        &mut pixmap.as_mut(),
        &hexagon(-100.0, 8.0, 24.0, 24.0, true),
        paint
    ));
    assert!(pixmap.pixels().iter().all(|p| p.alpha() == 0));
}

#[test]
fn tiny_or_bent_hexagons_are_left_to_the_general_path() {
    let paint = HexPaint {
        fill: Some(Colour::BLACK),
        outline: None,
    };
    let mut pixmap = background(16, 16, None);
    let tiny = hexagon(8.0, 8.0, 1.5, 1.5, true);
    assert!(
        !paint_hex(&mut pixmap.as_mut(), &tiny, paint),
        "apothem 1.3 px"
    );
    let mut bent = hexagon(8.0, 8.0, 6.0, 6.0, true);
    bent[2] = (8.0, 8.0);
    assert!(
        !paint_hex(&mut pixmap.as_mut(), &bent, paint),
        "a corner pulled to the centre"
    );
    let mut folded = hexagon(8.0, 8.0, 6.0, 6.0, true);
    folded[1] = folded[0];
    assert!(
        !paint_hex(&mut pixmap.as_mut(), &folded, paint),
        "a side of no length"
    );
    assert!(
        pixmap.pixels().iter().all(|p| p.alpha() == 0),
        "nothing painted"
    );
}
