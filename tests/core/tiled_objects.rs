//! Edges, paths, icons and labels as Tiled object layers, checked with
//! Tiled's own tools: hexmap → TMX/TMJ → hexmap restores them exactly, also through
//! Tiled's own conversions (TMX → JSON and JSON → TMX); and Tiled's render
//! (`tmxrasterizer`) draws each edge feature on the hex side and each road through the
//! hex centres where hexmap's own geometry (`Layout::edge_points`, hex centres) puts
//! them, and each icon's tile on its hex, for pointy maps, odd and even.

use crate::support;
use support::tiled_tools as tools;

use hexmap::hex::{Direction, Edge, Hex, Layout, OffsetKind, Orientation, Point};
use hexmap::io::FolderResources;
use hexmap::io::format::{WriteOptions, by_name, read_path, write_path};
use hexmap::io::tiled::{FromTiledError, from_tiled, read_tiled};
use hexmap::map::testing::TestMap;
use hexmap::map::{
    BuiltinIcon, Cost, EdgeMove, EdgePalette, EdgeType, EdgeTypeId, HexMap, Icon, IconSource,
    Label, LabelId, LineStyle, MapPath, MapShape, PathId, PathTypeId, Rgb,
};
use std::path::Path;

const ROAD: u16 = 1;
const RIVER: u16 = 1;
const WALL: u16 = 3;

/// A 9×7 map of three land terrains in a pattern (so a render can be lined up), with a
/// river and a wall on known edges, a road, icons and labels.
fn sample(orientation: Orientation, kind: OffsetKind) -> HexMap {
    let mut map = TestMap::on(orientation, MapShape::rectangle(kind, 9, 7).unwrap())
        .named(format!("{} {kind}", orientation.name()))
        .offset_kind(kind)
        .labels_in(kind)
        .hex_size(16.0)
        .build();
    let ids: Vec<_> = map.palette().terrains().iter().map(|t| t.id).collect();
    let cells: Vec<Hex> = map.shape().iter().collect();
    for h in &cells {
        // Grass, forest, hills: none of them near the colour of a line type used.
        // A pattern with no period, so only one translation lines a render up with it.
        let mix = (h.q.wrapping_mul(73_856_093) ^ h.r.wrapping_mul(19_349_663)) >> 3;
        let pick = 1 + mix.rem_euclid(3) as usize;
        map.set_terrain(*h, Some(ids[pick])).unwrap();
    }
    // A custom edge type with a fractional cost, so the palette must travel too.
    let mut edge_types = map.edge_palette().types().to_vec();
    edge_types.push(EdgeType {
        id: EdgeTypeId::new(9).unwrap(),
        name: "Hedge".into(),
        color: Rgb([0xd0, 0x30, 0xd0]),
        width: 0.05,
        style: LineStyle::Dashed,
        movement: EdgeMove::Extra("0.25".parse::<Cost>().unwrap()),
        blocks_sight: true,
    });
    map.set_edge_palette(EdgePalette::new(edge_types).unwrap());
    let centre = kind.to_hex(hexmap::hex::OffsetCoord::new(4, 3));
    // A river along three sides of the centre hex, a wall on a far side, a hedge.
    for (d, kind) in [(0, RIVER), (1, RIVER), (2, RIVER), (4, WALL), (5, 9)] {
        let e = Edge::new(centre, Direction::ALL[d]);
        map.set_edge(e, EdgeTypeId::new(kind)).unwrap();
    }
    // A road from the west through the centre's western neighbour and on south-west.
    let west = centre.neighbor(Direction::ALL[3]);
    let start = west.neighbor(Direction::ALL[3]);
    let end = west.neighbor(Direction::ALL[4]).neighbor(Direction::ALL[4]);
    let road = vec![start, west, west.neighbor(Direction::ALL[4]), end];
    map.insert_path(MapPath {
        gm_only: false,
        id: PathId(7),
        kind: PathTypeId::new(ROAD).unwrap(),
        hexes: road,
    })
    .unwrap();
    // Icons: a lone town, two on one hex (one coloured, scaled, captioned), an image.
    let east = centre
        .neighbor(Direction::ALL[0])
        .neighbor(Direction::ALL[0]);
    map.set_icons(east, vec![Icon::builtin(BuiltinIcon::Town)])
        .unwrap();
    let mut castle = Icon::builtin(BuiltinIcon::Castle);
    castle.caption = Some("Keep & <gate>".into());
    castle.scale = 0.75;
    castle.color = Some(Rgb([0x80, 0x10, 0x10]));
    let far = kind.to_hex(hexmap::hex::OffsetCoord::new(7, 6));
    map.set_icons(far, vec![castle, Icon::builtin(BuiltinIcon::Ruin)])
        .unwrap();
    let mut image = Icon::builtin(BuiltinIcon::Star);
    image.source = IconSource::Image("art/inn.png".into());
    map.set_icons(
        kind.to_hex(hexmap::hex::OffsetCoord::new(1, 1)),
        vec![image],
    )
    .unwrap();
    // Labels: plain, and rotated, bold, coloured without halo.
    let layout = map.layout().unwrap();
    let c = layout.hex_to_pixel(centre);
    map.add_label(
        LabelId(3),
        Label::new("The Marches", Point::new(c.x, c.y - 40.0)),
    )
    .unwrap();
    let mut sea = Label::new("Grey Sea", Point::new(c.x + 30.5, c.y + 50.25));
    sea.size = 0.8;
    sea.rotation = -30.0;
    sea.color = Rgb([0x10, 0x30, 0x90]);
    sea.bold = true;
    sea.italic = true;
    sea.halo = false;
    map.add_label(LabelId(5), sea).unwrap();
    // A curved label: its text follows a bent path.
    let river = Label::along(
        "Silver Run",
        &[
            Point::new(c.x - 60.0, c.y + 10.0),
            Point::new(c.x - 20.0, c.y + 25.5),
            Point::new(c.x + 40.0, c.y + 5.0),
        ],
    );
    map.add_label(LabelId(6), river).unwrap();
    map
}

