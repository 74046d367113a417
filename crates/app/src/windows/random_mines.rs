//! The "Random mines" window: a count or density of mines from a seed, optionally a safe
//! start (the overlay anchor, else the generator's choice) and "no guessing needed"; then
//! the fairness check of the map's mines, with the cells where a player must guess
//! outlined on the canvas. It calls the same library functions as `hexmap mines generate`
//! and `hexmap mines check` (`hexmap_mines::{generate, solve}`); placing runs off the UI
//! pass with a progress bar and Cancel (a no-guess search on a big map takes a while).

use crate::Action;
use crate::files::background::{Job, JobEnd};
use crate::open_map::OpenMap;
use crate::windows::placed;
use crate::windows::properties::outline;
use crate::windows::{EditorWindow, Shown};
use eframe::egui;
use hexmap_hex::{Hex, Point};
use hexmap_map::{CellEdit, Edit};
use hexmap_mines::{
    Board, GenerateError, GenerateSettings, Generated, MineAmount, MineLayout, Verdict,
    generate_in_steps, solve,
};

/// A placement running off the UI pass (`background::Job`: a thread, or a solver run at a
/// time between frames in a browser), with its progress and Cancel; dropping it (the window
/// closed) cancels it.
#[derive(Debug)]
struct MinesRun {
    job: Job<Result<Generated, GenerateError>>,
    /// The map's revision when the placement began: a layout for a map edited since is
    /// not placed.
    revision: u64,
    /// Whether no guessing was asked for (the verdict says so).
    no_guess: bool,
}

/// The "Random mines" form and the last fairness check.
#[derive(Debug)]
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
    /// The placement running, if any.
    running: Option<MinesRun>,
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
            running: None,
        }
    }
}

impl RandomMinesForm {
    /// Outline of the cells where the last fairness check needs a guess, if any.
    pub fn stuck(&self) -> Option<&[(Point, Point)]> {
        (!self.stuck.is_empty()).then_some(self.stuck.as_slice())
    }

    /// Start placing mines on `doc`'s map as the form says, from `start`.
    fn start_placing(&mut self, ctx: &egui::Context, doc: &OpenMap, start: Option<Hex>) {
        let board = Board::from_map(doc.map());
        let amount = if self.by_density {
            MineAmount::Density(self.density / 100.0)
        } else {
            MineAmount::Count(self.count.min(board.len()))
        };
        let settings = GenerateSettings {
            start,
            no_guess: self.no_guess,
            ..GenerateSettings::new(amount, self.seed)
        };
        self.stuck.clear();
        self.verdict = None;
        let job = Job::start(ctx, move |mut progress| async move {
            generate_in_steps(&board, &settings, &mut progress).await
        });
        self.running = Some(MinesRun {
            job,
            revision: doc.revision(),
            no_guess: self.no_guess,
        });
    }

    /// Take what the running placement sent: its progress, and at the end the edit that
    /// places its mines (or why there is none).
    fn poll_placing(&mut self, doc: &OpenMap) -> Option<Action> {
        let end = self.running.as_mut()?.job.poll()?;
        let run = self.running.take()?;
        let result = match end {
            JobEnd::Cancelled => {
                self.verdict = Some("Cancelled: no mines were placed.".to_owned());
                return None;
            }
            JobEnd::Done(result) => result,
        };
        if doc.revision() != run.revision {
            self.verdict = Some(
                "The map changed while the mines were being placed: place them again.".to_owned(),
            );
            return None;
        }
        match result {
            Ok(generated) => {
                let mut mines: Vec<Hex> = generated.layout.mines().collect();
                mines.sort();
                self.verdict = Some(format!(
                    "Placed {}{}.",
                    crate::panels::words::count(mines.len(), "mine", "mines"),
                    match generated.start {
                        Some(s) if run.no_guess => {
                            format!(", solvable without guessing from {}", doc.hex_name(s))
                        }
                        _ => String::new(),
                    }
                ));
                Some(Action::Edit(Edit::Cell(CellEdit::SetMines(mines))))
            }
            Err(e) => {
                let e = crate::windows::error_text::generate_error(doc, &e);
                self.verdict = Some(format!("Cannot place the mines: {e}"));
                None
            }
        }
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
            Err(e) => format!(
                "Cannot check: {}",
                crate::windows::error_text::solve_error(doc, &e)
            ),
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
                        "Stuck from {}: a guess is needed at {} (outlined).",
                        doc.hex_name(start),
                        crate::panels::words::count(forced_guess_cells.len(), "cell", "cells")
                    )
                }
            },
        });
    }
}

/// The window, while its form is open; `anchor` is the overlay anchor (the safe start).
fn window(
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
                    ui.add(
                        egui::DragValue::new(&mut form.count)
                            .range(0..=hexmap_map::shape::MAX_CELLS as usize),
                    )
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
            let idle = form.running.is_none();
            ui.horizontal(|ui| {
                place = ui
                    .add_enabled(idle, egui::Button::new("Place mines"))
                    .clicked();
                check = ui
                    .add_enabled(idle, egui::Button::new("Check fairness"))
                    .clicked();
                close = ui.button("Close").clicked();
            });
            if let Some(run) = &form.running {
                ui.horizontal(|ui| {
                    ui.label("Placing mines…");
                    ui.add(egui::ProgressBar::new(run.job.progress()).desired_width(140.0));
                    if run.job.is_cancelled() {
                        ui.label("Cancelling…");
                    } else if ui.button("Cancel").clicked() {
                        run.job.cancel();
                    }
                });
            }
            if let Some(v) = &form.verdict {
                ui.label(v);
            }
        });
    let start = anchor.filter(|_| form.safe_start);
    if place {
        form.start_placing(ctx, doc, start);
    } else if check {
        form.check(doc, start);
    }
    if let Some(placed) = form.poll_placing(doc) {
        asked = Some(placed);
    }
    if close {
        // Dropping a running placement cancels it.
        *open = None;
    }
    asked
}

impl EditorWindow for Option<RandomMinesForm> {
    fn show(&mut self, ctx: &egui::Context, shown: &mut Shown<'_>, out: &mut Vec<Action>) {
        out.extend(window(ctx, self, shown.doc, shown.anchor));
    }
}
