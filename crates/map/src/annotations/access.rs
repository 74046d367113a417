//! The map's icons and labels: read access and the checks the loaders and edits share.

use crate::annotations::{Icon, IconError, IconId, MAX_LABELS, PlacedIcon};
use crate::annotations::{IconLayer, Label, LabelError, LabelId, Labels, validate_icons};
use crate::hexmap::{HexMap, MapError};
use hexmap_hex::Hex;

impl HexMap {
    /// The icons on every hex.
    pub fn icons(&self) -> &IconLayer {
        &self.icons
    }

    /// The icons on `hex` (empty when none).
    pub fn icons_at(&self, hex: Hex) -> &[PlacedIcon] {
        self.icons.at(hex)
    }

    /// The icon with this id: its hex and the icon.
    pub fn icon(&self, id: IconId) -> Option<(Hex, &PlacedIcon)> {
        let (hex, index) = self.icons.find(id)?;
        Some((hex, &self.icons.at(hex)[index]))
    }

    /// The place-name labels.
    pub fn labels(&self) -> &Labels {
        &self.labels
    }

    /// The label with this id.
    pub fn label(&self, id: LabelId) -> Option<&Label> {
        self.labels.get(id)
    }

    /// Check a hex's icon list against the map: the hex is a cell, the list passes
    /// [`validate_icons`], and no id is used twice in it or by an icon on another hex.
    pub fn check_icons(&self, hex: Hex, icons: &[PlacedIcon]) -> Result<(), MapError> {
        if !self.contains(hex) {
            return Err(MapError::OutsideShape(hex));
        }
        let bad = |error| MapError::BadIcon { hex, error };
        validate_icons(icons).map_err(bad)?;
        for (i, p) in icons.iter().enumerate() {
            let elsewhere = self.icons.hex_of(p.id).is_some_and(|h| h != hex);
            if elsewhere || icons[..i].iter().any(|q| q.id == p.id) {
                return Err(bad(IconError::IdInUse(p.id)));
            }
        }
        Ok(())
    }

    /// Check a label: [`Label::validate`].
    pub fn check_label(&self, id: LabelId, label: &Label) -> Result<(), MapError> {
        label
            .validate()
            .map_err(|error| MapError::BadLabel { id, error })
    }

    /// Replace the icons on `hex` with these placed icons (ids as given), checked by
    /// [`HexMap::check_icons`]; returns the old list.
    pub fn set_placed_icons(
        &mut self,
        hex: Hex,
        icons: Vec<PlacedIcon>,
    ) -> Result<Vec<PlacedIcon>, MapError> {
        self.check_icons(hex, &icons)?;
        Ok(self.icons.set(hex, icons))
    }

    /// Put `icon` last on `hex` under the next free id, checked; returns the id.
    pub fn add_icon(&mut self, hex: Hex, icon: Icon) -> Result<IconId, MapError> {
        let id = self.icons.next_id();
        let mut list = self.icons.at(hex).to_vec();
        list.push(PlacedIcon { id, icon });
        self.set_placed_icons(hex, list)?;
        Ok(id)
    }

    /// Replace the icons on `hex`, checked; the icons keep the ids of the ones they
    /// replace position by position, and any beyond the old list's length get new ids
    /// (the next free numbers). Returns the old list.
    pub fn set_icons(&mut self, hex: Hex, icons: Vec<Icon>) -> Result<Vec<PlacedIcon>, MapError> {
        let old = self.icons.at(hex);
        let mut next = self.icons.next_id().0;
        let placed = icons
            .into_iter()
            .enumerate()
            .map(|(i, icon)| {
                let id = old.get(i).map_or_else(
                    || {
                        next += 1;
                        IconId(next - 1)
                    },
                    |p| p.id,
                );
                PlacedIcon { id, icon }
            })
            .collect();
        self.set_placed_icons(hex, placed)
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
