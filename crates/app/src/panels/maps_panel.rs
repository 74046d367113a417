//! A map family in the editor: the breadcrumb bar (the path from the root to the open map,
//! each map above it a button back up) and the Maps panel (View → Maps panel): the family
//! as a tree (a click opens a member), a line under every derived child that no longer
//! meets its parent's sides, renaming the open map, and for the open map's children:
//! derive one from the selected hex (at a ratio, with generated detail if asked), add a
//! blank one, unlink one (it stays, no longer kept in step with its parent hex), delete
//! one. Every change goes through the map's edit path as one undo step of the open map.

use crate::Action;
use crate::open_map::OpenMap;
use eframe::egui::{self, RichText};
use hexmap_hex::Hex;
use hexmap_map::family::derive::{MAX_RADIUS, default_name, derive};
use hexmap_map::family::{ChildMap, Link, MemberIndex};
use hexmap_map::{Edit, HexMap, MapEdit, MapShape};
use std::sync::Arc;

/// Where a child no longer meets its parent, per member, with the revision it was
/// found at.
type Problems = Vec<(MemberIndex, Vec<String>)>;

/// What the panel keeps between frames.
#[derive(Clone, Debug)]
struct MapsPanelState {
    /// The ratio k a derived child is made at.
    ratio: u32,
    /// Run the generator inside a derived child.
    generate: bool,
    /// The name typed for the open map.
    name: String,
    /// The member `name` was taken from.
    name_of: Option<MemberIndex>,
    /// The family check, with the revision it was made at.
    problems: Option<(u64, Arc<Problems>)>,
}

impl Default for MapsPanelState {
    fn default() -> Self {
        MapsPanelState {
            ratio: 3,
            generate: false,
            name: String::new(),
            name_of: None,
            problems: None,
        }
    }
}

impl MapsPanelState {
    /// The family check of `doc`, made again only when the document changed.
    fn problems(&mut self, doc: &OpenMap) -> Arc<Problems> {
        match &self.problems {
            Some((revision, found)) if *revision == doc.revision() => Arc::clone(found),
            _ => {
                let found = Arc::new(doc.family_problems());
                self.problems = Some((doc.revision(), Arc::clone(&found)));
                found
            }
        }
    }
}

fn state_id() -> egui::Id {
    egui::Id::unique("maps panel")
}

/// The breadcrumb bar under the toolbar while the file holds more than one map:
/// `Kingdom › 0507 › Saltmere`, each map above the open one a button that opens it.
pub(crate) fn breadcrumb(ui: &mut egui::Ui, doc: &OpenMap) -> Vec<Action> {
    let mut out = Vec::new();
    if doc.member_index().is_empty() && doc.map().children().is_empty() {
        return out;
    }
    let crumbs = doc.breadcrumb();
    egui::Panel::top("breadcrumb").show(ui, |ui| {
        ui.horizontal(|ui| {
            let last = crumbs.len() - 1;
            for (i, crumb) in crumbs.iter().enumerate() {
                if let Some(link) = &crumb.link {
                    ui.label("›");
                    ui.label(RichText::new(link).weak());
                    ui.label("›");
                }
                if i == last {
                    ui.label(RichText::new(&crumb.name).strong());
                } else if ui
                    .button(&crumb.name)
                    .on_hover_text("Go back up to this map")
                    .clicked()
                {
                    out.push(Action::OpenMember(crumb.index.clone()));
                }
            }
        });
    });
    out
}

/// The Maps panel at the window's right side; `selected` is the selection (a derived or
/// added child hangs on its one hex).
pub(crate) fn panel(ui: &mut egui::Ui, doc: &OpenMap, selected: &[Hex]) -> Vec<Action> {
    let mut out = Vec::new();
    let mut state: MapsPanelState = ui.data(|d| d.get_temp(state_id())).unwrap_or_default();
    egui::Panel::right("maps")
        .exact_size(super::side_panel_width(ui, 260.0))
        .resizable(false)
        .show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                show(ui, doc, selected, &mut state, &mut out);
            });
        });
    ui.data_mut(|d| d.insert_temp(state_id(), state));
    out
}

