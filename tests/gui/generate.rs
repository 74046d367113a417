//! Map → Generate… driven as a person drives it: the window shows a preview of
//! the map its settings give, Apply makes it a new map (unsaved, named by the generator),
//! and "New roads" lays the roads again on the open map.

use crate::harness::{editor_on, settle, shown_labels, wait_until};
use eframe::egui::{Role, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::app::{Action, EditorApp};
use hexmap::map::{Edit, FeatureEdit};
use std::time::Duration;

/// The window the Generate window with its biome table fits in.
const WINDOW: Vec2 = Vec2::new(1400.0, 1000.0);

fn harness() -> Harness<'static, EditorApp> {
    let doc = OpenMap::new_map(&NewMapSpec::default()).expect("valid spec");
    editor_on(doc, WINDOW)
}

fn open_window(h: &mut Harness<'static, EditorApp>) {
    h.get_by_label("Map").click();
    settle(h);
    h.get_by_label("Generate…").click();
    settle(h);
}

#[test]
fn generate_previews_applies_as_one_undo_step_and_lays_new_roads() {
    let mut h = harness();
    let before = h.state().view().doc().map().clone();
    assert!(before.elevation_layer().is_none());
    open_window(&mut h);
    // The preview follows the form: a summary of the map it would make is on screen.
    let preview = shown_labels(&h)
        .into_iter()
        .find(|t| t.starts_with("Preview: ") && t.contains("% sea"))
        .unwrap_or_else(|| panic!("{:?}", shown_labels(&h)));
    assert!(
        preview.contains(&format!("{} cells", before.cell_count())),
        "{preview}"
    );
    h.get_by_label("Apply").click();
    settle(&mut h);
    let map = h.state().view().doc().map().clone();
    assert!(
        map.elevation_layer().is_some(),
        "the generated map replaced the open one"
    );
    assert_eq!(map.cell_count(), before.cell_count());
    assert!(map.edges().count() > 0 && !map.icons().is_empty());
    assert!(
        h.query_by_label_contains("Applied: ").is_some(),
        "{:?}",
        shown_labels(&h)
    );
    // A new map: named by the generator, with no file, unsaved; the old map is not one
    // undo step away (it was not edited).
    assert!(
        map.name().starts_with("Generated "),
        "named by the generator: {}",
        map.name()
    );
    let doc = h.state().view().doc();
    assert!(doc.path().is_none() && doc.is_modified());
    assert!(!doc.document().can_undo());

    // Delete every road, then "New roads" lays them again on this map.
    let ids: Vec<_> = map.paths().iter().map(|p| p.id).collect();
    assert!(!ids.is_empty());
    for id in ids {
        h.state_mut()
            .push(Action::Edit(Edit::Feature(FeatureEdit::DeletePath(id))));
    }
    settle(&mut h);
    assert!(h.state().view().doc().map().paths().is_empty());
    h.get_by_label("New roads").click();
    settle(&mut h);
    let again = h.state().view().doc().map();
    assert_eq!(again.paths().len(), map.paths().len());
    assert!(h.query_by_label("New roads laid on this map.").is_some());
}

#[test]
fn a_large_world_is_generated_off_the_ui_pass_and_applied_when_ready() {
    // 210 × 200 = 42,000 cells: past the live preview's limit, so Apply starts a job.
    let big = hexmap::map::testing::TestMap::rectangle(hexmap::hex::OffsetKind::OddR, 210, 200)
        .named("big")
        .build();
    let mut h = editor_on(OpenMap::from_map(big.clone()), WINDOW);
    open_window(&mut h);
    assert!(
        h.query_by_label("Preview: none yet").is_some(),
        "{:?}",
        shown_labels(&h)
    );
    h.get_by_label("Apply").click();
    h.run_steps(2);
    // The frame after Apply: the window says it is working, the map is not yet replaced,
    // and frames keep coming (the UI pass is not held up).
    assert!(
        h.query_by_label_contains("Generating…").is_some(),
        "{:?}",
        shown_labels(&h)
    );
    assert!(h.state().view().doc().map() == &big);
    wait_until(
        &mut h,
        Duration::from_secs(240),
        "the generation to finish",
        |h| h.state().view().doc().map().elevation_layer().is_some(),
    );
    settle(&mut h);
    assert_eq!(h.state().view().doc().map().cell_count(), 42_000);
    assert!(h.query_by_label_contains("Applied: ").is_some());
    assert!(h.query_by_label_contains("Generating…").is_none());
    // A new map, named by the generator, not an edit of the big one.
    let doc = h.state().view().doc();
    assert!(
        doc.map().name().starts_with("Generated "),
        "{}",
        doc.map().name()
    );
    assert!(doc.path().is_none() && doc.is_modified() && !doc.document().can_undo());
}

