//! The edits of edge features and paths ([`FeatureEdit`]: edges, paths and the two
//! feature palettes): checked first, then applied with each touched edge's and path's first
//! old value recorded; a new palette keeps the whole previous map for undo.

use crate::changes::CellChanges;
use crate::clipboard::Clipboard;
use crate::edit::recorder::{cells_applied, set_feature_palette};
use crate::edit::{Changed, EditError, Record};
use crate::features::{
    EdgePalette, EdgeTypeId, MAX_PATHS, MapPath, PathId, PathPalette, PathTypeId,
};
use crate::hexmap::{HexMap, MapError};
use hexmap_hex::hash::HexHashSet;
use hexmap_hex::{Direction, Edge, Hex};

/// A change to edge features, paths or their palettes (carried by [`crate::Edit::Feature`]).
#[derive(Clone, Debug, PartialEq)]
pub enum FeatureEdit {
    /// Put the feature `kind` on every listed edge (`None` erases); edges not between two
    /// cells of the map are skipped. One drag of the edge tool is a stroke of these.
    SetEdges {
        /// The edges.
        edges: Vec<Edge>,
        /// The edge type, or `None` to erase.
        kind: Option<EdgeTypeId>,
    },
    /// Add a path; its id must be unused (take `map.paths().next_id()`).
    AddPath(MapPath),
    /// Delete a path.
    DeletePath(PathId),
    /// Lengthen a path at one end by `hexes`, listed in walking order away from that end.
    ExtendPath {
        /// The path.
        id: PathId,
        /// Which end.
        end: PathEnd,
        /// The new hexes, the first a neighbour of the current end hex.
        hexes: Vec<Hex>,
    },
    /// Cut a path in two at hex index `at` (shared by both parts): the first part
    /// `hexes[..=at]` keeps the id, the second `hexes[at..]` gets `paths().next_id()` as it
    /// was before the edit. Both parts must keep at least two hexes.
    SplitPath {
        /// The path.
        id: PathId,
        /// Index of the hex to cut at, in `1..len − 1`.
        at: usize,
    },
    /// Change a path's type.
    SetPathType {
        /// The path.
        id: PathId,
        /// Its new type.
        kind: PathTypeId,
    },
    /// Replace the edge palette (add, rename, recolour, delete types); features of removed
    /// types go. Undo keeps the whole previous map.
    SetEdgePalette(EdgePalette),
    /// Replace the path palette; paths of removed types go. Undo keeps the whole previous
    /// map.
    SetPathPalette(PathPalette),
}

/// Which end of a path an [`FeatureEdit::ExtendPath`] adds to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathEnd {
    /// Before the first hex.
    Start,
    /// After the last hex.
    End,
}

/// Apply one feature edit; on error the map is unchanged.
pub(crate) fn apply(map: &mut HexMap, edit: &FeatureEdit) -> Result<(Changed, Record), EditError> {
    match edit {
        FeatureEdit::SetEdgePalette(palette) => Ok(set_feature_palette(map, palette)),
        FeatureEdit::SetPathPalette(palette) => Ok(set_feature_palette(map, palette)),
        FeatureEdit::SetEdges { edges, kind } => {
            cells_applied(map, |m, c| set_edges(m, c, edges, *kind))
        }
        FeatureEdit::AddPath(path) => cells_applied(map, |m, c| add_path(m, c, path)),
        FeatureEdit::DeletePath(id) => cells_applied(map, |m, c| {
            existing(m, *id)?;
            put(m, c, *id, None);
            Ok(())
        }),
        FeatureEdit::ExtendPath { id, end, hexes } => {
            cells_applied(map, |m, c| extend_path(m, c, *id, *end, hexes))
        }
        FeatureEdit::SplitPath { id, at } => cells_applied(map, |m, c| split_path(m, c, *id, *at)),
        FeatureEdit::SetPathType { id, kind } => cells_applied(map, |m, c| {
            let mut path = existing(m, *id)?;
            if m.path_palette().get(*kind).is_none() {
                return Err(MapError::UnknownPathType(*kind).into());
            }
            path.kind = *kind;
            put(m, c, *id, Some(path));
            Ok(())
        }),
    }
}

/// Put the feature `kind` (or none) on every edge between two cells of the map.
fn set_edges(
    map: &mut HexMap,
    changes: &mut CellChanges,
    edges: &[Edge],
    kind: Option<EdgeTypeId>,
) -> Result<(), EditError> {
    if let Some(k) = kind
        && map.edge_palette().get(k).is_none()
    {
        return Err(MapError::UnknownEdgeType(k).into());
    }
    for &e in edges {
        let (a, b) = e.hexes();
        if !(map.contains(a) && map.contains(b)) {
            continue;
        }
        // A feature painted over keeps its GM-only flag; an erased one takes it along.
        let gm_only = kind.is_some() && map.edge_is_gm_only(e);
        put_edge(map, changes, e, kind, gm_only);
    }
    Ok(())
}

/// Put the feature `kind` (or none) on `e` with its GM-only flag (cleared with the
/// feature), recording both changes.
pub(crate) fn put_edge(
    map: &mut HexMap,
    changes: &mut CellChanges,
    e: Edge,
    kind: Option<EdgeTypeId>,
    gm_only: bool,
) {
    let old = map.edge_layer_mut().set(e, kind);
    if old != kind {
        changes.edge(e, old, kind);
    }
    let gm_only = gm_only && kind.is_some();
    let old_flag = map.set_edge_gm_only(e, gm_only);
    if old_flag != gm_only {
        changes.fog.edge(e, old_flag, gm_only);
    }
}

