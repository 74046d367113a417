//! The Generate window's "Biomes" section (docs/GENERATE.md): the biome table as
//! a grid the user edits (terrain, elevation, moisture and temperature bounds per row;
//! add, remove, move rows; back to the standard table), loaded from and saved to a biome
//! file through the editor's storage and file dialogs (`io::biomes`, so the browser build
//! reads the chosen file and downloads the saved one). The table is kept in the preferences
//! (`Prefs::generate_biomes`, the biome file's text), so it outlives the window and a
//! restart. What a table must be is checked by `BiomeTable::validate` (one home, in map).

use crate::Action;
use crate::files::storage;
use eframe::egui;
use hexmap_generate::{ANY_MOISTURE, BiomeRule, BiomeTable, MAX_ROWS, biome};
use hexmap_io::biomes;
use hexmap_map::HexMap;
use std::path::Path;

/// The file name Save… proposes.
const SUGGESTED_FILE: &str = "biomes.ron";

/// The terrain names a row may choose: the standard generated palette's, then the open
/// map's (its palette is painted onto with "Keep this map's terrains"), each once.
pub(crate) fn terrain_choices(map: &HexMap) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let standard = biome::generated_palette();
    for t in standard.terrains().iter().chain(map.palette().terrains()) {
        let name = t.name.trim();
        if !name.is_empty() && !names.iter().any(|n| n.eq_ignore_ascii_case(name)) {
            names.push(name.to_owned());
        }
    }
    names
}

/// The preference text for `table`: `None` for the standard table.
pub(crate) fn prefs_text(table: &BiomeTable) -> Option<String> {
    (*table != BiomeTable::standard()).then(|| biomes::biomes_to_string(table))
}

/// The table the preferences keep, or the standard one, with a message when the kept text
/// could not be read.
pub(crate) fn from_prefs(text: Option<&str>) -> (BiomeTable, Option<String>) {
    match text.map(biomes::biomes_from_str) {
        None => (BiomeTable::standard(), None),
        Some(Ok(table)) => (table, None),
        Some(Err(e)) => (
            BiomeTable::standard(),
            Some(format!(
                "The biome table kept from last time cannot be used ({e}); the standard \
                 table is shown."
            )),
        ),
    }
}

/// The headings of the bounds' columns, which name their boxes.
const COLUMNS: [&str; 6] = [
    "Elevation\nfrom",
    "Elevation\nbelow",
    "Moisture\nfrom",
    "Moisture\nbelow",
    "Temperature\nfrom",
    "Temperature\nbelow",
];

/// A change to the rows asked for by a row's buttons, applied after the grid is drawn.
enum RowEdit {
    Up(usize),
    Down(usize),
    Remove(usize),
}

/// Show the section. Pushes [`Action::RememberBiomes`] when the table changed, and the
/// Load…/Save… dialog actions.
pub(crate) fn section(
    ui: &mut egui::Ui,
    table: &mut BiomeTable,
    choices: &[String],
    out: &mut Vec<Action>,
) {
    let before = table.clone();
    ui.label(
        "Rows are tried in order: a cell gets the terrain of the first row whose ranges hold \
         its elevation (m), moisture (0 dry to 1 wet) and mean yearly temperature (°C). \
         \"any\" is no limit.",
    );
    let mut row_edit = None;
    let rows = table.rules.len();
    // Both ways: on a narrow screen the grid scrolls sideways rather than pushing the
    // window past the screen's edge.
    egui::ScrollArea::both().max_height(360.0).show(ui, |ui| {
        egui::Grid::new("biome rows")
            .striped(true)
            .num_columns(9)
            .show(ui, |ui| {
                ui.strong("#");
                ui.strong("Terrain");
                // The bounds' boxes are named by their column's heading, on two lines
                // so the columns are as narrow as their numbers.
                let columns = COLUMNS.map(|heading| ui.strong(heading).id);
                ui.label("");
                ui.end_row();
                for (i, rule) in table.rules.iter_mut().enumerate() {
                    if let Some(e) = row(ui, i, rows, rule, choices, columns) {
                        row_edit = Some(e);
                    }
                    ui.end_row();
                }
            });
    });
    match row_edit {
        Some(RowEdit::Up(i)) if i > 0 => table.rules.swap(i - 1, i),
        Some(RowEdit::Down(i)) if i + 1 < rows => table.rules.swap(i, i + 1),
        Some(RowEdit::Remove(i)) if rows > 1 => {
            table.rules.remove(i);
        }
        _ => {}
    }
    ui.horizontal(|ui| {
        if ui
            .add_enabled(rows < MAX_ROWS, egui::Button::new("Add row"))
            .on_hover_text("A row for Grassland at the end, taking any cell that reaches it")
            .clicked()
        {
            table.rules.push(BiomeRule::any("Grassland"));
        }
        if ui
            .button("Standard")
            .on_hover_text("Put the standard table back")
            .clicked()
        {
            *table = BiomeTable::standard();
        }
        if ui.button("Load…").clicked() {
            out.push(Action::LoadBiomesDialog);
        }
        if ui.button("Save…").clicked() {
            out.push(Action::SaveBiomesDialog(table.clone()));
        }
    });
    match table.validate() {
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, format!("Biomes: {e}"));
        }
        Ok(()) => {
            for i in table.unused_rows() {
                ui.label(format!(
                    "Row {} ({}) is never used: the rows above it take all of its ranges.",
                    i + 1,
                    table.rules[i].terrain.trim()
                ));
            }
        }
    }
    if *table != before {
        out.push(Action::RememberBiomes(prefs_text(table)));
    }
}

