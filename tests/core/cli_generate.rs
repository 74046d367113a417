//! `hexmap generate` run as a real binary: the same seed gives the same bytes,
//! `hexmap validate` and the loader accept the file, and the options do what they say,
//! read back from the file and its JSON export.

use assert_cmd::Command;
use hexmap::generate::{WATER_NAMES, is_water};
use hexmap::io;
use predicates::prelude::*;
use std::fs;
use std::path::Path;

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

fn generate(out: &Path, args: &[&str]) {
    hexmap()
        .arg("generate")
        .arg(out)
        .args(args)
        .assert()
        .success()
        .stdout(predicate::str::contains("cells"));
}

#[test]
fn the_same_seed_gives_the_same_bytes_and_validate_accepts_them() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--shape",
        "rect:50x36",
        "--seed",
        "31",
        "--preset",
        "continent",
        "--sea",
        "40%",
    ];
    // One file name in two folders: the map's name (the file name) is the same too.
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    fs::create_dir_all(&one).unwrap();
    fs::create_dir_all(&two).unwrap();
    let (a, b, c) = (one.join("w.ron"), two.join("w.ron"), one.join("other.ron"));
    generate(&a, &args);
    generate(&b, &args);
    let other: Vec<&str> = args
        .iter()
        .map(|&s| if s == "31" { "32" } else { s })
        .collect();
    generate(&c, &other);
    let (ta, tb, tc) = (
        fs::read(&a).unwrap(),
        fs::read(&b).unwrap(),
        fs::read(&c).unwrap(),
    );
    assert!(ta == tb, "same seed, same bytes");
    assert!(ta != tc, "another seed, another map");
    hexmap()
        .arg("validate")
        .args([&a, &c])
        .assert()
        .success()
        .stdout(predicate::str::contains("ok").count(2));
    let (map, _) = io::load(&a).unwrap();
    assert!(String::from_utf8(ta).unwrap().contains("version: 5,"));
    let layer = map
        .elevation_layer()
        .expect("a generated map has elevation");
    let sea = layer.values().iter().filter(|&&e| e < 0).count();
    let share = sea as f64 * 100.0 / map.cell_count() as f64;
    assert!((share - 40.0).abs() <= 5.0, "{share}% sea");
    // Below sea level is water, named so a reader can tell it.
    for h in map.shape().iter() {
        if map.elevation(h).unwrap() < 0 {
            let t = map.terrain(h).and_then(|t| map.palette().get(t)).unwrap();
            assert!(WATER_NAMES.contains(&t.name.as_str()), "{}", t.name);
            assert!(is_water(&map, h));
        }
    }
    assert!(map.edges().count() > 0, "rivers");
    assert!(!map.paths().is_empty(), "roads");
    assert!(!map.icons().is_empty() && !map.labels().is_empty());
    // The JSON export gives the elevation on every cell.
    let json = dir.path().join("w.json");
    hexmap()
        .args(["export", "--to", "json"])
        .args([&a, &json])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&fs::read(&json).unwrap()).unwrap();
    let cells = v["cells"].as_array().unwrap();
    assert_eq!(cells.len(), map.cell_count());
    assert!(cells.iter().all(|c| c["elevation"].is_i64()));
}

#[test]
fn options_turn_stages_off_and_count_settlements() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bare.ron");
    generate(
        &out,
        &[
            "--shape",
            "hexagon:16",
            "--orientation",
            "flat",
            "--seed",
            "5",
            "--preset",
            "highlands",
            "--settlements",
            "6",
            "--no-rivers",
            "--no-roads",
            "--form",
            "cube",
        ],
    );
    let (map, form) = io::load(&out).unwrap();
    assert_eq!(form, io::Form::Cube);
    assert_eq!(map.properties().orientation, hexmap::hex::Orientation::Flat);
    assert_eq!(map.edges().count(), 0, "no rivers");
    assert!(map.paths().is_empty(), "no roads");
    let captioned = map
        .icons()
        .iter()
        .flat_map(|(_, icons)| icons.iter())
        .filter(|i| i.caption.is_some())
        .count();
    assert_eq!(captioned, 6);
}

