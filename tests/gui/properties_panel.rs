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
    wargame_with(FakeDialogs::default())
}

fn wargame_with(dialogs: FakeDialogs) -> Harness<'static, EditorApp> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/wargame-river-crossing.ron");
    let (map, _) = hexmap::io::load(&path).unwrap();
    let doc = OpenMap::from_map(map);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    settle(&mut h);
    h
}

/// A menu's item (no Escape: it opens a window).
fn menu_item(h: &mut Harness<'static, EditorApp>, menu: &str, item: &str) {
    h.get_by_label(menu).click();
    settle(h);
    h.get_by_label(item).click();
    settle(h);
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
        .scroll_to_me();
    settle(h);
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
    choose(&mut h, "side", "Red");
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
    choose(&mut h, "of", "the map");
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
    press(&mut h, "Reset victory points");
    assert_eq!(
        value(&h, PropOwner::Map, "victory points"),
        PropValue::Int(0)
    );
    let _ = click_hex;
}

/// Choose in a combo box labelled `combo` the item `item` (the last widget of that
/// name: the open list's, where the panel shows the name too).
fn choose(h: &mut Harness<'static, EditorApp>, combo: &str, item: &str) {
    press(h, combo);
    h.query_all_by_label(item).last().unwrap().click();
    settle(h);
}

/// Scroll the widget labelled `label` into view (as the user scrolls the panel), click it.
fn press(h: &mut Harness<'static, EditorApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    settle(h);
    h.get_by_label(label).click();
    settle(h);
}

#[test]
fn the_brush_and_the_bucket_paint_a_property_one_undo_step_a_stroke() {
    let mut h = wargame();
    menu(&mut h, "View", "Properties panel");
    choose(&mut h, "paints", "side");
    choose(&mut h, "side =", "Red");
    let (a, b) = {
        let map = h.state().view().doc().map();
        (
            map.hex_of_label("0403").unwrap(),
            map.hex_of_label("0407").unwrap(),
        )
    };
    let line: Vec<Hex> = hexmap::hex::line::line(a, b);
    let before: Vec<PropValue> = line
        .iter()
        .map(|x| value(&h, PropOwner::Cell(*x), "side"))
        .collect();
    assert!(before.iter().any(|v| *v == PropValue::Enum("Blue".into())));
    let terrain_before = h.state().view().doc().map().terrain_layer().clone();
    // The brush (B), radius 0, dragged from a to b.
    h.key_press(Key::B);
    settle(&mut h);
    let (pa, pb) = {
        let v = h.state().view();
        (v.hex_to_screen(a), v.hex_to_screen(b))
    };
    drag(&mut h, pa, pb);
    for x in &line {
        assert_eq!(
            value(&h, PropOwner::Cell(*x), "side"),
            PropValue::Enum("Red".into()),
            "{x:?}"
        );
    }
    // Terrain is left alone.
    assert_eq!(
        h.state().view().doc().map().terrain_layer(),
        &terrain_before
    );
    // The stroke is one undo step.
    undo(&mut h);
    let after: Vec<PropValue> = line
        .iter()
        .map(|x| value(&h, PropOwner::Cell(*x), "side"))
        .collect();
    assert_eq!(after, before);

    // The bucket (G) on a Blue hex: every Blue hex connected to it turns Red, no other.
    h.key_press(Key::G);
    settle(&mut h);
    let blue = PropValue::Enum("Blue".into());
    let cells: Vec<Hex> = h.state().view().doc().map().shape().iter().collect();
    let blues = cells
        .iter()
        .filter(|x| value(&h, PropOwner::Cell(**x), "side") == blue)
        .count();
    click_hex(&mut h, a);
    let reds_now: Vec<Hex> = cells
        .iter()
        .copied()
        .filter(|x| value(&h, PropOwner::Cell(*x), "side") == PropValue::Enum("Red".into()))
        .collect();
    assert!(reds_now.contains(&a));
    // The sample's few Red hexes sit on the east bank beyond the Blue ones: on this map
    // every Blue hex is connected, so all of them turned.
    assert!(
        !cells
            .iter()
            .any(|x| value(&h, PropOwner::Cell(*x), "side") == blue)
    );
    assert!(blues > 100, "{blues}");
    undo(&mut h);
    assert_eq!(value(&h, PropOwner::Cell(a), "side"), blue);
}

