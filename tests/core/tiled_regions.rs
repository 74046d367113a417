//! Named regions as Tiled polygons, checked with Tiled's own tools: hexmap →
//! TMX/TMJ → hexmap restores them exactly, also through Tiled's own conversion to JSON;
//! and Tiled's render (`tmxrasterizer`) strokes each region along hexmap's own outline
//! geometry (`draw::named_regions::outline_rings`), outer ring and hole, and not across
//! the hexes inside, for a pointy and a flat map.

use crate::support;
use crate::tiled_objects::{export, layout_with_tiled_spacing, lerp, near, rgba, translation};
use support::tiled_tools as tools;

use hexmap::draw::named_regions::outline_rings;
use hexmap::hex::{Hex, OffsetCoord, OffsetKind, Orientation, Point};
use hexmap::io::FolderResources;
use hexmap::io::format::read_path;
use hexmap::io::tiled::{from_tiled, read_tiled};
use hexmap::map::testing::TestMap;
use hexmap::map::{
    BorderStyle, Document, Edit, HexMap, MapShape, Region, RegionEdit, RegionId, RegionKind,
    RegionLook, Rgb,
};
use std::collections::BTreeSet;

const ARD: Rgb = Rgb([0xd0, 0x10, 0xd0]);
const FROST: Rgb = Rgb([0x10, 0x40, 0xf0]);

/// A 9×7 map of three land terrains in a pattern without period (so a render lines up in
/// one place only); with `regions`, a ring of 18 hexes around the middle (a region with a
/// hole, of an exclusive kind) and three hexes in a corner (another kind).
fn map(orientation: Orientation, regions: bool) -> HexMap {
    let kind = OffsetKind::default_for(orientation);
    let mut map = TestMap::on(orientation, MapShape::rectangle(kind, 9, 7).unwrap())
        .named(format!("regions {}", orientation.name()))
        .hex_size(16.0)
        .build();
    let ids: Vec<_> = map.palette().terrains().iter().map(|t| t.id).collect();
    for h in map.shape().iter().collect::<Vec<_>>() {
        let mix = (h.q.wrapping_mul(73_856_093) ^ h.r.wrapping_mul(19_349_663)) >> 3;
        map.set_terrain(h, Some(ids[1 + mix.rem_euclid(3) as usize]))
            .unwrap();
    }
    if !regions {
        return map;
    }
    let at = |c, r| kind.to_hex(OffsetCoord::new(c, r));
    let centre = at(4, 3);
    let mut ring: BTreeSet<Hex> = hexmap::hex::range(centre, 2).collect();
    ring.remove(&centre);
    let mut d = Document::new(map);
    for (name, exclusive) in [("Political", true), ("Climate", false)] {
        let k = RegionKind {
            name: name.into(),
            exclusive,
        };
        d.apply(&Edit::Region(RegionEdit::AddKind(k))).unwrap();
    }
    let region = |id, name: &str, kind: &str, color, hexes| Region {
        id: RegionId(id),
        look: RegionLook {
            name: name.into(),
            kind: kind.into(),
            color,
            border: BorderStyle::Dashed,
            tint: Some(0.2),
            label: true,
            gm_only: false,
            key: None,
        },
        hexes,
    };
    let corner: BTreeSet<Hex> = [at(0, 0), at(1, 0), at(0, 1)].into_iter().collect();
    for r in [
        region(4, "Ardmoor", "Political", ARD, ring),
        region(9, "Frost", "Climate", FROST, corner),
    ] {
        d.apply(&Edit::Region(RegionEdit::Add(r))).unwrap();
    }
    d.into_map()
}

