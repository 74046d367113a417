//! Fog of war in the editor: the player window (View → Player window; egui
//! embeds it as a window under the test harness) shows only the player filter's map —
//! no GM-only text anywhere in its shapes, fog over every hidden hex — and follows each
//! GM edit; the main window's player view hides the readout; the fog tool's brush reveals
//! and hides with undo.

use crate::harness::{colour_at, settle, shapes_in, shown_labels};
use eframe::egui::{Color32, Key, Pos2, Rect, Shape, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::app::tools::Tool;
use hexmap::app::{Action, EditorApp};
use hexmap::hex::{Hex, OffsetCoord, OffsetKind, Point};
use hexmap::map::testing::TestMap;
use hexmap::map::{BuiltinIcon, Edit, FogEdit, HexMap, Icon, Label, LabelId, Palette, TerrainId};

const SECRETS: [&str; 5] = [
    "dragon lair",
    "secret door",
    "Vault of Ash",
    "Hidden Keep",
    "Far Lands",
];
const FOG: Color32 = Color32::from_rgb(46, 50, 64);

fn at(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

/// A 10 × 8 odd-r map of grass with big hexes, columns 5 and up hidden, a GM-only note
/// (shown as a caption), icon and label, and an icon and a label on hidden cells.
fn session() -> HexMap {
    let mut m = TestMap::rectangle(OffsetKind::OddR, 10, 8)
        .named("session")
        .hex_size(30.0)
        .build();
    for h in m.shape().iter().collect::<Vec<_>>() {
        m.set_terrain(h, TerrainId::new(2)).unwrap();
        if OffsetKind::OddR.from_hex(h).col >= 5 {
            m.set_hidden(h, true).unwrap();
        }
    }
    m.set_note(at(1, 1), Some("dragon lair".into())).unwrap();
    m.set_note_gm_only(at(1, 1), true);
    let secret = Icon {
        gm_only: true,
        caption: Some("secret door".into()),
        ..Icon::builtin(BuiltinIcon::Dungeon)
    };
    m.set_icons(at(2, 3), vec![secret]).unwrap();
    let keep = Icon {
        caption: Some("Hidden Keep".into()),
        ..Icon::builtin(BuiltinIcon::Castle)
    };
    m.set_icons(at(7, 3), vec![keep]).unwrap();
    let layout = m.layout().unwrap();
    let mut vault = Label::new("Vault of Ash", layout.hex_to_pixel(at(2, 6)));
    vault.gm_only = true;
    m.add_label(LabelId(1), vault).unwrap();
    m.add_label(
        LabelId(2),
        Label::new("Far Lands", layout.hex_to_pixel(at(7, 6))),
    )
    .unwrap();
    m.add_label(
        LabelId(3),
        Label::new("Open Fields", layout.hex_to_pixel(at(2, 0))),
    )
    .unwrap();
    m.set_view(hexmap::map::ViewSettings {
        note_captions: true,
        ..m.view()
    });
    m
}

fn harness() -> Harness<'static, EditorApp> {
    let doc = OpenMap::from_map(session());
    let mut h = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    h
}

fn texts(shapes: &[Shape]) -> Vec<String> {
    (shapes.iter())
        .filter_map(|s| match s {
            Shape::Text(t) => Some(t.galley.text().to_owned()),
            _ => None,
        })
        .collect()
}

/// Open the player window from the View menu; its map's rectangle.
fn open_player_window(h: &mut Harness<'static, EditorApp>) -> Rect {
    h.get_by_label("View").click();
    settle(h);
    h.get_by_label("Player window").click();
    settle(h);
    h.run();
    h.get_by_label("player map").rect()
}

#[test]
fn the_player_window_shows_no_secret_and_fog_over_every_hidden_hex() {
    let mut h = harness();
    // The GM's canvas does show the secrets (so the checks below can fail).
    let gm_rect = h.state().view().canvas_rect();
    let gm_texts = texts(&shapes_in(&h, gm_rect)).join("\n");
    for s in ["dragon lair", "secret door", "Vault of Ash"] {
        assert!(gm_texts.contains(s), "the GM canvas lacks {s}:\n{gm_texts}");
    }
    let rect = open_player_window(&mut h);
    let shapes = shapes_in(&h, rect);
    let shown = texts(&shapes).join("\n");
    for s in SECRETS {
        assert!(
            !shown.contains(s),
            "the player window shows {s:?}:\n{shown}"
        );
    }
    assert!(shown.contains("Open Fields"), "{shown}");
    // Fog over every hidden hex in view, and none over the others.
    let map = session();
    let layout = map.layout().unwrap();
    let camera = *h.state().view().camera();
    let (mut fogged, mut clear) = (0, 0);
    for hex in map.shape().iter() {
        let c = layout.hex_to_pixel(hex);
        // A little above the centre, clear of icons and captions.
        let p = camera.world_to_screen(rect, Point::new(c.x, c.y - 20.0));
        if !rect.shrink(4.0).contains(p) {
            continue;
        }
        let colour = colour_at(&shapes, p);
        if map.is_revealed(hex) {
            assert_ne!(colour, Some(FOG), "{hex} is revealed");
            clear += 1;
        } else {
            assert_eq!(colour, Some(FOG), "{hex} is hidden");
            fogged += 1;
        }
    }
    assert!(
        fogged > 3 && clear > 3,
        "{fogged} fogged, {clear} clear in view"
    );
}

#[test]
fn a_gm_edit_reaches_the_player_window_in_the_same_frame() {
    let mut h = harness();
    let rect = open_player_window(&mut h);
    let hidden = at(6, 3);
    h.state_mut()
        .push(Action::Edit(Edit::Fog(FogEdit::SetRevealed {
            hexes: vec![hidden],
            revealed: true,
        })));
    h.run();
    let camera = *h.state().view().camera();
    let c = h.state().view().doc().layout().hex_to_pixel(hidden);
    let p = camera.world_to_screen(rect, Point::new(c.x, c.y - 20.0));
    assert!(rect.contains(p));
    let colour = colour_at(&shapes_in(&h, rect), p);
    assert_ne!(colour, Some(FOG), "revealed by the GM, seen by the players");
}

#[test]
fn the_main_windows_player_view_hides_secrets_and_the_readout() {
    let mut h = harness();
    h.get_by_label("View").click();
    settle(&mut h);
    h.get_by_label("Player view (this window)").click();
    settle(&mut h);
    let rect = h.state().view().canvas_rect();
    h.hover_at(rect.center());
    h.run();
    let shown = texts(&shapes_in(&h, rect)).join("\n");
    for s in SECRETS {
        assert!(!shown.contains(s), "the player view shows {s:?}:\n{shown}");
    }
    let labels = shown_labels(&h);
    assert!(labels.iter().any(|l| l == "player view"), "{labels:?}");
    assert!(!labels.iter().any(|l| l.contains("terrain:")), "{labels:?}");
}

#[test]
fn the_fog_brush_reveals_and_hides_in_one_undo_step_each() {
    let mut h = harness();
    h.key_press(Key::W);
    h.run();
    assert_eq!(h.state().view().tool(), Tool::Fog);
    let camera = *h.state().view().camera();
    let rect = h.state().view().canvas_rect();
    let layout = h.state().view().doc().layout();
    let hidden = at(7, 4);
    let p = camera.world_to_screen(rect, layout.hex_to_pixel(hidden));
    let before = h.state().view().doc().map().hidden_count();
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    h.run();
    let map = h.state().view().doc().map();
    assert!(map.is_revealed(hidden));
    assert!(map.hidden_count() < before);
    h.key_press_modifiers(eframe::egui::Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().view().doc().map().hidden_count(), before);
}

#[test]
fn the_player_window_draws_tile_art_on_revealed_cells() {
    // The session map with grass drawn from an image beside the saved map.
    let dir = crate::harness::temp_dir("player-tile-art");
    std::fs::create_dir_all(dir.join("art")).unwrap();
    let tree = hexmap::draw::RgbaImage::new(2, 2, [20, 120, 40, 255].repeat(4)).unwrap();
    let png = hexmap::io::images::encode_png(&tree);
    std::fs::write(dir.join("art/tree.png"), png).unwrap();
    let mut m = session();
    let mut terrains = m.palette().terrains().to_vec();
    terrains[1].art.images = vec!["art/tree.png".into()];
    m.set_palette(Palette::new(terrains).unwrap());
    let file = dir.join("session.ron");
    OpenMap::from_map(m).save(&file).unwrap();
    let doc = OpenMap::load(&file).unwrap();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    let rect = open_player_window(&mut h);
    let textured: Vec<Rect> = shapes_in(&h, rect)
        .iter()
        .filter_map(|s| match s {
            Shape::Mesh(m) if m.texture_id != eframe::egui::TextureId::default() => {
                Some(m.calc_bounds())
            }
            _ => None,
        })
        .collect();
    assert!(!textured.is_empty(), "no tile art in the player window");
    // The art is on the revealed (west) half only: hidden cells are fog.
    let camera = *h.state().view().camera();
    let layout = h.state().view().doc().layout();
    let east = camera.world_to_screen(rect, layout.hex_to_pixel(at(7, 4)));
    assert!(
        textured.iter().all(|r| r.max.x < east.x),
        "tile art drawn on a hidden cell: {textured:?}"
    );
}

/// The screen points where `shapes` draw in the GM-only mark colour: each dash's ends and
/// each "GM" tag's position.
fn secret_marks(shapes: &[Shape]) -> Vec<Pos2> {
    use hexmap::app::canvas::secret_marks::SECRET;
    let mut out = Vec::new();
    for s in shapes {
        match s {
            Shape::LineSegment { points, stroke } if stroke.color == SECRET => {
                out.extend(points);
            }
            Shape::Text(t) if t.fallback_color == SECRET && t.galley.text() == "GM" => {
                out.push(t.pos);
            }
            _ => {}
        }
    }
    out
}

#[test]
fn the_gm_sees_gm_only_items_marked_and_the_players_see_no_mark() {
    let mut h = harness();
    let rect = h.state().view().canvas_rect();
    let camera = *h.state().view().camera();
    let layout = h.state().view().doc().layout();
    let marks = secret_marks(&shapes_in(&h, rect));
    let near = |hex: Hex, reach: f32| {
        let c = camera.world_to_screen(rect, layout.hex_to_pixel(hex));
        marks.iter().any(|p| p.distance(c) <= reach)
    };
    let hex_px = (30.0 * camera.zoom) as f32;
    // The GM-only icon's box, the GM-only label's outline, the GM-only note's tag.
    assert!(
        near(at(2, 3), hex_px),
        "no mark at the secret door: {marks:?}"
    );
    assert!(near(at(2, 6), 3.0 * hex_px), "no mark at the vault's label");
    assert!(near(at(1, 1), 1.2 * hex_px), "no tag at the GM-only note");
    // The public icon on a hidden cell and the public label are not marked.
    assert!(!near(at(7, 3), 0.6 * hex_px), "a public icon is marked");
    // The players' view in the main window shows no mark at all.
    h.get_by_label("View").click();
    settle(&mut h);
    h.get_by_label("Player view (this window)").click();
    settle(&mut h);
    assert_eq!(secret_marks(&shapes_in(&h, rect)), Vec::<Pos2>::new());
}

#[test]
fn the_player_window_zooms_at_the_pointer_within_the_canvas_limits() {
    let mut h = harness();
    let rect = open_player_window(&mut h);
    h.get_by_label("Follow the GM's view").click();
    settle(&mut h);
    let p = rect.center() + Vec2::new(120.0, 60.0);
    h.hover_at(p);
    settle(&mut h);
    let before = h.state().view().player_camera().expect("its own camera");
    let under = before.screen_to_world(rect, p);
    // A long turn of the wheel, towards the viewer.
    for _ in 0..60 {
        h.event(eframe::egui::Event::MouseWheel {
            unit: eframe::egui::MouseWheelUnit::Line,
            delta: Vec2::new(0.0, 2.0),
            modifiers: eframe::egui::Modifiers::NONE,
            phase: eframe::egui::TouchPhase::Move,
            source: eframe::egui::MouseWheelSource::Wheel,
        });
        h.run();
    }
    let after = h.state().view().player_camera().unwrap();
    assert!(after.zoom > before.zoom, "it zoomed in");
    // The canvas's limit: one hex filling the view, however far the wheel turns.
    let size = session().properties().hex_size;
    let one_hex = rect.width().min(rect.height()) as f64 / (2.0 * size.x.max(size.y));
    assert!(
        after.zoom <= one_hex * 1.000_001,
        "zoom {} past the limit {one_hex}",
        after.zoom
    );
    let still = after.screen_to_world(rect, p);
    let moved = (still.x - under.x).hypot(still.y - under.y) * after.zoom;
    assert!(
        moved < 1.0,
        "the point under the pointer moved {moved:.1} px"
    );
}
