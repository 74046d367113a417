//! Texel blocks show what the coarse drawing shows: each point of a cell's coarse rectangle
//! samples that cell's colour, across block borders, in both orientations and for shoved
//! rows or columns of either parity.

use super::*;
use hexmap_draw::{Colour, Layers, MapScene, Region, Style};
use hexmap_hex::Hex;
use hexmap_map::testing::TestMap;
use hexmap_map::{HexMap, MapShape, TerrainId};

/// A map whose every cell differs in colour from its six neighbours: terrain
/// `1 + (col + 2·row) mod 5` in the map's own offset kind.
fn striped(orientation: Orientation, shape: MapShape, kind: OffsetKind) -> HexMap {
    let mut m = TestMap::on(orientation, shape)
        .named("striped")
        .hex_size(10.0)
        .build();
    for hex in m.shape().iter().collect::<Vec<_>>() {
        let c = kind.from_hex(hex);
        let t = 1 + (c.col + 2 * c.row).rem_euclid(5) as u16;
        m.set_terrain(hex, TerrainId::new(t)).unwrap();
    }
    m
}

/// The colour a texel block shows at world point `p` (nearest texel), if it covers it
/// with a cell.
fn sample(anchor: Point, image: &TexelImage, p: Point) -> Option<Color32> {
    let (x, y) = ((p.x - anchor.x) as f32, (p.y - anchor.y) as f32);
    let r = image.rect;
    if !r.contains(Pos2::new(x, y)) {
        return None;
    }
    let [w, h] = image.image.size;
    let i = (((x - r.min.x) / r.width()) * w as f32).floor() as usize;
    let j = (((y - r.min.y) / r.height()) * h as f32).floor() as usize;
    let c = image.image.pixels[j.min(h - 1) * w + i.min(w - 1)];
    (c.a() > 0).then_some(c)
}

#[test]
fn every_point_of_a_cells_coarse_block_shows_its_colour_across_block_borders() {
    let side = TEXEL_SIDE as u32 + 9;
    for (orientation, kind) in [
        (Orientation::Pointy, OffsetKind::OddR),
        (Orientation::Pointy, OffsetKind::EvenR),
        (Orientation::Flat, OffsetKind::OddQ),
        (Orientation::Flat, OffsetKind::EvenQ),
    ] {
        let map = striped(
            orientation,
            MapShape::rectangle(kind, side, side).unwrap(),
            kind,
        );
        let layout = map.layout().unwrap();
        let style = Style::editor(Layers::editor());
        let scene = MapScene::whole(&map, layout, &style);
        // The cells' colours as the coarse drawing paints them.
        let mut want: Vec<(Hex, Colour)> = Vec::new();
        scene.block_colours(&Region::Block(scene.bounds()), &mut |h, c| {
            want.push((h, c))
        });
        assert_eq!(want.len(), (side * side) as usize);
        let b = scene.bounds();
        let blocks: Vec<_> = (b.min_col.div_euclid(TEXEL_SIDE)
            ..=(b.min_col + b.cols as i32 - 1).div_euclid(TEXEL_SIDE))
            .flat_map(|x| {
                (b.min_row.div_euclid(TEXEL_SIDE)
                    ..=(b.min_row + b.rows as i32 - 1).div_euclid(TEXEL_SIDE))
                    .map(move |y| (x, y))
            })
            .filter_map(|key| {
                let (anchor, image) = texel_image(&layout, key, &scene, 1);
                image.map(|i| (anchor, i))
            })
            .collect();
        assert!(blocks.len() >= 4, "{kind:?}: the map spans block borders");
        let (hw, hh) = hexmap_draw::map_scene::half_pitch(&layout);
        for &(h, colour) in &want {
            let c = layout.hex_to_pixel(h);
            for fx in [-0.9, -0.45, 0.0, 0.45, 0.9] {
                for fy in [-0.9, 0.0, 0.9] {
                    let p = Point::new(c.x + fx * hw, c.y + fy * hh);
                    let seen: Vec<Color32> = blocks
                        .iter()
                        .filter_map(|(anchor, image)| sample(*anchor, image, p))
                        .collect();
                    assert!(
                        !seen.is_empty(),
                        "{kind:?}: a gap at {:?} ({fx}, {fy})",
                        kind.from_hex(h)
                    );
                    assert!(
                        seen.iter().all(|&s| s == color32(colour)),
                        "{kind:?}: cell {:?} at ({fx}, {fy}) shows {seen:?}, not {:?}",
                        kind.from_hex(h),
                        color32(colour)
                    );
                }
            }
        }
    }
}

