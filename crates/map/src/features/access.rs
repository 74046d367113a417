//! [`HexMap`]'s edge features and paths: read accessors for drawing and rules, and the
//! checked low-level setters (no undo) that edits and loaders call.

use crate::features::{
    EdgeLayer, EdgePalette, EdgeType, EdgeTypeId, FeaturePalette, FeatureType, MAX_PATHS, MapPath,
    PathId, PathPalette, PathType, Paths, check_path_hexes,
};
use crate::hexmap::{HexMap, MapError};
use hexmap_hex::{Edge, Hex};

impl HexMap {
    /// The edge palette.
    pub fn edge_palette(&self) -> &EdgePalette {
        &self.edge_palette
    }

    /// The path palette.
    pub fn path_palette(&self) -> &PathPalette {
        &self.path_palette
    }

    /// The edge layer (every edge feature, by canonical edge).
    pub fn edge_layer(&self) -> &EdgeLayer {
        &self.edges
    }

    /// The feature on `edge`, if any.
    pub fn edge(&self, edge: Edge) -> Option<EdgeTypeId> {
        self.edges.get(edge)
    }

    /// Every edge feature, in edge order.
    pub fn edges(&self) -> impl Iterator<Item = (Edge, EdgeTypeId)> + '_ {
        self.edges.iter()
    }

    /// The edge features on the sides of `h` (up to six), in direction order.
    pub fn edges_touching(&self, h: Hex) -> impl Iterator<Item = (Edge, EdgeTypeId)> + '_ {
        self.edges.touching(h)
    }

    /// The edge features whose canonical hex is `h` (its sides 0, 4, 5): walking a region's
    /// cells with this names every edge that has a canonical hex in the region exactly once.
    pub fn edges_owned_by(&self, h: Hex) -> impl Iterator<Item = (Edge, EdgeTypeId)> + '_ {
        self.edges.owned_by(h)
    }

    /// Every edge feature touching at least one of `hexes`, each once, in edge order.
    pub fn edges_in(&self, hexes: impl IntoIterator<Item = Hex>) -> Vec<(Edge, EdgeTypeId)> {
        let mut found: Vec<(Edge, EdgeTypeId)> = hexes
            .into_iter()
            .flat_map(|h| self.edges.touching(h))
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    /// All paths (with the step index the rules use).
    pub fn paths(&self) -> &Paths {
        &self.paths
    }

    /// The path with this id.
    pub fn path(&self, id: PathId) -> Option<&MapPath> {
        self.paths.get(id)
    }

    /// The paths through `h`, each once, in id order.
    pub fn paths_through(&self, h: Hex) -> Vec<&MapPath> {
        self.paths.through(h)
    }

    // ----- low-level setters (no undo) -----

    /// Set (or with `None` clear) the feature on `edge`; returns the old one. Both hexes
    /// must be cells and the type in the edge palette.
    pub fn set_edge(
        &mut self,
        edge: Edge,
        kind: Option<EdgeTypeId>,
    ) -> Result<Option<EdgeTypeId>, MapError> {
        let (a, b) = edge.hexes();
        if !(self.contains(a) && self.contains(b)) {
            return Err(MapError::EdgeOutsideShape(edge));
        }
        if let Some(k) = kind
            && self.edge_palette.get(k).is_none()
        {
            return Err(MapError::UnknownEdgeType(k));
        }
        Ok(self.edges.set(edge, kind))
    }

    /// Check a path against this map: hexes make a path, all are cells, the type is known.
    pub fn check_path(&self, path: &MapPath) -> Result<(), MapError> {
        check_path_hexes(&path.hexes).map_err(|error| MapError::BadPath { id: path.id, error })?;
        if let Some((index, &hex)) = path
            .hexes
            .iter()
            .enumerate()
            .find(|(_, h)| !self.contains(**h))
        {
            return Err(MapError::PathOutsideShape {
                id: path.id,
                index,
                hex,
            });
        }
        if self.path_palette.get(path.kind).is_none() {
            return Err(MapError::UnknownPathType(path.kind));
        }
        Ok(())
    }

    /// Add a path, or replace the one with its id; returns the replaced path. Checked by
    /// [`HexMap::check_path`], and at most [`MAX_PATHS`] paths.
    pub fn insert_path(&mut self, path: MapPath) -> Result<Option<MapPath>, MapError> {
        self.check_path(&path)?;
        if self.paths.get(path.id).is_none() && self.paths.len() >= MAX_PATHS {
            return Err(MapError::TooManyPaths(self.paths.len() + 1));
        }
        Ok(self.paths.insert(path))
    }

    /// Remove a path; returns it (`None` when no path has that id).
    pub fn remove_path(&mut self, id: PathId) -> Option<MapPath> {
        self.paths.remove(id)
    }

    /// Replace the edge palette; features whose type is no longer in it are removed (with
    /// their GM-only flags).
    pub fn set_edge_palette(&mut self, palette: EdgePalette) -> EdgePalette {
        self.edges.retain(|_, k| palette.get(k).is_some());
        let edges = &self.edges;
        self.fog.gm_edges.retain(|e| edges.get(*e).is_some());
        std::mem::replace(&mut self.edge_palette, palette)
    }

    /// Replace the path palette; paths whose type is no longer in it are removed.
    pub fn set_path_palette(&mut self, palette: PathPalette) -> PathPalette {
        let gone: Vec<PathId> = self
            .paths
            .iter()
            .filter(|p| palette.get(p.kind).is_none())
            .map(|p| p.id)
            .collect();
        for id in gone {
            self.paths.remove(id);
        }
        std::mem::replace(&mut self.path_palette, palette)
    }
}