/// One row of the grid; the move/remove button pressed, if any.
fn row(
    ui: &mut egui::Ui,
    i: usize,
    rows: usize,
    rule: &mut BiomeRule,
    choices: &[String],
    columns: [egui::Id; 6],
) -> Option<RowEdit> {
    let number = ui.label((i + 1).to_string());
    // Tall enough for every standard name (and a few of the map's) without scrolling.
    let combo = egui::ComboBox::from_id_salt(("biome terrain", i))
        .selected_text(rule.terrain.as_str())
        .height(480.0)
        .show_ui(ui, |ui| {
            for name in choices {
                ui.selectable_value(&mut rule.terrain, name.clone(), name.as_str());
            }
        });
    let _ = combo.response.labelled_by(number.id);
    whole_bound(ui, &mut rule.min_elevation, i16::MIN, 10.0).labelled_by(columns[0]);
    whole_bound(ui, &mut rule.below_elevation, i16::MAX, 10.0).labelled_by(columns[1]);
    moisture(ui, &mut rule.min_moisture, 1.0).labelled_by(columns[2]);
    let below = moisture(ui, &mut rule.below_moisture, ANY_MOISTURE).labelled_by(columns[3]);
    if below.changed() && rule.below_moisture >= 1.0 {
        // Up to the top is no limit: "below 1" would leave out the wettest land and water.
        rule.below_moisture = ANY_MOISTURE;
    }
    whole_bound(ui, &mut rule.min_temperature, i16::MIN, 0.2).labelled_by(columns[4]);
    whole_bound(ui, &mut rule.below_temperature, i16::MAX, 0.2).labelled_by(columns[5]);
    let mut edit = None;
    ui.horizontal(|ui| {
        if ui.add_enabled(i > 0, egui::Button::new("Up")).clicked() {
            edit = Some(RowEdit::Up(i));
        }
        if ui
            .add_enabled(i + 1 < rows, egui::Button::new("Down"))
            .clicked()
        {
            edit = Some(RowEdit::Down(i));
        }
        if ui
            .add_enabled(rows > 1, egui::Button::new("Remove"))
            .clicked()
        {
            edit = Some(RowEdit::Remove(i));
        }
    });
    edit
}

/// A whole-number bound (elevation in metres, temperature in °C), dragged `speed` a
/// pixel; `none` (the type's end) shows as "any".
fn whole_bound(ui: &mut egui::Ui, value: &mut i16, none: i16, speed: f64) -> egui::Response {
    ui.add(
        egui::DragValue::new(value)
            .speed(speed)
            .range(i16::MIN..=i16::MAX)
            .custom_formatter(move |n, _| {
                if n.round() as i64 == i64::from(none) {
                    "any".into()
                } else {
                    format!("{n:.0}")
                }
            })
            .custom_parser(move |s| {
                let s = s.trim();
                if s.eq_ignore_ascii_case("any") {
                    Some(f64::from(none))
                } else {
                    s.parse().ok()
                }
            }),
    )
}

/// A moisture bound from 0 to `top`; over 1 shows as "any".
fn moisture(ui: &mut egui::Ui, value: &mut f32, top: f32) -> egui::Response {
    ui.add(
        egui::DragValue::new(value)
            .speed(0.01)
            .range(0.0..=top)
            .custom_formatter(|n, _| {
                if n > 1.0 {
                    "any".into()
                } else {
                    let s = format!("{n:.3}");
                    s.trim_end_matches('0').trim_end_matches('.').to_owned()
                }
            })
            .custom_parser(move |s| {
                let s = s.trim();
                if s.eq_ignore_ascii_case("any") {
                    Some(f64::from(top))
                } else {
                    s.parse().ok()
                }
            }),
    )
}

/// Read the biome file at `path` (through the editor's storage), or say why not.
pub(crate) fn load(path: &Path) -> Result<BiomeTable, String> {
    storage::current()
        .read(path)
        .map_err(|e| format!("{}: {e}", path.display()))
        .and_then(|bytes| biomes::biomes_from_file_bytes(path, &bytes).map_err(|e| e.to_string()))
        .map_err(|e| format!("Cannot load the biome table: {e}"))
}

/// Save `table` as a biome file at `path` (through the editor's storage: a download in a
/// browser): what to say, or why not.
pub(crate) fn save(table: &BiomeTable, path: &Path) -> Result<String, String> {
    let text = biomes::biomes_to_string(table);
    match storage::current().write(path, text.as_bytes()) {
        Ok(()) => Ok(format!("Saved the biome table to {}", path.display())),
        Err(e) => Err(format!(
            "Cannot save the biome table to {}: {e}",
            path.display()
        )),
    }
}

/// The Save… dialog's request.
pub(crate) fn save_request() -> crate::files::dialogs::DialogRequest {
    crate::files::dialogs::DialogRequest::SaveBiomes {
        suggested: SUGGESTED_FILE.into(),
    }
}
