//! The terrain palette panel: pick a terrain, add one, and edit the selected one (name,
//! colour by picker or typed as `#rrggbb`, symbol, movement cost, sight), move it up or
//! down, or delete it (its cells become empty; the confirmation says how many), and pick
//! its tile art (`tile_art_picker`). Every change is one `MapEdit::SetPalette`, so one undo
//! step.

use crate::Action;
use crate::panels::ToolPanelCtx;
use eframe::egui::{self, Color32};
use hexmap_map::{Edit, MapEdit, MoveCost, Palette, Rgb, Terrain};

/// The terrain being edited: a working copy until "Apply", the colour as typed, and
/// whether "Delete…" waits for its confirmation.
#[derive(Clone, Debug, PartialEq)]
pub struct TerrainEditor {
    /// The working copy.
    pub terrain: Terrain,
    /// The colour field's text (`#rrggbb`), kept while it is not a colour yet.
    pub colour_text: String,
    /// The symbol field's text, kept while it is empty (one character is the symbol).
    pub symbol_text: String,
    /// "Delete…" was pressed: the confirmation is on show.
    pub confirm_delete: bool,
}

impl TerrainEditor {
    /// An editor on a copy of `t`.
    pub fn new(t: &Terrain) -> Self {
        TerrainEditor {
            terrain: t.clone(),
            colour_text: t.color.to_string(),
            symbol_text: t.symbol.to_string(),
            confirm_delete: false,
        }
    }
}

fn colour(rgb: Rgb) -> Color32 {
    let [r, g, b] = rgb.0;
    Color32::from_rgb(r, g, b)
}

/// The palette as a new list: one `SetPalette` edit, or the palette's refusal.
fn set_palette(list: Vec<Terrain>, out: &mut Vec<Action>) {
    match Palette::new(list) {
        Ok(p) => out.push(Action::Edit(Edit::Map(MapEdit::SetPalette(p)))),
        Err(e) => out.push(Action::Error(e.to_string())),
    }
}

/// The palette panel.
pub(crate) fn show(
    ui: &mut egui::Ui,
    cx: &mut ToolPanelCtx<'_>,
    editor: &mut Option<TerrainEditor>,
) {
    let ToolPanelCtx {
        doc, tools, out, ..
    } = cx;
    ui.heading("Terrain");
    let terrains: Vec<Terrain> = doc.map().palette().terrains().to_vec();
    for t in &terrains {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, colour(t.color));
            let selected = tools.terrain() == Some(t.id);
            if ui
                .selectable_label(selected, format!("{} {}", t.symbol, t.name))
                .clicked()
            {
                tools.set_terrain(t.id);
                *editor = None;
            }
        });
    }
    ui.horizontal(|ui| {
        if ui.button("Add terrain").clicked()
            && let Some(id) = doc.map().palette().next_free_id()
        {
            let mut list = terrains.clone();
            let symbol = ('a'..='z')
                .chain('A'..='Z')
                .chain('0'..='9')
                .find(|c| list.iter().all(|t| t.symbol != *c))
                .unwrap_or('?');
            list.push(Terrain {
                id,
                name: format!("Terrain {}", id.get()),
                color: Rgb([200, 200, 200]),
                symbol,
                cost: MoveCost::whole(1),
                blocks_sight: false,
                art: Default::default(),
            });
            if Palette::new(list.clone()).is_ok() {
                tools.set_terrain(id);
            }
            set_palette(list, out);
        }
        if ui.button("Edit…").clicked()
            && let Some(t) = tools.terrain().and_then(|id| doc.map().palette().get(id))
        {
            *editor = Some(TerrainEditor::new(t));
        }
    });
    let Some(ed) = editor.as_mut() else {
        return;
    };
    let mut close = false;
    ui.group(|ui| {
        fields(ui, ed);
        crate::panels::tile_art_picker::show(ui, ed, &terrains, cx.images, out);
        let id = ed.terrain.id;
        let index = terrains.iter().position(|t| t.id == id);
        ui.horizontal(|ui| {
            if ui.button("Apply").clicked() {
                let list = terrains
                    .iter()
                    .map(|t| {
                        if t.id == id {
                            ed.terrain.clone()
                        } else {
                            t.clone()
                        }
                    })
                    .collect();
                set_palette(list, out);
            }
            close = ui.button("Close").clicked();
        });
        let Some(i) = index else {
            return;
        };
        // Wraps rather than widening the panel (which would move the canvas).
        ui.horizontal_wrapped(|ui| {
            let moved = |to: usize| {
                let mut list = terrains.clone();
                let t = list.remove(i);
                list.insert(to, t);
                list
            };
            if ui
                .add_enabled(i > 0, egui::Button::new("Move up"))
                .clicked()
            {
                set_palette(moved(i - 1), out);
            }
            let last = i + 1 >= terrains.len();
            if ui
                .add_enabled(!last, egui::Button::new("Move down"))
                .clicked()
            {
                set_palette(moved(i + 1), out);
            }
            if ui.button("Delete…").clicked() {
                ed.confirm_delete = true;
            }
        });
        if ed.confirm_delete {
            // Cells per terrain, in palette order after the empty count.
            let cells = doc.map().terrain_counts().get(i + 1).copied().unwrap_or(0);
            let name = &terrains[i].name;
            let cells_text = match cells {
                1 => "1 cell becomes empty".to_owned(),
                n => format!(
                    "{} become empty",
                    crate::panels::words::count(n, "cell", "cells")
                ),
            };
            ui.add(egui::Label::new(format!("Delete \"{name}\"? {cells_text}.")).wrap());
            ui.horizontal(|ui| {
                if ui.button("Delete").clicked() {
                    let mut list = terrains.clone();
                    list.remove(i);
                    set_palette(list, out);
                    close = true;
                }
                if ui.button("Keep").clicked() {
                    ed.confirm_delete = false;
                }
            });
        }
    });
    if close {
        *editor = None;
    }
}

