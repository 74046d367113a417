//! View → Notes as captions on the hexcrawl: a note's caption goes under the captions of
//! its hex's icons, never over them ("Old Ylth: the lich…" under "Old Ylth").

use crate::harness::{editor_on, painted_texts, settle};
use eframe::egui::{Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::canvas::camera::Camera;
use hexmap::app::open_map::OpenMap;
use hexmap::hex::{OffsetCoord, OffsetKind};

/// Every text drawn on the canvas in the last frame, as shown, with its box.
fn canvas_texts(h: &Harness<'static, EditorApp>) -> Vec<(String, Rect)> {
    let canvas = h.state().view().canvas_rect();
    let mut out = painted_texts(h);
    out.retain(|(_, r)| canvas.contains_rect(*r));
    out
}

#[test]
fn note_captions_lie_under_icon_captions_not_over_them() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let doc = OpenMap::load(&path).expect("the sample loads");
    let mut h = editor_on(doc, Vec2::new(1280.0, 800.0));
    settle(&mut h);
    h.get_by_label("View").click();
    settle(&mut h);
    h.get_by_label("Notes as captions").click();
    settle(&mut h);
    // Close enough that captions are legible: between Saltmere (4, 6) and Old Ylth (12, 9).
    let layout = h.state().view().doc().layout();
    let kind = OffsetKind::OddQ;
    let (a, b) = (
        layout.hex_to_pixel(kind.to_hex(OffsetCoord::new(4, 6))),
        layout.hex_to_pixel(kind.to_hex(OffsetCoord::new(12, 9))),
    );
    let centre = hexmap::hex::Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
    h.state_mut().set_camera(Camera { centre, zoom: 50.0 });
    settle(&mut h);
    let texts = canvas_texts(&h);
    for (icon, note) in [("Old Ylth", "Old Ylth: "), ("Saltmere", "Saltmere: ")] {
        let find = |pred: &dyn Fn(&str) -> bool| {
            texts
                .iter()
                .find(|(t, _)| pred(t))
                .unwrap_or_else(|| panic!("no text for {icon} in {texts:?}"))
                .1
        };
        let icon_box = find(&|t| t == icon);
        let note_box = find(&|t| t.starts_with(note));
        assert!(
            !icon_box.intersects(note_box),
            "{icon}: its caption {icon_box:?} and its note's {note_box:?} overlap"
        );
        assert!(
            note_box.top() >= icon_box.bottom() - 0.5,
            "the note under it"
        );
    }
}