#[test]
fn regions_come_back_from_tmx_tmj_and_tiled_s_json() {
    let dir = tempfile::tempdir().unwrap();
    let res = FolderResources(dir.path().to_path_buf());
    for orientation in [Orientation::Pointy, Orientation::Flat] {
        let m = map(orientation, true);
        for ext in ["tmx", "tmj"] {
            let file = dir.path().join(format!("{}.{ext}", orientation.name()));
            export(&m, ext, &file);
            let back = read_path(&file).unwrap();
            assert!(back.warnings.is_empty(), "{:?}", back.warnings);
            assert_eq!(back.map.regions(), m.regions(), "{ext}");
            if ext == "tmx" {
                let text = std::fs::read_to_string(&file).unwrap();
                assert!(
                    text.contains("<objectgroup") && text.contains("hexmap regions: Political")
                );
                assert_eq!(text.matches("<polyline").count(), 3, "two rings and one");
                assert_eq!(text.matches("<polygon").count(), 0, "nothing Tiled fills");
            }
        }
        if !tools::available() {
            continue;
        }
        let file = dir.path().join(format!("{}.tmx", orientation.name()));
        let out = dir
            .path()
            .join(format!("{}-by-tiled.tmj", orientation.name()));
        tools::export_map("json", &file, &out);
        let tiled = read_tiled(&std::fs::read_to_string(&out).unwrap(), "by-tiled", &res).unwrap();
        let (back, warnings) = from_tiled(&tiled).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(back.regions(), m.regions(), "through Tiled's JSON");
    }
}

#[test]
fn tiled_strokes_regions_on_hexmap_s_outline_and_not_inside() {
    if !tools::available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for orientation in [Orientation::Pointy, Orientation::Flat] {
        let name = orientation.name();
        // The same map without regions lines hexmap's layout up with Tiled's render.
        let plain = map(orientation, false);
        let plain_file = dir.path().join(format!("{name}-plain.tmx"));
        export(&plain, "tmx", &plain_file);
        let header = dir.path().join(format!("{name}-header.tmj"));
        tools::export_map("json", &plain_file, &header);
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&header).unwrap()).unwrap();
        let layout = layout_with_tiled_spacing(orientation, &v);
        let plain_img = tools::rasterize(&plain_file, &dir.path().join("plain.png"), &[]);
        let d = translation(&plain, &layout, &plain_img);
        let at = |p: Point| Point::new(p.x + d.x, p.y + d.y);

        let m = map(orientation, true);
        let file = dir.path().join(format!("{name}.tmx"));
        export(&m, "tmx", &file);
        let img = tools::rasterize(&file, &dir.path().join(format!("{name}.png")), &[]);
        assert_eq!(
            (img.width(), img.height()),
            (plain_img.width(), plain_img.height())
        );
        for region in m.regions().iter() {
            let colour = rgba(region.look.color);
            let rings = outline_rings(&region.hexes, &layout);
            let mut sides = 0;
            for ring in &rings {
                for (i, a) in ring.iter().enumerate() {
                    let b = ring[(i + 1) % ring.len()];
                    for t in [0.25, 0.5, 0.75] {
                        let p = at(lerp(*a, b, t));
                        assert!(
                            near(&img, p, colour, 3),
                            "{name}: {} not stroked at {p:?} on side {a:?}-{b:?}",
                            region.look.name
                        );
                    }
                    sides += 1;
                }
            }
            assert!(sides >= 12, "{name}: {} has its sides", region.look.name);
            // No outline across the hexes inside: their centres are not the region colour;
            // and no fill: Tiled shows them as it shows the map without regions.
            for h in &region.hexes {
                let p = at(layout.hex_to_pixel(*h));
                let (with, without) = (
                    tools::pixel(&img, p.x, p.y).unwrap(),
                    tools::pixel(&plain_img, p.x, p.y).unwrap(),
                );
                assert!(
                    tools::close(with, without, 4),
                    "{name}: {} filled at hex {h:?}: {with:?} over {without:?}",
                    region.look.name
                );
                assert!(
                    !near(&img, p, colour, 2),
                    "{name}: {} outline colour inside at hex {h:?}",
                    region.look.name
                );
            }
        }
        // The hole in Ardmoor's middle shows no outline either.
        let centre = OffsetKind::default_for(orientation).to_hex(OffsetCoord::new(4, 3));
        assert!(!near(&img, at(layout.hex_to_pixel(centre)), rgba(ARD), 2));
    }
}