fn maps() -> Vec<(String, HexMap)> {
    let mut v = Vec::new();
    for orientation in [Orientation::Pointy, Orientation::Flat] {
        for kind in OffsetKind::ALL {
            v.push((
                format!("{}-{kind}", orientation.name()),
                sample(orientation, kind),
            ));
        }
    }
    v
}

/// The map read back has the same palettes, edges, paths, icons and labels.
fn assert_same_objects(back: &HexMap, map: &HexMap, label: &str) {
    assert_eq!(back.edge_palette(), map.edge_palette(), "{label}");
    assert_eq!(back.path_palette(), map.path_palette(), "{label}");
    let edges = |m: &HexMap| m.edges().collect::<Vec<_>>();
    assert_eq!(edges(back), edges(map), "{label}: edges");
    assert_eq!(back.paths(), map.paths(), "{label}: paths");
    assert_eq!(back.icons(), map.icons(), "{label}: icons");
    assert_eq!(back.labels(), map.labels(), "{label}: labels");
}

/// Exports with 32-pixel tiles: the hexes' radius of 16 world units is then 16 pixels,
/// the scale the pixel tolerances below are set for.
pub(crate) fn export(map: &HexMap, ext: &str, file: &Path) {
    write_path(
        map,
        None,
        by_name(ext).unwrap(),
        &WriteOptions {
            tile_size: 32,
            ..WriteOptions::default()
        },
        file,
        &mut |_| {},
    )
    .unwrap();
}

#[test]
fn edges_paths_icons_and_labels_come_back_from_tmx_and_tmj() {
    let dir = tempfile::tempdir().unwrap();
    for (name, map) in maps() {
        for ext in ["tmx", "tmj"] {
            let file = dir.path().join(format!("{name}.{ext}"));
            export(&map, ext, &file);
            let back = read_path(&file).unwrap();
            assert!(
                back.warnings.is_empty(),
                "{name}.{ext}: {:?}",
                back.warnings
            );
            assert_same_objects(&back.map, &map, &format!("{name}.{ext}"));
        }
    }
}

