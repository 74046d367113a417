//! Selections of cells (the editor's Select tool): which hexes a way of selecting picks
//! (same terrain, magic wand), how a new pick combines with the current selection, the
//! selection's outline along its outer hexsides, and the edits that delete, fill or move
//! what is selected. Every change is a list of ordinary [`Edit`]s that the caller applies
//! as one undo step, so selections need no edit path of their own.
//!
//! What a selection holds is what [`Clipboard::copy`] takes: terrain, mines and notes of
//! the cells, the edge features between two selected cells and the pieces of paths that
//! run inside. [`delete_edits`] removes exactly that, so Cut then Paste gives the map
//! back. Icons and labels are separate objects (as in Tiled, where deleting a tile
//! selection leaves objects alone): only [`move_edits`] carries them along.

use super::clipboard::Clipboard;
use super::edit::{AnnotationEdit, CellEdit, Edit, FeatureEdit};
use super::features::MapPath;
use super::hexmap::HexMap;
use super::palette::TerrainId;
use hexmap_hex::hash::HexHashSet;
use hexmap_hex::{Edge, Hex, Point};
use std::collections::VecDeque;

/// How a new pick changes the selection: replace it, add to it (Shift) or take away from
/// it (Ctrl).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Combine {
    /// The pick becomes the selection.
    #[default]
    Replace,
    /// The pick is added.
    Add,
    /// The pick is taken away.
    Subtract,
}

impl Combine {
    /// The mode the modifiers ask for: Ctrl (or Cmd) subtracts, else Shift adds.
    pub fn from_modifiers(shift: bool, ctrl: bool) -> Combine {
        if ctrl {
            Combine::Subtract
        } else if shift {
            Combine::Add
        } else {
            Combine::Replace
        }
    }

