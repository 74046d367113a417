//! hexmap → Tiled → hexmap gives back the same map (README, docs/EXPORT.md): every bundled
//! sample and a map whose palette has gaps in its ids and terrains no cell uses, through
//! TMX and TMJ, compared as whole maps (palette with ids, names, colours, symbols, costs,
//! sight and tile art; every cell; features; view). Tiled itself reads such an export,
//! keeps every terrain tile when it saves it again, and draws it.

use crate::support;
use crate::support::export::export_as;
use support::tiled_tools as tools;

use hexmap::hex::{Hex, OffsetKind};
use hexmap::io::format::{read_path, to_csv, to_json};
use hexmap::map::{
    Corner, HexMap, MoveCost, Palette, Rgb, Terrain, TerrainId, TileArt, ViewSettings,
};
use std::path::Path;

/// Every map in `maps/`, by file name.
fn samples() -> Vec<(String, HexMap)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut v: Vec<(String, HexMap)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| {
            let (mut map, _) = hexmap::io::load(&p).unwrap_or_else(|e| panic!("{e}"));
            // A Tiled map is one map: a family's root goes without its children.
            map.set_children(Vec::new());
            // The party marker travels in RON only, and GM-only notes go to Tiled as plain
            // notes (docs/EXPORT.md, "Fog of war").
            map.set_party(None).unwrap();
            for h in map.gm_notes().collect::<Vec<_>>() {
                map.set_note_gm_only(h, false);
            }
            (p.file_name().unwrap().to_string_lossy().into_owned(), map)
        })
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(v.len() >= 6, "the bundled samples: {v:?}");
    v
}

fn terrain(id: u16, name: &str, color: [u8; 3], symbol: char, cost: MoveCost) -> Terrain {
    Terrain {
        id: TerrainId::new(id).unwrap(),
        name: name.into(),
        color: Rgb(color),
        symbol,
        cost,
        blocks_sight: false,
        art: TileArt::default(),
    }
}

/// A map whose palette, not in id order, has ids 7, 1, 200, 3 and 65535, of which only 3
/// and 7 are on cells; with tile art, sight, odd names and symbols, empty cells, mines, a
/// note and a legend.
fn gappy_map() -> HexMap {
    let wood = Terrain {
        blocks_sight: true,
        art: TileArt {
            images: vec!["art/forest-1.png".into(), "art/forest-2.png".into()],
            tint: true,
        },
        ..terrain(7, "Wood & <Glade>", [46, 125, 50], 'ж', MoveCost::whole(12))
    };
    let peak = Terrain {
        blocks_sight: true,
        art: TileArt {
            images: vec!["art/hills.png".into()],
            tint: false,
        },
        ..terrain(
            200,
            "Peak \"high\"",
            [141, 110, 99],
            '^',
            MoveCost::whole(0),
        )
    };
    let palette = Palette::new(vec![
        wood,
        terrain(1, "Sea", [42, 111, 176], '~', MoveCost::Impassable),
        peak,
        terrain(3, "Plain", [156, 204, 101], 'p', MoveCost::whole(1)),
        // A fractional cost travels too.
        terrain(
            65535,
            "Last id",
            [250, 250, 20],
            'Z',
            MoveCost::Cost(hexmap::map::Cost::from_hundredths(125).unwrap()),
        ),
    ])
    .unwrap();
    let mut map = hexmap::map::testing::TestMap::rectangle(OffsetKind::OddR, 7, 5)
        .named("palette with gaps")
        .offset_kind(OffsetKind::OddR)
        .hex_size_xy(18.0, 15.0)
        .palette(palette)
        .build();
    let cells: Vec<Hex> = map.shape().iter().collect();
    let (plain, wood) = (TerrainId::new(3), TerrainId::new(7));
    for (i, h) in cells.into_iter().enumerate() {
        let t = [plain, wood, None][i % 3];
        map.set_terrain(h, t).unwrap();
        if i % 7 == 2 {
            map.set_mine(h, true).unwrap();
        }
        if i == 10 {
            map.set_note(h, Some("ford <here> & there".into())).unwrap();
        }
    }
    map.set_view(ViewSettings {
        legend: Some(Corner::BottomRight),
        note_captions: true,
    });
    map
}

/// The ids of a palette, in its order.
fn ids(map: &HexMap) -> Vec<u16> {
    map.palette()
        .terrains()
        .iter()
        .map(|t| t.id.get())
        .collect()
}

