//! The legend in exported pictures: in the PNG it lands in the chosen corner (and nowhere
//! else changes), in the SVG its names are text, and `hexmap export --legend CORNER` draws
//! it while a bad corner is refused with a message naming it; a user-image icon shows its
//! picture in the legend of the PNG, the SVG (librsvg) and the PDF (poppler).

use assert_cmd::Command;
use hexmap::draw::legend::LegendPlace;
use hexmap::hex::{Direction, Edge, OffsetCoord, OffsetKind};
use hexmap::io::format::{self, WriteJob, WriteOptions};
use hexmap::map::testing::TestMap;
use hexmap::map::{
    BuiltinIcon, Corner, EdgeTypeId, HexMap, Icon, Palette, TerrainId, ViewSettings,
};

/// A 30 × 20 pointy map of two terrains with a river side and a castle.
fn map() -> HexMap {
    let mut m = TestMap::rectangle(OffsetKind::OddR, 30, 20)
        .named("legend")
        .hex_size(10.0)
        .build();
    let at = |c, r| OffsetKind::OddR.to_hex(OffsetCoord::new(c, r));
    for r in 0..20 {
        for c in 0..30 {
            m.set_terrain(at(c, r), TerrainId::new(if c < 15 { 2 } else { 3 }))
                .unwrap();
        }
    }
    m.set_edge(
        Edge::new(at(5, 5), Direction::from_index(0)),
        EdgeTypeId::new(1),
    )
    .unwrap();
    m.set_icons(at(8, 8), vec![Icon::builtin(BuiltinIcon::Castle)])
        .unwrap();
    m
}

fn png(m: &HexMap, legend: Option<Corner>) -> tiny_skia::Pixmap {
    let opts = WriteOptions {
        legend: legend.map(LegendPlace::Over),
        ..WriteOptions::default()
    };
    let w = format::by_name("png")
        .unwrap()
        .write(WriteJob::new(m, &opts, "m.png", &mut |_| {}))
        .unwrap();
    tiny_skia::Pixmap::decode_png(&w.main).unwrap()
}

/// The box (min x, min y, max x, max y) of the pixels that differ between two pictures.
fn changed_box(a: &tiny_skia::Pixmap, b: &tiny_skia::Pixmap) -> Option<(u32, u32, u32, u32)> {
    assert_eq!((a.width(), a.height()), (b.width(), b.height()));
    let mut found: Option<(u32, u32, u32, u32)> = None;
    for y in 0..a.height() {
        for x in 0..a.width() {
            if a.pixel(x, y) != b.pixel(x, y) {
                found = Some(match found {
                    None => (x, y, x, y),
                    Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
                });
            }
        }
    }
    found
}

#[test]
fn the_png_legend_lands_in_the_chosen_corner() {
    let m = map();
    let plain = png(&m, None);
    let (w, h) = (plain.width(), plain.height());
    for corner in Corner::ALL {
        let with = png(&m, Some(corner));
        let (x0, y0, x1, y1) = changed_box(&plain, &with).expect("the legend is drawn");
        let (bw, bh) = (x1 - x0, y1 - y0);
        assert!(
            bw > 60 && bh > 60,
            "{corner}: a box of a few rows ({bw} × {bh})"
        );
        assert!(bw < w / 2 && bh < h / 2, "{corner}: in one quarter");
        let near = |gap: u32| gap <= 12;
        match corner {
            Corner::TopLeft => assert!(near(x0) && near(y0), "{corner}: {x0},{y0}"),
            Corner::TopRight => assert!(near(w - 1 - x1) && near(y0), "{corner}: {x1},{y0}"),
            Corner::BottomLeft => assert!(near(x0) && near(h - 1 - y1), "{corner}: {x0},{y1}"),
            Corner::BottomRight => {
                assert!(near(w - 1 - x1) && near(h - 1 - y1), "{corner}: {x1},{y1}")
            }
        }
    }
}

