//! The GM's secrets in the editor, as a GM uses it on the bundled hexcrawl: the main
//! window's player view reads nothing under the pointer and shows no tool or panel; a
//! moved box and a copy + paste keep every GM-only flag in the saved file; and every panel
//! that holds a note, icon, label, edge feature, path or region has a "GM only" switch
//! whose change one undo takes back.

use crate::harness::{
    click, click_hex, copy_then_paste, drag, settle, shown_labels, temp_dir, undo,
};
use eframe::egui::{Key, Modifiers, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::app::tools::Tool;
use hexmap::app::{Action, EditorApp};
use hexmap::hex::{Direction, Edge, Hex, OffsetCoord, OffsetKind, Point};
use hexmap::map::{CellEdit, Edit, FogEdit, GmItem, HexMap, LabelId, PathId, RegionId};
use std::path::{Path, PathBuf};

/// A hex of the hexcrawl by its odd-q column and row (as its file and the report name
/// them).
fn at(col: i32, row: i32) -> Hex {
    OffsetKind::OddQ.to_hex(OffsetCoord::new(col, row))
}

/// The side south-east of `h` (flat hexes: direction 0), as the file writes `"SE"`.
fn south_east(h: Hex) -> Edge {
    Edge::new(h, Direction::ALL[0])
}

/// The river side south-east of (8, 3), made GM-only in [`hexcrawl_copy`].
fn gm_edge() -> Edge {
    south_east(at(8, 3))
}

/// A copy of `maps/hexcrawl.ron` (and its art) in a fresh folder, with the river side
/// south-east of (8, 3) GM-only as in the walkthrough's `gmedge.ron`; its path.
fn hexcrawl_copy(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    std::fs::create_dir_all(dir.join("art")).unwrap();
    for entry in std::fs::read_dir(root.join("art")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.join("art").join(entry.file_name())).unwrap();
    }
    let (mut map, form) = hexmap::io::load(&root.join("hexcrawl.ron")).unwrap();
    assert!(
        map.edge(gm_edge()).is_some(),
        "the sample's river runs there"
    );
    map.set_edge_gm_only(gm_edge(), true);
    let path = dir.join("hexcrawl.ron");
    hexmap::io::save(&path, &map, form).unwrap();
    path
}

fn harness(path: &Path) -> Harness<'static, EditorApp> {
    let doc = OpenMap::load(path).unwrap();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    h
}

fn push(h: &mut Harness<'static, EditorApp>, edit: Edit) {
    h.state_mut().push(Action::Edit(edit));
    settle(h);
}

fn tool(h: &mut Harness<'static, EditorApp>, t: Tool) {
    h.key_press(t.key());
    settle(h);
    assert_eq!(h.state().view().tool(), t);
}

fn screen(h: &Harness<'static, EditorApp>, x: Hex) -> Pos2 {
    h.state().view().hex_to_screen(x)
}

/// View → the given item.
fn view_menu(h: &mut Harness<'static, EditorApp>, item: &str) {
    h.get_by_label("View").click();
    settle(h);
    h.get_by_label(item).click();
    settle(h);
}

/// Ctrl+S, then the map as saved.
fn save_and_read(h: &mut Harness<'static, EditorApp>, path: &Path) -> (HexMap, String) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(h);
    assert!(!h.state().view().doc().is_modified(), "saved");
    let text = std::fs::read_to_string(path).unwrap();
    (hexmap::io::load(path).unwrap().0, text)
}

/// Box-select from `a` to `b` with the Select tool (centres, a little outside).
fn select_box(h: &mut Harness<'static, EditorApp>, a: Hex, b: Hex) {
    tool(h, Tool::Select);
    let d = Vec2::new(3.0, 3.0);
    let (pa, pb) = (screen(h, a) - d, screen(h, b) + d);
    drag(h, pa, pb);
}

#[test]
fn the_player_view_in_the_main_window_reads_no_note_under_the_pointer() {
    let path = hexcrawl_copy("pv-notes");
    let mut h = harness(&path);
    // Old Ylth (GM-only note) revealed, as in the walkthrough; a note on the fogged
    // lighthouse hex.
    let (old_ylth, lighthouse, saltmere) = (at(12, 9), at(2, 3), at(4, 6));
    push(
        &mut h,
        Edit::Fog(FogEdit::SetRevealed {
            hexes: vec![old_ylth],
            revealed: true,
        }),
    );
    let cove = "secret cove of smugglers";
    push(
        &mut h,
        Edit::Cell(CellEdit::SetNote {
            hex: lighthouse,
            text: Some(cove.into()),
        }),
    );
    assert!(!h.state().view().doc().map().is_revealed(lighthouse));
    // The GM's readout shows the note (so the checks below can fail).
    h.hover_at(screen(&h, old_ylth));
    settle(&mut h);
    assert!(
        shown_labels(&h)
            .iter()
            .any(|l| l.contains("the lich Morvaine")),
        "{:?}",
        shown_labels(&h)
    );
    view_menu(&mut h, "Player view (this window)");
    for hex in [old_ylth, lighthouse, saltmere] {
        h.hover_at(screen(&h, hex));
        settle(&mut h);
        let shown = shown_labels(&h);
        assert!(shown.iter().any(|l| l == "player view"), "{shown:?}");
        for secret in ["note", "Morvaine", "smugglers", "market day", "terrain:"] {
            assert!(
                !shown.iter().any(|l| l.contains(secret)),
                "the player view shows {secret:?} over {hex}: {shown:?}"
            );
        }
    }
}

