//! Selections as a Tiled user drives them: Select all, Deselect, Cut, Delete,
//! select same terrain (menu and Alt+click), the magic wand, Shift to add and Ctrl to
//! subtract, fill and erase the selection, and moving it by dragging. Each reads what is
//! shown (status bar, Edit menu, the terrain under the pointer) and undoes in one step.

use crate::harness::{click_with, settle, shown_labels};
use eframe::egui::{Event, Key, Modifiers, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::app::tools::Tool;
use hexmap::app::{Action, EditorApp};
use hexmap::hex::{Hex, OffsetCoord, OffsetKind};
use hexmap::map::{AnnotationEdit, CellEdit, Edit, TerrainId};

/// The default 24 × 16 map, every cell painted with the palette's first terrain.
fn harness() -> Harness<'static, EditorApp> {
    let doc = OpenMap::new_map(&NewMapSpec::default()).expect("default spec is valid");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    let first = terrain(&h, 0);
    h.state_mut()
        .push(Action::Edit(Edit::Cell(CellEdit::ReplaceTerrain {
            from: None,
            to: Some(first),
        })));
    settle(&mut h);
    h
}

fn terrain(h: &Harness<'static, EditorApp>, i: usize) -> TerrainId {
    h.state().view().doc().map().palette().terrains()[i].id
}

fn name(h: &Harness<'static, EditorApp>, t: Option<TerrainId>) -> String {
    let palette = h.state().view().doc().map().palette();
    t.and_then(|t| palette.get(t))
        .map_or("empty".into(), |t| t.name.clone())
}

