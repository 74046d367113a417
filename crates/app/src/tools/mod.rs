//! Editing tools: their state ([`Tools`]: the tool, the terrain it paints, the drag in
//! progress, the selection, the clipboard and paste mode) and what a press, drag and
//! release on the canvas turn into: edits as [`Action`]s, one undo step per drag
//! (`BeginStroke` … `EndStroke`).

pub(crate) mod annotation_marks;
pub(crate) mod clipboard_text;
pub(crate) mod feature_tool_view;
pub mod feature_tools;
pub(crate) mod height_brush;
pub(crate) mod icon_tool;
pub mod label_tool;
pub(crate) mod measure;
pub(crate) mod measure_view;
pub(crate) mod play;
pub(crate) mod property_paint;
pub(crate) mod region_tool;
pub(crate) mod selection;
pub(crate) mod selection_view;
pub(crate) mod tool_marks;
pub(crate) mod tool_set;

use crate::Action;
use crate::files::prefs::{BrushPaints, FogClick, ToolPrefs};
use crate::open_map::OpenMap;
use crate::panels::scatter_panel::ScatterBrush;
use crate::tools::feature_tools::{FeatureGesture, FeatureTools};
use crate::tools::icon_tool::{IconDrag, IconTool};
use crate::tools::label_tool::{LabelGesture, LabelTool};
use crate::tools::selection::Selection;
use hexmap_hex::hash::HexHashSet;
use hexmap_hex::{Hex, Layout, Point};
use hexmap_map::{CellEdit, Clipboard, Edit, ElevationEdit, FogEdit, TerrainId};

pub use crate::tools::tool_set::{
    MAX_BRUSH_RADIUS, Press, Tool, brush_footprint, grab_point, select_rect, stroke_path,
};

/// The state of a drag in progress.
#[derive(Clone, Debug, PartialEq)]
pub enum Gesture {
    /// No drag.
    Idle,
    /// Painting (brush, eraser, mine): the last hex painted, for gap-free strokes.
    Painting {
        /// Last hex painted.
        last: Hex,
    },
    /// Line tool: the start hex.
    Line {
        /// Where the line starts.
        start: Hex,
    },
    /// Select tool: the world point where the drag started.
    Selecting {
        /// Drag start in world space.
        start: Point,
        /// How the box combines with the selection (Shift adds, Ctrl subtracts).
        combine: hexmap_map::selection::Combine,
    },
    /// Select tool: the selection being dragged to a new place.
    MovingSelection {
        /// The selected hex the drag started on.
        from: Hex,
        /// The world point pressed.
        world: Point,
    },
    /// Edge or path tool.
    Feature(FeatureGesture),
    /// Icon tool: an icon being dragged.
    Icon(IconDrag),
    /// Label tool: a label being moved, turned or sized.
    Label(LabelGesture),
    /// Measure tool: dragging from the anchor.
    Measuring,
}

/// The tools part of the editor.
#[derive(Clone, Debug)]
pub struct Tools {
    /// The tool on the primary button.
    tool: Tool,
    /// The terrain the brush, line and fill paint (`None` paints empty cells).
    current_terrain: Option<TerrainId>,
    /// The mine tool places (true) or, with shift held at the press, removes mines.
    mine_place: bool,
    /// The drag in progress.
    gesture: Gesture,
    /// The fingers on a touch screen (a pinch: no tool starts until every finger is
    /// lifted).
    touches: crate::canvas::touches::Touches,
    /// The selected hexes (select tool), for copy, cut, delete, fill and move.
    selection: Selection,
    /// The brush's weighted mix of terrains, when on.
    scatter: ScatterBrush,
    /// The copied region.
    clipboard: Clipboard,
    /// The clipboard as the system clipboard's text (`clipboard_text`), when it is there.
    clipboard_text: Option<String>,
    /// Paste mode: the next press pastes the clipboard there.
    pasting: bool,
    /// The edge and path tools' types and selected path.
    features: FeatureTools,
    /// The icon tool's chosen icon, search and selection.
    icons: IconTool,
    /// The label tool's selection, text field and new-label look.
    labels: LabelTool,
    /// The region tool's current region, bucket switch and name field.
    regions: crate::tools::region_tool::RegionTool,
    /// The Measure tool's anchor: where the last press was.
    measure_anchor: Option<Hex>,
    /// The hexes the open Raise/Lower stroke has changed: a stroke changes each hex's
    /// height once however many of its stamps cover it.
    stroke_heights: HexHashSet,
    /// The property the brush and bucket paint instead of terrain, when one is chosen.
    property_paint: Option<crate::tools::property_paint::PropertyPaint>,
}

