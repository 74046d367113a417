//! The scale bar in every picture, measured as the real consumers draw it: the
//! hexcrawl sample (6 mi per hex) exported by the `hexmap` binary, its PDF rendered by
//! poppler (`pdftoppm -r 300`, the label read back with `pdftotext`), its SVG by librsvg
//! (`rsvg-convert`) and its PNG decoded as is. The bar is the longest run of black pixels;
//! its length must be the label's distance at the picture's scale: on paper, D / 6 hexes
//! × the hex size (the distance between neighbouring hex centres); in a picture, the same
//! in world units × the picture's stated world → pixel scale. `--no-scale-bar`, and a map
//! without a scale, give no bar. Skipped when a tool is missing, except under CI=true.

use hexmap::draw::print::flat_to_flat;
use hexmap::io::render::png_meta;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn hexcrawl() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron")
}

/// Run `hexmap export MAP --to FORMAT OUT ARGS…`; panics with its stderr on failure.
fn export(map: &Path, format: &str, out: &Path, args: &[&str]) -> Output {
    let o = Command::new(env!("CARGO_BIN_EXE_hexmap"))
        .arg("export")
        .arg(map)
        .args(["--to", format])
        .arg(out)
        .args(args)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "export {format} {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

/// Whether `tool` runs; under CI it must.
fn have(tool: &str) -> bool {
    let ok = Command::new(tool).arg("-v").output().is_ok();
    if !ok {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{tool} is required under CI (poppler-utils, librsvg2-bin)"
        );
        eprintln!("SKIPPED: {tool} is not installed");
    }
    ok
}

/// The longest horizontal run of opaque black pixels: (length in px, first x, row).
fn longest_black_run(img: &tiny_skia::Pixmap) -> (u32, u32, u32) {
    let mut best = (0, 0, 0);
    for y in 0..img.height() {
        let mut run = 0;
        for x in 0..img.width() {
            let p = img.pixel(x, y).unwrap();
            let black = p.alpha() >= 250 && p.red() <= 20 && p.green() <= 20 && p.blue() <= 20;
            run = if black { run + 1 } else { 0 };
            if run > best.0 {
                best = (run, x + 1 - run, y);
            }
        }
    }
    best
}

/// The bar's distance in miles from a label such as "20 mi" in `text`.
fn miles_in(text: &str) -> f64 {
    let words: Vec<&str> = text.split_whitespace().collect();
    words
        .windows(2)
        .find(|w| w[1] == "mi" || w[1].starts_with("mi<"))
        .and_then(|w| w[0].rsplit('>').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no \"N mi\" label in {text:.400}"))
}

/// The hexcrawl's distance between neighbouring hex centres in world units.
fn hex_world() -> f64 {
    let (map, _) = hexmap::io::load(&hexcrawl()).unwrap();
    flat_to_flat(&map.layout().unwrap())
}

/// Render `pdf`'s first page at 300 dpi.
fn pdf_page(pdf: &Path) -> tiny_skia::Pixmap {
    let stem = pdf.with_file_name("page");
    let o = Command::new("pdftoppm")
        .args(["-r", "300", "-f", "1", "-l", "1", "-singlefile", "-png"])
        .arg(pdf)
        .arg(&stem)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    tiny_skia::Pixmap::load_png(pdf.with_file_name("page.png")).unwrap()
}

#[test]
fn the_pdf_bar_is_its_distance_at_the_prints_hex_size() {
    if !(have("pdftoppm") && have("pdftotext")) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("hexcrawl.pdf");
    let hex_mm = 10.0;
    export(&hexcrawl(), "pdf", &pdf, &["--hex-size", "10mm"]);
    let text = Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
        .unwrap();
    let miles = miles_in(&String::from_utf8_lossy(&text.stdout));
    // D miles are D / 6 hexes, each the hex size from its neighbour's centre.
    let want_mm = miles / 6.0 * hex_mm;
    let want_px = want_mm * 300.0 / 25.4;
    let page = pdf_page(&pdf);
    let (len, x, y) = longest_black_run(&page);
    assert!(
        (f64::from(len) - want_px).abs() <= 2.0,
        "bar {len} px at ({x}, {y}); {miles} mi at {hex_mm} mm per 6 mi is {want_mm:.2} mm = {want_px:.1} px"
    );
    // Bottom-left of the page.
    assert!(x < page.width() / 2 && y > page.height() / 2, "({x}, {y})");
}

/// librsvg's rendering of `svg`, written to `png` and decoded.
fn rsvg(svg: &Path, png: &Path) -> tiny_skia::Pixmap {
    let o = Command::new("rsvg-convert")
        .arg("-o")
        .arg(png)
        .arg(svg)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    tiny_skia::Pixmap::load_png(png).unwrap()
}

