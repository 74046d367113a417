//! Named regions: kingdoms, provinces, climate zones, hunting grounds — a named set of
//! hexes with a colour, a border style, an optional tint and a label, drawn as an outline
//! along its outer hexsides (`draw::regions`).
//!
//! Every region belongs to a [`RegionKind`] ("Political", "Climate" …). A kind is either
//! *exclusive* (a hex is in at most one region of the kind: adding a hex to one region
//! takes it out of the others of that kind) or *overlapping*. Regions of different kinds
//! always overlap freely. Changes go through [`crate::Edit::Region`] (`edit.rs` here), so
//! they have undo like any content.

mod edit;
#[cfg(test)]
mod tests;

pub use edit::RegionEdit;
pub(crate) use edit::{RegionChanges, apply_edit, apply_to};

use super::HexMap;
use super::palette::Rgb;
use hexmap_hex::Hex;
use std::collections::{BTreeMap, BTreeSet};

/// Longest region or kind name, in bytes.
pub const MAX_REGION_NAME_LEN: usize = 200;
/// Most regions a map may hold.
pub const MAX_REGIONS: usize = 10_000;
/// Most region kinds a map may hold.
pub const MAX_REGION_KINDS: usize = 64;

/// A region's stable name: it stays when the region is renamed or repainted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RegionId(pub u32);

impl std::fmt::Display for RegionId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A kind of region ("Political", "Climate"): its name (unique on the map) and whether a
/// hex may be in more than one region of the kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionKind {
    /// The kind's name, 1–200 bytes, unique.
    pub name: String,
    /// A hex is in at most one region of this kind.
    pub exclusive: bool,
}

/// How a region's outline is stroked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BorderStyle {
    /// One continuous line.
    #[default]
    Solid,
    /// Long dashes.
    Dashed,
    /// Short dots.
    Dotted,
}

impl BorderStyle {
    /// Every style, in menu order.
    pub const ALL: [BorderStyle; 3] =
        [BorderStyle::Solid, BorderStyle::Dashed, BorderStyle::Dotted];

    /// The lowercase name used in files.
    pub const fn name(self) -> &'static str {
        match self {
            BorderStyle::Solid => "solid",
            BorderStyle::Dashed => "dashed",
            BorderStyle::Dotted => "dotted",
        }
    }
}

impl std::str::FromStr for BorderStyle {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        BorderStyle::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| format!("unknown border style {s:?} (expected solid, dashed or dotted)"))
    }
}

/// Everything about a region but its hexes: what rename, recolour and restyle change.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionLook {
    /// Its name, 1–200 bytes on one line (need not be unique).
    pub name: String,
    /// The name of its [`RegionKind`].
    pub kind: String,
    /// Outline (and tint) colour.
    pub color: Rgb,
    /// How the outline is stroked.
    pub border: BorderStyle,
    /// Fill its hexes with its colour at this opacity (0–1); `None` for no fill.
    pub tint: Option<f32>,
    /// Draw its name inside it.
    pub label: bool,
    /// For the GM only: the player view leaves the region out (name, outline and tint).
    pub gm_only: bool,
    /// The key entry hung on the region (a forest's lore): it goes with the region.
    pub key: Option<crate::KeyEntry>,
}

impl RegionLook {
    /// A look with its name, kind and colour and every other field at the value a file
    /// that leaves it out means: a solid outline, no tint, the name drawn, seen by players.
    pub fn new(name: impl Into<String>, kind: impl Into<String>, color: Rgb) -> Self {
        RegionLook {
            name: name.into(),
            kind: kind.into(),
            color,
            border: BorderStyle::Solid,
            tint: None,
            label: true,
            gm_only: false,
            key: None,
        }
    }
}

/// A named region: its id, look and hexes.
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    /// Stable id, unique among the map's regions.
    pub id: RegionId,
    /// Name, kind, colour and style.
    pub look: RegionLook,
    /// Its cells.
    pub hexes: BTreeSet<Hex>,
}