/// `back` is `map` as far as a Tiled round trip keeps it: the palette (ids, names,
/// colours, symbols, costs, sight, tile art, in order), the properties and view, the edge
/// and path palettes, edges, paths, icons and labels, and every cell's terrain and mine.
fn assert_kept(back: &HexMap, map: &HexMap, label: &str) {
    assert_eq!(ids(back), ids(map), "{label}: palette ids");
    for (b, m) in back
        .palette()
        .terrains()
        .iter()
        .zip(map.palette().terrains())
    {
        assert_eq!(b, m, "{label}: terrain {}", m.id);
    }
    assert_eq!(back.palette(), map.palette(), "{label}: palette");
    assert_eq!(back.properties(), map.properties(), "{label}: properties");
    assert_eq!(back.view(), map.view(), "{label}: view");
    assert_eq!(back.edge_palette(), map.edge_palette(), "{label}");
    assert_eq!(back.path_palette(), map.path_palette(), "{label}");
    assert!(back.edges().eq(map.edges()), "{label}: edges");
    assert_eq!(back.paths(), map.paths(), "{label}: paths");
    assert_eq!(back.icons(), map.icons(), "{label}: icons");
    assert_eq!(back.labels(), map.labels(), "{label}: labels");
    for h in map.shape().iter() {
        assert_eq!(
            (back.terrain(h), back.is_mine(h)),
            (map.terrain(h), map.is_mine(h)),
            "{label}: {h}"
        );
    }
    let notes = |m: &HexMap| {
        let mut v: Vec<String> = m
            .shape()
            .iter()
            .filter_map(|h| m.note(h))
            .map(str::to_string)
            .collect();
        v.sort();
        v
    };
    assert_eq!(notes(back), notes(map), "{label}: the same notes");
}

/// `back` is `map`, the whole model, and its CSV and JSON exports (terrain ids on every
/// cell) are the same.
fn assert_same(back: &HexMap, map: &HexMap, label: &str) {
    assert_kept(back, map, label);
    assert_eq!(to_csv(back), to_csv(map), "{label}: CSV");
    assert_eq!(to_json(back), to_json(map), "{label}: JSON");
    assert!(back == map, "{label}: the map came back different");
}

#[test]
fn every_sample_and_a_palette_with_gaps_come_back_whole_through_tmx_and_tmj() {
    let mut maps = samples();
    maps.push(("palette-with-gaps".into(), gappy_map()));
    let gappy = &maps.last().unwrap().1;
    assert!(
        gappy.palette().terrains().len() == 5 && ids(gappy) == [7, 1, 200, 3, 65535],
        "the map under test has gaps and unused terrains"
    );
    for (name, map) in &maps {
        for format in ["tmx", "tmj"] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join(format!("m.{format}"));
            export_as(map, format, &path);
            let back = read_path(&path).unwrap_or_else(|e| panic!("{name} {format}: {e}"));
            assert!(
                back.warnings.is_empty(),
                "{name} {format}: {:?}",
                back.warnings
            );
            let label = format!("{name} via {format}");
            assert_same(&back.map, map, &label);
        }
    }
}

#[test]
fn tiled_keeps_and_draws_every_terrain_of_a_palette_with_gaps() {
    if !tools::available() {
        return;
    }
    let wargame = samples()
        .into_iter()
        .find(|(n, _)| n.starts_with("wargame"))
        .expect("a wargame sample in maps/")
        .1;
    for (name, map) in [("palette-with-gaps", gappy_map()), ("wargame", wargame)] {
        let dir = tempfile::tempdir().unwrap();
        let (tmx, tmj) = (dir.path().join("m.tmx"), dir.path().join("m.tmj"));
        export_as(&map, "tmx", &tmx);
        export_as(&map, "tmj", &tmj);
        // Tiled reads the TMX and writes it as JSON: one terrain tile per palette entry,
        // each with its id, used or not.
        let by_tiled = dir.path().join("by-tiled.tmj");
        tools::export_map("json", &tmx, &by_tiled);
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&by_tiled).unwrap()).unwrap();
        let terrain_set = v["tilesets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == "hexmap terrain")
            .unwrap_or_else(|| panic!("{name}: no terrain tileset in {v}"));
        let tile_ids: Vec<u16> = terrain_set["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|tile| {
                let props = tile["properties"].as_array()?;
                let id = props.iter().find(|p| p["name"] == "hexmap:id")?;
                // An int property, not text.
                assert_eq!(id["type"], "int", "{id}");
                id["value"].as_u64()?.try_into().ok()
            })
            .collect();
        assert_eq!(tile_ids, ids(&map), "{name}: Tiled's terrain tiles");
        // What Tiled saved reads back to the same map.
        let back = read_path(&by_tiled).unwrap();
        assert!(back.warnings.is_empty(), "{name}: {:?}", back.warnings);
        assert_kept(&back.map, &map, &format!("{name} saved by Tiled"));
        // Tiled draws each cell in its terrain's colour; the unused tiles change nothing.
        // Every layer but the terrain hidden: mines, notes and each object layer (one
        // per edge and path type).
        let tiled = hexmap::io::tiled::to_tiled(&map, "unused.png");
        let mut hidden = vec!["mines".to_string(), "notes".to_string()];
        hidden.extend(tiled.object_groups.iter().map(|g| g.name.clone()));
        let hide: Vec<&str> = hidden
            .iter()
            .flat_map(|name| ["--hide-layer", name.as_str()])
            .collect();
        for input in [&tmx, &tmj] {
            let img = tools::rasterize(input, &dir.path().join("render.png"), &hide);
            crate::export_tiled::check_render(&map, &img, &format!("{name} {}", input.display()));
        }
    }
}
