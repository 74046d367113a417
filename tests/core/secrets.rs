//! The GM's secrets through the command line and every player export, each read by its
//! consumer: `hexmap secret` sets, clears and lists the GM-only flag of each kind of
//! item; a map with a secret of every kind (`tests/fixtures/every-secret.ron`) goes
//! through the player view of JSON (serde; the full and the compact form), SVG (its text, and librsvg's pixels), PDF
//! (poppler's text and pixels) and PNG (decoded pixels), and none of its secret names
//! comes out, nor from the key's exports (vault, page, booklet); the player JSON lists only what it shows, with ids that count nothing
//! hidden; the party is drawn; no region border runs along the fog.

use crate::support::consumers::{pdftoppm, pdftotext, rsvg};
use assert_cmd::Command;
use hexmap::hex::{Edge, Hex, OffsetCoord, OffsetKind};
use hexmap::io::render::png_meta;
use hexmap::map::{GmItem, HexMap, IconId, LabelId, PathId, RegionId};
use std::path::{Path, PathBuf};

/// Every name or text of the fixture that only the GM may know (one a line in
/// `tests/fixtures/every-secret-names.txt`, which the editor's test reads too).
fn secrets() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/every-secret-names.txt");
    (std::fs::read_to_string(path).unwrap().lines())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// The colour of the terrain found only under the fog ("Dragon Lair").
const DRAGON_LAIR: [u8; 3] = [255, 128, 0];
/// The outline colour of "Open Realm", a region half under the fog.
const REALM: [u8; 3] = [200, 20, 160];
/// The party marker's colour.
const PARTY: [u8; 3] = [230, 60, 60];

fn at(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/every-secret.ron")
}

/// A copy of the fixture in `dir`.
fn copy(dir: &Path) -> PathBuf {
    let path = dir.join("every-secret.ron");
    std::fs::copy(fixture(), &path).unwrap();
    path
}

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

/// Export the fixture as `format` (with a legend, so palettes show), the GM's and the
/// players'; their paths.
fn export(dir: &Path, format: &str) -> (PathBuf, PathBuf) {
    let map = copy(dir);
    let legend: &[&str] = match format {
        "pdf" => &["--legend", "page"],
        "png" | "svg" | "vassal" | "foundry" => &["--legend", "right"],
        _ => &[],
    };
    crate::support::export::full_and_players(&map, dir, format, legend)
}

fn assert_no_secrets(text: &str, what: &str) {
    for s in secrets() {
        assert!(!text.contains(&s), "{what} holds {s:?}:\n{text}");
    }
}

/// A text the GM's output must hold (so the players' check can fail).
fn assert_holds<S: AsRef<str>>(text: &str, what: &str, wanted: &[S]) {
    for s in wanted {
        assert!(text.contains(s.as_ref()), "{what} lacks {:?}", s.as_ref());
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

fn rgb(img: &tiny_skia::Pixmap, x: f64, y: f64) -> Option<[u8; 3]> {
    let p = img.pixel(x.round() as u32, y.round() as u32)?.demultiply();
    Some([p.red(), p.green(), p.blue()])
}

fn near(a: [u8; 3], b: [u8; 3], tolerance: u8) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= tolerance)
}

/// True when a pixel within `reach` pixels of (`x`, `y`) is close to `colour`.
fn colour_near(img: &tiny_skia::Pixmap, (x, y): (f64, f64), reach: i32, colour: [u8; 3]) -> bool {
    (-reach..=reach).any(|dx| {
        (-reach..=reach).any(|dy| {
            rgb(img, x + f64::from(dx), y + f64::from(dy)).is_some_and(|c| near(c, colour, 40))
        })
    })
}

