//! Image paths through every writer: a map written into another folder — a sibling of its
//! own, or one nested below it — by `export` (RON in both forms, JSON, TMX, TMJ, SVG with
//! linked images), `convert`, `import`, `mines generate` and `generate --palette-from`
//! names its tile art, image icons and underlay from the written file's folder, so reading
//! that file back finds every image. And hexmap → Tiled → hexmap → Tiled gives the same
//! TMX byte for byte in another folder, the map that came back draws its tile art, and
//! Tiled's own render of that TMX shows the art tiles.

use crate::support::image_fixture::{destinations, hexcrawl_in, run, unresolved};
use crate::support::tiled_tools as tools;
use hexmap::hex::Hex;
use hexmap::io::format::read_path;
use hexmap::io::images::load_images_beside;
use hexmap::io::render::png_meta;
use hexmap::map::{HexMap, IconSource};
use std::path::{Path, PathBuf};

/// Every destination: `write(map, out folder)` writes a file there and returns it; each
/// written file must find all its images.
fn check_writer(write: impl Fn(&Path, &Path) -> PathBuf) {
    let root = tempfile::tempdir().unwrap();
    let map = hexcrawl_in(root.path());
    let mut missing = Vec::new();
    for dest in destinations(root.path()) {
        let file = write(&map, &dest);
        missing.extend(unresolved(&file));
    }
    assert!(
        missing.is_empty(),
        "images not found:\n{}",
        missing.join("\n")
    );
}

/// `hexmap export MAP --to FORMAT DEST/copy.EXT ARGS…` as a writer for [`check_writer`].
fn export_to(
    format: &'static str,
    ext: &'static str,
    args: &'static [&'static str],
) -> impl Fn(&Path, &Path) -> PathBuf {
    move |map, dest| {
        let out = dest.join(format!("copy.{ext}"));
        let mut all: Vec<&dyn AsRef<std::ffi::OsStr>> =
            vec![&"export", &map, &"--to", &format, &out];
        all.extend(args.iter().map(|a| a as &dyn AsRef<std::ffi::OsStr>));
        run(&all);
        out
    }
}

#[test]
fn ron_exports_in_both_forms_name_images_from_their_folder() {
    check_writer(export_to("ron", "ron", &[]));
    check_writer(export_to("ron", "ron", &["--form", "cube"]));
}

#[test]
fn json_export_names_images_from_its_folder() {
    check_writer(export_to("json", "json", &[]));
}

#[test]
fn tmx_export_names_images_from_its_folder() {
    check_writer(export_to("tmx", "tmx", &[]));
}

#[test]
fn tmj_export_names_images_from_its_folder() {
    check_writer(export_to("tmj", "tmj", &[]));
}

#[test]
fn svg_with_linked_images_links_files_that_exist_from_its_folder() {
    let root = tempfile::tempdir().unwrap();
    let map = hexcrawl_in(root.path());
    for dest in destinations(root.path()) {
        let svg = export_to("svg", "svg", &["--link-images", "--underlay"])(&map, &dest);
        let text = std::fs::read_to_string(&svg).unwrap();
        let links: Vec<&str> = text
            .split("href=\"")
            .skip(1)
            .filter_map(|s| s.split('"').next())
            .filter(|h| !h.starts_with("data:") && !h.starts_with('#'))
            .collect();
        assert!(links.len() >= 9, "{}: {links:?}", svg.display());
        for link in links {
            let file = dest.join(link);
            assert!(
                file.is_file(),
                "{} links {link}, which is not there",
                svg.display()
            );
        }
    }
}

#[test]
fn convert_names_images_from_its_folder() {
    for form in ["offset", "cube"] {
        check_writer(|map, dest| {
            let out = dest.join("converted.ron");
            run(&[&"convert", &map, &out, &"--form", &form]);
            out
        });
    }
}

