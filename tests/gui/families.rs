//! Maps inside maps in the editor: a double-click (or Enter) on a hex that holds a child
//! map opens it, the breadcrumb bar shows the path and goes back up, each map keeps its
//! own undo history across the switches, Save writes the whole family; linked hexes carry
//! a mark, a derived child shows its parent hex's outline and the neighbours' names; the
//! Maps panel lists the family and derives, unlinks, deletes and renames with undo, and
//! flags a child that no longer meets its parent; the player window follows the GM into a
//! child with that child's fog.

use crate::harness::{click_hex, painted_texts, settle, shapes_in, shown_labels, temp_dir, undo};
use eframe::egui::{Color32, Key, Modifiers, Pos2, Rect, Shape, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::Action;
use hexmap::app::EditorApp;
use hexmap::app::canvas::family_marks::FAMILY_MARK;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::app::tools::Tool;
use hexmap::hex::Hex;
use hexmap::map::{Edit, FeatureEdit, HexMap};
use std::path::{Path, PathBuf};

/// A copy of the hexcrawl family (the kingdom, Saltmere on 0507, Hold Varr on 1006) in a
/// scratch folder of its own.
fn hexcrawl_copy(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let to = dir.join("hexcrawl.ron");
    std::fs::copy(from, &to).unwrap();
    to
}

fn editor_on(doc: OpenMap) -> Harness<'static, EditorApp> {
    let mut h = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        // Frames a sixtieth of a second apart, so two clicks can make a double-click.
        .with_step_dt(1.0 / 60.0)
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    h
}

fn hex(h: &Harness<'static, EditorApp>, label: &str) -> Hex {
    h.state().view().doc().map().hex_of_label(label).unwrap()
}

fn name(h: &Harness<'static, EditorApp>) -> String {
    h.state().view().doc().map().name().to_owned()
}

/// Two clicks on `hex` a frame apart, as a person double-clicks.
fn double_click_hex(h: &mut Harness<'static, EditorApp>, hex: Hex) {
    let p = h.state().view().hex_to_screen(hex);
    h.hover_at(p);
    // Half a second passes before the double-click, as it does for a person (egui takes
    // two clicks within 0.3 s of an earlier one for a triple click).
    h.run_steps(30);
    for _ in 0..2 {
        h.drag_at(p);
        h.step();
        h.drop_at(p);
        h.step();
    }
    settle(h);
}

fn select_tool(h: &mut Harness<'static, EditorApp>, tool: Tool) {
    h.get_by_label(tool.label()).click();
    settle(h);
}

/// Choose terrain `name` in the palette and brush it onto `at`.
fn brush(h: &mut Harness<'static, EditorApp>, terrain: &str, at: Hex) {
    let t = h
        .state()
        .view()
        .doc()
        .map()
        .palette()
        .terrains()
        .iter()
        .find(|t| t.name == terrain)
        .unwrap()
        .clone();
    h.get_by_label(&format!("{} {}", t.symbol, t.name)).click();
    settle(h);
    select_tool(h, Tool::Brush);
    click_hex(h, at);
}

fn terrain_name(map: &HexMap, at: Hex) -> Option<String> {
    let t = map.terrain(at)?;
    map.palette().get(t).map(|t| t.name.clone())
}

