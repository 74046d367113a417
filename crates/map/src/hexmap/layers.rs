//! The layers of a [`HexMap`] as the edit and undo code outside `impl HexMap` reaches
//! them: through these methods, never through the fields, so the map's own code is the
//! only place that touches its storage directly.

use super::HexMap;
use crate::annotations::{IconLayer, Labels};
use crate::elevation::ElevationLayer;
use crate::features::{EdgeLayer, Paths};
use crate::fog::FogState;
use crate::regions::Regions;
use crate::scale::MapScale;
use crate::underlay::Underlay;

impl HexMap {
    /// The edge features, for edits and undo.
    pub(crate) fn edge_layer_mut(&mut self) -> &mut EdgeLayer {
        &mut self.edges
    }

    /// The paths, for edits and undo.
    pub(crate) fn paths_mut(&mut self) -> &mut Paths {
        &mut self.paths
    }

    /// The icons, for edits and undo.
    pub(crate) fn icons_mut(&mut self) -> &mut IconLayer {
        &mut self.icons
    }

    /// The free labels, for edits and undo.
    pub(crate) fn labels_mut(&mut self) -> &mut Labels {
        &mut self.labels
    }

    /// The named regions, for edits and undo.
    pub(crate) fn regions_mut(&mut self) -> &mut Regions {
        &mut self.regions
    }

    /// The map scale's slot (`None`: no scale), for undo.
    pub(crate) fn scale_slot_mut(&mut self) -> &mut Option<MapScale> {
        &mut self.scale
    }

    /// The underlay's slot (`None`: no underlay), for undo.
    pub(crate) fn underlay_slot_mut(&mut self) -> &mut Option<Underlay> {
        &mut self.underlay
    }

    /// The elevation layer's slot (`None`: the map has none), for the height brush and undo.
    pub(crate) fn elevation_slot_mut(&mut self) -> &mut Option<ElevationLayer> {
        &mut self.elevation
    }

    /// Fog, secrets and the party, for edits and undo.
    pub(crate) fn fog_mut(&mut self) -> &mut FogState {
        &mut self.fog
    }
}
