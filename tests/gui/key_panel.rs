//! The Key panel as a GM uses it at the table: View → Key panel lists every keyed hex of
//! the hexcrawl sample in label order; a click on one centres the map on it, selects it and
//! opens its entry with emphasis and list items shown formatted; a link in the text is
//! followed by a click, and a link to a hex without an entry is shown but is no link; the
//! search and the tag filter narrow the list; Enter on a selected keyed hex opens it.

use crate::harness::{click_hex, painted_texts, settle};
use eframe::egui::{Event, Key, Modifiers, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::app::tools::Tool;
use hexmap::hex::Hex;
use hexmap::map::{HexMap, KeyEntry};

/// The hexcrawl sample, with one more entry (on 0101) whose link names a hex without one.
fn hexcrawl() -> HexMap {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let (mut map, _) = hexmap::io::load(&path).unwrap();
    let corner = map.hex_of_label("0101").unwrap();
    assert!(
        map.hex_of_label("0102")
            .is_some_and(|h| map.key_entry(h).is_none())
    );
    map.set_key_entry(
        corner,
        Some(KeyEntry::new("Corner Stone", "Walk on to [[0102]].")),
    )
    .unwrap();
    map
}

fn editor(map: HexMap) -> Harness<'static, EditorApp> {
    editor_of_height(map, 900.0)
}

/// The editor in a window 1400 px wide and `height` tall.
fn editor_of_height(map: HexMap, height: f32) -> Harness<'static, EditorApp> {
    let doc = OpenMap::from_map(map);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1400.0, height))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    h
}

/// View → Key panel, then Escape closes the menu.
fn open_key_panel(h: &mut Harness<'static, EditorApp>) {
    h.get_by_label("View").click();
    settle(h);
    h.get_by_label("Key panel").click();
    settle(h);
    h.key_press(Key::Escape);
    settle(h);
}

fn shown(h: &Harness<'static, EditorApp>) -> Vec<String> {
    painted_texts(h).into_iter().map(|(t, _)| t).collect()
}

fn hex(h: &Harness<'static, EditorApp>, label: &str) -> Hex {
    h.state().view().doc().map().hex_of_label(label).unwrap()
}

#[test]
fn an_entry_opened_below_a_long_list_is_scrolled_into_view() {
    // 900 px under the family's breadcrumb: the 22 entries fill the panel, and the entry
    // opened by a click would start below its bottom edge.
    let mut h = editor(hexcrawl());
    open_key_panel(&mut h);
    h.get_by_label("1006 Hold Varr").click();
    settle(&mut h);
    let texts = shown(&h);
    assert!(texts.iter().any(|t| t == "Pass toll"), "{texts:?}");
}

#[test]
fn a_click_in_the_key_panel_centres_selects_and_opens_the_entry_and_links_are_followed() {
    // Tall enough for the whole list of 22 entries, the family's breadcrumb bar and the
    // open entry below them in the one panel.
    let mut h = editor_of_height(hexcrawl(), 1000.0);
    assert!(
        h.query_by_label("0210 Wreck of the Heron").is_none(),
        "the panel starts shut"
    );
    open_key_panel(&mut h);
    let texts = shown(&h);
    assert!(texts.iter().any(|t| t == "22 of 22 entries"), "{texts:?}");
    let list: Vec<&String> = texts
        .iter()
        .filter(|t| t.len() > 5 && t[..4].bytes().all(|b| b.is_ascii_digit()))
        .collect();
    assert_eq!(list.first().map(|s| s.as_str()), Some("0101 Corner Stone"));
    assert_eq!(list.last().map(|s| s.as_str()), Some("1602 Far Cairn"));
    assert!(texts.iter().any(|t| t == "0307 Smugglers' Cove (GM only)"));

    h.get_by_label("1006 Hold Varr").click();
    settle(&mut h);
    let varr = hex(&h, "1006");
    assert_eq!(h.state().view().selection(), [varr]);
    let layout = h.state().view().doc().layout();
    let centre = h.state().view().camera().centre;
    let want = layout.hex_to_pixel(varr);
    assert!((centre.x - want.x).abs() < 1e-6 && (centre.y - want.y).abs() < 1e-6);
    let texts = shown(&h);
    // The GM's text, its emphasis shown as such: the words without their stars.
    assert!(texts.iter().any(|t| t == "Pass toll"), "{texts:?}");
    assert!(!texts.iter().any(|t| t.contains("*Pass toll*")));

    // The link to Saltmere: followed by a click, which opens it with its list.
    h.get_by_label("0507").click();
    settle(&mut h);
    assert_eq!(h.state().view().selection(), [hex(&h, "0507")]);
    let texts = shown(&h);
    assert!(
        texts.iter().any(|t| t == "  • "),
        "a list item's bullet: {texts:?}"
    );
    assert!(texts.iter().any(|t| t == "The Gull"), "{texts:?}");
    assert!(texts.iter().any(|t| t == "three hundred"), "{texts:?}");

    // A link to a hex without an entry is shown, and is no link.
    h.get_by_label("0101 Corner Stone").click();
    settle(&mut h);
    let missing = h.get_by_label("0102");
    assert_ne!(
        missing.accesskit_node().role(),
        eframe::egui::accesskit::Role::Link
    );
    missing.click();
    settle(&mut h);
    assert_eq!(
        h.state().view().selection(),
        [hex(&h, "0101")],
        "nothing followed"
    );
}