/// Where a map keeps the palette of one kind of feature, so edits and undo can be written
/// once for edge and path palettes.
pub(crate) trait PaletteOnMap: FeatureType {
    /// The map's palette of this kind.
    fn palette_of(map: &HexMap) -> &FeaturePalette<Self>;
    /// Replace the map's palette of this kind (features of types no longer in it are
    /// removed); returns the old one.
    fn set_palette_of(map: &mut HexMap, palette: FeaturePalette<Self>) -> FeaturePalette<Self>;
}

impl PaletteOnMap for EdgeType {
    fn palette_of(map: &HexMap) -> &EdgePalette {
        map.edge_palette()
    }
    fn set_palette_of(map: &mut HexMap, palette: EdgePalette) -> EdgePalette {
        map.set_edge_palette(palette)
    }
}

impl PaletteOnMap for PathType {
    fn palette_of(map: &HexMap) -> &PathPalette {
        map.path_palette()
    }
    fn set_palette_of(map: &mut HexMap, palette: PathPalette) -> PathPalette {
        map.set_path_palette(palette)
    }
}

#[cfg(test)]
mod tests {
    use crate::features::{EdgeTypeId, PathId, PathTypeId};
    use crate::{HexMap, MapError, MapShape};
    use hexmap_hex::{Direction, Edge, Hex, Orientation};

    fn small() -> HexMap {
        crate::testing::hexagon_map(2, Orientation::Pointy)
    }

    use crate::features::paths::tests::path as road;

    #[test]
    fn edges_are_checked_and_read_back() {
        let mut m = small();
        let river = EdgeTypeId::new(1);
        let e = Edge::new(Hex::ORIGIN, Direction::POINTY_E);
        assert_eq!(m.set_edge(e, river), Ok(None));
        assert_eq!(
            m.edge(Edge::new(Hex::new(1, 0), Direction::POINTY_W)),
            river
        );
        let border = Edge::new(Hex::new(2, 0), Direction::POINTY_E);
        assert_eq!(
            m.set_edge(border, river),
            Err(MapError::EdgeOutsideShape(border))
        );
        let unknown = EdgeTypeId::new(99).unwrap();
        assert_eq!(
            m.set_edge(e, Some(unknown)),
            Err(MapError::UnknownEdgeType(unknown))
        );
        m.set_edge(
            Edge::new(Hex::new(-1, 1), Direction::POINTY_SE),
            EdgeTypeId::new(3),
        )
        .unwrap();
        assert_eq!(m.edges().count(), 2);
        assert_eq!(m.edges_touching(Hex::ORIGIN).count(), 1);
        assert_eq!(
            m.edges_in([Hex::ORIGIN, Hex::new(1, 0)]),
            [(e, river.unwrap())]
        );
        assert_eq!(m.edges_in([Hex::new(-1, 1), Hex::ORIGIN]).len(), 2);
        assert_eq!(m.set_edge(e, None), Ok(river));
    }