#[test]
fn more_settlements_than_the_land_holds_are_placed_as_far_as_it_goes_and_said() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("crowded.ron");
    let args = [
        "--shape",
        "rect:30x20",
        "--seed",
        "3",
        "--settlements",
        "5000",
    ];
    let run = hexmap()
        .arg("generate")
        .arg(&out)
        .args(args)
        .assert()
        .success();
    let stderr = String::from_utf8(run.get_output().stderr.clone()).unwrap();
    let (map, _) = io::load(&out).unwrap();
    let placed = map
        .icons()
        .iter()
        .flat_map(|(_, icons)| icons.iter())
        .filter(|i| i.caption.is_some())
        .count();
    assert!(
        placed > 3 && placed < 600,
        "{placed} settlements on 600 cells"
    );
    assert!(
        stderr.contains(&format!("5000 settlements asked for, {placed} placed")),
        "{stderr}"
    );
    // As many as the land holds: no warning.
    let fits = dir.path().join("fits.ron");
    let asked = placed.to_string();
    hexmap()
        .arg("generate")
        .arg(&fits)
        .args([
            "--shape",
            "rect:30x20",
            "--seed",
            "3",
            "--settlements",
            &asked,
        ])
        .assert()
        .success()
        .stderr(predicate::str::contains("asked for").not());
}

#[test]
fn an_existing_palette_is_painted_onto_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain.ron");
    hexmap()
        .args(["new", "--shape", "hexagon:2"])
        .arg(&plain)
        .assert()
        .success();
    let out = dir.path().join("onto.ron");
    hexmap()
        .arg("generate")
        .arg(&out)
        .args(["--shape", "hexagon:12", "--seed", "9", "--palette-from"])
        .arg(&plain)
        .assert()
        .success();
    let (before, _) = io::load(&plain).unwrap();
    let (map, _) = io::load(&out).unwrap();
    // The plain map's terrains keep their ids, names and symbols; the rest are added.
    for t in before.palette().terrains() {
        let kept = map.palette().get(t.id).unwrap();
        assert_eq!((&kept.name, kept.symbol), (&t.name, t.symbol));
    }
    let sea = before
        .palette()
        .terrains()
        .iter()
        .find(|t| t.name == "Sea")
        .unwrap()
        .id;
    assert!(map.shape().iter().any(|h| map.terrain(h) == Some(sea)));
    assert!(map.palette().len() > before.palette().len());
}