#[test]
fn tiled_s_own_conversions_keep_every_object() {
    if !tools::available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let res = FolderResources(dir.path().to_path_buf());
    for (name, map) in maps() {
        // Our TMX → Tiled's JSON, and our TMJ → Tiled's TMX.
        for (ext, to, out_ext) in [("tmx", "json", "tmj"), ("tmj", "tmx", "tmx")] {
            let file = dir.path().join(format!("{name}.{ext}"));
            export(&map, ext, &file);
            let out = dir
                .path()
                .join(format!("{name}-by-tiled-from-{ext}.{out_ext}"));
            tools::export_map(to, &file, &out);
            let text = std::fs::read_to_string(&out).unwrap();
            let label = format!("{name}.{ext} via tiled --export-map {to}");
            let tiled =
                read_tiled(&text, "by-tiled", &res).unwrap_or_else(|e| panic!("{label}: {e}"));
            let (back, warnings) = from_tiled(&tiled).unwrap();
            assert!(warnings.is_empty(), "{label}: {warnings:?}");
            assert_same_objects(&back, &map, &label);
        }
    }
}

/// hexmap's layout of the map with Tiled's spacing between tile centres (from the map
/// header only: tile width, height and side length).
pub(crate) fn layout_with_tiled_spacing(
    orientation: Orientation,
    tiled_json: &serde_json::Value,
) -> Layout {
    let num = |k: &str| tiled_json[k].as_f64().unwrap();
    let (tw, th, side) = (num("tilewidth"), num("tileheight"), num("hexsidelength"));
    let sqrt3 = 3f64.sqrt();
    let size = match orientation {
        Orientation::Pointy => Point::new(tw / sqrt3, (th + side) / 2.0 / 1.5),
        Orientation::Flat => Point::new((tw + side) / 2.0 / 1.5, th / sqrt3),
    };
    Layout::new(orientation, size, Point::default()).unwrap()
}

pub(crate) fn rgba(c: Rgb) -> [u8; 4] {
    [c.0[0], c.0[1], c.0[2], 255]
}

/// True when a pixel within `r` of (x, y) has colour `want`. Lines are checked within
/// 3 pixels: the translation found by colour matching is good to about 1.5 pixels, and
/// Tiled's lines are 2 pixels wide, while a side drawn on the wrong side or a hex drawn
/// the wrong way round is a hex's half-width (here 14 pixels) away.
pub(crate) fn near(img: &tiny_skia::Pixmap, p: Point, want: [u8; 4], r: i32) -> bool {
    (-r..=r).any(|dy| {
        (-r..=r).any(|dx| {
            tools::pixel(img, p.x + f64::from(dx), p.y + f64::from(dy))
                .is_some_and(|got| tools::close(got, want, 40))
        })
    })
}

pub(crate) fn lerp(a: Point, b: Point, t: f64) -> Point {
    Point::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
}

fn terrain_colour(map: &HexMap, h: Hex) -> [u8; 4] {
    rgba(map.palette().get(map.terrain(h).unwrap()).unwrap().color)
}

