//! The edge layer: which hexsides carry a feature, and of which type.

use super::palette::EdgeTypeId;
use hexmap_hex::{Direction, Edge, Hex};
use std::collections::BTreeMap;

/// Edge features by canonical edge, kept sorted so saves and drawing order are stable.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EdgeLayer {
    features: BTreeMap<Edge, EdgeTypeId>,
}

impl EdgeLayer {
    /// An empty layer.
    pub fn new() -> Self {
        EdgeLayer::default()
    }

    /// Number of edges with a feature.
    pub fn len(&self) -> usize {
        self.features.len()
    }

    /// True when no edge has a feature.
    pub fn is_empty(&self) -> bool {
        self.features.is_empty()
    }

    /// The feature on `edge`.
    pub fn get(&self, edge: Edge) -> Option<EdgeTypeId> {
        self.features.get(&edge).copied()
    }

    /// Set (or with `None` clear) the feature on `edge`; returns the old one. No checks:
    /// [`crate::HexMap::set_edge`] checks the map and palette.
    pub(crate) fn set(&mut self, edge: Edge, kind: Option<EdgeTypeId>) -> Option<EdgeTypeId> {
        match kind {
            Some(k) => self.features.insert(edge, k),
            None => self.features.remove(&edge),
        }
    }

    /// Every feature, in edge order.
    pub fn iter(&self) -> impl Iterator<Item = (Edge, EdgeTypeId)> + '_ {
        self.features.iter().map(|(e, k)| (*e, *k))
    }

    /// The features on the sides of `h` (up to six), in direction order.
    pub fn touching(&self, h: Hex) -> impl Iterator<Item = (Edge, EdgeTypeId)> + '_ {
        Edge::around(h)
            .into_iter()
            .filter_map(|e| self.get(e).map(|k| (e, k)))
    }

    /// The features whose canonical hex is `h` (up to three: its sides 0, 4 and 5). Over a
    /// set of hexes this names each edge once, so a drawing walking its cells with this
    /// draws every edge once.
    pub fn owned_by(&self, h: Hex) -> impl Iterator<Item = (Edge, EdgeTypeId)> + '_ {
        let first = Edge::new(h, Direction::ALL[0]);
        let last = Edge::new(h, Direction::ALL[5]);
        self.features.range(first..=last).map(|(e, k)| (*e, *k))
    }

    /// The features whose canonical hex lies between `first` and `last` (both included) in
    /// hex order (by r, then q): one row's stretch of them, in edge order, without walking
    /// the rest (a movement range asks for the rows near its start).
    pub(crate) fn between(
        &self,
        first: Hex,
        last: Hex,
    ) -> impl Iterator<Item = (Edge, EdgeTypeId)> + '_ {
        let lo = Edge::new(first, Direction::ALL[0]);
        let hi = Edge::new(last, Direction::ALL[5]);
        (lo <= hi)
            .then(|| self.features.range(lo..=hi).map(|(e, k)| (*e, *k)))
            .into_iter()
            .flatten()
    }

    /// Keep only the features for which `keep` is true.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(Edge, EdgeTypeId) -> bool) {
        self.features.retain(|e, k| keep(*e, *k));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_and_owned_name_each_edge_once() {
        let mut layer = EdgeLayer::new();
        let k = EdgeTypeId::new(1).unwrap();
        let h = Hex::new(2, -1);
        for d in Direction::ALL {
            assert_eq!(layer.set(Edge::new(h, d), Some(k)), None);
        }
        // A far edge that must not show up.
        layer.set(Edge::new(Hex::new(9, 9), Direction::ALL[0]), Some(k));
        assert_eq!(layer.len(), 7);
        assert_eq!(layer.touching(h).count(), 6);
        let owned: Vec<Edge> = layer.owned_by(h).map(|(e, _)| e).collect();
        assert_eq!(owned.len(), 3);
        assert!(owned.iter().all(|e| e.hex() == h));
        // Over the hex and its six neighbours, owned edges name each of the six sides once.
        let mut all: Vec<Edge> = std::iter::once(h)
            .chain(h.neighbors())
            .flat_map(|c| layer.owned_by(c).map(|(e, _)| e).collect::<Vec<_>>())
            .collect();
        all.sort();
        assert_eq!(all, {
            let mut v = Edge::around(h).to_vec();
            v.sort();
            v
        });
        assert_eq!(layer.set(Edge::new(h, Direction::ALL[2]), None), Some(k));
        assert_eq!(layer.touching(h).count(), 5);
    }
}