/// Name, colour (picker and `#rrggbb`), symbol, cost and sight of the working copy.
fn fields(ui: &mut egui::Ui, ed: &mut TerrainEditor) {
    let t = &mut ed.terrain;
    ui.label(format!("Terrain id {}", t.id.get()));
    ui.horizontal(|ui| {
        let l = ui.label("Name");
        // As wide as the panel leaves, never wider (the panel must not grow).
        let field = egui::TextEdit::singleline(&mut t.name).desired_width(ui.available_width());
        ui.add(field).labelled_by(l.id);
    });
    ui.horizontal_wrapped(|ui| {
        let l = ui.label("Colour");
        if ui.color_edit_button_srgb(&mut t.color.0).changed() {
            ed.colour_text = t.color.to_string();
        }
        let field = egui::TextEdit::singleline(&mut ed.colour_text).desired_width(70.0);
        if ui.add(field).labelled_by(l.id).changed()
            && let Ok(rgb) = ed.colour_text.trim().parse::<Rgb>()
        {
            t.color = rgb;
        }
        if ed.colour_text.trim().parse::<Rgb>().is_err() {
            ui.label(egui::RichText::new("#rrggbb").color(ui.visuals().error_fg_color));
        }
    });
    // Edited as any text field is (Backspace empties it, then a letter is typed): one
    // character at most, and the symbol is that character once there is one.
    ui.horizontal(|ui| {
        let l = ui.label("Symbol");
        let field = egui::TextEdit::singleline(&mut ed.symbol_text)
            .char_limit(1)
            .desired_width(24.0);
        ui.add(field).labelled_by(l.id);
        match ed.symbol_text.chars().next() {
            Some(c) => t.symbol = c,
            None => {
                let hint = egui::RichText::new("type one character");
                ui.label(hint.color(ui.visuals().error_fg_color));
            }
        }
    });
    ui.horizontal(|ui| {
        let mut impassable = matches!(t.cost, MoveCost::Impassable);
        ui.checkbox(&mut impassable, "Impassable");
        if impassable {
            t.cost = MoveCost::Impassable;
        } else {
            // Points with up to two decimals (hexmap_map::Cost counts hundredths).
            let mut points = match t.cost {
                MoveCost::Cost(c) => c.points(),
                MoveCost::Impassable => 1.0,
            };
            let l = ui.label("Cost");
            ui.add(
                egui::DragValue::new(&mut points)
                    .range(0.0..=hexmap_map::Cost::MAX.points())
                    .speed(0.25)
                    .max_decimals(2),
            )
            .labelled_by(l.id);
            if let Some(c) = hexmap_map::Cost::from_points(points) {
                t.cost = MoveCost::Cost(c);
            }
        }
    });
    ui.checkbox(&mut t.blocks_sight, "Blocks sight");
}