/// The breadcrumb as shown: the texts painted on the line of the root's name at the top
/// left, from left to right.
fn crumbs(h: &Harness<'static, EditorApp>) -> String {
    let texts = painted_texts(h);
    let Some((_, root)) = texts
        .iter()
        .filter(|(t, r)| t == "The Marches of Ylth" && r.min.x < 300.0)
        .min_by(|a, b| a.1.min.y.total_cmp(&b.1.min.y))
    else {
        return String::new();
    };
    let mut line: Vec<&(String, Rect)> = texts
        .iter()
        .filter(|(_, r)| (r.center().y - root.center().y).abs() < 6.0 && r.min.x >= root.min.x)
        .collect();
    line.sort_by(|a, b| a.1.min.x.total_cmp(&b.1.min.x));
    line.iter()
        .map(|(t, _)| t.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_child_opens_by_double_click_and_enter_goes_back_up_by_the_breadcrumb_and_each_map_keeps_its_undo()
 {
    let file = hexcrawl_copy("family-undo");
    let mut h = editor_on(OpenMap::load(&file).unwrap());
    assert_eq!(name(&h), "The Marches of Ylth");
    assert!(
        crumbs(&h).starts_with("The Marches of Ylth"),
        "{:?}",
        shown_labels(&h)
    );
    select_tool(&mut h, Tool::Select);
    let saltmere_hex = hex(&h, "0507");
    double_click_hex(&mut h, saltmere_hex);
    assert_eq!(name(&h), "Saltmere");
    assert_eq!(crumbs(&h), "The Marches of Ylth › 0507 › Saltmere");

    // An edit in the child.
    let harbour = hex(&h, "0404");
    let child_before = terrain_name(h.state().view().doc().map(), harbour);
    assert_ne!(child_before.as_deref(), Some("Mountains"));
    brush(&mut h, "Mountains", harbour);
    assert_eq!(
        terrain_name(h.state().view().doc().map(), harbour).as_deref(),
        Some("Mountains")
    );

    // Back up by the breadcrumb, an edit there.
    go_up(&mut h);
    assert_eq!(name(&h), "The Marches of Ylth");
    let field = hex(&h, "0303");
    let parent_before = terrain_name(h.state().view().doc().map(), field);
    assert_ne!(parent_before.as_deref(), Some("Mountains"));
    brush(&mut h, "Mountains", field);
    assert_eq!(
        terrain_name(h.state().view().doc().map(), field).as_deref(),
        Some("Mountains")
    );

    // Save writes the family: both edits in the file.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    let (saved, _) = hexmap::io::load(&file).unwrap();
    assert_eq!(terrain_name(&saved, field).as_deref(), Some("Mountains"));
    let saved_child = &saved.children()[0].map;
    assert_eq!(saved_child.name(), "Saltmere");
    assert_eq!(
        terrain_name(saved_child, harbour).as_deref(),
        Some("Mountains")
    );
    assert!(!h.state().view().doc().is_modified());

    // Undo in the parent takes back the parent's edit only, and then there is nothing
    // more to undo there: the child's edit is the child's.
    undo(&mut h);
    assert_eq!(
        terrain_name(h.state().view().doc().map(), field),
        parent_before
    );
    assert!(!h.state().view().doc().document().can_undo());
    let family = h.state().view().doc().family_map().into_owned();
    assert_eq!(
        terrain_name(&family.children()[0].map, harbour).as_deref(),
        Some("Mountains")
    );

    // Enter on the selected linked hex opens the child again; its undo is still there.
    select_tool(&mut h, Tool::Select);
    click_hex(&mut h, saltmere_hex);
    assert_eq!(h.state().view().selection(), [saltmere_hex]);
    h.key_press_modifiers(Modifiers::NONE, Key::Enter);
    settle(&mut h);
    assert_eq!(name(&h), "Saltmere");
    undo(&mut h);
    assert_eq!(
        terrain_name(h.state().view().doc().map(), harbour),
        child_before
    );
    assert!(!h.state().view().doc().document().can_undo());

    // Up again: the family holds neither edit.
    go_up(&mut h);
    let family = h.state().view().doc().family_map().into_owned();
    assert_eq!(terrain_name(&family, field), parent_before);
    assert_eq!(
        terrain_name(&family.children()[0].map, harbour),
        child_before
    );
}

/// How many shapes painted on the canvas in the last frame lie in `rect` and are drawn
/// in `colour` (filled or stroked).
fn marks_in(h: &Harness<'static, EditorApp>, rect: Rect, colour: Color32) -> usize {
    let canvas = h.state().view().canvas_rect();
    shapes_in(h, canvas)
        .iter()
        .filter(|s| rect.contains_rect(s.visual_bounding_rect()))
        .filter(|s| match s {
            Shape::Path(p) => {
                p.fill == colour || p.stroke.color == eframe::egui::epaint::ColorMode::Solid(colour)
            }
            Shape::LineSegment { stroke, .. } => stroke.color == colour,
            _ => false,
        })
        .count()
}

#[test]
fn linked_hexes_carry_a_mark_and_a_derived_child_shows_its_parent_hex_and_the_neighbours_names() {
    let file = hexcrawl_copy("family-marks");
    let mut h = editor_on(OpenMap::load(&file).unwrap());
    let around = |h: &Harness<'static, EditorApp>, label: &str| {
        let c = h.state().view().hex_to_screen(hex(h, label));
        // The hex's box (hexes are about 66 points across here).
        Rect::from_center_size(c, Vec2::splat(60.0))
    };
    // 0507 and 1006 open maps; 0303 does not.
    for label in ["0507", "1006"] {
        let rect = around(&h, label);
        assert!(marks_in(&h, rect, FAMILY_MARK) >= 2, "no mark on {label}");
    }
    let rect = around(&h, "0303");
    assert_eq!(marks_in(&h, rect, FAMILY_MARK), 0, "a mark on 0303");

    let parent = h.state().view().doc().map().clone();
    let saltmere_hex = hex(&h, "0507");
    select_tool(&mut h, Tool::Select);
    double_click_hex(&mut h, saltmere_hex);
    assert_eq!(name(&h), "Saltmere");
    let texts: Vec<String> = painted_texts(&h).into_iter().map(|(t, _)| t).collect();
    // The six neighbours of 0507 in the kingdom, each named beside its side.
    let mut named = 0;
    for n in saltmere_hex.neighbors() {
        if !parent.contains(n) {
            continue;
        }
        let label = parent.hex_label(n);
        assert!(
            texts.iter().any(|t| t.starts_with(&format!("{label} "))),
            "{label} is not named: {texts:?}"
        );
        named += 1;
    }
    assert_eq!(named, 6);
    // The outline: line segments in the family colour around the parent hex (six sides
    // of k + 1 = 4 child edges and more).
    let canvas = h.state().view().canvas_rect();
    assert!(marks_in(&h, canvas, FAMILY_MARK) >= 18);
}

/// Click the root's name in the breadcrumb bar (the topmost of the texts that name it:
/// the Maps panel lists it too).
fn go_up(h: &mut Harness<'static, EditorApp>) {
    let top = h
        .query_all_by_label("The Marches of Ylth")
        .map(|n| n.rect())
        .min_by(|a, b| a.min.y.total_cmp(&b.min.y))
        .expect("the breadcrumb");
    crate::harness::click(h, top.center());
}

fn row_button(h: &Harness<'static, EditorApp>, text: &str) -> Pos2 {
    h.get_by_label(text).rect().center()
}

#[test]
fn the_maps_panel_lists_the_family_and_derives_unlinks_deletes_and_renames_with_undo() {
    let file = hexcrawl_copy("family-panel");
    let mut h = editor_on(OpenMap::load(&file).unwrap());
    h.get_by_label("View").click();
    settle(&mut h);
    h.get_by_label("Maps panel").click();
    settle(&mut h);
    h.key_press(Key::Escape);
    settle(&mut h);
    for row in [
        "The Marches of Ylth",
        "Saltmere (hex 0507)",
        "Hold Varr (hex 1006)",
    ] {
        assert!(
            h.query_all_by_label(row).next().is_some(),
            "{:?}",
            shown_labels(&h)
        );
    }
    // Derive a child of 0303 at the panel's ratio, 3.
    select_tool(&mut h, Tool::Select);
    let field = hex(&h, "0303");
    click_hex(&mut h, field);
    assert!(shown_labels(&h).iter().any(|l| l == "Selected hex: 0303"));
    h.get_by_label("Derive").click();
    settle(&mut h);
    let new_row = "Hex 0303 (hex 0303)";
    assert!(
        h.query_by_label(new_row).is_some(),
        "{:?}",
        shown_labels(&h)
    );
    let map = h.state().view().doc().map().clone();
    assert_eq!(map.children().len(), 3);
    assert_eq!(map.children()[2].derived.map(|d| d.radius), Some(3));

    // Open it from the panel, edit it, go back: deleting it and undoing keeps the edit.
    let p = row_button(&h, new_row);
    crate::harness::click(&mut h, p);
    assert_eq!(name(&h), "Hex 0303");
    let centre = hex(&h, "0404");
    brush(&mut h, "Mountains", centre);
    go_up(&mut h);
    let children = |h: &Harness<'static, EditorApp>| -> Vec<String> {
        h.state()
            .view()
            .doc()
            .map()
            .children()
            .iter()
            .map(|c| c.map.name().to_owned())
            .collect()
    };
    assert_eq!(children(&h), ["Saltmere", "Hold Varr", "Hex 0303"]);
    let deletes: Vec<Rect> = h.query_all_by_label("Delete").map(|n| n.rect()).collect();
    assert_eq!(deletes.len(), 3);
    crate::harness::click(&mut h, deletes[2].center());
    assert_eq!(children(&h), ["Saltmere", "Hold Varr"]);
    assert!(h.query_by_label(new_row).is_none());
    undo(&mut h);
    assert_eq!(children(&h), ["Saltmere", "Hold Varr", "Hex 0303"]);
    let family = h.state().view().doc().family_map().into_owned();
    assert_eq!(
        terrain_name(&family.children()[2].map, centre).as_deref(),
        Some("Mountains"),
        "the deleted child came back with its edit"
    );

    // Unlink Saltmere: no longer derived; undo: derived again.
    let unlinks: Vec<Rect> = h.query_all_by_label("Unlink").map(|n| n.rect()).collect();
    crate::harness::click(&mut h, unlinks[0].center());
    assert!(h.state().view().doc().map().children()[0].derived.is_none());
    undo(&mut h);
    assert!(h.state().view().doc().map().children()[0].derived.is_some());

    // A road of the kingdom that crossed 0507's sides taken away (the path tool's
    // Delete): the panel says Saltmere no longer meets its parent.
    assert!(
        !shown_labels(&h)
            .iter()
            .any(|l| l.starts_with("no longer meets"))
    );
    let road = h
        .state()
        .view()
        .doc()
        .map()
        .paths_through(saltmere_hex_of(&h))
        .first()
        .map(|p| p.id)
        .expect("a road through Saltmere");
    h.state_mut()
        .push(Action::Edit(Edit::Feature(FeatureEdit::DeletePath(road))));
    settle(&mut h);
    // The road ran on from Saltmere to Hold Varr: both children are flagged, one line
    // each under its row.
    let labels = shown_labels(&h);
    let row_of = |name: &str| labels.iter().position(|l| l.starts_with(name)).unwrap();
    let flags: Vec<usize> = (0..labels.len())
        .filter(|&i| labels[i].starts_with("no longer meets its parent"))
        .collect();
    let (saltmere, hold) = (row_of("Saltmere (hex"), row_of("Hold Varr (hex"));
    assert!(
        flags.iter().any(|&i| i == saltmere + 1) && flags.iter().any(|&i| i == hold + 1),
        "{labels:?}"
    );
    undo(&mut h);
    assert!(
        !shown_labels(&h)
            .iter()
            .any(|l| l.starts_with("no longer meets"))
    );

    // Rename the open map, and undo.
    h.get_by_label("Map name").focus();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.event(eframe::egui::Event::Text("Ylth".into()));
    settle(&mut h);
    h.get_by_label("Rename").click();
    settle(&mut h);
    assert_eq!(name(&h), "Ylth");
    assert!(h.query_all_by_label("Ylth").next().is_some());
    undo(&mut h);
    assert_eq!(name(&h), "The Marches of Ylth");
}

