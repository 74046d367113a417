//! Unit tests of the spill rule: how far an icon group or note caption reaches, checked
//! against the hexes the layout finds under points of its drawing.

use super::*;
use hexmap_hex::{OffsetKind, Orientation};
use hexmap_map::{BuiltinIcon, MapShape, ViewSettings};

fn lone(scale: f32, caption: Option<&str>) -> Vec<Icon> {
    vec![Icon {
        gm_only: false,
        scale,
        caption: caption.map(str::to_owned),
        ..Icon::builtin(BuiltinIcon::Castle)
    }]
}

#[test]
fn icons_inside_their_hex_do_not_spill_and_big_ones_do() {
    let size = Point::new(10.0, 10.0);
    let steps = |icons: &[Icon]| {
        let (shapes, captions) = icons_extent(icons, 10.0);
        steps_for(shapes.max(captions), size)
    };
    assert_eq!(steps(&lone(1.0, None)), 0, "the standard icon");
    assert!(
        steps(&lone(1.0, Some("Brack"))) <= 1,
        "a short caption, at most its halo"
    );
    assert!(
        steps(&lone(4.0, None)) >= 2,
        "a scale-4 icon is 4 radii across"
    );
    assert!(steps(&lone(1.0, Some("The Great Fortress of the North"))) >= 2);
    assert_eq!(
        note_extent::<Icon>("   \n  ", &[], 10.0),
        0.0,
        "a blank note draws nothing"
    );
    assert!(steps_for(note_extent::<Icon>("Abandoned watchtower", &[], 10.0), size) >= 1);
}

/// Every point of a drawing that reaches `extent` from the centre lies in a hex at most
/// `steps_for(extent)` steps away, as the layout's own pixel → hex finds it, for regular
/// and stretched hexes of both orientations.
#[test]
fn the_steps_cover_every_hex_under_the_drawing() {
    for orientation in [Orientation::Pointy, Orientation::Flat] {
        for size in [
            Point::new(10.0, 10.0),
            Point::new(14.0, 9.0),
            Point::new(6.0, 15.0),
        ] {
            let layout = Layout::new(orientation, size, Point::new(0.0, 0.0)).unwrap();
            let small = size.x.min(size.y);
            for extent in [0.5, 0.9, 1.3, 2.0, 3.1, 5.0, 9.0].map(|k| k * small) {
                let steps = steps_for(extent, size);
                let mut farthest = 0;
                for ring in 1..=40 {
                    let d = extent * f64::from(ring) / 40.0;
                    for a in 0..360 {
                        let t = f64::from(a).to_radians();
                        let p = Point::new(d * t.cos(), d * t.sin());
                        let hex = layout.pixel_to_hex(p).expect("a point near the origin");
                        farthest = farthest.max(hex.distance(Hex::ORIGIN).unsigned_abs());
                    }
                }
                assert!(
                    farthest <= steps,
                    "{orientation:?} {size:?}: reach {extent} lands {farthest} steps out, \
                     rule says {steps}"
                );
            }
        }
    }
}

#[test]
fn the_largest_reach_bounds_every_allowed_icon() {
    let size = Point::new(10.0, 10.0);
    let most = max_steps(size);
    let long = "M".repeat(MAX_CAPTION_LEN);
    for scale in [1.0, 2.5, MAX_ICON_SCALE] {
        let icons = lone(scale, Some(&long));
        let (shapes, captions) = icons_extent(&icons, 10.0);
        assert!(steps_for(shapes.max(captions), size) <= most);
    }
    assert!(most >= 2, "{most}");
}

#[test]
fn regions_find_the_spilling_hexes_that_reach_them() {
    let shape = MapShape::rectangle(OffsetKind::OddR, 20, 20).unwrap();
    let mut m = hexmap_map::testing::map_on(Orientation::Pointy, shape);
    let at = |c, r| OffsetKind::OddR.to_hex(OffsetCoord::new(c, r));
    m.set_icons(at(5, 5), lone(4.0, None)).unwrap();
    m.set_icons(at(15, 15), lone(1.0, None)).unwrap();
    m.set_note(at(10, 2), Some("A very long note about the ford".into()))
        .unwrap();
    let layout = m.layout().unwrap();
    let spill = Spill::of(&m, &layout);
    let found = |min, max| reaching(&spill, min, max);
    // The big icon reaches the block just right of it, not one far off, and the block
    // holding it draws it anyway.
    assert_eq!(found((6, 0), (9, 9)), [at(5, 5)]);
    assert!(found((12, 0), (19, 19)).is_empty());
    assert!(found((0, 0), (9, 9)).is_empty());
    // The small icon never spills; the note only when notes are drawn as captions.
    assert!(found((16, 15), (19, 19)).is_empty());
    assert!(found((11, 0), (13, 4)).is_empty());
    m.set_view(ViewSettings {
        note_captions: true,
        ..ViewSettings::default()
    });
    let spill = Spill::of(&m, &layout);
    assert_eq!(reaching(&spill, (11, 0), (13, 4)), [at(10, 2)]);
    // A back-end painting texts over everything needs only the big icon.
    let shapes: Vec<Hex> = spill
        .near((11, 0), (13, 4), false)
        .map(|(h, _)| h)
        .collect();
    assert!(shapes.is_empty(), "{shapes:?}");
    assert_eq!(
        spill.near((0, 0), (9, 9), false).collect::<Vec<_>>(),
        [(at(5, 5), false)],
        "the big icon inside the box, for hiding symbols"
    );
}

/// The spilling hexes outside the box reaching into it, captions counted.
fn reaching(spill: &Spill, min: (i32, i32), max: (i32, i32)) -> Vec<Hex> {
    spill
        .near(min, max, true)
        .filter(|&(_, outside)| outside)
        .map(|(h, _)| h)
        .collect()
}
