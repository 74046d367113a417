//! The label tool: a click on empty space opens a text field there (Enter adds the label,
//! Escape cancels, empty text adds nothing); a click on a label, or a few points beside
//! its turned text box, selects the topmost one and a drag moves it; the selected label
//! has a rotate handle and a resize handle; a double-click edits its text in place;
//! Delete removes it. Every change is a map edit, a drag one undo step.

use crate::Action;
use crate::open_map::OpenMap;
use crate::tools::Press;
use eframe::egui;
use hexmap_draw::annotation_hits;
use hexmap_hex::{Layout, Point};
use hexmap_map::annotations::{MAX_LABEL_SIZE, MIN_LABEL_SIZE};
use hexmap_map::{AnnotationEdit, Edit, HexMap, Label, LabelId};

/// How near (screen points) a press must be to a handle to take it.
pub const HANDLE_PX: f64 = 8.0;
/// How near (screen points) to a label's turned text box a press takes the label.
const LABEL_REACH_PX: f64 = 8.0;
/// How far (screen points) the rotate handle stands above the label's top edge.
const ROTATE_GAP_PX: f64 = 18.0;

/// A text field open on the canvas: a new label's or an existing label's text.
#[derive(Clone, Debug, PartialEq)]
pub struct LabelDraft {
    /// What the text is for.
    pub target: DraftTarget,
    /// The text typed so far.
    pub text: String,
    /// Give the field the keyboard at its next frame.
    pub focus: bool,
}

/// What a [`LabelDraft`] becomes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DraftTarget {
    /// A new label centred at this world point.
    New(Point),
    /// The text of this label.
    Existing(LabelId),
}

/// The label tool's selection, open text field and the look of new labels.
#[derive(Clone, Debug, PartialEq)]
pub struct LabelTool {
    /// The selected label.
    selected: Option<LabelId>,
    /// The text field on the canvas, if one is open.
    draft: Option<LabelDraft>,
    /// Size, colour, bold, italic and halo of new labels (its text and place unused).
    style: Label,
}

impl Default for LabelTool {
    fn default() -> Self {
        LabelTool {
            selected: None,
            draft: None,
            style: Label::new("-", Point::new(0.0, 0.0)),
        }
    }
}

/// A label drag in progress.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LabelGesture {
    /// Moving: the label's centre minus the pointer at the press.
    Move {
        /// The label.
        id: LabelId,
        /// Centre − press point, kept through the drag.
        grab: Point,
    },
    /// Turning with the rotate handle.
    Rotate {
        /// The label.
        id: LabelId,
    },
    /// Sizing with the resize handle: the size and the handle's distance from the centre
    /// at the press.
    Resize {
        /// The label.
        id: LabelId,
        /// Size at the press.
        size: f32,
        /// Distance of the press from the label's centre (world units).
        reach: f64,
    },
}

/// The rotate and resize handles of `label` (world points) at `scale` pixels per world
/// unit: the rotate handle above the middle of the top edge, the resize handle on the
/// bottom-right corner.
pub fn handles(label: &Label, layout: &Layout, scale: f64) -> (Point, Point) {
    let [tl, tr, br, _] = annotation_hits::label_corners(label, layout);
    let top = Point::new((tl.x + tr.x) / 2.0, (tl.y + tr.y) / 2.0);
    let (sin, cos) = f64::from(label.rotation).to_radians().sin_cos();
    let gap = ROTATE_GAP_PX / scale.max(1e-9);
    // "Up" in the label's own frame, in world units.
    let rotate = Point::new(top.x + gap * sin, top.y - gap * cos);
    (rotate, br)
}

fn distance(a: Point, b: Point) -> f64 {
    (a.x - b.x).hypot(a.y - b.y)
}

impl LabelTool {
    /// The selected label, if any.
    pub fn selected(&self) -> Option<LabelId> {
        self.selected
    }

    /// Select no label.
    pub fn deselect(&mut self) {
        self.selected = None;
    }

    /// What the text field open on the canvas is for, if one is open.
    pub fn draft_target(&self) -> Option<DraftTarget> {
        self.draft.as_ref().map(|d| d.target)
    }

    /// Drop the text field on the canvas unread (another tool was chosen, a new map).
    pub fn drop_draft(&mut self) {
        self.draft = None;
    }

    /// The look of new labels.
    pub fn new_style(&self) -> &Label {
        &self.style
    }

    /// New labels take this look (its text and place unused).
    pub fn set_new_style(&mut self, style: Label) {
        self.style = style;
    }

    /// After the map changed: a selection or an edited label that is gone is dropped.
    pub fn keep_valid(&mut self, map: &HexMap) {
        if self.selected.is_some_and(|id| map.label(id).is_none()) {
            self.selected = None;
        }
        if let Some(LabelDraft {
            target: DraftTarget::Existing(id),
            ..
        }) = self.draft
            && map.label(id).is_none()
        {
            self.draft = None;
        }
    }

