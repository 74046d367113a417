//! Unit tests of the legend: entries for the used types only, drawn one row each, in the
//! chosen corner.

use super::*;
use crate::sink::{Recorded, Recording};
use hexmap_hex::{Direction, Edge, Hex, OffsetCoord, OffsetKind, Orientation};
use hexmap_map::{BuiltinIcon, EdgeTypeId, Icon, MapPath, MapShape, PathTypeId, TerrainId};

/// A 6 × 4 map using two terrains, one edge type, one path type and two kinds of icon
/// (one of them on two hexes).
fn used_map() -> HexMap {
    let shape = MapShape::rectangle(OffsetKind::OddR, 6, 4).unwrap();
    let mut m = hexmap_map::testing::map_on(Orientation::Pointy, shape);
    let at = |c, r| OffsetKind::OddR.to_hex(OffsetCoord::new(c, r));
    for c in 0..6 {
        m.set_terrain(at(c, 0), TerrainId::new(2)).unwrap();
        m.set_terrain(at(c, 1), TerrainId::new(3)).unwrap();
    }
    m.set_edge(
        Edge::new(at(1, 1), Direction::from_index(0)),
        EdgeTypeId::new(1),
    )
    .unwrap();
    m.set_edge(
        Edge::new(at(2, 2), Direction::from_index(3)),
        EdgeTypeId::new(1),
    )
    .unwrap();
    let hexes: Vec<Hex> = (0..4).map(|c| at(c, 3)).collect();
    let id = m.paths().next_id();
    m.insert_path(MapPath {
        gm_only: false,
        id,
        kind: PathTypeId::new(1).unwrap(),
        hexes,
    })
    .unwrap();
    m.set_icons(at(0, 0), vec![Icon::builtin(BuiltinIcon::ALL[0])])
        .unwrap();
    m.set_icons(at(3, 0), vec![Icon::builtin(BuiltinIcon::ALL[0])])
        .unwrap();
    m.set_icons(at(4, 1), vec![Icon::builtin(BuiltinIcon::ALL[1])])
        .unwrap();
    m
}

#[test]
fn entries_list_only_the_used_types_once_each() {
    let m = used_map();
    let names: Vec<String> = legend_entries(&m).into_iter().map(|e| e.name).collect();
    // Icons come in the order of their names in files.
    let mut icons = [BuiltinIcon::ALL[0], BuiltinIcon::ALL[1]];
    icons.sort_by_key(|i| i.name());
    let terrain = |id| {
        m.palette()
            .get(TerrainId::new(id).unwrap())
            .unwrap()
            .name
            .clone()
    };
    let edge = m.edge_palette().types()[0].name.clone();
    let path = m.path_palette().types()[0].name.clone();
    assert_eq!(
        names,
        [
            terrain(2),
            terrain(3),
            edge,
            path,
            icon_name(&IconSource::Builtin(icons[0])),
            icon_name(&IconSource::Builtin(icons[1])),
        ]
    );
    // An unused terrain is not listed.
    assert!(m.palette().terrains().len() > 2);
}

#[test]
fn a_map_with_nothing_used_has_no_legend() {
    let shape = MapShape::rectangle(OffsetKind::OddQ, 3, 3).unwrap();
    let m = hexmap_map::testing::map_on(Orientation::Flat, shape);
    let entries = legend_entries(&m);
    assert!(entries.is_empty());
    let mut rec = Recording::default();
    let area = (Point::new(0.0, 0.0), Point::new(100.0, 100.0));
    draw_legend(&mut rec, &entries, area, 1.0, Corner::TopLeft, None);
    assert!(rec.items.is_empty());
}

#[test]
fn the_drawing_has_a_title_and_one_named_row_with_its_swatch_per_entry() {
    let m = used_map();
    let entries = legend_entries(&m);
    let mut rec = Recording::default();
    let area = (Point::new(0.0, 0.0), Point::new(800.0, 600.0));
    draw_legend(&mut rec, &entries, area, 2.0, Corner::TopRight, None);
    let mut expected = vec![TITLE.to_owned()];
    expected.extend(entries.iter().map(|e| e.name.clone()));
    assert_eq!(rec.texts(), expected);
    // The box first, then per entry: terrains are hexagons, edge and path lines, icons
    // vector paths.
    assert!(matches!(rec.items[0], Recorded::Polygon { .. }));
    let polygons = rec
        .items
        .iter()
        .filter(|i| matches!(i, Recorded::Polygon { points, .. } if points.len() == 6))
        .count();
    assert_eq!(polygons, 2, "one hexagon per terrain");
    let lines = rec
        .items
        .iter()
        .filter(|i| matches!(i, Recorded::Polyline { .. }))
        .count();
    assert_eq!(lines, 2, "one line per edge and path type");
    assert!(rec.items.iter().any(|i| matches!(i, Recorded::Path { .. })));
}

