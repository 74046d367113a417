//! Any text through the label, coordinate-system, label-settings and shape-spec parsers,
//! and any floats through layout and exact picking: errors, never panics; what parses
//! formats back to the same value.
#![no_main]

use hexmap::hex::three_axis::{ThreeAxis, hex_from_two_axis, parse_two_axis};
use hexmap::hex::xxyy::{LabelOrder, LabelSettings};
use hexmap::hex::{CoordChoice, CoordContext, CoordSystem, Layout, OffsetKind, Orientation, Point};
use hexmap::map::ShapeSpec;
use libfuzzer_sys::fuzz_target;

fn f64_at(data: &[u8], i: usize) -> f64 {
    let mut b = [0u8; 8];
    for (k, slot) in b.iter_mut().enumerate() {
        *slot = data.get(i * 8 + k).copied().unwrap_or(0);
    }
    f64::from_le_bytes(b)
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    if let Ok(text) = std::str::from_utf8(rest) {
        let settings = LabelSettings {
            base: mode & 1,
            digits: 1 + (mode >> 1) % 4,
            stagger: OffsetKind::ALL[usize::from(mode >> 3) % 4],
            order: if mode & 0x20 == 0 { LabelOrder::ColumnFirst } else { LabelOrder::RowFirst },
        };
        if let Ok(h) = settings.parse(text) {
            let label = settings.format(h).expect("a parsed label formats");
            assert_eq!(settings.parse(&label), Ok(h));
        }
        if let Ok(t) = ThreeAxis::parse(text) {
            if let Some(h) = t.to_hex() {
                assert_eq!(ThreeAxis::from_hex(h).to_hex(), Some(h));
            }
            let _ = t.normalized();
            let _ = t.length();
        }
        if let Ok(v) = parse_two_axis(text) {
            let _ = hex_from_two_axis(v);
        }
        // Every coordinate system: what reads writes back and reads as the same hex.
        let cx = CoordContext { labels: settings, ..CoordContext::new(Orientation::Pointy) };
        for system in CoordSystem::ALL {
            if let Ok(h) = system.parse(text, &cx) {
                let written = system.try_format(h, &cx).expect("a parsed hex writes");
                assert_eq!(system.parse(&written, &cx), Ok(h), "{system}");
            }
        }
        let _ = text.parse::<CoordChoice>();
        // Text forms: what reads writes back the same.
        if let Ok(s) = text.parse::<LabelSettings>() {
            assert_eq!(s.to_string().parse::<LabelSettings>(), Ok(s));
        }
        if let Ok(s) = text.parse::<ShapeSpec>() {
            assert_eq!(s.to_string().parse::<ShapeSpec>(), Ok(s));
        }
        let _ = text.parse::<OffsetKind>();
        let _ = text.parse::<Orientation>();
    }
    // Floats: a layout and a point; picking either refuses or finds a hex whose centre is
    // near the point.
    let orientation = if mode & 0x40 == 0 { Orientation::Pointy } else { Orientation::Flat };
    let size = Point::new(f64_at(rest, 0), f64_at(rest, 1));
    let origin = Point::new(f64_at(rest, 2), f64_at(rest, 3));
    if let Ok(layout) = Layout::new(orientation, size, origin) {
        let p = Point::new(f64_at(rest, 4), f64_at(rest, 5));
        if let Some(h) = layout.pixel_to_hex(p) {
            let _ = layout.corners(h);
            let _ = layout.pixel_to_edge(p);
            let _ = layout.pixel_to_vertex(p);
        }
    }
});