fn cell(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

fn at(h: &Harness<'static, EditorApp>, x: Hex) -> Pos2 {
    h.state().view().hex_to_screen(x)
}

fn paint(h: &mut Harness<'static, EditorApp>, cells: &[Hex], t: TerrainId) {
    let cells = cells.iter().map(|&c| (c, Some(t))).collect();
    h.state_mut()
        .push(Action::Edit(Edit::Cell(CellEdit::SetTerrain(cells))));
    settle(h);
}

/// What the status bar says about the terrain under the pointer at `x`.
fn shown_terrain(h: &mut Harness<'static, EditorApp>, x: Hex) -> String {
    h.hover_at(at(h, x));
    settle(h);
    shown_labels(h)
        .into_iter()
        .find_map(|l| l.strip_prefix("terrain: ").map(str::to_owned))
        .expect("the status bar names the terrain under the pointer")
}

fn shows(h: &Harness<'static, EditorApp>, text: &str) -> bool {
    shown_labels(h).iter().any(|l| l == text)
}

fn tool(h: &mut Harness<'static, EditorApp>, t: Tool) {
    h.get_by_label(t.label()).click();
    settle(h);
}

fn drag(h: &mut Harness<'static, EditorApp>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    h.hover_at(Pos2::new((from.x + to.x) / 2.0, (from.y + to.y) / 2.0));
    h.run();
    h.hover_at(to);
    h.run();
    h.drop_at(to);
    settle(h);
}

fn select_box(h: &mut Harness<'static, EditorApp>, a: Hex, b: Hex) {
    tool(h, Tool::Select);
    let d = Vec2::new(3.0, 3.0);
    drag(h, at(h, a) - d, at(h, b) + d);
}

/// The Edit menu's item whose label starts with `start`: its label and whether enabled;
/// the menu is closed again.
fn edit_item(h: &mut Harness<'static, EditorApp>, start: &str) -> (String, bool) {
    h.get_by_label("Edit").click();
    settle(h);
    let node = h.get_by(|n| n.label().is_some_and(|l| l.starts_with(start)));
    let label = node.accesskit_node().label().unwrap_or_default();
    // An item reads "label shortcut": the shortcut is not part of what is compared.
    let text = ["Ctrl+", "Del"]
        .iter()
        .filter_map(|k| label.rfind(&format!(" {k}")))
        .min()
        .map_or(label.clone(), |i| label[..i].to_owned())
        .trim_end()
        .to_owned();
    let found = (text, !node.accesskit_node().is_disabled());
    h.key_press(Key::Escape);
    settle(h);
    found
}

fn click_edit_item(h: &mut Harness<'static, EditorApp>, start: &str) {
    h.get_by_label("Edit").click();
    settle(h);
    h.get_by(|n| n.label().is_some_and(|l| l.starts_with(start)))
        .click();
    settle(h);
}

fn undo(h: &mut Harness<'static, EditorApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(h);
}

#[test]
fn select_all_then_ctrl_x_cuts_every_hex_in_one_undo_step() {
    let mut h = harness();
    let first = name(&h, Some(terrain(&h, 0)));
    assert_eq!(edit_item(&mut h, "Cut"), ("Cut".into(), false));
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    settle(&mut h);
    assert!(shows(&h, "384 hexes selected"), "{:?}", shown_labels(&h));
    assert_eq!(edit_item(&mut h, "Cut"), ("Cut 384 hexes".into(), true));
    // Ctrl+X arrives as a Cut event on the desktop.
    h.event(Event::Cut);
    settle(&mut h);
    assert!(shows(&h, "Cut 384 hexes"), "{:?}", shown_labels(&h));
    assert_eq!(shown_terrain(&mut h, cell(5, 5)), "empty");
    assert_eq!(shown_terrain(&mut h, cell(23, 15)), "empty");
    // The clipboard holds the cut cells: Paste is offered.
    assert!(edit_item(&mut h, "Paste").1);
    undo(&mut h);
    assert_eq!(shown_terrain(&mut h, cell(5, 5)), first);
    assert_eq!(shown_terrain(&mut h, cell(23, 15)), first);
    // Deselect (Ctrl+Shift+A) leaves nothing to cut.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::A);
    settle(&mut h);
    assert!(!shows(&h, "384 hexes selected"));
    assert_eq!(edit_item(&mut h, "Cut"), ("Cut".into(), false));
}

#[test]
fn delete_erases_the_box_and_one_undo_brings_it_back() {
    let mut h = harness();
    let first = name(&h, Some(terrain(&h, 0)));
    select_box(&mut h, cell(4, 4), cell(6, 6));
    let n = h.state().view().selection().len();
    assert!(n >= 6, "a 3 × 3 box: {n}");
    let (label, enabled) = edit_item(&mut h, "Delete");
    assert_eq!((label, enabled), (format!("Delete {n} hexes"), true));
    h.hover_at(at(&h, cell(5, 5)));
    settle(&mut h);
    h.key_press(Key::Delete);
    settle(&mut h);
    assert_eq!(shown_terrain(&mut h, cell(5, 5)), "empty");
    assert_eq!(shown_terrain(&mut h, cell(8, 8)), first, "outside stays");
    undo(&mut h);
    assert_eq!(shown_terrain(&mut h, cell(5, 5)), first);
    // Escape deselects: Delete has nothing to do.
    h.key_press(Key::Escape);
    settle(&mut h);
    assert!(!edit_item(&mut h, "Delete").1);
}

#[test]
fn alt_click_and_the_menu_select_same_terrain_and_the_wand_adds_and_subtracts() {
    let mut h = harness();
    let second = terrain(&h, 1);
    // Two separate patches of the second terrain: 3 cells and 2 cells.
    let a = [cell(2, 2), cell(3, 2), cell(4, 2)];
    let b = [cell(10, 8), cell(11, 8)];
    paint(&mut h, &a, second);
    paint(&mut h, &b, second);
    tool(&mut h, Tool::Select);
    let p = at(&h, cell(3, 2));
    click_with(&mut h, p, Modifiers::ALT);
    assert!(shows(&h, "5 hexes selected"), "{:?}", shown_labels(&h));
    // The wand takes only the connected patch; Shift adds the other, Ctrl takes it away.
    h.get_by_label("Wand").click();
    settle(&mut h);
    let p = at(&h, cell(3, 2));
    click_with(&mut h, p, Modifiers::NONE);
    assert!(shows(&h, "3 hexes selected"), "{:?}", shown_labels(&h));
    let p = at(&h, cell(10, 8));
    click_with(&mut h, p, Modifiers::SHIFT);
    assert!(shows(&h, "5 hexes selected"));
    let p = at(&h, cell(2, 2));
    click_with(&mut h, p, Modifiers::CTRL);
    assert!(shows(&h, "2 hexes selected"));
    let mut sel = h.state().view().selection().to_vec();
    sel.sort();
    let mut want = b.to_vec();
    want.sort();
    assert_eq!(sel, want);
    // Shift adds a box too.
    h.get_by_label("Box").click();
    settle(&mut h);
    h.event(Event::ModifiersChanged(Modifiers::SHIFT));
    select_box(&mut h, cell(15, 12), cell(15, 12));
    h.event(Event::ModifiersChanged(Modifiers::NONE));
    settle(&mut h);
    assert!(shows(&h, "3 hexes selected"), "{:?}", shown_labels(&h));
    // The menu selects the current terrain's cells: the first terrain, 384 − 5.
    click_edit_item(&mut h, "Select same terrain");
    assert!(shows(&h, "379 hexes selected"), "{:?}", shown_labels(&h));
}

#[test]
fn fill_and_erase_the_selection_from_the_edit_menu() {
    let mut h = harness();
    let first = name(&h, Some(terrain(&h, 0)));
    let third = terrain(&h, 2);
    let t = h.state().view().doc().map().palette().terrains()[2].clone();
    h.get_by_label(&format!("{} {}", t.symbol, t.name)).click();
    settle(&mut h);
    select_box(&mut h, cell(4, 4), cell(5, 5));
    let n = h.state().view().selection().len();
    let want = format!("Fill {n} hexes with {}", name(&h, Some(third)));
    assert_eq!(edit_item(&mut h, &want), (want.clone(), true));
    click_edit_item(&mut h, &want);
    assert_eq!(shown_terrain(&mut h, cell(4, 4)), name(&h, Some(third)));
    click_edit_item(&mut h, &format!("Erase {n} hexes"));
    assert_eq!(shown_terrain(&mut h, cell(4, 4)), "empty");
    undo(&mut h);
    assert_eq!(shown_terrain(&mut h, cell(4, 4)), name(&h, Some(third)));
    undo(&mut h);
    assert_eq!(shown_terrain(&mut h, cell(4, 4)), first);
}

#[test]
fn dragging_the_selection_moves_it_with_its_icon_in_one_undo_step() {
    let mut h = harness();
    let first = name(&h, Some(terrain(&h, 0)));
    let second = terrain(&h, 1);
    let from = cell(4, 4);
    paint(&mut h, &[from], second);
    h.state_mut()
        .push(Action::Edit(Edit::Annotation(AnnotationEdit::AddIcon {
            hex: from,
            icon: hexmap::map::Icon::builtin(hexmap::map::BuiltinIcon::Castle),
        })));
    settle(&mut h);
    select_box(&mut h, from, from);
    assert!(shows(&h, "1 hex selected"));
    let to = cell(8, 6);
    let (pf, pt) = (at(&h, from), at(&h, to));
    drag(&mut h, pf, pt);
    assert_eq!(shown_terrain(&mut h, to), name(&h, Some(second)));
    assert!(
        shows(&h, "icon castle"),
        "the icon moved along: {:?}",
        shown_labels(&h)
    );
    assert_eq!(
        shown_terrain(&mut h, from),
        "empty",
        "the old place is left empty"
    );
    assert_eq!(h.state().view().selection(), &[to], "the selection moved");
    undo(&mut h);
    assert_eq!(shown_terrain(&mut h, from), name(&h, Some(second)));
    assert_eq!(shown_terrain(&mut h, to), first);
}

#[test]
fn ctrl_i_inverts_the_selection_and_the_edit_menu_offers_it() {
    let mut h = harness();
    let first = name(&h, Some(terrain(&h, 0)));
    select_box(&mut h, cell(4, 4), cell(6, 6));
    let n = h.state().view().selection().len();
    assert!(shows(&h, &format!("{n} hexes selected")));
    h.key_press_modifiers(Modifiers::COMMAND, Key::I);
    settle(&mut h);
    assert!(
        shows(&h, &format!("{} hexes selected", 384 - n)),
        "{:?}",
        shown_labels(&h)
    );
    // The tool is still the Select tool: Ctrl+I is not the Picker's plain I.
    assert_eq!(h.state().view().tool(), Tool::Select);
    // Delete now erases everything but the box.
    h.key_press(Key::Delete);
    settle(&mut h);
    assert_eq!(shown_terrain(&mut h, cell(5, 5)), first);
    assert_eq!(shown_terrain(&mut h, cell(12, 10)), "empty");
    assert_eq!(shown_terrain(&mut h, cell(0, 0)), "empty");
    undo(&mut h);
    // The menu item inverts back to the box.
    assert_eq!(
        edit_item(&mut h, "Invert selection"),
        ("Invert selection".into(), true)
    );
    click_edit_item(&mut h, "Invert selection");
    assert!(
        shows(&h, &format!("{n} hexes selected")),
        "{:?}",
        shown_labels(&h)
    );
    // Nothing selected: inverting selects the whole map.
    h.key_press(Key::Escape);
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::I);
    settle(&mut h);
    assert!(shows(&h, "384 hexes selected"), "{:?}", shown_labels(&h));
}

