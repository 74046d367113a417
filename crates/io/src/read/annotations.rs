//! Reading the icons and labels of a version-2 file: each entry checked with
//! the map's own validation, the error naming the list, the entry and its hex or id.

use super::super::error::{CellRef, FormatError};
use super::super::model::{FileIcon, FileLabel};
use super::Counted;
use super::features::{Coords, FormHex};
use hexmap_hex::{Hex, Point};
use hexmap_map::annotations::{MAX_LABELS, validate_icons};
use hexmap_map::annotations::{PlacedIcon, complete_ids};
use hexmap_map::{Icon, IconSource, Label, LabelId, MapError, Rgb};

fn bad(
    list: &str,
    index: usize,
    what: &dyn std::fmt::Display,
    message: impl std::fmt::Display,
) -> FormatError {
    FormatError::Field {
        field: format!("cells.{list}"),
        message: format!("entry {index}, {what}: {message}"),
    }
}

/// Read `icons`: each entry an optional id (version 3), a hex (the form's tuple), the
/// icon's name and its options. Entries on one hex keep their order. An entry without an id
/// (an older file) gets the next number after the highest id in the list, in file order.
pub(super) fn read_icons<H: FormHex>(
    map: &mut hexmap_map::HexMap,
    version: u64,
    coords: Coords,
    icons: Counted<'_>,
) -> Result<(), FormatError> {
    let mut read: Vec<(Hex, CellRef, Option<u32>, Icon)> = Vec::new();
    icons.list.for_each(|index, entry: FileIcon<H>| {
        let (h, cell) = entry
            .at
            .hex(coords)
            .map_err(|(cell, message)| bad("icons", index, &cell, message))?;
        let fail = |message: String| bad("icons", index, &cell, message);
        if !map.contains(h) {
            return Err(fail("outside the map's shape".into()));
        }
        if entry.key.is_some() && version < 5 {
            return Err(fail(format!(
                "an icon's key entry needs format version 5 (this file says version {version})"
            )));
        }
        let icon = Icon {
            gm_only: entry.gm_only,
            source: IconSource::from_file_text(&entry.icon).map_err(|e| fail(e.to_string()))?,
            caption: entry.caption,
            scale: entry.scale,
            color: entry
                .color
                .map(|c| c.parse::<Rgb>())
                .transpose()
                .map_err(fail)?,
            key: entry.key.map(Into::into),
        };
        read.push((h, cell, entry.id, icon));
        Ok(())
    })?;
    let listed: Vec<Option<u32>> = read.iter().map(|r| r.2).collect();
    let ids = complete_ids(&listed);
    for (index, ((h, cell, _, icon), id)) in read.into_iter().zip(ids).enumerate() {
        let fail = |message: String| bad("icons", index, &cell, message);
        let mut list = map.icons_at(h).to_vec();
        list.push(PlacedIcon { id, icon });
        validate_icons(&list).map_err(|e| fail(e.to_string()))?;
        map.set_placed_icons(h, list)
            .map_err(|e| fail(e.to_string()))?;
    }
    Ok(())
}

/// Read `labels`: each entry an id, text, world position, size, rotation and style.
pub(super) fn read_labels(
    map: &mut hexmap_map::HexMap,
    version: u64,
    labels: Counted<'_>,
) -> Result<(), FormatError> {
    if labels.len > MAX_LABELS {
        return Err(FormatError::Field {
            field: "cells.labels".into(),
            message: format!("{} labels, over the limit of {MAX_LABELS}", labels.len),
        });
    }
    labels.list.for_each(|index, entry: FileLabel| {
        let what = format!("id {}", entry.id);
        let fail = |message: String| bad("labels", index, &what, message);
        if !entry.path.is_empty() && version < 5 {
            return Err(fail(format!(
                "a label along a path needs format version 5 (this file says version {version})"
            )));
        }
        let label = Label {
            gm_only: entry.gm_only,
            text: entry.text,
            at: Point::new(entry.x, entry.y),
            size: entry.size,
            rotation: entry.rotation,
            color: entry.color.parse::<Rgb>().map_err(fail)?,
            bold: entry.bold,
            italic: entry.italic,
            halo: entry.halo,
            path: entry.path.iter().map(|&(x, y)| Point::new(x, y)).collect(),
        };
        map.add_label(LabelId(entry.id), label)
            .map_err(|e| match e {
                MapError::BadLabel { error, .. } => fail(error.to_string()),
                other => fail(other.to_string()),
            })?;
        Ok(())
    })?;
    Ok(())
}
