use super::*;
use hexmap_hex::{Hex, Orientation, shapes};
use hexmap_map::testing::TestMap;
use hexmap_map::{MapShape, Palette, Rgb, Terrain, TerrainId};

const RED: [u8; 3] = [200, 40, 40];
const BLUE: [u8; 3] = [40, 40, 200];

/// A hexagon of radius 2 (hex size 1, so scale = pixels of hex radius): red where q > 0,
/// blue elsewhere, a mine in the middle.
fn map() -> HexMap {
    let t = |id, color| Terrain {
        id: TerrainId::new(id).unwrap(),
        name: format!("t{id}"),
        color: Rgb(color),
        symbol: char::from(b'a' + id as u8),
        cost: hexmap_map::MoveCost::whole(1),
        blocks_sight: false,
        art: Default::default(),
    };
    let palette = Palette::new(vec![t(1, RED), t(2, BLUE)]).unwrap();
    let mut m = TestMap::hexagon(2, Orientation::Pointy)
        .named("picture")
        .palette(palette)
        .build();
    for h in shapes::hexagon(2) {
        m.set_terrain(h, TerrainId::new(if h.q > 0 { 1 } else { 2 }))
            .unwrap();
    }
    m.set_mine(Hex::ORIGIN, true).unwrap();
    m
}

fn opts(scale: f64) -> PictureOptions {
    PictureOptions {
        scale,
        background: Some(Colour::WHITE),
        ..PictureOptions::for_hex_pixels(&map(), scale)
    }
}

fn centre_px(m: &HexMap, o: &PictureOptions, h: Hex) -> (u32, u32) {
    let f = frame(m, o).unwrap();
    let p = m.layout().unwrap().hex_to_pixel(h);
    let (x, y) = f.to_px.point(p);
    (x as u32, y as u32)
}

#[test]
fn png_has_each_fill_at_each_centre() {
    let m = map();
    let o = opts(20.0);
    let png = render_png(&m, &o, &mut |_| {}).unwrap();
    let img = Pixmap::decode_png(&png).unwrap();
    for h in shapes::hexagon(2).filter(|&h| h != Hex::ORIGIN) {
        let (x, y) = centre_px(&m, &o, h);
        let px = img.pixel(x, y).unwrap().demultiply();
        let want = if h.q > 0 { RED } else { BLUE };
        assert_eq!([px.red(), px.green(), px.blue()], want, "{h}");
    }
    let (x, y) = centre_px(&m, &o, Hex::ORIGIN);
    assert!(img.pixel(x, y).unwrap().red() < 30, "mine marker drawn");
}

#[test]
fn labels_change_pixels_only_when_legible() {
    let m = map();
    let with_labels = |o: &PictureOptions| PictureOptions {
        labels: Some(CoordSystem::Axial),
        ..o.clone()
    };
    let base = opts(24.0);
    let with = render_png(&m, &with_labels(&base), &mut |_| {}).unwrap();
    let without = render_png(&m, &base, &mut |_| {}).unwrap();
    assert_ne!(with, without, "labels drawn at 24 px hexes");
    let tiny = opts(4.0);
    assert_eq!(
        render_png(&m, &with_labels(&tiny), &mut |_| {}).unwrap(),
        render_png(&m, &tiny, &mut |_| {}).unwrap(),
        "no labels at 4 px hexes"
    );
}

#[test]
fn svg_has_one_use_per_cell_labels_and_mines() {
    let m = map();
    let o = PictureOptions {
        labels: Some(CoordSystem::Axial),
        ..opts(30.0)
    };
    let svg = render_svg(&m, &o, &mut |_| {}).unwrap();
    assert_eq!(svg.matches("<use ").count(), 19);
    assert_eq!(svg.matches("<text").count(), 19);
    assert!(svg.contains(">-2,2</text>"));
    assert_eq!(svg.matches("<circle").count(), 1);
    assert!(roxmltree::Document::parse(&svg).is_ok());
}