#[test]
fn bad_arguments_and_an_existing_file_are_refused_with_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("m.ron");
    generate(&out, &["--shape", "hexagon:4", "--seed", "1"]);
    hexmap()
        .arg("generate")
        .arg(&out)
        .args(["--shape", "hexagon:4", "--seed", "1"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("already exists (use --force"));
    hexmap()
        .arg("generate")
        .arg(&out)
        .args([
            "--shape",
            "hexagon:4",
            "--seed",
            "1",
            "--sea",
            "120",
            "--force",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a percentage from 0 to 100"));
    hexmap()
        .arg("generate")
        .arg(&out)
        .args([
            "--shape",
            "hexagon:4",
            "--seed",
            "1",
            "--preset",
            "volcano",
            "--force",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "island, continent, archipelago or highlands",
        ));
    // Out-of-range numbers are told back as typed, a minus sign included.
    for (flag, value, says) in [
        ("--sea", "-1", "\"-1\" is not a percentage from 0 to 100"),
        (
            "--lapse-rate",
            "-5",
            "\"-5\" is not a lapse rate from 0 to 20",
        ),
        (
            "--lapse-rate",
            "1e308",
            "\"1e308\" is not a lapse rate from 0 to 20",
        ),
        ("--lapse-rate", "NaN", "\"NaN\" is not a lapse rate"),
    ] {
        hexmap()
            .arg("generate")
            .arg(&out)
            .args([
                "--shape",
                "hexagon:4",
                "--seed",
                "1",
                flag,
                value,
                "--force",
            ])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
}

/// `new` and `generate` take the one `--name`/`--form` flag set: the same help lines, and
/// the same effect on the written file (the name, or the file name without `--name`; the
/// form).
#[test]
fn new_and_generate_share_the_name_and_form_flags() {
    let help = |command: &str| {
        let out = hexmap().args([command, "--help"]).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<String> = text
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("--name ") || l.starts_with("--form "))
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        lines
    };
    let want = [
        "--name <NAME> Map name (default: the file name without extension)",
        "--form <FORM> offset or cube [default: offset]",
    ];
    assert_eq!(help("new"), want);
    assert_eq!(help("generate"), want);

    let dir = tempfile::tempdir().unwrap();
    let (named, plain) = (dir.path().join("named.ron"), dir.path().join("plain.ron"));
    for command in [&["new"][..], &["generate", "--seed", "5"][..]] {
        for (out, extra) in [
            (&named, &["--name", "Saltmarsh", "--form", "cube"][..]),
            (&plain, &[][..]),
        ] {
            hexmap()
                .args(command)
                .args(["--shape", "hexagon:4", "--force"])
                .args(extra)
                .arg(out)
                .assert()
                .success();
        }
        let (map, form) = io::load(&named).unwrap();
        assert_eq!(
            (map.properties().name.as_str(), form),
            ("Saltmarsh", io::Form::Cube),
            "{command:?}"
        );
        let (map, form) = io::load(&plain).unwrap();
        assert_eq!(
            (map.properties().name.as_str(), form),
            ("plain", io::Form::Offset),
            "{command:?}"
        );
    }
}

/// Mountain range names read in a picture of a 120 × 80 world at 14 pixels a hex: large
/// (at least 1.4 hex sizes, about 20 pixels here), bold, and dark enough against the grey
/// of mountains (WCAG contrast at least 4.5); in the PNG, pixels that contrast that much
/// with the grey fill a fair share of each name's box (the old names: none at all, a
/// brown that blended into the grey inside a light halo).
#[test]
fn mountain_range_names_are_large_and_dark_enough_to_read_in_a_png() {
    let dir = tempfile::tempdir().unwrap();
    let (out, png) = (dir.path().join("w.ron"), dir.path().join("w.png"));
    let args = [
        "--shape",
        "rect:120x80",
        "--seed",
        "7",
        "--preset",
        "continent",
    ];
    generate(&out, &args);
    hexmap()
        .args(["export"])
        .arg(&out)
        .args(["--to", "png"])
        .arg(&png)
        .args(["--hex-pixels", "14"])
        .assert()
        .success();
    let (map, _) = io::load(&out).unwrap();
    let layout = map.layout().unwrap();
    let mountains = map
        .palette()
        .terrains()
        .iter()
        .find(|t| t.name == "Mountains")
        .map(|t| hexmap::draw::Colour::from(t.color))
        .expect("a Mountains terrain");
    let bytes = fs::read(&png).unwrap();
    let picture = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    let text = io::render::png_meta::read_text(&bytes, "hexmap-transform").unwrap();
    let t: serde_json::Value = serde_json::from_str(&text).unwrap();
    let (scale, ox, oy) = (
        t["scale"].as_f64().unwrap(),
        t["offset"][0].as_f64().unwrap(),
        t["offset"][1].as_f64().unwrap(),
    );
    let ranges: Vec<_> = map
        .labels()
        .iter()
        .filter(|(_, l)| l.text.ends_with(" Mountains"))
        .collect();
    assert!(!ranges.is_empty(), "the world has named ranges");
    for (_, label) in ranges {
        assert!(label.size >= 1.4 && label.bold, "{label:?}");
        let ink = hexmap::draw::Colour::from(label.color);
        let ratio = hexmap::draw::colour::contrast(ink, mountains);
        assert!(ratio >= 4.5, "{}: contrast {ratio:.2}", label.text);
        // The boxes of the name's texts in the picture (a curved name's glyph by glyph),
        // and the share of them the dark ink covers.
        let (mut inked, mut all) = (0, 0);
        for text in hexmap::draw::annotations::label_texts(label, &layout) {
            let b = hexmap::draw::text_box::TextBox::of(&text);
            let corners = b.corners(&text);
            let px = |x: f64, o: f64| (x * scale + o).round() as i64;
            let (x0, x1) = corners.iter().fold((i64::MAX, i64::MIN), |(a, b), p| {
                (a.min(px(p.x, ox)), b.max(px(p.x, ox)))
            });
            let (y0, y1) = corners.iter().fold((i64::MAX, i64::MIN), |(a, b), p| {
                (a.min(px(p.y, oy)), b.max(px(p.y, oy)))
            });
            assert!(
                b.height() * scale >= 18.0,
                "{}: {:.1} pixels high",
                label.text,
                b.height() * scale
            );
            for y in y0.max(0)..y1.min(i64::from(picture.height())) {
                for x in x0.max(0)..x1.min(i64::from(picture.width())) {
                    let p = picture.pixel(x as u32, y as u32).unwrap().demultiply();
                    let (r, g, b) = (p.red(), p.green(), p.blue());
                    all += 1;
                    // Ink that stands out from the grey (the light halo does not count).
                    let c = hexmap::draw::Colour::rgb(r, g, b);
                    if c.luminance() < mountains.luminance()
                        && hexmap::draw::colour::contrast(c, mountains) >= 4.5
                    {
                        inked += 1;
                    }
                }
            }
        }
        let share = f64::from(inked) / f64::from(all.max(1));
        assert!(
            share >= 0.1,
            "{}: ink covers {:.1}% of its box",
            label.text,
            share * 100.0
        );
    }
}

/// Mean of a climate layer over the map's land cells in offset rows `rows`.
fn land_mean(
    map: &hexmap::map::HexMap,
    kind: hexmap::map::ClimateKind,
    rows: std::ops::Range<i32>,
) -> f64 {
    let offset = map.properties().offset_kind;
    let layer = map.climate_layer(kind).expect("the layer");
    let picked: Vec<f64> = map
        .shape()
        .iter()
        .enumerate()
        .filter(|&(_, h)| rows.contains(&offset.from_hex(h).row) && !is_water(map, h))
        .map(|(i, _)| f64::from(layer.values()[i]))
        .collect();
    picked.iter().sum::<f64>() / picked.len().max(1) as f64
}

#[test]
fn latitudes_lapse_rate_and_wind_shape_the_climate_layers_in_the_file_and_its_json() {
    use hexmap::map::ClimateKind;
    let dir = tempfile::tempdir().unwrap();
    let north = dir.path().join("north.ron");
    let south = dir.path().join("south.ron");
    let common = [
        "--shape",
        "rect:60x40",
        "--seed",
        "5",
        "--preset",
        "continent",
    ];
    generate(&north, &[&common[..], &["--latitudes", "70N,10N"]].concat());
    generate(
        &south,
        &[
            &common[..],
            &[
                "--latitudes",
                "10S,70S",
                "--wind",
                "east",
                "--lapse-rate",
                "9",
            ],
        ]
        .concat(),
    );
    let (n, _) = io::load(&north).unwrap();
    let (s, _) = io::load(&south).unwrap();
    // In the north the top edge is the cold one; in the south the bottom edge.
    let t = ClimateKind::Temperature;
    assert!(land_mean(&n, t, 0..8) + 15.0 < land_mean(&n, t, 32..40));
    assert!(land_mean(&s, t, 32..40) + 15.0 < land_mean(&s, t, 0..8));
    // Another wind moves the moisture: the same land gets other values.
    assert_ne!(
        n.climate_layer(ClimateKind::Moisture),
        s.climate_layer(ClimateKind::Moisture)
    );
    // The JSON export carries both on every cell.
    let json = dir.path().join("north.json");
    hexmap()
        .args(["export"])
        .arg(&north)
        .args(["--to", "json"])
        .arg(&json)
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&fs::read(&json).unwrap()).unwrap();
    let cells = v["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 2400);
    assert!(
        cells
            .iter()
            .all(|c| c["temperature"].is_i64()
                && (0..=100).contains(&c["moisture"].as_i64().unwrap()))
    );
    // A latitude off the globe is refused with what is wrong.
    hexmap()
        .arg("generate")
        .arg(dir.path().join("bad.ron"))
        .args(common)
        .args(["--latitudes", "95N,10N"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "\"95N\" is not a latitude from 90S to 90N",
        ));
}

#[test]
fn a_named_latitude_span_gives_the_same_world_as_its_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let common = ["--shape", "rect:40x30", "--seed", "3", "--preset", "island"];
    // The same file name in three folders: a map is named after its file.
    let world = |folder: &str, extra: &[&str]| {
        fs::create_dir(dir.path().join(folder)).unwrap();
        let out = dir.path().join(folder).join("world.ron");
        generate(&out, &[&common[..], extra].concat());
        fs::read_to_string(&out).unwrap()
    };
    let named = world("named", &["--latitudes", "Tropics"]);
    let numbers = world("numbers", &["--latitudes", "20N,20S"]);
    let default = world("default", &[]);
    assert!(named == numbers, "the tropics are 20N,20S");
    assert!(named != default, "the tropics are not the default span");
    // A name that is not a span is refused with the names that are.
    hexmap()
        .arg("generate")
        .arg(dir.path().join("bad.ron"))
        .args(common)
        .args(["--latitudes", "polar"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "\"polar\": give the top and bottom edges",
        ))
        .stderr(predicate::str::contains("arctic, boreal, mid-latitudes"));
}