#[test]
fn the_player_view_shows_no_panel_and_no_tool_reads_a_hidden_hex() {
    let path = hexcrawl_copy("pv-panels");
    let mut h = harness(&path);
    // The Labels tool on the GM-only label "Morvaine's Demesne": the panel names it.
    tool(&mut h, Tool::Label);
    let demesne = h
        .state()
        .view()
        .world_to_screen(Point::new(18.0, 17.320508));
    click(&mut h, demesne);
    assert_eq!(h.state().view().selected_label(), Some(LabelId(10)));
    let selected = shown_labels(&h);
    assert!(
        selected.iter().any(|l| l.contains("Morvaine")),
        "{selected:?}"
    );
    view_menu(&mut h, "Player view (this window)");
    let shown = shown_labels(&h);
    for gm in [
        "Morvaine", "Selected", "Anchor:", "Overlays", "Labels", "Picker", "Note",
    ] {
        assert!(
            !shown.iter().any(|l| l.contains(gm)),
            "the player view shows {gm:?}: {shown:?}"
        );
    }
    // No tool key works and no click reads or writes a hex: the Note tool's key then a
    // click on a fogged hex opens no note, the Picker takes no terrain.
    let fogged = at(2, 3);
    h.key_press(Key::N);
    settle(&mut h);
    click_hex(&mut h, fogged);
    assert!(
        h.query_by_label("Save note").is_none(),
        "a note window opened"
    );
    assert_eq!(h.state().view().tool(), Tool::Label, "a tool key acted");
    assert!(
        !h.state().view().doc().is_modified(),
        "a click edited the map"
    );
    // And back: the GM's panels again.
    h.get_by_label("Back to the GM's view").click();
    settle(&mut h);
    assert!(shown_labels(&h).iter().any(|l| l.contains("Morvaine")));
}

#[test]
fn a_moved_box_keeps_its_gm_only_note_and_river_side_in_the_saved_file() {
    let path = hexcrawl_copy("move-secrets");
    let mut h = harness(&path);
    let west = at(10, 9) - at(12, 9);
    // Old Ylth (GM-only note, GM-only icons) and the hex below it, two columns west.
    select_box(&mut h, at(12, 9), at(12, 10));
    assert_eq!(h.state().view().selection().len(), 2);
    let (from, to) = (screen(&h, at(12, 9)), screen(&h, at(10, 9)));
    drag(&mut h, from, to);
    // The river side south-east of (8, 3) and its neighbour (9, 3), two columns west.
    select_box(&mut h, at(8, 3), at(9, 3));
    let (from, to) = (screen(&h, at(8, 3)), screen(&h, at(6, 3)));
    drag(&mut h, from, to);
    let (saved, text) = save_and_read(&mut h, &path);
    let note = at(12, 9) + west;
    assert!(
        saved.note(note).is_some_and(|n| n.contains("Morvaine")),
        "the note moved"
    );
    assert!(
        text.contains("gm_notes"),
        "no gm_notes in the file:\n{text}"
    );
    assert!(saved.note_is_gm_only(note), "the moved note lost its flag");
    let moved = south_east(at(8, 3) + west);
    assert!(saved.edge(moved).is_some(), "the river side moved");
    assert!(
        text.contains("gm_edges"),
        "no gm_edges in the file:\n{text}"
    );
    assert!(
        saved.edge_is_gm_only(moved),
        "the moved river side lost its flag"
    );
}

#[test]
fn a_copied_and_pasted_gm_note_stays_gm_only_in_the_saved_file() {
    let path = hexcrawl_copy("paste-secrets");
    let mut h = harness(&path);
    let (old_ylth, target) = (at(12, 9), at(9, 11));
    select_box(&mut h, old_ylth, old_ylth);
    assert_eq!(h.state().view().selection().len(), 1);
    // Ctrl+C and Ctrl+V as the desktop sends them, the pointer on the hex.
    h.hover_at(screen(&h, old_ylth));
    settle(&mut h);
    copy_then_paste(&mut h);
    click_hex(&mut h, target);
    let (saved, _) = save_and_read(&mut h, &path);
    assert!(
        saved.note(target).is_some_and(|n| n.contains("Morvaine")),
        "pasted"
    );
    assert!(saved.note_is_gm_only(target), "the pasted note is public");
    assert!(saved.note_is_gm_only(old_ylth), "the copied one too");
}

