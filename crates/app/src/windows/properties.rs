//! The "Map properties" window: name, orientation (the offset kind follows), hex size,
//! labels, and reshaping — around the map's centre or the overlay anchor, or a rectangle
//! grown or shrunk on chosen sides — with the new outline previewed on the canvas and the
//! number of painted cells that would be dropped said before Apply. One Apply is one undo
//! step.

use crate::Action;
use crate::open_map::OpenMap;
use crate::windows::{orientation_field, shape_fields};
use eframe::egui;
use hexmap_hex::xxyy::LabelOrder;
use hexmap_hex::{Hex, Layout, OffsetKind, Orientation, Point};
use hexmap_map::{Edit, HexMap, MapEdit, MapProperties, MapShape, ReshapePlan, ShapeSpec};

/// Rows and columns added (positive) or removed (negative) on each side of a rectangle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sides {
    /// Columns on the left.
    pub left: i32,
    /// Columns on the right.
    pub right: i32,
    /// Rows at the top.
    pub top: i32,
    /// Rows at the bottom.
    pub bottom: i32,
}

/// The "Map properties" form: a working copy applied on "Apply".
#[derive(Clone, Debug, PartialEq)]
pub struct PropertiesForm {
    /// Properties being edited.
    pub props: MapProperties,
    /// The shape (a rectangle keeps its own offset kind; a new one takes the map's).
    pub shape: ShapeSpec,
    /// Rows and columns to add or remove on each side (rectangles; overrides `shape`).
    pub sides: Sides,
    /// Reshape around the overlay anchor instead of the map's centre.
    pub around_anchor: bool,
    /// The map scale's fields.
    pub scale: crate::windows::scale_form::ScaleForm,
    /// The map's scale the fields were last brought up to date with.
    scale_seen: crate::windows::scale_form::ScaleForm,
    shape_before: ShapeSpec,
    orientation_before: Orientation,
    /// The map's properties and shape the form was last brought up to date with: when the
    /// map changes under the open window (undo, redo), the form follows.
    seen: (MapProperties, Option<ShapeSpec>),
    /// The reshape worked out for the current choices, with what it was worked out from
    /// (document revision, shape, sides, centre) and the preview outline in world units.
    plan: Option<(PlanKey, ReshapePlan, Outline)>,
}

/// What a plan was worked out from: document revision, shape, sides, centre.
type PlanKey = (u64, ShapeSpec, Sides, Option<Hex>);

/// An outline as segments in world units.
type Outline = Vec<(Point, Point)>;

impl PropertiesForm {
    /// A form showing the map's current settings (a free-form map shows an empty
    /// rectangle, which reshapes only when changed).
    pub fn from_map(map: &HexMap) -> Self {
        let shape = ShapeSpec::of(map.shape()).unwrap_or(ShapeSpec::rect(0, 0));
        PropertiesForm {
            props: map.properties().clone(),
            shape,
            sides: Sides::default(),
            around_anchor: false,
            scale: crate::windows::scale_form::ScaleForm::from_map(map),
            scale_seen: crate::windows::scale_form::ScaleForm::from_map(map),
            shape_before: shape,
            orientation_before: map.properties().orientation,
            seen: (map.properties().clone(), ShapeSpec::of(map.shape())),
            plan: None,
        }
    }

    /// Bring the form up to date with `map` after it changed under the open window (an
    /// undo or redo of an Apply): a form the user has not touched shows the map again;
    /// one being edited keeps the user's choices but compares with the map as it is now.
    pub fn follow(&mut self, map: &HexMap) {
        let scale_now = crate::windows::scale_form::ScaleForm::from_map(map);
        if scale_now != self.scale_seen {
            if self.scale == self.scale_seen {
                self.scale = scale_now.clone();
            }
            self.scale_seen = scale_now;
        }
        let now = (map.properties().clone(), ShapeSpec::of(map.shape()));
        if self.seen == now {
            return;
        }
        let untouched = self.props == self.seen.0
            && self.shape == self.shape_before
            && self.sides == Sides::default();
        if untouched {
            *self = PropertiesForm::from_map(map);
        } else {
            let fresh = PropertiesForm::from_map(map);
            self.shape_before = fresh.shape_before;
            self.orientation_before = fresh.orientation_before;
            self.seen = fresh.seen;
            self.plan = None;
        }
    }

    fn reshaping(&self) -> bool {
        self.shape != self.shape_before || self.sides != Sides::default()
    }

    /// The outline of the new shape to draw over the map (world units), while a reshape
    /// is chosen.
    pub fn preview(&self) -> Option<&[(Point, Point)]> {
        self.plan.as_ref().map(|(_, _, outline)| outline.as_slice())
    }