#[test]
fn the_svg_legend_names_the_used_types_as_text() {
    let m = map();
    let opts = WriteOptions {
        legend: Some(LegendPlace::Over(Corner::TopLeft)),
        ..WriteOptions::default()
    };
    let w = format::by_name("svg")
        .unwrap()
        .write(WriteJob::new(&m, &opts, "m.svg", &mut |_| {}))
        .unwrap();
    let svg = String::from_utf8(w.main).unwrap();
    let terrain = |id| {
        m.palette()
            .get(TerrainId::new(id).unwrap())
            .unwrap()
            .name
            .clone()
    };
    let river = m.edge_palette().types()[0].name.clone();
    for name in [terrain(2), terrain(3), river, "Castle".to_owned()] {
        assert!(
            svg.contains(&format!(">{name}</text>")),
            "{name} in the SVG"
        );
    }
    // A terrain of the palette the map does not use is left out.
    let unused = terrain(5);
    assert!(
        !svg.contains(&format!(">{unused}</text>")),
        "{unused} is unused"
    );
}

#[test]
fn export_takes_a_legend_corner_and_the_maps_own_setting() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("m.ron");
    let mut m = map();
    hexmap::io::save(&src, &m, hexmap::io::Form::Offset).unwrap();
    let out = dir.path().join("m.svg");
    let export = |extra: &[&str]| {
        let mut c = Command::cargo_bin("hexmap").unwrap();
        c.arg("export")
            .arg(&src)
            .args(["--to", "svg", "--force"])
            .arg(&out)
            .args(extra);
        c.output().unwrap()
    };
    let o = export(&["--legend", "bottom-left"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .contains(">Legend</text>")
    );

    let o = export(&[]);
    assert!(o.status.success());
    assert!(
        !std::fs::read_to_string(&out)
            .unwrap()
            .contains(">Legend</text>")
    );

    let o = export(&["--legend", "middle"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("middle") && err.contains("top-left"), "{err}");

    // A map whose view settings ask for a legend gets one without the option.
    m.set_view(ViewSettings {
        legend: Some(Corner::TopRight),
        ..ViewSettings::default()
    });
    hexmap::io::save(&src, &m, hexmap::io::Form::Offset).unwrap();
    let o = export(&[]);
    assert!(o.status.success());
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .contains(">Legend</text>")
    );
}

#[test]
fn view_settings_survive_save_and_load_and_a_bad_corner_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let mut m = map();
    let view = ViewSettings {
        legend: Some(Corner::BottomLeft),
        note_captions: true,
    };
    m.set_view(view);
    for form in [hexmap::io::Form::Offset, hexmap::io::Form::Cube] {
        let path = dir.path().join(format!("{form:?}.ron"));
        hexmap::io::save(&path, &m, form).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("view: (legend: Some(\"bottom-left\"), note_captions: true)"));
        let (back, _) = hexmap::io::load(&path).unwrap();
        assert_eq!(back.view(), view, "{form:?}");
        assert_eq!(back, m, "{form:?}");
        // A file without view settings (every file before them) loads with the defaults.
        let old = text.replace(
            "    view: (legend: Some(\"bottom-left\"), note_captions: true),\n",
            "",
        );
        let (back, _) = hexmap::io::from_str(&old).unwrap();
        assert_eq!(back.view(), ViewSettings::default());
        let bad = text.replace("bottom-left", "centre");
        let err = hexmap::io::from_str(&bad).unwrap_err().to_string();
        assert!(
            err.contains("view.legend") && err.contains("centre"),
            "{err}"
        );
    }
    // Default settings are not written at all.
    m.set_view(ViewSettings::default());
    let path = dir.path().join("plain.ron");
    hexmap::io::save(&path, &m, hexmap::io::Form::Offset).unwrap();
    assert!(!std::fs::read_to_string(&path).unwrap().contains("view:"));
}