/// Add a path whose id is unused.
fn add_path(map: &mut HexMap, changes: &mut CellChanges, path: &MapPath) -> Result<(), EditError> {
    if map.path(path.id).is_some() {
        return Err(MapError::PathIdInUse(path.id).into());
    }
    if map.paths().len() >= MAX_PATHS {
        return Err(MapError::TooManyPaths(map.paths().len() + 1).into());
    }
    map.check_path(path)?;
    put(map, changes, path.id, Some(path.clone()));
    Ok(())
}

/// Lengthen the path `id` at `end` by `hexes`.
fn extend_path(
    map: &mut HexMap,
    changes: &mut CellChanges,
    id: PathId,
    end: PathEnd,
    hexes: &[Hex],
) -> Result<(), EditError> {
    let old = existing(map, id)?;
    let mut longer = old.clone();
    match end {
        PathEnd::End => longer.hexes.extend_from_slice(hexes),
        PathEnd::Start => {
            longer.hexes = hexes.iter().rev().chain(&old.hexes).copied().collect();
        }
    }
    map.check_path(&longer)?;
    put(map, changes, id, Some(longer));
    Ok(())
}

/// Cut the path `id` in two at hex index `at`.
fn split_path(
    map: &mut HexMap,
    changes: &mut CellChanges,
    id: PathId,
    at: usize,
) -> Result<(), EditError> {
    let old = existing(map, id)?;
    let len = old.hexes.len();
    if at == 0 || at + 1 >= len {
        return Err(MapError::BadSplit { id, at, len }.into());
    }
    if map.paths().len() >= MAX_PATHS {
        return Err(MapError::TooManyPaths(map.paths().len() + 1).into());
    }
    let second = MapPath {
        gm_only: old.gm_only,
        id: map.paths().next_id(),
        kind: old.kind,
        hexes: old.hexes[at..].to_vec(),
    };
    let first = MapPath {
        hexes: old.hexes[..=at].to_vec(),
        ..old
    };
    put(map, changes, first.id, Some(first));
    put(map, changes, second.id, Some(second));
    Ok(())
}

/// A copy of the path with this id, or the error naming it.
fn existing(map: &HexMap, id: PathId) -> Result<MapPath, MapError> {
    map.path(id).cloned().ok_or(MapError::UnknownPath(id))
}

/// Set the path `id` to `new` (checked by the caller) and record the change.
fn put(map: &mut HexMap, changes: &mut CellChanges, id: PathId, new: Option<MapPath>) {
    let old = match &new {
        Some(p) => map.paths_mut().insert(p.clone()),
        None => map.paths_mut().remove(id),
    };
    if old != new {
        changes.path(id, old, new);
    }
}

/// Check a clipboard's edge and path types against the map before pasting.
pub(crate) fn check_paste(map: &HexMap, clipboard: &Clipboard) -> Result<(), MapError> {
    if let Some(c) = clipboard
        .edges()
        .iter()
        .find(|c| map.edge_palette().get(c.kind).is_none())
    {
        return Err(MapError::UnknownEdgeType(c.kind));
    }
    if let Some(p) = clipboard
        .paths()
        .iter()
        .find(|p| map.path_palette().get(p.kind).is_none())
    {
        return Err(MapError::UnknownPathType(p.kind));
    }
    let total = map.paths().len() + clipboard.paths().len();
    if total > MAX_PATHS {
        return Err(MapError::TooManyPaths(total));
    }
    Ok(())
}

/// Paste a clipboard's edges and paths with its origin at `anchor` (checked by
/// [`check_paste`]): every edge between two pasted cells takes the clipboard's feature or
/// none, as cells take its terrain; path pieces are added as new paths, cut to their runs
/// on the map. Edges and paths keep their GM-only flags.
pub(crate) fn paste(
    map: &mut HexMap,
    changes: &mut CellChanges,
    clipboard: &Clipboard,
    anchor: Hex,
) {
    let pasted: HexHashSet = clipboard
        .cells()
        .iter()
        .map(|c| anchor + c.offset)
        .filter(|h| map.contains(*h))
        .collect();
    let copied: std::collections::HashMap<Edge, (EdgeTypeId, bool)> = clipboard
        .edges()
        .iter()
        .filter_map(|c| {
            let (a, b) = c.edge.hexes();
            Edge::between(anchor + a, anchor + b).map(|e| (e, (c.kind, c.gm_only)))
        })
        .collect();
    let mut cells: Vec<Hex> = pasted.iter().copied().collect();
    cells.sort_unstable();
    for h in cells {
        for d in [Direction::ALL[0], Direction::ALL[4], Direction::ALL[5]] {
            let e = Edge::new(h, d);
            let (a, b) = e.hexes();
            if !(pasted.contains(&a) && pasted.contains(&b)) {
                continue;
            }
            let new = copied.get(&e).copied();
            let gm_only = new.is_some_and(|(_, gm)| gm);
            put_edge(map, changes, e, new.map(|(k, _)| k), gm_only);
        }
    }
    for piece in clipboard.paths() {
        let hexes: Vec<Hex> = piece.hexes.iter().map(|&h| anchor + h).collect();
        let runs: Vec<Vec<Hex>> = hexes
            .split(|h| !map.contains(*h))
            .filter(|run| run.len() >= 2)
            .map(<[Hex]>::to_vec)
            .collect();
        for hexes in runs {
            let id = map.paths().next_id();
            let path = MapPath {
                id,
                kind: piece.kind,
                hexes,
                gm_only: piece.gm_only,
            };
            put(map, changes, id, Some(path));
        }
    }
}

#[cfg(test)]
mod tests;
