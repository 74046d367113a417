//! The Select tool's selection and gestures: the selected hexes with their outline (kept
//! up to date with every change, so drawing a big selection costs nothing per frame), the
//! tool's modes (box, magic wand, same terrain), Shift to add and Ctrl to subtract, Alt to
//! pick every cell of the clicked terrain, and dragging the selection to move it. The
//! cells picked come from `hexmap_map::selection`; moving is a list of edits applied as
//! one undo step ([`Action::Edits`]).

use crate::Action;
use crate::open_map::OpenMap;
use crate::tools::{Gesture, select_rect};
use eframe::egui::Modifiers;
use hexmap_hex::{Edge, Hex, Layout, Point};
use hexmap_map::selection::{self as model, Combine};

/// The selected hexes, sorted and without repeats, with their outline.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    hexes: Vec<Hex>,
    outline: Vec<Edge>,
    /// What a plain click or drag of the Select tool picks.
    mode: SelectMode,
}

impl Selection {
    /// Replace the selection by `hexes` (any order, repeats allowed).
    pub fn set(&mut self, mut hexes: Vec<Hex>) {
        hexes.sort_unstable();
        hexes.dedup();
        self.outline = model::outline(&hexes);
        self.hexes = hexes;
    }

    /// Select nothing.
    pub fn clear(&mut self) {
        self.set(Vec::new());
    }

    /// Keep only the hexes `keep` accepts.
    pub fn retain(&mut self, keep: impl Fn(Hex) -> bool) {
        if self.hexes.iter().all(|&h| keep(h)) {
            return;
        }
        let kept = self.hexes.iter().copied().filter(|&h| keep(h)).collect();
        self.set(kept);
    }

    /// The selected hexes, in reading order.
    pub fn hexes(&self) -> &[Hex] {
        &self.hexes
    }

    /// The hexsides around the selection (one line around each selected area).
    pub fn outline(&self) -> &[Edge] {
        &self.outline
    }

    /// How many hexes are selected.
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    /// True when nothing is selected.
    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// Whether `h` is selected.
    pub fn contains(&self, h: Hex) -> bool {
        self.hexes.binary_search(&h).is_ok()
    }
}

/// What a plain click or drag of the Select tool picks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SelectMode {
    /// Drag a box: the cells whose centres are inside.
    #[default]
    Box,
    /// Magic wand: click a cell for the connected cells of its terrain.
    Wand,
    /// Click a cell for every cell of its terrain (as Alt+click in any mode).
    SameTerrain,
}

impl SelectMode {
    /// Every mode, in the order the toolbar shows them.
    pub const ALL: [SelectMode; 3] = [SelectMode::Box, SelectMode::Wand, SelectMode::SameTerrain];

    /// The toolbar's name of the mode (also what tests click).
    pub const fn label(self) -> &'static str {
        match self {
            SelectMode::Box => "Box",
            SelectMode::Wand => "Wand",
            SelectMode::SameTerrain => "Same terrain",
        }
    }
}

impl Selection {
    /// What a plain click or drag of the Select tool picks (its radio buttons).
    pub(crate) fn mode_mut(&mut self) -> &mut SelectMode {
        &mut self.mode
    }

    /// A press of the Select tool on hex `h` (world point `world`) with `mods` held; the
    /// drag it starts, if any. A plain press on a selected hex starts moving the
    /// selection; otherwise the mode (or Alt: same terrain) picks cells, combined by
    /// Shift (add) or Ctrl (subtract).
    pub(crate) fn press(
        &mut self,
        doc: &OpenMap,
        h: Hex,
        world: Point,
        mods: Modifiers,
    ) -> Option<Gesture> {
        let combine = Combine::from_modifiers(mods.shift, mods.ctrl || mods.command);
        let mode = if mods.alt {
            SelectMode::SameTerrain
        } else {
            self.mode
        };
        if combine == Combine::Replace && !mods.alt && self.contains(h) {
            // A drag moves the selection; a click without moving picks as below.
            return Some(Gesture::MovingSelection { from: h, world });
        }
        self.pick(doc, h, world, mode, combine)
    }

    /// What a click of the Select tool in `mode` picks at `h`, combined by `combine`; in
    /// box mode a drag begins (returned; a click without a drag picks the clicked hex when
    /// it ends, as Tiled picks the clicked tile).
    fn pick(
        &mut self,
        doc: &OpenMap,
        h: Hex,
        world: Point,
        mode: SelectMode,
        combine: Combine,
    ) -> Option<Gesture> {
        let pick = match mode {
            SelectMode::Box => {
                return Some(Gesture::Selecting {
                    start: world,
                    combine,
                });
            }
            _ if !doc.contains(h) => Vec::new(),
            SelectMode::Wand => model::wand(doc.map(), h),
            SelectMode::SameTerrain => model::same_terrain(doc.map(), doc.terrain(h)),
        };
        self.set(combine.apply(self.hexes(), &pick));
        None
    }

    /// The box of a Select drag ended: its cells combined with the selection. A box that
    /// holds no hex centre (a plain click, or a drag within a hex or two) picks the hexes
    /// it was pressed and released on, as Tiled picks the tiles a click or a small box
    /// touches: a click selects the clicked hex, so Copy then takes that hex.
    pub(crate) fn finish_box(
        &mut self,
        doc: &OpenMap,
        layout: &Layout,
        (start, end): (Point, Point),
        combine: Combine,
    ) {
        let mut pick = select_rect(doc, layout, start, end);
        if pick.is_empty() {
            pick = [start, end]
                .into_iter()
                .filter_map(|p| layout.pixel_to_hex(p))
                .filter(|&h| doc.contains(h))
                .collect();
        }
        self.set(combine.apply(self.hexes(), &pick));
    }

    /// A drag of the selection from `from` ended over `to`: move what is selected there
    /// (one undo step) and select the moved cells.
    /// A release on the hex the press started on is a click: it picks as the mode does.
    pub(crate) fn finish_move(
        &mut self,
        (doc, layout): (&OpenMap, &Layout),
        (from, world): (Hex, Point),
        to: Option<Hex>,
        out: &mut Vec<Action>,
    ) {
        let Some(to) = to else { return };
        let delta = to - from;
        if delta == Hex::ORIGIN {
            let picked = self.pick(doc, from, world, self.mode, Combine::Replace);
            if let Some(Gesture::Selecting { start, combine }) = picked {
                self.finish_box(doc, layout, (start, start), combine);
            }
            return;
        }
        let edits = model::move_edits(doc.map(), self.hexes(), delta);
        if !edits.is_empty() {
            out.push(Action::Edits(edits));
        }
        let moved = self
            .hexes()
            .iter()
            .map(|&h| h + delta)
            .filter(|&h| doc.contains(h))
            .collect();
        self.set(moved);
    }
}
