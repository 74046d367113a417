use super::*;
use crate::colour::DARK_INK;
use crate::sink::{Recorded, Recording};
use crate::style::Layers;
use hexmap_hex::{CoordSystem, OffsetCoord, OffsetKind};
use hexmap_map::testing::TestMap;
use hexmap_map::{MapShape, OffsetBounds, Palette, TerrainId};

/// A 4 × 3 pointy map, hex radius 10: grass everywhere but one empty cell (1, 1), a mine
/// on (2, 0) and a note on (3, 2).
fn map() -> HexMap {
    let mut m = TestMap::rectangle(OffsetKind::OddR, 4, 3)
        .named("t")
        .hex_size(10.0)
        .build();
    for h in m.shape().iter().collect::<Vec<_>>() {
        m.set_terrain(h, TerrainId::new(2)).unwrap();
    }
    m.set_terrain(at(1, 1), None).unwrap();
    m.set_mine(at(2, 0), true).unwrap();
    m.set_note(at(3, 2), Some("here".into())).unwrap();
    m
}

fn at(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

const GRASS: Colour = Colour::rgb(0x8c, 0xc0, 0x5a);

fn draw(style: &Style, scale: f64) -> Recording {
    let m = map();
    let scene = MapScene::whole(&m, m.layout().unwrap(), style);
    let mut rec = Recording::default();
    scene.draw(&Region::Block(scene.bounds()), scale, &mut rec);
    rec
}

fn hex_fills(rec: &Recording) -> Vec<Option<Colour>> {
    rec.items
        .iter()
        .filter_map(|i| match i {
            Recorded::Hex { fill, .. } => Some(*fill),
            _ => None,
        })
        .collect()
}

#[test]
fn every_cell_is_a_hex_with_its_terrain_and_empty_cells_follow_the_style() {
    let editor = Style::editor(Layers::editor());
    let rec = draw(&editor, 1.0);
    let fills = hex_fills(&rec);
    assert_eq!(fills.len(), 12);
    assert_eq!(fills.iter().filter(|f| **f == Some(GRASS)).count(), 11);
    assert!(fills.contains(&editor.empty_cell));

    // Pictures leave the empty cell unfilled but still outline it.
    let picture = Style::picture(Layers::editor());
    let rec = draw(&picture, 1.0);
    let empty: Vec<_> = rec
        .items
        .iter()
        .filter(|i| matches!(i, Recorded::Hex { fill: None, .. }))
        .collect();
    assert_eq!(empty.len(), 1);
    assert!(matches!(
        empty[0],
        Recorded::Hex {
            stroke: Some(_),
            ..
        }
    ));

    // Without a grid, nothing is drawn for a transparent empty cell.
    let mut no_grid = picture.clone();
    no_grid.layers.grid = false;
    assert_eq!(draw(&no_grid, 1.0).hex_count(), 11);
}

#[test]
fn markers_come_after_every_hex_and_follow_their_layers() {
    let style = Style::editor(Layers::editor());
    let rec = draw(&style, 1.0);
    let first_marker = rec
        .items
        .iter()
        .position(|i| !matches!(i, Recorded::Hex { .. }))
        .unwrap();
    assert_eq!(first_marker, 12, "all hexes first");
    let circles = rec
        .items
        .iter()
        .filter(|i| matches!(i, Recorded::Circle(_)))
        .count();
    assert_eq!(circles, 2, "mine disc and its core");
    let triangles = rec
        .items
        .iter()
        .filter(|i| matches!(i, Recorded::Polygon { points, .. } if points.len() == 3))
        .count();
    assert_eq!(triangles, 1, "the note");
    let mut off = style.clone();
    off.layers.mines = false;
    off.layers.notes = false;
    assert_eq!(draw(&off, 1.0).items.len(), 12);
}

#[test]
fn grid_follows_the_zoom_and_the_style() {
    // Editor: a one-pixel line from 6 px hexes on.
    let editor = Style::editor(Layers::editor());
    let stroke_at = |style: &Style, scale: f64| {
        draw(style, scale).items.iter().find_map(|i| match i {
            Recorded::Hex { stroke, .. } => Some(*stroke),
            _ => None,
        })
    };
    assert_eq!(stroke_at(&editor, 0.5), Some(None), "5 px hexes: no grid");
    let s = stroke_at(&editor, 2.0).unwrap().unwrap();
    assert!((s.width * 2.0 - 1.0).abs() < 1e-9, "1 px: {s:?}");
    assert_eq!(s.colour, editor.grid);
    // Pictures: a sixteenth of the radius, 0.5 to 2 px.
    let picture = Style::picture(Layers::editor());
    let s = stroke_at(&picture, 2.4).unwrap().unwrap();
    assert!((s.width * 2.4 - 1.5).abs() < 1e-9, "{s:?}");
}

#[test]
fn small_hexes_are_blocks_tinted_by_mines() {
    let style = Style::editor(Layers::editor());
    let rec = draw(&style, 0.3); // 3 px hexes
    assert_eq!(rec.items.len(), 12);
    let fills: Vec<Colour> = rec
        .items
        .iter()
        .map(|i| match i {
            Recorded::Rect(r) => r.fill,
            other => panic!("{other:?}"),
        })
        .collect();
    assert!(fills.contains(&GRASS.blend(style.mine, 0.6)));
    let m = map();
    let scene = MapScene::whole(&m, m.layout().unwrap(), &style);
    let mut seen = Vec::new();
    scene.block_colours(
        &Region::Cells(&[at(2, 0), at(0, 0), Hex::new(-50, 0)]),
        &mut |h, c| seen.push((h, c)),
    );
    assert_eq!(
        seen,
        [(at(2, 0), GRASS.blend(style.mine, 0.6)), (at(0, 0), GRASS)],
        "off-map hexes have no colour"
    );
    // A picture's empty cells stay transparent as blocks too.
    let picture = Style::picture(Layers::editor());
    assert_eq!(draw(&picture, 0.3).items.len(), 11);
}

#[test]
fn block_colours_by_offset_are_the_hexes_colours_for_every_kind_of_rectangle() {
    // Terrain, mines and fog on rectangles of each offset kind, looked at in blocks that
    // reach past the map's edges: the fast path (a rectangle in the chunks' kind) and the
    // hexes' path give the same cells and colours.
    let style = Style {
        fog: Some(Colour::rgb(20, 20, 30)),
        ..Style::editor(Layers::editor())
    };
    for kind in OffsetKind::ALL {
        let orientation = kind.orientation();
        let shape = MapShape::rectangle(kind, 13, 9).unwrap();
        let mut m = hexmap_map::testing::map_on(orientation, shape);
        for (i, h) in m.shape().iter().collect::<Vec<_>>().into_iter().enumerate() {
            m.set_terrain(h, TerrainId::new((i % 6) as u16)).unwrap();
            if i % 7 == 0 {
                m.set_mine(h, true).unwrap();
            }
        }
        let chunks = OffsetKind::default_for(orientation);
        let scene = MapScene::whole(&m, m.layout().unwrap(), &style);
        for bounds in [
            scene.bounds(),
            OffsetBounds {
                min_col: -3,
                min_row: 4,
                cols: 8,
                rows: 20,
            },
            OffsetBounds {
                min_col: 20,
                min_row: 0,
                cols: 4,
                rows: 4,
            },
        ] {
            let mut by_hex = Vec::new();
            scene.block_colours(&Region::Block(bounds), &mut |h, c| {
                by_hex.push((chunks.from_hex(h), c))
            });
            let mut by_offset = Vec::new();
            scene.block_colours_in(chunks, &bounds, &mut |o, c| by_offset.push((o, c)));
            let key = |(o, _): &(OffsetCoord, Colour)| (o.row, o.col);
            by_hex.sort_by_key(key);
            by_offset.sort_by_key(key);
            assert_eq!(by_offset, by_hex, "{kind:?} {bounds:?}");
        }
    }
}

#[test]
fn labels_appear_when_legible_with_ink_that_reads_on_the_cell() {
    let layers = Layers {
        labels: Some(CoordSystem::Offset(OffsetKind::OddR)),
        edges: true,
        paths: true,
        ..Layers::editor()
    };
    let style = Style::picture(layers);
    // 2.4 px per unit: 24 px hexes; "1,1" fits at 0.6 × radius.
    let rec = draw(&style, 2.4);
    let texts: Vec<_> = rec
        .items
        .iter()
        .filter_map(|i| match i {
            Recorded::Text {
                text, colour, size, ..
            } => Some((text.clone(), *colour, *size)),
            _ => None,
        })
        .collect();
    assert_eq!(texts.len(), 12);
    let ink = |label: &str| texts.iter().find(|t| t.0 == label).unwrap().1;
    assert_eq!(ink("0,0"), ink_on(GRASS));
    assert_eq!(ink("0,0"), DARK_INK);
    assert_eq!(
        ink("2,0"),
        DARK_INK,
        "on the grass: the mine moved to a corner"
    );
    assert_eq!(ink("1,1"), DARK_INK, "on an empty cell: the white paper");
    assert!(
        texts.iter().all(|t| (t.2 - 6.0).abs() < 1e-9),
        "0.6 × radius"
    );
    // At 4 px hexes no label is legible.
    assert!(draw(&style, 0.4).texts().is_empty());
}

#[test]
fn symbols_join_labels_from_their_zoom_on() {
    let layers = Layers {
        symbols: true,
        labels: Some(CoordSystem::Axial),
        edges: true,
        paths: true,
        ..Layers::editor()
    };
    let style = Style::editor(layers);
    let m = map();
    let scene = MapScene::whole(&m, m.layout().unwrap(), &style);
    assert_ne!(scene.detail(1.3), scene.detail(1.5), "symbols from 14 px");
    let rec = draw(&style, 3.0);
    let texts = rec.texts();
    assert_eq!(texts.iter().filter(|t| **t == "g").count(), 11);
    assert_eq!(texts.len(), 11 + 12);
    // The symbol sits above the label of its cell.
    let pos = |s: &str| {
        rec.items
            .iter()
            .find_map(|i| match i {
                Recorded::Text { text, anchor, .. } if text == s => Some(*anchor),
                _ => None,
            })
            .unwrap()
    };
    let label = pos("0,0");
    let symbol = pos("g");
    assert!(symbol.y < 0.0 && label.y > 0.0, "{symbol:?} {label:?}");
    // Below 14 px: labels only.
    let rec = draw(&style, 1.2);
    assert!(!rec.texts().contains(&"g"));
}

#[test]
fn a_block_region_draws_only_its_cells() {
    let style = Style::editor(Layers::editor());
    let m = map();
    let scene = MapScene::whole(&m, m.layout().unwrap(), &style);
    let mut rec = Recording::default();
    let block = OffsetBounds {
        min_col: 2,
        min_row: 1,
        cols: 10,
        rows: 10,
    };
    scene.draw(&Region::Block(block), 1.0, &mut rec);
    assert_eq!(rec.hex_count(), 4, "columns 2–3 of rows 1–2");
}

#[test]
fn tile_art_is_drawn_clipped_to_each_hex_picked_by_hash_and_missing_images_fall_back() {
    use crate::image::{ImageSet, RgbaImage};
    let mut m = map();
    let mut terrains = m.palette().terrains().to_vec();
    terrains[1].art = hexmap_map::TileArt {
        images: vec!["a.png".into(), "b.png".into(), "gone.png".into()],
        tint: true,
    };
    m.set_palette(Palette::new(terrains).unwrap());
    let mut set = ImageSet::new();
    let pixel = |c: u8| RgbaImage::new(2, 1, vec![c, c, c, 255, c, c, c, 255]).unwrap();
    let a = set.insert("a.png", pixel(10));
    let b = set.insert("b.png", pixel(20));
    let style = Style::editor(Layers::editor());
    let scene = MapScene::whole(&m, m.layout().unwrap(), &style).with_images(&set);
    let draw = || {
        let mut rec = Recording::default();
        scene.draw(&Region::Block(scene.bounds()), 4.0, &mut rec);
        rec
    };
    let rec = draw();
    assert_eq!(rec, draw(), "the same images every time");
    let images: Vec<_> = rec
        .items
        .iter()
        .filter_map(|i| match i {
            Recorded::Image {
                id,
                min,
                max,
                clip,
                tint,
            } => Some((*id, *min, *max, clip.clone(), *tint)),
            _ => None,
        })
        .collect();
    let layout = m.layout().unwrap();
    let art = hexmap_map::TileArt {
        images: vec!["a.png".into(), "b.png".into(), "gone.png".into()],
        tint: true,
    };
    // Every grass cell whose picked image loaded has one image; "gone.png" cells none.
    let grass: Vec<Hex> = m.shape().iter().filter(|&h| h != at(1, 1)).collect();
    let expected: Vec<Hex> = grass
        .iter()
        .copied()
        .filter(|&h| art.pick(hexmap_hex::stable_hash(h)) != Some("gone.png"))
        .collect();
    assert!(
        expected.len() < grass.len(),
        "some cells pick the missing image"
    );
    assert_eq!(images.len(), expected.len());
    for ((id, min, max, clip, tint), h) in images.iter().zip(&expected) {
        let want = if art.pick(hexmap_hex::stable_hash(*h)) == Some("a.png") {
            a
        } else {
            b
        };
        assert_eq!(*id, want, "{h}");
        assert_eq!(*tint, Some(GRASS));
        let clip = clip.as_ref().expect("clipped");
        let c = layout.hex_to_pixel(*h);
        for (i, p) in clip.iter().enumerate() {
            let o = layout.corner_offset(i);
            assert!((p.x - c.x - o.x).abs() < 1e-9 && (p.y - c.y - o.y).abs() < 1e-9);
        }
        // A 2:1 image covers the hex: as wide as needed, centred on it.
        assert!((min.x + max.x) / 2.0 - c.x < 1e-9 && (min.y + max.y) / 2.0 - c.y < 1e-9);
        assert!(max.x - min.x >= 3f64.sqrt() * 10.0 - 1e-9 && max.y - min.y >= 20.0 - 1e-9);
        assert!(((max.x - min.x) / (max.y - min.y) - 2.0).abs() < 1e-9);
    }
    // Every grass cell still gets its fill (under the art, or alone).
    assert_eq!(
        hex_fills(&rec)
            .iter()
            .filter(|f| **f == Some(GRASS))
            .count(),
        grass.len()
    );
}

#[test]
fn a_cell_showing_tile_art_has_no_symbol_over_it() {
    use crate::image::{ImageSet, RgbaImage};
    let mut m = map();
    let mut terrains = m.palette().terrains().to_vec();
    terrains[1].art = hexmap_map::TileArt {
        images: vec!["a.png".into(), "gone.png".into()],
        tint: false,
    };
    m.set_palette(Palette::new(terrains).unwrap());
    let mut set = ImageSet::new();
    set.insert("a.png", RgbaImage::new(1, 1, vec![9, 9, 9, 255]).unwrap());
    let style = Style::editor(Layers {
        symbols: true,
        ..Layers::editor()
    });
    let scene = MapScene::whole(&m, m.layout().unwrap(), &style).with_images(&set);
    let mut rec = Recording::default();
    scene.draw(&Region::Block(scene.bounds()), 3.0, &mut rec);
    let art = &m.palette().terrains()[1].art;
    let without_picture = m
        .shape()
        .iter()
        .filter(|&h| h != at(1, 1))
        .filter(|&h| art.pick(hexmap_hex::stable_hash(h)) == Some("gone.png"))
        .count();
    assert!(without_picture > 0 && without_picture < 11);
    // Only the grass cells whose picture is missing keep their symbol.
    assert_eq!(
        rec.texts().iter().filter(|t| **t == "g").count(),
        without_picture
    );
}

#[test]
fn terrain_symbols_hide_under_icons_big_ones_included() {
    use hexmap_map::{BuiltinIcon, Icon};
    let mut m = map();
    // A standard icon on (0, 0) covers its centre; a scale-4 castle on (1, 0) reaches
    // the centres of its neighbours, even those drawn by another region.
    m.set_icons(at(0, 0), vec![Icon::builtin(BuiltinIcon::Star)])
        .unwrap();
    let big = Icon {
        gm_only: false,
        scale: 4.0,
        ..Icon::builtin(BuiltinIcon::Castle)
    };
    m.set_icons(at(1, 0), vec![big]).unwrap();
    let style = Style::editor(Layers {
        symbols: true,
        ..Layers::editor()
    });
    let layout = m.layout().unwrap();
    let scene = MapScene::whole(&m, layout, &style);
    let mut rec = Recording::default();
    // Each cell its own region, so the castle's neighbours are drawn apart from it.
    for hex in m.shape().iter() {
        scene.draw(&Region::Cells(&[hex]), 3.0, &mut rec);
    }
    let symbol_at = |h: Hex| {
        let c = layout.hex_to_pixel(h);
        rec.items.iter().any(|i| {
            matches!(i, Recorded::Text { text, anchor, .. }
                if text == "g" && (anchor.x - c.x).abs() < 0.5 && (anchor.y - c.y).abs() < 0.5)
        })
    };
    for hex in [at(0, 0), at(1, 0), at(2, 0), at(1, 1), at(0, 1)] {
        assert!(!symbol_at(hex), "no symbol under the icons at {hex}");
    }
    assert!(symbol_at(at(3, 2)), "far from the icons the symbol shows");
}

/// What the editor's canvas shows, kept whole: each text with its halo and its measured
/// box (rotation applied), each polygon, each circle.
#[derive(Default)]
struct Seen {
    texts: Vec<(crate::primitives::OwnedText, [Point; 4])>,
    polygons: Vec<Vec<Point>>,
    circles: Vec<(Point, f64)>,
}

impl Sink for Seen {
    fn hex(&mut self, _: &HexCell<'_>) {}
    fn polygon(&mut self, p: &crate::primitives::Polygon<'_>) {
        self.polygons.push(p.points.to_vec());
    }
    fn polyline(&mut self, _: &crate::primitives::Polyline<'_>) {}
    fn circle(&mut self, c: &crate::primitives::Circle) {
        self.circles.push((c.centre, c.radius));
    }
    fn path(&mut self, _: &crate::primitives::Path<'_>) {}
    fn text(&mut self, t: &Text<'_>) {
        let corners = crate::text_box::TextBox::of(t).corners(t);
        self.texts
            .push((crate::primitives::OwnedText::new(t), corners));
    }
    fn placed_image(&mut self, _: &crate::PlacedImage<'_>) {}
}

/// The axis-aligned box of `points`.
fn bbox(points: &[Point]) -> (Point, Point) {
    points.iter().fold(
        (
            Point::new(f64::MAX, f64::MAX),
            Point::new(f64::MIN, f64::MIN),
        ),
        |(a, b), p| {
            (
                Point::new(a.x.min(p.x), a.y.min(p.y)),
                Point::new(b.x.max(p.x), b.y.max(p.y)),
            )
        },
    )
}

/// With terrain symbols and coordinate labels on (the editor zoomed in), a
/// note's flag covers neither the symbol nor the label of its hex, in both orientations,
/// and a mine's disc covers neither (nor the flag): it moves to a corner while labels show.
#[test]
fn note_flags_and_mine_discs_leave_symbols_and_labels_readable() {
    for o in [Orientation::Pointy, Orientation::Flat] {
        let kind = OffsetKind::default_for(o);
        let mut m = TestMap::rectangle(kind, 12, 12)
            .named("t")
            .hex_size(10.0)
            .build();
        let cells: Vec<Hex> = m.shape().iter().collect();
        for &h in &cells {
            m.set_terrain(h, TerrainId::new(2)).unwrap();
            m.set_note(h, Some("n".into())).unwrap();
        }
        let mined = kind.to_hex(OffsetCoord::new(10, 11));
        m.set_mine(mined, true).unwrap();
        let layers = Layers {
            symbols: true,
            labels: Some(CoordSystem::Offset(kind)),
            ..Layers::editor()
        };
        let style = Style::editor(layers);
        let scene = MapScene::whole(&m, m.layout().unwrap(), &style);
        let mut seen = Seen::default();
        // 40 px hexes: symbols and four-character labels shown.
        scene.draw(&Region::Block(scene.bounds()), 4.0, &mut seen);
        assert_eq!(seen.polygons.len(), cells.len(), "{o:?}: one flag per hex");
        assert!(
            seen.texts.len() >= 2 * cells.len(),
            "{o:?}: symbols and labels"
        );
        for flag in &seen.polygons {
            let (a, b) = bbox(flag);
            for (t, corners) in &seen.texts {
                let (p, q) = bbox(corners);
                let meets = a.x < q.x && p.x < b.x && a.y < q.y && p.y < b.y;
                assert!(
                    !meets,
                    "{o:?}: a flag {flag:?} covers {:?} {corners:?}",
                    t.text
                );
            }
        }
        // The mine: a disc clear of every text and of the flag, inside its hex.
        let centre = m.layout().unwrap().hex_to_pixel(mined);
        let discs: Vec<_> = seen
            .circles
            .iter()
            .filter(|(c, _)| (c.x - centre.x).hypot(c.y - centre.y) < 10.0)
            .collect();
        assert!(!discs.is_empty(), "{o:?}: the mine is drawn");
        for (c, r) in discs {
            assert!(
                (c.x - centre.x).hypot(c.y - centre.y) + r < 9.0,
                "{o:?}: inside"
            );
            let (a, b) = (Point::new(c.x - r, c.y - r), Point::new(c.x + r, c.y + r));
            let boxes = seen.texts.iter().map(|(_, k)| bbox(k));
            for (p, q) in boxes.chain(seen.polygons.iter().map(|f| bbox(f))) {
                let meets = a.x < q.x && p.x < b.x && a.y < q.y && p.y < b.y;
                assert!(!meets, "{o:?}: the mine at {c:?} r {r} covers {p:?}–{q:?}");
            }
        }
        let label = kind.from_hex(mined);
        let label = format!("{},{}", label.col, label.row);
        let (t, _) = seen.texts.iter().find(|(t, _)| t.text == label).unwrap();
        assert_eq!(
            t.style.colour,
            ink_on(GRASS),
            "{o:?}: the label reads on the grass"
        );

        // Symbols without labels (a minesweeper board at a normal zoom): the mine keeps
        // its big disc in the middle, and no symbol is drawn half-hidden under it.
        let style = Style::editor(Layers {
            symbols: true,
            ..Layers::editor()
        });
        let scene = MapScene::whole(&m, m.layout().unwrap(), &style);
        let mut seen = Seen::default();
        scene.draw(&Region::Block(scene.bounds()), 4.0, &mut seen);
        assert!(seen.circles.iter().any(|(c, _)| *c == centre), "{o:?}");
        let on_mine = seen.texts.iter().filter(|(t, _)| {
            (t.style.anchor.x - centre.x).abs() < 1.0 && (t.style.anchor.y - centre.y).abs() < 5.0
        });
        assert_eq!(on_mine.count(), 0, "{o:?}: no symbol under the disc");
        assert_eq!(
            seen.texts.len(),
            cells.len() - 1,
            "{o:?}: every other symbol"
        );
    }
}

#[test]
fn the_party_is_drawn_once_over_the_cells_and_under_the_place_names_at_any_zoom() {
    let mut m = map();
    let hex = at(1, 2);
    m.set_party(Some(hexmap_map::Party {
        hex,
        sight: 1,
        trail: None,
    }))
    .unwrap();
    let layout = m.layout().unwrap();
    let centre = layout.hex_to_pixel(hex);
    m.add_label(
        hexmap_map::LabelId(0),
        hexmap_map::Label::new("Camp", centre),
    )
    .unwrap();
    let style = Style::picture(Layers::editor());
    let scene = MapScene::whole(&m, layout, &style);
    // Pictures drawn in pieces and the editor's free text: one disc each, the label after.
    for scale in [0.2, 4.0] {
        let mut pieces = Recording::default();
        for piece in crate::region::split(&scene.bounds(), 3) {
            scene.draw(&Region::Block(piece), scale, &mut pieces);
        }
        let mut free = Recording::default();
        let (a, b) = (Point::new(-100.0, -100.0), Point::new(100.0, 100.0));
        scene.draw_free_text(a, b, scale, &mut free);
        for rec in [&pieces, &free] {
            let discs: Vec<usize> = (0..rec.items.len())
                .filter(|&i| {
                    matches!(&rec.items[i], Recorded::Circle(c)
                        if c.fill == Some(crate::style::PARTY) && c.centre == centre)
                })
                .collect();
            assert_eq!(discs.len(), 1, "one party marker at scale {scale}");
            let r = match &rec.items[discs[0]] {
                Recorded::Circle(c) => c.radius,
                _ => unreachable!(),
            };
            assert!(
                r * scale >= markers::PARTY_MIN_PX - 1e-9,
                "visible zoomed out"
            );
            // (Zoomed out the label is too small to be written at all.)
            let label = (rec.items.iter())
                .position(|i| matches!(i, Recorded::Text { text, .. } if text == "Camp"));
            assert_eq!(label.is_some(), scale > 1.0, "the label at scale {scale}");
            assert!(
                label.is_none_or(|l| l > discs[0]),
                "the label over the marker"
            );
        }
    }
}