impl Tools {
    /// The brush, painting the first terrain of `doc`'s palette.
    pub fn new(doc: &OpenMap) -> Self {
        Tools {
            tool: Tool::Brush,
            current_terrain: doc.map().palette().terrains().first().map(|t| t.id),
            mine_place: true,
            gesture: Gesture::Idle,
            touches: Default::default(),
            selection: Selection::default(),
            scatter: ScatterBrush::default(),
            clipboard: Clipboard::default(),
            clipboard_text: None,
            pasting: false,
            features: FeatureTools::new(doc.map()),
            icons: IconTool::default(),
            labels: LabelTool::default(),
            regions: crate::tools::region_tool::RegionTool::default(),
            measure_anchor: None,
            stroke_heights: HexHashSet::default(),
            property_paint: None,
        }
    }

    /// The property the brush and bucket paint instead of terrain, if any.
    pub(crate) fn property_paint(&self) -> Option<&crate::tools::property_paint::PropertyPaint> {
        self.property_paint.as_ref()
    }

    /// Paint a property's value with the brush and bucket (`None`: terrain again).
    pub(crate) fn set_property_paint(
        &mut self,
        paint: Option<crate::tools::property_paint::PropertyPaint>,
    ) {
        self.property_paint = paint;
    }

    /// The tool on the primary button.
    pub(super) fn tool(&self) -> Tool {
        self.tool
    }

    /// Put `tool` on the primary button (toolbar, keys).
    pub(super) fn set_tool(&mut self, tool: Tool) {
        self.tool = tool;
    }

    /// The terrain the brush, line and fill paint (`None` paints empty cells).
    pub(super) fn terrain(&self) -> Option<TerrainId> {
        self.current_terrain
    }

    /// Paint with `terrain` from now on (the palette panel).
    pub(super) fn set_terrain(&mut self, terrain: TerrainId) {
        self.current_terrain = Some(terrain);
    }

    /// The drag in progress.
    pub(super) fn gesture(&self) -> &Gesture {
        &self.gesture
    }

    /// Follow this frame's touch `events`; true while the touch is a pinch (two or more
    /// fingers came down since none were), when the tools take no part in it.
    pub(super) fn pinching(&mut self, events: &[eframe::egui::Event]) -> bool {
        self.touches.follow(events)
    }

    /// Forget the drag in progress (an undo, play mode, a pinch); true if it had opened
    /// an undo step (a paint stroke, an icon or label drag), which the caller closes.
    pub(super) fn drop_gesture(&mut self) -> bool {
        let stroke = matches!(
            self.gesture,
            Gesture::Painting { .. } | Gesture::Icon(_) | Gesture::Label(_)
        );
        self.gesture = Gesture::Idle;
        stroke
    }

    /// The selected hexes.
    pub(super) fn selection(&self) -> &Selection {
        &self.selection
    }

    /// The selected hexes, to change (the selection commands).
    pub(super) fn selection_mut(&mut self) -> &mut Selection {
        &mut self.selection
    }

    /// The scatter brush with the terrain the brush paints (the brush's bar).
    pub(super) fn scatter_and_terrain(&mut self) -> (&mut ScatterBrush, Option<TerrainId>) {
        (&mut self.scatter, self.current_terrain)
    }

    /// The copied cells.
    pub(super) fn clipboard(&self) -> &Clipboard {
        &self.clipboard
    }

    /// Keep `copied` as the clipboard (Copy, Cut, a paste from elsewhere), and `text`,
    /// what the system clipboard got for it.
    pub(super) fn set_clipboard(&mut self, copied: Clipboard, text: Option<String>) {
        self.clipboard = copied;
        self.clipboard_text = text;
    }

    /// The system clipboard's text for the clipboard, if it was put there.
    pub(super) fn copied_text(&self) -> Option<&str> {
        self.clipboard_text.as_deref()
    }

    /// True in paste mode: the next press pastes the clipboard there.
    pub(super) fn pasting(&self) -> bool {
        self.pasting
    }

    /// Paste mode on, if there is something to paste.
    pub(super) fn start_paste(&mut self) {
        self.pasting = !self.clipboard.is_empty();
    }