    /// `current` changed by `pick` in this mode, sorted (reading order) and without
    /// repeats.
    pub fn apply(self, current: &[Hex], pick: &[Hex]) -> Vec<Hex> {
        let mut out: Vec<Hex> = match self {
            Combine::Replace => pick.to_vec(),
            Combine::Add => current.iter().chain(pick).copied().collect(),
            Combine::Subtract => {
                let gone: HexHashSet = pick.iter().copied().collect();
                current
                    .iter()
                    .copied()
                    .filter(|h| !gone.contains(h))
                    .collect()
            }
        };
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Every cell of the map with this terrain (`None`: the empty cells), in reading order.
pub fn same_terrain(map: &HexMap, terrain: Option<TerrainId>) -> Vec<Hex> {
    let raw = terrain.map_or(0, TerrainId::get);
    let layer = map.terrain_layer().raw();
    let mut out: Vec<Hex> = map
        .shape()
        .iter()
        .enumerate()
        .filter(|&(i, _)| layer[i] == raw)
        .map(|(_, h)| h)
        .collect();
    out.sort_unstable();
    out
}

/// Every cell of the map that is not in `selected` (sorted, as a selection is), in
/// reading order: Edit → Invert selection, as Tiled's Ctrl+I.
pub fn invert(map: &HexMap, selected: &[Hex]) -> Vec<Hex> {
    let mut out: Vec<Hex> = map
        .shape()
        .iter()
        .filter(|h| selected.binary_search(h).is_err())
        .collect();
    out.sort_unstable();
    out
}

/// The magic wand: the cells connected to `start` through neighbours of the same terrain
/// (as the bucket fill would paint), in reading order; empty when `start` is off the map.
pub fn wand(map: &HexMap, start: Hex) -> Vec<Hex> {
    if !map.contains(start) {
        return Vec::new();
    }
    let terrain = map.terrain(start);
    let mut seen: HexHashSet = [start].into_iter().collect();
    let mut queue = VecDeque::from([start]);
    while let Some(h) = queue.pop_front() {
        for n in h.neighbors() {
            if map.contains(n) && map.terrain(n) == terrain && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    let mut out: Vec<Hex> = seen.into_iter().collect();
    out.sort_unstable();
    out
}

/// The selection's outline: the hexsides with a selected cell on exactly one side, each
/// once, sorted. Drawn as one line around each selected area instead of a box per hex.
pub fn outline(hexes: &[Hex]) -> Vec<Edge> {
    let set: HexHashSet = hexes.iter().copied().collect();
    let mut out: Vec<Edge> = hexes
        .iter()
        .flat_map(|&h| Edge::around(h))
        .filter(|e| {
            let (a, b) = e.hexes();
            set.contains(&a) != set.contains(&b)
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Paint every selected cell with `terrain` (`None` erases terrain only).
pub fn fill_edit(hexes: &[Hex], terrain: Option<TerrainId>) -> Edit {
    Edit::Cell(CellEdit::SetTerrain(
        hexes.iter().map(|&h| (h, terrain)).collect(),
    ))
}

/// The edits that delete what Copy takes from these cells: their terrain, mines and
/// notes, the edge features between two of them, and the steps of paths between two of
/// them (a path that leaves and comes back is cut in pieces; a piece of one hex goes).
/// Empty when there is nothing to delete.
pub fn delete_edits(map: &HexMap, hexes: &[Hex]) -> Vec<Edit> {
    let inside: HexHashSet = hexes.iter().copied().filter(|&h| map.contains(h)).collect();
    let mut cells: Vec<Hex> = inside.iter().copied().collect();
    cells.sort_unstable();
    let mut out = Vec::new();
    let painted: Vec<(Hex, Option<TerrainId>)> = cells
        .iter()
        .filter(|&&h| map.terrain(h).is_some())
        .map(|&h| (h, None))
        .collect();
    if !painted.is_empty() {
        out.push(Edit::Cell(CellEdit::SetTerrain(painted)));
    }
    for &h in &cells {
        if map.is_mine(h) {
            out.push(Edit::Cell(CellEdit::SetMine {
                hex: h,
                mine: false,
            }));
        }
        if map.note(h).is_some() {
            out.push(Edit::Cell(CellEdit::SetNote { hex: h, text: None }));
        }
        if map.key_entries().contains_key(&h) {
            out.push(Edit::Cell(CellEdit::SetKeyEntry {
                hex: h,
                entry: None,
            }));
        }
    }
    let mut edges: Vec<Edge> = map
        .edges_in(cells.iter().copied())
        .into_iter()
        .map(|(e, _)| e)
        .filter(|e| {
            let (a, b) = e.hexes();
            inside.contains(&a) && inside.contains(&b)
        })
        .collect();
    edges.sort_unstable();
    edges.dedup();
    if !edges.is_empty() {
        out.push(Edit::Feature(FeatureEdit::SetEdges { edges, kind: None }));
    }
    out.extend(cut_paths(map, &inside));
    out
}

/// Delete and re-add the paths that step between two cells of `inside`: each keeps the
/// pieces outside (two hexes or more), the first under its own id.
fn cut_paths(map: &HexMap, inside: &HexHashSet) -> Vec<Edit> {
    let mut out = Vec::new();
    let mut next = map.paths().next_id().0;
    for path in map.paths().iter() {
        let cut = |i: usize| inside.contains(&path.hexes[i]) && inside.contains(&path.hexes[i + 1]);
        if !(0..path.hexes.len().saturating_sub(1)).any(cut) {
            continue;
        }
        let mut pieces: Vec<Vec<Hex>> = vec![vec![path.hexes[0]]];
        for i in 0..path.hexes.len() - 1 {
            if cut(i) {
                pieces.push(Vec::new());
            }
            pieces
                .last_mut()
                .expect("never empty")
                .push(path.hexes[i + 1]);
        }
        out.push(Edit::Feature(FeatureEdit::DeletePath(path.id)));
        let mut first = true;
        for hexes in pieces.into_iter().filter(|p| p.len() >= 2) {
            let id = if std::mem::take(&mut first) {
                path.id
            } else {
                next += 1;
                super::features::PathId(next - 1)
            };
            out.push(Edit::Feature(FeatureEdit::AddPath(MapPath {
                id,
                kind: path.kind,
                hexes,
                gm_only: path.gm_only,
            })));
        }
    }
    out
}

/// The edits that move the selected cells by `delta`: what Copy takes, plus the icons on
/// the cells and the labels whose centre lies on one. What the moved cells cover is
/// replaced (its terrain, mines, notes, inner edges and path steps, and its icons);
/// what would land off the map is dropped, as a paste drops it. Apply them in order as
/// one undo step. Each edit is checked on a copy of the map, so every one applies.
pub fn move_edits(map: &HexMap, hexes: &[Hex], delta: Hex) -> Vec<Edit> {
    let selected: Vec<Hex> = {
        let mut v: Vec<Hex> = hexes.iter().copied().filter(|&h| map.contains(h)).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    if selected.is_empty() || delta == Hex::ORIGIN {
        return Vec::new();
    }
    let own: HexHashSet = selected.iter().copied().collect();
    let targets: Vec<Hex> = selected
        .iter()
        .map(|&h| h + delta)
        .filter(|&t| map.contains(t))
        .collect();
    let mut plan = Plan {
        scratch: map.clone(),
        edits: Vec::new(),
    };
    let clipboard = Clipboard::copy(map, selected.iter().copied(), Hex::ORIGIN);
    for e in delete_edits(map, &selected) {
        plan.push(e);
    }
    for e in delete_edits(&plan.scratch.clone(), &targets) {
        plan.push(e);
    }
    // Icons under the moved cells go, except the selection's own (they move next).
    for &t in targets.iter().filter(|t| !own.contains(t)) {
        for index in (0..plan.scratch.icons_at(t).len()).rev() {
            plan.push(Edit::Annotation(AnnotationEdit::RemoveIcon {
                hex: t,
                index,
            }));
        }
    }
    plan.push(Edit::Cell(CellEdit::Paste {
        clipboard,
        anchor: delta,
    }));
    // The cells furthest along `delta` first, so a hex's icons never land on icons that
    // have yet to move.
    let along = |h: &Hex| {
        let s = |x: Hex| -x.q - x.r;
        i64::from(h.q) * i64::from(delta.q)
            + i64::from(h.r) * i64::from(delta.r)
            + i64::from(s(*h)) * i64::from(s(delta))
    };
    let mut with_icons: Vec<Hex> = selected
        .iter()
        .copied()
        .filter(|&h| !map.icons_at(h).is_empty())
        .collect();
    with_icons.sort_by_key(|h| std::cmp::Reverse(along(h)));
    for h in with_icons {
        let to = h + delta;
        for _ in 0..map.icons_at(h).len() {
            if plan.scratch.contains(to) {
                plan.push(Edit::Annotation(AnnotationEdit::MoveIcon {
                    from: h,
                    index: 0,
                    to,
                }));
            } else {
                plan.push(Edit::Annotation(AnnotationEdit::RemoveIcon {
                    hex: h,
                    index: 0,
                }));
            }
        }
    }
    if let Ok(layout) = map.layout() {
        let (a, b) = (layout.hex_to_pixel(delta), layout.hex_to_pixel(Hex::ORIGIN));
        let shift = Point::new(a.x - b.x, a.y - b.y);
        for (id, label) in map.labels().iter() {
            if layout
                .pixel_to_hex(label.at)
                .is_some_and(|h| own.contains(&h))
            {
                let to = Point::new(label.at.x + shift.x, label.at.y + shift.y);
                plan.push(Edit::Annotation(AnnotationEdit::MoveLabel { id, to }));
            }
        }
    }
    plan.edits
}

/// Edits checked one by one on a scratch copy of the map.
struct Plan {
    scratch: HexMap,
    edits: Vec<Edit>,
}

impl Plan {
    /// Keep `edit` if the scratch map takes it.
    fn push(&mut self, edit: Edit) {
        if super::edit::apply(&mut self.scratch, &edit).is_ok() {
            self.edits.push(edit);
        }
    }
}

#[cfg(test)]
mod tests;
