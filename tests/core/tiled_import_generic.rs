//! Reading Tiled maps: our own exports back, files Tiled itself wrote, Tiled's bundled
//! hexagonal examples, and broken files with named errors.

use crate::support;
use support::tiled_tools as tools;

use hexmap::hex::OffsetKind;
use hexmap::io::FolderResources;
use hexmap::io::tiled::*;
use std::path::Path;

fn sample(kind: OffsetKind) -> TiledMap {
    let geometry = TileGeometry::for_hex_size(kind, 14.0, 12.0);
    let colours = [[200, 30, 30, 255], [30, 200, 30, 255], [30, 30, 200, 255]];
    TiledMap {
        width: 5,
        height: 4,
        geometry,
        tilesets: vec![Tileset::generated(
            "t",
            "tiles.png",
            colours
                .iter()
                .enumerate()
                .map(|(i, &color)| Tile::terrain(i as u32, format!("terrain {i}"), color))
                .collect(),
        )],
        layers: vec![
            TileLayer {
                name: "terrain".into(),
                gids: (0..20).map(|i| i % 4).collect(),
                visible: true,
            },
            TileLayer {
                name: "mines".into(),
                gids: (0..20).map(|i| u32::from(i % 7 == 0)).collect(),
                visible: true,
            },
        ],
        notes: vec![PointObject {
            name: "n".into(),
            x: 7.0,
            y: 6.0,
            text: "harbour".into(),
        }],
        object_groups: vec![],
        properties: vec![],
        custom_kinds: Default::default(),
    }
}

fn write(map: &TiledMap, dir: &Path) {
    std::fs::write(
        dir.join("tiles.png"),
        tileset_png(&map.geometry, &map.tilesets[0]).unwrap(),
    )
    .unwrap();
    std::fs::write(dir.join("m.tmx"), to_tmx(map)).unwrap();
    std::fs::write(dir.join("m.tmj"), to_tmj(map)).unwrap();
}

fn assert_same(map: &TiledMap, doc: &TiledMap) {
    assert_eq!((doc.width, doc.height), (map.width, map.height));
    assert_eq!(doc.geometry, map.geometry);
    let names: Vec<_> = doc.layers.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["terrain", "mines"]);
    assert_eq!(doc.layers[0].gids, map.layers[0].gids);
    assert_eq!(doc.layers[1].gids, map.layers[1].gids);
    for (i, spec) in map.tilesets[0].tiles.iter().enumerate() {
        let (_, tile) = doc.tile(i as u32 + 1).expect("gid known");
        let tile = tile.expect("tile info");
        assert_eq!(tile.name, spec.name);
        assert_eq!(tile.color, spec.color, "colour sampled at the tile centre");
    }
    assert_eq!(doc.notes.len(), 1);
    assert_eq!(doc.notes[0].text, "harbour");
    assert_eq!((doc.notes[0].x, doc.notes[0].y), (7.0, 6.0));
}

#[test]
fn our_exports_read_back_exactly() {
    for kind in OffsetKind::ALL {
        let dir = tempfile::tempdir().unwrap();
        let map = sample(kind);
        write(&map, dir.path());
        let res = FolderResources(dir.path().to_path_buf());
        for file in ["m.tmx", "m.tmj"] {
            let text = std::fs::read_to_string(dir.path().join(file)).unwrap();
            let doc = read_tiled(&text, file, &res).unwrap();
            assert_same(&map, &doc);
            // Writer and reader share one model: what is read is exactly what was written.
            assert_eq!(doc, map, "{kind} {file}");
        }
    }
}