/// The translation from hexmap's layout to the render: of the translations that put at
/// least nine in ten cell centres on their terrain colour (cells under the road or an icon
/// left out; labels and lines may hide a few more), the middle one of those that also put
/// the most points near each cell's corners on its colour. (Keeping only the translations
/// with the most centres on colour lost the right one on flat maps, where a line or a
/// label covering one centre tipped the count, and the search settled 6 px off.)
pub(crate) fn translation(map: &HexMap, layout: &Layout, img: &tiny_skia::Pixmap) -> Point {
    let on_road: Vec<Hex> = map.paths().iter().flat_map(|p| p.hexes.clone()).collect();
    let cells: Vec<(Point, [u8; 4])> = map
        .shape()
        .iter()
        .filter(|h| !on_road.contains(h) && map.icons_at(*h).is_empty())
        .map(|h| (layout.hex_to_pixel(h), terrain_colour(map, h)))
        .collect();
    let shows =
        |p: Point, c: [u8; 4]| tools::pixel(img, p.x, p.y).is_some_and(|g| tools::close(g, c, 2));
    let (first, colour) = cells[0];
    let mut best: (usize, Vec<Point>) = (0, Vec::new());
    for py in 0..img.height() {
        for px in 0..img.width() {
            let (x, y) = (f64::from(px) + 0.5, f64::from(py) + 0.5);
            if !shows(Point::new(x, y), colour) {
                continue;
            }
            let d = Point::new(x - first.x, y - first.y);
            let n = cells
                .iter()
                .filter(|(p, c)| shows(Point::new(p.x + d.x, p.y + d.y), *c))
                .count();
            best.0 = best.0.max(n);
            if n * 10 >= cells.len() * 9 {
                best.1.push(d);
            }
        }
    }
    assert!(
        !best.1.is_empty(),
        "only {} of {} centres line up",
        best.0,
        cells.len()
    );
    // Of those, the ones that also put points near each cell's corners (hexmap's corners,
    // three quarters of the way out) on its colour: a hex's wiggle room shrinks to a pixel.
    let near_corners: Vec<(Point, [u8; 4])> = map
        .shape()
        .iter()
        .filter(|h| !on_road.contains(h) && map.icons_at(*h).is_empty())
        .flat_map(|h| {
            let c = layout.hex_to_pixel(h);
            let colour = terrain_colour(map, h);
            layout
                .corners(h)
                .map(|k| (lerp(c, k, 0.75), colour))
                .into_iter()
        })
        .collect();
    let score = |d: &Point| {
        near_corners
            .iter()
            .filter(|(p, c)| shows(Point::new(p.x + d.x, p.y + d.y), *c))
            .count()
    };
    let top = best.1.iter().map(score).max().unwrap();
    let finest: Vec<&Point> = best.1.iter().filter(|d| score(d) == top).collect();
    let spread = finest.iter().fold(0f64, |m, p| {
        m.max((p.x - finest[0].x).abs())
            .max((p.y - finest[0].y).abs())
    });
    assert!(spread < 4.0, "the render lines up in several places");
    let k = finest.len() as f64;
    let sum = finest.iter().fold(Point::new(0.0, 0.0), |a, p| {
        Point::new(a.x + p.x, a.y + p.y)
    });
    Point::new(sum.x / k, sum.y / k)
}