#[test]
fn import_names_images_from_the_written_map_s_folder() {
    // A Tiled map and a JSON export beside the map (their paths start there), imported
    // into the other folders.
    for format in ["tmx", "tmj", "json"] {
        check_writer(|map, dest| {
            let beside = map.with_extension(format);
            run(&[&"export", &map, &"--to", &format, &beside, &"--force"]);
            let out = dest.join(format!("from-{format}.ron"));
            run(&[&"import", &beside, &out]);
            out
        });
    }
}

#[test]
fn mines_generate_names_images_from_its_folder() {
    check_writer(|map, dest| {
        let out = dest.join("mined.ron");
        run(&[
            &"mines",
            &"generate",
            &map,
            &out,
            &"--count",
            &"5",
            &"--seed",
            &"1",
        ]);
        out
    });
}

#[test]
fn generate_with_a_palette_from_another_map_names_its_art_from_its_folder() {
    let root = tempfile::tempdir().unwrap();
    let map = hexcrawl_in(root.path());
    for dest in destinations(root.path()) {
        let out = dest.join("world.ron");
        run(&[
            &"generate",
            &"--shape",
            &"rect:12x10",
            &"--seed",
            &"3",
            &"--palette-from",
            &map,
            &out,
        ]);
        let (world, _) = hexmap::io::load(&out).unwrap();
        let art: Vec<&String> = world
            .palette()
            .terrains()
            .iter()
            .flat_map(|t| &t.art.images)
            .collect();
        assert!(art.len() >= 7, "{art:?}");
        let (_, warnings) = load_images_beside(&world, &out);
        assert!(warnings.is_empty(), "{}: {warnings:?}", out.display());
    }
}

/// Pixels at the centres of `map`'s tile-art cells in the PNG `png` (placed by the
/// transform the PNG states): (hex, RGBA).
fn art_cell_pixels(map: &HexMap, png: &Path) -> Vec<(Hex, [u8; 4])> {
    let bytes = std::fs::read(png).unwrap();
    let meta: serde_json::Value =
        serde_json::from_str(&png_meta::read_text(&bytes, png_meta::TRANSFORM_KEY).unwrap())
            .unwrap();
    let scale = meta["scale"].as_f64().unwrap();
    let (ox, oy) = (
        meta["offset"][0].as_f64().unwrap(),
        meta["offset"][1].as_f64().unwrap(),
    );
    let img = tiny_skia::Pixmap::load_png(png).unwrap();
    let layout = map.layout().unwrap();
    map.shape()
        .iter()
        .filter(|&h| {
            map.terrain(h)
                .and_then(|t| map.palette().get(t))
                .is_some_and(|t| !t.art.images.is_empty())
        })
        .map(|h| {
            let c = layout.hex_to_pixel(h);
            (
                h,
                tools::pixel(&img, c.x * scale + ox, c.y * scale + oy).unwrap(),
            )
        })
        .collect()
}

/// The plain colour of `hex`'s terrain, opaque.
fn terrain_colour(map: &HexMap, hex: Hex) -> [u8; 4] {
    let t = map.palette().get(map.terrain(hex).unwrap()).unwrap();
    let [r, g, b] = t.color.0;
    [r, g, b, 255]
}