#[test]
fn files_written_by_tiled_read_back() {
    if !tools::available() {
        return;
    }
    for kind in OffsetKind::ALL {
        let dir = tempfile::tempdir().unwrap();
        let map = sample(kind);
        write(&map, dir.path());
        let res = FolderResources(dir.path().to_path_buf());
        for (input, format, out) in [("m.tmx", "json", "t.tmj"), ("m.tmj", "tmx", "t.tmx")] {
            tools::export_map(format, &dir.path().join(input), &dir.path().join(out));
            let text = std::fs::read_to_string(dir.path().join(out)).unwrap();
            assert_same(&map, &read_tiled(&text, out, &res).unwrap());
        }
        // base64 + zlib and gzip layer data as Tiled writes them.
        for compression in ["zlib", "gzip"] {
            let text = std::fs::read_to_string(dir.path().join("t.tmx")).unwrap();
            let packed = recompress_with_tiled(dir.path(), &text, compression);
            assert_same(&map, &read_tiled(&packed, "packed.tmx", &res).unwrap());
        }
    }
}

/// Ask Tiled to re-save a TMX with base64 layer data: edit the layer format in a copy and
/// let `tiled --export-map` write it (Tiled keeps the map's own layer format).
fn recompress_with_tiled(dir: &Path, tmx: &str, compression: &str) -> String {
    // Tiled keeps the layer data format it read (here: base64 with this compression).
    let encoded = encode_layers_base64(tmx, compression);
    let input = dir.join(format!("in-{compression}.tmx"));
    std::fs::write(&input, encoded).unwrap();
    let output = dir.join(format!("out-{compression}.tmx"));
    tools::export_map("tmx", &input, &output);
    let text = std::fs::read_to_string(&output).unwrap();
    assert!(
        text.contains(&format!("compression=\"{compression}\"")),
        "Tiled kept {compression}: {text}"
    );
    text
}

/// Our own base64 encoding of CSV layers (so Tiled can then re-save them).
fn encode_layers_base64(tmx: &str, compression: &str) -> String {
    use base64::Engine;
    use std::io::Write;
    let mut out = String::new();
    let mut rest = tmx;
    while let Some(start) = rest.find("<data encoding=\"csv\">") {
        out.push_str(&rest[..start]);
        let after = &rest[start + "<data encoding=\"csv\">".len()..];
        let end = after.find("</data>").unwrap();
        let gids: Vec<u32> = after[..end]
            .split(',')
            .map(|s| s.trim().parse().unwrap())
            .collect();
        let raw: Vec<u8> = gids.iter().flat_map(|g| g.to_le_bytes()).collect();
        let packed = match compression {
            "zlib" => {
                let mut e =
                    flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
                e.write_all(&raw).unwrap();
                e.finish().unwrap()
            }
            _ => {
                let mut e =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                e.write_all(&raw).unwrap();
                e.finish().unwrap()
            }
        };
        out.push_str(&format!(
            "<data encoding=\"base64\" compression=\"{compression}\">{}</data>",
            base64::engine::general_purpose::STANDARD.encode(packed)
        ));
        rest = &after[end + "</data>".len()..];
    }
    out.push_str(rest);
    out
}

#[test]
fn tiled_example_maps_import() {
    let dir = Path::new("/usr/share/doc/tiled/examples");
    if !dir.exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "Tiled's examples are required under CI"
        );
        eprintln!("SKIPPED: Tiled's examples are not installed");
        return;
    }
    let res = FolderResources(dir.to_path_buf());
    let mini = read_tiled(
        &std::fs::read_to_string(dir.join("hexagonal-mini.tmx")).unwrap(),
        "hexagonal-mini.tmx",
        &res,
    )
    .unwrap();
    assert_eq!((mini.width, mini.height), (20, 20));
    assert_eq!(mini.geometry.axis, StaggerAxis::Y);
    assert_eq!(mini.geometry.side_length, 6);
    assert_eq!(mini.layers[0].gids.len(), 400);
    assert!(mini.layers[0].gids.iter().any(|&g| g != 0));
    let (ts, tile) = mini
        .tile(
            mini.layers[0]
                .gids
                .iter()
                .copied()
                .find(|&g| g != 0)
                .unwrap(),
        )
        .unwrap();
    assert_eq!(ts.name, "hex mini");
    assert!(
        tile.and_then(|t| t.color).is_some(),
        "colour sampled from hexmini.png"
    );
    let flat = read_tiled(
        &std::fs::read_to_string(dir.join("test_hexagonal_tile_60x60x30.tmx")).unwrap(),
        "test_hexagonal_tile_60x60x30.tmx",
        &res,
    )
    .unwrap();
    assert_eq!(flat.geometry.axis, StaggerAxis::X);
    // Rotation/flip flags are stripped: every used tile is gid 1.
    assert!(flat.layers[0].gids.iter().all(|&g| g == 0 || g == 1));
    assert_eq!(flat.layers[0].gids.iter().filter(|&&g| g == 1).count(), 14);
}