    /// A press (at a world point, the map drawn at a scale): on a handle of
    /// the selected label, turn or size it; on a label, select the topmost and move it;
    /// on empty space, open a text field there. While a text field is open a press only
    /// closes it (the field commits itself when it loses the keyboard).
    pub fn press(&mut self, at: &Press<'_>, out: &mut Vec<Action>) -> Option<LabelGesture> {
        if self.draft.is_some() {
            return None;
        }
        let (map, layout, world, scale) = (at.doc.map(), at.layout, at.world, at.scale);
        if let Some(id) = self.selected
            && let Some(label) = map.label(id)
        {
            let (rotate, resize) = handles(label, layout, scale);
            let near = |p: Point| distance(p, world) * scale <= HANDLE_PX;
            let gesture = if near(rotate) {
                Some(LabelGesture::Rotate { id })
            } else if near(resize) {
                Some(LabelGesture::Resize {
                    id,
                    size: label.size,
                    reach: distance(world, label.at).max(1e-9),
                })
            } else {
                None
            };
            if gesture.is_some() {
                out.push(Action::BeginStroke);
                return gesture;
            }
        }
        if let Some(id) = annotation_hits::hit_label_near(map, layout, world, scale, LABEL_REACH_PX)
        {
            let at = map.label(id)?.at;
            self.selected = Some(id);
            out.push(Action::BeginStroke);
            return Some(LabelGesture::Move {
                id,
                grab: Point::new(at.x - world.x, at.y - world.y),
            });
        }
        self.selected = None;
        self.draft = Some(LabelDraft {
            target: DraftTarget::New(world),
            text: String::new(),
            focus: true,
        });
        None
    }

    /// The pointer moved to `world` during a label drag: the edit that follows it.
    pub fn drag_to(
        &self,
        doc: &OpenMap,
        gesture: &LabelGesture,
        world: Point,
        out: &mut Vec<Action>,
    ) {
        let map = doc.map();
        let edit = match *gesture {
            LabelGesture::Move { id, grab } => {
                let to = Point::new(world.x + grab.x, world.y + grab.y);
                (map.label(id).map(|l| l.at) != Some(to))
                    .then_some(Edit::Annotation(AnnotationEdit::MoveLabel { id, to }))
            }
            LabelGesture::Rotate { id } => map.label(id).and_then(|l| {
                let (dx, dy) = (world.x - l.at.x, world.y - l.at.y);
                // The handle points "up" from the text: 0° when straight above.
                let degrees = (dy.atan2(dx).to_degrees() + 90.0).rem_euclid(360.0);
                let degrees = if degrees > 180.0 {
                    degrees - 360.0
                } else {
                    degrees
                };
                let rotation = degrees.round() as f32;
                changed(id, l, |n| n.rotation = rotation)
            }),
            LabelGesture::Resize { id, size, reach } => map.label(id).and_then(|l| {
                let factor = distance(world, l.at) / reach;
                let new = (f64::from(size) * factor) as f32;
                let new = (new * 100.0).round() / 100.0;
                changed(id, l, |n| {
                    n.size = new.clamp(MIN_LABEL_SIZE, MAX_LABEL_SIZE)
                })
            }),
        };
        out.extend(edit.map(Action::StrokeEdit));
    }

    /// A double-click at `world`: open the text of the topmost label there for editing.
    pub fn edit_text_at(&mut self, map: &HexMap, layout: &Layout, world: Point, scale: f64) {
        if let Some(id) = annotation_hits::hit_label_near(map, layout, world, scale, LABEL_REACH_PX)
            && let Some(label) = map.label(id)
        {
            self.selected = Some(id);
            self.draft = Some(LabelDraft {
                target: DraftTarget::Existing(id),
                text: label.text.clone(),
                focus: true,
            });
        }
    }

    /// Close the text field: with `commit`, the edit its text asks for (none for empty
    /// or unchanged text). A new label is selected once added.
    pub fn close_draft(&mut self, map: &HexMap, commit: bool) -> Option<Edit> {
        let draft = self.draft.take()?;
        let text = draft.text.trim();
        if !commit || text.is_empty() {
            return None;
        }
        match draft.target {
            DraftTarget::New(at) => {
                let id = map.labels().next_id();
                self.selected = Some(id);
                let label = Label {
                    gm_only: false,
                    text: text.to_owned(),
                    at,
                    path: Vec::new(),
                    ..self.style.clone()
                };
                Some(Edit::Annotation(AnnotationEdit::AddLabel { id, label }))
            }
            DraftTarget::Existing(id) => {
                let label = map.label(id)?;
                changed(id, label, |l| l.text = text.to_owned())
            }
        }
    }

    /// The edit that removes the selected label (Delete), deselecting it.
    pub fn delete_selected(&mut self, map: &HexMap) -> Option<Edit> {
        let id = self.selected.take()?;
        map.label(id)?;
        Some(Edit::Annotation(AnnotationEdit::RemoveLabel(id)))
    }
}

/// An [`AnnotationEdit::EditLabel`] giving `label` (id `id`) the change `f`, if it changes it.
pub fn changed(id: LabelId, label: &Label, f: impl FnOnce(&mut Label)) -> Option<Edit> {
    let mut new = label.clone();
    f(&mut new);
    (new != *label).then_some(Edit::Annotation(AnnotationEdit::EditLabel {
        id,
        label: new,
    }))
}