/// `pdftotext`'s reading of a PDF, or `None` when poppler is missing (an error under CI).
fn pdf_text(pdf: &std::path::Path) -> Option<String> {
    let Ok(out) = std::process::Command::new("pdftotext")
        .arg(pdf)
        .arg("-")
        .output()
    else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "pdftotext (apt package poppler-utils) is required under CI"
        );
        eprintln!("SKIPPED: poppler-utils is not installed");
        return None;
    };
    assert!(out.status.success());
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn the_pdf_legend_is_text_on_the_poster_and_on_the_first_board_page() {
    let m = map();
    let dir = tempfile::tempdir().unwrap();
    let pdf = format::by_name("pdf").unwrap();
    let castle = "Castle".to_owned();
    for poster in [true, false] {
        let mut opts = WriteOptions {
            legend: Some(LegendPlace::Over(Corner::TopLeft)),
            ..WriteOptions::default()
        };
        opts.print.poster = poster;
        opts.print.hex_size = "25mm".parse().unwrap();
        let path = dir.path().join(format!("m-{poster}.pdf"));
        format::write_path(&m, None, pdf, &opts, &path, &mut |_| {}).unwrap();
        let Some(text) = pdf_text(&path) else {
            return;
        };
        for want in ["Legend", castle.as_str()] {
            assert!(
                text.contains(want),
                "poster {poster}: no {want:?} in\n{text}"
            );
        }
        // Without the option, no legend.
        opts.legend = None;
        format::write_path(&m, None, pdf, &opts, &path, &mut |_| {}).unwrap();
        let text = pdf_text(&path).unwrap();
        assert!(!text.contains("Legend"), "poster {poster}: {text}");
    }
}

/// Which of the three outside renderers a picture goes through.
#[derive(Clone, Copy, Debug)]
enum Rendered {
    /// hexmap's PNG, decoded.
    Png,
    /// hexmap's SVG drawn by librsvg (`rsvg-convert`).
    Svg,
    /// hexmap's one-page PDF drawn by poppler (`pdftoppm`).
    Pdf,
}

/// `m` exported as `kind` with `opts` and rasterised by that format's real consumer, or
/// `None` when the consumer is not installed (an error under CI).
fn rendered(
    m: &HexMap,
    opts: &WriteOptions,
    kind: Rendered,
    dir: &std::path::Path,
) -> Option<tiny_skia::Pixmap> {
    let tool_missing = |tool: &str, package: &str| {
        assert!(
            std::env::var_os("CI").is_none(),
            "{tool} (apt package {package}) is required under CI"
        );
        eprintln!("SKIPPED: {tool} is not installed");
        None
    };
    let (name, ext) = match kind {
        Rendered::Png => ("png", "png"),
        Rendered::Svg => ("svg", "svg"),
        Rendered::Pdf => ("pdf", "pdf"),
    };
    let file = dir.join(format!("picture.{ext}"));
    format::write_path(
        m,
        None,
        format::by_name(name).unwrap(),
        opts,
        &file,
        &mut |_| {},
    )
    .unwrap();
    let png = dir.join("rendered.png");
    let run = |c: &mut std::process::Command| c.output();
    let out = match kind {
        Rendered::Png => return Some(tiny_skia::Pixmap::load_png(&file).unwrap()),
        Rendered::Svg => run(std::process::Command::new("rsvg-convert")
            .arg("-o")
            .arg(&png)
            .arg(&file)),
        Rendered::Pdf => run(std::process::Command::new("pdftoppm")
            .args(["-r", "150", "-png", "-singlefile"])
            .arg(&file)
            .arg(dir.join("rendered"))),
    };
    match out {
        Err(_) if matches!(kind, Rendered::Svg) => tool_missing("rsvg-convert", "librsvg2-bin"),
        Err(_) => tool_missing("pdftoppm", "poppler-utils"),
        Ok(o) => {
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            Some(tiny_skia::Pixmap::load_png(&png).unwrap())
        }
    }
}

/// How many pixels of `p` are close to `rgb`.
fn pixels_near(p: &tiny_skia::Pixmap, rgb: [u8; 3]) -> usize {
    p.pixels()
        .iter()
        .filter(|px| {
            let c = px.demultiply();
            [c.red(), c.green(), c.blue()]
                .iter()
                .zip(rgb)
                .all(|(&a, b)| a.abs_diff(b) < 40)
        })
        .count()
}