fn read_json(path: &Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

fn load(path: &Path) -> HexMap {
    hexmap::io::load(path).unwrap().0
}

#[test]
fn hexmap_secret_sets_clears_and_lists_every_kind_of_item() {
    let dir = tempfile::tempdir().unwrap();
    let map = copy(dir.path());
    // One public item of each kind: a note, an edge feature, a path, an icon, a label, a
    // region.
    let items = [
        GmItem::Note(at(2, 4)),
        GmItem::Edge(Edge::between(at(0, 3), at(1, 3)).unwrap()),
        GmItem::Path(PathId(1)),
        GmItem::Icon(IconId(2)),
        GmItem::Label(LabelId(3)),
        GmItem::Region(RegionId(0)),
    ];
    let args = [
        "--note",
        "2,4",
        "--edge",
        "0,3:1,3",
        "--path",
        "1",
        "--icon",
        "2",
        "--label",
        "3",
        "--region",
        "Open Realm",
    ];
    let before = load(&map);
    assert!(items.iter().all(|i| !i.is_gm_only(&before)));
    let set = hexmap()
        .arg("secret")
        .arg(&map)
        .arg("set")
        .args(args)
        .arg("--json")
        .assert()
        .success();
    let answer: serde_json::Value = serde_json::from_slice(&set.get_output().stdout).unwrap();
    assert_eq!(answer["changed"], 6, "{answer}");
    let after = load(&map);
    for i in &items {
        assert!(i.is_gm_only(&after), "{i} is not GM-only in the saved file");
    }
    // The JSON export marks them.
    let json = dir.path().join("after.json");
    hexmap()
        .arg("export")
        .arg(&map)
        .args(["--to", "json"])
        .arg(&json)
        .assert()
        .success();
    let v = read_json(&json);
    assert_eq!(v["regions"][0]["gm_only"], true, "{}", v["regions"]);
    assert_eq!(v["paths"][0]["gm_only"], true);
    // `list` names them (with the fixture's own secrets), one a line.
    let listed = hexmap()
        .arg("secret")
        .arg(&map)
        .arg("list")
        .output()
        .unwrap();
    let listed = String::from_utf8_lossy(&listed.stdout).into_owned();
    for text in [
        "PUBNOTE tavern rumour",
        "River",
        "Road",
        "Watchtower",
        "Open Fields",
        "Open Realm",
    ] {
        assert!(listed.contains(text), "list lacks {text}:\n{listed}");
    }
    // The six set here and the fixture's own seven (note, edge, path, icon, two labels, region).
    assert_eq!(listed.lines().count(), 6 + 7, "{listed}");
    // `clear` makes them public again; the fixture's own secrets stay.
    hexmap()
        .arg("secret")
        .arg(&map)
        .arg("clear")
        .args(args)
        .assert()
        .success();
    let cleared = load(&map);
    assert!(items.iter().all(|i| !i.is_gm_only(&cleared)));
    assert!(GmItem::Note(at(1, 1)).is_gm_only(&cleared));
    assert!(GmItem::Region(RegionId(1)).is_gm_only(&cleared));
}

#[test]
fn hexmap_secret_refuses_an_item_the_map_lacks_and_leaves_the_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let map = copy(dir.path());
    let text = std::fs::read_to_string(&map).unwrap();
    for (args, says) in [
        (vec!["--icon", "99"], "--icon 99: the map has no icon 99"),
        (vec!["--note", "5,5"], "has no note"),
        (vec!["--edge", "0,0:5,5"], "not neighbours"),
        (vec!["--edge", "0,0:1,0"], "no edge feature there"),
        (vec!["--region", "Atlantis"], "no region of that name or id"),
        (vec![], "name at least one item"),
    ] {
        let out = hexmap()
            .arg("secret")
            .arg(&map)
            .arg("set")
            .args(&args)
            .arg("--json")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
        let message = err["error"].as_str().unwrap();
        assert!(message.contains(says), "{args:?}: {message}");
        assert_eq!(
            std::fs::read_to_string(&map).unwrap(),
            text,
            "{args:?} wrote"
        );
    }
}