#[test]
fn huge_maps_are_fitted_or_refused() {
    let mut m = TestMap::on(
        Orientation::Pointy,
        MapShape::parallelogram(2000, 10).unwrap(),
    )
    .named("long")
    .build();
    for h in m.shape().iter().collect::<Vec<_>>() {
        m.set_terrain(h, TerrainId::new(1)).unwrap();
    }
    let o = PictureOptions::for_hex_pixels(&m, 16.0);
    assert!(matches!(
        render_png(&m, &o, &mut |_| {}),
        Err(PictureError::TooLarge(..))
    ));
    let fitted = fit_png(&m, &o).unwrap();
    assert!(fitted.scale < o.scale);
    let mut calls = 0;
    let png = render_png(&m, &fitted, &mut |_| calls += 1).unwrap();
    // 20,000 cells: about one piece per 4096 cells, each reported, then the end.
    assert!(calls >= 5, "progress reported piece by piece: {calls}");
    let img = Pixmap::decode_png(&png).unwrap();
    assert!(img.width() <= MAX_PNG_SIDE && img.height() <= MAX_PNG_SIDE);
    for bad in [0.0, f64::NAN, f64::INFINITY] {
        let o = PictureOptions {
            scale: bad,
            ..o.clone()
        };
        assert!(matches!(
            render_png(&m, &o, &mut |_| {}),
            Err(PictureError::BadSize(..))
        ));
    }
}

#[test]
fn empty_cells_and_background_are_transparent_but_keep_their_outline() {
    let mut m = map();
    let empty = Hex::new(-2, 0); // on the west rim: its west edge borders nothing
    m.set_terrain(empty, None).unwrap();
    let o = PictureOptions::for_hex_pixels(&m, 24.0);
    let img = Pixmap::decode_png(&render_png(&m, &o, &mut |_| {}).unwrap()).unwrap();
    let (x, y) = centre_px(&m, &o, empty);
    assert_eq!(img.pixel(x, y).unwrap().alpha(), 0, "empty cell");
    assert_eq!(img.pixel(1, 1).unwrap().alpha(), 0, "margin");
    // The grid still outlines the empty cell: its west edge, √3/2 radii from the centre.
    let f = frame(&m, &o).unwrap();
    let west = m.layout().unwrap().hex_to_pixel(empty);
    let (ex, _) = f
        .to_px
        .point(hexmap_hex::Point::new(west.x - 3f64.sqrt() / 2.0, west.y));
    let edge = img.pixel(ex as u32, y).unwrap();
    assert!(
        edge.alpha() > 100,
        "outline on the empty cell's edge: {edge:?}"
    );
    let no_grid = PictureOptions { grid: false, ..o };
    let img = Pixmap::decode_png(&render_png(&m, &no_grid, &mut |_| {}).unwrap()).unwrap();
    assert_eq!(
        img.pixel(ex as u32, y).unwrap().alpha(),
        0,
        "nothing there without grid"
    );
}

/// A big icon (scale 4, reaching two hexes out) with a caption wider than its hex, and a
/// note caption as wide, are drawn whole when the picture is drawn piece by piece, as a
/// big picture is: it matches the picture drawn as one region but for anti-aliased edges
/// drawn more than once (before, the pieces drawn after the icon's covered its lower part
/// and the captions' ends with their fills).
#[test]
fn big_icons_and_wide_captions_are_not_cut_by_later_pieces() {
    use hexmap_map::{BuiltinIcon, Icon, ViewSettings};
    let mut m = TestMap::rectangle(hexmap_hex::OffsetKind::OddR, 9, 9)
        .named("spill")
        .palette(map().palette().clone())
        .build();
    for h in m.shape().iter().collect::<Vec<_>>() {
        m.set_terrain(h, TerrainId::new(if (h.q + h.r) % 2 == 0 { 1 } else { 2 }))
            .unwrap();
    }
    let at = |c, r| hexmap_hex::OffsetKind::OddR.to_hex(hexmap_hex::OffsetCoord::new(c, r));
    let castle = Icon {
        gm_only: false,
        scale: 4.0,
        caption: Some("Castle Greymantle".into()),
        ..Icon::builtin(BuiltinIcon::Castle)
    };
    m.set_icons(at(3, 3), vec![castle]).unwrap();
    m.set_note(at(6, 7), Some("Abandoned watchtower".into()))
        .unwrap();
    m.set_view(ViewSettings {
        note_captions: true,
        ..ViewSettings::default()
    });
    let o = PictureOptions {
        scale: 30.0,
        background: Some(Colour::WHITE),
        ..PictureOptions::for_hex_pixels(&m, 30.0)
    };
    let whole = drawn(&m, &o, 1);
    let pieces = drawn(&m, &o, 16);
    if let Some(dir) = std::env::var_os("HEXMAP_DUMP") {
        let dir = std::path::Path::new(&dir);
        whole.save_png(dir.join("whole.png")).unwrap();
        pieces.save_png(dir.join("pieces.png")).unwrap();
    }
    // A pixel whose colour is far from the whole picture's, with all eight neighbours
    // far off too: a covered area, not a thin edge drawn twice.
    let (w, h) = (whole.width() as i64, whole.height() as i64);
    let far = |x: i64, y: i64| {
        if x < 0 || y < 0 || x >= w || y >= h {
            return false;
        }
        let i = (y * w + x) as usize;
        let (a, b) = (
            pieces.pixels()[i].demultiply(),
            whole.pixels()[i].demultiply(),
        );
        [
            a.red().abs_diff(b.red()),
            a.green().abs_diff(b.green()),
            a.blue().abs_diff(b.blue()),
        ]
        .into_iter()
        .any(|d| d > 60)
    };
    let covered = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| (-1..=1).all(|dy| (-1..=1).all(|dx| far(x + dx, y + dy))))
        .count();
    assert_eq!(covered, 0, "areas the pieces drew differently");
}