/// A user-image icon shows its own picture in the legend of the PNG, the SVG (as librsvg
/// draws it) and the PDF (as poppler draws it), not the generic picture sign: turning the
/// legend on adds pixels of the image's colour, which appears nowhere else on the map.
#[test]
fn a_user_image_icon_shows_its_picture_in_every_legend() {
    use hexmap::draw::{ImageSet, RgbaImage};
    use hexmap::map::IconSource;
    const MAGENTA: [u8; 3] = [230, 0, 230];
    let mut m = map();
    let at = OffsetKind::OddR.to_hex(OffsetCoord::new(20, 12));
    let mark = Icon {
        gm_only: false,
        source: IconSource::Image("art/mark.png".into()),
        ..Icon::builtin(BuiltinIcon::Star)
    };
    m.set_icons(at, vec![mark]).unwrap();
    let mut images = ImageSet::new();
    let pixels = [MAGENTA[0], MAGENTA[1], MAGENTA[2], 255].repeat(16);
    images.insert("art/mark.png", RgbaImage::new(4, 4, pixels).unwrap());
    let dir = tempfile::tempdir().unwrap();
    for kind in [Rendered::Png, Rendered::Svg, Rendered::Pdf] {
        let mut opts = WriteOptions {
            images: Some(std::sync::Arc::new(images.clone())),
            ..WriteOptions::default()
        };
        opts.print.poster = true;
        opts.print.hex_size = "8mm".parse().unwrap();
        let Some(without) = rendered(&m, &opts, kind, dir.path()) else {
            continue;
        };
        opts.legend = Some(LegendPlace::Over(Corner::TopLeft));
        let with = rendered(&m, &opts, kind, dir.path()).unwrap();
        let (on_map, in_both) = (pixels_near(&without, MAGENTA), pixels_near(&with, MAGENTA));
        assert!(on_map > 20, "{kind:?}: the icon on its hex ({on_map} px)");
        // The legend's swatch is 16 legend pixels across (4 mm on paper, 24 px at 150 dpi).
        assert!(
            in_both >= on_map + 100,
            "{kind:?}: the legend shows the picture ({on_map} px on the map, {in_both} with the legend)"
        );
    }
}

/// A terrain with tile art shows its art in the legend's swatch, not a flat
/// colour, in the PNG, the SVG (as librsvg draws it) and the PDF (as poppler draws it):
/// turning the legend on adds pixels of the art's colour, which the terrain's own colour
/// is far from.
#[test]
fn a_terrain_with_tile_art_shows_its_art_in_every_legend() {
    use hexmap::draw::{ImageSet, RgbaImage};
    use hexmap::map::TileArt;
    const ORANGE: [u8; 3] = [250, 140, 0];
    let mut m = map();
    let mut terrains = m.palette().terrains().to_vec();
    let grass = terrains.iter_mut().find(|t| t.id.get() == 2).unwrap();
    grass.art = TileArt {
        images: vec!["art/orange.png".into()],
        tint: false,
    };
    m.set_palette(Palette::new(terrains).unwrap());
    let mut images = ImageSet::new();
    let pixels = [ORANGE[0], ORANGE[1], ORANGE[2], 255].repeat(16);
    images.insert("art/orange.png", RgbaImage::new(4, 4, pixels).unwrap());
    let dir = tempfile::tempdir().unwrap();
    for kind in [Rendered::Png, Rendered::Svg, Rendered::Pdf] {
        let mut opts = WriteOptions {
            images: Some(std::sync::Arc::new(images.clone())),
            ..WriteOptions::default()
        };
        opts.print.poster = true;
        opts.print.hex_size = "8mm".parse().unwrap();
        let Some(without) = rendered(&m, &opts, kind, dir.path()) else {
            continue;
        };
        // Over the right half, whose terrain has no art (and on the PDF's one page).
        opts.legend = Some(LegendPlace::Over(Corner::TopRight));
        let with = rendered(&m, &opts, kind, dir.path()).unwrap();
        let (on_map, in_both) = (pixels_near(&without, ORANGE), pixels_near(&with, ORANGE));
        assert!(on_map > 100, "{kind:?}: the art on its hexes ({on_map} px)");
        // The swatch is a hexagon 16 legend pixels across: well over 100 picture pixels.
        assert!(
            in_both >= on_map + 100,
            "{kind:?}: the legend shows the art ({on_map} px on the map, {in_both} with the legend)"
        );
    }
}