#[test]
fn no_secret_reaches_any_player_export() {
    let dir = tempfile::tempdir().unwrap();
    // JSON, read as a game reads it.
    let (full, players) = export(dir.path(), "json");
    assert_holds(
        &std::fs::read_to_string(full).unwrap(),
        "GM JSON",
        &secrets(),
    );
    let text = std::fs::read_to_string(&players).unwrap();
    assert_no_secrets(&text, "player JSON");
    assert!(!text.contains("gm_only"), "{text}");
    // The compact JSON (the cells as arrays), read as a game reads it.
    let compact = dir.path().join("compact");
    std::fs::create_dir(&compact).unwrap();
    let (full, players) =
        crate::support::export::full_and_players(&copy(&compact), &compact, "json", &["--compact"]);
    let gm = std::fs::read_to_string(full).unwrap();
    assert!(gm.contains("\"grid\":"), "the compact form");
    assert_holds(&gm, "GM compact JSON", &secrets());
    let text = std::fs::read_to_string(&players).unwrap();
    assert_no_secrets(&text, "player compact JSON");
    assert!(!text.contains("gm_only"), "{text}");
    // SVG: its text, with the legend beside the map.
    let (full, players) = export(dir.path(), "svg");
    let gm = std::fs::read_to_string(full).unwrap();
    assert_holds(
        &gm,
        "GM SVG",
        &["GMICON", "GMLABEL", "Dragon Lair", "Secret Passage"],
    );
    assert_no_secrets(&std::fs::read_to_string(&players).unwrap(), "player SVG");
    // A curved label is drawn glyph by glyph: its text read as the SVG's texts in a row.
    let glyphs = |svg: &str| -> String {
        svg.split("<text ")
            .skip(1)
            .filter_map(|t| t.split_once('>')?.1.split("</text>").next())
            .collect()
    };
    assert_holds(&glyphs(&gm), "GM SVG glyphs", &["GMCURVE", "HIDDENCURVE"]);
    let player_svg = std::fs::read_to_string(&players).unwrap();
    assert_no_secrets(&glyphs(&player_svg), "player SVG glyphs");
    // PDF: poppler's text of every page (the key on a page of its own), and the bytes.
    let (full, players) = export(dir.path(), "pdf");
    if let (Some(gm), Some(text)) = (pdftotext(&full), pdftotext(&players)) {
        assert_holds(&gm, "GM PDF", &["GMLABEL", "Dragon Lair", "Smuggler Route"]);
        assert_no_secrets(&text, "player PDF");
        assert!(text.contains("Open Fields"), "{text}");
    }
    let raw = String::from_utf8_lossy(&std::fs::read(&players).unwrap()).into_owned();
    assert_no_secrets(&raw, "player PDF bytes");
    // PNG: no pixel of the terrain only the fog hides, and no secret in its text chunks.
    let (full, players) = export(dir.path(), "png");
    let decode = |p: &Path| tiny_skia::Pixmap::decode_png(&std::fs::read(p).unwrap()).unwrap();
    let lair = |img: &tiny_skia::Pixmap| {
        img.pixels()
            .iter()
            .filter(|p| {
                let p = p.demultiply();
                near([p.red(), p.green(), p.blue()], DRAGON_LAIR, 2)
            })
            .count()
    };
    assert!(lair(&decode(&full)) > 100, "the GM's PNG shows the lair");
    assert_eq!(lair(&decode(&players)), 0, "the player PNG shows the lair");
    let bytes = std::fs::read(&players).unwrap();
    let meta = png_meta::read_text(&bytes, png_meta::TRANSFORM_KEY).unwrap();
    assert_no_secrets(&meta, "player PNG text");
    // VASSAL: the board picture as the PNG, and no secret in any file of the module.
    let (full, players) = export(dir.path(), "vassal");
    let entries = |p: &Path| {
        hexmap::io::zip_store::read_stored_zip(&std::fs::read(p).unwrap()).expect("a zip")
    };
    let board = |p: &Path| {
        let all = entries(p);
        let png = &all.iter().find(|(n, _)| n == "images/board.png").unwrap().1;
        tiny_skia::Pixmap::decode_png(png).unwrap()
    };
    assert!(lair(&board(&full)) > 100, "the GM's board shows the lair");
    assert_eq!(
        lair(&board(&players)),
        0,
        "the players' board shows the lair"
    );
    for (name, bytes) in entries(&players) {
        assert_no_secrets(
            &String::from_utf8_lossy(&bytes),
            &format!("player module {name}"),
        );
    }
    // Foundry: the background as the PNG; no secret in the scene or its journal, and no
    // GM-only journal for the players.
    let (full, players) = export(dir.path(), "foundry");
    let side = |p: &Path, suffix: &str| {
        let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
        p.with_file_name(format!("{stem}-{suffix}"))
    };
    assert!(lair(&decode(&side(&full, "background.png"))) > 100);
    assert_eq!(lair(&decode(&side(&players, "background.png"))), 0);
    let text = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    let gm_texts = [
        &full,
        &side(&full, "journal.json"),
        &side(&full, "gm-journal.json"),
    ]
    .map(|p| text(p))
    .concat();
    assert_holds(&gm_texts, "GM Foundry scene and journals", &["GMNOTE"]);
    assert!(!side(&players, "gm-journal.json").exists());
    for p in [&players, &side(&players, "journal.json")] {
        assert_no_secrets(&text(p), &format!("player {}", p.display()));
    }
    // Godot: the players' level, TileSet and atlas hold no secret, and no tile of the
    // terrain only the fog hides.
    let (full, players) = export(dir.path(), "godot");
    assert_holds(
        &text(&side(&full, "tileset.tres")),
        "GM Godot TileSet",
        &["Dragon Lair"],
    );
    assert!(lair(&decode(&side(&full, "atlas.png"))) > 100);
    for p in [&players, &side(&players, "tileset.tres")] {
        assert_no_secrets(&text(p), &format!("player {}", p.display()));
    }
    assert_eq!(lair(&decode(&side(&players, "atlas.png"))), 0);
    key_exports_hold_no_secret(dir.path());
}

