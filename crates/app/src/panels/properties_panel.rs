//! The Properties panel (View → Properties panel): the custom property values of what is
//! selected — the selected hexes (one or many: a value set here goes to all of them as
//! one undo step), the selected icon or label, the current region, the terrain, edge or
//! path type the tools paint with, or the map itself — a row per declared property with
//! its typed widget (`prop_field`); "Reset" takes an object back to the type's default.
//! Below, what the brush and the bucket paint: terrain, or a property's value
//! ("paint property": `owner = Red` on every hex brushed or filled).

use crate::Action;
use crate::open_map::OpenMap;
use crate::panels::prop_field::value_field;
use crate::tools::Tools;
use crate::tools::property_paint::PropertyPaint;
use eframe::egui::{self, RichText};
use hexmap_map::{CustomEdit, Edit, HexMap, PropOwner, PropValue};

/// What the panel shows the values of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Target {
    /// The selected hexes.
    Hexes,
    /// The selected icon.
    Icon,
    /// The selected label.
    Label,
    /// The region tool's current region.
    Region,
    /// The terrain the tools paint.
    Terrain,
    /// The edge tool's type.
    EdgeType,
    /// The path tool's type.
    PathType,
    /// The map.
    Map,
}

/// What the panel remembers between frames: the target shown and the targets there were
/// (a target that turns up — hexes just selected, an icon picked — is shown at once).
#[derive(Clone, Debug, Default)]
struct PanelState {
    shown: Option<Target>,
    seen: Vec<Target>,
}

/// The objects each target there is now stands for, with its name in the panel.
fn targets(doc: &OpenMap, tools: &Tools) -> Vec<(Target, String, Vec<PropOwner>)> {
    let map = doc.map();
    let mut out = Vec::new();
    let hexes = tools.selection().hexes();
    match hexes {
        [] => {}
        [h] => out.push((
            Target::Hexes,
            format!("hex {}", doc.hex_name(*h)),
            vec![PropOwner::Cell(*h)],
        )),
        _ => out.push((
            Target::Hexes,
            crate::panels::words::count(hexes.len(), "selected hex", "selected hexes"),
            hexes.iter().map(|h| PropOwner::Cell(*h)).collect(),
        )),
    }
    if let Some((h, i)) = tools.icons().selected()
        && let Some(p) = map.icons_at(h).get(i)
    {
        let name = p
            .icon
            .caption
            .clone()
            .unwrap_or_else(|| hexmap_draw::legend::icon_name(&p.icon.source));
        out.push((
            Target::Icon,
            format!("icon {name}"),
            vec![PropOwner::Icon(p.id)],
        ));
    }
    if let Some(id) = tools.labels().selected()
        && let Some(l) = map.label(id)
    {
        out.push((
            Target::Label,
            format!("label {}", l.text),
            vec![PropOwner::Label(id)],
        ));
    }
    if let Some(id) = tools.regions().current()
        && let Some(r) = map.regions().get(id)
    {
        out.push((
            Target::Region,
            format!("region {}", r.look.name),
            vec![PropOwner::Region(id)],
        ));
    }
    if let Some(id) = tools.terrain()
        && let Some(t) = map.palette().get(id)
    {
        out.push((
            Target::Terrain,
            format!("terrain {}", t.name),
            vec![PropOwner::Terrain(id)],
        ));
    }
    if let Some(id) = tools.features().edge_type()
        && let Some(t) = map.edge_palette().get(id)
    {
        let owners = vec![PropOwner::EdgeType(id)];
        out.push((Target::EdgeType, format!("edge type {}", t.name), owners));
    }
    if let Some(id) = tools.features().path_type()
        && let Some(t) = map.path_palette().get(id)
    {
        let owners = vec![PropOwner::PathType(id)];
        out.push((Target::PathType, format!("path type {}", t.name), owners));
    }
    out.push((Target::Map, "the map".to_owned(), vec![PropOwner::Map]));
    out
}

/// The id the panel's state is kept under in egui's memory.
fn state_id() -> egui::Id {
    egui::Id::unique("properties panel")
}