#[test]
fn a_block_without_cells_has_no_texture() {
    let map = striped(
        Orientation::Pointy,
        MapShape::hexagon(20).unwrap(),
        OffsetKind::OddR,
    );
    let layout = map.layout().unwrap();
    let style = Style::editor(Layers::editor());
    let scene = MapScene::whole(&map, layout, &style);
    assert!(texel_image(&layout, (5, 5), &scene, 1).1.is_none());
    assert!(texel_image(&layout, (0, 0), &scene, 1).1.is_some());
}

#[test]
fn zoomed_far_out_a_texel_is_the_mean_of_its_square_of_cells() {
    // Rows alternate Sea and Grass: at 4 cells a texel each texel mixes both evenly.
    let kind = OffsetKind::OddR;
    let side = TEXEL_SIDE as u32 + 6;
    let mut map = TestMap::rectangle(kind, side, side)
        .named("rows")
        .hex_size(10.0)
        .build();
    for hex in map.shape().iter().collect::<Vec<_>>() {
        let row = kind.from_hex(hex).row;
        map.set_terrain(hex, TerrainId::new(1 + (row % 2) as u16))
            .unwrap();
    }
    let layout = map.layout().unwrap();
    let style = Style::editor(Layers::editor());
    let scene = MapScene::whole(&map, layout, &style);
    // A cell's pitch is 15 units: at zoom 1/64 that is a quarter of a pixel.
    assert_eq!(cells_per_texel(&layout, 1.0), 1);
    assert_eq!(cells_per_texel(&layout, 1.0 / 64.0), 4);
    let (_, image) = texel_image(&layout, (0, 0), &scene, 4);
    let image = image.expect("cells");
    assert_eq!(image.image.size, [32, 32], "a sixteenth of the texels");
    let colour = |id: u16| {
        map.palette()
            .get(TerrainId::new(id).unwrap())
            .unwrap()
            .color
            .0
    };
    let (sea, grass) = (colour(1), colour(2));
    for p in &image.image.pixels {
        for k in 0..3 {
            let mix = (u16::from(sea[k]) + u16::from(grass[k])) / 2;
            let got = [p.r(), p.g(), p.b()][k];
            assert!(u16::from(got).abs_diff(mix) <= 1, "{p:?}");
        }
        assert_eq!(p.a(), 255);
    }
    // The next block holds 6 columns of cells: its first texel column two-thirds clear
    // past the map's edge (4 of 4 cells, then 2 of 4), then nothing.
    let (_, edge) = texel_image(&layout, (1, 0), &scene, 4);
    let edge = edge.expect("cells").image;
    assert_eq!(edge.pixels[0].a(), 255);
    assert_eq!(edge.pixels[1].a(), 127);
    assert_eq!(edge.pixels[2].a(), 0);
    // Neighbouring blocks' quads meet edge to edge.
    let (a0, first) = texel_image(&layout, (0, 0), &scene, 4);
    let (a1, second) = texel_image(&layout, (1, 0), &scene, 4);
    let right = a0.x + f64::from(first.unwrap().rect.max.x);
    let left = a1.x + f64::from(second.unwrap().rect.min.x);
    assert!((right - left).abs() < 1e-3, "{right} against {left}");
}
