//! The scatter brush's settings: on or off, the weighted terrains and the seed
//! (`hexmap_map::scatter::Scatter`), and their window beside the Brush ("Scatter brush":
//! a row per terrain with its weight and share, a seed, a re-roll button).

use crate::open_map::OpenMap;
use eframe::egui;
use hexmap_map::TerrainId;
use hexmap_map::scatter::{MAX_WEIGHT, Scatter};

/// The scatter brush's state (not saved: terrain ids belong to one map).
#[derive(Clone, Debug, Default)]
pub struct ScatterBrush {
    /// The brush paints the mix instead of the current terrain.
    on: bool,
    /// The mix and its seed.
    mix: Scatter,
}

impl ScatterBrush {
    /// True while the brush paints the mix instead of the current terrain.
    pub(crate) fn is_on(&self) -> bool {
        self.on
    }

    /// The edit of one brush stamp of `radius` around `center`: each hex its pick from
    /// the mix (nothing for an empty mix).
    pub(crate) fn stamp(&self, center: hexmap_hex::Hex, radius: u32) -> Vec<hexmap_map::Edit> {
        self.mix.stamp(center, radius).into_iter().collect()
    }

    /// Turned on with no rows yet: start from the current terrain (70) and the next one
    /// in the palette (30), so the brush paints a mix at once.
    fn start_rows(&mut self, doc: &OpenMap, current: Option<TerrainId>) {
        if !self.mix.entries.is_empty() {
            return;
        }
        let terrains = doc.map().palette().terrains();
        let next = terrains
            .iter()
            .map(|t| t.id)
            .find(|&t| Some(t) != current)
            .or(current);
        self.mix.entries = vec![(current, 70), (next, 30)];
    }

    /// After the palette changed: rows of terrains that are gone paint empty cells.
    pub(crate) fn keep_valid(&mut self, doc: &OpenMap) {
        let palette = doc.map().palette();
        for (t, _) in &mut self.mix.entries {
            if t.is_some_and(|id| palette.get(id).is_none()) {
                *t = None;
            }
        }
    }

    /// A new seed (the next in a fixed sequence, so a session can be replayed).
    pub fn reroll(&mut self) {
        let z = self.mix.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        self.mix.seed = (z ^ (z >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9) >> 16;
    }
}

/// The Brush's "Scatter" switch in the toolbar, and the window of the mix while on.
pub(crate) fn scatter_bar(
    ui: &mut egui::Ui,
    brush: &mut ScatterBrush,
    doc: &OpenMap,
    current: Option<TerrainId>,
) {
    if ui
        .checkbox(&mut brush.on, "Scatter")
        .on_hover_text("Paint a weighted mix of terrains (the same seed paints the same cells)")
        .changed()
        && brush.on
    {
        brush.start_rows(doc, current);
    }
    if brush.on {
        window(ui.ctx(), brush, doc);
    }
}

fn window(ctx: &egui::Context, brush: &mut ScatterBrush, doc: &OpenMap) {
    let palette = doc.map().palette();
    let name = |t: Option<TerrainId>| {
        t.and_then(|t| palette.get(t))
            .map_or("empty".to_owned(), |t| t.name.clone())
    };
    egui::Window::new("Scatter brush")
        .default_pos(ctx.content_rect().right_top() + egui::vec2(-260.0, 90.0))
        .resizable(false)
        .show(ctx, |ui| {
            let total = brush.mix.total().max(1) as f64;
            let mut remove = None;
            egui::Grid::new("scatter rows").show(ui, |ui| {
                for (i, (terrain, weight)) in brush.mix.entries.iter_mut().enumerate() {
                    egui::ComboBox::new(("scatter terrain", i), format!("row {}", i + 1))
                        .selected_text(name(*terrain))
                        .show_ui(ui, |ui| {
                            ui.selectable_value(terrain, None, "empty");
                            for t in palette.terrains() {
                                ui.selectable_value(terrain, Some(t.id), t.name.as_str());
                            }
                        });
                    ui.add(egui::DragValue::new(weight).range(0..=MAX_WEIGHT))
                        .accessible_name(format!("Weight {}", i + 1));
                    let share = f64::from((*weight).min(MAX_WEIGHT)) / total * 100.0;
                    ui.label(format!("{share:.0} %"));
                    if ui.small_button("Remove").clicked() {
                        remove = Some(i);
                    }
                    ui.end_row();
                }
            });
            if let Some(i) = remove {
                brush.mix.entries.remove(i);
            }
            if ui.button("Add terrain").clicked() {
                brush
                    .mix
                    .entries
                    .push((palette.terrains().first().map(|t| t.id), 10));
            }
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut brush.mix.seed).prefix("Seed "))
                    .accessible_name("Seed");
                if ui
                    .button("Re-roll")
                    .on_hover_text("Another seed: the same mix in another pattern")
                    .clicked()
                {
                    brush.reroll();
                }
            });
        });
}