fn show(
    ui: &mut egui::Ui,
    doc: &OpenMap,
    selected: &[Hex],
    state: &mut MapsPanelState,
    out: &mut Vec<Action>,
) {
    ui.heading("Maps");
    let problems = state.problems(doc);
    for row in doc.family_rows() {
        let depth = row.index.len() as f32;
        let text = match &row.link {
            Some(link) => format!("{} ({link})", row.name),
            None => row.name.clone(),
        };
        let open = row.index.as_slice() == doc.member_index();
        ui.horizontal(|ui| {
            ui.add_space(depth * 14.0);
            if ui.selectable_label(open, text).clicked() && !open {
                out.push(Action::OpenMember(row.index.clone()));
            }
        });
        if let Some((_, found)) = problems.iter().find(|(i, _)| *i == row.index) {
            ui.horizontal(|ui| {
                ui.add_space(depth * 14.0 + 8.0);
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    format!(
                        "no longer meets its parent: {}",
                        crate::panels::words::count(found.len(), "place", "places")
                    ),
                )
                .on_hover_text(found.join("\n"));
            });
        }
    }
    ui.separator();
    rename(ui, doc, state, out);
    ui.separator();
    add_children(ui, doc, selected, state, out);
    let children = doc.map().children();
    if !children.is_empty() {
        ui.separator();
        ui.label("Maps inside this one:");
    }
    for (i, child) in children.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(child.map.name());
            if child.derived.is_some()
                && ui
                    .small_button("Unlink")
                    .on_hover_text(
                        "Keep this map but no longer keep it in step with its parent hex",
                    )
                    .clicked()
            {
                let mut list = doc.children_now();
                list[i].derived = None;
                out.push(set_children(list));
            }
            if ui.small_button("Delete").clicked() {
                let mut list = doc.children_now();
                list.remove(i);
                out.push(set_children(list));
            }
        });
    }
}

fn set_children(list: Vec<ChildMap>) -> Action {
    Action::Edit(Edit::Map(MapEdit::SetChildren(list)))
}

/// The open map's name, changed with its undo.
fn rename(ui: &mut egui::Ui, doc: &OpenMap, state: &mut MapsPanelState, out: &mut Vec<Action>) {
    if state.name_of.as_deref() != Some(doc.member_index()) {
        state.name = doc.map().name().to_owned();
        state.name_of = Some(doc.member_index().to_vec());
    }
    let label = ui.label("Map name");
    ui.add(
        egui::TextEdit::singleline(&mut state.name)
            .desired_width(ui.available_width())
            .id(egui::Id::unique("maps panel name")),
    )
    .labelled_by(label.id);
    let changed = state.name.trim() != doc.map().name();
    if ui
        .add_enabled(changed, egui::Button::new("Rename"))
        .clicked()
    {
        let mut props = doc.map().properties().clone();
        props.name = state.name.trim().to_owned();
        out.push(Action::Edit(Edit::Map(MapEdit::SetProperties(props))));
    }
}

/// Derive or add a child on the one selected hex.
fn add_children(
    ui: &mut egui::Ui,
    doc: &OpenMap,
    selected: &[Hex],
    state: &mut MapsPanelState,
    out: &mut Vec<Action>,
) {
    let map = doc.map();
    let hex = match selected {
        [h] => Some(*h),
        _ => None,
    };
    match hex {
        Some(h) => ui.label(format!("Selected hex: {}", map.hex_label(h))),
        None => ui.label("Select one hex to put a map inside it."),
    };
    ui.horizontal(|ui| {
        let label = ui.label("Ratio");
        ui.add(egui::DragValue::new(&mut state.ratio).range(1..=MAX_RADIUS))
            .labelled_by(label.id);
        ui.checkbox(&mut state.generate, "Generate detail");
    });
    ui.horizontal(|ui| {
        if ui
            .add_enabled(hex.is_some(), egui::Button::new("Derive"))
            .on_hover_text("A map of this hex at a finer scale: its terrain, and the roads and rivers crossing its sides")
            .clicked()
            && let Some(h) = hex
        {
            out.push(derived(map, doc.children_now(), h, state));
        }
        if ui
            .add_enabled(hex.is_some(), egui::Button::new("Add blank"))
            .on_hover_text("An empty map linked to this hex")
            .clicked()
            && let Some(h) = hex
        {
            out.push(blank(map, doc.children_now(), h));
        }
    });
}

/// The list with a child derived from `h` added (or the error).
fn derived(map: &HexMap, mut list: Vec<ChildMap>, h: Hex, state: &MapsPanelState) -> Action {
    // The seed is the hex's place, so deriving the same hex again gives the same map.
    let seed = hexmap_hex::stable_hash(h);
    let made = derive(map, h, state.ratio, seed, &default_name(map, h)).and_then(|mut child| {
        if state.generate {
            hexmap_generate::detail::add_detail(&mut child, seed)
                .map_err(|e| hexmap_map::family::FamilyError::Derive(e.to_string()))?;
        }
        Ok(child)
    });
    match made {
        Ok(child) => {
            list.push(child);
            set_children(list)
        }
        Err(e) => Action::Error(e.to_string()),
    }
}

/// The list with a blank map linked to `h` added: a hexagon of radius 4 with the parent's
/// orientation, offset kind and palettes, every cell empty.
fn blank(map: &HexMap, mut list: Vec<ChildMap>, h: Hex) -> Action {
    let mut props = map.properties().clone();
    props.name = default_name(map, h);
    let made = MapShape::hexagon(4)
        .map_err(|e| e.to_string())
        .and_then(|shape| {
            HexMap::new(props, shape, map.palette().clone()).map_err(|e| e.to_string())
        });
    match made {
        Ok(child) => {
            list.push(ChildMap {
                link: Link::Hex(h),
                derived: None,
                map: child,
            });
            set_children(list)
        }
        Err(e) => Action::Error(e),
    }
}