/// The text field of an open draft, at screen point `at` (its centre); returns the edit
/// it commits when Enter is pressed or it loses the keyboard (Escape cancels).
pub(crate) fn draft_field(
    ctx: &egui::Context,
    tool: &mut LabelTool,
    map: &HexMap,
    at: egui::Pos2,
) -> Option<Action> {
    let draft = tool.draft.as_mut()?;
    let area = egui::Area::new(egui::Id::unique("label draft"))
        .order(egui::Order::Foreground)
        .fixed_pos(at - egui::vec2(90.0, 14.0));
    let closed = area
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .show(ui, |ui| {
                    // Escape cancels at once (read before the field, which takes the
                    // key and reports its lost focus only a frame later).
                    let escape = ui.input(|i| i.key_pressed(egui::Key::Escape));
                    let edit = egui::TextEdit::singleline(&mut draft.text)
                        .hint_text("label text, Enter")
                        .desired_width(170.0);
                    let r = ui.add(edit);
                    r.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Label text")
                    });
                    if draft.focus {
                        // The click that opened the field ends after this frame: ask for
                        // the keyboard until it has (a release elsewhere takes it away).
                        r.request_focus();
                        let clicking =
                            ui.input(|i| i.pointer.any_down() || i.pointer.any_released());
                        draft.focus = clicking;
                        return None;
                    }
                    if escape {
                        return Some(false);
                    }
                    (r.lost_focus() || !r.has_focus()).then_some(true)
                })
                .inner
        })
        .inner;
    let commit = closed?;
    tool.close_draft(map, commit).map(Action::Edit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::open_map::NewMapSpec;

    #[test]
    fn typing_into_a_new_draft_adds_a_label_and_empty_text_adds_nothing() {
        let mut doc = OpenMap::new_map(&NewMapSpec::default()).unwrap();
        let layout = doc.layout();
        let mut tool = LabelTool::default();
        let at = Point::new(40.0, 30.0);
        let mut out = Vec::new();
        assert_eq!(
            tool.press(&Press::new(&doc, &layout, at, 4.0), &mut out),
            None
        );
        assert!(out.is_empty());
        tool.draft.as_mut().unwrap().text = "   ".into();
        assert_eq!(tool.close_draft(doc.map(), true), None);
        tool.press(&Press::new(&doc, &layout, at, 4.0), &mut out);
        tool.draft.as_mut().unwrap().text = "Misty Vale".into();
        assert_eq!(tool.close_draft(doc.map(), false), None, "Escape");
        tool.press(&Press::new(&doc, &layout, at, 4.0), &mut out);
        tool.draft.as_mut().unwrap().text = "Misty Vale".into();
        let add = tool.close_draft(doc.map(), true).unwrap();
        doc.apply(&add).unwrap();
        let (id, label) = doc.map().labels().iter().next().unwrap();
        assert_eq!((label.text.as_str(), label.at), ("Misty Vale", at));
        assert_eq!(tool.selected, Some(id));
    }

    #[test]
    fn handles_rotate_and_resize_the_selected_label() {
        let mut doc = OpenMap::new_map(&NewMapSpec::default()).unwrap();
        let layout = doc.layout();
        let id = LabelId(0);
        let at = Point::new(50.0, 50.0);
        doc.apply(&Edit::Annotation(AnnotationEdit::AddLabel {
            id,
            label: Label::new("Old Road", at),
        }))
        .unwrap();
        let mut tool = LabelTool {
            selected: Some(id),
            ..LabelTool::default()
        };
        let label = doc.map().label(id).unwrap().clone();
        let (rotate, resize) = handles(&label, &layout, 4.0);
        let mut out = Vec::new();
        let g = tool
            .press(&Press::new(&doc, &layout, rotate, 4.0), &mut out)
            .unwrap();
        assert!(matches!(g, LabelGesture::Rotate { .. }));
        // Pointer to the right of the centre: the top faces right, a quarter turn.
        out.clear();
        tool.drag_to(&doc, &g, Point::new(at.x + 30.0, at.y), &mut out);
        let [
            Action::StrokeEdit(Edit::Annotation(AnnotationEdit::EditLabel {
                label: turned, ..
            })),
        ] = &out[..]
        else {
            panic!("{out:?}")
        };
        assert_eq!(turned.rotation, 90.0);
        out.clear();
        let g = tool
            .press(&Press::new(&doc, &layout, resize, 4.0), &mut out)
            .unwrap();
        assert!(matches!(g, LabelGesture::Resize { .. }));
        out.clear();
        let twice = Point::new(
            at.x + 2.0 * (resize.x - at.x),
            at.y + 2.0 * (resize.y - at.y),
        );
        tool.drag_to(&doc, &g, twice, &mut out);
        let [
            Action::StrokeEdit(Edit::Annotation(AnnotationEdit::EditLabel {
                label: grown, ..
            })),
        ] = &out[..]
        else {
            panic!("{out:?}")
        };
        assert!((grown.size - 2.0).abs() < 0.02, "{}", grown.size);
    }
}
