//! The fields of a map's properties that more than one window edits: orientation, offset
//! kind, hex size and shape. New map, Map properties and Generate show the same widget
//! for each, with the same names, hints and limits.

use eframe::egui;
use hexmap_hex::{OffsetKind, Orientation};
use hexmap_map::{ShapeKind, ShapeSpec};

/// Pointy or flat, as two radio buttons.
pub(crate) fn orientation_field(ui: &mut egui::Ui, o: &mut Orientation) {
    ui.horizontal(|ui| {
        ui.label("Orientation");
        ui.radio_value(o, Orientation::Pointy, "pointy");
        ui.radio_value(o, Orientation::Flat, "flat");
    });
}

/// Which rows or columns are shifted (the offset kind), one button per kind of the
/// orientation, each with a hint saying what it shifts.
pub(crate) fn offset_kind_field(
    ui: &mut egui::Ui,
    orientation: Orientation,
    kind: &mut OffsetKind,
) {
    ui.horizontal(|ui| {
        ui.label("Offset kind");
        for k in hexmap_map::offset_kinds_for(orientation) {
            ui.radio_value(kind, k, k.name())
                .on_hover_text(offset_kind_hint(k));
        }
    });
}

/// What an offset kind shifts, for its radio button's tooltip.
fn offset_kind_hint(k: OffsetKind) -> &'static str {
    use OffsetKind as K;
    match k {
        K::OddR => "odd rows shifted right",
        K::EvenR => "even rows shifted right",
        K::OddQ => "odd columns shifted down",
        K::EvenQ => "even columns shifted down",
    }
}

/// The hex size along x and y (unequal sizes stretch the hexes), within the document's
/// own limits ([`hexmap_map::MAX_HEX_SIZE`]).
pub(crate) fn hex_size_field(ui: &mut egui::Ui, x: &mut f64, y: &mut f64) {
    let range = hexmap_map::HEX_SIZE_RANGE;
    ui.horizontal(|ui| {
        let l = ui.label("Hex size x");
        ui.add(egui::DragValue::new(x).range(range.clone()))
            .labelled_by(l.id);
        let l = ui.label("y (stretch)");
        ui.add(egui::DragValue::new(y).range(range))
            .labelled_by(l.id);
    });
}

/// The shape's kind and numbers, edited in place; true when the kind was changed (the
/// caller may choose the new kind's numbers).
pub(crate) fn shape_fields(ui: &mut egui::Ui, spec: &mut ShapeSpec) -> bool {
    let mut kind = spec.kind();
    let (mut first, mut second) = spec.numbers();
    egui::ComboBox::from_label("Shape")
        .selected_text(kind.name())
        .show_ui(ui, |ui| {
            for k in ShapeKind::ALL {
                ui.selectable_value(&mut kind, k, k.name());
            }
        });
    ui.horizontal(|ui| {
        let first_name = match kind {
            ShapeKind::Hexagon => "Radius",
            ShapeKind::Triangle => "Side",
            _ => "Width",
        };
        // The shape's own side limits (not a smaller one of the form's, which would shrink
        // a bigger map's numbers and turn merely opening the properties into a reshape);
        // the cell limit is checked with the shape and said under the fields.
        let side = hexmap_map::shape::MAX_SIDE;
        let first_max = if kind == ShapeKind::Hexagon {
            side / 2 - 1
        } else {
            side
        };
        let l = ui.label(first_name);
        ui.add(egui::DragValue::new(&mut first).range(1..=first_max))
            .labelled_by(l.id);
        if kind.has_height() {
            let l = ui.label("Height");
            ui.add(egui::DragValue::new(&mut second).range(1..=side))
                .labelled_by(l.id);
        }
    });
    let changed = kind != spec.kind();
    *spec = spec.with(kind, first, second);
    changed
}