/// `m` drawn in about `pieces` pieces, one after another, into one pixmap.
fn drawn(m: &HexMap, o: &PictureOptions, pieces: u32) -> Pixmap {
    let f = frame(m, o).unwrap();
    let mut pixmap = Pixmap::new(f.width as u32, f.height as u32).unwrap();
    pixmap.fill(tiny_skia::Color::WHITE);
    let fonts = Fonts::new();
    let style = o.style();
    let scene = MapScene::whole(m, m.layout().unwrap(), &style);
    let mut sink = RasterSink::new(&mut pixmap, f.to_px, &fonts);
    for piece in region::split(&scene.bounds(), pieces) {
        scene.draw(&Region::Block(piece), o.scale, &mut sink);
    }
    drop(sink);
    pixmap
}

/// The 24 × 24 map of [`strips_on_several_threads_draw_the_picture_of_one_thread`]: a big
/// icon and captions drawn past their hexes, a tinted named region with a dashed border,
/// and (with `label`) a tall, turned place name spanning most rows.
fn strips_map(label: bool) -> HexMap {
    use hexmap_map::{
        BuiltinIcon, Document, Edit, Icon, Label, Region, RegionEdit, RegionId, RegionKind,
        RegionLook, ViewSettings,
    };
    let mut m = TestMap::rectangle(hexmap_hex::OffsetKind::OddR, 24, 24)
        .named("strips")
        .palette(map().palette().clone())
        .build();
    for h in m.shape().iter().collect::<Vec<_>>() {
        let t = 1 + (h.q + 2 * h.r).rem_euclid(2) as u16;
        m.set_terrain(h, TerrainId::new(t)).unwrap();
    }
    let at = |c, r| hexmap_hex::OffsetKind::OddR.to_hex(hexmap_hex::OffsetCoord::new(c, r));
    let castle = Icon {
        gm_only: false,
        scale: 4.0,
        caption: Some("Castle Greymantle".into()),
        ..Icon::builtin(BuiltinIcon::Castle)
    };
    m.set_icons(at(8, 11), vec![castle]).unwrap();
    m.set_note(at(15, 6), Some("Abandoned watchtower".into()))
        .unwrap();
    m.set_view(ViewSettings {
        note_captions: true,
        ..ViewSettings::default()
    });
    if label {
        let centre = m.layout().unwrap().hex_to_pixel(at(18, 12));
        let range = Label {
            gm_only: false,
            size: 3.0,
            rotation: 80.0,
            color: Rgb([120, 30, 20]),
            ..Label::new("The Great Northern Range", centre)
        };
        let id = m.labels().next_id();
        m.add_label(id, range).unwrap();
    }
    let mut d = Document::new(m);
    d.apply(&Edit::Region(RegionEdit::AddKind(RegionKind {
        name: "Political".into(),
        exclusive: true,
    })))
    .unwrap();
    d.apply(&Edit::Region(RegionEdit::Add(Region {
        id: RegionId(0),
        look: RegionLook {
            name: "Ardmoor".into(),
            kind: "Political".into(),
            color: Rgb([200, 20, 40]),
            border: hexmap_map::BorderStyle::Dashed,
            tint: Some(0.3),
            label: true,
            gm_only: false,
            key: None,
        },
        hexes: hexmap_hex::range(at(5, 12), 5).collect(),
    })))
    .unwrap();
    d.into_map()
}