/// Tick the one "GM only" switch on show; the flag of `item` follows, and one undo takes
/// it back.
fn switch_and_undo(h: &mut Harness<'static, EditorApp>, item: &GmItem, label: &str) {
    let before = item.is_gm_only(h.state().view().doc().map());
    h.get_by_label(label).click();
    settle(h);
    let map = h.state().view().doc().map();
    assert_eq!(
        item.is_gm_only(map),
        !before,
        "{label} did not switch {item}"
    );
    undo(h);
    let map = h.state().view().doc().map();
    assert_eq!(
        item.is_gm_only(map),
        before,
        "undo did not take {item} back"
    );
}

#[test]
fn every_panel_switches_gm_only_and_one_undo_takes_it_back() {
    let path = hexcrawl_copy("gm-switches");
    let mut h = harness(&path);
    // A note: the Note window's switch, saved with the text.
    let saltmere = at(4, 6);
    tool(&mut h, Tool::Note);
    click_hex(&mut h, saltmere);
    h.get_by_label("GM only").click();
    settle(&mut h);
    h.get_by_label("Save note").click();
    settle(&mut h);
    let note = GmItem::Note(saltmere);
    assert!(note.is_gm_only(h.state().view().doc().map()));
    undo(&mut h);
    assert!(!note.is_gm_only(h.state().view().doc().map()));
    // An icon: the castle of Hold Varr, selected with the Icons tool.
    tool(&mut h, Tool::Icon);
    let hold_varr = at(9, 5);
    click_hex(&mut h, hold_varr);
    let id = h.state().view().doc().map().icons_at(hold_varr)[0].id;
    assert_eq!(h.state().view().selected_icon(), Some((hold_varr, 0)));
    switch_and_undo(&mut h, &GmItem::Icon(id), "GM only");
    // A label: "Crown Peaks".
    tool(&mut h, Tool::Label);
    let peaks = h
        .state()
        .view()
        .world_to_screen(Point::new(18.75, 6.754998));
    click(&mut h, peaks);
    assert_eq!(h.state().view().selected_label(), Some(LabelId(2)));
    switch_and_undo(&mut h, &GmItem::Label(LabelId(2)), "GM only");
    // A path: the road, picked on its line, which runs through the middle of each step
    // (here from (5, 5) to (6, 6)).
    tool(&mut h, Tool::Path);
    let (p5, p6) = (screen(&h, at(5, 5)), screen(&h, at(6, 6)));
    click(&mut h, p5 + (p6 - p5) * 0.5);
    assert_eq!(h.state().view().selected_path(), Some(PathId(1)));
    switch_and_undo(&mut h, &GmItem::Path(PathId(1)), "Selected path 1: GM only");
    // A region: the Barony of Saltmere, chosen in the Regions panel.
    tool(&mut h, Tool::Region);
    h.get_by_label_contains("Barony of Saltmere").click();
    settle(&mut h);
    assert_eq!(h.state().view().current_region(), Some(RegionId(0)));
    switch_and_undo(&mut h, &GmItem::Region(RegionId(0)), "GM only");
    // Edge features: drawn GM-only with the switch on; drawing over one sets its flag.
    tool(&mut h, Tool::Edge);
    h.get_by_label("GM only").click();
    settle(&mut h);
    let (a, b) = (at(3, 8), at(3, 9));
    let side = Edge::between(a, b).unwrap();
    let (pa, pb) = (screen(&h, a), screen(&h, b));
    let middle = pa + (pb - pa) * 0.5;
    click(&mut h, middle);
    let map = h.state().view().doc().map();
    assert!(map.edge(side).is_some(), "drew a feature on {side}");
    assert!(map.edge_is_gm_only(side), "a GM-only feature");
    undo(&mut h);
    assert!(h.state().view().doc().map().edge(side).is_none());
    // Over the sample's public river side south-east of (11, 1): the flag is set, and
    // undo makes it public again.
    let river = south_east(at(11, 1));
    assert!(h.state().view().doc().map().edge(river).is_some());
    let (a, b) = river.hexes();
    let (pa, pb) = (screen(&h, a), screen(&h, b));
    click(&mut h, pa + (pb - pa) * 0.5);
    assert!(h.state().view().doc().map().edge_is_gm_only(river));
    undo(&mut h);
    assert!(!h.state().view().doc().map().edge_is_gm_only(river));
}

/// Every name or text of `tests/fixtures/every-secret.ron` that only the GM may know (one
/// a line in `tests/fixtures/every-secret-names.txt`, which the export test reads too).
fn fixture_secrets() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/every-secret-names.txt");
    (std::fs::read_to_string(path).unwrap().lines())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// The texts painted in `rect` in the last frame.
