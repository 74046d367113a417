//! The scale bar in the editor: on the canvas (View → Scale bar), its label read
//! from the shapes drawn in the canvas's bottom-left corner, changing with the zoom and gone
//! when the toggle is off; the Print window's "Scale bar" checkbox, read back from the PDF
//! it writes with `pdftotext`; and the checkbox greyed for a map without a scale.

use crate::harness::{settle, shapes_in, temp_dir};
use eframe::egui::{Key, Shape, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::{DialogReply, FakeDialogs};
use hexmap::app::open_map::OpenMap;
use hexmap::map::HexMap;
use std::path::Path;

fn hexcrawl() -> HexMap {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    hexmap::io::load(&path).unwrap().0
}

fn editor(map: HexMap, dialogs: FakeDialogs) -> Harness<'static, EditorApp> {
    let doc = OpenMap::from_map(map);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    crate::harness::settle(&mut h);
    settle(&mut h);
    h
}

/// The texts drawn in the canvas's bottom-left quarter that read as a distance in miles.
fn bar_labels(h: &Harness<'static, EditorApp>) -> Vec<String> {
    let rect = h.state().view().canvas_rect();
    let corner = eframe::egui::Rect::from_min_max(
        eframe::egui::pos2(rect.left(), rect.center().y),
        eframe::egui::pos2(rect.center().x, rect.bottom()),
    );
    shapes_in(h, rect)
        .into_iter()
        .filter_map(|s| match s {
            Shape::Text(t) if corner.contains(t.pos) => Some(t.galley.text().to_string()),
            _ => None,
        })
        .filter(|t| t.ends_with(" mi") && t[..t.len() - 3].parse::<f64>().is_ok())
        .collect()
}

#[test]
fn the_canvas_bar_follows_the_zoom_and_view_scale_bar_removes_it() {
    let mut h = editor(hexcrawl(), FakeDialogs::default());
    let first = bar_labels(&h);
    assert_eq!(first.len(), 1, "one bar label: {first:?}");
    // Zoomed in four steps, the view shows fewer miles: a shorter distance.
    for _ in 0..4 {
        h.key_press(Key::Plus);
        settle(&mut h);
    }
    let zoomed = bar_labels(&h);
    assert_eq!(zoomed.len(), 1, "{zoomed:?}");
    let miles = |s: &str| s.trim_end_matches(" mi").parse::<f64>().unwrap();
    assert!(
        miles(&zoomed[0]) < miles(&first[0]),
        "{first:?} → {zoomed:?}"
    );

    h.get_by_label("View").click();
    settle(&mut h);
    h.get_by_label("Scale bar").click();
    settle(&mut h);
    h.key_press(Key::Escape);
    settle(&mut h);
    assert!(!h.state().view().prefs().scale_bar, "the pref follows");
    assert_eq!(
        bar_labels(&h),
        Vec::<String>::new(),
        "the toggle removes it"
    );
}

#[test]
fn print_window_scale_bar_checkbox_is_in_the_pdf_and_greyed_without_scale() {
    let dir = temp_dir("scale-bar-print");
    let (with, without) = (dir.join("with.pdf"), dir.join("without.pdf"));
    for p in [&with, &without] {
        let _ = std::fs::remove_file(p);
    }
    let dialogs = FakeDialogs::with_answers([
        DialogReply::Export(with.clone()),
        DialogReply::Export(without.clone()),
    ]);
    let mut h = editor(hexcrawl(), dialogs);
    let export = |h: &mut Harness<'static, EditorApp>, untick: bool| {
        h.get_by_label("File").click();
        settle(h);
        h.get_by_label("Print / Export PDF…").click();
        settle(h);
        let bar = h.get_by_label("Scale bar");
        assert!(!bar.accesskit_node().is_disabled(), "the map has a scale");
        if untick {
            bar.click();
            settle(h);
        }
        h.get_by_label("Export PDF…").click();
        settle(h);
        for _ in 0..1000 {
            if h.state().view().export_job().is_none() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
            settle(h);
        }
        assert!(
            h.state().view().error().is_none(),
            "{:?}",
            h.state().view().error()
        );
    };
    export(&mut h, false);
    export(&mut h, true);
    if let Ok(out) = std::process::Command::new("pdftotext").arg("-v").output()
        && out.status.success()
    {
        let text = |p: &Path| {
            let o = std::process::Command::new("pdftotext")
                .arg(p)
                .arg("-")
                .output()
                .unwrap();
            String::from_utf8_lossy(&o.stdout).into_owned()
        };
        let has_bar = |t: &str| t.split_whitespace().any(|w| w == "mi");
        assert!(has_bar(&text(&with)), "{}", text(&with));
        assert!(!has_bar(&text(&without)), "{}", text(&without));
    } else {
        assert!(std::fs::read(&without).unwrap().starts_with(b"%PDF-"));
    }

    // A map without a scale: the checkbox is there but greyed (its hover says why).
    let mut map = hexcrawl();
    map.set_scale(None).unwrap();
    let mut h = editor(map, FakeDialogs::default());
    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Print / Export PDF…").click();
    settle(&mut h);
    assert!(h.get_by_label("Scale bar").accesskit_node().is_disabled());
    h.key_press(Key::Escape);
    settle(&mut h);
    assert!(bar_labels(&h).is_empty(), "no bar on the canvas either");
}