/// Why a region, a kind or a region edit was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RegionError {
    /// A name that is empty, too long or more than one line.
    #[error("name {0:?} must be 1 to {MAX_REGION_NAME_LEN} bytes on one line")]
    BadName(String),
    /// The region names a kind the map does not have.
    #[error("region {id}: unknown kind {kind:?} (add the kind to region_kinds first)")]
    UnknownKind {
        /// The region.
        id: RegionId,
        /// The kind it names.
        kind: String,
    },
    /// Two kinds of one name.
    #[error("kind {0:?} is listed twice")]
    DuplicateKind(String),
    /// A kind still used by a region cannot be removed.
    #[error("kind {kind:?} is used by region {id}: delete or move that region first")]
    KindInUse {
        /// The kind.
        kind: String,
        /// A region of it.
        id: RegionId,
    },
    /// No such kind.
    #[error("there is no region kind {0:?}")]
    NoSuchKind(String),
    /// Two regions of one id.
    #[error("region id {0} is already in use")]
    DuplicateId(RegionId),
    /// No region has this id.
    #[error("there is no region {0}")]
    NoSuchRegion(RegionId),
    /// A hex that is not a cell of the map.
    #[error("region {id}: the hex is not a cell of the map")]
    OutsideMap {
        /// The region.
        id: RegionId,
        /// The hex.
        hex: Hex,
    },
    /// Two regions of an exclusive kind share a hex.
    #[error(
        "regions {a} and {b} of exclusive kind {kind:?} share the hex (a hex is in at most one region of the kind)"
    )]
    Overlap {
        /// The kind.
        kind: String,
        /// One region.
        a: RegionId,
        /// The other.
        b: RegionId,
        /// A hex in both.
        hex: Hex,
    },
    /// A tint opacity outside 0–1.
    #[error("region {id}: tint {tint} is not an opacity from 0 to 1")]
    BadTint {
        /// The region.
        id: RegionId,
        /// The value.
        tint: f32,
    },
    /// The region's key entry is refused (no title, a bad tag, too long).
    #[error("region {id}: its key entry: {error}")]
    BadKeyEntry {
        /// The region.
        id: RegionId,
        /// What is wrong with the entry.
        error: crate::KeyEntryError,
    },
    /// Too many regions or kinds.
    #[error(
        "the map has too many regions ({regions}, limit {MAX_REGIONS}) or kinds ({kinds}, limit {MAX_REGION_KINDS})"
    )]
    TooMany {
        /// Regions.
        regions: usize,
        /// Kinds.
        kinds: usize,
    },
}

/// The regions of a map and their kinds. Kinds keep the order they were added in; regions
/// are kept by id.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Regions {
    kinds: Vec<RegionKind>,
    regions: BTreeMap<RegionId, Region>,
}

/// Check a region or kind name.
pub fn check_region_name(name: &str) -> Result<(), RegionError> {
    if name.is_empty() || name.len() > MAX_REGION_NAME_LEN || name.contains(['\n', '\r']) {
        return Err(RegionError::BadName(name.to_owned()));
    }
    Ok(())
}

impl Regions {
    /// No kinds, no regions.
    pub fn new() -> Self {
        Regions::default()
    }

    /// Regions and kinds as given, checked against `map`'s cells ([`Regions::validate`]).
    pub fn build(
        map: &HexMap,
        kinds: Vec<RegionKind>,
        regions: Vec<Region>,
    ) -> Result<Self, RegionError> {
        let mut out = Regions {
            kinds,
            regions: BTreeMap::new(),
        };
        for r in regions {
            if out.regions.contains_key(&r.id) {
                return Err(RegionError::DuplicateId(r.id));
            }
            out.regions.insert(r.id, r);
        }
        out.validate(map)?;
        Ok(out)
    }

