//! Where a map's icons are: each hex's list in stable order, and each icon's id, unique in
//! the map and kept through every edit, save and export (so a game can refer to "icon 7"
//! across versions of a map, as it does to paths and labels).

use super::icons::Icon;
use hexmap_hex::Hex;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Deref;

/// An icon's id: unique among the icons of one map, kept when the icon is changed or moved.
/// New icons get the next number after the highest in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IconId(pub u32);

impl fmt::Display for IconId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// An icon as it sits on a map: its id and what it shows. Reads as the [`Icon`] itself
/// (`placed.caption`), so drawing code need not care about ids.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedIcon {
    /// Its id in the map.
    pub id: IconId,
    /// What it shows.
    pub icon: Icon,
}

impl AsRef<Icon> for PlacedIcon {
    fn as_ref(&self) -> &Icon {
        &self.icon
    }
}

impl Deref for PlacedIcon {
    type Target = Icon;

    fn deref(&self) -> &Icon {
        &self.icon
    }
}

/// The icons of a map: per hex, a non-empty list in stable order; hexes in reading order;
/// an index from id to hex. Unchecked: [`crate::HexMap`] checks before it changes it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct IconLayer {
    by_hex: BTreeMap<Hex, Vec<PlacedIcon>>,
    hex_of: BTreeMap<IconId, Hex>,
}

impl IconLayer {
    /// No icons.
    pub fn new() -> Self {
        IconLayer::default()
    }

    /// The icons on `hex` (empty when none).
    pub fn at(&self, hex: Hex) -> &[PlacedIcon] {
        self.by_hex.get(&hex).map_or(&[], Vec::as_slice)
    }

    /// The hex and list position of the icon with this id.
    pub fn find(&self, id: IconId) -> Option<(Hex, usize)> {
        let hex = *self.hex_of.get(&id)?;
        let index = self.at(hex).iter().position(|p| p.id == id)?;
        Some((hex, index))
    }

    /// The hex that holds the icon `id`, if any.
    pub fn hex_of(&self, id: IconId) -> Option<Hex> {
        self.hex_of.get(&id).copied()
    }

    /// The id a new icon gets: one past the highest in use (0 on a map without icons).
    pub fn next_id(&self) -> IconId {
        IconId(self.hex_of.keys().next_back().map_or(0, |id| id.0 + 1))
    }

    /// Replace the icons on `hex` (an empty list removes them); returns the old list.
    /// Unchecked: callers make sure no id of `icons` sits on another hex.
    pub fn set(&mut self, hex: Hex, icons: Vec<PlacedIcon>) -> Vec<PlacedIcon> {
        let old = if icons.is_empty() {
            self.by_hex.remove(&hex).unwrap_or_default()
        } else {
            self.by_hex.insert(hex, icons).unwrap_or_default()
        };
        for p in &old {
            // Only this hex's entries: undo may put an id back on another hex first.
            if self.hex_of.get(&p.id) == Some(&hex) {
                self.hex_of.remove(&p.id);
            }
        }
        if let Some(list) = self.by_hex.get(&hex) {
            for p in list {
                self.hex_of.insert(p.id, hex);
            }
        }
        old
    }

    /// Every hex with icons and its list, in reading order (deterministic).
    pub fn iter(&self) -> impl Iterator<Item = (Hex, &[PlacedIcon])> + '_ {
        self.by_hex.iter().map(|(h, v)| (*h, v.as_slice()))
    }

    /// Number of hexes with icons.
    pub fn hex_count(&self) -> usize {
        self.by_hex.len()
    }

    /// Number of icons in all.
    pub fn icon_count(&self) -> usize {
        self.hex_of.len()
    }

    /// True when there are no icons.
    pub fn is_empty(&self) -> bool {
        self.by_hex.is_empty()
    }

    /// Keep only the hexes for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(Hex) -> bool) {
        self.by_hex.retain(|h, _| keep(*h));
        self.hex_of.retain(|_, h| keep(*h));
    }
}

/// The ids of icons read from a file, where some may have none (older files, icons drawn
/// in Tiled): each listed id as it is, each missing one the next number after the highest
/// listed, in list order. The one numbering rule of every reader.
pub fn complete_ids(listed: &[Option<u32>]) -> Vec<IconId> {
    let mut next = listed.iter().flatten().max().map_or(0, |m| m + 1);
    listed
        .iter()
        .map(|id| {
            IconId(id.unwrap_or_else(|| {
                next += 1;
                next - 1
            }))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::icons::BuiltinIcon;
    use super::*;

    fn placed(id: u32, kind: BuiltinIcon) -> PlacedIcon {
        PlacedIcon {
            id: IconId(id),
            icon: Icon::builtin(kind),
        }
    }

    #[test]
    fn layer_keeps_order_and_removes_empty_lists() {
        let mut layer = IconLayer::new();
        let h = Hex::new(1, 0);
        let list = vec![placed(0, BuiltinIcon::Town), placed(1, BuiltinIcon::Port)];
        assert!(layer.set(h, list.clone()).is_empty());
        assert_eq!(layer.at(h), list.as_slice());
        assert_eq!(layer.icon_count(), 2);
        assert_eq!(layer.next_id(), IconId(2));
        assert_eq!(layer.find(IconId(1)), Some((h, 1)));
        assert_eq!(layer.set(h, Vec::new()), list);
        assert!(layer.is_empty());
        assert_eq!(layer.find(IconId(1)), None);
        assert_eq!(layer.next_id(), IconId(0));
    }

    #[test]
    fn missing_ids_follow_the_highest_listed_in_order() {
        let got = complete_ids(&[None, Some(7), None, Some(2)]);
        assert_eq!(got, [IconId(8), IconId(7), IconId(9), IconId(2)]);
        assert_eq!(complete_ids(&[None, None]), [IconId(0), IconId(1)]);
    }

    #[test]
    fn an_id_put_back_on_another_hex_first_stays_found() {
        // Undoing a move puts the icon back on its first hex before emptying the second.
        let (a, b) = (Hex::new(0, 0), Hex::new(2, -1));
        let mut layer = IconLayer::new();
        layer.set(b, vec![placed(5, BuiltinIcon::Cave)]);
        layer.set(a, vec![placed(5, BuiltinIcon::Cave)]);
        layer.set(b, Vec::new());
        assert_eq!(layer.find(IconId(5)), Some((a, 0)));
        assert_eq!(layer.icon_count(), 1);
    }
}
