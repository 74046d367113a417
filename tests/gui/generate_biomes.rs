//! Map → Generate… → Biomes driven as a person drives it: the biome table as a
//! grid whose edits the generated map follows, kept in the preferences, loaded and saved
//! as a biome file through the file dialogs, and refused with the row named when it
//! cannot be used.

use crate::harness::{settle, shown_labels};
use eframe::egui::{Role, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::{DialogReply, FakeDialogs};
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::generate::BiomeTable;
use hexmap::io::biomes::{biomes_from_str, load_biomes};
use hexmap::map::HexMap;
use std::path::PathBuf;

fn harness(dialogs: FakeDialogs) -> Harness<'static, EditorApp> {
    harness_of_size(dialogs, Vec2::new(1400.0, 1200.0))
}

/// The editor on a new map in a window of `size`.
fn harness_of_size(dialogs: FakeDialogs, size: Vec2) -> Harness<'static, EditorApp> {
    let doc = OpenMap::new_map(&NewMapSpec::default()).expect("valid spec");
    let mut h = Harness::builder()
        .with_size(size)
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    crate::harness::settle(&mut h);
    h
}

/// Open Map → Generate… and its Biomes section (which stays open once opened).
fn open_biomes(h: &mut Harness<'static, EditorApp>) {
    h.get_by_label("Map").click();
    settle(h);
    h.get_by_label("Generate…").click();
    settle(h);
    if h.query_by_role_and_label(Role::ComboBox, "1").is_none() {
        h.get_by_label("Biomes").click();
        settle(h);
    }
}

/// The terrain boxes of the grid showing `name`.
fn boxes_showing(h: &Harness<'static, EditorApp>, name: &str) -> usize {
    h.query_all_by_role(Role::ComboBox)
        .filter(|n| n.accesskit_node().value().as_deref() == Some(name))
        .count()
}

/// Choose `to` in the terrain box of the row that shows `from`.
fn change_row(h: &mut Harness<'static, EditorApp>, from: &str, to: &str) {
    // The grid scrolls: the row is brought into view first, as a person scrolls to it.
    for scroll in [true, false] {
        let row = h
            .query_all_by_role(Role::ComboBox)
            .find(|n| n.accesskit_node().value().as_deref() == Some(from))
            .unwrap_or_else(|| panic!("no row shows {from}: {:?}", shown_labels(h)));
        if scroll {
            row.scroll_to_me();
        } else {
            row.click();
        }
        settle(h);
    }
    // The entry in the open list (not another row's box that shows the same name).
    h.get_all_by_label(to)
        .rfind(|n| n.accesskit_node().role() != Role::ComboBox)
        .unwrap_or_else(|| panic!("no entry {to}"))
        .click();
    settle(h);
}

fn name_at(map: &HexMap, h: hexmap::hex::Hex) -> String {
    let t = map.terrain(h).and_then(|t| map.palette().get(t));
    t.map_or("(none)".to_owned(), |t| t.name.clone())
}

/// Apply, then Discard when the map generated before is asked about (Apply makes a new
/// map; the last one, unsaved, is not kept).
fn apply(h: &mut Harness<'static, EditorApp>) -> HexMap {
    h.get_by_label("Apply").click();
    settle(h);
    if h.query_by_label("Unsaved changes").is_some() {
        h.get_by_label("Discard").click();
        settle(h);
    }
    assert!(
        h.query_by_label_contains("Applied: ").is_some(),
        "{:?}",
        shown_labels(h)
    );
    h.state().view().doc().map().clone()
}

