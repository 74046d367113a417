//! `hexmap export --player-view` read by the real consumers: librsvg draws the
//! SVG, poppler reads the PDF's text, a PNG decoder samples hidden hex centres, serde reads
//! the JSON. Nothing GM-only and nothing on a hidden cell reaches them; hidden cells are
//! fog; the player picture keeps the full picture's frame.

use assert_cmd::Command;
use hexmap::hex::{Hex, OffsetCoord, OffsetKind};
use hexmap::io::render::png_meta;
use hexmap::map::testing::TestMap;
use hexmap::map::{BuiltinIcon, HexMap, Icon, Label, LabelId, TerrainId, ViewSettings};
use std::path::{Path, PathBuf};

/// Texts only the GM may see: a GM-only note, icon caption and label; a public note (all
/// note text is the GM's); a caption and a label on hidden cells.
const SECRETS: [&str; 6] = [
    "dragon lair",
    "secret door",
    "Vault of Ash",
    "tavern rumour",
    "Hidden Keep",
    "Far Lands",
];
const FOG: [u8; 3] = [46, 50, 64];

fn at(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

/// An 8 × 6 odd-r map of grass, columns 4 and up hidden, with every kind of secret, and
/// notes shown as captions.
fn session() -> HexMap {
    let mut m = TestMap::rectangle(OffsetKind::OddR, 8, 6)
        .named("session")
        .hex_size(10.0)
        .build();
    for h in m.shape().iter().collect::<Vec<_>>() {
        m.set_terrain(h, TerrainId::new(2)).unwrap();
        if OffsetKind::OddR.from_hex(h).col >= 4 {
            m.set_hidden(h, true).unwrap();
        }
    }
    m.set_note(at(1, 1), Some("dragon lair".into())).unwrap();
    m.set_note_gm_only(at(1, 1), true);
    m.set_note(at(2, 4), Some("tavern rumour".into())).unwrap();
    let secret = Icon {
        gm_only: true,
        caption: Some("secret door".into()),
        ..Icon::builtin(BuiltinIcon::Dungeon)
    };
    m.set_icons(at(2, 2), vec![secret]).unwrap();
    let keep = Icon {
        caption: Some("Hidden Keep".into()),
        ..Icon::builtin(BuiltinIcon::Castle)
    };
    m.set_icons(at(6, 2), vec![keep]).unwrap();
    let layout = m.layout().unwrap();
    let mut vault = Label::new("Vault of Ash", layout.hex_to_pixel(at(1, 4)));
    vault.gm_only = true;
    m.add_label(LabelId(1), vault).unwrap();
    let far = Label::new("Far Lands", layout.hex_to_pixel(at(6, 4)));
    m.add_label(LabelId(2), far).unwrap();
    let open = Label::new("Open Fields", layout.hex_to_pixel(at(1, 0)));
    m.add_label(LabelId(3), open).unwrap();
    m.set_view(ViewSettings {
        note_captions: true,
        ..m.view()
    });
    m
}

/// Save the session and export it as `format`, with and without `--player-view`.
fn export(dir: &Path, format: &str) -> (PathBuf, PathBuf) {
    let map = dir.join("session.ron");
    if !map.exists() {
        hexmap::io::save(&map, &session(), hexmap::io::Form::Offset).unwrap();
    }
    crate::support::export::full_and_players(&map, dir, format, &[])
}

fn assert_no_secrets(text: &str, what: &str) {
    for s in SECRETS {
        assert!(!text.contains(s), "{what} holds {s:?}:\n{text}");
    }
}

/// The world → pixel transform a PNG states: (scale, offset x, offset y).
fn transform(png: &[u8]) -> (f64, f64, f64) {
    let json = png_meta::read_text(png, png_meta::TRANSFORM_KEY).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    (
        v["scale"].as_f64().unwrap(),
        v["offset"][0].as_f64().unwrap(),
        v["offset"][1].as_f64().unwrap(),
    )
}

/// Check every hex centre of the picture `img` drawn with transform `t`: fog on hidden
/// cells, not fog on the others.
fn check_fog(img: &tiny_skia::Pixmap, t: (f64, f64, f64), what: &str) {
    let m = session();
    let layout = m.layout().unwrap();
    for h in m.shape().iter() {
        // A point a little off the centre, clear of icons and captions.
        let c = layout.hex_to_pixel(h);
        let (x, y) = (c.x * t.0 + t.1 - 3.0, (c.y - 6.0) * t.0 + t.2);
        let p = img.pixel(x as u32, y as u32).unwrap().demultiply();
        let rgb = [p.red(), p.green(), p.blue()];
        let close = rgb.iter().zip(FOG).all(|(a, b)| a.abs_diff(b) <= 3);
        assert_eq!(
            close,
            !m.is_revealed(h),
            "{what}: {h} at ({x:.0}, {y:.0}) is {rgb:?}"
        );
    }
}

#[test]
fn the_player_png_is_fogged_where_hidden_in_the_full_pictures_frame() {
    let dir = tempfile::tempdir().unwrap();
    let (full, players) = export(dir.path(), "png");
    let (full, players) = (
        std::fs::read(full).unwrap(),
        std::fs::read(players).unwrap(),
    );
    let t = transform(&players);
    assert_eq!(t, transform(&full), "the two pictures line up");
    let img = tiny_skia::Pixmap::decode_png(&players).unwrap();
    let whole = tiny_skia::Pixmap::decode_png(&full).unwrap();
    assert_eq!((img.width(), img.height()), (whole.width(), whole.height()));
    check_fog(&img, t, "player PNG");
}

#[test]
fn the_player_svg_holds_no_secret_and_librsvg_draws_fog_on_hidden_cells() {
    let dir = tempfile::tempdir().unwrap();
    let (full, players) = export(dir.path(), "svg");
    let gm = std::fs::read_to_string(full).unwrap();
    // The full picture does hold them, so the check below can fail.
    for s in ["dragon lair", "secret door", "Vault of Ash", "Hidden Keep"] {
        assert!(gm.contains(s), "the GM's SVG lacks {s}");
    }
    let text = std::fs::read_to_string(&players).unwrap();
    assert_no_secrets(&text, "player SVG");
    let Some(drawn) = crate::support::consumers::rsvg(&players) else {
        return;
    };
    // The SVG states the same transform as the PNG (docs/EXPORT.md).
    let (_, png_players) = export(dir.path(), "png");
    let t = transform(&std::fs::read(png_players).unwrap());
    check_fog(&drawn, t, "player SVG");
}

#[test]
fn the_player_pdf_text_holds_no_secret() {
    let dir = tempfile::tempdir().unwrap();
    let (full, players) = export(dir.path(), "pdf");
    let read = crate::support::consumers::pdftotext;
    let (Some(gm), Some(text)) = (read(&full), read(&players)) else {
        return;
    };
    assert!(
        gm.contains("Vault of Ash") && gm.contains("Hidden Keep"),
        "{gm}"
    );
    assert_no_secrets(&text, "player PDF");
    assert!(text.contains("Open Fields"), "{text}");
    let raw = String::from_utf8_lossy(&std::fs::read(&players).unwrap()).into_owned();
    assert_no_secrets(&raw, "player PDF bytes");
}

#[test]
fn the_player_json_keeps_hidden_cells_without_terrain_or_notes() {
    let dir = tempfile::tempdir().unwrap();
    let (full, players) = export(dir.path(), "json");
    let gm: serde_json::Value = serde_json::from_slice(&std::fs::read(full).unwrap()).unwrap();
    let text = std::fs::read_to_string(&players).unwrap();
    assert_no_secrets(&text, "player JSON");
    assert!(!text.contains("gm_only"), "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let m = session();
    let cells = v["cells"].as_array().unwrap();
    assert_eq!(cells.len(), m.cell_count());
    for c in cells {
        let h = Hex::new(
            c["hex"][0].as_i64().unwrap() as i32,
            c["hex"][1].as_i64().unwrap() as i32,
        );
        let seen = m.is_revealed(h);
        assert_eq!(c["revealed"], serde_json::json!(seen), "{c}");
        assert_eq!(c["terrain"].is_null(), !seen, "{c}");
        assert!(c.get("note").is_none(), "{c}");
    }
    assert_eq!(v["icons"].as_array().unwrap().len(), 0);
    let labels: Vec<&str> = (v["labels"].as_array().unwrap().iter())
        .map(|l| l["text"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["Open Fields"]);
    // The GM's export marks what is secret.
    let gm_cells = gm["cells"].as_array().unwrap();
    let dragon = at(1, 1);
    let cell = |h: Hex| {
        gm_cells
            .iter()
            .find(|c| c["hex"] == serde_json::json!([h.q, h.r]))
            .unwrap()
    };
    assert_eq!(cell(dragon)["note_gm_only"], true);
    assert!(cell(at(2, 4)).get("note_gm_only").is_none());
    assert_eq!(cell(at(6, 0))["revealed"], false);
    assert_eq!(cell(at(0, 0))["revealed"], true);
    assert_eq!(gm["icons"][0]["gm_only"], true);
    assert_eq!(gm["labels"][0]["gm_only"], true);
}

#[test]
fn formats_without_a_player_view_refuse_it() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("session.ron");
    hexmap::io::save(&map, &session(), hexmap::io::Form::Offset).unwrap();
    let out = Command::cargo_bin("hexmap")
        .unwrap()
        .arg("export")
        .arg(&map)
        .args(["--to", "csv"])
        .arg(dir.path().join("x.csv"))
        .arg("--player-view")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "--player-view is for tmx, tmj, json, png, svg, pdf, vassal, foundry, godot, key-md, key-html and key-pdf"
        ),
        "{err}"
    );
}