fn painted_texts(h: &Harness<'static, EditorApp>, rect: eframe::egui::Rect) -> String {
    (crate::harness::shapes_in(h, rect).iter())
        .filter_map(|s| match s {
            eframe::egui::Shape::Text(t) => Some(t.galley.text().to_owned()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn no_secret_of_any_kind_reaches_the_player_window_or_the_player_view() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/every-secret.ron");
    let mut h = harness(&path);
    // Notes as captions and the legend, so notes and palette names are drawn if kept.
    push(
        &mut h,
        Edit::Map(hexmap::map::MapEdit::SetView(hexmap::map::ViewSettings {
            note_captions: true,
            legend: Some(hexmap::map::Corner::default()),
        })),
    );
    let gm_rect = h.state().view().canvas_rect();
    let gm = painted_texts(&h, gm_rect);
    for s in ["GMICON", "GMLABEL", "GMNOTE", "GMREGION", "Dragon Lair"] {
        assert!(
            gm.contains(s),
            "the GM's canvas lacks {s} (the checks below could not fail)"
        );
    }
    view_menu(&mut h, "Player window");
    h.run();
    let rect = h.get_by_label("player map").rect();
    let shown = painted_texts(&h, rect);
    for s in fixture_secrets() {
        assert!(
            !shown.contains(&s),
            "the player window paints {s:?}:\n{shown}"
        );
    }
    assert!(
        shown.contains("Open Fields") && shown.contains("Watchtower"),
        "{shown}"
    );
    view_menu(&mut h, "Player window");
    view_menu(&mut h, "Player view (this window)");
    let hexes: Vec<Hex> = h.state().view().doc().map().shape().iter().collect();
    for hex in hexes {
        h.hover_at(screen(&h, hex));
        h.run();
        let mut seen = painted_texts(&h, gm_rect);
        seen.push('\n');
        seen.push_str(&shown_labels(&h).join("\n"));
        for s in fixture_secrets() {
            assert!(
                !seen.contains(&s),
                "the player view shows {s:?} over {hex}:\n{seen}"
            );
        }
    }
}

#[test]
fn the_gms_secret_marks_are_drawn_under_the_canvas_legend() {
    use eframe::egui::Shape;
    use hexmap::app::canvas::secret_marks::SECRET;
    let path = hexcrawl_copy("legend-marks");
    let mut h = harness(&path);
    push(
        &mut h,
        Edit::Map(hexmap::map::MapEdit::SetView(hexmap::map::ViewSettings {
            note_captions: false,
            legend: Some(hexmap::map::Corner::TopLeft),
        })),
    );
    // The GM-only cave and lair of (13, 2) brought under the legend's box.
    let rect = h.state().view().canvas_rect();
    let map = h.state().view().doc().map().clone();
    let entries = hexmap::draw::legend::legend_entries(&map);
    let area = (
        Point::new(rect.min.x.into(), rect.min.y.into()),
        Point::new(rect.max.x.into(), rect.max.y.into()),
    );
    let corner = hexmap::map::Corner::TopLeft;
    let (lo, hi) = hexmap::draw::legend::legend_box(&entries, area, 1.0, corner);
    let target = Pos2::new(((lo.x + hi.x) / 2.0) as f32, ((lo.y + hi.y) / 2.0) as f32);
    let mut camera = *h.state().view().camera();
    let lair = map.layout().unwrap().hex_to_pixel(at(13, 2));
    let d = (target - rect.center()) / camera.zoom as f32;
    camera.centre = Point::new(lair.x - f64::from(d.x), lair.y - f64::from(d.y));
    h.state_mut().set_camera(camera);
    settle(&mut h);
    let inside = |p: Pos2| {
        f64::from(p.x) > lo.x
            && f64::from(p.x) < hi.x
            && f64::from(p.y) > lo.y
            && f64::from(p.y) < hi.y
    };
    let shapes = crate::harness::shapes_in(&h, rect);
    let marks: Vec<usize> = (0..shapes.len())
        .filter(|&i| match &shapes[i] {
            Shape::LineSegment { points, stroke } => {
                stroke.color == SECRET && points.iter().any(|p| inside(*p))
            }
            _ => false,
        })
        .collect();
    assert!(
        !marks.is_empty(),
        "no GM mark under the legend (the check could not fail)"
    );
    let legend = (0..shapes.len())
        .find(|&i| matches!(&shapes[i], Shape::Text(t) if inside(t.pos) && t.galley.text() == "Grass"))
        .expect("the legend's terrain names");
    assert!(
        marks.iter().all(|&m| m < legend),
        "GM marks drawn over the legend: marks {marks:?}, legend text at {legend}"
    );
}
