//! Frames, legends and scale bars in exported pictures, read as their consumers read them
//! (the decoded PNG, librsvg's rendering of the SVG, the SVG text):
//! - the frame covers everything drawn: a place name rotated at the map's top edge and a
//!   2.5× castle with a caption on a corner hex leave the picture's border untouched;
//! - a lone icon's caption grows with the icon's scale;
//! - PNG and SVG state their world → pixel transform, and hex centres computed with it
//!   land on the hexes' colours.

use hexmap::draw::{CellReach, world_box};
use hexmap::hex::{OffsetCoord, OffsetKind, Point};
use hexmap::io::format::{self, WriteJob, WriteOptions};
use hexmap::map::testing::TestMap;
use hexmap::map::{BuiltinIcon, HexMap, Icon, Label, Rgb, TerrainId};

/// A 6 × 4 pointy map (hex size 10) of two terrains in stripes, with a place name turned
/// 75° on the top edge and a castle at `scale` with the caption "Fort Ash" on the
/// bottom-right corner hex (`None`: neither).
fn map(scale: Option<f32>) -> HexMap {
    let mut m = TestMap::rectangle(OffsetKind::OddR, 6, 4)
        .named("frame")
        .hex_size(10.0)
        .build();
    let at = |c, r| OffsetKind::OddR.to_hex(OffsetCoord::new(c, r));
    for r in 0..4 {
        for c in 0..6 {
            let t = if c % 2 == 0 { 2 } else { 3 };
            m.set_terrain(at(c, r), TerrainId::new(t)).unwrap();
        }
    }
    let Some(scale) = scale else {
        return m;
    };
    let top = m.layout().unwrap().hex_to_pixel(at(2, 0));
    let label = Label {
        gm_only: false,
        rotation: 75.0,
        size: 0.8,
        color: Rgb([30, 20, 10]),
        ..Label::new("Misty Vale East", Point::new(top.x, top.y - 10.0))
    };
    let id = m.labels().next_id();
    m.add_label(id, label).unwrap();
    let castle = Icon {
        gm_only: false,
        caption: Some("Fort Ash".into()),
        scale,
        ..Icon::builtin(BuiltinIcon::Castle)
    };
    m.set_icons(at(5, 3), vec![castle]).unwrap();
    m
}

fn write(m: &HexMap, name: &str) -> Vec<u8> {
    let opts = WriteOptions::default();
    format::by_name(name)
        .unwrap()
        .write(WriteJob::new(m, &opts, &format!("m.{name}"), &mut |_| {}))
        .unwrap()
        .main
}

/// `svg` drawn by librsvg, or `None` when rsvg-convert is missing (an error under CI).
fn rsvg(svg: &[u8]) -> Option<tiny_skia::Pixmap> {
    let dir = tempfile::tempdir().unwrap();
    let (src, png) = (dir.path().join("p.svg"), dir.path().join("p.png"));
    std::fs::write(&src, svg).unwrap();
    let Ok(o) = std::process::Command::new("rsvg-convert")
        .arg("-o")
        .arg(&png)
        .arg(&src)
        .output()
    else {
        assert!(
            std::env::var_os("CI").is_none(),
            "rsvg-convert is required under CI"
        );
        eprintln!("SKIPPED: rsvg-convert is not installed");
        return None;
    };
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    Some(tiny_skia::Pixmap::load_png(&png).unwrap())
}

/// The transform a PNG states: its `hexmap-transform` text chunk, read chunk by chunk
/// here as any PNG reader would.
fn png_transform(png: &[u8]) -> (f64, f64, f64) {
    let mut at = 8;
    while at + 12 <= png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        let data = &png[at + 8..at + 8 + len];
        if &png[at + 4..at + 8] == b"tEXt" && data.starts_with(b"hexmap-transform\0") {
            let v: serde_json::Value = serde_json::from_slice(&data[17..]).unwrap();
            return (
                v["scale"].as_f64().unwrap(),
                v["offset"][0].as_f64().unwrap(),
                v["offset"][1].as_f64().unwrap(),
            );
        }
        at += 12 + len;
    }
    panic!("no hexmap-transform text chunk");
}

/// The transform an SVG states on its root element.
fn svg_transform(svg: &str) -> (f64, f64, f64) {
    let attr = |name: &str| -> f64 {
        let at = svg.find(&format!("{name}=\"")).expect(name) + name.len() + 2;
        svg[at..].split('"').next().unwrap().parse().unwrap()
    };
    (
        attr("data-hexmap-scale"),
        attr("data-hexmap-offset-x"),
        attr("data-hexmap-offset-y"),
    )
}