/// The key's exports of the fixture: the GM's hold the key's secrets, the players' none
/// of the fixture's (every file of the vault, the page, poppler's text of the booklet).
fn key_exports_hold_no_secret(dir: &Path) {
    let key_secrets = [
        "GMKEYTEXT",
        "GMKEYTITLE",
        "HIDDENKEY",
        "ICONKEYGM",
        "ICONKEYGMONLY",
        "HIDDENICONKEY",
        "REGIONKEYGM",
        "HIDDENREGIONKEY",
    ];
    // What players may read of the entries on a public icon and a public region.
    let public = ["Watchtower post", "Farms and fields."];
    let map = copy(dir);
    let vault_text = |vault: &Path| {
        let mut all = String::new();
        for f in std::fs::read_dir(vault).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|e| e == "md") {
                all.push_str(&std::fs::read_to_string(f).unwrap());
            }
        }
        all
    };
    let (gm, players) = (dir.join("gm-vault"), dir.join("players-vault"));
    for (out, player) in [(&gm, false), (&players, true)] {
        let mut cmd = hexmap();
        cmd.arg("export")
            .arg(&map)
            .args(["--to", "key-md"])
            .arg(out);
        if player {
            cmd.arg("--player-view");
        }
        cmd.assert().success();
    }
    assert_holds(&vault_text(&gm), "GM vault", &key_secrets);
    let text = vault_text(&players);
    assert_no_secrets(&text, "player vault");
    assert_holds(&text, "player vault", &public);
    assert!(
        text.contains("the road runs to unknown hex and [[0504]]"),
        "{text}"
    );
    let (full, players) = crate::support::export::full_and_players(&map, dir, "key-html", &[]);
    assert_holds(
        &std::fs::read_to_string(full).unwrap(),
        "GM page",
        &key_secrets,
    );
    let text = std::fs::read_to_string(players).unwrap();
    assert_no_secrets(&text, "player page");
    assert_holds(&text, "player page", &public);
    let (full, players) = crate::support::export::full_and_players(&map, dir, "key-pdf", &[]);
    if let (Some(gm), Some(text)) = (pdftotext(&full), pdftotext(&players)) {
        assert_holds(&gm, "GM booklet", &key_secrets);
        assert_no_secrets(&text, "player booklet");
        assert_holds(&text, "player booklet", &public);
        assert!(text.contains("0404 Open Inn"), "{text}");
    }
}

