//! The palette as it is parsed: each entry is checked as it arrives and at most one entry
//! over the limit is kept, so a file with millions of entries costs no more memory than a
//! full palette, and gives the same error as checking every entry of a collected list.

use super::super::error::FormatError;
use super::super::model::{FileCost, FileTerrain};
use hexmap_map::palette::MAX_TERRAINS;
use hexmap_map::{MoveCost, Palette, PaletteError, Rgb, Terrain, TerrainId, TileArt};
use serde::Deserialize;
use serde::de::{Deserializer, SeqAccess, Visitor};
use std::fmt;

/// The palette list of a file: the entries up to the limit (plus one), converted, the
/// number of entries, and the first entry that did not convert.
pub(crate) struct PaletteEntries {
    kept: Vec<Terrain>,
    count: usize,
    first_error: Option<FormatError>,
}

impl<'de> Deserialize<'de> for PaletteEntries {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> Visitor<'de> for Entries {
            type Value = PaletteEntries;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a sequence")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PaletteEntries, A::Error> {
                let mut out = PaletteEntries {
                    kept: Vec::new(),
                    count: 0,
                    first_error: None,
                };
                while let Some(entry) = seq.next_element::<FileTerrain>()? {
                    // Entries after the first bad one are only parsed (its error wins).
                    if out.first_error.is_none() {
                        match terrain(out.count, entry) {
                            Ok(t) if out.kept.len() <= MAX_TERRAINS => out.kept.push(t),
                            Ok(_) => {}
                            Err(e) => out.first_error = Some(e),
                        }
                    }
                    out.count += 1;
                }
                Ok(out)
            }
        }
        d.deserialize_seq(Entries)
    }
}

/// One palette entry, checked (id, colour, one-character symbol).
fn terrain(index: usize, e: FileTerrain) -> Result<Terrain, FormatError> {
    let bad = |message: String| FormatError::Palette {
        index,
        id: e.id,
        message,
    };
    let id = TerrainId::new(e.id).ok_or_else(|| bad("id must be at least 1".into()))?;
    let color: Rgb = e.color.parse().map_err(bad)?;
    let mut chars = e.symbol.chars();
    let symbol = match (chars.next(), chars.next()) {
        (Some(c), None) => c,
        _ => {
            return Err(bad(format!(
                "symbol {:?} must be exactly one character",
                e.symbol
            )));
        }
    };
    let cost = match e.cost {
        FileCost::Cost(points) => MoveCost::Cost(super::features::cost(points).map_err(bad)?),
        FileCost::Impassable => MoveCost::Impassable,
    };
    Ok(Terrain {
        id,
        name: e.name,
        color,
        symbol,
        cost,
        blocks_sight: e.blocks_sight,
        art: TileArt {
            images: e.tile_art,
            tint: e.tile_tint,
        },
    })
}

/// The palette of a file: the first bad entry, too many entries, or what
/// [`Palette::new`] refuses, each naming the entry (index and id).
pub(super) fn palette(entries: PaletteEntries) -> Result<Palette, FormatError> {
    if let Some(e) = entries.first_error {
        return Err(e);
    }
    let terrains = entries.kept;
    let checked = if entries.count > MAX_TERRAINS {
        Err(PaletteError::TooMany(entries.count))
    } else {
        Palette::new(terrains.clone())
    };
    checked.map_err(|e| {
        let (index, id) = match &e {
            PaletteError::DuplicateId(id) => {
                let id = *id;
                (
                    terrains.iter().rposition(|t| t.id == id).unwrap_or(0),
                    id.get(),
                )
            }
            PaletteError::DuplicateSymbol(s) => {
                let i = terrains.iter().rposition(|t| t.symbol == *s).unwrap_or(0);
                (i, terrains[i].id.get())
            }
            PaletteError::BadSymbol { id, .. }
            | PaletteError::NameTooLong(id)
            | PaletteError::TileArt { id, .. } => {
                let id = *id;
                (
                    terrains.iter().position(|t| t.id == id).unwrap_or(0),
                    id.get(),
                )
            }
            PaletteError::TooMany(_) => (MAX_TERRAINS, 0),
        };
        FormatError::Palette {
            index,
            id,
            message: e.to_string(),
        }
    })
}