/// The panel at the window's right side.
pub(crate) fn panel(ui: &mut egui::Ui, doc: &OpenMap, tools: &mut Tools) -> Vec<Action> {
    let mut out = Vec::new();
    let mut state: PanelState = ui.data(|d| d.get_temp(state_id())).unwrap_or_default();
    egui::Panel::right("properties")
        .exact_size(super::side_panel_width(ui, 260.0))
        .resizable(false)
        .show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.heading("Properties");
                if doc.map().custom().types().is_empty() {
                    ui.label("The map declares no properties: add them in Map → Properties….");
                    return;
                }
                values(ui, doc, tools, &mut state, &mut out);
                ui.separator();
                paint(ui, doc.map(), tools);
            });
        });
    ui.data_mut(|d| d.insert_temp(state_id(), state));
    out
}

/// The target picker and a row per property of the target shown.
fn values(
    ui: &mut egui::Ui,
    doc: &OpenMap,
    tools: &Tools,
    state: &mut PanelState,
    out: &mut Vec<Action>,
) {
    let all = targets(doc, tools);
    let now: Vec<Target> = all.iter().map(|(t, _, _)| *t).collect();
    // A target new since the last frame is shown at once; one gone gives way to the first.
    if let Some(new) = now.iter().find(|t| !state.seen.contains(t)) {
        state.shown = Some(*new);
    }
    if state.shown.is_none_or(|s| !now.contains(&s)) {
        state.shown = now.first().copied();
    }
    state.seen = now;
    let Some((target, name, owners)) = all.iter().find(|(t, _, _)| Some(*t) == state.shown) else {
        return;
    };
    egui::ComboBox::new("properties of", "of")
        .selected_text(name.as_str())
        .show_ui(ui, |ui| {
            for (t, n, _) in &all {
                ui.selectable_value(&mut state.shown, Some(*t), n.as_str());
            }
        });
    let map = doc.map();
    let custom = map.custom();
    for t in custom.types() {
        let shown: Vec<&PropValue> = owners
            .iter()
            .filter_map(|o| custom.value(*o, &t.name))
            .collect();
        let same = shown.first().filter(|v| shown.iter().all(|w| w == *v));
        let id = egui::Id::unique(("property value", *target, &t.name));
        if let Some(v) = value_field(ui, id, (&t.name, &t.kind), same.copied(), map) {
            out.push(set(owners, &t.name, Some(v)));
        }
        let own = owners.iter().any(|o| {
            custom
                .values_of(*o)
                .is_some_and(|v| v.contains_key(&t.name))
        });
        ui.horizontal(|ui| {
            if t.gm_only {
                ui.label(RichText::new("GM only").italics().weak());
            }
            if own
                && ui
                    .small_button(format!("Reset {}", t.name))
                    .on_hover_text("Back to the property's default")
                    .clicked()
            {
                out.push(set(owners, &t.name, None));
            }
        });
    }
}

/// The edit that sets (or with `None` clears) `name` on every one of `owners`: one undo
/// step however many they are.
fn set(owners: &[PropOwner], name: &str, value: Option<PropValue>) -> Action {
    Action::Edit(Edit::Custom(CustomEdit::Set {
        owners: owners.to_vec(),
        name: name.to_owned(),
        value,
    }))
}

/// What the brush and the bucket paint: terrain or one property's value.
fn paint(ui: &mut egui::Ui, map: &HexMap, tools: &mut Tools) {
    ui.label(RichText::new("Brush and bucket paint").strong());
    let mut paint = tools.property_paint().cloned();
    let shown = paint
        .as_ref()
        .map_or("terrain", |p| p.name.as_str())
        .to_owned();
    egui::ComboBox::new("brush paints", "paints")
        .selected_text(shown)
        .show_ui(ui, |ui| {
            if ui.selectable_label(paint.is_none(), "terrain").clicked() {
                paint = None;
            }
            for t in map.custom().types() {
                let on = paint.as_ref().is_some_and(|p| p.name == t.name);
                if ui.selectable_label(on, t.name.as_str()).clicked() && !on {
                    paint = Some(PropertyPaint {
                        name: t.name.clone(),
                        value: t.default.clone(),
                    });
                }
            }
        });
    if let Some(p) = paint.as_mut()
        && let Some(t) = map.custom().get_type(&p.name)
    {
        let id = egui::Id::unique(("paint value", &t.name));
        let label = format!("{} =", t.name);
        if let Some(v) = value_field(ui, id, (&label, &t.kind), Some(&p.value), map) {
            p.value = v;
        }
    }
    tools.set_property_paint(paint);
}