/// `m` drawn in 16 pieces shared among `strips` strips ([`strips::draw_pieces`]).
fn drawn_in_strips(m: &HexMap, o: &PictureOptions, strips: u32) -> (Pixmap, Vec<f32>) {
    let f = frame(m, o).unwrap();
    let mut pixmap = Pixmap::new(f.width as u32, f.height as u32).unwrap();
    pixmap.fill(tiny_skia::Color::WHITE);
    let fonts = Fonts::new();
    let style = o.style();
    let scene = MapScene::whole(m, m.layout().unwrap(), &style);
    let pieces = region::split(&scene.bounds(), 16);
    let mut sink = RasterSink::new(&mut pixmap, f.to_px, &fonts);
    let mut shares = Vec::new();
    let rows_per_strip = (f.height as u32).div_ceil(strips);
    block_on(strips::draw_pieces(
        &mut sink,
        &scene,
        &pieces,
        o.scale,
        rows_per_strip,
        &mut |share| shares.push(share),
    ));
    drop(sink);
    (pixmap, shares)
}

/// A picture drawn in strips on several threads is the picture one thread draws piece by
/// piece, but for anti-aliasing where a shape crosses a strip's edge (tiny-skia clips it
/// there, and clipping a path changes how its edges and curves are stepped). Measured on
/// this picture of 892 rows: one strip, 0 pixels differ; without the place name, 50,
/// 59 and 103 pixels in 2, 3 and 7 strips, all within 10 rows of a strip's edge, by at most
/// 14 levels of 255 (asserted: half a hex, 24 rows, and 32 levels); the turned place name,
/// whose glyph curves cross the edges, moves 400–470 isolated pixels of its glyph edges
/// (by up to 59 levels) anywhere along it, never an area.
#[test]
fn strips_on_several_threads_draw_the_picture_of_one_thread() {
    for label in [false, true] {
        let m = strips_map(label);
        let o = PictureOptions {
            scale: 24.0,
            background: Some(Colour::WHITE),
            ..PictureOptions::for_hex_pixels(&m, 24.0)
        };
        let one_thread = drawn(&m, &o, 16);
        let (w, h) = (one_thread.width() as usize, one_thread.height() as usize);
        for strips in [1, 2, 3, 7] {
            let (pixmap, shares) = drawn_in_strips(&m, &o, strips);
            assert_eq!(
                shares.last(),
                Some(&1.0),
                "{strips} strips: progress ends at 1"
            );
            let rows_per_strip = h.div_ceil(strips as usize);
            let from_edge = |y: usize| {
                let r = y % rows_per_strip;
                if strips == 1 {
                    usize::MAX
                } else {
                    r.min(rows_per_strip - r)
                }
            };
            let level = |a: tiny_skia::PremultipliedColorU8, b: tiny_skia::PremultipliedColorU8| {
                [
                    a.red().abs_diff(b.red()),
                    a.green().abs_diff(b.green()),
                    a.blue().abs_diff(b.blue()),
                    a.alpha().abs_diff(b.alpha()),
                ]
                .into_iter()
                .max()
                .unwrap()
            };
            let differing: Vec<(usize, u8)> = one_thread
                .pixels()
                .iter()
                .zip(pixmap.pixels())
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(i, (a, b))| (i, level(*a, *b)))
                .collect();
            let case = format!("{strips} strips, place name {label}");
            if strips == 1 {
                assert!(
                    differing.is_empty(),
                    "{case}: {} pixels differ",
                    differing.len()
                );
            }
            if !label {
                for &(i, by) in &differing {
                    let y = i / w;
                    assert!(
                        from_edge(y) <= 24 && by <= 32,
                        "{case}: row {y} off by {by}"
                    );
                }
            }
            // Never an area: at most 1 pixel in 1,000, and none whose 8 neighbours all
            // differ by much too.
            assert!(
                differing.len() * 1000 < w * h,
                "{case}: {} pixels",
                differing.len()
            );
            let far = |x: i64, y: i64| {
                x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h && {
                    let i = y as usize * w + x as usize;
                    level(one_thread.pixels()[i], pixmap.pixels()[i]) > 60
                }
            };
            for &(i, _) in &differing {
                let (x, y) = ((i % w) as i64, (i / w) as i64);
                let area = (-1..=1).all(|dy| (-1..=1).all(|dx| far(x + dx, y + dy)));
                assert!(!area, "{case}: an area differs at ({x}, {y})");
            }
        }
    }
}