#[test]
fn tiled_draws_edges_roads_and_icons_where_hexmap_s_geometry_puts_them() {
    if !tools::available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Pointy maps odd-r and even-r, flat maps odd-q and even-q (the offset kinds that
    // belong to each orientation).
    let direct = maps().into_iter().filter(|(_, m)| {
        let p = m.properties();
        p.offset_kind.shoves_rows() == (p.orientation == Orientation::Pointy)
    });
    for (name, map) in direct {
        let orientation = map.properties().orientation;
        let file = dir.path().join(format!("{name}.tmx"));
        export(&map, "tmx", &file);
        let header = dir.path().join(format!("{name}-header.tmj"));
        tools::export_map("json", &file, &header);
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&header).unwrap()).unwrap();
        let layout = layout_with_tiled_spacing(orientation, &v);
        let png = dir.path().join(format!("{name}.png"));
        let img = tools::rasterize(&file, &png, &[]);
        let d = translation(&map, &layout, &img);
        let at = |p: Point| Point::new(p.x + d.x, p.y + d.y);
        // Each edge and path type has a layer of its own, drawn in the type's colour
        // (A wall no longer looks like the river).
        let edge_colour = |k| rgba(map.edge_palette().get(k).unwrap().color);
        let path_colour = |k| rgba(map.path_palette().get(k).unwrap().color);
        let kinds: std::collections::BTreeSet<_> = map.edges().map(|(_, k)| k).collect();
        assert!(kinds.len() >= 2, "{name}: edges of several types");
        for (edge, kind) in map.edges() {
            let [a, b] = layout.edge_points(edge);
            let colour = edge_colour(kind);
            for t in [0.3, 0.5, 0.7] {
                let p = at(lerp(a, b, t));
                assert!(
                    near(&img, p, colour, 3),
                    "{name}: edge {edge:?} not drawn at {p:?} in {colour:?}"
                );
            }
            // Halfway from the side's middle to each hex's centre there is no line.
            let (h1, h2) = edge.hexes();
            for h in [h1, h2] {
                let p = at(lerp(lerp(a, b, 0.5), layout.hex_to_pixel(h), 0.5));
                if map.paths().through(h).is_empty() {
                    assert!(
                        !near(&img, p, colour, 1),
                        "{name}: line colour off the edge at {p:?}"
                    );
                    let terrain = terrain_colour(&map, h);
                    assert!(near(&img, p, terrain, 0), "{name}: no terrain at {p:?}");
                }
            }
        }
        for path in map.paths().iter() {
            let colour = path_colour(path.kind);
            for w in path.hexes.windows(2) {
                let (a, b) = (layout.hex_to_pixel(w[0]), layout.hex_to_pixel(w[1]));
                for t in [0.25, 0.5, 0.75] {
                    let p = at(lerp(a, b, t));
                    assert!(near(&img, p, colour, 3), "{name}: road not drawn at {p:?}");
                }
            }
        }
        // A lone built-in icon: its tile's paper shows inside the box around the hex
        // centre that hexmap gives it, and not in the same box one hex further east.
        let paper = hexmap::draw::annotations::PAPER.to_array();
        let (town, _) = map
            .icons()
            .iter()
            .find(|(_, l)| l[0].source == IconSource::Builtin(BuiltinIcon::Town))
            .unwrap();
        let half = layout.size().x.min(layout.size().y) * 0.5;
        let paper_in_box = |c: Point| {
            let mut n = 0;
            let steps = (2.0 * half) as i32;
            for y in 0..steps {
                for x in 0..steps {
                    let p = at(Point::new(
                        c.x - half + f64::from(x) + 0.5,
                        c.y - half + f64::from(y) + 0.5,
                    ));
                    if tools::pixel(&img, p.x, p.y).is_some_and(|g| tools::close(g, paper, 12)) {
                        n += 1;
                    }
                }
            }
            n
        };
        let here = paper_in_box(layout.hex_to_pixel(town));
        let beside = paper_in_box(layout.hex_to_pixel(town.neighbor(Direction::ALL[0])));
        let box_px = (2.0 * half).powi(2);
        assert!(
            here as f64 > box_px * 0.1,
            "{name}: icon tile not on its hex ({here} px)"
        );
        assert_eq!(beside, 0, "{name}: icon paper beside its hex");
    }
}

#[test]
fn malformed_object_values_are_refused_naming_the_object() {
    let map = sample(Orientation::Pointy, OffsetKind::OddR);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("m.tmx");
    export(&map, "tmx", &file);
    let text = std::fs::read_to_string(&file).unwrap();
    let res = FolderResources(dir.path().to_path_buf());
    let import = |text: &str| from_tiled(&read_tiled(text, "m.tmx", &res).unwrap());
    // The first edge object's second hex is not a hex, then not a neighbour.
    let first_b = text.split("name=\"hexmap:b\" value=\"").nth(1).unwrap();
    let value = &first_b[..first_b.find('"').unwrap()];
    let cases = [
        (
            format!("name=\"hexmap:b\" value=\"{value}\""),
            "name=\"hexmap:b\" value=\"x,1\"".to_string(),
            "hexmap:b = 'x,1'",
        ),
        (
            format!("name=\"hexmap:b\" value=\"{value}\""),
            "name=\"hexmap:b\" value=\"99,99\"".to_string(),
            "are not neighbours",
        ),
        (
            "value=\"River\"".to_string(),
            "value=\"Lava\"".to_string(),
            "unknown edge type 'Lava'",
        ),
        (
            "name=\"hexmap:icon\" value=\"town\"".to_string(),
            "name=\"hexmap:icon\" value=\"dragon\"".to_string(),
            "unknown icon 'dragon'",
        ),
        (
            "name=\"hexmap:scale\" type=\"float\" value=\"1\"".to_string(),
            "name=\"hexmap:scale\" value=\"big\"".to_string(),
            "hexmap:scale = 'big'",
        ),
    ];
    // Only the objects are changed (the icon tileset's tiles name their icons too).
    let objects_at = text.find("<objectgroup").unwrap();
    let (head, objects) = text.split_at(objects_at);
    for (from, to, says) in cases {
        let bad = format!("{head}{}", objects.replacen(&from, &to, 1));
        assert_ne!(bad, text, "{from}");
        let e = import(&bad).unwrap_err();
        assert!(
            matches!(e, FromTiledError::Object { id, .. } if id > 0),
            "{e}"
        );
        let message = e.to_string();
        assert!(
            message.contains(says) && message.contains("object "),
            "{message}"
        );
    }
    let bad = text.replacen(
        "&quot;style&quot;:&quot;solid&quot;",
        "&quot;style&quot;:&quot;wavy&quot;",
        1,
    );
    let e = import(&bad).unwrap_err().to_string();
    assert!(e.contains("hexmap:edge_types") && e.contains("wavy"), "{e}");
}