#[test]
fn broken_files_are_named_errors() {
    let dir = tempfile::tempdir().unwrap();
    let map = sample(OffsetKind::OddR);
    write(&map, dir.path());
    let res = FolderResources(dir.path().to_path_buf());
    let tmx = std::fs::read_to_string(dir.path().join("m.tmx")).unwrap();
    let tmj = std::fs::read_to_string(dir.path().join("m.tmj")).unwrap();

    let e = read_tiled(&tmx.replacen("<layer ", "<layer <", 1), "m.tmx", &res).unwrap_err();
    assert!(matches!(e, TiledError::Xml { line: 20.., .. }), "{e}");
    assert!(e.to_string().starts_with("m.tmx: XML error at line"), "{e}");

    let e = read_tiled(
        &tmj.replacen("\"layers\"", "\"layers\" 1", 1),
        "m.tmj",
        &res,
    )
    .unwrap_err();
    assert!(matches!(e, TiledError::Json { .. }), "{e}");

    let short = tmx.replacen("0,1,2,3,0,", "0,1,2,3,", 1);
    let e = read_tiled(&short, "m.tmx", &res).unwrap_err();
    assert_eq!(
        e.to_string(),
        "m.tmx: layer 'terrain' has 19 tiles; expected 20 (width × height)"
    );

    let e = read_tiled(&tmx.replace("tiles.png", "missing.png"), "m.tmx", &res).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("m.tmx: cannot read image 'missing.png'"),
        "{e}"
    );

    let external = tmx.replacen(
        "<tileset firstgid=\"1\"",
        "<tileset firstgid=\"1\" source=\"gone.tsx\"",
        1,
    );
    let e = read_tiled(&external, "m.tmx", &res).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("m.tmx: cannot read tileset 'gone.tsx'"),
        "{e}"
    );

    let e = read_tiled(
        &tmx.replace("orientation=\"hexagonal\"", "orientation=\"orthogonal\""),
        "m.tmx",
        &res,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "m.tmx: a Tiled map with orthogonal orientation; hexmap imports only hexagonal \
         Tiled maps (in Tiled: Map → Map Properties → Orientation: Hexagonal)"
    );
    let e = read_tiled(
        &tmj.replace("\"hexagonal\"", "\"isometric\""),
        "m.tmj",
        &res,
    )
    .unwrap_err();
    assert!(matches!(e, TiledError::NotHexagonal { .. }));

    let huge = tmx.replacen(
        "width=\"5\" height=\"4\"",
        "width=\"100000\" height=\"100000\"",
        1,
    );
    let e = read_tiled(&huge, "m.tmx", &res).unwrap_err();
    assert!(matches!(e, TiledError::TooLarge { .. }), "{e}");

    let bad_gid = tmx.replacen("0,1,2,3,0,", "0,1,2,99,0,", 1);
    let e = read_tiled(&bad_gid, "m.tmx", &res).unwrap_err();
    assert_eq!(
        e.to_string(),
        "m.tmx: layer 'terrain' cell 3 uses tile 99, which no tileset has"
    );

    let e = read_tiled(
        &tmx.replace("staggeraxis=\"y\"", "staggeraxis=\"z\""),
        "m.tmx",
        &res,
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("'staggeraxis' = 'z' is not valid"),
        "{e}"
    );
}
