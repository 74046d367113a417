//! Editing tools: their state ([`Tools`]: the tool, the terrain it paints, the drag in
//! progress, the selection, the clipboard and paste mode) and what a press, drag and
//! release on the canvas turn into: edits as [`Action`]s, one undo step per drag
//! (`BeginStroke` … `EndStroke`).

use super::Action;
use super::feature_tools::{FeatureGesture, FeatureTools};
use super::icon_tool::{IconDrag, IconTool};
use super::label_tool::{LabelGesture, LabelTool};
use super::open_map::OpenMap;
use super::prefs::{BrushPaints, FogClick, ToolPrefs};
use super::scatter_panel::ScatterBrush;
use super::selection::{SelectMode, Selection};
use hexmap_hex::{Hex, Layout, Point};
use hexmap_map::{CellEdit, Clipboard, Edit, ElevationEdit, FogEdit, TerrainId};

/// The tool on the primary mouse button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tool {
    /// Paint the current terrain (with the brush radius).
    Brush,
    /// Clear terrain (with the brush radius).
    Eraser,
    /// Take the terrain under the pointer as the current terrain.
    Picker,
    /// Drag a straight hex line, painted on release.
    Line,
    /// Bucket fill: contiguous region, or replace all of one terrain.
    Fill,
    /// Place mines (shift: remove).
    Mine,
    /// Edit the note of a hex.
    Note,
    /// Drag to select a region (for copy and paste).
    Select,
    /// Draw edge features along hexsides (shift: erase).
    Edge,
    /// Draw, select and extend paths through hex centres.
    Path,
    /// Place, select, move and edit icons on hexes.
    Icon,
    /// Write, select, move, turn and size place-name labels.
    Label,
    /// Fog of war: reveal cells to the players with the brush (shift: hide), or what a
    /// cell sees when "by sight" is on.
    Fog,
    /// Paint hexes into the current named region (shift: take them out), or with the
    /// bucket its contiguous same-terrain cells.
    Region,
    /// Press to set an anchor: the status bar says how far the pointer is from it (hexes,
    /// map distance, route cost and travel time).
    Measure,
}

/// Largest brush radius (in hexes) the toolbar and the `[` / `]` keys allow.
pub const MAX_BRUSH_RADIUS: u32 = 20;

impl Tool {
    /// Every tool, in toolbar order.
    pub const ALL: [Tool; 15] = [
        Tool::Brush,
        Tool::Eraser,
        Tool::Picker,
        Tool::Line,
        Tool::Fill,
        Tool::Mine,
        Tool::Note,
        Tool::Select,
        Tool::Edge,
        Tool::Path,
        Tool::Icon,
        Tool::Label,
        Tool::Fog,
        Tool::Region,
        Tool::Measure,
    ];

    /// Toolbar label (also the accessible name tests click).
    pub const fn label(self) -> &'static str {
        match self {
            Tool::Brush => "Brush",
            Tool::Eraser => "Eraser",
            Tool::Picker => "Picker",
            Tool::Line => "Line",
            Tool::Fill => "Fill",
            Tool::Mine => "Mine",
            Tool::Note => "Note",
            Tool::Select => "Select",
            Tool::Edge => "Edges",
            Tool::Path => "Paths",
            Tool::Icon => "Icons",
            Tool::Label => "Labels",
            Tool::Fog => "Fog",
            Tool::Region => "Regions",
            Tool::Measure => "Measure",
        }
    }

    /// The keyboard shortcut (no modifiers).
    pub const fn key(self) -> eframe::egui::Key {
        use eframe::egui::Key;
        match self {
            Tool::Brush => Key::B,
            Tool::Eraser => Key::E,
            Tool::Picker => Key::I,
            Tool::Line => Key::L,
            Tool::Fill => Key::G,
            Tool::Mine => Key::M,
            Tool::Note => Key::N,
            Tool::Select => Key::S,
            Tool::Edge => Key::H,
            Tool::Path => Key::P,
            // I (Picker), L (Line) and T (overlay target) were taken.
            Tool::Icon => Key::O,
            Tool::Label => Key::X,
            // F fits the view.
            Tool::Fog => Key::W,
            // R rotates a paste only while pasting; the other letters were taken.
            Tool::Region => Key::K,
            // M (Mine) was taken.
            Tool::Measure => Key::U,
        }
    }
}