#[test]
fn a_row_changed_from_grassland_to_desert_gives_desert_where_the_standard_gives_grassland() {
    let mut h = harness(FakeDialogs::default());
    open_biomes(&mut h);
    assert_eq!(boxes_showing(&h, "Grassland"), 1, "{:?}", shown_labels(&h));
    let standard = apply(&mut h);

    change_row(&mut h, "Grassland", "Desert");
    assert_eq!(boxes_showing(&h, "Grassland"), 0);
    assert_eq!(boxes_showing(&h, "Desert"), 2);
    let edited = apply(&mut h);

    let mut was_grass = 0;
    for c in standard.shape().iter() {
        let (was, now) = (name_at(&standard, c), name_at(&edited, c));
        if was == "Grassland" {
            assert_eq!(now, "Desert", "{c:?}");
            was_grass += 1;
        } else {
            assert_eq!(now, was, "{c:?}: only Grassland changes");
        }
    }
    assert!(
        was_grass > 10,
        "the standard table gave {was_grass} Grassland cells"
    );

    // The table is kept in the preferences: the window opens with it again.
    let kept = h
        .state()
        .view()
        .prefs()
        .generate_biomes
        .clone()
        .expect("kept");
    let table = biomes_from_str(&kept).unwrap();
    assert_eq!(table.rules.last().unwrap().terrain, "Desert");
    h.get_by_label("Close").click();
    settle(&mut h);
    open_biomes(&mut h);
    assert_eq!(boxes_showing(&h, "Grassland"), 0, "{:?}", shown_labels(&h));
    assert_eq!(boxes_showing(&h, "Desert"), 2);
    // Standard puts it back, and forgets the edited one.
    h.get_by_label("Standard").click();
    settle(&mut h);
    assert_eq!(boxes_showing(&h, "Grassland"), 1);
    assert_eq!(h.state().view().prefs().generate_biomes, None);
}

#[test]
fn save_and_load_go_through_the_file_dialogs_and_a_bad_table_names_its_problem() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("mine.ron");
    let desert = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("maps/biomes/desert-world.ron");
    let bad = dir.path().join("bad.ron");
    std::fs::write(
        &bad,
        "(version: 1, rows: [(terrain: \"Sea\", below_elevation: 0), (terrain: \"Hills\", min_elevation: 900, below_elevation: 100), (terrain: \"Desert\")])",
    )
    .unwrap();
    let mut h = harness(FakeDialogs::with_answers([
        DialogReply::SaveBiomes(saved.clone()),
        DialogReply::OpenBiomes(desert.clone()),
        DialogReply::OpenBiomes(bad.clone()),
    ]));
    open_biomes(&mut h);
    let before = h.state().view().doc().map().clone();

    h.get_by_label("Save…").click();
    settle(&mut h);
    assert_eq!(load_biomes(&saved).unwrap(), BiomeTable::standard());

    h.get_by_label("Load…").click();
    settle(&mut h);
    assert_eq!(boxes_showing(&h, "Mountains"), 1, "{:?}", shown_labels(&h));
    assert_eq!(boxes_showing(&h, "Forest"), 0);
    let map = apply(&mut h);
    let names: Vec<String> = map.shape().iter().map(|c| name_at(&map, c)).collect();
    assert!(names.iter().filter(|n| *n == "Desert").count() > 50);
    assert!(!names.iter().any(|n| n == "Forest" || n == "Snow"));

    // A file that cannot be used is refused, naming the file and the row.
    h.get_by_label("Load…").click();
    settle(&mut h);
    let error = h
        .state()
        .view()
        .error()
        .expect("an error on show")
        .to_owned();
    assert!(
        error.contains("bad.ron") && error.contains("row 2 (Hills)"),
        "{error}"
    );
    h.get_by_label("OK").click();
    settle(&mut h);
    assert_eq!(boxes_showing(&h, "Mountains"), 1, "the loaded table stays");

    // Removing the last row leaves land no row takes: said under the grid, and Apply
    // changes nothing.
    h.get_all_by_label("Remove").next_back().unwrap().click();
    settle(&mut h);
    assert!(
        h.query_by_label_contains("Biomes: no row takes elevation")
            .is_some(),
        "{:?}",
        shown_labels(&h)
    );
    h.get_by_label("Apply").click();
    settle(&mut h);
    assert!(h.state().view().doc().map() == &map);
    assert!(h.state().view().doc().map() != &before);
    // "Add row" adds a row with no bounds at the end: the table is whole again.
    h.get_by_label("Add row").click();
    settle(&mut h);
    assert!(h.query_by_label_contains("no row takes").is_none());
    assert!(h.query_by_label_contains("Cannot generate").is_none());
    assert_eq!(boxes_showing(&h, "Grassland"), 2, "{:?}", shown_labels(&h));
}

/// The `row`-th (0-based) box of the grid's column headed `column`.
fn bound_box<'h>(
    h: &'h Harness<'static, EditorApp>,
    column: &'h str,
    row: usize,
) -> egui_kittest::Node<'h> {
    h.query_all_by_label(column)
        .filter(|n| n.accesskit_node().role() == Role::SpinButton)
        .nth(row)
        .unwrap_or_else(|| panic!("no row {row} under {column}: {:?}", shown_labels(h)))
}