#[test]
fn a_large_worlds_preview_is_shown_no_smaller_than_its_picture() {
    // 210 × 200 cells: at the preview's 300 px each would get under a pixel. A picture
    // with a pixel a hex, shown shrunk, takes one texel in several for each shown pixel
    // (moiré stripes); the preview must be drawn at the size it is shown.
    let big = hexmap::map::testing::TestMap::rectangle(hexmap::hex::OffsetKind::OddR, 210, 200)
        .named("big")
        .build();
    let mut h = editor_on(OpenMap::from_map(big), WINDOW);
    open_window(&mut h);
    h.get_by_label("Update preview").click();
    wait_until(&mut h, Duration::from_secs(240), "the preview", |h| {
        h.query_by_label_contains("Preview: 42000 cells").is_some()
    });
    settle(&mut h);
    // The preview is drawn as a rectangle filled with its texture.
    let font = eframe::egui::TextureId::default();
    let mut shown = Vec::new();
    for clipped in &h.output().shapes {
        if let eframe::egui::Shape::Rect(r) = &clipped.shape
            && r.fill_texture_id() != font
        {
            shown.push((r.fill_texture_id(), r.rect.width(), r.rect.height()));
        }
    }
    let previews: Vec<_> = shown
        .iter()
        .filter(|(id, ..)| {
            h.ctx
                .tex_manager()
                .read()
                .meta(*id)
                .is_some_and(|m| m.name == "generate preview")
        })
        .collect();
    assert_eq!(previews.len(), 1, "{shown:?}");
    let (id, width, height) = *previews[0];
    let size = h.ctx.tex_manager().read().meta(id).unwrap().size;
    assert!(
        size[0] as f32 <= width + 0.5 && size[1] as f32 <= height + 0.5,
        "a {size:?} picture shown at {width} × {height}"
    );
}

/// The mean of the applied map's temperature layer over its rows `rows`, in °C.
fn mean_temperature(h: &Harness<'static, EditorApp>, rows: std::ops::Range<i32>) -> f64 {
    use hexmap::map::ClimateKind;
    let map = h.state().view().doc().map();
    let kind = map.properties().offset_kind;
    let picked: Vec<f64> = map
        .shape()
        .iter()
        .filter(|hex| rows.contains(&kind.from_hex(*hex).row))
        .map(|hex| {
            let t = map.climate_at(ClimateKind::Temperature, hex);
            f64::from(t.expect("a generated map has a temperature layer"))
        })
        .collect();
    picked.iter().sum::<f64>() / picked.len() as f64
}