#[test]
fn a_plain_click_in_box_mode_selects_the_clicked_hex_so_ctrl_c_copies_it() {
    let mut h = harness();
    let second = terrain(&h, 1);
    paint(&mut h, &[cell(7, 7)], second);
    // An old, larger clipboard: a box of several hexes copied first.
    select_box(&mut h, cell(1, 1), cell(4, 4));
    h.key_press_modifiers(Modifiers::COMMAND, Key::C);
    settle(&mut h);
    // A plain click (no drag) on one hex, as in Tiled, selects that hex.
    let p = at(&h, cell(7, 7)) + Vec2::new(4.0, -3.0);
    click_with(&mut h, p, Modifiers::NONE);
    assert!(shows(&h, "1 hex selected"), "{:?}", shown_labels(&h));
    assert_eq!(h.state().view().selection(), &[cell(7, 7)]);
    // Copy then paste takes that one hex, not the old block.
    h.key_press_modifiers(Modifiers::COMMAND, Key::C);
    settle(&mut h);
    assert!(shows(&h, "Copied 1 cell"), "{:?}", shown_labels(&h));
    h.key_press_modifiers(Modifiers::COMMAND, Key::V);
    settle(&mut h);
    let target = at(&h, cell(12, 12));
    click_with(&mut h, target, Modifiers::NONE);
    assert_eq!(shown_terrain(&mut h, cell(12, 12)), name(&h, Some(second)));
    assert_eq!(
        shown_terrain(&mut h, cell(13, 12)),
        name(&h, Some(terrain(&h, 0)))
    );
    assert_eq!(
        shown_terrain(&mut h, cell(12, 13)),
        name(&h, Some(terrain(&h, 0)))
    );
    // A Shift+click adds the clicked hex; a Ctrl+click takes it away again.
    let q = at(&h, cell(3, 3));
    click_with(&mut h, q, Modifiers::SHIFT);
    assert!(shows(&h, "2 hexes selected"), "{:?}", shown_labels(&h));
    click_with(&mut h, q, Modifiers::CTRL);
    assert!(shows(&h, "1 hex selected"), "{:?}", shown_labels(&h));
}