    /// The edits that make `doc`'s map as this form says, applied as one undo step: the
    /// scale, then pointy ↔ flat (the map's own rule for its cells) with the other
    /// settings, or the settings and a reshape chosen on the map as it is (around
    /// `anchor`); `Err` says why not.
    pub(crate) fn edits(mut self, doc: &OpenMap, anchor: Option<Hex>) -> Result<Vec<Edit>, String> {
        let mut edits = Vec::new();
        edits.extend(self.scale.edit(doc.map())?);
        let set = Edit::Map(MapEdit::SetProperties(self.props.clone()));
        if self.props.orientation != doc.map().properties().orientation {
            edits.extend(doc.map().reorient_edits(self.props.orientation));
            edits.push(set);
        } else {
            edits.push(set);
            self.update_plan(doc, anchor)
                .map_err(|message| format!("cannot make that shape: {message}"))?;
            if let Some((_, plan, _)) = self.plan.take() {
                edits.extend(plan.edits);
            }
        }
        Ok(edits)
    }

    /// Work out the reshape for the current choices (again only when they changed).
    fn update_plan(&mut self, doc: &OpenMap, anchor: Option<Hex>) -> Result<(), String> {
        if !self.reshaping() || self.props.orientation != self.orientation_before {
            self.plan = None;
            return Ok(());
        }
        let around = if self.around_anchor { anchor } else { None };
        let key = (doc.revision(), self.shape, self.sides, around);
        if self.plan.as_ref().is_some_and(|(k, ..)| *k == key) {
            return Ok(());
        }
        self.plan = None;
        let map = doc.map();
        let plan = if self.sides != Sides::default() {
            let s = self.sides;
            map.resize_rect_plan(s.left, s.right, s.top, s.bottom)
                .map_err(|e| e.to_string())?
        } else {
            let shape = self
                .shape
                .to_shape(self.props.offset_kind)
                .map_err(|e| e.to_string())?;
            map.reshape_plan(shape, around)
        };
        let outline = outline(&doc.layout(), &plan.footprint);
        self.plan = Some((key, plan, outline));
        Ok(())
    }
}

/// The numbers a newly chosen shape kind starts from: the map's own shape when it is of
/// that kind, a rectangle as wide and high as the map's cells reach (so choosing it
/// drops nothing), else what `chosen` has.
fn own_extent(map: &HexMap, own: ShapeSpec, chosen: ShapeSpec) -> ShapeSpec {
    if chosen.kind() == own.kind() && own.numbers() != (0, 0) {
        return own;
    }
    if chosen.kind() == hexmap_map::ShapeKind::Rectangle {
        let b = map.shape().offset_bounds(map.properties().offset_kind);
        return chosen.with(chosen.kind(), b.cols.max(1), b.rows.max(1));
    }
    chosen
}

/// The width the properties panel starts with (points).
const PANEL_WIDTH: f32 = 330.0;

/// The edges of a set of hexes that face a hex outside it, as world segments.
pub fn outline(layout: &Layout, hexes: &[Hex]) -> Vec<(Point, Point)> {
    hexmap_draw::overlay::outline(layout, hexes)
        .into_iter()
        .map(|(_, [a, b])| (a, b))
        .collect()
}

/// The properties, while its form is open (`anchor`: the overlay anchor, a hex to
/// reshape around), docked at the right of the canvas (in the overlays panel's place):
/// it never covers the map or the reshape outline it previews, and a click on it never
/// reaches the canvas. Apply and Close sit at its top, so they stay put however tall the
/// form grows. "Close" closes it.
pub(crate) fn panel(
    ui: &mut egui::Ui,
    open: &mut Option<PropertiesForm>,
    doc: &OpenMap,
    anchor: Option<Hex>,
) -> Vec<Action> {
    let mut out = Vec::new();
    let Some(form) = open.as_mut() else {
        return out;
    };
    form.follow(doc.map());
    let mut apply = false;
    let mut close = false;
    egui::Panel::right("map properties")
        .default_size(PANEL_WIDTH)
        .max_size((ui.ctx().content_rect().width() * 0.45).max(280.0))
        .show(ui, |ui| {
            ui.heading("Map properties");
            ui.horizontal(|ui| {
                apply = ui.button("Apply").clicked();
                close = ui.button("Close").clicked();
            });
            ui.separator();
            egui::ScrollArea::vertical().show(ui, |ui| {
                settings_fields(ui, &mut form.props, form.orientation_before, form.shape);
                ui.separator();
                form.scale.ui(ui);
                ui.separator();
                if form.props.orientation == form.orientation_before {
                    reshape_fields(ui, form, doc, anchor);
                } else {
                    ui.label("Apply the new orientation first, then reshape.");
                }
                ui.separator();
                crate::windows::prop_types::show(ui, doc.map(), &mut out);
            });
        });
    if apply {
        out.push(Action::ApplyProperties(Box::new(form.clone())));
    }
    if close {
        *open = None;
    }
    out
}