#[test]
fn the_type_editor_adds_renames_and_deletes_properties_one_undo_step_each() {
    let mut h = wargame();
    menu(&mut h, "Map", "Properties…");
    let types = |h: &Harness<'static, EditorApp>| -> Vec<String> {
        let map = h.state().view().doc().map();
        map.custom()
            .types()
            .iter()
            .map(|t| t.name.clone())
            .collect()
    };
    assert_eq!(types(&h), ["side", "victory points"]);

    // Add an enum "resource" with three values.
    h.get_by_role_and_label(eframe::egui::Role::TextInput, "New property")
        .scroll_to_me();
    settle(&mut h);
    h.get_by_role_and_label(eframe::egui::Role::TextInput, "New property")
        .click();
    settle(&mut h);
    for c in "resource".chars() {
        h.event(Event::Text(c.to_string()));
        h.run();
    }
    choose(&mut h, "kind", "list of values");
    h.get_by_role_and_label(eframe::egui::Role::TextInput, "values")
        .click();
    settle(&mut h);
    for c in "iron, timber | grain".chars() {
        h.event(Event::Text(c.to_string()));
        h.run();
    }
    press(&mut h, "Add property");
    assert_eq!(types(&h), ["side", "victory points", "resource"]);
    let t = h
        .state()
        .view()
        .doc()
        .map()
        .custom()
        .get_type("resource")
        .unwrap()
        .clone();
    assert_eq!(
        t.kind,
        hexmap::map::PropKind::Enum(vec!["iron".into(), "timber".into(), "grain".into()])
    );
    assert_eq!(t.default, PropValue::Enum("iron".into()));

    // Its default, then GM only: a step each.
    choose(&mut h, "resource default", "grain");
    press(&mut h, "resource GM only");
    let t = h
        .state()
        .view()
        .doc()
        .map()
        .custom()
        .get_type("resource")
        .unwrap()
        .clone();
    assert_eq!(t.default, PropValue::Enum("grain".into()));
    assert!(t.gm_only);
    undo(&mut h);
    let t = h
        .state()
        .view()
        .doc()
        .map()
        .custom()
        .get_type("resource")
        .unwrap()
        .clone();
    assert!(!t.gm_only);
    assert_eq!(t.default, PropValue::Enum("grain".into()));

    // Rename "side" to "owner": the values follow, and one undo takes it back.
    let red = {
        let map = h.state().view().doc().map();
        let first = map
            .custom()
            .iter()
            .find(|(_, v)| v.get("side") == Some(&PropValue::Enum("Red".into())));
        match first {
            Some((PropOwner::Cell(x), _)) => x,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(
        value(&h, PropOwner::Cell(red), "side"),
        PropValue::Enum("Red".into())
    );
    type_into(&mut h, "Rename side", "owner");
    assert_eq!(types(&h), ["owner", "victory points", "resource"]);
    assert_eq!(
        value(&h, PropOwner::Cell(red), "owner"),
        PropValue::Enum("Red".into())
    );
    undo(&mut h);
    assert_eq!(types(&h), ["side", "victory points", "resource"]);
    assert_eq!(
        value(&h, PropOwner::Cell(red), "side"),
        PropValue::Enum("Red".into())
    );

    // A rename to a name in use is refused with the model's reason.
    type_into(&mut h, "Rename side", "resource");
    let error = h.state().view().error().unwrap_or_default();
    assert!(
        error.contains("property \"resource\" is declared twice"),
        "{error}"
    );
    assert_eq!(types(&h), ["side", "victory points", "resource"]);
    h.key_press(Key::Escape);
    settle(&mut h);

    // Delete "side": its values go with it; one undo brings both back.
    press(&mut h, "Delete side");
    assert_eq!(types(&h), ["victory points", "resource"]);
    let map = h.state().view().doc().map();
    assert!(
        map.custom()
            .iter_on(map)
            .all(|(_, v)| !v.contains_key("side"))
    );
    undo(&mut h);
    assert_eq!(types(&h), ["side", "victory points", "resource"]);
    assert_eq!(
        value(&h, PropOwner::Cell(red), "side"),
        PropValue::Enum("Red".into())
    );
}

#[test]
fn the_layers_panel_tints_hexes_by_a_property_with_a_legend() {
    let mut h = wargame();
    let (red, blue) = {
        let map = h.state().view().doc().map();
        let side = |x: Hex| map.custom().value(PropOwner::Cell(x), "side").cloned();
        let cells: Vec<Hex> = map.shape().iter().collect();
        let red = *cells
            .iter()
            .find(|x| side(**x) == Some(PropValue::Enum("Red".into())))
            .unwrap();
        // A Blue hex (the default) near the Red one, well inside the canvas.
        let blue = *cells
            .iter()
            .filter(|x| side(**x) == Some(PropValue::Enum("Blue".into())))
            .min_by_key(|x| x.distance(red))
            .unwrap();
        (red, blue)
    };
    // A point inside each hex, off its centre (where symbols and icons sit).
    let inside = |h: &Harness<'static, EditorApp>, x: Hex| {
        let v = h.state().view();
        let c = v.hex_to_screen(x);
        let n = v.hex_to_screen(Hex::new(x.q + 1, x.r));
        c + (n - c) * 0.3
    };
    let colour = |h: &Harness<'static, EditorApp>, x: Hex| {
        let rect = h.state().view().canvas_rect();
        crate::harness::colour_at(&crate::harness::shapes_in(h, rect), inside(h, x)).unwrap()
    };
    let (red_before, blue_before) = (colour(&h, red), colour(&h, blue));
    choose(&mut h, "Tint by", "side");
    let (r, b) = (colour(&h, red), colour(&h, blue));
    assert!(
        r.r() > r.b() + 60,
        "a Red hex is red: {r:?} (was {red_before:?})"
    );
    assert!(
        b.b() > b.r() + 60,
        "a Blue hex is blue: {b:?} (was {blue_before:?})"
    );
    let texts = shown(&h);
    for t in ["side", "Blue (default)", "Red"] {
        assert!(texts.iter().any(|s| s == t), "{t} in the legend: {texts:?}");
    }
    // Painting a value shows at once: the Blue hex turns red.
    h.state_mut()
        .push(hexmap::app::Action::Edit(hexmap::map::Edit::Custom(
            hexmap::map::CustomEdit::Set {
                owners: vec![PropOwner::Cell(blue)],
                name: "side".into(),
                value: Some(PropValue::Enum("Red".into())),
            },
        )));
    settle(&mut h);
    let b = colour(&h, blue);
    assert!(b.r() > b.b() + 60, "{b:?}");
    undo(&mut h);
    // The players' view on this window shows no tint and no legend of it.
    menu_item(&mut h, "View", "Player view (this window)");
    assert!(
        !shown(&h).iter().any(|s| s == "Blue (default)"),
        "{:?}",
        shown(&h)
    );
    menu_item(&mut h, "View", "Player view (this window)");
    assert!(shown(&h).iter().any(|s| s == "Blue (default)"));
    choose(&mut h, "Tint by", "none");
    assert_eq!(
        (colour(&h, red), colour(&h, blue)),
        (red_before, blue_before)
    );
    assert!(!shown(&h).iter().any(|s| s == "Blue (default)"));
}

