//! The family check: where a derived child no longer meets its parent. A road or river
//! that crosses a side of the parent hex must leave the child on that side (and the other
//! way round); an edge feature on a parent side must lie along the child's edges there.
//! Nothing is changed: the check only reports, for the person to decide.

use super::derive::{ChildFrame, side_name};
use super::{ChildMap, Link, member_at, members};
use crate::hexmap::HexMap;
use hexmap_hex::{Direction, Edge};
use std::collections::BTreeSet;

/// One place where a child and its parent disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyProblem {
    /// The child's path in the family.
    pub path: String,
    /// What disagrees, in words.
    pub message: String,
}

/// A feature crossing or lying along one side of the parent hex: the side and the type's
/// name.
type Crossing = (Direction, String);

/// Check every derived child in the family rooted at `root` (linked to a hex): its
/// border paths and side edges against its parent's. Empty when all meet.
pub fn check(root: &HexMap) -> Vec<FamilyProblem> {
    let mut out = Vec::new();
    for member in members(root) {
        let Some(map) = member_at(root, &member.index) else {
            continue;
        };
        for child in map.children() {
            let path = super::child_path(&member.path, map, child);
            out.extend(
                check_child(map, child)
                    .into_iter()
                    .map(|message| FamilyProblem {
                        path: path.clone(),
                        message,
                    }),
            );
        }
    }
    out
}

/// The problems of one child against its parent (sentences), empty when it meets every
/// side; a child that was not derived from a hex has nothing to meet.
pub fn check_child(parent: &HexMap, child: &ChildMap) -> Vec<String> {
    let (Link::Hex(hex), Some(frame)) = (child.link, ChildFrame::of(child)) else {
        return Vec::new();
    };
    let orientation = parent.properties().orientation;
    let mut out = Vec::new();
    let mut compare =
        |what: &str, parent_has: BTreeSet<Crossing>, child_has: BTreeSet<Crossing>| {
            for (d, name) in parent_has.difference(&child_has) {
                out.push(format!(
                    "the parent's {name} {what} its {} side, but the child's does not",
                    side_name(orientation, *d)
                ));
            }
            for (d, name) in child_has.difference(&parent_has) {
                out.push(format!(
                    "the child's {name} {what} its {} side, but the parent's does not",
                    side_name(orientation, *d)
                ));
            }
        };
    compare(
        "crosses",
        parent_crossings(parent, hex),
        child_crossings(&child.map, frame),
    );
    compare(
        "runs along",
        parent_side_edges(parent, hex),
        child_side_edges(&child.map, frame),
    );
    out
}

fn path_type_name(map: &HexMap, kind: crate::PathTypeId) -> String {
    map.path_palette()
        .get(kind)
        .map_or_else(|| format!("path type {}", kind.get()), |t| t.name.clone())
}

fn edge_type_name(map: &HexMap, kind: crate::EdgeTypeId) -> String {
    map.edge_palette()
        .get(kind)
        .map_or_else(|| format!("edge type {}", kind.get()), |t| t.name.clone())
}

/// The sides of parent hex `hex` that its paths step across, with their types.
pub fn parent_crossings(parent: &HexMap, hex: hexmap_hex::Hex) -> BTreeSet<Crossing> {
    let mut out = BTreeSet::new();
    for path in parent.paths().iter() {
        for w in path.hexes.windows(2) {
            let other = if w[0] == hex {
                w[1]
            } else if w[1] == hex {
                w[0]
            } else {
                continue;
            };
            if let Some(d) = Direction::from_offset(other - hex) {
                out.insert((d, path_type_name(parent, path.kind)));
            }
        }
    }
    out
}

/// The sides of the parent hex that the child's paths step across (from a hex inside it
/// to a neighbour's hex), with their types.
pub fn child_crossings(child: &HexMap, frame: ChildFrame) -> BTreeSet<Crossing> {
    let mut out = BTreeSet::new();
    for path in child.paths().iter() {
        for w in path.hexes.windows(2) {
            let (a, b) = (frame.inside(w[0]), frame.inside(w[1]));
            let outer = match (a, b) {
                (true, false) => w[1],
                (false, true) => w[0],
                _ => continue,
            };
            if let Some(d) = frame.side_of(outer) {
                out.insert((d, path_type_name(child, path.kind)));
            }
        }
    }
    out
}

/// The sides of parent hex `hex` with an edge feature, with its type.
pub fn parent_side_edges(parent: &HexMap, hex: hexmap_hex::Hex) -> BTreeSet<Crossing> {
    Direction::ALL
        .into_iter()
        .filter_map(|d| {
            parent
                .edge(Edge::new(hex, d))
                .map(|k| (d, edge_type_name(parent, k)))
        })
        .collect()
}

/// The sides of the parent hex along which the child has edge features (on edges between
/// a hex inside and a neighbour's hex), with their types.
pub fn child_side_edges(child: &HexMap, frame: ChildFrame) -> BTreeSet<Crossing> {
    let mut out = BTreeSet::new();
    for (e, kind) in child.edges() {
        let (a, b) = e.hexes();
        let outer = match (frame.inside(a), frame.inside(b)) {
            (true, false) => b,
            (false, true) => a,
            _ => continue,
        };
        if let Some(d) = frame.side_of(outer) {
            out.insert((d, edge_type_name(child, kind)));
        }
    }
    out
}
