//! The tracing underlay in exported pictures: `hexmap export --underlay` draws
//! the image under the map, so it shows through an empty cell, in the PNG as decoded, in
//! librsvg's render of the SVG and in poppler's render of the PDF; without the flag it is
//! never drawn, the flag is refused for other formats, and a missing image is a warning
//! naming its path.

use assert_cmd::Command;
use hexmap::draw::RgbaImage;
use hexmap::hex::{OffsetCoord, OffsetKind};
use hexmap::map::testing::TestMap;
use hexmap::map::{TerrainId, Underlay};
use std::path::Path;

/// Magenta: a colour found nowhere else in the pictures.
const MAGENTA: [u8; 3] = [255, 0, 255];
/// The standard palette's Grass.
const GRASS: [u8; 3] = [0x8c, 0xc0, 0x5a];

/// A 5 × 5 pointy map of grass with its middle cell (column 2, row 2) empty, and an
/// underlay of `scan.png`: one magenta pixel 8 world units wide centred on that cell, so
/// the underlay shows only where the empty cell leaves the picture open.
fn traced_map(dir: &Path) -> std::path::PathBuf {
    let mut m = TestMap::rectangle(OffsetKind::OddR, 5, 5)
        .named("traced")
        .hex_size(10.0)
        .build();
    let middle = OffsetKind::OddR.to_hex(OffsetCoord::new(2, 2));
    for h in m.shape().iter().collect::<Vec<_>>() {
        let t = if h == middle { None } else { TerrainId::new(2) };
        m.set_terrain(h, t).unwrap();
    }
    let centre = m.layout().unwrap().hex_to_pixel(middle);
    m.set_underlay(Some(Underlay {
        scale: 8.0,
        opacity: 1.0,
        ..Underlay::new("scan.png", centre)
    }))
    .unwrap();
    let scan = RgbaImage::new(1, 1, vec![255, 0, 255, 255]).unwrap();
    std::fs::write(dir.join("scan.png"), hexmap::io::images::encode_png(&scan)).unwrap();
    let file = dir.join("traced.ron");
    hexmap::io::save(&file, &m, hexmap::io::Form::Offset).unwrap();
    file
}

fn export(map: &Path, to: &str, extra: &[&str]) -> (std::path::PathBuf, std::process::Output) {
    let out = map.with_extension(to);
    let o = Command::cargo_bin("hexmap")
        .unwrap()
        .arg("export")
        .arg(map)
        .args(["--to", to, "--force", "--no-grid"])
        .arg(&out)
        .args(extra)
        .output()
        .unwrap();
    (out, o)
}

/// `file` rasterised by its real consumer (PNG decoded, SVG by rsvg-convert, PDF by
/// pdftoppm), or `None` when that tool is missing (an error under CI).
fn rendered(file: &Path) -> Option<tiny_skia::Pixmap> {
    let png = file.with_extension("rendered.png");
    let out = match file.extension().and_then(|e| e.to_str()) {
        Some("png") => return Some(tiny_skia::Pixmap::load_png(file).unwrap()),
        Some("svg") => std::process::Command::new("rsvg-convert")
            .arg("-o")
            .arg(&png)
            .arg(file)
            .output(),
        _ => std::process::Command::new("pdftoppm")
            .args(["-r", "150", "-png", "-singlefile"])
            .arg(file)
            .arg(png.with_extension(""))
            .output(),
    };
    match out {
        Err(_) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "rsvg-convert and pdftoppm are required under CI"
            );
            eprintln!("SKIPPED: rsvg-convert or pdftoppm is not installed");
            None
        }
        Ok(o) => {
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            Some(tiny_skia::Pixmap::load_png(&png).unwrap())
        }
    }
}

/// The box (x0, y0, x1, y1) of the pixels within 40 of `rgb` on every channel.
fn box_of(p: &tiny_skia::Pixmap, rgb: [u8; 3]) -> Option<(u32, u32, u32, u32)> {
    let mut found: Option<(u32, u32, u32, u32)> = None;
    for y in 0..p.height() {
        for x in 0..p.width() {
            let c = p.pixel(x, y).unwrap().demultiply();
            let near = [c.red(), c.green(), c.blue()]
                .iter()
                .zip(rgb)
                .all(|(&a, b)| a.abs_diff(b) < 40)
                && c.alpha() > 200;
            if near {
                found = Some(match found {
                    None => (x, y, x, y),
                    Some((a, b, c, d)) => (a.min(x), b.min(y), c.max(x), d.max(y)),
                });
            }
        }
    }
    found
}

#[test]
fn the_underlay_shows_through_the_empty_cell_in_png_svg_and_pdf() {
    let dir = tempfile::tempdir().unwrap();
    let map = traced_map(dir.path());
    for to in ["png", "svg", "pdf"] {
        let (file, o) = export(&map, to, &["--underlay"]);
        assert!(
            o.status.success(),
            "{to}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let Some(picture) = rendered(&file) else {
            continue;
        };
        let grass = box_of(&picture, GRASS).unwrap_or_else(|| panic!("{to}: no map drawn"));
        let scan = box_of(&picture, MAGENTA)
            .unwrap_or_else(|| panic!("{to}: the underlay does not show through the empty cell"));
        // The magenta square sits on the middle cell: the map's box is 5.5 hex steps wide
        // (odd rows shifted right by half a step), so that cell's centre lies a quarter
        // step left of the box's middle.
        let mid =
            |(a, b, c, d): (u32, u32, u32, u32)| (f64::from(a + c) / 2.0, f64::from(b + d) / 2.0);
        let (gx, gy) = mid(grass);
        let (sx, sy) = mid(scan);
        let cell = f64::from(grass.2 - grass.0) / 5.5;
        let (wx, wy) = (gx - cell / 4.0, gy);
        assert!(
            (sx - wx).abs() < cell * 0.1 && (sy - wy).abs() < cell * 0.1,
            "{to}: underlay at ({sx}, {sy}), the middle cell at ({wx}, {wy})"
        );
        // 8 world units against a hex step of 10·√3: the underlay keeps its size.
        let side = f64::from(scan.2 - scan.0 + 1);
        let want = cell * 8.0 / (10.0 * 3f64.sqrt());
        assert!(
            (side - want).abs() < want * 0.15 + 2.0,
            "{to}: the 8-unit underlay is {side} px, expected {want} (a hex step is {cell} px)"
        );

        // Without the flag the underlay is never drawn.
        let (file, o) = export(&map, to, &[]);
        assert!(o.status.success());
        if let Some(picture) = rendered(&file) {
            assert_eq!(
                box_of(&picture, MAGENTA),
                None,
                "{to}: drawn without --underlay"
            );
        }
    }
}

#[test]
fn underlay_is_refused_for_other_formats_and_a_missing_image_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let map = traced_map(dir.path());
    let (_, o) = export(&map, "json", &["--underlay"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("--underlay is for pictures (png, svg, pdf), not json"),
        "{err}"
    );

    std::fs::remove_file(dir.path().join("scan.png")).unwrap();
    let (file, o) = export(&map, "png", &["--underlay"]);
    assert!(
        o.status.success(),
        "a missing underlay is a warning, not an error"
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("image 'scan.png' not shown") && err.contains("drawn without it"),
        "{err}"
    );
    assert!(file.exists());
}