#[test]
fn tiled_keeps_fog_as_a_layer_and_secrets_on_a_hidden_layer() {
    use crate::support::tiled_tools as tools;
    use hexmap::io::format::{self, WriteOptions};
    use hexmap::map::{MapPath, PathId, PathTypeId};
    let mut m = session();
    m.insert_path(MapPath {
        id: PathId(1),
        kind: PathTypeId::new(1).unwrap(),
        hexes: vec![at(0, 5), at(1, 5), at(2, 5)],
        gm_only: true,
    })
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let tmx = dir.path().join("session.tmx");
    let tmx_format = format::by_name("tmx").unwrap();
    format::write_path(
        &m,
        None,
        tmx_format,
        &WriteOptions::default(),
        &tmx,
        &mut |_| {},
    )
    .unwrap();
    // hexmap reads its own file back with the fog and the flags.
    let back = format::read_path(&tmx).unwrap().map;
    let hidden = |m: &HexMap| m.hidden_cells().collect::<Vec<_>>();
    assert_eq!(hidden(&back), hidden(&m));
    assert!(back.path(PathId(1)).unwrap().gm_only);
    assert!(back.icons_at(at(2, 2))[0].gm_only);
    assert!(!back.icons_at(at(6, 2))[0].gm_only);
    assert!(back.label(LabelId(1)).unwrap().gm_only);
    assert!(!back.label(LabelId(3)).unwrap().gm_only);
    if !tools::available() {
        return;
    }
    // Tiled's own reading: a hidden `fog` layer over exactly the hidden cells (hexmap's
    // own view shows the map under the fog), and the GM-only objects alone on a hidden
    // layer.
    let tmj = dir.path().join("tiled.tmj");
    tools::export_map("json", &tmx, &tmj);
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&tmj).unwrap()).unwrap();
    let layers = v["layers"].as_array().unwrap();
    let layer = |name: &str| layers.iter().find(|l| l["name"] == name).unwrap();
    let fog = layer("fog");
    assert_eq!(fog["visible"], false);
    let fogged = (fog["data"].as_array().unwrap().iter())
        .filter(|g| g.as_u64() != Some(0))
        .count();
    assert_eq!(fogged, m.hidden_count());
    let gm_flag = |o: &serde_json::Value| {
        (o["properties"].as_array().into_iter().flatten())
            .any(|p| p["name"] == "hexmap:gm_only" && p["value"] == true)
    };
    let gm = layer("hexmap GM only");
    assert_eq!(gm["visible"], false);
    let objects = gm["objects"].as_array().unwrap();
    assert_eq!(objects.len(), 3, "icon, label and path");
    assert!(objects.iter().all(gm_flag));
    for l in layers.iter().filter(|l| l["name"] != "hexmap GM only") {
        let none = (l["objects"].as_array().into_iter().flatten()).all(|o| !gm_flag(o));
        assert!(none, "layer {} holds a GM-only object", l["name"]);
    }
    // Tiled's default view (tmxrasterizer) is hexmap's: the map under the fog, pixel for
    // pixel what the same map without fog renders.
    let mut open = m.clone();
    for h in open.shape().iter().collect::<Vec<_>>() {
        open.set_hidden(h, false);
    }
    assert!(!open.has_fog() && m.has_fog());
    let open_tmx = dir.path().join("open.tmx");
    format::write_path(
        &open,
        None,
        tmx_format,
        &WriteOptions::default(),
        &open_tmx,
        &mut |_| {},
    )
    .unwrap();
    let fogged = tools::rasterize(&tmx, &dir.path().join("fogged.png"), &[]);
    let clear = tools::rasterize(&open_tmx, &dir.path().join("open.png"), &[]);
    assert_eq!(
        (fogged.width(), fogged.height()),
        (clear.width(), clear.height())
    );
    let differ = (fogged.pixels().iter().zip(clear.pixels()))
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differ, 0, "Tiled draws the fog layer by default");
}
