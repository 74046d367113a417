//! File → Print / Export PDF…: hex size on paper, paper, margins, overlap, poster and
//! marks; shows the page count, the paper and the hex size in mm and inches, and lays the
//! pages over the map on the canvas (from the same [`layout_map`] the PDF writer uses).
//! Writing goes through the export job (off the UI thread, atomic save).

use crate::Action;
use crate::open_map::OpenMap;
use crate::windows::export_import::ExportSpec;
use crate::windows::{EditorWindow, Shown};
use eframe::egui;
use hexmap_draw::legend::LegendPlace;
use hexmap_draw::print::{Length, PageLayout, PageSetup, Paper, layout_map};
use hexmap_hex::{CoordSystem, Point};
use hexmap_io::format::{self, WriteOptions};
use hexmap_map::Corner;

/// The print window's fields (text as typed) and the layout they give.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintForm {
    /// Hex size flat to flat, as typed (`19mm`, `0.75in`).
    pub hex_size: String,
    /// Paper, as typed or chosen (`a4`, `22x34in`).
    pub paper: String,
    /// Longer side across.
    pub landscape: bool,
    /// Margin, as typed.
    pub margin: String,
    /// Overlap, as typed.
    pub overlap: String,
    /// One page sized to the map.
    pub poster: bool,
    /// Crop and registration marks.
    pub marks: bool,
    /// Hex outlines.
    pub grid: bool,
    /// Mines.
    pub mines: bool,
    /// Coordinate labels.
    pub labels: Option<CoordSystem>,
    /// The key (legend): on a page of its own, over a corner of the first board page, or
    /// none. Starts as the map's View → Legend has it (on: its own page).
    pub key: Option<LegendPlace>,
    /// The scale bar on the first board page (drawn only when the map has a scale).
    pub scale_bar: bool,
    /// Draw the map's tracing underlay under it (off unless asked).
    pub underlay: bool,
    /// Print only what the players see (a handout: the player filter's map).
    pub players: bool,
    /// Whether `key` was set from the map yet.
    key_from_map: bool,
    /// The setup and document revision the layout below was made for.
    made_for: Option<(PageSetup, u64)>,
    /// The layout of the current fields, or why there is none.
    layout: Result<PageLayout, String>,
    /// Page outlines and overlap edges over the map (world segments).
    segments: Vec<(Point, Point)>,
}

impl Default for PrintForm {
    fn default() -> Self {
        let setup = PageSetup::default();
        PrintForm {
            hex_size: setup.hex_size.to_string(),
            paper: setup.paper.to_string(),
            landscape: setup.landscape,
            margin: setup.margin.to_string(),
            overlap: setup.overlap.to_string(),
            poster: false,
            marks: hexmap_draw::print::MARKS_BY_DEFAULT,
            grid: true,
            mines: true,
            labels: None,
            key: None,
            scale_bar: true,
            underlay: false,
            players: false,
            key_from_map: false,
            made_for: None,
            layout: Err(String::new()),
            segments: Vec::new(),
        }
    }
}

/// The four sides of a world rectangle.
fn outline(a: Point, b: Point) -> [(Point, Point); 4] {
    let (c, d) = (Point::new(b.x, a.y), Point::new(a.x, b.y));
    [(a, c), (c, b), (b, d), (d, a)]
}

impl PrintForm {
    /// The setup the fields say, or what is wrong with them.
    pub fn setup(&self) -> Result<PageSetup, String> {
        let length =
            |what: &str, text: &str| text.parse::<Length>().map_err(|e| format!("{what}: {e}"));
        Ok(PageSetup {
            hex_size: length("hex size", &self.hex_size)?,
            paper: self
                .paper
                .parse::<Paper>()
                .map_err(|e| format!("paper: {e}"))?,
            landscape: self.landscape,
            margin: length("margin", &self.margin)?,
            overlap: length("overlap", &self.overlap)?,
            poster: self.poster,
        })
    }

    /// Lay the pages out again if the fields or the map changed since the last time.
    pub fn update(&mut self, doc: &OpenMap) {
        let setup = self.setup();
        let key = setup.as_ref().ok().map(|s| (s.clone(), doc.revision()));
        if key.is_some() && key == self.made_for {
            return;
        }
        self.made_for = key;
        self.layout = setup.and_then(|s| layout_map(doc.map(), &s).map_err(|e| e.to_string()));
        self.segments.clear();
        if let Ok(layout) = &self.layout {
            for page in layout.pages() {
                self.segments.extend(outline(page.world.0, page.world.1));
            }
        }
    }

    /// The page layout of the fields, or why there is none.
    #[cfg(test)]
    pub fn layout(&self) -> Result<&PageLayout, &str> {
        self.layout.as_ref().map_err(String::as_str)
    }

    /// Page outlines over the map (world segments), for the canvas; `None` for none.
    pub fn preview(&self) -> Option<&[(Point, Point)]> {
        (!self.segments.is_empty()).then_some(self.segments.as_slice())
    }

    /// What to export: a PDF with these choices.
    fn spec(&self, setup: PageSetup) -> ExportSpec {
        ExportSpec {
            format: format::by_name("pdf").expect("pdf is in FORMATS"),
            options: WriteOptions {
                labels: self.labels,
                mines: self.mines,
                grid: self.grid,
                print: setup,
                marks: self.marks,
                legend: self.key,
                scale_bar: self.scale_bar,
                underlay: self.underlay,
                player_view: self.players,
                ..WriteOptions::default()
            },
        }
    }
}