#[test]
fn the_search_and_the_tag_narrow_the_list_and_enter_opens_a_selected_hex() {
    let mut h = editor(hexcrawl());
    open_key_panel(&mut h);
    h.get_by_role(eframe::egui::accesskit::Role::TextInput)
        .click();
    settle(&mut h);
    for c in "lair".chars() {
        h.event(Event::Text(c.to_string()));
        h.run();
    }
    settle(&mut h);
    let texts = shown(&h);
    assert!(texts.iter().any(|t| t == "4 of 22 entries"), "{texts:?}");
    for wanted in [
        "0307 Smugglers' Cove (GM only)",
        "0911 Deep Gate",
        "1310 Old Ylth",
        "1403 Wyvern Scar",
    ] {
        assert!(texts.iter().any(|t| t == wanted), "{wanted}: {texts:?}");
    }
    assert!(!texts.iter().any(|t| t == "1006 Hold Varr"));
    // The tag: only the castles among every entry (the search emptied first).
    for _ in 0..4 {
        h.key_press(Key::Backspace);
        h.run();
    }
    h.get_by_label("Tag").click();
    settle(&mut h);
    h.get_by_label("castle").click();
    settle(&mut h);
    let texts = shown(&h);
    assert!(texts.iter().any(|t| t == "2 of 22 entries"), "{texts:?}");

    // Enter on a keyed hex the Select tool picked opens its entry.
    h.get_by_label(Tool::Select.label()).click();
    settle(&mut h);
    let cove = hex(&h, "0210");
    click_hex(&mut h, cove);
    assert_eq!(h.state().view().selection(), [cove]);
    assert!(
        !shown(&h)
            .iter()
            .any(|t| t == "A merchant ship on the rocks at low tide.")
    );
    h.key_press_modifiers(Modifiers::NONE, Key::Enter);
    settle(&mut h);
    assert!(
        shown(&h)
            .iter()
            .any(|t| t == "A merchant ship on the rocks at low tide."),
        "{:?}",
        shown(&h)
    );
}

/// The key marks painted in the last frame: (public discs, GM-only diamonds), each with
/// its centre.
fn key_marks(h: &Harness<'static, EditorApp>) -> (Vec<Pos2>, Vec<Pos2>) {
    use eframe::egui::Shape;
    use hexmap::app::canvas::key_marks::KEY_MARK;
    use hexmap::app::canvas::secret_marks::SECRET;
    fn collect(shape: &Shape, out: &mut Vec<Shape>) {
        match shape {
            Shape::Vec(v) => v.iter().for_each(|s| collect(s, out)),
            s => out.push(s.clone()),
        }
    }
    let mut shapes = Vec::new();
    for clipped in &h.output().shapes {
        collect(&clipped.shape, &mut shapes);
    }
    let (mut discs, mut diamonds) = (Vec::new(), Vec::new());
    for s in shapes {
        match s {
            Shape::Circle(c) if c.fill == KEY_MARK => discs.push(c.center),
            Shape::Path(p)
                if p.closed
                    && p.points.len() == 4
                    && matches!(p.stroke.color, eframe::egui::epaint::ColorMode::Solid(c) if c == SECRET) =>
            {
                let n = p.points.len() as f32;
                let sum = p.points.iter().fold(Vec2::ZERO, |a, q| a + q.to_vec2());
                diamonds.push((sum / n).to_pos2());
            }
            _ => {}
        }
    }
    (discs, diamonds)
}

