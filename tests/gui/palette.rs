//! The terrain palette panel: delete a terrain (its cells become empty, the confirmation
//! counts them, one undo step), reorder, and type a colour as `#rrggbb`.

use crate::harness::settle;
use eframe::egui::{self, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::hex::{OffsetCoord, OffsetKind};
use hexmap::map::{CellEdit, Edit, Rgb};

fn harness() -> Harness<'static, EditorApp> {
    let doc = OpenMap::new_map(&NewMapSpec::default()).expect("default spec is valid");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    h
}

/// The palette row label of terrain `i` ("symbol name").
fn row(h: &Harness<'static, EditorApp>, i: usize) -> String {
    let t = &h.state().view().doc().map().palette().terrains()[i];
    format!("{} {}", t.symbol, t.name)
}

/// Select terrain `i` and open its editor.
fn edit(h: &mut Harness<'static, EditorApp>, i: usize) {
    let label = row(h, i);
    h.get_by_label(&label).click();
    settle(h);
    h.get_by_label("Edit…").click();
    settle(h);
}

#[test]
fn deleting_a_terrain_empties_its_cells_says_how_many_and_undoes_in_one_step() {
    let mut h = harness();
    let victim = h.state().view().doc().map().palette().terrains()[2].clone();
    let cells: Vec<_> = (0..3)
        .map(|c| OffsetKind::OddR.to_hex(OffsetCoord::new(c, 1)))
        .collect();
    let edit_cells = cells.iter().map(|&c| (c, Some(victim.id))).collect();
    h.state_mut()
        .push(hexmap::app::Action::Edit(Edit::Cell(CellEdit::SetTerrain(
            edit_cells,
        ))));
    settle(&mut h);
    let steps = h.state().view().doc().document().history().undo_len();
    let label = row(&h, 2);
    edit(&mut h, 2);
    h.get_by_label("Delete…").click();
    settle(&mut h);
    let question = format!("Delete \"{}\"? 3 cells become empty.", victim.name);
    assert!(
        h.query_by_label(&question).is_some(),
        "the confirmation counts"
    );
    h.get_by_label("Delete").click();
    settle(&mut h);
    assert!(h.query_by_label(&label).is_none(), "gone from the palette");
    assert!(
        cells
            .iter()
            .all(|&c| h.state().view().doc().terrain(c).is_none())
    );
    assert_eq!(
        h.state().view().doc().document().history().undo_len(),
        steps + 1,
        "one undo step"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert!(h.query_by_label(&label).is_some(), "back after undo");
    assert!(
        cells
            .iter()
            .all(|&c| h.state().view().doc().terrain(c) == Some(victim.id))
    );
}

#[test]
fn move_down_reorders_the_palette_on_screen() {
    let mut h = harness();
    let (first, second) = (row(&h, 0), row(&h, 1));
    edit(&mut h, 0);
    h.get_by_label("Move down").click();
    settle(&mut h);
    let y = |h: &Harness<'static, EditorApp>, l: &str| h.get_by_label(l).rect().top();
    assert!(y(&h, &second) < y(&h, &first), "{second} now above {first}");
    assert_eq!(row(&h, 1), first);
}

#[test]
fn a_colour_typed_as_hex_is_applied() {
    let mut h = harness();
    edit(&mut h, 0);
    h.get_by_role_and_label(egui::Role::TextInput, "Colour")
        .set_text_value_accesskit("#12ab9f");
    settle(&mut h);
    h.get_by_label("Apply").click();
    settle(&mut h);
    let t = &h.state().view().doc().map().palette().terrains()[0];
    assert_eq!(t.color, Rgb([0x12, 0xab, 0x9f]));
}

/// Every text drawn in the last frame, as laid out.
fn drawn_galleys(h: &Harness<'static, EditorApp>) -> Vec<std::sync::Arc<egui::Galley>> {
    fn walk(shape: &egui::Shape, out: &mut Vec<std::sync::Arc<egui::Galley>>) {
        match shape {
            egui::Shape::Text(t) => out.push(t.galley.clone()),
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let mut galleys = Vec::new();
    for clipped in &h.output().shapes {
        walk(&clipped.shape, &mut galleys);
    }
    galleys
}

/// Every character drawn in the last frame that the editor's fonts cannot draw (it would
/// show as an empty box), with the text it is in.
fn missing_glyphs(h: &Harness<'static, EditorApp>) -> Vec<(char, String)> {
    let mut missing = Vec::new();
    for g in drawn_galleys(h) {
        for section in &g.job.sections {
            let range = section.byte_range.start.0..section.byte_range.end.0;
            for c in g.job.text[range].chars().filter(|c| !c.is_whitespace()) {
                if !h.ctx.fonts_mut(|f| f.has_glyph(&section.format.font_id, c)) {
                    missing.push((c, g.job.text.clone()));
                }
            }
        }
    }
    missing
}

#[test]
fn the_colour_picker_draws_every_character_it_shows() {
    let mut h = harness();
    edit(&mut h, 1);
    // The colour button sits between the "Colour" label and the `#rrggbb` field (which
    // the label names).
    let field = h.get_by_label("Colour").rect();
    let button = egui::pos2(field.left() - 24.0, field.center().y);
    h.hover_at(button);
    settle(&mut h);
    for pressed in [true, false] {
        h.input_mut().events.push(egui::Event::PointerButton {
            pos: button,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.step();
    settle(&mut h);
    let texts: Vec<String> = drawn_galleys(&h)
        .iter()
        .map(|g| g.job.text.clone())
        .collect();
    assert!(
        texts.iter().any(|t| t.starts_with("R ")),
        "the picker is open (its R, G, B fields are drawn): {texts:?}"
    );
    assert_eq!(
        missing_glyphs(&h),
        vec![],
        "characters drawn as empty boxes"
    );
}

#[test]
fn the_symbol_is_edited_with_backspace_then_a_letter() {
    let mut h = harness();
    edit(&mut h, 0);
    let field = h.get_by_role_and_label(egui::Role::TextInput, "Symbol");
    field.click();
    settle(&mut h);
    h.key_press(Key::End);
    settle(&mut h);
    h.key_press(Key::Backspace);
    settle(&mut h);
    assert!(
        h.query_by_label("type one character").is_some(),
        "an empty field is allowed while typing, and says what it wants"
    );
    h.key_press(Key::Q);
    h.event(egui::Event::Text("q".into()));
    settle(&mut h);
    use egui_kittest::kittest::NodeT;
    assert_eq!(
        h.get_by_role_and_label(egui::Role::TextInput, "Symbol")
            .accesskit_node()
            .value()
            .as_deref(),
        Some("q")
    );
    h.get_by_label("Apply").click();
    settle(&mut h);
    let t = &h.state().view().doc().map().palette().terrains()[0];
    assert_eq!(t.symbol, 'q');
    assert!(h.query_by_label(&format!("q {}", t.name)).is_some());
}

#[test]
fn opening_the_terrain_editor_leaves_the_canvas_where_it_is() {
    let doc = OpenMap::sample();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    let before = h.state().view().canvas_rect();
    for i in [0, 3] {
        edit(&mut h, i);
        settle(&mut h);
        assert!(h.query_by_label("Move up").is_some(), "the editor is open");
        assert_eq!(
            h.state().view().canvas_rect(),
            before,
            "the left panel keeps its width, so the map stays under the pointer"
        );
    }
}
