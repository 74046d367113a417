//! Reading the named regions of a version-4 file: `region_kinds` in the header and
//! `regions` in the cell data (hexes in the form's coordinates), checked against the map
//! by the map's own rule ([`hexmap_map::Regions::validate`]), each error naming the list,
//! the entry and what to do.

use super::super::Form;
use super::super::error::FormatError;
use super::super::model::{FileCells, FileMap, FileRegion, FileRegionKind};
use super::features::{Coords, FormHex};
use hexmap_map::{BorderStyle, HexMap, Region, RegionId, RegionKind, RegionLook, Regions, Rgb};
use std::collections::BTreeSet;

/// The region lists of either form, taken out of the file.
pub(super) struct RegionData {
    version: u64,
    kinds: Vec<FileRegionKind>,
    list: RegionList,
}

enum RegionList {
    Offset(Vec<FileRegion<(i32, i32)>>),
    Cube(Vec<FileRegion<(i32, i32, i32)>>),
}

/// Take the region lists out of the file (they are parsed whole: a map has few regions).
pub(super) fn take(file: &mut FileMap<'_>) -> RegionData {
    let list = match &mut file.cells {
        FileCells::Offset { regions, .. } => RegionList::Offset(std::mem::take(regions)),
        FileCells::Cube { regions, .. } => RegionList::Cube(std::mem::take(regions)),
    };
    RegionData {
        version: file.version,
        kinds: std::mem::take(&mut file.region_kinds),
        list,
    }
}

fn bad(field: &str, message: impl std::fmt::Display) -> FormatError {
    FormatError::Field {
        field: field.to_owned(),
        message: message.to_string(),
    }
}

/// Put the regions on the map just read.
pub(super) fn apply(
    (mut map, form): (HexMap, Form),
    data: RegionData,
) -> Result<(HexMap, Form), FormatError> {
    let present = !data.kinds.is_empty()
        || match &data.list {
            RegionList::Offset(l) => !l.is_empty(),
            RegionList::Cube(l) => !l.is_empty(),
        };
    if !present {
        return Ok((map, form));
    }
    if data.version < 4 {
        return Err(bad(
            "region_kinds",
            format!(
                "named regions need format version 4 (this file says version {})",
                data.version
            ),
        ));
    }
    let kinds: Vec<RegionKind> = data
        .kinds
        .into_iter()
        .map(|k| RegionKind {
            name: k.name,
            exclusive: k.exclusive,
        })
        .collect();
    let coords = match form {
        Form::Offset => Coords::Offset(map.properties().offset_kind),
        Form::Cube => Coords::Cube,
    };
    let regions = match data.list {
        RegionList::Offset(l) => convert(&map, data.version, coords, l)?,
        RegionList::Cube(l) => convert(&map, data.version, coords, l)?,
    };
    let built = Regions::build(&map, kinds, regions).map_err(|e| bad("cells.regions", e))?;
    map.set_regions(built)
        .map_err(|e| bad("cells.regions", e))?;
    Ok((map, form))
}