/// Where a press of the pointer landed, as the icon and label tools take it: the
/// document, its layout, the world point, and the scale it is drawn at (pixels per world
/// unit, for exact hits on what is drawn).
#[derive(Clone, Copy)]
pub struct Press<'a> {
    /// The open document.
    pub doc: &'a OpenMap,
    /// Its layout.
    pub layout: &'a Layout,
    /// The world point pressed.
    pub world: Point,
    /// Pixels per world unit.
    pub scale: f64,
}

impl<'a> Press<'a> {
    /// A press at `world` on `doc` laid out by `layout`, drawn at `scale`.
    pub fn new(doc: &'a OpenMap, layout: &'a Layout, world: Point, scale: f64) -> Self {
        Press {
            doc,
            layout,
            world,
            scale,
        }
    }
}

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
    pub(super) tool: Tool,
    /// The terrain the brush, line and fill paint (`None` paints empty cells).
    pub(super) current_terrain: Option<TerrainId>,
    /// The mine tool places (true) or, with shift held at the press, removes mines.
    pub(super) mine_place: bool,
    /// The drag in progress.
    pub(super) gesture: Gesture,
    /// The selected hexes (select tool), for copy, cut, delete, fill and move.
    pub(super) selection: Selection,
    /// What a plain click or drag of the select tool picks.
    pub(super) select_mode: SelectMode,
    /// The brush's weighted mix of terrains, when on.
    pub(super) scatter: ScatterBrush,
    /// The copied region.
    pub(super) clipboard: Clipboard,
    /// Paste mode: the next press pastes the clipboard there.
    pub(super) pasting: bool,
    /// The edge and path tools' types and selected path.
    pub(super) features: FeatureTools,
    /// The icon tool's chosen icon, search and selection.
    pub(super) icons: IconTool,
    /// The label tool's selection, text field and new-label look.
    pub(super) labels: LabelTool,
    /// The region tool's current region, bucket switch and name field.
    pub(super) regions: super::region_tool::RegionTool,
    /// The Measure tool's anchor: where the last press was.
    pub(super) measure_anchor: Option<Hex>,
}

impl Tools {
    /// The brush, painting the first terrain of `doc`'s palette.
    pub fn new(doc: &OpenMap) -> Self {
        Tools {
            tool: Tool::Brush,
            current_terrain: doc.map().palette().terrains().first().map(|t| t.id),
            mine_place: true,
            gesture: Gesture::Idle,
            selection: Selection::default(),
            select_mode: SelectMode::default(),
            scatter: ScatterBrush::default(),
            clipboard: Clipboard::default(),
            pasting: false,
            features: FeatureTools::new(doc.map()),
            icons: IconTool::default(),
            labels: LabelTool::default(),
            regions: super::region_tool::RegionTool::default(),
            measure_anchor: None,
        }
    }

