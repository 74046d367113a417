//! The Regions panel of the region tool: the kinds (exclusive or overlapping,
//! add a kind), the list of regions (click one to paint into it), a new region, and the
//! current region's name, colour, kind, border, tint, label and delete. Every change is
//! an `Edit::Region` with undo.

use crate::Action;
use crate::panels::ToolPanelCtx;
use crate::tools::Tool;
use crate::tools::region_tool::RegionTool;
use eframe::egui;
use hexmap_map::{BorderStyle, Edit, HexMap, Region, RegionEdit, RegionKind, RegionLook, Rgb};

/// Colours new regions take in turn.
const NEW_COLOURS: [[u8; 3]; 6] = [
    [0xc0, 0x20, 0x40],
    [0x20, 0x50, 0xc0],
    [0x80, 0x30, 0xa0],
    [0xd0, 0x70, 0x10],
    [0x10, 0x80, 0x70],
    [0x60, 0x60, 0x60],
];

/// The kind a new map's first region gets.
const FIRST_KIND: &str = "Political";

/// Show the panel when the region tool is active; false (nothing shown) otherwise.
pub(crate) fn show(ui: &mut egui::Ui, cx: &mut ToolPanelCtx<'_>) -> bool {
    let ToolPanelCtx {
        doc, tools, out, ..
    } = cx;
    if tools.tool() != Tool::Region {
        return false;
    }
    let map = doc.map();
    let t = tools.regions_mut();
    t.keep_valid(map);
    ui.heading("Regions");
    ui.checkbox(t.bucket_switch(), "Bucket: same terrain")
        .on_hover_text("A click puts the contiguous cells of that terrain into the region");
    ui.label("drag: paint into the region, shift: erase");
    kinds(ui, map, t, out);
    ui.separator();
    if ui.button("New region").clicked() {
        new_region(map, t, out);
    }
    for r in map.regions().iter() {
        let hexes = crate::panels::words::count(r.hexes.len(), "hex", "hexes");
        let text = format!("{} ({}, {hexes})", r.look.name, r.look.kind);
        let colour =
            egui::Color32::from_rgb(r.look.color.0[0], r.look.color.0[1], r.look.color.0[2]);
        let chosen = t.current() == Some(r.id);
        // In its colour, but in the theme's ink while chosen (legible on the highlight).
        let text = egui::RichText::new(text);
        let text = if chosen {
            text.strong()
        } else {
            text.color(colour)
        };
        if ui.selectable_label(chosen, text).clicked() {
            t.choose(r.id);
        }
    }
    if let Some(r) = t.current().and_then(|id| map.regions().get(id)) {
        ui.separator();
        current_region(ui, map, r, t, out);
    }
    true
}

/// The kinds: each with its exclusive switch, and a field to add one.
fn kinds(ui: &mut egui::Ui, map: &HexMap, t: &mut RegionTool, out: &mut Vec<Action>) {
    ui.label(egui::RichText::new("Kinds").strong());
    for k in map.regions().kinds() {
        let mut exclusive = k.exclusive;
        let label = format!("{}: one region per hex", k.name);
        if ui.checkbox(&mut exclusive, label).changed() {
            out.push(Action::Edit(Edit::Region(RegionEdit::SetKindExclusive {
                kind: k.name.clone(),
                exclusive,
            })));
        }
    }
    ui.horizontal(|ui| {
        ui.add(egui::TextEdit::singleline(t.kind_draft()).desired_width(110.0))
            .accessible_name("New kind");
        let name = t.kind_draft().trim().to_owned();
        if ui.button("Add kind").clicked() && !name.is_empty() {
            out.push(Action::Edit(Edit::Region(RegionEdit::AddKind(
                RegionKind {
                    name,
                    exclusive: false,
                },
            ))));
            t.kind_draft().clear();
        }
    });
}

/// Add a region (and, on a map without kinds, the first kind) and make it current.
fn new_region(map: &HexMap, t: &mut RegionTool, out: &mut Vec<Action>) {
    let regions = map.regions();
    let kind = match regions.kinds().first() {
        Some(k) => k.name.clone(),
        None => {
            out.push(Action::Edit(Edit::Region(RegionEdit::AddKind(
                RegionKind {
                    name: FIRST_KIND.into(),
                    exclusive: true,
                },
            ))));
            FIRST_KIND.into()
        }
    };
    let id = regions.next_id();
    let region = Region {
        id,
        look: RegionLook {
            name: format!("Region {}", regions.len() + 1),
            kind,
            color: Rgb(NEW_COLOURS[regions.len() % NEW_COLOURS.len()]),
            border: BorderStyle::Solid,
            tint: None,
            label: true,
            gm_only: false,
            key: None,
        },
        hexes: Default::default(),
    };
    out.push(Action::Edit(Edit::Region(RegionEdit::Add(region))));
    t.choose(id);
}

/// The current region's look and its delete button.
fn current_region(
    ui: &mut egui::Ui,
    map: &HexMap,
    r: &Region,
    t: &mut RegionTool,
    out: &mut Vec<Action>,
) {
    let id = r.id;
    let set = |look: RegionLook, out: &mut Vec<Action>| {
        if look != r.look {
            out.push(Action::Edit(Edit::Region(RegionEdit::SetLook { id, look })));
        }
    };
    // The name is committed when its field is left, one undo step per rename.
    let draft = t.name_draft(id, &r.look.name);
    let field = ui
        .add(egui::TextEdit::singleline(draft).desired_width(160.0))
        .accessible_name("Region name");
    let name = draft.trim().to_owned();
    if field.lost_focus() && !name.is_empty() {
        set(
            RegionLook {
                name,
                ..r.look.clone()
            },
            out,
        );
    }
    ui.horizontal(|ui| {
        let mut rgb = r.look.color.0;
        ui.label("Colour");
        if ui.color_edit_button_srgb(&mut rgb).changed() {
            set(
                RegionLook {
                    color: Rgb(rgb),
                    ..r.look.clone()
                },
                out,
            );
        }
    });
    let mut look = r.look.clone();
    egui::ComboBox::from_label("Kind")
        .selected_text(look.kind.clone())
        .show_ui(ui, |ui| {
            for k in map.regions().kinds() {
                ui.selectable_value(&mut look.kind, k.name.clone(), &k.name);
            }
        });
    egui::ComboBox::from_label("Border")
        .selected_text(look.border.name())
        .show_ui(ui, |ui| {
            for b in BorderStyle::ALL {
                ui.selectable_value(&mut look.border, b, b.name());
            }
        });
    let mut tinted = look.tint.is_some();
    ui.checkbox(&mut tinted, "Tint");
    let mut tint = look.tint.unwrap_or(0.25);
    if tinted {
        ui.add(egui::Slider::new(&mut tint, 0.05..=1.0).text("opacity"));
    }
    look.tint = tinted.then_some(tint);
    ui.checkbox(&mut look.label, "Show name");
    ui.checkbox(&mut look.gm_only, "GM only")
        .on_hover_text(crate::panels::feature_palette::GM_ONLY_HINT);
    set(look, out);
    if ui.button("Delete region").clicked() {
        out.push(Action::Edit(Edit::Region(RegionEdit::Delete(id))));
    }
}