#[test]
fn objects_without_properties_fall_back_to_their_geometry() {
    let map = sample(Orientation::Flat, OffsetKind::EvenQ);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("m.tmj");
    export(&map, "tmj", &file);
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    // Strip the hexes from every edge, path and icon: only their pixels are left.
    for layer in v["layers"].as_array_mut().unwrap() {
        for o in layer["objects"].as_array_mut().into_iter().flatten() {
            if let Some(props) = o["properties"].as_array_mut() {
                props.retain(|p| {
                    !matches!(
                        p["name"].as_str(),
                        Some(
                            "hexmap:a"
                                | "hexmap:b"
                                | "hexmap:hexes"
                                | "hexmap:hex"
                                | "hexmap:path_id"
                        )
                    )
                });
            }
        }
    }
    let res = FolderResources(dir.path().to_path_buf());
    let tiled = read_tiled(&v.to_string(), "m.tmj", &res).unwrap();
    let (back, warnings) = from_tiled(&tiled).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let edges = |m: &HexMap| m.edges().collect::<Vec<_>>();
    assert_eq!(edges(&back), edges(&map));
    let hexes = |m: &HexMap| {
        m.paths()
            .iter()
            .map(|p| p.hexes.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(hexes(&back), hexes(&map));
    assert_eq!(back.icons(), map.icons());
    // An edge drawn in Tiled on a per-type layer (no properties) takes the layer's type.
    let mut v3 = v.clone();
    let layer = v3["layers"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|l| l["name"] == "hexmap edges: Wall")
        .expect("a layer of walls, in the walls' colour");
    assert_eq!(layer["color"], "#554a40");
    for o in layer["objects"].as_array_mut().unwrap() {
        o["properties"].as_array_mut().unwrap().clear();
    }
    let tiled = read_tiled(&v3.to_string(), "m.tmj", &res).unwrap();
    let (back, warnings) = from_tiled(&tiled).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(edges(&back), edges(&map), "types from the layer names");
    // An edge without its type on a layer that names none is reported by object id, not
    // guessed.
    let mut v2 = v.clone();
    for layer in v2["layers"].as_array_mut().unwrap() {
        if layer["name"]
            .as_str()
            .is_some_and(|n| n.starts_with("hexmap edges: "))
        {
            layer["name"] = "hexmap edges".into();
            let o = &mut layer["objects"][0];
            let id = o["id"].as_u64().unwrap();
            o["properties"].as_array_mut().unwrap().clear();
            let tiled = read_tiled(&v2.to_string(), "m.tmj", &res).unwrap();
            let (back, warnings) = from_tiled(&tiled).unwrap();
            assert_eq!(back.edges().count(), map.edges().count() - 1);
            assert!(
                warnings.iter().any(|w| w.contains(&format!("object {id}:")) && w.contains("hexmap:edge_type")),
                "{warnings:?}"
            );
            break;
        }
    }
}