#[test]
fn hexmap_to_tiled_and_back_gives_the_same_tmx_in_another_folder() {
    let root = tempfile::tempdir().unwrap();
    let r = root.path();
    let map = hexcrawl_in(r);
    for d in ["tw", "tw2", "tw3", "rt", "rt2", "pics"] {
        std::fs::create_dir_all(r.join(d)).unwrap();
    }
    let first = r.join("tw/hexcrawl.tmx");
    run(&[&"export", &map, &"--to", &"tmx", &first]);
    // Straight back from our TMX, and through Tiled's own reading of it (its JSON).
    let mut sources = vec![(
        first.clone(),
        r.join("rt2/hexcrawl.ron"),
        r.join("tw3/hexcrawl.tmx"),
    )];
    if tools::available() {
        let tiled_json = r.join("tw/hexcrawl.tmj");
        tools::export_map("json", &first, &tiled_json);
        sources.push((
            tiled_json,
            r.join("rt/hexcrawl.ron"),
            r.join("tw2/hexcrawl.tmx"),
        ));
    }
    for (tiled, back, again) in &sources {
        run(&[&"import", tiled, back]);
        assert!(unresolved(back).is_empty(), "{:?}", unresolved(back));
        run(&[&"export", back, &"--to", &"tmx", again]);
        let folder = again.parent().unwrap();
        for name in ["hexcrawl.tmx", "hexcrawl-tiles.png", "hexcrawl-icons.png"] {
            assert!(
                std::fs::read(r.join("tw").join(name)).unwrap()
                    == std::fs::read(folder.join(name)).unwrap(),
                "{name} differs after {} → {} → {}",
                tiled.display(),
                back.display(),
                again.display()
            );
        }
        // A picture of the map that came back draws its tile art, as the original's does.
        let png = r.join("pics").join(format!(
            "{}.png",
            back.parent()
                .unwrap()
                .file_name()
                .unwrap()
                .to_string_lossy()
        ));
        let stderr = run(&[&"export", back, &"--to", &"png", &png]);
        assert!(!stderr.contains("not shown"), "{stderr}");
        let (back_map, _) = hexmap::io::load(back).unwrap();
        let original = r.join("pics/original.png");
        run(&[&"export", &map, &"--to", &"png", &original, &"--force"]);
        let (orig_map, _) = hexmap::io::load(&map).unwrap();
        let want = art_cell_pixels(&orig_map, &original);
        let got = art_cell_pixels(&back_map, &png);
        assert_eq!(want.len(), got.len());
        let same = want
            .iter()
            .zip(&got)
            .filter(|(a, b)| tools::close(a.1, b.1, 2))
            .count();
        let art = got
            .iter()
            .filter(|(h, p)| !tools::close(*p, terrain_colour(&back_map, *h), 6))
            .count();
        assert!(
            same * 10 >= want.len() * 9 && art * 10 >= got.len() * 6,
            "{}: {same} of {} art cells as the original's picture, {art} not their plain colour",
            png.display(),
            want.len()
        );
    }
}

/// Centre of Tiled cell (col, row) in a render of a staggered hexagonal map described by
/// Tiled's JSON `json` (Tiled's HexagonalRenderer: columns `(tilewidth + hexsidelength) / 2`
/// apart along a staggered x axis, every other one half a tile lower; rows likewise along y).
fn tiled_centre(json: &serde_json::Value, col: u64, row: u64) -> (f64, f64) {
    let num = |k: &str| json[k].as_f64().unwrap();
    let (tw, th, side) = (num("tilewidth"), num("tileheight"), num("hexsidelength"));
    let odd = json["staggerindex"] == "odd";
    if json["staggeraxis"] == "x" {
        let shifted = (col % 2 == 1) == odd;
        let x = col as f64 * (tw + side) / 2.0 + tw / 2.0;
        let y = row as f64 * th + if shifted { th / 2.0 } else { 0.0 } + th / 2.0;
        (x, y)
    } else {
        let shifted = (row % 2 == 1) == odd;
        let x = col as f64 * tw + if shifted { tw / 2.0 } else { 0.0 } + tw / 2.0;
        let y = row as f64 * (th + side) / 2.0 + th / 2.0;
        (x, y)
    }
}