    /// Leave paste mode.
    pub(super) fn stop_paste(&mut self) {
        self.pasting = false;
    }

    /// Turn the cells being pasted: reflected (`reflect`), else a sixth turn.
    pub(super) fn turn_paste(&mut self, reflect: bool) {
        self.clipboard = if reflect {
            self.clipboard.reflected()
        } else {
            self.clipboard.rotated(1)
        };
    }

    /// Escape: no paste, nothing selected by any tool.
    pub(super) fn deselect_all(&mut self) {
        self.pasting = false;
        self.selection.clear();
        self.features.deselect();
        self.icons.deselect();
        self.labels.deselect();
    }

    /// The edge and path tools.
    pub(super) fn features(&self) -> &FeatureTools {
        &self.features
    }

    /// The edge and path tools, to change (their panel, keys).
    pub(super) fn features_mut(&mut self) -> &mut FeatureTools {
        &mut self.features
    }

    /// The icon tool.
    pub(super) fn icons(&self) -> &IconTool {
        &self.icons
    }

    /// The icon tool, to change (its panel, keys).
    pub(super) fn icons_mut(&mut self) -> &mut IconTool {
        &mut self.icons
    }

    /// The label tool.
    pub(super) fn labels(&self) -> &LabelTool {
        &self.labels
    }

    /// The label tool, to change (its panel, the text field on the canvas).
    pub(super) fn labels_mut(&mut self) -> &mut LabelTool {
        &mut self.labels
    }

    /// The region tool.
    pub(super) fn regions(&self) -> &crate::tools::region_tool::RegionTool {
        &self.regions
    }

    /// The region tool, to change (its panel).
    pub(super) fn regions_mut(&mut self) -> &mut crate::tools::region_tool::RegionTool {
        &mut self.regions
    }

    /// The Measure tool's anchor, while the Measure tool is on.
    pub(super) fn measure_anchor(&self) -> Option<Hex> {
        (self.tool == Tool::Measure)
            .then_some(self.measure_anchor)
            .flatten()
    }

    /// After the document was replaced: no drag or selection, and a current terrain that
    /// exists in the new palette.
    pub(super) fn reset(&mut self, doc: &OpenMap) {
        self.selection.clear();
        self.gesture = Gesture::Idle;
        self.features = FeatureTools::new(doc.map());
        self.icons.deselect();
        self.labels.deselect();
        self.labels.drop_draft();
        self.regions = crate::tools::region_tool::RegionTool::default();
        self.regions.keep_valid(doc.map());
        self.property_paint = None;
        if self
            .current_terrain
            .is_none_or(|t| doc.map().palette().get(t).is_none())
        {
            self.current_terrain = doc.map().palette().terrains().first().map(|t| t.id);
        }
    }

    /// After the palette or shape changed (an undone "Add terrain", a deleted terrain, a
    /// reshape): a current terrain that is gone becomes the first one, so the brush never
    /// paints nothing, and the selection keeps only hexes of the map.
    pub(super) fn keep_terrain_valid(&mut self, doc: &OpenMap) {
        // A reshape (or its undo) may leave selected hexes off the map: the outline drawn
        // and what Copy takes stay the same cells.
        self.selection.retain(|h| doc.contains(h));
        self.features.keep_valid(doc.map());
        self.scatter.keep_valid(doc);
        self.icons.keep_valid(doc.map());
        self.labels.keep_valid(doc.map());
        self.regions.keep_valid(doc.map());
        let palette = doc.map().palette();
        if self
            .current_terrain
            .is_some_and(|t| palette.get(t).is_none())
        {
            self.current_terrain = palette.terrains().first().map(|t| t.id);
        }
    }

