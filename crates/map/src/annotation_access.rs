//! The map's icons and labels: read access and the checks the loaders and edits share.

use super::annotations::{Icon, MAX_LABELS};
use super::annotations::{IconLayer, Label, LabelError, LabelId, Labels, validate_icons};
use super::hexmap::{HexMap, MapError};
use hexmap_hex::Hex;

impl HexMap {
    /// The icons on every hex.
    pub fn icons(&self) -> &IconLayer {
        &self.icons
    }

    /// The icons on `hex` (empty when none).
    pub fn icons_at(&self, hex: Hex) -> &[Icon] {
        self.icons.at(hex)
    }

    /// The place-name labels.
    pub fn labels(&self) -> &Labels {
        &self.labels
    }

    /// The label with this id.
    pub fn label(&self, id: LabelId) -> Option<&Label> {
        self.labels.get(id)
    }

    /// Check a hex's icon list against the map: the hex is a cell, and the list passes
    /// [`validate_icons`].
    pub fn check_icons(&self, hex: Hex, icons: &[Icon]) -> Result<(), MapError> {
        if !self.contains(hex) {
            return Err(MapError::OutsideShape(hex));
        }
        validate_icons(icons).map_err(|error| MapError::BadIcon { hex, error })
    }

    /// Check a label: [`Label::validate`].
    pub fn check_label(&self, id: LabelId, label: &Label) -> Result<(), MapError> {
        label
            .validate()
            .map_err(|error| MapError::BadLabel { id, error })
    }

    /// Replace the icons on `hex`, checked; returns the old list.
    pub fn set_icons(&mut self, hex: Hex, icons: Vec<Icon>) -> Result<Vec<Icon>, MapError> {
        self.check_icons(hex, &icons)?;
        Ok(self.icons.set(hex, icons))
    }

    /// Check a label about to be added under `id`: the id unused, the count within
    /// [`MAX_LABELS`], the label valid.
    pub fn check_new_label(&self, id: LabelId, label: &Label) -> Result<(), MapError> {
        let bad = |error| MapError::BadLabel { id, error };
        if self.labels.get(id).is_some() {
            return Err(bad(LabelError::IdInUse(id)));
        }
        if self.labels.len() >= MAX_LABELS {
            return Err(bad(LabelError::TooMany(self.labels.len() + 1)));
        }
        self.check_label(id, label)
    }

    /// Add a label under a new id `id`, checked by [`HexMap::check_new_label`].
    pub fn add_label(&mut self, id: LabelId, label: Label) -> Result<(), MapError> {
        self.check_new_label(id, &label)?;
        self.labels.insert(id, label);
        Ok(())
    }
}