/// Each file region as a map region, hexes read in the form's coordinates.
fn convert<H: FormHex>(
    map: &HexMap,
    version: u64,
    coords: Coords,
    list: Vec<FileRegion<H>>,
) -> Result<Vec<Region>, FormatError> {
    let mut out = Vec::with_capacity(list.len());
    for (i, r) in list.into_iter().enumerate() {
        let at = format!("entry {i} (id {})", r.id);
        if r.key.is_some() && version < 5 {
            return Err(bad(
                "cells.regions",
                format!(
                    "{at}: a region's key entry needs format version 5 (this file says \
                     version {version})"
                ),
            ));
        }
        let color: Rgb = r
            .color
            .parse()
            .map_err(|e| bad("cells.regions", format!("{at}: {e}")))?;
        let border: BorderStyle = r
            .border
            .parse()
            .map_err(|e| bad("cells.regions", format!("{at}: {e}")))?;
        let mut hexes = BTreeSet::new();
        for (j, h) in r.hexes.into_iter().enumerate() {
            let (h, cell) = h
                .hex(coords)
                .map_err(|(cell, m)| bad("cells.regions", format!("{at}, hex {j}, {cell}: {m}")))?;
            if !map.contains(h) {
                return Err(bad(
                    "cells.regions",
                    format!(
                        "{at}, hex {j}, {cell}: not a cell of the map (remove it from the region)"
                    ),
                ));
            }
            hexes.insert(h);
        }
        out.push(Region {
            id: RegionId(r.id),
            look: RegionLook {
                name: r.name,
                kind: r.kind,
                color,
                border,
                tint: r.tint,
                label: r.label,
                gm_only: r.gm_only,
                key: r.key.map(Into::into),
            },
            hexes,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use crate::{Form, from_str, to_string};
    use hexmap_hex::{Hex, Orientation};
    use hexmap_map::{
        BorderStyle, Document, Edit, HexMap, MapShape, Region, RegionEdit, RegionId, RegionKind,
        RegionLook, Rgb,
    };

    fn map_with_regions() -> HexMap {
        let map = hexmap_map::testing::map_on(
            Orientation::Flat,
            MapShape::rectangle(hexmap_hex::OffsetKind::OddQ, 6, 5).unwrap(),
        );
        let mut d = Document::new(map);
        for (name, exclusive) in [("Political", true), ("Climate", false)] {
            d.apply(&Edit::Region(RegionEdit::AddKind(RegionKind {
                name: name.into(),
                exclusive,
            })))
            .unwrap();
        }
        let region = |id, name: &str, kind: &str, tint, hexes: &[(i32, i32)]| Region {
            id: RegionId(id),
            look: RegionLook {
                name: name.into(),
                kind: kind.into(),
                color: Rgb([180, 30, 60]),
                border: BorderStyle::Dotted,
                tint,
                label: id != 7,
                gm_only: false,
                key: None,
            },
            hexes: hexes.iter().map(|&(q, r)| Hex::new(q, r)).collect(),
        };
        let regions = [
            region(
                3,
                "Kingdom \"of\" Ard",
                "Political",
                None,
                &[(0, 0), (1, 0), (1, 1)],
            ),
            region(7, "Frost", "Climate", Some(0.3), &[(1, 0), (2, 0)]),
        ];
        for r in regions {
            d.apply(&Edit::Region(RegionEdit::Add(r))).unwrap();
        }
        d.into_map()
    }

    #[test]
    fn regions_round_trip_in_both_forms() {
        let map = map_with_regions();
        for form in [Form::Offset, Form::Cube] {
            let text = to_string(&map, form);
            assert!(text.contains("region_kinds: ["), "{text}");
            assert!(
                text.contains("border: \"dotted\", tint: Some(0.3)"),
                "{text}"
            );
            let (back, f) = from_str(&text).unwrap();
            assert_eq!(f, form);
            assert_eq!(back.regions(), map.regions(), "{text}");
        }
    }

    #[test]
    fn a_map_without_regions_writes_no_region_fields() {
        let map = hexmap_map::testing::hexagon_map(1, Orientation::Pointy);
        for form in [Form::Offset, Form::Cube] {
            let text = to_string(&map, form);
            assert!(!text.contains("region"), "{text}");
        }
    }

    #[test]
    fn bad_regions_are_named_errors() {
        let text = to_string(&map_with_regions(), Form::Cube);
        let cases = [
            (
                text.replace("kind: \"Climate\"", "kind: \"Weather\""),
                "field cells.regions: region 7: unknown kind \"Weather\" (add the kind to region_kinds first)",
            ),
            (
                text.replace("(id: 7,", "(id: 3,"),
                "field cells.regions: region id 3 is already in use",
            ),
            (
                text.replace(
                    &format!("version: {},", crate::FORMAT_VERSION),
                    "version: 3,",
                ),
                "field region_kinds: named regions need format version 4 (this file says version 3)",
            ),
            (
                text.replace("(1, 0, -1), (2, 0, -2),", "(1, 0, -1), (40, 0, -40),"),
                "field cells.regions: entry 1 (id 7), hex 1, cell (40, 0, -40): not a cell of the map (remove it from the region)",
            ),
            (
                text.replace("border: \"dotted\"", "border: \"wavy\""),
                "field cells.regions: entry 0 (id 3): unknown border style \"wavy\" (expected solid, dashed or dotted)",
            ),
        ];
        for (bad, expected) in cases {
            assert_ne!(bad, text, "the case must change the file: {expected}");
            let err = from_str(&bad).unwrap_err().to_string();
            assert_eq!(err, expected);
        }
    }
}