#[test]
fn the_player_json_lists_only_what_it_shows_with_ids_that_count_nothing_hidden() {
    let dir = tempfile::tempdir().unwrap();
    let (_, players) = export(dir.path(), "json");
    let v = read_json(&players);
    let field = |list: &str, key: &str| -> Vec<serde_json::Value> {
        (v[list].as_array().unwrap_or(&Vec::new()).iter())
            .map(|x| x[key].clone())
            .collect()
    };
    use serde_json::json as j;
    assert_eq!(field("palette", "name"), [j!("Grass"), j!("Forest")]);
    assert_eq!(field("palette", "id"), [j!(1), j!(2)]);
    assert_eq!(field("edge_types", "name"), [j!("River")]);
    assert_eq!(field("path_types", "name"), [j!("Road")]);
    assert_eq!(field("region_kinds", "name"), [j!("Political")]);
    assert_eq!(field("regions", "name"), [j!("Open Realm")]);
    // Ids from the first, with no gap where a secret was: the GM's map has icons 0–3,
    // labels 1–3, paths 1–3 and regions 0–2.
    assert_eq!(field("icons", "id"), [j!(0), j!(1)]);
    assert_eq!(
        field("icons", "caption"),
        [j!("Watchtower"), j!("Signpost")]
    );
    // The public icon's and region's entries without their GM text; the signpost's entry
    // is the GM's alone.
    assert_eq!(
        v["icons"][0]["key"],
        j!({"title": "Watchtower post", "player_text": "A tower over the road.", "tags": ["tower"]})
    );
    assert_eq!(v["icons"][1].get("key"), None);
    assert_eq!(
        v["regions"][0]["key"],
        j!({"title": "Open Realm lore", "player_text": "Farms and fields.", "tags": []})
    );
    assert_eq!(field("labels", "id"), [j!(0)]);
    assert_eq!(field("paths", "id"), [j!(1)]);
    assert_eq!(field("regions", "id"), [j!(0)]);
    // Every cell's terrain is one listed (or null under the fog).
    for c in v["cells"].as_array().unwrap() {
        let t = &c["terrain"];
        assert!(t.is_null() || *t == j!(1) || *t == j!(2), "{c}");
    }
    assert_eq!(v["party"]["hex"], j!([at(3, 3).q, at(3, 3).r]));
}

#[test]
fn the_party_is_drawn_in_the_player_png_svg_and_pdf() {
    let dir = tempfile::tempdir().unwrap();
    let (_, png) = export(dir.path(), "png");
    let bytes = std::fs::read(&png).unwrap();
    let t = transform(&bytes);
    let img = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    let map = load(&fixture());
    let c = map.layout().unwrap().hex_to_pixel(map.party().unwrap().hex);
    let at_party = (c.x * t.0 + t.1, c.y * t.0 + t.2);
    let seen = rgb(&img, at_party.0, at_party.1).unwrap();
    assert!(
        near(seen, PARTY, 8),
        "the player PNG shows {seen:?} at the party"
    );
    // librsvg draws the SVG in the same frame (the SVG states the PNG's transform).
    let (_, svg) = export(dir.path(), "svg");
    if let Some(drawn) = rsvg(&svg) {
        let seen = rgb(&drawn, at_party.0, at_party.1).unwrap();
        assert!(near(seen, PARTY, 8), "librsvg shows {seen:?} at the party");
    }
    // poppler draws the PDF's board page: a disc of the party's colour is on it.
    let (_, pdf) = export(dir.path(), "pdf");
    if let Some(img) = pdftoppm(&pdf, 1, 150) {
        let red = (img.pixels().iter())
            .filter(|p| {
                let p = p.demultiply();
                near([p.red(), p.green(), p.blue()], PARTY, 12)
            })
            .count();
        assert!(
            red > 50,
            "{red} pixels of the party's colour on the PDF's board page"
        );
    }
}

/// A world point as (x, y).
type WorldPoint = (f64, f64);