fn saltmere_hex_of(h: &Harness<'static, EditorApp>) -> Hex {
    hex(h, "0507")
}

/// A small family for the players: a kingdom of grass (its label "Open Fields") whose hex
/// (1, 1) opens a town map, the town's columns 4 and up hidden from the players, a label
/// on each side of the fog.
fn town_family() -> HexMap {
    use hexmap::hex::{OffsetCoord, OffsetKind, Orientation, Point};
    use hexmap::map::family::{ChildMap, Link};
    use hexmap::map::{Label, LabelId, MapProperties, MapShape, Palette, TerrainId};
    let grass_map = |name: &str, cols: u32, rows: u32| {
        let mut props = MapProperties::new(name, Orientation::Pointy);
        props.hex_size = Point::new(30.0, 30.0);
        let shape = MapShape::rectangle(OffsetKind::OddR, cols, rows).unwrap();
        let mut m = HexMap::new(props, shape, Palette::standard()).unwrap();
        for h in m.shape().iter().collect::<Vec<_>>() {
            m.set_terrain(h, TerrainId::new(2)).unwrap();
        }
        m
    };
    let at = |c, r| OffsetKind::OddR.to_hex(OffsetCoord::new(c, r));
    let mut town = grass_map("Town", 8, 6);
    for h in town.shape().iter().collect::<Vec<_>>() {
        if OffsetKind::OddR.from_hex(h).col >= 4 {
            town.set_hidden(h, true).unwrap();
        }
    }
    let layout = town.layout().unwrap();
    let steps = Label::new("Harbour Steps", layout.hex_to_pixel(at(1, 2)));
    let cave = Label::new("Smugglers Cave", layout.hex_to_pixel(at(6, 2)));
    town.add_label(LabelId(1), steps).unwrap();
    town.add_label(LabelId(2), cave).unwrap();
    let mut kingdom = grass_map("Kingdom", 6, 4);
    let layout = kingdom.layout().unwrap();
    let fields = Label::new("Open Fields", layout.hex_to_pixel(at(3, 2)));
    kingdom.add_label(LabelId(1), fields).unwrap();
    kingdom.set_children(vec![ChildMap {
        link: Link::Hex(at(1, 1)),
        derived: None,
        map: town,
    }]);
    kingdom
}