    /// Check every limit: names, unique kinds, known kinds, hexes on the map, tints, and
    /// no shared hex within an exclusive kind.
    pub fn validate(&self, map: &HexMap) -> Result<(), RegionError> {
        if self.regions.len() > MAX_REGIONS || self.kinds.len() > MAX_REGION_KINDS {
            return Err(RegionError::TooMany {
                regions: self.regions.len(),
                kinds: self.kinds.len(),
            });
        }
        let mut names = BTreeSet::new();
        for k in &self.kinds {
            check_region_name(&k.name)?;
            if !names.insert(k.name.as_str()) {
                return Err(RegionError::DuplicateKind(k.name.clone()));
            }
        }
        let mut owner: BTreeMap<(&str, Hex), RegionId> = BTreeMap::new();
        for r in self.regions.values() {
            self.check_look(r.id, &r.look)?;
            let exclusive = self.kind(&r.look.kind).is_some_and(|k| k.exclusive);
            for &h in &r.hexes {
                if !map.contains(h) {
                    return Err(RegionError::OutsideMap { id: r.id, hex: h });
                }
                if exclusive && let Some(a) = owner.insert((r.look.kind.as_str(), h), r.id) {
                    return Err(RegionError::Overlap {
                        kind: r.look.kind.clone(),
                        a,
                        b: r.id,
                        hex: h,
                    });
                }
            }
        }
        Ok(())
    }

    /// Check a region's look: its name, a known kind, a tint within 0–1.
    pub fn check_look(&self, id: RegionId, look: &RegionLook) -> Result<(), RegionError> {
        check_region_name(&look.name)?;
        if self.kind(&look.kind).is_none() {
            return Err(RegionError::UnknownKind {
                id,
                kind: look.kind.clone(),
            });
        }
        if let Some(t) = look.tint
            && !(0.0..=1.0).contains(&t)
        {
            return Err(RegionError::BadTint { id, tint: t });
        }
        if let Some(e) = &look.key {
            e.check()
                .map_err(|error| RegionError::BadKeyEntry { id, error })?;
        }
        Ok(())
    }

    /// True when there is no region and no kind.
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty() && self.regions.is_empty()
    }

    /// The kinds, in the order they were added.
    pub fn kinds(&self) -> &[RegionKind] {
        &self.kinds
    }

    /// The kind of this name.
    pub fn kind(&self, name: &str) -> Option<&RegionKind> {
        self.kinds.iter().find(|k| k.name == name)
    }

    /// Every region, by id.
    pub fn iter(&self) -> impl Iterator<Item = &Region> + '_ {
        self.regions.values()
    }

    /// Number of regions.
    pub fn len(&self) -> usize {
        self.regions.len()
    }

    /// The region with this id.
    pub fn get(&self, id: RegionId) -> Option<&Region> {
        self.regions.get(&id)
    }

    /// One past the highest id in use (0 for none): the id of a new region.
    pub fn next_id(&self) -> RegionId {
        RegionId(
            self.regions
                .keys()
                .next_back()
                .map_or(0, |id| id.0.saturating_add(1)),
        )
    }

    /// The regions that hold `h`, by id.
    pub fn at(&self, h: Hex) -> impl Iterator<Item = &Region> + '_ {
        self.regions.values().filter(move |r| r.hexes.contains(&h))
    }

    /// Move every region's hexes by `to` (after a reshape), dropping those it sends off
    /// the map (`None`).
    pub(crate) fn map_hexes(&mut self, to: impl Fn(Hex) -> Option<Hex>) {
        for r in self.regions.values_mut() {
            r.hexes = r.hexes.iter().filter_map(|&h| to(h)).collect();
        }
    }
}

impl HexMap {
    /// The map's named regions and their kinds.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    /// Replace the regions (for loaders; checked against the map's cells). The editor
    /// changes them through [`crate::Edit::Region`].
    pub fn set_regions(&mut self, regions: Regions) -> Result<Regions, RegionError> {
        regions.validate(self)?;
        Ok(std::mem::replace(&mut self.regions, regions))
    }
}