#[test]
fn the_climate_fields_set_the_latitudes_wind_and_lapse_rate_of_the_world_applied() {
    let map = hexmap::map::testing::TestMap::rectangle(hexmap::hex::OffsetKind::OddR, 40, 30)
        .named("blank")
        .build();
    let mut h = editor_on(OpenMap::from_map(map), WINDOW);
    open_window(&mut h);
    let shown = |h: &Harness<'static, EditorApp>, name: &str| {
        h.get_by_label(name)
            .accesskit_node()
            .value()
            .unwrap_or_default()
    };
    let combo = |h: &Harness<'static, EditorApp>, name: &str| {
        let node = h.get_by_role_and_label(Role::ComboBox, name);
        node.accesskit_node().value().unwrap_or_default()
    };
    // The default span is named, with its edges shown as a reader writes them.
    assert_eq!(combo(&h, "Latitudes"), "mid-latitudes");
    assert_eq!(shown(&h, "North edge"), "60° N");
    assert_eq!(shown(&h, "South edge"), "20° N");
    h.get_by_label("Apply").click();
    settle(&mut h);
    let mid_top = mean_temperature(&h, 0..3);
    let mid_bottom = mean_temperature(&h, 27..30);
    assert!(mid_top + 10.0 < mid_bottom, "{mid_top} vs {mid_bottom}");

    // The arctic, picked from the menu: both edges follow and the whole map is cold.
    h.get_by_role_and_label(Role::ComboBox, "Latitudes").click();
    settle(&mut h);
    h.get_by_label("arctic (85° N to 60° N)").click();
    settle(&mut h);
    assert_eq!(shown(&h, "North edge"), "85° N");
    assert_eq!(shown(&h, "South edge"), "60° N");
    apply_over_the_generated_map(&mut h);
    let arctic_bottom = mean_temperature(&h, 27..30);
    assert!(
        arctic_bottom < mid_bottom - 15.0,
        "{arctic_bottom} vs {mid_bottom}"
    );

    // A southern map typed as a person writes it: the south edge is now the cold one and
    // the span has no name.
    h.get_by_label("North edge").click();
    settle(&mut h);
    type_text(&mut h, "10S");
    h.key_press(eframe::egui::Key::Enter);
    settle(&mut h);
    h.get_by_label("South edge").click();
    settle(&mut h);
    type_text(&mut h, "70S");
    h.key_press(eframe::egui::Key::Enter);
    settle(&mut h);
    assert_eq!(shown(&h, "North edge"), "10° S");
    assert_eq!(shown(&h, "South edge"), "70° S");
    assert_eq!(combo(&h, "Latitudes"), "custom");
    apply_over_the_generated_map(&mut h);
    let south_top = mean_temperature(&h, 0..3);
    let south_bottom = mean_temperature(&h, 27..30);
    assert!(
        south_bottom + 15.0 < south_top,
        "{south_top} vs {south_bottom}"
    );

    // The wind, from the east: the same land gets other moisture; the lapse rate is kept.
    let moisture = |h: &Harness<'static, EditorApp>| {
        let map = h.state().view().doc().map();
        map.climate_layer(hexmap::map::ClimateKind::Moisture)
            .expect("moisture")
            .values()
            .to_vec()
    };
    let west = moisture(&h);
    assert_eq!(combo(&h, "Wind from"), "west");
    h.get_by_role_and_label(Role::ComboBox, "Wind from").click();
    settle(&mut h);
    h.get_by_label("east").click();
    settle(&mut h);
    apply_over_the_generated_map(&mut h);
    assert_ne!(moisture(&h), west, "another wind moves the rain");
    assert_eq!(shown(&h, "Lapse rate"), "6.5 °C/km");
}

/// Apply the form's world in place of the world applied before: that one is unsaved, so
/// "Save changes?" is answered with Discard.
fn apply_over_the_generated_map(h: &mut Harness<'static, EditorApp>) {
    h.get_by_label("Apply").click();
    settle(h);
    h.get_by_label("Discard").click();
    settle(h);
}

/// Type `text` into whatever has the keyboard.
fn type_text(h: &mut Harness<'static, EditorApp>, text: &str) {
    for c in text.chars() {
        h.event(eframe::egui::Event::Text(c.to_string()));
    }
    settle(h);
}

#[test]
fn a_world_applied_on_a_map_of_big_hexes_keeps_its_names_over_their_features() {
    // The open map's hexes are 16 world units across; the generator lays out its names
    // for its own hexes, and the applied world takes the open map's size.
    let map = hexmap::map::testing::TestMap::rectangle(hexmap::hex::OffsetKind::OddR, 40, 30)
        .named("big hexes")
        .hex_size(16.0)
        .build();
    let mut h = editor_on(OpenMap::from_map(map), WINDOW);
    open_window(&mut h);
    h.get_by_label("Apply").click();
    settle(&mut h);
    let applied = h.state().view().doc().map().clone();
    assert_eq!(applied.properties().hex_size.x, 16.0);
    // The same world as the command line makes it, at its own hex size.
    let shape = applied.shape().clone();
    let spec = hexmap::generate::Spec::new(
        shape,
        hexmap::hex::Orientation::Pointy,
        hexmap::generate::Preset::Island,
        1,
    );
    let own = hexmap::generate::generate(&spec).unwrap();
    let over = |m: &hexmap::map::HexMap| -> Vec<(String, hexmap::hex::Hex, hexmap::hex::Hex)> {
        let layout = m.layout().unwrap();
        m.labels()
            .iter()
            .map(|(_, l)| {
                let points: Vec<_> = l.path_points().collect();
                let last = points.last().copied().unwrap_or(l.at);
                (
                    l.text.clone(),
                    layout.pixel_to_hex_rounded(l.at),
                    layout.pixel_to_hex_rounded(last),
                )
            })
            .collect()
    };
    let names = over(&own);
    assert!(names.len() >= 3, "a named world: {names:?}");
    assert_eq!(over(&applied), names, "each name over the same hexes");
}