/// Opaque pixels on the picture's outermost rows and columns.
fn border_ink(p: &tiny_skia::Pixmap) -> usize {
    let (w, h) = (p.width(), p.height());
    (0..w)
        .flat_map(|x| [(x, 0), (x, h - 1)])
        .chain((0..h).flat_map(|y| [(0, y), (w - 1, y)]))
        .filter(|&(x, y)| p.pixel(x, y).unwrap().alpha() > 0)
        .count()
}

#[test]
fn the_frame_covers_a_rotated_name_and_a_big_icon_past_the_outline() {
    let m = map(Some(2.5));
    let png = write(&m, "png");
    let svg = write(&m, "svg");
    let t = png_transform(&png);
    assert_eq!(t, svg_transform(std::str::from_utf8(&svg).unwrap()));
    let layout = m.layout().unwrap();
    let (lo, hi) = world_box(&layout, m.shape().iter(), CellReach::Outline).unwrap();
    let cells = |x: u32, y: u32| {
        let (wx, wy) = ((f64::from(x) - t.1) / t.0, (f64::from(y) - t.2) / t.0);
        wx >= lo.x && wx <= hi.x && wy >= lo.y && wy <= hi.y
    };
    let decoded = tiny_skia::Pixmap::decode_png(&png).unwrap();
    let pictures = [Some(decoded), rsvg(&svg)];
    for (name, p) in ["png", "svg"].iter().zip(pictures) {
        let Some(p) = p else { continue };
        // Something is drawn past the hexes (the name above them, the castle beside)…
        let outside = (0..p.height())
            .flat_map(|y| (0..p.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| !cells(x, y) && p.pixel(x, y).unwrap().alpha() > 200)
            .count();
        assert!(
            outside > 300,
            "{name}: drawn past the outline: {outside} px"
        );
        // …and none of it reaches the picture's border.
        assert_eq!(border_ink(&p), 0, "{name}: ink on the border");
    }
}

/// The font size (SVG pixels) of the first text element reading `text`.
fn font_size_of(svg: &str, text: &str) -> f64 {
    let end = svg.find(&format!(">{text}</text>")).expect(text);
    let start = svg[..end].rfind("<text ").unwrap();
    let tag = &svg[start..end];
    let at = tag.find("font-size=\"").unwrap() + 11;
    tag[at..].split('"').next().unwrap().parse().unwrap()
}

#[test]
fn a_castle_at_two_and_a_half_has_a_caption_two_and_a_half_times_as_large() {
    let caption = |scale| {
        let svg = String::from_utf8(write(&map(Some(scale)), "svg")).unwrap();
        font_size_of(&svg, "Fort Ash")
    };
    let (one, big) = (caption(1.0), caption(2.5));
    assert!((big / one - 2.5).abs() < 0.02, "{one} → {big}");
    // A smaller icon keeps the legible caption of scale 1.
    assert!((caption(0.6) - one).abs() < 1e-9);
}

#[test]
fn hex_centres_from_the_stated_transform_land_on_their_colours() {
    // Without the label and the icon: every centre shows its terrain.
    let m = map(None);
    let layout = m.layout().unwrap();
    let png = write(&m, "png");
    let svg = write(&m, "svg");
    let decoded = tiny_skia::Pixmap::decode_png(&png).unwrap();
    let pictures = [
        (png_transform(&png), Some(decoded)),
        (
            svg_transform(std::str::from_utf8(&svg).unwrap()),
            rsvg(&svg),
        ),
    ];
    for ((k, ox, oy), p) in pictures {
        let Some(p) = p else { continue };
        for h in m.shape().iter() {
            let w = layout.hex_to_pixel(h);
            let (x, y) = (w.x * k + ox, w.y * k + oy);
            let t = m.terrain(h).unwrap();
            let want = m.palette().get(t).unwrap().color.0;
            let c = p
                .pixel(x.round() as u32, y.round() as u32)
                .unwrap()
                .demultiply();
            let got = [c.red(), c.green(), c.blue()];
            let near = got.iter().zip(want).all(|(a, b)| a.abs_diff(b) <= 2);
            assert!(near, "hex {h} at ({x:.1}, {y:.1}): {got:?}, want {want:?}");
        }
    }
}