#[test]
fn the_box_sits_in_the_chosen_corner_and_keeps_its_pixel_size() {
    let entries = legend_entries(&used_map());
    let area = (Point::new(100.0, 50.0), Point::new(900.0, 650.0));
    for corner in Corner::ALL {
        let (min, max) = legend_box(&entries, area, 1.0, corner);
        assert!(min.x >= area.0.x && min.y >= area.0.y, "{corner}: inside");
        assert!(max.x <= area.1.x && max.y <= area.1.y, "{corner}: inside");
        let left = matches!(corner, Corner::TopLeft | Corner::BottomLeft);
        let top = matches!(corner, Corner::TopLeft | Corner::TopRight);
        let mid = Point::new((min.x + max.x) / 2.0, (min.y + max.y) / 2.0);
        assert_eq!(mid.x < 500.0, left, "{corner}");
        assert_eq!(mid.y < 350.0, top, "{corner}");
    }
    // Twice the scale: half the world size, the same size on screen.
    let (a, b) = legend_box(&entries, area, 1.0, Corner::TopLeft);
    let (c, d) = legend_box(&entries, area, 2.0, Corner::TopLeft);
    assert!(((b.x - a.x) - 2.0 * (d.x - c.x)).abs() < 1e-9);
}

#[test]
fn icon_names_read_well() {
    assert_eq!(
        icon_name(&IconSource::Image("art/old_tower.png".into())),
        "Old tower"
    );
    assert_eq!(
        icon_name(&IconSource::Image("art\\standing-stones.svg".into())),
        "Standing stones"
    );
    assert_eq!(
        icon_name(&IconSource::Builtin(
            BuiltinIcon::from_name("monster_lair").unwrap()
        )),
        "Monster lair"
    );
}

#[test]
fn image_icons_sort_among_built_ins_by_the_name_shown() {
    let mut m = used_map();
    let at = OffsetKind::OddR.to_hex(OffsetCoord::new(5, 2));
    let image = Icon {
        gm_only: false,
        source: IconSource::Image("art/old-abbey.png".into()),
        ..Icon::builtin(BuiltinIcon::Star)
    };
    let icons = vec![
        Icon::builtin(BuiltinIcon::from_name("village").unwrap()),
        image,
        Icon::builtin(BuiltinIcon::from_name("lighthouse").unwrap()),
    ];
    m.set_icons(at, icons).unwrap();
    let names: Vec<String> = legend_entries(&m)
        .into_iter()
        .filter(|e| matches!(e.swatch, Swatch::Icon(_)))
        .map(|e| e.name)
        .collect();
    let position = |name: &str| names.iter().position(|n| n == name).unwrap();
    // "Old abbey" is "image:art/old-abbey.png" in the map, which sorts before
    // "lighthouse"; shown, it comes after Lighthouse.
    assert!(position("Lighthouse") < position("Old abbey"), "{names:?}");
    assert!(position("Old abbey") < position("Village"), "{names:?}");
    // An image named like a built-in is placed by its file text ("image:…" before
    // "village"), the same every time.
    let twin = Icon {
        gm_only: false,
        source: IconSource::Image("art/village.png".into()),
        ..Icon::builtin(BuiltinIcon::Star)
    };
    m.add_icon(at, twin).unwrap();
    for _ in 0..5 {
        let villages: Vec<Swatch> = legend_entries(&m)
            .into_iter()
            .filter(|e| e.name == "Village")
            .map(|e| e.swatch)
            .collect();
        assert_eq!(
            villages,
            [
                Swatch::Icon(IconSource::Image("art/village.png".into())),
                Swatch::Icon(IconSource::Builtin(
                    BuiltinIcon::from_name("village").unwrap()
                )),
            ]
        );
    }
}

#[test]
fn a_legend_too_tall_for_the_area_wraps_into_columns_that_stay_inside() {
    let mut m = used_map();
    // 24 icons on the 6 × 4 map: 28 entries, 580 px in one column.
    for (i, &kind) in BuiltinIcon::ALL.iter().take(24).enumerate() {
        let hex = OffsetKind::OddR.to_hex(OffsetCoord::new(i as i32 % 6, i as i32 / 6));
        m.add_icon(hex, Icon::builtin(kind)).unwrap();
    }
    let entries = legend_entries(&m);
    assert!(entries.len() >= 26, "{}", entries.len());
    let tall = (Point::new(0.0, 0.0), Point::new(2000.0, 2000.0));
    let short = (Point::new(0.0, 0.0), Point::new(2000.0, 300.0));
    let (a, b) = legend_box(&entries, tall, 1.0, Corner::BottomLeft);
    let (c, d) = legend_box(&entries, short, 1.0, Corner::BottomLeft);
    assert!(b.y - a.y > 500.0, "one column in a tall area: {a:?} {b:?}");
    assert!(
        c.y >= 0.0 && d.y <= 300.0,
        "inside the short area: {c:?} {d:?}"
    );
    assert!(
        d.x - c.x > 2.0 * (b.x - a.x),
        "three columns or more: {c:?} {d:?}"
    );
    // Every name is drawn, and each inside the box.
    let mut rec = Recording::default();
    draw_legend(&mut rec, &entries, short, 1.0, Corner::BottomLeft, None);
    let mut expected = vec![TITLE.to_owned()];
    expected.extend(entries.iter().map(|e| e.name.clone()));
    assert_eq!(rec.texts(), expected);
    for item in &rec.items {
        if let Recorded::Text { anchor, .. } = item {
            assert!(
                anchor.x > c.x && anchor.x < d.x && anchor.y > c.y && anchor.y < d.y,
                "{anchor:?} outside {c:?}–{d:?}"
            );
        }
    }
}