/// One line saying the layout: pages, paper, hex size in mm and inches.
fn summary(layout: &PageLayout, setup: &PageSetup) -> [String; 3] {
    let (w, h) = layout.paper_mm;
    let paper = if setup.poster {
        "poster".to_string()
    } else {
        setup.paper.to_string()
    };
    [
        format!(
            "Pages: {} ({} × {})",
            layout.page_count(),
            crate::panels::words::count(layout.rows as usize, "row", "rows"),
            crate::panels::words::count(layout.cols as usize, "column", "columns")
        ),
        format!(
            "Paper: {paper}, {w:.0} × {h:.0} mm ({:.2} × {:.2} in)",
            w / 25.4,
            h / 25.4
        ),
        format!(
            "Hex: {:.2} mm = {:.3} in flat to flat",
            setup.hex_size.to_mm(),
            setup.hex_size.to_inches()
        ),
    ]
}

/// A labelled single-line text field.
fn field(ui: &mut egui::Ui, label: &str, text: &mut String) {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.add(egui::TextEdit::singleline(text).desired_width(90.0))
            .labelled_by(l.id);
    });
}

/// The print window, when open.
impl EditorWindow for Option<PrintForm> {
    fn show(&mut self, ctx: &egui::Context, shown: &mut Shown<'_>, out: &mut Vec<Action>) {
        let form = self;
        let doc = shown.doc;
        let Some(f) = form.as_mut() else {
            return;
        };
        let systems = doc.coord_context().own_systems();
        if !f.key_from_map {
            f.key = doc.map().view().legend.map(|_| LegendPlace::Page);
            f.key_from_map = true;
        }
        let mut export = None;
        let mut close = false;
        crate::windows::placed(ctx, egui::Window::new("Print / Export PDF"))
            .collapsible(false)
            .show(ctx, |ui| {
                field(ui, "Hex size (flat to flat)", &mut f.hex_size);
                ui.horizontal(|ui| {
                    field(ui, "Paper", &mut f.paper);
                    egui::ComboBox::from_label("Named papers")
                        .selected_text("choose")
                        .show_ui(ui, |ui| {
                            for p in Paper::named() {
                                if ui.selectable_label(f.paper == p.name, &p.name).clicked() {
                                    f.paper = p.name.clone();
                                }
                            }
                        });
                });
                ui.checkbox(&mut f.landscape, "Landscape");
                ui.checkbox(&mut f.poster, "Poster (one page the size of the map)");
                field(ui, "Margin", &mut f.margin);
                field(ui, "Overlap", &mut f.overlap);
                ui.checkbox(&mut f.marks, "Crop and registration marks");
                ui.checkbox(&mut f.grid, "Draw grid");
                ui.checkbox(&mut f.mines, "Draw mines");
                ui.horizontal_wrapped(|ui| {
                    ui.label("Labels");
                    ui.radio_value(&mut f.labels, None, "none");
                    for s in systems {
                        ui.radio_value(&mut f.labels, Some(s), s.name());
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    ui.label("Key (legend)");
                    ui.radio_value(&mut f.key, None, "none");
                    ui.radio_value(&mut f.key, Some(LegendPlace::Page), "own page");
                    for c in Corner::ALL {
                        let text = format!("over board {}", c.name());
                        ui.radio_value(&mut f.key, Some(LegendPlace::Over(c)), text);
                    }
                });
                ui.add_enabled_ui(doc.map().scale().is_some(), |ui| {
                    ui.checkbox(&mut f.scale_bar, "Scale bar")
                        .on_disabled_hover_text(crate::windows::scale_form::NO_SCALE);
                });
                ui.add_enabled_ui(doc.map().underlay().is_some() && !f.players, |ui| {
                    ui.checkbox(&mut f.underlay, "Draw underlay");
                });
                ui.checkbox(&mut f.players, crate::windows::export_import::PLAYER_VIEW)
                    .on_hover_text(crate::windows::export_import::PLAYER_VIEW_HINT);
                ui.separator();
                f.update(doc);
                let setup = f.setup();
                match (&f.layout, &setup) {
                    (Ok(layout), Ok(setup)) => {
                        for line in summary(layout, setup) {
                            ui.label(line);
                        }
                    }
                    (Err(e), _) => {
                        ui.colored_label(crate::canvas::theme::FORM_ERROR, e.as_str());
                    }
                    (Ok(_), Err(e)) => {
                        ui.colored_label(crate::canvas::theme::FORM_ERROR, e.as_str());
                    }
                }
                ui.separator();
                ui.horizontal(|ui| {
                    let ready = f.layout.is_ok();
                    if ui
                        .add_enabled(ready, egui::Button::new("Export PDF…"))
                        .clicked()
                        && let Ok(setup) = setup
                    {
                        export = Some(f.spec(setup));
                    }
                    close = ui.button("Close").clicked();
                });
            });
        if let Some(spec) = export {
            out.push(Action::Export(spec));
            *form = None;
        } else if close {
            *form = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_preview_outlines_each_page_of_the_layout_and_follows_the_fields() {
        let doc = OpenMap::sample();
        let mut form = PrintForm {
            hex_size: "1.5in".into(),
            ..PrintForm::default()
        };
        form.update(&doc);
        let layout = form.layout().unwrap().clone();
        let segments = form.preview().unwrap();
        assert_eq!(segments.len(), 4 * layout.page_count());
        for (page, sides) in layout.pages().zip(segments.chunks(4)) {
            assert_eq!(sides[0].0, page.world.0);
            assert_eq!(sides[1].1, page.world.1);
        }
        form.hex_size = "0mm".into();
        form.update(&doc);
        assert!(form.layout().unwrap_err().contains("out of range"));
        assert!(form.preview().is_none(), "no pages, no outline");
        form.hex_size = "19".into();
        form.update(&doc);
        assert!(form.layout().unwrap_err().starts_with("hex size: "));
    }
}
