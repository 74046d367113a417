//! The climate layers in the editor: Layers → Temperature bands and Moisture bands tint
//! each cell by its band (one at a time), and the status bar reads both values under the
//! pointer, on a map whose climate came from a file.

use crate::harness::{colour_at, settle, shapes_in};
use eframe::egui::{Color32, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::draw::climate_bands;
use hexmap::hex::{Hex, OffsetCoord, OffsetKind};
use hexmap::map::TerrainId;
use hexmap::map::testing::TestMap;
use hexmap::map::{Climate, ClimateKind, ClimateLayer, HexMap};

fn at(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

/// 10 × 8 grass, big hexes; temperature 30 − 5 × row °C, moisture 10 × column %, read
/// from the map's own file text (as an opened generated map has them).
fn climate_map() -> HexMap {
    let mut m = TestMap::rectangle(OffsetKind::OddR, 10, 8)
        .named("climate")
        .hex_size(30.0)
        .build();
    let cells: Vec<Hex> = m.shape().iter().collect();
    for &h in &cells {
        m.set_terrain(h, TerrainId::new(2)).unwrap();
    }
    let offset = |h: Hex| OffsetKind::OddR.from_hex(h);
    let temperature = cells
        .iter()
        .map(|&h| 30 - 5 * offset(h).row as i16)
        .collect();
    let moisture = cells.iter().map(|&h| 10 * offset(h).col as i16).collect();
    m.set_climate(Climate {
        temperature: Some(ClimateLayer::from_values(temperature)),
        moisture: Some(ClimateLayer::from_values(moisture)),
    })
    .unwrap();
    let text = hexmap::io::to_string(&m, hexmap::io::Form::Offset);
    hexmap::io::from_str(&text).unwrap().0
}

fn harness() -> Harness<'static, EditorApp> {
    let doc = OpenMap::from_map(climate_map());
    let mut h = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    h
}

#[test]
fn climate_bands_tint_cells_one_layer_at_a_time() {
    let mut h = harness();
    let rect = h.state().view().canvas_rect();
    let camera = *h.state().view().camera();
    let layout = h.state().view().doc().layout();
    let centre = |hex: Hex| camera.world_to_screen(rect, layout.hex_to_pixel(hex));
    let grass = colour_at(&shapes_in(&h, rect), centre(at(1, 1))).expect("a cell");
    // Off: every grass cell looks the same.
    assert_eq!(
        colour_at(&shapes_in(&h, rect), centre(at(8, 6))),
        Some(grass)
    );
    let want = |kind, v| {
        let g = hexmap::draw::colour::Colour::rgb(grass.r(), grass.g(), grass.b());
        let c = climate_bands::tint(g, kind, v);
        Color32::from_rgb(c.r, c.g, c.b)
    };
    h.get_by_label("Temperature bands").click();
    settle(&mut h);
    let shapes = shapes_in(&h, rect);
    let shown = |hex: Hex| colour_at(&shapes, centre(hex)).expect("a cell");
    assert_eq!(shown(at(3, 0)), want(ClimateKind::Temperature, 30));
    assert_eq!(shown(at(3, 7)), want(ClimateKind::Temperature, -5));
    assert_ne!(shown(at(3, 0)), shown(at(3, 7)));
    // Moisture bands take the place of the temperature bands.
    h.get_by_label("Moisture bands").click();
    settle(&mut h);
    let shapes = shapes_in(&h, rect);
    let shown = |hex: Hex| colour_at(&shapes, centre(hex)).expect("a cell");
    assert_eq!(shown(at(0, 3)), want(ClimateKind::Moisture, 0));
    assert_eq!(shown(at(9, 3)), want(ClimateKind::Moisture, 90));
    assert_eq!(
        shown(at(9, 0)),
        shown(at(9, 7)),
        "no temperature left in the tint"
    );
    // And off again.
    h.get_by_label("Moisture bands").click();
    settle(&mut h);
    assert_eq!(
        colour_at(&shapes_in(&h, rect), centre(at(8, 6))),
        Some(grass)
    );
}

#[test]
fn the_status_bar_reads_temperature_and_moisture_under_the_pointer() {
    let mut h = harness();
    let camera = *h.state().view().camera();
    let rect = h.state().view().canvas_rect();
    let layout = h.state().view().doc().layout();
    h.hover_at(camera.world_to_screen(rect, layout.hex_to_pixel(at(4, 2))));
    settle(&mut h);
    let labels = crate::harness::shown_labels(&h);
    assert!(
        labels.iter().any(|l| l == "temperature: 20 °C"),
        "{labels:?}"
    );
    assert!(labels.iter().any(|l| l == "moisture: 40 %"), "{labels:?}");
}
