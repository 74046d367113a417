//! The edits of edge features and paths ([`Edit::SetEdges`], [`Edit::AddPath`] …): checked
//! first, then applied with each touched edge's and path's first old value recorded.

use super::changes::CellChanges;
use super::clipboard::Clipboard;
use super::edit::{Edit, EditError, PathEnd};
use super::features::{MAX_PATHS, MapPath, PathId};
use super::hexmap::{HexMap, MapError};
use hexmap_hex::hash::HexHashSet;
use hexmap_hex::{Direction, Edge, Hex};

/// Apply one feature edit; on error the map is unchanged.
pub(super) fn apply(
    map: &mut HexMap,
    edit: &Edit,
    changes: &mut CellChanges,
) -> Result<(), EditError> {
    match edit {
        Edit::SetEdges { edges, kind } => {
            if let Some(k) = kind
                && map.edge_palette().get(*k).is_none()
            {
                return Err(MapError::UnknownEdgeType(*k).into());
            }
            for &e in edges {
                let (a, b) = e.hexes();
                if !(map.contains(a) && map.contains(b)) {
                    continue;
                }
                let old = map.edges.set(e, *kind);
                if old != *kind {
                    changes.edge(e, old, *kind);
                }
            }
        }
        Edit::AddPath(path) => {
            if map.path(path.id).is_some() {
                return Err(MapError::PathIdInUse(path.id).into());
            }
            if map.paths().len() >= MAX_PATHS {
                return Err(MapError::TooManyPaths(map.paths().len() + 1).into());
            }
            map.check_path(path)?;
            put(map, changes, path.id, Some(path.clone()));
        }
        Edit::DeletePath(id) => {
            existing(map, *id)?;
            put(map, changes, *id, None);
        }
        Edit::ExtendPath { id, end, hexes } => {
            let old = existing(map, *id)?;
            let mut longer = old.clone();
            match end {
                PathEnd::End => longer.hexes.extend_from_slice(hexes),
                PathEnd::Start => {
                    longer.hexes = hexes.iter().rev().chain(&old.hexes).copied().collect();
                }
            }
            map.check_path(&longer)?;
            put(map, changes, *id, Some(longer));
        }
        Edit::SplitPath { id, at } => {
            let old = existing(map, *id)?;
            let len = old.hexes.len();
            if *at == 0 || *at + 1 >= len {
                return Err(MapError::BadSplit {
                    id: *id,
                    at: *at,
                    len,
                }
                .into());
            }
            if map.paths().len() >= MAX_PATHS {
                return Err(MapError::TooManyPaths(map.paths().len() + 1).into());
            }
            let second = MapPath {
                gm_only: old.gm_only,
                id: map.paths().next_id(),
                kind: old.kind,
                hexes: old.hexes[*at..].to_vec(),
            };
            let first = MapPath {
                hexes: old.hexes[..=*at].to_vec(),
                ..old
            };
            put(map, changes, first.id, Some(first));
            put(map, changes, second.id, Some(second));
        }
        Edit::SetPathType { id, kind } => {
            let mut path = existing(map, *id)?;
            if map.path_palette().get(*kind).is_none() {
                return Err(MapError::UnknownPathType(*kind).into());
            }
            path.kind = *kind;
            put(map, changes, *id, Some(path));
        }
        _ => unreachable!("only feature edits come here"),
    }
    Ok(())
}

/// A copy of the path with this id, or the error naming it.
fn existing(map: &HexMap, id: PathId) -> Result<MapPath, MapError> {
    map.path(id).cloned().ok_or(MapError::UnknownPath(id))
}

/// Set the path `id` to `new` (checked by the caller) and record the change.
fn put(map: &mut HexMap, changes: &mut CellChanges, id: PathId, new: Option<MapPath>) {
    let old = match &new {
        Some(p) => map.paths.insert(p.clone()),
        None => map.paths.remove(id),
    };
    if old != new {
        changes.path(id, old, new);
    }
}

/// Check a clipboard's edge and path types against the map before pasting.
pub(super) fn check_paste(map: &HexMap, clipboard: &Clipboard) -> Result<(), MapError> {
    if let Some((_, k)) = clipboard
        .edges()
        .iter()
        .find(|(_, k)| map.edge_palette().get(*k).is_none())
    {
        return Err(MapError::UnknownEdgeType(*k));
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
/// on the map.
pub(super) fn paste(
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
    let copied: std::collections::HashMap<Edge, _> = clipboard
        .edges()
        .iter()
        .filter_map(|&(e, k)| {
            let (a, b) = e.hexes();
            Edge::between(anchor + a, anchor + b).map(|e| (e, k))
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
            let old = map.edges.set(e, new);
            if old != new {
                changes.edge(e, old, new);
            }
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
            let kind = piece.kind;
            let path = MapPath {
                id,
                kind,
                hexes,
                gm_only: false,
            };
            put(map, changes, id, Some(path));
        }
    }
}

#[cfg(test)]
mod tests;