#[test]
fn keyed_hexes_are_marked_a_gm_only_entry_otherwise_and_the_title_shows_on_hover() {
    let mut h = editor(hexcrawl());
    let map = h.state().view().doc().map().clone();
    let (public, secret): (Vec<Hex>, Vec<Hex>) = {
        let (s, p): (Vec<_>, Vec<_>) = map.key_entries().iter().partition(|(_, e)| e.gm_only);
        (
            p.into_iter().map(|(h, _)| *h).collect(),
            s.into_iter().map(|(h, _)| *h).collect(),
        )
    };
    assert!(public.len() >= 15 && !secret.is_empty());
    let (discs, diamonds) = key_marks(&h);
    assert_eq!((discs.len(), diamonds.len()), (public.len(), secret.len()));
    // Each mark lies on its own hex, as the map's layout picks it.
    let view = h.state().view();
    let layout = view.doc().layout();
    let camera = *view.camera();
    let rect = view.canvas_rect();
    let hex_at = |p: Pos2| layout.pixel_to_hex_rounded(camera.screen_to_world(rect, p));
    let mut on: Vec<Hex> = discs.iter().map(|&p| hex_at(p)).collect();
    on.sort();
    let mut want = public.clone();
    want.sort();
    assert_eq!(on, want);
    assert_eq!(
        diamonds
            .iter()
            .map(|&p| hex_at(p))
            .collect::<Vec<_>>()
            .len(),
        secret.len()
    );
    for &p in &diamonds {
        assert!(secret.contains(&hex_at(p)));
    }
    // The title while the pointer is over the hex.
    let varr = hex(&h, "1006");
    let p = h.state().view().hex_to_screen(varr);
    h.hover_at(p);
    settle(&mut h);
    assert!(
        shown(&h).iter().any(|t| t == "key: 1006 Hold Varr"),
        "{:?}",
        shown(&h)
    );
    // The players' view on this window: no mark tells them a hex is keyed.
    h.get_by_label("View").click();
    settle(&mut h);
    h.get_by_label("Player view (this window)").click();
    settle(&mut h);
    let (discs, diamonds) = key_marks(&h);
    assert_eq!((discs.len(), diamonds.len()), (0, 0));
    let p = h.state().view().hex_to_screen(varr);
    h.hover_at(p);
    settle(&mut h);
    assert!(
        !shown(&h).iter().any(|t| t.starts_with("key:")),
        "{:?}",
        shown(&h)
    );
}

#[test]
fn the_list_follows_an_erased_entry_and_its_undo_while_the_panel_is_open() {
    let mut h = editor(hexcrawl());
    open_key_panel(&mut h);
    assert!(shown(&h).iter().any(|t| t == "22 of 22 entries"));
    let varr = hex(&h, "1006");
    h.get_by_label("Eraser").click();
    settle(&mut h);
    click_hex(&mut h, varr);
    assert!(
        h.state().view().doc().map().key_entry(varr).is_none(),
        "erased"
    );
    settle(&mut h);
    let texts = shown(&h);
    assert!(texts.iter().any(|t| t == "21 of 21 entries"), "{texts:?}");
    assert!(!texts.iter().any(|t| t == "1006 Hold Varr"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    let texts = shown(&h);
    assert!(texts.iter().any(|t| t == "22 of 22 entries"), "{texts:?}");
    assert!(texts.iter().any(|t| t == "1006 Hold Varr"));
}

#[test]
fn the_key_panel_lists_icon_and_region_entries_and_a_click_centres_on_their_owner() {
    let mut h = editor(hexcrawl());
    open_key_panel(&mut h);
    let texts = shown(&h);
    let stones = h.state().view().doc().map().icons_at(hex(&h, "0603"))[0].id;
    let icon_row = format!("0603 icon {stones} The warm stone");
    // The icon's entry right after its hex's own; the regions' after every hex.
    let at = |t: &str| texts.iter().position(|x| x == t);
    let (hex_row, icon_at) = (at("0603 The Nine"), at(&icon_row));
    assert!(
        icon_at.is_some() && hex_row.is_some_and(|h| icon_at == Some(h + 1)),
        "{texts:?}"
    );
    // The barony's entry is titled with its name: said once.
    let barony = "Region Barony of Saltmere";
    let frost = "Region Frostreach The long frost (GM only)";
    assert!(at(barony).is_some_and(|b| at("1602 Far Cairn").is_some_and(|f| f < b)));
    assert!(at(frost).is_some(), "{texts:?}");

    // A click on the icon's entry: centred on its hex, selected, opened.
    h.get_by_label(&icon_row).click();
    settle(&mut h);
    let stones_hex = hex(&h, "0603");
    assert_eq!(h.state().view().selection(), [stones_hex]);
    let texts = shown(&h);
    assert!(texts.iter().any(|t| t == "warm"), "emphasis: {texts:?}");
    assert!(
        texts.iter().any(|t| t.contains("At midsummer")),
        "{texts:?}"
    );

    // A click on the region's entry: centred on the region's middle hex, which is one
    // of its own, and its list shown.
    h.get_by_label(barony).click();
    settle(&mut h);
    let map = h.state().view().doc().map().clone();
    let item = map
        .key_items()
        .into_iter()
        .find(|i| i.entry.title == "Barony of Saltmere")
        .unwrap();
    let middle = item.anchor().unwrap();
    assert!(item.hexes.contains(&middle));
    assert_eq!(h.state().view().selection(), [middle]);
    let centre = h.state().view().camera().centre;
    let want = h.state().view().doc().layout().hex_to_pixel(middle);
    assert!((centre.x - want.x).abs() < 1e-6 && (centre.y - want.y).abs() < 1e-6);
    let texts = shown(&h);
    assert!(
        texts.iter().any(|t| t == "tolls on the coast road"),
        "{texts:?}"
    );
}