/// The text of every `<text>` element of an SVG, in order.
fn svg_texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is XML");
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            n.descendants()
                .filter(|t| t.is_text())
                .filter_map(|t| t.text())
                .collect::<String>()
        })
        .collect()
}

#[test]
fn export_tint_draws_the_tint_and_its_legend_headed_by_the_property() {
    let dir = tempfile::tempdir().unwrap();
    let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join("wargame-river-crossing.ron");
    let export = |out: &str, extra: &[&str]| {
        let path = dir.path().join(out);
        let assert = Command::cargo_bin("hexmap")
            .unwrap()
            .arg("export")
            .arg(&sample)
            .arg("--to")
            .arg(path.extension().unwrap())
            .arg(&path)
            .args(extra)
            .assert();
        (path, assert)
    };
    let (plain, a) = export("plain.svg", &[]);
    a.success();
    let (tinted, a) = export("tinted.svg", &["--tint", "side"]);
    a.success();
    let plain_texts = svg_texts(&std::fs::read_to_string(&plain).unwrap());
    let texts = svg_texts(&std::fs::read_to_string(&tinted).unwrap());
    // The legend: the property's name over its two values, the default said.
    for t in ["side", "Blue (default)", "Red"] {
        assert!(texts.iter().any(|x| x == t), "{t} in {texts:?}");
        assert!(!plain_texts.iter().any(|x| x == t), "{t} only with --tint");
    }
    // librsvg draws it, and the tinted picture differs from the plain one.
    for svg in [&plain, &tinted] {
        let png = svg.with_extension("png");
        let status = std::process::Command::new("rsvg-convert")
            .arg(svg)
            .arg("-o")
            .arg(&png)
            .status()
            .expect("rsvg-convert runs");
        assert!(status.success());
    }
    assert_ne!(
        std::fs::read(plain.with_extension("png")).unwrap(),
        std::fs::read(tinted.with_extension("png")).unwrap()
    );
    // A PNG takes it too.
    let (_, a) = export("points.png", &["--tint", "victory points"]);
    a.success();
    // What cannot be tinted is refused, saying why.
    let (_, a) = export("bad.svg", &["--tint", "morale"]);
    a.failure().stderr(predicates::str::contains(
        "--tint morale: the map declares no property \"morale\"; it has: side, victory points",
    ));
    let (_, a) = export("bad.pdf", &["--tint", "side"]);
    a.failure().stderr(predicates::str::contains(
        "--tint is for png and svg, not pdf",
    ));
    // A GM-only property tints the GM's picture, never the players'.
    let text = std::fs::read_to_string(&sample).unwrap();
    let secret = text.replace(
        r#"(name: "victory points", kind: Int, default: 0)"#,
        r#"(name: "victory points", kind: Int, default: 0, gm_only: true)"#,
    );
    assert_ne!(secret, text);
    let secret_map = dir.path().join("secret.ron");
    std::fs::write(&secret_map, secret).unwrap();
    let run = |out: &str, players: bool| {
        let mut cmd = Command::cargo_bin("hexmap").unwrap();
        cmd.arg("export")
            .arg(&secret_map)
            .args(["--to", "svg"])
            .arg(dir.path().join(out))
            .args(["--tint", "victory points"]);
        if players {
            cmd.arg("--player-view");
        }
        cmd.assert()
    };
    run("gm.svg", false).success();
    run("players.svg", true)
        .failure()
        .stderr(predicates::str::contains(
            "--tint victory points: the property is the GM's only",
        ));
    assert!(!dir.path().join("players.svg").exists());
}
