//! A map saved again by Tiled keeps every gid: each generated tileset's tile
//! count matches its image, so when Tiled recounts the tiles from the image (columns ×
//! rows) no tileset's first gid moves, and every icon object keeps its gid and its icon.

use crate::support::tiled_tools as tools;

use hexmap::io::format::{WriteOptions, by_name, read_path, write_path};
use std::path::Path;

/// (name, firstgid) of each tileset of a TMJ, and the gid of every tile object.
fn gids(tmj: &Path) -> (Vec<(String, u64)>, Vec<u64>) {
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(tmj).unwrap()).unwrap();
    let sets = v["tilesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["firstgid"].as_u64().unwrap(),
            )
        })
        .collect();
    let objects = v["layers"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|l| l["objects"].as_array().into_iter().flatten())
        .filter_map(|o| o["gid"].as_u64())
        .collect();
    (sets, objects)
}

#[test]
fn saving_again_in_tiled_keeps_every_gid() {
    if !tools::available() {
        return;
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let (map, _) = hexmap::io::load(&path).unwrap();
    // With its tile art loaded, as `hexmap export` does: one terrain tile per image too.
    let (images, warnings) = hexmap::io::images::load_images_beside(&map, &path);
    assert!(warnings.is_empty(), "{warnings:?}");
    let opts = WriteOptions {
        images: Some(std::sync::Arc::new(images)),
        ..WriteOptions::default()
    };
    let dir = tempfile::tempdir().unwrap();
    let tmx = dir.path().join("hc.tmx");
    write_path(
        &map,
        None,
        by_name("tmx").unwrap(),
        &opts,
        &tmx,
        &mut |_| {},
    )
    .unwrap();
    // Tiled reads our TMX and writes it as JSON (what it has in memory), then reads that
    // and saves it as TMX again (recounting every tileset from its image).
    let first = dir.path().join("first.tmj");
    tools::export_map("json", &tmx, &first);
    let resaved = dir.path().join("resaved.tmx");
    tools::export_map("tmx", &first, &resaved);
    let again = dir.path().join("again.tmj");
    tools::export_map("json", &resaved, &again);
    let ours = {
        let our_tmj = dir.path().join("ours.tmj");
        write_path(
            &map,
            None,
            by_name("tmj").unwrap(),
            &opts,
            &our_tmj,
            &mut |_| {},
        )
        .unwrap();
        gids(&our_tmj)
    };
    assert!(!ours.1.is_empty(), "the hexcrawl has icon tile objects");
    assert!(
        ours.0.len() == 2 && ours.0[1].1 > 9,
        "a terrain tileset (terrains and tile art) over one row of eight: {:?}",
        ours.0
    );
    assert_eq!(gids(&first), ours, "Tiled's reading of our file");
    assert_eq!(gids(&again), ours, "after Tiled saved it again");
    // And the map read from Tiled's second save has every icon.
    let back = read_path(&again).unwrap();
    assert!(back.warnings.is_empty(), "{:?}", back.warnings);
    assert_eq!(back.map.icons(), map.icons());
}