fn settings_fields(
    ui: &mut egui::Ui,
    p: &mut MapProperties,
    orientation_before: Orientation,
    shape: ShapeSpec,
) {
    ui.horizontal(|ui| {
        let l = ui.label("Name");
        ui.text_edit_singleline(&mut p.name).labelled_by(l.id);
    });
    // The offset kind follows the orientation (same parity); only the two kinds of the
    // orientation are offered.
    let mut orientation = p.orientation;
    orientation_field(ui, &mut orientation);
    // The offset kind and the XXYY label stagger follow (`MapProperties::set_orientation`).
    p.set_orientation(orientation);
    crate::windows::offset_kind_field(ui, p.orientation, &mut p.offset_kind);
    if p.orientation != orientation_before && matches!(shape, ShapeSpec::Rect { .. }) {
        ui.label("A rectangle keeps its size: each cell keeps its column and row.");
    }
    crate::windows::hex_size_field(ui, &mut p.hex_size.x, &mut p.hex_size.y);
    ui.separator();
    ui.label("Labels (XXYY)");
    ui.horizontal(|ui| {
        let l = ui.label("Base");
        ui.add(egui::DragValue::new(&mut p.labels.base).range(0..=1))
            .labelled_by(l.id);
        let l = ui.label("Digits");
        ui.add(egui::DragValue::new(&mut p.labels.digits).range(1..=4))
            .labelled_by(l.id);
    });
    egui::ComboBox::from_label("Label stagger")
        .selected_text(p.labels.stagger.name())
        .show_ui(ui, |ui| {
            for k in OffsetKind::ALL {
                ui.selectable_value(&mut p.labels.stagger, k, k.name());
            }
        });
    ui.horizontal(|ui| {
        ui.radio_value(&mut p.labels.order, LabelOrder::ColumnFirst, "column first");
        ui.radio_value(&mut p.labels.order, LabelOrder::RowFirst, "row first");
    });
}

fn reshape_fields(
    ui: &mut egui::Ui,
    form: &mut PropertiesForm,
    doc: &OpenMap,
    anchor: Option<Hex>,
) {
    let by_sides = form.sides != Sides::default();
    let kind_changed = ui
        .add_enabled_ui(!by_sides, |ui| shape_fields(ui, &mut form.shape))
        .inner;
    if kind_changed {
        form.shape = own_extent(doc.map(), form.shape_before, form.shape);
    }
    if let MapShape::Rectangle { width, height, .. } = *doc.map().shape()
        && form.shape.kind() == hexmap_map::ShapeKind::Rectangle
    {
        ui.label("Add (+) or remove (−) rows and columns on a side:");
        // Two rows of two sides (left and right, top and bottom), each name beside its
        // number, whatever the panel's width: never one side alone on a line.
        egui::Grid::new("reshape sides").show(ui, |ui| {
            let s = &mut form.sides;
            let pairs = [
                [("Left", &mut s.left), ("Right", &mut s.right)],
                [("Top", &mut s.top), ("Bottom", &mut s.bottom)],
            ];
            for pair in pairs {
                for (name, v) in pair {
                    let l = ui.label(name);
                    ui.add(egui::DragValue::new(v).range(-2000..=2000))
                        .labelled_by(l.id);
                }
                ui.end_row();
            }
        });
        if by_sides {
            let s = form.sides;
            let grow = |n: u32, a: i32, b: i32| i64::from(n) + i64::from(a) + i64::from(b);
            ui.label(format!(
                "New size: {} × {}",
                grow(width, s.left, s.right),
                grow(height, s.top, s.bottom)
            ));
        }
    }
    if !by_sides {
        ui.horizontal_wrapped(|ui| {
            ui.label("Around");
            ui.radio_value(&mut form.around_anchor, false, "the map's centre");
            let label = match anchor {
                Some(h) => format!("the anchor {}", doc.hex_name(h)),
                None => "the anchor (A key; none set)".to_owned(),
            };
            ui.add_enabled_ui(anchor.is_some(), |ui| {
                ui.radio_value(&mut form.around_anchor, true, label);
            });
        });
    }
    match form.update_plan(doc, anchor) {
        Err(message) => {
            ui.label(egui::RichText::new(message).color(ui.visuals().error_fg_color));
        }
        Ok(()) => {
            if let Some((_, plan, _)) = &form.plan {
                let text = match plan.dropped {
                    0 => "No painted cell is dropped (new outline shown on the map).".to_owned(),
                    n => format!(
                        "{} will be dropped (new outline shown on the map).",
                        crate::panels::words::count(n, "painted cell", "painted cells")
                    ),
                };
                let colour = if plan.dropped > 0 {
                    ui.visuals().warn_fg_color
                } else {
                    ui.visuals().text_color()
                };
                ui.label(egui::RichText::new(text).color(colour));
            }
        }
    }
}