#[test]
fn the_export_window_writes_a_csv_grid_of_a_property_or_a_layer() {
    let dir = crate::harness::temp_dir("csv-property");
    let out = dir.join("side.csv");
    let dialogs = FakeDialogs::with_answers([hexmap::app::files::dialogs::DialogReply::Export(
        out.clone(),
    )]);
    let mut h = wargame_with(dialogs);
    menu_item(&mut h, "File", "Export…");
    let csv = hexmap::io::format::by_name("csv").unwrap();
    press(&mut h, csv.description());
    choose(&mut h, "CSV grid of", "property side");
    press(&mut h, "Choose file and export…");
    crate::harness::wait_for_export(&mut h);
    let text = std::fs::read_to_string(&out).unwrap();
    // Read as a game reads it: a value per cell, the map's own values.
    let map = h.state().view().doc().map();
    let reds = map
        .shape()
        .iter()
        .filter(|x| {
            map.custom().value(PropOwner::Cell(*x), "side") == Some(&PropValue::Enum("Red".into()))
        })
        .count();
    let values: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.split(','))
        .collect();
    assert_eq!(
        values.iter().filter(|v| **v == "Red").count(),
        reds,
        "{text}"
    );
    assert!(values.contains(&"Blue"));
    assert!(
        !values.iter().any(|v| v.parse::<i32>().is_ok_and(|n| n > 0)),
        "no terrain ids"
    );
}

#[test]
fn the_export_window_tints_an_svg_by_a_property() {
    let dir = crate::harness::temp_dir("svg-tint");
    let (plain, tinted) = (dir.join("plain.svg"), dir.join("tinted.svg"));
    let dialogs = FakeDialogs::with_answers([
        hexmap::app::files::dialogs::DialogReply::Export(plain.clone()),
        hexmap::app::files::dialogs::DialogReply::Export(tinted.clone()),
    ]);
    let mut h = wargame_with(dialogs);
    let svg = hexmap::io::format::by_name("svg").unwrap();
    for (file, tint) in [(&plain, "none"), (&tinted, "side")] {
        menu_item(&mut h, "File", "Export…");
        press(&mut h, svg.description());
        choose(&mut h, "Tint hexes by", tint);
        press(&mut h, "Choose file and export…");
        crate::harness::wait_for_export(&mut h);
        assert!(file.exists());
    }
    // The fill a Red hex of grass takes under the tint, as `draw` works it out.
    let map = h.state().view().doc().map();
    let tint = hexmap::draw::property_tint::PropertyTint::of(map, "side").unwrap();
    let red = map
        .custom()
        .iter()
        .find_map(|(o, v)| match o {
            PropOwner::Cell(x) if v.get("side") == Some(&PropValue::Enum("Red".into())) => Some(x),
            _ => None,
        })
        .unwrap();
    let terrain = map.palette().get(map.terrain(red).unwrap()).unwrap().color;
    let c = tint.tint(map, red, hexmap::draw::Colour::from(terrain));
    let fill = format!("fill=\"#{:02x}{:02x}{:02x}\"", c.r, c.g, c.b);
    let plain = std::fs::read_to_string(&plain).unwrap();
    let tinted = std::fs::read_to_string(&tinted).unwrap();
    assert!(tinted.contains(&fill), "{fill} in the tinted SVG");
    assert!(!plain.contains(&fill), "{fill} not in the plain SVG");
}