/// The row (0-based) whose terrain box shows `name`.
fn row_of(h: &Harness<'static, EditorApp>, name: &str) -> usize {
    h.query_all_by_role(Role::ComboBox)
        .filter(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.parse::<usize>().is_ok())
        })
        .position(|n| n.accesskit_node().value().as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no row shows {name}"))
}

#[test]
fn a_row_s_temperature_bounds_are_shown_and_typed_and_the_world_follows_them() {
    let mut h = harness(FakeDialogs::default());
    open_biomes(&mut h);
    let shown = |h: &Harness<'static, EditorApp>, column: &str, row: usize| {
        bound_box(h, column, row)
            .accesskit_node()
            .value()
            .unwrap_or_default()
    };
    // The standard table's bounds as its rows have them: tundra below −2 °C, beaches from
    // 5 °C, grassland at any temperature.
    let (tundra, beach, grass) = (
        row_of(&h, "Tundra"),
        row_of(&h, "Beach"),
        row_of(&h, "Grassland"),
    );
    assert_eq!(shown(&h, "Temperature\nbelow", tundra), "-2");
    assert_eq!(shown(&h, "Temperature\nfrom", tundra), "any");
    assert_eq!(shown(&h, "Temperature\nfrom", beach), "5");
    assert_eq!(shown(&h, "Temperature\nfrom", grass), "any");
    assert_eq!(shown(&h, "Temperature\nbelow", grass), "any");
    let standard = apply(&mut h);

    // Tundra up to 40 °C, typed as a person types it: every land cell the rows after
    // tundra took is tundra now; the water, beaches, hills, mountains and snow before it
    // stay.
    bound_box(&h, "Temperature\nbelow", tundra).scroll_to_me();
    settle(&mut h);
    bound_box(&h, "Temperature\nbelow", tundra).click();
    settle(&mut h);
    for c in "40".chars() {
        h.event(eframe::egui::Event::Text(c.to_string()));
    }
    h.key_press(eframe::egui::Key::Enter);
    settle(&mut h);
    assert_eq!(shown(&h, "Temperature\nbelow", tundra), "40");
    let kept = h.state().view().prefs().generate_biomes.clone();
    let kept = biomes_from_str(&kept.expect("the edited table is kept")).unwrap();
    assert_eq!(kept.rules[tundra].below_temperature, 40);
    let edited = apply(&mut h);

    let after_tundra = [
        "Taiga",
        "Steppe",
        "Desert",
        "Swamp",
        "Rainforest",
        "Savanna",
        "Forest",
        "Grassland",
    ];
    let mut now_tundra = 0;
    for c in standard.shape().iter() {
        let (was, now) = (name_at(&standard, c), name_at(&edited, c));
        if after_tundra.contains(&was.as_str()) {
            assert_eq!(now, "Tundra", "{c:?} was {was}");
            now_tundra += 1;
        } else {
            assert_eq!(now, was, "{c:?}");
        }
    }
    assert!(now_tundra > 50, "{now_tundra} cells turned to tundra");
}

#[test]
fn the_biome_grid_fits_a_1280_by_800_screen_with_every_row_s_buttons_on_it() {
    let screen_size = Vec2::new(1280.0, 800.0);
    let mut h = harness_of_size(FakeDialogs::default(), screen_size);
    open_biomes(&mut h);
    // A window frame or two to settle where the wider window sits.
    settle(&mut h);
    let screen = eframe::egui::Rect::from_min_size(eframe::egui::Pos2::ZERO, screen_size);
    let removes: Vec<_> = h.get_all_by_label("Remove").map(|n| n.rect()).collect();
    assert_eq!(removes.len(), BiomeTable::standard().rules.len());
    // Every row's last button lies within the screen's width (none cut off at its right
    // edge); the first row, shown without scrolling down, and its temperature box are
    // wholly on screen.
    for r in &removes {
        assert!(r.max.x <= screen.max.x, "{r:?}");
    }
    assert!(screen.contains_rect(removes[0]), "{:?}", removes[0]);
    let temperature = bound_box(&h, "Temperature\nbelow", 0).rect();
    assert!(screen.contains_rect(temperature), "{temperature:?}");
}
