//! Tiled draws every map the right way up. For pointy and flat maps in
//! all four offset kinds — so also a pointy odd-q map, whose own kind shoves columns — as
//! rectangles and hexagons, Tiled's own render (`tmxrasterizer`) must show each cell's
//! terrain colour at the centre that hexmap's geometry gives the cell: computed from its
//! cube coordinates with hexmap's `Layout` and Tiled's tile spacing, never from the
//! exported file's (col, row), up to one translation found by search. And hexmap → Tiled →
//! hexmap keeps orientation, offset kind and every cell, also through Tiled's own JSON.

use crate::support;
use support::tiled_tools as tools;

use hexmap::hex::{Hex, Layout, OffsetKind, Orientation, Point};
use hexmap::io::FolderResources;
use hexmap::io::format::{WriteOptions, by_name, read_path, write_path};
use hexmap::io::tiled::{from_tiled, read_tiled};
use hexmap::map::testing::TestMap;
use hexmap::map::{HexMap, MapShape};

fn map(orientation: Orientation, kind: OffsetKind, shape: MapShape) -> HexMap {
    let mut map = TestMap::on(orientation, shape)
        .named(format!("{orientation:?} {kind}"))
        .offset_kind(kind)
        .labels_in(kind)
        .hex_size_xy(12.0, 10.0)
        .build();
    let ids: Vec<_> = map.palette().terrains().iter().map(|t| t.id).collect();
    let cells: Vec<Hex> = map.shape().iter().collect();
    for h in cells {
        // Neighbours differ in every direction, and some cells stay empty.
        let pick = (h.q * 5 + h.r * 11).rem_euclid(ids.len() as i32 + 1) as usize;
        map.set_terrain(h, ids.get(pick).copied()).unwrap();
    }
    map
}

fn maps() -> Vec<(String, HexMap)> {
    let mut v = Vec::new();
    for orientation in [Orientation::Pointy, Orientation::Flat] {
        for kind in OffsetKind::ALL {
            for (shape_name, shape) in [
                ("rect", MapShape::rectangle(kind, 7, 5).unwrap()),
                ("hexagon", MapShape::hexagon(3).unwrap()),
            ] {
                let name = format!("{}-{kind}-{shape_name}", orientation.name());
                v.push((name, map(orientation, kind, shape)));
            }
        }
    }
    v
}

/// hexmap's layout of the map with Tiled's spacing between tile centres, read from Tiled's
/// own JSON conversion: pointy hexes sit `tilewidth` apart in a row and rows sit
/// (`tileheight` + `hexsidelength`) / 2 apart; flat hexes the same with x and y swapped.
pub(crate) fn layout_with_tiled_spacing(
    orientation: Orientation,
    tiled_json: &serde_json::Value,
) -> Layout {
    let num = |k: &str| tiled_json[k].as_f64().unwrap_or_else(|| panic!("{k}"));
    let (tw, th, side) = (num("tilewidth"), num("tileheight"), num("hexsidelength"));
    let sqrt3 = 3f64.sqrt();
    // Layout (docs/DESIGN.md §3): pointy neighbours √3·sx apart in a row, rows 1.5·sy apart.
    let size = match orientation {
        Orientation::Pointy => Point::new(tw / sqrt3, (th + side) / 2.0 / 1.5),
        Orientation::Flat => Point::new((tw + side) / 2.0 / 1.5, th / sqrt3),
    };
    Layout::new(orientation, size, Point::default()).unwrap()
}

/// The colour a cell must show: its terrain's, or transparent when it has none.
fn expected_colour(map: &HexMap, h: Hex) -> Option<[u8; 4]> {
    map.terrain(h).map(|t| {
        let c = map.palette().get(t).unwrap().color.0;
        [c[0], c[1], c[2], 255]
    })
}

fn shows(img: &tiny_skia::Pixmap, x: f64, y: f64, want: Option<[u8; 4]>) -> bool {
    match (tools::pixel(img, x, y), want) {
        (None, _) => false,
        (Some(got), Some(want)) => tools::close(got, want, 2),
        (Some(got), None) => got[3] < 8,
    }
}

/// How many cells the render shows wrong under the best translation: every integer
/// translation that puts the first cell on a pixel of its own colour is tried.
pub(crate) fn cells_drawn_wrong(map: &HexMap, layout: &Layout, img: &tiny_skia::Pixmap) -> usize {
    let cells: Vec<(Point, Option<[u8; 4]>)> = map
        .shape()
        .iter()
        .map(|h| (layout.hex_to_pixel(h), expected_colour(map, h)))
        .collect();
    let (first, first_colour) = cells[0];
    let mut fewest_wrong = cells.len();
    for py in 0..img.height() {
        for px in 0..img.width() {
            let (x, y) = (f64::from(px) + 0.5, f64::from(py) + 0.5);
            if !shows(img, x, y, first_colour) {
                continue;
            }
            let (dx, dy) = ((x - first.x).floor(), (y - first.y).floor());
            let wrong = cells
                .iter()
                .filter(|(p, want)| !shows(img, p.x + dx, p.y + dy, *want))
                .count();
            fewest_wrong = fewest_wrong.min(wrong);
        }
    }
    fewest_wrong
}

