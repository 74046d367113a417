//! Copy and paste: a pasted block hangs from the point where it was
//! grabbed at the copy, or from its middle, never from its top-left cell.

use crate::harness::{click_hex, copy_then_paste, settle};
use eframe::egui::{Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::app::tools::Tool;
use hexmap::hex::{Hex, OffsetCoord, OffsetKind};
use hexmap::map::{CellEdit, Edit};

fn harness() -> Harness<'static, EditorApp> {
    let doc = OpenMap::new_map(&NewMapSpec::default()).expect("default spec is valid");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    h
}

fn cell(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

fn select_tool(h: &mut Harness<'static, EditorApp>, tool: Tool) {
    h.get_by_label(tool.label()).click();
    settle(h);
}

/// Select tool, box from `a` to `b` (centres, a little outside).
fn select_box(h: &mut Harness<'static, EditorApp>, a: Hex, b: Hex) {
    select_tool(h, Tool::Select);
    let pa = h.state().view().hex_to_screen(a) - Vec2::new(3.0, 3.0);
    let pb = h.state().view().hex_to_screen(b) + Vec2::new(3.0, 3.0);
    h.drag_at(pa);
    h.run();
    h.hover_at(pb);
    h.run();
    h.drop_at(pb);
    settle(h);
}

/// Ctrl+C then Ctrl+V as the desktop sends them, with the pointer at `at`.
fn copy_and_paste(h: &mut Harness<'static, EditorApp>, at: Pos2) {
    h.hover_at(at);
    settle(h);
    copy_then_paste(h);
}

#[test]
fn a_paste_hangs_from_the_middle_of_the_block_or_where_it_was_grabbed() {
    let mut h = harness();
    let marked = h.state().view().doc().map().palette().terrains()[2].id;
    let other = h.state().view().doc().map().palette().terrains()[3].id;
    let (left, middle, right) = (cell(4, 5), cell(5, 5), cell(6, 5));
    h.state_mut()
        .push(hexmap::app::Action::Edit(Edit::Cell(CellEdit::Paint {
            center: middle,
            radius: 0,
            terrain: Some(marked),
        })));
    h.state_mut()
        .push(hexmap::app::Action::Edit(Edit::Cell(CellEdit::Paint {
            center: right,
            radius: 0,
            terrain: Some(other),
        })));
    settle(&mut h);
    select_box(&mut h, left, right);
    assert_eq!(h.state().view().selection().len(), 3);

    // Copied with the pointer off the block: it hangs from its middle.
    let off_block = h.state().view().hex_to_screen(cell(10, 10));
    copy_and_paste(&mut h, off_block);
    let target = cell(12, 12);
    click_hex(&mut h, target);
    let doc = h.state().view().doc();
    assert_eq!(
        doc.terrain(target),
        Some(marked),
        "the middle lands under the pointer"
    );
    assert_eq!(doc.terrain(target + (right - middle)), Some(other));

    // Copied with the pointer on the right-hand cell: it hangs from there.
    let grab = h.state().view().hex_to_screen(right);
    copy_and_paste(&mut h, grab);
    let target = cell(14, 3);
    click_hex(&mut h, target);
    let doc = h.state().view().doc();
    assert_eq!(
        doc.terrain(target),
        Some(other),
        "the grabbed cell lands under the pointer"
    );
    assert_eq!(doc.terrain(target - (right - middle)), Some(marked));
}