/// The world → pixel scale an SVG states in its attributes.
fn svg_scale(svg: &str) -> f64 {
    let at = svg.find("data-hexmap-scale=\"").unwrap() + "data-hexmap-scale=\"".len();
    svg[at..].split('"').next().unwrap().parse().unwrap()
}

#[test]
fn the_svg_and_png_bars_are_their_distance_at_the_pictures_scale() {
    if !have("rsvg-convert") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (svg, drawn) = (dir.path().join("m.svg"), dir.path().join("m-svg.png"));
    export(&hexcrawl(), "svg", &svg, &["--hex-pixels", "30"]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let miles = miles_in(&text);
    let want = miles / 6.0 * hex_world() * svg_scale(&text);
    let img = rsvg(&svg, &drawn);
    let (len, x, y) = longest_black_run(&img);
    assert!(
        (f64::from(len) - want).abs() <= 2.0,
        "SVG bar {len} px at ({x}, {y}), want {want:.1} ({miles} mi)"
    );
    assert!(x < img.width() / 2 && y > img.height() / 2, "({x}, {y})");

    // The PNG of the same options has the same frame: its bar is as long, at the scale
    // its tEXt chunk states.
    let png = dir.path().join("m.png");
    export(&hexcrawl(), "png", &png, &["--hex-pixels", "30"]);
    let bytes = std::fs::read(&png).unwrap();
    let meta = png_meta::read_text(&bytes, png_meta::TRANSFORM_KEY).unwrap();
    let scale: f64 = meta
        .split("\"scale\":")
        .nth(1)
        .and_then(|s| s.split(',').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{meta}"));
    let want = miles / 6.0 * hex_world() * scale;
    let img = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    let (len, x, y) = longest_black_run(&img);
    assert!(
        (f64::from(len) - want).abs() <= 2.0,
        "PNG bar {len} px at ({x}, {y}), want {want:.1}"
    );
}

/// A pointy odd-r 10×8 map of grass and sea in diagonal bands, 6 mi per hex, without
/// tile art, saved as `dir/banded.ron`.
fn banded_map(dir: &Path) -> PathBuf {
    use hexmap::hex::OffsetKind;
    use hexmap::map::{Document, Edit, MapEdit, MapScale};
    let mut map = hexmap::map::testing::TestMap::rectangle(OffsetKind::OddR, 10, 8)
        .named("banded")
        .offset_kind(OffsetKind::OddR)
        .build();
    let (sea, grass) = (
        map.palette().terrains()[0].id,
        map.palette().terrains()[1].id,
    );
    for h in map.shape().iter().collect::<Vec<_>>() {
        let t = if (h.q + 2 * h.r).rem_euclid(4) < 2 {
            sea
        } else {
            grass
        };
        map.set_terrain(h, Some(t)).unwrap();
    }
    let mut doc = Document::new(map);
    doc.apply(&Edit::Map(MapEdit::SetScale(Some(
        MapScale::new(6.0, "mi").unwrap(),
    ))))
    .unwrap();
    let file = dir.join("banded.ron");
    hexmap::io::save(&file, doc.map(), hexmap::io::Form::Offset).unwrap();
    file
}

/// Checks a picture of the banded map (`img`, drawn with world → pixel `(scale, dx, dy)`):
/// every hex centre shows its terrain's colour, and every black pixel (the bar, its ticks
/// and label) lies below the bottom of the hexes.
fn bar_beside_the_map(
    map_file: &Path,
    img: &tiny_skia::Pixmap,
    (scale, dx, dy): (f64, f64, f64),
    what: &str,
) {
    let (map, _) = hexmap::io::load(map_file).unwrap();
    let layout = map.layout().unwrap();
    let px = |p: hexmap::hex::Point| (p.x * scale + dx, p.y * scale + dy);
    let mut bottom = f64::MIN;
    let mut wrong = Vec::new();
    for h in map.shape().iter() {
        for c in layout.corners(h) {
            bottom = bottom.max(px(c).1);
        }
        let t = map.palette().get(map.terrain(h).unwrap()).unwrap();
        let [r, g, b] = t.color.0;
        let (x, y) = px(layout.hex_to_pixel(h));
        let p = img.pixel(x as u32, y as u32).unwrap().demultiply();
        let got = [p.red(), p.green(), p.blue(), p.alpha()];
        if got
            .iter()
            .zip([r, g, b, 255])
            .any(|(a, b)| a.abs_diff(b) > 2)
        {
            wrong.push(format!(
                "{h:?} at ({x:.0}, {y:.0}): {got:?}, not {} {:?}",
                t.name, t.color.0
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{what}: hex centres not their terrain colour:\n{}",
        wrong.join("\n")
    );
    let mut black_top = u32::MAX;
    for y in 0..img.height() {
        for x in 0..img.width() {
            let p = img.pixel(x, y).unwrap();
            if p.alpha() >= 250 && p.red() <= 20 && p.green() <= 20 && p.blue() <= 20 {
                black_top = black_top.min(y);
            }
        }
    }
    assert!(black_top < img.height(), "{what}: a bar is drawn");
    assert!(
        f64::from(black_top) > bottom,
        "{what}: the bar's ink starts at row {black_top}, inside the map (its hexes end at {bottom:.1})"
    );
}

#[test]
fn the_png_and_svg_bars_sit_under_the_map_and_cover_no_hex() {
    let dir = tempfile::tempdir().unwrap();
    let map = banded_map(dir.path());
    let png = dir.path().join("banded.png");
    export(&map, "png", &png, &["--hex-pixels", "24"]);
    let bytes = std::fs::read(&png).unwrap();
    let meta: serde_json::Value =
        serde_json::from_str(&png_meta::read_text(&bytes, png_meta::TRANSFORM_KEY).unwrap())
            .unwrap();
    let transform = (
        meta["scale"].as_f64().unwrap(),
        meta["offset"][0].as_f64().unwrap(),
        meta["offset"][1].as_f64().unwrap(),
    );
    let img = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    bar_beside_the_map(&map, &img, transform, "PNG");
    // With the legend beside the map the bar still goes under it.
    let with_legend = dir.path().join("legend.png");
    export(
        &map,
        "png",
        &with_legend,
        &["--hex-pixels", "24", "--legend", "right"],
    );
    let img = tiny_skia::Pixmap::load_png(&with_legend).unwrap();
    bar_beside_the_map(&map, &img, transform, "PNG with a legend on the right");

    if !have("rsvg-convert") {
        return;
    }
    let svg = dir.path().join("banded.svg");
    export(&map, "svg", &svg, &["--hex-pixels", "24"]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let attr = |name: &str| -> f64 {
        let at = text.find(&format!("{name}=\"")).expect(name) + name.len() + 2;
        text[at..].split('"').next().unwrap().parse().unwrap()
    };
    let transform = (
        attr("data-hexmap-scale"),
        attr("data-hexmap-offset-x"),
        attr("data-hexmap-offset-y"),
    );
    let drawn = dir.path().join("banded-svg.png");
    let img = rsvg(&svg, &drawn);
    bar_beside_the_map(&map, &img, transform, "SVG (librsvg)");
}

#[test]
fn no_scale_bar_and_a_map_without_scale_draw_none() {
    let dir = tempfile::tempdir().unwrap();
    let with = dir.path().join("with.png");
    export(&hexcrawl(), "png", &with, &["--hex-pixels", "30"]);
    let bar = longest_black_run(&tiny_skia::Pixmap::load_png(&with).unwrap()).0;
    let without = dir.path().join("without.png");
    export(
        &hexcrawl(),
        "png",
        &without,
        &["--hex-pixels", "30", "--no-scale-bar"],
    );
    let rest = longest_black_run(&tiny_skia::Pixmap::load_png(&without).unwrap()).0;
    assert!(rest * 4 < bar, "bar {bar} px, left {rest} px without it");

    // The same map without its scale line: no bar even when asked, and a warning saying
    // how to set one; the export still succeeds.
    let text = std::fs::read_to_string(hexcrawl()).unwrap();
    let unscaled: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("scale:"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(unscaled, text);
    let map = dir.path().join("unscaled.ron");
    std::fs::write(&map, unscaled).unwrap();
    let out = dir.path().join("unscaled.png");
    let o = export(&map, "png", &out, &["--hex-pixels", "30", "--scale-bar"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("warning") && err.contains("has no scale") && err.contains("Map scale"),
        "{err}"
    );
    let rest = longest_black_run(&tiny_skia::Pixmap::load_png(&out).unwrap()).0;
    assert!(
        rest * 4 < bar,
        "bar {bar} px, {rest} px on a map without scale"
    );
    // By default (no flag) there is no warning.
    let o = export(&map, "png", &out, &["--hex-pixels", "30", "--force"]);
    assert!(
        !String::from_utf8_lossy(&o.stderr).contains("no scale"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn scale_bar_flags_are_refused_for_formats_that_are_not_pictures() {
    let dir = tempfile::tempdir().unwrap();
    for flag in ["--scale-bar", "--no-scale-bar"] {
        let o = Command::new(env!("CARGO_BIN_EXE_hexmap"))
            .arg("export")
            .arg(hexcrawl())
            .args(["--to", "json"])
            .arg(dir.path().join("m.json"))
            .arg(flag)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{flag}: {err}");
        assert!(
            err.contains(flag) && err.contains("pictures") && err.contains("json"),
            "{err}"
        );
        assert!(!dir.path().join("m.json").exists());
    }
}