fn player_texts(h: &Harness<'static, EditorApp>) -> Vec<String> {
    let rect = h.get_by_label("player map").rect();
    shapes_in(h, rect)
        .into_iter()
        .filter_map(|s| match s {
            Shape::Text(t) => Some(t.galley.text().to_owned()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_player_window_follows_the_gm_into_a_child_with_the_childs_fog() {
    let mut h = editor_on(OpenMap::from_map(town_family()));
    h.get_by_label("View").click();
    settle(&mut h);
    h.get_by_label("Maps panel").click();
    settle(&mut h);
    h.key_press(Key::Escape);
    settle(&mut h);
    h.get_by_label("View").click();
    settle(&mut h);
    h.get_by_label("Player window").click();
    settle(&mut h);
    let shown = player_texts(&h);
    assert!(shown.iter().any(|t| t == "Open Fields"), "{shown:?}");
    assert!(!shown.iter().any(|t| t == "Harbour Steps"), "{shown:?}");

    let p = row_button(&h, "Town (hex 0202)");
    crate::harness::click(&mut h, p);
    assert_eq!(name(&h), "Town");
    let shown = player_texts(&h);
    assert!(shown.iter().any(|t| t == "Harbour Steps"), "{shown:?}");
    assert!(!shown.iter().any(|t| t == "Open Fields"), "{shown:?}");
    assert!(
        !shown.iter().any(|t| t == "Smugglers Cave"),
        "a label under the town's fog reached the players: {shown:?}"
    );
    // The GM sees it.
    let gm = painted_texts(&h);
    assert!(gm.iter().any(|(t, _)| t == "Smugglers Cave"));
}

fn offered(h: &Harness<'static, EditorApp>) -> bool {
    h.query_by_label("Update the maps inside?").is_some()
}

#[test]
fn a_change_of_a_parent_hex_offers_to_derive_an_untouched_child_again_and_never_changes_it_unasked()
{
    let file = hexcrawl_copy("family-update");
    let mut h = editor_on(OpenMap::load(&file).unwrap());
    let saltmere_hex = hex(&h, "0507");
    let child = |h: &Harness<'static, EditorApp>, i: usize| {
        h.state().view().doc().family_map().children()[i]
            .map
            .clone()
    };
    let before = child(&h, 0);
    // Far from both children's hexes: nothing offered.
    let far = hex(&h, "0303");
    brush(&mut h, "Mountains", far);
    assert!(!offered(&h));
    // Saltmere's own hex becomes forest: the offer names Saltmere; nothing changed yet.
    brush(&mut h, "Forest", saltmere_hex);
    assert!(offered(&h));
    let texts: Vec<String> = painted_texts(&h).into_iter().map(|(t, _)| t).collect();
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("\"Saltmere\" was derived from hex 0507")),
        "{texts:?}"
    );
    assert_eq!(child(&h, 0), before, "changed before the answer");
    h.get_by_label("Update").click();
    settle(&mut h);
    assert!(!offered(&h));
    let updated = child(&h, 0);
    let centre = updated.hex_of_label("0404").unwrap();
    assert_eq!(terrain_name(&updated, centre).as_deref(), Some("Forest"));
    // The update is one undo step of the kingdom's.
    undo(&mut h);
    assert_eq!(child(&h, 0), before);
    assert_eq!(
        terrain_name(h.state().view().doc().map(), saltmere_hex).as_deref(),
        Some("Forest")
    );

    // Hold Varr (with generated detail): Keep leaves it, and it is not offered again.
    let hold_before = child(&h, 1);
    let hold = hex(&h, "1006");
    brush(&mut h, "Sea", hold);
    assert!(offered(&h));
    h.get_by_label("Keep as it is").click();
    settle(&mut h);
    assert!(!offered(&h));
    brush(&mut h, "Grass", hold);
    assert!(!offered(&h));
    assert_eq!(child(&h, 1), hold_before);
}

#[test]
fn a_child_changed_by_hand_is_not_offered_an_update() {
    let file = hexcrawl_copy("family-touched");
    let mut h = editor_on(OpenMap::load(&file).unwrap());
    let saltmere_hex = hex(&h, "0507");
    select_tool(&mut h, Tool::Select);
    double_click_hex(&mut h, saltmere_hex);
    assert_eq!(name(&h), "Saltmere");
    let edge = hex(&h, "0202");
    brush(&mut h, "Mountains", edge);
    go_up(&mut h);
    brush(&mut h, "Forest", saltmere_hex);
    assert!(!offered(&h));
}