/// The map read back from a Tiled file keeps orientation, offset kind, shape and cells.
fn assert_same_map(back: &HexMap, map: &HexMap, label: &str) {
    let (b, m) = (back.properties(), map.properties());
    assert_eq!(
        (b.orientation, b.offset_kind),
        (m.orientation, m.offset_kind),
        "{label}"
    );
    assert_eq!(back.shape(), map.shape(), "{label}");
    for h in map.shape().iter() {
        assert_eq!(back.terrain(h), map.terrain(h), "{label} {h}");
    }
}

/// One map exported as TMX or TMJ and looked at by Tiled.
struct Seen {
    label: String,
    file: std::path::PathBuf,
    /// Tiled's own JSON conversion of the file.
    tiled_json: String,
    /// Cells drawn wrong in Tiled's render.
    wrong: usize,
}

#[test]
fn tiled_draws_every_orientation_and_offset_kind_where_hexmap_puts_each_cell() {
    if !tools::available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut seen: Vec<(HexMap, Vec<Seen>)> = Vec::new();
    for (name, map) in maps() {
        let orientation = map.properties().orientation;
        let mut both = Vec::new();
        for ext in ["tmx", "tmj"] {
            let file = dir.path().join(format!("{name}.{ext}"));
            let opts = WriteOptions::default();
            write_path(&map, None, by_name(ext).unwrap(), &opts, &file, &mut |_| {}).unwrap();
            let as_json = dir.path().join(format!("{name}-by-tiled-{ext}.tmj"));
            tools::export_map("json", &file, &as_json);
            let tiled_json = std::fs::read_to_string(&as_json).unwrap();
            let v: serde_json::Value = serde_json::from_str(&tiled_json).unwrap();
            // Tiled's render against hexmap's geometry.
            let layout = layout_with_tiled_spacing(orientation, &v);
            let png = dir.path().join(format!("{name}-{ext}.png"));
            let img = tools::rasterize(&file, &png, &[]);
            both.push(Seen {
                label: format!("{name}.{ext}"),
                file,
                tiled_json,
                wrong: cells_drawn_wrong(&map, &layout, &img),
            });
        }
        seen.push((map, both));
    }
    eprintln!("Tiled renders vs hexmap geometry (cells drawn wrong of N, TMX / TMJ):");
    for (map, both) in &seen {
        let label = both[0].label.trim_end_matches(".tmx");
        let n = map.cell_count();
        eprintln!("  {label:<24} {} / {} of {n}", both[0].wrong, both[1].wrong);
    }
    for (map, both) in &seen {
        for s in both {
            assert_eq!(s.wrong, 0, "{}: cells drawn wrong", s.label);
            // Tiled's stagger axis follows the orientation.
            let v: serde_json::Value = serde_json::from_str(&s.tiled_json).unwrap();
            let axis = match map.properties().orientation {
                Orientation::Pointy => "y",
                Orientation::Flat => "x",
            };
            assert_eq!(v["staggeraxis"].as_str(), Some(axis), "{}", s.label);
            // Round trips: our file, and Tiled's JSON conversion of it, read back.
            let back = read_path(&s.file).unwrap();
            assert!(back.warnings.is_empty(), "{}: {:?}", s.label, back.warnings);
            assert_same_map(&back.map, map, &s.label);
            let res = FolderResources(dir.path().to_path_buf());
            let tiled = read_tiled(&s.tiled_json, "by-tiled.tmj", &res).unwrap();
            let (back, warnings) = from_tiled(&tiled).unwrap();
            assert!(warnings.is_empty(), "{}: {warnings:?}", s.label);
            let label = format!("{} via tiled --export-map", s.label);
            assert_same_map(&back, map, &label);
        }
    }
}

#[test]
fn the_stagger_axis_follows_the_orientation_and_the_offset_kind_comes_back() {
    // Without Tiled: the file's stagger axis draws the map's orientation, and reading it
    // back restores the map's own offset kind, shape and cells.
    let dir = tempfile::tempdir().unwrap();
    let res = FolderResources(dir.path().to_path_buf());
    for (name, map) in maps() {
        for ext in ["tmx", "tmj"] {
            let file = dir.path().join(format!("{name}.{ext}"));
            let opts = WriteOptions::default();
            write_path(&map, None, by_name(ext).unwrap(), &opts, &file, &mut |_| {}).unwrap();
            let text = std::fs::read_to_string(&file).unwrap();
            let tiled = read_tiled(&text, "m", &res).unwrap();
            assert_eq!(
                tiled.geometry.axis.orientation(),
                map.properties().orientation,
                "{name}.{ext}"
            );
            let back = read_path(&file).unwrap();
            assert_same_map(&back.map, &map, &format!("{name}.{ext}"));
            assert_eq!(back.map.properties(), map.properties(), "{name}.{ext}");
        }
    }
}