#[test]
fn tiled_renders_the_art_tiles_of_a_tmx_written_from_a_map_in_another_folder() {
    if !tools::available() {
        return;
    }
    let root = tempfile::tempdir().unwrap();
    let r = root.path();
    let map = hexcrawl_in(r);
    for d in ["tw", "rt", "tw2"] {
        std::fs::create_dir_all(r.join(d)).unwrap();
    }
    // Out to Tiled in one folder, back into another, out to Tiled in a third.
    run(&[&"export", &map, &"--to", &"tmx", &r.join("tw/hexcrawl.tmx")]);
    run(&[
        &"import",
        &r.join("tw/hexcrawl.tmx"),
        &r.join("rt/hexcrawl.ron"),
    ]);
    let tmx = r.join("tw2/hexcrawl.tmx");
    run(&[&"export", &r.join("rt/hexcrawl.ron"), &"--to", &"tmx", &tmx]);
    let json_file = r.join("tw2/by-tiled.tmj");
    tools::export_map("json", &tmx, &json_file);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_file).unwrap()).unwrap();
    let render = tools::rasterize(&tmx, &r.join("tw2/render.png"), &[]);
    // The terrain tileset as Tiled names it, read from the TMX's folder.
    let set = &json["tilesets"][0];
    let first_gid = set["firstgid"].as_u64().unwrap();
    let columns = set["columns"].as_u64().unwrap();
    let (tw, th) = (
        set["tilewidth"].as_f64().unwrap(),
        set["tileheight"].as_f64().unwrap(),
    );
    let sheet = tiny_skia::Pixmap::load_png(r.join("tw2").join(set["image"].as_str().unwrap()))
        .expect("Tiled's tileset image is found beside the TMX");
    let art_tiles: Vec<u64> = set["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| {
            t["properties"]
                .as_array()
                .is_some_and(|ps| ps.iter().any(|p| p["name"] == "hexmap:art_of"))
        })
        .map(|t| t["id"].as_u64().unwrap())
        .collect();
    let layer = json["layers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["name"] == "terrain")
        .unwrap();
    let width = layer["width"].as_u64().unwrap();
    let (mut art_cells, mut shown) = (0, 0);
    for (i, gid) in layer["data"].as_array().unwrap().iter().enumerate() {
        let Some(id) = gid.as_u64().and_then(|g| g.checked_sub(first_gid)) else {
            continue;
        };
        if !art_tiles.contains(&id) {
            continue;
        }
        art_cells += 1;
        let (x, y) = tiled_centre(&json, i as u64 % width, i as u64 / width);
        let tile = (
            (id % columns) as f64 * tw + tw / 2.0,
            (id / columns) as f64 * th + th / 2.0,
        );
        let want = tools::pixel(&sheet, tile.0, tile.1).unwrap();
        if tools::pixel(&render, x, y).is_some_and(|got| tools::close(got, want, 3)) {
            shown += 1;
        }
    }
    // Icons, labels and paths lie over some centres.
    assert!(
        art_cells > 100 && shown * 10 >= art_cells * 8,
        "{shown} of {art_cells} tile-art cells show their art tile in Tiled's render"
    );
}

#[test]
fn an_image_icon_keeps_its_image_through_every_writer() {
    // The icon's path, as each written file names it, reaches the same SVG.
    let root = tempfile::tempdir().unwrap();
    let map = hexcrawl_in(root.path());
    let stones = std::fs::read(root.path().join("maps/art/standing-stones.svg")).unwrap();
    for dest in destinations(root.path()) {
        for (format, ext) in [
            ("ron", "ron"),
            ("json", "json"),
            ("tmx", "tmx"),
            ("tmj", "tmj"),
        ] {
            let file = export_to(format, ext, &[])(&map, &dest);
            let back = read_path(&file).unwrap().map;
            let icon = back
                .icons()
                .iter()
                .flat_map(|(_, list)| list.iter())
                .find_map(|i| match &i.source {
                    IconSource::Image(p) => Some(p.clone()),
                    IconSource::Builtin(_) => None,
                })
                .expect("the image icon is kept");
            assert_eq!(
                std::fs::read(dest.join(&icon)).ok().as_deref(),
                Some(stones.as_slice()),
                "{}: icon {icon}",
                file.display()
            );
        }
    }
}