    /// After the document was replaced: no drag or selection, and a current terrain that
    /// exists in the new palette.
    pub(super) fn reset(&mut self, doc: &OpenMap) {
        self.selection.clear();
        self.gesture = Gesture::Idle;
        self.features = FeatureTools::new(doc.map());
        self.icons.selected = None;
        self.labels.selected = None;
        self.labels.draft = None;
        self.regions = super::region_tool::RegionTool::default();
        self.regions.keep_valid(doc.map());
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
                out.extend(super::party_controls::click(doc, prefs, h));
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
            Tool::Region if self.regions.bucket => {
                out.extend(self.regions.bucket(doc, h, !shift).map(Action::Edit));
            }
            Tool::Brush | Tool::Eraser | Tool::Mine | Tool::Fog | Tool::Region => {
                self.mine_place = !shift;
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
            Tool::Select => self.press_select(doc, h, world, mods),
            Tool::Edge => {
                let g = self.features.press_edges(doc, layout, world, shift, out);
                self.gesture = g.map_or(Gesture::Idle, Gesture::Feature);
            }
            Tool::Path => {
                // A few screen pixels in world units: how near a press must be to a line.
                let pick = super::feature_tools::PATH_PICK_PX / scale.max(1e-9);
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
    fn stamp(&self, doc: &OpenMap, h: Hex, prefs: &ToolPrefs, out: &mut Vec<Action>) {
        let radius = prefs.brush_radius;
        let step = prefs.height_step.max(1);
        let edits: Vec<Edit> = match (self.tool, prefs.brush_paints) {
            (Tool::Brush, BrushPaints::Raise | BrushPaints::Lower) => {
                vec![Edit::Elevation(ElevationEdit::Raise {
                    center: h,
                    radius,
                    // Shift turns raise into lower and back (`mine_place` is "no shift").
                    by: if (prefs.brush_paints == BrushPaints::Raise) == self.mine_place {
                        step
                    } else {
                        -step
                    },
                })]
            }
            // The scatter brush paints each hex with its pick from the mix.
            (Tool::Brush, BrushPaints::Terrain) if self.scatter.on => {
                self.scatter.mix.stamp(h, radius).into_iter().collect()
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
                self.finish_box(doc, layout, (start, end), combine);
            }
            Gesture::MovingSelection { from, world } => {
                self.finish_move((doc, layout), (from, world), end, out);
            }
            Gesture::Feature(g) => self.features.release(doc, g, out),
            Gesture::Icon(_) | Gesture::Label(_) => out.push(Action::EndStroke),
            Gesture::Measuring => {}
        }
    }
}

/// Where a copied block hangs from the pointer while it is pasted: the selected hex under
/// the pointer at the copy (where it was grabbed), else the selected hex nearest the
/// selection's middle. `None` for an empty selection.
pub fn grab_point(selection: &[Hex], hovered: Option<Hex>) -> Option<Hex> {
    if let Some(h) = hovered.filter(|h| selection.contains(h)) {
        return Some(h);
    }
    let n = selection.len() as f64;
    let (q, r) = selection.iter().fold((0.0, 0.0), |(q, r), h| {
        (q + f64::from(h.q) / n, r + f64::from(h.r) / n)
    });
    let far = |h: &Hex| {
        let (dq, dr) = (f64::from(h.q) - q, f64::from(h.r) - r);
        // Squared distance in the axial plane (hex distance of the fractional offset).
        dq * dq + dr * dr + dq * dr
    };
    selection
        .iter()
        .copied()
        .min_by(|a, b| far(a).total_cmp(&far(b)))
}

/// Hexes within `radius` of `centre` (the brush footprint).
pub fn brush_footprint(centre: Hex, radius: u32) -> Vec<Hex> {
    hexmap_hex::range::range(centre, radius).collect()
}

/// The hexes between two hexes of a stroke, both ends included, so fast drags leave no gaps.
pub fn stroke_path(from: Hex, to: Hex) -> Vec<Hex> {
    hexmap_hex::line::line(from, to)
}

/// Hexes of the map whose centres lie in the world rectangle spanned by `a` and `b`.
pub fn select_rect(doc: &OpenMap, layout: &Layout, a: Point, b: Point) -> Vec<Hex> {
    let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
    let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
    doc.cells_in_world_rect(layout, Point::new(x0, y0), Point::new(x1, y1))
        .into_iter()
        .filter(|&h| {
            let c = layout.hex_to_pixel(h);
            c.x >= x0 && c.x <= x1 && c.y >= y0 && c.y <= y1
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_hangs_from_where_it_was_grabbed_or_its_middle() {
        let block: Vec<Hex> = brush_footprint(Hex::new(5, 5), 1);
        assert_eq!(grab_point(&block, None), Some(Hex::new(5, 5)));
        assert_eq!(
            grab_point(&block, Some(Hex::new(6, 5))),
            Some(Hex::new(6, 5))
        );
        // A pointer off the selection does not count.
        assert_eq!(
            grab_point(&block, Some(Hex::new(9, 9))),
            Some(Hex::new(5, 5))
        );
        assert_eq!(grab_point(&[], None), None);
    }

    #[test]
    fn brush_footprint_sizes() {
        assert_eq!(brush_footprint(Hex::ORIGIN, 0), vec![Hex::ORIGIN]);
        assert_eq!(brush_footprint(Hex::new(4, 4), 2).len(), 19);
    }
}
