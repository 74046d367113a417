//! Icons and labels in PNG and SVG exports as a viewer sees them: an icon's pixels land
//! inside its hex, and a label is real SVG text that librsvg draws where it belongs.

use crate::support::tiled_tools as tools;

use hexmap::hex::{Hex, Orientation, Point};
use hexmap::io::format::{self, WriteOptions};
use hexmap::map::testing::TestMap;
use hexmap::map::{AnnotationEdit, BuiltinIcon, Document, Edit, HexMap, Icon, Label, LabelId, Rgb};
use std::process::Command;

const RED: [u8; 3] = [220, 20, 20];
const BLUE: [u8; 3] = [20, 40, 230];

/// A radius-2 hexagon of empty cells, a red castle on (1, 0), a blue label "Zq" at the
/// centre of (−1, 1).
fn map() -> HexMap {
    let m = TestMap::hexagon(2, Orientation::Flat)
        .named("marked")
        .hex_size(10.0)
        .build();
    let layout = m.layout().unwrap();
    let mut d = Document::new(m);
    let mut castle = Icon::builtin(BuiltinIcon::Castle);
    castle.color = Some(Rgb(RED));
    d.apply(&Edit::Annotation(AnnotationEdit::AddIcon {
        hex: Hex::new(1, 0),
        icon: castle,
    }))
    .unwrap();
    let mut label = Label::new("Zq", layout.hex_to_pixel(Hex::new(-1, 1)));
    label.color = Rgb(BLUE);
    label.halo = false;
    d.apply(&Edit::Annotation(AnnotationEdit::AddLabel {
        id: LabelId(0),
        label,
    }))
    .unwrap();
    d.into_map()
}

/// The hex under an exported pixel (24 px hexes, 8 px margin).
fn hex_at(map: &HexMap, x: u32, y: u32) -> Hex {
    let layout = map.layout().unwrap();
    let (mut x0, mut y0) = (f64::MAX, f64::MAX);
    for h in map.shape().iter() {
        let p = layout.hex_to_pixel(h);
        x0 = x0.min(p.x - 10.0);
        y0 = y0.min(p.y - 10.0);
    }
    let k = 24.0 / 10.0;
    let world = Point::new(
        (f64::from(x) + 0.5 - 8.0) / k + x0,
        (f64::from(y) + 0.5 - 8.0) / k + y0,
    );
    layout.pixel_to_hex_rounded(world)
}

/// The hexes holding the pixels close to `colour`, and how many there are.
fn pixels_of(map: &HexMap, img: &tiny_skia::Pixmap, colour: [u8; 3]) -> (Vec<Hex>, usize) {
    let mut hexes = Vec::new();
    let mut count = 0;
    for y in 0..img.height() {
        for x in 0..img.width() {
            let p = tools::pixel(img, f64::from(x), f64::from(y)).unwrap();
            if tools::close(p, [colour[0], colour[1], colour[2], 255], 40) {
                count += 1;
                let h = hex_at(map, x, y);
                if !hexes.contains(&h) {
                    hexes.push(h);
                }
            }
        }
    }
    (hexes, count)
}

fn check(map: &HexMap, img: &tiny_skia::Pixmap, what: &str) {
    let (hexes, count) = pixels_of(map, img, RED);
    assert!(count > 30, "{what}: the castle shows ({count} red pixels)");
    assert_eq!(
        hexes,
        [Hex::new(1, 0)],
        "{what}: the castle stays in its hex"
    );
    let (hexes, count) = pixels_of(map, img, BLUE);
    assert!(count > 10, "{what}: the label shows ({count} blue pixels)");
    assert_eq!(
        hexes,
        [Hex::new(-1, 1)],
        "{what}: the label sits at its point"
    );
}

#[test]
fn png_export_draws_icons_inside_their_hex_and_labels_at_their_point() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("marked.png");
    let m = map();
    let png = format::by_name("png").unwrap();
    format::write_path(&m, None, png, &WriteOptions::default(), &path, &mut |_| {}).unwrap();
    check(&m, &tiny_skia::Pixmap::load_png(&path).unwrap(), "PNG");
}

#[test]
fn svg_export_has_labels_as_text_and_icons_as_paths_that_librsvg_draws() {
    let dir = tempfile::tempdir().unwrap();
    let (svg, png) = (dir.path().join("marked.svg"), dir.path().join("marked.png"));
    let m = map();
    let format = format::by_name("svg").unwrap();
    format::write_path(
        &m,
        None,
        format,
        &WriteOptions::default(),
        &svg,
        &mut |_| {},
    )
    .unwrap();
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains(">Zq</text>"), "the label is SVG text");
    assert!(text.contains("<path"), "icons are vector paths");
    if Command::new("rsvg-convert")
        .arg("--version")
        .output()
        .is_err()
    {
        assert!(
            std::env::var_os("CI").is_none(),
            "rsvg-convert (apt package librsvg2-bin) is required under CI"
        );
        eprintln!("SKIPPED: rsvg-convert is not installed");
        return;
    }
    let o = Command::new("rsvg-convert")
        .arg("-o")
        .arg(&png)
        .arg(&svg)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    check(&m, &tiny_skia::Pixmap::load_png(&png).unwrap(), "SVG");
}