    /// A press of the primary button on hex `h` (at `world`; `shift` held; the map
    /// drawn at `scale` pixels per world unit).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn begin_gesture(
        &mut self,
        doc: &OpenMap,
        prefs: &ToolPrefs,
        layout: &Layout,
        (h, world, scale): (Hex, Point, f64),
        mods: eframe::egui::Modifiers,
        out: &mut Vec<Action>,
    ) {
        let shift = mods.shift;
        if self.pasting {
            let edit = Edit::Cell(CellEdit::Paste {
                clipboard: self.clipboard.clone(),
                anchor: h,
            });
            out.push(Action::Edit(edit));
            self.pasting = false;
            return;
        }
        match self.tool {
            Tool::Fog if prefs.fog_click == FogClick::Party => {
                out.extend(crate::panels::party_controls::click(doc, prefs, h));
            }
            Tool::Fog if prefs.fog_click == FogClick::Bucket => {
                out.extend(fog_bucket(doc, h, !shift));
            }
            Tool::Fog if prefs.fog_click == FogClick::Sight => {
                if doc.contains(h) {
                    let edit = Edit::Fog(FogEdit::RevealSight {
                        from: h,
                        radius: prefs.fog_sight,
                    });
                    out.push(Action::Edit(edit));
                }
            }
            Tool::Region if self.regions.uses_bucket() => {
                out.extend(self.regions.bucket(doc, h, !shift).map(Action::Edit));
            }
            Tool::Brush | Tool::Eraser | Tool::Mine | Tool::Fog | Tool::Region => {
                self.mine_place = !shift;
                self.stroke_heights.clear();
                out.push(Action::BeginStroke);
                self.gesture = Gesture::Painting { last: h };
                self.stamp(doc, h, prefs, out);
            }
            Tool::Picker => {
                if let Some(t) = doc.terrain(h) {
                    self.current_terrain = Some(t);
                }
            }
            Tool::Line => self.gesture = Gesture::Line { start: h },
            Tool::Fill if self.property_paint.is_some() => {
                let paint = self.property_paint.as_ref();
                let edit = paint.and_then(|p| p.bucket(doc, h, prefs.fill_replace_all));
                out.extend(edit.map(Action::Edit));
            }
            Tool::Fill => {
                if let Some(from) = doc.contains(h).then(|| doc.terrain(h)) {
                    let edit = if prefs.fill_replace_all {
                        Edit::Cell(CellEdit::ReplaceTerrain {
                            from,
                            to: self.current_terrain,
                        })
                    } else {
                        Edit::Cell(CellEdit::Fill {
                            start: h,
                            terrain: self.current_terrain,
                        })
                    };
                    out.push(Action::Edit(edit));
                }
            }
            Tool::Note => {
                if doc.contains(h) {
                    out.push(Action::NoteDialog(h));
                }
            }
            Tool::Select => {
                if let Some(g) = self.selection.press(doc, h, world, mods) {
                    self.gesture = g;
                }
            }
            Tool::Edge => {
                let g = self.features.press_edges(doc, layout, world, shift, out);
                self.gesture = g.map_or(Gesture::Idle, Gesture::Feature);
            }
            Tool::Path => {
                // A few screen pixels in world units: how near a press must be to a line.
                let pick = crate::tools::feature_tools::PATH_PICK_PX / scale.max(1e-9);
                let g = self.features.press_path(doc, layout, h, (world, pick), out);
                self.gesture = g.map_or(Gesture::Idle, Gesture::Feature);
            }
            Tool::Icon => {
                let at = Press::new(doc, layout, world, scale);
                let g = self.icons.press(&at, out);
                self.gesture = g.map_or(Gesture::Idle, Gesture::Icon);
            }
            Tool::Label => {
                let at = Press::new(doc, layout, world, scale);
                let g = self.labels.press(&at, out);
                self.gesture = g.map_or(Gesture::Idle, Gesture::Label);
            }
            Tool::Measure => {
                self.measure_anchor = Some(h);
                self.gesture = Gesture::Measuring;
            }
        }
    }

    /// One brush stamp of the painting tools at `h` (inside the drag's undo step).
    fn stamp(&mut self, doc: &OpenMap, h: Hex, prefs: &ToolPrefs, out: &mut Vec<Action>) {
        let radius = prefs.brush_radius;
        let step = prefs.height_step.max(1);
        let edits: Vec<Edit> = match (self.tool, prefs.brush_paints) {
            (Tool::Brush, BrushPaints::Raise | BrushPaints::Lower) => {
                // Only the hexes this stroke has not raised yet: overlapping stamps
                // along a drag raise each hex once.
                let hexes: Vec<Hex> = brush_footprint(h, radius)
                    .into_iter()
                    .filter(|&x| self.stroke_heights.insert(x))
                    .collect();
                if hexes.is_empty() {
                    return;
                }
                vec![Edit::Elevation(ElevationEdit::Raise {
                    hexes,
                    // Shift turns raise into lower and back (`mine_place` is "no shift").
                    by: if (prefs.brush_paints == BrushPaints::Raise) == self.mine_place {
                        step
                    } else {
                        -step
                    },
                })]
            }
            // Paint property: the stamp's hexes take the property's value.
            (Tool::Brush, BrushPaints::Terrain) if self.property_paint.is_some() => {
                let paint = self.property_paint.as_ref();
                paint
                    .and_then(|p| p.paint(doc, brush_footprint(h, radius)))
                    .into_iter()
                    .collect()
            }
            // The scatter brush paints each hex with its pick from the mix.
            (Tool::Brush, BrushPaints::Terrain) if self.scatter.is_on() => {
                self.scatter.stamp(h, radius)
            }
            (Tool::Brush, BrushPaints::Terrain) => vec![Edit::Cell(CellEdit::Paint {
                center: h,
                radius,
                terrain: self.current_terrain,
            })],
            (Tool::Eraser, _) => vec![Edit::Cell(CellEdit::Erase { center: h, radius })],
            (Tool::Mine, _) => brush_footprint(h, radius)
                .into_iter()
                .filter(|&x| doc.contains(x))
                .map(|x| {
                    Edit::Cell(CellEdit::SetMine {
                        hex: x,
                        mine: self.mine_place,
                    })
                })
                .collect(),
            // The mine tool's place/remove switch: reveal, or with shift hide.
            (Tool::Fog, _) => vec![Edit::Fog(FogEdit::SetRevealed {
                hexes: brush_footprint(h, radius),
                revealed: self.mine_place,
            })],
            (Tool::Region, _) => (self.regions)
                .stamp(brush_footprint(h, radius), self.mine_place)
                .into_iter()
                .collect(),
            _ => Vec::new(),
        };
        out.extend(edits.into_iter().map(Action::StrokeEdit));
    }

    /// The pointer moved to `h` (world point `world`) during a drag.
    pub(super) fn continue_gesture(
        &mut self,
        doc: &OpenMap,
        prefs: &ToolPrefs,
        (layout, h, world): (&Layout, Hex, Point),
        out: &mut Vec<Action>,
    ) {
        match &mut self.gesture {
            Gesture::Feature(g) => {
                self.features.drag_to(doc, layout, g, h, world, out);
                return;
            }
            Gesture::Icon(g) => {
                self.icons.drag_to(doc, g, h, out);
                return;
            }
            Gesture::Label(g) => {
                self.labels.drag_to(doc, g, world, out);
                return;
            }
            _ => {}
        }
        if let Gesture::Painting { last } = self.gesture {
            if last == h {
                return;
            }
            for x in stroke_path(last, h).into_iter().skip(1) {
                self.stamp(doc, x, prefs, out);
            }
            self.gesture = Gesture::Painting { last: h };
        }
    }

    /// The drag ended over `end` (world point `end_world`), if the pointer is still known.
    pub(super) fn finish_gesture(
        &mut self,
        doc: &OpenMap,
        end: Option<Hex>,
        end_world: Option<Point>,
        layout: &Layout,
        out: &mut Vec<Action>,
    ) {
        match std::mem::replace(&mut self.gesture, Gesture::Idle) {
            Gesture::Idle => {}
            Gesture::Painting { .. } => out.push(Action::EndStroke),
            Gesture::Line { start } => {
                if let Some(end) = end {
                    let edit = Edit::Cell(CellEdit::Line {
                        from: start,
                        to: end,
                        terrain: self.current_terrain,
                    });
                    out.push(Action::Edit(edit));
                }
            }
            Gesture::Selecting { start, combine } => {
                let end = end_world.unwrap_or(start);
                self.selection
                    .finish_box(doc, layout, (start, end), combine);
            }
            Gesture::MovingSelection { from, world } => {
                self.selection
                    .finish_move((doc, layout), (from, world), end, out);
            }
            Gesture::Feature(g) => self.features.release(doc, g, out),
            Gesture::Icon(_) | Gesture::Label(_) => out.push(Action::EndStroke),
            Gesture::Measuring => {}
        }
    }
}

/// The fog bucket: reveal (or hide) the contiguous area of `h`'s terrain (cells without
/// terrain count as one terrain), one undo step.
fn fog_bucket(doc: &OpenMap, h: Hex, reveal: bool) -> Option<Action> {
    let map = doc.map();
    if !map.contains(h) {
        return None;
    }
    Some(Action::Edit(Edit::Fog(FogEdit::SetRevealed {
        hexes: hexmap_map::selection::wand(map, h),
        revealed: reveal,
    })))
}
