//! The "Random mines" window: a count or density of mines from a seed, optionally a safe
//! start (the overlay anchor, else the generator's choice) and "no guessing needed"; then
//! the fairness check of the map's mines, with the cells where a player must guess
//! outlined on the canvas. It calls the same library functions as `hexmap mines generate`
//! and `hexmap mines check` (`map::minesweeper::{generate, solve}`).

use super::Action;
use super::open_map::OpenMap;
use super::properties::outline;
use super::windows::placed;
use eframe::egui;
use hexmap_hex::{Hex, Point};
use hexmap_map::minesweeper::{
    Board, GenerateSettings, MineAmount, MineLayout, Verdict, generate, solve,
};
use hexmap_map::{CellEdit, Edit};

/// The "Random mines" form and the last fairness check.
#[derive(Clone, Debug, PartialEq)]
pub struct RandomMinesForm {
    /// Use a density (percent of cells) instead of a count.
    pub by_density: bool,
    /// Number of mines.
    pub count: usize,
    /// Percent of cells.
    pub density: f64,
    /// Generator seed.
    pub seed: u64,
    /// Keep the overlay anchor and its neighbours free of mines (the first click there
    /// opens a region).
    pub safe_start: bool,
    /// Only a layout a player can clear without guessing.
    pub no_guess: bool,
    /// What the last check or placement said.
    pub verdict: Option<String>,
    /// The cells where the last check got stuck, outlined (world segments).
    stuck: Vec<(Point, Point)>,
}

impl Default for RandomMinesForm {
    fn default() -> Self {
        RandomMinesForm {
            by_density: false,
            count: 40,
            density: 15.0,
            seed: 1,
            safe_start: false,
            no_guess: false,
            verdict: None,
            stuck: Vec::new(),
        }
    }
}

impl RandomMinesForm {
    /// Outline of the cells where the last fairness check needs a guess, if any.
    pub fn stuck(&self) -> Option<&[(Point, Point)]> {
        (!self.stuck.is_empty()).then_some(self.stuck.as_slice())
    }

    /// Check the map's mines from `start` (default: the cell that opens the most) as
    /// `hexmap mines check` does; remember the verdict and the stuck cells.
    fn check(&mut self, doc: &OpenMap, start: Option<Hex>) {
        self.stuck.clear();
        let layout = MineLayout::from_map(doc.map());
        let Some(start) = start.or_else(|| layout.suggested_start()) else {
            self.verdict = Some("Every cell holds a mine: nowhere to start.".to_owned());
            return;
        };
        self.verdict = Some(match solve(&layout, start) {
            Err(e) => format!("Cannot check: {e}"),
            Ok(report) => match report.verdict {
                Verdict::Solved => format!(
                    "Fair: solved from {} without guessing.",
                    doc.hex_name(start)
                ),
                Verdict::Stuck { forced_guess_cells } => {
                    let layout = doc.layout();
                    for &h in &forced_guess_cells {
                        self.stuck.extend(outline(&layout, &[h]));
                    }
                    format!(
                        "Stuck from {}: a guess is needed at {} cells (outlined).",
                        doc.hex_name(start),
                        forced_guess_cells.len()
                    )
                }
            },
        });
    }
}

/// The window, while its form is open; `anchor` is the overlay anchor (the safe start).
pub(super) fn window(
    ctx: &egui::Context,
    open: &mut Option<RandomMinesForm>,
    doc: &OpenMap,
    anchor: Option<Hex>,
) -> Option<Action> {
    let form = open.as_mut()?;
    let mut asked = None;
    let mut place = false;
    let mut check = false;
    let mut close = false;
    placed(ctx, egui::Window::new("Random mines"))
        .collapsible(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.radio_value(&mut form.by_density, false, "Count");
                ui.radio_value(&mut form.by_density, true, "Density %");
            });
            ui.horizontal(|ui| {
                if form.by_density {
                    let l = ui.label("Density");
                    ui.add(egui::DragValue::new(&mut form.density).range(0.0..=100.0))
                        .labelled_by(l.id);
                } else {
                    let l = ui.label("Count");
                    ui.add(egui::DragValue::new(&mut form.count).range(0..=4_000_000))
                        .labelled_by(l.id);
                }
            });
            ui.horizontal(|ui| {
                let l = ui.label("Seed");
                ui.add(egui::DragValue::new(&mut form.seed))
                    .labelled_by(l.id);
            });
            let start_text = match anchor {
                Some(h) => format!("Safe start at the anchor {}", doc.hex_name(h)),
                None => "Safe start at the anchor (set one with A)".to_owned(),
            };
            ui.add_enabled(
                anchor.is_some(),
                egui::Checkbox::new(&mut form.safe_start, start_text),
            );
            ui.checkbox(&mut form.no_guess, "No guessing needed");
            ui.horizontal(|ui| {
                place = ui.button("Place mines").clicked();
                check = ui.button("Check fairness").clicked();
                close = ui.button("Close").clicked();
            });
            if let Some(v) = &form.verdict {
                ui.label(v);
            }
        });
    let start = anchor.filter(|_| form.safe_start);
    if place {
        let board = Board::from_map(doc.map());
        let amount = if form.by_density {
            MineAmount::Density(form.density / 100.0)
        } else {
            MineAmount::Count(form.count.min(board.len()))
        };
        let settings = GenerateSettings {
            start,
            no_guess: form.no_guess,
            ..GenerateSettings::new(amount, form.seed)
        };
        form.stuck.clear();
        match generate(&board, &settings) {
            Ok(generated) => {
                let mut mines: Vec<Hex> = generated.layout.mines().collect();
                mines.sort();
                form.verdict = Some(format!(
                    "Placed {} mines{}.",
                    mines.len(),
                    match generated.start {
                        Some(s) if form.no_guess => {
                            format!(", solvable without guessing from {}", doc.hex_name(s))
                        }
                        _ => String::new(),
                    }
                ));
                asked = Some(Action::Edit(Edit::Cell(CellEdit::SetMines(mines))));
            }
            Err(e) => form.verdict = Some(format!("Cannot place the mines: {e}")),
        }
    } else if check {
        form.check(doc, start);
    }
    if close {
        *open = None;
    }
    asked
}
