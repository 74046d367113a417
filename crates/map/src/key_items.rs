//! The whole key as people read it: the entries of hexes, of icons and of named regions in
//! one list ([`HexMap::key_items`]), each with what it hangs on ([`KeyTarget`]), the name
//! people use for it and the hexes it covers. An icon's entry lives in the icon and a
//! region's in the region's look, so it moves, is copied and is deleted with its owner,
//! and its edits are the owner's edits (with undo).

use crate::annotations::IconId;
use crate::{HexMap, KeyEntry, RegionId};
use hexmap_hex::Hex;

/// What a key entry hangs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KeyTarget {
    /// A hex (the classic keyed hex).
    Hex(Hex),
    /// An icon, by its id.
    Icon(IconId),
    /// A named region, by its id.
    Region(RegionId),
}

/// One entry of the whole key.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyItem {
    /// What it hangs on.
    pub target: KeyTarget,
    /// The name people use for it: the hex's label ("0305"); for an icon its hex's label
    /// and the icon ("0305 icon 7"); for a region its name.
    pub label: String,
    /// A name unique in the key, for files and anchors: the hex's label, `0305-icon-7`,
    /// `region-3`.
    pub slug: String,
    /// The hexes it covers: its hex, the icon's hex, the region's hexes.
    pub hexes: Vec<Hex>,
    /// The entry (a note read as an entry included).
    pub entry: KeyEntry,
}

/// What an entry hangs on, as a heading names it: "0305", "0305 icon 7", "Region
/// Mirewood" (`label` is [`KeyItem::label`]).
pub fn key_heading(target: KeyTarget, label: &str) -> String {
    match target {
        KeyTarget::Region(_) => format!("Region {label}"),
        _ => label.to_owned(),
    }
}

/// An entry's heading with its title: "0305 The Drowned Chapel", "Region Mirewood The
/// bog's secret"; a region's entry titled with the region's own name reads "Region
/// Mirewood" once, not twice.
pub fn key_title_line(target: KeyTarget, label: &str, title: &str) -> String {
    let heading = key_heading(target, label);
    let title = title.trim();
    let repeats = matches!(target, KeyTarget::Region(_))
        && title.to_lowercase() == label.trim().to_lowercase();
    if title.is_empty() || repeats {
        heading
    } else {
        format!("{heading} {title}")
    }
}

impl KeyItem {
    /// What it hangs on, as a heading names it ([`key_heading`]).
    pub fn heading(&self) -> String {
        key_heading(self.target, &self.label)
    }

    /// Its heading and its entry's title ([`key_title_line`]).
    pub fn title_line(&self) -> String {
        key_title_line(self.target, &self.label, &self.entry.title)
    }

    /// The hex to centre on: the hex itself, the icon's hex, or the region's hex nearest
    /// the middle of its hexes.
    pub fn anchor(&self) -> Option<Hex> {
        let n = self.hexes.len() as f64;
        let (sq, sr) = self
            .hexes
            .iter()
            .fold((0.0, 0.0), |(q, r), h| (q + h.q as f64, r + h.r as f64));
        let (mq, mr) = (sq / n, sr / n);
        self.hexes.iter().copied().min_by(|a, b| {
            let d = |h: &Hex| {
                let (dq, dr) = (h.q as f64 - mq, h.r as f64 - mr);
                dq * dq + dr * dr + dq * dr
            };
            d(a).total_cmp(&d(b))
        })
    }
}

impl HexMap {
    /// Every entry of the key: the hexes' in label order, each hex's icons' right after it
    /// (in the hex's icon order), then the regions' by name.
    pub fn key_items(&self) -> Vec<KeyItem> {
        let mut by_hex: std::collections::BTreeMap<Hex, Vec<KeyItem>> =
            std::collections::BTreeMap::new();
        for (h, entry) in self.key() {
            let label = self.hex_label(h);
            by_hex.entry(h).or_default().push(KeyItem {
                target: KeyTarget::Hex(h),
                slug: label.clone(),
                label,
                hexes: vec![h],
                entry,
            });
        }
        for (h, icons) in self.icons().iter() {
            for icon in icons {
                if let Some(entry) = &icon.key {
                    let label = self.hex_label(h);
                    by_hex.entry(h).or_default().push(KeyItem {
                        target: KeyTarget::Icon(icon.id),
                        slug: format!("{label}-icon-{}", icon.id),
                        label: format!("{label} icon {}", icon.id),
                        hexes: vec![h],
                        entry: entry.clone(),
                    });
                }
            }
        }
        let mut hexes: Vec<(String, Vec<KeyItem>)> = by_hex
            .into_iter()
            .map(|(h, items)| (self.hex_label(h), items))
            .collect();
        hexes.sort_by(|a, b| (a.0.len(), &a.0).cmp(&(b.0.len(), &b.0)));
        let mut out: Vec<KeyItem> = hexes.into_iter().flat_map(|(_, items)| items).collect();
        let mut regions: Vec<KeyItem> = self
            .regions()
            .iter()
            .filter_map(|r| {
                Some(KeyItem {
                    target: KeyTarget::Region(r.id),
                    label: r.look.name.clone(),
                    slug: format!("region-{}", r.id),
                    hexes: r.hexes.iter().copied().collect(),
                    entry: r.look.key.clone()?,
                })
            })
            .collect();
        regions.sort_by(|a, b| a.label.cmp(&b.label));
        out.extend(regions);
        out
    }

    /// The entry hung on `target` (a hex's note read as an entry included).
    pub fn key_entry_of(&self, target: KeyTarget) -> Option<KeyEntry> {
        match target {
            KeyTarget::Hex(h) => self.key_entry(h).map(std::borrow::Cow::into_owned),
            KeyTarget::Icon(id) => self.icon(id).and_then(|(_, i)| i.key.clone()),
            KeyTarget::Region(id) => self.regions().get(id).and_then(|r| r.look.key.clone()),
        }
    }

    /// The edit that sets (or with `None` removes) the entry of `target`, through the
    /// owner's own edit (a hex's key edit, the icon's change, the region's look): `None`
    /// when there is no such icon or region.
    pub fn key_edit(&self, target: KeyTarget, entry: Option<KeyEntry>) -> Option<crate::Edit> {
        use crate::AnnotationEdit;
        match target {
            KeyTarget::Hex(hex) => Some(crate::Edit::Cell(crate::CellEdit::SetKeyEntry {
                hex,
                entry,
            })),
            KeyTarget::Icon(id) => {
                let (hex, index) = self.icons().find(id)?;
                let mut icon = self.icons_at(hex)[index].icon.clone();
                icon.key = entry;
                Some(crate::Edit::Annotation(AnnotationEdit::ChangeIcon {
                    hex,
                    index,
                    icon,
                }))
            }
            KeyTarget::Region(id) => {
                let mut look = self.regions().get(id)?.look.clone();
                look.key = entry;
                Some(crate::Edit::Region(crate::RegionEdit::SetLook { id, look }))
            }
        }
    }
}

#[cfg(test)]
mod tests;