    #[test]
    fn paths_are_checked_and_read_back() {
        let mut m = small();
        assert_eq!(m.insert_path(road(1, &[(0, 0), (1, 0), (1, 1)])), Ok(None));
        assert!(matches!(
            m.insert_path(road(2, &[(0, 0), (2, 0)])),
            Err(MapError::BadPath { id: PathId(2), .. })
        ));
        assert_eq!(
            m.insert_path(road(2, &[(1, 0), (2, 0), (3, 0)])),
            Err(MapError::PathOutsideShape {
                id: PathId(2),
                index: 2,
                hex: Hex::new(3, 0)
            })
        );
        let mut rail = road(2, &[(0, 0), (0, 1)]);
        rail.kind = PathTypeId::new(77).unwrap();
        assert_eq!(
            m.insert_path(rail),
            Err(MapError::UnknownPathType(PathTypeId::new(77).unwrap()))
        );
        assert_eq!(m.paths_through(Hex::new(1, 0)).len(), 1);
        assert_eq!(m.path(PathId(1)).unwrap().hexes.len(), 3);
        assert_eq!(m.remove_path(PathId(1)).map(|p| p.id), Some(PathId(1)));
        assert!(m.paths().is_empty());
    }

    #[test]
    fn reshape_keeps_what_stays_on_the_map() {
        let mut m = small();
        let inner = Edge::new(Hex::ORIGIN, Direction::POINTY_E);
        let outer = Edge::new(Hex::new(1, 0), Direction::POINTY_E);
        m.set_edge(inner, EdgeTypeId::new(1)).unwrap();
        m.set_edge(outer, EdgeTypeId::new(1)).unwrap();
        // Leaves the radius-1 hexagon at (2,-1) and comes back.
        m.insert_path(road(
            1,
            &[(-1, 0), (0, 0), (1, -1), (2, -1), (2, -2), (1, -1), (0, -1)],
        ))
        .unwrap();
        m.insert_path(road(2, &[(2, 0), (2, -1)])).unwrap();
        m.reshape(MapShape::hexagon(1).unwrap());
        assert_eq!(m.edges().map(|(e, _)| e).collect::<Vec<_>>(), [inner]);
        let paths: Vec<(PathId, Vec<Hex>)> =
            m.paths().iter().map(|p| (p.id, p.hexes.clone())).collect();
        assert_eq!(
            paths,
            [
                (
                    PathId(1),
                    vec![Hex::new(-1, 0), Hex::ORIGIN, Hex::new(1, -1)]
                ),
                (PathId(3), vec![Hex::new(1, -1), Hex::new(0, -1)]),
            ]
        );
    }

    #[test]
    fn palette_changes_drop_features_of_removed_types() {
        let mut m = small();
        let e = Edge::new(Hex::ORIGIN, Direction::POINTY_E);
        m.set_edge(e, EdgeTypeId::new(2)).unwrap();
        m.insert_path(road(1, &[(0, 0), (1, 0)])).unwrap();
        let edges = m.edge_palette().types()[..1].to_vec();
        m.set_edge_palette(crate::EdgePalette::new(edges).unwrap());
        assert_eq!(m.edge(e), None);
        let paths = m.path_palette().types()[1..].to_vec();
        m.set_path_palette(crate::PathPalette::new(paths).unwrap());
        assert!(m.paths().is_empty());
    }
}