/// The midpoints (world) of the sides of "Open Realm"'s revealed hexes that face a hidden
/// cell (where the players' view cuts it), and of its sides that face a revealed cell
/// outside it (its real border).
fn realm_sides(map: &HexMap) -> (Vec<WorldPoint>, Vec<WorldPoint>) {
    let layout = map.layout().unwrap();
    let realm = &map.regions().get(RegionId(0)).unwrap().hexes;
    let (mut fog_edge, mut border) = (Vec::new(), Vec::new());
    for &h in realm.iter().filter(|h| map.is_revealed(**h)) {
        for n in h.neighbors() {
            if !map.contains(n) {
                continue;
            }
            let (a, b) = (layout.hex_to_pixel(h), layout.hex_to_pixel(n));
            let mid = ((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
            if !map.is_revealed(n) {
                fog_edge.push(mid);
            } else if !realm.contains(&n) {
                border.push(mid);
            }
        }
    }
    (fog_edge, border)
}

#[test]
fn player_pictures_draw_no_region_border_along_the_fog() {
    let dir = tempfile::tempdir().unwrap();
    let map = load(&fixture());
    let (fog_edge, border) = realm_sides(&map);
    assert!(fog_edge.len() >= 3 && border.len() >= 6);
    let (_, png) = export(dir.path(), "png");
    let bytes = std::fs::read(&png).unwrap();
    let t = transform(&bytes);
    let px = |(x, y): (f64, f64)| (x * t.0 + t.1, y * t.0 + t.2);
    let check = |img: &tiny_skia::Pixmap, what: &str| {
        for &side in &border {
            assert!(
                colour_near(img, px(side), 2, REALM),
                "{what}: the realm's real border is missing at {side:?}"
            );
        }
        for &side in &fog_edge {
            assert!(
                !colour_near(img, px(side), 2, REALM),
                "{what}: a border along the fog at {side:?}"
            );
        }
    };
    check(
        &tiny_skia::Pixmap::decode_png(&bytes).unwrap(),
        "player PNG",
    );
    let (_, svg) = export(dir.path(), "svg");
    if let Some(drawn) = rsvg(&svg) {
        check(&drawn, "player SVG by librsvg");
    }
}

/// The Tiled JSON objects of the region with this name (Tiled's own conversion): each as
/// its polyline's points.
fn region_lines(tiled_json: &serde_json::Value, name: &str) -> Vec<Vec<(f64, f64)>> {
    let mut out = Vec::new();
    for layer in tiled_json["layers"].as_array().unwrap() {
        for o in layer["objects"].as_array().into_iter().flatten() {
            if o["name"] == name
                && let Some(line) = o["polyline"].as_array()
            {
                out.push(
                    line.iter()
                        .map(|p| (p["x"].as_f64().unwrap(), p["y"].as_f64().unwrap()))
                        .collect(),
                );
            }
        }
    }
    out
}

#[test]
fn the_player_tiled_map_holds_no_secret_and_leaves_a_region_open_along_the_fog() {
    use crate::support::tiled_tools as tools;
    let dir = tempfile::tempdir().unwrap();
    let (full, players) = export(dir.path(), "tmx");
    let gm = std::fs::read_to_string(&full).unwrap();
    assert_holds(
        &gm,
        "GM TMX",
        &["GMICON", "Dragon Lair", "Secret Passage", "GMREGION"],
    );
    assert_no_secrets(&std::fs::read_to_string(&players).unwrap(), "player TMX");
    // hexmap reads its own player map back: no secret flag, the realm cut to what is seen.
    let back = hexmap::io::format::read_path(&players).unwrap().map;
    assert!(back.regions().iter().all(|r| !r.look.gm_only));
    assert_eq!(back.regions().iter().count(), 1);
    if !tools::available() {
        return;
    }
    // Tiled's own reading (its JSON conversion) holds no secret either, and the realm's
    // outline is open where the realm runs under the fog: no segment closes it there.
    let read = |tmx: &Path, name: &str| {
        let json = dir.path().join(name);
        tools::export_map("json", tmx, &json);
        read_json(&json)
    };
    let (gm_json, player_json) = (
        read(&full, "full-tiled.json"),
        read(&players, "players-tiled.json"),
    );
    assert_no_secrets(&player_json.to_string(), "Tiled's JSON of the player TMX");
    let closed = |line: &Vec<(f64, f64)>| line.first() == line.last();
    let gm_lines = region_lines(&gm_json, "Open Realm");
    assert!(
        !gm_lines.is_empty() && gm_lines.iter().all(closed),
        "{gm_lines:?}"
    );
    let lines = region_lines(&player_json, "Open Realm");
    assert!(!lines.is_empty() && !lines.iter().any(closed), "{lines:?}");
    // tmxrasterizer draws the players' map: no pixel of the terrain only the fog hides.
    let lair = |img: &tiny_skia::Pixmap| {
        (img.pixels().iter())
            .filter(|p| {
                let p = p.demultiply();
                near([p.red(), p.green(), p.blue()], DRAGON_LAIR, 2)
            })
            .count()
    };
    let gm_png = tools::rasterize(&full, &dir.path().join("full-tiled.png"), &[]);
    let png = tools::rasterize(&players, &dir.path().join("players-tiled.png"), &[]);
    assert!(lair(&gm_png) > 20, "Tiled draws the lair in the GM's map");
    assert_eq!(lair(&png), 0, "Tiled draws the lair in the players' map");
}
